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
(the sentence with its values masked) state one thing, the later one current. An **update in
other words** replaces a whole earlier sentence: it announces itself ("from now on", "rotated",
"ab sofort") and shares enough of the earlier one's subject (:func:`replaced_by`: two words in
common, values of one kind, no word qualified apart), as "From now on, report all times in
Pacific time" replaces "Report all times in UTC". A **rule** is a constraint that forbids or
requires outright (:func:`is_rule`): what a short summary keeps first.

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
from nbagent.llm.memo import TextMemo, also_cleared

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
    return join_dangling_rules(pieces)


_DANGLING_RULE = re.compile(
    r"(?:never|always|don['’]t|do\s+not|must\s+not|mustn['’]t|must)\s+"
    r"(?!(?:mind|worry|know|care|forget|panic|hesitate|bother|fear|rush|apologi[sz]e)\b)"
    r"[a-z]+\s*(?:$|[.!;]|(?:it|this|that|them|these|those|without|unless|until|except)\b)",
    re.IGNORECASE,
)
"""A rule whose verb has no object, or a pronoun for one (English): "Never exceed without
explicit approval.", "Don't share it."; "Don't worry." and "Never mind that." are none."""


def join_dangling_rules(sentences: list[str]) -> list[str]:
    """``sentences`` (one message's) with each rule that names nothing of its own
    (:data:`_DANGLING_RULE`) joined to the sentence before it ("Budget cap is $956 total. Never
    exceed without explicit approval."): alone it says what not to do, not to what; joined, a
    restatement with another value replaces both, and the rule goes on with the restatement
    (:func:`rule_tail`)."""
    out: list[str] = []
    for sentence in sentences:
        if out and _DANGLING_RULE.match(sentence):
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return out


