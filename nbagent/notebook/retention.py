"""What the model still sees of the conversation's facts: one row per fact.

::

    retention_table(session)       # fact, kind, turn, role, visible, where, lost_since, replaced_by
    check_probes(session, [Probe("Which flight?", "CA1234")])            # in the view?
    check_probes(session, [Probe("Which flight?", "CA1234")], ask=True)  # does the model say?

**What it counts** (the same everywhere: this table, ``%agent facts``, the chat widget's
"facts" line, the watermark chart's retention line and :func:`~nbagent.notebook.tune_summary`'s
retention columns): the facts of :class:`~nbagent.agent.facts.FactBook` — what the user stated
(values, and constraint and decision sentences whole), what tools returned (a listing's values
once the conversation names them again), pins; an assistant's own value only once a user or a
tool states it too. It is an extractor's reading, so it can miss a fact it does not recognise:
give :class:`Probe` s for the facts you rely on, and tune by them
(``tune_summary(..., probes=...)``).

``where`` is ``kept tail`` (a message of the view states it), ``summary prose`` (the model's
summary says it), ``ledger`` (the summary's key-facts section keeps it), ``system prompt``,
``compacted away`` (a message of the view states it, but the last request sent it cut by
microcompact without it), ``its values`` (a sentence of the user's no longer shown in their
words, but every value it states is), ``lost``, or ``replaced`` (a later statement gave it a
new value, ``replaced_by``; a replaced value is not counted, its newest value is);
``lost_since`` is the first turn of the trailing run of turns whose request no longer showed
it (from the timeline records, so it survives a restart). Every row is about the next
request, as the last turn's record saw it when no summary was made since.

**Probes** are questions a user writes for their own conversation. :func:`check_probes` says
deterministically whether each expected text is in the next request's view
(``session.request_messages()``: the system prompt and the slot's focused view, before any
microcompact). Asked (``ask=True``, or ``await ask_probes(...)``), it also puts each question to
the model — the session's provider or a given one — over that same view plus the question as a
final user message, without tools, and scores the answer by normalised containment of the
expected text. Nothing is appended to the history and nothing is saved; the calls' tokens go to
the results' ``cost`` tracker, never to ``session.cost_so_far``. A failing call is logged and
recorded in its result's ``error``; the session is untouched.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nbagent.agent import run_sync
from nbagent.agent.facts import Fact, found_in, normalize
from nbagent.agent.ledger import split_ledger
from nbagent.agent.session import AgentSession
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import AnyMessage, Message, SystemMessage
from nbagent.llm.pricing import CostTracker, Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import MessageRequest

if TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger("nbagent.notebook.retention")

PROBE_PURPOSE = "probe"
"""``MessageRequest.metadata["purpose"]`` of a probe's call (a summary's is ``"summary"``)."""

RETENTION_COLUMNS = (
    "fact",
    "kind",
    "turn",
    "role",
    "visible",
    "where",
    "lost_since",
    "replaced_by",
)


def fact_places(session: AgentSession) -> list[tuple[Fact, str]]:
    """Each fact of the current slot and where the next request shows it (``lost``: nowhere)."""
    slot = session.slot
    book = session.facts(slot)
    runs = slot.view_runs()
    summary = slot.summary_message()
    prose, ledger = split_ledger(summary.content) if summary is not None else ("", "")
    prompt = normalize(session.system_prompt or "")
    prose_key, ledger_key = normalize(prose), normalize(ledger)
    places = []
    for fact in book.facts():
        in_view = any(
            first <= i < first + count
            for i in book.statements(fact.key)
            for first, count in runs
            if first >= 0
        )
        if in_view:
            where = "kept tail"
        elif found_in(fact.key, prose_key):
            where = "summary prose"
        elif found_in(fact.key, ledger_key):
            where = "ledger"
        elif found_in(fact.key, prompt):
            where = "system prompt"
        else:
            where = "lost"
        places.append((fact, where))
    # A sentence of the user's around values is kept while they all are (the ledger's rule).
    kept = book.kept_by_values({f.key for f, w in places if w == "lost"})
    places = [(f, "its values" if f.key in kept else w) for f, w in places]
    cut = _cut_in_last_request(session)
    return [(f, "compacted away" if w != "lost" and f.text in cut else w) for f, w in places]


def _cut_in_last_request(session: AgentSession) -> frozenset[str]:
    """The facts the last turn's request did not show though its view held them: what its
    microcompact cut (empty when a summary was made since, which changed the view)."""
    timeline = session.timeline
    if not timeline:
        return frozenset()
    last = timeline[-1]
    if last.slot_id != session.slot.id or last.summary_fired:
        return frozenset()
    return frozenset(last.facts_missing)


def current_retention(session: AgentSession) -> tuple[int, int]:
    """``(kept, stated)``: how many of the current slot's facts the next request shows."""
    places = fact_places(session)
    return sum(not where.startswith(_NOT_SHOWN) for _, where in places), len(places)


def _lost_since(session: AgentSession, text: str) -> int | None:
    since = None
    for record in reversed(session.timeline):
        if text not in record.facts_missing:
            break
        since = record.turn_index
    return since


