"""Numbers a server gets wrong, prices set wrong, text that cannot be encoded (issue 24).

A gateway that reports a negative count or more cache reads than input is answered over a real
loopback server: the usage is made consistent and the mending logged; malformed price settings
and lone surrogates in a pin or a system prompt are a clear error or repaired, never a raw one.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from nbagent.agent.store import InMemoryStore
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import Message
from nbagent.llm.pricing import ModelPrice, Pricing, Usage, reported_usage
from nbagent.llm.providers.anthropic import usage_from_wire
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest
from tests.agent_support import ScriptedProvider, make_session
from tests.wire_server import Reply, WireServer

HELLO = MessageRequest(messages=[Message.user("Weather in Rome?")])


def completion(usage: dict[str, Any]) -> Reply:
    body = {
        "id": "chatcmpl-f1",
        "object": "chat.completion",
        "created": 1736000000,
        "model": "gpt-4o-mini",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "Sunny."},
                "finish_reason": "stop",
            }
        ],
        "usage": usage,
    }
    return Reply(headers=[("content-type", "application/json")], body=json.dumps(body).encode())


@pytest.fixture
def server() -> Iterator[Any]:
    made: list[WireServer] = []

    def start(reply: Reply) -> WireServer:
        made.append(WireServer([reply]).start())
        return made[-1]

    yield start
    for s in made:
        s.stop()


@pytest.mark.parametrize(
    ("usage", "expected"),
    [
        # A negative count (seen from a broken gateway) is none.
        (
            {"prompt_tokens": -500, "completion_tokens": 12},
            Usage(input_tokens=0, output_tokens=12),
        ),
        # Cache reads above the input they are part of are capped at it.
        (
            {
                "prompt_tokens": 300,
                "completion_tokens": 5,
                "prompt_tokens_details": {"cached_tokens": 9000},
            },
            Usage(input_tokens=300, output_tokens=5, cache_read_tokens=300),
        ),
        # Reasoning is part of the output; a count that is no integer is none.
        (
            {
                "prompt_tokens": "300",
                "completion_tokens": 10,
                "completion_tokens_details": {"reasoning_tokens": 40},
            },
            Usage(input_tokens=0, output_tokens=10, reasoning_tokens=10),
        ),
    ],
)
async def test_impossible_counts_from_a_server_are_made_consistent_and_logged(
    server: Any, usage: dict[str, Any], expected: Usage, caplog: pytest.LogCaptureFixture
) -> None:
    wire = server(completion(usage))
    provider = OpenAIProvider("gpt-4o-mini", "sk-fault", wire.url + "/v1", max_retries=0)
    try:
        with caplog.at_level(logging.WARNING, logger="nbagent.llm.usage"):
            response = await provider.chat(HELLO)
    finally:
        await provider.aclose()
    assert response.text() == "Sunny."
    assert response.usage == expected
    (record,) = caplog.records
    assert "impossible token counts" in record.getMessage()
    assert "sk-fault" not in record.getMessage()


def test_anthropic_counts_are_mended_alike() -> None:
    usage = usage_from_wire(
        {
            "input_tokens": -7,
            "cache_creation_input_tokens": 20,
            "cache_read_input_tokens": 100,
            "output_tokens": -1,
        }
    )
    assert usage == Usage(
        input_tokens=120, output_tokens=0, cache_read_tokens=100, cache_write_tokens=20
    )


def test_a_consistent_report_is_kept_as_it_is_and_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="nbagent.llm.usage"):
        usage = reported_usage(input_tokens=2006, output_tokens=300, cache_read_tokens=1920)
    assert usage == Usage(input_tokens=2006, output_tokens=300, cache_read_tokens=1920)
    assert caplog.records == []


@pytest.mark.parametrize(
    "make",
    [
        lambda: Pricing(5),  # type: ignore[arg-type]
        lambda: Pricing("gpt-4o"),  # type: ignore[arg-type]
        lambda: Pricing(table=5),  # type: ignore[arg-type]
        lambda: Pricing({"gpt-x": 3}),  # type: ignore[dict-item]
        lambda: Pricing([3]),  # type: ignore[list-item]
        lambda: ModelPrice("m", "a", 1, 1, 1),  # type: ignore[arg-type]
    ],
)
def test_malformed_price_settings_are_a_configuration_error(make: Any) -> None:
    with pytest.raises(ConfigurationError, match=r"ModelPrice|finite number"):
        make()


async def test_a_lone_surrogate_in_a_pin_or_a_system_prompt_is_repaired() -> None:
    store = InMemoryStore()
    session = make_session(ScriptedProvider(), store=store)
    fact = await session.pin("gate B12 \ud83d closes")
    assert fact.text == "gate B12 \ufffd closes"
    await session.configure(system_prompt="Be brief \udc00 please.")
    assert session.system_prompt == "Be brief \ufffd please."
    await session.submit_turn("hi")  # saved and sent: the repaired texts encode
    assert session.timeline[-1].turn_index == 0
    assert session.facts().pinned[0].text == "gate B12 \ufffd closes"
