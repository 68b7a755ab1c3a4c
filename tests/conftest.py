"""What every test module shares: Hypothesis profiles, the ``serve`` and ``compact_rules``
fixtures.

``serve(*replies)`` starts a loopback :class:`~tests.wire_server.WireServer` replaying
``replies`` and stops it after the test (a module may define its own ``serve``, which wins).

Hypothesis profiles: reproducible on CI, exploring (and remembering failures) on a laptop.

- ``ci`` (loaded when ``CI=true``, as ``.ci/run`` and CI services set it): the same examples on
  every run (``derandomize``), no example database (a fresh clone has none, and a stale one must
  not change what runs), no deadlines and no too-slow health check (a loaded 2-core machine is
  slow, not wrong), and a failure prints the blob that reproduces it (``@reproduce_failure``).
- ``dev`` (the default): Hypothesis' own defaults, random examples and the local example
  database under ``.hypothesis/``, so a failure found once is tried first next time.

``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly; so does pytest's
``--hypothesis-profile``.

A test's own ``@settings(max_examples=...)`` inherits every value it does not set from the profile
loaded here: this module is imported before any test module, and a ``settings`` object takes its
defaults when it is created, at import of the test module.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.wire_server import Reply, ReplySource, WireServer

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", settings.get_profile("default"))


def _profile() -> str:
    explicit = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if explicit:
        return explicit
    # Hypothesis alone would load its own "ci" for any CI variable, even CI=false.
    return "ci" if os.environ.get("CI", "").strip().lower() in {"true", "1"} else "dev"


settings.load_profile(_profile())


@pytest.fixture
def serve() -> Iterator[Callable[..., WireServer]]:
    """``serve(*replies, default=None)`` starts a loopback wire server, stopped after the test."""
    servers: list[WireServer] = []

    def start(*replies: Reply, default: ReplySource | None = None) -> WireServer:
        servers.append(WireServer(replies, default=default).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


class CompactRules:
    """Microcompact's fixed rules, changed for one test: a decay that runs faster or slower
    than every 4 turns, or a compaction worthwhile at any size, so a test sees one rule at a
    time in few turns (users cannot change them; they are no settings)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._monkeypatch = monkeypatch

    def decay_every(self, turns: int) -> None:
        from nbagent.llm.compact import _policy

        self._monkeypatch.setattr(_policy, "DECAY_EVERY_TURNS", turns)

    def worthwhile(self, tokens: int) -> None:
        """Every compaction frees enough at ``0``; none does at a huge number."""
        from nbagent.llm.compact import CompactConfig

        self._monkeypatch.setattr(CompactConfig, "worthwhile_tokens", property(lambda _: tokens))


@pytest.fixture
def compact_rules(monkeypatch: pytest.MonkeyPatch) -> CompactRules:
    return CompactRules(monkeypatch)
