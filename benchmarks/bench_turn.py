"""Case `turn`: what a turn costs besides the model, at 10 to 10,000 stored messages.

A real :class:`AgentSession` on a :class:`SqliteStore` (temporary file) runs turns against an
instant scripted provider: each turn is a prompt, one tool round (a 2 KB search result) and a
closing reply, so it makes two requests. Everything else a turn does is timed: the focused view,
token estimation, the microcompact check and decision pass (its budget is small enough that it
runs on every request), the summary checkpoint (watermark and decision; the trigger is out of
reach so no summary call is made) and the SQLite save of the turn and its timeline record.

The stored history is seeded straight into the store (a turn shape of prompt, tool rounds with
0.2-20 KB results, reply), then the session is opened from it. The first turn after opening is
reported apart (``first turn``): microcompact analyses every message once per session. The
steady turns that follow are the per-turn overhead.

Peer, in the same run: what a LangChain app does per turn over the same history —
``trim_messages(count_tokens_approximately)`` and a JSON dump of the history written to a file
(``FileChatMessageHistory`` rewrites its file on every message).

Goals: under 10 ms per turn at 10,000 messages; growth no faster than linear (the ratio of the
per-turn cost at 10,000 to that at 1,000 against the 10x growth of the history).

Run alone: ``python -m benchmarks.bench_turn``.
"""

from __future__ import annotations

import asyncio
import gc
import json
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from benchmarks._report import print_case
from benchmarks._workload import SYSTEM_PROMPT, registry, seeded_history, to_langchain
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.context import ContextSlot
from nbagent.agent.session import AgentSession
from nbagent.agent.store import SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.compact import CompactConfig
from nbagent.llm.events import StreamEvent
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    TextBlock,
    ToolResultMessage,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import stream_events
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason

SIZES = (10, 100, 1_000, 10_000)
TURNS = 30
SESSION_ID = "bench-turn"
COMPACT = CompactConfig(context_window=16_000, reserved_tokens=4_000, keep_recent=6)
"""A 12,000-token budget: the focused tail outgrows it after a dozen turns, a whole history of
100 messages or more is always over it, so the decision pass runs on most requests."""
SUMMARY = SummaryConfig(max_context_tokens=16_000, trigger_token_ratio=1.0)
"""The session's one window: the checkpoint runs (watermark, decision) but never calls the
model, since microcompact holds every request under its 12,000-token budget, below the line."""


class InstantProvider:
    """Answers at once: a search call to a user prompt, a short reply to the tool result."""

    name = "instant"
    model = "instant"

    def __init__(self) -> None:
        self.calls = 0
        self.seconds = 0.0

    async def chat(self, request: MessageRequest) -> MessageResponse:
        started = time.perf_counter()
        self.calls += 1
        if isinstance(request.messages[-1], ToolResultMessage):
            message = AssistantMessage(content=[TextBlock(text="Done: doc-12345 is the one.")])
            stop = StopReason.END_TURN
        else:
            use = ToolUseBlock(
                id=f"instant_{self.calls:07d}",
                name="search",
                input={"query": "kv cache", "limit": 8},
            )
            message = AssistantMessage(content=[TextBlock(text="Searching."), use])
            stop = StopReason.TOOL_USE
        response = MessageResponse(
            message=message, stop_reason=stop, usage=Usage(input_tokens=1_000, output_tokens=20)
        )
        self.seconds += time.perf_counter() - started
        return response

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        for event in stream_events(await self.chat(request)):
            yield event


SUMMARY_TEXT = (
    "The user is surveying caching and retrieval techniques for an agent runtime. Confirmed: "
    "doc-12345 (Hopper, 2021-03-04) reports a 3.2x speed-up of kv cache reuse; the sqlite wal "
    "table holds 1,204 rows in eu-3. Decided: keep the tokenizer heuristic. Open: compare the "
    "vector search papers by Liskov and Knuth, and update ticket T-118 with the result. "
) * 3
VIEWS = {
    "focused": "summary covers the stored history; the tail since it is sent",
    "whole": "no summary yet: the whole stored history is sent",
}


async def seed_store(path: Path, history: list[AnyMessage], view: str = "focused") -> None:
    """Write ``history`` as the main slot of a new SQLite store at ``path`` (for ``"focused"``,
    with a summary covering all of it)."""
    store = SqliteStore(path)
    slot = ContextSlot("main", SESSION_ID, messages=history)
    if view != "whole":
        slot.set_summary(SUMMARY_TEXT, len(history))
    await slot.save(store)
    await store.close()


