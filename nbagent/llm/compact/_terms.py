"""Key terms: the distinctive tokens that tie an assistant reply to the results it used.

Key terms are distinctive tokens only: anything with a digit, underscore, dot, slash, colon or
hyphen in it (ids, paths, URLs, numbers of three or more characters), camelCase, and capitalised
words of five letters or more (names, places). Plain lowercase words are left out: they would tie
every reply to every result. JSON keys are left out too: every result of a tool shares them.
Tokens come from a bytes.translate fold and split(), several times cheaper than a regex scan.

The results and replies of one history share most of their tokens (JSON keys, plain words, the
tool's vocabulary), so a scan judges each distinct token once (:class:`Judged`): at 1,000
messages that is a tenth of the tokens it reads.
"""

from __future__ import annotations

_TERM_HEAD = 1024
"""Key terms come from this many leading characters of a result."""
_MAX_TERMS = 24
_MENTION_CHARS = 20_000
"""Mentions come from this many leading characters of a reply."""
COMMON_TERM_RESULTS = 50
"""A term found in more results than this says nothing about which one a reply used."""

_TOKEN_BYTES = frozenset(b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:-#"')
_TOKENS = bytes(b if b in _TOKEN_BYTES or b >= 0x80 else 0x20 for b in range(256))
_LOWER = b"abcdefghijklmnopqrstuvwxyz"
_EDGES = b'"#.:/-'
_COMMON_WORDS = (
    "About After Again Also Although Another Because Before Below Between Calling Could Either "
    "Every First Found Given Hello Here However Large Later Maybe Might Never Other Please "
    "Result Results Since Small Still Summary Thank Thanks There These Those Though Today "
    "Total Under Until Using Where Which While Would Yours Error Warning Notes Title "
    "Description"
)
_COMMON = frozenset(word.encode() for word in _COMMON_WORDS.split())


def _tokens(text: str, limit: int) -> list[bytes]:
    """The tokens of ``text``'s first ``limit`` characters, in order (repeats included)."""
    # `":` ends a JSON key: mark it with `#` and split there, so keys can be told apart.
    return text[:limit].encode("utf-8", "ignore").replace(b'":', b'"# ').translate(_TOKENS).split()


def _distinctive(token: bytes) -> bytes | None:
    """The key term ``token`` stands for, or None when it is not distinctive."""
    if token.endswith(b'"#'):
        return None  # a JSON key
    term = token.strip(_EDGES)
    if len(term) < 3:
        return None
    rest = term.translate(None, _LOWER)
    if not rest or (rest.isalpha() and (len(term) < 5 or term in _COMMON)):
        return None  # a plain lowercase word, or a short or common capitalised one
    return term


class Judged(dict[bytes, bytes | None]):
    """Token -> its key term (None: not distinctive), each token judged on its first lookup.

    One lives for one scan: it holds no more than the tokens of the texts that scan read.
    """

    __slots__ = ()

    def __missing__(self, token: bytes) -> bytes | None:
        term = self[token] = _distinctive(token)
        return term


def key_terms(text: str, judged: Judged | None = None) -> tuple[bytes, ...]:
    """Up to 24 distinctive terms of ``text``'s head, in first-seen order (``judged``: the
    tokens judged so far, shared by the texts of one scan)."""
    judged = Judged() if judged is None else judged
    terms: dict[bytes, None] = {}
    # map and filter run in C and lazily: the loop sees only the terms, and stops at the 24th.
    for term in filter(None, map(judged.__getitem__, _tokens(text, _TERM_HEAD))):
        terms[term] = None
        if len(terms) == _MAX_TERMS:
            break
    return tuple(terms)


def mentions(text: str, judged: Judged | None = None) -> frozenset[bytes]:
    """The distinctive terms an assistant reply uses (compared with results' key terms)."""
    if not text:
        return frozenset()
    judged = Judged() if judged is None else judged
    return frozenset(filter(None, map(judged.__getitem__, _tokens(text, _MENTION_CHARS))))
