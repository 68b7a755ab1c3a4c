"""The session timeline: one record per turn, for tables, the watermark chart and tuning.

A record is saved as JSON by the turn it describes (:meth:`TurnRecord.to_json`) and read back
on resume (:meth:`TurnRecord.from_json`), its microcompact reports included in the compact form
of :mod:`nbagent.agent._compaction_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from nbagent.agent._compaction_json import decode_reports, encode_reports
from nbagent.errors import StoreError
from nbagent.llm.usage import Usage


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
    :data:`~nbagent.agent._compaction_json.KEPT_ROWS_LIMIT` messages comes back with its totals
    only (see there)."""
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
    """Of the session's probes (``AgentConfig.probes``), how many the slot's messages (or pins)
    have stated so far."""
    probes_visible: int = 0
    """How many of them the turn's last request still showed the model."""
    probes_missing: list[str] = field(default_factory=list)
    """The stated probes it no longer showed."""
    request_positions: list[tuple[int, int]] = field(default_factory=list)
    """Which stored message of the slot each position of the turn's requests was, as
    ``(first stored index, count)`` runs; ``-1`` for messages not stored (the system prompt, the
    summary). Compaction records number messages by this position (see :meth:`positions`)."""
    # -- USD at the model's list price (nbagent.agent.spend); None: no known price ---------
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
    # -- the prompt-cache prefix (nbagent.llm.prefix) ----------------------------------------
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
    (:func:`~nbagent.llm.calibration.robust_ratio`; 1.0 until two reports agree, or with
    ``AgentConfig.calibrate_estimates`` off). It scales microcompact's budget checks and the
    watermark's estimate (:attr:`calibrated_context_tokens`)."""
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
        <nbagent.llm.usage.Usage.estimated>`."""
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


__all__ = ["SummaryStatus", "TurnRecord"]
