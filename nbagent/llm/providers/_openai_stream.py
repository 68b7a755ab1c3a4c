"""Chat Completions stream chunks -> IR stream events, and the mappings both directions share.

Block indexes are handed out in order of first appearance (thinking, text, then each tool call
as it opens), so they are the positions of the blocks in the final message. Tool-call argument
fragments are passed on as they come and joined per call by the accumulator; calls are keyed by
their ``index``, and servers that omit it, start at 1, or reuse an index for a new call id are
handled. The translator is pure: no I/O.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from nbagent.errors import ProtocolError, StreamError
from nbagent.llm.events import (
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
from nbagent.llm.pricing import Usage, reported_count, reported_usage
from nbagent.llm.request import StopReason

_FINISH_REASONS = {
    "stop": StopReason.END_TURN,
    "length": StopReason.MAX_TOKENS,
    "tool_calls": StopReason.TOOL_USE,
    "function_call": StopReason.TOOL_USE,
    "content_filter": StopReason.CONTENT_FILTER,
    "insufficient_system_resource": StopReason.OTHER,
}


def stop_reason_from(
    finish_reason: str | None, *, tool_calls: bool, refusal: bool, matched_stop: Any = None
) -> StopReason:
    """Normalise ``finish_reason``; a plain ``stop`` is refined by what the reply holds.

    A missing one reads as ``stop``: some servers never send it (Kimi-K2 through OpenRouter ends a
    turn that calls tools with ``finish_reason: null`` and ``[DONE]``), and such a reply must
    still stop for ``tool_use`` so its calls are run.
    """
    if finish_reason is None:
        finish_reason = "stop"
    reason = _FINISH_REASONS.get(finish_reason, StopReason.OTHER)
    if reason is StopReason.END_TURN:
        # Some servers (Ollama, vLLM parsers) say "stop" for a turn that calls tools.
        if tool_calls:
            return StopReason.TOOL_USE
        if refusal:
            return StopReason.REFUSAL
        if isinstance(matched_stop, str):
            return StopReason.STOP_SEQUENCE  # vLLM names the stop string it matched
    return reason


def _usage_fields(raw: dict[str, Any]) -> dict[str, Any]:
    """The IR usage fields of a ``usage`` object, cached input counted in ``input_tokens``.

    Cache reads: ``prompt_tokens_details.cached_tokens`` (OpenAI, Qwen / DashScope, vLLM), or
    DeepSeek's ``prompt_cache_hit_tokens`` (its ``prompt_tokens`` is hits + misses). Cache
    writes are billed apart only where the request marks the cache: DashScope's explicit cache
    (``prompt_tokens_details.cache_creation_input_tokens``) and OpenRouter relaying Anthropic
    (``prompt_tokens_details.cache_write_tokens``); OpenAI and DeepSeek write for free (0).
    """
    prompt_details = raw.get("prompt_tokens_details")
    prompt_details = prompt_details if isinstance(prompt_details, dict) else {}
    completion_details = raw.get("completion_tokens_details")
    completion_details = completion_details if isinstance(completion_details, dict) else {}
    hits = reported_count(raw.get("prompt_cache_hit_tokens"))
    misses = raw.get("prompt_cache_miss_tokens")
    return {
        "input_tokens": reported_count(raw.get("prompt_tokens")) or hits + reported_count(misses),
        "output_tokens": reported_count(raw.get("completion_tokens")),
        "cache_read_tokens": reported_count(prompt_details.get("cached_tokens")) or hits,
        "cache_write_tokens": reported_count(prompt_details.get("cache_creation_input_tokens"))
        or reported_count(prompt_details.get("cache_write_tokens")),
        "reasoning_tokens": reported_count(completion_details.get("reasoning_tokens")),
    }


def usage_from_openai(raw: Any) -> Usage:
    """OpenAI ``usage`` -> :class:`Usage` (zeros when the server sent none)."""
    return reported_usage(**_usage_fields(raw)) if isinstance(raw, dict) else Usage()


def content_text(content: Any) -> str:
    """Message content as text: a string, None, or a list of parts (some servers)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(part.get("text") or "") for part in content if isinstance(part, dict))
    return ""


@dataclass
class _ToolCall:
    index: int
    id: str
    name: str


