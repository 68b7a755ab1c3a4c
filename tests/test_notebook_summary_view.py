"""SummaryView.from_session and SummaryCard: text, turn, coverage and size from the records."""

from __future__ import annotations

from typing import Any

from nbagent.agent.context import FocusedConfig, SlotConfig, SlotMode
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.tokens import estimate_message_tokens
from nbagent.notebook.summary_view import SummaryCard, SummaryView
from tests.agent_support import ScriptedProvider, make_session

# No ledger: these cards show the scripted prose alone (the ledger has its own tests).
FIRES_EVERY_TURN = SummaryConfig(
    max_context_tokens=1000, trigger_token_ratio=0.3, debounce_turns=1, fact_ledger=False
)


def session_with(turns: int, **settings: Any) -> AgentSession:
    session = make_session(ScriptedProvider(), summary=FIRES_EVERY_TURN, **settings)
    for i in range(turns):
        session.submit_turn_sync(f"question {i}")
    return session


def test_no_summary_yet() -> None:
    view = SummaryView.from_session(session_with(1))
    assert view.current is None
    assert view.previous == []
    assert "No summary yet" in view._repr_html_()
    assert "No summary yet" in view._repr_markdown_()
    assert repr(view) == "SummaryView(session='s', no summary yet)"


def test_current_summary_with_turn_coverage_and_size() -> None:
    session = session_with(4)  # summaries fire at turns 1, 2 and 3
    view = SummaryView.from_session(session)
    assert isinstance(view, SummaryView)
    card = view.current
    assert card is not None
    summary = session.slot.summary_message()
    assert summary is not None
    assert card == SummaryCard(
        text="summary #3",
        turn_index=3,
        upto=8,
        turns=(0, 3),
        tokens=estimate_message_tokens(summary),
        call_tokens=10,
        slot_id="main",
    )
    assert card.tokens == 14
    assert card.facts() == [
        "made after turn 3",
        "covers messages 0–7 (turns 0–3)",
        "~14 tokens in the context",
        "summary call 10 tokens",
    ]
    assert [c.text for c in view.previous] == ["summary #1", "summary #2"]
    assert [c.upto for c in view.previous] == [4, 6]
    html = view._repr_html_()
    assert html.index("summary #3") < html.index("<details>") < html.index("summary #2")
    assert "2 earlier summaries" in html
    markdown = view._repr_markdown_()
    assert markdown.startswith("**Summary (turn 3)** — made after turn 3")
    assert "summary #1" in markdown
    assert "summary #3" in repr(view)


def test_card_from_record() -> None:
    session = session_with(2)
    record = session.timeline[1]
    card = SummaryCard.from_record(session, record)
    assert (card.text, card.turn_index, card.upto, card.turns) == ("summary #1", 1, 4, (0, 1))
    assert "<p>summary #1</p>" in card._repr_html_()
    assert repr(card).startswith("SummaryCard(made after turn 1; covers messages 0–3")


def test_full_slot_shows_the_latest_fired_summary() -> None:
    session = session_with(3, slot_config=SlotConfig(mode=SlotMode.FULL))
    card = SummaryView.from_session(session).current
    assert card is not None
    assert (card.text, card.turn_index) == ("summary #2", 2)


def test_a_summary_set_by_hand_has_no_turn() -> None:
    session = make_session(
        ScriptedProvider(), slot_config=SlotConfig(focused=FocusedConfig(keep_recent_turns=0))
    )
    for i in range(2):
        session.submit_turn_sync(f"q{i}")
    session.slot.set_summary("They asked two questions.", 4)
    card = SummaryView.from_session(session).current
    assert card is not None
    assert (card.text, card.turn_index, card.upto, card.turns) == (
        "They asked two questions.",
        None,
        4,
        (0, 1),
    )
    assert card.call_tokens is None
    assert card._repr_markdown_().startswith("**Summary** — covers messages 0–3")


def test_summary_markdown_renders_formatting() -> None:
    card = SummaryCard(text="**Goal**: Kyoto\n\n- day 1\n- day 2")
    html = card._repr_html_()
    assert "<strong>Goal</strong>" in html
    assert "<ul><li>day 1</li><li>day 2</li></ul>" in html
