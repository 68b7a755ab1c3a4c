"""Named providers, provider spec strings, and choosing a provider from the environment.

A **spec string** names a provider, optionally a model, optionally a base URL::

    <provider>[:<model>][@<base_url>]

    "offline"                                  the offline demo provider (no key, no network)
    "offline:demo"                             the same; the model is always "offline-..."
    "openai:gpt-4o-mini"                       OpenAI, key from OPENAI_API_KEY
    "anthropic:claude-sonnet-4-5"              Anthropic, key from ANTHROPIC_API_KEY
    "deepseek:deepseek-chat"                   DeepSeek preset, key from DEEPSEEK_API_KEY
    "qwen:qwen-plus"                           Qwen / DashScope compatible mode, DASHSCOPE_API_KEY
    "ollama:llama3.2"                          a local Ollama server ("ollama:qwen3:8b" works)
    "llamacpp:gemma@http://127.0.0.1:8080/v1"  a llama.cpp server at that base URL
    "vllm:Qwen/Qwen3-8B@http://gpu:8000/v1"    vLLM; any preset of OPENAI_COMPATIBLE_PRESETS works

The model may be left out (``"openai"``) to use :data:`DEFAULT_MODELS`. The base URL follows an
``@`` and must start with ``http://`` or ``https://``, so model names holding ``@`` still parse
(``"anthropic:claude-3@20240229"``). Without a base URL, the preset's own is used (local servers:
Ollama ``localhost:11434``, llama.cpp ``localhost:8080``, vLLM ``localhost:8000``); they need no
key. Aliases: ``claude`` = ``anthropic``, ``dashscope`` = ``qwen``,
``llama.cpp`` / ``llama_cpp`` / ``llama-cpp`` = ``llamacpp``.

:func:`provider_from_env` picks the first of, in this order:

1. ``NBAGENT_PROVIDER`` — a spec string, used as is (its key comes from the variable below);
2. ``OPENAI_API_KEY`` (with ``OPENAI_BASE_URL`` if set) -> ``openai``;
3. ``ANTHROPIC_API_KEY`` (with ``ANTHROPIC_BASE_URL`` if set) -> ``anthropic``;
4. ``DEEPSEEK_API_KEY`` -> ``deepseek``;
5. ``DASHSCOPE_API_KEY`` -> ``qwen``;
6. otherwise the offline provider, with an INFO notice on the ``nbagent`` logger.

``NBAGENT_MODEL`` overrides the default model of a provider chosen by its key (2-5). Empty
variables count as unset. Keys are passed to the provider and never logged; neither is a key a
gateway takes in its base URL (``?key=...``, ``user:key@``): log lines, errors and reprs show
spec strings with their URLs masked.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from nbagent.errors import ConfigurationError
from nbagent.llm.provider import LlmProvider

logger = logging.getLogger("nbagent.llm.providers.registry")

OFFLINE = "offline"

DEFAULT_MODELS: dict[str, str] = {
    "openai": "gpt-4o-mini",
    "anthropic": "claude-sonnet-4-5",
    "deepseek": "deepseek-chat",
    "qwen": "qwen-plus",
    "ollama": "llama3.2",
    "llamacpp": "local-model",
    "offline": "offline-demo",
}
"""The model a spec without ``:<model>`` gets."""

KEY_ENV_VARS: dict[str, str] = {
    "openai": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "deepseek": "DEEPSEEK_API_KEY",
    "qwen": "DASHSCOPE_API_KEY",
}
"""Which variable holds each provider's key; also the order :func:`provider_from_env` tries."""

BASE_URL_ENV_VARS: dict[str, str] = {
    "openai": "OPENAI_BASE_URL",
    "anthropic": "ANTHROPIC_BASE_URL",
}

PROVIDER_ENV_VAR = "NBAGENT_PROVIDER"
MODEL_ENV_VAR = "NBAGENT_MODEL"

_ALIASES = {
    "claude": "anthropic",
    "dashscope": "qwen",
    "llama.cpp": "llamacpp",
    "llama_cpp": "llamacpp",
    "llama-cpp": "llamacpp",
}

_SPEC = re.compile(
    r"^(?P<provider>[A-Za-z][A-Za-z0-9_.-]*)"
    r"(?::(?P<model>.*?))?"
    r"(?:@(?P<base_url>https?://[^\s@]+))?$"
)


