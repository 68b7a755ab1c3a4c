"""A throwaway PostgreSQL server for the store tests and the ``stores`` benchmark.

:func:`running_server` finds Debian's server binaries (``/usr/lib/postgresql/*/bin``), runs
``initdb`` in a temporary directory, starts the server on 127.0.0.1 with a free port (fsync off:
the data dies with the run anyway), waits until it accepts connections, and stops it with
``pg_ctl stop -m fast`` at the end. PostgreSQL refuses to run as root, so under root (as CI runs)
the server runs as the system user ``nbagent-pg`` (created when absent) through ``runuser``.

The superuser ``nbagent`` logs in over TCP with a password made for the run, so the tests see a
real password in the URL and can check that no repr, log line or error shows it.

A missing server is installed, not skipped: ``make postgres-server`` (which ``make test`` runs)
installs it with ``scripts/install_postgres.sh``. ``NBAGENT_POSTGRES_URL`` names an existing
server instead (its user must be allowed to create databases).

The pytest fixture :func:`postgres_server` is session-scoped: one server for the whole run (for
every module that imports the fixture), and :meth:`PostgresServer.new_database` gives each test
a database of its own. A watchdog process stops the server even when pytest is killed. Tests that
restart the server (:meth:`PostgresServer.restart`) run a server of their own with
:func:`running_server`, so no other test loses its connections.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

SERVER_USER = "nbagent-pg"
"""The unprivileged system user the server runs as when the tests run as root."""

ADMIN_USER = "nbagent"
STARTUP_DEADLINE = 60.0
"""Seconds the server may take to accept connections before the fixture gives up."""

INSTALL_HINT = (
    "run `make postgres-server` (it runs scripts/install_postgres.sh: apt-get install "
    "postgresql), set NBAGENT_PG_BIN to a directory holding initdb and pg_ctl, or set "
    "NBAGENT_POSTGRES_URL to an existing server"
)


def server_binaries() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``: ``NBAGENT_PG_BIN``, the newest Debian
    server, or the ``PATH``."""
    explicit = os.environ.get("NBAGENT_PG_BIN", "").strip()
    candidates = [Path(explicit)] if explicit else []
    debian = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    debian.sort(key=lambda p: [int(x) for x in Path(p).parts[-3].split(".") if x.isdigit()])
    candidates += [Path(p).parent for p in reversed(debian)]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for directory in candidates:
        if (directory / "initdb").is_file() and (directory / "pg_ctl").is_file():
            return directory
    raise RuntimeError(f"no PostgreSQL server binaries (initdb, pg_ctl) found: {INSTALL_HINT}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ensure_server_user() -> str:
    """``nbagent-pg``, created as a system user without a home when it does not exist yet."""
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                SERVER_USER,
            ],
            check=True,
            capture_output=True,
        )
    return SERVER_USER


