"""The shared HTTP layer: retry rules as pure functions, error mapping, and real loopback I/O."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import httpx
import pytest

from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ConflictError,
    ContextWindowExceededError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    ProtocolError,
    RateLimitError,
    RequestTooLargeError,
    StreamError,
    UnprocessableEntityError,
)
from nbagent.llm.providers._http import (
    HttpClient,
    error_from_response,
    parse_retry_after,
    retry_delay,
    should_retry,
)
from tests.wire_server import (
    ERROR_STATUSES,
    Reply,
    WireServer,
    free_port,
    json_reply,
    sse_reply,
    wire_server_fixture,  # noqa: F401
)

KEY = "sk-test-SECRET-0123456789"

GENEROUS = 30.0
"""Every wait that must not fire (connecting, sending, answers that come at once, a test's own
bound): a busy CI machine can stall a thread for a second, never for this long."""


def read_timeout(seconds: float) -> httpx.Timeout:
    """A short read timeout, for a server that never answers; everything else generous, so
    only the read timeout can fire (a 0.2 s connect timeout can fire on a busy machine before
    the request is even sent)."""
    return httpx.Timeout(GENEROUS, read=seconds)


def headers(**values: str) -> httpx.Headers:
    return httpx.Headers({name.replace("_", "-"): value for name, value in values.items()})


# --- should_retry -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (400, False),
        (401, False),
        (403, False),
        (404, False),
        (408, True),
        (409, True),
        (413, False),
        (422, False),
        (429, True),
        (500, True),
        (502, True),
        (503, True),
        (529, True),
    ],
)
def test_should_retry_by_status(status: int, expected: bool) -> None:
    assert should_retry(status, httpx.Headers()) is expected


@pytest.mark.parametrize(
    ("status", "header", "expected"),
    [(400, "true", True), (500, "false", False), (429, "FALSE", False), (503, "maybe", True)],
)
def test_x_should_retry_overrides_status(status: int, header: str, expected: bool) -> None:
    assert should_retry(status, headers(x_should_retry=header)) is expected


# --- parse_retry_after ------------------------------------------------------------------------

NOW = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"retry-after-ms": "200"}, 0.2),
        ({"retry-after-ms": "60000"}, 60.0),
        ({"retry-after-ms": "60001"}, None),
        ({"retry-after-ms": "0"}, None),
        ({"retry-after-ms": "-5"}, None),
        ({"retry-after-ms": "soon"}, None),
        ({"retry-after": "3"}, 3.0),
        ({"retry-after": "1.5"}, 1.5),
        ({"retry-after": "61"}, None),
        ({"retry-after": "0"}, None),
        ({"retry-after": "never"}, None),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),
        ({"retry-after-ms": "soon", "retry-after": "9"}, 9.0),
        ({"retry-after": format_datetime(NOW + timedelta(seconds=10), usegmt=True)}, 10.0),
        ({"retry-after": format_datetime(NOW - timedelta(seconds=10), usegmt=True)}, None),
        ({"retry-after": format_datetime(NOW + timedelta(minutes=5), usegmt=True)}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(values: dict[str, str], expected: float | None) -> None:
    assert parse_retry_after(httpx.Headers(values), now=NOW) == expected


# --- retry_delay ------------------------------------------------------------------------------


class FixedRandom(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__()
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize(
    ("retries_done", "base"), [(0, 0.5), (1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (9, 8.0)]
)
def test_retry_delay_backoff_and_jitter_bounds(retries_done: int, base: float) -> None:
    assert retry_delay(retries_done, None, FixedRandom(0.0)) == base
    assert retry_delay(retries_done, None, FixedRandom(1.0)) == pytest.approx(0.75 * base)
    rng = random.Random(7)
    for _ in range(50):
        assert 0.75 * base <= retry_delay(retries_done, httpx.Headers(), rng) <= base


def test_retry_delay_prefers_a_sane_retry_after() -> None:
    assert retry_delay(0, headers(retry_after="7"), FixedRandom(0.5)) == 7.0
    assert retry_delay(3, headers(retry_after_ms="120"), FixedRandom(0.5)) == 0.12
    # An insane value is ignored: back to exponential backoff.
    assert retry_delay(1, headers(retry_after="600"), FixedRandom(0.0)) == 1.0


# --- error_from_response ----------------------------------------------------------------------


def openai_error(message: str, kind: str = "invalid_request_error", code: Any = None) -> Any:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (413, RequestTooLargeError),
        (422, UnprocessableEntityError),
        (429, RateLimitError),
        (500, InternalServerError),
        (503, InternalServerError),
        (529, OverloadedError),
    ],
)
def test_error_from_response_maps_every_status(status: int, cls: type[APIStatusError]) -> None:
    body = openai_error(f"server says {status}")
    error = error_from_response("openai", status, body, httpx.Headers(), "OPENAI_API_KEY")
    assert type(error) is cls
    assert error.status_code == status
    assert error.body == body
    assert error.provider == "openai"
    text = str(error)
    assert text.startswith(f"openai returned HTTP {status} (invalid_request_error): ")
    assert f"server says {status}" in text


def test_unlisted_status_is_a_plain_api_status_error() -> None:
    error = error_from_response("x", 418, "teapot", httpx.Headers(), None)
    assert type(error) is APIStatusError
    assert "x returned HTTP 418: teapot." in str(error)


def test_error_messages_say_what_to_do() -> None:
    def text(status: int, env: str | None = "DEEPSEEK_API_KEY") -> str:
        return str(error_from_response("deepseek", status, openai_error("m"), httpx.Headers(), env))

    assert "DEEPSEEK_API_KEY environment variable" in text(401)
    assert "api_key" in text(401, None)
    assert "Slow down or wait" in text(429)
    assert "model name and the base_url" in text(404)
    assert "try again later" in text(500)
    assert "overloaded" in text(529)


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (400, openai_error("This model's maximum context length is 8192 tokens.")),
        (400, openai_error("too long", code="context_length_exceeded")),
        (
            400,
            {
                "type": "error",
                "error": {"type": "invalid_request_error", "message": "prompt is too long: 2 > 1"},
            },
        ),
        (413, {"object": "error", "message": "Input exceeds the context window", "code": 413}),
    ],
)
def test_context_window_messages_become_their_own_error(status: int, body: Any) -> None:
    error = error_from_response("p", status, body, httpx.Headers(), None)
    assert isinstance(error, ContextWindowExceededError)
    assert isinstance(error, BadRequestError)
    assert error.status_code == status
    assert "compact or summarise" in str(error)


def test_server_message_shapes_and_request_ids() -> None:
    anthropic = {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded"},
        "request_id": "req_body",
    }
    error = error_from_response("anthropic", 500, anthropic, httpx.Headers(), None)
    assert isinstance(error, OverloadedError)
    assert error.request_id == "req_body"
    assert "(overloaded_error): Overloaded." in str(error)

    vllm = {"object": "error", "message": "bad temperature", "type": "BadRequestError", "code": 400}
    error = error_from_response("vllm", 400, vllm, headers(x_request_id="req_x"), None)
    assert type(error) is BadRequestError
    assert error.request_id == "req_x"
    assert "vllm returned HTTP 400 (BadRequestError): bad temperature." in str(error)

    error = error_from_response("a", 404, {}, headers(request_id="req_h"), None)
    assert error.request_id == "req_h"
    assert "no message" in str(error)


# --- HttpClient over loopback -----------------------------------------------------------------


class Sleeps:
    """Records retry delays instead of sleeping."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def client_for(server: WireServer | str, **kw: Any) -> tuple[HttpClient, Sleeps]:
    sleeps = Sleeps()
    url = server if isinstance(server, str) else server.url
    kw.setdefault("timeout", GENEROUS)
    client = HttpClient(
        provider="testprov",
        base_url=url + "/v1",
        headers={"authorization": f"Bearer {KEY}"},
        key_env_var="TESTPROV_API_KEY",
        sleep=sleeps,
        **kw,
    )
    return client, sleeps


