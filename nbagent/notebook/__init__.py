"""The notebook layer: magics, chat widget, tables, charts, summaries, threshold tuning.

Names load on first use (PEP 562), so ``%load_ext nbagent`` and ``import nbagent`` do not pull in
pandas, matplotlib or ipywidgets until a table, chart or widget is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nbagent.notebook.charts import watermark_chart
    from nbagent.notebook.magics import AgentMagics
    from nbagent.notebook.summary_view import SummaryCard, SummaryView, show_summary
    from nbagent.notebook.tables import compaction_table, styled, timeline_table, token_table
    from nbagent.notebook.tuning import TuningResult, tune_summary, tune_widget
    from nbagent.notebook.widget import ChatWidget

_LAZY = {
    "AgentMagics": "nbagent.notebook.magics",
    "ChatWidget": "nbagent.notebook.widget",
    "SummaryCard": "nbagent.notebook.summary_view",
    "SummaryView": "nbagent.notebook.summary_view",
    "TuningResult": "nbagent.notebook.tuning",
    "compaction_table": "nbagent.notebook.tables",
    "show_summary": "nbagent.notebook.summary_view",
    "styled": "nbagent.notebook.tables",
    "timeline_table": "nbagent.notebook.tables",
    "token_table": "nbagent.notebook.tables",
    "tune_summary": "nbagent.notebook.tuning",
    "tune_widget": "nbagent.notebook.tuning",
    "watermark_chart": "nbagent.notebook.charts",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'nbagent.notebook' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "AgentMagics",
    "ChatWidget",
    "SummaryCard",
    "SummaryView",
    "TuningResult",
    "compaction_table",
    "show_summary",
    "styled",
    "timeline_table",
    "token_table",
    "tune_summary",
    "tune_widget",
    "watermark_chart",
]
