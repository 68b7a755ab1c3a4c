# ruff: noqa: E501
"""Write the fourth sealed held-out retention set: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed4/make_sealed4.py`` from anywhere; it rewrites all twelve
files next to itself. The script stands alone (Python standard library only, nothing imported
from nbagent) and is deterministic: bulk tool output (sample sheets, checksum listings, order
exports, fault-report queues, bank statements, stock exports, land-registry extracts, ...) comes
from a ``random.Random`` seeded per conversation, used at generation time only. The committed
``.jsonl`` / ``.facts.json`` files are the reference; tests and benchmarks read them and never run
this script.

Written blind: its author read no nbagent source and no conversation text of the earlier held-out
sets, only the file format (see README.md). Measured only, never tuned on.

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

* every fact occurs verbatim in its turn as a whole token (not inside a longer number or Latin
  word): in the user message (``source: user``) or in a tool result (``source: tool``); a tool
  fact occurs (even as a substring) in no earlier message, in no tool input of its turn and in no
  user message up to its turn; on the finished transcript, every fact (or an accepted spelling)
  occurs at or after its turn, and no accepted spelling of a fact occurs before its turn;
* a correction's ``old`` occurs in an earlier user message, its ``new`` in the user message of
  ``turn_new`` and in no message at all before that turn; from that turn on, the old value
  appears in a message only if the new value follows it in the same message;
* no fact (or accepted spelling) overlaps a superseded value, and old and new are not nested;
* exactly one correction per conversation carries a cue word (generic English cues plus the
  conversation's own language), checked on whole tokens;
* at least six of the last ten turns make the reply give back facts from the first fifteen, and
  every recall is checked against the reply text;
* bounds: 46-52 turns, 19-22 hard facts (7-9 from the user, the rest tool-only), exactly 4
  constraints, 4 decisions and 5 corrections, 4+ tool outputs of 50+ lines, 88-100k characters
  (~22-25k tokens at chars/4), no tool output over 24k characters.
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
    "mistake",
    "wrong",
    "my fault",
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
    """A constraint: its key phrase verbatim in the user message, paraphrases in accept."""
    return Fact(text, "constraint", "user", accept)


def CHOICE(text: str, *accept: str) -> Fact:
    """A decision: its key phrase verbatim in the user message, paraphrases in accept."""
    return Fact(text, "decision", "user", accept)


Call = tuple[str, dict[str, Any], str]
"""(tool name, input, result text); a result starting with ERROR is flagged is_error."""

_SPACE = re.compile(r"\s+")


def plain(text: str) -> str:
    """NFKC, case folded, runs of white space as one space."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _joins(a: str, b: str) -> bool:
    """Two touching characters that read as one token (digit-digit, Latin letter-letter)."""
    if a.isdigit() and b.isdigit():
        return True
    latin = lambda c: c.isalpha() and (c.isascii() or "LATIN" in unicodedata.name(c, ""))  # noqa: E731
    return latin(a) and latin(b)


def token_hits(key: str, haystack: str) -> list[int]:
    """Offsets where ``key`` occurs in ``haystack`` (both plain) with clean edges."""
    key, haystack = plain(key), plain(haystack)
    out: list[int] = []
    at = haystack.find(key)
    while key and at >= 0:
        end = at + len(key)
        left = at > 0 and _joins(haystack[at - 1], key[0])
        right = end < len(haystack) and _joins(haystack[end], key[-1])
        if not left and not right:
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
        where = f"{self.name} turn {n}"
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
            ids = [f"toolu_{self.name[:5]}{n:02d}{k}" for k in range(len(calls))]
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
            assert not lead, f"{where}: a lead without calls"
        self.messages.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
        tool_text = "\n".join(results)
        for fact in facts:
            home = user if fact.source == "user" else tool_text
            assert plain(fact.text) in plain(home), (
                f"{where}: {fact.text!r} not in its {fact.source} text"
            )
            assert token_in(fact.text, home), f"{where}: {fact.text!r} only inside a longer token"
            if fact.source == "tool":
                low = plain(fact.text)
                assert low not in before, f"{where}: tool fact {fact.text!r} seen earlier"
                assert low not in inputs, f"{where}: tool fact {fact.text!r} in a tool input"
                assert low not in users_so_far, f"{where}: tool fact {fact.text!r} in a user text"
            for sp in (fact.text, *fact.accept):
                assert not token_in(sp, before), f"{where}: {sp!r} already shown before its turn"
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
            assert plain(new) in plain(user), (
                f"{where}: corrected value {new!r} not in the user text"
            )
            assert token_in(new, user), (
                f"{where}: corrected value {new!r} only inside a longer token"
            )
            earlier = [i for i, u in enumerate(self.users[:-1]) if token_in(old, u)]
            assert earlier, f"{where}: superseded value {old!r} never stated by the user"
            assert not token_in(new, before), (
                f"{where}: new value {new!r} shown before its correction"
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
        assert 46 <= self.n <= 52, f"{name}: {self.n} turns"
        hard = [f for f in self.facts if f["kind"] == "hard"]
        rules = [f for f in self.facts if f["kind"] == "constraint"]
        choices = [f for f in self.facts if f["kind"] == "decision"]
        by_user = sum(f["source"] == "user" for f in hard)
        assert 19 <= len(hard) <= 22, f"{name}: {len(hard)} hard facts"
        assert 7 <= by_user <= 9, f"{name}: {by_user} of {len(hard)} hard facts from the user"
        assert len(rules) == 4, f"{name}: {len(rules)} constraints"
        assert len(choices) == 4, f"{name}: {len(choices)} decisions"
        assert len(self.corrections) == 5, f"{name}: {len(self.corrections)} corrections"
        # the finished transcript, turn by turn
        per_turn = []
        for t in range(self.n):
            end = self.starts[t + 1] if t + 1 < self.n else len(self.messages)
            per_turn.append("\n".join(text_of(m) for m in self.messages[self.starts[t] : end]))
        for f in self.facts:
            spellings = (f["text"], *f["accept"])
            later = "\n".join(per_turn[f["turn"] :])
            assert any(token_in(sp, later) for sp in spellings), (
                f"{name}: {f['text']!r} not at/after turn"
            )
            assert any(token_in(sp, per_turn[f["turn"]]) for sp in spellings), (
                f"{name}: {f['text']!r} not in its turn"
            )
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
            assert c["turn_old"] < c["turn_new"], f"{name}: {c} old not before new"
            first_old = min(t for t in range(self.n) if token_in(c["old"], per_turn[t]))
            first_new = min(t for t in range(self.n) if token_in(c["new"], per_turn[t]))
            assert first_old < first_new == c["turn_new"], f"{name}: {c} order in the transcript"
            for k in range(self.starts[c["turn_new"]], len(self.messages)):
                text = text_of(self.messages[k])
                news = token_hits(c["new"], text)
                olds = token_hits(c["old"], text)
                if olds:
                    assert news and news[-1] > olds[-1], (
                        f"{name}: superseded {c['old']!r} shown as current in message {k}"
                    )
        cues = (*GENERIC_CUES, *self.cues)
        cued = [
            c for c in self.corrections if any(token_in(q, self.users[c["turn_new"]]) for q in cues)
        ]
        assert len(cued) == 1, f"{name}: {len(cued)} corrections carry a cue word"
        late = [t for t in range(self.n - 10, self.n) if self.recalls.get(t)]
        early = [t for t in late if min(self.recalls[t]) < 15]
        assert len(early) >= 6, (
            f"{name}: only {len(early)} of the last ten turns recall early facts"
        )
        long_ones = [r for r in self.outputs if r.count("\n") >= 49]
        assert len(long_ones) >= 4, f"{name}: {len(long_ones)} tool outputs of 50+ lines"
        assert max(len(r) for r in self.outputs) <= 24_000, f"{name}: a tool output is too big"
        chars = sum(len(text_of(m)) for m in self.messages)
        assert 88_000 <= chars <= 100_000, f"{name}: {chars} chars (~{chars // 4} tokens)"
        return {
            "turns": self.n,
            "tokens": chars // 4,
            "chars": chars,
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
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{self.name}.facts.json").write_text(text, encoding="utf-8")
        return stats


# -- helpers for bulk tool output ----------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], gap: int = 2) -> str:
    """Rows aligned in columns, as a CLI prints them."""
    cells = [[str(x) for x in header], *[[str(x) for x in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        (" " * gap).join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(x) for x in r) for r in [header, *rows])


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def group_num(value: float, thousands: str, decimal: str, places: int = 2) -> str:
    """1234567.891 -> '1.234.567,89' (thousands '.', decimal ',') and so on."""
    s = f"{value:,.{places}f}"
    return s.replace(",", "\x00").replace(".", decimal).replace("\x00", thousands)


def indian(value: float, places: int = 2) -> str:
    """1234567.5 -> '12,34,567.50' (Indian digit grouping)."""
    whole, _, frac = f"{value:.{places}f}".partition(".")
    head, tail = whole[:-3], whole[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    out = ",".join([*groups, tail]) if groups else tail
    return f"{out}.{frac}" if places else out


# == genomics_en: germline trio calling with nf-core/sarek on an LSF cluster =====================

GEN_FAMS = [f"{i:02d}" for i in range(1, 19)]
GEN_ROLES = ["P", "M", "F"]


def gen_samples(fams: Sequence[str] = GEN_FAMS) -> list[str]:
    return [f"KS014-{f}-{r}" for f in fams for r in GEN_ROLES]


def gen_delivery(rng: random.Random) -> str:
    rows = []
    for k, s in enumerate(gen_samples()):
        role = s[-1]
        sex = {"M": "F", "F": "M"}.get(role, rng.choice("MF"))
        rows.append(
            [
                s,
                {"P": "proband", "M": "mother", "F": "father"}[role],
                sex,
                f"LIB{26031100 + k * 7}",
                "HJ3KLDSXC",
                "L001,L002",
                f"{rng.uniform(610, 790):.1f}",
                f"{rng.uniform(92, 119):.1f}",
                f"{rng.uniform(91.2, 94.8):.1f}",
            ]
        )
    head = (
        "SEQUENCING CORE - DATA DELIVERY REPORT\n"
        "core reference : SEQ-2026-0311     run date: 2026-03-02     instrument: NovaSeq X Plus (LH00417)\n"
        "submitter      : Kessler lab (rare disease WGS)     prepared by: H. Sato\n"
        "library prep   : Illumina DNA PCR-Free, 2x151 bp, target 30x\n"
        "delivery path  : /scratch/kessler/rd014/fastq (group read-only)\n\n"
    )
    body = table(
        [
            "sample_id",
            "relation",
            "sex",
            "library",
            "flowcell",
            "lanes",
            "reads_M",
            "yield_Gb",
            "q30_%",
        ],
        rows,
    )
    foot = (
        "\n\nnotes:\n- all libraries passed QC (Qubit, TapeStation DIN > 7)\n"
        "- md5 checksums: ../delivery/md5sums.txt\n- undetermined reads: 1.9% of lane total\n"
    )
    return head + body + foot


def gen_ena(rng: random.Random) -> str:
    aliases = [f"HG{rng.randint(100, 4000):05d}" for _ in range(60)]
    aliases[34] = "NA12878"
    rows = []
    for k, a in enumerate(aliases):
        reads = rng.randint(380_000_000, 520_000_000)
        rows.append(
            [
                "PRJNA1071562",
                f"SRR{28419271 + k}",
                a,
                "Illumina NovaSeq 6000",
                "PAIRED",
                reads,
                reads * 302,
            ]
        )
    return csv_text(
        [
            "study_accession",
            "run_accession",
            "sample_alias",
            "instrument_model",
            "library_layout",
            "read_count",
            "base_count",
        ],
        rows,
        sep="\t",
    )


def gen_md5(rng: random.Random) -> str:
    lines = []
    for k, s in enumerate(gen_samples(), start=1):
        for lane in ("L001", "L002"):
            for read in ("R1", "R2"):
                name = f"{s}_S{k}_{lane}_{read}_001.fastq.gz"
                ok = "FAILED" if name == "KS014-11-M_S32_L002_R2_001.fastq.gz" else "OK"
                lines.append(f"{name}: {ok}")
    lines.append("md5sum: WARNING: 1 computed checksum did NOT match")
    return "\n".join(lines)


def gen_changelog() -> str:
    return """## v3.5.1 - Spiky Vargstuga (patch)

### Fixed
- GLnexus joint germline: samples whose sample id contains '-' followed by a single letter were
  silently dropped from the merged VCF when more than 50 gVCFs were joined (#1712)
- DeepVariant: pass `--num_shards` from task.cpus instead of a fixed 8 (#1698)
- mosdepth: `--fast-mode` no longer used for WGS coverage summaries (#1703)
- bcftools stats: do not fail on empty VCFs from chrM-only intervals (#1706)
- MultiQC: sample names from samplesheet `sample` column, not from file names (#1709)

### Dependencies
| tool        | old     | new     |
| ----------- | ------- | ------- |
| multiqc     | 1.21    | 1.25.1  |
| mosdepth    | 0.3.6   | 0.3.8   |
| bcftools    | 1.18    | 1.20    |
| glnexus     | 1.4.1   | 1.4.3   |

## v3.5.0 - Sarektjåhkkå

### Added
- `--joint_germline` now supports DeepVariant gVCFs through GLnexus (#1611)
- `--save_mapped` writes CRAM by default; BAM output only with `--save_output_as_bam`
- new `--wes` flag for exome interval handling
- Sentieon DNAscope as an alternative germline caller (licence required)
- `--concatenate_vcfs` for single-sample VCFs per caller
- trio-aware `somalier relate` summary in MultiQC

### Changed
- default aligner stays bwa-mem2; DragMap kept as an option
- GATK4 updated to 4.5.0.0, including HaplotypeCaller and GenotypeGVCFs modules
- the `igenomes` GATK.GRCh38 bundle is the default genome; `--genome GATK.GRCh38`
- intervals for WGS are split into 124 chunks instead of 21 (faster, more files in work/)
- `--tools` is validated against a fixed list; unknown values stop the run early

### Fixed
- Freebayes: respect `--intervals` when a BED with a header line is given
- VEP: cache version now checked against the container version (111)
- snpEff: database download retried on timeout
- CNVkit: reference built from normals only
- Manta: `--callRegions` uses the bgzipped BED

### Removed
- `--skip_qc` (use `--skip_tools` instead)
- Python 2 helper scripts

### Known issues
- on Lustre with small group quotas, `work/` can grow to ~180 GB per 30x genome before cleanup;
  set `cleanup = true` or watch the quota
- GLnexus needs ~4 GB RAM per 10 gVCFs at the `genotype` step
"""


GEN_IMAGES = [
    ("fastp_0.23.4", 31),
    ("bwa-mem2_2.2.1", 58),
    ("samtools_1.20", 44),
    ("gatk4_4.5.0.0", 1870),
    ("deepvariant_1.6.1", 2950),
    ("glnexus_1.4.3", 162),
    ("mosdepth_0.3.8", 22),
    ("multiqc_1.25.1", 411),
    ("bcftools_1.20", 41),
    ("vep_111.0", 704),
    ("somalier_0.2.19", 36),
    ("fastqc_0.12.1", 257),
    ("tabix_1.20", 19),
    ("picard_3.1.1", 392),
    ("cnvkit_0.9.10", 486),
    ("manta_1.6.0", 118),
    ("strelka_2.9.10", 104),
    ("snpeff_5.1", 950),
    ("ensemblvep-cache-check_111", 28),
    ("python_3.11", 66),
    ("bedtools_2.31.1", 24),
    ("mosdepth-summary_0.3.8", 22),
    ("ngscheckmate_1.0.1", 71),
    ("tiddit_3.6.1", 93),
    ("vcftools_0.1.16", 35),
    ("gawk_5.3.0", 15),
    ("pigz_2.8", 12),
    ("sentieon_202308.01", 911),
]


def gen_images(rng: random.Random) -> str:
    lines = [
        "$ nextflow inspect nf-core/sarek -r 3.5.1 -profile singularity -concretize true | xargs -n1 singularity pull",
        "INFO:    Using cached SIF images where present; cache: /scratch/kessler/.singularity",
        "",
    ]
    rows = []
    for name, mb in GEN_IMAGES:
        digest = (
            "4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4"
            if name.startswith("deepvariant")
            else hexs(rng, 64)
        )
        rows.append([f"{name}.sif", f"{mb} MB", f"sha256:{digest}"])
    lines.append(table(["image", "size", "digest"], rows))
    lines += ["", "pulled 28 images, 0 errors", "", "$ singularity cache list"]
    lines += [
        f"There are {len(GEN_IMAGES)} container file(s) using {sum(m for _, m in GEN_IMAGES) / 1024:.2f} GiB and 0 oci blob file(s)"
    ]
    lines += ["", "$ ls -1 /scratch/kessler/.singularity/cache/library/"]
    lines += [f"sha256.{hexs(rng, 64)}" for _ in range(24)]
    return "\n".join(lines)


def gen_nflog(rng: random.Random) -> str:
    procs = [
        "FASTP",
        "BWAMEM2_MEM",
        "SAMTOOLS_MERGE",
        "GATK4_MARKDUPLICATES",
        "MOSDEPTH",
        "SAMTOOLS_STATS",
        "DEEPVARIANT",
    ]
    lines = [
        "Mar-11 09:12:04.118 [main] INFO  nextflow.cli.CmdRun - N E X T F L O W  ~  version 24.04.4",
        "Mar-11 09:12:05.902 [main] INFO  nextflow.cli.CmdRun - Launching `https://github.com/nf-core/sarek` [sharp_kilby] DSL2 - revision: 3.5.1",
        "Mar-11 09:12:06.330 [main] INFO  nextflow.Session - Session UUID: "
        + f"{hexs(rng, 8)}-{hexs(rng, 4)}-{hexs(rng, 4)}-{hexs(rng, 4)}-{hexs(rng, 12)}",
        "Mar-11 09:12:06.331 [main] INFO  nextflow.Session - Work-dir: /scratch/kessler/rd014/work [lustre]",
        "Mar-11 09:12:07.004 [main] INFO  nextflow.executor.Executor - [warm up] executor > lsf",
    ]
    hh, mm = 9, 14
    samples = gen_samples()
    for k in range(52):
        mm += rng.randint(1, 4)
        if mm >= 60:
            hh, mm = hh + 1, mm - 60
        proc = procs[min(k // 8, len(procs) - 1)]
        s = samples[(k * 5) % len(samples)]
        tag = f"{hexs(rng, 2)}/{hexs(rng, 6)}"
        lines.append(
            f"Mar-11 {hh:02d}:{mm:02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d} [Task monitor] INFO  "
            f"nextflow.Session - [{tag}] Submitted process > NFCORE_SAREK:SAREK:{proc} ({s})"
        )
    lines += [
        "Mar-11 13:41:19.662 [Task monitor] ERROR nextflow.processor.TaskProcessor - Error executing process > "
        "'NFCORE_SAREK:SAREK:FASTQ_ALIGN_BWAMEM_MEM2:BWAMEM2_MEM (KS014-09-F)'",
        "Caused by:",
        "  Process `NFCORE_SAREK:SAREK:FASTQ_ALIGN_BWAMEM_MEM2:BWAMEM2_MEM (KS014-09-F)` terminated with an error exit status (1)",
        "Command error:",
        "  [E::bgzf_flush] File write failed (wrong size)",
        '  samtools sort: failed writing to "KS014-09-F.sorted.bam.tmp.0031.bam": Disk quota exceeded',
        "Work dir:",
        f"  /scratch/kessler/rd014/work/7e/{hexs(rng, 30)}",
        "Mar-11 13:41:20.004 [main] INFO  nextflow.Session - Execution cancelled -- Finishing pending tasks before exit",
    ]
    return "\n".join(lines)


def gen_mosdepth(rng: random.Random) -> str:
    rows = []
    for s in gen_samples([*GEN_FAMS, "19"]):
        cov = "18.42" if s == "KS014-11-M" else f"{rng.uniform(27.1, 37.9):.2f}"
        rows.append(
            [
                s,
                cov,
                f"{rng.uniform(93.0, 97.9):.1f}",
                f"{rng.uniform(84.0, 91.5):.1f}",
                f"{rng.uniform(5.1, 11.8):.1f}",
            ]
        )
    return (
        "$ python bin/summarise_mosdepth.py results/reports/mosdepth/*/*.mosdepth.summary.txt\n"
        + table(["sample", "mean_cov", "pct_10x", "pct_20x", "dup_%"], rows)
    )


def gen_denovo(rng: random.Random) -> str:
    genes = [
        "TTN",
        "MUC16",
        "OBSCN",
        "AHNAK2",
        "PCLO",
        "SYNE1",
        "FLG",
        "DNAH5",
        "HMCN1",
        "CSMD1",
        "LRP1B",
        "RYR2",
        "USH2A",
        "DST",
        "PLEC",
        "NEB",
        "FAT4",
        "DNAH11",
        "ZNF536",
        "KMT2C",
        "CUBN",
        "APOB",
        "LAMA2",
        "XIRP2",
    ]
    chroms = [f"chr{c}" for c in [*range(1, 23), "X"]]
    lines = [
        "$ bcftools view -s KS014-07-P,KS014-07-M,KS014-07-F results/variant_calling/glnexus/joint.vcf.gz \\",
        "    | slivar expr --trio 'denovo:kid.het && mom.hom_ref && dad.hom_ref && kid.GQ > 20' \\",
        "    | bcftools +split-vep -f '%CHROM:%POS:%REF:%ALT\\t%SYMBOL\\t%HGVSc\\t%Consequence\\t%gnomADg_AF\\t[%GT ]\\n' -d -A tab",
        "",
        "variant\tgene\thgvsc\tconsequence\tgnomad_af\tgt(kid mom dad)",
    ]
    rows = []
    for _ in range(57):
        c = rng.choice(chroms)
        pos = rng.randint(1_000_000, 150_000_000)
        ref, alt = rng.sample("ACGT", 2)
        g = rng.choice(genes)
        cons = rng.choice(
            [
                "intron_variant",
                "intergenic_variant",
                "synonymous_variant",
                "3_prime_UTR_variant",
                "upstream_gene_variant",
                "intron_variant",
                "non_coding_transcript_exon_variant",
            ]
        )
        af = rng.choice([".", f"{rng.uniform(0.0001, 0.02):.5f}"])
        rows.append((c, pos, f"{c}:{pos}:{ref}:{alt}\t{g}\t.\t{cons}\t{af}\t0/1 0/0 0/0"))
    rows.append(
        (
            "chr2",
            165310406,
            "chr2:165310406:G:A\tSCN2A\tNM_021007.3:c.2558G>A\tmissense_variant\t.\t0/1 0/0 0/0",
        )
    )
    order = {f"chr{c}": k for k, c in enumerate([*range(1, 23), "X"])}
    rows.sort(key=lambda r: (order[r[0]], r[1]))
    lines += [r[2] for r in rows]
    lines += ["", f"{len(rows)} candidate de novo records (GQ > 20), 1 protein-altering"]
    return "\n".join(lines)


def gen_sheet(rng: random.Random) -> str:
    rows = []
    for k, smp in enumerate(gen_samples(), start=1):
        role = smp[-1]
        sex = {"M": "XX", "F": "XY"}.get(role, rng.choice(["XX", "XY"]))
        for lane in ("L001", "L002"):
            if smp == "KS014-11-M" and lane == "L002":
                continue
            base = f"/scratch/kessler/rd014/fastq/{smp}_S{k}_{lane}"
            rows.append(
                [smp[:8], sex, 0, smp, lane, f"{base}_R1_001.fastq.gz", f"{base}_R2_001.fastq.gz"]
            )
    return csv_text(["patient", "sex", "status", "sample", "lane", "fastq_1", "fastq_2"], rows)


def gen_qc(rng: random.Random) -> str:
    rows = []
    for smp in gen_samples([*GEN_FAMS, "19"]):
        role = smp[-1]
        rows.append(
            [
                smp,
                f"{rng.uniform(0.002, 0.011):.4f}",
                {"M": "female", "F": "male"}.get(role, rng.choice(["female", "male"])),
                "ok",
                f"{rng.uniform(0.47, 0.52):.3f}" if role != "P" else "-",
                "PASS",
            ]
        )
    return table(
        ["sample", "freemix", "somalier_sex", "sheet_sex", "rel_to_proband", "qc"], rows
    ) + (
        "\n\nsamples checked: 57\nfreemix > 0.03: none (max 0.011, min 0.002)\nsex mismatches (somalier vs sheet): none\n"
        "trios: 19; parent-child relatedness 0.47-0.52; parent-parent max 0.041\nflags: 0"
    )


def gen_rsync(rng: random.Random) -> str:
    lines = [
        "$ rsync -av --checksum --chmod=Dg+s,Fg-w results/ /archive/kessler/rd014_final/",
        "sending incremental file list",
    ]
    for s in gen_samples([*GEN_FAMS, "19"]):
        lines.append(f"preprocessing/recalibrated/{s}/{s}.recal.cram")
        if s.endswith("P"):
            lines.append(f"variant_calling/deepvariant/{s}/{s}.deepvariant.g.vcf.gz")
    lines += [
        "variant_calling/glnexus/joint.vcf.gz",
        "variant_calling/glnexus/joint.vcf.gz.tbi",
        "reports/multiqc/multiqc_report.html",
        "pipeline_info/execution_report_2026-03-13.html",
        "pipeline_info/software_versions.yml",
        "",
        f"sent {rng.randint(2_400, 2_600)},{rng.randint(100, 999)},{rng.randint(100, 999)},{rng.randint(100, 999)} bytes  "
        f"received {rng.randint(10, 99)},{rng.randint(100, 999)} bytes  {rng.randint(300, 400)},{rng.randint(100, 999)},{rng.randint(100, 999)}.52 bytes/sec",
        "total size is 2,53"
        + f"{rng.randint(1, 9)},{rng.randint(100, 999)},{rng.randint(100, 999)},{rng.randint(100, 999)}  speedup is 1.00",
    ]
    return "\n".join(lines)


def genomics(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_01)
    s = Session(
        "genomics_en",
        "en",
        "rare-disease WGS trios through nf-core/sarek on an LSF cluster: md5s, containers, quota, de novo calls, EGA",
        cues=("swapped", "i got", "mixed up"),
    )
    s.turn(
        "hi. ines here, bioinf at the kessler lab. wgs came back for the rare disease trio cohort, 54 samples, "
        "30x novaseq, fastqs are under /scratch/kessler/rd014/fastq. want to run germline calling this week on the "
        "lsf cluster, we have 40,000 core-hours left on the allocation till end of quarter. one hard rule: patient "
        "fastqs never leave the cluster, not even to my laptop",
        "Hi Ines. Noted:\n\n- cohort: rare-disease trios, 54 samples, 30x NovaSeq WGS\n- project dir: "
        "/scratch/kessler/rd014 (FASTQs in fastq/)\n- compute: LSF, 40,000 core-hours left this quarter\n- **patient "
        "FASTQs never leave the cluster**: everything I do runs on the cluster; nothing gets copied to laptops, cloud "
        "buckets or shared drives, and only summaries (QC tables, variant lists) come back into this chat.\n\n"
        "Which pipeline and version do you want to use?",
        facts=[
            U("/scratch/kessler/rd014"),
            U("40,000 core-hours", "40000 core-hours", "40k core-hours", "40,000 core hours"),
            RULE(
                "patient fastqs never leave the cluster",
                "patient FASTQs never leave the cluster",
                "patient data stays on the cluster",
                "never copy the fastqs off the cluster",
            ),
        ],
    )
    s.turn(
        "nf-core/sarek 3.4.2, thats what the methods section says. fam 07 is the urgent one, proband KS014-07-P has "
        "been waiting 2 yrs for a diagnosis so that family first if we have to prioritise",
        "Understood: nf-core/sarek 3.4.2, and family 07 (proband KS014-07-P) gets priority. With LSF I can give the "
        "fam 07 tasks a higher `-sp` priority in the Nextflow config so they go through first without a separate "
        "run. Do you have the sample sheet or delivery report from the core?",
        facts=[U("KS014-07-P")],
    )
    s.turn(
        "delivery report is in /scratch/kessler/rd014/delivery. sample info comes from haruka sato in the seq core. "
        "if anything looks off call her, +44 1632 960 418. and the raw fastq dir is read only, dont touch it. no "
        "renaming, no gunzip in place, nothing",
        "Here's the delivery report. 54 libraries, all PCR-free 2x151 on one NovaSeq X flowcell (HJ3KLDSXC), two "
        "lanes each, 610-790 M reads per sample, Q30 91-95%: nothing looks off. Sex and relation columns are there, "
        "so I can build the sarek sample sheet from it without touching the FASTQ folder.\n\n"
        "Rule noted: **the raw FASTQ directory is read only**. No renames, no in-place gunzip; anything derived goes "
        "under /scratch/kessler/rd014/ in its own folder. Haruka Sato (+44 1632 960 418) is the contact for sheet "
        "questions.",
        calls=[
            (
                "read_file",
                {"path": "/scratch/kessler/rd014/delivery/delivery_report.txt"},
                gen_delivery(rng),
            )
        ],
        facts=[
            U("Haruka Sato", "haruka"),
            RULE(
                "the raw fastq dir is read only, dont touch it",
                "the raw FASTQ directory is read only",
                "raw fastqs are read only",
                "never modify the raw fastq dir",
                "don't touch the raw fastq dir",
            ),
        ],
    )
    s.turn(
        "the PI also wants public controls, the 1000G high coverage set someone re-sequenced on novaseq, should be "
        "on ENA/SRA. find the study and which run is NA12878",
        "Found it. The NovaSeq re-sequencing of the 1000 Genomes high-coverage panel is study **PRJNA1071562** "
        "(60 paired-end NovaSeq 6000 runs). NA12878 is run **SRR28419305**. Each run is 380-520 M read pairs, so "
        "about 150 GB of FASTQ per sample if you pull them; I'd only fetch NA12878 unless you want all 60.",
        calls=[
            (
                "http_get",
                {
                    "url": "https://www.ebi.ac.uk/ena/portal/api/search?result=read_run&query=study_title%3D%221000%20Genomes%20high%20coverage%20NovaSeq%22&fields=study_accession,run_accession,sample_alias,instrument_model,library_layout,read_count,base_count&format=tsv"
                },
                gen_ena(rng),
            )
        ],
        facts=[T("PRJNA1071562"), T("SRR28419305")],
    )
    s.turn(
        "results and the variant report go to the mdt list rd-mdt@kessler-lab.org, cc Okafor, he's the clinical "
        "geneticist on fam 07. mdt is thursdays 14:30, i want something for them by 27th march",
        "Noted: reports to rd-mdt@kessler-lab.org with Okafor in cc for family 07; the MDT meets Thursdays at 14:30, "
        "and the target is a first variant summary by 27th march. Working back from that, calling needs to be done "
        "by about the 20th to leave a week for filtering and review.",
        facts=[U("rd-mdt@kessler-lab.org"), U("14:30")],
    )
    s.turn(
        "ok md5 check first, haruka put the md5s in the delivery folder",
        "One mismatch out of 216 files: **KS014-11-M_S32_L002_R2_001.fastq.gz** FAILED (lane 2, read 2 of the "
        "family 11 mother). Everything else is OK. I ran the check from inside the FASTQ folder with read-only "
        "access, nothing was written there.",
        calls=[
            (
                "shell",
                {"cmd": "cd /scratch/kessler/rd014/fastq && md5sum -c ../delivery/md5sums.txt"},
                gen_md5(rng),
            )
        ],
        facts=[T("KS014-11-M_S32_L002_R2_001.fastq.gz")],
    )
    s.turn(
        "whats the actual hash of that one vs the list? ill forward to haruka. also contamination: anything with "
        "freemix over 0.03 gets flagged, dont call on it until i look",
        "For KS014-11-M_S32_L002_R2_001.fastq.gz:\n\n- expected (md5sums.txt): 3b0e7c52d19a4f86e0c2b7a95d13f4e8\n"
        "- actual: **9f2c1e0b7a4d63e8c5b1f0a29d7e4c16**\n\nThe file is also 1.3 GB smaller than its R1 mate, which "
        "looks like a truncated transfer rather than a bad checksum entry.\n\nContamination rule noted: any sample "
        "with VerifyBamID freemix over 0.03 is flagged and held back from calling until you've looked at it.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014/fastq && grep KS014-11-M_S32_L002_R2 ../delivery/md5sums.txt; md5sum KS014-11-M_S32_L002_R2_001.fastq.gz; ls -l KS014-11-M_S32_L002_R*"
                },
                "3b0e7c52d19a4f86e0c2b7a95d13f4e8  KS014-11-M_S32_L002_R2_001.fastq.gz\n"
                "9f2c1e0b7a4d63e8c5b1f0a29d7e4c16  KS014-11-M_S32_L002_R2_001.fastq.gz\n"
                "-r--r----- 1 hsato kessler 14893022117 Mar  3 18:22 KS014-11-M_S32_L002_R1_001.fastq.gz\n"
                "-r--r----- 1 hsato kessler 13546110932 Mar  3 18:25 KS014-11-M_S32_L002_R2_001.fastq.gz",
            )
        ],
        facts=[
            T("9f2c1e0b7a4d63e8c5b1f0a29d7e4c16"),
            U("0.03", "freemix over 0.03", "freemix 0.03"),
        ],
    )
    s.turn(
        "pipeline is sarek 3.5.1, i'll fix the methods section later, the core benchmarked that one. check its "
        "changelog for anything that matters for trios. everything gets pinned, no latest tags",
        "sarek 3.5.1 it is. Two changelog items matter for trios:\n\n1. **3.5.1 fixes a GLnexus bug** that silently "
        "dropped samples whose id has a '-' followed by a single letter when more than 50 gVCFs are joined. Our ids "
        "(KS014-07-P etc.) are exactly that shape and we have more than 50 samples, so this one is important.\n"
        "2. 3.5.0 added DeepVariant gVCFs to `--joint_germline` via GLnexus, and a trio-aware somalier summary.\n\n"
        "Also a known issue: `work/` can reach ~180 GB per 30x genome on Lustre, so we should set `cleanup = true` "
        "and watch the group quota.\n\nPinning noted: pipeline revision, container digests and reference files all "
        "fixed, no `latest` anywhere.",
        calls=[
            (
                "http_get",
                {"url": "https://raw.githubusercontent.com/nf-core/sarek/3.5.1/CHANGELOG.md"},
                gen_changelog(),
            )
        ],
        facts=[
            RULE(
                "everything gets pinned, no latest tags",
                "pin every version",
                "no latest tags",
                "pinned versions only",
                "everything pinned",
            )
        ],
        fix=[("3.4.2", "3.5.1")],
    )
    s.turn(
        "go with deepvariant, not haplotypecaller. write the params file and the sample sheet, sheet goes in "
        "/scratch/kessler/rd014/sheets",
        "Done. `params.yaml` and `sheets/samplesheet_v2.csv` (107 rows: 54 samples x 2 lanes, minus one), both outside the "
        "FASTQ folder:\n\n```yaml\ninput: /scratch/kessler/rd014/sheets/samplesheet_v2.csv\noutdir: "
        "/scratch/kessler/rd014/results\ngenome: GATK.GRCh38\ntools: deepvariant\njoint_germline: true\n"
        "save_output_as_bam: false\n```\n\nDeepVariant as the caller (HaplotypeCaller not run). The sheet leaves "
        "KS014-11-M lane 2 out for now, until Haruka sends a good copy of the R2 file.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && mkdir -p sheets && python bin/sheet_from_delivery.py delivery/delivery_report.txt --skip KS014-11-M:L002 > sheets/samplesheet_v2.csv && wc -l sheets/samplesheet_v2.csv && cat sheets/samplesheet_v2.csv && cat > params.yaml <<'Y'\ninput: /scratch/kessler/rd014/sheets/samplesheet_v2.csv\noutdir: /scratch/kessler/rd014/results\ngenome: GATK.GRCh38\ntools: deepvariant\njoint_germline: true\nsave_output_as_bam: false\nY"
                },
                "108 sheets/samplesheet_v2.csv\n" + gen_sheet(rng),
            )
        ],
        facts=[
            CHOICE(
                "go with deepvariant, not haplotypecaller",
                "deepvariant over haplotypecaller",
                "DeepVariant as the caller",
                "use deepvariant",
            )
        ],
    )
    s.turn(
        "pull the containers, i want the digests in the methods. final deliverables go to "
        "/archive/kessler/rd014_final btw, not scratch, scratch gets purged after 60 days",
        "All 28 images pulled for sarek 3.5.1, no errors. The one that matters most for the methods is DeepVariant "
        "1.6.1: **sha256:4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4**. GLnexus is 1.4.3 and "
        "the full digest list is in the output above; I'll also keep it in "
        "`pipeline_info/software_versions.yml`.\n\nFinal deliverables will go to /archive/kessler/rd014_final (scratch "
        "is purged after 60 days).",
        calls=[
            (
                "shell",
                {"cmd": "cd /scratch/kessler/rd014 && bash bin/pull_sarek_images.sh 3.5.1"},
                gen_images(rng),
            )
        ],
        facts=[
            T(
                "sha256:4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4",
                "4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4",
            ),
            U("/archive/kessler/rd014_final"),
        ],
    )
    s.turn(
        "sorry haruka's number is +44 1632 960 481, i swapped the last two digits. anyway submit the run",
        "Thanks, Haruka Sato: +44 1632 960 481. Run submitted: the Nextflow head job is LSF job **4418207** on the "
        "`long` queue, with `-resume` enabled and `cleanup = true` set for work/.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && bsub -q long -n 2 -M 8000 -W 120:00 -J rd014_sarek -o logs/head.%J.out 'nextflow run nf-core/sarek -r 3.5.1 -profile singularity,lsf -params-file params.yaml -c lab.config -resume'"
                },
                "Job <4418207> is submitted to queue <long>.",
            )
        ],
        facts=[T("4418207")],
        fix=[("+44 1632 960 418", "+44 1632 960 481")],
    )
    s.turn(
        "hows it going",
        "Not well: the run (**sharp_kilby**) got through FASTP and most of the alignment, then BWAMEM2_MEM for "
        "KS014-09-F failed at 13:41 with `Disk quota exceeded` while samtools was sorting, and Nextflow cancelled "
        "the run. It's the group quota on /scratch, not a pipeline bug. Completed tasks are cached, so `-resume` "
        "will pick up from there once there's space.",
        calls=[
            ("shell", {"cmd": "tail -n 62 /scratch/kessler/rd014/.nextflow.log"}, gen_nflog(rng))
        ],
        facts=[T("sharp_kilby")],
    )
    s.turn(
        "quota?? open a ticket with hpc support, ask for a temporary bump, cc me",
        "Ticket **INC0291447** is open with HPC support, cc you: asked for a temporary increase of the kessler "
        "group quota on /scratch from 10 TB to 20 TB for three weeks, with the failed job and the error attached.",
        calls=[
            (
                "http_post",
                {
                    "url": "https://hpc-help.internal/api/tickets",
                    "body": {
                        "queue": "storage",
                        "cc": "ines",
                        "title": "temporary /scratch quota increase for group kessler (rd014 WGS run)",
                        "text": "nextflow run failed with Disk quota exceeded on /scratch; requesting 20 TB for 3 weeks",
                    },
                },
                '{"status": "created", "ticket": "INC0291447", "queue": "storage", "priority": "P3", "sla": "2 business days"}',
            )
        ],
        facts=[T("INC0291447")],
    )
    s.turn(
        "while we wait: no sample ids in slack, family numbers only. draft me an update for #kessler-lab",
        "Draft for #kessler-lab:\n\n> WGS trio calling update: sarek 3.5.1 run started Tuesday, alignment mostly "
        "done, paused on a /scratch quota limit (ticket open with HPC). One FASTQ from family 11 failed its checksum, "
        "the core is re-sending it. Family 07 is prioritised. Next update once calling restarts.\n\nNo sample ids in "
        "it, only family numbers, and that's how I'll write anything meant for Slack from now on.",
        facts=[
            RULE(
                "no sample ids in slack, family numbers only",
                "only family numbers in slack",
                "never post sample ids in slack",
                "no sample ids in Slack",
            )
        ],
    )
    s.turn(
        "support says quota is bumped. check and resume",
        "Confirmed: the kessler group limit on /scratch is now 20 TB. I resumed the run with `-resume` as a new head "
        "job (4418251); cached tasks were skipped and the failed alignment for family 09 is running again.",
        calls=[
            (
                "shell",
                {
                    "cmd": "lfs quota -h -g kessler /scratch && cd /scratch/kessler/rd014 && bsub -q long -n 2 -M 8000 -W 120:00 -J rd014_sarek -o logs/head.%J.out 'nextflow run nf-core/sarek -r 3.5.1 -profile singularity,lsf -params-file params.yaml -c lab.config -resume'"
                },
                "Disk quotas for grp kessler (gid 40117):\n     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n"
                "       /scratch  9.91T      0k     20T       -  611204       0       0       -\nJob <4418251> is submitted to queue <long>.",
            )
        ],
    )
    s.turn(
        "haruka says fam 19 came off the sequencer yesterday, so its 57 samples now. add them, new sheet as "
        "samplesheet_v3.csv, dont overwrite v2",
        "Added family 19 (KS014-19-P/M/F, flowcell 22CFTWLT3) to a new sheet: `sheets/samplesheet_v3.csv` with 113 "
        "rows for 57 samples; v2 is untouched. The resumed run keeps its cache, so only the three new samples and "
        "the joint step will actually run again when I point it at v3.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && python bin/sheet_from_delivery.py delivery/delivery_report.txt delivery/delivery_report_fam19.txt --skip KS014-11-M:L002 > sheets/samplesheet_v3.csv && wc -l sheets/samplesheet_v*.csv"
                },
                "  108 sheets/samplesheet_v2.csv\n  114 sheets/samplesheet_v3.csv\n  222 total",
            )
        ],
        fix=[("54 samples", "57 samples")],
    )
    s.turn(
        "commit the configs and sheets to the lab repo so its reproducible",
        "Committed to the lab pipelines repo as **a1f93c7** on main: params.yaml, lab.config, both sample sheets and "
        "the image digest list. No FASTQs or results, only text files.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && git add params.yaml lab.config sheets/ pipeline_info/image_digests.txt && git commit -m 'rd014: sarek 3.5.1 params, samplesheet v3, image digests' && git push origin main"
                },
                "[main a1f93c7] rd014: sarek 3.5.1 params, samplesheet v3, image digests\n 5 files changed, 261 insertions(+)\n"
                " create mode 100644 sheets/samplesheet_v2.csv\n create mode 100644 sheets/samplesheet_v3.csv\n"
                " create mode 100644 pipeline_info/image_digests.txt\nTo git.kessler-lab.org:pipelines/rd014.git\n   5d20e91..a1f93c7  main -> main",
            )
        ],
        facts=[T("a1f93c7")],
    )
    s.turn(
        "alignment done? anything under 20x mean coverage",
        "Alignment and mosdepth are done for all 57. Only one sample is under 20x: **KS014-11-M at 18.42 mean "
        "coverage** (the family 11 mother, missing her lane-2 data because of the bad R2 file). Everyone else is "
        "27-38x with 84-92% of bases at 20x.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && python bin/summarise_mosdepth.py results/reports/mosdepth/*/*.mosdepth.summary.txt"
                },
                gen_mosdepth(rng),
            )
        ],
        facts=[T("18.42")],
    )
    s.turn(
        "rerun 11-M from the new lane when haruka sends it, dont drop her. the trio is useless without mum",
        "Agreed: family 11's mother stays in. When Haruka's re-sent R2 arrives I'll add lane 2 back to the sheet and "
        "resume; only her alignment and the joint genotyping will rerun.",
        facts=[
            CHOICE(
                "rerun 11-M from the new lane",
                "keep KS014-11-M and rerun her with the new lane",
                "don't drop the family 11 mother",
            )
        ],
    )
    s.turn(
        "contamination and sex checks?",
        "Both clean. VerifyBamID freemix is 0.002-0.011 for all 57 samples, none near your 0.03 cut-off. somalier: "
        "reported sex matches genotype sex everywhere, and every trio shows parent-child relatedness 0.47-0.52 with "
        "unrelated parents (< 0.05), so no swaps or unexpected relationships.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014/results/reports && python ../../bin/qc_flags.py --freemix 0.03 verifybamid/ somalier/"
                },
                gen_qc(rng),
            )
        ],
    )
    s.turn(
        "fam 07 first. any de novo in the proband that touches a protein",
        "One. Among 58 candidate de novo calls for KS014-07-P (GQ > 20, both parents hom-ref), exactly one is "
        "protein-altering:\n\n- **chr2:165310406** G>A in **SCN2A**, NM_021007.3:**c.2558G>A**, missense, absent "
        "from gnomAD.\n\nSCN2A fits an early-onset epilepsy / neurodevelopmental picture, so this is worth putting "
        "in front of the MDT; it should be checked in IGV and confirmed by Sanger before anyone calls it.",
        calls=[
            (
                "shell",
                {"cmd": "cd /scratch/kessler/rd014/results && bash ../bin/denovo_fam.sh 07"},
                gen_denovo(rng),
            )
        ],
        facts=[T("chr2:165310406"), T("c.2558G>A")],
    )
    s.turn(
        "glnexus for the joint call, not gatk genotypegvcfs, thats what 3.5.1 sets up anyway right",
        "Yes: with `tools: deepvariant` and `joint_germline: true`, sarek 3.5.1 joins the gVCFs with GLnexus "
        "(1.4.3, with the fix for our id pattern). GenotypeGVCFs is not used. The joint VCF the de novo search ran "
        "on is already the GLnexus one.",
        facts=[
            CHOICE(
                "glnexus for the joint call, not gatk genotypegvcfs",
                "GLnexus for joint calling",
                "glnexus instead of genotypegvcfs",
            )
        ],
    )
    s.turn(
        "mdt moved, they want it for 3rd april now. so we have a bit more time for sanger",
        "Good, 3rd april gives us about two weeks: enough for IGV review, Sanger confirmation of the SCN2A variant in "
        "the trio, and a proper write-up. I'll plan backwards from that.",
        fix=[("27th march", "3rd april")],
    )
    s.turn(
        "check EGA for our study, the journal wants an accession before review",
        'The lab already has a draft study on the EGA submitter portal: **EGAS50000000612**, "Kessler rare disease '
        'trio WGS", created in January, no datasets yet. We can cite that accession in the manuscript now and '
        "attach the dataset (CRAMs plus joint VCF) before publication.",
        calls=[
            (
                "http_get",
                {"url": "https://submission.ega-archive.org/api/studies?owner=kessler-lab"},
                '[{"accession_id": "EGAS50000000612", "title": "Kessler rare disease trio WGS", "status": "DRAFT", '
                '"created": "2026-01-19", "datasets": 0, "policy": "EGAP50000000203", "dac": "EGAC50000000117"}, '
                '{"accession_id": "EGAS50000000298", "title": "Kessler lab pilot exomes", "status": "RELEASED", '
                '"created": "2024-06-03", "datasets": 1, "policy": "EGAP50000000088", "dac": "EGAC50000000117"}]',
            )
        ],
        facts=[T("EGAS50000000612")],
    )
    s.turn(
        "skip the public controls, PI agreed its not worth the core-hours. ",
        "Fine, no 1000G controls: nothing gets downloaded from SRA and they won't be in the joint call. That saves "
        "roughly 1,900 core-hours and 150 GB per control.",
        facts=[
            CHOICE(
                "skip the public controls",
                "no public controls",
                "not running the 1000G controls",
                "public controls dropped",
            )
        ],
    )
    s.turn(
        "how much scratch are we using now",
        "We're at **9.6T** of the 20 TB group quota on /scratch: results are about 3 TB, the rest is work/ (cleanup "
        "runs as tasks finish). Fine for now; the temporary bump lasts three weeks.",
        calls=[
            (
                "shell",
                {
                    "cmd": "lfs quota -h -g kessler /scratch && du -sh /scratch/kessler/rd014/results /scratch/kessler/rd014/work"
                },
                "Disk quotas for grp kessler (gid 40117):\n     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n"
                "       /scratch   9.6T      0k     20T       -  698311       0       0       -\n3.1T\t/scratch/kessler/rd014/results\n6.4T\t/scratch/kessler/rd014/work",
            )
        ],
        facts=[T("9.6T")],
    )
    s.turn(
        "okafor left for manchester, fam 07 report goes to Lindqvist now, she took over his families",
        "Noted: family 07's report goes to Lindqvist (still via the rd-mdt list). I'll address the cover note to "
        "her.",
        fix=[("Okafor", "Lindqvist")],
    )
    s.turn(
        "haruka sent the new lane for 11-M, its in fastq/resend/. checksum it then resume",
        "The re-sent file checks out (md5 matches the core's new checksum file) and is the expected size. I added "
        "lane 2 of KS014-11-M back into samplesheet_v3.csv (now 114 rows) and resumed; her alignment and the GLnexus "
        "step are running again, everything else came from cache.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014/fastq/resend && md5sum -c md5sums_resend.txt && ls -l && cd /scratch/kessler/rd014 && python bin/sheet_add_lane.py sheets/samplesheet_v3.csv KS014-11-M L002 fastq/resend && bsub -q long -n 2 -M 8000 -W 120:00 -J rd014_sarek -o logs/head.%J.out 'nextflow run nf-core/sarek -r 3.5.1 -profile singularity,lsf -params-file params.yaml -c lab.config -resume'"
                },
                "KS014-11-M_S32_L002_R1_001.fastq.gz: OK\nKS014-11-M_S32_L002_R2_001.fastq.gz: OK\ntotal 29261704\n"
                "-r--r----- 1 hsato kessler 14893022117 Mar 16 10:02 KS014-11-M_S32_L002_R1_001.fastq.gz\n"
                "-r--r----- 1 hsato kessler 15071266430 Mar 16 10:09 KS014-11-M_S32_L002_R2_001.fastq.gz\n"
                "sheet: 114 rows\nJob <4419930> is submitted to queue <long>.",
            )
        ],
    )
    s.turn(
        "coverage for 11-M now?",
        "KS014-11-M is at 31.06x mean coverage with both lanes, 89.4% of bases at 20x: in line with the rest of the "
        "cohort.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cat /scratch/kessler/rd014/results/reports/mosdepth/KS014-11-M/KS014-11-M.mosdepth.summary.txt | tail -n 1"
                },
                "total\t3099922541\t96286610204\t31.06\t0\t4291",
            )
        ],
    )
    s.turn(
        "does the scn2a call still hold after the rerun",
        "Yes. In the new joint VCF (with family 11 complete and family 19 added) the SCN2A call in KS014-07-P is "
        "unchanged: heterozygous in the proband with 17 alt / 19 ref reads, GQ 62, both parents 0/0 with 31 and 28 "
        "reads and no alt support.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014/results && bcftools view -r chr2:165310406 -s KS014-07-P,KS014-07-M,KS014-07-F variant_calling/glnexus/joint.vcf.gz | bcftools query -f '[%SAMPLE %GT %AD %GQ\\n]'"
                },
                "KS014-07-P 0/1 19,17 62\nKS014-07-M 0/0 31,0 50\nKS014-07-F 0/0 28,0 48",
            )
        ],
    )
    s.turn(
        "make igv snapshots of that site for all three, on the cluster, png only",
        "Done on a compute node with igv batch: three PNGs in results/fam07/igv/ (proband, mother, father, 200 bp "
        "window). The proband shows the G>A in both strands at roughly half the reads; the parents are clean. The "
        "PNGs contain no read names, so they're safe to attach for the MDT.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014/results && bsub -q short -n 1 -Is bash ../bin/igv_snap.sh chr2:165310306-165310506 fam07 && ls fam07/igv"
                },
                "Job <4420114> is submitted to queue <short>.\n<<Waiting for dispatch ...>>\n<<Starting on node c07-14>>\n"
                "igv batch: 3 snapshots written\nKS014-07-F.chr2_165310406.png\nKS014-07-M.chr2_165310406.png\nKS014-07-P.chr2_165310406.png",
            )
        ],
    )
    s.turn(
        "design sanger primers around it, amplicon 400-600bp",
        "Primer3 on GRCh38 around the site, best pair:\n\n- F: 5'-TGCTGAGGAAGTTCCAAGGAC-3' (Tm 60.1)\n- R: "
        "5'-CAGGCATCATAGGCAAAGTCC-3' (Tm 59.8)\n- amplicon 487 bp, variant at position 221, no common SNPs under "
        "either primer (dbSNP 156).\n\nHaruka's core can run the Sanger on all three family 07 samples.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && bash bin/sanger_primers.sh chr2:165310406 400 600"
                },
                "PRIMER_PAIR_0  F TGCTGAGGAAGTTCCAAGGAC tm=60.1 gc=52.4  R CAGGCATCATAGGCAAAGTCC tm=59.8 gc=52.4  size=487  target_offset=221  snp_overlap=0\n"
                "PRIMER_PAIR_1  F GGAAGTTCCAAGGACTTGCTG tm=60.3 gc=52.4  R ATCATAGGCAAAGTCCAGGCA tm=60.0 gc=47.6  size=471  target_offset=214  snp_overlap=0\n"
                "PRIMER_PAIR_2  F CTGAGGAAGTTCCAAGGACTT tm=58.2 gc=47.6  R GCATCATAGGCAAAGTCCAGG tm=60.2 gc=52.4  size=552  target_offset=256  snp_overlap=1 (rs1553512988)",
            )
        ],
    )
    s.turn(
        "acmg call for the mdt slide?",
        "A first pass, for Lindqvist to confirm: **likely pathogenic** pending Sanger. PS2 (confirmed de novo, once "
        "Sanger and parentage are in; somalier already supports parentage), PM2 (absent from gnomAD), PP3 (REVEL "
        "0.91, CADD 29.4) and PS4-supporting if the clinic agrees the phenotype matches published SCN2A cases. With "
        "PS2 + PM2 + PP3 it reaches likely pathogenic; the clinical call is hers.",
    )
    s.turn(
        "core hours used so far?",
        "About 19,400 core-hours so far across all head jobs (accounting via bacct for project kessler_rd014). "
        "That leaves around 20,600 of the quarter's allocation.",
        calls=[
            (
                "shell",
                {
                    "cmd": "bacct -P kessler_rd014 -C 2026/03/01, | grep -E 'Total CPU|Total number of done jobs'"
                },
                "Total number of done jobs:    6812      Total number of exited jobs:    41\nTotal CPU time consumed:   69852117.4 second\n"
                "Total CPU time consumed (hours):  19403.4",
            )
        ],
    )
    s.turn(
        "draft the mdt summary for fam 07, short, no ids beyond the family number in the subject line",
        "Draft:\n\n**Subject:** Family 07: candidate de novo SCN2A variant for MDT 3rd april\n\nTo: "
        "rd-mdt@kessler-lab.org (attn. Lindqvist)\n\nTrio WGS (30x, nf-core/sarek 3.5.1, DeepVariant + GLnexus) "
        "finds one protein-altering de novo variant in the proband: SCN2A NM_021007.3:c.2558G>A (missense), "
        "absent from gnomAD, heterozygous in the proband (17/36 reads), absent in both parents. Provisional class: "
        "likely pathogenic (PS2 pending Sanger, PM2, PP3). Sanger primers designed, samples with the sequencing core. "
        "IGV snapshots attached.\n\nSample ids are in the body only where the variant needs them; the subject has "
        "just the family number.",
    )
    s.turn(
        "sanger came back, confirmed in the kid, parents wt. update the draft",
        'Updated: "Sanger confirms c.2558G>A heterozygous in the proband and absent in both parents (de novo '
        'confirmed). Class: likely pathogenic (PS2, PM2, PP3)." Everything else unchanged; still addressed to '
        "rd-mdt@kessler-lab.org for Lindqvist, for the 3rd april MDT.",
    )
    s.turn(
        "copy the final stuff to the archive now",
        "Copied with checksums to /archive/kessler/rd014_final: all 57 CRAMs, the proband gVCFs, the GLnexus joint "
        "VCF + index, the MultiQC report and pipeline_info (execution report, software versions). Group write is "
        "off on the copies. FASTQs stay where they are.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && rsync -av --checksum --chmod=Dg+s,Fg-w results/ /archive/kessler/rd014_final/"
                },
                gen_rsync(rng),
            )
        ],
    )
    s.turn(
        "ega upload needs the files encrypted first right? can we do that without moving fastqs around",
        "Yes, EGA wants crypt4gh-encrypted files. We can encrypt in place on the cluster into a separate upload "
        "folder (`crypt4gh encrypt --recipient_pk ega.pub`) and push with the EGA sftp inbox from the login node, "
        "so nothing leaves the cluster unencrypted and the raw FASTQ folder isn't touched; the encrypted copies go "
        "under /scratch/kessler/rd014/ega_upload. For the journal, CRAMs plus the joint VCF are usually enough; "
        "FASTQs are optional.",
    )
    s.turn(
        "just crams + vcf then. not now though, after the mdt",
        "OK, parked until after the MDT: the EGA upload will be CRAMs and the joint VCF only, encrypted on the "
        "cluster, attached to the draft study.",
    )
    s.turn(
        "clean up work/ on scratch but leave results",
        "work/ is removed (6.4 TB freed); results/, sheets/, params and logs stay. Scratch usage for the group is "
        "back to 3.2 TB.",
        calls=[
            (
                "shell",
                {
                    "cmd": "cd /scratch/kessler/rd014 && nextflow clean -f -k && rm -rf work && lfs quota -h -g kessler /scratch | tail -n 1"
                },
                "Removed 7421 task directories\n       /scratch   3.2T      0k     20T       -  102337       0       0       -",
            )
        ],
    )
    s.turn(
        "whats the project dir again, the new postdoc needs it",
        "/scratch/kessler/rd014 (FASTQs in fastq/, read only; results/, sheets/ and params.yaml next to it). The "
        "archived deliverables are in /archive/kessler/rd014_final.",
        recall=["/scratch/kessler/rd014", "/archive/kessler/rd014_final"],
    )
    s.turn(
        "how many core-hours did we have at the start",
        "40,000 core-hours left on the allocation when we started; about 19,400 used by the run.",
        recall=["40,000 core-hours"],
    )
    s.turn(
        "the public control study + the na12878 run, PI wants them in the paper anyway",
        "Study PRJNA1071562, NA12878 run SRR28419305 (we didn't use them in the end).",
        recall=["PRJNA1071562", "SRR28419305"],
    )
    s.turn(
        "which fastq failed md5 at the start and what was its hash",
        "KS014-11-M_S32_L002_R2_001.fastq.gz; its actual md5 was 9f2c1e0b7a4d63e8c5b1f0a29d7e4c16 (truncated "
        "transfer, re-sent by the core).",
        recall=["KS014-11-M_S32_L002_R2_001.fastq.gz", "9f2c1e0b7a4d63e8c5b1f0a29d7e4c16"],
    )
    s.turn(
        "deepvariant digest for the methods",
        "DeepVariant 1.6.1: sha256:4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4",
        recall=["sha256:4c8f1d2e9b07a35e61f0c2d98b4e7a13c5f6092d8e1b7a4c3d05f9e2b168a7c4"],
    )
    s.turn(
        "who do i call at the core if the ega upload needs sample info, number?",
        "Haruka Sato, +44 1632 960 481.",
        recall=["Haruka Sato", "+44 1632 960 481"],
    )
    s.turn(
        "first lsf job id, the one that hit the quota? support wants it",
        "4418207 (run sharp_kilby), ticket INC0291447.",
        recall=["4418207", "sharp_kilby", "INC0291447"],
    )
    s.turn(
        "mdt list and time, putting it in my calendar",
        "rd-mdt@kessler-lab.org, Thursdays at 14:30; the family 07 case is for 3rd april.",
        recall=["rd-mdt@kessler-lab.org", "14:30", "3rd april"],
    )
    s.turn(
        "and the contamination cutoff i set, reviewer asked",
        "Freemix over 0.03 was flagged; no sample came close (max 0.011).",
        recall=["0.03"],
    )
    s.turn(
        "and the variant exactly, for the abstract",
        "SCN2A NM_021007.3:c.2558G>A at chr2:165310406 (GRCh38), de novo in the family 07 proband KS014-07-P, "
        "Sanger-confirmed.",
        recall=["c.2558G>A", "chr2:165310406", "KS014-07-P"],
    )
    return s.write(out)


# == sellerops_tr: a Denizli towel brand selling on Trendyol, Hepsiburada and its own shop ======

TR_COLORS = [
    "Lacivert",
    "Antrasit",
    "Bej",
    "Yeşil",
    "Bordo",
    "Gri",
    "Turkuaz",
    "Ekru",
    "Hardal",
    "Pudra",
]
TR_PRODUCTS = [
    ("EGD-PST-01", "Hamam Peştemali %100 Pamuk 90x180"),
    ("EGD-PST-02", "Çizgili Peştemal 100x180"),
    ("EGD-PST-05", "Petek Dokuma Peştemal 90x170"),
    ("EGD-HVL-30", "El Havlusu 30x50"),
    ("EGD-HVL-50", "Yüz Havlusu 50x90"),
    ("EGD-HVL-70", "Banyo Havlusu 70x140"),
    ("EGD-BRN-01", "Bornoz Waffle"),
]
TR_NAMES = [
    "Ayşe K.",
    "Mehmet Y.",
    "Zeynep D.",
    "Emre T.",
    "Selin A.",
    "Murat Ö.",
    "Deniz Ç.",
    "Gizem S.",
    "Can B.",
    "Ece G.",
    "Oğuz E.",
    "Buse N.",
    "Hakan P.",
    "Merve İ.",
    "Kerem U.",
    "Tuğba F.",
    "Serkan H.",
    "Esra V.",
]


def tl(value: float) -> str:
    return group_num(value, ".", ",") + " TL"


def tr_time(rng: random.Random, avoid: Sequence[str] = ("16:00", "15:30")) -> str:
    while True:
        t = f"{rng.randint(8, 22):02d}:{rng.randint(0, 59):02d}"
        if t not in avoid:
            return t


def tr_orders(rng: random.Random) -> str:
    rows = []
    for k in range(128):
        day = 8 + k * 7 // 128
        code, name = rng.choice(TR_PRODUCTS)
        color = rng.choice(TR_COLORS)
        qty = rng.choice([1, 1, 1, 1, 2, 2, 3])
        unit = {
            "EGD-PST-01": 349.90,
            "EGD-PST-02": 329.90,
            "EGD-PST-05": 389.90,
            "EGD-HVL-30": 89.90,
            "EGD-HVL-50": 149.90,
            "EGD-HVL-70": 279.90,
            "EGD-BRN-01": 649.90,
        }[code]
        status = rng.choice(
            [
                "Teslim Edildi",
                "Teslim Edildi",
                "Kargoda",
                "Teslim Edildi",
                "Hazırlanıyor",
                "İade Talebi",
            ]
        )
        track = "-" if status == "Hazırlanıyor" else "7319" + digits(rng, 8)
        rows.append(
            [
                f"1047{digits(rng, 7)}",
                f"{day:02d}.03.2026 {tr_time(rng)}",
                rng.choice(TR_NAMES),
                f"{code}-{color[:3].upper()}",
                f"{name} {color}",
                qty,
                tl(unit * qty),
                track,
                status,
            ]
        )
    rows.insert(
        31,
        [
            "10472839155",
            "10.03.2026 14:22",
            "Burcu A.",
            "EGD-PST-01-LAC",
            "Hamam Peştemali %100 Pamuk 90x180 Lacivert",
            1,
            "349,90 TL",
            "731902844651",
            "Kargoda",
        ],
    )
    return csv_text(
        [
            "Sipariş No",
            "Sipariş Tarihi",
            "Müşteri",
            "Stok Kodu",
            "Ürün",
            "Adet",
            "Tutar",
            "Kargo Takip No",
            "Durum",
        ],
        rows,
        sep=";",
    )


def tr_hb_orders(rng: random.Random) -> str:
    rows = []
    for k in range(64):
        day = 8 + k * 7 // 64
        code, name = rng.choice(TR_PRODUCTS)
        color = rng.choice(TR_COLORS)
        qty = rng.choice([1, 1, 1, 2, 2, 4])
        unit = {
            "EGD-PST-01": 354.90,
            "EGD-PST-02": 334.90,
            "EGD-PST-05": 394.90,
            "EGD-HVL-30": 92.90,
            "EGD-HVL-50": 154.90,
            "EGD-HVL-70": 284.90,
            "EGD-BRN-01": 659.90,
        }[code]
        status = rng.choice(
            ["Teslim edildi", "Teslim edildi", "Kargoya verildi", "Paketleniyor", "Teslim edildi"]
        )
        rows.append(
            [
                f"44{digits(rng, 8)}",
                f"{day:02d}.03.2026 {tr_time(rng)}",
                f"{name} - {color}",
                qty,
                tl(unit * qty),
                status,
            ]
        )
    return (
        "Hepsiburada Merchant API GET /orders?merchantId=ege-dokuma&begindate=08.03.2026&enddate=14.03.2026\n"
        + table(["Sipariş No", "Ödeme Tarihi", "Ürün", "Adet", "Tutar", "Durum"], rows)
    )


def tr_open_shipments(rng: random.Random) -> str:
    rows = []
    branches = [
        "İZMİR KARŞIYAKA",
        "İSTANBUL KADIKÖY",
        "ANKARA ÇANKAYA",
        "BURSA NİLÜFER",
        "ANTALYA MURATPAŞA",
        "İSTANBUL BEŞİKTAŞ",
        "MUĞLA BODRUM",
        "İZMİR BORNOVA",
        "KOCAELİ İZMİT",
        "ESKİŞEHİR TEPEBAŞI",
    ]
    for _ in range(58):
        rows.append(
            [
                "7319" + digits(rng, 8),
                f"{rng.randint(10, 13):02d}.03.2026",
                rng.choice(branches),
                rng.choice(
                    [
                        "Dağıtımda",
                        "Transfer merkezinde",
                        "Varış şubesinde",
                        "Dağıtımda",
                        "Alıcı adreste yok - şubede",
                    ]
                ),
                rng.randint(1, 3),
            ]
        )
    return "Yurtiçi Kargo Kurumsal > Açık Gönderiler (EGE DOKUMA TEKSTIL, cari 4820117)\n" + table(
        ["Takip No", "Çıkış", "Varış Şube", "Son Durum", "Desi"], rows
    )


def tr_yurtici_statement(rng: random.Random) -> str:
    rows = []
    for k in range(56):
        day = 1 + k * 30 // 56
        if day == 21:
            day = 20
        desi = rng.choice([1, 1, 2, 2, 3])
        rows.append(
            [
                f"{day:02d}.03.2026",
                "7319" + digits(rng, 8),
                desi,
                "Gönderi bedeli",
                group_num(desi * 42.5, ".", ","),
            ]
        )
    rows.append(
        ["26.03.2026", "TZM-2026-0318841", "-", "Tazmin mahsubu (YK-HT-2026-004417)", "-422,40"]
    )
    return (
        "Yurtiçi Kargo Kurumsal > Cari Ekstre (Mart 2026, cari 4820117) - son 57 hareket, dönemde toplam 1.142 gönderi\n"
        + table(["Tarih", "Belge", "Desi", "Açıklama", "Tutar (TL)"], rows)
        + "\n\nDönem toplamı: 48.917,50 TL  Mahsup: -422,40 TL  Ödenecek: 48.495,10 TL  Vade: 10.04.2026"
    )


def tr_stock(rng: random.Random) -> str:
    rows = []
    for code, name in TR_PRODUCTS:
        for color in TR_COLORS:
            sku = f"{code}-{color[:3].upper()}"
            qty = 240 if sku == "EGD-PST-01-LAC" else rng.randint(12, 420)
            rows.append(
                [
                    sku,
                    f"{name} {color}",
                    qty,
                    rng.randint(0, 14),
                    rng.choice(["Raf A", "Raf B", "Raf C", "Palet 2", "Palet 3"]),
                    f"{rng.randint(1, 13):02d}.03.2026",
                ]
            )
    return "stok_takip.xlsx / sayfa: GÜNCEL\n" + table(
        ["Stok Kodu", "Ürün", "Stok", "Rezerve", "Yer", "Son Sayım"], rows
    )


def tr_returns(rng: random.Random) -> str:
    rows = []
    reasons = [
        "Beden/ebat uymadı",
        "Vazgeçtim",
        "Kusurlu ürün",
        "Renk farklı",
        "Geç teslim",
        "Yanlış ürün",
    ]
    for code, _name in TR_PRODUCTS:
        for color in TR_COLORS[:8]:
            sku = f"{code}-{color[:3].upper()}"
            sold = rng.randint(20, 260)
            if sku == "EGD-PST-01-LAC":
                rows.append([sku, 212, 25, "%11,8", "Renk farklı (19)"])
                continue
            ret = rng.randint(0, max(1, sold // 25))
            pct = f"%{100 * ret / sold:.1f}".replace(".", ",")
            if pct == "%11,8":
                pct = "%3,1"
            rows.append(
                [sku, sold, ret, pct, rng.choice(reasons) + f" ({max(ret - rng.randint(0, 2), 0)})"]
            )
    return (
        "Trendyol Satıcı Paneli > Raporlar > İade Analizi (son 30 gün, 13.02.2026-14.03.2026)\n"
        + table(["Stok Kodu", "Satış", "İade", "İade Oranı", "En Sık Sebep"], rows)
        + "\n\nToplam iade oranı: %2,9 (kategori ortalaması %4,6)"
    )


def tr_hb_listings(rng: random.Random) -> str:
    rows = []
    for code, name in TR_PRODUCTS:
        for color in TR_COLORS:
            sku = f"{code}-{color[:3].upper()}"
            hbv = "HBV0000" + "".join(
                rng.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6)
            )
            barcode = "86830472" + digits(rng, 5)
            if sku == "EGD-PST-01-LAC":
                hbv, barcode = "HBV00004X7KQ2", "8683047215539"
            if sku == "EGD-PST-01-ANT":
                barcode = "8683047215539"
            rows.append(
                [
                    hbv,
                    sku,
                    f"{name} {color}",
                    barcode,
                    rng.randint(0, 150),
                    "Satışta" if rng.random() > 0.1 else "Stok yok",
                ]
            )
    return "Hepsiburada Merchant API GET /listings?merchantId=ege-dokuma (70 kayıt)\n" + table(
        ["HB Ürün Kodu", "Satıcı Stok Kodu", "Ürün Adı", "Barkod", "Stok", "Durum"], rows
    )


def tr_payouts(rng: random.Random) -> str:
    lines = ["Trendyol Satıcı Paneli > Finans > Hesap Ekstresi (01.03.2026 - 14.03.2026)", ""]
    rows = []
    for day in range(1, 15):
        for kind in ("Satış", "Komisyon", "Kargo Kesintisi", "İade"):
            if kind == "İade" and rng.random() < 0.5:
                continue
            amount = {
                "Satış": rng.uniform(2500, 7800),
                "Komisyon": -rng.uniform(480, 1500),
                "Kargo Kesintisi": -rng.uniform(300, 900),
                "İade": -rng.uniform(90, 700),
            }[kind]
            rows.append(
                [f"{day:02d}.03.2026", kind, f"TY-{digits(rng, 9)}", group_num(amount, ".", ",")]
            )
    lines.append(table(["Tarih", "İşlem", "Belge No", "Tutar (TL)"], rows))
    lines += [
        "",
        "Planlanan ödemeler:",
        table(
            ["Vade", "Dönem", "Tutar", "Durum"],
            [
                ["05.03.2026", "20.02-26.02", tl(41882.10), "Ödendi"],
                ["12.03.2026", "27.02-05.03", tl(45130.55), "Ödendi"],
                ["19.03.2026", "06.03-12.03", tl(43907.40), "Onaylandı"],
                [
                    "02.04.2026",
                    "13.03-26.03",
                    "48.236,75 TL",
                    "Hesaplanıyor (kampanya dönemi, 14 günlük vade)",
                ],
            ],
        ),
    ]
    return "\n".join(lines)


def tr_invoices(rng: random.Random) -> str:
    rows = []
    n = 331
    for month in (2, 3):
        for _ in range(40):
            n += rng.randint(1, 4)
            day = rng.randint(1, 28 if month == 2 else 14)
            if (day, month) == (21, 3):
                day = 20
            no = f"EGD2026{n:09d}"
            status = "Onaylandı"
            buyer = rng.choice(
                ["Trendyol Müşterisi", "Hepsiburada Müşterisi", "ikas Müşterisi", "Nihai Tüketici"]
            )
            if no == "EGD2026000000417":
                status, buyer = "İPTAL (GİB'e bildirildi)", "Mavi Koy Butik Otel"
            rows.append(
                [no, f"{day:02d}.{month:02d}.2026", buyer, tl(rng.uniform(89.9, 3400)), status]
            )
    if not any(r[0] == "EGD2026000000417" for r in rows):
        rows[40] = [
            "EGD2026000000417",
            "03.03.2026",
            "Mavi Koy Butik Otel",
            "6.720,00 TL",
            "İPTAL (GİB'e bildirildi)",
        ]
    rows.sort(key=lambda r: r[0])
    return "e-Arşiv Portal > Düzenlenen Belgeler (01.02.2026 - 14.03.2026)\n" + table(
        ["Fatura No", "Tarih", "Alıcı", "Tutar (KDV dahil)", "Durum"], rows
    )


def tr_bank(rng: random.Random) -> str:
    rows = []
    for k in range(54):
        day = 3 + k * 27 // 54
        if day == 21:
            day = 22
        desc = rng.choice(
            [
                "TRENDYOL HAKEDIS",
                "HEPSIBURADA ODEME",
                "IKAS ODEME",
                "YURTICI KARGO FAT",
                "POS TAHSILAT",
                "SGK PRIM",
                "ELEKTRIK FAT",
                "DENIZLI IPLIK SAN ODEME",
                "FAST GELEN",
                "EFT GIDEN",
            ]
        )
        sign = (
            1
            if desc
            in ("TRENDYOL HAKEDIS", "HEPSIBURADA ODEME", "IKAS ODEME", "POS TAHSILAT", "FAST GELEN")
            else -1
        )
        rows.append(
            [
                f"{day:02d}.03.2026 {tr_time(rng)}",
                desc,
                group_num(sign * rng.uniform(150, 46000), ".", ","),
            ]
        )
    rows.insert(
        40,
        [
            "27.03.2026 10:42",
            "FAST GELEN LYKIA OTEL TURIZM A.S. TEKLIF 2026/03 PESINAT",
            "52.200,00",
        ],
    )
    return "Ziraat İnternet Şubesi > Hesap Hareketleri (03.03.2026 - 30.03.2026)\n" + table(
        ["Tarih", "Açıklama", "Tutar (TL)"], rows
    )


def sellerops(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_02)
    s = Session(
        "sellerops_tr",
        "tr",
        "a Denizli peştemal/towel brand on Trendyol, Hepsiburada and ikas: orders, cargo damage, returns, listings, payouts, e-Arşiv",
        cues=(
            "kusura bakma",
            "pardon",
            "yanlış yazmışım",
            "yanlis yazmisim",
            "özür",
            "düzeltme",
            "aslında",
            "yanlış",
            "pardın",
        ),
    )
    s.turn(
        "merhaba ben elif. denizlide ege dokuma diye küçük bir peştemal havlu markamız var, trendyol + hepsiburada + "
        "kendi sitemiz (ikas). depo Sümer Mah. 2468/1 Sk. No:14 Merkezefendi/Denizli. ana ürün EGD-PST-01 hamam "
        "peştemali, fiyatı 349,90 TL. siparişler birbirine girdi yardım lazım",
        "Merhaba Elif Hanım, memnuniyetle. Not aldım:\n\n- marka: Ege Dokuma (peştemal, havlu)\n- kanallar: Trendyol, "
        "Hepsiburada, ikas (kendi site)\n- depo: Sümer Mah. 2468/1 Sk. No:14 Merkezefendi/Denizli\n- ana ürün: "
        "EGD-PST-01 Hamam Peştemali, 349,90 TL\n\nSiparişleri kanal kanal çekip tek listede toplayabilirim. Depoda "
        "kim çalışıyor, kargoyu kim hazırlıyor?",
        facts=[U("2468/1 Sk. No:14", "2468/1 sk. no 14"), U("EGD-PST-01")],
    )
    s.turn(
        "depoda Kadir bakıyor, paketleme kargo hep onda, tel 0532 418 27 63. iadeleri Kadir görmeden onaylama, geçen ay "
        "boş kutu iade ettiler 3 tane",
        "Tamam: depo ve paketleme Kadir'de (0532 418 27 63). Kural olarak not ettim: **iadeler Kadir ürünü görüp "
        "kontrol etmeden onaylanmayacak**. Trendyol ve Hepsiburada'da iade talebi geldiğinde yalnızca 'Kontrol "
        "bekliyor' durumunda bırakacağım, onayı Kadir'in notundan sonra vereceğim.",
        facts=[
            U("Kadir"),
            U("0532 418 27 63", "0532 4182763", "05324182763"),
            RULE(
                "iadeleri Kadir görmeden onaylama",
                "iadeler Kadir kontrol etmeden onaylanmayacak",
                "Kadir görmeden iade onayı yok",
                "iade onayı Kadir'in kontrolünden sonra",
            ),
        ],
    )
    s.turn(
        "kargo yurtiçi, desi başı 42,50 TL anlaşmamız var. kesim saati 16:00 ondan önce gelen aynı gün çıkıyor. "
        "müşteriye asla kargo ücreti yansıtma, hepsi ücretsiz kargo bizde",
        "Not aldım: Yurtiçi Kargo, desi başı 42,50 TL; 16:00'dan önce gelen sipariş aynı gün kargoda. Ve kural: "
        "**kargo ücreti hiçbir zaman müşteriye yansıtılmayacak**; tüm kanallarda ücretsiz kargo, kargo maliyetini "
        "fiyat hesaplarında bizim tarafta tutacağım.",
        facts=[
            U("42,50 TL", "42,50 tl/desi", "42.50 TL"),
            RULE(
                "müşteriye asla kargo ücreti yansıtma",
                "kargo ücreti müşteriye yansıtılmayacak",
                "ücretsiz kargo",
                "never charge shipping to the customer",
            ),
        ],
    )
    s.turn(
        "trendyol ve hbden son 7 günün siparişlerini çek. bi müşteri peştemal gelmedi diye yazmış, burcu diye biri",
        "Son 7 günde Trendyol'da 129, Hepsiburada'da 64 sipariş var; HB'de bekleyen sorunlu bir şey yok. Burcu A. "
        "Trendyol'daki şu sipariş:\n\n- sipariş no **10472839155**, 10.03.2026 "
        "14:22\n- EGD-PST-01-LAC Hamam Peştemali Lacivert, 1 adet, 349,90 TL\n- Yurtiçi takip no "
        "**731902844651**, durum hâlâ 'Kargoda'\n\n4 gün olmuş, normalde Denizli'den 1-2 günde teslim oluyor. Kargo "
        "hareketlerine bakayım mı?",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "GET /suppliers/ege-dokuma/orders",
                    "params": {"startDate": "08.03.2026", "endDate": "14.03.2026", "size": 200},
                },
                tr_orders(rng),
            ),
            (
                "hepsiburada_api",
                {
                    "endpoint": "GET /orders",
                    "params": {
                        "merchantId": "ege-dokuma",
                        "begindate": "08.03.2026",
                        "enddate": "14.03.2026",
                    },
                },
                tr_hb_orders(rng),
            ),
        ],
        facts=[T("10472839155"), T("731902844651")],
    )
    s.turn(
        "muhasebe Serap Hanım'da, koç müşavirlik, info@kocmusavirlik.com.tr. faturaları ay sonu ona atıyoruz",
        "Muhasebe: Serap Hanım, Koç Müşavirlik, info@kocmusavirlik.com.tr; ay sonunda o ayın e-Arşiv ve e-Fatura "
        "listesini, iade faturalarını ve pazaryeri hakediş ekstrelerini tek bir mailde oraya gönderebilirim. "
        "Şimdi Burcu Hanım'ın kargosuna bakayım mı?",
        facts=[U("info@kocmusavirlik.com.tr")],
    )
    s.turn(
        "evet bak, nerde kalmış o kargo. diğer açık gönderilere de bi göz at",
        "Diğer 58 açık gönderide olağandışı bir şey yok (çoğu dağıtımda). Burcu Hanım'ınki için kötü haber: gönderi İzmir Transfer Merkezi'nde hasarlı bulunmuş ve orada bekletiliyor. Yurtiçi hasar "
        "tutanağı tutmuş: **YK-HT-2026-004417**. Paket müşteriye çıkmamış, yani Burcu Hanım haklı. Tutanak numarası "
        "tazmin başvurusu için lazım olacak.",
        calls=[
            (
                "yurtici_kargo",
                {"action": "hareketler", "takip_no": "731902844651"},
                "Gönderi: 731902844651  Gönderici: EGE DOKUMA TEKSTIL  Alıcı: BURCU A. (KARŞIYAKA/İZMİR)  Desi: 1\n"
                "10.03.2026 17:41  DENİZLİ MERKEZEFENDİ ŞUBE      Gönderi kabul edildi\n"
                "10.03.2026 21:05  DENİZLİ TRANSFER MERKEZİ       Transfer merkezine ulaştı\n"
                "10.03.2026 23:50  DENİZLİ TRANSFER MERKEZİ       Çıkış yapıldı\n"
                "11.03.2026 04:12  İZMİR TRANSFER MERKEZİ         Transfer merkezine ulaştı\n"
                "11.03.2026 06:37  İZMİR TRANSFER MERKEZİ         Ayrıştırma: ambalaj hasarlı\n"
                "11.03.2026 09:18  İZMİR TRANSFER MERKEZİ         Hasar tespit tutanağı düzenlendi (YK-HT-2026-004417)\n"
                "11.03.2026 09:20  İZMİR TRANSFER MERKEZİ         Gönderi bekletiliyor - gönderici talimatı bekleniyor",
            ),
            (
                "yurtici_kargo",
                {"action": "acik_gonderiler", "cari": "4820117"},
                tr_open_shipments(rng),
            ),
        ],
        facts=[T("YK-HT-2026-004417")],
    )
    s.turn(
        "stok sayfasını aç, lacivertten kaç tane var. sitede 240 adet görünüyor",
        "Stok sayfasında da EGD-PST-01-LAC (Hamam Peştemali Lacivert) 240 adet, 3'ü rezerve, son sayım "
        "tarihiyle birlikte aşağıda. Sitedeki rakamla aynı; yani ikas stoğu bu sayfadan besleniyor.",
        calls=[("sheets", {"file": "stok_takip.xlsx", "sheet": "GÜNCEL"}, tr_stock(rng))],
    )
    s.turn(
        "burcuya yeni peştemal gönder, hasarlı olan için yurtiçine tazmin açarız. müşteriye de mesaj at kibar olsun",
        "Yapıldı:\n\n1. Burcu Hanım'a yeni bir EGD-PST-01-LAC için gönderi oluşturdum, yeni takip no 731903117208 "
        '(bugünkü kargoya yetişiyor).\n2. Trendyol üzerinden mesaj: "Merhaba Burcu Hanım, kargonuz transfer '
        "sırasında hasar gördüğü için size bugün yeni bir peştemal gönderdik. Yaşanan gecikme için özür dileriz, "
        'ek bir ücret ödemeniz gerekmiyor. Ege Dokuma"\n3. Hasarlı gönderi için tazmin başvurusunu tutanak '
        "numarasıyla hazırlayacağım.",
        calls=[
            (
                "yurtici_kargo",
                {
                    "action": "gonderi_olustur",
                    "alici": "Burcu A.",
                    "siparis": "10472839155",
                    "desi": 1,
                    "odeme": "gonderici",
                },
                '{"durum": "olusturuldu", "takip_no": "731903117208", "cikis": "bugun"}',
            ),
            (
                "trendyol_api",
                {
                    "endpoint": "POST /suppliers/ege-dokuma/questions/answer",
                    "body": {
                        "orderNumber": "10472839155",
                        "text": "Merhaba Burcu Hanım, kargonuz transfer sırasında hasar gördüğü için size bugün yeni bir peştemal gönderdik. Yaşanan gecikme için özür dileriz, ek bir ücret ödemeniz gerekmiyor. Ege Dokuma",
                    },
                },
                '{"status": "SENT"}',
            ),
        ],
    )
    s.turn(
        "trendyol komisyonu bizde %19,5. kampanyaya girersek %15 indirimle bize ne kalıyor peştemalden",
        "349,90 TL üzerinden, 1 desi kargo (42,50 TL) bizde:\n\n| | kampanyasız | %15 indirimli |\n|---|---:|---:|\n"
        "| satış fiyatı | 349,90 | 297,42 |\n| komisyon %19,5 | 68,23 | 58,00 |\n| kargo | 42,50 | 42,50 |\n"
        "| **kalan** | **239,17** | **196,92** |\n\nKampanyada adet başı yaklaşık 42 TL daha az kalıyor; ürün "
        "maliyetiniz 150 TL'nin altındaysa hâlâ kârlı.",
        facts=[U("%19,5", "19,5%", "%19.5")],
    )
    s.turn(
        "trendyol bahar kampanyası 21.03.2026da başlıyor, detayını bul",
        "Buldum: Trendyol **Bahar İndirimleri**, kampanya kodu **KMP-88214**, başlangıç 21.03.2026, 7 gün. Katılım "
        "şartı en az %15 indirim, ev tekstili kategorisinde komisyon kampanya süresince 2 puan düşük. Son katılım "
        "tarihi 18.03.2026.",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "GET /suppliers/ege-dokuma/campaigns",
                    "params": {"status": "upcoming"},
                },
                "kampanyaKodu  ad                          başlangıç    süre  minİndirim  kategori          komisyonİndirimi  sonKatılım\n"
                "KMP-87730     Anneler Günü Hazırlık       05.05.2026   5     %10         Ev & Mobilya      0                 28.04.2026\n"
                "KMP-88214     Bahar İndirimleri           21.03.2026   7     %15         Ev Tekstili       2 puan            18.03.2026\n"
                "KMP-88302     Süper Fırsat Günleri        14.04.2026   3     %20         Tüm kategoriler   1 puan            09.04.2026\n"
                "KMP-88419     Çeyiz Haftası               20.04.2026   7     %12         Ev Tekstili       0                 15.04.2026\n"
                "KMP-88455     Plaj Sezonu Başlangıcı      18.05.2026   10    %10         Plaj & Havlu      1,5 puan          11.05.2026",
            )
        ],
        facts=[T("KMP-88214")],
    )
    s.turn(
        "kampanyaya katılıyoruz ama sadece peştemallerle, havlular kalsın",
        "Tamam: Bahar İndirimleri'ne yalnızca peştemaller (EGD-PST-01, -02, -05, tüm renkler) %15 indirimle "
        "girecek; havlular ve bornoz kampanya dışında kalacak. Katılım listesini son tarihten önce hazırlayacağım.",
        facts=[
            CHOICE(
                "kampanyaya katılıyoruz ama sadece peştemallerle",
                "kampanyaya sadece peştemallerle",
                "only the peştemals in the campaign",
                "havlular kampanya dışında",
            )
        ],
    )
    s.turn(
        "trendyolda fiyatı sitedekinden ucuz yapma asla, müşteri siteye gelsin istiyorum. sitede şu an kaç?",
        "Kural not edildi: **Trendyol fiyatı hiçbir zaman ikas'taki fiyatın altına inmeyecek**. Sitede "
        "EGD-PST-01 şu an 349,90 TL, Trendyol'la aynı. Kampanyada Trendyol 297,42 TL'ye inerse bu kurala aykırı "
        "olur; ya site de kampanya süresince aynı indirimi yapmalı ya da kampanya fiyatı site fiyatına eşit "
        "tutulmalı. Hangisini tercih edersiniz?",
        calls=[
            (
                "ikas_api",
                {"query": 'product(sku: "EGD-PST-01") { variants { sku price stock } }'},
                '{"product": {"sku": "EGD-PST-01", "variants": ['
                '{"sku": "EGD-PST-01-LAC", "price": "349.90", "stock": 240}, {"sku": "EGD-PST-01-ANT", "price": "349.90", "stock": 118}, '
                '{"sku": "EGD-PST-01-BEJ", "price": "349.90", "stock": 305}, {"sku": "EGD-PST-01-YEŞ", "price": "349.90", "stock": 77}, '
                '{"sku": "EGD-PST-01-BOR", "price": "349.90", "stock": 64}, {"sku": "EGD-PST-01-GRİ", "price": "349.90", "stock": 141}]}}',
            )
        ],
        facts=[
            RULE(
                "trendyolda fiyatı sitedekinden ucuz yapma",
                "Trendyol fiyatı ikas'taki fiyatın altına inmeyecek",
                "trendyol never cheaper than the site",
                "sitedeki fiyattan ucuz olmayacak",
            )
        ],
    )
    s.turn(
        "kusura bakma yanlış yazmışım, kesim 16:00 değil 15:30. yurtiçi aracı o saatte geliyor. site de kampanyada "
        "aynı indirimi yapsın",
        "Düzelttim: kargo kesim saati 15:30. 15:30'dan sonra gelen siparişler ertesi gün çıkacak; Trendyol ve "
        "Hepsiburada'daki 'aynı gün kargo' ayarını da buna göre güncelledim. Site de kampanya süresince %15 "
        "indirimli olacak, böylece Trendyol fiyatı siteden ucuz olmayacak.",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "PUT /suppliers/ege-dokuma/shipment-settings",
                    "body": {"sameDayCutoff": "15:30"},
                },
                '{"status": "UPDATED", "sameDayCutoff": "15:30"}',
            ),
            (
                "hepsiburada_api",
                {
                    "endpoint": "PUT /merchants/ege-dokuma/cargo-settings",
                    "body": {"cutOffTime": "15:30"},
                },
                '{"result": "ok"}',
            ),
        ],
        fix=[("16:00", "15:30")],
    )
    s.turn(
        "iade raporu çek, son 30 günde en çok hangi ürün iade alıyor",
        "Genel iade oranı %2,9 (kategori ortalaması %4,6), yani iyi. Ama bir ürün çok ayrışıyor: "
        "**EGD-PST-01-LAC (lacivert peştemal) %11,8**, 212 satışta 25 iade, 19'unda sebep 'Renk farklı'. Diğer "
        "ürünler %0-4 arasında. Lacivertte fotoğraf ya da gönderilen renk ile ilgili bir sorun var gibi.",
        calls=[
            (
                "trendyol_api",
                {"endpoint": "GET /suppliers/ege-dokuma/reports/returns", "params": {"days": 30}},
                tr_returns(rng),
            )
        ],
        facts=[T("%11,8", "11,8%")],
    )
    s.turn(
        "renk farklı diyorlar, foto mu yanlış acaba. hepsiburadaki listeye bak lacivert orada da var mı",
        "Hepsiburada'da sorun bulundu: lacivert peştemal ilanı **HBV00004X7KQ2**, ama barkodu **8683047215539** ve "
        "bu barkod antrasit peştemal ilanında da kayıtlı. Yani depoda barkod okutulunca lacivert yerine antrasit "
        "çıkıyor olabilir; 'renk farklı' iadelerinin büyük kısmı buradan geliyor olabilir. Kadir'e barkod "
        "etiketlerini kontrol ettirmek iyi olur.",
        calls=[
            (
                "hepsiburada_api",
                {"endpoint": "GET /listings", "params": {"merchantId": "ege-dokuma", "limit": 100}},
                tr_hb_listings(rng),
            )
        ],
        facts=[T("HBV00004X7KQ2"), T("8683047215539")],
    )
    s.turn(
        "hepsiburadada lacivert listelemeyi kapat, barkodu ve fotoyu düzeltene kadar",
        "Kapatıldı: HBV00004X7KQ2 satışa kapalı (stok 0 gösteriliyor, ilan silinmedi, puan ve yorumlar duruyor). "
        "Barkod ve fotoğraf düzelince tekrar açacağım.",
        calls=[
            (
                "hepsiburada_api",
                {
                    "endpoint": "PUT /listings/HBV00004X7KQ2",
                    "body": {"availableStock": 0, "status": "PASSIVE"},
                },
                '{"result": "ok", "status": "PASSIVE"}',
            )
        ],
        facts=[
            CHOICE(
                "hepsiburadada lacivert listelemeyi kapat",
                "lacivert ilanı Hepsiburada'da kapatıldı",
                "close the navy listing on hepsiburada",
            )
        ],
    )
    s.turn(
        "aras kargo teklif yolladı mail attı, desi 38 TL diyor. değer mi sence",
        "Teklifi okudum. Rakamla bakalım: ayda ortalama 1.150 gönderi, ortalama 1,3 desi. Yurtiçi'nde 42,50 TL x 1,3 = 55,25 TL, "
        "Aras'ta 38 x 1,3 = 49,40 TL; fark gönderi başı 5,85 TL, ayda yaklaşık 6.700 TL. Ama: Aras'ın Denizli "
        "şubesi Merkezefendi'de değil, araç alım saati belirsiz, ve hasar tazmini süreci Yurtiçi'yle zaten açık. "
        "Geçiş kampanya haftasına denk gelirse risk büyük. Ben kampanyadan sonra, küçük bir denemeyle bakmayı "
        "önerirdim. Ayrıca teklifteki 38 TL yalnızca ilk 6 ay için; 7. aydan itibaren 'güncel tarife' yazıyor.",
        calls=[
            (
                "mail",
                {"action": "search", "from": "aras", "limit": 1},
                "From: Kurumsal Satış - Aras Kargo <kurumsal.ege@araskargo.com.tr>\nDate: 15.03.2026 09:14\nSubject: Ege Dokuma için özel fiyat teklifi\n\n"
                "Sayın Elif Hanım,\n\nDenizli bölgesindeki e-ticaret firmalarına özel kampanyamız kapsamında Ege Dokuma için hazırladığımız teklif aşağıdadır.\n\n"
                "- 1-5 desi arası gönderiler: desi başı 38,00 TL + KDV (ilk 6 ay)\n- 6. aydan sonra: güncel kurumsal tarife üzerinden %12 indirim\n"
                "- Pazaryeri entegrasyonu (Trendyol, Hepsiburada): ücretsiz\n- Araç alım saati: şube yoğunluğuna göre 14:00-17:30 arası\n"
                "- Hasar/kayıp tazmini: fatura bedeli, 30 gün içinde\n- Minimum aylık gönderi taahhüdü: 900 adet\n"
                "- Sözleşme süresi: 12 ay, erken fesihte kalan ayların taahhüt farkı faturalanır\n\n"
                "Teklifimiz 31.03.2026 tarihine kadar geçerlidir. Denizli Sanayi şubemiz (Sanayi Mah. 1584 Sk.) üzerinden hizmet verilecektir.\n\n"
                "Saygılarımızla,\nOnur Demirtaş\nKurumsal Satış Yöneticisi - Ege Bölge",
            )
        ],
    )
    s.turn(
        "yok arasa geçmiyoruz, yurtiçiyle devam. tazmini bekleyelim bakalım ne diyecekler",
        "Tamam, Yurtiçi'yle devam. Aras'a teşekkür edip şimdilik hayır diyen kısa bir cevap taslağı hazırlayabilirim. "
        "Tazmin başvurusunu YK-HT-2026-004417 numaralı tutanakla açtım.",
        calls=[
            (
                "yurtici_kargo",
                {
                    "action": "tazmin_basvuru",
                    "tutanak": "YK-HT-2026-004417",
                    "takip_no": "731902844651",
                    "deger": "urun bedeli",
                },
                '{"basvuru_no": "TZM-2026-0318841", "durum": "inceleniyor", "tahmini_sure": "10 is gunu"}',
            )
        ],
        facts=[
            CHOICE(
                "arasa geçmiyoruz, yurtiçiyle devam",
                "Yurtiçi'yle devam",
                "stay with yurtiçi",
                "not switching to aras",
            )
        ],
    )
    s.turn(
        "fiyatı 379,90 TL yaptım sitede, pamuk ipliğe zam geldi. trendyolu da güncelle, kampanya fiyatını da ona göre",
        "Trendyol'da EGD-PST-01'in tüm renkleri 379,90 TL oldu, sitedeki fiyatla aynı. %15 kampanya fiyatı buna göre "
        "322,92 TL; komisyon (%19,5) 62,97 TL ve kargo 42,50 TL düşünce adet başı 217,45 TL kalıyor.",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "POST /suppliers/ege-dokuma/products/price-and-inventory",
                    "body": {
                        "items": [
                            {
                                "stockCode": f"EGD-PST-01-{c[:3].upper()}",
                                "salePrice": 379.90,
                                "listPrice": 379.90,
                            }
                            for c in TR_COLORS[:6]
                        ]
                    },
                },
                '{"batchRequestId": "b7f2c0e4-9a11-4c53-8d0e-31f7aa20c6d9", "status": "COMPLETED", "failedItemCount": 0, "itemCount": 6}',
            )
        ],
        fix=[("349,90 TL", "379,90 TL")],
    )
    s.turn(
        "lykia otel 600 adet havlu istiyor, 30x50 el havlusu, logo nakışlı. teklif hazırla adet 145 TL + kdv",
        "Teklif taslağı:\n\n**Ege Dokuma - Fiyat Teklifi**\nMüşteri: Lykia Otel\nÜrün: EGD-HVL-30 El Havlusu 30x50, "
        "%100 pamuk, logo nakışlı\nMiktar: 600 adet\nBirim fiyat: 145,00 TL + KDV\nAra toplam: 87.000,00 TL\nKDV "
        "%20: 17.400,00 TL\n**Genel toplam: 104.400,00 TL**\nTeslim: siparişten sonra 15 iş günü, kargo bizden\n"
        "Geçerlilik: 15 gün\n\nÖdeme koşulunu ne yazayım?",
        facts=[U("600 adet")],
    )
    s.turn(
        "ödeme %50 peşin. otelin vergi numarası lazım, maildeki imzada vardı",
        "Lykia Otel'in son mailinin imzasından: **Lykia Otel Turizm A.Ş.**, Konyaaltı Vergi Dairesi, vergi no "
        "**6120448317**, adres Sarısu Mah. Akdeniz Bulvarı No:211 Konyaaltı/Antalya. Teklife ekledim, ödeme: %50 "
        "peşin (52.200,00 TL), kalan teslimde.",
        calls=[
            (
                "mail",
                {"action": "search", "from": "lykia", "limit": 1},
                "From: Satınalma - Lykia Otel <satinalma@lykiaotel.com.tr>\nDate: 14.03.2026 11:02\nSubject: El havlusu teklifi\n\n"
                "Elif Hanım merhaba,\nkonuştuğumuz gibi 600 adet 30x50 el havlusu, logolu, için teklifinizi bekliyoruz.\n"
                "Sezon açılışı nedeniyle teslimin nisan sonunu geçmemesi önemli.\n\nSaygılarımızla,\nNil Karaca\nSatınalma Sorumlusu\n"
                "Lykia Otel Turizm A.Ş.\nSarısu Mah. Akdeniz Bulvarı No:211 Konyaaltı/Antalya\nKonyaaltı V.D. 6120448317\n"
                "T: 0242 259 14 00",
            )
        ],
        facts=[T("6120448317")],
    )
    s.turn(
        "lykia otel teklifini kabul ediyoruz, gönder. teslim nisan sonu olur",
        "Teklif gönderildi: satinalma@lykiaotel.com.tr, Nil Karaca'ya; 600 adet EGD-HVL-30, 145,00 TL + KDV, toplam "
        "104.400,00 TL, %50 peşin, teslim en geç 30.04.2026. Peşinat gelince üretim planına alalım.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "satinalma@lykiaotel.com.tr",
                    "subject": "Ege Dokuma - 600 adet el havlusu teklifi",
                    "attachments": ["teklif_lykia_2026-03.pdf"],
                },
                '{"status": "sent"}',
            )
        ],
        facts=[
            CHOICE(
                "lykia otel teklifini kabul ediyoruz",
                "Lykia teklifi onaylandı",
                "accepted the Lykia order",
            )
        ],
    )
    s.turn(
        "sayım yaptık lacivertten 186 adet var. stok sayfasını, siteyi ve trendyolu düzelt",
        "Güncelledim: EGD-PST-01-LAC stoğu 186 adet oldu; stok sayfası (son sayım bugünün tarihi), ikas ve Trendyol "
        "aynı rakamı gösteriyor. Hepsiburada ilanı kapalı olduğu için orada 0 kalıyor.",
        calls=[
            (
                "sheets",
                {
                    "file": "stok_takip.xlsx",
                    "sheet": "GÜNCEL",
                    "update": {"EGD-PST-01-LAC": {"Stok": 186, "Son Sayım": "15.03.2026"}},
                },
                '{"updatedCells": 2}',
            ),
            (
                "ikas_api",
                {"mutation": 'updateStock(sku: "EGD-PST-01-LAC", stock: 186)'},
                '{"updateStock": {"sku": "EGD-PST-01-LAC", "stock": 186}}',
            ),
            (
                "trendyol_api",
                {
                    "endpoint": "POST /suppliers/ege-dokuma/products/price-and-inventory",
                    "body": {"items": [{"stockCode": "EGD-PST-01-LAC", "quantity": 186}]},
                },
                '{"status": "COMPLETED", "failedItemCount": 0}',
            ),
        ],
        fix=[("240 adet", "186 adet")],
    )
    s.turn(
        "trendyol hakedişi ne zaman yatıyor, ne kadar",
        "Hesap ekstresine göre:\n\n- 19.03.2026: 43.907,40 TL (onaylandı)\n- sonraki ödeme **02.04.2026**, tahmini "
        "**48.236,75 TL** (13-26 mart dönemi; kampanya dönemi olduğu için 14 günlük vade, tutar hâlâ "
        "hesaplanıyor).",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "GET /suppliers/ege-dokuma/finance/settlements",
                    "params": {"startDate": "01.03.2026", "endDate": "14.03.2026"},
                },
                tr_payouts(rng),
            )
        ],
        facts=[T("02.04.2026"), T("48.236,75 TL", "48.236,75")],
    )
    s.turn(
        "hangi hesaba yatıyor kontrol et, iban doğru mu panelde",
        "Trendyol panelinde kayıtlı hesap: Ege Dokuma Tekstil Ltd. Şti., Ziraat Bankası Denizli Sanayi Şubesi, IBAN "
        "**TR52 0001 0002 1734 5678 9050 01**. Banka hesap hareketlerindeki Trendyol ödemeleri de bu hesaba gelmiş, "
        "tutarlı görünüyor.",
        calls=[
            (
                "trendyol_api",
                {"endpoint": "GET /suppliers/ege-dokuma/bank-account"},
                '{"accountHolder": "EGE DOKUMA TEKSTIL LTD. STI.", "bank": "T.C. ZIRAAT BANKASI A.S.", "branch": "DENIZLI SANAYI", '
                '"iban": "TR52 0001 0002 1734 5678 9050 01", "verified": true, "lastChanged": "2024-09-02"}',
            )
        ],
        facts=[T("TR52 0001 0002 1734 5678 9050 01", "TR520001000217345678905001")],
    )
    s.turn(
        "kampanya 28.03.2026 oldu, trendyol tarihleri kaydırmış mail attılar. hazırlığı ona göre yap",
        "Tamam, Bahar İndirimleri (KMP-88214) artık 28.03.2026'da başlıyor, 7 gün. Hazırlık planı: katılım listesi "
        "(sadece peştemaller, %15) son katılım tarihinden önce; kampanyadan 2 gün önce stok kontrolü; site indirimi "
        "aynı gün saat 00:00'da açılacak.",
        fix=[("21.03.2026", "28.03.2026")],
    )
    s.turn(
        "hepsiburadadan ceza maili geldi geç kargo diye. ne kadar kesmişler",
        "Hepsiburada bir geç kargo cezası kesmiş: **1.250,00 TL**, sipariş 4418820613, ödeme 09.03.2026'da alınmış, "
        "kargoya 12.03.2026'da verilmiş (taahhüt 1 iş günü). Ceza bir sonraki hakedişten düşülecek; itiraz süresi 7 "
        "gün.",
        calls=[
            (
                "hepsiburada_api",
                {"endpoint": "GET /merchants/ege-dokuma/penalties", "params": {"status": "open"}},
                '[{"penaltyId": "PNL-661092", "orderNumber": "4418820613", "type": "LATE_SHIPMENT", "amount": "1.250,00 TL", '
                '"paidAt": "09.03.2026", "shippedAt": "12.03.2026", "sla": "1 iş günü", "objectionDeadline": "22.03.2026", "status": "OPEN"}]',
            )
        ],
        facts=[T("1.250,00 TL", "1250 TL")],
    )
    s.turn(
        "itiraz et, o sipariş kadirin izinli olduğu güne denk geldi, bi daha olmaz. ama düzgün yaz",
        'İtiraz gönderildi (PNL-661092): "Sipariş depo personelimizin raporlu olduğu güne denk gelmiş ve 2 iş günü '
        "gecikmeyle kargoya verilmiştir. Müşterimiz ürünü sorunsuz teslim almış, şikâyet yoktur. Yedek personel "
        'düzenlemesi yaptık; ilk ihlalimiz olduğu için cezanın iptalini rica ederiz."',
        calls=[
            (
                "hepsiburada_api",
                {
                    "endpoint": "POST /merchants/ege-dokuma/penalties/PNL-661092/objection",
                    "body": {
                        "text": "Sipariş depo personelimizin raporlu olduğu güne denk gelmiş ve 2 iş günü gecikmeyle kargoya verilmiştir. Müşterimiz ürünü sorunsuz teslim almış, şikâyet yoktur. Yedek personel düzenlemesi yaptık; ilk ihlalimiz olduğu için cezanın iptalini rica ederiz."
                    },
                },
                '{"objectionId": "OBJ-203377", "status": "SUBMITTED"}',
            )
        ],
    )
    s.turn(
        "bi müşteri whatsapptan yazmış, numaramı kim verdi bilmiyorum. müşterilere asla kişisel numaramı verme, "
        "ne olursa olsun",
        "Kural not edildi: **Elif Hanım'ın kişisel numarası hiçbir müşteriye verilmeyecek.** Müşteri iletişimi "
        "yalnızca Trendyol/Hepsiburada mesajları ve site iletişim formu üzerinden. Kontrol ettim: ikas'taki "
        "sipariş onay maili şablonunda 'iletişim' alanında kişisel cep numarası yazıyordu; onu info@ adresiyle "
        "değiştirdim.",
        calls=[
            (
                "ikas_api",
                {
                    "mutation": 'updateEmailTemplate(name: "order_confirmation", field: "contact", value: "info@egedokuma.com")'
                },
                '{"updateEmailTemplate": {"ok": true, "previous": "0533 *** ** 19"}}',
            )
        ],
        facts=[
            RULE(
                "müşterilere asla kişisel numaramı verme",
                "kişisel numara müşteriye verilmeyecek",
                "never give customers my personal number",
                "kişisel numaramı verme",
            )
        ],
    )
    s.turn(
        "şubat mart e-arşiv faturalarını listele muhasebe istiyor",
        "Şubat-mart (14 mart'a kadar) 60 e-Arşiv fatura. Hepsi onaylı, bir tanesi hariç: **EGD2026000000417**, Mavi "
        "Koy Butik Otel, iptal edilmiş ve GİB'e bildirilmiş. Muhasebe iptal nedenini sorabilir; yerine kesilen bir "
        "fatura listede görünmüyor.",
        calls=[
            (
                "efatura",
                {"action": "list", "type": "e-arsiv", "from": "01.02.2026", "to": "14.03.2026"},
                tr_invoices(rng),
            )
        ],
        facts=[T("EGD2026000000417")],
    )
    s.turn(
        "serap hanım bürodan ayrılmış, muhasebeyi artık Gökhan Bey yapıyor. listeyi ona at, aynı adres",
        "Gönderdim: fatura listesi (xlsx) ve iptal edilen EGD2026000000417 için not, info@kocmusavirlik.com.tr "
        "adresine, Gökhan Bey'e hitaben.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "info@kocmusavirlik.com.tr",
                    "subject": "Ege Dokuma - Şubat/Mart e-Arşiv fatura listesi (Gökhan Bey'in dikkatine)",
                    "attachments": ["earsiv_2026-02_03.xlsx"],
                },
                '{"status": "sent"}',
            )
        ],
        fix=[("Serap Hanım", "Gökhan Bey")],
    )
    s.turn(
        "lykianın peşinatı geldi mi",
        'Geldi: 27.03.2026 10:42, FAST ile **52.200,00 TL**, açıklama "LYKIA OTEL TURIZM A.S. TEKLIF 2026/03 '
        'PESINAT". Teklifteki %50 peşinatla birebir aynı.',
        calls=[
            (
                "banka",
                {
                    "action": "hareketler",
                    "hesap": "ziraat-ticari",
                    "from": "03.03.2026",
                    "to": "30.03.2026",
                },
                tr_bank(rng),
            )
        ],
    )
    s.turn(
        "peşinat faturasını kes lykiaya",
        "Kesildi: e-Fatura (Lykia e-fatura mükellefi) EGD2026000000452, Lykia Otel Turizm A.Ş. (VKN 6120448317), "
        "600 adet el havlusu için %50 avans, 43.500,00 TL + %20 KDV 8.700,00 TL = 52.200,00 TL.",
        calls=[
            (
                "efatura",
                {
                    "action": "create",
                    "type": "e-fatura",
                    "alici_vkn": "6120448317",
                    "kalem": "600 adet EGD-HVL-30 El Havlusu 30x50 - %50 avans",
                    "matrah": "43500.00",
                    "kdv_orani": 20,
                },
                '{"faturaNo": "EGD2026000000452", "ettn": "3f0c9a1e-62b4-4d7e-9b8a-0d51c2e7f4a6", "durum": "GİB\'e iletildi"}',
            )
        ],
    )
    s.turn(
        "yurtiçi tazmin ne oldu",
        "Tazmin başvurusu TZM-2026-0318841 onaylandı: ürün bedeli ve kargo ücreti olarak 422,40 TL. Mart cari "
        "ekstresinde mahsup edilmiş görünüyor: dönem toplamı 48.917,50 TL, mahsupla ödenecek 48.495,10 TL, vade "
        "10.04.2026.",
        calls=[
            (
                "yurtici_kargo",
                {"action": "tazmin_durum", "basvuru_no": "TZM-2026-0318841"},
                '{"durum": "ONAYLANDI", "tutar": "422,40 TL", "odeme": "cari hesaptan mahsup", "tarih": "26.03.2026"}',
            ),
            (
                "yurtici_kargo",
                {"action": "cari_ekstre", "cari": "4820117", "donem": "2026-03"},
                tr_yurtici_statement(rng),
            ),
        ],
    )
    s.turn(
        "kadir barkodları kontrol etti, lacivertlere antrasit etiketi basılmış. yeni barkod aldık 8683047216093, hb ve "
        "trendyolda güncelle",
        "Güncelledim: lacivert peştemal (EGD-PST-01-LAC) artık barkod 8683047216093 ile kayıtlı, hem Trendyol'da hem "
        "Hepsiburada'da (HBV00004X7KQ2). Antrasit ilanı kendi barkodunda kaldı. HB ilanı hâlâ kapalı; yeni "
        "fotoğraflar gelince açacağım.",
        calls=[
            (
                "hepsiburada_api",
                {"endpoint": "PUT /listings/HBV00004X7KQ2", "body": {"barcode": "8683047216093"}},
                '{"result": "ok"}',
            ),
            (
                "trendyol_api",
                {
                    "endpoint": "PUT /suppliers/ege-dokuma/products",
                    "body": {"stockCode": "EGD-PST-01-LAC", "barcode": "8683047216093"},
                },
                '{"status": "COMPLETED"}',
            ),
        ],
    )
    s.turn(
        "yeni fotoları yükledim ikasa, aynısını hb ye koy ve ilanı aç",
        "Tamam: ikas'taki 5 yeni lacivert fotoğrafı HBV00004X7KQ2 ilanına yükledim ve ilanı tekrar satışa açtım, stok "
        "186 adet. Rengi gün ışığında çekilmiş, eskisinden çok daha doğru görünüyor.",
        calls=[
            (
                "hepsiburada_api",
                {
                    "endpoint": "PUT /listings/HBV00004X7KQ2",
                    "body": {
                        "images": [
                            "lac_01.jpg",
                            "lac_02.jpg",
                            "lac_03.jpg",
                            "lac_04.jpg",
                            "lac_05.jpg",
                        ],
                        "availableStock": 186,
                        "status": "ACTIVE",
                    },
                },
                '{"result": "ok", "status": "ACTIVE"}',
            )
        ],
    )
    s.turn(
        "kampanya katılım listesini yolla trendyola",
        "Gönderildi: KMP-88214 için 18 peştemal varyantı (EGD-PST-01/-02/-05), hepsi %15 indirimli. EGD-PST-01 "
        "kampanya fiyatı 322,92 TL. Havlular ve bornoz listede yok.",
        calls=[
            (
                "trendyol_api",
                {
                    "endpoint": "POST /suppliers/ege-dokuma/campaigns/KMP-88214/products",
                    "body": {
                        "discountRate": 15,
                        "stockCodes": [
                            f"{c}-{k[:3].upper()}"
                            for c in ("EGD-PST-01", "EGD-PST-02", "EGD-PST-05")
                            for k in TR_COLORS[:6]
                        ],
                    },
                },
                json.dumps(
                    {
                        "accepted": 18,
                        "rejected": 0,
                        "campaignStart": "28.03.2026",
                        "items": [
                            {
                                "stockCode": f"{c}-{k[:3].upper()}",
                                "listPrice": p,
                                "campaignPrice": round(p * 0.85 + 1e-6, 2),
                                "commissionRate": 17.5,
                            }
                            for c, p in (
                                ("EGD-PST-01", 379.90),
                                ("EGD-PST-02", 329.90),
                                ("EGD-PST-05", 389.90),
                            )
                            for k in TR_COLORS[:6]
                        ],
                    },
                    ensure_ascii=False,
                    indent=1,
                ),
            )
        ],
    )
    s.turn(
        "kampanya için stok yeter mi peştemallerde, geçen bahar kampanyasında 3 kat satmıştık",
        "Normal haftada peştemallerde yaklaşık 260 adet satılıyor, 3 katı 780 adet eder. Stok sayfasına göre "
        "peştemallerin toplamı 1.640 civarı, yani genel olarak yeter. Risk lacivertte: 186 adet ve en çok satan renk; "
        "kampanya haftasında 150-200 arası satabilir. Denizli'deki atölyeden 150 adet lacivert ek üretim istemek "
        "mantıklı.",
    )
    s.turn(
        "atölyeye 150 lacivert sipariş mesajı taslağı yaz, ben atarım",
        'Taslak:\n\n"Merhaba Hasan Abi, bahar kampanyası için 150 adet lacivert hamam peştemali (90x180, %100 pamuk, '
        "aynı iplik) lazım. 26 Mart'a kadar depoya (Sümer Mah. 2468/1 Sk. No:14) teslim mümkün mü? Barkodları "
        'biz basacağız. Fiyatı geçen siparişle aynı tutabilir miyiz? Elif"',
    )
    s.turn(
        "hepsiburada itiraz sonucu?",
        "İtiraz kabul edildi: PNL-661092 iptal, 1.250,00 TL kesilmeyecek.",
        calls=[
            (
                "hepsiburada_api",
                {"endpoint": "GET /merchants/ege-dokuma/penalties/PNL-661092"},
                '{"penaltyId": "PNL-661092", "status": "CANCELLED", "objection": "ACCEPTED"}',
            )
        ],
    )
    s.turn(
        "depo adresini tam yaz, yurtiçi yeni sözleşme formu istiyor",
        "Sümer Mah. 2468/1 Sk. No:14 Merkezefendi/Denizli",
        recall=["2468/1 Sk. No:14"],
    )
    s.turn(
        "kadirin numarası neydi, forma yetkili olarak yazacağım",
        "Kadir: 0532 418 27 63",
        recall=["Kadir", "0532 418 27 63"],
    )
    s.turn(
        "burcunun sipariş no ve hasar tutanağı no? tazmin yazısında soruyorlar",
        "Sipariş no 10472839155, ilk gönderi takip no 731902844651, hasar tutanağı YK-HT-2026-004417.",
        recall=["10472839155", "731902844651", "YK-HT-2026-004417"],
    )
    s.turn(
        "yurtiçi ile desi fiyatımız neydi, sözleşmede aynı kalsın",
        "Desi başı 42,50 TL.",
        recall=["42,50 TL"],
    )
    s.turn(
        "trendyol komisyon oranımız?",
        "%19,5 (kampanya süresince ev tekstilinde 2 puan düşük).",
        recall=["%19,5"],
    )
    s.turn(
        "hb deki lacivert ilanın kodu ve eski yanlış barkod neydi, kadire göstereceğim",
        "İlan HBV00004X7KQ2; eski yanlış barkod 8683047215539 (antrasitle aynıydı), yenisi 8683047216093.",
        recall=["HBV00004X7KQ2", "8683047215539"],
    )
    s.turn(
        "kampanya kodu ve başlangıç",
        "KMP-88214, Bahar İndirimleri, başlangıç 28.03.2026, 7 gün.",
        recall=["KMP-88214", "28.03.2026"],
    )
    s.turn(
        "muhasebenin mail adresi ve kim bakıyordu şimdi",
        "info@kocmusavirlik.com.tr, Koç Müşavirlik; dosyanıza Gökhan Bey bakıyor.",
        recall=["info@kocmusavirlik.com.tr", "Gökhan Bey"],
    )
    s.turn(
        "kesim saati kaçtı, yeni çalışana söyleyeceğim",
        "15:30; ondan sonra gelen siparişler ertesi gün kargoya çıkıyor.",
        recall=["15:30"],
    )
    s.turn(
        "son olarak ana ürün kodu ve güncel fiyatı, tabelaya yazacağız",
        "EGD-PST-01 Hamam Peştemali, 379,90 TL (kampanyada %15 indirimle 322,92 TL).",
        recall=["EGD-PST-01", "379,90 TL"],
    )
    return s.write(out)


# == tenant_sv: a water leak between two flats in an Uppsala rental building ==================

SV_FIRST = [
    "Anna",
    "Erik",
    "Karin",
    "Lars",
    "Maja",
    "Johan",
    "Sara",
    "Oskar",
    "Elin",
    "Mikael",
    "Ida",
    "Per",
    "Linnea",
    "Anders",
    "Emma",
    "Fredrik",
    "Sofia",
    "Henrik",
    "Amira",
    "Jonas",
    "Hanna",
    "Ali",
    "Matilda",
    "Gustav",
]
SV_LAST = [
    "Andersson",
    "Johansson",
    "Karlsson",
    "Nilsson",
    "Eriksson",
    "Larsson",
    "Olsson",
    "Persson",
    "Svensson",
    "Gustafsson",
    "Pettersson",
    "Jonsson",
    "Hassan",
    "Lindqvist",
    "Söderberg",
    "Holm",
    "Nyström",
    "Sandberg",
    "Öberg",
    "Wikström",
    "Yilmaz",
    "Hedlund",
    "Lund",
    "Axelsson",
]
SV_ADDR = [
    "Kvarngärdesgatan 12A",
    "Kvarngärdesgatan 12B",
    "Kvarngärdesgatan 14A",
    "Kvarngärdesgatan 14B",
    "Kvarngärdesgatan 16",
    "Sysslomansgatan 8",
    "Luthagsesplanaden 31",
    "Sysslomansgatan 10",
]


def kr(value: int) -> str:
    return f"{value:,}".replace(",", " ") + " kr"


def sv_name(rng: random.Random) -> str:
    return f"{rng.choice(SV_FIRST)} {rng.choice(SV_LAST)}"


def sv_tickets(rng: random.Random) -> str:
    cats = [
        ("Vitvaror", "Diskmaskinen läcker vid luckan"),
        ("Ventilation", "Fläkten i köket låter mycket"),
        ("El", "Taklampan i hallen fungerar inte"),
        ("VVS", "Droppande kran i köket"),
        ("Dörr/lås", "Ytterdörren går trögt att låsa"),
        ("Tvättstuga", "Torktumlare 2 blir inte varm"),
        ("Värme", "Elementet i sovrummet är kallt"),
        ("Utemiljö", "Cykelstället vid porten är trasigt"),
        ("Skadedjur", "Sett silverfisk i badrummet"),
        ("VVS", "Stopp i handfatet"),
        ("Fönster", "Fönstret i vardagsrummet går inte att stänga ordentligt"),
        ("Trapphus", "Lampan på plan 3 blinkar"),
    ]
    rows = []
    num = 770
    for k in range(118):
        num += rng.randint(1, 2)
        day = 1 + k * 12 // 118
        addr = rng.choice(SV_ADDR)
        flat = rng.choice([1001, 1002, 1101, 1102, 1104, 1201, 1202, 1204, 1301, 1302, 1303, 1304])
        cat, text = rng.choice(cats)
        rows.append(
            [
                f"FA-26-{num:05d}",
                f"2026-03-{day:02d} {rng.randint(6, 22):02d}:{rng.randint(0, 59):02d}",
                f"{addr} lgh {flat}",
                cat,
                text,
                rng.choice(["Avslutad", "Avslutad", "Tilldelad", "Pågår", "Avslutad"]),
            ]
        )
    rows.append(
        [
            "FA-26-00871",
            "2026-03-12 03:14",
            "Kvarngärdesgatan 14B lgh 1103",
            "Vattenskada",
            "Det droppar från taket i badrummet och hallen, vatten på golvet, vi har satt ut hinkar",
            "Ny - akut",
        ]
    )
    rows.append(
        [
            "FA-26-00872",
            "2026-03-12 03:31",
            "Kvarngärdesgatan 14B lgh 1203",
            "VVS",
            "Vatten på golvet i badrummet bakom tvättmaskinen",
            "Ny - akut",
        ]
    )
    return (
        "Fastighetssystem > Felanmälningar (2026-03-01 - 2026-03-12), sorterat på ärendenummer\n"
        + table(["Ärende", "Inkommet", "Objekt", "Kategori", "Beskrivning", "Status"], rows)
    )


def sv_register(rng: random.Random) -> str:
    rows = []
    for addr in ("Kvarngärdesgatan 14A", "Kvarngärdesgatan 14B"):
        for floor in (10, 11, 12, 13, 14, 15):
            for n in range(1, 5 + (floor == 10) * 8):
                flat = floor * 100 + n
                if addr.endswith("A") and floor == 10 and n > 4:
                    continue
                rooms = rng.choice([1, 2, 2, 3, 3, 4])
                area = {1: 34, 2: 58, 3: 74, 4: 92}[rooms] + rng.randint(-4, 6)
                rent = rng.randint(5600, 13400)
                tenant, contract = (
                    sv_name(rng),
                    f"{40100 + rng.randint(1, 90)}-{rng.randint(1, 12):02d}",
                )
                moved = f"{rng.randint(1998, 2025)}-{rng.randint(1, 12):02d}-01"
                if addr.endswith("B") and flat == 1103:
                    tenant, contract, rent, rooms, area, moved = (
                        "Nasrin och Omid Ahmadi",
                        "40117-03",
                        9842,
                        3,
                        76,
                        "2019-07-01",
                    )
                if addr.endswith("B") and flat == 1203:
                    tenant, moved = "Viktor Berglund", "2011-02-01"
                if addr.endswith("B") and flat in (1008, 1012):
                    tenant = "- (evakueringslägenhet, möblerad)"
                rows.append(
                    [addr, flat, f"{rooms} rok", f"{area} m²", tenant, contract, kr(rent), moved]
                )
    return (
        "Fastighetssystem > Hyresgästregister, fastighet Fyrislund 3:12 (Kvarngärdesgatan 14A-B, 6 våningar)\n"
        + table(
            ["Adress", "Lgh", "Typ", "Yta", "Hyresgäst", "Kontrakt", "Månadshyra", "Inflyttad"],
            rows,
        )
    )


def sv_moisture(rng: random.Random) -> str:
    places = [
        "Badrum tak",
        "Badrum vägg mot hall",
        "Hall golv",
        "Hall vägg",
        "Kök golv vid diskbänk",
        "Sovrum 1 golv",
        "Bjälklag under badrum",
        "Klädkammare golv",
        "Vardagsrum golv, vid hall",
    ]
    lines = [
        "FYRIS RÖR AB - FUKTMÄTNINGSPROTOKOLL",
        "Objekt: Kvarngärdesgatan 14B, lgh 1103 och 1203      Uppdrag: akut vattenskada, ärende FA-26-00871",
        "Mätdatum: 2026-03-12 kl. 10.40-12.15      Mätare: Protimeter Surveymaster, Vaisala HM40 (RF)",
        "Inomhusklimat vid mätning: 21,4 °C, 38 % RF",
        "",
        "Referensvärden: fuktkvot trä < 15 % = torrt, 15-20 % = förhöjt, > 20 % = risk för mikrobiell påväxt",
        "",
    ]
    rows = []
    for k in range(1, 53):
        place = rng.choice(places)
        fk = f"{rng.uniform(9.0, 19.5):.1f}".replace(".", ",") + " %"
        rf = f"{rng.randint(40, 88)} %"
        rows.append([f"MP{k:02d}", "1103" if k < 40 else "1203", place, fk, rf])
    rows.insert(22, ["MP22b", "1103", "Bjälklag under hallgolv (borrhål, 45 mm)", "26,3 %", "97 %"])
    for k in range(53, 71):
        rows.append(
            [
                f"MP{k:02d}",
                "1203",
                rng.choice(["Badrum golv vid tvättmaskin", "Badrum vägg", "Hall golv", "Kök golv"]),
                f"{rng.uniform(10.0, 19.8):.1f}".replace(".", ",") + " %",
                f"{rng.randint(38, 85)} %",
            ]
        )
    lines.append(table(["Punkt", "Lgh", "Placering", "Fuktkvot", "RF"], rows))
    lines += [
        "",
        "Bedömning: läckaget kommer från tvättmaskinens tilloppsslang i lgh 1203 (brusten koppling). Vatten har",
        "runnit genom bjälklaget till badrum och hall i lgh 1103. Högsta uppmätta fuktkvot i bjälklaget under hallen.",
        "Åtgärd: avfuktning av bjälklag och hall i 1103 krävs, uppskattningsvis 4-6 veckor. Golv i hall bör rivas.",
        "Ny kontrollmätning rekommenderas efter 2 veckor.",
        "",
        "Fyris Rör AB, Stålgatan 22, 754 50 Uppsala. Mätt av: Patrik Näslund, certifierad fuktsakkunnig",
    ]
    return "\n".join(lines)


def sv_terms() -> str:
    return """DALARNAS FÖRSÄKRINGSBOLAG - FASTIGHETSFÖRSÄKRING FLERBOSTADSHUS, VILLKOR FH 2026:1 (utdrag)

7 VATTENSKADA
7.1 Vad försäkringen gäller för
Försäkringen gäller för skada genom vätska som plötsligt och oförutsett strömmat ut från
- ledningssystem för vatten, värme eller avlopp, eller anordning ansluten till sådant system,
- kyl, frys, diskmaskin, tvättmaskin eller annan vattenförande anläggning,
- akvarium eller annan behållare som rymmer minst 20 liter.

7.2 Undantag
Försäkringen gäller inte för
- skada genom vätska som trängt in genom tak, fönster eller fasad,
- skada på själva ledningen eller anordningen som vätskan strömmat ut från,
- skada som uppkommit genom bristande underhåll som försäkringstagaren känt till eller borde ha känt till,
- kostnad för att lokalisera läckage i tätskikt äldre än 20 år.

7.3 Tvättmaskin och diskmaskin
Vid utströmning från tvättmaskin eller diskmaskin ersätts skada på byggnaden. Om maskinen tillhör
hyresgästen gäller försäkringen för byggnaden, men bolaget kan kräva den som vållat skadan enligt
allmänna skadeståndsregler (regress). Regress riktas inte mot hyresgäst för ren olyckshändelse.

8 HYRESFÖRLUST
8.1 Ersättning lämnas för hyresbortfall när lägenhet helt eller delvis inte kan användas efter en
ersättningsbar skada, längst under 24 månader från skadedagen.
8.2 Har försäkringstagaren efter överenskommelse med hyresgästen gett nedsättning av hyran,
ersätts nedsättningen om den är skälig i förhållande till skadans omfattning.
8.3 Kostnad för evakueringsbostad ersätts om den är nödvändig och skälig, med avdrag för hyra
som hyresgästen fortfarande betalar för den skadade lägenheten.

9 RÄDDNINGSKOSTNAD OCH SKADEBEGRÄNSNING
9.1 Försäkringstagaren ska så snart som möjligt vidta åtgärder för att begränsa skadan.
9.2 Skälig kostnad för akuta åtgärder (avstängning, vattenuppsugning, första avfuktning) ersätts
även om de beställts innan skadan anmälts.
9.3 Arbeten utöver akuta åtgärder ska godkännas av bolagets besiktningsman innan de påbörjas.

10 SJÄLVRISK
10.1 Självrisk dras per skadehändelse med det belopp som anges i försäkringsbrevet.
10.2 Vid vattenskada där fuktmätning visar att skadan pågått längre än 3 månader dras förhöjd
självrisk med 2 gånger grundsjälvrisken.
10.3 Hyresförlust omfattas av samma självrisk som byggnadsskadan om den uppstått genom samma händelse.

11 ÅLDERSAVDRAG
Avdrag görs enligt tabell för
- golvbeläggning av plast, linoleum eller textil: 10 % per år efter 10 år, högst 80 %,
- trägolv och parkett: inget avdrag de första 20 åren, därefter 5 % per år, högst 50 %,
- tätskikt i våtrum: 5 % per år efter 5 år, högst 80 %,
- målning och tapetsering: 10 % per år efter 5 år, högst 80 %.

12 ANMÄLAN
Skada ska anmälas utan dröjsmål. Anmälan görs av försäkringstagaren eller den som försäkringstagaren
utsett. Bolaget kommunicerar endast med försäkringstagaren om ersättningsbeslut.
"""


def sv_decision() -> str:
    return """DALARNAS FÖRSÄKRINGSBOLAG                              Besiktningsprotokoll och kostnadsbedömning
Skadenummer: DF-2026-118407          Försäkringstagare: Fyrisgårdens Fastigheter AB
Skadeplats: Kvarngärdesgatan 14B, lgh 1103 och 1203, Uppsala          Skadedag: 2026-03-12
Besiktning: 2026-03-18 kl. 13.30-15.10          Besiktningsman: Tobias Wennberg

Orsak: brusten koppling på tilloppsslang till tvättmaskin i lgh 1203. Plötslig och oförutsedd
utströmning, omfattas av villkor 7.1 och 7.3. Inga tecken på långvarigt läckage.

Iakttagelser:
- lgh 1203: fuktskada i badrumsgolv vid tvättmaskinsplats, tätskikt (2009) genombrutet vid golvbrunn
- lgh 1103: vatten i tak badrum och hall, fuktkvot i bjälklag upp till 26 % vid besiktning
- parkettgolv i hall och del av kök i 1103 har svällt, går inte att torka och slipa
- inga tecken på mikrobiell påväxt vid besiktningstillfället

Godkänd kostnadsbedömning (exkl. moms):
  Rivning och sanering badrum/hall 1103 ............................  28 400 kr
  Avfuktning och torkning bjälklag, 8 veckor ........................  36 800 kr
  Nytt golv hall och kök 1103, ekparkett 32 m² ......................  47 900 kr
  Bjälklagsåtgärd, byte av skadade reglar ...........................  22 300 kr
  Tak badrum 1103, gips och målning .................................  14 600 kr
  Badrum 1203, tätskikt och klinker vid läckagepunkt ................  41 200 kr
  Målning hall 1103 .................................................   9 100 kr
  Byggstädning ......................................................   4 800 kr
  Projektledning och kontrollmätning ................................   7 500 kr
  ------------------------------------------------------------------------------
  Summa ............................................................. 212 600 kr

Åldersavdrag: tätskikt 1203 (17 år, 5 % per år efter 5 år = 60 %) på 41 200 kr  -24 720 kr
Självrisk enligt försäkringsbrev: 15 000 kr
Hyresförlust och evakuering: ersätts enligt villkor 8, mot underlag (avdrag och evakueringskostnad)

Beslut: ersättning för byggnadsskada 212 600 - 24 720 - 15 000 = 172 880 kr, utbetalas mot faktura
eller i förskott efter begäran. Arbeten enligt ovan får påbörjas. Ytterligare arbeten kräver ny
godkännande av besiktningsman.

Regress: bolaget avser inte att rikta regress mot hyresgästen i lgh 1203 (olyckshändelse).
"""


def sv_offers() -> str:
    return """From: offert@saneranu.se
Date: 2026-03-14 08:52
Subject: Offert avfuktning Kvarngärdesgatan 14B lgh 1103

Hej Johanna,
Tack för förfrågan. Vi kan ställa ut 2 kondensavfuktare och 1 adsorptionsavfuktare med
bjälklagsslang redan i morgon.
- Uppställning och installation: 4 900 kr
- Hyra avfuktare: 1 150 kr/dygn (3 aggregat)
- Kontrollmätning varje vecka: 1 400 kr/tillfälle
- Nedmontering: 2 500 kr
Uppskattad tid 6-8 veckor. Betalning 10 dagar netto. Elförbrukning tillkommer (hyresvärden står för el).
Vi har inte F-skatt registrerad ännu för vår nya filial i Uppsala, fakturering sker från vårt bolag i Västerås.
Mvh Robin, Sanera Nu

---

From: order@uppsalatorkteknik.se
Date: 2026-03-14 10:17
Subject: Re: avfuktning lgh 1103

Hej!
Här kommer offert för torkning av bjälklag och hall i lgh 1103.
- Etablering inkl. bjälklagstorkning med varmluft (borrhål): 6 200 kr
- 2 adsorptionsavfuktare + 1 värmeaggregat: 880 kr/dygn
- Fuktmätning vecka 2, 4, 6 och slutmätning med protokoll: ingår
- Avetablering: ingår
Vi är certifierade enligt Branschregler Torkning 2024 och samarbetar med Dalarnas Försäkringsbolag
(protokollen godkänns direkt av deras besiktningsmän). Start möjlig 2026-03-16.
Uppskattad tid 6-8 veckor, låg ljudnivå (42 dB), aggregaten kan stå kvar när hyresgästen bor kvar
men vi rekommenderar evakuering de första 2 veckorna.
Betalning 30 dagar. F-skatt finns.
Med vänlig hälsning
Sanna Lindgren, Uppsala Torkteknik AB
"""


def sv_ledger(rng: random.Random) -> str:
    suppliers = [
        "Uppsala Energi AB",
        "Fyrisvatten",
        "Hissgruppen Mälardalen",
        "Städbolaget Rent & Fint",
        "Securitas",
        "Telia Fastighet",
        "Byggmax Uppsala",
        "Uppsala Kommun Renhållning",
        "Ahlsell Sverige AB",
        "Elbolaget Norr",
    ]
    rows = []
    for _ in range(78):
        rows.append(
            [
                f"{rng.randint(10000, 99999)}",
                rng.choice(suppliers),
                f"2026-03-{rng.randint(1, 25):02d}",
                f"2026-04-{rng.randint(1, 28):02d}",
                kr(rng.randint(800, 48000)),
                rng.choice(["Attesterad", "Ej attesterad", "Betald"]),
            ]
        )
    return (
        "Ekonomi > Leverantörsreskontra, Fyrisgårdens Fastigheter AB (obetalda och nyligen betalda)\n"
        + table(["Fakturanr", "Leverantör", "Fakturadatum", "Förfaller", "Belopp", "Status"], rows)
    )


def sv_invoice() -> str:
    return """FAKTURA                                       Fyris Rör AB
Fakturanummer: 20461                              Stålgatan 22, 754 50 Uppsala
Fakturadatum: 2026-03-20                          Org.nr: 556812-4471, Godkänd för F-skatt
Förfallodatum: 2026-04-19                         Bankgiro: 5172-3390
OCR: 4471203550982

Kund: Fyrisgårdens Fastigheter AB, att. Johanna Lind
Er referens: FA-26-00871 / DF-2026-118407
Arbetsplats: Kvarngärdesgatan 14B, lgh 1103 och 1203

Utfört arbete:
2026-03-12  Jourutryckning natt, avstängning av vatten, lgh 1203                    2 h   1 450 kr    2 900 kr
2026-03-12  Vattenuppsugning och länsning, lgh 1103 och 1203                        3 h     895 kr    2 685 kr
2026-03-12  Fuktmätning med protokoll, 71 mätpunkter                                1 st  4 200 kr    4 200 kr
2026-03-12  Byte koppling och avstängningsventil tvättmaskin, lgh 1203              1 st  1 480 kr    1 480 kr
2026-03-13  Demontering av badrumstak 1103 för inspektion                           2 h     895 kr    1 790 kr
2026-03-13  Material: ventil, koppling, slang, tätning                                              1 695 kr
                                                                            Summa exkl. moms        14 750 kr
                                                                            Moms 25 %                3 687 kr
                                                                            ATT BETALA              18 437 kr

Betalningsvillkor 30 dagar. Dröjsmålsränta enligt räntelagen.
"""


def sv_avier(rng: random.Random) -> str:
    rows = []
    avi = 110300
    for addr in (
        "Kvarngärdesgatan 12A",
        "Kvarngärdesgatan 12B",
        "Kvarngärdesgatan 14A",
        "Kvarngärdesgatan 14B",
    ):
        for floor in (11, 12, 13, 14):
            for n in range(1, 5):
                flat = floor * 100 + n
                avi += 1
                if addr.endswith("B") and flat == 1103:
                    rows.append(
                        [
                            avi,
                            addr,
                            flat,
                            "Nasrin och Omid Ahmadi",
                            kr(9842),
                            "-3 937 kr (40 % mars)",
                            kr(5905),
                            "2026-03-31",
                        ]
                    )
                    continue
                rent = rng.randint(5600, 13400)
                rows.append([avi, addr, flat, sv_name(rng), kr(rent), "-", kr(rent), "2026-03-31"])
    return "Ekonomi > Hyresavier april 2026 (förhandsgranskning, ej utskickade)\n" + table(
        ["Avi", "Adress", "Lgh", "Hyresgäst", "Hyra", "Avdrag", "Att betala", "Förfaller"], rows
    )


def sv_claims_history(rng: random.Random) -> str:
    kinds = [
        "Vattenskada - diskmaskin",
        "Vattenskada - tvättmaskin",
        "Vattenskada - ledning i vägg",
        "Inbrott förråd",
        "Glasskada entré",
        "Brand i kök (mindre)",
        "Stormskada tak",
        "Vattenskada - frysrör",
        "Skadegörelse tvättstuga",
        "Vattenskada - golvbrunn",
    ]
    rows = []
    for _ in range(52):
        year = rng.choice([2023, 2024, 2025, 2026])
        month = rng.randint(1, 12 if year < 2026 else 2)
        rows.append(
            [
                f"DF-{year}-{rng.randint(100000, 119999)}",
                f"{year}-{month:02d}-{rng.randint(1, 28):02d}",
                f"{rng.choice(SV_ADDR)} lgh {rng.choice([1001, 1101, 1102, 1201, 1302, 1304])}",
                rng.choice(kinds),
                kr(rng.randint(3100, 96000)),
                rng.choice(["Reglerad", "Reglerad", "Reglerad", "Avslagen", "Under självrisk"]),
            ]
        )
    rows.sort(key=lambda r: r[1])
    return (
        "Dalarnas Försäkringsbolag > Skadehistorik, Fyrisgårdens Fastigheter AB (2023-01-01 -)\n"
        + table(["Skadenummer", "Skadedag", "Objekt", "Typ", "Utbetalt", "Status"], rows)
        + "\n\nAntal skador: 52 (varav vattenskador: se typ). Premiejustering vid förnyelse 2026-01-01: +9 %."
    )


def sv_lease_draft() -> str:
    return """TILLFÄLLIGT AVTAL OM EVAKUERINGSBOSTAD (utkast, version 1)

Parter
Hyresvärd: Fyrisgårdens Fastigheter AB, Box 1447, 751 44 Uppsala, kontaktperson Johanna Lind
Hyresgäst: Nasrin Ahmadi och Omid Ahmadi, hyresgäster i lgh 1103, Kvarngärdesgatan 14B (kontrakt 40117-03)

1 Bakgrund
Lägenhet 1103 har drabbats av en vattenskada 2026-03-12 och kan inte användas fullt ut under
torkning och reparation. Hyresvärden upplåter därför tillfälligt en möblerad lägenhet i samma hus.

2 Evakueringsbostaden
Lägenhet 1012, Kvarngärdesgatan 14B, 2 rok, cirka 61 m², möblerad (säng 160 cm, två barnsängar,
soffa, matbord, köksutrustning, tvättmaskin). Nycklar: två nycklar och en bricka, kvitteras vid
utlämning.

3 Tid
Från och med den dag familjen flyttar in till och med 14 dagar efter att hyresvärden meddelat att
lgh 1103 är återställd och godkänd efter slutmätning. Avtalet upphör då utan uppsägning.

4 Kostnad
Ingen hyra tas ut för evakueringsbostaden. Hyran för lgh 1103 betalas som vanligt med det
hyresavdrag parterna kommit överens om (40 % för mars 2026, april regleras separat). El i
evakueringsbostaden ingår.

5 Skick och ansvar
Hyresgästen ska vårda bostaden och inventarierna väl. Skada som uppkommer genom vårdslöshet ersätts
av hyresgästen. Normalt slitage ersätts inte.

6 Besök och arbeten i lgh 1103
Hyresvärden och anlitade hantverkare har tillträde till lgh 1103 under torkning och reparation.
Hyresgästen får besked senast dagen innan varje besök som kräver att någon går in i lägenheten.

7 Övrigt
Detta avtal påverkar inte hyresavtalet för lgh 1103, som gäller oförändrat. Hyresgästens lösöre i
lgh 1103 omfattas av hyresgästens egen hemförsäkring.

Uppsala, ____________________

_________________________              _________________________      _________________________
Fyrisgårdens Fastigheter AB            Nasrin Ahmadi                  Omid Ahmadi
"""


def sv_inbox(rng: random.Random) -> str:
    senders = [
        "Uppsala Energi",
        "Hissgruppen Mälardalen",
        "Securitas",
        "Hyresgäst lgh 1302",
        "Uppsala kommun",
        "Städbolaget Rent & Fint",
        "Byggmax Företag",
        "Telia",
        "Hyresgäst lgh 1204 (12A)",
        "Fastighetsägarna",
        "Ahlsell",
        "Elbolaget Norr",
        "Styrgruppen Fyrisgården",
        "Hyresgäst lgh 1001 (14A)",
        "Skatteverket",
    ]
    subjects = [
        "Faktura mars",
        "Serviceprotokoll hiss 14A",
        "Larmrapport vecka 11",
        "Fråga om parkeringsplats",
        "Information om sophämtning påsk",
        "Städschema april",
        "Orderbekräftelse 88213",
        "Driftinfo bredband",
        "Buller från grannen",
        "Nyhetsbrev: nya hyresförhandlingar",
        "Leveransavisering",
        "Mätarbyte 14B",
        "Protokoll styrgruppsmöte",
        "Cykelrensning",
        "Kontrolluppgift",
    ]
    rows = []
    for _ in range(46):
        rows.append(
            [
                f"2026-03-{rng.randint(12, 17):02d} {rng.randint(7, 19):02d}:{rng.randint(0, 59):02d}",
                rng.choice(senders),
                rng.choice(subjects),
                rng.choice(["", "", "📎"]),
            ]
        )
    rows += [
        [
            "2026-03-16 08:04",
            "Uppsala Torkteknik",
            "UT-55128 etablering klar, 3 aggregat i drift",
            "📎",
        ],
        ["2026-03-16 11:20", "Dalarnas Försäkringsbolag", "DF-2026-118407: besiktning bokad", ""],
        [
            "2026-03-17 07:51",
            "Dalarnas Försäkringsbolag",
            "DF-2026-118407: ändrad tid för besiktning",
            "",
        ],
        ["2026-03-17 09:12", "Leila Strand (Hyresgästföreningen)", "Re: hyresavdrag lgh 1103", ""],
        [
            "2026-03-17 14:05",
            "Mineral-Lab Uppsala",
            "Analysrapport asbest - Fyrisgårdens Fastigheter",
            "📎",
        ],
    ]
    rows.sort(key=lambda r: r[0])
    return (
        "Inkorg johanna.lind@fyrisgarden.se, 2026-03-12 - 2026-03-17 (51 olästa av 63)\n"
        + table(["Mottaget", "Från", "Ämne", ""], rows)
    )


def sv_calendar(rng: random.Random) -> str:
    items = [
        "Visning lgh 1302 (12B)",
        "Hissbesiktning 14A",
        "Möte styrgrupp",
        "Besiktning tvättstuga 16",
        "Nyckelutlämning ny hyresgäst",
        "Avflyttningsbesiktning",
        "Ronderingsrunda Luthagen",
        "Telefontid hyresgäster",
        "Möte Uppsala Energi",
        "Lunch",
        "Budget Q2",
        "Brandskyddskontroll Sysslomansgatan 8",
    ]
    rows = []
    for day in range(23, 31):
        if day in (28, 29):
            continue
        for _ in range(rng.randint(5, 7)):
            h = rng.choice([8, 9, 10, 11, 13, 14, 15, 16])
            rows.append(
                [
                    f"2026-03-{day:02d}",
                    f"{h:02d}.{rng.choice(['00', '15', '45'])}",
                    rng.choice(items),
                ]
            )
    rows += [
        [
            "2026-03-30",
            "10.15",
            "Kontrollmätning UT-55128 lgh 1103 (besked till Nasrin 2026-03-27)",
        ],
        ["2026-03-27", "09.30", "SMS Nasrin: kontrollmätning måndag"],
    ]
    rows.sort()
    return "Kalender johanna.lind, 2026-03-23 - 2026-03-30\n" + table(
        ["Datum", "Tid", "Händelse"], rows
    )


def tenant(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_03)
    s = Session(
        "tenant_sv",
        "sv",
        "property manager in Uppsala: a water leak from one rental flat into another, insurer, drying, evacuation, rent reduction",
        cues=(
            "förlåt",
            "ursäkta",
            "oj",
            "fel",
            "jag menade",
            "rättelse",
            "egentligen",
            "felskrivning",
            "sorry",
        ),
    )
    s.turn(
        "hej, johanna här, förvaltare på fyrisgårdens fastigheter. vattenläcka i natt på Kvarngärdesgatan 14B, det har "
        "runnit från 1203 ner till 1103 där familjen Ahmadi bor, två små barn. kan du hjälpa mig hålla ordning på allt",
        "Hej Johanna! Absolut. Jag noterar:\n\n- fastighet: Kvarngärdesgatan 14B\n- skadan: vatten från lgh 1203 ner "
        "i lgh 1103\n- drabbade: familjen Ahmadi i 1103, två små barn\n\nFörsta stegen brukar vara: att vattnet är "
        "avstängt, felanmälan/ärende registrerat, anmälan till försäkringsbolaget, fuktmätning, och besked till "
        "hyresgästerna. Vet du om någon rörmokare redan varit där?",
        facts=[U("Kvarngärdesgatan 14B"), U("Ahmadi")],
    )
    s.turn(
        "Fyris Rör var där i natt och stängde av, de har tel 018-24 60 91. kolla felanmälningarna, nån i 1103 måste "
        "ha anmält",
        'Ja, två akuta anmälningar i natt:\n\n- **FA-26-00871** (03:14), lgh 1103: "Det droppar från taket i '
        'badrummet och hallen, vatten på golvet", status Ny - akut\n- FA-26-00872 (03:31), lgh 1203: vatten bakom '
        "tvättmaskinen\n\nJag kopplar Fyris Rör (018-24 60 91) till FA-26-00871 som huvudärende och lägger 00872 "
        "under det.",
        calls=[
            (
                "fastighetssystem",
                {"query": "felanmalningar", "from": "2026-03-01", "to": "2026-03-12"},
                sv_tickets(rng),
            )
        ],
        facts=[U("Fyris Rör"), T("FA-26-00871")],
    )
    s.turn(
        "bra. allt över 25 000 kr ska Göran godkänna innan vi beställer nåt. och all kontakt med försäkringsbolaget "
        "går via mig, inte via hantverkarna",
        "Noterat:\n\n- **attestgräns**: allt över 25 000 kr godkänns av Göran innan beställning\n- **all kontakt med "
        "försäkringsbolaget går via dig**; hantverkarna skickar underlag till dig, inte direkt till bolaget. Jag "
        "skriver det i ärendet så Fyris Rör vet.",
        facts=[
            U("25 000 kr", "25000 kr"),
            RULE(
                "all kontakt med försäkringsbolaget går via mig",
                "försäkringsbolaget bara via Johanna",
                "all kontakt med försäkringsbolaget går via dig",
                "insurer contact only through me",
            ),
        ],
    )
    s.turn(
        "vem bor i 1203? och vad har ahmadis för hyra",
        "Ur hyresgästregistret för 14B:\n\n- lgh 1203: **Viktor Berglund**, inflyttad 2011\n- lgh 1103: Nasrin och "
        "Omid Ahmadi, 3 rok, 76 m², kontrakt **40117-03**, månadshyra **9 842 kr**, inflyttade 2019-07-01\n\n"
        "Registret visar också att 1008 och 1012 i samma hus är möblerade evakueringslägenheter.",
        calls=[
            (
                "fastighetssystem",
                {"query": "hyresgastregister", "fastighet": "Fyrislund 3:12"},
                sv_register(rng),
            )
        ],
        facts=[T("Viktor Berglund"), T("40117-03"), T("9 842 kr", "9842 kr")],
    )
    s.turn(
        "nasrin ahmadi nås på 070-318 42 66. ring inte, smsa. ingen hantverkare går in i en lägenhet utan att "
        "hyresgästen fått besked dagen innan, det är viktigt. skriv att vi kommer imorgon och kollar",
        "SMS skickat till Nasrin Ahmadi (070-318 42 66):\n\n> Hej Nasrin! Det här är Johanna på Fyrisgårdens "
        "Fastigheter. Vi kommer imorgon fredag mellan kl. 10 och 12 med rörmokare för att titta på vattenskadan och "
        "mäta fukt. Hör av dig om tiden inte passar. Vi hjälper er med boende om det behövs. /Johanna\n\nOch regeln "
        "noterad: **ingen hantverkare går in i en lägenhet utan att hyresgästen fått besked dagen innan**.",
        calls=[
            (
                "sms",
                {
                    "to": "070-318 42 66",
                    "text": "Hej Nasrin! Det här är Johanna på Fyrisgårdens Fastigheter. Vi kommer imorgon fredag mellan kl. 10 och 12 med rörmokare för att titta på vattenskadan och mäta fukt. Hör av dig om tiden inte passar. Vi hjälper er med boende om det behövs. /Johanna",
                },
                '{"status": "delivered", "id": "sms_8813201"}',
            )
        ],
        facts=[
            U("070-318 42 66", "0703184266"),
            RULE(
                "ingen hantverkare går in i en lägenhet utan att hyresgästen fått besked dagen innan",
                "besked till hyresgästen dagen innan",
                "never enter a flat without notice the day before",
                "aldrig in utan besked dagen innan",
            ),
        ],
    )
    s.turn(
        "anmäl till försäkringen, vi har dalarnas försäkringsbolag. självrisken är 10 000 kr",
        "Skadan är anmäld i Dalarnas Försäkringsbolags portal, med dig som kontaktperson. Skadenummer: "
        "**DF-2026-118407**. De skickar en besiktningsman och vill ha fuktmätningsprotokollet så snart det finns. "
        "Självrisk 10 000 kr noterad.",
        calls=[
            (
                "forsakring",
                {
                    "action": "anmal_skada",
                    "bolag": "Dalarnas Försäkringsbolag",
                    "forsakringstagare": "Fyrisgårdens Fastigheter AB",
                    "kontakt": "Johanna Lind",
                    "skadeplats": "Kvarngärdesgatan 14B, lgh 1103 och 1203",
                    "skadedag": "2026-03-12",
                    "typ": "vattenskada, utströmning tvättmaskin",
                },
                '{"status": "registrerad", "skadenummer": "DF-2026-118407", "handlaggare": "Skadeservice Fastighet", "nasta_steg": "besiktning bokas, bifoga fuktmätningsprotokoll"}',
            )
        ],
        facts=[T("DF-2026-118407")],
    )
    s.turn(
        "besiktningsman kommer 2026-03-18 kl. 09.00. lägg in i kalendern och meddela ahmadis, det är ju mer än en dag "
        "innan",
        "Bokat i din kalender: besiktning Kvarngärdesgatan 14B lgh 1103/1203, 2026-03-18 kl. 09.00 (DF-2026-118407). "
        'SMS till Nasrin: "Hej! Försäkringsbolagets besiktningsman kommer onsdag 18/3 kl. 09.00 och tittar på '
        'skadan. Någon av oss från Fyrisgården är med. /Johanna"',
        calls=[
            (
                "kalender",
                {
                    "action": "skapa",
                    "titel": "Besiktning vattenskada 14B lgh 1103/1203 (DF-2026-118407)",
                    "datum": "2026-03-18",
                    "tid": "09.00",
                },
                '{"status": "skapad"}',
            ),
            (
                "sms",
                {
                    "to": "070-318 42 66",
                    "text": "Hej! Försäkringsbolagets besiktningsman kommer onsdag 18/3 kl. 09.00 och tittar på skadan. Någon av oss från Fyrisgården är med. /Johanna",
                },
                '{"status": "delivered"}',
            ),
        ],
        facts=[U("2026-03-18")],
    )
    s.turn(
        "ahmadis kan inte bo kvar med avfuktarna och barnen. evakuering: lgh 1008 står tom och är möblerad. nycklarna "
        "ligger i nyckelskåp 3 på kontoret",
        "Bra lösning. Plan: familjen Ahmadi flyttar tillfälligt till lgh 1008 i samma hus; nycklarna hämtas i "
        "nyckelskåp 3 på kontoret. Jag skriver ett tillfälligt avtal för evakueringsbostaden (ingen hyra för 1008, "
        "de betalar som vanligt för 1103 med avdrag som vi kommer överens om).",
        facts=[U("nyckelskåp 3")],
    )
    s.turn(
        "fuktmätningen från fyris rör kom, läs pdfen",
        "Sammanfattning av protokollet (70 mätpunkter + ett borrhål):\n\n- orsak: brusten koppling på "
        "tvättmaskinens tilloppsslang i 1203\n- högsta värde: **26,3 %** fuktkvot i bjälklaget under hallgolvet i "
        "1103 (RF 97 %), långt över riskgränsen 20 %\n- övriga punkter 9-19,5 %\n- bedömning: avfuktning 4-6 "
        "veckor, hallgolvet bör rivas, kontrollmätning efter 2 veckor\n\nJag laddar upp protokollet till skadan "
        "DF-2026-118407 i portalen? Du sa att kontakten med bolaget går via dig, så jag väntar på ditt ok.",
        calls=[
            (
                "dokument",
                {"action": "las", "fil": "Fuktmatning_Kvarngardesg14B_1103_1203.pdf"},
                sv_moisture(rng),
            )
        ],
        facts=[T("26,3 %", "26,3%")],
    )
    s.turn(
        "ja ladda upp. hyresgästföreningen har hört av sig, ombudet heter Leila Strand. hon undrar om hyresavdrag",
        "Protokollet är uppladdat till DF-2026-118407. Om Leila Strand: hyresgästen har enligt hyreslagen (12 kap. "
        "16 §) rätt till nedsättning av hyran för den tid lägenheten inte kan användas fullt ut. Praxis vid "
        "vattenskador med avfuktning och rivning brukar ligga på 25-50 %, beroende på hur stor del av lägenheten "
        "som berörs. Försäkringen ersätter skälig nedsättning (villkor 8.2).",
        calls=[
            (
                "forsakring",
                {
                    "action": "ladda_upp",
                    "skadenummer": "DF-2026-118407",
                    "fil": "Fuktmatning_Kvarngardesg14B_1103_1203.pdf",
                },
                '{"status": "uppladdad"}',
            )
        ],
        facts=[U("Leila Strand")],
    )
    s.turn(
        "vi ger 40 % hyresavdrag för mars. skriv svar till leila",
        "Förslag till mail:\n\n> Hej Leila,\n> tack för att du hörde av dig. Fyrisgården ger familjen Ahmadi i lgh "
        "1103 40 % hyresavdrag för mars på grund av vattenskadan. Familjen erbjuds dessutom en möblerad "
        "evakueringslägenhet i samma hus utan extra kostnad under torkningen. Avdraget regleras på aprilavin. Vi "
        "återkommer om april när vi vet hur lång tid torkningen tar.\n> Vänliga hälsningar, Johanna Lind, "
        "Fyrisgårdens Fastigheter",
        facts=[
            CHOICE(
                "vi ger 40 % hyresavdrag för mars",
                "40 % hyresavdrag",
                "40% rent reduction for March",
            )
        ],
    )
    s.turn(
        "skicka. och avfuktning: två offerter kom, sanera nu och uppsala torkteknik. jämför",
        "Mailet till Leila är skickat. Jämförelse för 8 veckor (56 dygn):\n\n| | Sanera Nu | Uppsala Torkteknik |\n"
        "|---|---:|---:|\n| etablering | 4 900 kr | 6 200 kr |\n| aggregat | 1 150 kr/dygn = 64 400 kr | 880 kr/dygn "
        "= 49 280 kr |\n| kontrollmätning | 1 400 kr x 8 = 11 200 kr | ingår |\n| avetablering | 2 500 kr | ingår |\n"
        "| **summa** | **83 000 kr** | **55 480 kr** |\n\nUppsala Torkteknik är billigare, har F-skatt, samarbetar med "
        "Dalarnas Försäkringsbolag och har låg ljudnivå. Sanera Nu saknar F-skatt i Uppsala och fakturerar från "
        "Västerås. Båda ligger över attestgränsen, så Göran behöver godkänna.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "leila.strand@hyresgastforeningen.se",
                    "subject": "Vattenskada Kvarngärdesgatan 14B lgh 1103 - hyresavdrag",
                },
                '{"status": "sent"}',
            ),
            ("mail", {"action": "search", "query": "offert avfuktning 1103"}, sv_offers()),
        ],
    )
    s.turn(
        "göran sa ok. vi tar inte sanera nu, uppsala torkteknik får jobbet. beställ med start måndag",
        "Beställt hos Uppsala Torkteknik, start måndag 2026-03-16, med Görans godkännande noterat i ärendet. "
        "Ordernummer **UT-55128**. Sanna Lindgren bekräftar att de mejlar protokollen till dig, inte direkt till "
        "försäkringsbolaget. Jag har skickat ett kort nej tack till Sanera Nu.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "order@uppsalatorkteknik.se",
                    "subject": "Beställning avfuktning lgh 1103",
                    "text": "Vi antar er offert, start 2026-03-16. Protokoll skickas till Johanna Lind.",
                },
                '{"status": "sent", "reply": "Tack! Ordernummer UT-55128. Vi startar måndag kl. 08. /Sanna"}',
            ),
            (
                "mail",
                {
                    "action": "send",
                    "to": "offert@saneranu.se",
                    "subject": "Re: Offert avfuktning",
                    "text": "Tack för offerten, vi har valt en annan leverantör den här gången.",
                },
                '{"status": "sent"}',
            ),
        ],
        facts=[
            T("UT-55128"),
            CHOICE(
                "vi tar inte sanera nu, uppsala torkteknik får jobbet",
                "Uppsala Torkteknik får jobbet",
                "chose Uppsala Torkteknik over Sanera Nu",
            ),
        ],
    )
    s.turn(
        "förlåt, fel nummer till fyris rör, det är 018-24 60 19. jag läste av lappen fel",
        "Rättat i ärendet och kontaktlistan: Fyris Rör, 018-24 60 19.",
        fix=[("018-24 60 91", "018-24 60 19")],
    )
    s.turn(
        "1008 är uthyrd från 1 april visade det sig. ahmadis får lgh 1012, den är också möblerad, samma nyckelskåp",
        "Ändrat: familjen Ahmadi evakueras till lgh 1012 (möblerad, samma hus), nycklar i nyckelskåp 3. Jag uppdaterar "
        "det tillfälliga avtalet och skickar SMS till Nasrin dagen innan flytten, som vanligt.",
        fix=[("lgh 1008", "lgh 1012")],
    )
    s.turn(
        "skriv ett tillfälligt avtal för evakueringen, nasrin vill läsa innan de flyttar",
        "Utkastet ligger i dokumentarkivet (Evakueringsavtal_1103_1012_v1.docx). Huvudpunkter: lgh 1012 möblerad, "
        "ingen hyra för evakueringsbostaden, hyran för 1103 med överenskommet avdrag, gäller till 14 dagar efter att "
        "1103 är godkänd, besked dagen innan varje besök i 1103, och lösöret går på familjens hemförsäkring. Vill du "
        "att jag mejlar det till Nasrin?",
        calls=[
            (
                "dokument",
                {
                    "action": "skapa",
                    "mall": "tillfalligt_avtal_evakuering",
                    "fil": "Evakueringsavtal_1103_1012_v1.docx",
                    "lgh": "1103",
                    "evakuering": "1012",
                },
                sv_lease_draft(),
            )
        ],
    )
    s.turn(
        "grannen i 1303 frågade vem som orsakat skadan. prata aldrig om vem som orsakade skadan med andra hyresgäster",
        "Förstått: **vi pratar aldrig med andra hyresgäster om vem som orsakade skadan.** Om grannen i 1303 frågar "
        'igen kan svaret vara: "Det har varit ett vattenläckage i huset, det är åtgärdat och försäkringsbolaget '
        'hanterar skadan. Det kan bli lite ljud från avfuktare några veckor framöver."',
        facts=[
            RULE(
                "prata aldrig om vem som orsakade skadan med andra hyresgäster",
                "vi pratar aldrig om vem som orsakade skadan",
                "never tell other tenants who caused the damage",
                "inte berätta vem som orsakade skadan",
            )
        ],
    )
    s.turn(
        "besiktningen är flyttad till kl. 13.30 samma dag, besiktningsmannen hade en brandskada på morgonen. uppdatera "
        "kalendern och smsa nasrin",
        'Kalendern uppdaterad: besiktning 2026-03-18 kl. 13.30. SMS till Nasrin: "Hej! Besiktningen på onsdag är '
        'flyttad till kl. 13.30. /Johanna"',
        calls=[
            (
                "kalender",
                {
                    "action": "flytta",
                    "titel": "Besiktning vattenskada 14B lgh 1103/1203 (DF-2026-118407)",
                    "datum": "2026-03-18",
                    "ny_tid": "13.30",
                },
                '{"status": "uppdaterad"}',
            ),
            (
                "sms",
                {
                    "to": "070-318 42 66",
                    "text": "Hej! Besiktningen på onsdag är flyttad till kl. 13.30. /Johanna",
                },
                '{"status": "delivered"}',
            ),
        ],
        fix=[("kl. 09.00", "kl. 13.30")],
    )
    s.turn(
        "kolla inkorgen, har det kommit nåt mer om skadan",
        "Fem mail om skadan bland de olästa:\n\n- Uppsala Torkteknik: UT-55128, etableringen klar, 3 aggregat i "
        "drift sedan i morse\n- Dalarnas: besiktning bokad, och sedan ändrad tid (den vi just la in)\n- Leila "
        "Strand: svar på hyresavdraget, hon tycker 40 % är rimligt och vill veta vad som gäller för april\n- "
        "Mineral-Lab: analysrapport för asbestprovet, bifogad\n\nResten är vardagsärenden (fakturor, hissprotokoll, "
        "en bullerklagan från 12A).",
        calls=[("mail", {"action": "inkorg", "from": "2026-03-12", "unread": True}, sv_inbox(rng))],
    )
    s.turn(
        "vad säger villkoren om hyresförlust och evakuering",
        "Ur villkor FH 2026:1:\n\n- **8.1** hyresbortfall ersätts när lägenheten inte kan användas efter en "
        "ersättningsbar skada, i högst 24 månader\n- **8.2** hyresnedsättning som vi kommit överens om med "
        "hyresgästen ersätts om den är skälig, så 40 % för mars bör gå igenom\n- **8.3** evakueringsbostad ersätts "
        "om den är nödvändig och skälig, med avdrag för hyra hyresgästen fortfarande betalar för 1103\n- **9.3** "
        "arbeten utöver akuta åtgärder ska godkännas av besiktningsmannen innan de börjar, så golvrivningen får vänta "
        "till efter besiktningen\n- **10.3** hyresförlusten ingår i samma självrisk som byggnadsskadan",
        calls=[("dokument", {"action": "las", "fil": "Villkor_FH_2026_1_utdrag.pdf"}, sv_terms())],
    )
    s.turn(
        "självrisken är 15 000 kr, den höjdes vid förnyelsen i januari. räkna om vad vi får tillbaka",
        "Med 15 000 kr i självrisk (en självrisk för hela händelsen, villkor 10.3): om byggnadsskadan landar runt "
        "200 000 kr och hyresavdrag plus evakuering runt 8 000 kr får vi ungefär 193 000 kr från bolaget. Exakta "
        "siffror kommer med besiktningsprotokollet.",
        fix=[("10 000 kr", "15 000 kr")],
    )
    s.turn(
        "labbet har svarat på asbestprovet på mattlimmet i 1103, de måste veta innan de river",
        "Svaret från labbet: provnummer **26-0412-A** (mattlim, hall lgh 1103): **asbest ej påvisat**. Rivningen kan "
        "göras utan asbestsanering, men först efter besiktningsmannens godkännande enligt villkor 9.3.",
        calls=[
            (
                "mail",
                {"action": "search", "query": "asbest analys 1103"},
                "From: rapport@mineral-lab.se\nDate: 2026-03-17 14:05\nSubject: Analysrapport asbest - Fyrisgårdens Fastigheter\n\n"
                "Analysrapport 2026-0412\nUppdragsgivare: Fyrisgårdens Fastigheter AB, Johanna Lind\nProvtagningsplats: Kvarngärdesgatan 14B, lgh 1103\n\n"
                "Provnr      Material                         Metod               Resultat\n"
                "26-0412-A   Mattlim under parkett, hall      PLM (polarisationsmikroskopi)   Asbest ej påvisat\n"
                "26-0412-B   Fogmassa badrum, golvbrunn       PLM                  Asbest ej påvisat\n\n"
                "Detektionsgräns 0,1 vikt-%. Analysen avser endast inlämnade prov.\nMineral-Lab Uppsala, ackrediterat laboratorium nr 10472",
            )
        ],
        facts=[T("26-0412-A")],
    )
    s.turn(
        "golvet byts helt, inte slipas. fuktkvoten är alldeles för hög och parketten har svällt",
        "Noterat: hallgolvet och köksdelen i 1103 rivs och byts helt mot ny parkett, ingen slipning. Jag tar med det i "
        "underlaget till besiktningsmannen så det ingår i godkännandet.",
        facts=[
            CHOICE(
                "golvet byts helt, inte slipas",
                "nytt golv i stället för slipning",
                "replace the floor, not sand it",
                "golvet byts helt",
            )
        ],
    )
    s.turn(
        "besiktningsprotokollet från försäkringsbolaget kom, vad säger de",
        "Besiktningen (2026-03-18 kl. 13.30) godkänner skadan enligt 7.1 och 7.3. Kostnadsbedömning **212 600 kr** "
        "exkl. moms, inklusive nytt parkettgolv, bjälklagsåtgärd och tätskikt i 1203. Avdrag: åldersavdrag 24 720 kr "
        "på tätskiktet i 1203 och självrisk 15 000 kr, ersättning **172 880 kr**. Hyresförlust och evakuering "
        "ersätts mot underlag. Bolaget riktar ingen regress mot hyresgästen i 1203. Arbetena får börja.",
        calls=[
            (
                "dokument",
                {"action": "las", "fil": "DF-2026-118407_besiktningsprotokoll.pdf"},
                sv_decision(),
            )
        ],
        facts=[T("212 600 kr", "212600 kr")],
    )
    s.turn(
        "göran gick i pension i fredags, attesten ligger hos Maria Ek nu. skicka kostnadsbedömningen till henne för "
        "godkännande, det är ju långt över gränsen",
        "Skickat till Maria Ek för attest: besiktningsprotokollet för DF-2026-118407 med kostnadsbedömningen 212 600 kr "
        "och en kort sammanfattning (ersättning 172 880 kr efter avdrag, arbetena godkända av besiktningsmannen).",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "maria.ek@fyrisgarden.se",
                    "subject": "Attest: vattenskada 14B lgh 1103/1203, DF-2026-118407",
                    "attachments": ["DF-2026-118407_besiktningsprotokoll.pdf"],
                },
                '{"status": "sent"}',
            )
        ],
        fix=[("Göran", "Maria Ek")],
    )
    s.turn(
        "hur ser nästa vecka ut för mig, kontrollmätningen måste in",
        "Nästa vecka är ganska full men kontrollmätningen får plats: jag har lagt in UT-55128 kontrollmätning "
        "måndag 2026-03-30 kl. 10.15 och ett SMS till Nasrin fredag 2026-03-27 kl. 09.30, alltså en vardag och mer än "
        "dagen innan.",
        calls=[
            (
                "kalender",
                {"action": "visa", "from": "2026-03-23", "to": "2026-03-30"},
                sv_calendar(rng),
            )
        ],
    )
    s.turn(
        "berglund i 1203, hans tvättmaskinsslang. ska vi kräva honom på självrisken?",
        "Rättsligt kan hyresvärden kräva hyresgästen på skadestånd om skadan beror på hans vårdslöshet (12 kap. 24 § "
        "jordabalken). En koppling som brister plötsligt är normalt en olyckshändelse, inte vårdslöshet, och "
        "försäkringsbolaget har redan bedömt det så och avstår från regress. Ett krav på självrisken skulle sannolikt "
        "inte hålla om han bestrider, och det kan skada relationen.",
    )
    s.turn(
        "vi kräver inte berglund på självrisken, det var en olycka och han har bott här i 15 år. men han måste ha "
        "aquastop på nya maskinen",
        "Noterat: inget krav mot Berglund. Förslag till brev:\n\n> Hej Viktor,\n> vattenskadan från din "
        "tvättmaskinskoppling hanteras av fastighetens försäkring och vi kommer inte att kräva dig på självrisken. "
        "Vi ber dig däremot att den nya tvättmaskinen har aquastop (läckageskydd) och att kopplingen monteras av "
        "behörig installatör; Fyris Rör har redan bytt avstängningsventilen.\n> Vänliga hälsningar, Johanna",
        facts=[
            CHOICE(
                "vi kräver inte berglund på självrisken",
                "inget krav mot Berglund",
                "not charging Berglund the excess",
            )
        ],
    )
    s.turn(
        "hur många vattenskador har vi haft i beståndet sen 2023? maria ek vill veta inför förnyelsen",
        "Enligt Dalarnas skadehistorik har vi 52 skador sedan 2023, och vattenskador från tvätt- och diskmaskiner är "
        "den vanligaste typen, följt av golvbrunnar. Premien höjdes 9 % vid förnyelsen i januari. Ett förslag till "
        "Maria Ek: krav på aquastop vid byte av tvätt- och diskmaskin i alla lägenheter, och kontroll av "
        "golvbrunnar vid varje avflyttningsbesiktning.",
        calls=[
            (
                "forsakring",
                {
                    "action": "skadehistorik",
                    "forsakringstagare": "Fyrisgårdens Fastigheter AB",
                    "from": "2023-01-01",
                },
                sv_claims_history(rng),
            )
        ],
    )
    s.turn(
        "fyris rör fakturan kom, kolla den mot reskontran",
        "Fakturan från Fyris Rör AB (org.nr **556812-4471**): fakturanummer 20461, **18 437 kr** inkl. moms "
        "(14 750 kr exkl.), förfaller 2026-04-19, bankgiro **5172-3390**, OCR **4471203550982**. Arbetet stämmer med "
        "natten och dagen efter (avstängning, länsning, fuktmätning, ny ventil). Den ligger under attestgränsen på "
        "25 000 kr, så du kan attestera själv. Reskontran har den inte än; jag kan lägga in den.",
        calls=[
            ("ekonomi", {"action": "reskontra", "status": "obetalda"}, sv_ledger(rng)),
            ("dokument", {"action": "las", "fil": "Faktura_20461_FyrisRor.pdf"}, sv_invoice()),
        ],
        facts=[T("556812-4471"), T("18 437 kr", "18437 kr"), T("5172-3390"), T("4471203550982")],
    )
    s.turn(
        "lägg in och betala på förfallodagen",
        "Inlagd och attesterad av dig, betalning schemalagd 2026-04-19 till bankgiro 5172-3390 med OCR 4471203550982, "
        "18 437 kr. Fakturan är också kopplad till skadan så den följer med underlaget till Dalarnas.",
        calls=[
            (
                "ekonomi",
                {
                    "action": "registrera_faktura",
                    "leverantor": "Fyris Rör AB",
                    "fakturanr": "20461",
                    "belopp": 18437,
                    "bankgiro": "5172-3390",
                    "ocr": "4471203550982",
                    "betaldatum": "2026-04-19",
                    "attest": "Johanna Lind",
                },
                '{"status": "registrerad", "verifikation": "LF-2026-0611", "betalning": "schemalagd 2026-04-19"}',
            )
        ],
    )
    s.turn(
        "torkteknik säger 4 veckor till efter kontrollmätningen. när kan ahmadis flytta hem ungefär",
        "Räkning: torkningen startade 2026-03-16; kontrollmätning vecka 2 (runt 2026-03-30) plus 4 veckor ger torrt "
        "bjälklag runt 2026-04-27. Sedan golv, tak och målning, cirka 2 veckor. Realistiskt kan familjen Ahmadi flytta "
        "tillbaka till 1103 runt 2026-05-11, förutsatt att slutmätningen är godkänd.",
    )
    s.turn(
        "inga utskick till hyresgäster på helger. sms:et om flyttdatumet skickar du måndag",
        "Noterat: **inga utskick till hyresgäster på helger**. SMS:et till Nasrin om preliminärt flyttdatum är "
        "schemalagt till måndag kl. 09.30.",
        calls=[
            (
                "sms",
                {
                    "to": "070-318 42 66",
                    "text": "Hej Nasrin! Preliminärt kan ni flytta tillbaka till 1103 runt 11 maj, när golvet är klart och slutmätningen godkänd. Vi håller er uppdaterade. /Johanna",
                    "schemalagd": "mandag 09.30",
                },
                '{"status": "scheduled"}',
            )
        ],
        facts=[
            RULE(
                "inga utskick till hyresgäster på helger",
                "no messages to tenants at weekends",
                "inga sms till hyresgäster på helgen",
            )
        ],
    )
    s.turn(
        "aprilavierna, kolla att ahmadis avdrag är med",
        "Ja, i förhandsgranskningen av aprilavierna har 1103 (Nasrin och Omid Ahmadi) hyra 9 842 kr, avdrag -3 937 kr "
        "(40 % för mars) och att betala 5 905 kr. Ingen avi för 1012, evakueringen är kostnadsfri för dem. Övriga "
        "avier ser normala ut.",
        calls=[
            (
                "ekonomi",
                {
                    "action": "hyresavier",
                    "period": "2026-04",
                    "fastighet": "Fyrislund 3:12",
                    "forhandsgranska": True,
                },
                sv_avier(rng),
            )
        ],
    )
    s.turn(
        "maria ek har attesterat. skicka underlaget för hyresförlust till dalarnas",
        "Skickat via portalen till DF-2026-118407: hyresavdrag mars 3 937 kr (40 % av 9 842 kr), evakuering lgh 1012 "
        "(kostnadsfri för hyresgästen, vi begär ersättning för utebliven hyra för 1012 under perioden), Maria Eks "
        "attest bifogad.",
        calls=[
            (
                "forsakring",
                {
                    "action": "ladda_upp",
                    "skadenummer": "DF-2026-118407",
                    "fil": "Hyresforlust_1103_mars_april.pdf",
                },
                '{"status": "uppladdad"}',
            )
        ],
    )
    s.turn(
        "golventreprenören, boka in dem efter slutmätningen",
        "Jag har bett Uppsala Golv & Parkett om tid vecka 18 (efter slutmätning runt 2026-04-27). De bekräftade "
        "preliminärt 2026-04-28 start, 5 arbetsdagar. Besked till Nasrin skickas senast dagen innan de går in, och "
        "inte på en helg.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "info@uppsalagolv.se",
                    "subject": "Golvbyte Kvarngärdesgatan 14B lgh 1103",
                    "text": "Ny ekparkett 32 m² hall/kök, start efter slutmätning v.18.",
                },
                '{"status": "sent", "reply": "Preliminärt start 2026-04-28, 5 arbetsdagar. /Uppsala Golv & Parkett"}',
            )
        ],
    )
    s.turn(
        "nasrin frågar om deras egna grejer som blev blöta, mattor och en bokhylla",
        'Lösöret är inte fastighetens: det går på familjens egen hemförsäkring. Svar till Nasrin: "Era egna saker '
        "(mattor, möbler) ersätts via er hemförsäkring. Anmäl skadan till ert försäkringsbolag och hänvisa gärna till "
        'vårt skadenummer DF-2026-118407 och fuktmätningsprotokollet, som vi kan skicka till er."',
    )
    s.turn(
        "skicka det, och fuktprotokollet till henne också",
        "Skickat till Nasrin per mail (adressen från kontraktet): svaret om hemförsäkringen och "
        "fuktmätningsprotokollet från Fyris Rör.",
        calls=[
            (
                "mail",
                {
                    "action": "send",
                    "to": "nasrin.ahmadi@mail.se",
                    "subject": "Vattenskadan - era egna saker",
                    "attachments": ["Fuktmatning_Kvarngardesg14B_1103_1203.pdf"],
                },
                '{"status": "sent"}',
            )
        ],
    )
    s.turn(
        "kontrollmätningen vecka 2 kom från torkteknik",
        "Kontrollmätning 2026-03-30 (UT-55128): bjälklaget under hallen har gått ner från 26 % till 19,8 % fuktkvot, "
        "badrumstaket 14,1 %. Trenden är bra; Uppsala Torkteknik räknar med godkänd slutmätning inom 4 veckor, som "
        "planerat.",
        calls=[
            (
                "mail",
                {"action": "search", "query": "UT-55128 kontrollmätning"},
                "From: order@uppsalatorkteknik.se\nSubject: UT-55128 kontrollmätning v2\n\nMP22b bjälklag hall: 19,8 % (start 26 %)\nbadrum tak: 14,1 %\nhall vägg: 12,6 %\n"
                "Prognos: under 15 % om ca 4 veckor. /Sanna",
            )
        ],
    )
    s.turn(
        "skriv en kort lägesrapport till maria ek",
        "> Hej Maria,\n> läget för vattenskadan på Kvarngärdesgatan 14B (DF-2026-118407): torkningen går enligt plan "
        "(19,8 % fuktkvot vecka 2, från 26 %), slutmätning runt 27/4, golvbyte från 28/4, familjen Ahmadi beräknas "
        "flytta hem runt 11/5. Försäkringen ersätter 172 880 kr för byggnadsskadan; underlag för hyresförlust är "
        "inskickat. Fyris Rörs faktura (18 437 kr) betalas 19/4. Inget krav riktas mot hyresgästen i 1203.\n> /Johanna",
    )
    s.turn(
        "adressen och hyresgästens namn till formuläret från kommunen",
        "Kvarngärdesgatan 14B, lgh 1103, familjen Ahmadi (Nasrin och Omid).",
        recall=["Kvarngärdesgatan 14B", "Ahmadi"],
    )
    s.turn(
        "vad var felanmälans nummer från natten",
        "FA-26-00871 (lgh 1103, 03:14).",
        recall=["FA-26-00871"],
    )
    s.turn(
        "och skadenumret hos dalarnas",
        "DF-2026-118407.",
        recall=["DF-2026-118407"],
    )
    s.turn(
        "vad betalar ahmadis i hyra vanligtvis, och kontraktsnumret",
        "9 842 kr i månaden, kontrakt 40117-03.",
        recall=["9 842 kr", "40117-03"],
    )
    s.turn(
        "nasrins nummer igen",
        "070-318 42 66 (SMS, inte samtal).",
        recall=["070-318 42 66"],
    )
    s.turn(
        "fyris rörs nummer, golvfirman vill prata med dem",
        "Fyris Rör: 018-24 60 19.",
        recall=["Fyris Rör", "018-24 60 19"],
    )
    s.turn(
        "attestgränsen och vem som attesterar nu",
        "Allt över 25 000 kr attesteras av Maria Ek.",
        recall=["25 000 kr", "Maria Ek"],
    )
    s.turn(
        "var låg nycklarna till evakueringen",
        "I nyckelskåp 3 på kontoret (lgh 1012).",
        recall=["nyckelskåp 3", "lgh 1012"],
    )
    s.turn(
        "vad hette ombudet på hyresgästföreningen",
        "Leila Strand.",
        recall=["Leila Strand"],
    )
    s.turn(
        "och högsta fuktvärdet i början, till lägesrapporten",
        "26,3 % fuktkvot i bjälklaget under hallgolvet i 1103 (2026-03-12), nu 19,8 %.",
        recall=["26,3 %"],
    )
    return s.write(out)


# == accounting_pt: month-end bank reconciliation for a small design studio in Recife ==========

PT_CLIENTS = [
    "Maré Alta Alimentos",
    "Casa Forte Arquitetura",
    "Cervejaria Capunga",
    "Clínica Derby",
    "Escola Aurora",
    "Pousada Maracaípe",
    "Café Santa Rita",
    "Boutique Graças",
    "Imobiliária Parnamirim",
    "ONG Viva Beberibe",
    "Academia Espinheiro",
    "Restaurante Poço",
    "Hotel Boa Viagem Mar",
]
PT_SUPPLIERS = [
    "Gráfica Capibaribe",
    "Adobe Systems",
    "Google Workspace",
    "Claro Empresas",
    "Neoenergia",
    "Compesa",
    "Papelaria Madalena",
    "Fotógrafo Ivan Sá",
    "Motoboy Express PE",
    "Coworking Porto Digital",
    "Unimed Recife",
    "Contábil Recife",
    "Imobiliária Recife Antigo",
    "AWS",
    "Figma",
]


PT_STATE: dict[str, float] = {}
"""Values one generated output fixes and a later one (or a reply) repeats: the statement's closing balance."""


def brl(value: float) -> str:
    return "R$ " + group_num(value, ".", ",")


def pt_statement(rng: random.Random) -> str:
    rows = []
    bal = 38_412.77
    events = []
    for _ in range(168):
        day = rng.randint(1, 31)
        kind = rng.random()
        if kind < 0.35:
            who = rng.choice(PT_CLIENTS[1:])
            events.append((day, f"PIX RECEBIDO {who.upper()}", round(rng.uniform(850, 9800), 2)))
        elif kind < 0.8:
            who = rng.choice(PT_SUPPLIERS[1:12] + PT_SUPPLIERS[13:])
            events.append(
                (day, f"PAGAMENTO BOLETO {who.upper()}", -round(rng.uniform(45, 3900), 2))
            )
        else:
            events.append(
                (
                    day,
                    rng.choice(
                        [
                            "PIX ENVIADO REEMBOLSO",
                            "CARTAO CREDITO FATURA",
                            "TARIFA PIX",
                            "ESTORNO PIX",
                        ]
                    ),
                    -round(rng.uniform(3.5, 1800), 2),
                )
            )
    events += [
        (10, "PIX RECEBIDO MARE ALTA ALIMENTOS LTDA", 14041.00),
        (10, "PAGAMENTO BOLETO IMOBILIARIA RECIFE ANTIGO ALUGUEL MAR", -4536.00),
        (18, "TED RECEBIDA 341 ITAU FRUTOS DO MAR COM LTDA", 7390.00),
        (20, "PAGAMENTO DAS SIMPLES NACIONAL PA 02/2026", -9112.64),
        (22, "TARIFA PIX ENVIADO", -2.90),
        (5, "PIX ENVIADO PRO-LABORE THIAGO BARROS", -6500.00),
    ]
    events.sort(key=lambda e: e[0])
    for day, text, value in events:
        bal += value
        rows.append(
            [
                f"{day:02d}/03/2026",
                text,
                f"{rng.randint(100000, 999999)}",
                group_num(value, ".", ","),
                group_num(bal, ".", ","),
            ]
        )
    PT_STATE["closing"] = round(bal, 2)
    return (
        "Banco Inter - Extrato Conta PJ | ESTUDIO PITANGA DESIGN LTDA | Ag 0001 | C/C 18345672-1\n"
        "Período: 01/03/2026 a 31/03/2026 | Saldo anterior: 38.412,77\n\n"
        + table(["Data", "Histórico", "Documento", "Valor", "Saldo"], rows)
    )


def pt_nfse(rng: random.Random) -> str:
    rows = []
    n = 2026000290
    raw = [rng.uniform(400, 3000) for _ in range(36)]
    scale = 47638.90 / sum(raw)
    cents = [round(r * scale, 2) for r in raw]
    cents[-1] = round(47638.90 - sum(cents[:-1]), 2)
    others = iter(cents)
    for k in range(38):
        n += 1
        day = 1 + k * 30 // 38
        who = rng.choice(PT_CLIENTS[2:])
        iss = "-"
        if n == 2026000318:
            who, value, iss = "Maré Alta Alimentos Ltda", 14780.00, "739,00 (retido)"
        elif n == 2026000312:
            who, value = "Casa Forte Arquitetura Ltda", 6200.00
        else:
            value = next(others)
        code = (
            "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(4))
            + "-"
            + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(4))
        )
        if n == 2026000318:
            code = "K7QF-2M9D"
        rows.append([n, f"{day:02d}/03/2026", who, group_num(value, ".", ","), iss, code, "Normal"])
    return (
        "Prefeitura do Recife - NFS-e | Prestador: ESTUDIO PITANGA DESIGN LTDA | Competência 03/2026\n"
        + table(
            [
                "Número",
                "Emissão",
                "Tomador",
                "Valor serviços",
                "ISS",
                "Cód. verificação",
                "Situação",
            ],
            rows,
        )
        + "\n\nTotal de notas: 38 | Valor total dos serviços: 68.618,90 | ISS retido pelo tomador: 739,00"
    )


def pt_payables(rng: random.Random) -> str:
    rows = []
    for _ in range(88):
        who = rng.choice(PT_SUPPLIERS[1:])
        due = f"{rng.randint(1, 30):02d}/03/2026"
        rows.append(
            [
                who,
                f"{rng.randint(1000, 99999)}",
                due,
                brl(round(rng.uniform(39.9, 3600), 2)),
                rng.choice(["Pago", "Pago", "Pago", "Agendado"]),
            ]
        )
    rows.insert(
        17, ["Gráfica Capibaribe", "44871", "15/03/2026", "R$ 3.214,56", "EM ABERTO (vencido)"]
    )
    return "ERP > Contas a pagar | vencimento 01/03/2026 a 31/03/2026\n" + table(
        ["Fornecedor", "Documento", "Vencimento", "Valor", "Status"], rows
    )


def pt_receivables(rng: random.Random) -> str:
    rows = []
    for _ in range(90):
        who = rng.choice(PT_CLIENTS[1:])
        month = rng.choice([2, 3, 3, 3, 4])
        status = "Recebido" if month < 4 and rng.random() < 0.8 else "A vencer"
        day = rng.choice([d for d in range(1, 29) if month != 4 or d not in (6, 8)])
        rows.append(
            [
                who,
                f"NFS-e {rng.randint(2026000200, 2026000330)}",
                f"{day:02d}/{month:02d}/2026",
                brl(round(rng.uniform(650, 9900), 2)),
                status,
                "-",
            ]
        )
    rows.insert(
        23,
        [
            "Livraria Jaqueira",
            "NFS-e 2026000011",
            "10/01/2026",
            "R$ 5.600,00",
            "VENCIDO",
            "81 dias",
        ],
    )
    rows.insert(
        40, ["Escola Aurora", "NFS-e 2026000287", "25/03/2026", "R$ 1.180,00", "VENCIDO", "7 dias"]
    )
    return "ERP > Contas a receber | posição em 01/04/2026\n" + table(
        ["Cliente", "Documento", "Vencimento", "Valor", "Status", "Atraso"], rows
    )


def pt_recon(rng: random.Random) -> str:
    lines = ["ERP > Conciliação bancária | Banco Inter C/C 18345672-1 | 03/2026", ""]
    rows = []
    for _ in range(148):
        rows.append(
            [
                f"{rng.randint(1, 31):02d}/03",
                f"{rng.randint(100000, 999999)}",
                group_num(round(rng.uniform(-3900, 9800), 2), ".", ","),
                "conciliado",
                f"LCT-{rng.randint(10000, 99999)}",
            ]
        )
    rows.sort()
    rows += [
        ["22/03", "771203", "-2,90", "SEM LANÇAMENTO", "sugestão: tarifa bancária"],
        [
            "16/03",
            "604418",
            "-12,40",
            "DIFERENÇA",
            "boleto Gráfica Capibaribe pago 3.226,96 x lançado 3.214,56",
        ],
        [
            "18/03",
            "318822",
            "7.390,00",
            "IDENTIFICADO MANUALMENTE",
            "sinal proposta 2026-014 Frutos do Mar",
        ],
    ]
    lines.append(table(["Data", "Documento", "Valor", "Status", "Observação"], rows))
    closing = PT_STATE["closing"]
    lines += [
        "",
        f"Itens conciliados: 148 | pendentes: 2 | saldo extrato 31/03: {group_num(closing, '.', ',')} | "
        f"saldo ERP: {group_num(closing + 15.30, '.', ',')} | diferença: -15,30",
    ]
    return "\n".join(lines)


def pt_card(rng: random.Random) -> str:
    rows = []
    merch = [
        "ADOBE *CREATIVE CLD",
        "FIGMA MONTHLY",
        "UBER *TRIP",
        "IFOOD *RESTAURANTE",
        "AMAZON AWS",
        "GOOGLE *WORKSPACE",
        "LATAM AIRLINES",
        "HOTEL IBIS SP PAULISTA",
        "KALUNGA",
        "MERCADO LIVRE",
        "SHUTTERSTOCK",
        "ENVATO MARKET",
    ]
    for _ in range(80):
        rows.append(
            [
                f"{rng.randint(1, 28):02d}/03",
                rng.choice(merch),
                rng.choice(["Thiago B.", "Camila R.", "Thiago B.", "Estúdio"]),
                group_num(round(rng.uniform(9.9, 1400), 2), ".", ","),
            ]
        )
    rows.sort()
    return (
        "Cartão corporativo Inter Mastercard Black PJ | fatura 03/2026 (fecha 28/03, vence 05/04)\n"
        + table(["Data", "Estabelecimento", "Portador", "Valor"], rows)
        + "\n\nTotal da fatura: 14.882,61"
    )


PT_CHART = [
    ("1", "ATIVO"),
    ("1.1", "Ativo circulante"),
    ("1.1.01", "Caixa"),
    ("1.1.02", "Banco Inter C/C"),
    ("1.1.03", "Aplicação Inter CDB liquidez diária"),
    ("1.1.04", "Clientes a receber"),
    ("1.1.05", "Adiantamentos a fornecedores"),
    ("1.1.06", "Impostos a recuperar"),
    ("1.2", "Ativo não circulante"),
    ("1.2.01", "Computadores e periféricos"),
    ("1.2.02", "Móveis e utensílios"),
    ("1.2.03", "(-) Depreciação acumulada"),
    ("2", "PASSIVO"),
    ("2.1", "Passivo circulante"),
    ("2.1.01", "Fornecedores a pagar"),
    ("2.1.02", "Simples Nacional a recolher"),
    ("2.1.03", "INSS a recolher"),
    ("2.1.04", "Pró-labore a pagar"),
    ("2.1.05", "Adiantamentos de clientes"),
    ("2.1.06", "Cartão de crédito a pagar"),
    ("2.1.07", "Aluguel a pagar"),
    ("2.2", "Patrimônio líquido"),
    ("2.2.01", "Capital social"),
    ("2.2.02", "Lucros acumulados"),
    ("3", "RESULTADO"),
    ("3.0", "Receitas"),
    ("3.0.01", "Receita de serviços - fee mensal"),
    ("3.0.02", "Receita de serviços - projetos"),
    ("3.0.03", "Receitas financeiras"),
    ("3.1", "Despesas"),
    ("3.1.01", "Aluguel e condomínio"),
    ("3.1.02", "Tarifas bancárias"),
    ("3.1.03", "Energia, água e internet"),
    ("3.1.04", "Softwares e assinaturas"),
    ("3.1.05", "Despesas financeiras (juros e multas)"),
    ("3.1.06", "Serviços gráficos"),
    ("3.1.07", "Fotografia e produção"),
    ("3.1.08", "Transporte e entregas"),
    ("3.1.09", "Viagens"),
    ("3.1.10", "Refeições com clientes"),
    ("3.1.11", "Material de escritório"),
    ("3.1.12", "Honorários contábeis"),
    ("3.1.13", "Plano de saúde"),
    ("3.1.14", "Pró-labore"),
    ("3.1.15", "INSS patronal / pró-labore"),
    ("3.1.16", "Coworking e eventos"),
    ("3.1.17", "Marketing próprio"),
    ("3.1.18", "Depreciação"),
    ("3.1.19", "Perdas com clientes"),
    ("3.2", "Tributos sobre receita"),
    ("3.2.01", "Simples Nacional (DAS)"),
    ("3.2.02", "ISS retido por tomador (informativo)"),
]


def pt_chart(rng: random.Random) -> str:
    rows = []
    for code, name in PT_CHART:
        kind = "S" if code.count(".") < 2 else "A"
        rows.append(
            [
                code,
                name,
                kind,
                "-" if kind == "S" else group_num(round(rng.uniform(0, 45000), 2), ".", ","),
            ]
        )
    return (
        "ERP > Plano de contas (saldos de março/2026, antes dos ajustes de fechamento)\n"
        + table(["Conta", "Descrição", "Tipo", "Movimento 03/2026"], rows)
    )


def pt_costcenters(rng: random.Random) -> str:
    centers = [
        "Maré Alta (fee)",
        "Frutos do Mar (projeto)",
        "Casa Forte (projeto)",
        "Cervejaria Capunga",
        "Clínica Derby",
        "Escola Aurora",
        "Pousada Maracaípe",
        "Café Santa Rita",
        "Administrativo",
        "Comercial",
        "Estrutura",
    ]
    rows = []
    for c in centers:
        for acct in rng.sample([a for a in PT_CHART if a[0].startswith("3.1.")], 5):
            rows.append([c, acct[0], acct[1], group_num(round(rng.uniform(30, 4800), 2), ".", ",")])
    return (
        "ERP > Despesas por centro de custo | 03/2026\n"
        + table(["Centro de custo", "Conta", "Descrição", "Valor"], rows)
        + "\n\nTotal de despesas: 48.771,09"
    )


def pt_inbox(rng: random.Random) -> str:
    senders = [
        "Adobe",
        "Google Workspace",
        "Claro Empresas",
        "Neoenergia",
        "Compesa",
        "Prefeitura do Recife - ISS",
        "Receita Federal",
        "Unimed Recife",
        "Coworking Porto Digital",
        "Figma",
        "AWS Billing",
        "Cervejaria Capunga",
        "Clínica Derby",
        "D4Sign",
        "Pousada Maracaípe",
        "Café Santa Rita",
        "LinkedIn",
        "Banco Inter",
    ]
    subjects = [
        "Sua fatura está disponível",
        "Recibo de pagamento",
        "Nota fiscal de serviço eletrônica",
        "Aviso de vencimento",
        "Documento assinado",
        "Nova mensagem",
        "Confirmação de agendamento",
        "Atualização dos termos",
        "Boleto disponível",
        "Pedido de orçamento",
        "Feedback do projeto",
        "Informe de rendimentos",
    ]
    rows = []
    for _ in range(52):
        day = rng.choice([1, 2, 3])
        rows.append(
            [
                f"{day:02d}/04/2026 {rng.randint(7, 22):02d}:{rng.randint(0, 59):02d}",
                rng.choice(senders),
                rng.choice(subjects),
            ]
        )
    rows += [
        [
            "03/04/2026 09:12",
            "Imobiliária Recife Antigo",
            "Aviso de reajuste - contrato de locação sala 4 (enviado novamente)",
        ],
        [
            "03/04/2026 10:40",
            "Rafaela Monteiro (Frutos do Mar)",
            "Re: contrato - assinamos hoje à tarde",
        ],
        [
            "03/04/2026 11:05",
            "Livraria Jaqueira",
            "Re: Acordo NFS-e 2026000011 - recebido, obrigado",
        ],
    ]
    rows.sort()
    return (
        "E-mail financeiro@estudiopitanga.com.br | caixa de entrada 01/04 a 03/04 (55 mensagens)\n"
        + table(["Recebido", "De", "Assunto"], rows)
    )


def pt_contracts(rng: random.Random) -> str:
    rows = [
        [
            "CT-2024-003",
            "Maré Alta Alimentos Ltda",
            "fee mensal (social + campanhas)",
            "R$ 14.780,00/mês",
            "assinado",
            "12/2026",
        ],
        [
            "CT-2026-009",
            "Casa Forte Arquitetura Ltda",
            "identidade visual + sinalização",
            "R$ 18.600,00 (3x)",
            "assinado",
            "06/2026",
        ],
    ]
    for _ in range(38):
        who = rng.choice(PT_CLIENTS[2:])
        rows.append(
            [
                f"CT-{rng.choice([2024, 2025, 2026])}-{rng.randint(10, 99):03d}",
                who,
                rng.choice(
                    [
                        "projeto pontual",
                        "fee mensal",
                        "manutenção de site",
                        "campanha sazonal",
                        "cardápio e materiais",
                    ]
                ),
                brl(round(rng.uniform(900, 9800), 2)) + rng.choice(["/mês", "", " (2x)"]),
                rng.choice(["assinado", "assinado", "encerrado", "assinado"]),
                f"{rng.randint(1, 12):02d}/{rng.choice([2026, 2027])}",
            ]
        )
    return "ERP > Contratos | todos os clientes\n" + table(
        ["Contrato", "Cliente", "Objeto", "Valor", "Status", "Vigência até"], rows
    )


def accounting(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_04)
    s = Session(
        "accounting_pt",
        "pt",
        "month-end close for a design studio in Recife (Simples Nacional): Inter statement, NFS-e, PIX, boletos, receivables, DAS",
        cues=(
            "foi mal",
            "desculpa",
            "desculpe",
            "errei",
            "errado",
            "corrigindo",
            "na verdade",
            "ops",
            "me enganei",
            "perdão",
            "engano",
        ),
    )
    s.turn(
        "oi! camila aqui, cuido do financeiro do estúdio pitanga design (CNPJ 34.517.902/0001-48), rua do bom jesus, "
        "183 sala 4, recife antigo. preciso fechar a conciliação de março e tá uma bagunça. o contador precisa de tudo "
        "até 08/04",
        "Oi, Camila! Vamos lá. Anotei:\n\n- Estúdio Pitanga Design Ltda, CNPJ 34.517.902/0001-48\n- Rua do Bom Jesus, "
        "183, sala 4, Recife Antigo\n- objetivo: conciliação bancária de março fechada e enviada ao contador até "
        "08/04\n\nSugiro esta ordem: extrato do banco, notas fiscais emitidas, contas a pagar e a receber, e por "
        "último a conciliação no ERP. Qual banco vocês usam?",
        facts=[
            U("34.517.902/0001-48", "34517902000148"),
            U("Rua do Bom Jesus, 183", "rua do bom jesus 183"),
        ],
    )
    s.turn(
        "inter. o sócio é o Thiago Barros, nenhum pagamento sai sem o ok do thiago, mesmo os pequenos. pagamento de "
        "fornecedor é toda sexta",
        "Combinado: **nenhum pagamento sai sem o ok do Thiago Barros**, qualquer valor. Eu preparo e agendo, mas só "
        "confirmo depois da aprovação dele. Pagamentos de fornecedor: toda sexta.",
        facts=[
            U("Thiago Barros"),
            RULE(
                "nenhum pagamento sai sem o ok do thiago",
                "nenhum pagamento sem aprovação do Thiago",
                "no payment without Thiago's approval",
                "só paga com o ok do Thiago",
            ),
        ],
    )
    s.turn(
        "maior cliente é a Maré Alta Alimentos, CNPJ 12.604.383/0001-07, paga R$ 14.780,00 de fee por mês, com ISS "
        "retido na fonte",
        "Anotado: Maré Alta Alimentos, CNPJ 12.604.383/0001-07, fee mensal de R$ 14.780,00 com ISS retido. Com "
        "ISS retido, o PIX que entra é o fee menos o ISS (5% no Recife), então na conciliação vou procurar o valor "
        "líquido, não o bruto.",
        facts=[U("R$ 14.780,00", "14.780,00", "R$14.780,00")],
    )
    s.turn(
        "contadora é a Rosângela, do escritório Contábil Recife, (81) 3224-5071. tudo que for pro contador passa por "
        "ela",
        "Ok: contabilidade com a Rosângela, Contábil Recife, (81) 3224-5071. Vou deixar o pacote de fechamento "
        "(extrato conciliado, notas, contas a pagar/receber e a guia do DAS) pronto para ela.",
        facts=[U("(81) 3224-5071", "81 3224-5071", "(81) 32245071")],
    )
    s.turn(
        "regra: diferença até R$ 5,00 lança como tarifa na conta 3.1.02, acima disso me avisa antes de lançar",
        "Combinado: diferenças de até R$ 5,00 lanço como tarifa bancária na conta 3.1.02; acima disso eu te aviso e "
        "não lanço nada sem você ver.",
        facts=[U("R$ 5,00", "5,00"), U("3.1.02")],
    )
    s.turn(
        "puxa o extrato de março, conta 18345672-1",
        "Extrato de março da C/C 18345672-1: 110 lançamentos, saldo anterior 38.412,77. Para a conciliação, três "
        "coisas chamam atenção:\n\n- PIX da Maré Alta em 10/03: 14.041,00, como esperado\n- uma TED de **7.390,00** "
        "em 18/03 de **FRUTOS DO MAR COM LTDA** (Itaú), que não é cliente cadastrado\n- uma tarifa de PIX de 2,90 em "
        "22/03",
        calls=[
            (
                "banco_inter",
                {
                    "endpoint": "GET /banking/v2/extrato",
                    "conta": "18345672-1",
                    "dataInicio": "2026-03-01",
                    "dataFim": "2026-03-31",
                },
                pt_statement(rng),
            )
        ],
        facts=[
            U("18345672-1"),
            T("7.390,00", "R$ 7.390,00"),
            T("FRUTOS DO MAR COM LTDA", "Frutos do Mar"),
        ],
    )
    s.turn(
        "o fee da maré alta de março veio certinho? preciso do id do pix pro contador",
        "Veio certo: PIX de 14.041,00 em 10/03/2026 às 15:32, pagador Maré Alta Alimentos Ltda. ID fim a fim "
        "(E2E): **E18236120202603101532s0f8a91c2d7**. Bate com o fee de R$ 14.780,00 menos os 5% de ISS retido.",
        calls=[
            (
                "banco_inter",
                {
                    "endpoint": "GET /pix/v2/pix",
                    "inicio": "2026-03-10T00:00:00",
                    "fim": "2026-03-10T23:59:59",
                    "valor": "14041.00",
                },
                '{"pix": [{"endToEndId": "E18236120202603101532s0f8a91c2d7", "valor": "14041.00", "horario": "2026-03-10T15:32:07.441Z", '
                '"pagador": {"nome": "MARE ALTA ALIMENTOS LTDA", "instituicao": "Banco do Nordeste"}, "infoPagador": "FEE MARCO 2026 ESTUDIO PITANGA", "txid": null}]}',
            )
        ],
        facts=[T("E18236120202603101532s0f8a91c2d7")],
    )
    s.turn(
        "lista as nfs-e de março",
        "38 NFS-e emitidas em março, total de serviços 68.618,90. A da Maré Alta é a **2026000318** (código de "
        "verificação **K7QF-2M9D**), R$ 14.780,00 com ISS retido de **739,00**, a única com retenção. Todas estão "
        "normais (nenhuma cancelada).",
        calls=[
            (
                "nfse_recife",
                {
                    "action": "consultar_notas",
                    "prestador": "34517902000148",
                    "competencia": "03/2026",
                },
                pt_nfse(rng),
            )
        ],
        facts=[T("2026000318"), T("K7QF-2M9D"), T("739,00", "R$ 739,00")],
    )
    s.turn(
        "nunca emitir nota sem contrato assinado, já tivemos problema com isso. tem nota ali pra Casa Forte "
        "Arquitetura, eles assinaram?",
        "Regra anotada: **nenhuma nota sem contrato assinado.** E a Casa Forte Arquitetura não assinou: no ERP o "
        'contrato CT-2026-009 está "aguardando assinatura" desde 02/03, mas a NFS-e 2026000312 foi emitida em 09/03. '
        "Ou seja, essa nota saiu contra a regra.",
        calls=[
            (
                "erp",
                {"action": "contratos", "cliente": "Casa Forte Arquitetura"},
                '[{"contrato": "CT-2026-009", "cliente": "Casa Forte Arquitetura Ltda", "objeto": "identidade visual + sinalização", '
                '"valor": "R$ 18.600,00 em 3 parcelas", "status": "aguardando assinatura", "enviado_em": "02/03/2026", "plataforma": "D4Sign"}]',
            )
        ],
        facts=[
            RULE(
                "nunca emitir nota sem contrato assinado",
                "nenhuma nota sem contrato assinado",
                "no invoice without a signed contract",
                "nota só com contrato assinado",
            )
        ],
    )
    s.turn(
        "cancela a nota da casa forte até eles assinarem, ainda dá tempo no mês",
        'Cancelada: NFS-e 2026000312 (Casa Forte Arquitetura) cancelada na prefeitura com o motivo "serviço não '
        'contratado formalmente - contrato pendente de assinatura". Quando o CT-2026-009 for assinado, emitimos de '
        "novo.",
        calls=[
            (
                "nfse_recife",
                {
                    "action": "cancelar",
                    "numero": "2026000312",
                    "motivo": "servico nao contratado formalmente - contrato pendente de assinatura",
                },
                '{"situacao": "Cancelada", "protocolo": "CANC-2026-0041187"}',
            )
        ],
        facts=[
            CHOICE(
                "cancela a nota da casa forte até eles assinarem",
                "nota da Casa Forte cancelada até assinarem",
                "cancel the Casa Forte invoice until they sign",
            )
        ],
    )
    s.turn(
        "o aluguel é R$ 4.200,00, bateu?",
        "Não bateu: o boleto do aluguel pago em 10/03 para a Imobiliária Recife Antigo foi maior que R$ 4.200,00. "
        "Pode ter sido reajuste anual (o contrato de locação costuma reajustar no aniversário, e o de vocês é de "
        "março); você tem o aviso da imobiliária? Enquanto isso deixo o lançamento de março marcado como "
        '"divergente" na conciliação, sem mexer no valor do ERP.',
    )
    s.turn(
        "isso, reajuste do igp-m em março. aluguel agora é R$ 4.536,00. atualiza no erp pros próximos meses",
        "Atualizado no ERP: aluguel recorrente R$ 4.536,00 a partir de 03/2026, fornecedor Imobiliária Recife "
        "Antigo, vencimento dia 10. O lançamento de março já concilia com o extrato.",
        calls=[
            (
                "erp",
                {
                    "action": "atualizar_recorrente",
                    "fornecedor": "Imobiliária Recife Antigo",
                    "descricao": "aluguel sala 4",
                    "valor": "4536.00",
                    "a_partir_de": "03/2026",
                },
                '{"status": "ok", "proximos": ["10/04/2026", "10/05/2026", "10/06/2026"]}',
            )
        ],
        fix=[("R$ 4.200,00", "R$ 4.536,00")],
    )
    s.turn(
        "boletos de fornecedor de março, o que falta",
        "Quase tudo pago ou agendado. Um em aberto e vencido: **Gráfica Capibaribe**, documento 44871, venceu em "
        "15/03/2026, **R$ 3.214,56**. Com multa e juros deve ficar um pouco acima disso.",
        calls=[
            (
                "erp",
                {
                    "action": "contas_a_pagar",
                    "vencimento_de": "01/03/2026",
                    "vencimento_ate": "31/03/2026",
                },
                pt_payables(rng),
            )
        ],
        facts=[T("R$ 3.214,56", "3.214,56")],
    )
    s.turn(
        "a gráfica errou o pedido de novo, cor dos cartões toda lavada. troca a Gráfica Capibaribe pela Gráfica Boa "
        "Vista nos próximos jobs. mas esse boleto tem que pagar, pede o ok do thiago",
        "Feito: no ERP a Gráfica Boa Vista passa a ser a gráfica padrão nos próximos jobs, e a Capibaribe fica "
        'inativa para novos pedidos. Mandei para o Thiago: "Thiago, pode aprovar o boleto da Gráfica Capibaribe '
        '(doc 44871, R$ 3.214,56 + encargos, vencido em 15/03)? A Camila pediu. É o último com eles."',
        calls=[
            (
                "erp",
                {
                    "action": "fornecedor_padrao",
                    "categoria": "gráfica",
                    "novo": "Gráfica Boa Vista",
                    "inativar": "Gráfica Capibaribe",
                },
                '{"status": "ok"}',
            ),
            (
                "email",
                {
                    "action": "enviar",
                    "para": "thiago@estudiopitanga.com.br",
                    "assunto": "Aprovação: boleto Gráfica Capibaribe 44871",
                    "corpo": "Thiago, pode aprovar o boleto da Gráfica Capibaribe (doc 44871, R$ 3.214,56 + encargos, vencido em 15/03)? A Camila pediu. É o último com eles.",
                },
                '{"status": "enviado"}',
            ),
        ],
        facts=[
            CHOICE(
                "troca a Gráfica Capibaribe pela Gráfica Boa Vista",
                "Gráfica Boa Vista nos próximos jobs",
                "switch from Gráfica Capibaribe to Gráfica Boa Vista",
            )
        ],
    )
    s.turn(
        "thiago respondeu ok, paga",
        "Pago com a aprovação do Thiago: boleto 44871 da Gráfica Capibaribe, R$ 3.226,96 (R$ 3.214,56 + 12,40 de "
        "encargos de atraso, calculados pelo banco). Comprovante salvo no ERP.",
        calls=[
            (
                "banco_inter",
                {
                    "endpoint": "POST /banking/v2/pagamento",
                    "codBarraLinhaDigitavel": "23793381286000044871052000063305896020000321456",
                    "valorPagar": "3226.96",
                    "aprovadoPor": "Thiago Barros",
                },
                '{"status": "PAGO", "codigoTransacao": "a41f0c2e-77b1-4e0a-9d33-5e12c0b8f6a1", "dataPagamento": "2026-04-02", "valorPago": "3226.96"}',
            )
        ],
    )
    s.turn(
        "e aquela TED da frutos do mar, quem é?",
        "Achei: é um cliente novo. No e-mail tem a proposta 2026-014 (identidade visual para o restaurante Frutos do "
        "Mar, R$ 14.780,00 em duas parcelas) aceita em 17/03, e a TED de 7.390,00 é a primeira parcela (50% de sinal). "
        "Ainda não há contrato assinado nem cadastro no ERP, então pela regra ainda não emitimos nota.",
        calls=[
            (
                "email",
                {"action": "buscar", "query": "frutos do mar proposta"},
                "De: Rafaela Monteiro <rafaela@frutosdomar-rec.com.br>\nData: 17/03/2026 16:48\nAssunto: Re: Proposta 2026-014 - Estúdio Pitanga\n\n"
                "Oi Thiago, tudo bem?\nProposta aprovada! Vamos fazer o sinal de 50% amanhã por TED, conforme a proposta.\n"
                "Pode mandar o contrato para assinatura digital.\n\nAbraços,\nRafaela Monteiro\nFrutos do Mar Comércio de Alimentos Ltda (Restaurante Frutos do Mar)\n"
                "\n> Proposta 2026-014: identidade visual completa, cardápio e fachada\n> Valor: R$ 14.780,00 em 2 parcelas (50% sinal, 50% na entrega)\n> Prazo: 45 dias",
            )
        ],
    )
    s.turn(
        "não mexer no fechamento de fevereiro, já foi pro contador. se aparecer coisa de fevereiro no extrato de "
        "março lança em março mesmo",
        "Entendido: **fevereiro está fechado e não se mexe.** Qualquer coisa de competência de fevereiro que apareça "
        "no extrato de março (como o DAS de fevereiro pago em 20/03) entra nos lançamentos de março.",
        facts=[
            RULE(
                "não mexer no fechamento de fevereiro",
                "fevereiro está fechado e não se mexe",
                "don't touch the February close",
                "fechamento de fevereiro não se mexe",
            )
        ],
    )
    s.turn(
        "foi mal, o CNPJ da maré alta é 12.604.338/0001-07, passei errado lá atrás. confere na nota",
        "Conferi na NFS-e 2026000318: o tomador é Maré Alta Alimentos Ltda, CNPJ 12.604.338/0001-07. Cadastro no ERP "
        "atualizado com esse número.",
        calls=[
            (
                "nfse_recife",
                {"action": "consultar_nota", "numero": "2026000318"},
                '{"numero": "2026000318", "emissao": "03/03/2026", "tomador": {"razao": "MARE ALTA ALIMENTOS LTDA", "cnpj": "12.604.338/0001-07", "municipio": "Jaboatão dos Guararapes"}, '
                '"servico": "17.06 - Propaganda e publicidade, fee mensal março/2026", "valor": "14.780,00", "iss_retido": true, "situacao": "Normal"}',
            )
        ],
        fix=[("12.604.383/0001-07", "12.604.338/0001-07")],
    )
    s.turn(
        "contas a receber, quem tá devendo",
        "Dois vencidos:\n\n- **Livraria Jaqueira**: NFS-e 2026000011, vencida em 10/01/2026, **R$ 5.600,00**, 81 "
        "dias de atraso\n- Escola Aurora: R$ 1.180,00, 7 dias (provavelmente só esquecimento)\n\nO resto está "
        "recebido ou a vencer em abril.",
        calls=[
            ("erp", {"action": "contas_a_receber", "posicao": "01/04/2026"}, pt_receivables(rng))
        ],
        facts=[T("Livraria Jaqueira"), T("R$ 5.600,00", "5.600,00")],
    )
    s.turn(
        "não mandar cobrança pra cliente sem eu ver antes. faz um rascunho pra livraria, educado",
        "Anotado: **nenhuma cobrança sai para cliente sem você revisar.** Rascunho:\n\n> Olá, equipe da Livraria "
        "Jaqueira,\n> tudo bem? Identificamos em aberto a NFS-e 2026000011, vencida em 10/01/2026, no valor de R$ "
        "5.600,00. Sabemos que o começo de ano é puxado; se ajudar, podemos combinar um parcelamento. Ficamos no "
        "aguardo de um retorno.\n> Abraços, Camila, Estúdio Pitanga\n\nSó envio depois do seu ok.",
        facts=[
            RULE(
                "não mandar cobrança pra cliente sem eu ver antes",
                "nenhuma cobrança sem a Camila revisar",
                "no collection email to a client before I see it",
                "cobrança só depois de revisar",
            )
        ],
    )
    s.turn(
        "a rosângela saiu do escritório, agora quem cuida da gente é o Wagner, mesmo telefone",
        "Atualizado: contato na Contábil Recife agora é o Wagner, (81) 3224-5071. O pacote de fechamento vai para ele.",
        fix=[("Rosângela", "Wagner")],
    )
    s.turn(
        "me mostra o plano de contas, quero ver onde tá caindo cada coisa antes do fechamento",
        "Plano de contas com o movimento de março. Para o fechamento, as contas que vamos mexer são: 3.1.02 (tarifas "
        "bancárias, diferenças até R$ 5,00), 3.1.05 (juros e multas, como o boleto atrasado da gráfica), 2.1.05 "
        "(adiantamentos de clientes, onde deve cair o sinal da Frutos do Mar até ter nota) e 3.2.01 (DAS). A conta "
        "3.1.19 (perdas com clientes) não deveria ter nada este mês.",
        calls=[("erp", {"action": "plano_de_contas", "competencia": "03/2026"}, pt_chart(rng))],
    )
    s.turn(
        "calcula o DAS de março",
        "PGDAS-D de 03/2026:\n\n- receita bruta do mês: R$ 62.418,90 (notas normais; a da Casa Forte cancelada não "
        "entra)\n- RBT12: **R$ 812.430,55**, Anexo III, 4ª faixa, alíquota efetiva 16,6131%\n- R$ 14.780,00 com ISS "
        "retido (a parte do ISS sai do DAS)\n- **DAS: R$ 9.547,19**, vencimento **20/04/2026**, documento "
        "**07.20.26089.4471523-9**",
        calls=[
            (
                "pgdas",
                {"action": "calcular", "cnpj": "34517902000148", "pa": "03/2026"},
                "PGDAS-D - Período de Apuração 03/2026 - ESTUDIO PITANGA DESIGN LTDA\n"
                "Receita bruta do PA (RPA) - mercado interno ........ 62.418,90\n"
                "  sem retenção/substituição de ISS ................. 47.638,90\n"
                "  com retenção de ISS .............................. 14.780,00\n"
                "Receita bruta acumulada 12 meses (RBT12) ........... R$ 812.430,55\n"
                "Anexo III - Faixa 4 - alíquota nominal 21,00% - parcela a deduzir 35.640,00\n"
                "Alíquota efetiva ................................... 16,6131%\n"
                "Percentual do ISS na faixa ......................... 33,50%\n"
                "Valor apurado ...................................... 10.369,75\n"
                "(-) ISS retido (parcela do ISS sobre 14.780,00) .... 822,56\n"
                "Valor do DAS ....................................... R$ 9.547,19\n"
                "Data de vencimento ................................. 20/04/2026\n"
                "Número do documento ................................ 07.20.26089.4471523-9",
            )
        ],
        facts=[
            T("R$ 812.430,55", "812.430,55"),
            T("R$ 9.547,19", "9.547,19"),
            T("20/04/2026"),
            T("07.20.26089.4471523-9"),
        ],
    )
    s.turn(
        "paga o DAS à vista, sem parcelar, mas só no dia 17 pra não apertar o caixa. pede o ok do thiago",
        "Agendado para 17/04/2026 (antes do vencimento em 20/04), à vista, R$ 9.547,19, pendente de aprovação do "
        "Thiago no app do Inter. Mandei a ele o pedido de aprovação com o PGDAS anexado.",
        calls=[
            (
                "banco_inter",
                {
                    "endpoint": "POST /banking/v2/pagamento/darf-das",
                    "documento": "07.20.26089.4471523-9",
                    "valor": "9547.19",
                    "dataAgendamento": "2026-04-17",
                    "status": "aguardando_aprovacao",
                },
                '{"status": "AGUARDANDO_APROVACAO", "aprovador": "Thiago Barros"}',
            )
        ],
        facts=[
            CHOICE(
                "paga o DAS à vista, sem parcelar",
                "DAS à vista",
                "pay the DAS in full, no installments",
            )
        ],
    )
    s.turn(
        "o thiago mudou: pagamento de fornecedor era toda sexta, agora vai ser toda quinta. ajusta os agendados",
        "Ajustado: os pagamentos de fornecedor agendados passaram para quinta-feira. Próximos: 09/04 (Adobe, "
        "Claro, Compesa) e 16/04 (Neoenergia, Coworking Porto Digital). Todos seguem com aprovação do Thiago.",
        calls=[
            (
                "erp",
                {"action": "reagendar", "regra": "fornecedores", "dia_semana": "quinta"},
                '{"reagendados": 7, "proximos": ["09/04/2026", "16/04/2026"]}',
            )
        ],
        fix=[("toda sexta", "toda quinta")],
    )
    s.turn(
        "a livraria respondeu, querem parcelar. acordo em 3x sem juros, primeira em 10/04",
        "Feito o acordo com a Livraria Jaqueira: R$ 5.600,00 em 3 parcelas sem juros (R$ 1.866,67, R$ 1.866,67 e "
        "R$ 1.866,66), vencimentos 10/04, 10/05 e 10/06/2026. Boletos gerados no Inter; só mando para eles depois que "
        "você ver.",
        calls=[
            (
                "banco_inter",
                {
                    "endpoint": "POST /cobranca/v3/cobrancas/lote",
                    "pagador": "Livraria Jaqueira",
                    "parcelas": [
                        {"valor": "1866.67", "vencimento": "2026-04-10"},
                        {"valor": "1866.67", "vencimento": "2026-05-10"},
                        {"valor": "1866.66", "vencimento": "2026-06-10"},
                    ],
                },
                '{"cobrancas": [{"nossoNumero": "00019283746", "status": "EMITIDO"}, {"nossoNumero": "00019283747", "status": "EMITIDO"}, {"nossoNumero": "00019283748", "status": "EMITIDO"}]}',
            )
        ],
        facts=[
            CHOICE(
                "acordo em 3x sem juros",
                "parcelamento em 3x para a livraria",
                "3 installments for the bookshop",
            )
        ],
    )
    s.turn(
        "o escritório pediu tudo até 06/04, adiantaram por causa do feriado",
        "Ok, novo prazo 06/04. Dá tempo: falta rodar a conciliação no ERP, resolver as pendências e montar o pacote "
        "para o Wagner. Checklist do que já está pronto: extrato de março baixado, notas de março conferidas (com a "
        "da Casa Forte cancelada), aluguel reajustado no ERP, boleto da gráfica pago, CNPJ da Maré Alta corrigido, DAS "
        "calculado e agendado, acordo da Livraria Jaqueira feito. Posso rodar a conciliação agora?",
        fix=[("08/04", "06/04")],
    )
    s.turn(
        "roda",
        "Conciliação de março: 148 itens conciliados, 3 pendentes:\n\n1. tarifa PIX de 2,90 em 22/03, sem "
        "lançamento: abaixo de R$ 5,00, então lancei como tarifa na 3.1.02\n2. diferença de 12,40 no boleto da Gráfica "
        "Capibaribe (multa e juros): acima de R$ 5,00, **não lancei**, preciso do seu ok\n3. TED de 7.390,00 da "
        "Frutos do Mar, identificada como sinal da proposta 2026-014, falta o cadastro do cliente\n\nDiferença "
        "restante extrato x ERP: 15,30 (os dois primeiros itens).",
        calls=[
            (
                "erp",
                {"action": "conciliar", "conta": "inter-18345672-1", "competencia": "03/2026"},
                pt_recon(rng),
            )
        ],
    )
    s.turn(
        "os 12,40 lança em despesa financeira, 3.1.05. e cadastra a frutos do mar, contrato vai sair essa semana",
        "Lançado: 12,40 em 3.1.05 (juros e multa, boleto 44871). Frutos do Mar Comércio de Alimentos Ltda cadastrada "
        "no ERP como cliente, TED de 7.390,00 conciliada como adiantamento de cliente (sem nota até o contrato ser "
        "assinado). Diferença do extrato zerada.",
        calls=[
            (
                "erp",
                {
                    "action": "lancar",
                    "conta": "3.1.05",
                    "valor": "12.40",
                    "historico": "juros/multa boleto 44871 Grafica Capibaribe",
                },
                '{"status": "ok"}',
            ),
            (
                "erp",
                {
                    "action": "cadastrar_cliente",
                    "razao": "Frutos do Mar Comércio de Alimentos Ltda",
                    "contato": "Rafaela Monteiro",
                    "email": "rafaela@frutosdomar-rec.com.br",
                },
                '{"status": "ok", "id": "CLI-0187"}',
            ),
        ],
    )
    s.turn(
        "fatura do cartão corporativo, confere se tem algo pessoal",
        "Fatura de março: 14.882,61, 80 compras. Quase tudo é software (Adobe, Figma, Google, AWS, Shutterstock) e "
        "a viagem do Thiago para São Paulo (LATAM, Ibis Paulista, Uber). Não vi nada claramente pessoal; só dois "
        "iFood em fim de semana que vale perguntar ao Thiago se foram reunião com cliente.",
        calls=[("banco_inter", {"endpoint": "GET /cartao/v1/faturas/2026-03"}, pt_card(rng))],
    )
    s.turn(
        "despesas de março por centro de custo, o thiago quer ver quanto a gente gasta por cliente",
        "Despesas de março: 48.771,09 no total. O centro Administrativo/Estrutura concentra aluguel, softwares e "
        "contabilidade; entre os clientes, Maré Alta e Frutos do Mar têm mais custo direto (fotografia, gráfica e "
        "produção). Se quiser, monto uma margem por cliente: receita da nota menos despesa do centro de custo.",
        calls=[
            (
                "erp",
                {"action": "despesas_centro_custo", "competencia": "03/2026"},
                pt_costcenters(rng),
            )
        ],
    )
    s.turn(
        "foram almoço com cliente sim. o reembolso da viagem dele, R$ 1.870,35, tá aprovado pelo sócio mesmo, pode pagar na quinta",
        "Ok: iFood classificados como refeição com cliente. Reembolso de R$ 1.870,35 ao Thiago agendado para quinta "
        "09/04, no dia de pagamentos, com a aprovação dele registrada.",
    )
    s.turn(
        "guia do ISS da maré alta, a gente precisa fazer algo?",
        "Não: o ISS de 739,00 foi retido pela Maré Alta, então a guia é responsabilidade dela, como tomadora. O que "
        "fazemos é guardar o comprovante da retenção (vem no informe deles) e abater do DAS, que o PGDAS já fez. "
        "Dois cuidados: (1) a Maré Alta é de Jaboatão dos Guararapes, mas o serviço é prestado aqui, e para o item "
        "17.06 o ISS é devido no Recife, então a retenção tem que estar recolhida para o município do Recife; vale "
        "pedir a eles a guia paga de março para o dossiê; (2) se a retenção não for recolhida, a prefeitura pode "
        "cobrar do prestador, por isso guardamos a nota com o campo de ISS retido marcado e o comprovante do "
        "recolhimento juntos no ERP.",
    )
    s.turn(
        "monta o resumo do fechamento pro wagner",
        "Resumo de março/2026, Estúdio Pitanga Design (CNPJ 34.517.902/0001-48):\n\n- extrato Inter C/C "
        f"18345672-1 conciliado, saldo final {group_num(PT_STATE['closing'], '.', ',')}\n"
        "- 37 NFS-e válidas (1 cancelada: 2026000312, Casa Forte, sem "
        "contrato), receita 62.418,90, ISS retido 739,00 (Maré Alta, nota 2026000318)\n- DAS 03/2026: R$ 9.547,19, "
        "vence 20/04/2026, agendado para 17/04\n- adiantamento de cliente: 7.390,00 (Frutos do Mar, proposta "
        "2026-014)\n- tarifas 3.1.02: 2,90; despesas financeiras 3.1.05: 12,40\n- aluguel reajustado para R$ "
        "4.536,00\n- recebíveis vencidos: Livraria Jaqueira (acordo 3x a partir de 10/04), Escola Aurora\n\nAnexos: "
        "extrato, relatório de conciliação, lista de notas, PGDAS, contas a pagar/receber.",
    )
    s.turn(
        "manda pro wagner, cc thiago",
        "Enviado para o Wagner na Contábil Recife, com cópia para o Thiago: resumo e os seis anexos, dentro do "
        "prazo de 06/04.",
        calls=[
            (
                "email",
                {
                    "action": "enviar",
                    "para": "wagner@contabilrecife.com.br",
                    "cc": "thiago@estudiopitanga.com.br",
                    "assunto": "Fechamento março/2026 - Estúdio Pitanga",
                    "anexos": [
                        "extrato_03.pdf",
                        "conciliacao_03.xlsx",
                        "nfse_03.xlsx",
                        "pgdas_03.pdf",
                        "pagar_03.xlsx",
                        "receber_03.xlsx",
                    ],
                },
                '{"status": "enviado"}',
            )
        ],
    )
    s.turn(
        "olha o email do financeiro, tem algo que eu perdi?",
        "Três e-mails relevantes entre os 55:\n\n- Imobiliária Recife Antigo reenviou o aviso de reajuste do "
        "aluguel (já está no ERP com o valor novo)\n- Rafaela, da Frutos do Mar: assinaram o contrato hoje à tarde, "
        "então dá para emitir a nota do sinal\n- Livraria Jaqueira confirmou o recebimento dos boletos do acordo\n\n"
        "O resto são faturas de rotina (Adobe, Google, Claro, AWS) que já estão nas contas a pagar de abril.",
        calls=[
            ("email", {"action": "listar", "caixa": "entrada", "de": "01/04/2026"}, pt_inbox(rng))
        ],
    )
    s.turn(
        "a escola aurora pagou hoje, baixa",
        "Baixado: Escola Aurora, R$ 1.180,00 recebido por PIX hoje, NFS-e 2026000287 quitada.",
        calls=[
            (
                "erp",
                {
                    "action": "baixar",
                    "cliente": "Escola Aurora",
                    "documento": "NFS-e 2026000287",
                    "valor": "1180.00",
                },
                '{"status": "ok"}',
            )
        ],
    )
    s.turn(
        "manda os boletos pra livraria, revisei o texto, tá ok",
        "Enviados para a Livraria Jaqueira os três boletos do acordo com o texto que você revisou.",
        calls=[
            (
                "email",
                {
                    "action": "enviar",
                    "para": "financeiro@livrariajaqueira.com.br",
                    "assunto": "Acordo NFS-e 2026000011 - boletos",
                    "anexos": ["boleto_1.pdf", "boleto_2.pdf", "boleto_3.pdf"],
                },
                '{"status": "enviado"}',
            )
        ],
    )
    s.turn(
        "casa forte assinou o contrato! emite a nota de novo",
        "Contrato CT-2026-009 assinado no D4Sign hoje. Emitida a nova NFS-e para a Casa Forte Arquitetura "
        "(1ª parcela, R$ 6.200,00), com competência de abril, já que março está fechado para o contador.",
        calls=[
            (
                "erp",
                {"action": "contratos", "cliente": "Casa Forte Arquitetura"},
                '[{"contrato": "CT-2026-009", "status": "assinado", "assinado_em": "03/04/2026"}]',
            ),
            (
                "nfse_recife",
                {
                    "action": "emitir",
                    "tomador": "Casa Forte Arquitetura Ltda",
                    "valor": "6200.00",
                    "competencia": "04/2026",
                    "servico": "17.06",
                },
                '{"numero": "2026000331", "situacao": "Normal"}',
            ),
        ],
    )
    s.turn(
        "lista os contratos ativos, quero bater com as notas de abril",
        "40 contratos no ERP; os que devem gerar nota em abril são os fees mensais assinados (Maré Alta a R$ "
        "14.780,00 e os menores) e as parcelas de projeto que vencem no mês, como a 2ª da Casa Forte. Os encerrados "
        "não geram nota. Quando a Frutos do Mar aparecer como assinado, entra a nota do sinal.",
        calls=[("erp", {"action": "contratos", "status": "todos"}, pt_contracts(rng))],
    )
    s.turn(
        "thiago aprovou o DAS no app?",
        "Sim, aprovado ontem à noite; o pagamento de R$ 9.547,19 sai em 17/04.",
        calls=[
            (
                "banco_inter",
                {"endpoint": "GET /banking/v2/pagamento/agendados"},
                '[{"tipo": "DAS", "valor": "9547.19", "data": "2026-04-17", "status": "APROVADO", "aprovador": "Thiago Barros"}]',
            )
        ],
    )
    s.turn(
        "o cnpj e endereço do estúdio pro cadastro novo no banco",
        "Estúdio Pitanga Design Ltda, CNPJ 34.517.902/0001-48, Rua do Bom Jesus, 183, sala 4, Recife Antigo.",
        recall=["34.517.902/0001-48", "Rua do Bom Jesus, 183"],
    )
    s.turn(
        "quanto é o fee da maré alta mesmo",
        "R$ 14.780,00 por mês, com ISS retido (739,00), PIX líquido de 14.041,00.",
        recall=["R$ 14.780,00", "739,00"],
    )
    s.turn(
        "qual era o id do pix deles de março, o wagner pediu",
        "E18236120202603101532s0f8a91c2d7 (10/03/2026, 14.041,00).",
        recall=["E18236120202603101532s0f8a91c2d7"],
    )
    s.turn(
        "e o número da nota deles e o código de verificação",
        "NFS-e 2026000318, código de verificação K7QF-2M9D.",
        recall=["2026000318", "K7QF-2M9D"],
    )
    s.turn(
        "telefone do escritório contábil",
        "(81) 3224-5071, falar com o Wagner.",
        recall=["(81) 3224-5071", "Wagner"],
    )
    s.turn(
        "a regra das diferenças que eu te passei, pra eu colocar no manual",
        "Diferença de até R$ 5,00 vai como tarifa bancária na conta 3.1.02; acima disso você é avisada antes de "
        "qualquer lançamento.",
        recall=["R$ 5,00", "3.1.02"],
    )
    s.turn(
        "número da conta no inter",
        "C/C 18345672-1, agência 0001.",
        recall=["18345672-1"],
    )
    s.turn(
        "quem tem que aprovar pagamento, pro manual também",
        "O Thiago Barros: nenhum pagamento sai sem o ok do Thiago, qualquer valor. Fornecedores são pagos toda quinta.",
        recall=["Thiago Barros", "nenhum pagamento sai sem o ok do thiago", "toda quinta"],
    )
    s.turn(
        "aquela TED de março, valor e de quem, pro relatório de adiantamentos",
        "7.390,00 em 18/03, de FRUTOS DO MAR COM LTDA (sinal de 50% da proposta 2026-014).",
        recall=["7.390,00", "FRUTOS DO MAR COM LTDA"],
    )
    s.turn(
        "valeu! o que ficou pendente?",
        "Pendências: contrato da Frutos do Mar (para emitir a nota do sinal de 7.390,00), primeira parcela da "
        "Livraria Jaqueira em 10/04, DAS de R$ 9.547,19 em 17/04 (aprovado), e os pagamentos de fornecedor de "
        "quinta, 09/04.",
        recall=["R$ 9.547,19"],
    )
    return s.write(out)


# == pharmacy_hi_en: a Nagpur chemist shop, stock, expiry, cold chain and distributor (Hinglish) ==

HI_ITEMS = [
    ("Dolo 650", "15 tab", 33.60),
    ("Crocin Advance", "15 tab", 29.10),
    ("Pan 40", "15 tab", 165.00),
    ("Pantocid DSR", "10 cap", 199.80),
    ("Azithral 500", "5 tab", 119.50),
    ("Augmentin 625 Duo", "10 tab", 223.40),
    ("Telma 40", "15 tab", 249.00),
    ("Telma H", "15 tab", 268.50),
    ("Amlong 5", "15 tab", 58.70),
    ("Januvia 100", "7 tab", 297.00),
    ("Istamet 50/500", "15 tab", 218.00),
    ("Ecosprin 75", "14 tab", 5.10),
    ("Atorva 10", "15 tab", 94.60),
    ("Rosuvas 10", "15 tab", 181.20),
    ("Thyronorm 50", "120 tab", 172.00),
    ("Montair LC", "10 tab", 247.00),
    ("Allegra 120", "10 tab", 229.00),
    ("Cetzine", "10 tab", 19.80),
    ("Benadryl Cough", "150 ml", 132.00),
    ("Electral ORS", "21.8 g", 22.00),
    ("Becosules", "20 cap", 48.50),
    ("Shelcal 500", "15 tab", 126.00),
    ("Limcee", "15 tab", 25.20),
    ("Volini Gel", "30 g", 149.00),
    ("Combiflam", "20 tab", 47.20),
    ("Meftal Spas", "10 tab", 52.00),
    ("Cyclopam", "10 tab", 44.70),
    ("Norflox TZ", "10 tab", 112.00),
    ("Zifi 200", "10 tab", 108.00),
    ("Taxim-O 200", "10 tab", 116.50),
    ("Ciplox 500", "10 tab", 32.40),
    ("Betadine 10%", "100 ml", 135.00),
    ("Soframycin", "30 g", 67.00),
    ("Lantus Solostar", "3 ml pen", 746.00),
    ("Mixtard 30/70", "10 ml vial", 179.00),
    ("Alprax 0.25", "15 tab", 41.80),
    ("Ultracet", "15 tab", 231.00),
    ("Zolfresh 5", "10 tab", 96.00),
    ("Glycomet GP 1", "15 tab", 129.00),
    ("Ondem 4", "10 tab", 56.00),
    ("Digene Gel", "200 ml", 149.00),
    ("Liv 52", "100 tab", 180.00),
    ("Evion 400", "10 cap", 34.50),
]
HI_RACKS = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "D1", "Fridge"]


def rupee(value: float, places: int = 2) -> str:
    return "₹" + indian(value, places)


def hi_batch(rng: random.Random, name: str) -> str:
    head = "".join(c for c in name.upper() if c.isalpha())[:2]
    return f"{head}{rng.randint(23, 26)}{rng.choice('ABCDEFGH')}{rng.randint(100, 999)}"


def hi_stock(rng: random.Random) -> str:
    rows = []
    for name, pack, mrp in HI_ITEMS:
        for _ in range(rng.randint(3, 5)):
            exp = f"{rng.randint(1, 12):02d}/{rng.randint(26, 28)}"
            rack = (
                "Fridge"
                if name in ("Lantus Solostar", "Mixtard 30/70")
                else rng.choice(HI_RACKS[:-1])
            )
            gst = "5%" if name.startswith(("Electral", "Limcee")) else "12%"
            rows.append(
                [
                    name,
                    pack,
                    hi_batch(rng, name),
                    exp,
                    rng.randint(3, 160),
                    f"{mrp:.2f}",
                    f"{mrp * 0.714:.2f}",
                    gst,
                    "3004",
                    rack,
                ]
            )
    rows.insert(
        57,
        [
            "Huminsulin 30/70",
            "10 ml vial",
            "HI3070-5521",
            "11/26",
            9,
            "182.00",
            "129.95",
            "5%",
            "3004",
            "Fridge",
        ],
    )
    rows.insert(
        58,
        [
            "Huminsulin 30/70",
            "3 ml cartridge",
            "HC3070-2208",
            "02/27",
            6,
            "96.50",
            "68.90",
            "5%",
            "3004",
            "Fridge",
        ],
    )
    return (
        "PharmaSoft v9 > Stock Statement (all items, qty > 0) | Jain Medical & General Stores\n"
        + table(["Item", "Pack", "Batch", "Exp", "Qty", "MRP", "PTR", "GST", "HSN", "Rack"], rows)
        + f"\n\nTotal lines: {len(rows)} | Stock value (PTR): ₹6,84,215.30"
    )


def hi_expiry(rng: random.Random) -> str:
    rows = []
    for name, pack, mrp in rng.sample(HI_ITEMS, 40) + rng.sample(HI_ITEMS, 20):
        if name == "Azithral 500":
            continue
        rows.append(
            [
                name,
                pack,
                hi_batch(rng, name),
                f"{rng.randint(4, 6):02d}/26",
                rng.randint(1, 40),
                f"{mrp:.2f}",
                rng.choice(
                    ["Om Sai Pharma", "Om Sai Pharma", "Mahalaxmi Distributors", "Direct (company)"]
                ),
            ]
        )
    rows.insert(9, ["Azithral 500", "5 tab", "AZ24C118", "04/26", 46, "119.50", "Om Sai Pharma"])
    for _ in range(20):
        name, pack, mrp = rng.choice(HI_ITEMS)
        rows.append(
            [
                name,
                pack,
                hi_batch(rng, name),
                "03/26 (EXPIRED)",
                rng.randint(1, 12),
                f"{mrp:.2f}",
                rng.choice(["Om Sai Pharma", "Mahalaxmi Distributors"]),
            ]
        )
    return "PharmaSoft v9 > Expiry Report | expiring till 30/06/2026 + already expired\n" + table(
        ["Item", "Pack", "Batch", "Exp", "Qty", "MRP", "Supplier"], rows
    )


def hi_fridge(rng: random.Random) -> str:
    lines = [
        "FridgeWatch logger FW-20 | unit: Haier HYC-68 (pharmacy fridge) | alarm band 2.0-8.0°C | interval 10 min",
        "",
    ]
    temps = {
        "02:40": 5.1,
        "02:50": 5.3,
        "03:00": 6.4,
        "03:10": 7.5,
        "03:20": 8.4,
        "03:30": 10.2,
        "03:40": 11.6,
        "03:50": 11.1,
        "04:00": 9.7,
        "04:10": 8.3,
        "04:20": 6.9,
        "04:30": 5.8,
    }
    for k in range(132):
        hh, mm = divmod(14 * 60 + k * 10, 60)
        hh %= 24
        day = "13/03/2026" if k < 60 else "14/03/2026"
        t = f"{hh:02d}:{mm:02d}"
        temp = temps.get(t, round(rng.uniform(3.6, 5.6), 1))
        flag = ""
        if t == "02:50":
            flag = "  POWER: mains lost, logger on battery"
        if temp > 8.0:
            flag = "  ALARM HIGH"
        if t == "04:10":
            flag = "  ALARM HIGH  POWER: mains restored"
        lines.append(
            f"{day} {t}  {temp:.1f}°C  RH {rng.randint(38, 61)}%  door {'open' if rng.random() < 0.04 and hh in range(9, 22) else 'closed'}{flag}"
        )
    lines += [
        "",
        "Summary 13/03/2026 14:00 - 14/03/2026 11:50: min 3.6°C, max 11.6°C, time above 8.0°C: 60 min (03:20-04:10)",
        "Excursion count: 1 | MKT (mean kinetic temp): 5.4°C",
    ]
    return "\n".join(lines)


def hi_invoice(rng: random.Random) -> str:
    lines = [
        "OM SAI PHARMA DISTRIBUTORS | Plot 22, Gandhibagh, Nagpur 440002 | GSTIN 27AAGFO7713K1ZR | DL MH-NAG-20441",
        "TAX INVOICE  No: OSP/25-26/14872   Date: 10/03/2026   Party: JAIN MEDICAL & GENERAL STORES, DHARAMPETH",
        "",
    ]
    rows = []
    picks = [(name, pack, mrp, rng.randint(2, 30)) for name, pack, mrp in rng.sample(HI_ITEMS, 42)]
    raw = [qty * mrp * 0.714 for _, _, mrp, qty in picks]
    scale = 75211.07 / sum(raw)
    amounts = [round(r * scale, 2) for r in raw]
    amounts[-1] = round(75211.07 - sum(amounts[:-1]), 2)
    for (name, pack, mrp, qty), amount in zip(picks, amounts, strict=True):
        rows.append(
            [
                name,
                pack,
                hi_batch(rng, name),
                f"{rng.randint(1, 12):02d}/{rng.randint(27, 28)}",
                qty,
                f"{mrp:.2f}",
                f"{amount / qty:.2f}",
                "12%",
                f"{amount:.2f}",
            ]
        )
    lines.append(
        table(["Item", "Pack", "Batch", "Exp", "Qty", "MRP", "PTR", "GST", "Amount"], rows)
    )
    lines += [
        "",
        "Taxable value: ₹75,211.07",
        "Scheme discount (12%): deducted in PTR",
        "CGST 6%: ₹4,512.67 | SGST 6%: ₹4,512.66 (HSN 3004)",
        "Round off: 0.00",
        "INVOICE TOTAL: ₹84,236.40",
        "Payment terms: 21 days | Bank: Om Sai Pharma Distributors, Bank of Maharashtra",
    ]
    return "\n".join(lines)


def hi_ledger(rng: random.Random) -> str:
    rows = []
    moves = []
    for k in range(84):
        day = 1 + k * 30 // 84
        if rng.random() < 0.7:
            moves.append(
                (day, f"OSP/25-26/{14700 + k * 3}", "Purchase", round(rng.uniform(3200, 28000), 2))
            )
        else:
            moves.append(
                (
                    day,
                    f"NEFT/{rng.randint(100000, 999999)}",
                    "Payment",
                    -round(rng.uniform(9000, 45000), 2),
                )
            )
    bal = round(196880.00 - sum(m[3] for m in moves), 2)
    rows.append(["01/03/2026", "-", "Opening balance", "", "", rupee(bal)])
    for day, voucher, kind, amt in moves:
        bal += amt
        rows.append(
            [
                f"{day:02d}/03/2026",
                voucher,
                kind,
                rupee(amt) if amt > 0 else "",
                rupee(-amt) if amt < 0 else "",
                rupee(bal),
            ]
        )
    rows.append(["31/03/2026", "-", "Closing balance", "", "", "₹1,96,880.00"])
    return (
        "PharmaSoft v9 > Party Ledger: OM SAI PHARMA DISTRIBUTORS (01/03/2026 - 31/03/2026)\n"
        + table(["Date", "Voucher", "Type", "Debit", "Credit", "Balance"], rows)
    )


def hi_h1(rng: random.Random) -> str:
    h1 = ["Zifi 200", "Taxim-O 200", "Alprax 0.25", "Ultracet", "Zolfresh 5"]
    doctors = [
        "Dr. Kulkarni (MBBS, Reg 2011/04/1873)",
        "Dr. S. Wankhede (MD Med)",
        "Dr. A. Bhoyar (MS Ortho)",
        "Dr. R. Thakre (MBBS)",
    ]
    rows = []
    for k in range(72):
        rows.append(
            [
                f"{1 + k * 30 // 72:02d}/03/2026",
                f"INV-{24100 + k * 7}",
                rng.choice(h1),
                rng.randint(1, 3),
                rng.choice(doctors),
                f"Patient #{rng.randint(1000, 9999)}",
                rng.choice(["RPh (morning)", "RPh (evening)", "Rakesh"]),
            ]
        )
    return (
        "PharmaSoft v9 > Schedule H1 Register | 01/03/2026 - 31/03/2026 (patient details masked in this view)\n"
        + table(["Date", "Bill", "Drug", "Qty", "Prescriber", "Patient", "Dispensed by"], rows)
    )


def hi_sales_register(rng: random.Random) -> str:
    lines = [
        "PharmaSoft v9 > GST Sales Register summary | 01/03/2026 - 31/03/2026 | GSTIN 27AAKPJ4821M1Z6",
        "",
        "B2C (small) by rate:",
    ]
    lines.append(
        table(
            ["Rate", "Taxable", "CGST", "SGST", "Bills"],
            [
                ["5%", "₹48,220.00", "₹1,205.50", "₹1,205.50", 611],
                ["12%", "₹6,58,910.00", "₹39,534.60", "₹39,534.60", 3914],
                ["18%", "₹14,700.00", "₹1,323.00", "₹1,323.00", 208],
                ["0% (exempt)", "₹2,940.00", "-", "-", 57],
            ],
        )
    )
    lines += ["", "Top items by value:"]
    rows = []
    for name, pack, mrp in rng.sample(HI_ITEMS, 40):
        qty = rng.randint(20, 420)
        rows.append(
            [name, pack, "3004", qty, rupee(qty * mrp / 1.12), rng.choice(["12%", "12%", "5%"])]
        )
    rows.sort(key=lambda r: -float(r[4][1:].replace(",", "")))
    lines.append(table(["Item", "Pack", "HSN", "Qty sold", "Taxable", "GST"], rows))
    lines += [
        "",
        "Credit notes (sales returns): 23 | value ₹6,118.40",
        "Total outward taxable: ₹7,21,830.00",
    ]
    return "\n".join(lines)


def hi_order(rng: random.Random) -> str:
    rows = []
    for name, pack, mrp in rng.sample(HI_ITEMS, 42):
        rows.append(
            [
                name,
                pack,
                rng.randint(2, 40),
                f"{mrp * 0.73:.2f}",
                rng.choice(["reorder level", "reorder level", "fast moving", "doctor demand"]),
            ]
        )
    rows += [
        ["Dolo 650", "15 tab", 100, "24.53", "dengue season (added)"],
        ["Electral ORS", "21.8 g", 200, "16.06", "dengue season (added)"],
    ]
    return (
        "PharmaSoft v9 > Purchase Order draft WEEKLY-BUDHWAR | party: Om Sai Pharma Distributors\n"
        + table(["Item", "Pack", "Qty", "Exp. PTR (10% scheme)", "Reason"], rows)
        + "\n\nLines: 44 | approx value ₹1,08,440"
    )


def hi_repeat_customers(rng: random.Random) -> str:
    first = [
        "Vasant",
        "Sunita",
        "Prakash",
        "Meena",
        "Anil",
        "Shobha",
        "Ramesh",
        "Kavita",
        "Dilip",
        "Asha",
        "Mohan",
        "Rekha",
    ]
    last = [
        "Deshmukh",
        "Joshi",
        "Patil",
        "Wankhede",
        "Bhoyar",
        "Thakre",
        "Gupta",
        "Agrawal",
        "Khan",
        "Sharma",
        "Raut",
        "Kale",
    ]
    rows = []
    for _ in range(52):
        rows.append(
            [
                f"C-{rng.randint(100, 999):04d}",
                f"{rng.choice(first)} {rng.choice(last)}",
                f"{rng.randint(1, 30):02d} of month",
                rng.randint(2, 6),
                rupee(rng.uniform(380, 4200)),
                rng.choice(["counter", "counter", "home delivery (paid)", "phone order"]),
            ]
        )
    rows.insert(
        7, ["C-0412", "Vasant Deshpande", "14 of month", 4, "₹1,246.00", "home delivery (FREE)"]
    )
    return (
        "PharmaSoft v9 > Repeat customers due (April 2026) | phone numbers hidden in this view\n"
        + table(["ID", "Name", "Due", "Items", "Approx bill", "Mode"], rows)
    )


def hi_gstr2b(rng: random.Random) -> str:
    suppliers = [
        ("OM SAI PHARMA DISTRIBUTORS", "27AAGFO7713K1ZR", "OSP/25-26/"),
        ("MAHALAXMI DISTRIBUTORS", "27AAHFM2290Q1ZB", "MD/2526/"),
        ("NOVO NORDISK INDIA (DIRECT)", "27AAACN4411F1ZJ", "NNI-MH-"),
        ("SHREE GANESH SURGICALS", "27ABMPG6632L1Z2", "SGS-"),
    ]
    rows = []
    for _ in range(64):
        name, gstin, prefix = rng.choice(suppliers[:1] * 5 + suppliers[1:])
        taxable = round(rng.uniform(1800, 36000), 2)
        rate = rng.choice([0.12, 0.12, 0.12, 0.05])
        rows.append(
            [
                gstin,
                name,
                f"{prefix}{rng.randint(10000, 99999)}",
                f"{rng.randint(1, 31):02d}/03/2026",
                rupee(taxable),
                rupee(taxable * rate / 2),
                rupee(taxable * rate / 2),
                "Yes",
            ]
        )
    rows.insert(
        20,
        [
            "27AAGFO7713K1ZR",
            "OM SAI PHARMA DISTRIBUTORS",
            "OSP/25-26/14872",
            "10/03/2026",
            "₹75,211.07",
            "₹4,512.67",
            "₹4,512.66",
            "Yes",
        ],
    )
    return (
        "GST Portal > GSTR-2B (auto-drafted ITC) | 27AAKPJ4821M1Z6 | March 2026\n"
        + table(
            [
                "Supplier GSTIN",
                "Trade name",
                "Invoice",
                "Date",
                "Taxable",
                "CGST",
                "SGST",
                "ITC available",
            ],
            rows,
        )
        + "\n\nTotal ITC available: CGST ₹33,236.85 | SGST ₹33,236.85 | invoices 65"
    )


def hi_bills(rng: random.Random) -> str:
    rows = []
    for k in range(88):
        hh = 9 + k * 13 // 88
        rows.append(
            [
                f"INV-{26411 + k}",
                f"{hh:02d}:{rng.randint(0, 59):02d}",
                rng.randint(1, 7),
                rupee(rng.uniform(22, 2900)),
                rng.choice(["UPI", "UPI", "UPI", "Cash", "Card"]),
                "RPh (morning)" if hh < 15 else "Imran",
                rng.choice(["", "", "", "H1", "Rx"]),
            ]
        )
    return (
        "PharmaSoft v9 > Bill Register 02/04/2026 | counter 1\n"
        + table(["Bill", "Time", "Items", "Amount", "Mode", "By", "Flag"], rows)
        + (
            "\n\nBills: 88 | Cash ₹9,842.00 | UPI ₹31,206.50 | Card ₹4,118.00 | H1 bills: 9 (all with Rx copy)"
        )
    )


def pharmacy(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_05)
    s = Session(
        "pharmacy_hi_en",
        "hi+en",
        "a Nagpur chemist shop in Hinglish: stock and expiry, a fridge temperature excursion, distributor bills, H1 register, GST",
        cues=("sorry", "galat", "galti", "maaf", "oops", "matlab", "nahi nahi", "sahi wala"),
    )
    s.turn(
        "namaste, main rakesh jain. Jain Medical & General Stores chalata hoon, Shop 7, Laxmi Bhawan Chowk, "
        "Dharampeth, Nagpur. stock aur expiry ka bahut jhamela ho gaya hai, help chahiye",
        "Namaste Rakesh ji! Bilkul help karunga. Note kar liya:\n\n- dukaan: Jain Medical & General Stores\n- address: "
        "Shop 7, Laxmi Bhawan Chowk, Dharampeth, Nagpur\n\nShuru karte hain stock statement aur expiry report se, "
        "phir distributor aur GST. Aapka software PharmaSoft hi hai na?",
        facts=[U("Laxmi Bhawan Chowk")],
    )
    s.turn(
        "haan pharmasoft. license no 20B/21B MH-NAG-118432 hai, bills pe wahi aana chahiye. aur ek rule pakka: "
        "Schedule H1 wali dawai bina prescription ke nahi deni, chahe koi bhi ho, jaan pehchaan wala bhi",
        "Theek hai: drug license 20B/21B MH-NAG-118432, bill format mein check kar lunga. Aur rule note: **Schedule H1 "
        "ki koi bhi dawai bina doctor ke prescription ke nahi di jayegi**, kisi ko bhi nahi. Har H1 sale H1 register "
        "mein prescriber ke naam ke saath entry hogi.",
        facts=[
            U("MH-NAG-118432"),
            RULE(
                "Schedule H1 wali dawai bina prescription ke nahi deni",
                "no Schedule H1 drug without a prescription",
                "H1 dawai sirf prescription pe",
                "bina prescription ke H1 nahi",
            ),
        ],
    )
    s.turn(
        "main distributor Om Sai Pharma hai, Pradeep bhai dekhte hain, 98230 41765. credit limit ₹2,50,000 hai unke "
        "saath, 12% scheme milti hai. order har mangalwar jaata hai",
        "Note kiya: Om Sai Pharma Distributors, contact Pradeep bhai (98230 41765), credit limit ₹2,50,000, 12% "
        "scheme, order har mangalwar. Outstanding limit ke paas aaye toh main pehle bata dunga.",
        facts=[U("Pradeep"), U("₹2,50,000", "2,50,000", "2.5 lakh", "Rs 2,50,000")],
    )
    s.turn(
        "saamne Dr. Kulkarni ki clinic hai, unke diabetes patients ke liye Huminsulin 30/70 kam se kam 12 vials hamesha "
        "rakhna. khatam hua toh patient wapas jaata hai",
        "Samajh gaya: Dr. Kulkarni ke patients ke liye Huminsulin 30/70 ka minimum stock 12 vials. Software mein is "
        "item pe reorder level 12 set kar deta hoon, taki kam hote hi order list mein aa jaye.",
        facts=[U("Dr. Kulkarni", "Kulkarni"), U("Huminsulin 30/70")],
    )
    s.turn(
        "GST number portal pe check karo, return ke liye chahiye, mujhe yaad nahi",
        "GST portal pe registration mil gaya:\n\n- GSTIN: **27AAKPJ4821M1Z6**\n- legal name: Rakesh Suresh Jain, trade "
        "name Jain Medical & General Stores\n- status Active, regular taxpayer, Nagpur\n- last return filed: GSTR-3B "
        "Feb 2026",
        calls=[
            (
                "gst_portal",
                {
                    "action": "search_taxpayer",
                    "query": "Jain Medical & General Stores Dharampeth Nagpur",
                },
                '{"gstin": "27AAKPJ4821M1Z6", "legalName": "RAKESH SURESH JAIN", "tradeName": "JAIN MEDICAL & GENERAL STORES", "status": "Active", '
                '"taxpayerType": "Regular", "stateJurisdiction": "Nagpur-III", "registrationDate": "01/07/2017", '
                '"address": "SHOP 7, LAXMI BHAWAN CHOWK, DHARAMPETH, NAGPUR 440010", "lastReturn": {"GSTR3B": "02/2026", "GSTR1": "02/2026"}}',
            )
        ],
        facts=[T("27AAKPJ4821M1Z6")],
    )
    s.turn(
        "ab poora stock nikalo software se",
        "Stock statement aa gaya: 140 se zyada lines, stock value (PTR) ₹6,84,215.30. Ek problem turant dikhi: "
        "**Huminsulin 30/70** 10 ml vial sirf **9 vials** hain (batch **HI3070-5521**, exp 11/26), minimum 12 se kam. "
        "Cartridge alag se 6 hain. Fridge mein Lantus aur Mixtard bhi hain.",
        calls=[("pharmasoft", {"report": "stock_statement", "filter": "qty>0"}, hi_stock(rng))],
        facts=[T("HI3070-5521")],
    )
    s.turn(
        "expiry report nikalo agle 3 mahine ka, aur jo expire ho gaya",
        "Expiry report (30/06/2026 tak + already expired):\n\n- sabse bada: **Azithral 500**, batch **AZ24C118**, exp "
        "04/26, **46 strips**, Om Sai se aaya tha\n- 20 lines already expired (03/26), zyada tar Om Sai aur kuch "
        "Mahalaxmi ke\n- baaki 30-35 items 04-06/26 mein expire honge, chhoti quantity\n\nAzithral ko abhi return "
        "karenge toh poora credit milega, 04/26 ke baad nahi.",
        calls=[
            (
                "pharmasoft",
                {"report": "expiry", "till": "30/06/2026", "include_expired": True},
                hi_expiry(rng),
            )
        ],
        facts=[T("AZ24C118")],
    )
    s.turn(
        "expired maal sirf Om Sai ko return jaata hai, kisi aur ko nahi, mahalaxmi wala bhi om sai ke through. return "
        "list bana do",
        "Rule note kiya: **expired/near-expiry maal ka return sirf Om Sai ko jayega**, Mahalaxmi wala bhi Om Sai ke "
        "through. Return list (draft) PharmaSoft mein bana di: 20 expired lines + Azithral 500 AZ24C118 (46 strips), "
        "return value approx ₹14,960 PTR pe. Pradeep bhai ko bhejne se pehle aap dekh lo.",
        calls=[
            (
                "pharmasoft",
                {
                    "action": "create_purchase_return",
                    "party": "Om Sai Pharma Distributors",
                    "source": "expiry_report",
                    "include": ["expired", "AZ24C118"],
                },
                '{"return_no": "PR-2026-031", "lines": 21, "value_ptr": "14960.25", "status": "DRAFT"}',
            )
        ],
        facts=[
            RULE(
                "expired maal sirf Om Sai ko return jaata hai",
                "return sirf Om Sai ko",
                "expired stock goes back only to Om Sai",
                "expiry return only through Om Sai",
            )
        ],
    )
    s.turn(
        "kal raat light gayi thi, fridge ka temperature log dekho",
        "Log mein ek excursion hai: 02:50 pe mains gaya, logger battery pe. Temperature 03:20 pe 8.4°C (alarm band "
        "ke upar), peak **11.6°C** at **03:40**, phir 04:10 pe light aayi aur 04:30 tak 5.8°C. Total **60 minute** "
        "8°C ke upar. Fridge mein us waqt insulin (Huminsulin HI3070-5521, Lantus, Mixtard) tha.",
        calls=[
            (
                "fridge_log",
                {"device": "FW-20", "from": "13/03/2026 14:00", "to": "14/03/2026 11:50"},
                hi_fridge(rng),
            )
        ],
        facts=[T("11.6°C", "11.6 °C", "11.6 degree"), T("03:40")],
    )
    s.turn(
        "fridge ka maal kabhi counter pe mat rakhna, chahe 2 minute ke liye bhi. Sneha ko bhi bol dena, woh sham ko "
        "baithti hai",
        "Note: **fridge ka maal kabhi counter pe nahi rakhna**, bill banate waqt bhi nahi; customer aaye tabhi fridge se "
        'nikalna aur seedha bag mein. Sneha ke liye shop mein ek chhota note bhi likh deta hoon: "Insulin/vaccine: '
        'fridge se seedha customer ke bag mein, counter pe nahi."',
        facts=[
            RULE(
                "fridge ka maal kabhi counter pe mat rakhna",
                "fridge items never on the counter",
                "fridge ka maal counter pe nahi",
                "cold items straight from fridge to bag",
            )
        ],
    )
    s.turn(
        "excursion wali insulin batch discard karo, bechni nahi. risk nahi lena kisi patient ka",
        'Theek: Huminsulin 30/70 batch HI3070-5521 (9 vials) ko "quarantine - temperature excursion" mark kar diya, '
        "ab billing mein nahi aayega. Lantus aur Mixtard ke manufacturer stability data ke hisaab se 1 ghanta 11.6°C "
        "tak theek hota hai, par aapne insulin batch discard ka bola hai toh sirf Huminsulin hata raha hoon; Lantus/"
        "Mixtard ke liye aap bolo. Ab Huminsulin 0 hai, turant order chahiye.",
        calls=[
            (
                "pharmasoft",
                {
                    "action": "block_batch",
                    "item": "Huminsulin 30/70",
                    "batch": "HI3070-5521",
                    "reason": "temperature excursion 14/03 (max 11.6C, 60 min)",
                },
                '{"status": "BLOCKED", "qty": 9}',
            )
        ],
        facts=[
            CHOICE(
                "excursion wali insulin batch discard karo, bechni nahi",
                "discard the excursion insulin batch",
                "excursion batch discard",
                "insulin batch nahi bechni",
            )
        ],
    )
    s.turn(
        "Om Sai ka last bill dikhao",
        "Om Sai ka last bill: **OSP/25-26/14872**, date 10/03/2026, 42 items, total **₹84,236.40** (GST 12% "
        "included, scheme PTR mein adjust). Payment terms 21 din, matlab 31/03 tak.",
        calls=[("read_pdf", {"path": "purchase/OSP_25-26_14872.pdf"}, hi_invoice(rng))],
        facts=[T("OSP/25-26/14872"), T("₹84,236.40", "84,236.40")],
    )
    s.turn(
        "sorry galat number diya tha, Pradeep bhai ka 98230 41756 hai. unko whatsapp karo, insulin urgent chahiye aur "
        "return pickup bhi",
        "Number update kiya: Pradeep bhai 98230 41756. WhatsApp bheja:\n\n> Pradeep bhai namaste, Jain Medical "
        "Dharampeth se. 1) Huminsulin 30/70 10 ml vial 15 pcs urgent chahiye, aaj ho sake toh. 2) Expiry return "
        "PR-2026-031 ready hai (21 lines), pickup bhej dijiye. Dhanyawad, Rakesh\n\nIsme koi customer ka naam nahi "
        "hai.",
        calls=[
            (
                "whatsapp",
                {
                    "to": "98230 41756",
                    "text": "Pradeep bhai namaste, Jain Medical Dharampeth se. 1) Huminsulin 30/70 10 ml vial 15 pcs urgent chahiye, aaj ho sake toh. 2) Expiry return PR-2026-031 ready hai (21 lines), pickup bhej dijiye. Dhanyawad, Rakesh",
                },
                '{"status": "delivered", "reply": "Ho jayega sir, sham 5 baje tak insulin bhejta hoon, return kal subah uthayenge"}',
            )
        ],
        fix=[("98230 41765", "98230 41756")],
    )
    s.turn(
        "customer ka naam aur dawai kisi ko whatsapp pe mat bhejna, distributor ko bhi nahi. privacy ka mamla hai",
        "Pakka: **kisi customer ka naam aur uski dawai WhatsApp pe kisi ko nahi jayegi**, distributor ko bhi nahi. "
        'Orders mein sirf item aur quantity; agar kisi patient ke liye special order ho toh "ek regular customer ke '
        'liye" likhunga.',
        facts=[
            RULE(
                "customer ka naam aur dawai kisi ko whatsapp pe mat bhejna",
                "no customer names or medicines on whatsapp",
                "customer ka naam whatsapp pe nahi",
                "patient details never on WhatsApp",
            )
        ],
    )
    s.turn(
        "Deshpande uncle ka monthly BP wala order ready karo, record dekh lo unka",
        "Deshpande ji (customer record C-0412): phone **94221 30587**, monthly repeat: Telma H (2 strips), Amlong 5 "
        "(2 strips), Ecosprin 75 (2 strips), Atorva 10 (2 strips). Sab stock mein hai. Bill approx ₹1,246; packet "
        "ready karwa deta hoon.",
        calls=[
            (
                "pharmasoft",
                {"action": "customer", "query": "Deshpande"},
                '{"id": "C-0412", "name": "Vasant Deshpande", "phone": "94221 30587", "age": 71, "address": "Flat 3, Shivaji Nagar Soc, Dharampeth", '
                '"repeat": [{"item": "Telma H", "qty": 2}, {"item": "Amlong 5", "qty": 2}, {"item": "Ecosprin 75", "qty": 2}, {"item": "Atorva 10", "qty": 2}], '
                '"prescriber": "Dr. S. Wankhede", "last_bill": "14/02/2026"}',
            )
        ],
        facts=[U("Deshpande"), T("94221 30587", "9422130587")],
    )
    s.turn(
        "Deshpande uncle ko home delivery free, 70 saal ke hain, chal nahi paate. ladka shaam ko de aayega",
        'Done: Deshpande ji ke record mein "home delivery - free" lag gaya. Aaj sham delivery boy ke saath packet '
        "jayega; unko call karke time bata dena (94221 30587).",
        facts=[
            CHOICE(
                "Deshpande uncle ko home delivery free",
                "free home delivery for Deshpande",
                "home delivery free",
            )
        ],
    )
    s.turn(
        "april mein kaun kaun se regular customers ka repeat order aana hai, list do",
        "April ke repeat customers: 53 log, zyada tar BP/sugar/thyroid ki monthly dawai. Deshpande ji (C-0412) 14 "
        "tarikh ko due hain, home delivery free. Is list mein phone numbers hidden hain; kisi ko call karna ho toh "
        "customer record se dekh lenge, WhatsApp pe list kahin nahi bhejunga.",
        calls=[
            (
                "pharmasoft",
                {"report": "repeat_customers", "month": "04/2026", "hide_phone": True},
                hi_repeat_customers(rng),
            )
        ],
    )
    s.turn(
        "Mahalaxmi Distributors ne offer bheja hai, bol rahe 2% zyada discount denge. compare karo om sai se",
        "Mahalaxmi ka offer: 14% scheme (Om Sai se 2% zyada), lekin: credit sirf 14 din (Om Sai 21 din), minimum order "
        "₹25,000, delivery din mein ek baar (sham 6 baje), aur raat ko emergency supply nahi. Mahine ka purchase lagbhag "
        "₹3.5 lakh maane toh 2% = ₹7,000 ki bachat, par credit 7 din kam aur emergency (jaise aaj ka insulin) nahi "
        "milega.",
        calls=[
            (
                "read_pdf",
                {"path": "offers/Mahalaxmi_offer_march.pdf"},
                "MAHALAXMI DISTRIBUTORS, Itwari, Nagpur | Special offer for retail chemists, Dharampeth / Ramdaspeth area\n\n"
                "- Scheme: 14% on all ethical brands (PTR basis)\n- Credit period: 14 days\n- Minimum order value: Rs 25,000 per order\n"
                "- Delivery: once daily, 6 pm\n- Emergency / night supply: not available\n- Expiry return: 3 months before expiry only, 80% credit\n"
                "- Offer valid till 30/04/2026\n\nContact: Sunil Agrawal, Mahalaxmi Distributors",
            )
        ],
    )
    s.turn(
        "Om Sai se hi lenge, mahalaxmi ka offer nahi. Pradeep bhai raat ko bhi bhejte hain, woh zyada kaam ka hai",
        'Theek hai, Om Sai hi main distributor rahega. Mahalaxmi ko ek polite mana kar deta hoon: "Sunil ji, offer ke '
        'liye dhanyawad, abhi hum current distributor ke saath hi continue kar rahe hain."',
        facts=[
            CHOICE(
                "Om Sai se hi lenge, mahalaxmi ka offer nahi",
                "Om Sai hi main distributor",
                "stay with Om Sai, not Mahalaxmi",
                "mahalaxmi ka offer nahi",
            )
        ],
    )
    s.turn(
        "om sai ki 12% scheme khatam ho gayi, ab 10% scheme milegi april se. naye rate se margin nikalo",
        "10% scheme se PTR thoda badhega. Example: MRP ₹100 wali dawai pe ab approx ₹71.4 ki jagah ₹73.0 PTR, matlab "
        "retail margin ~28.6% se ~27.0%. Mahine ke ₹3.5 lakh purchase pe lagbhag ₹5,600 extra kharcha. Bade items "
        "(Telma, Januvia, Lantus) pe asar sabse zyada hoga.",
        fix=[("12% scheme", "10% scheme")],
    )
    s.turn(
        "Dr. Kulkarni ka diabetes camp hai agle hafte, Huminsulin ab 20 vials minimum rakhna",
        "Reorder level update: Huminsulin 30/70 minimum 20 vials. Aaj Pradeep bhai se 15 aa rahe hain, toh 5 aur "
        "chahiye; budhwar/mangalwar ke regular order mein add kar deta hoon, ya camp ke pehle alag se mangwa loon?",
        calls=[
            (
                "pharmasoft",
                {"action": "set_reorder_level", "item": "Huminsulin 30/70", "min_qty": 20},
                '{"status": "OK"}',
            )
        ],
        fix=[("12 vials", "20 vials")],
    )
    s.turn(
        "camp ke pehle alag se. aur om sai ka outstanding kitna hai, limit ke paas toh nahi",
        "Om Sai ka outstanding 31/03/2026 ko **₹1,96,880.00** hai, limit ₹2,50,000 ka ~79%. Camp wala insulin aur "
        "regular order dono milake limit cross ho sakti hai; ek payment (₹60-80 hazaar) is hafte karna safe rahega.",
        calls=[
            (
                "pharmasoft",
                {
                    "report": "party_ledger",
                    "party": "Om Sai Pharma Distributors",
                    "from": "01/03/2026",
                    "to": "31/03/2026",
                },
                hi_ledger(rng),
            )
        ],
        facts=[T("₹1,96,880.00", "1,96,880")],
    )
    s.turn(
        "return ka credit note aaya om sai se?",
        "Haan, credit note **CN-2026-0311** aaya: PR-2026-031 ke 21 lines, ₹14,960.25 credit, ledger mein adjust. "
        "Azithral 500 (AZ24C118) ka poora credit mila.",
        calls=[
            (
                "pharmasoft",
                {"action": "purchase_return_status", "return_no": "PR-2026-031"},
                '{"return_no": "PR-2026-031", "status": "CREDITED", "credit_note": "CN-2026-0311", "amount": "14960.25", "party": "Om Sai Pharma Distributors"}',
            )
        ],
        facts=[T("CN-2026-0311")],
    )
    s.turn(
        "order ab har budhwar jayega, pradeep bhai ka route badal gaya hai",
        "Update: regular order ab har budhwar jayega. PharmaSoft mein weekly order reminder budhwar subah 10 baje set "
        "kar diya.",
        fix=[("har mangalwar", "har budhwar")],
    )
    s.turn(
        "kal ka UPI settlement aaya? jainmedical@hdfcbank pe aata hai",
        "Kal ka UPI settlement aa gaya: ₹38,412.00 (214 transactions), UTR **407312558610**, HDFC current account mein "
        "credit, jainmedical@hdfcbank VPA se.",
        calls=[
            (
                "bank",
                {"action": "upi_settlements", "vpa": "jainmedical@hdfcbank", "date": "yesterday"},
                '{"date": "2026-04-01", "vpa": "jainmedical@hdfcbank", "txn_count": 214, "gross": "38412.00", "mdr": "0.00", "net": "38412.00", "utr": "407312558610", "credited_to": "HDFC CA xxxx4471"}',
            )
        ],
        facts=[U("jainmedical@hdfcbank"), T("407312558610")],
    )
    s.turn(
        "Sneha ne subah ki shift le li, sham ko ab Imran baithta hai. H1 register ka tarika Imran ko samjha dena",
        "Theek: sham ki shift Imran ki. Imran ke liye chhota note:\n\n1. H1 dawai (Zifi, Taxim-O, Alprax, Ultracet, "
        "Zolfresh etc.) sirf prescription pe\n2. har H1 sale ki entry: date, bill no, dawai, qty, doctor ka naam + reg "
        "no, patient ka naam-address\n3. prescription ki copy/photo file mein\n4. doubt ho toh Rakesh ji ko call, "
        "dawai nahi dena",
        fix=[("Sneha", "Imran")],
    )
    s.turn(
        "is mahine ka H1 register dikhao, sab theek hai na",
        "March H1 register: 48 entries (Zifi 200, Taxim-O, Alprax, Ultracet, Zolfresh), sabme prescriber ka naam hai. "
        "Patient details is view mein masked hain. Kuch entries mein doctor ka registration number nahi hai "
        "(sirf naam); inspector aaye toh reg no chahiye, toh aage se woh bhi likhna.",
        calls=[
            (
                "pharmasoft",
                {
                    "report": "h1_register",
                    "from": "01/03/2026",
                    "to": "31/03/2026",
                    "mask_patients": True,
                },
                hi_h1(rng),
            )
        ],
    )
    s.turn(
        "march ka GSTR-3B kitna tax banta hai",
        "March GSTR-3B draft: outward taxable ₹7,21,830 (zyada tar 12% aur kuch 5%/18%), output tax ₹84,906.20, ITC "
        "₹66,473.70, **net payable ₹18,432.50** (cash ledger se). Due date 20/04/2026.",
        calls=[
            (
                "pharmasoft",
                {"report": "gst_sales_register", "from": "01/03/2026", "to": "31/03/2026"},
                hi_sales_register(rng),
            ),
            (
                "gst_portal",
                {"action": "gstr3b_draft", "gstin": "27AAKPJ4821M1Z6", "period": "03/2026"},
                '{"3.1a_taxable": "721830.00", "output_igst": "0.00", "output_cgst": "42453.10", "output_sgst": "42453.10", '
                '"itc_cgst": "33236.85", "itc_sgst": "33236.85", "net_payable_cash": "₹18,432.50", "due": "20/04/2026"}',
            ),
        ],
        facts=[T("₹18,432.50", "18,432.50")],
    )
    s.turn(
        "ITC 2B se match karo, om sai ka march wala bill aaya hai na 2B mein",
        "GSTR-2B mein 65 invoices, ITC CGST ₹33,236.85 + SGST ₹33,236.85, jo 3B draft se exactly match karta hai. Om "
        "Sai ka OSP/25-26/14872 (10/03/2026) bhi hai, taxable ₹75,211.07 + 12% GST = ₹84,236.40, bill se same. "
        "Mahalaxmi ke 4-5 purane invoices bhi hain, woh bhi match. Koi missing invoice nahi, toh 3B file kar sakte "
        "hain.",
        calls=[
            (
                "gst_portal",
                {"action": "gstr2b", "gstin": "27AAKPJ4821M1Z6", "period": "03/2026"},
                hi_gstr2b(rng),
            )
        ],
    )
    s.turn(
        "ek customer bol raha tha Glycomet GP 2 ka MRP badla hai, check karo",
        "Haan, naye batch pe MRP badla hai: Glycomet GP 2 (15 tab) ab **₹168.50**, pehle ₹159.00 tha. Naye batch "
        "(GL26B441) ka stock software mein naye MRP pe hai; purane batch wale pe purana MRP hi chalega.",
        calls=[
            (
                "pharmasoft",
                {"action": "item_batches", "item": "Glycomet GP 2"},
                '[{"batch": "GL25H207", "exp": "08/27", "qty": 18, "mrp": "159.00"}, {"batch": "GL26B441", "exp": "01/28", "qty": 40, "mrp": "168.50"}]',
            )
        ],
        facts=[T("168.50", "₹168.50")],
    )
    s.turn(
        "naya fridge lena hai, Vestfrost wala le lo, Haier wala nahi, uska alarm hi nahi bajta",
        "Theek, Vestfrost pharmacy fridge (built-in high/low alarm + SMS alert) ka order Om Sai ke equipment wale se "
        "nahi, seedha dealer se: quote ₹38,500 + GST, delivery 3 din. Purana Haier backup ke liye rakh sakte hain.",
        facts=[
            CHOICE(
                "Vestfrost wala le lo, Haier wala nahi",
                "Vestfrost fridge",
                "buy the Vestfrost, not the Haier",
            )
        ],
    )
    s.turn(
        "camp wala insulin order karo om sai se, 20 vials",
        'Order bheja Om Sai ko (WhatsApp pe sirf item/qty): Huminsulin 30/70 10 ml vial x 20, "camp ke liye, '
        'budhwar se pehle". Pradeep bhai ne confirm kiya: kal subah aa jayega.',
        calls=[
            (
                "whatsapp",
                {
                    "to": "98230 41756",
                    "text": "Pradeep bhai, Huminsulin 30/70 10 ml vial x 20 chahiye, budhwar se pehle. Dhanyawad, Jain Medical",
                },
                '{"status": "delivered", "reply": "kal subah 10 baje tak pahunch jayega sir"}',
            )
        ],
    )
    s.turn(
        "om sai ko 75 hazaar payment kar do, limit mein rahe",
        "₹75,000 NEFT Om Sai Pharma Distributors (Bank of Maharashtra) ko schedule kiya, aaj ka cut-off. Iske baad "
        "outstanding ~₹1,06,920 rahega (₹1,96,880 - CN-2026-0311 ka ₹14,960.25 - ₹75,000), limit se kaafi neeche.",
        calls=[
            (
                "bank",
                {
                    "action": "neft",
                    "to": "Om Sai Pharma Distributors",
                    "amount": "75000.00",
                    "remark": "Jain Medical Mar-26 part payment",
                },
                '{"status": "SCHEDULED", "ref": "HDFCN52026040212388"}',
            )
        ],
    )
    s.turn(
        "dengue season aa raha hai, dolo aur ORS kitna hai",
        "Stock statement ke hisaab se Dolo 650 aur Electral ORS dono ke 3-4 batches hain, total kaafi hai normal ke "
        "liye, par pichle saal ke September jaisa rush aaya toh 2 hafte mein khatam. Budhwar ke order mein Dolo 650 "
        "x 100 strips aur Electral x 200 sachet add karne ka suggestion hai.",
    )
    s.turn(
        "add kar do budhwar wale mein",
        "Budhwar ke draft order mein add: Dolo 650 x 100 strips, Electral ORS x 200 sachets. Poora draft 44 lines, "
        "approx ₹1,08,440 (naye 10% scheme ke PTR pe). Huminsulin camp ke liye alag aa chuka hoga. Order bhejne se "
        "pehle outstanding dekh lena: payment ke baad bhi yeh order limit ke andar rahega.",
        calls=[
            (
                "pharmasoft",
                {
                    "action": "add_to_order",
                    "order": "weekly-budhwar",
                    "items": [
                        {"item": "Dolo 650", "qty": 100},
                        {"item": "Electral ORS", "qty": 200},
                    ],
                },
                hi_order(rng),
            )
        ],
    )
    s.turn(
        "camp ka insulin aa gaya, fridge mein rakh diya. stock update karo",
        "Stock update: Huminsulin 30/70 10 ml vial batch HI3070-6114 (exp 01/27) x 20 received, Fridge rack. Ab "
        "sellable stock 20 vials (purana HI3070-5521 blocked hi hai).",
        calls=[
            (
                "pharmasoft",
                {
                    "action": "goods_receipt",
                    "party": "Om Sai Pharma Distributors",
                    "item": "Huminsulin 30/70",
                    "batch": "HI3070-6114",
                    "exp": "01/27",
                    "qty": 20,
                    "rack": "Fridge",
                },
                '{"status": "OK", "sellable_qty": 20}',
            )
        ],
    )
    s.turn(
        "kal ka bill register dikhao, imran ki pehli sham thi",
        "Kal 88 bills: cash ₹9,842.00, UPI ₹31,206.50, card ₹4,118.00. Sham 3 baje ke baad ke bills Imran ke naam "
        "pe hain. 9 H1 bills, sabme prescription copy attached, toh H1 ka tarika theek follow hua. Koi bill bina "
        "batch ke nahi, koi negative stock nahi.",
        calls=[("pharmasoft", {"report": "bill_register", "date": "02/04/2026"}, hi_bills(rng))],
    )
    s.turn(
        "blocked insulin ka kya karein, fenk de?",
        "Seedha dustbin mein nahi: biomedical waste ke rules ke hisaab se expired/damaged medicine authorised "
        'collector ko jati hai. Om Sai ke return mein "damaged - excursion" daal sakte hain (unka policy check '
        "karna), ya Nagpur ka CBWTF collector. Saath mein ek destruction note rakhna: batch HI3070-5521, 9 vials, "
        "reason temperature excursion 14/03, FridgeWatch log attached.",
    )
    s.turn(
        "om sai ke return mein daal do, note bhi bana do",
        'Return PR-2026-036 bana: Huminsulin 30/70 HI3070-5521 x 9, reason "temperature excursion 14/03/2026, max '
        '11.6°C for 60 min", FridgeWatch report attached. Destruction/return note file mein save.',
        calls=[
            (
                "pharmasoft",
                {
                    "action": "create_purchase_return",
                    "party": "Om Sai Pharma Distributors",
                    "lines": [
                        {
                            "item": "Huminsulin 30/70",
                            "batch": "HI3070-5521",
                            "qty": 9,
                            "reason": "temperature excursion",
                        }
                    ],
                },
                '{"return_no": "PR-2026-036", "status": "DRAFT"}',
            )
        ],
    )
    s.turn(
        "naya fridge lag gaya. alarm test karo",
        "Test ho gaya: Vestfrost ka high alarm door khula rakhne pe 8.2°C pe baja, SMS alert aapke number pe aaya. "
        "FridgeWatch logger bhi naye fridge mein shift kar diya.",
    )
    s.turn(
        "dukaan ka address poora likho, naye fridge ki warranty card pe",
        "Jain Medical & General Stores, Shop 7, Laxmi Bhawan Chowk, Dharampeth, Nagpur 440010.",
        recall=["Laxmi Bhawan Chowk"],
    )
    s.turn(
        "license number kya tha, warranty pe maang rahe",
        "Drug license 20B/21B MH-NAG-118432.",
        recall=["MH-NAG-118432"],
    )
    s.turn(
        "pradeep bhai ka number de do, imran ko chahiye",
        "Pradeep bhai (Om Sai Pharma): 98230 41756.",
        recall=["Pradeep", "98230 41756"],
    )
    s.turn(
        "om sai ke saath limit kitni thi",
        "Credit limit ₹2,50,000; abhi outstanding ~₹1,06,920 payment ke baad.",
        recall=["₹2,50,000"],
    )
    s.turn(
        "GSTIN bolo, CA ko bhejna hai",
        "GSTIN 27AAKPJ4821M1Z6.",
        recall=["27AAKPJ4821M1Z6"],
    )
    s.turn(
        "wo azithral ka batch jo return kiya tha, number?",
        "Azithral 500, batch AZ24C118 (46 strips, exp 04/26), credit note CN-2026-0311 mein aaya.",
        recall=["AZ24C118", "CN-2026-0311"],
    )
    s.turn(
        "fridge excursion kab hua tha aur kitna temperature gaya tha, inspector ko report deni hai",
        "14/03/2026 ki raat: light 02:50 pe gayi, peak 11.6°C at 03:40, total 60 minute 8°C ke upar (03:20-04:10).",
        recall=["11.6°C", "03:40"],
    )
    s.turn(
        "aur konsa insulin batch tha jo hataya",
        "Huminsulin 30/70, batch HI3070-5521, 9 vials (return PR-2026-036).",
        recall=["HI3070-5521", "Huminsulin 30/70"],
    )
    s.turn(
        "om sai ka wo march wala bill number aur amount, CA maang raha",
        "OSP/25-26/14872, 10/03/2026, ₹84,236.40.",
        recall=["OSP/25-26/14872", "₹84,236.40"],
    )
    s.turn(
        "deshpande uncle ka number, delivery wala ladka naya hai",
        "Vasant Deshpande ji: 94221 30587 (home delivery free).",
        recall=["Deshpande", "94221 30587"],
    )
    return s.write(out)


# == probate_cs: inheritance proceedings at a Brno notary after a father's death (Czech) =======

CS_MONTHS = [
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
]


def czk(value: float, places: int = 0) -> str:
    return group_num(value, " ", ",", places) + " Kč"


def cs_inbox(rng: random.Random) -> str:
    senders = [
        "Finanční úřad pro Jihomoravský kraj",
        "Městský úřad Brno-střed",
        "Česká správa sociálního zabezpečení",
        "Statutární město Brno",
        "Všeobecná zdravotní pojišťovna",
        "Úřad práce ČR",
        "Česká pošta",
        "Katastrální úřad pro Jihomoravský kraj",
        "Krajský úřad Jihomoravského kraje",
        "Magistrát města Brna - odbor dopravy",
    ]
    subjects = [
        "Informace o platbě poplatku za odpad",
        "Vyrozumění",
        "Oznámení o zahájení řízení",
        "Sdělení",
        "Výzva k doplnění",
        "Potvrzení o přijetí podání",
        "Informace k dani z nemovitých věcí",
        "Rozhodnutí",
        "Upozornění na splatnost",
        "Dodejka",
    ]
    rows = []
    for _ in range(98):
        d = rng.randint(2, 28)
        m = rng.choice([1, 2])
        rows.append(
            [
                f"{d}. {m}. 2026",
                rng.choice(senders),
                rng.choice(subjects),
                f"{rng.randint(1000000, 9999999)}",
                rng.choice(["přečtena", "přečtena", "nepřečtena"]),
            ]
        )
    rows.append(
        [
            "10. 2. 2026",
            "JUDr. Alena Horáková, notářka, Brno",
            "Oznámení o zahájení řízení o pozůstalosti a výzva k součinnosti",
            "1284719",
            "NEPŘEČTENA",
        ]
    )
    rows.sort(key=lambda r: (int(r[0].split(". ")[1]), int(r[0].split(".")[0])))
    return (
        "Datová schránka Petra Nováková (ID uq8w3bz) > Přijaté zprávy (leden-únor 2026)\n"
        + table(["Dodáno", "Odesílatel", "Věc", "ID zprávy", "Stav"], rows)
    )


CS_NOTARY_LETTER = """JUDr. Alena Horáková, notářka se sídlem v Brně, Jakubské náměstí 5, 602 00 Brno
ID datové schránky: 7hx4k2p | tel. 542 211 630 | podatelna@notar-horakova.cz

Soudní komisař pověřený Městským soudem v Brně
Spisová značka soudu: 32 D 418/2026          Naše č. j.: N 118/2026, Nz 118/2026

OZNÁMENÍ O ZAHÁJENÍ ŘÍZENÍ O POZŮSTALOSTI A VÝZVA K SOUČINNOSTI

Zůstavitel: Jiří Novák, nar. 3. 6. 1952, naposledy bytem Kounicova 48, 602 00 Brno
Den úmrtí: 14. 1. 2026

Vážená paní,
Městský soud v Brně mě pověřil provedením úkonů v řízení o pozůstalosti po shora uvedeném zůstaviteli.
Podle dostupných údajů jste jako dcera zůstavitele jeho zákonnou dědičkou v první třídě dědiců.

Žádám Vás, abyste do předběžného šetření připravila:
1. úmrtní list zůstavitele (kopii),
2. údaje o dalších dědicích (jméno, datum narození, adresa),
3. přehled majetku zůstavitele: nemovitosti, bankovní účty, vozidla, cenné papíry, pohledávky,
4. přehled dluhů zůstavitele, včetně nákladů pohřbu (faktura a doklad o úhradě),
5. informaci, zda zůstavitel zanechal závěť, listinu o vydědění nebo dovětek.

Termín jednání (předběžné šetření) Vám sdělí kancelář telefonicky nebo písemně.
Dědic má právo dědictví odmítnout do jednoho měsíce ode dne, kdy byl soudem (soudním komisařem)
o tomto právu a o následcích odmítnutí vyrozuměn.

Odměna notáře jako soudního komisaře se řídí vyhláškou č. 196/2001 Sb. a počítá se z obecné ceny
čistého majetku. Náklady řízení nesou dědicové podle poměru nabytého dědictví.

V Brně dne 10. 2. 2026
JUDr. Alena Horáková, notářka, v. r.
"""


def cs_cadastre() -> str:
    return """Nahlížení do katastru nemovitostí - informace o jednotce a o listu vlastnictví
Stav ke dni 18. 2. 2026 09:14

Katastrální úřad pro Jihomoravský kraj, Katastrální pracoviště Brno-město
Obec: Brno [582786]          Katastrální území: Veveří [610372]
List vlastnictví: 4127

Jednotka č. 1833/12
Způsob využití: byt
Typ jednotky: jednotka vymezená podle občanského zákoníku
Vymezena v: budova Veveří, č. p. 1833, bytový dům (Kounicova 48)
Podíl na společných částech: 812/12840
Plocha jednotky (podle prohlášení): 71,4 m²

Vlastnické právo:
  Novák Jiří, Kounicova 1833/48, Veveří, 602 00 Brno                                       podíl 1/1

Způsob ochrany: žádný
Omezení vlastnického práva: nejsou evidována
Jiné zápisy: Zahájení řízení o pozůstalosti - 32 D 418/2026 (poznámka podle § 23 odst. 1 písm. f kat. zák.)
Plomby a upozornění: nejsou evidovány

Budova č. p. 1833
  Část obce: Veveří; na parcele: 1833 (zastavěná plocha a nádvoří, 612 m²)
  Způsob využití: bytový dům; počet jednotek: 16
  Společenství vlastníků: Společenství vlastníků Kounicova 48, Brno, IČO 29371855

Další nemovitosti, kde je oprávněným subjekt "Novák Jiří, nar. 3. 6. 1952":

  Katastrální území: Jedovnice [658219]          List vlastnictví: 1093
    Parcela st. 1412 (zastavěná plocha a nádvoří, 38 m²), součástí je stavba: Jedovnice č. e. 211, rodinná rekreace
    Parcela 2871/4 (zahrada, 611 m²)
    Vlastnické právo:
      Novák Jiří, Kounicova 1833/48, Veveří, 602 00 Brno                                   podíl 1/2
      Novák Karel, Na Kopci 14, 679 06 Jedovnice                                           podíl 1/2
    Omezení vlastnického práva: nejsou evidována

Údaje o cenách: poslední zapsaná cena (jednotka 1833/12) - převod 1998, cena neuvedena
Tento výpis nenahrazuje výpis z katastru nemovitostí.
"""


def cs_vehicle() -> str:
    return """Registr silničních vozidel - výpis údajů o vozidle (na žádost pro účely řízení o pozůstalosti 32 D 418/2026)
Vydáno: Magistrát města Brna, odbor dopravy, 19. 2. 2026

Registrační značka (RZ): 7B2 4519
Stav vozidla: provozované, v registru od 11. 5. 2018
Druh vozidla: osobní automobil M1
Tovární značka: ŠKODA          Obchodní označení: OCTAVIA COMBI 2.0 TDI
Barva: modrá metalíza
VIN: TMBJG7NE8J0213457
Číslo TP: UH 418837
Rok výroby: 2018          První registrace: 11. 5. 2018 (ČR)
Palivo: nafta          Zdvihový objem: 1 968 cm³          Výkon: 110 kW
Emisní norma: EURO 6          Počet míst: 5
Technická prohlídka platná do: 5/2026
Stav tachometru při poslední STK: 128 412 km

Vlastník: Novák Jiří, nar. 3. 6. 1952, Kounicova 1833/48, 602 00 Brno
Provozovatel: Novák Jiří (shodný s vlastníkem)

Pojištění odpovědnosti: Kooperativa pojišťovna, a. s., smlouva č. 5541287190, platné do 10. 5. 2026
Zástavní právo / leasing: neevidováno
Odcizení: neevidováno

Poznámka: změnu vlastníka lze provést na základě pravomocného usnesení o dědictví.
"""


def cs_fio(
    rng: random.Random,
    start_balance: float,
    start_day: int,
    days: int,
    year_month: tuple[int, int],
    rows_n: int,
    death_line: bool,
) -> str:
    rows = []
    bal = start_balance
    y, m = year_month
    kinds = [
        ("Platba kartou", "ALBERT HM BRNO"),
        ("Platba kartou", "LÉKÁRNA U SV. TOMÁŠE"),
        ("Inkaso", "E.ON ENERGIE"),
        ("Inkaso", "SIPO ČESKÁ POŠTA"),
        ("Trvalý příkaz", "SVJ KOUNICOVA 48 - ZÁLOHY"),
        ("Platba kartou", "TESCO BRNO"),
        ("Platba kartou", "SHELL BRNO"),
        ("Inkaso", "O2 CZECH REPUBLIC"),
        ("Příjem", "ČSSZ DŮCHOD"),
        ("Trvalý příkaz", "HOME CREDIT SPLÁTKA"),
        ("Platba kartou", "DM DROGERIE"),
        ("Výběr z bankomatu", "ATM BRNO KOUNICOVA"),
    ]
    events = []
    for _ in range(rows_n):
        kind, who = rng.choice(kinds)
        value = (
            round(rng.uniform(22000, 23800), 2)
            if who == "ČSSZ DŮCHOD"
            else -round(rng.uniform(45, 3800), 2)
        )
        events.append((start_day + rng.randint(0, days - 1), kind, who, value))
    events.sort()
    for d, kind, who, value in events:
        if death_line and d > 14 and not any(r[0] == "14. 1. 2026" and r[1] == "---" for r in rows):
            rows.append(["14. 1. 2026", "---", "zůstatek ke dni úmrtí", "", "312 457,83 Kč"])
            bal = 312457.83
        bal += value
        day, month = d, m
        if day > 31:
            day, month = day - 31, m + 1
        rows.append([f"{day}. {month}. {y}", kind, who, group_num(value, " ", ","), czk(bal, 2)])
    return table(["Datum", "Typ", "Protistrana / popis", "Částka", "Zůstatek"], rows)


def cs_comparables(rng: random.Random) -> str:
    streets = [
        "Kounicova",
        "Veveří",
        "Úvoz",
        "Kotlářská",
        "Údolní",
        "Sokolská",
        "Lidická",
        "Štefánikova",
        "Konečného nám.",
        "Jiráskova",
    ]
    rows = []
    for _ in range(80):
        area = rng.randint(52, 96)
        price = area * rng.randint(61, 82) * 1000 + rng.choice([0, 10_000, 50_000, 90_000])
        if price in (4_850_000, 5_200_000):
            price += 20_000
        rows.append(
            [
                f"{rng.choice(streets)}, Brno-Veveří",
                f"{rng.choice(['2+1', '3+1', '2+kk', '3+kk'])}",
                f"{area} m²",
                rng.choice(["cihla", "cihla", "panel"]),
                czk(price),
                f"{price / area:,.0f}".replace(",", " ") + " Kč/m²",
                rng.choice(["prodáno 2025", "v nabídce", "prodáno 2025", "rezervace"]),
            ]
        )
    return (
        "Realitní portál > prodeje bytů, Brno-Veveří, 50-100 m², 2024-2026 (80 záznamů)\n"
        + table(["Adresa", "Dispozice", "Plocha", "Konstrukce", "Cena", "Cena/m²", "Stav"], rows)
    )


CS_HOME_CREDIT = """Home Credit a.s., Nové sady 996/25, 602 00 Brno | IČO 26978636
Věc: UPOMÍNKA - úvěrová karta č. 4100 xxxx xxxx 7719, smlouva č. 3904417825

Vážený pane Nováku,
evidujeme na Vašem kartovém účtu dlužnou částku po splatnosti.

Vyčerpaný úvěrový rámec k 28. 2. 2026 ............... 21 906,00 Kč
Úroky za období 1-2/2026 .......................... 1 162,00 Kč
Poplatek za upomínku ...............................   350,00 Kč
CELKEM K ÚHRADĚ ...................................  23 418 Kč

Minimální splátka 1 200 Kč nebyla uhrazena k 15. 2. 2026 (trvalý příkaz z účtu 2400915371/2010 zrušen).
Pokud částku neuhradíte do 31. 3. 2026, předáme pohledávku k vymáhání.

Jde-li o úmrtí klienta, kontaktujte prosím oddělení dědických řízení: dedictvi@homecredit.cz, tel. 222 115 800,
a uveďte spisovou značku řízení o pozůstalosti. Pohledávku přihlásíme u soudního komisaře.
"""


CS_CSSZ = """Česká správa sociálního zabezpečení, Křížová 25, 225 08 Praha 5
Č. j.: 4119-2026-0311-D | vyřizuje oddělení výplaty dávek

Věc: Výzva k vrácení neprávem vyplacených dávek - důchod po úmrtí příjemce

Příjemce dávky: Jiří Novák, nar. 3. 6. 1952, zemřel 14. 1. 2026
Starobní důchod byl vyplácen bezhotovostně na účet 2400915371/2010.

Podle § 118a zákona č. 582/1991 Sb. byla po dni úmrtí na účet připsána dávka, na kterou zaniklo
právo. Jedná se o důchod za měsíc únor 2026 (splatný 15. 2. 2026) a poměrnou část za leden.

Částka k vrácení: 21 340 Kč

Peněžní ústav byl vyzván k vrácení částky z účtu zemřelého. Pokud na účtu nejsou prostředky
nebo byl účet zablokován, bude pohledávka přihlášena do řízení o pozůstalosti (32 D 418/2026).
Po vrácení částky zašleme vyrozumění soudnímu komisaři.
"""


def cs_appraisal(rng: random.Random) -> str:
    lines = [
        "ZNALECKÝ POSUDEK č. 2718-14/2026",
        "o obvyklé ceně jednotky č. 1833/12 v budově č. p. 1833, k. ú. Veveří, obec Brno",
        "Zadavatel: JUDr. Alena Horáková, notářka, jako soudní komisař v řízení 32 D 418/2026",
        "Znalec: Ing. Pavel Šťastný, znalec v oboru ekonomika, odvětví ceny a odhady nemovitostí",
        "Rozhodný den: 14. 1. 2026 (den úmrtí zůstavitele)          Datum místního šetření: 27. 2. 2026",
        "",
        "1. Popis jednotky",
        "Byt 3+1 ve 4. NP cihlového domu z roku 1936, plocha 71,4 m², balkon 3,2 m², sklep 4,1 m².",
        "Původní dřevěná okna (dům má plastová ve společných částech), bytové jádro zděné, rekonstrukce",
        "koupelny 2009, kuchyňská linka 2014, elektroinstalace původní hliníková - nutná výměna.",
        "Dům: fasáda opravena 2019, výtah 2021, střecha 2016. Fond oprav SVJ: dostatečný, bez úvěru.",
        "",
        "2. Porovnávací metoda - srovnatelné prodeje",
    ]
    rows = []
    for k in range(1, 22):
        area = rng.randint(60, 84)
        ppm = rng.randint(63_500, 79_000)
        rows.append(
            [
                f"S{k:02d}",
                rng.choice(["Kounicova", "Veveří", "Úvoz", "Sokolská", "Údolní", "Kotlářská"]),
                f"{area} m²",
                f"{ppm:,}".replace(",", " "),
                f"{rng.uniform(0.86, 1.04):.2f}".replace(".", ","),
                f"{ppm * rng.uniform(0.86, 1.04):,.0f}".replace(",", " "),
            ]
        )
    lines.append(
        table(
            ["Vzorek", "Ulice", "Plocha", "Kč/m² (inzerce/prodej)", "Koef. K", "Upravená Kč/m²"],
            rows,
        )
    )
    lines += [
        "",
        "Průměrná upravená cena: 68 930 Kč/m²; minimum 58 900 Kč/m², maximum 77 400 Kč/m².",
        "Koeficienty: poloha (1,00), stav bytu (0,92 - původní elektroinstalace a okna), podlaží s výtahem (1,02),",
        "velikost (1,00), příslušenství - balkon a sklep (1,01).",
        "",
        "3. Výnosová metoda (kontrolní): nájemné v lokalitě 18 500-21 000 Kč/měsíc, míra kapitalizace 4,4 %",
        "   => 4 790 000 - 5 050 000 Kč",
        "",
        "4. Závěr",
        "Obvyklá cena jednotky č. 1833/12 včetně podílu 812/12840 na společných částech domu a pozemku",
        "ke dni 14. 1. 2026 činí:",
        "",
        "                                4 850 000 Kč",
        "                 (slovy: čtyři miliony osm set padesát tisíc korun českých)",
        "",
        "Znalecká doložka: posudek podán podle zákona č. 254/2019 Sb., zapsán pod pořadovým číslem 2718-14/2026",
        "v evidenci posudků. Znalec si je vědom následků vědomě nepravdivého znaleckého posudku.",
        "V Brně dne 5. 3. 2026          Ing. Pavel Šťastný, v. r.",
    ]
    return "\n".join(lines)


def cs_fee() -> str:
    return """Kancelář JUDr. Aleny Horákové - předběžný výpočet odměny a nákladů soudního komisaře
Řízení: 32 D 418/2026, zůstavitel Jiří Novák

Aktiva (obecná cena ke dni úmrtí):
  jednotka č. 1833/12, k. ú. Veveří (posudek 2718-14/2026) ............... 4 850 000,00 Kč
  podíl 1/2 na rekreační chatě Jedovnice č. e. 211 + pozemky (LV 1093) ....   640 000,00 Kč
  osobní automobil Škoda Octavia Combi, RZ 7B2 4519 (odhad) ..............   238 000,00 Kč
  zůstatek účtu Fio 2400915371/2010 ke dni úmrtí .........................   312 457,83 Kč
  movité věci v bytě (podle prohlášení dědiců) ...........................    40 000,00 Kč
  AKTIVA CELKEM ..........................................................  6 080 457,83 Kč

Pasiva:
  náklady pohřbu (Charon, pohřební služba) ...............................    48 600,00 Kč
  Home Credit a.s., úvěrová karta ........................................    23 418,00 Kč
  ČSSZ, vrácení důchodu po úmrtí .........................................    21 340,00 Kč
  SVJ Kounicova 48, zálohy 2-3/2026 ......................................     9 860,00 Kč
  PASIVA CELKEM ..........................................................   103 218,00 Kč

Čistá hodnota pozůstalosti ...............................................  5 977 239,83 Kč

Odměna notáře (§ 11 vyhl. 196/2001 Sb., z čisté hodnoty) ................    15 500,00 Kč
Náhrada hotových výdajů a za ztrátu času ................................       ...
DPH 21 % ................................................................     3 255,00 Kč
CELKEM (odměna + DPH, bez hotových výdajů) ..............................    18 755 Kč

Náklady nesou dědicové v poměru hodnoty nabytého dědictví. Splatnost: do 15 dnů od právní moci usnesení.
"""


def cs_agreement() -> str:
    return """NÁVRH - DOHODA DĚDICŮ O ROZDĚLENÍ POZŮSTALOSTI (pracovní verze pro Tomáše a notářku)
řízení 32 D 418/2026, zůstavitel Jiří Novák, zemřel 14. 1. 2026

Dědicové: Petra Nováková (dcera) a Tomáš Novák (syn), každý ze zákona v podílu 1/2.

1. Petra Nováková nabývá:
   - jednotku č. 1833/12 v k. ú. Veveří (LV 4127), Kounicova 48, obecná cena 4 850 000 Kč,
   - movité věci v bytě, 40 000 Kč.
2. Tomáš Novák nabývá:
   - osobní automobil Škoda Octavia Combi, RZ 7B2 4519, VIN TMBJG7NE8J0213457, 238 000 Kč,
   - zůstatek účtu u Fio banky 2400915371/2010 po úhradě dluhů,
   - podíl 1/2 na chatě v Jedovnicích (LV 1093), 640 000 Kč, s tím, že ho nabídne k odkupu
     spoluvlastníkovi Karlu Novákovi.
3. Dluhy: z účtu u Fio banky se uhradí Home Credit (23 418 Kč), ČSSZ (21 340 Kč) a zálohy SVJ
   (9 860 Kč). Náklady pohřbu (48 600 Kč) uhradila Petra Nováková a budou jí vráceny z účtu.
4. Vyrovnání: protože hodnota nabytá Petrou převyšuje polovinu čisté pozůstalosti, zaplatí Petra
   Tomášovi vyrovnání (doplatek) ve výši uvedené v příloze výpočtu, do 90 dnů od právní moci usnesení.
5. Náklady řízení (odměna notáře) nesou dědicové v poměru nabytých hodnot.
6. Dědicové prohlašují, že dědictví neodmítají, a berou na vědomí, že za dluhy zůstavitele odpovídají
   do výše ceny nabytého dědictví.

Příloha: výpočet vyrovnání (viz tabulka v e-mailu)
"""


def cs_contracts(rng: random.Random) -> str:
    return table(
        ["Smlouva", "Dodavatel", "Číslo", "Platba", "Měsíčně", "Co udělat"],
        [
            [
                "elektřina byt",
                "E.ON Energie",
                "ZČ 2200871356",
                "inkaso Fio",
                "1 450 Kč",
                "přepis na Petru po usnesení",
            ],
            ["plyn byt", "innogy (E.ON)", "ZČ 4401187722", "SIPO", "980 Kč", "přepis na Petru"],
            [
                "SIPO",
                "Česká pošta",
                "4471903826",
                "inkaso Fio",
                "1 320 Kč",
                "převést na účet Petry",
            ],
            [
                "internet + TV",
                "O2 Czech Republic",
                "1.8812.0072",
                "inkaso Fio",
                "649 Kč",
                "vypovědět (úmrtí)",
            ],
            ["mobil", "T-Mobile", "+420 603 118 447", "inkaso Fio", "399 Kč", "vypovědět"],
            [
                "zálohy SVJ",
                "SVJ Kounicova 48",
                "var. s. 1833012",
                "trvalý příkaz",
                "4 930 Kč",
                "obnovit z účtu Petry",
            ],
            [
                "pojištění bytu",
                "Allianz",
                "41-220-8713",
                "roční",
                "3 212 Kč/rok",
                "přepsat na Petru",
            ],
            [
                "povinné ručení",
                "Kooperativa",
                "5541287190",
                "roční",
                "4 870 Kč/rok",
                "přepis na Tomáše s autem",
            ],
            [
                "chata - elektřina",
                "E.ON Energie",
                "ZČ 2200901145",
                "Karel Novák",
                "-",
                "řeší strejda Karel",
            ],
            ["noviny", "Mladá fronta DNES", "předplatné 118844", "inkaso Fio", "429 Kč", "zrušit"],
            [
                "Home Credit karta",
                "Home Credit",
                "3904417825",
                "trvalý příkaz (zrušen)",
                "-",
                "dluh přihlášen u notářky",
            ],
        ],
    )


def cs_email(rng: random.Random) -> str:
    senders = [
        "SVJ Kounicova 48",
        "E.ON Energie",
        "O2",
        "Allianz pojišťovna",
        "Tomáš Novák",
        "Kooperativa",
        "Charon pohřební služba",
        "Alza.cz",
        "Zásilkovna",
        "Rohlík.cz",
        "Česká spořitelna",
        "Air Bank",
        "LinkedIn",
        "Mgr. Kalina (notářka Horáková)",
    ]
    subjects = [
        "Vyúčtování",
        "Změna smlouvy",
        "Re: táta - podklady",
        "Potvrzení objednávky",
        "Informace ke smlouvě",
        "Re: dohoda",
        "Faktura",
        "Připomenutí",
        "Oznámení",
        "Re: termín jednání",
        "Newsletter",
        "Výpis",
    ]
    rows = []
    for _ in range(92):
        rows.append([f"{rng.randint(1, 20)}. 3. 2026", rng.choice(senders), rng.choice(subjects)])
    rows += [
        ["21. 3. 2026", "Tomáš Novák", "Re: návrh dohody - souhlasím, jen ta chata"],
        [
            "21. 3. 2026",
            "Mgr. Kalina (notářka Horáková)",
            "Návrh usnesení o dědictví 32 D 418/2026 - k připomínkám",
        ],
    ]
    return "E-mail petra.novakova@seznam.cz > Doručená pošta, březen 2026\n" + table(
        ["Datum", "Od", "Předmět"], rows
    )


def cs_svj(rng: random.Random) -> str:
    rows = []
    for unit in range(1, 17):
        area = rng.choice([48.2, 52.6, 71.4, 71.4, 88.9, 64.0])
        owner = (
            "Novák Jiří (zemřel, řízení o pozůstalosti)"
            if unit == 12
            else rng.choice(
                [
                    "Dvořák Martin",
                    "Procházková Eva",
                    "Černý Lukáš",
                    "Veselá Jana",
                    "Horák Ondřej",
                    "Marková Lenka",
                    "Pokorný Jan",
                    "Králová Tereza",
                    "Beneš Filip",
                    "Fialová Kateřina",
                    "Sedláček Petr",
                    "Zemanová Ivana",
                    "Kolář Michal",
                    "Navrátilová Hana",
                    "Růžička David",
                ]
            )
        )
        if unit == 12:
            area = 71.4
        fond = round(area * 38)
        sluzby = rng.randint(1400, 2600)
        rows.append(
            [
                f"1833/{unit}",
                owner,
                f"{area} m²".replace(".", ","),
                czk(fond),
                czk(sluzby),
                czk(fond + sluzby),
                "nedoplatek 2-3/2026"
                if unit == 12
                else rng.choice(["v pořádku", "v pořádku", "přeplatek 2025"]),
            ]
        )
    lines = [
        "Společenství vlastníků Kounicova 48, Brno, IČO 29371855 | předpis záloh 2026",
        table(
            ["Jednotka", "Vlastník", "Plocha", "Fond oprav", "Služby", "Celkem/měsíc", "Stav"], rows
        ),
    ]
    lines += [
        "",
        "Jednotka 1833/12: předpis 4 930 Kč/měsíc, trvalý příkaz z účtu zesnulého zrušen 20. 2. 2026;",
        "dluh za 2-3/2026: 9 860 Kč (přihlášeno soudní komisařce, 32 D 418/2026).",
        "",
        "Fond oprav - plán 2026-2028:",
    ]
    plan = [
        ["2026", "výměna stoupaček (voda, odpad)", "1 840 000 Kč", "fond oprav"],
        ["2026", "revize elektroinstalace společných prostor", "62 000 Kč", "fond oprav"],
        ["2027", "oprava dvorní fasády", "1 120 000 Kč", "fond oprav + úvěr (návrh)"],
        ["2027", "zateplení půdy", "430 000 Kč", "fond oprav"],
        ["2028", "výměna vchodových dveří a zvonků", "180 000 Kč", "fond oprav"],
    ]
    lines.append(table(["Rok", "Akce", "Odhad", "Financování"], plan))
    lines += [
        "",
        "Zůstatek fondu oprav k 31. 12. 2025: 2 414 806 Kč | úvěr SVJ: žádný",
        "Shromáždění vlastníků: 22. 4. 2026 v 18:00, společenská místnost v suterénu",
        "Výbor: předseda Ing. Martin Dvořák (jednotka 1833/3), místopředsedkyně Eva Procházková (1833/7)",
    ]
    return "\n".join(lines)


def cs_inventory(rng: random.Random) -> str:
    items = [
        ("obývák", "sedací souprava", 4000),
        ("obývák", 'televize Samsung 43"', 3500),
        ("obývák", "knihovna + knihy", 2500),
        ("obývák", "konferenční stolek", 600),
        ("obývák", "koberec", 800),
        ("ložnice", "manželská postel s matracemi", 3000),
        ("ložnice", "šatní skříň", 1500),
        ("ložnice", "komoda", 700),
        ("kuchyň", "lednice Bosch", 3000),
        ("kuchyň", "myčka Whirlpool", 2500),
        ("kuchyň", "sporák s troubou", 2000),
        ("kuchyň", "mikrovlnka", 400),
        ("kuchyň", "nádobí a příbory", 1000),
        ("koupelna", "pračka AEG", 3500),
        ("pracovna", "psací stůl", 800),
        ("pracovna", "notebook Lenovo (2019)", 2500),
        ("pracovna", "tiskárna", 300),
        ("pracovna", "sbírka známek (neodborný odhad)", 3000),
        ("předsíň", "botník a věšák", 400),
        ("sklep", "kolo Author", 1500),
        ("sklep", "nářadí", 1200),
        ("balkon", "zahradní nábytek", 500),
    ]
    rows = []
    for k in range(56):
        room, item, value = (
            items[k % len(items)]
            if k < len(items)
            else (
                rng.choice(["obývák", "ložnice", "kuchyň", "pracovna", "sklep"]),
                rng.choice(
                    [
                        "lampa",
                        "obraz",
                        "židle",
                        "polička",
                        "hodiny",
                        "rádio",
                        "ventilátor",
                        "krabice s dokumenty",
                        "zrcadlo",
                        "deky a povlečení",
                    ]
                ),
                rng.choice([100, 150, 200, 300, 400]),
            )
        )
        rows.append(
            [
                f"F{k + 1:03d}",
                room,
                item,
                czk(value),
                rng.choice(["dobrý", "opotřebený", "dobrý", "funkční"]),
            ]
        )
    return (
        "Soupis movitých věcí - byt Kounicova 48 (podle fotografií z 1. 3. 2026, ceny odhadem dědiců)\n"
        + table(["Foto", "Místnost", "Věc", "Odhad", "Stav"], rows)
        + "\n\nSoučet odhadů: 40 000 Kč (zaokrouhleno, uvedeno v prohlášení dědiců)"
    )


def cs_eon(rng: random.Random) -> str:
    lines = [
        "E.ON Energie, a.s. | Vyúčtování elektřiny k datu ukončení odběru (úmrtí zákazníka)",
        "Zákazník: Jiří Novák (zemřel 14. 1. 2026) | odběrné místo: Kounicova 1833/48, byt 12 | ZČ 2200871356 | EAN 859182400100871356",
        "Období: 1. 1. 2025 - 14. 1. 2026 | sazba D02d | jistič 3x25 A",
        "",
        "Měsíční odečty (dálkový odečet):",
    ]
    rows = []
    for k in range(13):
        m = k + 1
        kwh = rng.randint(118, 260)
        rows.append(
            [f"{m if m <= 12 else 1}/{2025 if m <= 12 else 2026}", f"{kwh} kWh", czk(kwh * 5.82, 2)]
        )
    lines.append(table(["Měsíc", "Spotřeba", "Cena vč. DPH"], rows))
    lines += [
        "",
        "Zaplacené zálohy: 18 850,00 Kč | Skutečné náklady: 16 912,40 Kč | PŘEPLATEK: 1 937,60 Kč",
        "Přeplatek vyplatíme po doložení usnesení o dědictví na účet určený dědicem.",
        "Pro převod odběrného místa na nového vlastníka bytu zašlete žádost o změnu zákazníka a kopii usnesení.",
    ]
    return "\n".join(lines)


def cs_april(rng: random.Random) -> str:
    items = [
        "porada týmu",
        "klient Jelínek",
        "zubař",
        "Tomáš - telefon",
        "vyzvednout Aničku",
        "školka - schůzka",
        "rozpočet Q2",
        "jóga",
        "kadeřnice",
        "nákup",
        "prezentace pro vedení",
        "oběd s Janou",
        "servis auta",
        "workshop",
    ]
    rows = []
    for day in range(1, 31):
        if day in (4, 5, 11, 12, 18, 19, 25, 26):
            continue
        for _ in range(rng.randint(1, 3)):
            rows.append(
                [
                    f"{day}. 4. 2026",
                    f"{rng.choice([8, 9, 10, 11, 13, 14, 15, 16, 17])}:{rng.choice(['00', '30'])}",
                    rng.choice(items),
                ]
            )
    rows += [
        ["22. 4. 2026", "18:00", "shromáždění SVJ Kounicova 48"],
        ["9. 4. 2026", "14:00", "banka - konzultace hypotéky (doplatek Tomášovi)"],
    ]
    rows.sort(key=lambda r: (int(r[0].split(".")[0]), r[1].zfill(5)))
    return "Kalendář Petra > duben 2026\n" + table(["Den", "Čas", "Událost"], rows)


def probate(out: Path) -> dict[str, Any]:
    rng = random.Random(4_2026_06)
    s = Session(
        "probate_cs",
        "cs",
        "inheritance proceedings at a Brno notary after a father's death: data box, land registry, car, bank, debts, appraisal, heirs' agreement",
        cues=(
            "pardon",
            "promiň",
            "promin",
            "omlouvám",
            "omlouvam",
            "spletla",
            "spletl",
            "oprava",
            "vlastně",
            "chyba",
            "špatně",
            "přehodila",
        ),
    )
    s.turn(
        "dobrý den, potřebuju pomoct s dědictvím po tátovi. jmenoval se Jiří Novák, zemřel 14. 1. 2026 v brně. měl "
        "byt na Kounicova 48, auto, nějaké peníze v bance. jsem z toho úplně mimo",
        "Dobrý den, upřímnou soustrast. Pomůžu vám to mít celé pohromadě. Zatím si zapisuji:\n\n- zůstavitel: Jiří "
        "Novák, zemřel 14. 1. 2026 v Brně\n- majetek: byt na Kounicově 48, auto, peníze v bance\n\nŘízení o "
        "pozůstalosti zahajuje soud sám a pověří notáře (soudního komisaře). Už vám přišel nějaký dopis od notáře?",
        facts=[U("Jiří Novák"), U("14. 1. 2026", "14.1.2026"), U("Kounicova 48")],
    )
    s.turn(
        "jo, notářka je JUDr. Horáková. dědicové jsme dva, já a brácha Tomáš, ten žije v ostravě, tel +420 731 482 906",
        "Zapsáno: notářka JUDr. Horáková jako soudní komisařka; dědicové v první třídě jste vy a bratr Tomáš (Ostrava, "
        "+420 731 482 906), každý ze zákona napůl, pokud táta nezanechal závěť.",
        facts=[U("Horáková"), U("Tomáš")],
    )
    s.turn(
        "přišlo mi něco do datovky od notářky, otevři to prosím",
        "Je to oznámení o zahájení řízení od JUDr. Aleny Horákové (ID datové schránky **7hx4k2p**). Spisová značka "
        "soudu: **32 D 418/2026**. Chce od vás:\n\n1. kopii úmrtního listu\n2. údaje o dalších dědicích (Tomáš)\n3. "
        "přehled majetku: byt, účty, auto\n4. přehled dluhů včetně nákladů pohřbu (faktura + doklad o zaplacení)\n5. "
        "informaci, jestli táta nechal závěť\n\nTermín jednání vám sdělí kancelář. Upozorňuje i na lhůtu jednoho "
        "měsíce pro případné odmítnutí dědictví.",
        calls=[
            ("datovka", {"action": "seznam_prijatych", "od": "2026-01-01"}, cs_inbox(rng)),
            ("datovka", {"action": "otevrit", "id_zpravy": "1284719"}, CS_NOTARY_LETTER),
        ],
        facts=[T("7hx4k2p"), T("32 D 418/2026")],
    )
    s.turn(
        "volala mi paní Dvořáková z její kanceláře, jednání bude 12. 3. 2026 v 9:30. příště ať píšou, všechno chci "
        "mít písemně, žádné telefonáty s úřady",
        "Zapsáno do kalendáře: předběžné šetření u JUDr. Horákové, Jakubské náměstí 5, 12. 3. 2026 v 9:30 (volala paní "
        "Dvořáková). A pravidlo: **všechno písemně, žádné telefonáty s úřady**. Kanceláři pošlu přes datovku "
        "potvrzení termínu s prosbou, aby další komunikace šla písemně.",
        calls=[
            (
                "kalendar",
                {
                    "akce": "vytvorit",
                    "nazev": "Notářka Horáková - předběžné šetření (32 D 418/2026)",
                    "datum": "2026-03-12",
                    "cas": "9:30",
                    "misto": "Jakubské náměstí 5, Brno",
                },
                '{"status": "vytvořeno"}',
            ),
            (
                "datovka",
                {
                    "action": "odeslat",
                    "prijemce": "7hx4k2p",
                    "vec": "32 D 418/2026 - potvrzení termínu",
                    "text": "Dobrý den, potvrzuji termín předběžného šetření 12. 3. 2026 v 9:30. Prosím o další komunikaci písemně (datovou schránkou). Petra Nováková",
                },
                '{"status": "dodáno", "id_zpravy": "1299034"}',
            ),
        ],
        facts=[
            U("12. 3. 2026", "12.3.2026"),
            RULE(
                "všechno chci mít písemně, žádné telefonáty s úřady",
                "všechno písemně",
                "everything in writing, no phone calls",
                "žádné telefonáty s úřady",
            ),
        ],
    )
    s.turn(
        "pohřeb stál 48 600 Kč, platila jsem to já ze svého účtu 1987364021/0800, faktura od Charonu je u mě. to se "
        "prý dá odečíst",
        "Ano: náklady pohřbu jsou dluh pozůstalosti a při vypořádání vám je dědictví vrátí. Zapisuji: pohřeb 48 600 "
        "Kč, zaplaceno z vašeho účtu 1987364021/0800, faktura Charon. K jednání přineste fakturu i výpis s platbou.",
        facts=[U("48 600 Kč", "48600 Kč")],
    )
    s.turn(
        "podívej se do katastru na ten byt",
        "Katastr (stav k 18. 2. 2026):\n\n- byt je **jednotka č. 1833/12** v budově č. p. 1833 (Kounicova 48), "
        "k. ú. Veveří, **LV 4127**, 71,4 m², vlastník táta 1/1, bez zástav a omezení; už je tam poznámka o řízení "
        "32 D 418/2026\n- navíc jsem našla, že táta vlastnil **polovinu chaty v Jedovnicích** (č. e. 211 + zahrada), "
        "**LV 1093**; druhou polovinu má Karel Novák z Jedovnic\n\nChatu bude taky potřeba uvést do soupisu.",
        calls=[
            (
                "katastr",
                {
                    "akce": "nahlizeni",
                    "vlastnik": "Novák Jiří, nar. 3. 6. 1952",
                    "adresa": "Kounicova 48, Brno",
                },
                cs_cadastre(),
            )
        ],
        facts=[T("1833/12"), T("4127", "LV 4127"), T("1093", "LV 1093")],
    )
    s.turn(
        "jo chata, to je strejda Karel. táta měl Škoda Octavia combi, modrou. zjisti SPZ z registru, notářka to bude "
        "chtít",
        "Z registru vozidel: Škoda Octavia Combi 2.0 TDI, modrá metalíza, rok 2018, **RZ 7B2 4519**, VIN "
        "TMBJG7NE8J0213457, najeto 128 412 km při poslední STK (platná do 5/2026). Bez leasingu a zástavy; povinné "
        "ručení u Kooperativy do 10. 5. 2026. Přepis bude možný až podle pravomocného usnesení.",
        calls=[
            (
                "registr_vozidel",
                {
                    "akce": "vypis",
                    "vlastnik": "Novák Jiří, nar. 3. 6. 1952",
                    "ucel": "řízení o pozůstalosti 32 D 418/2026",
                },
                cs_vehicle(),
            )
        ],
        facts=[U("Škoda Octavia"), T("7B2 4519")],
    )
    s.turn(
        "stáhni výpis z tátova účtu u fio, mám od něj plnou moc k nahlížení ještě z loňska",
        "Výpis z Fio (leden 2026): účet **2400915371/2010**, zůstatek ke dni úmrtí (14. 1. 2026) **312 457,83 Kč**. "
        "Po úmrtí z účtu dál odcházejí inkasa (E.ON, SIPO, O2) a trvalý příkaz na SVJ, a 15. 2. přišel ještě důchod. "
        "Pozor: plná moc úmrtím zmocnitele zaniká, takže nahlížení vám banka brzy zablokuje; pro řízení si výpis "
        "k datu úmrtí vyžádá notářka sama.",
        calls=[
            (
                "banka",
                {"banka": "Fio", "akce": "vypis", "od": "2026-01-01", "do": "2026-01-31"},
                "Fio banka, a.s. | Výpis z účtu 2400915371/2010 | majitel: Jiří Novák | leden 2026\n"
                + cs_fio(rng, 296_118.40, 1, 31, (2026, 1), 150, True),
            )
        ],
        facts=[T("2400915371/2010"), T("312 457,83 Kč", "312457,83 Kč")],
    )
    s.turn(
        "z tátova účtu nic neplatit, dokud to neřekne notářka, ani inkasa. zastav ty trvalé příkazy",
        "Rozumím: **z tátova účtu se nic neplatí, dokud to neschválí notářka**, ani inkasa. Bance Fio jsem poslala "
        "oznámení o úmrtí majitele s kopií úmrtního listu a žádostí o zastavení trvalých příkazů a inkas; banka účet "
        "po oznámení stejně zablokuje pro odchozí platby. Dodavatelům (E.ON, O2, SVJ) dám vědět, ať platby přesměrují.",
        calls=[
            (
                "email",
                {
                    "komu": "info@fio.cz",
                    "predmet": "Oznámení úmrtí majitele účtu 2400915371/2010 - zastavení trvalých příkazů a inkas",
                    "prilohy": ["umrtni_list.pdf"],
                },
                '{"status": "odesláno", "odpoved": "Děkujeme, účet byl zablokován pro odchozí platby 20. 2. 2026, trvalé příkazy a souhlasy s inkasem zrušeny."}',
            )
        ],
        facts=[
            RULE(
                "z tátova účtu nic neplatit, dokud to neřekne notářka",
                "z účtu se nic neplatí bez notářky",
                "nothing paid from dad's account until the notary says",
                "nic neplatit z tátova účtu",
            )
        ],
    )
    s.turn(
        "byt odhadujeme na 5 200 000 Kč, podobný v domě se prodal loni. najdi ještě nějaký srovnání",
        "Srovnání z realitního portálu (Veveří, 50-100 m², 80 záznamů): cihlové byty 3+1 se prodávají zhruba za "
        "62 000-80 000 Kč/m². Při 71,4 m² to dává přibližně 4,4-5,7 mil. Kč, takže 5 200 000 Kč je v rozmezí, spíš "
        "v horní polovině; byt má původní elektroinstalaci a okna, což cenu snižuje. Notářka bude stejně chtít "
        "znalecký posudek.",
        calls=[
            (
                "web",
                {
                    "akce": "hledat_prodeje",
                    "lokalita": "Brno-Veveří",
                    "plocha": "50-100",
                    "obdobi": "2024-2026",
                },
                cs_comparables(rng),
            )
        ],
    )
    s.turn(
        "nic nepodepisuju bez toho, aby to viděl Tomáš. pošli mu všechno, co zatím máme",
        "Pravidlo zapsáno: **nic se nepodepisuje, dokud to neviděl Tomáš.** Poslala jsem mu e-mailem: oznámení od "
        "notářky, výpis z katastru (byt i chata), výpis z registru vozidel, výpis z Fio k datu úmrtí a srovnání cen "
        "bytů.",
        calls=[
            (
                "email",
                {
                    "komu": "tomas.novak@email.cz",
                    "predmet": "Táta - podklady k dědickému řízení 32 D 418/2026",
                    "prilohy": [
                        "oznameni_notarka.pdf",
                        "katastr.pdf",
                        "registr_vozidel.pdf",
                        "fio_leden.pdf",
                        "srovnani_bytu.xlsx",
                    ],
                },
                '{"status": "odesláno"}',
            )
        ],
        facts=[
            RULE(
                "nic nepodepisuju bez toho, aby to viděl Tomáš",
                "nic se nepodepisuje, dokud to neviděl Tomáš",
                "nothing signed before Tomáš has seen it",
            )
        ],
    )
    s.turn(
        "pardon, Tomášovo číslo je +420 731 482 609, přehodila jsem poslední dvě číslice",
        "Opraveno v kontaktech: Tomáš Novák, +420 731 482 609.",
        fix=[("+420 731 482 906", "+420 731 482 609")],
    )
    s.turn(
        "přišla upomínka od home creditu, táta měl nějakou kreditku. co s tím",
        "Upomínka od Home Creditu: úvěrová karta, smlouva 3904417825, dluh **23 418 Kč** (čerpání 21 906 Kč + úroky "
        "+ poplatek za upomínku). Neplaťte to ze svého: je to dluh pozůstalosti. Stačí jim napsat na "
        "dedictvi@homecredit.cz o úmrtí se spisovou značkou 32 D 418/2026; pohledávku přihlásí u notářky a zaplatí "
        "se z dědictví.",
        calls=[
            ("dokumenty", {"akce": "precist", "soubor": "upominka_homecredit.pdf"}, CS_HOME_CREDIT)
        ],
        facts=[T("23 418 Kč", "23418 Kč")],
    )
    s.turn(
        "a čssz poslala taky něco o důchodu",
        "ČSSZ žádá vrácení důchodu vyplaceného po úmrtí: **21 340 Kč** (únorový důchod a poměrná část za leden). "
        "Nejdřív to zkusí stáhnout přímo z tátova účtu u Fio; když to nepůjde (účet je blokovaný), přihlásí "
        "pohledávku do řízení. Vy nic platit nemusíte.",
        calls=[("datovka", {"action": "otevrit", "id_zpravy": "1302287"}, CS_CSSZ)],
        facts=[T("21 340 Kč", "21340 Kč")],
    )
    s.turn(
        "strejdovi Karlovi nic neposílej beze mě, on vlastní druhou půlku chaty a je to s ním složitý",
        "Rozumím: **strejdovi Karlovi nic neposílám bez vašeho souhlasu**, ani o chatě. Když bude potřeba mu něco "
        "poslat, připravím návrh a počkám na vás.",
        facts=[
            RULE(
                "strejdovi Karlovi nic neposílej beze mě",
                "nic Karlovi bez Petry",
                "nothing to uncle Karel without me",
            )
        ],
    )
    s.turn(
        "dědictví neodmítáme, i s dluhama, těch je míň než majetku. tomáš souhlasí",
        "Zapsáno: **dědictví neodmítáte** (vy ani Tomáš). Dluhy, které zatím známe (Home Credit 23 418 Kč, ČSSZ 21 340 "
        "Kč, pohřeb 48 600 Kč), jsou zlomek hodnoty majetku, a za dluhy ručíte jen do výše nabytého dědictví. Lhůta "
        "pro odmítnutí tedy není potřeba řešit.",
        facts=[
            CHOICE(
                "dědictví neodmítáme", "we don't renounce the inheritance", "dědictví neodmítají"
            )
        ],
    )
    s.turn(
        "notářka chce znalce na byt. máme vzít jejího nebo si najít vlastního?",
        "Obojí jde. Znalec ustanovený notářkou: posudek platí přímo v řízení, cena se počítá do nákladů řízení "
        "(cca 6-9 tisíc Kč) a nikdo ho nerozporuje. Vlastní znalec: můžete si vybrat, ale notářka ho nemusí přijmout "
        "bez dalšího a platíte ho vy; dává smysl hlavně, když spolu dědicové nesouhlasí. Vy s Tomášem se shodnete, "
        "takže spíš jejího.",
    )
    s.turn(
        "znalce bereme toho od notářky, ne vlastního, je to levnější a rychlejší. napiš jim",
        'Odesláno přes datovku: "32 D 418/2026 - souhlasíme se znalcem ustanoveným soudní komisařkou k ocenění '
        'jednotky 1833/12. Petra Nováková, Tomáš Novák." (Tomášův souhlas máte z e-mailu.)',
        calls=[
            (
                "datovka",
                {
                    "action": "odeslat",
                    "prijemce": "7hx4k2p",
                    "vec": "32 D 418/2026 - znalec",
                    "text": "Souhlasíme se znalcem ustanoveným soudní komisařkou k ocenění jednotky 1833/12. Petra Nováková, Tomáš Novák.",
                },
                '{"status": "dodáno"}',
            )
        ],
        facts=[
            CHOICE(
                "znalce bereme toho od notářky, ne vlastního",
                "znalec od notářky",
                "the notary's appraiser, not our own",
            )
        ],
    )
    s.turn(
        "jednání 12. 3. začíná v 10:15, notářka má ráno jiného klienta, přišlo to datovkou",
        "Kalendář upraven: předběžné šetření 12. 3. 2026 v 10:15, Jakubské náměstí 5. Tomášovi jsem poslala nový čas.",
        calls=[
            (
                "kalendar",
                {
                    "akce": "upravit",
                    "nazev": "Notářka Horáková - předběžné šetření (32 D 418/2026)",
                    "datum": "2026-03-12",
                    "cas": "10:15",
                },
                '{"status": "upraveno"}',
            ),
            (
                "email",
                {
                    "komu": "tomas.novak@email.cz",
                    "predmet": "Notářka - nový čas jednání",
                    "text": "Jednání 12. 3. 2026 začíná v 10:15.",
                },
                '{"status": "odesláno"}',
            ),
        ],
        fix=[("v 9:30", "v 10:15")],
    )
    s.turn(
        "peníze z dědictví mi posílejte na 3021987364/3030, účet u spořitelny ruším. dej to notářce do podkladů",
        "Zapsáno: pro výplatu (vrácení nákladů pohřbu a případné peníze z dědictví) váš účet 3021987364/3030. Notářce "
        "jsem ho poslala datovkou k podkladům.",
        calls=[
            (
                "datovka",
                {
                    "action": "odeslat",
                    "prijemce": "7hx4k2p",
                    "vec": "32 D 418/2026 - číslo účtu dědičky",
                    "text": "Pro výplatu z pozůstalosti uvádím účet 3021987364/3030. Petra Nováková",
                },
                '{"status": "dodáno"}',
            )
        ],
        fix=[("1987364021/0800", "3021987364/3030")],
    )
    s.turn(
        "znalecký posudek přišel, byt dal na 4 850 000 Kč. otevři ho, proč tak málo",
        "Posudek **č. 2718-14/2026** (Ing. Pavel Šťastný, k 14. 1. 2026): obvyklá cena 4 850 000 Kč. Důvody, proč je "
        "níž než vaše představa: koeficient stavu bytu 0,92 kvůli původní hliníkové elektroinstalaci a dřevěným "
        "oknům; průměr srovnávaných prodejů po úpravě 68 930 Kč/m². Výnosová metoda vychází 4,79-5,05 mil. Kč, takže "
        "posudek je spíš střízlivý, ale obhajitelný. Pro vás jako budoucí vlastnici bytu je nižší cena výhodnější "
        "(nižší doplatek Tomášovi i odměna notáře).",
        calls=[("datovka", {"action": "otevrit", "id_zpravy": "1318840"}, cs_appraisal(rng))],
        facts=[T("2718-14/2026")],
        fix=[("5 200 000 Kč", "4 850 000 Kč")],
    )
    s.turn(
        "paní dvořáková odešla na mateřskou, spis teď má Mgr. Kalina. piš jemu",
        "Zapsáno: v kanceláři JUDr. Horákové vede spis Mgr. Kalina; další podání adresuji jemu (přes datovku "
        "kanceláře 7hx4k2p).",
        fix=[("Dvořáková", "Kalina")],
    )
    s.turn(
        "spočítej, co by komu připadlo, kdybych si nechala byt já a tomáš dostal auto, peníze a chatu",
        "Výpočet (obecné ceny ke dni úmrtí):\n\n- aktiva: byt 4 850 000 + chata 1/2 640 000 + auto 238 000 + účet "
        "312 457,83 + movité věci 40 000 = **6 080 457,83 Kč**\n- pasiva: pohřeb 48 600 + Home Credit 23 418 + ČSSZ "
        "21 340 + SVJ 9 860 = **103 218 Kč**\n- čistá pozůstalost **5 977 239,83 Kč**, polovina **2 988 619,92 Kč**\n\n"
        "Vy: byt + movité věci = 4 890 000 Kč. Tomáš: auto + chata + účet po dluzích (312 457,83 - 54 618 - vrácení "
        "pohřbu vám 48 600 = 209 239,83) = 1 087 239,83 Kč. Abyste měli oba polovinu, doplatíte Tomášovi **1 901 380,08 "
        "Kč**. (Odměna notáře se pak dělí v poměru.)",
    )
    s.turn(
        "byt si nechám já, tomáš dostane auto, chatu a doplatek. hypotéku na doplatek řeším s bankou",
        "Zapsáno jako dohoda: **byt si necháváte vy, Tomáš dostane auto, podíl na chatě a doplatek.** Připravím "
        "návrh dohody dědiců o rozdělení pozůstalosti a pošlu ho nejdřív Tomášovi; podepisovat se bude až u notářky.",
        facts=[
            CHOICE(
                "byt si nechám já, tomáš dostane auto, chatu a doplatek",
                "byt Petře, auto a chata Tomášovi",
                "I keep the flat, Tomáš gets the car, the cottage and a payout",
            )
        ],
    )
    s.turn(
        "tomáš tu chatu nechce, ať ji nabídne strejdovi karlovi. podíl na chatě nabídneme strejdovi",
        "Dobře: podíl 1/2 na chatě připadne Tomášovi s tím, že **ho nabídne k odkupu strejdovi Karlovi**. Karlovi "
        "zatím nic neposílám; až budete chtít, připravím dopis s nabídkou a pošlete ho vy nebo Tomáš.",
        facts=[
            CHOICE(
                "podíl na chatě nabídneme strejdovi",
                "nabídnout chatu strejdovi Karlovi",
                "offer the cottage share to uncle Karel",
            )
        ],
    )
    s.turn(
        "kolik bude stát notářka",
        "Předběžný výpočet od Mgr. Kaliny: odměna 15 500 Kč + DPH 3 255 Kč = **18 755 Kč** (bez hotových výdajů, "
        "znalečné zvlášť). Platí se do 15 dnů od právní moci usnesení, dělí se mezi vás a Tomáše v poměru nabytých "
        "hodnot, tedy napůl.",
        calls=[("datovka", {"action": "otevrit", "id_zpravy": "1321904"}, cs_fee())],
        facts=[T("18 755 Kč", "18755 Kč")],
    )
    s.turn(
        "připrav ten návrh dohody, ať to tomáš vidí",
        "Návrh dohody je hotový a odeslaný Tomášovi k připomínkám (nic se nepodepisuje). Obsahuje rozdělení podle "
        "vaší dohody, úhradu dluhů z Fio účtu, vrácení pohřbu vám a doplatek do 90 dnů od právní moci.",
        calls=[
            (
                "dokumenty",
                {
                    "akce": "vytvorit",
                    "sablona": "dohoda_dedicu",
                    "soubor": "dohoda_dedicu_navrh_v1.docx",
                },
                cs_agreement(),
            ),
            (
                "email",
                {
                    "komu": "tomas.novak@email.cz",
                    "predmet": "Návrh dohody dědiců - prosím o připomínky",
                    "prilohy": ["dohoda_dedicu_navrh_v1.docx"],
                },
                '{"status": "odesláno"}',
            ),
        ],
    )
    s.turn(
        "jaký smlouvy má táta běžící, ať je zruším nebo přepíšu",
        "Přehled smluv podle výpisu z účtu a dopisů:\n\n- přepsat na vás: elektřina a plyn v bytě, SIPO, pojištění "
        "bytu, zálohy SVJ\n- vypovědět: internet O2, mobil T-Mobile, předplatné novin\n- přepsat na Tomáše: povinné "
        "ručení Kooperativa (s autem)\n- Home Credit: dluh je přihlášený, nic neplatit\n\nVýpovědi kvůli úmrtí jdou "
        "hned, s úmrtním listem; přepisy obvykle chtějí pravomocné usnesení.",
        calls=[
            (
                "dokumenty",
                {"akce": "prehled_smluv", "zdroj": ["fio_leden.pdf", "dopisy/"]},
                cs_contracts(rng),
            )
        ],
    )
    s.turn(
        "vypověz o2, mobil a noviny, úmrtní list přilož",
        "Výpovědi odeslány: O2 (internet + TV), T-Mobile (mobil) a MF DNES (předplatné), každá s kopií úmrtního listu "
        "a žádostí o vyúčtování k datu úmrtí. Případné přeplatky půjdou do dědictví, nedoplatky jako dluh "
        "pozůstalosti.",
        calls=[
            (
                "email",
                {
                    "komu": "vypovedi@o2.cz",
                    "predmet": "Výpověď smlouvy 1.8812.0072 - úmrtí účastníka",
                    "prilohy": ["umrtni_list.pdf"],
                },
                '{"status": "odesláno"}',
            ),
            (
                "email",
                {
                    "komu": "vypovedi@t-mobile.cz",
                    "predmet": "Výpověď - úmrtí účastníka, +420 603 118 447",
                    "prilohy": ["umrtni_list.pdf"],
                },
                '{"status": "odesláno"}',
            ),
            (
                "email",
                {
                    "komu": "predplatne@mafra.cz",
                    "predmet": "Zrušení předplatného 118844 - úmrtí",
                    "prilohy": ["umrtni_list.pdf"],
                },
                '{"status": "odesláno"}',
            ),
        ],
    )
    s.turn(
        "co únorový výpis z fio, odešlo tam po zablokování ještě něco?",
        "Únor: do 20. 2. ještě prošla inkasa a trvalý příkaz na SVJ, po zablokování 20. 2. už nic neodešlo. 15. 2. "
        "přišel únorový důchod, který ČSSZ žádá vrátit (21 340 Kč včetně poměrné části za leden). Aktuální zůstatek "
        "je vyšší než ke dni úmrtí, ale pro řízení se počítá stav k 14. 1. 2026.",
        calls=[
            (
                "banka",
                {"banka": "Fio", "akce": "vypis", "od": "2026-02-01", "do": "2026-02-28"},
                "Fio banka, a.s. | Výpis z účtu 2400915371/2010 | majitel: Jiří Novák (ZESNULÝ - účet blokován pro odchozí platby od 20. 2. 2026) | únor 2026\n"
                + cs_fio(rng, 308_902.12, 1, 20, (2026, 2), 100, False),
            )
        ],
    )
    s.turn(
        "tomáš poslal připomínky, jinak souhlasí. co říká",
        "Tomáš souhlasí s rozdělením i doplatkem; jedinou připomínku má k chatě: chce mít v dohodě, že když strejda "
        "Karel podíl do 6 měsíců nekoupí, může ho prodat komukoli. To je v pořádku, doplním to do bodu 2.",
        calls=[
            ("email", {"akce": "cist", "schranka": "doručená", "mesic": "2026-03"}, cs_email(rng))
        ],
    )
    s.turn(
        "doplň to a pošli notářce, mgr. kalinovi",
        "Doplněno (bod 2: pokud Karel Novák podíl do 6 měsíců neodkoupí, může ho Tomáš prodat třetí osobě) a odesláno "
        "datovkou Mgr. Kalinovi jako návrh dohody dědiců k řízení 32 D 418/2026, s tím, že oba dědicové text "
        "viděli.",
        calls=[
            (
                "datovka",
                {
                    "action": "odeslat",
                    "prijemce": "7hx4k2p",
                    "vec": "32 D 418/2026 - návrh dohody dědiců (k rukám Mgr. Kaliny)",
                    "prilohy": ["dohoda_dedicu_navrh_v2.docx"],
                },
                '{"status": "dodáno", "id_zpravy": "1330117"}',
            )
        ],
    )
    s.turn(
        "SVJ chce vědět, kolik se platí za byt a co plánujou opravovat, ať vím do čeho jdu",
        "Podle předpisu SVJ Kounicova 48: za jednotku 1833/12 se platí 4 930 Kč měsíčně (fond oprav + služby); dluh "
        "za únor a březen 9 860 Kč je přihlášený u notářky. Plán oprav: stoupačky 2026 (1,84 mil. Kč), dvorní fasáda "
        "2027 (1,12 mil. Kč, možná s úvěrem), půda 2027, vchodové dveře 2028. Fond má 2,41 mil. Kč a žádný úvěr, "
        "takže mimořádné platby se nečekají. Shromáždění je 22. 4. 2026 v 18:00.",
        calls=[
            (
                "dokumenty",
                {"akce": "precist", "soubor": "SVJ_Kounicova48_predpis_2026.pdf"},
                cs_svj(rng),
            )
        ],
    )
    s.turn(
        "nafotila jsem věci v bytě, udělej z toho seznam pro notářku",
        "Seznam movitých věcí je hotový: 56 položek podle fotek (obývák, ložnice, kuchyň, pracovna, sklep), celkový "
        "odhad 40 000 Kč, jak jste uvedli. Jediná věc, u které by se hodil odborný odhad, je tátova sbírka známek; "
        "pokud je cennější, musí se uvést zvlášť.",
        calls=[
            (
                "dokumenty",
                {
                    "akce": "vytvorit_seznam",
                    "zdroj": "fotky_byt_2026-03-01/",
                    "soubor": "soupis_movitych_veci.xlsx",
                },
                cs_inventory(rng),
            )
        ],
    )
    s.turn(
        "přišlo vyúčtování od eonu",
        "E.ON vyúčtoval elektřinu k datu úmrtí: zálohy 18 850 Kč, skutečnost 16 912,40 Kč, **přeplatek 1 937,60 Kč**. "
        "Vyplatí ho až po usnesení na účet dědice; patří do pozůstalosti, takže ho doplním do soupisu aktiv. Pro "
        "přepis odběrného místa na vás chtějí kopii usnesení.",
        calls=[
            ("dokumenty", {"akce": "precist", "soubor": "EON_vyuctovani_ukonceni.pdf"}, cs_eon(rng))
        ],
    )
    s.turn(
        "a hrob. správa hřbitovů psala, že nájem hrobu byl na tátu",
        "Správa hřbitovů města Brna: nájem hrobového místa na Ústředním hřbitově (skupina 25c, hrob č. 118) zněl na "
        "tátu a je zaplacený do 31. 12. 2029. Nájem hrobového místa nepřechází automaticky: do 6 měsíců od úmrtí se "
        "o převod musí přihlásit osoba blízká, jinak nájem zanikne ke konci zaplaceného období. Stačí formulář "
        '"žádost o převod nájmu" s úmrtním listem; poplatek se neplatí. Chcete, aby nájemkyní byla vy?',
        calls=[
            (
                "dokumenty",
                {"akce": "precist", "soubor": "SHMB_najem_hrob_25c_118.pdf"},
                "Správa hřbitovů města Brna, příspěvková organizace, Vídeňská 96, 639 00 Brno\n"
                "Věc: Nájem hrobového místa po úmrtí nájemce\n\n"
                "Hřbitov: Ústřední hřbitov města Brna | oddělení 25c | hrobové místo č. 118 | typ: hrob jednomístný s rámem\n"
                "Nájemce: Jiří Novák, Kounicova 48, Brno (zemřel 14. 1. 2026)\n"
                "Smlouva o nájmu č. SHMB/2020/25c-118, nájemné a služby uhrazeny do 31. 12. 2029\n"
                "Pohřbení: Marie Nováková (2019), Jiří Novák (urna, 2026)\n\n"
                "Podle § 25 zákona o pohřebnictví a smlouvy o nájmu: nájem zaniká smrtí nájemce, pokud do 6 měsíců\n"
                "nepožádá osoba blízká zemřelému o uzavření nové smlouvy. Převod je bezplatný; nájemné se dále neplatí\n"
                "do konce zaplaceného období. Žádost: formulář Ž-07 + úmrtní list + doklad o příbuzenském vztahu.\n\n"
                "Upozornění: hrobové místo vyžaduje údržbu (očištění rámu, oprava písma) - při kontrole 11/2025 zjištěno:\n"
                "mírné uvolnění krycí desky, doporučena oprava kamenickou firmou do 12/2026.\n\n"
                "Kontakt: oddělení nájmů, tel. 543 212 770, najmy@hrbitovybrno.cz",
            )
        ],
    )
    s.turn(
        "potřebuju vědět, jestli se platí nějaká daň z dědictví",
        "Neplatí. Dědická daň byla v Česku zrušena v roce 2014 a příjem z dědictví je od daně z příjmů osvobozený "
        "(§ 10 odst. 3 písm. b) zákona o daních z příjmů). Daň z nabytí nemovitých věcí se u dědění také neplatí. "
        "Jen od dalšího roku budete jako vlastnice bytu platit daň z nemovitých věcí (přiznání do konce ledna).",
    )
    s.turn(
        "a banku kvůli hypotéce na doplatek, co budou chtít",
        "Banka bude typicky chtít: pravomocné usnesení o dědictví (nebo návrh dohody a potvrzení notářky pro "
        "předschválení), znalecký posudek (ten od notářky 2718-14/2026 často přijmou, jinak si udělají vlastní "
        'odhad), výpis z katastru, doklad o příjmu a účel úvěru "vypořádání spoludědice". Zástavou bude byt '
        "1833/12.",
    )
    s.turn(
        "připrav dopis strejdovi karlovi s nabídkou, ale neposílej",
        "Návrh dopisu (neodeslaný, čeká na vás):\n\n> Milý strejdo,\n> po tátově smrti připadne jeho polovina chaty "
        "v Jedovnicích Tomášovi. Tomáš by ti ji rád nabídl jako prvnímu ke koupi, za cenu podle odhadu v dědickém "
        "řízení (640 000 Kč za polovinu), o které se dá mluvit. Dej nám prosím vědět do konce června.\n> Petra a "
        "Tomáš\n\nDopis je uložený jako koncept; Karlovi nic nešlo.",
    )
    s.turn(
        "notářka poslala návrh usnesení, sedí to?",
        "Návrh usnesení od Mgr. Kaliny odpovídá dohodě: byt 1833/12 (LV 4127) vám, auto 7B2 4519, podíl na chatě (LV "
        "1093) a zůstatek účtu po dluzích Tomášovi, doplatek 1 901 380,08 Kč do 90 dnů, pohřeb 48 600 Kč vrácen na "
        "váš účet 3021987364/3030, odměna notáře 18 755 Kč napůl. Nesrovnalost jsem nenašla; Tomáš by ho měl ještě "
        "vidět, než se vzdáte odvolání.",
    )
    s.turn(
        "kdy mám v dubnu volno na banku a podpis u notářky",
        "V dubnu máte volno hlavně dopoledne 7., 14., 21. a 28. 4. Konzultaci hypotéky v bance máte 9. 4. ve 14:00 a "
        "shromáždění SVJ 22. 4. v 18:00. Pro podpis u notářky bych navrhla Mgr. Kalinovi 14. nebo 21. 4. dopoledne.",
        calls=[
            (
                "kalendar",
                {"akce": "zobrazit", "od": "2026-04-01", "do": "2026-04-30"},
                cs_april(rng),
            )
        ],
    )
    s.turn(
        "přepošli tomášovi",
        "Přeposláno Tomášovi s poznámkou, že podpis vzdání se odvolání bude až po jeho souhlasu.",
        calls=[
            (
                "email",
                {
                    "komu": "tomas.novak@email.cz",
                    "predmet": "Návrh usnesení o dědictví 32 D 418/2026",
                    "prilohy": ["navrh_usneseni.pdf"],
                },
                '{"status": "odesláno"}',
            )
        ],
    )
    s.turn(
        "tátovo jméno a datum úmrtí přesně, pro SVJ",
        "Jiří Novák, zemřel 14. 1. 2026.",
        recall=["Jiří Novák", "14. 1. 2026"],
    )
    s.turn(
        "a adresa bytu a číslo jednotky a LV",
        "Kounicova 48, Brno: jednotka č. 1833/12, k. ú. Veveří, LV 4127.",
        recall=["Kounicova 48", "1833/12", "4127"],
    )
    s.turn(
        "spisová značka a datovka notářky, pro banku",
        "32 D 418/2026, notářka JUDr. Horáková, ID datové schránky 7hx4k2p (spis vede Mgr. Kalina).",
        recall=["32 D 418/2026", "7hx4k2p", "Horáková"],
    )
    s.turn(
        "tomášovo číslo, banka chce kontakt na spoludědice",
        "Tomáš Novák, +420 731 482 609.",
        recall=["Tomáš", "+420 731 482 609"],
    )
    s.turn(
        "kolik stál ten pohřeb",
        "48 600 Kč (Charon), vrátí se vám z dědictví.",
        recall=["48 600 Kč"],
    )
    s.turn(
        "spz tátova auta, pro kooperativu kvůli přepisu",
        "Škoda Octavia Combi, RZ 7B2 4519.",
        recall=["7B2 4519", "Škoda Octavia"],
    )
    s.turn(
        "číslo tátova účtu a kolik tam bylo k úmrtí",
        "Fio 2400915371/2010, zůstatek ke 14. 1. 2026: 312 457,83 Kč.",
        recall=["2400915371/2010", "312 457,83 Kč"],
    )
    s.turn(
        "kdy a v kolik bylo to jednání u notářky, potřebuju to do výkazu v práci",
        "12. 3. 2026 v 10:15, Jakubské náměstí 5.",
        recall=["12. 3. 2026", "v 10:15"],
    )
    s.turn(
        "a to LV chaty, kdyby se strejda ptal",
        "Chata Jedovnice č. e. 211: LV 1093, k. ú. Jedovnice, táta měl podíl 1/2.",
        recall=["1093"],
    )
    return s.write(out)


BUILDERS: list[Callable[[Path], dict[str, Any]]] = [
    genomics,
    sellerops,
    tenant,
    accounting,
    pharmacy,
    probate,
]

if __name__ == "__main__":
    for build in BUILDERS:
        stats = build(HERE)
        print(f"{build.__name__}: {stats}")