async def test_post_json_sends_json_and_parses_padded_body(wire_server: Any) -> None:
    server = wire_server(json_reply({"ok": 1}, prefix=b"\n\n  \n", headers=[("x-a", "b")]))
    client, sleeps = client_for(server)
    async with client:
        data, got_headers = await client.post_json("/chat", {"q": [1, "ü"]})
    assert data == {"ok": 1}
    assert got_headers["x-a"] == "b"
    [request] = server.requests
    assert (request.method, request.path) == ("POST", "/v1/chat")
    assert request.json == {"q": [1, "ü"]}
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["accept"] == "application/json"
    assert sleeps.delays == []


@pytest.mark.parametrize(
    ("status", "cls", "attempts"),
    ERROR_STATUSES,
)
async def test_error_statuses_over_the_wire(
    wire_server: Any, status: int, cls: type[APIStatusError], attempts: int
) -> None:
    body = openai_error(f"nope {status}")
    server = wire_server(default=json_reply(body, status=status, headers=[("x-request-id", "r1")]))
    client, sleeps = client_for(server, rng=FixedRandom(0.0))
    async with client:
        with pytest.raises(cls) as info:
            await client.post_json("/chat", {})
    assert type(info.value) is cls
    assert info.value.status_code == status
    assert info.value.body == body
    assert info.value.request_id == "r1"
    assert f"testprov returned HTTP {status}" in str(info.value)
    assert len(server.requests) == attempts
    assert sleeps.delays == [0.5, 1.0][: attempts - 1]


