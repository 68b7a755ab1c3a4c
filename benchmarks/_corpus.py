"""The estimator's corpus: text families a session meets, each split into a fit and a held-out part.

Families are either hand-written samples (``tests/data/estimator``) or deterministic generators
(seeded ``random.Random``) of the number-heavy text tools return: JSON search results full of
floats, coordinates and ids, server logs, Markdown tables of SKUs and prices, URLs, Chinese
Markdown mixed with English and codes, Japanese and Korean business messages, chat with emoji.

The split: a hand-written family keeps one file out of the fit (or, for Japanese and Korean, a
file on another subject). A generated family's held-out documents come from other seeds *and*
the other half of every vocabulary (names, words, hosts, products, sentences): each pool is
split by position, even items for the fit, odd items held out, so a held-out document shares
the fit's shapes but none of its words. The estimator's weights were fitted on the fit part
only (``python -m benchmarks.fit_estimator``); the benchmark checks both parts.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, TypeVar

Part = Literal["fit", "held-out"]
PARTS: tuple[Part, Part] = ("fit", "held-out")
SAMPLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "estimator"
DOCS_PER_PART = 8

T = TypeVar("T")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _pool(text: str, sep: str | None = None) -> tuple[str, ...]:
    """A vocabulary written as one string, its items split on ``sep`` (default: spaces)."""
    return tuple(text.split(sep))


class _Pools:
    """Every vocabulary, cut to the half that ``part`` may use."""

    def __init__(self, rng: random.Random, part: Part) -> None:
        self.rng = rng
        self.offset = 0 if part == "fit" else 1

    def half(self, items: Sequence[T]) -> list[T]:
        return list(items[self.offset :: 2])

    def pick(self, items: Sequence[T]) -> T:
        return self.rng.choice(self.half(items))

    def picks(self, items: Sequence[T], k: int) -> list[T]:
        half = self.half(items)
        return self.rng.sample(half, min(k, len(half)))


WORDS = _pool(
    "harbor latency flight museum vector ledger garden river station quantum cache shard "
    "region index delta travel summit canyon forest meadow bridge castle market orchard "
    "terrace lantern compass anchor beacon cobalt crimson silver amber willow cedar maple "
    "falcon otter heron badger lynx raven sparrow panther"
)
CITIES = _pool(
    "Paris Lyon Madrid Berlin Lisbon Vienna Prague Porto Seville Munich Zurich Geneva "
    "Milan Turin Naples Krakow Dublin Edinburgh Bristol Antwerp Ghent Utrecht Bergen Aarhus"
)
HOTEL_KINDS = ["Hotel", "Hôtel", "Residence", "Inn", "Suites", "Hostel", "Apartments", "Lodge"]
TAGS = _pool(
    "wifi breakfast parking pool spa gym pets kitchen balcony airport-shuttle bar terrace "
    "family accessible quiet central"
)
HOSTS = _pool(
    "shop.example.com api.example.org cdn.example.net docs.example.io www.example.co.uk "
    "static.example.com maps.example.org blog.example.dev status.example.com img.example.net "
    "accounts.example.com search.example.org"
)
PATH_WORDS = _pool(
    "api v1 v2 orders items products users search static assets img docs guide reference "
    "checkout cart account settings reports export download share track events"
)
PRODUCTS = _pool(
    "Wireless Mouse|USB-C Hub 7-in-1|Mechanical Keyboard|27in Monitor|Laptop Stand|Webcam 1080p|"
    "Noise Cancelling Headphones|Portable SSD 1TB|HDMI Cable 2m|Desk Lamp LED|Ergonomic Chair|"
    "Bluetooth Speaker|Phone Case Pro|Power Bank 20000mAh|Smart Plug|Router AX3000|"
    "Graphics Tablet|Microphone Arm|Cable Organizer|Surge Protector 6-Outlet",
    "|",
)
COLORS = ["BLK", "WHT", "GRY", "BLU", "RED", "GRN", "SLV", "NVY"]
SERVICES = _pool("api-gateway orders billing auth search inventory notifier scheduler")
LOG_MESSAGES = _pool(
    "connection reset by peer|slow query|cache miss for key|retrying request|"
    "payment authorised|token refreshed|rate limit exceeded|job finished|"
    "upstream timed out|health check passed|user logged in|queue depth high|"
    "file uploaded|config reloaded|deadlock detected|webhook delivered",
    "|",
)
EMOJI = _pool(
    "🎉 🚀 👍 ❤️ 😂 🙏 🔥 ✅ 👀 💯 😅 🤔 👏 🙌 😍 🥳 ✨ 💪 😭 🤯 🍕 ☕ 🌧️ 🌞 "
    "👍🏽 👋🏻 👨‍👩‍👧 🧑‍💻 🏳️‍🌈 🇫🇷 🇯🇵 🇰🇷 🇨🇳 1️⃣ ⭐ 📦 🐛 🛠️ 📈 📉"
)
CHAT_LINES = _pool(
    "Great job team, the release is live|Can someone review my PR before lunch|"
    "The build is green again|Deploying to staging now|Coffee break in five minutes|"
    "Who broke the nightly tests|Thanks for the quick fix|Meeting moved to 3pm|"
    "I found the bug, it was a timezone issue|Happy birthday Sam|"
    "The dashboard looks amazing|Rolling back, error rate is up|"
    "Weekend plans anyone|Docs are updated|New intern starts Monday|We hit 10k users today",
    "|",
)
ZH_SENTENCES = _pool(
    "订单已经提交，请耐心等待仓库处理。|系统会在付款成功后自动发送确认邮件。|"
    "如果物流信息长时间没有更新，请联系客服。|本次更新修复了登录页面的若干问题。|"
    "请在部署前确认所有测试都已通过。|该接口的平均响应时间明显下降。|"
    "用户反馈页面在移动端显示不完整。|我们计划在下个版本中支持批量导出。|"
    "数据库迁移需要在维护窗口内完成。|请不要在生产环境直接修改配置文件。|"
    "退款将在三到五个工作日内原路返回。|新功能默认关闭，需要在后台手动开启。|"
    "日志显示该服务在凌晨出现过一次重启。|为了保证安全，密码需要定期更换。|"
    "这个问题只在特定的浏览器版本中出现。|会议纪要已经同步到共享文档中。",
    "|",
)
ZH_TERMS = _pool(
    "API Gateway|Redis|Kubernetes|PostgreSQL|Docker|Nginx|Webhook|CI/CD|Grafana|OAuth|"
    "Kafka|S3|TLS|JSON|SDK|CDN",
    "|",
)
JA_SENTENCES = _pool(
    "ご注文ありがとうございます。|商品は倉庫で出荷の準備をしております。|"
    "お支払いの確認が取れ次第、確認メールをお送りします。|配送状況はマイページからご確認いただけます。|"
    "ご不明な点がございましたら、お気軽にお問い合わせください。|システムメンテナンスのため、一時的にサービスを停止いたします。|"
    "ご迷惑をおかけして申し訳ございません。|返品の際は、購入日から三十日以内にご連絡ください。|"
    "新しい機能を追加しましたので、ぜひお試しください。|会議の資料を共有フォルダにアップロードしました。|"
    "明日の打ち合わせは午後二時からに変更になりました。|ログイン時に二段階認証が必要になります。|"
    "在庫が少なくなっておりますので、お早めにご注文ください。|ポイントは次回のお買い物から利用できます。",
    "|",
)
KO_SENTENCES = _pool(
    "주문해 주셔서 감사합니다.|상품은 현재 출고 준비 중입니다.|"
    "결제가 확인되면 안내 메일을 보내 드리겠습니다.|"
    "배송 현황은 마이페이지에서 확인하실 수 있습니다.|"
    "궁금한 점이 있으시면 언제든지 문의해 주세요.|시스템 점검으로 인해 서비스가 일시 중단됩니다.|"
    "불편을 드려 죄송합니다.|반품은 구매일로부터 삼십 일 이내에 신청해 주세요.|"
    "새로운 기능이 추가되었으니 꼭 사용해 보세요.|회의 자료를 공유 폴더에 올렸습니다.|"
    "내일 회의는 오후 두 시로 변경되었습니다.|로그인할 때 2단계 인증이 필요합니다.|"
    "재고가 얼마 남지 않았으니 서둘러 주문해 주세요.|적립금은 다음 구매부터 사용할 수 있습니다.",
    "|",
)


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _uuid(rng: random.Random) -> str:
    return "-".join(_hex(rng, n) for n in (8, 4, 4, 4, 12))


def _b64(rng: random.Random, n: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    return "".join(rng.choice(alphabet) for _ in range(n))


def _timestamp(rng: random.Random) -> tuple[int, int, int, int, int, int, int]:
    return (
        rng.randint(2023, 2026), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
        rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999),
    )  # fmt: skip


def _iso(rng: random.Random) -> str:
    y, mo, d, h, mi, s, ms = _timestamp(rng)
    return f"{y}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}.{ms:03d}Z"


def _url(p: _Pools) -> str:
    rng = p.rng
    parts = p.picks(PATH_WORDS, rng.randint(1, 3))
    if rng.random() < 0.6:
        parts.append(str(rng.randint(1, 999_999)))
    if rng.random() < 0.3:
        parts.append(f"{p.pick(WORDS)}-{p.pick(WORDS)}.{rng.choice(['html', 'png', 'js', 'pdf'])}")
    url = f"https://{p.pick(HOSTS)}/{'/'.join(parts)}"
    query = []
    if rng.random() < 0.5:
        query.append(f"id={_hex(rng, rng.choice([8, 12, 24]))}")
    if rng.random() < 0.4:
        query.append(f"q={p.pick(WORDS)}+{p.pick(WORDS)}")
    if rng.random() < 0.3:
        query += ["utm_source=newsletter", f"utm_campaign={p.pick(WORDS)}_{rng.randint(1, 52)}"]
    if rng.random() < 0.2:
        query.append(f"token={_b64(rng, rng.randint(16, 40))}")
    if query:
        url += "?" + "&".join(query)
    if rng.random() < 0.1:
        url += f"#{p.pick(WORDS)}"
    return url


def json_search(p: _Pools) -> str:
    rng = p.rng
    results = []
    for rank in range(1, rng.randint(4, 16)):
        lat, lng = rng.uniform(36.0, 60.0), rng.uniform(-9.0, 24.0)
        results.append(
            {
                "id": rng.choice([_uuid(rng), f"pl_{_hex(rng, 12)}", rng.randint(10**6, 10**9)]),
                "place_id": "ChIJ" + _b64(rng, 23),
                "rank": rank,
                "name": f"{p.pick(HOTEL_KINDS)} {p.pick(WORDS).title()} {p.pick(CITIES)}",
                "location": {"lat": round(lat, 6), "lng": round(lng, 6)},
                "bbox": [round(c, 5) for c in (lat - 0.01, lng - 0.01, lat + 0.01, lng + 0.01)],
                "rating": round(rng.uniform(2.5, 5.0), 1),
                "reviews": rng.randint(3, 25_000),
                "price": {"amount": round(rng.uniform(35, 900), 2), "currency": "EUR"},
                "distance_km": round(rng.uniform(0.05, 30), 3),
                "score": round(rng.random(), rng.choice([4, 6, 8])),
                "updated_at": _iso(rng),
                "tags": p.picks(TAGS, rng.randint(0, 4)),
                "url": _url(p),
            }
        )
    doc = {
        "query": f"{p.pick(HOTEL_KINDS).lower()} near {p.pick(CITIES)}",
        "total": rng.randint(20, 20_000),
        "took_ms": round(rng.uniform(3, 400), 1),
        "request_id": _uuid(rng),
        "results": results,
    }
    indent = rng.choice([None, 2])
    return json.dumps(doc, indent=indent, ensure_ascii=rng.random() < 0.5)


def server_logs(p: _Pools) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(15, 60)):
        y, mo, d, h, mi, s, ms = _timestamp(rng)
        service, message = p.pick(SERVICES), p.pick(LOG_MESSAGES)
        level = rng.choice(["INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG"])
        style = rng.random()
        if style < 0.35:
            path = "/" + "/".join(p.picks(PATH_WORDS, 2)) + f"/{rng.randint(1, 99_999)}"
            lines.append(
                f"{y}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{s:02d},{ms:03d} {level:<5} "
                f"[{service}-{rng.randint(1, 8)}] {rng.choice(['GET', 'POST', 'PUT'])} {path} "
                f"-> {rng.choice([200, 200, 201, 204, 404, 500, 503])} in "
                f"{rng.uniform(0.3, 2500):.1f} ms (request_id={_uuid(rng)})"
            )
        elif style < 0.6:
            ip = ".".join(str(rng.randint(1, 254)) for _ in range(4))
            month = MONTHS[mo - 1]
            asset = f"/static/{p.pick(WORDS)}.{_hex(rng, 8)}.{rng.choice(['js', 'css', 'png'])}"
            lines.append(
                f'{ip} - - [{d:02d}/{month}/{y}:{h:02d}:{mi:02d}:{s:02d} +0000] "GET {asset} '
                f'HTTP/1.1" {rng.choice([200, 304, 404])} {rng.randint(120, 900_000)} '
                f'"{_url(p)}" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 '
                f"Chrome/{rng.randint(100, 125)}.0.{rng.randint(1000, 6999)}."
                f'{rng.randint(10, 199)}"'
            )
        elif style < 0.85:
            entry = {
                "ts": f"{y}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}.{ms:03d}Z",
                "level": level.lower(),
                "service": service,
                "msg": message,
                "duration_ms": round(rng.uniform(0.1, 5000), 2),
                "trace_id": _hex(rng, 32),
                "span_id": _hex(rng, 16),
                "rows": rng.randint(0, 100_000),
            }
            lines.append(json.dumps(entry, separators=(",", ":")))
        else:
            lines.append(
                f"E{mo:02d}{d:02d} {h:02d}:{mi:02d}:{s:02d}.{ms:03d}{rng.randint(100, 999)}"
                f"       1 {p.pick(WORDS)}.go:{rng.randint(10, 900)}] {message}: pod "
                f"{service}-{_hex(rng, 10)}-{_b64(rng, 5).lower()} in namespace prod "
                f"(restarts={rng.randint(0, 40)}, exit code {rng.choice([0, 1, 137, 143])})"
            )
    return "\n".join(lines) + "\n"


def markdown_tables(p: _Pools) -> str:
    rng = p.rng
    currency = rng.choice(["$", "€", "£", "¥"])
    rows = ["| SKU | Product | Price | Qty | Discount | Total |", "|---|---|---:|---:|---:|---:|"]
    total = 0.0
    for _ in range(rng.randint(6, 30)):
        price = round(rng.uniform(2, 1500), 2)
        qty = rng.randint(1, 40)
        discount = rng.choice([0, 0, 5, 10, 15, 25])
        line = round(price * qty * (100 - discount) / 100, 2)
        total += line
        sku = f"{p.pick(['SKU', 'ITM', 'PRD', 'ART'])}-{rng.randint(1000, 99999)}-{p.pick(COLORS)}"
        rows.append(
            f"| {sku} | {p.pick(PRODUCTS)} | {currency}{price:,.2f} | {qty} | "
            f"{f'-{discount}%' if discount else '—'} | {currency}{line:,.2f} |"
        )
    head = f"### Order {rng.randint(10**5, 10**6)} ("
    head += f"{rng.randint(2023, 2026)}-{rng.randint(1, 12):02d})"
    return f"{head}\n\n" + "\n".join(rows) + f"\n\n**Total: {currency}{total:,.2f}**\n"


def urls(p: _Pools) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(8, 40)):
        url = _url(p)
        style = rng.random()
        if style < 0.4:
            lines.append(f"- [{p.pick(WORDS).title()} {p.pick(WORDS)}]({url})")
        elif style < 0.7:
            lines.append(url)
        else:
            lines.append(f"See {url} for the {p.pick(WORDS)} report.")
    return "\n".join(lines) + "\n"


def zh_en_markdown(p: _Pools) -> str:
    rng = p.rng
    out = [f"## {p.pick(['订单处理说明', '部署检查清单', '故障复盘', '版本发布记录'])}", ""]
    for _ in range(rng.randint(6, 20)):
        style = rng.random()
        day = f"{rng.randint(1, 12)}月{rng.randint(1, 28)}日"
        if style < 0.3:
            date = f"{rng.randint(2023, 2026)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            code = f"ORD-{date}-{rng.randint(0, 9999):04d}"
            out.append(
                f"- 订单号：`{code}`，金额：¥{rng.uniform(10, 9999):,.2f}，预计 {day} 送达。"
            )
        elif style < 0.55:
            term = p.pick(ZH_TERMS)
            out.append(f"- {p.pick(ZH_SENTENCES)}相关组件：**{term}**（版本 v{rng.randint(1, 9)}."
                       f"{rng.randint(0, 20)}.{rng.randint(0, 9)}）。")  # fmt: skip
        elif style < 0.75:
            pod = f"{p.pick(SERVICES)}-{_hex(rng, 6)}"
            out.append(
                f"使用 `kubectl logs {pod} -n prod --since=1h` 查看日志，{p.pick(ZH_SENTENCES)}"
            )
        else:
            out.append(
                f"{p.pick(ZH_SENTENCES)}{p.pick(ZH_SENTENCES)}"
                f"快递单号 SF{rng.randint(10**11, 10**12)}。"
            )
    return "\n".join(out) + "\n"


def _cjk_messages(p: _Pools, sentences: Sequence[str], fmt: Callable[[random.Random], str]) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(6, 18)):
        lines.append("".join(p.picks(sentences, rng.randint(1, 3))) + fmt(rng))
    return "\n".join(lines) + "\n"


def japanese(p: _Pools) -> str:
    def numbers(rng: random.Random) -> str:
        return (
            f"（注文番号 A-{rng.randint(10**6, 10**7)}、"
            f"{rng.randint(1, 12)}月{rng.randint(1, 28)}日"
            f"発送、合計 {rng.randint(300, 99_999):,}円）"
        )

    return _cjk_messages(p, JA_SENTENCES, numbers)


def korean(p: _Pools) -> str:
    def numbers(rng: random.Random) -> str:
        return (
            f" (주문 번호 K-{rng.randint(10**6, 10**7)}, {rng.randint(1, 12)}월 "
            f"{rng.randint(1, 28)}일 발송, 합계 {rng.randint(1000, 999_999):,}원)"
        )

    return _cjk_messages(p, KO_SENTENCES, numbers)


def csv_export(p: _Pools) -> str:
    rng = p.rng
    lines = ["order_id,sku,city,lat,lng,quantity,unit_price,total,created_at"]
    for _ in range(rng.randint(10, 60)):
        qty, price = rng.randint(1, 50), round(rng.uniform(1, 2000), 2)
        lines.append(
            f"{rng.randint(10**5, 10**7)},{p.pick(['SKU', 'ITM'])}-{rng.randint(1000, 99999)},"
            f"{p.pick(CITIES)},{rng.uniform(36, 60):.5f},{rng.uniform(-9, 24):.5f},{qty},"
            f"{price:.2f},{qty * price:.2f},{_iso(rng)[:19].replace('T', ' ')}"
        )
    return "\n".join(lines) + "\n"


def file_listing(p: _Pools) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(10, 50)):
        depth = p.picks(PATH_WORDS + WORDS, rng.randint(1, 4))
        ext = rng.choice(["py", "ts", "md", "json", "yaml", "rs", "go", "txt"])
        path = "/".join(["src", *depth]) + f"_{p.pick(WORDS)}.{ext}"
        if rng.random() < 0.5:
            _, mo, d, h, mi, _, _ = _timestamp(rng)
            month = MONTHS[mo - 1]
            size = rng.randint(0, 400_000)
            lines.append(f"-rw-r--r-- 1 dev dev {size:>7} {month} {d:2d} {h:02d}:{mi:02d} {path}")
        else:
            lines.append(path)
    return "\n".join(lines) + "\n"


def item_lists(p: _Pools) -> str:
    rng = p.rng
    pools: list[Sequence[str]] = [WORDS, CITIES, PRODUCTS, TAGS, SERVICES, PATH_WORDS]
    out = []
    for _ in range(rng.randint(2, 5)):
        pool = rng.choice(pools)
        bullet = rng.choice(["", "", "- ", "* ", "1. "])
        out.append(f"{p.pick(WORDS).title()}:")
        out += [f"{bullet}{item}" for item in p.picks(pool, rng.randint(4, 12))]
        out.append("")
    return "\n".join(out)


def blobs(p: _Pools) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(4, 14)):
        style = rng.random()
        if style < 0.25:
            data = base64.b64encode(rng.randbytes(rng.randint(60, 900))).decode()
            lines.append(f'{{"image": "data:image/png;base64,{data}"}}')
        elif style < 0.45:
            parts = [base64.urlsafe_b64encode(rng.randbytes(n)).decode().rstrip("=")
                     for n in (27, rng.randint(60, 200), 32)]  # fmt: skip
            lines.append(f"Authorization: Bearer {'.'.join(parts)}")
        elif style < 0.65:
            lines.append(f"sha256:{rng.randbytes(32).hex()}  {p.pick(WORDS)}-{_hex(rng, 7)}.tar.gz")
        elif style < 0.8:
            key = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(40))
            lines.append(f"{p.pick(['api_key', 'secret', 'token', 'session'])}={key}")
        else:
            name = "".join(w.title() for w in p.picks(WORDS + PATH_WORDS, rng.randint(3, 6)))
            lines.append(
                f"at com.example.{p.pick(WORDS)}.{name}Factory.create("
                f"{name}.java:{rng.randint(10, 999)})"
            )
    return "\n".join(lines) + "\n"


def emoji_chat(p: _Pools) -> str:
    rng = p.rng
    lines = []
    for _ in range(rng.randint(10, 40)):
        who = p.pick(["alex", "sam", "kim", "li", "noor", "yuki", "maria", "omar"])
        marks = "".join(p.pick(EMOJI) for _ in range(rng.randint(1, 4)))
        text = p.pick(CHAT_LINES)
        lines.append(f"[{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}] {who}: {text} {marks}")
    return "\n".join(lines) + "\n"


GENERATORS: dict[str, Callable[[_Pools], str]] = {
    "json search results": json_search,
    "server logs": server_logs,
    "markdown sku tables": markdown_tables,
    "urls": urls,
    "zh/en markdown + codes": zh_en_markdown,
    "japanese": japanese,
    "korean": korean,
    "csv export": csv_export,
    "file listing": file_listing,
    "item lists": item_lists,
    "blobs and ids": blobs,
    "emoji chat": emoji_chat,
}
FILES: dict[str, dict[Part, list[str]]] = {
    "english prose": {
        "fit": ["english_prose.txt", "english_technical.txt"],
        "held-out": ["english_heldout.txt"],
    },
    "chinese prose": {
        "fit": ["chinese_prose.txt", "chinese_technical.txt"],
        "held-out": ["chinese_heldout.txt"],
    },
    "python code": {
        "fit": ["python_events.py.txt", "python_tokens.py.txt", "python_scripts.py.txt"],
        "held-out": ["python_heldout.py.txt"],
    },
    "european (de/fr/es)": {"fit": ["european_fit.txt"], "held-out": ["european_heldout.txt"]},
    "russian": {"fit": ["russian_fit.txt"], "held-out": ["russian_heldout.txt"]},
    "json search results": {"fit": ["json_search_results.json", "json_records_compact.json"]},
    "japanese": {"fit": ["japanese_fit.txt"], "held-out": ["japanese_heldout.txt"]},
    "korean": {"fit": ["korean_fit.txt"], "held-out": ["korean_heldout.txt"]},
}
FAMILIES = tuple(dict.fromkeys([*FILES, *GENERATORS]))


def documents(family: str, part: Part) -> list[str]:
    """The documents of ``family`` in ``part``: its sample files, then generated documents."""
    docs = [(SAMPLES / n).read_text(encoding="utf-8") for n in FILES.get(family, {}).get(part, [])]
    generate = GENERATORS.get(family)
    if generate is not None:
        base = 0 if part == "fit" else 1000
        for k in range(DOCS_PER_PART):
            seed = f"{family}/{base + k}"  # str seeds hash the same in every process
            docs.append(generate(_Pools(random.Random(seed), part)))
    return docs


def corpus(part: Part) -> dict[str, list[str]]:
    """Every family's documents in ``part``."""
    return {family: documents(family, part) for family in FAMILIES}


__all__ = ["FAMILIES", "PARTS", "Part", "corpus", "documents"]
