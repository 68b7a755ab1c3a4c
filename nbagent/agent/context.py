"""Context slots: a stored message history and the view of it that is sent to the model.

A slot in :attr:`SlotMode.FULL` sends its whole history. A slot in :attr:`SlotMode.FOCUSED`
sends, once a summary exists::

    leading system messages
    System("[上下文摘要] {summary}")                  (summary_position="start", the default)
    every message the summary does not cover yet   (index >= summary_upto, and always at
                                                    least the last keep_recent_turns turns)

``summary_position="end"`` puts the summary after those messages instead, right before the
newest turn: the place of the original design notes (phase 10's consumer, which phase 16 left
as it was). The default reads in the order things were said: the summary of the older turns,
then the newer ones verbatim, so a value corrected in a kept turn ("cerramos en 238.000 €")
comes after the stale one the summary still states ("piden 245.000 €") and reads as the newer,
as the design's principle asks (a corrected fact shows its newest value); and the summary stays
put between summaries, where an OpenAI-style prefix cache reads it back (at the end it moves
every turn and is re-sent uncached with the turn before it; Anthropic hoists either into its
system text). Measured on the held-out conversations (``make bench``, case ``heldout``, the
magics' default, 2026-12-03): 27 of 28 conversations show every corrected value in the last
request against 17 of 28 with ``"end"``; on the cost bench gpt-4o-mini's default costs 1.05x the
cheapest policy against 1.16x, Claude's is unchanged.

A turn starts at a user message. Without a summary the focused view drops nothing. The stored
history is never shortened: only the view shrinks.

The summary is the slot's state, not a setting: :class:`ContextSlot` holds it
(``slot.summary_override``, ``slot.summary_upto``; :meth:`ContextSlot.set_summary` and
:meth:`ContextSlot.clear_summary` change it) and :class:`FocusedConfig` holds only how the view
is built. Whether a slot takes turns is its state too, fixed when it is made
(``session.create_slot(..., read_only=True)`` for a reference history): a setting shared by every
session of a bundle, it made each new session refuse every turn. A slot is stored (namespace
``"slot"``) as ``{"config": SlotConfig, "summary": {"text", "upto"} or null, "read_only":
bool}``; the older shapes, the config alone with the summary inside ``focused``, or with
``read_only`` inside the config, load as well (:func:`read_slot_value`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import Any, Literal, TypeVar, overload

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from nbagent.agent.store import AppendMessages, MemoryStore, PutValue, SessionSnapshot, StoreOp
from nbagent.errors import (
    ConfigurationError,
    ReadOnlySlotError,
    Retired,
    StoreError,
    retired_settings,
)
from nbagent.llm.messages import AnyMessage, Message, SystemMessage, UserMessage
from nbagent.llm.tokens import (
    DEFAULT_ESTIMATOR,
    TokenEstimator,
    estimate_message_tokens,
    estimator_key,
)

SLOT_NAMESPACE = "slot"
DEFAULT_SLOT_ID = "main"

T = TypeVar("T")


class SlotMode(StrEnum):
    FULL = "full"
    """Send the whole history."""
    FOCUSED = "focused"
    """Send the uncovered tail plus the summary (see the module docstring)."""


@dataclass(frozen=True)
class SlotSummary:
    """A summary of a slot's history and how many stored messages it covers: the slot's state
    (:meth:`ContextSlot.set_summary`), and the latest one a session made for each slot."""

    text: str
    """The summary replacing the covered messages in the focused view."""
    upto: int
    """Messages before this index of the stored history are covered by the summary."""


_MOVED_TO_SLOT = ("summary_override", "summary_upto")
"""The fields FocusedConfig held before the summary became the slot's state."""


