"""What retention remembers to be fast gives the answers it would compute afresh (issue #12):
the memoised normalisation, extraction and look-ups against the plain scans, and the per-turn
retention against the straightforward reading of its definition."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path

from nbagent.agent.facts import FactBook, haystack_of, request_retention
from nbagent.llm.fact_keys import _normalize
from nbagent.llm.facts import (
    extract_text_facts,
    found_in,
    keyed_facts,
    message_text,
    normalize,
)
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import AnyMessage, Message
from nbagent.notebook import read_jsonl

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"


def _messages() -> list[AnyMessage]:
    return read_jsonl(DATA / "travel_60_turns.jsonl") + read_jsonl(
        DATA / "mixed_bookings_40_turns.jsonl"
    )


def _reference_retention(
    book: FactBook,
    runs: Sequence[tuple[int, int]],
    shown: Sequence[str],
    compacted: Mapping[int, AnyMessage],
) -> tuple[int, int, list[str]]:
    """Retention as defined, every look-up made afresh (the code before the memos)."""
    facts = book.facts()
    shown_keys = "\x00".join(normalize(text) for text in shown)
    missing = []
    for fact in facts:
        if found_in(fact.key, shown_keys) or any(
            any(first <= i < first + count for first, count in runs if first >= 0)
            and (i not in compacted or found_in(fact.key, normalize(message_text(compacted[i]))))
            for i in book.statements(fact.key)
        ):
            continue
        missing.append(fact.text)
    # A sentence of the user's around values is kept while all of them are.
    lost = {f.key for f in facts if f.text in missing}
    current = {f.key for f in facts}
    missing = [
        f.text
        for f in facts
        if f.key in lost
        and not (
            (values := book.sentence_values(f.key))
            and all(v in current and v not in lost for v in values)
        )
    ]
    return len(facts), len(facts) - len(missing), missing


def test_remembered_extraction_equals_a_fresh_scan() -> None:
    for index, message in enumerate(_messages()):
        text = message_text(message)
        fresh = extract_text_facts(text, turn=index, index=index, role="assistant")
        for _ in range(2):  # the first call fills the memo, the second reads it
            kept = keyed_facts(text)
            assert [(value, kind, key) for value, kind, key in kept] == [
                (f.text, f.kind, f.key) for f in fresh
            ]
        assert extract_text_facts(text[:64]) is not extract_text_facts(text[:64])  # fresh lists


def test_a_remembered_normalisation_is_the_fresh_one() -> None:
    for message in _messages():
        text = message_text(message)
        assert normalize(text) == normalize(text) == _normalize(text)


def test_a_haystack_answers_as_found_in() -> None:
    messages = _messages()
    keys = [f.key for m in messages for f in extract_text_facts(message_text(m))]
    keys += ["200", "07:45", "2000", "qx7y2b", ""]
    for message in messages[::7]:
        text = message_text(message)
        stack = haystack_of([text, "window seat"])
        assert stack is haystack_of([text, "window seat"])  # remembered while the texts are
        plain = normalize(text) + "\x00" + normalize("window seat")
        for _ in range(2):
            assert [stack.has(k) for k in keys] == [found_in(k, plain) for k in keys]


def test_the_memo_stays_within_its_budget_and_forgets_the_oldest() -> None:
    memo: TextMemo[int] = TextMemo(100)
    for i in range(50):
        assert memo.put(f"text {i}", i, 10) == i
    assert memo.get("text 49") == 49 and memo.get("text 0") is None
    assert sum(memo.get(f"text {i}") is not None for i in range(50)) == 10
    assert memo.put("too large", 7, 26) == 7 and memo.get("too large") is None


def test_request_retention_equals_its_definition_over_random_views() -> None:
    rng = random.Random(12)
    messages = _messages()
    book = FactBook()
    book.update(messages)
    book.pin("window seat")
    summaries = [
        "",
        "Wei flies CA1234 at 07:45; booking QX7Y2B, £1,636 in total.",
        message_text(messages[40]) + "\n" + message_text(messages[90]),
    ]
    for _ in range(300):
        n = len(messages)
        start = rng.randrange(n)
        runs: list[tuple[int, int]] = [(-1, rng.randint(0, 2)), (start, n - start)]
        if rng.random() < 0.3:
            first = rng.randrange(start + 1)
            runs.insert(1, (first, rng.randrange(start - first + 1)))
        copies = rng.sample(range(n), rng.randint(0, 12))
        compacted = {
            i: Message.user(message_text(messages[rng.randrange(n)])[: rng.randint(0, 400)])
            for i in copies
        }
        shown = [rng.choice(summaries), "You are a travel assistant."][: rng.randint(0, 2)]
        assert request_retention(book, runs, shown, compacted) == _reference_retention(
            book, runs, shown, compacted
        )
