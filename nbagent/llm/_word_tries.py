"""Word alternations rewritten as tries, for the fact extractor's patterns.

::

    trie("km|kms|kg|miles?|min")  # '(?:k(?:m(?:|s)|g)|mi(?:les?|n))'

A regular expression tries the words of ``km|kms|kg|…`` one by one, and under ``IGNORECASE``
it cannot skip a word by its first character: after each of a listing's thousands of numbers,
the extractor's unit list cost 75 tries. A trie tries each first character once. It matches
what the alternation matches, in the same order of preference (a word listed before its own
prefix is still tried first), so a pattern using it finds the same facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def words_of(alternation: str) -> list[str]:
    """The words ``alternation`` matches, in the order a regular expression tries them, each
    once: "miles?|mi" gives ``["miles", "mile", "mi"]``.

    Knows literal characters, escapes of punctuation, ``[…]`` without ranges, ``(?:…)``,
    ``|`` and ``?``; anything else is an error (no word list of the extractor needs it)."""
    words, end = _alternatives(alternation, 0)
    if end != len(alternation):
        raise ValueError(f"unbalanced ')' in {alternation!r}")
    return list(dict.fromkeys(words))


def _alternatives(text: str, at: int) -> tuple[list[str], int]:
    found, at = _sequence(text, at)
    while at < len(text) and text[at] == "|":
        more, at = _sequence(text, at + 1)
        found += more
    return found, at


def _sequence(text: str, at: int) -> tuple[list[str], int]:
    found = [""]
    while at < len(text) and text[at] not in "|)":
        char = text[at]
        if text.startswith("(?:", at):
            options, at = _alternatives(text, at + 3)
            if not text.startswith(")", at):
                raise ValueError(f"unclosed group in {text!r}")
            at += 1
        elif char == "[":
            end = text.index("]", at)
            options = list(text[at + 1 : end])
            if not options or any(c in "-\\^[" for c in options):
                raise ValueError(f"unsupported class in {text!r}")
            at = end + 1
        elif char == "\\" and at + 1 < len(text) and not text[at + 1].isalnum():
            options, at = [text[at + 1]], at + 2
        elif char in "\\()*+{}.^$?":
            raise ValueError(f"unsupported {char!r} in {text!r}")
        else:
            options, at = [char], at + 1
        if text.startswith("?", at):
            options, at = [*options, ""], at + 1
        found = [head + tail for head in found for tail in options]
    return found, at


def trie(alternation: str, flags: int = 0) -> str:
    """``alternation`` (see :func:`words_of`) as a trie: the same matches, tried in the same
    order. ``flags`` are those of the pattern it goes in: under ``re.IGNORECASE`` the trie
    spells each ASCII letter's cases out (``[kK\u212a]``) and turns the flag off, so the engine
    skips a branch by its first character, which it cannot do for an ignored case."""
    if not flags & re.IGNORECASE:
        return _node(words_of(alternation), flags, re.escape)
    return f"(?-i:{_node(words_of(alternation), flags, either_case)})"


_OTHER_CASES = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}
"""What else ``re.IGNORECASE`` matches for an ASCII letter (none for the others; a test
checks this against every character)."""


def either_case(char: str) -> str:
    """``char`` as a case-sensitive pattern matching what it matches under IGNORECASE."""
    if "a" <= char.lower() <= "z" and char.isascii():
        lower = char.lower()
        return f"[{lower}{lower.upper()}{_OTHER_CASES.get(lower, '')}]"
    if char.lower() != char.upper():
        return f"(?i:{re.escape(char)})"
    return re.escape(char)


def _node(suffixes: list[str], flags: int, spell: Callable[[str], str]) -> str:
    # Words that start with different characters never match at one place, so their order
    # does not matter; the word that ends here (the empty suffix) matches with any of them,
    # so the words listed before it stay before it and those after it stay after.
    if "" in suffixes:
        cut = suffixes.index("")
        before, after = suffixes[:cut], suffixes[cut + 1 :]
        parts = [*_groups(before, flags, spell), "", *_groups(after, flags, spell)]
    else:
        parts = _groups(suffixes, flags, spell)
    if parts == [""]:
        return ""
    if len(parts) == 1:
        return parts[0]
    if parts[-1] == "":
        body = "|".join(parts[:-1])
        return f"{body}?" if len(parts) == 2 and _ATOM.fullmatch(body) else f"(?:{body})?"
    return "(?:" + "|".join(parts) + ")"


_ATOM = re.compile(r"[^\\[(]|\\.|\[[^\]]*\]|\(\?i:\\?.\)", re.DOTALL)
"""One character as :func:`_node` spells it: a ``?`` after it makes it optional."""


def _groups(words: list[str], flags: int, spell: Callable[[str], str]) -> list[str]:
    by_first: dict[str, list[str]] = {}
    for word in words:
        by_first.setdefault(word[0], []).append(word[1:])
    firsts = list(by_first)
    for i, one in enumerate(firsts):
        for other in firsts[i + 1 :]:
            if re.fullmatch(re.escape(one), other, flags) or re.fullmatch(
                re.escape(other), one, flags
            ):
                raise ValueError(f"{one!r} and {other!r} match alike: their order would change")
    return [spell(first) + _node(rest, flags, spell) for first, rest in by_first.items()]


__all__ = ["either_case", "trie", "words_of"]