class FocusedConfig(BaseModel):
    """How a focused slot builds its view: settings only (the summary is the slot's state, see
    :meth:`ContextSlot.set_summary`).

    Invalid values raise ``ConfigurationError`` at construction (``bool`` and ``float`` are not
    taken for counts).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    keep_recent_turns: int = Field(default=2, ge=0, strict=True)
    """The last turns always sent verbatim, even when the summary covers them."""
    summary_marker: str = "[上下文摘要]"
    summary_position: Literal["end", "start"] = "start"
    """``"start"``: right after the leading system messages, before the turns it does not cover,
    where it stays put between summaries. ``"end"``: after the kept messages, right before the
    newest turn (the original design notes' place). See the module docstring for why the
    default moved."""

    def __init__(self, **data: Any) -> None:
        moved = [
            f"{name} is the slot's state now, not a setting: call slot.set_summary(text, upto)"
            for name in _MOVED_TO_SLOT
            if name in data
        ]
        if moved:
            raise ConfigurationError("invalid FocusedConfig: " + "; ".join(moved))
        try:
            super().__init__(**data)
        except ValidationError as e:
            raise ConfigurationError(_focused_problems(e)) from e


_FOCUSED_EXPECTED = {
    "keep_recent_turns": "an integer >= 0 (0 keeps no turn verbatim)",
    "summary_marker": "a string",
    "summary_position": "'end' or 'start'",
}


def _focused_problems(error: ValidationError) -> str:
    problems: list[str] = []
    for item in error.errors(include_url=False):
        name = str(item["loc"][0]) if item["loc"] else "(settings)"
        expected = _FOCUSED_EXPECTED.get(name)
        if expected is None:
            known = ", ".join(_FOCUSED_EXPECTED)
            problems.append(f"unknown setting {name!r}; FocusedConfig takes {known}")
        else:
            problems.append(f"{name} must be {expected}, got {item['input']!r}")
    return "invalid FocusedConfig: " + "; ".join(dict.fromkeys(problems))


_RETIRED_READ_ONLY = "_retired_read_only"
"""Where a retired ``SlotConfig(read_only=...)`` hands its value to the config's ``__init__``."""


def _read_only_to_slot(value: object, kwargs: dict[str, Any]) -> None:
    """A retired ``read_only=True`` still makes the slots built from the config read-only, for
    this release: the config carries it (not as a setting) to :class:`ContextSlot`."""
    if not isinstance(value, bool):
        raise ConfigurationError(
            f"SlotConfig.read_only must be True or False, got {value!r}; better, make the slot "
            "read-only where it is made: session.create_slot(slot_id, read_only=True)"
        )
    kwargs[_RETIRED_READ_ONLY] = value


@retired_settings(
    {
        "read_only": Retired(
            "a slot is read-only by what it is, not by a setting every session of a bundle "
            "shares: make it so where it is made, session.create_slot(slot_id, config, messages, "
            "read_only=True) (ContextSlot.read_only says whether a slot is). This value still "
            "takes effect for this release",
            reads=lambda c: c._read_only,
            apply=_read_only_to_slot,
        ),
    }
)
class SlotConfig(BaseModel):
    """A slot's mode and its focused settings (whether it takes turns is the slot's state:
    :attr:`ContextSlot.read_only`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: SlotMode = SlotMode.FOCUSED
    focused: FocusedConfig = Field(default_factory=FocusedConfig)
    _read_only: bool = PrivateAttr(default=False)
    """What a retired ``read_only`` asked of the slots built from this config (never saved with
    the config: the slot saves its own)."""

    def __init__(self, **data: Any) -> None:
        read_only = data.pop(_RETIRED_READ_ONLY, False)
        super().__init__(**data)
        self._read_only = read_only


class _StoredSlot(BaseModel):
    """A slot's stored value (namespace ``"slot"``): its config, its summary and whether it
    takes turns."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    config: SlotConfig
    summary: SlotSummary | None = None
    read_only: bool = False

    @model_validator(mode="before")
    @classmethod
    def _older_shape(cls, data: Any) -> Any:
        """The shapes saved before: the config alone, with ``focused.summary_override`` /
        ``focused.summary_upto`` inside (before the summary left FocusedConfig); a config
        holding ``read_only`` (before it became the slot's state)."""
        if not isinstance(data, dict):
            return data
        if "config" not in data:
            data = _summary_beside(data)
        config = data.get("config")
        if isinstance(config, dict) and "read_only" in config:
            config = dict(config)
            read_only = config.pop("read_only")
            data = {**data, "config": config, "read_only": read_only}
        return data

    @model_validator(mode="after")
    def _covered_count(self) -> _StoredSlot:
        # What set_summary refuses is refused on the way back in too (the older shape's
        # FocusedConfig checked it: ge=0, strict).
        upto = None if self.summary is None else self.summary.upto
        if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or upto < 0):
            raise ValueError(f"a stored summary covers an index >= 0 of the history, got {upto!r}")
        return self


