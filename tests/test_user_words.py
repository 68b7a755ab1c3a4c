"""The user's own words as facts, and what a long tool result keeps (issue 21).

Sentences that tell something count whole, whatever their words (the ledger lists them); a
summary made before a correction is shown with the newest value after the stale one; a long
tool result reaches the summariser by the lines the conversation relies on (the value the
assistant relayed, the failure, the first and last line), not by its head alone.
"""

from __future__ import annotations

import pytest

from nbagent.agent.facts import Fact, FactBook, FactKind, extract_text_facts, request_retention
from nbagent.agent.ledger import amend_summary, split_ledger, with_ledger
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig, format_messages_as_text
from nbagent.llm.messages import AnyMessage, Message, SystemMessage
from nbagent.llm.providers._extractive import extractive_summary
from nbagent.llm.statements import is_statement, line_shape, named_values
from nbagent.llm.transcript import tool_digest
from tests.agent_support import ScriptedProvider, make_session


def _book(*messages: AnyMessage) -> FactBook:
    book = FactBook()
    book.update(list(messages))
    return book


@pytest.mark.parametrize(
    ("sentence", "tells"),
    [
        ("take the Avenida one", True),
        ("Jonas hat eine Nussallergie", True),
        ("ok LightGBM it is.", True),
        ("防水增项做，预算加三千", True),
        ("whats in the order", False),  # a question without its mark
        ("do we have it in stock", False),
        ("Thanks, that helps.", False),
        ("sounds good, go ahead", False),
        ("好的，谢谢", False),
        ("tier 2 came back?", False),
        ("send", False),
    ],
)
def test_a_sentence_tells_something_unless_it_asks_or_only_acknowledges(
    sentence: str, tells: bool
) -> None:
    assert is_statement(sentence) is tells


def test_a_sentence_of_no_known_kind_counts_and_reaches_the_ledger() -> None:
    book = _book(
        Message.user("For the hotel, take the Avenida one."),
        Message.assistant("Done."),
        Message.user("whats the checkout time"),
    )
    facts = {f.text: f.kind for f in book.facts()}
    assert facts == {"For the hotel, take the Avenida one.": FactKind.SAID}
    ledger = split_ledger(with_ledger("They booked.", book.facts(), budget=400, language="en"))[1]
    assert ledger == "[Key facts]\nt0 said: For the hotel, take the Avenida one."


def test_a_sentence_around_values_counts_kept_while_its_values_are() -> None:
    book = _book(Message.user("Book HB-0001X for £101 please."))
    sentence = "Book HB-0001X for £101 please."
    assert book.sentence_values(book.facts()[-1].key) == ("hb-0001x", "101¤gbp")
    # The prose keeps both values, not the words: all three count as kept.
    assert request_retention(book, [], ["Booked HB-0001X, £101."], {}) == (3, 3, [])
    # One value gone: the sentence is lost with it.
    assert request_retention(book, [], ["Booked HB-0001X."], {}) == (3, 1, ["£101", sentence])


def test_a_replaced_value_leaves_its_sentence_stale_too() -> None:
    book = _book(
        Message.user("Call me at 14:00 tomorrow."),
        Message.assistant("Noted."),
        Message.user("Actually, 15:30 is better."),
    )
    texts = [f.text for f in book.facts()]
    assert "14:00" not in texts and "Call me at 14:00 tomorrow." not in texts
    assert "15:30" in texts


def test_a_summary_shows_the_newest_value_after_each_stale_one() -> None:
    old, middle, new = (Fact(t, FactKind.DATE) for t in ("Dienstag 8:15", "Mittwoch", "Freitag"))
    sentence = Fact("Call me on Dienstag 8:15.", FactKind.SAID)
    summary = "Dentist Dienstag 8:15 with Dr. Kessler; Dienstag 8:15 again. Dienstag 8:150 no."
    amended = amend_summary(
        summary,
        [(old, middle), (middle, new), (sentence, Fact("x", FactKind.SAID))],
        "en",
    )
    # A chain resolves to the newest value; a longer number is not the value; a sentence said
    # again is no value to correct.
    assert amended == (
        "Dentist Dienstag 8:15 → Freitag (corrected) with Dr. Kessler; "
        "Dienstag 8:15 → Freitag (corrected) again. Dienstag 8:150 no."
    )
    assert amend_summary(amended, [(old, new)], "en") == amended  # once only
    assert amend_summary(summary, [], "en") == summary


