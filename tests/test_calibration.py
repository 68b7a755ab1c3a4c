"""Estimate calibration: the correction learned from reported input tokens, and where it applies.

A loopback server reports 1.3x cl100k_base as usage (tests/usage_server.py): after three turns
the calibrated estimate of a request is within 3% of what the server reports for it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from benchmarks._corpus import documents
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.config import AgentConfig
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore, MemoryStore, SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import AnyMessage, AssistantMessage, Message, ToolUseBlock
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tokens import (
    MIN_TOKENS,
    WINDOW,
    EstimateCalibration,
    calibration_key,
    estimate_message_tokens,
    estimate_messages_tokens,
    estimate_request_tokens,
    estimate_tools_tokens,
    robust_ratio,
)
from nbagent.llm.tools import ToolRegistry
from tests.usage_server import counting_reply
from tests.wire_server import WireServer

FACTOR = 1.3
PROMPTS = documents("server logs", "held-out")[:6]
"""Each a few thousand tokens of number-heavy text: every request is over MIN_TOKENS."""


def search(city: str) -> str:
    """Find hotels.

    Args:
        city: Where.
    """
    return json.dumps({"city": city, "hotels": ["Harbor Inn", "Cedar Lodge"]})


@pytest.fixture
async def counting_server() -> AsyncIterator[Callable[..., WireServer]]:
    """Starts loopback servers reporting ``factor`` x cl100k; stops them and closes the
    providers of :func:`session_on` at the end."""
    servers: list[WireServer] = []

    def start(factor: float = FACTOR, **kw: Any) -> WireServer:
        server = WireServer(default=counting_reply(factor, **kw)).start()
        servers.append(server)
        return server

    yield start
    for provider in _PROVIDERS:
        await provider.aclose()
    _PROVIDERS.clear()
    for server in servers:
        server.stop()


_PROVIDERS: list[OpenAIProvider] = []


def session_on(
    server: WireServer,
    store: MemoryStore | None = None,
    *,
    config: AgentConfig | None = None,
    registry: ToolRegistry | None = None,
) -> AgentSession:
    provider = OpenAIProvider("gpt-test", api_key="sk-test", base_url=server.url + "/v1")
    _PROVIDERS.append(provider)
    builder = AgentBuilder().provider(provider).store(store or InMemoryStore())
    if config is not None:
        builder = builder.config(config)
    if registry is not None:
        builder = builder.tool_registry(registry)
    return builder.build().session("s")


# -- the correction -----------------------------------------------------------------------------


def test_no_reports_and_one_report_leave_the_estimate_alone() -> None:
    assert robust_ratio([]) == 1.0
    assert robust_ratio([(1000, 1300)]) == 1.0  # one report alone never moves it
    assert robust_ratio([(1000, 1300), (2000, 2600)]) == pytest.approx(1.3)
    assert robust_ratio([(1000, 1300), (2000, 2600), (3000, 3900)]) == pytest.approx(1.3)
    # Of the reports that agree, the latest counts: it is the most like the next request.
    assert robust_ratio([(1000, 1250), (3000, 3900)]) == pytest.approx(1.3)
    assert robust_ratio([(1000, 1250), (3000, 3900), (4000, 5000)]) == pytest.approx(1.25)


def test_one_bad_report_does_not_swing_the_correction() -> None:
    good = [(1000 * k, 1300 * k) for k in range(1, 6)]
    for bad in (2.9, 0.4):  # within MAX_RATIO: comparable, but far from the others
        assert robust_ratio([*good, (6000, round(6000 * bad))]) == pytest.approx(1.3)
        assert robust_ratio([good[0], (2000, round(2000 * bad)), *good[1:3]]) == pytest.approx(1.3)
    # Two that disagree: no correction until a third says which one was right.
    assert robust_ratio([(1000, 1300), (1000, 2900)]) == 1.0
    assert robust_ratio([(1000, 1300), (1000, 2900), (2000, 2600)]) == pytest.approx(1.3)


def test_reports_that_compare_nothing_are_ignored() -> None:
    pairs = [(1000, 1300), (2000, 2600)]
    assert robust_ratio([*pairs, (100, 900)]) == pytest.approx(1.3)  # under MIN_TOKENS
    assert robust_ratio([*pairs, (5000, 50)]) == pytest.approx(1.3)  # not the prompt's count
    assert robust_ratio([*pairs, (5000, 0), (None, 4000), (4000, None)]) == pytest.approx(1.3)
    assert MIN_TOKENS == 128


def test_only_the_last_window_of_reports_counts() -> None:
    old = [(1000, 2000)] * WINDOW
    new = [(1000, 1100)] * (WINDOW // 2 + 1)
    assert robust_ratio(old) == 2.0
    assert robust_ratio([*old, *new]) == pytest.approx(1.1)


def test_estimate_calibration_keeps_one_correction_per_model() -> None:
    calibration = EstimateCalibration()
    a, b = calibration_key(OfflineProvider(), "m-a"), calibration_key(OfflineProvider(), "m-b")
    assert a == "offline/m-a"
    assert calibration_key(OfflineProvider()) == f"offline/{OfflineProvider().model}"
    assert calibration.observe(a, 10_000, 10_900) and calibration.factor(a) == 1.0
    assert calibration.observe(a, 12_000, 13_080)
    assert not calibration.observe(a, 10, 30)
    assert calibration.factor(a) == pytest.approx(1.09)  # 13,080 / 12,000
    assert calibration.correct(a, 1000) == 1090 and calibration.reports(a) == 2
    assert calibration.factor(b) == 1.0 and calibration.correct(b, 1000) == 1000
    assert repr(calibration) == "EstimateCalibration(offline/m-a: 1.090)"


# -- what the cycle does with it ----------------------------------------------------------------


def _history() -> list[AnyMessage]:
    messages: list[AnyMessage] = [Message.user("look these up")]
    for k in range(4):
        call = ToolUseBlock(id=f"c{k}", name="search", input={"city": f"city {k}"})
        messages.append(Message.assistant([call]))
        messages.append(Message.tool_result(f"c{k}", "result line\n" * 400, tool_name="search"))
    return messages


@pytest.mark.parametrize(("scale", "compacts"), [(1.0, False), (1.2, False), (2.0, True)])
async def test_the_cycle_scales_estimates_before_the_budget_check(
    scale: float, compacts: bool
) -> None:
    history = _history()
    raw = estimate_messages_tokens([*history, Message.user("and now?")])
    config = CompactConfig(context_window=round(raw * 1.5), reserved_tokens=0, keep_recent=2)
    cycle = LlmCycle(
        OfflineProvider(["done"]), compact_config=config, messages=history, estimate_scale=scale
    )
    await cycle.submit_with_tools("and now?")
    assert bool(cycle.compaction_reports) is compacts
    assert cycle.estimate_scale == scale


async def test_the_cycle_estimates_each_request_with_its_tools() -> None:
    registry = ToolRegistry([search])
    call = MessageResponse(
        message=AssistantMessage(
            content=[ToolUseBlock(id="c", name="search", input={"city": "x"})]
        ),
        stop_reason=StopReason.TOOL_USE,
    )
    provider = OfflineProvider([call, "done"])
    cycle = LlmCycle(provider)
    await cycle.submit_with_tools("find hotels", registry)
    assert len(provider.requests) == 2 and provider.requests[0].tools
    assert cycle.request_estimates == [estimate_request_tokens(r) for r in provider.requests]
    assert cycle.usage.per_call[1].input_tokens == cycle.request_estimates[1]  # offline: ratio 1


def test_a_request_estimate_is_what_the_offline_provider_reports() -> None:
    registry = ToolRegistry([search])
    request = MessageRequest(
        model="m", messages=[Message.user("hotels " * 300)], tools=registry.definitions()
    )
    tools_only = estimate_request_tokens(request) - estimate_messages_tokens(request.messages)
    assert tools_only > 10
    assert estimate_request_tokens(request) == OfflineProvider().estimate_input_tokens(request)


# -- a session against a server whose tokenizer is not cl100k -----------------------------------


async def test_after_three_turns_the_calibrated_estimate_is_within_3_percent(
    counting_server: Callable[..., WireServer],
) -> None:
    registry = ToolRegistry([search])
    session = session_on(counting_server(), registry=registry)
    for prompt in PROMPTS[:4]:
        await session.submit_turn(prompt)
    records = session.timeline
    first, fourth = records[0], records[3]
    # The first turn ran uncorrected: its error is the raw heuristic's against 1.3x cl100k.
    assert first.calibration_factor == 1.0
    assert first.request_tokens_calibrated == first.request_tokens_estimated
    assert first.reported_context_tokens is not None and first.estimate_error is not None
    assert first.estimate_error < -0.15
    # The fourth ran with the ratio the third turn's request was reported at.
    third = records[2]
    assert third.reported_context_tokens is not None and third.request_tokens_estimated
    ratio = third.reported_context_tokens / third.request_tokens_estimated
    assert fourth.calibration_factor == pytest.approx(ratio)
    assert fourth.calibration_key == "openai/gpt-test"
    assert fourth.estimate_error is not None and abs(fourth.estimate_error) <= 0.03
    assert fourth.request_tokens_calibrated == round(
        fourth.request_tokens_estimated * fourth.calibration_factor  # type: ignore[operator]
    )
    # Like with like: the estimate is of the request the server counted, tools included.
    sent = records[2].estimated_context_tokens + estimate_message_tokens(Message.user(PROMPTS[3]))
    assert fourth.request_tokens_estimated == sent + estimate_tools_tokens(registry.definitions())


async def test_one_outlier_report_does_not_swing_later_turns(
    counting_server: Callable[..., WireServer],
) -> None:
    # The fourth call is reported at twice its count: a ratio still within MAX_RATIO.
    server = counting_server(override=lambda call, tokens: tokens * 2 if call == 3 else None)
    session = session_on(server)
    for prompt in PROMPTS[:6]:
        await session.submit_turn(prompt)
    records = session.timeline
    assert records[3].estimate_error is not None and records[3].estimate_error < -0.45
    for record in records[4:]:
        assert record.estimate_error is not None and abs(record.estimate_error) <= 0.03


async def test_calibration_is_no_setting_any_more_and_says_so(
    counting_server: Callable[..., WireServer],
) -> None:
    with pytest.warns(DeprecationWarning, match="calibrate_estimates is no longer a setting"):
        config = AgentConfig(calibrate_estimates=False)
    assert config == AgentConfig()  # ignored: the estimates are calibrated
    session = session_on(counting_server(), config=config)
    for prompt in PROMPTS[:4]:
        await session.submit_turn(prompt)
    assert session.timeline[-1].calibration_factor != 1.0


async def test_the_offline_provider_calibrates_to_exactly_one() -> None:
    session = AgentBuilder().provider(OfflineProvider()).store(InMemoryStore()).build().session("s")
    for prompt in PROMPTS[:3]:
        await session.submit_turn(prompt)
    for record in session.timeline:
        assert record.calibration_factor == 1.0 and record.estimate_error == 0.0
        assert record.request_tokens_estimated == record.reported_context_tokens


async def test_the_watermark_estimate_is_calibrated_when_a_turn_reports_nothing(
    counting_server: Callable[..., WireServer],
) -> None:
    server = counting_server(override=lambda call, tokens: 0 if call == 3 else None)
    summary = SummaryConfig(max_context_tokens=1_000_000, debounce_turns=1)
    config = AgentConfig(summary_config=summary)
    session = session_on(server, config=config)
    for prompt in PROMPTS[:4]:
        await session.submit_turn(prompt)
    records = session.timeline
    assert records[2].watermark == records[2].reported_context_tokens  # reported: the truth
    last = records[3]
    assert last.reported_context_tokens is None and last.estimate_error is None
    assert last.calibration_factor > 1.2
    assert last.watermark == last.calibrated_context_tokens
    assert last.watermark == round(last.estimated_context_tokens * last.calibration_factor)


# -- the record ---------------------------------------------------------------------------------


async def test_the_calibration_fields_are_saved_and_the_correction_resumes(
    counting_server: Callable[..., WireServer], tmp_path: Path
) -> None:
    server = counting_server()
    store = SqliteStore(tmp_path / "s.db")
    session = session_on(server, store)
    for prompt in PROMPTS[:3]:
        await session.submit_turn(prompt)
    saved = [r.to_json(compaction=False) for r in session.timeline]
    await store.close()

    reopened = SqliteStore(tmp_path / "s.db")
    resumed = await dataclasses.replace(session.bundle, store=reopened).open_session("s")
    assert [r.to_json(compaction=False) for r in resumed.timeline] == saved
    assert resumed.timeline[2].calibration_key == "openai/gpt-test"
    await resumed.submit_turn(PROMPTS[3])  # learned from the three saved turns
    last = resumed.timeline[-1]
    assert last.calibration_factor > 1.2
    assert last.estimate_error is not None and abs(last.estimate_error) <= 0.03
    await reopened.close()


def test_records_without_calibration_fields_still_load() -> None:
    old = {
        "turn_index": 0,
        "slot_id": "main",
        "estimated_context_tokens": 1000,
        "reported_context_tokens": 1200,
        "cumulative_tokens": 1300,
    }
    record = TurnRecord.from_json(old)
    assert record.request_tokens_estimated is None and record.request_tokens_calibrated is None
    assert record.calibration_factor == 1.0 and record.calibration_key is None
    assert record.estimate_error is None and record.calibrated_context_tokens == 1000
    full = {**old, "request_tokens_estimated": 900, "request_tokens_calibrated": 1170}
    full |= {"calibration_factor": 1.3, "calibration_key": "openai/m", "estimate_error": -0.025}
    again = TurnRecord.from_json(json.loads(json.dumps(TurnRecord.from_json(full).to_json())))
    assert again.to_json() == TurnRecord.from_json(full).to_json()
    assert again.calibration_factor == 1.3 and again.calibrated_context_tokens == 1300


@pytest.mark.parametrize("factor", ["1.3", 0, -1.0, True])
def test_a_damaged_calibration_factor_is_refused(factor: object) -> None:
    from nbagent.errors import StoreError

    row = {"turn_index": 0, "slot_id": "main", "estimated_context_tokens": 1}
    row |= {"reported_context_tokens": None, "cumulative_tokens": 1, "calibration_factor": factor}
    with pytest.raises(StoreError, match="calibration_factor"):
        TurnRecord.from_json(row)