def retention_table(session: AgentSession) -> pd.DataFrame:
    """One row per fact of the current slot (see the module docstring)."""
    import pandas as pd

    rows = [
        {
            "fact": fact.text,
            "kind": fact.kind.value,
            "turn": fact.turn,
            "role": fact.role,
            "visible": not where.startswith(_NOT_SHOWN),
            "where": where,
            "lost_since": _lost_since(session, fact.text) if where == "lost" else None,
            "replaced_by": None,
        }
        for fact, where in fact_places(session)
    ]
    for old, new in session.facts(session.slot).replaced():
        rows.append(
            {
                "fact": old.text,
                "kind": old.kind.value,
                "turn": old.turn,
                "role": old.role,
                "visible": False,
                "where": "replaced",
                "lost_since": None,
                "replaced_by": new.text,
            }
        )
    return pd.DataFrame(rows, columns=list(RETENTION_COLUMNS))


_NOT_SHOWN = ("lost", "compacted away")


@dataclass(frozen=True)
class Probe:
    """A question about the conversation and the text its answer must contain."""

    question: str
    expected: str


@dataclass(frozen=True)
class ProbeResult:
    probe: Probe
    in_view: bool
    """Whether the expected text is in what the next request sends (normalised)."""
    answer: str | None = None
    """The model's answer (``None``: not asked, or the call failed)."""
    answered_correctly: bool | None = None
    """Whether the answer contains the expected text, normalised (``None``: no answer)."""
    usage: Usage | None = None
    """The tokens of the probe's call (``None``: no call answered)."""
    error: str | None = None
    """Why the call failed (``None``: it did not fail, or was not made)."""


class ProbeResults(list[ProbeResult]):
    """The results in the order of the probes, and ``cost``: the tokens of the probe calls,
    apart from the conversation's ``session.cost_so_far`` (no call when not asked)."""

    def __init__(
        self, results: Iterable[ProbeResult] = (), cost: CostTracker | None = None
    ) -> None:
        super().__init__(results)
        self.cost = cost if cost is not None else CostTracker()


def _haystack(view: Sequence[AnyMessage]) -> str:
    texts = [m.content if isinstance(m, SystemMessage) else m.text() for m in view]
    return normalize("\n".join(texts))


def _in(expected: str, haystack: str) -> bool:
    return found_in(normalize(expected), haystack)


def check_probes(
    session: AgentSession,
    probes: Sequence[Probe],
    *,
    ask: bool = False,
    provider: LlmProvider | None = None,
    model: str | None = None,
    cost: CostTracker | None = None,
) -> ProbeResults:
    """Is each probe's expected text in the next request the model is sent? With ``ask``, also
    ask the model (:func:`ask_probes`, whose arguments the others are; the sync twin)."""
    if ask:
        return run_sync(ask_probes(session, probes, provider=provider, model=model, cost=cost))
    haystack = _haystack(session.request_messages())
    return ProbeResults((ProbeResult(p, _in(p.expected, haystack)) for p in probes), cost)


def probe_request(
    session: AgentSession, view: Sequence[AnyMessage], question: str, model: str | None = None
) -> MessageRequest:
    """The call that asks ``question`` over ``view``: the session's request settings, no tools,
    purpose ``probe``; ``model`` (when given) instead of the session's."""
    messages = [*view, Message.user(question)]
    cycle = LlmCycle(session.bundle.provider, session.bundle.config.cycle, messages=messages)
    request = cycle.build_request()  # the session's model, limits and extra body; no tools
    request.metadata["purpose"] = PROBE_PURPOSE
    if model is not None:
        request.model = model
    return request


async def ask_probes(
    session: AgentSession,
    probes: Sequence[Probe],
    *,
    provider: LlmProvider | None = None,
    model: str | None = None,
    cost: CostTracker | None = None,
) -> ProbeResults:
    """Ask the model each probe's question over the next request's view; score its answers.

    ``provider`` defaults to the session's (with the session's model; another provider uses
    its own default model unless ``model`` names one). ``cost`` is the tracker the calls are
    added to (a new one by default), returned as the results' ``cost``. One call per probe, in
    order; a failing call gives a result with its ``error`` and the next probe is still asked.
    """
    await session.open()
    view = session.request_messages()
    haystack = _haystack(view)
    target = provider if provider is not None else session.bundle.provider
    if model is None and provider is not None:
        model = ""  # the given provider's own model, not the session's
    results = ProbeResults(cost=cost)
    for probe in probes:
        in_view = _in(probe.expected, haystack)
        request = probe_request(session, view, probe.question, model)
        try:
            response = await target.chat(request)
        except Exception as e:  # a probe never breaks or changes the session
            logger.warning("probe %r failed: %s: %s", probe.question, type(e).__name__, e)
            results.append(ProbeResult(probe, in_view, error=f"{type(e).__name__}: {e}"))
            continue
        results.cost.add(response.usage)
        answer = response.text()
        correct = found_in(normalize(probe.expected), normalize(answer))
        results.append(ProbeResult(probe, in_view, answer, correct, response.usage))
    return results


__all__ = [
    "PROBE_PURPOSE",
    "RETENTION_COLUMNS",
    "Probe",
    "ProbeResult",
    "ProbeResults",
    "ask_probes",
    "check_probes",
    "current_retention",
    "fact_places",
    "probe_request",
    "retention_table",
]
