"""``ChatWidget(session)``: a chat panel built from stock ipywidgets (no custom JavaScript).

::

    chat = ChatWidget(session)
    chat                          # shows it; type and press Enter (or click Send)
    await chat.send("Plan three days in Kyoto")   # or drive it from code

What it shows, top to bottom: a status line; the history (one HTML widget per user message and
per reply, model text escaped, tool calls as collapsible blocks; the box scrolls and stays pinned
to the newest message through ``flex-direction: column-reverse``); the reply streaming in place;
an error line when a turn fails; a text box and a Send button; the watermark gauge with the
current retention beside it and a box to pin facts (``chat.facts``, a :class:`FactsPanel`); the
session's USD so far next to its tokens
(``chat.spend``, :func:`~nbagent.notebook.cost_view.spend_label`: "no known price" for a model
without one); the latest summary; and the recent microcompact decisions.

**Enter sends.** The text box is an ``ipywidgets.Text`` whose front end sends a ``submit``
message on Enter; the widget listens to it with ``on_msg`` (``Text.on_submit`` is deprecated in
ipywidgets 8, and ``continuous_update=False`` would also send when the box merely loses focus).

**Not freezing the kernel.** A turn runs as a task on nbagent's background loop (the loop the
session's ``_sync`` twins use, so a session can be driven by ``%%agent`` cells and this widget
alike). The kernel stays free to run cells meanwhile; the widgets are updated from that thread,
which ipywidgets 8 supports (comm messages go through the kernel's thread-safe IOPub socket).

**The gauge** shows the estimated tokens of the context the next turn sends (the latest timeline
record's ``context_tokens_after``; before the first turn, ``session.estimate_context_tokens()``)
against ``max_context_tokens``; the second bar ends at the trigger,
``max_context_tokens * trigger_token_ratio``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import ipywidgets as w

from nbagent.agent import submit_background
from nbagent.agent.facts import Fact
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, NbAgentError
from nbagent.llm.messages import AnyMessage
from nbagent.llm.providers import mask_urls
from nbagent.notebook._html import (
    error_html,
    error_text,
    escape_html,
    live_updates,
    parts_html,
    preview,
    provider_label,
    reply_parts,
    split_turns,
    turn_html,
    turns_text,
    user_html,
)
from nbagent.notebook.retention import current_retention

logger = logging.getLogger("nbagent.notebook.widget")

LOG_COLUMNS = ("turn", "stored_index", "role", "tool_name", "action", "freed_tokens", "reason")
"""Columns of the compaction log (from :func:`~nbagent.notebook.tables.recent_compaction`)."""


def current_context_tokens(session: AgentSession) -> int:
    """The estimate of what the next turn sends, from the latest timeline record."""
    if not session.timeline:
        return session.estimate_context_tokens()
    record = session.timeline[-1]
    if record.summary_status in (SummaryStatus.DISABLED, SummaryStatus.PENDING):
        return record.estimated_context_tokens
    return record.context_tokens_after


def _last_failed_summary(session: AgentSession) -> TurnRecord | None:
    """The record of the newest summary that failed, unless one was made since."""
    for record in reversed(session.timeline):
        if record.summary_status is SummaryStatus.FIRED:
            return None
        if record.summary_status is SummaryStatus.FAILED:
            return record
    return None


RETENTION_TOOLTIP = (
    "Facts the extractor found (the user's values and rule sentences, tools' results, pins) "
    "that the next request still shows; it cannot see a fact it does not recognise: list "
    "the ones you rely on as probes (check_probes, tune_summary(probes=...))"
)
"""What the widget's facts line counts, on hover (the same count as ``%agent facts``)."""


def retention_text(kept: int, stated: int) -> str:
    """``"facts 47/52 kept (90%)"`` (not escaped: numbers only)."""
    if not stated:
        return "facts: none stated yet"
    return f"facts {kept}/{stated} kept ({kept / stated:.0%})"


