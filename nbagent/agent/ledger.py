"""The fact ledger: the facts a summary's prose dropped, appended to it as "key facts".

A model's summary is prose: it may keep a booking code or lose it. After each summary call the
checkpoint adds the facts of the covered span (:mod:`nbagent.agent.facts`) that the prose does
not contain, one line per turn, pinned facts first, then turn by turn, within a budget
(``SummaryConfig.fact_ledger``, a share of the window); one counted line
says what did not fit::

    Wei and Alex fly to Tokyo in April…

    [Key facts]
    pinned: window seat
    t3: NH212 · 09:35
    t12: QX7Y2B · £1,636 · 2026-04-09 (corrected)
    t14 said: Alex is vegetarian, so no steakhouse.
    (+4 more)

Pins are always listed (a pin too long for the window is refused when pinned). Within the
budget, the user's own constraint and decision sentences go first, whole ("said" lines), then
the user's other sentences that tell something (whatever their words: the extractor may know
no kind of what they say), then the facts the user stated that no listed sentence holds, then
those tools returned, newest first within each; the lines read in the turns' order (a later
statement after the earlier one it may replace, as in the conversation). A value a
later statement replaced is not listed (a stale value shown to the model is a risk of its own):
its newest value is, marked ``(corrected)``; :func:`amend_summary` marks the stale values a
summary's prose still states.

The incremental strategy summarises the previous summary's prose, not its ledger: the ledger is
carried forward here, by :func:`carried_facts` and the fact book, so a fact lost in one
summary's prose stays in every later ledger while the budget holds it, and the summary call does
not pay to copy it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from nbagent.agent.facts import (
    IDENTIFIER_KINDS,
    Fact,
    FactKind,
    extract_text_facts,
    found_in,
    normalize,
)
from nbagent.llm.memo import TextMemo, counter_name, remembering
from nbagent.llm.statements import is_constraint, is_rule

LEDGER_HEADERS = {"zh": "[关键事实 Key facts]", "en": "[Key facts]"}
"""The line that opens the ledger (the prose above it is the model's)."""

SEPARATOR = " · "
"""Between two facts of a line; a fact whose own text holds it is written in «guillemets»."""
_PARTS = re.compile(r"«([^»\n]*)»(?= · |$)|((?:(?! · ).)+)")
"""A line's facts: a quoted one whole, else up to the next separator (matched from a fact's
start: each match is followed by a separator the loop steps over)."""

SENTENCE_KINDS = frozenset({FactKind.CONSTRAINT, FactKind.SAID})
"""The facts that are a sentence of the user's, listed whole on a "said" line."""
_PINNED_LABELS = {"zh": "置顶", "en": "pinned"}
_SAID = {"zh": " 原话", "en": " said"}
_CORRECTED = {"zh": "（已更正）", "en": " (corrected)"}
_LINE = re.compile(
    r"^(?:- )?(?:t(?P<t>\d+|\?)|第 ?(?P<zh>\d+|\?) ?轮(?: turn \d+)?|turn (?P<en>\d+)|"
    r"(?P<pinned>pinned|置顶(?: pinned)?))(?P<said> said| 原话)?\s*:\s*(?P<facts>.+)$"
)


def split_ledger(summary: str) -> tuple[str, str]:
    """``(prose, ledger)`` of a summary (the ledger ``""`` when it has none)."""
    for header in LEDGER_HEADERS.values():
        at = summary.rfind("\n" + header)
        if at >= 0:
            return summary[:at].rstrip(), summary[at + 1 :]
        if summary.startswith(header):
            return "", summary
    return summary, ""


def _label(fact: Fact, language: str) -> str:
    if fact.kind is FactKind.PINNED:
        return _PINNED_LABELS.get(language, _PINNED_LABELS["en"])
    turn = "?" if fact.turn is None else str(fact.turn)
    label = f"第{turn}轮" if language == "zh" else f"t{turn}"
    if fact.kind in SENTENCE_KINDS:
        label += _SAID.get(language, _SAID["en"])
    return label


def _tier(fact: Fact) -> int:
    """Who said it first decides what is cut last: pins, the user's rules that forbid or
    require outright ("never", "must"), their other constraints (preferences, decisions, next
    steps), the user's other sentences (whole: what they tell may be of no kind extracted, and
    they hold the user's values), the user's values no listed sentence holds, what names one
    thing, the other figures (a tool listing's bulk last)."""
    if fact.kind is FactKind.PINNED:
        return 0
    if fact.kind is FactKind.CONSTRAINT:
        return 1 if is_rule(fact.text) else 2
    if fact.kind is FactKind.SAID:
        return 3
    if fact.role == "user":
        return 4
    return 5 if fact.kind in IDENTIFIER_KINDS else 6


def _more(count: int, language: str) -> str:
    return f"(+{count} 条未列出 more)" if language == "zh" else f"(+{count} more)"


def with_ledger(
    summary: str,
    facts: Sequence[Fact],
    *,
    budget: int,
    language: str = "zh",
    count: Callable[[str], int] = len,
    corrected: frozenset[str] = frozenset(),
) -> str:
    """``summary`` with a ledger of the ``facts`` its prose lacks (unchanged when none lack).

    ``budget`` is in the unit of ``count`` (characters by default; the checkpoint counts tokens
    with the session's estimator) and covers the header and the counted line; pinned facts are
    listed whatever it is. ``corrected`` holds the keys of values that replaced an earlier one
    (:meth:`~nbagent.agent.facts.FactBook.corrected_keys`): they are marked so."""
    counter = counter_name(count)
    if counter is None:  # a counter of unknown make may not be a function: count afresh
        return _with_ledger(summary, facts, budget, language, functools.cache(count), corrected)
    # A tuning grid's replays write the same summary over the same facts again and again (the
    # cells that differ only after it); each ledger is made once, each line counted once.
    key = (counter, summary, tuple(facts), budget, language, corrected)
    found = _LEDGERS.get(key)
    if found is None:
        found = _with_ledger(summary, facts, budget, language, remembering(count), corrected)
        found = _LEDGERS.put(key, found, 2 * len(summary) + 64 * len(facts))
    return found


_LEDGERS: TextMemo[str] = TextMemo(4_000_000)
_SEP = "\x00"  # between two sentences: no value spans them


def _with_ledger(
    summary: str,
    facts: Sequence[Fact],
    budget: int,
    language: str,
    count: Callable[[str], int],
    corrected: frozenset[str] = frozenset(),
) -> str:
    prose = split_ledger(summary)[0].rstrip()
    have = normalize(prose)
    seen: set[str] = set()
    missing: list[Fact] = []
    for fact in facts:
        if fact.key and fact.key not in seen and not found_in(fact.key, have):
            seen.add(fact.key)
            # A sentence said again is no corrected value: only values are marked.
            mark = fact.key in corrected and fact.kind not in SENTENCE_KINDS
            missing.append(_marked(fact, language) if mark else fact)
    if not missing:
        return prose
    pins = [i for i, f in enumerate(missing) if f.kind is FactKind.PINNED]
    if budget <= 0 and not pins:
        return prose
    header = LEDGER_HEADERS.get(language, LEDGER_HEADERS["en"])
    tiers = [_tier(f) for f in missing]
    order = sorted(
        (i for i, f in enumerate(missing) if f.kind is not FactKind.PINNED),
        key=lambda i: (tiers[i], -(missing[i].turn or -1), i),
    )
    fit = functools.partial(_fit, missing, order, language=language, count=count)
    room = budget - count(header + "\n") - _cost(missing, pins, set(), language, count)
    shown, covered = fit(room)
    if len(shown) + covered < len(missing) - len(pins):  # room for the counted line; again
        reserve = count("\n" + _more(len(missing), language))
        shown, covered = fit(room - reserve)
    shown = pins + shown
    rows: dict[str, list[str]] = {}
    for i in sorted(shown, key=lambda i: (tiers[i], -(missing[i].turn or -1), i)):
        fact = missing[i]
        rows.setdefault(_label(fact, language), []).append(fact.text)
    lines = [f"{label}: {_joined(label, texts)}" for label, texts in _line_order(rows)]
    if len(shown) + covered < len(missing):
        lines.append(_more(len(missing) - len(shown) - covered, language))
    return f"{prose}\n\n{header}\n" + "\n".join(lines)


def _marked(fact: Fact, language: str) -> Fact:
    mark = _CORRECTED.get(language, _CORRECTED["en"])
    return Fact(fact.text + mark, fact.kind, fact.turn, fact.message_index, fact.role)


def _joined(label: str, texts: list[str]) -> str:
    # A "said" line's sentences are apart by the separator too: people type sentences without
    # a full stop, and one read back as two would come back as a new fact.
    if label.endswith(tuple(_SAID.values())):
        return SEPARATOR.join(texts)
    return SEPARATOR.join(f"«{t}»" if SEPARATOR in t else t for t in texts)


def _line_order(rows: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """Pinned first, then in the order the turns came; a turn's "said" line before its values.

    The ledger is read as the conversation was: a sentence the user restated later in other
    words ("FOB Busan" ... "not FOB but CIF Rotterdam") comes after the one it replaced, as in
    the messages; newest first, the stale line came last and read as the current one."""
    said = tuple(_SAID.values())

    def rank(label: str) -> tuple[int, int, int]:
        if label in _PINNED_LABELS.values():
            return (0, 0, 0)
        plain = label.removesuffix(said[0]).removesuffix(said[1])
        digits = "".join(c for c in plain if c.isdigit())
        turn = int(digits) if digits else -1
        return (1, turn, 0 if label.endswith(said) else 1)

    return sorted(rows.items(), key=lambda item: rank(item[0]))


def _cost(
    facts: Sequence[Fact],
    chosen: Iterable[int],
    labels: set[str],
    language: str,
    count: Callable[[str], int],
) -> int:
    used = 0
    for i in chosen:
        label = _label(facts[i], language)
        used += count(facts[i].text + SEPARATOR)
        if label not in labels:
            labels.add(label)
            used += count(f"{label}: \n")
    return used


def _fit(
    facts: Sequence[Fact],
    order: Iterable[int],
    budget: int,
    *,
    language: str,
    count: Callable[[str], int],
) -> tuple[list[int], int]:
    """The indices of ``facts`` (taken in ``order``) whose lines fit ``budget``, and how many
    values need no line because a sentence listed holds them."""
    labels: set[str] = set()
    used = 0
    shown: list[int] = []
    said: list[str] = []
    covered = 0
    for i in order:
        fact = facts[i]
        if fact.kind not in SENTENCE_KINDS and said and found_in(fact.key, _SEP.join(said)):
            covered += 1
            continue
        label = _label(fact, language)
        cost = count(fact.text + SEPARATOR)
        if label not in labels:
            cost += count(f"{label}: \n")
        if used + cost > budget:
            continue
        labels.add(label)
        used += cost
        shown.append(i)
        if fact.kind in SENTENCE_KINDS:
            said.append(fact.key)
    return shown, covered


def ledger_facts(ledger: str) -> list[Fact]:
    """The facts a ledger lists, with the turn of their line (pinned lines are left out: pins
    live in the session's state). Reads this format and the earlier ``- turn 12: …`` one."""
    # Each summary re-reads the previous one's ledger, and a grid's replays the same ledgers.
    known = _LEDGER_FACTS.get(ledger)
    if known is None:
        known = _LEDGER_FACTS.put(ledger, tuple(_ledger_facts(ledger)), 4 * len(ledger) + 256)
    return list(known)


_LEDGER_FACTS: TextMemo[tuple[Fact, ...]] = TextMemo(2_000_000)


def _ledger_facts(ledger: str) -> list[Fact]:
    found: list[Fact] = []
    marks = tuple(_CORRECTED.values())
    for line in ledger.splitlines()[1:]:
        match = _LINE.match(line.strip())
        if match is None or match["pinned"]:
            continue
        number = match["t"] or match["zh"] or match["en"]
        turn = None if number == "?" else int(number)
        if match["said"]:
            said = match["facts"]
            for mark in marks:
                said = said.replace(mark, " ").replace(mark.strip(), " ")
            for sentence in (p.strip() for p in said.split(SEPARATOR.strip())):
                if not sentence:
                    continue
                kind = FactKind.CONSTRAINT if is_constraint(sentence) else FactKind.SAID
                found.append(Fact(sentence, kind, turn, None, "user"))
            continue
        line, at = match["facts"], 0
        while at < len(line):
            part = _PARTS.match(line, at)
            if part is None:
                break
            at = part.end() + len(SEPARATOR)
            text = (part[1] if part[1] is not None else part[2]).strip()
            if not text:
                continue
            for mark in marks:
                text = text.removesuffix(mark.strip()).strip()
            extracted = extract_text_facts(text)
            kind = extracted[0].kind if len(extracted) == 1 else FactKind.CODE
            found.append(Fact(text, kind, turn, None, "assistant"))
    return found


def amend_summary(summary: str, replaced: Sequence[tuple[Fact, Fact]], language: str) -> str:
    """``summary`` with each value a later statement replaced followed by its newest one
    ("Dienstag 8:15 → Mittwoch 10:40 (corrected)").

    A summary is written once: a correction made since is not in it, and the stale value it
    still states would read as current (most of all at the view's end, after the recent
    messages, where ``summary_position="end"`` puts it). The session
    amends the summary it shows (not the stored one) on every turn with the book's
    replacements; a value already followed by its replacement is left alone."""
    mark = _CORRECTED.get(language, _CORRECTED["en"])
    # A sentence said again is no value to correct; chains resolve to the newest value.
    step = {
        o.text: n.text
        for o, n in replaced
        if o.kind not in SENTENCE_KINDS and n.kind not in SENTENCE_KINDS and o.text
    }
    newest: dict[str, str] = {}
    for old_text in step:
        if old_text not in summary:
            continue
        value, seen = step[old_text], {old_text}
        while value in step and value not in seen:
            seen.add(value)
            value = step[value]
        newest[old_text] = value
    if not newest:
        return summary
    stale = "|".join(re.escape(t) for t in sorted(newest, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w.])(?:{stale})(?![\w]|[.,:]\d)")
    return pattern.sub(_Arrow(summary, newest, mark), summary)


@dataclass(frozen=True)
class _Arrow:
    """``re.sub``'s replacement: a stale value, then its newest one unless already there."""

    text: str
    newest: dict[str, str]
    mark: str

    def __call__(self, match: re.Match[str]) -> str:
        arrow = f" → {self.newest[match.group(0)]}"
        if self.text.startswith(arrow, match.end()):
            return match.group(0)
        return match.group(0) + arrow + self.mark


def carried_facts(previous: str | None, known: Iterable[Fact]) -> list[Fact]:
    """The facts of ``previous`` summary's ledger that ``known`` (the fact book's) lacks: what a
    summary carries forward when the stored history no longer states them (a rewritten slot,
    a tool no longer declared ``Action``)."""
    if not previous:
        return []
    keys = {f.key for f in known}
    return [f for f in ledger_facts(split_ledger(previous)[1]) if f.key and f.key not in keys]


__all__ = [
    "LEDGER_HEADERS",
    "SEPARATOR",
    "amend_summary",
    "carried_facts",
    "ledger_facts",
    "split_ledger",
    "with_ledger",
]
