"""The session timeline: one record per turn, for tables, the watermark chart and tuning, and
the JSON it is saved as.

A record is saved as JSON by the turn it describes (:meth:`TurnRecord.to_json`) and read back
on resume (:meth:`TurnRecord.from_json`). The module reads in that order: what the summary
checkpoint did (:class:`SummaryStatus`), the record (:class:`TurnRecord`), then the compact form
its microcompact reports are saved in (:func:`encode_reports`, :func:`decode_reports`).

A turn's microcompact reports as compact JSON
---------------------------------------------

What is kept is what the notebook's compaction and token tables read: per run its totals (size,
tokens before and after, estimator) and one row per message with the fields of
:meth:`CompactRecord.to_row <nbagent.llm.compact.CompactRecord.to_row>` -- the per-block
``units`` and the compacted messages themselves are not kept. A run is::

    {"size": 12, "tokens_before": 1927, "tokens_after": 291, "estimator": "heuristic",
     "strings": ["system", "system message", "tool", "hotels", "Replace", ...],
     "rows": [[0, null, 15, 7, 1], ...]}

Row ``i`` is message ``i`` of the request. Roles, tool names, actions and reasons repeat from
row to row, so a row holds their position in ``strings``; a message left as it was (Skip,
nothing scored) is a short row, any other a full one::

    [role, tool_name, chars, tokens, reason]
    [role, tool_name, tool_call_id, chars, tokens_before, tokens_after, score, semantic,
     content, decay, reference, age_turns, action, reason]

``action`` is the action's name (``Skip``, ``Replace``, ``Truncate(200)``, ...).

A run over :data:`KEPT_ROWS_LIMIT` messages keeps its totals only: a plan builds its records
lazily, when read, so saving them costs building them, and for a whole 10,000-message history
compacted on every request that is about 30 ms per turn. Runs over a focused view (the tail
since the last summary) stay far below the limit.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from nbagent.errors import StoreError
from nbagent.llm.compact import (
    CompactAction,
    CompactPlan,
    CompactRecord,
    CompactReport,
    Replace,
    Skip,
    Truncate,
    TruncateStructured,
)
from nbagent.llm.messages import AnyMessage
from nbagent.llm.pricing import Usage

logger = logging.getLogger("nbagent.agent.timeline")


class SummaryStatus(StrEnum):
    """What the summary checkpoint did at the end of a turn."""

    DISABLED = "disabled"
    """No ``SummaryConfig``: the checkpoint does nothing."""
    NOT_NEEDED = "not_needed"
    """The watermark stayed below the trigger line."""
    DEBOUNCED = "debounced"
    """Over the line, but fewer than ``debounce_turns`` turns since the last summary."""
    FIRED = "fired"
    """A summary was made and stored."""
    EMPTY = "empty"
    """Over the line with an empty history: nothing to summarise, no call made."""
    FAILED = "failed"
    """The summary call failed; it was logged and nothing changed."""
    PENDING = "pending"
    """The turn is saved and its summary step has not run: a streamed turn before
    ``finalize_turn()``, or a turn with a summary due interrupted (or its process killed)
    before the summary was made. A turn with no summary due is saved with its final status."""


@dataclass
class TurnRecord:
    """One turn, as the checkpoint saw it.

    ``estimated_context_tokens`` is the estimate of the context the next turn sends (the
    slot's ``load_messages()`` plus the system prompt) before any summary of this turn;
    ``reported_context_tokens`` the input tokens the provider reported for the turn's last
    request (``None`` when it reported none); ``watermark`` the value compared with
    ``threshold`` under the configured mode; ``context_tokens_after`` the estimate after the
    summary (equal to the estimate when none fired).
    """

    turn_index: int
    slot_id: str
    estimated_context_tokens: int
    reported_context_tokens: int | None
    cumulative_tokens: int
    watermark: int | None = None
    threshold: float | None = None
    summary_status: SummaryStatus = SummaryStatus.DISABLED
    summary: str | None = None
    summary_error: str | None = None
    summary_tokens: int = 0
    context_tokens_after: int = 0
    messages_in_view: int = 0
    messages_stored: int = 0
    compaction: list[Any] = field(default_factory=list)
    """The turn's microcompact reports (``CompactReport``), oldest first.

    A record read back from a store holds reports rebuilt from their saved rows: totals and
    records (what the compaction and token tables read), no ``messages``; a run over
    :data:`KEPT_ROWS_LIMIT` messages comes back with its totals only (see the module
    docstring)."""
    compaction_freed_tokens: int = 0
    latency_s: float = 0.0
    """Wall time of the model part of the turn (requests and tools)."""
    summary_latency_s: float = 0.0
    streamed: bool = False
    facts_stated: int = 0
    """Distinct facts stated in the slot so far (see :mod:`nbagent.agent.facts`)."""
    facts_visible: int = 0
    """How many of them the turn's last request still showed the model."""
    facts_missing: list[str] = field(default_factory=list)
    """The facts it no longer showed, as stated."""
    probes_stated: int = 0
    """Of the session's probes (a tuple ``AgentConfig.track_retention``), how many the slot's
    messages (or pins) have stated so far."""
    probes_visible: int = 0
    """How many of them the turn's last request still showed the model."""
    probes_missing: list[str] = field(default_factory=list)
    """The stated probes it no longer showed."""
    request_positions: list[tuple[int, int]] = field(default_factory=list)
    """Which stored message of the slot each position of the turn's requests was, as
    ``(first stored index, count)`` runs; ``-1`` for messages not stored (the system prompt, the
    summary). Compaction records number messages by this position (see :meth:`positions`)."""
    # -- USD at the model's list price (nbagent.agent._turn); None: no known price ---------
    cost_model: str | None = None
    """The model the turn's requests were billed as (``None``: a record saved before prices)."""
    cost_usd: float | None = None
    """USD of the turn's model calls at ``cost_model``'s price; ``None`` when it has none."""
    summary_cost_model: str | None = None
    """The model the turn's summary call was billed as (``None``: no summary call)."""
    summary_cost_usd: float | None = None
    """USD of the summary call at ``summary_cost_model``'s price (also when its result was not
    kept: the call was billed); ``None`` when the model has no known price."""
    # -- end of USD fields ------------------------------------------------------------------
    # -- the prompt-cache prefix (nbagent.llm.cycle.sent_request) ---------------------------
    prefix_kept_tokens: int | None = None
    """Estimated tokens the turn's first request repeated, from its start, of the request sent
    before it: what a provider's prompt cache could serve (``None``: no request before it in
    this process, or a record saved before this was measured)."""
    prefix_kept_share: float | None = None
    """``prefix_kept_tokens`` as a share of that request's estimated tokens."""
    # -- end of prefix fields ---------------------------------------------------------------
    # -- the provider's prompt cache, as it reported it (nbagent.agent._turn) ----------------
    cache_read_tokens: int = 0
    """Input tokens the turn's requests read from the provider's prompt cache (their sum; part
    of each request's input tokens)."""
    cache_write_tokens: int = 0
    """Input tokens they wrote into it (Anthropic, DashScope's explicit cache); 0 where writing
    costs nothing extra (OpenAI, DeepSeek) or the provider reports none."""
    request_usage: list[Usage] = field(default_factory=list)
    """Each request of the turn as the provider reported it, in order: its input (cached
    included), cache-read, cache-write, output and reasoning tokens. Empty in a record saved
    before these were kept."""
    # -- end of cache fields ----------------------------------------------------------------
    # -- estimate calibration (nbagent.agent._turn): the turn's last request ----------------
    request_tokens_estimated: int | None = None
    """The raw estimate of the turn's last request, its tool definitions included: what
    ``reported_context_tokens`` counted (``None``: a record saved before calibration)."""
    request_tokens_calibrated: int | None = None
    """That estimate times ``calibration_factor``."""
    calibration_factor: float = 1.0
    """The correction the turn ran with: reported over estimated tokens of the latest earlier
    turn on ``calibration_key`` whose ratio agrees with the recent ones
    (:func:`~nbagent.llm.tokens.robust_ratio`; 1.0 until two reports agree). It scales
    microcompact's budget checks and the watermark's estimate
    (:attr:`calibrated_context_tokens`)."""
    calibration_key: str | None = None
    """``provider/model``: whose reports the correction is learned from."""
    estimate_error: float | None = None
    """``request_tokens_calibrated / reported_context_tokens - 1`` (``None`` without a report)."""
    # -- end of calibration fields ----------------------------------------------------------

    @property
    def calibrated_context_tokens(self) -> int:
        """``estimated_context_tokens`` times ``calibration_factor`` (calibration fields)."""
        return round(self.estimated_context_tokens * self.calibration_factor)

    def positions(self) -> list[int | None]:
        """The stored index of each request position (``None``: not a stored message)."""
        return [
            None if first < 0 else first + k
            for first, count in self.request_positions
            for k in range(count)
        ]

    @property
    def retention(self) -> float | None:
        """``facts_visible / facts_stated`` (``None`` before any fact was stated)."""
        return self.facts_visible / self.facts_stated if self.facts_stated else None

    @property
    def probe_retention(self) -> float | None:
        """``probes_visible / probes_stated`` (``None`` before any probe was stated)."""
        return self.probes_visible / self.probes_stated if self.probes_stated else None

    @property
    def summary_fired(self) -> bool:
        return self.summary_status is SummaryStatus.FIRED

    @property
    def usage_estimated(self) -> bool:
        """Whether any request's usage is nbagent's estimate in the server's place (it sent
        none, or one that cannot be the request's): see :attr:`Usage.estimated
        <nbagent.llm.pricing.Usage.estimated>`."""
        return any(u.estimated for u in self.request_usage)

    def to_json(self, *, compaction: bool = True) -> dict[str, Any]:
        """The record as JSON data, as the session saves it.

        ``compaction_runs`` counts the reports; ``compaction`` holds them in compact form
        (leave it out with ``compaction=False`` when only the scalar fields are wanted).
        """
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "compaction"}
        data["request_positions"] = [list(run) for run in self.request_positions]
        data["summary_status"] = self.summary_status.value
        data["compaction_runs"] = len(self.compaction)
        data["request_usage"] = [u.model_dump() for u in self.request_usage]  # cache fields
        if compaction:
            data["compaction"] = encode_reports(self.compaction)
        return data

    @classmethod
    def from_json(cls, data: Any, *, where: str = "a session") -> TurnRecord:
        """A record read back from a store, its compaction reports rebuilt from their rows.

        Records saved before reports were kept come back without reports. A record that is not
        one (a damaged row) raises :class:`StoreError` naming ``where`` it was read.
        """
        try:
            names = {f.name for f in fields(cls)} - {"compaction"}
            values = {k: v for k, v in dict(data).items() if k in names}
            values["summary_status"] = SummaryStatus(values.get("summary_status", "disabled"))
            turn = f"turn {values.get('turn_index')}"
            values["compaction"] = decode_reports(data.get("compaction"), turn)
            values["request_positions"] = [
                (int(first), int(count)) for first, count in values.get("request_positions", [])
            ]
            # cache fields: absent from records saved before them
            values["request_usage"] = [
                Usage.model_validate(u) for u in values.get("request_usage", [])
            ]
            record = cls(**values)
            _check_types(record)
        except StoreError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as e:
            raise StoreError(
                f"a timeline record of {where} is damaged ({type(e).__name__}: {e}). Delete "
                "that record from the store's 'timeline' namespace, or open another session id."
            ) from e
        return record


