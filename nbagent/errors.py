"""The one exception tree of nbagent.

Every error nbagent raises derives from :class:`NbAgentError`; foreign errors (httpx, pydantic,
sqlite3, ...) are translated at the boundary and chained with ``raise ... from e``::

    NbAgentError
    ├── ConfigurationError            invalid settings, missing API key, bad spec string
    ├── ProviderError                 anything a model provider did or failed to do
    │   ├── APIStatusError            an error status: status_code, body, request_id
    │   │   ├── BadRequestError                   400
    │   │   │   └── ContextWindowExceededError    400/413 whose message says the prompt is too long
    │   │   ├── AuthenticationError               401
    │   │   ├── PermissionDeniedError             403
    │   │   ├── NotFoundError                     404
    │   │   ├── ConflictError                     409
    │   │   ├── RequestTooLargeError              413
    │   │   ├── UnprocessableEntityError          422
    │   │   ├── RateLimitError                    429
    │   │   ├── InternalServerError               >= 500
    │   │   └── OverloadedError                   529, or an ``overloaded_error`` in a stream
    │   ├── APIConnectionError        no answer: refused, reset, DNS
    │   │   └── APITimeoutError       connect or read timeout
    │   └── ProtocolError             an answer nbagent cannot read: bad JSON, a cut stream
    │       └── StreamError           an ``error`` event inside a 200 stream
    ├── ToolError                     a tool could not be registered or run
    ├── TurnLimitExceededError        the tool loop ran more than ``max_tool_turns`` rounds
    ├── ReadOnlySlotError             a turn was submitted to a read-only context slot
    └── StoreError                    a memory store could not read or write

Messages say what to do next. No exception text ever contains an API key: providers build
messages from server replies and settings, never from headers.
"""

from __future__ import annotations

import dataclasses
import functools
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import FrameType
from typing import Any, TypeVar


class NbAgentError(Exception):
    """Root of every error nbagent raises."""


class ConfigurationError(NbAgentError, ValueError):
    """A setting is invalid or missing; the message names it and the accepted values."""


class ProviderError(NbAgentError):
    """A model provider failed; ``provider`` names which one."""

    def __init__(self, message: str, *, provider: str | None = None) -> None:
        super().__init__(message)
        self.provider = provider


class APIStatusError(ProviderError):
    """The server answered with an error status."""

    def __init__(
        self,
        message: str,
        *,
        status_code: int,
        body: Any = None,
        request_id: str | None = None,
        provider: str | None = None,
    ) -> None:
        super().__init__(message, provider=provider)
        self.status_code = status_code
        self.body = body
        self.request_id = request_id


class BadRequestError(APIStatusError):
    """400: the request is malformed or a parameter is not supported."""


class ContextWindowExceededError(BadRequestError):
    """The prompt does not fit the model's context window: summarise or compact the history."""


class AuthenticationError(APIStatusError):
    """401: the API key is missing, wrong or revoked."""


class PermissionDeniedError(APIStatusError):
    """403: the key may not use this model or endpoint."""


class NotFoundError(APIStatusError):
    """404: the model or the endpoint does not exist at this base URL."""


class ConflictError(APIStatusError):
    """409: a conflicting request is in flight; retried automatically."""


class RequestTooLargeError(APIStatusError):
    """413: the request body is larger than the server accepts."""


class UnprocessableEntityError(APIStatusError):
    """422: the server understood the request but refused its content."""


class RateLimitError(APIStatusError):
    """429: too many requests or tokens; retried automatically, then raised."""


class InternalServerError(APIStatusError):
    """A 5xx answer: the provider failed; retried automatically, then raised."""


class OverloadedError(APIStatusError):
    """529 or an in-stream ``overloaded_error``: the provider is overloaded; try again later."""


class APIConnectionError(ProviderError):
    """The server could not be reached or dropped the connection."""


class APITimeoutError(APIConnectionError):
    """The server did not answer within the configured timeout."""


class ProtocolError(ProviderError):
    """The server's answer could not be read: invalid JSON, or a stream cut in the middle."""


class StreamError(ProtocolError):
    """The server reported an error inside a streamed (HTTP 200) response."""

    def __init__(
        self,
        message: str,
        *,
        error_type: str | None = None,
        body: Any = None,
        provider: str | None = None,
    ) -> None:
        super().__init__(message, provider=provider)
        self.error_type = error_type
        self.body = body


class ToolError(NbAgentError):
    """A tool could not be registered or invoked."""


class TurnLimitExceededError(NbAgentError):
    """The tool loop ran more rounds than allowed; ``messages`` holds the transcript so far."""

    def __init__(self, message: str, *, messages: list[Any] | None = None) -> None:
        super().__init__(message)
        self.messages: list[Any] = list(messages or [])


class ReadOnlySlotError(NbAgentError):
    """The context slot is read-only: switch slots or create a writable one to submit turns."""


class StoreError(NbAgentError):
    """A memory store failed to read or write."""


# --- settings that left ------------------------------------------------------------------------


class RetiredSettingWarning(DeprecationWarning):
    """A retired setting was passed or read: it still works for one release, and the message
    says what replaced it.

    A class of its own, so a test suite that turns warnings into errors (nbagent's own does) can
    keep showing these instead: code written for the previous release, or a test that passes a
    retired name on purpose, then still runs (``filterwarnings = ["error",
    "default::nbagent.errors.RetiredSettingWarning"]``). A ``DeprecationWarning``, so filters
    and ``pytest.warns`` on that class see it too.
    """