def test_a_session_shows_its_summary_amended_by_a_later_correction() -> None:
    config = SummaryConfig(max_context_tokens=400, trigger_token_ratio=0.3, debounce_turns=50)
    session = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    session.submit_turn_sync("The readout is Thursday the 12th at 10:00 in room B.")
    session.slot.set_summary("The readout is Thursday the 12th.", len(session.slot.messages))
    session.submit_turn_sync("readout moved btw, Monday the 16th now")
    (shown,) = [
        m
        for m in session.request_messages()
        if isinstance(m, SystemMessage) and "readout" in m.content
    ]
    assert "Thursday the 12th → Monday the 16th (corrected)" in shown.content
    stored = session.slot.summary_message()
    assert stored is not None and "→" not in stored.content  # the view only: nothing saved


def test_weekdays_with_a_day_or_an_hour_are_dates_and_moving_one_corrects_it() -> None:
    found = {
        text: [(f.kind, f.text) for f in extract_text_facts(text)]
        for text in ("Zahnarzt ist Dienstag 8:15", "the readout is Thursday the 12th")
    }
    assert found["Zahnarzt ist Dienstag 8:15"] == [(FactKind.DATE, "Dienstag 8:15")]
    assert found["the readout is Thursday the 12th"] == [(FactKind.DATE, "Thursday the 12th")]
    assert [(f.kind, f.text) for f in extract_text_facts("ugh mondays")] == []
    book = _book(
        Message.user("the readout is Thursday the 12th"),
        Message.assistant("Noted."),
        Message.user("readout moved btw, Monday the 16th now"),
    )
    assert [(o.text, n.text) for o, n in book.replaced()] == [
        ("Thursday the 12th", "Monday the 16th")
    ]


def test_a_long_tracking_number_is_one_code() -> None:
    facts = extract_text_facts('"tracking": "1Z999AA10123456784", "order": 4471190')
    assert [(f.kind, f.text) for f in facts] == [
        (FactKind.CODE, "1Z999AA10123456784"),
        (FactKind.CODE, "4471190"),
    ]


LOG = "\n".join(
    [
        "$ python build.py",
        *(f"[09:{i:02d}:00] INFO read partition {i} rows={1000 + i}" for i in range(60)),
        "WARNING rolling() materialising 4 windows",
        "Killed",
        "process exited with exit code 137",
    ]
)


def test_a_long_tool_result_keeps_its_failure_its_ends_and_what_was_relayed() -> None:
    digest = tool_digest(LOG, 300, frozenset(named_values("the 1041 rows look odd")))
    lines = digest.splitlines()
    assert lines[0] == "$ python build.py"
    assert "[09:41:00] INFO read partition 41 rows=1041" in lines  # relayed by the user
    assert lines[-3:] == [
        "WARNING rolling() materialising 4 windows",
        "Killed",
        "process exited with exit code 137",
    ]
    assert "[… 38 lines]" in lines and len(digest) <= 300 + 40  # the gaps marked
    assert tool_digest("short", 300) == "short"
    assert line_shape("CB-1331-27Q,Cable Pro,CMH-3,349,129.99") == line_shape(
        "CB-1988-24F,Cable S,ATL-1,226,537.00"
    )


def test_the_summary_transcript_and_the_extractive_summary_see_a_logs_end() -> None:
    messages: list[AnyMessage] = [
        Message.user("run the build"),
        Message.assistant("Running."),
        Message.tool_result("c1", LOG, tool_name="shell"),
        Message.assistant("It was killed: exit code 137, out of memory."),
    ]
    transcript = format_messages_as_text(messages, 500)
    assert "exit code 137" in transcript.split("Assistant: It was killed")[0]
    summary = extractive_summary(transcript, max_tokens=120)
    assert "Tool Result: process exited with exit code 137" in summary
    assert "INFO read partition" not in summary  # the log's bulk is not what it says


async def test_the_summary_size_is_one_setting_the_call_and_the_offline_summary_follow() -> None:
    from nbagent.agent.summary import request_summary
    from nbagent.errors import ConfigurationError
    from nbagent.llm.providers.offline import OfflineProvider
    from nbagent.llm.tokens import DEFAULT_ESTIMATOR

    messages: list[AnyMessage] = []
    for i in range(40):
        messages += [
            Message.user(f"Order ORD-{1000 + i} ships to Berlin on 2027-03-{1 + i % 28:02d}."),
            Message.assistant(f"Noted ORD-{1000 + i}."),
        ]
    sizes = []
    for limit in (60, 400):
        response = await request_summary(
            OfflineProvider(), messages, SummaryConfig(max_summary_tokens=limit)
        )
        assert response is not None
        sizes.append(DEFAULT_ESTIMATOR.count_text(response.text()))
        assert sizes[-1] <= limit
    assert sizes[0] < sizes[1]
    with pytest.raises(ConfigurationError, match="max_summary_tokens"):
        SummaryConfig(max_summary_tokens=0)


