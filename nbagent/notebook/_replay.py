"""Replaying a recorded conversation through a real AgentSession, without the chat model.

A transcript is split into turns (a turn starts at a user message). Each replay builds an
:class:`~nbagent.agent.session.AgentSession` on an :class:`~nbagent.agent.store.InMemoryStore`
whose provider answers every turn request with the next recorded assistant message and whose
tool registry answers every tool call with the recorded result, so the session's own turn code,
timeline and summary checkpoint run unchanged; only summary requests reach the summariser. The
provider reports input tokens as the estimate of each request (the offline provider's usage), so
the watermark is what the replayed context would have measured.

Replayed tool results carry the recorded result's text; the registry offers no tool definitions,
so they are not counted in the requests. A session transcript brings its system prompt, slot
settings, estimator, summary settings (the grid's default base), microcompact settings and
pinned facts.

Every replay tracks retention (``AgentConfig.track_retention``): each turn record says how many of
the facts stated so far its last request still showed the model, which is what the tuning
table's retention columns read. It costs about 20 ms of CPU in a first 60-turn replay of
``notebooks/data/travel_60_turns.jsonl`` (219 facts, about 0.3 ms a turn: extracting the new
messages' facts and looking for every fact in the request) and about 4 ms in each further one,
as a grid's other cells are: what a message states and which facts a summary or system prompt
shows are remembered by their text (:class:`~nbagent.llm.memo.TextMemo`).
Facts are counted as in a live session (:class:`~nbagent.agent.facts.FactBook`): what the user
states, what the recorded tools returned (a listing's values once named again), pins, and an
assistant's values once a user or tool states them too. A transcript's ``probes`` (texts a
person lists by hand) are counted beside them, per turn.
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.context import SlotConfig
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    AnyMessage,
    AssistantMessage,
    Message,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    text_of,
)
from nbagent.llm.prompt_cache import CacheModel, PromptCacheSimulator
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider, Reply
from nbagent.llm.request import MessageRequest, MessageResponse, ToolDefinition
from nbagent.llm.tokens import TokenEstimator
from nbagent.llm.tools import ToolCallResult, ToolPool, ToolRegistry
from nbagent.notebook._records import is_turn_start

TranscriptSource = AgentSession | Sequence[AnyMessage | dict[str, Any]] | str | os.PathLike[str]
"""A session (its current slot's stored history), a list of messages, or a JSONL file path."""

REPLAY_SESSION_ID = "tuning-replay"


@dataclass(frozen=True)
class RecordedTurn:
    """One recorded turn: the user message, the replies in order, the tool results by call id."""

    user: UserMessage
    replies: tuple[AssistantMessage, ...]
    results: dict[str, ToolResultMessage]

    @property
    def tool_rounds(self) -> int:
        return len(self.replies) - 1


@dataclass(frozen=True)
class Transcript:
    """A conversation ready to replay; ``preamble`` is what precedes the first user message."""

    turns: tuple[RecordedTurn, ...]
    preamble: tuple[AnyMessage, ...] = ()
    system_prompt: str | None = None
    slot_config: SlotConfig = field(default_factory=SlotConfig)
    estimator: TokenEstimator | None = None
    summary_config: SummaryConfig | None = None
    """The recording session's summary settings (the default base of a grid)."""
    compact_config: CompactConfig | None = None
    """The recording session's microcompact settings, replayed too (tools count as mixed)."""
    pinned: tuple[str, ...] = ()
    """The recording session's pinned facts, pinned before the first replayed turn."""
    cache: CacheModel | None = None
    """The provider cache the replay's turn requests are billed under (their usage reports its
    reads and writes, see :mod:`nbagent.llm.prompt_cache`); ``None``: no cache modelled."""
    probes: tuple[str, ...] = ()
    """Texts a person relies on in this conversation: each replayed turn's record counts how
    many of them its request still showed (``TurnRecord.probes_*``)."""


def _shape_error(turn: int, index: int, problem: str) -> ConfigurationError:
    return ConfigurationError(
        f"transcript turn {turn} (message {index}): {problem}. A replayable turn is a user "
        "message, then assistant replies, each tool-calling reply followed by the results of "
        "its calls, ending with an assistant reply that calls no tool."
    )


def _parse_turn(number: int, start: int, messages: Sequence[AnyMessage]) -> RecordedTurn:
    user = messages[0]
    assert isinstance(user, UserMessage)
    replies: list[AssistantMessage] = []
    results: dict[str, ToolResultMessage] = {}
    i = 1
    while i < len(messages):
        reply = messages[i]
        if not isinstance(reply, AssistantMessage):
            raise _shape_error(number, start + i, f"expected an assistant reply, got {reply.role}")
        replies.append(reply)
        reply_at = start + i
        i += 1
        calls = {b.id for b in reply.content if isinstance(b, ToolUseBlock)}
        if not calls:
            if i < len(messages):
                raise _shape_error(number, start + i, "a message follows the final reply")
            break
        while i < len(messages) and isinstance(messages[i], ToolResultMessage):
            result = messages[i]
            assert isinstance(result, ToolResultMessage)
            results[result.tool_call_id] = result
            i += 1
        missing = calls - results.keys()
        if missing:
            raise _shape_error(number, reply_at, f"no result for tool call(s) {sorted(missing)}")
    if not replies or any(isinstance(b, ToolUseBlock) for b in replies[-1].content):
        raise _shape_error(number, start, "the turn does not end with a reply without tool calls")
    return RecordedTurn(user, tuple(replies), results)


def split_turns(
    messages: Sequence[AnyMessage],
) -> tuple[tuple[AnyMessage, ...], tuple[RecordedTurn, ...]]:
    """The messages before the first user message, and the recorded turns."""
    starts = [i for i, m in enumerate(messages) if is_turn_start(m)]
    if not starts:
        raise ConfigurationError(
            "the transcript has no user message, so there is no turn to replay; pass a recorded "
            "conversation (a session, a message list or a JSONL file)"
        )
    bounds = [*starts, len(messages)]
    turns = tuple(
        _parse_turn(n, a, messages[a:b]) for n, (a, b) in enumerate(itertools.pairwise(bounds))
    )
    return tuple(messages[: starts[0]]), turns


def read_jsonl(path: str | os.PathLike[str]) -> list[AnyMessage]:
    """Messages from a JSONL file, one ``MESSAGE_ADAPTER`` JSON object per line."""
    file = Path(path)
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise ConfigurationError(f"cannot read transcript {str(file)!r}: {e}") from e
    messages: list[AnyMessage] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            messages.append(MESSAGE_ADAPTER.validate_json(line))
        except ValidationError as e:
            raise ConfigurationError(
                f"{file.name} line {number} is not a message (one JSON message per line, as "
                f"MESSAGE_ADAPTER.dump_json writes): {e.errors()[0]['msg']}"
            ) from e
    return messages


def write_jsonl(messages: Iterable[AnyMessage], path: str | os.PathLike[str]) -> None:
    """Write ``messages`` as JSONL, the format :func:`read_jsonl` reads."""
    lines = [MESSAGE_ADAPTER.dump_json(m).decode() for m in messages]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def load_transcript(source: TranscriptSource | Transcript) -> Transcript:
    """A :class:`Transcript` from a session, a message list or a JSONL path."""
    if isinstance(source, Transcript):
        return source
    if isinstance(source, AgentSession):
        slot = source.slot
        preamble, turns = split_turns(slot.messages)
        return Transcript(
            turns,
            preamble,
            source.system_prompt,
            # The slot's view settings alone: a replay takes turns even of a reference slot.
            SlotConfig(mode=slot.config.mode, focused=slot.config.focused),
            source.bundle.config.estimator,
            source.bundle.config.summary_config,
            source.bundle.config.compact_config,
            tuple(fact.text for fact in source.facts().pinned),
        )
    if isinstance(source, str | os.PathLike):
        messages = read_jsonl(source)
    else:
        try:
            messages = [
                m if isinstance(m, Message) else MESSAGE_ADAPTER.validate_python(m) for m in source
            ]
        except ValidationError as e:
            raise ConfigurationError(f"the transcript holds an invalid message: {e}") from e
    preamble, turns = split_turns(messages)
    return Transcript(turns, preamble)


class _ReplayRegistry(ToolRegistry):
    """Answers each tool call with the recorded result of the same call id."""

    def __init__(self, transcript: Transcript) -> None:
        super().__init__()
        self.recorded = {k: v for t in transcript.turns for k, v in t.results.items()}

    def definitions(self) -> list[ToolDefinition]:
        return []

    async def invoke(
        self, call: ToolUseBlock, timeout: float | None = None, pool: ToolPool | None = None
    ) -> ToolCallResult:
        result = self.recorded[call.id]
        return ToolCallResult(
            tool_use_id=call.id,
            tool_name=result.tool_name or call.name,
            content=text_of(result.content),
            is_error=result.is_error,
        )


class _Script:
    """The replies of the turn being replayed, handed out one request at a time."""

    def __init__(self, summarizer: LlmProvider) -> None:
        self.summarizer = summarizer
        self.replies: deque[AssistantMessage] = deque()

    def answer(self, request: MessageRequest) -> Reply | Awaitable[Reply]:
        if request.metadata.get("purpose") == "summary":
            return self.summarizer.chat(request)
        if not self.replies:
            raise ConfigurationError("the replay asked for more replies than the turn recorded")
        return self.replies.popleft()


class _ReplayProvider(FunctionProvider):
    """The replay's provider: :class:`FunctionProvider` answering from the script, its response
    ids digested from each message's JSON made once per replay (:meth:`messages_json`). The id
    digests the whole request as JSON and a replay's requests repeat its history, so
    serialising each request anew took close to a third of a tuning grid's time
    (``tests/test_tuning_speed_equivalence.py`` compares the digests with the offline
    provider's on every request of replays)."""

    def __init__(self, answer: _Script, estimator: TokenEstimator | None) -> None:
        super().__init__(answer.answer, estimator=estimator)
        self._json: dict[int, bytes] = {}
        """A message's JSON by its ``id``; ``_kept`` keeps the message alive, so no other message
        takes its id."""
        self._kept: list[AnyMessage] = []

    def messages_json(self, request: MessageRequest) -> bytes:
        """The request's messages as JSON, each message's made once per replay."""
        known = self._json
        try:
            return b",".join(map(known.__getitem__, map(id, request.messages)))
        except KeyError:  # a message new to the replay: this turn's, a new summary
            for message in request.messages:
                if id(message) not in known:
                    known[id(message)] = MESSAGE_ADAPTER.dump_json(message)
                    self._kept.append(message)
            return b",".join(map(known.__getitem__, map(id, request.messages)))

    def forget(self) -> None:
        """Drop the copies and JSON kept for the replay (the session keeps the history)."""
        self.requests.clear()
        self._json.clear()
        self._kept.clear()


class _CachedReplies(_ReplayProvider):
    """The replay's provider, reporting each turn request's cache reads and writes as the
    modelled provider cache would have served it (input and output tokens unchanged)."""

    def __init__(self, answer: _Script, cache: CacheModel, estimator: TokenEstimator | None):
        super().__init__(answer, estimator)
        self.cache = PromptCacheSimulator(cache, estimator)

    async def chat(self, request: MessageRequest) -> MessageResponse:
        response = await super().chat(request)
        if request.metadata.get("purpose") == "summary":
            return response
        billed = self.cache.bill(request.tools, request.messages)
        usage = response.usage
        read = min(billed.cache_read_tokens, usage.input_tokens)
        write = min(billed.cache_write_tokens, usage.input_tokens - read)
        update = {"cache_read_tokens": read, "cache_write_tokens": write}
        return response.model_copy(update={"usage": usage.model_copy(update=update)})


def default_summarizer(estimator: TokenEstimator | None = None) -> OfflineProvider:
    """The offline provider's extractive summariser (deterministic, no network)."""
    return OfflineProvider(estimator=estimator)


async def replay(
    transcript: Transcript,
    config: SummaryConfig | None,
    summarizer: LlmProvider | None = None,
) -> AgentSession:
    """Run ``transcript`` through a fresh session under ``config``; return the session."""
    script = _Script(summarizer or default_summarizer(transcript.estimator))
    provider = (
        _ReplayProvider(script, transcript.estimator)
        if transcript.cache is None
        else _CachedReplies(script, transcript.cache, transcript.estimator)
    )
    rounds = max((t.tool_rounds for t in transcript.turns), default=0)
    builder = (
        AgentBuilder()
        .provider(provider)
        .store(InMemoryStore())
        .tool_registry(_ReplayRegistry(transcript))
        .summary_config(config)
        .system_prompt(transcript.system_prompt)
        .slot_config(transcript.slot_config)
        .estimator(transcript.estimator)
        .compact_config(transcript.compact_config)
        .cycle_config(CycleConfig(max_tool_turns=max(1, rounds), tool_timeout=None))
        .track_retention(probes=transcript.probes)
    )
    session = await builder.build().open_session(REPLAY_SESSION_ID)
    session.slot.append_messages(transcript.preamble)
    for text in transcript.pinned:
        await session.pin(text)
    for turn in transcript.turns:
        script.replies.extend(turn.replies)
        await session.submit_turn(turn.user)
    # The last turn's summary may still run (a turn waits SUMMARY_PATIENCE seconds for it):
    # a replay ends with it done, so its records and tables do not hang on a busy machine.
    await session.close(timeout=None)
    provider.forget()
    return session


__all__ = [
    "RecordedTurn",
    "Transcript",
    "TranscriptSource",
    "default_summarizer",
    "load_transcript",
    "read_jsonl",
    "replay",
    "split_turns",
    "write_jsonl",
]
