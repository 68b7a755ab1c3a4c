"""Benchmark: token estimation + one microcompact decision pass vs LangChain ``trim_messages``.

Histories of 100, 1,000 and 10,000 messages shaped like agent sessions: every turn is a user
prompt, two tool calls with their results and a closing reply, so a third of the messages are tool
results of 0.2-20 KB (log-uniform): search results as JSON arrays, file reads, SQL-style tables and
action confirmations. The RNG is seeded, so every run times the same histories.

Timed, per size (milliseconds; ``*_ms`` is the fastest of several runs, ``*_median_ms`` the
median, which on a busy machine carries its noise):

- ``cold``: fresh messages and a fresh :class:`CompactState`: every message is estimated with the
  default script-aware estimator, analysed and decided (the first run of a session over a history
  it has never seen).
- ``cold_chars4``: the same with a ``len / 4`` estimator, the rule LangChain's
  ``count_tokens_approximately`` uses, to compare the passes on equal estimation work.
- ``warm``: the same history again with the same state: estimates, analyses and decisions are
  cached, as between the tool rounds of one turn.
- ``next_turn``: the state warm, the history one new user prompt longer each run: every result
  ages by a turn, as at the start of each turn of a running session.
- ``langchain``: ``trim_messages(..., token_counter=count_tokens_approximately, strategy="last",
  start_on="human", include_system=True)`` on the equivalent LangChain messages (converted once,
  outside the timing). LangChain caches nothing, so each of its calls is a cold call.

The garbage collector is paused inside each timed run (as ``timeit`` does), for both sides.

Run alone: ``python -m benchmarks.bench_compact``.
"""

from __future__ import annotations

import gc
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks._report import print_case
from benchmarks._workload import to_langchain
from nbagent.llm.compact import CompactConfig, CompactState, plan_compaction
from nbagent.llm.messages import AnyMessage, Message, TextBlock, ToolUseBlock
from nbagent.llm.request import ResultSemantic, ToolDefinition

SIZES = (100, 1_000, 10_000)
SEED = 20240622
CONFIG = CompactConfig(context_window=128_000, reserved_tokens=8_000, keep_recent=6)
TOOLS = [
    ToolDefinition(name="search", result_semantic=ResultSemantic.FACTUAL),
    ToolDefinition(name="query_db", result_semantic=ResultSemantic.FACTUAL),
    ToolDefinition(name="read_file", result_semantic=ResultSemantic.MIXED),
    ToolDefinition(name="send_email", result_semantic=ResultSemantic.ACTION),
]
_TOPICS = ["rust async", "vector search", "kv cache", "tokenizers", "jupyter widgets", "sqlite wal"]
_WORDS_TEXT = "the a of to and in data model result cache token query file index value time"
_WORD_LIST = _WORDS_TEXT.split()


class Chars4Estimator:
    """``ceil(len / 4)`` per text: the rule of LangChain's ``count_tokens_approximately``."""

    name = "chars/4"

    def count_text(self, text: str) -> int:
        return math.ceil(len(text) / 4)


def _size(rng: random.Random, low: int = 200, high: int = 20_000) -> int:
    return int(low * (high / low) ** rng.random())


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORD_LIST) for _ in range(words))


def _search(rng: random.Random, size: int) -> str:
    items: list[dict[str, Any]] = []
    text = "[]"
    while len(text) < size:
        n = rng.randrange(10_000, 99_999)
        items.append(
            {
                "id": f"doc-{n}",
                "title": f"{rng.choice(_TOPICS).title()} notes {n}",
                "url": f"https://example.org/papers/{n}",
                "snippet": _sentence(rng, 24),
                "score": round(rng.random(), 4),
            }
        )
        text = json.dumps(items)
    return text


def _file(rng: random.Random, size: int) -> str:
    lines: list[str] = []
    total = 0
    while total < size:
        line = f"    value_{rng.randrange(1000)} = compute({_sentence(rng, 6).replace(' ', ', ')})"
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines)


def _table(rng: random.Random, size: int) -> str:
    rows = ["id,name,region,amount,updated_at"]
    total = len(rows[0])
    while total < size:
        row = f"{rng.randrange(10**6)},{rng.choice(_WORD_LIST)},eu-{rng.randrange(9)},"
        row += f"{rng.random() * 1000:.2f},2024-06-{rng.randrange(1, 29):02d}"
        rows.append(row)
        total += len(row) + 1
    return "\n".join(rows)


