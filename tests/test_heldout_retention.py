"""The held-out retention set (``tests/data/heldout``) and its harness (``benchmarks._heldout``).

(a) every hand fact and correction occurs verbatim in its transcript at the turn given; (b) the
harness counts right on a tiny hand-made case; (c) each conversation under the magics' default
policy: what holds today is asserted, issue 21's goals are an xfail test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks._heldout import (
    HELDOUT,
    SEALED,
    SEALED2,
    SEALED3,
    SEALED4,
    SEALED5,
    SEALED6,
    Case,
    Correction,
    Fact,
    case_names,
    correction_kept,
    default_policy,
    load_case,
    message_text,
    occurs,
    plain,
    replay_case,
    rows_of,
    summarise,
)
from nbagent.llm.messages import AssistantMessage, Message, ToolResultMessage
from nbagent.notebook._replay import split_turns

NAMES = case_names()
SEALED_NAMES = case_names(SEALED)
ALL = [(HELDOUT, n) for n in NAMES] + [(SEALED, n) for n in SEALED_NAMES]
IDS = [f"{folder.name}/{name}" for folder, name in ALL]


def test_the_set_has_five_conversations_in_five_languages() -> None:
    cases = [load_case(n) for n in NAMES]
    assert len(cases) >= 5
    assert {"en", "en+de", "zh", "es"} <= {c.language for c in cases}
    for case in cases:
        _, turns = split_turns(case.messages)
        assert 44 <= len(turns) <= 60, case.name


def test_the_sealed_set_has_five_more_in_other_domains_and_languages() -> None:
    cases = [load_case(n, SEALED) for n in SEALED_NAMES]
    assert len(cases) == 5
    assert {c.language for c in cases} >= {"fr", "de", "ja", "en"}
    assert not {c.domain for c in cases} & {load_case(n).domain for n in NAMES}
    for case in cases:
        _, turns = split_turns(case.messages)
        assert 44 <= len(turns) <= 60, case.name


def test_the_third_set_has_six_more_and_corrections_mostly_without_a_cue() -> None:
    names = case_names(SEALED2)
    cases = [load_case(n, SEALED2) for n in names]
    assert len(cases) == 6
    assert {"it", "ko", "nl", "en"} <= {c.language for c in cases}
    earlier = {load_case(n).domain for n in NAMES} | {
        load_case(n, SEALED).domain for n in SEALED_NAMES
    }
    assert not {c.domain for c in cases} & earlier
    for case in cases:
        _, turns = split_turns(case.messages)
        assert 44 <= len(turns) <= 60, case.name
        users = [message_text(t.user) for t in turns]
        assert 15 <= len(case.hard) <= 40 and 4 <= len(case.soft) <= 11
        assert 3 <= len(case.corrections) <= 6
        for fix in case.corrections:
            assert fix.turn_old < fix.turn_new
            assert fix.old in users[fix.turn_old] and fix.new in users[fix.turn_new], fix


def _blind_set(folder: Path, earlier: tuple[Path, ...], languages: set[str]) -> list[Case]:
    """The six cases of a set written blind, checked new in domain and in ``languages``, and
    of the shape a figure measured on them rests on."""
    cases = [load_case(n, folder) for n in case_names(folder)]
    assert len(cases) == 6
    assert languages <= {c.language for c in cases}
    known = {load_case(n, f).domain for f in earlier for n in case_names(f)}
    assert not {c.domain for c in cases} & known
    for case in cases:
        _, turns = split_turns(case.messages)
        assert 46 <= len(turns) <= 56, case.name
        assert 18 <= len(case.hard) <= 24 and 6 <= len(case.soft) <= 11
        for fix in case.corrections:
            assert fix.turn_old < fix.turn_new
    return cases


def _said_at(fix: Correction, turns: list[str], *, exact: bool) -> bool:
    """Whether the user wrote ``fix``'s old and new value at their turns (``exact``: as
    written; else in any case)."""
    if exact:
        return fix.old in turns[fix.turn_old] and fix.new in turns[fix.turn_new]
    return fix.old.lower() in turns[fix.turn_old].lower() and (
        fix.new.lower() in turns[fix.turn_new].lower()
    )


def test_the_fourth_set_has_six_in_new_domains_and_languages_written_blind() -> None:
    """Written in session 11 by a helper that read no nbagent source (see its README); what a
    figure measured on it is worth rests on this shape."""
    cases = _blind_set(SEALED3, (HELDOUT, SEALED, SEALED2), {"en", "es", "zh", "pl", "fr+en"})
    for case in cases:
        users = [message_text(t.user) for t in split_turns(case.messages)[1]]
        assert 4 <= len(case.corrections) <= 6
        for fix in case.corrections:
            assert _said_at(fix, users, exact=True), fix


def test_the_fifth_set_has_six_more_in_new_domains_and_languages_written_blind() -> None:
    """Written in session 12 by a helper that read no nbagent source (see its README)."""
    cases = _blind_set(SEALED4, (HELDOUT, SEALED, SEALED2, SEALED3), {"en", "tr", "sv", "cs"})
    for case in cases:
        users = [message_text(t.user) for t in split_turns(case.messages)[1]]
        assert len(case.corrections) == 5
        for fix in case.corrections:
            # Written as people write: "göran sa ok" is where "Göran" was said.
            assert _said_at(fix, users, exact=False), fix


def test_the_sixth_set_has_six_more_in_new_domains_and_languages_written_blind() -> None:
    """Written in session 14 by a helper that read no nbagent source (see its README)."""
    earlier = (HELDOUT, SEALED, SEALED2, SEALED3, SEALED4)
    cases = _blind_set(SEALED5, earlier, {"vi", "el", "zh+en", "hu", "id", "fi"})
    for case in cases:
        users = [message_text(t.user) for t in split_turns(case.messages)[1]]
        assert len(case.corrections) == 5
        for fix in case.corrections:
            assert _said_at(fix, users, exact=False), fix


def test_the_seventh_set_has_six_more_in_new_domains_and_languages_written_blind() -> None:
    """Written in session 14 by a helper that read no nbagent source (see its README)."""
    earlier = (HELDOUT, SEALED, SEALED2, SEALED3, SEALED4, SEALED5)
    cases = _blind_set(SEALED6, earlier, {"da", "ro", "uk", "ar", "ms", "ca"})
    for case in cases:
        users = [message_text(t.user) for t in split_turns(case.messages)[1]]
        assert len(case.corrections) == 5
        for fix in case.corrections:
            assert _said_at(fix, users, exact=False), fix


@pytest.mark.parametrize(("folder", "name"), ALL, ids=IDS)
def test_every_fact_and_correction_occurs_at_its_turn(folder: Path, name: str) -> None:
    case = load_case(name, folder)
    _, turns = split_turns(case.messages)
    users = [message_text(t.user) for t in turns]
    tools = ["\n".join(message_text(r) for r in t.results.values()) for t in turns]
    for fact in case.facts:
        where = users[fact.turn] if fact.source == "user" else tools[fact.turn]
        assert fact.text in where, (fact.text, fact.turn, fact.source)
        if fact.source == "tool":  # only in a tool result: no user message stated it before
            assert not any(fact.text in u for u in users[: fact.turn + 1]), fact.text
    kinds = [f.kind for f in case.facts]
    assert 15 <= kinds.count("hard") <= 40
    assert 4 <= kinds.count("constraint") + kinds.count("decision") <= 11
    assert 1 <= len(case.corrections) <= 3
    for fix in case.corrections:
        assert fix.turn_old < fix.turn_new
        assert fix.old in users[fix.turn_old] and fix.new in users[fix.turn_new], fix


def _tiny() -> Case:
    messages = (
        Message.user("my locker is 4471, and no peanuts please"),
        Message.assistant("noted"),
        Message.user("the gate code is 9083, call me at 10:15"),
        Message.assistant("ok"),
        Message.user("actually make it 11:40"),
        Message.assistant("moved"),
    )
    facts = (
        Fact("4471", (), "hard", 0, "user"),
        Fact("9083", ("9 0 8 3",), "hard", 1, "user"),
        Fact("no peanuts", (), "constraint", 0, "user"),
    )
    return Case("tiny", "en", "test", messages, facts, (Correction("10:15", "11:40", 1, 2),))


def test_a_fact_in_a_dropped_message_is_not_visible_one_in_the_summary_is() -> None:
    case = _tiny()
    m = case.messages
    summary = Message.user("Summary so far: the user's gate code is 9083; callback 10:15.")
    requests = [
        [m[0]],
        [m[0], m[1], m[2]],
        # turn 2: the first message dropped, a summary in its place, the correction kept
        [summary, m[3], m[4]],
    ]
    rows = rows_of(case, requests)
    assert [(r.hard_stated, r.hard_visible) for r in rows] == [(1, 1), (2, 2), (2, 1)]
    assert rows[2].missing == ("4471", "no peanuts")
    assert [(r.soft_stated, r.soft_visible) for r in rows] == [(1, 1), (1, 1), (1, 0)]
    assert (rows[2].corrections_stated, rows[2].corrections_kept) == (1, 1)
    figures = summarise(rows)
    assert figures["hard final %"] == 50.0 and figures["hard worst %"] == 50.0


def test_a_correction_whose_old_value_comes_last_is_not_kept() -> None:
    fix = Correction("10:15", "11:40", 0, 1)
    assert correction_kept(fix, plain("call at 10:15") + "\x00" + plain("no, 11:40"))
    assert not correction_kept(fix, plain("11:40 was asked; callback at 10:15 confirmed"))
    assert not correction_kept(fix, plain("callback at 10:15"))
    assert not correction_kept(fix, plain("call at 111:40"))
    # An old value inside the new one is the new one; said apart after it, it is stale.
    half = Correction("18時", "18時半", 0, 1)
    assert correction_kept(half, plain("レンガ館は18時半にして"))
    assert not correction_kept(half, plain("18時半にして") + "\x00" + plain("集合は18時"))


def test_the_hand_count_matches_by_its_own_rule_not_the_extractors() -> None:
    # Case, width and spacing do not count; a longer number or word does.
    assert occurs(plain("Gate B12"), plain("boarding at GATE  b12, 7:40"))
    assert occurs(plain("ＱＸ７Ｙ２Ｂ"), plain("booking QX7Y2B"))  # NFKC: full width is ASCII
    assert not occurs(plain("12"), plain("since 2012"))
    assert not occurs(plain("B12"), plain("seat AB12"))
    assert occurs(plain("周四"), plain("改到周四下午"))  # no spaces in CJK: no edge to check
    # Another spelling counts only where the fact list accepts it.
    assert not occurs(plain("47,998,112"), plain("47998112 rows"))
    fact = Fact("47,998,112", ("47998112",), "hard", 0, "tool")
    assert any(occurs(key, plain("47998112 rows")) for key in fact.keys)


def _recount(case: Case, messages: list, turn: int) -> int:
    """The hand count of one request, message by message (no joined haystack)."""
    texts = [plain(message_text(x)) for x in messages]
    return sum(
        any(occurs(key, t) for key in f.keys for t in texts) for f in case.facts if f.turn <= turn
    )


@pytest.fixture(scope="module")
def default_runs() -> dict[str, tuple[Case, object]]:
    summary, compact = default_policy()
    runs = {}
    for folder, name in ALL:
        case = load_case(name, folder)
        runs[f"{folder.name}/{name}"] = (case, replay_case(case, summary, compact))
    return runs


@pytest.mark.parametrize("name", IDS)
def test_default_policy_figures(name: str, default_runs: dict, record_property) -> None:
    case, run = default_runs[name]
    rows = rows_of(case, [r.messages for r in run.last_requests], run.session.timeline)
    figures = summarise(rows)
    for key, value in figures.items():
        record_property(key, value)
    for row in rows:
        for share in (row.hard, row.soft, row.corrections, row.hand, row.nbagent):
            assert 0.0 <= share <= 1.0
    last = len(rows) - 1
    assert rows[-1].hard_visible + rows[-1].soft_visible == _recount(
        case, run.last_requests[-1].messages, last
    )
    assert rows[-1].hard_stated == len(case.hard)
    # the replay's requests are the session's: recorded replies and results went out unchanged
    sent = run.last_requests[-1].messages
    assert any(isinstance(x, AssistantMessage) for x in sent)
    assert run.session.timeline[-1].facts_stated == rows[-1].nbagent_stated
    assert all(not isinstance(x, ToolResultMessage) or x.content for x in sent)


MEETS_THE_GOAL = {
    "heldout/assistant_en_de",
    "heldout/churn_analysis",
    "heldout/despido_es",
    "heldout_sealed/clinic_fr",
    "heldout_sealed/research_en_pt",
}
"""The conversations that meet every goal of issue 21 today: a regression there fails; one of
the others meeting it fails too (strict), so this list is kept true."""
GOAL_IDS = [
    name
    if name in MEETS_THE_GOAL
    else pytest.param(
        name,
        marks=pytest.mark.xfail(strict=True, reason="issue 21 goal: not yet met on this one"),
    )
    for name in IDS
]


@pytest.mark.parametrize("name", GOAL_IDS)
def test_issue_21_goal_default_policy_keeps_the_held_out_facts(
    name: str, default_runs: dict
) -> None:
    case, run = default_runs[name]
    figures = summarise(
        rows_of(case, [r.messages for r in run.last_requests], run.session.timeline)
    )
    assert figures["hard final %"] >= 95.0
    assert figures["hard worst %"] >= 95.0
    assert figures["constraints final %"] >= 90.0
    assert figures["corrections final %"] == 100.0
    assert figures["max |nbagent-hand| pts"] <= 5.0
