"""How phone numbers are stated in many languages: the pattern of the fact extractor's pass
for a national number after a cue (:mod:`nbagent.llm.facts`) and its gates, built of the cue
words of :mod:`nbagent.llm._fact_words`.

::

    "Số điện thoại: 0912 345 678"               # a national number after a phone cue

A number without "+" is a phone only after a cue word ("tel", "Handy", "điện thoại", "电话").

The pass's gate (:mod:`nbagent.llm._fact_gates`) asks for its words, and in a long text for a
digit within a bounded gap after one of them: the pattern bounds what stands between, so the
gate hides no fact.
"""

from __future__ import annotations

import re

from nbagent.llm._fact_gates import Gate, fold, make_gate
from nbagent.llm._fact_words import (
    PHONE_CUES,
    PHONE_CUES_CJK,
    phrases,
)
from nbagent.llm._word_tries import trie

_I = re.IGNORECASE
_WORD_END = r"(?![^\W\d_])"
"""No letter after (a digit may follow: "tel0301234567")."""


def _unescaped(word: str) -> str:
    """A word of an alternation of :func:`nbagent.llm._fact_words.phrases` as written."""
    return re.sub(r"\\(.)", r"\1", word)


def _gate_words(alternation: str) -> str:
    """One word of each of ``alternation``'s (lower-cased, its longest run of letters): what a
    text holding the phrase holds, for a gate's list."""
    runs: set[str] = set()
    for word in alternation.split("|"):
        letters = re.findall(r"[^\W\d_]+", fold(_unescaped(word)))
        runs.add(max(letters, key=len))
    return " ".join(sorted(runs))


def _firsts(alternation: str, *, cased: bool = False) -> str:
    """A character class body of the first characters of ``alternation``'s words (in either
    case unless ``cased``): what a pass led by one of them starts at."""
    chars: set[str] = set()
    for word in alternation.split("|"):
        first = _unescaped(word)[0]
        chars.update((first,) if cased else (first, first.lower(), first.upper()))
    return "".join(re.escape(char) for char in sorted(chars))


# -- Phones -------------------------------------------------------------------------------

_NUMBER_WORDS = r"(?i:no|nr|n°|nº|number|nummer|numer|numero|número|numéro|č|số|#)"
_FILLERS = phrases(
    """
    me, us, at, on, to, is, le, au, al, el, la, para, o, a, il, op, på, til, pe, na, pod, unter,
    under, ist, est, es, é, è, là, ở, на, по, за, os, oss, mig, meg, mij, ons, nous, nos, ci, mi,
    mir, uns, mě, nám, nas, mnie, ne, beni, bizi, мне, нам, мені
    """
)
"""Short words that may stand between a cue and its number ("call me at", "ring os på")."""

_PHONE_NUMBER = (
    # Digit groups joined by one space, dot, dash or slash, an area code maybe in parentheses:
    # "0912 345 678", "1800-555-0199", "06.12.34.56.78", "(030) 1234567", "8 (495) 123-45-67".
    # A group of one digit only before another ("06 1 234 5678"): not a count after the number.
    r"(?>(?:\(\d{1,5}\) ?)?\d{1,12}"
    r"(?:(?:[ .-]| ?/ ?| ?\(\d{1,5}\) ?)(?:\d{2,12}|\d(?=[ .-]\d\d))){0,7})"
    r"(?![^\W_]|[.,/-]\d)"
)

PHONE_CUED = (
    rf"(?:(?<!\w)(?:{trie(PHONE_CUES, _I)}){_WORD_END}"
    rf"\.?(?: ?{_NUMBER_WORDS}\.?)?[\"']?(?:[ \t]{{0,3}}[:=#])?[ \t]{{0,3}}[\"']?"
    rf"(?:(?i:{trie(_FILLERS)})[ \t]{{1,2}}){{0,2}}|"
    rf"(?:{trie(PHONE_CUES_CJK)})(?:号码|号|番号|번호)?(?:[:=]|是|为|為|は|는|은)?[ \t]{{0,3}})"
    rf"(?P<phone>{_PHONE_NUMBER})"
)
"""A national number after a cue: "tel. 06 12 34 56 78", "Handy: 0170 1234567", "电话：138 0013
8000" (NFKC makes the full-width colon ":"). The number's group is the fact."""
PHONE_FIRSTS = _firsts(PHONE_CUES) + _firsts(PHONE_CUES_CJK)
"""What :data:`PHONE_CUED` starts with."""

_PHONE_GAP = 60
"""At most this many characters, none a digit or a line break, between a cue's first word and
the number's first digit (the rest of the cue, "no.", a colon, two fillers, a parenthesis)."""

PHONE_GATES: tuple[Gate, ...] = (
    make_gate(
        words=_gate_words(PHONE_CUES),
        followed=rf"{{word}}(?<!\w{{word}})[^\d\n]{{0,{_PHONE_GAP}}}\d",
    ),
    make_gate(
        words=" ".join(PHONE_CUES_CJK.split("|")),
        followed=rf"{{word}}[^\d\n]{{0,{_PHONE_GAP}}}\d",
    ),
)
