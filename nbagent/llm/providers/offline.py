"""The offline provider: no key, no network, deterministic.

:class:`OfflineProvider` answers from, in order of precedence:

1. its reply queue (``replies=[...]``, :meth:`OfflineProvider.enqueue`), consumed in order; an item
   is a ``str``, an :class:`AssistantMessage`, a list of content blocks, a full
   :class:`MessageResponse`, or an exception instance, which is raised;
2. its reply function (``replies=fn``), called with the request, sync or async;
3. an extractive summary when ``request.metadata["purpose"] == "summary"``
   (:func:`summary_reply`);
4. with nothing scripted, :func:`echo_reply`: what the tools returned when the request ends with
   tool results, else calls of the offered tools the user's message names, else the message said
   back -- each text marked offline.

The pieces of :func:`echo_reply` (:func:`trailing_tool_results`, :func:`tool_calls`,
:func:`schema_arguments`) are public so a reply function can script a richer double from them
(the notebooks' travel demo, :mod:`nbagent.notebook.demo`, does).

Usage comes from the token estimator. ``chat_stream`` chunks exactly the response ``chat`` would
give, so accumulating the stream equals the non-streamed answer, id and usage included.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import re
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias, assert_never

from nbagent.errors import ConfigurationError
from nbagent.llm.events import (
    BlockEvent,
    MessageEndEvent,
    MessageStartEvent,
    StreamEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
)
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    text_of,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers._extractive import extractive_summary
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason, ToolDefinition
from nbagent.llm.tokens import (
    TokenEstimator,
    estimate_block_tokens,
    estimate_request_tokens,
)
from nbagent.llm.tools import off_loop
from nbagent.llm.transcript import format_messages_as_text

Reply: TypeAlias = str | AssistantMessage | list[ContentBlock] | MessageResponse | BaseException
"""One scripted answer; an exception instance is raised instead of answered."""

ReplyFunction: TypeAlias = Callable[[MessageRequest], Reply | Awaitable[Reply]]
"""Computes the answer from the request, synchronously or asynchronously."""

DEFAULT_CHUNK_SIZE = 8
"""Characters per streamed text delta, and per tool-input JSON fragment."""

OFFLINE_NOTE = "(offline: no model or network was used)"
"""Ends the texts :func:`echo_reply` writes, so no one takes them for a model's."""

SUMMARY_PURPOSE = "summary"
"""``request.metadata["purpose"]`` of a summary call (the agent layer sets it)."""


