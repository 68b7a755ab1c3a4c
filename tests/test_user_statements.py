"""What a user states beyond codes and dates, and which facts count (issue 21).

Constraints and decisions in the user's words, corrections (the newest value current, the old
one replaced), tool results as facts, an assistant's invented values not, the ledger's order
under pressure, one speaker label per line over incremental summaries, the summary language.
"""

from __future__ import annotations

import json

import pytest

from nbagent.agent.facts import LISTING_FACTS, FactBook, FactKind
from nbagent.agent.ledger import LEDGER_HEADERS, ledger_facts, split_ledger, with_ledger
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.providers._extractive import extractive_summary
from nbagent.llm.statements import is_constraint, is_correction, restates, sentence_frame
from nbagent.notebook.retention import retention_table
from tests.agent_support import ScriptedProvider, make_session


@pytest.mark.parametrize(
    "sentence",
    [
        "She is vegetarian, so no steakhouse.",
        "LightGBM chosen, TabNet rejected.",
        "Refund declined, reship approved.",
        "Never commit directly to main.",
        "Keep the answer to at most 80 words.",
        "I prefer aisle seats on long flights.",
        "We decided to go with Postgres 15.",
        "Do not push to the remote until Mara reviews it.",
        "Das Treffen bitte nicht am Wochenende.",
        "Sie ist Vegetarierin.",
        "Je préfère le train au avion.",
        "Prefiero asiento de ventanilla.",
        "不要周末开会。",
        "预算不超过五千元。",
        "He is allergic to peanuts.",
        "No external network calls from the sandbox.",
        "I would rather get short answers.",
    ],
)
def test_constraints_and_decisions_are_recognised(sentence: str) -> None:
    assert is_constraint(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Thanks, that looks great!",
        "What is the weather in Tokyo?",
        "I don't know yet.",
        "No, thanks.",
        "The table has 47,998,112 rows.",
        "Please book the hotel.",
        "Is it raining?",
    ],
)
def test_ordinary_sentences_are_not_constraints(sentence: str) -> None:
    assert not is_constraint(sentence)


def test_corrections_by_cue_and_by_restatement() -> None:
    assert is_correction("Actually, move the callback to 15:30.")
    assert is_correction("改成周四吧。") and is_correction("Doch lieber am Mittwoch.")
    assert not is_correction("The callback is at 14:00.")
    one, two = sentence_frame("Budget cap is $300 total."), sentence_frame("Budget cap is $750.")
    assert one != two  # "total" is a word of the frame
    assert sentence_frame("Budget cap is $300.") == sentence_frame("Budget cap is $750.")
    assert restates(("$300",), ("$750",))
    # Several values: an update keeps its subject; two items of a kind do not.
    assert restates(("orion-7", "2027-05-01"), ("orion-7", "2027-06-15"))
    assert not restates(("7", "2024-03-01"), ("8", "2024-03-01"))
    assert not restates(("$300",), ("$300",))


def _book(*messages: AnyMessage, actions: frozenset[str] = frozenset()) -> FactBook:
    book = FactBook()
    book.update(list(messages), actions)
    return book


def _texts(book: FactBook) -> list[str]:
    return [f.text for f in book.facts()]


def test_a_correction_replaces_the_old_value_and_only_the_new_one_counts() -> None:
    book = _book(
        Message.user("Please set up a callback with the customer at 14:00 on 2027-03-04."),
        Message.assistant("Booked."),
        Message.user("Actually, move the callback to 15:30."),
        Message.assistant("Moved."),
    )
    assert "15:30" in _texts(book) and "14:00" not in _texts(book)
    assert [(old.text, new.text) for old, new in book.replaced()] == [("14:00", "15:30")]
    assert "15:30" in book.corrected_keys()
    # "from X to Y" names the value it replaces, whatever came between.
    named = _book(
        Message.user("My flight leaves at 09:10 and the meeting is at 11:00."),
        Message.assistant("Noted."),
        Message.user("Correction: change the meeting from 11:00 to 12:30."),
    )
    assert [(o.text, n.text) for o, n in named.replaced()] == [("11:00", "12:30")]
    assert "09:10" in _texts(named)


def test_a_restated_sentence_replaces_its_value_without_a_cue() -> None:
    book = _book(
        Message.user("Budget cap is $300 total."),
        Message.assistant("Noted."),
        Message.user("Budget cap is $750 total."),
        Message.assistant("Noted."),
    )
    assert "$750" in _texts(book) and "$300" not in _texts(book)
    # The constraint sentence itself is replaced too: the old one is not a current rule.
    said = [f.text for f in book.facts() if f.kind is FactKind.CONSTRAINT]
    assert said == ["Budget cap is $750 total."]
    # Like sentences in one message are a list, not an update.
    listing = _book(Message.user("Room 101 costs $80 a night. Room 102 costs $95 a night."))
    assert {"$80", "$95"} <= set(_texts(listing)) and listing.replaced() == []


