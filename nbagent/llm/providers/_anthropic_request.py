"""Anthropic Messages API, IR -> native: the JSON body of ``POST /v1/messages``.

Rules the API enforces and the mapping keeps:

- system messages leave the message list and become one top-level ``system`` text;
- roles alternate: consecutive same-role messages are merged, tool results travel as
  ``tool_result`` blocks at the start of the user message after the assistant's ``tool_use``;
- a ``tool_result`` without its ``tool_use`` is sent as text, a ``tool_use`` without its result
  gets an error result, so history cut by compaction stays valid;
- text blocks are never empty, and a final assistant message never ends in whitespace;
- blocks Anthropic cannot take (audio, unsigned thinking) are dropped with a log line;
- text keeps the ``citations`` Anthropic gave it, sent back as received.

With a :class:`~nbagent.llm.request.PromptCache`, ``cache_control`` breakpoints are added last,
over the whole body (``extra_body`` included): see ``_anthropic_cache``.
"""

from __future__ import annotations

import base64
import binascii
import logging
from collections.abc import Sequence
from typing import Any, assert_never

from nbagent.errors import ConfigurationError
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
    invalid_arguments_text,
    system_text,
)
from nbagent.llm.providers._anthropic_cache import with_breakpoints
from nbagent.llm.request import MessageRequest, PromptCache

logger = logging.getLogger("nbagent.llm.providers.anthropic")

MIN_THINKING_BUDGET = 1024

Json = dict[str, Any]


def request_body(
    request: MessageRequest,
    *,
    model: str = "",
    max_tokens_default: int = 4096,
    prompt_cache: PromptCache | None = None,
) -> Json:
    """The ``POST /v1/messages`` body for ``request`` (``stream`` is added by the caller), with
    cache breakpoints under ``prompt_cache`` unless the request says ``prompt_cache=False``."""
    max_tokens = request.max_tokens or max_tokens_default
    body: Json = {"model": request.model or model, "max_tokens": max_tokens}
    if not body["model"]:
        raise ConfigurationError("No model given: set MessageRequest.model or the provider's model")
    system = system_text(request.messages)
    if system:
        body["system"] = system
    body["messages"] = wire_messages(request.messages)
    if request.tools:
        body["tools"] = [
            {"name": t.name, "description": t.description, "input_schema": t.input_schema}
            for t in request.tools
        ]
    choice = _tool_choice(request)
    if choice is not None:
        body["tool_choice"] = choice
    if request.thinking_budget is not None:
        budget = _checked_budget(request.thinking_budget, max_tokens)
        body["thinking"] = {"type": "enabled", "budget_tokens": budget}
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if request.top_p is not None:
        body["top_p"] = request.top_p
    if request.stop:
        body["stop_sequences"] = list(request.stop)
    body.update(request.extra_body)
    if prompt_cache is not None and request.prompt_cache:
        body = with_breakpoints(body, prompt_cache)
    return body


def _tool_choice(request: MessageRequest) -> Json | None:
    choice = request.tool_choice
    if choice is None:
        return None
    if not request.tools:
        if choice.mode in ("required", "tool"):
            raise ConfigurationError(
                f"tool_choice {choice.mode!r} needs tools: add them to MessageRequest.tools"
            )
        return None
    match choice.mode:
        case "auto":
            return {"type": "auto"}
        case "required":
            return {"type": "any"}
        case "tool":
            return {"type": "tool", "name": choice.name}
        case "none":
            return {"type": "none"}
        case _:
            assert_never(choice.mode)


def _checked_budget(budget: int, max_tokens: int) -> int:
    if budget < MIN_THINKING_BUDGET or budget >= max_tokens:
        raise ConfigurationError(
            f"Anthropic needs {MIN_THINKING_BUDGET} <= thinking_budget < max_tokens; got "
            f"thinking_budget={budget}, max_tokens={max_tokens}. Raise max_tokens or lower "
            "the budget."
        )
    return budget


def wire_messages(messages: Sequence[AnyMessage]) -> list[Json]:
    """The native ``messages`` list: alternating roles, tool results paired, no empty text."""
    turns: list[Json] = []
    for message in messages:
        match message:
            case SystemMessage():
                continue
            case UserMessage():
                _append(turns, "user", _wire_blocks(message.content))
            case AssistantMessage():
                blocks = _wire_blocks(message.content)
                # Tool results held in assistant history belong to the next user turn.
                _append(turns, "assistant", [b for b in blocks if b["type"] != "tool_result"])
                _append(turns, "user", [b for b in blocks if b["type"] == "tool_result"])
            case ToolResultMessage():
                result = _tool_result(message.tool_call_id, message.content, message.is_error)
                _append(turns, "user", [result])
            case _:
                assert_never(message)
    for i, turn in enumerate(turns):
        if turn["role"] == "user":
            previous = turns[i - 1]["content"] if i > 0 else []
            turn["content"] = _paired(previous, turn["content"])
    if turns and turns[-1]["role"] == "assistant":
        _strip_final(turns)
    return turns


def _append(turns: list[Json], role: str, blocks: list[Json]) -> None:
    if not blocks:
        return
    if turns and turns[-1]["role"] == role:
        turns[-1]["content"].extend(blocks)
    else:
        turns.append({"role": role, "content": blocks})


