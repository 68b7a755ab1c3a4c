"""The fact extractor: kinds, English and Chinese, normalisation, lookup."""

from __future__ import annotations

import pytest

from nbagent.agent.facts import (
    FactKind,
    extract_facts,
    extract_text_facts,
    facts_of,
    normalize,
    visible_facts,
)
from nbagent.llm.messages import Message

CASES = [
    (
        "My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日",
        [("code", "QX7Y2B"), ("flight", "CA1234"), ("time", "07:45"), ("date", "3月14日")],
    ),
    (
        "我叫李雷，订单号 ORD-88231，总价 ¥1,280，共 3晚，邮箱 lilei@example.com",
        [
            ("name", "李雷"),
            ("code", "ORD-88231"),
            ("amount", "¥1,280"),
            ("quantity", "3晚"),
            ("email", "lilei@example.com"),
        ],
    ),
    (
        "The hotel costs €1,250 for 4 nights; check in March 14, 2026 at 3pm. Passport E12345678.",
        [
            ("amount", "€1,250"),
            ("quantity", "4 nights"),
            ("date", "March 14, 2026"),
            ("time", "3pm"),
            ("code", "E12345678"),
        ],
    ),
    (
        "Run `make test` in ~/projects/nbagent/tests and see https://example.com/docs?x=1.",
        [
            ("command", "make test"),
            ("path", "~/projects/nbagent/tests"),
            ("url", "https://example.com/docs?x=1"),
        ],
    ),
    (
        "My colleague Anna Schmidt lands on LH 2231 at 18:05; budget 300 EUR, 12.5 km away.",
        [
            ("name", "Anna Schmidt"),
            ("flight", "LH 2231"),
            ("time", "18:05"),
            ("amount", "300 EUR"),
            ("quantity", "12.5 km"),
        ],
    ),
    (
        "确认邮件已发到alex.chen@example.com，下午3点出发",
        [("email", "alex.chen@example.com"), ("time", "下午3点")],
    ),
    ("Thanks! That sounds great. See you on Monday.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_facts_of_a_text(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected


def test_full_width_digits_are_digits() -> None:
    (fact,) = extract_text_facts("订单号：ＯＲＤ－７７１２")
    assert fact.kind is FactKind.CODE and fact.text == "ORD-7712"


@pytest.mark.parametrize(
    ("fact", "text"),
    [
        ("€1,250", "the room is 1250 EUR in total"),
        ("¥1,280", "总价1280元"),
        ("LH 2231", "flight lh2231 lands"),
        ("QX7Y2B", "booking ref: qx7y2b"),
        ("ORD-7712", "订单 ＯＲＤ－７７１２"),
    ],
)
def test_a_fact_is_found_whatever_its_spelling(fact: str, text: str) -> None:
    (found,) = extract_text_facts(fact)
    assert visible_facts([found], [text]) == {found.key}


def test_a_fact_that_is_not_there_is_not_found() -> None:
    facts = extract_text_facts("Flight CA1234 costs $480")
    assert visible_facts(facts, ["flight CA1235 costs $48"]) == set()
    assert normalize("CA 1234") == normalize("ca1234")


def test_facts_of_messages_know_their_turn_and_message() -> None:
    messages = [
        Message.system("[上下文摘要] QX7Y2B"),
        Message.user("Book CA1234 for me"),
        Message.assistant("Booked CA1234, ref QX7Y2B."),
        Message.tool_result("c1", '{"confirmation": "ZZ9K4P"}', tool_name="book"),
    ]
    facts = facts_of(messages, turns=[None, 0, 0, 0])
    assert [(f.text, f.turn, f.message_index, f.role) for f in facts] == [
        ("CA1234", 0, 1, "user"),
        ("QX7Y2B", 0, 2, "assistant"),
        ("ZZ9K4P", 0, 3, "tool"),
    ]
    assert [f.text for f in extract_facts(messages[2])] == ["CA1234", "QX7Y2B"]
