"""The prompt-cache model replays are priced with: what each request reads and writes."""

from __future__ import annotations

from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.prompt_cache import (
    ANTHROPIC_CACHE,
    AUTOMATIC_CACHE,
    CacheModel,
    PromptCacheSimulator,
    breakpoint_positions,
    cache_model_for,
)
from nbagent.llm.tokens import estimate_messages_tokens


def history(turns: int, words: int = 300) -> list[AnyMessage]:
    out: list[AnyMessage] = [Message.system("You plan trips. " * 20)]
    for i in range(turns):
        out += [Message.user(f"question {i} " + "word " * words), Message.assistant(f"answer {i}")]
    return out


def test_automatic_caching_reads_the_repeated_prefix_in_128_token_steps() -> None:
    cache = PromptCacheSimulator(AUTOMATIC_CACHE)
    first = history(6)
    one = cache.bill((), first)
    assert (one.cache_read_tokens, one.cache_write_tokens) == (0, 0)
    second = [*first, Message.user("and then?")]
    two = cache.bill((), second, output_tokens=5)
    repeated = estimate_messages_tokens(first)
    assert repeated > 1024
    assert two.cache_read_tokens == repeated - repeated % 128
    assert (two.input_tokens, two.output_tokens) == (estimate_messages_tokens(second), 5)
    # An early message changed: only what comes before it is repeated, under 1,024 tokens.
    changed = [first[0], Message.user("something else"), *first[2:]]
    assert cache.bill((), changed).cache_read_tokens == 0


def test_breakpoints_write_up_to_the_last_message_and_read_it_next_time() -> None:
    cache = PromptCacheSimulator(ANTHROPIC_CACHE)
    first = history(6)
    one = cache.bill((), first)
    assert (one.cache_read_tokens, one.cache_write_tokens) == (0, estimate_messages_tokens(first))
    second = [*first, Message.user("and then? " * 50)]
    two = cache.bill((), second)
    assert two.cache_read_tokens == estimate_messages_tokens(first)
    assert two.cache_write_tokens == estimate_messages_tokens(second) - two.cache_read_tokens
    # A summary replaced the head: nothing is repeated past the system prompt, which is too short
    # to have been cached on its own (under 1,024 tokens).
    summarised = [first[0], Message.system("[summary] ..."), *second[-3:]]
    three = cache.bill((), summarised)
    assert three.cache_read_tokens == 0
    assert three.cache_write_tokens == 0  # the whole request is under 1,024 tokens


def test_a_read_needs_a_mark_within_the_lookback() -> None:
    short = CacheModel("breakpoints", min_tokens=1, lookback=2)
    base = history(3)
    cache = PromptCacheSimulator(short)
    cache.bill((), base)
    # Many new messages after the cached end: the entry at the previous request's last message
    # is out of every mark's reach; the one at its last user message is marked again (the last
    # user message before the last assistant message) and is read.
    grown = [*base, *[Message.user(f"more {i}") for i in range(6)]]
    assert cache.bill((), grown).cache_read_tokens == estimate_messages_tokens(base[:-1])
    # With an assistant reply after them, the last user message before it gets a mark there.
    cache = PromptCacheSimulator(short)
    cache.bill((), base)
    replied = [*base, Message.user("next"), Message.assistant("ok"), Message.user("go on")]
    assert cache.bill((), replied).cache_read_tokens == estimate_messages_tokens(base)


def test_breakpoints_follow_the_providers_rules() -> None:
    messages = history(3)  # system, (user, assistant) x 3
    assert breakpoint_positions(messages, has_tools=False) == [0, 5, 6]
    assert breakpoint_positions(messages, has_tools=True) == [0, 1, 6, 7]
    assert breakpoint_positions([], has_tools=False) == []
    assert cache_model_for("anthropic") is ANTHROPIC_CACHE
    assert cache_model_for("deepseek") is AUTOMATIC_CACHE


def test_anthropic_bills_system_messages_where_the_wire_puts_them() -> None:
    # The Anthropic body has one top-level system text, so a summary at the end of the view is
    # read as part of the system prompt: turns after it repeat the prefix and read it back, and
    # only a new summary changes the prefix from the system prompt on.
    cache = PromptCacheSimulator(ANTHROPIC_CACHE)
    base = history(6)
    summary = Message.system("[上下文摘要] the trip so far " + "fact " * 40)
    first = [*base, summary]
    one = cache.bill((), first)
    assert one.cache_write_tokens == estimate_messages_tokens(first)
    # The next turn's messages come after the summary in the list, before it on the wire: the
    # whole earlier request is repeated, the summary included.
    second = [*base, Message.user("and then? " * 50), summary]
    two = cache.bill((), second)
    assert two.cache_read_tokens == estimate_messages_tokens(first)
    assert breakpoint_positions(second, has_tools=False) == [0, 11, 13]
    # The same request billed as an OpenAI-compatible server sees it (in list order) repeats
    # only the part before the summary.
    automatic = PromptCacheSimulator(AUTOMATIC_CACHE)
    automatic.bill((), first)
    repeated = estimate_messages_tokens(base)
    assert automatic.bill((), second).cache_read_tokens == repeated - repeated % 128
    # A new summary: the system text changed, nothing after the tools is read.
    third = [*base, Message.user("and then? " * 50), Message.system("[上下文摘要] new")]
    assert cache.bill((), third).cache_read_tokens == 0
