"""How phones, street addresses and people's names are stated in many languages: the patterns
of the fact extractor's contact passes (:mod:`nbagent.llm.facts`) and their gates, built of
the cue words, street words and person labels of :mod:`nbagent.llm._fact_words`.

::

    "Số điện thoại: 0912 345 678"               # a national number after a phone cue
    "Vesterbrogade 41, 1620 København V"        # a street word, a house number, a city
    "Kontakt: Søren Kierkegaard"                # capitalised words after a person label

A number without "+" is a phone only after a cue word ("tel", "Handy", "điện thoại", "电话");
a street word only with a house number; capitalised words are a name only after a person
label ("owner", "Ansprechpartner", "người liên hệ"): capitalised pairs anywhere would take
German nouns ("Ärzten Öffnungszeiten") for names.

Each pass's gate (:mod:`nbagent.llm._fact_gates`) asks for its words, and in a long text for
what must stand after one of them (a digit within a bounded gap, a label's separator): every
pattern here bounds what stands between, so the gates hide no fact.
"""

from __future__ import annotations

import re
import unicodedata

from nbagent.llm._fact_gates import Gate, fold, make_gate
from nbagent.llm._fact_words import (
    CURRENCY_TRIE,
    PERSON_LABELS,
    PERSON_LABELS_CJK,
    PERSON_LABELS_GERMAN,
    PHONE_CUES,
    PHONE_CUES_CJK,
    STREET_MODIFIERS,
    STREET_SUFFIXES,
    STREETS_AFTER,
    STREETS_AFTER_GENITIVE,
    STREETS_AFTER_GERMAN,
    STREETS_BEFORE_NUMBER,
    STREETS_FIRST,
    UNIT_TRIE,
    phrases,
)
from nbagent.llm._word_tries import trie

_I = re.IGNORECASE


_LETTER_BLOCKS = ((0x41, 0x7A), (0xC0, 0x24F), (0x370, 0x3FF), (0x400, 0x52F), (0x1E00, 0x1EFF))
"""ASCII, Latin-1 and Latin Extended, Greek, Cyrillic, Latin Extended Additional (Vietnamese)."""


def _letters(cased: str) -> str:
    """A character class body of the Latin, Greek and Cyrillic letters of one case ("upper"
    or "lower"), Vietnamese's among them: what a name or a street name starts or goes on with."""
    chars = [
        chr(c)
        for first, last in _LETTER_BLOCKS
        for c in range(first, last + 1)
        if getattr(chr(c), f"is{cased}")() and unicodedata.category(chr(c)).startswith("L")
    ]
    runs: list[list[str]] = []
    for char in chars:
        if runs and ord(char) == ord(runs[-1][-1]) + 1:
            runs[-1].append(char)
        else:
            runs.append([char])
    return "".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


UPPER = _letters("upper")
LOWER = _letters("lower")
_U = f"[{UPPER}]"
_L = f"[{LOWER}]"
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


# -- Street addresses ---------------------------------------------------------------------

STREET_FIRSTS = _firsts(STREETS_FIRST, cased=True)
"""What :data:`ADDRESS_STREET_FIRST` starts with."""

NAME_WORD = rf"{_U}(?:['’]{_U})?{_L}{{1,24}}(?:-{_U}?{_L}{{1,24}})?"
"""A capitalised word of a street's or a person's name: "Marszałkowska", "Champs-Élysées",
"O'Connell"."""
_PARTICLES = phrases(
    """
    de, del, de la, de las, de los, dels, da, das, do, dos, di, dei, degli, della, delle, dello,
    du, des, la, le, les, van, von, der, den, ter, te, y, i, e, al, el, lui, cu, na, nad, u, w,
    à, zu, am, an, im, bin, binti
    """
)
_APOSTROPHED = r"(?:d|dell|l|dall|sull|de l|all)['’]"
_NAME_PART = (
    rf"(?:(?:{trie(_PARTICLES)}) ){{0,2}}(?:{_APOSTROPHED})?"
    rf"(?:{NAME_WORD}|[IVXLC]{{1,5}}(?![\w]))"
)
_STREET_NAME = rf"{_NAME_PART}(?: {_NAME_PART}){{0,4}}"
"""A street's name: up to five capitalised words, particles between ("Carrer de Mallorca",
"Via dei Condotti", "al. Jana Pawła II"), a Roman numeral among them ("Via XX Settembre")."""

