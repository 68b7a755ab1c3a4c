"""Extractive summaries for the offline provider: keep the sentences that carry facts.

A sentence scores one point each for a number, a date and a name (capitalised words that are not
ordinary sentence openers; in Chinese, a name before a title or form of address and a place or
organisation before its suffix), and two for a rule, limit, preference or decision
(:func:`~nbagent.llm.statements.is_constraint`: "never commit directly to main" holds no
number, and is what a summary must not lose) unless the assistant or a tool said it; one for
anything else the user tells (:func:`~nbagent.llm.statements.is_statement`). A tool's lines
score by what they stand for: a listing's bulk (lines sharing one
:func:`~nbagent.llm.statements.line_shape`) scores nothing, a line holding a value a later user
or assistant sentence names scores two more (the assistant relayed it), a failure one more. A
sentence that a later one restates with other values ("Budget cap is $300" … "$750"), or that a
later message replaces in other words ("From now on, report all times in Pacific time" after
"Report all times in UTC", :func:`~nbagent.llm.statements.replaced_by`), is stale and left
out. The rules know no list of names: a caller that has one (a demo's cities, common surnames)
passes it as the ``names`` pattern. The best sentences that fit the token budget are
kept in their original order, each labelled once with its speaker: a summary of a summary (the
incremental strategy) reads its own ``- User: …`` lines back as the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from nbagent.llm.memo import TextMemo, counter_name, remembering
from nbagent.llm.statements import (
    BULK_LINES,
    ENGLISH_MONTHS,
    UPDATE_REACH,
    framed,
    framing,
    holders,
    is_constraint,
    is_rule,
    is_statement,
    join_dangling_rules,
    line_shape,
    named_values,
    replaced_by,
    reports_failure,
    restates,
    rule_tail,
    update_strength,
)
from nbagent.llm.tokens import DEFAULT_ESTIMATOR, TokenEstimator

DEFAULT_SUMMARY_TOKENS = 512
"""Budget when the request sets no ``max_tokens``."""

# Lines written by format_messages_as_text: "User: ...", "Tool Result [call_1]: ...".
_ROLE = re.compile(
    r"^[ \t]*(?:- )?"
    r"(System|User|Assistant|Tool Result|Tool Error|Tool|系统|用户|助手|工具结果|工具)"
    r"(?:[ \t]*\[[^\]\n]*\])?[ \t]*[:：][ \t]*",
    re.MULTILINE | re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])|\n+")
_HEADERS = ("摘要（离线抽取）：", "Summary (offline, extractive):")
_CUE_LINE = re.compile(r"(?i:summary|zusammenfassung|résumé|resumen|resumo|riassunto|摘要)\s*[:：]")
"""The prompt's own last line after the transcript ("Summary:"): no sentence of anyone's."""
_MARKER = re.compile(r"^\[[^\]\n]{1,40}\]\s*")
"""A summary marker ("[上下文摘要]") before a previous summary's text."""
_SPOKEN = frozenset({"User", "System", "用户", "系统", ""})
"""Speakers whose rules are the conversation's rules (not the assistant's or a tool's)."""
_CJK = re.compile(r"[\u4e00-\u9fff]")
_DIGIT = re.compile(r"\d")
_ZH_NUMBER = re.compile(r"[一二两三四五六七八九十百千万]+[个位人名元块天晚夜次点号岁年月日周张间]")
_DATE = re.compile(
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}:\d{2}|\d+\s*[年月日号]|[上下本]?(?:周|星期|礼拜)[一二三四五六日天]"
    r"|今天|明天|后天|昨天|前天|今晚|明早"
    r"|\b(?:today|tomorrow|tonight|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    rf"|{ENGLISH_MONTHS}",
    re.IGNORECASE,
)
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z'’-]*[A-Za-z]\b|\b[A-Z]{2,}\b")
# Chinese names and places by their form: a name before a title ("张先生", "王经理"), a place or
# an organisation before its suffix ("浦东新区", "复旦大学", "外滩附近的酒店").
_ZH_NAME = re.compile(
    r"[\u4e00-\u9fff]{1,3}(?:先生|女士|小姐|老师|经理|总监|教授|博士|医生|同学|律师)"
    r"|[\u4e00-\u9fff]{2,4}(?:市|省|县|区|路|街|大学|公司|集团|酒店|机场|银行)"
)
# Capitalised words that start ordinary sentences rather than name someone or something.
_OPENER_WORDS = """
    a an the i i'm i've i'll i'd we you he she it they this that these those my our your his her
    their its please can could would will shall should let sure yes no ok okay thanks thank hi hello
    hey what when where why how which who here there also and but so then if is are was were do does
    did great good fine well in on at for to from of with after before as by all any some every
    tool result error user assistant system note summary january february march april may june july
    august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
    monday tuesday wednesday thursday friday saturday sunday today tomorrow"""
