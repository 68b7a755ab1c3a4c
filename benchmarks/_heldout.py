"""The held-out retention set: hand-written fact lists, measured on the requests actually sent.

``tests/data/heldout/`` holds conversations (``<name>.jsonl``) with hand-written fact lists
(``<name>.facts.json``, see ``make_heldout.py`` there). They are held out: nbagent's fact
extractor and summaries must not be tuned on them.

:func:`measure` replays a conversation through a real session exactly as
:func:`nbagent.notebook._replay.replay` does (tuning's replay: recorded replies, recorded tool
results, the offline summariser), with one addition: a ``BEFORE_REQUEST`` hook that keeps every
turn request the session sends. After each turn it looks at that turn's **last** request and
counts the hand facts stated so far (fact turn <= current turn) whose text, or an accepted
alternative, occurs in the request's text: every message's text, tool calls' inputs and tool
results as sent (after microcompact), the summary and the system prompt. The match is the hand
count's own, independent of nbagent's extractor and normaliser (:func:`plain`, :func:`occurs`):
Unicode NFKC, case folded, runs of spaces as one; a hit inside a longer number or Latin word
("12" in "2012", "B12" in "AB12") does not count. Other spellings count only where the fact
list accepts them. A correction is
kept when its new value is visible and its old value is not presented as current: the old value
is absent, or the new value occurs after the old value's last occurrence. Beside the hand count
each row carries nbagent's own figure (``TurnRecord.facts_visible / facts_stated``).

Policies: :func:`default_policy` is what ``%agent new`` builds (``AgentMagics.settings()``:
its SummaryConfig and ``CompactConfig.beside_summaries``) on a ``window``-token model;
:func:`recommended_policy` is ``tune_summary(...).recommend()``'s pick from a small grid over the
same transcript; :func:`keep_last_rows` is the baseline that keeps the last 20 messages.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from nbagent.agent import run_sync
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import (
    AnyMessage,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    text_of,
)
from nbagent.llm.request import MessageRequest
from nbagent.notebook import _replay
from nbagent.notebook._replay import Transcript, load_transcript, read_jsonl

HELDOUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "heldout"
WINDOW = 16_000
"""The context window the held-out conversations are measured on (tokens)."""
KEEP_LAST = 20
GRID: dict[str, list[Any]] = {
    "trigger_token_ratio": [0.5, 0.75],
    "debounce_turns": [1, 3],
    "strategy": ["full", "incremental"],
}
"""The small tuning grid :func:`recommended_policy` picks from."""
SEP = "\x00"


SEALED = HELDOUT.parent / "heldout_sealed"
"""A second set, written after nbagent's extractor and summaries were tuned on the first, by
someone who never read them: measured, never tuned on (see its README)."""
SEALED2 = HELDOUT.parent / "heldout_sealed2"
"""A third set, six conversations written blind to the extractor in session 8, after the
second was measured: measured once, never tuned on (see its README)."""
SEALED3 = HELDOUT.parent / "heldout_sealed3"
"""A fourth set, six conversations written blind to nbagent's source in session 11 (ML
training, a Spanish flat purchase, a Chinese warehouse migration, a Polish car claim, a
French/English workshop, a coffee roastery), most corrections without a cue word: measured
once per change it judges, never tuned on (see its README)."""
SEALED4 = HELDOUT.parent / "heldout_sealed4"
"""A fifth set, six conversations written blind to nbagent's source in session 12 (a genomics
pipeline, Turkish marketplace seller ops, a Swedish rental water leak, a Brazilian month-end
close, a Hinglish pharmacy, a Czech inheritance at a notary), after sealed3 was partly spent on
the ledger's share: measured, never tuned on (see its README)."""
SEALED5 = HELDOUT.parent / "heldout_sealed5"
"""A sixth set, six conversations written blind to nbagent's source in session 14 (a Vietnamese
wedding caterer, a Greek trawler's maintenance, Mandarin/English game ops, a Hungarian building
permit, an Indonesian translator's books, a Finnish school timetable), after sealed4 was spent:
measured, never tuned on (see its README)."""
SEALED6 = HELDOUT.parent / "heldout_sealed6"
"""A seventh set, six conversations written blind in session 14 after sealed5's losses were
read (a Danish honey co-op, a Romanian film shoot, a Ukrainian dental lab, an Arabic hotel night
audit, a Malay solar installer, a Catalan orchard): measured, never tuned on (see its README)."""


