"""The package root is the one public surface: a sorted ``__all__`` of names that exist."""

from __future__ import annotations

import nbagent


def test_all_is_sorted_and_unique() -> None:
    assert nbagent.__all__ == sorted(nbagent.__all__)
    assert len(set(nbagent.__all__)) == len(nbagent.__all__)


def test_every_exported_name_exists() -> None:
    missing = [name for name in nbagent.__all__ if not hasattr(nbagent, name)]
    assert missing == []


def test_every_public_class_and_function_is_exported() -> None:
    public = {
        name
        for name, value in vars(nbagent).items()
        if not name.startswith("_") and not isinstance(value, type(nbagent))
    }
    assert public - set(nbagent.__all__) == set()


def test_the_notebook_layer_exports_through_the_root() -> None:
    import nbagent.notebook

    assert nbagent.notebook.__all__ == sorted(nbagent.notebook.__all__)
    assert set(nbagent.notebook.__all__) <= set(nbagent.__all__)
    assert all(hasattr(nbagent.notebook, name) for name in nbagent.notebook.__all__)


def test_import_stays_light_and_notebook_names_load_on_use() -> None:
    import subprocess
    import sys

    code = (
        "import sys, nbagent; heavy = [m for m in ('pandas', 'matplotlib', 'ipywidgets') "
        "if m in sys.modules]; print(heavy); print(nbagent.token_table.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]", "nbagent.notebook.tables"]
