"""Run benchmark cases and write ``benchmarks/results.json``.

``python -m benchmarks`` runs every case; ``python -m benchmarks estimator compact`` runs some.
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks._report import print_case

CASES = {
    "estimator": "benchmarks.bench_estimator",
    "sse": "benchmarks.bench_sse",
    "compact": "benchmarks.bench_compact",
    "turn": "benchmarks.bench_turn",
    "long_session": "benchmarks.bench_long_session",
    "memory": "benchmarks.bench_memory",
    "stores": "benchmarks.bench_stores",
    "tuning": "benchmarks.bench_tuning",
    "retention": "benchmarks.bench_retention",
    "cost": "benchmarks.bench_cost",
    "heldout": "benchmarks.bench_heldout",
    "conformance": "benchmarks.bench_conformance",
    "extractor": "benchmarks.bench_extractor",
    "import": "benchmarks.bench_import",
}


def main(argv: list[str]) -> int:
    names = argv or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"unknown case(s) {unknown}; choose from {sorted(CASES)}", file=sys.stderr)
        return 2
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "cases": {},
    }
    for name in names:
        module = importlib.import_module(CASES[name])
        started = time.perf_counter()
        result = module.run()
        result["seconds"] = round(time.perf_counter() - started, 2)
        results["cases"][name] = result
        print_case(result)
    out = Path(__file__).with_name("results.json")
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False, default=str))
    missed = [
        f"{name}: {g['goal']}"
        for name, r in results["cases"].items()
        for g in r.get("goals", [])
        if not g["met"]
    ]
    print(f"\nwrote {out}; goals missed: {missed or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
