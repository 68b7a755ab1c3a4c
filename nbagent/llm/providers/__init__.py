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

# Each public name says where it is imported from (`nbagent.llm.providers.OpenAIProvider`
# in its class's repr and a traceback), as httpx's do; pickle then finds it there too.
for _name in __all__:
    _public = globals().get(_name)  # (a name loaded on first use is not here yet)
    if (
        isinstance(_public, type) or hasattr(_public, "__code__")
    ) and _public.__module__.startswith(__name__ + "."):
        _public.__module__ = __name__
