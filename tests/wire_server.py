"""A loopback HTTP server that replays scripted response bytes and records every request.

Real sockets on 127.0.0.1 (a free port), served by an asyncio loop in a background thread, so
it works from sync tests, async tests and benchmarks alike::

    from tests.wire_server import json_reply, sse_reply, wire_server_fixture  # noqa: F401

    async def test_x(wire_server):
        server = wire_server(json_reply({"ok": True}), sse_reply([{"a": 1}, "[DONE]"]))
        ...  # point a client at server.url
        assert server.requests[0].json == {...}

A reply's ``body`` is either ``bytes`` (sent with ``content-length``) or a list of pieces (sent
with ``transfer-encoding: chunked``, one HTTP chunk per piece, ``chunk_delay`` seconds apart).
``cut_after`` drops the connection mid-body: after that many pieces (list body) or bytes (bytes
body). ``hang`` accepts the request and never answers (to trigger read timeouts). ``stall_after``
sends the head and that many pieces (list body) or bytes (bytes body), then nothing more until the
client hangs up (counted in ``aborted``) or the server stops: a read timeout in the middle of a
body, or a client that leaves a stream early, without racing a timer. ``raw`` writes exact bytes
(status line, headers and body) and closes the connection.

Every request is recorded as soon as it has been read, before its reply is written (a ``hang``
or ``stall_after`` reply included). The server runs on its own thread, so a client that gave up
(a timeout) may be done before the server has read its last request: wait for the server's
side with ``server.wait_until(lambda: len(server.requests) == 2)`` (or ``await
server.wait_until_async(...)`` from a test's event loop) instead of reading the counts at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from nbagent.errors import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    RateLimitError,
    RequestTooLargeError,
    UnprocessableEntityError,
)

_REASONS = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    408: "Request Timeout",
    409: "Conflict",
    413: "Payload Too Large",
    418: "I'm a teapot",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    529: "Overloaded",
}


@dataclass
class Reply:
    """One scripted HTTP response."""

    status: int = 200
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes | list[bytes] = b""
    chunk_delay: float = 0.0
    cut_after: int | None = None
    hang: bool = False
    raw: bytes | None = None
    stall_after: int | None = None

    def head(self) -> bytes:
        reason = _REASONS.get(self.status, "Status")
        lines = [f"HTTP/1.1 {self.status} {reason}"]
        lines += [f"{name}: {value}" for name, value in self.headers]
        if isinstance(self.body, bytes):
            lines.append(f"content-length: {len(self.body)}")
        else:
            lines.append("transfer-encoding: chunked")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def frames(self) -> list[bytes]:
        """The body as written to the socket (chunked framing included), cut if asked."""
        return self._frames(self.cut_after)

    def _frames(self, limit: int | None) -> list[bytes]:
        """The body's frames; only the first ``limit`` pieces or bytes (unterminated) if given."""
        if isinstance(self.body, bytes):
            return [self.body if limit is None else self.body[:limit]]
        pieces = self.body if limit is None else self.body[:limit]
        frames = [b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces if piece]
        if limit is None:
            frames.append(b"0\r\n\r\n")
        return frames


