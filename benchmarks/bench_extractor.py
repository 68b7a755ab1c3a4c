"""Case `extractor`: the fact extractor's time per 100 KB of tool output and prose, against a
plain scan of the same text and against the extractor with every pass run (no gates).

Each shape is 100 KB built without randomness: numbers, CSV, floats, a JSON listing, a log,
prose, hex, base64-like text, snake-case words, bare digits, and the repeated pieces that made
the old number-then-unit pattern quadratic. The plain scan is ``re.findall(r"\\d+")`` and
``re.findall(r"\\w+")``: the least any extractor reading digits and words does.

Goal (issue 24 item 12): at most 50 ms per 100 KB on every shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from benchmarks._report import best_of, print_case
from nbagent.llm import facts
from nbagent.llm.facts import _extract

SIZE = 100_000
GOAL_MS = 50.0


def _fill(make: Callable[[int], str]) -> str:
    parts: list[str] = []
    size = i = 0
    while size < SIZE:
        part = make(i)
        parts.append(part)
        size += len(part)
        i += 1
    return "".join(parts)[:SIZE]


def _n(i: int, mod: int) -> int:
    return (i * 2_654_435_761 + 12_345) % mod  # a fixed scramble, the same on every run


SHAPES: dict[str, Callable[[], str]] = {
    "3-digit numbers": lambda: _fill(lambda i: f"{100 + _n(i, 900)} "),
    "csv": lambda: _fill(lambda i: ",".join(str(_n(i * 8 + k, 99_999)) for k in range(8)) + "\n"),
    "floats": lambda: _fill(lambda i: f"0.{_n(i, 10_000):04d} "),
    "json listing": lambda: (
        "["
        + _fill(
            lambda i: (
                f'{{"id": {i}, "name": "item_{i}", "price": {_n(i, 10_000) / 100:.2f}, '
                f'"ts": "2026-01-{i % 28 + 1:02d}T10:{i % 60:02d}:00Z"}}, '
            )
        )
    ),
    "log": lambda: _fill(
        lambda i: (
            f"2026-12-02 20:{i % 60:02d}:{i % 60:02d},123 INFO worker-{i % 8} GET "
            f"/api/v1/items/{i} took {_n(i, 10_000) / 100:.2f} ms status=200 sha=a7f03d2{i % 10}\n"
        )
    ),
    "prose": lambda: _fill(
        lambda i: (
            "The quick brown fox met Anna Schmidt at the Hotel Adlon on Monday. "
            f"She paid {_n(i, 900)} EUR and left at 15:{i % 60:02d}. "
        )
    ),
    "hex": lambda: _fill(lambda i: f"{_n(i, 2**32):08x}"),
    "base64-like": lambda: _fill(
        lambda i: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[_n(i, 64)]
    ),
    "snake-case words": lambda: _fill(
        lambda i: ["alpha ", "Beta ", "GAMMA_X ", "d_e ", "x1 ", "seat ", "room ", "v1.2 ", "a/b "][
            _n(i, 9)
        ]
    ),
    "bare digits": lambda: _fill(lambda i: str(_n(i, 10))),
    "abusive pieces": lambda: _fill(
        lambda i: [
            "123 ",
            "1 234,",
            "12,5",
            "3.4.",
            "14. ",
            "€1 ",
            "1 EUR",
            "VLDB 2026 ",
            "seat 1",
            "+4",
            "(5",
        ][_n(i, 11)]
    ),
}


def _ms(fn: Callable[[], object]) -> float:
    return best_of(fn, repeat=5) * 1000


def run() -> dict[str, Any]:
    ungated = tuple(p._replace(gates=()) for p in facts._PATTERNS)
    gated = facts._PATTERNS
    rows = []
    for name, make in SHAPES.items():
        text = make()
        plain = _ms(lambda: (re.findall(r"\d+", text), re.findall(r"\w+", text)))  # noqa: B023
        ours = _ms(lambda: _extract(text))  # noqa: B023
        facts._PATTERNS = ungated
        try:
            every_pass = _ms(lambda: _extract(text))  # noqa: B023
        finally:
            facts._PATTERNS = gated
        rows.append(
            {
                "shape (100 KB)": name,
                "plain scan ms": round(plain, 1),
                "every pass ms": round(every_pass, 1),
                "nbagent ms": round(ours, 1),
                "x plain": round(ours / plain, 1),
                "facts": len(_extract(text)),
            }
        )
    worst = max(rows, key=lambda row: row["nbagent ms"])
    return {
        "case": "extractor",
        "rows": rows,
        "tables": {"fact extraction, best of 5": rows},
        "goals": [
            {
                "goal": f"extraction <= {GOAL_MS:.0f} ms per 100 KB on every shape",
                "measured": f"worst {worst['nbagent ms']} ms ({worst['shape (100 KB)']}); "
                f"every pass run: {max(r['every pass ms'] for r in rows)} ms",
                "met": worst["nbagent ms"] <= GOAL_MS,
            }
        ],
    }


if __name__ == "__main__":
    print_case(run())
