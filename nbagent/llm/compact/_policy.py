"""Microcompact's policy: the config, the four score sources, the matrix and its reasons.

Read top to bottom, this is every rule a decision follows; it does no caching and builds no
message (the planner does both). Importance is the sum of four sources:

=============  ===============================================================================
semantic       the tool's declared ``result_semantic``: Factual +1, Action -1, Mixed/unknown 0
content        list-like data (JSON array, records in an object, table rows) +1; a status
               confirmation or short acknowledgement -1. Error results are never compacted.
decay          -0.5 for every 4 turns (``DECAY_EVERY_TURNS``) since the result was produced
reference      what the replies that reused the result's key terms won back from ``decay``
               (ages are counted from the last reference instead of from the result)
=============  ===============================================================================

and the matrix picks the action from the score and the size in characters:

=============  ==========  ==================================================
0-200          any         Skip
201-2000       >= 1        Skip
201-2000       < 1         Truncate, keep 200
> 2000         >= 2        TruncateStructured, keep 500 (JSON skeleton kept)
> 2000         1 to < 2    Truncate, keep 200
> 2000         < 1         Replace with ``[pruned]``
=============  ==========  ==================================================

Before the matrix, :func:`rule` skips what is never compacted: the newest ``keep_recent``
messages, error results, texts already compacted and (with ``protect_factual``) Factual results.
A thinking block (only with ``compact_thinking``) is replaced whole once it passes 200 characters.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from nbagent.errors import ConfigurationError, Retired, retired_settings
from nbagent.llm.compact._texts import STRUCTURED_KEEP, TRUNCATE_KEEP
from nbagent.llm.request import ResultSemantic, ToolDefinition

# --- the config --------------------------------------------------------------------------------


@retired_settings(
    {
        "decay_every_turns": Retired(
            "importance decays by 0.5 every 4 turns, always; this value was ignored",
            reads=lambda c: DECAY_EVERY_TURNS,
        ),
        "keep_facts": Retired(
            "a cut result keeps its hard facts beside the marker, always; this value was ignored",
            reads=lambda c: True,
        ),
        "stable_prefix": Retired(
            "the prefix stays byte-stable while CycleConfig.prompt_cache is on (the default); "
            "set CycleConfig(prompt_cache=False) to compact every request afresh. This value "
            "was ignored",
            reads=lambda c: True,
        ),
        "min_freed_tokens": Retired(
            "a compaction frees at least a tenth of the budget (CompactConfig.worthwhile_tokens)"
            ", always; this value was ignored",
            reads=lambda c: None,
        ),
    },
    old_fields=(
        "context_window",
        "reserved_tokens",
        "keep_recent",
        "compact_thinking",
        "decay_every_turns",
        "protect_factual",
        "keep_facts",
        "stable_prefix",
        "min_freed_tokens",
    ),
)
@dataclass(frozen=True, slots=True)
class CompactConfig:
    """When and how hard microcompact works; invalid values fail here, at construction."""

    context_window: int | None = None
    """The model's context window in tokens. ``None``: the session's one window, its
    ``SummaryConfig.max_context_tokens`` when it summarises (with :attr:`reserved_tokens`
    unset too, microcompact then acts halfway between the summary's line and the window, as
    :meth:`beside_summaries` puts it), else :data:`DEFAULT_WINDOW` (see :meth:`for_summaries`)."""
    reserved_tokens: int | None = None
    """Room kept free for the reply (``None``: :data:`DEFAULT_RESERVE`, or beside summaries
    what the window leaves above microcompact's budget)."""
    keep_recent: int = 6
    """The newest messages that are never compacted."""
    compact_thinking: bool = False
    protect_factual: bool = False
    """Never cut a tool result declared ``ResultSemantic.FACTUAL``. For sessions with summaries:
    the focused view holds only turns no summary covers yet, so a Factual result cut there would
    be lost to the model; with this on it stays verbatim until a summary covers it."""

    def __post_init__(self) -> None:
        for name in ("context_window", "reserved_tokens", "keep_recent"):
            value = getattr(self, name)
            if value is None and name in ("context_window", "reserved_tokens"):
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigurationError(f"CompactConfig.{name} must be an int, got {value!r}")
        for flag in ("compact_thinking", "protect_factual"):
            if not isinstance(getattr(self, flag), bool):
                raise ConfigurationError(
                    f"CompactConfig.{flag} must be True or False, got {getattr(self, flag)!r}"
                )
        if self.context_window is not None and self.context_window <= 0:
            raise ConfigurationError(
                f"CompactConfig.context_window must be positive (the model's context size in "
                f"tokens, e.g. 128_000) or None (the session's window), got {self.context_window}"
            )
        if self.reserved_tokens is not None and not 0 <= self.reserved_tokens < self.window:
            raise ConfigurationError(
                f"CompactConfig.reserved_tokens must be >= 0 and below context_window "
                f"({self.window}), got {self.reserved_tokens}: lower it or raise the window"
            )
        if self.keep_recent < 0:
            raise ConfigurationError(
                f"CompactConfig.keep_recent must be >= 0 (0 lets every message be compacted), "
                f"got {self.keep_recent}"
            )

    @classmethod
    def beside_summaries(cls, window: int, trigger_ratio: float = 0.75) -> CompactConfig:
        """nbagent's microcompact for a session that also summarises on a ``window``-token model
        at ``trigger_ratio``: it acts only halfway between the summary's trigger line and the
        window (the window's safety net within a turn), so the context crosses the line and the
        summary fires first (a budget at the line holds the context just under it, and no
        summary ever fires); Factual results are protected (a Factual result cut before a
        summary covers it would be lost to the model). The magics use it."""
        budget = _beside_budget(window, trigger_ratio)
        return cls(context_window=window, reserved_tokens=window - budget, protect_factual=True)

    def for_summaries(self, summary: SummaryWindow | None) -> CompactConfig:
        """This config with its window filled in for a session that summarises by ``summary``
        (``None``: it does not): one context window per session. An unset window is the
        summary's ``max_context_tokens``, and with the reserve unset too microcompact acts
        halfway between the summary's trigger line and the window (:meth:`beside_summaries`),
        so the summary fires first. A window or reserve given stays as given."""
        if self.context_window is not None or summary is None:
            return self
        window = summary.max_context_tokens
        reserve = self.reserved_tokens
        if reserve is None:
            reserve = window - _beside_budget(window, summary.trigger_token_ratio)
        elif reserve >= window:
            raise ConfigurationError(
                f"CompactConfig.reserved_tokens ({reserve}) must be below the session's window "
                f"(SummaryConfig.max_context_tokens = {window}): lower it or raise the window"
            )
        return dataclasses.replace(self, context_window=window, reserved_tokens=reserve)

    @property
    def window(self) -> int:
        """The context window in tokens (:data:`DEFAULT_WINDOW` when unset)."""
        return DEFAULT_WINDOW if self.context_window is None else self.context_window

    @property
    def reserve(self) -> int:
        """The room kept for the reply (:data:`DEFAULT_RESERVE` when unset)."""
        return DEFAULT_RESERVE if self.reserved_tokens is None else self.reserved_tokens

    @property
    def budget(self) -> int:
        """Tokens the history may use: the window minus the reserve."""
        return self.window - self.reserve

    @property
    def worthwhile_tokens(self) -> int:
        """What a compaction must free to be made while the request it would replace still fits
        the window: a tenth of :attr:`budget` (see ``LlmCycle``'s stable prefix)."""
        return self.budget // WORTHWHILE_PART

    def should_compact(self, estimated_tokens: int) -> bool:
        """Whether a history of ``estimated_tokens`` no longer fits :attr:`budget`."""
        return estimated_tokens > self.budget


DEFAULT_WINDOW = 128_000
"""A config's window when neither it nor a session's summary sets one."""
DEFAULT_RESERVE = 8_000
WORTHWHILE_PART = 10
"""A compaction that frees less than this part of the budget is held back while the request it
would replace still fits the window: while prompt caching is on (``CycleConfig.prompt_cache``)
a request keeps its prefix byte-stable, and a new compaction rewrites it."""
DECAY_EVERY_TURNS = 4
"""Turns per step of lost importance (:data:`DECAY_STEP`)."""


class SummaryWindow(Protocol):
    """What :meth:`CompactConfig.for_summaries` reads of a ``SummaryConfig``."""

    @property
    def max_context_tokens(self) -> int: ...

    @property
    def trigger_token_ratio(self) -> float: ...


def _beside_budget(window: int, trigger_ratio: float) -> int:
    """Halfway between the summary's line and the window (at least 1 below the window)."""
    return min(window - 1, math.ceil((window * trigger_ratio + window) / 2))


# --- the actions -------------------------------------------------------------------------------


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

SKIP = Skip()
TRUNCATE = Truncate(TRUNCATE_KEEP)
STRUCTURED = TruncateStructured(STRUCTURED_KEEP)
REPLACE = Replace()

# --- source 1: semantic ------------------------------------------------------------------------

SEMANTIC_SCORES: dict[ResultSemantic, float] = {
    ResultSemantic.FACTUAL: 1.0,
    ResultSemantic.ACTION: -1.0,
    ResultSemantic.MIXED: 0.0,
}
FACTUAL = SEMANTIC_SCORES[ResultSemantic.FACTUAL]

Tools = Sequence[ToolDefinition] | Mapping[str, ResultSemantic]
"""Where tool semantics come from: the definitions, or a name -> semantic mapping."""


def semantic_scores(tools: Tools | None) -> dict[str, float]:
    """Tool name -> its semantic score (a tool not in the map counts as Mixed, 0)."""
    if tools is None:
        return {}
    if isinstance(tools, Mapping):
        try:
            return {name: SEMANTIC_SCORES[ResultSemantic(s)] for name, s in tools.items()}
        except ValueError as e:
            raise ConfigurationError(
                f"tool semantics must be one of {[s.value for s in ResultSemantic]}: {e}"
            ) from e
    return {tool.name: SEMANTIC_SCORES[tool.result_semantic] for tool in tools}


# --- source 2: content -------------------------------------------------------------------------
# The scans read a bounded head of each text: no regex walks a whole 20 KB payload.

_HEAD = 4096
"""Content heuristics look at this many leading characters."""
_STATUS_JSON_MAX = 600
_STATUS_TEXT_MAX = 300

_JSON_ARRAY = re.compile(r"\[\s*(?:[\[{\"\d-]|true|false|null)")
_RECORDS_IN_OBJECT = re.compile(r"\[\s*\{")
_STATUS_JSON = re.compile(
    r'"(?:status|result|state|ok|success|message)"\s*:\s*"?(?:ok|okay|success|succeeded|'
    r"successful|done|created|sent|deleted|updated|saved|accepted|queued|true)\b",
    re.IGNORECASE,
)
_STATUS_TEXT = re.compile(
    r"\b(?:ok|okay|done|success|successful|successfully|sent|created|deleted|updated|saved|"
    r"queued|accepted|scheduled|completed)\b",
    re.IGNORECASE,
)
_ERROR_JSON = re.compile(r'\{\s*"error"\s*:(?!\s*(?:null\b|false\b|""|\{\s*\}|\[\s*\]))')
_ERROR_TEXT = re.compile(
    r"(?:error\b|exception\b|traceback \(most recent call last\)|fatal\b)", re.IGNORECASE
)
_TABLE_DELIMITERS = ("|", "\t", ",")


def content_signal(text: str) -> tuple[float, str, str]:
    """(score, reason, error reason or "") from the shape of a tool result's text."""
    head = text[:_HEAD].lstrip()
    if not head:
        return 0.0, "empty", ""
    if _ERROR_JSON.match(head) or _ERROR_TEXT.match(head):
        return 0.0, "error-like content", "error-like content"
    first = head[0]
    if first == "[":
        if _JSON_ARRAY.match(head) and head.count(",") >= 2:
            return 1.0, "list-like data (JSON array)", ""
        return 0.0, "plain text", ""
    if first == "{":
        if _RECORDS_IN_OBJECT.search(head):
            return 1.0, "list-like data (records in a JSON object)", ""
        if len(text) <= _STATUS_JSON_MAX and _STATUS_JSON.search(head):
            return -1.0, "status confirmation", ""
        return 0.0, "JSON object", ""
    if len(text) <= _STATUS_TEXT_MAX and _STATUS_TEXT.search(head):
        return -1.0, "short acknowledgement", ""
    if _is_table(head):
        return 1.0, "list-like data (table rows)", ""
    return 0.0, "plain text", ""


def _is_table(head: str) -> bool:
    """At least five lines sharing one delimiter count (CSV, TSV, markdown tables)."""
    if head.count("\n") < 5:
        return False
    lines = [line for line in head.split("\n", 24)[:24] if line.strip()]
    if len(lines) < 5:
        return False
    for delimiter in _TABLE_DELIMITERS:
        if delimiter not in head:
            continue  # on no line: most heads lack two of the three, and one scan tells
        counts = [line.count(delimiter) for line in lines]
        common = max(set(counts), key=counts.count)
        if common > 0 and counts.count(common) >= 0.8 * len(counts):
            return True
    return False


# --- sources 3 and 4: decay and reference ------------------------------------------------------
# A result is produced in one turn and last referenced in the same or a later one (by a reply
# that reuses its key terms, see the index). It decays from its last reference: the reference
# source is what that won back from the decay counted from the turn it was produced in.

DECAY_STEP = 0.5
"""Importance lost per :data:`DECAY_EVERY_TURNS` turns without a reference."""


def decay_steps(config: CompactConfig, age_turns: int) -> int:
    """How many :data:`DECAY_EVERY_TURNS` steps fit in ``age_turns`` turns."""
    return age_turns // DECAY_EVERY_TURNS


def decay_and_reference(
    config: CompactConfig, produced_age: int, referenced_age: int
) -> tuple[float, float]:
    """(decay, reference) for a result produced ``produced_age`` turns ago and last referenced
    ``referenced_age`` turns ago; their sum is ``-DECAY_STEP * decay_steps(referenced_age)``."""
    decay = DECAY_STEP * -decay_steps(config, produced_age)  # int negation: never -0.0
    return decay, DECAY_STEP * -decay_steps(config, referenced_age) - decay


def importance(semantic: float, content: float, steps: int) -> float:
    """The score the matrix reads, the sum of the four sources: semantic + content + decay +
    reference, which is semantic + content - 0.5 for each decay step since the last reference."""
    return semantic + content - DECAY_STEP * steps


def decays_alike(semantic: float, content: float, steps: int, other_steps: int) -> bool:
    """Whether the matrix tells a result ``steps`` decay steps old from one ``other_steps`` old:
    it reads only the band of the score (:func:`importance_band`), so most steps change nothing,
    and none once the score is below 1."""
    return importance_band(importance(semantic, content, steps)) == importance_band(
        importance(semantic, content, other_steps)
    )


# --- the matrix and its reasons ----------------------------------------------------------------

SMALL_CHARS = 200
MEDIUM_CHARS = 2000


def importance_band(score: float) -> int:
    """All the matrix reads of an importance score: 2 (>= 2), 1 (>= 1) or 0 (below 1)."""
    return 2 if score >= 2 else 1 if score >= 1 else 0


_LARGE_ACTIONS = (REPLACE, TRUNCATE, STRUCTURED)
"""What a large result gets in each importance band."""


def decide_strategy(size: int, score: float) -> CompactAction:
    """The size x importance matrix: ``size`` in characters, ``score`` the importance."""
    if size < 0:
        raise ValueError(f"size is a character count and cannot be negative, got {size}")
    if size <= SMALL_CHARS:
        return SKIP
    band = importance_band(score)
    if size <= MEDIUM_CHARS:
        return SKIP if band else TRUNCATE
    return _LARGE_ACTIONS[band]


def matrix_reason(size: int, action: CompactAction) -> str:
    """Why the matrix chose ``action`` for ``size`` characters, as the tables show it."""
    if size <= SMALL_CHARS:
        return f"small (<= {SMALL_CHARS} chars)"
    if size <= MEDIUM_CHARS:
        return "medium and important" if isinstance(action, Skip) else "medium, low importance"
    if isinstance(action, TruncateStructured):
        return "large and important: JSON skeleton kept"
    if isinstance(action, Truncate):
        return "large, somewhat important"
    return "large, low importance"


class UnitFacts(Protocol):
    """What a rule reads of a tool result or thinking block (the index's analysis of it)."""

    chars: int
    thinking: bool
    error: str
    """Why it counts as an error result ("" when it does not)."""
    compacted: bool
    """Whether it is microcompact's own output already."""
    content: float
    """Its content signal."""


FactNote = Literal["", "distinctive", "all"]
"""Which facts of a cut part its note keeps: none, what stands out of a listing, all."""


def keeps_facts(config: CompactConfig, unit: UnitFacts, semantic: float) -> FactNote:
    """Which hard facts of the part cut a cut of ``unit`` keeps (a bounded note beside the
    cut, identifiers first): all of an action's confirmation (its tool
    declared Action, or a status confirmation), and of any other tool result, whatever its
    tool's semantic, the ``"distinctive"`` ones. A value only a tool returned is still one a
    user relies on (a row count, an exit code, a tracking number); of a listing (more than
    :data:`LISTING_FACTS` facts) the note holds only what stands out of it
    (:func:`~nbagent.llm.facts.distinctive`: the one exit code of a log, not its 40
    timestamps), since a note of its bulk would cost what the cut saves."""
    if unit.thinking:
        return ""
    return "all" if semantic < 0 or unit.content < 0 else "distinctive"


def rule(
    config: CompactConfig, unit: UnitFacts, recent: bool, semantic: float, steps: int
) -> tuple[CompactAction, str]:
    """The action for ``unit`` and its reason, first rule first.

    ``semantic`` is its tool's score, ``steps`` the decay steps since it was last referenced. The
    planner then keeps the content when the action would not shrink it (a marker can cost more
    than the few characters it cuts).
    """
    if recent:
        return SKIP, f"recent (newest {config.keep_recent} messages)"
    if unit.error:
        return SKIP, f"{unit.error}: never compacted"
    if unit.compacted:
        return SKIP, "already compacted"
    if config.protect_factual and semantic >= FACTUAL:
        return SKIP, "factual: kept verbatim (protect_factual)"
    if unit.thinking:
        if unit.chars <= SMALL_CHARS:
            return SKIP, f"small (<= {SMALL_CHARS} chars)"
        return REPLACE, "thinking pruned (compact_thinking is on)"
    action = decide_strategy(unit.chars, importance(semantic, unit.content, steps))
    return action, matrix_reason(unit.chars, action)
