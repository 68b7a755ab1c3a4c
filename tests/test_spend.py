"""USD per turn and per summary call in the turn record, saved and read back."""

from __future__ import annotations

import pytest

from nbagent.agent import SpendTotals, spend_totals
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.config import AgentConfig
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.messages import AssistantMessage, TextBlock
from nbagent.llm.pricing import ModelPrice, Pricing, Usage
from nbagent.llm.providers.offline import FunctionProvider
from nbagent.llm.request import MessageRequest, MessageResponse, PromptCache
from tests.agent_support import is_summary

TURN_USAGE = Usage(
    input_tokens=10_000, output_tokens=1_000, cache_read_tokens=6_000, cache_write_tokens=2_000
)
# At Sonnet 4.5: 2,000 x $3 + 6,000 x $0.30 + 2,000 x $3.75 + 1,000 x $15 per Mtok.
TURN_USD = 0.0303
SUMMARY_USAGE = Usage(input_tokens=4_000, output_tokens=500)
# At Haiku 4.5: 4,000 x $1 + 500 x $5 per Mtok.
SUMMARY_USD = 0.0065


def answer(model: str, usage: Usage, text: str) -> MessageResponse:
    message = AssistantMessage(content=[TextBlock(text=text)])
    return MessageResponse(message=message, usage=usage, model=model)


class ClaudeLike(FunctionProvider):
    """Answers as the Anthropic API would name its models, offline."""

    name = "anthropic"

    def __init__(self, turn_model: str = "claude-sonnet-4-5-20250929") -> None:
        def fn(request: MessageRequest) -> MessageResponse:
            if is_summary(request):
                return answer("claude-haiku-4-5-20251001", SUMMARY_USAGE, "the summary")
            return answer(turn_model, TURN_USAGE, "a reply")

        super().__init__(fn)


def summarising() -> SummaryConfig:
    return SummaryConfig(
        max_context_tokens=1_000,
        trigger_token_ratio=0.5,
        debounce_turns=1,
        summary_model="claude-haiku-4-5",
        fact_ledger=False,
    )


async def test_turn_and_summary_are_priced_at_their_own_models() -> None:
    store = InMemoryStore()
    builder = AgentBuilder().provider(ClaudeLike()).store(store).summary_config(summarising())
    session = await builder.build().open_session("s")
    await session.submit_turn("one")
    await session.submit_turn("two")  # turn 1: over the line, out of the debounce window

    first, second = session.timeline
    assert first.cost_model == "claude-sonnet-4-5-20250929"
    assert first.cost_usd == pytest.approx(TURN_USD)
    assert first.summary_cost_model is None and first.summary_cost_usd is None
    assert second.summary_status is SummaryStatus.FIRED
    assert second.summary_cost_model == "claude-haiku-4-5-20251001"
    assert second.summary_cost_usd == pytest.approx(SUMMARY_USD)

    totals = spend_totals(session.timeline)
    assert totals.conversation_usd == pytest.approx(2 * TURN_USD)
    assert totals.summary_usd == pytest.approx(SUMMARY_USD)
    assert totals.total_usd == pytest.approx(2 * TURN_USD + SUMMARY_USD)
    assert (totals.turns, totals.summaries, totals.complete) == (2, 1, True)

    # Saved with the turn and its summary update, read back on resume.
    again = await AgentBuilder().provider(ClaudeLike()).store(store).build().open_session("s")
    assert [r.cost_usd for r in again.timeline] == pytest.approx([TURN_USD, TURN_USD])
    assert again.timeline[1].summary_cost_usd == pytest.approx(SUMMARY_USD)
    assert again.timeline[1].summary_cost_model == "claude-haiku-4-5-20251001"


async def test_streamed_turn_is_priced_too() -> None:
    session = await AgentBuilder().provider(ClaudeLike()).build().open_session("s")
    async with session.stream_turn("hello") as events:
        async for _ in events:
            pass
    assert session.timeline[0].cost_usd == pytest.approx(TURN_USD)


