"""Tools declare the fields of their results that are key facts; the fact book tracks them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from nbagent.agent._tool_fields import key_field_values
from nbagent.agent.facts import FactBook, FactKind
from nbagent.agent.ledger import split_ledger
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import Message, ToolResultMessage
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider, Reply, echo_reply
from nbagent.llm.request import MessageRequest, ResultSemantic, ToolDefinition
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import make_session

BOOKING = {
    "status": "confirmed",
    "booking": {"confirmation": "QX7Y2B", "hotel": "Lyon Hotel 3", "nights": 2},
    "payments": [{"confirmation": 88231, "paid": True}, {"confirmation": "PAY-77"}],
    "total": {"amount": 236, "currency": "EUR"},
}


# -- the values of the key fields -----------------------------------------------------------------


def test_json_results_give_the_values_at_those_keys_at_any_depth() -> None:
    text = json.dumps(BOOKING)
    assert key_field_values(text, ["confirmation"]) == ["QX7Y2B", "88231", "PAY-77"]
    # A dotted field is a path (its end); an object or a list gives its scalar leaves.
    assert key_field_values(text, ["booking.confirmation"]) == ["QX7Y2B"]
    assert key_field_values(text, ["total"]) == ["236", "EUR"]
    # Booleans and nulls are not facts; keys match whatever their case.
    assert key_field_values(json.dumps({"Paid": True, "REF": None, "Ref": "A1"}), ["ref"]) == ["A1"]
    assert key_field_values(json.dumps([{"code": "X9"}, {"code": "X9"}]), ["code"]) == ["X9"]
    assert key_field_values(text, ["missing"]) == []
    assert key_field_values(text, []) == []


def test_text_results_give_the_values_of_key_value_lines() -> None:
    text = (
        "Booked!\n"
        "Confirmation: QX7Y2B\n"
        "  - seat: 14C  \n"
        "座位：15D\n"
        "the confirmation: is not at the start of this line\n"
        "hotel: Lyon Hotel 3"
    )
    assert key_field_values(text, ["confirmation", "seat"]) == ["QX7Y2B", "14C"]
    assert key_field_values(text, ["座位", "booking.hotel"]) == ["15D", "Lyon Hotel 3"]


def test_a_json_result_cut_short_still_gives_its_pairs() -> None:
    text = json.dumps(BOOKING)[:95] + "\n[... truncated 120 of 200 characters]"
    assert key_field_values(text, ["confirmation", "hotel"]) == ["QX7Y2B", "Lyon Hotel 3"]


def test_long_values_are_descriptions_not_facts() -> None:
    assert key_field_values(json.dumps({"note": "x" * 201, "code": "AB12"}), ["note", "code"]) == [
        "AB12"
    ]


# -- declaring them -------------------------------------------------------------------------------


@tool(result_semantic=ResultSemantic.ACTION, key_fields=("confirmation", "booking.seat"))
def book_hotel(city: str) -> dict[str, Any]:
    """Book a hotel in a city."""
    return {"status": "confirmed", "city": city, "confirmation": "QX7Y2B", "total": "€236"}


@tool(result_semantic=ResultSemantic.FACTUAL, key_fields="hotel_id")
def search_hotels(city: str) -> list[dict[str, Any]]:
    """Hotels in a city."""
    return [{"hotel_id": "HTL-4411", "name": f"{city} Hotel", "price": "€118 per night"}]


def test_tools_declare_key_fields_in_their_definition() -> None:
    assert book_hotel.key_fields == ("confirmation", "booking.seat")
    assert book_hotel.definition().key_fields == ("confirmation", "booking.seat")
    # A lone string is one field.
    assert search_hotels.definition().key_fields == ("hotel_id",)
    assert "key_fields=('hotel_id',)" in repr(search_hotels)
    assert ToolDefinition(name="f").key_fields == ()
    with pytest.raises(ValidationError):
        ToolDefinition(name="f", key_fields=("",))
    with pytest.raises(ConfigurationError, match="key_fields must be field names"):
        tool(key_fields=("ok", " "))(lambda: None)


async def test_key_fields_are_never_sent_nor_counted_as_sent() -> None:
    bare = ToolDefinition(name="book", result_semantic=ResultSemantic.ACTION)
    keyed = ToolDefinition(name="book", result_semantic=ResultSemantic.ACTION, key_fields=("c",))
    provider = OfflineProvider()
    messages = [Message.user("hi")]
    estimates = [
        provider.estimate_input_tokens(MessageRequest(messages=messages, tools=[t]))
        for t in (bare, keyed)
    ]
    assert estimates[0] == estimates[1]
    # Nor do they change the offline provider's ids (recorded transcripts keep theirs).
    answers = [
        await OfflineProvider(["ok"]).chat(MessageRequest(messages=messages, tools=[t]))
        for t in (bare, keyed)
    ]
    assert answers[0].id is not None and answers[0].id == answers[1].id


# -- the fact book --------------------------------------------------------------------------------


def _result(name: str, value: object, *, is_error: bool = False) -> ToolResultMessage:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return Message.tool_result("call_1", text, is_error, tool_name=name)


def test_the_fact_book_turns_key_fields_into_tool_field_facts_whatever_the_semantic() -> None:
    history = [
        Message.user("Find a hotel in Lyon for 2026-04-03"),
        Message.assistant("Searching."),
        _result("search_hotels", [{"hotel_id": "HTL-4411", "price": "€118"}]),
        Message.user("Book it"),
        Message.assistant("Booking."),
        _result("book_hotel", {"confirmation": "QX7Y2B", "total": "€236"}),
        _result("book_hotel", {"confirmation": "ERR-1"}, is_error=True),
    ]
    book = FactBook()
    book.update(
        history,
        frozenset({"book_hotel"}),
        {"search_hotels": ("hotel_id",), "book_hotel": ("confirmation",)},
    )
    facts = {f.text: f for f in book.facts()}
    # A short result counts whole, whatever its tool's semantic (a listing would count only
    # what the conversation names again); a key field counts as a tool field.
    assert {t: (f.kind, f.turn, f.message_index, f.role) for t, f in facts.items()} == {
        "2026-04-03": (FactKind.DATE, 0, 0, "user"),
        "HTL-4411": (FactKind.TOOL_FIELD, 0, 2, "tool"),
        "€118": (FactKind.AMOUNT, 0, 2, "tool"),
        "QX7Y2B": (FactKind.TOOL_FIELD, 1, 5, "tool"),
        "€236": (FactKind.AMOUNT, 1, 5, "tool"),
        # The user's sentences count whole: what they tell may be of no kind extracted.
        "Find a hotel in Lyon for 2026-04-03": (FactKind.SAID, 0, 0, "user"),
        "Book it": (FactKind.SAID, 1, 3, "user"),
    }
    assert book.statements(facts["QX7Y2B"].key) == [5]
    # Without declared key fields the short result still counts, as a code, not a tool field.
    plain = FactBook()
    plain.update(history, frozenset({"book_hotel"}))
    kinds = {f.text: f.kind for f in plain.facts()}
    assert kinds["HTL-4411"] is not FactKind.TOOL_FIELD


def test_a_session_tracks_its_tools_key_fields_turn_by_turn() -> None:
    session = make_session(
        OfflineProvider(), registry=ToolRegistry([search_hotels]), track_retention=True
    )
    session.submit_turn_sync("Which hotels are there in Lyon?")
    stored = list(session.slot.messages)
    result_at = next(i for i, m in enumerate(stored) if isinstance(m, ToolResultMessage))
    (fact,) = [f for f in session.facts().facts() if f.kind is FactKind.TOOL_FIELD]
    assert (fact.text, fact.turn, fact.message_index) == ("HTL-4411", 0, result_at)
    # Retention counts it (and the price the offline reply repeats from the result).
    record = session.timeline[-1]
    assert [f.text for f in session.facts().facts()] == ["HTL-4411", "€118"]
    assert (record.facts_stated, record.facts_visible) == (2, 2)


def test_a_summary_that_drops_a_key_field_keeps_it_in_its_ledger() -> None:
    def model(request: MessageRequest) -> Reply:
        if request.metadata.get("purpose") == "summary":
            return "The user booked a hotel in Lyon."
        return echo_reply(request)

    @tool(result_semantic=ResultSemantic.FACTUAL, key_fields=("booking_ref",))
    def book_hotel(city: str) -> dict[str, Any]:
        """Book a hotel in a city."""
        return {"city": city, "booking_ref": "HB-20417"}

    config = SummaryConfig(max_context_tokens=4000, trigger_token_ratio=0.02, debounce_turns=0)
    session = make_session(
        FunctionProvider(model),
        summary=config,
        registry=ToolRegistry([book_hotel]),
        track_retention=True,
    )
    session.submit_turn_sync("Please book a hotel in Lyon")
    session.submit_turn_sync("Thanks, that is all for today")
    summary = next(r.summary for r in reversed(session.timeline) if r.summary_fired)
    prose, ledger = split_ledger(summary or "")
    assert prose == "The user booked a hotel in Lyon." and "HB-20417" in ledger
    assert session.timeline[-1].facts_missing == []