_HOUSE_NUMBER_WORDS = r"(?:(?:nr|no|n°|nº|n|núm|num|č|số|No|Nr|Nº|N°|д|буд|дом|корп)\.?:? ?)?"
_HOUSE_NUMBER = (
    rf"{_HOUSE_NUMBER_WORDS}\d{{1,4}}[A-Za-z]?(?:[/-]\d{{1,4}}[A-Za-z]?)?"
    # Not a time, a decimal, a price nor a measure ("Plaza Mayor 5 EUR", "Via Zoom, 3 people").
    rf"(?![\w]|[.,:/-]\d|\s?(?:{CURRENCY_TRIE}|{UNIT_TRIE})(?![^\W\d_]))"
)
_POSTCODE = (
    r"(?:[A-Z]{1,2}-)?(?:\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3}|\d{4} ?[A-Z]{2}(?![\w])"
    r"|\d{3} \d{2}|\d{4,6})"
)
"""Germany's "10115", Poland's "00-950", Portugal's "1100-053", Brazil's "01310-200", the
Netherlands' "1012 AB", Sweden's "111 21", Denmark's "1620", Romania's "010011"."""
_CITY = (
    rf"{_U}{_L}+(?:[- ](?:(?:am|an der|sur|de|del|di|la) )?{_U}{_L}+){{0,2}}"
    rf"(?: {_U}(?![\w])| \d{{1,2}}(?![\w]))?"
)
"""A city: "Barcelona", "Kuala Lumpur", "København V", "Praha 1", "Frankfurt am Main"."""
_ADDRESS_TAIL = rf"(?:,? {_POSTCODE} {_CITY}(?![\w])|, {_CITY}(?=[.;!?)\n]|$))?"
"""A postcode and a city after the number, or a city alone where a sentence ends there."""

ADDRESS_STREET_FIRST = (
    rf"(?<![\w/.-])(?<!et )(?:{trie(STREETS_FIRST)})(?:(?<=[./]) ?| )"
    rf"{_STREET_NAME},? {_HOUSE_NUMBER}{_ADDRESS_TAIL}"
)
"""A street word, its name and its number: "Strada Mihai Eminescu 12, București", "C/ de
Mallorca, 401", "Av. Paulista, 1578", "Jl. Sudirman No. 5" (not "et al. Smith 2020")."""

ADDRESS_NAME_FIRST = (
    rf"(?:(?<![\w-])(?:(?:{trie(STREET_MODIFIERS)}) )?{_U}{_L}{{2,24}}?"
    rf"(?:{trie(STREET_SUFFIXES)})(?![^\W\d_])"
    rf"|(?<![\w-])(?:{NAME_WORD} ){{1,2}}(?:{trie(STREETS_AFTER)})(?![^\W\d_])"
    rf"|(?<![\w-])(?:{NAME_WORD} )?{_U}{_L}+s (?:{trie(STREETS_AFTER_GENITIVE)}){_WORD_END}"
    rf"|(?<![\w-]){NAME_WORD} (?:{STREETS_AFTER_GERMAN})(?![^\W\d_]))"
    rf",? {_HOUSE_NUMBER}{_ADDRESS_TAIL}"
)
"""A street's name ending in its street word, then its number: "Vesterbrogade 41, 1620
København V", "Hauptstraße 5, 10115 Berlin", "Andrássy út 60", "Atatürk Caddesi No: 12"."""

ADDRESS_NUMBER_FIRST = (
    # Led by the number's first digit, matched ("số" before it is no part of the fact).
    rf"[0-9](?<![\w/-][0-9])\d{{0,3}}[A-Za-z]?(?:/\d{{1,4}}[A-Za-z]?)*,? "
    rf"(?:{trie(STREETS_BEFORE_NUMBER)}) {_STREET_NAME}(?![\w'’-])"
)
"""Vietnamese: "12 phố Hàng Bạc", "45 đường Lê Lợi"."""

_STREET_GAP = 400
"""At most this many characters, none a digit or a line break, from a street word written
first to its house number (five words of a name, the particles between)."""
_SUFFIX_GAP = 16
"""The same from a street word written after the name ("straße", "út", "Caddesi No: ")."""


def _fold_words(alternation: str) -> str:
    """The words of ``alternation`` as a gate reads them (:func:`fold`), spaced."""
    return " ".join(sorted({fold(_unescaped(w)) for w in alternation.split("|")}))


ADDRESS_GATES = {
    "first": (
        make_gate(
            " ",  # before the house number
            words=_fold_words(STREETS_FIRST),
            followed=rf"{{word}}(?<!\w{{word}})[^\d\n]{{0,{_STREET_GAP}}}\d",
        ),
    ),
    "after": (
        make_gate(
            " ",
            # (German's words after a name are among the suffixes.)
            words=_fold_words("|".join((STREET_SUFFIXES, STREETS_AFTER, STREETS_AFTER_GENITIVE))),
            # Three letters before the suffix, or a space before the word: "during 2026"
            # holds "ring", and no street.
            followed=r"{word}(?:(?<=[^\W\d_]{3}{word})|(?<= {word}))(?![^\W\d_])"
            rf"[^\d\n]{{0,{_SUFFIX_GAP}}}\d",
        ),
    ),
    "number": (make_gate(" ", words=_fold_words(STREETS_BEFORE_NUMBER)),),
}
"""Each address pass's gates: a space (each form has one before its number or its street word),
its street words, and in a long text a digit not far after one (the number-first pass's words
are Vietnamese only: no probe)."""


# -- People's names after a label ---------------------------------------------------------

