"""A turn's microcompact reports as compact JSON, saved with its timeline record.

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
from typing import Any

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

logger = logging.getLogger("nbagent.agent.timeline")

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


__all__ = ["KEPT_ROWS_LIMIT", "decode_report", "decode_reports", "encode_report", "encode_reports"]