def _summary_beside(data: dict[str, Any]) -> dict[str, Any]:
    """A config stored alone, with the summary moved out of ``focused`` beside it."""
    config = dict(data)
    focused = config.get("focused")
    if not isinstance(focused, dict):
        return {"config": config}
    focused = config["focused"] = dict(focused)
    text = focused.pop("summary_override", None)
    upto = focused.pop("summary_upto", 0)
    summary = None if text is None else {"text": text, "upto": upto}
    return {"config": config, "summary": summary}


def slot_value(
    config: SlotConfig, summary: SlotSummary | None, *, read_only: bool
) -> dict[str, Any]:
    """What the store holds for a slot of ``config`` with ``summary`` (JSON)."""
    stored = _StoredSlot(config=config, summary=summary, read_only=read_only)
    return stored.model_dump(mode="json")


def read_slot_value(raw: Any) -> tuple[SlotConfig, SlotSummary | None, bool]:
    """The config, the summary and whether the slot is read-only, of a stored slot value in its
    current or an older shape; ``ValidationError`` when it is none of them."""
    stored = _StoredSlot.model_validate(raw)
    return stored.config, stored.summary, stored.read_only


def leading_system_count(messages: Sequence[AnyMessage]) -> int:
    count = 0
    for message in messages:
        if not isinstance(message, SystemMessage):
            break
        count += 1
    return count


def recent_turns_start(messages: Sequence[AnyMessage], turns: int, floor: int) -> int:
    """Index of the user message opening the ``turns``-th last turn (``floor`` if fewer)."""
    if turns == 0:
        return len(messages)
    seen = 0
    for index in range(len(messages) - 1, floor - 1, -1):
        if isinstance(messages[index], UserMessage):
            seen += 1
            if seen == turns:
                return index
    return floor


def summary_system_message(config: FocusedConfig, text: str | None) -> SystemMessage | None:
    """The system message a focused view of ``config`` carries for summary ``text``."""
    if text is None:
        return None
    return Message.system(f"{config.summary_marker} {text}")


def _view_spans(
    messages: Sequence[AnyMessage], config: FocusedConfig, upto: int
) -> tuple[int, int]:
    """``(lead, start)``: a focused view whose summary covers ``messages[:upto]`` is
    ``messages[:lead] + messages[start:]`` and the summary."""
    lead = leading_system_count(messages)
    start = min(max(upto, lead), recent_turns_start(messages, config.keep_recent_turns, lead))
    return lead, start


def _focused_view(
    messages: Sequence[AnyMessage],
    config: FocusedConfig,
    summary: SystemMessage | None,
    upto: int,
) -> list[AnyMessage]:
    if summary is None:
        return list(messages)
    lead, start = _view_spans(messages, config, upto)
    head, tail = list(messages[:lead]), list(messages[start:])
    if config.summary_position == "start":
        return [*head, summary, *tail]
    return [*head, *tail, summary]


