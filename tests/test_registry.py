"""ProviderRegistry, spec strings, and choosing a provider from the environment."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from nbagent.errors import ConfigurationError
from nbagent.llm.messages import Message
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.providers.openai import OPENAI_COMPATIBLE_PRESETS, OpenAIProvider
from nbagent.llm.providers.registry import (
    DEFAULT_MODELS,
    KEY_ENV_VARS,
    ProviderRegistry,
    ProviderSpec,
    known_provider_names,
    parse_spec,
    provider_from_env,
    provider_from_spec,
)
from nbagent.llm.request import MessageRequest
from tests.wire_server import WireServer, json_reply

SECRET = "sk-test-SECRET-0123456789"
ENV_VARS = [
    *KEY_ENV_VARS.values(),
    "OPENAI_BASE_URL",
    "ANTHROPIC_BASE_URL",
    "NBAGENT_PROVIDER",
    "NBAGENT_MODEL",
]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Providers fall back to os.environ for what the fake environ leaves out: keep it empty."""
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def server() -> Iterator[WireServer]:
    with WireServer(
        default=lambda request: json_reply(
            {
                "id": "r1",
                "model": "m",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},
            }
        )
    ) as running:
        yield running


HI = MessageRequest(messages=[Message.user("hi")])


# --- the registry ------------------------------------------------------------------------------


def test_first_registered_is_the_default_until_set() -> None:
    registry = ProviderRegistry()
    a, b = OfflineProvider(model="offline-a"), OfflineProvider(model="offline-b")
    assert registry.register("a", a) is a
    registry.register("b", b)
    assert registry.get() is a
    assert registry.get("b") is b
    assert registry.default_name == "a"
    registry.set_default("b")
    assert registry.get() is b
    assert registry.names() == ["a", "b"]
    assert list(registry) == ["a", "b"]
    assert len(registry) == 2
    assert "a" in registry
    assert "c" not in registry


def test_register_default_flag_and_replacement() -> None:
    registry = ProviderRegistry()
    registry.register("a", OfflineProvider())
    replacement = OfflineProvider(model="offline-new")
    registry.register("b", OfflineProvider(), default=True)
    registry.register("a", replacement)
    assert registry.default_name == "b"
    assert registry.get("a") is replacement
    assert registry.names() == ["a", "b"]


def test_register_builds_spec_strings() -> None:
    registry = ProviderRegistry()
    provider = registry.register("demo", "offline:travel")
    assert isinstance(provider, OfflineProvider)
    assert provider.model == "offline-travel"


def test_unknown_name_lists_the_known_ones() -> None:
    registry = ProviderRegistry()
    registry.register("main", OfflineProvider())
    registry.register("fast", OfflineProvider())
    with pytest.raises(ConfigurationError) as info:
        registry.get("slow")
    assert str(info.value) == (
        "No provider named 'slow'. Registered: 'main', 'fast'. "
        "Register it with registry.register(name, provider)."
    )
    with pytest.raises(ConfigurationError, match="Registered: 'main', 'fast'"):
        registry.set_default("slow")
    with pytest.raises(ConfigurationError, match="Registered: 'main', 'fast'"):
        registry.unregister("slow")


def test_empty_registry_says_what_to_do() -> None:
    with pytest.raises(ConfigurationError, match=r"register\('main', provider_from_env\(\)\)"):
        ProviderRegistry().get()
    with pytest.raises(ConfigurationError, match="Registered: none"):
        ProviderRegistry().get("x")


def test_unregister_moves_the_default() -> None:
    registry = ProviderRegistry()
    for name in ("a", "b", "c"):
        registry.register(name, OfflineProvider())
    registry.unregister("b")
    assert registry.default_name == "a"
    registry.unregister("a")
    assert registry.default_name == "c"
    registry.unregister("c")
    assert registry.default_name is None
    assert len(registry) == 0


def test_register_rejects_bad_names_and_non_providers() -> None:
    registry = ProviderRegistry()
    with pytest.raises(ConfigurationError, match="non-empty"):
        registry.register(" ", OfflineProvider())
    with pytest.raises(ConfigurationError, match="Cannot parse"):
        registry.register("x", "not a spec!")
    with pytest.raises(ConfigurationError, match="int is not an LlmProvider"):
        registry.register("x", 42)  # type: ignore[arg-type]
    assert registry.names() == []


