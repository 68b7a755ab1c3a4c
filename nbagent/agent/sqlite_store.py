"""Deprecated: :class:`SqliteStore` lives in :mod:`nbagent.agent.store` now, beside the store
protocol and :class:`InMemoryStore` (one idea: where sessions are stored). This module re-exports
its old names for one release, with a ``DeprecationWarning``."""

import warnings

from nbagent.agent.store import DEFAULT_PATH, SCHEMA_VERSION, SqliteStore

warnings.warn(
    "nbagent.agent.sqlite_store moved to nbagent.agent.store; "
    "this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["DEFAULT_PATH", "SCHEMA_VERSION", "SqliteStore"]
