"""The fact ledger's format and budget, carrying it forward, and what the summary call reads."""

from __future__ import annotations

import pytest

from nbagent.agent._checkpoint import add_ledger, ledger_budget
from nbagent.agent.context import SlotSummary
from nbagent.agent.facts import Fact, FactBook, FactKind, request_retention
from nbagent.agent.ledger import (
    LEDGER_HEADERS,
    carried_facts,
    ledger_facts,
    split_ledger,
    with_ledger,
)
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import Message
from nbagent.llm.tokens import DEFAULT_ESTIMATOR
from tests.agent_support import ScriptedProvider, make_session


def fact(text: str, kind: FactKind, turn: int | None, role: str = "assistant") -> Fact:
    return Fact(text, kind, turn, None, role)


FACTS = [
    fact("HB-010CEA", FactKind.CODE, 0),
    fact("£220", FactKind.AMOUNT, 1, role="user"),
    fact("10:01", FactKind.TIME, 5),
    fact("3 min", FactKind.QUANTITY, 5),
    fact("window seat", FactKind.PINNED, None, role="user"),
]


def test_the_ledger_is_one_line_per_turn_pinned_first_then_in_the_turns_order() -> None:
    """Read as the conversation was: a later turn's line after an earlier one's, so a value
    restated later is read after the one it may replace (the summary is read last of all)."""
    assert with_ledger("Trip.", FACTS, budget=800, language="en") == (
        "Trip.\n\n[Key facts]\npinned: window seat\nt0: HB-010CEA\nt1: £220\nt5: 10:01 · 3 min"
    )
    assert with_ledger("行程。", FACTS, budget=800) == (
        "行程。\n\n[关键事实 Key facts]\n置顶: window seat\n第0轮: HB-010CEA\n第1轮: £220\n"
        "第5轮: 10:01 · 3 min"
    )


def test_a_short_budget_keeps_codes_and_the_users_facts_before_other_figures() -> None:
    text = with_ledger("Trip.", FACTS, budget=75, language="en")
    # The pin, then the code of turn 0 and the user's budget of turn 1 outrank the newer figures.
    assert text == "Trip.\n\n[Key facts]\npinned: window seat\nt0: HB-010CEA\nt1: £220\n(+2 more)"
    assert len(split_ledger(text)[1]) == 64
    # In the unit given: one per word here, so the header and the count cost 2 and 2.
    words = with_ledger("Trip.", FACTS, budget=12, language="en", count=lambda t: len(t.split()))
    assert split_ledger(words)[1] == "[Key facts]\npinned: window seat\nt1: £220\n(+3 more)"


def test_a_fact_is_in_the_prose_only_as_a_whole_number() -> None:
    facts = [fact("£200", FactKind.AMOUNT, 2), fact("QX7Y2B", FactKind.CODE, 2)]
    # "£2000" does not state "£200"; "qx7y2b" is the code whatever its case.
    assert with_ledger("Paid £2000, ref qx7y2b.", facts, budget=800, language="en") == (
        "Paid £2000, ref qx7y2b.\n\n[Key facts]\nt2: £200"
    )
    assert with_ledger("Paid 200 GBP, QX7Y2B.", facts, budget=800) == "Paid 200 GBP, QX7Y2B."


def test_a_ledger_reads_back_in_this_format_and_the_earlier_one() -> None:
    ledger = "[Key facts]\npinned: window seat\nt5: 10:01 · 3 min\nt?: NH212\n(+2 more)"
    assert [(f.text, f.kind, f.turn) for f in ledger_facts(ledger)] == [
        ("10:01", FactKind.TIME, 5),
        ("3 min", FactKind.QUANTITY, 5),
        ("NH212", FactKind.FLIGHT, None),
    ]
    earlier = "[关键事实 Key facts]\n- 第 12 轮 turn 12: QX7Y2B · €1,250\n- 置顶 pinned: B12"
    assert [(f.text, f.turn) for f in ledger_facts(earlier)] == [("QX7Y2B", 12), ("€1,250", 12)]
    # Carried: what the previous summary's ledger lists and the fact book does not know.
    previous = "Prose with ZZ9K4P.\n\n" + ledger
    known = [fact("10:01", FactKind.TIME, 5)]
    assert [f.text for f in carried_facts(previous, known)] == ["3 min", "NH212"]
    assert carried_facts(None, known) == [] and carried_facts("no ledger", known) == []
    assert split_ledger(ledger) == ("", ledger)


def test_the_default_budget_is_a_share_of_the_window_in_tokens() -> None:
    count = DEFAULT_ESTIMATOR.count_text
    assert ledger_budget(SummaryConfig(max_context_tokens=32_000), DEFAULT_ESTIMATOR) == (
        3_200,
        count,
    )
    small = SummaryConfig(max_context_tokens=8_000, fact_ledger=0.05)
    assert ledger_budget(small, DEFAULT_ESTIMATOR)[0] == 400
    assert ledger_budget(SummaryConfig(fact_ledger=False), DEFAULT_ESTIMATOR)[0] == 0
    for share in (1.0, -0.1, float("nan"), "0.05", None):
        with pytest.raises(ConfigurationError, match="fact_ledger must be True, False or a share"):
            SummaryConfig(fact_ledger=share)  # type: ignore[arg-type]