_OPENERS = frozenset(_OPENER_WORDS.split())


@dataclass(frozen=True)
class _Sentence:
    position: int
    speaker: str
    text: str
    score: int

    def line(self) -> str:
        if not self.speaker:
            return f"- {self.text}"
        colon = "：" if _CJK.search(self.speaker) else ": "
        return f"- {self.speaker}{colon}{self.text}"


def _capitalised(sentence: str) -> tuple[list[str], list[str]]:
    """Capitalised words of ``sentence``: (the sentence's first word if so, the others)."""
    words = [m for m in _CAPITALISED.finditer(sentence) if m.group(0).lower() not in _OPENERS]
    first = [m.group(0) for m in words if not sentence[: m.start()].strip()]
    rest = [m.group(0) for m in words if sentence[: m.start()].strip()]
    return first, rest


@dataclass(frozen=True)
class _Reading:
    """What the rules find in one sentence whatever the transcript around it: a tuning grid's
    summaries are made of the same sentences again and again, so each is read once."""

    points: int
    """One for a number, one for a date."""
    first: tuple[str, ...]
    rest: tuple[str, ...]
    zh_name: bool


_READINGS: TextMemo[_Reading] = TextMemo(2_000_000)


def _read(sentence: str) -> _Reading:
    found = _READINGS.get(sentence)
    if found is None:
        has_number = bool(_DIGIT.search(sentence) or _ZH_NUMBER.search(sentence))
        has_date = bool(_DATE.search(sentence))
        first, rest = _capitalised(sentence)
        zh_name = _ZH_NAME.search(sentence) is not None
        reading = _Reading(int(has_number) + int(has_date), tuple(first), tuple(rest), zh_name)
        found = _READINGS.put(sentence, reading, 2 * len(sentence) + 256)
    return found


def known_names(sentences: list[str]) -> frozenset[str]:
    """Words capitalised in mid-sentence somewhere: names, even where they open a sentence."""
    return frozenset(word for s in sentences for word in _read(s).rest)


def fact_score(
    sentence: str, names: frozenset[str] = frozenset(), extra: re.Pattern[str] | None = None
) -> int:
    """One point each for a number, a date and a name in ``sentence``.

    A capitalised word names something when it stands mid-sentence, or opens the sentence and is
    in ``names`` ("Alice booked." counts once "with Alice" was seen; "Noted." never does); so
    does a match of ``extra``.
    """
    reading = _read(sentence)
    has_name = bool(
        reading.rest
        or names.intersection(reading.first)
        or reading.zh_name
        or (extra is not None and extra.search(sentence))
    )
    return reading.points + int(has_name)


def _speaker_turns(transcript: str) -> list[tuple[str, str]]:
    """(speaker, text) per message; text before the first role line (the prompt) is dropped."""
    matches = list(_ROLE.finditer(transcript))
    if not matches:
        return [("", transcript)]
    turns: list[tuple[str, str]] = []
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(transcript)
        turns.append((match.group(1).title(), transcript[match.end() : end]))
    return turns


def _sentences(transcript: str, extra: re.Pattern[str] | None) -> list[_Sentence]:
    pieces: list[tuple[str, str]] = []
    messages: list[int] = []
    seen: set[str] = set()
    repeated: set[str] = set()
    for number, (speaker, text) in enumerate(_speaker_turns(transcript)):
        for sentence in _message_sentences(speaker, text):
            if sentence in seen:
                repeated.add(sentence)  # said again: current again
                continue
            seen.add(sentence)
            pieces.append((speaker, sentence))
            messages.append(number)
    pieces, messages = _current(pieces, messages, repeated)
    names = known_names([text for _, text in pieces])
    bulk = _bulk(pieces, messages)
    relayed = _relayed(pieces)
    out = []
    for i, (speaker, text) in enumerate(pieces):
        if speaker in _TOOLS:
            score = 0 if i in bulk else fact_score(text, names, extra)
            score += 2 * (i in relayed) + int(reports_failure(text))
        else:
            score = fact_score(text, names, extra) + _rule_points(speaker, text)
        out.append(_Sentence(i, speaker, text, score))
    return out


