"""What the magics keep across a kernel restart: configured settings, the stored sessions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell

from nbagent.agent._settings import SessionSettings
from nbagent.agent.context import SlotMode
from nbagent.agent.store import SqliteStore
from nbagent.notebook.tables import compaction_table, token_table
from tests.test_magics import EXTENSION, ip, magics, run, session  # noqa: F401

CONFIG = "%agent config --trigger-ratio 0.5 --max-context 1_000 --debounce 1 --strategy incremental"


def restart(shell: InteractiveShell) -> None:
    """What a kernel restart leaves of the magics: nothing but the store file."""
    shell.run_line_magic("unload_ext", EXTENSION)
    shell.run_line_magic("load_ext", EXTENSION)
    assert magics(shell).book.sessions == {}


def settings_of(shell: InteractiveShell) -> tuple[Any, ...]:
    config = session(shell).bundle.config
    summary, compact = config.summary_config, config.compact_config
    assert summary is not None and compact is not None
    return (
        summary.trigger_token_ratio,
        summary.max_context_tokens,
        summary.debounce_turns,
        summary.strategy,
        compact.context_window,
    )


def test_config_survives_a_restart(ip: InteractiveShell) -> None:  # noqa: F811
    run(ip, "%agent new --provider offline --session trip")
    run(ip, CONFIG)
    assert settings_of(ip) == (0.5, 1000, 1, "incremental", 1000)
    restart(ip)
    out = run(ip, "%agent new --provider offline --session trip").stdout
    assert "Session 'trip' (new)" in out  # no turn yet: only the settings were stored
    assert settings_of(ip) == (0.5, 1000, 1, "incremental", 1000)
    assert "trigger at 500 tokens (0.5 × 1,000)" in run(ip, "%agent config").stdout
    # Off also survives, and wins over the magics' defaults (summaries on).
    run(ip, "%agent config --off")
    restart(ip)
    run(ip, "%agent new --provider offline --session trip")
    assert session(ip).bundle.config.summary_config is None
    assert "Summaries: off" in run(ip, "%agent config").stdout


def test_showing_the_config_saves_nothing(ip: InteractiveShell) -> None:  # noqa: F811
    run(ip, "%agent new --provider offline --session trip")
    run(ip, "%agent config")
    assert session(ip).configured == SessionSettings()
    # A later default applies to a session that was never configured.
    restart(ip)
    run(ip, "%config AgentMagics.max_context_tokens = 4000")
    run(ip, "%agent new --provider offline --session trip")
    assert session(ip).bundle.config.summary_config.max_context_tokens == 4000  # type: ignore[union-attr]


def test_reset_passes_the_configured_settings_on(ip: InteractiveShell) -> None:  # noqa: F811
    run(ip, "%agent new --provider offline --session first")
    run(ip, CONFIG)
    run(ip, "%agent reset")
    assert session(ip).session_id == "chat-1"
    restart(ip)
    run(ip, "%agent new --provider offline --session chat-1")
    assert settings_of(ip) == (0.5, 1000, 1, "incremental", 1000)


def test_reset_keeps_the_slot_mode_but_not_the_summary(ip: InteractiveShell) -> None:  # noqa: F811
    run(ip, "%agent new --provider offline --session first")
    run(ip, "%agent config --mode full")
    session(ip).slot.set_summary("what came before", upto=0)
    run(ip, "%agent reset")
    assert session(ip).slot.config.mode is SlotMode.FULL
    assert session(ip).slot.summary_override is None
    restart(ip)
    out = run(ip, "%agent new --provider offline --session chat-1").stdout
    assert session(ip).slot.config.mode is SlotMode.FULL
    assert "Session 'chat-1' (new)" in out


def test_compaction_and_token_tables_survive_a_restart(ip: InteractiveShell) -> None:  # noqa: F811
    def get_weather(city: str) -> str:
        """Hourly weather of a city."""
        return f"Sunny in {city}. " + "Hourly: 24C, light wind. " * 80

    ip.user_ns["tools"] = [get_weather]
    run(ip, "%config AgentMagics.max_context_tokens = 2000")
    run(ip, "%agent new --provider offline --tools tools --session weather")
    for city in ("Paris", "Rome", "Oslo"):
        run(ip, f"%%agent\nWhat is the weather in {city}?")
    before = compaction_table(session(ip)), token_table(session(ip))
    assert "Replace" in before[0]["action"].tolist()
    restart(ip)
    run(ip, "%agent new --provider offline --tools tools --session weather")
    assert compaction_table(session(ip)).equals(before[0])
    assert token_table(session(ip)).equals(before[1])
    html = run(ip, "%agent compaction").outputs[-1].data["text/html"]
    assert "Replace" in html and "large, low importance" in html


def test_sessions_lists_what_the_store_holds(
    ip: InteractiveShell,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[Path] = []
    listing = SqliteStore.session_ids

    async def spy(self: SqliteStore) -> list[str]:
        calls.append(self.path)
        return await listing(self)

    monkeypatch.setattr(SqliteStore, "session_ids", spy)
    out = run(ip, "%agent sessions").stdout
    assert "No sessions in" in out and "yet" in out
    assert not (tmp_path / ".nbagent").exists()  # listing an absent store creates nothing
    run(ip, "%agent new --provider offline --session one")
    run(ip, "%%agent\nhello")
    restart(ip)
    run(ip, "%agent new --provider offline --session two")
    captured = run(ip, "%agent sessions")
    rows = [line.split() for line in captured.outputs[-1].data["text/plain"].splitlines()[1:]]
    assert [r[1:] for r in rows] == [
        ["one", "1", "2", "False", "False", "False"],  # stored only: not open in this kernel
        ["two", "0", "0", "False", "True", "True"],
    ]
    store = tmp_path / ".nbagent" / "nbagent.sqlite3"
    assert calls and set(calls) == {store.resolve()}
    # A fresh id skips every stored one.
    run(ip, "%agent new --provider offline")
    assert session(ip).session_id == "chat-1"
    run(ip, "%%agent\nhi")
    restart(ip)
    run(ip, "%agent new --provider offline")
    assert session(ip).session_id == "chat-2"