def case_names(folder: Path = HELDOUT) -> list[str]:
    return sorted(p.name.removesuffix(".facts.json") for p in folder.glob("*.facts.json"))


@dataclass(frozen=True)
class Fact:
    text: str
    accept: tuple[str, ...]
    kind: str
    turn: int
    source: str

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(plain(t) for t in (self.text, *self.accept))


@dataclass(frozen=True)
class Correction:
    old: str
    new: str
    turn_old: int
    turn_new: int


@dataclass(frozen=True)
class Case:
    name: str
    language: str
    domain: str
    messages: tuple[AnyMessage, ...]
    facts: tuple[Fact, ...]
    corrections: tuple[Correction, ...]

    @property
    def hard(self) -> tuple[Fact, ...]:
        return tuple(f for f in self.facts if f.kind == "hard")

    @property
    def soft(self) -> tuple[Fact, ...]:
        """Constraints and decisions."""
        return tuple(f for f in self.facts if f.kind != "hard")


def load_case(name: str, folder: Path = HELDOUT) -> Case:
    """The transcript messages and the hand fact list of ``folder/<name>``."""
    data = json.loads((folder / f"{name}.facts.json").read_text(encoding="utf-8"))
    facts = tuple(
        Fact(f["text"], tuple(f.get("accept", ())), f["kind"], f["turn"], f["source"])
        for f in data["facts"]
    )
    corrections = tuple(Correction(**c) for c in data.get("corrections", ()))
    messages = tuple(read_jsonl(folder / f"{name}.jsonl"))
    return Case(name, data["language"], data["domain"], messages, facts, corrections)


# -- what a request shows ------------------------------------------------------------------------


def _block_text(block: Any) -> str:
    match block:
        case TextBlock():
            return block.text
        case ThinkingBlock():
            return block.text
        case ToolUseBlock():
            return json.dumps(block.input, ensure_ascii=False)
        case ToolResultBlock():
            return text_of(block.content)
    return ""


def message_text(message: AnyMessage) -> str:
    """Everything a message shows the model as text (tool inputs included)."""
    if isinstance(message, SystemMessage):
        return message.content
    if isinstance(message, ToolResultMessage):
        return text_of(message.content)
    return "\n".join(_block_text(b) for b in message.content)


_SPACE = re.compile(r"\s+")


def plain(text: str) -> str:
    """``text`` as the hand count compares it: NFKC, case folded, runs of spaces as one."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _same_class(a: str, b: str) -> bool:
    """Whether two touching characters would make one token: digit beside digit, or ASCII
    letter beside ASCII letter (CJK text has no spaces, so it has no such edge)."""
    if a.isdigit() and b.isdigit():
        return True
    return a.isascii() and b.isascii() and a.isalpha() and b.isalpha()


def _hits(key: str, haystack: str) -> Iterator[int]:
    """Where ``key`` occurs in ``haystack`` as a whole token at its edges."""
    if not key:
        return
    at = haystack.find(key)
    while at >= 0:
        end = at + len(key)
        before = at > 0 and _same_class(haystack[at - 1], key[0])
        after = end < len(haystack) and _same_class(haystack[end], key[-1])
        if not before and not after:
            yield at
        at = haystack.find(key, at + 1)


def occurs(key: str, haystack: str) -> bool:
    """Whether the plain ``key`` occurs in the plain ``haystack`` (see :func:`_hits`)."""
    return next(_hits(key, haystack), None) is not None


def request_haystack(messages: Sequence[AnyMessage]) -> str:
    """The plain text of a request's messages, separated so no fact spans two."""
    return SEP.join(plain(message_text(m)) for m in messages)


def visible(fact: Fact, haystack: str) -> bool:
    return any(occurs(key, haystack) for key in fact.keys)


def _last_at(key: str, haystack: str) -> int:
    """The start of ``key``'s last whole occurrence, or -1."""
    return max(_hits(key, haystack), default=-1)


def correction_kept(correction: Correction, haystack: str) -> bool:
    """The new value is visible and the old one is absent or older (occurs before it). An old
    value inside the new one ("18時" in "18時半") is the new one."""
    key_new, key_old = plain(correction.new), plain(correction.old)
    news = list(_hits(key_new, haystack))
    if not news:
        return False
    inside = {at + i for at in news for i in range(len(key_new) - len(key_old) + 1)}
    olds = [at for at in _hits(key_old, haystack) if at not in inside]
    return max(olds, default=-1) < news[-1]


