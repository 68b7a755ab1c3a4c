"""``ChatWidget`` driven from Python: send, streaming updates, gauge, summary, failures.

Turns run on nbagent's background loop, so the tests wait on the widget's future (``await
widget.send(...)`` or ``widget.pending.result()``), exactly as a notebook would.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import ipywidgets as w
import pytest

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError, NbAgentError, ProviderError
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider
from nbagent.llm.request import MessageRequest
from nbagent.llm.tools import ToolRegistry
from nbagent.notebook._html import markdown_to_safe_html
from nbagent.notebook.demo import travel_demo
from nbagent.notebook.widget import ChatWidget, current_context_tokens
from tests.agent_support import FailingStreamProvider, make_session

REPLY = "Kyoto in three days: temples, a market, and a walk up Fushimi Inari."
TIMEOUT = 60
"""A bound for waits on a turn that finishes at once: only a hung test ever reaches it."""


def chat(session: AgentSession) -> ChatWidget:
    return ChatWidget(session, update_interval=0)


def gated(reply: str) -> tuple[OfflineProvider, threading.Event]:
    """A provider whose reply waits until the test opens the gate, so its turn is surely still
    running while the test looks at the busy widget (a reply paced by a short ``latency`` is a
    race that a busy machine can lose)."""
    gate = threading.Event()

    async def answer(request: MessageRequest) -> str:
        if not await asyncio.to_thread(gate.wait, TIMEOUT):
            raise TimeoutError("the test never opened the gate")
        return reply

    return OfflineProvider(answer), gate


def record_values(widget: ChatWidget) -> list[list[str]]:
    """Every value each new history entry takes, from the moment it is added."""
    seen: list[list[str]] = []
    lock = threading.Lock()

    def on_children(change: dict[str, Any]) -> None:
        added = [c for c in change["new"] if c not in change["old"]]
        for item in added:
            values = [item.value]
            seen.append(values)

            def on_value(change: dict[str, Any], values: list[str] = values) -> None:
                with lock:
                    values.append(change["new"])

            item.observe(on_value, "value")

    widget.history.observe(on_children, "children")
    return seen


async def test_send_streams_the_reply_in_place_into_the_history() -> None:
    session = make_session(OfflineProvider([REPLY], latency=0.002))
    widget = chat(session)
    seen = record_values(widget)
    record = await widget.send("Plan Kyoto")
    assert record is not None and record.turn_index == 0
    assert len(widget.messages) == 2
    question, reply = widget.messages
    assert "Plan Kyoto" in question.value
    assert reply.value == f'<div class="nbagent-reply">{markdown_to_safe_html(REPLY)}</div>'
    # The reply widget took several partial values (each a prefix of the reply) before the end.
    values = seen[1]
    partial = [v for v in values if "▌" in v and "nbagent-reply" in v]
    assert len(partial) >= 5
    texts = [v.split(">", 2)[2].split("</div>")[0] for v in partial if '"white-space' in v]
    assert len(texts) >= 4 and all(REPLY.startswith(t) for t in texts)
    assert values[-1] == reply.value
    assert [m.text() for m in session.slot.messages] == ["Plan Kyoto", REPLY]


async def test_submit_returns_at_once_and_the_turn_finishes_in_the_background() -> None:
    provider, gate = gated(REPLY)
    session = make_session(provider)
    widget = chat(session)
    try:
        future = widget.submit("hello")
        assert widget.busy and not future.done()
        assert widget.send_button.disabled and widget.input.disabled
        assert "sending" in widget.status.value
        with pytest.raises(NbAgentError, match="already running"):
            widget.submit("too soon")
    finally:
        gate.set()
    record = future.result(timeout=TIMEOUT)
    assert record is not None and not widget.busy
    assert not widget.send_button.disabled and not widget.input.disabled
    assert widget.status.value.startswith("ready · session s · 1 turn")


def test_button_click_sends_the_text_box_and_clears_it() -> None:
    session = make_session(OfflineProvider([REPLY]))
    widget = chat(session)
    widget.input.value = "  from the box  "
    widget.send_button.click()
    assert widget.input.value == ""
    assert widget.pending is not None
    widget.pending.result(timeout=TIMEOUT)
    assert [m.text() for m in session.slot.messages] == ["from the box", REPLY]
    assert REPLY in widget.messages[-1].value


def test_enter_in_the_text_box_sends() -> None:
    session = make_session(OfflineProvider([REPLY]))
    widget = chat(session)
    widget.input.value = "pressed enter"
    # What the front end sends on Enter (the Text view's keypress handler).
    widget.input._handle_custom_msg({"event": "submit"}, [])
    assert widget.pending is not None
    widget.pending.result(timeout=TIMEOUT)
    assert session.slot.messages[0].text() == "pressed enter"


def test_empty_box_or_busy_widget_ignores_the_button() -> None:
    provider, gate = gated(REPLY)
    session = make_session(provider)
    widget = chat(session)
    widget.send_button.click()
    assert widget.pending is None
    try:
        widget.input.value = "first"
        widget.send_button.click()
        first = widget.pending
        widget.input.value = "second"
        widget.send_button.click()  # disabled in the browser; ignored from code
    finally:
        gate.set()
    assert widget.pending is first and widget.input.value == "second"
    assert first is not None
    first.result(timeout=TIMEOUT)
    assert len(session.slot.messages) == 2


def test_submit_refuses_an_empty_message() -> None:
    widget = chat(make_session(OfflineProvider()))
    with pytest.raises(ConfigurationError, match="the message is empty"):
        widget.submit("  ")


async def test_gauge_shows_the_context_against_the_window_and_the_trigger() -> None:
    config = SummaryConfig(max_context_tokens=1_000, trigger_token_ratio=0.5)
    session = make_session(OfflineProvider(["one", "two"]), summary=config)
    widget = chat(session)
    assert widget.gauge.value == session.estimate_context_tokens() == 0
    await widget.send("first question")
    await widget.send("second question")
    record = session.timeline[-1]
    assert widget.gauge.value == record.context_tokens_after == session.estimate_context_tokens()
    assert current_context_tokens(session) == record.context_tokens_after
    assert (widget.gauge.max, widget.trigger.max, widget.trigger.value) == (1000, 1000, 500)
    assert widget.gauge.bar_style == "success"
    label = widget.gauge_label.value
    assert f"{record.context_tokens_after:,} / 1,000 tokens" in label
    assert "trigger at 500 (50%)" in label
    assert f"last watermark {record.watermark:,} (context)" in label


def test_gauge_without_summaries_hides_the_trigger() -> None:
    session = make_session(OfflineProvider(["one"]))
    widget = chat(session)
    widget.send_sync("hello")
    assert widget.trigger.layout.visibility == "hidden"
    assert widget.gauge.value == session.timeline[-1].estimated_context_tokens
    assert widget.gauge_label.value.endswith("tokens · summaries off")


def summarising(request: MessageRequest) -> str:
    if request.metadata.get("purpose") == "summary":
        return "Trip <b>so far</b>: Kyoto, 3 days."
    return "A long answer about temples, gardens, markets and trains. " * 3


async def test_summary_shows_after_a_summary_fires() -> None:
    config = SummaryConfig(
        max_context_tokens=200, trigger_token_ratio=0.2, debounce_turns=0, watermark="cumulative"
    )
    session = make_session(FunctionProvider(summarising), summary=config)
    widget = chat(session)
    assert "No summary yet" in widget.summary.value
    record = await widget.send("Plan three days in Kyoto")
    assert record is not None and record.summary_fired
    assert "Summary (turn 0)" in widget.summary.value
    assert "Trip &lt;b&gt;so far&lt;/b&gt;: Kyoto, 3 days." in widget.summary.value
    assert "<b>so far" not in widget.summary.value
    # After the summary the gauge shows the context the next turn sends, summary included.
    assert widget.gauge.value == record.context_tokens_after == session.estimate_context_tokens()
    assert f"last watermark {record.watermark:,} (cumulative)" in widget.gauge_label.value


async def test_a_failed_summary_shows_on_the_gauge_until_one_is_made() -> None:
    failing = [True]

    def answer(request: MessageRequest) -> str:
        if "summar" in request.messages[-1].text().lower() and failing[0]:
            raise ProviderError("<b>timed out</b> after 60 s", provider="offline")
        return summarising(request)

    config = SummaryConfig(
        max_context_tokens=200, trigger_token_ratio=0.2, debounce_turns=0, watermark="cumulative"
    )
    session = make_session(FunctionProvider(answer), summary=config)
    widget = chat(session)
    record = await widget.send("Plan three days in Kyoto")
    assert record is not None and record.summary_status.value == "failed"
    label = widget.gauge_label.value
    assert (
        "⚠ the summary of turn 0 failed after" in label
        and "tried again after the debounce" in label
    )
    assert "&lt;b&gt;timed out&lt;/b&gt;" in label and "<b>" not in label
    failing[0] = False
    record = await widget.send("And a fourth day?")
    assert record is not None and record.summary_fired
    assert "⚠" not in widget.gauge_label.value


async def test_a_failed_turn_shows_an_error_line_and_leaves_the_history() -> None:
    provider = OfflineProvider(["fine"])
    session = make_session(provider)
    widget = chat(session)
    await widget.send("first")
    stored = list(session.slot.messages)
    shown = [m.value for m in widget.messages]
    provider.enqueue(ProviderError("upstream <b>overloaded</b>"))
    record = await widget.send("second")
    assert record is None
    assert isinstance(widget.last_error, ProviderError)
    assert "ProviderError: upstream &lt;b&gt;overloaded&lt;/b&gt;" in widget.error.value
    assert "the turn was not saved" in widget.error.value
    assert list(session.slot.messages) == stored and session.turn_index == 1
    assert [m.value for m in widget.messages] == shown
    assert widget.history.children == tuple(reversed(widget.messages))
    assert widget.input.value == "second"  # the message is back in the box
    assert widget.status.value.startswith("failed · ProviderError")
    assert not widget.send_button.disabled
    # The next turn works and clears the error line.
    provider.enqueue("recovered")
    assert await widget.send("third") is not None
    assert widget.error.value == ""


async def test_an_error_mid_stream_takes_the_partial_reply_back_out() -> None:
    session = make_session(FailingStreamProvider())
    widget = chat(session)
    seen = record_values(widget)
    assert await widget.send("hello") is None
    assert any("partial output" in value for value in seen[1])  # it did stream
    assert widget.messages == [] and widget.history.children == ()
    assert "StreamError: Overloaded" in widget.error.value
    assert widget.input.value == "hello"
    assert len(session.slot) == 0 and session.turn_index == 0


@pytest.mark.parametrize(
    ("reply", "markup"),
    [
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
    ],
)
async def test_replies_are_html_escaped(reply: str, markup: str) -> None:
    session = make_session(OfflineProvider([reply], latency=0.001))
    widget = chat(session)
    seen = record_values(widget)
    await widget.send(f"say {reply}")
    assert markup in widget.messages[-1].value
    for values in seen:
        for value in values:
            assert "<script" not in value and "<img" not in value
    assert "&lt;" in widget.messages[0].value


async def test_tool_calls_show_as_collapsible_blocks() -> None:
    def weather(city: str) -> str:
        """Today's weather in a city."""
        return f"Rain in {city} <i>all day</i>"

    session = make_session(travel_demo(), registry=ToolRegistry([weather]))
    widget = chat(session)
    await widget.send("What is the weather in Oslo?")
    reply = widget.messages[-1].value
    assert "<details" in reply and "<code>weather</code>" in reply
    assert "Rain in Oslo &lt;i&gt;all day&lt;/i&gt;" in reply