def test_registry_repr_shows_providers_but_no_key() -> None:
    registry = ProviderRegistry()
    registry.register("gpt", OpenAIProvider("gpt-4o-mini", api_key=SECRET))
    registry.register("demo", OfflineProvider())
    text = repr(registry)
    assert SECRET not in text
    assert text == (
        "ProviderRegistry({'gpt': OpenAIProvider(name='openai', model='gpt-4o-mini', "
        "base_url='https://api.openai.com/v1'), 'demo': OfflineProvider(model='offline-demo', "
        "offline=True, queued=0)}, default='gpt')"
    )


# --- spec strings ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("offline", ProviderSpec("offline", "offline-demo")),
        ("offline:demo", ProviderSpec("offline", "demo")),
        ("openai", ProviderSpec("openai", "gpt-4o-mini")),
        ("openai:gpt-4o-mini", ProviderSpec("openai", "gpt-4o-mini")),
        ("OpenAI:gpt-4o", ProviderSpec("openai", "gpt-4o")),
        ("anthropic:claude-sonnet-4-5", ProviderSpec("anthropic", "claude-sonnet-4-5")),
        ("claude:claude-haiku-4-5", ProviderSpec("anthropic", "claude-haiku-4-5")),
        ("deepseek:deepseek-chat", ProviderSpec("deepseek", "deepseek-chat")),
        ("deepseek:deepseek-reasoner", ProviderSpec("deepseek", "deepseek-reasoner")),
        ("qwen:qwen-plus", ProviderSpec("qwen", "qwen-plus")),
        ("dashscope:qwen-max", ProviderSpec("qwen", "qwen-max")),
        ("ollama:llama3.2", ProviderSpec("ollama", "llama3.2")),
        ("ollama:qwen3:8b", ProviderSpec("ollama", "qwen3:8b")),
        (
            "ollama:qwen3:8b@http://gpu-box:11434/v1",
            ProviderSpec("ollama", "qwen3:8b", "http://gpu-box:11434/v1"),
        ),
        (
            "llamacpp:model@http://127.0.0.1:8080/v1",
            ProviderSpec("llamacpp", "model", "http://127.0.0.1:8080/v1"),
        ),
        (
            "llama.cpp@http://127.0.0.1:8080/v1/",
            ProviderSpec("llamacpp", "local-model", "http://127.0.0.1:8080/v1"),
        ),
        ("vllm:Qwen/Qwen3-8B", ProviderSpec("vllm", "Qwen/Qwen3-8B")),
        (
            "openai:gpt-4o@https://proxy.example.com/v1",
            ProviderSpec("openai", "gpt-4o", "https://proxy.example.com/v1"),
        ),
        ("anthropic:claude-3@20240229", ProviderSpec("anthropic", "claude-3@20240229")),
        ("  openai:gpt-4o  ", ProviderSpec("openai", "gpt-4o")),
    ],
)
def test_parse_spec(spec: str, parsed: ProviderSpec) -> None:
    assert parse_spec(spec) == parsed


def test_spec_round_trips_through_str() -> None:
    spec = parse_spec("llamacpp:gemma@http://127.0.0.1:8080/v1")
    assert str(spec) == "llamacpp:gemma@http://127.0.0.1:8080/v1"
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "Empty provider spec"),
        ("   ", "Empty provider spec"),
        ("gpt-4o", "Unknown provider 'gpt-4o'"),
        ("opnai:gpt-4o", "Unknown provider 'opnai'"),
        ("openai:", "has ':' but no model"),
        ("openai:gpt 4o", "holds spaces or a URL"),
        ("openai:gpt-4o@ftp://host/v1", "holds spaces or a URL"),
        ("openai:gpt-4o@http://a b", "holds spaces or a URL"),
        (":gpt-4o", "Cannot parse"),
        ("1openai:x", "Cannot parse"),
        ("vllm", "needs a model: 'vllm:<model>'"),
        ("offline@http://127.0.0.1:1/v1", "takes no base URL"),
    ],
)
def test_bad_specs_say_how_to_write_one(spec: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message) as info:
        parse_spec(spec)
    if "needs a model" not in message and "takes no base URL" not in message:
        assert "'<provider>[:<model>][@<base_url>]'" in str(info.value)
        assert "Known providers: anthropic, dashscope, deepseek" in str(info.value)