def focused_view(
    messages: Sequence[AnyMessage], config: FocusedConfig, summary: SlotSummary | None = None
) -> list[AnyMessage]:
    """The focused view of ``messages`` once ``summary`` covers its first ``summary.upto``
    (see the module docstring; without a summary, all of them)."""
    if summary is None:
        return list(messages)
    return _focused_view(
        messages, config, summary_system_message(config, summary.text), summary.upto
    )


class _Tally:
    """Running token estimates of an append-only history from message ``base`` on, for one
    estimator: ``prefix[k]`` is the estimate of ``messages[base:base + k]``, so any span that
    starts at or after ``base`` costs one subtraction. ``system`` lists the indices (``>= base``)
    of the system messages."""

    __slots__ = ("base", "prefix", "system")

    def __init__(self, base: int) -> None:
        self.base = base
        self.prefix = [0]
        self.system: list[int] = []

    def span(self, start: int, end: int) -> int:
        return self.prefix[end - self.base] - self.prefix[start - self.base]


class Joined(Sequence[T]):
    """``first + second`` without building it: a stored history and a turn's new messages,
    read at a few indices near their ends (where a view starts), cost nothing per stored
    message."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: Sequence[T], second: Sequence[T]) -> None:
        self._first, self._second = first, second

    def __len__(self) -> int:
        return len(self._first) + len(self._second)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        split = len(self._first)
        return self._first[index] if index < split else self._second[index - split]

    def __iter__(self) -> Iterator[T]:
        return chain(self._first, self._second)


class ContextSlot:
    """One message history of a session, its summary and the config that shapes what the model
    sees.

    ``messages`` is read-only; add with :meth:`append_messages` and persist with :meth:`save`,
    which writes only the messages appended since the last save. The summary is read with
    :attr:`summary_override` and :attr:`summary_upto` and changed only by :meth:`set_summary`
    and :meth:`clear_summary`. A ``read_only`` slot (a reference history) refuses turns; that
    is fixed when it is made and saved with it.
    """

    def __init__(
        self,
        slot_id: str,
        session_id: str,
        *,
        config: SlotConfig | None = None,
        messages: Sequence[AnyMessage] = (),
        read_only: bool = False,
    ) -> None:
        if not isinstance(read_only, bool):
            raise ConfigurationError(f"read_only must be True or False, got {read_only!r}")
        self.id = slot_id
        self.session_id = session_id
        self.config = config or SlotConfig()
        # A config made with the retired SlotConfig(read_only=True) still asks for it.
        self._read_only = read_only or self.config._read_only
        self._messages: list[AnyMessage] = list(messages)
        self._saved_count = 0
        # Derived from the history, which only ever grows: extended lazily, never recomputed.
        self._tallies: dict[str, _Tally] = {}
        self._summary: SlotSummary | None = None
        # The summary message, kept while the focused settings and the summary stay the same.
        self._summary_memo: tuple[FocusedConfig, SlotSummary | None, SystemMessage | None] = (
            self.config.focused,
            None,
            None,
        )

    @property
    def messages(self) -> tuple[AnyMessage, ...]:
        """The full stored history (never shortened)."""
        return tuple(self._messages)

    def __len__(self) -> int:
        return len(self._messages)

    @property
    def read_only(self) -> bool:
        """Whether the slot refuses turns (a reference history; see :meth:`require_writable`)."""
        return self._read_only

    def require_writable(self) -> None:
        """Refuse a turn on a read-only slot, saying what to do instead."""
        if self.read_only:
            raise ReadOnlySlotError(
                f"slot {self.id!r} of session {self.session_id!r} is read-only: switch to a "
                "writable slot (switch_slot) or create one (create_slot) to submit turns"
            )

    @property
    def focused(self) -> FocusedConfig:
        return self.config.focused

    @property
    def summary(self) -> SlotSummary | None:
        """The summary in effect (``None``: none yet); a FULL slot keeps it without sending it."""
        return self._summary

    @property
    def summary_override(self) -> str | None:
        """The summary replacing the covered messages; ``None`` means the view drops nothing."""
        return None if self._summary is None else self._summary.text

    @property
    def summary_upto(self) -> int:
        """Messages before this index of the stored history are covered by the summary."""
        return 0 if self._summary is None else self._summary.upto

    def load_messages(self) -> list[AnyMessage]:
        """The view sent to the model: everything in FULL mode, the focused view otherwise."""
        match self.config.mode:
            case SlotMode.FULL:
                return list(self._messages)
            case SlotMode.FOCUSED:
                return _focused_view(
                    self._messages, self.config.focused, self.summary_message(), self.summary_upto
                )

    def view_runs(self) -> list[tuple[int, int]]:
        """Where :meth:`load_messages` comes from: ``(first stored index, count)`` runs in view
        order, ``(-1, 1)`` for the summary message (it is not stored)."""
        end = len(self._messages)
        summary = self.summary_message()
        if summary is None:
            return [(0, end)] if end else []
        lead, start = _view_spans(self._messages, self.config.focused, self.summary_upto)
        head = [(0, lead)] if lead else []
        tail = [(start, end - start)] if end > start else []
        if self.config.focused.summary_position == "start":
            return [*head, (-1, 1), *tail]
        return [*head, *tail, (-1, 1)]

    def summary_message(self) -> SystemMessage | None:
        """The summary system message the view carries (``None`` in FULL mode or unsummarised)."""
        if self.config.mode is SlotMode.FULL:
            return None
        focused, summary = self.config.focused, self._summary
        # One message per summary, so its token estimate is made once, not on every turn.
        memo = self._summary_memo
        if memo[0] is not focused or memo[1] is not summary:
            text = None if summary is None else summary.text
            memo = self._summary_memo = (focused, summary, summary_system_message(focused, text))
        return memo[2]

    def _tally(self, estimator: TokenEstimator, start: int) -> _Tally:
        """The tally of ``estimator`` covering ``messages[start:]``, brought up to date.

        It starts where the view starts, so the covered part of a long summarised history is
        never estimated; it is rebuilt only if a view ever starts earlier.
        """
        messages = self._messages
        tally = self._tallies.get(estimator_key(estimator))
        if (
            tally is None
            or tally.base > start
            or tally.base + len(tally.prefix) - 1 > len(messages)
        ):
            tally = self._tallies[estimator_key(estimator)] = _Tally(start)
        prefix = tally.prefix
        for index in range(tally.base + len(prefix) - 1, len(messages)):
            message = messages[index]
            prefix.append(prefix[-1] + estimate_message_tokens(message, estimator))
            if isinstance(message, SystemMessage):
                tally.system.append(index)
        return tally

    def view_tokens(
        self,
        estimator: TokenEstimator | None = None,
        *,
        without_system: bool = False,
        extra: Sequence[AnyMessage] = (),
    ) -> int:
        """``estimate_messages_tokens(load_messages())``, without building or walking the view.

        With ``without_system``, the estimate of the view less its system messages other than
        the summary (what a session sends after its own system prompt); with ``extra``, the
        estimate the view will have once ``extra`` is appended (a turn's record is exact before
        the turn is saved). Each message is estimated once in the slot's life, so a turn costs
        the same with ten messages stored and with ten thousand.
        """
        est = estimator or DEFAULT_ESTIMATOR
        stored = len(self._messages)
        messages = Joined(self._messages, extra) if extra else self._messages
        summary = self.summary_message()
        if summary is None:
            lead, start = 0, 0
        else:
            lead, start = _view_spans(messages, self.config.focused, self.summary_upto)
        tally = self._tally(est, min(start, stored))
        head = [messages[i] for i in range(lead)]  # leading system messages: a few at most
        unsaved = extra[max(start - stored, 0) :]
        tokens = tally.span(min(start, stored), stored)
        tokens += sum(estimate_message_tokens(m, est) for m in (*head, *unsaved))
        if summary is not None:
            tokens += estimate_message_tokens(summary, est)
        if without_system:
            marker = None if summary is None else summary.content
            in_view = [messages[i] for i in tally.system if i >= start]
            for message in (*head, *in_view, *unsaved):
                if isinstance(message, SystemMessage) and message.content != marker:
                    tokens -= estimate_message_tokens(message, est)
        return tokens

    def append_messages(self, messages: Sequence[AnyMessage]) -> None:
        self._messages.extend(messages)

    def set_summary(self, summary: str, upto: int) -> None:
        """Record a summary covering the first ``upto`` stored messages (focused slots only: a
        FULL slot sends its whole history and keeps the summary it had). Saved with the slot."""
        if not isinstance(summary, str):
            raise ConfigurationError(f"a summary must be a string, got {summary!r}")
        if isinstance(upto, bool) or not isinstance(upto, int) or upto < 0:
            raise ConfigurationError(
                f"summary upto must be an integer >= 0 (an index into the stored history), "
                f"got {upto!r}"
            )
        if self.config.mode is SlotMode.FOCUSED:
            self._summary = SlotSummary(summary, upto)

    def clear_summary(self) -> None:
        """Drop the summary (in either mode): the focused view sends the whole history again."""
        self._summary = None

    # -- persistence ------------------------------------------------------------------------

    def save_ops(
        self, extra: Sequence[AnyMessage] = (), summary: SlotSummary | None = None
    ) -> list[StoreOp]:
        """The writes that bring the store up to date, for a caller's own transaction.

        ``extra`` messages and a new ``summary`` are written as if already applied; apply them
        with :meth:`mark_saved` once the transaction committed, so a failed write leaves the
        slot as it was.
        """
        ops: list[StoreOp] = []
        unsaved = (*self._messages[self._saved_count :], *extra)
        if unsaved:
            ops.append(AppendMessages(self.session_id, self.id, self._saved_count, unsaved))
        summary = self._summary if summary is None else summary
        value = slot_value(self.config, summary, read_only=self._read_only)
        ops.append(PutValue(self.session_id, SLOT_NAMESPACE, self.id, value))
        return ops

    def mark_saved(
        self, extra: Sequence[AnyMessage] = (), summary: SlotSummary | None = None
    ) -> None:
        """Apply ``extra`` and ``summary`` given to :meth:`save_ops` after its commit
        succeeded."""
        self._messages.extend(extra)
        if summary is not None:
            self._summary = summary
        self._saved_count = len(self._messages)

    async def save(self, store: MemoryStore) -> None:
        """Append the unsaved messages and write the config, in one transaction."""
        await store.commit(self.save_ops())
        self.mark_saved()

    @classmethod
    async def load(cls, store: MemoryStore, session_id: str, slot_id: str) -> ContextSlot | None:
        """The stored slot, or ``None`` when the store has no slot of that id."""
        return cls.from_snapshot(await store.load_session(session_id), slot_id)

    @classmethod
    def from_snapshot(cls, snapshot: SessionSnapshot, slot_id: str) -> ContextSlot | None:
        """The slot as a session snapshot holds it, or ``None`` when it holds no such slot."""
        raw = snapshot.value(SLOT_NAMESPACE, slot_id)
        if raw is None:
            return None
        session_id = snapshot.session_id
        try:
            config, summary, read_only = read_slot_value(raw)
        except ValidationError as e:
            raise StoreError(
                f"stored config of slot {slot_id!r} in session {session_id!r} is invalid "
                f"({e.error_count()} errors, first: {e.errors()[0]['msg']}). It may come from "
                "an incompatible nbagent version: open another session id."
            ) from e
        slot = cls(slot_id, session_id, config=config, read_only=read_only)
        slot._summary = summary  # as stored, in either mode
        slot._messages = snapshot.history(slot_id)
        slot.mark_saved()
        return slot

    def __repr__(self) -> str:
        return (
            f"ContextSlot(id={self.id!r}, mode={self.config.mode.value}, "
            f"messages={len(self._messages)}, read_only={self._read_only})"
        )


def new_slot(
    slots: dict[str, ContextSlot],
    slot_id: str,
    session_id: str,
    config: SlotConfig | None,
    messages: Sequence[AnyMessage],
    *,
    read_only: bool = False,
) -> ContextSlot:
    """A new slot of a session's ``slots`` (not added yet); refused if ``slot_id`` is taken."""
    if slot_id in slots:
        raise ConfigurationError(f"slot {slot_id!r} exists; pick another id or switch_slot()")
    return ContextSlot(slot_id, session_id, config=config, messages=messages, read_only=read_only)


