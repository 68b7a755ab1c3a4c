"""Write the third sealed held-out retention set: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed3/make_sealed3.py`` from anywhere; it rewrites all twelve
files next to itself. The script stands alone (Python standard library only, nothing imported
from nbagent) and is deterministic: bulk tool output (training logs, land-registry extracts,
SQL results, repair estimates, submission sheets, stock exports, ...) comes from a
``random.Random`` seeded per conversation, used at generation time only. The committed
``.jsonl`` / ``.facts.json`` files are the reference; tests and benchmarks read them and never
run this script.

Written blind: its author read no nbagent source and no conversation of the earlier held-out
sets, only the file format. Measured only, never tuned on (see README.md).

Formats:

* ``<name>.jsonl``: one message per line. ``user`` / ``assistant`` messages carry a list of
  blocks (``text``; ``tool_use`` with ``id`` / ``name`` / ``input``); ``tool`` messages carry
  ``tool_call_id``, ``content`` (text blocks), ``is_error`` and ``tool_name``. A turn is one user
  message, at most one assistant message with tool calls, their results, and the final reply.
* ``<name>.facts.json``: ``language``, ``domain``, ``facts`` (``text``, ``accept``, ``kind`` in
  ``hard`` / ``constraint`` / ``decision``, ``turn`` = 0-based index of the user turn stating it,
  ``source`` in ``user`` / ``tool``) and ``corrections`` (``old``, ``new``, ``turn_old``,
  ``turn_new``). A correction's ``old`` value is superseded and is not a fact; its ``new`` value
  is measured as a correction and is not listed again as a fact.

Self-checks (assertions; they change nothing in the output):

* every fact occurs verbatim in its turn, as a whole token (a hit inside a longer number or Latin
  word does not count, as in ``benchmarks/_heldout.py``): in the user message (``source: user``)
  or in a tool result (``source: tool``); a tool fact occurs (even as a substring) in no earlier
  message, in no tool input of its turn and in no user message up to its turn;
* a correction's ``old`` occurs in an earlier user message, its ``new`` in the user message of
  ``turn_new`` and in no user message before; from that turn on, the old value appears in a
  message only if the new value follows it in the same message (whole-token hits);
* no fact (or accepted spelling) overlaps a superseded value;
* at most one correction per conversation carries a cue word (and most carry none);
* at least six of the last ten turns make the reply give back facts from the first fifteen;
* bounds: 46-56 turns, 18-24 hard facts (user and tool both present), 3-5 constraints,
  3-6 decisions, 4-6 corrections, 4+ tool outputs of 50+ lines, ~22-25k tokens at chars/4.
"""

from __future__ import annotations

import json
import math
import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

GENERIC_CUES = (
    "actually",
    "correction",
    "sorry",
    "i meant",
    "oops",
    "my bad",
    "scratch that",
    "typo",
    "misspoke",
    "wrong, ",
)


@dataclass(frozen=True)
class Fact:
    text: str
    kind: str
    source: str
    accept: tuple[str, ...] = ()


def U(text: str, *accept: str) -> Fact:
    """A hard value the user states."""
    return Fact(text, "hard", "user", accept)


def T(text: str, *accept: str) -> Fact:
    """A hard value that only a tool result of the turn shows."""
    return Fact(text, "hard", "tool", accept)


def RULE(text: str, *accept: str) -> Fact:
    """A constraint: its key phrase verbatim in the user message."""
    return Fact(text, "constraint", "user", accept)


def CHOICE(text: str, *accept: str) -> Fact:
    """A decision: its key phrase verbatim in the user message."""
    return Fact(text, "decision", "user", accept)


Call = tuple[str, dict[str, Any], str]
"""(tool name, input, result text); a result starting with ERROR is flagged is_error."""


_SPACE = re.compile(r"\s+")


def plain(text: str) -> str:
    """NFKC, case folded, runs of spaces as one: how the held-out measure compares text."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _joins(a: str, b: str) -> bool:
    """Two touching characters that would read as one token (digit-digit, ASCII letter-letter)."""
    if a.isdigit() and b.isdigit():
        return True
    return a.isascii() and b.isascii() and a.isalpha() and b.isalpha()


def token_hits(key: str, haystack: str) -> list[int]:
    """Where ``key`` occurs in ``haystack`` (both made plain) with clean edges, as the measure counts a hit."""
    key, haystack = plain(key), plain(haystack)
    out = []
    at = haystack.find(key)
    while key and at >= 0:
        end = at + len(key)
        if not (at > 0 and _joins(haystack[at - 1], key[0])) and not (end < len(haystack) and _joins(haystack[end], key[-1])):
            out.append(at)
        at = haystack.find(key, at + 1)
    return out


def token_in(key: str, haystack: str) -> bool:
    return bool(token_hits(key, haystack))


def text_of(message: dict[str, Any]) -> str:
    out = []
    for block in message["content"]:
        if block["type"] == "text":
            out.append(block["text"])
        elif block["type"] == "tool_use":
            out.append(json.dumps(block["input"], ensure_ascii=False))
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
        facts: Sequence[Fact] = (),
        fix: Sequence[tuple[str, str]] = (),
        recall: Sequence[str] = (),
    ) -> None:
        n = self.n
        before = plain("\n".join(text_of(m) for m in self.messages))
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
            ids = [f"call_{self.name[:6]}_{n:02d}_{k}" for k in range(len(calls))]
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
        self.messages.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
        tool_text = "\n".join(results)
        where = f"{self.name} turn {n}"
        for fact in facts:
            home = user if fact.source == "user" else tool_text
            assert fact.text in home, f"{where}: {fact.text!r} not in its {fact.source} text"
            assert token_in(fact.text, home), f"{where}: {fact.text!r} only inside a longer token"
            if fact.source == "tool":
                low = plain(fact.text)
                assert low not in before, f"{where}: tool fact {fact.text!r} seen earlier"
                assert low not in inputs, f"{where}: tool fact {fact.text!r} in a tool input"
                assert low not in users_so_far, f"{where}: tool fact {fact.text!r} in a user text"
            assert all(f["text"] != fact.text for f in self.facts), f"{where}: {fact.text!r} twice"
            self.facts.append(
                {
                    "text": fact.text,
                    "accept": list(fact.accept),
                    "kind": fact.kind,
                    "turn": n,
                    "source": fact.source,
                }
            )
        for old, new in fix:
            assert new in user, f"{where}: corrected value {new!r} not in the user text"
            assert token_in(new, user), f"{where}: corrected value {new!r} only inside a longer token"
            earlier = [i for i, u in enumerate(self.users[:-1]) if old in u]
            assert earlier, f"{where}: superseded value {old!r} never stated by the user"
            assert not any(new in u for u in self.users[:-1]), (
                f"{where}: new value {new!r} in a user message before its correction"
            )
            self.corrections.append(
                {"old": old, "new": new, "turn_old": earlier[-1], "turn_new": n}
            )
        known = {f["text"]: (f["accept"], f["turn"]) for f in self.facts}
        for c in self.corrections:
            known.setdefault(c["new"], ([], c["turn_new"]))
        for text in recall:
            assert text in known, f"{where}: recall of unknown fact {text!r}"
            spellings = [text, *known[text][0]]
            assert any(token_in(sp, reply) for sp in spellings), f"{where}: reply lacks {text!r}"
            self.recalls.setdefault(n, []).append(known[text][1])

    def check(self) -> dict[str, Any]:
        name = self.name
        assert 46 <= self.n <= 56, f"{name}: {self.n} turns"
        hard = [f for f in self.facts if f["kind"] == "hard"]
        rules = [f for f in self.facts if f["kind"] == "constraint"]
        choices = [f for f in self.facts if f["kind"] == "decision"]
        assert 18 <= len(hard) <= 24, f"{name}: {len(hard)} hard facts"
        by_user = sum(f["source"] == "user" for f in hard)
        assert 5 <= by_user <= len(hard) - 5, f"{name}: {by_user} of {len(hard)} hard from user"
        assert 3 <= len(rules) <= 5, f"{name}: {len(rules)} constraints"
        assert 3 <= len(choices) <= 6, f"{name}: {len(choices)} decisions"
        assert 4 <= len(self.corrections) <= 6, f"{name}: {len(self.corrections)} corrections"
        for f in self.facts:
            for c in self.corrections:
                o = plain(c["old"])
                for t in (f["text"], *f["accept"]):
                    assert o not in plain(t) and plain(t) not in o, (
                        f"{name}: fact {t!r} overlaps superseded {c['old']!r}"
                    )
        for c in self.corrections:
            old, new = plain(c["old"]), plain(c["new"])
            assert old not in new and new not in old, f"{name}: {c} old/new nested"
            for k in range(self.starts[c["turn_new"]], len(self.messages)):
                text = text_of(self.messages[k])
                news = token_hits(new, text)
                inside = {at + i for at in news for i in range(len(new) - len(old) + 1)}
                olds = [at for at in token_hits(old, text) if at not in inside]
                if olds:
                    assert news and news[-1] > olds[-1], (
                        f"{name}: superseded {c['old']!r} shown as current in message {k}"
                    )
        cues = (*GENERIC_CUES, *self.cues)
        cued = [c for c in self.corrections if any(plain(q) in plain(self.users[c["turn_new"]]) for q in cues)]
        assert len(cued) <= 1, f"{name}: {len(cued)} corrections carry a cue word"
        late = [t for t in range(self.n - 10, self.n) if self.recalls.get(t)]
        early = [t for t in late if min(self.recalls[t]) < 15]
        assert len(early) >= 6, f"{name}: only {len(early)} of the last ten turns recall early facts"
        long_ones = [r for r in self.outputs if r.count("\n") >= 49]
        assert len(long_ones) >= 4, f"{name}: {len(long_ones)} tool outputs of 50+ lines"
        assert max(len(r) for r in self.outputs) <= 24_000, f"{name}: a tool output is too big"
        chars = sum(len(text_of(m)) for m in self.messages)
        assert 88_000 <= chars <= 100_000, f"{name}: {chars} chars (~{chars // 4} tokens)"
        return {
            "turns": self.n,
            "tokens": chars // 4,
            "hard": len(hard),
            "hard_user": by_user,
            "hard_tool": len(hard) - by_user,
            "constraints": len(rules),
            "decisions": len(choices),
            "corrections": len(self.corrections),
            "corrections_without_cue": len(self.corrections) - len(cued),
            "long_tool_outputs": len(long_ones),
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
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{self.name}.facts.json").write_text(text, encoding="utf-8")
        return stats


# -- helpers for bulk tool output ----------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], gap: int = 2) -> str:
    """Rows aligned in columns, as a CLI prints them."""
    cells = [[str(x) for x in header], *[[str(x) for x in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        (" " * gap).join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
        for r in cells
    )


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(x) for x in r) for r in [header, *rows])


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def b36(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def eu_money(cents: int, sep: str = ".") -> str:
    """1234567 -> '12.345,67' (sep '.' for es/de, ' ' for pl/fr)."""
    whole, frac = divmod(cents, 100)
    digits = f"{whole:,}".replace(",", sep)
    return f"{digits},{frac:02d}"



# == 1. mltrain_en: LoRA fine-tune of an 8B model on a clause classifier ===========================

LABELS = [
    "assignment", "audit_rights", "change_of_control", "confidentiality", "counterparts",
    "governing_law", "indemnification", "insurance", "intellectual_property", "jurisdiction",
    "limitation_of_liability", "liquidated_damages", "non_compete", "non_solicitation",
    "notices", "payment_terms", "price_adjustment", "renewal", "severability", "subcontracting",
    "survival", "termination_for_cause", "termination_for_convenience", "warranty",
    "waiver", "force_majeure", "entire_agreement", "amendment", "data_protection",
    "anti_bribery", "export_control", "most_favored_nation", "exclusivity", "minimum_commitment",
    "revenue_share", "escrow", "service_levels", "step_in_rights", "third_party_beneficiary",
    "dispute_resolution", "other",
]


def s3_listing(rng: random.Random) -> str:
    lines = []
    day = 3
    for version, shards in (("v1", 12), ("v2", 16)):
        for k in range(shards):
            size = rng.randint(40_000_000, 90_000_000)
            lines.append(
                f"2024-{9 if version == 'v1' else 12:02d}-{day + k % 20:02d} "
                f"{rng.randint(8, 19):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d} "
                f"{size:>11} clauses/{version}/shard-{k:05d}.jsonl"
            )
        lines.append(f"2024-12-20 11:02:44 {rng.randint(3000, 5000):>11} clauses/{version}/label_map.json")
    v3 = [
        ("train.jsonl", 1_088_432_117),
        ("val.jsonl", 6_402_981),
        ("test.jsonl", 6_311_470),
        ("label_map.json", 4_118),
        ("manifest.json", 2_907),
        ("README.md", 6_644),
        ("dedup_report.txt", 48_213),
    ]
    for fname, size in v3:
        lines.append(f"2025-02-27 16:41:{rng.randint(10, 59):02d} {size:>11} clauses/v3/{fname}")
    for k in range(9):
        lines.append(
            f"2025-02-27 16:4{rng.randint(2, 9)}:{rng.randint(10, 59):02d} "
            f"{rng.randint(2000, 90000):>11} clauses/v3/stats/{['length_hist', 'label_counts', 'source_mix'][k % 3]}_{k // 3}.csv"
        )
    lines.append(f"2025-01-09 10:00:01 {rng.randint(1000, 9000):>11} clauses/DO_NOT_USE_v2_leak.txt")
    total = sum(int(line.split()[2]) for line in lines)
    return "\n".join(lines) + f"\n\nTotal Objects: {len(lines)}\n   Total Size: {total}"


def dedup_report(rng: random.Random) -> str:
    lines = ["clauses v3 dedup report (generated 2025-02-27 16:39 by dataprep 2.3.1)",
             "input: v2 shards 00000-00015 + 2025-01 contract batch (14 sources)",
             "method: exact sha1 on normalized text, then MinHash (128 perms, 5-gram shingles), Jaccard >= 0.90",
             "", "source                         rows_in    exact_dup   near_dup   rows_out"]
    sources = ["edgar-10k-exhibits", "edgar-8k-exhibits", "client-msa-2023", "client-msa-2024",
               "client-nda-bulk", "public-templates", "gov-procurement", "licensing-deals",
               "saas-terms-scrape", "employment-agreements", "lease-agreements", "supply-contracts",
               "jv-agreements", "synthetic-paraphrase"]
    for src in sources:
        rin = rng.randint(9000, 60000)
        ex = rng.randint(100, rin // 8)
        nd = rng.randint(50, rin // 10)
        lines.append(f"{src:<30}{rin:>8}{ex:>12}{nd:>11}{rin - ex - nd:>11}")
    lines += ["", "split assignment: by contract_id (no contract in two splits), seed 20250227", "",
              "near-duplicate clusters, largest 30:"]
    for k in range(30):
        lines.append(f"  cluster {k:03d}  size={rng.randint(4, 220):>4}  label={rng.choice(LABELS):<28} "
                     f"sample_id={hexs(rng, 12)}")
    lines += ["", "cross-split leakage check: train/val 0, train/test 0, val/test 0", "status: OK"]
    return "\n".join(lines)


def label_counts(rng: random.Random) -> str:
    big = {"confidentiality": 24, "governing_law": 22, "notices": 21}
    tail = {"escrow": 1.2, "step_in_rights": 1.1, "most_favored_nation": 1.4, "liquidated_damages": 1.6}
    weights = {lab: big.get(lab, tail.get(lab, rng.uniform(3.0, 14.0))) for lab in LABELS}
    total = sum(weights.values())
    counts = {lab: int(386412 * w / total) for lab, w in weights.items()}
    counts["other"] += 386412 - sum(counts.values())
    rows = [(lab, n, max(12, n * 2318 // 386412 + rng.randint(-4, 4)),
             max(12, n * 2291 // 386412 + rng.randint(-4, 4)), f"{n / 386412:.4f}") for lab, n in counts.items()]
    return csv_text(["label", "train", "val", "test", "share_train"], rows)


ERROR_SNIPPETS = [
    "in no event shall the indemnifying party's aggregate liability under this section exceed",
    "the liquidated amount set out in schedule 4 shall be the supplier's sole liability for delay",
    "except for breaches of section 9, neither party shall be liable for indirect or consequential",
    "the total liability of either party arising out of or related to this agreement shall not exceed the fees paid",
    "customer shall indemnify and hold harmless provider from any claims, provided that such obligation is capped at",
    "the foregoing limitations shall not apply to a party's indemnification obligations",
    "supplier's liability for service credits shall be capped at ten percent (10%) of monthly charges",
    "any warranty claim must be made within ninety days and liability is limited to re-performance",
]


def confusion_examples(rng: random.Random) -> str:
    lines = ["gold=limitation_of_liability n=57 correct=34", "  -> indemnification        21",
             "  -> liquidated_damages      6", "  -> warranty                3", "  -> insurance               1",
             "  -> other                   1", "", "errors (gold -> pred | val id | text[:110]):"]
    preds = ["indemnification"] * 21 + ["liquidated_damages"] * 6 + ["warranty"] * 3 + ["insurance", "other"]
    for pred in preds:
        lines.append(f"  LoL -> {pred:<19}| val-{rng.randint(10000, 99999)} | {rng.choice(ERROR_SNIPPETS)[:110]}")
    lines += ["", "train rows matching /liability.{0,40}(exceed|cap)/ inside indemnity sections: 1,906 "
              "(labelled indemnification: 774, limitation_of_liability: 1,132)"]
    return "\n".join(lines)


def sinfo(rng: random.Random) -> str:
    rows = []
    for part, count in (("h100", 18), ("a100", 40)):
        for k in range(1, count + 1):
            node = f"gpu-{part}-{k:02d}"
            if node == "gpu-h100-14":
                state = "idle"
                cpus = "0/96/0/96"
            else:
                state = rng.choice(["mixed", "allocated", "allocated", "allocated", "drain", "mixed"])
                used = rng.randint(24, 96) if state != "drain" else 0
                cpus = "0/0/96/96" if state == "drain" else f"{used}/{96 - used}/0/96"
            if part == "a100" and state == "idle":
                state = "mixed"
            gpus = "gpu:h100:8" if part == "h100" else "gpu:a100:8"
            rows.append((node, part, state, gpus, cpus, "1031000" if part == "h100" else "515000"))
    return "$ sinfo -N -p h100,a100 -o '%N %P %T %G %C %m'\n" + table(
        ["NODELIST", "PARTITION", "STATE", "GRES", "CPUS(A/I/O/T)", "MEMORY"], rows
    )


def registry_list(rng: random.Random) -> str:
    rows = []
    owners = ["mkrause", "jlee", "rk", "svarga", "dvolkov", "okafor"]
    for v in range(1, 8):
        f1 = "0.861" if v == 7 else f"0.{rng.randint(700, 848)}"
        stage = "production" if v == 7 else ("archived" if v < 6 else "staging")
        base = ["bert-large", "deberta-v3-large", "deberta-v3-large", "mistral-7b", "mistral-7b",
                "mistral-7b", "mistral-7b-v0.3"][v - 1]
        rows.append((f"clause-clf:v{v}", base, stage, f1, f"2024-{v + 3:02d}-{rng.randint(1, 28):02d}",
                     rng.choice(owners)))
    for task, n in (("ner-parties", 5), ("doc-type", 6), ("redline-diff", 4)):
        for v in range(1, n + 1):
            rows.append((f"{task}:v{v}", rng.choice(["deberta-v3-base", "roberta-large", "t5-large"]),
                         "production" if v == n else "archived", f"0.{rng.choice([x for x in range(700, 960) if x != 861])}",
                         f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", rng.choice(owners)))
    return "$ lexreg models list --all\n" + table(
        ["MODEL", "BASE", "STAGE", "MACRO_F1", "CREATED", "OWNER"], rows
    )


def nvidia_smi(rng: random.Random, util: bool = False) -> str:
    head = [
        "Tue Mar 11 21:58:07 2025",
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|=========================================+========================+======================|",
    ]
    for g in range(8):
        busy = util and g < 4
        mem = rng.randint(71000, 76500) if busy else 1
        head.append(
            f"|   {g}  NVIDIA H100 80GB HBM3          On  |   00000000:{0x18 + g * 0x10:02X}:00.0 Off |"
            "                    0 |"
        )
        head.append(
            f"| N/A   {rng.randint(52, 68) if busy else rng.randint(28, 34)}C    P0"
            f"            {rng.randint(560, 690) if busy else rng.randint(68, 75)}W /  700W |"
            f"   {mem:>5}MiB /  81559MiB |    {rng.randint(93, 99) if busy else 0:>2}%      Default |"
        )
        head.append("+-----------------------------------------+------------------------+----------------------+")
    head += [
        "",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|=========================================================================================|",
    ]
    if util:
        for g in range(4):
            head.append(f"|    {g}   N/A  N/A    {218400 + g}      C   .../envs/ft/bin/python            {rng.randint(70000, 76000)}MiB |")
    else:
        head.append("|  No running processes found                                                             |")
    head.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(head)


def oom_log(rng: random.Random) -> str:
    lines = [
        "==> /scratch/rk/logs/clause-lora-4471932.out <==",
        "[2025-03-11 22:04:12] host gpu-h100-14, SLURM_JOB_ID=4471932, 4 tasks",
        "[2025-03-11 22:04:15] torch 2.5.1+cu124, transformers 4.48.3, peft 0.14.0, accelerate 1.3.0",
        "[2025-03-11 22:04:15] world_size=4 local_rank=0",
        "wandb: Currently logged in as: rk (lexa-ml)",
        "wandb: Tracking run with wandb version 0.19.6",
        "wandb: Run data is saved locally in /scratch/rk/wandb/run-20250311_220419-5tq1ro8b",
        "wandb: Syncing run clause-llama31-lora-try1",
    ]
    for k in range(1, 5):
        lines.append(f"Loading checkpoint shards: {k * 25}%|{'#' * k * 2}{' ' * (8 - k * 2)}| {k}/4 [00:{k * 3:02d}<00:{(4 - k) * 3:02d}]")
    lines += [
        "trainable params: 167,772,160 || all params: 8,198,033,408 || trainable%: 2.0465",
        "Map (num_proc=16): 100%|##########| 386412/386412 [01:41<00:00, 3811.02 examples/s]",
        "Map (num_proc=16): 100%|##########| 2318/2318 [00:01<00:00, 1790.40 examples/s]",
        "[2025-03-11 22:06:40] ***** Running training *****",
        "[2025-03-11 22:06:40]   Num examples = 386,412",
        "[2025-03-11 22:06:40]   Num Epochs = 3",
        "[2025-03-11 22:06:40]   Instantaneous batch size per device = 8",
        "[2025-03-11 22:06:40]   Gradient Accumulation steps = 4",
        "[2025-03-11 22:06:40]   Total train batch size (w. parallel, distributed & accumulation) = 128",
        "[2025-03-11 22:06:40]   Total optimization steps = 9,057",
    ]
    loss = 2.9
    for step in range(1, 38):
        loss -= rng.uniform(0.01, 0.05)
        if step % 3 == 0:
            lines.append(f"{{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.8, 3.5):.3f}, 'learning_rate': {3e-5 * step / 2000:.3e}, 'epoch': {step / 3019:.4f}}}")
    lines += [
        "[rank2]: Traceback (most recent call last):",
        '[rank2]:   File "/home/rk/clause-ft/train.py", line 211, in <module>',
        "[rank2]:     trainer.train()",
        '[rank2]:   File ".../transformers/trainer.py", line 2241, in train',
        "[rank2]:     return inner_training_loop(",
        '[rank2]:   File ".../transformers/trainer.py", line 2548, in _inner_training_loop',
        "[rank2]:     tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
        '[rank2]:   File ".../transformers/trainer.py", line 3740, in training_step',
        "[rank2]:     self.accelerator.backward(loss, **kwargs)",
        '[rank2]:   File ".../accelerate/accelerator.py", line 2329, in backward',
        "[rank2]:     loss.backward(**kwargs)",
        '[rank2]:   File ".../torch/_tensor.py", line 581, in backward',
        "[rank2]:     torch.autograd.backward(",
        "[rank2]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a "
        "total capacity of 79.10 GiB of which 2.07 GiB is free. Including non-PyTorch memory, this "
        "process has 77.02 GiB memory in use. Of the allocated memory 71.88 GiB is allocated by "
        "PyTorch, and 3.96 GiB is reserved by PyTorch but unallocated.",
        "W0311 22:09:58.412000 218402 torch/distributed/elastic/multiprocessing/api.py:897] Sending "
        "process 218400 closing signal SIGTERM",
        "W0311 22:09:58.412000 218402 torch/distributed/elastic/multiprocessing/api.py:897] Sending "
        "process 218401 closing signal SIGTERM",
        "W0311 22:09:58.413000 218402 torch/distributed/elastic/multiprocessing/api.py:897] Sending "
        "process 218403 closing signal SIGTERM",
        "E0311 22:09:59.101000 218402 torch/distributed/elastic/multiprocessing/api.py:869] failed "
        "(exitcode: 1) local_rank: 2 (pid: 218402) of binary: /home/rk/.conda/envs/ft/bin/python",
        "wandb: 🚀 View run clause-llama31-lora-try1 at: https://wandb.ai/lexa-ml/clause-ft/runs/5tq1ro8b",
        "srun: error: gpu-h100-14: task 2: Exited with exit code 1",
    ]
    return "\n".join(lines)


def wandb_runs(rng: random.Random) -> str:
    rows = []
    users = ["rk", "jlee", "mkrause", "svarga", "okafor", "dvolkov"]
    models = ["deberta3l", "mistral7b", "llama31-8b", "qwen25-7b", "phi3-mini"]
    taken = {"3k7ftw9x", "5tq1ro8b", "h2x9c0pe"}
    for k in range(78):
        rid = b36(rng, 8)
        while rid in taken:
            rid = b36(rng, 8)
        taken.add(rid)
        month = rng.choice([11, 12, 1, 1, 2, 2, 3])
        year = 2024 if month > 10 else 2025
        m = rng.choice(models)
        tag = rng.choice(["sweep", "abl", "lr", "r16", "r32", "dbg", "long", "clean"])
        if m == "mistral7b" and tag == "bl":
            tag = "abl"
        name = f"clause-{m}-{tag}-{rng.randint(1, 40)}"
        state = rng.choice(["finished"] * 6 + ["crashed", "killed"])
        ev = f"{rng.uniform(0.40, 0.95):.4f}" if state == "finished" else "-"
        rows.append((rid, name, state, f"{year}-{month:02d}-{rng.randint(1, 28):02d}", rng.choice(users), ev))
    rows.insert(41, ("3k7ftw9x", "clause-mistral7b-bl-feb", "finished", "2025-02-12", "rk", "0.4519"))
    rows.insert(77, ("5tq1ro8b", "clause-llama31-lora-try1", "crashed", "2025-03-11", "rk", "-"))
    return "$ wandb-cli runs --project lexa-ml/clause-ft --limit 100\n" + table(
        ["ID", "NAME", "STATE", "CREATED", "USER", "eval/loss"], rows
    )


def config_yaml(seed: int) -> str:
    return f"""# configs/clause_lora_v3.yaml
model:
  name_or_path: meta-llama/Llama-3.1-8B-Instruct
  torch_dtype: bfloat16
  attn_implementation: flash_attention_2
  gradient_checkpointing: true
tokenizer:
  pad_token: "<|finetune_right_pad_id|>"
  padding_side: right
  max_seq_length: 4096
data:
  train: /scratch/rk/data/clauses/v3/train.jsonl
  validation: /scratch/rk/data/clauses/v3/val.jsonl
  # test split deliberately not listed here
  num_proc: 16
  label_map: /scratch/rk/data/clauses/v3/label_map.json
lora:
  r: 64
  alpha: 128
  dropout: 0.05
  target_modules: [q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj]
  bias: none
training:
  output_dir: /scratch/rk/runs/clause-lora-v3
  num_train_epochs: 3
  per_device_train_batch_size: 4
  per_device_eval_batch_size: 8
  gradient_accumulation_steps: 8
  learning_rate: 3.0e-5
  lr_scheduler_type: cosine
  warmup_steps: 1500
  weight_decay: 0.0
  max_grad_norm: 1.0
  optim: adamw_torch_fused
  bf16: true
  logging_steps: 50
  eval_strategy: steps
  eval_steps: 500
  save_strategy: steps
  save_steps: 500
  save_total_limit: 4
  load_best_model_at_end: true
  metric_for_best_model: eval_loss
  greater_is_better: false
  seed: {seed}
  data_seed: {seed}
  dataloader_num_workers: 8
  ddp_find_unused_parameters: false
  report_to: [wandb]
wandb:
  entity: lexa-ml
  project: clause-ft
  group: llama31-lora-v3
  tags: [lora, v3, h100]
slurm:
  partition: h100
  nodelist: gpu-h100-14
  gpus: 4
  cpus_per_task: 24
  mem: 400G
  time: "1-00:00:00"
# end of file"""


def squeue_and_head(rng: random.Random) -> str:
    rows = []
    users = ["jlee", "mkrause", "svarga", "okafor", "tbauer", "ncho", "aperez"]
    for _ in range(22):
        rows.append((str(rng.randint(4460000, 4473900)), rng.choice(["h100", "a100"]),
                     rng.choice(["sweep", "pretok", "eval", "ft-qwen", "emb-idx", "rlhf"]),
                     rng.choice(users), rng.choice(["R", "R", "PD"]),
                     f"{rng.randint(0, 23)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
                     f"gpu-{rng.choice(['h100', 'a100'])}-{rng.randint(1, 40):02d}"))
    rows.insert(9, ("4473561", "h100", "clause-lora", "rk", "R", "0:11:42", "gpu-h100-14"))
    head = "$ squeue -p h100,a100\n" + table(
        ["JOBID", "PARTITION", "NAME", "USER", "ST", "TIME", "NODELIST"], rows
    )
    log = [
        "",
        "$ head -n 30 /scratch/rk/logs/clause-lora-4473561.out",
        "[2025-03-11 23:31:02] host gpu-h100-14, SLURM_JOB_ID=4473561, 4 tasks",
        "[2025-03-11 23:31:05] torch 2.5.1+cu124, transformers 4.48.3, peft 0.14.0, accelerate 1.3.0",
        "[2025-03-11 23:31:05] seed set to 1234 (python, numpy, torch, cuda)",
        "wandb: Currently logged in as: rk (lexa-ml)",
        "wandb: Tracking run with wandb version 0.19.6",
        "wandb: Run data is saved locally in /scratch/rk/wandb/run-20250311_233109-h2x9c0pe",
        "wandb: Syncing run clause-llama31-lora-v3",
        "wandb: ⭐️ View project at https://wandb.ai/lexa-ml/clause-ft",
        "trainable params: 167,772,160 || all params: 8,198,033,408 || trainable%: 2.0465",
        "[2025-03-11 23:33:31]   Num examples = 386,412",
        "[2025-03-11 23:33:31]   Instantaneous batch size per device = 4",
        "[2025-03-11 23:33:31]   Gradient Accumulation steps = 8",
        "[2025-03-11 23:33:31]   Total train batch size (w. parallel, distributed & accumulation) = 128",
        "[2025-03-11 23:33:31]   Total optimization steps = 9,057",
    ]
    loss = 2.91
    for step in range(50, 350, 50):
        loss -= rng.uniform(0.05, 0.2)
        log.append(f"{{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.6, 2.4):.3f}, 'learning_rate': {3e-5 * step / 1500:.3e}, 'epoch': {step / 3019:.4f}}}")
    return head + "\n".join(log)


def wandb_history(rng: random.Random) -> str:
    rows = []
    loss = 2.9
    for step in range(25, 3050, 25):
        loss = max(0.38, loss * rng.uniform(0.955, 0.995))
        lr = 3e-5 * step / 1500 if step <= 1500 else 3e-5 * 0.5 * (1 + math.cos(3.14159265 * (step - 1500) / 7557))
        rows.append((step, f"{loss:.4f}", f"{lr:.3e}", f"{rng.uniform(0.3, 1.6):.3f}", f"{rng.uniform(2.2, 2.5):.2f}"))
    return "run h2x9c0pe (clause-llama31-lora-v3), history keys: train/loss train/learning_rate train/grad_norm perf/s_per_it\n" + table(
        ["_step", "train/loss", "train/learning_rate", "train/grad_norm", "perf/s_per_it"], rows
    )


def quota(rng: random.Random) -> str:
    lines = ["$ lfs quota -hu rk /scratch", "Disk quotas for usr rk (uid 41877):",
             "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
             f"       /scratch   1.83T      2T   2.05T       -  {rng.randint(180000, 220000)}       0       0       -",
             "", "$ du -sh /scratch/rk/* /scratch/rk/runs/* 2>/dev/null | sort -rh | head -n 45"]
    items = [("/scratch/rk/data", "612G"), ("/scratch/rk/runs", "688G"), ("/scratch/rk/hf_cache", "311G"),
             ("/scratch/rk/wandb", "38G"), ("/scratch/rk/merged", "61G"), ("/scratch/rk/logs", "1.2G")]
    for k in range(58):
        items.append((f"/scratch/rk/runs/{rng.choice(['sweep', 'abl', 'dbg', 'mistral-bl', 'deberta'])}-{b36(rng, 4)}",
                      f"{rng.randint(2, 60)}G"))
    items.append(("/scratch/rk/runs/clause-lora-v3", "27G"))
    items.sort(key=lambda kv: -float(kv[1].rstrip("GT")) * (1000 if kv[1].endswith("T") else 1))
    lines += [f"{size:<6}{path}" for path, size in items]
    return "\n".join(lines)


def train_tail(rng: random.Random) -> str:
    evals = {500: 0.9211, 1000: 0.6873, 1500: 0.5902, 2000: 0.5417, 2500: 0.5108, 3000: 0.4930,
             3500: 0.4781, 4000: 0.4655, 4500: 0.4544, 5000: 0.4391, 5500: 0.4288, 6000: 0.4196,
             6500: 0.4127, 7000: 0.4139, 7500: 0.4152, 8000: 0.4171, 8500: 0.4180, 9000: 0.4183}
    lines = ["$ tail -n 150 /scratch/rk/logs/clause-lora-4473561.out"]
    loss = 0.47
    for step in range(4400, 9058, 50):
        lr = 3e-5 * 0.5 * (1 + math.cos(math.pi * (step - 1500) / 7557))
        loss = max(0.31, loss * rng.uniform(0.985, 1.01))
        lines.append(f"{{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.2, 0.9):.3f}, 'learning_rate': {lr:.3e}, 'epoch': {step / 3019:.4f}}}")
        if step % 500 == 0:
            ev = evals[step]
            lines.append(f"{{'eval_loss': {ev:.4f}, 'eval_runtime': {rng.uniform(41, 44):.2f}, 'eval_samples_per_second': {rng.uniform(52, 56):.2f}, 'epoch': {step / 3019:.4f}}}")
            lines.append(f"[INFO] Saving model checkpoint to /scratch/rk/runs/clause-lora-v3/checkpoint-{step}")
            if step >= 7000:
                lines.append(f"[INFO] Deleting older checkpoint [/scratch/rk/runs/clause-lora-v3/checkpoint-{step - 2000 if step - 2000 != 6500 else step - 1500}] due to args.save_total_limit")
    lines += [
        "[INFO] Saving model checkpoint to /scratch/rk/runs/clause-lora-v3/checkpoint-9057",
        "[INFO] Training completed. Do not forget to share your model on huggingface.co/models =)",
        "[INFO] Loading best model from /scratch/rk/runs/clause-lora-v3/checkpoint-6500 (score: 0.4127).",
        "{'train_runtime': 21842.6, 'train_samples_per_second': 53.07, 'train_steps_per_second': 0.415, 'train_loss': 0.5731, 'epoch': 3.0}",
        "wandb: Run summary:",
        "wandb:                eval/loss 0.4183",
        "wandb:       train/global_step 9057",
        "wandb:               train/loss 0.3604",
        "wandb: 🚀 View run clause-llama31-lora-v3 at: https://wandb.ai/lexa-ml/clause-ft/runs/h2x9c0pe",
    ]
    return "\n".join(lines)


def per_class(rng: random.Random, macro: str, worst: tuple[str, str], title: str) -> str:
    target = float(macro) * len(LABELS)
    while True:
        f1s = {lab: rng.uniform(0.80, 0.975) for lab in LABELS if lab not in (worst[0], "other")}
        f1s[worst[0]] = float(worst[1])
        rest = target - sum(f1s.values())
        if 0.78 <= rest <= 0.97:
            f1s["other"] = rest
            break
    rows = []
    for lab in sorted(LABELS, key=lambda x: f1s[x]):
        p = min(0.99, f1s[lab] + rng.uniform(-0.03, 0.03))
        r = min(0.99, f1s[lab] * p / (2 * p - f1s[lab]))
        f1 = worst[1] if lab == worst[0] else f"{f1s[lab]:.3f}"
        support = 57 if lab == worst[0] else rng.randint(24, 140)
        rows.append((lab, support, f"{p:.3f}", f"{r:.3f}", f1))
    return title + "\n" + table(["label", "support", "precision", "recall", "f1"], rows) + (
        f"\n\nmacro_f1: {macro}\nmicro_f1: {float(macro) + 0.0213:.4f}\nspan_exact_match: 0.7{rng.randint(10, 99)}"
    )


def mltrain(out: Path) -> dict[str, Any]:
    rng = random.Random(31_2025)
    s = Session(
        "mltrain_en",
        "en",
        "LoRA fine-tune of Llama-3.1-8B on a legal clause classifier: slurm, W&B, evals, registry",
        cues=("my mistake", "wrong number", "i was wrong"),
    )
    s.turn(
        "hey. need help babysitting a finetune this week. base is Llama-3.1-8B-Instruct, task is our "
        "clause classifier (41 labels + a short span extraction head via generation), 386,412 training "
        "examples after dedup. and before anything: never push anything to the public hf hub, legal "
        "will murder me. internal registry only",
        "Got it. Noted as the ground rules for this run:\n\n"
        "- base model: Llama-3.1-8B-Instruct\n"
        "- task: 41-label clause classification + short span extraction (generative)\n"
        "- data: 386,412 training examples after dedup\n"
        "- **never push anything to the public HF hub**: weights, adapters and model cards go to the "
        "internal registry only; I'll also set `push_to_hub: false` and `HF_HUB_OFFLINE=1` in the job "
        "env so nothing leaks by accident.\n\n"
        "What hyperparameters do you want to start from, and where does the data live?",
        facts=[
            U("Llama-3.1-8B-Instruct", "llama 3.1 8b instruct", "Llama-3.1-8B"),
            U("386,412", "386412", "386.412"),
            RULE("never push anything to the public hf hub", "nothing on the public hub",
                 "internal registry only", "never push anything to the public HF hub"),
        ],
    )
    s.turn(
        "hparams to start: lr 3e-5, warmup 2000 steps, per-device batch 8, grad accum 4, 3 epochs, "
        "max seq 4096, bf16. lora, not a full finetune - we dont have the gpus for that. lora r=64 alpha "
        "128 on all linear layers",
        "Noted:\n\n| param | value |\n|---|---|\n| learning rate | 3e-5 |\n| warmup | 2000 steps |\n"
        "| per-device batch | 8 |\n| grad accumulation | 4 |\n| epochs | 3 |\n| max seq | 4096 |\n"
        "| precision | bf16 |\n| method | LoRA r=64, alpha 128, all linear layers (q/k/v/o, gate/up/down) |\n\n"
        "With 4 GPUs that's an effective batch of 8 × 4 × 4 = 128. One thing to watch: per-device 8 "
        "at 4096 tokens on an 8B model is tight even on 80 GB with gradient checkpointing; we'll see "
        "on the first steps.",
        facts=[
            U("lr 3e-5", "3e-5", "3e-05", "3.0e-5", "learning rate 3e-5"),
            U("3 epochs", "num_train_epochs: 3", "epochs | 3"),
            U("lora r=64", "LoRA r=64", "r: 64", "r=64"),
            CHOICE("lora, not a full finetune", "LoRA, not a full fine-tune", "lora instead of full finetune"),
        ],
    )
    s.turn(
        "data is at s3://lexa-ml/clauses/v3/ - pull it to scratch and tell me whats in there. v2 is the "
        "old one with the leak, dont use it",
        "Pulled v3 to `/scratch/rk/data/clauses/v3/`. Contents:\n\n"
        "- `train.jsonl`, `val.jsonl`, `test.jsonl`, plus `label_map.json`, `manifest.json`, a README "
        "and a dedup report\n- `stats/`: length histograms, label counts, source mix\n\n"
        "Line counts match the manifest: 386,412 train, 2318 val, 2291 test. The dedup report splits by "
        "contract id and shows zero cross-split leakage. v1 and v2 shards are still "
        "in the bucket (and a `DO_NOT_USE_v2_leak.txt` marker), I didn't touch them.",
        calls=[
            ("shell", {"cmd": "aws s3 ls --recursive s3://lexa-ml/clauses/"}, s3_listing(rng)),
            ("shell", {"cmd": "aws s3 sync s3://lexa-ml/clauses/v3/ /scratch/rk/data/clauses/v3/ --only-show-errors && wc -l /scratch/rk/data/clauses/v3/*.jsonl"},
             "  386412 /scratch/rk/data/clauses/v3/train.jsonl\n    2318 /scratch/rk/data/clauses/v3/val.jsonl\n"
             "    2291 /scratch/rk/data/clauses/v3/test.jsonl\n  391021 total"),
            ("shell", {"cmd": "cat /scratch/rk/data/clauses/v3/dedup_report.txt"}, dedup_report(rng)),
        ],
        lead="Listing the bucket, then syncing v3 only.",
        facts=[U("s3://lexa-ml/clauses/v3/", "lexa-ml/clauses/v3"), T("2318", "2,318")],
    )
    s.turn(
        "which nodes are free on the h100 partition rn? also whats the current prod model's macro f1, "
        "we need to beat it. my own target is 0.87. and dont touch the test split until the final run, "
        "val only till then",
        "**Free H100 nodes:** only one is fully idle: `gpu-h100-14` (8 GPUs, 96 CPUs free). The rest "
        "of the h100 partition is allocated or mixed, a few nodes are drained.\n\n"
        "**Current prod model:** `clause-clf:v7` (mistral-7b-v0.3), macro-F1 **0.861**. So your 0.87 "
        "target is about +1 point over prod.\n\n"
        "And understood: the test split stays untouched until the final run; all intermediate evals "
        "on val. I've left `test.jsonl` out of the training config entirely.",
        calls=[
            ("shell", {"cmd": "sinfo -N -p h100,a100 -o '%N %P %T %G %C %m'"}, sinfo(rng)),
            ("shell", {"cmd": "lexreg models list --all"}, registry_list(rng)),
        ],
        facts=[
            U("0.87", "0.870"),
            T("gpu-h100-14"),
            T("0.861"),
            RULE("dont touch the test split until the final run", "test split only for the final run",
                 "test split stays untouched until the final run", "val only till then"),
        ],
    )
    s.turn(
        "grab gpu-h100-14 then, 4 gpus is plenty. check drivers/cuda on it. fyi legal wants numbers by "
        "march 14",
        "Drivers on gpu-h100-14: driver 550.90.07, CUDA Version: 12.4, 8× H100 80GB HBM3, all idle. "
        "Our env has torch 2.5.1+cu124, so that matches. I'll request 4 GPUs on that node.\n\n"
        "Deadline noted: numbers to legal by march 14. With ~9k optimizer steps that's comfortable "
        "if the first run doesn't crash.",
        calls=[("shell", {"cmd": "srun -p h100 -w gpu-h100-14 --gres=gpu:0 nvidia-smi"}, nvidia_smi(rng))],
        facts=[T("CUDA Version: 12.4", "CUDA 12.4")],
    )
    s.turn(
        "write the config + sbatch and submit. wandb project lexa-ml/clause-ft. when it's done ping "
        "dmitri volkov for review. and dont cancel other people's jobs even if the queue is full, last "
        "time someone did that there was drama",
        "Done:\n\n- `configs/clause_lora_v3.yaml` (all hparams above, wandb entity/project lexa-ml/clause-ft, "
        "eval + save every 500 steps, best model by eval_loss)\n- `jobs/clause_lora.sbatch` (4 GPUs on "
        "gpu-h100-14, 24 CPUs, 400G, 24h)\n- submitted as job 4471932.\n\n"
        "I'll ping dmitri volkov when it's finished. And noted: never cancel anyone else's jobs; if "
        "the queue is full we wait.",
        calls=[
            ("write_file", {"path": "configs/clause_lora_v3.yaml", "content": "<config: lr 3.0e-5, warmup_steps 2000, per_device_train_batch_size 8, gradient_accumulation_steps 4, epochs 3, max_seq_length 4096, lora r 64 / alpha 128>"},
             "wrote configs/clause_lora_v3.yaml (61 lines)"),
            ("write_file", {"path": "jobs/clause_lora.sbatch", "content": "#!/bin/bash\n#SBATCH -p h100 -w gpu-h100-14 --gres=gpu:4 -c 24 --mem=400G -t 1-00:00:00\nsrun torchrun --nproc_per_node 4 train.py --config configs/clause_lora_v3.yaml"},
             "wrote jobs/clause_lora.sbatch (14 lines)"),
            ("shell", {"cmd": "sbatch jobs/clause_lora.sbatch"}, "Submitted batch job 4471932"),
        ],
        facts=[
            U("lexa-ml/clause-ft"),
            RULE("dont cancel other people's jobs", "never cancel anyone else's jobs", "don't cancel other people's jobs"),
        ],
    )
    s.turn(
        "its dead already?? check the log",
        "Yes: OOM on rank 2 after ~37 steps. `torch.OutOfMemoryError: Tried to allocate 3.91 GiB`, "
        "77 GB in use on GPU 2. As feared, per-device batch 8 at 4096 tokens doesn't fit, even with "
        "gradient checkpointing; it only survived the first steps because early batches happened to be short.\n\n"
        "Options: halve the per-device batch and double grad accumulation (same effective batch 128, "
        "same step count), or cut max sequence length. The first keeps the math identical.",
        calls=[("shell", {"cmd": "tail -n 80 /scratch/rk/logs/clause-lora-4471932.out"}, oom_log(rng))],
    )
    s.turn(
        "ok per-device batch 4, grad accum 8, keeps effective batch at 128. and going with cosine for the "
        "schedule. dont resubmit yet",
        "Updated the config: per-device batch 4, grad accum 8 → still 4 × 8 × 4 GPUs = 128 effective, "
        "9,057 optimizer steps for 3 epochs. Scheduler set to cosine (decay to 0 after warmup). Not resubmitted.",
        calls=[("shell", {"cmd": "sed -i 's/per_device_train_batch_size: 8/per_device_train_batch_size: 4/; s/gradient_accumulation_steps: 4/gradient_accumulation_steps: 8/; s/lr_scheduler_type: linear/lr_scheduler_type: cosine/' configs/clause_lora_v3.yaml && git diff --stat"},
                " configs/clause_lora_v3.yaml | 6 +++---\n 1 file changed, 3 insertions(+), 3 deletions(-)")],
        fix=[("per-device batch 8", "per-device batch 4"), ("grad accum 4", "grad accum 8")],
        facts=[CHOICE("going with cosine", "cosine schedule", "lr_scheduler_type: cosine")],
    )
    s.turn(
        "while we're at it: find the W&B run of the mistral baseline from february, i need its run id "
        "for the comparison table",
        "Found it: **`3k7ftw9x`**, `clause-mistral7b-bl-feb`, finished 2025-02-12, eval/loss 0.4519 (your run). "
        "It's the only mistral baseline in the project; the other mistral runs are sweeps/ablations.",
        calls=[("wandb", {"cmd": "runs --project lexa-ml/clause-ft --limit 100"}, wandb_runs(rng))],
        facts=[T("3k7ftw9x")],
    )
    s.turn(
        "warmup 1500 steps, 2000 is too long when the whole thing is ~9k steps. still dont resubmit, "
        "want to look over the rest first",
        "Set `warmup_steps: 1500` (≈16.6% of 9,057 steps). Still not resubmitted.",
        calls=[("shell", {"cmd": "sed -i 's/warmup_steps: 2000/warmup_steps: 1500/' configs/clause_lora_v3.yaml && grep -n warmup configs/clause_lora_v3.yaml"},
                "31:  warmup_steps: 1500")],
        fix=[("warmup 2000 steps", "warmup 1500 steps")],
    )
    s.turn(
        "seed 1234 on every run btw, i want this reproducible. is it in there? show me the whole config",
        "It wasn't: the template had seed 42. Fixed to 1234 for both `seed` and `data_seed`, and I'll "
        "keep it on every run. Current config below, everything else as agreed.",
        calls=[
            ("shell", {"cmd": "sed -i 's/seed: 42/seed: 1234/' configs/clause_lora_v3.yaml"}, "(no output)"),
            ("read_file", {"path": "configs/clause_lora_v3.yaml"}, config_yaml(1234)),
        ],
        facts=[RULE("seed 1234 on every run", "seed: 1234", "seed 1234")],
    )
    s.turn(
        "oops, max seq 3072. i read the length histogram wrong, p99 is like 2.9k tokens. fix that and "
        "submit. cancel my own dead job if its still listed (only mine!)",
        "Set `max_seq_length: 3072`, the old job was already gone from the queue so nothing to cancel, and "
        "submitted: job **4473561** on gpu-h100-14.",
        calls=[
            ("shell", {"cmd": "sed -i 's/max_seq_length: 4096/max_seq_length: 3072/' configs/clause_lora_v3.yaml && squeue -u rk -h"}, "(no output)"),
            ("shell", {"cmd": "sbatch jobs/clause_lora.sbatch"}, "Submitted batch job 4473561"),
        ],
        fix=[("max seq 4096", "max seq 3072")],
        facts=[T("4473561")],
    )
    s.turn(
        "running? which wandb run id did it get",
        "Running for ~12 minutes on gpu-h100-14. W&B run id **`h2x9c0pe`** (`clause-llama31-lora-v3`). "
        "The log confirms seed 1234, batch 4 × accum 8 × 4 GPUs = 128, 9,057 total steps, and loss "
        "is falling normally through warmup (2.9 → ~2.2 by step 300).",
        calls=[("shell", {"cmd": "squeue -p h100,a100; head -n 30 /scratch/rk/logs/clause-lora-4473561.out"}, squeue_and_head(rng))],
        facts=[T("h2x9c0pe")],
    )
    s.turn(
        "whats the total steps / steps per epoch again, and roughly how long",
        "386,412 examples / 128 = 3,019 steps per epoch, × 3 = 9,057 optimizer steps. At ~2.4 s/step "
        "that's about 6 hours wall-clock, plus ~40 s per eval every 500 steps (18 evals ≈ 12 min).",
    )
    s.turn(
        "while it trains write me a quick eval script: per-class f1 on val, table sorted worst first, "
        "plus macro/micro and span exact-match",
        "Wrote `scripts/eval_val.py`: loads a checkpoint (adapter or merged), greedy-decodes val, maps "
        "labels via `label_map.json`, prints per-class precision/recall/F1 sorted worst first, then "
        "macro-F1, micro-F1 and span exact-match. It refuses `--split test` unless you pass `--final`, "
        "so nobody hits the test split by accident.",
        calls=[("write_file", {"path": "scripts/eval_val.py", "content": "<eval script: argparse --ckpt --split {val,test} --final; vllm offline generate; sklearn classification_report>"},
                "wrote scripts/eval_val.py (94 lines)")],
    )
    s.turn(
        "how balanced are the labels in train? just the counts",
        "Quite skewed: `confidentiality`, `governing_law` and `notices` are the biggest classes, the "
        "tail (`escrow`, `step_in_rights`, `most_favored_nation`, `liquidated_damages`) has under 2k "
        "rows each. Nothing below ~1k, so no class is hopeless, but the tail classes are where I'd "
        "expect the weakest F1.",
        calls=[("read_file", {"path": "/scratch/rk/data/clauses/v3/stats/label_counts_0.csv"},
                label_counts(rng))],
    )
    s.turn(
        "llama 3.1 has no pad token right? what did we set",
        "Right, it ships without one. The config sets `pad_token: \"<|finetune_right_pad_id|>\"` "
        "(one of the reserved special tokens, id 128004) with right padding, so we don't reuse EOS "
        "as pad and the loss mask stays clean.",
        calls=[("shell", {"cmd": "grep -n -A2 pad_token configs/clause_lora_v3.yaml"},
                "8:  pad_token: \"<|finetune_right_pad_id|>\"\n9-  padding_side: right\n10-  max_seq_length: 3072")],
    )
    s.turn(
        "hows loss looking",
        "Healthy. Step 3000 now (end of epoch 1): train loss from ~2.9 down to around 0.5, lr peaked "
        "at 3e-5 at step 1500 and is decaying on the cosine. Grad norm stays under ~1.6, no spikes. "
        "~2.3-2.5 s/step.",
        calls=[("wandb", {"cmd": "history h2x9c0pe --keys train/loss,train/learning_rate,train/grad_norm,perf/s_per_it"}, wandb_history(rng))],
    )
    s.turn(
        "gpu util? feels slow",
        "It's fine: the 4 GPUs sit at 93-99% util with 70-76 GB used each. The speed is what 8B + "
        "gradient checkpointing at 3072 tokens costs. Could go faster by dropping checkpointing, but "
        "then batch 4 won't fit.",
        calls=[("shell", {"cmd": "srun --jobid 4473561 --overlap nvidia-smi"}, nvidia_smi(rng, util=True))],
    )
    s.turn(
        "lol legal pushed it, march 19 now. more breathing room",
        "Nice, numbers to legal by march 19 then. That also leaves room for one extra run if the per-class "
        "results show a problem.",
        fix=[("march 14", "march 19")],
    )
    s.turn(
        "scratch is complaining about quota",
        "You're at **1.83T** of the 2T quota on /scratch. Biggest items: `runs/` 688G (old sweeps, "
        "deberta and mistral baselines), `data/` 612G, `hf_cache/` 311G. The current run only uses 27G "
        "and `save_total_limit: 4` caps it. Deleting a few old sweep dirs would free 100G+; want a list?",
        calls=[("shell", {"cmd": "lfs quota -hu rk /scratch; du -sh /scratch/rk/* /scratch/rk/runs/* | sort -rh | head -n 45"}, quota(rng))],
        facts=[T("1.83T")],
    )
    s.turn(
        "later. dmitri's out till june, hannah okafor reviews it, she knows the label set better anyway",
        "Noted: hannah okafor is the reviewer. I'll send her the results when the eval is done.",
        fix=[("dmitri volkov", "hannah okafor")],
    )
    s.turn(
        "training done? show me how eval loss went",
        "Finished: 9,057 steps in ~6h04m.\n\nEval loss went down until **step 6500: 0.4127**, then "
        "crept up slightly (7000: 0.4139 … 9000: 0.4183): mild overfitting in the third epoch. The "
        "trainer reloaded `checkpoint-6500` as best model at the end.",
        calls=[("shell", {"cmd": "tail -n 150 /scratch/rk/logs/clause-lora-4473561.out"}, train_tail(rng))],
        facts=[T("checkpoint-6500"), T("0.4127")],
    )
    s.turn(
        "we ship the best eval-loss checkpoint, not the last one. run the per-class eval on it (val!)",
        "Ran `eval_val.py` on checkpoint-6500, val split:\n\n- **macro-F1 0.8791**: above prod (0.861) and "
        "above your 0.87 target\n- worst class by far: `limitation_of_liability` at **0.644** (57 val examples)\n"
        "- everything else ≥ ~0.80",
        calls=[("shell", {"cmd": "python scripts/eval_val.py --ckpt /scratch/rk/runs/clause-lora-v3/checkpoint-6500 --split val"},
                per_class(rng, "0.8791", ("limitation_of_liability", "0.644"), "eval checkpoint-6500 on val (2318 examples)"))],
        facts=[CHOICE("we ship the best eval-loss checkpoint, not the last one", "ship the best eval-loss checkpoint", "best checkpoint, not the last one"),
               T("0.8791"), T("0.644")],
    )
    s.turn(
        "why is limitation_of_liability so bad. look at what its confused with",
        "Mostly confused with `indemnification` (21 of the 57) and `liquidated_damages` (6). Reading the "
        "errors, many val examples are caps inside indemnity sections (\"in no event shall the "
        "indemnifying party's liability exceed…\"), and train labels those inconsistently: the same "
        "pattern is labelled indemnification in ~40% of train cases. That's a labelling issue more than a model one.",
        calls=[("shell", {"cmd": "python scripts/confusions.py --ckpt checkpoint-6500 --label limitation_of_liability --top 5"},
                confusion_examples(rng))],
    )
    s.turn(
        "ok thats a data problem, not blocking. note it for hannah",
        "Noted for hannah's review: `limitation_of_liability` F1 0.644 is driven by inconsistent "
        "labels on liability caps inside indemnity sections (1,906 train rows, split 774/1,132). "
        "Suggest a relabel pass before the next data version, not a blocker for this release.",
    )
    s.turn(
        "merge the adapter into the base weights before upload, the registry cant serve adapters",
        "Merged checkpoint-6500 into Llama-3.1-8B-Instruct in bf16: `/scratch/rk/merged/clause-llama31-v8` "
        "(4 safetensors shards, 16.1 GB). A quick sanity check on 200 val rows gives identical predictions "
        "to the adapter version.",
        calls=[("shell", {"cmd": "python scripts/merge_lora.py --base meta-llama/Llama-3.1-8B-Instruct --adapter /scratch/rk/runs/clause-lora-v3/checkpoint-6500 --out /scratch/rk/merged/clause-llama31-v8 --dtype bf16"},
                "\n".join(["[merge] loading base (bf16)", *[f"Loading checkpoint shards: {k * 25}%| {k}/4" for k in range(1, 5)],
                           "[merge] loading adapter r=… from checkpoint-6500", "[merge] merge_and_unload(): 224 LoRA modules merged",
                           *[f"[merge] writing model-{k:05d}-of-00004.safetensors ({rng.uniform(3.8, 4.9):.2f} GB)" for k in range(1, 5)],
                           "[merge] tokenizer + generation_config copied", "[check] 200/200 predictions identical to adapter model",
                           "[merge] done: /scratch/rk/merged/clause-llama31-v8 (16.1 GB)"]))],
        facts=[CHOICE("merge the adapter into the base weights before upload", "merged into the base weights", "merge the adapter before upload")],
    )
    s.turn(
        "upload to the internal registry, staging stage for now",
        "Registered as **`clause-clf:v8`**, stage `staging`, in the internal registry (lexreg). Nothing "
        "went anywhere near the public hub. The registry sha is `sha256:9f2c41e0…`.",
        calls=[("shell", {"cmd": "lexreg models push /scratch/rk/merged/clause-llama31-v8 --name clause-clf --stage staging --meta wandb_run=h2x9c0pe,ckpt=checkpoint-6500"},
                "uploading 7 files (16.1 GB) to lexreg.internal.lexa.io ...\n" + "\n".join(
                    f"  [{k}/7] {n} ok" for k, n in enumerate(["config.json", "generation_config.json", "tokenizer.json",
                                                                  "model-00001-of-00004.safetensors", "model-00002-of-00004.safetensors",
                                                                  "model-00003-of-00004.safetensors", "model-00004-of-00004.safetensors"], 1))
                + "\nregistered clause-clf:v8 (sha256:9f2c41e0b7d1a4c3) stage=staging")],
        facts=[T("clause-clf:v8")],
    )
    s.turn(
        "whats the gap vs prod on val in points",
        "+1.81 points macro-F1 on val: 0.8791 vs prod's 0.861 (clause-clf:v7).",
        recall=["0.861", "0.8791"],
    )
    s.turn(
        "ok final run: test split now",
        "Final test-split evaluation of clause-clf:v8 (2291 examples): **macro-F1 0.8836**, a bit above val. "
        "`limitation_of_liability` is again the weakest class. This was the first and only time the test "
        "split was touched.",
        calls=[("shell", {"cmd": "python scripts/eval_val.py --ckpt /scratch/rk/merged/clause-llama31-v8 --split test --final"},
                per_class(rng, "0.8836", ("limitation_of_liability", "0.671"), "eval clause-llama31-v8 on TEST (2291 examples) --final"))],
        facts=[T("0.8836")],
    )
    s.turn(
        "write the summary for hannah. hparams, data, results, the liability thing",
        "**clause-clf:v8: fine-tune summary for hannah okafor**\n\n"
        "*Model & method*: Llama-3.1-8B-Instruct, LoRA r=64 / alpha 128 on all linear layers, merged into the base for serving.\n\n"
        "*Data*: s3://lexa-ml/clauses/v3/ (386,412 train / 2318 val / 2291 test).\n\n"
        "*Hyperparameters*: lr 3e-5, cosine schedule, warmup 1500 steps, per-device batch 4, grad accum 8 "
        "(effective 128 on 4× H100), 3 epochs (9,057 steps), max seq 3072, bf16, seed 1234.\n\n"
        "*Run*: W&B h2x9c0pe, slurm job 4473561 on gpu-h100-14; best checkpoint-6500 (eval loss 0.4127).\n\n"
        "*Results*: val macro-F1 0.8791, test macro-F1 0.8836, vs prod clause-clf:v7 0.861 and the "
        "mistral baseline run 3k7ftw9x.\n\n*Known issue*: limitation_of_liability (val F1 0.644) suffers from "
        "inconsistent labels on liability caps in indemnity sections; recommend a relabel pass.",
        recall=["lr 3e-5", "warmup 1500 steps", "386,412"],
    )
    s.turn(
        "send that to hannah on slack",
        "Sent to @hannah.okafor in a DM, with links to the W&B run and the registry entry.",
        calls=[("slack", {"action": "post", "to": "@hannah.okafor", "text": "<summary of clause-clf:v8>"}, "ok: message ts 1741790112.004519 delivered")],
    )
    s.turn(
        "how fast is the merged model under vllm? latency matters for the redline tool",
        "On one H100 with vLLM: median latency 182 ms for a typical clause (≈310 prompt tokens, ≤16 output tokens), "
        "p95 264 ms at concurrency 1; throughput tops out around 41 req/s at concurrency 32. That's "
        "well inside the redline tool's 500 ms budget.",
        calls=[("shell", {"cmd": "python -m vllm.entrypoints.benchmark --model /scratch/rk/merged/clause-llama31-v8 --dataset val --concurrency 1,4,8,16,32"},
                "\n".join(
                    ["INFO vLLM 0.7.2, model /scratch/rk/merged/clause-llama31-v8, dtype bfloat16, max_model_len 3072",
                     "INFO KV cache: 52,336 blocks (16 tokens each)"]
                    + [f"conc={c:<3} req={n:<5} mean_ms={m:.1f} p50_ms={m - rng.uniform(2, 9):.1f} p95_ms={m * rng.uniform(1.3, 1.5):.1f} req/s={min(41.3, c / m * 1000 * 0.93):.2f}"
                       for c, n, m in [(1, 500, 186.4), (4, 800, 201.9), (8, 1200, 236.0), (16, 1600, 388.2), (32, 2318, 771.6)]
                       for _ in range(1)]
                    + [f"  sample {k:04d} prompt_tokens={rng.randint(120, 900)} output_tokens={rng.randint(4, 16)} latency_ms={rng.randint(150, 330)}" for k in range(48)]
                ))],
    )
    s.turn(
        "which checkpoints can i delete now",
        "Safe to delete: `checkpoint-8000`, `checkpoint-8500`, `checkpoint-9000`, `checkpoint-9057` "
        "(~27G minus the best one). Keep `checkpoint-6500` (the shipped one, also merged). The old sweep "
        "dirs from the quota list are yours too if you want to free more, but I'll only delete what you name.",
        calls=[("shell", {"cmd": "ls -la /scratch/rk/runs/clause-lora-v3/"},
                "total 28\ndrwxr-x--- 7 rk ml 4096 Mar 12 05:38 .\ndrwxr-x--- 44 rk ml 4096 Mar 11 23:31 ..\n"
                + "\n".join(f"drwxr-x--- 2 rk ml 4096 Mar 12 0{h}:{m:02d} checkpoint-{c}" for h, m, c in
                            [(3, 12, 6500), (4, 28, 8000), (4, 49, 8500), (5, 11, 9000), (5, 37, 9057)])
                + "\n-rw-r----- 1 rk ml 3021 Mar 12 05:38 trainer_state.json\n-rw-r----- 1 rk ml 1180 Mar 11 23:31 run_config.yaml")],
    )
    s.turn(
        "delete 8000 8500 9000 9057. keep 6500",
        "Deleted checkpoint-8000, -8500, -9000 and -9057. `checkpoint-6500` and trainer_state.json stay.",
        calls=[("shell", {"cmd": "rm -rf /scratch/rk/runs/clause-lora-v3/checkpoint-{8000,8500,9000,9057} && du -sh /scratch/rk/runs/clause-lora-v3"},
                "5.6G\t/scratch/rk/runs/clause-lora-v3")],
    )
    s.turn(
        "commit the config and scripts to the repo, branch ft/llama31-v8",
        "Committed on `ft/llama31-v8`: configs/clause_lora_v3.yaml, jobs/clause_lora.sbatch, scripts/eval_val.py, "
        "scripts/merge_lora.py, scripts/confusions.py. Pushed to the internal gitlab (origin), not anywhere public.",
        calls=[("shell", {"cmd": "git checkout -b ft/llama31-v8 && git add configs jobs scripts && git commit -m 'llama31 lora v8: config, eval, merge' && git push -u origin ft/llama31-v8"},
                "Switched to a new branch 'ft/llama31-v8'\n[ft/llama31-v8 c41d9a2] llama31 lora v8: config, eval, merge\n 5 files changed, 312 insertions(+)\n"
                " create mode 100644 configs/clause_lora_v3.yaml\n create mode 100644 jobs/clause_lora.sbatch\n create mode 100644 scripts/confusions.py\n"
                " create mode 100644 scripts/eval_val.py\n create mode 100644 scripts/merge_lora.py\n"
                "To gitlab.internal.lexa.io:ml/clause-ft.git\n * [new branch]      ft/llama31-v8 -> ft/llama31-v8")],
    )
    s.turn(
        "could we try r=16 next time for a smaller adapter? doesnt matter much since we merge right",
        "Right, since we merge, adapter size doesn't affect serving at all: the merged model is the same "
        "size whatever the rank. r=16 would only save training memory and a bit of time; worth it as an "
        "ablation, not as a reason on its own.",
    )
    s.turn(
        "make a wandb report comparing our run with the mistral baseline",
        "Created the report \"clause-clf v8 vs mistral baseline\" in lexa-ml/clause-ft with eval/loss and "
        "train/loss panels for h2x9c0pe and 3k7ftw9x, plus the per-class val table as an artifact.",
        calls=[("wandb", {"cmd": "report create --title 'clause-clf v8 vs mistral baseline' --runs h2x9c0pe,3k7ftw9x --panels eval/loss,train/loss"},
                "report created: https://wandb.ai/lexa-ml/clause-ft/reports/clause-clf-v8-vs-mistral-baseline--VmlldzoxMTk4")],
    )
    s.turn(
        "hannah replied: she wants the confusion matrix as csv",
        "Exported the full 41×41 val confusion matrix for checkpoint-6500 to `reports/confusion_val_v8.csv` "
        "and posted it in your DM thread with hannah.",
        calls=[("shell", {"cmd": "python scripts/confusions.py --ckpt checkpoint-6500 --split val --matrix reports/confusion_val_v8.csv"},
                "wrote reports/confusion_val_v8.csv (42 rows x 42 cols)")],
    )
    s.turn(
        "she also asks whether val and test overlap at all",
        "Checked: no exact or near-duplicate overlap. 0 identical texts between val and test, 0 between "
        "train and either, and the MinHash near-dup check (Jaccard ≥ 0.9) finds 0 pairs too. That matches "
        "the dedup report shipped with v3.",
        calls=[("shell", {"cmd": "python scripts/overlap.py /scratch/rk/data/clauses/v3 --minhash 0.9"},
                "exact train∩val: 0\nexact train∩test: 0\nexact val∩test: 0\nminhash≥0.9 train×val: 0\nminhash≥0.9 train×test: 0\nminhash≥0.9 val×test: 0")],
    )
    s.turn(
        "ok. move v8 to production stage? or wait for hannah",
        "Wait for hannah: she's the reviewer for this release, and promotion is easy to do once she "
        "signs off. v8 stays in staging until then.",
    )
    s.turn(
        "fine. what base model did we start from, exact name for the model card",
        "Llama-3.1-8B-Instruct (meta-llama/Llama-3.1-8B-Instruct on the internal mirror).",
        recall=["Llama-3.1-8B-Instruct"],
    )
    s.turn(
        "and how many training examples",
        "386,412 training examples (v3, after dedup), with 2318 val and 2291 test.",
        recall=["386,412", "2318"],
    )
    s.turn(
        "lr, epochs and warmup for the card",
        "lr 3e-5 (cosine), 3 epochs, warmup 1500 steps.",
        recall=["lr 3e-5", "3 epochs", "warmup 1500 steps"],
    )
    s.turn(
        "the data location too",
        "s3://lexa-ml/clauses/v3/ (synced to /scratch/rk/data/clauses/v3/ for training).",
        recall=["s3://lexa-ml/clauses/v3/"],
    )
    s.turn(
        "baseline run id for the table",
        "3k7ftw9x (clause-mistral7b-bl-feb, 2025-02-12).",
        recall=["3k7ftw9x"],
    )
    s.turn(
        "which node did it train on, infra wants it for the usage report",
        "gpu-h100-14 (4 of its 8 H100s), slurm job 4473561, ~6 h.",
        recall=["gpu-h100-14", "4473561"],
    )
    s.turn(
        "can i at least put the model card on the hf hub as a private repo? no weights",
        "I'd rather not: your rule was never push anything to the public hf hub, and legal was the reason. "
        "A private HF repo is still on their servers. The card can live next to clause-clf:v8 in the internal registry.",
        recall=["never push anything to the public hf hub", "clause-clf:v8"],
    )
    s.turn(
        "what macro f1 did i say we needed, and did we clear it",
        "Your target was 0.87: cleared on val (0.8791) and on test (0.8836).",
        recall=["0.87", "0.8791", "0.8836"],
    )
    s.turn(
        "who reviews and by when again",
        "hannah okafor reviews; numbers go to legal by march 19.",
        recall=["hannah okafor", "march 19"],
    )
    s.turn(
        "cool, done for today. thx",
        "Good run. Open items: hannah's sign-off → promote clause-clf:v8 to production; relabel pass for "
        "limitation_of_liability in the next data version.",
    )
    return s.write(out)


# == 2. apartment_es: buying a flat in Málaga: nota simple, arras, mortgage, notary ===============


def nota_simple() -> str:
    return """REGISTRO DE LA PROPIEDAD DE MÁLAGA Nº 2
NOTA SIMPLE INFORMATIVA
(Art. 222 de la Ley Hipotecaria)

Fecha de emisión: 28/01/2025                 Hora: 11:42
Solicitante: MARTA GIL SERRANO
Interés legítimo: adquisición de la finca

----------------------------------------------------------------------
DESCRIPCIÓN DE LA FINCA
----------------------------------------------------------------------
FINCA DE MÁLAGA SECCIÓN 4ª Nº: 41.207
IDUFIR: 29023000512874
Referencia catastral: 3859401UF7635N0012JH

URBANA: NÚMERO DOCE. Vivienda tipo B, situada en la planta cuarta del
edificio sito en Málaga, calle Trinidad Grund, número dieciocho.
Superficie construida: ochenta y cuatro metros con doce decímetros
cuadrados (84,12 m²). Superficie útil: setenta y un metros con cuarenta
decímetros cuadrados (71,40 m²). Se distribuye en vestíbulo, salón-
comedor, cocina con lavadero, dos dormitorios, un cuarto de baño y
terraza.
Linderos: frente, rellano de escalera y vivienda tipo A de su planta;
derecha entrando, calle Trinidad Grund; izquierda, patio de luces;
fondo, finca número dieciséis de la misma calle.
Cuota de participación en elementos comunes: 4,85 %.
Anejos: no tiene.

----------------------------------------------------------------------
TITULARIDADES
----------------------------------------------------------------------
D. FRANCISCO JAVIER ORTEGA RUIZ, con N.I.F. 25******K, casado en
régimen de separación de bienes, titular del 100 % del pleno dominio
con carácter privativo, por título de compraventa, en virtud de
escritura autorizada por el notario de Málaga D. José Manuel Lara
Vidal, el 14/06/2011, nº de protocolo 1.873/2011.
Inscripción 3ª, tomo 2.611, libro 827, folio 144, de fecha 02/08/2011.

----------------------------------------------------------------------
CARGAS
----------------------------------------------------------------------
1.- HIPOTECA a favor de CAIXABANK, S.A. (como sucesora de Unicaja
    de Ahorros de Ronda por fusión), en garantía de un préstamo de
    82.000,00 € de principal, intereses ordinarios de un año, intereses
    de demora de dos años y 4.100,00 € para costas y gastos;
    responsabilidad hipotecaria total: 96.500,00 €. Plazo: 25 años
    desde el 14/06/2011. Inscripción 4ª de fecha 02/08/2011.

2.- AFECCIÓN fiscal: la finca queda afecta durante el plazo de cinco
    años al pago de la liquidación que, en su caso, proceda por el
    Impuesto sobre Transmisiones Patrimoniales y Actos Jurídicos
    Documentados. Nota al margen de la inscripción 3ª.

No constan otras cargas, anotaciones de embargo ni limitaciones
dispositivas vigentes.

----------------------------------------------------------------------
DOCUMENTOS PENDIENTES DE DESPACHO
----------------------------------------------------------------------
NO hay documentos pendientes de despacho relativos a esta finca.

----------------------------------------------------------------------
ADVERTENCIAS
----------------------------------------------------------------------
A los efectos de lo dispuesto en el artículo 354 a) del Reglamento
Hipotecario, la presente nota simple tiene valor puramente
informativo, no da fe del contenido de los asientos y no surte los
efectos de una certificación (art. 225 LH).
Queda prohibida la incorporación de los datos de esta nota a ficheros
o bases informáticas para la consulta individualizada de personas
físicas o jurídicas (Instrucción DGRN 17/02/1998).
Información sobre protección de datos: el responsable del
tratamiento es el Registrador; los datos se tratan para la prestación
del servicio solicitado conforme al RGPD (UE) 2016/679.

Honorarios: 9,02 € (IVA incluido). Arancel nº 4.
CSV: 1290230000125874ABX9"""


SUBJECTS_ES = [
    ("Idealista", "Nuevos pisos que encajan con tu búsqueda en Málaga Centro"),
    ("Fotocasa", "Baja de precio en un inmueble que sigues"),
    ("Banco Santander", "Tu simulación hipotecaria está lista"),
    ("Amazon.es", "Tu pedido ha sido enviado"),
    ("Renfe", "Billete Madrid - Málaga confirmado"),
    ("Jonas Weber", "RE: fotos del piso"),
    ("Lucía Gil", "el sábado comemos en casa de mamá?"),
    ("Colegio Notarial de Andalucía", "Boletín informativo enero 2025"),
    ("Ayuntamiento de Madrid", "Cita previa confirmada"),
    ("Inmobiliaria Mirador del Puerto", "Visita confirmada: Trinidad Grund 18"),
    ("Inmobiliaria Mirador del Puerto", "Documentación del piso"),
    ("Helpmycash", "Compara hipotecas fijas: febrero"),
    ("LinkedIn", "Tienes 3 invitaciones pendientes"),
    ("Agencia Tributaria", "Notificación disponible en la sede electrónica"),
    ("Mapfre", "Tu presupuesto de seguro de hogar"),
]


def inbox_es(rng: random.Random) -> str:
    rows = []
    for k in range(110):
        sender, subject = rng.choice(SUBJECTS_ES)
        rows.append((f"{rng.randint(2, 31):02d}/01/2025", sender, subject))
    rows.sort()
    rows.insert(rng.randint(70, 85), ("30/01/2025", "Rubén Castaño (Mirador del Puerto)", "Borrador contrato de arras - Trinidad Grund 18"))
    head = table(["fecha", "de", "asunto"], rows)
    body = """
--- mensaje abierto: «Borrador contrato de arras - Trinidad Grund 18» (30/01/2025 17:05) ---
De: Rubén Castaño <ruben@miradordelpuerto.es>
Para: Marta Gil <marta.gil.serrano@gmail.com>
Adjunto: borrador_arras_TG18_4B.pdf (3 páginas)

Hola Marta, te adjunto el borrador que ha preparado el despacho del vendedor. Cualquier cosa me dices.

[texto extraído del PDF]
CONTRATO DE ARRAS PENITENCIALES
En Málaga, a __ de febrero de 2025.
REUNIDOS
De una parte, D. Francisco Javier Ortega Ruiz, mayor de edad, en adelante LA PARTE VENDEDORA.
De otra parte, Dña. Marta Gil Serrano y D. Jonas Weber, mayores de edad, en adelante LA PARTE COMPRADORA.
EXPONEN
I.- Que la parte vendedora es propietaria de la vivienda sita en calle Trinidad Grund 18, planta 4ª, puerta B,
    finca registral 41.207 del Registro de la Propiedad nº 2 de Málaga.
II.- Que la finca se halla gravada con la hipoteca descrita en la nota simple, que la parte vendedora se obliga
    a cancelar económicamente en el acto de otorgamiento de la escritura pública de compraventa.
ESTIPULACIONES
PRIMERA.- Precio. El precio de la compraventa se fija en la cantidad que las partes acuerden en el anexo I.
SEGUNDA.- Arras. La parte compradora entrega en este acto la cantidad de VEINTE MIL EUROS (20.000 €) en
    concepto de arras penitenciales conforme al artículo 1454 del Código Civil, mediante transferencia a la
    cuenta de la parte vendedora con IBAN ES91 2103 0146 5100 3012 7789.
TERCERA.- Desistimiento. Si la parte compradora desistiera, perderá las arras entregadas; si desistiera la
    vendedora, deberá devolverlas duplicadas.
CUARTA.- Plazo. La escritura pública se otorgará como máximo el 30 de abril de 2025, ante el notario que
    designe la parte compradora.
QUINTA.- Gastos. Los gastos se abonarán conforme a la ley: plusvalía municipal a cargo de la vendedora;
    notaría de la matriz a cargo de la vendedora; primera copia, registro e ITP a cargo de la compradora.
SEXTA.- Estado. La vivienda se entrega libre de cargas, arrendatarios y ocupantes, al corriente de pago de
    IBI y comunidad, con el mobiliario de cocina y los electrodomésticos que figuran en el anexo II.
SÉPTIMA.- Derramas. [pendiente de redactar]
OCTAVA.- Condición. [en blanco]
Y en prueba de conformidad firman por duplicado.
--- fin ---"""
    return head + body


def ibi_comunidad() -> str:
    return """=== adjunto 1: recibo_IBI_2024.pdf ===
AYUNTAMIENTO DE MÁLAGA - GESTRISAM
IMPUESTO SOBRE BIENES INMUEBLES DE NATURALEZA URBANA - EJERCICIO 2024
Titular: ORTEGA RUIZ FRANCISCO JAVIER          NIF: 25******K
Objeto tributario: CL TRINIDAD GRUND 18 Es:1 Pl:04 Pt:B
Referencia catastral: 3859401UF7635N0012JH
Valor catastral: 71.862,40 €   (suelo 32.118,07 €, construcción 39.744,33 €)
Base liquidable: 71.862,40 €
Tipo impositivo: 0,678 %
Cuota íntegra: 487,23 €
Bonificaciones: 0,00 €
Cuota líquida: 487,19 € (redondeo del plan de pago)
Modalidad: domiciliado, pago único 05/06/2024 - ES** **** **** **** **** 7789
Estado: PAGADO

=== adjunto 2: recibo_comunidad_dic2024.pdf ===
COMUNIDAD DE PROPIETARIOS TRINIDAD GRUND 18 - CIF H29512287
Administrador: Fincas Guadalmedina S.L. (col. 1.204)
Propietario: Ortega Ruiz, Francisco Javier - Vivienda 4º B - coeficiente 4,85 %
Periodo: diciembre 2024
Cuota ordinaria mensual ........................ 78,00 €
Fondo de reserva (incluido) .................... 7,80 €
Derramas pendientes ............................ ver acta de 21/11/2024
Total recibo ................................... 78,00 €
Estado: cobrado 02/12/2024
Certificado de deudas con la comunidad: se emite a petición del propietario (art. 9.1.e LPH)."""


def acta_junta(rng: random.Random) -> str:
    lines = [
        "COMUNIDAD DE PROPIETARIOS TRINIDAD GRUND 18 - MÁLAGA",
        "ACTA DE LA JUNTA GENERAL EXTRAORDINARIA",
        "Celebrada el 21 de noviembre de 2024, a las 19:30 en segunda convocatoria, en el portal del edificio.",
        "",
        "ASISTENTES (presentes o representados):",
    ]
    vecinos = ["Pérez Almagro", "Ruiz Cabello", "Moreno Fuentes", "Navarro Díaz", "Ortega Ruiz",
               "Sánchez Vela", "Jiménez Luque", "Romero Bravo", "Castillo Peña", "Herrera Gámez",
               "Domínguez Sáez", "Ramos Ortiz", "Torres Lozano", "Vargas Medina", "Cano Rivas",
               "Gallego Prieto", "Santos Marín", "León Campos", "Crespo Arias", "Molina Rey"]
    for k, v in enumerate(vecinos):
        planta = k // 4 + 1
        puerta = "ABCD"[k % 4]
        coef = f"{rng.uniform(4.2, 5.6):.2f}".replace(".", ",")
        modo = rng.choice(["presente", "presente", "representado", "ausente"])
        if v == "Ortega Ruiz":
            modo = "presente"
        lines.append(f"  {planta}º {puerta}  {v:<18} coef. {coef} %  {modo}")
    lines += [
        "Quórum: 16 de 20 propietarios, 81,35 % de las cuotas.",
        "",
        "ORDEN DEL DÍA",
        "1. Lectura y aprobación, si procede, del acta anterior.",
        "2. Presentación del informe técnico sobre el estado de la fachada (ITE 2024).",
        "3. Aprobación de la obra de rehabilitación de fachada y su financiación.",
        "4. Sustitución de la puerta del garaje comunitario.",
        "5. Ruegos y preguntas.",
        "",
        "DESARROLLO",
        "Punto 1. Se aprueba por unanimidad el acta de la junta ordinaria de 12/03/2024.",
        "Punto 2. El arquitecto D. Iván Reche expone el informe de la ITE: desprendimientos puntuales en",
        "  cornisas y balcones, fisuras en el revestimiento de la fachada principal y oxidación de armaduras",
        "  en los vuelos de la planta cuarta. Calificación: desfavorable, con plazo de subsanación de 12 meses.",
        "Punto 3. Se presentan tres presupuestos:",
        "  - Construcciones Axarquía S.L.: 96.480,00 € + IVA",
        "  - Rehabilita Sur S.L.: 88.900,00 € + IVA",
        "  - Fachadas Costa del Sol S.L.: 102.150,00 € + IVA",
        "  Se aprueba por mayoría (13 votos a favor, 2 en contra, 1 abstención) adjudicar la obra a",
        "  Rehabilita Sur S.L. por 88.900,00 € + IVA (107.569,00 € IVA incluido) y financiarla mediante",
        "  una derrama extraordinaria repartida por coeficiente, con un mínimo por vivienda. Resultado:",
        "    viviendas tipo A y D: 5.100 € por vivienda",
        "    viviendas tipo B y C: 4.200 € por vivienda",
        "    local comercial: 11.300 €",
        "  Pago en tres plazos iguales: 15/03/2025, 15/06/2025 y 15/09/2025.",
        "  Se hace constar que la obligación de pago corresponde a quien sea propietario en la fecha de",
        "  aprobación del acuerdo, salvo pacto en contrario en la transmisión de la vivienda.",
        "  Inicio previsto de obra: abril de 2025. Duración estimada: 14 semanas. Andamio en fachada principal.",
        "Punto 4. Se aprueba la sustitución de la puerta del garaje por 3.870,00 € con cargo al fondo de reserva.",
        "Punto 5. Ruegos y preguntas:",
    ]
    ruegos = [
        "se ruega no dejar bicicletas en el portal",
        "el vecino del 2º C solicita revisar la bajante del patio de luces",
        "se pide al administrador que envíe las cuentas con una semana de antelación",
        "se comenta el ruido de la terraza del bar de la planta baja los fines de semana",
        "se solicita presupuesto para instalar cargadores de vehículo eléctrico en el garaje",
        "se recuerda que está prohibido tender ropa en la fachada principal",
    ]
    for r in rng.sample(ruegos, 5):
        lines.append(f"  - {r}.")
    lines += [
        "",
        "Sin más asuntos que tratar, se levanta la sesión a las 21:05, de lo que como secretario doy fe.",
        "El Presidente: D. Andrés Pérez Almagro        El Secretario-Administrador: Fincas Guadalmedina S.L.",
        "",
        "Notificación a ausentes: remitida el 25/11/2024 por correo certificado (art. 17 LPH).",
    ]
    return "\n".join(lines)


def pay(principal: float, rate: float, months: int = 360) -> float:
    r = rate / 100 / 12
    return principal * r / (1 - (1 + r) ** -months)


def es_num(x: float) -> str:
    return eu_money(round(x * 100), ".")


def offers_es() -> str:
    loan = 190_400.0
    offers = [
        ("ING", 2.65, "2,74 %", "nómina domiciliada (bonif. opcional)", "0 €"),
        ("Sabadell", 2.49, "3,18 %", "nómina + seguro vida + hogar (obligatorio para ese tipo)", "0 €"),
        ("Unicaja", 2.39, "2,63 %", "nómina domiciliada + 2 recibos (bonif. opcional)", "0 €"),
    ]
    out = [f"Simulación: préstamo {es_num(loan)} € (80 % de 238.000 €), 360 meses, tipo fijo", ""]
    out.append(table(["banco", "TIN fijo", "TAE", "cuota", "condiciones", "comisión apertura"],
                     [(b, f"{r:.2f} %".replace(".", ","), tae, f"{es_num(pay(loan, r))} €", c, com)
                      for b, r, tae, c, com in offers]))
    for b, r, *_ in offers:
        out += ["", f"Cuadro de amortización {b} (primeros 12 meses)", "mes  cuota      interés    amortización  capital pendiente"]
        balance = loan
        q = pay(loan, r)
        for m in range(1, 13):
            interest = balance * r / 100 / 12
            balance -= q - interest
            out.append(f"{m:>3}  {es_num(q):>9}  {es_num(interest):>9}  {es_num(q - interest):>12}  {es_num(balance):>17}")
    out += ["", "Sin bonificaciones: ING 2,95 %, Sabadell 3,35 %, Unicaja 2,89 %.",
            "Seguro de vida y hogar del banco: no incluidos en la cuota."]
    return "\n".join(out)


def fein_unicaja() -> str:
    loan = 190_400.0
    q = pay(loan, 2.29)
    total_interest = q * 360 - loan
    return f"""FICHA EUROPEA DE INFORMACIÓN NORMALIZADA (FEIN)
Unicaja Banco, S.A. - Oficina 2907 Málaga Alameda
Fecha: 24/02/2025. Validez de la oferta vinculante: 30 días naturales.
Cliente(s): Marta Gil Serrano / Jonas Weber

1. PRESTAMISTA
   Unicaja Banco, S.A., Avda. de Andalucía 10-12, 29007 Málaga. Inscrita en el Registro del Banco de España nº 2103.
2. INTERMEDIARIO DE CRÉDITO: no interviene.
3. CARACTERÍSTICAS PRINCIPALES DEL PRÉSTAMO
   Importe y moneda del préstamo: {es_num(loan)} EUR
   Duración del préstamo: 360 meses
   Tipo de préstamo: amortización francesa, cuotas constantes
   Tipo de interés aplicable: fijo durante toda la vida del préstamo
   Importe total que deberá reembolsarse: {es_num(q * 360)} EUR
   Importe máximo del préstamo en relación con el valor del bien: 80 % del menor entre precio y tasación
   Garantía: hipoteca sobre la vivienda sita en c/ Trinidad Grund 18, 4º B, Málaga
4. TIPO DE INTERÉS Y OTROS COSTES
   Tipo deudor (TIN): 2,29 % fijo
   Tasa anual equivalente (TAE): 2,41 %
   La TAE incluye: tasación (338,80 €), gestoría (0 €, a cargo del banco), verificación registral (0 €)
   No incluye productos vinculados (no se exigen).
5. PERIODICIDAD Y NÚMERO DE PAGOS: mensual, 360 pagos.
6. IMPORTE DE CADA CUOTA
   Cuota mensual: {es_num(q)} €
   Intereses totales estimados: {es_num(total_interest)} €
   Sus ingresos pueden cambiar; compruebe que podría seguir pagando sus cuotas si sus ingresos disminuyeran.
7. TABLA DE AMORTIZACIÓN ILUSTRATIVA: ver anexo.
8. OBLIGACIONES ADICIONALES
   El prestatario deberá suscribir un seguro de daños sobre el inmueble (art. 8 Ley 2/1981), pudiendo
   contratarlo con la entidad aseguradora que libremente elija.
   No se exige la contratación de ningún otro producto o servicio.
9. REEMBOLSO ANTICIPADO
   Compensación por desistimiento: 2 % del capital reembolsado durante los 10 primeros años, 1,5 % después.
10. FLEXIBILIDAD: no se contemplan carencias.
11. OTROS DERECHOS DEL PRESTATARIO
   Dispone de un plazo de al menos 10 días naturales antes de la firma para examinar la oferta vinculante.
   Deberá acudir al notario de su elección para recibir asesoramiento gratuito (art. 15 Ley 5/2019).
12. RECLAMACIONES: Servicio de Atención al Cliente, Unicaja Banco; después, Banco de España.
13. INCUMPLIMIENTO: intereses de demora = TIN + 3 puntos sobre el principal vencido.
14. INFORMACIÓN ADICIONAL: legislación española; idioma castellano.
15. SUPERVISOR: Banco de España.

Anexo - tabla de amortización ilustrativa (meses 1 a 60)
   mes   cuota       intereses   amortización   capital pendiente
""" + "\n".join(_monthly(loan, 2.29, q, 60))


def _monthly(loan: float, rate: float, q: float, months: int) -> list[str]:
    out = []
    bal = loan
    for m in range(1, months + 1):
        interest = bal * rate / 100 / 12
        bal -= q - interest
        out.append(f"   {m:>3}   {es_num(q):>9}   {es_num(interest):>9}   {es_num(q - interest):>12}   {es_num(bal):>17}")
    return out


def _balances(loan: float, rate: float, q: float, years: int) -> list[tuple[int, float]]:
    out = []
    bal = loan
    for m in range(1, years * 12 + 1):
        bal -= q - bal * rate / 100 / 12
        if m % 12 == 0:
            out.append((m // 12, bal))
    return out


def tasacion(rng: random.Random) -> str:
    lines = [
        "TINSA TASACIONES INMOBILIARIAS, S.A.U. - INFORME DE TASACIÓN",
        "Nº expediente: 2025-MA-0187334      Finalidad: garantía hipotecaria (O. ECO/805/2003)",
        "Entidad solicitante: Unicaja Banco, S.A.   Cliente: Marta Gil Serrano",
        "Fecha de visita: 06/02/2025   Fecha de emisión: 19/02/2025   Técnico: Alberto Sanz Peña, arquitecto técnico",
        "",
        "1. IDENTIFICACIÓN",
        "   Vivienda en c/ Trinidad Grund 18, planta 4ª, puerta B, 29001 Málaga",
        "   Registro de la Propiedad nº 2 de Málaga, finca 41.207, IDUFIR 29023000512874",
        "   Referencia catastral comprobada: coincide con nota simple",
        "2. COMPROBACIONES",
        "   Superficie construida comprobada: 83,90 m² (registral 84,12 m², catastral 86,00 m²)",
        "   Superficie útil comprobada: 71,10 m²",
        "   Estado de conservación: bueno; reformada cocina y baño (aprox. 2019)",
        "   Edificio: año 1968, 6 plantas, ascensor, ITE desfavorable (fachada); obra aprobada y presupuestada",
        "   Situación urbanística: suelo urbano consolidado, uso residencial, sin expedientes de disciplina",
        "   Ocupación: ocupada por el propietario en el momento de la visita",
        "3. MÉTODO DE COMPARACIÓN - TESTIGOS",
        "   nº  dirección                               sup.const  estado   fuente       valor €/m²  valor oferta",
    ]
    calles = ["c/ Trinidad Grund", "c/ Cisneros", "c/ Carretería", "c/ Álamos", "Pl. de la Merced",
              "c/ Granada", "c/ Alcazabilla", "c/ Compañía", "c/ Tomás Heredia", "c/ Panaderos"]
    for k in range(1, 13):
        sup = rng.uniform(62, 110)
        eur = rng.uniform(2650, 3350)
        lines.append(f"   {k:>2}  {rng.choice(calles) + ' ' + str(rng.randint(2, 40)):<38}  {sup:>6.2f}  "
                     f"{rng.choice(['bueno', 'reformar', 'bueno', 'muy bueno']):<8} "
                     f"{rng.choice(['idealista', 'fotocasa', 'API local', 'notarial']):<12} "
                     f"{es_num(eur):>10}  {es_num(eur * sup):>12}")
    lines += [
        "   Homogeneización: superficie, planta, estado, antigüedad, ascensor. Valor unitario homogeneizado: 2.876,04 €/m²",
        "4. VALORES",
        "   Valor por comparación: 241.300,00 €",
        "   Valor de reemplazamiento bruto: 214.870,55 €",
        "   Valor de tasación (a efectos hipotecarios): 241.300,00 €",
        "   Valor del seguro (reconstrucción de continente): 98.230,00 €",
        "5. CONDICIONANTES Y ADVERTENCIAS",
        "   Advertencia: ITE desfavorable con obra de fachada aprobada (derrama 4.200 € para esta vivienda).",
        "   Sin condicionantes.",
        "6. VIGENCIA: 6 meses desde la fecha de emisión.",
        "Firmado: Alberto Sanz Peña (col. 3.118) / Tinsa, revisión técnica: Lorena Vidal",
    ]
    return "\n".join(lines)


def suministros() -> str:
    return """=== factura_endesa_ene2025.pdf ===
ENDESA ENERGÍA, S.A.U. - FACTURA DE ELECTRICIDAD
Nº factura: PMR501N0087123     Fecha: 03/01/2025     Periodo: 01/12/2024 - 31/12/2024
Titular del contrato: FRANCISCO JAVIER ORTEGA RUIZ
Dirección de suministro: CL TRINIDAD GRUND 18 4 B 29001 MALAGA
CUPS: ES0031405872963001LN0F
Tarifa de acceso: 2.0TD     Potencia contratada: P1 4,6 kW / P2 4,6 kW
Comercializadora: Endesa Energía (mercado libre) - Tarifa One Luz
Distribuidora: e-distribución Redes Digitales S.L.U.
Consumo del periodo: 214 kWh (punta 71 / llano 58 / valle 85)
Término de potencia ............ 17,41 €
Término de energía ............. 31,88 €
Impuesto eléctrico ............. 2,56 €
Alquiler de equipos ............ 0,81 €
IVA 21 % ....................... 11,07 €
TOTAL .......................... 63,73 €
Nº contrato: 0103284479
Para cambios de titular: endesa.com o 800 760 909, con CUPS, DNI y lectura del contador.

=== factura_emasa_4T2024.pdf ===
EMASA - EMPRESA MUNICIPAL DE AGUAS DE MÁLAGA, S.A.
Abonado: ORTEGA RUIZ FRANCISCO JAVIER    Nº de contrato: 0412-557830
Dirección: C/ TRINIDAD GRUND 18 4º B
Periodo: 4º trimestre 2024     Lectura anterior: 1.812 m³   Lectura actual: 1.851 m³
Consumo: 39 m³
Cuota de servicio ............... 14,36 €
Consumo agua .................... 28,91 €
Saneamiento y depuración ........ 19,45 €
Canon autonómico ................ 5,12 €
IVA 10 % ........................ 6,78 €
TOTAL ........................... 74,62 €
Cambio de titularidad: oficina virtual EMASA, con escritura o contrato y DNI/NIE del nuevo titular.

=== gas ===
El edificio no dispone de suministro de gas natural (cocina y termo eléctricos)."""


def seguros_hogar(rng: random.Random) -> str:
    rows = []
    for name in ["Mapfre Hogar", "Línea Directa Hogar", "Mutua Madrileña", "Allianz Hogar", "Ocaso",
                 "Pelayo", "Zurich Hogar", "Generali Hogar", "AXA Hogar", "Caser Hogar", "Verti Hogar",
                 "Santalucía"]:
        rows.append((name, "98.230 €", f"{rng.choice([6000, 8000, 10000, 12000])} €",
                     f"{rng.uniform(142, 298):.2f} €".replace(".", ","),
                     rng.choice(["sí", "no"]), rng.choice(["sí", "sí", "no"]),
                     f"{rng.uniform(3.6, 4.7):.1f}".replace(".", ",")))
    return "comparador de seguros de hogar (continente 98.230 €, contenido a elegir), c/ Trinidad Grund 18 4º B\n" + table(
        ["aseguradora", "continente", "contenido", "prima anual", "daños estéticos", "RC familiar", "valoración"], rows
    )


def catastro(rng: random.Random) -> str:
    lines = ["SEDE ELECTRÓNICA DEL CATASTRO - CONSULTA DESCRIPTIVA Y GRÁFICA",
             "Parcela catastral: 3859401UF7635N  -  CL TRINIDAD GRUND 18, 29001 MÁLAGA",
             "Uso principal: residencial   Año de construcción: 1968   Superficie de parcela: 412 m²",
             "Superficie construida total: 2.168 m²", "",
             "inmuebles de la parcela:",
             "referencia catastral     localización          uso            sup. (m²)  coef. (%)"]
    n = 1
    for planta in range(0, 6):
        for puerta in ("A", "B", "C", "D") if planta else ("LOCAL",):
            if planta == 4 and puerta == "B":
                rc, sup, coef = "3859401UF7635N0012JH", "86", "4,850000"
            else:
                rc = f"3859401UF7635N{n:04d}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}"
                sup = str(rng.randint(71, 104) if puerta != "LOCAL" else 188)
                coef = f"{rng.uniform(4.1, 5.7):.6f}".replace(".", ",")
            loc = f"Es:1 Pl:{planta:02d} Pt:{puerta}" if puerta != "LOCAL" else "Es:1 Pl:00 Pt:01"
            uso = "Residencial" if puerta != "LOCAL" else "Comercial"
            lines.append(f"{rc:<24} {loc:<21} {uso:<14} {sup:>9}  {coef:>10}")
            n += 1
    lines += ["", "Valor catastral: no se muestra (datos protegidos, acceso con certificado del titular)."]
    return "\n".join(lines)


BARRIOS_MLG = ["Centro Histórico", "Soho", "La Goleta", "El Perchel", "Lagunillas", "La Trinidad",
               "El Ejido", "Capuchinos", "La Victoria", "Molinillo"]


def comparables(rng: random.Random) -> str:
    rows = []
    for k in range(130):
        m2 = rng.randint(58, 115)
        eur_m2 = rng.uniform(2450, 3650)
        price = round(m2 * eur_m2 / 1000) * 1000
        rows.append((f"ID{rng.randint(10_000_000, 99_999_999)}", rng.choice(BARRIOS_MLG), m2,
                     rng.choice([1, 2, 2, 2, 3]), rng.choice(["1ª", "2ª", "3ª", "4ª", "5ª", "bajo", "ático"]),
                     rng.choice(["sí", "sí", "no"]), f"{eu_money(price * 100, '.')[:-3]} €",
                     f"{eu_money(round(eur_m2 * 100), '.')[:-3]} €/m²", rng.randint(3, 190)))
    return "idealista - búsqueda: Málaga centro y alrededores, 2 dorm., 60-110 m², en venta (130 resultados)\n" + table(
        ["anuncio", "barrio", "m²", "hab", "planta", "ascensor", "precio", "€/m²", "días"], rows
    ) + "\n\nmediana €/m² (2 dorm., con ascensor, Centro Histórico + Soho): 2.810 €/m²"


def extractos(rng: random.Random) -> str:
    rows = []
    bal = 61_850.00
    conceptos = [("Mercadona", -1), ("Carrefour Express", -1), ("Bizum a Lucía Gil", -1), ("Renfe Viajeros", -1),
                 ("Netflix", -1), ("Iberdrola Clientes", -1), ("Canal de Isabel II", -1), ("Vodafone", -1),
                 ("Amazon EU", -1), ("El Corte Inglés", -1), ("Cajero Sol 12", -1), ("Farmacia Goya", -1),
                 ("Bizum de Jonas Weber", 1), ("Decathlon", -1), ("Glovo", -1)]
    day = 0
    for month in (8, 9, 10, 11, 12, 1):
        year = 2024 if month > 2 else 2025
        for d, concept, amount in [(1, "Alquiler piso Lavapiés - transferencia", -1150.0),
                                   (28, "Nómina MARTA GIL SERRANO - Aldaba Consultores", 2284.17),
                                   (28, "Nómina JONAS WEBER - Grünfeld Software GmbH", 2391.40),
                                   (5, "Cetelem préstamo auto 7731045", -212.40)]:
            rows.append((f"{year}-{month:02d}-{d:02d}", concept, amount))
        for _ in range(30):
            concept, sign = rng.choice(conceptos)
            amount = sign * round(rng.uniform(4, 180 if sign < 0 else 60), 2)
            rows.append((f"{year}-{month:02d}-{rng.randint(1, 28):02d}", concept, amount))
    rows.sort()
    out = []
    for date, concept, amount in rows:
        bal += amount
        out.append((date, concept, f"{amount:.2f}".replace(".", ","), f"{bal:.2f}".replace(".", ",")))
    return csv_text(["fecha", "concepto", "importe", "saldo"], out, sep=";")


def borrador_escritura() -> str:
    return """NOTARÍA DE CARMEN IBÁÑEZ SOLER - MÁLAGA
BORRADOR (sin valor hasta su otorgamiento) - COMPRAVENTA
Número ____ de protocolo. En Málaga, a tres de abril de dos mil veinticinco.
Ante mí, CARMEN IBÁÑEZ SOLER, Notaria del Ilustre Colegio de Andalucía, con residencia en Málaga,

COMPARECEN
DE UNA PARTE: DON FRANCISCO JAVIER ORTEGA RUIZ, mayor de edad, casado en régimen de separación de bienes,
vecino de Málaga, con D.N.I. número 25******K.
DE OTRA PARTE: DOÑA MARTA GIL SERRANO, mayor de edad, soltera, vecina de Madrid, con D.N.I. número 5*******M;
y DON JONAS WEBER, mayor de edad, soltero, de nacionalidad alemana, vecino de Madrid, con N.I.E. número
Y4821937T y certificado de registro de ciudadano de la Unión Europea.

INTERVIENEN en su propio nombre y derecho. Tienen, a mi juicio, capacidad legal para otorgar esta escritura de
COMPRAVENTA, y al efecto

EXPONEN
I.- Que DON FRANCISCO JAVIER ORTEGA RUIZ es dueño, con carácter privativo, de la siguiente finca:
URBANA: NÚMERO DOCE. Vivienda tipo B, en planta cuarta del edificio en Málaga, calle Trinidad Grund, número
dieciocho. Superficie construida 84,12 m², útil 71,40 m².
INSCRIPCIÓN: Registro de la Propiedad número dos de Málaga, tomo 2.611, libro 827, folio 144, finca 41.207.
REFERENCIA CATASTRAL: 3859401UF7635N0012JH, según certificación catastral que incorporo.
TÍTULO: compraventa, en escritura otorgada en Málaga el 14 de junio de 2011.
CARGAS: gravada con una hipoteca a favor de CAIXABANK, S.A., que se cancela económicamente en este acto
según se dirá.
ARRENDAMIENTOS: manifiesta la parte vendedora que la finca se halla libre de arrendatarios y ocupantes.
SITUACIÓN URBANÍSTICA Y COMUNIDAD: al corriente en el pago de gastos de comunidad, según certificado del
secretario-administrador, con la salvedad de la derrama que se expresa en la estipulación cuarta.
CERTIFICADO DE EFICIENCIA ENERGÉTICA: [pendiente - aportar antes de la firma]

II.- Que, según el contrato privado de arras de fecha 3 de marzo de 2025, han convenido la compraventa
de la finca descrita, y la llevan a efecto con arreglo a las siguientes

ESTIPULACIONES
PRIMERA.- DON FRANCISCO JAVIER ORTEGA RUIZ VENDE y transmite a DOÑA MARTA GIL SERRANO y DON JONAS WEBER,
que COMPRAN y adquieren por mitades indivisas, la finca descrita, con cuanto le sea inherente y accesorio,
libre de cargas, salvo las afecciones fiscales, y al corriente en el pago de contribuciones e impuestos.
SEGUNDA.- PRECIO. El precio es de DOSCIENTOS TREINTA Y OCHO MIL EUROS (238.000 €), que se satisface así:
 a) 20.000 € entregados con anterioridad en concepto de arras, mediante transferencia de fecha 04/03/2025.
 b) 61.340,22 € mediante cheque bancario nominativo a favor de CAIXABANK, S.A., que la parte vendedora
    destina a la cancelación del préstamo hipotecario, facultando a la parte compradora para su entrega.
 c) ______ € retenidos en concepto de derrama (estipulación cuarta).
 d) El resto, ______ €, mediante cheque bancario nominativo a favor de la parte vendedora.
TERCERA.- GASTOS E IMPUESTOS. Conforme a la ley: el Impuesto sobre el Incremento de Valor de los Terrenos
de Naturaleza Urbana, a cargo de la parte vendedora; el I.T.P., la primera copia y la inscripción, a cargo
de la parte compradora. El I.B.I. del ejercicio 2025 será a cargo de quien sea titular el 1 de enero.
CUARTA.- DERRAMA. La derrama aprobada por la comunidad en junta de 21 de noviembre de 2024 es a cargo de la
parte vendedora; las cantidades no satisfechas a esta fecha se retienen del precio y se entregan a la
comunidad de propietarios.
QUINTA.- ENTREGA. La posesión se transmite en este acto mediante la entrega de llaves.
SEXTA.- MEDIOS DE PAGO. Se identifican los medios de pago conforme al art. 24 de la Ley del Notariado.

OTORGAMIENTO Y AUTORIZACIÓN. Hago las reservas y advertencias legales, en particular las fiscales, la afección
de la finca al pago del impuesto y la obligación de presentar la autoliquidación del I.T.P. en el plazo de un
mes. Leída esta escritura a los comparecientes, la aprueban y firman conmigo. Doy fe.
[a continuación: escritura de préstamo hipotecario con UNICAJA BANCO, S.A., por importe de 190.400,00 €]"""


def certificado_comunidad() -> str:
    lines = ["COMUNIDAD DE PROPIETARIOS TRINIDAD GRUND 18 - CIF H29512287",
             "CERTIFICADO DE ESTADO DE DEUDAS (art. 9.1.e Ley de Propiedad Horizontal)",
             "D. Andrés Pérez Almagro, presidente, con el visto bueno del secretario-administrador Fincas Guadalmedina S.L.,",
             "CERTIFICA: que la vivienda 4º B, propiedad de D. Francisco Javier Ortega Ruiz, presenta a fecha 31/03/2025",
             "el siguiente estado de cuentas con la comunidad:", "",
             "concepto                                   vencimiento   importe     estado"]
    for m, mes in enumerate(["abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"], 4):
        lines.append(f"cuota ordinaria {mes} 2024                    01/{m:02d}/2024     78,00 €    pagado")
    for m, mes in enumerate(["ene", "feb", "mar"], 1):
        lines.append(f"cuota ordinaria {mes} 2025                    01/{m:02d}/2025     78,00 €    pagado")
    lines += ["derrama fachada (junta 21/11/2024) plazo 1/3   15/03/2025  1.400,00 €    pagado 14/03/2025",
              "derrama fachada (junta 21/11/2024) plazo 2/3   15/06/2025  1.400,00 €    no vencido",
              "derrama fachada (junta 21/11/2024) plazo 3/3   15/09/2025  1.400,00 €    no vencido",
              "", "DEUDA VENCIDA: 0,00 €     CANTIDADES APROBADAS PENDIENTES DE VENCIMIENTO: 2.800,00 €",
              "Y para que conste a efectos de la transmisión de la vivienda, expido el presente en Málaga a 31/03/2025."]
    return "\n".join(lines)


def mudanzas() -> str:
    return """=== 1. Mudanzas Hermanos Pozo (Getafe) ===
Servicio: Madrid (Lavapiés, 3º sin ascensor) -> Málaga (4º con ascensor). Volumen estimado: 22 m³.
Camión compartido, carga 4/04, entrega entre 5/04 y 7/04. Embalaje de frágiles incluido. Montaje de 2 camas y 1 armario.
Seguro de transporte hasta 15.000 €. Precio: 1.680 € + IVA. Pago: 30 % a la reserva, resto en destino.
=== 2. Transportes Andaluces Molina ===
Camión exclusivo 25 m³, carga 4/04 mañana, entrega 4/04 noche o 5/04 mañana. Dos operarios en origen y destino.
Embalaje completo (cajas, papel, film). Precio: 2.950 € + IVA. Permiso de carga y descarga en vía pública incluido.
=== 3. MudaFácil (plataforma) ===
Camión compartido, ventana de entrega de 5 días hábiles. Sin embalaje. Sin montaje. Precio: 1.320 € IVA incluido.
Seguro básico hasta 6.000 €. Cancelación gratuita hasta 72 h antes."""


def apartment(out: Path) -> dict[str, Any]:
    rng = random.Random(29_001)
    s = Session(
        "apartment_es",
        "es",
        "buying a flat in Málaga: nota simple, arras, community levy, mortgage offers, notary",
        cues=("perdona", "perdón", "me equivoqué", "me he liado", "en realidad", "corrijo",
              "quería decir", "error mío", "rectifico", "mejor dicho", "me confundí", "fallo mío"),
    )
    s.turn(
        "hola! vamos a comprar piso en malaga jonas y yo (jonas weber, mi pareja, es alemán). es en "
        "calle Trinidad Grund 18, 3º B, lo lleva la Inmobiliaria Mirador del Puerto. piden 245.000 €. "
        "una cosa: no quiero que hables con la inmobiliaria directamente, todo pasa por mí",
        "¡Enhorabuena a los dos! Me apunto lo básico:\n\n"
        "- vivienda: calle Trinidad Grund 18, 3º B, Málaga\n- compradores: tú y Jonas Weber\n"
        "- agencia: Inmobiliaria Mirador del Puerto\n- precio pedido: 245.000 €\n\n"
        "Y entendido: **no contacto con la inmobiliaria**; todo pasa por ti. Yo te preparo borradores "
        "de mensajes si hace falta y los envías tú.\n\nPrimer paso que te recomiendo: pedir la nota simple "
        "al Registro para ver a nombre de quién está y qué cargas tiene. ¿Cómo pensáis financiarlo?",
        facts=[
            U("calle Trinidad Grund 18", "Trinidad Grund 18", "c/ Trinidad Grund 18"),
            U("jonas weber"),
            U("Inmobiliaria Mirador del Puerto", "Mirador del Puerto"),
            RULE("todo pasa por mí", "no quiero que hables con la inmobiliaria directamente",
                 "no contacto con la inmobiliaria", "todo pasa por ti"),
        ],
    )
    s.turn(
        "tenemos ahorrados 72.000 € entre los dos. hipoteca a 30 años, y la cuota no puede pasar de 900 € "
        "al mes q luego vienen niños jaja. el vendedor quiere arras de 20.000 €",
        "Perfecto. Con esos datos:\n\n- ahorros: 72.000 €\n- hipoteca: plazo 30 años\n"
        "- **límite: cuota ≤ 900 € al mes**\n- arras: 20.000 €\n\n"
        "Cuenta rápida: los bancos suelen financiar el 80 % del menor entre precio y tasación, así que "
        "tendríais que aportar el 20 % más los gastos (ITP en Andalucía 7 %, notaría, registro, gestoría, "
        "tasación): en total alrededor del 28-30 % del precio. Con 72.000 € vais justos pero llega. Una "
        "hipoteca de ~196.000 € a 30 años se queda por debajo de 900 € con casi cualquier fijo actual.",
        facts=[
            U("72.000 €", "72.000"),
            U("30 años", "360 meses"),
            U("20.000 €", "20.000"),
            RULE("la cuota no puede pasar de 900 € al mes", "cuota ≤ 900 € al mes", "cuota máxima 900 €",
                 "no pasar de 900 €"),
        ],
    )
    s.turn(
        "el banco pedirá el NIE de jonas no? es Y4821937T. yo tengo dni normal",
        "Sí, lo pedirán para el estudio y la notaría lo necesita en la escritura. Apunto: NIE de Jonas "
        "Y4821937T. Que tenga también a mano su certificado de registro de ciudadano de la UE (el verde) "
        "y sus tres últimas nóminas y la última declaración de la renta.",
        facts=[U("Y4821937T")],
    )
    s.turn(
        "vale. pide la nota simple del piso porfa",
        "Aquí está la nota simple (Registro de la Propiedad nº 2 de Málaga, 28/01/2025):\n\n"
        "- **finca 41.207**, referencia catastral 3859401UF7635N0012JH\n"
        "- titular: **Francisco Javier Ortega Ruiz**, 100 % pleno dominio, privativo (casado en separación de bienes, "
        "así que firma él solo)\n- 84,12 m² construidos, 71,40 m² útiles, 2 dormitorios, 1 baño\n"
        "- **carga**: hipoteca a favor de CaixaBank con responsabilidad total de 96.500,00 €. Se cancela "
        "en la firma con el dinero de la compra, hay que pedir el certificado de deuda pendiente.\n\n"
        "Ojo con una cosa: la nota describe la vivienda tipo B en la **planta cuarta**, no en la tercera. "
        "¿Seguro que es el piso que visteis?",
        calls=[("registro", {"accion": "nota_simple", "direccion": "calle Trinidad Grund 18, Málaga", "planta": "3", "puerta": "B"}, nota_simple()),
               ("catastro", {"accion": "consulta_parcela", "direccion": "CL TRINIDAD GRUND 18, MALAGA"}, catastro(rng))],
        facts=[
            T("41.207", "finca 41207"),
            T("3859401UF7635N0012JH"),
            T("FRANCISCO JAVIER ORTEGA RUIZ", "Francisco Javier Ortega Ruiz"),
            T("96.500,00 €", "96.500 €", "96.500,00"),
        ],
    )
    s.turn(
        "ay perdona, me he liado con la planta: es el 4º B. el tercero era otro q vimos el mismo dia",
        "Sin problema, entonces cuadra: la finca 41.207 es el 4º B, la que aparece en la nota simple. "
        "Lo corrijo en todas mis notas: calle Trinidad Grund 18, 4º B.",
        fix=[("3º B", "4º B")],
    )
    s.turn(
        "el vendedor dice firma el 27 de marzo y que la notaria la pone él, una tal Elena Marqués en la alameda",
        "Apuntado como propuesta del vendedor: firma el 27 de marzo, notaría de Elena Marqués (Alameda). "
        "Dos matices: por ley la elección del notario corresponde al comprador cuando hay hipoteca, "
        "aunque si os viene bien la suya no pasa nada; y el 27 de marzo depende de que el banco tenga "
        "la FEIN lista con al menos 10 días de antelación. Lo vamos viendo.",
    )
    s.turn(
        "me ha llegado el borrador de arras de la inmobiliaria, miralo en mi correo",
        "Lo he encontrado (Rubén Castaño, 30/01/2025). Es un contrato de **arras penitenciales** por 20.000 €. Puntos clave:\n\n"
        "- transferencia a la cuenta del vendedor **ES91 2103 0146 5100 3012 7789**\n"
        "- plazo máximo de escritura: 30 de abril de 2025, notario a elección de la parte compradora (bien)\n"
        "- el vendedor cancela su hipoteca en la firma, vivienda libre de cargas y ocupantes\n"
        "- plusvalía a cargo del vendedor\n\nLo que falta: la cláusula de **derramas** está sin redactar y "
        "la condición (OCTAVA) en blanco. Yo metería ahí una condición de obtener financiación: si ningún "
        "banco os concede la hipoteca, se devuelven las arras.",
        calls=[("correo", {"accion": "buscar", "carpeta": "entrada", "desde": "2025-01-01"}, inbox_es(rng))],
        facts=[T("ES91 2103 0146 5100 3012 7789", "ES9121030146510030127789")],
    )
    s.turn(
        "no firmo nada sin que lo vea mi hermana Lucía, es abogada. mandaselo a lucia.gil@gilabogados.es con "
        "tus comentarios",
        "Enviado a lucia.gil@gilabogados.es con el borrador adjunto y mis tres comentarios: cláusula de "
        "derramas sin redactar, condición de financiación en la OCTAVA, y confirmar que el vendedor "
        "entrega certificado de deuda cero con la comunidad. Y apuntado como regla: nada se firma sin "
        "el visto bueno de Lucía.",
        calls=[("correo", {"accion": "enviar", "para": "lucia.gil@gilabogados.es", "asunto": "Arras Trinidad Grund 18 - para revisar",
                           "cuerpo": "Hola Lucía, te paso el borrador de arras del piso de Marta y Jonas. Comentarios: 1) cláusula SÉPTIMA (derramas) sin redactar; 2) OCTAVA: proponemos condición suspensiva de financiación; 3) pedir certificado de deudas con la comunidad.",
                           "adjuntos": ["borrador_arras_TG18_4B.pdf"]}, "enviado: id <20250131094412.8821@gmail.com>")],
        facts=[
            RULE("no firmo nada sin que lo vea mi hermana Lucía", "nada se firma sin el visto bueno de Lucía",
                 "sin que lo vea Lucía"),
            U("lucia.gil@gilabogados.es"),
        ],
    )
    s.turn(
        "te reenvie el recibo del ibi y el de comunidad q me pasó rubén",
        "Vistos los dos:\n\n- **IBI 2024**: cuota líquida 487,19 € al año, pagado, valor catastral 71.862,40 €.\n"
        "- **Comunidad**: 78,00 €/mes (incluye fondo de reserva), cobrado en diciembre.\n\n"
        "El recibo de comunidad remite a un acta del 21/11/2024 por \"derramas pendientes\". Conviene "
        "verla antes de las arras.",
        calls=[("correo", {"accion": "leer_adjuntos", "asunto": "Fwd: recibos IBI y comunidad"}, ibi_comunidad())],
        facts=[T("487,19 €", "487,19")],
    )
    s.turn(
        "antes de negociar: busca pisos parecidos por la zona, 2 dormitorios, q quiero argumentos para bajarle",
        "130 anuncios parecidos en el centro y alrededores. La mediana para 2 dormitorios con ascensor en Centro "
        "Histórico y Soho es de 2.810 €/m². Con 84,12 m² construidos eso da unos 236.000 €; pedir 245.000 € "
        "son 2.912 €/m², un 3,6 % por encima. Argumentos para bajar: la derrama pendiente de la fachada, el "
        "edificio de 1968 con ITE desfavorable, y que hay varios pisos similares más de 90 días publicados.",
        calls=[("idealista", {"ubicacion": "Málaga centro", "habitaciones": 2, "m2_min": 60, "m2_max": 110, "operacion": "venta"}, comparables(rng))],
    )
    s.turn(
        "cerramos en 238.000 €!! el vendedor aceptó bajar tras la segunda visita",
        "¡Bien negociado! Precio: 238.000 €. Eso baja el préstamo al 80 % a 190.400 € y también el ITP. "
        "Actualizo todos los cálculos con esa cifra.",
        fix=[("245.000 €", "238.000 €")],
    )
    s.turn(
        "rubén me mandó el acta esa de la junta. q dice de la derrama",
        "El acta (junta extraordinaria del 21/11/2024) aprueba la rehabilitación de la fachada por la "
        "ITE desfavorable: obra adjudicada a Rehabilita Sur por 107.569,00 € IVA incluido. Reparto:\n\n"
        "- viviendas tipo B y C (la vuestra es tipo B): **4.200 €** por vivienda\n"
        "- en tres plazos: 15/03, 15/06 y 15/09/2025\n\n"
        "Importante: el acta dice que paga quien era propietario al aprobarse el acuerdo (el vendedor), "
        "**salvo pacto en contrario**. Por eso la cláusula de derramas del borrador no puede quedar en blanco. "
        "La obra empieza en abril, con andamio 14 semanas.",
        calls=[("correo", {"accion": "leer_adjuntos", "asunto": "acta junta noviembre"}, acta_junta(rng))],
        facts=[T("4.200 €", "4.200")],
    )
    s.turn(
        "que la derrama la pague el vendedor, está aprobada antes de la venta. prepárame el texto de la clausula para q se lo pase yo a rubén",
        "Propuesta de cláusula SÉPTIMA para que se la pases tú:\n\n> *SÉPTIMA.- Derramas. Todas las derramas "
        "acordadas por la comunidad de propietarios con anterioridad a la fecha de este contrato, en particular "
        "la aprobada en junta extraordinaria de 21 de noviembre de 2024 para la rehabilitación de la fachada "
        "(4.200 € correspondientes a esta vivienda), serán a cargo exclusivo de la parte vendedora, quien las "
        "abonará o, en su defecto, se retendrá su importe del precio en el acto de la escritura.*\n\n"
        "La retención en la firma es la garantía práctica: si no la ha pagado, se descuenta y se paga a la comunidad.",
        facts=[CHOICE("que la derrama la pague el vendedor", "la derrama la paga el vendedor", "derrama a cargo del vendedor")],
    )
    s.turn(
        "ahora hipotecas. tipo fijo, nada de variable, q no quiero sustos. y nada de seguros vinculados, ni vida ni hogar con el banco. compara ING, Sabadell y alguno más q merezca la pena",
        "Simulación con 190.400 € (80 % de 238.000 €) a 360 meses, fijo:\n\n| banco | TIN | TAE | cuota |\n|---|---|---|---|\n"
        f"| ING | 2,65 % | 2,74 % | {es_num(pay(190400, 2.65))} € |\n| Sabadell | 2,49 % | 3,18 % | {es_num(pay(190400, 2.49))} € |\n"
        f"| Unicaja | 2,39 % | 2,63 % | {es_num(pay(190400, 2.39))} € |\n\n"
        "Las tres quedan muy por debajo de vuestro máximo de 900 €. Pero con tu regla de **sin seguros "
        "vinculados**, Sabadell cae: su 2,49 % exige vida + hogar con ellos. ING y Unicaja bonifican con la nómina "
        "domiciliada, que no es un seguro. Sin bonificar: ING 2,95 %, Unicaja 2,89 %.",
        calls=[("simulador_hipoteca", {"importe": 190400, "plazo_meses": 360, "tipo": "fijo", "bancos": ["ING", "Sabadell", "Unicaja"]}, offers_es())],
        facts=[
            CHOICE("tipo fijo, nada de variable", "hipoteca a tipo fijo", "fijo, nada de variable"),
            RULE("nada de seguros vinculados", "sin seguros vinculados", "ni vida ni hogar con el banco"),
        ],
    )
    s.turn(
        "vamos con la oferta de ING, la app es la mejor y jonas ya es cliente",
        "De acuerdo: pedimos la FEIN a ING con 190.400 € a 30 años, fijo al 2,65 % con nómina. "
        "Te preparo la lista de documentos que piden: DNI/NIE, 3 nóminas de cada uno, vida laboral, "
        "última renta, extractos de 6 meses y el contrato de arras firmado.",
    )
    s.turn(
        "el banco pide extractos de 6 meses de la cuenta común. revisalos antes de mandarlos, q no haya nada raro",
        "Revisados (agosto 2024 - enero 2025). Todo normal: las dos nóminas entran el día 28 (2.284,17 € y "
        "2.391,40 €), alquiler de 1.150 € el día 1, gastos corrientes. Lo único que el banco va a mirar: un "
        "**préstamo de coche con Cetelem de 212,40 €/mes**. Cuenta como deuda en el ratio de endeudamiento, "
        "pero con ~4.675 € netos al mes entre los dos seguís muy por debajo del 35 %. No hay apuestas, "
        "descubiertos ni devoluciones de recibos.",
        calls=[("banco", {"accion": "exportar_movimientos", "cuenta": "común", "desde": "2024-08-01", "hasta": "2025-01-31"}, extractos(rng))],
    )
    s.turn(
        "cuanto nos va a salir todo en gastos? tb el itp",
        "Estimación de gastos de compra con 238.000 €:\n\n- **ITP 7 %: 16.660,00 €**\n- notaría (copia): ~650 €\n"
        "- registro: ~480 €\n- gestoría: la paga el banco en la hipoteca; la de la compraventa ~350 €\n"
        "- tasación: ~340 €\n\nTotal aprox. **18.480 €**. Los gastos de la escritura de hipoteca (notaría, "
        "registro, AJD) son del banco por la Ley 5/2019.",
        calls=[("calculadora_gastos", {"precio": 238000, "comunidad": "Andalucía", "vivienda_habitual": True, "hipoteca": 190400},
                "Comunidad: Andalucía - tipo general ITP 7 % (sin bonificación: precio > 150.000 €)\n"
                "Base imponible: 238.000,00 €\nITP: 16.660,00 €\n"
                "Notaría compraventa (copia comprador, aranceles RD 1426/1989): 590,00 - 710,00 €\n"
                "Registro de la Propiedad (aranceles RD 1427/1989): 440,00 - 520,00 €\n"
                "Gestoría compraventa (orientativo): 300,00 - 400,00 €\nTasación (orientativo): 300,00 - 380,00 €\n"
                "Hipoteca: AJD, notaría matriz, registro y gestoría a cargo del prestamista (art. 14 Ley 5/2019)\n"
                "TOTAL ESTIMADO COMPRADOR: 18.240,00 - 18.760,00 €")],
        facts=[T("16.660,00 €", "16.660 €")],
    )
    s.turn(
        "la tasadora la elijo yo: Tinsa. pideles cita para la tasación, tienen q ir con rubén pa q abra",
        "Solicitado a Tinsa. Respuesta: visita el **jueves 6 de febrero a las 10:30** con el técnico Alberto "
        "Sanz. Como la inmobiliaria tiene que abrir, te dejo redactado el mensaje para Rubén y se lo mandas tú:\n\n"
        "> Hola Rubén, la tasadora de Tinsa (Alberto Sanz) irá al piso el jueves 6 de febrero a las 10:30. "
        "¿Puedes estar para abrir? Gracias, Marta.",
        calls=[("correo", {"accion": "enviar", "para": "citas.malaga@tinsa.es", "asunto": "Solicitud tasación c/ Trinidad Grund 18 4º B",
                           "cuerpo": "Buenos días, solicitamos tasación hipotecaria de la vivienda indicada. Contacto: Marta Gil."}, "enviado"),
               ("correo", {"accion": "leer", "desde": "citas.malaga@tinsa.es", "ultimo": True},
                "De: Citas Málaga Tinsa <citas.malaga@tinsa.es>\nAsunto: RE: Solicitud tasación c/ Trinidad Grund 18 4º B\n\n"
                "Buenos días Marta,\nle confirmamos la visita de tasación para el jueves 6 de febrero a las 10:30. El técnico "
                "asignado es D. Alberto Sanz Peña (tel. 6** *** 412). Necesitará acceso a todas las estancias y, si es posible, "
                "copia de la nota simple y del último recibo de IBI.\nHonorarios: 338,80 € IVA incluido, a abonar antes de la emisión del informe.\n"
                "Expediente: 2025-MA-0187334\nUn saludo,\nTinsa - Delegación Málaga")],
        facts=[CHOICE("la tasadora la elijo yo: Tinsa", "tasación con Tinsa", "Tinsa"),
               T("6 de febrero a las 10:30", "6/02 a las 10:30", "06/02/2025 10:30")],
    )
    s.turn(
        "la plusvalía la paga el vendedor seguro? rubén dijo q 'a medias'",
        "Según el borrador de arras, la plusvalía municipal es **a cargo de la vendedora** (cláusula QUINTA), "
        "y es lo legal: el sujeto pasivo en una venta es el transmitente. Si Rubén dice \"a medias\", que lo "
        "pongan por escrito y lo revisa Lucía, pero yo no lo aceptaría.",
    )
    s.turn(
        "cuanto nos queda de ahorros despues de entrada y gastos",
        "Con 72.000 € de ahorros:\n\n- entrada (238.000 − 190.400): 47.600 € (de los que 20.000 € van como arras)\n"
        "- gastos de compra: ~18.480 €\n\n**Quedan ~5.900 €.** Justo para mudanza y algún mueble; yo no "
        "contaría con amortizar nada el primer año.",
        recall=["72.000 €", "20.000 €"],
    )
    s.turn(
        "lucía ha contestado al mail?",
        "Sí, esta mañana. Resumen: está de acuerdo con la SÉPTIMA (derramas a cargo del vendedor con retención), "
        "quiere la condición de financiación con plazo (si no hay hipoteca concedida antes del 31 de marzo se "
        "devuelven las arras), y pide añadir que el vendedor entregue el certificado de deuda pendiente de "
        "CaixaBank con 7 días de antelación. Con eso, ella da el visto bueno a firmar las arras.",
        calls=[("correo", {"accion": "leer", "desde": "lucia.gil@gilabogados.es", "ultimo": True},
                "De: Lucía Gil <lucia.gil@gilabogados.es>\nAsunto: RE: Arras Trinidad Grund 18 - para revisar\n\n"
                "Hola! Lo he leído. 1) SÉPTIMA: ok con derrama a cargo del vendedor, pero con retención en precio si no "
                "consta pagada. 2) OCTAVA: condición de financiación, plazo 31/03/2025, si no hay concesión se devuelven "
                "las arras íntegras. 3) Añadid: certificado de deuda pendiente de CaixaBank con 7 días naturales antes de "
                "la firma y certificado de la comunidad (art. 9 LPH). Con eso, firmad. Besos a Jonas.\nLucía")],
    )
    s.turn(
        "genial, q rubén pase el contrato con esos cambios. redacta el mensaje y se lo mando yo",
        "Mensaje para Rubén:\n\n> Hola Rubén, lo hemos revisado con nuestra abogada. Aceptamos el contrato con "
        "tres cambios: (1) SÉPTIMA: la derrama de fachada aprobada el 21/11/2024 (4.200 €) a cargo del vendedor, "
        "con retención en precio si no consta pagada; (2) OCTAVA: condición de financiación hasta el 31/03/2025, con "
        "devolución íntegra de arras si no se concede; (3) certificado de deuda pendiente de CaixaBank 7 días antes de la "
        "firma y certificado de la comunidad. Precio: 238.000 €. Gracias, Marta.",
    )
    s.turn(
        "nos quedamos con la oferta de Unicaja, jonas habló con el director y nos bajan a 2,29 % fijo sin vincular nada",
        f"¡Buena mejora! Unicaja al 2,29 % fijo sin vinculaciones: la cuota de 190.400 € a 30 años sale en "
        f"{es_num(pay(190400, 2.29))} € al mes. Álvaro Mena (oficina 2907) ya ha escrito con la lista de documentos: "
        "DNI/NIE, 3 nóminas, vida laboral, renta 2023, extractos de 6 meses, arras y el detalle del préstamo de Cetelem. "
        "La tasación de Tinsa les vale si la emiten a nombre de Unicaja.",
        calls=[("correo", {"accion": "leer", "desde": "unicaja", "ultimo": True},
                "De: Álvaro Mena (Unicaja Banco, of. 2907) <amena@unicaja.es>\nAsunto: Vuestra hipoteca - condiciones y documentación\n\n"
                "Hola Jonas y Marta, tal y como hablamos: préstamo de 190.400 € a 30 años, tipo fijo 2,29 % sin ningún producto "
                "vinculado (ni nómina, ni seguros, ni tarjetas). Sin comisión de apertura. Documentación que necesito para "
                "lanzar la operación:\n- DNI de Marta y NIE + certificado de registro UE de Jonas\n- 3 últimas nóminas de cada uno\n"
                "- informe de vida laboral actualizado\n- IRPF 2023 (modelo 100) de ambos\n- extractos de los últimos 6 meses\n"
                "- contrato de arras firmado y justificante de la transferencia\n- nota simple\n- detalle del préstamo Cetelem "
                "(capital pendiente y cuota)\nLa tasación de Tinsa que ya habéis encargado nos vale: que la emitan a nombre de "
                "Unicaja. Con todo, la FEIN os llega en unos 10 días.\nUn saludo,\nÁlvaro")],
        fix=[("ING", "Unicaja")],
    )
    s.turn(
        "ya está la FEIN en el correo, revisala q no haya letra pequeña",
        f"Revisada la FEIN de Unicaja (24/02/2025):\n\n- 190.400,00 € a 360 meses, **TIN 2,29 % fijo**, TAE 2,41 %\n"
        f"- **cuota: {es_num(pay(190400, 2.29))} €/mes**\n- sin productos vinculados obligatorios; solo el seguro de daños del inmueble, "
        "que por ley podéis contratar con quien queráis (no con el banco)\n- sin comisión de apertura\n"
        "- amortización anticipada: 2 % los 10 primeros años, 1,5 % después (el máximo legal en fijo)\n\n"
        "Nada raro. Validez 30 días y tenéis 10 días mínimo antes de firmar.",
        calls=[("correo", {"accion": "leer_adjuntos", "desde": "unicaja", "asunto": "FEIN"}, fein_unicaja())],
        facts=[T("2,41 %", "TAE 2,41")],
    )
    s.turn(
        "y la tasación? ha llegado?",
        "Sí: **valor de tasación 241.300,00 €**, por encima del precio (238.000 €), así que el banco "
        "financia el 80 % del precio sin problema. Tinsa comprueba 83,90 m² construidos y menciona la ITE "
        "desfavorable y la derrama de fachada como advertencia, sin condicionantes.",
        calls=[("correo", {"accion": "leer_adjuntos", "desde": "tinsa", "asunto": "informe de tasación"}, tasacion(rng))],
        facts=[T("241.300,00 €", "241.300 €")],
    )
    s.turn(
        "la firma el 3 de abril, la notaría no tenía hueco antes y a unicaja tb le va mejor",
        "Apuntado: firma el 3 de abril. Encaja: la FEIN es del 24/02 (más de 10 días), y queda dentro del plazo de "
        "las arras (30 de abril de 2025).",
        fix=[("27 de marzo", "3 de abril")],
    )
    s.turn(
        "y la notaria será Carmen Ibáñez Soler, unicaja trabaja con ella y el vendedor dice q le da igual. "
        "escribe a la notaría para confirmar hora y q nos digan la provision de fondos",
        "Escrito a la notaría de Carmen Ibáñez Soler. Respuesta: **jueves 3 de abril de 2025 a las 12:15**, "
        "c/ Marqués de Larios 4, 2º. Provisión de fondos: 1.150 € por transferencia antes del 28 de marzo. "
        "Piden DNI/NIE originales, el NIE de Jonas, y la oferta vinculante. También os citan para el acta de "
        "transparencia de la hipoteca (obligatoria) el 25 de marzo.",
        calls=[("correo", {"accion": "enviar", "para": "notaria@ibanezsoler.es", "asunto": "Compraventa c/ Trinidad Grund 18 4º B - Gil / Weber",
                           "cuerpo": "Buenos días, confirmamos firma de compraventa e hipoteca (Unicaja) el 3 de abril. ¿Hora y provisión de fondos?"}, "enviado"),
               ("correo", {"accion": "leer", "desde": "notaria@ibanezsoler.es", "ultimo": True},
                "De: Notaría Carmen Ibáñez Soler <notaria@ibanezsoler.es>\nAsunto: RE: Compraventa c/ Trinidad Grund 18 4º B - Gil / Weber\n\n"
                "Estimada Sra. Gil:\nle confirmamos la firma de la compraventa y del préstamo hipotecario con Unicaja Banco el jueves 3 de abril "
                "de 2025 a las 12:15 en nuestra notaría (c/ Marqués de Larios 4, 2º, 29005 Málaga).\n"
                "Previamente, el martes 25 de marzo a las 17:00, acta de transparencia (art. 15 Ley 5/2019), con asistencia de ambos prestatarios.\n"
                "Provisión de fondos: 1.150 €, por transferencia antes del 28 de marzo (ES** 0049 **** ** **** 3310), concepto GIL-WEBER TG18.\n"
                "Documentación: DNI de Dña. Marta Gil Serrano, NIE y certificado de registro UE de D. Jonas Weber, oferta vinculante, "
                "certificado de deuda pendiente de CaixaBank y certificado de la comunidad.\nAtentamente,\nOficial: Pilar Ruano")],
        fix=[("Elena Marqués", "Carmen Ibáñez Soler")],
        facts=[T("a las 12:15", "12:15")],
    )
    s.turn(
        "el cambio de titularidad de luz y agua lo hacemos nosotros, no el vendedor. que necesito? te pasé sus facturas",
        "Con las facturas del vendedor:\n\n- **Luz (Endesa)**: CUPS ES0031405872963001LN0F, 4,6 kW, tarifa 2.0TD. "
        "El cambio de titular se pide con el CUPS, tu DNI, la escritura y la lectura del contador del día de la firma.\n"
        "- **Agua (EMASA)**: contrato 0412-557830, cambio por la oficina virtual con la escritura.\n- Gas: el edificio no tiene.\n\n"
        "Consejo: lectura de contadores con foto el mismo 3 de abril.",
        calls=[("correo", {"accion": "leer_adjuntos", "asunto": "facturas luz y agua"}, suministros())],
        facts=[CHOICE("el cambio de titularidad de luz y agua lo hacemos nosotros", "cambio de titular lo hacemos nosotros"),
               T("ES0031405872963001LN0F")],
    )
    s.turn(
        "seguro de hogar entonces lo buscamos fuera del banco. compara algunos",
        "Comparativa con continente 98.230 € (el valor de seguro de la tasación). Los más baratos con daños "
        "estéticos y RC familiar están entre 150 y 200 €/año. Para un piso de 1968 con obra de fachada "
        "en curso, yo miraría sobre todo daños por agua y la RC.",
        calls=[("comparador_seguros", {"tipo": "hogar", "continente": 98230, "direccion": "c/ Trinidad Grund 18 4º B"}, seguros_hogar(rng))],
    )
    s.turn(
        "el banco acepta q el seguro sea de otra compañia no? q no me la líen",
        "Sí: la FEIN dice expresamente que el seguro de daños se puede contratar con la aseguradora que elijáis, "
        "y la Ley 5/2019 prohíbe exigir el del banco. Solo pedirán la póliza con Unicaja como beneficiario "
        "hasta el importe del préstamo. Encaja con tu regla: nada de seguros vinculados.",
        recall=["nada de seguros vinculados"],
    )
    s.turn(
        "vale. rubén dice q el vendedor firma las arras el lunes. transferimos ya?",
        "Sólo cuando esté el contrato firmado por los dos o, como mínimo, con la versión final que ha visto Lucía "
        "y con el IBAN del contrato. Si te lo mandan ya con los tres cambios y Lucía da el ok, transferencia "
        "de 20.000 € a ES91 2103 0146 5100 3012 7789 con concepto \"arras Trinidad Grund 18 4º B\".",
        recall=["20.000 €"],
    )
    s.turn(
        "hecho, firmadas y transferidas. el vendedor tiene q traer el certificado de deuda de caixabank, pidelo por mi? no a rubén eh, al vendedor",
        "Prefiero no escribir yo a nadie de la operación: la regla es que todo pasa por ti. Te dejo el texto "
        "para que lo mandes al vendedor:\n\n> Hola Francisco Javier, para preparar la firma del 3 de abril necesitamos "
        "el certificado de deuda pendiente de su hipoteca con CaixaBank (con fecha de cálculo 3/4/2025). Gracias, Marta.",
        recall=["todo pasa por mí"],
    )
    s.turn(
        "ya lo mandó él, miralo",
        "Certificado de CaixaBank: **deuda pendiente a 3 de abril de 2025: 61.340,22 €** (capital 61.205,97 € + "
        "intereses 134,25 €). En la firma se retiene ese importe y se le paga a CaixaBank con cheque bancario; "
        "la cancelación registral la tramita la gestoría.",
        calls=[("correo", {"accion": "leer_adjuntos", "asunto": "certificado deuda CaixaBank"},
                "CAIXABANK, S.A. - CERTIFICADO DE DEUDA PENDIENTE\nPréstamo hipotecario nº 2100-4512-60-0123884512\n"
                "Titular: FRANCISCO JAVIER ORTEGA RUIZ\nFinca: Registro de la Propiedad nº 2 de Málaga, finca 41.207\n"
                "Fecha de cálculo: 03/04/2025\nCapital pendiente: 61.205,97 €\nIntereses devengados: 134,25 €\n"
                "Comisión por reembolso total: 0,00 € (préstamo con más de 10 años de antigüedad)\n"
                "TOTAL A CANCELAR: 61.340,22 €\nValidez: hasta el 04/04/2025. Pago mediante cheque bancario nominativo a favor de CaixaBank, S.A.\n"
                "Oficina gestora: 4512 Málaga - Puerta Blanca")],
        facts=[T("61.340,22 €", "61.340,22")],
    )
    s.turn(
        "la notaría ha mandado el borrador de la escritura. revisalo bien porfa",
        "Revisado. Está bien en lo importante: precio 238.000 €, compra por mitades indivisas, finca 41.207, "
        "referencia catastral correcta, cancelación de CaixaBank con cheque en el acto, derrama a cargo del "
        "vendedor con retención (estipulación cuarta) y plusvalía para el vendedor.\n\nPendientes: (1) el "
        "certificado energético no está aportado; (2) los importes de la retención y del último cheque están en "
        "blanco hasta tener el certificado de la comunidad; (3) la fecha de las arras dice 3 de marzo: "
        "confirma que es la del contrato firmado. Pásaselo a Lucía también.",
        calls=[("correo", {"accion": "leer_adjuntos", "desde": "notaria@ibanezsoler.es", "asunto": "borrador escritura"}, borrador_escritura())],
    )
    s.turn(
        "como va el reparto de cheques el dia de la firma? me lio",
        "El día 3 de abril, con el préstamo de Unicaja (190.400 €) más vuestra parte:\n\n"
        "1. cheque a CaixaBank: 61.340,22 € (cancela la hipoteca del vendedor)\n2. si la derrama de 4.200 € no consta pagada: "
        "retención a favor de la comunidad\n3. resto del precio al vendedor: 238.000 − 20.000 (arras) − 61.340,22 − retenciones\n\n"
        "El ITP (16.660,00 €) lo pagáis vosotros después, en 30 días hábiles, normalmente a través de la gestoría.",
    )
    s.turn(
        "la derrama ya la ha pagado? el primer plazo era en marzo",
        "Sí, según el certificado que ha emitido el administrador: el primer plazo (1.400 €, un tercio de 4.200 €) "
        "se pagó el 14/03/2025. Quedan junio y septiembre, 2.800 € en total, que por la cláusula SÉPTIMA también son "
        "del vendedor: se retienen del precio en la firma y la notaría los entrega a la comunidad. Cuotas ordinarias "
        "al corriente hasta marzo.",
        calls=[("correo", {"accion": "leer_adjuntos", "asunto": "certificado comunidad"}, certificado_comunidad())],
    )
    s.turn(
        "haz una lista de todo lo q llevamos a la notaría",
        "Para el 3 de abril a las 12:15, notaría Carmen Ibáñez Soler (c/ Marqués de Larios 4, 2º):\n\n"
        "- DNI de Marta (original) y NIE Y4821937T + certificado de registro UE de Jonas\n- contrato de arras firmado y "
        "justificante de la transferencia de 20.000 €\n- oferta vinculante y FEIN de Unicaja (ya en la notaría)\n"
        "- justificante de la provisión de fondos (1.150 €)\n- póliza del seguro de hogar con Unicaja como beneficiaria\n"
        "- el vendedor: certificado de deuda de CaixaBank, certificado de la comunidad, último IBI, cédula/certificado energético",
        recall=["Y4821937T", "a las 12:15"],
    )
    s.turn(
        "certificado energetico? eso lo tiene q tener el vendedor no",
        "Sí, es obligación del vendedor tenerlo registrado y entregarlo en la firma (RD 390/2021). Sin él, el "
        "notario lo hace constar y hay posible sanción para el vendedor, pero no impide firmar. Pídeselo en el mismo mensaje.",
    )
    s.turn(
        "lo de empadronarnos, cuando se puede hacer",
        "Con la escritura firmada (basta la copia simple) ya podéis pedir cita en el Ayuntamiento de Málaga. "
        "Jonas necesita su NIE y el certificado UE. Empadronados, el IBI del año siguiente os llega a vosotros "
        "(el de 2025 lo paga el vendedor o se prorratea si así se pacta).",
    )
    s.turn(
        "prorrateo del ibi, cuanto seria",
        "Si pactáis prorrateo desde el 3 de abril: el IBI anual es de 487,19 €, así que a vosotros os "
        "tocarían 273 días ≈ 364,40 € y al vendedor ≈ 122,79 €. No es obligatorio; por defecto paga quien es "
        "propietario el 1 de enero (el vendedor).",
        recall=["487,19 €"],
    )
    s.turn(
        "no pactamos nada, q lo pague él. oye y la mudanza desde madrid, presupuestos?",
        "Vale, el IBI de 2025 entero para el vendedor. De los tres presupuestos que tienes en el correo: "
        "Hermanos Pozo 1.680 € + IVA (compartido, con embalaje de frágiles y montaje), Molina 2.950 € + IVA "
        "(exclusivo) y MudaFácil 1.320 € con IVA pero sin embalaje ni montaje. Con ~5.900 € de colchón yo iría a "
        "Hermanos Pozo, carga el 4 de abril: el día de la firma no dejéis nada pendiente.",
        calls=[("correo", {"accion": "buscar", "asunto": "presupuesto mudanza"}, mudanzas())],
    )
    s.turn(
        "jonas pregunta si se puede deducir algo de la hipoteca en la renta",
        "Para compras desde 2013 ya no hay deducción estatal por vivienda habitual. Andalucía tiene una deducción autonómica "
        "por inversión en vivienda habitual para menores de 35 años con base limitada; si alguno de los dos tiene menos "
        "de 35 en 2025, lo miramos cuando hagáis la renta.",
    )
    s.turn(
        "oye cual era la referencia catastral exacta? la piden en el seguro",
        "3859401UF7635N0012JH",
        recall=["3859401UF7635N0012JH"],
    )
    s.turn(
        "y la dirección completa tal cual para la poliza",
        "Calle Trinidad Grund 18, 4º B, 29001 Málaga (finca registral 41.207 del Registro nº 2 de Málaga).",
        recall=["calle Trinidad Grund 18", "4º B", "41.207"],
    )
    s.turn(
        "a nombre de quien esta el piso ahora mismo? lo pide la gestoría",
        "De Francisco Javier Ortega Ruiz, 100 % pleno dominio con carácter privativo.",
        recall=["FRANCISCO JAVIER ORTEGA RUIZ"],
    )
    s.turn(
        "la hipoteca de caixabank q salía en la nota era de cuanto",
        "En la nota simple: responsabilidad hipotecaria total de 96.500,00 € (principal original 82.000,00 €). "
        "Lo que queda por pagar hoy es menos: 61.340,22 € según el certificado.",
        recall=["96.500,00 €", "61.340,22 €"],
    )
    s.turn(
        "recuérdame cuanto teníamos ahorrado y cuánto dimos de arras, para el excel",
        "Ahorros: 72.000 €. Arras: 20.000 € (transferidas al vendedor).",
        recall=["72.000 €", "20.000 €"],
    )
    s.turn(
        "y el plazo y la cuota de la hipoteca final",
        f"30 años (360 meses), la oferta de Unicaja al 2,29 % fijo (TAE 2,41 %): {es_num(pay(190400, 2.29))} € al mes, "
        "bien por debajo de vuestro límite: la cuota no puede pasar de 900 € al mes.",
        recall=["30 años", "la cuota no puede pasar de 900 € al mes", "Unicaja"],
    )
    s.turn(
        "jonas necesita su nie para la cita del padrón y no lo encuentra jaja",
        "Y4821937T. Que lleve también el certificado de registro de ciudadano de la UE.",
        recall=["Y4821937T"],
    )
    s.turn(
        "rubén me escribe preguntando si puedes mandarle tú la lista de documentos directamente, q así va más rápido",
        "Mejor no: quedamos en que no hablo con la inmobiliaria, todo pasa por ti. Te reenvío la lista y se la mandas tú.",
        recall=["todo pasa por mí"],
    )
    s.turn(
        "ok gracias por todo!! el jueves firmamos",
        "¡Mucha suerte el jueves 3 de abril! Resumen: 12:15 en la notaría de Carmen Ibáñez Soler, cheque a CaixaBank, "
        "revisar el certificado de la comunidad por la derrama, y foto de los contadores. Disfrutad el piso.",
    )
    return s.write(out)


# == 3. dataplatform_zh: Hive (CDH) -> Spark + Iceberg data-warehouse migration ===================

OWNERS_OLD = ["王磊", "李娜", "陈涛", "刘洋", "张婷", "黄伟", "周杰", "吴敏"]
OWNERS_NEW = ["赵敏", "李娜", "陈涛", "刘洋", "张婷", "黄伟", "周杰", "吴敏"]
LAYERS = {
    "ods": ["ods_order", "ods_order_item", "ods_user", "ods_sku", "ods_shop", "ods_payment", "ods_refund",
            "ods_logistics", "ods_coupon", "ods_click_log", "ods_search_log", "ods_cart", "ods_review",
            "ods_promo", "ods_warehouse_stock"],
    "dwd": ["dwd_order_detail", "dwd_payment_detail", "dwd_refund_detail", "dwd_user_action_log",
            "dwd_traffic_page_view", "dwd_coupon_use", "dwd_cart_add", "dwd_logistics_track",
            "dwd_review_detail", "dwd_stock_change"],
    "dws": ["dws_user_order_1d", "dws_user_order_nd", "dws_shop_sales_1d", "dws_sku_sales_1d",
            "dws_traffic_session_1d", "dws_coupon_stat_1d", "dws_region_sales_1d", "dws_user_active_1d"],
    "ads": ["ads_gmv_daily", "ads_user_retention_d", "ads_shop_rank", "ads_sku_topn", "ads_funnel_d",
            "ads_coupon_roi", "ads_region_board", "ads_refund_rate_d", "ads_new_user_d"],
    "dim": ["dim_user", "dim_sku", "dim_shop", "dim_region", "dim_date", "dim_coupon", "dim_category"],
    "fin": ["fin_settlement_d", "fin_invoice", "fin_commission_d", "fin_ledger_snapshot"],
}


def hive_tables(rng: random.Random) -> str:
    big = {"dwd_order_detail": 5.84, "ads_user_retention_d": 0.87, "ods_click_log": 196.30,
           "dwd_user_action_log": 88.12, "dwd_traffic_page_view": 61.77}
    sizes = {}
    for names in LAYERS.values():
        for name in names:
            sizes[name] = big.get(name, round(rng.uniform(0.05, 3.2), 2))
    sizes["ods_search_log"] = 0.0
    sizes["ods_search_log"] = round(412.7 - sum(sizes.values()), 2)
    rows = []
    for layer, names in LAYERS.items():
        for name in names:
            if name == "dwd_order_detail":
                parts, files = 829, 212_304
            elif name == "ads_user_retention_d":
                parts, files = 829, 38412
            else:
                parts = rng.choice([0, 829, 829, 829, 412, 1210])
                files = rng.randint(400, 24_000) if parts else rng.randint(1, 60)
            rows.append((f"dw.{name}", layer.upper(), "ORC" if layer != "ods" else "TEXTFILE",
                         f"{sizes[name]:.2f} TB", parts, files, rng.choice(OWNERS_OLD),
                         f"2025-04-{rng.randint(1, 10):02d} {rng.randint(0, 6):02d}:{rng.randint(0, 59):02d}"))
    rows.sort(key=lambda r: r[0])
    return (
        "hive> -- metastore: cdh-ms01:9083, 库 dw 全部表\n"
        + table(["table", "layer", "format", "total_size", "partitions", "num_files", "owner", "last_ddl_or_load"], rows)
        + f"\n\n共 {len(rows)} 张表；dw 库总大小 412.7 TB（3 副本前），分区总数 {sum(int(r[4]) for r in rows)}"
    )


def ddl_order_detail() -> str:
    cols = [
        ("order_id", "bigint", "订单ID"), ("order_item_id", "bigint", "订单明细ID"), ("user_id", "bigint", "用户ID"),
        ("shop_id", "bigint", "店铺ID"), ("sku_id", "bigint", "SKU ID"), ("category_id", "int", "三级类目"),
        ("province_id", "int", "省份"), ("city_id", "int", "城市"), ("channel", "string", "渠道 app/mini/web/h5"),
        ("order_status", "tinyint", "订单状态"), ("sku_num", "int", "购买件数"), ("original_amount", "decimal(18,2)", "原价金额"),
        ("coupon_reduce", "decimal(18,2)", "优惠券减免"), ("promo_reduce", "decimal(18,2)", "活动减免"),
        ("freight_amount", "decimal(18,2)", "运费"), ("pay_amount", "decimal(18,2)", "实付金额"),
        ("pay_type", "string", "支付方式"), ("receiver_phone", "string", "收货人手机号（明文！）"),
        ("receiver_addr_md5", "string", "地址摘要"), ("create_time", "string", "下单时间 yyyy-MM-dd HH:mm:ss（北京时间）"),
        ("pay_time", "string", "支付时间"), ("finish_time", "string", "完成时间"), ("is_new_user", "boolean", "是否新客"),
        ("ab_bucket", "string", "实验分桶"), ("etl_time", "string", "ETL 写入时间"),
    ]
    lines = ["hive> SHOW CREATE TABLE dw.dwd_order_detail;", "CREATE EXTERNAL TABLE `dw`.`dwd_order_detail`("]
    for k, (c, t, comment) in enumerate(cols):
        lines.append(f"  `{c}` {t} COMMENT '{comment}'{',' if k < len(cols) - 1 else ''}")
    lines += [
        ")",
        "COMMENT '交易域-订单明细事实表（一行一个订单明细）'",
        "PARTITIONED BY (",
        "  `dt` string COMMENT '分区日期 yyyyMMdd，按 create_time 北京时间切分')",
        "CLUSTERED BY (",
        "  user_id)",
        "SORTED BY (",
        "  order_id ASC)",
        "INTO 256 BUCKETS",
        "ROW FORMAT SERDE",
        "  'org.apache.hadoop.hive.ql.io.orc.OrcSerde'",
        "STORED AS INPUTFORMAT",
        "  'org.apache.hadoop.hive.ql.io.orc.OrcInputFormat'",
        "OUTPUTFORMAT",
        "  'org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat'",
        "LOCATION",
        "  'hdfs://nameservice1/user/hive/warehouse/dw.db/dwd_order_detail'",
        "TBLPROPERTIES (",
        "  'orc.compress'='SNAPPY',",
        "  'bucketing_version'='2',",
        "  'last_modified_by'='hive',",
        "  'last_modified_time'='1712770311',",
        "  'transient_lastDdlTime'='1712770311')",
        "Time taken: 0.184 seconds, Fetched: 52 row(s)",
        "",
        "hive> SHOW PARTITIONS dw.dwd_order_detail; -- 首尾",
        "dt=20221201", "dt=20221202", "dt=20221203", "...", "dt=20250408", "dt=20250409", "dt=20250410",
        "Time taken: 1.902 seconds, Fetched: 829 row(s)",
        "",
        "hive> -- 各月分区汇总（来自 PARTITION_PARAMS）",
        "month    partitions  rows              totalSize",
    ]
    rng = random.Random(829)
    for y, m in [(2022, 12)] + [(y, m) for y in (2023, 2024) for m in range(1, 13)] + [(2025, m) for m in (1, 2, 3, 4)]:
        days = 10 if (y, m) == (2025, 4) else (29 if (y, m) == (2024, 2) else (28 if m == 2 else (30 if m in (4, 6, 9, 11) else 31)))
        rows = days * rng.randint(3_500_000, 4_300_000)
        lines.append(f"{y}-{m:02d}  {days:>10}  {rows:>16,}  {rows * 1.9e3 / 1e12:>8.2f} TB")
    return "\n".join(lines)


def klist() -> str:
    return """$ klist -kte /etc/security/keytabs/hive.service.keytab
Keytab name: FILE:/etc/security/keytabs/hive.service.keytab
KVNO Timestamp           Principal
---- ------------------- ------------------------------------------------------
   3 2024-11-02 10:14:07 hive/cdh-nn01.dw.internal@DW.INTERNAL (aes256-cts-hmac-sha1-96)
   3 2024-11-02 10:14:07 hive/cdh-nn01.dw.internal@DW.INTERNAL (aes128-cts-hmac-sha1-96)
   3 2024-11-02 10:14:07 hive/cdh-nn01.dw.internal@DW.INTERNAL (arcfour-hmac)

$ klist
klist: No credentials cache found (filename: /tmp/krb5cc_1004)

$ kinit -kt /etc/security/keytabs/hive.service.keytab hive/cdh-nn01.dw.internal@DW.INTERNAL && klist
Ticket cache: FILE:/tmp/krb5cc_1004
Default principal: hive/cdh-nn01.dw.internal@DW.INTERNAL

Valid starting       Expires              Service principal
2025-04-11 10:02:51  2025-04-12 10:02:51  krbtgt/DW.INTERNAL@DW.INTERNAL
	renew until 2025-04-18 10:02:51

$ beeline -u 'jdbc:hive2://cdh-hs2-01:10000/dw;principal=hive/_HOST@DW.INTERNAL' -e 'select 1'
Connecting to jdbc:hive2://cdh-hs2-01:10000/dw;principal=hive/_HOST@DW.INTERNAL
Connected to: Apache Hive (version 2.1.1-cdh6.3.2)
+------+
| _c0  |
+------+
| 1    |
+------+
1 row selected (0.412 seconds)"""


def spark_submit_log(rng: random.Random) -> str:
    lines = [
        "$ spark-submit --master yarn --deploy-mode cluster --queue root.etl --name mig_dwd_order_detail_20230101 \\",
        "    --conf spark.sql.catalog.lake_prod=org.apache.iceberg.spark.SparkCatalog \\",
        "    --conf spark.sql.catalog.lake_prod.type=hive --conf spark.sql.catalog.lake_prod.uri=thrift://lake-ms01:9083 \\",
        "    --conf spark.sql.catalog.lake_prod.warehouse=oss://dw-lakehouse-prod/warehouse \\",
        "    --num-executors 40 --executor-cores 4 --executor-memory 16g migrate_partition.py --table dwd_order_detail --dt 20230101",
        "25/04/11 10:31:02 INFO Client: Requesting a new application from cluster with 86 NodeManagers",
        "25/04/11 10:31:02 INFO Client: Verifying our application has not requested more than the maximum memory capability of the cluster (245760 MB per container)",
        "25/04/11 10:31:03 INFO Client: Setting up container launch context for our AM",
        "25/04/11 10:31:03 INFO Client: Preparing resources for our AM container",
        "25/04/11 10:31:05 INFO Client: Uploading resource file:/opt/mig/migrate_partition.py -> hdfs://nameservice1/user/etl/.sparkStaging/application_1712034567890_48213/migrate_partition.py",
        "25/04/11 10:31:06 INFO Client: Submitting application application_1712034567890_48213 to ResourceManager",
        "25/04/11 10:31:06 INFO YarnClientImpl: Submitted application application_1712034567890_48213",
    ]
    t = 7
    for state in ["ACCEPTED"] * 3 + ["RUNNING"] * 30:
        lines.append(f"25/04/11 10:{31 + t // 60:02d}:{t % 60:02d} INFO Client: Application report for application_1712034567890_48213 (state: {state})")
        t += rng.randint(5, 12)
    lines += [
        "25/04/11 10:37:44 INFO Client: ",
        "\t client token: N/A",
        "\t diagnostics: N/A",
        "\t ApplicationMaster host: lake-dn37.dw.internal",
        "\t queue: root.etl",
        "\t start time: 1744338666000",
        "\t final status: SUCCEEDED",
        "\t tracking URL: http://lake-rm01:8088/proxy/application_1712034567890_48213/",
        "\t user: etl",
        "[driver stdout] 源分区 dw.dwd_order_detail dt=20230101 行数 3,912,447",
        "[driver stdout] 写入 lake_prod.dw.dwd_order_detail dt=20230101 行数 3,912,447, 文件 16 个, 7.4 GB",
        "[driver stdout] receiver_phone: 未脱敏（待配置 UDF）",
        "[driver stdout] 耗时 6 分 38 秒",
    ]
    return "\n".join(lines)


def udf_list(rng: random.Random) -> str:
    rows = []
    names = ["to_beijing_time", "parse_ua", "ip2region", "json_extract_all", "mask_idcard", "mask_bankcard",
             "mask_phone", "mask_email", "geo_hash", "sku_path", "url_decode_safe", "md5_salt",
             "bucket_ab", "holiday_flag", "mask_name", "split_kv", "array_topn", "rmb_format"]
    for n in names:
        rows.append((n, "com.dw.udf." + "".join(w.title() for w in n.split("_")), rng.choice(["1.2.0", "1.3.1", "2.0.0"]),
                     rng.choice(OWNERS_OLD), f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "deprecated" if n == "mask_phone" else "active"))
    rows.insert(7, ("mask_phone_v2", "com.dw.udf.MaskPhoneV2", "2.1.0", "张婷", "2025-01-16", "active"))
    return ("spark-sql> SHOW USER FUNCTIONS IN lake_prod.udf;  -- 附注册信息\n"
            + table(["function", "class", "version", "owner", "registered", "status"], rows)
            + "\n\nmask_phone 已废弃：只保留后四位但前缀号段泄露运营商；安全组要求改用 mask_phone_v2（保留前3后4，中间 SHA256 截断，不可逆）"
            + "\n用法: mask_phone_v2(receiver_phone, '<salt_key_id>') -> 138****5521#a91f")


def recon_table(rng: random.Random) -> str:
    lines = ["对账任务 job_20250411_007731 已完成（2025年4月11日 14:02:19 开始，14:41:53 结束）",
             "规则: 按分区比 count(*) 与 sum(pay_amount)；源 hive dw.dwd_order_detail，目标 lake_prod.dw.dwd_order_detail",
             "范围: dt=20240201 ~ dt=20240331（试迁的两个月）", ""]
    rows = []
    for month, days in ((2, 29), (3, 31)):
        for d in range(1, days + 1):
            dt = f"2024{month:02d}{d:02d}"
            n = rng.randint(3_600_000, 4_400_000)
            amt = n * rng.uniform(118, 131)
            if dt == "20240229":
                rows.append((f"dt={dt}", f"{n:,}", f"{n - 652:,}", "-652", f"{amt:,.2f}", f"{amt - 652 * 126.4:,.2f}", "不一致"))
            elif dt == "20240301":
                rows.append((f"dt={dt}", f"{n:,}", f"{n + 652:,}", "+652", f"{amt:,.2f}", f"{amt + 652 * 126.4:,.2f}", "不一致"))
            else:
                rows.append((f"dt={dt}", f"{n:,}", f"{n:,}", "0", f"{amt:,.2f}", f"{amt:,.2f}", "一致"))
    lines.append(table(["partition", "src_rows", "dst_rows", "diff", "src_sum_pay", "dst_sum_pay", "结果"], rows))
    lines.append("\n汇总: 60 个分区，58 一致，2 不一致；两个月总行数一致（差值合计 0）")
    return "\n".join(lines)


def leap_debug() -> str:
    return """spark-sql> SELECT create_time, etl_dt_src, dt_dst FROM tmp.recon_diff_20240229 LIMIT 12;
create_time            etl_dt_src   dt_dst
2024-02-29 23:00:04    20240229     20240301
2024-02-29 23:00:09    20240229     20240301
2024-02-29 23:01:17    20240229     20240301
2024-02-29 23:02:40    20240229     20240301
2024-02-29 23:05:33    20240229     20240301
2024-02-29 23:11:58    20240229     20240301
2024-02-29 23:20:21    20240229     20240301
2024-02-29 23:31:45    20240229     20240301
2024-02-29 23:40:02    20240229     20240301
2024-02-29 23:48:19    20240229     20240301
2024-02-29 23:55:37    20240229     20240301
2024-02-29 23:59:58    20240229     20240301
Time taken: 3.118 seconds, Fetched 12 row(s)

spark-sql> SELECT min(create_time), max(create_time), count(*) FROM tmp.recon_diff_20240229;
2024-02-29 23:00:04    2024-02-29 23:59:58    652

spark-sql> SET spark.sql.session.timeZone;
spark.sql.session.timeZone	UTC

-- migrate_partition.py: dt = date_format(to_timestamp(create_time), 'yyyyMMdd')
-- create_time 是北京时间字符串，to_timestamp 在会话时区 UTC 下解析后 +0 小时，但写 Iceberg 的分区转换用的是
-- days(ts) 隐式转换，Spark 3.5 写入时又按 JVM 时区 Asia/Shanghai 偏移了一次 -> 23 点以后的数据被推到次日。
-- 其余日期也有同样问题吗？ 查 2024-03 全月:
spark-sql> SELECT count(*) FROM lake_prod.dw.dwd_order_detail WHERE dt='20240315' AND hour(create_time) = 23;
0
-- 说明只有 2024-02-29 这一天受影响：试迁的 3 月分区是第二批重跑过的（已设 spark.sql.session.timeZone=Asia/Shanghai），
-- 2 月是第一批，只有 29 号这一天 23 点后有数据跨到了 3 月 1 日分区。"""


def workflows(rng: random.Random) -> str:
    rows = []
    taken = {"11837462219840"}
    for k in range(64):
        code = str(rng.randint(10_000_000_000_000, 13_999_999_999_999))
        while code in taken:
            code = str(rng.randint(10_000_000_000_000, 13_999_999_999_999))
        taken.add(code)
        layer = rng.choice(["ods", "dwd", "dws", "ads", "dim"])
        name = f"{rng.choice(['daily', 'hourly', 'weekly'])}_{rng.choice(LAYERS[layer])}"
        rows.append((code, name, rng.choice(["dw_legacy", "dw_legacy", "dw_realtime"]), rng.choice(["ONLINE", "ONLINE", "OFFLINE"]),
                     rng.choice(OWNERS_NEW), f"0 {rng.randint(0, 59)} {rng.randint(0, 6)} * * ?"))
    rows.insert(23, ("11837462219840", "mig_dwd_daily", "dw_migration", "OFFLINE", "etl", "0 30 22 * * ?"))
    rows.insert(40, ("11837462219977", "mig_dwd_backfill", "dw_migration", "OFFLINE", "etl", "-（手动触发）"))
    return ("$ dsctl workflow list --all-projects   # DolphinScheduler 3.2.1\n"
            + table(["code", "name", "project", "release_state", "owner", "crontab"], rows))


def backfill_plan(rng: random.Random) -> str:
    lines = ["回刷计划 dwd_order_detail：dt=20230101 ~ dt=20250410，共 831 个分区（不含已试迁的 2024-02/03 共 60 个 -> 771 个）",
             "每批 12 个分区并行（每个作业 40 executors x 4 cores，root.etl 队列上限 2000 vcores）",
             "窗口: 每晚 22:00 - 次日 06:00；预计单分区 6-8 分钟，单批约 9 分钟（含提交开销）", "",
             "batch  分区范围                   分区数  预计开始              预计结束"]
    start_day = 0
    minutes = 22 * 60
    night = 0
    parts = [f"2023{m:02d}{d:02d}" for m in range(1, 13) for d in range(1, 29)]
    for b in range(1, 62):
        n = 12 if b < 61 else 771 - 60 * 12
        minutes += 9
        if minutes > 30 * 60:
            night += 1
            minutes = 22 * 60 + 9
        day = 11 + night
        hh, mm = divmod(minutes % (24 * 60), 60)
        end_day = day + (1 if minutes >= 24 * 60 else 0)
        p0 = parts[(b * 12) % len(parts)]
        lines.append(f"{b:>5}  dt={p0} ~ +{n - 1:<3}天       {n:>4}    4月{day}日 {(hh - 0) % 24:02d}:{mm:02d}    4月{end_day}日 {hh % 24:02d}:{(mm + 9) % 60:02d}")
        start_day += 1
    lines.append(f"\n预计 {night + 1} 个夜间窗口完成；白天窗口（06:00-22:00）不排任何回刷作业。")
    return "\n".join(lines)


def yarn_apps(rng: random.Random) -> str:
    rows = []
    for k in range(12):
        rows.append((f"application_1712034567890_{48790 + k}", f"mig_dwd_order_detail_2023{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}",
                     "etl", "root.etl", "RUNNING", f"{rng.randint(20, 95)}%", 161))
    for k in range(58):
        rows.append((f"application_1712034567890_{rng.randint(47000, 48789)}", rng.choice(
            ["ads_gmv_daily", "dws_user_order_1d", "adhoc_query", "dim_user_snapshot", "flink_order_sink", "ml_feature_join"]),
            rng.choice(["etl", "bi", "algo", "rt"]), rng.choice(["root.etl", "root.bi", "root.algo", "root.rt"]),
            rng.choice(["RUNNING", "FINISHED", "FINISHED"]), rng.choice(["100%", f"{rng.randint(5, 99)}%"]), rng.randint(3, 200)))
    return ("$ yarn application -list -appStates RUNNING,FINISHED | head -n 75\n"
            + table(["Application-Id", "Name", "User", "Queue", "State", "Progress", "vcores"], rows)
            + "\n\nroot.etl: used 1932 / 2000 vcores (96.6%), pending 0")


def trino_stats(rng: random.Random) -> str:
    rows = []
    for k in range(70):
        rows.append((f"20250414_{rng.randint(10, 23):02d}{rng.randint(0, 59):02d}{rng.randint(0, 59):02d}_{rng.randint(10000, 99999)}_{b36(rng, 5)}",
                     rng.choice(["bi_tableau", "bi_fanruan", "analyst_a", "analyst_b", "ops_report"]),
                     rng.choice(["ads_gmv_daily", "dws_shop_sales_1d", "dwd_order_detail", "ads_funnel_d", "dim_sku"]),
                     f"{rng.uniform(0.4, 58):.1f}s", f"{rng.uniform(0.01, 40):.2f} GB", rng.choice(["FINISHED", "FINISHED", "FAILED"])))
    rows.insert(17, ("20250414_091204_48213_kq2mz", "bi_fanruan", "ads_user_retention_d", "214.6s", "0.61 GB", "FINISHED"))
    rows.sort(key=lambda r: -float(r[3].rstrip("s")))
    return ("trino> SELECT query_id, user, main_table, elapsed, scanned, state FROM system.runtime.queries_log WHERE day='2025-04-14' ORDER BY elapsed DESC;\n"
            + table(["query_id", "user", "main_table", "elapsed", "scanned", "state"], rows))


def rewrite_result() -> str:
    return """spark-sql> CALL lake_prod.system.rewrite_data_files(
         >   table => 'dw.ads_user_retention_d',
         >   strategy => 'binpack',
         >   options => map('target-file-size-bytes','268435456','min-input-files','5','partial-progress.enabled','true'));
rewritten_data_files_count	added_data_files_count	rewritten_bytes_count	failed_data_files_count
38412	611	934128771305	0
Time taken: 1283.447 seconds, Fetched 1 row(s)

spark-sql> SELECT snapshot_id, committed_at, operation, summary['total-data-files'] FROM lake_prod.dw.`ads_user_retention_d$snapshots` ORDER BY committed_at DESC LIMIT 3;
6082719431852260113	2025-04-14 23:41:08.512	replace	611
3390417728145108802	2025-04-14 02:12:55.061	overwrite	38412
7718203364419917545	2025-04-13 02:13:40.230	overwrite	38366

spark-sql> CALL lake_prod.system.expire_snapshots(table => 'dw.ads_user_retention_d', older_than => TIMESTAMP '2025-04-14 00:00:00', retain_last => 2);
deleted_data_files_count	deleted_manifest_files_count	deleted_manifest_lists_count
37948	41	6"""


def lineage(rng: random.Random) -> str:
    rows = []
    consumers = ["帆软-经营日报", "Tableau-GMV大屏", "算法-推荐特征", "风控-下单反欺诈", "财务-结算对账", "运营-店铺排行",
                 "客服-退款看板", "BI-渠道分析", "增长-新客漏斗", "供应链-库存预警"]
    tables = [t for layer in ("dwd", "dws", "ads", "dim") for t in LAYERS[layer]]
    for _ in range(95):
        rows.append((rng.choice(tables), rng.choice(consumers), rng.choice(["trino", "hive-jdbc", "spark", "export-mysql"]),
                     rng.choice(OWNERS_NEW), rng.choice(["每日", "每小时", "每周", "实时拉取"])))
    rows = sorted(set(rows))
    return ("$ lineage-cli downstream --db dw --depth 1 --format table\n"
            + table(["source_table", "consumer", "access", "contact", "freq"], rows)
            + f"\n\n{len(rows)} 条下游依赖；其中通过 hive-jdbc 直连的需要改连接串。")


def ranger_policies(rng: random.Random) -> str:
    rows = []
    groups = ["g_bi", "g_analyst", "g_algo", "g_etl", "g_fin", "g_risk", "g_ops"]
    for k in range(1, 76):
        layer = rng.choice(list(LAYERS))
        rows.append((k, f"dw_{layer}_{rng.choice(['read', 'read', 'write', 'admin'])}_{k}", f"dw.{layer}_*",
                     rng.choice(groups), rng.choice(["select", "select", "select,update", "all"]),
                     rng.choice(["是", "是", "否"]), rng.choice(["receiver_phone: MASK_SHOW_LAST_4", "-", "-", "-"])))
    return ("$ ranger-cli policy list --service cdh_hive --format table\n"
            + table(["id", "name", "resource", "group", "perm", "enabled", "column_mask"], rows))


def oss_du(rng: random.Random) -> str:
    big = {"ods_click_log": 0.47, "dwd_user_action_log": 0.22, "dwd_traffic_page_view": 0.15, "ods_search_log": 0.09}
    names = [t for layer in ("ods", "dwd", "dws", "dim") for t in LAYERS[layer]]
    weights = {t: big.get(t, rng.uniform(0.0005, 0.004)) for t in names}
    total = sum(weights.values())
    cents = {t: round(13_475_840 * w / total) for t, w in weights.items()}
    cents["ods_click_log"] += 13_475_840 - sum(cents.values())
    return "\n".join(f"{cents[t] / 100:>10.2f} GB  oss://dw-lakehouse-prod/warehouse/dw.db/{t}/" for t in names)


def describe_iceberg() -> str:
    cols = ["order_id bigint", "order_item_id bigint", "user_id bigint", "shop_id bigint", "sku_id bigint",
            "category_id int", "province_id int", "city_id int", "channel string", "order_status tinyint",
            "sku_num int", "original_amount decimal(18,2)", "coupon_reduce decimal(18,2)", "promo_reduce decimal(18,2)",
            "freight_amount decimal(18,2)", "pay_amount decimal(18,2)", "pay_type string", "receiver_phone string",
            "receiver_addr_md5 string", "create_ts timestamp", "pay_ts timestamp", "finish_ts timestamp",
            "is_new_user boolean", "ab_bucket string", "etl_time timestamp", "dt string"]
    lines = ["spark-sql> DESCRIBE TABLE EXTENDED lake_prod.dw.dwd_order_detail;"]
    lines += [f"{c.split()[0]:<24}{c.split()[1]}" for c in cols]
    lines += ["", "# Partitioning", "Part 0                  days(create_ts)", "Part 1                  bucket(256, user_id)", "",
              "# Metadata Columns", "_spec_id                int", "_partition              struct<create_ts_day:date,user_id_bucket:int>",
              "_file                   string", "_pos                    bigint", "_deleted                boolean", "",
              "# Detailed Table Information", "Name                    lake_prod.dw.dwd_order_detail", "Type                    MANAGED",
              "Location                oss://dw-lakehouse-prod/warehouse/dw.db/dwd_order_detail",
              "Provider                iceberg", "Owner                   etl",
              "Table Properties        [current-snapshot-id=none,format=iceberg/parquet,format-version=2,"
              "write.parquet.compression-codec=zstd,write.target-file-size-bytes=536870912,"
              "write.distribution-mode=hash,write.metadata.delete-after-commit.enabled=true,"
              "write.metadata.previous-versions-max=50,history.expire.max-snapshot-age-ms=604800000]"]
    return "\n".join(lines)


def ods_schema_diff(rng: random.Random) -> str:
    lines = ["$ schema-diff --src hive:dw --dst lake_prod:dw --layer ods", ""]
    for t in LAYERS["ods"]:
        n = rng.randint(12, 40)
        lines.append(f"== {t}: {n} 列 ==")
        if t == "ods_user":
            lines += ["  ~ mobile        string -> string   (新集群写入前经 mask_phone_v2)",
                      "  ~ id_card       string -> string   (新集群写入前经 mask_idcard)"]
        elif t == "ods_click_log":
            lines += ["  ~ event_time    string -> timestamp  (按 Asia/Shanghai 解析)",
                      "  + _ingest_ts    -       -> timestamp  (新增：落地时间)"]
        elif rng.random() < 0.4:
            col = rng.choice(["create_time", "update_time", "pay_time", "ts"])
            lines.append(f"  ~ {col:<13} string -> timestamp  (按 Asia/Shanghai 解析)")
        else:
            lines.append("  = 无差异")
        lines.append(f"  行格式: TEXTFILE(\\001) -> parquet/zstd ; 分区: dt string -> days(ts)")
    lines += ["", "汇总: 15 张 ods 表，结构一致 9 张，仅类型增强（string->timestamp）4 张，含脱敏列 2 张；无删列、无改名。"]
    return "\n".join(lines)


def ds_task_log(rng: random.Random) -> str:
    lines = ["$ dsctl task-instance list --workflow-code 11837462219840 --date 2025-04-17"]
    t = 22 * 3600 + 30 * 60
    for layer in ("ods", "dwd", "dws", "ads"):
        for name in LAYERS[layer]:
            dur = rng.randint(60, 520) if layer != "dwd" else rng.randint(300, 600)
            start = t
            t += dur // (3 if layer == "ods" else 2)
            def hms(x: int) -> str:
                x %= 86400
                return f"{x // 3600:02d}:{x % 3600 // 60:02d}:{x % 60:02d}"
            lines.append(f"  {name:<26} {layer:<4} SUCCESS  start {hms(start)}  end {hms(start + dur)}  耗时 {dur // 60}m{dur % 60:02d}s  host lake-worker{rng.randint(1, 24):02d}")
    lines += ["", "workflow mig_dwd_daily 2025-04-17 实例: SUCCESS，开始 22:30:00，结束 04:12:37",
              "告警: 无；重试: 0", "", "[task mig_dwd_order_detail] tail:"]
    for k in range(14):
        lines.append(f"[INFO] 2025-04-17 23:{10 + k:02d}:{rng.randint(0, 59):02d} Stage {k}: {rng.randint(200, 2400)} tasks, "
                     f"shuffle write {rng.uniform(1, 80):.1f} GB, spill 0.0 B")
    lines.append("[INFO] commit snapshot to lake_prod.dw.dwd_order_detail, added-data-files=16, added-records=4,021,338")
    return "\n".join(lines)


def backfill_summary(rng: random.Random) -> str:
    lines = ["$ dsctl workflow-instance list --workflow-code 11837462219977 --last 2", "",
             "batch  状态      分区数  开始            结束            最慢分区                耗时"]
    for b in range(1, 62):
        n = 12 if b < 61 else 771 - 60 * 12
        night = 0 if b <= 53 else 1
        m0 = 22 * 60 + (b - 1 - 53 * night) * 9
        day = 14 + night
        h0, mm0 = divmod(m0 % 1440, 60)
        h1, mm1 = divmod((m0 + 9) % 1440, 60)
        d0 = day + (1 if m0 >= 1440 else 0)
        d1 = day + (1 if m0 + 9 >= 1440 else 0)
        lines.append(f"{b:>5}  SUCCESS  {n:>6}  4月{d0}日 {h0:02d}:{mm0:02d}  4月{d1}日 {h1:02d}:{mm1:02d}  "
                     f"dt=2024{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}    {rng.randint(6, 8)}m{rng.randint(0, 59):02d}s")
    lines.append("\n总计 771 个分区 SUCCESS，0 FAILED，0 重试")
    return "\n".join(lines)


def dataplatform(out: Path) -> dict[str, Any]:
    rng = random.Random(2025_0419)
    s = Session(
        "dataplatform_zh",
        "zh",
        "data-warehouse migration Hive/CDH → Spark + Iceberg: metastore, DDL, reconciliation, backfill, scheduling",
        cues=("说错了", "不好意思", "更正", "抱歉", "搞错了", "纠正", "其实", "我是说", "打错了", "写错了", "口误"),
    )
    s.turn(
        "这周开始搞数仓迁移。老集群 CDH 6.3.2 上的 hive，迁到新的 spark 3.5 + iceberg，catalog 叫 lake_prod。"
        "4月19日切换。最大的一张是 dwd_order_detail。用 Iceberg 不用 Hudi，这个之前评审定了",
        "收到，先把基本信息记下：\n\n- 源：CDH 6.3.2 上的 Hive\n- 目标：Spark 3.5 + Iceberg，catalog `lake_prod`\n"
        "- 切换日期：4月19日\n- 重点表：dwd_order_detail（最大）\n- 表格式：**Iceberg，不用 Hudi**（评审已定）\n\n"
        "建议顺序：先盘点 dw 库（表、大小、分区、小文件），再挑一张大表试迁 + 对账，跑通之后再排回刷和调度切换。",
        facts=[
            U("CDH 6.3.2", "cdh6.3.2", "CDH6.3.2"),
            U("lake_prod"),
            U("dwd_order_detail"),
            CHOICE("用 Iceberg 不用 Hudi", "Iceberg，不用 Hudi", "用Iceberg不用Hudi"),
        ],
    )
    s.turn(
        "规矩先说好：源表只读，绝对不能 drop，连 alter 都别碰。还有不要在白天跑全量回刷，白天集群是给BI的。"
        "ods 那块的负责人是王磊，dba 是李娜，有权限问题找她",
        "明白，记为硬规则：\n\n1. **源表只读**：对老集群 Hive 只做 SELECT / SHOW / DESCRIBE，不 DROP、不 ALTER、不 INSERT。\n"
        "2. **白天不跑全量回刷**：回刷只排夜间窗口，白天资源留给 BI。\n\n联系人：ODS 负责人王磊，DBA 李娜（权限问题）。",
        facts=[
            RULE("源表只读", "源表只读，绝对不能 drop", "不能 drop 源表", "源表只做 SELECT"),
            RULE("不要在白天跑全量回刷", "白天不跑全量回刷", "回刷只排夜间窗口"),
            U("李娜"),
        ],
    )
    s.turn(
        "先看看 dw 库里都有啥表，大小分区数文件数都要",
        "dw 库一共 53 张表，**总大小 412.7 TB**（3 副本前）。几点值得注意：\n\n"
        "- 体量大头是日志类：`ods_click_log` 196.30 TB、`dwd_user_action_log` 88.12 TB、`dwd_traffic_page_view` 61.77 TB\n"
        "- `dwd_order_detail` 5.84 TB、829 个分区，体量不算最大，但它是最核心的交易表\n"
        "- `ads_user_retention_d` 只有 0.87 TB，但有 **38412 个文件**：典型小文件问题，平均每个文件才 20 多 MB\n"
        "- ods 层是 TEXTFILE，其他层是 ORC\n- 有 4 张 `fin_` 开头的财务表",
        calls=[("run_sql", {"engine": "hive", "sql": "SELECT t.TBL_NAME, ... FROM TBLS t JOIN TABLE_PARAMS p ... WHERE d.NAME='dw'"}, hive_tables(rng))],
        facts=[T("412.7 TB", "412.7TB"), T("38412", "38,412")],
    )
    s.turn(
        "ads_user_retention_d 咋这么多文件",
        "它是每天 insert overwrite 全部 829 个分区里最近 30 天的留存（回溯更新），而且用了动态分区 + "
        "`hive.exec.reducers.max` 默认值，每个分区每次写出几十个小文件，日积月累就到 38412 个了。"
        "迁到 Iceberg 之后可以用合并小文件的存储过程定期整理，源表这边按规则不动它。",
    )
    s.turn(
        "看下 dwd_order_detail 的建表语句。从 2023-01-01 开始的分区都要迁，之前的归档了不要",
        "建表要点：\n\n- ORC + SNAPPY，外部表，路径在 `hdfs://nameservice1/user/hive/warehouse/dw.db/dwd_order_detail`\n"
        "- 分区字段 `dt`（yyyyMMdd，按 create_time **北京时间**切分），现有 829 个分区，从 dt=20221201 到 dt=20250410\n"
        "- 分桶：`CLUSTERED BY (user_id) SORTED BY (order_id) INTO 256 BUCKETS`\n"
        "- **`receiver_phone` 是明文手机号**，迁移时要处理\n\n"
        "范围按你说的：只迁 2023-01-01 及之后的分区，2022 年 12 月的 31 个分区不迁。Iceberg 这边建议用 "
        "`days(create_ts)` 隐藏分区 + `bucket(256, user_id)`，和原来的分桶数保持一致。",
        calls=[("run_sql", {"engine": "hive", "sql": "SHOW CREATE TABLE dw.dwd_order_detail; SHOW PARTITIONS dw.dwd_order_detail;"}, ddl_order_detail())],
        facts=[U("2023-01-01", "20230101", "2023年1月1日"), T("INTO 256 BUCKETS", "bucket(256, user_id)", "256 个分桶", "256 buckets")],
    )
    s.turn(
        "目标路径放 oss://dw-lake-prod/warehouse/ 下面，按库分目录",
        "好的，Iceberg warehouse 设为 oss://dw-lake-prod/warehouse/，库 dw 对应 `oss://dw-lake-prod/warehouse/dw.db/`。"
        "我先在 lake_prod 里建 dw 库和 dwd_order_detail 的 Iceberg 表结构（不写数据）。",
    )
    s.turn(
        "beeline 连不上老集群了，报 GSS initiate failed，看下 keytab",
        "是 Kerberos 票据过期了：当前会话没有 ticket cache。keytab 本身没问题，principal 是 "
        "`hive/cdh-nn01.dw.internal@DW.INTERNAL`（KVNO 3）。我用 keytab 重新 kinit 了，票据有效到 2025-04-12 10:02，"
        "可续到 4-18；beeline 已经能连上 Hive 2.1.1-cdh6.3.2。建议迁移作业里统一用 `--principal/--keytab` 提交，别依赖手工 kinit。",
        calls=[("shell", {"cmd": "klist -kte /etc/security/keytabs/hive.service.keytab; klist; kinit ... && klist; beeline ... -e 'select 1'"}, klist())],
        facts=[T("hive/cdh-nn01.dw.internal@DW.INTERNAL")],
    )
    s.turn(
        "说错了，bucket 是 oss://dw-lakehouse-prod，带 lake-prod 那个是测试环境的，别往里写",
        "好，已改：warehouse 设为 oss://dw-lakehouse-prod/warehouse/。刚才的空表结构是建在测试桶里的，没有数据，我在 lake_prod "
        "里把那张空表的元数据删掉重建到 oss://dw-lakehouse-prod（只动新集群的空表，不涉及源表）。",
        calls=[("run_sql", {"engine": "spark", "sql": "DROP TABLE lake_prod.dw.dwd_order_detail; ALTER NAMESPACE lake_prod.dw SET LOCATION 'oss://dw-lakehouse-prod/warehouse/dw.db'; CREATE TABLE lake_prod.dw.dwd_order_detail (...) USING iceberg PARTITIONED BY (days(create_ts), bucket(256, user_id))"},
                "Time taken: 0.611 seconds\nTime taken: 0.208 seconds\nTime taken: 1.377 seconds\n"
                "location: oss://dw-lakehouse-prod/warehouse/dw.db/dwd_order_detail\nformat-version: 2\n\n" + describe_iceberg())],
        fix=[("oss://dw-lake-prod", "oss://dw-lakehouse-prod")],
    )
    s.turn(
        "迁移作业并发不超过 8 个作业，yarn 队列 root.etl，别把别人挤爆了",
        "记下：迁移作业同时最多 8 个，统一提交到 root.etl 队列。每个作业 40 executors × 4 cores，8 个并发大约占 1290 vcores。",
        facts=[U("root.etl")],
    )
    s.turn(
        "写个单分区迁移的 spark 作业，先拿 dt=20230101 试一下",
        "试迁成功：YARN application `application_1712034567890_48213`，在 root.etl 队列，耗时 6 分 38 秒。\n\n"
        "- 源分区行数 3,912,447 = 目标行数 3,912,447\n- 写出 16 个文件，7.4 GB\n"
        "- 问题：`receiver_phone` 还是明文，脱敏 UDF 还没配",
        calls=[("shell", {"cmd": "spark-submit --queue root.etl ... migrate_partition.py --table dwd_order_detail --dt 20230101"}, spark_submit_log(rng))],
        facts=[T("application_1712034567890_48213")],
    )
    s.turn(
        "手机号必须脱敏后再落地，新集群里不能有明文。看看有啥现成的udf",
        "新集群 `lake_prod.udf` 里有两个：`mask_phone` 已经废弃（前缀号段会泄露运营商），安全组要求用 "
        "**`mask_phone_v2`**（2.1.0，张婷 1 月注册）：保留前 3 后 4，中间不可逆哈希。我把迁移作业改成写入前 "
        "`receiver_phone = mask_phone_v2(receiver_phone, salt_key_id)`，明文不落地。dt=20230101 那个试迁分区删掉重跑。",
        calls=[("run_sql", {"engine": "spark", "sql": "SHOW USER FUNCTIONS IN lake_prod.udf"}, udf_list(rng))],
        facts=[RULE("手机号必须脱敏后再落地", "明文不落地", "手机号脱敏后再落地"), T("mask_phone_v2")],
    )
    s.turn(
        "对账按分区比行数加金额汇总，金额用 pay_amount。切之前双跑一周就切",
        "对账规则定为：每个分区比 `count(*)` 和 `sum(pay_amount)`，两边都一致才算通过。双跑一周后切换。"
        "我先对试迁的 2024 年 2、3 月两个月跑一遍对账。",
        facts=[CHOICE("对账按分区比行数加金额汇总", "按分区比行数和金额", "count(*) 和 sum(pay_amount)")],
    )
    s.turn(
        "跑吧",
        "对账任务 `job_20250411_007731` 跑完了：60 个分区里 58 个一致，**2 个不一致**：\n\n"
        "- `dt=20240229`：目标比源少 652 行\n- `dt=20240301`：目标比源多 652 行\n\n"
        "两个月总数对得上，说明是数据被分到了相邻分区，不是丢数。看着像时区问题，我查一下。",
        calls=[("recon", {"action": "run", "src": "hive:dw.dwd_order_detail", "dst": "lake_prod.dw.dwd_order_detail", "range": "20240201-20240331", "metrics": ["count", "sum(pay_amount)"]}, recon_table(rng))],
        facts=[T("job_20250411_007731"), T("dt=20240229", "20240229")],
    )
    s.turn(
        "查吧，闰年那天吗",
        "对，就是闰日。那 652 行全是 2024-02-29 23:00 之后下的单，被写进了 3 月 1 日的分区。原因是第一批 2 月的试迁作业里 "
        "`spark.sql.session.timeZone` 还是 UTC，create_time（北京时间字符串）解析后写 Iceberg 分区时又按 JVM 时区偏了一次。"
        "3 月那批已经设了 Asia/Shanghai，所以只有 2 月 29 日这一天中招。修复：2 月所有分区用正确时区重跑。",
        calls=[("run_sql", {"engine": "spark", "sql": "SELECT create_time, etl_dt_src, dt_dst FROM tmp.recon_diff_20240229 LIMIT 12; ..."}, leap_debug())],
    )
    s.turn(
        "重跑二月，然后再对一次",
        "二月 29 个分区用 `spark.sql.session.timeZone=Asia/Shanghai` 重跑完，再对账：60/60 一致，dt=20240229 和 20240301 都对上了。"
        "我把时区配置写死进了作业模板，免得回刷时再出问题。",
        calls=[("recon", {"action": "run", "range": "20240201-20240331", "rerun_first": "202402*"},
                "重跑 29 个分区: 29 SUCCEEDED, 0 FAILED（root.etl，最大并发 8）\n对账任务 job_20250411_008106: 60 个分区，60 一致，0 不一致")],
    )
    s.turn(
        "fin_ 开头的表这期不迁，财务那边还没签字",
        "好：4 张 `fin_` 表（fin_settlement_d、fin_invoice、fin_commission_d、fin_ledger_snapshot）从本期迁移清单里去掉，"
        "调度上也不动它们在老集群的任务。",
        facts=[RULE("fin_ 开头的表这期不迁", "fin_ 表不迁", "财务表这期不迁")],
    )
    s.turn(
        "ods 那块王磊交接出去了，现在归赵敏，有 ods 的问题找她",
        "收到，ODS 负责人更新为赵敏。ods 层的迁移确认、字段口径问题都找她。",
        fix=[("王磊", "赵敏")],
    )
    s.turn(
        "赵敏要 ods 层新旧表结构对比，发她之前我先看看",
        "15 张 ods 表对比完：9 张结构完全一致；4 张只是时间字段从 string 变成 timestamp（按 Asia/Shanghai 解析，就是闰日那个坑的正式修法）；"
        "`ods_user` 的 mobile 和 id_card 在新集群写入前分别过 mask_phone_v2 和 mask_idcard；`ods_click_log` 多了一个 `_ingest_ts` 落地时间列。"
        "没有删列或改名，下游 SQL 基本不用改。",
        calls=[("shell", {"cmd": "schema-diff --src hive:dw --dst lake_prod:dw --layer ods"}, ods_schema_diff(rng))],
    )
    s.turn(
        "在 dolphinscheduler 里建迁移的工作流，日常增量一个，回刷一个",
        "建好了，都在项目 `dw_migration` 下，先保持 OFFLINE：\n\n- `mig_dwd_daily`（日常增量，每晚 22:30）\n"
        "- `mig_dwd_backfill`（回刷，手动触发，内部按批次并行）\n\n"
        "workflow code 见列表。上线前等你确认。",
        calls=[("scheduler", {"action": "create_workflows", "project": "dw_migration", "workflows": ["mig_dwd_daily", "mig_dwd_backfill"]}, "created 2 workflows in project dw_migration (release_state=OFFLINE)"),
               ("scheduler", {"action": "list", "all_projects": True}, workflows(rng))],
        facts=[T("11837462219840")],
    )
    s.turn(
        "并发提到 12 个作业，李娜说 etl 队列扩容到 2000 vcores 了",
        "好，回刷作业并发上限改成 12。12 × 161 vcores ≈ 1930，在 root.etl 的 2000 vcores 以内。",
        fix=[("8 个作业", "12 个作业")],
    )
    s.turn(
        "排一下回刷计划，晚上 22 点到早上 6 点",
        "回刷计划排好了：剩余 771 个分区（2023-01-01 到 2025-04-10，扣掉已试迁的 2024 年 2、3 月），每批 12 个并行，"
        "单批约 9 分钟。每晚 22:00 到 06:00 的窗口大约能跑 53 批，所以 **2 个夜间窗口** 就能回刷完，白天一个作业都不排。",
        calls=[("scheduler", {"action": "plan_backfill", "workflow": "mig_dwd_backfill", "window": "22:00-06:00", "parallel": 12}, backfill_plan(rng))],
        facts=[U("晚上 22 点到早上 6 点", "22:00-06:00", "22:00 到 06:00", "22:00 - 次日 06:00")],
    )
    s.turn(
        "今晚开跑，22点后帮我看下队列",
        "22:10 看了：12 个迁移作业都在 RUNNING，root.etl 用了 1932 / 2000 vcores，没有 pending，其他队列不受影响。",
        calls=[("shell", {"cmd": "yarn application -list -appStates RUNNING,FINISHED | head -n 75"}, yarn_apps(rng))],
    )
    s.turn(
        "bi 那边说有个报表查新集群特别慢",
        "查了 Trino 的查询日志，最慢的是帆软那条查 `ads_user_retention_d` 的，**214.6s**，扫描才 0.61 GB：时间几乎全花在打开文件上，"
        "就是那 38412 个小文件。合并小文件之后应该能降到几秒。",
        calls=[("run_sql", {"engine": "trino", "sql": "SELECT query_id, user, main_table, elapsed, scanned, state FROM system.runtime.queries_log WHERE day='2025-04-14' ORDER BY elapsed DESC"}, trino_stats(rng))],
        facts=[T("214.6s")],
    )
    s.turn(
        "小文件合并用 rewrite_data_files，先在新集群的 ads_user_retention_d 上跑，晚上跑",
        "23:20 在新集群跑的 `rewrite_data_files`（binpack，目标 256 MB）：38412 个文件合并成 611 个，耗时约 21 分钟，"
        "新快照 `6082719431852260113`。随后 expire_snapshots 清掉了旧文件。帆软那条查询重跑只要 3.8 秒。",
        calls=[("run_sql", {"engine": "spark", "sql": "CALL lake_prod.system.rewrite_data_files(table => 'dw.ads_user_retention_d', strategy => 'binpack', ...)"}, rewrite_result())],
        facts=[CHOICE("小文件合并用 rewrite_data_files", "用 rewrite_data_files 合并小文件", "rewrite_data_files"), T("6082719431852260113")],
    )
    s.turn(
        "业务方要多点时间看数，4月26日切，双跑两周",
        "好，切换日期改为 4月26日，双跑两周。双跑期间每天用同样的对账规则（分区行数 + pay_amount 汇总）比一次老集群和新集群。",
        fix=[("4月19日", "4月26日"), ("双跑一周", "双跑两周")],
    )
    s.turn(
        "ads 层直接在新集群重算，不迁历史",
        "明白：ads 层 9 张表不做历史迁移，直接在新集群用 dws 重算（ads 都是可重算的汇总）。新集群上已有的 ads_user_retention_d 也改为由重算产出，合并过的那份作为校验基准。"
        "重算脚本放到 `mig_ads_rebuild` 里，依赖 dws 回刷完成。",
        facts=[CHOICE("ads 层直接在新集群重算，不迁历史", "ads 层不迁历史，新集群重算", "ads 层重算")],
    )
    s.turn(
        "回刷跑完了吗",
        "两个窗口跑完：771 个分区全部 SUCCEEDED，没有失败重试。对账任务全量跑了一遍，831 − 31（2022 年 12 月不迁）= 800 个分区，全部一致。",
        calls=[("scheduler", {"action": "instances", "workflow_code": "11837462219977", "last": 2}, backfill_summary(rng)),
               ("recon", {"action": "run", "range": "20230101-20250410", "metrics": ["count", "sum(pay_amount)"]},
                "对账任务 job_20250416_002214 已完成（2025年4月16日 06:12:40 开始，07:58:03 结束）\n范围: dt=20230101 ~ dt=20250410，800 个分区\n"
                "结果: 800 一致，0 不一致\n源总行数 3,061,804,219 / 目标总行数 3,061,804,219\nsum(pay_amount) 源 383,915,502,118.46 / 目标 383,915,502,118.46")],
        facts=[T("3,061,804,219", "3061804219")],
    )
    s.turn(
        "下游都有谁在用这些表？要挨个通知改连接",
        "lineage 里 dw 库 dwd/dws/ads/dim 的一级下游见下表。重点是 **hive-jdbc 直连** 的那些：要改成 Trino 连新集群。"
        "按联系人分组我可以直接出一份通知清单。",
        calls=[("shell", {"cmd": "lineage-cli downstream --db dw --depth 1 --format table"}, lineage(rng))],
    )
    s.turn(
        "出通知清单，按联系人分组，草稿给我看，先别发",
        "草稿（未发送）：\n\n**主题：数仓迁移 - 4月26日切换到新集群（lake_prod）**\n\n各位好，dw 库将于 4月26日切到 Spark 3.5 + Iceberg"
        "（catalog lake_prod），目前双跑两周中。请在 4月25日前把 hive-jdbc 直连改为 Trino（trino.dw.internal:8443，catalog lake_prod）。"
        "receiver_phone 在新集群已脱敏，需要明文的场景请走审批。\n\n按联系人：赵敏（ods 相关）、李娜、陈涛、刘洋、张婷、黄伟、周杰、吴敏各自负责的下游表我附在每个人的段落里。",
    )
    s.turn(
        "权限呢？ranger 的策略新集群要有一样的",
        "老集群 cdh_hive 服务下 75 条策略。新集群用的是同一个 Ranger，建一个 lake_prod 服务，把策略按库表前缀复制过去，"
        "`receiver_phone` 的列掩码可以去掉（数据本身已经用 mask_phone_v2 脱敏），fin_ 相关的策略这期不复制。",
        calls=[("shell", {"cmd": "ranger-cli policy list --service cdh_hive --format table"}, ranger_policies(rng))],
    )
    s.turn(
        "复制吧，fin的别动",
        "复制完成：新服务 `lake_prod_hive` 下 64 条策略，跳过 11 条 fin_ 相关的；receiver_phone 掩码策略没复制。老集群的策略一条没改。",
        calls=[("shell", {"cmd": "ranger-cli policy copy --from cdh_hive --to lake_prod_hive --exclude 'dw.fin_*' --drop-column-mask receiver_phone"},
                "copied 64 policies, skipped 11 (matched exclude dw.fin_*), column masks dropped: 3\nsource service cdh_hive: unchanged")],
    )
    s.turn(
        "sla 是早上7点前出数，日常增量赶得上吗",
        "赶得上。mig_dwd_daily 22:30 启动，dwd_order_detail 增量一个分区 6-8 分钟，整条链路（ods → dwd → dws → ads 重算）双跑第一天实测 "
        "04:12 完成，离早上7点前还有接近 3 小时余量。",
        facts=[U("早上7点前", "7点前", "07:00 前")],
    )
    s.turn(
        "双跑第一天的对账结果",
        "4月17日的双跑对账：所有迁移表的当日分区一致，ads 层新旧两边的 GMV 日报差 0.00。只有 `dws_user_active_1d` 新集群多 3 行：老集群的作业"
        "有一个 distinct 写在了 join 之前，是老逻辑的 bug，已和赵敏确认以新集群为准。",
        calls=[("recon", {"action": "daily_dual_run", "date": "20250417"},
                "双跑对账 2025年4月17日\n" + "\n".join(f"{t:<28} 一致" for t in LAYERS["dwd"] + LAYERS["dws"][:7])
                + "\ndws_user_active_1d           不一致 src 18,402,117 dst 18,402,120 (+3)\n" + "\n".join(f"{t:<28} 一致（重算）" for t in LAYERS["ads"]))],
    )
    s.turn(
        "上线 mig_dwd_daily 调度",
        "mig_dwd_daily 已 ONLINE，crontab `0 30 22 * * ?`，失败告警发到数仓迁移群。老集群对应的作业继续跑（双跑期间两边都跑）。",
        calls=[("scheduler", {"action": "release", "workflow_code": "11837462219840", "state": "ONLINE"}, "workflow 11837462219840 (mig_dwd_daily) -> ONLINE, next fire 2025-04-17 22:30:00")],
    )
    s.turn(
        "第一次正式调度跑得咋样",
        "4月17日晚的 mig_dwd_daily 实例 SUCCESS：22:30:00 开始，04:12:37 结束，无告警无重试。dwd_order_detail 当天分区写入 4,021,338 行、16 个文件，"
        "各 stage 没有 spill。",
        calls=[("scheduler", {"action": "task_instances", "workflow_code": "11837462219840", "date": "2025-04-17"}, ds_task_log(rng))],
    )
    s.turn(
        "新集群存储现在多大了",
        "lake_prod 的 dw 库在 OSS 上现在是 131.6 TB（单副本，ZSTD 压缩），比老集群同样范围的数据小不少：ORC+SNAPPY 三副本换成了 OSS 单份 + ZSTD。",
        calls=[("shell", {"cmd": "ossutil du oss://dw-lakehouse-prod/warehouse/dw.db/ --block-size GB"},
                oss_du(rng)                + "\n total: 134758.40 GB (131.6 TB), objects: 2,184,391")],
        facts=[T("131.6 TB", "131.6TB")],
    )
    s.turn(
        "老集群那边的作业切完以后怎么下线",
        "建议 4月26日切换后：先把老集群 DolphinScheduler 里对应的工作流设为 OFFLINE（不删），保留两周观察期；老 Hive 表保持只读，"
        "不 drop，等财务那边 fin_ 表的迁移定了再统一处理。下线清单我可以按 workflow 出一份。",
    )
    s.turn(
        "周报里写一下进度",
        "**数仓迁移周报（4/11–4/17）**\n\n- 范围：dw 库（CDH 6.3.2 Hive → Spark 3.5 + Iceberg，catalog lake_prod），fin_ 表本期不迁\n"
        "- dwd_order_detail：2023-01-01 至今 800 个分区已迁，对账全部一致（行数 + pay_amount）\n"
        "- 问题：闰日时区 bug（dt=20240229，652 行），已修复并固化时区配置\n- 小文件：ads_user_retention_d 38412 → 611 个文件\n"
        "- 调度：mig_dwd_daily 已上线，双跑两周，4月26日切换\n- 下游通知草稿已就绪，待发",
    )
    s.turn(
        "新集群的 catalog 叫啥来着，通知里要写",
        "lake_prod。",
        recall=["lake_prod"],
    )
    s.turn(
        "老集群版本呢",
        "CDH 6.3.2（Hive 2.1.1-cdh6.3.2）。",
        recall=["CDH 6.3.2"],
    )
    s.turn(
        "dw库总共多大，领导问",
        "迁移前盘点是 412.7 TB（老集群，三副本之前）；新集群上同样的数据现在是 131.6 TB。",
        recall=["412.7 TB"],
    )
    s.turn(
        "order detail 原来分多少个桶",
        "256 个：原表 `CLUSTERED BY (user_id) ... INTO 256 BUCKETS`，新表用 bucket(256, user_id) 保持一致。",
        recall=["INTO 256 BUCKETS"],
    )
    s.turn(
        "从哪天的分区开始迁的",
        "从 2023-01-01（dt=20230101）开始，2022 年 12 月的归档分区没迁。",
        recall=["2023-01-01"],
    )
    s.turn(
        "运维要老集群那个 keytab 的 principal",
        "hive/cdh-nn01.dw.internal@DW.INTERNAL（/etc/security/keytabs/hive.service.keytab，KVNO 3）。",
        recall=["hive/cdh-nn01.dw.internal@DW.INTERNAL"],
    )
    s.turn(
        "第一次对账那个任务id和出问题的分区，复盘要用",
        "第一次对账是 job_20250411_007731，出问题的是 dt=20240229（少 652 行，跑到了 dt=20240301）。",
        recall=["job_20250411_007731", "dt=20240229"],
    )
    s.turn(
        "安全组问手机号怎么脱敏的，用的哪个udf",
        "mask_phone_v2（lake_prod.udf，2.1.0）：保留前 3 后 4，中间不可逆哈希，写入前处理，明文不落地。",
        recall=["mask_phone_v2", "手机号必须脱敏后再落地"],
    )
    s.turn(
        "下线老集群的时候能顺手把老表 drop 了省空间吗",
        "不行，你一开始定的规矩是源表只读，绝对不能 drop。下线只把老调度设为 OFFLINE，表留着；要清理得另外走流程，而且要等 fin_ 表的事定了。",
        recall=["源表只读"],
    )
    s.turn(
        "好 这周先这样",
        "好的。下周待办：发下游通知（草稿已备）、双跑对账每天跟、4月26日切换前一天找李娜确认权限和队列。",
    )
    return s.write(out)


# == 4. carclaim_pl: a third-party motor liability claim in Warsaw (OC sprawcy) ===================


def pln(cents: int) -> str:
    return eu_money(cents, " ") + " zł"


def oswiadczenie_ocr() -> str:
    return """[OCR: oswiadczenie_sprawcy_IMG_4471.jpg, pewność 0.91]
OŚWIADCZENIE SPRAWCY KOLIZJI DROGOWEJ
Warszawa, dnia 12.02.2025 r., godz. 17:40
Ja, niżej podpisany:
  Imię i nazwisko: Grzegorz Wilk
  Adres: ul. Górczewska 214 m. 18, 01-460 Warszawa
  PESEL: 790318*****   Nr prawa jazdy: 01873/09/1465, kat. B
oświadczam, że jestem sprawcą kolizji, do której doszło w dniu 12.02.2025 ok. godz. 17:25
w miejscu: Warszawa, rondo Daszyńskiego, zjazd w ul. Prostą
Kierowałem pojazdem: marka Toyota, model Corolla, nr rej. WGM 61C44
Pojazd jest własnością: Grzegorz Wilk
Ubezpieczenie OC: TUiR WARTA S.A., nr polisy OC 920001387455, ważna do 30.06.2025
Poszkodowany: Tomasz Król, pojazd Skoda Octavia, nr rej. WE 7K381
Opis zdarzenia: zmieniając pas ruchu na rondzie nie ustąpiłem pierwszeństwa pojazdowi Skoda
jadącemu prawym pasem i uderzyłem w jego lewy bok (drzwi przednie i tylne, błotnik tylny).
Uszkodzenia pojazdu poszkodowanego (widoczne): drzwi przednie lewe, drzwi tylne lewe,
błotnik tylny lewy, lusterko lewe, felga tylna lewa (rysy).
Świadkowie: brak. Policja: nie wzywano. Osoby ranne: brak.
Podpis sprawcy: [podpis]      Podpis poszkodowanego: [podpis]
[koniec OCR]"""


def dowod_ocr() -> str:
    return """[OCR: dowod_rejestracyjny_str1_2.jpg, pewność 0.94]
RZECZPOSPOLITA POLSKA - DOWÓD REJESTRACYJNY
Organ wydający: PREZYDENT M.ST. WARSZAWY
A  Numer rejestracyjny pojazdu: WE 7K381
B  Data pierwszej rejestracji: 14.05.2019
C.1.1 Nazwisko lub nazwa posiadacza dowodu: KRÓL TOMASZ
C.1.3 Adres: UL. SZCZĘŚLIWICKA 41 M. 7, 02-353 WARSZAWA
C.2.1 Właściciel: KRÓL TOMASZ, KRÓL EWA (współwłasność)
D.1 Marka: SKODA     D.2 Typ: NE  wariant/wersja: 5E3 / DFGA
D.3 Model: OCTAVIA
E  Numer identyfikacyjny pojazdu (VIN): TMBJG7NE4K0251736
F.1 Maks. masa całkowita: 1930 kg   G Masa własna: 1395 kg
J  Kategoria pojazdu: M1
P.1 Pojemność silnika: 1968 cm³   P.2 Moc netto: 110 kW   P.3 Rodzaj paliwa: ON
Q  Stosunek mocy do masy: 0,08 kW/kg
S.1 Liczba miejsc siedzących: 5
Data wydania: 22.05.2019   Seria i nr dowodu: DR/BAW 4471882
Badanie techniczne ważne do: 14.05.2025
[koniec OCR]"""


def warsztaty(rng: random.Random) -> str:
    rows = []
    names = ["Auto-Serwis Kępa", "Blacharstwo Nowicki", "Car-Fix Ursus", "Lakiernia Tęcza", "MotoMax Wola",
             "Serwis Zieliński i Syn", "Auto Blach-Lak Bemowo", "Warsztat u Mietka", "Skoda Plichta Puławska",
             "Skoda Wimar Bielany", "Euro-Car Serwis", "Karoseria Premium", "AutoSpa Mokotów", "Bosch Car Service Jagiełły",
             "Lakiernictwo Sowa", "Naprawy Powypadkowe Grochów", "Auto-Expert Targówek", "Skoda Auto Mazowsze Wawer"]
    streets = ["ul. Grójecka", "ul. Połczyńska", "ul. Radzymińska", "al. Krakowska", "ul. Modlińska", "ul. Puławska",
               "ul. Marywilska", "ul. Jagiellońska", "ul. Wolska", "ul. Bartycka", "ul. Chełmżyńska"]
    for k in range(100):
        n = rng.choice(names)
        aso = n.startswith("Skoda")
        rows.append((n, f"{rng.choice(streets)} {rng.randint(2, 320)}", "ASO Skoda" if aso else "niezależny",
                     f"{rng.uniform(3.6, 4.9):.1f}".replace(".", ","), rng.randint(12, 640),
                     rng.choice(["tak", "tak", "nie"]), f"{rng.randint(140, 300)} zł",
                     f"{rng.randint(2, 21)} dni"))
    rows.insert(19, ("Auto-Park Skoda", "ul. Łopuszańska 32", "ASO Skoda", "4,7", 388, "tak", "280 zł", "6 dni"))
    return ("wyszukiwanie: warsztaty blacharsko-lakiernicze, Warszawa, Skoda, bezgotówkowo z Warta\n"
            + table(["nazwa", "adres", "typ", "ocena", "opinie", "bezgotówkowo Warta", "rbh netto", "termin"], rows))


def express_cennik(rng: random.Random) -> str:
    lines = ["Express Rent a Car - cennik najmu z tytułu szkody OC (Warszawa, od 01.01.2025)",
             "klasa  przykładowe modele                         doba (brutto)  kaucja     limit km/doba",
             "A      Toyota Aygo X, Kia Picanto                  129 zł         500 zł     300",
             "B      Toyota Yaris, Skoda Fabia                   159 zł         800 zł     300",
             "C      Skoda Octavia, Toyota Corolla, Kia Ceed     189 zł         1 000 zł   300",
             "C kombi Skoda Octavia Combi, Toyota Corolla TS     199 zł         1 000 zł   300",
             "D      Skoda Superb, Toyota Camry                  249 zł         1 500 zł   300",
             "SUV C  Skoda Karoq, Toyota C-HR                    229 zł         1 200 zł   300", "",
             "Rozliczenie bezpośrednio z ubezpieczycielem sprawcy na podstawie cesji. Podstawienie i odbiór w Warszawie: 0 zł.",
             "Okres najmu: od dnia zgłoszenia do dnia odbioru pojazdu z naprawy (lub wypłaty odszkodowania przy szkodzie całkowitej).",
             "", "dostępność na dziś (Warszawa Wola / Mokotów / Ursus):"]
    for k in range(80):
        klass = rng.choice(["A", "B", "C", "C kombi", "D", "SUV C"])
        lines.append(f"  {rng.choice(['Wola', 'Mokotów', 'Ursus'])}: {klass:<8} {rng.choice(['Toyota Corolla 1.8 HEV', 'Skoda Octavia 1.5 TSI', 'Kia Ceed 1.5', 'Toyota Yaris 1.5 HEV', 'Skoda Superb 2.0 TDI', 'Skoda Karoq 1.5'])} "
                     f"rocznik {rng.choice([2022, 2023, 2024])}, przebieg {rng.randint(8, 90)} tys. km, {rng.choice(['od ręki', 'od jutra', 'za 2 dni'])}")
    return "\n".join(lines)


def kosztorys(rng: random.Random, who: str) -> str:
    warta = who == "warta"
    rate = 12000 if warta else 28000
    lines = [
        f"{'TUiR WARTA S.A. - KALKULACJA NAPRAWY (Audatex)' if warta else 'AUTO-PARK SKODA - KOSZTORYS NAPRAWY (DAT SilverDAT)'}",
        f"Nr szkody: WAR/2025/02/118842   Data kalkulacji: {'24.02.2025' if warta else '26.02.2025'}",
        "Pojazd: SKODA OCTAVIA III 2.0 TDI 150 KM, VIN TMBJG7NE4K0251736, nr rej. WE 7K381, 1. rej. 14.05.2019",
        "Przebieg: 78 400 km    Lakier: 9P9P szary Quartz metalik (3-warstwowy: nie, 2-warstwowy metalik)",
        f"Oględziny: 21 lutego 2025, {'rzeczoznawca Marta Zielińska' if warta else 'doradca serwisowy Kamil Dudek'}",
        "",
        "CZĘŚCI ZAMIENNE",
        "nr katalogowy       nazwa                               jakość     ilość  cena jedn.   wartość",
    ]
    parts = [
        ("5E0831051", "drzwi przednie lewe (szkielet)", 2840.00),
        ("5E6833051", "drzwi tylne lewe (szkielet)", 2610.00),
        ("5E6809605", "błotnik tylny lewy - wstawka naprawcza", 1190.00),
        ("5E0857507B 9B9", "lusterko zewnętrzne lewe kpl.", 1480.00),
        ("5E0837205", "zamek drzwi przednich lewych", 395.00),
        ("5E0853753", "listwa ozdobna drzwi przednich lewych", 212.00),
        ("5E6853754", "listwa ozdobna drzwi tylnych lewych", 204.00),
        ("5E0837461", "szyba drzwi przednich lewych", 610.00),
        ("5E0601025AB", "felga aluminiowa 17\" tył lewa", 1890.00),
        ("N 90974701", "zestaw spinek i klipsów", 96.00),
        ("5E0837915", "folia ochronna drzwi przednich", 48.00),
        ("5E6837915", "folia ochronna drzwi tylnych", 46.00),
        ("1K0837249", "uszczelka okna drzwi", 132.00),
        ("5E0971161", "wiązka elektryczna drzwi (naprawa)", 0.00),
        ("5E0837017", "podnośnik szyby drzwi przednich lewych", 486.00),
        ("5E0839461", "szyba drzwi tylnych lewych", 540.00),
        ("5E0837719", "mechanizm otwierania wewn. drzwi L", 118.00),
        ("5E0867011", "tapicerka drzwi przednich lewych - klipsy", 64.00),
        ("5E0853909", "emblemat / nakładka słupka B", 172.00),
        ("5E6809837", "osłona nadkola tylnego lewego", 238.00),
        ("WHT003858", "czujnik ciśnienia w oponie (TPMS)", 265.00),
        ("5E6945095", "lampa tylna lewa zewn. - uchwyt", 58.00),
        ("N 10730602", "śruby mocowania drzwi (kpl)", 34.00),
        ("5E0721101", "uszczelka progu lewego", 146.00),
    ]
    total_parts = 0.0
    for num, name, price in parts:
        if warta and price > 150:
            quality = "Q (zamiennik)"
            price = round(price * rng.uniform(0.48, 0.62), 2)
        else:
            quality = "O (oryginał)"
        qty = 1
        total_parts += price * qty
        lines.append(f"{num:<19} {name:<35} {quality:<14} {qty:>3}  {price:>10.2f}  {price * qty:>10.2f}")
    if warta:
        lines.append("Potrącenie amortyzacji części (wiek pojazdu 5 lat 9 mies., przebieg): 35 %")
        parts_net = total_parts * 0.65
    else:
        lines.append("Potrącenie amortyzacji: 0 % (części oryginalne, pojazd serwisowany w ASO, historia serwisowa kompletna)")
        parts_net = total_parts
    lines += ["", "ROBOCIZNA", "operacja                                              rbh     stawka netto   wartość"]
    ops = [("demontaż/montaż drzwi przednich lewych z wyposażeniem", 2.4), ("demontaż/montaż drzwi tylnych lewych z wyposażeniem", 2.1),
           ("wymiana wstawki błotnika tylnego lewego (cięcie/spawanie)", 6.8), ("naprawa blacharska progu lewego", 1.5),
           ("wymiana lusterka lewego, kodowanie", 0.8), ("przygotowanie do lakierowania", 3.2), ("lakierowanie drzwi przednich", 2.6),
           ("lakierowanie drzwi tylnych", 2.5), ("lakierowanie błotnika tylnego", 2.2), ("cieniowanie przejść (słupek B, błotnik przedni)", 1.8),
           ("pomiar geometrii zawieszenia", 0.8), ("diagnostyka komputerowa, kasowanie błędów", 0.5)]
    total_rbh = 0.0
    for name, h in ops:
        if warta:
            h = round(h * 0.85, 1)
        total_rbh += h
        lines.append(f"{name:<53} {h:>4.1f}   {rate / 100:>10.2f}   {h * rate / 100:>9.2f}")
    labour = total_rbh * rate / 100
    paint = 1840.00 if not warta else 1210.00
    lines += ["", f"MATERIAŁ LAKIERNICZY (system AZT {'uproszczony' if warta else 'pełny'}): {paint:.2f}"]
    net = parts_net + labour + paint
    return "\n".join(lines), net


def kosztorys_text(rng: random.Random, who: str, total: str, tail: Sequence[str]) -> str:
    body, _net = kosztorys(rng, who)
    return body + "\n" + "\n".join(tail) + f"\nRAZEM DO WYPŁATY / DO ZAPŁATY (brutto): {total}"


def decyzja_warta() -> str:
    return """TUiR WARTA S.A. - Centrum Likwidacji Szkód
Warszawa, 14.03.2025
Dotyczy: szkoda nr WAR/2025/02/118842, OC posiadaczy pojazdów mech., polisa OC 920001387455
Poszkodowany: Tomasz Król, Ewa Król    Pojazd: Skoda Octavia, nr rej. WE 7K381
Odpowiedź na reklamację nr REK/2025/03/004417 z dnia 04.03.2025

Szanowni Państwo,
po ponownej analizie dokumentacji, w tym kosztorysu naprawy sporządzonego przez Auto-Park Skoda, informujemy:
1. Uznajemy zasadność zastosowania części oryginalnych (O) z uwagi na udokumentowaną historię serwisową
   pojazdu w ASO. Potrącenie amortyzacji części zostaje zniesione (0 %).
2. Stawkę roboczogodziny uznajemy w wysokości 210,00 zł netto, odpowiadającej średnim stawkom w regionie.
   Wyższa stawka ASO (280,00 zł netto) nie została uznana.
3. Materiał lakierniczy uznajemy w pełnej wysokości wg kosztorysu ASO.
W związku z powyższym przyznajemy odszkodowanie w łącznej kwocie 11 306,18 zł brutto
(kwota dotychczas wypłacona: 0,00 zł). Płatność nastąpi na rachunek wskazany w zgłoszeniu.
Koszty najmu pojazdu zastępczego rozpatrzymy po przedłożeniu faktury i potwierdzenia okresu najmu.
Od niniejszego stanowiska przysługuje Państwu odwołanie w terminie 30 dni, skarga do Rzecznika Finansowego
lub powództwo do sądu powszechnego.
Z poważaniem, Agnieszka Lis, specjalista ds. likwidacji szkód"""


def faktura_aso(rng: random.Random) -> str:
    lines = ["AUTO-PARK SKODA Sp. z o.o., ul. Łopuszańska 32, 02-220 Warszawa, NIP 522-31-84-770",
             "FAKTURA VAT nr FV/ASO/2025/03/1187    data wystawienia: 27.03.2025   data wykonania usługi: 27.03.2025",
             "Nabywca: TUiR WARTA S.A. (płatnik z tytułu szkody WAR/2025/02/118842)   Zlecający: Tomasz Król",
             "Pojazd: SKODA OCTAVIA, WE 7K381, VIN TMBJG7NE4K0251736",
             "",
             "lp  nazwa                                                     j.m.   ilość   cena netto   wartość netto  VAT"]
    items = [("Drzwi przednie lewe 5E0831051 (O)", "szt", 1, 2840.00), ("Drzwi tylne lewe 5E6833051 (O)", "szt", 1, 2610.00),
             ("Wstawka błotnika tylnego lewego 5E6809605 (O)", "szt", 1, 1190.00), ("Lusterko lewe kpl. 5E0857507B 9B9 (O)", "szt", 1, 1480.00),
             ("Zamek drzwi przednich lewych 5E0837205 (O)", "szt", 1, 395.00), ("Listwy ozdobne drzwi L (O)", "kpl", 1, 416.00),
             ("Szyba drzwi przednich lewych 5E0837461 (O)", "szt", 1, 610.00), ("Felga aluminiowa 17\" 5E0601025AB (O)", "szt", 1, 1890.00),
             ("Drobne części, spinki, folie, uszczelki", "kpl", 1, 322.00), ("Materiał lakierniczy (AZT)", "kpl", 1, 1840.00)]
    for k, (name, unit, qty, price) in enumerate(items, 1):
        lines.append(f"{k:>2}  {name:<57} {unit:<5} {qty:>5}  {price:>11.2f}  {price * qty:>13.2f}  23%")
    for k, (name, h) in enumerate([("Robocizna blacharska (rbh)", 12.8), ("Robocizna lakiernicza (rbh)", 12.3),
                                   ("Geometria, diagnostyka (rbh)", 1.3)], len(items) + 1):
        lines.append(f"{k:>2}  {name:<57} {'rbh':<5} {h:>5}  {280.00:>11.2f}  {h * 280:>13.2f}  23%")
    lines += ["", "Razem netto: 21 004,00 zł   VAT 23 %: 4 830,92 zł   Razem brutto: 25 834,92 zł", "",
              "Rozliczenie:",
              "  uznane przez TUiR WARTA S.A. (stawka 210 zł/rbh, części O, 0 % amortyzacji): 18 102,55 zł brutto",
              "  różnica stawki rbh (70 zł netto x 26,4 rbh + VAT) - sporna, do dochodzenia od ubezpieczyciela: 2 273,04 zł brutto",
              "  pozostała kwota objęta cesją wierzytelności z dnia 17.03.2025 - klient nie dopłaca",
              "Do zapłaty przez klienta: 0,00 zł", "Termin płatności (ubezpieczyciel): 30 dni"]
    lines += ["", "karta naprawy (skrót):"]
    for d in range(17, 28):
        if d in (22, 23):
            continue
        lines.append(f"  {d:02d}.03.2025  {rng.choice(['demontaż', 'blacharka', 'spawanie wstawki', 'podkład', 'lakierowanie', 'montaż', 'geometria', 'kontrola jakości', 'mycie i wydanie'])}"
                     f" - {rng.choice(['Marek', 'Piotr', 'Łukasz', 'Adrian'])}, {rng.randint(2, 8)} h")
    return "\n".join(lines)


def inbox_pl(rng: random.Random) -> str:
    rows = []
    subjects = [("Allegro", "Twoja paczka jest w drodze"), ("mBank", "Nowa wiadomość w serwisie"), ("Orlen Paczka", "Odbierz paczkę"),
                ("TUiR WARTA S.A.", "Potwierdzenie zgłoszenia szkody WAR/2025/02/118842"), ("Express Rent a Car", "Potwierdzenie rezerwacji"),
                ("Auto-Park Skoda", "Termin przyjęcia pojazdu"), ("Ewa", "re: zakupy na sobotę"), ("LinkedIn", "Masz nowe zaproszenia"),
                ("Vectra", "Faktura za luty"), ("Biuro Rzecznika Finansowego", "Newsletter"), ("PKO BP", "Zmiana regulaminu"),
                ("TUiR WARTA S.A.", "Prośba o uzupełnienie dokumentów WAR/2025/02/118842"), ("ZTM Warszawa", "Doładowanie karty")]
    for _ in range(150):
        who, subj = rng.choice(subjects)
        rows.append((f"{rng.randint(13, 28):02d}.02.2025", who, subj))
    rows.sort(key=lambda r: (r[0][3:5], r[0][:2]))
    return table(["data", "od", "temat"], rows)


def historia_serwisowa(rng: random.Random) -> str:
    lines = ["SKODA Connect / ASO - historia serwisowa pojazdu VIN TMBJG7NE4K0251736 (Octavia III 2.0 TDI)",
             "data        przebieg    serwis                            zakres                                                   faktura"]
    km = 0
    for k, (y, mth) in enumerate([(2019, 5), (2019, 11), (2020, 5), (2020, 12), (2021, 5), (2021, 11), (2022, 5),
                                  (2022, 11), (2023, 5), (2023, 11), (2024, 5), (2024, 11), (2025, 1)]):
        km += rng.randint(5200, 7600)
        what = rng.choice(["przegląd okresowy, olej 5W30 VW 507.00, filtr oleju", "przegląd okresowy, filtr kabinowy, płyn do spryskiwaczy",
                           "wymiana klocków hamulcowych przód (O)", "przegląd, filtr paliwa, kontrola DPF", "wymiana opon sezonowa, wyważenie",
                           "akcja serwisowa 23R4 (aktualizacja oprogramowania), przegląd", "wymiana płynu hamulcowego, przegląd"])
        if k == 0:
            what = "wydanie nowego pojazdu, PDI"
            km = 12
        lines.append(f"{y}-{mth:02d}-{rng.randint(1, 28):02d}  {km:>7} km  {rng.choice(['Skoda Plichta Puławska', 'Auto-Park Skoda', 'Skoda Wimar Bielany']):<32}  {what:<56} FV/{y}/{rng.randint(1000, 9999)}")
    lines += ["", "Naprawy blacharsko-lakiernicze: brak (pojazd bezwypadkowy do 12.02.2025)",
              "Pomiar grubości lakieru przy przeglądzie 11.2024 (µm): " + ", ".join(f"{el} {rng.randint(98, 128)}" for el in
              ["maska", "dach", "błotnik PL", "drzwi PL", "drzwi TL", "błotnik TL", "klapa", "błotnik TP", "drzwi TP", "drzwi PP", "błotnik PP"]),
              "Gwarancja perforacyjna nadwozia: do 05.2031 (12 lat), warunek: naprawy blacharskie w ASO lub z częściami oryginalnymi",
              "Pakiet serwisowy: Skoda Care Connect do 05.2025", "Kampanie serwisowe otwarte: brak"]
    lines += ["", "szczegóły ostatniej wizyty (2025-01):"]
    for op in ["kontrola wizualna nadwozia - bez uwag", "kontrola układu hamulcowego - klocki przód 7 mm, tył 6 mm",
               "kontrola zawieszenia - bez luzów", "odczyt pamięci błędów - brak wpisów", "stan akumulatora 88 %",
               "opony zimowe Michelin Alpin 6 205/55 R16 - bieżnik 6,5 mm", "poziom AdBlue uzupełniony 10 l",
               "kontrola DPF - zapełnienie 19 %", "aktualizacja mapy nawigacji", "test drogowy - bez uwag"]:
        lines.append(f"  - {op}")
    lines += ["", "zdjęcia przyjęcia pojazdu (2025-01): " + ", ".join(f"IMG_{rng.randint(1000, 9999)}.jpg" for _ in range(16))]
    return "\n".join(lines)


def zdjecia(rng: random.Random) -> str:
    rows = []
    for k in range(4440, 4512):
        rows.append((f"IMG_{k}.jpg", f"2025-02-12 {17 + (k - 4440) // 40}:{(26 + (k - 4440)) % 60:02d}:{rng.randint(0, 59):02d}",
                     f"{rng.randint(2900, 5200)} KB", "4032x3024", rng.choice(["52.2298N 20.9859E", "52.2301N 20.9862E", "52.2297N 20.9855E", "-"]),
                     rng.choice(["lewy bok", "drzwi przednie L", "drzwi tylne L", "błotnik TL", "felga TL", "lusterko L", "całe auto przód",
                                 "całe auto tył", "tablica rej.", "Toyota sprawcy", "miejsce zdarzenia", "rozmazane"])))
    return ("$ ls -l --exif ~/Zdjęcia/2025-02-12_kolizja/\n"
            + table(["plik", "data EXIF", "rozmiar", "rozdzielczość", "GPS", "opis (auto-tag)"], rows)
            + "\n\n72 pliki; brak zdjęć licznika i tabliczki z kodem lakieru")


def wytyczne_knf() -> str:
    return """Komisja Nadzoru Finansowego - Wytyczne dotyczące likwidacji szkód z ubezpieczeń komunikacyjnych (wyciąg)
[...]
Wytyczna 2. Zakład ubezpieczeń w procesie likwidacji szkód komunikacyjnych powinien zapewnić, aby wszelka
  korespondencja z poszkodowanym była prowadzona w sposób zrozumiały i aby poszkodowany otrzymał informację
  o podstawie prawnej i sposobie ustalenia wysokości odszkodowania.
Wytyczna 7. Zakład ubezpieczeń powinien przekazywać poszkodowanemu kalkulację naprawy, wskazując w szczególności
  stawkę roboczogodziny, rodzaj części (oryginalne O, porównywalnej jakości Q, inne), potrącenia amortyzacyjne
  oraz ich uzasadnienie.
Wytyczna 9.1. Zakład ubezpieczeń powinien uwzględniać stawkę roboczogodziny stosowaną przez zakład naprawczy,
  w którym pojazd jest lub będzie naprawiany, o ile odpowiada ona średnim stawkom stosowanym przez zakłady
  naprawcze na rynku lokalnym.
Wytyczna 9.2. Zakład ubezpieczeń nie powinien stosować potrąceń amortyzacyjnych części, jeżeli poszkodowany
  wykaże, że pojazd był naprawiany z użyciem części oryginalnych lub że wymiana części nie zwiększa wartości pojazdu.
Wytyczna 10. Pojazd zastępczy: zakład ubezpieczeń powinien pokrywać koszty najmu pojazdu zastępczego przez okres
  niezbędny i celowy, w szczególności przez okres technologicznego czasu naprawy, powiększony o czas oczekiwania
  na części i czas niezbędny do podjęcia decyzji przez ubezpieczyciela, o ile opóźnienie nie wynika z winy poszkodowanego.
Wytyczna 10.3. Klasa pojazdu zastępczego powinna odpowiadać klasie pojazdu uszkodzonego.
Wytyczna 12. Zakład ubezpieczeń nie powinien uzależniać wypłaty odszkodowania od przedstawienia faktury za naprawę,
  chyba że wynika to z charakteru szkody.
[...]
Uchwała SN z 17.11.2011, III CZP 5/11: odpowiedzialność ubezpieczyciela OC obejmuje celowe i ekonomicznie uzasadnione
  koszty najmu pojazdu zastępczego, niezależnie od tego, czy poszkodowany wykorzystywał pojazd do działalności gospodarczej.
Uchwała SN z 12.04.2012, III CZP 80/11: poszkodowany może żądać kosztów nowych części oryginalnych; zakład ubezpieczeń
  może obniżyć odszkodowanie tylko, jeśli wykaże, że naprawa zwiększyła wartość pojazdu.
Uchwała SN (7) z 24.08.2017, III CZP 20/17: zwrot kosztów najmu pojazdu zastępczego nie jest ograniczony do sytuacji,
  w których poszkodowany nie mógł korzystać z komunikacji publicznej.
Uchwała SN z 13.06.2003, III CZP 32/03: odszkodowanie z OC obejmuje koszty naprawy pojazdu ustalone według cen
  części i usług na rynku lokalnym, także wtedy, gdy poszkodowany naprawy nie dokonał (tzw. metoda kosztorysowa).
Postanowienie SN z 20.02.2019, III CZP 91/18 (w składzie 7 sędziów, odmowa podjęcia uchwały): sprawa wysokości
  odszkodowania kosztorysowego a VAT - poszkodowany nie będący podatnikiem VAT otrzymuje odszkodowanie z VAT."""


def rf_raport(rng: random.Random) -> str:
    lines = ["Rzecznik Finansowy - Raport: stawki roboczogodzin w likwidacji szkód OC, województwo mazowieckie (2024)",
             "źródło: ankieta wśród 412 zakładów naprawczych + kalkulacje ubezpieczycieli przedłożone w skargach", "",
             "segment                           mediana rbh netto   kwartyl 25%   kwartyl 75%   n"]
    for seg, med in [("ASO marek popularnych (Skoda, VW, Toyota, Kia)", 265), ("ASO marek premium", 340),
                     ("warsztaty niezależne - blacharstwo", 190), ("warsztaty niezależne - lakiernictwo", 205),
                     ("sieci serwisowe (Bosch Car Service itp.)", 215)]:
        lines.append(f"{seg:<48} {med:>6} zł       {med - rng.randint(20, 40):>6} zł    {med + rng.randint(20, 40):>6} zł   {rng.randint(40, 140)}")
    lines += ["", "stawki przyjmowane przez ubezpieczycieli w kalkulacjach (mediana, 2024, mazowieckie):"]
    for ins in ["PZU", "Warta", "Ergo Hestia", "Allianz", "Generali", "Link4", "Uniqa", "Compensa", "InterRisk", "Wiener", "Proama", "Trasti", "Balcia"]:
        lines.append(f"  {ins:<12} pierwsza kalkulacja: {rng.randint(95, 160)} zł   po reklamacji: {rng.randint(170, 230)} zł   w sądzie (biegły): {rng.randint(220, 290)} zł")
    lines += ["", "wnioski:", "  1. Pierwsze kalkulacje ubezpieczycieli zaniżają stawkę rbh średnio o 38 % względem mediany rynkowej.",
              "  2. W postępowaniach polubownych RF w 71 % spraw ubezpieczyciel dopłacał różnicę stawki do poziomu ASO przy naprawie w ASO.",
              "  3. Czas rozpatrzenia wniosku o postępowanie polubowne: mediana 74 dni.",
              "  4. W sprawach sądowych biegli przyjmują stawkę zakładu, w którym naprawiono pojazd, jeżeli mieści się w kwartylu 75 %.",
              "", "skargi na likwidację szkód OC (2024), top 10 przyczyn:"]
    for k, why in enumerate(["zaniżona stawka rbh", "zamienniki zamiast części O", "potrącenie amortyzacji", "skrócenie okresu najmu auta zastępczego",
                             "odmowa kosztów holowania", "szkoda całkowita - zaniżona wartość pojazdu", "zaniżona wartość pozostałości",
                             "opieszałość (przekroczenie 30 dni)", "odmowa utraty wartości handlowej", "brak uzasadnienia decyzji"], 1):
        lines.append(f"  {k:>2}. {why:<48} {rng.randint(300, 2400)} skarg")
    return "\n".join(lines)


def status_szkody(rng: random.Random) -> str:
    events = [("13.02.2025 10:12", "zgłoszenie szkody przyjęte (kanał: e-mail)"), ("13.02.2025 10:13", "nadano numer szkody"),
              ("13.02.2025 14:40", "sprawdzenie polisy sprawcy: polisa ważna"), ("14.02.2025 08:31", "korespondencja przychodząca: potwierdzenie terminu oględzin"),
              ("14.02.2025 11:05", "kontakt ze sprawcą: potwierdził okoliczności zdarzenia"), ("15.02.2025 19:06", "korespondencja przychodząca: uzupełnienie (przebieg)"),
              ("17.02.2025 09:20", "zmiana rzeczoznawcy"), ("17.02.2025 09:22", "zmiana terminu oględzin"),
              ("21.02.2025 09:00", "oględziny pojazdu wykonane"), ("21.02.2025 15:44", "dokumentacja zdjęciowa: 48 zdjęć"),
              ("24.02.2025 13:10", "kalkulacja naprawy sporządzona"), ("24.02.2025 13:12", "kalkulacja wysłana do poszkodowanego"),
              ("26.02.2025 10:00", "wysłano prośbę o uzupełnienie dokumentów: prawo jazdy kierującego, upoważnienie współwłaściciela"),
              ("04.03.2025 21:18", "reklamacja przyjęta"), ("04.03.2025 21:19", "reklamacja przekazana do Biura Reklamacji")]
    lines = ["warta.pl/szkody - status szkody WAR/2025/02/118842", "rodzaj: OC komunikacyjne, szkoda częściowa", "status: w likwidacji", "",
             "historia:"]
    lines += [f"  {t}  {e}" for t, e in events]
    lines += ["", "dokumenty wymagane:", "  [x] oświadczenie sprawcy", "  [x] dowód rejestracyjny", "  [ ] prawo jazdy kierującego",
              "  [ ] upoważnienie współwłaściciela (Ewa Król)", "  [x] zdjęcia uszkodzeń", "  [x] kalkulacja naprawy",
              "", "osoba prowadząca: Agnieszka Lis, Centrum Likwidacji Szkód, kontakt: szkody@warta.pl"]
    return "\n".join(lines)


def wyciag_mbank(rng: random.Random) -> str:
    rows = []
    bal = 14_210.44
    titles = ["BIEDRONKA 3311 WARSZAWA", "ORLEN STACJA 4470", "ZABKA Z5512", "NETFLIX.COM", "SPOTIFY", "PGE OBRÓT - prąd",
              "VECTRA - internet", "ALLEGRO", "ZTM WARSZAWA", "PRZELEW OD: EWA KRÓL", "ROSSMANN 812", "IKEA WARSZAWA",
              "APTEKA DOZ", "BLIK - PRZELEW NA TELEFON", "LIDL UL. GROJECKA"]
    for d in range(1, 17):
        for _ in range(rng.randint(2, 5)):
            t = rng.choice(titles)
            amt = round(rng.uniform(8, 320), 2) * (1 if t.startswith("PRZELEW OD") else -1)
            bal += amt
            rows.append((f"2025-03-{d:02d}", t, f"{amt:.2f}".replace(".", ","), f"{bal:.2f}".replace(".", ",")))
        if d == 10:
            bal += 8412.30
            rows.append(("2025-03-10", "WYNAGRODZENIE 03/2025 - PRACODAWCA", "8412,30", f"{bal:.2f}".replace(".", ",")))
    return ("mBank - historia rachunku 12 1140 2004 0000 3102 7731 8845, 01.03.2025-16.03.2025\n"
            + csv_text(["data", "tytuł", "kwota", "saldo"], rows, sep=";")
            + "\n\nwyszukiwanie 'WARTA': 0 operacji")


def carclaim(out: Path) -> dict[str, Any]:
    rng = random.Random(7_381)
    s = Session(
        "carclaim_pl",
        "pl",
        "third-party motor claim in Warsaw: statement, registration, insurer estimate, appeal, ASO repair, rental",
        cues=("sorry", "przepraszam", "pomyłka", "pomyliłem", "pomyliłam", "poprawka", "właściwie", "jednak",
              "źle napisałem", "miałem na myśli", "korekta", "źle odczytałem"),
    )
    s.turn(
        "czesc, tu tomasz król. wczoraj 12 lutego 2025 koles mi wjechal w bok na rondzie Daszyńskiego. moja skoda octavia z 2019, "
        "2.0 TDI, rejestracja WE 7K318. przyznal sie, spisalismy oswiadczenie. pomozesz ogarnac odszkodowanie z jego OC?",
        "Cześć Tomasz, jasne, pomogę. Zapisuję:\n\n- data: 12 lutego 2025, rondo Daszyńskiego (Warszawa)\n- Twój samochód: Skoda Octavia, 2019, 2.0 TDI, "
        "nr rej. WE 7K318\n- sprawca przyznał się, jest spisane oświadczenie\n\nSkoro sprawca jest znany i przyznał się, likwidacja idzie z "
        "**jego OC**, Twoja polisa nie jest potrzebna. Pierwsze kroki: zdjęcie lub skan oświadczenia, dowód rejestracyjny, zdjęcia uszkodzeń. "
        "Potem zgłoszenie szkody do jego ubezpieczyciela.",
        facts=[U("12 lutego 2025", "12.02.2025"), U("rondzie Daszyńskiego", "rondo Daszyńskiego"), U("skoda octavia", "Skoda Octavia"),
               U("2.0 TDI"), U("tomasz król", "Tomasz Król")],
    )
    s.turn(
        "dwie zasady: z ubezpieczycielem tylko mailowo, żadnych telefonów, nie chce potem slyszec 'pan mowil'. i nie kontaktuj sie ze sprawca, "
        "on juz swoje zrobil",
        "Przyjęte:\n\n1. **Z ubezpieczycielem tylko mailowo**: zgłoszenie, uzupełnienia, reklamacje wyłącznie na piśmie (mail), żeby wszystko "
        "było udokumentowane.\n2. **Bez kontaktu ze sprawcą**: wszystko, czego potrzebujemy od niego, jest w oświadczeniu; resztę "
        "ubezpieczyciel załatwia z nim sam.",
        facts=[RULE("z ubezpieczycielem tylko mailowo, żadnych telefonów", "tylko mailowo", "wyłącznie na piśmie (mail)"),
               RULE("nie kontaktuj sie ze sprawca", "bez kontaktu ze sprawcą", "nie kontaktuj się ze sprawcą")],
    )
    s.turn(
        "wrzucilem zdjecie oswiadczenia, odczytaj",
        "Odczytane:\n\n- sprawca: **Grzegorz Wilk**, Toyota Corolla WGM 61C44\n- OC: **TUiR Warta**, polisa **OC 920001387455**, ważna do 30.06.2025\n"
        "- zdarzenie: 12.02.2025 ok. 17:25, rondo Daszyńskiego, zjazd w Prostą; zmiana pasa bez ustąpienia pierwszeństwa\n"
        "- uszkodzenia: drzwi przednie i tylne lewe, błotnik tylny lewy, lusterko lewe, felga tylna lewa\n\n"
        "Oświadczenie jest kompletne (dane, polisa, opis winy, podpisy). Uwaga: w oświadczeniu Twoja rejestracja jest zapisana jako WE 7K381, "
        "a nie WE 7K318. Sprawdź w dowodzie, która wersja jest dobra.",
        calls=[("ocr", {"file": "oswiadczenie_sprawcy_IMG_4471.jpg"}, oswiadczenie_ocr())],
        facts=[T("Grzegorz Wilk"), T("920001387455", "OC 920001387455")],
    )
    s.turn(
        "dowod tez wrzucilem",
        "Z dowodu rejestracyjnego:\n\n- nr rej.: **WE 7K381** (czyli tak jak w oświadczeniu)\n- VIN: **TMBJG7NE4K0251736**\n"
        "- właściciele: Tomasz Król i Ewa Król (współwłasność), więc w zgłoszeniu trzeba podać oboje\n- 1968 cm³, 110 kW (150 KM), ON, "
        "pierwsza rejestracja 14.05.2019\n- badanie techniczne ważne do 14.05.2025",
        calls=[("ocr", {"file": "dowod_rejestracyjny_str1_2.jpg"}, dowod_ocr())],
        facts=[T("TMBJG7NE4K0251736")],
    )
    s.turn(
        "sorry, pomyliłem się przy pisaniu, rejestracja to WE 7K381. ewa to zona, Ewa Król, wspolwlascicielka",
        "OK, poprawione: WE 7K381. W zgłoszeniu wpisuję oboje właścicieli: Ty i Ewa Król. Odszkodowanie może iść na jedno konto, "
        "wystarczy że Ewa da upoważnienie (podpis na zgłoszeniu lub osobny mail).",
        fix=[("WE 7K318", "WE 7K381")],
        facts=[U("Ewa Król")],
    )
    s.turn(
        "zglos szkode do warty mailem. przebieg 87 400 km, konto do wyplaty 12 1140 2004 0000 3102 7731 8845",
        "Zgłoszenie wysłane mailem do Warty (szkody@warta.pl), w załącznikach oświadczenie, dowód i zdjęcia. Warta potwierdziła: "
        "**numer szkody WAR/2025/02/118842**. Likwidator ma 30 dni na decyzję (art. 14 ustawy o ubezpieczeniach obowiązkowych). "
        "Konto do wypłaty i przebieg 87 400 km podane w zgłoszeniu.",
        calls=[("email", {"action": "send", "to": "szkody@warta.pl", "subject": "Zgłoszenie szkody z OC sprawcy - polisa OC 920001387455",
                          "body": "Zgłaszam szkodę komunikacyjną z 12.02.2025 (rondo Daszyńskiego, Warszawa). Sprawca: Grzegorz Wilk, polisa OC 920001387455. Poszkodowani: Tomasz Król, Ewa Król. Pojazd Skoda Octavia WE 7K381, VIN TMBJG7NE4K0251736, przebieg 87 400 km. Konto do wypłaty: 12 1140 2004 0000 3102 7731 8845. Proszę o kontakt wyłącznie mailowy.",
                          "attachments": ["oswiadczenie_sprawcy_IMG_4471.jpg", "dowod_rejestracyjny_str1_2.jpg", "zdjecia_szkody.zip"]},
                 "sent: <20250213.101244.7731@o2.pl>"),
                ("email", {"action": "read", "from": "warta", "latest": True},
                 "Od: TUiR WARTA S.A. <no-reply-szkody@warta.pl>\nTemat: Potwierdzenie zgłoszenia szkody WAR/2025/02/118842\n\n"
                 "Szanowny Panie,\npotwierdzamy przyjęcie zgłoszenia szkody z ubezpieczenia OC posiadaczy pojazdów mechanicznych.\n"
                 "Numer szkody: WAR/2025/02/118842\nData zgłoszenia: 13.02.2025\nSprawca: Grzegorz Wilk, polisa OC 920001387455\n"
                 "Prosimy o podawanie numeru szkody w każdej korespondencji. Status szkody: www.warta.pl/szkody\n"
                 "W celu ustalenia terminu oględzin skontaktuje się z Panem nasz rzeczoznawca.\nTUiR WARTA S.A.")],
        facts=[U("12 1140 2004 0000 3102 7731 8845"), T("WAR/2025/02/118842")],
    )
    s.turn(
        "przy naprawie tylko oryginalne części, żadnych zamienników. auto ma pełną historię w aso. i wszystkie kwoty podawaj brutto, nie jestem na vacie",
        "Zapisane: **tylko części oryginalne (O), żadnych zamienników**, i wszystkie kwoty brutto (jako osoba prywatna nie odliczasz VAT, "
        "więc należy Ci się odszkodowanie z VAT). Pełna historia w ASO to mocny argument: orzecznictwo (m.in. uchwała SN III CZP 80/11) "
        "mówi, że ubezpieczyciel nie może narzucać zamienników ani potrącać amortyzacji, jeśli to przywróci auto do stanu sprzed szkody. "
        "Historia z Skoda Connect to potwierdza: 13 wizyt w ASO od 2019, wszystkie przeglądy w terminie, zero napraw blacharskich, "
        "lakier fabryczny na całym aucie.",
        calls=[("skoda_connect", {"action": "service_history", "vin": "TMBJG7NE4K0251736"}, historia_serwisowa(rng))],
        facts=[RULE("tylko oryginalne części, żadnych zamienników", "tylko części oryginalne", "żadnych zamienników"),
               RULE("wszystkie kwoty podawaj brutto", "kwoty brutto", "wszystkie kwoty brutto")],
    )
    s.turn(
        "dzwonil facet z warty (odebralem, nie moglem nie odebrac xd) - oględziny w czwartek 20 lutego o 9:00, rzeczoznawca Krzysztof Wieczorek. "
        "zapisz",
        "Zapisane: oględziny w czwartek 20 lutego o 9:00, rzeczoznawca Krzysztof Wieczorek. Skoro ustalenia były telefoniczne, wyślę do Warty "
        "krótkie potwierdzenie mailem, żeby termin był na piśmie.",
        calls=[("email", {"action": "send", "to": "szkody@warta.pl", "subject": "WAR/2025/02/118842 - potwierdzenie terminu oględzin",
                          "body": "Potwierdzam ustalony telefonicznie termin oględzin: czwartek 20 lutego, godz. 9:00, rzeczoznawca Krzysztof Wieczorek. Dalszy kontakt proszę wyłącznie mailowo."},
                 "sent: <20250214.083002.1190@o2.pl>")],
    )
    s.turn(
        "znajdz warsztat, najlepiej aso skody, co robi bezgotówkowo z wartą",
        "Najlepiej wygląda **Auto-Park Skoda, ul. Łopuszańska 32**: ASO Skoda, ocena 4,7 przy 388 opiniach, rozlicza się bezgotówkowo z Wartą, "
        "termin 6 dni, roboczogodzina 280 zł netto. Alternatywy ASO na liście mają dłuższe terminy albo nie robią bezgotówkowo z Wartą.",
        calls=[("search_workshops", {"city": "Warszawa", "brand": "Skoda", "type": "blacharsko-lakierniczy", "insurer_direct": "Warta"}, warsztaty(rng))],
        facts=[T("ul. Łopuszańska 32", "Łopuszańska 32")],
    )
    s.turn(
        "naprawiamy w aso na łopuszańskiej. na razie rozliczenie kosztorysowe, zobaczymy ile warta da",
        "OK: naprawa w Auto-Park Skoda na Łopuszańskiej, na razie rozliczenie kosztorysowe (Warta wypłaca kwotę z kalkulacji, a my "
        "porównamy ją z kosztorysem ASO). Poproszę ASO o własny kosztorys po oględzinach, żeby mieć z czym porównać.",
        facts=[CHOICE("naprawiamy w aso na łopuszańskiej", "naprawa w ASO na Łopuszańskiej", "Auto-Park Skoda")],
    )
    s.turn(
        "potrzebuje auta zastepczego, do pracy dojezdzam 34 km w jedna strone. bierzemy z Express, klasa C jak moja",
        "Express Rent a Car, klasa C (Octavia, Corolla, Ceed): **189 zł brutto za dobę**, kaucja 1 000 zł, rozliczenie z Wartą na cesję, "
        "podstawienie w Warszawie gratis. Octavia 1.5 TSI jest dostępna od ręki na Woli. Najem z OC sprawcy należy się za czas naprawy; "
        "zachowaj potwierdzenie, że auto jest potrzebne do dojazdów do pracy (34 km w jedną stronę to dobry argument).",
        calls=[("web", {"url": "https://expressrentacar.pl/najem-z-oc-sprawcy/cennik"}, express_cennik(rng))],
        facts=[CHOICE("bierzemy z Express, klasa C", "auto zastępcze z Express", "Express Rent a Car, klasa C"), T("189 zł", "189 zł brutto za dobę"),
               U("34 km")],
    )
    s.turn(
        "przebieg 78 400 km, sprawdzilem na zdjeciu licznika. wyslij im to",
        "Wysłane do Warty mailem: uzupełnienie zgłoszenia WAR/2025/02/118842, przebieg 78 400 km, ze zdjęciem licznika w załączniku.",
        calls=[("email", {"action": "send", "to": "szkody@warta.pl", "subject": "WAR/2025/02/118842 - uzupełnienie: przebieg",
                          "body": "W uzupełnieniu zgłoszenia: przebieg pojazdu wynosi 78 400 km (zdjęcie licznika w załączniku).",
                          "attachments": ["licznik_IMG_4480.jpg"]}, "sent: <20250215.190511.2207@o2.pl>")],
        fix=[("87 400 km", "78 400 km")],
    )
    s.turn(
        "oględziny przesuneli na 21 lutego, ta sama godzina. przyszedl mail",
        "Zapisane: oględziny 21 lutego o 9:00. Mail z Warty to potwierdza, miejsce bez zmian (Auto-Park Skoda, Łopuszańska 32).",
        calls=[("email", {"action": "read", "from": "warta", "latest": True},
                "Od: TUiR WARTA S.A. <szkody@warta.pl>\nTemat: WAR/2025/02/118842 - zmiana terminu oględzin\n\n"
                "Uprzejmie informujemy o zmianie terminu oględzin pojazdu Skoda Octavia WE 7K381 na 21 lutego 2025, godz. 9:00, "
                "miejsce: Auto-Park Skoda, ul. Łopuszańska 32. Przepraszamy za utrudnienia.\nTUiR WARTA S.A.")],
        fix=[("20 lutego", "21 lutego")],
    )
    s.turn(
        "i oględziny robi Marta Zielińska, Wieczorek jest na L4",
        "Zapisane: rzeczoznawczyni Marta Zielińska, 21 lutego o 9:00. Przygotuj na oględziny: dowód, dokumenty z historii serwisowej ASO "
        "(to argument za częściami oryginalnymi) i kluczyki.",
        fix=[("Krzysztof Wieczorek", "Marta Zielińska")],
    )
    s.turn(
        "jakie zdjecia jeszcze zrobic zeby nie bylo dyskusji",
        "Masz 72 zdjęcia z miejsca zdarzenia, ale brakuje zdjęć licznika i tabliczki z kodem lakieru. Przed oględzinami: całe auto z "
        "czterech stron (z tablicą), lewy bok z odległości 3 m i z bliska każde uszkodzenie, felga z bliska, "
        "lusterko, wnętrze drzwi jeśli coś trzeszczy, licznik z przebiegiem, tabliczka z kodem lakieru (9P9P). Zdjęcia z datą w metadanych, "
        "najlepiej przy dziennym świetle.",
        calls=[("shell", {"cmd": "ls -l --exif ~/Zdjęcia/2025-02-12_kolizja/"}, zdjecia(rng))],
    )
    s.turn(
        "przyszla kalkulacja z warty, masakra. zobacz",
        "Kalkulacja Warty (Audatex, 24.02.2025): **9 120,40 zł brutto**. Co zaniżyli:\n\n"
        "1. **zamienniki (Q)** zamiast części oryginalnych przy wszystkim droższym niż ~150 zł, wbrew Twojej zasadzie\n"
        "2. **amortyzacja części 35 %**, mimo pełnej historii w ASO\n3. **stawka 120,00 zł netto/rbh** (ASO ma 280 zł) i czasy "
        "robocizny obcięte o ~15 %\n4. materiał lakierniczy w systemie uproszczonym\n\nTo się nadaje do reklamacji.",
        calls=[("email", {"action": "read_attachment", "from": "warta", "subject": "kalkulacja"},
                kosztorys_text(rng, "warta", "9 120,40 zł",
                               ["", "PODSUMOWANIE (netto): części po amortyzacji, robocizna 120,00 zł/rbh, lakier uproszczony",
                                "VAT 23 %: naliczony (poszkodowany - osoba fizyczna)"]))],
        facts=[T("9 120,40 zł", "9120,40 zł", "9 120,40"), T("35 %", "35%"), T("120,00 zł", "120 zł")],
    )
    s.turn(
        "poproś aso o ich kosztorys zeby porownac",
        "ASO Auto-Park Skoda przysłało kosztorys (DAT, 26.02.2025): **18 744,92 zł brutto**: części oryginalne, 0 % amortyzacji, "
        "280 zł netto/rbh, pełne czasy robocizny, pełny materiał lakierniczy. Różnica do kalkulacji Warty: 9 624,52 zł.",
        calls=[("email", {"action": "send", "to": "serwis@autopark-skoda.pl", "subject": "Kosztorys - Skoda Octavia WE 7K381, szkoda WAR/2025/02/118842",
                          "body": "Proszę o kosztorys naprawy po oględzinach z 21 lutego (części oryginalne)."}, "sent"),
               ("email", {"action": "read_attachment", "from": "autopark-skoda", "subject": "kosztorys"},
                kosztorys_text(rng, "aso", "18 744,92 zł", ["", "części oryginalne, stawka ASO 280,00 zł/rbh netto, VAT 23 %"]))],
        facts=[T("18 744,92 zł", "18744,92 zł", "18 744,92")],
    )
    s.turn(
        "reklamacja idzie mailem do warty. napisz mocno ale rzeczowo",
        "Projekt reklamacji (wysyłam po Twojej akceptacji):\n\n**Temat:** Reklamacja - szkoda WAR/2025/02/118842\n\n"
        "Wnoszę reklamację od kalkulacji z 24.02.2025 (9 120,40 zł brutto). Żądam: (1) przyjęcia części oryginalnych: pojazd ma pełną historię "
        "serwisową w ASO, a zamienniki nie przywrócą go do stanu sprzed szkody (uchwała SN z 12.04.2012, III CZP 80/11); (2) rezygnacji z 35 % "
        "amortyzacji z tych samych powodów; (3) przyjęcia stawki 280 zł netto/rbh stosowanej przez ASO, w którym pojazd jest naprawiany; "
        "(4) wyliczenia odszkodowania wg kosztorysu ASO z 26.02.2025: 18 744,92 zł brutto. W załączeniu kosztorys ASO i historia serwisowa. "
        "Proszę o odpowiedź w terminie 30 dni, wyłącznie mailowo.",
        facts=[CHOICE("reklamacja idzie mailem do warty", "reklamacja mailem do Warty")],
    )
    s.turn(
        "ok wysylaj",
        "Wysłane. Warta nadała numer **REK/2025/03/004417**; ustawowo ma 30 dni na odpowiedź.",
        calls=[("email", {"action": "send", "to": "reklamacje@warta.pl", "subject": "Reklamacja - szkoda WAR/2025/02/118842",
                          "body": "<treść reklamacji jak w projekcie>", "attachments": ["kosztorys_ASO_26022025.pdf", "historia_serwisowa_ASO.pdf"]}, "sent"),
               ("email", {"action": "read", "from": "warta", "latest": True},
                "Od: TUiR WARTA S.A. <reklamacje@warta.pl>\nTemat: Potwierdzenie przyjęcia reklamacji\n\nPotwierdzamy przyjęcie reklamacji "
                "z dnia 04.03.2025 dotyczącej szkody WAR/2025/02/118842. Numer reklamacji: REK/2025/03/004417. Odpowiedzi udzielimy w terminie "
                "do 30 dni od dnia otrzymania reklamacji, w formie elektronicznej.\nTUiR WARTA S.A. - Biuro Reklamacji")],
        facts=[T("REK/2025/03/004417")],
    )
    s.turn(
        "sprawdz skrzynke czy nie ma nic od warty czego nie widzialem",
        "Od Warty są: potwierdzenie zgłoszenia, zmiana terminu oględzin, kalkulacja i potwierdzenie reklamacji, które już znamy, plus jeden "
        "mail, którego nie otwierałeś: \"Prośba o uzupełnienie dokumentów\". Chcą skanu prawa jazdy kierującego (Twojego) i upoważnienia od Ewy. "
        "Mogę przygotować odpowiedź.",
        calls=[("email", {"action": "list", "folder": "inbox", "since": "2025-02-13"}, inbox_pl(rng)),
               ("web", {"url": "https://www.warta.pl/szkody/status?nr=WAR/2025/02/118842"}, status_szkody(rng))],
    )
    s.turn(
        "tak, ewa podpisala upowaznienie, prawko w zalaczniku. wyslij",
        "Wysłane do Warty: skan prawa jazdy i upoważnienie od Ewy Król do odbioru odszkodowania na Twoje konto, z numerem szkody w temacie.",
        calls=[("email", {"action": "send", "to": "szkody@warta.pl", "subject": "WAR/2025/02/118842 - uzupełnienie dokumentów",
                          "attachments": ["prawo_jazdy_TK.pdf", "upowaznienie_Ewa_Krol.pdf"]}, "sent")],
    )
    s.turn(
        "jest odpowiedz na reklamacje!!",
        "Odpowiedź Warty (14.03.2025) na REK/2025/03/004417:\n\n- ✅ części oryginalne uznane, amortyzacja 0 %\n- ✅ materiał lakierniczy w pełnej wysokości\n"
        "- ❌ stawka rbh: uznali 210 zł netto zamiast 280 zł\n\nNowa kwota: **11 306,18 zł brutto**. To dużo lepiej niż 9 120,40 zł, ale wciąż "
        "mniej niż kosztorys ASO (18 744,92 zł). Masz 30 dni na odwołanie.",
        calls=[("email", {"action": "read_attachment", "from": "warta", "subject": "odpowiedź na reklamację"}, decyzja_warta())],
        facts=[T("11 306,18 zł", "11306,18 zł", "11 306,18")],
    )
    s.turn(
        "hmm 11 tys to dalej malo. co robimy",
        "Dwie drogi:\n\n1. Zostać przy wypłacie na konto, wziąć 11 306,18 zł i dochodzić różnicy (odwołanie, potem Rzecznik Finansowy lub sąd).\n"
        "2. Przejść na rozliczenie bezgotówkowe: ASO naprawia, robi cesję i samo rozlicza się z Wartą, a spór o stawkę toczy ASO. Ty nie "
        "dopłacasz, jeśli ASO zgodzi się na cesję na pełną kwotę.\n\nPrzy naprawie w ASO druga droga jest zwykle prostsza. Z raportu Rzecznika "
        "Finansowego: mediana stawki ASO marek popularnych na Mazowszu to 265 zł netto, a w 71 % postępowań polubownych ubezpieczyciel dopłacał "
        "różnicę stawki przy naprawie w ASO, więc 280 zł nie jest z kosmosu.",
        calls=[("web", {"url": "https://rf.gov.pl/raporty/stawki-rbh-oc-2024", "extract": "mazowieckie"}, rf_raport(rng))],
    )
    s.turn(
        "idziemy w rozliczenie bezgotówkowe, aso rozlicza sie z wartą bezposrednio. podpisze cesje",
        "OK, przechodzimy na rozliczenie bezgotówkowe: podpisujesz cesję wierzytelności na Auto-Park Skoda, ASO naprawia i fakturuje Wartę. "
        "Poinformuję Wartę mailem, żeby nie wypłacała 11 306,18 zł na Twoje konto, tylko rozliczyła się z ASO.",
        calls=[("email", {"action": "send", "to": "szkody@warta.pl", "subject": "WAR/2025/02/118842 - zmiana formy rozliczenia",
                          "body": "Informuję, że naprawa zostanie wykonana w Auto-Park Skoda (ul. Łopuszańska 32) w rozliczeniu bezgotówkowym na podstawie cesji. Proszę o wstrzymanie wypłaty na rachunek poszkodowanego."}, "sent")],
        fix=[("rozliczenie kosztorysowe", "rozliczenie bezgotówkowe")],
    )
    s.turn(
        "sprawdz na koncie czy warta czegos nie przelala zanim dostali maila",
        "Nic nie przyszło: w historii rachunku 12 1140 2004 0000 3102 7731 8845 od 1 do 16 marca nie ma żadnej operacji od Warty. "
        "Dobrze, bo przy cesji wypłata na Twoje konto tylko by komplikowała rozliczenie z ASO.",
        calls=[("bank", {"action": "history", "account": "mBank ...8845", "from": "2025-03-01", "to": "2025-03-16"}, wyciag_mbank(rng))],
        recall=["12 1140 2004 0000 3102 7731 8845"],
    )
    s.turn(
        "nie ide do sadu na razie, najpierw reklamacja i rzecznik finansowy jakby co",
        "Rozsądnie. Kolejność: ASO w ramach cesji spiera się z Wartą o stawkę; jeśli Warta nie dopłaci, a ASO wróci do Ciebie z różnicą, "
        "idziemy z wnioskiem do Rzecznika Finansowego (bezpłatny, postępowanie polubowne). Sąd dopiero na końcu.",
        facts=[CHOICE("nie ide do sadu na razie, najpierw reklamacja i rzecznik finansowy", "najpierw reklamacja i Rzecznik Finansowy",
                      "bez sądu na razie")],
    )
    s.turn(
        "aso pyta kiedy moge podstawic auto",
        "ASO proponuje przyjęcie w poniedziałek 17 marca o 8:00, naprawa ok. 8 dni roboczych (części oryginalne z magazynu centralnego w 2 dni). "
        "Express podstawi auto zastępcze tego samego dnia pod ASO. Pasuje?",
        calls=[("email", {"action": "read", "from": "autopark-skoda", "latest": True},
                "Od: Kamil Dudek (Auto-Park Skoda) <serwis@autopark-skoda.pl>\nTemat: Termin przyjęcia pojazdu WE 7K381\n\n"
                "Dzień dobry, proponujemy przyjęcie auta 17.03 (pon) o 8:00. Części oryginalne zamówione, dostawa 2 dni robocze. "
                "Szacowany czas naprawy: 8 dni roboczych. Przy odbiorze auta poprosimy o podpis cesji (jeśli nie zostanie podpisana wcześniej).\n"
                "Pozdrawiam, Kamil Dudek, doradca serwisowy")],
    )
    s.turn(
        "pasuje. zarezerwuj express na 17",
        "Zarezerwowane: Express Rent a Car, klasa C, od 17.03 od 8:00, podstawienie pod Auto-Park Skoda na Łopuszańskiej, najem na cesję na Wartę "
        "(189 zł/doba brutto). Potwierdzenie rezerwacji ERC/WAW/25/06613.",
        calls=[("web_form", {"site": "expressrentacar.pl", "form": "najem z OC", "class": "C", "from": "2025-03-17 08:00", "pickup": "ul. Łopuszańska 32",
                             "claim": "WAR/2025/02/118842", "insurer": "Warta"}, "Rezerwacja przyjęta: ERC/WAW/25/06613, klasa C, start 17.03.2025 08:00, miejsce: ul. Łopuszańska 32, Warszawa")],
    )
    s.turn(
        "czy warta moze mi obciac dni najmu",
        "Może próbować: zwykle uznaje najem za \"uzasadniony czas naprawy\" według technologii (tu ~8 dni roboczych) plus kilka dni na "
        "organizację. Jeśli naprawa się przeciągnie z winy np. dostawy części, to nadal Twoja szkoda. Zbieraj maile z ASO o terminach. "
        "Od 13.02 do 17.03 jeździłeś własnym autem, więc najem liczymy od 17.03. Wytyczne KNF (nr 10) mówią wprost: okres technologiczny "
        "naprawy plus czas oczekiwania na części, o ile opóźnienie nie jest z Twojej winy, a klasa auta zastępczego ma odpowiadać Twojej.",
        calls=[("web", {"url": "https://www.knf.gov.pl/.../Wytyczne_likwidacja_szkod_komunikacyjnych.pdf", "extract": "najem, stawki, części"}, wytyczne_knf())],
    )
    s.turn(
        "auto oddane, dostalem corollę. ile to bedzie dni mniej wiecej",
        "Jeśli ASO się wyrobi w 8 dni roboczych, odbiór ok. 27 marca (czwartek), czyli 11 dób najmu × 189 zł = 2 079 zł brutto, "
        "rozliczane przez Express z Wartą.",
    )
    s.turn(
        "aso pisze ze wstawka blotnika przyjdzie pozniej, 2 dni opoznienia",
        "Zapisuję jako potwierdzenie opóźnienia z przyczyn niezależnych od Ciebie: wstawki zabrakło w magazynie centralnym, dotarła "
        "dopiero 21.03 (DPD: doręczona 10:22). Mail ASO zachowujemy dla Warty (najem). ASO robi lakier drzwi równolegle, więc odbiór "
        "27.03 prawdopodobnie bez zmian.",
        calls=[("email", {"action": "read", "from": "autopark-skoda", "latest": True},
                "Od: Kamil Dudek (Auto-Park Skoda)\nTemat: WE 7K381 - opóźnienie dostawy części\n\nDzień dobry, wstawka błotnika tylnego lewego "
                "5E6809605 nie dotarła z dostawą z 19.03 (brak w magazynie centralnym Skoda Parts Center Poznań). Nowy termin dostawy: 21.03. "
                "Pozostałe części są na miejscu, prace lakiernicze drzwi wykonujemy równolegle. Termin odbioru 27.03 prawdopodobnie bez zmian.\n\n"
                "Śledzenie przesyłki DPD 1000634471882U:\n" + "\n".join(
                    f"  {d}.03.2025 {h:02d}:{m:02d}  {ev}" for d, h, m, ev in [
                        (19, 6, 12, "przesyłka zarejestrowana w systemie"), (19, 18, 40, "brak towaru - wstrzymanie wysyłki"),
                        (20, 14, 5, "towar uzupełniony, przesyłka nadana, Poznań Franowo"), (20, 22, 31, "sortownia Stryków"),
                        (21, 5, 48, "oddział Warszawa Okęcie"), (21, 7, 10, "wydana do doręczenia"), (21, 10, 22, "doręczona, odebrał: M. Kowal")])),
               ],
    )
    s.turn(
        "odebralem auto!! wyglada jak nowe. przyszla faktura aso, co z nia",
        "Gratulacje! Faktura ASO FV/ASO/2025/03/1187 (27.03.2025): 25 834,92 zł brutto za pełną naprawę (części O, 280 zł/rbh). Rozliczenie:\n\n"
        "- Warta uznała **18 102,55 zł brutto** (stawka 210 zł/rbh, części O, 0 % amortyzacji)\n- różnica w stawce rbh (2 273,04 zł) jest sporna "
        "między ASO a Wartą, w ramach cesji\n- **Ty do zapłaty: 0,00 zł**\n\nASO samo dochodzi różnicy.",
        calls=[("email", {"action": "read_attachment", "from": "autopark-skoda", "subject": "faktura"}, faktura_aso(rng))],
        facts=[T("18 102,55 zł", "18102,55 zł", "18 102,55")],
    )
    s.turn(
        "to czemu faktura jest na 25 tys a kosztorys aso byl 18,7?",
        "Bo kosztorys z 26.02 był robiony po oględzinach, przed rozebraniem auta. Przy demontażu wyszły ukryte uszkodzenia (m.in. naprawa progu, "
        "zamek, szyba, więcej robocizny), stąd 26,4 rbh i 25 834,92 zł brutto. To normalne przy bocznym uderzeniu. Ważne, że przy cesji różnica "
        "nie jest Twoja.",
    )
    s.turn(
        "express wystawil fakture za najem?",
        "Tak: ERC/WAW/25/06613, 11 dób (17.03 8:00 – 27.03 18:00) × 189 zł = 2 079,00 zł brutto, wystawiona na Wartę na podstawie cesji. "
        "Warta zaakceptowała 11 dób, bez potrąceń.",
        calls=[("email", {"action": "read", "from": "expressrentacar", "latest": True},
                "Od: Express Rent a Car <szkody@express.pl>\nTemat: Rozliczenie najmu ERC/WAW/25/06613\n\nNajem: Toyota Corolla 1.8 HEV, WY 418NP, "
                "17.03.2025 08:00 - 27.03.2025 18:00, 11 dób x 189,00 zł = 2 079,00 zł brutto. Faktura wystawiona na TUiR WARTA S.A. (cesja). "
                "Ubezpieczyciel zaakceptował okres najmu bez zastrzeżeń. Dziękujemy!")],
    )
    s.turn(
        "czyli z mojej kieszeni 0?",
        "Tak: naprawa w całości na cesji (Ty 0,00 zł), najem na cesji (0,00 zł). Kaucję 1 000 zł Express zwraca na kartę w ciągu 7 dni.",
    )
    s.turn(
        "a utrata wartosci auta? slyszalem ze mozna",
        "Można wnioskować o odszkodowanie za utratę wartości handlowej: auto ma niecałe 6 lat, uszkodzenia były elementów konstrukcyjnych (wstawka "
        "błotnika spawana), co obniża wartość przy sprzedaży. Warta często odmawia przy autach starszych niż ~5 lat, ale warto spróbować: wniosek "
        "mailem z opinią rzeczoznawcy. Typowo 3-8 % wartości auta.",
    )
    s.turn(
        "zrob wycene ile moze byc warta moja octavia teraz",
        "Na podstawie 120 ogłoszeń Octavii III 2.0 TDI 150 KM z lat 2019-2020 o przebiegu 60-100 tys. km: mediana ok. 68 900 zł. Przy 78 400 km "
        "Twoja jest w środku stawki. Utrata wartości 3-8 % to więc ok. 2 000-5 500 zł.",
        calls=[("web", {"url": "https://www.otomoto.pl/osobowe/skoda/octavia?rok_od=2019&rok_do=2020&moc=150&paliwo=diesel"},
                "otomoto: Skoda Octavia III 2.0 TDI 150 KM, 2019-2020, 60-100 tys. km (120 ogłoszeń)\n" + table(
                    ["rok", "przebieg", "wersja", "nadwozie", "cena", "miasto"],
                    [(rng.choice([2019, 2020]), f"{rng.randint(60, 100)} {rng.randint(100, 999)} km",
                      rng.choice(["Style", "Ambition", "Style DSG", "Ambition DSG", "L&K"]), rng.choice(["kombi", "liftback"]),
                      f"{rng.randint(59, 82)} {rng.randint(0, 9)}00 zł", rng.choice(["Warszawa", "Kraków", "Poznań", "Łódź", "Gdańsk", "Wrocław"]))
                     for _ in range(120)]) + "\n\nmediana: 68 900 zł")],
    )
    s.turn(
        "napisz wniosek o utrate wartosci, ale jeszcze nie wysylaj",
        "Projekt (niewysłany):\n\n**Temat:** WAR/2025/02/118842 - wniosek o odszkodowanie z tytułu utraty wartości handlowej\n\nWnoszę o wypłatę "
        "odszkodowania za utratę wartości handlowej pojazdu Skoda Octavia WE 7K381 (VIN TMBJG7NE4K0251736). W wyniku szkody wymieniono drzwi "
        "przednie i tylne lewe oraz wspawano wstawkę błotnika tylnego, co jest elementem konstrukcyjnym nadwozia i obniża wartość rynkową pojazdu. "
        "Wnoszę o wycenę utraty wartości przez rzeczoznawcę Warty. Kontakt wyłącznie mailowy.",
    )
    s.turn(
        "dobra, to na razie wstrzymaj. wróce do tego",
        "OK, wniosek czeka w szkicach. Przypomnę o nim, gdy ASO domknie sprawę stawki z Wartą.",
    )
    s.turn(
        "przypomnij date i miejsce kolizji, pisze notatke dla ewy",
        "12 lutego 2025, ok. 17:25, Warszawa, rondo Daszyńskiego (zjazd w ul. Prostą).",
        recall=["12 lutego 2025", "rondzie Daszyńskiego"],
    )
    s.turn(
        "jak sie nazywal sprawca i jaki mial nr polisy",
        "Grzegorz Wilk, polisa OC 920001387455 w TUiR Warta.",
        recall=["Grzegorz Wilk", "920001387455"],
    )
    s.turn(
        "numer szkody w warcie?",
        "WAR/2025/02/118842.",
        recall=["WAR/2025/02/118842"],
    )
    s.turn(
        "vin mojego auta bo ewa pyta o przeglad",
        "TMBJG7NE4K0251736. A badanie techniczne masz ważne do 14.05.2025, więc niedługo.",
        recall=["TMBJG7NE4K0251736"],
    )
    s.turn(
        "ile warta dawala na samym poczatku",
        "Pierwsza kalkulacja Warty: 9 120,40 zł brutto (zamienniki, 35 % amortyzacji, 120,00 zł/rbh). Po reklamacji 11 306,18 zł, a ostatecznie "
        "przy bezgotówce uznali ASO 18 102,55 zł.",
        recall=["9 120,40 zł", "35 %"],
    )
    s.turn(
        "adres aso dla ewy, ona tam pojedzie po gwarancji lakieru",
        "Auto-Park Skoda, ul. Łopuszańska 32, 02-220 Warszawa (doradca Kamil Dudek).",
        recall=["ul. Łopuszańska 32"],
    )
    s.turn(
        "kolega mial szkode, ile express bral za dobe w klasie C?",
        "189 zł brutto za dobę w klasie C (najem z OC sprawcy, rozliczany z ubezpieczycielem).",
        recall=["189 zł"],
    )
    s.turn(
        "warta napisala do mnie z prosba o telefon w sprawie utraty wartosci, zadzwonic?",
        "Nie, trzymamy się Twojej zasady: z ubezpieczycielem tylko mailowo, żadnych telefonów. Odpowiem im mailem, że proszę o stanowisko na piśmie.",
        recall=["z ubezpieczycielem tylko mailowo, żadnych telefonów"],
    )
    s.turn(
        "a nr rejestracyjny dobrze jest wszedzie w warcie?",
        "Tak, we wszystkich dokumentach Warty jest WE 7K381, zgodnie z dowodem rejestracyjnym. Numer na koncie do wypłaty też się zgadza: "
        "12 1140 2004 0000 3102 7731 8845, choć przy bezgotówce nic na nie nie przyszło.",
        recall=["WE 7K381", "12 1140 2004 0000 3102 7731 8845"],
    )
    s.turn(
        "dzieki wielkie, na razie tyle",
        "Proszę bardzo! Otwarte: wniosek o utratę wartości w szkicach, ASO dochodzi od Warty różnicy stawki. Daj znać, jak coś przyjdzie.",
    )
    return s.write(out)


# == 5. conference_fr_en: organising a two-day soft-robotics workshop in Lyon (French + English) ====

FIRST = ["Léa", "Hugo", "Chloé", "Lucas", "Manon", "Nathan", "Inès", "Théo", "Camille", "Louis", "Yuki", "Priya",
         "Mateo", "Anna", "Jonas", "Sara", "Wei", "Ahmed", "Elena", "Tomás", "Aiko", "Lars", "Fatima", "Diego",
         "Marta", "Oliver", "Noor", "Pavel", "Giulia", "Kenji"]
LAST = ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Girard", "Rossi", "Tanaka", "Schmidt", "Novak",
        "García", "Chen", "Kowalczyk", "Andersen", "Haddad", "Silva", "Müller", "Kim", "Nguyen", "Petrov", "Okafor",
        "Lindqvist", "Romano", "Fischer", "Ito", "Costa", "Jensen", "Ortiz", "Weber", "Sato"]
LABS = ["INSA Lyon", "EPFL", "ETH Zürich", "TU Delft", "IIT Genova", "Univ. of Bristol", "KTH", "Sorbonne Univ.",
        "Univ. of Tokyo", "MIT", "TU Munich", "Univ. Grenoble Alpes", "SSSA Pisa", "Imperial College", "KAIST",
        "Univ. of Edinburgh", "NTNU", "Harvard SEAS", "Univ. Paris-Saclay", "CNRS LIRMM"]
TOPICS = ["pneumatic actuators", "dielectric elastomers", "origami mechanisms", "liquid crystal elastomers",
          "soft grippers", "proprioceptive sensing", "hydrogel robots", "tendon-driven continuum arms",
          "bio-hybrid actuators", "model-based control of soft arms", "soft exosuits", "underwater soft swimmers",
          "electro-adhesion", "variable stiffness", "self-healing materials", "soft locomotion", "4D printing"]


def cfp_sheet(rng: random.Random) -> str:
    rows = []
    for k in range(1, 135):
        pid = f"#{k:03d}"
        topic = rng.choice(TOPICS)
        title = f"{rng.choice(['Towards', 'A study of', 'Learning', 'Design of', 'Fast', 'Scalable', 'Robust', 'Printable'])} {topic}"
        if k == 88:
            title, scores = "Origami-inspired vacuum actuators with embedded kirigami sensing", (5, 5, 4)
        else:
            scores = tuple(rng.choice([2, 3, 3, 4, 4, 5]) for _ in range(3))
            if sum(scores) >= 14:
                scores = (4, 4, 5)
        avg = sum(scores) / 3
        author = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        rows.append((pid, title[:62], author, rng.choice(LABS), rng.choice(["talk", "talk", "poster", "either"]),
                     "/".join(map(str, scores)), f"{avg:.2f}"))
    return ("sheet 'JLRD2025 - submissions' (export CSV, reviewer columns hidden)\n"
            + csv_text(["id", "title", "corresponding author", "affiliation", "pref", "scores R1/R2/R3", "avg"], rows)
            + "\n\n134 submissions | avg of avgs 3.49 | top: #088 (4.67)")


def rooms(rng: random.Random) -> str:
    lines = ["Réservation de salles - Campus LyonTech-la Doua - disponibilités 02/10/2025 et 03/10/2025",
             "salle                                  bâtiment         capacité     équipement                         02/10       03/10"]
    rooms_ = [("amphi Émilie du Châtelet", "Les Humanités", "312 places", "vidéoproj. 2x, micro HF x4, captation"),
              ("amphi Gaston Berger", "Gaston Berger", "450 places", "vidéoproj., micro HF x2"),
              ("amphi Ouest", "Les Humanités", "140 places", "vidéoproj., micro HF x2")]
    for k in range(1, 86):
        rooms_.append((f"salle {rng.choice(['TD', 'TP', 'réunion'])} {rng.randint(101, 420)}", rng.choice(["Les Humanités", "Gaston Berger", "Claude Chappe", "Hedy Lamarr", "Sadi Carnot"]),
                       f"{rng.choice([24, 30, 36, 40, 48, 60, 80])} places", rng.choice(["vidéoproj.", "écran TV", "vidéoproj., visio", "tableau blanc"])))
    rooms_.append(("atrium Les Humanités", "Les Humanités", "220 debout", "grilles d'affichage x40, prises"))
    rooms_.append(("salle 118 (réunion)", "Les Humanités", "80 places", "vidéoproj., visio"))
    for name, bld, cap, eq in rooms_:
        avail = lambda: rng.choice(["libre", "libre", "occupé 8h-12h", "occupé 14h-18h", "occupé"])
        a1, a2 = ("libre", "libre") if name in ("amphi Émilie du Châtelet", "atrium Les Humanités", "salle 118 (réunion)", "amphi Ouest") else (avail(), avail())
        lines.append(f"{name:<38} {bld:<16} {cap:<12} {eq:<34} {a1:<11} {a2}")
    return "\n".join(lines)


def traiteurs() -> str:
    return """--- 3 devis reçus (boîte jlrd2025@insa-lyon.fr, dossier Traiteur) ---

[1] Les Halles Gourmandes (Lyon 3e) - devis D-2025-114, validité 60 jours
    Formule journée : accueil café + pause matin + déjeuner buffet + pause après-midi
    31,50 € HT par personne et par jour (TVA 10 %), sur base de 170 personnes, 2 jours
    Végétarien par défaut possible sans surcoût ; options viande/poisson sur liste nominative
    Vaisselle réutilisable, service 4 personnes, eau en carafes. Acompte 30 % à la commande.

[2] Traiteur Bellecour Réceptions - devis 25/0871
    Formule journée identique : 36,90 € HT par personne et par jour
    Menu unique carné, végétarien sur demande (+2,00 € HT / pers.)
    Vaisselle jetable compostable. Service 3 personnes. Acompte 40 %.

[3] Saveurs du Rhône - devis SR-7712
    Formule journée : 28,40 € HT par personne et par jour, déjeuner en plateaux-repas
    Végétarien : 25 % des plateaux maximum. Pas de service sur place (livraison 11h45).
    Vaisselle jetable. Acompte 50 %.

Rappel règle achats INSA : au-delà de 40 000 € HT, appel d'offres formel ; ici < 40 000 € -> 3 devis suffisent."""


def hotel_mail() -> str:
    return """From: groupes@mercure-lyon-perrache.fr
To: jlrd2025@insa-lyon.fr
Subject: Bloc de chambres JLRD 2025 - confirmation

Madame,
Nous confirmons le bloc de 60 chambres pour les nuits du 1er, 2 et 3 octobre 2025 à l'Hôtel Mercure Lyon Centre
Château Perrache (12 cours de Verdun Rambaud, 69002 Lyon).
Tarif négocié : 119 € la nuit en chambre single, petit-déjeuner inclus, taxe de séjour en sus (2,88 €/nuit/pers.).
Code de réservation à communiquer aux participants : JLRD25
Réservation en ligne ou par téléphone avec le code jusqu'au 1er septembre 2025 (date de release du bloc).
Annulation sans frais jusqu'à 72 h avant l'arrivée.
Accès : tram T2 direct jusqu'à Perrache, puis métro A + tram T1 vers la Doua (~35 min).
Bien cordialement,
Service Groupes & Séminaires"""


def flights() -> str:
    return """Search: Trondheim (TRD) -> Lyon (LYS), Wed 1 Oct 2025, 1 adult, economy

 #  itinerary                                   dep    arr    duration  stops          price
 1  SK 361 TRD-OSL / SK 4605 OSL-CPH / ...      06:10  15:05  8h55      2 (OSL, CPH)   412 EUR
 2  KL1176 TRD-AMS / KL1987 AMS-LYS             12:35  21:40  9h05      1 (AMS)        368 EUR
 3  LH 873 TRD-FRA ... LH 1076 FRA-LYS          06:00  13:20  7h20      1 (FRA)        455 EUR
 4  SK 363 TRD-OSL / AF 1163 OSL-CDG / AF7642   07:05  16:45  9h40      2 (OSL, CDG)   397 EUR
 5  KL1172 TRD-AMS / KL1411 AMS-LYS             06:20  12:55  6h35      1 (AMS)        431 EUR

Selected by traveller (email from i.halvorsen@ntnu.no, 12 June): option 2 - KL1176 / KL1987, arriving LYS 21:40.
Booked: PNR 6QWX2T, e-ticket 074-2419837266, fare 368 EUR (budget line "keynotes - déplacements")."""


def programme(t_key: str, day2_keynote: str, gala: str) -> str:
    sessions = [
        ("08h30", "accueil, café, badges (atrium Les Humanités)"),
        (t_key, "KEYNOTE - {kn} (amphi Émilie du Châtelet)"),
        ("10h30", "pause café (atrium)"),
        ("11h00", "session orale {a} (amphi Émilie du Châtelet) // session orale {b} (amphi Ouest)"),
        ("12h30", "déjeuner buffet (atrium)"),
        ("14h00", "session orale {c} (amphi Émilie du Châtelet) // session orale {d} (amphi Ouest)"),
        ("15h30", "pause café + session posters {p} (atrium Les Humanités)"),
        ("17h00", "table ronde « soft robots out of the lab » (amphi Émilie du Châtelet)"),
        ("18h00", "fin de journée"),
    ]
    day = {1: ("jeudi 2 octobre 2025", "Ingrid Halvorsen (NTNU)", "A1", "A2", "A3", "A4", "P1"),
           2: ("vendredi 3 octobre 2025", day2_keynote, "B1", "B2", "B3", "B4", "P2")}
    lines = ["PROGRAMME JLRD 2025 (brouillon) - Campus LyonTech-la Doua", ""]
    for d in (1, 2):
        name, kn, a, b, c, dd, p = day[d]
        lines.append(f"=== {name} ===")
        for t, what in sessions:
            lines.append(f"  {t}  {what.format(kn=kn, a=a, b=b, c=c, d=dd, p=p)}")
        if d == 1:
            lines.append(f"  20h00  dîner de gala - {gala}")
        lines.append("")
    lines += ["sessions orales : 4 talks de 20 min (15 + 5 questions) par session, 8 sessions = 32 talks",
              "sessions posters : P1 et P2, 30 posters chacune, grilles dans l'atrium",
              "règle : aucune session parallèle pendant les keynotes"]
    return "\n".join(lines)


def inscriptions(rng: random.Random) -> str:
    rows = []
    diets = ["végétarien", "végétarien", "végétarien", "viande", "viande", "poisson", "vegan", "halal", "sans gluten"]
    for k in range(1, 164):
        who = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        cat = rng.choice(["plein", "plein", "étudiant", "étudiant", "étudiant", "invité"])
        fee = {"plein": "240", "étudiant": "60", "invité": "0"}[cat]
        rows.append((f"R{2500 + k}", who, rng.choice(LABS), cat, fee, rng.choice(diets), rng.choice(["oui", "oui", "non"]),
                     rng.choice(["payé", "payé", "payé", "en attente"])))
    return ("export plateforme azur-colloque - JLRD2025 - 15/09/2025 08:02\n"
            + csv_text(["réf", "nom", "affiliation", "catégorie", "tarif €", "régime", "dîner", "paiement"], rows, sep=";")
            + "\n\ntotal : 163 inscrits | dîner de gala : oui pour 112"
            + "\nrégimes : végétarien 52, viande 37, poisson 18, vegan 19, halal 19, sans gluten 18")


def budget_sheet(rng: random.Random) -> str:
    lines = ["JLRD 2025 - suivi budgétaire (code IMU-2025-RD17) - mis à jour le 16/09/2025",
             "poste                                   prévu        engagé       payé         commentaire"]
    items = [("traiteur 2 jours (Les Halles Gourmandes)", 11781.00, 11781.00, 3534.30, "acompte 30 % payé"),
             ("dîner de gala (péniche L'Hirondelle)", 9800.00, 9520.00, 2856.00, "112 couverts x 85 €"),
             ("keynotes - déplacements", 2600.00, 1914.00, 1914.00, "vols + train"),
             ("keynotes - hébergement", 1100.00, 714.00, 0.00, "3 nuits x 2 x 119 €"),
             ("captation vidéo keynotes", 2880.00, 2880.00, 0.00, "2 400 € HT"),
             ("badges, signalétique, impression", 1450.00, 1212.40, 1212.40, ""),
             ("location grilles posters", 780.00, 780.00, 0.00, "40 grilles"),
             ("sacs / goodies", 1600.00, 1488.00, 1488.00, "tote bags coton bio"),
             ("prix best paper", 500.00, 500.00, 0.00, "chèque + diplôme"),
             ("bourses étudiants (inscription)", 3600.00, 3240.00, 0.00, "54 bourses"),
             ("site web + plateforme inscription", 900.00, 900.00, 900.00, ""),
             ("location amphis + atrium (tarif interne INSA)", 4800.00, 4800.00, 0.00, "RES-DOUA-25-0917"),
             ("agents de sécurité SSIAP (2 x 2 jours)", 1200.00, 1200.00, 0.00, ""),
             ("navette bus campus -> péniche (jeudi soir)", 980.00, 980.00, 0.00, "2 rotations"),
             ("kakémonos + programmes imprimés", 1300.00, 1220.60, 1220.60, ""),
             ("imprévus", 2000.00, 0.00, 0.00, "")]
    for name, plan, eng, paid, note in items:
        lines.append(f"{name:<40}{eu_money(round(plan * 100), ' '):>12}{eu_money(round(eng * 100), ' '):>13}{eu_money(round(paid * 100), ' '):>13}   {note}")
    eng_total = sum(i[2] for i in items)
    lines += ["", f"recettes prévues : subvention labex IMU 30 000 €, INSA 8 000 €, sponsors 7 000 €, inscriptions ~7 000 €",
              "budget total : 52 000 €", f"total engagé : {eu_money(round(eng_total * 100), ' ')} €",
              "reste disponible (budget - engagé, hors imprévus) : 6 870 €", "",
              "détail des sponsors :"]
    for sp, amt in [("Festo", 2500), ("Smooth-On Europe", 1500), ("Formlabs", 1500), ("Région AURA", 1500)]:
        lines.append(f"  {sp:<20} {amt} €   convention {rng.choice(['signée', 'signée', 'en cours'])}")
    lines += ["", "historique des modifications :"]
    for k in range(14):
        lines.append(f"  {rng.randint(1, 28):02d}/{rng.choice([5, 6, 7, 8, 9]):02d}/2025  {rng.choice(['claire.m', 'ben.w', 'gestion.labo'])}  "
                     f"{rng.choice(['mise à jour traiteur', 'ajout facture badges', 'correction TVA', 'ajout sponsor', 'bourses', 'vols keynotes'])}")
    return "\n".join(lines)


def benevoles(rng: random.Random) -> str:
    rows = []
    for k in range(1, 41):
        rows.append((f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(["M2 robotique", "doctorant·e", "M1 méca", "post-doc"]),
                     rng.choice(["accueil/badges", "micro amphi", "pauses", "posters", "fléchage", "régie amphi Ouest"]),
                     rng.choice(["jeudi", "vendredi", "les deux"]), rng.choice(["FR/EN", "FR", "EN", "FR/EN/ES"])))
    return "sheet 'JLRD2025 - bénévoles'\n" + table(["nom", "statut", "poste", "jours", "langues"], rows)


def reviewer_load(rng: random.Random) -> str:
    rows = []
    for k in range(50):
        assigned = rng.randint(7, 10)
        done = assigned if rng.random() < 0.75 else assigned - rng.randint(1, 5)
        rows.append((f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(LABS), assigned, done, assigned - done,
                     f"{rng.uniform(2.8, 4.1):.2f}", rng.choice(["", "", "", "conflit déclaré #0" + str(rng.randint(10, 99))])))
    late = sum(1 for r in rows if r[4])
    return ("sheet 'JLRD2025 - reviewers' (vue comité, confidentiel)\n"
            + table(["reviewer", "affiliation", "assignées", "rendues", "manquantes", "note moy. donnée", "remarque"], rows)
            + f"\n\n402 reviews attendues (134 x 3), {402 - sum(r[4] for r in rows)} rendues ; {late} reviewers en retard ; date limite 15/06/2025")


def decisions_and_mails(rng: random.Random) -> str:
    ids = list(range(1, 135))
    rng.shuffle(ids)
    oral = sorted(ids[:32])
    poster = sorted(ids[32:92])
    lines = ["sheet 'JLRD2025 - submissions' : colonne decision remplie (tri par moyenne, ex aequo départagés par l'écart-type)", "",
             "mail merge 'JLRD2025 notification' via jlrd2025@insa-lyon.fr - modèle EN, reviews anonymisées R1/R2/R3 jointes", ""]
    for k in range(1, 135):
        dec = "ACCEPT-TALK" if k in oral else ("ACCEPT-POSTER" if k in poster else "REJECT")
        if k == 88:
            dec = "ACCEPT-TALK"
        lines.append(f"#{k:03d}  {dec:<14} -> {rng.choice(FIRST).lower()}.{rng.choice(LAST).lower().replace(' ', '')}@{rng.choice(['epfl.ch', 'ethz.ch', 'tudelft.nl', 'kth.se', 'insa-lyon.fr', 'iit.it', 'imperial.ac.uk', 'u-tokyo.ac.jp'])}"
                     f"  status=sent  {rng.randint(10, 18)}:{rng.randint(0, 59):02d}")
    lines.append("\n134 mails envoyés, 0 rebond ; 32 talks, 60 posters, 42 refus")
    return "\n".join(lines)


def sessions_table(rng: random.Random) -> str:
    names = {"A1": "pneumatic & fluidic actuators", "A2": "sensing & proprioception", "A3": "modelling & control",
             "A4": "materials", "B1": "grippers & manipulation", "B2": "bio-hybrid & bio-inspired",
             "B3": "locomotion", "B4": "fabrication & 4D printing"}
    lines = ["répartition des 32 talks (4 par session), salle : A1/A3/B1/B3 amphi Émilie du Châtelet, A2/A4/B2/B4 amphi Ouest", ""]
    for code, name in names.items():
        lines.append(f"{code} - {name}")
        for slot in range(4):
            lines.append(f"   {slot + 1}. #{rng.randint(1, 134):03d}  {rng.choice(FIRST)} {rng.choice(LAST)} ({rng.choice(LABS)})  "
                         f"\"{rng.choice(['Towards', 'Learning', 'Design of', 'Robust', 'Printable'])} {rng.choice(TOPICS)}\"")
    return "\n".join(lines)


def rooming_list(rng: random.Random) -> str:
    rows = []
    for k in range(52):
        n1 = rng.choice([1, 2])
        rows.append((f"{rng.choice(LAST).upper()} {rng.choice(FIRST)}", f"0{n1}/10", "04/10" if rng.random() < 0.7 else "03/10",
                     rng.choice(["single", "single", "double"]), "JLRD25", rng.choice(["garantie CB", "garantie CB", "prépayé"])))
    return ("From: groupes@mercure-lyon-perrache.fr\nSubject: Rooming list JLRD 2025 au 20/08\n\n"
            + table(["nom", "arrivée", "départ", "type", "code", "statut"], rows)
            + "\n\n52 chambres réservées sur le bloc de 60 ; release des 8 restantes le 01/09/2025")


def poster_boards(rng: random.Random) -> str:
    lines = ["plan atrium Les Humanités - 40 grilles double face (80 faces), numérotées G01-G40 / faces a-b", ""]
    for sess in ("P1", "P2"):
        lines.append(f"session {sess} ({'jeudi' if sess == 'P1' else 'vendredi'} 15h30)")
        for k in range(30):
            lines.append(f"  {sess}-{k + 1:02d}  #{rng.randint(1, 134):03d}  grille G{k // 2 + 1 + (0 if sess == 'P1' else 15):02d}{'ab'[k % 2]}")
    lines.append("\ngrilles G31-G40 : sponsors (Festo, Smooth-On, Formlabs) et démo Sofía")
    return "\n".join(lines)


def peniche_quote() -> str:
    return """From: evenements@peniche-hirondelle.fr
Subject: Devis dîner JLRD 2025 - jeudi 2 octobre

Bonjour Claire,
Suite à votre appel, voici notre proposition pour le jeudi 2 octobre 2025, quai Rambaud (Lyon 2e) :
- privatisation du pont inférieur et de la terrasse couverte, 19h30 - 23h30, capacité assise 130
- menu végétarien par défaut (entrée, plat, dessert), options carnées/poisson sur liste, vin et softs inclus
- 85 € TTC par personne, minimum 90 couverts ; pour 112 couverts : 9 520 € TTC
- acompte 30 % à la signature, solde à J+15 ; annulation sans frais jusqu'à J-21
- accès : tram T1 arrêt Suchet ou navette bus depuis la Doua (à votre charge)
Bien à vous, Margaux Pellet - responsable événements"""


def pending_payments(rng: random.Random) -> str:
    rows = []
    for k in range(23):
        rows.append((f"R{rng.randint(2501, 2663)}", f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(["plein", "étudiant"]),
                     f"{rng.randint(1, 40)} j", rng.choice(["bon de commande univ. attendu", "carte refusée", "virement annoncé", "—"])))
    return ("registration: paiements en attente au 15/09/2025\n"
            + table(["réf", "nom", "catégorie", "ancienneté", "note"], rows)
            + "\n\n23 inscriptions en attente de paiement")


def wifi_codes(rng: random.Random) -> str:
    lines = ["DSI INSA Lyon - comptes invités Wi-Fi « INSA-Invites » - événement JLRD2025",
             "validité : 02/10/2025 07:00 -> 03/10/2025 21:00, 1 appareil par code, bande passante 20 Mb/s", ""]
    for k in range(1, 61):
        lines.append(f"  {k:02d}  login: jlrd-{k:03d}   mot de passe: {b36(rng, 4)}-{b36(rng, 4)}")
    lines.append("\nà imprimer sur cartes et distribuer avec les badges ; ne pas afficher publiquement")
    return "\n".join(lines)


def sponsors_mails() -> str:
    return """[1] Festo France - Julien Marchal
    Stand : 3 x 2 m près des posters, 2 tables, 1 prise 16 A, démo bras pneumatique (compresseur silencieux fourni).
    Logo sur le site et le programme, 2 badges exposants. Facture sur bon de commande Festo n° 4500218841.
[2] Smooth-On Europe - Katrin Vogel
    Pas de stand : goodies (échantillons Ecoflex / Dragon Skin) à glisser dans les 180 tote bags, livraison le 29/09 à l'accueil Les Humanités.
    Logo sur le programme. Souhaite 5 min de présentation en plénière : à refuser poliment ou placer en clôture ?
[3] Formlabs - Lucas Berthier
    Stand 2 x 2 m, imprimante Form 4 en fonctionnement, besoin d'une table solide et d'une prise. Propose un prix « best poster » (une imprimante Form 4).
[4] Région Auvergne-Rhône-Alpes - service recherche
    Subvention de 1 500 € : convention en cours de signature ; demande le logo de la Région sur l'écran d'accueil et une mention dans le mot d'ouverture.
    Pièces à fournir : budget prévisionnel signé, programme, liste des partenaires."""


def av_rider() -> str:
    return """Service audiovisuel INSA Lyon - fiche technique JLRD 2025 (amphi Émilie du Châtelet, amphi Ouest)
amphi Émilie du Châtelet : 2 vidéoprojecteurs laser 4K (synchro), régie au fond, 4 micros HF main + 2 cravates, captation fixe 2 caméras PTZ,
  pupitre avec PC (Windows 11, PowerPoint, Acrobat, VLC), entrées HDMI + USB-C au pupitre, clicker fourni, retour écran pour l'orateur
amphi Ouest : 1 vidéoprojecteur, 2 micros HF main, PC pupitre, HDMI/USB-C, pas de captation
speaker-ready (salle 118) : 2 PC de test, copie des présentations sur clé ou via lien, au plus tard à la pause précédant la session
planning technique : installation 01/10 14h-18h ; tests micros 02/10 7h45 ; régie présente 8h15-18h30 les deux jours
captation (option A) : keynotes uniquement ; consentement écrit des deux keynotes requis (formulaire droit à l'image joint)
démo de Sofía Ruiz-Tagle : table 1,20 m sur scène, prise 230 V, caméra de table branchée sur le 2e projecteur
contacts : régie Antoine Ferrand, astreinte DSI pour le réseau
formats conseillés : 16:9, polices intégrées, vidéos en MP4 H.264 incluses dans le fichier"""


def conference(out: Path) -> dict[str, Any]:
    rng = random.Random(2025_1002)
    s = Session(
        "conference_fr_en",
        "fr+en",
        "organising a two-day soft-robotics workshop in Lyon: CFP, rooms, keynotes, catering, hotel, budget, programme",
        cues=("en fait", "pardon", "désolée", "désolé", "je me suis trompée", "erreur", "je voulais dire", "oups",
              "autant pour moi", "rectif", "plutôt"),
    )
    s.turn(
        "bonjour ! j'organise les JLRD 2025 (journées lyonnaises de robotique douce), les 2 et 3 octobre 2025 sur le campus de la Doua. "
        "je co-préside avec Ben Whitfield (Edinburgh). on vise 180 participants max. budget 48 000 € tout compris",
        "Bonjour ! Je note le cadre :\n\n- **JLRD 2025**, 2 et 3 octobre 2025, campus de la Doua (LyonTech)\n- co-présidence : vous et Ben Whitfield (Edinburgh)\n"
        "- jauge : 180 participants max\n- budget : 48 000 € tout compris\n\nPour la suite je propose de suivre, dans l'ordre : soumissions et "
        "sélection, salles, keynotes, traiteur, hébergement, programme, puis inscriptions et budget. Par quoi commence-t-on ?",
        facts=[U("2 et 3 octobre 2025", "2-3 octobre 2025", "2 and 3 October 2025", "2–3 October 2025"),
               U("campus de la Doua", "la Doua"), U("Ben Whitfield"), U("180 participants", "180 participants max")],
    )
    s.turn(
        "keynotes: Ingrid Halvorsen (NTNU) on thursday, Kwame Mensah on friday. both keynotes at 9h15. and no parallel sessions during keynotes, "
        "pas de sessions parallèles pendant les keynotes, c'est non négociable",
        "Noted:\n\n- Thursday 2 Oct: keynote **Ingrid Halvorsen** (NTNU)\n- Friday 3 Oct: keynote Kwame Mensah\n- both at 9h15\n"
        "- **rule: no parallel sessions during the keynotes**: the keynote slot is plenary-only, the second room stays empty.",
        facts=[U("Ingrid Halvorsen"), RULE("pas de sessions parallèles pendant les keynotes", "no parallel sessions during keynotes",
                                           "aucune session parallèle pendant les keynotes")],
    )
    s.turn(
        "tout le matériel public en anglais : site, programme, slides d'intro, mails aux auteurs. le code budgétaire du labex c'est IMU-2025-RD17, "
        "mets-le sur tous les bons de commande",
        "C'est noté : **tout ce qui est public est en anglais** (site, programme, slides, mails aux auteurs). Je vous écris à vous en français, "
        "et les documents publics en anglais. Code budgétaire **IMU-2025-RD17** sur chaque bon de commande.",
        facts=[RULE("tout le matériel public en anglais", "all public material in English", "tout ce qui est public est en anglais"),
               U("IMU-2025-RD17")],
    )
    s.turn(
        "ouvre le sheet des soumissions, combien on en a et c'est quoi le top",
        "**134 soumissions.** Moyenne des moyennes : 3.49. Le papier le mieux noté est **#088**, « Origami-inspired vacuum actuators with embedded "
        "kirigami sensing » (5/5/4, moyenne 4.67). Avec 32 créneaux oraux et 60 posters, on peut prendre 92 papiers, soit ~69 % d'acceptation.",
        calls=[("sheets", {"action": "read", "sheet": "JLRD2025 - submissions", "hide_columns": ["R1 name", "R2 name", "R3 name"]}, cfp_sheet(rng))],
        facts=[T("#088")],
    )
    s.turn(
        "ne jamais révéler les noms des reviewers aux auteurs, même si on nous le demande. prépare les modèles de mails d'acceptation / refus",
        "Entendu, **les noms des reviewers ne sortent jamais**, même sur demande ; les reviews sont transmises anonymisées (R1/R2/R3). Modèles (en "
        "anglais, puisque public) :\n\n*Accept (talk)*: \"Dear {author}, we are pleased to inform you that your submission {id} has been accepted "
        "for an oral presentation at JLRD 2025 (2–3 October 2025, Lyon)...\"\n\n*Accept (poster)*: idem, \"...for poster presentation...\"\n\n"
        "*Reject*: \"...we regret to inform you... The anonymous reviews are attached below.\"",
        facts=[RULE("ne jamais révéler les noms des reviewers aux auteurs", "reviewer names never disclosed",
                    "les noms des reviewers ne sortent jamais")],
    )
    s.turn(
        "combien de reviews par reviewer, qui est en retard ? (ça reste entre nous)",
        "Vue comité (confidentielle) : 50 reviewers, 7 à 10 papiers chacun. La plupart ont tout rendu ; quelques-uns sont en retard, avec 1 à 5 reviews "
        "manquantes avant la date limite du 15/06. Je leur envoie une relance individuelle et polie ; ces noms restent dans le comité, ils "
        "n'apparaissent nulle part côté auteurs.",
        calls=[("sheets", {"action": "read", "sheet": "JLRD2025 - reviewers"}, reviewer_load(rng))],
    )
    s.turn(
        "les salles maintenant. il me faut un grand amphi pour les plénières + une 2e salle pour les sessions parallèles, les 2 jours",
        "Libres les deux jours :\n\n- **amphi Émilie du Châtelet** (Les Humanités) : 312 places, 2 vidéoprojecteurs, 4 micros HF, captation possible → plénières\n"
        "- **amphi Ouest** (même bâtiment) : 140 places → sessions parallèles\n- **atrium Les Humanités** : 220 debout, 40 grilles → posters et pauses\n"
        "- salle 118 : 80 places, pour le comité ou le speaker-ready\n\nJe les ai posées en option : réservation RES-DOUA-25-0917.",
        calls=[("rooms", {"action": "availability", "site": "LyonTech-la Doua", "dates": ["2025-10-02", "2025-10-03"]}, rooms(rng)),
               ("rooms", {"action": "book", "rooms": ["amphi Émilie du Châtelet", "amphi Ouest", "atrium Les Humanités", "salle 118 (réunion)"],
                          "dates": ["2025-10-02", "2025-10-03"], "budget_code": "IMU-2025-RD17"},
                "option posée : RES-DOUA-25-0917 (4 espaces, 2 jours), à confirmer avant le 30/06/2025 par le gestionnaire de site")],
        facts=[T("312 places"), T("RES-DOUA-25-0917")],
    )
    s.turn(
        "posters dans l'atrium, c'est là qu'il y a le café, les gens circulent",
        "Parfait : sessions posters P1 (jeudi) et P2 (vendredi) dans l'atrium Les Humanités, avec les pauses café au même endroit. 40 grilles suffisent "
        "pour 30 posters par session.",
        facts=[CHOICE("posters dans l'atrium", "poster session in the atrium", "posters dans l'atrium Les Humanités")],
    )
    s.turn(
        "inscriptions : plein tarif 240 €, tarif étudiant 90 €. ça couvre les repas des 2 jours mais pas le dîner",
        "Noté : plein tarif 240 €, tarif étudiant 90 €, repas des deux jours inclus, dîner de gala en supplément. Je prépare la page d'inscription "
        "(en anglais) sur la plateforme.",
        facts=[U("240 €", "240 EUR")],
    )
    s.turn(
        "j'ai reçu 3 devis traiteur, compare. et menu végétarien par défaut, viande sur demande seulement",
        "Règle notée : **végétarien par défaut**, viande/poisson sur demande.\n\nComparaison (formule journée, HT/pers./jour) :\n\n"
        "| traiteur | prix | végé par défaut | service |\n|---|---|---|---|\n| Les Halles Gourmandes | **31,50 € HT** | oui, sans surcoût | 4 pers., vaisselle réutilisable |\n"
        "| Bellecour Réceptions | 36,90 € HT | non (+2 €) | 3 pers. |\n| Saveurs du Rhône | 28,40 € HT | max 25 % | plateaux, pas de service |\n\n"
        "Saveurs du Rhône est le moins cher mais incompatible avec votre règle (25 % de végé max). Les Halles Gourmandes coche tout.",
        calls=[("email", {"action": "read_folder", "folder": "Traiteur"}, traiteurs())],
        facts=[RULE("menu végétarien par défaut", "végétarien par défaut", "vegetarian by default"), T("31,50 € HT")],
    )
    s.turn(
        "on prend Les Halles Gourmandes. envoie le bon de commande",
        "Bon de commande envoyé à Les Halles Gourmandes (devis D-2025-114) : 170 personnes × 2 jours × 31,50 € HT = 10 710,00 € HT, soit "
        "11 781,00 € TTC, code IMU-2025-RD17. Acompte de 30 % à prévoir.",
        calls=[("email", {"action": "send", "to": "contact@halles-gourmandes.fr", "subject": "Bon de commande JLRD 2025 - devis D-2025-114",
                          "body": "Bonjour, nous validons votre devis D-2025-114 pour 170 personnes les 2 et 3 octobre 2025. Menu végétarien par défaut, options carnées sur liste nominative. Code budgétaire IMU-2025-RD17.",
                          "attachments": ["BC_JLRD2025_traiteur.pdf"]}, "sent")],
        facts=[CHOICE("on prend Les Halles Gourmandes", "Les Halles Gourmandes retenu", "going with Les Halles Gourmandes")],
    )
    s.turn(
        "applique les décisions : les 32 premiers en oral, les 60 suivants en poster, le reste refusé. et envoie les mails",
        "Fait : colonne décision remplie (32 talks, 60 posters, 42 refus, ex aequo départagés par l'écart-type), puis 134 mails envoyés en anglais "
        "avec les reviews anonymisées (R1/R2/R3), 0 rebond. #088 est bien en oral.",
        calls=[("sheets", {"action": "fill_decisions", "sheet": "JLRD2025 - submissions", "talks": 32, "posters": 60}, decisions_and_mails(rng))],
    )
    s.turn(
        "répartis les talks dans les 8 sessions par thème",
        "Proposition de répartition : 8 sessions thématiques de 4 talks, A1-A4 le jeudi, B1-B4 le vendredi, une salle sur deux dans l'amphi Ouest. "
        "Les thèmes les plus demandés (actionneurs, grippers) sont dans le grand amphi.",
        calls=[("sheets", {"action": "assign_sessions", "sheet": "JLRD2025 - submissions", "sessions": 8, "per_session": 4}, sessions_table(rng))],
    )
    s.turn(
        "dîner de gala à la Brasserie Georges le jeudi soir, c'est mythique",
        "Noté : dîner de gala le jeudi 2 octobre au soir, à la Brasserie Georges. Je demande un devis pour ~120 couverts avec végétarien par défaut.",
    )
    s.turn(
        "pardon, tarif étudiant 60 €, le labex subventionne la différence",
        "Corrigé : tarif étudiant 60 €, plein tarif 240 €. La différence est couverte par le labex ; je l'inscris au budget comme « bourses étudiants ».",
        fix=[("tarif étudiant 90 €", "tarif étudiant 60 €")],
    )
    s.turn(
        "bloc hotel au Mercure Perrache, ils ont répondu ?",
        "Oui : **60 chambres** les nuits du 1er, 2 et 3 octobre au Mercure Lyon Centre Château Perrache, **119 € la nuit** petit-déjeuner inclus, "
        "code de réservation **JLRD25**, jusqu'au 1er septembre (après, les chambres non réservées sont relâchées). Annulation gratuite jusqu'à 72 h.",
        calls=[("email", {"action": "read", "from": "groupes@mercure-lyon-perrache.fr", "latest": True}, hotel_mail())],
        facts=[T("JLRD25"), T("119 € la nuit", "119 €/nuit")],
    )
    s.turn(
        "qui a déjà réservé à l'hôtel avec le code ?",
        "Rooming list au 20/08 : 52 chambres réservées sur les 60 du bloc ; les 8 restantes seront relâchées le 1er septembre. Je peux relancer "
        "les inscrits qui n'ont pas d'hébergement.",
        calls=[("email", {"action": "read", "from": "groupes@mercure-lyon-perrache.fr", "subject": "Rooming list"}, rooming_list(rng))],
    )
    s.turn(
        "Ingrid asked us to book her flight, she flies from Trondheim on the 1st. cheapest reasonable one",
        "Booked option 2, the one Ingrid picked herself in her email: KL1176 Trondheim → Amsterdam, then **KL1987** Amsterdam → Lyon, arriving LYS "
        "21:40 on 1 Oct. 368 EUR, PNR 6QWX2T, on the \"keynotes - déplacements\" line. She'll need a taxi or the Rhônexpress at that hour. "
        "From her email: vegetarian, lavalier mic, she'd like 10 min on stage the evening before to test her demo video.",
        calls=[("email", {"action": "read", "from": "i.halvorsen@ntnu.no", "latest": True},
                "From: Ingrid Halvorsen <i.halvorsen@ntnu.no>\nSubject: JLRD travel\n\nHi Claire and Ben,\nhappy to come! Could you book my flight? I'd "
                "fly from Trondheim on Wednesday 1 October; the option via Amsterdam arriving in the evening is perfect (I teach until 11). "
                "Practical things: I'm vegetarian, I prefer a lavalier microphone, and if possible I'd like 10 minutes on stage the evening "
                "before to test my demo video (it has sound). My talk title: \"Soft machines that feel: skins, sensing and control\".\n"
                "Looking forward to Lyon!\nIngrid"),
               ("flights", {"from": "TRD", "to": "LYS", "date": "2025-10-01", "adults": 1}, flights())],
        facts=[T("KL1987"), T("6QWX2T")],
    )
    s.turn(
        "fais un premier jet du programme",
        "Premier jet ci-dessous (version interne, en français ; la version publique sera en anglais). Les keynotes sont seules sur leur créneau, "
        "aucune session parallèle en même temps.",
        calls=[("docs", {"action": "create", "title": "JLRD25 programme v1"}, programme("9h15", "Kwame Mensah", "Brasserie Georges"))],
    )
    s.turn(
        "le labex ajoute 4 000, budget total 52 000 €",
        "Budget mis à jour : **52 000 €** au total. Ça laisse de la marge pour la captation vidéo et les bourses étudiants.",
        fix=[("48 000 €", "52 000 €")],
    )
    s.turn(
        "devis captation vidéo : on filme que les keynotes, pas les sessions",
        "Devis du service audiovisuel de l'INSA pour les **deux keynotes seulement** : 2 400 € HT (2 880 € TTC) : 2 caméras, régie, montage, mise "
        "en ligne sous 10 jours. Filmer aussi les sessions aurait coûté 6 900 € HT. Leur fiche technique demande le consentement écrit des keynotes "
        "pour la captation, et la remise des slides au speaker-ready (salle 118) avant chaque session.",
        calls=[("email", {"action": "read", "from": "audiovisuel@insa-lyon.fr", "latest": True},
                "Objet : Devis captation JLRD 2025\nOption A - keynotes uniquement (2 x 1h30) : 2 400 € HT - 2 caméras, régie son, montage, "
                "mise en ligne sous 10 jours ouvrés.\nOption B - keynotes + 8 sessions orales : 6 900 € HT.\nOption C - streaming live en plus : +1 150 € HT par jour.\n"
                "Amphi Émilie du Châtelet équipé de la captation fixe : pas de frais d'installation.\nService audiovisuel INSA Lyon"),
               ("docs", {"action": "read", "title": "fiche technique AV JLRD 2025"}, av_rider())],
        facts=[CHOICE("on filme que les keynotes", "captation des keynotes seulement", "keynotes only"), T("2 400 € HT")],
    )
    s.turn(
        "keynote du vendredi : Sofía Ruiz-Tagle, Kwame a un conflit avec une réunion ERC. elle a dit oui ce matin",
        "Super nouvelle ! Keynote du vendredi 3 octobre : **Sofía Ruiz-Tagle**. Je mets à jour le programme et le site, et je lui prépare le mail "
        "logistique (titre, bio, photo, besoins techniques, déplacement).",
        fix=[("Kwame Mensah", "Sofía Ruiz-Tagle")],
    )
    s.turn(
        "elle a envoyé son titre et sa bio, regarde",
        "Titre : **« Growing robots: plant-inspired soft actuators »**. Elle vient de l'IIT Genova (Bioinspired Soft Robotics), arrive en train "
        "de Turin le 2 octobre au soir, et demande un micro-cravate et une démo sur table (un petit robot-racine).",
        calls=[("email", {"action": "read", "from": "sofia.ruiztagle@iit.it", "latest": True},
                "From: Sofía Ruiz-Tagle <sofia.ruiztagle@iit.it>\nSubject: Re: JLRD 2025 keynote\n\nDear Claire,\nthank you again for the invitation. "
                "Title: \"Growing robots: plant-inspired soft actuators\"\nShort bio: Sofía Ruiz-Tagle leads the Bioinspired Soft Robotics lab at IIT Genova. "
                "Her work on growing and root-like robots received an ERC Consolidator grant in 2023.\nTravel: I will take the train Torino - Lyon Part-Dieu on "
                "2 October (arrival 19:52), so I can join the dinner. One night is enough.\nTech: lavalier microphone please, and a small table for a live demo.\n"
                "Best,\nSofía")],
        facts=[T("Growing robots: plant-inspired soft actuators")],
    )
    s.turn(
        "keynotes à 9h30, le premier tram depuis perrache arrive trop juste sinon",
        "D'accord : les deux keynotes à 9h30. Avec les travaux sur le T1 (fréquence réduite à 12 min), quelqu'un qui part de Perrache à 8h26 "
        "arrive à 9:08 ; une demi-heure plus tard ça passe sans stress. L'accueil reste à 8h30, ce qui laisse une heure pour les badges et le café. La session de 11h00 ne bouge pas.",
        calls=[("web", {"url": "https://www.tcl.fr/itineraires?from=Perrache&to=INSA-Einstein&date=2025-10-02&arrive_by=08:45"},
                "TCL - itinéraires Perrache -> INSA - Einstein, jeudi 02/10/2025\n" + "\n".join(
                    f"  départ {h:02d}:{m:02d}  T2 Perrache -> Part-Dieu Villette puis T1 -> INSA-Einstein  arrivée {h2:02d}:{m2:02d}  ({d} min, 1 correspondance)"
                    for h, m, h2, m2, d in [(7, 2, 7, 41, 39), (7, 14, 7, 55, 41), (7, 26, 8, 6, 40), (7, 38, 8, 19, 41), (7, 50, 8, 31, 41),
                                            (8, 2, 8, 44, 42), (8, 14, 8, 57, 43), (8, 26, 9, 8, 42), (8, 38, 9, 19, 41), (8, 50, 9, 31, 41),
                                            (9, 2, 9, 43, 41)])
                + "\n\ninfo trafic : travaux sur la ligne T1 entre Charpennes et Croix-Luizet du 29/09 au 10/10, fréquence réduite à 12 min"
                + "\nalternative : métro A Perrache -> Charpennes puis bus C17 (+8 min)")],
        fix=[("9h15", "9h30")],
    )
    s.turn(
        "point sur les inscriptions",
        "**163 inscrits** (export du 15/09), pour une jauge de 180. Dîner de gala : 112 oui. Régimes : végétarien 52, vegan 19, viande 37, poisson 18, "
        "halal 19, sans gluten 18. Quelques paiements sont encore en attente ; je peux relancer (en anglais).",
        calls=[("registration", {"action": "export", "event": "JLRD2025"}, inscriptions(rng))],
        facts=[T("163 inscrits")],
    )
    s.turn(
        "dîner de gala sur la péniche L'Hirondelle, la brasserie ne pouvait pas nous garder la salle du fond pour 112",
        "C'est noté : dîner de gala le jeudi 2 octobre sur la péniche L'Hirondelle (quai Rambaud), 112 couverts, végétarien par défaut. Leur devis : "
        "85 € TTC par personne, vin inclus, soit 9 520 € TTC, privatisation 19h30-23h30. Je mets à jour le programme et le budget.",
        calls=[("email", {"action": "read", "from": "evenements@peniche-hirondelle.fr", "latest": True}, peniche_quote())],
        fix=[("Brasserie Georges", "péniche L'Hirondelle")],
    )
    s.turn(
        "best paper : le mieux noté par les reviewers, pas de vote du public",
        "D'accord : le prix best paper va au papier avec la meilleure moyenne de reviews, sans vote du public. Aujourd'hui c'est #088 (4.67). "
        "Annonce à la clôture du vendredi.",
        facts=[CHOICE("best paper : le mieux noté par les reviewers, pas de vote du public", "best paper au mieux noté",
                      "highest reviewer score wins, no public vote")],
        recall=["#088"],
    )
    s.turn(
        "on en est où du budget",
        "Sur un budget total de 52 000 € : engagé 43 130,00 €, le gros poste étant le traiteur (11 781 €) et le dîner (9 520 €). **Reste disponible : "
        "6 870 €** hors ligne « imprévus » (2 000 €). Les sponsors (7 000 €) sont signés sauf un.",
        calls=[("sheets", {"action": "read", "sheet": "JLRD2025 - budget"}, budget_sheet(rng))],
        facts=[T("6 870 €")],
    )
    s.turn(
        "programme v2 avec tout à jour stp",
        "Programme v2 : keynotes à 9h30 (Ingrid Halvorsen jeudi, Sofía Ruiz-Tagle vendredi), dîner sur la péniche L'Hirondelle, posters dans l'atrium, "
        "aucune session parallèle pendant les keynotes.",
        calls=[("docs", {"action": "create", "title": "JLRD25 programme v2"}, programme("9h30", "Sofía Ruiz-Tagle (IIT Genova)", "péniche L'Hirondelle (quai Rambaud)"))],
    )
    s.turn(
        "traduis le programme en anglais pour le site",
        "Version anglaise mise sur le site (page Programme) : \"Thursday 2 October 2025: 08:30 registration & coffee (Les Humanités atrium), 09:30 "
        "keynote Ingrid Halvorsen (NTNU), 11:00 parallel oral sessions A1/A2, 15:30 poster session P1... Friday 3 October: 09:30 keynote Sofía Ruiz-Tagle "
        "(IIT Genova), \"Growing robots: plant-inspired soft actuators\"...\" Gala dinner on Thursday on the L'Hirondelle barge.",
    )
    s.turn(
        "les sponsors ont écrit, résume ce qu'ils veulent",
        "Résumé :\n\n- **Festo** : stand 3 × 2 m près des posters, démo bras pneumatique, prise 16 A, 2 badges\n- **Smooth-On** : pas de stand, "
        "échantillons dans les tote bags (livraison 29/09) ; ils demandent 5 min en plénière\n- **Formlabs** : stand 2 × 2 m avec une Form 4, et "
        "ils offrent un prix « best poster »\n- **Région AURA** : 1 500 €, convention en cours, logo à l'écran d'accueil\n\nPour Smooth-On, je "
        "proposerais un remerciement en clôture plutôt que 5 min en plénière, pour protéger les créneaux keynotes.",
        calls=[("email", {"action": "read_folder", "folder": "Sponsors"}, sponsors_mails())],
    )
    s.turn(
        "Ben wants to know who chairs which session. make a proposal, seniors for the keynotes",
        "Proposal (Ben can shuffle):\n\n- keynote Thu: you (Claire) introduce Ingrid; keynote Fri: Ben introduces Sofía\n- A1 pneumatic actuators: "
        "Elena Rossi (IIT) · A2 sensing: Lars Andersen (KTH)\n- A3 control: Ben · A4 materials: Yuki Tanaka (Tokyo)\n- B1 grippers: Hugo Girard (INSA) · "
        "B2 bio-hybrid: Priya Chen (Imperial)\n- B3 locomotion: Mateo García (SSSA) · B4 fabrication: Anna Novak (TU Delft)\n- posters P1/P2: the two PhD "
        "reps of the organising committee.",
    )
    s.turn(
        "liste des bénévoles ?",
        "40 bénévoles inscrits (M1/M2, doctorants, post-docs). Répartition actuelle : accueil/badges, micros amphi, pauses, posters, fléchage, régie amphi Ouest. "
        "Il manque une personne au micro de l'amphi Émilie du Châtelet le vendredi ; je peux relancer la liste.",
        calls=[("sheets", {"action": "read", "sheet": "JLRD2025 - bénévoles"}, benevoles(rng))],
    )
    s.turn(
        "un auteur du #041 écrit pour demander qui a fait la review 2, il est pas content",
        "Réponse proposée (en anglais), sans aucun nom : les noms des reviewers ne sortent jamais.\n\n\"Dear author, thank you for your message. JLRD follows a double-blind process and "
        "reviewer identities are never disclosed. We have forwarded your comments on Review 2 to the programme committee, who will consider them...\"",
        recall=["ne jamais révéler les noms des reviewers aux auteurs"],
    )
    s.turn(
        "numérote les grilles des posters",
        "Plan de l'atrium : 30 posters P1 sur les grilles G01-G15 (faces a/b), 30 posters P2 sur G16-G30, et G31-G40 pour les sponsors et la démo de Sofía.",
        calls=[("docs", {"action": "create", "title": "JLRD2025 plan posters"}, poster_boards(rng))],
    )
    s.turn(
        "paiements en attente, on relance ?",
        "23 inscriptions en attente. La moitié attendent un bon de commande de leur université, ce qui est normal ; je relance (en anglais) "
        "les cartes refusées et les plus anciennes, sans toucher aux bons de commande en cours.",
        calls=[("registration", {"action": "pending_payments", "event": "JLRD2025"}, pending_payments(rng))],
    )
    s.turn(
        "badges : nom, affiliation, et une pastille de couleur pour le régime au dîner",
        "Maquette des badges (recto en anglais) : nom en gros, affiliation dessous, logo JLRD 2025, et au verso une pastille : vert = végétarien, "
        "jaune = vegan, bleu = poisson, rouge = viande, violet = halal, orange = sans gluten. 163 badges + 20 vierges à imprimer.",
    )
    s.turn(
        "sofia reste combien de nuits, on lui réserve où",
        "Une seule nuit, celle du 2 au 3 octobre, au Mercure Perrache sur le bloc (119 € la nuit). Elle arrive à Part-Dieu à 19:52, à temps pour le dîner "
        "sur la péniche.",
        recall=["119 € la nuit"],
    )
    s.turn(
        "les slides d'intro je les fais en français, c'est chez nous",
        "Je vous déconseille : vous aviez posé la règle « tout le matériel public en anglais », slides d'intro comprises, et une bonne partie du public "
        "(Ingrid, Sofía, plusieurs sessions) ne parle pas français. Compromis : slides en anglais, et vous pouvez accueillir la salle à l'oral en "
        "français d'abord.",
        recall=["tout le matériel public en anglais"],
    )
    s.turn(
        "ok ok. wifi pour les externes ?",
        "Eduroam marche pour la plupart des universitaires. Pour les autres, j'ai demandé à la DSI 60 comptes invités « INSA-Invites », valables "
        "du 2 octobre 7h au 3 octobre 21h : ils sont arrivés, je les fais imprimer sur des cartes glissées dans les badges.",
        calls=[("email", {"action": "read", "from": "dsi-invites@insa-lyon.fr", "latest": True}, wifi_codes(rng))],
    )
    s.turn(
        "le traiteur demande le nombre final de repas",
        "Sur 163 inscrits, plus ~12 keynotes, chairs et bénévoles non inscrits : **175 repas par jour**. Répartition : végétarien par défaut (52 + vegan 19 + "
        "ceux sans préférence), viande 37, poisson 18, halal 19, sans gluten 18, sur liste nominative. Le devis était basé sur 170 : +5 × 2 jours × 31,50 € HT.",
        recall=["31,50 € HT", "menu végétarien par défaut"],
    )
    s.turn(
        "envoie-leur",
        "Envoyé à Les Halles Gourmandes : 175 repas par jour les 2 et 3 octobre, liste des régimes nominative en pièce jointe, code IMU-2025-RD17.",
        calls=[("email", {"action": "send", "to": "contact@halles-gourmandes.fr", "subject": "JLRD 2025 - nombre final de repas",
                          "body": "Bonjour, nombre final : 175 repas/jour les 2 et 3 octobre 2025 (liste des régimes jointe). Code IMU-2025-RD17.",
                          "attachments": ["regimes_JLRD25.csv"]}, "sent")],
    )
    s.turn(
        "rappelle-moi les dates exactes et le lieu, je remplis le formulaire de la mairie pour le fléchage",
        "Les 2 et 3 octobre 2025, campus de la Doua (LyonTech), bâtiment Les Humanités : amphi Émilie du Châtelet, amphi Ouest et atrium.",
        recall=["2 et 3 octobre 2025", "campus de la Doua"],
    )
    s.turn(
        "et la jauge max qu'on avait fixée",
        "180 participants max ; on est à 163 inscrits.",
        recall=["180 participants", "163 inscrits"],
    )
    s.turn(
        "le grand amphi fait combien de places déjà",
        "L'amphi Émilie du Châtelet fait 312 places, largement assez pour les plénières.",
        recall=["312 places"],
    )
    s.turn(
        "numéro de la résa des salles, le gestionnaire de site le demande",
        "RES-DOUA-25-0917 (amphi Émilie du Châtelet, amphi Ouest, atrium Les Humanités, salle 118, les deux jours).",
        recall=["RES-DOUA-25-0917"],
    )
    s.turn(
        "ingrid arrive à quelle heure et par quel vol, je dois envoyer un taxi",
        "Le 1er octobre, vol KL1987 d'Amsterdam, arrivée à Lyon Saint-Exupéry à 21:40.",
        recall=["KL1987"],
    )
    s.turn(
        "le code pour l'hôtel, un participant l'a perdu",
        "JLRD25, au Mercure Lyon Centre Château Perrache (119 € la nuit). Attention, le bloc était garanti jusqu'au 1er septembre : il faut voir avec "
        "l'hôtel s'il reste des chambres à ce tarif.",
        recall=["JLRD25"],
    )
    s.turn(
        "le code budgétaire pour la facture du traiteur ?",
        "IMU-2025-RD17.",
        recall=["IMU-2025-RD17"],
    )
    s.turn(
        "Ben asks: who are the two keynotes, and is there anything else in the 9h30 slot?",
        "Thursday: Ingrid Halvorsen (NTNU); Friday: Sofía Ruiz-Tagle (IIT Genova). Both at 9h30 in amphi Émilie du Châtelet, and nothing else runs "
        "then: no parallel sessions during keynotes, as you both decided.",
        recall=["Ingrid Halvorsen", "Sofía Ruiz-Tagle", "pas de sessions parallèles pendant les keynotes"],
    )
    s.turn(
        "merci, on y est presque !",
        "Avec plaisir ! Restent : confirmer la dernière convention sponsor, relancer les paiements en attente, imprimer les badges, et commander les 60 "
        "codes wifi invités. Bon courage pour la dernière ligne droite.",
    )
    return s.write(out)


# == 6. roastery_en: a small coffee roaster's stock, roasting, wholesale and shop orders ===========

ORIGINS = [
    ("ETH", "Ethiopia", ["Guji Hambela", "Yirgacheffe Konga", "Sidama Bensa", "Limu Gera", "Guji Uraga"]),
    ("COL", "Colombia", ["Huila Pitalito", "Nariño La Florida", "Cauca Inzá", "Tolima Planadas"]),
    ("BRA", "Brazil", ["Cerrado Mineiro", "Mogiana Alta", "Sul de Minas Carmo"]),
    ("KEN", "Kenya", ["Nyeri Gatomboya", "Kirinyaga Kii"]),
    ("GUA", "Guatemala", ["Huehuetenango La Libertad", "Antigua San Miguel"]),
    ("PER", "Peru", ["Cajamarca San Ignacio", "Cusco Quillabamba"]),
    ("RWA", "Rwanda", ["Nyamasheke Gitesi", "Huye Mountain"]),
    ("HON", "Honduras", ["Santa Bárbara El Cedro", "Marcala"]),
]
IMPORTERS = ["Falcon Specialty", "Omwani", "DR Wakefield", "Condesa Co-Lab", "Mercanta", "InterAmerican"]


def green_stock(rng: random.Random, after: bool = False) -> str:
    rows = []
    n = 1000
    for code, country, farms in ORIGINS:
        for farm in farms:
            for _ in range(rng.randint(3, 6)):
                n += rng.randint(3, 40)
                lot = f"GC-{code}-{n}"
                if lot == "GC-ETH-2291":
                    n += 1
                    lot = f"GC-{code}-{n}"
                kg = round(rng.uniform(0, 420) * 2) / 2
                rows.append((lot, country, farm, rng.choice(["washed", "natural", "honey", "anaerobic natural"]),
                             rng.choice(IMPORTERS), f"{kg:.1f} kg", f"{rng.choice([2024, 2025])}-{rng.randint(1, 12):02d}",
                             rng.choice(["yes", "no", "no"]), rng.choice(["A2", "A3", "B1", "B2", "C1", "C4"])))
    eth = ("GC-ETH-2291", "Ethiopia", "Guji Hambela", "washed", "Falcon Specialty",
           "112.0 kg" if after else "143.5 kg", "2024-11", "yes", "A1")
    rows.insert(3, eth)
    rows.append(("GC-COL-DEC-0418", "Colombia", "Huila (Swiss Water decaf)", "SWP decaf", "DR Wakefield",
                 "96.0 kg" if after else "118.0 kg", "2024-12", "NO - not certified", "D1"))
    rows.append(("GC-BRA-5102", "Brazil", "Cerrado Mineiro", "natural", "DR Wakefield", "390.0 kg" if after else "420.0 kg", "2025-01", "no", "A4"))
    rows.append(("GC-COL-5117", "Colombia", "Huila Pitalito", "washed", "Condesa Co-Lab", "244.0 kg" if after else "262.0 kg", "2025-01", "no", "A5"))
    title = "green stock (sheet 'Green - live')" + (" after this week's roasts" if after else "")
    return title + "\n" + csv_text(["lot", "origin", "farm/region", "process", "importer", "on hand", "arrival", "organic", "rack"], rows)


def shop_orders(rng: random.Random) -> str:
    rows = []
    products = [("House Blend 250g", 950), ("House Blend 1kg", 3100), ("Guji Hambela 250g", 1250), ("Huila Pitalito 250g", 1100),
                ("Swiss Water Decaf 250g", 1050), ("Nyeri Gatomboya 250g", 1450), ("Espresso Kiln 250g", 1000), ("Subscription 2x250g", 1900)]
    total = 0
    for k in range(4980, 5140):
        items = rng.sample(products, rng.randint(1, 3))
        amount = sum(p[1] for p in items)
        ship = 0 if amount >= 3000 else 395
        status = rng.choice(["fulfilled", "fulfilled", "fulfilled", "unfulfilled", "refunded"])
        city = rng.choice(["Leeds", "Leeds", "York", "Manchester", "Sheffield", "London", "Bristol", "Harrogate", "Glasgow", "Newcastle"])
        note = ""
        if k == 5123:
            status, note, city = "on hold", "address incomplete: no house number", "Otley"
        rows.append((f"#{k}", f"2025-05-{rng.randint(1, 31):02d}", " + ".join(p[0] for p in items), f"£{(amount + ship) / 100:.2f}",
                     city, status, note))
        if status != "refunded":
            total += amount + ship
    return ("shopify export: orders May 2025 (kilnlanecoffee.co.uk)\n"
            + csv_text(["order", "date", "items", "total", "ship city", "status", "note"], rows)
            + f"\n\nMay 2025 gross sales (excl. refunds): £18,406.20 | orders: {len(rows)} | AOV £{18406.20 / len(rows):.2f}")


def roast_log(rng: random.Random) -> str:
    lines = ["Artisan log: 2025-06-03_ETH-GUJI-L2_batch3.alog (Giesen W15, operator: Callum)",
             "green: GC-ETH-2291 Guji Hambela washed, charge 12.0 kg, moisture 10.2 %, density 0.71 g/ml",
             "profile target: ETH-GUJI-L2 (light filter)", "", "time   BT °C   ET °C   RoR °C/min  gas %  airflow %  event"]
    bt, et = 205.0, 235.0
    for s in range(0, 660, 15):
        if s == 0:
            ev = "CHARGE"
        elif s == 90:
            ev = "TP"
        elif s == 285:
            ev = "DRY END"
        elif s == 495:
            ev = "FC START"
        elif s == 615:
            ev = ""
        else:
            ev = ""
        if s < 90:
            bt -= rng.uniform(18, 28)
        else:
            bt += max(2.0, (17 - s / 60) * 0.25 * rng.uniform(0.9, 1.1))
        et += rng.uniform(-1.5, 1.8)
        ror = 0 if s < 90 else max(4.0, 18 - s / 45)
        lines.append(f"{s // 60:02d}:{s % 60:02d}  {bt:6.1f}  {et:6.1f}  {ror:9.1f}  {rng.choice([55, 60, 65, 70, 50, 45]):>5}  {rng.choice([40, 45, 50, 55]):>9}  {ev}")
    lines += ["11:03  206.5   231.4        3.9     30         60  DROP",
              "", "summary: drop temp 206.5 °C, total 11:03, FC at 08:15, development 2:48 (25.3 %), weight loss 13.9 %, Agtron 68",
              "cupping note (Callum): jasmine, bergamot, peach; slightly thin at 206 - try 207 next"]
    return "\n".join(lines)


def falcon_thread() -> str:
    return """From: accounts@falconspecialty.co.uk
To: hello@kilnlanecoffee.co.uk
Subject: RE: Invoice INV-77120 - short delivery

Hi Niamh,
Thanks for flagging. Our warehouse shows 10 x 60 kg bags of Guji Hambela (lot FS-ET-24-188) dispatched on pallet
PLT-0931, but the driver's POD signed at your unit lists 7 bags. We have opened a claim with the haulier (ref HX-55210).
Invoice INV-77120 (£4,732.80 incl. VAT) covers 10 bags; we can issue a credit note for 3 bags (£1,419.84) once the
haulier confirms, usually 10-14 days. Please don't pay the invoice until then, we've put it on hold.
Kind regards, Tasha - Falcon Specialty Accounts

> From: hello@kilnlanecoffee.co.uk
> We received 7 bags, not 10. Photos of the pallet and the signed POD attached."""


def wakefield_list(rng: random.Random) -> str:
    lines = ["DR Wakefield - spot offer list, week 23 (GBP/kg ex-warehouse Tilbury/Leeds, 60/69/70 kg bags)",
             "ref       origin        region / producer                         process            score  price/kg  bags  organic"]
    for code, country, farms in ORIGINS:
        for _ in range(rng.randint(8, 13)):
            lines.append(f"DRW-{rng.randint(10000, 99999)} {country:<13} {rng.choice(farms) + ' ' + rng.choice(['co-op', 'estate', 'smallholders', 'washing station', 'lot ' + str(rng.randint(1, 40))]):<41} "
                         f"{rng.choice(['washed', 'natural', 'honey', 'anaerobic', 'wet-hulled']):<18} {rng.uniform(82, 89):.2f}  "
                         f"£{rng.uniform(5.4, 12.9):.2f}    {rng.randint(1, 60):>3}  {rng.choice(['yes', 'no', 'no', 'no'])}")
    lines.append("\nall prices excl. VAT; samples free for listed lots; delivery to Leeds 2-4 working days")
    return "\n".join(lines)


def quotes_eth() -> str:
    return """importer offers: washed Ethiopia, 2024/25 crop, 60 kg bags, ex-warehouse UK (GBP/kg, excl. VAT)

importer          lot / coffee                               score  price/kg   min order  arrival   organic
Omwani            Guji Shakiso, Ardi washed (Kayon Mtn)      87.25  £7.85/kg   2 bags     in UK     yes
DR Wakefield      Yirgacheffe Aricha washed                  86.50  £8.40/kg   1 bag      in UK     no
Mercanta          Sidama Bensa Shantawene washed             88.00  £9.90/kg   1 bag      July      no
InterAmerican     Guji Uraga washed                          86.00  £7.60/kg   5 bags     in UK     no
Condesa Co-Lab    Limu Gera washed                           85.75  £7.20/kg   3 bags     August    no
(Falcon Specialty: not asked, on hold until the INV-77120 dispute is settled)

notes: Omwani pays a 4 % social premium back to the washing station; sample roasted 2025-06-04 on the sample roaster,
cupped 87 by Callum (stone fruit, black tea). Omwani can deliver to LS6 within 3 working days."""


def wholesale_invoice() -> str:
    return """KILN LANE COFFEE ROASTERS LTD - Unit 4, Kiln Lane, Leeds LS6 2QT - VAT GB 384 1126 07
INVOICE KL-2025-0342          date: 06/06/2025          terms: net 30 (due 06/07/2025)
bill to: Hollow Oak Café, 22 Otley Road, Headingley, Leeds LS6 3PX

item                                   qty     unit price    net
House Blend 1kg (wholesale)            12 kg   £24.50/kg     £294.00
Guji Hambela 1kg (wholesale)            4 kg   £29.00/kg     £116.00
Swiss Water Decaf 1kg (wholesale)       2 kg   £26.00/kg      £52.00
delivery (local van, Thursday)          1      £0.00           £0.00
                                                     net       £462.00
                                                     VAT 20%    £92.40
                                                     total     £554.40
payment: BACS to Kiln Lane Coffee Roasters Ltd, sort code 40-**-**, acc ****8812, ref KL-2025-0342"""


def dpd_tracking(rng: random.Random) -> str:
    lines = ["DPD Local: shipments collected 2025-06-10 (account 1880-KLC)", "parcel number    order   service      postcode   status"]
    for k in range(80):
        lines.append(f"{rng.randint(15500000000000, 15599999999999)}   #{rng.randint(5140, 5230)}   Next Day     "
                     f"{rng.choice(['LS', 'M', 'S', 'YO', 'BS', 'SW', 'G', 'NE'])}{rng.randint(1, 28)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}   "
                     f"{rng.choice(['delivered', 'delivered', 'delivered', 'out for delivery', 'at depot'])}")
    return "\n".join(lines)


def wholesale_accounts(rng: random.Random) -> str:
    rows = [("Hollow Oak Café", "Headingley", "18 kg/week", "net 30", "£24.50/kg", "Thu van")]
    names = ["Brew & Bramble", "The Long Table", "Calder Cycle Café", "Rooted Kitchen", "Platform 3 Espresso", "Mill Race Deli",
             "Northern Grind", "Little Owl Bakery", "Sable Books & Coffee", "Corn Exchange Kiosk", "Wharf St. Canteen",
             "Greenhow Gym Café", "Ivy House Co-working", "Shaw Lane Bakehouse"]
    for n in names:
        rows.append((n, rng.choice(["Leeds city", "Chapel Allerton", "Meanwood", "Kirkstall", "Harrogate", "Otley", "Ilkley", "Wakefield"]),
                     f"{rng.randint(3, 12)} kg/{rng.choice(['week', 'fortnight'])}", rng.choice(["net 14", "pro forma", "net 14"]),
                     f"£{rng.choice([24.50, 25.00, 25.50, 26.00]):.2f}/kg", rng.choice(["Tue van", "Thu van", "DPD"])))
    return "wholesale accounts\n" + table(["account", "area", "standing order", "terms", "house price", "delivery"], rows)


def monthly_report(rng: random.Random) -> str:
    lines = ["month-end June 2025 (draft) - Kiln Lane Coffee Roasters", "",
             "roasted: 1,044 kg in 87 batches of 12 kg (Tue/Thu, no Sunday roasting), avg weight loss 14.1 %",
             "green used (kg):"]
    for code, country, farms in ORIGINS:
        if code == "KEN":
            lines.append(f"  {country:<10} 0.0   (removed from menu 2025-06-05)")
            continue
        lines.append(f"  {country:<10} {rng.uniform(40, 340):.1f}")
    lines += ["", "sales:", "  shop (Shopify)       £19,212.40", "  wholesale (15 acc.)  £11,876.00", "  café counter         £2,310.75",
              "", "top shop SKUs:"]
    for sku in ["House Blend 250g", "Guji Hambela 250g", "Subscription 2x250g", "Espresso Kiln 250g", "Swiss Water Decaf 250g", "House Blend 1kg"]:
        lines.append(f"  {sku:<26} {rng.randint(120, 640)} units")
    lines += ["", "shipping: DPD Next Day 612 parcels, 0 lost, 3 damaged (claims filed); no Friday dispatches",
              "open items: Falcon INV-77120 credit note pending; Omwani invoice OM-25-1190 paid"]
    return "\n".join(lines)


SKUS = ["House Blend", "Espresso Kiln", "Guji Hambela", "Huila Pitalito", "Swiss Water Decaf", "Nyeri Gatomboya",
        "Cerrado Mineiro", "Cajamarca San Ignacio", "Nyamasheke Gitesi"]


def roasted_stock(rng: random.Random) -> str:
    rows = []
    for sku in SKUS:
        for size in ("250g", "1kg"):
            for _ in range(rng.randint(2, 5)):
                day = rng.randint(12, 31)
                rows.append((f"{sku} {size}", f"RB-{rng.randint(2500, 2999)}", f"2025-05-{day:02d}",
                             rng.randint(0, 60) if size == "250g" else rng.randint(0, 14),
                             "shelf" if rng.random() < 0.7 else "wholesale hold", f"2025-{8 + (day > 20):02d}-{day:02d}"))
    rows.sort()
    return ("shopify inventory + roast batches (bagged stock, 'best before' = roast + 3 months)\n"
            + table(["product", "roast batch", "roasted", "bags", "location", "best before"], rows)
            + "\n\nrule on sheet: sell oldest roast date first; bags older than 6 weeks -> café counter / staff")


def inbox_en(rng: random.Random) -> str:
    rows = []
    subjects = ["Re: wholesale enquiry", "order #5071 arrived burst", "subscription pause", "Leeds Indie Food festival - stall info",
                "invoice query", "decaf - is it organic?", "grinder recommendation?", "your guji is amazing", "change delivery day",
                "sample request (new café in Ilkley)", "DPD: failed delivery", "Omwani: shipping confirmation", "VAT return reminder",
                "Shopify: payout sent", "Re: espresso recipe"]
    for _ in range(44):
        rows.append((f"2025-06-{rng.randint(1, 11):02d}", rng.choice(["customer", "wholesale", "supplier", "shopify", "hmrc", "events"]),
                     rng.choice(subjects), rng.choice(["unread", "unread", "read"])))
    rows.sort()
    body = """
--- opened: "order #5071 arrived burst" ---
From: j.okoro@gmail.com
Hi, my House Blend 1kg bag arrived split down the side, coffee all over the box. The outer box looked fine. Photo attached.
Can you send a replacement? Order #5071. Thanks, Joy"""
    return "hello@kilnlanecoffee.co.uk - inbox (last 11 days)\n" + table(["date", "type", "subject", "status"], rows) + body


def cupping(rng: random.Random) -> str:
    rows = []
    for k in range(1, 61):
        lot = rng.choice(["GC-ETH-2291", "OMW-sample-Shakiso", "GC-BRA-5102", "GC-COL-5117", "GC-COL-DEC-0418", "GC-PER-1344", "GC-RWA-1398"])
        rows.append((f"C{k:03d}", lot, rng.choice(["production", "production", "sample"]), f"{rng.uniform(8.2, 13.5):.1f} kg" if rng.random() < 0.8 else "0.15 kg",
                     f"{rng.uniform(82.0, 88.5):.2f}", rng.choice(["clean", "clean", "slightly baked", "underdeveloped", "clean, sweet"]),
                     rng.choice(["Callum", "Callum", "Niamh"])))
    return "QC cupping log, week 23 (SCA form, 3 cups per sample)\n" + table(["cup id", "lot", "type", "batch", "score", "note", "cupper"], rows)


def subscriptions(rng: random.Random) -> str:
    rows = []
    for k in range(1, 121):
        rows.append((f"SUB-{3000 + k}", rng.choice(["2x250g monthly", "1x250g fortnightly", "1kg monthly", "2x250g fortnightly"]),
                     rng.choice(["active", "active", "active", "active", "paused", "cancelled"]),
                     rng.choice(["roaster's choice", "house", "single origin", "decaf"]),
                     f"2025-06-{rng.randint(12, 30):02d}", rng.choice(["LS", "M", "S", "YO", "HG", "BD", "WF"]) + str(rng.randint(1, 29))))
    active = sum(1 for r in rows if r[2] == "active")
    return ("shopify subscriptions (Recharge export)\n" + table(["id", "plan", "status", "coffee", "next charge", "postcode"], rows)
            + f"\n\n{active} active, {sum(1 for r in rows if r[2] == 'paused')} paused, {sum(1 for r in rows if r[2] == 'cancelled')} cancelled")


def receivables(rng: random.Random) -> str:
    rows = []
    names = ["Hollow Oak Café", "Brew & Bramble", "The Long Table", "Calder Cycle Café", "Rooted Kitchen", "Platform 3 Espresso",
             "Mill Race Deli", "Northern Grind", "Little Owl Bakery", "Sable Books & Coffee", "Wharf St. Canteen"]
    for k in range(26):
        n = rng.choice(names)
        days = rng.randint(0, 45)
        rows.append((f"KL-2025-0{rng.randint(250, 339)}", n, f"£{rng.uniform(80, 640):.2f}", f"{days} d",
                     "overdue" if (days > 30 if n == "Hollow Oak Café" else days > 14) else "open"))
    rows.append(("KL-2025-0342", "Hollow Oak Café", "£554.40", "0 d", "open"))
    return "xero: aged receivables (wholesale)\n" + table(["invoice", "customer", "amount", "age", "status"], rows)


def festival_mail() -> str:
    return """From: traders@leedsindiefood.co.uk
Subject: Leeds Indie Food - trader pack (Sat 21 & Sun 22 June)

Hi Kiln Lane! You're confirmed for pitch C14 (3x3 m, gazebo provided), Millennium Square.
Set-up: Sat from 7:30, trading 10:00-20:00 both days. One 13 A socket per pitch (max 2.5 kW - an espresso machine
needs a dedicated supply: book one via the form, £45). Water point by pitch C10.
Bring: food hygiene certificate, public liability insurance (min £5m), allergen sheet. Card payments recommended.
Pitch fee £260 (paid). Parking: trader permits for 1 vehicle, unload only before 9:30."""


def roastery(out: Path) -> dict[str, Any]:
    rng = random.Random(62_017)
    s = Session(
        "roastery_en",
        "en",
        "small coffee roaster: green stock, roast planning, wholesale accounts, shop orders, suppliers, shipping",
        cues=("my mistake", "i was wrong", "wrong number", "mixed up", "should have said"),
    )
    s.turn(
        "hiya, niamh here. i run kiln lane coffee, small roastery at Unit 4, Kiln Lane, leeds LS6 2QT. we roast on a Giesen W15, 15 kg batches, Callum runs the "
        "roaster. shop is on shopify at kilnlanecoffee.co.uk. need a hand keeping stock + orders straight, its chaos",
        "Hi Niamh, happy to help. Noting the basics:\n\n- Kiln Lane Coffee, Unit 4, Kiln Lane, Leeds LS6 2QT\n- roaster: Giesen W15, 15 kg batches, run by Callum\n"
        "- webshop: kilnlanecoffee.co.uk (Shopify)\n\nIf you share the green-stock sheet, the Shopify orders and your wholesale list, I can keep "
        "stock, roast plans and orders in one place. Any rules I should know first?",
        facts=[U("Unit 4, Kiln Lane"), U("LS6 2QT"), U("niamh", "Niamh"), U("Giesen W15"), U("kilnlanecoffee.co.uk")],
    )
    s.turn(
        "yeah two. no roasting on sundays, the neighbours complain about the smoke. and never sell the decaf as organic, it isnt certified even tho "
        "the farm is",
        "Both noted as hard rules:\n\n1. **No roasting on Sundays**, whatever the backlog.\n2. **Never sell or describe the decaf as organic**: "
        "the farm is organic, but the Swiss Water decaf lot isn't certified, so no organic claim on the label, listing or invoices.",
        facts=[RULE("no roasting on sundays", "no roasting on Sundays", "never roast on a Sunday"),
               RULE("never sell the decaf as organic", "decaf is not organic", "no organic claim on the decaf")],
    )
    s.turn(
        "green stock sheet is 'Green - live', have a look",
        "Green stock (sheet \"Green - live\"): lots from 8 origins, many of them small remainders. The ones that matter this week:\n\n- **GC-ETH-2291** Guji Hambela washed "
        "(Falcon Specialty): **143.5 kg**, organic, rack A1: your single-origin bestseller\n- GC-BRA-5102 Cerrado natural: 420 kg (house blend base)\n"
        "- GC-COL-5117 Huila Pitalito: 262 kg\n- GC-COL-DEC-0418 Swiss Water decaf: 118 kg, flagged **not certified** organic in the sheet too.\n\n"
        "Several lots from 2024 are sitting at 0-30 kg and could be cleared.",
        calls=[("sheets", {"action": "read", "sheet": "Green - live"}, green_stock(rng))],
        facts=[T("GC-ETH-2291"), T("143.5 kg")],
    )
    s.turn(
        "wholesale: biggest is Hollow Oak café in headingley, £24.50/kg for house, standing order 14 kg a week. hollow oak gets net 30 terms, "
        "everyone else pays in 14",
        "Noted: **Hollow Oak Café** (Headingley), house blend at £24.50/kg, standing order 14 kg a week, on net 30; every other account net 14.",
        facts=[U("Hollow Oak café", "Hollow Oak Café"), U("£24.50/kg", "£24.50 per kg"),
               CHOICE("hollow oak gets net 30 terms", "Hollow Oak on net 30", "net 30 for Hollow Oak")],
    )
    s.turn(
        "plan this weeks roasts. we roast tue + thu",
        "Draft for Tue/Thu with 15 kg batches (≈12.9 kg roasted out after ~14 % loss):\n\n- **Tue**: 4 × house blend, 2 × Guji Hambela, 1 × decaf, "
        "1 × Huila\n- **Thu**: 3 × house blend, 1 × Guji, 1 × espresso Kiln\n\nThat covers the shop backlog, Hollow Oak's 14 kg a week and the other "
        "wholesale orders, with a small buffer of house blend. Nothing on Sunday.",
    )
    s.turn(
        "pull the shopify orders for may, anything weird?",
        "May: 160 orders, **gross £18,406.20** excluding refunds. Weird ones:\n\n- **#5123** (Otley) is on hold: *address incomplete: no house number*. "
        "Needs a quick email to the customer.\n- a handful of refunds, mostly early in the month\n- ~20 unfulfilled, the most recent days.",
        calls=[("shopify", {"action": "export_orders", "from": "2025-05-01", "to": "2025-05-31"}, shop_orders(rng))],
        facts=[T("#5123"), T("£18,406.20")],
    )
    s.turn(
        "email #5123 for the house number. retail 250g bags are £9.50 btw, vat no is GB 384 1126 07 if anything needs it",
        "Emailed the customer of #5123 asking for the house number; the order stays on hold until they reply. Also noted: retail 250g bags at £9.50, "
        "VAT number GB 384 1126 07.",
        calls=[("shopify", {"action": "email_customer", "order": "#5123", "template": "address_check"}, "email queued to customer of #5123 (template address_check)")],
        facts=[U("GB 384 1126 07", "GB384112607")],
    )
    s.turn(
        "how much roasted stock is bagged right now",
        "Bagged stock by product and roast batch is below. House Blend and Guji are healthy; a few 250g bags of Nyeri and Cerrado from mid-May are "
        "getting close to the 6-week mark and should go to the café counter first (oldest roast date first, as the sheet says).",
        calls=[("shopify", {"action": "inventory", "include_batches": True}, roasted_stock(rng))],
    )
    s.turn(
        "falcon shorted us on the last guji delivery. whats the status",
        "Falcon's accounts replied: warehouse dispatched 10 × 60 kg bags of Guji Hambela, the signed POD at your unit shows 7. They opened a "
        "haulier claim (HX-55210) and put **invoice INV-77120** (£4,732.80) on hold; a credit note for 3 bags (£1,419.84) follows once the "
        "haulier confirms, usually 10-14 days. Don't pay INV-77120 until then. (Falcon's lot ref for that Guji is FS-ET-24-188.)",
        calls=[("email", {"action": "read_thread", "from": "falconspecialty.co.uk", "latest": True}, falcon_thread())],
        facts=[T("INV-77120"), T("FS-ET-24-188")],
    )
    s.turn(
        "right. dont reorder from falcon until the invoice dispute is sorted. and 12 kg batches from now on, at 15 the small lots were tipping",
        "Noted: **no orders to Falcon** until INV-77120 is settled. And batches are 12 kg now; I've re-planned the week with 12 kg: Tue 5 × house, "
        "2 × Guji, 1 × decaf, 1 × Huila; Thu 4 × house, 2 × Guji, 1 × espresso. Same output, one more batch each day.",
        fix=[("15 kg batches", "12 kg batches")],
        facts=[RULE("dont reorder from falcon until the invoice dispute is sorted", "no orders to Falcon until INV-77120 is settled",
                    "don't reorder from Falcon")],
    )
    s.turn(
        "anything in the hello@ inbox i should deal with",
        "Mostly routine (wholesale enquiries, subscription pauses, Shopify payouts). Three need you:\n\n1. **#5071 arrived burst**: a 1kg House Blend bag "
        "split in transit; she sent a photo and wants a replacement. I'd send one and switch 1kg bags to a double box.\n2. a new café in Ilkley asks "
        "for samples\n3. \"decaf - is it organic?\": the answer is no (see your rule).",
        calls=[("email", {"action": "list", "folder": "inbox", "since": "2025-06-01"}, inbox_en(rng))],
    )
    s.turn(
        "switch the house blend to 60/40 brazil/colombia, the guatemala's getting pricey",
        "House blend is now 60 % Brazil (GC-BRA-5102 Cerrado natural) / 40 % Colombia (GC-COL-5117 Huila Pitalito). Per 12 kg batch: 7.2 kg Brazil, "
        "4.8 kg Colombia. Stock covers ~50 batches of house at that ratio.",
        facts=[CHOICE("switch the house blend to 60/40 brazil/colombia", "house blend 60/40 Brazil/Colombia", "60/40 brazil/colombia")],
    )
    s.turn(
        "callum did the guji on tuesday, look at the log, he thinks its a bit thin",
        "Batch 3, Guji (GC-ETH-2291), 12.0 kg charge: first crack at 08:15, **drop at 206.5 °C** at 11:03, development 2:48 (25.3 %), weight loss "
        "13.9 %. Development is long for a light filter roast but the drop is low; his note says thin at 206. I'd try dropping at 207-208 °C with "
        "development nearer 20 %, i.e. a bit more heat before first crack.",
        calls=[("roastlog", {"action": "open", "file": "2025-06-03_ETH-GUJI-L2_batch3.alog"}, roast_log(rng))],
        facts=[T("206.5 °C", "206.5°C")],
    )
    s.turn(
        "cupping scores this week?",
        "60 cups logged in week 23. Production lots sit at 84-87; the new Omwani sample and GC-ETH-2291 score highest. Two notes of "
        "\"underdeveloped\" on light roasts match what Callum noted about the Guji, so the slightly higher drop temperature makes sense.",
        calls=[("sheets", {"action": "read", "sheet": "QC cupping"}, cupping(rng))],
    )
    s.turn(
        "sorry, hollow oak's standing order is 18 kg a week, they upped it in may",
        "Updated: Hollow Oak Café 18 kg a week. That's ~1.5 batches of house a week just for them; the Thursday plan still covers it.",
        fix=[("14 kg a week", "18 kg a week")],
    )
    s.turn(
        "shipping. we use royal mail, Royal Mail Tracked 48 for everything. and never ship on fridays, parcels sit in depots all weekend and go stale",
        "Noted: **no dispatches on Fridays**; Friday orders go out Monday. Courier: Royal Mail Tracked 48 for all shop parcels.",
        facts=[RULE("never ship on fridays", "no dispatches on Fridays", "never ship on Fridays")],
    )
    s.turn(
        "need a new washed ethiopian (NOT from falcon). what are the options",
        "Offers for washed Ethiopians in the UK (excl. Falcon, per your rule):\n\n| importer | coffee | score | price |\n|---|---|---|---|\n"
        "| Omwani | Guji Shakiso, Ardi | 87.25 | **£7.85/kg** |\n| DR Wakefield | Yirgacheffe Aricha | 86.50 | £8.40/kg |\n"
        "| Mercanta | Sidama Bensa | 88.00 | £9.90/kg (July) |\n| InterAmerican | Guji Uraga | 86.00 | £7.60/kg (5-bag min) |\n\n"
        "Omwani is in the UK, organic, 2-bag minimum, and Callum cupped the sample at 87.",
        calls=[("email", {"action": "read_folder", "folder": "Green offers"}, quotes_eth()),
               ("web", {"url": "https://www.drwakefield.com/offer-list"}, wakefield_list(rng))],
        facts=[T("£7.85/kg")],
    )
    s.turn(
        "go with omwani, 2 bags. order it",
        "Ordered 2 × 60 kg Guji Shakiso (Ardi) from Omwani at £7.85/kg = £942.00 + VAT, delivery to Unit 4, Kiln Lane within 3 working days.",
        calls=[("email", {"action": "send", "to": "orders@omwani.com", "subject": "Order: 2 x 60kg Guji Shakiso Ardi washed",
                          "body": "Hi, please send 2 bags (120 kg) of Guji Shakiso Ardi washed at £7.85/kg to Kiln Lane Coffee, Unit 4, Kiln Lane, Leeds LS6 2QT. VAT GB 384 1126 07."}, "sent")],
        facts=[CHOICE("go with omwani", "Omwani for the new Ethiopian", "ordered from Omwani")],
    )
    s.turn(
        "omwani bags arrived, moisture meter says this. ok?",
        "Reading on the new Guji Shakiso: **10.8 %** moisture, water activity 0.56, density 0.72 g/ml. Within the usual 10-12 % for washed "
        "Ethiopians; fine to store. Logged as lot GC-ETH-2402, rack A2.",
        calls=[("sensor", {"device": "sinar-6060", "action": "last_readings", "n": 6},
                "Sinar 6060 AP - sample: OMW Guji Shakiso Ardi (2 bags)\nreading 1: 10.9 %  aw 0.56  22.4 °C\nreading 2: 10.7 %  aw 0.55  22.4 °C\n"
                "reading 3: 10.8 %  aw 0.56  22.5 °C\nreading 4: 10.8 %  aw 0.57  22.5 °C\nreading 5: 10.9 %  aw 0.56  22.5 °C\nreading 6: 10.7 %  aw 0.56  22.6 °C\n"
                "mean moisture: 10.8 %  | density (free settled): 0.72 g/ml | new lot id assigned: GC-ETH-2402, rack A2")],
        facts=[T("10.8 %", "10.8%"), T("GC-ETH-2402")],
    )
    s.turn(
        "callum's left, got a job at a big roastery in manchester. Priya runs the roaster from now on, she's been on packing. update the rota",
        "Rota updated: Priya on the Giesen Tue/Thu (roasting and QC cupping), and I've changed the roast-plan sheet's operator column to Priya. "
        "Worth one handover session on the L2 Guji profile and the 12 kg charge weights before the next Tuesday.",
        fix=[("Callum", "Priya")],
    )
    s.turn(
        "DPD Next Day from now on, royal mail lost two parcels last week. change the shopify shipping",
        "Done: Shopify shipping profile switched to **DPD Next Day** (DPD Local account 1880-KLC), £3.95 under £30, free over £30 as before. "
        "Collections Mon-Thu only, no Friday dispatches, so a Thursday order arrives Friday.",
        calls=[("shopify", {"action": "update_shipping_profile", "profile": "General", "carrier": "DPD Local", "service": "Next Day",
                            "rates": [{"under": 30, "price": 3.95}, {"over": 30, "price": 0}], "collection_days": ["Mon", "Tue", "Wed", "Thu"]},
                "shipping profile 'General' updated: DPD Local Next Day, 2 rates, collection days Mon-Thu")],
        fix=[("Royal Mail Tracked 48", "DPD Next Day")],
    )
    s.turn(
        "retail 250g goes to £10.50 from june, greens went up. update shopify",
        "Updated on Shopify: all 250g single-origin and blend bags at their new prices, House Blend 250g now £10.50 (was the lowest tier). "
        "Subscriptions renew at the new price from their next billing date, with the standard 14-day notice email.",
        calls=[("shopify", {"action": "bulk_update_prices", "filter": "size:250g", "rule": "House Blend 250g -> 10.50; others +1.00"},
                "updated 7 variants: House Blend 250g 10.50, Espresso Kiln 250g 11.00, Huila Pitalito 250g 12.00, Guji Hambela 250g 13.50, "
                "Swiss Water Decaf 250g 11.50, Nyeri Gatomboya 250g 15.50, Guji Shakiso 250g 13.50 (new)\nsubscription notices queued: 214")],
        fix=[("£9.50", "£10.50")],
    )
    s.turn(
        "invoice hollow oak for this week",
        "Invoice **KL-2025-0342** to Hollow Oak Café: 12 kg house (£24.50/kg), 4 kg Guji, 2 kg decaf = 18 kg, £462.00 net, £554.40 incl. VAT, "
        "net 30 (due 06/07/2025). The decaf line just says \"Swiss Water Decaf\", no organic wording.",
        calls=[("invoicing", {"action": "create", "customer": "Hollow Oak Café", "lines": [["House Blend 1kg", 12], ["Guji Hambela 1kg", 4], ["Swiss Water Decaf 1kg", 2]], "terms": "net 30"},
                wholesale_invoice())],
        facts=[T("KL-2025-0342")],
    )
    s.turn(
        "how many subscribers have we got, and whos paused",
        "From the Recharge export: 120 subscriptions, most of them active, with a small group paused and a few cancelled. Paused ones are mostly on "
        "2x250g monthly; after the price change to £10.50 it's worth a friendly email to the paused ones before their next charge date.",
        calls=[("shopify", {"action": "subscriptions_export"}, subscriptions(rng))],
    )
    s.turn(
        "drop the kenya from the menu, its not selling at that price",
        "Kenya (Nyeri Gatomboya) is off the menu: Shopify product set to draft, removed from the subscription rotation, and the remaining green "
        "(~60 kg) flagged for the espresso blend or a staff/sample roast.",
        calls=[("shopify", {"action": "set_status", "product": "Nyeri Gatomboya 250g", "status": "draft"}, "product 'Nyeri Gatomboya 250g' -> draft; removed from 1 collection, 0 active subscriptions affected")],
        facts=[CHOICE("drop the kenya from the menu", "Kenya off the menu", "kenya removed")],
    )
    s.turn(
        "whats our soil association licence no, a stockist wants it for the organic guji",
        "Soil Association licence **P1417** (organic processor/packer licence, valid to 31/03/2026). It covers the Guji Hambela; the decaf must stay "
        "off any organic paperwork.",
        calls=[("files", {"action": "search", "query": "soil association certificate"},
                "found: /admin/certs/SoilAssociation_certificate_2025.pdf\n[pdf text] SOIL ASSOCIATION CERTIFICATION LTD - Certificate of Registration\n"
                "Operator: Kiln Lane Coffee Roasters Ltd, Unit 4, Kiln Lane, Leeds LS6 2QT\nLicence number: P1417\nScope: processing and packing of organic roasted coffee\n"
                "Certified products: Ethiopia Guji Hambela washed (organic), Peru Cajamarca (organic)\nNot in scope: decaffeinated coffee (Swiss Water, non-certified lot)\n"
                "Valid from 01/04/2025 to 31/03/2026")],
        facts=[T("P1417")],
    )
    s.turn(
        "did #5123 reply",
        "Yes: the customer of #5123 gave the house number (14, Westbourne Rd, Otley). I updated the address, released the hold, and it goes with Monday's "
        "DPD collection (it came in on a Friday).",
        recall=["#5123"],
    )
    s.turn(
        "stock after this week's roasts",
        "After Tue/Thu (12 kg batches): Guji GC-ETH-2291 down to 112.0 kg, Brazil GC-BRA-5102 390.0 kg, Colombia GC-COL-5117 244.0 kg, decaf 96.0 kg. "
        "Nothing critical; the Guji lasts ~4 weeks at the current rate, and the Omwani Guji Shakiso (GC-ETH-2402) is in reserve.",
        calls=[("sheets", {"action": "read", "sheet": "Green - live"}, green_stock(random.Random(6_2025), after=True))],
    )
    s.turn(
        "set reorder points so i get a heads up. 4 weeks cover for the core lots",
        "Reorder alerts set on the sheet (4 weeks of cover at the last 8 weeks' usage): Brazil 5102 at 160 kg, Colombia 5117 at 110 kg, Guji 2291 at "
        "90 kg (to be replaced by Omwani lots, never Falcon while INV-77120 is open), decaf 0418 at 40 kg.",
    )
    s.turn(
        "who owes us money",
        "Aged receivables: 27 open wholesale invoices. Overdue ones are past their terms (14 days, or 30 for Hollow Oak); I'd chase those first. "
        "Hollow Oak's KL-2025-0342 (£554.40) is new and not due until 06/07.",
        calls=[("xero", {"action": "aged_receivables", "type": "wholesale"}, receivables(rng))],
    )
    s.turn(
        "list the wholesale accounts with terms",
        "15 accounts. Hollow Oak Café is the only one on net 30 (18 kg a week, £24.50/kg); the rest are net 14 or pro forma, mostly £24.50-26.00/kg, "
        "delivered by the Tue/Thu van or DPD.",
        calls=[("sheets", {"action": "read", "sheet": "Wholesale"}, wholesale_accounts(rng))],
    )
    s.turn(
        "a stockist wants to list our decaf as 'organic swiss water decaf' on their site",
        "I'd tell them no: it isn't certified, and your rule is never sell the decaf as organic. The Soil Association certificate explicitly "
        "excludes it. Suggested wording: \"Swiss Water Process decaf, Huila, Colombia. Chemical-free decaffeination.\"",
        recall=["never sell the decaf as organic"],
    )
    s.turn(
        "write that to them",
        "Sent: \"Thanks for stocking our decaf! One thing: please don't list it as organic. The farm grows organically, but our decaf lot isn't "
        "certified, so we can't make that claim. Could you use 'Swiss Water Process decaf, Huila, Colombia' instead? Thanks, Niamh.\"",
        calls=[("email", {"action": "send", "to": "buying@greenhowpantry.co.uk", "subject": "Our decaf listing", "body": "<as above>"}, "sent")],
    )
    s.turn(
        "dpd shipments from yesterday all ok?",
        "80 parcels collected on 10 June (festival pre-orders included): most delivered, a few still out for delivery or at the depot, none lost or damaged so far.",
        calls=[("dpd", {"action": "shipments", "date": "2025-06-10"}, dpd_tracking(rng))],
    )
    s.turn(
        "priya wants to roast sunday to catch up before the festival weekend",
        "I'd push back: no roasting on Sundays is your rule because of the neighbours. Alternatives: an extra Wednesday session (8 batches ≈ "
        "83 kg roasted out) or starting Thursday at 6:30 with two extra batches.",
        recall=["no roasting on sundays"],
    )
    s.turn(
        "wednesday then, 6 batches",
        "Booked Wednesday: 6 × 12 kg (4 house, 2 Guji), Priya roasting. Output ≈ 62 kg, enough for the festival stall plus the usual Thursday orders.",
    )
    s.turn(
        "festival trader pack came in, whats important",
        "Pitch **C14** on Millennium Square, Sat 21 & Sun 22 June, trading 10:00-20:00, set-up from 7:30. Key points: only one 13 A socket (2.5 kW max), "
        "so the espresso machine needs a dedicated supply (£45, book via form); bring hygiene certificate, £5m public liability insurance and the "
        "allergen sheet; unload before 9:30.",
        calls=[("email", {"action": "read", "from": "traders@leedsindiefood.co.uk", "latest": True}, festival_mail())],
    )
    s.turn(
        "festival stall needs a price list, print size a4",
        "A4 price list (stall):\n\n- House Blend 250g: £10.50 · 1kg: £31.00\n- Guji Hambela (organic) 250g: £13.50\n- Huila Pitalito 250g: £12.00\n"
        "- Espresso Kiln 250g: £11.00\n- Swiss Water Decaf 250g: £11.50 (no organic mention)\n- flat white / filter cup: £3.40 / £3.00\n"
        "Card only. kilnlanecoffee.co.uk for subscriptions.",
    )
    s.turn(
        "priya changed the guji profile, how did batch 5 come out",
        "Batch 5 with the adjusted profile: drop 207.8 °C at 10:36, development 2:11 (20.7 %), weight loss 14.3 %, Agtron 64. Priya's note: sweeter, "
        "more body, jasmine still there. That's the version to keep.",
        calls=[("roastlog", {"action": "open", "file": "2025-06-12_ETH-GUJI-L3_batch5.alog"},
                "Artisan log: 2025-06-12_ETH-GUJI-L3_batch5.alog (Giesen W15, operator: Priya)\ngreen: GC-ETH-2291, charge 12.0 kg\n"
                + "\n".join(f"{t // 60:02d}:{t % 60:02d}  BT {150 + t / 6.6:6.1f}  ET {228 + (t % 90) / 30:6.1f}" for t in range(60, 636, 24))
                + "\n10:36  DROP  BT 207.8 °C\nsummary: drop 207.8 °C, FC 08:25, development 2:11 (20.7 %), weight loss 14.3 %, Agtron 64\n"
                "cupping note (Priya): sweeter, more body, jasmine still there - keep L3")],
    )
    s.turn(
        "month end draft please",
        "June draft: 1,044 kg roasted in 87 × 12 kg batches, no Sunday roasting. Sales: shop £19,212.40, wholesale £11,876.00, café £2,310.75. "
        "DPD Next Day: 612 parcels, 0 lost. Open: Falcon INV-77120 credit note still pending.",
        calls=[("reports", {"action": "month_end", "month": "2025-06"}, monthly_report(rng))],
    )
    s.turn(
        "how much did may do on the shop again, to compare",
        "May gross on the shop was £18,406.20 (excl. refunds), so June's £19,212.40 is up ~4.4 % despite the price rise.",
        recall=["£18,406.20"],
    )
    s.turn(
        "accountant needs our address and vat number exactly as on invoices",
        "Kiln Lane Coffee Roasters Ltd, Unit 4, Kiln Lane, Leeds LS6 2QT, VAT GB 384 1126 07.",
        recall=["Unit 4, Kiln Lane", "GB 384 1126 07"],
    )
    s.turn(
        "the giesen needs a service, what model do i tell the engineer",
        "Giesen W15 (15 kg nominal capacity; you run it at 12 kg batches).",
        recall=["Giesen W15", "12 kg batches"],
    )
    s.turn(
        "which lot was the falcon guji, they want the lot no for the credit note",
        "GC-ETH-2291 in our sheet (Falcon's own lot ref FS-ET-24-188), Guji Hambela washed. The invoice in dispute is INV-77120.",
        recall=["GC-ETH-2291", "INV-77120"],
    )
    s.turn(
        "how much of it did we have before all this started",
        "143.5 kg on hand when we first looked at the sheet (now 112.0 kg after this week's roasts).",
        recall=["143.5 kg"],
    )
    s.turn(
        "hollow oak's price and terms, theyre renegotiating",
        "Hollow Oak Café: house blend at £24.50/kg, standing order 18 kg a week, and Hollow Oak on net 30 (everyone else pays in 14).",
        recall=["£24.50/kg", "hollow oak gets net 30 terms", "18 kg a week"],
    )
    s.turn(
        "can falcon quote us for the autumn ethiopians?",
        "Not yet: you said don't reorder from Falcon until the invoice dispute is sorted, and INV-77120 is still waiting on the credit note. I can "
        "ask Omwani and DR Wakefield for autumn offers meanwhile.",
        recall=["dont reorder from falcon until the invoice dispute is sorted"],
    )
    s.turn(
        "whats the shop url i gave you, setting up the festival qr code",
        "kilnlanecoffee.co.uk",
        recall=["kilnlanecoffee.co.uk"],
    )
    s.turn(
        "cheers, thats everything for now",
        "Cheers! Open items: Falcon credit note for INV-77120, autumn Ethiopian offers (Omwani/DR Wakefield), and Wednesday's extra roast for the "
        "festival.",
    )
    return s.write(out)


BUILDERS: list[Callable[[Path], dict[str, Any]]] = [
    mltrain, apartment, dataplatform, carclaim, conference, roastery,
]

if __name__ == "__main__":
    for build in BUILDERS:
        stats = build(HERE)
        print(f"{build.__name__}: {stats}")
