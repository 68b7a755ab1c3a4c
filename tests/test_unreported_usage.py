"""Usage a server does not send, or sends wrong: the estimate counts in its place, marked.

llama-cpp-python's server ignores ``stream_options.include_usage``: its stream ends without a
usage chunk (issue 23 item 1). A broken gateway reports ``prompt_tokens = 10**9`` for a
300-token prompt (issue 24 item 7). Both are answered over a real loopback server with the
exact bytes such a server sends; the session counts nbagent's calibrated estimate instead, says
so once, marks it in the tables, never bills it and never learns calibration from it.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from nbagent.agent import spend_totals
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.notebook.cost_view import CostView, cost_table, spend_label
from tests.agent_support import make_session
from tests.wire_server import RecordedRequest, Reply, WireServer, json_reply, sse_reply

FILLER = (
    "The warehouse in Tilburg ships pallets on Tuesdays and Thursdays; the courier picks them "
    "up before noon and the invoices go out the next morning. "
) * 6


def llamacpp_stream(text: str) -> Reply:
    """A stream as llama-cpp-python's server sends it: role, content, finish, no usage."""
    head = {
        "id": "chatcmpl-7c1e",
        "object": "chat.completion.chunk",
        "created": 1764680000,
        "model": "SmolLM2-135M-Instruct.Q4_1.gguf",
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return {**head, "choices": [choice]}

    words = text.split(" ")
    pieces: list[dict[str, Any] | str] = [chunk({"role": "assistant"})]
    pieces += [chunk({"content": w if i == 0 else " " + w}) for i, w in enumerate(words)]
    pieces += [chunk({}, "stop"), "[DONE]"]
    return sse_reply(pieces)


def gateway_reply(prompt_tokens: int) -> Reply:
    body = {
        "id": "chatcmpl-gw",
        "object": "chat.completion",
        "created": 1764680000,
        "model": "gpt-4o-mini",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "Noted, pallets on Tuesdays."},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 7, "total_tokens": 0},
    }
    return json_reply(body)


def llamacpp(request: RecordedRequest) -> Reply:
    if request.json.get("stream"):
        return llamacpp_stream("Noted: pallets leave Tilburg on Tuesdays and Thursdays.")
    body = {  # the summary call, not streamed: llama.cpp sends its usage there
        "id": "chatcmpl-s",
        "object": "chat.completion",
        "created": 1764680000,
        "model": "SmolLM2-135M-Instruct.Q4_1.gguf",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "Pallets ship Tue/Thu."},
                "finish_reason": "stop",
            }
        ],
    }
    return json_reply(body)


async def test_a_stream_without_usage_counts_the_estimate_marked_and_fires_the_watermark(
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = WireServer(default=llamacpp).start()
    provider = OpenAIProvider("local", api_key="none", base_url=server.url + "/v1", max_retries=0)
    summary = SummaryConfig(
        max_context_tokens=2_000, trigger_token_ratio=0.5, debounce_turns=1, watermark="cumulative"
    )
    session = make_session(provider, summary=summary)
    try:
        with caplog.at_level(logging.WARNING, logger="nbagent.llm.cycle"):
            for n in range(4):
                async with session.stream_turn(f"Note {n}: {FILLER}") as events:
                    async for _ in events:
                        pass
    finally:
        await provider.aclose()
        server.stop()
    streamed = [r for r in server.requests if r.json.get("stream")]
    assert all(r.json.get("stream_options") == {"include_usage": True} for r in streamed)
    timeline = session.timeline
    # Each turn's tokens are the calibrated estimate of its request, not 0.
    for record in timeline:
        (usage,) = record.request_usage
        assert usage.estimated
        assert usage.input_tokens == record.request_tokens_calibrated > 150
        assert usage.output_tokens > 0
        assert record.reported_context_tokens is None  # not a report: teaches no calibration
        assert record.estimate_error is None
        assert record.usage_estimated
    total = session.cost_so_far.total
    assert total.estimated
    assert total.input_tokens == sum(r.request_usage[0].input_tokens for r in timeline)
    # The cumulative watermark counts them, so the summary fires when it crosses 1,000.
    assert [r.watermark for r in timeline] == [r.cumulative_tokens for r in timeline]
    assert any(r.summary_fired for r in timeline)
    # Said once, not every turn, and in words that say what happened.
    told = [r.getMessage() for r in caplog.records if "no token usage" in r.getMessage()]
    assert len(told) == 1
    assert "counting nbagent's estimate in its place" in told[0]
    # The tables mark it and bill nothing.
    table = cost_table(session)
    assert table["usage_estimated"].tolist() == [True] * len(timeline)
    assert table["input_tokens"].tolist() == [r.request_usage[0].input_tokens for r in timeline]
    lines = CostView.from_session(session).lines()
    assert any("nbagent's estimates and their USD is unknown" in line for line in lines)
    assert "~" in lines[1] and "(estimated in part)" in lines[1]
    assert "estimated in part" in spend_label(session)


async def test_an_absurd_usage_report_is_not_the_watermark_nor_billed() -> None:
    server = WireServer(default=lambda request: gateway_reply(10**9)).start()
    provider = OpenAIProvider("gpt-4o-mini", "sk-gw", server.url + "/v1", max_retries=0)
    summary = SummaryConfig(max_context_tokens=32_000, debounce_turns=1)
    session = make_session(provider, summary=summary)
    try:
        for n in range(10):
            await session.submit_turn(f"Turn {n}: {FILLER[:300]}")
    finally:
        await provider.aclose()
        server.stop()
    timeline = session.timeline
    assert not any(r.summary_fired for r in timeline)  # 10**9 would fire one every turn
    assert all(r.watermark is not None and r.watermark < 5_000 for r in timeline)
    assert all(r.usage_estimated and r.cost_usd is None for r in timeline)
    totals = spend_totals(timeline)
    assert totals.total_usd == 0.0  # not $1,500
    assert totals.unreported_turns == tuple(range(10))
    assert totals.unpriced_models == ()  # gpt-4o-mini has a price; its report was the fault
    assert session.cost_so_far.total.input_tokens < 20_000
    assert all(r.calibration_factor == 1.0 for r in timeline)


async def test_a_plausible_report_is_kept_as_the_server_sent_it() -> None:
    def reply(request: RecordedRequest) -> Reply:
        body = json.loads(gateway_reply(0).body)  # type: ignore[arg-type]
        body["usage"] = {"prompt_tokens": 412, "completion_tokens": 9}
        return json_reply(body)

    server = WireServer(default=reply).start()
    provider = OpenAIProvider("gpt-4o-mini", "sk-ok", server.url + "/v1", max_retries=0)
    session = make_session(provider)
    try:
        await session.submit_turn(FILLER[:600])
    finally:
        await provider.aclose()
        server.stop()
    (record,) = session.timeline
    assert record.request_usage[0].input_tokens == 412
    assert not record.usage_estimated
    assert record.reported_context_tokens == 412
    assert record.cost_usd is not None and record.cost_usd > 0


@pytest.mark.parametrize(
    ("reported", "expected"),
    [
        (10**9, False),  # the broken gateway
        (10_000_001, False),  # more than any model reads in one request
        (9_000_000, True),  # a 10M-token window exists (Llama 4 Scout)
        (1_512, True),  # a recorded exchange's cached system prompt: billed as reported
        (0, False),  # no report: the estimate stands in
    ],
)
def test_a_report_is_doubted_only_when_no_request_could_read_that_much(
    reported: int, expected: bool
) -> None:
    from nbagent.llm.tokens import plausible

    assert plausible(reported) is expected