def test_a_resumed_session_shows_its_stored_history() -> None:
    provider = OfflineProvider(["one", "two"])
    session = make_session(provider)
    session.submit_turn_sync("first")
    session.submit_turn_sync("second")
    widget = chat(session)
    assert len(widget.messages) == 4
    assert "first" in widget.messages[0].value and "two" in widget.messages[3].value
    assert widget.history.children[0] is widget.messages[-1]  # newest first: pinned at the bottom


def test_a_long_history_opens_with_one_update_of_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 messages: one `children` message to the front end, not one per message (each of
    which resent every id before it: seconds and megabytes to open a long chat)."""
    session = make_session(OfflineProvider())
    for n in range(100):
        session.submit_turn_sync(f"question {n}")
    sent: list[int] = []
    original = w.Box.send_state

    def counting(box: w.Box, key: Any = None) -> None:
        if key is not None and "children" in key:
            sent.append(len(box.children))
        original(box, key)

    monkeypatch.setattr(w.Box, "send_state", counting)
    widget = chat(session)
    assert len(widget.messages) == 200
    assert sent == [200]
    assert widget.history.children[0] is widget.messages[-1]
    assert "question 0" in widget.messages[0].value and "question 99" in widget.messages[-2].value
    widget.send_sync("one more")
    assert len(widget.history.children) == 202
    assert "one more" in widget.history.children[1].value


def test_a_hostile_session_id_is_escaped_in_the_status_line() -> None:
    session = make_session(OfflineProvider(), session_id="<img src=x onerror=alert(1)>")
    widget = chat(session)
    assert widget.status.value == (
        "ready · session &lt;img src=x onerror=alert(1)&gt; · 0 turns · offline:offline-demo"
    )


def test_evaluating_the_widget_displays_it() -> None:
    widget = chat(make_session(OfflineProvider()))
    bundle = widget._repr_mimebundle_()
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] == widget.widget.model_id
    assert repr(widget) == "ChatWidget(session='s', messages=0)"


def test_compaction_log_lists_recent_decisions() -> None:
    from nbagent.llm.compact import CompactConfig

    def get_weather(city: str) -> str:
        """Hourly weather of a city."""
        return f"Sunny in {city}. " + "Hourly: 24C, light wind. " * 80

    session = make_session(
        OfflineProvider(),
        registry=ToolRegistry([get_weather]),
        compact_config=CompactConfig(context_window=2_000, reserved_tokens=500),
    )
    widget = chat(session)
    assert widget.compaction_log.value == "<em>No message compacted yet.</em>"
    for city in ("Paris", "Rome", "Oslo"):
        widget.send_sync(f"What is the weather in {city}?")
    log = widget.compaction_log.value
    assert "Replace" in log and "large, low importance" in log and "get_weather" in log