_TITLES = phrases(
    """
    Mr, Mrs, Ms, Dr, Herr, Frau, M, Mme, Sr, Sra, Sig, Sig.ra, Pan, Pani, Pak, Bu, Ibu, Bapak,
    ông, bà, anh, chị, cô, chú, Ông, Bà, Anh, Chị, Cô, Chú, Κος, Κα, г-н, г-жа, пан, пані
    """
)
_NAME_PARTICLES = phrases(
    "van, von, de, da, di, del, della, der, den, du, la, le, dos, das, do, y, bin, binti, ter, af"
)
_AFTER_NAME = phrases(
    """
    Tel, Tél, Tfno, Telefon, Telefone, Telefono, Teléfono, Phone, Mobile, Mobil, Handy, Cell,
    Fax, Email, E-mail, Mail, Adresse, Address, Dirección, Endereço, Indirizzo, Adres, SĐT, ĐT
    """
)
_NOT_AFTER = rf"(?!(?:{trie(_AFTER_NAME)}){_WORD_END})"
_LATIN_NAME = (
    rf"{NAME_WORD}(?: (?:(?:{trie(_NAME_PARTICLES)}) ){{0,2}}{_NOT_AFTER}{NAME_WORD}){{1,3}}"
    rf"(?![\w'’-]| {_NOT_AFTER}{_U})"
)
"""Two to four capitalised words, particles between ("Jeroen van der Berg"), up to the cue of
what follows them ("Jörg Müller Tel. 030 1234567")."""
_CJK_NAME = (
    r"(?:(?!电话|手机|電話|手機)[\u4e00-\u9fff]){2,4}(?![\u4e00-\u9fff])|"
    r"(?:(?!电话|手机|電話|手機)[\u4e00-\u9fff]){2,3}(?=先生|女士|小姐|さん|様)|"
    r"[가-힣]{2,4}(?![가-힣])"
)
"""A Chinese or Japanese name of two to four characters, or a Korean one, ending where its
characters do (or before a title: "王伟先生")."""
_VERBS = r"is|ist|est|es|é|è|là|adalah|er|är|jest|je|este|είναι"


def _looked_back(words: str, flags: int, before: str, after: tuple[str, ...]) -> str:
    """Lookbehinds, any of which holds where one of ``words`` (an alternation) stood just
    before, ``before`` before it and one of ``after`` (each one character wide) after it: one
    lookbehind per length of word and of what follows, as each must have one width."""
    by_length: dict[int, list[str]] = {}
    for word in words.split("|"):
        by_length.setdefault(len(_unescaped(word)), []).append(word)
    return "|".join(
        f"(?<={before}{trie('|'.join(same), flags)}{tail})"
        for _, same in sorted(by_length.items())
        for tail in after
    )


_LABELS_ANY_CASE = "|".join(
    sorted({w.lower() for w in f"{PERSON_LABELS}|{PERSON_LABELS_GERMAN}".split("|")})
)

_LABEL_BEFORE_COLON = _looked_back(_LABELS_ANY_CASE, _I, r"(?<!\w)", ("[:=]", '[ \t"][:=]'))
_CJK_LABEL_BEFORE_COLON = _looked_back(PERSON_LABELS_CJK, 0, "", ("[:=]", " [:=]"))
NAME_AFTER_COLON = (
    # Led by the colon (rarer than a label's first letter), the label looked back at from it.
    rf"[:=](?:{_LABEL_BEFORE_COLON}|{_CJK_LABEL_BEFORE_COLON})"
    rf"[ \t]{{0,3}}\"?(?:(?:{trie(_TITLES)})\.? ){{0,2}}(?P<name>{_LATIN_NAME}|{_CJK_NAME})"
)
"""A person's name after a label and its colon, maybe a title between: "owner: Nguyễn Văn An",
"Contact: Søren Kierkegaard", "Ansprechpartner: Jörg Müller", "联系人：王伟" (NFKC makes the
full-width colon ":"), "\"owner\": \"Søren Kierkegaard\"". The name is the group."""

NAME_AFTER_LABEL = (
    rf"(?<!\w)(?:{trie(PERSON_LABELS)})(?: (?:{_VERBS}))? (?:(?:{trie(_TITLES)})\.? ){{0,2}}"
    rf"(?P<name>{_LATIN_NAME})"
)
"""The same after a label written in lower case, a space or a verb between: "người liên hệ ông
Trần Văn Minh", "the driver is Zoë Ångström" (not German's, whose nouns are capitalised)."""

NAME_LABEL_FIRSTS = "".join(sorted({w[0] for w in PERSON_LABELS.split("|")}))
"""What :data:`NAME_AFTER_LABEL` starts with."""

NAME_GATES: dict[str, tuple[Gate, ...]] = {
    "colon": (
        make_gate(
            (":", "="),
            words=_gate_words(_LABELS_ANY_CASE),
            # After the label's word of the list, the rest of the label, then the colon.
            followed=r"{word}(?<!\w{word})[^\n:=]{0,24}[:=]",
        ),
        make_gate((":", "="), words=" ".join(PERSON_LABELS_CJK.replace("\\ ", " ").split("|"))),
    ),
    "label": (
        make_gate(
            " ",
            words=_gate_words(PERSON_LABELS),
            # After the label's word of the list: the rest of the label or the space.
            followed=r"{word}(?<!\w{word}) ",
        ),
    ),
}