async def test_x_should_retry_false_stops_a_retryable_status(wire_server: Any) -> None:
    server = wire_server(
        default=json_reply(openai_error("busy"), status=503, headers=[("x-should-retry", "false")])
    )
    client, sleeps = client_for(server)
    async with client:
        with pytest.raises(InternalServerError):
            await client.post_json("/chat", {})
    assert len(server.requests) == 1
    assert sleeps.delays == []


async def test_x_should_retry_true_retries_a_client_error(wire_server: Any) -> None:
    server = wire_server(
        json_reply(openai_error("flaky"), status=400, headers=[("x-should-retry", "true")]),
        json_reply({"ok": 2}),
    )
    client, sleeps = client_for(server, rng=FixedRandom(0.0))
    async with client:
        data, _ = await client.post_json("/chat", {})
    assert data == {"ok": 2}
    assert sleeps.delays == [0.5]


async def test_429_with_retry_after_is_honoured_then_succeeds(wire_server: Any) -> None:
    server = wire_server(
        json_reply(openai_error("slow down"), status=429, headers=[("retry-after-ms", "200")]),
        json_reply({"ok": 3}),
    )
    client = HttpClient(provider="p", base_url=server.url, headers={}, timeout=GENEROUS)
    assert client.sleep is asyncio.sleep  # really waits by default
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)
        await asyncio.sleep(seconds)

    client.sleep = sleep
    async with client:
        started = time.perf_counter()
        data, _ = await client.post_json("/chat", {"n": 1})
        elapsed = time.perf_counter() - started
    assert data == {"ok": 3}
    assert [r.json for r in server.requests] == [{"n": 1}, {"n": 1}]
    # The server's 200 ms, not the backoff; a busy machine only ever makes the wait longer.
    assert delays == [0.2]
    assert elapsed >= 0.2


def test_negative_max_retries_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="max_retries must be >= 0, got -1"):
        HttpClient(provider="p", base_url="http://127.0.0.1:9", headers={}, max_retries=-1)


async def test_max_retries_zero_raises_at_once(wire_server: Any) -> None:
    server = wire_server(default=json_reply(openai_error("x"), status=500))
    client, sleeps = client_for(server, max_retries=0)
    async with client:
        with pytest.raises(InternalServerError):
            await client.post_json("/chat", {})
    assert len(server.requests) == 1
    assert sleeps.delays == []


async def test_read_timeout_is_retried_then_raised(wire_server: Any) -> None:
    # The server records each request and never answers it, so the read timeout always fires;
    # connecting and sending get a generous timeout, so nothing else can.
    server = wire_server(default=Reply(hang=True))
    client, sleeps = client_for(server, timeout=read_timeout(0.2), max_retries=1)
    async with client:
        with pytest.raises(APITimeoutError) as info:
            async with asyncio.timeout(GENEROUS):
                await client.post_json("/chat", {})
    assert isinstance(info.value.__cause__, httpx.ReadTimeout)
    assert "did not answer in time" in str(info.value)
    assert len(sleeps.delays) == 1  # one retry: two attempts
    # Both requests were sent before the client gave up, but the server (its own thread) may not
    # have read the last one yet: wait for it rather than read the count at once.
    await server.wait_until_async(lambda: len(server.requests) >= 2)
    assert len(server.requests) == 2
    assert server.connections == 2  # a timed-out connection is not reused


async def test_connection_refused_is_retried_then_raised() -> None:
    client, sleeps = client_for(f"http://127.0.0.1:{free_port()}")
    async with client:
        with pytest.raises(APIConnectionError) as info:
            await client.post_json("/chat", {})
    assert not isinstance(info.value, APITimeoutError)
    assert isinstance(info.value.__cause__, httpx.ConnectError)
    assert len(sleeps.delays) == 2
    assert "Could not reach testprov" in str(info.value)


async def test_body_that_is_not_json_is_a_protocol_error(wire_server: Any) -> None:
    server = wire_server(Reply(headers=[("content-type", "text/html")], body=b"<html>hi"))
    client, _ = client_for(server)
    async with client:
        with pytest.raises(ProtocolError, match="not JSON"):
            await client.post_json("/chat", {})


