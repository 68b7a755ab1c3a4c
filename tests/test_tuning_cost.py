"""tune_summary in money: every setting billed with the provider's prompt cache modelled."""

from __future__ import annotations

from pathlib import Path

import pytest

from nbagent.errors import ConfigurationError
from nbagent.llm.pricing import ModelPrice, Pricing, cost_usd
from nbagent.llm.prompt_cache import AUTOMATIC_CACHE
from nbagent.notebook.tuning import tune_summary

TRANSCRIPT = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "travel_60_turns.jsonl"
GRID = {"trigger_token_ratio": [0.25, 0.75], "max_context_tokens": 32_000}


def test_settings_are_billed_with_the_cache_modelled() -> None:
    result = tune_summary(TRANSCRIPT, GRID, price="anthropic:claude-sonnet-4-5", progress=False)
    table = result.table
    assert {"usd", "cache_read_share"} <= set(table.columns)
    price = Pricing().price_for("anthropic", "claude-sonnet-4-5")
    assert price is not None
    for row, run in zip(table.to_dict("records"), result.runs, strict=True):
        turns, summaries = run.session.cost_so_far.total, run.session.summary_cost.total
        assert turns.cache_read_tokens > 0 and turns.cache_write_tokens > 0
        assert row["usd"] == round(cost_usd(turns, price) + cost_usd(summaries, price), 4)
        assert row["cache_read_share"] == round(turns.cache_read_tokens / turns.input_tokens, 4)
        # Token figures are the same as an unpriced replay's: only the billing is added.
    plain = tune_summary(TRANSCRIPT, GRID, progress=False).table
    assert plain["total_tokens"].tolist() == table["total_tokens"].tolist()
    assert "usd" not in plain.columns
    # A summary every few turns rewrites the head of the request: the low trigger reads less
    # of its input from the cache than the high one.
    low, high = table["cache_read_share"].tolist()
    assert low < high


def test_a_price_can_be_given_with_another_cache_and_unknown_models_fail() -> None:
    mine = ModelPrice("mine", input=1.0, cached_input=0.5, cache_write=1.0, output=2.0)
    result = tune_summary(TRANSCRIPT, GRID, price=mine, cache=AUTOMATIC_CACHE, progress=False)
    assert all(0 < share < 1 for share in result.table["cache_read_share"])
    assert all(run.session.cost_so_far.total.cache_write_tokens == 0 for run in result.runs)
    with pytest.raises(ConfigurationError, match="no known price for 'acme:unknown-9'"):
        tune_summary(TRANSCRIPT, GRID, price="acme:unknown-9", progress=False)


def test_a_priced_grid_over_two_transcripts_adds_up_its_usd() -> None:
    one = tune_summary(TRANSCRIPT, GRID, price="anthropic:claude-sonnet-4-5", progress=False)
    both = tune_summary(
        [TRANSCRIPT, TRANSCRIPT], GRID, price="anthropic:claude-sonnet-4-5", progress=False
    )
    table = both.table
    assert table["usd"].tolist() == [round(2 * u, 4) for u in one.table["usd"]]
    # The same transcript twice reads the same share of its input from the cache.
    assert table["cache_read_share"].tolist() == one.table["cache_read_share"].tolist()
