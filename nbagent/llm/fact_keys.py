"""The form a fact is compared in, and how it is looked for in a text (a summary, a request).

::

    found_in(normalize("€1,250"), normalize("the refund of 1250 EUR"))   # True
    found_in(normalize("£200"), normalize("2000 pounds"))                # False

Case, whitespace, thousands separators, currency signs, codes and words and full-width forms do
not matter; a number is never found inside a longer one. The extractor that finds facts is
:mod:`nbagent.llm.facts`; this is what both it and every retention figure compare with.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from nbagent.llm._word_tries import trie
from nbagent.llm.memo import TextMemo, also_cleared

CURRENCY_CODES = "usd|eur|gbp|jpy|cny|rmb|hkd|chf|inr|rs|cad|aud|sgd"
"""Codes written before the number ("EUR 1,250", "INR 1,96,880", "Rs. 500")."""
CURRENCY_WORDS = (
    "usd|eur|gbp|jpy|cny|rmb|hkd|chf|cad|aud|sgd|krw|inr|thb|"
    "dollars?|euros?|pounds?|yen|yuan|元|人民币|美元|欧元|日元|英镑|块|港币"
)
CURRENCY_SIGNS = "$€£¥￥₩₹₽"
CURRENCY_AFTER = (
    # Appended, never interleaved: an old word must still win where it won before.
    rf"{CURRENCY_WORDS}|[{CURRENCY_SIGNS}]|円|원|рубл(?:ей|я|ь)|руб\.?|евро|rub|юаней|"
    r"долларов|francs?|franken|"
    # Currencies written after the number in the languages the estimator knows (Polish,
    # Czech, Nordic, Romanian, Bulgarian, Ukrainian, Turkish, Vietnamese, Malay, Gulf).
    r"zł|złotych|pln|kč|czk|kr|sek|nok|dkk|lei|ron|лв|грн|₴|₺|tl|lira|₫|đồng|vnd|ringgit|myr|"
    r"₪|aed|sar|riyals?|dirhams?|rupees?"
)
# Each led by a character it consumes, then looking back: the engine skips to where one
# stands, where a leading lookbehind makes it try every place of the text.
_NUMBER_GAP_SPACE = re.compile(r"\s(?<=\d\s)\s*(?=\d)")
_THOUSANDS = re.compile(r"[,\u2009 ](?<=\d[,\u2009 ])(?=\d{3}(?!\d))")
NUMBER_GAP = "\x00"
"""What stays of the space between two numbers, so "CA1234 07:45" does not read as one."""

_CURRENCY = "\u00a4"
"""Marks the currency that follows an amount's number in a key: "1250¤eur"."""
_CODES = "usd|eur|gbp|jpy|cny|rmb|hkd|chf|cad|aud|sgd|krw|inr|thb|rub"
_CURRENCY_OF = {
    **{code: code for code in _CODES.split("|")},
    "rs": "inr",
    "rupee": "inr",
    "rupees": "inr",
    "rmb": "cny",
    "$": "$",
    "dollar": "$",
    "dollars": "$",
    "долларов": "$",
    "us$": "usd",
    "美元": "usd",
    "hk$": "hkd",
    "港币": "hkd",
    "€": "eur",
    "euro": "eur",
    "euros": "eur",
    "евро": "eur",
    "欧元": "eur",
    "£": "gbp",
    "pound": "gbp",
    "pounds": "gbp",
    "英镑": "gbp",
    "¥": "¥",
    "yen": "jpy",
    "円": "jpy",
    "日元": "jpy",
    "yuan": "cny",
    "元": "cny",
    "人民币": "cny",
    "块": "cny",
    "юаней": "cny",
    "₩": "krw",
    "원": "krw",
    "₹": "inr",
    "₽": "rub",
    "руб": "rub",
    "рублей": "rub",
    "рубля": "rub",
    "рубль": "rub",
    "zł": "pln",
    "złotych": "pln",
    "kč": "czk",
    "грн": "uah",
    "₴": "uah",
    "₺": "try",
    "tl": "try",
    "lira": "try",
    "lei": "ron",
    "₫": "vnd",
    "đồng": "vnd",
    "ringgit": "myr",
    "₪": "ils",
    "riyal": "sar",
    "riyals": "sar",
    "dirham": "aed",
    "dirhams": "aed",
    "franc": "chf",
    "francs": "chf",
    "franken": "chf",
}
"""A currency's one spelling in a key. "$" and "¥" stay themselves: "$" is any dollar and "¥"
yen or yuan, so :func:`found_in` matches them with each of theirs (:data:`_SAME_CURRENCY`)."""
_SAME_CURRENCY = (
    (_CURRENCY + "$", tuple(_CURRENCY + c for c in ("usd", "cad", "aud", "hkd", "sgd"))),
    (_CURRENCY + "¥", (_CURRENCY + "jpy", _CURRENCY + "cny")),
)
_KEY_NUMBER = (
    r"(?>\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:[,. ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?!\d)"
)
_AMOUNT_KEY = re.compile(
    # Led by what each side can start with, as the extractor's passes are (see :func:`_branch`).
    rf"(?=[0-9uhegjcrsia{CURRENCY_SIGNS}])(?:(?<![a-z])(?P<sign>us\$|hk\$|[{CURRENCY_SIGNS}]|{CURRENCY_CODES})(?:(?<=rs)\.)?\s?(?P<a>{_KEY_NUMBER})|"
    rf"(?<![\d.,])(?<!\d )(?P<b>{_KEY_NUMBER})\s?(?P<word>{CURRENCY_AFTER})(?![a-z]))"
)
_EU_PLAIN = re.compile(
    r"(?=\d)(?<![\d.,])(?:\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?|\d{1,3}(?:\.\d{3})+,\d+|0,\d+"
    # A decimal comma before a percent or a degree sign ("26,3 %", "36,6 °C").
    r"|\d+,\d{1,2}(?=\s?[%°]))(?!\d|[.,]\d)"
)
_INDIAN_PLAIN = re.compile(r"(?=\d)(?<![\d.,])\d{1,2}(?:,\d{2})+,\d{3}(?![\d,])")
"""Lakh and crore grouping ("1,50,000 km"): its commas go, as thousands separators do."""
_INDIAN_FORMS = re.compile(r",\d\d,")
_CLOCK_KEY = re.compile(
    r"(?=\d)(?<![\d:.])(\d{1,2})(?:(?:[:.](\d{2}))? ?uhr(?![a-z])|h(\d{2})(?!\d))"
)
_VERSION_KEY = re.compile(r"[v=~>](?:(?<=v)(?<![a-z0-9]v)(?=\d+\.\d)|(?<=[a-z0-9][=~>])=(?=v?\d))")
_CURRENCY_FORMS = re.compile(
    trie(rf"us\$|hk\$|[{CURRENCY_SIGNS}]|{CURRENCY_CODES}|{CURRENCY_AFTER}")
)
"""A currency as :data:`_AMOUNT_KEY` reads one, on either side: without one, no amount."""
_EU_FORMS = re.compile(r"\.\d\d\d|,(?<=0,)\d|,\d\d?\s?[%°]")
"""What each form of :data:`_EU_PLAIN` holds: a dot and three digits, "0," and a digit, or a
comma and a fraction before a percent or a degree sign."""
_CLOCK_FORMS = re.compile(r"uhr|h(?<=\dh)\d")
"""What each form of :data:`_CLOCK_KEY` holds."""


