"""What microcompact remembers to be fast gives the answers it would compute afresh (issue #12):
the band-keyed decisions against the decay steps, the shared token judgements and the pass's
estimate memo against plain calls, the table check against its plain form, and every plan of a
growing history against the plan a fresh state makes of it."""

from __future__ import annotations

import random
from typing import Any

from benchmarks.bench_compact import TOOLS, history
from nbagent.llm.compact import (
    CompactConfig,
    CompactPlan,
    CompactState,
    Replace,
    Skip,
    Truncate,
    TruncateStructured,
    decide_strategy,
    key_terms,
    plan_compaction,
)
from nbagent.llm.compact._plan import PassEstimator
from nbagent.llm.compact._policy import (
    _TABLE_DELIMITERS,
    decays_alike,
    importance,
    matrix_reason,
)
from nbagent.llm.compact._policy import _is_table as is_table
from nbagent.llm.compact._terms import _MENTION_CHARS, Judged, _distinctive, _tokens, mentions
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
)
from nbagent.llm.tokens import DEFAULT_ESTIMATOR, estimate_message_tokens

CONFIG = CompactConfig(context_window=20_000, reserved_tokens=2_000, keep_recent=3)


def test_steps_that_decay_alike_make_the_same_decision() -> None:
    """What lets a unit keep its choice when it aged by a step: the matrix and its reasons."""
    for semantic in (-1.0, 0.0, 1.0):
        for content in (-1.0, 0.0, 1.0):
            for chars in (150, 1500, 5000):
                for steps in range(-6, 12):
                    for other in range(-6, 12):
                        if not decays_alike(semantic, content, steps, other):
                            continue
                        picks = [
                            decide_strategy(chars, importance(semantic, content, s))
                            for s in (steps, other)
                        ]
                        assert picks[0] == picks[1]
                        assert matrix_reason(chars, picks[0]) == matrix_reason(chars, picks[1])
    assert not decays_alike(1.0, 1.0, 0, 1)  # 2 and 1.5: structured, then plain truncation
    assert decays_alike(0.0, 0.0, 3, 30)  # both below 1: the lowest band


def test_the_matrix_reads_only_the_band() -> None:
    """decide_strategy as the thresholds were written before the bands."""
    for size in (0, 200, 201, 2000, 2001, 50_000):
        for score in [x / 4 for x in range(-20, 21)] + [float("nan"), float("inf")]:
            if size <= 200:
                expected: object = Skip()
            elif size <= 2000:
                expected = Skip() if score >= 1 else Truncate(200)
            elif score >= 2:
                expected = TruncateStructured(500)
            else:
                expected = Truncate(200) if score >= 1 else Replace()
            assert decide_strategy(size, score) == expected


def _plain_is_table(head: str) -> bool:
    """The table check without its absent-delimiter shortcut."""
    if head.count("\n") < 5:
        return False
    lines = [line for line in head.split("\n", 24)[:24] if line.strip()]
    if len(lines) < 5:
        return False
    for delimiter in _TABLE_DELIMITERS:
        counts = [line.count(delimiter) for line in lines]
        common = max(set(counts), key=counts.count)
        if common > 0 and counts.count(common) >= 0.8 * len(counts):
            return True
    return False


def test_the_table_check_equals_its_plain_form() -> None:
    rng = random.Random(5)
    for _ in range(5_000):
        rows = rng.randint(0, 30)
        head = "\n".join(
            "".join(rng.choice("ab,|\t ") for _ in range(rng.randint(0, 8))) for _ in range(rows)
        )
        assert is_table(head) == _plain_is_table(head)


def _texts() -> list[str]:
    results = [m.content[0] for m in history(400) if isinstance(m, ToolResultMessage)]
    texts = [block.text for block in results if isinstance(block, TextBlock)]
    return texts + [text[::-1] for text in texts] + ["Ünïcødé 東京 Müller_1 doc-9", ""]


def _plain_key_terms(text: str) -> tuple[bytes, ...]:
    """Key terms as first written: every token judged, in first-seen order, 24 at most."""
    terms: dict[bytes, None] = {}
    for token in dict.fromkeys(_tokens(text, 1024)):
        term = _distinctive(token)
        if term is not None:
            terms[term] = None
            if len(terms) == 24:
                break
    return tuple(terms)


