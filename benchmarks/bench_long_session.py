"""Case `long_session`: what a 200-turn conversation sends under each context policy.

One scripted conversation — research turns that call tools with realistic results (search hits
as JSON, file reads, table rows, status confirmations; 0.2-20 KB, seeded RNG; tools declared
Factual, Mixed or Action) and replies that quote them — is replayed through real
:class:`AgentSession` s under:

- ``none``: no management, the whole history every request;
- ``microcompact``: microcompact only;
- ``summary``: automatic summaries only (context watermark; the focused view);
- ``both``: microcompact and summaries;
- ``both, cumulative``: both, the summary fired by the cumulative watermark;
- ``last 20``: the baseline that sends the system prompt and the last 20 messages (computed from
  the requests of ``none`` with the same estimator);
- ``last 20 + summary``: LangChain's ``SummarizationMiddleware`` over the requests of ``none``
  (same trigger and summariser; see :mod:`benchmarks._retention`).

The provider answers from the script whatever the request holds, so every policy holds the same
conversation; it records every request it receives, and all figures are measured on those
requests with the default estimator (messages plus tool definitions, what the offline provider
reports as usage). Summaries come from the offline provider's extractive summariser.

Checked on every request: each Factual tool result produced so far is either verbatim in the
request, or the request carries the summary and the summary's ``summary_upto`` covers the
result's stored index (breaches are counted). That says a summary was made, not what it kept:
**retention** does, by the session's own measure (``track_retention``): after each turn, the
share of the facts stated so far that its last request still shows (``min`` after the first
summary, and ``final``). The fact extractor's cost is measured on the same run's history.

Goals: ``both`` sends at most 40% of the unmanaged input tokens with no breach; ``both`` and
``summary`` keep at least 95% of the facts visible after every turn after their first summary.

Writes ``benchmarks/results.png``: context tokens per turn under each policy.

Run alone: ``python -m benchmarks.bench_long_session``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks._long_chart import context_chart
from benchmarks._report import print_case
from benchmarks._retention import (
    KEEP_LAST,
    SUMMARY_PREFIX,
    Retention,
    View,
    action_tools,
    extractor_cost,
    keep_last_with_summary,
    timeline_retention,
    view_cost,
    views_retention,
)
from benchmarks._workload import FACTUAL_TOOLS, SYSTEM_PROMPT, random_call, registry, result_text
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.context import FocusedConfig, SlotConfig
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.compact import CompactConfig
from nbagent.llm.events import StreamEvent
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    ContentBlock,
    Message,
    SystemMessage,
    TextBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider, stream_events
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tokens import estimate_block_tokens, estimate_messages_tokens

TURNS = 200
SEED = 7_2024
BASELINE_WINDOW = 20
CHART = Path(__file__).with_name("results.png")
MARKER = FocusedConfig().summary_marker

SUMMARY = SummaryConfig(
    max_context_tokens=32_000,
    trigger_token_ratio=0.5,
    debounce_turns=1,
    strategy="incremental",
    prompt_language="en",
)
"""A 32k-token model: summarise at 16k (context watermark) whenever the context is over it."""
CUMULATIVE = dataclasses.replace(SUMMARY, watermark="cumulative", debounce_turns=4)
"""The cumulative watermark only grows, so the debounce is its brake: a summary every 4 turns."""
COMPACT = CompactConfig(context_window=32_000, reserved_tokens=4_000, keep_recent=8)
"""Alone: compact when a request would pass 28k tokens; never the newest 8 messages."""
COMPACT_LOW = CompactConfig(
    context_window=32_000, reserved_tokens=20_000, keep_recent=8, protect_factual=True
)
"""Beside summaries: compact from 12k, below the summary trigger, so the tail between two
summaries stays small; Factual results stay verbatim until a summary covers them."""


@dataclass(frozen=True)
class Configs:
    compact: CompactConfig = COMPACT
    summary: SummaryConfig = SUMMARY
    cumulative: SummaryConfig = CUMULATIVE
    compact_low: CompactConfig = COMPACT_LOW

    def policies(self) -> dict[str, tuple[CompactConfig | None, SummaryConfig | None]]:
        return {
            "none": (None, None),
            "microcompact": (self.compact, None),
            "summary": (None, self.summary),
            "both": (self.compact_low, self.summary),
            "both, cumulative": (self.compact_low, self.cumulative),
            # The same budget without protect_factual: what it saves, and what it loses.
            "both, Factual unprotected": (
                dataclasses.replace(self.compact_low, protect_factual=False),
                self.summary,
            ),
        }


_FOLLOW_UPS = [
    "Look into {topic} and tell me what the sources say.",
    "Check the code that handles {topic}.",
    "How many records mention {topic}? Pull the rows.",
    "Summarise where we are on {topic} and log it on the ticket.",
    "Compare that with what you found earlier about {topic}.",
    "Thanks, that helps. Anything else on {topic}?",
]
_TOPICS = ["rust async", "vector search", "kv cache", "tokenizers", "jupyter widgets", "sqlite wal"]


# -- the script -----------------------------------------------------------------------------


@dataclass
class ScriptTurn:
    prompt: str
    rounds: list[list[ToolUseBlock]]
    reply: str


def _quote(call: ToolUseBlock) -> str:
    """A key term of a result, as a reply would cite it."""
    text = result_text(call)
    for token in text.replace('"', " ").replace(",", " ").split():
        if token.startswith(("doc-", "op-", "value_")) or token[:1].isdigit():
            return token
    return text[:30]


def script(turns: int = TURNS, seed: int = SEED) -> list[ScriptTurn]:
    """The conversation: 0-2 tool rounds of 1-2 calls per turn, a reply quoting the results."""
    rng = random.Random(seed)
    out: list[ScriptTurn] = []
    cited: list[str] = []
    for t in range(turns):
        topic = rng.choice(_TOPICS)
        prompt = f"[turn {t}] " + rng.choice(_FOLLOW_UPS).format(topic=topic)
        rounds: list[list[ToolUseBlock]] = []
        for r in range(rng.choices([0, 1, 2], [1, 6, 3])[0]):
            calls = rng.choices([1, 2], [3, 1])[0]
            rounds.append([random_call(rng, f"t{t:03d}_r{r}_c{c}") for c in range(calls)])
        quotes = [_quote(call) for calls in rounds for call in calls]
        reply = f"On {topic}: " + (
            "; ".join(f"the result shows {q}" for q in quotes) if quotes else "nothing new."
        )
        if cited and rng.random() < 0.3:  # now and then the reply goes back to an older fact
            reply += f" This matches {rng.choice(cited)} from before."
        cited += quotes
        out.append(ScriptTurn(prompt, rounds, reply))
    return out


# -- the provider ---------------------------------------------------------------------------


@dataclass
class Sent:
    """One request as the provider received it, and the session state it was made in."""

    turn: int
    messages: list[AnyMessage]
    tokens: int
    """Estimated input tokens: the messages plus the tool definitions."""
    factual_before: list[str]
    """Ids of the Factual tool calls answered before this request."""
    summary_upto: int = 0
    has_summary: bool = False


class ScriptedProvider:
    """Answers every turn request from the script and records it; summaries are extractive."""

    name = "scripted"
    model = "offline-scripted"

    def __init__(self, turns: list[ScriptTurn]) -> None:
        self.turns = turns
        self.summariser = OfflineProvider()
        self.sent: list[Sent] = []
        self.summary_upto: Callable[[], int] = lambda: 0
        """Reads the session's ``summary_upto`` when a request arrives."""
        self._factual: list[str] = []

    async def chat(self, request: MessageRequest) -> MessageResponse:
        if request.metadata.get("purpose") == "summary":
            return await self.summariser.chat(request)
        messages = request.messages
        at = max(i for i, m in enumerate(messages) if isinstance(m, UserMessage))
        turn = int(messages[at].text().split("]", 1)[0].removeprefix("[turn "))
        round_no = sum(1 for m in messages[at:] if m.role == "assistant")
        tokens = self.summariser.estimate_input_tokens(request)
        has_summary = any(
            isinstance(m, SystemMessage) and m.content.startswith(MARKER) for m in messages
        )
        upto = self.summary_upto()
        self.sent.append(Sent(turn, list(messages), tokens, list(self._factual), upto, has_summary))
        step = self.turns[turn]
        blocks: list[ContentBlock]
        if round_no < len(step.rounds):
            calls = step.rounds[round_no]
            blocks = [TextBlock(text=f"Calling {', '.join(c.name for c in calls)}."), *calls]
            self._factual += [c.id for c in calls if c.name in FACTUAL_TOOLS]
            stop = StopReason.TOOL_USE
        else:
            blocks, stop = [TextBlock(text=step.reply)], StopReason.END_TURN
        output = sum(estimate_block_tokens(b) for b in blocks)
        return MessageResponse(
            message=AssistantMessage(content=blocks),
            stop_reason=stop,
            usage=Usage(input_tokens=tokens, output_tokens=output),
            model=self.model,
        )

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        for event in stream_events(await self.chat(request)):
            yield event