def rule_tail(sentence: str) -> str:
    """The rules :func:`join_dangling_rules` joined to the end of ``sentence`` ("Never exceed
    without explicit approval." of "Budget cap is $956 total. Never exceed without explicit
    approval."), ``""`` if none: what still holds when what came before it is replaced."""
    parts = [" ".join(p.split()) for p in _SENTENCE_END.split(sentence)]
    parts = [p for p in parts if p]
    k = len(parts)
    while k > 1 and _DANGLING_RULE.match(parts[k - 1]):
        k -= 1
    return " ".join(parts[k:])


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
    aceptado, cancelado, evitar, evita, no quiero,
    sempre, deve, devem, precisa, precisamos, obrigatório, obrigatória, proibido, proibida,
    não pode, não podem, não use, não usar, não quero, só, somente, apenas, no máximo,
    no mínimo, pelo menos, prazo, orçamento, decidimos, escolhemos, escolhido, escolhida,
    aprovado, aprovada, recusado, recusada, rejeitado, rejeitada, evite, sem, não, nenhum,
    nenhuma,
    mai, devono, bisogna, obbligatorio, obbligatoria, vietato, vietata, non si può, non usare,
    soltanto, al massimo, almeno, scadenza, preferisco, preferiamo, deciso, scelto, scelta,
    approvato, approvata, rifiutato, rifiutata, annullato, evita, senza, non, nessun, nessuna,
    nooit, altijd, moet, moeten, verplicht, verboden, niet toegestaan, mag niet, mogen niet,
    alleen, hooguit, minstens, ten minste, liever, besloten, gekozen, goedgekeurd, afgewezen,
    geannuleerd, vermijd*, zonder, niet, geen,
    никогда, всегда, нельзя, запрещено, обязательно, должен, должна, должны, не надо,
    не нужно, только, не больше, не более, не менее, как минимум, максимум, срок, бюджет,
    предпочита*, решили, выбрали, одобрен*, отклонен*, отменен*, избега*, без, не, нет,
    ніколи, завжди, не можна, заборонено, обов'язково, повинен, повинні, тільки, лише,
    не більше, щонайменше, вирішили, обрали, схвалено, відхилено, скасовано, уникай*, ні,
    nigdy, zawsze, musi, musimy, trzeba, nie wolno, zabronione, obowiązkowo, tylko,
    wyłącznie, maksymalnie, co najmniej, najwyżej, termin, budżet, wolę, wolimy,
    zdecydowaliśmy, wybraliśmy, zatwierdzon*, odrzucon*, anulowan*, unikaj*, bez,
    nikdy, vždy, vždycky, musí, musíme, nesmí, nesmíme, zakázáno, povinně, jen, pouze,
    maximálně, nejvýše, alespoň, aspoň, termín, rozpočet, raději, rozhodli, rozhodnuto,
    vybrali, schváleno, zamítnuto, zrušeno, ani,
    aldrig, alltid, måste, får inte, förbjudet, obligatoriskt, bara, endast, högst, minst,
    senast, hellre, föredrar, bestämt, beslutat, valt, godkänd*, avslag*, avböj*, undvik*,
    utan, inte, ingen, inga,
    altid, skal, må ikke, forbudt, obligatorisk, kun, højst, mindst, senest, hellere,
    foretrækker, besluttet, valgt, godkendt, afvist, aflyst, undgå, uden, ikke,
    aldri, må, foretrekker, bestemt, godkjent, avvist, avlyst, unngå, uten, høyst,
    ei koskaan, koskaan, aina, täytyy, pitää, on pakko, ei saa, kielletty, pakollinen, vain,
    ainoastaan, enintään, vähintään, viimeistään, määräaika, budjetti, mieluummin, päätimme,
    päätetty, valitsimme, hyväksytty, hylätty, peruttu, vältä, ilman, älä, älkää, ei,
    soha, sosem, mindig, kell, muszáj, tilos, kötelező, nem szabad, csak, kizárólag,
    legfeljebb, legalább, határidő, költségvetés, inkább, döntöttünk, választottuk,
    jóváhagy*, elutasít*, lemond*, nélkül, nem, ne,
    asla, hiçbir zaman, her zaman, daima, mutlaka, kesinlikle, zorunlu, yasak*, yapma,
    sadece, yalnızca, en fazla, en az, son tarih, bütçe, tercih*, karar verdik, seçtik,
    onaylandı, reddedildi, iptal, kaçın*, olmadan, değil, yok,
    ποτέ, ποτε, πάντα, παντα, πρέπει, πρεπει, απαγορεύεται, απαγορευεται, υποχρεωτικ*,
    μόνο, μονο, το πολύ, το πολυ, τουλάχιστον, τουλαχιστον, προθεσμία, προθεσμια,
    προτιμώ, προτιμω, αποφασίσαμε, αποφασισαμε, επιλέξαμε, επιλεξαμε, εγκρίθηκε, εγκριθηκε,
    απορρίφθηκε, απορριφθηκε, ακυρώθηκε, ακυρωθηκε, χωρίς, χωρις, μην, δεν, όχι, οχι,
    niciodată, niciodata, mereu, întotdeauna, intotdeauna, trebuie, obligatoriu, interzis,
    nu are voie, doar, numai, cel mult, cel puțin, cel putin, buget, am decis, am ales,
    aprobat, respins, anulat, evită, evita, fără, fara, nu,
    ha de, obligatori, prohibit, només, com a màxim, almenys, hem decidit, triat,
    aprovat, rebutjat, sense,
    nikad, nikada, uvijek, mora, moramo, zabranjeno, obavezno, ne smije, samo, najviše,
    najmanje, barem, proračun, radije, odlučili, odabrali, odobreno, odbijeno, otkazano,
    jangan, tidak boleh, dilarang, wajib, harus, mesti, selalu, sentiasa, tidak pernah, hanya,
    sahaja, paling banyak, maksimal, minimal, setidaknya, tenggat, batas waktu, anggaran,
    lebih suka, memutuskan, diputuskan, dipilih, disetujui, ditolak, dibatalkan, hindari,
    tanpa, tidak, bukan, tak,
    huwag, hindi puwede, bawal, kailangan, palagi, kailanman, hindi,
    kamwe, daima, lazima, marufuku, pekee, angalau, tumeamua, tumechagua, bila,
    không bao giờ, luôn luôn, luôn, phải, bắt buộc, cấm, đừng, không được, tuyệt đối,
    chỉ, tối đa, tối thiểu, ít nhất, hạn chót, ngân sách, thích hơn, quyết định, chọn,
    duyệt, từ chối, hủy, tránh, không, chưa,
    kabhi nahi, kabhi mat, hamesha, zaroor, zarur, chahiye, sirf, bilkul nahi, mana hai,
    कभी नहीं, हमेशा, ज़रूर, जरूर, चाहिए, मत, सिर्फ़, सिर्फ, केवल, मना, नहीं,
    কখনো, সবসময়, অবশ্যই, উচিত, নিষিদ্ধ, শুধু, কেবল, না,
    أبدا, أبداً, دائما, دائماً, يجب, لازم, ممنوع, إلزامي, لا يجوز, فقط, على الأكثر,
    على الأقل, ميزانية, قررنا, اخترنا, مرفوض, تجنب, بدون, لا, ليس,
    אף פעם, לעולם לא, תמיד, חייב, חייבים, אסור, חובה, רק, לכל היותר, לפחות, תקציב,
    החלטנו, בחרנו, אושר, נדחה, בוטל, בלי, ללא, לא,
    هرگز, همیشه, باید, نباید, ممنوع, الزامی, حداکثر, حداقل, مهلت, بودجه, ترجیح,
    تصمیم گرفتیم, انتخاب کردیم, بدون, نه
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
    "优先|偏好|喜欢|讨厌|希望|要求|截止|预算|上限|下限|以内|之前完成|提前|"
    # Japanese, Korean and Thai, whose words take their endings without a space.
    "絶対|必ず|してはいけない|しないで|ないでください|禁止|のみ|以内|締め切り|予算|決めました|"
    "決定|選びました|承認|却下|避けて|절대|반드시|꼭|금지|하지 마|하지마|안 돼|안돼|최대|최소|"
    "적어도|마감|예산|결정|선택|승인|거절|피해|ห้าม|ต้อง|ไม่เคย|เสมอ|อย่า|เท่านั้น|อย่างน้อย|"
    "ไม่เกิน|ตัดสินใจ|เลือก|อนุมัติ|ปฏิเสธ|ยกเลิก|หลีกเลี่ยง"
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
    "seulement confirmed accepted cap capped "
    # A negation, "without" or "only" in other languages: part of a rule, no rule alone.
    "não sem só apenas somente nenhum nenhuma non senza soltanto nessun nessuna niet geen "
    "zonder alleen не нет без только ні тільки лише tylko ani jen pouze inte ingen inga "
    "utan bara endast ikke uden kun ei vain ilman nem ne csak nélkül değil yok sadece "
    "olmadan δεν όχι οχι χωρίς χωρις μόνο μονο nu doar numai fără fara sense samo tidak "
    "bukan tak tanpa hanya sahaja hindi bila pekee không chưa chỉ नहीं सिर्फ़ सिर्फ केवल "
    "sirf না শুধু কেবল لا ليس بدون فقط לא בלי ללא רק نه "
    # Words that also say other things: "mai" is May in German and a name (as "Mora" is one
    # beside Croatian "must"), Danish "skal" and Norwegian "må" speak of plans too, Finnish
    # "pitää" is also "to like", Vietnamese "phải" also "right" (the side) and "chọn" any
    # choice, German "Termin" an appointment, Danish "bestemt" "surely".
    "mai skal må pitää mora phải termin termín chọn bestemt"
)
_WEAK = frozenset(_WEAK_WORDS.split())
"""Cues that alone make no rule ("no, thanks", "only the first one?"): a sentence needs one
other cue besides them."""
_IDLE = re.compile(
    r"(?=[idnkpmyaw])(?<![\w])(?:(?:i\s+)?(?:don['’]t|do\s+not)\s+(?:know|think|mind|care)|"
    r"(?:don['’]t|do\s+not)\s+(?:worry|bother|panic|mention\s+it|sweat\s+it)|not\s+sure|"
    r"never\s+(?:mind|again)|(?:i|we)\s+must\s+(?:say|admit)|"
    r"you\s+must\s+be\s+(?:tired|joking|kidding|busy|exhausted)|must\s+be\s+the|"
    r"always\s+(?:happy|glad|a\s+pleasure)|as\s+always|i\s+always\s+forget|"
    r"no\s+(?:problem|worries|idea|rush)|not\s+bad|no\s+thanks|not\s+yet|"
    r"keine\s+ahnung|nicht\s+sicher|kein\s+problem|pas\s+de\s+probl[eè]me|no\s+s[eé])(?![\w])",
    re.IGNORECASE,
)
"""Idioms made of cue words that state nothing ("I don't know", "no problem", "don't worry",
"never mind", "you must be tired", "always happy to help")."""

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
    if (_forbids(sentence) and not _IDLE.match(sentence)) or _standing_instruction(sentence):
        return True
    cues = constraint_cues(_IDLE.sub(" ", sentence))
    if not cues:
        return False
    strong = [c for c in cues if " ".join(c.split()) not in _WEAK]
    if _QUESTION.search(sentence):
        return any(c.startswith(_STRONG_IN_QUESTIONS) for c in strong)
    return bool(strong) or len(cues) >= 2