class FactsPanel:
    """The chat widget's facts part: retention and pins of ``session``; ``busy`` says whether a
    turn is running.

    ``retention`` reads "facts 47/52 kept (90%)": of the facts stated in the current slot (and the
    pinned ones), how many the next request shows the model (:func:`current_retention`: the kept
    tail, the summary's prose or its ledger). The pin box calls ``session.pin`` and lists what is
    pinned; every text shown is escaped. A pin is refused while a turn runs: the turn saves the
    session state it read when it started, and would save over the pin.
    """

    def __init__(self, session: AgentSession, busy: Callable[[], bool]) -> None:
        self.session = session
        self._busy = busy
        self.retention = w.HTML(tooltip=RETENTION_TOOLTIP)
        self.pin_input = w.Text(
            placeholder="Pin a fact · every summary keeps it",
            continuous_update=True,
            layout=w.Layout(flex="1 1 auto", width="auto"),
        )
        self.pin_button = w.Button(description="Pin", icon="thumb-tack")
        self.pinned = w.HTML()
        self.message = w.HTML()
        self.pin_row = w.HBox([self.pin_input, self.pin_button])
        self.widget = w.VBox([self.pin_row, self.pinned, self.message])
        self.pin_button.on_click(self._on_click)
        self.pin_input.on_msg(self._on_input_msg)

    def pin(self, text: str) -> Fact:
        """Pin ``text`` in the session (saved) and show it."""
        if self._busy():
            raise NbAgentError("a turn is running in this chat; pin the fact after it ends")
        fact = self.session.pin_sync(text)
        self.refresh()
        return fact

    def _on_click(self, _button: Any = None) -> None:
        text = self.pin_input.value
        if not text.strip():
            return
        try:
            fact = self.pin(text)
        except NbAgentError as e:
            self.message.value = f"<em>{escape_html(str(e))}</em>"
            return
        self.pin_input.value = ""
        self.message.value = escape_html(f"pinned: {fact.text}")

    def _on_input_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "submit":
            self._on_click()

    def refresh(self) -> None:
        self.retention.value = escape_html(retention_text(*current_retention(self.session)))
        pinned = [f.text for f in self.session.facts().pinned]
        self.pinned.value = escape_html("pinned: " + " · ".join(pinned)) if pinned else ""