def existing_slot(slots: dict[str, ContextSlot], slot_id: str) -> ContextSlot:
    """Slot ``slot_id`` of a session's ``slots``, or an error naming those there are."""
    if slot_id not in slots:
        raise ConfigurationError(
            f"no slot {slot_id!r}; existing: {sorted(slots)}. Create it with create_slot()."
        )
    return slots[slot_id]


def request_view(
    slot: ContextSlot, prompt: SystemMessage | None
) -> tuple[list[AnyMessage], list[tuple[int, int]]]:
    """What a turn sends before its user message, and the stored index runs it comes from.

    With a system ``prompt``, it replaces every system message of the view except the summary
    message (the rule of ``LlmCycle.build_request``, applied here so the summary survives).
    Runs are :meth:`ContextSlot.view_runs`'s, ``-1`` for messages not stored.
    """
    view, runs = slot.load_messages(), slot.view_runs()
    if prompt is None:
        return view, runs
    summary = slot.summary_message()
    marker = None if summary is None else summary.content
    drops = [k for k, m in enumerate(view) if isinstance(m, SystemMessage) and m.content != marker]
    drops.append(len(view))
    # Cut the runs at the dropped positions and copy the kept spans as slices: a source per
    # message, filtered and joined again, cost more than the rest of building the view.
    messages: list[AnyMessage] = [prompt]
    kept: list[tuple[int, int]] = [(-1, 1)]
    drop, at = 0, 0
    for first, count in runs:
        start, end = at, at + count
        while start < end:
            stop = min(drops[drop], end)
            if stop > start:
                messages += view[start:stop]
                kept.append((first + start - at if first >= 0 else -1, stop - start))
            if stop < end:
                drop += 1
            start = stop + 1
        at = end
    return messages, join_runs(kept)