def test_a_value_said_again_ending_on_now_or_with_another_languages_cue_replaces_the_old() -> None:
    from nbagent.llm.statements import is_correction, says_now

    assert says_now("fyi we're running batch size 128 now.")
    assert says_now("Mireille Dufort is IC now")
    assert not says_now("now book the 14:20 train")
    for sentence in (
        "na verdade o warmup é 2000 steps",
        "in realtà la cena è alle 20:30",
        "eigenlijk wordt het 14 mei",
        "на самом деле встреча в 15:00",
        "18時じゃなくて18時半にして",
        "화요일 말고 목요일로 해 주세요",
    ):
        assert is_correction(sentence), sentence
    for first, then, expected in (
        (
            "our budget for the whole thing is 140.000 EUR a year",
            "budget for the whole thing: 155.000 EUR a year, that is the approved figure now",
            {"140.000 EUR": "155.000 EUR"},
        ),
        (
            "the kickoff call is on 2027-03-10 at 09:30",
            "kickoff call is on 2027-03-17 now",
            {"2027-03-10": "2027-03-17"},
        ),
    ):
        book = FactBook()
        book.update([Message.user(first), Message.assistant("ok"), Message.user(then)])
        assert {old.text: new.text for old, new in book.replaced()} == expected
    # "now" leading a request replaces nothing.
    book = FactBook()
    book.update(
        [Message.user(first), Message.assistant("ok"), Message.user("now book it for 2027-03-24")]
    )
    assert book.replaced() == []


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        # No cue, other words: the new sentence says nothing the old one did not.
        (
            "use warmup 2000 steps and cosine decay, lr 3e-5",
            "warmup 1500 steps",
            [("warmup 2000 steps", "warmup 1500 steps")],
        ),
        # "now" says it replaces something: the word naming the value is enough.
        (
            "Train with batch size 64 on two GPUs.",
            "fyi batch size 128 now",
            [("size 64", "size 128")],
        ),
        (
            "set lr: 3e-5 for the head",
            "ok lr: 1e-4 then, ignore the earlier one instead",
            [("3e-5", "1e-4")],
        ),
        # Values of a kind the extractor knows go through their facts.
        (
            "our budget for the whole thing is 140.000 EUR a year",
            "budget 155.000 EUR now",
            [("140.000 EUR", "155.000 EUR")],
        ),
        # Two items of a kind, a list, a question: nothing replaced.
        ("Order 7 ships on 3 May", "Order 8 ships on 5 May", []),
        ("room 12 has the projector", "room 14 has the whiteboard", []),
        ("use warmup 2000 steps and cosine decay", "could we try warmup 1500 steps?", []),
        ("we have 3 kids and 2 cats", "we have 2 cats", []),
    ],
)
def test_a_value_restated_in_other_words_replaces_the_one_its_word_named(
    first: str, then: str, expected: list[tuple[str, str]]
) -> None:
    """The held-out conversations corrected "2000 steps" and "batch size 64" with sentences
    whose frames differ from the first: the old sentence stayed in the summary, shown after the
    recent messages, so the stale value read as the newer one."""
    book = _book(Message.user(first), Message.assistant("ok"), Message.user(then))
    assert [(o.text, n.text) for o, n in book.replaced()] == expected


def test_a_summary_states_a_value_restated_since_with_its_newest_one() -> None:
    config = SummaryConfig(max_context_tokens=400, trigger_token_ratio=0.3, debounce_turns=50)
    session = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    session.submit_turn_sync("fine-tune run: use warmup 2000 steps and cosine decay, lr 3e-5")
    session.slot.set_summary(
        "User: use warmup 2000 steps and cosine decay, lr 3e-5", len(session.slot.messages)
    )
    session.submit_turn_sync("warmup 1500 steps")
    (shown,) = [
        m
        for m in session.request_messages()
        if isinstance(m, SystemMessage) and "cosine" in m.content
    ]
    assert "warmup 2000 steps → warmup 1500 steps (corrected) and cosine decay" in shown.content
    table = session.facts(session.slot).replaced()
    assert [(o.text, o.kind, n.text) for o, n in table] == [
        ("warmup 2000 steps", FactKind.NUMBER, "warmup 1500 steps")
    ]


def test_two_pasted_listings_are_items_not_corrections_of_each_other() -> None:
    first = " ".join(f"sku {i} qty {i % 7}" for i in range(40))
    then = " ".join(f"sku {i} qty {(i + 3) % 7}" for i in range(40))
    book = _book(Message.user(first), Message.assistant("ok"), Message.user(then))
    assert book.replaced() == []
