# ruff: noqa: E501
"""Write the sixth sealed held-out retention set: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed6/make_sealed6.py`` from anywhere; it rewrites every file
next to itself. The script stands alone (Python standard library only, nothing from nbagent) and
is deterministic: bulk tool output (hive registers, call sheets, lab order books, night-audit
folios, inverter logs, spray logs, ...) comes from a ``random.Random`` seeded per conversation,
used at generation time only. The committed files are the reference; tests and benchmarks read
them and never run this script.

Written blind: its author read no nbagent source and no conversation text or fact list of the
earlier held-out sets, only the file format (see README.md). Measured only, never tuned on.

Formats:

* ``<name>.jsonl``: one message per line. ``user`` / ``assistant`` messages carry a list of
  blocks (``text``; ``tool_use`` with ``id`` / ``name`` / ``input``); ``tool`` messages carry
  ``tool_call_id``, ``content`` (text blocks), ``is_error`` and ``tool_name``. A turn is one user
  message, at most one assistant message with tool calls, their results, and the final reply.
* ``<name>.facts.json``: ``language``, ``domain``, ``facts`` (``text``, ``accept``, ``kind`` in
  ``hard`` / ``constraint`` / ``decision``, ``turn`` = 0-based user turn, ``source`` in
  ``user`` / ``tool``) and ``corrections`` (``old``, ``new``, ``turn_old``, ``turn_new``).

Self-checks (assertions that change nothing in the output) are listed in README.md. Presence
checks use a strict token edge (any letter of an alphabetic script, or a digit, beside the value
makes it part of a longer token; CJK characters do not); absence checks use the loose edge of the
hand count (only ASCII letters and digits join), so both are at least as strict as the count.
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

CUES_EN = (
    "actually",
    "correction",
    "sorry",
    "i meant",
    "oops",
    "my bad",
    "scratch that",
    "typo",
    "misspoke",
    "mistake",
    "wrong",
    "my fault",
    "mixed up",
    "swapped",
)


@dataclass(frozen=True)
class F:
    text: str
    kind: str
    source: str
    accept: tuple[str, ...] = ()


def U(text: str, *accept: str) -> F:
    """A hard value stated by the user."""
    return F(text, "hard", "user", accept)


def T(text: str, *accept: str) -> F:
    """A hard value only a tool result of the turn shows."""
    return F(text, "hard", "tool", accept)


def RULE(text: str, *accept: str) -> F:
    return F(text, "constraint", "user", accept)


def CHOICE(text: str, *accept: str) -> F:
    return F(text, "decision", "user", accept)


Call = tuple[str, dict[str, Any], str]

_WS = re.compile(r"\s+")


def plain(text: str) -> str:
    return _WS.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _loose(a: str, b: str) -> bool:
    if a.isdigit() and b.isdigit():
        return True
    return a.isascii() and b.isascii() and a.isalpha() and b.isalpha()


def _cjk(c: str) -> bool:
    name = unicodedata.name(c, "")
    return any(w in name for w in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPH"))


def _strict(a: str, b: str) -> bool:
    if a.isdigit() and b.isdigit():
        return True
    return a.isalpha() and b.isalpha() and not _cjk(a) and not _cjk(b)


def hits(key: str, hay: str, joins: Callable[[str, str], bool] = _loose) -> list[int]:
    key, hay = plain(key), plain(hay)
    out: list[int] = []
    at = hay.find(key)
    while key and at >= 0:
        end = at + len(key)
        bad = (at > 0 and joins(hay[at - 1], key[0])) or (
            end < len(hay) and joins(hay[end], key[-1])
        )
        if not bad:
            out.append(at)
        at = hay.find(key, at + 1)
    return out


def seen(key: str, hay: str) -> bool:
    """Would the hand count see ``key`` in ``hay``? (loose edges: used for absence checks)"""
    return bool(hits(key, hay, _loose))


def has(key: str, hay: str) -> bool:
    """Is ``key`` in ``hay`` as a whole token under strict edges? (used for presence checks)"""
    return bool(hits(key, hay, _strict))


def text_of(m: dict[str, Any]) -> str:
    out = []
    for b in m["content"]:
        if b["type"] == "text":
            out.append(b["text"])
        elif b["type"] == "tool_use":
            out.append(json.dumps(b["input"], ensure_ascii=False))
    return "\n".join(out)


@dataclass
class Session:
    name: str
    language: str
    domain: str
    cues: tuple[str, ...] = ()
    messages: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    recalls: dict[int, list[int]] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.users)

    def turn(
        self,
        user: str,
        reply: str,
        *,
        calls: Sequence[Call] = (),
        lead: str = "",
        facts: Sequence[F] = (),
        fix: Sequence[tuple[str, str]] = (),
        recall: Sequence[str] = (),
    ) -> None:
        n = self.n
        where = f"{self.name} turn {n}"
        before_raw = "\n".join(text_of(m) for m in self.messages)
        before = plain(before_raw)
        users_so_far = plain("\n".join([*self.users, user]))
        self.starts.append(len(self.messages))
        self.users.append(user)
        self.messages.append({"role": "user", "content": [{"type": "text", "text": user}]})
        results: list[str] = []
        inputs = ""
        if calls:
            blocks: list[dict[str, Any]] = []
            if lead:
                blocks.append({"type": "text", "text": lead})
            ids = [f"call_{self.name[:4]}{n:02d}{k}" for k in range(len(calls))]
            for cid, (tool, args, _) in zip(ids, calls, strict=True):
                blocks.append({"type": "tool_use", "id": cid, "name": tool, "input": args})
            inputs = plain(json.dumps([c[1] for c in calls], ensure_ascii=False))
            self.messages.append({"role": "assistant", "content": blocks})
            for cid, (tool, _, result) in zip(ids, calls, strict=True):
                results.append(result)
                self.outputs.append(result)
                self.messages.append(
                    {
                        "role": "tool",
                        "tool_call_id": cid,
                        "content": [{"type": "text", "text": result}],
                        "is_error": result.startswith("ERROR"),
                        "tool_name": tool,
                    }
                )
        else:
            assert not lead, f"{where}: lead without calls"
        self.messages.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
        tool_text = "\n".join(results)
        for f in facts:
            home = user if f.source == "user" else tool_text
            assert has(f.text, home), (
                f"{where}: {f.text!r} not a whole token in its {f.source} text"
            )
            if f.source == "tool":
                low = plain(f.text)
                assert low not in before, f"{where}: tool fact {f.text!r} seen earlier"
                assert low not in inputs, f"{where}: tool fact {f.text!r} in a tool input"
                assert low not in users_so_far, f"{where}: tool fact {f.text!r} in a user text"
            for sp in (f.text, *f.accept):
                assert not seen(sp, before_raw), f"{where}: {sp!r} shown before its turn"
            assert all(plain(x["text"]) != plain(f.text) for x in self.facts), (
                f"{where}: {f.text!r} twice"
            )
            self.facts.append(
                {
                    "text": f.text,
                    "accept": list(f.accept),
                    "kind": f.kind,
                    "turn": n,
                    "source": f.source,
                }
            )
        for old, new in fix:
            assert has(new, user), f"{where}: new value {new!r} not in the user text"
            earlier = [i for i, u in enumerate(self.users[:-1]) if has(old, u)]
            assert earlier, f"{where}: old value {old!r} never stated by the user"
            assert not seen(new, before_raw), f"{where}: new value {new!r} shown before"
            self.corrections.append(
                {"old": old, "new": new, "turn_old": earlier[-1], "turn_new": n}
            )
        known = {x["text"]: (x["accept"], x["turn"]) for x in self.facts}
        for c in self.corrections:
            known.setdefault(c["new"], ([], c["turn_new"]))
        for t in recall:
            assert t in known, f"{where}: recall of unknown {t!r}"
            assert any(has(sp, reply) for sp in [t, *known[t][0]]), f"{where}: reply lacks {t!r}"
            self.recalls.setdefault(n, []).append(known[t][1])

    def check(self) -> dict[str, Any]:
        name = self.name
        assert 46 <= self.n <= 52, f"{name}: {self.n} turns"
        hard = [f for f in self.facts if f["kind"] == "hard"]
        rules = [f for f in self.facts if f["kind"] == "constraint"]
        choices = [f for f in self.facts if f["kind"] == "decision"]
        by_user = sum(f["source"] == "user" for f in hard)
        assert 19 <= len(hard) <= 22, f"{name}: {len(hard)} hard facts"
        assert 7 <= by_user <= 9, f"{name}: {by_user} hard facts from the user"
        assert len(rules) == 4, f"{name}: {len(rules)} constraints"
        assert len(choices) == 4, f"{name}: {len(choices)} decisions"
        assert len(self.corrections) == 5, f"{name}: {len(self.corrections)} corrections"
        per_turn = []
        for t in range(self.n):
            end = self.starts[t + 1] if t + 1 < self.n else len(self.messages)
            per_turn.append("\n".join(text_of(m) for m in self.messages[self.starts[t] : end]))
        for f in self.facts:
            sps = (f["text"], *f["accept"])
            assert any(has(sp, per_turn[f["turn"]]) for sp in sps), (
                f"{name}: {f['text']!r} not in its turn"
            )
            assert not any(seen(sp, "\n".join(per_turn[: f["turn"]])) for sp in sps), (
                f"{name}: {f['text']!r} before its turn"
            )
        for f in self.facts:
            for c in self.corrections:
                for v in (c["old"], c["new"]):
                    for t in (f["text"], *f["accept"]):
                        assert plain(v) not in plain(t) and plain(t) not in plain(v), (
                            f"{name}: fact {t!r} overlaps correction value {v!r}"
                        )
        for c in self.corrections:
            old, new = plain(c["old"]), plain(c["new"])
            assert old not in new and new not in old, f"{name}: {c} nested"
            assert c["turn_old"] < c["turn_new"], f"{name}: {c} order"
            first_old = min(t for t in range(self.n) if seen(c["old"], per_turn[t]))
            first_new = min(t for t in range(self.n) if seen(c["new"], per_turn[t]))
            assert first_old < first_new == c["turn_new"], f"{name}: {c} order in transcript"
            for k in range(self.starts[c["turn_new"]], len(self.messages)):
                text = text_of(self.messages[k])
                olds = hits(c["old"], text)
                if olds:
                    news = hits(c["new"], text)
                    assert news and news[-1] > olds[-1], (
                        f"{name}: superseded {c['old']!r} shown as current in message {k}"
                    )
        cues = (*CUES_EN, *self.cues)
        cued = [
            c for c in self.corrections if any(seen(q, self.users[c["turn_new"]]) for q in cues)
        ]
        assert len(cued) == 1, f"{name}: {len(cued)} corrections carry a cue word"
        late = [t for t in range(self.n - 10, self.n) if self.recalls.get(t)]
        early = [t for t in late if min(self.recalls[t]) < 15]
        assert len(early) >= 6, f"{name}: {len(early)} of the last ten turns recall early facts"
        long_ones = [r for r in self.outputs if r.count("\n") >= 49]
        assert len(long_ones) >= 4, f"{name}: {len(long_ones)} tool outputs of 50+ lines"
        assert max(len(r) for r in self.outputs) <= 24_000, (
            f"{name}: a tool output is too big: {[len(r) for r in self.outputs]}"
        )
        chars = sum(len(text_of(m)) for m in self.messages)
        assert 88_000 <= chars <= 100_000, (
            f"{name}: {chars} chars, {self.n} turns, outputs {[(len(r), r.count(chr(10))) for r in self.outputs]}"
        )
        return {
            "turns": self.n,
            "chars": chars,
            "tokens": chars // 4,
            "hard": len(hard),
            "hard_user": by_user,
            "hard_tool": len(hard) - by_user,
            "constraints": len(rules),
            "decisions": len(choices),
            "corrections": len(self.corrections),
            "corrections_without_cue": len(self.corrections) - len(cued),
            "long_tool_outputs": len(long_ones),
            "early_recalls_in_last_ten": len(early),
        }

    def write(self, folder: Path) -> dict[str, Any]:
        stats = self.check()
        lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in self.messages]
        (folder / f"{self.name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        data = {
            "language": self.language,
            "domain": self.domain,
            "facts": self.facts,
            "corrections": self.corrections,
        }
        (folder / f"{self.name}.facts.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        return stats


# -- bulk output helpers ---------------------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], gap: int = 2) -> str:
    cells = [[str(x) for x in header], *[[str(x) for x in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        (" " * gap).join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(x) for x in r) for r in [header, *rows])


def plant(rows: list[list[Any]], at: int, row: list[Any]) -> list[list[Any]]:
    rows.insert(min(at, len(rows)), row)
    return rows


def dig(rng: random.Random, n: int) -> str:
    return str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def grp(value: float, thousands: str = ".", decimal: str = ",", places: int = 0) -> str:
    s = f"{value:,.{places}f}"
    return s.replace(",", "\x00").replace(".", decimal).replace("\x00", thousands)


def clock(rng: random.Random, lo: int = 0, hi: int = 23, avoid: Sequence[str] = ()) -> str:
    while True:
        t = f"{rng.randint(lo, hi):02d}:{rng.choice(range(0, 60)):02d}"
        if t not in avoid:
            return t


def pick(rng: random.Random, seq: Sequence[Any]) -> Any:
    return seq[rng.randrange(len(seq))]


def bulk(
    rng: random.Random,
    n: int,
    makers: Sequence[Callable[[random.Random], Any]],
    plants: Sequence[tuple[int, list[Any]]] = (),
    avoid: Sequence[str] = (),
) -> list[list[Any]]:
    """``n`` random rows, none containing any ``avoid`` string, with ``plants`` inserted."""
    out: list[list[Any]] = []
    while len(out) < n:
        row = [m(rng) for m in makers]
        line = " ".join(str(x) for x in row)
        if any(a in line for a in avoid):
            continue
        out.append(row)
    for at, row in sorted(plants):
        plant(out, at, row)
    return out


def day(rng: random.Random, year: int, months: Sequence[int], sep: str = "-") -> str:
    m = pick(rng, months)
    return f"{year}{sep}{m:02d}{sep}{rng.randint(1, 28):02d}"


# == bees_da: a South Funen beekeepers' honey co-op ===============================================

DA_FOR = [
    "Anders",
    "Birgit",
    "Carsten",
    "Dorte",
    "Erik",
    "Grethe",
    "Henning",
    "Inge",
    "Jens",
    "Karen",
    "Lars",
    "Lone",
    "Niels",
    "Pia",
    "Poul",
    "Rikke",
    "Søren",
    "Tove",
    "Ulla",
    "Vagn",
]
DA_EFT = [
    "Hansen",
    "Jensen",
    "Nielsen",
    "Pedersen",
    "Madsen",
    "Rasmussen",
    "Thomsen",
    "Kristensen",
    "Lund",
    "Holm",
    "Bach",
    "Dam",
    "Juhl",
    "Skov",
    "Vestergaard",
]
DA_BIG = [
    "HSL",
    "VJS",
    "EGS",
    "TRS",
    "BRA",
    "FLB",
    "GUD",
    "SKV",
    "OLL",
    "RYS",
    "HAV",
    "AER",
    "TAS",
    "KRK",
]


def da_name(rng: random.Random) -> str:
    return f"{pick(rng, DA_FOR)} {pick(rng, DA_EFT)}"


def da_register(rng: random.Random) -> str:
    taken = {"HSL-117"}

    def sid(r: random.Random) -> str:
        while True:
            s = f"{pick(r, DA_BIG)}-{r.randint(100, 199)}"
            if s not in taken:
                taken.add(s)
                return s

    rows = bulk(
        rng,
        214,
        [
            sid,
            lambda r: pick(r, ["buckfast", "carnica", "ligustica", "dansk brun"]),
            lambda r: str(r.randint(2021, 2024)),
            lambda r: day(r, 2024, [7, 8]),
            lambda r: str(r.randint(0, 9)),
            lambda r: pick(
                r, ["rolig", "rolig", "stikker lidt", "svag", "stærk", "sværmtræg", "ok"]
            ),
            da_name,
        ],
    )
    plant(
        rows,
        131,
        [
            "HSL-117",
            "buckfast",
            "2022",
            "2024-08-02",
            "31",
            "stærk, mange faldne mider",
            "Poul Juhl",
        ],
    )
    return "bistaderegister.csv (export 2024-08-09)\n" + csv_text(
        ["stade", "race", "dronning_aar", "sidste_tilsyn", "mider_pr_doegn", "note", "ansvarlig"],
        rows,
        ";",
    )


def da_harvest(rng: random.Random) -> str:
    rows = bulk(
        rng,
        220,
        [
            lambda r: day(r, 2024, [6, 7]),
            lambda r: f"{pick(r, DA_BIG)}-{r.randint(100, 199)}",
            lambda r: f"{r.randint(80, 420) / 10:.1f}".replace(".", ","),
            lambda r: f"{r.randint(160, 184) / 10:.1f}".replace(".", ","),
            lambda r: pick(r, ["raps", "sommer", "lyng", "kløver", "lind", "blandet"]),
            lambda r: f"P-24{r.randint(10, 99)}-{r.randint(10, 99)}",
        ],
        avoid=("P-2407-19",),
    )
    plant(rows, 97, ["2024-07-19", "HSL-142", "36,5", "17,4", "lind", "P-2407-19"])
    return table(["dato", "stade", "kg", "vand_%", "træk", "parti"], rows)


def da_inbox(rng: random.Random) -> str:
    lines = []
    for _ in range(140):
        lines.append(
            f"{day(rng, 2024, [7, 8])} {rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}  {pick(rng, ['info@', 'ordre@', 'kontakt@', 'post@'])}{pick(rng, ['bihandel', 'imkershop', 'tryk-huset', 'glasdepot', 'fvst', 'dbf'])}.dk  "
            f"{pick(rng, ['Re: levering', 'Faktura', 'Nyhedsbrev august', 'Kursus i dronningeavl', 'Tilbud voksplader', 'Ordrebekræftelse', 'Påmindelse'])} #{rng.randint(10000, 49999)}"
        )
    lines.insert(
        41,
        "2024-08-12 08:14  indkoeb@brugsen-svendborg.dk  Ordre BR-55190: 1.800 glas sydfynsk sommerhonning, levering uge 36, betaling 30 dage netto",
    )
    return "INBOX honninglaug@sydfyn.dk (141 mails)\n" + "\n".join(lines)


def da_bank(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: day(r, 2024, [6, 7, 8]),
            lambda r: pick(r, ["Overførsel", "Dankort", "MobilePay", "Betalingsservice", "Gebyr"]),
            lambda r: pick(
                r,
                [
                    "Imkershop ApS",
                    "Glasdepot Fyn",
                    "Kontingent",
                    "Brugsen Faaborg",
                    "Vand Faaborg",
                    "SEAS-NVE",
                    "Tryk-Huset",
                    "Bi-Foder A/S",
                ],
            ),
            lambda r: grp(r.randint(-9000, 9000) + r.randint(0, 99) / 100, ".", ",", 2),
            lambda r: f"{r.randint(1000, 9999)}-{r.randint(1000, 9999)}-{r.randint(1000, 9999)}",
        ],
        avoid=("4417-0093-2281",),
    )
    plant(
        rows,
        88,
        [
            "2024-08-14",
            "Overførsel",
            "Honningcentralen a.m.b.a. (a conto)",
            "12.600,00",
            "4417-0093-2281",
        ],
    )
    return "Fynske Bank, konto 0815 4471020 (Sydfyns Honninglaug)\n" + table(
        ["bogført", "type", "tekst", "beløb", "trans-id"], rows
    )


def da_refrac(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: f"R-0{r.randint(600, 999)}",
            lambda r: f"P-24{r.randint(10, 99)}-{r.randint(10, 99)}",
            lambda r: f"{r.randint(162, 184) / 10:.1f}".replace(".", ","),
            lambda r: f"{r.randint(18, 24)}°C",
            lambda r: pick(r, ["godkendt", "godkendt", "godkendt", "omrøres igen"]),
        ],
        avoid=("R-0872", "P-2407-19"),
    )
    plant(rows, 40, ["R-0872", "P-2407-19", "19,1", "21°C", "for vådt, må ikke tappes"])
    return "refraktometer_log.txt\n" + table(["prøve", "parti", "vand_%", "temp", "status"], rows)


def da_members(rng: random.Random) -> str:
    rows = bulk(
        rng,
        180,
        [
            lambda r: str(r.randint(1000, 1999)),
            da_name,
            lambda r: (
                f"{r.randint(20, 99)} {r.randint(10, 99)} {r.randint(10, 99)} {r.randint(10, 99)}"
            ),
            lambda r: pick(
                r,
                [
                    "Faaborg",
                    "Svendborg",
                    "Ringe",
                    "Kværndrup",
                    "Gudme",
                    "Vejstrup",
                    "Tåsinge",
                    "Korinth",
                ],
            ),
            lambda r: str(r.randint(2, 40)),
            lambda r: pick(r, ["betalt", "betalt", "betalt", "rykket"]),
        ],
        avoid=("21 47 83 09", "1437"),
    )
    plant(
        rows,
        61,
        ["1437", "Aksel Brøndum", "21 47 83 09", "Faaborg", "22", "betalt, nøgleholder slyngerum"],
    )
    return "medlemsliste_2024.csv\n" + csv_text(
        ["nr", "navn", "tlf", "by", "stader", "kontingent"], rows, ";"
    )


def da_fvst() -> str:
    return (
        "[scannet brev, OCR]\n"
        "Fødevarestyrelsen, Kontrolenhed Syd\n"
        "Sydfyns Honninglaug, v/ Mette Frost\n"
        "Vedr.: Registrering af primærproducent af honning\n"
        "Jeres registrering er opdateret. Registreringsnummer: DK-FVST-88214.\n"
        "Journalnummer: 2024-32-5811. Kontrollen omfatter slyngerum, tappeudstyr,\n"
        "sporbarhed (partinumre) og mærkning. Medbring logbog for vandindhold.\n"
        "Med venlig hilsen, Jonna Kirk, fødevareinspektør"
    )


def da_labels(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: f"ETK-{r.randint(200, 899)}",
            lambda r: pick(
                r, ["Sommerhonning stor", "Lynghonning", "Rapshonning", "Lindehonning", "Gavesæt"]
            ),
            lambda r: str(r.randint(200, 4000)),
            lambda r: grp(r.randint(300, 4000) + r.randint(0, 99) / 100, ".", ",", 2),
            lambda r: pick(r, ["leveret", "i tryk", "afventer korrektur"]),
        ],
        avoid=("ETK-914",),
    )
    plant(
        rows, 52, ["ETK-914", "Sommerhonning, partifelt", "5000", "3.475,00", "afventer korrektur"]
    )
    return "Tryk-Huset Odense, ordreoversigt kunde 20771\n" + table(
        ["ordre", "vare", "stk", "kr", "status"], rows
    )


def da_gear(rng: random.Random) -> str:
    rows = bulk(
        rng,
        110,
        [
            lambda r: f"SL-{r.randint(1000, 2999)}",
            lambda r: pick(
                r,
                [
                    "slynge 9-rammers",
                    "afdækningsbord",
                    "si dobbelt",
                    "tappespand 50 kg",
                    "refraktometer",
                    "varmeskab",
                    "omrører",
                ],
            ),
            lambda r: pick(r, ["foreningen", "foreningen", "medlem", "Imkershop ApS"]),
            lambda r: day(r, 2024, [1, 2, 3, 4, 5]),
            lambda r: pick(r, ["ok", "ok", "skal efterses", "ny pakning"]),
        ],
    )
    plant(
        rows,
        33,
        [
            "SL-3390",
            "slynge 20-rammers radial",
            "Imkershop ApS",
            "2024-08-23",
            "lejet, retur mandag",
        ],
    )
    return "udstyr.csv\n" + csv_text(
        ["serienr", "udstyr", "ejer", "sidst_rengjort", "note"], rows, ";"
    )


def da_queens(rng: random.Random) -> str:
    rows = bulk(
        rng,
        100,
        [
            lambda r: f"DR-24-0{r.randint(100, 299)}",
            lambda r: pick(r, ["buckfast", "carnica", "ligustica"]),
            lambda r: pick(r, ["parret juni", "parret juli", "uparret", "ø-parret"]),
            lambda r: pick(r, ["hvid", "gul", "rød", "grøn"]),
            lambda r: f"{r.randint(280, 690)} kr",
            lambda r: pick(r, ["ledig", "reserveret", "solgt"]),
        ],
        avoid=("DR-24-0318", "650 kr"),
    )
    plant(rows, 29, ["DR-24-0318", "buckfast", "parret juli", "blå", "450 kr", "ledig"])
    return "Fynske Dronninger - liste over dronninger\n" + table(
        ["id", "race", "status", "mærke", "pris", "ledig"], rows
    )


def da_check(rng: random.Random) -> str:
    parts = [
        f"{k}. {pick(rng, ['Rengøring af slyngerum', 'Skadedyrssikring', 'Vandforsyning', 'Sporbarhed', 'Mærkning', 'Temperatur ved opvarmning', 'Egenkontrol', 'Affald'])}: {pick(rng, ['dokumentation skal forevises', 'visuel kontrol', 'stikprøve', 'skriftlig procedure'])}"
        for k in range(1, 55)
    ]
    return (
        "Fødevarestyrelsen - tjekliste for primærproducenter af honning (skema HK-4B)\n"
        + "\n".join(parts)
    )


def bees(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_01)
    s = Session(
        "bees_da",
        "da",
        "a South Funen beekeepers' honey co-op: hive register, varroa, harvest and batch log, moisture readings, shop order, labels, food authority",
        cues=("undskyld", "forkert", "rettelse", "fejl", "jeg mente", "hov", "skrev forkert"),
    )
    s.turn(
        "hej, jeg er mette fra sydfyns honninglaug. vi har 312 bistader fordelt på 14 bigårde i år og jeg skal holde styr på høst og tapning. første regel: vi blander aldrig honning fra forskellige bigårde i samme spand",
        "Hej Mette. Noteret:\n- 312 bistader i 14 bigårde\n- **I blander aldrig honning fra forskellige bigårde i samme spand**: jeg holder partierne adskilt pr. bigård i alle lister.\n\nSkal vi starte med bistaderegistret eller høstloggen?",
        facts=[
            U("312 bistader", "312 stader"),
            RULE(
                "vi blander aldrig honning fra forskellige bigårde i samme spand",
                "blander aldrig honning fra forskellige bigårde",
                "aldrig blande honning fra forskellige bigårde",
            ),
        ],
    )
    s.turn(
        "slyngerummet er på bøjdenvej 7 i faaborg. nøglen har aksel, find lige hans nummer i medlemslisten",
        "Aksel Brøndum (medlem 1437, Faaborg, 22 stader) har tlf. **21 47 83 09** og står som nøgleholder til slyngerummet på Bøjdenvej 7.",
        calls=[("read_file", {"path": "forening/medlemsliste_2024.csv"}, da_members(rng))],
        facts=[U("bøjdenvej 7", "Bøjdenvej 7"), T("21 47 83 09", "21478309")],
    )
    s.turn(
        "træk bistaderegistret. hvilket stade i hesselager har flest mider",
        "I registret (214 stader) har **HSL-117** klart flest nedfaldne mider: 31 pr. døgn ved tilsyn 2. august, buckfast-dronning fra 2022, ansvarlig Poul Juhl. De øvrige Hesselager-stader ligger på 0-9.",
        calls=[("read_file", {"path": "forening/bistaderegister.csv"}, da_register(rng))],
        facts=[T("HSL-117")],
    )
    s.turn(
        "ok vi behandler med oxalsyre i år og ikke myresyre, myresyren tog to dronninger sidste år. slyngningen er lørdag den 24. august",
        "Noteret: **oxalsyre i år, ikke myresyre**. Slyngning lørdag den 24. august på Bøjdenvej 7. Jeg laver en plan for behandling efter slyngningen.",
        facts=[
            CHOICE(
                "vi behandler med oxalsyre i år og ikke myresyre",
                "oxalsyre i stedet for myresyre",
                "oxalsyre, ikke myresyre",
                "oxalsyre i år, ikke myresyre",
            ),
        ],
    )
    s.turn(
        "vis høstloggen for juni og juli. jeg leder efter lindehonningen fra hesselager, hvad er partinummeret",
        "Lindehonningen fra Hesselager er stade HSL-142, slynget 19. juli: 36,5 kg, vandindhold 17,4 %, parti **P-2407-19**.",
        calls=[
            (
                "db_query",
                {
                    "db": "hoest.sqlite",
                    "sql": "SELECT dato, stade, kg, vand, traek, parti FROM hoest WHERE dato BETWEEN '2024-06-01' AND '2024-07-31'",
                },
                da_harvest(rng),
            )
        ],
        facts=[T("P-2407-19")],
    )
    s.turn(
        "brugsen i svendborg har bestilt noget, kig i indbakken efter ordren",
        "Ordren fra Brugsen Svendborg kom 12. august: **BR-55190**, 1.800 glas sommerhonning, levering uge 36, betaling 30 dage netto.",
        calls=[("mail_search", {"folder": "INBOX", "query": "brugsen"}, da_inbox(rng))],
        facts=[T("BR-55190")],
    )
    s.turn(
        "godt. og så det her: ingen glas forlader slyngerummet uden partinummer på låget",
        "Forstået: **ingen glas forlader slyngerummet uden partinummer på låget**. Jeg sætter det som tjekpunkt på tappelisten.",
        facts=[
            RULE(
                "ingen glas forlader slyngerummet uden partinummer på låget",
                "ingen glas uden partinummer",
                "altid partinummer på låget",
            )
        ],
    )
    s.turn(
        "prisen til brugsen er 38 kr pr glas inkl moms. vi er 6 hjælpere på slyngedagen",
        "Noteret: 38 kr pr. glas inkl. moms til Brugsen, og 6 hjælpere på slyngedagen. 1.800 glas giver dermed 68.400 kr.",
    )
    s.turn(
        "honningcentralen har sendt et tilbud om at købe hele sommerhøsten i bulk. vi siger nej tak, vi sælger selv",
        "Noteret: **I siger nej til Honningcentralens bulktilbud** og sælger selv. Skal jeg skrive et kort afslag?",
        facts=[
            CHOICE(
                "vi siger nej tak, vi sælger selv",
                "nej til honningcentralens tilbud",
                "afslår bulktilbuddet",
            )
        ],
    )
    s.turn(
        "ja kort og høfligt. og fødevarestyrelsen har sendt et brev, det ligger scannet i mappen post",
        "Afslag er lagt i kladder. Brevet fra Fødevarestyrelsen: registreringsnummer DK-FVST-88214, **journalnummer 2024-32-5811**. Kontrollen omfatter slyngerum, tappeudstyr, sporbarhed og mærkning; de vil se logbogen for vandindhold.",
        calls=[
            (
                "mail_draft",
                {
                    "to": "indkoeb@honningcentralen.dk",
                    "subject": "Tilbud sommerhøst",
                    "body": "Tak for tilbuddet. Vi sælger selv i år. Venlig hilsen Mette",
                },
                "OK: draft saved",
            ),
            ("ocr_scan", {"path": "post/fvst_brev_aug.pdf"}, da_fvst()),
        ],
        facts=[T("2024-32-5811"), T("DK-FVST-88214")],
    )
    s.turn(
        "kontrolbesøget er 12. september. glassene vi bruger er 450 g",
        "Kontrolbesøg 12. september, noteret. Glasstørrelse 450 g; så skal etiketterne også sige det.",
        facts=[U("12. september", "12/9", "12.9.")],
    )
    s.turn(
        "vores dyrlæge er birthe kjær, hun skal have en kopi af behandlingsplanen",
        "Noteret: dyrlæge Birthe Kjær får kopi af behandlingsplanen for oxalsyre.",
        facts=[U("birthe kjær", "Birthe Kjær")],
    )
    s.turn(
        "tjek refraktometerloggen, er der noget der er for vådt",
        "Én prøve er for våd: **R-0872** på parti P-2407-19, 19,1 % vand ved 21 °C, markeret 'må ikke tappes'. Alle andre ligger under grænsen eller skal bare omrøres igen.",
        calls=[("read_file", {"path": "slyngerum/refraktometer_log.txt"}, da_refrac(rng))],
        facts=[T("R-0872")],
    )
    s.turn(
        "øv. og husk: send ikke noget til brugsen uden at jeg har set det først",
        "Forstået: **intet sendes til Brugsen uden at du har set det først**. Jeg lægger alt som kladde.",
        facts=[
            RULE(
                "send ikke noget til brugsen uden at jeg har set det først",
                "send ikke noget til brugsen uden at du har set det først",
                "intet til brugsen uden mit ok",
                "ikke sende til brugsen før jeg har set det",
            )
        ],
    )
    s.turn(
        "vi har lov til max 18,5 procent vand for at kalde det honning til salg. hvad gør vi med det våde parti",
        "Grænsen er 18,5 %. P-2407-19 ligger på 19,1 %, så det kan ikke sælges som det er. Muligheder: affugte i rummet et par dage og måle igen, eller bruge det til foder/bagehonning. Det må ikke blandes med andre bigårdes honning.",
        facts=[U("18,5 procent", "18,5 %", "18,5%")],
    )
    s.turn(
        "vi affugter og måler igen. hvad står der på bankkontoen, er a conto fra honningcentralen fra sidste år kommet",
        "Ja: 14. august kom 12.600,00 kr fra Honningcentralen (a conto), trans-id **4417-0093-2281**. Det er efterbetaling for sidste år, ikke et nyt køb.",
        calls=[
            (
                "bank_statement",
                {"account": "0815 4471020", "from": "2024-06-01", "to": "2024-08-31"},
                da_bank(rng),
            )
        ],
        facts=[T("4417-0093-2281"), CHOICE("vi affugter og måler igen", "affugte og måle igen")],
    )
    s.turn(
        "fint. vi har lejet en ekstra slynge hos imkershoppen til 650 kr for weekenden",
        "Noteret: ekstra slynge lejet hos Imkershoppen, 650 kr for weekenden.",
        facts=[U("650 kr")],
    )
    s.turn(
        "etiketterne bestiller vi hos tryk-huset i odense, 5.000 etiketter. se om ordren er lagt ind",
        "Ordren ligger hos Tryk-Huset: **ETK-914**, sommerhonning med partifelt, 5.000 stk, 3.475,00 kr, status 'afventer korrektur'.",
        calls=[
            (
                "web_portal",
                {"site": "tryk-huset.dk", "page": "ordrer", "kunde": "20771"},
                da_labels(rng),
            )
        ],
        facts=[U("5.000 etiketter", "5000 etiketter"), T("ETK-914")],
    )
    s.turn(
        "korrekturen skal vente til vi har styr på glasstørrelsen",
        "OK, korrekturen på ETK-914 venter.",
    )
    s.turn(
        "der er kommet en ny bigård med i foreningen ved vejstrup, så vi er 15 bigårde nu",
        "Opdateret: 15 bigårde (ny ved Vejstrup). Antal stader står stadig på 312 indtil registret er opdateret.",
        fix=[("14 bigårde", "15 bigårde")],
    )
    s.turn(
        "lav en tappeplan for slyngedagen, hver bigård for sig. tjek også udstyrslisten, hvilken slynge er den lejede",
        "Den lejede slynge er serienr. **SL-3390** (20-rammers radial, note 'lejet, retur mandag'). Tappeplan (udkast):\n1. Hver bigård slynges og sies for sig, egen spand og egen partiseddel.\n2. Vandprøve pr. parti før tapning.\n3. Partinummer skrives på låget ved tapning.\n4. Rengøring af slynge mellem bigårde.\n5. P-2407-19 tappes ikke før ny måling.",
        calls=[("read_file", {"path": "slyngerum/udstyr.csv"}, da_gear(rng))],
        facts=[T("SL-3390")],
    )
    s.turn(
        "brugsen vil have 41 kr pr glas, det er aftalt i telefonen i dag",
        "Opdateret: 41 kr pr. glas inkl. moms. 1.800 glas giver 73.800 kr.",
        fix=[("38 kr", "41 kr")],
    )
    s.turn(
        "skriv en ordrebekræftelse til brugsen men send den ikke",
        "Kladde klar (ikke sendt): 'Ordre BR-55190 bekræftet: 1.800 glas sommerhonning á 41 kr inkl. moms, levering uge 36.' Sig til når du har set den.",
        calls=[
            (
                "mail_draft",
                {
                    "to": "indkoeb@brugsen-svendborg.dk",
                    "subject": "Ordrebekræftelse",
                    "body": "1.800 glas sommerhonning a 41 kr inkl moms, levering uge 36",
                },
                "OK: draft saved",
            )
        ],
    )
    s.turn(
        "slyngningen bliver søndag den 25. august, aksel kan ikke om lørdagen",
        "Flyttet: slyngning søndag den 25. august. Jeg retter tappeplanen.",
        fix=[("lørdag den 24. august", "søndag den 25. august")],
    )
    s.turn(
        "behandlingen med oxalsyre gives kun når stadet er yngelfrit, ellers er det spild",
        "Forstået: **oxalsyre kun når stadet er yngelfrit**. Jeg tilføjer et yngeltjek i behandlingsplanen.",
        facts=[
            RULE(
                "gives kun når stadet er yngelfrit",
                "kun når stadet er yngelfrit",
                "kun yngelfrie stader",
            )
        ],
    )
    s.turn(
        "den nye bigård i vejstrup ejer knud ravn, han har 11 stader der",
        "Noteret: bigården ved Vejstrup tilhører Knud Ravn, 11 stader. Jeg tilføjer dem i registret som VJS.",
        facts=[U("knud ravn", "Knud Ravn")],
    )
    s.turn(
        "nej. vi bliver 8 hjælpere, to fra vejstrup kommer også",
        "Opdateret: 8 hjælpere på slyngedagen.",
        fix=[("6 hjælpere", "8 hjælpere")],
    )
    s.turn(
        "hsl-117, ny dronning eller ud med hele familien",
        "Med 31 mider pr. døgn og en stærk familie vil jeg foreslå først at behandle og derefter sætte en ny dronning ind. Hvad vælger du?",
    )
    s.turn(
        "vi skifter dronningen, ikke hele familien",
        "Noteret: **HSL-117 får ny dronning, familien beholdes**. Hos avleren er der en parret buckfast-dronning ledig: **DR-24-0318** (parret juli, mærket blå). Poul Juhl er ansvarlig; jeg sender ham en besked.",
        calls=[("web_portal", {"site": "fynske-dronninger.dk", "page": "ledige"}, da_queens(rng))],
        facts=[
            T("DR-24-0318"),
            CHOICE(
                "vi skifter dronningen, ikke hele familien",
                "skifter dronningen",
                "ny dronning i HSL-117",
            ),
        ],
    )
    s.turn(
        "undskyld, jeg skrev forkert med glassene, de er 500 g ikke det andet",
        "Rettet: glassene er 500 g.",
        fix=[("450 g", "500 g")],
    )
    s.turn(
        "så kan korrekturen godkendes",
        "Godkendt i portalen: ETK-914 går i tryk.",
        calls=[
            (
                "web_portal",
                {"site": "tryk-huset.dk", "action": "approve", "ordre": "ETK-914"},
                "OK: status i tryk",
            )
        ],
    )
    s.turn(
        "hvor meget honning har vi høstet ialt i juni juli",
        "Summen i høstloggen for juni-juli er omkring 4,4 ton fordelt på ca. 177 registreringer. Jeg kan lave en fordeling pr. bigård hvis det skal bruges.",
    )
    s.turn(
        "det er fint. hvad skal vi have med til kontrollen",
        "Fødevarestyrelsens tjekliste hedder **skema HK-4B**. Til kontrollen: logbog for vandindhold (refraktometerloggen), partiliste fra høstloggen, registreringsbrevet, og dokumentation for mærkning (etiket med partifelt).",
        calls=[
            (
                "web_fetch",
                {"url": "https://fvst.dk/primaerproducenter/honning/tjekliste"},
                da_check(rng),
            )
        ],
        facts=[T("HK-4B")],
    )
    s.turn(
        "ok tak",
        "Selv tak.",
    )
    s.turn(
        "kan du sende behandlingsplanen til birthe",
        "Sendt til Birthe Kjær: oxalsyre efter slyngning, kun i yngelfrie stader, HSL-117 først.",
        calls=[
            (
                "mail_send",
                {
                    "to": "birthe.kjaer@dyrlaege-fyn.dk",
                    "subject": "Behandlingsplan varroa 2024",
                    "body": "oxalsyre efter slyngning, kun yngelfrie stader, HSL-117 først",
                },
                "OK: sent",
            )
        ],
        recall=["birthe kjær"],
    )
    s.turn(
        "ny måling på det våde parti?",
        "Jeg har ingen ny måling endnu; seneste er R-0872 med 19,1 %. Skal jeg minde dig i morgen?",
        recall=["R-0872"],
    )
    s.turn(
        "ja gør det",
        "Påmindelse sat til i morgen kl. 9.",
        calls=[
            ("reminder_add", {"when": "tomorrow 09:00", "text": "ny vandmåling vådt parti"}, "OK")
        ],
    )
    s.turn(
        "hvad var reglerne vi har sat",
        "Reglerne:\n1. I blander aldrig honning fra forskellige bigårde i samme spand.\n2. Ingen glas forlader slyngerummet uden partinummer på låget.\n3. Send ikke noget til Brugsen uden at du har set det først.\n4. Oxalsyre gives kun når stadet er yngelfrit.",
        recall=[
            "vi blander aldrig honning fra forskellige bigårde i samme spand",
            "ingen glas forlader slyngerummet uden partinummer på låget",
            "send ikke noget til brugsen uden at jeg har set det først",
            "gives kun når stadet er yngelfrit",
        ],
    )
    s.turn(
        "hvor mange stader har vi ialt og hvor mange bigårde",
        "312 bistader i 15 bigårde.",
        recall=["312 bistader", "15 bigårde"],
    )
    s.turn(
        "akels nummer igen",
        "Aksel Brøndum: 21 47 83 09.",
        recall=["21 47 83 09"],
    )
    s.turn(
        "adressen på slyngerummet, en ny hjælper spørger",
        "Bøjdenvej 7 i Faaborg.",
        recall=["bøjdenvej 7"],
    )
    s.turn(
        "hvilket stade var det med miderne",
        "HSL-117 i Hesselager (31 mider pr. døgn); det får ny dronning.",
        recall=["HSL-117"],
    )
    s.turn(
        "brugsens ordrenummer og pris",
        "BR-55190, 1.800 glas á 41 kr inkl. moms.",
        recall=["BR-55190", "41 kr"],
    )
    s.turn(
        "journalnummeret fra fødevarestyrelsen og hvornår kommer de",
        "Journalnummer 2024-32-5811; kontrolbesøget er 12. september.",
        recall=["2024-32-5811", "12. september"],
    )
    s.turn(
        "partinummeret på lindehonningen",
        "P-2407-19 (HSL-142, 19. juli).",
        recall=["P-2407-19"],
    )
    s.turn(
        "hvad valgte vi til varroa og hvad sagde vi til honningcentralen",
        "Oxalsyre i år, ikke myresyre. Og I sagde nej til Honningcentralens tilbud om bulkkøb.",
        recall=[
            "vi behandler med oxalsyre i år og ikke myresyre",
            "vi siger nej tak, vi sælger selv",
        ],
    )
    s.turn(
        "hvornår slynger vi og hvor mange er vi",
        "Søndag den 25. august, 8 hjælpere.",
        recall=["søndag den 25. august", "8 hjælpere"],
    )
    return s.write(out)


# == filmshoot_ro: a Bucharest feature film's call sheets and production office ====================

RO_PRE = [
    "Andrei",
    "Bianca",
    "Cristian",
    "Diana",
    "Elena",
    "Florin",
    "Gabriela",
    "Horia",
    "Irina",
    "Laurențiu",
    "Mihai",
    "Nicoleta",
    "Ovidiu",
    "Raluca",
    "Ștefan",
    "Teodora",
    "Valentin",
    "Alina",
    "Bogdan",
    "Corina",
]
RO_NUM = [
    "Popescu",
    "Ionescu",
    "Stan",
    "Dumitru",
    "Georgescu",
    "Marin",
    "Tudor",
    "Radu",
    "Stoica",
    "Munteanu",
    "Constantin",
    "Lungu",
    "Barbu",
    "Neagu",
    "Ene",
    "Vasile",
    "Cazacu",
]
RO_DEP = [
    "regie",
    "imagine",
    "sunet",
    "lumini",
    "grip",
    "decor",
    "costume",
    "machiaj",
    "producție",
    "locații",
    "catering",
    "transport",
    "DIT",
    "continuitate",
]


def ro_name(rng: random.Random) -> str:
    return f"{pick(rng, RO_PRE)} {pick(rng, RO_NUM)}"


def ro_phone(rng: random.Random) -> str:
    return f"07{rng.randint(20, 79)} {rng.randint(100, 999)} {rng.randint(100, 999)}"


def ro_crew(rng: random.Random) -> str:
    rows = bulk(
        rng,
        220,
        [
            ro_name,
            lambda r: pick(r, RO_DEP),
            lambda r: pick(
                r, ["șef", "asistent", "asistent 2", "stagiar", "operator", "tehnician"]
            ),
            ro_phone,
            lambda r: pick(r, ["PFA", "SRL", "CIM", "drepturi de autor"]),
            lambda r: f"{r.randint(350, 1800)} lei/zi",
        ],
        avoid=("0741 902 388", "0722 481 936"),
    )
    plant(
        rows,
        87,
        ["Tiberiu Sârbu", "sunet", "inginer de sunet", "0741 902 388", "PFA", "1450 lei/zi"],
    )
    return "lista_echipa_CasaCuTei_v7.csv\n" + csv_text(
        ["nume", "departament", "funcție", "telefon", "contract", "onorariu"], rows, ";"
    )


def ro_quote(rng: random.Random) -> str:
    rows = bulk(
        rng,
        170,
        [
            lambda r: (
                f"{pick(r, ['CAM', 'LEN', 'LGT', 'GRP', 'SND', 'MON'])}-{r.randint(100, 999)}"
            ),
            lambda r: pick(
                r,
                [
                    "ARRI Alexa Mini LF body",
                    "RED Komodo 6K",
                    "Cooke S4/i 32mm",
                    "Zeiss Supreme 50mm",
                    "SkyPanel S60-C",
                    "Aputure 600d",
                    "dolly Fisher 10",
                    "Ronin 2",
                    "SmallHD Cine 7",
                    "Teradek Bolt 6",
                    "Sennheiser MKH 416",
                    "Zoom F8n",
                    "Astera Titan Tube",
                    "jib 6m",
                    "kit filtre ND",
                ],
            ),
            lambda r: str(r.randint(1, 6)),
            lambda r: grp(r.randint(20, 900), ".", ",", 0) + " €",
            lambda r: pick(r, ["disponibil", "disponibil", "la cerere", "în service"]),
        ],
    )
    head = "OFERTĂ OF-5827 / Cine Rental Pipera SRL / producție «Casa cu tei» / valabilă 14 zile\n"
    return head + table(["cod", "echipament", "buc", "preț/zi", "status"], rows)


def ro_permits(rng: random.Random) -> str:
    rows = bulk(
        rng,
        140,
        [
            lambda r: f"AF-2024-0{r.randint(100, 899)}",
            lambda r: (
                f"str. {pick(r, ['Popa Nan', 'Vasile Lascăr', 'Icoanei', 'Polonă', 'Armenească', 'Dacia', 'Batiștei', 'Pitar Moș', 'Grădina cu Cai', 'Silvestru'])} {r.randint(1, 80)}"
            ),
            lambda r: pick(r, ["film", "reclamă", "videoclip", "eveniment"]),
            lambda r: day(r, 2024, [5, 6, 7]),
            lambda r: pick(r, ["aprobat", "aprobat", "în analiză", "respins", "completare acte"]),
        ],
        avoid=("AF-2024-0937", "Mântuleasa"),
    )
    plant(
        rows,
        44,
        [
            "AF-2024-0937",
            "str. Mântuleasa 19",
            "film",
            "2024-06-11",
            "aprobat, ocupare trotuar 07-22",
        ],
    )
    return "Primăria Sector 2 - registru autorizații filmare (extras)\n" + table(
        ["nr", "adresă", "tip", "data", "stare"], rows
    )


def ro_callsheet(rng: random.Random) -> str:
    lines = [
        "CALL SHEET - «Casa cu tei» - ZIUA 1 / 18",
        "Regie: Ana Vlăsceanu   Producător: Ioana Mirea",
        "Locație: str. Mântuleasa 19, Sector 2   Parcare tehnică: str. Icoanei",
        "Spital de urgență cel mai apropiat: Spitalul Colentina, Șos. Ștefan cel Mare 19-21",
        "",
        "SCENE:",
    ]
    for _ in range(1, 19):
        lines.append(
            f"  sc. {rng.randint(1, 60)}  {pick(rng, ['INT', 'EXT'])}. {pick(rng, ['bucătărie', 'curte', 'dormitor', 'scară', 'stradă', 'pod', 'sufragerie'])} - {pick(rng, ['ZI', 'NOAPTE', 'AMURG'])}  {rng.randint(1, 4)}/8 pag."
        )
    lines.append("")
    lines.append("ECHIPĂ (ore chemare):")
    for _ in range(70):
        lines.append(
            f"  {pick(rng, RO_DEP):<14} {ro_name(rng):<24} {rng.randint(5, 9):02d}:{pick(rng, ['00', '15', '30', '45'])}"
        )
    return "\n".join(lines)


def ro_weather(rng: random.Random) -> str:
    rows = []
    for d in range(10, 13):
        for h in range(0, 24):
            rows.append(
                [
                    f"2024-06-{d:02d} {h:02d}:00",
                    f"{rng.randint(14, 31)}°C",
                    f"{rng.randint(2, 30)} km/h",
                    f"{rng.randint(0, 80)}%",
                    pick(rng, ["senin", "noros", "parțial noros", "averse"]),
                ]
            )
    plant(rows, 40, ["2024-06-11 16:00", "27°C", "48 km/h", "70%", "rafale, furtună"])
    return "meteo București-Băneasa, prognoză orară\n" + table(
        ["ora", "temp", "vânt", "precip", "cer"], rows
    )


def ro_bank(rng: random.Random) -> str:
    rows = bulk(
        rng,
        130,
        [
            lambda r: day(r, 2024, [5, 6]),
            lambda r: f"OP {day(r, 2024, [5, 6], '')}-0{r.randint(100, 999)}",
            lambda r: pick(
                r,
                [
                    "Cine Rental Pipera",
                    "Petrom",
                    "Dedeman",
                    "Lidl",
                    "Uber",
                    "Vodafone",
                    "Cazare Ibis",
                    "Taxe Primăria S2",
                    "Costume Magic SRL",
                ],
            ),
            lambda r: grp(r.randint(50, 30000) + r.randint(0, 99) / 100, ".", ",", 2),
        ],
        avoid=("0073",),
    )
    plant(
        rows,
        71,
        [
            "2024-06-07",
            "OP 20240607-0073",
            "Cine Rental Pipera SRL - avans 50% OF-5827",
            "13.600,00",
        ],
    )
    return "Banca Transilvania - extras cont RO12BTRL0000160098443 (Mirea Film SRL)\n" + table(
        ["data", "referință", "beneficiar", "sumă RON"], rows
    )


def ro_aacr() -> str:
    return (
        "[scan, OCR]\n"
        "AUTORITATEA AERONAUTICĂ CIVILĂ ROMÂNĂ\n"
        "Către: Mirea Film SRL\n"
        "Ref.: cerere zbor UAS, categoria specific, zona CTR București\n"
        "Se aprobă operarea aeronavei fără pilot DJI Inspire 3, seria 1581F6Z, operator Cezar Anghel.\n"
        "Nr. aprobare: AACR/DZ/1158. Înălțime maximă 60 m AGL. Interval: 12-14 iunie 2024.\n"
        "Coordonare obligatorie cu ROMATSA înainte de fiecare decolare."
    )


def ro_cast(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: f"R{r.randint(10, 99)}",
            ro_name,
            lambda r: pick(r, ["figurant", "rol mic", "rol secundar", "cascador", "dublură"]),
            lambda r: f"{r.randint(18, 78)}",
            lambda r: pick(
                r, ["Agenția Pro Cast", "independent", "Castingroom", "Agenția Ficțiune"]
            ),
        ],
    )
    plant(
        rows,
        5,
        [
            "R02",
            "Maia Dobre",
            "rol principal (Ilinca)",
            "9",
            "tutore: Laura Dobre, însoțitor pe platou obligatoriu",
        ],
    )
    return "distributie_v4.csv\n" + csv_text(
        ["cod", "nume", "rol", "vârstă", "agenție / note"], rows, ";"
    )


def ro_vans(rng: random.Random) -> str:
    rows = bulk(
        rng,
        110,
        [
            lambda r: (
                f"B {r.randint(100, 999)} {''.join(pick(r, 'ABCDEGHKLMNPRSTVXZ') for _ in range(3))}"
            ),
            lambda r: pick(
                r,
                [
                    "Ford Transit",
                    "Iveco Daily",
                    "Renault Master",
                    "MAN TGL 7,5 t",
                    "VW Crafter",
                    "Dacia Logan",
                ],
            ),
            lambda r: pick(r, ["grip", "lumini", "costume", "machiaj", "catering", "persoane"]),
            ro_name,
            lambda r: f"{r.randint(5, 8):02d}:{pick(r, ['00', '30'])}",
        ],
        avoid=("B 217 KFT",),
    )
    plant(rows, 38, ["B 217 KFT", "MAN TGL 7,5 t", "grip + lumini", "Marian Oprea", "05:30"])
    return "transport_ziua1.txt\n" + table(
        ["nr. înmatriculare", "vehicul", "încărcătură", "șofer", "plecare"], rows
    )


def ro_timesheet(rng: random.Random) -> str:
    rows = bulk(
        rng,
        170,
        [
            lambda r: f"2024-06-{r.randint(10, 14):02d}",
            ro_name,
            lambda r: pick(r, RO_DEP),
            lambda r: f"{r.randint(6, 8):02d}:{pick(r, ['00', '15', '30'])}",
            lambda r: f"{r.randint(18, 21):02d}:{pick(r, ['00', '15', '30', '45'])}",
            lambda r: f"{r.randint(10, 13)},{pick(r, ['0', '5'])} ore",
        ],
    )
    plant(rows, 121, ["2024-06-12", "Cătălin Voinea", "lumini", "06:00", "22:30", "16,5 ore"])
    return "pontaj_s24.csv\n" + csv_text(
        ["zi", "nume", "dep", "intrare", "ieșire", "total"], rows, ";"
    )


def ro_dit(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: f"A0{r.randint(10, 99)}_C0{r.randint(10, 99)}",
            lambda r: f"{r.randint(40, 480)} GB",
            lambda r: hexs(r, 12),
            lambda r: pick(r, ["SSD-RAID-1", "SSD-RAID-2", "shuttle-3"]),
            lambda r: pick(r, ["OK", "OK", "OK", "verificat x2"]),
        ],
        avoid=("LTO-0419",),
    )
    plant(
        rows, 77, ["A031_C007", "312 GB", "9f3c01aa72de", "LTO-0419", "checksum diferit, recopiat"]
    )
    return "DIT offload log ziua 1-3\n" + table(
        ["card", "dimensiune", "md5 (scurt)", "destinație", "status"], rows
    )


def ro_police() -> str:
    return (
        "De la: dispecerat@politialocala2.ro\n"
        "Către: productie@mireafilm.ro\n"
        "Subiect: acord restricționare circulație str. Mântuleasa\n\n"
        "Vă comunicăm acordul nostru nr. 12.884/PL pentru restricționarea temporară a circulației pe\n"
        "str. Mântuleasa, tronson Popa Nan - Vasile Lascăr, în zilele de filmare. Un echipaj va fi prezent.\n"
        "Agent coordonator: ag. pr. Dorin Vlad."
    )


def filmshoot(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_02)
    s = Session(
        "filmshoot_ro",
        "ro",
        "a Bucharest feature film's production office: call sheets, crew and cast lists, rentals, filming permits, drone approval, timesheets, data backups",
        cues=(
            "scuze",
            "greșit",
            "gresit",
            "pardon",
            "corectez",
            "de fapt",
            "îmi pare rău",
            "imi pare rau",
            "greseala",
            "greșeală",
            "am incurcat",
        ),
    )
    s.turn(
        "salut, sunt ioana, producatoare la Casa cu tei. avem 18 zile de filmare incepand de luni 10 iunie. o regula de la inceput: nu filmam niciodata cu copiii dupa miezul noptii, indiferent ce zice regia",
        "Salut, Ioana. Am notat:\n- filmul «Casa cu tei», 18 zile de filmare, start luni 10 iunie\n- **nu filmați niciodată cu copiii după miezul nopții**, indiferent ce cere regia. O trec pe fiecare call sheet la scenele cu copii.",
        facts=[
            U("Casa cu tei"),
            U("18 zile de filmare"),
            RULE(
                "nu filmam niciodata cu copiii dupa miezul noptii",
                "nu filmăm niciodată cu copiii după miezul nopții",
                "nu filmați niciodată cu copiii după miezul nopții",
                "niciodată cu copiii după miezul nopții",
            ),
        ],
    )
    s.turn(
        "prima zi call la 6:30 pentru toata lumea, machiajul cu o ora mai devreme",
        "Notat: ziua 1, call general la 6:30, machiajul cu o oră mai devreme.",
    )
    s.turn(
        "trage lista echipei. care e numarul inginerului de sunet? si pune numarul meu pe call sheet, 0722 481 936",
        "Inginerul de sunet e Tiberiu Sârbu (PFA), telefon **0741 902 388**. Numărul tău, 0722 481 936, apare sus pe call sheet la «producător».",
        calls=[("read_file", {"path": "productie/lista_echipa_CasaCuTei_v7.csv"}, ro_crew(rng))],
        facts=[T("0741 902 388", "0741902388"), U("0722 481 936", "0722481936")],
    )
    s.turn(
        "in scena de la piata avem nevoie de 32 de figuranti",
        "Notat: 32 de figuranți pentru scena din piață. Le cer agenției confirmarea.",
    )
    s.turn(
        "a venit oferta de la cine rental? ma intereseaza camera. luam alexa mini, nu red-ul, DOP-ul vrea ARRI",
        "Da, oferta **OF-5827** de la Cine Rental Pipera, valabilă 14 zile. Am notat decizia: **Alexa Mini, nu RED**. În ofertă apar corpuri ARRI Alexa Mini LF disponibile.",
        calls=[
            (
                "mail_attachment",
                {"from": "oferte@cinerental.ro", "file": "oferta_casa_cu_tei.pdf"},
                ro_quote(rng),
            )
        ],
        facts=[
            T("OF-5827"),
            CHOICE(
                "luam alexa mini, nu red-ul", "luăm Alexa Mini, nu RED-ul", "Alexa Mini, nu RED"
            ),
        ],
    )
    s.turn(
        "locatia principala e casa de pe mantuleasa 19. avem autorizatia de la primarie?",
        "Da: în registrul Primăriei Sector 2 autorizația **AF-2024-0937** pentru str. Mântuleasa 19 e aprobată (ocupare trotuar 07-22), depusă 11 iunie.",
        calls=[
            (
                "web_portal",
                {"site": "ps2.ro", "page": "registru-autorizatii-filmare"},
                ro_permits(rng),
            )
        ],
        facts=[U("mantuleasa 19", "Mântuleasa 19"), T("AF-2024-0937")],
    )
    s.turn(
        "echipa e de 54 de oameni cu tot cu stagiarii, asa sa comanzi la catering",
        "Notat: echipa are 54 de oameni cu stagiari; comand catering pentru atâția.",
    )
    s.turn(
        "si inca ceva: nu trimitem call sheet-ul pana nu il aproba regizoarea",
        "Clar: **call sheet-ul nu pleacă la echipă până nu îl aprobă regizoarea**. Îl pregătesc și i-l trimit întâi Anei.",
        facts=[
            RULE(
                "nu trimitem call sheet-ul pana nu il aproba regizoarea",
                "nu trimitem call sheet-ul până nu îl aprobă regizoarea",
                "call sheet-ul nu pleacă până nu îl aprobă regizoarea",
            )
        ],
    )
    s.turn(
        "fa call sheet-ul pt ziua 1. directorul de imagine e radu patrascu, pune-l la imagine",
        "Call sheet ziua 1 generat (ciornă, netrimis). Radu Pătrașcu e trecut la imagine ca DOP. Spitalul de urgență trecut pe foaie: **Spitalul Colentina**, Șos. Ștefan cel Mare 19-21.",
        calls=[
            (
                "callsheet_build",
                {"day": 1, "date": "2024-06-10", "location": "str. Mântuleasa 19", "draft": True},
                ro_callsheet(rng),
            )
        ],
        facts=[U("radu patrascu", "Radu Pătrașcu"), T("Spitalul Colentina")],
    )
    s.turn(
        "pe vlad il joaca sorin manea, contractul e in lucru",
        "Notat: rolul Vlad, Sorin Manea, contract în lucru.",
    )
    s.turn(
        "banca aia vrea product placement in scena din bucatarie. refuzam product placement-ul de la banca, nu se potriveste cu filmul",
        "Notat: **refuzați product placement-ul băncii**. Le scriu un răspuns politicos?",
        facts=[
            CHOICE(
                "refuzam product placement-ul de la banca",
                "refuzăm product placement-ul de la bancă",
                "refuzați product placement-ul băncii",
                "fără product placement",
            )
        ],
    )
    s.turn(
        "da. catering-ul il platim 42 de lei pe portie. si cum e vremea marti dupa-amiaza, avem exterior",
        "Am notat 42 de lei pe porție. Marți 11 iunie la 16:00 prognoza dă rafale de **48 km/h** cu furtună; exteriorul de după-amiază e riscant.",
        calls=[
            (
                "weather",
                {
                    "station": "Bucuresti-Baneasa",
                    "from": "2024-06-10",
                    "to": "2024-06-12",
                    "hourly": True,
                },
                ro_weather(rng),
            )
        ],
        facts=[U("42 de lei"), T("48 km/h")],
    )
    s.turn(
        "camera costa 3.400 de euro pe saptamana cu tot cu obiective",
        "Notat: pachetul de cameră 3.400 de euro pe săptămână, cu obiective.",
    )
    s.turn(
        "am platit avansul la cine rental? cauta in extras",
        "Da: pe 7 iunie, 13.600,00 lei către Cine Rental Pipera SRL, avans 50% OF-5827, referință **OP 20240607-0073**.",
        calls=[
            (
                "bank_statement",
                {"account": "RO12BTRL0000160098443", "from": "2024-05-01", "to": "2024-06-09"},
                ro_bank(rng),
            )
        ],
        facts=[T("OP 20240607-0073")],
    )
    s.turn(
        "drona nu zboara fara autorizatie scrisa in mana, nu ma intereseaza ca zice pilotul ca e ok",
        "Clar: **drona nu zboară fără autorizație scrisă**, indiferent ce spune pilotul.",
        facts=[
            RULE(
                "drona nu zboara fara autorizatie scrisa",
                "drona nu zboară fără autorizație scrisă",
                "fără autorizație scrisă nu zboară drona",
            )
        ],
    )
    s.turn(
        "a venit ceva de la aeronautica civila, e scanat in dosarul drona",
        "Aprobarea AACR: nr. **AACR/DZ/1158**, DJI Inspire 3, operator Cezar Anghel, maxim 60 m, interval 12-14 iunie, cu coordonare ROMATSA înainte de fiecare decolare.",
        calls=[("ocr_scan", {"path": "drona/aacr_raspuns.pdf"}, ro_aacr())],
        facts=[T("AACR/DZ/1158")],
    )
    s.turn(
        "asigurarea de productie e la omniasig, vezi sa apara pe call sheet",
        "Notat: asigurarea de producție e la Omniasig; o trec în subsolul call sheet-ului.",
        facts=[U("omniasig", "Omniasig")],
    )
    s.turn(
        "scena 23 o facem in studio, nu afara, cu vantul ala nu risc",
        "Notat: **scena 23 se filmează în studio, nu în exterior**. Mut scena în planul pentru hala de la Buftea.",
        facts=[
            CHOICE(
                "scena 23 o facem in studio, nu afara",
                "scena 23 în studio",
                "scena 23 se filmează în studio, nu în exterior",
            )
        ],
    )
    s.turn(
        "cine joaca fetita? am nevoie de numele ei pt autorizatia de munca a minorului",
        "Fetița (rolul Ilinca) e **Maia Dobre**, 9 ani; tutore Laura Dobre, însoțitor pe platou obligatoriu.",
        calls=[("read_file", {"path": "casting/distributie_v4.csv"}, ro_cast(rng))],
        facts=[T("Maia Dobre")],
    )
    s.turn(
        "call-ul in prima zi e la 7:15, regizoarea a mutat tot",
        "Actualizat: ziua 1, call la 7:15; machiajul rămâne cu o oră înainte.",
        fix=[("6:30", "7:15")],
    )
    s.turn(
        "ce masina duce grip-ul si luminile",
        "Camionul MAN TGL de 7,5 t, număr **B 217 KFT**, șofer Marian Oprea, plecare 05:30.",
        calls=[("read_file", {"path": "transport/transport_ziua1.txt"}, ro_vans(rng))],
        facts=[T("B 217 KFT")],
    )
    s.turn(
        "la piata vin 40 de figuranti, agentia a confirmat",
        "Actualizat: 40 de figuranți pentru scena din piață.",
        fix=[("32 de figuranti", "40 de figuranti")],
    )
    s.turn(
        "camionul de 7,5 tone nu are voie pe mantuleasa dupa ora 7, sa stie soferul",
        "Notat: camionul de 7,5 tone nu intră pe Mântuleasa după ora 7; îi scriu lui Marian Oprea.",
        facts=[U("camionul de 7,5 tone", "camion de 7,5 tone")],
    )
    s.turn(
        "uita-te in pontaj, cine a facut cele mai multe ore saptamana asta",
        "Cele mai multe ore: Cătălin Voinea (lumini), miercuri 12 iunie, 06:00-22:30, **16,5 ore**. Restul echipei e între 10 și 13,5 ore.",
        calls=[("read_file", {"path": "productie/pontaj_s24.csv"}, ro_timesheet(rng))],
        facts=[T("16,5 ore")],
    )
    s.turn(
        "echipa are 58 de oameni acum, au venit inca patru la decor",
        "Actualizat: echipa are 58 de oameni; ajustez comanda de catering.",
        fix=[("54 de oameni", "58 de oameni")],
    )
    s.turn(
        "nu blocam strada fara politia locala de fata, nici cinci minute",
        "Clar: **nu blocați strada fără poliția locală de față**.",
        facts=[
            RULE(
                "nu blocam strada fara politia locala de fata",
                "nu blocăm strada fără poliția locală de față",
                "nu blocați strada fără poliția locală de față",
            )
        ],
    )
    s.turn(
        "dit-ul a zis ca a fost o problema cu un card, vezi logul",
        "Cardul A031_C007 (312 GB) a avut checksum diferit și a fost recopiat pe **LTO-0419**. Restul cardurilor sunt OK.",
        calls=[("read_file", {"path": "dit/offload_log.txt"}, ro_dit(rng))],
        facts=[T("LTO-0419")],
    )
    s.turn(
        "pe vlad il joaca sorin mateescu, manea s-a retras",
        "Actualizat: rolul Vlad, Sorin Mateescu.",
        fix=[("sorin manea", "sorin mateescu")],
    )
    s.turn(
        "a raspuns politia locala?",
        "Da, acordul **nr. 12.884/PL** pentru restricționarea circulației pe Mântuleasa, tronson Popa Nan - Vasile Lascăr; agent coordonator Dorin Vlad.",
        calls=[
            ("mail_search", {"folder": "INBOX", "query": "politia locala mantuleasa"}, ro_police())
        ],
        facts=[T("12.884/PL")],
    )
    s.turn(
        "la catering luam bistro carol, nu firma de anul trecut",
        "Notat: **catering de la Bistro Carol, nu de la firma de anul trecut**.",
        facts=[
            CHOICE(
                "luam bistro carol, nu firma de anul trecut",
                "luăm Bistro Carol",
                "catering de la Bistro Carol",
            )
        ],
    )
    s.turn(
        "scuze, am gresit la camera: e 3.900 de euro pe saptamana, nu cum ti-am zis",
        "Corectat: pachetul de cameră 3.900 de euro pe săptămână.",
        fix=[("3.400 de euro", "3.900 de euro")],
    )
    s.turn(
        "trimite-i anei call sheet-ul de ziua 1 pt aprobare",
        "Trimis Anei Vlăsceanu pentru aprobare (nu la echipă).",
        calls=[
            (
                "mail_send",
                {
                    "to": "ana.vlasceanu@mireafilm.ro",
                    "subject": "Call sheet ziua 1 - pt aprobare",
                    "attachment": "callsheet_z1.pdf",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "a aprobat. acum poti sa il trimiti la toata echipa",
        "Trimis la lista echipei.",
        calls=[
            (
                "mail_send",
                {
                    "to": "echipa@mireafilm.ro",
                    "subject": "Call sheet ziua 1",
                    "attachment": "callsheet_z1.pdf",
                },
                "OK: sent to 58 recipients",
            )
        ],
    )
    s.turn(
        "ok. cate zile de studio avem",
        "Din plan: două zile de studio la Buftea, una fiind pentru scena 23.",
    )
    s.turn(
        "merci",
        "Cu plăcere.",
    )
    s.turn(
        "fa-mi un rezumat scurt pt producatorul executiv, fara cifre de buget",
        "Rezumat: prima săptămână e pregătită; autorizațiile de filmare, dronă și poliție locală sunt obținute; distribuția e completă; catering stabilit. Call sheet-ul pentru ziua 1 e aprobat și trimis.",
    )
    s.turn(
        "perfect, pune-l in dosar",
        "Salvat în dosarul producție/rapoarte.",
        calls=[("write_file", {"path": "productie/rapoarte/rezumat_s24.txt"}, "OK: written")],
    )
    s.turn(
        "care sunt regulile noastre, vreau sa le pun pe avizier",
        "Regulile:\n1. Nu filmăm niciodată cu copiii după miezul nopții.\n2. Nu trimitem call sheet-ul până nu îl aprobă regizoarea.\n3. Drona nu zboară fără autorizație scrisă.\n4. Nu blocăm strada fără poliția locală de față.",
        recall=[
            "nu filmam niciodata cu copiii dupa miezul noptii",
            "nu trimitem call sheet-ul pana nu il aproba regizoarea",
            "drona nu zboara fara autorizatie scrisa",
            "nu blocam strada fara politia locala de fata",
        ],
    )
    s.turn(
        "cate zile filmam in total si cum se numeste filmul pe hartiile de la primarie",
        "18 zile de filmare; pe acte filmul apare ca «Casa cu tei».",
        recall=["18 zile de filmare", "Casa cu tei"],
    )
    s.turn(
        "nr inginerului de sunet",
        "Tiberiu Sârbu: 0741 902 388.",
        recall=["0741 902 388"],
    )
    s.turn(
        "ce numar are autorizatia de filmare si pt ce adresa",
        "AF-2024-0937, pentru str. Mântuleasa 19.",
        recall=["AF-2024-0937", "mantuleasa 19"],
    )
    s.turn(
        "nr ofertei de la rental si cat costa camera",
        "Oferta OF-5827; camera 3.900 de euro pe săptămână.",
        recall=["OF-5827", "3.900 de euro"],
    )
    s.turn(
        "cine e dop-ul si ce camera am ales",
        "Radu Pătrașcu; ați ales Alexa Mini, nu RED.",
        recall=["radu patrascu", "luam alexa mini, nu red-ul"],
    )
    s.turn(
        "care spital e pe call sheet",
        "Spitalul Colentina, Șos. Ștefan cel Mare 19-21.",
        recall=["Spitalul Colentina"],
    )
    s.turn(
        "cat e vantul marti dupa-masa si cat dam pe portie la catering",
        "Rafale de 48 km/h marți la 16:00; la catering 42 de lei pe porție.",
        recall=["48 km/h", "42 de lei"],
    )
    s.turn(
        "referinta platii de avans",
        "OP 20240607-0073.",
        recall=["OP 20240607-0073"],
    )
    s.turn(
        "numarul meu e corect pe call sheet? si la ce ora e call-ul",
        "Da, 0722 481 936 la «producător». Call-ul din ziua 1 e la 7:15.",
        recall=["0722 481 936", "7:15"],
    )
    return s.write(out)


# == dentallab_uk: a Lviv dental lab's orders, materials and furnace ================================

UK_IM = [
    "Андрій",
    "Богдан",
    "Василь",
    "Галина",
    "Дмитро",
    "Олена",
    "Ірина",
    "Катерина",
    "Любов",
    "Марта",
    "Назар",
    "Олег",
    "Петро",
    "Роман",
    "Софія",
    "Тетяна",
    "Юрій",
    "Ярослава",
    "Христина",
    "Степан",
]
UK_PR = [
    "Коваль",
    "Шевчук",
    "Бондар",
    "Мельник",
    "Ткачук",
    "Савчук",
    "Гаврилюк",
    "Паращак",
    "Кушнір",
    "Дорош",
    "Федорук",
    "Стасів",
    "Яремко",
    "Зварич",
    "Прокопів",
    "Онишко",
]
UK_KL = [
    "Усмішка",
    "Дент Люкс",
    "Білий Зуб",
    "СтомаПлюс",
    "Дентія",
    "Ваш Стоматолог",
    "Перлина",
    "Альфа-Дент",
    "Смайл Лаб",
    "Денталія",
]
UK_WORK = [
    "коронка цирконій",
    "коронка e.max",
    "винір e.max",
    "міст цирконій",
    "коронка МК",
    "вкладка",
    "бюгель",
    "капа нічна",
    "абатмент індив.",
    "тимчасова PMMA",
]
UK_SHADE = ["A1", "A2", "A3", "B1", "B2", "C1", "D2", "BL2", "BL4"]
UK_TIMES_AVOID = ("16:30", "17:10")


def uk_name(rng: random.Random) -> str:
    return f"{pick(rng, UK_IM)} {pick(rng, UK_PR)}"


def uk_hm(rng: random.Random) -> str:
    return f"{rng.randint(8, 19):02d}:{pick(rng, ['05', '15', '20', '25', '35', '40', '45', '50', '55'])}"


def uk_orders(rng: random.Random) -> str:
    rows = bulk(
        rng,
        190,
        [
            lambda r: f"ЗМ-24-{r.randint(1000, 1499)}",
            lambda r: f"2024-03-{r.randint(1, 12):02d}",
            lambda r: pick(r, UK_KL),
            lambda r: pick(r, UK_WORK),
            lambda r: str(r.randint(1, 6)),
            lambda r: pick(r, UK_SHADE),
            lambda r: pick(
                r, ["в роботі", "фрезерування", "кераміка", "готово", "примірка", "здано"]
            ),
        ],
        avoid=("ЗМ-24-1187",),
    )
    plant(
        rows,
        122,
        [
            "ЗМ-24-1187",
            "2024-03-11",
            "Усмішка",
            "міст цирконій",
            "4",
            "A3",
            "в роботі, пацієнт П-2093",
        ],
    )
    return "журнал_замовлень.csv (березень)\n" + csv_text(
        ["№", "дата", "клініка", "робота", "од.", "колір", "статус"], rows, ";"
    )


def uk_clinics(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: pick(r, UK_KL),
            lambda r: "лікар " + uk_name(r),
            lambda r: (
                f"0{pick(r, ['32', '67', '97', '50', '63'])} {r.randint(100, 999)} {r.randint(10, 99)} {r.randint(10, 99)}"
            ),
            lambda r: pick(r, ["ортопед", "терапевт", "хірург", "ортодонт"]),
            lambda r: pick(r, ["безготівка", "готівка", "відстрочка 14 днів"]),
        ],
        avoid=("032 245 17 63", "Гнатюк"),
    )
    plant(
        rows,
        19,
        ["Усмішка", "лікар Мирон Гнатюк", "032 245 17 63", "ортопед", "безготівка, головний лікар"],
    )
    return "контакти_клінік.csv\n" + csv_text(
        ["клініка", "лікар", "телефон", "спеціалізація", "оплата"], rows, ";"
    )


def uk_lots(rng: random.Random) -> str:
    rows = bulk(
        rng,
        120,
        [
            lambda r: pick(
                r,
                [
                    "Katana STML",
                    "Katana UTML",
                    "Zirkonzahn Prettau",
                    "Aidite 3D Pro",
                    "Upcera TT",
                    "IPS e.max CAD",
                    "Vita Enamic",
                ],
            ),
            lambda r: "".join(pick(r, "ABCDEFGHKLMNPRSTXZ0123456789") for _ in range(9)),
            lambda r: pick(r, ["98.5x14", "98.5x18", "98.5x22", "блок C14"]),
            lambda r: f"2024-0{r.randint(1, 3)}-{r.randint(1, 28):02d}",
            lambda r: f"2026-{r.randint(1, 12):02d}",
            lambda r: pick(r, ["так", "так", "так", "ні (очікуємо)"]),
        ],
        avoid=("DKPFX1207",),
    )
    plant(
        rows,
        73,
        [
            "Katana STML",
            "DKPFX1207",
            "98.5x18",
            "2024-03-04",
            "2027-02",
            "так, сертифікат CE у папці",
        ],
    )
    return "склад матеріалів: диски та блоки\n" + table(
        ["матеріал", "лот", "розмір", "надійшло", "придатний до", "сертифікат"], rows
    )


def uk_mill(rng: random.Random) -> str:
    lines = []
    for _ in range(150):
        lines.append(
            f"2024-03-{rng.randint(8, 12):02d} {uk_hm(rng)}:{rng.randint(10, 59)} vhf-k5  job={rng.randint(3000, 3999)}  {pick(rng, ['START', 'TOOL CHANGE T2', 'TOOL CHANGE T3', 'SPINDLE OK', 'DONE', 'DONE', 'AIR OK', 'DISC LOADED'])}"
        )
    lines.insert(
        96,
        "2024-03-11 14:35:12 vhf-k5  job=3417  ERROR 0x3F2 tool breakage T3 (1.0 mm), job aborted at 61%",
    )
    return "\n".join(lines)


def uk_order_scan() -> str:
    return (
        "[скан наряду, OCR]\n"
        "НАРЯД-ЗАМОВЛЕННЯ № НР-5530\n"
        "Клініка: «Усмішка», вул. Городоцька 87, Львів\n"
        "Лікар: Гнатюк М. І.\n"
        "Пацієнт: код П-2093\n"
        "Робота: міст цирконієвий, опорні 35 і 37, проміжна 36\n"
        "Колір: основний A3, пришийкова зона темніша\n"
        "Примірка каркаса: так\n"
        "Підпис лікаря: (є)"
    )


def uk_ivoclar(rng: random.Random) -> str:
    rows = bulk(
        rng,
        110,
        [
            lambda r: pick(
                r,
                [
                    "IPS e.max Press LT A2",
                    "IPS e.max Press HT B1",
                    "IPS e.max CAD MO 1",
                    "IPS Ivocolor Shade",
                    "IPS e.max Ceram Dentin A3",
                    "Programat cleaning",
                    "IPS PressVEST Speed",
                ],
            ),
            lambda r: "".join(pick(r, "ABCDEFHKLMNPRSTWXYZ0123456789") for _ in range(6)),
            lambda r: str(r.randint(1, 20)),
            lambda r: grp(r.randint(300, 9000) + r.randint(0, 99) / 100, " ", ",", 2),
        ],
        avoid=("Z04K7M",),
    )
    plant(rows, 30, ["IPS e.max Press LT A3,5", "Z04K7M", "10", "8 940,00"])
    return "Рахунок-фактура Ivoclar Україна № ІВ-24-02215 від 2024-03-06\n" + table(
        ["товар", "лот", "к-сть", "сума, грн"], rows
    )


def uk_np(rng: random.Random) -> str:
    rows = bulk(
        rng,
        140,
        [
            lambda r: "204" + "".join(pick(r, "0123456789") for _ in range(11)),
            lambda r: f"2024-03-{r.randint(1, 12):02d}",
            lambda r: pick(
                r, ["Львів", "Тернопіль", "Стрий", "Дрогобич", "Луцьк", "Рівне", "Самбір"]
            ),
            lambda r: pick(r, UK_KL),
            lambda r: pick(r, ["отримано", "отримано", "в дорозі", "у відділенні", "повернення"]),
        ],
        avoid=("20450918273645",),
    )
    plant(
        rows,
        88,
        ["20450918273645", "2024-03-12", "Тернопіль", "Дентія", "у відділенні (3 дні), не забрали"],
    )
    return "Нова Пошта, бізнес-кабінет: відправлення за березень\n" + table(
        ["ТТН", "дата", "місто", "отримувач", "статус"], rows
    )


def uk_bank(rng: random.Random) -> str:
    rows = bulk(
        rng,
        120,
        [
            lambda r: f"2024-03-{r.randint(1, 15):02d}",
            lambda r: "P2403" + "".join(pick(r, "0123456789") for _ in range(7)),
            lambda r: pick(
                r,
                ["ТОВ «" + k + "»" for k in UK_KL]
                + ["ФОП Онишко", "Київстар", "Львівгаз", "Ivoclar Україна"],
            ),
            lambda r: grp(r.randint(-40000, 60000) + r.randint(0, 99) / 100, " ", ",", 2),
            lambda r: pick(
                r,
                [
                    "оплата за зуботехнічні роботи",
                    "оплата за матеріали",
                    "комунальні",
                    "зв'язок",
                    "згідно рахунку",
                ],
            ),
        ],
        avoid=("P24031500772",),
    )
    plant(
        rows,
        66,
        [
            "2024-03-15",
            "P24031500772",
            "ТОВ «Усмішка»",
            "48 600,00",
            "оплата за роботи лютий, рах. 0219",
        ],
    )
    return "ПриватБанк, виписка ФОП Стасів О. В.\n" + table(
        ["дата", "референс", "контрагент", "сума", "призначення"], rows
    )


def uk_furnace(rng: random.Random) -> str:
    lines = []
    for _ in range(120):
        lines.append(
            f"2024-03-{rng.randint(11, 14):02d} {uk_hm(rng)}  Programat P310  prog={pick(rng, ['P1', 'P4', 'P12', 'P20', 'P27'])}  T_max={rng.randint(700, 960)}°C  vac={pick(rng, ['ok', 'ok', 'ok', 'slow'])}  {pick(rng, ['END', 'END', 'END', 'ABORT by user'])}"
        )
    lines.insert(
        71,
        "2024-03-13 10:55  Programat P310  prog=P27  T_max=772°C  vac=FAIL  ERR-61 vacuum not reached, firing stopped",
    )
    return "\n".join(lines)


def uk_remakes(rng: random.Random) -> str:
    rows = bulk(
        rng,
        140,
        [
            lambda r: f"РП-0{r.randint(10, 89)}",
            lambda r: f"ЗМ-24-{r.randint(1000, 1499)}",
            lambda r: pick(r, UK_KL),
            lambda r: pick(r, ["не сів", "колір", "контакт", "скол", "форма"]),
            lambda r: pick(r, ["лабораторія", "клініка", "50/50"]),
        ],
        avoid=("РП-0093", "ЗМ-24-1187"),
    )
    plant(rows, 52, ["РП-0093", "ЗМ-24-1187", "Усмішка", "не сів каркас", "рішення після огляду"])
    return "реєстр_переробок_2024.csv\n" + csv_text(
        ["№", "замовлення", "клініка", "причина", "за чий рахунок"], rows, ";"
    )


def uk_stock(rng: random.Random) -> str:
    rows = bulk(
        rng,
        160,
        [
            lambda r: f"SKU {r.randint(10, 39)}-{r.randint(1000, 9999)}",
            lambda r: pick(
                r,
                [
                    "фрези 1.0 мм",
                    "фрези 2.5 мм",
                    "гіпс 4 клас",
                    "віск моделювальний",
                    "паковочна маса",
                    "глазур",
                    "рідина для кераміки",
                    "полір пасти",
                    "штифти",
                    "ізолятор",
                ],
            ),
            lambda r: str(r.randint(4, 60)),
            lambda r: str(r.randint(2, 10)),
        ],
        avoid=("SKU 40-2271",),
    )
    plant(rows, 64, ["SKU 40-2271", "фрези 1.0 мм (VHF Z-Cut)", "1", "6"])
    return "склад_витратні.csv\n" + table(["код", "назва", "залишок", "мінімум"], rows)


def uk_taxinv() -> str:
    return (
        "Від: buh@dentlux.ua\n"
        "Тема: податкова накладна\n\n"
        "Добрий день! Надсилаємо реєстрацію податкової накладної ПН-318/24 від 12.03.2024\n"
        "по роботах лютого. Просимо ще раз розглянути відстрочку на 30 днів.\n"
        "З повагою, бухгалтерія «Дент Люкс»"
    )


def dentallab(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_03)
    s = Session(
        "dentallab_uk",
        "uk",
        "a Lviv dental lab: order book, clinic contacts, zirconia lots, milling and furnace logs, courier waybills, remakes, payments",
        cues=(
            "вибачте",
            "вибач",
            "помилилась",
            "помилився",
            "помилка",
            "перепрошую",
            "насправді",
            "неправильно",
            "точніше",
            "виправлення",
            "переплутала",
        ),
    )
    s.turn(
        "привіт, я оксана, адмін у зуботехнічній лабораторії Дентал-Арт у львові. допоможи з замовленнями на березень. головне правило: жодна робота не їде в клініку без фото кольору",
        "Привіт, Оксано. Записав:\n- лабораторія «Дентал-Арт», Львів, замовлення на березень\n- **жодна робота не їде в клініку без фото кольору**: перед кожною відправкою перевірятиму, чи є фото.",
        facts=[
            U("Дентал-Арт"),
            RULE(
                "жодна робота не їде в клініку без фото кольору",
                "без фото кольору не відправляємо",
                "жодної роботи без фото кольору",
            ),
        ],
    )
    s.turn(
        "відкрий журнал замовлень. що там у клініки усмішка, вони на городоцька 87",
        "У клініки «Усмішка» (вул. Городоцька 87) відкрите замовлення **ЗМ-24-1187** від 11 березня: міст цирконій на 4 одиниці, колір A3, пацієнт П-2093, статус «в роботі».",
        calls=[("read_file", {"path": "замовлення/журнал_замовлень.csv"}, uk_orders(rng))],
        facts=[U("городоцька 87", "Городоцька 87"), T("ЗМ-24-1187")],
    )
    s.turn(
        "на цьому тижні в нас 36 замовлень, не встигаємо",
        "Записав: 36 замовлень на цьому тижні. Можу розкласти їх по техніках і дедлайнах.",
    )
    s.turn(
        "лікар у них мирон гнатюк, знайди його телефон",
        "Мирон Гнатюк, ортопед, головний лікар «Усмішки»: **032 245 17 63**.",
        calls=[("read_file", {"path": "клініки/контакти_клінік.csv"}, uk_clinics(rng))],
        facts=[U("мирон гнатюк", "Мирон Гнатюк"), T("032 245 17 63", "0322451763")],
    )
    s.turn(
        "курєр нової пошти приходить о 16:30, до того все має бути запаковане",
        "Записав: кур'єр о 16:30, до того все запаковано.",
    )
    s.turn(
        "диски беремо katana, а не китайські, бо китайські тріскаються. який лот катани зараз на складі",
        "Записав: **диски Katana, а не китайські**. На складі Katana STML 98.5x18, лот **DKPFX1207**, надійшов 4 березня, придатний до 2027-02, сертифікат CE у папці.",
        calls=[
            (
                "db_query",
                {
                    "db": "sklad.sqlite",
                    "sql": "SELECT material, lot, size, received, expiry, cert FROM discs ORDER BY received",
                },
                uk_lots(rng),
            )
        ],
        facts=[
            T("DKPFX1207"),
            CHOICE("диски беремо katana, а не китайські", "Katana, а не китайські", "диски Katana"),
        ],
    )
    s.turn(
        "коронка цирконій у нас 2 400 грн за одиницю для всіх клінік",
        "Записав: цирконієва коронка 2 400 грн за одиницю, для всіх клінік однаково.",
        facts=[U("2 400 грн", "2400 грн")],
    )
    s.turn(
        "фрезер щось вчора зупинився, глянь лог. і кераміку на усмішку робить тарас левицький",
        "У лозі фрезера VHF K5: 11 березня 14:35, job 3417, **ERROR 0x3F2**: поломка фрези T3 (1.0 мм), роботу перервано на 61%. Записав, що кераміку для «Усмішки» робить Тарас Левицький.",
        calls=[("read_file", {"path": "логи/vhf_k5.log"}, uk_mill(rng))],
        facts=[T("0x3F2")],
    )
    s.turn(
        "цирконій фрезеруємо тільки з дисків, які мають сертифікат, без сертифіката навіть не відкриваємо",
        "Зрозумів: **фрезеруємо тільки з дисків із сертифікатом**; диски без сертифіката не відкриваються.",
        facts=[
            RULE(
                "фрезеруємо тільки з дисків, які мають сертифікат",
                "тільки з дисків із сертифікатом",
                "без сертифіката не відкриваємо",
            )
        ],
    )
    s.turn(
        "прийшов скан наряду від гнатюка, там міст на 4 одиниці. глянь номер наряду",
        "Наряд **НР-5530**: «Усмішка», лікар Гнатюк М. І., пацієнт П-2093, міст цирконієвий з опорами 35 і 37, проміжна 36, колір A3, примірка каркаса потрібна.",
        calls=[("ocr_scan", {"path": "вхідні/наряд_гнатюк.pdf"}, uk_order_scan())],
        facts=[T("НР-5530")],
    )
    s.turn(
        "колір пацієнту підбирали a3,5 а не a3, там помилка в наряді. хай технік це знає",
        "Записав: колір для П-2093 — A3,5, а не A3, як у наряді. Передам технікові.",
        facts=[U("a3,5", "A3,5")],
    )
    s.turn(
        "дент люкс знову просить відстрочку. у відстрочці відмовляємо, вони й так винні за лютий",
        "Записав: **«Дент Люкс» у відстрочці відмовляємо**.",
        facts=[
            CHOICE(
                "у відстрочці відмовляємо",
                "відмовляємо дент люкс у відстрочці",
                "без відстрочки для Дент Люкс",
            )
        ],
    )
    s.turn(
        "e.max коронка у нас 1 850 грн. глянь рахунок від івоклара, чи прийшли таблетки a3,5",
        "Записав ціну e.max: 1 850 грн. У рахунку Ivoclar ІВ-24-02215 є IPS e.max Press LT A3,5, 10 шт., лот **Z04K7M**, 8 940,00 грн.",
        calls=[("read_file", {"path": "бухгалтерія/ivoclar_IV-24-02215.pdf"}, uk_ivoclar(rng))],
        facts=[T("Z04K7M")],
    )
    s.turn(
        "що з відправками в тернопіль, дентія скаржиться що не отримали",
        "Відправлення до «Дентії» в Тернопіль, ТТН **20450918273645** від 12 березня, лежить у відділенні вже 3 дні, його не забрали.",
        calls=[
            (
                "np_api",
                {"method": "getDocumentList", "dateFrom": "2024-03-01", "dateTo": "2024-03-12"},
                uk_np(rng),
            )
        ],
        facts=[T("20450918273645")],
    )
    s.turn(
        "напиши їм. і ще: не пишемо пацієнтам напряму, тільки через лікаря",
        "Зрозумів: **пацієнтам напряму не пишемо, тільки через лікаря**. Лист «Дентії» з номером ТТН лежить у чернетках.",
        calls=[
            (
                "mail_draft",
                {
                    "to": "info@dentiya.ua",
                    "subject": "Посилка у відділенні",
                    "body": "Посилка у відділенні Нової Пошти вже 3 дні",
                },
                "OK: draft saved",
            )
        ],
        facts=[
            RULE(
                "не пишемо пацієнтам напряму, тільки через лікаря",
                "пацієнтам напряму не пишемо",
                "тільки через лікаря",
            )
        ],
    )
    s.turn(
        "усмішка заплатила за лютий?",
        "Так: 15 березня від ТОВ «Усмішка» надійшло 48 600,00 грн, призначення «оплата за роботи лютий», референс **P24031500772**.",
        calls=[
            (
                "bank_statement",
                {"account": "ФОП Стасів", "from": "2024-03-01", "to": "2024-03-15"},
                uk_bank(rng),
            )
        ],
        facts=[T("P24031500772")],
    )
    s.turn(
        "добре. мій номер для клінік 067 318 24 90, став його в підпис",
        "Додав у підпис листів: Оксана, 067 318 24 90.",
        facts=[U("067 318 24 90", "0673182490")],
    )
    s.turn(
        "щодо печі: купуємо нову programat, а не вживану з оголошення",
        "Записав: **купуємо нову Programat, а не вживану**.",
        facts=[
            CHOICE(
                "купуємо нову programat, а не вживану",
                "нова Programat, не вживана",
                "купуємо нову Programat",
            )
        ],
    )
    s.turn(
        "у нас тепер 42 замовлення на тиждень, додалось від дентії",
        "Оновив: 42 замовлення на тиждень.",
        fix=[("36 замовлень", "42 замовлення")],
    )
    s.turn(
        "стара піч знову збій дала, подивись лог",
        "У лозі Programat P310: 13 березня 10:55, програма P27, вакуум не набрано, **ERR-61**, випал зупинено. Схоже на насос або ущільнювач.",
        calls=[("read_file", {"path": "логи/programat_p310.log"}, uk_furnace(rng))],
        facts=[T("ERR-61")],
    )
    s.turn(
        "міст для усмішки треба здати до 14 березня",
        "Записав: міст ЗМ-24-1187 здаємо до 14 березня.",
        facts=[U("14 березня")],
    )
    s.turn(
        "курєр тепер буде о 17:10, у них змінився графік",
        "Оновив: кур'єр о 17:10.",
        fix=[("16:30", "17:10")],
    )
    s.turn(
        "гнатюк каже каркас не сів. глянь чи вже завели переробку",
        "Так, у реєстрі переробок є **РП-0093** на ЗМ-24-1187 («Усмішка»): каркас не сів, за чий рахунок — «рішення після огляду».",
        calls=[("read_file", {"path": "переробки/реєстр_переробок_2024.csv"}, uk_remakes(rng))],
        facts=[T("РП-0093")],
    )
    s.turn(
        "на нову піч бюджет 180 тисяч, більше не дам",
        "Записав: бюджет на нову піч 180 тисяч гривень.",
        facts=[U("180 тисяч")],
    )
    s.turn(
        "кераміку на усмішку тепер робить андрій бойко, тарас на лікарняному",
        "Оновив: кераміку для «Усмішки» робить Андрій Бойко.",
        fix=[("тарас левицький", "андрій бойко")],
    )
    s.turn(
        "переробки за наш рахунок тільки після того, як подивиться головний технік",
        "Зрозумів: **переробка за рахунок лабораторії тільки після огляду головного техніка**. РП-0093 поки не закриваю.",
        facts=[
            RULE(
                "переробки за наш рахунок тільки після того, як подивиться головний технік",
                "тільки після огляду головного техніка",
                "після того, як подивиться головний технік",
            )
        ],
    )
    s.turn(
        "гнатюк переробив препарування, тепер міст на 5 одиниць",
        "Оновив: міст на 5 одиниць для П-2093.",
        fix=[("4 одиниці", "5 одиниць")],
    )
    s.turn(
        "чи вистачить фрез 1 мм, після поломки",
        "Ні: фрези 1.0 мм VHF Z-Cut, **SKU 40-2271**, залишок 1 при мінімумі 6. Треба замовити.",
        calls=[("read_file", {"path": "склад/склад_витратні.csv"}, uk_stock(rng))],
        facts=[T("SKU 40-2271")],
    )
    s.turn(
        "вибачте, я помилилась з e.max, коронка коштує 1 950 грн",
        "Виправив: коронка e.max 1 950 грн.",
        fix=[("1 850 грн", "1 950 грн")],
    )
    s.turn(
        "в тернопіль відправляємо новою поштою, а не курєром, курєр дорогий",
        "Записав: **у Тернопіль відправляємо Новою Поштою, а не кур'єром**.",
        facts=[
            CHOICE(
                "в тернопіль відправляємо новою поштою, а не курєром",
                "Новою Поштою, а не кур'єром",
                "відправляємо новою поштою",
            )
        ],
    )
    s.turn(
        "дент люкс щось прислали по податковій",
        "«Дент Люкс» надіслали реєстрацію податкової накладної **ПН-318/24** від 12.03.2024 за лютий і знову просять відстрочку на 30 днів. Відповідь за твоїм рішенням: відмова.",
        calls=[("mail_search", {"folder": "INBOX", "query": "дент люкс податкова"}, uk_taxinv())],
        facts=[T("ПН-318/24")],
    )
    s.turn(
        "добре, напиши їм коротко",
        "Чернетка: «Дякуємо, накладну отримали. На жаль, відстрочку надати не можемо.» Відправити?",
    )
    s.turn(
        "так",
        "Відправлено.",
        calls=[
            (
                "mail_send",
                {
                    "to": "buh@dentlux.ua",
                    "subject": "Re: податкова накладна",
                    "body": "Дякуємо, накладну отримали. Відстрочку надати не можемо.",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "замов фрези 1 мм, 10 штук",
        "Замовлення на фрези 1.0 мм (10 шт.) створено у постачальника, очікувана доставка через 2 дні.",
        calls=[
            (
                "supplier_order",
                {"supplier": "VHF Україна", "item": "Z-Cut 1.0", "qty": 10},
                "OK: order VHF-88315",
            )
        ],
    )
    s.turn(
        "дякую",
        "Будь ласка.",
    )
    s.turn(
        "скільки в нас технiків на кераміці",
        "За графіком на кераміці двоє: Андрій Бойко і Марта Яремко; Тарас на лікарняному.",
    )
    s.turn(
        "нагадай правила",
        "Правила:\n1. Жодна робота не їде в клініку без фото кольору.\n2. Фрезеруємо тільки з дисків, які мають сертифікат.\n3. Не пишемо пацієнтам напряму, тільки через лікаря.\n4. Переробки за наш рахунок тільки після того, як подивиться головний технік.",
        recall=[
            "жодна робота не їде в клініку без фото кольору",
            "фрезеруємо тільки з дисків, які мають сертифікат",
            "не пишемо пацієнтам напряму, тільки через лікаря",
            "переробки за наш рахунок тільки після того, як подивиться головний технік",
        ],
    )
    s.turn(
        "номер замовлення усмішки і їхня адреса для накладної",
        "ЗМ-24-1187; «Усмішка», вул. Городоцька 87, Львів.",
        recall=["ЗМ-24-1187", "городоцька 87"],
    )
    s.turn(
        "телефон гнатюка",
        "Мирон Гнатюк: 032 245 17 63.",
        recall=["032 245 17 63", "мирон гнатюк"],
    )
    s.turn(
        "лот катани який пішов на міст",
        "Katana STML, лот DKPFX1207.",
        recall=["DKPFX1207"],
    )
    s.turn(
        "що за помилка була на фрезері",
        "ERROR 0x3F2: поломка фрези T3 (1.0 мм), 11 березня.",
        recall=["0x3F2"],
    )
    s.turn(
        "номер наряду і який колір насправді",
        "Наряд НР-5530; колір A3,5 (у наряді помилково A3).",
        recall=["НР-5530", "a3,5"],
    )
    s.turn(
        "скільки коштує цирконієва коронка і e.max",
        "Цирконій 2 400 грн, e.max 1 950 грн.",
        recall=["2 400 грн", "1 950 грн"],
    )
    s.turn(
        "ттн до тернополя",
        "20450918273645.",
        recall=["20450918273645"],
    )
    s.turn(
        "лот таблеток e.max з рахунку івоклара",
        "Z04K7M (IPS e.max Press LT A3,5).",
        recall=["Z04K7M"],
    )
    s.turn(
        "і як називається наша лаба в реквізитах, і о котрій курєр",
        "«Дентал-Арт»; кур'єр о 17:10.",
        recall=["Дентал-Арт", "17:10"],
    )
    return s.write(out)


# == nightaudit_ar: an Amman hotel's night audit ===================================================

AR_FIRST = [
    "محمد",
    "أحمد",
    "خالد",
    "عمر",
    "يوسف",
    "سارة",
    "لينا",
    "رنا",
    "هبة",
    "طارق",
    "زياد",
    "نور",
    "مريم",
    "باسل",
    "فراس",
    "دانة",
    "علا",
    "حسام",
    "وليد",
    "ريم",
]
AR_LAST = [
    "العلي",
    "النجار",
    "الحسيني",
    "المصري",
    "الزعبي",
    "العمري",
    "الشريف",
    "الخوري",
    "الطراونة",
    "المجالي",
    "العبادي",
    "القيسي",
    "الرفاعي",
    "البدور",
]
EN_GUEST = [
    "Smith",
    "Müller",
    "Rossi",
    "Dubois",
    "Tanaka",
    "Kowalski",
    "Nielsen",
    "Garcia",
    "Brown",
    "Schmidt",
    "Jansen",
    "Ivanova",
]


def ar_name(rng: random.Random) -> str:
    return f"{pick(rng, AR_FIRST)} {pick(rng, AR_LAST)}"


def ar_guest(rng: random.Random) -> str:
    return (
        ar_name(rng)
        if rng.random() < 0.6
        else f"{pick(rng, EN_GUEST)}, {pick(rng, ['J.', 'A.', 'M.', 'K.', 'S.'])}"
    )


def jod(rng: random.Random, lo: int, hi: int) -> str:
    return f"{rng.randint(lo, hi)}.{rng.randint(0, 999):03d}"


AR_AVOID = ("0.710", "0.709", "12.500", "95.000", "300.000", "85.000", "80.000")


ROOMS = [f"{f}{n:02d}" for f in range(2, 13) for n in range(1, 11)] + ["1211", "1212"]


def ar_inhouse(rng: random.Random) -> str:
    rooms = [x for x in ROOMS if x != "714"]
    rng.shuffle(rooms)
    rows = bulk(
        rng,
        86,
        [
            lambda r: "",
            lambda r: f"RSV-{r.randint(70000, 89999)}",
            ar_guest,
            lambda r: pick(r, ["BAR", "CORP", "OTA", "GRP", "PKG"]),
            lambda r: f"2024-11-{r.randint(10, 14):02d}",
            lambda r: f"2024-11-{r.randint(15, 19):02d}",
            lambda r: jod(r, 0, 900),
        ],
        avoid=("RSV-88231", *AR_AVOID),
    )
    for row, room in zip(rows, rooms, strict=False):
        row[0] = room
    rows.sort(key=lambda x: int(x[0]))
    plant(
        rows,
        96,
        [
            "714",
            "RSV-88231",
            "Kowalski, P.",
            "OTA",
            "2024-11-11",
            "2024-11-15",
            "1 246.800 (تجاوز حد الائتمان)",
        ],
    )
    return "Opera PMS - In-House Guest List - 14-11-2024 23:10\n" + table(
        ["غرفة", "حجز", "نزيل", "نوع", "وصول", "مغادرة", "الرصيد"], rows
    )


def ar_rates(rng: random.Random) -> str:
    rows = bulk(
        rng,
        200,
        [
            lambda r: f"folio {r.randint(50000, 59999)}",
            lambda r: pick(r, ROOMS),
            lambda r: pick(r, ["BAR-DBL", "BAR-SGL", "CORP-A", "OTA-BKG", "GRP-NOOR", "PKG-BB"]),
            lambda r: jod(r, 60, 180),
            lambda r: pick(r, ["مطابق", "مطابق", "مطابق", "مطابق", "بحاجة مراجعة"]),
        ],
        avoid=("folio 55917", *AR_AVOID),
    )
    plant(
        rows, 58, ["folio 55917", "1108", "BAR-DBL", "65.000", "السعر أقل من المعتمد، بدون موافقة"]
    )
    return "Rate Discrepancy Report\n" + table(
        ["folio", "غرفة", "رمز السعر", "المطبّق", "الحالة"], rows
    )


def ar_cash(rng: random.Random) -> str:
    lines = ["تقرير الصندوق - الوردية المسائية - 14/11/2024", ""]
    for _ in range(190):
        lines.append(
            f"{rng.randint(15, 23):02d}:{rng.randint(0, 59):02d}  {pick(rng, ['دفع نقدي', 'سلفة', 'صرف عملة', 'استرداد', 'دفع فاتورة مطعم', 'إيداع تأمين'])}  غرفة {pick(rng, ROOMS)}  {jod(rng, 5, 400)}  {pick(rng, ['JOD', 'JOD', 'USD'])}"
        )
    lines += [
        "",
        "الرصيد حسب النظام: 4 318.250",
        "المعدود فعلياً: 4 305.750",
        "الفرق: 12.500 (عجز)",
        "أمين الصندوق: رامي حداد",
    ]
    return "\n".join(lines)


def ar_noshow(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: f"RSV-{r.randint(90000, 99999)}",
            ar_guest,
            lambda r: pick(r, ["Booking.com", "Expedia", "هاتف", "موقع الفندق", "شركة"]),
            lambda r: pick(r, ["ضمان بطاقة", "بدون ضمان", "دفع مسبق"]),
            lambda r: pick(
                r,
                [
                    "VISA ****" + str(r.randint(1000, 9999)),
                    "MC ****" + str(r.randint(1000, 9999)),
                    "-",
                ],
            ),
        ],
        avoid=("RSV-90412", *AR_AVOID),
    )
    plant(
        rows,
        31,
        ["RSV-90412", "Schmidt, H.", "موقع الفندق", "ضمان بطاقة", "VISA ****4417 (الوحيد بضمان)"],
    )
    return "حجوزات وصول اليوم - لم يصلوا (Arrivals not checked-in) 14/11\n" + table(
        ["حجز", "نزيل", "المصدر", "الضمان", "البطاقة"], rows
    )


def ar_vip(rng: random.Random) -> str:
    lines = [
        f"- {ar_name(rng)}: {pick(rng, ['فواكه ترحيبية', 'لا يحب الطابق المنخفض', 'وسادة طبية', 'صحف إنجليزية', 'حساسية مكسرات'])}"
        for _ in range(60)
    ]
    lines.insert(
        9,
        "- د. نادر السعدي (جناح 1201): رئيس وفد، خروج متأخر حسب موافقة المدير فقط، حساسية من الفول السوداني",
    )
    return "ملاحظات VIP - الليلة\n" + "\n".join(lines)


def ar_batch(rng: random.Random) -> str:
    rows = bulk(
        rng,
        240,
        [
            lambda r: f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}",
            lambda r: pick(r, ["VISA", "MASTERCARD", "AMEX"]),
            lambda r: "****" + str(r.randint(1000, 9999)),
            lambda r: jod(r, 10, 1500),
            lambda r: f"AUTH {r.randint(100000, 999999)}",
            lambda r: pick(r, ["APPROVED", "APPROVED", "APPROVED", "APPROVED", "VOID"]),
        ],
        avoid=("AUTH 593120", *AR_AVOID),
    )
    plant(
        rows, 77, ["22:48", "VISA", "****4417", "65.000", "AUTH 593120", "DECLINED - retry later"]
    )
    return "EDC Terminal 2 - Settlement preview, batch 0417\n" + table(
        ["وقت", "نوع", "بطاقة", "مبلغ", "موافقة", "حالة"], rows
    )


def ar_hk(rng: random.Random) -> str:
    rows = []
    for room in ROOMS:
        rows.append(
            [
                room,
                pick(rng, ["VC", "VC", "OC", "OC", "OC", "VD", "OD"]),
                pick(rng, ["-", "-", "-", "DND", "طلب مناشف", "ميني بار"]),
            ]
        )
    for row in rows:
        if row[0] == "908":
            row[1:] = ["OOO", "تسريب ماء من السقف، أمر عمل WO-24-3318"]
    return "Housekeeping Room Status 14/11 22:30\n" + table(["غرفة", "حالة", "ملاحظة"], rows)


def ar_ledger(rng: random.Random) -> str:
    rows = bulk(
        rng,
        200,
        [
            lambda r: f"CL-{r.randint(1000, 1999)}",
            lambda r: (
                pick(
                    r,
                    [
                        "شركة الفجر للتجارة",
                        "وزارة السياحة",
                        "سفارة",
                        "جامعة",
                        "شركة الشرق للاتصالات",
                        "مكتب رحلات البتراء",
                        "شركة الرمال",
                    ],
                )
                + f" {r.randint(1, 40)}"
            ),
            lambda r: jod(r, 0, 20000),
            lambda r: str(r.randint(0, 120)),
            lambda r: pick(r, ["نشط", "نشط", "موقوف", "متأخر"]),
        ],
        avoid=("CL-2291", "شركة النور", *AR_AVOID),
    )
    plant(rows, 40, ["CL-2291", "شركة النور للأدوية", "7 850.000", "12", "نشط، حد 10 000"])
    return "City Ledger - الذمم المدينة\n" + table(
        ["حساب", "الاسم", "الرصيد", "أيام", "الحالة"], rows
    )


def ar_pos(rng: random.Random) -> str:
    rows = bulk(
        rng,
        220,
        [
            lambda r: f"CHK {r.randint(30000, 39999)}",
            lambda r: pick(
                r, ["مطعم الديوان", "اللوبي لاونج", "خدمة الغرف", "المسبح", "بار السطح"]
            ),
            lambda r: pick(r, ROOMS),
            lambda r: jod(r, 3, 250),
            lambda r: pick(r, ["مرحّل", "مرحّل", "مرحّل", "نقدي", "بطاقة"]),
        ],
        avoid=("CHK 40877", *AR_AVOID),
    )
    plant(
        rows, 83, ["CHK 40877", "خدمة الغرف", "1201", "46.250", "غير مرحّل - الغرفة مغلقة للترحيل"]
    )
    return "Micros POS - checks 14/11\n" + table(
        ["فاتورة", "المنفذ", "غرفة", "مبلغ", "الحالة"], rows
    )


def ar_police() -> str:
    return (
        "[صورة ممسوحة، OCR]\n"
        "مديرية الأمن العام - قسم النزلاء\n"
        "إلى: إدارة فندق الياسمين، عمّان\n"
        "تم استلام كشف النزلاء الأجانب ليوم 13/11/2024 وقيده برقم 7781/ع.\n"
        "يرجى إرسال كشف اليوم التالي قبل الساعة الثامنة صباحاً.\n"
        "ضابط الارتباط: الملازم أول معاذ الحياري"
    )


def ar_deposit() -> str:
    return (
        "From: branch.shmeisani@hbtf.example\n"
        "Subject: إشعار إيداع\n\n"
        "تم إيداع مبلغ 3 900.000 دينار في حساب فندق الياسمين لدى بنك الإسكان - فرع الشميساني.\n"
        "رقم الإيصال: DEP-5520193. تاريخ الحركة: 14/11/2024."
    )


def ar_locks(rng: random.Random) -> str:
    lines = []
    for _ in range(210):
        lines.append(
            f"2024-11-14 {rng.randint(18, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}  door={pick(rng, ROOMS)}  card=0x{hexs(rng, 4).upper()}  {pick(rng, ['OPEN guest', 'OPEN guest', 'OPEN hk', 'DENIED expired', 'OPEN guest'])}"
        )
    lines.insert(
        64,
        "2024-11-14 23:41:07  door=1201  card=0x7A1C  OPEN master (مفتاح رئيسي، غير مسجّل في سجل المفاتيح)",
    )
    return "\n".join(lines)


def nightaudit(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_04)
    s = Session(
        "nightaudit_ar",
        "ar",
        "an Amman hotel's night audit: in-house list, rate check, cash drawer, no-shows, card batch, room status, city ledger, POS, police register",
        cues=(
            "عذرا",
            "عذراً",
            "آسف",
            "أخطأت",
            "خطأ",
            "غلط",
            "تصحيح",
            "قصدي",
            "في الحقيقة",
            "بالأحرى",
            "سامحني",
        ),
    )
    s.turn(
        "مساء الخير، انا سامر مدقق ليلي في فندق الياسمين، عندنا 112 غرفة. ساعدني بالتدقيق الليلة. اول شي: ما نقفل اليوم قبل ما يتطابق الصندوق، مهما تأخرنا",
        "مساء النور يا سامر. سجّلت:\n- فندق الياسمين، 112 غرفة\n- **ما نقفل اليوم قبل ما يتطابق الصندوق**، حتى لو تأخرنا. سأضعها شرطاً قبل تشغيل End of Day.",
        facts=[
            U("112 غرفة"),
            RULE(
                "ما نقفل اليوم قبل ما يتطابق الصندوق",
                "لا نقفل اليوم قبل مطابقة الصندوق",
                "لا إقفال قبل مطابقة الصندوق",
            ),
        ],
    )
    s.turn(
        "مدير المناوبة الليلة ايمن الخطيب، اي شي كبير ارجع له",
        "تمام، مدير المناوبة الليلة: أيمن الخطيب. أي أمر كبير أرفعه له.",
        facts=[U("ايمن الخطيب", "أيمن الخطيب")],
    )
    s.turn(
        "الاشغال الليلة 87 غرفة. طلّع قائمة النزلاء وشوف مين متجاوز حد الائتمان",
        "سجّلت الإشغال: 87 غرفة. في القائمة نزيل واحد متجاوز حد الائتمان: غرفة 714، Kowalski, P.، حجز **RSV-88231** (OTA)، الرصيد 1 246.800 دينار.",
        calls=[
            ("pms_report", {"report": "in_house_guests", "date": "2024-11-14"}, ar_inhouse(rng))
        ],
        facts=[T("RSV-88231")],
    )
    s.turn(
        "بالنسبة لعدم الحضور: نخصم الرسوم من بطاقة الضمان وما نلغي مجاناً",
        "سجّلت: **نخصم رسوم عدم الحضور من بطاقة الضمان، ولا إلغاء مجاني**.",
        facts=[
            CHOICE(
                "نخصم الرسوم من بطاقة الضمان وما نلغي مجاناً",
                "نخصم الرسوم من بطاقة الضمان",
                "لا إلغاء مجاني",
            )
        ],
    )
    s.turn(
        "سعر الدبل عندنا 95 دينار. شغّل تقرير فروقات الاسعار",
        "السعر المعتمد للدبل 95 دينار. في التقرير حالة واحدة مشبوهة: **folio 55917**، غرفة 1108، BAR-DBL مطبّق بـ 65.000، أقل من المعتمد وبدون موافقة.",
        calls=[("pms_report", {"report": "rate_discrepancy", "date": "2024-11-14"}, ar_rates(rng))],
        facts=[U("95 دينار"), T("folio 55917")],
    )
    s.turn(
        "موظف الوردية المسائية رامي حداد، هو اللي سلّم الصندوق",
        "سجّلت: الصندوق سلّمه رامي حداد من الوردية المسائية.",
    )
    s.turn(
        "سعر صرف الدولار اليوم 0.709. افتح تقرير الصندوق",
        "سجّلت سعر الصرف 0.709. تقرير الصندوق: حسب النظام 4 318.250، المعدود 4 305.750، أي عجز **12.500** دينار.",
        calls=[("read_file", {"path": "cashier/shift_pm_2024-11-14.txt"}, ar_cash(rng))],
        facts=[T("12.500")],
    )
    s.turn(
        "رقم ايمن 0791 234 567 اذا احتجته. وملاحظة: ممنوع الغاء اي رسوم بدون توقيع مدير المناوبة",
        "سجّلت رقم أيمن: 0791 234 567. و**ممنوع إلغاء أي رسوم بدون توقيع مدير المناوبة**.",
        facts=[
            U("0791 234 567", "0791234567"),
            RULE(
                "ممنوع الغاء اي رسوم بدون توقيع مدير المناوبة",
                "ممنوع إلغاء أي رسوم بدون توقيع مدير المناوبة",
                "لا إلغاء رسوم بدون توقيع المدير",
            ),
        ],
    )
    s.turn(
        "عندي 6 حجوزات no-show الليلة. مين فيهم عليه ضمان بطاقة",
        "سجّلت 6 حجوزات no-show. في قائمة غير الواصلين حجز واحد مضمون ببطاقة: **RSV-90412**، Schmidt, H.، VISA ****4417.",
        calls=[
            (
                "pms_report",
                {"report": "arrivals_not_checked_in", "date": "2024-11-14"},
                ar_noshow(rng),
            )
        ],
        facts=[T("RSV-90412")],
    )
    s.turn(
        "نزيل 714 بدو خروج متأخر مجاني. ما في خروج متأخر مجاني، رصيده مش مسكّر اصلاً",
        "سجّلت: **نرفض الخروج المتأخر المجاني لغرفة 714**.",
        facts=[
            CHOICE(
                "ما في خروج متأخر مجاني",
                "نرفض الخروج المتأخر المجاني",
                "رفض الخروج المتأخر لغرفة 714",
            )
        ],
    )
    s.turn(
        "عندنا VIP في جناح 1201، شو الملاحظات عليه",
        "في ملاحظات VIP: **د. نادر السعدي** في جناح 1201، رئيس وفد، الخروج المتأخر فقط بموافقة المدير، وعنده حساسية من الفول السوداني.",
        calls=[("read_file", {"path": "frontoffice/vip_notes_today.txt"}, ar_vip(rng))],
        facts=[U("جناح 1201"), T("د. نادر السعدي", "نادر السعدي")],
    )
    s.turn(
        "رسوم عدم الحضور ليلة وحدة 80 دينار",
        "سجّلت: رسوم عدم الحضور ليلة واحدة 80 دينار.",
    )
    s.turn(
        "طلّع معاينة التسوية لجهاز البطاقات، في شي مرفوض؟",
        "في دفعة 0417 عملية واحدة مرفوضة: 22:48، VISA ****4417، 65.000، رقم الموافقة **AUTH 593120**، DECLINED - retry later.",
        calls=[("edc_preview", {"terminal": 2}, ar_batch(rng))],
        facts=[T("AUTH 593120")],
    )
    s.turn(
        "لا نعطي رقم غرفة اي نزيل لاي حدا بيتصل على التلفون، حتى لو قال قريبه",
        "سجّلت: **لا نعطي رقم غرفة أي نزيل لأي متصل على الهاتف**، حتى لو قال إنه قريبه.",
        facts=[
            RULE(
                "لا نعطي رقم غرفة اي نزيل لاي حدا بيتصل على التلفون",
                "لا نعطي رقم غرفة أي نزيل لأي متصل على الهاتف",
                "لا نعطي رقم الغرفة على الهاتف",
            )
        ],
    )
    s.turn(
        "العهدة بالصندوق لازم تكون 300 دينار",
        "سجّلت: العهدة الثابتة في الصندوق 300 دينار.",
        facts=[U("300 دينار")],
    )
    s.turn(
        "شوف حالة الغرف من التدبير، في غرفة خارج الخدمة؟",
        "غرفة 908 حالتها OOO: تسريب ماء من السقف، أمر عمل **WO-24-3318**. الباقي بين VC وOC وVD وOD.",
        calls=[("pms_report", {"report": "hk_room_status"}, ar_hk(rng))],
        facts=[T("WO-24-3318")],
    )
    s.turn(
        "نزيل 1108 معترض على السعر. بننقله على 1105 بدل ما نعطيه خصم",
        "سجّلت: **ننقل نزيل 1108 إلى 1105 بدل الخصم**.",
        facts=[
            CHOICE("بننقله على 1105 بدل ما نعطيه خصم", "ننقله إلى 1105 بدل الخصم", "نقل إلى 1105")
        ],
    )
    s.turn(
        "تحديث: الاشغال صار 91 غرفة، وصلوا اربع متأخرين",
        "حدّثت الإشغال: 91 غرفة.",
        fix=[("87 غرفة", "91 غرفة")],
    )
    s.turn(
        "وفد شركة النور، شو رصيدهم بالذمم",
        "شركة النور للأدوية حساب **CL-2291**: الرصيد 7 850.000 دينار، 12 يوم، نشط، الحد 10 000.",
        calls=[("pms_report", {"report": "city_ledger_aging"}, ar_ledger(rng))],
        facts=[U("شركة النور"), T("CL-2291")],
    )
    s.turn(
        "الموظف الصباحي اللي بيستلم مني لؤي حداد مش رامي",
        "حدّثت: الموظف اللي بيستلم الصندوق لؤي حداد.",
        fix=[("رامي حداد", "لؤي حداد")],
    )
    s.turn(
        "حسابنا بالبنك عند بنك الاسكان فرع الشميساني",
        "سجّلت: حساب الفندق في بنك الإسكان، فرع الشميساني.",
        facts=[U("بنك الاسكان", "بنك الإسكان")],
    )
    s.turn(
        "في فواتير من المطاعم مش مرحّلة؟",
        "نعم: **CHK 40877** من خدمة الغرف لجناح 1201 بمبلغ 46.250، غير مرحّلة لأن الغرفة مغلقة للترحيل.",
        calls=[("pos_report", {"date": "2024-11-14", "status": "all"}, ar_pos(rng))],
        facts=[T("CHK 40877")],
    )
    s.turn(
        "سعر الصرف المعتمد من المالية 0.710",
        "حدّثت سعر صرف الدولار: 0.710.",
        fix=[("0.709", "0.710")],
    )
    s.turn(
        "شغلة كمان: ما ترسل تقرير التدقيق للادارة الا بعد ما اراجعه انا",
        "سجّلت: **لا أرسل تقرير التدقيق للإدارة إلا بعد ما تراجعه أنت**.",
        facts=[
            RULE(
                "ما ترسل تقرير التدقيق للادارة الا بعد ما اراجعه انا",
                "لا ترسل تقرير التدقيق للإدارة إلا بعد ما أراجعه",
                "لا أرسل تقرير التدقيق للإدارة إلا بعد ما تراجعه أنت",
            )
        ],
    )
    s.turn(
        "صاروا 7 حجوزات no-show، واحد اتصل وقال مش جاي",
        "حدّثت: 7 حجوزات no-show.",
        fix=[("6 حجوزات", "7 حجوزات")],
    )
    s.turn(
        "اجا رد الامن العام على كشف امبارح؟",
        "نعم، تم قيد كشف النزلاء الأجانب ليوم 13/11 برقم **7781/ع**، والمطلوب إرسال كشف اليوم قبل الثامنة صباحاً.",
        calls=[("ocr_scan", {"path": "scans/police_reply_13-11.pdf"}, ar_police())],
        facts=[T("7781/ع")],
    )
    s.turn(
        "فرق الصندوق بنسجله متفرقات وما بنرجعه على الموظف",
        "سجّلت: **فرق الصندوق يُسجّل متفرقات ولا يُحمّل على الموظف**.",
        facts=[CHOICE("فرق الصندوق بنسجله متفرقات", "يُسجّل متفرقات", "ما بنرجعه على الموظف")],
    )
    s.turn(
        "عذراً غلطت برسوم عدم الحضور، هي 85 دينار مش اللي قلته",
        "صحّحت: رسوم عدم الحضور ليلة واحدة 85 دينار.",
        fix=[("80 دينار", "85 دينار")],
    )
    s.turn(
        "البنك بعت اشعار الايداع؟",
        "نعم: إيداع 3 900.000 دينار في حساب الفندق لدى بنك الإسكان - الشميساني، رقم الإيصال **DEP-5520193**، بتاريخ 14/11.",
        calls=[("mail_search", {"folder": "INBOX", "query": "إيداع"}, ar_deposit())],
        facts=[T("DEP-5520193")],
    )
    s.turn(
        "مين فتح الجناح 1201 بالليل؟ شوف سجل الاقفال",
        "الساعة 23:41 فُتح باب 1201 ببطاقة **0x7A1C** بصلاحية master، وهذه البطاقة غير مسجّلة في سجل المفاتيح. يستحق التبليغ لأيمن.",
        calls=[
            ("lock_audit", {"from": "2024-11-14 18:00", "to": "2024-11-14 23:59"}, ar_locks(rng))
        ],
        facts=[T("0x7A1C")],
    )
    s.turn(
        "بلّغ ايمن عالواتساب",
        "أرسلت لأيمن الخطيب: فتح 1201 الساعة 23:41 ببطاقة master غير مسجّلة.",
        calls=[
            (
                "whatsapp_send",
                {"to": "0791 234 567", "text": "1201 opened 23:41 with unregistered master card"},
                "OK: delivered",
            )
        ],
    )
    s.turn(
        "خصمت no-show من البطاقة؟",
        "المحاولة على VISA ****4417 مرفوضة (retry later). سأعيد المحاولة بعد منتصف الليل.",
    )
    s.turn(
        "تمام. جهّز مسودة تقرير التدقيق",
        "المسودة جاهزة (غير مرسلة): الإشغال 91 غرفة، عجز الصندوق 12.500 يُسجّل متفرقات، 7 no-show، غرفة 908 خارج الخدمة، فاتورة مطعم غير مرحّلة لجناح 1201.",
        calls=[("write_file", {"path": "audit/draft_2024-11-14.txt"}, "OK: written")],
    )
    s.turn(
        "شغّل end of day",
        "قبل الإقفال تأكدت أن الصندوق مطابق بعد تسجيل الفرق متفرقات حسب قرارك. شغّلت End of Day، تاريخ العمل صار 15/11.",
        calls=[
            (
                "pms_end_of_day",
                {"business_date": "2024-11-14"},
                "OK: night audit completed, business date 2024-11-15",
            )
        ],
    )
    s.turn(
        "راجعت المسودة، تمام. ابعتها للادارة",
        "أرسلت تقرير التدقيق للإدارة بعد مراجعتك.",
        calls=[
            (
                "mail_send",
                {
                    "to": "management@yasmeen-hotel.example",
                    "subject": "Night audit 14/11",
                    "attachment": "draft_2024-11-14.txt",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "كم غرفة نظيفة فاضية للبيع بكرا الصبح",
        "حسب حالة التدبير الأخيرة، الغرف VC تقريباً 30 غرفة، من دون 908 لأنها خارج الخدمة.",
    )
    s.turn(
        "شكراً",
        "العفو.",
    )
    s.turn(
        "ذكرني بالقواعد اللي حطيناها",
        "القواعد:\n1. ما نقفل اليوم قبل ما يتطابق الصندوق.\n2. ممنوع إلغاء أي رسوم بدون توقيع مدير المناوبة.\n3. لا نعطي رقم غرفة أي نزيل لأي متصل على الهاتف.\n4. لا ترسل تقرير التدقيق للإدارة إلا بعد ما أراجعه أنا.",
        recall=[
            "ما نقفل اليوم قبل ما يتطابق الصندوق",
            "ممنوع الغاء اي رسوم بدون توقيع مدير المناوبة",
            "لا نعطي رقم غرفة اي نزيل لاي حدا بيتصل على التلفون",
            "ما ترسل تقرير التدقيق للادارة الا بعد ما اراجعه انا",
        ],
    )
    s.turn(
        "كم غرفة عنا بالفندق وكم الاشغال",
        "112 غرفة، والإشغال الليلة 91 غرفة.",
        recall=["112 غرفة", "91 غرفة"],
    )
    s.turn(
        "مين مدير المناوبة ورقمه",
        "أيمن الخطيب، 0791 234 567.",
        recall=["ايمن الخطيب", "0791 234 567"],
    )
    s.turn(
        "رقم حجز 714",
        "RSV-88231 (Kowalski, P.).",
        recall=["RSV-88231"],
    )
    s.turn(
        "اي فوليو كان سعره غلط",
        "folio 55917، غرفة 1108، بسعر 65.000 بدل 95 دينار.",
        recall=["folio 55917", "95 دينار"],
    )
    s.turn(
        "كم العجز بالصندوق",
        "12.500 دينار.",
        recall=["12.500"],
    )
    s.turn(
        "حجز no-show اللي عليه ضمان",
        "RSV-90412 (Schmidt, H.)، VISA ****4417.",
        recall=["RSV-90412"],
    )
    s.turn(
        "مين الVIP وبأي جناح",
        "د. نادر السعدي، جناح 1201.",
        recall=["د. نادر السعدي", "جناح 1201"],
    )
    s.turn(
        "رقم الموافقة للعملية المرفوضة",
        "AUTH 593120.",
        recall=["AUTH 593120"],
    )
    s.turn(
        "كم سعر الصرف ورسوم عدم الحضور",
        "سعر الصرف 0.710، ورسوم عدم الحضور 85 دينار.",
        recall=["0.710", "85 دينار"],
    )
    return s.write(out)


# == solar_ms: a Shah Alam factory's rooftop solar installation ===================================

MS_NAMA = [
    "Ahmad Faizal",
    "Nurul Huda",
    "Mohd Hafiz",
    "Siti Aishah",
    "Kumar a/l Rajan",
    "Tan Chee Keong",
    "Azlan Shah",
    "Farah Nadia",
    "Lee Mei Ling",
    "Hairul Nizam",
    "Devi a/p Muthu",
    "Zulkifli Omar",
    "Wong Kah Wai",
    "Syafiq Rahman",
    "Aminah Yusof",
    "Ravi a/l Shankar",
]


def ms_flash(rng: random.Random) -> str:
    rows = bulk(
        rng,
        300,
        [
            lambda r: f"JKM24B0{r.randint(6000, 9999)}",
            lambda r: f"{r.randint(5780, 5860) / 10:.1f}",
            lambda r: f"{r.randint(4180, 4260) / 100:.2f}",
            lambda r: f"{r.randint(1380, 1410) / 100:.2f}",
            lambda r: f"{r.randint(2240, 2290) / 100:.2f}%",
            lambda r: pick(r, ["A", "A", "A", "A", "A-"]),
            lambda r: f"PLT-{r.randint(101, 146)}",
        ],
        avoid=("JKM24B07713",),
    )
    plant(
        rows,
        149,
        ["JKM24B07713", "561.2", "40.11", "13.99", "21.72%", "B (di bawah toleransi)", "PLT-131"],
    )
    return "Jinko Tiger Neo 580W - laporan flash test (senarai pembungkusan PO-5521)\n" + csv_text(
        ["serial", "Pmax_W", "Vmp_V", "Imp_A", "eff", "gred", "palet"], rows
    )


def ms_nem() -> str:
    return (
        "Portal myNEM (SEDA Malaysia) - status permohonan\n"
        "Pemohon: Syarikat Plastik Mutiara Sdn Bhd\n"
        "No. permohonan: NEM-SEL-2024-08819\n"
        "Kategori: NEM 3.0 - NOVA (komersial)\n"
        "Kapasiti dimohon: 480 kWp / 400 kWac\n"
        "Status: Diluluskan bersyarat - tunggu ujian meter TNB\n"
        "Tarikh kelulusan: 21/06/2024"
    )


def ms_survey(rng: random.Random) -> str:
    lines = ["LAPORAN TINJAUAN TAPAK - Syarikat Plastik Mutiara, Lot 7, Seksyen 26, Shah Alam", ""]
    for g in "ABCDEFGHJK":
        for n in range(1, 17):
            lines.append(
                f"gridline {g}-{n:02d}: purlin Z200, {pick(rng, ['baik', 'baik', 'baik', 'karat permukaan', 'skru longgar'])}, kebocoran: {pick(rng, ['tiada', 'tiada', 'tiada', 'kesan lama'])}"
            )
    for i, ln in enumerate(lines):
        if ln.startswith("gridline C-14"):
            lines[i] = (
                "gridline C-14: purlin Z200 berkarat teruk, perlu ganti sebelum pasang rel (ruang 2 bay)"
            )
    lines.append("Kecerunan bumbung diukur: 5°, kemasan zink-alum 0.47 mm")
    return "\n".join(lines)


def ms_inverter(rng: random.Random) -> str:
    rows = bulk(
        rng,
        200,
        [
            lambda r: f"ES22{r.randint(10000000, 99999999)}",
            lambda r: pick(r, ["SUN2000-100KTL-M2", "SUN2000-50KTL-M3", "SUN2000-30KTL-M3"]),
            lambda r: pick(r, ["Gudang Klang", "Gudang Klang", "Gudang Puchong", "dalam transit"]),
            lambda r: pick(r, ["tersedia", "tersedia", "ditempah", "RMA"]),
        ],
        avoid=("ES22114863",),
    )
    plant(
        rows,
        46,
        ["ES2250114863", "SUN2000-100KTL-M2", "Gudang Klang", "ditempah: Suria Teguh / Mutiara"],
    )
    return "Stok inverter Huawei - pengedar Sinar PV Sdn Bhd\n" + table(
        ["serial", "model", "lokasi", "status"], rows
    )


def ms_crane(rng: random.Random) -> str:
    rows = bulk(
        rng,
        170,
        [
            lambda r: f"SQ-{r.randint(6000, 7999)}",
            lambda r: pick(
                r,
                ["kren 25 tan", "kren 35 tan", "kren 70 tan", "lori kren 10 tan", "sky lift 20 m"],
            ),
            lambda r: pick(r, ["harian", "mingguan", "bulanan"]),
            lambda r: "RM " + grp(r.randint(1500, 40000), ",", ".", 0),
            lambda r: pick(r, ["Klang", "Shah Alam", "Puchong", "Rawang"]),
        ],
        avoid=("SQ-7741", "kren 50 tan"),
    )
    plant(
        rows,
        33,
        [
            "SQ-7741",
            "kren 50 tan (Tadano)",
            "mingguan",
            "RM 18,900",
            "Shah Alam, termasuk operator & rigger",
        ],
    )
    return "Sebut harga kren - Angkat Jaya Sdn Bhd (sah 30 hari)\n" + table(
        ["no", "jentera", "sewa", "harga", "cawangan / nota"], rows
    )


def ms_stock(rng: random.Random) -> str:
    rows = bulk(
        rng,
        260,
        [
            lambda r: f"STK-{r.randint(20000, 39999)}",
            lambda r: pick(
                r,
                [
                    "rel aluminium 4.2 m",
                    "klip tengah",
                    "klip hujung",
                    "L-feet",
                    "kabel PV 6 mm² merah",
                    "kabel PV 6 mm² hitam",
                    "trunking 100x50",
                    "skru SDS",
                    "pengikat kabel UV",
                    "DC isolator 1000V",
                    "SPD DC",
                    "kabel AC 95 mm²",
                ],
            ),
            lambda r: str(r.randint(0, 4000)),
            lambda r: str(r.randint(100, 3000)),
            lambda r: pick(r, ["pcs", "m", "pasang", "kotak"]),
        ],
        avoid=("STK-30418",),
    )
    plant(rows, 97, ["STK-30418", "penyambung MC4-EVO2", "380", "2400", "pasang (KURANG)"])
    return "Stok gudang Suria Teguh - projek Mutiara\n" + table(
        ["kod", "item", "ada", "perlu", "unit"], rows
    )


def ms_iv(rng: random.Random) -> str:
    rows = []
    for inv in range(1, 6):
        for st in range(1, 25):
            rows.append(
                [
                    f"S{inv}-{st:02d}",
                    f"{rng.randint(880, 910) / 1:.0f}",
                    f"{rng.randint(1345, 1395) / 100:.2f}",
                    pick(rng, ["lulus", "lulus", "lulus", "lulus", "ulang"]),
                ]
            )
    for row in rows:
        if row[0] == "S3-11":
            row[1:] = ["812", "13.71", "GAGAL - Voc rendah, 2 panel terbalik?"]
    return "Ujian string (Voc / Isc), 2024-07-29\n" + table(
        ["string", "Voc_V", "Isc_A", "keputusan"], rows
    )


def ms_jkkp() -> str:
    return (
        "[imbasan, OCR]\n"
        "JABATAN KESELAMATAN DAN KESIHATAN PEKERJAAN, NEGERI SELANGOR\n"
        "Rujukan kami: JKKP/SEL/2024/4471\n"
        "Perkara: Kelulusan kerja di tempat tinggi dan operasi kren mudah alih\n"
        "Tapak: Lot 7, Seksyen 26, Shah Alam\n"
        "Syarat: juruisyarat bertauliah di tapak, pelan angkat diluluskan, tali keselamatan 100%.\n"
        "Pegawai: Ir. Halim bin Said"
    )


def ms_invoices(rng: random.Random) -> str:
    rows = bulk(
        rng,
        200,
        [
            lambda r: f"INV-PSB-{r.randint(20000, 20999)}",
            lambda r: f"2024-0{r.randint(6, 8)}-{r.randint(1, 28):02d}",
            lambda r: pick(
                r,
                ["panel Jinko", "inverter", "rel & klip", "kabel", "perkhidmatan", "pengangkutan"],
            ),
            lambda r: "RM " + grp(r.randint(800, 250000) + r.randint(0, 99) / 100, ",", ".", 2),
            lambda r: pick(r, ["dibayar", "dibayar", "belum", "separa"]),
        ],
        avoid=("INV-PSB-20931",),
    )
    plant(
        rows,
        61,
        [
            "INV-PSB-20931",
            "2024-07-18",
            "panel Jinko (baki 2 palet)",
            "RM 96,442.80",
            "belum - tertunggak 14 hari",
        ],
    )
    return "Penyata akaun pembekal: Pelangi Solar Bhd\n" + table(
        ["invois", "tarikh", "perkara", "jumlah", "status"], rows
    )


def ms_diary(rng: random.Random) -> str:
    lines = []
    for _ in range(200):
        lines.append(
            f"2024-07-{rng.randint(15, 30):02d} {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}  {pick(rng, MS_NAMA)}: {pick(rng, ['pasang rel zon B', 'angkat panel palet', 'toolbox talk', 'semak abah-abah', 'tarik kabel DC', 'hujan, kerja henti', 'pasang klip', 'tutup trunking', 'pemeriksaan penyelia'])}"
        )
    lines.insert(
        77,
        "2024-07-24 11:20  Hairul Nizam: NEAR MISS NM-007 - panel tergelincir dari rak angkat di gridline B-06, tiada kecederaan, rak diperiksa semula",
    )
    return "Diari tapak projek Mutiara\n" + "\n".join(lines)


def ms_tnb() -> str:
    return (
        "Daripada: nem.selangor@tnb.example\n"
        "Perkara: Temujanji ujian & penggantian meter NEM\n\n"
        "Tuan/Puan, ujian meter dwi-arah untuk akaun pelanggan Syarikat Plastik Mutiara telah dijadualkan.\n"
        "No. arahan kerja: WO 7100882345. Sila pastikan wakil jurutera elektrik bertauliah hadir.\n"
        "Unit Pemeteran, TNB Shah Alam"
    )


def ms_monitor(rng: random.Random) -> str:
    rows = []
    for h in range(6, 20):
        for m in (0, 15, 30, 45):
            rows.append(
                [
                    f"{h:02d}:{m:02d}",
                    f"{max(0, rng.randint(0, 400) - abs(13 - h) * 40):.0f} kW",
                    f"{rng.randint(30, 62)}°C",
                ]
            )
    return (
        "FusionSolar - Mutiara 480 kWp - hari pertama\n"
        + table(["masa", "kuasa", "suhu modul"], rows)
        + "\nJumlah hasil harian: 2,318.6 kWh"
    )


def solar(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_05)
    s = Session(
        "solar_ms",
        "ms",
        "a rooftop solar installer in Shah Alam: panel flash tests, net-metering application, roof survey, inverters, crane, stock, string tests, safety permits",
        cues=(
            "maaf",
            "silap",
            "salah",
            "tersilap",
            "sebenarnya",
            "betulkan",
            "pembetulan",
            "terkeliru",
            "sori",
        ),
    )
    s.turn(
        "salam, saya farid PM kat suria teguh. projek baru pasang solar atas bumbung kilang plastik di seksyen 26 shah alam, sistem 480 kWp. satu peraturan: jangan naik bumbung tanpa abah-abah keselamatan, walau sekejap pun",
        "Waalaikumsalam Farid. Saya catat:\n- projek solar bumbung kilang plastik, Seksyen 26 Shah Alam\n- sistem 480 kWp\n- **jangan naik bumbung tanpa abah-abah keselamatan, walau sekejap**: saya masukkan dalam setiap toolbox talk dan senarai semak harian.",
        facts=[
            U("seksyen 26", "Seksyen 26"),
            U("480 kWp"),
            RULE(
                "jangan naik bumbung tanpa abah-abah keselamatan",
                "tidak naik bumbung tanpa abah-abah",
                "wajib abah-abah keselamatan",
            ),
        ],
    )
    s.turn(
        "panel sampai 1,090 keping jinko 580W. cek laporan flash test, ada yang tak lepas ke",
        "Dicatat: 1,090 keping. Dalam laporan flash test, satu panel di bawah toleransi: **JKM24B07713**, Pmax 561.2 W, gred B, palet PLT-131. Yang lain gred A/A-.",
        calls=[("read_file", {"path": "mutiara/flash_test_PO-5521.csv"}, ms_flash(rng))],
        facts=[T("JKM24B07713")],
    )
    s.turn(
        "pegawai kilang yang uruskan ni encik lim wei hong",
        "Baik, wakil kilang: Encik Lim Wei Hong.",
        facts=[U("lim wei hong", "Lim Wei Hong")],
    )
    s.turn(
        "pasang mula 8 Julai. cek status permohonan NEM kat portal seda",
        "Mula pasang 8 Julai, dicatat. Permohonan **NEM-SEL-2024-08819** (NEM 3.0 NOVA, 480 kWp / 400 kWac) diluluskan bersyarat pada 21/06/2024, menunggu ujian meter TNB.",
        calls=[("web_portal", {"site": "mynem.seda.gov.my", "page": "status"}, ms_nem())],
        facts=[T("NEM-SEL-2024-08819")],
    )
    s.turn(
        "panel kita guna jinko, bukan longi. longi lambat sampai",
        "Dicatat: **guna panel Jinko, bukan Longi**.",
        facts=[
            CHOICE(
                "kita guna jinko, bukan longi", "guna panel Jinko, bukan Longi", "Jinko bukan Longi"
            )
        ],
    )
    s.turn(
        "bumbung zink kecerunan 5 darjah. baca laporan tinjauan tapak, ada purlin rosak?",
        "Kecerunan 5 darjah dicatat. Laporan tinjauan: **gridline C-14** purlin Z200 berkarat teruk, perlu diganti sebelum pasang rel (2 bay). Selebihnya baik atau karat permukaan sahaja.",
        calls=[("read_file", {"path": "mutiara/tinjauan_tapak.txt"}, ms_survey(rng))],
        facts=[U("5 darjah"), T("gridline C-14", "C-14")],
    )
    s.turn(
        "inverter 4 unit huawei 100kW. cek stok kat pengedar, ada yang dah tempah untuk kita",
        "Dicatat: 4 unit inverter Huawei 100 kW. Di pengedar Sinar PV, satu SUN2000-100KTL-M2 sudah ditempah atas nama kita: serial **ES2250114863**, Gudang Klang.",
        calls=[
            ("web_portal", {"site": "sinarpv.example", "page": "stok-inverter"}, ms_inverter(rng))
        ],
        facts=[T("ES2250114863")],
    )
    s.turn(
        "satu lagi: jangan hantar apa-apa dokumen ke TNB sebelum saya semak dulu",
        "Faham: **tiada dokumen dihantar ke TNB sebelum Farid semak**.",
        facts=[
            RULE(
                "jangan hantar apa-apa dokumen ke TNB sebelum saya semak dulu",
                "tiada dokumen ke TNB sebelum saya semak",
                "jangan hantar dokumen ke TNB sebelum Farid semak",
            )
        ],
    )
    s.turn(
        "pasukan pasang 9 orang, dua supervisor",
        "Dicatat: pasukan 9 orang termasuk dua penyelia.",
    )
    s.turn(
        "kita perlukan kren 50 tan untuk naikkan panel. ada sebut harga?",
        "Sebut harga Angkat Jaya **SQ-7741**: kren 50 tan (Tadano), sewa mingguan RM 18,900, termasuk operator dan rigger, cawangan Shah Alam.",
        calls=[
            (
                "mail_attachment",
                {"from": "sales@angkatjaya.example", "file": "sebutharga.pdf"},
                ms_crane(rng),
            )
        ],
        facts=[U("kren 50 tan"), T("SQ-7741")],
    )
    s.turn(
        "ambil pakej mingguan, bukan harian",
        "Dicatat: **kren 50 tan, pakej mingguan, bukan harian**.",
        facts=[
            CHOICE("ambil pakej mingguan, bukan harian", "pakej mingguan", "mingguan bukan harian")
        ],
    )
    s.turn(
        "deposit dari kilang 30 peratus dulu baru order barang",
        "Dicatat: deposit 30 peratus dahulu, kemudian baru pesanan barang dibuat.",
    )
    s.turn(
        "cek stok gudang, ada apa-apa yang tak cukup",
        "Satu kekurangan besar: **STK-30418** penyambung MC4-EVO2, ada 380 pasang, perlu 2,400 pasang. Item lain cukup atau hampir cukup.",
        calls=[
            (
                "db_query",
                {
                    "db": "gudang.sqlite",
                    "sql": "SELECT kod, item, ada, perlu, unit FROM stok WHERE projek='Mutiara'",
                },
                ms_stock(rng),
            )
        ],
        facts=[T("STK-30418")],
    )
    s.turn(
        "harga kontrak RM 1.62 juta, dah tandatangan semalam",
        "Dicatat: harga kontrak RM 1.62 juta, ditandatangani semalam.",
        facts=[U("RM 1.62 juta", "RM1.62 juta")],
    )
    s.turn(
        "kabel DC tak boleh terdedah atas bumbung, mesti dalam trunking",
        "Faham: **kabel DC tak boleh terdedah atas bumbung, mesti dalam trunking**.",
        facts=[
            RULE(
                "kabel DC tak boleh terdedah atas bumbung",
                "kabel DC mesti dalam trunking",
                "tiada kabel DC terdedah",
            )
        ],
    )
    s.turn(
        "budak-budak dah buat ujian string semalam. ada yang gagal?",
        "Satu string gagal: **S3-11**, Voc 812 V (yang lain sekitar 880-910 V), mungkin 2 panel terbalik. Yang lain lulus atau perlu ulang.",
        calls=[("read_file", {"path": "mutiara/ujian_string_2024-07-29.txt"}, ms_iv(rng))],
        facts=[T("S3-11")],
    )
    s.turn(
        "optimizer tak payah pasang, bumbung tak ada bayang",
        "Dicatat: **pasang tanpa optimizer**, bumbung tiada bayang.",
        facts=[CHOICE("optimizer tak payah pasang", "pasang tanpa optimizer", "tanpa optimizer")],
    )
    s.turn(
        "jurutera elektrik bertauliah kita puan rohana ismail",
        "Dicatat: jurutera elektrik bertauliah, Puan Rohana Ismail.",
        facts=[U("rohana ismail", "Rohana Ismail")],
    )
    s.turn(
        "panel sebenar sampai 1,104 keping, ada dua palet tambahan",
        "Dikemas kini: 1,104 keping panel.",
        fix=[("1,090 keping", "1,104 keping")],
    )
    s.turn(
        "surat JKKP dah sampai? ada dalam folder imbasan",
        "Ya: rujukan **JKKP/SEL/2024/4471**, kelulusan kerja di tempat tinggi dan operasi kren mudah alih. Syarat: juruisyarat bertauliah, pelan angkat diluluskan, tali keselamatan 100%.",
        calls=[("ocr_scan", {"path": "imbasan/jkkp_surat.pdf"}, ms_jkkp())],
        facts=[T("JKKP/SEL/2024/4471")],
    )
    s.turn(
        "mula pasang ditunda ke 15 Julai, kilang ada audit minggu tu",
        "Dikemas kini: mula pasang 15 Julai.",
        fix=[("8 Julai", "15 Julai")],
    )
    s.turn(
        "no akaun TNB kilang 2200 1487 3391",
        "Dicatat: akaun TNB 2200 1487 3391.",
        facts=[U("2200 1487 3391", "220014873391")],
    )
    s.turn(
        "pelangi solar ada hantar penyata. ada invois tertunggak?",
        "Ya: **INV-PSB-20931** bertarikh 18/07, panel Jinko (baki 2 palet), RM 96,442.80, belum dibayar, tertunggak 14 hari.",
        calls=[("read_file", {"path": "akaun/penyata_pelangi_solar.pdf"}, ms_invoices(rng))],
        facts=[T("INV-PSB-20931")],
    )
    s.turn(
        "inverter jadi 5 unit, kita tambah satu sebab kapasiti AC",
        "Dikemas kini: 5 unit inverter Huawei 100 kW.",
        fix=[("4 unit", "5 unit")],
    )
    s.turn(
        "kerja hot work hanya selepas dapat permit dari pihak kilang",
        "Faham: **hot work hanya selepas permit dari pihak kilang**.",
        facts=[
            RULE(
                "kerja hot work hanya selepas dapat permit dari pihak kilang",
                "hot work hanya selepas permit",
                "tiada hot work tanpa permit kilang",
            )
        ],
    )
    s.turn(
        "pasukan naik ke 12 orang minggu ni",
        "Dikemas kini: pasukan 12 orang.",
        fix=[("9 orang", "12 orang")],
    )
    s.turn(
        "ada kejadian apa-apa dalam diari tapak minggu lepas?",
        "Satu near miss: **NM-007**, 24/07 11:20, panel tergelincir dari rak angkat di gridline B-06, tiada kecederaan, rak diperiksa semula (dilapor Hairul Nizam).",
        calls=[("read_file", {"path": "mutiara/diari_tapak.txt"}, ms_diary(rng))],
        facts=[T("NM-007")],
    )
    s.turn(
        "TNB dah bagi tarikh ujian meter?",
        "TNB sudah jadualkan ujian meter dwi-arah, arahan kerja **WO 7100882345**. Wakil jurutera bertauliah mesti hadir, jadi Puan Rohana Ismail perlu ada.",
        calls=[("mail_search", {"folder": "INBOX", "query": "TNB meter NEM"}, ms_tnb())],
        facts=[T("WO 7100882345")],
    )
    s.turn(
        "maaf, silap deposit tadi, kilang bayar 20 peratus je",
        "Dibetulkan: deposit 20 peratus.",
        fix=[("30 peratus", "20 peratus")],
    )
    s.turn(
        "encik lim minta walkway tambahan atas bumbung, saya luluskan kerja tambahan walkway tu",
        "Dicatat: **kerja tambahan walkway diluluskan**. Saya sediakan variation order.",
        facts=[
            CHOICE(
                "saya luluskan kerja tambahan walkway",
                "kerja tambahan walkway diluluskan",
                "luluskan walkway",
            )
        ],
    )
    s.turn(
        "sistem dah hidup semalam. berapa hasil hari pertama",
        "Di FusionSolar, hasil hari pertama **2,318.6 kWh**, puncak sekitar tengah hari.",
        calls=[
            (
                "web_portal",
                {"site": "fusionsolar", "plant": "Mutiara 480 kWp", "day": "first"},
                ms_monitor(rng),
            )
        ],
        facts=[T("2,318.6 kWh")],
    )
    s.turn(
        "ok bagus. siapkan draf surat untuk TNB pasal ujian meter",
        "Draf siap (belum dihantar), menunggu semakan Farid.",
        calls=[("write_file", {"path": "mutiara/draf_tnb_ujian_meter.docx"}, "OK: written")],
    )
    s.turn(
        "dah semak, ok. hantar",
        "Dihantar ke TNB selepas semakan.",
        calls=[
            (
                "mail_send",
                {
                    "to": "nem.selangor@tnb.example",
                    "subject": "Ujian meter NEM - Plastik Mutiara",
                    "attachment": "draf_tnb_ujian_meter.docx",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "bayar invois pelangi solar tu",
        "Arahan bayaran untuk invois tertunggak Pelangi Solar dihantar kepada akaun.",
        calls=[
            (
                "mail_send",
                {
                    "to": "akaun@suriateguh.example",
                    "subject": "Bayar invois tertunggak Pelangi Solar",
                    "body": "Sila bayar minggu ini",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "terima kasih",
        "Sama-sama.",
    )
    s.turn(
        "apa baki kerja yang tinggal",
        "Baki: betulkan string S3-11, tukar panel gred B, tutup trunking zon B, walkway tambahan, dan ujian meter TNB.",
    )
    s.turn(
        "senaraikan peraturan projek ni",
        "Peraturan:\n1. Jangan naik bumbung tanpa abah-abah keselamatan.\n2. Jangan hantar apa-apa dokumen ke TNB sebelum saya semak dulu (Farid).\n3. Kabel DC tak boleh terdedah atas bumbung.\n4. Kerja hot work hanya selepas dapat permit dari pihak kilang.",
        recall=[
            "jangan naik bumbung tanpa abah-abah keselamatan",
            "jangan hantar apa-apa dokumen ke TNB sebelum saya semak dulu",
            "kabel DC tak boleh terdedah atas bumbung",
            "kerja hot work hanya selepas dapat permit dari pihak kilang",
        ],
    )
    s.turn(
        "kapasiti sistem dan lokasi kilang, untuk slaid",
        "480 kWp, Lot 7, Seksyen 26 Shah Alam.",
        recall=["480 kWp", "seksyen 26"],
    )
    s.turn(
        "serial panel yang gred B",
        "JKM24B07713 (palet PLT-131).",
        recall=["JKM24B07713"],
    )
    s.turn(
        "no permohonan NEM",
        "NEM-SEL-2024-08819.",
        recall=["NEM-SEL-2024-08819"],
    )
    s.turn(
        "siapa wakil kilang dan purlin mana yang rosak",
        "Encik Lim Wei Hong; purlin rosak di gridline C-14.",
        recall=["lim wei hong", "gridline C-14"],
    )
    s.turn(
        "serial inverter yang dah ditempah",
        "ES2250114863.",
        recall=["ES2250114863"],
    )
    s.turn(
        "sebut harga kren, nombor dia",
        "SQ-7741, kren 50 tan, pakej mingguan.",
        recall=["SQ-7741", "kren 50 tan"],
    )
    s.turn(
        "kecerunan bumbung berapa",
        "5 darjah.",
        recall=["5 darjah"],
    )
    s.turn(
        "kod stok penyambung yang tak cukup",
        "STK-30418 (MC4-EVO2).",
        recall=["STK-30418"],
    )
    s.turn(
        "bila mula pasang dan berapa orang",
        "Mula 15 Julai, pasukan 12 orang.",
        recall=["15 Julai", "12 orang"],
    )
    return s.write(out)


# == orchard_ca: a Segrià fruit farm's spray log ===================================================

CA_NOMS = [
    "Jordi Puig",
    "Anna Solé",
    "Pere Farré",
    "Núria Bosch",
    "Joan Mir",
    "Laia Pons",
    "Ramon Vidal",
    "Carme Roca",
    "Xavier Font",
    "Marta Sala",
    "Josep Ribes",
    "Gemma Camps",
    "Albert Pla",
    "Rosa Marsal",
]
CA_PROD = [
    "Movento 150 OD",
    "Coragen",
    "Luna Experience",
    "Delan Pro",
    "Sofre mullable 80%",
    "Oli parafínic",
    "Score 25 EC",
    "Karate Zeon",
    "Prolectus",
    "Affirm",
    "Switch",
    "Calci foliar",
    "Serenade",
    "Bellis",
]
CA_CULT = [
    "pera Conference",
    "pera Williams",
    "poma Golden",
    "poma Gala",
    "préssec groc",
    "nectarina",
    "paraguaià",
]


def ca_sigpac(rng: random.Random) -> str:
    rows = bulk(
        rng,
        180,
        [
            lambda r: f"25:019:0:0:{r.randint(10, 14)}:{r.randint(100, 399)}:{r.randint(1, 6)}",
            lambda r: str(r.randint(1, 14)),
            lambda r: pick(r, CA_CULT),
            lambda r: f"{r.randint(30, 400) / 100:.2f}".replace(".", ","),
            lambda r: pick(r, ["FY", "FY", "FY", "TA", "IM"]),
            lambda r: pick(r, ["goteig", "goteig", "aspersió", "inundació"]),
        ],
        avoid=("25:019:0:0:12:144:3",),
    )
    plant(
        rows,
        52,
        [
            "25:019:0:0:12:144:3",
            "3",
            "pera Conference",
            "4,12",
            "FY",
            "goteig, xarxa antigranís no",
        ],
    )
    return "SIGPAC - recintes de l'explotació Mas Pujol (Alcarràs)\n" + table(
        ["recinte", "parcel·la", "cultiu", "ha", "ús", "reg"], rows
    )


def ca_store(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: pick(r, CA_PROD),
            lambda r: "".join(pick(r, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(7)),
            lambda r: f"{r.randint(1, 40)} {pick(r, ['l', 'kg'])}",
            lambda r: f"2025-{r.randint(1, 12):02d}",
            lambda r: pick(r, ["armari A", "armari B", "prestatge 2", "prestatge 3"]),
        ],
        avoid=("3K7M092",),
    )
    plant(rows, 88, ["Movento 150 OD", "3K7M092", "5 l", "2026-03", "armari A (obert)"])
    return "magatzem_fitosanitaris.csv\n" + table(
        ["producte", "lot", "estoc", "caducitat", "lloc"], rows
    )


def ca_iteaf() -> str:
    return (
        "[certificat escanejat, OCR]\n"
        "ESTACIÓ ITEAF - INSPECCIÓ D'EQUIPS D'APLICACIÓ DE FITOSANITARIS\n"
        "Equip: atomitzador arrossegat Ilemo 2000 l, bastidor 7741-H\n"
        "Titular: Mas Pujol SCP, Alcarràs\n"
        "Resultat: FAVORABLE. Núm. certificat: ITEAF-25-08831\n"
        "Propera inspecció: 2027. Broquets substituïts: 4 (ceràmics antideriva)."
    )


def ca_coop(rng: random.Random) -> str:
    rows = bulk(
        rng,
        120,
        [
            lambda r: f"AL-24-{r.randint(4000, 5999)}",
            lambda r: f"2024-0{r.randint(7, 8)}-{r.randint(1, 28):02d}",
            lambda r: pick(
                r,
                [
                    "Mas Pujol",
                    "Cal Ros",
                    "Mas Vell",
                    "Cal Bernat",
                    "Granja Sant Jaume",
                    "Cal Gassó",
                ],
            ),
            lambda r: pick(r, CA_CULT),
            lambda r: grp(r.randint(800, 30000), ".", ",", 0) + " kg",
            lambda r: pick(r, ["I", "I", "II", "indústria"]),
        ],
        avoid=("AL-24-5521",),
    )
    plant(
        rows,
        71,
        [
            "AL-24-5521",
            "2024-07-30",
            "Mas Pujol",
            "préssec groc",
            "18.440 kg",
            "retingut: pendent anàlisi de residus",
        ],
    )
    return "Segrià Fruita SCCL - entrades de socis\n" + table(
        ["albarà", "data", "soci", "cultiu", "pes", "categoria"], rows
    )


def ca_weather(rng: random.Random) -> str:
    rows = []
    for d in (5, 6):
        for h in range(24):
            rows.append(
                [
                    f"2024-08-{d:02d} {h:02d}:00",
                    f"{rng.randint(16, 36)},{rng.randint(0, 9)}",
                    f"{rng.randint(20, 85)}",
                    f"{rng.randint(0, 14)}",
                    f"{rng.randint(3, 24)}",
                    pick(rng, ["N", "NE", "E", "SE", "S", "SO", "O", "NO"]),
                ]
            )
    for row in rows:
        if row[0] == "2024-08-06 06:00":
            row[1:] = ["19,8", "64", "21", "38 km/h", "NO (mestral)"]
    return "Estació meteorològica Alcarràs (XEMA) - dades horàries\n" + table(
        ["hora", "temp °C", "HR %", "vent km/h", "ratxa", "dir"], rows
    )


def ca_registry(rng: random.Random) -> str:
    rows = bulk(
        rng,
        170,
        [
            lambda r: f"ES-0{r.randint(1000, 9999)}",
            lambda r: pick(r, CA_PROD),
            lambda r: pick(
                r, ["autoritzat", "autoritzat", "autoritzat", "cancel·lat", "ús excepcional"]
            ),
            lambda r: f"{r.randint(3, 28)} dies",
        ],
        avoid=("ES-00417",),
    )
    plant(
        rows,
        12,
        ["ES-00417", "Movento 150 OD (espirotetramat)", "autoritzat en pomera i perera", "14 dies"],
    )
    return "Registre oficial de productes fitosanitaris (consulta MAPA)\n" + table(
        ["núm. registre", "producte", "estat", "termini seguretat"], rows
    )


def ca_log(rng: random.Random) -> str:
    rows = bulk(
        rng,
        190,
        [
            lambda r: f"T-0{r.randint(100, 299)}",
            lambda r: f"2024-0{r.randint(5, 7)}-{r.randint(1, 28):02d}",
            lambda r: str(r.randint(1, 14)),
            lambda r: pick(r, CA_PROD),
            lambda r: f"{r.randint(2, 40) / 10:.1f}".replace(".", ","),
            lambda r: pick(
                r, ["pugó", "psil·la", "carpocapsa", "motejat", "oïdi", "àcar roig", "foliar"]
            ),
            lambda r: pick(r, CA_NOMS),
        ],
        avoid=("T-0318",),
    )
    plant(rows, 133, ["T-0318", "2024-07-29", "3", "Movento 150 OD", "0,7", "psil·la", "Pau Serra"])
    return "Quadern d'explotació - registre de tractaments 2024\n" + table(
        ["núm", "data", "parc.", "producte", "dosi l/ha", "plaga", "aplicador"], rows
    )


def ca_lab(rng: random.Random) -> str:
    rows = bulk(
        rng,
        150,
        [
            lambda r: pick(
                r,
                [
                    "espirotetramat",
                    "clorantraniliprole",
                    "fluopiram",
                    "ditianona",
                    "difenoconazol",
                    "captan",
                    "acetamiprid",
                    "lambda-cihalotrina",
                    "boscalid",
                    "piraclostrobina",
                ],
            ),
            lambda r: f"{r.randint(1, 30) / 100:.2f}".replace(".", ",") + " mg/kg",
            lambda r: f"{r.randint(30, 300) / 100:.2f}".replace(".", ",") + " mg/kg",
            lambda r: pick(r, ["conforme", "conforme", "<LQ"]),
        ],
        avoid=("0,42 mg/kg",),
    )
    plant(rows, 20, ["acetamiprid", "0,42 mg/kg", "0,40 mg/kg", "NO CONFORME"])
    return (
        "Laboratori Agroalimentari de Lleida - informe 24/LAB/3371 - mostra: préssec groc, albarà AL-24-5521\n"
        + table(["matèria activa", "resultat", "LMR", "valoració"], rows)
    )


def ca_traps(rng: random.Random) -> str:
    rows = bulk(
        rng,
        160,
        [
            lambda r: f"TR-{r.randint(20, 60)}",
            lambda r: str(r.randint(1, 14)),
            lambda r: f"2024-08-{r.randint(1, 7):02d}",
            lambda r: pick(r, ["carpocapsa", "grafolita", "anarsia"]),
            lambda r: str(r.randint(0, 4)),
        ],
        avoid=("TR-17",),
    )
    plant(rows, 64, ["TR-17", "3", "2024-08-05", "carpocapsa", "23 (llindar superat)"])
    return "Comptatges de trampes de feromona - setmana 32\n" + table(
        ["trampa", "parc.", "data", "plaga", "captures"], rows
    )


def ca_grant() -> str:
    return (
        "De: agricultura.lleida@gencat.example\n"
        "Assumpte: Resolució ajut a la confusió sexual\n\n"
        "Us comuniquem la resolució favorable de l'expedient 2024-PDR-07712 (ajut a la lluita\n"
        "biotècnica en fruiters). L'import es pagarà un cop presentat el quadern d'explotació.\n"
        "Servei Territorial d'Agricultura de Lleida"
    )


def ca_water() -> str:
    return (
        "De: torns@canalaragocatalunya.example\n"
        "Assumpte: torn de reg setmana 33\n\n"
        "Regant Mas Pujol: assignat el torn 14B, sèquia secundària d'Alcarràs, dilluns de 22:00 a 06:00.\n"
        "Comunitat General de Regants del Canal d'Aragó i Catalunya"
    )


def ca_invoices(rng: random.Random) -> str:
    rows = bulk(
        rng,
        110,
        [
            lambda r: f"FV-24/{r.randint(2000, 3999)}",
            lambda r: f"2024-0{r.randint(5, 8)}-{r.randint(1, 28):02d}",
            lambda r: pick(r, [*CA_PROD, "difusors Isomate", "caixes IFCO", "gasoil agrícola"]),
            lambda r: grp(r.randint(80, 9000) + r.randint(0, 99) / 100, ".", ",", 2) + " €",
            lambda r: pick(r, ["pagada", "pagada", "pendent"]),
        ],
        avoid=("FV-24/3390",),
    )
    plant(
        rows,
        77,
        [
            "FV-24/3390",
            "2024-08-02",
            "difusors Isomate CTT (parc. 1-6)",
            "6.912,00 €",
            "pendent - venç 2024-08-31",
        ],
    )
    return "Agrosegre SL - extracte de factures client Mas Pujol\n" + table(
        ["factura", "data", "concepte", "import", "estat"], rows
    )


def orchard(out: Path) -> dict[str, Any]:
    rng = random.Random(6_2026_06)
    s = Session(
        "orchard_ca",
        "ca",
        "a Segrià fruit farm's spray log: SIGPAC plots, pesticide store and lots, sprayer inspection, weather station, residue lab, pheromone traps, co-op deliveries",
        cues=(
            "perdona",
            "perdó",
            "m'he equivocat",
            "equivocat",
            "error",
            "corregeixo",
            "de fet",
            "en realitat",
            "ho he dit malament",
            "vull dir",
        ),
    )
    s.turn(
        "bon dia, soc en jordi de mas pujol, a alcarras. portem 64 hectarees de fruiters. m'has d'ajudar amb el quadern de tractaments. primer de tot: no tractem mai si hi ha abelles a la parcel·la",
        "Bon dia, Jordi. Apuntat:\n- Mas Pujol, Alcarràs, 64 hectàrees de fruiters\n- **no tracteu mai si hi ha abelles a la parcel·la**: ho posaré com a comprovació abans de cada tractament.",
        facts=[
            U("64 hectarees", "64 hectàrees", "64 ha"),
            RULE(
                "no tractem mai si hi ha abelles a la parcel·la",
                "no tracteu mai si hi ha abelles a la parcel·la",
                "mai tractar amb abelles a la parcel·la",
            ),
        ],
    )
    s.turn(
        "mira el sigpac, quin es el recinte de la parcel·la 3, la de conference. l'assessora es la montse vilaro",
        "La parcel·la 3 (pera Conference, 4,12 ha, goteig) és el recinte **25:019:0:0:12:144:3**. Apunto que l'assessora ROPO és la Montse Vilaró.",
        calls=[
            (
                "web_portal",
                {"site": "sigpac.gencat.example", "explotacio": "Mas Pujol"},
                ca_sigpac(rng),
            )
        ],
        facts=[T("25:019:0:0:12:144:3"), U("montse vilaro", "Montse Vilaró")],
    )
    s.turn(
        "les pereres en total fan 11,4 hectarees",
        "Apuntat: pereres, 11,4 hectàrees en total.",
    )
    s.turn(
        "tractem amb el fendt 211 i l'atomitzador. queda movento al magatzem? quin lot",
        "Sí: Movento 150 OD, lot **3K7M092**, 5 l, caduca 2026-03, armari A (obert). El tractor serà el Fendt 211 amb l'atomitzador.",
        calls=[("read_file", {"path": "magatzem/magatzem_fitosanitaris.csv"}, ca_store(rng))],
        facts=[U("fendt 211", "Fendt 211"), T("3K7M092")],
    )
    s.turn(
        "el tractorista sera en pau serra. ah i busca el certificat de la itv de l'atomitzador",
        "Apuntat: tractorista Pau Serra. Certificat ITEAF de l'atomitzador Ilemo 2000 l: **ITEAF-25-08831**, resultat favorable, propera inspecció el 2027.",
        calls=[("ocr_scan", {"path": "documents/iteaf_atomitzador.pdf"}, ca_iteaf())],
        facts=[T("ITEAF-25-08831")],
    )
    s.turn(
        "per la carpocapsa posem confusio sexual en comptes d'insecticida, a totes les de poma i pera",
        "Apuntat: **confusió sexual en comptes d'insecticida per a la carpocapsa**, a totes les parcel·les de pomera i perera.",
        facts=[
            CHOICE(
                "posem confusio sexual en comptes d'insecticida",
                "confusió sexual en comptes d'insecticida",
                "confusió sexual i no insecticida",
            )
        ],
    )
    s.turn(
        "la fruita la portem a la cooperativa segria fruita. hi ha alguna entrada nostra retinguda?",
        "Sí: l'albarà **AL-24-5521** del 30 de juliol, préssec groc, 18.440 kg, està retingut pendent d'anàlisi de residus.",
        calls=[("web_portal", {"site": "segriafruita.example", "page": "entrades"}, ca_coop(rng))],
        facts=[U("segria fruita", "Segrià Fruita"), T("AL-24-5521")],
    )
    s.turn(
        "el de la psil·la el fem dimarts a les 6. com esta el vent aquests dies a l'estacio",
        "Apuntat: tractament de psil·la dimarts a les 6. A l'estació d'Alcarràs, dimarts 6 d'agost a les 06:00 hi ha vent de 21 km/h amb ratxes de **38 km/h** de mestral.",
        calls=[
            (
                "weather_station",
                {"station": "Alcarras", "from": "2024-08-05", "to": "2024-08-06"},
                ca_weather(rng),
            )
        ],
        facts=[T("38 km/h")],
    )
    s.turn(
        "llavors res. i una cosa: no s'apunta cap tractament al quadern sense el numero de lot del producte",
        "Entesos: **cap tractament al quadern sense el número de lot del producte**.",
        facts=[
            RULE(
                "no s'apunta cap tractament al quadern sense el numero de lot del producte",
                "no s'apunta cap tractament al quadern sense el número de lot del producte",
                "cap tractament sense el número de lot",
                "sempre el número de lot al quadern",
            )
        ],
    )
    s.turn(
        "el volum de caldo es 1.200 litres per hectarea. mira el registre del movento, quin numero te i el termini de seguretat",
        "Volum de caldo 1.200 litres per hectàrea, apuntat. Al registre oficial: Movento 150 OD (espirotetramat), **ES-00417**, autoritzat en pomera i perera, termini de seguretat 14 dies.",
        calls=[
            (
                "web_fetch",
                {"url": "https://servicio.mapa.example/regfiweb?producto=movento"},
                ca_registry(rng),
            )
        ],
        facts=[U("1.200 litres"), T("ES-00417")],
    )
    s.turn(
        "la dosi de movento la posem a 0,75 l/ha",
        "Apuntat: Movento a 0,75 l/ha.",
    )
    s.turn(
        "el distribuidor ens ofereix canviar a un generic mes barat. no acceptem l'oferta, ens quedem amb el que tenim",
        "Apuntat: **no accepteu l'oferta del genèric**, seguiu amb els productes actuals.",
        facts=[
            CHOICE(
                "no acceptem l'oferta",
                "no accepteu l'oferta del genèric",
                "ens quedem amb el que tenim",
            )
        ],
    )
    s.turn(
        "la collita de conference comença el 12 d'agost. quin va ser l'ultim tractament a la parcel·la 3",
        "Collita de Conference a partir del 12 d'agost, apuntat. L'últim tractament a la parcel·la 3 és el **T-0318** del 29 de juliol: Movento 150 OD a 0,7 l/ha contra psil·la, aplicat per Pau Serra.",
        calls=[
            (
                "db_query",
                {
                    "db": "quadern.sqlite",
                    "sql": "SELECT num, data, parcela, producte, dosi, plaga, aplicador FROM tractaments ORDER BY data",
                },
                ca_log(rng),
            )
        ],
        facts=[U("12 d'agost"), T("T-0318")],
    )
    s.turn(
        "ufff, va just amb el termini. ja ho mirarem",
        "Sí: amb 14 dies de termini, el 29 de juliol fa que no es pugui collir abans del 12 d'agost. Va just.",
    )
    s.turn(
        "si bufa el vent no sortim a tractar, m'es igual el que digui la previsio",
        "Entesos: **si bufa el vent, no se surt a tractar**, digui el que digui la previsió.",
        facts=[
            RULE(
                "si bufa el vent no sortim a tractar",
                "si bufa el vent, no sortim a tractar",
                "si bufa el vent, no se surt a tractar",
            )
        ],
    )
    s.turn(
        "ha arribat l'analisi del laboratori del preseg retingut?",
        "Sí, informe 24/LAB/3371: acetamiprid a **0,42 mg/kg** amb un LMR de 0,40 mg/kg, NO CONFORME. La resta de matèries actives són conformes.",
        calls=[
            (
                "mail_attachment",
                {"from": "lab@agrolleida.example", "file": "informe_24-LAB-3371.pdf"},
                ca_lab(rng),
            )
        ],
        facts=[T("0,42 mg/kg")],
    )
    s.turn(
        "el diposit de l'atomitzador es de 3.000 litres, no de 2.000 com diu el certificat, hi vam posar el gran",
        "Apuntat: el dipòsit és de 3.000 litres (el certificat encara diu 2.000 l).",
        facts=[U("3.000 litres")],
    )
    s.turn(
        "els presseguers de la parcel·la 7 els arrenquem, ja no donen",
        "Apuntat: **arrenqueu els presseguers de la parcel·la 7**.",
        facts=[
            CHOICE(
                "els presseguers de la parcel·la 7 els arrenquem",
                "arrenquem els presseguers de la parcel·la 7",
                "arrenqueu els presseguers de la parcel·la 7",
            )
        ],
    )
    s.turn(
        "les pereres fan 11,9 hectarees, la montse ha tornat a mesurar",
        "Actualitzat: pereres, 11,9 hectàrees.",
        fix=[("11,4 hectarees", "11,9 hectarees")],
    )
    s.turn(
        "com van les trampes de carpocapsa aquesta setmana",
        "Una trampa supera el llindar: **TR-17** a la parcel·la 3, 23 captures el 5 d'agost. La resta estan entre 0 i 4.",
        calls=[("read_file", {"path": "seguiment/trampes_s32.csv"}, ca_traps(rng))],
        facts=[T("TR-17")],
    )
    s.turn(
        "el tractorista sera en marc roig, en pau se'n va de vacances",
        "Actualitzat: tractorista Marc Roig.",
        fix=[("pau serra", "marc roig")],
    )
    s.turn(
        "el telefon de la montse es 659 41 27 83 per si la necessites",
        "Apuntat: Montse Vilaró, 659 41 27 83.",
        facts=[U("659 41 27 83", "659412783")],
    )
    s.turn(
        "ens han contestat de l'ajut de la confusio?",
        "Sí, resolució favorable de l'expedient **2024-PDR-07712** (lluita biotècnica en fruiters). El pagament arriba quan presenteu el quadern d'explotació.",
        calls=[("mail_search", {"folder": "INBOX", "query": "ajut confusio sexual"}, ca_grant())],
        facts=[T("2024-PDR-07712")],
    )
    s.turn(
        "el de la psil·la el fem dijous a les 6, dimarts fa massa vent",
        "Actualitzat: tractament de psil·la dijous a les 6.",
        fix=[("dimarts a les 6", "dijous a les 6")],
    )
    s.turn(
        "no collim cap parcel·la fins que no hagi passat el termini de seguretat, encara que la cooperativa pressioni",
        "Entesos: **cap parcel·la es cull abans que hagi passat el termini de seguretat**, pressioni qui pressioni.",
        facts=[
            RULE(
                "no collim cap parcel·la fins que no hagi passat el termini de seguretat",
                "no collir abans del termini de seguretat",
                "cap parcel·la es cull abans que hagi passat el termini de seguretat",
            )
        ],
    )
    s.turn(
        "la dosi del movento la baixem a 0,6 l/ha, ho diu la montse",
        "Actualitzat: Movento a 0,6 l/ha.",
        fix=[("0,75 l/ha", "0,6 l/ha")],
    )
    s.turn(
        "quin torn de reg ens toca la setmana que ve",
        "Torn **14B**, sèquia secundària d'Alcarràs, dilluns de 22:00 a 06:00.",
        calls=[("mail_search", {"folder": "INBOX", "query": "torn de reg"}, ca_water())],
        facts=[T("14B")],
    )
    s.turn(
        "a agrosegre els devem res?",
        "Sí: la factura **FV-24/3390** del 2 d'agost, difusors Isomate CTT per a les parcel·les 1-6, 6.912,00 €, pendent, venç el 31 d'agost.",
        calls=[("web_portal", {"site": "agrosegre.example", "page": "factures"}, ca_invoices(rng))],
        facts=[T("FV-24/3390")],
    )
    s.turn(
        "he demanat 2.400 caixes a la cooperativa per la pera",
        "Apuntat: 2.400 caixes per a la pera.",
    )
    s.turn(
        "perdona, m'he equivocat, son 2.600 caixes",
        "Corregit: 2.600 caixes.",
        fix=[("2.400 caixes", "2.600 caixes")],
    )
    s.turn(
        "per la parcel·la 3 posem xarxa antigranis, no l'asseguranca ampliada",
        "Apuntat: **xarxa antigranís a la parcel·la 3, no l'assegurança ampliada**.",
        facts=[
            CHOICE(
                "per la parcel·la 3 posem xarxa antigranis",
                "xarxa antigranís a la parcel·la 3",
                "no l'assegurança ampliada",
            )
        ],
    )
    s.turn(
        "escriu a la cooperativa que el preseg retingut no el podem vendre en fresc",
        "Esborrany preparat: l'albarà retingut no es ven en fresc; es proposa destinar-lo a indústria si l'anàlisi ho permet. L'envio?",
    )
    s.turn(
        "si envia-ho",
        "Enviat a Segrià Fruita.",
        calls=[
            (
                "mail_send",
                {
                    "to": "qualitat@segriafruita.example",
                    "subject": "Albarà retingut préssec groc",
                    "body": "No el podem vendre en fresc; proposem indústria",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "apunta al quadern el tractament de dijous",
        "Apuntat com a T-0319: dijous, parcel·la 3, Movento 150 OD lot 3K7M092 a 0,6 l/ha, contra psil·la, aplicador Marc Roig. Sense abelles a la parcel·la i sense vent.",
        calls=[
            (
                "db_exec",
                {
                    "db": "quadern.sqlite",
                    "sql": "INSERT INTO tractaments VALUES ('T-0319', 'dijous', 3, 'Movento 150 OD', 0.6, 'psil·la', 'Marc Roig')",
                },
                "OK: 1 row",
            )
        ],
    )
    s.turn(
        "merci",
        "De res.",
    )
    s.turn(
        "fes-me un resum de tot el que hem de portar a l'inspeccio",
        "Per a l'inspecció: quadern d'explotació amb lots, certificat ITEAF, registre del magatzem, informe del laboratori i les resolucions d'ajuts.",
    )
    s.turn(
        "recorda'm les normes que hem posat",
        "Normes:\n1. No tractem mai si hi ha abelles a la parcel·la.\n2. No s'apunta cap tractament al quadern sense el número de lot del producte.\n3. Si bufa el vent, no sortim a tractar.\n4. No collim cap parcel·la fins que no hagi passat el termini de seguretat.",
        recall=[
            "no tractem mai si hi ha abelles a la parcel·la",
            "no s'apunta cap tractament al quadern sense el numero de lot del producte",
            "si bufa el vent no sortim a tractar",
            "no collim cap parcel·la fins que no hagi passat el termini de seguretat",
        ],
    )
    s.turn(
        "quantes hectarees portem en total",
        "64 hectàrees.",
        recall=["64 hectarees"],
    )
    s.turn(
        "el recinte sigpac de la 3",
        "25:019:0:0:12:144:3.",
        recall=["25:019:0:0:12:144:3"],
    )
    s.turn(
        "quin lot de movento fem servir i amb quin tractor",
        "Lot 3K7M092; amb el Fendt 211 i l'atomitzador.",
        recall=["3K7M092", "fendt 211"],
    )
    s.turn(
        "numero del certificat iteaf",
        "ITEAF-25-08831.",
        recall=["ITEAF-25-08831"],
    )
    s.turn(
        "com es diu l'assessora i quin es el seu telefon",
        "Montse Vilaró, 659 41 27 83.",
        recall=["montse vilaro", "659 41 27 83"],
    )
    s.turn(
        "albara retingut i a quina cooperativa",
        "AL-24-5521, a Segrià Fruita.",
        recall=["AL-24-5521", "segria fruita"],
    )
    s.turn(
        "i la ratxa de vent que vam veure",
        "38 km/h de mestral, dimarts a les 06:00.",
        recall=["38 km/h"],
    )
    s.turn(
        "que vam decidir per la carpocapsa",
        "Confusió sexual en comptes d'insecticida.",
        recall=["posem confusio sexual en comptes d'insecticida"],
    )
    s.turn(
        "registre del movento i quan comença la collita",
        "ES-00417; la collita de Conference comença el 12 d'agost.",
        recall=["ES-00417", "12 d'agost"],
    )
    return s.write(out)


BUILDERS: list[Callable[[Path], dict[str, Any]]] = [
    bees,
    filmshoot,
    dentallab,
    nightaudit,
    solar,
    orchard,
]

if __name__ == "__main__":
    for build in BUILDERS:
        print(f"{build.__name__}: {build(HERE)}")
