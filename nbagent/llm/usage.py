"""Deprecated: :class:`Usage`, :class:`CostTracker` and the reported-usage helpers live in
:mod:`nbagent.llm.pricing` now, beside the prices that turn a usage into USD. This module
re-exports its old names for one release, with a ``DeprecationWarning``."""

import warnings

from nbagent.llm.pricing import CostTracker, Usage, reported_count, reported_usage

warnings.warn(
    "nbagent.llm.usage moved to nbagent.llm.pricing; "
    "this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["CostTracker", "Usage", "reported_count", "reported_usage"]
