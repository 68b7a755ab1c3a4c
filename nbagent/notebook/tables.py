"""Token, compaction and timeline tables: pandas DataFrames read from a session's own records.

Every number comes from what the session recorded or caches -- the per-message token estimates
(the session's estimator, read through the messages' estimate cache), the timeline's
:class:`~nbagent.agent.timeline.TurnRecord` fields and the microcompact
:class:`~nbagent.llm.compact.CompactRecord` rows -- never from a second calculation. Text columns
hold raw (unescaped) previews; :func:`styled` and pandas' own HTML escape them when rendered.

``token_table(session)`` -- one row per stored message of the current slot
    ==================  ==========================================================================
    index               position in the slot's stored history (``<NA>`` on the summary row)
    turn                turn that stored the message (``<NA>`` before the first user message)
    role                ``system`` / ``user`` / ``assistant`` / ``tool``
    kind                ``system``, ``tool_result``, ``summary``, or the block kinds joined by
                        ``+`` (``text``, ``text+tool_use``, ``thinking+text``, ``image``, ...)
    tool_name           tools the message calls (assistant) or answers (tool result)
    chars               characters of :func:`message text <nbagent.notebook._records.message_text>`
                        (text, thinking, ``name({args})`` for tool uses, tool-result text)
    est_tokens          the session estimator's estimate of the message (cached on the message)
    cumulative_tokens   running sum of ``est_tokens`` over the stored history (``<NA>`` on the
                        summary row)
    input_usd           what sending the message once costs at the session model's uncached
                        input price (a cache read costs a fraction of it); ``<NA>`` when the
                        model has no known price
    in_view             whether ``slot.load_messages()`` sends it (the focused view after a
                        summary leaves covered messages out)
    compaction_action   the latest microcompact decision on it (``Skip``, ``Truncate(200)``,
                        ``Replace``, ...) in the request that turn built; ``—`` when no run
                        held it. The stored message itself is never changed.
    preview             the first 60 characters of its text
    ==================  ==========================================================================

    When the view carries a summary, a last row with ``kind="summary"`` shows the summary
    message it sends. The system prompt is not a stored message and has no row.

``compaction_table(report)`` -- one row per message of one microcompact run
    ==================  ==========================================================================
    index               position in the request the run compacted
    role, tool_name,    the message, the tools of its results, the call id of its largest result
    tool_call_id
    chars               characters of its compactable text
    tokens_before/after estimate before and after the run
    freed_tokens        ``tokens_before - tokens_after``
    score               importance: ``semantic + content + decay + reference``
    semantic            the tool's declared result semantic (+1 factual, -1 action, 0 mixed)
    content             content signal (+1 list-like data, -1 status confirmation)
    decay               -0.5 per 4 turns since produced
    reference           what later replies referring to it won back from ``decay``
    age_turns           turns since it was produced or last referenced
    action, reason      the decision and why
    ==================  ==========================================================================

    ``compaction_table(session)`` stacks every run of every turn of the timeline and puts
    ``turn``, ``run`` (0-based within the turn) and ``stored_index`` (the message's index in the
    stored history; ``<NA>`` for the system prompt and summary) in front. The rows are saved
    with each turn's timeline record, so a resumed session shows the same table; a run over
    :data:`~nbagent.agent.timeline.KEPT_ROWS_LIMIT` messages is saved without its rows
    and shows none once resumed.

``timeline_table(session)`` -- one row per turn, the :class:`TurnRecord` fields
    ``turn_index``, ``slot_id``, ``estimated_context_tokens``, ``reported_context_tokens``,
    ``requests`` (model calls of the turn), ``cache_read_tokens`` and ``cache_write_tokens``
    (what they read from and wrote into the provider's prompt cache, as the provider reported),
    ``cache_read_share`` (the reads as a share of their input tokens), ``cumulative_tokens``,
    ``watermark``, ``threshold``, ``summary_status``, ``summary_tokens`` (the summary call's
    input + output tokens), ``context_tokens_after``, ``messages_in_view``,
    ``messages_stored``, ``compaction_runs``, ``compaction_freed_tokens``, ``latency_s``,
    ``summary_latency_s``, ``streamed``, ``summary_error`` and ``summary_preview`` (the first 60
    characters of the summary made that turn); and the USD of the turn's model calls and of its
    summary call, each at the model it was billed as: ``cost_model``, ``cost_usd``,
    ``summary_cost_model``, ``summary_cost_usd`` (``<NA>`` USD: no known price, which
    :func:`styled` writes out as "no known price").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
from pandas.io.formats.style import Styler

from nbagent.agent import model_price
from nbagent.agent.session import AgentSession
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.compact import CompactPlan, CompactRecord, CompactReport
from nbagent.llm.tokens import estimate_message_tokens
from nbagent.notebook._html import escape_html, preview
from nbagent.notebook._records import (
    cycle_positions,
    fired_records,
    latest_compaction,
    message_kind,
    message_text,
    message_turns,
    tool_names,
    view_indices,
)

NO_ACTION = "—"
PREVIEW_CHARS = 60

TOKEN_COLUMNS = (
    "index",
    "turn",
    "role",
    "kind",
    "tool_name",
    "chars",
    "est_tokens",
    "cumulative_tokens",
    "input_usd",
    "in_view",
    "compaction_action",
    "preview",
)
COMPACTION_COLUMNS = (
    "index",
    "role",
    "tool_name",
    "tool_call_id",
    "chars",
    "tokens_before",
    "tokens_after",
    "freed_tokens",
    "score",
    "semantic",
    "content",
    "decay",
    "reference",
    "age_turns",
    "action",
    "reason",
)
SESSION_COMPACTION_COLUMNS = ("turn", "run", "stored_index", *COMPACTION_COLUMNS)
TIMELINE_COLUMNS = (
    "turn_index",
    "slot_id",
    "estimated_context_tokens",
    "reported_context_tokens",
    "requests",
    "cache_read_tokens",
    "cache_write_tokens",
    "cache_read_share",
    "cumulative_tokens",
    "watermark",
    "threshold",
    "summary_status",
    "summary_tokens",
    "cost_model",
    "cost_usd",
    "summary_cost_model",
    "summary_cost_usd",
    "context_tokens_after",
    "messages_in_view",
    "messages_stored",
    "compaction_runs",
    "compaction_freed_tokens",
    "latency_s",
    "summary_latency_s",
    "streamed",
    "summary_error",
    "summary_preview",
)
_NULLABLE_INT = {"index", "turn", "cumulative_tokens", "stored_index", "age_turns"}
_NULLABLE_INT |= {"reported_context_tokens", "watermark"}
_NULLABLE_INT |= {"requests"}  # the cache columns


def _frame(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> pd.DataFrame:
    frame = pd.DataFrame(list(rows), columns=list(columns))
    for name in _NULLABLE_INT & set(columns):
        frame[name] = frame[name].astype("Int64")
    for name in columns:
        if name.endswith("_usd"):  # all-None columns would be object: keep them numbers
            frame[name] = frame[name].astype("float64")
    return frame


def token_table(session: AgentSession, *, include_summary: bool = True) -> pd.DataFrame:
    """One row per stored message of the current slot (see the module docstring for columns)."""
    slot = session.slot
    messages = slot.messages
    estimator = session.bundle.config.estimator
    timeline = session.timeline
    price = model_price(session.bundle, timeline[-1].cost_model if timeline else None)
    rate = None if price is None else price.input / 1e6
    turns = message_turns(session, slot)
    names = tool_names(messages)
    shown = view_indices(slot)
    marks = latest_compaction(session, slot.id)
    rows: list[dict[str, Any]] = []
    total = 0
    for index, message in enumerate(messages):
        tokens = estimate_message_tokens(message, estimator)
        total += tokens
        text = message_text(message)
        mark = marks.get(index)
        rows.append(
            {
                "index": index,
                "turn": turns[index],
                "role": message.role,
                "kind": message_kind(message),
                "tool_name": names[index],
                "chars": len(text),
                "est_tokens": tokens,
                "cumulative_tokens": total,
                "input_usd": None if rate is None else tokens * rate,
                "in_view": index in shown,
                "compaction_action": mark.action if mark else NO_ACTION,
                "preview": preview(text, PREVIEW_CHARS),
            }
        )
    summary = slot.summary_message()
    if include_summary and summary is not None:
        fired = fired_records(session, slot.id)
        tokens = estimate_message_tokens(summary, estimator)
        rows.append(
            {
                "index": None,
                "turn": fired[-1].turn_index if fired else None,
                "role": summary.role,
                "kind": "summary",
                "tool_name": None,
                "chars": len(summary.content),
                "est_tokens": tokens,
                "cumulative_tokens": None,
                "input_usd": None if rate is None else tokens * rate,
                "in_view": True,
                "compaction_action": NO_ACTION,
                "preview": preview(summary.content, PREVIEW_CHARS),
            }
        )
    return _frame(rows, TOKEN_COLUMNS)


def _record_rows(records: Sequence[CompactRecord], only_changed: bool) -> list[dict[str, Any]]:
    rows = [r.to_row() for r in records]
    return [r for r in rows if r["action"] != "Skip"] if only_changed else rows


def _turn_rows(
    session: AgentSession, record: TurnRecord, only_changed: bool
) -> list[dict[str, Any]]:
    """The compaction rows of one turn, with ``turn``, ``run`` and ``stored_index`` in front."""
    if not record.compaction:
        return []
    positions = cycle_positions(session, record)
    rows = []
    for run, report in enumerate(record.compaction):
        for row in _record_rows(report.records, only_changed):
            index = row["index"]
            stored = positions[index] if index < len(positions) else None
            rows.append({"turn": record.turn_index, "run": run, "stored_index": stored, **row})
    return rows


def compaction_table(
    source: AgentSession | CompactReport[Any] | CompactPlan, *, only_changed: bool = False
) -> pd.DataFrame:
    """Microcompact records: of one report or plan, or of every run in a session's timeline.

    ``only_changed=True`` keeps the rows whose action is not ``Skip``.
    """
    if isinstance(source, CompactReport | CompactPlan):
        return _frame(_record_rows(source.records, only_changed), COMPACTION_COLUMNS)
    rows = [row for r in source.timeline for row in _turn_rows(source, r, only_changed)]
    return _frame(rows, SESSION_COMPACTION_COLUMNS)


def recent_compaction(session: AgentSession, limit: int) -> pd.DataFrame:
    """The last ``limit`` rows of ``compaction_table(session, only_changed=True)``, reading only
    the turns they come from (a long session's full table takes seconds to build)."""
    rows: list[dict[str, Any]] = []
    for record in reversed(session.timeline):
        if len(rows) >= limit:
            break
        rows[:0] = _turn_rows(session, record, only_changed=True)
    return _frame(rows[len(rows) - limit :] if limit else [], SESSION_COMPACTION_COLUMNS)


def timeline_table(session: AgentSession) -> pd.DataFrame:
    """One row per turn of ``session.timeline`` (see the module docstring for columns)."""
    rows = []
    for record in session.timeline:
        data = record.to_json(compaction=False)
        summary = data.pop("summary")
        data["summary_preview"] = preview(summary, PREVIEW_CHARS) if summary else None
        data.update(_cache_columns(record))
        rows.append(data)
    return _frame(rows, TIMELINE_COLUMNS)


def _cache_columns(record: TurnRecord) -> dict[str, Any]:
    """``requests`` and ``cache_read_share`` (``<NA>`` for a record saved before requests were
    kept, or whose provider reported no input)."""
    calls = record.request_usage
    sent = sum(u.input_tokens for u in calls)
    share = round(record.cache_read_tokens / sent, 4) if sent else None
    return {"requests": len(calls) or None, "cache_read_share": share}


# -- rendering --------------------------------------------------------------------------------


def _row_style(frame: pd.DataFrame) -> Any:
    def style(row: pd.Series[Any]) -> list[str]:
        css = ""
        if "in_view" in row.index and not bool(row["in_view"]):
            css = "color: #888"
        if "summary_status" in row.index and row["summary_status"] == SummaryStatus.FIRED.value:
            css = "background-color: #fff3cd"
        if "kind" in row.index and row["kind"] == "summary":
            css = "background-color: #fff3cd"
        return [css] * len(row)

    return style


NO_PRICE = "no known price"
"""What a display says for a model without a known price (never ``$0``)."""


def format_usd(value: float | None, *, unknown: str = NO_PRICE) -> str:
    """USD as the notebook shows it: ``$12.35``, ``$0.0303``, ``$0.00012``, three significant
    digits below a dollar (a turn often costs a fraction of a cent); ``unknown`` for ``None``
    or NaN (never a zero for an unknown price)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return unknown
    if value == 0:
        return "$0.00"
    sign, size = ("-", -value) if value < 0 else ("", value)
    if size >= 1:
        return f"{sign}${size:,.2f}"
    decimals = max(2, 2 - math.floor(math.log10(size)))
    text = f"{size:.{decimals}f}".rstrip("0")
    whole, _, cents = text.partition(".")
    return f"{sign}${whole}.{cents.ljust(2, '0')}"


def _usd_cell(value: object) -> str:
    return format_usd(float(value) if isinstance(value, int | float) else None)


def styled(frame: pd.DataFrame, *, caption: str | None = None) -> Styler:
    """A readable HTML rendering of a table from this module, with every text cell escaped.

    Integers get thousands separators, floats two decimals, USD columns (``*_usd``) enough digits
    for a fraction of a cent, missing values ``—`` (a USD missing beside the model it was billed
    as: "no known price"); rows left out of the view are greyed and summary rows highlighted.
    """
    formats: dict[Any, str | Callable[[object], str] | None] = {}
    for name, dtype in frame.dtypes.items():
        if pd.api.types.is_bool_dtype(dtype):
            continue
        if pd.api.types.is_integer_dtype(dtype):
            formats[str(name)] = "{:,}"
        elif pd.api.types.is_float_dtype(dtype):
            formats[str(name)] = "{:,.2f}"
    usd = [str(name) for name in frame.columns if str(name).endswith("_usd")]
    formats.update(dict.fromkeys(usd, _usd_cell))
    styler = frame.style.format(formats, na_rep=NO_ACTION, escape="html")
    for name in usd:
        # A USD cell left empty beside a model that was billed: that model has no known price.
        model = name.removesuffix("usd") + "model"
        if model in frame.columns:
            unknown = frame.index[frame[name].isna() & frame[model].notna()]
            if len(unknown):
                subset = pd.IndexSlice[unknown, [name]]
                styler = styler.format(_usd_cell, subset=subset, na_rep=NO_PRICE)
    styler = styler.format_index(escape="html", axis=1).hide(axis="index")
    styler = styler.apply(_row_style(frame), axis=1)
    if caption is not None:
        styler = styler.set_caption(escape_html(caption))
    return styler


__all__ = [
    "COMPACTION_COLUMNS",
    "SESSION_COMPACTION_COLUMNS",
    "TIMELINE_COLUMNS",
    "TOKEN_COLUMNS",
    "compaction_table",
    "recent_compaction",
    "styled",
    "timeline_table",
    "token_table",
]
