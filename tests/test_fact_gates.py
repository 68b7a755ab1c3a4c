"""The extractor's gates skip a pass only where it could find nothing (issue 24 item 12): a
gated extraction finds exactly what every pass run over every text finds, on the project's own
conversations, on tool-output shapes and on generated texts built to sit on a gate's edge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.llm import facts
from nbagent.llm._fact_gates import Looks, fold, opens, shape_of
from nbagent.llm.facts import _PATTERNS, _extract

DATA = Path(__file__).parent / "data"


def _ungated(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[str, object, str], ...]:
    with monkeypatch.context() as patch:
        patch.setattr(facts, "_PATTERNS", tuple(p._replace(gates=()) for p in _PATTERNS))
        return _extract(text)


def _texts_of(node: object) -> list[str]:
    if isinstance(node, str):
        return [node] if len(node) > 3 else []
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts_of(value)]
    if isinstance(node, list):
        return [text for value in node for text in _texts_of(value)]
    return []


def _corpus() -> list[str]:
    texts: list[str] = []
    for path in sorted(DATA.rglob("*.json")) + sorted(DATA.rglob("*.jsonl")):
        raw = path.read_text(encoding="utf-8")
        try:
            nodes = [json.loads(raw)]
        except json.JSONDecodeError:
            nodes = [json.loads(line) for line in raw.splitlines() if line.strip()]
        texts.extend(text for node in nodes for text in _texts_of(node))
    return texts


def test_the_gates_change_nothing_on_every_text_the_suite_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = _corpus()
    assert len(texts) > 2_000  # the held-out and tuned conversations, transcripts, fixtures
    differ = [text for text in texts if _extract(text) != _ungated(text, monkeypatch)]
    assert differ == []
    # And the gates do skip: most of these texts open few of the passes.
    skipped = sum(not _opened(text) for text in texts)
    assert skipped > len(texts) // 2


def _opened(text: str) -> bool:
    looks = Looks(text)
    return all(not p.gates or any(opens(g, looks) for g in p.gates) for p in _PATTERNS)


_PIECES = [
    *"0123456789 ,.:;-/+()=@#_`$€£¥%°\n\t",
    *"aAbBcCdDeEfFhHmMpPTZvx",
    "am",
    "p.m.",
    "Uhr",
    "15h30",
    "EUR",
    "usd",
    "元",
    "円",
    "点",
    "时",
    "月",
    "日",
    "年",
    "号",
    "시",
    "월",
    "일",
    "марта",
    "руб",
    "Dr. ",
    "Frau ",
    "Amara Okafor",
    "met ",
    "python ",
    "numpy",
    "==",
    "v1.2",
    "March ",
    "mars",
    "Monday ",
    "mié",
    "rcoles",
    "seat ",
    "Zimmer ",
    "Street",
    "straße",
    "km",
    "kg",
    "min",
    "PyCon ",
    "19",
    "20",
    "_id",
    "fct_",
    "x.csv",
    ".py",
    "s3://b/k",
    "a@b.co",
    "\u0663",  # an Arabic-Indic digit: \d, though the shape cannot show it
    "\u00a0",  # a space NFKC turns into an ASCII one
    "\u2028",
    "\u3000",
    "Ｑ",
    "１",
    "İNR",  # "İ" lowers to two characters; IGNORECASE reads it as "i"
    "ı",
    "room x1",  # a seat's word and a digit, and no seat
    "4seat 1",
    "EUR and",
    # Phones after a cue, addresses by their street words, names after a label (issue 21).
    "tel ",
    "Tel.: ",
    "call me at ",
    "电话：",
    "(030) ",
    "06 12",
    "Via ",
    "Roma ",
    "ul. ",
    "C/ ",
    "Vesterbrogade",
    "straße ",
    "út ",
    " No: ",
    ", 1620 ",
    "København",
    "Kontakt: ",
    "owner ",
    "Søren ",
    "Nguyễn ",
    "联系人：",
    "王伟",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=24))
def test_the_gates_change_nothing_on_texts_made_to_sit_on_their_edges(pieces: list[str]) -> None:
    text = "".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        assert _extract(text) == _ungated(text, patch)


_FILLER = " and then" * 30
"""Past the length of a sentence: the gates of a long text (its probes, its distinct words)."""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=24), st.booleans())
def test_the_gates_change_nothing_on_long_texts_made_to_sit_on_their_edges(
    pieces: list[str], filler_first: bool
) -> None:
    text = _FILLER + "".join(pieces) if filler_first else "".join(pieces) + _FILLER
    with pytest.MonkeyPatch.context() as patch:
        assert _extract(text) == _ungated(text, patch)


@pytest.mark.parametrize("text", ["I paid 5 İNR", "I paid 5 İNR" + _FILLER, "SEAT 14A" + _FILLER])
def test_a_capital_with_a_dot_hides_no_word_from_the_gates(text: str) -> None:
    found = _extract(text)
    with pytest.MonkeyPatch.context() as patch:
        assert found == _ungated(text, patch)
    assert found  # "5 İNR" is an amount: its code is "inr" as the pass reads it


def test_a_shape_shows_each_character_class_and_refuses_what_it_cannot_show() -> None:
    assert shape_of("Flight CA1234 at 07:45\tok") == b"Aaaaaa AA0000 aa 00:00 aa"
    assert shape_of("中文 12") == "中文 00".encode()
    assert shape_of("\u0663 apples") is None  # a digit outside ASCII
    assert shape_of("a\u2028b") is None  # a line separator is \s


@pytest.mark.parametrize(
    "text",
    ["Paid €12 at 9", "x’Y—z 5", "ÄÖü Straße 5", "İNR 5", "ıx", "Σ end", "中文 ABC 12", "\u0663 x"],
)
def test_a_text_beyond_ascii_is_looked_at_as_lowering_and_shaping_it_whole_would(text: str) -> None:
    looks = Looks(text)
    assert looks.lower == fold(text)
    assert looks.shape == shape_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "x\u06630\u06632-01-05 ok",  # a run led by a digit beyond ASCII is no date's start
        "\u06632月5日",
        "\u06631:30 then",
        "on 2026-01-05, 5/1/26, 2026/1/5, 2026年3月14日, 3月14日 at 07:45 and 7:05",
        "12:30:45 and 123:45 and 1:2 and 2026-0\u06633-05",
    ],
)
@pytest.mark.parametrize("filler", ["", _FILLER])
def test_a_pass_read_by_its_separators_finds_what_it_finds_read_whole(
    text: str, filler: str
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        assert _extract(text + filler) == _ungated(text + filler, patch)