async def test_unknown_model_has_no_price_and_is_listed() -> None:
    provider = ClaudeLike(turn_model="claude-from-the-future")
    session = await AgentBuilder().provider(provider).build().open_session("s")
    await session.submit_turn("hi")
    record = session.timeline[0]
    assert record.cost_usd is None
    assert record.cost_model == "claude-from-the-future"
    totals = spend_totals(session.timeline)
    assert totals.conversation_usd == 0.0
    assert totals.unpriced_turns == (0,)
    assert totals.unpriced_models == ("claude-from-the-future",)
    assert not totals.complete


async def test_builder_pricing_overrides_the_shipped_table() -> None:
    mine = ModelPrice("claude-from-the-future", 1.0, 0.1, 1.0, 2.0, source="contract")
    provider = ClaudeLike(turn_model="claude-from-the-future")
    bundle = AgentBuilder().provider(provider).pricing(Pricing(overrides=[mine])).build()
    session = await bundle.open_session("s")
    await session.submit_turn("hi")
    # 2,000 x $1 + 6,000 x $0.10 + 2,000 x $1 + 1,000 x $2 per Mtok.
    assert session.timeline[0].cost_usd == pytest.approx(0.0066)


async def test_requested_model_prices_a_reply_that_names_no_known_model() -> None:
    provider = ClaudeLike(turn_model="")
    bundle = (
        AgentBuilder()
        .provider(provider)
        .cycle_config(CycleConfig(model="claude-sonnet-4-5"))
        .build()
    )
    session = await bundle.open_session("s")
    await session.submit_turn("hi")
    assert session.timeline[0].cost_model == "claude-sonnet-4-5"
    assert session.timeline[0].cost_usd == pytest.approx(TURN_USD)


async def test_offline_turns_cost_zero_not_unknown() -> None:
    session = await AgentBuilder().provider("offline").build().open_session("s")
    await session.submit_turn("hi")
    assert session.timeline[0].cost_usd == 0.0
    assert session.timeline[0].cost_model == "offline-demo"


def test_old_records_load_without_prices_and_bad_ones_fail() -> None:
    old = {"turn_index": 0, "slot_id": "main", "estimated_context_tokens": 5,
           "reported_context_tokens": None, "cumulative_tokens": 5}  # fmt: skip
    record = TurnRecord.from_json(old)
    assert (record.cost_model, record.cost_usd, record.summary_cost_usd) == (None, None, None)
    assert spend_totals([record]) == SpendTotals(turns=1, unpriced_turns=(0,))
    priced = TurnRecord.from_json({**old, "cost_model": "m", "cost_usd": 0.25})
    assert TurnRecord.from_json(priced.to_json()).cost_usd == 0.25
    with pytest.raises(StoreError, match="cost_usd"):
        TurnRecord.from_json({**old, "cost_usd": "0.25"})


def test_config_refuses_a_pricing_that_is_not_one() -> None:
    with pytest.raises(ConfigurationError, match="Pricing"):
        AgentConfig(pricing={"gpt-4o": 1.0})  # type: ignore[arg-type]
    assert AgentConfig().pricing == Pricing()


async def test_one_hour_cache_writes_bill_at_their_own_rate() -> None:
    provider = ClaudeLike()
    provider.prompt_cache = PromptCache(ttl="1h")  # as AnthropicProvider(prompt_cache=...) keeps it
    session = await AgentBuilder().provider(provider).build().open_session("s")
    await session.submit_turn("hi")
    # The 2,000 written tokens at $6 (2x input) instead of $3.75 per Mtok.
    assert session.timeline[0].cost_usd == pytest.approx(TURN_USD + 2_000 * (6.0 - 3.75) / 1e6)


async def test_a_reply_without_usage_is_unpriced_not_free() -> None:
    # Issue 25: a server that sends no usage (llama.cpp streaming, some gateways) was billed $0.
    provider = FunctionProvider(
        lambda request: answer("claude-sonnet-4-5-20250929", Usage(), "a reply")
    )
    provider.name = "anthropic"  # type: ignore[misc]
    session = await AgentBuilder().provider(provider).build().open_session("s")
    await session.submit_turn("hi")
    record = session.timeline[0]
    assert (record.cost_model, record.cost_usd) == ("claude-sonnet-4-5-20250929", None)
    totals = spend_totals(session.timeline)
    assert totals.unpriced_turns == (0,) and not totals.complete
