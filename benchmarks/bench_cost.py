"""Case `cost`: the 200-turn conversation of `long_session` in USD, the prompt cache modelled.

Every policy of `long_session` is replayed again (the same script, the same sessions), with
nbagent's default policy as ``both``: summaries beside the microcompact the magics set
(``CompactConfig.beside_summaries``: a quarter of the window kept for the reply, so it is the
window's safety net within a turn). `long_session`'s ``both`` compacts from 12k, below the
summary line; it is here as ``both, compact from 12k``. "Compact every turn" variants set
``CompactConfig.stable_prefix=False`` (each request over the budget is compacted afresh, as
nbagent did before, so a result that ages a decay step changes an early message on that turn);
``both, summary at start`` puts the summary right after the system prompt
(``FocusedConfig.summary_position="start"``; the default, ``"end"``, puts it before the newest
turn, so on an OpenAI-compatible wire it moves every turn). Each request the provider receives
is billed by :class:`~nbagent.llm.prompt_cache.PromptCacheSimulator`:

- Anthropic Claude Sonnet 4.5: breakpoints as the Anthropic provider marks them, system messages
  read as the wire's one top-level system text, 5-minute TTL (writes at 1.25x input, reads at
  0.1x), entries warm (the turns come within the TTL);
- OpenAI gpt-4o-mini: automatic prefix caching from 1,024 tokens in 128-token steps, messages in
  list order (reads at half price, writes free).

Prices come from the shipped table (``nbagent.llm.pricing``). Output tokens are the replies' and
the summaries' (the same replies under every policy); summary calls are billed uncached at the
same model's price. ``last 20`` is the keep-the-last-messages baseline of `long_session`.

Each policy's retention is the session's own (``track_retention``): the hard facts stated so
far that its requests show, at the worst turn after the first summary and at the end.

Goal (issue 23, decided): under each price table, nbagent's default policy (``both``) costs at
most 1.05x the cheapest policy of the grid that keeps at least 95% of facts at its worst turn;
the cache-read share is reported, not a goal.

Run alone: ``python -m benchmarks.bench_cost``.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from benchmarks._report import print_case
from benchmarks._workload import registry
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
from nbagent.llm.messages import AnyMessage
from nbagent.llm.pricing import ModelPrice, Pricing, cost_usd
from nbagent.llm.prompt_cache import ANTHROPIC_CACHE, AUTOMATIC_CACHE, CacheModel
from nbagent.llm.prompt_cache import PromptCacheSimulator as Simulator
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.llm.usage import Usage

DEFAULT_POLICY = "both"
DEFAULT_COMPACT = CompactConfig.beside_summaries(SUMMARY.max_context_tokens)
"""nbagent's default microcompact beside summaries (what the magics set)."""
START = SlotConfig(focused=FocusedConfig(summary_position="start"))
WINDOW = 20
TABLES: dict[str, tuple[str, str, CacheModel]] = {
    "Claude Sonnet 4.5": ("anthropic", "claude-sonnet-4-5", ANTHROPIC_CACHE),
    "gpt-4o-mini": ("openai", "gpt-4o-mini", AUTOMATIC_CACHE),
}


@dataclass
class Billed:
    """One policy's requests as sent, and its summary calls' usage."""

    requests: list[tuple[list[AnyMessage], int]] = field(default_factory=list)
    """(messages, output tokens) of every turn request, in order."""
    summary: Usage = field(default_factory=Usage)
    run: PolicyRun | None = None
    """The replay (its ``retention``: the session's own, of the hard facts stated so far)."""


class RecordingProvider(ScriptedProvider):
    """The long-session provider, keeping each turn request's messages and output tokens."""

    def __init__(self, turns: list[ScriptTurn]) -> None:
        super().__init__(turns)
        self.billed = Billed()

    async def chat(self, request: MessageRequest) -> MessageResponse:
        response = await super().chat(request)
        if request.metadata.get("purpose") != "summary":
            self.billed.requests.append((list(request.messages), response.usage.output_tokens))
        return response


async def bill(
    turns: list[ScriptTurn],
    compact: CompactConfig | None,
    summary: SummaryConfig | None,
    slot: SlotConfig | None = None,
) -> Billed:
    """One policy replayed as `long_session` replays it, its requests kept for billing."""
    provider = RecordingProvider(turns)
    run = await replay("cost", turns, compact, summary, provider, slot)
    provider.billed.summary = run.summary_usage
    provider.billed.run = run
    return provider.billed


Policy = tuple[CompactConfig | None, SummaryConfig | None, SlotConfig | None]


