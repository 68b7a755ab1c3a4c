"""A store named by a string: ``AgentBuilder().store(url)`` and ``%agent new --store url``."""

from __future__ import annotations

from pathlib import Path

from IPython.core.interactiveshell import InteractiveShell

from nbagent.agent.builder import AgentBuilder, store_from_url
from nbagent.agent.postgres_store import PostgresStore
from nbagent.agent.store import InMemoryStore, SqliteStore
from tests.postgres_server import PostgresServer, postgres_server  # noqa: F401
from tests.test_magics import ip, magics, run, session  # noqa: F401


def test_a_string_names_the_store(tmp_path: Path) -> None:
    assert isinstance(store_from_url("memory"), InMemoryStore)
    sqlite = store_from_url(str(tmp_path / "s.sqlite3"))
    assert isinstance(sqlite, SqliteStore) and sqlite.path == tmp_path / "s.sqlite3"
    pg = AgentBuilder().provider("offline").store("postgresql://u:pw-SECRET@127.0.0.1:1/x").build()
    assert isinstance(pg.store, PostgresStore) and "pw-SECRET" not in repr(pg.store)


def test_sessions_shared_through_postgres_from_the_builder_and_the_magics(
    ip: InteractiveShell,  # noqa: F811
    postgres_server: PostgresServer,  # noqa: F811
) -> None:
    url = postgres_server.new_database("urls")
    first = AgentBuilder().provider("offline").store(url).build().session("team")
    first.submit_turn_sync("hello from kernel one")
    out = run(ip, f'%agent new --provider offline --session team --store "{url}"').stdout
    assert "resumed at turn 1" in out and "postgresql://" in out
    password = url.split(":")[2].split("@")[0]
    assert password not in out
    assert session(ip, "team").slot.messages[0].text() == "hello from kernel one"
    run(ip, "%%agent --session team\nand from kernel two")
    again = AgentBuilder().provider("offline").store(url).build().session("team")
    assert again.turn_index == 2
    for store in (first.bundle.store, again.bundle.store, session(ip, "team").bundle.store):
        assert isinstance(store, PostgresStore)
        store.close_sync()  # its pool's workers stop with it, not when the loop is collected