# -- replay and checks ------------------------------------------------------------------------


@dataclass
class PolicyRun:
    name: str
    sent: list[Sent]
    stored: list[AnyMessage]
    summary_calls: int = 0
    summary_tokens: int = 0
    compaction_runs: int = 0
    freed_tokens: int = 0
    retention: Retention | None = None
    summary_usage: Usage = dataclasses.field(default_factory=Usage)


async def replay(
    name: str,
    turns: list[ScriptTurn],
    compact: CompactConfig | None,
    summary: SummaryConfig | None,
    provider: ScriptedProvider | None = None,
    slot: SlotConfig | None = None,
) -> PolicyRun:
    """Run the whole script through a fresh session under one policy (``provider``: a
    :class:`ScriptedProvider` of ``turns`` that records more, as the cost case's does; ``slot``:
    another focused layout than the default)."""
    provider = provider or ScriptedProvider(turns)
    builder = (
        AgentBuilder()
        .provider(provider)
        .store(InMemoryStore())
        .tool_registry(registry())
        .system_prompt(SYSTEM_PROMPT)
        .compact_config(compact)
        .summary_config(summary)
        .track_retention()
    )
    if slot is not None:
        builder = builder.slot_config(slot)
    session = await builder.build().open_session(f"long-{name}")

    def summary_upto() -> int:
        return session.slot.summary_upto

    provider.summary_upto = summary_upto
    for step in turns:
        await session.submit_turn(step.prompt)
    return PolicyRun(
        name,
        provider.sent,
        list(session.slot.messages),
        summary_calls=session.summary_cost.calls,
        summary_tokens=session.summary_cost.total_tokens,
        compaction_runs=sum(len(r.compaction) for r in session.timeline),
        freed_tokens=sum(r.compaction_freed_tokens for r in session.timeline),
        retention=timeline_retention(session.timeline),
        summary_usage=session.summary_cost.total,
    )


