"""nbagent as a compactor of the third-party ``compaction-conformance-kit`` (PyPI, MIT).

The kit plants typed canaries (safety rules, hard constraints, facts, goal state, user
preferences) in a transcript of :class:`compaction_kit.Turn` s, calls
``compact(turns, round_num, budget_chars)`` and probes the returned
:class:`compaction_kit.CompactedContext`'s text; round k+1 compacts round k's output, and
``budget_chars`` caps every round's output at a fraction of the original transcript.

:class:`NbagentCompactor` answers with what nbagent's focused view holds after its summary
checkpoint, rendered in the kit's ``[role] text`` transcript form:

- the kit's turns become nbagent messages (:func:`turns_to_messages`); a previous round's
  output comes back as one kit ``system`` turn and is read back into the view it rendered:
  the leading system messages, the turns the view keeps verbatim, and the summary system
  message ``[上下文摘要] ...`` (the focused view's marker);
- :func:`nbagent_compact` runs the checkpoint's own steps on them: ``summary_input`` (the
  ``incremental`` strategy: the previous summary's prose plus what it does not cover, which is
  how nbagent carries a summary forward; ``full`` re-reads the stored history, which the kit's
  protocol does not keep), ``request_summary`` with the offline provider (its extractive
  summary), ``add_ledger`` with a :class:`~nbagent.agent.facts.FactBook` updated over the
  messages, then the focused view of the result (``ContextSlot.load_messages``).

Budgets: the kit's ``budget_chars`` is split between the prose and the ledger. The prose gets
half the room the view leaves (``SummaryConfig.max_summary_tokens``, converted at the
transcript's characters per token); the ledger gets what is left after the prose
(``add_ledger``'s budget, in characters). Nothing is cut afterwards: a view that still does
not fit (its kept turns alone larger than the budget) is returned as it is and the kit reports
it over budget.

Every use of nbagent's summary API is in :func:`nbagent_compact`, so a change there is one edit.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Sequence
from typing import Literal

from compaction_kit import CompactedContext, Turn

from nbagent.agent._checkpoint import add_ledger, previous_summary, summary_input
from nbagent.agent.context import ContextSlot, FocusedConfig, SlotConfig
from nbagent.agent.facts import FactBook
from nbagent.agent.summary import SummaryConfig, request_summary
from nbagent.llm.messages import (
    AnyMessage,
    Message,
    SystemMessage,
)
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.tokens import DEFAULT_ESTIMATOR

NAME = "nbagent"
NAME_WITH_TAIL = "nbagent+tail"
"""nbagent with the focused view's default tail: its last two turns verbatim."""

_ROLE_LINE = re.compile(r"^\[(system|user|assistant|tool)\] ", re.MULTILINE)
"""Where a message starts in the kit's ``[role] text`` transcript form."""


# -- nbagent's side: the one place that calls its summary API ---------------------------------


def nbagent_compact(
    messages: Sequence[AnyMessage],
    budget_chars: int | None,
    language: Literal["zh", "en"],
    keep_recent_turns: int = 0,
) -> list[AnyMessage]:
    """The focused view after nbagent's summary checkpoint summarises ``messages``.

    ``messages`` is a focused view as nbagent holds it: a system message that opens with the
    view's summary marker is the summary in effect (it covers every other message); the rest is
    the stored history. The checkpoint's steps run as it composes them: summary input, the
    summary call (offline, extractive), the fact ledger; ``budget_chars`` (``None``: no cap)
    sets the ledger's character budget to what the view leaves after the prose;
    ``keep_recent_turns`` is the view's (:class:`~nbagent.agent.context.FocusedConfig`).
    """
    marker = FocusedConfig().summary_marker
    carried = [m for m in messages if isinstance(m, SystemMessage) and m.content.startswith(marker)]
    stored = [m for m in messages if not any(m is c for c in carried)]
    focused = FocusedConfig(keep_recent_turns=keep_recent_turns)
    slot = ContextSlot(
        "main", "conformance-kit", config=SlotConfig(focused=focused), messages=stored
    )
    if carried:  # the summary in effect covers the whole stored history
        slot.set_summary(carried[-1].content[len(marker) :].lstrip(), len(stored))
    config = SummaryConfig(strategy="incremental", prompt_language=language)
    previous = previous_summary(slot, None)
    to_summarise, upto = summary_input(slot, config, previous)
    if budget_chars is not None:  # half the room the view leaves goes to the prose
        room = max(0, budget_chars - len(render_messages(_view(slot, "", upto))))
        text = "\n".join(render_messages([m]) for m in to_summarise)
        per_char = DEFAULT_ESTIMATOR.count_text(text) / max(1, len(text))
        config = dataclasses.replace(config, max_summary_tokens=max(1, int(room / 2 * per_char)))
    response = asyncio.run(request_summary(OfflineProvider(), to_summarise, config))
    prose = "" if response is None else response.text().strip()
    budget = None
    if budget_chars is not None:  # the ledger has the room the view leaves after the prose
        room = budget_chars - len(render_messages(_view(slot, prose, upto))) - 2
        budget = (max(0, room), len)
    book = FactBook()
    book.update(slot.messages)
    text = prose
    if config.fact_ledger:
        text = add_ledger(prose, config, book, upto, previous, DEFAULT_ESTIMATOR, budget=budget)
    return _view(slot, text, upto)


