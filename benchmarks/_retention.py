"""Retention in the benchmarks: one measure for every policy, and the policies no session has.

**The measure** is the session's own (``AgentConfig.track_retention``, ``FactKeeper``): after
each turn, the facts stated so far (:class:`~nbagent.agent.facts.FactBook`: user and assistant
messages, results of ``Action`` tools) and how many of them the turn's last request plus its
reply still show the model: a message that states the fact, or a text the request shows (the
summary, the system prompt) that contains it (:func:`~nbagent.agent.facts.found_in`). Sessions
fill their records themselves; :func:`views_retention` applies the same rule to requests that
are positions in a stored history (the baselines below).

**Keep last N + summary** is what LangChain's ``SummarizationMiddleware`` does (its
``max_tokens_before_summary`` / ``messages_to_keep`` mode, langchain 1.0): before every model
call, when the messages reach the trigger, summarise everything but the last N (the cut moved
back so no tool call is parted from its result), trimmed to the last 4,000 tokens starting at a
user message, and send that summary as a user message plus the last N. The previous summary is
one of the messages summarised next time, so facts survive only in prose. Summaries here come
from the same offline summariser as nbagent's, with the same prompt, so the policies differ in
what they keep, not in who writes.

**Transcripts** replay as tuning replays them, with the recorded tools declared (their
semantics read from the transcript's generator), so ``Action`` results count as facts and
microcompact knows them.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks._report import best_of
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.facts import FactBook, extract_facts, found_in, normalize
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig, request_summary
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.facts import message_text
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    text_of,
)
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider, Reply
from nbagent.llm.request import MessageRequest, ResultSemantic, ToolDefinition
from nbagent.llm.tokens import estimate_messages_tokens
from nbagent.llm.tools import ToolCallResult, ToolPool, ToolRegistry

KEEP_LAST = 20
"""LangChain's default ``messages_to_keep``."""
TRIM_TOKENS = 4_000
"""LangChain trims what it summarises to the last this many tokens."""
SUMMARY_PREFIX = "Here is a summary of the conversation to date:\n\n"


# -- the measure -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Retention:
    """Retention of one run: per turn, and summed up."""

    per_turn: list[tuple[int, int, int]]
    """(turn, facts stated, facts visible)."""
    first_summary: int | None
    """The turn of the first summary (``None``: the policy never summarised)."""

    def _after(self) -> list[float]:
        start = -1 if self.first_summary is None else self.first_summary
        return [v / s for t, s, v in self.per_turn if t > start and s]

    @property
    def minimum(self) -> float:
        """The least retention of the turns after the first summary (all turns without one)."""
        after = self._after()
        return min(after) if after else 1.0

    @property
    def final(self) -> float:
        _, stated, visible = self.per_turn[-1]
        return visible / stated if stated else 1.0

    @property
    def stated(self) -> int:
        return self.per_turn[-1][1]

    def row(self) -> dict[str, Any]:
        return {
            "facts stated": self.stated,
            "first summary": "-" if self.first_summary is None else self.first_summary,
            "retention min %": round(100 * self.minimum, 1),
            "retention final %": round(100 * self.final, 1),
        }


def timeline_retention(records: Sequence[TurnRecord]) -> Retention:
    """What a session with ``track_retention`` measured on each of its turns."""
    fired = [r.turn_index for r in records if r.summary_status is SummaryStatus.FIRED]
    per_turn = [(r.turn_index, r.facts_stated, r.facts_visible) for r in records]
    return Retention(per_turn, fired[0] if fired else None)


@dataclass(frozen=True)
class View:
    """One request that is positions in a stored history: ``stored[start:end]`` and a summary."""

    turn: int
    start: int
    end: int
    summary: str | None
    tokens: int


def turn_starts(stored: Sequence[AnyMessage]) -> list[int]:
    """Where each turn's prompt is in ``stored``."""
    return [i for i, m in enumerate(stored) if _opens_turn(m)]


def _opens_turn(message: AnyMessage) -> bool:
    return isinstance(message, UserMessage) and any(
        not isinstance(b, ToolResultBlock) for b in message.content
    )