def last_messages(run: PolicyRun, window: int = BASELINE_WINDOW) -> PolicyRun:
    """The baseline: each request of the unmanaged run cut to the system prompt + last messages."""
    sent = []
    for s in run.sent:
        tools = s.tokens - estimate_messages_tokens(s.messages)
        kept = [s.messages[0], *s.messages[1:][-window:]]
        sent.append(Sent(s.turn, kept, estimate_messages_tokens(kept) + tools, s.factual_before))
    # A request of the unmanaged run is the system prompt and stored[:end].
    ends = [len(s.messages) - 1 for s in run.sent]
    views = [
        View(s.turn, max(0, e - window), e, None, s.tokens)
        for s, e in zip(run.sent, ends, strict=True)
    ]
    retention = views_retention(run.stored, views, ACTIONS, [SYSTEM_PROMPT])
    return PolicyRun(f"last {window}", sent, run.stored, retention=retention)


ACTIONS = action_tools(registry().definitions())


def last_with_summary(run: PolicyRun, summary: SummaryConfig) -> PolicyRun:
    """LangChain's keep-last-20 + summary over the requests of the unmanaged run ``run``."""
    first = run.sent[0]
    tools = first.tokens - estimate_messages_tokens(first.messages)
    system = first.messages[:1]
    cost = view_cost(run.stored, system, tools)
    requests = [(s.turn, len(s.messages) - 1) for s in run.sent]
    policy = asyncio.run(keep_last_with_summary(run.stored, requests, summary, cost))
    sent = []
    for s, view in zip(run.sent, policy.views, strict=True):
        head = [Message.user(SUMMARY_PREFIX + view.summary)] if view.summary else []
        messages = [*system, *head, *run.stored[view.start : view.end]]
        sent.append(
            Sent(s.turn, messages, view.tokens, s.factual_before, view.start, bool(view.summary))
        )
    return PolicyRun(
        f"last {KEEP_LAST} + summary",
        sent,
        run.stored,
        summary_calls=policy.calls,
        summary_tokens=policy.tokens,
        retention=views_retention(run.stored, policy.views, ACTIONS, [SYSTEM_PROMPT]),
    )


