"""Case `cost`: the 200-turn conversation of `long_session` in USD, the prompt cache modelled.

Every policy of `long_session` is replayed again (the same script, the same sessions), with
nbagent's default policy as ``both``: summaries beside the microcompact the magics set
(``CompactConfig.beside_summaries``: a quarter of the window kept for the reply, so it is the
window's safety net within a turn). `long_session`'s ``both`` compacts from 12k, below the
summary line; it is here as ``both, compact from 12k``. "Compact every turn" variants turn the
cycle's stable prefix off (``LlmCycle.stable_prefix``, which follows ``CycleConfig.prompt_cache``;
here patched alone, so the requests still ask for the cache): each request over the budget is
compacted afresh, as nbagent did before, so a result that ages a decay step changes an early
message on that turn;
``both, summary at end`` puts the summary before the newest turn
(``FocusedConfig.summary_position="end"``, the original design notes' place; the default,
``"start"``, puts it right after the system prompt, where it stays put between summaries; at
the end it moves every turn on an OpenAI-compatible wire). Each request the provider receives
is billed by :class:`~nbagent.llm.prompt_cache.PromptCacheSimulator`:

- Anthropic Claude Sonnet 4.5: breakpoints as the Anthropic provider marks them, system messages
  read as the wire's one top-level system text, 5-minute TTL (writes at 1.25x input, reads at
  0.1x), entries warm (the turns come within the TTL);
- OpenAI gpt-4o-mini: automatic prefix caching from 1,024 tokens in 128-token steps, messages in
  list order (reads at half price, writes free).

Prices come from the shipped table (``nbagent.llm.pricing``). Output tokens are the replies' and
the summaries' (the same replies under every policy). Under Anthropic's table the policies that
summarise are replayed by a provider that marks breakpoints, as the Anthropic provider does, so
each summary call repeats the turn's last request and its reply, then asks for the summary
(:class:`~nbagent.agent.summary.CachedPrefix`), and is billed by the same cache;
``both, summary as a separate prompt`` is the default whose summary call sends the conversation
as a transcript in a prompt of its own, billed uncached (what nbagent sends a provider without
breakpoints, and what gpt-4o-mini's table bills). ``last 20`` is the keep-the-last-messages
baseline of `long_session`.

Each policy's retention is the session's own (``track_retention``): the hard facts stated so
far that its requests show, at the worst turn after the first summary and at the end.

Goal (issue 23, decided): under each price table, nbagent's default policy (``both``) costs at
most 1.05x the cheapest policy of the grid that keeps at least 95% of facts at its worst turn,
judged on the unrounded USD; the cache-read share is reported, not a goal. Under Anthropic's, a
summary call's input is at least 80% cache reads. Each goal line names both policies' USD, their
summary calls and mean request.

Why the default misses on gpt-4o-mini (measured 2026-12-03: ``both`` $0.417, 22 summaries,
mean request 10,061 tokens; ``both, cumulative`` $0.359, 49 summaries, 7,059 tokens; 1.16x):
cached input there is half the input price, so carrying a large cached context costs more than
summarising often (the cumulative watermark fires every 4 turns whatever the size); on Sonnet
(reads at 0.1x, writes at 1.25x) each summary rewrites the cached prefix and the same cadence
costs $5.24 against the default's $4.21. No one summary timing is the cheapest under both
tables (measured with the summary at the end: a lower line, ``trigger_token_ratio`` 0.35,
brought gpt-4o-mini to 1.045x its cheapest and Sonnet to 1.149x). The summary at the end of
the view costs more on the OpenAI wire (``both, summary at end``: $0.461, 71.4% cached against
84.6%): the previous turn and the summary are re-sent uncached every turn; at the start, the
default, every policy that summarises gains alike.

Run alone: ``python -m benchmarks.bench_cost``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from benchmarks._report import print_case
from benchmarks.bench_long_session import (
    SUMMARY,
    Configs,
    PolicyRun,
    ScriptedProvider,
    ScriptTurn,
    last_messages,
    replay,
    script,
)
from nbagent.agent.context import FocusedConfig, SlotConfig
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import AnyMessage
from nbagent.llm.pricing import ModelPrice, Pricing, Usage, cost_usd
from nbagent.llm.prompt_cache import ANTHROPIC_CACHE, AUTOMATIC_CACHE, CacheModel
from nbagent.llm.prompt_cache import PromptCacheSimulator as Simulator
from nbagent.llm.request import MessageRequest, MessageResponse, PromptCache, ToolDefinition

DEFAULT_POLICY = "both"
DEFAULT_COMPACT = CompactConfig.beside_summaries(SUMMARY.max_context_tokens)
"""nbagent's default microcompact beside summaries (what the magics set)."""
END = SlotConfig(focused=FocusedConfig(summary_position="end"))
WINDOW = 20
TABLES: dict[str, tuple[str, str, CacheModel]] = {
    "Claude Sonnet 4.5": ("anthropic", "claude-sonnet-4-5", ANTHROPIC_CACHE),
    "gpt-4o-mini": ("openai", "gpt-4o-mini", AUTOMATIC_CACHE),
}