class OfflineProvider:
    """A provider that needs no key and no network; the default for demos and tests."""

    name = "offline"

    def __init__(
        self,
        replies: Iterable[Reply] | ReplyFunction | None = None,
        *,
        model: str = "offline-demo",
        estimator: TokenEstimator | None = None,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
        latency: float = 0.0,
    ) -> None:
        if chunk_size < 1:
            raise ConfigurationError(f"chunk_size must be at least 1, got {chunk_size}")
        if latency < 0:
            raise ConfigurationError(f"latency must be >= 0 seconds, got {latency}")
        # The model name always says "offline" so no table or log can mistake it for a real model.
        self.model = model if "offline" in model.lower() else f"offline-{model}"
        self.estimator = estimator
        self.chunk_size = chunk_size
        self.latency = latency
        self.requests: list[MessageRequest] = []
        self.calls = 0
        self._queue: deque[Reply] = deque()
        self._function: ReplyFunction | None = None
        if callable(replies):
            self._function = replies
        elif replies is not None:
            self._queue.extend(replies)

    def enqueue(self, *replies: Reply) -> None:
        """Append scripted replies; they are answered before the function or the fallbacks."""
        self._queue.extend(replies)

    @property
    def pending(self) -> int:
        """How many scripted replies are still queued."""
        return len(self._queue)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, offline=True, queued={self.pending})"

    async def chat(self, request: MessageRequest) -> MessageResponse:
        reply = await self._take_reply(request)
        return self._respond(request, reply)

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        response = await self.chat(request)
        for event in stream_events(response, self.chunk_size):
            if self.latency and isinstance(
                event, TextDeltaEvent | ThinkingDeltaEvent | ToolUseInputDeltaEvent
            ):
                await asyncio.sleep(self.latency)
            yield event

    async def _take_reply(self, request: MessageRequest) -> Reply:
        self.calls += 1
        # Messages are frozen and shared; the lists are copied so later appends by the caller do
        # not rewrite what was recorded.
        self.requests.append(
            request.model_copy(
                update={
                    "messages": list(request.messages),
                    "tools": list(request.tools),
                    "metadata": dict(request.metadata),
                    "extra_body": dict(request.extra_body),
                }
            )
        )
        if self._queue:
            reply = self._queue.popleft()
        elif self._function is not None:
            result = self._function(request)
            reply = await result if inspect.isawaitable(result) else result
        elif is_summary_request(request):
            # Off the shared loop: it would block every other session's turn (17 ms measured
            # on a full 30,000-character transcript, 3,000 messages).
            reply = await off_loop(summary_reply, request, estimator=self.estimator)
        else:
            reply = echo_reply(request)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def _respond(self, request: MessageRequest, reply: Reply) -> MessageResponse:
        match reply:
            case MessageResponse():
                return reply
            case str():
                message = AssistantMessage(content=[TextBlock(text=reply)])
            case AssistantMessage():
                message = reply
            case list():
                message = AssistantMessage(content=reply)
            case BaseException():
                raise reply
            case _:
                assert_never(reply)
        has_tool_use = any(isinstance(b, ToolUseBlock) for b in message.content)
        return MessageResponse(
            message=message,
            stop_reason=StopReason.TOOL_USE if has_tool_use else StopReason.END_TURN,
            usage=Usage(
                input_tokens=self.estimate_input_tokens(request),
                output_tokens=sum(
                    estimate_block_tokens(b, self.estimator) for b in message.content
                ),
            ),
            model=request.model if "offline" in request.model.lower() else self.model,
            id=f"msg_offline_{self.request_digest(request)[:16]}",
        )

    def request_digest(self, request: MessageRequest) -> str:
        """The SHA-256 of the request's JSON that the response id is cut from."""
        return _request_digest(request, self.messages_json(request))

    def messages_json(self, request: MessageRequest) -> bytes | None:
        """The request's messages as JSON objects joined by commas, where a subclass keeps
        them made (``None``: made with the request's)."""
        return None

    def estimate_input_tokens(self, request: MessageRequest) -> int:
        """The request's messages plus its tool definitions as JSON, by the estimator."""
        return estimate_request_tokens(request, self.estimator)


class FunctionProvider(OfflineProvider):
    """An offline provider whose every answer is ``fn(request)`` (sync or async)."""

    def __init__(
        self,
        fn: ReplyFunction,
        *,
        model: str = "offline-function",
        estimator: TokenEstimator | None = None,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
        latency: float = 0.0,
    ) -> None:
        if not callable(fn):
            raise TypeError("FunctionProvider needs a callable: fn(request) -> reply")
        super().__init__(
            fn, model=model, estimator=estimator, chunk_size=chunk_size, latency=latency
        )


# --- streaming -------------------------------------------------------------------------------


def _chunks(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), size):
        yield text[start : start + size]


def _json_round_trips(data: dict[str, Any]) -> tuple[bool, str]:
    try:
        raw = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        return False, ""
    return json.loads(raw) == data, raw


def _block_events(index: int, block: ContentBlock, size: int) -> Iterator[StreamEvent]:
    match block:
        case TextBlock() if block.text:
            for part in _chunks(block.text, size):
                yield TextDeltaEvent(index=index, text=part)
            for citation in block.citations or ():
                yield TextDeltaEvent(index=index, citation=citation)
        case ThinkingBlock() if block.text:
            for part in _chunks(block.text, size):
                yield ThinkingDeltaEvent(index=index, text=part)
            if block.signature is not None:
                yield ThinkingDeltaEvent(index=index, signature=block.signature)
        case ToolUseBlock():
            ok, raw = _json_round_trips(block.input)
            if not ok:
                yield BlockEvent(index=index, block=block)
                return
            yield ToolUseStartEvent(index=index, id=block.id, name=block.name)
            for part in _chunks(raw, size):
                yield ToolUseInputDeltaEvent(index=index, partial_json=part)
            yield ToolUseEndEvent(index=index)
        case (
            TextBlock()
            | ThinkingBlock()
            | ImageBlock()
            | AudioBlock()
            | FileBlock()
            | ToolResultBlock()
            | ExtensionBlock()
        ):
            # Empty text and thinking would vanish in the accumulator; whole blocks keep them.
            yield BlockEvent(index=index, block=block)
        case _:
            assert_never(block)