_PROHIBITION = re.compile(
    r"\W*(?:(?:no|kein(?:e|en)?|pas\s+de|sin|nada\s+de|aucun(?:e)?)\s+(?!(?:one|idea|worries|"
    r"problem|thanks|need|more|doubt|way|rush)\b)[^\W\d]{3,}|不准|不许|禁止|不得)",
    re.IGNORECASE,
)
"""How a sentence that forbids opens ("No external network calls from the sandbox."), read
from where it starts (see :func:`_forbids`). An opening negation of other languages ("não
…", "non …", "không …") is left out: it opens a plain statement as often as a rule ("não
entendi", "non mi piace", "не понимаю"), which a short ledger would then keep first."""
_RULE_LABEL = re.compile(r"\W*[^\W\d][^:：\n]{0,40}[:：]\s*")
"""A label before what a sentence says ("House rule: no shoes inside")."""

_IMPERATIVE_VERBS = """
    add address answer ask attach avoid bill book call cc charge check cite commit confirm
    contact convert copy deploy display email encrypt end escalate express flag format forward
    give greet include keep label limit list log mark mask mention notify pay present print push
    put quote record redact refer refuse reply report respond review round route run save send
    show sign sort speak start state stop store tag test translate treat use verify wait write
"""
_STANDING_IMPERATIVE = re.compile(
    r"\W*(?:[^\W\d][^:：\n]{0,40}[:：]\s*)?"
    r"(?P<scope>(?:from\s+now\s+on|going\s+forward|henceforth|at\s+all\s+times|"
    r"(?:in|for)\s+(?:all|every|each|any)\s+[^\W\d]+(?:\s+[^\W\d]+)?)\s*,?\s*)?"
    r"(?:please\s+|kindly\s+)?"
    r"(?P<condition>(?:if|whenever|unless)\b[^,;:\n]{1,160}[,;]\s*(?:please\s+)?)?"
    rf"(?:{'|'.join(_IMPERATIVE_VERBS.split())})(?![-\w'’])(?P<rest>.*)",
    re.IGNORECASE,
)
"""An instruction to the assistant, read from where the sentence starts (after a label, a
scope such as "From now on," or "In all replies,", a "please", an "if …," clause): its verb
first ("Report all times in UTC", "If a request could harm a third party, stop and
escalate"); "Check-in is at 3 pm" opens with no verb."""
_STANDING = re.compile(
    r"(?<![\w])(?:(?:all|every|each|any)(?!\s+(?:the|my|your|our|his|her|their|these|those|of)\b)|"
    r"always|whenever|everything|anything|from\s+now\s+on|going\s+forward|at\s+all\s+times|"
    r"(?:under|below|within|at\s+most|no\s+more\s+than|less\s+than|shorter\s+than)"
    r"(?=\s+(?:\d|one|two|three|four|five|ten|twenty|fifty|a\s+hundred)))(?![\w])",
    re.IGNORECASE,
)
"""What makes an instruction stand for every later turn, not one task ("Report all times in
UTC", "Keep answers under 80 words"; "Please book the hotel", "Send all the photos to my
sister" and "Put the box under the table" are errands)."""
_NOUN_PHRASE = re.compile(r"\s+(?:[^\W\d]+\s+){0,2}(?:is|are|was|were|has|have|had)\b", re.I)
"""A copula soon after the first word: it was a noun ("Test results are all green")."""
_ONE_TIME = re.compile(
    r"\b(?:tomorrow|today|tonight|this\s+(?:morning|afternoon|evening|week|weekend)|"
    r"next\s+(?:week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)
"""A condition about one day ("If it rains tomorrow, book a taxi"): an errand, not a rule."""


def _standing_instruction(sentence: str) -> bool:
    """Whether ``sentence`` is an English instruction that holds from now on: its verb first,
    and a scope or a condition before it or a word of scope ("all", "every", "under 80") after
    it."""
    match = _STANDING_IMPERATIVE.match(sentence)
    if match is None or _QUESTION.search(sentence) or _NOUN_PHRASE.match(match["rest"]):
        return False
    if match["scope"] is not None:
        return True
    condition = match["condition"]
    if condition is not None:
        return _ONE_TIME.search(condition) is None
    return _STANDING.search(match["rest"]) is not None


def _forbids(sentence: str) -> bool:
    """Whether ``sentence`` opens by forbidding, maybe after a label."""
    if _PROHIBITION.match(sentence):
        return True
    label = _RULE_LABEL.match(sentence) if ":" in sentence[:44] or "：" in sentence[:44] else None
    return label is not None and _PROHIBITION.match(sentence, label.end()) is not None


_STRONG_WORDS = (
    "never must vegetar vegan allerg halal kosher always deadline budget nie immer muss "
    "jamais toujours nunca siempre sempre mai nooit altijd никогда всегда нельзя ніколи "
    "завжди nigdy zawsze nikdy vždy aldrig alltid altid aldri koskaan aina soha mindig "
    "asla daima ποτέ ποτε πάντα παντα niciodată mereu întotdeauna nikad uvijek jangan "
    "selalu không bao giờ luôn cấm đừng hamesha kabhi हमेशा أبدا دائما אף תמיד אסור هرگز "
    "همیشه"
)
_STRONG_IN_QUESTIONS = tuple(_STRONG_WORDS.split())
_CONSTRAINTS: TextMemo[bool] = TextMemo(1_000_000)


_ABSOLUTE_CUES = """
    never, always, must, mustn't, must not, do not, don't, cannot, can't, shall not, forbidden,
    prohibited, not allowed, under no circumstances, mandatory, strictly, no exceptions,
    nie, niemals, immer, muss, müssen, darf nicht, dürfen nicht, auf keinen fall, verboten,
    jamais, toujours, doit, doivent, il faut, interdit, ne jamais,
    nunca, siempre, debe, deben, prohibido, jamás, mai, sempre, deve, proibito, proibido,
    devem, obrigatório, obrigatória, não pode, não podem, vietato, vietata, obbligatorio,
    nooit, altijd, moet, moeten, verplicht, verboden, mag niet, mogen niet,
    никогда, всегда, нельзя, запрещено, обязательно, ніколи, завжди, не можна, заборонено,
    nigdy, zawsze, musi, nie wolno, zabronione, nikdy, vždy, musí, nesmí, zakázáno,
    aldrig, alltid, måste, får inte, förbjudet, altid, skal, må ikke, forbudt, aldri,
    ei koskaan, aina, täytyy, ei saa, kielletty, älä, soha, sosem, mindig, tilos, kötelező,
    nem szabad, asla, her zaman, mutlaka, yasak*, ποτέ, ποτε, πάντα, παντα, πρέπει, πρεπει,
    απαγορεύεται, απαγορευεται, μην, niciodată, niciodata, întotdeauna, trebuie, interzis,
    nikad, uvijek, mora, zabranjeno, ne smije, jangan, tidak boleh, dilarang, wajib, harus,
    selalu, tidak pernah, huwag, bawal, kamwe, lazima, marufuku, không bao giờ, phải,
    bắt buộc, cấm, đừng, không được, tuyệt đối, kabhi nahi, kabhi mat, hamesha, zaroor,
    कभी नहीं, हमेशा, मत, অবশ্যই, নিষিদ্ধ, أبدا, دائما, يجب, ممنوع, لا يجوز, אף פעם,
    לעולם לא, תמיד, חייב, אסור, חובה, هرگز, همیشه, باید, نباید, ممنوع
"""
_ZH_ABSOLUTE = (
    "绝不|绝对不|永远不|不要|不能|不准|不许|禁止|必须|务必|一定要|不得|"
    "絶対|必ず|してはいけない|しないで|ないでください|절대|반드시|금지|하지 마|하지마|ห้าม|ต้อง|อย่า"
)
_ABSOLUTE = _cue_pattern(_ABSOLUTE_CUES, _ZH_ABSOLUTE)


def is_rule(sentence: str) -> bool:
    """Whether ``sentence`` is a constraint that forbids or requires outright ("Never commit
    directly to main", "Do not push before review", "必须用 Python 3.11"), not a preference,
    a decision or a next step: what a summary short of room keeps first."""
    return _forbids_outright(sentence) or (
        _standing_instruction(sentence) and not _QUESTION.search(sentence)
    )


def _forbids_outright(sentence: str) -> bool:
    """A rule by its words ("never", "must", "no …"), not by its form: one a later sentence
    replaces only when it shares more of its subject (:func:`replaces`)."""
    return (
        is_constraint(sentence)
        and (_ABSOLUTE.search(sentence) is not None or _forbids(sentence))
        and not _QUESTION.search(sentence)
    )


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


also_cleared(_value_shape)


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


# -- updates in other words ------------------------------------------------------------------
#
# "From now on, report all times in Pacific time" replaces "Report all times in UTC" though no
# frame or naming word of a value is shared: the later sentence announces an update and is
# about the same subject. Dropping a sentence a person still relies on is worse than keeping a
# stale one, so the ground must be firm (see replaces): a cue ("from now on", "rotated",
# "instead") and two words in common, more for "now" or "new" alone, which ordinary sentences
# use ("I'm now looking at the logs"), or for a rule; an identifier of the same family
# ("spike/ldtzv-56" after "spike/pdtuq-60") counts as two words.

_STRONG_UPDATE_CUES = """
    from now on, going forward, henceforth, from today, as of today, starting today, as of now,
    starting now, effective immediately, rotated, renamed, rebased, switched, switch to,
    changed, replaced, superseded, no longer, not anymore, anymore, instead,
    rather, retired, revoked, moved,
    ab jetzt, ab sofort, künftig, ab heute, geändert, umbenannt, gewechselt, ersetzt, lieber,
    désormais, dorénavant, à partir de maintenant, renommé, remplacé, changé,
    a partir de ahora, desde ahora, de ahora en adelante, renombrado, reemplazado,
    a partir de agora, daqui em diante, renomeado, substituído, d'ora in poi, d'ora in avanti,
    rinominato, sostituito, vanaf nu, voortaan, с этого момента, отныне, заменили
"""
_WEAK_UPDATE_CUES = """
    now, new, newly, currently, these days, jetzt, neu, neue, neuer, neues, nun, maintenant,
    nouveau, nouvelle, ahora, nuevo, nueva, agora, novo, nova, adesso, ora, nuovo, nuova, nu,
    nieuw, nieuwe, теперь, новый, новая
"""
_ZH_STRONG_UPDATE = (
    "从现在起|从今天起|今后|以后都|改为|改成|换成|换到|更新|不再|已轮换|替换|取代|改名"
)
_ZH_WEAK_UPDATE = "现在|新的|目前"
_STRONG_UPDATE = _cue_pattern(_STRONG_UPDATE_CUES, _ZH_STRONG_UPDATE)
_WEAK_UPDATE = _cue_pattern(_WEAK_UPDATE_CUES, _ZH_WEAK_UPDATE)
_UPDATE_WORDS = frozenset(
    w
    for cues in (_STRONG_UPDATE_CUES, _WEAK_UPDATE_CUES)
    for cue in cues.split(",")
    for w in cue.split()
)
"""The cue words themselves are no subject ("the new code" and "the new budget" share none)."""
_GENERIC_WORDS = """
    keep keeps kept doing done does make makes made get gets got use uses used using need needs
    want wants going yes all any some one thing things still really also just like sure okay
    per via veut veux voulons voulez quiere quiero queremos vamos möchte wollen raus
"""
_GENERIC = frozenset(_GENERIC_WORDS.split())
"""Words any two requests share ("keep doing that", "keep postgres 15"): no subject."""
_ASKS = re.compile(
    r"^\W*(?:what|how|which|why|when|where|who|is|are|was|were|can|could|should|would|will|do|"
    r"does|did|shall|may|might|any|wie|was|welche[rsnm]?|ist|sind|kann|kannst|soll|quel(?:le)?s?|"
    r"comment|est-ce|qu[eé]|c[oó]mo|cu[aá]l|d[oó]nde|puedo|podemos|wat|hoe|welke|waarom|"
    r"wanneer|waar|cosa|come|quale|perch[eé]|qual|что|как|какой|какая|почему)\b|[?？]\s*$"
    r"|[,;:]\s*(?:what|how|which|why|wie|welche[rsnm]?|quel(?:le)?s?|comment|qu[eé]|c[oó]mo)\b",
    re.IGNORECASE,
)
"""A question, with or without its mark ("is tiny3 getting overloaded now"): it asks, it
replaces nothing."""
_FOR_NOW = re.compile(r"(?i:\b(?:for|until|till)\s+now\b)")
""""for now" keeps a thing as it is; it announces no new value."""
_LABEL = re.compile(r"^\W*(?:[A-Z]{2,}[ _-]?){1,3}:\s*")
"""A leading label in capitals ("HARD CONSTRAINT:", "FACT:", "NOTE:"): a kind, not a subject."""
_CURRENCY = re.compile(
    r"[$€£¥￥₩₹]\s?\d|\d\s?(?:[$€£¥￥₩₹]|(?i:usd|eur|gbp|chf|jpy|cny|rmb|inr)\b)"
    r"|(?i:\b(?:dollars?|euros?|pounds?|bucks|francs?|yuan|yen|rupees?|kronor|kroner|reais|"
    r"dólares|dollari|美元|欧元|英镑|元|块钱)\b)"
)
ENGLISH_MONTHS = (
    r"(?-i:\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b)"
)
"""English month names, capitalised only ("may" and "march" are also ordinary words)."""
_CALENDAR = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?\b|\b\d{1,2}:\d{2}\b"
    rf"|{ENGLISH_MONTHS}"
    r"|\b(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|"
    r"donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b"
    r"|\d{1,2}\s*[月日号]|[上下本]?(?:周|星期)[一二三四五六日天]"
    r"|\b(?i:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|"
    r"décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|"
    r"junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|"
    r"giugno|luglio|settembre|ottobre|dicembre)\b"
)
_NUMBER_WORD = re.compile(
    r"(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion)\b)|\d"
)
_CODE = re.compile(r"(?<![\w/.-])(?=[\w/.-]*[^\W\d_])(?=[\w/.-]*\d)[\w][\w/.-]*[\w]")
"""An identifier mixing letters and digits ("DNSNU-172", "spike/ldtzv-56", "eu-north-3")."""
_FAMILY = re.compile(r"^([^\W\d_]{3,}[/_.-])")