class OpenAIStreamTranslator:
    """Feed it parsed chunks in order; call :meth:`finish` at ``[DONE]`` or the stream's end."""

    def __init__(self, provider: str = "openai") -> None:
        self.provider = provider
        self._started = False
        self._next_index = 0
        self._thinking_index = -1
        self._text_index = -1
        self._calls: dict[Any, _ToolCall] = {}
        self._order: list[_ToolCall] = []
        self._finish_reason: str | None = None
        self._matched_stop: Any = None
        self._refusal = False

    @staticmethod
    def raise_if_error(data: dict[str, Any], provider: str) -> None:
        """An ``{"error": ...}`` object inside a 200 answer -> :class:`StreamError`."""
        error = data.get("error")
        if error is None:
            return
        details = error if isinstance(error, dict) else {"message": error}
        kind = details.get("type") or details.get("code")
        label = "/".join(str(v) for v in (details.get("type"), details.get("code")) if v)
        raise StreamError(
            f"{provider} reported an error inside its answer ({label or 'error'}): "
            f"{details.get('message') or details}. The partial reply was discarded; try again.",
            error_type=str(kind) if kind is not None else None,
            body=data,
            provider=provider,
        )

    def feed(self, chunk: Any) -> list[StreamEvent]:
        """The events one chunk adds."""
        if not isinstance(chunk, dict):
            raise ProtocolError(
                f"{self.provider} sent a stream chunk that is not a JSON object: {chunk!r:.200}",
                provider=self.provider,
            )
        if "error" in chunk:
            self.raise_if_error(chunk, self.provider)
        try:
            return self._feed(chunk)
        except (AttributeError, KeyError, TypeError, ValueError) as e:
            raise ProtocolError(
                f"{self.provider} sent a stream chunk nbagent cannot read ({e!r}): "
                f"{json.dumps(chunk)[:200]}",
                provider=self.provider,
            ) from e

    def _feed(self, chunk: dict[str, Any]) -> list[StreamEvent]:
        events: list[StreamEvent] = []
        # Content-filter preambles come with an empty id and model: announce the first real one.
        if not self._started and (chunk.get("id") or chunk.get("model")):
            self._started = True
            events.append(
                MessageStartEvent(id=chunk.get("id") or None, model=chunk.get("model") or "")
            )
        for choice in chunk.get("choices") or ():
            if choice.get("index", 0) == 0:  # nbagent asks for one choice; ignore any other
                self._choice(choice, events)
        usage = chunk.get("usage")
        if usage:
            events.append(UsageEvent(**_usage_fields(usage)))
        return events

    def _choice(self, choice: dict[str, Any], events: list[StreamEvent]) -> None:
        delta = choice.get("delta")
        if delta:
            if reasoning := delta.get("reasoning_content") or delta.get("reasoning"):
                if self._thinking_index < 0:
                    self._thinking_index = self._take_index()
                events.append(ThinkingDeltaEvent(index=self._thinking_index, text=reasoning))
            content = delta.get("content")
            if content:
                self._text(content if isinstance(content, str) else content_text(content), events)
            if refusal := delta.get("refusal"):
                self._refusal = True
                self._text(refusal, events)
            tool_calls = delta.get("tool_calls")
            for call in tool_calls or ():
                self._tool_delta(call, events)
            # Legacy `function_call` counts only alone: llama.cpp sends it beside `tool_calls`.
            function_call = delta.get("function_call")
            if (
                function_call
                and not tool_calls
                and ("function_call" in self._calls or not self._order)
            ):
                call = {"index": "function_call", "id": "function_call", "function": function_call}
                self._tool_delta(call, events)
        if (finish := choice.get("finish_reason")) is not None:
            self._finish_reason = finish
            self._matched_stop = choice.get("stop_reason")

    def _take_index(self) -> int:
        index = self._next_index
        self._next_index += 1
        return index

    def _text(self, text: str, events: list[StreamEvent]) -> None:
        if text:
            if self._text_index < 0:
                self._text_index = self._take_index()
            events.append(TextDeltaEvent(index=self._text_index, text=text))

    def _tool_delta(self, delta: dict[str, Any], events: list[StreamEvent]) -> None:
        key = delta.get("index")
        call_id = delta.get("id")
        function = delta.get("function") or {}
        name = function.get("name")
        if key is None:
            # No index: a delta with a new id opens a call, any other continues the last one.
            last = self._order[-1] if self._order else None
            call = last if last is not None and (not call_id or call_id == last.id) else None
            key = ("position", len(self._order)) if call is None else None
        else:
            call = self._calls.get(key)
            if call is not None and call_id and call_id != call.id:
                call = None  # a server reusing an index for the next call
        if call is None:
            call = _ToolCall(self._take_index(), call_id or f"call_{len(self._order)}", name or "")
            self._calls[key] = call
            self._order.append(call)
            events.append(ToolUseStartEvent(index=call.index, id=call.id, name=call.name))
        elif name and not call.name:
            call.name = name  # the name came after the first delta: announce the call again
            events.append(ToolUseStartEvent(index=call.index, id=call.id, name=call.name))
        arguments = function.get("arguments")
        if isinstance(arguments, dict):
            arguments = json.dumps(arguments)
        if arguments:
            events.append(ToolUseInputDeltaEvent(index=call.index, partial_json=arguments))

    def check_complete(self) -> None:
        """The stream ended without ``[DONE]``: fine if the model had finished, else a cut.

        (With ``[DONE]`` no finish reason is needed: it is read as ``stop``.)"""
        if self._finish_reason is None:
            raise ProtocolError(
                f"{self.provider} ended the stream before the model finished (no finish_reason "
                "and no [DONE]). The partial reply was discarded; try again.",
                provider=self.provider,
            )

    def finish(self) -> list[StreamEvent]:
        """The closing events: each tool call ends, then the message with its stop reason."""
        events: list[StreamEvent] = [ToolUseEndEvent(index=call.index) for call in self._order]
        stop = stop_reason_from(
            self._finish_reason,
            tool_calls=bool(self._order),
            refusal=self._refusal,
            matched_stop=self._matched_stop,
        )
        events.append(MessageEndEvent(stop_reason=stop))
        return events
