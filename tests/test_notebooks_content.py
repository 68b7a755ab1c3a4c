"""The notebooks as saved files, and the recorded transcript notebook 04 tunes on.

nbmake executes the notebooks (``make test``); these tests check what is committed: every
notebook is saved clean (no outputs, no execution counts) and opens with a title, and
``notebooks/data/travel_60_turns.jsonl`` is a replayable 60-turn conversation whose tool results
run from 200 to 20,000 characters -- exactly what ``make_travel_60.py`` writes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    AnyMessage,
    ToolResultBlock,
    ToolResultMessage,
    UserMessage,
)
from nbagent.notebook._replay import load_transcript

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
DATA = ROOT / "notebooks" / "data"
TRANSCRIPT = DATA / "travel_60_turns.jsonl"
SCRIPT = DATA / "make_travel_60.py"

# What notebook 04 and the notebooks' prose promise.
TURNS = 60
MIN_RESULT_CHARS = 200
MAX_RESULT_CHARS = 20_000
KEY_VARIABLES = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "DEEPSEEK_API_KEY", "DASHSCOPE_API_KEY")


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def _read(path: Path) -> nbformat.NotebookNode:
    notebook: nbformat.NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    nbformat.validate(notebook)
    return notebook


def _messages() -> list[AnyMessage]:
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    return [MESSAGE_ADAPTER.validate_json(line) for line in lines if line.strip()]


def _opens_turn(message: AnyMessage) -> bool:
    """A user message with more than tool results: the start of a turn."""
    return isinstance(message, UserMessage) and any(
        not isinstance(block, ToolResultBlock) for block in message.content
    )


def _tool_results(messages: list[AnyMessage]) -> list[ToolResultMessage]:
    return [m for m in messages if isinstance(m, ToolResultMessage)]


# -- the notebooks ------------------------------------------------------------------------------


def test_the_tutorial_notebooks_are_all_there() -> None:
    names = {p.stem for p in NOTEBOOKS}
    expected = {
        "01_quickstart",
        "02_chat_widget",
        "03_compaction_explained",
        "04_tuning_summary_thresholds",
        "05_providers",
    }
    assert expected <= names, f"missing: {sorted(expected - names)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_is_saved_without_outputs_or_execution_counts(path: Path) -> None:
    notebook = _read(path)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code, f"{path.name} has no code cell"
    dirty = [i for i, c in enumerate(notebook.cells) if c.get("outputs")]
    counted = [i for i, c in enumerate(notebook.cells) if c.get("execution_count") is not None]
    assert not dirty, f"{path.name}: cells {dirty} were saved with outputs"
    assert not counted, f"{path.name}: cells {counted} were saved with execution counts"
    # Widget state is an output too, and a stale one shows a broken widget on opening.
    assert "widgets" not in notebook.metadata, f"{path.name} carries saved widget state"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_opens_with_a_title_cell(path: Path) -> None:
    first = _read(path).cells[0]
    assert first.cell_type == "markdown", f"{path.name} starts with a {first.cell_type} cell"
    title = first.source.splitlines()[0]
    assert title.startswith("# ") and len(title) > 4, f"{path.name} title line: {title!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_says_which_variables_switch_to_a_real_model(path: Path) -> None:
    notebook = _read(path)
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    missing = [v for v in KEY_VARIABLES if v not in prose]
    assert not missing, f"{path.name} does not name {missing} in a markdown cell"
    # The model comes from the environment, with the offline provider (or its travel demo,
    # `demo_provider()`) as the fallback.
    chooses = "provider_from_env" in code or "demo_provider" in code
    assert chooses, f"{path.name} never calls provider_from_env() or demo_provider()"


PUBLIC_MODULES = {
    "nbagent",
    "nbagent.agent",
    "nbagent.errors",
    "nbagent.llm",
    "nbagent.llm.compact",
    "nbagent.llm.providers",
    "nbagent.notebook",
}
_IMPORT = re.compile(r"^\s*(?:from\s+(nbagent[\w.]*)\s+import|import\s+(nbagent[\w.]*))", re.M)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_imports_only_the_public_surface(path: Path) -> None:
    """Notebooks show users the API: the root and the packages that are the one home of the
    names outside it (``nbagent.notebook``, ``nbagent.llm.providers``, ...), nothing deeper."""
    code = "\n".join(c.source for c in _read(path).cells if c.cell_type == "code")
    modules = {a or b for a, b in _IMPORT.findall(code)}
    assert modules <= PUBLIC_MODULES, f"{path.name} imports {sorted(modules)}"


def test_the_quickstart_pins_a_fact_and_shows_the_facts_after_its_summary() -> None:
    code = [c.source for c in _read(ROOT / "notebooks" / "01_quickstart.ipynb").cells]
    config = code.index("%agent config --trigger-ratio 0.5 --max-context 4000 --debounce 2")
    pin = next(i for i, s in enumerate(code) if s.startswith("%agent pin "))
    summary = code.index("%agent summary")
    assert config < pin < summary < code.index("%agent facts")


def test_notebook_04_picks_its_setting_by_retention() -> None:
    """Notebook 04 measures what the summaries keep instead of saying it cannot: it shows the
    retention columns and the cost-vs-retention plot, and takes its setting from ``recommend``."""
    notebook = _read(ROOT / "notebooks" / "04_tuning_summary_thresholds.ipynb")
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    assert "What the table cannot show is quality" not in prose
    assert "## 5 · What the model still sees" in prose and "Pareto front" in prose
    for column in ("final_retention", "min_retention", "facts_lost"):
        assert column in prose and column in code
    assert "result.recommend(min_retention=0.95)" in code
    assert "result.plot(min_retention=0.95)" in code
    assert "pick, chosen = choice.values, choice.number" in code
    # The pick is recommend's, not a setting written into the notebook by hand.
    assert '"trigger_token_ratio": 0.5,' not in code


# -- the recorded transcript --------------------------------------------------------------------


def test_transcript_has_exactly_sixty_turns() -> None:
    messages = _messages()
    assert sum(_opens_turn(m) for m in messages) == TURNS
    # The same count as the tuning replay sees: every turn parses as a replayable turn.
    assert len(load_transcript(TRANSCRIPT).turns) == TURNS


def test_transcript_tool_results_run_from_200_to_20000_characters() -> None:
    sizes = [len(r.text()) for r in _tool_results(_messages())]
    assert len(sizes) >= 40
    outside = [s for s in sizes if not MIN_RESULT_CHARS <= s <= MAX_RESULT_CHARS]
    assert not outside, f"tool results outside 200-20,000 characters: {outside}"
    # The whole range is used: small confirmations and near-20 KB searches.
    assert min(sizes) < 300
    assert max(sizes) > 15_000


def test_transcript_is_realistic_enough_to_tune_on() -> None:
    messages = _messages()
    results = _tool_results(messages)
    names = {r.tool_name for r in results}
    assert {"search_hotels", "search_flights", "read_file", "write_file", "book_hotel"} <= names
    assert sum(r.is_error for r in results) == 2
    prompts = [m.text() for m in messages if _opens_turn(m)]
    chinese = [p for p in prompts if any("\u4e00" <= ch <= "\u9fff" for ch in p)]
    assert len(chinese) >= 8


def test_transcript_is_what_the_script_writes(tmp_path: Path) -> None:
    out = tmp_path / "travel.jsonl"
    subprocess.run(
        [sys.executable, str(SCRIPT), str(out)], check=True, capture_output=True, cwd=ROOT
    )
    assert out.read_bytes() == TRANSCRIPT.read_bytes()
