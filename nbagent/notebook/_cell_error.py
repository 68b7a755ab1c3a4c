"""How a magic fails a cell: one clear line in the error output, no traceback noise.

A failed turn must stop "Run all" and nbmake where it broke, so the magic raises. IPython shows
an exception by its ``_render_traceback_()`` lines when it has one (and ``UsageError`` as a
single line of its own), which keeps the output to the message the user needs.
"""

from __future__ import annotations

from nbagent.notebook._render import error_text


class CellFailed(Exception):
    """A ``%agent`` / ``%%agent`` cell whose work failed; ``__cause__`` is the error itself."""

    def __init__(self, error: BaseException, note: str = "") -> None:
        self.line = error_text(error) + (f" ({note})" if note else "")
        super().__init__(self.line)

    def _render_traceback_(self) -> list[str]:
        return [self.line]


__all__ = ["CellFailed"]