def stream_events(
    response: MessageResponse, chunk_size: int = DEFAULT_CHUNK_SIZE
) -> list[StreamEvent]:
    """The events whose accumulation is exactly ``response``."""
    events: list[StreamEvent] = [MessageStartEvent(id=response.id, model=response.model)]
    for index, block in enumerate(response.message.content):
        events.extend(_block_events(index, block, chunk_size))
    u = response.usage
    events.append(
        UsageEvent(
            input_tokens=u.input_tokens,
            output_tokens=u.output_tokens,
            cache_read_tokens=u.cache_read_tokens,
            cache_write_tokens=u.cache_write_tokens,
            reasoning_tokens=u.reasoning_tokens,
        )
    )
    events.append(MessageEndEvent(stop_reason=response.stop_reason))
    return events


# --- summaries ------------------------------------------------------------------------------


def is_summary_request(request: MessageRequest) -> bool:
    """Whether ``request`` is a summary call (its metadata says so)."""
    return request.metadata.get("purpose") == SUMMARY_PURPOSE


def summary_reply(
    request: MessageRequest,
    *,
    estimator: TokenEstimator | None = None,
    names: re.Pattern[str] | None = None,
) -> str:
    """The extractive summary of the transcript a summary request carries (its last user
    message), or of the conversation it sends before its instruction (metadata ``summary_of``
    ``"conversation"``: a request repeating the turn's cached prefix), within the request's
    ``max_tokens``; ``names`` finds more names than the generic rules do (see
    :func:`~nbagent.llm.providers._extractive.extractive_summary`)."""
    if request.metadata.get("summary_of") == "conversation":
        transcript = format_messages_as_text(request.messages[:-1])
    else:
        transcript = last_user_text(request.messages)
    return extractive_summary(
        transcript,
        max_tokens=request.max_tokens,
        estimator=estimator,
        names=names,
    )


# --- with nothing scripted -------------------------------------------------------------------

_NO_MESSAGES = '"messages":[]'


def _digest_json(request: MessageRequest) -> str:
    # Without key fields (bookkeeping that came later): recorded ids stay what they were.
    return request.model_dump_json(
        include={"model", "messages", "tools", "metadata"},
        exclude={"tools": {"__all__": {"key_fields"}}},
    )


def _request_digest(request: MessageRequest, messages_json: bytes | None = None) -> str:
    """The SHA-256 of ``request``'s JSON, which offline response and tool-call ids are cut
    from. ``messages_json``: its messages' JSON objects joined by commas, when the caller has
    them made (the digest is of the same bytes)."""
    if messages_json is None:
        return hashlib.sha256(_digest_json(request).encode()).hexdigest()
    shell = _digest_json(request.model_copy(update={"messages": []}))
    # A JSON string holds no unescaped quote, so the first match is the field itself.
    at = shell.index(_NO_MESSAGES) + len(_NO_MESSAGES) - 1
    payload = b"".join((shell[:at].encode(), messages_json, shell[at:].encode()))
    return hashlib.sha256(payload).hexdigest()


_MAX_RESULT_SHOWN = 200
_MAX_ECHO_SHOWN = 80


@dataclass(frozen=True)
class ToolOutcome:
    """A tool result a request ends with: the call it answers, that call's tool, its text."""

    tool_use_id: str
    name: str | None
    text: str
    is_error: bool


def last_user_text(messages: Sequence[AnyMessage]) -> str:
    """The text of the last user message (``""`` if there is none)."""
    last = next((m for m in reversed(messages) if isinstance(m, UserMessage)), None)
    return last.text() if last is not None else ""


def trailing_tool_results(messages: Sequence[AnyMessage]) -> list[ToolOutcome]:
    """The tool results after the last assistant message, oldest first: tool-result messages
    and tool-result blocks in user messages, each with the name of the tool it answers."""
    names = {
        b.id: b.name
        for m in messages
        if isinstance(m, AssistantMessage)
        for b in m.content
        if isinstance(b, ToolUseBlock)
    }
    found: list[ToolOutcome] = []
    for message in reversed(messages):
        if isinstance(message, ToolResultMessage):
            call = message.tool_call_id
            found.append(ToolOutcome(call, names.get(call), message.text(), message.is_error))
        elif isinstance(message, UserMessage) and any(
            isinstance(b, ToolResultBlock) for b in message.content
        ):
            found.extend(
                ToolOutcome(b.tool_use_id, names.get(b.tool_use_id), text_of(b.content), b.is_error)
                for b in reversed(message.content)
                if isinstance(b, ToolResultBlock)
            )
        else:
            break
    return found[::-1]


