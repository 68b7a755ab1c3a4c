"""OpenAI Chat Completions, and every server that speaks it through ``base_url``.

The provider only translates; HTTP, retries and error mapping live in :mod:`._http`. The
translation is pure and testable without a server:

- :func:`request_body` maps an IR request to the JSON body (in ``_openai_request``),
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
import os
from collections.abc import AsyncGenerator
from contextlib import aclosing
from dataclasses import replace
from typing import Any, get_args

import httpx

from nbagent.errors import ConfigurationError, ProtocolError
from nbagent.llm.events import StreamEvent, parse_tool_input
from nbagent.llm.messages import (
    AssistantMessage,
    ContentBlock,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.providers._http import (
    DEFAULT_TIMEOUT,
    HttpClient,
    HttpProvider,
    check_timeout,
    checked_base_url,
    display_url,
)
from nbagent.llm.providers._openai_request import (
    OPENAI_COMPATIBLE_PRESETS,
    MaxTokensParam,
    OpenAICompatiblePreset,
    OpenAIWireOptions,
    SystemRole,
    messages_to_openai,
    request_body,
)
from nbagent.llm.providers._openai_stream import (
    OpenAIStreamTranslator,
    content_text,
    stop_reason_from,
    usage_from_openai,
)
from nbagent.llm.request import MessageRequest, MessageResponse

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


class OpenAIProvider(HttpProvider):
    """Chat Completions over httpx, for OpenAI and every compatible server.

    ``preset`` picks the base URL, the key's environment variable and the dialect (see
    :data:`OPENAI_COMPATIBLE_PRESETS`); the keyword options override the dialect
    (``leading_system=True`` for a server that reads only a leading system message, see
    :class:`OpenAIWireOptions`). A preset that
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
        leading_system: bool | None = None,
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
        check_timeout(timeout)
        self.name = preset
        self.model = model
        self.base_url = checked_base_url(base_url or spec.base_url)
        self._options = replace(
            spec.options,
            system_role=system_role or spec.options.system_role,
            max_tokens_param=max_tokens_param or spec.options.max_tokens_param,
        )
        if leading_system is not None:
            self._options = replace(self._options, leading_system=leading_system)
        key = api_key or (os.environ.get(spec.key_env_var) if spec.key_env_var else None)
        if not key and spec.key_required and self.base_url == checked_base_url(spec.base_url):
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
    def options(self) -> OpenAIWireOptions:
        return replace(self._options, model=self.model)

    def __repr__(self) -> str:
        shown = display_url(self.base_url)
        return f"OpenAIProvider(name={self.name!r}, model={self.model!r}, base_url={shown!r})"

    async def chat(self, request: MessageRequest) -> MessageResponse:
        body = request_body(request, self.options)
        with self._http.masking_secrets():
            data, _ = await self._http.post_json("/chat/completions", body)
            return response_from_json(data, provider=self.name)

    async def chat_stream(self, request: MessageRequest) -> AsyncGenerator[StreamEvent, None]:
        """Stream the reply as IR events; breaking out or cancelling closes the response."""
        body = request_body(request, self.options, stream=True)
        translator = OpenAIStreamTranslator(provider=self.name)
        feed = translator.feed
        done = False
        with self._http.masking_secrets():
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
    "messages_to_openai",
    "request_body",
    "response_from_json",
]
