"""Case `import`: what ``import nbagent`` costs a fresh interpreter, against what it stands on.

Each import runs in a new ``python -c`` process (a module imported once is imported for good),
alternating between the cases so that machine noise hits each alike; the best of the rounds
counts, as for every time in these benchmarks. The peer is the floor no version of nbagent can
go under: httpx, httpx-sse and pydantic, the three libraries every nbagent module rests on.
``python -X importtime`` names the slowest of nbagent's own modules.

Goal (issue 22): ``import nbagent`` within 0.8 s on this machine, reported beside its ratio to
the floor: the import's own time, a fresh interpreter's less python's start (``python -c pass``,
measured in the same rounds).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks._report import print_case

GOAL_SECONDS = 0.8
ROUNDS = 7
ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "nbagent": "import nbagent",
    "httpx + httpx-sse + pydantic": "import httpx, httpx_sse, pydantic",
    "python alone": "pass",
}


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(ROOT)  # this tree's nbagent
    return env


def _seconds(code: str, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)
    return time.perf_counter() - started


def slowest_modules(count: int = 5) -> list[dict[str, Any]]:
    """nbagent's own modules by their own import time (``-X importtime``'s "self" column)."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import nbagent"],
        check=True,
        capture_output=True,
        text=True,
        env=_environment(),
        timeout=120,
    ).stderr
    rows = []
    for line in out.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        own, cumulative, name = (part.strip() for part in line[len("import time:") :].split("|"))
        if name.startswith("nbagent") and own.isdigit():
            ms = {"self ms": int(own) / 1000, "with imports ms": int(cumulative) / 1000}
            rows.append({"module": name, **ms})
    return sorted(rows, key=lambda row: -row["self ms"])[:count]


def measure(rounds: int = ROUNDS) -> dict[str, float]:
    """The best wall time of each case, in seconds, over ``rounds`` interleaved rounds."""
    env = _environment()
    best = {name: float("inf") for name in CASES}
    for _ in range(rounds):
        for name, code in CASES.items():
            best[name] = min(best[name], _seconds(code, env))
    return best


def run() -> dict[str, Any]:
    best = measure()
    python = best["python alone"]
    floor = best["httpx + httpx-sse + pydantic"]
    ours = best["nbagent"]
    rows = [
        {
            "import": name,
            "best s": round(seconds, 3),
            "beyond python s": round(seconds - python, 3),
            "x floor": round((seconds - python) / max(floor - python, 1e-9), 2),
        }
        for name, seconds in best.items()
    ]
    return {
        "case": "import",
        "tables": {
            f"a fresh interpreter, best of {ROUNDS}": rows,
            "nbagent's slowest modules (-X importtime, own time)": slowest_modules(),
        },
        "goals": [
            {
                "goal": f"import nbagent <= {GOAL_SECONDS} s beyond python's start",
                "measured": f"{ours:.3f} s in a fresh interpreter ({ours - python:.3f} s beyond "
                f"python's start; {(ours - python) / max(floor - python, 1e-9):.2f}x the "
                f"{floor - python:.3f} s of httpx + httpx-sse + pydantic)",
                "met": ours - python <= GOAL_SECONDS,
            }
        ],
    }


if __name__ == "__main__":
    print_case(run())
