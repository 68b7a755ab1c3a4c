"""Case `stores`: many writer processes on one store, SQLite (a file) and PostgreSQL (a server).

Per store, six processes start together (a barrier: each opens its session, says it is ready
and waits for the word): four run ``TURNS`` turns each on sessions of their own, and two run
``TURNS`` turns each on one shared session. The provider is an instant offline one that answers
``reply to <prompt>``, so the time is the session's and the store's. On the shared session the
two writers race: a turn whose save finds that the other process wrote first fails with the
store's conflict :class:`StoreError`; the writer then opens the session again (what the error
says to do) and goes on with its next prompt.

After the run, from a fresh store object, the case proves nothing was lost, duplicated or torn:

- each own session holds exactly ``2 x TURNS`` messages, prompt and reply in order, and a
  timeline record per turn;
- the shared session holds ``2 x`` the turns its writers saved, every saved prompt exactly once
  and followed by its own reply, no failed prompt at all, message indices 0..n-1 without gaps,
  and one timeline record per saved turn;
- every failed turn failed with the conflict ``StoreError``, nothing else.

Throughput is turns saved per second of wall time, all six processes together (2 cores here).
PostgreSQL is a throwaway server started for the run (``tests/postgres_server.py``; fsync off,
as SQLite's WAL with ``synchronous=NORMAL`` does not sync each commit either), or the server
``NBAGENT_POSTGRES_URL`` names (its user must be allowed to create a database).

Run alone: ``python -m benchmarks.bench_stores``.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks._report import print_case
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.session import AgentSession
from nbagent.agent.store import MemoryStore, SqliteStore
from nbagent.errors import StoreError
from nbagent.llm.messages import UserMessage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest

OWN_WRITERS = 4
SHARED_WRITERS = 2
TURNS = 50
SHARED = "shared"
CONFLICT = "another session object wrote to the same session"
STORE_ENV = "NBAGENT_BENCH_STORE"
"""How a worker finds its store: ``sqlite:<path>`` or ``postgres:<url>`` (an environment
variable, not an argument: a URL's password does not belong on a command line)."""

ROOT = Path(__file__).resolve().parent.parent


def open_store(spec: str) -> MemoryStore:
    kind, _, where = spec.partition(":")
    if kind == "sqlite":
        return SqliteStore(where)
    if kind == "postgres":
        from nbagent.agent.postgres_store import PostgresStore

        return PostgresStore(where)
    raise ValueError(f"unknown store spec {kind!r}")


def answer(request: MessageRequest) -> str:
    last = request.messages[-1]
    return f"reply to {last.text() if isinstance(last, UserMessage) else '?'}"


async def open_session(store: MemoryStore, session_id: str) -> AgentSession:
    bundle = AgentBuilder().provider(OfflineProvider(answer)).store(store).build()
    return await bundle.open_session(session_id)


# -- a worker process ----------------------------------------------------------------------------


async def work(spec: str, writer: str, session_id: str, turns: int) -> dict[str, Any]:
    """Run ``turns`` prompts on ``session_id``, reopening after each conflict; report it."""
    store = open_store(spec)
    session = await open_session(store, session_id)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # the barrier: every worker starts together
    saved: list[str] = []
    conflicts, errors = 0, []
    started = time.perf_counter()
    for i in range(turns):
        prompt = f"{writer}-{i}"
        try:
            await session.submit_turn(prompt)
            saved.append(prompt)
        except StoreError as e:
            if CONFLICT not in str(e):
                errors.append(str(e))
            conflicts += 1
            session = await open_session(store, session_id)  # what the error says to do
    seconds = time.perf_counter() - started
    await store.close()
    return {"saved": saved, "conflicts": conflicts, "errors": errors, "seconds": seconds}


def worker_main(argv: list[str]) -> None:
    writer, session_id, turns = argv[0], argv[1], int(argv[2])
    result = asyncio.run(work(os.environ[STORE_ENV], writer, session_id, turns))
    print(json.dumps(result), flush=True)


# -- the run ---------------------------------------------------------------------------------------


def run_writers(spec: str, own: int, shared: int, turns: int) -> tuple[float, dict[str, Any]]:
    """Start every writer, release them together, and return (wall seconds, their reports)."""
    env = {**os.environ, STORE_ENV: spec, "PYTHONPATH": str(ROOT)}
    plan = [(f"own{k}", f"own{k}") for k in range(own)]
    plan += [(f"shared{k}", SHARED) for k in range(shared)]
    procs = {
        writer: subprocess.Popen(
            [sys.executable, "-m", "benchmarks.bench_stores", "--worker", writer, sid, str(turns)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        for writer, sid in plan
    }
    try:
        for writer, proc in procs.items():
            assert proc.stdout is not None
            line = proc.stdout.readline().strip()
            if line != "ready":
                raise RuntimeError(f"writer {writer} did not start: {line!r}")
        started = time.perf_counter()
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.close()
        reports = {}
        for writer, proc in procs.items():
            assert proc.stdout is not None
            out = proc.stdout.read()
            if proc.wait(300) != 0:
                raise RuntimeError(f"writer {writer} failed (exit {proc.returncode})")
            reports[writer] = json.loads(out.strip().splitlines()[-1])
        return time.perf_counter() - started, reports
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()


async def check(spec: str, reports: dict[str, Any], turns: int) -> dict[str, Any]:
    """What the store holds after the run, checked against what the writers say they saved."""
    store = open_store(spec)
    problems: list[str] = []
    try:
        for writer, report in reports.items():
            if writer.startswith("own"):
                problems += await check_own(store, writer, report, turns)
        shared = {w: r for w, r in reports.items() if w.startswith("shared")}
        problems += await check_shared(store, shared, turns)
    finally:
        await store.close()
    errors = [e for r in reports.values() for e in r["errors"]]
    problems += [f"a turn failed with another error: {e}" for e in errors[:3]]
    return {"problems": problems}


async def check_own(
    store: MemoryStore, writer: str, report: dict[str, Any], turns: int
) -> list[str]:
    expected = [text for i in range(turns) for text in (f"{writer}-{i}", f"reply to {writer}-{i}")]
    session = await open_session(store, writer)
    problems = []
    if [m.text() for m in session.slot.messages] != expected:
        problems.append(f"{writer}: the stored history is not its {turns} turns in order")
    if [r.turn_index for r in session.timeline] != list(range(turns)):
        problems.append(f"{writer}: the timeline is not one record per turn")
    if report["saved"] != [f"{writer}-{i}" for i in range(turns)] or report["conflicts"]:
        problems.append(f"{writer}: a turn on its own session failed")
    return problems


async def check_shared(store: MemoryStore, reports: dict[str, Any], turns: int) -> list[str]:
    session = await open_session(store, SHARED)
    texts = [m.text() for m in session.slot.messages]
    saved = [p for r in reports.values() for p in r["saved"]]
    failed = {f"{w}-{i}" for w in reports for i in range(turns)} - set(saved)
    prompts, replies = texts[0::2], texts[1::2]
    problems = []
    if len(texts) != 2 * len(saved):
        problems.append(f"shared: {len(texts)} messages for {len(saved)} saved turns")
    if replies != [f"reply to {p}" for p in prompts]:
        problems.append("shared: a prompt is not followed by its own reply (a torn turn)")
    if sorted(prompts) != sorted(saved) or len(set(prompts)) != len(prompts):
        problems.append("shared: a saved prompt is missing or stored twice")
    if failed & set(prompts):
        problems.append("shared: a turn that failed is stored")
    for writer, report in reports.items():  # each writer's own turns keep their order
        mine = [p for p in prompts if p.startswith(f"{writer}-")]
        if mine != report["saved"]:
            problems.append(f"shared: {writer}'s saved turns are not stored in its order")
    if [r.turn_index for r in session.timeline] != list(range(len(saved))):
        problems.append("shared: the timeline is not one record per saved turn")
    if session.turn_index != len(saved):
        problems.append(f"shared: turn index {session.turn_index} for {len(saved)} saved turns")
    indices = await stored_indices(store)
    if indices != list(range(len(texts))):
        problems.append("shared: the stored message indices are not 0..n-1 (a gap or a duplicate)")
    return problems


async def stored_indices(store: MemoryStore) -> list[int]:
    """The raw ``idx`` column of the shared session's rows, as the database holds them."""
    if isinstance(store, SqliteStore):
        import sqlite3

        with sqlite3.connect(store.path) as conn:
            query = "SELECT idx FROM messages WHERE session_id=? AND slot_id='main' ORDER BY idx"
            rows = conn.execute(query, (SHARED,)).fetchall()
        conn.close()
        return [int(r[0]) for r in rows]
    import psycopg

    from nbagent.agent.postgres_store import PostgresStore

    assert isinstance(store, PostgresStore)
    async with await psycopg.AsyncConnection.connect(store._conninfo) as conn:
        cur = await conn.execute(
            "SELECT idx FROM nbagent_messages WHERE session_id=%s AND slot_id='main' ORDER BY idx",
            (SHARED,),
        )
        return [int(r[0]) for r in await cur.fetchall()]


def measure_store(
    name: str, spec: str, own: int = OWN_WRITERS, shared: int = SHARED_WRITERS, turns: int = TURNS
) -> dict[str, Any]:
    seconds, reports = run_writers(spec, own, shared, turns)
    checked = asyncio.run(check(spec, reports, turns))
    own_saved = sum(len(r["saved"]) for w, r in reports.items() if w.startswith("own"))
    shared_saved = sum(len(r["saved"]) for w, r in reports.items() if w.startswith("shared"))
    conflicts = sum(r["conflicts"] for r in reports.values())
    return {
        "store": name,
        "writers": own + shared,
        "turns saved": own_saved + shared_saved,
        "turns/s": (own_saved + shared_saved) / seconds,
        "seconds": seconds,
        "own-session turns": own_saved,
        "shared turns saved": shared_saved,
        "shared conflicts": conflicts,
        "other errors": sum(len(r["errors"]) for r in reports.values()),
        "problems": len(checked["problems"]),
        "problem list": checked["problems"],
    }


def measure(
    own: int = OWN_WRITERS, shared: int = SHARED_WRITERS, turns: int = TURNS
) -> list[dict[str, Any]]:
    from tests.postgres_server import running_server

    rows = []
    with tempfile.TemporaryDirectory(prefix="nbagent-bench-stores-") as tmp:
        spec = f"sqlite:{Path(tmp) / 'stores.sqlite3'}"
        rows.append(measure_store("sqlite (one file)", spec, own, shared, turns))
    with running_server() as server:
        spec = f"postgres:{server.new_database('bench')}"
        rows.append(measure_store("postgresql (loopback)", spec, own, shared, turns))
    return rows


def run() -> dict[str, Any]:
    rows = measure()
    goals = [
        {
            "goal": f"{row['store']}: nothing lost, duplicated or torn; conflicts are StoreErrors",
            "measured": "; ".join(row["problem list"])
            or (
                f"all checks hold ({row['shared turns saved']} shared turns saved, "
                f"{row['shared conflicts']} conflicts)"
            ),
            "met": not row["problem list"],
        }
        for row in rows
    ]
    table = [{k: v for k, v in row.items() if k != "problem list"} for row in rows]
    return {
        "case": "stores",
        "tables": {
            f"{OWN_WRITERS} processes on own sessions + {SHARED_WRITERS} on one shared session, "
            f"{TURNS} turns each": table
        },
        "goals": goals,
        "summary": ", ".join(f"{r['store']} {r['turns/s']:.0f} turns/s" for r in rows),
    }


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker_main(sys.argv[2:])
    else:
        print_case(run())
