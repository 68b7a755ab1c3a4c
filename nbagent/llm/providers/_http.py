"""The HTTP layer every provider shares: one ``httpx.AsyncClient``, retries, one error mapping.

Providers only translate IR to JSON and back; everything about talking HTTP lives here, once:

- retries as the official SDKs do them: ``x-should-retry`` decides when present, otherwise 408,
  409, 429, every status >= 500, connection errors and timeouts are retried (``max_retries``,
  default 2), waiting ``min(0.5 * 2**n, 8)`` seconds less up to 25% jitter, unless the server's
  ``retry-after-ms`` / ``retry-after`` gives a sane delay (0 < x <= 60 s);
- one status -> exception mapping into the :mod:`nbagent.errors` tree, with messages that name
  the provider, the status and the server's own words, and say what to do next;
- server-sent events decoded by ``httpx-sse``, the response closed however the stream ends.

API keys live only in the client's default headers: they never reach a repr, a log line or an
exception (a server that echoes the key back has it masked before the error is built).
"""

from __future__ import annotations

import asyncio
import email.utils
import functools
import json
import logging
import random
import re
import ssl
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import httpx_sse

from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ContextWindowExceededError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    ProtocolError,
    ProviderError,
    RateLimitError,
    RequestTooLargeError,
    StreamError,
    UnprocessableEntityError,
)

logger = logging.getLogger("nbagent.llm.providers.http")

DEFAULT_TIMEOUT = httpx.Timeout(600.0, connect=5.0)
"""Generous read timeout (long generations), short connect timeout (a dead host fails fast)."""

INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0
MAX_RETRY_AFTER = 60.0

_SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "x-goog-api-key")
_MAX_BODY_IN_MESSAGE = 300

_CONTEXT_WINDOW = re.compile(
    r"context[_ ]length|context window|maximum context|prompt is too long|too many tokens"
    r"|input is too long|exceeds? the model'?s? max",
    re.IGNORECASE,
)

_STATUS_ERRORS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: RequestTooLargeError,
    422: UnprocessableEntityError,
    429: RateLimitError,
    529: OverloadedError,
}


def should_retry(status_code: int, headers: httpx.Headers) -> bool:
    """Whether an error status is worth retrying; the server's ``x-should-retry`` decides first."""
    match headers.get("x-should-retry", "").strip().lower():
        case "true":
            return True
        case "false":
            return False
        case _:
            return status_code in (408, 409, 429) or status_code >= 500


def parse_retry_after(headers: httpx.Headers, now: datetime | None = None) -> float | None:
    """Seconds the server asks us to wait, or None when it gives no sane value (0 < x <= 60)."""
    seconds: float | None = None
    if (ms := headers.get("retry-after-ms")) is not None:
        try:
            seconds = float(ms) / 1000.0
        except ValueError:
            seconds = None
    if seconds is None and (value := headers.get("retry-after")) is not None:
        try:
            seconds = float(value)
        except ValueError:
            seconds = _seconds_until_http_date(value, now)
    if seconds is None or not 0 < seconds <= MAX_RETRY_AFTER:
        return None
    return seconds


def _seconds_until_http_date(value: str, now: datetime | None) -> float | None:
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (when - (now or datetime.now(UTC))).total_seconds()


def retry_delay(
    retries_done: int, headers: httpx.Headers | None, rng: random.Random | None = None
) -> float:
    """Seconds to wait before retry number ``retries_done + 1``."""
    if headers is not None and (after := parse_retry_after(headers)) is not None:
        return after
    backoff = min(INITIAL_RETRY_DELAY * 2.0**retries_done, MAX_RETRY_DELAY)
    jitter = 1.0 - 0.25 * (rng or random).random()
    return backoff * jitter


def _server_message(body: Any) -> tuple[str | None, str | None, str | None]:
    """(message, error type, error code) from the shapes servers use for errors."""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            # OpenAI {"error": {...}} and Anthropic {"type": "error", "error": {...}}
            message, kind, code = error.get("message"), error.get("type"), error.get("code")
        elif isinstance(error, str):
            message, kind, code = error, None, body.get("code")
        else:
            # vLLM {"object": "error", "message": ..., "type": ..., "code": 400}
            # (its numeric `code` only repeats the status)
            message, kind = body.get("message") or body.get("detail"), body.get("type")
            code = body.get("code") if isinstance(body.get("code"), str) else None
        return (
            str(message) if message is not None else None,
            str(kind) if kind is not None else None,
            str(code) if code is not None else None,
        )
    if isinstance(body, str) and body.strip():
        return body.strip()[:_MAX_BODY_IN_MESSAGE], None, None
    return None, None, None