async def test_key_never_appears_in_errors_reprs_or_logs(
    wire_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    echo = openai_error(f"Incorrect API key provided: {KEY}. Bearer {KEY}", code="invalid_api_key")
    server = wire_server(
        json_reply(echo, status=500),
        json_reply(echo, status=401),
    )
    client, _ = client_for(server)
    caplog.set_level(logging.DEBUG)
    async with client:
        with pytest.raises(AuthenticationError) as info:
            await client.post_json("/chat", {})
        assert KEY not in repr(client)
        assert server.url in repr(client)
    error = info.value
    assert "TESTPROV_API_KEY" in str(error)
    for text in (str(error), repr(error), json.dumps(error.body), caplog.text):
        assert KEY not in text
    assert "***" in str(error)
    assert "retry 1/2" in caplog.text


# --- stream_sse -------------------------------------------------------------------------------


async def test_stream_sse_yields_events_and_skips_comments(wire_server: Any) -> None:
    server = wire_server(
        sse_reply([": keep-alive\n\n", "\n\n", {"a": 1}, b"event: ping\ndata: {}\n\n", "[DONE]"])
    )
    client, _ = client_for(server)
    async with client:
        events = [(e.event, e.data) async for e in client.stream_sse("/s", {"stream": True})]
    assert events == [("message", '{"a":1}'), ("ping", "{}"), ("message", "[DONE]")]
    assert server.requests[0].headers["accept"] == "text/event-stream"
    assert server.requests[0].json == {"stream": True}


async def test_stream_error_status_is_mapped_and_retried(wire_server: Any) -> None:
    server = wire_server(
        json_reply(openai_error("later"), status=503),
        sse_reply([{"b": 2}]),
    )
    client, sleeps = client_for(server)
    async with client:
        events = [e.data async for e in client.stream_sse("/s", {})]
    assert events == ['{"b":2}']
    assert len(sleeps.delays) == 1


async def test_stream_cut_in_the_middle_raises_protocol_error(wire_server: Any) -> None:
    server = wire_server(sse_reply([{"n": 1}, {"n": 2}, {"n": 3}], cut_after=2))
    client, sleeps = client_for(server)
    got: list[str] = []
    async with client:
        with pytest.raises(ProtocolError, match="cut the stream") as info:
            async for event in client.stream_sse("/s", {}):
                got.append(event.data)
    assert got == ['{"n":1}', '{"n":2}']
    assert isinstance(info.value.__cause__, httpx.RemoteProtocolError)
    assert len(server.requests) == 1  # no retry once events were delivered
    assert sleeps.delays == []


async def test_stream_cut_before_the_first_event_is_retried(wire_server: Any) -> None:
    server = wire_server(
        sse_reply([b'data: {"half', b'": 1}\n\n'], cut_after=1),
        sse_reply([{"whole": 1}]),
    )
    client, sleeps = client_for(server)
    async with client:
        events = [e.data async for e in client.stream_sse("/s", {})]
    assert events == ['{"whole":1}']
    assert len(server.requests) == 2
    assert len(sleeps.delays) == 1


async def test_stream_read_timeout_mid_stream(wire_server: Any) -> None:
    # The first event comes at once, the second never (not merely late): the timeout always
    # fires mid-stream. The same read timeout covers the answer's head; a head a stalled
    # machine delays past it anyway is retried (before any event), with the same answer.
    server = wire_server(default=sse_reply([{"n": 1}, {"n": 2}], stall_after=1))
    client, _ = client_for(server, timeout=read_timeout(0.5))
    got: list[str] = []
    async with client:
        with pytest.raises(APITimeoutError, match="middle of a stream"):
            async with asyncio.timeout(GENEROUS):
                async for event in client.stream_sse("/s", {}):
                    got.append(event.data)
    assert got == ['{"n":1}']


async def test_breaking_out_of_a_stream_closes_the_response(wire_server: Any) -> None:
    # The server sends three events and holds the rest until the client hangs up: only
    # closing the response (not reading it to the end) lets this test finish.
    server = wire_server(sse_reply([{"n": i} for i in range(200)], stall_after=3))
    client, _ = client_for(server)
    async with client, asyncio.timeout(GENEROUS):
        stream = client.stream_sse("/s", {})
        async for _ in stream:
            break
        await stream.aclose()
        await server.wait_until_async(lambda: server.aborted > 0)
    assert server.aborted == 1


async def test_stream_answered_with_json_error_is_a_stream_error(wire_server: Any) -> None:
    server = wire_server(json_reply(openai_error("model overloaded", kind="server_error")))
    client, _ = client_for(server)
    async with client:
        with pytest.raises(StreamError, match="model overloaded") as info:
            async for _ in client.stream_sse("/s", {}):
                pass
    assert info.value.error_type == "server_error"


async def test_stream_answered_with_something_else_is_a_protocol_error(wire_server: Any) -> None:
    server = wire_server(json_reply({"choices": []}))
    client, _ = client_for(server)
    async with client:
        with pytest.raises(ProtocolError, match="instead of text/event-stream"):
            async for _ in client.stream_sse("/s", {}):
                pass


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1"),
        ("https://user:sk-secret@gw.example/v1", "https://***@gw.example/v1"),
        ("https://gw.example/v1?api_key=sk-secret&v=2", "https://gw.example/v1?api_key=***&v=***"),
    ],
)
def test_urls_in_messages_and_reprs_hide_keys(url: str, shown: str) -> None:
    from nbagent.llm.providers._http import display_url

    assert display_url(url) == shown
    client = HttpClient(provider="openai", base_url=url, headers={})
    assert "sk-secret" not in repr(client)


