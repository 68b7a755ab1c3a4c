"""Deprecated: the estimate's calibration lives in :mod:`nbagent.llm.tokens` now (calibration
scales token estimates, so it is part of token estimation). This module re-exports its old names
for one release, with a ``DeprecationWarning``."""

import warnings

from nbagent.llm.tokens import (
    AGREEMENT,
    MAX_CONTEXT_TOKENS,
    MAX_RATIO,
    MIN_TOKENS,
    WINDOW,
    EstimateCalibration,
    calibration_key,
    comparable,
    plausible,
    robust_ratio,
    scaled,
)

warnings.warn(
    "nbagent.llm.calibration moved to nbagent.llm.tokens; "
    "this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = [
    "AGREEMENT",
    "MAX_CONTEXT_TOKENS",
    "MAX_RATIO",
    "MIN_TOKENS",
    "WINDOW",
    "EstimateCalibration",
    "calibration_key",
    "comparable",
    "plausible",
    "robust_ratio",
    "scaled",
]
