"""Deprecated: what a session spent (:class:`SpendTotals`, :func:`spend_totals`,
:func:`model_price`) comes from :mod:`nbagent.agent` now; the code is the last section of the
module that builds a turn's record (pricing a turn's calls is part of building it). This module
re-exports its old names for one release, with a ``DeprecationWarning``."""

import warnings

from nbagent.agent import SpendTotals, model_price, spend_totals
from nbagent.agent._turn import price_summary as price_summary
from nbagent.agent._turn import price_turn as price_turn

warnings.warn(
    "nbagent.agent.spend moved to nbagent.agent; this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["SpendTotals", "model_price", "spend_totals"]