async def open_session(path: Path) -> tuple[AgentSession, InstantProvider]:
    """Open the seeded session at ``path`` with every context feature on."""
    provider = InstantProvider()
    bundle = (
        AgentBuilder()
        .provider(provider)
        .store(SqliteStore(path))
        .tool_registry(registry())
        .system_prompt(SYSTEM_PROMPT)
        .compact_config(COMPACT)
        .summary_config(SUMMARY)
        .build()
    )
    return await bundle.open_session(SESSION_ID), provider


async def time_turns(n: int, turns: int, directory: Path, view: str) -> dict[str, Any]:
    """Open a session over ``n`` stored messages and time ``turns`` turns after the first."""
    path = directory / f"turn-{view}-{n}.sqlite3"
    await seed_store(path, seeded_history(n), view)
    session, provider = await open_session(path)
    gc.collect()
    started = time.perf_counter()
    await session.submit_turn("Look into kv cache once more.")
    first = time.perf_counter() - started
    runs: list[float] = []
    provider_before = provider.seconds
    for i in range(turns):
        started = time.perf_counter()
        await session.submit_turn(f"Look into kv cache, angle {i}.")
        runs.append(time.perf_counter() - started)
    stored = len(session.slot)
    compacted = sum(1 for r in session.timeline if r.compaction)
    await session.bundle.store.close()
    if any(r.summary_fired for r in session.timeline):  # a model call would be timed too
        raise AssertionError(f"a summary fired in the {view} run over {n} messages")
    return {
        "view": view,
        "stored messages": n,
        "first turn ms": 1000 * first,
        "median ms/turn": 1000 * statistics.median(runs),
        "best ms/turn": 1000 * min(runs),
        "provider ms/turn": 1000 * (provider.seconds - provider_before) / turns,
        "turns timed": turns,
        "turns compacting": compacted,
        "stored at end": stored,
    }


def langchain_turn(n: int, turns: int, directory: Path) -> dict[str, Any]:
    """The peer: trim the same history and dump it to a JSON file, per turn."""
    from langchain_core.messages import messages_to_dict, trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    history = to_langchain(seeded_history(n))
    out = directory / f"langchain-{n}.json"

    def turn() -> None:
        trim_messages(
            history,
            max_tokens=COMPACT.budget,
            token_counter=count_tokens_approximately,
            strategy="last",
            start_on="human",
            include_system=True,
        )
        out.write_text(json.dumps(messages_to_dict(history)))

    turn()
    runs = []
    for _ in range(max(3, turns // 3)):
        started = time.perf_counter()
        turn()
        runs.append(time.perf_counter() - started)
    return {
        "stored messages": n,
        "median ms/turn": 1000 * statistics.median(runs),
        "best ms/turn": 1000 * min(runs),
    }


def measure(sizes: tuple[int, ...] = SIZES, turns: int = TURNS) -> dict[str, list[dict[str, Any]]]:
    """One table per view, each row with the LangChain peer at the same size."""
    tables: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="nbagent-bench-turn-") as tmp:
        directory = Path(tmp)
        peer = {n: langchain_turn(n, turns, directory) for n in sizes}
        for view in VIEWS:
            rows = [asyncio.run(time_turns(n, turns, directory, view)) for n in sizes]
            for row in rows:
                lc = peer[row["stored messages"]]
                row["langchain ms/turn"] = lc["median ms/turn"]
                row["langchain ÷ nbagent"] = lc["median ms/turn"] / row["median ms/turn"]
            tables[view] = rows
    return tables


def run() -> dict[str, Any]:
    tables = measure()
    focused = {r["stored messages"]: r for r in tables["focused"]}
    whole = {r["stored messages"]: r for r in tables["whole"]}
    at_10k = focused[10_000]["median ms/turn"]
    growth = {
        view: rows[10_000]["median ms/turn"] / rows[1_000]["median ms/turn"]
        for view, rows in (("focused", focused), ("whole", whole))
    }
    return {
        "case": "turn",
        "tables": {
            f"per-turn overhead, {view} view ({VIEWS[view]})": rows for view, rows in tables.items()
        },
        "goals": [
            {
                "goal": "under 10 ms per turn at 10,000 stored messages (focused view)",
                "measured": f"{at_10k:.2f} ms median",
                "met": at_10k < 10,
            },
            *(
                {
                    "goal": f"growth no faster than linear, {view} view (10k / 1k cost <= 10)",
                    "measured": f"{ratio:.2f}x for 10x the messages",
                    "met": ratio <= 10,
                }
                for view, ratio in growth.items()
            ),
        ],
    }


if __name__ == "__main__":
    print_case(run())
