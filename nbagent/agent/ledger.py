"""The fact ledger: the facts a summary's prose dropped, appended to it as "key facts".

A model's summary is prose: it may keep a booking code or lose it. After each summary call the
checkpoint adds the facts of the covered span (:mod:`nbagent.agent.facts`) that the prose does
not contain, one line per turn, pinned facts and the most recent turn first, within a budget
(``SummaryConfig.fact_ledger_share`` of the window, or ``fact_ledger_chars``); one counted line
says what did not fit::

    Wei and Alex fly to Tokyo in April…

    [Key facts]
    pinned: window seat
    t14 said: Alex is vegetarian, so no steakhouse.
    t12: QX7Y2B · £1,636 · 2026-04-09 (corrected)
    t3: NH212 · 09:35
    (+4 more)

Pins are always listed (a pin too long for the window is refused when pinned). Within the
budget, the user's own constraint and decision sentences go first, whole ("said" lines), then
the facts the user stated, then those tools returned, newest first within each; the lines still
read newest first. A value a later statement replaced is not listed (a stale value shown to the
model is a risk of its own): its newest value is, marked ``(corrected)``.

The incremental strategy summarises the previous summary's prose, not its ledger: the ledger is
carried forward here, by :func:`carried_facts` and the fact book, so a fact lost in one
summary's prose stays in every later ledger while the budget holds it, and the summary call does
not pay to copy it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence

from nbagent.agent.facts import (
    IDENTIFIER_KINDS,
    Fact,
    FactKind,
    extract_text_facts,
    found_in,
    normalize,
)
from nbagent.llm.memo import TextMemo, counter_name, remembering
from nbagent.llm.statements import split_sentences

LEDGER_HEADERS = {"zh": "[关键事实 Key facts]", "en": "[Key facts]"}
"""The line that opens the ledger (the prose above it is the model's)."""

SEPARATOR = " · "
"""Between two facts of a line; a fact whose own text holds it is written in «guillemets»."""
_PARTS = re.compile(r"«([^»\n]*)»(?= · |$)|((?:(?! · ).)+)")
"""A line's facts: a quoted one whole, else up to the next separator (matched from a fact's
start: each match is followed by a separator the loop steps over)."""

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
    if fact.kind is FactKind.CONSTRAINT:
        label += _SAID.get(language, _SAID["en"])
    return label


def _tier(fact: Fact) -> int:
    """Who said it first decides what is cut last: pins, then the user's own sentences, the
    user's values, what names one thing, the other figures (a tool listing's bulk last)."""
    if fact.kind is FactKind.PINNED:
        return 0
    if fact.kind is FactKind.CONSTRAINT:
        return 1
    if fact.role == "user":
        return 2
    return 3 if fact.kind in IDENTIFIER_KINDS else 4


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
            missing.append(_marked(fact, language) if fact.key in corrected else fact)
    if not missing:
        return prose
    pins = [i for i, f in enumerate(missing) if f.kind is FactKind.PINNED]
    if budget <= 0 and not pins:
        return prose
    header = LEDGER_HEADERS.get(language, LEDGER_HEADERS["en"])
    order = sorted(
        (i for i, f in enumerate(missing) if f.kind is not FactKind.PINNED),
        key=lambda i: (_tier(missing[i]), -(missing[i].turn or -1), i),
    )
    room = budget - count(header + "\n") - _cost(missing, pins, set(), language, count)
    shown = pins + _fit(missing, order, room, language, count)
    if len(shown) < len(missing):  # room for the counted line, then fit again
        reserve = count("\n" + _more(len(missing), language))
        shown = pins + _fit(missing, order, room - reserve, language, count)
    rows: dict[str, list[str]] = {}
    for i in sorted(shown, key=lambda i: (_tier(missing[i]), -(missing[i].turn or -1), i)):
        fact = missing[i]
        rows.setdefault(_label(fact, language), []).append(fact.text)
    lines = [f"{label}: {_joined(label, texts)}" for label, texts in _line_order(rows)]
    if len(shown) < len(missing):
        lines.append(_more(len(missing) - len(shown), language))
    return f"{prose}\n\n{header}\n" + "\n".join(lines)


def _marked(fact: Fact, language: str) -> Fact:
    mark = _CORRECTED.get(language, _CORRECTED["en"])
    return Fact(fact.text + mark, fact.kind, fact.turn, fact.message_index, fact.role)


def _joined(label: str, texts: list[str]) -> str:
    # A "said" line holds sentences, which may hold the separator themselves: one per line.
    if label.endswith(tuple(_SAID.values())):
        return " ".join(texts)
    return SEPARATOR.join(f"«{t}»" if SEPARATOR in t else t for t in texts)


def _line_order(rows: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """Pinned first, then newest turn first; a turn's "said" line before its values."""
    said = tuple(_SAID.values())

    def rank(label: str) -> tuple[int, int, int]:
        if label in _PINNED_LABELS.values():
            return (0, 0, 0)
        plain = label.removesuffix(said[0]).removesuffix(said[1])
        digits = "".join(c for c in plain if c.isdigit())
        turn = int(digits) if digits else -1
        return (1, -turn, 0 if label.endswith(said) else 1)

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
    language: str,
    count: Callable[[str], int],
) -> list[int]:
    """The indices of ``facts`` (taken in ``order``) whose lines fit ``budget``."""
    labels: set[str] = set()
    used = 0
    shown: list[int] = []
    for i in order:
        fact = facts[i]
        label = _label(fact, language)
        cost = count(fact.text + SEPARATOR)
        if label not in labels:
            cost += count(f"{label}: \n")
        if used + cost > budget:
            continue
        labels.add(label)
        used += cost
        shown.append(i)
    return shown


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
            for sentence in split_sentences(match["facts"]):
                found.append(Fact(sentence, FactKind.CONSTRAINT, turn, None, "user"))
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
    "carried_facts",
    "ledger_facts",
    "split_ledger",
    "with_ledger",
]