class Subject(NamedTuple):
    """What a sentence is about, for telling whether a later one replaces it: its content
    words, and the same reduced to stems (``"owner"`` and ``"owns"`` are one), the kinds of
    value it holds (money, date, code, number), and its identifiers' shapes and families
    (``"spike/"``)."""

    words: frozenset[str]
    stems: frozenset[str]
    kinds: frozenset[str]
    shapes: frozenset[str]
    families: frozenset[str]
    before: frozenset[tuple[str, str]]
    """``(word, the content word before it)`` pairs, and ``(word, the word after "for",
    "of", "für", "de" … after it)``: "billing service" and "search service", "the API key
    for Stripe" and "the API key for Twilio" qualify one word differently: two things."""
    rule: bool
    """Whether the sentence forbids or requires outright by its words ("never", "must")."""
    concepts: frozenset[tuple[str, str]] = frozenset()
    """``(concept, word)`` for each word of one of :data:`_CONCEPTS` ("spend" is a budget)."""
    qualified: frozenset[tuple[str, str]] = frozenset()
    """``(concept word, the word that says whose it is)``: the word right before it (past a
    copula: "the project lead is named"), or after a "for"/"of"/"on" after it ("spending on
    travel"); ``"\x00"`` where another concept's word follows it ("the zone name")."""