def test_the_ledger_settings_that_left_still_work_for_a_release_and_say_so() -> None:
    with pytest.warns(DeprecationWarning, match="fact_ledger_share is no longer a setting"):
        assert SummaryConfig(fact_ledger_share=0.05) == SummaryConfig(fact_ledger=0.05)
    with pytest.warns(DeprecationWarning, match="converted at 4 characters a token"):
        converted = SummaryConfig(max_context_tokens=8_000, fact_ledger_chars=1_600)
    assert converted.fact_ledger == 0.05
    with pytest.warns(DeprecationWarning, match="fact_ledger_share is no longer a setting"):
        assert SummaryConfig(fact_ledger=False, fact_ledger_share=0.3).fact_ledger is False
    with pytest.warns(DeprecationWarning, match="retries is no longer a setting"):
        assert SummaryConfig(retries=5) == SummaryConfig()
    with pytest.warns(DeprecationWarning, match="fact_ledger_share is no longer a setting"):
        assert SummaryConfig().fact_ledger_share == 0.1  # read: the share in effect


def _book(turns: int) -> tuple[FactBook, list[Message]]:
    messages: list[Message] = []
    for t in range(turns):
        messages += [Message.user(f"Book HB-{t:04d}X for £{100 + t}"), Message.assistant("Done.")]
    book = FactBook()
    book.update(messages)  # type: ignore[arg-type]
    return book, messages


def test_the_window_share_holds_a_long_conversation_where_a_small_share_did_not() -> None:
    book, messages = _book(100)
    assert len(book.facts()) == 300  # each turn: a code, an amount and the sentence
    config = SummaryConfig(max_context_tokens=32_000, prompt_language="en")
    full = add_ledger("Prose.", config, book, len(messages), None, DEFAULT_ESTIMATOR)
    # The user's sentences are listed whole, and hold their values: no value line repeats them.
    assert "(+" not in full and "t99 said: Book HB-0099X for £199" in full
    assert "t0 said: Book HB-0000X for £100" in full and "t0:" not in full
    assert DEFAULT_ESTIMATOR.count_text(split_ledger(full)[1]) <= 1_600
    small = SummaryConfig(prompt_language="en", fact_ledger=0.00625)  # 200 tokens
    before = add_ledger("Prose.", small, book, len(messages), None, DEFAULT_ESTIMATOR)
    assert "\nt87: HB-0087X\nt88 said: Book HB-0088X for £188\n" in before
    assert before.endswith("\nt99 said: Book HB-0099X for £199\n(+263 more)")
    assert DEFAULT_ESTIMATOR.count_text(split_ledger(before)[1]) <= 200
    # Only the covered span: facts first stated at or after ``upto`` are in the view anyway.
    assert "t99" not in add_ledger("P.", config, book, 198, None, DEFAULT_ESTIMATOR)


def test_a_fact_the_book_no_longer_knows_is_carried_from_the_previous_ledger() -> None:
    book, messages = _book(2)
    previous = SlotSummary("Earlier.\n\n[Key facts]\nt0: ZZ9K4P · HB-0000X", 2)
    config = SummaryConfig(max_context_tokens=32_000, prompt_language="en")
    text = add_ledger("Now.", config, book, len(messages), previous, DEFAULT_ESTIMATOR)
    assert text == (
        "Now.\n\n[Key facts]\nt0 said: Book HB-0000X for £100\nt0: ZZ9K4P\n"
        "t1 said: Book HB-0001X for £101"
    )


def test_incremental_summaries_read_the_previous_prose_and_keep_its_facts() -> None:
    provider = ScriptedProvider()  # every summary's prose is "summary #n": it keeps no fact
    config = SummaryConfig(
        max_context_tokens=400,
        trigger_token_ratio=0.5,
        debounce_turns=2,
        strategy="incremental",
        fact_ledger=0.5,
    )
    session = make_session(provider, summary=config, store=InMemoryStore(), track_retention=True)
    for prompt in ["Book CA1234 on 2026-04-03", "Ref QX7Y2B", "Hi", "Hello", "More", "End"]:
        session.submit_turn_sync(prompt)
    assert len(provider.summary_requests) >= 2
    second = provider.summary_requests[1].messages[-1].text()
    # The model reads the previous prose, not the ledger: the ledger is carried, not rewritten.
    assert "summary #1" in second and LEDGER_HEADERS["zh"] not in second
    assert "CA1234" not in second  # turn 0 is covered by summary #1, whose prose dropped it
    last = split_ledger(session.timeline[-1].summary or session.slot.summary_override or "")
    assert last[0].startswith("summary #") and "said: Book CA1234 on 2026-04-03" in last[1]
    assert all(r.retention == 1.0 for r in session.timeline)


def test_retention_does_not_see_a_number_inside_a_longer_one() -> None:
    book = FactBook()
    book.update([Message.user("It costs £200, ref QX7Y2B")])
    # The summary says 2000 and the code: the code is visible, the amount is not.
    # The user's sentence is a fact of its own, and not visible either.
    lost = ["£200", "It costs £200, ref QX7Y2B"]
    assert request_retention(book, [], ["Total 2000, ref QX7Y2B"], {}) == (3, 1, lost)
    assert request_retention(book, [(0, 1)], [], {}) == (3, 3, [])