@dataclass
class Coverage:
    checked: int = 0
    verbatim: int = 0
    covered: int = 0
    breaches: int = 0
    first_breach: str | None = None


def factual_coverage(run: PolicyRun) -> Coverage:
    """Every request: each Factual result so far verbatim, or covered by the summary it carries."""
    where = {
        m.tool_call_id: i for i, m in enumerate(run.stored) if isinstance(m, ToolResultMessage)
    }
    original = {m.tool_call_id: m.text() for m in run.stored if isinstance(m, ToolResultMessage)}
    c = Coverage()
    for s in run.sent:
        present = {m.tool_call_id: m for m in s.messages if isinstance(m, ToolResultMessage)}
        for call_id in s.factual_before:
            c.checked += 1
            shown = present.get(call_id)
            if shown is not None and shown.text() == original[call_id]:
                c.verbatim += 1
            elif s.has_summary and where[call_id] < s.summary_upto:
                c.covered += 1
            else:
                c.breaches += 1
                if c.first_breach is None:
                    c.first_breach = f"turn {s.turn}: {call_id}"
    return c


# -- the case -------------------------------------------------------------------------------


def measure(
    turns: int = TURNS, *, configs: Configs = Configs(), chart: Path | None = None
) -> tuple[list[dict[str, Any]], dict[str, PolicyRun]]:
    """Replay the script under every policy; one table row per policy, and the runs."""
    conversation = script(turns)
    runs = {
        name: asyncio.run(replay(name, conversation, *pair))
        for name, pair in configs.policies().items()
    }
    runs[f"last {BASELINE_WINDOW}"] = last_messages(runs["none"])
    runs[f"last {KEEP_LAST} + summary"] = last_with_summary(runs["none"], configs.summary)
    unmanaged = sum(s.tokens for s in runs["none"].sent)
    rows = []
    for name, run in runs.items():
        total = sum(s.tokens for s in run.sent)
        coverage = factual_coverage(run)
        rows.append(
            {
                "policy": name,
                "requests": len(run.sent),
                "input tokens": total,
                "% of none": 100 * total / unmanaged,
                "peak context": max(s.tokens for s in run.sent),
                "mean context": total / len(run.sent),
                "summary calls": run.summary_calls,
                "summary tokens": run.summary_tokens,
                "input+summary % of none": 100 * (total + run.summary_tokens) / unmanaged,
                "compactions": run.compaction_runs,
                "freed tokens": run.freed_tokens,
                "factual checks": coverage.checked,
                "verbatim": coverage.verbatim,
                "covered by summary": coverage.covered,
                "breaches": coverage.breaches,
                "first breach": coverage.first_breach or "-",
                **(run.retention.row() if run.retention else {}),
            }
        )
    if chart is not None:
        draw(runs, turns, configs.summary, configs.compact, chart)
    return rows, runs


