"""The offline provider: no key, no network, deterministic.

:class:`OfflineProvider` answers from, in order of precedence:

1. its reply queue (``replies=[...]``, :meth:`OfflineProvider.enqueue`), consumed in order; an item
   is a ``str``, an :class:`AssistantMessage`, a list of content blocks, a full
   :class:`MessageResponse`, or an exception instance, which is raised;
2. its reply function (``replies=fn``), called with the request, sync or async;
3. an extractive summary when ``request.metadata["purpose"] == "summary"``;
4. a built-in travel-planning demo that calls the offered tools (weather, flights, hotels).

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
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any, TypeAlias, assert_never

from nbagent.errors import ConfigurationError
from nbagent.llm.blocks import (
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    text_of,
)
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
from nbagent.llm.messages import AnyMessage, AssistantMessage, ToolResultMessage, UserMessage
from nbagent.llm.providers._extractive import extractive_summary
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason, ToolDefinition
from nbagent.llm.tokens import (
    DEFAULT_ESTIMATOR,
    TokenEstimator,
    estimate_block_tokens,
    estimate_messages_tokens,
)
from nbagent.llm.usage import Usage

Reply: TypeAlias = str | AssistantMessage | list[ContentBlock] | MessageResponse | BaseException
"""One scripted answer; an exception instance is raised instead of answered."""

ReplyFunction: TypeAlias = Callable[[MessageRequest], Reply | Awaitable[Reply]]
"""Computes the answer from the request, synchronously or asynchronously."""

DEFAULT_CHUNK_SIZE = 8
"""Characters per streamed text delta, and per tool-input JSON fragment."""

_OFFLINE_NOTE = "(offline demo: no model or network was used)"
_OFFLINE_NOTE_ZH = "（离线演示：未调用任何模型或网络）"


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
        """Append scripted replies; they are answered before the function or the demo."""
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
        elif request.metadata.get("purpose") == "summary":
            reply = self._summary(request)
        else:
            reply = demo_reply(request)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def _summary(self, request: MessageRequest) -> str:
        last_user = next(
            (m for m in reversed(request.messages) if isinstance(m, UserMessage)), None
        )
        transcript = last_user.text() if last_user is not None else ""
        return extractive_summary(
            transcript, max_tokens=request.max_tokens, estimator=self.estimator
        )

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
            id=f"msg_offline_{_request_digest(request)[:16]}",
        )

    def estimate_input_tokens(self, request: MessageRequest) -> int:
        """The request's messages plus its tool definitions as JSON, by the estimator."""
        tokens = estimate_messages_tokens(request.messages, self.estimator)
        if request.tools:
            schema = [t.model_dump(mode="json", exclude={"result_semantic"}) for t in request.tools]
            count = (self.estimator or DEFAULT_ESTIMATOR).count_text
            tokens += count(json.dumps(schema, ensure_ascii=False, separators=(",", ":")))
        return tokens


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


def _request_digest(request: MessageRequest) -> str:
    payload = request.model_dump_json(include={"model", "messages", "tools", "metadata"})
    return hashlib.sha256(payload.encode()).hexdigest()


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


# --- the travel-planning demo ----------------------------------------------------------------

_TOPICS: dict[str, tuple[str, ...]] = {
    "weather": ("weather", "forecast", "rain", "temperature", "天气", "气温", "下雨"),
    "flight": ("flight", "fly", "plane", "airfare", "航班", "机票", "飞机"),
    "hotel": ("hotel", "stay", "accommodation", "room", "酒店", "住宿", "宾馆"),
}
_TOPIC_LABELS = {"weather": "the weather", "flight": "flights", "hotel": "hotels"}
_CITY_EN = re.compile(r"\b(?:in|to|for|at|visit(?:ing)?)\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)")
_ORIGIN_EN = re.compile(r"\bfrom\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)")
# fmt: off
_CITIES_ZH = (
    "北京", "上海", "广州", "深圳", "杭州", "成都", "西安", "香港",
    "东京", "大阪", "巴黎", "伦敦", "纽约", "首尔", "新加坡", "曼谷",
)
# fmt: on
_DATE = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}月\d{1,2}[日号]|明天|后天|今天|tomorrow|today|tonight"
    r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u4e00-\u9fff]")


def demo_reply(request: MessageRequest) -> list[ContentBlock]:
    """The built-in travel assistant: deterministic in the request."""
    results = _trailing_tool_results(request.messages)
    if results:
        return [TextBlock(text=_summarise_results(request.messages, results))]
    last_user = next((m for m in reversed(request.messages) if isinstance(m, UserMessage)), None)
    text = last_user.text() if last_user is not None else ""
    uses = _tool_uses_for(request, text)
    if uses:
        zh = bool(_CJK.search(text))
        names = {u.name for u in uses}
        if zh:
            intro = "我来查一下：" + "、".join(sorted(names)) + "。"
        else:
            intro = "Let me check that with " + ", ".join(sorted(names)) + "."
        return [TextBlock(text=intro), *uses]
    return [TextBlock(text=_chat_answer(text))]


