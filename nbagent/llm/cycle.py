"""LlmCycle: one exchange with a model — request building, the tool loop, streaming.

::

    cycle = LlmCycle(provider, CycleConfig(model="gpt-4o-mini"), system_prompt="Be terse.")
    response = await cycle.submit_with_tools("Weather in Paris?", registry)

    async for event in cycle.submit_stream("And in Rome?", registry):
        ...  # IR stream events, ToolCallEvent, ToolResultEvent, CompactionEvent, CycleDoneEvent

The loop: append the user prompt, then per round: build the request, call the model
(streamed or not — one code path), and if the reply stops for ``tool_use`` with ``ToolUseBlock`` s,
run the calls concurrently, append the reply and the results, and go again. The reply without
tool calls ends the loop and is returned.

Microcompact is a view of the request, never a rewrite of the history: when the history no longer
fits the compact config's budget, :meth:`LlmCycle.request_messages` sends a compacted copy, and
:meth:`LlmCycle.messages` keeps every message as the model and the tools made it. A compaction
record's ``index`` is the message's position in :meth:`LlmCycle.messages`.

State on failure. The cycle's messages change only by whole steps: the user prompt (at the start),
a finished round (the assistant reply *and* all its tool results, together) or the final reply.
So when a provider call fails — an HTTP error, a cut or erroring stream, a
cancelled task, or a stream the consumer closed early — the messages hold the prompt and every
round finished before the failing call, and nothing of that call. An error propagates with its
own type after the ERROR hook; cancellation and an early close run no hook. ``usage`` holds every
call that answered. A session that wants the turn atomic snapshots :meth:`LlmCycle.messages`
before and restores it with :meth:`LlmCycle.set_messages`.

``TurnLimitExceededError`` is raised when the model asks for round ``max_tool_turns + 1``; those
calls are not run. The cycle then holds the finished rounds; ``error.messages`` holds them plus the
reply that asked for more.

The kept prefix. Each request the cycle sends is measured against the one before it: how much it
repeats from its start, its cacheable prefix (:attr:`LlmCycle.kept_prefixes`). Providers cache a
request's prefix (Anthropic at its ``cache_control`` breakpoints, OpenAI, DeepSeek and Qwen
automatically) and bill the next request's repeat of it at a tenth of the price, or about half. A
request that changes an early message — a compaction, a summary — pays full price from there on
(the stable prefix, :attr:`LlmCycle.stable_prefix`, keeps a compaction's messages so it rarely
does).
:func:`sent_request` measures what a request kept::

    sent, kept = sent_request(previous, tools, messages, estimator)
    kept.tokens, kept.share     # 41_200, 0.97: all but the new turn was a repeat

Messages are compared whole (a message edited anywhere ends the prefix there), and the tool
definitions first: providers put them before the messages, so a change of tools keeps nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import time
import weakref
from collections.abc import AsyncGenerator, Mapping, Sequence
from contextlib import aclosing
from typing import TYPE_CHECKING, Any, NoReturn

from nbagent.errors import ConfigurationError, ContextWindowExceededError, TurnLimitExceededError
from nbagent.llm.compact import (
    CompactConfig,
    CompactReport,
    CompactState,
    apply_plan,
    carried_report,
    plan_compaction,
)
from nbagent.llm.cycle_config import CycleConfig
from nbagent.llm.cycle_events import (
    CompactionEvent,
    CycleDoneEvent,
    CycleEvent,
    ToolCallEvent,
    ToolResultEvent,
)
from nbagent.llm.events import StreamAccumulator, StreamEvent, closing_stream
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import (
    AnyMessage,
    ContentBlock,
    Message,
    SystemMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.pricing import CostTracker, Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    StopReason,
    ToolChoice,
    ToolDefinition,
)
from nbagent.llm.retries import RetryNotice, retry_listener
from nbagent.llm.tokens import (
    DEFAULT_ESTIMATOR,
    MAX_CONTEXT_TOKENS,
    TokenEstimator,
    estimate_message_tokens,
    estimate_messages_tokens,
    estimate_request_tokens,
    estimate_tools_tokens,
    plausible,
    scaled,
)
from nbagent.llm.tools import ToolPool, ToolRegistry, off_loop_over

if TYPE_CHECKING:
    from nbagent.llm.providers.openai import OpenAIWireOptions

logger = logging.getLogger("nbagent.llm.cycle")

_FORCED = frozenset({"required", "tool"})
"""Tool choices that force a call: they hold for the first round of a submit only."""

Prompt = str | list[ContentBlock] | UserMessage
"""A user turn: text, a list of blocks (text and images), or a ready user message."""


_COUNT = re.compile(r"(\d[\d,]*)\s*tokens", re.IGNORECASE)


def _overshoot(message: str, estimated: int) -> float:
    """How far the server's count of a refused request exceeds ``estimated``: the largest
    token count its error names ("maximum context length is 8192 tokens. However, your
    messages resulted in 10650 tokens"), over the estimate, plus a tenth to spare; 1.5 when the
    error names none that helps."""
    counts = [int(m.group(1).replace(",", "")) for m in _COUNT.finditer(message)]
    largest = max(counts, default=0)
    if estimated > 0 and largest > estimated:
        return min(4.0, largest / estimated * 1.1)
    return 1.5


_TOLD: weakref.WeakSet[Any] = weakref.WeakSet()
"""Providers whose missing or impossible usage was logged: once each, not every call."""


def _say_once(provider: LlmProvider, reported: Usage, counted: Usage) -> None:
    try:
        if provider in _TOLD:
            return
        _TOLD.add(provider)
    except TypeError:  # not weak-referenceable: say it every time rather than never
        pass
    name = getattr(provider, "name", None) or type(provider).__name__
    what = (
        "no token usage"
        if not reported.input_tokens
        else "token usage that cannot be the request's"
    )
    logger.warning(
        "%s sent %s (input %d, output %d); counting nbagent's estimate in its place (input %d, "
        "output %d), marked estimated in the tables and not billed. Said once per provider.",
        name,
        what,
        reported.input_tokens,
        reported.output_tokens,
        counted.input_tokens,
        counted.output_tokens,
    )


# -- the kept prefix: what a request repeats of the one before it ----------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class SentRequest:
    """What a request sent, as far as its prefix goes: its tools and its messages."""

    tools: tuple[ToolDefinition, ...]
    messages: tuple[AnyMessage, ...]
    running: tuple[int, ...]
    """``running[k]``: the estimate of the first ``k`` messages (one more entry than messages),
    so the next request's kept prefix is counted by one lookup."""

    @property
    def tokens(self) -> int:
        """The estimate of its messages."""
        return self.running[-1]


@dataclasses.dataclass(frozen=True, slots=True)
class KeptPrefix:
    """The leading messages a request shares with the one before it, and their estimate."""

    messages: int
    tokens: int
    request_tokens: int
    """The estimate of the whole request's messages."""

    @property
    def share(self) -> float:
        """``tokens / request_tokens`` (1.0 for an empty request)."""
        return self.tokens / self.request_tokens if self.request_tokens else 1.0


def _same_tools(a: Sequence[ToolDefinition], b: Sequence[ToolDefinition]) -> bool:
    # Identity first: a cycle sends its registry's very definitions each time.
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def _common_length(a: tuple[AnyMessage, ...], b: tuple[AnyMessage, ...]) -> int:
    """How many leading messages ``a`` and ``b`` share.

    Tuple comparison checks identity before equality, item by item in C: a session sends the
    very objects it stored, so a whole-prefix comparison costs a pointer test per message, and
    a field-by-field comparison of texts only for rebuilt messages such as the system prompt.
    Sharing is monotone in the length, so the first difference is found by halving.
    """
    low, high = 0, min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    while low + 1 < high:  # a[:low] == b[:low], a[:high] != b[:high]
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


def sent_request(
    previous: SentRequest | None,
    tools: Sequence[ToolDefinition],
    messages: Sequence[AnyMessage],
    estimator: TokenEstimator | None = None,
) -> tuple[SentRequest, KeptPrefix]:
    """The request of ``tools`` and ``messages``, and the prefix it repeats of ``previous``
    (nothing when there was none).

    Only the messages after the kept prefix are estimated, so a long history is not counted
    again every round.
    """
    current = tuple(messages)
    kept = 0
    if previous is not None and _same_tools(previous.tools, tools):
        kept = _common_length(previous.messages, current)
    running = list(previous.running[: kept + 1]) if previous is not None else [0]
    for message in current[kept:]:
        running.append(running[-1] + estimate_message_tokens(message, estimator))
    sent = SentRequest(tuple(tools), current, tuple(running))
    return sent, KeptPrefix(kept, running[kept], running[-1])


# -- the cycle -------------------------------------------------------------------------------------


class LlmCycle:
    """One conversation with a model: its messages, usage, hooks and compaction state."""

    def __init__(
        self,
        provider: LlmProvider,
        config: CycleConfig | None = None,
        system_prompt: str | None = None,
        hook_executor: HookExecutor | None = None,
        compact_config: CompactConfig | None = None,
        *,
        messages: Sequence[AnyMessage] | None = None,
        messages_tokens: int | None = None,
        estimator: TokenEstimator | None = None,
        turn_index: int | None = None,
        estimate_scale: float = 1.0,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        """``messages_tokens``: the estimate of ``messages`` by ``estimator``, when the caller
        already knows it (a session does); the cycle then never counts that history again.
        ``estimate_scale``: what this provider's reported input tokens are to their estimates
        (see :mod:`nbagent.llm.tokens`); every estimate compared with the compact
        config's budget, worthwhile amount and window is multiplied by it first.
        ``metadata``: labels every request of this cycle carries for hooks and providers to
        read, never sent (``MessageRequest.metadata``; a summary's is ``{"purpose":
        "summary"}``). What this one call is, not a setting of every call: a hook labels the
        requests it sees (BEFORE_REQUEST, ``ctx.request.metadata``)."""
        self.provider = provider
        self.config = config if config is not None else CycleConfig()
        self.system_prompt = system_prompt
        """When set, the authoritative system prompt: it replaces every system message sent."""
        self.hook_executor = hook_executor
        self.compact_config = compact_config
        self.estimator = estimator
        self.turn_index = turn_index
        """Copied into every hook context; the session layer sets it per turn."""
        self.estimate_scale = estimate_scale
        if metadata is not None and not isinstance(metadata, Mapping):
            raise ConfigurationError(f"metadata must be a mapping (a dict), got {metadata!r}")
        self.metadata: dict[str, Any] = dict(metadata or {})
        self.tool_pool: ToolPool | None = None
        """The threads this cycle's sync tools run in (``None``: the process's); a session sets
        its own."""
        self.usage = CostTracker()
        self.compact_state = CompactState()
        self.compacted: dict[int, tuple[AnyMessage, object, AnyMessage]] = {}
        """Compacted messages by the id of their original: ``(original, changes, compacted)``.
        Keep it with ``compact_state`` across submits over one history: a compaction that makes
        the same changes to the same message again then reuses the earlier object, which
        ``compact_state`` already analysed (a fresh object would be analysed again, regexes and
        all)."""
        self.last_compaction: CompactReport[AnyMessage] | None = None
        self.compaction_reports: list[CompactReport[AnyMessage]] = []
        """The reports of the latest submit, oldest first: the compactions it made, or the one
        its requests carried (see :meth:`_maybe_compact`)."""
        self.previous_request: SentRequest | None = None
        """The last request sent; a session hands it from one turn's cycle to the next."""
        self.sent_at: float | None = None
        """``time.monotonic()`` when this cycle last sent a request: a summary built on that
        request's prefix reads the provider's prompt cache only while the entry is warm."""
        self.kept_prefixes: list[KeptPrefix] = []
        """For each request of the latest submit, what it repeated of the request before it."""
        self.request_estimates: list[int] = []
        """For each request of the latest submit, the raw estimate of its messages and tool
        definitions: what the provider's reported input tokens are compared with."""
        self._messages: list[AnyMessage] = list(messages or [])
        # The compacted copy the next request sends, for the history as long as it was then,
        # and its estimate: later rounds extend it and compact again only when it outgrows the
        # budget (compacting the whole history every round would cost a pass per round).
        self._view: tuple[int, list[AnyMessage], int] | None = None
        # (history list, how many of its messages are counted, their estimate): the history only
        # grows between replacements, so a compaction check counts just the new messages.
        self._tally: tuple[list[AnyMessage], int, int] | None = None
        if messages_tokens is not None:
            self._tally = (self._messages, len(self._messages), messages_tokens)

    def __repr__(self) -> str:
        return (
            f"LlmCycle(provider={getattr(self.provider, 'name', '?')!r}, "
            f"messages={len(self._messages)}, usage={self.usage!r})"
        )

    # --- messages ------------------------------------------------------------------------------

    def messages(self) -> list[AnyMessage]:
        """A copy of the history (without the ``system_prompt``, which is added per request)."""
        return list(self._messages)

    def set_messages(self, messages: Sequence[AnyMessage]) -> None:
        """Replace the history, e.g. to restore a snapshot after a failed turn."""
        self._messages = list(messages)
        self._view = None

    def messages_openai(self, options: OpenAIWireOptions | None = None) -> list[dict[str, Any]]:
        """The history as OpenAI Chat Completions message dicts (``options``: the dialect)."""
        from nbagent.llm.providers import openai

        return openai.messages_to_openai(self._messages, options or openai.OpenAIWireOptions())

    def messages_anthropic(self) -> list[dict[str, Any]]:
        """The history as Anthropic Messages API message dicts.

        System messages are not part of that list (Anthropic takes them in the top-level
        ``system`` parameter); get that text with ``nbagent.llm.providers.anthropic.system_text``.
        """
        from nbagent.llm.providers import anthropic

        return anthropic.wire_messages(self._messages)

    # --- requests ------------------------------------------------------------------------------

    def build_request(self, tools: Sequence[ToolDefinition] = ()) -> MessageRequest:
        """The request for the current history.

        With ``system_prompt`` set, every system message is removed and ``System(system_prompt)``
        goes first; without it, system messages stay where they are.
        """
        c = self.config
        return MessageRequest(
            model=c.model,
            messages=self.request_messages(),
            tools=list(tools),
            tool_choice=c.tool_choice if tools else None,
            max_tokens=c.max_tokens,
            temperature=c.temperature,
            stop=list(c.stop) if c.stop is not None else None,
            thinking_budget=c.thinking_budget,
            metadata=dict(self.metadata),
            prompt_cache=c.prompt_cache,
            extra_body=dict(c.extra_body),
        )

    def request_messages(self) -> list[AnyMessage]:
        """What the next request sends: the history, compacted when the last check said so,
        under the system-prompt rule of :meth:`build_request`."""
        view = self._view
        fresh = view is not None and view[0] == len(self._messages)
        return self._under_system_prompt(view[1] if fresh and view is not None else self._messages)

    def _under_system_prompt(self, messages: Sequence[AnyMessage]) -> list[AnyMessage]:
        """``messages`` under the system-prompt rule of :meth:`build_request` (a new list)."""
        # A session sends its own prompt, keeping the summary (nbagent.agent.context.request_view).
        if self.system_prompt is None:
            return list(messages)
        kept = (m for m in messages if not isinstance(m, SystemMessage))
        return [Message.system(self.system_prompt), *kept]

    def _request_tokens(self) -> int:
        """The estimate of the next request's messages, counting only what is new since the last
        call (the whole list when a system prompt filters it)."""
        if self.system_prompt is not None:
            return estimate_messages_tokens(
                self._under_system_prompt(self._messages), self.estimator
            )
        messages, counted, tokens = self._messages, 0, 0
        if self._tally is not None and self._tally[0] is messages:
            _, counted, tokens = self._tally
        tokens += estimate_messages_tokens(messages[counted:], self.estimator)
        self._tally = (messages, len(messages), tokens)
        return tokens

    async def submit_messages(
        self, messages: Sequence[AnyMessage], tools: Sequence[ToolDefinition] = ()
    ) -> MessageResponse:
        """Append ``messages``, make one call, append and return the reply; ``tools`` are only
        sent (a summary repeating a turn's request sends its tools, so the prompt cache reads
        the prefix they begin), never run.

        No compaction runs here (summary calls want the history whole). On failure the appended
        ``messages`` stay and no reply is added.
        """
        self._messages.extend(messages)
        self._view = None
        response: MessageResponse | None = None
        request = self.build_request(tools)
        estimate = scaled(estimate_request_tokens(request, self.estimator), self.estimate_scale)
        async with aclosing(self._call(request, stream=False, estimate=estimate)) as items:
            async for item in items:
                if isinstance(item, MessageResponse):
                    response = item
        assert response is not None
        self._messages.append(response.message)
        return response

    async def submit_with_tools(
        self, prompt: Prompt, registry: ToolRegistry | None = None
    ) -> MessageResponse:
        """Run the tool loop for ``prompt``; return the final response (see the module docs)."""
        response: MessageResponse | None = None
        async with aclosing(self._loop(prompt, registry, stream=False)) as events:
            async for event in events:
                if isinstance(event, CycleDoneEvent):
                    response = event.response
        assert response is not None
        return response

    def submit_stream(
        self, prompt: Prompt, registry: ToolRegistry | None = None
    ) -> AsyncGenerator[CycleEvent, None]:
        """The tool loop, streamed: stream events as they come, tool events, then the final one.

        Nothing happens until the first ``anext``. Ends with the same messages in the cycle as
        :meth:`submit_with_tools`. Close the iterator (``aclose()``, or ``async with
        contextlib.aclosing(...)``) to stop early: the provider's stream is closed and the
        unfinished round is not kept.
        """
        return self._loop(prompt, registry, stream=True)

    # --- the loop ------------------------------------------------------------------------------

    async def _loop(
        self, prompt: Prompt, registry: ToolRegistry | None, *, stream: bool
    ) -> AsyncGenerator[CycleEvent, None]:
        # A missing registry still runs the loop: a hallucinated call gets an "unknown tool" result.
        registry = registry if registry is not None else ToolRegistry()
        tools = registry.definitions()
        tools_tokens = estimate_tools_tokens(tools, self.estimator)
        self.compaction_reports, self.kept_prefixes, self.request_estimates = [], [], []
        self._messages.append(prompt if isinstance(prompt, UserMessage) else Message.user(prompt))
        report = await self._maybe_compact(tools)
        if report is not None:
            yield CompactionEvent(report)
        rounds = 0
        refitted = False
        while True:
            request = self.build_request(tools)
            self.previous_request, kept = sent_request(
                self.previous_request, request.tools, request.messages, self.estimator
            )
            self.kept_prefixes.append(kept)
            self.sent_at = time.monotonic()
            self.request_estimates.append(self.previous_request.tokens + tools_tokens)
            if rounds and request.tool_choice is not None and request.tool_choice.mode in _FORCED:
                # Forced again, the model could never answer: every submit would hit the limit.
                request.tool_choice = ToolChoice.auto()
            response: MessageResponse | None = None
            sent_any = False
            try:
                estimate = scaled(self.request_estimates[-1], self.estimate_scale)
                sending = self._call(request, stream=stream, estimate=estimate)
                async with aclosing(sending) as items:
                    async for item in items:
                        if isinstance(item, MessageResponse):
                            response = item
                        else:
                            sent_any = True
                            yield item
            except ContextWindowExceededError as error:
                # The server counts more tokens than the estimate (a new tokenizer behind the
                # same model name): compact to the server's measure and send once more, so the
                # turn fits and its record teaches the calibration. A second refusal is raised.
                report = None if sent_any or refitted else self._refit(tools, error)
                if report is None:
                    raise
                refitted = True
                yield CompactionEvent(report)
                self.kept_prefixes.pop()
                self.request_estimates.pop()
                continue
            assert response is not None
            calls = [b for b in response.message.content if isinstance(b, ToolUseBlock)]
            if response.stop_reason is not StopReason.TOOL_USE or not calls:
                self._messages.append(response.message)
                yield CycleDoneEvent(response)
                return
            if rounds >= self.config.max_tool_turns:
                await self._turn_limit(request, response, calls)
            rounds += 1
            for call in calls:
                await self._emit(HookEvent.TOOL_CALL, data={"call": call, "round": rounds})
                yield ToolCallEvent(call, rounds)
            results = await registry.invoke_all(calls, self.config.tool_timeout, self.tool_pool)
            for call, result in zip(calls, results, strict=True):
                data = {"call": call, "result": result, "round": rounds}
                await self._emit(HookEvent.TOOL_RESULT, data=data)
                yield ToolResultEvent(call, result, rounds)
            self._messages.append(response.message)
            self._messages.extend(
                Message.tool_result(r.tool_use_id, r.content, r.is_error, tool_name=r.tool_name)
                for r in results
            )
            report = await self._maybe_compact(tools)
            if report is not None:
                yield CompactionEvent(report)

    async def _call(
        self, request: MessageRequest, *, stream: bool, estimate: int
    ) -> AsyncGenerator[StreamEvent | MessageResponse, None]:
        """One provider call: hooks, usage, and (streamed) the events, then the response last.

        ``estimate`` is the request's calibrated estimate: its usage when the server reports
        none or one that cannot be the request's (see :meth:`_counted`)."""
        await self._emit(HookEvent.BEFORE_REQUEST, request=request, attempt=1)

        async def on_retry(notice: RetryNotice) -> None:
            data = {
                "provider": notice.provider,
                "delay": notice.delay,
                "max_retries": notice.max_retries,
            }
            await self._emit(
                HookEvent.RETRY,
                request=request,
                error=notice.error,
                attempt=notice.attempt + 1,
                data=data,
            )

        # Set, not reset by token: this generator may be resumed from another context.
        previous_listener = retry_listener.get()
        retry_listener.set(on_retry if self.hook_executor is not None else None)
        try:
            if stream:
                accumulator = StreamAccumulator()
                # aclosing: an early close or an error closes the provider's stream (its HTTP
                # response) now, not whenever the garbage collector gets to it.
                async with aclosing(closing_stream(self.provider.chat_stream(request))) as events:
                    async for event in events:
                        accumulator.add(event)
                        yield event
                response = accumulator.response()
            else:
                response = await self.provider.chat(request)
        except Exception as e:
            await self._emit(HookEvent.ERROR, request=request, error=e, attempt=1)
            raise
        finally:
            retry_listener.set(previous_listener)
        self.usage.add(self._counted(response, estimate))
        await self._emit(HookEvent.AFTER_RESPONSE, request=request, response=response, attempt=1)
        yield response

    def _counted(self, response: MessageResponse, estimate: int) -> Usage:
        """The usage of ``response`` a session counts (:attr:`usage`): the server's, or
        nbagent's estimate in its place, marked ``estimated``. The response itself is left as
        the server sent it.

        llama.cpp's server sends no usage on a stream (``include_usage`` is asked for and
        ignored): counted as zero, the cost said 0 tokens and a cumulative watermark never
        fired. A broken gateway's ``prompt_tokens = 10**9`` for a 300-token prompt fired a
        summary every debounce and billed $1,500 for ten turns. The input is the calibrated
        estimate when the report is not :func:`~nbagent.llm.tokens.plausible`; the output
        the reply's estimate when the server sent none with it. A plausible input is kept with
        everything else the server sent. An estimated
        usage teaches no calibration and is not billed (its USD is unknown).
        """
        usage = response.usage
        if plausible(usage.input_tokens):
            return usage  # the server's, as it sent it (an output of 0 included)
        # Hidden reasoning makes any output count possible; with no input count, none at all
        # for a reply with text is no count either.
        output = usage.output_tokens
        if output <= 0 or output > MAX_CONTEXT_TOKENS:
            output = estimate_message_tokens(response.message, self.estimator)
        counted = Usage(
            input_tokens=estimate,
            output_tokens=output,
            reasoning_tokens=min(usage.reasoning_tokens, output),
            estimated=True,
        )
        _say_once(self.provider, usage, counted)
        return counted

    async def _turn_limit(
        self, request: MessageRequest, response: MessageResponse, calls: list[ToolUseBlock]
    ) -> NoReturn:
        limit = self.config.max_tool_turns
        names = ", ".join(sorted({c.name for c in calls}))
        error = TurnLimitExceededError(
            f"the model asked for tool round {limit + 1} ({names}) but max_tool_turns={limit}; "
            "raise CycleConfig.max_tool_turns or split the task. The transcript so far is in "
            "error.messages.",
            messages=[*self._messages, response.message],
        )
        await self._emit(HookEvent.ERROR, request=request, response=response, error=error)
        raise error

    @property
    def stable_prefix(self) -> bool:
        """Whether the requests keep their prefix byte-stable between compactions (see
        :meth:`_maybe_compact`): while they ask for prompt caching, ``CycleConfig.prompt_cache``.
        Off, every request over the budget is compacted afresh, so a result that aged by a decay
        step changes an early message, and every cached token after it, on that turn."""
        return self.config.prompt_cache

    async def _maybe_compact(
        self, tools: Sequence[ToolDefinition]
    ) -> CompactReport[AnyMessage] | None:
        """Microcompact when the next request's messages no longer fit the config's budget.

        With prompt caching on (``CycleConfig.prompt_cache``, the default) the request keeps its
        prefix byte-stable: it carries the last compaction's messages until they no longer fit,
        and a new compaction is made only when it frees a worthwhile amount
        (``CompactConfig.worthwhile_tokens``) of what the carried request holds, or when that
        would pass the context window.
        """
        config = self.compact_config
        if config is None:
            return None
        stable = self.stable_prefix
        scale = self.estimate_scale

        def fits(tokens: int) -> bool:
            return not config.should_compact(scaled(tokens, scale))

        # What the request would send without a new compaction: the view this submit built, or
        # the last compaction carried over the history (a stable prefix).
        held: tuple[list[AnyMessage], int] | None = None
        carried: CompactReport[AnyMessage] | None = None
        if self._view is not None:
            counted, view, tokens = self._view
            new = self._messages[counted:]
            held = ([*view, *new], tokens + estimate_messages_tokens(new, self.estimator))
        elif stable and (carried := self._carried()) is not None:
            held = (list(carried.messages), carried.tokens_after)
        elif fits(self._request_tokens()):
            return None
        if held is not None and fits(held[1]):
            self._view = (len(self._messages), *held)
            if carried is not None:
                self._report(carried)  # the request sends it: the turn's tables and facts read it
            return None  # nothing was compacted now: no event
        # Off the shared loop over a long history: it would block every other session's turn
        # (600 ms measured on 3,000 messages the first time, then 2-5 ms; tens of ms a request
        # on 10,000). It reads this cycle's messages and compact state, which nothing else
        # touches while the cycle waits for it.
        plan = await off_loop_over(
            len(self._messages),
            plan_compaction,
            self._messages,
            config,
            tools,
            state=self.compact_state,
            estimator=self.estimator,
        )
        if stable and held is not None:
            freed = scaled(held[1] - plan.tokens_after, scale)
            if freed < config.worthwhile_tokens and scaled(held[1], scale) <= config.window:
                logger.debug("microcompact held: it would free %d tokens of %d", freed, held[1])
                self._view = (len(self._messages), *held)
                if carried is None and not self.compaction_reports:
                    carried = self.last_compaction  # made by an earlier submit of this cycle
                if carried is not None:
                    self._report(carried)
                return None
        report = CompactReport(apply_plan(self._messages, plan, self.compacted), plan)
        if stable:
            # The messages this compaction did not change are not sent compacted any more.
            keep = {id(self._messages[i]) for i in plan.changes}
            for key in [k for k in self.compacted if k not in keep]:
                del self.compacted[key]
            self.compact_state.applied = (tuple(self._messages), report)
        self._view = (len(self._messages), list(report.messages), report.tokens_after)
        self._report(report)
        data = {"report": report, "freed_tokens": report.freed_tokens}
        await self._emit(HookEvent.COMPACTION, data=data)
        return report

    def _refit(
        self, tools: Sequence[ToolDefinition], error: ContextWindowExceededError
    ) -> CompactReport[AnyMessage] | None:
        """After the server refused a request as too long: raise the estimate's scale by how
        far off it was (the counts the error names, else 1.5x) and compact the history to the
        budget at that scale. ``None`` when there is no microcompact or nothing to cut."""
        config = self.compact_config
        if config is None or not self.request_estimates:
            return None
        sent = scaled(self.request_estimates[-1], self.estimate_scale)
        self.estimate_scale *= _overshoot(str(error), sent)
        scale = self.estimate_scale
        tight = dataclasses.replace(
            config,
            context_window=max(2, int(config.window / scale)),
            reserved_tokens=max(1, int(config.reserve / scale)),
        )
        # A fresh state: the shared one remembers decisions made for the looser budget.
        plan = plan_compaction(self._messages, tight, tools, estimator=self.estimator)
        if not plan.changes:
            return None
        report = CompactReport(apply_plan(self._messages, plan, self.compacted), plan)
        self._view = (len(self._messages), list(report.messages), report.tokens_after)
        self._report(report)
        logger.warning(
            "the server refused the request as too long; the estimate's scale is now %.2f and "
            "the history was compacted to fit (%d -> %d estimated tokens)",
            scale,
            report.tokens_before,
            report.tokens_after,
        )
        return report

    def _carried(self) -> CompactReport[AnyMessage] | None:
        """The last compaction carried over the history as it is now (``None``: none made,
        or the history no longer starts with the one it was made from)."""
        applied = self.compact_state.applied
        if applied is None:
            return None
        originals, report = applied
        estimator = self.estimator or DEFAULT_ESTIMATOR
        return carried_report(self._messages, originals, report, self.compact_state, estimator)

    def _report(self, report: CompactReport[AnyMessage]) -> None:
        self.last_compaction = report
        self.compaction_reports.append(report)

    async def _emit(
        self,
        event: HookEvent,
        *,
        request: MessageRequest | None = None,
        response: MessageResponse | None = None,
        error: BaseException | None = None,
        attempt: int = 0,
        data: dict[str, Any] | None = None,
    ) -> None:
        if self.hook_executor is None:
            return
        ctx = HookContext(
            event=event,
            request=request,
            response=response,
            error=error,
            attempt=attempt,
            turn_index=self.turn_index,
            data=data if data is not None else {},
        )
        await self.hook_executor.emit(event, ctx)


__all__ = ["CycleConfig", "KeptPrefix", "LlmCycle", "Prompt", "SentRequest", "sent_request"]
