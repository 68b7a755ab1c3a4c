"""The HTTP layer every provider shares: one ``httpx.AsyncClient``, retries, one error mapping.

Providers only translate IR to JSON and back; everything about talking HTTP lives here, once:
retries and the status -> exception mapping (their rules, pure, in :mod:`._http_rules`), and
server-sent events decoded by ``httpx-sse``, the response closed however the stream ends. A body
that ends cleanly dispatches its last event even without the blank line that should close it.
Request bodies are encoded here too; a lone surrogate in them (invalid in UTF-8) is sent as
U+FFFD rather than failing the request.

API keys live only in the client's default headers: they never reach a repr, a log line or an
exception. A server that echoes the key back has it masked: here for error statuses, and by
:meth:`HttpClient.masking_secrets` for the errors providers build from 200 answers.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import random
import re
import ssl
import urllib.parse
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterator
from contextlib import aclosing, contextmanager
from dataclasses import dataclass
from typing import Any, Self

import httpx
import httpx_sse
from httpx_sse._decoders import SSEDecoder, SSELineDecoder

from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    ConfigurationError,
    ProtocolError,
    ProviderError,
    StreamError,
)
from nbagent.llm.messages import valid_unicode
from nbagent.llm.providers._http_rules import (
    MAX_BODY_IN_MESSAGE,
    error_from_response,
    parse_retry_after,
    retry_delay,
    server_message,
    should_retry,
)
from nbagent.llm.retries import RetryNotice, retry_listener

logger = logging.getLogger("nbagent.llm.providers.http")


def display_url(url: str) -> str:
    """``url`` fit for messages and reprs: user info and query values are masked, since some
    gateways take the key there (``https://user:key@host``, ``?api_key=...``)."""
    parts = urllib.parse.urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        netloc = "***@" + netloc.rsplit("@", 1)[1]
    query = "&".join(
        f"{key}=***" for key, _ in urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    )
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


# A URL as an error message quotes it: up to whitespace, a quote or an angle bracket.
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s'\"<>]+", re.I)


def mask_urls(text: str) -> str:
    """``text`` with every URL in it as :func:`display_url` shows one (user info and query
    values masked): a base URL in a provider spec may hold a key (``?api_key=...``,
    ``user:key@``), and error messages quote the URL they failed on."""
    return _URL.sub(_display, text)


def _display(match: re.Match[str]) -> str:
    try:
        return display_url(match[0])
    except ValueError:  # not a URL urllib can split (a bad IPv6 host): nothing of it is shown
        return match[0].split("://", 1)[0] + "://***"


_NEAR_HOST = re.compile(
    r"(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|10(?:\.\d{1,3}){3}"
    r"|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}"
    r"|[^.:/\[\]]+|.+\.(?:local|lan|internal|home\.arpa))(?::\d+)?",
    re.IGNORECASE,
)
"""A host on this machine or its network (loopback, private ranges, a bare name, ``.local``):
where a URL without a scheme means ``http://`` (llama.cpp, vLLM, Ollama serve plain HTTP)."""


def checked_base_url(url: str, *, setting: str = "base_url") -> str:
    """``url`` as a provider sends to it: with its scheme, without a trailing slash.

    ``localhost:8080/v1`` was read as the scheme ``localhost``: it is read as the user meant,
    ``http://`` for a host nearby (:data:`_NEAR_HOST`) and ``https://`` for any other, and the
    reading is logged. A URL that is no HTTP URL (another scheme, no host, a port that is not a
    number) is a :class:`ConfigurationError` saying how to write it.
    """
    if not isinstance(url, str) or not url.strip():
        raise ConfigurationError(
            f"{setting} is empty: pass the server's URL, e.g. http://localhost:8080/v1."
        )
    text = url.strip()
    if "://" not in text:
        host = text.split("/", 1)[0].rsplit("@", 1)[-1]
        scheme = "http" if _NEAR_HOST.fullmatch(host) else "https"
        meant = f"{scheme}://{text}"
        logger.warning(
            "%s %r has no scheme; reading it as %r (write the scheme to say so yourself)",
            setting,
            display_url(meant).split("://", 1)[1],
            display_url(meant),
        )
        text = meant
    parts = urllib.parse.urlsplit(text)
    shown = display_url(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise ConfigurationError(
            f"{setting} {shown!r} uses {parts.scheme!r}: providers speak http:// or https://, "
            "e.g. http://localhost:8080/v1."
        )
    try:
        port = parts.port
    except ValueError:
        port = -1
    if not parts.hostname or port == -1:
        raise ConfigurationError(
            f"{setting} {shown!r} names no host and port nbagent can reach: write it as "
            "http://HOST:PORT/v1, e.g. http://localhost:8080/v1."
        )
    return text.rstrip("/")


def check_timeout(timeout: float | httpx.Timeout | None) -> None:
    """Raise :class:`ConfigurationError` unless every timeout is a positive finite number of
    seconds (``None``, httpx's "no limit", passes)."""
    if isinstance(timeout, httpx.Timeout):
        values = [timeout.connect, timeout.read, timeout.write, timeout.pool]
    else:
        values = [timeout]
    for value in values:
        if value is None:
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not math.isfinite(value) or value <= 0:
            raise ConfigurationError(
                f"timeout must be a positive number of seconds, e.g. timeout=60.0, or an "
                f"httpx.Timeout of such numbers; got {timeout!r}."
            )


def json_body(body: dict[str, Any]) -> bytes:
    """``body`` as the UTF-8 JSON httpx would send; lone surrogates become U+FFFD."""
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return valid_unicode(text).encode("utf-8")


async def aiter_sse(response: httpx.Response) -> AsyncGenerator[httpx_sse.ServerSentEvent, None]:
    """The server-sent events of ``response``, decoded by httpx-sse's decoders. When the body
    ends, the last event is dispatched even if the blank line after it is missing, as the
    official SDKs do (httpx-sse's ``EventSource`` drops it)."""
    lines, decoder = SSELineDecoder(), SSEDecoder()
    async for text in response.aiter_text():
        for line in lines.decode(text):
            if (event := decoder.decode(line)) is not None:
                yield event
    for line in [*lines.flush(), ""]:
        if (event := decoder.decode(line)) is not None:
            yield event


DEFAULT_TIMEOUT = httpx.Timeout(600.0, connect=5.0)
"""Generous read timeout (long generations), short connect timeout (a dead host fails fast)."""

_SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "x-goog-api-key")


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    # Building a context reads the CA bundle (~30 ms); every provider in the process shares one.
    return httpx.create_ssl_context()


def _redact(text: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        text = text.replace(secret, "***")
    return text


def _mask_error(error: ProviderError, secrets: tuple[str, ...]) -> None:
    error.args = tuple(_redact(a, secrets) if isinstance(a, str) else a for a in error.args)
    if not isinstance(error, APIStatusError | StreamError) or error.body is None:
        return
    # The body is parsed JSON (or text): mask it as text, the form the key was sent in.
    text = error.body if isinstance(error.body, str) else json.dumps(error.body)
    if (masked := _redact(text, secrets)) != text:
        error.body = masked if isinstance(error.body, str) else json.loads(masked)


@dataclass
class _Failure:
    """One failed attempt: the error to raise if no retry is left, and whether to retry."""

    error: ProviderError
    cause: BaseException | None
    retryable: bool
    headers: httpx.Headers | None = None


class HttpClient:
    """One provider's connection to its server: JSON posts and SSE streams, retried and mapped.

    ``sleep`` and ``rng`` are seams for tests of the retry delays.
    """

    def __init__(
        self,
        *,
        provider: str,
        base_url: str,
        headers: dict[str, str],
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        key_env_var: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if max_retries < 0:
            raise ConfigurationError(f"max_retries must be >= 0, got {max_retries}")
        check_timeout(timeout)
        self.provider = provider
        self.base_url = checked_base_url(base_url)
        self._shown_url = display_url(self.base_url)
        self.max_retries = max_retries
        self.key_env_var = key_env_var
        self.sleep: Callable[[float], Awaitable[None]] = sleep or asyncio.sleep
        self._rng = rng
        self._secrets = tuple(
            secret
            for name, value in headers.items()
            if name.lower() in _SECRET_HEADERS
            for secret in {value, value.removeprefix("Bearer ").strip()}
            if len(secret) >= 4
        )
        self._client = httpx.AsyncClient(
            base_url=self.base_url,
            headers=headers,
            timeout=timeout,
            transport=transport,
            verify=_ssl_context(),
        )

    def __repr__(self) -> str:
        return (
            f"HttpClient(provider={self.provider!r}, base_url={self._shown_url!r}, "
            f"max_retries={self.max_retries})"
        )

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __aenter__(self) -> HttpClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    @contextmanager
    def masking_secrets(self) -> Iterator[None]:
        """Mask the key in any :class:`ProviderError` raised inside.

        Errors from an error status are masked here already; this covers the errors a provider
        builds from a 200 answer (an error object in the body or the stream), which a server may
        have echoed the key into just the same.
        """
        try:
            yield
        except ProviderError as e:
            if self._secrets:
                _mask_error(e, self._secrets)
            raise

    async def post_json(self, path: str, body: dict[str, Any]) -> tuple[Any, httpx.Headers]:
        """POST ``body`` as JSON and return the parsed JSON answer and its headers."""
        response, _ = await self._send(path, body, stream=False, retries_done=0)
        try:
            return json.loads(response.content), response.headers
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            snippet = _redact(response.text[:MAX_BODY_IN_MESSAGE], self._secrets)
            raise ProtocolError(
                f"{self.provider} answered HTTP {response.status_code} with a body that is not "
                f"JSON: {snippet!r}. Check that base_url points at the API.",
                provider=self.provider,
            ) from e

    async def stream_sse(
        self, path: str, body: dict[str, Any]
    ) -> AsyncGenerator[httpx_sse.ServerSentEvent, None]:
        """POST ``body`` and yield the server-sent events of the answer.

        Retries happen only before the first event is yielded; the response is closed however
        the iteration ends (exhausted, broken out of, cancelled, failed).
        """
        retries_done = 0
        while True:
            response, retries_done = await self._send(
                path, body, stream=True, retries_done=retries_done
            )
            started = False
            try:
                await self._check_event_stream(response)
                async with aclosing(aiter_sse(response)) as events:
                    async for event in events:
                        started = True
                        yield event
                return
            except httpx.TransportError as e:
                if not started and retries_done < self.max_retries:
                    why = _redact(f"stream failed before any event: {e!r}", self._secrets)
                    await self._wait(retries_done, None, why, self._mid_stream_error(e))
                    retries_done += 1
                    continue
                raise self._mid_stream_error(e) from e
            finally:
                await response.aclose()

    async def _check_event_stream(self, response: httpx.Response) -> None:
        content_type = response.headers.get("content-type", "")
        if "text/event-stream" in content_type:
            return
        # Some servers ignore `stream` or answer an error with a 200 JSON body.
        body = self._error_body(response) if await response.aread() else None
        message, kind, _ = server_message(body)
        if message is not None and isinstance(body, dict) and "error" in body:
            raise StreamError(
                f"{self.provider} reported an error in its 200 answer ({kind or 'error'}): "
                f"{message}. Try again, or check the request.",
                error_type=kind,
                body=body,
                provider=self.provider,
            )
        raise ProtocolError(
            f"{self.provider} answered a streamed request with content-type {content_type!r} "
            "instead of text/event-stream. Check that base_url points at an API that supports "
            "streaming.",
            provider=self.provider,
        )

    def _mid_stream_error(self, e: httpx.TransportError) -> ProviderError:
        if isinstance(e, httpx.TimeoutException):
            return APITimeoutError(
                f"{self.provider} stopped sending in the middle of a stream (read timeout). "
                "The partial reply was discarded; try again or raise the timeout.",
                provider=self.provider,
            )
        return ProtocolError(
            f"{self.provider} cut the stream in the middle ({type(e).__name__}). "
            "The partial reply was discarded; try again.",
            provider=self.provider,
        )

    async def _send(
        self, path: str, body: dict[str, Any], *, stream: bool, retries_done: int
    ) -> tuple[httpx.Response, int]:
        """Send until a success, retrying what is retryable; return the response and retries."""
        while True:
            outcome = await self._attempt(path, body, stream=stream)
            if isinstance(outcome, httpx.Response):
                return outcome, retries_done
            if not outcome.retryable or retries_done >= self.max_retries:
                raise outcome.error from outcome.cause
            await self._wait(retries_done, outcome.headers, str(outcome.error), outcome.error)
            retries_done += 1

    async def _wait(
        self,
        retries_done: int,
        headers: httpx.Headers | None,
        why: str,
        error: ProviderError,
    ) -> None:
        delay = retry_delay(retries_done, headers, self._rng)
        listener = retry_listener.get()
        if listener is not None:
            notice = RetryNotice(self.provider, retries_done + 1, self.max_retries, delay, error)
            try:
                await listener(notice)
            except Exception:  # a listener (a user's hook) never stops the retry
                logger.exception("%s: retry listener failed", self.provider)
        logger.info(
            "%s: retry %d/%d in %.2fs: %s",
            self.provider,
            retries_done + 1,
            self.max_retries,
            delay,
            why,
        )
        await self.sleep(delay)

    async def _attempt(
        self, path: str, body: dict[str, Any], *, stream: bool
    ) -> httpx.Response | _Failure:
        accept = "text/event-stream" if stream else "application/json"
        request = self._client.build_request(
            "POST", path, content=json_body(body), headers={"accept": accept}
        )
        request.headers.setdefault("content-type", "application/json")  # as httpx's json= does
        try:
            response = await self._client.send(request, stream=True)
        except httpx.TransportError as e:
            return self._transport_failure(e)
        if response.is_success and stream:
            return response
        try:
            await response.aread()
        except httpx.TransportError as e:
            return self._transport_failure(e)
        finally:
            await response.aclose()
        if response.is_success:
            return response
        error = error_from_response(
            self.provider,
            response.status_code,
            self._error_body(response),
            response.headers,
            self.key_env_var,
        )
        retryable = should_retry(response.status_code, response.headers)
        return _Failure(error, None, retryable, response.headers)

    def _error_body(self, response: httpx.Response) -> Any:
        text = _redact(response.content.decode("utf-8", errors="replace"), self._secrets)
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    def _transport_failure(self, e: httpx.TransportError) -> _Failure:
        if isinstance(e, httpx.TimeoutException):
            error: ProviderError = APITimeoutError(
                f"{self.provider} did not answer in time ({type(e).__name__}) at "
                f"{self._shown_url}. Try again, or raise the provider's timeout.",
                provider=self.provider,
            )
        else:
            error = APIConnectionError(
                f"Could not reach {self.provider} at {self._shown_url} ({type(e).__name__}: "
                f"{_redact(str(e), self._secrets)}). Check the base_url and that the server "
                "is running.",
                provider=self.provider,
            )
        return _Failure(error, e, retryable=True)


class HttpProvider:
    """What every provider that talks HTTP shares: its :class:`HttpClient` and closing it."""

    _http: HttpClient

    @property
    def http(self) -> HttpClient:
        """The HTTP layer (its ``sleep`` and ``max_retries`` are adjustable)."""
        return self._http

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


__all__ = [
    "DEFAULT_TIMEOUT",
    "HttpClient",
    "HttpProvider",
    "aiter_sse",
    "check_timeout",
    "display_url",
    "error_from_response",
    "json_body",
    "mask_urls",
    "parse_retry_after",
    "retry_delay",
    "should_retry",
]