_TOOLS = frozenset({"Tool Result", "Tool Error", "Tool", "工具结果", "工具"})


def _bulk(pieces: list[tuple[str, str]], messages: list[int]) -> set[int]:
    """The tool sentences that are one of many alike in their message: a log's repeated line,
    a listing's rows, a JSON array's repeated fields."""
    groups: dict[tuple[int, str], list[int]] = {}
    for i, (speaker, text) in enumerate(pieces):
        if speaker in _TOOLS:
            groups.setdefault((messages[i], line_shape(text)), []).append(i)
    return {i for group in groups.values() if len(group) >= BULK_LINES for i in group}


def _relayed(pieces: list[tuple[str, str]]) -> set[int]:
    """The tool sentences holding a value a later user or assistant sentence names, where the
    value is in at most two tool sentences: what the assistant relayed from a long result ("UPS
    marks it delivered at 14:12") points at the line it came from."""
    starts: list[int] = []
    owners: list[int] = []
    parts: list[str] = []
    at = 0
    for i, (speaker, text) in enumerate(pieces):
        if speaker in _TOOLS:
            starts.append(at)
            owners.append(i)
            parts.append(text)
            at += len(text) + 1
    if not parts:
        return set()
    haystack = "\n".join(parts)
    found: set[int] = set()
    held: dict[str, list[int]] = {}
    for i, (speaker, text) in enumerate(pieces):
        if speaker in _TOOLS:
            continue
        for value in named_values(text):
            hits = held.get(value)
            if hits is None:
                hits = held[value] = [owners[h] for h in holders(value, haystack, starts)]
            if len(hits) <= 2:
                found.update(h for h in hits if h < i)
    return found


def _message_sentences(speaker: str, text: str) -> list[str]:
    """The sentences of one message's text, a previous summary's marker and header dropped;
    the user's (or system's) rules that name nothing of their own are joined to the sentence
    before them (:func:`~nbagent.llm.statements.join_dangling_rules`)."""
    out: list[str] = []
    for raw in _SENTENCE_END.split(text):
        sentence = _MARKER.sub("", " ".join(raw.split()))
        for header in _HEADERS:
            sentence = sentence.removeprefix(header).strip()
        if sentence and not _CUE_LINE.fullmatch(sentence):
            out.append(sentence)
    return join_dangling_rules(out) if speaker in _SPOKEN else out


def _rule_points(speaker: str, sentence: str) -> int:
    """Two for the user's (or system's) rule, one for anything else the user tells."""
    if speaker not in _SPOKEN:
        return 0
    if is_constraint(sentence):
        return 2
    return 1 if speaker == "User" and is_statement(sentence) else 0


def _current(
    pieces: list[tuple[str, str]],
    messages: list[int],
    repeated: AbstractSet[str] = frozenset(),
) -> tuple[list[tuple[str, str]], list[int]]:
    """``pieces`` without the user's (or system's) sentences that a later message restates
    with other values (:func:`~nbagent.llm.statements.restates`); within one message, like
    sentences are a list, not an update."""
    groups: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for i, (speaker, sentence) in enumerate(pieces):
        if speaker in _SPOKEN:
            frame, values = framing(sentence)
            if framed(frame):
                groups.setdefault(frame, []).append((i, values))
    by: dict[int, int] = {}  # a stale piece: the piece that replaced it
    for group in groups.values():
        for at, (i, values) in enumerate(group):
            # A long run of like sentences is a listing: only its near neighbours can update.
            for j, later in group[at + 1 : at + 1 + _REACH]:
                if messages[j] != messages[i] and restates(values, later):
                    by[i] = j
                    break
    by.update(_replaced_in_other_words(pieces, messages, set(by) | _said_again(pieces, repeated)))
    # A rule joined to a replaced sentence goes on with what replaced it ("Never exceed without
    # explicit approval." after "Budget cap is now $900 total.").
    pieces = list(pieces)
    for i in sorted(by):
        tail = rule_tail(pieces[i][1])
        j = by[i]
        if tail and tail not in pieces[j][1] and not is_rule(pieces[j][1]):
            pieces[j] = (pieces[j][0], f"{pieces[j][1]} {tail}")
    keep = [i for i in range(len(pieces)) if i not in by]
    return [pieces[i] for i in keep], [messages[i] for i in keep]


