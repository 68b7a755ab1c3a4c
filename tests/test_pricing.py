"""Prices: the shipped table, overrides, model-id matching and the USD arithmetic."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from nbagent.errors import ConfigurationError
from nbagent.llm.pricing import (
    CostBreakdown,
    ModelPrice,
    Pricing,
    Usage,
    cost_breakdown,
    cost_usd,
    shipped_prices,
)
from nbagent.llm.providers.registry import DEFAULT_MODELS

SONNET = ModelPrice("claude-sonnet-4-5", 3.0, 0.30, 3.75, 15.0, cache_write_1h=6.0)


def test_cost_splits_input_into_uncached_read_and_write() -> None:
    # 10,000 input tokens of which 6,000 read from and 2,000 written to the cache.
    usage = Usage(
        input_tokens=10_000, output_tokens=1_000, cache_read_tokens=6_000, cache_write_tokens=2_000
    )
    parts = cost_breakdown(usage, SONNET)
    assert parts == CostBreakdown(
        uncached_input=pytest.approx(0.006),
        cache_read=pytest.approx(0.0018),
        cache_write=pytest.approx(0.0075),
        output=pytest.approx(0.015),
    )
    assert parts.input == pytest.approx(0.0153)
    assert cost_usd(usage, SONNET) == pytest.approx(0.0303)
    # The 1-hour TTL writes at 2x input: 2,000 x $6 instead of $3.75.
    assert cost_usd(usage, SONNET, ttl="1h") == pytest.approx(0.0348)


def test_cost_without_cache_and_of_nothing() -> None:
    usage = Usage(input_tokens=1_000_000, output_tokens=1_000_000)
    assert cost_usd(usage, SONNET) == pytest.approx(18.0)
    assert cost_usd(Usage(), SONNET) == 0.0


def test_over_reported_cache_never_makes_uncached_input_negative() -> None:
    usage = Usage(input_tokens=100, cache_read_tokens=150)
    assert cost_breakdown(usage, SONNET).uncached_input == 0.0
    assert cost_usd(usage, SONNET) == pytest.approx(150 * 0.30 / 1e6)


def test_shipped_sonnet_row_is_the_published_price() -> None:
    price = Pricing().price_for("anthropic", "claude-sonnet-4-5")
    assert price is not None
    assert (price.input, price.cached_input, price.cache_write, price.output) == (
        3.0,
        0.3,
        3.75,
        15.0,
    )
    assert price.cache_write_1h == 6.0
    assert price.source.startswith("https://")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", price.as_of)


@pytest.mark.parametrize(
    ("provider", "model", "expected"),
    [
        ("openai", "gpt-4o", (2.5, 1.25, 2.5, 10.0)),
        ("openai", "gpt-4o-mini", (0.15, 0.075, 0.15, 0.6)),
        ("openai", "gpt-4.1", (2.0, 0.5, 2.0, 8.0)),
        ("openai", "gpt-4.1-mini", (0.4, 0.1, 0.4, 1.6)),
        ("openai", "o4-mini", (1.1, 0.275, 1.1, 4.4)),
        ("anthropic", "claude-opus-4-1", (15.0, 1.5, 18.75, 75.0)),
        ("anthropic", "claude-haiku-4-5", (1.0, 0.1, 1.25, 5.0)),
        ("anthropic", "claude-3-5-haiku", (0.8, 0.08, 1.0, 4.0)),
        ("deepseek", "deepseek-chat", (0.28, 0.028, 0.28, 0.42)),
        ("deepseek", "deepseek-reasoner", (0.28, 0.028, 0.28, 0.42)),
        ("qwen", "qwen-plus", (0.4, 0.08, 0.4, 1.2)),
        ("qwen", "qwen-max", (1.6, 0.32, 1.6, 6.4)),
        ("qwen", "qwen-turbo", (0.05, 0.01, 0.05, 0.2)),
    ],
)
def test_common_models_of_every_preset_are_priced(
    provider: str, model: str, expected: tuple[float, float, float, float]
) -> None:
    price = Pricing().price_for(provider, model)
    assert price is not None
    assert (price.input, price.cached_input, price.cache_write, price.output) == pytest.approx(
        expected
    )


def test_every_default_model_has_a_price() -> None:
    pricing = Pricing()
    for provider, model in DEFAULT_MODELS.items():
        assert pricing.price_for(provider, model) is not None, provider


@pytest.mark.parametrize(
    ("provider", "model", "base"),
    [
        ("anthropic", "claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("anthropic", "claude-sonnet-4-5@20250929", "claude-sonnet-4-5"),
        ("anthropic", "claude-3-5-haiku-latest", "claude-3-5-haiku"),
        ("claude", "claude-opus-4-1-20250805", "claude-opus-4-1"),
        ("openai", "gpt-4o-mini-2024-07-18", "gpt-4o-mini"),
        ("openai", "gpt-4o-2024-08-06", "gpt-4o"),
        ("openai", "o4-mini-2025-04-16", "o4-mini"),
        ("openai", "GPT-4o-Mini", "gpt-4o-mini"),
        ("dashscope", "qwen-plus-2025-01-25", "qwen-plus"),
        ("qwen", "qwen-plus-latest", "qwen-plus"),
        # Served through another preset or a gateway: still the vendor's price.
        ("openai", "deepseek-chat", "deepseek-chat"),
        (None, "openai/gpt-4o", "gpt-4o"),
        (None, "claude-haiku-4-5", "claude-haiku-4-5"),
    ],
)
def test_snapshots_aliases_and_prefixes_match_their_base_row(
    provider: str | None, model: str, base: str
) -> None:
    price = Pricing().price_for(provider, model)
    assert price is not None
    assert price.model == base


def test_mini_is_not_priced_as_its_bigger_sibling() -> None:
    pricing = Pricing()
    mini = pricing.price_for("openai", "gpt-4o-mini-2024-07-18")
    assert mini is not None and mini.input == 0.15
    nano = pricing.price_for("openai", "gpt-4.1-nano")
    assert nano is not None and nano.input == 0.1


@pytest.mark.parametrize(
    ("provider", "model"),
    [("openai", "gpt-99"), ("anthropic", "claude-unknown"), (None, "my-model"), ("openai", "")],
)
def test_unknown_models_have_no_price_not_zero(provider: str | None, model: str) -> None:
    pricing = Pricing()
    assert pricing.price_for(provider, model) is None
    assert pricing.cost(provider, model, Usage(input_tokens=10)) is None


@pytest.mark.parametrize(
    ("provider", "model"),
    [
        ("ollama", "qwen3:8b"),
        ("llamacpp", "gemma"),
        ("llama.cpp", "local-model"),
        ("vllm", "Qwen/Qwen3-8B"),
        ("offline", "offline-demo"),
    ],
)
def test_local_servers_are_free_by_name(provider: str, model: str) -> None:
    price = Pricing().price_for(provider, model)
    assert price is not None
    assert price.is_free
    assert price.model == model
    assert price.source in {"local", "offline"}
    # A local server called "qwen-plus" is still local, not DashScope.
    free = Pricing().price_for(provider, "qwen-plus")
    assert free is not None and free.is_free


def test_overrides_win_and_with_price_leaves_the_original_alone() -> None:
    mine = ModelPrice("my-model", 1.0, 0.1, 1.0, 4.0, source="contract", as_of="2026-11-30")
    cheap = ModelPrice("gpt-4o", 1.0, 0.5, 1.0, 4.0, provider="openai")
    pricing = Pricing(overrides={"my-model": mine, "openai:gpt-4o": cheap})
    assert pricing.price_for("anthropic", "my-model") == mine
    assert pricing.price_for("openai", "gpt-4o-2024-08-06") == cheap
    usage = Usage(input_tokens=1_000_000, output_tokens=500_000)
    assert pricing.cost(None, "my-model", usage) == pytest.approx(3.0)

    base = Pricing()
    changed = base.with_price(ModelPrice("claude-sonnet-4-5", 2.0, 0.2, 2.5, 10.0))
    shipped = base.price_for("anthropic", "claude-sonnet-4-5")
    new = changed.price_for("anthropic", "claude-sonnet-4-5-20250929")
    assert shipped is not None and shipped.input == 3.0
    assert new is not None and new.input == 2.0
    assert base != changed
    assert Pricing() == Pricing()
    assert len(changed) == len(base) + 1
    assert "claude-sonnet-4-5" in repr(changed)


def test_overrides_from_an_iterable_key_by_provider() -> None:
    local = ModelPrice("gemma", 0.01, 0.0, 0.01, 0.02, provider="llamacpp")
    pricing = Pricing([local])
    assert pricing.price_for("llamacpp", "gemma") == local
    assert pricing.price_for("llamacpp", "other") is not None
    assert pricing.price_for("llamacpp", "other").is_free  # type: ignore[union-attr]


def test_an_empty_table_knows_nothing() -> None:
    assert Pricing(table=[]).price_for("anthropic", "claude-sonnet-4-5") is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"input": -1.0},
        {"output": float("nan")},
        {"cached_input": float("inf")},
        {"cache_write_1h": -2.0},
        {"model": " "},
    ],
)
def test_bad_prices_fail_at_construction(kwargs: dict[str, object]) -> None:
    fields: dict[str, object] = {
        "model": "m",
        "input": 1.0,
        "cached_input": 0.1,
        "cache_write": 1.0,
        "output": 2.0,
    }
    fields.update(kwargs)
    with pytest.raises(ConfigurationError):
        ModelPrice(**fields)  # type: ignore[arg-type]


def test_overrides_must_be_prices() -> None:
    with pytest.raises(ConfigurationError, match="ModelPrice"):
        Pricing(overrides={"m": 3.0})  # type: ignore[dict-item]


def test_shipped_table_is_package_data_with_source_and_date_on_every_row() -> None:
    text = resources.files("nbagent.llm").joinpath("prices.json").read_text(encoding="utf-8")
    rows = json.loads(text)["prices"]
    assert len(rows) == len(shipped_prices()) >= 20
    for row in shipped_prices():
        assert row.provider is not None
        assert row.source == "local" or row.source == "offline" or row.source.startswith("https://")
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", row.as_of), row
        assert row.cached_input <= row.input <= row.cache_write or row.is_free
        assert ModelPrice.from_dict(row.to_dict()) == row
    keys = [(r.provider, r.model) for r in shipped_prices()]
    assert len(keys) == len(set(keys))


def test_pyproject_ships_the_price_table() -> None:
    import tomllib
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert "llm/prices.json" in pyproject["tool"]["setuptools"]["package-data"]["nbagent"]


def test_an_override_key_with_a_colon_also_names_a_model() -> None:
    price = ModelPrice("qwen:7b", 0.01, 0.0, 0.01, 0.02)
    pricing = Pricing(overrides={"qwen:7b": price}, table=[])
    assert pricing.price_for("qwen", "7b") == price
    assert pricing.price_for("openai", "qwen:7b") == price


def test_a_snapshot_with_a_price_of_its_own_uses_it() -> None:
    pricing = Pricing()
    first = pricing.price_for("openai", "gpt-4o-2024-05-13")
    assert first is not None
    assert (first.model, first.input, first.output) == ("gpt-4o-2024-05-13", 5.0, 15.0)
    # Through a gateway's vendor prefix, too; its siblings keep the base row.
    routed = pricing.price_for(None, "openai/gpt-4o-2024-05-13")
    assert routed is not None and routed.input == 5.0
    later = pricing.price_for("openai", "gpt-4o-2024-11-20")
    assert later is not None and (later.model, later.input) == ("gpt-4o", 2.5)
    # An override of the base model does not reprice the snapshot with a row of its own;
    # an override of the snapshot does.
    cheap = ModelPrice(model="gpt-4o", input=1.0, cached_input=0.5, cache_write=1.0, output=4.0)
    based = Pricing(overrides={"gpt-4o": cheap})
    assert based.price_for("openai", "gpt-4o-2024-05-13").input == 5.0  # type: ignore[union-attr]
    assert based.price_for("openai", "gpt-4o-2024-08-06").input == 1.0  # type: ignore[union-attr]
    own = ModelPrice(
        model="gpt-4o-2024-05-13", input=4.0, cached_input=4.0, cache_write=4.0, output=12.0
    )
    mine = Pricing(overrides={"gpt-4o-2024-05-13": own})
    assert mine.price_for("openai", "gpt-4o-2024-05-13").input == 4.0  # type: ignore[union-attr]
    # A turn billed as the snapshot the server named costs the snapshot's price.
    usage = Usage(input_tokens=1_000_000, output_tokens=100_000)
    assert cost_usd(usage, first) == pytest.approx(5.0 + 1.5)