def _view(slot: ContextSlot, summary: str, upto: int) -> list[AnyMessage]:
    """``slot``'s focused view once ``summary`` covers its first ``upto`` messages (what the
    checkpoint saves into the slot)."""
    view = ContextSlot(slot.id, slot.session_id, config=slot.config, messages=slot.messages)
    view.set_summary(summary, upto)
    return view.load_messages()


# -- the kit's side: turns in, text out --------------------------------------------------------


def turns_to_messages(turns: Sequence[Turn]) -> list[AnyMessage]:
    """The kit's turns as nbagent messages.

    A ``system`` turn in the ``[role] text`` form (a previous round's output: the kit hands it
    back as one system turn) is read back into the messages it rendered; a ``tool`` turn, which
    names no call, becomes a tool result of call ``kit``.
    """
    messages: list[AnyMessage] = []
    for turn in turns:
        if turn.role == "system" and _ROLE_LINE.match(turn.text):
            messages.extend(_parse_rendered(turn.text))
        else:
            messages.append(_message(turn.role, turn.text))
    return messages


def _message(role: str, text: str) -> AnyMessage:
    match role:
        case "system":
            return Message.system(text)
        case "user":
            return Message.user(text)
        case "assistant":
            return Message.assistant(text)
        case "tool":
            return Message.tool_result("kit", text)
        case _:
            raise ValueError(f"unknown kit turn role {role!r}")


def _parse_rendered(text: str) -> list[AnyMessage]:
    starts = [m.start() for m in _ROLE_LINE.finditer(text)]
    out: list[AnyMessage] = []
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        chunk = text[start:end].rstrip("\n")
        role, _, body = chunk.partition("] ")
        out.append(_message(role[1:], body))
    return out


def render_messages(messages: Sequence[AnyMessage]) -> str:
    """Messages in the kit's transcript form, ``[role] text`` one after another."""
    return "\n".join(f"[{m.role}] {m.text()}" for m in messages)


@dataclasses.dataclass
class NbagentCompactor:
    """nbagent's summary checkpoint behind the kit's ``Compactor`` protocol."""

    language: Literal["zh", "en"] = "en"
    name: str = NAME
    keep_recent_turns: int = 0
    """The kit asks for the context that replaces the transcript, and plants nothing in its
    last turns: the turns a session keeps verbatim for the model's next reply would only take
    room from the summary, so they are summarised like the rest (``NAME_WITH_TAIL`` keeps the
    view's default two, shown beside)."""

    def compact(
        self, turns: list[Turn], round_num: int = 1, budget_chars: int | None = None
    ) -> CompactedContext:
        messages = turns_to_messages(turns)
        view = nbagent_compact(messages, budget_chars, self.language, self.keep_recent_turns)
        return CompactedContext(
            text=render_messages(view), compactor_name=self.name, round_num=round_num
        )


__all__ = [
    "NAME",
    "NAME_WITH_TAIL",
    "NbagentCompactor",
    "nbagent_compact",
    "render_messages",
    "turns_to_messages",
]