@dataclass(frozen=True)
class Call:
    """One request as the provider received it, and what its answer reported."""

    tools: tuple[ToolDefinition, ...]
    messages: list[AnyMessage]
    summary: bool
    cached: bool
    """Sent with cache breakpoints (every turn; a summary repeating the turn's prefix)."""
    usage: Usage
    """What the provider reported (a separate summary prompt is billed by it, uncached)."""


@dataclass
class Billed:
    """One policy's requests as sent, turns and summaries in order."""

    calls: list[Call] = field(default_factory=list)
    run: PolicyRun | None = None
    """The replay (its ``retention``: the session's own, of the hard facts stated so far)."""


class RecordingProvider(ScriptedProvider):
    """The long-session provider, keeping each request; ``cached``: it marks cache breakpoints
    as the Anthropic provider does, so a summary repeats the turn's request (the cached
    prefix) instead of sending a separate prompt."""

    def __init__(self, turns: list[ScriptTurn], cached: bool) -> None:
        super().__init__(turns)
        self.billed = Billed()
        self.prompt_cache = PromptCache() if cached else None

    async def chat(self, request: MessageRequest) -> MessageResponse:
        response = await super().chat(request)
        summary = request.metadata.get("purpose") == "summary"
        self.billed.calls.append(
            Call(
                tuple(request.tools),
                list(request.messages),
                summary,
                request.prompt_cache,
                response.usage,
            )
        )
        return response


async def bill(
    turns: list[ScriptTurn],
    compact: CompactConfig | None,
    summary: SummaryConfig | None,
    slot: SlotConfig | None = None,
    stable: bool = True,
    cached: bool = False,
) -> Billed:
    """One policy replayed as `long_session` replays it, its requests kept for billing
    (``stable=False``: with the stable prefix off, as before nbagent kept one)."""
    provider = RecordingProvider(turns, cached)
    off = mock.patch.object(LlmCycle, "stable_prefix", property(lambda cycle: False))
    with contextlib.nullcontext() if stable else off:
        run = await replay("cost", turns, compact, summary, provider, slot)
    provider.billed.run = run
    return provider.billed


Policy = tuple[CompactConfig | None, SummaryConfig | None, SlotConfig | None, bool]
"""Microcompact, summaries, the slot, and whether the cycle keeps a stable prefix."""


def policies(configs: Configs | None = None) -> dict[str, Policy]:
    """`long_session`'s policies, its ``both`` renamed for what differs from the default, and
    the default's variants: compact on every turn, the summary at the end of the view."""
    configs = configs or Configs()
    ours = dict(configs.policies())
    default = (DEFAULT_COMPACT, configs.summary)
    ours["both, compact from 12k"] = ours.pop("both")
    micro = ours.pop("microcompact")
    named: dict[str, Policy] = {
        "none": (*ours.pop("none"), None, True),
        "microcompact": (*micro, None, True),
        "microcompact, compact every turn": (*micro, None, False),
        "summary": (*ours.pop("summary"), None, True),
        DEFAULT_POLICY: (*default, None, True),
        "both, compact every turn": (*default, None, False),
        **{name: (*policy, None, True) for name, policy in ours.items()},
    }
    named["both, summary at end"] = (*default, END, True)
    return named


def last_window(billed: Billed, window: int = WINDOW) -> Billed:
    """The baseline: every request of the unmanaged run cut to the system prompt + last N (its
    retention measured on those cut requests)."""
    run = None if billed.run is None else last_messages(billed.run, window)
    cut = [
        dataclasses.replace(c, messages=[c.messages[0], *c.messages[1:][-window:]])
        for c in billed.calls
    ]
    return Billed(cut, run)


def price_row(billed: Billed, price: ModelPrice, cache: CacheModel) -> dict[str, Any]:
    simulator = Simulator(cache)
    turns, summaries = Usage(), Usage()
    usd = summary_usd = 0.0
    for call in billed.calls:
        if call.summary and not call.cached:
            usage = call.usage  # a separate prompt: nothing repeats it, so all of it is input
        else:
            usage = simulator.bill(list(call.tools), call.messages, call.usage.output_tokens)
        if call.summary:
            summaries = summaries + usage
            summary_usd += cost_usd(usage, price)
        else:
            turns = turns + usage
            usd += cost_usd(usage, price)
    read_share = turns.cache_read_tokens / turns.input_tokens if turns.input_tokens else 0.0
    summary_read = (
        summaries.cache_read_tokens / summaries.input_tokens if summaries.input_tokens else None
    )
    kept = None if billed.run is None else billed.run.retention
    requests = sum(not c.summary for c in billed.calls)
    # USD unrounded: the goal's 5% is judged on them (two-decimal cents can move it by 3%).
    return {
        "facts worst %": None if kept is None else round(100 * kept.minimum, 1),
        "facts final %": None if kept is None else round(100 * kept.final, 1),
        "input tokens": turns.input_tokens,
        "mean request": round(turns.input_tokens / requests) if requests else 0,
        "cache read %": round(100 * read_share, 1),
        "cache write tokens": turns.cache_write_tokens,
        "summary calls": sum(c.summary for c in billed.calls),
        "summary tokens": summaries.total_tokens,
        "summary cache read %": None if summary_read is None else round(100 * summary_read, 1),
        "USD turns": usd,
        "USD summaries": summary_usd,
        "USD total": usd + summary_usd,
    }


