"""Microcompact keeps the hard facts of the confirmations it cuts, beside the marker."""

from __future__ import annotations

import json

import pytest

from nbagent.llm.compact import FACTS_KEEP, CompactConfig, is_compacted, microcompact
from nbagent.llm.messages import AnyMessage, Message, ToolUseBlock
from nbagent.llm.request import ResultSemantic

CFG = CompactConfig(keep_recent=0)
TOOLS = {"book_hotel": ResultSemantic.ACTION, "search": ResultSemantic.FACTUAL}
TERMS = "Terms: changes are possible until the deadline; names must match the passports. " * 3
CONFIRMATION = json.dumps(
    {
        "status": "confirmed",
        "terms": TERMS,
        "hotel": "Residenz Berlin B",
        "check_in": "2026-05-05",
        "confirmation": "HB-7Q2K9X",
        "total": "€1,312.00",
    },
    ensure_ascii=False,
)
"""A booking confirmation of 437 characters whose facts come after the first 200."""


def result(call_id: str, name: str, text: str) -> list[AnyMessage]:
    use = ToolUseBlock(id=call_id, name=name, input={})
    return [Message.assistant([use]), Message.tool_result(call_id, text, tool_name=name)]


def compacted_text(name: str, text: str, config: CompactConfig = CFG) -> tuple[str, str]:
    history = [Message.user("go"), *result("c1", name, text), Message.user("next")]
    report = microcompact(history, config, TOOLS)
    return report.messages[2].text(), report.records[2].reason


def test_a_cut_confirmation_keeps_its_facts_beside_the_marker() -> None:
    text, reason = compacted_text("book_hotel", CONFIRMATION)
    cut = len(CONFIRMATION) - 200
    assert text == (
        CONFIRMATION[:200]
        + f"… [truncated {cut:,} chars; key facts: HB-7Q2K9X · 2026-05-05 · €1,312.00]"
    )
    assert reason == "medium, low importance, key facts kept"
    assert is_compacted(text)


def test_a_replaced_confirmation_keeps_its_facts_in_the_placeholder() -> None:
    long = CONFIRMATION.replace(TERMS, TERMS * 10)  # past 2,000 characters: Replace
    assert len(long) > 2_000
    text, reason = compacted_text("book_hotel", long)
    assert text == "[pruned; key facts: HB-7Q2K9X · 2026-05-05 · €1,312.00]"
    assert reason == "large, low importance, key facts kept"
    assert is_compacted(text)


def test_an_undeclared_tool_whose_result_is_a_confirmation_keeps_its_facts_too() -> None:
    short = '{"status": "ok", "detail": "' + "x " * 120 + '", "ref": "QX7Y2B"}'
    text, _ = compacted_text("unknown_tool", short)
    assert text.endswith("; key facts: QX7Y2B]")


def test_listings_and_plain_text_are_cut_without_a_note() -> None:
    listing = "id,city,price\n" + "\n".join(f"{i},Berlin,€{100 + i}" for i in range(200))
    text, reason = compacted_text("read_file", listing)
    assert text.endswith(f"… [truncated {len(listing) - 200:,} chars]") and "key facts" not in text
    assert "key facts" not in reason


def test_keep_facts_is_no_setting_any_more_and_says_so() -> None:
    with pytest.warns(DeprecationWarning, match="keep_facts is no longer a setting"):
        config = CompactConfig(keep_recent=0, keep_facts=False)
    assert config == CFG  # ignored: the cut keeps its facts
    text, _ = compacted_text("book_hotel", CONFIRMATION, config)
    assert "key facts" in text


def test_a_second_pass_leaves_the_kept_facts_alone_and_the_note_is_bounded() -> None:
    history = [Message.user("go"), *result("c1", "book_hotel", CONFIRMATION), Message.user("x")]
    once = microcompact(history, CFG, TOOLS)
    again = microcompact(once.messages, CFG, TOOLS)
    assert again.messages[2].text() == once.messages[2].text() and not again.plan.changes
    many = json.dumps(
        {"status": "confirmed", "terms": TERMS, "codes": [f"HB-{i:04d}AB" for i in range(80)]}
    )
    text, _ = compacted_text("book_hotel", many)
    note = text.split("; key facts: ", 1)[1][:-1]
    assert len(note) <= FACTS_KEEP and note.startswith("HB-0000AB · HB-0001AB")