def _plain_number(number: str, *, money: bool) -> str:
    """``number`` without thousands separators, its decimal separator a point: "1.234,50" and
    "1,234.50" are "1234.50" (money: "1234.5"); "1.234" stays, it may be either, but not in an
    amount: "1.200 lei" is "1200"."""
    seps = [c for c in number if not c.isdigit()]
    if not seps:
        return number
    last = seps[-1]
    whole, _, tail = number.rpartition(last)
    decimal = last != " " and (len(tail) != 3 or any(sep != last for sep in seps))
    if not decimal and last == "." and len(seps) == 1 and not money:
        # (An amount has no third decimal: "1.200 lei" and "50.000₫" are thousands.)
        return number
    digits = "".join(c for c in (whole if decimal else number) if c.isdigit())
    if not decimal:
        return digits
    fraction = tail.rstrip("0") if money else tail
    return f"{digits}.{fraction}" if fraction else digits


def _amount_key(match: re.Match[str]) -> str:
    sign, number = match.group("sign"), match.group("a")
    if sign is None:
        sign, number = match.group("word"), match.group("b")
    code = _CURRENCY_OF.get(sign.rstrip("."), sign)
    return f" {_plain_number(number, money=True)}{_CURRENCY}{code} "


def _clock_key(match: re.Match[str]) -> str:
    hour, minute, french = match.groups()
    return f"{hour}:{minute or french or '00'}"