@dataclass
class PostgresServer:
    """A running server: :attr:`admin_url` reaches its ``postgres`` database as superuser."""

    admin_url: str
    _names: Iterator[int] = field(default_factory=itertools.count)
    _cluster: _Cluster | None = None
    _port: int | None = None

    @property
    def restartable(self) -> bool:
        """Whether this run started the server (an ``NBAGENT_POSTGRES_URL`` one is not ours)."""
        return self._cluster is not None

    def restart(self) -> None:
        """Stop the server (``-m fast``: every connection is closed) and start it again on the
        same port; returns once it accepts connections."""
        assert self._cluster is not None and self._port is not None, "not a server of this run"
        self._cluster.stop()
        self._cluster.start(self._port)
        wait_until_ready(self.admin_url, self._cluster, STARTUP_DEADLINE)

    def terminate_backends(self, database: str) -> int:
        """``pg_terminate_backend`` every other connection to ``database``, waiting until each
        backend has exited; how many."""
        import psycopg

        query = (
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, %s)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()"
        )
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            row = conn.execute(query, (int(STARTUP_DEADLINE * 1000), database)).fetchone()
        return int(row[0]) if row is not None else 0

    def url(self, database: str) -> str:
        parts = urllib.parse.urlsplit(self.admin_url)
        return urllib.parse.urlunsplit(parts._replace(path=f"/{database}"))

    def new_database(self, prefix: str = "t", *, owner: str | None = None) -> str:
        """Create an empty database (owned by role ``owner``, if given) and return its URL."""
        import psycopg

        name = f"nbagent_{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            owned = f' OWNER "{owner}"' if owner else ""
            conn.execute(f'CREATE DATABASE "{name}"{owned}')
        return self.url(name)

    def new_role(self, name: str, password: str) -> None:
        """Create (or reset) a login role with ``password``."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
            verb = "ALTER" if exists else "CREATE"
            conn.execute(
                sql.SQL(verb + " ROLE {} LOGIN PASSWORD {}").format(
                    sql.Identifier(name), sql.Literal(password)
                )
            )


class _Cluster:
    """One data directory and the commands that run on it (as ``nbagent-pg`` under root)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="nbagent-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.password = secrets.token_urlsafe(18)
        self.user = ensure_server_user() if os.geteuid() == 0 else None
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def run(self, *command: str, timeout: float = STARTUP_DEADLINE) -> None:
        argv = [str(self.bindir / command[0]), *command[1:]]
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(
                f"{command[0]} failed ({done.returncode}): {done.stderr.strip() or done.stdout}"
                f"\n{self.log_tail()}"
            )

    def log_tail(self) -> str:
        try:
            return "server log:\n" + "\n".join(self.log.read_text().splitlines()[-20:])
        except OSError:
            return "(no server log)"

    def init(self) -> None:
        pwfile = self.root / "pwfile"
        pwfile.write_text(self.password + "\n")
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(pwfile, entry.pw_uid, entry.pw_gid)
        pwfile.chmod(0o600)
        self.run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            ADMIN_USER,
            f"--pwfile={pwfile}",
            "--auth-host=scram-sha-256",
            "--auth-local=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        pwfile.unlink()

    def start(self, port: int) -> None:
        options = " ".join(
            [
                "-c listen_addresses=127.0.0.1",
                f"-c port={port}",
                f"-c unix_socket_directories={self.root}",
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
                "-c max_connections=200",
            ]
        )
        # -w: pg_ctl waits (bounded by -t) and fails at once if the server exits, e.g. when
        # the port was taken; wait_until_ready then checks a real connection.
        deadline = str(int(STARTUP_DEADLINE))
        self.run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            deadline,
            "-o",
            options,
            "start",
            timeout=STARTUP_DEADLINE + 10,
        )

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def watchdog(self) -> subprocess.Popen[bytes]:
        """A process that stops the server and removes its directory once this process is
        gone, however it ended (a ``timeout`` or Ctrl-C kills pytest before its teardown).

        It waits for the end of its stdin; the pipe closes when this process exits.
        """
        stop = [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]
        if self.user is not None:
            stop = ["runuser", "-u", self.user, "--", *stop]
        code = (
            "import shutil, subprocess, sys; sys.stdin.buffer.read(); "
            f"subprocess.run({stop!r}, capture_output=True, timeout=60); "
            f"shutil.rmtree({str(self.root)!r}, ignore_errors=True)"
        )
        return subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, start_new_session=True
        )


def wait_until_ready(url: str, cluster: _Cluster | None, deadline: float) -> None:
    """Poll until the server accepts a connection, for at most ``deadline`` seconds."""
    import psycopg

    give_up = time.monotonic() + deadline
    while True:
        try:
            with psycopg.connect(url, connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            return
        except psycopg.OperationalError as e:
            if time.monotonic() > give_up:
                tail = cluster.log_tail() if cluster is not None else ""
                raise RuntimeError(f"PostgreSQL did not accept connections: {e}\n{tail}") from e
            time.sleep(0.05)


@contextlib.contextmanager
def running_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the duration of the block (``NBAGENT_POSTGRES_URL``'s, if set)."""
    existing = os.environ.get("NBAGENT_POSTGRES_URL", "").strip()
    if existing:
        wait_until_ready(existing, None, STARTUP_DEADLINE)
        yield PostgresServer(existing)
        return
    cluster = _Cluster(server_binaries())
    watchdog = cluster.watchdog()
    try:
        cluster.init()
        for attempt in range(3):  # a free port can be taken before the server binds it
            port = free_port()
            try:
                cluster.start(port)
                url = f"postgresql://{ADMIN_USER}:{cluster.password}@127.0.0.1:{port}/postgres"
                wait_until_ready(url, cluster, STARTUP_DEADLINE)
                break
            except RuntimeError:
                cluster.stop()
                if attempt == 2:
                    raise
        yield PostgresServer(url, _cluster=cluster, _port=port)
    finally:
        cluster.stop()
        cluster.remove()
        assert watchdog.stdin is not None
        watchdog.stdin.close()
        watchdog.wait(STARTUP_DEADLINE)


_shared: list[PostgresServer] = []
_users: list[object] = []
_stack = contextlib.ExitStack()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the test run; each test makes its own database on it.

    Every module that imports this fixture gets its own session-scoped copy of it; they share
    one server, started by the first and stopped when the last is torn down.
    """
    token = object()
    if not _shared:
        _shared.append(_stack.enter_context(running_server()))
    _users.append(token)
    try:
        yield _shared[0]
    finally:
        _users.remove(token)
        if not _users:
            _shared.clear()
            _stack.close()