def draw(
    runs: dict[str, PolicyRun],
    turns: int,
    summary: SummaryConfig,
    compact: CompactConfig,
    path: Path,
) -> None:
    """Context tokens per turn (the largest request of the turn) under each policy."""
    series: dict[str, list[int]] = {}
    for name, run in runs.items():
        peak = [0] * turns
        for s in run.sent:
            peak[s.turn] = max(peak[s.turn], s.tokens)
        series[name] = peak
    context_chart(series, summary.threshold, compact.budget, path)


def settings_rows(configs: Configs = Configs()) -> list[dict[str, Any]]:
    def fields(config: Any, names: list[str]) -> str:
        return ", ".join(f"{n}={getattr(config, n)}" for n in names)

    compact_fields = ["context_window", "reserved_tokens", "keep_recent"]
    compact_fields += ["protect_factual"]
    summary_fields = ["max_context_tokens", "trigger_token_ratio", "debounce_turns", "watermark"]
    summary_fields += ["strategy", "max_tool_result_chars"]
    c, low, sm = configs.compact, configs.compact_low, configs.summary
    return [
        {
            "setting": "CompactConfig (microcompact)",
            "value": f"{fields(c, compact_fields)}: compacts above {c.budget:,} tokens",
        },
        {
            "setting": "SummaryConfig (summary, both)",
            "value": f"{fields(sm, summary_fields)}: summarises at {sm.threshold:,.0f} tokens",
        },
        {
            "setting": "SummaryConfig (both, cumulative)",
            "value": fields(configs.cumulative, summary_fields),
        },
        {
            "setting": "CompactConfig (both; 'Factual unprotected' sets protect_factual=False)",
            "value": f"{fields(low, compact_fields)}: compacts above {low.budget:,} tokens",
        },
        {
            "setting": "slot",
            "value": f"focused, keep_recent_turns={FocusedConfig().keep_recent_turns}",
        },
    ]


def conversation_rows(turns: int = TURNS) -> list[dict[str, Any]]:
    calls = [c for step in script(turns) for r in step.rounds for c in r]
    rows = []
    for name in sorted({c.name for c in calls}):
        sizes = [len(result_text(c)) for c in calls if c.name == name]
        rows.append(
            {
                "tool": name,
                "semantic": "factual" if name in FACTUAL_TOOLS else "mixed/action",
                "calls": len(sizes),
                "min KB": min(sizes) / 1000,
                "median KB": sorted(sizes)[len(sizes) // 2] / 1000,
                "max KB": max(sizes) / 1000,
            }
        )
    return rows


def retention_goal(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "goal": f"{row['policy']}: >= 95% of the facts visible after every turn after the "
        "first summary",
        "measured": f"min {row['retention min %']}%, final {row['retention final %']}% of "
        f"{row['facts stated']} facts (first summary at turn {row['first summary']})",
        "met": row["retention min %"] >= 95 and row["first summary"] != "-",
    }


def run() -> dict[str, Any]:
    rows, runs = measure(chart=CHART)
    by = {r["policy"]: r for r in rows}
    both = by["both"]
    cost = extractor_cost(runs["none"].stored, f"the {TURNS}-turn session, every message")
    return {
        "case": "long_session",
        "tables": {
            f"{TURNS}-turn conversation, per policy (tokens by the default estimator)": rows,
            "tool results in the script": conversation_rows(),
            "settings used": settings_rows(),
            "fact extractor cost, measured in this run (best of 5)": [cost],
        },
        "goals": [
            {
                "goal": "both send at most 40% of the unmanaged input tokens",
                "measured": f"{both['% of none']:.1f}% "
                f"({both['input+summary % of none']:.1f}% with the summary calls)",
                "met": both["% of none"] <= 40,
            },
            {
                "goal": "both: every Factual result verbatim or covered by the summary",
                "measured": f"{both['breaches']} breaches in {both['factual checks']:,} checks",
                "met": both["breaches"] == 0 and both["factual checks"] > 0,
            },
            retention_goal(both),
            retention_goal(by["summary"]),
        ],
        "chart": str(CHART),
    }


if __name__ == "__main__":
    print_case(run())