def test_the_ledger_shows_the_newest_value_marked_and_never_the_stale_one() -> None:
    book = _book(
        Message.user("The deadline is 2027-05-01."),
        Message.assistant("OK."),
        Message.user("The deadline is 2027-06-15."),
    )
    text = with_ledger(
        "Prose.",
        book.facts(),
        budget=800,
        language="en",
        corrected=book.corrected_keys(),
    )
    ledger = split_ledger(text)[1]
    assert "2027-06-15 (corrected)" in ledger and "2027-05-01" not in ledger
    # Read back, the mark is not part of the value.
    assert "2027-06-15" in [f.text for f in ledger_facts(ledger)]


def test_tool_results_count_and_listings_count_what_is_named_again() -> None:
    rows = [{"sku": f"SKU-{i:05d}", "qty": i} for i in range(40)]
    book = _book(
        Message.user("How many rows does the events table have?"),
        Message.assistant("Checking."),
        Message.tool_result("c1", "Query finished: 47,998,112 rows, exit code 0", tool_name="sql"),
        Message.assistant("Here is the stock listing."),
        Message.tool_result("c2", json.dumps(rows), tool_name="stock"),
        Message.user("Reserve SKU-00017 for me."),
    )
    texts = _texts(book)
    assert "47,998,112" in texts  # only a tool said it, and it counts
    assert "SKU-00017" in texts  # a listing's value, named again by the user
    assert "SKU-00018" not in texts  # the rest of the listing is context
    assert len(rows) > LISTING_FACTS


def test_an_assistants_own_number_counts_only_once_confirmed() -> None:
    book = _book(
        Message.user("Plan a day in Lyon."),
        Message.assistant("It takes about 45 min and costs roughly €120."),
    )
    assert "€120" not in _texts(book)
    book.update(
        [
            *[
                Message.user("Plan a day in Lyon."),
                Message.assistant("It takes about 45 min and costs roughly €120."),
            ],
            Message.user("OK, €120 is fine."),
        ]
    )
    assert "€120" in _texts(book)


def test_user_facts_and_pins_outrank_two_thousand_tool_codes_in_the_ledger() -> None:
    stock = "\n".join(f"SKU-{i:05d} in stock" for i in range(2_000))
    book = _book(
        Message.user(
            "Recall lot LOT-7731-B before 2027-02-14. The contact is Dr. Amara Okafor, "
            "ticket OPS-99812. Never ship from lot LOT-7731-B."
        ),
        Message.assistant("Pulling the stock."),
        Message.tool_result("c1", stock, tool_name="stock"),
        Message.assistant("SKU-01999 is the newest; SKU-01998 too."),
        Message.tool_result("c2", "SKU-01999 confirmed, SKU-01998 confirmed", tool_name="stock"),
    )
    book.pin("pallets go to dock 4")
    facts = book.pinned + book.facts()
    text = with_ledger("Stock was checked.", facts, budget=300, language="en")
    ledger = split_ledger(text)[1]
    for kept in ("LOT-7731-B", "2027-02-14", "OPS-99812", "pallets go to dock 4"):
        assert kept in ledger, ledger
    assert "Never ship from lot LOT-7731-B." in ledger  # the user's rule, whole
    assert ledger.count("SKU-") == 2  # the two confirmed; the listing's 2,000 are context
    assert ledger.index("OPS-99812") < ledger.index("SKU-01999")  # the user's come first
    assert len(text) - len("Stock was checked.\n\n") <= 300 + len("pinned: pallets go to dock 4")


def test_pins_are_listed_whatever_the_budget() -> None:
    book = FactBook()
    for n in range(30):
        book.pin(f"pinned fact number {n:02d} that is about seventy characters long, really")
    text = with_ledger("x", book.pinned, budget=10, language="en")
    assert len(split_ledger(text)[1].splitlines()) == 2  # the header and one pinned line
    assert text.count("pinned fact number") == 30


def test_incremental_extractive_summaries_label_each_line_once() -> None:
    rounds = "User: The booking is QX7Y2B. Never book a red-eye flight."
    summary = extractive_summary(rounds, max_tokens=200)
    for _ in range(4):  # each round summarises the previous summary (as the system message)
        summary = extractive_summary(
            f"System: [上下文摘要] {summary}\n\nUser: Also the hotel is HTL-4411.", max_tokens=200
        )
    lines = summary.splitlines()[1:]
    assert lines, summary
    assert all(line.count("User:") + line.count("System:") <= 1 for line in lines), summary
    assert "- User: Never book a red-eye flight." in lines
    assert "- User: The booking is QX7Y2B." in lines