def policies(configs: Configs | None = None) -> dict[str, Policy]:
    """`long_session`'s policies, its ``both`` renamed for what differs from the default, and
    the default's variants: compact on every turn, the summary at the start of the view."""
    configs = configs or Configs()
    ours = dict(configs.policies())
    default = (DEFAULT_COMPACT, configs.summary)
    ours["both, compact from 12k"] = ours.pop("both")
    named: dict[str, tuple[CompactConfig | None, SummaryConfig | None]] = {
        "none": ours.pop("none"),
        "microcompact": ours["microcompact"],
        "microcompact, compact every turn": _every_turn(ours.pop("microcompact")),
        "summary": ours.pop("summary"),
        DEFAULT_POLICY: default,
        "both, compact every turn": _every_turn(default),
        **ours,
    }
    out: dict[str, Policy] = {name: (c, s, None) for name, (c, s) in named.items()}
    out["both, summary at start"] = (*default, START)
    return out


def _every_turn(
    policy: tuple[CompactConfig | None, SummaryConfig | None],
) -> tuple[CompactConfig | None, SummaryConfig | None]:
    compact, summary = policy
    assert compact is not None
    return dataclasses.replace(compact, stable_prefix=False), summary


def last_window(billed: Billed, window: int = WINDOW) -> Billed:
    """The baseline: every request of the unmanaged run cut to the system prompt + last N (its
    retention measured on those cut requests)."""
    run = None if billed.run is None else last_messages(billed.run, window)
    cut = [([m[0], *m[1:][-window:]], out) for m, out in billed.requests]
    return Billed(cut, billed.summary, run)


def price_row(billed: Billed, price: ModelPrice, cache: CacheModel) -> dict[str, Any]:
    simulator = Simulator(cache)
    tools = registry().definitions()
    total = Usage()
    usd = 0.0
    for messages, output in billed.requests:
        usage = simulator.bill(tools, messages, output)
        total = total + usage
        usd += cost_usd(usage, price)
    summary_usd = cost_usd(billed.summary, price)
    read_share = total.cache_read_tokens / total.input_tokens if total.input_tokens else 0.0
    kept = None if billed.run is None else billed.run.retention
    return {
        "facts worst %": None if kept is None else round(100 * kept.minimum, 1),
        "facts final %": None if kept is None else round(100 * kept.final, 1),
        "input tokens": total.input_tokens,
        "cache read %": round(100 * read_share, 1),
        "cache write tokens": total.cache_write_tokens,
        "summary tokens": billed.summary.total_tokens,
        "USD turns": round(usd, 2),
        "USD summaries": round(summary_usd, 2),
        "USD total": round(usd + summary_usd, 2),
    }


def measure(turns: int = 200) -> dict[str, list[dict[str, Any]]]:
    steps = script(turns)
    runs = {name: asyncio.run(bill(steps, *policy)) for name, policy in policies().items()}
    runs[f"last {WINDOW}"] = last_window(runs["none"])
    pricing = Pricing()
    tables: dict[str, list[dict[str, Any]]] = {}
    for label, (provider, model, cache) in TABLES.items():
        price = pricing.price_for(provider, model)
        assert price is not None, f"the shipped price table lost {model}"
        rows = [{"policy": name, **price_row(b, price, cache)} for name, b in runs.items()]
        cheapest = min(r["USD total"] for r in rows)
        for row in rows:
            row["x cheapest"] = round(row["USD total"] / cheapest, 2) if cheapest else 0.0
        tables[f"{label} (USD, cache modelled)"] = rows
    return tables


KEEPS = 95.0
"""The share of facts (at the worst turn) a policy must keep to be a peer the default is priced
against: a policy that costs less by forgetting is no cheaper way to the same conversation."""
OVER_CHEAPEST = 1.05


def run() -> dict[str, Any]:
    tables = measure()
    goals = []
    for label, rows in tables.items():
        by = {r["policy"]: r for r in rows}
        default = by[DEFAULT_POLICY]
        peers = [r for r in rows if (r["facts worst %"] or 0.0) >= KEEPS]
        cheapest = min(peers, key=lambda r: r["USD total"])
        goals.append(
            {
                "goal": f"{label}: the default policy costs at most {OVER_CHEAPEST}x the cheapest "
                f"that keeps >= {KEEPS:g}% of facts at its worst turn (cache reads reported)",
                "measured": f"{DEFAULT_POLICY} ${default['USD total']:.2f} "
                f"(facts worst {default['facts worst %']}%, {default['cache read %']}% cached); "
                f"cheapest keeping {KEEPS:g}%: {cheapest['policy']} ${cheapest['USD total']:.2f} "
                f"({default['USD total'] / cheapest['USD total']:.2f}x)",
                "met": default["USD total"] <= OVER_CHEAPEST * cheapest["USD total"]
                and (default["facts worst %"] or 0.0) >= KEEPS,
            }
        )
    return {"case": "cost", "tables": tables, "goals": goals}


if __name__ == "__main__":
    print_case(run())
