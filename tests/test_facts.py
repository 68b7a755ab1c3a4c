"""The fact extractor: kinds, English and Chinese, normalisation, lookup."""

from __future__ import annotations

import pytest

from nbagent.agent.facts import (
    FactKind,
    extract_facts,
    extract_text_facts,
    facts_note,
    facts_of,
    found_in,
    normalize,
    visible_facts,
)
from nbagent.llm.facts import NUMBER_GAP
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A Latin token right after a Chinese character: ``\b`` sees no boundary there.
        (
            "已预订，预订号HB-6F02D6，总价£558",
            [("code", "HB-6F02D6"), ("amount", "£558")],
        ),
        (
            "乘坐CA937航班，订单号TR-443F0C，共1,986元",
            [
                ("flight", "CA937"),
                ("code", "TR-443F0C"),
                ("amount", "1,986元"),
            ],
        ),
        # Two-digit flights, and trains by their word.
        (
            "Japan Airlines JL44 or BA38; 已订好G83次; Train G7507 at 08:05",
            [
                ("flight", "JL44"),
                ("flight", "BA38"),
                ("flight", "G83"),
                ("flight", "G7507"),
                ("time", "08:05"),
            ],
        ),
        ("G83 and A4 paper are not flights", []),
        # Lower-case ids keep their prefix (a bare "802426" would be half the id).
        (
            "the result shows doc-11718 and op-802426",
            [("code", "doc-11718"), ("code", "op-802426")],
        ),
    ],
)
def test_facts_in_mixed_scripts_and_ids(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected


def test_a_value_a_listing_repeats_is_one_fact_at_its_first_place() -> None:
    text = '[{"date": "2026-04-03", "fare": "£482"}, {"date": "2026-04-03", "fare": "£514"}]'
    assert [f.text for f in extract_text_facts(text)] == ["2026-04-03", "£482", "£514"]


def test_an_amount_keeps_one_spelling_of_its_currency() -> None:
    # The currency is part of the amount: "80 EUR" is not in "at most 80 words".
    assert normalize("1,986元") == normalize("CNY 1,986") == normalize("1986 rmb") == "1986¤cny"
    assert normalize("120 pounds") == normalize("£120") == "120¤gbp"
    assert normalize("¥250,000") == "250000¤¥"  # yen or yuan: found as either
    assert found_in(normalize("250,000 yen"), normalize("¥250,000"))
    assert found_in(normalize("¥250,000"), normalize("250,000 yen"))
    assert not found_in(normalize("80 EUR"), normalize("at most 80 words"))
    # Two numbers that only a space separated stay two numbers.
    assert normalize("CA1234 07:45") == "ca1234" + NUMBER_GAP + "07:45"
    assert normalize("LH 2231") == "lh2231" and normalize("2 300 rooms") == "2300rooms"


@pytest.mark.parametrize(
    ("key", "haystack", "found"),
    [
        ("200", "paid2000", False),
        ("200", "paid200.", True),
        ("07:45", "107:45", False),
        ("07:45", "ca1234" + NUMBER_GAP + "07:45", True),
        ("qx7y2b", "refqx7y2bok", True),
        ("2026-04-03", "x2026-04-031", False),
        ("", "anything", False),
    ],
)
def test_found_in_does_not_find_a_number_inside_a_longer_one(
    key: str, haystack: str, found: bool
) -> None:
    assert found_in(key, haystack) is found


def test_visible_facts_use_whole_numbers() -> None:
    facts = extract_text_facts("It costs £200 on 2026-04-03")
    assert visible_facts(facts, ["total 2000 on 2026-04-03"]) == {"2026-04-03"}


def test_facts_note_lists_what_the_kept_part_lacks_identifiers_first() -> None:
    text = "Booked for 2 nights on 2026-04-12, total £696, ref HB-11F1F8, mail alex@example.com"
    assert facts_note(text) == "HB-11F1F8 · alex@example.com · 2 nights · 2026-04-12 · £696"
    assert facts_note(text, kept=text[:40]) == "HB-11F1F8 · alex@example.com · £696"
    assert facts_note(text, limit=24) == "HB-11F1F8 · 2 nights"
    assert facts_note("nothing here") == ""
