"""Case `memory`: peak RSS of a long session against the size of its JSON.

A history of 1,000 and of 10,000 messages (the turn shape of the `turn` case: 0.2-20 KB tool
results) is seeded into a SQLite store. A fresh Python process per measurement then imports
nbagent, notes its RSS, opens the session from the store, runs 10 turns with every context
feature on (the `turn` case's instant provider and settings), and reports its peak RSS
(``VmHWM``): the session's memory is the peak less the RSS after imports. A second process
does the same under ``tracemalloc`` for the Python heap alone (allocations, not pages).

Two views: ``focused`` (a summary covers the stored history; the view is its tail) and
``whole`` (no summary: every turn microcompacts and sends the whole history).

The JSON size is the stored messages' JSON text, in bytes, as SQLite holds it.

Run alone: ``python -m benchmarks.bench_memory``.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sqlite3
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

from benchmarks._report import print_case
from benchmarks._workload import seeded_history
from benchmarks.bench_turn import open_session, seed_store

SIZES = (1_000, 10_000)
VIEWS = ("focused", "whole")
TURNS = 10
MB = 1024 * 1024


def current_rss() -> int:
    """Resident bytes now (Linux ``/proc``; elsewhere the peak so far)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return peak_rss()
    return pages * resource.getpagesize()


def peak_rss() -> int:
    """The process's peak resident bytes.

    Linux: ``VmHWM``, the high-water mark of this program's memory, which starts afresh at
    ``exec`` (``ru_maxrss`` does not: a child forked from a big parent starts at the parent's
    size). Elsewhere ``ru_maxrss`` (bytes on macOS).
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def json_bytes(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT SUM(LENGTH(CAST(data AS BLOB))) FROM messages").fetchone()
    return int(row[0] or 0)


def child(path: Path, turns: int, trace: bool) -> dict[str, Any]:
    """In a fresh process: open the session at ``path``, run ``turns`` turns, report memory."""
    baseline = current_rss()
    if trace:
        tracemalloc.start()

    async def go() -> tuple[int, int]:
        session, _ = await open_session(path)
        loaded = current_rss()
        for i in range(turns):
            await session.submit_turn(f"Look into kv cache, angle {i}.")
        stored = len(session.slot)
        await session.bundle.store.close()
        return loaded, stored

    loaded, stored = asyncio.run(go())
    after = current_rss()
    result = {
        "baseline": baseline,
        "loaded": loaded,
        "peak": max(peak_rss(), loaded, after),
        "after": after,
        "stored": stored,
    }
    if trace:
        result["traced_peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return result


def _spawn(path: Path, turns: int, trace: bool) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.bench_memory", "--child", str(path), str(turns)]
    if trace:
        command.append("--trace")
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(
    sizes: tuple[int, ...] = SIZES, views: tuple[str, ...] = VIEWS, turns: int = TURNS
) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="nbagent-bench-memory-") as tmp:
        for n in sizes:
            history = seeded_history(n)
            for view in views:
                path = Path(tmp) / f"memory-{view}-{n}.sqlite3"
                asyncio.run(seed_store(path, history, view))
                size = json_bytes(path)
                rss = _spawn(path, turns, trace=False)
                traced = _spawn(path, turns, trace=True)
                session = rss["peak"] - rss["baseline"]
                rows.append(
                    {
                        "view": view,
                        "stored messages": n,
                        "JSON MB": size / MB,
                        "RSS after imports MB": rss["baseline"] / MB,
                        "loaded MB": (rss["loaded"] - rss["baseline"]) / MB,
                        "peak MB": session / MB,
                        "after turns MB": (rss["after"] - rss["baseline"]) / MB,
                        "peak ÷ JSON": session / size,
                        "heap peak MB (tracemalloc)": traced["traced_peak"] / MB,
                        "heap ÷ JSON": traced["traced_peak"] / size,
                        "turns": turns,
                    }
                )
    return rows


def run() -> dict[str, Any]:
    rows = measure()
    worst = max(rows, key=lambda r: r["peak ÷ JSON"])
    return {
        "case": "memory",
        "tables": {
            "session memory above the RSS after imports, per fresh process "
            f"(open + {TURNS} turns)": rows
        },
        "goals": [],
        "summary": (
            f"worst peak {worst['peak MB']:.1f} MB for {worst['JSON MB']:.1f} MB of JSON "
            f"({worst['peak ÷ JSON']:.2f}x, {worst['view']} view, "
            f"{worst['stored messages']:,} messages)"
        ),
    }


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(child(Path(sys.argv[2]), int(sys.argv[3]), "--trace" in sys.argv)))
    else:
        print_case(run())
