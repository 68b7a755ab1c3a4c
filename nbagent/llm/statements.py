"""What a person's sentences say beyond single facts: rules, decisions, and corrections.

::

    is_constraint("She is vegetarian, so no steakhouse.")        # True: a constraint
    is_constraint("LightGBM chosen, TabNet rejected.")            # True: a decision
    is_correction("Actually, move the call to 15:30.")            # True
    sentence_frame("Budget cap is $300 total.") == sentence_frame("Budget cap is $750 total.")

A **constraint** is a sentence that limits or fixes what the assistant may do: a rule ("never
commit directly to main"), a requirement or limit ("at most 80 words", "must run on Python
3.11"), a preference ("I prefer aisle seats"), a condition of the person ("she is vegetarian",
"allergic to nuts") or a decision ("refund declined, reship approved"). Such sentences rarely
hold a number, so an extractor of codes and dates never sees them; nbagent keeps them in the
person's own words (the fact ledger's "said" lines, the offline summary's picks).

A **correction** replaces an earlier value: by a cue ("actually", "instead", "change it to",
"stattdessen", "改成", "plutôt", "en realidad") or by restating the same sentence with another
value ("Budget cap is $300" … "Budget cap is $750"): two sentences with one :func:`sentence_frame`
(the sentence with its values masked) state one thing, the later one current.

The cues are word lists for English, German, French, Spanish and Chinese (the languages whose
users nbagent's tests follow); a sentence is judged alone, by its words, in one pass.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from nbagent.llm._word_tries import either_case
from nbagent.llm.memo import TextMemo

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[^\s])|(?<=[。！？；])|\n+")
_ABBREVIATION = re.compile(
    r"(?:\b(?:Dr|Mr|Mrs|Ms|Prof|St|Nr|No|vs|etc|e\.g|i\.e|ca|bzw|z\.B|Fr|Hr)\.|(?:^|\s)\d{1,2}\.)$",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """``text``'s sentences, whitespace collapsed, empty ones dropped. A full stop after an
    abbreviation ("Dr.", "z.B.") or a German ordinal ("14. März") does not end a sentence."""
    pieces: list[str] = []
    carry = ""
    for raw in _SENTENCE_END.split(text):
        piece = " ".join(raw.split())
        if not piece:
            continue
        piece = f"{carry} {piece}" if carry else piece
        # (It ends on a full stop, or it is no abbreviation: the pattern is read only then.)
        if piece.endswith(".") and len(piece) < 400 and _ABBREVIATION.search(piece):
            carry = piece
            continue
        carry = ""
        pieces.append(piece)
    if carry:
        pieces.append(carry)
    return pieces


# Latin cues are whole words or phrases (a trailing "*": any word with that start), one per comma.
_CONSTRAINT_CUES = """
    never, always, must, mustn't, must not, need to, needs to, required, require*, only,
    avoid*, don't, do not, doesn't, does not, cannot, can't, won't, shouldn't, should not,
    no more than, at most, at least, maximum, minimum, limit*, deadline*, budget*, cap, capped,
    prefer*, rather, vegetarian*, vegan*, gluten*, halal, kosher, allerg*, intoleran*,
    wheelchair, diabet*, pregnan*, strictly, forbidden, prohibited, not allowed, mandatory,
    rule, rules, policy, constraint*, keep under, keep it under, no later than, by end of,
    make sure, ensure, exceed*, chose, chosen, choose, decided, decision*, go with, going with,
    we'll use, approved, approve, declined, decline, rejected, reject, denied, deny, accepted,
    confirmed, cancelled, canceled, cancel, dropped, selected, settled on, agreed, stick with,
    switch to, favourite, favorite, hate*, dislike*, want, wants, i'd like, would like, wish*,
    would rather, i'd rather, we'd rather,
    no, not, none, without, goal, goals, next step, current task, todo, to-do, open question,
    awaiting, waiting for, blocked on, ziel, nächster schritt, objectif, objetivo,
    nie, niemals, immer, muss, müssen, darf nicht, dürfen nicht, nicht, kein, keine, keinen,
    nur, höchstens, mindestens, maximal, vegetari*, veganer*, allergi*, lieber, bevorzug*,
    entschieden, entscheid*, gewählt, abgelehnt, genehmigt, bestätigt, storniert, vermeid*,
    spätestens, frist*, möchte, will keine, bitte nicht, bitte kein*, auf keinen fall,
    jamais, toujours, doit, doivent, il faut, ne pas, pas de, aucun, aucune, seulement,
    uniquement, au plus, au moins, végétarien*, végane, allergique*, préfère, préférons,
    plutôt, décidé, choisi, refusé*, accepté*, approuvé*, annulé*, éviter, évitez, sans,
    nunca, siempre, debe, deben, debo, sin, solo, solamente, como máximo, al menos,
    vegetarian*, alérgic*, prefiero, preferimos, decidido, elegido, rechazad*, aprobad*,
    aceptado, cancelado, evitar, evita, no quiero