class ChatWidget:
    """A chat panel over ``session``; see the module docstring.

    ``update_interval`` is the minimum time in seconds between two updates of a streaming reply;
    ``log_rows`` how many compaction decisions the log keeps.
    """

    def __init__(
        self,
        session: AgentSession,
        *,
        update_interval: float = 0.05,
        log_rows: int = 8,
        show_tool_calls: bool = True,
    ) -> None:
        self.session = session
        self.update_interval = update_interval
        self.log_rows = log_rows
        self.show_tool_calls = show_tool_calls
        self.last_error: BaseException | None = None
        self._future: Future[TurnRecord | None] | None = None

        self.status = w.HTML()
        self.history = w.VBox(
            layout=w.Layout(
                flex_flow="column-reverse",
                max_height="420px",
                overflow="auto",
                border="1px solid rgba(128,128,128,.35)",
                padding="4px",
            )
        )
        self.messages: list[w.HTML] = []
        """The history's widgets, oldest first (the box shows them newest at the bottom)."""
        self.error = w.HTML()
        self.input = w.Text(
            placeholder="Message · Enter sends",
            continuous_update=True,
            layout=w.Layout(flex="1 1 auto", width="auto"),
        )
        self.send_button = w.Button(description="Send", icon="paper-plane", button_style="primary")
        self.gauge = w.FloatProgress(min=0.0, max=1.0, description="context")
        self.trigger = w.FloatProgress(min=0.0, max=1.0, description="trigger", bar_style="warning")
        self.gauge_label = w.HTML()
        self.summary = w.HTML()
        self.compaction_log = w.HTML()
        self.spend = w.HTML()  # USD so far beside the tokens (see _refresh_spend)
        self.facts = FactsPanel(session, busy=lambda: self.busy)
        self.widget = w.VBox(
            [
                self.status,
                self.history,
                self.error,
                w.HBox([self.input, self.send_button]),
                w.HBox(
                    [
                        w.VBox([self.gauge, self.trigger]),
                        w.VBox([self.gauge_label, self.facts.retention]),
                    ]
                ),
                self.spend,
                self.facts.widget,
                w.Accordion(
                    [self.summary, self.compaction_log],
                    titles=("Latest summary", "Compaction log"),
                ),
            ]
        )
        self.send_button.on_click(self._on_click)
        self.input.on_msg(self._on_input_msg)
        self._show_history(session.slot.messages)
        self.refresh()

    # -- display ----------------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"ChatWidget(session={self.session.session_id!r}, messages={len(self.messages)})"

    # -- sending ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a turn is running."""
        return self._future is not None and not self._future.done()

    @property
    def pending(self) -> Future[TurnRecord | None] | None:
        """The running (or last) turn; ``.result()`` waits for it."""
        return self._future

    def submit(self, text: str) -> Future[TurnRecord | None]:
        """Start a turn with ``text``; the future gives its record (``None`` when it failed)."""
        text = text.strip()
        if not text:
            raise ConfigurationError("the message is empty: type something to send")
        if self.busy:
            raise NbAgentError("a turn is already running in this chat; wait for it to finish")
        self._set_busy(True, "sending…")
        self.error.value = ""
        question = self._append(user_html(text))
        reply = self._append(parts_html([], show_tools=self.show_tool_calls, streaming=True))
        coro = self._run_turn(text, question, reply)
        self._future = submit_background(coro)
        return self._future

    async def send(self, text: str) -> TurnRecord | None:
        """Send ``text`` and wait for the turn (from any event loop); ``None`` when it failed."""
        return await asyncio.wrap_future(self.submit(text))

    def send_sync(self, text: str) -> TurnRecord | None:
        """Send ``text`` and block until the turn finished."""
        return self.submit(text).result()

    def _on_click(self, _button: Any = None) -> None:
        text = self.input.value
        if not text.strip() or self.busy:
            return
        self.input.value = ""
        self.submit(text)

    def _on_input_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "submit":
            self._on_click()

    async def _run_turn(self, text: str, question: w.HTML, reply: w.HTML) -> TurnRecord | None:
        """On the background loop: stream the turn into ``reply``, then refresh the panel."""
        before = len(self.session.slot)
        updates = live_updates(self.session.submit_turn_stream(text), self.update_interval)
        try:
            async for live in updates:
                reply.value = parts_html(
                    live.parts, show_tools=self.show_tool_calls, streaming=True
                )
                self.status.value = _status("streaming…", f"{len(live.text):,} characters")
            record = await self.session.finalize_turn()
        except Exception as e:
            self._fail(e, text, question, reply)
            return None
        finally:
            self._set_busy(False)
        parts = reply_parts(self.session.slot.messages[before + 1 :])
        reply.value = parts_html(parts, show_tools=self.show_tool_calls, streaming=False)
        self.last_error = None
        self.refresh(record)
        return record

    def _fail(self, error: Exception, text: str, question: w.HTML, reply: w.HTML) -> None:
        """Show the error line; take the turn back out of the panel (the session kept nothing)."""
        logger.info("chat turn failed: %s", error_text(error))
        self.last_error = error
        self.messages = [m for m in self.messages if m is not question and m is not reply]
        self.history.children = tuple(reversed(self.messages))
        self.error.value = error_html(
            error, "the turn was not saved; your message is back in the box"
        )
        if not self.input.value:
            self.input.value = text
        self.status.value = _status("failed", error_text(error))

    def _set_busy(self, busy: bool, label: str = "") -> None:
        self.send_button.disabled = busy
        self.input.disabled = busy
        if busy:
            self.status.value = _status(label)

    # -- panel --------------------------------------------------------------------------------

    def _item(self, html: str) -> w.HTML:
        item = w.HTML(value=html)
        self.messages.append(item)
        return item

    def _append(self, html: str) -> w.HTML:
        item = self._item(html)
        self.history.children = (item, *self.history.children)
        return item

    def _show_history(self, messages: tuple[AnyMessage, ...]) -> None:
        # One children update for the whole history: one per item resends every id each time
        # (a long history took seconds and megabytes of comm messages to open).
        for opening, rest in split_turns(messages):
            for html in turn_html(opening, rest, show_tools=self.show_tool_calls):
                if html:
                    self._item(html)
        self.history.children = tuple(reversed(self.messages))

    def refresh(self, record: TurnRecord | None = None) -> None:
        """Redraw the status line, the gauge, the summary and the compaction log."""
        session = self.session
        record = record or (session.timeline[-1] if session.timeline else None)
        self.status.value = _status(
            "ready",
            f"session {session.session_id}",
            turns_text(session.turn_index),
            provider_label(session.bundle.provider),
        )
        self._refresh_gauge(record)
        self._refresh_spend()
        self.facts.refresh()
        self._refresh_summary()
        self._refresh_log()

    def _refresh_gauge(self, record: TurnRecord | None) -> None:
        config = self.session.bundle.config.summary_config
        window = (config or SummaryConfig()).max_context_tokens
        tokens = current_context_tokens(self.session)
        self.gauge.max = float(window)
        self.trigger.max = float(window)
        self.gauge.value = float(min(tokens, window))
        if config is None:
            self.trigger.value = 0.0
            self.trigger.layout.visibility = "hidden"
            self.gauge.bar_style = "info"
            self.gauge_label.value = escape_html(f"{tokens:,} tokens · summaries off")
            return
        threshold = config.threshold
        self.trigger.value = float(threshold)
        self.trigger.layout.visibility = "visible"
        if tokens >= threshold:
            self.gauge.bar_style = "danger"
        elif tokens >= 0.8 * threshold:
            self.gauge.bar_style = "warning"
        else:
            self.gauge.bar_style = "success"
        text = [
            f"{tokens:,} / {window:,} tokens",
            f"trigger at {threshold:,.0f} ({config.trigger_token_ratio:.0%})",
        ]
        if record is not None and record.watermark is not None:
            text.append(f"last watermark {record.watermark:,} ({config.watermark})")
        failed = _last_failed_summary(self.session)
        if failed is not None:
            reason = preview(mask_urls(failed.summary_error or ""), 120)
            text.append(
                f"⚠ the summary of turn {failed.turn_index} failed after "
                f"{failed.summary_latency_s:.0f} s, tried again after the debounce: {reason}"
            )
        self.gauge_label.value = escape_html(" · ".join(text))

    # -- USD so far (nbagent.notebook.cost_view) ---------------------------------------------

    def _refresh_spend(self) -> None:
        from nbagent.notebook.cost_view import spend_label

        self.spend.value = escape_html(spend_label(self.session))

    # -- end of USD ---------------------------------------------------------------------------

    def _refresh_summary(self) -> None:
        from nbagent.notebook.summary_view import SummaryView

        self.summary.value = SummaryView.from_session(self.session)._repr_html_()

    def _refresh_log(self) -> None:
        from nbagent.notebook.tables import recent_compaction, styled

        frame = recent_compaction(self.session, self.log_rows)
        if frame.empty:
            self.compaction_log.value = "<em>No message compacted yet.</em>"
            return
        self.compaction_log.value = styled(frame.loc[:, list(LOG_COLUMNS)]).to_html()


def _status(*parts: str) -> str:
    return escape_html(" · ".join(p for p in parts if p))


__all__ = ["ChatWidget", "current_context_tokens"]
