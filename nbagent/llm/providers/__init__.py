"""Model providers: the shared HTTP layer and the provider implementations.

``display_url`` is the one way a URL is shown (in reprs, errors, logs and the notebook): user
info and query values masked, since some gateways take the key there; ``mask_urls`` shows every
URL in a text (a spec, an error message) that way.
"""

from nbagent.llm.providers._http import HttpClient, display_url, mask_urls
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider
from nbagent.llm.providers.openai import (
    OPENAI_COMPATIBLE_PRESETS,
    OpenAICompatiblePreset,
    OpenAIProvider,
    OpenAIWireOptions,
)
from nbagent.llm.providers.registry import (
    ProviderRegistry,
    ProviderSpec,
    parse_spec,
    provider_from_env,
    provider_from_spec,
)

__all__ = [
    "OPENAI_COMPATIBLE_PRESETS",
    "AnthropicProvider",
    "FunctionProvider",
    "HttpClient",
    "OfflineProvider",
    "OpenAICompatiblePreset",
    "OpenAIProvider",
    "OpenAIWireOptions",
    "ProviderRegistry",
    "ProviderSpec",
    "display_url",
    "mask_urls",
    "parse_spec",
    "provider_from_env",
    "provider_from_spec",
]