def _paired(previous: list[Json], content: list[Json]) -> list[Json]:
    """Results of ``previous``'s tool uses first; orphans become text; missing ones an error."""
    asked = [b["id"] for b in previous if b["type"] == "tool_use"]
    results: dict[str, Json] = {}
    rest: list[Json] = []
    for block in content:
        if block["type"] != "tool_result":
            rest.append(block)
        elif block["tool_use_id"] in asked and block["tool_use_id"] not in results:
            results[block["tool_use_id"]] = block
        else:
            logger.info(
                "tool_result %s has no tool_use before it; sent as text", block["tool_use_id"]
            )
            rest.append(_orphan_text(block))
    for tool_use_id in asked:
        if tool_use_id not in results:
            logger.warning("tool_use %s has no result; sending an error result", tool_use_id)
            results[tool_use_id] = {
                "type": "tool_result",
                "tool_use_id": tool_use_id,
                "content": [{"type": "text", "text": NOT_RUN_RESULT}],
                "is_error": True,
            }
    return [results[i] for i in asked if i in results] + rest


def _orphan_text(result: Json) -> Json:
    texts = [b["text"] for b in result.get("content", []) if b["type"] == "text"]
    status = " (error)" if result.get("is_error") else ""
    text = f"[tool result {result['tool_use_id']}{status}]\n" + "\n".join(texts)
    return {"type": "text", "text": text}


def _strip_final(turns: list[Json]) -> None:
    content: list[Json] = turns[-1]["content"]
    while content and content[-1]["type"] == "text":
        stripped = content[-1]["text"].rstrip()
        if stripped:
            content[-1] = {**content[-1], "text": stripped}
            break
        content.pop()
    if not content:
        turns.pop()


def _wire_blocks(blocks: Sequence[ContentBlock]) -> list[Json]:
    return [wire for block in blocks if (wire := wire_block(block)) is not None]


def wire_block(block: ContentBlock) -> Json | None:
    """One IR block as a native block, or ``None`` when Anthropic cannot or need not take it."""
    match block:
        case TextBlock():
            if not block.text.strip():
                return None
            text: Json = {"type": "text", "text": block.text}
            if block.citations:
                text["citations"] = [dict(c) for c in block.citations]
            return text
        case ImageBlock():
            return {"type": "image", "source": _image_source(block)}
        case FileBlock():
            return _document(block)
        case AudioBlock():
            logger.warning("Anthropic does not accept audio input; an audio block was dropped")
            return None
        case ToolUseBlock():
            # Anthropic takes an object only; the error result quotes what the model sent.
            unreadable = invalid_arguments_text(block.input) is not None
            arguments = {} if unreadable else block.input
            return {"type": "tool_use", "id": block.id, "name": block.name, "input": arguments}
        case ToolResultBlock():
            return _tool_result(block.tool_use_id, block.content, block.is_error)
        case ThinkingBlock():
            if not block.signature:
                # Unsigned thinking (another provider's reasoning) is rejected by the API.
                logger.info("thinking block without signature dropped")
                return None
            return {"type": "thinking", "thinking": block.text, "signature": block.signature}
        case ExtensionBlock():
            if isinstance(block.data.get("type"), str):
                return dict(block.data)  # redacted_thinking and other native blocks, as received
            logger.warning("extension block without a native `type` dropped: %s", list(block.data))
            return None
        case _:
            assert_never(block)


def _image_source(block: ImageBlock) -> Json:
    if block.data is not None:
        return {"type": "base64", "media_type": block.media_type, "data": block.data}
    url = block.url or ""
    if url.startswith("data:") and ";base64," in url:
        header, _, data = url.partition(";base64,")
        return {"type": "base64", "media_type": header.removeprefix("data:"), "data": data}
    return {"type": "url", "url": url}


def _document(block: FileBlock) -> Json:
    source: Json
    if block.file_id is not None:
        source = {"type": "file", "file_id": block.file_id}
    elif block.media_type == "text/plain":
        source = {"type": "text", "media_type": "text/plain", "data": _b64_text(block.data or "")}
    else:
        media_type = block.media_type or "application/pdf"
        source = {"type": "base64", "media_type": media_type, "data": block.data}
    document: Json = {"type": "document", "source": source}
    if block.name:
        document["title"] = block.name
    return document


def _b64_text(data: str) -> str:
    try:
        return base64.b64decode(data, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError) as e:
        raise ConfigurationError("A text/plain FileBlock needs base64 UTF-8 `data`") from e


_RESULT_TYPES = frozenset({"text", "image", "document"})


def _tool_result(tool_use_id: str, content: Sequence[ContentBlock], is_error: bool) -> Json:
    blocks = _wire_blocks(content)
    kept = [b for b in blocks if b["type"] in _RESULT_TYPES]
    if len(kept) < len(blocks):
        logger.warning("tool result %s: non-text/image/document parts dropped", tool_use_id)
    result: Json = {"type": "tool_result", "tool_use_id": tool_use_id}
    if kept:
        result["content"] = kept
    if is_error:
        result["is_error"] = True
    return result
