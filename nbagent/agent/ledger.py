"""The fact ledger: the facts a summary's prose dropped, appended to it as "key facts".

A model's summary is prose: it may keep a booking code or lose it. After each summary call the
checkpoint adds the facts of the covered span (:mod:`nbagent.agent.facts`) that the prose does
not contain, grouped by turn, pinned facts and the most recent first, within
``SummaryConfig.fact_ledger_chars``; one counted line says what did not fit::

    Wei and Alex fly to Tokyo in April…

    [关键事实 Key facts]
    - 第 12 轮 turn 12: QX7Y2B · £1,636 · 2026-04-07
    - 第 3 轮 turn 3: NH212 · 09:35
    (+4 more)

The incremental strategy summarises the previous summary, ledger included, so a fact lost in
one summary's prose stays in the next ledger.
"""

from __future__ import annotations

from collections.abc import Sequence

from nbagent.agent.facts import Fact, FactKind, normalize

LEDGER_HEADERS = {"zh": "[关键事实 Key facts]", "en": "[Key facts]"}
"""The line that opens the ledger (the prose above it is the model's)."""


def split_ledger(summary: str) -> tuple[str, str]:
    """``(prose, ledger)`` of a summary (the ledger ``""`` when it has none)."""
    for header in LEDGER_HEADERS.values():
        at = summary.rfind("\n" + header)
        if at >= 0:
            return summary[:at].rstrip(), summary[at + 1 :]
    return summary, ""


def _turn_label(turn: int | None, language: str) -> str:
    if turn is None:
        return "置顶 pinned" if language == "zh" else "pinned"
    return f"第 {turn} 轮 turn {turn}" if language == "zh" else f"turn {turn}"


def with_ledger(summary: str, facts: Sequence[Fact], *, budget: int, language: str = "zh") -> str:
    """``summary`` with a ledger of the ``facts`` its prose lacks (unchanged when none lack)."""
    prose = split_ledger(summary)[0].rstrip()
    have = normalize(prose)
    missing = [f for f in facts if f.key and f.key not in have]
    if not missing or budget <= 0:
        return prose
    # Pinned first, then the most recent turn first; within a turn, as stated.
    order = sorted(
        range(len(missing)),
        key=lambda i: (missing[i].kind is not FactKind.PINNED, -(missing[i].turn or -1), i),
    )
    header = LEDGER_HEADERS.get(language, LEDGER_HEADERS["en"])
    rows: dict[str, list[str]] = {}
    used = len(header) + 1
    shown = 0
    for i in order:
        fact = missing[i]
        label = _turn_label(None if fact.kind is FactKind.PINNED else fact.turn, language)
        cost = len(fact.text) + 3 + (0 if label in rows else len(label) + 4)
        if used + cost > budget:
            continue
        rows.setdefault(label, []).append(fact.text)
        used += cost
        shown += 1
    lines = [f"- {label}: {' · '.join(texts)}" for label, texts in rows.items()]
    if shown < len(missing):
        more = len(missing) - shown
        lines.append(f"(+{more} 条未列出 more)" if language == "zh" else f"(+{more} more)")
    return f"{prose}\n\n{header}\n" + "\n".join(lines)


__all__ = ["LEDGER_HEADERS", "split_ledger", "with_ledger"]