@dataclass(frozen=True)
class ProviderSpec:
    """A parsed spec string: provider name (aliases resolved), model, base URL."""

    provider: str
    model: str
    base_url: str | None = None

    def __str__(self) -> str:
        url = f"@{self.base_url}" if self.base_url else ""
        return f"{self.provider}:{self.model}{url}"

    def __repr__(self) -> str:
        url = None if self.base_url is None else _masked(self.base_url)
        return f"ProviderSpec(provider={self.provider!r}, model={self.model!r}, base_url={url!r})"


def _masked(text: str) -> str:
    """``text`` (a spec string) with the user info and query values of its URLs masked."""
    # Imported on use, like the presets: the HTTP layer pulls in httpx.
    from nbagent.llm.providers._http import mask_urls

    return mask_urls(text)


def known_provider_names() -> list[str]:
    """Every provider name a spec may start with (aliases not included)."""
    names = set(DEFAULT_MODELS)
    names.update(_openai_presets())
    return sorted(names)


def _openai_presets() -> list[str]:
    # Imported on use: the registry module stays cheap to import and free of provider cycles.
    from nbagent.llm.providers.openai import OPENAI_COMPATIBLE_PRESETS

    return list(OPENAI_COMPATIBLE_PRESETS)


def _spec_help() -> str:
    return (
        "Write '<provider>[:<model>][@<base_url>]', e.g. 'openai:gpt-4o-mini', "
        "'deepseek:deepseek-chat', 'ollama:llama3.2', 'llamacpp:gemma@http://127.0.0.1:8080/v1' "
        f"or 'offline'. Known providers: {', '.join(known_provider_names())}."
    )


def parse_spec(spec: str) -> ProviderSpec:
    """Parse ``spec``; raise :class:`ConfigurationError` saying how to write it if it is bad."""
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigurationError(f"Empty provider spec {spec!r}. {_spec_help()}")
    shown = _masked(spec)
    match = _SPEC.match(spec.strip())
    if match is None:
        raise ConfigurationError(f"Cannot parse provider spec {shown!r}. {_spec_help()}")
    name = match["provider"].lower()
    name = _ALIASES.get(name, name)
    if name not in known_provider_names():
        raise ConfigurationError(f"Unknown provider {name!r} in spec {shown!r}. {_spec_help()}")
    model = match["model"]
    if model is not None and not model.strip():
        raise ConfigurationError(f"Spec {shown!r} has ':' but no model after it. {_spec_help()}")
    if model is not None and (re.search(r"\s", model.strip()) or "://" in model):
        raise ConfigurationError(
            f"Spec {shown!r}: the model {_masked(model)!r} holds spaces or a URL; a base URL "
            f"goes after '@' and starts with http:// or https://. {_spec_help()}"
        )
    if model is None:
        model = DEFAULT_MODELS.get(name, "")
        if not model:
            raise ConfigurationError(f"Spec {shown!r} needs a model: '{name}:<model>'.")
    base_url = match["base_url"]
    if name == OFFLINE and base_url:
        raise ConfigurationError(
            f"Spec {shown!r}: the offline provider uses no network, so it takes no base URL."
        )
    return ProviderSpec(name, model.strip(), base_url.rstrip("/") if base_url else None)


def provider_from_spec(spec: str, **kwargs: Any) -> LlmProvider:
    """Build the provider ``spec`` names; ``kwargs`` go to its constructor (``api_key``, ...)."""
    parsed = parse_spec(spec)
    name, model, base_url = parsed.provider, parsed.model, parsed.base_url
    if base_url is not None:
        kwargs["base_url"] = base_url
    if name == OFFLINE:
        from nbagent.llm.providers.offline import OfflineProvider

        return OfflineProvider(model=model, **kwargs)
    if name == "anthropic":
        from nbagent.llm.providers.anthropic import AnthropicProvider

        return AnthropicProvider(model, **kwargs)

    from nbagent.llm.providers.openai import OpenAIProvider

    return OpenAIProvider.from_preset(name, model, **kwargs)


