"""OpenAI Chat Completions, IR -> native: the JSON body of ``POST {base_url}/chat/completions``.

The dialects of the compatible servers live here too (:class:`OpenAIWireOptions`, and the
presets that pick them); :mod:`.openai` re-exports what is public. Rules the mapping keeps:

- system messages keep their place, in the dialect's role (``system`` or ``developer``), or
  go first as one for a server that reads only a leading one (``leading_system``);
- tool results travel as ``tool`` messages (text only) right after the assistant's call, and a
  call left without one gets an error result, so a reply cut at ``max_tokens`` stays sendable;
- a lone text part goes as a plain string, which every compatible server accepts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal, assert_never

from nbagent.llm.messages import (
    NOT_RUN_RESULT,
    AnyMessage,
    AssistantMessage,
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    system_text,
    text_of,
    wire_arguments,
)
from nbagent.llm.request import MessageRequest, ToolChoice, ToolDefinition

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
    leading_system: bool = False
    """Send every system message as one, first (their texts joined in order, as the Anthropic
    wire does), for a server that reads only a leading one: llama-cpp-python's built-in chat
    formats (``--chat_format chatml`` and the like) drop the others, a focused view's summary
    among them, and some chat templates refuse a later one."""
    thinking_only_streamed: bool = False
    """DashScope rejects thinking on non-streamed calls, and its open Qwen3 models think unless
    told not to: a non-streamed body sends ``enable_thinking: false`` unless the request sets it."""


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
        max_tokens_param="max_tokens",
        thinking_budget_param="thinking_budget",
        thinking_only_streamed=True,
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
    if options.thinking_only_streamed and not stream:
        body.setdefault("enable_thinking", False)
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
    if options.leading_system and (system := system_text(messages)):
        out.append({"role": options.system_role, "content": system})
    for message in messages:
        match message:
            case SystemMessage():
                if not options.leading_system:
                    out.append({"role": options.system_role, "content": message.content})
            case UserMessage():
                out.extend(_tool_results(message.content))
                parts = [part for block in message.content if (part := _user_part(block))]
                if parts or not any(isinstance(b, ToolResultBlock) for b in message.content):
                    out.append({"role": "user", "content": _user_content(parts)})
            case AssistantMessage():
                out.append(_assistant_to_openai(message, options))
                out.extend(_tool_results(message.content))
            case ToolResultMessage():
                out.append(_tool_message(message.tool_call_id, message.content))
            case _:
                assert_never(message)
    return _answer_every_call(out)


def _answer_every_call(native: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give each tool call left unanswered an error result right after its call's answers.

    The API rejects a request whose tool call has no ``tool`` message before the next other
    message; a reply cut at ``max_tokens`` leaves exactly such a call in the history.
    """
    out: list[dict[str, Any]] = []
    waiting: list[str] = []
    for message in native:
        if message["role"] == "tool":
            if message["tool_call_id"] in waiting:
                waiting.remove(message["tool_call_id"])
        else:
            out.extend(_not_run(call_id) for call_id in waiting)
            waiting = [call["id"] for call in message.get("tool_calls", ())]
        out.append(message)
    out.extend(_not_run(call_id) for call_id in waiting)
    return out


def _not_run(call_id: str) -> dict[str, Any]:
    logger.warning("tool call %s has no result; sending an error result", call_id)
    return {"role": "tool", "tool_call_id": call_id, "content": NOT_RUN_RESULT}


def _user_content(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
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
            "function": {"name": b.name, "arguments": wire_arguments(b.input)},
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


__all__ = [
    "OPENAI_COMPATIBLE_PRESETS",
    "MaxTokensParam",
    "OpenAICompatiblePreset",
    "OpenAIWireOptions",
    "SystemRole",
    "messages_to_openai",
    "request_body",
    "tool_choice_to_openai",
    "tool_to_openai",
]