_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Retired:
    """A setting that is no longer one, for one release: what passing it does now.

    ``apply(value, kwargs)`` moves the value to its new home in ``kwargs`` (or does nothing,
    when the behaviour is now fixed); ``advice`` ends the :class:`RetiredSettingWarning`;
    ``reads`` is what reading the old attribute gives; ``renamed``: the field that takes the
    same values now, where one does (a tuning grid's axis moves there).
    """

    advice: str
    reads: Callable[[Any], object]
    apply: Callable[[object, dict[str, Any]], None] = lambda value, kwargs: None
    renamed: str = ""


def retired_settings(
    retired: Mapping[str, Retired], *, old_fields: tuple[str, ...] = ()
) -> Callable[[type[_T]], type[_T]]:
    """Let a settings class take (with a :class:`RetiredSettingWarning`) and read the fields it
    lost: a dataclass, or a pydantic model.

    ``dataclasses.replace`` goes through ``__init__`` too, so it is covered; the class's own
    fields, its repr and its equality are the new ones only. Retired names are applied in the
    order of ``retired``. What the previous release stored or pickled is read without a warning
    (the user passed nothing): :func:`current_settings` for saved field values, and an old
    pickle through ``__setstate__`` (a ``slots`` class pickles its values in field order:
    ``old_fields`` is the previous release's order). A pydantic model's stored values are
    validated without its ``__init__``: a ``model_validator(mode="before")`` of its own or of
    its container moves the retired ones.
    """

    def decorate(cls: type[_T]) -> type[_T]:
        init = cls.__init__
        # A pydantic model reads its private attributes through its own __getattr__ and pickles
        # {"__dict__": field values, ...}; a dataclass has neither.
        own_getattr: Callable[[Any, str], object] | None = getattr(cls, "__getattr__", None)
        pydantic_setstate = getattr(cls, "__setstate__", None) if _is_pydantic(cls) else None

        @functools.wraps(init)
        def __init__(self: _T, *args: Any, **kwargs: Any) -> None:
            for name in [name for name in retired if name in kwargs]:
                gone = retired[name]
                gone.apply(kwargs.pop(name), kwargs)
                warnings.warn(
                    f"{cls.__name__}.{name} is no longer a setting: {gone.advice}",
                    RetiredSettingWarning,
                    stacklevel=_caller_level(),
                )
            init(self, *args, **kwargs)

        def __getattr__(self: _T, name: str) -> object:
            gone = retired.get(name)
            if gone is None:
                if own_getattr is not None:
                    return own_getattr(self, name)
                raise AttributeError(f"{cls.__name__!r} object has no attribute {name!r}")
            warnings.warn(
                f"{cls.__name__}.{name} is no longer a setting: {gone.advice}",
                RetiredSettingWarning,
                stacklevel=2,
            )
            return gone.reads(self)

        def __setstate__(self: _T, state: Any) -> None:
            if pydantic_setstate is not None:
                if any(name in state["__dict__"] for name in retired):
                    # Built afresh from the old field values, as the previous release's stored
                    # ones are: a retired value's new home may be more than a field.
                    values = current_settings(cls, state["__dict__"])
                    state = cls(**values).__getstate__()
                pydantic_setstate(self, state)
                return
            fields = dataclasses.fields(cls)  # type: ignore[arg-type]
            if isinstance(state, dict):
                values = dict(state)
            else:
                names = old_fields if len(state) == len(old_fields) else [f.name for f in fields]
                values = dict(zip(names, state, strict=False))
            values = current_settings(cls, values)
            for f in fields:
                if f.name in values:
                    value = values[f.name]
                elif f.default is not dataclasses.MISSING:
                    value = f.default
                else:
                    value = f.default_factory()  # type: ignore[operator]
                object.__setattr__(self, f.name, value)

        setattr(cls, "__init__", __init__)  # noqa: B010 (mypy refuses assigning a method)
        setattr(cls, "__getattr__", __getattr__)  # noqa: B010
        setattr(cls, "__setstate__", __setstate__)  # noqa: B010
        setattr(cls, "_retired_settings", dict(retired))  # noqa: B010
        return cls

    return decorate


def _is_pydantic(cls: type) -> bool:
    """Whether ``cls`` is a pydantic model (by its marks: this module imports no pydantic)."""
    return hasattr(cls, "__pydantic_fields__") and hasattr(cls, "model_validate")


def current_settings(cls: type, values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` (a settings class's fields as saved by a previous release) with the retired
    ones moved to their new homes or dropped, as ``cls(**values)`` takes them: no warning, since
    the user passed none of them."""
    retired: Mapping[str, Retired] = getattr(cls, "_retired_settings", {})
    out = dict(values)
    for name in [name for name in retired if name in out]:
        retired[name].apply(out.pop(name), out)
    return out


def retired_setting(cls: type, name: str) -> Retired | None:
    """What replaced ``cls``'s retired setting ``name`` (``None``: it is no retired one)."""
    retired: Mapping[str, Retired] = getattr(cls, "_retired_settings", {})
    return retired.get(name)


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside this module and ``dataclasses`` (which
    ``dataclasses.replace`` goes through): where the user passed the setting."""
    frame: FrameType | None = sys._getframe(2)
    level = 2
    while frame is not None and frame.f_code.co_filename in _PASSED_THROUGH:
        frame, level = frame.f_back, level + 1
    return level


_PASSED_THROUGH = frozenset({__file__, dataclasses.__file__})


__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConfigurationError",
    "ConflictError",
    "ContextWindowExceededError",
    "InternalServerError",
    "NbAgentError",
    "NotFoundError",
    "OverloadedError",
    "PermissionDeniedError",
    "ProtocolError",
    "ProviderError",
    "RateLimitError",
    "ReadOnlySlotError",
    "RequestTooLargeError",
    "RetiredSettingWarning",
    "StoreError",
    "StreamError",
    "ToolError",
    "TurnLimitExceededError",
    "UnprocessableEntityError",
]
