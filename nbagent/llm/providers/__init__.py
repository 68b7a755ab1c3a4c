"""Model providers: the shared HTTP layer and the provider implementations."""

from nbagent.llm.providers._http import HttpClient
from nbagent.llm.providers.openai import (
    OPENAI_COMPATIBLE_PRESETS,
    OpenAICompatiblePreset,
    OpenAIProvider,
    OpenAIWireOptions,
)

__all__ = [
    "OPENAI_COMPATIBLE_PRESETS",
    "HttpClient",
    "OpenAICompatiblePreset",
    "OpenAIProvider",
    "OpenAIWireOptions",
]
