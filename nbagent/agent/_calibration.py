"""A session's estimate calibration: learned from its own timeline, applied from turn to turn.

Each turn's record keeps the raw estimate of its last request (tool definitions included)
beside the input tokens the provider reported for that same request. The correction a turn
runs with is learned from the records of recent turns on the same provider and model
(:func:`nbagent.llm.calibration.robust_ratio`: the latest ratio that agrees with the others),
so a resumed session carries on where it stopped and nothing else needs saving. The cycle
applies it to microcompact's budget checks; the summary checkpoint to the watermark's estimate
(``TurnRecord.calibrated_context_tokens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nbagent.agent.config import SessionServices
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.calibration import WINDOW, calibration_key, robust_ratio, scaled
from nbagent.llm.cycle import LlmCycle


def estimate_scale(services: SessionServices, timeline: Sequence[TurnRecord]) -> float:
    """The correction for the next turn of a session on ``services`` (1.0 when off)."""
    config = services.config
    if not config.calibrate_estimates:
        return 1.0
    key = calibration_key(services.provider, config.cycle.model)
    return robust_ratio(
        (r.request_tokens_estimated, r.reported_context_tokens)
        for r in timeline[-WINDOW:]
        if r.calibration_key == key
    )


def calibration_fields(cycle: LlmCycle, reported: int | None) -> dict[str, Any]:
    """The calibration fields of the record of a turn run by ``cycle`` whose last request the
    provider reported ``reported`` input tokens for."""
    if not cycle.request_estimates:
        return {}
    raw = cycle.request_estimates[-1]
    calibrated = scaled(raw, cycle.estimate_scale)
    return {
        "request_tokens_estimated": raw,
        "request_tokens_calibrated": calibrated,
        "calibration_factor": cycle.estimate_scale,
        "calibration_key": calibration_key(cycle.provider, cycle.config.model),
        "estimate_error": round(calibrated / reported - 1, 6) if reported else None,
    }


__all__ = ["calibration_fields", "estimate_scale"]