@dataclass
class RecordedRequest:
    """A request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


def _bytes(piece: bytes | str | dict[str, Any]) -> bytes:
    if isinstance(piece, dict):
        return sse_data(piece)
    return piece if isinstance(piece, bytes) else piece.encode()


def sse_data(payload: dict[str, Any] | str) -> bytes:
    """One ``data:`` event: a dict as compact JSON, a string (e.g. ``[DONE]``) as is."""
    text = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
    return f"data: {text}\n\n".encode()


def sse_event(name: str, payload: dict[str, Any]) -> bytes:
    """One named event (Anthropic style): an ``event:`` line and a ``data:`` line."""
    return f"event: {name}\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n".encode()


def sse_reply(
    pieces: Iterable[bytes | str | dict[str, Any]],
    *,
    status: int = 200,
    headers: list[tuple[str, str]] | None = None,
    chunk_delay: float = 0.0,
    cut_after: int | None = None,
    stall_after: int | None = None,
) -> Reply:
    """An event stream, one HTTP chunk per piece: dicts become ``data:`` events, bytes and
    strings are sent exactly (``"[DONE]"`` becomes ``data: [DONE]``)."""
    body = [sse_data(p) if p == "[DONE]" else _bytes(p) for p in pieces]
    return Reply(
        status=status,
        headers=[("content-type", "text/event-stream; charset=utf-8"), *(headers or [])],
        body=body,
        chunk_delay=chunk_delay,
        cut_after=cut_after,
        stall_after=stall_after,
    )


def json_reply(
    payload: Any,
    *,
    status: int = 200,
    headers: list[tuple[str, str]] | None = None,
    prefix: bytes = b"",
) -> Reply:
    """A JSON body (``prefix`` is sent before it, e.g. DeepSeek's blank-line padding)."""
    text = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return Reply(
        status=status,
        headers=[("content-type", "application/json"), *(headers or [])],
        body=prefix + text,
    )


ERROR_STATUSES: list[tuple[int, type[APIStatusError], int]] = [
    (400, BadRequestError, 1),
    (401, AuthenticationError, 1),
    (403, PermissionDeniedError, 1),
    (404, NotFoundError, 1),
    (409, ConflictError, 3),
    (413, RequestTooLargeError, 1),
    (422, UnprocessableEntityError, 1),
    (429, RateLimitError, 3),
    (500, InternalServerError, 3),
    (503, InternalServerError, 3),
    (529, OverloadedError, 3),
]
"""Every error status, the exception it maps to, and how many attempts it gets (2 retries)."""


def free_port() -> int:
    """A loopback port nothing listens on (for connection-refused tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


ReplySource = Reply | Callable[[RecordedRequest], Reply]


class WireServer:
    """Replays ``replies`` in order, then ``default`` (a reply or a function of the request)."""

    def __init__(self, replies: Iterable[Reply] = (), *, default: ReplySource | None = None):
        self._replies: deque[Reply] = deque(replies)
        self._default = default
        self.requests: list[RecordedRequest] = []
        self.aborted = 0
        """Replies whose client hung up before the whole body was written."""
        self.connections = 0
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._changed = threading.Condition()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def push(self, *replies: Reply) -> None:
        self._replies.extend(replies)

    def wait_until(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        """Block until ``condition()`` (e.g. ``len(server.requests) == 2``) holds, re-checked
        whenever the server records a request, a connection or an aborted reply. The timeout
        is only a bound for a test that would otherwise hang: it is not expected to fire."""
        with self._changed:
            if not self._changed.wait_for(condition, timeout):
                raise AssertionError(
                    f"wire_server: condition still false after {timeout} s "
                    f"({len(self.requests)} requests, {self.connections} connections, "
                    f"{self.aborted} aborted)"
                )

    async def wait_until_async(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        """:meth:`wait_until` from an event loop (which keeps running meanwhile)."""
        await asyncio.to_thread(self.wait_until, condition, timeout)

    def _changed_now(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def start(self) -> WireServer:
        ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        if not ready.wait(30):
            raise RuntimeError("wire server did not start")
        return self

    def stop(self) -> None:
        if self._loop is None or self._thread is None or self._stopped is None:
            return
        self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(5)
        self._loop = self._thread = None

    def __enter__(self) -> WireServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self, ready: threading.Event) -> None:
        assert self._loop is not None
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve(ready))
        finally:
            self._loop.close()

    async def _serve(self, ready: threading.Event) -> None:
        self._stopped = asyncio.Event()
        server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        await self._stopped.wait()
        server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await server.wait_closed()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self.connections += 1
        self._changed_now()
        try:
            while await self._one_exchange(reader, writer):
                pass
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except asyncio.CancelledError:
            # The server is stopping (a hung or stalled reply, or a client that kept the
            # connection open). Ending normally keeps asyncio from logging the cancelled
            # connection task as an "Exception in callback".
            pass
        finally:
            self._tasks.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _one_exchange(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Read one request and write its reply; False when the connection must close."""
        head = await reader.readuntil(b"\r\n\r\n")
        request_line, *header_lines = head.decode("latin-1").split("\r\n")
        method, path, _ = request_line.split(" ", 2)
        headers: dict[str, str] = {}
        for line in header_lines:
            if line:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        body = await reader.readexactly(length) if length else b""
        request = RecordedRequest(method, path, headers, body)
        self.requests.append(request)
        self._changed_now()
        return await self._write(self._next_reply(request), reader, writer)

    def _next_reply(self, request: RecordedRequest) -> Reply:
        if self._replies:
            return self._replies.popleft()
        if isinstance(self._default, Reply):
            return self._default
        if self._default is not None:
            return self._default(request)
        return json_reply(
            {"error": {"message": f"wire_server: no scripted reply left for {request.path}"}},
            status=418,
            headers=[("x-should-retry", "false")],
        )

    async def _write(
        self, reply: Reply, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        if reply.hang:
            assert self._stopped is not None
            await self._stopped.wait()  # the server stopping cancels this task first
            return False
        if reply.raw is not None:
            writer.write(reply.raw)
            await writer.drain()
            return False
        stall = reply.stall_after is not None
        frames = reply._frames(reply.stall_after) if stall else reply.frames()
        try:
            if reply.chunk_delay:
                writer.write(reply.head())
                for frame in frames:
                    writer.write(frame)
                    await writer.drain()
                    await asyncio.sleep(reply.chunk_delay)
            else:
                writer.write(reply.head() + b"".join(frames))
                await writer.drain()
            if not stall:
                return reply.cut_after is None
            # Nothing more is sent, and the client sends nothing until it hangs up.
            while await reader.read(65536):
                pass
        except ConnectionError:
            pass
        self.aborted += 1
        self._changed_now()
        return False


@pytest.fixture(name="wire_server")
def wire_server_fixture() -> Iterator[Callable[..., WireServer]]:
    """Factory fixture: ``wire_server(*replies, default=None)`` starts a server, stopped after."""
    servers: list[WireServer] = []

    def start(*replies: Reply, default: ReplySource | None = None) -> WireServer:
        server = WireServer(replies, default=default).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
