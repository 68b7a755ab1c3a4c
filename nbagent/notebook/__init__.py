"""The notebook layer: magics, chat widget, tables, charts, summaries, threshold tuning, and the
offline travel demo the notebooks run on without a key (:mod:`nbagent.notebook.demo`).

Names load on first use (PEP 562), so ``%load_ext nbagent`` and ``import nbagent`` do not pull in
pandas, matplotlib or ipywidgets until a table, chart or widget is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nbagent.notebook._replay import read_jsonl, write_jsonl
    from nbagent.notebook.charts import watermark_chart
    from nbagent.notebook.cost_view import CostView, cost_table
    from nbagent.notebook.demo import demo_provider, travel_demo
    from nbagent.notebook.magics import AgentMagics
    from nbagent.notebook.retention import Probe, ask_probes, check_probes, retention_table
    from nbagent.notebook.summary_view import SummaryCard, SummaryView
    from nbagent.notebook.tables import compaction_table, styled, timeline_table, token_table
    from nbagent.notebook.tuning import ManyTuningResult, TuningResult, tune_summary, tune_widget
    from nbagent.notebook.widget import ChatWidget

_LAZY = {
    "AgentMagics": "nbagent.notebook.magics",
    "ChatWidget": "nbagent.notebook.widget",
    "CostView": "nbagent.notebook.cost_view",
    "cost_table": "nbagent.notebook.cost_view",
    "ManyTuningResult": "nbagent.notebook.tuning",
    "Probe": "nbagent.notebook.retention",
    "ask_probes": "nbagent.notebook.retention",
    "check_probes": "nbagent.notebook.retention",
    "retention_table": "nbagent.notebook.retention",
    "SummaryCard": "nbagent.notebook.summary_view",
    "SummaryView": "nbagent.notebook.summary_view",
    "TuningResult": "nbagent.notebook.tuning",
    "compaction_table": "nbagent.notebook.tables",
    "demo_provider": "nbagent.notebook.demo",
    "read_jsonl": "nbagent.notebook._replay",
    "styled": "nbagent.notebook.tables",
    "timeline_table": "nbagent.notebook.tables",
    "token_table": "nbagent.notebook.tables",
    "travel_demo": "nbagent.notebook.demo",
    "tune_summary": "nbagent.notebook.tuning",
    "tune_widget": "nbagent.notebook.tuning",
    "watermark_chart": "nbagent.notebook.charts",
    "write_jsonl": "nbagent.notebook._replay",
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
    "CostView",
    "ManyTuningResult",
    "Probe",
    "SummaryCard",
    "SummaryView",
    "TuningResult",
    "ask_probes",
    "check_probes",
    "compaction_table",
    "cost_table",
    "demo_provider",
    "read_jsonl",
    "retention_table",
    "styled",
    "timeline_table",
    "token_table",
    "travel_demo",
    "tune_summary",
    "tune_widget",
    "watermark_chart",
    "write_jsonl",
]
