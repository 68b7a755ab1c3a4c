"""Microcompact: the decision matrix, the four importance sources, the actions and the report."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nbagent.errors import ConfigurationError
from nbagent.llm.compact import (
    CompactAction,
    CompactConfig,
    CompactState,
    Replace,
    Skip,
    Truncate,
    TruncateStructured,
    apply_plan,
    decide_strategy,
    is_compacted,
    key_terms,
    microcompact,
    plan_compaction,
    truncate_structured,
)
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    ContentBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.request import ResultSemantic, ToolDefinition
from nbagent.llm.tokens import estimate_message_tokens
from tests.conftest import CompactRules

# keep_recent=0 unless a test is about it, so one rule is seen at a time (and few enough turns
# that nothing decays, or a decay set by the test: the ``compact_rules`` fixture).
CFG = CompactConfig(keep_recent=0)
PLAIN = ("lorem ipsum dolor sit amet " * 200).strip()  # 5399 chars, no content signal
MEDIUM = PLAIN[:1000]


def call(call_id: str, name: str, text: str, *, error: bool = False) -> list[AnyMessage]:
    """An assistant tool use and its tool-result message."""
    use = ToolUseBlock(id=call_id, name=name, input={"q": "x"})
    result = Message.tool_result(call_id, text, is_error=error, tool_name=name)
    return [Message.assistant([use]), result]


def turns(n: int) -> list[AnyMessage]:
    return [m for i in range(n) for m in (Message.user(f"next {i}"), Message.assistant("ok"))]


def record_of(report_records: Sequence[object], call_id: str) -> object:
    for record in report_records:
        if getattr(record, "tool_call_id", None) == call_id:
            return record
    raise AssertionError(f"no record for {call_id}")


def search_json(n: int) -> str:
    items = [
        {"id": f"doc-{i:05d}", "title": f"Result number {i}", "snippet": "word " * 30}
        for i in range(n)
    ]
    return json.dumps({"query": "kv cache", "total": n, "results": items})


# --- configuration ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"context_window": 0}, "context_window must be positive"),
        ({"context_window": -5}, "context_window must be positive"),
        ({"reserved_tokens": 128_000}, "reserved_tokens must be >= 0 and below"),
        ({"reserved_tokens": -1}, "reserved_tokens must be >= 0 and below"),
        ({"keep_recent": -1}, "keep_recent must be >= 0"),
        ({"context_window": 1.5}, "context_window must be an int"),
        ({"keep_recent": True}, "keep_recent must be an int"),
        ({"compact_thinking": "yes"}, "compact_thinking must be True or False"),
    ],
)
def test_invalid_config_fails_at_construction(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigurationError, match=re.escape(message)):
        CompactConfig(**kwargs)  # type: ignore[arg-type]


def test_config_defaults_and_should_compact() -> None:
    config = CompactConfig()
    # No window of its own: the session's (below), else 128k with 8k kept for the reply.
    assert (config.context_window, config.reserved_tokens, config.keep_recent) == (None, None, 6)
    assert (config.window, config.reserve) == (128_000, 8_000)
    assert (config.compact_thinking, config.protect_factual) == (False, False)
    assert config.budget == 120_000
    assert not config.should_compact(120_000)
    assert config.should_compact(120_001)


def test_one_context_window_a_session_summarises_by() -> None:
    from nbagent.agent.summary import SummaryConfig

    summary = SummaryConfig(max_context_tokens=16_000, trigger_token_ratio=0.75)
    # Unset: the summary's window, microcompact halfway between its line (12k) and the window.
    resolved = CompactConfig(keep_recent=4).for_summaries(summary)
    assert (resolved.context_window, resolved.budget, resolved.keep_recent) == (16_000, 14_000, 4)
    assert resolved == CompactConfig.beside_summaries(16_000, 0.75).__class__(
        context_window=16_000, reserved_tokens=2_000, keep_recent=4
    )
    # A reserve given is kept; a window given is the config's own; no summaries: 128k.
    assert CompactConfig(reserved_tokens=1_000).for_summaries(summary).budget == 15_000
    assert CompactConfig(context_window=64_000).for_summaries(summary).window == 64_000
    assert CompactConfig().for_summaries(None).budget == 120_000
    with pytest.raises(ConfigurationError, match="below the session's window"):
        CompactConfig(reserved_tokens=20_000).for_summaries(summary)
    # Refused where the pair is made, not on every turn after it was saved.
    from nbagent.agent.config import AgentConfig

    with pytest.raises(ConfigurationError, match=r"SummaryConfig\.max_context_tokens = 16000"):
        AgentConfig(summary_config=summary, compact_config=CompactConfig(reserved_tokens=20_000))


# --- the decision matrix ---------------------------------------------------------------------

SKIP, T200, TS500, REPLACE = Skip(), Truncate(200), TruncateStructured(500), Replace()
_MATRIX: dict[int, list[CompactAction]] = {
    # size: actions for scores 2, 1.5, 1, 0.5, 0, -1
    0: [SKIP] * 6,
    200: [SKIP] * 6,
    201: [SKIP, SKIP, SKIP, T200, T200, T200],
    2000: [SKIP, SKIP, SKIP, T200, T200, T200],
    2001: [TS500, T200, T200, REPLACE, REPLACE, REPLACE],
    50_000: [TS500, T200, T200, REPLACE, REPLACE, REPLACE],
}
_SCORES: list[float] = [2, 1.5, 1, 0.5, 0, -1]


@pytest.mark.parametrize(
    ("size", "score", "expected"),
    [
        (size, score, action)
        for size, actions in _MATRIX.items()
        for score, action in zip(_SCORES, actions, strict=True)
    ],
)
def test_decision_matrix(size: int, score: float, expected: object) -> None:
    assert decide_strategy(size, score) == expected


def test_matrix_scores_above_two_and_below_minus_one() -> None:
    assert decide_strategy(5000, 3.5) == TruncateStructured(500)
    assert decide_strategy(5000, -4) == Replace()
    assert decide_strategy(1500, 7) == Skip()


def test_negative_size_is_an_error() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        decide_strategy(-1, 0)


def test_action_names() -> None:
    names = [a.name for a in (SKIP, T200, TS500, REPLACE)]
    assert names == ["Skip", "Truncate(200)", "TruncateStructured(500)", "Replace"]
    assert str(T200) == "Truncate(200)"
    assert [a.kind for a in (SKIP, T200, TS500, REPLACE)] == [
        "skip",
        "truncate",
        "truncate_structured",
        "replace",
    ]


# --- importance: declared semantic -----------------------------------------------------------


@pytest.mark.parametrize(
    ("semantic", "expected"),
    [(ResultSemantic.FACTUAL, 1.0), (ResultSemantic.ACTION, -1.0), (ResultSemantic.MIXED, 0.0)],
)
def test_declared_semantic_moves_the_score(semantic: ResultSemantic, expected: float) -> None:
    history = [Message.user("go"), *call("c1", "tool_a", PLAIN)]
    by_definition = plan_compaction(
        history, CFG, [ToolDefinition(name="tool_a", result_semantic=semantic)]
    )
    by_mapping = plan_compaction(history, CFG, {"tool_a": semantic})
    for plan in (by_definition, by_mapping):
        record = plan.records[2]
        assert record.semantic == expected
        assert record.score == expected
        assert record.tool_name == "tool_a"


def test_unknown_tool_counts_as_mixed() -> None:
    history = [Message.user("go"), *call("c1", "other", PLAIN)]
    plan = plan_compaction(history, CFG, {"tool_a": ResultSemantic.FACTUAL})
    assert plan.records[2].semantic == 0.0


def test_tool_name_comes_from_the_tool_use_when_the_result_lacks_it() -> None:
    use = ToolUseBlock(id="c1", name="tool_a", input={})
    history = [Message.user("go"), Message.assistant([use]), Message.tool_result("c1", PLAIN)]
    plan = plan_compaction(history, CFG, {"tool_a": "factual"})  # type: ignore[dict-item]
    assert (plan.records[2].tool_name, plan.records[2].semantic) == ("tool_a", 1.0)


def test_bad_semantic_in_mapping_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="tool semantics must be one of"):
        plan_compaction([Message.user("x")], CFG, {"t": "important"})  # type: ignore[dict-item]


# --- importance: content heuristics ----------------------------------------------------------

_TABLE = "\n".join(["id,name,amount"] + [f"{i},item{i},{i * 3}.50" for i in range(200)])


@pytest.mark.parametrize(
    ("text", "expected", "reason"),
    [
        (json.dumps([{"id": i, "v": "x" * 20} for i in range(100)]), 1.0, "JSON array"),
        (search_json(40), 1.0, "records in a JSON object"),
        (_TABLE, 1.0, "table rows"),
        ("| a | b |\n" + "\n".join(f"| {i} | {i * 2} |" for i in range(100)), 1.0, "table rows"),
        ('{"status": "ok", "id": "msg-1", "detail": "' + "y" * 300 + '"}', -1.0, "status"),
        ("Email sent to bob@example.com. " + "z" * 200, -1.0, "acknowledgement"),
        (PLAIN, 0.0, "plain text"),
        (json.dumps({"name": "x", "body": "b" * 3000}), 0.0, "JSON object"),
    ],
)
def test_content_heuristics_move_the_score(text: str, expected: float, reason: str) -> None:
    history = [Message.user("go"), *call("c1", "t", text)]
    record = plan_compaction(history, CFG).records[2]
    assert record.content == expected
    assert record.score == expected
    assert reason in record.units[0].content_reason


@pytest.mark.parametrize(
    ("text", "is_error", "reason"),
    [
        (PLAIN, True, "error result (is_error): never compacted"),
        ('{"error": {"message": "' + "e" * 3000 + '"}}', False, "error-like content"),
        ("Traceback (most recent call last):\n" + "  frame\n" * 500, False, "error-like"),
    ],
)
def test_error_results_are_never_compacted(text: str, is_error: bool, reason: str) -> None:
    history = [Message.user("go"), *call("c1", "t", text, error=is_error)]
    report = microcompact(history, CFG)
    assert report.messages == history
    assert report.records[2].action == Skip()
    assert reason in report.records[2].reason
    assert report.freed_tokens == 0


def test_error_key_with_null_value_is_not_an_error() -> None:
    text = json.dumps({"error": None, "results": [{"a": i} for i in range(500)]})
    record = plan_compaction([Message.user("go"), *call("c1", "t", text)], CFG).records[2]
    assert record.action != Skip()


# --- importance: age decay -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("later_turns", "decay"), [(0, 0.0), (3, 0.0), (4, -0.5), (7, -0.5), (8, -1.0), (13, -1.5)]
)
def test_age_decay(later_turns: int, decay: float) -> None:
    config = CompactConfig(keep_recent=0)
    history = [Message.user("go"), *call("c1", "t", PLAIN), *turns(later_turns)]
    record = plan_compaction(history, config).records[2]
    assert record.decay == decay
    assert record.reference == 0.0
    assert record.age_turns == later_turns
    assert record.score == decay


def test_decay_turns_count_only_real_prompts(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)
    # A user message that only carries tool results (Anthropic style) does not start a turn.
    config = CompactConfig(keep_recent=0)
    carrier = Message.user([ToolResultBlock(tool_use_id="c9", content=[TextBlock(text="r")])])
    history = [Message.user("go"), *call("c1", "t", PLAIN), carrier, carrier, Message.user("b")]
    assert plan_compaction(history, config).records[2].age_turns == 1


# --- importance: reference tracking ----------------------------------------------------------


def _referenced_history(reply: str) -> list[AnyMessage]:
    result = f"Invoice INV-2024-0042 for ACME-77 totals 1234.56 EUR. {PLAIN}"
    history = [Message.user("go"), *call("c1", "t", result)]
    history += turns(2)  # turns 2 and 3
    history += [Message.assistant(reply)]  # turn 3
    history += turns(6)  # now turn 9
    return history


@pytest.mark.parametrize("term", ["INV-2024-0042", "ACME-77", "1234.56"])
def test_a_reply_reusing_a_key_term_refreshes_the_result(term: str) -> None:
    config = CompactConfig(keep_recent=0)
    record = plan_compaction(_referenced_history(f"The total of {term} is due."), config).records[2]
    # produced at turn 1, referenced at turn 3, now 9: age 8 -> -1.0, since reference 6 -> -0.5
    assert (record.decay, record.reference, record.age_turns) == (-1.0, 0.5, 6)
    assert record.score == -0.5


@pytest.mark.parametrize(
    "reply",
    [
        "Nothing to see here, the invoice is fine.",  # plain words are not key terms
        "Order INV-2024-0043 is different.",  # a near miss
        "It totals 1234 EUR.",  # a near miss
    ],
)
def test_replies_without_key_terms_do_not_refresh(reply: str) -> None:
    config = CompactConfig(keep_recent=0)
    record = plan_compaction(_referenced_history(reply), config).records[2]
    assert (record.decay, record.reference, record.age_turns) == (-1.0, 0.0, 8)


def test_key_terms_are_distinctive_tokens() -> None:
    text = (
        'However, Paris and Total saw the cache. {"user_id": "u_42", "path": "src/a.py"} '
        "getUserName v2 12 2024-06-01 3.14."
    )
    assert key_terms(text) == (
        b"Paris",
        b"u_42",
        b"src/a.py",
        b"getUserName",
        b"2024-06-01",
        b"3.14",
    )


def test_json_keys_are_not_key_terms(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)
    config = CompactConfig(keep_recent=0)
    result = json.dumps({"user_id": 1, "created_at": "x", "body": "b" * 3000})
    history = [Message.user("go"), *call("c1", "t", result), *turns(1)]
    history += [Message.assistant("user_id and created_at"), *turns(2)]
    assert plan_compaction(history, config).records[2].reference == 0.0


def test_a_mention_before_the_result_does_not_count(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)
    config = CompactConfig(keep_recent=0)
    history = [Message.user("a"), Message.assistant("look up INV-2024-0042"), *turns(1)]
    history += [*call("c1", "t", f"INV-2024-0042 {PLAIN}"), *turns(3)]
    record = plan_compaction(history, config).records[5]
    assert (record.reference, record.age_turns) == (0.0, 3)


def test_tool_use_arguments_count_as_references(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)
    config = CompactConfig(keep_recent=0)
    history = [Message.user("a"), *call("c1", "search", f"src/app/main.py {PLAIN}"), *turns(1)]
    read = ToolUseBlock(id="c2", name="read_file", input={"path": "src/app/main.py"})
    history += [Message.assistant([read]), Message.tool_result("c2", "x = 1"), *turns(2)]
    record = plan_compaction(history, config).records[2]
    # produced at turn 1, named in the read_file call at turn 2, now turn 4
    assert (record.decay, record.reference, record.age_turns) == (-1.5, 0.5, 2)


def test_state_keeps_references_after_the_result_was_compacted(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)
    config = CompactConfig(keep_recent=0)
    state = CompactState()
    history = [Message.user("go"), *call("c1", "t", f"ticket OPS-9931 {PLAIN}"), *turns(3)]
    first = microcompact(history, config, state=state)
    # the ticket only a tool returned stays beside the cut (any tool's short result)
    assert first.messages[2].text() == "[pruned; key facts: OPS-9931]"
    later = [*first.messages, Message.assistant("OPS-9931 is closed"), *turns(1)]
    record = plan_compaction(later, config, state=state).records[2]
    assert state.last_referenced == {"c1": 4}
    assert (record.age_turns, record.reason) == (1, "already compacted")
    # A fresh state sees only the compacted text, so it cannot know about the reference.
    assert plan_compaction(later, config).records[2].age_turns == 4


# --- what is touched and how -----------------------------------------------------------------


def test_replace_truncate_and_the_markers() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", MEDIUM)]
    report = microcompact(history, CFG)
    assert report.messages[2].text() == "[pruned]"
    medium = report.messages[4].text()
    assert medium == MEDIUM[:200] + "… [truncated 800 chars]"
    assert [r.action for r in report.records] == [SKIP, SKIP, REPLACE, SKIP, T200]
    assert isinstance(report.messages[2], ToolResultMessage)
    assert report.messages[2].tool_call_id == "c1"
    assert report.messages[2].tool_name == "t"


def test_no_truncation_when_the_marker_costs_more_than_it_cuts() -> None:
    history = [Message.user("go"), *call("c1", "t", "q" * 205)]
    report = microcompact(history, CFG)
    assert report.messages == history
    assert report.records[2].action == SKIP
    assert (
        report.records[2].reason == "medium, low importance, but Truncate(200) would not shrink it"
    )


def test_truncation_marker_uses_thousands_separators() -> None:
    history = [Message.user("go"), *call("c1", "t", "x" * 20_000)]
    report = microcompact(history, CFG, {"t": ResultSemantic.FACTUAL})
    assert report.messages[2].text() == "x" * 200 + "… [truncated 19,800 chars]"


def test_truncate_structured_keeps_valid_json_and_its_keys() -> None:
    text = search_json(60)
    history = [Message.user("go"), *call("c1", "search", text)]
    report = microcompact(history, CFG, {"search": ResultSemantic.FACTUAL})
    record = report.records[2]
    assert (record.action, record.score) == (TruncateStructured(500), 2.0)
    out = report.messages[2].text()
    data = json.loads(out)
    assert list(data) == ["query", "total", "results"]
    assert data["query"] == "kv cache" and data["total"] == 60
    assert isinstance(data["results"], list) and isinstance(data["results"][0], dict)
    assert set(data["results"][0]) == {"id", "title", "snippet"}
    assert re.fullmatch(r"… \[\d+ more items\]", data["results"][-1])
    assert len(out) < 700 < len(text)


def test_truncate_structured_on_a_top_level_array_and_long_strings() -> None:
    text = json.dumps([{"id": i, "body": "b" * 5000} for i in range(3)])
    out = truncate_structured(text, 500)
    assert out is not None
    data = json.loads(out)
    assert isinstance(data, list) and data[0]["id"] == 0
    assert data[0]["body"].endswith(" chars]") and "… [truncated" in data[0]["body"]
    assert len(out) <= 500


def test_truncate_structured_falls_back_to_plain_truncation() -> None:
    # A Factual table scores 2 but is not JSON: plain truncation at 500.
    history = [Message.user("go"), *call("c1", "db", _TABLE)]
    report = microcompact(history, CFG, {"db": ResultSemantic.FACTUAL})
    record = report.records[2]
    assert record.action == Truncate(500)
    assert "plain truncation" in record.reason
    assert report.messages[2].text() == _TABLE[:500] + f"… [truncated {len(_TABLE) - 500:,} chars]"
    assert truncate_structured("not json", 500) is None
    assert truncate_structured('"a string"', 500) is None


def test_tool_result_blocks_in_user_and_assistant_messages() -> None:
    def block(call_id: str, text: str) -> ToolResultBlock:
        return ToolResultBlock(tool_use_id=call_id, content=[TextBlock(text=text)])

    uses: list[ContentBlock] = [
        ToolUseBlock(id="a", name="t", input={}),
        ToolUseBlock(id="b", name="t", input={}),
    ]
    history: list[AnyMessage] = [
        Message.user("go"),
        Message.assistant(uses),
        Message.user([block("a", PLAIN), block("b", "small")]),
        Message.assistant([TextBlock(text="noted"), block("c", MEDIUM)]),
    ]
    report = microcompact(history, CFG)
    carrier = report.messages[2]
    assert isinstance(carrier, UserMessage)
    assert [b.tool_use_id for b in carrier.content] == ["a", "b"]  # type: ignore[union-attr]
    assert [b.content[0].text for b in carrier.content] == ["[pruned]", "small"]  # type: ignore[union-attr]
    record = report.records[2]
    assert (record.action, record.tool_call_id, record.reason) == (
        REPLACE,
        "a",
        "large, low importance (+1 blocks)",
    )
    assert [u.action for u in record.units] == [REPLACE, SKIP]
    reply = report.messages[3]
    assert isinstance(reply, AssistantMessage)
    assert reply.content[0] == TextBlock(text="noted")
    assert reply.content[1].content[0].text.endswith("… [truncated 800 chars]")  # type: ignore[union-attr]
    assert report.messages[1] is history[1]  # tool uses are never touched


def test_tool_uses_are_never_compacted() -> None:
    big = ToolUseBlock(id="c1", name="write", input={"body": PLAIN})
    history = [Message.user("go"), Message.assistant([big]), Message.tool_result("c1", PLAIN)]
    report = microcompact(history, CFG)
    assert report.messages[1] is history[1]
    assert report.records[1].reason == "tool use (never compacted)"
    assert report.records[1].tool_name == "write"


@pytest.mark.parametrize("flag", [False, True])
def test_thinking_only_with_the_flag(flag: bool) -> None:
    long = ThinkingBlock(text="step " * 400, signature="sig")
    short = ThinkingBlock(text="brief")
    history = [Message.user("go"), Message.assistant([long, TextBlock(text="answer")])]
    history += [Message.assistant([short, TextBlock(text="again")])]
    config = CompactConfig(keep_recent=0, compact_thinking=flag)
    report = microcompact(history, config)
    if not flag:
        assert report.messages == history
        assert report.records[1].reason == "thinking kept (compact_thinking is off)"
        return
    pruned = report.messages[1]
    assert isinstance(pruned, AssistantMessage)
    assert pruned.content == [ThinkingBlock(text="[pruned thinking]"), TextBlock(text="answer")]
    assert report.records[1].action == REPLACE
    assert report.messages[2] is history[2]  # small thinking stays
    assert report.records[2].reason == "small (<= 200 chars)"


def test_keep_recent_is_untouched() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", PLAIN)]
    report = microcompact(history, CompactConfig(keep_recent=2))
    assert report.messages[2].text() == "[pruned]"
    assert report.messages[3:] == history[3:]
    assert report.records[4].action == SKIP
    assert report.records[4].reason == "recent (newest 2 messages)"
    everything = microcompact(history, CompactConfig(keep_recent=len(history)))
    assert everything.messages == history and everything.freed_tokens == 0


# --- the report ------------------------------------------------------------------------------


def test_report_records_hold_the_values() -> None:
    history = [Message.system("sys"), Message.user("go"), *call("c1", "search", PLAIN)]
    history += [Message.assistant("done")]
    report = microcompact(history, CFG, {"search": ResultSemantic.ACTION})
    rows = report.to_rows()
    assert [r["role"] for r in rows] == ["system", "user", "assistant", "tool", "assistant"]
    assert [r["action"] for r in rows] == ["Skip", "Skip", "Skip", "Replace", "Skip"]
    assert [r["index"] for r in rows] == [0, 1, 2, 3, 4]
    tool = rows[3]
    before = estimate_message_tokens(history[3])
    after = estimate_message_tokens(Message.tool_result("c1", "[pruned]", tool_name="search"))
    assert tool == {
        "index": 3,
        "role": "tool",
        "tool_name": "search",
        "tool_call_id": "c1",
        "chars": len(PLAIN),
        "tokens_before": before,
        "tokens_after": after,
        "score": -1.0,
        "semantic": -1.0,
        "content": 0.0,
        "decay": 0.0,
        "reference": 0.0,
        "age_turns": 0,
        "action": "Replace",
        "reason": "large, low importance",
        "freed_tokens": before - after,
    }
    assert rows[0]["reason"] == "system message" and rows[0]["score"] is None
    assert (
        rows[0]["tokens_before"] == rows[0]["tokens_after"] == estimate_message_tokens(history[0])
    )
    assert report.freed_tokens == before - after
    assert report.tokens_before == sum(estimate_message_tokens(m) for m in history)
    assert report.tokens_after == sum(estimate_message_tokens(m) for m in report.messages)
    assert report.to_dict()["freed_tokens"] == report.freed_tokens
    units = report.plan.unit_rows()
    assert len(units) == 1 and units[0]["index"] == 3 and units[0]["action"] == "Replace"


def test_tokens_after_match_a_fresh_estimate_of_the_new_messages() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", MEDIUM)]
    history += [*call("c3", "s", search_json(50))]
    report = microcompact(history, CFG, {"s": ResultSemantic.FACTUAL})
    for record, message in zip(report.records, report.messages, strict=True):
        fresh = message.model_validate(message.model_dump())  # no cached estimate
        assert record.tokens_after == estimate_message_tokens(fresh)


def test_plan_builds_nothing_and_apply_builds_the_same_history() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN)]
    plan = plan_compaction(history, CFG)
    assert list(plan.changes) == [2]
    assert apply_plan(history, plan) == microcompact(history, CFG).messages
    with pytest.raises(ValueError, match="plan was made for 3 messages, got 2"):
        apply_plan(history[:2], plan)


def test_a_custom_estimator_is_used() -> None:
    class Chars:
        name = "chars"

        def count_text(self, text: str) -> int:
            return len(text)

    history = [Message.user("go"), *call("c1", "t", PLAIN)]
    report = microcompact(history, CFG, estimator=Chars())
    assert report.records[2].tokens_before == len(PLAIN) + 4
    assert report.records[2].tokens_after == len("[pruned]") + 4


def test_inputs_are_not_mutated() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", MEDIUM)]
    snapshot = [m.model_dump() for m in history]
    ids = [id(m) for m in history]
    report = microcompact(history, CFG)
    assert report.messages is not history
    assert [m.model_dump() for m in history] == snapshot
    assert [id(m) for m in history] == ids


def test_idempotent_and_recognised_as_compacted() -> None:
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", MEDIUM)]
    history += [*call("c3", "s", search_json(50))]
    tools = {"s": ResultSemantic.FACTUAL}
    once = microcompact(history, CFG, tools)
    twice = microcompact(once.messages, CFG, tools)
    assert twice.messages == once.messages
    assert twice.freed_tokens == 0
    assert [r.reason for r in twice.records if r.role == "tool"] == ["already compacted"] * 3


def test_is_compacted_tells_our_markers_from_a_tools_own_cap() -> None:
    assert is_compacted("[pruned]") and is_compacted("[pruned thinking]")
    assert is_compacted("a" * 200 + "… [truncated 1,000 chars]")
    assert not is_compacted("a" * 20_000 + "… [truncated 1,000 chars]")  # a long text's own tail
    assert not is_compacted("a" * 300 + "\n[... truncated 500 of 800 characters]")
    assert is_compacted('{"a": ["x", "… [3 more items]"]}')
    assert not is_compacted("plain text … [not ours]")


def test_state_caches_decisions_and_notices_new_inputs() -> None:
    state = CompactState()
    history = [Message.user("go"), *call("c1", "t", MEDIUM)]
    first = plan_compaction(history, CFG, state=state)
    again = plan_compaction(history, CFG, state=state)
    assert again.records == first.records
    factual = plan_compaction(history, CFG, {"t": ResultSemantic.FACTUAL}, state=state)
    assert factual.records[2].action == SKIP and first.records[2].action == T200
    assert "CompactState(" in repr(state)


def test_state_rereads_a_message_replaced_in_the_middle() -> None:
    state = CompactState()
    history = [Message.user("go"), *call("c1", "t", PLAIN), *call("c2", "t", MEDIUM)]
    plan_compaction(history, CFG, state=state)
    edited = [*history[:2], Message.tool_result("c1", "short", tool_name="t"), *history[3:]]
    plan = plan_compaction(edited, CFG, state=state)
    assert (plan.records[2].chars, plan.records[2].action) == (5, SKIP)
    assert plan.records[4].action == T200
    assert plan.tokens_before == sum(estimate_message_tokens(m) for m in edited)
    shorter = plan_compaction(edited[:3], CFG, state=state)
    assert len(shorter.records) == 3 and shorter.records[2].chars == 5
    tail = turns(1)
    longer = plan_compaction([*edited, *tail], CFG, state=state)
    assert [r.index for r in longer.records] == list(range(7))
    grown = sum(estimate_message_tokens(m) for m in tail)
    assert longer.tokens_before == plan.tokens_before + grown


# --- properties over random histories --------------------------------------------------------

_TEXTS = st.one_of(
    st.text(alphabet="abc xyz-0123456789\n", max_size=3000),
    st.integers(0, 80).map(
        lambda n: json.dumps([{"id": f"r-{i}", "v": "w" * 30} for i in range(n)])
    ),
    st.integers(0, 80).map(search_json),
    st.just('{"status": "ok"}'),
    st.integers(150, 4000).map(lambda n: "q" * n),
)


@st.composite
def histories(draw: st.DrawFn) -> list[AnyMessage]:
    messages: list[AnyMessage] = [Message.system("s")]
    call_no = 0
    for _ in range(draw(st.integers(0, 8))):
        messages.append(Message.user(draw(st.sampled_from(["hi", "look INV-1234", "more"]))))
        for _ in range(draw(st.integers(0, 3))):
            ids = [f"c{call_no + i}" for i in range(draw(st.integers(1, 3)))]
            call_no += len(ids)
            blocks: list[object] = []
            if draw(st.booleans()):
                blocks.append(ThinkingBlock(text=draw(st.text(max_size=600)), signature="s"))
            blocks += [
                ToolUseBlock(id=i, name=draw(st.sampled_from(["a", "b"])), input={}) for i in ids
            ]
            messages.append(Message.assistant(blocks))  # type: ignore[arg-type]
            results = [(i, draw(_TEXTS), draw(st.booleans())) for i in ids]
            if draw(st.booleans()):
                messages += [Message.tool_result(i, t, is_error=e) for i, t, e in results]
            else:
                messages.append(
                    Message.user(
                        [
                            ToolResultBlock(tool_use_id=i, content=[TextBlock(text=t)], is_error=e)
                            for i, t, e in results
                        ]
                    )
                )
        messages.append(Message.assistant(draw(st.sampled_from(["done", "INV-1234 found"]))))
    return messages


def _pairing(messages: Sequence[AnyMessage]) -> list[tuple[int, str, str]]:
    """(position, kind, id) of every tool use and tool result, in order."""
    out: list[tuple[int, str, str]] = []
    for i, m in enumerate(messages):
        if isinstance(m, ToolResultMessage):
            out.append((i, "result", m.tool_call_id))
        elif isinstance(m, UserMessage | AssistantMessage):
            for b in m.content:
                if isinstance(b, ToolUseBlock):
                    out.append((i, "use", b.id))
                elif isinstance(b, ToolResultBlock):
                    out.append((i, "result", b.tool_use_id))
    return out


_CONFIGS = st.builds(
    CompactConfig,
    keep_recent=st.integers(0, 5),
    compact_thinking=st.booleans(),
)
_TOOLS = st.sampled_from([None, {"a": ResultSemantic.FACTUAL, "b": ResultSemantic.ACTION}])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories(), _CONFIGS, _TOOLS)
def test_random_histories_keep_pairs_order_and_roles(
    history: list[AnyMessage], config: CompactConfig, tools: dict[str, ResultSemantic] | None
) -> None:
    snapshot = [m.model_dump() for m in history]
    report = microcompact(history, config, tools)
    out = report.messages
    assert [m.role for m in out] == [m.role for m in history]
    assert [type(m) for m in out] == [type(m) for m in history]
    assert _pairing(out) == _pairing(history)
    for before, after in zip(history, out, strict=True):
        if isinstance(before, ToolResultMessage):
            assert isinstance(after, ToolResultMessage)
            assert (after.tool_call_id, after.is_error) == (before.tool_call_id, before.is_error)
            if before.is_error:
                assert after is before
    recent = len(history) - config.keep_recent
    assert all(a is b for a, b in zip(out[recent:], history[recent:], strict=True))
    assert [m.model_dump() for m in history] == snapshot
    assert len(report.records) == len(history)
    assert report.freed_tokens == sum(r.tokens_before - r.tokens_after for r in report.records)
    assert report.freed_tokens >= 0
    assert report.tokens_after == sum(estimate_message_tokens(m) for m in out)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories(), _CONFIGS, _TOOLS, st.booleans())
def test_random_histories_compact_idempotently(
    history: list[AnyMessage],
    config: CompactConfig,
    tools: dict[str, ResultSemantic] | None,
    shared_state: bool,
) -> None:
    state = CompactState() if shared_state else None
    once = microcompact(history, config, tools, state=state)
    twice = microcompact(once.messages, config, tools, state=state)
    assert twice.messages == once.messages
    assert twice.freed_tokens == 0
    assert not twice.plan.changes


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories(), _CONFIGS, _TOOLS, st.lists(st.floats(0, 1), max_size=4), st.data())
def test_a_shared_state_decides_like_a_fresh_one(
    history: list[AnyMessage],
    config: CompactConfig,
    tools: dict[str, ResultSemantic] | None,
    cuts: list[float],
    data: st.DataObject,
) -> None:
    state = CompactState()
    for cut in sorted(cuts):  # the history as it grew, turn by turn
        plan_compaction(history[: int(cut * len(history))], config, tools, state=state)
    if history:  # an equal copy of some message: a new instance in the middle
        at = data.draw(st.integers(0, len(history) - 1))
        history = [*history[:at], history[at].model_copy(deep=True), *history[at + 1 :]]
    shared = plan_compaction(history, config, tools, state=state)
    fresh = plan_compaction(history, config, tools)
    assert shared.records == fresh.records
    assert (shared.tokens_before, shared.tokens_after) == (fresh.tokens_before, fresh.tokens_after)
    assert shared.changes == fresh.changes


def test_protect_factual_keeps_factual_results_verbatim() -> None:
    big = search_json(60)
    history = [
        Message.user("go"),
        *call("c1", "search", big),
        *call("c2", "send_email", "Email sent. " + "z" * 3000),
        *turns(3),
    ]
    tools = {"search": ResultSemantic.FACTUAL, "send_email": ResultSemantic.ACTION}
    plain = microcompact(history, CompactConfig(keep_recent=0), tools)
    assert plain.records[2].action != Skip()
    protected = microcompact(history, CompactConfig(keep_recent=0, protect_factual=True), tools)
    assert protected.records[2].action == Skip()
    assert protected.records[2].reason == "factual: kept verbatim (protect_factual)"
    assert protected.messages[2] == history[2]
    # Everything else is decided as before.
    assert protected.records[4].action == plain.records[4].action == Replace()
    assert protected.freed_tokens < plain.freed_tokens


def test_protect_factual_must_be_a_bool() -> None:
    with pytest.raises(ConfigurationError, match="protect_factual"):
        CompactConfig(protect_factual="yes")  # type: ignore[arg-type]


def test_the_package_root_is_its_one_surface() -> None:
    import nbagent.llm.compact as compact

    assert len(set(compact.__all__)) == len(compact.__all__)
    assert [name for name in compact.__all__ if not hasattr(compact, name)] == []
    public = {name for name in vars(compact) if not name.startswith("_")}
    assert public - set(compact.__all__) == set()
