"""What the package offers without the optional extras (issue 22): every name of the root's and
the agent layer's ``__all__`` imports, and a store whose extra is missing says what to install
when made."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )


def test_the_root_imports_whole_without_the_postgres_extra() -> None:
    done = _run(
        """
        import sys
        sys.modules["psycopg"] = None  # as if not installed
        sys.modules["psycopg_pool"] = None
        import nbagent, nbagent.agent
        names = {}
        exec("from nbagent import *", names)
        assert all(name in names for name in nbagent.__all__)
        names = {}
        exec("from nbagent.agent import *", names)
        assert "PostgresStore" in names and hasattr(nbagent.agent, "PostgresStore")
        assert all(name in names for name in nbagent.agent.__all__)
        try:
            nbagent.agent.PostgresStore("postgresql://app:s3cret@localhost/db")
        except nbagent.ConfigurationError as e:
            print(e)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "PostgresStore needs psycopg 3 and psycopg-pool: pip install 'nbagent[postgres]'"
    )
    assert "s3cret" not in done.stdout + done.stderr


def test_the_tables_need_only_declared_dependencies() -> None:
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    declared = {
        d.split(">")[0].split("[")[0].split("=")[0] for d in project["project"]["dependencies"]
    }
    # pandas' Styler, which every table's HTML uses, imports jinja2 without pandas declaring it.
    assert "jinja2" in declared