def views_retention(
    stored: Sequence[AnyMessage],
    views: Sequence[View],
    actions: frozenset[str],
    shown: Sequence[str] = (),
) -> Retention:
    """The measure on each turn's last view plus the turn's reply (``shown``: the system
    prompt and other texts every request carries)."""
    starts = [*turn_starts(stored), len(stored)]
    last: dict[int, View] = {}
    for view in views:
        last[view.turn] = view
    book = FactBook()
    per_turn = []
    first_summary = None
    for turn, view in sorted(last.items()):
        end = starts[turn + 1]
        book.update(stored[:end], actions)
        texts = [*shown, *([view.summary] if view.summary else [])]
        haystack = "\x00".join(normalize(t) for t in texts)
        facts = book.facts()
        visible = sum(
            1
            for f in facts
            if found_in(f.key, haystack)
            or any(view.start <= i < end for i in book.statements(f.key))
        )
        per_turn.append((turn, len(facts), visible))
        if view.summary and first_summary is None:
            first_summary = turn
    return Retention(per_turn, first_summary)


# -- the baselines ---------------------------------------------------------------------------


def last_n(requests: Sequence[tuple[int, int]], keep: int, cost: Any) -> list[View]:
    """Each request of the unmanaged run cut to its last ``keep`` messages."""
    return [
        View(t, max(0, n - keep), n, None, cost(max(0, n - keep), n, None)) for t, n in requests
    ]


def _safe_cut(stored: Sequence[AnyMessage], start: int, cut: int) -> int:
    """``cut`` moved back until no tool call before it has its result after it."""
    while cut > start and isinstance(stored[cut], ToolResultMessage):
        cut -= 1
    return cut


def _trim_last(messages: list[AnyMessage], tokens: int) -> list[AnyMessage]:
    """The newest messages within ``tokens``, starting at a user message (LangChain's
    ``trim_messages(strategy="last", start_on="human")``, whole messages only)."""
    kept: list[AnyMessage] = []
    used = 0
    for message in reversed(messages):
        used += estimate_messages_tokens([message])
        if used > tokens:
            break
        kept.append(message)
    kept.reverse()
    while kept and not isinstance(kept[0], UserMessage):
        kept.pop(0)
    return kept


@dataclass
class SummaryPolicy:
    views: list[View]
    calls: int
    tokens: int


async def keep_last_with_summary(
    stored: Sequence[AnyMessage],
    requests: Sequence[tuple[int, int]],
    config: SummaryConfig,
    cost: Any,
    summariser: LlmProvider | None = None,
    keep: int = KEEP_LAST,
) -> SummaryPolicy:
    """LangChain's policy over the requests ``(turn, end)`` of an unmanaged run (see the module
    docstring); ``cost(start, end, summary)`` estimates a view's input tokens."""
    provider = summariser or OfflineProvider()
    start, summary, calls, spent = 0, None, 0, 0
    views = []
    for turn, end in requests:
        if cost(start, end, summary) >= config.threshold:
            cut = _safe_cut(stored, start, max(start, end - keep))
            if cut > start:
                head: list[AnyMessage] = [Message.user(SUMMARY_PREFIX + summary)] if summary else []
                span = _trim_last([*head, *stored[start:cut]], TRIM_TOKENS)
                response = await request_summary(provider, span, config)
                if response is not None:
                    summary = response.text().strip()
                    calls, spent = calls + 1, spent + response.usage.total_tokens
                start = cut
        views.append(View(turn, start, end, summary, cost(start, end, summary)))
    return SummaryPolicy(views, calls, spent)


def view_cost(stored: Sequence[AnyMessage], system: Sequence[AnyMessage], tools_tokens: int) -> Any:
    """``cost(start, end, summary)``: a view's input tokens by the default estimator."""

    def cost(start: int, end: int, summary: str | None) -> int:
        head = [Message.user(SUMMARY_PREFIX + summary)] if summary else []
        return estimate_messages_tokens([*system, *head, *stored[start:end]]) + tools_tokens

    return cost


# -- transcripts -----------------------------------------------------------------------------