_NORMALIZED: TextMemo[str] = TextMemo(4_000_000)


def normalize(text: str) -> str:
    """The form a fact is compared in: NFKC (full-width digits and letters become ASCII),
    case-folded, without whitespace and thousands separators, a decimal comma a point.

    An amount is its number and one spelling of its currency, whichever side and in whichever
    form it was written: "€1,250", "1.250,00 €" and "1250 EUR" are all "1250¤eur", "¥4,500"
    is "4500¤¥" (yen or yuan: see :func:`found_in`). A time "15 Uhr" is "15:00", a version
    "v3.2.1" "3.2.1" ("pkg==3.2" "pkg3.2"). Where only whitespace separated two numbers,
    :data:`NUMBER_GAP` stays."""
    found = _NORMALIZED.get(text)
    if found is None:
        found = _NORMALIZED.put(text, _normalize(text), 2 * len(text) + 64)
    return found


def _normalize(text: str) -> str:
    if text.isascii():
        text = text.lower()
        # Without a letter or a sign, no currency, clock word or version mark can be in it: a
        # listing's thousands of numbers skip three passes each.
        worded = "$" in text or text.upper() != text
    else:
        text = unicodedata.normalize("NFKC", text).casefold()
        worded = True
    if worded:
        # An amount leaves spaces around it, so a number beside it stays a number of its own.
        if _CURRENCY_FORMS.search(text):
            text = _AMOUNT_KEY.sub(_amount_key, text)
        if "h" in text and _CLOCK_FORMS.search(text):
            text = _CLOCK_KEY.sub(_clock_key, text)
        text = _VERSION_KEY.sub("", text)
    if ("," in text or "." in text) and _EU_FORMS.search(text):
        text = _EU_PLAIN.sub(lambda m: _plain_number(m.group(), money=False), text)
    if "," in text and _INDIAN_FORMS.search(text):
        text = _INDIAN_PLAIN.sub(lambda m: m.group().replace(",", ""), text)
    text = _THOUSANDS.sub("", text)
    return "".join(_NUMBER_GAP_SPACE.sub(NUMBER_GAP, text).split())  # (what \s+ parts, dropped)


@functools.lru_cache(maxsize=65536)
def _spellings(key: str) -> tuple[str, ...]:
    """``key``, and with its "$" or "¥" read as each dollar or as yen and yuan, and back."""
    spellings = [key]
    for any_of, each in _SAME_CURRENCY:
        if any_of in key:
            spellings.extend(key.replace(any_of, one) for one in each)
        spellings.extend(key.replace(one, any_of) for one in each if one in key)
    return tuple(spellings)


also_cleared(_spellings)


def found_in(key: str, haystack: str) -> bool:
    """Whether the normalised fact ``key`` occurs in the normalised ``haystack``, not as part of
    a longer number: "200" is not found in "2000" nor "07:45" in "107:45".

    An amount is found only with its currency ("80 EUR" is not in "at most 80 words"); "$" is
    found as any dollar and "¥" as yen or yuan, and each of those as "$" or "¥"."""
    if not key:
        return False
    if _CURRENCY not in key:
        return _found(key, haystack)
    return any(_found(spelling, haystack) for spelling in _spellings(key))


def _found(key: str, haystack: str) -> bool:
    at = haystack.find(key)
    if at < 0 or not (key[0].isdigit() or key[-1].isdigit()):
        return at >= 0
    end = len(key)
    while at >= 0:
        before = at > 0 and key[0].isdigit() and haystack[at - 1].isdigit()
        after = at + end < len(haystack) and key[-1].isdigit() and haystack[at + end].isdigit()
        if not (before or after):
            return True
        at = haystack.find(key, at + 1)
    return False


__all__ = ["NUMBER_GAP", "found_in", "normalize"]
