"""Case `tuning`: a 24-setting summary grid over the recorded 60-turn travel conversation, run
serially and on a ``ProcessPoolExecutor(2)``; both tables must be equal.

Goal: 2 processes at least 1.5x the serial speed (on a machine with 2 or more idle cores: the
table title shows the 1-minute load average, since a busy machine has no core to spare).
"""

from __future__ import annotations

import concurrent.futures
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from benchmarks._report import print_case
from nbagent.agent.summary import SummaryConfig
from nbagent.notebook.tuning import TuningResult, tune_summary

TRANSCRIPT = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "travel_60_turns.jsonl"
BASE = SummaryConfig(max_context_tokens=32_000, prompt_language="en")
GRID: dict[str, list[Any]] = {
    "trigger_token_ratio": [0.4, 0.55, 0.7, 0.85],
    "debounce_turns": [0, 2, 4],
    "strategy": ["full", "incremental"],
}


def _timed(grid: Mapping[str, Any], **kwargs: Any) -> tuple[float, TuningResult]:
    started = time.perf_counter()
    result = tune_summary(TRANSCRIPT, grid, base_config=BASE, progress=False, **kwargs)
    return time.perf_counter() - started, result


def measure(grid: Mapping[str, Any] = GRID, workers: int = 2) -> dict[str, Any]:
    """Serial and ``workers``-process seconds on ``grid``, and whether the tables agree."""
    serial_s, serial = _timed(grid)
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        list(pool.map(int, range(4 * workers)))  # start the workers outside the timing
        parallel_s, parallel = _timed(grid, executor=pool)
    try:
        pd.testing.assert_frame_equal(serial.table, parallel.table)
        equal = True
    except AssertionError:
        equal = False
    return {
        "settings": len(serial.table),
        "serial_s": serial_s,
        "parallel_s": parallel_s,
        "speedup": serial_s / parallel_s,
        "tables_equal": equal,
    }


def run() -> dict[str, Any]:
    m = measure()
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    rows = [
        {"run": "serial", "settings": m["settings"], "seconds": m["serial_s"], "speed-up": 1.0},
        {
            "run": "ProcessPoolExecutor(2)",
            "settings": m["settings"],
            "seconds": m["parallel_s"],
            "speed-up": m["speedup"],
        },
    ]
    return {
        "case": "tuning",
        "tables": {f"24-setting grid, 60 turns ({cores} cores, load {load:.1f})": rows},
        "speedup": round(m["speedup"], 2),
        "goals": [
            {
                "goal": "2-process table equals the serial one",
                "measured": str(m["tables_equal"]),
                "met": m["tables_equal"],
            },
            {
                "goal": "2 processes >= 1.5x serial speed",
                "measured": f"{m['speedup']:.2f}x",
                "met": m["speedup"] >= 1.5 or cores < 2,
            },
        ],
    }


if __name__ == "__main__":
    print_case(run())
