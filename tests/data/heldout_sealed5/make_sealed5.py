# ruff: noqa: E501
"""Write the sixth sealed held-out retention set: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed5/make_sealed5.py`` from anywhere; it rewrites every file
next to itself. The script stands alone (Python standard library only, nothing from nbagent) and
is deterministic: bulk tool output (stock exports, guest lists, maintenance logs, server logs,
permit registers, invoice ledgers, timetables, ...) comes from a ``random.Random`` seeded per
conversation, used at generation time only. The committed files are the reference; tests and
benchmarks read them and never run this script.

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


# == catering_vi: a Da Nang wedding caterer ==========================================================

VI_HO = [
    "Nguyễn",
    "Trần",
    "Lê",
    "Phạm",
    "Hoàng",
    "Huỳnh",
    "Phan",
    "Võ",
    "Đặng",
    "Bùi",
    "Đỗ",
    "Hồ",
    "Ngô",
    "Dương",
]
VI_DEM = ["Văn", "Thị", "Minh", "Ngọc", "Hữu", "Thanh", "Đức", "Kim"]
VI_TEN = [
    "An",
    "Bình",
    "Châu",
    "Dũng",
    "Giang",
    "Hải",
    "Hiền",
    "Hùng",
    "Lan",
    "Linh",
    "Long",
    "Mai",
    "Nam",
    "Nga",
    "Phúc",
    "Phương",
    "Sơn",
    "Tâm",
    "Thắng",
    "Trang",
    "Tuấn",
    "Yến",
    "Hoa",
    "Lộc",
    "Nhi",
    "Oanh",
]


def vi_name(rng: random.Random) -> str:
    return f"{rng.choice(VI_HO)} {rng.choice(VI_DEM)} {rng.choice(VI_TEN)}"


def vnd(v: int) -> str:
    return grp(v, ".", ",")


def vi_stock(rng: random.Random) -> str:
    items = [
        ("thăn bò Úc đông lạnh", "kg", "AUS-BF"),
        ("ba chỉ heo", "kg", "VN-PK"),
        ("gà ta nguyên con", "con", "VN-CK"),
        ("mực ống", "kg", "VN-SQ"),
        ("cá chẽm phi lê", "kg", "VN-FS"),
        ("tôm sú", "kg", "VN-SH"),
        ("nấm đông cô", "kg", "CN-MS"),
        ("bắp Mỹ", "kg", "VN-CO"),
        ("đậu hũ non", "hộp", "VN-TF"),
        ("sườn non", "kg", "VN-RB"),
        ("vịt xiêm", "con", "VN-DK"),
        ("cua thịt", "kg", "VN-CR"),
        ("bò Mỹ ba chỉ", "kg", "US-BF"),
        ("chả lụa", "kg", "VN-CL"),
        ("rau củ chay đông lạnh", "kg", "VN-VG"),
    ]
    rows = []
    for k in range(118):
        name, unit, pre = items[k % len(items)]
        d = f"26{rng.randint(1, 4):02d}{rng.randint(1, 28):02d}"
        lot = f"{pre}-{d}-{rng.randint(10, 99)}"
        rows.append(
            [
                f"SKU{3100 + k}",
                name,
                lot,
                f"{rng.randint(2, 180)}",
                unit,
                f"K{rng.randint(1, 4)}-{rng.choice('ABCD')}{rng.randint(1, 9)}",
                f"2026-{rng.randint(5, 12):02d}-{rng.randint(1, 28):02d}",
            ]
        )
    rows = [r for r in rows if not r[2].startswith("AUS-BF")]
    plant(
        rows,
        61,
        ["SKU3177", "thăn bò Úc đông lạnh", "AUS-BF-260318-07", "96", "kg", "K2-C4", "2026-09-18"],
    )
    plant(
        rows,
        19,
        ["SKU3118", "thăn bò Úc đông lạnh", "AUS-BF-260211-03", "14", "kg", "K1-A2", "2026-06-11"],
    )
    return (
        "sqlite> SELECT sku, ten, so_lo, ton, dvt, vi_tri, han_dung FROM ton_kho WHERE kho='Hoa Khanh' ORDER BY sku;\n"
        + table(["sku", "ten", "so_lo", "ton", "dvt", "vi_tri", "han_dung"], rows)
        + f"\n({len(rows)} rows)\n-- ghi chú: lô AUS-BF-260211-03 đã mở thùng, ưu tiên xuất trước"
    )


def vi_prices(rng: random.Random) -> str:
    sups = [
        "Hải Châu Food",
        "Chợ Hàn Sỉ",
        "Thực phẩm Sơn Trà",
        "Metro Đà Nẵng",
        "Nông sản Hòa Vang",
        "Hải sản Mân Thái",
    ]
    goods = [
        "thăn bò Úc",
        "bò Mỹ ba chỉ",
        "tôm sú size 30",
        "mực ống",
        "cá chẽm",
        "gà ta",
        "vịt xiêm",
        "bắp Mỹ",
        "nấm đông cô",
        "cua thịt",
        "sườn non",
        "rau cải",
        "đậu hũ",
        "hành tím",
        "tỏi Lý Sơn",
    ]
    rows = []
    for k in range(140):
        g = goods[k % len(goods)]
        s = sups[rng.randrange(len(sups))]
        if g == "thăn bò Úc" and s == "Hải Châu Food":
            s = "Metro Đà Nẵng"
        p = rng.randint(18, 420) * 1000 + rng.choice([0, 500])
        if p == 312000:
            p += 1000
        rows.append(
            [
                s,
                g,
                "kg",
                vnd(p),
                rng.choice(["tuần 19", "tuần 20", "tuần 21"]),
                rng.choice(["giao tận kho", "tự lấy", "giao tận kho"]),
            ]
        )
    plant(rows, 44, ["Hải Châu Food", "thăn bò Úc", "kg", "312.000", "tuần 20", "giao tận kho"])
    return "bang_gia_ncc_T5.csv (140 + 1 dòng)\n" + csv_text(
        ["nha_cung_cap", "mat_hang", "dvt", "don_gia_vnd", "hieu_luc", "giao_hang"], rows, ";"
    )


def vi_contract() -> str:
    return (
        "[OCR] hop_dong_tiec_cuoi_scan.pdf, trang 1/3\n"
        "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM\nĐộc lập - Tự do - Hạnh phúc\n\n"
        "HỢP ĐỒNG DỊCH VỤ NẤU TIỆC\nSố: HĐ-0419/2026/BCB\n\n"
        "Bên A (khách hàng): Bà Lê Thảo Vy, CCCD 048196xxxxxx\n"
        "Bên B (đơn vị cung cấp): Hộ kinh doanh Bếp Cô Ba, địa chỉ kho: KCN Hòa Khánh, Liên Chiểu, Đà Nẵng\n\n"
        "Điều 1. Nội dung: Bên B nấu và phục vụ tiệc cưới tại trung tâm Hoa Sen Riverside.\n"
        "Điều 2. Số lượng: theo xác nhận cuối của bên A trước ngày tiệc 07 ngày.\n"
        "Điều 3. Đơn giá: theo thực đơn đính kèm (phụ lục 01).\n"
        "Điều 4. Đặt cọc: bên A chuyển khoản tiền cọc vào tài khoản của bên B. Phần còn lại thanh toán trong 03 ngày sau tiệc.\n"
        "Điều 5. Bên B chịu trách nhiệm về an toàn thực phẩm, có giấy chứng nhận cơ sở đủ điều kiện.\n"
        "Điều 6. Hủy tiệc: hủy trước 30 ngày hoàn 50% tiền cọc; sau thời hạn này không hoàn cọc.\n"
        "Điều 7. Phát sinh: món/bàn phát sinh tính theo đơn giá phụ lục.\n\n"
        "--- trang 2/3: chữ ký hai bên (đã ký, đóng dấu) ---\n--- trang 3/3: phụ lục 01, thực đơn 8 món ---"
    )


def vi_bank(rng: random.Random) -> str:
    lines = [
        "Vietcombank - Sao kê TK 0041000xxxx19 - HKD BEP CO BA - 01/04/2026 đến 30/04/2026",
        "",
    ]
    hdr = ["ngay", "so_ct", "mo_ta", "ghi_no", "ghi_co", "so_du"]
    rows = []
    bal = 182_450_000
    descs = [
        "CK tien hang",
        "TT dien nuoc kho",
        "Nhan tien coc tiec",
        "TT luong",
        "Phi SMS",
        "Nhan CK khach le",
        "TT gas",
        "TT Metro",
    ]
    for _k in range(98):
        d = f"{rng.randint(1, 30):02d}/04/2026"
        ref = f"FT2609{dig(rng, 10)}"
        desc = (
            rng.choice(descs)
            + " "
            + rng.choice(["", "tiec sinh nhat", "cong ty ABC", "hoi nghi", "thoi noi"]).strip()
        )
        amt = rng.randint(3, 900) * 10_000
        if "Nhan" in desc:
            bal += amt
            rows.append([d, ref, desc, "", vnd(amt), vnd(bal)])
        else:
            bal -= amt
            rows.append([d, ref, desc, vnd(amt), "", vnd(bal)])
    rows.sort(key=lambda r: r[0])
    plant(
        rows,
        57,
        [
            "18/04/2026",
            "FT26098731045522",
            "LE THAO VY chuyen tien coc tiec cuoi HD0419",
            "",
            "35.000.000",
            vnd(bal + 35_000_000),
        ],
    )
    lines.append(table(hdr, rows))
    return "\n".join(lines)


def vi_guests(rng: random.Random) -> str:
    rows = []
    for k in range(290):
        side = rng.choice(["nhà gái", "nhà trai"])
        rows.append(
            [
                k + 1,
                vi_name(rng),
                side,
                f"bàn {rng.randint(1, 55):02d}",
                rng.choice(["", "", "", "ăn chay", "trẻ em", "xe lăn", "không cay"]),
            ]
        )
    return "danh_sach_khach_v3.xlsx / sheet 'xep_ban' (290 dòng đầu)\n" + csv_text(
        ["stt", "ho_ten", "ben", "ban", "ghi_chu"], rows
    )


def vi_temps(rng: random.Random) -> str:
    rows = []
    for h in range(24 * 5):
        day = 18 + h // 24
        t = f"{h % 24:02d}:{rng.choice(['05', '20', '35', '50'])}"
        if (day, h % 24) == (21, 3):
            continue
        rows.append(
            [
                f"2026-05-{day}",
                t,
                "kho lạnh K2",
                f"{rng.uniform(1.2, 3.9):.1f}".replace(".", ",") + "°C",
                "OK",
            ]
        )
    plant(rows, 27, ["2026-05-21", "03:40", "kho lạnh K2", "9,6°C", "ALARM - máy nén ngắt 41 phút"])
    return "export nhiet_do_K2.csv (logger EL-USB, 18-22/05)\n" + table(
        ["ngay", "gio", "thiet_bi", "nhiet_do", "trang_thai"], rows
    )


def vi_trucks(rng: random.Random) -> str:
    rows = []
    for _k in range(92):
        plate = f"43{rng.choice('ABCH')}-{rng.randint(100, 999)}.{rng.randint(10, 99)}"
        if plate.startswith("43C"):
            plate = "43H" + plate[3:]
        rows.append(
            [
                plate,
                rng.choice(["xe tải 1,5 tấn", "xe tải 2,5 tấn", "xe bán tải", "xe 7 chỗ"]),
                rng.choice(["thường", "thường", "thùng kín"]),
                vi_name(rng),
                f"2026-{rng.randint(6, 12):02d}-{rng.randint(1, 28):02d}",
            ]
        )
    plant(rows, 33, ["43C-217.85", "xe tải 2,5 tấn", "thùng lạnh", "Đặng Hữu Lộc", "2026-11-02"])
    return "so_dang_ky_xe.csv\n" + table(
        ["bien_so", "loai", "thung", "tai_xe", "han_dang_kiem"], rows
    )


def vi_invoices(rng: random.Random) -> str:
    rows = []
    sellers = [
        "Hải Châu Food",
        "Metro Đà Nẵng",
        "Hải sản Mân Thái",
        "Gas Petrolimex",
        "Nông sản Hòa Vang",
        "In ấn Ánh Dương",
    ]
    for _k in range(178):
        no = f"{rng.randint(1000, 99999):08d}"
        rows.append(
            [
                f"2026-05-{rng.randint(1, 28):02d}",
                f"1C26T{rng.choice('ABMN')}{rng.choice('AB')}",
                no,
                rng.choice(sellers),
                vnd(rng.randint(5, 9000) * 1000),
                rng.choice(["đã nhận", "đã nhận", "chờ ký"]),
            ]
        )
    rows = [r for r in rows if not (r[3] == "Hải Châu Food" and r[0] == "2026-05-27")]
    plant(rows, 70, ["2026-05-27", "1C26TAA", "00087214", "Hải Châu Food", "29.952.000", "đã nhận"])
    return "hoa_don_dau_vao_T5 (tra cứu hoadondientu.gdt.gov.vn, 179 dòng)\n" + table(
        ["ngay", "ky_hieu", "so_hd", "nguoi_ban", "tong_tien", "trang_thai"], rows
    )


def vi_staff(rng: random.Random) -> str:
    rows = []
    for k in range(100):
        rows.append(
            [
                k + 1,
                vi_name(rng),
                rng.choice(["phục vụ", "phụ bếp", "rửa chén", "bưng mâm"]),
                rng.choice(["Sao Mai", "Sao Mai", "Hướng Dương", "tự do"]),
                f"09{rng.randint(0, 9)}{dig(rng, 7)}",
            ]
        )
    return (
        "ds_thoi_vu_13_06.csv\n"
        + table(["stt", "ho_ten", "viec", "cong_ty", "sdt"], rows)
        + "\nliên hệ điều phối: cty Sao Mai 0236 3827 519 (chị Nhàn)"
    )


def vi_recipes(rng: random.Random) -> str:
    dishes = [
        "gỏi ngó sen tôm thịt",
        "súp bắp gà",
        "chả giò rế",
        "bò lúc lắc",
        "gà hấp lá chanh",
        "cá chẽm sốt cam",
        "lẩu hải sản",
        "cơm chiên Dương Châu",
        "chè hạt sen",
    ]
    ings = [
        "ngó sen",
        "tôm sú",
        "ba chỉ heo",
        "bắp Mỹ",
        "gà ta",
        "trứng gà",
        "bánh tráng rế",
        "khoai môn",
        "thăn bò Úc",
        "ớt chuông",
        "hành tây",
        "lá chanh",
        "cá chẽm phi lê",
        "cam sành",
        "mực ống",
        "nghêu",
        "rau muống",
        "gạo ST25",
        "lạp xưởng",
        "hạt sen",
        "đường phèn",
        "nước mắm Nam Ô",
        "tỏi",
        "tiêu",
    ]
    rows = []
    for d in dishes:
        for _ in range(rng.randint(9, 13)):
            rows.append(
                [
                    d,
                    rng.choice(ings),
                    f"{rng.randint(40, 1500)}",
                    rng.choice(["g", "g", "ml", "cái"]),
                    rng.choice(
                        ["kho", "Hải Châu Food", "Chợ Hàn Sỉ", "Metro Đà Nẵng", "Hải sản Mân Thái"]
                    ),
                ]
            )
    return (
        "sqlite> SELECT mon, nguyen_lieu, dinh_luong_ban, dvt, nguon FROM cong_thuc WHERE thuc_don='cuoi_8mon_v2';\n"
        + table(["mon", "nguyen_lieu", "dinh_luong_ban", "dvt", "nguon"], rows)
        + f"\n({len(rows)} rows)"
    )


def vi_tools(rng: random.Random) -> str:
    names = [
        "bếp gas khè",
        "nồi inox 100 lít",
        "nồi inox 50 lít",
        "chảo gang lớn",
        "thùng giữ nhiệt 60L",
        "khay inox GN 1/1",
        "tủ giữ nóng di động",
        "thớt nhựa xanh",
        "thớt nhựa đỏ",
        "dao chặt",
        "muôi múc canh",
        "bình gas 45kg",
        "xửng hấp",
        "khăn phủ bàn trắng",
        "đèn cồn",
        "kẹp gắp",
    ]
    rows = []
    for k in range(96):
        rows.append(
            [
                f"DC-{rng.randint(100, 999)}",
                names[k % len(names)],
                rng.randint(1, 60),
                f"kệ {rng.choice('ABCDE')}{rng.randint(1, 8)}",
                rng.choice(["tốt", "tốt", "tốt", "cần sửa", "mất nắp"]),
            ]
        )
    return "dung_cu_kho.csv\n" + table(["ma", "ten", "so_luong", "vi_tri", "tinh_trang"], rows)


def catering(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_01)
    s = Session(
        "catering_vi",
        "vi",
        "a Da Nang wedding caterer: headcount and menu price, deposit, stock lots, cold-room alarm, supplier invoices, staffing",
        cues=("xin lỗi", "nhầm", "ghi nhầm", "sai", "đính chính"),
    )
    s.turn(
        "chào em, chị là hạnh chủ bếp cô ba. tháng 6 có đám cưới lớn ở Hoa Sen Riverside, cô dâu tên Thảo Vy, dự kiến 52 bàn. em giúp chị lo phần bếp nha. nguyên tắc của chị: không dùng bột ngọt trong bất kỳ món nào",
        "Chào chị Hạnh. Em ghi lại:\n- tiệc cưới tháng 6 tại Hoa Sen Riverside, cô dâu Thảo Vy\n- dự kiến 52 bàn\n- **không dùng bột ngọt trong bất kỳ món nào**: em sẽ ghi chú lên mọi phiếu bếp và công thức.\n\nChị muốn bắt đầu từ thực đơn hay từ hàng tồn kho?",
        facts=[
            U("Hoa Sen Riverside"),
            U("Thảo Vy"),
            RULE(
                "không dùng bột ngọt trong bất kỳ món nào",
                "không dùng bột ngọt",
                "không bột ngọt",
                "no MSG",
            ),
        ],
    )
    s.turn(
        "planner bên đám cưới là chị nguyệt, sđt 0905 318 442. có 6 bàn chay cho họ hàng bên ngoại",
        "Đã lưu: planner chị Nguyệt, 0905 318 442. Trong tổng số bàn có 6 bàn chay cho họ hàng bên ngoại; em sẽ lên thực đơn chay riêng.",
        facts=[U("0905 318 442", "0905318442"), U("6 bàn chay")],
    )
    s.turn(
        "giá chốt với khách là 4.200.000đ một bàn, 8 món. em xem kho Hòa Khánh còn bao nhiêu thăn bò úc, lô nào. hàng nhập thì luôn về kho Hòa Khánh, không giao thẳng ra nhà hàng",
        "Kho còn 2 lô thăn bò Úc:\n- **AUS-BF-260318-07**: 96 kg, vị trí K2-C4, hạn 18/09/2026\n- AUS-BF-260211-03: 14 kg, đã mở thùng, hạn 11/06/2026, ghi chú ưu tiên xuất trước\n\nVới 52 bàn món bò lúc lắc cần khoảng 78 kg, lô 260318-07 đủ.",
        calls=[
            (
                "db_query",
                {
                    "db": "kho.sqlite",
                    "sql": "SELECT sku, ten, so_lo, ton, dvt, vi_tri, han_dung FROM ton_kho WHERE kho='Hoa Khanh' ORDER BY sku",
                },
                vi_stock(rng),
            )
        ],
        facts=[T("AUS-BF-260318-07"), U("Hòa Khánh", "Hoa Khanh")],
    )
    s.turn(
        "ok. khách nói tuần này chuyển cọc 35 triệu. chị nói trước: chưa nhận cọc thì không đặt hàng nhà cung cấp, món gì cũng vậy",
        "Rõ ạ: cọc 35 triệu sẽ chuyển trong tuần. **Chưa nhận cọc thì không đặt hàng nhà cung cấp**, em chỉ chuẩn bị danh sách đặt hàng và giữ lại, khi chị xác nhận tiền vào tài khoản em mới gửi.",
        facts=[
            U("35 triệu", "35.000.000", "35,000,000"),
            RULE(
                "chưa nhận cọc thì không đặt hàng nhà cung cấp",
                "không đặt hàng trước khi nhận cọc",
                "chỉ đặt hàng sau khi nhận cọc",
            ),
        ],
    )
    s.turn(
        "em mở bảng giá ncc tháng 5 xem giá thăn bò úc bên hải châu. chị tính vầy: lấy bò Úc của Hải Châu, không lấy bò Mỹ nữa, bò mỹ lần trước dai",
        "Bảng giá tháng 5: Hải Châu Food, thăn bò Úc **312.000** đ/kg, hiệu lực tuần 20, giao tận kho. Em ghi quyết định: **lấy bò Úc của Hải Châu, không lấy bò Mỹ**. Khi có cọc em sẽ đặt phần thiếu ở Hải Châu.",
        calls=[("read_file", {"path": "ncc/bang_gia_ncc_T5.csv"}, vi_prices(rng))],
        facts=[
            T("312.000"),
            CHOICE(
                "lấy bò Úc của Hải Châu, không lấy bò Mỹ",
                "bò Úc Hải Châu thay bò Mỹ",
                "không dùng bò Mỹ",
            ),
        ],
    )
    s.turn(
        "bếp trưởng đám này là Khiêm. chị dặn: đồ chay nấu riêng, không chung chảo với đồ mặn. ghi vô phiếu cho khiêm luôn",
        "Đã ghi: bếp trưởng Khiêm. Phiếu bếp cho 6 bàn chay có dòng in đậm **đồ chay nấu riêng, không chung chảo với đồ mặn**, dụng cụ riêng, khu sơ chế riêng.",
        facts=[
            U("Khiêm"),
            RULE(
                "đồ chay nấu riêng, không chung chảo với đồ mặn",
                "nấu chay riêng",
                "không chung chảo với đồ mặn",
            ),
        ],
    )
    s.turn(
        "hợp đồng chị scan rồi, trong drive thư mục hopdong. số hợp đồng là gì em",
        "Hợp đồng số **HĐ-0419/2026/BCB**, bên A là Lê Thảo Vy. Điều 4: cọc chuyển khoản, còn lại thanh toán trong 3 ngày sau tiệc; điều 6: hủy trước 30 ngày hoàn 50% cọc.",
        calls=[("ocr_scan", {"path": "drive/hopdong/hop_dong_tiec_cuoi_scan.pdf"}, vi_contract())],
        facts=[T("HĐ-0419/2026/BCB", "HD-0419/2026/BCB")],
    )
    s.turn(
        "tiệc bắt đầu 17:30, nhà hàng cho vào setup từ 14:00. buổi ăn thử hẹn thứ bảy 9/5 ở bếp mình. MC là anh Quốc, bên planner giới thiệu",
        "Ghi nhận: tiệc bắt đầu 17:30, vào setup từ 14:00. Ăn thử thứ Bảy 9/5 tại bếp; MC anh Quốc. Em lùi lịch: xe lạnh rời kho khoảng 13:00 để kịp dỡ hàng.",
        facts=[U("17:30")],
    )
    s.turn(
        "coi sao kê vietcombank tháng 4, tiền cọc của thảo vy vô chưa",
        'Đã vào: ngày 18/04/2026, **35.000.000** đ, nội dung "LE THAO VY chuyen tien coc tiec cuoi HD0419", số chứng từ **FT26098731045522**. Vậy điều kiện cọc đã đủ, em có thể gửi đơn đặt hàng khi chị đồng ý.',
        calls=[
            (
                "bank_statement",
                {"account": "vcb_bepcoba", "from": "2026-04-01", "to": "2026-04-30"},
                vi_bank(rng),
            )
        ],
        facts=[T("FT26098731045522")],
    )
    s.turn(
        "ừ gửi đơn đi. hàng về kho Hòa Khánh nha, đừng giao ra nhà hàng",
        "Em đã gửi đơn đặt hàng cho Hải Châu Food, địa chỉ giao: kho Hòa Khánh (không giao ra nhà hàng). Họ xác nhận giao sáng thứ Tư.",
        calls=[
            (
                "email_send",
                {
                    "to": "donhang@haichaufood.vn",
                    "subject": "Dat hang thang bo Uc - Bep Co Ba",
                    "body": "Giao kho Hoa Khanh, sang thu Tu.",
                },
                "OK: message queued (id 7f3a91)",
            )
        ],
    )
    s.turn(
        "1 chuyện nữa, không nhắn trực tiếp cho cô dâu, mọi thứ qua planner. lần trước có đứa nhắn cô dâu hỏi món làm khách bực",
        "Em ghi nguyên tắc: **không nhắn trực tiếp cho cô dâu, mọi thứ qua planner** (chị Nguyệt). Câu hỏi về món, số bàn, giờ giấc đều gửi qua chị ấy.",
        facts=[
            RULE(
                "không nhắn trực tiếp cho cô dâu, mọi thứ qua planner",
                "mọi thứ qua planner",
                "không liên hệ trực tiếp cô dâu",
            )
        ],
    )
    s.turn(
        "bên nhà hàng gửi mail xác nhận sảnh chưa? tìm giùm chị",
        "Có mail của Hoa Sen Riverside gửi hôm qua: tiệc được xếp ở **sảnh Thiên Hương** (tầng 2, sức chứa 60 bàn), bếp phụ phía sau sảnh, thang hàng ở cổng B.",
        calls=[
            (
                "email_search",
                {"query": "from:hoasenriverside.vn xác nhận sảnh"},
                "1 kết quả\nFrom: sukien@hoasenriverside.vn\nSubject: Xac nhan sanh tiec 13/06 - Bep Co Ba\n\nChào chị Hạnh,\nBên em xác nhận tiệc cưới ngày 13/06 được bố trí tại sảnh Thiên Hương, tầng 2, sức chứa tối đa 60 bàn.\nBếp phụ nằm phía sau sảnh, có 2 bếp gas công nghiệp và 1 tủ mát. Hàng hóa vui lòng đi thang hàng ở cổng B.\nTrân trọng,\nBan sự kiện Hoa Sen Riverside",
            )
        ],
        facts=[T("sảnh Thiên Hương", "Thiên Hương")],
    )
    s.turn(
        "món súp cua khách ngại vì có người dị ứng hải sản. bỏ súp cua, đổi sang súp bắp gà. báo planner giùm",
        "Em đã đổi trong thực đơn: **bỏ súp cua, đổi sang súp bắp gà**, và soạn tin cho chị Nguyệt (planner), không gửi cô dâu. Bắp Mỹ và gà ta trong kho đủ.",
        facts=[
            CHOICE(
                "bỏ súp cua, đổi sang súp bắp gà", "súp bắp gà thay súp cua", "không làm súp cua"
            )
        ],
    )
    s.turn(
        "nhà hàng đòi bản giấy chứng nhận attp. em tìm trong thư mục giayto số giấy là gì",
        "Giấy chứng nhận cơ sở đủ điều kiện ATTP số **1547/2025/ATTP-CNĐK**, cấp 09/10/2025, hiệu lực 3 năm. Em gửi bản scan cho nhà hàng nhé?",
        calls=[
            (
                "ocr_scan",
                {"path": "drive/giayto/attp.pdf"},
                "[OCR] attp.pdf\nỦY BAN NHÂN DÂN THÀNH PHỐ ĐÀ NẴNG\nBAN QUẢN LÝ AN TOÀN THỰC PHẨM\n\nGIẤY CHỨNG NHẬN\nCƠ SỞ ĐỦ ĐIỀU KIỆN AN TOÀN THỰC PHẨM\nSố: 1547/2025/ATTP-CNĐK\n\nCấp cho: Hộ kinh doanh Bếp Cô Ba\nĐịa chỉ: KCN Hòa Khánh, quận Liên Chiểu\nLoại hình: dịch vụ ăn uống (nấu ăn lưu động)\nNgày cấp: 09/10/2025. Có hiệu lực 03 năm kể từ ngày cấp.",
            )
        ],
        facts=[T("1547/2025/ATTP-CNĐK", "1547/2025/ATTP-CNDK")],
    )
    guests = vi_guests(rng)
    s.turn(
        "gửi đi. còn danh sách xếp bàn planner gửi, em xem sơ có bao nhiêu người ăn chay trong file",
        f'Đã gửi bản scan ATTP cho nhà hàng. Trong 290 dòng đầu của sheet xếp bàn có {guests.count(",ăn chay")} khách ghi "ăn chay", rải ở nhiều bàn chứ chưa gom vào 6 bàn chay; em sẽ nhờ chị Nguyệt gom lại. Có vài khách ghi "xe lăn", em đề nghị xếp gần cửa.',
        calls=[
            (
                "email_send",
                {
                    "to": "sukien@hoasenriverside.vn",
                    "subject": "Giay ATTP Bep Co Ba",
                    "body": "Gui ban scan.",
                },
                "OK: message queued (id 7f3b02)",
            ),
            (
                "sheets_read",
                {"file": "danh_sach_khach_v3.xlsx", "sheet": "xep_ban", "rows": "1-290"},
                guests,
            ),
        ],
    )
    s.turn(
        "nhà trai báo thêm khách, giờ là 55 bàn",
        "Cập nhật: **55 bàn**. Em tính lại nguyên liệu: bò cần khoảng 83 kg, lô AUS-BF-260318-07 còn 96 kg vẫn đủ; gà và bắp tăng thêm khoảng 6%.",
        fix=[("52 bàn", "55 bàn")],
    )
    s.turn(
        "nhân sự bếp thì sao, khiêm cần bao nhiêu người cho 55 bàn",
        "Với 55 bàn, 8 món, em đề xuất: bếp trưởng Khiêm + 4 bếp chính + 6 phụ bếp + 3 rửa chén, và 28 phục vụ (khoảng 2 bàn/người). Bếp cô Ba có sẵn 12 người, còn thiếu khoảng 29 người thời vụ.",
    )
    s.turn(
        "xe lạnh nào đi đám này? coi sổ xe",
        "Xe thùng lạnh duy nhất trong sổ: **43C-217.85**, xe tải 2,5 tấn, tài xế Đặng Hữu Lộc, hạn đăng kiểm 02/11/2026. Các xe còn lại là thùng thường hoặc thùng kín, không giữ lạnh.",
        calls=[("read_file", {"path": "xe/so_dang_ky_xe.csv"}, vi_trucks(rng))],
        facts=[T("43C-217.85")],
    )
    s.turn(
        "planner hỏi có làm tháp ly champagne không. thôi không làm tháp ly champagne, tốn mà dễ bể",
        "Em trả lời chị Nguyệt: **không làm tháp ly champagne**. Phần khai tiệc chỉ rót champagne ra ly trên bàn chính.",
        facts=[CHOICE("không làm tháp ly champagne", "bỏ tháp ly champagne", "không có tháp ly")],
    )
    s.turn(
        "mình báo lại giá với planner nha, 4.350.000đ một bàn vì thêm món tráng miệng",
        "Em soạn tin cho chị Nguyệt: đơn giá **4.350.000đ** một bàn (thêm món tráng miệng chè hạt sen), 55 bàn. Tổng tạm tính 239.250.000đ, đã cọc 35 triệu, còn lại 204.250.000đ thanh toán sau tiệc.",
        fix=[("4.200.000đ", "4.350.000đ")],
    )
    s.turn(
        "sáng nay kho lạnh kêu báo động. em coi log nhiệt độ K2 mấy ngày nay",
        "Log logger K2 18-22/05: mọi mốc đều 1,2-3,9°C trừ **03:40 ngày 21/05**: **9,6°C**, ALARM, máy nén ngắt 41 phút. Lô bò AUS-BF-260318-07 nằm ở K2-C4, nên em đề nghị kiểm tra cảm quan và nhiệt độ lõi trước khi dùng.",
        calls=[("read_file", {"path": "logger/nhiet_do_K2.csv"}, vi_temps(rng))],
        facts=[T("9,6°C", "9.6°C", "9,6 °C")],
    )
    s.turn(
        "khiêm kiểm rồi, thịt vẫn đông cứng, xài được. ghi vô sổ sự cố giùm",
        "Đã ghi sổ sự cố: 21/05 03:40 kho K2 lên 9,6°C do máy nén ngắt 41 phút; bếp trưởng Khiêm kiểm tra lô AUS-BF-260318-07, thịt còn đông cứng, cho phép sử dụng. Em đặt lịch thợ kiểm tra máy nén.",
        calls=[
            (
                "append_file",
                {
                    "path": "so_su_co.md",
                    "text": "21/05 kho K2 bao dong may nen; Khiem kiem lo bo: dung duoc.",
                },
                "OK: 1 line appended",
            )
        ],
    )
    s.turn(
        "buổi ăn thử dời qua chủ nhật 10/5 nha, nhà trai bận",
        "Đã dời buổi ăn thử sang **chủ nhật 10/5**. Em báo chị Nguyệt và nhắc Khiêm chuẩn bị 8 món + chè.",
        fix=[("9/5", "10/5")],
    )
    s.turn(
        "thời vụ chị lấy bên nào thì rẻ, coi danh sách lần trước",
        "Danh sách thời vụ lần trước có 100 người, đa số từ công ty Sao Mai. Điều phối Sao Mai: **0236 3827 519** (chị Nhàn). Bên Hướng Dương ít người hơn.",
        calls=[("read_file", {"path": "nhansu/ds_thoi_vu_13_06.csv"}, vi_staff(rng))],
        facts=[T("0236 3827 519", "02363827519")],
    )
    s.turn(
        "ok thuê thêm phục vụ thời vụ bên Sao Mai, đừng lấy hướng dương",
        "Em ghi: **thuê thêm phục vụ thời vụ bên Sao Mai**, không lấy Hướng Dương. Em gọi chị Nhàn đặt 29 người cho ngày tiệc.",
        facts=[
            CHOICE(
                "thuê thêm phục vụ thời vụ bên Sao Mai",
                "lấy thời vụ Sao Mai",
                "không lấy Hướng Dương",
            )
        ],
    )
    s.turn(
        "xin lỗi em, hôm trước chị ghi nhầm tên MC. MC là anh Duy chứ không phải người kia",
        "Đã sửa: MC là **anh Duy**. Em cập nhật kịch bản khai tiệc và báo chị Nguyệt.",
        fix=[("anh Quốc", "anh Duy")],
    )
    s.turn(
        "hóa đơn điện tử của hải châu cho lô bò đã về chưa",
        "Có: hóa đơn số **00087214**, ký hiệu 1C26TAA, ngày 27/05/2026, Hải Châu Food, tổng tiền 29.952.000 đ, trạng thái đã nhận.",
        calls=[
            (
                "http_get",
                {"url": "https://hoadondientu.gdt.gov.vn/api/tracuu?mst_mua=bepcoba&thang=2026-05"},
                vi_invoices(rng),
            )
        ],
        facts=[T("00087214")],
    )
    s.turn(
        "nhà hàng đổi giờ, cho vào setup từ 13:30",
        "Cập nhật: vào setup từ **13:30**. Xe lạnh rời kho Hòa Khánh lúc 12:30, bếp dựng xong trước 15:30.",
        fix=[("14:00", "13:30")],
    )
    s.turn(
        "công ty chú rể muốn xuất hóa đơn vat. em coi mail planner gửi thông tin công ty",
        "Thông tin xuất hóa đơn: Công ty TNHH Minh Quân Logistics, **MST 0402183576**, địa chỉ 112 Nguyễn Hữu Thọ, Hải Châu. Email nhận hóa đơn ketoan@minhquanlog.vn.",
        calls=[
            (
                "email_search",
                {"query": "from:planner hóa đơn VAT công ty"},
                "1 kết quả\nFrom: nguyet.planner@gmail.com\nSubject: thong tin xuat hoa don\n\nchị Hạnh ơi, bên nhà trai xin xuất hóa đơn:\nCông ty TNHH Minh Quân Logistics\nMST: 0402183576\nĐịa chỉ: 112 Nguyễn Hữu Thọ, Hải Châu, Đà Nẵng\nEmail: ketoan@minhquanlog.vn",
            )
        ],
        facts=[T("0402183576")],
    )
    s.turn(
        "báo giá hoa trang trí bàn tiệc bên tiệm hoa gửi bao nhiêu",
        "Tiệm Hoa Mộc Lan báo giá hoa bàn tiệc: **8.750.000** đ cho 55 bàn (hoa hồng trắng + baby), giao 14:45 tại sảnh Thiên Hương. Chưa gồm cổng hoa.",
        calls=[
            (
                "email_search",
                {"query": "báo giá hoa bàn tiệc"},
                "From: hoamoclan.dn@gmail.com\nSubject: bao gia hoa ban tiec\n\nHoa bàn tiệc (hồng trắng + baby), 55 bàn: 8.750.000 đ\nCổng hoa: chưa bao gồm\nGiao: 14:45 tại sảnh",
            )
        ],
        facts=[T("8.750.000")],
    )
    s.turn(
        "ok duyệt hoa. em lên bảng tổng chi phí nguyên liệu ước tính",
        "Theo công thức thực đơn 8 món v2, tổng chi phí nguyên liệu ước tính cho 55 bàn: thịt bò 25,9 triệu, gà vịt 18,4 triệu, hải sản (mực, cá) 21,7 triệu, rau củ 9,2 triệu, gia vị và gas 6,1 triệu, tráng miệng 4,4 triệu. Cộng khoảng 85,7 triệu, chưa gồm hoa và nhân sự. Lưu ý công thức v2 vẫn còn lẩu hải sản và gỏi có tôm; em sẽ kiểm tra lại với bàn dị ứng.",
        calls=[
            (
                "db_query",
                {
                    "db": "kho.sqlite",
                    "sql": "SELECT mon, nguyen_lieu, dinh_luong_ban, dvt, nguon FROM cong_thuc WHERE thuc_don='cuoi_8mon_v2'",
                },
                vi_recipes(rng),
            )
        ],
    )
    s.turn(
        "nhân sự thời vụ sao mai báo giá 380k một người một ca",
        "29 người × 380.000 đ = 11.020.000 đ. Cộng nguyên liệu và hoa, chi phí trực tiếp khoảng 105,5 triệu trên doanh thu 239,25 triệu.",
    )
    s.turn(
        "lên danh sách dụng cụ cần chở ra nhà hàng",
        'Theo sổ dụng cụ kho, danh sách cần chở: 4 bếp gas khè, 2 nồi 100 lít, 6 chảo lớn (2 chảo riêng cho đồ chay, dán nhãn xanh), 3 thùng giữ nhiệt, 60 khay inox, 2 tủ giữ nóng di động, thớt và dao riêng cho khu chay. Nhà hàng có sẵn 2 bếp gas và 1 tủ mát ở bếp phụ. Vài món trong kho ghi "cần sửa", em không xếp lên xe.',
        calls=[("read_file", {"path": "kho/dung_cu_kho.csv"}, vi_tools(rng))],
    )
    s.turn(
        "thực đơn chay 6 bàn em đề xuất coi",
        "Thực đơn chay: gỏi ngó sen chay, súp bắp nấm, chả giò chay, nấm đông cô kho, đậu hũ non sốt nấm, cơm chiên thập cẩm chay, lẩu nấm, chè hạt sen. Nấu riêng khu chay, không dùng bột ngọt.",
    )
    s.turn(
        "khiêm hỏi bò lúc lắc ướp trước mấy tiếng",
        "Em đề nghị ướp trước 4 tiếng ở kho lạnh, không quá 12 tiếng; gia vị: tỏi, tiêu, dầu hào, đường, nước tương. Không dùng bột ngọt. Thịt rã đông ở 0-4°C từ tối hôm trước.",
    )
    s.turn(
        "kịch bản giờ giấc ngày tiệc viết ra giùm",
        "Lịch ngày tiệc: 10:00 sơ chế tại kho; 12:30 xe 43C-217.85 rời kho; 13:30 vào setup; 15:30 bếp dựng xong; 16:45 chuẩn bị món khai vị; 17:30 khai tiệc, MC anh Duy; món chính ra theo hiệu lệnh MC.",
    )
    s.turn(
        "tốt. gửi checklist cho khiêm",
        "Đã gửi checklist cho Khiêm qua Zalo nhóm bếp: lịch giờ, thực đơn 8 món + chè, 6 bàn chay nấu riêng, không bột ngọt, dụng cụ và xe lạnh.",
        calls=[
            (
                "zalo_send",
                {"group": "bep-co-ba", "text": "Checklist tiec 13/06 - xem file dinh kem"},
                "OK: sent",
            )
        ],
    )
    s.turn(
        "nhắc chị lại mấy nguyên tắc mình đã đặt ra cho đám này",
        "Nguyên tắc đám này:\n1. Không dùng bột ngọt trong bất kỳ món nào.\n2. Chưa nhận cọc thì không đặt hàng nhà cung cấp.\n3. Đồ chay nấu riêng, không chung chảo với đồ mặn.\n4. Không nhắn trực tiếp cho cô dâu, mọi thứ qua planner.",
        recall=[
            "không dùng bột ngọt trong bất kỳ món nào",
            "chưa nhận cọc thì không đặt hàng nhà cung cấp",
            "đồ chay nấu riêng, không chung chảo với đồ mặn",
            "không nhắn trực tiếp cho cô dâu, mọi thứ qua planner",
        ],
    )
    s.turn(
        "tiệc ở đâu, sảnh nào, mấy giờ bắt đầu",
        "Hoa Sen Riverside, sảnh Thiên Hương (tầng 2), khai tiệc 17:30.",
        recall=["Hoa Sen Riverside", "sảnh Thiên Hương", "17:30"],
    )
    s.turn(
        "sđt planner là gì em",
        "Chị Nguyệt: 0905 318 442.",
        recall=["0905 318 442"],
    )
    s.turn(
        "số hợp đồng với cô dâu, kế toán cần",
        "Hợp đồng số HĐ-0419/2026/BCB, bên A bà Lê Thảo Vy.",
        recall=["HĐ-0419/2026/BCB", "Thảo Vy"],
    )
    s.turn(
        "tiền cọc bao nhiêu, số chứng từ ngân hàng",
        "Cọc 35.000.000 đ, vào ngày 18/04/2026, số chứng từ FT26098731045522.",
        recall=["35 triệu", "FT26098731045522"],
    )
    s.turn(
        "lô bò mình xài là lô nào",
        "Lô AUS-BF-260318-07 (kho K2-C4), mua thêm ở Hải Châu giá 312.000 đ/kg.",
        recall=["AUS-BF-260318-07", "312.000"],
    )
    s.turn(
        "mấy bàn chay, ai đứng bếp",
        "6 bàn chay; bếp trưởng là Khiêm.",
        recall=["6 bàn chay", "Khiêm"],
    )
    s.turn(
        "số giấy attp, nhà hàng hỏi lại",
        "1547/2025/ATTP-CNĐK, cấp 09/10/2025, hiệu lực 3 năm.",
        recall=["1547/2025/ATTP-CNĐK"],
    )
    s.turn(
        "tổng bàn với giá một bàn chốt cuối",
        "55 bàn, 4.350.000đ một bàn.",
        recall=["55 bàn", "4.350.000đ"],
    )
    s.turn(
        "mấy giờ vào setup, xe nào chở",
        "Vào setup từ 13:30; xe thùng lạnh 43C-217.85 (tài xế Đặng Hữu Lộc).",
        recall=["13:30", "43C-217.85"],
    )
    s.turn(
        "hàng nhập về kho nào? lỡ ncc hỏi",
        "Kho Hòa Khánh (KCN Hòa Khánh, Liên Chiểu), không giao ra nhà hàng.",
        recall=["Hòa Khánh"],
    )
    return s.write(out)


# == trawler_el: a Kavala trawler's maintenance and haul-out =========================================

EL_NAMES = [
    "Γιώργος Παπαδόπουλος",
    "Νίκος Αθανασίου",
    "Κώστας Δημητρίου",
    "Βασίλης Ιωάννου",
    "Σάκης Ευαγγέλου",
    "Λευτέρης Χατζής",
    "Αντώνης Κυριακίδης",
    "Παναγιώτης Σιδηρόπουλος",
    "Mohamed Saleh",
    "Ahmed Farouk",
    "Ion Popescu",
    "Θανάσης Λαζαρίδης",
    "Χρήστος Μαυρίδης",
    "Φώτης Τσολάκης",
]


def eur(v: float, places: int = 2) -> str:
    return grp(v, ".", ",", places) + " €"


def el_log(rng: random.Random) -> str:
    jobs = [
        "αλλαγή λαδιού μηχανής",
        "αλλαγή φίλτρων πετρελαίου",
        "έλεγχος ιμάντων",
        "καθαρισμός ψυγείου νερού",
        "αλλαγή ανοδίων ψευδαργύρου",
        "γρασάρισμα βίντσι",
        "έλεγχος αντλίας σεντίνας",
        "επισκευή τρατόσχοινου",
        "αλλαγή φτερωτής αντλίας",
        "έλεγχος μπαταριών",
        "ρύθμιση βαλβίδων",
        "έλεγχος άξονα και στυπιοθλίπτη",
        "καθαρισμός διαχωριστή",
        "αλλαγή φίλτρου αέρα",
    ]
    rows = []
    hours = 11_900
    for k in range(170):
        hours += rng.randint(5, 14)
        y = 2024 if k < 75 else 2025
        wo = f"WO-{y % 100}-{rng.randint(1000, 9999):04d}"
        rows.append(
            [
                f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{y}",
                wo,
                f"{grp(hours, '.', ',')}",
                rng.choice(jobs),
                rng.choice(["Ζ.", "Ζ.", "πλήρωμα", "Κ.Δ."]),
                rng.choice(["OK", "OK", "OK", "παρακολούθηση", "ανταλλακτικό σε παραγγελία"]),
            ]
        )
    plant(
        rows,
        158,
        [
            "04/11/2025",
            "WO-25-0871",
            "14.102",
            "αλλαγή μπεκ κυλίνδρων 1-6: ΟΧΙ, μόνο έλεγχος, ψεκασμός κακός στο 4",
            "Ζ.",
            "προτείνεται αλλαγή σετ μπεκ",
        ],
    )
    return "ημερολόγιο_συντήρησης_ΑΓ_ΕΙΡΗΝΗ.xlsx (171 εγγραφές)\n" + table(
        ["ημερομηνία", "εντολή", "ώρες", "εργασία", "τεχνικός", "σημείωση"], rows
    )


def el_parts(rng: random.Random) -> str:
    parts = [
        "φτερωτή αντλίας νερού",
        "φίλτρο λαδιού",
        "φίλτρο πετρελαίου",
        "φίλτρο αέρα",
        "ιμάντας εναλλάκτη",
        "θερμοστάτης",
        "τσιμούχα άξονα",
        "ανόδιο ψευδαργύρου",
        "μπεκ ψεκασμού",
        "φλάντζα κεφαλής",
        "αντλία σεντίνας 24V",
        "ρελέ μίζας",
    ]
    rows = []
    for k in range(150):
        pn = f"{rng.randint(3000000, 5499999)}"
        rows.append(
            [
                pn,
                parts[k % len(parts)],
                rng.choice(["Cummins", "Fleetguard", "Jabsco", "Volvo Penta", "γενικό"]),
                rng.randint(0, 14),
                f"Α{rng.randint(1, 6)}-{rng.randint(1, 20)}",
                eur(rng.uniform(6, 640)),
            ]
        )
    plant(rows, 92, ["3629713", "φτερωτή αντλίας νερού KTA19", "Cummins", 0, "Α3-7", "214,60 €"])
    return (
        "SELECT * FROM ανταλλακτικά ORDER BY θέση;\n"
        + table(["κωδικός", "περιγραφή", "μάρκα", "απόθεμα", "θέση", "τιμή"], rows)
        + f"\n({len(rows)} γραμμές)"
    )


def el_alarms(rng: random.Random) -> str:
    rows = []
    for _k in range(330):
        d = f"2026-04-{rng.randint(1, 30):02d}"
        rows.append(
            [
                d,
                clock(rng, 0, 23, ("05:10",)),
                rng.choice(["EXH_T", "OIL_P", "COOL_T", "RPM", "BATT_V", "BILGE"]),
                rng.choice(["info", "info", "info", "warn"]),
                f"{rng.randint(10, 480)}",
                rng.choice(["ack", "ack", "auto-clear"]),
            ]
        )
    rows.sort()
    plant(
        rows,
        171,
        ["2026-04-22", "05:10", "EXH_T", "ALARM", "523 °C", "κύλινδρος 4, ack από καπετάνιο"],
    )
    return "murphy_panel_export.csv (330 + 1)\n" + csv_text(
        ["date", "time", "sensor", "level", "value", "note"], rows
    )


def el_fuel(rng: random.Random) -> str:
    rows = []
    for _k in range(150):
        lit = rng.randint(300, 2900)
        rows.append(
            [
                f"{rng.randint(1, 28):02d}/{rng.randint(1, 4):02d}/2026",
                f"ΤΔΑ {rng.randint(10000, 99999)}",
                rng.choice(["Πετρέλαια Καβάλας", "ΕΚΟ Λιμάνι", "Αφοί Ράπτη"]),
                f"{grp(lit, '.', ',')} λίτρα",
                eur(lit * rng.uniform(0.92, 1.08)),
            ]
        )
    plant(rows, 64, ["14/04/2026", "ΤΔΑ 30571", "Πετρέλαια Καβάλας", "3.840 λίτρα", "3.617,28 €"])
    return "τιμολόγια_καυσίμων_2026.pdf (OCR, 151 γραμμές)\n" + table(
        ["ημ/νία", "παραστατικό", "προμηθευτής", "ποσότητα", "ποσό"], rows
    )


def el_crew(rng: random.Random) -> str:
    rows = []
    for k, n in enumerate(EL_NAMES[:12]):
        rows.append(
            [
                k + 1,
                n,
                rng.choice(["ναύτης", "ναύτης", "μάγειρας", "β΄ μηχανικός"]),
                f"{rng.randint(100000, 999999)}",
                f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(2027, 2030)}",
            ]
        )
    rows[5] = [6, "Ion Popescu", "ναύτης", "118342", "31/05/2026"]
    return "μητρώο_πληρώματος.csv\n" + table(
        ["α/α", "ονοματεπώνυμο", "ειδικότητα", "ναυτ. φυλλάδιο", "λήξη"], rows
    )


def el_vms(rng: random.Random) -> str:
    rows = []
    for k in range(210):
        rows.append(
            [
                f"2026-04-{1 + k // 8:02d}T{(k % 8) * 3:02d}:00Z",
                f"VMS-GR-{rng.randint(30000, 89999)}" if k % 37 == 5 else "VMS-GR-xxxxx",
                f"40.{rng.randint(7000, 9999)}N",
                f"24.{rng.randint(1000, 6999)}E",
                f"{rng.uniform(0, 4.5):.1f} kn",
            ]
        )
    rows = [[r[0], "-", r[2], r[3], r[4]] for r in rows]
    head = "VMS report, vessel ΑΓΙΑ ΕΙΡΗΝΗ, transponder VMS-GR-20417, flag GR, April 2026\n"
    return head + table(["utc", "relay", "lat", "lon", "speed"], rows)


def el_paints(rng: random.Random) -> str:
    rows = []
    for _k in range(130):
        brand = rng.choice(["Hempel", "Jotun", "International", "Veneziani", "Vitex"])
        name = rng.choice(
            [
                "Olympic+",
                "Mille NCT",
                "Hard Racing",
                "SeaQuantum",
                "Globic",
                "Gladiator",
                "Antivegetativa",
                "Primer 45",
            ]
        )
        rows.append([brand, name, rng.choice(["2,5 L", "5 L", "20 L"]), eur(rng.uniform(38, 420))])
    rows = [r for r in rows if not (r[0] == "Hempel" and r[1] == "Olympic+" and r[2] == "20 L")]
    plant(rows, 40, ["Hempel", "Olympic+", "20 L", "186,40 €"])
    return "τιμοκατάλογος_χρωμάτων_καρνάγιο.xlsx\n" + table(
        ["μάρκα", "προϊόν", "συσκευασία", "τιμή"], rows
    )


def el_injectors(rng: random.Random) -> str:
    rows = []
    for _k in range(88):
        eng = rng.choice(
            ["KTA19", "KTA38", "NTA855", "QSK19", "Caterpillar 3408", "Volvo D13", "MAN D2842"]
        )
        kind = rng.choice(["καινούργιο", "καινούργιο", "ανακατασκευή", "μεταχειρισμένο"])
        rows.append(
            [
                f"INJ-{rng.randint(10000, 99999)}",
                eng,
                kind,
                rng.choice(["άμεσα", "3-5 ημέρες", "2 εβδομάδες"]),
                eur(rng.uniform(180, 980)),
            ]
        )
    return "dieselparts-thess.gr τιμοκατάλογος μπεκ (Μάιος 2026)\n" + table(
        ["κωδικός", "μηχανή", "κατάσταση", "διαθεσιμότητα", "τιμή/τεμ."], rows
    )


def trawler(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_02)
    s = Session(
        "trawler_el",
        "el",
        "a Kavala trawler's maintenance log and haul-out: engine hours, parts, alarms, port authority, liferaft, crew papers, shipyard",
        cues=(
            "συγγνώμη",
            "συγνωμη",
            "συγγνωμη",
            "λάθος",
            "λαθος",
            "διόρθωση",
            "εννοούσα",
            "μπέρδεψα",
        ),
    )
    s.turn(
        "καλησπερα. μανωλης εδω, καπετανιος στο αγια ειρηνη, νηολογιο ΚΑΒ 214. θελω να οργανωσουμε το βγαλσιμο για συντηρηση. ενα πραγμα απο την αρχη: τα λαδια δεν πανε ποτε στη θαλασσα, ολα στην ευκολια υποδοχης του λιμανιου",
        "Καλησπέρα Μανώλη. Κράτησα:\n- σκάφος: Αγία Ειρήνη, νηολόγιο ΚΑΒ 214\n- στόχος: ανέλκυση για συντήρηση\n- **τα λάδια δεν πάνε ποτέ στη θάλασσα**: όλα τα απόβλητα λαδιού πάνε στην ευκολία υποδοχής του λιμανιού, και θα το γράφω σε κάθε εντολή εργασίας.\n\nΠοιος είναι ο μηχανικός σας;",
        facts=[
            U("αγια ειρηνη", "Αγία Ειρήνη"),
            U("ΚΑΒ 214"),
            RULE(
                "τα λαδια δεν πανε ποτε στη θαλασσα",
                "τα λάδια δεν πάνε ποτέ στη θάλασσα",
                "τα απόβλητα λαδιού στην ευκολία υποδοχής",
            ),
        ],
    )
    s.turn(
        "μηχανικος ο στελιος Ζαφειρίου, 694 218 3307. ειναι και ο μονος που πιανει τη μηχανη",
        "Σημείωσα: μηχανικός Στέλιος Ζαφειρίου, 694 218 3307. Όλες οι δουλειές στη μηχανή περνάνε από αυτόν.",
        facts=[U("Ζαφειρίου", "Ζαφειριου"), U("694 218 3307", "6942183307")],
    )
    s.turn(
        "η μηχανη ειναι cummins KTA19, το κοντερ γραφει 14.820 ωρες. δες το ημερολογιο συντηρησης τι εκκρεμει",
        'Από το ημερολόγιο (171 εγγραφές): η πιο σημαντική εκκρεμότητα είναι η **WO-25-0871** (04/11/2025, 14.102 ώρες): ο Ζ. έλεγξε τα μπεκ, κακός ψεκασμός στον κύλινδρο 4, προτείνεται αλλαγή σετ μπεκ. Υπάρχουν και μερικές εγγραφές "ανταλλακτικό σε παραγγελία". Με 14.820 ώρες τώρα, έχουν περάσει πάνω από 700 ώρες από τον έλεγχο.',
        calls=[("read_file", {"path": "docs/ημερολόγιο_συντήρησης_ΑΓ_ΕΙΡΗΝΗ.xlsx"}, el_log(rng))],
        facts=[U("KTA19"), T("WO-25-0871")],
    )
    s.turn(
        "το διακριτικο vhf ειναι SX4512 αν το ζητησει κανεις. κοιτα στην αποθηκη αν εχουμε φτερωτη για την αντλια νερου",
        "Κράτησα το διακριτικό SX4512. Η φτερωτή αντλίας νερού για την KTA19 είναι ο κωδικός **3629713** (Cummins, θέση Α3-7, 214,60 €), αλλά το απόθεμα είναι 0: πρέπει να παραγγελθεί.",
        calls=[
            (
                "db_query",
                {"db": "apothiki.sqlite", "sql": "SELECT * FROM ανταλλακτικά ORDER BY θέση"},
                el_parts(rng),
            )
        ],
        facts=[T("3629713")],
    )
    s.turn(
        "παραγγειλε τη. αλλα προσοχη, δεν βαζουμε μεταχειρισμενα ανταλλακτικα στη μηχανη, μονο καινουργια",
        "Έστειλα παραγγελία για καινούργια φτερωτή 3629713. Κανόνας: **δεν βάζουμε μεταχειρισμένα ανταλλακτικά στη μηχανή**, μόνο καινούργια και με τιμολόγιο.",
        calls=[
            (
                "email_send",
                {
                    "to": "parts@cummins-thess.gr",
                    "subject": "Παραγγελία φτερωτής",
                    "body": "1 τεμ. καινούργια, για ΑΓΙΑ ΕΙΡΗΝΗ",
                },
                "OK: sent",
            )
        ],
        facts=[
            RULE(
                "δεν βαζουμε μεταχειρισμενα ανταλλακτικα στη μηχανη",
                "δεν βάζουμε μεταχειρισμένα ανταλλακτικά στη μηχανή",
                "μόνο καινούργια ανταλλακτικά",
            )
        ],
    )
    s.turn(
        "για το καρνάγιο εχω προυπολογισμο 12.000 € ολα μαζι. βγαινουμε 18/5 λεω",
        "Σημείωσα: προϋπολογισμός 12.000 € συνολικά, ανέλκυση στις 18/5. Θα κρατάω σύνολο εξόδων σε κάθε προσφορά.",
        facts=[U("12.000 €", "12000 €", "12.000€", "12.000 ευρώ")],
    )
    s.turn(
        "ηρθε χαρτι απο το λιμεναρχειο, το σκαναρα. τι θελουν",
        "Το Λιμεναρχείο Καβάλας (αρ. πρωτ. **4417/2026**) ζητά να προσκομίσετε μέχρι το τέλος του μήνα βεβαίωση επιθεώρησης της σωστικής σχεδίας και ισχύον ναυτικό φυλλάδιο για όλο το πλήρωμα, πριν την ανανέωση του πρωτοκόλλου γενικής επιθεώρησης.",
        calls=[
            (
                "ocr_scan",
                {"path": "scans/limenarxeio_2026_04.pdf"},
                "[OCR] ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ\nΥΠΟΥΡΓΕΙΟ ΝΑΥΤΙΛΙΑΣ ΚΑΙ ΝΗΣΙΩΤΙΚΗΣ ΠΟΛΙΤΙΚΗΣ\nΚΕΝΤΡΙΚΟ ΛΙΜΕΝΑΡΧΕΙΟ ΚΑΒΑΛΑΣ\nΤμήμα Ασφάλειας Ναυσιπλοΐας\n\nΚαβάλα, 21/04/2026\nΑρ. Πρωτ.: 4417/2026\n\nΠΡΟΣ: Πλοιοκτήτη Α/Π ΑΓΙΑ ΕΙΡΗΝΗ (ΚΑΒ 214)\n\nΘΕΜΑ: Ανανέωση Πρωτοκόλλου Γενικής Επιθεώρησης\n\nΠαρακαλείσθε όπως προσκομίσετε έως το τέλος του τρέχοντος μήνα:\n1. Βεβαίωση επιθεώρησης σωστικής σχεδίας από εγκεκριμένο σταθμό.\n2. Ισχύοντα ναυτικά φυλλάδια όλων των μελών του πληρώματος.\n3. Αντίγραφο ασφαλιστηρίου συμβολαίου.\n\nΟ Λιμενάρχης",
            )
        ],
        facts=[T("4417/2026")],
    )
    s.turn(
        "η σχεδια παει για επιθεωρηση στις Ελευθερές, στον σταθμο εκει. και να ξερεις, το σκαφος δεν βγαινει για ψαρεμα αν δεν περασει η σχεδια επιθεωρηση",
        "Κράτησα: η σχεδία πηγαίνει στον σταθμό στις Ελευθερές. Κανόνας: **το σκάφος δεν βγαίνει για ψάρεμα αν δεν περάσει η σχεδία επιθεώρηση**.",
        facts=[
            U("Ελευθερές", "Ελευθερες"),
            RULE(
                "το σκαφος δεν βγαινει για ψαρεμα αν δεν περασει η σχεδια επιθεωρηση",
                "το σκάφος δεν βγαίνει για ψάρεμα αν δεν περάσει η σχεδία επιθεώρηση",
                "δεν ψαρεύουμε χωρίς επιθεώρηση σχεδίας",
            ),
        ],
    )
    s.turn(
        "ο σταθμος εστειλε μειλ με την βεβαιωση; ποιο σειριακο εχει η σχεδια",
        "Ναι, ο σταθμός έστειλε τη βεβαίωση: σχεδία Viking 8DK, σειριακός **LR-41827**, επιθεώρηση εγκρίθηκε, επόμενη σε 12 μήνες. Άρα ο κανόνας για τη σχεδία ικανοποιείται.",
        calls=[
            (
                "email_search",
                {"query": "σχεδία βεβαίωση επιθεώρησης Ελευθερές"},
                "1 αποτέλεσμα\nFrom: service@liferaft-nkavala.gr\nSubject: Βεβαίωση επιθεώρησης σχεδίας\n\nΚαλημέρα σας,\nσας επισυνάπτουμε βεβαίωση για τη σχεδία Viking 8DK, σειριακός αριθμός LR-41827, που επιθεωρήθηκε στον σταθμό μας.\nΑποτέλεσμα: εγκρίνεται. Επόμενη επιθεώρηση σε 12 μήνες.\nΣυνημμένο: vevaiosi_LR.pdf",
            )
        ],
        facts=[T("LR-41827")],
    )
    s.turn(
        "πληρωμες μονο με τραπεζικη μεταφορα, οχι μετρητα, ουτε στο καρναγιο. ο λογιστης με εχει πρηξει. και το μειλ του ασφαλιστη ειναι ktsak@nautasfal.gr",
        "Κανόνας: **πληρωμές μόνο με τραπεζική μεταφορά, όχι μετρητά**, και στο καρνάγιο. Ασφαλιστής: ktsak@nautasfal.gr.",
        facts=[
            RULE(
                "πληρωμες μονο με τραπεζικη μεταφορα, οχι μετρητα",
                "πληρωμές μόνο με τραπεζική μεταφορά",
                "όχι μετρητά",
            ),
            U("ktsak@nautasfal.gr"),
        ],
    )
    s.turn(
        "ποσο πετρελαιο πηραμε στις 14 του απριλη; θελω να το δω με το ρολοι",
        "Στις 14/04/2026: **3.840 λίτρα** από Πετρέλαια Καβάλας, παραστατικό ΤΔΑ 30571, 3.617,28 €.",
        calls=[("ocr_scan", {"path": "scans/τιμολόγια_καυσίμων_2026.pdf"}, el_fuel(rng))],
        facts=[T("3.840 λίτρα", "3840 λίτρα", "3.840 λιτρα")],
    )
    s.turn(
        "πληρωμα ειμαστε 6 ναύτες και εγω. ο λιμεναρχης θελει τα φυλλαδια",
        "Κράτησα: 6 ναύτες συν εσείς. Θα ελέγξω τις λήξεις των ναυτικών φυλλαδίων στο μητρώο.",
    )
    s.turn(
        "το ασφαλιστηριο, ποιος ειναι ο αριθμος συμβολαιου",
        "Ευρωπαϊκή Πίστη, ασφαλιστήριο **ΘΑΛ-7730915**, κάλυψη σκάφους και P&I, λήξη 30/09/2026. Ετήσιο ασφάλιστρο 4.180 €.",
        calls=[
            (
                "read_file",
                {"path": "docs/asfalistirio.pdf"},
                "ΕΥΡΩΠΑΪΚΗ ΠΙΣΤΗ ΑΑΕΓΑ\nΑσφαλιστήριο Σκαφών Αλιείας\nΑριθμός συμβολαίου: ΘΑΛ-7730915\nΣκάφος: ΑΓΙΑ ΕΙΡΗΝΗ, ΚΑΒ 214\nΚαλύψεις: σκάφος (hull & machinery), αστική ευθύνη P&I\nΔιάρκεια: 01/10/2025 - 30/09/2026\nΑσφάλιστρο: 4.180,00 €\nΔιαμεσολαβητής: Κ. Τσακίρης",
            )
        ],
        facts=[T("ΘΑΛ-7730915", "ΘΑΛ 7730915")],
    )
    s.turn(
        "στειλε αντιγραφο στο λιμεναρχειο μαζι με τη βεβαιωση της σχεδιας",
        "Έστειλα στο Λιμεναρχείο Καβάλας (αναφορά στο 4417/2026) αντίγραφο του ασφαλιστηρίου ΘΑΛ-7730915 και τη βεβαίωση της σχεδίας LR-41827. Μένουν τα ναυτικά φυλλάδια.",
        calls=[
            (
                "email_send",
                {
                    "to": "kavala@hcg.gr",
                    "subject": "Απάντηση στο 4417/2026",
                    "body": "Συνημμένα ασφαλιστήριο και βεβαίωση σχεδίας",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "τα μπεκ. ο Ζαφειριου λεει να τα αλλαξουμε ολα. ok, εγκρινω την αλλαγη των μπεκ",
        "Κατέγραψα: **εγκρίνετε την αλλαγή των μπεκ** (σετ 6). Στον τιμοκατάλογο του προμηθευτή υπάρχουν μπεκ για KTA19 και ως καινούργια και ως ανακατασκευή/μεταχειρισμένα· κρατάω μόνο τα καινούργια, σύμφωνα με τον κανόνα σας, και ζητάω προσφορά για 6 τεμάχια.",
        calls=[
            (
                "http_get",
                {"url": "https://dieselparts-thess.gr/pricelist/injectors.csv"},
                el_injectors(rng),
            )
        ],
        facts=[
            CHOICE(
                "εγκρινω την αλλαγη των μπεκ", "εγκρίνω την αλλαγή των μπεκ", "αλλάζουμε τα μπεκ"
            )
        ],
    )
    s.turn(
        "το ξανακοιταξα το κοντερ, 14.870 ωρες",
        "Διόρθωσα τις ώρες μηχανής σε **14.870**. Από τον έλεγχο των μπεκ (14.102) έχουν περάσει 768 ώρες.",
        fix=[("14.820", "14.870")],
    )
    s.turn(
        "χθες το πρωι χτυπησε συναγερμος στη μηχανη, δες το export απο το πανελ",
        "Στο export του Murphy: στις 22/04 05:10 **ALARM EXH_T, 523 °C**, κύλινδρος 4, ack από εσάς. Οι υπόλοιπες ενδείξεις είναι info/warn. Ταιριάζει με τον κακό ψεκασμό του 4ου μπεκ που είχε δει ο Ζαφειρίου.",
        calls=[("read_file", {"path": "exports/murphy_panel_export.csv"}, el_alarms(rng))],
        facts=[T("523 °C", "523°C")],
    )
    s.turn(
        "το καρναγιο λεει δεν μπορει 18, μας βαζει 25/5",
        "Ενημέρωσα: ανέλκυση στις **25/5**. Ο Ζαφειρίου θα έρθει το πρωί για τα μπεκ.",
        fix=[("18/5", "25/5")],
    )
    s.turn(
        "για την προπελα: την επισκευαζουμε, δεν αγοραζουμε καινουργια. το εργαστηριο ζηταει 1.450 €",
        "Κατέγραψα: **την προπέλα την επισκευάζουμε, δεν αγοράζουμε καινούργια**. Κόστος επισκευής 1.450 €.",
        facts=[
            CHOICE(
                "την επισκευαζουμε, δεν αγοραζουμε καινουργια",
                "επισκευή της προπέλας, όχι καινούργια",
                "δεν αγοράζουμε καινούργια προπέλα",
            )
        ],
    )
    s.turn(
        "δες το μητρωο πληρωματος, ποιανου φυλλαδιο ληγει συντομα",
        "Στο μητρώο, λήγει σύντομα το φυλλάδιο του Ion Popescu, αρ. **118342**, λήξη 31/05/2026. Τα άλλα ισχύουν ως το 2027 και μετά. Προτείνω να κλείσει ραντεβού για ανανέωση πριν τα στείλουμε στο Λιμεναρχείο.",
        calls=[("read_file", {"path": "docs/μητρώο_πληρώματος.csv"}, el_crew(rng))],
        facts=[T("118342")],
    )
    s.turn(
        "ειμαστε 7 ναύτες τελικα, ηρθε κι ο ανιψιος",
        "Ενημέρωσα: **7 ναύτες** συν εσείς. Θα χρειαστεί και το δικό του ναυτικό φυλλάδιο για το Λιμεναρχείο.",
        fix=[("6 ναύτες", "7 ναύτες")],
    )
    s.turn(
        "ποσο μας χρεωνει το καρναγιο μονο για το βγαλσιμο και το ριξιμο",
        "Η προσφορά του καρνάγιου: ανέλκυση και καθέλκυση **2.950 €**, παραμονή 45 €/ημέρα, πλύσιμο με πίεση 320 €. Όλα πληρωτέα με τραπεζική μεταφορά.",
        calls=[
            (
                "email_search",
                {"query": "from:karnagio προσφορά ανέλκυση"},
                "From: karnagio.moustaka@gmail.com\nSubject: Προσφορά ΑΓΙΑ ΕΙΡΗΝΗ\n\nΑνέλκυση - καθέλκυση: 2.950 €\nΠαραμονή στην ξηρά: 45 €/ημέρα\nΠλύσιμο με πίεση: 320 €\nΒάψιμο ύφαλων: ανάλογα με το χρώμα\nΤιμές χωρίς ΦΠΑ.",
            )
        ],
        facts=[T("2.950 €", "2950 €")],
    )
    s.turn(
        "το χρωμα. θα βαψουμε με Hempel, οχι Jotun. ποσο κανει το olympic στο μεγαλο",
        "Κατέγραψα: **βάφουμε με Hempel, όχι Jotun**. Στον τιμοκατάλογο του καρνάγιου, Hempel Olympic+ 20 L: **186,40 €**.",
        calls=[
            ("read_file", {"path": "docs/τιμοκατάλογος_χρωμάτων_καρνάγιο.xlsx"}, el_paints(rng))
        ],
        facts=[
            CHOICE(
                "θα βαψουμε με Hempel, οχι Jotun",
                "βάφουμε με Hempel, όχι Jotun",
                "Hempel αντί για Jotun",
            ),
            T("186,40 €", "186,40€"),
        ],
    )
    s.turn(
        "ποσα κουτια θελουμε για 19 μετρα σκαφος",
        "Για 19 μέτρα σκάφος, ύφαλα περίπου 95 m², δύο χέρια: περίπου 36 λίτρα, δηλαδή 2 κουτιά των 20 L. Κόστος χρώματος περίπου 373 €.",
    )
    s.turn(
        "το iban του καρναγιου για την προκαταβολη",
        "IBAN καρνάγιου (Μουστάκας Ι. & ΣΙΑ ΟΕ): **GR47 0172 0220 0050 2203 8841 776**, Τράπεζα Πειραιώς. Ζητούν προκαταβολή 30%.",
        calls=[
            (
                "ocr_scan",
                {"path": "scans/karnagio_stoixeia.jpg"},
                "[OCR] ΜΟΥΣΤΑΚΑΣ Ι. & ΣΙΑ Ο.Ε.\nΝΑΥΠΗΓΕΙΟ - ΚΑΡΝΑΓΙΟ\nΑΦΜ 081234567  ΔΟΥ Καβάλας\nΤράπεζα Πειραιώς\nIBAN: GR47 0172 0220 0050 2203 8841 776\nΠροκαταβολή 30% με την επιβεβαίωση της ημερομηνίας.",
            )
        ],
        facts=[T("GR47 0172 0220 0050 2203 8841 776", "GR4701720220005022038841776")],
    )
    s.turn(
        "το εργαστηριο της προπελας ξαναειπε 1.380 € τελικα",
        "Ενημέρωσα: επισκευή προπέλας **1.380 €**.",
        fix=[("1.450 €", "1.380 €")],
    )
    s.turn(
        "συγγνωμη, λαθος σου ειχα δωσει το διακριτικο. ειναι SX4521",
        "Διόρθωσα: διακριτικό VHF **SX4521**.",
        fix=[("SX4512", "SX4521")],
    )
    s.turn(
        "το vms θελει ελεγχο στο καρναγιο. ποιο ειναι το id του πομπου",
        "Ο πομπός VMS είναι **VMS-GR-20417** (σημαία GR). Στην αναφορά του Απριλίου οι θέσεις καταγράφονται κανονικά ανά 3 ώρες.",
        calls=[
            (
                "http_get",
                {"url": "https://vms.example-fisheries.gr/api/report?vessel=KAB214&month=2026-04"},
                el_vms(rng),
            )
        ],
        facts=[T("VMS-GR-20417")],
    )
    s.turn(
        "η interamerican μου εστειλε προσφορα φθηνοτερη. δεν κανουμε με interamerican, μενουμε στην ευρωπαικη πιστη",
        "Κατέγραψα: **δεν κάνουμε με Interamerican, μένουμε στην Ευρωπαϊκή Πίστη**. Το ασφαλιστήριο ΘΑΛ-7730915 ανανεώνεται στη λήξη του.",
        facts=[
            CHOICE(
                "δεν κανουμε με interamerican, μενουμε στην ευρωπαικη πιστη",
                "μένουμε στην Ευρωπαϊκή Πίστη",
                "όχι Interamerican",
            )
        ],
    )
    s.turn(
        "κανε μου ενα συνολο εξοδων για το καρναγιο",
        "Σύνολο (χωρίς ΦΠΑ):\n- ανέλκυση/καθέλκυση 2.950 €\n- παραμονή 6 ημέρες × 45 € = 270 €\n- πλύσιμο 320 €\n- χρώμα Hempel 2 × 186,40 € = 372,80 €\n- προπέλα 1.380 €\n- σετ μπεκ (εκτίμηση) 3.900 €\n- φτερωτή 214,60 €\n- εργατικά Ζαφειρίου (εκτίμηση) 1.600 €\nΣύνολο περίπου 11.007 €, μέσα στον προϋπολογισμό των 12.000 €.",
    )
    s.turn(
        "ο ζαφειριου θελει να ξερει ποτε ακριβως ερχεται",
        "Ανέλκυση στις 25/5 το πρωί. Του στέλνω μήνυμα να είναι εκεί στις 08:00 για τα μπεκ και τη φτερωτή.",
        calls=[
            (
                "sms_send",
                {"to": "6942183307", "text": "25/5 08:00 καρνάγιο, μπεκ + φτερωτή"},
                "OK: delivered",
            )
        ],
    )
    s.turn(
        "τα λαδια απο την αλλαγη ποιος τα παιρνει",
        "Η ευκολία υποδοχής του λιμανιού Καβάλας τα παραλαμβάνει με βυτιοφόρο· θα κλείσω ραντεβού για τις 26/5 και θα κρατήσουμε το δελτίο παραλαβής. Τίποτα στη θάλασσα.",
    )
    s.turn(
        "στειλε στον ασφαλιστη οτι βγαινουμε εξω",
        "Έστειλα στο ktsak@nautasfal.gr ότι το σκάφος ανελκύεται στις 25/5 για συντήρηση, με αναφορά στο ΘΑΛ-7730915.",
        calls=[
            (
                "email_send",
                {
                    "to": "ktsak@nautasfal.gr",
                    "subject": "ΑΓΙΑ ΕΙΡΗΝΗ ανέλκυση",
                    "body": "Ανέλκυση 25/5 για συντήρηση",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "ο popescu εκλεισε ραντεβου για το φυλλαδιο;",
        "Δεν έχω επιβεβαίωση ακόμα. Του έστειλα υπενθύμιση: το φυλλάδιο 118342 λήγει 31/05/2026 και πρέπει να ανανεωθεί πριν το στείλουμε στο Λιμεναρχείο.",
        calls=[
            (
                "sms_send",
                {"to": "popescu", "text": "ραντεβού για ναυτικό φυλλάδιο πριν 31/05"},
                "OK: delivered",
            )
        ],
    )
    s.turn(
        "φτιαξε μια λιστα με τι κανουμε μερα μερα στο καρναγιο",
        "Πρόγραμμα:\n- 25/5: ανέλκυση, πλύσιμο, Ζαφειρίου στα μπεκ και τη φτερωτή\n- 26/5: αλλαγή λαδιών (παραλαβή από ευκολία υποδοχής), ανόδια\n- 27/5: προπέλα στο εργαστήριο, τρίψιμο ύφαλων\n- 28-29/5: βάψιμο Hempel, δύο χέρια\n- 30/5: επιστροφή προπέλας, δοκιμή μηχανής\n- 31/5: καθέλκυση.",
    )
    s.turn(
        "ο προμηθευτης των μπεκ θελει προκαταβολη στο χερι, μετρητα, για να τα φερει πιο γρηγορα",
        "Δεν γίνεται με μετρητά: έχουμε κανόνα πληρωμές μόνο με τραπεζική μεταφορά. Του απάντησα ότι στέλνουμε μεταφορά την ίδια μέρα που θα στείλει τιμολόγιο, και ζήτησα επιβεβαίωση ότι τα μπεκ είναι καινούργια στο κουτί τους.",
        calls=[
            (
                "email_send",
                {
                    "to": "injectors@dieselparts-thess.gr",
                    "subject": "Προκαταβολή μπεκ",
                    "body": "Μόνο τραπεζική μεταφορά, με τιμολόγιο",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "ποσα ανοδια θελουμε για το σκαφος",
        "Για 19 μέτρα ξύλινο-μεταλλικό σκάφος με έναν άξονα: 2 ανόδια στον άξονα, 1 στο πηδάλιο, 4 στα ύφαλα, σύνολο 7. Η αποθήκη δείχνει μερικά ανόδια ψευδαργύρου, θα μετρήσω πόσα είναι για τη δική σας γάστρα πριν παραγγείλω.",
    )
    s.turn(
        "κανε και ενα μηνυμα στο πληρωμα οτι δεν βγαινουμε για ψαρεμα μεχρι να γυρισουμε απο το καρναγιο",
        "Έστειλα στην ομάδα του πληρώματος: το σκάφος μένει στο καρνάγιο από 25/5 ως 31/5, καμία έξοδος για ψάρεμα ως την καθέλκυση. Όποιος χρειάζεται ανανέωση φυλλαδίου να το κλείσει αυτή την εβδομάδα.",
        calls=[
            (
                "viber_send",
                {"group": "πλήρωμα ΑΓ. ΕΙΡΗΝΗ", "text": "Καρνάγιο 25/5-31/5, καμία έξοδος."},
                "OK: sent to 8",
            )
        ],
    )
    s.turn(
        "ωραια. ποιοι ειναι οι κανονες που σου ειχα πει",
        "1. Τα λάδια δεν πάνε ποτέ στη θάλασσα.\n2. Δεν βάζουμε μεταχειρισμένα ανταλλακτικά στη μηχανή.\n3. Το σκάφος δεν βγαίνει για ψάρεμα αν δεν περάσει η σχεδία επιθεώρηση.\n4. Πληρωμές μόνο με τραπεζική μεταφορά, όχι μετρητά.",
        recall=[
            "τα λαδια δεν πανε ποτε στη θαλασσα",
            "δεν βαζουμε μεταχειρισμενα ανταλλακτικα στη μηχανη",
            "το σκαφος δεν βγαινει για ψαρεμα αν δεν περασει η σχεδια επιθεωρηση",
            "πληρωμες μονο με τραπεζικη μεταφορα, οχι μετρητα",
        ],
    )
    s.turn(
        "το νηολογιο και το διακριτικο για τη φορμα του καρναγιου",
        "Νηολόγιο ΚΑΒ 214, διακριτικό VHF SX4521.",
        recall=["ΚΑΒ 214", "SX4521"],
    )
    s.turn(
        "το τηλ του ζαφειριου, το θελει ο ανιψιος",
        "Στέλιος Ζαφειρίου: 694 218 3307.",
        recall=["Ζαφειρίου", "694 218 3307"],
    )
    s.turn(
        "ποιο ηταν το work order με τα μπεκ",
        "WO-25-0871 (04/11/2025): κακός ψεκασμός στον κύλινδρο 4.",
        recall=["WO-25-0871"],
    )
    s.turn(
        "κωδικος της φτερωτης και ποια μηχανη να πω",
        "Φτερωτή 3629713, για Cummins KTA19.",
        recall=["3629713", "KTA19"],
    )
    s.turn(
        "αριθμος πρωτοκολλου του λιμεναρχειου",
        "4417/2026 (Κεντρικό Λιμεναρχείο Καβάλας).",
        recall=["4417/2026"],
    )
    s.turn(
        "σειριακο της σχεδιας και που πηγε",
        "LR-41827, επιθεώρηση στον σταθμό στις Ελευθερές.",
        recall=["LR-41827", "Ελευθερές"],
    )
    s.turn(
        "ποσα λιτρα ηταν στις 14 απριλη",
        "3.840 λίτρα (ΤΔΑ 30571).",
        recall=["3.840 λίτρα"],
    )
    s.turn(
        "ποιος ηταν ο προυπολογισμος μου και ποτε βγαινουμε",
        "Προϋπολογισμός 12.000 €· ανέλκυση 25/5.",
        recall=["12.000 €", "25/5"],
    )
    s.turn(
        "αριθμος ασφαλιστηριου και μειλ ασφαλιστη",
        "ΘΑΛ-7730915 στην Ευρωπαϊκή Πίστη· ασφαλιστής ktsak@nautasfal.gr.",
        recall=["ΘΑΛ-7730915", "ktsak@nautasfal.gr"],
    )
    return s.write(out)


# == gameops_zh_en: a game server ops desk, Mandarin with English ==================================


def zh_pods(rng: random.Random) -> str:
    apps = ["gate", "lobby", "battle", "chat", "mail", "guild", "pay", "match", "rank", "auth"]
    rows = []
    for k in range(150):
        app = apps[k % len(apps)]
        name = f"{app}-{hexs(rng, 9)}-{''.join(rng.choice('bcdfghjklmnpqrstvwxz2456789') for _ in range(5))}"
        rows.append(
            [
                name,
                "1/1",
                "Running",
                str(rng.choice([0, 0, 0, 1, 2])),
                f"{rng.randint(2, 40)}d",
                f"10.42.{rng.randint(0, 31)}.{rng.randint(2, 254)}",
                f"node-sh-{rng.randint(1, 24):02d}",
            ]
        )
    plant(
        rows,
        96,
        [
            "gate-7c9f6d8b5-x2kqp",
            "0/1",
            "CrashLoopBackOff",
            "47",
            "3h12m",
            "10.42.7.118",
            "node-sh-07",
        ],
    )
    return "$ kubectl -n xhjy-prod get pods -o wide\n" + table(
        ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE"], rows, 3
    )


def zh_logs(rng: random.Random) -> str:
    lines = []
    msgs = [
        "session refresh ok",
        "heartbeat timeout, retry",
        "route table updated",
        "player login ok",
        "redis GET slow 34ms",
        "kick idle conn",
        "token verify ok",
        "ws upgrade ok",
    ]
    for k in range(215):
        ts = f"2026-06-04T19:{k // 4 % 60:02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}+08:00"
        lvl = rng.choice(["INFO", "INFO", "INFO", "WARN"])
        lines.append(
            f"{ts} {lvl} gate-7c9f6d8b5-x2kqp [{rng.choice(['conn', 'sess', 'route'])}] uid={rng.randint(10000000, 29999999)} {rng.choice(msgs)}"
        )
    lines.insert(
        151,
        "2026-06-04T19:37:52.408+08:00 ERROR gate-7c9f6d8b5-x2kqp [sess] uid=21873302 ERR_SESS_0x3F2A session store write failed: OOM command not allowed when used memory > 'maxmemory'",
    )
    lines.insert(
        152,
        "2026-06-04T19:37:52.409+08:00 FATAL gate-7c9f6d8b5-x2kqp [main] panic: session store unavailable, exiting",
    )
    return "$ kubectl -n xhjy-prod logs gate-7c9f6d8b5-x2kqp --previous --tail=217\n" + "\n".join(
        lines
    )


def zh_grafana(rng: random.Random) -> str:
    rows = []
    for k in range(240):
        h, m = divmod(18 * 60 + k, 60)
        p99 = rng.randint(80, 420)
        if 97 <= k <= 103:
            p99 = rng.randint(900, 1700)
        rows.append(
            [
                f"2026-06-04 {h:02d}:{m:02d}",
                f"{p99}ms",
                f"{rng.randint(180, 260)}ms",
                f"{rng.randint(31000, 46000)}",
            ]
        )
    rows[99][1] = "1874ms"
    return "grafana export: gate latency (1m), 18:00-21:59\n" + csv_text(
        ["time", "p99", "p95", "online"], rows
    )


def zh_guilds(rng: random.Random) -> str:
    rows = []
    for _k in range(180):
        rows.append(
            [
                f"G-{rng.randint(100000, 799999)}",
                rng.choice(
                    ["龙吟", "星辰", "破晓", "北境", "落日", "青鸾", "苍穹", "长歌", "夜枭", "雷霆"]
                )
                + rng.choice(["阁", "盟", "团", "会", "殿"]),
                rng.randint(0, 8),
                rng.randint(20, 120),
                f"shard-{rng.randint(1, 12):02d}",
            ]
        )
    rows.sort(key=lambda r: -r[2])
    plant(rows, 0, ["G-880213", "天穹殿", 41, 118, "shard-07"])
    return (
        "mysql> SELECT guild_id, name, dropped_members, members, shard FROM guild_impact_0604 ORDER BY dropped_members DESC;\n"
        + table(["guild_id", "name", "dropped_members", "members", "shard"], rows)
        + f"\n{len(rows)} rows in set (0.21 sec)"
    )


def zh_redis(rng: random.Random) -> str:
    keys = [
        "redis_version:7.0.15",
        "redis_mode:standalone",
        "uptime_in_days:61",
        "connected_clients:4102",
        "blocked_clients:0",
        "used_memory:29430867312",
        "used_memory_human:27.41G",
        "used_memory_peak_human:27.98G",
        "maxmemory_human:28.00G",
        "maxmemory_policy:noeviction",
        "mem_fragmentation_ratio:1.08",
    ]
    extra = [
        f"db{k}:keys={rng.randint(1000, 9999999)},expires={rng.randint(0, 99999)},avg_ttl={rng.randint(0, 9999999)}"
        for k in range(16)
    ]
    stats = [
        f"cmdstat_{c}:calls={rng.randint(10**5, 10**9)},usec={rng.randint(10**6, 10**10)},usec_per_call={rng.uniform(0.5, 9):.2f}"
        for c in [
            "get",
            "set",
            "hget",
            "hset",
            "expire",
            "del",
            "zadd",
            "zrange",
            "incr",
            "publish",
            "subscribe",
            "lpush",
            "rpop",
            "mget",
            "exists",
            "ttl",
            "scan",
            "eval",
            "ping",
            "info",
        ]
    ]
    return (
        "$ redis-cli -h sess-redis-sh info\n# Server\n"
        + "\n".join(keys[:3])
        + "\n# Clients\n"
        + "\n".join(keys[3:5])
        + "\n# Memory\n"
        + "\n".join(keys[5:])
        + "\n# Commandstats\n"
        + "\n".join(stats)
        + "\n# Keyspace\n"
        + "\n".join(extra)
    )


def zh_deploys(rng: random.Random) -> str:
    rows = []
    svcs = ["gate", "lobby", "battle", "chat", "pay", "match", "guild"]
    for _k in range(150):
        v = f"v2.{rng.randint(20, 30)}.{rng.randint(0, 9)}"
        rows.append(
            [
                f"2026-{rng.randint(3, 6):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
                rng.choice(svcs),
                v,
                hexs(rng, 7),
                rng.choice(["ci-bot", "lin.x", "zhou.w", "jie.c", "yu.h"]),
                rng.choice(["success", "success", "success", "rolled back"]),
            ]
        )
    rows.sort()
    rows.append(["2026-06-04 17:58", "gate", "v2.32.0", "a91f3e7", "ci-bot", "success"])
    return "$ argocd app history xhjy-prod --output table\n" + table(
        ["deployed_at", "service", "version", "commit", "by", "status"], rows
    )


def zh_cdn(rng: random.Random) -> str:
    rows = []
    for d in range(1, 31):
        rows.append(
            [
                f"2026-05-{d:02d}",
                f"{rng.uniform(12, 26):.1f} TB",
                f"{rng.uniform(80, 190):.1f} Gbps",
                f"¥{rng.randint(3000, 9000):,}",
            ]
        )
    for d in range(1, 31):
        rows.append(
            [
                f"2026-05-{d:02d} (海外)",
                f"{rng.uniform(1, 5):.1f} TB",
                f"{rng.uniform(8, 30):.1f} Gbps",
                f"¥{rng.randint(800, 3000):,}",
            ]
        )
    for dom in [
        "cdn-patch.xhjy.cn",
        "cdn-res.xhjy.cn",
        "cdn-video.xhjy.cn",
        "cdn-web.xhjy.cn",
        "cdn-log.xhjy.cn",
    ]:
        for wk in range(1, 6):
            rows.append(
                [
                    f"{dom} 第{wk}周",
                    f"{rng.uniform(5, 60):.1f} TB",
                    f"{rng.uniform(10, 90):.1f} Gbps",
                    f"¥{rng.randint(2000, 19000):,}",
                ]
            )
    return (
        "阿里云 CDN 账单明细 2026-05 (账号 xhjy-ops)\n"
        + table(["日期", "流量", "峰值带宽", "费用"], rows)
        + "\n合计流量: 612.8 TB   合计费用: ¥214,930"
    )


def zh_cheaters(rng: random.Random) -> str:
    rows = []
    for _k in range(180):
        rows.append(
            [
                rng.randint(10000000, 29999999),
                rng.choice(["speedhack", "aimbot", "packet_replay", "multi_client"]),
                rng.randint(60, 99),
                f"shard-{rng.randint(1, 12):02d}",
                rng.choice(["pending", "pending", "reviewed"]),
            ]
        )
    rows.sort(key=lambda r: -r[2])
    plant(rows, 0, [30418872, "packet_replay", 100, "shard-07", "pending"])
    return (
        "mysql> SELECT uid, rule, score, shard, status FROM anticheat_flags WHERE day='2026-06-04' ORDER BY score DESC;\n"
        + table(["uid", "rule", "score", "shard", "status"], rows)
        + f"\n{len(rows)} rows in set (0.08 sec)"
    )


def zh_alerts(rng: random.Random) -> str:
    rows = []
    for _k in range(120):
        rows.append(
            [
                f"ALR-{rng.randint(1000, 1999)}",
                rng.choice(
                    [
                        "gate_p99_high",
                        "pod_restart",
                        "redis_mem_80",
                        "disk_usage",
                        "pay_callback_fail",
                        "match_queue_long",
                    ]
                ),
                rng.choice(["P1", "P2", "P3"]),
                rng.choice(["#xhjy-alerts", "#xhjy-ops"]),
                rng.choice(["enabled", "enabled", "muted"]),
            ]
        )
    plant(rows, 44, ["ALR-2209", "redis_mem_90_sess", "P1", "#sh-ops-war-room", "enabled"])
    return "$ alertctl list --project xhjy\n" + table(
        ["id", "rule", "sev", "channel", "state"], rows
    )


def gameops(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_03)
    s = Session(
        "gameops_zh_en",
        "zh+en",
        "an MMO's live-ops desk in Mandarin with English terms: gate crash, session Redis OOM, rollback, compensation, CDN bill, cheaters",
        cues=("不好意思", "抱歉", "打错", "写错", "搞错", "说错", "更正", "纠正", "我的错"),
    )
    s.turn(
        "在吗 我是小林 今晚on call。星海纪元 国服 gate 那边好像炸了 玩家大量掉线。先说好 不要在高峰期重启任何服务器 除非我点头",
        "在的，小林。记下了：\n- 项目：星海纪元 国服，现象：gate 大量掉线\n- **不要在高峰期重启任何服务器**（除非你明确同意）\n\n我先看 pod 状态，只读，不动任何东西。",
        facts=[
            U("星海纪元"),
            RULE("不要在高峰期重启任何服务器", "高峰期不重启服务器", "高峰期不要重启"),
        ],
    )
    s.turn(
        "值班负责人是老周 电话 138 2046 7719 有大事直接打他。backup 是阿杰",
        "记下：负责人老周，138 2046 7719；backup 阿杰。",
        facts=[U("老周"), U("138 2046 7719", "13820467719")],
    )
    s.turn(
        "看看 xhjy-prod 的 pod",
        "150 多个 pod 基本都是 Running，只有一个异常：**gate-7c9f6d8b5-x2kqp**，0/1 CrashLoopBackOff，重启 47 次，在 node-sh-07 上，已经持续 3 小时左右。",
        calls=[("kubectl", {"args": "-n xhjy-prod get pods -o wide"}, zh_pods(rng))],
        facts=[T("gate-7c9f6d8b5-x2kqp")],
    )
    s.turn(
        "每个服在线上限是 4800 你记一下 后面扩容要用。拉一下那个 pod 的上一次日志",
        "记下：单服在线上限 4800。上一个容器的日志里，19:37:52 有一条 ERROR：**ERR_SESS_0x3F2A** session store write failed: OOM command not allowed when used memory > 'maxmemory'，紧接着 FATAL panic 退出。看起来是 session Redis 内存满了，gate 写 session 失败就直接退出。",
        calls=[
            (
                "kubectl",
                {"args": "-n xhjy-prod logs gate-7c9f6d8b5-x2kqp --previous --tail=217"},
                zh_logs(rng),
            )
        ],
        facts=[U("4800"), T("ERR_SESS_0x3F2A")],
    )
    s.turn(
        "我们开个 war room 频道 #sh-ops-war-room 所有进展发那里。玩家的手机号和实名信息绝对不能贴到群里 记住",
        "已经在 #sh-ops-war-room 发了第一条进展。规则记下：**玩家的手机号和实名信息绝对不能贴到群里**，群里只贴 uid 和聚合数字。",
        calls=[
            (
                "slack_post",
                {
                    "channel": "#sh-ops-war-room",
                    "text": "gate crashloop, ERR_SESS_0x3F2A, session redis OOM 排查中",
                },
                "ok: ts=1780574400.0012",
            )
        ],
        facts=[
            U("#sh-ops-war-room", "sh-ops-war-room"),
            RULE(
                "玩家的手机号和实名信息绝对不能贴到群里",
                "手机号和实名信息不能贴群",
                "不在群里贴玩家个人信息",
            ),
        ],
    )
    s.turn(
        "p99 延迟最高到多少 grafana 看下 18点到22点",
        "gate p99 在 19:37 左右达到峰值 **1874ms**，前后几分钟都在 900-1700ms，其余时间 80-420ms。在线人数那段也明显下滑。",
        calls=[
            (
                "grafana_query",
                {
                    "dashboard": "gate-overview",
                    "panel": "latency",
                    "from": "2026-06-04 18:00",
                    "to": "2026-06-04 21:59",
                },
                zh_grafana(rng),
            )
        ],
        facts=[T("1874ms", "1874 ms")],
    )
    s.turn(
        "线上现在是 v2.31.4 吧 还是有人偷偷发了新版本",
        "我先按你说的 v2.31.4 记着，等下我查 deploy history 确认有没有人发过新版本。",
        facts=[U("v2.31.4")],
    )
    s.turn(
        "受影响的工会我这边统计大概 312个。查一下掉线最多的工会",
        "记下：受影响工会约 312个。掉线最多的是 **G-880213**（天穹殿，shard-07），118 人里掉了 41 个，其他工会最多 8 个。",
        calls=[
            (
                "mysql",
                {
                    "db": "xhjy_ops",
                    "sql": "SELECT guild_id, name, dropped_members, members, shard FROM guild_impact_0604 ORDER BY dropped_members DESC",
                },
                zh_guilds(rng),
            )
        ],
        facts=[T("G-880213")],
    )
    s.turn(
        "天穹殿会长是主播夜雨听风 粉丝很多 他要是开播骂我们就麻烦了 重点盯这个工会",
        "明白：天穹殿会长是主播夜雨听风，舆情风险高。天穹殿在 shard-07，gate 异常 pod 也在 node-sh-07，我把这个工会和 shard-07 设成重点观察对象。",
        facts=[U("夜雨听风")],
    )
    s.turn(
        "开个 jira 单 记录这次事故",
        "已创建 **OPS-4471**：「星海纪元 gate CrashLoopBackOff / session Redis OOM」，P1，assign 给你，关注人老周。",
        calls=[
            (
                "jira_create",
                {
                    "project": "OPS",
                    "summary": "星海纪元 gate CrashLoopBackOff / session Redis OOM",
                    "priority": "P1",
                },
                "created: OPS-4471\nurl: https://jira.xhjy.internal/browse/OPS-4471",
            )
        ],
        facts=[T("OPS-4471")],
    )
    s.turn(
        "维护窗口定在周四凌晨2点 到时候统一处理。redis 现在内存多少",
        "维护窗口记下：周四凌晨2点。sess-redis-sh 的 used_memory_human 是 **27.41G**，maxmemory 28.00G，policy 是 noeviction，所以写满就直接报 OOM。峰值 27.98G。",
        calls=[("redis_cli", {"host": "sess-redis-sh", "cmd": "info"}, zh_redis(rng))],
        facts=[T("27.41G", "27.41 G")],
    )
    s.turn(
        "同意把 redis 升到 32G 这个先做 不用等维护窗口 是在线扩容",
        "记下：**同意把 Redis 升到 32G**，在线扩容，不等维护窗口。我先提变更，扩容不重启实例。",
        facts=[CHOICE("同意把 redis 升到 32G", "Redis 升到 32G", "redis 扩到 32G")],
    )
    s.turn(
        "有个规矩 任何 rollback 之前先 snapshot 数据库 别问为什么 上次吃过亏",
        "记下：**任何 rollback 之前先 snapshot 数据库**。我在 runbook 里也加上这一步。",
        facts=[
            RULE(
                "任何 rollback 之前先 snapshot 数据库",
                "rollback 前先做数据库快照",
                "回滚之前先 snapshot",
            )
        ],
    )
    s.turn(
        "查下 deploy history 今天 gate 发过什么",
        "今天 17:58 有一次 gate 发布：**v2.32.0**，commit **a91f3e7**，由 ci-bot 发布，状态 success。所以线上 gate 不是 v2.31.4，是 v2.32.0，离 OOM 开始大约 1 个半小时。",
        calls=[("argocd", {"args": "app history xhjy-prod --output table"}, zh_deploys(rng))],
        facts=[T("a91f3e7")],
    )
    s.turn(
        "靠 果然有人偷偷发了。先 rollback，不做热修，回 v2.31.4",
        "记下：**先 rollback，不做热修**。按规则，我先给数据库做 snapshot，然后再回滚 gate。",
        facts=[CHOICE("先 rollback，不做热修", "回滚，不热修", "不做 hotfix")],
    )
    s.turn(
        "做 snapshot",
        "snapshot 完成：**snap-0b7e2c41d9a3f5608**（xhjy-prod-mysql，1.9 TB，用时 6 分 12 秒）。现在可以回滚了。",
        calls=[
            (
                "aliyun_cli",
                {"args": "rds CreateBackup --DBInstanceId xhjy-prod-mysql"},
                "RequestId: 7B2F9C1E-3A44-4D61-9C8E-1F0E2D3C4B5A\nBackupJobId: 882731\nSnapshotId: snap-0b7e2c41d9a3f5608\nStatus: Finished\nSize: 1.9 TB\nElapsed: 6m12s",
            )
        ],
        facts=[T("snap-0b7e2c41d9a3f5608")],
    )
    s.turn(
        "现在不是高峰了 可以回滚 gate",
        "已回滚 gate 到 v2.31.4，滚动更新完成，新 pod 全部 Running，没有再出现 ERR_SESS_0x3F2A。在线人数在回升。",
        calls=[
            (
                "argocd",
                {"args": "app rollback xhjy-prod --service gate --to v2.31.4"},
                "rollback started\nwaiting for rollout... 24/24 pods ready\nrollback complete",
            )
        ],
    )
    s.turn(
        "补偿发 500钻石 每人。公告草稿写一下",
        "公告草稿：\n「亲爱的指挥官：6月4日19:30左右，部分服务器出现异常掉线，给您带来不便深表歉意。我们将向受影响玩家发放 500钻石 作为补偿，请于邮件中领取。」\n发布前要不要给运营看？",
    )
    s.turn(
        "补偿公告必须等运营审核后才发 这个也记成规矩。公告 18:00 发",
        "规则记下：**补偿公告必须等运营审核后才发**。发布时间定在 18:00（审核通过之后）。我已把草稿发给运营。",
        calls=[
            (
                "slack_post",
                {"channel": "#xhjy-yunying", "text": "补偿公告草稿，请审核"},
                "ok: ts=1780576200.0031",
            )
        ],
        facts=[
            RULE("补偿公告必须等运营审核后才发", "公告要运营审核后才能发", "运营没审核不发公告")
        ],
    )
    s.turn(
        "刚统计完 受影响的工会是 347个",
        "更新：受影响工会 **347个**。我同步到 OPS-4471。",
        fix=[("312个", "347个")],
    )
    s.turn(
        "CDN 那边运营说上个月流量爆了 看下账单",
        "阿里云 CDN 2026-05 账单：合计流量 **612.8 TB**，合计费用 ¥214,930。国内每天 12-26 TB，海外 1-5 TB，没有单日异常暴涨，是整体偏高。",
        calls=[
            (
                "aliyun_cli",
                {"args": "bssopenapi QueryBillDetail --product cdn --month 2026-05"},
                zh_cdn(rng),
            )
        ],
        facts=[T("612.8 TB", "612.8TB")],
    )
    s.turn(
        "有人建议切 cloudflare。算了 CDN 还是留在阿里云，不切 cloudflare",
        "记下：**CDN 还是留在阿里云，不切 Cloudflare**。",
        facts=[CHOICE("CDN 还是留在阿里云，不切 cloudflare", "不切 Cloudflare", "CDN 留在阿里云")],
    )
    s.turn(
        "运营说补偿改成 800钻石",
        "补偿改为 **800钻石**，我把公告草稿改了，仍然等运营审核后再发。",
        fix=[("500钻石", "800钻石")],
    )
    s.turn(
        "顺便 反外挂那边今天报了一批 看看分数最高的",
        "今天 anticheat 标记了 181 个账号，分数最高的是 uid **30418872**（packet_replay，score 100，shard-07，pending）。其余 60-99 分不等。",
        calls=[
            (
                "mysql",
                {
                    "db": "xhjy_ac",
                    "sql": "SELECT uid, rule, score, shard, status FROM anticheat_flags WHERE day='2026-06-04' ORDER BY score DESC",
                },
                zh_cheaters(rng),
            )
        ],
        facts=[T("30418872")],
    )
    s.turn(
        "这批外挂先不封号，只踢下线观察",
        "记下：**这批外挂先不封号，只踢下线观察**。我准备踢线脚本，只踢 status=pending 的账号，等你确认再执行。",
        facts=[CHOICE("这批外挂先不封号，只踢下线观察", "不封号，只踢下线", "先踢下线不封号")],
    )
    s.turn(
        "公告改到 22:40 发 运营那边晚点才审",
        "公告发布时间改为 **22:40**，审核通过后发。",
        fix=[("18:00", "22:40")],
    )
    s.turn(
        "redis 扩容好了吗",
        "sess-redis-sh 扩容完成：maxmemory 32G，实例没有重启，当前 used_memory 27.6G，占用 86%。",
        calls=[
            (
                "aliyun_cli",
                {"args": "r-kvstore DescribeInstanceAttribute --InstanceId sess-redis-sh"},
                "InstanceId: sess-redis-sh\nCapacity: 32768 MB\nStatus: Normal\nUsedMemory: 27.6G\nRestarted: false",
            )
        ],
    )
    s.turn(
        "不好意思 之前说错了 backup 不是阿杰 是阿俊",
        "已更正：backup 是 **阿俊**。on-call 表也改了。",
        fix=[("阿杰", "阿俊")],
    )
    s.turn(
        "给 redis 内存加个告警 90% 就响 发 war room",
        "已建告警 **ALR-2209**：redis_mem_90_sess，P1，发到 #sh-ops-war-room，状态 enabled。",
        calls=[
            (
                "alertctl",
                {"args": "create --rule redis_mem_90_sess --sev P1 --channel '#sh-ops-war-room'"},
                zh_alerts(rng),
            )
        ],
        facts=[T("ALR-2209")],
    )
    s.turn(
        "阿里云那边开个工单问一下为什么 maxmemory 满了没通知",
        "已提工单，工单号 **20260603001877**，产品 Redis，优先级高，问题：使用率到 100% 没有触发默认告警。",
        calls=[
            (
                "aliyun_cli",
                {"args": "workorder CreateTicket --product kvstore --title 'maxmemory 满但无告警'"},
                "TicketId: 20260603001877\nStatus: Pending\nProduct: kvstore",
            )
        ],
        facts=[T("20260603001877")],
    )
    s.turn(
        "维护窗口改到周四凌晨3点 2点跟别的项目撞了",
        "维护窗口更新为 **周四凌晨3点**。我会在 #sh-ops-war-room 提前通知。",
        fix=[("凌晨2点", "凌晨3点")],
    )
    s.turn(
        "谁发的 v2.32.0 查下 ci 触发人",
        "ci-bot 是被 release/2.32 分支的合并自动触发的，合并人是 yu.h，PR 没有走变更审批。建议在 OPS-4471 的复盘里加一条：prod 发布必须走审批。",
        calls=[
            (
                "git_log",
                {"repo": "xhjy-gate", "ref": "a91f3e7", "n": 3},
                "commit a91f3e7\nMerge: 5d21b0c 9e8f7a6\nAuthor: yu.h\nDate: 2026-06-04 17:52 +0800\n\n    merge release/2.32 into main (session cache refactor)\n\ncommit 5d21b0c\nAuthor: yu.h\n    session: keep full profile in redis",
            )
        ],
    )
    s.turn(
        "session cache refactor 把完整 profile 放 redis 了 难怪爆内存",
        "对，这就是根因：v2.32.0 把整份玩家 profile 写进 session Redis，内存一下涨满，noeviction 策略下写入失败，gate 直接 panic。回滚后写入量已恢复正常。",
    )
    s.turn(
        "写个复盘大纲",
        "复盘大纲（OPS-4471）：\n1. 现象：gate CrashLoopBackOff，p99 峰值 1874ms\n2. 根因：v2.32.0（a91f3e7）session cache refactor，Redis OOM，ERR_SESS_0x3F2A\n3. 处理：snapshot snap-0b7e2c41d9a3f5608 → rollback v2.31.4；Redis 扩到 32G\n4. 影响：347个 工会，shard-07 最重\n5. 补偿：800钻石，公告 22:40 审核后发\n6. 改进：prod 发布审批；ALR-2209 内存告警；阿里云工单 20260603001877",
    )
    s.turn(
        "踢线脚本跑了没",
        "还没跑，等你确认。脚本只踢 anticheat 今天 pending 的账号，不封号，会记录到 OPS-4471。",
    )
    s.turn(
        "跑吧",
        "已执行：踢下线 151 个 pending 账号（9 个已经离线），没有封号操作。",
        calls=[
            (
                "shell",
                {"cmd": "python kick.py --day 2026-06-04 --status pending --no-ban"},
                "kicked: 151\nalready offline: 9\nbanned: 0",
            )
        ],
    )
    s.turn(
        "运营审核过了 公告可以发",
        "公告已在 22:40 定时发布，补偿 800钻石 通过邮件发放。",
        calls=[
            ("cms_publish", {"id": "notice-0604", "at": "22:40"}, "scheduled: notice-0604 @ 22:40")
        ],
    )
    s.turn(
        "好 总结一下我定的几条规矩",
        "1. 不要在高峰期重启任何服务器\n2. 玩家的手机号和实名信息绝对不能贴到群里\n3. 任何 rollback 之前先 snapshot 数据库\n4. 补偿公告必须等运营审核后才发",
        recall=[
            "不要在高峰期重启任何服务器",
            "玩家的手机号和实名信息绝对不能贴到群里",
            "任何 rollback 之前先 snapshot 数据库",
            "补偿公告必须等运营审核后才发",
        ],
    )
    s.turn(
        "老周电话多少 我要给他汇报",
        "老周：138 2046 7719。",
        recall=["老周", "138 2046 7719"],
    )
    s.turn(
        "挂掉的那个 pod 叫什么 写进复盘",
        "gate-7c9f6d8b5-x2kqp（node-sh-07）。",
        recall=["gate-7c9f6d8b5-x2kqp"],
    )
    s.turn(
        "错误码是啥来着",
        "ERR_SESS_0x3F2A（session store write failed, OOM）。",
        recall=["ERR_SESS_0x3F2A"],
    )
    s.turn(
        "p99 峰值多少 redis 当时用了多少",
        "p99 峰值 1874ms；Redis used_memory_human 27.41G（上限 28G）。",
        recall=["1874ms", "27.41G"],
    )
    s.turn(
        "掉线最多的工会 id 和它在哪个服",
        "G-880213（天穹殿，会长夜雨听风），在 shard-07。",
        recall=["G-880213", "夜雨听风"],
    )
    s.turn(
        "jira 单号 和 war room 频道名",
        "OPS-4471；频道 #sh-ops-war-room。",
        recall=["OPS-4471", "#sh-ops-war-room"],
    )
    s.turn(
        "回滚到的版本 和那个 bad commit",
        "回滚到 v2.31.4；出问题的是 v2.32.0，commit a91f3e7。",
        recall=["v2.31.4", "a91f3e7"],
    )
    s.turn(
        "单服在线上限多少来着 扩容评估要用",
        "单服在线上限 4800。",
        recall=["4800"],
    )
    s.turn(
        "snapshot id 发我 dba 要",
        "snap-0b7e2c41d9a3f5608。",
        recall=["snap-0b7e2c41d9a3f5608"],
    )
    return s.write(out)


# == permit_hu: an attic conversion permit in Pecs ==================================================

HU_VEZ = [
    "Kovács",
    "Szabó",
    "Horváth",
    "Varga",
    "Kiss",
    "Molnár",
    "Németh",
    "Farkas",
    "Balogh",
    "Papp",
    "Takács",
    "Juhász",
    "Mészáros",
    "Oláh",
    "Simon",
    "Rácz",
    "Fekete",
]
HU_KER = [
    "Anna",
    "Péter",
    "Gábor",
    "Zsuzsa",
    "István",
    "Éva",
    "Ferenc",
    "Katalin",
    "Zoltán",
    "Ildikó",
    "Tamás",
    "Mária",
    "Attila",
    "Judit",
    "Balázs",
    "Erika",
]


def hu_name(rng: random.Random) -> str:
    return f"{rng.choice(HU_VEZ)} {rng.choice(HU_KER)}"


def ft(v: int) -> str:
    return grp(v, " ", ",") + " Ft"


def hu_land(rng: random.Random) -> str:
    lines = [
        "TULAJDONI LAP - TELJES MÁSOLAT (nem hiteles, E-hiteles Térképmásolat szolgáltatás)",
        "Pécs belterület 23817/4 helyrajzi szám",
        "I. RÉSZ",
        "Cím: 7624 Pécs, Szőlő utca 17.",
        "Megnevezés: kivett lakóház, udvar   Terület: 612 m2",
        "II. RÉSZ",
        "1. tulajdoni hányad: 1/2  Szerzési jogcím: adásvétel  Név: Kárpáti Katalin",
        "2. tulajdoni hányad: 1/2  Szerzési jogcím: adásvétel  Név: Kárpáti Márton",
        "III. RÉSZ",
        "1. Jelzálogjog 18 400 000 Ft és járulékai erejéig, jogosult: OTP Jelzálogbank Zrt.",
        "2. Elidegenítési és terhelési tilalom, jogosult: OTP Jelzálogbank Zrt.",
        "",
        "Szomszédos ingatlanok (TakarNet lekérdezés):",
    ]
    rows = []
    for _k in range(110):
        rows.append(
            [
                f"23{rng.randint(700, 899)}/{rng.randint(1, 9)}",
                f"Szőlő utca {rng.randint(1, 60)}."
                if rng.random() < 0.6
                else f"Rókus utca {rng.randint(1, 40)}.",
                hu_name(rng),
                f"{rng.randint(350, 1400)} m2",
            ]
        )
    rows = [r for r in rows if r[0] != "23817/4"]
    return "\n".join(lines) + "\n" + table(["hrsz", "cím", "tulajdonos", "terület"], rows)


def hu_etdr(rng: random.Random) -> str:
    rows = []
    kinds = [
        "építési engedélyezési eljárás",
        "egyszerű bejelentés",
        "használatbavételi eljárás",
        "fennmaradási engedély",
        "bontási tudomásulvétel",
    ]
    for _k in range(170):
        rows.append(
            [
                f"2026-{rng.randint(100000, 116999)}",
                rng.choice(kinds),
                f"Pécs, {rng.choice(['Rókus', 'Szőlő', 'Mandulás', 'Kálvária', 'Tettye', 'Ágoston'])} u. {rng.randint(1, 80)}.",
                rng.choice(["folyamatban", "folyamatban", "hiánypótlás", "lezárt", "döntés előtt"]),
                f"2026.{rng.randint(1, 5):02d}.{rng.randint(1, 28):02d}",
            ]
        )
    plant(
        rows,
        71,
        [
            "2026-117042",
            "építési engedélyezési eljárás",
            "Pécs, Szőlő u. 17.",
            "hiánypótlás",
            "2026.05.12",
        ],
    )
    return "ÉTDR - Saját ügyeim / meghatalmazott: Bertalan Zsófia építész (171 találat)\n" + table(
        ["ügyazonosító", "eljárás", "építési hely", "állapot", "utolsó esemény"], rows
    )


def hu_decision() -> str:
    return (
        "[OCR] Pécs Megyei Jogú Város Jegyzője - Építésügyi Hatóság\n"
        "Iktatószám: PE/ÉH/01294-7/2026\nÜgyazonosító: 2026-117042\nTárgy: Hiánypótlási felhívás\n\n"
        "Tisztelt Kárpáti Katalin!\n\n"
        "A Pécs, Szőlő utca 17. szám alatti ingatlanon tervezett tetőtér-beépítés építési engedélyezési eljárásában "
        "az alábbi hiányok pótlására hívom fel:\n"
        "1. statikai szakvélemény a meglévő födém teherbírásáról;\n"
        "2. energetikai tanúsítvány vagy számítás a tervezett állapotra;\n"
        "3. a tetőablakok homlokzati megjelenésének igazolása a településképi rendelet szerint (főépítészi vélemény).\n\n"
        "A hiánypótlás teljesítésére 30 nap áll rendelkezésre. Az eljárás ügyintézési határideje a hiánypótlás időtartamával meghosszabbodik.\n"
        "A hiánypótlást kizárólag az ÉTDR rendszeren keresztül lehet benyújtani.\n\nPécs, 2026. május 12.\ndr. Rigó Hajnalka jegyző nevében: Szendrei Orsolya építésügyi ügyintéző"
    )


def hu_hesz(rng: random.Random) -> str:
    lines = ["Pécs MJV HÉSZ (részlet) - Lke-2 jelű kertvárosias lakóterület, Szőlő utca tömb", ""]
    params = [
        ("legkisebb telekméret", "600 m2"),
        ("legnagyobb beépítettség", "30%"),
        ("legkisebb zöldfelület", "50%"),
        ("legnagyobb épületmagasság", "7,5 m"),
        ("tetőhajlásszög", "35-45°"),
        ("beépítési mód", "oldalhatáron álló"),
        ("előkert", "5 m"),
        ("oldalkert", "4 m"),
        ("hátsókert", "6 m"),
    ]
    for a, b in params:
        lines.append(f"  {a}: {b}")
    lines.append("")
    paras = [
        "A tetőtér-beépítés során a tetősík-ablakok összesített felülete az érintett tetőfelület egyharmadát nem haladhatja meg.",
        "Utcai homlokzaton tetőfelépítmény (manzárd, francia ablak) csak főépítészi egyeztetés után létesíthető.",
        "Héjazatként natúr színű vagy vörös kerámia cserép, illetve azzal egyenértékű betoncserép alkalmazható; fémlemez fedés az utcai tetősíkon nem megengedett.",
        "A homlokzatok színezése a településképi rendelet 3. mellékletében meghatározott színskála szerint történhet.",
        "Gépjármű-elhelyezés telken belül, lakásonként legalább egy férőhelyen biztosítandó.",
        "Kerítés utcai oldalon legfeljebb 1,8 m magas, áttört kivitelben létesíthető.",
        "Az esővíz a telken belül szikkasztandó vagy a csapadékcsatornába vezetendő.",
    ]
    for k in range(64):
        lines.append(f"§ {12 + k // 7} ({k % 7 + 1}) " + paras[rng.randrange(len(paras))])
    return "\n".join(lines)


def hu_quote(rng: random.Random) -> str:
    items = [
        "bontás, sitt elszállítás",
        "födém megerősítés",
        "fa tetőszerkezet",
        "tetőfólia",
        "lécezés",
        "kerámia cserép fedés",
        "bádogozás",
        "tetőablak beépítés",
        "hőszigetelés 25 cm",
        "gipszkarton szerelés",
        "villanyszerelés",
        "vízszerelés",
        "burkolás",
        "festés",
        "állványozás",
    ]
    rows = []
    total = 0
    for k in range(170):
        q = rng.randint(1, 120)
        up = rng.randint(1, 90) * 500
        total += q * up
        rows.append(
            [
                k + 1,
                items[k % len(items)] + f" ({rng.choice(['anyag', 'díj', 'anyag+díj'])})",
                q,
                rng.choice(["m2", "fm", "db", "óra", "klt"]),
                ft(up),
                ft(q * up),
            ]
        )
    return (
        "Mecsek-Tető Kft. árajánlat, szám: MT-2026/088, Pécs, Szőlő u. 17. tetőtér-beépítés\n"
        + table(["tétel", "megnevezés", "menny.", "me.", "egységár", "összesen"], rows)
        + f"\nNettó összesen: {ft(total)}  (tájékoztató, a végleges ár szerződésben)"
    )


def hu_bank(rng: random.Random) -> str:
    rows = []
    for _k in range(160):
        rows.append(
            [
                f"2026.05.{rng.randint(1, 28):02d}",
                f"OTPK2605{dig(rng, 10)}",
                rng.choice(
                    ["kártyás vásárlás", "átutalás", "közüzemi díj", "jóváírás", "készpénzfelvétel"]
                ),
                rng.choice(
                    ["SPAR", "E.ON", "Tesco", "munkabér", "PTE", "Praktiker", "Pécsi Vízmű"]
                ),
                ft(rng.randint(1, 400) * 500 * rng.choice([1, -1])),
            ]
        )
    rows.sort()
    plant(
        rows,
        63,
        [
            "2026.05.14",
            "OTPK2605147730218",
            "átutalás",
            "Pécs MJV - építésügyi igazgatási szolgáltatási díj",
            "-35 600 Ft",
        ],
    )
    return "OTP Bank - számlatörténet 11773016-0xxxx427, 2026.05.01-2026.05.31\n" + table(
        ["dátum", "tranzakció", "típus", "partner/közlemény", "összeg"], rows
    )


def hu_static(rng: random.Random) -> str:
    lines = [
        "STATIKAI SZAKVÉLEMÉNY - Pécs, Szőlő u. 17., meglévő födém",
        "Készítette: Fodor Bence okl. építőmérnök, T-02-1447",
        "",
    ]
    for k in range(90):
        lines.append(
            f"{k + 1}. pont: {rng.choice(['Vizsgált gerenda', 'Födémmező', 'Falazat', 'Koszorú', 'Kémény környezete'])} {rng.choice(['A', 'B', 'C', 'D'])}{rng.randint(1, 9)}: {rng.choice(['megfelelő', 'megfelelő', 'repedés, javítandó', 'nedvesedés nyoma', 'lehajlás a határon belül'])}, terhelés {rng.uniform(1.5, 4.5):.2f} kN/m2".replace(
                ".", ",", 1
            )
        )
    lines.append("")
    lines.append(
        "Összegzés: a meglévő fa gerendafödém a tetőtér-beépítés terheit önmagában nem viseli. Megerősítés szükséges: a középső födémmező alá HEA 160 acél kiváltó gerenda, két végén vasbeton párnafával."
    )
    return "\n".join(lines)


def hu_deliveries(rng: random.Random) -> str:
    rows = []
    for _k in range(100):
        rows.append(
            [
                f"2026.0{rng.randint(6, 9)}.{rng.randint(1, 28):02d}",
                rng.choice(
                    [
                        "Bramac Max",
                        "Terrán Danubia",
                        "Creaton Balance",
                        "Tondach Hódfarkú",
                        "Velux GGL",
                        "Rockwool",
                        "Knauf GKB",
                    ]
                ),
                f"{rng.randint(1, 14)} raklap",
                rng.choice(["Baranya Tüzép", "Praktiker Pécs", "Szerelvény Kft."]),
                rng.choice(["visszaigazolva", "függő"]),
            ]
        )
    plant(rows, 30, ["2026.08.27", "Tondach Figaro", "9 raklap", "Baranya Tüzép", "visszaigazolva"])
    return "Mecsek-Tető szállítási ütemterv (megosztott táblázat)\n" + table(
        ["dátum", "anyag", "mennyiség", "szállító", "állapot"], rows
    )


def hu_kozterulet(rng: random.Random) -> str:
    rows = []
    for _k in range(90):
        rows.append(
            [
                f"KF-{rng.randint(1000, 9999)}/2026",
                f"{rng.choice(['Rókus', 'Szőlő', 'Mandulás', 'Kálvária', 'Tettye', 'Ágoston', 'Munkácsy'])} u. {rng.randint(1, 80)}.",
                rng.choice(["konténer", "állvány", "építőanyag-tárolás", "daru"]),
                f"{rng.randint(2, 60)} m2",
                rng.choice(["engedélyezve", "elbírálás alatt", "elutasítva"]),
                f"{rng.randint(1, 30)} nap",
            ]
        )
    return (
        "Pécs MJV - közterület-használati kérelmek nyilvános listája, 2026 II. negyedév\n"
        + table(["szám", "helyszín", "cél", "terület", "állapot", "időtartam"], rows)
    )


def permit(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_04)
    s = Session(
        "permit_hu",
        "hu",
        "an attic-conversion building permit in Pecs: land register, ETDR case, deficiency notice, zoning plan, structural report, contractor",
        cues=(
            "bocs",
            "bocsi",
            "bocsánat",
            "elnézést",
            "elírtam",
            "tévedtem",
            "rosszul",
            "javítás",
            "helyesen",
            "félreírtam",
        ),
    )
    s.turn(
        "szia, kata vagyok. a Szőlő utca 17 alatti házunkban tetőtér beépítést csinálunk, 62 m² lesz, és már megy az engedélyezés. az építész Bertalan Zsófia, ő a meghatalmazott",
        "Szia Kata! Felírtam:\n- ingatlan: Pécs, Szőlő utca 17.\n- tetőtér-beépítés, 62 m²\n- építész és meghatalmazott: Bertalan Zsófia\n\nMiben segítsek először?",
        facts=[U("Szőlő utca 17"), U("Bertalan Zsófia")],
    )
    s.turn(
        "zsófi szám: 30 482 1190. nézd meg a tulajdoni lapot is, kell a hrsz a hiánypótláshoz",
        "Zsófi száma felírva: 30 482 1190. A tulajdoni lap szerint az ingatlan **Pécs belterület 23817/4** hrsz., 612 m², tulajdonosok ti ketten 1/2-1/2 arányban, a III. részben OTP jelzálog és elidegenítési tilalom van bejegyezve.",
        calls=[("takarnet_query", {"telepules": "Pécs", "cim": "Szőlő utca 17."}, hu_land(rng))],
        facts=[U("30 482 1190", "304821190"), T("23817/4")],
    )
    s.turn(
        "a teljes keret 18 millió, ebbe bele kell férni. az ajánlatot majd a kivitelezőtől kérjük",
        "Rögzítettem: teljes keret 18 millió Ft. A kivitelezői ajánlatokat ehhez mérem.",
        facts=[U("18 millió", "18 000 000 Ft", "18 millió Ft")],
    )
    s.turn(
        "nézd meg az étdr-ben hol tart az ügyünk",
        "Az ÉTDR-ben az ügyetek: **2026-117042**, építési engedélyezési eljárás, Pécs, Szőlő u. 17., állapot: hiánypótlás, utolsó esemény 2026.05.12. Zsófi mint meghatalmazott látja.",
        calls=[("etdr_list", {"meghatalmazott": "Bertalan Zsófia"}, hu_etdr(rng))],
        facts=[T("2026-117042")],
    )
    s.turn(
        "a kivitelező a Mecsek-Tető lesz valószínűleg. egy szabály: minden beadvány az étdr-en megy, papíron semmit nem adunk be",
        "Rögzítettem: kivitelező valószínűleg a Mecsek-Tető. Szabály: **minden beadvány az ÉTDR-en megy, papíron semmit nem adunk be**.",
        facts=[
            U("Mecsek-Tető"),
            RULE(
                "minden beadvány az étdr-en megy, papíron semmit nem adunk be",
                "minden beadvány az ÉTDR-en",
                "papíron semmit nem adunk be",
            ),
        ],
    )
    s.turn(
        "bemásoltam a hiánypótlási levelet a mappába, mit kérnek pontosan",
        "Hiánypótlási felhívás, iktatószám **PE/ÉH/01294-7/2026** (2026. május 12.). Három dolgot kérnek 30 napon belül:\n1. statikai szakvélemény a meglévő födémről\n2. energetikai tanúsítvány/számítás\n3. főépítészi vélemény a tetőablakok megjelenéséről\nCsak ÉTDR-en lehet benyújtani, ami egyezik a szabályotokkal.",
        calls=[("ocr_scan", {"path": "engedely/hianypotlas_2026_05.pdf"}, hu_decision())],
        facts=[T("PE/ÉH/01294-7/2026", "PE/EH/01294-7/2026")],
    )
    s.turn(
        "a tető 45 fokos lesz, 7 tetőablak. belefér a hész-be? nézd meg mennyi lehet a max magasság",
        "A HÉSZ Lke-2 övezetében: legnagyobb épületmagasság **7,5 m**, tetőhajlásszög 35-45°, így a 45 fokos tető még belefér. Tetősík-ablakok összesen a tetőfelület egyharmadáig; utcai homlokzaton felépítmény csak főépítészi egyeztetéssel. A 7 tetőablakot érdemes a felülettel együtt ellenőrizni.",
        calls=[("read_file", {"path": "jogszabaly/pecs_hesz_lke2.txt"}, hu_hesz(rng))],
        facts=[U("45 fokos"), T("7,5 m", "7,5 méter")],
    )
    s.turn(
        "a fedés: kerámia cserép lesz, nem lemez. a hész amúgy se engedi utcára",
        "Rögzítettem: **kerámia cserép lesz, nem lemez**. Valóban, a HÉSZ utcai tetősíkon fémlemez fedést nem enged.",
        facts=[
            CHOICE("kerámia cserép lesz, nem lemez", "kerámia cserép, nem lemez", "nem lemezfedés")
        ],
    )
    s.turn(
        "megjött a mecsek-tető ajánlata, 14,2 millió mondta telefonon. mi az ajánlat száma",
        "Az ajánlat száma **MT-2026/088**, 170 tétel. Telefonon 14,2 millió Ft-ot mondtak; a tételes lista tájékoztató jellegű, a végleges ár a szerződésben lesz.",
        calls=[("read_file", {"path": "ajanlatok/mecsek_teto_MT_ajanlat.xlsx"}, hu_quote(rng))],
        facts=[T("MT-2026/088")],
    )
    s.turn(
        "előleget csak szerződés után utalunk, ezt mondd meg nekik ha kérdezik. a kapukód amúgy 2580#, ha kijön felmérni",
        "Szabály: **előleget csak szerződés után utalunk**. Kapukód felírva: 2580#, ezt csak a felmérőnek adom meg.",
        facts=[
            RULE(
                "előleget csak szerződés után utalunk",
                "előleg csak szerződés után",
                "szerződés előtt nincs előleg",
            ),
            U("2580#"),
        ],
    )
    s.turn(
        "az igazgatási díjat befizettem májusban, látod a számlán? mennyi volt",
        "Igen: 2026.05.14-én, tranzakció **OTPK2605147730218**, Pécs MJV építésügyi igazgatási szolgáltatási díj, **35 600 Ft**.",
        calls=[
            (
                "bank_history",
                {"account": "otp_foszamla", "from": "2026-05-01", "to": "2026-05-31"},
                hu_bank(rng),
            )
        ],
        facts=[T("OTPK2605147730218"), T("35 600 Ft", "35600 Ft", "35 600 forint")],
    )
    s.turn(
        "a szomszéd Tóth Lajos már kérdezgetett az állványról. ügyvéd nélkül nem írunk alá semmit a szomszédokkal, még egy cetlit se",
        "Felírtam: szomszéd Tóth Lajos. Szabály: **ügyvéd nélkül nem írunk alá semmit a szomszédokkal**. Ha megállapodás kell az állványról, előbb az ügyvédhez megy.",
        facts=[
            RULE(
                "ügyvéd nélkül nem írunk alá semmit a szomszédokkal",
                "a szomszédokkal semmit nem írunk alá ügyvéd nélkül",
                "ügyvéd nélkül nincs aláírás",
            )
        ],
    )
    s.turn(
        "a statikus megcsinálta a szakvéleményt. mit ír, kell-e megerősítés",
        "Fodor Bence statikai szakvéleménye szerint a meglévő fa gerendafödém egyedül nem bírja el a tetőtér terheit. Megerősítés kell: a középső mező alá **HEA 160** acél kiváltó gerenda, vasbeton párnafákkal. Néhány ponton repedést és nedvesedést is jelez.",
        calls=[("read_file", {"path": "szakvelemeny/statika_fodor.pdf"}, hu_static(rng))],
        facts=[T("HEA 160", "HEA160")],
    )
    s.turn(
        "ok, a statikus szakvéleményt megrendeljük hivatalosan is, aláírva kell az étdr-be",
        "Rögzítettem: **a statikus szakvéleményt megrendeljük** aláírt, hivatalos formában az ÉTDR-es hiánypótláshoz. Írtam Fodor Bencének.",
        calls=[
            (
                "email_send",
                {
                    "to": "fodor.bence@statika-pecs.hu",
                    "subject": "Szakvélemény megrendelése - Szőlő u. 17.",
                    "body": "Aláírt példány az ÉTDR-be.",
                },
                "OK: elküldve",
            )
        ],
        facts=[
            CHOICE(
                "a statikus szakvéleményt megrendeljük",
                "megrendeljük a statikai szakvéleményt",
                "szakvélemény megrendelve",
            )
        ],
    )
    s.turn(
        "zsófi újramérte, 68 m² lesz a tetőtér",
        "Frissítettem: a tetőtér **68 m²**. Ezt az energetikai számításban és a hiánypótlásban is így adjuk meg.",
        fix=[("62 m²", "68 m²")],
    )
    s.turn(
        "energetikai tanúsítvány kész? keresd meg a levelek közt",
        "Megvan: az energetikai tanúsítvány azonosítója **HET-2026-033891**, tervezett állapot besorolás BB, készítette Lukács Dóra. A PDF a levél mellékletében.",
        calls=[
            (
                "email_search",
                {"query": "energetikai tanúsítvány Szőlő"},
                "1 találat\nFeladó: lukacs.dora@energetika-tanusito.hu\nTárgy: Energetikai tanúsítvány - Pécs, Szőlő u. 17.\n\nKedves Kata!\nCsatolom a tervezett állapotra készült tanúsítványt.\nAzonosító: HET-2026-033891\nBesorolás: BB (korszerű)\nÜdv, Lukács Dóra",
            )
        ],
        facts=[T("HET-2026-033891")],
    )
    s.turn(
        "a főépítésszel kedd 9:30-ra van időpont. ki az egyébként",
        "A kedd 9:30-as időpontot felírtam. A főépítész **dr. Keszthelyi Ádám** (Pécs MJV Főépítészi Iroda, Széchenyi tér 1.), a visszaigazoló levél szerint.",
        calls=[
            (
                "email_search",
                {"query": "főépítész időpont tetőablak"},
                "Feladó: foepitesz@pecs.hu\nTárgy: Szakmai konzultáció - Szőlő u. 17.\n\nTisztelt Kárpáti Katalin!\nA tetőablakok településképi megjelenésével kapcsolatos konzultációt dr. Keszthelyi Ádám főépítész úr tartja, a Főépítészi Irodában (Széchenyi tér 1., II. em.).\nKérjük, hozza magával a homlokzati terveket.",
            )
        ],
        facts=[T("Keszthelyi Ádám")],
    )
    s.turn(
        "a baranya bau is küldött ajánlatot, olcsóbb, de Mecsek-Tető marad, a Baranya Bau ajánlata nem kell",
        "Rögzítettem: **Mecsek-Tető marad, a Baranya Bau ajánlata nem kell**. Küldök egy udvarias elutasítást a Baranya Baunak.",
        calls=[
            (
                "email_send",
                {
                    "to": "iroda@baranyabau.hu",
                    "subject": "Árajánlat - Szőlő u. 17.",
                    "body": "Köszönjük, más ajánlatot választottunk.",
                },
                "OK: elküldve",
            )
        ],
        facts=[
            CHOICE(
                "Mecsek-Tető marad, a Baranya Bau ajánlata nem kell",
                "a Mecsek-Tetővel megyünk",
                "nem a Baranya Bau",
            )
        ],
    )
    s.turn(
        "a főépítész azt mondta az utcai oldalon kevesebb ablak legyen, 6 tetőablak lesz összesen",
        "Frissítettem: összesen **6 tetőablak**. A homlokzati tervet Zsófi ehhez igazítja.",
        fix=[("7 tetőablak", "6 tetőablak")],
    )
    s.turn(
        "a feltétele az volt hogy az utcai ablakok egy sorban legyenek. elfogadjuk a főépítész feltételét, nem fellebbezünk",
        "Rögzítettem: **elfogadjuk a főépítész feltételét, nem fellebbezünk**; az utcai tetőablakok egy sorba kerülnek.",
        facts=[
            CHOICE(
                "elfogadjuk a főépítész feltételét, nem fellebbezünk",
                "nem fellebbezünk",
                "elfogadjuk a feltételt",
            )
        ],
    )
    s.turn(
        "milyen cserép jön és mikor, nézd a szállítási tervet",
        "A szállítási ütemterv szerint a kerámia cserép **Tondach Figaro**, 9 raklap, 2026.08.27-én jön a Baranya Tüzéptől, visszaigazolva.",
        calls=[("sheets_read", {"file": "mecsek_teto_szallitas.xlsx"}, hu_deliveries(rng))],
        facts=[T("Tondach Figaro")],
    )
    s.turn(
        "a mecsek-tető lement, 13,8 millió lesz ha szeptemberben kezdhetnek",
        "Frissítettem: Mecsek-Tető ár **13,8 millió** Ft, szeptemberi kezdéssel. Ez a 18 milliós keretbe belefér, marad tartalék a födémmegerősítésre.",
        fix=[("14,2 millió", "13,8 millió")],
    )
    s.turn(
        "kell a mecsek-tető adószáma a szerződéshez",
        "A cégadatok szerint a Mecsek-Tető Kft. adószáma **14829037-2-02**, székhely 7630 Pécs, Budai Nagy Antal u. 4., cégjegyzékszám 02-09-081734.",
        calls=[
            (
                "http_get",
                {"url": "https://www.e-cegjegyzek.hu/?cegadatlap/mecsek-teto"},
                "Mecsek-Tető Építőipari Kft.\nCégjegyzékszám: 02-09-081734\nAdószám: 14829037-2-02\nSzékhely: 7630 Pécs, Budai Nagy Antal u. 4.\nÜgyvezető: Gál Róbert\nÁllapot: működő",
            )
        ],
        facts=[T("14829037-2-02")],
    )
    s.turn(
        "a főépítészi időpont átkerült kedd 10:00-ra",
        "Frissítettem: a főépítésznél **kedd 10:00**.",
        fix=[("9:30", "10:00")],
    )
    s.turn(
        "bocs, elírtam a szomszéd nevét, Tóth László, nem az amit írtam",
        "Javítottam: a szomszéd **Tóth László**.",
        fix=[("Tóth Lajos", "Tóth László")],
    )
    s.turn(
        "tóth lászló kérte hogy írjuk le hogy az állvány nem lóg át hozzá. mit csináljunk",
        "Ügyvéd nélkül nem írunk alá semmit a szomszédokkal, úgyhogy javaslom: az ügyvéd készítsen egy rövid nyilatkozatot az állvány elhelyezéséről, és azt írjátok alá közösen. Addig szóban sem vállalnék semmit.",
    )
    s.turn(
        "oké, írj az ügyvédnek, dr. pálfi",
        "Megírtam dr. Pálfinak: állvány-nyilatkozatot kérünk Tóth Lászlóval, a Szőlő utca 17. (hrsz. 23817/4) tetőtér-beépítéséhez.",
        calls=[
            (
                "email_send",
                {
                    "to": "palfi.ugyved@pecsiugyvedek.hu",
                    "subject": "Szomszédi nyilatkozat - állvány",
                    "body": "Nyilatkozatot kérünk Tóth Lászlóval az állványról.",
                },
                "OK: elküldve",
            )
        ],
    )
    s.turn(
        "állítsd össze a hiánypótlás csomagot az étdr-be",
        "Hiánypótlási csomag a 2026-117042 ügyhöz (válasz a PE/ÉH/01294-7/2026 felhívásra):\n1. aláírt statikai szakvélemény (Fodor Bence, HEA 160 kiváltás)\n2. energetikai tanúsítvány HET-2026-033891\n3. főépítészi konzultáció emlékeztetője, módosított homlokzati terv 6 tetőablakkal\nMinden ÉTDR-en megy, Zsófi tölti fel meghatalmazottként.",
    )
    s.turn(
        "zsófi feltöltötte. mi a státusz",
        "Az ÉTDR szerint a 2026-117042 ügyben a hiánypótlás beérkezett, állapot: döntés előtt.",
        calls=[
            (
                "etdr_status",
                {"ugy": "2026-117042"},
                "Ügyazonosító: 2026-117042\nÁllapot: döntés előtt\nUtolsó esemény: hiánypótlás beérkezett (3 dokumentum)",
            )
        ],
    )
    s.turn(
        "mennyi az összesen költség most kb",
        "Nagyjából: Mecsek-Tető 13,8 millió, födémmegerősítés (HEA 160 és párnafák) kb. 0,9 millió, statikus és energetikus 0,25 millió, díjak 35 600 Ft, tartalék 1,5 millió. Összesen kb. 16,5 millió, a 18 milliós kereten belül.",
    )
    s.turn(
        "vasárnap nincs munka az építkezésen, ezt írd bele a szerződésbe",
        "Beírtam a szerződéstervezetbe: **vasárnap nincs munka az építkezésen**. Hétköznap 7 és 18 óra között dolgozhatnak.",
        facts=[
            RULE(
                "vasárnap nincs munka az építkezésen",
                "vasárnap nem dolgoznak",
                "vasárnapi munka tilos",
            )
        ],
    )
    s.turn(
        "a szerződéstervezetet küldd át zsófinak is",
        "Elküldtem Zsófinak a szerződéstervezetet (Mecsek-Tető, MT-2026/088 alapján, 13,8 millió, szeptemberi kezdés, vasárnapi munka tilalma, előleg csak aláírás után).",
        calls=[
            (
                "email_send",
                {
                    "to": "bertalan.zsofia@epitesz-pecs.hu",
                    "subject": "Szerződéstervezet",
                    "body": "Csatolva.",
                },
                "OK: elküldve",
            )
        ],
    )
    s.turn(
        "a bank kérdezi a hitel miatt, kell nekik a terhelési tilalom miatt valami?",
        "Mivel az OTP Jelzálogbank javára elidegenítési és terhelési tilalom van bejegyezve, az építéshez a bank hozzájáruló nyilatkozata kellhet. Javaslom, kérjétek meg a fiókban; a hrsz. 23817/4.",
    )
    s.turn(
        "kérd meg tőlük levélben",
        "Elküldtem az OTP-nek a kérést a hozzájáruló nyilatkozatra (Pécs, 23817/4, tetőtér-beépítés).",
        calls=[
            (
                "email_send",
                {
                    "to": "jelzalog@otpbank.hu",
                    "subject": "Hozzájáruló nyilatkozat kérése",
                    "body": "Pécs belterület 23817/4, tetőtér-beépítés.",
                },
                "OK: elküldve",
            )
        ],
    )
    s.turn(
        "mikor kell a cserépnek megérkeznie ha szeptemberben kezdenek",
        "A Tondach Figaro augusztus 27-én jön, így a szeptemberi kezdésnél már a helyszínen lesz. Érdemes a raklapokat az udvarban, a szomszéd felőli oldaltól távol tárolni.",
    )
    s.turn(
        "kell közterület-foglalási engedély a konténerhez? nézd meg mások hogy kérték",
        "A nyilvános listában a konténer-kérelmek jellemzően 6-20 m², 7-30 napra, többségük engedélyezve. Nektek is kell, ha a konténer a járdára kerül; ha az udvarban elfér, nem. A kérelem nem ÉTDR-es, hanem az önkormányzat e-ügyintézési felületén megy, de elektronikusan, így a szabályotokkal összhangban van.",
        calls=[
            (
                "http_get",
                {"url": "https://pecs.hu/kozterulet/kerelmek?negyedev=2026Q2"},
                hu_kozterulet(rng),
            )
        ],
    )
    s.turn(
        "az udvarba nem fér be. add be elektronikusan, 14 napra, 12 m2",
        "Beadtam a közterület-használati kérelmet: Szőlő u. 17. elé, konténer, 12 m², 14 napra, szeptember első két hetére. Elbírálás várhatóan 8 munkanap.",
        calls=[
            (
                "http_post",
                {
                    "url": "https://pecs.hu/kozterulet/uj",
                    "data": {"cel": "konténer", "terulet": "12 m2", "napok": 14},
                },
                "Kérelem rögzítve: elbírálás alatt",
            )
        ],
    )
    s.turn(
        "a villanyszerelő mit kért a tetőtérre",
        "A Mecsek-Tető ajánlatában a villanyszerelés külön tételként szerepel anyag+díj bontásban. Javaslom, kérjünk tőlük külön kiírást a tetőtéri körökre (világítás, dugaljak, klíma előkészítés), hogy lássuk, nem duplikálódik-e a festéssel és a gipszkartonnal.",
    )
    s.turn(
        "foglald össze a szabályaimat",
        "1. Minden beadvány az ÉTDR-en megy, papíron semmit nem adunk be.\n2. Előleget csak szerződés után utalunk.\n3. Ügyvéd nélkül nem írunk alá semmit a szomszédokkal.\n4. Vasárnap nincs munka az építkezésen.",
        recall=[
            "minden beadvány az étdr-en megy, papíron semmit nem adunk be",
            "előleget csak szerződés után utalunk",
            "ügyvéd nélkül nem írunk alá semmit a szomszédokkal",
            "vasárnap nincs munka az építkezésen",
        ],
    )
    s.turn(
        "mi a hrsz és az étdr ügyszám, a bank kérdezi",
        "Hrsz.: Pécs belterület 23817/4; ÉTDR ügyazonosító: 2026-117042.",
        recall=["23817/4", "2026-117042"],
    )
    s.turn(
        "zsófi számát küldd el a statikusnak",
        "Bertalan Zsófia: 30 482 1190, elküldtem Fodor Bencének.",
        calls=[
            (
                "sms_send",
                {"to": "fodor.bence", "text": "Bertalan Zsófia építész: 30 482 1190"},
                "OK",
            )
        ],
        recall=["Bertalan Zsófia", "30 482 1190"],
    )
    s.turn(
        "a hiánypótlás iktatószáma kell a levélhez",
        "PE/ÉH/01294-7/2026.",
        recall=["PE/ÉH/01294-7/2026"],
    )
    s.turn(
        "mennyi volt a keretünk és mennyi most a kivitelező",
        "Keret: 18 millió Ft; Mecsek-Tető: 13,8 millió.",
        recall=["18 millió", "13,8 millió"],
    )
    s.turn(
        "mekkora lesz a tetőtér és hány ablak",
        "68 m², összesen 6 tetőablak.",
        recall=["68 m²", "6 tetőablak"],
    )
    s.turn(
        "mi volt a max magasság a hész-ben és milyen hajlású a tető",
        "Legnagyobb épületmagasság 7,5 m; a tető 45 fokos (a HÉSZ 35-45°-ot enged).",
        recall=["7,5 m", "45 fokos"],
    )
    s.turn(
        "a kapukód, a felmérő holnap jön",
        "2580#.",
        recall=["2580#"],
    )
    s.turn(
        "mennyi volt az igazgatási díj és mi a tranzakció azonosító",
        "35 600 Ft, tranzakció OTPK2605147730218 (2026.05.14).",
        recall=["35 600 Ft", "OTPK2605147730218"],
    )
    s.turn(
        "a mecsek-tető ajánlat száma a szerződésbe",
        "MT-2026/088.",
        recall=["MT-2026/088"],
    )
    return s.write(out)


# == translator_id: a Yogyakarta freelance translator's invoices and tax =============================

ID_CLIENTS = [
    "Lingua Nusantara",
    "Kobayashi Honyaku",
    "PT Sinar Aksara",
    "Bali Words Agency",
    "TransAsia LSP",
    "CV Kata Kita",
    "Global Bridge SG",
    "Penerbit Lentera",
]


def rp(v: int) -> str:
    return "Rp " + grp(v, ".", ",")


def id_invoices(rng: random.Random) -> str:
    rows = []
    for k in range(1, 201):
        c = rng.choice(ID_CLIENTS).replace("Kobayashi Honyaku", "Kobayashi (JP)")
        n = f"INV/{2025 if k < 156 else 2026}/{k if k < 156 else k - 155:03d}"
        rows.append(
            [
                n,
                f"{rng.randint(1, 28):02d}/{rng.randint(1, 12) if k < 156 else rng.randint(1, 5):02d}/{2025 if k < 156 else 2026}",
                c,
                rp(rng.randint(8, 900) * 10_000)
                if "Kobayashi" not in c
                else f"USD {rng.randint(120, 2400)}.00",
                rng.choice(["lunas", "lunas", "lunas", "belum"]),
            ]
        )
    rows = [r for r in rows if r[0] not in ("INV/2026/041", "INV/2026/037")]
    plant(rows, 192, ["INV/2026/041", "21/04/2026", "Lingua Nusantara", "Rp 16.870.000", "belum"])
    return "invoice_log.csv (Google Sheets 'Keuangan Dewi')\n" + csv_text(
        ["no_invoice", "tanggal", "klien", "jumlah", "status"], rows
    )


def id_bca(rng: random.Random) -> str:
    rows = []
    saldo = 41_250_000
    for _k in range(200):
        d = f"{rng.randint(1, 31):02d}/05"
        amt = rng.randint(2, 600) * 5_000
        if rng.random() < 0.3:
            saldo += amt
            rows.append(
                [
                    d,
                    f"TRSF E-BANKING CR {d.replace('/', '')}/FTSCY/{rng.choice(['WS', 'MB', 'IB'])}{rng.randint(10000, 99999)}",
                    rng.choice(
                        ["PT SINAR AKSARA", "CV KATA KITA", "PENERBIT LENTERA", "BALI WORDS"]
                    ),
                    "",
                    rp(amt),
                    rp(saldo),
                ]
            )
        else:
            saldo -= amt
            rows.append(
                [
                    d,
                    rng.choice(["QRIS", "TRSF E-BANKING DB", "KARTU DEBIT", "BI-FAST DB"])
                    + f" {rng.randint(1000, 9999)}",
                    rng.choice(
                        [
                            "INDOMARET",
                            "TOKOPEDIA",
                            "PLN",
                            "TELKOMSEL",
                            "KOS BU SRI",
                            "GOJEK",
                            "SHOPEE",
                        ]
                    ),
                    rp(amt),
                    "",
                    rp(saldo),
                ]
            )
    rows.sort()
    plant(
        rows,
        88,
        [
            "28/05",
            "TRSF E-BANKING CR 2805/FTSCY/WS95031",
            "LINGUA NUSANTARA PT",
            "",
            "Rp 16.870.000",
            rp(saldo),
        ],
    )
    return (
        "KlikBCA - Mutasi Rekening 0373xxxx21 a.n. DEWI ANGGRAENI, 01/05/2026 - 31/05/2026\n"
        + table(["tgl", "keterangan", "pihak", "debet", "kredit", "saldo"], rows)
    )


def id_wise(rng: random.Random) -> str:
    rows = []
    for _k in range(170):
        rows.append(
            [
                f"{rng.randint(1000000000, 1179999999)}",
                f"2026-{rng.randint(1, 5):02d}-{rng.randint(1, 28):02d}",
                rng.choice(["JPY", "USD", "SGD", "EUR"]),
                f"{rng.uniform(50, 3000):.2f}",
                rng.choice(
                    [
                        "Kobayashi Honyaku KK",
                        "Global Bridge Pte Ltd",
                        "TransAsia LSP",
                        "Upwork Escrow",
                    ]
                ),
                rng.choice(["completed", "completed", "completed", "cancelled"]),
            ]
        )
    rows.sort(key=lambda r: r[1])
    plant(
        rows,
        70,
        ["1182736405", "2026-05-19", "JPY", "186000.00", "Kobayashi Honyaku KK", "completed"],
    )
    return "wise_statement_2026-01-01_2026-05-31.csv\n" + csv_text(
        ["transfer_id", "date", "currency", "amount", "payer", "status"], rows
    )


def id_cat(rng: random.Random) -> str:
    rows = []
    for _k in range(220):
        pre = rng.choice(["LN", "KH", "SA", "BW", "TA", "GB"])
        rows.append(
            [
                f"{pre}-{rng.choice(['WEB', 'LEG', 'MKT', 'SUB', 'TEC', 'GAM'])}-{rng.randint(1000, 2199)}",
                rng.choice(["en-ID", "ja-ID", "en-ID", "ja-ID", "en-MS"]),
                f"{grp(rng.randint(300, 30000), '.', ',')}",
                f"{rng.randint(0, 100)}%",
                rng.choice(["selesai", "selesai", "berjalan", "QA"]),
            ]
        )
    plant(rows, 77, ["LN-MAN-2291", "en-ID", "48.200", "12%", "berjalan"])
    return "memoQ - daftar proyek (ekspor)\n" + table(
        ["kode", "pasangan", "kata", "progres", "status"], rows
    )


def id_bupot(rng: random.Random) -> str:
    rows = []
    for _k in range(120):
        rows.append(
            [
                f"1.3-{rng.randint(1, 12):02d}.{rng.choice(['25', '26'])}-{rng.randint(1, 9999):07d}",
                rng.choice(
                    ["PT Sinar Aksara", "Penerbit Lentera", "PT Lingua Nusantara", "CV Kata Kita"]
                ),
                rng.choice(["PPh 21 bukan pegawai", "PPh 23"]),
                rp(rng.randint(2, 90) * 10_000),
                rng.choice(["diterima", "diterima", "dibatalkan"]),
            ]
        )
    plant(
        rows,
        39,
        [
            "1.3-04.26-0004127",
            "PT Lingua Nusantara",
            "PPh 21 bukan pegawai",
            "Rp 421.750",
            "diterima",
        ],
    )
    return "DJP Online - e-Bupot, bukti potong diterima (akun: DEWI ANGGRAENI)\n" + table(
        ["nomor", "pemotong", "jenis", "pph", "status"], rows
    )


def id_paypal(rng: random.Random) -> str:
    rows = []
    for _k in range(180):
        gross = rng.uniform(40, 1600)
        fee = round(gross * 0.044 + 0.3, 2)
        rows.append(
            [
                f"2026-{rng.randint(1, 5):02d}-{rng.randint(1, 28):02d}",
                rng.choice(
                    ["Kobayashi Honyaku KK", "Global Bridge Pte Ltd", "Freelance client", "Upwork"]
                ),
                f"USD {gross:.2f}",
                f"USD {fee:.2f}",
                rng.choice(["Completed", "Completed", "Refunded"]),
            ]
        )
    rows = [r for r in rows if r[3] != "USD 41.87"]
    rows.sort()
    plant(rows, 61, ["2026-05-06", "Kobayashi Honyaku KK", "USD 944.80", "USD 41.87", "Completed"])
    return "PayPal activity export (Jan-May 2026)\n" + csv_text(
        ["date", "name", "gross", "fee", "status"], rows
    )


def id_inbox(rng: random.Random) -> str:
    subs = [
        "Quote request: website localisation",
        "Re: glossary update",
        "Tagihan Telkomsel",
        "Permintaan penawaran: dokumen hukum",
        "Newsletter ProZ",
        "Job offer: game UI strings en>id",
        "Invoice reminder",
        "Re: subtitle timing",
        "Undangan webinar HPI",
        "Proofreading request",
        "Your Wise transfer is complete",
        "Payment received",
    ]
    rows = []
    for _k in range(120):
        rows.append(
            [
                f"2026-06-0{rng.randint(1, 3)} {rng.randint(7, 22):02d}:{rng.randint(0, 59):02d}",
                rng.choice(
                    [
                        "pm@transasia-lsp.com",
                        "noreply@proz.com",
                        "jobs@globalbridge.sg",
                        "info@hpi.or.id",
                        "no-reply@wise.com",
                        "redaksi@lentera.id",
                        "admin@baliwords.com",
                        "support@telkomsel.co.id",
                    ]
                ),
                rng.choice(subs),
                rng.choice(["", "", "📎"]),
            ]
        )
    rows.sort(reverse=True)
    return "Gmail - Kotak masuk (120 terbaru)\n" + table(
        ["waktu", "dari", "subjek", "lampiran"], rows
    )


def translator(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_05)
    s = Session(
        "translator_id",
        "id",
        "a Yogyakarta freelance translator's books: invoices, BCA and Wise/PayPal receipts, agency POs, withholding slips, annual tax return",
        cues=("maaf", "salah", "ralat", "keliru", "salah ketik", "koreksi", "sori"),
    )
    s.turn(
        "halo, aku dewi, penerjemah lepas en/ja ke indo. mau rapihin invoice sama pajak tahun ini. klien paling gede Lingua Nusantara, tarif mereka Rp 350 per kata. aturan pertama: semua dokumen klien NDA, jangan upload ke mesin terjemahan online",
        "Halo Dewi! Aku catat:\n- penerjemah lepas EN/JA → ID\n- klien terbesar: Lingua Nusantara, tarif Rp 350 per kata\n- **semua dokumen klien NDA, jangan upload ke mesin terjemahan online**: aku nggak akan kirim teks klien ke layanan MT/online mana pun, cuma kerja di file lokal.\n\nMulai dari invoice dulu?",
        facts=[
            U("Lingua Nusantara"),
            U("Rp 350 per kata", "Rp350/kata", "Rp 350/kata"),
            RULE(
                "semua dokumen klien NDA, jangan upload ke mesin terjemahan online",
                "jangan upload ke mesin terjemahan online",
                "dokumen klien tidak boleh diunggah ke MT online",
            ),
        ],
    )
    s.turn(
        "pajakku diurus mbak Ratih, wa nya 0812 2745 9031. invoice ke lingua jatuh temponya 14 hari, pm nya di sana pak Hendra",
        "Tercatat: konsultan pajak mbak Ratih, WA 0812 2745 9031. Invoice ke Lingua jatuh tempo 14 hari; PM di Lingua pak Hendra.",
        facts=[U("Ratih"), U("0812 2745 9031", "081227459031")],
    )
    s.turn(
        "cek invoice log, yang ke lingua belum dibayar yang mana",
        "Yang ke Lingua Nusantara dan masih **belum**: **INV/2026/041**, 21/04/2026, Rp 16.870.000. Ada juga beberapa invoice ke klien lain yang belum.",
        calls=[
            ("sheets_read", {"file": "Keuangan Dewi", "sheet": "invoice_log"}, id_invoices(rng))
        ],
        facts=[T("INV/2026/041")],
    )
    s.turn(
        "target aku sebulan Rp 24 juta bersih. proyek manual besar lingua itu 48.200 kata, deadline jumat 12 juni",
        "Tercatat: target Rp 24 juta bersih per bulan. Proyek manual Lingua: 48.200 kata, deadline Jumat 12 Juni. Dengan Rp 350 per kata itu Rp 16.870.000, sekitar 70% target sebulan.",
        facts=[U("Rp 24 juta", "Rp24 juta", "24 juta")],
    )
    s.turn(
        "cek mutasi bca mei, lingua udah transfer yang 041 belum",
        "Sudah: 28/05, **TRSF E-BANKING CR 2805/FTSCY/WS95031** dari LINGUA NUSANTARA PT, Rp 16.870.000. Cocok dengan INV/2026/041, bisa ditandai lunas.",
        calls=[
            ("bank_mutasi", {"bank": "BCA", "from": "2026-05-01", "to": "2026-05-31"}, id_bca(rng))
        ],
        facts=[T("WS95031")],
    )
    s.turn(
        "klien jepang aku Kobayashi Honyaku, mereka bayar yen. pakai Wise, bukan PayPal, buat klien Jepang mulai sekarang, fee paypal kemahalan",
        "Tercatat: klien Jepang Kobayashi Honyaku, bayar JPY. Keputusan: **pakai Wise, bukan PayPal, buat klien Jepang**. Aku siapkan detail rekening Wise JPY untuk invoice berikutnya.",
        facts=[
            U("Kobayashi Honyaku"),
            CHOICE(
                "pakai Wise, bukan PayPal, buat klien Jepang",
                "Wise untuk klien Jepang",
                "bukan PayPal",
            ),
        ],
    )
    s.turn(
        "cek di wise, kobayashi bulan mei udah kirim?",
        "Sudah: transfer Wise **1182736405**, 19/05/2026, JPY 186.000 dari Kobayashi Honyaku KK, status completed.",
        calls=[("wise_export", {"from": "2026-01-01", "to": "2026-05-31"}, id_wise(rng))],
        facts=[T("1182736405")],
    )
    s.turn(
        "status ptkp aku TK/0 ya, belum nikah. rekening buat yang luar negeri masuknya ke Jenius",
        "Tercatat: PTKP TK/0. Pembayaran luar negeri (Wise) ditarik ke rekening Jenius.",
        facts=[U("TK/0"), U("Jenius")],
    )
    s.turn(
        "progres proyek manual lingua di memoq gimana, kodenya apa",
        "Proyek **LN-MAN-2291**, en-ID, 48.200 kata, progres 12%, status berjalan. Kalau deadline Jumat 12 Juni, sisa sekitar 42.400 kata.",
        calls=[("memoq_projects", {"filter": "all"}, id_cat(rng))],
        facts=[T("LN-MAN-2291")],
    )
    s.turn(
        "jangan kirim file final sebelum DP masuk, itu aturan. lingua belum bayar DP yang manual ini",
        "Aturan: **jangan kirim file final sebelum DP masuk**. Untuk LN-MAN-2291 aku tahan file final sampai DP Lingua terlihat di mutasi.",
        facts=[
            RULE(
                "jangan kirim file final sebelum DP masuk",
                "file final dikirim setelah DP masuk",
                "tahan file final sampai DP dibayar",
            )
        ],
    )
    s.turn(
        "cek bukti potong di e-bupot, lingua motong pph 21 berapa",
        "Di e-Bupot, bukti potong dari PT Lingua Nusantara: nomor **1.3-04.26-0004127**, PPh 21 bukan pegawai, Rp 421.750, status diterima.",
        calls=[("djp_ebupot", {"tahun": 2026, "jenis": "diterima"}, id_bupot(rng))],
        facts=[T("1.3-04.26-0004127")],
    )
    s.turn(
        "kurs usd yang aku pakai buat pembukuan Rp 16.250 ya, dari kurs pajak",
        "Tercatat: kurs USD untuk pembukuan Rp 16.250 (kurs pajak).",
    )
    s.turn(
        "npwp aku berapa sih, lupa. cek profil djp",
        "NPWP kamu **81.447.203.6-541.000** (terdaftar KPP Pratama Yogyakarta), sekarang juga bisa pakai NIK sebagai NPWP.",
        calls=[
            (
                "djp_profil",
                {},
                "PROFIL WAJIB PAJAK\nNama: DEWI ANGGRAENI\nNPWP: 81.447.203.6-541.000\nKPP: KPP Pratama Yogyakarta\nStatus: Orang Pribadi, Aktif\nPadanan NIK: sudah",
            )
        ],
        facts=[T("81.447.203.6-541.000", "814472036541000")],
    )
    s.turn(
        "aku lapor pakai norma, nggak pakai pembukuan. omzet di bawah 4,8 M kok",
        "Keputusan: **lapor pakai norma, nggak pakai pembukuan** (NPPN), cukup pencatatan. Perlu surat pemberitahuan norma ke KPP di 3 bulan pertama tahun pajak; nanti aku cek ke mbak Ratih sudah atau belum.",
        facts=[
            CHOICE(
                "lapor pakai norma, nggak pakai pembukuan",
                "pakai norma (NPPN)",
                "tidak pakai pembukuan",
            )
        ],
    )
    s.turn(
        "klu nya apa, dan normanya berapa persen buat penerjemah",
        "KLU kamu **74902** (kegiatan penerjemahan dan interpretasi). Norma untuk KLU itu di Yogyakarta 50% menurut lampiran PER-17/PJ/2015, tapi tolong dikonfirmasi mbak Ratih.",
        calls=[
            (
                "djp_profil",
                {"bagian": "klasifikasi_usaha"},
                "KLASIFIKASI LAPANGAN USAHA\nKLU utama: 74902 - Kegiatan Penerjemahan dan Interpretasi\nSejak: 2021\nKLU tambahan: -",
            )
        ],
        facts=[T("74902")],
    )
    s.turn(
        "lingua nambah file, proyek manual sekarang 51.600 kata",
        "Update: proyek manual **51.600 kata**. Dengan Rp 350 per kata jadi Rp 18.060.000.",
        fix=[("48.200 kata", "51.600 kata")],
    )
    s.turn(
        "kobayashi kirim po baru buat subtitle, nomornya berapa",
        "PO dari Kobayashi Honyaku: **KH-PO-26-0588**, subtitle drama ja→id, 14 episode, JPY 12 per karakter, deadline akhir Juni.",
        calls=[
            (
                "email_search",
                {"query": "from:kobayashi-honyaku PO subtitle"},
                "1 hasil\nFrom: pm@kobayashi-honyaku.co.jp\nSubject: 発注書 / Purchase Order KH-PO-26-0588\n\nDear Dewi-san,\nPlease find our PO for subtitle translation (ja>id), 14 episodes.\nPO No.: KH-PO-26-0588\nRate: JPY 12 / character\nDeadline: 2026-06-30\nPayment: Wise, within 30 days of invoice\nBest regards, Kobayashi Honyaku",
            )
        ],
        facts=[T("KH-PO-26-0588")],
    )
    s.turn(
        "ambil subtitle kobayashi. terima proyek subtitle Kobayashi, tapi bilang deadline akhir juni oke",
        "Keputusan: **terima proyek subtitle Kobayashi** (KH-PO-26-0588), deadline 30 Juni. Aku balas ke PM mereka.",
        calls=[
            (
                "email_send",
                {
                    "to": "pm@kobayashi-honyaku.co.jp",
                    "subject": "Re: KH-PO-26-0588",
                    "body": "Accepted, deadline 30 June OK.",
                },
                "OK: sent",
            )
        ],
        facts=[
            CHOICE(
                "terima proyek subtitle Kobayashi",
                "ambil proyek subtitle Kobayashi",
                "proyek subtitle diterima",
            )
        ],
    )
    s.turn(
        "lingua minta invoice jatuh tempo 30 hari sekarang, ikutin aja",
        "Oke, invoice ke Lingua sekarang jatuh tempo **30 hari**. Template invoice sudah aku ubah.",
        fix=[("14 hari", "30 hari")],
    )
    s.turn(
        "total yang aku tagih januari sampai mei berapa",
        "Total tagihan Januari-Mei 2026 (semua klien, USD/JPY dikonversi kurs pajak): **Rp 97.460.000**.",
        calls=[
            (
                "sheets_query",
                {
                    "file": "Keuangan Dewi",
                    "query": "SUM jumlah_idr WHERE tanggal BETWEEN 2026-01-01 AND 2026-05-31",
                },
                "sum_jumlah_idr\nRp 97.460.000\n(54 baris, konversi USD/JPY pakai kolom kurs_pajak)",
            )
        ],
        facts=[T("Rp 97.460.000", "Rp97.460.000", "97.460.000")],
    )
    s.turn(
        "invoice buat lingua, klien lokal ya. invoice selalu pakai Rupiah untuk klien lokal, jangan pernah dolar",
        "Aturan: **invoice selalu pakai Rupiah untuk klien lokal**. Invoice LN-MAN-2291 aku buat dalam Rupiah.",
        facts=[
            RULE(
                "invoice selalu pakai Rupiah untuk klien lokal",
                "klien lokal ditagih dalam Rupiah",
                "Rupiah untuk klien lokal",
            )
        ],
    )
    s.turn(
        "fee paypal waktu kobayashi bayar mei berapa? buat argumen kenapa pindah ke wise",
        "Pembayaran Kobayashi via PayPal 06/05/2026: gross USD 944.80, fee **USD 41.87** (sekitar 4,4%). Lewat Wise biaya untuk nominal setara biasanya di bawah 1%.",
        calls=[("paypal_export", {"from": "2026-01-01", "to": "2026-05-31"}, id_paypal(rng))],
        facts=[T("USD 41.87")],
    )
    s.turn(
        "deadline manual lingua mundur ke senin 15 juni",
        "Update: deadline manual Lingua **Senin 15 Juni**. Dengan 51.600 kata, sisa target sekitar 3.300 kata per hari.",
        fix=[("12 juni", "15 juni")],
    )
    s.turn(
        "kurs pajak minggu ini Rp 16.410",
        "Update: kurs USD untuk pembukuan **Rp 16.410**. Fee PayPal USD 41.87 jadi sekitar Rp 687.087.",
        fix=[("Rp 16.250", "Rp 16.410")],
    )
    s.turn(
        "alamat kantor lingua buat invoice, ada di kontrak",
        "Dari kontrak: PT Lingua Nusantara, **Jl. Magelang No. 188**, Sleman, DI Yogyakarta 55285. NPWP mereka juga tercantum.",
        calls=[
            (
                "ocr_scan",
                {"path": "kontrak/lingua_kontrak_2026.pdf"},
                "[OCR] PERJANJIAN KERJA SAMA JASA PENERJEMAHAN\nNomor: 014/LN-PKS/I/2026\nPihak Pertama: PT Lingua Nusantara, beralamat di Jl. Magelang No. 188, Sleman, DI Yogyakarta 55285\nPihak Kedua: Dewi Anggraeni\nPasal 3: Tarif sesuai PO per proyek.\nPasal 5: Pihak Pertama memotong PPh sesuai ketentuan.\nPasal 7: Kerahasiaan. Pihak Kedua dilarang mengunggah dokumen ke layanan daring pihak ketiga.",
            )
        ],
        facts=[T("Jl. Magelang No. 188")],
    )
    s.turn(
        "maaf salah ketik kemarin, pm lingua itu pak Hendri, bukan yang aku tulis",
        "Sudah aku koreksi: PM Lingua **pak Hendri**.",
        fix=[("pak Hendra", "pak Hendri")],
    )
    s.turn(
        "invoice mana aja yang udah lewat jatuh tempo",
        "Yang lewat jatuh tempo: **INV/2026/037**, 02/04/2026, PT Sinar Aksara, Rp 6.840.000. Yang lain masih dalam tempo.",
        calls=[
            (
                "sheets_query",
                {"file": "Keuangan Dewi", "query": "status LIKE 'belum%' AND due < today()"},
                "no_invoice,tanggal,klien,jumlah,status\nINV/2026/037,02/04/2026,PT Sinar Aksara,Rp 6.840.000,belum (lewat jatuh tempo)",
            )
        ],
        facts=[T("INV/2026/037")],
    )
    s.turn(
        "tagih sinar aksara, sopan aja",
        "Terkirim ke Sinar Aksara: pengingat sopan untuk INV/2026/037 Rp 6.840.000, dengan lampiran invoice dan rekening BCA.",
        calls=[
            (
                "email_send",
                {
                    "to": "finance@sinaraksara.co.id",
                    "subject": "Pengingat pembayaran INV/2026/037",
                    "body": "Mohon dibantu pembayarannya.",
                },
                "OK: sent",
            )
        ],
    )
    s.turn(
        "lingua nawarin diskon volume 10% katanya biar proyek rutin. nggak kasih diskon ke Lingua Nusantara",
        "Keputusan: **nggak kasih diskon ke Lingua Nusantara**. Tarif tetap Rp 350 per kata. Aku bantu balas dengan sopan lewat pak Hendri.",
        facts=[
            CHOICE(
                "nggak kasih diskon ke Lingua Nusantara",
                "tidak ada diskon untuk Lingua",
                "tarif Lingua tetap",
            )
        ],
    )
    s.turn(
        "lingua juga nawarin proyek terjemahan brosur obat. aku nggak ambil ya, jangan terima proyek medis pokoknya",
        "Aturan: **jangan terima proyek medis**. Aku tolak brosur obat itu dan minta pak Hendri mencatat di profil vendor kamu.",
        facts=[
            RULE("jangan terima proyek medis", "tidak menerima proyek medis", "tolak proyek medis")
        ],
    )
    s.turn(
        "bikin invoice DP buat manual lingua, 30%",
        "Invoice DP INV/2026/046 untuk PT Lingua Nusantara, Jl. Magelang No. 188: 30% × 51.600 kata × Rp 350 = Rp 5.418.000, dalam Rupiah, jatuh tempo 30 hari, up. pak Hendri.",
        calls=[
            (
                "invoice_create",
                {"client": "PT Lingua Nusantara", "no": "INV/2026/046", "amount_idr": 5418000},
                "created INV/2026/046 (PDF)",
            )
        ],
    )
    s.turn(
        "hitung kira2 pph aku tahun ini kalau pakai norma",
        "Perkiraan: omzet setahun sekitar Rp 234 juta (Jan-Mei Rp 97.460.000 diekstrapolasi). Norma 50% → neto Rp 117 juta, dikurangi PTKP TK/0 Rp 54 juta → PKP Rp 63 juta. PPh terutang: 5% × 60 juta + 15% × 3 juta = Rp 3.450.000, dikurangi PPh 21 yang sudah dipotong.",
    )
    s.turn(
        "kirim ringkasan itu ke mbak ratih",
        "Terkirim ke mbak Ratih (WA 0812 2745 9031): ringkasan omzet, norma, PTKP TK/0, dan bukti potong 1.3-04.26-0004127.",
        calls=[
            (
                "wa_send",
                {"to": "081227459031", "text": "Ringkasan pajak Dewi 2026 (draft)"},
                "OK: delivered",
            )
        ],
    )
    s.turn(
        "dp lingua udah masuk belum",
        "Belum terlihat di mutasi BCA hari ini. File final LN-MAN-2291 tetap aku tahan sampai DP masuk.",
        calls=[
            (
                "bank_mutasi",
                {"bank": "BCA", "from": "2026-06-01", "to": "2026-06-03"},
                "tgl    keterangan              pihak   debet        kredit  saldo\n01/06  QRIS 2291             INDOMARET  Rp 84.500         Rp 40.211.300\n02/06  KARTU DEBIT 4410      PLN        Rp 312.000        Rp 39.899.300",
            )
        ],
    )
    s.turn(
        "cek email, ada tawaran kerjaan baru nggak minggu ini",
        "Ada beberapa: permintaan penawaran lokalisasi website, game UI strings en>id dari Global Bridge, proofreading, dan satu permintaan dokumen hukum. Tidak ada yang medis. Mau aku buatkan draf penawaran dengan tarif standar?",
        calls=[("gmail_list", {"label": "inbox", "max": 120}, id_inbox(rng))],
    )
    s.turn(
        "yang game ui aja, tarif 0,08 usd per kata. yang lain skip dulu",
        "Draf penawaran ke Global Bridge: game UI strings en>id, USD 0.08 per kata, pembayaran lewat Wise (klien luar negeri). Sisanya aku tandai skip.",
        calls=[
            (
                "email_draft",
                {
                    "to": "jobs@globalbridge.sg",
                    "subject": "Quote: game UI en>id",
                    "body": "USD 0.08/word, payment via Wise.",
                },
                "draft saved",
            )
        ],
    )
    s.turn(
        "rekap pemasukan per klien jan-mei dong",
        "Rekap Jan-Mei 2026 (perkiraan dari invoice log): Lingua Nusantara sekitar 41%, Kobayashi Honyaku 22%, PT Sinar Aksara 12%, Penerbit Lentera 9%, klien lain 16%. Total Rp 97.460.000.",
    )
    s.turn(
        "aturan2 aku apa aja, tulis lagi",
        "1. Semua dokumen klien NDA, jangan upload ke mesin terjemahan online.\n2. Jangan kirim file final sebelum DP masuk.\n3. Invoice selalu pakai Rupiah untuk klien lokal.\n4. Jangan terima proyek medis.",
        recall=[
            "semua dokumen klien NDA, jangan upload ke mesin terjemahan online",
            "jangan kirim file final sebelum DP masuk",
            "invoice selalu pakai Rupiah untuk klien lokal",
            "jangan terima proyek medis",
        ],
    )
    s.turn(
        "tarif lingua per kata berapa, aku lupa",
        "Rp 350 per kata.",
        recall=["Rp 350 per kata"],
    )
    s.turn(
        "wa mbak ratih",
        "0812 2745 9031.",
        recall=["0812 2745 9031"],
    )
    s.turn(
        "kode proyek manual dan jumlah katanya",
        "LN-MAN-2291, 51.600 kata, deadline Senin 15 Juni.",
        recall=["LN-MAN-2291", "51.600 kata", "15 juni"],
    )
    s.turn(
        "invoice lingua yang udah dibayar 28 mei nomor berapa, referensi transfernya apa",
        "INV/2026/041, dibayar lewat TRSF E-BANKING CR 2805/FTSCY/WS95031.",
        recall=["INV/2026/041", "WS95031"],
    )
    s.turn(
        "nomor transfer wise kobayashi bulan mei",
        "1182736405 (JPY 186.000, 19/05/2026).",
        recall=["1182736405"],
    )
    s.turn(
        "nomor bukti potong lingua buat spt",
        "1.3-04.26-0004127 (PPh 21 bukan pegawai, Rp 421.750).",
        recall=["1.3-04.26-0004127"],
    )
    s.turn(
        "npwp sama status ptkp aku, ratih nanya",
        "NPWP 81.447.203.6-541.000, status PTKP TK/0.",
        recall=["81.447.203.6-541.000", "TK/0"],
    )
    s.turn(
        "target bulanan aku berapa tadi",
        "Rp 24 juta bersih per bulan.",
        recall=["Rp 24 juta"],
    )
    s.turn(
        "uang dari wise masuk ke rekening mana",
        "Ke Jenius.",
        recall=["Jenius"],
    )
    return s.write(out)


# == timetable_fi: a Tampere comprehensive school's autumn timetable ===============================

FI_ETU = [
    "Anna",
    "Mikko",
    "Laura",
    "Jussi",
    "Heidi",
    "Ville",
    "Satu",
    "Timo",
    "Johanna",
    "Antti",
    "Minna",
    "Petri",
    "Kaisa",
    "Janne",
    "Elina",
    "Markus",
    "Tuula",
    "Olli",
]
FI_SUKU = [
    "Korhonen",
    "Virtanen",
    "Mäkinen",
    "Nieminen",
    "Hämäläinen",
    "Laine",
    "Heikkinen",
    "Koskinen",
    "Järvinen",
    "Lehtonen",
    "Saarinen",
    "Salminen",
    "Heinonen",
    "Niemi",
    "Kinnunen",
    "Turunen",
    "Salo",
    "Ahonen",
]
FI_AINE = [
    "ÄI",
    "MA",
    "EN",
    "RU",
    "BI",
    "GE",
    "FY",
    "KE",
    "HI",
    "YH",
    "US",
    "KU",
    "MU",
    "LI",
    "KO",
    "KS",
    "TT",
    "OP",
]


def fi_code(rng: random.Random, taken: set[str]) -> str:
    while True:
        c = "".join(rng.choice("ABDEHIJKLMNOPRSTUVY") for _ in range(4))
        if c not in taken and c != "LAMI":
            taken.add(c)
            return c


def fi_teachers(rng: random.Random, taken: set[str]) -> str:
    rows = []
    for _k in range(160):
        rows.append(
            [
                f"OP-{rng.randint(1000, 6999)}",
                fi_code(rng, taken),
                f"{rng.choice(FI_ETU)} {rng.choice(FI_SUKU)}",
                "/".join(rng.sample(FI_AINE, 2)),
                f"{rng.randint(8, 26)}",
                rng.choice(["vakinainen", "vakinainen", "määräaikainen", "tuntiopettaja"]),
            ]
        )
    plant(rows, 58, ["OP-7731", "KOSJ", "Jaana Koski", "FY/KE", "24", "vakinainen"])
    return "Primus > Opettajat (rekisteri 'henkilökunta 2026-27')\n" + table(
        ["tunnus", "lyhenne", "nimi", "aineet", "vvt", "palvelussuhde"], rows
    )


def fi_rooms(rng: random.Random) -> str:
    rows = []
    for _k in range(200):
        code = f"{rng.choice('ACD')}{rng.randint(100, 399)}"
        rows.append(
            [
                code,
                rng.choice(
                    [
                        "luokka",
                        "luokka",
                        "luokka",
                        "ATK-luokka",
                        "taideluokka",
                        "musiikkiluokka",
                        "tekstiilityö",
                        "teknisen työn sali",
                    ]
                ),
                rng.randint(12, 32),
                rng.choice(["", "", "esteetön", "kaiutin", "dokumenttikamera"]),
            ]
        )
    rows = [r for r in rows if r[0] not in ("A214", "A241")]
    plant(rows, 71, ["B117", "kemian ja fysiikan laboratorio", 24, "vetokaapit, hätäsuihku"])
    return "Primus > Tilat\n" + table(["tila", "tyyppi", "paikat", "varustus"], rows)


def fi_bus(rng: random.Random) -> str:
    rows = []
    for line in ["71", "72", "73", "74", "75", "76", "3", "13", "32"]:
        for _ in range(24):
            h = rng.randint(6, 18)
            m = rng.randint(0, 59)
            t = f"{h}.{m:02d}"
            if t in ("14.52", "10.45", "11.05", "11.00"):
                continue
            rows.append(
                [
                    line,
                    rng.choice(
                        ["Hervannan kampus", "Hervantakeskus", "Lukonmäki", "Vuores", "Keskustori"]
                    ),
                    t,
                    rng.choice(["ma-pe", "ma-pe", "la", "koulupäivinä"]),
                ]
            )
    rows.sort(key=lambda r: (r[0], float(r[2])))
    plant(
        rows,
        62,
        ["74", "Hervannan yhtenäiskoulu → Vuores", "14.52", "koulupäivinä (koulukuljetus)"],
    )
    return "Nysse GTFS -ote, pysäkki 'Hervannan yhtenäiskoulu' ja lähialue, syksy 2026\n" + table(
        ["linja", "suunta", "lähtö", "päivät"], rows
    )


def fi_kehys(rng: random.Random) -> str:
    rows = []
    for lk in range(1, 10):
        for aine in FI_AINE:
            rows.append([f"{lk}. lk", aine, rng.randint(0, 4), rng.randint(1, 9)])
    return (
        "tuntikehys_2026-27.xlsx (laskettu, vvt = vuosiviikkotunti)\n"
        + table(["luokka-aste", "aine", "vvt/ryhmä", "ryhmiä"], rows)
        + "\nYHTEENSÄ: 1 284 vvt  (sis. erityisopetus ja S2)"
    )


def fi_conflicts(rng: random.Random, taken: set[str]) -> str:
    codes = sorted(taken)
    lines = ["Primus Kurre - törmäysraportti, luonnos v3 (lukuvuosi 2026-27, jakso 1)", ""]
    days = ["ma", "ti", "ke", "to", "pe"]
    for _k in range(200):
        lines.append(
            f"{rng.choice(days)} {rng.randint(1, 8)}. tunti: {rng.choice(['opettaja', 'tila', 'ryhmä'])}-törmäys, {rng.choice(codes)} / {rng.choice(['7', '8', '9'])}{rng.choice('ABCDEF')} / {rng.choice(['C', 'D'])}{rng.randint(100, 399)} - {rng.choice(['siirretty', 'ratkaisematta', 'hyväksytty poikkeus'])}"
        )
    lines.insert(
        77,
        "ma 3. tunti: opettaja-törmäys, LAMI / 8B ruotsi + 8C ruotsi samaan aikaan - ratkaisematta (KRIITTINEN)",
    )
    return "\n".join(lines)


def fi_seure(rng: random.Random) -> str:
    rows = []
    for _k in range(150):
        rows.append(
            [
                f"SEU-{rng.randint(10000, 79999)}",
                f"{rng.choice(FI_ETU)} {rng.choice(FI_SUKU)}",
                "/".join(rng.sample(FI_AINE, 2)),
                rng.choice(["ma-pe", "ma-ke", "to-pe", "aamupäivät"]),
                rng.choice(["Hervanta", "Keskusta", "Lielahti", "Kaleva"]),
            ]
        )
    plant(rows, 50, ["SEU-88214", "Pekka Rantanen", "FY/KE", "ma-pe", "Hervanta"])
    return "Seure - vapaat sijaiset, Tampere, aineet FY/KE/MA (haku 2026-08-03)\n" + table(
        ["sijaisnro", "nimi", "aineet", "saatavilla", "alue"], rows
    )


def fi_groups(rng: random.Random) -> str:
    rows = []
    for lk in ("7", "8", "9"):
        for c in "ABCDEF":
            for aine in rng.sample(FI_AINE, 8):
                rows.append(
                    [
                        f"{aine}0{lk}{c}",
                        f"{lk}{c}",
                        rng.randint(14, 26),
                        rng.choice(["", "", "pienryhmä", "yhdistetty"]),
                    ]
                )
    plant(rows, 33, ["ÄI07S2", "7D+7E (S2)", 11, "suomi toisena kielenä"])
    return "Wilma > Opetusryhmät 2026-27, yläkoulu\n" + table(
        ["ryhmä", "luokat", "oppilaita", "huom"], rows
    )


def fi_booking(rng: random.Random) -> str:
    rows = []
    for _k in range(150):
        rows.append(
            [
                f"VAR-2026-{rng.randint(1000, 1179)}",
                rng.choice(
                    ["auditorio", "liikuntasali A", "ruokala", "kirjasto", "musiikkiluokka C118"]
                ),
                f"{rng.randint(1, 31)}.{rng.choice([8, 9, 10])}.",
                f"{rng.randint(8, 18)}.{rng.choice(['00', '30', '15'])}",
                rng.choice(["vahvistettu", "alustava", "peruttu"]),
                rng.choice(
                    [
                        "kuvataide",
                        "oppilaskunta",
                        "Tampereen kaupunki",
                        "vanhempainyhdistys",
                        "seurakunta",
                    ]
                ),
            ]
        )
    plant(
        rows, 40, ["VAR-2026-1182", "auditorio", "2.9.", "18.00", "vahvistettu", "vanhempainilta"]
    )
    return "Varaamo - tilavaraukset Hervannan yhtenäiskoulu, elo-lokakuu\n" + table(
        ["varaus", "tila", "pvm", "klo", "tila_status", "varaaja"], rows
    )


def fi_choices(rng: random.Random) -> str:
    subj = [
        "kuvataide",
        "musiikki",
        "kotitalous",
        "tekninen työ",
        "tekstiilityö",
        "liikunta",
        "saksa",
        "ranska",
        "ohjelmointi",
        "draama",
        "media",
        "kemian kokeet",
    ]
    rows = []
    for _k in range(170):
        rows.append(
            [
                f"opp-{rng.randint(20000, 39999)}",
                f"{rng.choice('89')}{rng.choice('ABCDEF')}",
                rng.choice(subj),
                rng.choice(subj),
                rng.choice(["hyväksytty", "hyväksytty", "odottaa huoltajaa"]),
            ]
        )
    return (
        "Wilma > Kurssitarjotin > valinnaisaineet 8-9 (export, oppilastunnisteet pseudonymisoitu)\n"
        + csv_text(["oppilas", "luokka", "valinta_1", "valinta_2", "tila"], rows, ";")
    )


def timetable(out: Path) -> dict[str, Any]:
    rng = random.Random(5_2026_06)
    taken: set[str] = {"KOSJ"}
    s = Session(
        "timetable_fi",
        "fi",
        "a Tampere comprehensive school's autumn timetable: teachers, rooms, school buses, lesson frame, clashes, substitutes, parents' evening",
        cues=(
            "sori",
            "sorry",
            "anteeksi",
            "väärin",
            "virhe",
            "korjaus",
            "tarkoitin",
            "oho",
            "hups",
        ),
    )
    s.turn(
        "moi, riikka täällä, apulaisrehtori Hervannan yhtenäiskoulu. teen syksyn lukujärjestystä primukseen. yks sääntö heti: erityisluokan tunnit aina samassa luokassa, ei kierrätetä",
        "Moi Riikka! Kirjasin:\n- koulu: Hervannan yhtenäiskoulu, syksyn lukujärjestys Primukseen\n- **erityisluokan tunnit aina samassa luokassa**: erityisluokalle lukitaan yksi tila kaikille tunneille.\n\nMistä aloitetaan?",
        facts=[
            U("Hervannan yhtenäiskoulu"),
            RULE(
                "erityisluokan tunnit aina samassa luokassa",
                "erityisluokka aina samassa tilassa",
                "erityisluokan tunteja ei siirretä muihin luokkiin",
            ),
        ],
    )
    s.turn(
        "erityisopettaja on Sanna Lehtinen, ja rehtorin numero 040 718 2296 jos tulee jotain isoa. erityisluokka on A214",
        "Kirjattu: erityisopettaja Sanna Lehtinen, rehtorin numero 040 718 2296. Erityisluokan tila A214, lukitsen sen.",
        facts=[U("Sanna Lehtinen"), U("040 718 2296", "0407182296")],
    )
    s.turn(
        "katso primuksesta kuka opettaa fysiikkaa ja kemiaa yläkoulussa, tunnus",
        "Primuksen henkilökuntarekisterissä FY/KE: **Jaana Koski**, tunnus **OP-7731**, lyhenne KOSJ, 24 vvt, vakinainen. Muita FY/KE-yhdistelmiä on muutama, mutta hän on ainoa vakinainen.",
        calls=[
            (
                "primus_query",
                {
                    "rekisteri": "henkilökunta 2026-27",
                    "kentat": "tunnus,lyhenne,nimi,aineet,vvt,palvelussuhde",
                },
                fi_teachers(rng, taken),
            )
        ],
        facts=[T("OP-7731")],
    )
    s.turn(
        "koulu alkaa 13.8. seiskoja tulee 143 oppilasta, 6 luokkaa",
        "Kirjattu: koulu alkaa 13.8., seitsemänsiä 143 oppilasta, 6 luokkaa (keskimäärin noin 24 per luokka).",
        facts=[U("13.8.", "13.8.2026")],
    )
    s.turn(
        "missä kemian labra on ja montako paikkaa",
        "Kemian ja fysiikan laboratorio on **B117**: 24 paikkaa, vetokaapit ja hätäsuihku. Jos ryhmä on yli 24, se pitää jakaa.",
        calls=[("primus_query", {"rekisteri": "tilat"}, fi_rooms(rng))],
        facts=[T("B117")],
    )
    s.turn(
        "koulukuljetukset ajaa Länsilinjat. ei hyppytunteja seiskoille, ne on bussin varassa",
        "Kirjattu: koulukuljetukset Länsilinjat. Sääntö: **ei hyppytunteja seiskoille**; seiskojen päivät rakennetaan yhtenäisiksi bussiaikojen mukaan.",
        facts=[
            U("Länsilinjat"),
            RULE(
                "ei hyppytunteja seiskoille",
                "seiskoille ei hyppytunteja",
                "7. luokille ei välitunteja tyhjänä",
            ),
        ],
    )
    s.turn(
        "mihin aikaan vuoresin koulukuljetus lähtee iltapäivällä",
        "Linja 74, Hervannan yhtenäiskoulu → Vuores, lähtee **14.52** koulupäivinä (koulukuljetus). Vuoresin seiskojen viimeisen tunnin pitää siis loppua viimeistään noin 14.45.",
        calls=[
            (
                "http_get",
                {
                    "url": "https://data.itsfactory.fi/journeys/api/1/stop-points?name=Hervannan%20yhten%C3%A4iskoulu"
                },
                fi_bus(rng),
            )
        ],
        facts=[T("14.52")],
    )
    s.turn(
        "liikunnat on liikuntasali B:ssä kun A on remontissa koko syksyn. ruokailu alkaa klo 10.45",
        "Kirjattu: liikunta syksyllä vain liikuntasali B:ssä (A remontissa). Ruokailu alkaa klo 10.45.",
        facts=[U("liikuntasali B")],
    )
    s.turn(
        "paljonko tuntikehys on yhteensä",
        "Laskettu tuntikehys 2026-27: **1 284** vvt yhteensä, sisältää erityisopetuksen ja S2-opetuksen.",
        calls=[("read_file", {"path": "hallinto/tuntikehys_2026-27.xlsx"}, fi_kehys(rng))],
        facts=[T("1 284", "1284")],
    )
    s.turn(
        "sijaiset tilataan Seure kautta. liikunta ei koskaan heti ruokailun jälkeen, lapset oksentaa",
        "Kirjattu: sijaiset Seuren kautta. Sääntö: **liikunta ei koskaan heti ruokailun jälkeen**; lukitsen liikunnan pois ruokailua seuraavalta tunnilta.",
        facts=[
            U("Seure"),
            RULE(
                "liikunta ei koskaan heti ruokailun jälkeen",
                "ei liikuntaa heti ruokailun jälkeen",
                "liikunta ei ruokailun jälkeiselle tunnille",
            ),
        ],
    )
    s.turn(
        "kaupungilta tuli päätös sijaisbudjetista, mikä sen diaarinumero on, ja summa 12 000 €",
        "Kasvatus- ja opetuspalveluiden päätös, diaarinumero **TRE:4417/12.01.00/2026**. Summa 12 000 € sijaisbudjetiksi syyslukukaudelle, kirjattu.",
        calls=[
            (
                "email_search",
                {"query": "päätös sijaisbudjetti Hervanta"},
                "1 tulos\nLähettäjä: kirjaamo@tampere.fi\nAihe: Viranhaltijapäätös, sijaisbudjetti syyslukukausi 2026\n\nDiaarinumero: TRE:4417/12.01.00/2026\nPäätös: Hervannan yhtenäiskoululle myönnetään sijaisbudjetti syyslukukaudelle 2026.\nPerustelu: tuntikehys ja aiempien vuosien toteuma.\nMuutoksenhaku: oikaisuvaatimusohje liitteenä.\nKasvatus- ja opetuspalvelut",
            )
        ],
        facts=[T("TRE:4417/12.01.00/2026")],
    )
    s.turn(
        "ajoin törmäysraportin, mikä siellä on pahinta",
        "Törmäysraportissa (luonnos v3) on 201 riviä, useimmat siirretty tai hyväksytty poikkeus. Kriittinen on yksi: **ma 3. tunti, opettaja LAMI**: 8B ruotsi ja 8C ruotsi samaan aikaan, ratkaisematta.",
        calls=[
            ("primus_report", {"raportti": "törmäykset", "versio": "v3"}, fi_conflicts(rng, taken))
        ],
        facts=[T("LAMI")],
    )
    s.turn(
        "ruotsi yhdistetään 8B ja 8C, ei erillisiä ryhmiä. ne on pieniä kumpikin",
        "Kirjattu: **ruotsi yhdistetään 8B ja 8C, ei erillisiä ryhmiä**. Yhdistetty ryhmä ma 3. tunnille LAMI:lle, törmäys poistuu.",
        facts=[
            CHOICE(
                "ruotsi yhdistetään 8B ja 8C, ei erillisiä ryhmiä",
                "8B ja 8C ruotsi yhdistetään",
                "ruotsin ryhmät yhteen",
            )
        ],
    )
    s.turn(
        "huoltajille ei lähetetä mitään ennen kuin rehtori on hyväksynyt, ei edes lukkaria. vanhempainilta on ti 1.9. illalla",
        "Sääntö: **huoltajille ei lähetetä mitään ennen kuin rehtori on hyväksynyt**. Wilma-tiedotteet jäävät luonnoksiksi, kunnes rehtori kuittaa. Vanhempainilta ti 1.9. kirjattu.",
        facts=[
            RULE(
                "huoltajille ei lähetetä mitään ennen kuin rehtori on hyväksynyt",
                "ei mitään huoltajille ilman rehtorin hyväksyntää",
                "rehtori hyväksyy ennen lähettämistä",
            )
        ],
    )
    s.turn(
        "valinnaiset keskiviikkoon, ei perjantaihin. perjantaina puolet on poissa",
        "Kirjattu: **valinnaiset keskiviikkoon, ei perjantaihin**. Siirrän 8. ja 9. luokan valinnaisaineet keskiviikon 5.-6. tunnille.",
        facts=[
            CHOICE(
                "valinnaiset keskiviikkoon, ei perjantaihin",
                "valinnaiset keskiviikolle",
                "ei valinnaisia perjantaina",
            )
        ],
    )
    s.turn(
        "jaana koski jää opintovapaalle marraskuussa. ei palkata uutta kemian opettajaa, jaetaan tunnit",
        "Kirjattu: **ei palkata uutta kemian opettajaa, jaetaan tunnit**. Kosken FY/KE-tunnit marraskuusta jaetaan talon sisällä, ja loput hoidetaan sijaisilla.",
        facts=[
            CHOICE(
                "ei palkata uutta kemian opettajaa, jaetaan tunnit",
                "ei uutta kemian opettajaa",
                "kemian tunnit jaetaan",
            )
        ],
    )
    s.turn(
        "katso seurelta onko fy/ke sijaista hervannassa ma-pe",
        "Seuren listalla Hervannassa ma-pe FY/KE: **Pekka Rantanen**, sijaisnumero **SEU-88214**. Muut FY/KE-sijaiset ovat muilla alueilla tai vain osan viikkoa.",
        calls=[
            (
                "seure_search",
                {"aineet": "FY,KE,MA", "alue": "Tampere", "pvm": "2026-08-03"},
                fi_seure(rng),
            )
        ],
        facts=[T("SEU-88214")],
    )
    s.turn(
        "seiskoja tuleekin 151 oppilasta, muuttoja tuli kesällä",
        "Päivitetty: seitsemänsiä **151 oppilasta**. Kuudessa luokassa se on noin 25 per luokka; kemian labraryhmät (B117, 24 paikkaa) pitää jakaa.",
        fix=[("143 oppilasta", "151 oppilasta")],
    )
    s.turn(
        "s2 ryhmä seiskoille, mikä sen ryhmäkoodi wilmassa on",
        "Wilmassa seiskojen S2-ryhmä: **ÄI07S2**, luokat 7D+7E, 11 oppilasta, suomi toisena kielenä.",
        calls=[("wilma_query", {"nakyma": "opetusryhmät", "aste": "yläkoulu"}, fi_groups(rng))],
        facts=[T("ÄI07S2")],
    )
    s.turn(
        "keittiö sanoi ruokailu alkaa klo 11.05 syksyllä",
        "Päivitetty: ruokailu alkaa **klo 11.05**. Tarkistan, ettei liikuntaa ole heti ruokailun jälkeisellä tunnilla.",
        fix=[("10.45", "11.05")],
    )
    s.turn(
        "montako liikuntaryhmää mahtuu saliin B yhtä aikaa",
        "Liikuntasali B on jaettavissa kahteen osaan väliverholla, joten kaksi ryhmää yhtä aikaa. Yläkoulun liikuntaryhmiä on viikossa noin 36, eli sali B on käytössä lähes joka tunti; ruokailun jälkeinen tunti jää liikunnalta pois säännön mukaan.",
    )
    s.turn(
        "vanhempainilta siirtyy ke 2.9., varaa auditorio klo 18",
        "Varattu: auditorio ke 2.9. klo 18.00, varaus **VAR-2026-1182**, vanhempainilta.",
        calls=[
            ("varaamo_book", {"tila": "auditorio", "pvm": "2.9.", "klo": "18.00"}, fi_booking(rng))
        ],
        facts=[T("VAR-2026-1182")],
        fix=[("1.9.", "2.9.")],
    )
    s.turn(
        "mihin kustannuspaikkaan sijaiskulut kirjataan",
        "Talousarviotaulukon mukaan sijaiskulut kirjataan kustannuspaikalle **31104210** (Hervannan yhtenäiskoulu, sijaiset).",
        calls=[
            (
                "sheets_read",
                {"file": "talous/syksy2026.xlsx", "sheet": "kustannuspaikat"},
                "kustannuspaikka;nimi;huom\n31104200;Hervannan yhtenäiskoulu, perusopetus;\n31104210;Hervannan yhtenäiskoulu, sijaiset;sijaiskulut tänne\n31104220;Hervannan yhtenäiskoulu, erityisopetus;\n31104230;Hervannan yhtenäiskoulu, oppilashuolto;\n31104290;Hervannan yhtenäiskoulu, muut;",
            )
        ],
        facts=[T("31104210")],
    )
    s.turn(
        "kaupunki leikkas, sijaisbudjetti on nyt 9 500 €",
        "Päivitetty: sijaisbudjetti **9 500 €**. Jos Seuren tuntihinta on noin 38 €, se riittää noin 250 sijaistuntiin syksyllä.",
        fix=[("12 000 €", "9 500 €")],
    )
    s.turn(
        "sori, väärin kirjoitin aiemmin: erityisluokka on A241",
        "Korjattu: erityisluokan tila on **A241**. Lukitsin sen kaikille erityisluokan tunneille.",
        fix=[("A214", "A241")],
    )
    s.turn(
        "vanhempainyhdistyksen puheenjohtajan numero, se oli jossain viestissä",
        "Vanhempainyhdistyksen puheenjohtaja Marjo Aaltonen: **050 339 4871** (viestistä 28.5.).",
        calls=[
            (
                "email_search",
                {"query": "vanhempainyhdistys puheenjohtaja"},
                "Lähettäjä: hervannan.vanhemmat@gmail.com\nAihe: Syksyn yhteistyö\n\nHei Riikka,\nvanhempainyhdistys haluaa olla mukana vanhempainillassa. Puheenjohtajana jatkaa Marjo Aaltonen, puh. 050 339 4871.\nTerveisin, hallitus",
            )
        ],
        facts=[T("050 339 4871", "0503394871")],
    )
    s.turn(
        "koulukuvaus, kuvaamo ehdotti syyskuuta. kuvaus lokakuulle, ei syyskuulle",
        "Kirjattu: **kuvaus lokakuulle, ei syyskuulle**. Ilmoitan kuvaamolle, että syyskuu ei käy.",
        facts=[
            CHOICE(
                "kuvaus lokakuulle, ei syyskuulle",
                "koulukuvaus lokakuussa",
                "ei kuvausta syyskuussa",
            )
        ],
    )
    s.turn(
        "koulun y-tunnus kuvaamon laskua varten",
        "Tampereen kaupungin (laskutus koulun kautta) y-tunnus on **0987215-4**, viitteeksi kustannuspaikka.",
        calls=[
            (
                "read_file",
                {"path": "hallinto/laskutusohje.txt"},
                "LASKUTUSOHJE - Hervannan yhtenäiskoulu\nLaskut Tampereen kaupungille, verkkolasku.\nY-tunnus: 0987215-4\nVerkkolaskuosoite: 003709872154\nOperaattori: Basware (BAWCFI22)\nViitteeksi aina koulun nimi ja kustannuspaikka.",
            )
        ],
        facts=[T("0987215-4")],
    )
    s.turn(
        "tee seiskojen maanantai luonnos",
        "7A maanantai (luonnos):\n1. 8.15-9.00 ÄI\n2. 9.10-9.55 MA\n3. 10.10-10.55 EN\n4. ruokailu 11.05-11.35, sitten 11.40-12.25 BI\n5. 12.35-13.20 KU\n6. 13.30-14.15 HI\nEi hyppytunteja, liikuntaa ei ruokailun jälkeen, päivä loppuu ennen linjan 74 lähtöä 14.52.",
    )
    s.turn(
        "hyvä. tee sama 7d:lle, siellä on s2",
        "7D maanantai: sama runko, mutta 1. tunti ÄI korvataan S2-ryhmällä ÄI07S2 (7D+7E yhdessä), ja 7E:n suomenkieliset menevät samaan aikaan ÄI:hin erikseen. Muuten ei hyppytunteja ja päivä loppuu 14.15.",
    )
    s.turn(
        "entä erityisluokka, kaikki tunnit samassa tilassa?",
        "Kyllä: erityisluokan kaikki tunnit A241:ssä, paitsi liikunta (liikuntasali B) ja kemia/fysiikka, joita ei pidetä B117:ssä vaan Sanna Lehtinen tuo demot luokkaan. Näin sääntö pitää.",
    )
    s.turn(
        "tarkista vielä törmäykset uudestaan",
        "Ajoin raportin uudelleen (luonnos v4): kriittisiä törmäyksiä ei ole. LAMI:n ruotsi on nyt yhdistetty ryhmä 8B+8C. Jäljellä 9 tilatörmäystä, kaikki ratkaistavissa siirroilla.",
        calls=[
            (
                "primus_report",
                {"raportti": "törmäykset", "versio": "v4"},
                "Primus Kurre - törmäysraportti, luonnos v4\nkriittiset: 0\ntilatörmäykset: 9 (ratkaistavissa)\nopettajatörmäykset: 0",
            )
        ],
    )
    s.turn(
        "laita wilma tiedote luonnokseksi huoltajille lukkarista ja vanhempainillasta",
        "Luonnos Wilmaan (ei lähetetty): lukujärjestykset näkyvät 13.8., vanhempainilta ke 2.9. klo 18 auditoriossa. Odottaa rehtorin hyväksyntää ennen lähettämistä.",
        calls=[
            (
                "wilma_draft",
                {
                    "vastaanottajat": "huoltajat 7-9",
                    "otsikko": "Syksyn lukujärjestys ja vanhempainilta",
                },
                "luonnos tallennettu (ei lähetetty)",
            )
        ],
    )
    s.turn(
        "lähetä rehtorille tarkistettavaksi",
        "Lähetin rehtorille tekstiviestin (040 718 2296): Wilma-tiedote odottaa hyväksyntää.",
        calls=[
            (
                "sms_send",
                {"to": "0407182296", "text": "Wilma-tiedote huoltajille odottaa hyväksyntääsi"},
                "OK",
            )
        ],
    )
    s.turn(
        "paljonko sijaistunteja marraskuussa tarvitaan kun koski on poissa",
        "Kosken 24 vvt:sta noin puolet voidaan jakaa talon sisällä. Loput noin 12 tuntia viikossa × 4 viikkoa = 48 tuntia marraskuussa Seurelta, noin 1 824 €, 9 500 €:n budjetista.",
    )
    s.turn(
        "katso valinnaisainevalinnat, montako ryhmää tulee",
        "Valintoja on 170 oppilaalta (kaksi valintaa kukin). Suosituimmat: kotitalous, liikunta ja ohjelmointi, kukin noin 3 ryhmää; kuvataide, tekninen työ ja media noin 2 ryhmää; saksa ja ranska 1 ryhmä kumpikin. Yhteensä noin 22 ryhmää keskiviikon 5.-6. tunnille, mikä vaatii kaksi rinnakkaista palkkia.",
        calls=[
            (
                "wilma_query",
                {"nakyma": "kurssitarjotin", "aste": "8-9", "tyyppi": "valinnaiset"},
                fi_choices(rng),
            )
        ],
    )
    s.turn(
        "tee rantaselle alustava sijaisvaraus marraskuulle",
        "Alustava varaus Seureen: Pekka Rantanen (SEU-88214), FY/KE, marraskuu, ma-pe, kustannuspaikka 31104210.",
        calls=[
            (
                "seure_book",
                {"sijainen": "SEU-88214", "kk": "2026-11", "kustannuspaikka": "31104210"},
                "alustava varaus tallennettu, vahvistus 14 vrk ennen",
            )
        ],
    )
    s.turn(
        "salin a remontti, onko siitä aikataulua",
        "Tilapalveluiden mukaan salin A remontti kestää joulukuun loppuun, joten koko syksy liikunta on liikuntasali B:ssä. Salin B vuorot ovat iltaisin seuroilla klo 17 jälkeen, joten koulupäivään ei tule törmäyksiä.",
    )
    s.turn(
        "säännöt vielä kertaalleen",
        "1. Erityisluokan tunnit aina samassa luokassa.\n2. Ei hyppytunteja seiskoille.\n3. Liikunta ei koskaan heti ruokailun jälkeen.\n4. Huoltajille ei lähetetä mitään ennen kuin rehtori on hyväksynyt.",
        recall=[
            "erityisluokan tunnit aina samassa luokassa",
            "ei hyppytunteja seiskoille",
            "liikunta ei koskaan heti ruokailun jälkeen",
            "huoltajille ei lähetetä mitään ennen kuin rehtori on hyväksynyt",
        ],
    )
    s.turn(
        "rehtorin numero, hukkasin",
        "040 718 2296.",
        recall=["040 718 2296"],
    )
    s.turn(
        "kuka on erityisopettaja ja missä tilassa erityisluokka on",
        "Sanna Lehtinen; erityisluokka A241.",
        recall=["Sanna Lehtinen", "A241"],
    )
    s.turn(
        "fy/ke opettajan tunnus primuksessa",
        "Jaana Koski, OP-7731 (KOSJ).",
        recall=["OP-7731"],
    )
    s.turn(
        "mikä oli kemian labra",
        "B117, 24 paikkaa.",
        recall=["B117"],
    )
    s.turn(
        "koska koulu alkaa ja paljonko seiskoja",
        "13.8.; seitsemänsiä 151 oppilasta.",
        recall=["13.8.", "151 oppilasta"],
    )
    s.turn(
        "mihin aikaan vuoresin bussi lähtee ja kuka ajaa",
        "Linja 74 lähtee 14.52, koulukuljetukset ajaa Länsilinjat.",
        recall=["14.52", "Länsilinjat"],
    )
    s.turn(
        "paljonko tuntikehys oli",
        "1 284 vvt.",
        recall=["1 284"],
    )
    s.turn(
        "sijaisbudjetin diaarinumero ja summa",
        "TRE:4417/12.01.00/2026; summa nyt 9 500 €.",
        recall=["TRE:4417/12.01.00/2026", "9 500 €"],
    )
    s.turn(
        "kuka oli se kriittinen törmäys ope ja miten ratkaistiin",
        "LAMI (ma 3. tunti); ratkaistiin niin, että ruotsi yhdistetään 8B ja 8C, ei erillisiä ryhmiä.",
        recall=["LAMI", "ruotsi yhdistetään 8B ja 8C, ei erillisiä ryhmiä"],
    )
    return s.write(out)


BUILDERS: list[Callable[[Path], dict[str, Any]]] = [
    catering,
    trawler,
    gameops,
    permit,
    translator,
    timetable,
]

if __name__ == "__main__":
    for build in BUILDERS:
        print(f"{build.__name__}: {build(HERE)}")