def _request_id(body: Any, headers: httpx.Headers) -> str | None:
    for name in ("request-id", "x-request-id"):
        if value := headers.get(name):
            return str(value)
    if isinstance(body, dict):
        for holder in (body, body.get("error")):
            if isinstance(holder, dict) and isinstance(holder.get("request_id"), str):
                return str(holder["request_id"])
    return None


def _advice(status_code: int, key_env_var: str | None) -> str:
    if status_code == 401:
        where = f"the {key_env_var} environment variable" if key_env_var else "the api_key"
        return f"Check the API key in {where} (or pass api_key=...): missing, wrong or revoked."
    if status_code == 403:
        return "The key may not use this model or endpoint; check the account's access."
    if status_code == 404:
        return "Check the model name and the base_url."
    if status_code == 409:
        return "A conflicting request was in flight; try again."
    if status_code == 413:
        return "Send less: shorten the history or drop attachments."
    if status_code == 422:
        return "The server refused the request's content; check the parameters it names."
    if status_code == 429:
        return "Slow down or wait before retrying; check the account's rate limits and quota."
    if status_code == 529:
        return "The provider is overloaded; wait a little and try again."
    if status_code >= 500:
        return "The provider failed; try again later."
    return "Check the request parameters the server names."


def error_from_response(
    provider: str, status_code: int, body: Any, headers: httpx.Headers, key_env_var: str | None
) -> APIStatusError:
    """The one mapping from an HTTP error status (and the server's body) to an nbagent error."""
    message, kind, code = _server_message(body)
    cls = _STATUS_ERRORS.get(status_code)
    if cls is None:
        cls = InternalServerError if status_code >= 500 else APIStatusError
    if kind == "overloaded_error" and status_code >= 500:
        cls = OverloadedError
    advice = _advice(status_code, key_env_var)
    if status_code in (400, 413) and (
        code == "context_length_exceeded" or _CONTEXT_WINDOW.search(message or "")
    ):
        cls = ContextWindowExceededError
        advice = (
            "The prompt does not fit the model's context window: compact or summarise the "
            "history, or use a model with a larger window."
        )
    label = ", ".join(part for part in (kind, code) if part)
    said = f" ({label})" if label else ""
    text = f"{provider} returned HTTP {status_code}{said}: {message or 'no message'}. {advice}"
    return cls(
        text,
        status_code=status_code,
        body=body,
        request_id=_request_id(body, headers),
        provider=provider,
    )


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    # Building a context reads the CA bundle (~30 ms); every provider in the process shares one.
    return httpx.create_ssl_context()


def _redact(text: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        text = text.replace(secret, "***")
    return text


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
            raise ValueError("max_retries must be >= 0")
        self.provider = provider
        self.base_url = base_url.rstrip("/")
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
            f"HttpClient(provider={self.provider!r}, base_url={self.base_url!r}, "
            f"max_retries={self.max_retries})"
        )

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __aenter__(self) -> HttpClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def post_json(self, path: str, body: dict[str, Any]) -> tuple[Any, httpx.Headers]:
        """POST ``body`` as JSON and return the parsed JSON answer and its headers."""
        response, _ = await self._send(path, body, stream=False, retries_done=0)
        try:
            return json.loads(response.content), response.headers
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            snippet = _redact(response.text[:_MAX_BODY_IN_MESSAGE], self._secrets)
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
                async for event in httpx_sse.EventSource(response).aiter_sse():
                    started = True
                    yield event
                return
            except httpx.TransportError as e:
                if not started and retries_done < self.max_retries:
                    await self._wait(retries_done, None, f"stream failed before any event: {e!r}")
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
        message, kind, _ = _server_message(body)
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
            await self._wait(retries_done, outcome.headers, str(outcome.error))
            retries_done += 1

    async def _wait(self, retries_done: int, headers: httpx.Headers | None, why: str) -> None:
        delay = retry_delay(retries_done, headers, self._rng)
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
        request = self._client.build_request("POST", path, json=body, headers={"accept": accept})
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
                f"{self.base_url}. Try again, or raise the provider's timeout.",
                provider=self.provider,
            )
        else:
            error = APIConnectionError(
                f"Could not reach {self.provider} at {self.base_url} ({type(e).__name__}: "
                f"{_redact(str(e), self._secrets)}). Check the base_url and that the server "
                "is running.",
                provider=self.provider,
            )
        return _Failure(error, e, retryable=True)


__all__ = [
    "DEFAULT_TIMEOUT",
    "HttpClient",
    "error_from_response",
    "parse_retry_after",
    "retry_delay",
    "should_retry",
]
