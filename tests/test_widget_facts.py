"""The chat widget's facts part: retention beside the gauge, and the pin box."""

from __future__ import annotations

from nbagent.agent.summary import SummaryConfig
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.notebook.retention import current_retention, retention_table
from nbagent.notebook.widget import retention_text
from tests.agent_support import ScriptedProvider, make_session
from tests.test_widget import REPLY, TIMEOUT, chat, gated

PROMPTS = [
    "Book flight CA1234 on 2026-04-03",
    "The hotel ref is QX7Y2B",
    "My colleague Anna Schmidt joins at 18:05",
    "And the taxi costs 300 EUR",
    "What else?",
]


def test_retention_text() -> None:
    assert retention_text(47, 52) == "facts 47/52 kept (90%)"
    assert retention_text(0, 0) == "facts: none stated yet"


async def test_the_gauge_shows_how_many_facts_the_next_request_keeps() -> None:
    config = SummaryConfig(
        max_context_tokens=400, trigger_token_ratio=0.5, debounce_turns=2, fact_ledger=False
    )
    session = make_session(ScriptedProvider(), summary=config, track_retention=True)
    widget = chat(session)
    assert widget.facts.retention.value == "facts: none stated yet"
    await widget.send(PROMPTS[0])
    assert widget.facts.retention.value == "facts 3/3 kept (100%)"  # the sentence counts too
    for prompt in PROMPTS[1:]:
        await widget.send(prompt)
    # Two summaries without a ledger: the last turn's request still showed 5 of the 10 facts
    # (each prompt's values and the prompt itself), the next one (after the second summary) 2.
    assert (session.timeline[-1].facts_visible, session.timeline[-1].facts_stated) == (5, 10)
    table = retention_table(session)
    assert current_retention(session) == (int(table["visible"].sum()), len(table)) == (2, 10)
    assert widget.facts.retention.value == "facts 2/10 kept (20%)"


def test_the_pin_box_pins_a_fact_and_shows_it_escaped() -> None:
    session = make_session(OfflineProvider([REPLY]))
    widget = chat(session)
    widget.facts.pin_input.value = "  gate <b>B12</b> closes 06:40 "
    widget.facts.pin_button.click()
    assert [f.text for f in session.facts().pinned] == ["gate <b>B12</b> closes 06:40"]
    assert widget.facts.pin_input.value == ""
    assert widget.facts.pinned.value == "pinned: gate &lt;b&gt;B12&lt;/b&gt; closes 06:40"
    assert widget.facts.message.value == "pinned: gate &lt;b&gt;B12&lt;/b&gt; closes 06:40"
    # Counted at once: no summary carries it into the view yet.
    assert widget.facts.retention.value == "facts 0/1 kept (0%)"
    # Enter pins too; an empty box does nothing.
    widget.facts.pin_input.value = "seat 14C"
    widget.facts.pin_input._handle_custom_msg({"event": "submit"}, [])
    widget.facts.pin_input.value = "   "
    widget.facts.pin_button.click()
    assert [f.text for f in session.facts().pinned] == ["gate <b>B12</b> closes 06:40", "seat 14C"]
    assert widget.facts.pinned.value.endswith(" · seat 14C")
    # Saved: the same session opened again has them.
    again = make_session(OfflineProvider(), store=session.bundle.store)
    assert [f.text for f in again.facts().pinned] == [f.text for f in session.facts().pinned]


def test_a_pin_while_a_turn_runs_is_refused() -> None:
    provider, gate = gated(REPLY)
    session = make_session(provider)
    widget = chat(session)
    try:
        widget.input.value = "first"
        widget.send_button.click()
        widget.facts.pin_input.value = "gate B12"
        widget.facts.pin_button.click()
    finally:
        gate.set()
    assert widget.pending is not None
    widget.pending.result(timeout=TIMEOUT)
    assert session.facts().pinned == []
    assert widget.facts.pin_input.value == "gate B12"  # kept for another try
    assert "a turn is running in this chat" in widget.facts.message.value
