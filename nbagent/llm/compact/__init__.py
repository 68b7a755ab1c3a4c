"""Microcompact: shrink old tool results by size x importance, never break a tool-use pair.

Each tool result (a tool-result message, or a tool-result block inside a user or assistant
message) gets an importance score from four sources -- the tool's declared semantic, the shape
of its content, decay with age and reference by later replies -- and the size x importance
matrix picks its action: Skip, Truncate, TruncateStructured (JSON skeleton kept) or Replace.
Tool-use blocks are never touched; thinking blocks only with ``compact_thinking``; error results
and the newest ``keep_recent`` messages never. Only contents shrink: every message, id and role
stays, so each tool use keeps its result. Compacted texts carry a marker, so compacting a
compacted history changes nothing.

:func:`plan_compaction` is the decision pass alone: it builds no message, and its records are
built only when read. :func:`microcompact` is plan + :func:`apply_plan`. A :class:`CompactState`
passed to every run of a conversation carries reference tracking and caches each message's
analysis and each decision, so a run re-reads only what changed.

The package reads by question:

============  =================================================================================
_policy       what decides: the config, the actions, the four score sources, the matrix and its
              reasons (every rule a decision follows, top to bottom)
_texts        what is written: the markers, one constant for each keep length
_plan         how a pass runs: the planner, its memoised decisions, what it counts once,
              applying a plan, the records, and between compactions the last one's decisions
              carried unchanged (a stable prefix)
_records      what a pass reports: the record types, the plan and the report
_index        what is remembered: each message's analysis, the reference index
_terms        what ties a reply to a result: key terms, judged once a token per scan
============  =================================================================================
"""

from nbagent.llm.compact._index import CompactState
from nbagent.llm.compact._plan import (
    HELD_REASON,
    apply_plan,
    carried_report,
    microcompact,
    plan_compaction,
)
from nbagent.llm.compact._policy import (
    MEDIUM_CHARS,
    SMALL_CHARS,
    CompactAction,
    CompactConfig,
    Replace,
    Skip,
    Truncate,
    TruncateStructured,
    decide_strategy,
)
from nbagent.llm.compact._records import CompactPlan, CompactRecord, CompactReport, UnitRecord
from nbagent.llm.compact._terms import key_terms
from nbagent.llm.compact._texts import (
    FACTS_KEEP,
    STRUCTURED_KEEP,
    TRUNCATE_KEEP,
    is_compacted,
    truncate_structured,
)

__all__ = [
    "FACTS_KEEP",
    "HELD_REASON",
    "MEDIUM_CHARS",
    "SMALL_CHARS",
    "STRUCTURED_KEEP",
    "TRUNCATE_KEEP",
    "CompactAction",
    "CompactConfig",
    "CompactPlan",
    "CompactRecord",
    "CompactReport",
    "CompactState",
    "Replace",
    "Skip",
    "Truncate",
    "TruncateStructured",
    "UnitRecord",
    "apply_plan",
    "carried_report",
    "decide_strategy",
    "is_compacted",
    "key_terms",
    "microcompact",
    "plan_compaction",
    "truncate_structured",
]