def tool_calls(
    request: MessageRequest,
    wanted: Iterable[ToolDefinition],
    arguments: Callable[[ToolDefinition], dict[str, Any]],
) -> list[ToolUseBlock]:
    """Calls of the ``wanted`` tools (once each) as the request's ``tool_choice`` allows: none
    when no tool is offered or the choice is ``none``, the named tool when it is ``tool``, the
    first tool offered when it is ``required`` and nothing is wanted. Ids are
    ``toolu_offline_<request digest>_<n>``: the same for the same request, different between
    requests."""
    choice = request.tool_choice
    if not request.tools or (choice is not None and choice.mode == "none"):
        return []
    if choice is not None and choice.mode == "tool":
        chosen = [t for t in request.tools if t.name == choice.name]
    else:
        chosen = list(wanted)
        if not chosen and choice is not None and choice.mode == "required":
            chosen = request.tools[:1]
    digest = _request_digest(request)[:12]
    uses: list[ToolUseBlock] = []
    for tool in chosen:
        if any(u.name == tool.name for u in uses):
            continue
        tool_id = f"toolu_offline_{digest}_{len(uses)}"
        uses.append(ToolUseBlock(id=tool_id, name=tool.name, input=arguments(tool)))
    return uses


def schema_arguments(
    tool: ToolDefinition, text: str, guess: Callable[[str], Any] | None = None
) -> dict[str, Any]:
    """Arguments for ``tool`` from its input schema: ``guess(property name)`` where that gives
    a value, else 1 for a number, ``False`` for a boolean and ``text[:100]`` for any other
    required property (optional ones are left out); an ``enum`` property takes its first
    value."""
    properties: dict[str, Any] = tool.input_schema.get("properties", {}) or {}
    required = set(tool.input_schema.get("required", []) or [])
    values: dict[str, Any] = {}
    for name, schema in properties.items():
        kind = schema.get("type") if isinstance(schema, dict) else None
        value = guess(name) if guess is not None else None
        if value is not None:
            pass
        elif kind in ("integer", "number"):
            value = 1
        elif kind == "boolean":
            value = False
        elif name in required:
            value = text[:100]
        else:
            continue
        if isinstance(schema, dict) and schema.get("enum"):
            value = schema["enum"][0]
        values[name] = value
    return values


def names_tool(tool: ToolDefinition, text: str) -> bool:
    """Whether ``text`` names ``tool``: its name, or the last word of it (``search_hotels``:
    "hotels", "hotel"), as a word of its own."""
    words = [w for w in re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", tool.name) if w]
    lowered = text.lower()
    for key in {tool.name, *words[-1:]}:
        stem = key.lower()
        stem = stem[:-1] if len(stem) > 3 and stem.endswith("s") else stem
        if re.search(rf"(?<![a-z0-9]){re.escape(stem)}", lowered):
            return True
    return False


def _shown(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def echo_reply(request: MessageRequest) -> list[ContentBlock]:
    """The answer when nothing is scripted, deterministic in the request: what the tools
    returned when the request ends with tool results; else calls of the offered tools the
    user's last message names (:func:`names_tool`, arguments by :func:`schema_arguments`);
    else that message said back."""
    results = trailing_tool_results(request.messages)
    if results:
        lines = ["The tools returned:"]
        for result in results:
            status = "failed" if result.is_error else "returned"
            shown = _shown(result.text, _MAX_RESULT_SHOWN)
            lines.append(f"- {result.name or 'a tool'} {status}: {shown}")
        lines.append(OFFLINE_NOTE)
        return [TextBlock(text="\n".join(lines))]
    text = last_user_text(request.messages)
    wanted = [t for t in request.tools if names_tool(t, text)]
    uses = tool_calls(request, wanted, lambda tool: schema_arguments(tool, text))
    if uses:
        return [TextBlock(text=f"Calling {', '.join(u.name for u in uses)}."), *uses]
    snippet = _shown(" ".join(text.split()), _MAX_ECHO_SHOWN)
    said = f'You said: "{snippet}"' if snippet else "Nothing was said."
    return [TextBlock(text=f"{said} {OFFLINE_NOTE}")]


__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "OFFLINE_NOTE",
    "SUMMARY_PURPOSE",
    "FunctionProvider",
    "OfflineProvider",
    "Reply",
    "ReplyFunction",
    "ToolOutcome",
    "echo_reply",
    "is_summary_request",
    "last_user_text",
    "names_tool",
    "schema_arguments",
    "stream_events",
    "summary_reply",
    "tool_calls",
    "trailing_tool_results",
]
