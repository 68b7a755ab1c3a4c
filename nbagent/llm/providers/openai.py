"""OpenAI Chat Completions, and every server that speaks it through ``base_url``.

The provider only translates; HTTP, retries and error mapping live in :mod:`._http`. The
translation is pure and testable without a server:

- :func:`request_body` maps an IR request to the JSON body,
- :func:`response_from_json` maps a non-streamed answer to a :class:`MessageResponse`,
- :class:`OpenAIStreamTranslator` maps stream chunks to IR :data:`StreamEvent` s.

Both directions put blocks in one order -- thinking, then text, then tool calls -- and the
stream's block indexes are the positions of the blocks in the final message, so accumulating a
stream gives the same response as the non-streamed call.

Presets (:data:`OPENAI_COMPATIBLE_PRESETS`) fill in the base URL, the API key's environment
variable and the dialect of OpenAI, DeepSeek, Qwen / DashScope, Ollama, vLLM and llama.cpp.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncGenerator
from contextlib import aclosing
from dataclasses import dataclass, replace
from typing import Any, Literal, assert_never, get_args

import httpx

from nbagent.errors import ConfigurationError, ProtocolError
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
from nbagent.llm.events import StreamEvent, parse_tool_input
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)
from nbagent.llm.providers._http import DEFAULT_TIMEOUT, HttpClient
from nbagent.llm.providers._openai_stream import (
    OpenAIStreamTranslator,
    content_text,
    stop_reason_from,
    usage_from_openai,
)
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    ToolChoice,
    ToolDefinition,
)

logger = logging.getLogger("nbagent.llm.providers.openai")

SystemRole = Literal["system", "developer"]
MaxTokensParam = Literal["max_completion_tokens", "max_tokens"]

_PART_TYPES = frozenset({"text", "image_url", "input_audio", "file", "refusal"})


@dataclass(frozen=True)
class OpenAIWireOptions:
    """The dialect details that differ between OpenAI-compatible servers."""

    model: str = ""
    """Used when the request leaves ``model`` empty."""
    system_role: SystemRole = "system"
    max_tokens_param: MaxTokensParam = "max_completion_tokens"
    send_reasoning_content: bool = False
    """DeepSeek: send earlier thinking back on assistant messages that call tools."""
    thinking_budget_param: str | None = None
    """Where ``request.thinking_budget`` goes (DashScope: ``thinking_budget``); None drops it."""
    null_content_with_tool_calls: bool = True
    """An assistant turn that only calls tools sends ``content: null``; False sends ``""``
    (llama-cpp-python's server rejects null)."""


@dataclass(frozen=True)
class OpenAICompatiblePreset:
    """Where a compatible service lives, where its key is, and how it speaks."""

    base_url: str
    key_env_var: str | None
    key_required: bool
    options: OpenAIWireOptions = OpenAIWireOptions()


_QWEN = OpenAICompatiblePreset(
    "https://dashscope.aliyuncs.com/compatible-mode/v1",
    "DASHSCOPE_API_KEY",
    key_required=True,
    options=OpenAIWireOptions(
        max_tokens_param="max_tokens", thinking_budget_param="thinking_budget"
    ),
)

OPENAI_COMPATIBLE_PRESETS: dict[str, OpenAICompatiblePreset] = {
    "openai": OpenAICompatiblePreset("https://api.openai.com/v1", "OPENAI_API_KEY", True),
    "deepseek": OpenAICompatiblePreset(
        "https://api.deepseek.com",
        "DEEPSEEK_API_KEY",
        key_required=True,
        options=OpenAIWireOptions(max_tokens_param="max_tokens", send_reasoning_content=True),
    ),
    "qwen": _QWEN,
    "dashscope": _QWEN,
    "ollama": OpenAICompatiblePreset(
        "http://localhost:11434/v1", None, False, OpenAIWireOptions(max_tokens_param="max_tokens")
    ),
    "vllm": OpenAICompatiblePreset(
        "http://localhost:8000/v1", None, False, OpenAIWireOptions(max_tokens_param="max_tokens")
    ),
    "llamacpp": OpenAICompatiblePreset(
        "http://localhost:8080/v1",
        None,
        False,
        OpenAIWireOptions(max_tokens_param="max_tokens", null_content_with_tool_calls=False),
    ),
}
"""Preset name -> base URL, API key variable and dialect. Any other server: pass ``base_url``."""


# --- IR -> OpenAI ---------------------------------------------------------------------------


def request_body(
    request: MessageRequest, options: OpenAIWireOptions, *, stream: bool = False
) -> dict[str, Any]:
    """The Chat Completions JSON body for ``request``; ``extra_body`` is merged in last."""
    body: dict[str, Any] = {
        "model": request.model or options.model,
        "messages": messages_to_openai(request.messages, options),
    }
    if request.tools:
        body["tools"] = [tool_to_openai(tool) for tool in request.tools]
    if request.tool_choice is not None:
        body["tool_choice"] = tool_choice_to_openai(request.tool_choice)
    if request.max_tokens is not None:
        body[options.max_tokens_param] = request.max_tokens
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if request.top_p is not None:
        body["top_p"] = request.top_p
    if request.stop:
        body["stop"] = list(request.stop)
    if request.thinking_budget is not None and options.thinking_budget_param:
        body[options.thinking_budget_param] = request.thinking_budget
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    body.update(request.extra_body)
    return body


def tool_to_openai(tool: ToolDefinition) -> dict[str, Any]:
    function: dict[str, Any] = {"name": tool.name}
    if tool.description:
        function["description"] = tool.description
    function["parameters"] = tool.input_schema
    return {"type": "function", "function": function}


def tool_choice_to_openai(choice: ToolChoice) -> str | dict[str, Any]:
    if choice.mode == "tool":
        return {"type": "function", "function": {"name": choice.name}}
    return choice.mode


def messages_to_openai(
    messages: list[AnyMessage], options: OpenAIWireOptions
) -> list[dict[str, Any]]:
    """IR history -> OpenAI messages (one IR message may become several, e.g. tool results)."""
    out: list[dict[str, Any]] = []
    for message in messages:
        match message:
            case SystemMessage():
                out.append({"role": options.system_role, "content": message.content})
            case UserMessage():
                out.extend(_tool_results(message.content))
                parts = [part for block in message.content if (part := _user_part(block))]
                if parts or not any(isinstance(b, ToolResultBlock) for b in message.content):
                    out.append({"role": "user", "content": _compact(parts)})
            case AssistantMessage():
                out.append(_assistant_to_openai(message, options))
                out.extend(_tool_results(message.content))
            case ToolResultMessage():
                out.append(_tool_message(message.tool_call_id, message.content))
            case _:
                assert_never(message)
    return out


def _compact(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    """A lone text part is sent as a plain string, which every compatible server accepts."""
    if not parts:
        return ""
    if len(parts) == 1 and parts[0]["type"] == "text":
        return str(parts[0]["text"])
    return parts


def _user_part(block: ContentBlock) -> dict[str, Any] | None:
    match block:
        case TextBlock():
            return {"type": "text", "text": block.text}
        case ImageBlock():
            url = block.url or f"data:{block.media_type};base64,{block.data}"
            image: dict[str, Any] = {"url": url}
            if block.detail:
                image["detail"] = block.detail
            return {"type": "image_url", "image_url": image}
        case AudioBlock():
            return {
                "type": "input_audio",
                "input_audio": {"data": block.data, "format": block.format},
            }
        case FileBlock():
            file: dict[str, Any] = {}
            if block.file_id:
                file["file_id"] = block.file_id
            else:
                file["file_data"] = (
                    f"data:{block.media_type or 'application/pdf'};base64,{block.data}"
                )
            if block.name:
                file["filename"] = block.name
            return {"type": "file", "file": file}
        case ExtensionBlock():
            if block.data.get("type") in _PART_TYPES:
                return dict(block.data)
            logger.debug("dropping extension block of type %r", block.data.get("type"))
            return None
        case ToolUseBlock() | ToolResultBlock() | ThinkingBlock():
            return None
        case _:
            assert_never(block)


def _assistant_to_openai(message: AssistantMessage, options: OpenAIWireOptions) -> dict[str, Any]:
    text = "".join(b.text for b in message.content if isinstance(b, TextBlock))
    calls = [
        {
            "id": b.id,
            "type": "function",
            "function": {"name": b.name, "arguments": json.dumps(b.input, ensure_ascii=False)},
        }
        for b in message.content
        if isinstance(b, ToolUseBlock)
    ]
    empty = None if calls and options.null_content_with_tool_calls else ""
    native: dict[str, Any] = {"role": "assistant", "content": text or empty}
    if calls:
        native["tool_calls"] = calls
        if options.send_reasoning_content:
            thinking = "".join(b.text for b in message.content if isinstance(b, ThinkingBlock))
            if thinking:
                native["reasoning_content"] = thinking
    return native


def _tool_results(blocks: list[ContentBlock]) -> list[dict[str, Any]]:
    return [
        _tool_message(b.tool_use_id, b.content) for b in blocks if isinstance(b, ToolResultBlock)
    ]


def _tool_message(tool_call_id: str, content: list[ContentBlock]) -> dict[str, Any]:
    # Tool messages carry text only; an error result's text already says it failed.
    return {"role": "tool", "tool_call_id": tool_call_id, "content": text_of(content)}


# --- OpenAI -> IR ---------------------------------------------------------------------------


def response_from_json(data: Any, *, provider: str = "openai") -> MessageResponse:
    """A non-streamed Chat Completions answer -> :class:`MessageResponse`."""
    if not isinstance(data, dict):
        raise ProtocolError(
            f"{provider} answered with JSON that is not an object: {str(data)[:200]!r}",
            provider=provider,
        )
    OpenAIStreamTranslator.raise_if_error(data, provider)
    try:
        return _response_from_dict(data)
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise ProtocolError(
            f"{provider} answered with a completion nbagent cannot read ({e!r}).",
            provider=provider,
        ) from e


def _response_from_dict(data: dict[str, Any]) -> MessageResponse:
    choices = data.get("choices") or []
    choice = choices[0] if choices else {}
    message = choice.get("message") or {}
    blocks: list[ContentBlock] = []
    if reasoning := message.get("reasoning_content") or message.get("reasoning"):
        blocks.append(ThinkingBlock(text=reasoning))
    refusal = message.get("refusal") or ""
    if text := content_text(message.get("content")) + refusal:
        blocks.append(TextBlock(text=text))
    calls = list(message.get("tool_calls") or [])
    # Legacy `function_call` counts only alone: llama.cpp sends it beside the same `tool_calls`.
    if message.get("function_call") and not calls:
        calls.append({"id": "function_call", "function": message["function_call"]})
    for position, call in enumerate(calls):
        function = call.get("function") or {}
        arguments = function.get("arguments")
        blocks.append(
            ToolUseBlock(
                id=call.get("id") or f"call_{position}",
                name=function.get("name") or "",
                input=arguments
                if isinstance(arguments, dict)
                else parse_tool_input(arguments or ""),
            )
        )
    stop = stop_reason_from(
        choice.get("finish_reason") if choices else "no_choices",
        tool_calls=bool(calls),
        refusal=bool(refusal),
        matched_stop=choice.get("stop_reason"),
    )
    return MessageResponse(
        message=AssistantMessage(content=blocks),
        stop_reason=stop,
        usage=usage_from_openai(data.get("usage")),
        model=data.get("model") or "",
        id=data.get("id") or None,
    )


# --- the provider ---------------------------------------------------------------------------


class OpenAIProvider:
    """Chat Completions over httpx, for OpenAI and every compatible server.

    ``preset`` picks the base URL, the key's environment variable and the dialect (see
    :data:`OPENAI_COMPATIBLE_PRESETS`); the keyword options override the dialect. A preset that
    needs a key raises :class:`ConfigurationError` when none is given or set, unless
    ``base_url`` points elsewhere (a local or self-hosted server needs no key).
    """

    def __init__(
        self,
        model: str,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        preset: str = "openai",
        system_role: SystemRole | None = None,
        max_tokens_param: MaxTokensParam | None = None,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        default_headers: dict[str, str] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        spec = OPENAI_COMPATIBLE_PRESETS.get(preset)
        if spec is None:
            names = ", ".join(sorted(OPENAI_COMPATIBLE_PRESETS))
            raise ConfigurationError(f"Unknown preset {preset!r}: use one of {names}.")
        if not model:
            raise ConfigurationError(f"{preset}: pass a model name, e.g. OpenAIProvider('gpt-4o').")
        _check_choice("system_role", system_role, SystemRole)
        _check_choice("max_tokens_param", max_tokens_param, MaxTokensParam)
        if max_retries < 0:
            raise ConfigurationError(f"max_retries must be >= 0, got {max_retries}.")
        self.name = preset
        self.model = model
        self.base_url = (base_url or spec.base_url).rstrip("/")
        self._options = replace(
            spec.options,
            system_role=system_role or spec.options.system_role,
            max_tokens_param=max_tokens_param or spec.options.max_tokens_param,
        )
        key = api_key or (os.environ.get(spec.key_env_var) if spec.key_env_var else None)
        if not key and spec.key_required and self.base_url == spec.base_url.rstrip("/"):
            raise ConfigurationError(
                f"{preset} needs an API key: set the {spec.key_env_var} environment variable "
                "or pass api_key=... (or use OfflineProvider to run without one)."
            )
        headers = {"authorization": f"Bearer {key}"} if key else {}
        headers.update(default_headers or {})
        self._http = HttpClient(
            provider=preset,
            base_url=self.base_url,
            headers=headers,
            timeout=timeout,
            max_retries=max_retries,
            key_env_var=spec.key_env_var,
            transport=transport,
        )

    @classmethod
    def from_preset(cls, name: str, model: str, **kwargs: Any) -> OpenAIProvider:
        """``OpenAIProvider.from_preset("deepseek", "deepseek-chat")``."""
        return cls(model, preset=name, **kwargs)

    @property
    def http(self) -> HttpClient:
        """The HTTP layer (its ``sleep`` and ``max_retries`` are adjustable)."""
        return self._http

    @property
    def options(self) -> OpenAIWireOptions:
        return replace(self._options, model=self.model)

    def __repr__(self) -> str:
        return (
            f"OpenAIProvider(name={self.name!r}, model={self.model!r}, base_url={self.base_url!r})"
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> OpenAIProvider:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def chat(self, request: MessageRequest) -> MessageResponse:
        data, _ = await self._http.post_json(
            "/chat/completions", request_body(request, self.options)
        )
        return response_from_json(data, provider=self.name)

    async def chat_stream(self, request: MessageRequest) -> AsyncGenerator[StreamEvent, None]:
        """Stream the reply as IR events; breaking out or cancelling closes the response."""
        body = request_body(request, self.options, stream=True)
        translator = OpenAIStreamTranslator(provider=self.name)
        feed = translator.feed
        done = False
        async with aclosing(self._http.stream_sse("/chat/completions", body)) as sse_events:
            async for sse in sse_events:
                data = sse.data
                if done or not data:
                    continue  # after [DONE], read to the end so the connection can be reused
                if data == "[DONE]":
                    done = True
                    continue
                for event in feed(_loads(data, sse.event, self.name)):
                    yield event
        if not done:
            translator.check_complete()
        for event in translator.finish():
            yield event


def _loads(data: str, event: str, provider: str) -> Any:
    try:
        value = json.loads(data)
    except json.JSONDecodeError as e:
        if event == "error":
            value = {"error": {"message": data}}
        else:
            raise ProtocolError(
                f"{provider} sent a stream event that is not JSON: {data[:200]!r}",
                provider=provider,
            ) from e
    if event == "error" and not (isinstance(value, dict) and "error" in value):
        value = {"error": value}
    return value


def _check_choice(name: str, value: str | None, allowed: Any) -> None:
    options = get_args(allowed)
    if value is not None and value not in options:
        raise ConfigurationError(f"{name} must be one of {', '.join(options)}, got {value!r}.")


__all__ = [
    "OPENAI_COMPATIBLE_PRESETS",
    "OpenAICompatiblePreset",
    "OpenAIProvider",
    "OpenAIStreamTranslator",
    "OpenAIWireOptions",
    "request_body",
    "response_from_json",
]
