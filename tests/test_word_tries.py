"""The extractor's word lists as tries (:mod:`nbagent.llm._word_tries`) match what the lists
as plain alternations match, in the same order, and so do the cue patterns of
:mod:`nbagent.llm.statements` built one branch per first letter (issue 24 item 12)."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.llm import _fact_words as words
from nbagent.llm import statements
from nbagent.llm._word_tries import _OTHER_CASES, either_case, trie, words_of
from nbagent.llm.fact_keys import CURRENCY_AFTER, CURRENCY_CODES

_LISTS = {
    "units": (words.UNITS, re.I),
    "months": (words.MONTHS, re.I),
    "eu months": (words.EU_MONTHS, re.I),
    "ru months": (words.RU_MONTHS, re.I),
    "weekdays": (words.WEEKDAYS, re.I),
    "currencies": (CURRENCY_AFTER, re.I),
    "codes": (CURRENCY_CODES, re.I),
    "seats": (words.SEAT_NAMES, re.I),
    "articles": (words.ARTICLES, 0),
    "made up": ("ab|a|abc|b|ba|", 0),
}
_ODD_CASES = ["İ", "ı", "\u212a", "ſ", "Ä", "É", "Я"]
_AFTER = ["", "(?![a-z])", "s", r"\.", "$"]


def test_words_of_reads_a_small_alternation_in_its_order() -> None:
    assert words_of("miles?|mi|x(?:ab|a)?") == ["miles", "mile", "mi", "xab", "xa", "x"]
    assert trie("km|kms|kg|miles?|min") == "(?:k(?:m(?:|s)|g)|mi(?:les?|n))"
    with pytest.raises(ValueError):
        words_of("jdbc:[a-z]+")


def test_each_ascii_letter_is_spelled_with_every_case_ignorecase_gives_it() -> None:
    every = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        alike = set(re.findall(letter, every, re.I))
        assert alike == {letter, letter.upper(), *_OTHER_CASES.get(letter, "")}, letter
        assert set(re.findall(either_case(letter), every)) == alike


@st.composite
def _texts(draw: st.DrawFn) -> tuple[str, str, int]:
    name = draw(st.sampled_from(sorted(_LISTS)))
    alternation, flags = _LISTS[name]
    vocabulary = words_of(alternation)
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        word = draw(st.sampled_from(vocabulary))
        cut = draw(st.integers(0, len(word)))  # a word, or the start of one
        part = word[:cut] if draw(st.booleans()) else word
        case = draw(st.sampled_from(["lower", "upper", "title", "odd"]))
        if case == "odd":
            part = "".join(draw(st.sampled_from([c, *_ODD_CASES])) for c in part)
        else:
            part = getattr(part, case)()
        parts.append(part)
    return alternation, "".join(parts) + draw(st.sampled_from(["", "x", "s", ".", " "])), flags


@settings(max_examples=600, derandomize=True, database=None, deadline=None)
@given(_texts())
def test_a_trie_matches_what_its_alternation_matches(case: tuple[str, str, int]) -> None:
    alternation, text, flags = case
    built = trie(alternation, flags)
    for after in _AFTER:
        plain = re.compile(f"(?:{alternation}){after}", flags)
        factored = re.compile(f"(?:{built}){after}", flags)
        for at in range(len(text)):
            one, other = plain.match(text, at), factored.match(text, at)
            assert (one and one.span()) == (other and other.span()), (alternation, text, after)


def _plain_cue_pattern(cue_words: str, cjk: str) -> re.Pattern[str]:
    """The cue pattern as it was: every cue one alternative, longest first."""
    latin = []
    cues = {" ".join(c.split()) for c in cue_words.split(",") if c.strip()}
    for word in sorted(cues, key=len, reverse=True):
        stem = word.rstrip("*")
        body = re.escape(stem).replace(r"\ ", r"\s+").replace("'", "['’]")
        body = body.replace(r"\.\.\.", r"\S.{0,40}?")
        latin.append(body + (r"\w*" if word.endswith("*") else ""))
    phrase = r"(?<![\w])(?:" + "|".join(latin) + r")(?![\w])"
    return re.compile(f"{phrase}|{cjk}" if cjk else phrase, re.IGNORECASE)


_SENTENCES = st.lists(
    st.sampled_from(
        [
            "never ",
            "Must ",
            "no later than ",
            "not sure but ",
            "actually ",
            "İnstead ",
            "ONLY ",
            "vegetarians ",
            "allergic",
            "rather than ",
            "改成",
            "不是周二而是",
            "Daniel ",
            "commonly ",
            "the ",
            "12 ",
            ", ",
            "i'd like ",
            "i’d rather ",
        ]
    ),
    max_size=8,
).map("".join)


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(_SENTENCES)
def test_the_cue_patterns_find_what_one_alternative_a_cue_found(sentence: str) -> None:
    for cue_words, cjk, built in (
        (statements._CONSTRAINT_CUES, statements._ZH_CONSTRAINT, statements._CONSTRAINT),
        (statements._CORRECTION_CUES, statements._ZH_CORRECTION, statements._CORRECTION),
    ):
        plain = _plain_cue_pattern(cue_words, cjk)
        assert [m.span() for m in built.finditer(sentence)] == [
            m.span() for m in plain.finditer(sentence)
        ]