def _replaced_in_other_words(
    pieces: list[tuple[str, str]], messages: list[int], stale: set[int]
) -> dict[int, int]:
    """The user's (or system's) sentences a later message replaces in other words ("From now
    on, report all times in Pacific time" after "Report all times in UTC"), among the last
    :data:`~nbagent.llm.statements.UPDATE_REACH`, each with the sentence that replaced it;
    one said again stays: see :func:`~nbagent.llm.statements.replaced_by`."""
    spoken = [i for i, (speaker, _) in enumerate(pieces) if speaker in _SPOKEN]
    found: dict[int, int] = {}
    for at, i in enumerate(spoken):
        strength = update_strength(pieces[i][1])
        if not strength:
            continue
        recent = spoken[max(0, at - UPDATE_REACH) : at]
        earlier = [j for j in recent if messages[j] != messages[i] and j not in stale]
        hit = replaced_by(pieces[i][1], [pieces[j][1] for j in earlier], strength)
        if hit is not None:
            found[earlier[hit]] = i
    return found


_REACH = 32


def _said_again(pieces: list[tuple[str, str]], repeated: AbstractSet[str]) -> set[int]:
    """The pieces said more than once: current whatever came between."""
    return {i for i, (_, text) in enumerate(pieces) if text in repeated} if repeated else set()


def _pick(sentences: list[_Sentence]) -> list[_Sentence]:
    kept = [s for s in sentences if s.score > 0]
    if kept or not sentences:
        return kept
    # Nothing factual: the opening and the latest sentence say what the talk was about.
    return [sentences[0]] if len(sentences) == 1 else [sentences[0], sentences[-1]]


def extractive_summary(
    transcript: str,
    *,
    max_tokens: int | None = None,
    estimator: TokenEstimator | None = None,
    names: re.Pattern[str] | None = None,
) -> str:
    """Summarise ``transcript`` by its fact-carrying sentences within ``max_tokens``; a match of
    ``names`` counts as a name too."""
    est = estimator or DEFAULT_ESTIMATOR
    budget = max_tokens or DEFAULT_SUMMARY_TOKENS
    if counter_name(est.count_text) is None:  # a counter of unknown make: count afresh
        return _summary(transcript, budget, est.count_text, names)
    # A tuning grid's replays summarise the same history again and again (the cells that
    # differ only after the first summary); the summary of a text is made once.
    shape = "" if names is None else f"{len(names.pattern)}:{names.flags}:{names.pattern}"
    key = f"{est.name}\x00{budget}\x00{shape}\x00{transcript}"
    found = _SUMMARIES.get(key)
    if found is None:
        found = _summary(transcript, budget, remembering(est.count_text), names)
        found = _SUMMARIES.put(key, found, len(key) + len(found))
    return found


_SUMMARIES: TextMemo[str] = TextMemo(4_000_000)


def _summary(
    transcript: str, budget: int, count: Callable[[str], int], names: re.Pattern[str] | None
) -> str:
    zh = len(_CJK.findall(transcript)) * 3 > len(transcript)
    header = "摘要（离线抽取）：" if zh else "Summary (offline, extractive):"
    candidates = _pick(_sentences(transcript, names))
    if not candidates:
        return header if count(header) <= budget else ""
    ranked = sorted(candidates, key=lambda s: (-s.score, s.position))
    chosen: list[_Sentence] = []
    used = count(header)
    for sentence in ranked:
        cost = count(sentence.line()) + 1
        if used + cost <= budget:
            chosen.append(sentence)
            used += cost
    chosen.sort(key=lambda s: s.position)
    text = "\n".join([header, *(s.line() for s in chosen)])
    # Line estimates do not add up exactly; drop the weakest lines until the whole fits.
    while chosen and count(text) > budget:
        weakest = min(chosen, key=lambda s: (s.score, -s.position))
        chosen.remove(weakest)
        text = "\n".join([header, *(s.line() for s in chosen)])
    if chosen:
        return text
    return _truncate(ranked[0].text, budget, count)


def _truncate(text: str, budget: int, count: Callable[[str], int]) -> str:
    low, high = 0, len(text)
    # Binary search for the longest prefix that fits; estimates grow with length.
    while low < high:
        mid = (low + high + 1) // 2
        if count(text[:mid]) <= budget:
            low = mid
        else:
            high = mid - 1
    return text[:low]
