"""Anthropic Messages API: native JSON and SSE -> IR, and the provider that sends requests.

The mapping is pure: :func:`request_body` (IR -> native, in ``_anthropic_request``),
:func:`response_from_json` and :class:`AnthropicStreamTranslator` (native -> IR, here);
:class:`AnthropicProvider` only sends what they build through the shared HTTP layer. Native block
indexes are the block positions of the final message, so streamed and non-streamed replies
accumulate to equal responses.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import aclosing

import httpx

from nbagent.errors import (
    APIStatusError,
    ConfigurationError,
    InternalServerError,
    OverloadedError,
    ProtocolError,
    ProviderError,
    RateLimitError,
    StreamError,
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
    parse_tool_input,
)
from nbagent.llm.messages import (
    AssistantMessage,
    ContentBlock,
    ExtensionBlock,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
    system_text,
)
from nbagent.llm.pricing import Usage, reported_count, reported_usage
from nbagent.llm.providers._anthropic_cache import EXTENDED_TTL_BETA
from nbagent.llm.providers._anthropic_request import (
    MIN_THINKING_BUDGET,
    Json,
    request_body,
    wire_block,
    wire_messages,
)
from nbagent.llm.providers._http import (
    DEFAULT_TIMEOUT,
    HttpClient,
    HttpProvider,
    check_timeout,
    checked_base_url,
    display_url,
)
from nbagent.llm.request import MessageRequest, MessageResponse, PromptCache, StopReason

logger = logging.getLogger("nbagent.llm.providers.anthropic")

PROVIDER = "anthropic"
KEY_ENV_VAR = "ANTHROPIC_API_KEY"
BASE_URL_ENV_VAR = "ANTHROPIC_BASE_URL"
DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_PROMPT_CACHE = PromptCache()
"""Breakpoints on, 5-minute TTL: what a provider made from a spec string or the environment gets."""

# ---------------------------------------------------------------------------------------------
# native response -> IR

_STOP_REASONS = {
    "end_turn": StopReason.END_TURN,
    "max_tokens": StopReason.MAX_TOKENS,
    "model_context_window_exceeded": StopReason.MAX_TOKENS,
    "stop_sequence": StopReason.STOP_SEQUENCE,
    "tool_use": StopReason.TOOL_USE,
    "pause_turn": StopReason.PAUSE_TURN,
    "refusal": StopReason.REFUSAL,
}


def stop_reason_from_wire(value: str | None) -> StopReason:
    if value is None:
        return StopReason.END_TURN
    return _STOP_REASONS.get(value, StopReason.OTHER)


def usage_from_wire(usage: Json) -> Usage:
    """IR usage: ``input_tokens`` counts cached tokens too (input + cache creation + cache read)."""
    # Each part clamped before the sum: a negative one must not hide in it.
    fresh, written, read = (
        max(reported_count(usage.get(k)), 0)
        for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    )
    return reported_usage(
        input_tokens=fresh + written + read,
        output_tokens=usage.get("output_tokens") or 0,
        cache_read_tokens=read,
        cache_write_tokens=written,
        source="Anthropic",
    )


def block_from_wire(raw: Json) -> ContentBlock | None:
    """One native content block as IR; ``None`` for blocks a stream would not produce either."""
    match raw["type"]:
        case "text":
            if not raw["text"]:
                return None
            return TextBlock(text=raw["text"], citations=_usable_citations(raw.get("citations")))
        case "thinking":
            signature = raw.get("signature") or None
            if not raw["thinking"] and signature is None:
                return None
            return ThinkingBlock(text=raw["thinking"], signature=signature)
        case "tool_use":
            return ToolUseBlock(id=raw["id"], name=raw["name"], input=raw.get("input") or {})
        case _:
            return ExtensionBlock(data=raw)


def _usable_citations(raw: object) -> list[Json] | None:
    """The citations of a text block that can be sent back: objects with a ``type`` (the API
    rejects any other). ``None`` when none is left, as for text without citations."""
    if not isinstance(raw, list):
        return None
    kept = [c for c in raw if isinstance(c, dict) and isinstance(c.get("type"), str)]
    if len(kept) < len(raw):
        logger.debug("%d citation(s) without a type dropped", len(raw) - len(kept))
    return kept or None


def response_from_json(data: Json) -> MessageResponse:
    """A non-streamed ``/v1/messages`` answer as an IR response."""
    if data.get("type") == "error":
        raise error_from_event(data)
    try:
        blocks = [b for raw in data["content"] if (b := block_from_wire(raw)) is not None]
        return MessageResponse(
            message=AssistantMessage(content=blocks),
            stop_reason=stop_reason_from_wire(data.get("stop_reason")),
            usage=usage_from_wire(data.get("usage") or {}),
            model=data.get("model") or "",
            id=data.get("id"),
        )
    except (AttributeError, KeyError, TypeError, ValueError) as e:  # ValueError: pydantic's too
        raise ProtocolError(
            f"anthropic returned a message nbagent cannot read ({e!r}); check base_url points "
            "at the Anthropic Messages API",
            provider=PROVIDER,
        ) from e


def error_from_event(data: Json) -> ProviderError:
    """The typed error for an ``error`` event (or error body) inside an HTTP 200 answer."""
    error = data.get("error")
    if not isinstance(error, dict):
        error = {}
    error_type = error.get("type")
    text = f"anthropic reported {error_type or 'an error'}: {error.get('message') or 'no message'}"
    request_id = data.get("request_id")
    status: tuple[type[APIStatusError], int, str] | None = None
    match error_type:
        case "overloaded_error":
            status = (OverloadedError, 529, "Anthropic is overloaded; retry in a moment.")
        case "rate_limit_error":
            status = (RateLimitError, 429, "Rate limited; wait, or lower the request rate.")
        case "api_error":
            status = (InternalServerError, 500, "Anthropic failed; retry the request.")
    if status is None:
        advice = "Check the request it names, or retry."
        return StreamError(f"{text}. {advice}", error_type=error_type, body=data, provider=PROVIDER)
    cls, code, advice = status
    return cls(
        f"{text}. {advice}", status_code=code, body=data, request_id=request_id, provider=PROVIDER
    )


class AnthropicStreamTranslator:
    """Turns native stream events into IR stream events, one event at a time. Pure, no I/O.

    Native block indexes are the block positions of the final message, so they are used as the IR
    ``index`` unchanged. Raises the typed error for an ``error`` event.
    """

    def __init__(self) -> None:
        self.finished = False
        self._open_tools: set[int] = set()
        self._start_input: dict[int, Json] = {}
        self._extensions: dict[int, tuple[Json, list[str]]] = {}
        self._usage: dict[str, int] = {}
        self._stop_reason = StopReason.END_TURN

    def feed(self, data: Json) -> list[StreamEvent]:
        """The IR events for one native event (its parsed ``data`` JSON)."""
        match data.get("type"):
            case "content_block_delta":
                return self._delta(data["index"], data["delta"])
            case "content_block_start":
                return self._start(data["index"], data["content_block"])
            case "content_block_stop":
                return self._stop(data["index"])
            case "message_start":
                message = data["message"]
                start = MessageStartEvent(id=message.get("id"), model=message.get("model") or "")
                return [start, self._usage_event(message.get("usage") or {})]
            case "message_delta":
                # A tool use cut by max_tokens gets no content_block_stop: close it here.
                events: list[StreamEvent] = [
                    ToolUseEndEvent(index=i) for i in sorted(self._open_tools)
                ]
                self._open_tools.clear()
                self._stop_reason = stop_reason_from_wire(data["delta"].get("stop_reason"))
                if data.get("usage"):
                    events.append(self._usage_event(data["usage"]))
                return events
            case "message_stop":
                self.finished = True
                return [MessageEndEvent(stop_reason=self._stop_reason)]
            case "error":
                raise error_from_event(data)
            case _:
                return []  # ping, and event types newer than this code

    def _delta(self, index: int, delta: Json) -> list[StreamEvent]:
        match delta["type"]:
            case "text_delta":
                return [TextDeltaEvent(index=index, text=delta["text"])]
            case "input_json_delta":
                if index in self._extensions:
                    self._extensions[index][1].append(delta["partial_json"])
                    return []
                self._start_input.pop(index, None)
                return [ToolUseInputDeltaEvent(index=index, partial_json=delta["partial_json"])]
            case "thinking_delta":
                return [ThinkingDeltaEvent(index=index, text=delta["thinking"])]
            case "signature_delta":
                return [ThinkingDeltaEvent(index=index, signature=delta["signature"])]
            case "citations_delta":
                citations = _usable_citations([delta.get("citation")]) or []
                return [TextDeltaEvent(index=index, citation=c) for c in citations]
            case _:
                return []  # newer kinds

    def _start(self, index: int, block: Json) -> list[StreamEvent]:
        match block["type"]:
            case "text":
                text = block.get("text") or ""
                events: list[StreamEvent] = [TextDeltaEvent(index=index, text=text)] if text else []
                citations = _usable_citations(block.get("citations")) or []
                events += [TextDeltaEvent(index=index, citation=c) for c in citations]
                return events
            case "thinking":
                # The start carries empty text and signature; deltas bring both.
                return []
            case "tool_use":
                self._open_tools.add(index)
                if block.get("input"):
                    self._start_input[index] = block["input"]
                return [ToolUseStartEvent(index=index, id=block["id"], name=block["name"])]
            case _:
                # redacted_thinking arrives whole; server tool blocks may stream their input.
                self._extensions[index] = (block, [])
                return [BlockEvent(index=index, block=ExtensionBlock(data=block))]

    def _stop(self, index: int) -> list[StreamEvent]:
        events: list[StreamEvent] = []
        if index in self._extensions:
            block, parts = self._extensions.pop(index)
            if parts:
                block = {**block, "input": parse_tool_input("".join(parts))}
                events.append(BlockEvent(index=index, block=ExtensionBlock(data=block)))
        if index in self._start_input:
            text = json.dumps(self._start_input.pop(index))
            events.append(ToolUseInputDeltaEvent(index=index, partial_json=text))
        if index in self._open_tools:
            self._open_tools.discard(index)
            events.append(ToolUseEndEvent(index=index))
        return events

    def _usage_event(self, usage: Json) -> UsageEvent:
        # Later usage is cumulative and may repeat or leave out any field.
        for name, value in usage.items():
            if isinstance(value, int):
                self._usage[name] = value
        total = usage_from_wire(self._usage)
        return UsageEvent(
            input_tokens=total.input_tokens,
            output_tokens=total.output_tokens,
            cache_read_tokens=total.cache_read_tokens,
            cache_write_tokens=total.cache_write_tokens,
        )


# ---------------------------------------------------------------------------------------------
# the provider


class AnthropicProvider(HttpProvider):
    """Anthropic's Messages API (``/v1/messages``), non-streamed and streamed.

    The key comes from ``api_key`` or ``ANTHROPIC_API_KEY``; it is sent as ``x-api-key`` and never
    appears in a repr, a log line or an error.

    ``prompt_cache`` (on by default, 5-minute TTL) marks ``cache_control`` breakpoints on the
    tools, the system prompt and the end of the conversation so far, so each request reads what
    the one before wrote (see :class:`~nbagent.llm.request.PromptCache`); ``None`` marks none.
    Usage reports the cache reads and writes either way.
    """

    name = PROVIDER

    def __init__(
        self,
        model: str,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        max_tokens_default: int = 4096,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        anthropic_version: str = "2023-06-01",
        prompt_cache: PromptCache | None = DEFAULT_PROMPT_CACHE,
    ) -> None:
        if not model:
            raise ConfigurationError("AnthropicProvider needs a model, e.g. 'claude-sonnet-4-5'")
        if max_tokens_default < 1:
            raise ConfigurationError(f"max_tokens_default must be >= 1, got {max_tokens_default}")
        check_timeout(timeout)
        if prompt_cache is not None and not isinstance(prompt_cache, PromptCache):
            raise ConfigurationError(
                "prompt_cache must be PromptCache(ttl='5m' or '1h') or None (no breakpoints), "
                f"got {prompt_cache!r}"
            )
        key = api_key or os.environ.get(KEY_ENV_VAR)
        if not key:
            raise ConfigurationError(
                f"No Anthropic API key: pass api_key=... or set the {KEY_ENV_VAR} environment "
                "variable (or use OfflineProvider to run without a key)."
            )
        self.model = model
        base_url = base_url or os.environ.get(BASE_URL_ENV_VAR) or DEFAULT_BASE_URL
        self.base_url = checked_base_url(base_url)
        self.max_tokens_default = max_tokens_default
        self.prompt_cache = prompt_cache
        headers = {"x-api-key": key, "anthropic-version": anthropic_version}
        if prompt_cache is not None and prompt_cache.ttl == "1h":
            headers["anthropic-beta"] = EXTENDED_TTL_BETA  # without it "1h" is refused or ignored
        self._http = HttpClient(
            provider=PROVIDER,
            base_url=self.base_url,
            headers=headers,
            timeout=timeout,
            max_retries=max_retries,
            key_env_var=KEY_ENV_VAR,
        )

    def __repr__(self) -> str:
        return f"AnthropicProvider(model={self.model!r}, base_url={display_url(self.base_url)!r})"

    def request_body(self, request: MessageRequest) -> Json:
        """The JSON body :meth:`chat` sends for ``request``."""
        return request_body(
            request,
            model=self.model,
            max_tokens_default=self.max_tokens_default,
            prompt_cache=self.prompt_cache,
        )

    async def chat(self, request: MessageRequest) -> MessageResponse:
        body = self.request_body(request)
        with self._http.masking_secrets():
            data, _headers = await self._http.post_json("/v1/messages", body)
            if not isinstance(data, dict):
                raise ProtocolError(
                    f"anthropic returned {type(data).__name__}, not a message object",
                    provider=PROVIDER,
                )
            return response_from_json(data)

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        body = self.request_body(request)
        body["stream"] = True
        translator = AnthropicStreamTranslator()
        sse_events = self._http.stream_sse("/v1/messages", body)
        with self._http.masking_secrets():
            async with aclosing(sse_events):
                async for sse in sse_events:
                    if not sse.data:
                        continue
                    try:
                        events = translator.feed(_parse_event(sse.data))
                    except (AttributeError, KeyError, TypeError, ValueError) as e:
                        raise ProtocolError(
                            f"anthropic sent a malformed {sse.event or 'stream'} event: "
                            f"{sse.data[:200]!r}",
                            provider=PROVIDER,
                        ) from e
                    for event in events:
                        yield event
                    if translator.finished:
                        break
        if not translator.finished:
            raise ProtocolError(
                "anthropic stream ended before message_stop; the reply is incomplete, retry it",
                provider=PROVIDER,
            )

    async def count_tokens(self, request: MessageRequest) -> int:
        """Input tokens of ``request`` as Anthropic counts them (``/v1/messages/count_tokens``)."""
        # Counted as sent, without breakpoints: a count neither reads nor writes the cache.
        full = request_body(request, model=self.model, max_tokens_default=self.max_tokens_default)
        body: Json = {k: full[k] for k in ("model", "messages", "system", "tools") if k in full}
        with self._http.masking_secrets():
            data, _headers = await self._http.post_json("/v1/messages/count_tokens", body)
            try:
                return int(data["input_tokens"])
            except (KeyError, TypeError, ValueError) as e:
                raise ProtocolError(
                    f"anthropic count_tokens answer has no input_tokens: {data!r}",
                    provider=PROVIDER,
                ) from e


def _parse_event(raw: str) -> Json:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise ProtocolError(
            f"anthropic sent invalid JSON in a stream: {raw[:200]!r}", provider=PROVIDER
        ) from e
    if not isinstance(data, dict):
        raise ProtocolError(
            f"anthropic sent a non-object stream event: {raw[:200]!r}", provider=PROVIDER
        )
    return data


__all__ = [
    "DEFAULT_PROMPT_CACHE",
    "MIN_THINKING_BUDGET",
    "AnthropicProvider",
    "AnthropicStreamTranslator",
    "block_from_wire",
    "error_from_event",
    "request_body",
    "response_from_json",
    "stop_reason_from_wire",
    "system_text",
    "usage_from_wire",
    "wire_block",
    "wire_messages",
]
