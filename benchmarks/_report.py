"""Shared helpers: timing, and printing a case's rows as a table."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best wall time in seconds of ``number`` calls, over ``repeat`` rounds (min filters noise)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    if not rows:
        return "(no rows)"
    columns = list(dict.fromkeys(key for row in rows for key in row))
    cells = [[_cell(row.get(col, "")) for col in columns] for row in rows]
    widths = [max(len(col), *(len(r[i]) for r in cells)) for i, col in enumerate(columns)]
    lines = ["  ".join(col.ljust(w) for col, w in zip(columns, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in cells]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 100 else f"{value:,.0f}"
    return str(value)


def print_case(result: dict[str, Any]) -> None:
    print(f"\n== {result['case']} ==")
    for title, rows in result.get("tables", {}).items():
        print(f"\n{title}\n{format_table(rows)}")
    for goal in result.get("goals", []):
        mark = "MET " if goal["met"] else "MISS"
        print(f"[{mark}] {goal['goal']}: {goal['measured']}")


async def interleaved_best(
    cases: Sequence[tuple[str, Callable[[], Awaitable[int]]]], rounds: int
) -> dict[str, tuple[float, int]]:
    """Best (seconds, items) of each async case after one warm-up call each.

    Rounds interleave the cases so that machine noise hits every side alike.
    """
    for _, warm in cases:
        await warm()
    results: dict[str, tuple[float, int]] = {}
    for _ in range(rounds):
        for name, fn in cases:
            started = time.perf_counter()
            count = await fn()
            seconds = time.perf_counter() - started
            if name not in results or seconds < results[name][0]:
                results[name] = (seconds, count)
    return results


def stream_comparison(
    results: dict[str, tuple[float, int]], *, sdk: str, total: int, rate_column: str
) -> tuple[list[dict[str, Any]], float, float, list[dict[str, Any]]]:
    """Rows, the two SDK-time / nbagent-time ratios and their goals for one wire format.

    ``results`` holds ``nbagent events``, ``nbagent final message``, ``<sdk> SDK events`` and
    ``<sdk> SDK final message`` as (seconds, items) pairs.
    """
    rows = [
        {"decoder": name, "ms per stream": 1000 * s, rate_column: total / s, "items out": n}
        for name, (s, n) in results.items()
    ]
    ratios = {
        what: results[f"{sdk} SDK {what}"][0] / results[f"nbagent {what}"][0]
        for what in ("events", "final message")
    }
    goals = [
        {
            "goal": f"{sdk} {what}: nbagent >= {sdk} SDK speed",
            "measured": f"{ratio:.2f}x",
            "met": ratio >= 1.0,
        }
        for what, ratio in ratios.items()
    ]
    return rows, ratios["events"], ratios["final message"], goals