def _trailing_tool_results(messages: list[AnyMessage]) -> list[tuple[str, str, bool]]:
    """(tool_use_id, text, is_error) of the results after the last assistant message."""
    found: list[tuple[str, str, bool]] = []
    for message in reversed(messages):
        if isinstance(message, ToolResultMessage):
            found.append((message.tool_call_id, message.text(), message.is_error))
        elif isinstance(message, UserMessage) and any(
            isinstance(b, ToolResultBlock) for b in message.content
        ):
            for b in reversed(message.content):
                if isinstance(b, ToolResultBlock):
                    found.append((b.tool_use_id, text_of(b.content), b.is_error))
        else:
            break
    return list(reversed(found))


def _summarise_results(messages: list[AnyMessage], results: list[tuple[str, str, bool]]) -> str:
    names: dict[str, str] = {}
    for message in messages:
        if isinstance(message, AssistantMessage):
            for b in message.content:
                if isinstance(b, ToolUseBlock):
                    names[b.id] = b.name
    lines = ["Here is what I found:"]
    for tool_id, text, is_error in results:
        shown = text if len(text) <= 200 else text[:200] + "…"
        status = "failed" if is_error else "returned"
        lines.append(f"- {names.get(tool_id, 'a tool')} {status}: {shown}")
    lines.append(f"Shall I plan the rest of the trip around this? {_OFFLINE_NOTE}")
    return "\n".join(lines)


def _tool_uses_for(request: MessageRequest, text: str) -> list[ToolUseBlock]:
    choice = request.tool_choice
    if not request.tools or (choice is not None and choice.mode == "none"):
        return []
    if choice is not None and choice.mode == "tool":
        chosen = [t for t in request.tools if t.name == choice.name]
    else:
        lowered = text.lower()
        chosen = [
            tool
            for topic, words in _TOPICS.items()
            if any(w in lowered for w in words)
            for tool in request.tools
            if topic in tool.name.lower()
        ]
        if not chosen and choice is not None and choice.mode == "required":
            chosen = request.tools[:1]
    digest = _request_digest(request)[:12]
    seen: set[str] = set()
    uses: list[ToolUseBlock] = []
    for tool in chosen:
        if tool.name in seen:
            continue
        seen.add(tool.name)
        tool_id = f"toolu_offline_{digest}_{len(uses)}"
        uses.append(ToolUseBlock(id=tool_id, name=tool.name, input=_guess_input(tool, text)))
    return uses


def _guess_input(tool: ToolDefinition, text: str) -> dict[str, Any]:
    """Fill the schema's properties from the user's words, so the demo's calls look real."""
    properties: dict[str, Any] = tool.input_schema.get("properties", {}) or {}
    required = set(tool.input_schema.get("required", []) or [])
    city = _find(_CITY_EN, text) or next((c for c in _CITIES_ZH if c in text), "Paris")
    origin = _find(_ORIGIN_EN, text) or "London"
    date_match = _DATE.search(text)
    date = date_match.group(0) if date_match else "tomorrow"
    values: dict[str, Any] = {}
    for name, schema in properties.items():
        key = name.lower()
        kind = schema.get("type") if isinstance(schema, dict) else None
        if any(w in key for w in ("origin", "from", "departure")):
            value: Any = origin
        elif any(w in key for w in ("city", "location", "destination", "place", "to")):
            value = city
        elif "date" in key or "day" in key or "when" in key:
            value = date
        elif kind in ("integer", "number"):
            value = 1
        elif kind == "boolean":
            value = False
        elif name in required:
            value = text[:100]
        else:
            continue
        if isinstance(schema, dict) and "enum" in schema and schema["enum"]:
            value = schema["enum"][0]
        values[name] = value
    return values


def _find(pattern: re.Pattern[str], text: str) -> str | None:
    match = pattern.search(text)
    return match.group(1) if match else None


def _chat_answer(text: str) -> str:
    snippet = " ".join(text.split())
    snippet = snippet if len(snippet) <= 80 else snippet[:80] + "…"
    if _CJK.search(text):
        return (
            f"我是离线旅行规划助手。你说：“{snippet}”。"
            "问我某个城市的天气、航班或酒店，我会调用你提供的工具。" + _OFFLINE_NOTE_ZH
        )
    if not snippet:
        return (
            f"Hello! I am the offline travel planner. Where would you like to go? {_OFFLINE_NOTE}"
        )
    topics = ", ".join(_TOPIC_LABELS.values())
    return (
        f'I am the offline travel planner. You said: "{snippet}". '
        f"Ask me about {topics} for a city and I will call the tools you give me. {_OFFLINE_NOTE}"
    )


__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "FunctionProvider",
    "OfflineProvider",
    "Reply",
    "ReplyFunction",
    "demo_reply",
    "stream_events",
]
