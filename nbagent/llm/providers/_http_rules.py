"""The pure rules of the HTTP layer: whether to retry, how long to wait, which error a status is.

Retries as the official SDKs do them: ``x-should-retry`` decides when present, otherwise 408, 409,
429, every status >= 500, connection errors and timeouts are retried, waiting
``min(0.5 * 2**n, 8)`` seconds less up to 25% jitter, unless the server's ``retry-after-ms`` /
``retry-after`` gives a sane delay (0 < x <= 60 s). One status -> exception mapping into the
:mod:`nbagent.errors` tree, with messages that name the provider, the status and the server's own
words, and say what to do next. No I/O here: :mod:`._http` applies the rules.
"""

from __future__ import annotations

import email.utils
import random
import re
from datetime import UTC, datetime
from typing import Any

import httpx

from nbagent.errors import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ContextWindowExceededError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    RateLimitError,
    RequestTooLargeError,
    UnprocessableEntityError,
)

INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0
MAX_RETRY_AFTER = 60.0

MAX_BODY_IN_MESSAGE = 300
"""Characters of a server's body quoted in an error message."""

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


def server_message(body: Any) -> tuple[str | None, str | None, str | None]:
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
        return body.strip()[:MAX_BODY_IN_MESSAGE], None, None
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


_ADVICE = {
    403: "The key may not use this model or endpoint; check the account's access.",
    404: "Check the model name and the base_url.",
    409: "A conflicting request was in flight; try again.",
    413: "Send less: shorten the history or drop attachments.",
    422: "The server refused the request's content; check the parameters it names.",
    429: "Slow down or wait before retrying; check the account's rate limits and quota.",
    529: "The provider is overloaded; wait a little and try again.",
}


def _advice(status_code: int, key_env_var: str | None) -> str:
    if status_code == 401:
        where = f"the {key_env_var} environment variable" if key_env_var else "the api_key"
        return f"Check the API key in {where} (or pass api_key=...): missing, wrong or revoked."
    if status_code in _ADVICE:
        return _ADVICE[status_code]
    if status_code >= 500:
        return "The provider failed; try again later."
    return "Check the request parameters the server names."


def error_from_response(
    provider: str, status_code: int, body: Any, headers: httpx.Headers, key_env_var: str | None
) -> APIStatusError:
    """The one mapping from an HTTP error status (and the server's body) to an nbagent error."""
    message, kind, code = server_message(body)
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


__all__ = [
    "MAX_BODY_IN_MESSAGE",
    "error_from_response",
    "parse_retry_after",
    "retry_delay",
    "server_message",
    "should_retry",
]
