"""Microcompact's value types: configuration, actions, the decision matrix and the records.

Kept apart from :mod:`nbagent.llm.compact` (the passes) so each module stays small; everything
public here is re-exported there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from nbagent.errors import ConfigurationError
from nbagent.llm.messages import Message

M = TypeVar("M", bound=Message)

SMALL_CHARS = 200
MEDIUM_CHARS = 2000
TRUNCATE_KEEP = 200
STRUCTURED_KEEP = 500


@dataclass(frozen=True, slots=True)
class CompactConfig:
    """When and how hard microcompact works; invalid values fail here, at construction."""

    context_window: int = 128_000
    reserved_tokens: int = 8_000
    """Room kept free for the reply."""
    keep_recent: int = 6
    """The newest messages that are never compacted."""
    compact_thinking: bool = False
    decay_every_turns: int = 4
    protect_factual: bool = False
    """Never cut a tool result declared ``ResultSemantic.FACTUAL``. For sessions with summaries:
    the focused view holds only turns no summary covers yet, so a Factual result cut there would
    be lost to the model; with this on it stays verbatim until a summary covers it."""

    def __post_init__(self) -> None:
        for name in ("context_window", "reserved_tokens", "keep_recent", "decay_every_turns"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigurationError(f"CompactConfig.{name} must be an int, got {value!r}")
        for flag in ("compact_thinking", "protect_factual"):
            if not isinstance(getattr(self, flag), bool):
                raise ConfigurationError(
                    f"CompactConfig.{flag} must be True or False, got {getattr(self, flag)!r}"
                )
        if self.context_window <= 0:
            raise ConfigurationError(
                f"CompactConfig.context_window must be positive (the model's context size in "
                f"tokens, e.g. 128_000), got {self.context_window}"
            )
        if not 0 <= self.reserved_tokens < self.context_window:
            raise ConfigurationError(
                f"CompactConfig.reserved_tokens must be >= 0 and below context_window "
                f"({self.context_window}), got {self.reserved_tokens}: lower it or raise the window"
            )
        if self.keep_recent < 0:
            raise ConfigurationError(
                f"CompactConfig.keep_recent must be >= 0 (0 lets every message be compacted), "
                f"got {self.keep_recent}"
            )
        if self.decay_every_turns <= 0:
            raise ConfigurationError(
                f"CompactConfig.decay_every_turns must be positive (turns per -0.5 of importance), "
                f"got {self.decay_every_turns}"
            )

    @property
    def budget(self) -> int:
        """Tokens the history may use: the window minus the reserve."""
        return self.context_window - self.reserved_tokens

    def should_compact(self, estimated_tokens: int) -> bool:
        """Whether a history of ``estimated_tokens`` no longer fits :attr:`budget`."""
        return estimated_tokens > self.budget


class _Action:
    """What the actions share: ``str(action)`` is the name the tables show."""

    __slots__ = ()

    @property
    def name(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Skip(_Action):
    """Leave the content as it is."""

    kind: Literal["skip"] = field(default="skip", init=False, repr=False)

    @property
    def name(self) -> str:
        return "Skip"


@dataclass(frozen=True, slots=True)
class Truncate(_Action):
    """Keep the first ``keep`` characters and a marker with the number cut."""

    keep: int
    kind: Literal["truncate"] = field(default="truncate", init=False, repr=False)

    @property
    def name(self) -> str:
        return f"Truncate({self.keep})"


@dataclass(frozen=True, slots=True)
class TruncateStructured(_Action):
    """Keep valid JSON near ``keep`` characters: every key, arrays and strings cut with markers."""

    keep: int
    kind: Literal["truncate_structured"] = field(
        default="truncate_structured", init=False, repr=False
    )

    @property
    def name(self) -> str:
        return f"TruncateStructured({self.keep})"


@dataclass(frozen=True, slots=True)
class Replace(_Action):
    """Replace the content with ``[pruned]`` (thinking: ``[pruned thinking]``)."""

    kind: Literal["replace"] = field(default="replace", init=False, repr=False)

    @property
    def name(self) -> str:
        return "Replace"


CompactAction = Skip | Truncate | TruncateStructured | Replace
"""What microcompact does to one tool result or thinking block."""

_SKIP = Skip()
_TRUNCATE = Truncate(TRUNCATE_KEEP)
_STRUCTURED = TruncateStructured(STRUCTURED_KEEP)
_REPLACE = Replace()


def decide_strategy(size: int, score: float) -> CompactAction:
    """The size x importance matrix: ``size`` in characters, ``score`` the importance."""
    if size < 0:
        raise ValueError(f"size is a character count and cannot be negative, got {size}")
    if size <= SMALL_CHARS:
        return _SKIP
    if size <= MEDIUM_CHARS:
        return _SKIP if score >= 1 else _TRUNCATE
    if score >= 2:
        return _STRUCTURED
    if score >= 1:
        return _TRUNCATE
    return _REPLACE


def matrix_reason(size: int, action: CompactAction) -> str:
    if size <= SMALL_CHARS:
        return f"small (<= {SMALL_CHARS} chars)"
    if size <= MEDIUM_CHARS:
        return "medium and important" if isinstance(action, Skip) else "medium, low importance"
    if isinstance(action, TruncateStructured):
        return "large and important: JSON skeleton kept"
    if isinstance(action, Truncate):
        return "large, somewhat important"
    return "large, low importance"


class UnitRecord(NamedTuple):
    """The decision for one tool result or thinking block."""

    block: int | None
    """Index in the message's content; None for a tool-result message's whole content."""
    kind: str
    tool_call_id: str | None
    tool_name: str | None
    chars: int
    tokens_before: int
    tokens_after: int
    score: float | None
    semantic: float | None
    content: float | None
    decay: float | None
    reference: float | None
    age_turns: int | None
    """Turns since the result was last referenced (or produced)."""
    action: CompactAction
    reason: str
    content_reason: str = ""
    """What the content heuristics saw, e.g. ``list-like data (JSON array)``."""


class CompactRecord(NamedTuple):
    """One message in a compaction run; ``units`` holds the per-block decisions behind it.

    A named tuple: cheap to build (a run makes one per message) and immutable, so runs can share
    records. ``pandas.DataFrame(records)`` works; :meth:`to_row` gives the flat table form.
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, which nobody needs here
    role: str
    tool_name: str | None
    tool_call_id: str | None
    chars: int
    tokens_before: int
    tokens_after: int
    score: float | None
    semantic: float | None
    content: float | None
    decay: float | None
    reference: float | None
    age_turns: int | None
    action: CompactAction
    reason: str
    units: tuple[UnitRecord, ...] = ()

    @property
    def freed_tokens(self) -> int:
        return self.tokens_before - self.tokens_after

    def to_row(self) -> dict[str, Any]:
        """A flat dict (action as its name, no ``units``): one DataFrame row."""
        row = self._asdict()
        del row["units"]
        row["action"] = self.action.name
        row["freed_tokens"] = self.tokens_before - self.tokens_after
        return row