SEPARATE = f"{DEFAULT_POLICY}, summary as a separate prompt"
"""The default policy whose summary call sends the conversation as a transcript in a prompt of
its own (what nbagent sends a provider without cache breakpoints), beside the default's summary
that repeats the turn's cached request."""


def measure(turns: int = 200) -> dict[str, list[dict[str, Any]]]:
    steps = script(turns)
    plain = {name: asyncio.run(bill(steps, *policy)) for name, policy in policies().items()}
    plain[f"last {WINDOW}"] = last_window(plain["none"])
    # Where the provider marks breakpoints (Anthropic), a summary repeats the turn's request:
    # the policies that summarise are replayed so; the others send the same requests.
    marked = {
        name: asyncio.run(bill(steps, *policy, cached=True)) if policy[1] else plain[name]
        for name, policy in policies().items()
    }
    marked[f"last {WINDOW}"] = plain[f"last {WINDOW}"]
    marked[SEPARATE] = plain[DEFAULT_POLICY]
    pricing = Pricing()
    tables: dict[str, list[dict[str, Any]]] = {}
    for label, (provider, model, cache) in TABLES.items():
        price = pricing.price_for(provider, model)
        assert price is not None, f"the shipped price table lost {model}"
        runs = marked if provider == "anthropic" else plain
        rows = [{"policy": name, **price_row(b, price, cache)} for name, b in runs.items()]
        cheapest = min(r["USD total"] for r in rows)
        for row in rows:
            row["x cheapest"] = row["USD total"] / cheapest if cheapest else 0.0
        tables[f"{label} (USD, cache modelled)"] = rows
    return tables


SUMMARY_READS = 80.0
ANTHROPIC = "Claude Sonnet 4.5"
KEEPS = 95.0
"""The share of facts (at the worst turn) a policy must keep to be a peer the default is priced
against: a policy that costs less by forgetting is no cheaper way to the same conversation."""
OVER_CHEAPEST = 1.05


def _spend(row: dict[str, Any]) -> str:
    """A policy's USD and what it is made of, as a goal line shows it."""
    return (
        f"${row['USD total']:.3f} (turns ${row['USD turns']:.3f} + {row['summary calls']} "
        f"summaries ${row['USD summaries']:.3f}; mean request {row['mean request']:,} tokens, "
        f"{row['cache read %']}% cached; facts worst {row['facts worst %']}%)"
    )


def policy_goal(label: str, rows: list[dict[str, Any]], turns: int = 200) -> dict[str, Any]:
    """The policy goal under one price table: the default's USD against the cheapest policy that
    keeps ``KEEPS``% of facts at its worst turn, judged on the unrounded USD."""
    by = {r["policy"]: r for r in rows}
    default = by[DEFAULT_POLICY]
    peers = [r for r in rows if (r["facts worst %"] or 0.0) >= KEEPS]
    cheapest = min(peers, key=lambda r: r["USD total"])
    ratio = default["USD total"] / cheapest["USD total"]
    return {
        "goal": f"{label}: the default policy ({DEFAULT_POLICY}) costs at most {OVER_CHEAPEST}x "
        f"the cheapest policy of the grid that keeps >= {KEEPS:g}% of facts at its worst turn "
        f"(USD of the {turns} turns and their summaries, each request billed by the modelled "
        "prompt cache; cache reads reported)",
        "measured": f"{DEFAULT_POLICY} {_spend(default)}; cheapest keeping {KEEPS:g}%: "
        f"{cheapest['policy']} {_spend(cheapest)}; {ratio:.3f}x",
        "met": ratio <= OVER_CHEAPEST and (default["facts worst %"] or 0.0) >= KEEPS,
    }


def run() -> dict[str, Any]:
    tables = measure()
    goals = [policy_goal(label, rows) for label, rows in tables.items()]
    anthropic = {r["policy"]: r for r in tables[f"{ANTHROPIC} (USD, cache modelled)"]}
    default, separate = anthropic[DEFAULT_POLICY], anthropic[SEPARATE]
    read = default["summary cache read %"] or 0.0
    goals.append(
        {
            "goal": f"{ANTHROPIC}: a summary call's input is at least {SUMMARY_READS:g}% cache "
            "reads (it repeats the turn's cached request)",
            "measured": f"{read}% read; the summaries cost ${default['USD summaries']:.3f}, "
            f"as a separate prompt ${separate['USD summaries']:.3f} (policy total "
            f"${default['USD total']:.3f} vs ${separate['USD total']:.3f})",
            "met": read >= SUMMARY_READS,
        }
    )
    return {"case": "cost", "tables": tables, "goals": goals}


if __name__ == "__main__":
    print_case(run())