def test_shared_token_judgements_give_the_terms_of_plain_ones() -> None:
    judged = Judged()  # shared, as in one scan
    for text in _texts():
        assert key_terms(text, judged) == key_terms(text) == _plain_key_terms(text)
        plain = {_distinctive(token) for token in _tokens(text, _MENTION_CHARS)} - {None}
        assert mentions(text, judged) == mentions(text) == plain
    assert all(judged[token] == _distinctive(token) for token in list(judged))


class _Counting:
    name = "counting"

    def __init__(self) -> None:
        self.texts: list[str] = []

    def count_text(self, text: str) -> int:
        self.texts.append(text)
        return DEFAULT_ESTIMATOR.count_text(text)


def test_the_pass_estimator_counts_as_its_estimator_once_a_text() -> None:
    inner = _Counting()
    memo = PassEstimator(inner)
    long_text = "a long result " * 40
    copy = "".join(list(long_text))  # equal, another object
    texts = ["search", "Calling search.", "search", long_text, long_text, copy, ""]
    assert [memo.count_text(t) for t in texts] == [DEFAULT_ESTIMATOR.count_text(t) for t in texts]
    assert memo.name == inner.name
    # a short text once by value, a long one once by identity
    assert inner.texts == ["search", "Calling search.", long_text, copy, ""]


def test_a_result_block_is_estimated_once_in_a_cold_pass() -> None:
    long_text = "row,1,2,3\n" * 400
    use = Message.assistant([ToolUseBlock(id="call_1", name="query_db", input={"q": "x"})])
    result = Message.user(
        [ToolResultBlock(tool_use_id="call_1", content=[TextBlock(text=long_text)])]
    )
    thinking = Message.assistant([ThinkingBlock(text="mull " * 300), TextBlock(text="done")])
    inner = _Counting()
    messages = [Message.user("go"), use, result, thinking, Message.user("next")]
    plan_compaction(messages, CONFIG, TOOLS, estimator=inner)
    assert inner.texts.count(long_text) == 1
    assert inner.texts.count("mull " * 300) == 1
    for message in messages:  # the estimate each message caches is the plain one
        fresh = message.model_copy(deep=True)
        assert estimate_message_tokens(message, inner) == estimate_message_tokens(fresh, inner)


def _mixed(n: int, seed: int) -> list[AnyMessage]:
    """The bench's history with results inside user messages and thinking beside replies."""
    rng = random.Random(seed)
    out: list[AnyMessage] = []
    for message in history(n, seed):
        if isinstance(message, ToolResultMessage) and rng.random() < 0.5:
            block = ToolResultBlock(tool_use_id=message.tool_call_id, content=message.content)
            out.append(Message.user([block]))
        elif isinstance(message, AssistantMessage) and rng.random() < 0.3:
            think = ThinkingBlock(text="hmm doc-42 Berlin " * rng.randint(1, 40))
            out.append(AssistantMessage(content=[think, *message.content]))
        else:
            out.append(message)
    return out


def _dump(plan: CompactPlan) -> dict[str, Any]:
    return {
        "totals": (plan.tokens_before, plan.tokens_after, plan.size),
        "changes": plan.changes,
        "rows": plan.to_rows(),
        "units": plan.unit_rows(),
    }


def test_every_plan_of_a_growing_history_equals_a_fresh_states() -> None:
    """The state's memos (analyses, choices kept while their band holds, outcomes) change no
    decision: each plan over a history growing turn by turn is the one a new state makes."""
    configs = [CONFIG, CompactConfig(context_window=20_000, keep_recent=0, compact_thinking=True)]
    for config in configs:
        for messages in (history(240, 3), _mixed(240, 4)):
            state = CompactState()
            for size in range(120, len(messages) + 1, 7):
                grown = messages[:size]
                kept = plan_compaction(grown, config, TOOLS, state=state)
                assert _dump(kept) == _dump(plan_compaction(grown, config, TOOLS))
