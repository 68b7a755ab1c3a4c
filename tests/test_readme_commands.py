"""The README's Quick start is exactly the Makefile's front door, and ``make test`` covers it all.

What this expects of the lead's files:

* README.md has a ``## Quick start`` section whose first fenced code block holds exactly two
  commands, ``make lab`` and ``make test`` (trailing ``# comments`` allowed);
* the Makefile defines ``lab``, ``test``, ``browser-test`` and ``binder-check``;
  ``browser-test`` runs ``scripts/browser_test.sh`` and ``binder-check`` runs
  ``scripts/binder_check.sh``; ``make test`` reaches ``browser-test`` (as a prerequisite,
  directly or through other targets, or by ``$(MAKE) browser-test``);
* ``make lab`` opens a notebook that exists;
* ``.ci/run`` runs ``make test``.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAKEFILE = ROOT / "Makefile"
CI_RUN = ROOT / ".ci" / "run"

_RULE = re.compile(r"^(?P<targets>[^\t#=:][^=:]*?)\s*::?(?!=)\s*(?P<prereqs>[^=;#]*)(?:;.*)?$")


def quick_start_commands(readme: str) -> list[str]:
    """The shell commands of the first code block under the ``Quick start`` heading."""
    section = re.search(r"^#+\s*Quick start\s*$(?P<body>.*?)(?=^#+\s|\Z)", readme, re.M | re.S)
    if section is None:
        raise AssertionError("README.md has no 'Quick start' heading")
    block = re.search(r"^```[\w-]*\n(?P<code>.*?)^```", section["body"], re.M | re.S)
    if block is None:
        raise AssertionError("the README's Quick start has no fenced code block")
    commands = []
    for line in block["code"].splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command and not command.startswith("#"):
            commands.append(command)
    return commands


def make_rules(makefile: str) -> dict[str, tuple[list[str], list[str]]]:
    """target -> (prerequisites, recipe lines); variables in names are left unexpanded."""
    rules: dict[str, tuple[list[str], list[str]]] = {}
    current: list[str] = []
    for line in makefile.replace("\\\n", " ").splitlines():
        if line.startswith("\t"):
            for target in current:
                rules[target][1].append(line.strip())
            continue
        match = _RULE.match(line)
        if match is None:
            if line.strip() and not line.lstrip().startswith("#"):
                current = []
            continue
        current = match["targets"].split()
        prereqs = [p for p in match["prereqs"].split() if p != "|"]
        for target in current:
            rules.setdefault(target, ([], []))[0].extend(prereqs)
    return rules


def reached_targets(rules: dict[str, tuple[list[str], list[str]]], start: str) -> set[str]:
    """Targets ``make start`` builds: prerequisites and ``$(MAKE) x`` calls, transitively."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        target = todo.pop()
        if target in seen or target not in rules:
            continue
        seen.add(target)
        prereqs, recipe = rules[target]
        todo.extend(prereqs)
        for line in recipe:
            called = re.match(r"^[@+-]*\$[({]MAKE[)}]\s+(?P<args>.*)$", line)
            if called:
                todo.extend(a for a in called["args"].split() if not a.startswith("-"))
    return seen


@pytest.fixture(scope="module")
def rules() -> dict[str, tuple[list[str], list[str]]]:
    return make_rules(MAKEFILE.read_text(encoding="utf-8"))


def test_quick_start_is_make_lab_then_make_test() -> None:
    assert quick_start_commands(README.read_text(encoding="utf-8")) == ["make lab", "make test"]


def test_quick_start_commands_are_makefile_targets(
    rules: dict[str, tuple[list[str], list[str]]],
) -> None:
    for command in quick_start_commands(README.read_text(encoding="utf-8")):
        program, target = command.split()
        assert program == "make"
        assert target in rules, f"README runs `{command}` but the Makefile has no {target} target"


def test_make_lab_opens_a_notebook_that_exists(
    rules: dict[str, tuple[list[str], list[str]]],
) -> None:
    recipe = " ".join(rules["lab"][1])
    notebooks = re.findall(r"\S+\.ipynb", recipe)
    assert notebooks, f"`make lab` names no notebook: {recipe}"
    assert all((ROOT / nb).is_file() for nb in notebooks), notebooks


def test_make_test_runs_the_browser_test(rules: dict[str, tuple[list[str], list[str]]]) -> None:
    assert "browser-test" in rules, "the Makefile has no browser-test target"
    assert any("scripts/browser_test.sh" in line for line in rules["browser-test"][1])
    assert "browser-test" in reached_targets(rules, "test")


def test_make_binder_check_runs_the_binder_script(
    rules: dict[str, tuple[list[str], list[str]]],
) -> None:
    assert "binder-check" in rules, "the Makefile has no binder-check target"
    assert any("scripts/binder_check.sh" in line for line in rules["binder-check"][1])


def test_make_dry_run_of_test_reaches_the_browser_script() -> None:
    # What make itself would run, so variables and includes are expanded as make sees them.
    dry = subprocess.run(
        ["make", "--dry-run", "--always-make", "test"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert dry.returncode == 0, dry.stderr
    assert "scripts/browser_test.sh" in dry.stdout


def test_ci_runs_make_test() -> None:
    lines = [
        line.strip()
        for line in CI_RUN.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    # `make test` runs as a command of its own (its output may be piped to a log).
    assert any(line == "make test" or line.startswith("make test ") for line in lines)


def test_parsers_on_a_known_makefile_and_readme() -> None:
    makefile = (
        ".PHONY: test\n"
        "X := 1\n"
        "$(PY):\n\tpython -m venv .venv\n"
        "test: lint pytest\n\t@echo done\n"
        "pytest: $(PY) | dirs\n\t$(MAKE) browser-test\n"
        "browser-test:\n\tbash scripts/browser_test.sh\n"
        "lint:\n\truff check .\n"
    )
    rules = make_rules(makefile)
    assert rules["test"] == (["lint", "pytest"], ["@echo done"])
    assert rules["pytest"] == (["$(PY)", "dirs"], ["$(MAKE) browser-test"])
    assert "X" not in rules
    assert reached_targets(rules, "test") == {"test", "lint", "pytest", "$(PY)", "browser-test"}
    assert reached_targets(rules, "lint") == {"lint"}
    readme = (
        "# x\n## Quick start\n\n```bash\nmake lab   # opens\n\nmake test\n```\n"
        "## Next\n```\nls\n```\n"
    )
    assert quick_start_commands(readme) == ["make lab", "make test"]