# -- replaying with the requests kept -----------------------------------------------------------


@dataclass(frozen=True)
class Replay:
    session: AgentSession
    last_requests: list[MessageRequest]
    """Per turn, the last turn request the session sent (summary calls apart)."""


@contextmanager
def _capturing(requests: list[tuple[int, MessageRequest]]) -> Iterator[None]:
    """``replay`` as it is, its builder given a hook executor that keeps the turn requests."""
    hooks = HookExecutor()
    turn = [-1]

    def on_turn(ctx: HookContext) -> None:
        turn[0] += 1

    def on_request(ctx: HookContext) -> None:
        request = ctx.request
        if request is not None and request.metadata.get("purpose") != "summary":
            requests.append((turn[0], request))

    hooks.register(HookEvent.TURN_START, on_turn)
    hooks.register(HookEvent.BEFORE_REQUEST, on_request)
    with mock.patch.object(_replay, "AgentBuilder", lambda: AgentBuilder().hook_executor(hooks)):
        yield


def replay_case(
    case: Case | Transcript,
    summary_config: SummaryConfig | None,
    compact_config: CompactConfig | None = None,
) -> Replay:
    """Replay through a real session (tuning's replay) and keep each turn's last request."""
    transcript = load_transcript(list(case.messages) if isinstance(case, Case) else case)
    transcript = dataclasses.replace(transcript, compact_config=compact_config)
    sent: list[tuple[int, MessageRequest]] = []
    with _capturing(sent):
        session = run_sync(_replay.replay(transcript, summary_config))
    last: dict[int, MessageRequest] = {}
    for turn, request in sent:
        last[turn] = request
    turns = len(transcript.turns)
    if sorted(last) != list(range(turns)) or len(session.timeline) != turns:
        raise RuntimeError(
            f"captured requests for turns {sorted(last)[:3]}... of {turns}, timeline "
            f"{len(session.timeline)}: the replay no longer builds its session as expected"
        )
    return Replay(session, [last[t] for t in range(turns)])


# -- the measure -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    turn: int
    hard_stated: int
    hard_visible: int
    soft_stated: int
    soft_visible: int
    corrections_stated: int
    corrections_kept: int
    nbagent_stated: int
    nbagent_visible: int
    summary: bool
    """Whether a summary fired at the end of the turn (the session's record)."""
    missing: tuple[str, ...] = ()

    @staticmethod
    def _share(visible: int, stated: int) -> float:
        return visible / stated if stated else 1.0

    @property
    def hard(self) -> float:
        return self._share(self.hard_visible, self.hard_stated)

    @property
    def soft(self) -> float:
        return self._share(self.soft_visible, self.soft_stated)

    @property
    def corrections(self) -> float:
        return self._share(self.corrections_kept, self.corrections_stated)

    @property
    def hand(self) -> float:
        """Every hand fact (hard, constraints and decisions) visible / stated."""
        return self._share(
            self.hard_visible + self.soft_visible, self.hard_stated + self.soft_stated
        )

    @property
    def nbagent(self) -> float:
        return self._share(self.nbagent_visible, self.nbagent_stated)


def rows_of(
    case: Case, requests: Sequence[Sequence[AnyMessage]], records: Sequence[Any] | None = None
) -> list[Row]:
    """One row per turn from each turn's last request (its messages); ``records``: the
    session's turn records for nbagent's own figure (none: zeros)."""
    rows = []
    for turn, messages in enumerate(requests):
        haystack = request_haystack(messages)
        hard = [f for f in case.hard if f.turn <= turn]
        soft = [f for f in case.soft if f.turn <= turn]
        fixes = [c for c in case.corrections if c.turn_new <= turn]
        lost = tuple(f.text for f in (*hard, *soft) if not visible(f, haystack))
        record = records[turn] if records is not None else None
        rows.append(
            Row(
                turn,
                len(hard),
                sum(visible(f, haystack) for f in hard),
                len(soft),
                sum(visible(f, haystack) for f in soft),
                len(fixes),
                sum(correction_kept(c, haystack) for c in fixes),
                record.facts_stated if record is not None else 0,
                record.facts_visible if record is not None else 0,
                record is not None and record.summary_status is SummaryStatus.FIRED,
                lost,
            )
        )
    return rows


