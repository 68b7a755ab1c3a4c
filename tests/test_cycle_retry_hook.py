"""The RETRY hook: the HTTP layer's retries reach the cycle's hooks, streamed or not."""

from __future__ import annotations

from typing import Any

import pytest

from nbagent.errors import RateLimitError
from nbagent.llm.cycle import CycleConfig, LlmCycle
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.retries import RetryNotice, retry_listener
from nbagent.llm.tools import ToolRegistry
from tests.wire_server import (
    json_reply,
    sse_reply,
    wire_server_fixture,  # noqa: F401
)

RATE_LIMITED = json_reply(
    {"error": {"message": "slow down", "type": "requests", "code": "rate_limit"}},
    status=429,
    headers=[("retry-after-ms", "20")],
)
COMPLETION = {
    "id": "c1",
    "object": "chat.completion",
    "model": "m",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}
    ],
    "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6},
}
STREAM = sse_reply(
    [
        {
            "id": "c1",
            "object": "chat.completion.chunk",
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": "ok"}, "finish_reason": "stop"}],
        },
        "[DONE]",
    ]
)


def recording_cycle(url: str) -> tuple[LlmCycle, list[tuple[HookEvent, HookContext]]]:
    seen: list[tuple[HookEvent, HookContext]] = []
    hooks = HookExecutor()
    for event in (HookEvent.BEFORE_REQUEST, HookEvent.RETRY, HookEvent.AFTER_RESPONSE):
        hooks.register(event, lambda ctx, event=event: seen.append((event, ctx)))
    provider = OpenAIProvider("m", api_key="sk-test", base_url=url + "/v1")
    return LlmCycle(provider, CycleConfig(model="m"), hook_executor=hooks), seen


@pytest.mark.parametrize("stream", [False, True])
async def test_a_retry_fires_the_retry_hook_between_request_and_response(
    wire_server: Any, stream: bool
) -> None:
    server = wire_server(RATE_LIMITED, STREAM if stream else json_reply(COMPLETION))
    cycle, seen = recording_cycle(server.url)
    try:
        if stream:
            events = [e async for e in cycle.submit_stream("hi", ToolRegistry())]
            assert events
        else:
            await cycle.submit_with_tools("hi", ToolRegistry())
    finally:
        await cycle.provider.aclose()  # type: ignore[attr-defined]
    assert cycle.messages()[-1].text() == "ok"
    assert [event for event, _ in seen] == [
        HookEvent.BEFORE_REQUEST,
        HookEvent.RETRY,
        HookEvent.AFTER_RESPONSE,
    ]
    retry = seen[1][1]
    assert retry.attempt == 2
    assert isinstance(retry.error, RateLimitError)
    assert retry.data == {"provider": "openai", "delay": 0.02, "max_retries": 2}
    assert retry.request is not None and retry.request.messages[-1].text() == "hi"
    # The listener is the cycle's only while it calls the provider.
    assert retry_listener.get() is None


async def test_a_failing_retry_listener_does_not_stop_the_retry(wire_server: Any) -> None:
    server = wire_server(RATE_LIMITED, json_reply(COMPLETION))
    provider = OpenAIProvider("m", api_key="sk-test", base_url=server.url + "/v1")
    notices: list[RetryNotice] = []

    async def broken(notice: RetryNotice) -> None:
        notices.append(notice)
        raise RuntimeError("listener bug")

    retry_listener.set(broken)
    try:
        from nbagent.llm.messages import Message
        from nbagent.llm.request import MessageRequest

        response = await provider.chat(MessageRequest(messages=[Message.user("hi")]))
    finally:
        retry_listener.set(None)
        await provider.aclose()
    assert response.text() == "ok"
    assert [(n.attempt, n.max_retries, n.delay) for n in notices] == [(1, 2, 0.02)]