"""
_CORRECTION_CUES = """
    actually, correction, instead, change it, change that, changed it, move it, move that,
    make it, make that, update:, scratch that, not anymore, no longer, i meant, my mistake,
    typo, rather than, not ... but, moved, moved to, pushed to, pushed back, postponed,
    rescheduled, brought forward,
    doch, stattdessen, eigentlich, korrektur, korrigier*, ändere, ändern, verschieb*, sondern,
    nicht mehr, verschoben, verlegt,
    plutôt, reporté, déplacé, avancé, finalement, en fait, au lieu, changez, déplacez,
    en realidad, mejor, cambia, cambiar, en vez, corrección, mueve, movido, aplazado, cambiado,
    na verdade, em vez, ao invés, mudou, mudamos, trocamos, adiado,
    in realtà, invece, anzi, spostato, spostata, rimandato, cambiato,
    eigenlijk, in plaats van, verplaatst, verschoven, gewijzigd,
    на самом деле, вместо, перенесли, перенесён, перенесено, ошибся, ошиблась, поменяли
"""
_CJK_CORRECTION = "じゃなくて|ではなく|に変更|変更して|やっぱり|말고|대신|변경|바뀌었|잘못 말"
"""Japanese and Korean cues (the Chinese ones follow)."""
_ZH_CONSTRAINT = (
    "目标|下一步|待办|不要|别|不能|不可以|不许|禁止|必须|一定要|务必|只能|只要|只用|至少|最多|不超过|不得|"
    "素食|吃素|过敏|忌口|清真|决定|选择|选了|采用|用这个|拒绝|批准|同意|否决|驳回|取消|"
    "优先|偏好|喜欢|讨厌|希望|要求|截止|预算|上限|下限|以内|之前完成|提前"
)
_ZH_CORRECTION = (
    _CJK_CORRECTION
    + "|"
    + (
        "改成|改为|改到|换成|换到|改一下|更正|纠正|其实|不是.{1,20}而是|说错|搞错|不对|"
        "改期|推迟|延期|挪到|提前到"
    )
)


def _cue_pattern(words: str, cjk: str) -> re.Pattern[str]:
    # One branch per first letter, its cues in their order (longest first): under IGNORECASE
    # the engine tried each of 250 cues at every word (38 µs a sentence), but it skips a
    # branch by a first letter whose cases are spelled out. Cues that start with different
    # letters never match at one place, so the branches' order changes nothing.
    by_first: dict[str, list[str]] = {}
    cues = {" ".join(c.split()) for c in words.split(",") if c.strip()}
    for word in sorted(cues, key=len, reverse=True):
        stem = word.rstrip("*")
        body = re.escape(stem[1:]).replace(r"\ ", r"\s+").replace("'", "['’]")
        body = body.replace(r"\.\.\.", r"\S.{0,40}?")
        by_first.setdefault(stem[0], []).append(body + (r"\w*" if word.endswith("*") else ""))
    firsts = list(by_first)
    if any(re.fullmatch(re.escape(a), b, re.I) for a in firsts for b in firsts if a != b):
        raise ValueError("two first letters match alike")
    branches = [
        f"(?-i:{either_case(first)})(?:{'|'.join(rest)})" for first, rest in by_first.items()
    ]
    # A cue is a whole word: not inside a longer one ("only" in "commonly", "nie" in "Daniel").
    phrase = r"(?<![\w])(?:" + "|".join(branches) + r")(?![\w])"
    starts = re.escape("".join(sorted({*firsts, *(cue[0] for cue in cjk.split("|") if cue)})))
    # Where no cue can start, one look at the character, not a try of each branch.
    return re.compile(
        f"(?=[{starts}])(?:{phrase}|{cjk})" if cjk else f"(?=[{starts}]){phrase}", re.I
    )


_CONSTRAINT = _cue_pattern(_CONSTRAINT_CUES, _ZH_CONSTRAINT)
_CORRECTION = _cue_pattern(_CORRECTION_CUES, _ZH_CORRECTION)

_WEAK_WORDS = (
    "only want wants rather no not none without nicht kein keine keinen nur sin sans solo "
    "seulement confirmed accepted cap capped"
)
_WEAK = frozenset(_WEAK_WORDS.split())
"""Cues that alone make no rule ("no, thanks", "only the first one?"): a sentence needs one
other cue besides them."""
_IDLE = re.compile(
    r"(?=[idnkp])(?<![\w])(?:(?:i\s+)?(?:don['’]t|do\s+not)\s+(?:know|think|mind|care)|not\s+sure|"
    r"no\s+(?:problem|worries|idea|rush)|not\s+bad|no\s+thanks|not\s+yet|"
    r"keine\s+ahnung|nicht\s+sicher|kein\s+problem|pas\s+de\s+probl[eè]me|no\s+s[eé])(?![\w])",
    re.IGNORECASE,
)
"""Idioms made of cue words that state nothing ("I don't know", "no problem")."""

_QUESTION = re.compile(r"[?？]\s*$")


def constraint_cues(sentence: str) -> list[str]:
    """The constraint words of ``sentence``, lower-cased, in order (``[]``: none)."""
    return [m.group(0).casefold() for m in _CONSTRAINT.finditer(sentence)]


def is_constraint(sentence: str) -> bool:
    """Whether ``sentence`` states a rule, limit, preference, condition or decision.

    A question ("Can you avoid Mondays?") is a request, not yet a rule; it still counts when
    it holds a strong cue ("never", "must", "vegetarian").
    """
    found = _CONSTRAINTS.get(sentence)
    if found is None:
        found = _CONSTRAINTS.put(sentence, _is_constraint(sentence), len(sentence) + 32)
    return found


def _is_constraint(sentence: str) -> bool:
    if len(sentence) < 6 or len(sentence) > 400:
        return False
    if _PROHIBITION.match(sentence) and not _IDLE.match(sentence):
        return True
    cues = constraint_cues(_IDLE.sub(" ", sentence))
    if not cues:
        return False
    strong = [c for c in cues if " ".join(c.split()) not in _WEAK]
    if _QUESTION.search(sentence):
        return any(c.startswith(_STRONG_IN_QUESTIONS) for c in strong)
    return bool(strong) or len(cues) >= 2


_PROHIBITION = re.compile(
    r"^\W*(?:no|kein(?:e|en)?|pas\s+de|sin|nada\s+de|aucun(?:e)?)\s+(?!(?:one|idea|worries|"
    r"problem|thanks|need|more|doubt|way|rush)\b)[^\W\d]{3,}|^\W*(?:不准|不许|禁止|不得)",
    re.IGNORECASE,
)
"""A sentence that opens by forbidding ("No external network calls from the sandbox.")."""
_STRONG_WORDS = (
    "never must vegetar vegan allerg halal kosher always deadline budget nie immer muss "
    "jamais toujours nunca siempre"
)
_STRONG_IN_QUESTIONS = tuple(_STRONG_WORDS.split())
_CONSTRAINTS: TextMemo[bool] = TextMemo(1_000_000)


def is_correction(sentence: str) -> bool:
    """Whether ``sentence`` says an earlier value is replaced ("actually 15:30", "改成周四")."""
    return _CORRECTION.search(sentence) is not None


_NOW = re.compile(
    r"(?=[njmaoт])(?<![\w])(?:now|jetzt|maintenant|ahora|agora|adesso|ora|nu|теперь)\W*$",
    re.IGNORECASE,
)


def says_now(sentence: str) -> bool:
    """Whether ``sentence`` ends on "now" ("batch size 128 now", "Mireille is IC now"): with a
    value in it, the value replaces an earlier one of its kind and topic, as after a cue."""
    return _NOW.search(sentence) is not None


_VALUE = re.compile(
    # Where none can start, one look (a sign, a digit, a letter); a code's letters are read
    # once (only a digit follows them), from its first (at a digit, the second form wins).
    r"(?=[$€£¥￥₩₹\dA-Za-z])(?:[$€£¥￥₩₹]?\d[\d.,:/\-\u2009 ]*\d%?|[$€£¥￥₩₹]?\d%?|"
    r"[A-Za-z](?<![A-Za-z][A-Za-z])[A-Za-z]*+\d[A-Za-z0-9\-_/]*|"
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million)\b)"
)
_NOT_WORD = re.compile(r"[^\w#]+")


def sentence_frame(sentence: str, values: Iterable[str] = ()) -> str:
    """``sentence`` with its values masked: each of ``values`` (the facts it states), every
    number, code and number word becomes ``#``; case, punctuation and spacing do not count.
    Two sentences with one frame and different values may state one thing twice
    (:func:`restates`)."""
    return framing(sentence, values)[0]


def framing(sentence: str, values: Iterable[str] = ()) -> tuple[str, tuple[str, ...]]:
    """``(frame, masked values in order)`` of ``sentence`` (see :func:`sentence_frame`)."""
    found = _FRAMINGS.get(sentence) if not values else None
    if found is None:
        found = _framing(sentence, tuple(values))
        if not values:
            _FRAMINGS.put(sentence, found, 3 * len(sentence) + 64)
    return found


_FRAMINGS: TextMemo[tuple[str, tuple[str, ...]]] = TextMemo(1_000_000)


def _framing(sentence: str, values: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    text = unicodedata.normalize("NFKC", sentence)
    masked: list[tuple[int, str]] = []
    for value in sorted(values, key=len, reverse=True):
        at = text.find(value) if value else -1
        while at >= 0:
            masked.append((at, value.casefold()))
            text = text[:at] + " \x01 " + text[at + len(value) :]
            at = text.find(value, at + 3)
    rest: list[tuple[int, str]] = []
    pieces: list[str] = []
    done = 0
    for m in _VALUE.finditer(text):  # what _VALUE.sub(" \x01 ", text) gives, in the same read
        start, end = m.span()
        rest.append((start, m.group(0).casefold()))
        pieces += (text[done:start], " \x01 ")
        done = end
    if pieces:
        pieces.append(text[done:])
        text = "".join(pieces)
    order = [v for _, v in sorted(masked)] if not rest else None
    words = _NOT_WORD.sub(" ", text.casefold().replace("\x01", "#")).split()
    collapsed: list[str] = []
    for word in words:
        if word == "#" and collapsed and collapsed[-1] == "#":
            continue
        collapsed.append(word)
    # The values in reading order: the given ones where they stood, then the others.
    if order is None:
        order = [v for _, v in sorted(masked)] + [v for _, v in rest]
    return " ".join(collapsed), tuple(order)


def restates(earlier: Sequence[str], later: Sequence[str]) -> bool:
    """Whether a sentence with ``later`` values updates one with ``earlier`` values and the same
    frame: a value changed, and a sentence of several values kept its first, its subject ("the
    deadline of ORION-7 is 2027-05-01" … "2027-06-15"); when the first differs, they are two
    items of a kind ("Order 7 ships on 3 May", "Order 8 ships on 3 May")."""
    if len(earlier) != len(later) or not later or tuple(earlier) == tuple(later):
        return False
    return len(later) == 1 or earlier[0] == later[0]


class ValueContext(NamedTuple):
    """One value of a sentence with the words around it: ``before`` and ``after`` (case-folded,
    ``""`` where none), its ``shape`` ("2000" and "1500" are one shape, "3e-5" another), and
    ``span``, the sentence's own text from the word before through the value (through the word
    after too, in ``wide``)."""

    before: str
    value: str
    after: str
    shape: str
    span: str
    wide: str


_CONTEXT_WORD = re.compile(r"[^\W\d_]{2,}")
_CONTEXT_VALUE = re.compile(r"(?<![\w.:/+-])[$€£¥￥₩₹]?[\w.:/+-]*\d(?:[\w.,:/%+-]*[\w%])?")
_SHAPE_RUN = re.compile(r"\d+")
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_NOT_CONTENT = frozenset(("now", "then", "jetzt", "dann", "alors", "ahora", "entonces"))


def value_contexts(sentence: str) -> list[ValueContext]:
    """The values of ``sentence`` (tokens holding a digit: "2000", "3e-5", "B2", "$956") that
    a content word names, at most two function words before them ("warmup 2000", "lr: 3e-5",
    "cap is $956"), with their context (:class:`ValueContext`). What ties a value restated in
    other words to the one it replaces ("warmup 1500 steps" after "use warmup 2000 steps and
    cosine decay"), where the whole sentences' frames differ."""
    text = unicodedata.normalize("NFKC", sentence)
    found: list[ValueContext] = []
    runs: list[tuple[int, int]] | None = None  # the words of the text, read once
    ends: list[int] = []
    for match in _CONTEXT_VALUE.finditer(text):
        value = match.group(0)
        at = match.start()
        if runs is None:
            runs = [m.span() for m in _CONTEXT_WORD.finditer(text)]
            ends = [end for _, end in runs]
        before = _naming_word(text, runs, ends, at)
        if before is None:
            continue
        start, end, word = before
        if word in _NOT_NAMING:
            continue
        if _CONTEXT_VALUE.search(text, end, at):
            continue  # another value stands between: the word names that one
        between = text[end:at]
        if any(c in between for c in ".;!?\n"):
            continue
        nxt = _CONTEXT_WORD.match(text, match.end() + 1) or _CONTEXT_WORD.match(text, match.end())
        after = "" if nxt is None else nxt.group(0).casefold()
        if after in _NOT_NAMING:
            after = ""
        shape = _value_shape(value)
        span = text[start : match.end()]
        wide = text[start : nxt.end()] if after and nxt is not None else span
        found.append(ValueContext(word, value, after, shape, span, wide))
    return found


@functools.lru_cache(maxsize=4096)
def _value_shape(value: str) -> str:
    """``value`` with each run of letters "a", of digits "0" ("B2" and "C7" are one shape): a
    table's values repeat, so each is read once."""
    return _SHAPE_RUN.sub("0", _LETTER_RUN.sub("a", value))


def _naming_word(
    text: str, runs: list[tuple[int, int]], ends: list[int], at: int
) -> tuple[int, int, str] | None:
    """``(start, end, case-folded word)`` of the last word within the 60 characters before
    ``at``, past at most two function words: what reading the words of that window alone
    finds (a word the window's start cuts is its cut end; no word reaches into ``at``, where a
    value starts after no word character)."""
    window = max(0, at - 60)
    k = bisect.bisect_right(ends, at) - 1
    skipped = 0
    while k >= 0:
        start, end = runs[k]
        start = max(start, window)
        if end - start < 2:
            return None  # outside the window, or cut to less than a word
        word = text[start:end].casefold()
        if word in _STOP and skipped < 2:
            skipped += 1
            k -= 1
            continue
        return start, end, word
    return None


def content_words(sentence: str) -> frozenset[str]:
    """:func:`topic_words` of ``sentence`` without its values and "now"/"then": what two
    sentences about one setting share."""
    return topic_words(_CONTEXT_VALUE.sub(" ", sentence)) - _NOT_CONTENT


def framed(frame: str) -> bool:
    """Whether a frame says enough to key an update: a value and three words besides it (a
    bare "ok #" or "# please" frames every short reply alike)."""
    words = frame.split()
    return "#" in words and sum(w != "#" for w in words) >= 3


_SHAPE_TOKEN = re.compile(r"[^\W\d_]+|[\w.:/+-]*\d[\w.:/+-]*")
_TABLE = re.compile(r"[,|\t]")


def line_shape(line: str) -> str:
    """A line of tool output with each value masked, and in a table row each word too: the
    rows of one listing ("CB-1331-27Q,Cable Pro,CMH-3,349,129.99"), the lines of a log, the
    repeated fields of a JSON array share one shape; what stands out has one of its own."""
    table = len(_TABLE.findall(line)) >= 2

    def mask(match: re.Match[str]) -> str:
        word = match.group(0)
        if any(c.isdigit() for c in word):
            return "#"
        return "a" if table else word.casefold()

    return _SHAPE_TOKEN.sub(mask, line.strip())


_FAILURE = re.compile(
    r"\b(?:error|errors|failed|failure|fatal|killed|exception|traceback|denied|refused|"
    r"timeout|timed out|exit(?:ed)?(?: with)? (?:code|status)|oom|panic|warning|abort(?:ed)?|"
    r"fehler|erreur|échec|fallo)\b|错误|失败|异常|超时",
    re.IGNORECASE,
)
BULK_LINES = 4
"""Lines of one tool result sharing a :func:`line_shape` this often are its bulk (a listing's
rows, a log's repeated line)."""


def reports_failure(line: str) -> bool:
    """Whether a line of tool output says something went wrong: the line of a log a reader
    looks for ("Killed", "exit code 137", "Traceback", "错误")."""
    return _FAILURE.search(line) is not None


_VALUE_TOKEN = re.compile(r"(?<![\w.:/+-])[\w.:/+-]*\d[\w.:/+-]*")


def named_values(text: str) -> set[str]:
    """The values ``text`` names that could point at one line of a tool's output: tokens of
    three characters or more holding a digit ("14:12", "4.5.0", "137", "A-55102")."""
    values = (m.group(0).rstrip(".:/+-") for m in _VALUE_TOKEN.finditer(text))
    return {v for v in values if len(v) >= 3}


def holders(value: str, text: str, starts: Sequence[int], limit: int = 3) -> set[int]:
    """The indices of the pieces of ``text`` (starting at ``starts``, ascending) that hold
    ``value`` not inside a longer number; at most ``limit`` are looked for."""
    hits: set[int] = set()
    at = text.find(value)
    while at >= 0 and len(hits) < limit:
        end = at + len(value)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not (before.isdigit() or after.isdigit()):
            hits.add(bisect.bisect_right(starts, at) - 1)
        at = text.find(value, at + 1)
    return hits


_STOP_WORDS = """
    the a an and or but to of in on at for from with by is are was were be been it its this
    that these those my our your his her their we you they he she i me us them please can could
    would will shall should just also then than so as into onto about over under after before
    actually instead rather change make move update let lets it's that's there here what which
    der die das den dem des ein eine einen und oder aber zu von im am um für mit bei ist sind war
    bitte doch stattdessen eigentlich le la les un une des et ou mais de du en au aux pour avec
    est sont el los las unos unas y o pero del al para con es son"""
_STOP = frozenset(_STOP_WORDS.split())
_NOT_NAMING = _STOP | _NOT_CONTENT
"""Words that name no value (value_contexts looks past them, or finds no name)."""
_WORD = re.compile(r"[^\W\d_]{3,}")


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_ACK_WORDS = """
    ok okay sure yes yep yeah nope thanks thank thx great perfect cool nice good fine got sounds
    ahead continue next done right alright lol haha hmm ugh wow helps helpful noted understood
    danke gut genau passt prima super
    klar merci oui non parfait bien gracias vale perfecto claro bueno"""
_ACK = frozenset(_ACK_WORDS.split())
"""Words that acknowledge and tell nothing ("ok, sounds good", "danke!")."""
_ZH_ACK = re.compile(r"好的?|好吧|谢谢|可以|行|嗯|对|没问题|收到|明白")
_ASKING = re.compile(
    r"^\W*(?:what(?:['’]?s)?|whats|when|where|who|whom|whose|why|how|which|is|are|was|were|do|"
    r"does|did|can|could|would|should|will|shall|have|has|any|anything|wie|was|wann|wo|wer|"
    r"warum|welche[rsnm]?|gibt|kannst|k[öo]nnen|hast|ist|sind|qu(?:e|el|elle|els|oi)|quand|"
    r"o[uù]|comment|pourquoi|est-ce|qu[ée]|cu[aá]l(?:es)?|cu[aá]ndo|d[oó]nde|qui[eé]n|"
    r"c[oó]mo|por\s+qu[eé])\b",
    re.IGNORECASE,
)
"""How a question typed without its question mark begins ("whats in the order")."""
_REQUEST = re.compile(
    r"^\W*(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:look|check|search|find|show|tell|give|"
    r"list|pull|compare|summari[sz]e|read|run|open|fetch|explain|describe|write|draft|try|see|"
    r"get|plot|analy[sz]e|investigate|review|continue|zeig|such|pr[üu]f|schau|gib|lies|erkl[äa]r|"
    r"montre|cherche|v[ée]rifie|regarde|donne|lis|explique|busca|muestra|revisa|mira|dame|lee|"
    r"explica)\w*\b",
    re.IGNORECASE,
)
"""How an errand begins ("look into X and tell me what the sources say"): a request for work,
which tells nothing to keep unless it holds a value."""
_ZH_REQUEST = re.compile(r"^\W*(?:请|麻烦)?(?:帮我)?(?:查|看看|搜索|搜一下|列出|总结|解释|找)")
_ZH_ASKING = re.compile(r"(?:吗|呢|么|几|多少|什么|怎么|哪|是否|有没有|能不能|可不可以)[\s，,。]*$")


_TAG = re.compile(r"^\s*\[[^\]\n]{0,24}\]\s*")
"""A leading tag ("[turn 3]", "[draft]"): not what the sentence says."""


def is_statement(sentence: str, holds_values: bool = False) -> bool:
    """Whether ``sentence`` tells something worth keeping in its speaker's words: not a
    question (with or without its question mark), not an errand ("look into X"), not a bare
    acknowledgement, not a pasted paragraph. ``holds_values``: the extractor found facts in
    it; a question or errand holding none asks, one holding some ("can you book the 09:35
    one") still tells.

    What it tells may be of no kind an extractor knows ("take the Avenida one", "Jonas has a
    nut allergy"): this is how such sentences reach the fact ledger at all."""
    sentence = _TAG.sub("", sentence)
    if len(sentence) < 6 or len(sentence) > 400 or _QUESTION.search(sentence):
        return False
    if not holds_values and (
        _ASKING.match(sentence)
        or _ZH_ASKING.search(sentence)
        or _REQUEST.match(sentence)
        or _ZH_REQUEST.match(sentence)
    ):
        return False
    cjk = len(_CJK.findall(sentence))
    if cjk >= 4:
        return cjk - sum(len(m) for m in _ZH_ACK.findall(sentence)) >= 4
    words = [w for w in topic_words(sentence) if w not in _ACK]
    return len(words) >= 1


def topic_words(sentence: str) -> frozenset[str]:
    """The content words of ``sentence`` (three letters or more, not function words or
    correction cues), case-folded: what an old value's sentence and its correction share."""
    words = {w.casefold() for w in _WORD.findall(sentence)}
    return frozenset(w for w in words if w not in _STOP)


__all__ = [
    "BULK_LINES",
    "ValueContext",
    "constraint_cues",
    "content_words",
    "framed",
    "framing",
    "holders",
    "is_constraint",
    "is_correction",
    "is_statement",
    "line_shape",
    "named_values",
    "reports_failure",
    "restates",
    "says_now",
    "sentence_frame",
    "split_sentences",
    "topic_words",
    "value_contexts",
]