def _status(rng: random.Random, size: int) -> str:
    body = {"status": "ok", "id": f"msg-{rng.randrange(10**6)}", "detail": ""}
    body["detail"] = _sentence(rng, max(1, (size - 60) // 5))
    return json.dumps(body)


_KINDS: list[tuple[str, Callable[[random.Random, int], str], int, int]] = [
    ("search", _search, 200, 20_000),
    ("read_file", _file, 200, 20_000),
    ("query_db", _table, 200, 20_000),
    ("send_email", _status, 200, 1_000),
]


def history(n: int, seed: int = SEED) -> list[AnyMessage]:
    """A deterministic session of ``n`` messages: turns of prompt, 2 tool rounds and a reply."""
    rng = random.Random(seed)
    messages: list[AnyMessage] = [Message.system("You are a research assistant. Cite sources.")]
    call = 0
    while len(messages) < n:
        topic = rng.choice(_TOPICS)
        messages.append(Message.user(f"Look into {topic}: {_sentence(rng, rng.randint(5, 30))}"))
        quoted = ""
        for _ in range(2):
            name, make, low, high = rng.choice(_KINDS)
            call += 1
            call_id = f"call_{call:06d}"
            use = ToolUseBlock(id=call_id, name=name, input={"query": topic, "n": call % 7})
            messages.append(Message.assistant([TextBlock(text=f"Calling {name}."), use]))
            result = make(rng, _size(rng, low, high))
            messages.append(Message.tool_result(call_id, result, tool_name=name))
            quoted = quoted or result[40:90]
        messages.append(Message.assistant(f"Found it. {quoted} {_sentence(rng, 20)}"))
    return messages[:n]


def _stats(runs: list[float]) -> tuple[float, float]:
    """(min, median) in milliseconds: min is the cost, the gap to the median is the noise."""
    return round(min(runs) * 1000, 3), round(statistics.median(runs) * 1000, 3)


def _time(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    runs = []
    gc.collect()
    for _ in range(repeat):
        gc.disable()  # as timeit does: a collection would bill one run for the whole heap
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
        gc.enable()
    return _stats(runs)


def _time_cold(n: int, repeat: int, estimator: Any = None) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        fresh = history(n)  # new instances: nothing cached on them
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        plan_compaction(fresh, CONFIG, TOOLS, state=CompactState(), estimator=estimator)
        runs.append(time.perf_counter() - start)
        gc.enable()
    return _stats(runs)


def run() -> dict[str, Any]:
    """Time every size; returns ``{"sizes": {n: {...ms and ratios...}}, ...}``."""
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    results: dict[int, dict[str, Any]] = {}
    for n in SIZES:
        repeat = 10 if n >= 10_000 else 40
        messages = history(n)
        lc = to_langchain(messages)

        def trim(lc: list[Any] = lc) -> object:
            return trim_messages(
                lc,
                max_tokens=CONFIG.budget,
                token_counter=count_tokens_approximately,
                strategy="last",
                start_on="human",
                include_system=True,
            )

        trim()  # first call imports and warms LangChain's lazy paths
        state = CompactState()
        plan = plan_compaction(messages, CONFIG, TOOLS, state=state)
        grown = list(messages)

        def next_turn(grown: list[AnyMessage] = grown, state: CompactState = state) -> object:
            grown.append(Message.user("and now?"))
            return plan_compaction(grown, CONFIG, TOOLS, state=state)

        timings = {
            "cold": _time_cold(n, max(3, repeat // 4)),
            "cold_chars4": _time_cold(n, max(3, repeat // 4), Chars4Estimator()),
            "warm": _time(partial(plan_compaction, messages, CONFIG, TOOLS, state=state), repeat),
            "next_turn": _time(next_turn, repeat),
            "langchain": _time(trim, repeat),
        }
        row: dict[str, Any] = {
            "messages": n,
            "tool_results": sum(1 for m in messages if m.role == "tool"),
            "chars": sum(r.chars for r in plan.records),
            "tokens": plan.tokens_before,
            "freed_tokens": plan.freed_tokens,
        }
        for key, (best, median) in timings.items():
            row[f"{key}_ms"], row[f"{key}_median_ms"] = best, median
        for key in ("cold", "cold_chars4", "warm", "next_turn"):
            row[f"{key}_speedup"] = round(row["langchain_ms"] / row[f"{key}_ms"], 2)
        results[n] = row
    cols = ["messages", "tokens", "cold_ms", "cold_chars4_ms", "warm_ms", "next_turn_ms"]
    cols += ["langchain_ms", "cold_speedup", "warm_speedup", "next_turn_speedup"]
    largest = results[max(results)]
    steady = [(r["warm_speedup"], r["next_turn_speedup"]) for r in results.values()]
    return {
        "case": "compact",
        "sizes": results,
        "tables": {
            "estimation + one decision pass, ms (fastest of several runs; speedup = LangChain "
            "time / ours; cold = first pass over never-seen messages, warm = the same history "
            "again, next turn = one prompt more, as a session runs)": [
                {c: r[c] for c in cols} for r in results.values()
            ]
        },
        "goals": [
            {
                "goal": "next turn at 10,000 messages under 10 ms",
                "measured": f"{largest['next_turn_ms']:.2f} ms",
                "met": largest["next_turn_ms"] < 10,
            },
            {
                "goal": "warm and next turn faster than LangChain trim_messages at every size",
                "measured": ", ".join(f"{w}x/{t}x" for w, t in steady),
                "met": all(w > 1 and t > 1 for w, t in steady),
            },
            {
                "goal": "cold first pass faster than LangChain trim_messages at every size",
                "measured": ", ".join(f"{r['cold_speedup']}x" for r in results.values()),
                "met": all(r["cold_speedup"] > 1 for r in results.values()),
            },
        ],
    }


if __name__ == "__main__":
    print_case(run())