def test_known_provider_names_cover_the_presets() -> None:
    names = known_provider_names()
    assert set(OPENAI_COMPATIBLE_PRESETS) <= set(names)
    assert {"anthropic", "offline"} <= set(names)
    assert names == sorted(names)
    assert set(DEFAULT_MODELS) <= set(names)


def test_provider_from_spec_builds_each_kind() -> None:
    offline = provider_from_spec("offline", replies=["scripted"])
    assert isinstance(offline, OfflineProvider)
    assert (offline.name, offline.model, offline.pending) == ("offline", "offline-demo", 1)

    claude = provider_from_spec("anthropic:claude-sonnet-4-5", api_key=SECRET)
    assert isinstance(claude, AnthropicProvider)
    assert (claude.model, claude.base_url) == ("claude-sonnet-4-5", "https://api.anthropic.com")

    expected = {
        "openai:gpt-4o-mini": ("openai", "gpt-4o-mini", "https://api.openai.com/v1"),
        "deepseek:deepseek-chat": ("deepseek", "deepseek-chat", "https://api.deepseek.com"),
        "qwen:qwen-plus": ("qwen", "qwen-plus", OPENAI_COMPATIBLE_PRESETS["qwen"].base_url),
        "ollama:llama3.2": ("ollama", "llama3.2", "http://localhost:11434/v1"),
        "llamacpp:m@http://127.0.0.1:9/v1": ("llamacpp", "m", "http://127.0.0.1:9/v1"),
    }
    for spec, (name, model, base_url) in expected.items():
        provider = provider_from_spec(spec, api_key=SECRET)
        assert isinstance(provider, OpenAIProvider)
        assert (provider.name, provider.model, provider.base_url) == (name, model, base_url)
        assert SECRET not in repr(provider)


def test_keyless_local_servers_need_no_key() -> None:
    for spec in ("ollama", "llamacpp:m@http://127.0.0.1:9/v1", "vllm:m"):
        assert isinstance(provider_from_spec(spec), OpenAIProvider)


def test_a_missing_key_names_its_variable() -> None:
    with pytest.raises(ConfigurationError, match="DEEPSEEK_API_KEY"):
        provider_from_spec("deepseek:deepseek-chat")
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        provider_from_spec("anthropic")


async def test_spec_base_url_and_key_reach_the_server(server: WireServer) -> None:
    provider = provider_from_spec(f"deepseek:deepseek-chat@{server.url}/v1", api_key=SECRET)
    assert isinstance(provider, OpenAIProvider)
    async with provider:
        assert (await provider.chat(HI)).text() == "ok"
    (sent,) = server.requests
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {SECRET}"
    assert sent.json["model"] == "deepseek-chat"


# --- the environment ---------------------------------------------------------------------------


def test_no_key_falls_back_to_offline_with_a_notice(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="nbagent"):
        provider = provider_from_env({})
    assert isinstance(provider, OfflineProvider)
    assert provider.model == "offline-demo"
    (record,) = caplog.records
    assert record.levelno == logging.INFO
    assert record.name.startswith("nbagent.")
    assert record.getMessage() == (
        "No provider key found in OPENAI_API_KEY, ANTHROPIC_API_KEY, DEEPSEEK_API_KEY, "
        "DASHSCOPE_API_KEY or NBAGENT_PROVIDER; using the offline demo provider (no model, no "
        "network). Set one of them to talk to a real model."
    )


def test_empty_values_count_as_unset() -> None:
    env = {"OPENAI_API_KEY": "", "ANTHROPIC_API_KEY": "  ", "NBAGENT_PROVIDER": ""}
    assert isinstance(provider_from_env(env), OfflineProvider)


