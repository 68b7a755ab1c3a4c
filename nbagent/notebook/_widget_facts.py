"""The chat widget's facts part: the current retention beside the gauge, and a pin box.

``retention`` reads "facts 47/52 kept (90%)": of the facts stated in the current slot (and the
pinned ones), how many the next request shows the model (:func:`current_retention`: the kept
tail, the summary's prose or its ledger). The pin box calls ``session.pin`` and lists what is
pinned; every text shown is escaped.

A pin is refused while a turn runs: the turn saves the session state it read when it started,
and would save over the pin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from nbagent.agent.facts import Fact
from nbagent.agent.session import AgentSession
from nbagent.errors import NbAgentError
from nbagent.notebook._html import escape_html
from nbagent.notebook.retention import current_retention

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
    """Retention and pins of ``session``; ``busy`` says whether a turn is running."""

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


__all__ = ["FactsPanel", "retention_text"]