Change = tuple[int, str]
"""(block index, or -1 for a tool-result message's whole content; the new text)."""


class CompactPlan:
    """The decision pass over a history: totals and changes now, one record per message on read.

    Records are built the first time :attr:`records` (or a row method) is read, from decisions
    taken during the pass, so the pass itself stays cheap when nobody looks at the table.
    """

    __slots__ = (
        "_after",
        "_build",
        "_records",
        "changes",
        "estimator",
        "size",
        "tokens_after",
        "tokens_before",
    )

    def __init__(
        self,
        *,
        tokens_before: int,
        tokens_after: int,
        estimator: str,
        changes: dict[int, tuple[Change, ...]],
        changed_tokens: dict[int, int],
        size: int,
        build_records: Callable[[], list[CompactRecord]],
    ) -> None:
        self.size = size
        """How many messages the plan covers."""
        self.tokens_before = tokens_before
        self.tokens_after = tokens_after
        self.estimator = estimator
        """The name of the estimator behind every token count."""
        self.changes = changes
        """Message index -> the new texts :func:`apply_plan` builds in."""
        self._after = changed_tokens
        self._build: Callable[[], list[CompactRecord]] | None = build_records
        self._records: list[CompactRecord] | None = None

    def __repr__(self) -> str:
        return (
            f"CompactPlan(tokens_before={self.tokens_before}, tokens_after={self.tokens_after}, "
            f"changed={len(self.changes)})"
        )

    @property
    def records(self) -> list[CompactRecord]:
        """One record per message, in order."""
        if self._records is None:
            assert self._build is not None
            self._records, self._build = self._build(), None
        return self._records

    @property
    def freed_tokens(self) -> int:
        return self.tokens_before - self.tokens_after

    def message_tokens_after(self, index: int) -> int:
        """Estimated tokens of message ``index`` once the plan is applied."""
        after = self._after.get(index)
        return self.records[index].tokens_after if after is None else after

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict per message, ready for ``pandas.DataFrame(plan.to_rows())``."""
        return [r.to_row() for r in self.records]

    def unit_rows(self) -> list[dict[str, Any]]:
        """One dict per tool result or thinking block, with its message ``index``."""
        rows = []
        for record in self.records:
            for unit in record.units:
                row = {"index": record.index, "role": record.role, **unit._asdict()}
                row["action"] = unit.action.name
                rows.append(row)
        return rows


@dataclass(frozen=True, slots=True)
class CompactReport(Generic[M]):
    """The compacted history and the plan that made it."""

    messages: list[M]
    plan: CompactPlan

    @property
    def records(self) -> list[CompactRecord]:
        return self.plan.records

    @property
    def freed_tokens(self) -> int:
        return self.plan.freed_tokens

    @property
    def tokens_before(self) -> int:
        return self.plan.tokens_before

    @property
    def tokens_after(self) -> int:
        return self.plan.tokens_after

    def to_rows(self) -> list[dict[str, Any]]:
        return self.plan.to_rows()

    def to_dict(self) -> dict[str, Any]:
        """Totals and rows as plain data (JSON-friendly)."""
        return {
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "freed_tokens": self.freed_tokens,
            "rows": self.to_rows(),
        }
