"""A failed ``%%agent`` turn or a ``%agent`` usage mistake fails its cell, so a notebook run
stops where it broke; the error shows as one line, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from IPython.core.error import UsageError
from IPython.core.interactiveshell import InteractiveShell
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from nbagent.notebook.magics import CellFailed
from tests.test_magics import ip, provider, run, session  # noqa: F401
from tests.wire_server import free_port


def test_a_store_path_with_an_unknown_user_is_a_usage_error(ip: InteractiveShell) -> None:  # noqa: F811
    captured = run(ip, "%agent new --store ~nosuchuser-nbagent/x.sqlite3", fails=UsageError)
    assert "cannot use the store path '~nosuchuser-nbagent/x.sqlite3'" in captured.stderr
    assert "Give the full path" in captured.stderr


def test_a_failed_turn_fails_the_cell_and_keeps_the_session_usable(ip: InteractiveShell) -> None:  # noqa: F811
    from nbagent.errors import ProviderError

    run(ip, "%agent new --provider offline")
    provider(ip).enqueue(ProviderError("overloaded"), "fine now")
    captured = run(ip, "%%agent --no-stream\nfirst", fails=CellFailed)
    assert captured.stdout.strip() == "ProviderError: overloaded (the turn was not saved)"
    assert session(ip).turn_index == 0
    run(ip, "%%agent\nsecond")
    assert [m.text() for m in session(ip).slot.messages] == ["second", "fine now"]


def notebook(*sources: str) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    return nb


@pytest.mark.parametrize(
    ("failing", "ename"),
    [
        ("%%agent\nhello", "CellFailed"),
        ("%agent tokens --nope", "UsageError"),
    ],
)
def test_run_all_stops_at_the_failed_cell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str, ename: str
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-sent-anywhere")
    port = free_port()  # nothing listens: the turn fails to connect
    nb = notebook(
        "%load_ext nbagent",
        f'%agent new --provider "openai:m@http://127.0.0.1:{port}/v1"',
        failing,
        "after = 1",
    )
    client = NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    with pytest.raises(CellExecutionError) as caught:
        client.execute()
    assert caught.value.ename == ename
    failed, after = nb.cells[2], nb.cells[3]
    if ename == "CellFailed":
        errors = [o for o in failed.outputs if o.output_type == "error"]
        assert len(errors) == 1 and errors[0].ename == ename
        # One line: the error and what happened to the turn, no traceback frames.
        assert errors[0].traceback == [errors[0].evalue]
        assert "APIConnectionError" in errors[0].evalue
        assert "the turn was not saved" in errors[0].evalue
    else:  # IPython shows a UsageError as one stderr line of its own
        shown = "".join(o.text for o in failed.outputs if o.output_type == "stream")
        assert shown.startswith("UsageError: unrecognized arguments: --nope")
    assert after.execution_count is None and after.outputs == []


def test_help_shows_the_way_in_from_python(ip: InteractiveShell) -> None:  # noqa: F811
    out = run(ip, "%agent help").stdout
    assert '.build().session("trip")' in out and "stream_turn" in out
    assert "fails its cell" in out