def _check_types(record: TurnRecord) -> None:
    """Refuse a record whose counters are not numbers (a row written by hand or damaged)."""
    for name in ("turn_index", "estimated_context_tokens", "cumulative_tokens"):
        value = getattr(record, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {value!r}")
    if not isinstance(record.slot_id, str):
        raise TypeError(f"slot_id must be a string, got {record.slot_id!r}")
    for name in ("cache_read_tokens", "cache_write_tokens"):  # the cache fields
        value = getattr(record, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {value!r}")
    factor = record.calibration_factor  # the calibration fields
    if isinstance(factor, bool) or not isinstance(factor, int | float) or factor <= 0:
        raise TypeError(f"calibration_factor must be a positive number, got {factor!r}")
    for name in ("cost_usd", "summary_cost_usd"):  # the USD fields: None or a number
        value = getattr(record, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise TypeError(f"{name} must be a number or null, got {value!r}")


# -- a turn's microcompact reports as compact JSON (see the module docstring) -------------------

KEPT_ROWS_LIMIT = 500
"""Runs over more messages than this are saved with their totals but without rows."""

_SCORES_UNSET = (None,) * 6  # score, semantic, content, decay, reference, age_turns
_ACTIONS: dict[str, CompactAction] = {"Skip": Skip(), "Replace": Replace()}
_KEEP_ACTION = re.compile(r"(Truncate|TruncateStructured)\((\d+)\)")


def _encode_rows(records: Sequence[CompactRecord]) -> tuple[list[str], list[list[Any]]]:
    """The string table and the rows (positional: a save makes one row per message)."""
    table: dict[str | None, int | None] = {None: None}  # no tool name stays null

    def code(text: str | None) -> int | None:
        return table.setdefault(text, len(table) - 1)  # a new string goes at the end

    rows: list[list[Any]] = []
    for position, r in enumerate(records):
        if r[0] != position:
            raise ValueError(f"record {position} has index {r[0]}")
        role, name = code(r[1]), code(r[2])
        if r[3] is None and r[5] == r[6] and r[13].kind == "skip" and r[7:13] == _SCORES_UNSET:
            rows.append([role, name, r[4], r[5], code(r[14])])
        else:
            rows.append([role, name, *r[3:13], code(r[13].name), code(r[14])])
    strings = [text for text in table if text is not None]
    return strings, rows


def encode_report(report: CompactReport[Any]) -> dict[str, Any]:
    """One run: totals, and its rows when it covers at most :data:`KEPT_ROWS_LIMIT` messages."""
    plan = report.plan
    data: dict[str, Any] = {
        "size": plan.size,
        "tokens_before": plan.tokens_before,
        "tokens_after": plan.tokens_after,
        "estimator": plan.estimator,
    }
    if plan.size <= KEPT_ROWS_LIMIT:
        try:
            data["strings"], data["rows"] = _encode_rows(plan.records)
        except ValueError as e:  # records out of order: keep the totals, never fail the turn
            logger.warning("compaction rows not saved: %s", e)
    return data


def encode_reports(reports: Sequence[CompactReport[Any]]) -> list[dict[str, Any]]:
    return [encode_report(r) for r in reports]


def _action(name: str) -> CompactAction:
    action = _ACTIONS.get(name)
    if action is not None:
        return action
    match = _KEEP_ACTION.fullmatch(name)
    if match is None:
        raise ValueError(f"unknown compaction action {name!r}")
    keep = int(match.group(2))
    action = Truncate(keep) if match.group(1) == "Truncate" else TruncateStructured(keep)
    _ACTIONS[name] = action
    return action


def _decode_rows(strings: list[str], rows: list[list[Any]]) -> list[CompactRecord]:
    def text(code: int | None) -> str | None:
        return None if code is None else strings[code]

    records = []
    for index, row in enumerate(rows):
        if len(row) == 5:
            role, name, chars, tokens, reason = row
            record = CompactRecord(
                index, strings[role], text(name), None, chars, tokens, tokens, *_SCORES_UNSET,
                _ACTIONS["Skip"], strings[reason],
            )  # fmt: skip
        elif len(row) == 14:
            role, name, call_id, chars, before, after, *scores, action, reason = row
            score, semantic, content, decay, reference, age_turns = scores
            record = CompactRecord(
                index, strings[role], text(name), call_id, chars, before, after, score, semantic,
                content, decay, reference, age_turns, _action(strings[action]), strings[reason],
            )  # fmt: skip
        else:
            raise ValueError(f"a compaction row has 5 or 14 fields, got {len(row)}")
        records.append(record)
    return records


def _decoder(data: dict[str, Any], where: str) -> Callable[[], list[CompactRecord]]:
    def build() -> list[CompactRecord]:
        rows = data.get("rows")
        if rows is None:
            return []
        try:
            return _decode_rows(data["strings"], rows)
        except (KeyError, IndexError, TypeError, ValueError) as e:
            logger.warning(
                "compaction rows of %s cannot be read (%s); shown without them", where, e
            )
            return []

    return build


def decode_report(data: dict[str, Any], where: str = "a stored run") -> CompactReport[AnyMessage]:
    """A report rebuilt from :func:`encode_report`'s form: totals and records, no messages.

    Its records are decoded when first read; unreadable rows (a newer nbagent's) read as none.
    """
    plan = CompactPlan(
        tokens_before=int(data["tokens_before"]),
        tokens_after=int(data["tokens_after"]),
        estimator=str(data.get("estimator", "")),
        changes={},
        changed_tokens={},
        size=int(data["size"]),
        build_records=_decoder(data, where),
    )
    return CompactReport(messages=[], plan=plan)


def decode_reports(data: Any, where: str = "a stored turn") -> list[CompactReport[AnyMessage]]:
    """The reports of a stored record (none when it has none, or they cannot be read)."""
    if not data:
        return []
    try:
        return [decode_report(run, f"{where}, run {n}") for n, run in enumerate(data)]
    except (KeyError, TypeError, ValueError) as e:
        logger.warning("compaction reports of %s cannot be read (%s); left out", where, e)
        return []


__all__ = ["SummaryStatus", "TurnRecord"]