def request_tokens(
    slot: ContextSlot,
    prompt: SystemMessage | None,
    estimator: TokenEstimator | None,
    extra: Sequence[AnyMessage] = (),
) -> int:
    """``estimate_messages_tokens(request_view(slot, prompt)[0])``, from the slot's tallies:
    per turn this walks only the messages added since the last call, not the history. With
    ``extra``, the figure once ``extra`` is appended to the slot."""
    tokens = slot.view_tokens(estimator, without_system=prompt is not None, extra=extra)
    if prompt is not None:
        tokens += estimate_message_tokens(prompt, estimator)
    return tokens


def index_runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Stored indices (``-1``: not stored) as ``(first, count)`` runs of consecutive ones."""
    return join_runs([(i, 1) for i in indices])


def join_runs(*parts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Runs one after the other, merged where one continues the last."""
    runs: list[tuple[int, int]] = []
    for part in parts:
        for first, count in part:
            if not count:
                continue
            if runs:
                last, length = runs[-1]
                if (last < 0 and first < 0) or (last >= 0 and first == last + length):
                    runs[-1] = (last, length + count)
                    continue
            runs.append((first, count))
    return runs


__all__ = [
    "DEFAULT_SLOT_ID",
    "ContextSlot",
    "FocusedConfig",
    "SlotConfig",
    "SlotMode",
    "SlotSummary",
    "focused_view",
    "index_runs",
    "join_runs",
    "request_tokens",
    "request_view",
]