async def test_connection_error_does_not_quote_a_key_in_the_url() -> None:
    from nbagent.errors import APIConnectionError

    port = free_port()
    url = f"http://user:sk-secret@127.0.0.1:{port}/v1?api_key=sk-secret"
    async with HttpClient(provider="openai", base_url=url, headers={}, max_retries=0) as client:
        with pytest.raises(APIConnectionError) as info:
            await client.post_json("/chat/completions", {})
    assert "sk-secret" not in str(info.value)
    assert "***" in str(info.value)


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("localhost:8080/v1", "http://localhost:8080/v1"),
        ("127.0.0.1:11434/v1/", "http://127.0.0.1:11434/v1"),
        ("192.168.1.20:8000/v1", "http://192.168.1.20:8000/v1"),
        ("gpu-box:8000/v1", "http://gpu-box:8000/v1"),
        ("api.deepseek.com/v1", "https://api.deepseek.com/v1"),
        ("  HTTP://localhost:8080/v1/ ", "HTTP://localhost:8080/v1"),
    ],
)
def test_a_base_url_without_a_scheme_is_read_as_the_user_meant(
    written: str, meant: str, caplog: pytest.LogCaptureFixture
) -> None:
    from nbagent.llm.providers.anthropic import AnthropicProvider
    from nbagent.llm.providers.openai import OpenAIProvider

    with caplog.at_level(logging.WARNING, logger="nbagent.llm.providers.http"):
        openai = OpenAIProvider("m", api_key="sk-x", base_url=written)
        anthropic = AnthropicProvider("claude-haiku-4-5", api_key="sk-ant-x", base_url=written)
    assert openai.base_url == anthropic.base_url == meant
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == (0 if "://" in written else 2)
    assert all("has no scheme; reading it as" in line for line in said)


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("ftp://localhost:8080/v1", "uses 'ftp'"),
        ("http://", "names no host"),
        ("http://localhost:80a/v1", "names no host and port"),
        ("", "is empty"),
    ],
)
def test_a_base_url_that_is_no_http_url_is_refused_saying_how_to_write_it(
    written: str, says: str
) -> None:
    from nbagent.llm.providers.openai import OpenAIProvider

    with pytest.raises(ConfigurationError, match=says) as caught:
        OpenAIProvider("m", api_key="sk-secret-1", base_url=written or " ")
    assert "http://localhost:8080/v1" in str(caught.value)
    assert "sk-secret-1" not in str(caught.value)


async def test_a_request_reaches_a_server_named_without_a_scheme() -> None:
    from nbagent.llm.messages import Message
    from nbagent.llm.providers.openai import OpenAIProvider
    from nbagent.llm.request import MessageRequest
    from tests.wire_server import WireServer, json_reply

    reply = {
        "id": "c1",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}}],
        "usage": {"prompt_tokens": 9, "completion_tokens": 1},
    }
    with WireServer([json_reply(reply)]) as server:
        bare = server.url.removeprefix("http://") + "/v1"
        provider = OpenAIProvider("m", api_key="sk-x", base_url=bare, max_retries=0)
        try:
            response = await provider.chat(MessageRequest(messages=[Message.user("hello")]))
        finally:
            await provider.aclose()
    assert response.text() == "hi"
    assert server.requests[0].path == "/v1/chat/completions"