def provider_from_env(environ: Mapping[str, str] | None = None) -> LlmProvider:
    """Choose a provider from environment variables, in the order of the module docstring."""
    env = os.environ if environ is None else environ

    def get(var: str) -> str | None:
        value = env.get(var, "").strip()
        return value or None

    spec = get(PROVIDER_ENV_VAR)
    if spec is not None:
        name = parse_spec(spec).provider
        kwargs = _env_kwargs(name, get)
        logger.info("Using provider %s from %s", _masked(str(parse_spec(spec))), PROVIDER_ENV_VAR)
        return provider_from_spec(spec, **kwargs)

    for name, key_var in KEY_ENV_VARS.items():
        if get(key_var) is None:
            continue
        model = get(MODEL_ENV_VAR) or DEFAULT_MODELS[name]
        logger.info("Using provider %s:%s (key from %s)", name, model, key_var)
        return provider_from_spec(f"{name}:{model}", **_env_kwargs(name, get))

    logger.info(
        "No provider key found in %s or %s; using the offline demo provider (no model, no "
        "network). Set one of them to talk to a real model.",
        ", ".join(KEY_ENV_VARS.values()),
        PROVIDER_ENV_VAR,
    )
    from nbagent.llm.providers.offline import OfflineProvider

    return OfflineProvider()


def _env_kwargs(name: str, get: Callable[[str], str | None]) -> dict[str, Any]:
    """Key and base URL for provider ``name`` read from the chosen environment."""
    kwargs: dict[str, Any] = {}
    key_var = KEY_ENV_VARS.get(name)
    if key_var is not None and (key := get(key_var)) is not None:
        kwargs["api_key"] = key
    url_var = BASE_URL_ENV_VARS.get(name)
    if url_var is not None and (url := get(url_var)) is not None:
        kwargs["base_url"] = url
    return kwargs


class ProviderRegistry:
    """Providers by name, and a default: the first registered unless :meth:`set_default` says."""

    def __init__(self) -> None:
        self._providers: dict[str, LlmProvider] = {}
        self._default: str | None = None

    def register(
        self, name: str, provider: LlmProvider | str, *, default: bool = False
    ) -> LlmProvider:
        """Add (or replace) ``provider`` under ``name``; a spec string is built first."""
        if not isinstance(name, str) or not name.strip():
            raise ConfigurationError(f"Provider name must be a non-empty string, got {name!r}")
        if isinstance(provider, str):
            provider = provider_from_spec(provider)
        if not isinstance(provider, LlmProvider):
            raise ConfigurationError(
                f"{type(provider).__name__} is not an LlmProvider: it needs `name`, `model`, "
                "`async chat(request)` and `chat_stream(request)`."
            )
        self._providers[name] = provider
        if default or self._default is None:
            self._default = name
        return provider

    def unregister(self, name: str) -> None:
        """Remove ``name``; if it was the default, the earliest remaining provider becomes it."""
        self._require(name)
        del self._providers[name]
        if self._default == name:
            self._default = next(iter(self._providers), None)

    def set_default(self, name: str) -> None:
        self._require(name)
        self._default = name

    @property
    def default_name(self) -> str | None:
        return self._default

    def get(self, name: str | None = None) -> LlmProvider:
        """The provider called ``name``, or the default one."""
        if name is None:
            if self._default is None:
                raise ConfigurationError(
                    "No provider registered: call registry.register(name, provider) first, "
                    "e.g. register('main', provider_from_env())."
                )
            return self._providers[self._default]
        return self._require(name)

    def _require(self, name: str) -> LlmProvider:
        provider = self._providers.get(name)
        if provider is None:
            known = ", ".join(repr(n) for n in self._providers) or "none"
            raise ConfigurationError(
                f"No provider named {name!r}. Registered: {known}. "
                "Register it with registry.register(name, provider)."
            )
        return provider

    def names(self) -> list[str]:
        """Registered names in registration order."""
        return list(self._providers)

    def __contains__(self, name: object) -> bool:
        return name in self._providers

    def __len__(self) -> int:
        return len(self._providers)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._providers))

    def __repr__(self) -> str:
        entries = ", ".join(f"{n!r}: {p!r}" for n, p in self._providers.items())
        return f"ProviderRegistry({{{entries}}}, default={self._default!r})"


__all__ = [
    "BASE_URL_ENV_VARS",
    "DEFAULT_MODELS",
    "KEY_ENV_VARS",
    "MODEL_ENV_VAR",
    "PROVIDER_ENV_VAR",
    "ProviderRegistry",
    "ProviderSpec",
    "known_provider_names",
    "parse_spec",
    "provider_from_env",
    "provider_from_spec",
]
