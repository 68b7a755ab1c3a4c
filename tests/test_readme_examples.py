"""The README's Python examples run when pasted, in order, into a fresh IPython shell (offline:
no key, no network). The one example that calls a hosted model says so in its first line and
is the only one left out; the pricing example builds with a placeholder key (it calls nothing).

A user reported `{traveller}` undefined in the tour: every name an example uses is defined by
an earlier example or by its own imports."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
from traitlets.config import Config

from nbagent.llm.providers.registry import (
    BASE_URL_ENV_VARS,
    KEY_ENV_VARS,
    MODEL_ENV_VAR,
    PROVIDER_ENV_VAR,
)

ROOT = Path(__file__).resolve().parent.parent
CALLS_A_MODEL = "with OPENAI_API_KEY set: it calls"
"""How an example that needs a hosted model marks its first line."""


def python_blocks(readme: str) -> list[str]:
    return [m["code"] for m in re.finditer(r"^```python\n(?P<code>.*?)^```", readme, re.M | re.S)]


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notebooks").symlink_to(ROOT / "notebooks")  # the examples' recorded trip
    for var in (*KEY_ENV_VARS.values(), *BASE_URL_ENV_VARS.values()):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv(PROVIDER_ENV_VAR, raising=False)
    monkeypatch.delenv(MODEL_ENV_VAR, raising=False)
    if InteractiveShell.initialized():
        ip = InteractiveShell.instance()
    else:
        config = Config()
        config.HistoryManager.hist_file = ":memory:"
        ip = InteractiveShell.instance(config=config)
    ip.config.pop("AgentMagics", None)
    yield ip
    if "nbagent" in ip.extension_manager.loaded:
        ip.run_line_magic("unload_ext", "nbagent")
    ip.config.pop("AgentMagics", None)


def test_every_python_example_of_the_readme_runs_when_pasted(
    shell: InteractiveShell, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = python_blocks((ROOT / "README.md").read_text())
    calling = [b for b in blocks if CALLS_A_MODEL in b.splitlines()[0]]
    assert len(calling) == 1 and len(blocks) >= 6
    ran = 0
    for block in blocks:
        if block in calling:
            continue
        with monkeypatch.context() as patch:
            if "OPENAI_API_KEY" in block.splitlines()[0]:
                patch.setenv("OPENAI_API_KEY", "sk-placeholder-not-sent")
            with capture_output() as captured:
                result = shell.run_cell(block)
        assert result.error_before_exec is None, (block, result.error_before_exec)
        assert result.error_in_exec is None, (block, result.error_in_exec, captured.stderr)
        assert "Traceback" not in captured.stdout + captured.stderr, block
        ran += 1
    assert ran == len(blocks) - 1
    # The tour's turn was sent with the variable filled in; the tuning ranked by the probes.
    session = shell.user_ns.get("result")
    assert session is not None
    table = session.table
    assert list(table["trigger_token_ratio"]) == [0.5, 0.75]
    assert table["probe_min_retention"].between(0, 1).all()