def measure(
    case: Case,
    summary_config: SummaryConfig | None,
    compact_config: CompactConfig | None = None,
    window: int | None = WINDOW,
) -> list[Row]:
    """Per-turn rows of ``case`` replayed under the policy. ``window`` (when not ``None``)
    replaces the summary config's ``max_context_tokens`` and the compact config's
    ``context_window`` (its reserve scaled alike), so one policy is measured on one model."""
    if window is not None:
        if summary_config is not None:
            summary_config = dataclasses.replace(summary_config, max_context_tokens=window)
        if compact_config is not None and compact_config.context_window != window:
            reserve = compact_config.reserve * window // compact_config.window
            compact_config = dataclasses.replace(
                compact_config, context_window=window, reserved_tokens=reserve
            )
    run = replay_case(case, summary_config, compact_config)
    return rows_of(case, [r.messages for r in run.last_requests], run.session.timeline)


def summarise(rows: Sequence[Row]) -> dict[str, Any]:
    """The figures of one run, in percent (one decimal)."""
    final = rows[-1]
    stated = [r for r in rows if r.hard_stated]
    worst = min(stated, key=lambda r: r.hard) if stated else final
    fixed = [r for r in rows if r.corrections_stated]
    gap = max(abs(r.nbagent - r.hand) for r in rows)
    gap_row = max(rows, key=lambda r: abs(r.nbagent - r.hand))
    return {
        "hard final %": round(100 * final.hard, 1),
        "hard worst %": round(100 * worst.hard, 1),
        "worst turn": worst.turn,
        "constraints final %": round(100 * final.soft, 1),
        "constraints worst %": round(100 * min(r.soft for r in rows), 1),
        "corrections final %": round(100 * final.corrections, 1),
        "corrections worst %": round(100 * min((r.corrections for r in fixed), default=1.0), 1),
        "hand final %": round(100 * final.hand, 1),
        "nbagent final %": round(100 * final.nbagent, 1),
        "max |nbagent-hand| pts": round(100 * gap, 1),
        "gap turn": gap_row.turn,
        "summaries": sum(1 for r in rows if r.summary),
        "lost at end": list(final.missing),
    }


# -- the policies ------------------------------------------------------------------------------


def default_policy(window: int = WINDOW) -> tuple[SummaryConfig | None, CompactConfig | None]:
    """What ``%agent new`` builds on a ``window``-token model: ``AgentMagics.settings()`` with
    ``max_context_tokens = window`` (summaries on, microcompact beside them)."""
    from nbagent.notebook.magics import AgentMagics

    magics = AgentMagics(shell=None)
    magics.max_context_tokens = window
    settings = magics.settings()
    return settings.summary, settings.compact


def recommended_policy(
    case: Case,
    window: int = WINDOW,
    grid: dict[str, list[Any]] | None = None,
    bars: Sequence[float] = (0.95, 0.9, 0.8, 0.5, 0.0),
) -> tuple[SummaryConfig, float]:
    """``tune_summary`` over ``grid`` on the case (base: the default policy's summary config),
    then ``recommend()`` at the highest of ``bars`` some setting reaches; (config, bar)."""
    from nbagent.notebook.tuning import tune_summary

    base, _ = default_policy(window)
    assert base is not None
    result = tune_summary(list(case.messages), grid or GRID, base_config=base, progress=False)
    for bar in bars:
        try:
            return result.recommend(min_retention=bar).config, bar
        except ConfigurationError:
            continue
    raise AssertionError("recommend() found nothing even at a 0 bar")


def keep_last_rows(case: Case, keep: int = KEEP_LAST) -> list[Row]:
    """The baseline: each turn's last unmanaged request cut to its last ``keep`` messages
    (system messages kept), as :func:`benchmarks._retention.last_n` cuts them; no summary."""
    run = replay_case(case, None, None)
    views = []
    for request in run.last_requests:
        system = [m for m in request.messages if isinstance(m, SystemMessage)]
        rest = [m for m in request.messages if not isinstance(m, SystemMessage)]
        views.append([*system, *rest[-keep:]])
    return rows_of(case, views, None)


__all__ = [
    "GRID",
    "HELDOUT",
    "KEEP_LAST",
    "SEALED",
    "SEALED2",
    "WINDOW",
    "Case",
    "Correction",
    "Fact",
    "Replay",
    "Row",
    "case_names",
    "correction_kept",
    "default_policy",
    "keep_last_rows",
    "load_case",
    "measure",
    "message_text",
    "occurs",
    "plain",
    "recommended_policy",
    "replay_case",
    "request_haystack",
    "rows_of",
    "summarise",
    "visible",
]
