"""Automatic conversation summaries: configuration, the prompt, and the transcript format.

The checkpoint itself (when a summary fires, the model call, where the result goes) lives in
:mod:`nbagent.agent._checkpoint`; this module holds what a user configures and reads.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import re
import time
import warnings
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import (
    APIConnectionError,
    APITimeoutError,
    BadRequestError,
    ConfigurationError,
    ContextWindowExceededError,
    InternalServerError,
    RateLimitError,
    Retired,
    retired_settings,
)
from nbagent.llm.cycle import CycleConfig, LlmCycle
from nbagent.llm.hooks import HookExecutor
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import (
    AnyMessage,
    Message,
    TextBlock,
    UserMessage,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import MessageResponse, PromptCache, ToolDefinition
from nbagent.llm.tools import off_loop
from nbagent.llm.transcript import (
    MAX_TRANSCRIPT_CHARS,
    format_message,
    format_messages_as_text,
)

MESSAGES_PLACEHOLDER = "{messages}"

DEFAULT_SUMMARY_PROMPT = (
    "请为下面的对话写一份简洁的摘要，供后续对话作为上下文使用。按以下小节写，没有内容的小节省略：\n"
    "目标：用户要完成什么、进行到哪一步、下一步是什么。\n"
    "约束与偏好：用户提出的规则、限制、禁忌和偏好，尽量用用户的原话。\n"
    "决定：已经做出的选择（选了什么、否决了什么、批准或拒绝了什么）。\n"
    "标识与数据：编号、代码、版本、路径、人名、日期、时间、金额、数字，逐字照抄。\n"
    "更正：被改过的值只写最新的值，并注明已更正；不要再写旧值。\n"
    "待办：尚未解决的问题。\n"
    "省略寒暄和重复内容，不要编造对话中没有的信息。使用对话所用的语言，不超过 300 字。\n\n"
    "对话：\n{messages}\n\n摘要："
)
"""The default (Chinese) summary prompt; ``{messages}`` is replaced by the transcript."""

DEFAULT_SUMMARY_PROMPT_EN = (
    "Write a concise summary of the conversation below, to be used as context for the rest of "
    "the conversation. Use these sections, leaving out any that would be empty:\n"
    "Goal: what the user wants done, how far it got, the next step.\n"
    "Constraints and preferences: the user's rules, limits and preferences, in their own words "
    "where you can.\n"
    "Decisions: what was chosen, rejected, approved or declined.\n"
    "Identifiers and figures: codes, ids, versions, paths, names, dates, times, amounts and "
    "numbers, copied exactly.\n"
    "Corrections: for a value that was changed, only the newest value, marked as corrected; "
    "never the old one.\n"
    "Open questions: what is still unresolved.\n"
    "Leave out greetings and repetition and do not invent anything the conversation does not "
    "say. Write in the conversation's language, in at most 200 words.\n\n"
    "Conversation:\n{messages}\n\nSummary:"
)
"""The English default prompt (``prompt_language="en"``, and ``"auto"`` for a conversation
that is not mostly Chinese)."""

_DEFAULT_PROMPTS = {"zh": DEFAULT_SUMMARY_PROMPT, "en": DEFAULT_SUMMARY_PROMPT_EN}

_PREFIX_PROMPTS = {
    "zh": DEFAULT_SUMMARY_PROMPT.replace("请为下面的对话", "请为上面的对话").replace(
        "\n\n对话：\n{messages}\n\n摘要：", "\n不要调用任何工具，只写摘要。"
    ),
    "en": DEFAULT_SUMMARY_PROMPT_EN.replace(
        "the conversation below", "the conversation above"
    ).replace(
        "\n\nConversation:\n{messages}\n\nSummary:",
        "\nDo not call any tool: answer with the summary alone.",
    ),
}
"""The default prompts as the instruction after the conversation itself (a summary request
that repeats the turn's cached prefix, :class:`CachedPrefix`)."""


DEFAULT_LEDGER_SHARE = 0.10
"""The ledger's share of the window with ``fact_ledger=True``."""
SUMMARY_ATTEMPTS = 2
"""Attempts at one summary: a timed-out or retryably failed first one is made once more."""
CHARS_PER_TOKEN = 4
"""How a retired ``fact_ledger_chars`` becomes a share of the window (English prose's ratio)."""


def _ledger_from_chars(value: object, kwargs: dict[str, Any]) -> None:
    """A fixed budget in characters, as a share of the window: it won over the share before."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigurationError(
            f"fact_ledger_chars must be None or an int >= 0, got {value!r}; better, pass the "
            "ledger's share of the window as fact_ledger, e.g. SummaryConfig(fact_ledger=0.05)"
        )
    window = kwargs.get("max_context_tokens", 32_000)
    if kwargs.get("fact_ledger", True) is True and isinstance(window, int) and window > 0:
        kwargs["fact_ledger"] = min(0.99, value / CHARS_PER_TOKEN / window)


def _ledger_from_share(value: object, kwargs: dict[str, Any]) -> None:
    """The share, unless ``fact_ledger`` says otherwise (off, a share of its own, or one made
    of ``fact_ledger_chars``); the default share is ``fact_ledger=True`` itself."""
    if kwargs.get("fact_ledger", True) is True and value != DEFAULT_LEDGER_SHARE:
        kwargs["fact_ledger"] = value


@retired_settings(
    {
        "fact_ledger_chars": Retired(
            "the ledger's budget is a share of max_context_tokens: pass it as fact_ledger, e.g. "
            "SummaryConfig(fact_ledger=0.05); this one was converted at 4 characters a token",
            reads=lambda c: None,
            apply=_ledger_from_chars,
        ),
        "fact_ledger_share": Retired(
            "pass the share as fact_ledger, e.g. SummaryConfig(fact_ledger=0.05)",
            reads=lambda c: c.ledger_share,
            apply=_ledger_from_share,
            renamed="fact_ledger",
        ),
        "retries": Retired(
            "a failed or timed-out summary attempt is made once more, always (SummaryConfig."
            "timeout bounds each attempt); this value was ignored",
            reads=lambda c: SUMMARY_ATTEMPTS - 1,
        ),
    }
)
@dataclass(frozen=True)
class SummaryConfig:
    """When and how the session summarises its conversation. Validated at construction.

    A summary fires at the end of a turn when the **watermark** is at or above
    ``max_context_tokens * trigger_token_ratio`` and at least ``debounce_turns`` turns passed
    since the last summary. Two watermarks are available:

    ``watermark="context"`` (default)
        The size of the context actually sent: the input tokens the provider reported for the
        last request of the turn, or, when it reported none, the estimate of the next
        ``load_messages()``. After a summary the focused view shrinks to the uncovered tail plus
        the summary, so the watermark falls back below the line and the next summary waits until
        the conversation has grown again. (A FULL slot never shrinks, so it summarises every
        ``debounce_turns`` turns once over the line.)

    ``watermark="cumulative"``
        The design notes' rule: every token spent so far in the session (``cost_so_far``, input
        plus output over all turns). It only grows, so once crossed it stays crossed, and a
        summary fires every ``debounce_turns`` turns from then on — the debounce is the only
        brake.

    ``strategy="full"`` summarises the whole stored history each time; ``"incremental"``
    summarises the previous summary's prose plus only the messages after it, so a summary call
    costs the new turns rather than the whole history (the fact ledger is carried forward by
    the checkpoint, not rewritten by the model).

    ``summary_prompt`` defaults to the prompt of ``prompt_language``: ``"auto"`` (the default)
    takes the conversation's language each time (Chinese for a mostly Chinese conversation, as
    the design notes have it; English, which asks the model to answer in the conversation's
    language, otherwise), ``"zh"`` and ``"en"`` fix one. The fact ledger's labels follow. A
    custom prompt should contain ``{messages}``; without it the transcript is appended (with a
    warning at construction).
    """

    trigger_token_ratio: float = 0.75
    """Fraction of ``max_context_tokens`` at which a summary fires, in (0, 1]."""
    max_context_tokens: int = 32_000
    """The model's context window in tokens. Set it to the window of the model you use: a value
    larger than the context can ever reach means summaries never fire."""
    summary_prompt: str = DEFAULT_SUMMARY_PROMPT
    """The prompt template; ``{messages}`` is replaced by the transcript."""
    debounce_turns: int = 3
    """At least this many turns between two summaries."""
    summary_model: str | None = None
    """Model for the summary call (``None``: the provider's default). A cheap model saves cost."""
    max_tool_result_chars: int = 500
    """About how many characters of each tool result the transcript keeps, chosen by the lines
    that matter (:func:`tool_digest`)."""
    max_summary_tokens: int = 1024
    """The most tokens the summary may take (the summary call's ``max_tokens``; the offline
    summariser keeps its best sentences within it). The fact ledger comes on top."""
    watermark: Literal["context", "cumulative"] = "context"
    strategy: Literal["full", "incremental"] = "full"
    prompt_language: Literal["auto", "zh", "en"] = "auto"
    fact_ledger: bool | float = True
    """Append the covered span's facts that the summary's prose does not contain (see
    :mod:`nbagent.agent.ledger`), so a summary never silently forgets a code, a date or a price;
    and how much room the ledger gets: ``True`` is :data:`DEFAULT_LEDGER_SHARE` of
    ``max_context_tokens``, a number in (0, 1) another share, ``False`` (or 0) no ledger. The
    budget is in tokens (the session's estimator), so it grows with the window the summary has
    to fit in (3,200 tokens of a 32,000-token window, about 600 short facts); what does not fit
    is counted on one line. At a share of 0.05 the 200-turn bench kept 59.8% of its 473 facts at
    the worst turn and 0.10 keeps 100%, for 0.7% fewer input tokens; on the held-out
    conversations whose ledger 0.05 filled, the hard facts shown at the worst turn rose from
    53-82% to 79-94%."""
    timeout: float | None = 60.0
    """Seconds one summary attempt may take, the provider's own retries included (``None``: no
    limit of its own). Past it the attempt is abandoned and made once more
    (:data:`SUMMARY_ATTEMPTS` in all, as after a connection error, a rate limit or a server
    error); past the last the summary fails silently, as any failed summary does. A summary is
    never worth a stalled turn."""

    def __post_init__(self) -> None:
        ratio = self.trigger_token_ratio
        if isinstance(ratio, bool) or not isinstance(ratio, int | float):
            raise ConfigurationError(f"trigger_token_ratio must be a number, got {ratio!r}")
        if not (math.isfinite(ratio) and 0 < ratio <= 1):
            raise ConfigurationError(
                f"trigger_token_ratio must be in (0, 1], got {ratio!r}; e.g. 0.75 fires a "
                "summary when the context reaches 75% of max_context_tokens"
            )
        _require_int(
            "max_context_tokens",
            self.max_context_tokens,
            minimum=1,
            hint=("set it to your model's context window, e.g. 32_000"),
        )
        _require_int("debounce_turns", self.debounce_turns, minimum=0, hint="0 disables it")
        _require_int("max_tool_result_chars", self.max_tool_result_chars, minimum=0, hint="")
        _require_int("max_summary_tokens", self.max_summary_tokens, minimum=1, hint="e.g. 1024")
        share = self.fact_ledger
        if not isinstance(share, bool) and (
            not isinstance(share, int | float) or not (math.isfinite(share) and 0 <= share < 1)
        ):
            raise ConfigurationError(
                f"SummaryConfig.fact_ledger must be True, False or a share of max_context_tokens "
                f"in [0, 1), got {share!r}; e.g. 0.05 lets the ledger take 5% of the window"
            )
        timeout = self.timeout
        if timeout is not None and (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not (math.isfinite(timeout) and timeout > 0)
        ):
            raise ConfigurationError(
                f"SummaryConfig.timeout must be a positive number of seconds or None, got "
                f"{timeout!r}; e.g. timeout=60"
            )
        _require_choice("watermark", self.watermark, ("context", "cumulative"))
        _require_choice("strategy", self.strategy, ("full", "incremental"))
        _require_choice("prompt_language", self.prompt_language, ("auto", "zh", "en"))
        if self.summary_model is not None and (
            not isinstance(self.summary_model, str) or not self.summary_model.strip()
        ):
            raise ConfigurationError(
                "summary_model must be a model name or None (the provider's default model), "
                f"got {self.summary_model!r}"
            )
        if not isinstance(self.summary_prompt, str) or not self.summary_prompt.strip():
            raise ConfigurationError("summary_prompt must be a non-empty string")
        # A default prompt follows prompt_language, also through dataclasses.replace().
        if self.summary_prompt in _DEFAULT_PROMPTS.values():
            language = "zh" if self.prompt_language == "auto" else self.prompt_language
            object.__setattr__(self, "summary_prompt", _DEFAULT_PROMPTS[language])
        elif MESSAGES_PLACEHOLDER not in self.summary_prompt:
            warnings.warn(
                "summary_prompt has no {messages} placeholder: the transcript will be appended "
                "after the prompt. Add {messages} where the conversation should go.",
                UserWarning,
                stacklevel=3,
            )

    @property
    def threshold(self) -> float:
        """The watermark at or above which a summary fires."""
        return self.max_context_tokens * self.trigger_token_ratio

    @property
    def ledger_share(self) -> float:
        """The ledger's share of ``max_context_tokens`` (0.0: no ledger)."""
        if isinstance(self.fact_ledger, bool):
            return DEFAULT_LEDGER_SHARE if self.fact_ledger else 0.0
        return float(self.fact_ledger)

    def language_of(self, text: str) -> Literal["zh", "en"]:
        """The language the summary of ``text`` (a transcript) is asked and labelled in:
        ``prompt_language``, or with ``"auto"`` the text's (:func:`conversation_language`)."""
        if self.prompt_language == "auto":
            return conversation_language(text)
        return self.prompt_language

    def render_prompt(self, transcript: str) -> str:
        """The summary request's text: the template with the transcript in place (a default
        template in :meth:`language_of` the transcript)."""
        prompt = self.summary_prompt
        if prompt in _DEFAULT_PROMPTS.values():
            prompt = _DEFAULT_PROMPTS[self.language_of(transcript)]
        if MESSAGES_PLACEHOLDER in prompt:
            # str.replace, not str.format: prompts may hold other braces (JSON examples).
            return prompt.replace(MESSAGES_PLACEHOLDER, transcript)
        return f"{prompt}\n\n{transcript}"


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def conversation_language(text: str) -> Literal["zh", "en"]:
    """``"zh"`` when ``text``'s Chinese characters, each weighed as four Latin letters (about a
    word's worth), are at least a third as many as its Latin letters, else ``"en"``."""
    sample = text if len(text) <= 20_000 else text[:10_000] + text[-10_000:]
    cjk = len(_CJK.findall(sample))
    return "zh" if cjk and 3 * cjk * 4 >= len(_LATIN.findall(sample)) else "en"


def _require_int(name: str, value: object, *, minimum: int, hint: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        relation = "positive" if minimum == 1 else f">= {minimum}"
        more = f"; {hint}" if hint else ""
        raise ConfigurationError(f"{name} must be an integer {relation}, got {value!r}{more}")


def _require_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        options = " or ".join(repr(c) for c in choices)
        raise ConfigurationError(f"{name} must be {options}, got {value!r}")


# -- the summary call ------------------------------------------------------------------------

SUMMARY_MAX_TOKENS = 1024
"""The default :attr:`SummaryConfig.max_summary_tokens`."""

SUMMARY_METADATA = {"purpose": "summary"}
"""Request metadata that marks the summary call (hooks and the offline provider read it)."""
PREFIX_METADATA = {"summary_of": "conversation"}
"""Metadata of a summary call that sends the conversation itself, the instruction last (the
offline provider then summarises the messages before it; without it, the last message's
transcript)."""


def decide_summary(
    config: SummaryConfig, turn_index: int, last_summary_turn: int, watermark: float
) -> SummaryStatus:
    """The checkpoint's rule: fire when over the line and out of the debounce window."""
    if watermark < config.threshold:
        return SummaryStatus.NOT_NEEDED
    if turn_index - last_summary_turn < config.debounce_turns:
        return SummaryStatus.DEBOUNCED
    return SummaryStatus.FIRED


_PROMPTS: TextMemo[UserMessage] = TextMemo(4_000_000)
"""Summary prompts sent before, by text, with the token estimates they were given."""


def _prompt_message(text: str) -> UserMessage:
    """A user message of ``text``. A tuning grid's replays send the same long prompt again and
    again: a copy of the one sent before keeps its token estimates (the message is frozen), so
    the transcript is not counted again; a copy, so no two requests share a message."""
    sent = _PROMPTS.get(text)
    return Message.user(text) if sent is None else sent.model_copy(deep=True)


def _remember_prompt(text: str, message: UserMessage) -> None:
    if message.content == [TextBlock(text=text)]:  # not changed in place by a hook
        _PROMPTS.put(text, message, len(text))


@dataclass(frozen=True)
class CachedPrefix:
    """A turn's last request as the provider received it, and the reply that ended the turn:
    a summary request that repeats them reads them back from the provider's prompt cache.

    The session builds it at the end of a turn; :func:`request_summary` uses it only where it
    pays (:meth:`usable`)."""

    messages: tuple[AnyMessage, ...]
    """The request's messages (its system prompt first), then the turn's final reply."""
    tools: tuple[ToolDefinition, ...]
    config: CycleConfig
    """The turn's request settings: the summary sends the same model, tools and tool choice,
    which Anthropic's cache is keyed on."""
    sent_at: float
    """``time.monotonic()`` when the request was sent."""

    def usable(self, provider: LlmProvider, config: SummaryConfig, now: float) -> bool:
        """Whether a summary built on this prefix reads a cache entry: the provider marks
        cache breakpoints (``prompt_cache``, Anthropic's), the summary uses the turn's model,
        the turn asked for no extended thinking (its parameters are part of what the cache
        keys), and the entry is still warm (sent well within its TTL)."""
        cache = getattr(provider, "prompt_cache", None)
        if not isinstance(cache, PromptCache) or not self.config.prompt_cache:
            return False
        if self.config.thinking_budget is not None:
            return False
        turn_model = self.config.model or provider.model
        if config.summary_model is not None and config.summary_model != turn_model:
            return False
        ttl = 3600.0 if cache.ttl == "1h" else 300.0
        return now - self.sent_at < WARM_SHARE * ttl


WARM_SHARE = 0.8
"""The share of a cache entry's TTL within which a summary still counts on reading it: the
summary call itself takes time, and an entry read a moment too late is written again at 1.25x."""

_ABOVE = {"zh": "（见上文的对话）", "en": "(the conversation above)"}


def prefix_instruction(config: SummaryConfig, language: Literal["zh", "en"]) -> str:
    """The summary instruction sent after the conversation itself: the prompt of ``language``
    asking about the conversation above, or a custom prompt with ``{messages}`` pointing
    there."""
    prompt = config.summary_prompt
    if prompt in _DEFAULT_PROMPTS.values():
        return _PREFIX_PROMPTS[language]
    if MESSAGES_PLACEHOLDER in prompt:
        return prompt.replace(MESSAGES_PLACEHOLDER, _ABOVE[language])
    return f"{prompt}\n\n{_ABOVE[language]}"


async def request_summary(
    provider: LlmProvider,
    messages: Sequence[AnyMessage],
    config: SummaryConfig | None = None,
    *,
    hook_executor: HookExecutor | None = None,
    turn_index: int | None = None,
    prefix: CachedPrefix | None = None,
) -> MessageResponse | None:
    """One summary call over ``messages``; ``None`` (and no call) when empty.

    With a ``prefix`` that is :meth:`~CachedPrefix.usable`, the request is that prefix -- the
    conversation exactly as the turn sent it, tools and all -- plus the summary instruction, so
    the provider bills it as cache reads (Anthropic: a tenth of the input price) instead of
    a separate prompt carrying ``messages`` as a transcript. Tools are sent, never run; a reply
    without text (the model called one anyway) or a request the server refuses as too large
    falls back to the separate prompt."""
    if not messages:
        return None
    config = config or SummaryConfig()
    # Off the shared loop: it would block every other session's turn (1.8 s measured on
    # 3,000 messages). A snapshot of the list: the messages themselves are frozen.
    transcript = await off_loop(
        format_messages_as_text, tuple(messages), config.max_tool_result_chars
    )
    wasted: Usage | None = None
    if prefix is not None and prefix.usable(provider, config, time.monotonic()):
        instruction = prefix_instruction(config, config.language_of(transcript))
        cycle = LlmCycle(
            provider,
            dataclasses.replace(
                prefix.config,
                max_tokens=config.max_summary_tokens,
                prompt_cache=True,
            ),
            hook_executor=hook_executor,
            messages=list(prefix.messages),
            turn_index=turn_index,
            metadata={**SUMMARY_METADATA, **PREFIX_METADATA},
        )
        try:
            response = await _attempts(
                provider,
                config,
                lambda: cycle.submit_messages([Message.user(instruction)], prefix.tools),
            )
        except (BadRequestError, ContextWindowExceededError):
            response = None  # the instruction tipped the request over: the transcript is smaller
        if response is not None and response.text().strip():
            return response
        if response is not None:  # answered with a tool call: paid for, so billed with the next
            wasted = response.usage
    cycle = LlmCycle(
        provider,
        CycleConfig(
            model=config.summary_model or "",
            max_tokens=config.max_summary_tokens,
            prompt_cache=False,  # nothing repeats a summary request's prefix: a write is waste
        ),
        hook_executor=hook_executor,
        turn_index=turn_index,
        metadata=SUMMARY_METADATA,
    )
    text = config.render_prompt(transcript)
    prompt = [_prompt_message(text)]
    response = await _attempts(provider, config, lambda: cycle.submit_messages(prompt))
    _remember_prompt(text, prompt[0])
    if wasted is not None:
        response = response.model_copy(update={"usage": wasted + response.usage})
    return response


async def _attempts(
    provider: LlmProvider,
    config: SummaryConfig,
    call: Callable[[], Awaitable[MessageResponse]],
) -> MessageResponse:
    """``call`` within ``config.timeout``, made :data:`SUMMARY_ATTEMPTS` times at most: again
    after a timeout or a retryable error."""
    for attempt in range(SUMMARY_ATTEMPTS):
        last = attempt == SUMMARY_ATTEMPTS - 1
        try:
            async with asyncio.timeout(config.timeout):
                return await call()
        except TimeoutError as e:
            if last:
                raise APITimeoutError(
                    f"the summary call took longer than SummaryConfig.timeout={config.timeout} s "
                    f"({attempt + 1} attempts); raise it (SummaryConfig(timeout=...), or "
                    f"`%agent config --summary-timeout 180` in a notebook) or use a faster "
                    f"summary_model",
                    provider=getattr(provider, "name", None),
                ) from e
        except (APIConnectionError, RateLimitError, InternalServerError):
            if last:
                raise
    raise AssertionError("unreachable: the last attempt returns or raises")


async def generate_summary(
    provider: LlmProvider,
    messages: Sequence[AnyMessage],
    config: SummaryConfig | None = None,
    *,
    hook_executor: HookExecutor | None = None,
    turn_index: int | None = None,
) -> str:
    """Summarise ``messages`` with one model call; ``""`` without a call when there are none."""
    response = await request_summary(
        provider, messages, config, hook_executor=hook_executor, turn_index=turn_index
    )
    return "" if response is None else response.text().strip()


__all__ = [
    "DEFAULT_SUMMARY_PROMPT",
    "DEFAULT_SUMMARY_PROMPT_EN",
    "MAX_TRANSCRIPT_CHARS",
    "CachedPrefix",
    "SummaryConfig",
    "conversation_language",
    "decide_summary",
    "format_message",
    "format_messages_as_text",
    "generate_summary",
    "request_summary",
]