@pytest.mark.parametrize(
    ("env", "name", "model"),
    [
        ({"OPENAI_API_KEY": SECRET}, "openai", "gpt-4o-mini"),
        ({"ANTHROPIC_API_KEY": SECRET}, "anthropic", "claude-sonnet-4-5"),
        ({"DEEPSEEK_API_KEY": SECRET}, "deepseek", "deepseek-chat"),
        ({"DASHSCOPE_API_KEY": SECRET}, "qwen", "qwen-plus"),
        # The documented order: OpenAI, Anthropic, DeepSeek, DashScope.
        ({"DASHSCOPE_API_KEY": "k1", "DEEPSEEK_API_KEY": "k2"}, "deepseek", "deepseek-chat"),
        ({"DEEPSEEK_API_KEY": "k1", "ANTHROPIC_API_KEY": "k2"}, "anthropic", "claude-sonnet-4-5"),
        ({"ANTHROPIC_API_KEY": "k1", "OPENAI_API_KEY": "k2"}, "openai", "gpt-4o-mini"),
        ({"DEEPSEEK_API_KEY": SECRET, "NBAGENT_MODEL": "deepseek-reasoner"}, "deepseek", None),
    ],
)
def test_env_selection_order(env: dict[str, str], name: str, model: str | None) -> None:
    provider = provider_from_env(env)
    assert provider.name == name
    assert provider.model == (model or env["NBAGENT_MODEL"])


async def test_openai_key_and_base_url_from_env_reach_the_server(
    server: WireServer, caplog: pytest.LogCaptureFixture
) -> None:
    env = {"OPENAI_API_KEY": SECRET, "OPENAI_BASE_URL": f"{server.url}/v1"}
    with caplog.at_level(logging.DEBUG, logger="nbagent"):
        provider = provider_from_env(env)
        assert isinstance(provider, OpenAIProvider)
        async with provider:
            await provider.chat(HI)
    assert server.requests[0].headers["authorization"] == f"Bearer {SECRET}"
    assert caplog.messages[0] == "Using provider openai:gpt-4o-mini (key from OPENAI_API_KEY)"
    assert all(SECRET not in record.getMessage() for record in caplog.records)
    assert SECRET not in repr(provider)


async def test_anthropic_base_url_from_env(server: WireServer) -> None:
    provider = provider_from_env({"ANTHROPIC_API_KEY": SECRET, "ANTHROPIC_BASE_URL": server.url})
    assert isinstance(provider, AnthropicProvider)
    assert provider.base_url == server.url
    assert SECRET not in repr(provider)


async def test_nbagent_provider_overrides_and_takes_its_key_from_env(
    server: WireServer, caplog: pytest.LogCaptureFixture
) -> None:
    env = {
        "NBAGENT_PROVIDER": f"deepseek:deepseek-reasoner@{server.url}",
        "OPENAI_API_KEY": "sk-other",
        "DEEPSEEK_API_KEY": SECRET,
    }
    with caplog.at_level(logging.INFO, logger="nbagent"):
        provider = provider_from_env(env)
    assert isinstance(provider, OpenAIProvider)
    assert (provider.name, provider.model) == ("deepseek", "deepseek-reasoner")
    async with provider:
        await provider.chat(HI)
    assert server.requests[0].headers["authorization"] == f"Bearer {SECRET}"
    assert caplog.messages == [
        f"Using provider deepseek:deepseek-reasoner@{server.url} from NBAGENT_PROVIDER"
    ]


def test_nbagent_provider_can_choose_offline_despite_keys() -> None:
    provider = provider_from_env({"NBAGENT_PROVIDER": "offline", "OPENAI_API_KEY": SECRET})
    assert isinstance(provider, OfflineProvider)


def test_bad_nbagent_provider_fails_clearly() -> None:
    with pytest.raises(ConfigurationError, match="Unknown provider 'gtp'"):
        provider_from_env({"NBAGENT_PROVIDER": "gtp:4o"})


def test_reads_os_environ_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DASHSCOPE_API_KEY", SECRET)
    assert provider_from_env().name == "qwen"