def generator_tools(script: Path) -> list[ToolDefinition]:
    """The tool definitions (with their semantics) of a transcript's generator script."""
    spec = importlib.util.spec_from_file_location(f"_gen_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    registry: ToolRegistry = module.TOOLS
    return registry.definitions()


def action_tools(definitions: Sequence[ToolDefinition]) -> frozenset[str]:
    return frozenset(d.name for d in definitions if d.result_semantic is ResultSemantic.ACTION)


class _Recorded(ToolRegistry):
    """Answers each call with its recorded result and declares the recorded tools."""

    def __init__(self, stored: Sequence[AnyMessage], tools: Sequence[ToolDefinition]) -> None:
        super().__init__()
        self.recorded = {m.tool_call_id: m for m in stored if isinstance(m, ToolResultMessage)}
        self.tools = list(tools)

    def definitions(self) -> list[ToolDefinition]:
        return self.tools

    async def invoke(
        self, call: ToolUseBlock, timeout: float | None = None, pool: ToolPool | None = None
    ) -> ToolCallResult:
        result = self.recorded[call.id]
        return ToolCallResult(
            tool_use_id=call.id,
            tool_name=result.tool_name or call.name,
            content=text_of(result.content),
            is_error=result.is_error,
        )


@dataclass
class Replayed:
    session: AgentSession
    requests: list[MessageRequest]
    """The turn requests the provider received (summary calls apart)."""


async def replay_transcript(
    stored: Sequence[AnyMessage],
    summary: SummaryConfig | None,
    compact: CompactConfig | None = None,
    tools: Sequence[ToolDefinition] = (),
) -> Replayed:
    """Replay ``stored`` (a recorded session, system prompt first) through a fresh session
    that tracks retention: the recorded replies answer, the recorded results come back."""
    starts = [*turn_starts(stored), len(stored)]
    replies = [m for m in stored if isinstance(m, AssistantMessage)]
    summariser = OfflineProvider()
    requests: list[MessageRequest] = []

    async def answer(request: MessageRequest) -> Reply:
        if request.metadata.get("purpose") == "summary":
            return await summariser.chat(request)
        requests.append(request)
        return replies.pop(0)

    provider = FunctionProvider(answer)
    builder = (
        AgentBuilder()
        .provider(provider)
        .store(InMemoryStore())
        .tool_registry(_Recorded(stored, tools))
        .summary_config(summary)
        .compact_config(compact)
        .cycle_config(CycleConfig(max_tool_turns=10, tool_timeout=None))
        .track_retention()
    )
    session = await builder.build().open_session("retention-replay")
    session.slot.append_messages(list(stored[: starts[0]]))
    for first in starts[:-1]:
        prompt = stored[first]
        assert isinstance(prompt, UserMessage)
        await session.submit_turn(prompt)
    return Replayed(session, requests)


def unmanaged_requests(
    stored: Sequence[AnyMessage], requests: Sequence[MessageRequest]
) -> list[tuple[int, int]]:
    """``(turn, end)`` of each request of an unmanaged replay: it held ``stored[:end]``."""
    starts = turn_starts(stored)
    own_prompt = not stored or not isinstance(stored[0], SystemMessage)
    out = []
    for request in requests:
        sent = request.messages
        end = len(sent) - (1 if own_prompt and isinstance(sent[0], SystemMessage) else 0)
        turn = sum(1 for s in starts if s < end) - 1
        out.append((turn, end))
    return out


# -- the extractor's cost --------------------------------------------------------------------


def extractor_cost(messages: Sequence[AnyMessage], label: str) -> dict[str, Any]:
    """One row: extracting the facts of ``messages`` (every message, tool results included),
    best of five, per 1,000 messages and per MB of text."""
    chars = sum(len(message_text(m)) for m in messages)
    data = sum(len(message_text(m).encode()) for m in messages)
    found = sum(len(extract_facts(m)) for m in messages)
    seconds = best_of(lambda: [extract_facts(m) for m in messages], repeat=5)
    started = time.perf_counter()
    book = FactBook()
    book.update(messages, frozenset())
    book_seconds = time.perf_counter() - started
    return {
        "history": label,
        "messages": len(messages),
        "MB": round(data / 1e6, 3),
        "chars": chars,
        "facts found": found,
        "ms": round(1000 * seconds, 2),
        "ms per 1,000 messages": round(1000 * seconds * 1000 / len(messages), 2),
        "ms per MB": round(1000 * seconds / (data / 1e6), 1),
        "fact book ms (user+assistant)": round(1000 * book_seconds, 2),
    }


__all__ = [
    "KEEP_LAST",
    "SUMMARY_PREFIX",
    "Replayed",
    "Retention",
    "SummaryPolicy",
    "View",
    "action_tools",
    "extractor_cost",
    "generator_tools",
    "keep_last_with_summary",
    "last_n",
    "replay_transcript",
    "timeline_retention",
    "turn_starts",
    "unmanaged_requests",
    "view_cost",
    "views_retention",
]