def test_the_extractive_summary_keeps_rules_without_numbers_and_drops_stale_values() -> None:
    transcript = "\n\n".join(
        [
            "User: Never commit directly to main.",
            "Assistant: Understood.",
            "User: Budget cap is $300.",
            "Assistant: Noted.",
            "User: The weather was nice in Rome yesterday.",
            "User: Budget cap is $750.",
        ]
    )
    summary = extractive_summary(transcript, max_tokens=40)
    assert "Never commit directly to main." in summary
    assert "$750" in summary and "$300" not in summary


def test_the_ledger_and_prompt_follow_the_conversations_language() -> None:
    provider = ScriptedProvider()
    config = SummaryConfig(max_context_tokens=400, trigger_token_ratio=0.5, debounce_turns=2)
    session = make_session(provider, summary=config, store=InMemoryStore(), track_retention=True)
    for text in ["Book flight CA1234 for me", "The hotel ref is QX7Y2B", "Thanks!", "More?"]:
        session.submit_turn_sync(text)
    fired = [r for r in session.timeline if r.summary_fired]
    assert fired
    ledger = split_ledger(fired[-1].summary or "")[1]
    assert ledger.startswith(LEDGER_HEADERS["en"]) and "第" not in ledger
    assert provider.summary_requests[0].messages[0].text().startswith("Write a concise summary")
    chinese = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    for text in ["帮我订CA1234航班", "酒店订单号QX7Y2B", "谢谢", "还有吗"]:
        chinese.submit_turn_sync(text)
    fired = [r for r in chinese.timeline if r.summary_fired]
    assert split_ledger(fired[-1].summary or "")[1].startswith(LEDGER_HEADERS["zh"])


def test_retention_table_marks_replaced_values_and_does_not_count_them() -> None:
    session = make_session(ScriptedProvider(), store=InMemoryStore(), track_retention=True)
    session.submit_turn_sync("The callback with the customer is at 14:00.")
    session.submit_turn_sync("Actually, move the callback to 15:30.")
    table = retention_table(session).set_index("fact")
    assert table.loc["14:00", "where"] == "replaced" and not table.loc["14:00", "visible"]
    assert table.loc["14:00", "replaced_by"] == "15:30"
    assert table.loc["15:30", "visible"]
    record = session.timeline[-1]
    assert "14:00" not in record.facts_missing
    assert record.facts_stated == len(table) - 1  # the replaced value is not counted


def test_what_stands_out_of_a_listing_counts_and_its_bulk_does_not() -> None:
    log = "\n".join(f"2027-03-0{1 + i % 9} 10:{i:02d}:00 step {i} ok" for i in range(40))
    log += "\nworker killed: exit code 137, wrote data/interim/features_v3.parquet"
    book = _book(
        Message.user("Run the feature job."),
        Message.assistant("Running."),
        Message.tool_result("c1", log, tool_name="shell"),
    )
    texts = _texts(book)
    assert "exit code 137" in texts and "data/interim/features_v3.parquet" in texts
    assert not any(t.startswith("2027-03-0") for t in texts)  # the log's 40 stamps are bulk


def test_a_fact_holding_the_separator_reads_back_whole() -> None:
    # Issue 25: " · " inside a fact tore it when the ledger was read back.
    book = FactBook()
    book.pin("keep")  # a pinned line is not read back (pins live in the session state)
    # A question: its values are facts, the sentence itself is not (it tells nothing).
    facts = [*_book(Message.user("Is the menu item `soup · bread` and the code QX7Y2B?")).facts()]
    ledger = split_ledger(with_ledger("x", facts, budget=800, language="en"))[1]
    assert "«soup · bread»" in ledger
    read = [f.text for f in ledger_facts(ledger)]
    assert "soup · bread" in read and "QX7Y2B" in read
    assert not any(t in {"soup", "bread"} for t in read)


def test_a_pin_longer_than_the_whole_ledger_is_refused_and_saves_nothing() -> None:
    from nbagent.errors import ConfigurationError

    config = SummaryConfig(max_context_tokens=400, fact_ledger_chars=60)
    session = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    session.pin_sync("gate B12 closes at 06:40")
    with pytest.raises(ConfigurationError, match="more than the summary's whole fact ledger"):
        session.pin_sync("a very long pinned note " * 5)
    assert [f.text for f in session.facts().pinned] == ["gate B12 closes at 06:40"]