_CONCEPT_WORDS = {
    "budget": "budget budgets spend spending spent cap kosten ausgaben obergrenze dépenses "
    "plafond presupuesto gasto gastos tope",
    "deadline": "deadline deadlines due date frist stichtag échéance plazo fecha",
    "name": "codename name named called calling alias heißt nom nombre",
    "duty": "on-call pager rotation bereitschaft astreinte guardia",
    "branch": "branch rebased checkout zweig branche rama",
    "clock": "timezone zone utc zeitzone fuseau huso",
    "replies": "answers responses replies antworten réponses respuestas",
}
_CONCEPTS = {word: concept for concept, words in _CONCEPT_WORDS.items() for word in words.split()}
"""Words that name one thing people often set and later reset in other words: "keep project
spend under five hundred dollars" is about what "Project budget cap is $800" was about. A
concept both sentences hold counts as a word they share, once (not when they share the word)."""


def _stem(word: str) -> str:
    """A crude stem: plural, past, agent and gerund endings off, then a final "e" ("times",
    "time" -> "tim"; "owner", "owns" -> "own"); enough to match one sentence with another."""
    for _ in range(2):
        for suffix in ("ing", "ies", "ed", "er", "es", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
                word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
                break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


_CJK_RUN = re.compile(r"[\u3400-\u9fff]{2,}")
_SCOPE_LINKS_WORDS = "for of für von des del della dello degli du pour para per"
_SCOPE_LINKS = frozenset(_SCOPE_LINKS_WORDS.split())
"""Words that link a thing to what it is of or for ("the budget for marketing")."""


@functools.lru_cache(maxsize=4096)
def subject(sentence: str) -> Subject:
    """The :class:`Subject` of ``sentence`` (a leading capitals label does not count)."""
    text = _LABEL.sub("", unicodedata.normalize("NFKC", sentence))
    words = {
        w
        for w in content_words(_CALENDAR.sub(" ", text))  # a month is a value, not a subject
        if w not in _UPDATE_WORDS and w not in _GENERIC and not _CJK.search(w)
    }
    before: set[tuple[str, str]] = set()
    previous = ""
    linked: str | None = None  # a word followed by "for"/"of"/..., waiting for its qualifier
    for match in _WORD.finditer(text):
        word = match.group(0).casefold()
        if word in _SCOPE_LINKS and previous:
            linked = previous
            continue
        if word in words:
            if previous:
                before.add((word, previous))
            if linked is not None:
                before.add((linked, "of " + word))
                linked = None
            previous = word
        elif word not in _STOP:
            linked = None
    stems = {_stem(w) for w in words}
    for run in _CJK_RUN.findall(text):  # Chinese has no spaces: its character pairs
        stems.update("\x00" + run[i : i + 2] for i in range(len(run) - 1))
    kinds: set[str] = set()
    if _CURRENCY.search(text):
        kinds.add("money")
    if _CALENDAR.search(text):
        kinds.add("date")
    codes = [m.group(0) for m in _CODE.finditer(text)]
    if codes:
        kinds.add("code")
    if not kinds and _NUMBER_WORD.search(text):
        kinds.add("number")
    shapes = {_value_shape(c.casefold()) for c in codes}
    families = {m.group(1).casefold() for c in codes if (m := _FAMILY.match(c))}
    return Subject(
        frozenset(words),
        frozenset(stems),
        frozenset(kinds),
        frozenset(shapes),
        frozenset(families),
        frozenset(before),
        _forbids_outright(sentence),
        frozenset((_CONCEPTS[w], w) for w in words if w in _CONCEPTS),
        _qualifiers(text, words) if not words.isdisjoint(_CONCEPTS) else frozenset(),
    )


_LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_COPULA_WORDS = "is are was were be been being ist sind war waren est sont es son"
_COPULAS = frozenset(_COPULA_WORDS.split())
_CONCEPT_LINKS = _SCOPE_LINKS | {"on", "en", "about", "über", "sur", "sobre"}


def _qualifiers(text: str, words: set[str]) -> frozenset[tuple[str, str]]:
    """:attr:`Subject.qualified` of ``text``, whose content words are ``words``."""
    tokens = [(m.group(0).casefold(), m.start(), m.end()) for m in _LETTERS.finditer(text)]

    def joined(i: int, j: int) -> bool:  # only spaces between tokens i and j (i < j)
        return text[tokens[i][2] : tokens[j][1]].isspace()

    found: set[tuple[str, str]] = set()
    for i, (word, _, _) in enumerate(tokens):
        concept = _CONCEPTS.get(word)
        if concept is None or word not in words:
            continue
        j = i - 1
        while j >= 0 and tokens[j][0] in _COPULAS and joined(j, j + 1):
            j -= 1
        # (A word of the same concept before it names one thing: "the on-call rotation".)
        if (
            j >= 0
            and joined(j, j + 1)
            and tokens[j][0] in words
            and _CONCEPTS.get(tokens[j][0]) != concept
        ):
            found.add((word, tokens[j][0]))
        if i + 1 < len(tokens) and joined(i, i + 1):
            after = tokens[i + 1][0]
            if _CONCEPTS.get(after, concept) != concept:
                found.add((word, "\x00"))
            elif after in _CONCEPT_LINKS:
                k = i + 2
                while k < len(tokens) and tokens[k][0] in _STOP:
                    k += 1
                if k < len(tokens) and tokens[k][0] in words:
                    found.add((word, tokens[k][0]))
    return frozenset(found)


def _concepts_of(one: Subject, other: Subject, shared: frozenset[str]) -> set[str]:
    """The concepts ``one`` names in words ``other`` does not use, each qualified only by
    words ``other`` uses: "the launch date" is the launch deadline's, "the launch party date"
    another."""
    return {
        concept
        for concept, word in one.concepts
        if word not in shared and all(q in other.words for w, q in one.qualified if w == word)
    }


also_cleared(subject)


def update_strength(sentence: str) -> int:
    """How plainly ``sentence`` says it replaces something: 2 for a correction or update cue
    ("actually", "from now on", "rotated", "instead"), 1 for "now" or "new" ("for now" is
    none), 0 for none and for a question."""
    if _ASKS.search(sentence):
        return 0
    if _STRONG_UPDATE.search(sentence):
        return 2
    cues = {m.group(0).casefold() for m in _CORRECTION.finditer(sentence)}
    if cues - _AMBIGUOUS_CORRECTIONS:
        return 2
    return 1 if cues or _WEAK_UPDATE.search(_FOR_NOW.sub(" ", sentence)) else 0


_AMBIGUOUS_CORRECTIONS = frozenset({"mejor", "doch", "anzi"})
"""Correction cues that as often say something else ("la app es la mejor", "ja doch"): a cue
as weak as "now" when a sentence is compared in other words."""


def replaces(later: Subject, strength: int, earlier: Subject) -> float:
    """How strongly a sentence about ``later``, announcing an update of ``strength``, replaces
    one about ``earlier`` (0: it does not).

    Their values must be of one kind (a new code does not replace a budget), or both hold
    none, and no word they share may be qualified differently in each ("the billing service",
    "the search service": two services). A word both use counts one, a stem only (the "unit"
    of "units", the "cod" of "coding" and "code") a half, two characters of Chinese a
    quarter; an identifier of one family counts two. A cue needs two ("keep project
    spend under $300 from now on" shares only "project" with "Project budget cap is $800":
    too little to drop a sentence a person may still rely on), "now" or "new" alone more, a
    rule that forbids or requires outright three ("Never push directly to main" stays beside
    "From now on, push feature branches to the fork")."""
    if strength <= 0 or ((later.kinds or earlier.kinds) and not later.kinds & earlier.kinds):
        return 0
    shared = later.words & earlier.words
    if _qualified_apart(later, earlier, shared):
        return 0
    stems = later.stems & earlier.stems - {_stem(w) for w in shared}
    pairs = sum(stem.startswith("\x00") for stem in stems)  # two characters of Chinese
    score = len(shared) + 0.5 * (len(stems) - pairs) + 0.25 * pairs
    score += len(_concepts_of(later, earlier, shared) & _concepts_of(earlier, later, shared))
    if later.families & earlier.families:
        score += 2
    elif later.shapes & earlier.shapes:  # "DNSNU-172" after "KXWMI-532"
        score += 0.5
    # A rule holding a value ("Budget cap is $800. Never exceed it.") is reset like a value
    # when the later sentence gives one of its kind: it was a rule about that value ("Never
    # disclose the vault code adwgk-18", "Branch spike/pdtuq-60 must stay unpushed").
    ruled = earlier.rule and not (later.kinds & earlier.kinds)
    floor = 3.0 if ruled else 2.0 if strength >= 2 else 2.5
    return score if score >= floor else 0


def _qualified_apart(later: Subject, earlier: Subject, shared: frozenset[str]) -> bool:
    """Whether a word both sentences use is qualified by another word in each, the same way
    (before it, or after a "for"/"of"), neither qualifier used by the other sentence, nor
    naming a concept the other sentence holds ("the pager this week", "the rotation owner
    this week": a pager is a rotation's)."""
    theirs: dict[tuple[str, bool], set[str]] = {}
    for word, qualifier in earlier.before:
        if word in shared:
            theirs.setdefault((word, qualifier.startswith("of ")), set()).add(qualifier)
    held_before = {concept for concept, _ in earlier.concepts}
    held_later = {concept for concept, _ in later.concepts}
    for word, qualifier in later.before:
        others = theirs.get((word, qualifier.startswith("of ")))
        if not others or qualifier in others:
            continue
        bare = qualifier.removeprefix("of ")
        if bare in earlier.words or _CONCEPTS.get(bare) in held_before:
            continue
        if all(
            q.removeprefix("of ") not in later.words
            and _CONCEPTS.get(q.removeprefix("of ")) not in held_later
            for q in others
        ):
            return True
    return False


UPDATE_REACH = 100
"""Sentences back an update in other words looks (a long history is read in linear time)."""


def replaced_by(later: str, earlier: Sequence[str], strength: int | None = None) -> int | None:
    """The index in ``earlier`` (oldest first) of the sentence ``later`` replaces in other
    words, if any, among the last :data:`UPDATE_REACH`: the one it shares most subject with,
    the newest on a tie. A sentence said again replaces nothing. ``strength``: its
    :func:`update_strength`, when the caller read it already."""
    if strength is None:
        strength = update_strength(later)
    if not strength:
        return None
    mine = subject(later)
    best, best_score = None, 0.0
    start = max(0, len(earlier) - UPDATE_REACH)
    for i in range(start, len(earlier)):
        sentence = earlier[i]
        if sentence == later:
            return None
        if _ASKS.search(sentence):
            continue  # a question stated nothing to replace
        score = replaces(mine, strength, subject(sentence))
        if score >= best_score and score:
            best, best_score = i, score
    return best


__all__ = [
    "BULK_LINES",
    "ENGLISH_MONTHS",
    "UPDATE_REACH",
    "ValueContext",
    "constraint_cues",
    "content_words",
    "framed",
    "framing",
    "holders",
    "is_constraint",
    "is_correction",
    "is_rule",
    "is_statement",
    "join_dangling_rules",
    "line_shape",
    "named_values",
    "replaced_by",
    "reports_failure",
    "restates",
    "rule_tail",
    "says_now",
    "sentence_frame",
    "split_sentences",
    "topic_words",
    "update_strength",
    "value_contexts",
]
