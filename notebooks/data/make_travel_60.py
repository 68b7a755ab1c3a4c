"""Make ``travel_60_turns.jsonl``: a recorded 60-turn travel-planning conversation.

Run ``python notebooks/data/make_travel_60.py [OUT_FILE]`` from the repository root; without an
argument it rewrites ``notebooks/data/travel_60_turns.jsonl``. The output is byte-for-byte the
same on every run: no clock, no network, no randomness that is not seeded from the arguments.

How it is made: a real :class:`~nbagent.agent.session.AgentSession` runs 60 turns. The assistant's
replies come from the script below (a :class:`~nbagent.llm.providers.offline.FunctionProvider`
answers each request: the turn's tool calls first, then a reply written from the tools' actual
results), and the tools are real Python functions over seeded data, run by a
:class:`~nbagent.llm.tools.ToolRegistry`. So the stored history is exactly what a session
stores: tool-use ids, tool names on the results, error results made by the registry.

The trip: Alex, partner Wei and Alex's mother Mei (68, vegetarian, speaks Mandarin) plan 15 nights
in April 2026, London -> Tokyo -> Kyoto -> Osaka -> Shanghai -> Beijing -> London. Tool results
range from about 200 characters (bookings, e-mails, currency) through weather forecasts and file
reads to 20 KB hotel searches; some turns are in Chinese; two tool calls fail (a sold-out room,
a missing file). One message JSON per line, as ``MESSAGE_ADAPTER.dump_json`` writes it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    ContentBlock,
    Message,
    TextBlock,
    ToolResultMessage,
    ToolUseBlock,
)
from nbagent.llm.providers.offline import FunctionProvider
from nbagent.llm.request import MessageRequest, ResultSemantic
from nbagent.llm.tools import ToolRegistry, tool

HERE = Path(__file__).parent
OUT = HERE / "travel_60_turns.jsonl"
MAX_RESULT_CHARS = 19_800

SYSTEM = (
    "You are a careful travel planner. Use the tools to look things up, read and write the "
    "user's notes, and make bookings only when the user asks. Answer in the user's language."
)

# The day each part of the conversation happens (prices and forecasts change from day to day).
TODAY = {"value": "2026-02-10"}


def rng(*parts: object, daily: bool = True) -> random.Random:
    """A generator seeded by ``parts`` (and by the day, for what changes daily: prices)."""
    key = (TODAY["value"], *parts) if daily else parts
    seed = hashlib.sha256("|".join(map(str, key)).encode()).hexdigest()
    return random.Random(int(seed[:16], 16))


def ref(prefix: str, *parts: object) -> str:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest().upper()
    return f"{prefix}-{digest[:6]}"


def fit(payload: dict[str, Any], key: str) -> str:
    """JSON of ``payload``, dropping items of ``payload[key]`` until it fits the result cap."""
    while True:
        text = json.dumps(payload, ensure_ascii=False)
        if len(text) <= MAX_RESULT_CHARS:
            return text
        payload[key] = payload[key][:-1]


# -- tools ----------------------------------------------------------------------------------------

_AIRLINES: dict[tuple[str, str], list[tuple[str, str, str | None]]] = {
    ("LHR", "HND"): [
        ("Japan Airlines", "JL44", None),
        ("ANA", "NH212", None),
        ("British Airways", "BA5", None),
        ("Finnair", "AY1332/AY61", "HEL"),
        ("Emirates", "EK2/EK312", "DXB"),
        ("Cathay Pacific", "CX238/CX542", "HKG"),
        ("Turkish Airlines", "TK1986/TK198", "IST"),
        ("Qatar Airways", "QR16/QR812", "DOH"),
        ("KLM", "KL1010/KL861", "AMS"),
        ("Lufthansa", "LH903/LH716", "FRA"),
    ],
    ("KIX", "PVG"): [
        ("China Eastern", "MU730", None),
        ("Juneyao Air", "HO1336", None),
        ("Spring Airlines", "9C8568", None),
        ("Japan Airlines", "JL891", None),
        ("ANA", "NH973", None),
        ("Air China", "CA928/CA1858", "PEK"),
        ("Korean Air", "KE724/KE893", "ICN"),
    ],
    ("PEK", "LHR"): [
        ("Air China", "CA937", None),
        ("British Airways", "BA38", None),
        ("Finnair", "AY88/AY1337", "HEL"),
        ("Lufthansa", "LH721/LH2476", "FRA"),
        ("KLM", "KL898/KL1007", "AMS"),
        ("Emirates", "EK307/EK5", "DXB"),
        ("Turkish Airlines", "TK21/TK1971", "IST"),
        ("Qatar Airways", "QR893/QR15", "DOH"),
    ],
}
_CABIN_FACTOR = {"economy": 1.0, "premium_economy": 1.55, "business": 3.4}
_BRANDS = [("Standard", 1.0), ("Basic", 0.88), ("Flex", 1.35)]
_CHANGES = {"Basic": "not allowed", "Standard": "allowed for a 150 GBP fee", "Flex": "free"}

# What the searches returned, by id, so a booking can quote names and prices.
OFFERS: dict[str, dict[str, Any]] = {}
HOTELS: dict[str, dict[str, Any]] = {}
TRAINS: dict[tuple[str, str], dict[str, Any]] = {}


@tool(result_semantic=ResultSemantic.FACTUAL)
def search_flights(
    origin: str, destination: str, date: str, cabin: str = "economy", passengers: int = 1
) -> str:
    """Flight offers between two airports on a date, cheapest first.

    Args:
        origin: IATA code of the departure airport, e.g. "LHR".
        destination: IATA code of the arrival airport.
        date: Departure date, YYYY-MM-DD.
        cabin: economy, premium_economy or business.
        passengers: Number of adult passengers.
    """
    r = rng("flights", origin, destination, date, cabin)
    base = {"HND": 720, "PVG": 190, "LHR": 610}[destination]
    offers: list[dict[str, Any]] = []
    hours = {"HND": 14.0, "PVG": 2.4, "LHR": 11.5}[destination]
    for airline, numbers, via in _AIRLINES[(origin, destination)]:
        timetable = rng("schedule", origin, destination, date, numbers, daily=False)
        departure = timetable.randrange(6 * 60, 23 * 60, 5)
        extra = timetable.randint(150, 420) if via else timetable.randint(-20, 25)
        minutes = int(hours * 60) + extra
        fare = base * _CABIN_FACTOR[cabin] * (0.9 if via else 1.2) * r.uniform(0.8, 1.3)
        for brand, factor in _BRANDS[: r.randint(1, 3)]:
            per_person = round(fare * factor)
            offers.append(
                {
                    "offer_id": ref("OF", origin, destination, date, cabin, numbers, brand),
                    "airline": airline,
                    "flights": numbers,
                    "depart": f"{date}T{departure // 60:02d}:{departure % 60:02d}",
                    "duration_min": minutes,
                    "stops": 0 if via is None else 1,
                    "via": via,
                    "cabin": cabin,
                    "fare_brand": brand,
                    "fare_per_person_gbp": per_person,
                    "total_gbp": per_person * passengers,
                    "baggage": f"{2 if cabin != 'economy' else 1} x 23 kg",
                    "refundable": brand == "Flex",
                    "changes": _CHANGES[brand],
                    "seats_left": r.randint(1, 9),
                    "co2_kg_per_person": int(minutes * (3.1 if cabin == "economy" else 4.6)),
                }
            )
    offers.sort(key=lambda o: o["fare_per_person_gbp"])
    OFFERS.update((o["offer_id"], o) for o in offers)
    query = {"origin": origin, "destination": destination, "date": date, "cabin": cabin}
    payload = {"query": {**query, "passengers": passengers}, "currency": "GBP", "results": offers}
    return fit(payload, "results")


_DISTRICTS = {
    "Tokyo": ["Shinjuku", "Shibuya", "Ginza", "Asakusa", "Ueno", "Marunouchi", "Roppongi"],
    "Kyoto": ["Higashiyama", "Gion", "Kyoto Station", "Arashiyama", "Nakagyo", "Pontocho"],
    "Osaka": ["Namba", "Umeda", "Shinsaibashi", "Tennoji", "Honmachi"],
    "上海": ["外滩", "南京东路", "人民广场", "陆家嘴", "新天地", "静安寺"],
    "北京": ["王府井", "东单", "前门", "东直门", "三里屯", "西单"],
}
_KINDS_EN = ["business hotel", "boutique hotel", "ryokan", "city hotel", "serviced apartment"]
_KINDS_ZH = ["商务酒店", "精品酒店", "四合院客栈", "城市酒店", "服务式公寓"]
_AMENITIES = [
    "free wifi", "breakfast", "lift", "airport bus", "laundry", "onsen bath", "24h desk",
    "step-free access", "family rooms", "luggage storage", "vegetarian breakfast", "gym",
]  # fmt: skip


def _hotel(city: str, i: int, nights: int, max_price: int, r: random.Random) -> dict[str, Any]:
    zh = city in ("上海", "北京")
    districts = _DISTRICTS[city]
    district, series = districts[i % len(districts)], i // len(districts)
    k = r.randrange(5)
    kind = (_KINDS_ZH if zh else _KINDS_EN)[k]
    free_days = r.randint(1, 7)
    price = r.randint(max_price // 2, max_price)
    walk = r.randint(1, 14)
    if zh:
        name = (
            f"{city}{district}{['悦庭', '锦江', '和平', '华府', '云居', '嘉园'][series % 6]}{kind}"
        )
        description = (
            f"位于{district}，步行{walk}分钟到地铁站。房间安静，设有电梯和无障碍通道，"
            f"早餐提供素食选择。{['靠近外滩夜景', '步行可达老城区', '周边餐厅众多'][i % 3]}，"
            "前台可代订出租车和演出门票。"
        )
    else:
        prefix = ["Hotel", "Boutique", "Ryokan", "Grand Hotel", "Residence"][k]
        name = f"{prefix} {district} {chr(65 + series % 26)}"
        description = (
            f"A {kind} in {district}, {walk} minutes on foot from the nearest station. Quiet "
            f"rooms, {['tatami and futon', 'western beds', 'twin beds'][i % 3]}, staff who "
            "speak English, and a breakfast with vegetarian options on request."
        )
    return {
        "hotel_id": ref("H", city, i),
        "name": name,
        "type": kind,
        "stars": r.randint(3, 5),
        "rating": round(r.uniform(7.2, 9.6), 1),
        "reviews": r.randint(80, 4200),
        "district": district,
        "walk_to_station_min": walk,
        "price_per_night_gbp": price,
        "total_gbp": price * nights,
        "rooms_left": r.randint(1, 6),
        "amenities": r.sample(_AMENITIES, r.randint(3, 7)),
        "cancellation": (
            f"入住前{free_days}天可免费取消"
            if zh
            else f"free until {free_days} days before arrival"
        ),
        "description": description,
    }


@tool(result_semantic=ResultSemantic.FACTUAL)
def search_hotels(
    city: str, check_in: str, check_out: str, max_price_gbp: int = 250, rooms: int = 1
) -> str:
    """Hotels with free rooms in a city, best rated first.

    Args:
        city: City name, e.g. "Kyoto" or "上海".
        check_in: Arrival date, YYYY-MM-DD.
        check_out: Departure date, YYYY-MM-DD.
        max_price_gbp: Highest price per room and night.
        rooms: Rooms needed.
    """
    r = rng("hotels", city, check_in, check_out, max_price_gbp)
    nights = (date.fromisoformat(check_out) - date.fromisoformat(check_in)).days
    hotels = [_hotel(city, i, nights, max_price_gbp, r) for i in range(r.randint(26, 44))]
    hotels.sort(key=lambda h: -h["rating"])
    HOTELS.update((h["hotel_id"], {**h, "nights": nights}) for h in hotels)
    payload = {
        "city": city,
        "check_in": check_in,
        "check_out": check_out,
        "nights": nights,
        "rooms": rooms,
        "currency": "GBP",
        "results": hotels,
    }
    return fit(payload, "results")


_SKY_EN = ["sunny", "partly cloudy", "cloudy", "light rain", "showers", "clear"]
_SKY_ZH = ["晴", "多云", "阴", "小雨", "阵雨", "晴间多云"]


@tool(result_semantic=ResultSemantic.FACTUAL)
def get_weather(city: str, start_date: str, days: int = 3) -> str:
    """Daily forecast for a city.

    Args:
        city: City name.
        start_date: First day, YYYY-MM-DD.
        days: Number of days (1-10).
    """
    r = rng("weather", city, start_date, days)
    first = date.fromisoformat(start_date)
    sky = _SKY_ZH if city in ("上海", "北京") else _SKY_EN
    daily = []
    for n in range(days):
        low = r.randint(5, 12)
        daily.append(
            {
                "date": (first + timedelta(days=n)).isoformat(),
                "sky": sky[r.randrange(len(sky))],
                "high_c": low + r.randint(5, 10),
                "low_c": low,
                "rain_chance": r.randrange(0, 90, 5),
                "wind_kph": r.randint(4, 28),
            }
        )
    payload = {"city": city, "issued": TODAY["value"], "source": "seasonal model", "daily": daily}
    return json.dumps(payload, ensure_ascii=False)


def _jr_terms() -> str:
    clauses = [
        (
            "Eligibility",
            "The Japan Rail Pass is sold to visitors entering Japan with the "
            "status of Temporary Visitor. Residents of Japan may not use it.",
        ),
        (
            "Prices",
            "Ordinary car: 7 days JPY 50,000, 14 days JPY 80,000, 21 days JPY 100,000. "
            "Green car: 7 days JPY 70,000, 14 days JPY 110,000, 21 days JPY 140,000. Children "
            "aged 6-11 pay half.",
        ),
        (
            "Validity",
            "The pass is valid for consecutive days from the first day of use, which is "
            "chosen when the pass is exchanged and cannot be changed afterwards.",
        ),
        (
            "Trains covered",
            "All JR Group lines including Tokaido, Sanyo and Tohoku Shinkansen "
            "(Hikari, Sakura, Kodama). Nozomi and Mizuho trains require a special ticket costing "
            "JPY 4,960 to 6,500 per ride between Tokyo and Shin-Osaka.",
        ),
        (
            "Seat reservations",
            "Seat reservations are free and may be made at ticket offices or "
            "ticket machines. Oversized baggage spaces on the Tokaido Shinkansen must be reserved.",
        ),
        (
            "Refunds",
            "Unused exchange orders may be refunded within one year of issue, minus a "
            "10% handling fee. Passes that have been used cannot be refunded.",
        ),
        (
            "Lost passes",
            "Lost or stolen passes are not reissued. Keep the pass with your "
            "passport at all times.",
        ),
        (
            "Worked example",
            "Tokyo - Kyoto by Nozomi costs JPY 14,170 one way; Kyoto - Osaka by "
            "JR Special Rapid costs JPY 580. A round trip Tokyo - Osaka costs about JPY 29,000.",
        ),
    ]
    lines = ["JAPAN RAIL PASS - TERMS AND CONDITIONS OF USE (2026 edition)", ""]
    for round_ in range(3):
        for number, (title, text) in enumerate(clauses, start=1):
            section = f"{round_ + 1}.{number}"
            lines.append(f"{section} {title}")
            lines.append(text)
            lines.append(
                f"{section}.1 These conditions apply to passes exchanged on or after 1 April "
                "2026. JR Group may amend them; the version in force on the day of exchange "
                "applies. In case of doubt the Japanese text prevails."
            )
            lines.append("")
    return "\n".join(lines)


FILES: dict[str, str] = {
    "notes/trip_brief.md": """# Japan + China, April 2026

## Who
- Alex Chen (me), British passport
- Wei Zhang (partner), Chinese passport
- Mum: Mei Chen, 68, British passport, speaks Mandarin, walks slowly (max ~2 km a day)

## When
- Leave London Friday 3 April 2026, back Saturday 18 April 2026 (15 nights)

## Route
Tokyo (4 nights) -> Kyoto (3) -> Osaka (2) -> Shanghai (3) -> Beijing (3)

## Budget
- GBP 14,000 for the three of us, everything included
- Two hotel rooms everywhere (Wei and me; Mum on her own)
- Premium economy on long-haul flights if it costs less than GBP 400 more per person

## Must do
- Cherry blossoms in Tokyo (Shinjuku Gyoen for Mum)
- A ryokan night in Kyoto
- Peking opera in Beijing for Mum
- Forbidden City

## Food
- Mum is vegetarian (see notes/mum_diet.txt)
""",
    "notes/mum_diet.txt": """妈妈的饮食要求（陈梅，68岁）

1. 吃素：不吃肉、鱼、海鲜，也不吃用鱼汤或肉汤做的汤底。
   日本的味噌汤和面条汤底常用鲣鱼高汤（dashi），要提前问清楚。
2. 可以吃鸡蛋和奶制品。
3. 少盐少油，医生说血压偏高。
4. 喜欢软一点的食物，牙口不太好，不要太硬的东西。
5. 不喝酒，晚上不喝咖啡和浓茶，可以喝温水和花茶。
6. 对花生轻微过敏，吃了会起疹子，请避免花生和花生酱。
7. 早餐喜欢粥、豆浆、蒸包子；在日本可以吃米饭、豆腐和蔬菜。
""",
    "notes/passport_and_visa.md": """# Passports and visas (checked January 2026)

| traveller | passport | expires | Japan | China |
|---|---|---|---|---|
| Alex Chen | British | 2031-08-14 | visa-free, 90 days | see below |
| Mei Chen | British | 2028-03-02 | visa-free, 90 days | see below |
| Wei Zhang | Chinese | 2029-11-30 | visa needed (single-entry tourist) | citizen |

## Japan
- British citizens: no visa for stays up to 90 days. Passport must be valid for the whole stay.
- Chinese citizens: single-entry tourist visa through an accredited agency; apply at least
  4 weeks before travel; needs bank statements, itinerary and hotel bookings.
- Visit Japan Web: fill in immigration and customs online before arrival, show the QR codes.

## China
- British citizens were added to the unilateral visa-free list in 2024 (30 days for tourism).
  CHECK this is still valid for April 2026 before booking!
- Wei enters as a Chinese citizen.
- Register at the hotel (hotels do this automatically for foreign guests).

## Documents to carry
- Printed hotel bookings for the Japan visa application (Wei)
- Travel insurance certificate covering Mum's age (68)
- Copies of passports in the cloud folder
""",
    "notes/budget.csv": """category,item,planned_gbp,booked_gbp,notes
flights,London - Tokyo,3000,,premium economy if < 400 more per person
flights,Osaka - Shanghai,450,,
flights,Beijing - London,2700,,
hotels,Tokyo 4 nights,1500,,2 rooms
hotels,Kyoto 3 nights,1300,,ryokan if possible
hotels,Osaka 2 nights,600,,
hotels,Shanghai 3 nights,700,,
hotels,Beijing 3 nights,700,,
trains,Japan rail,400,,
trains,Shanghai - Beijing,300,,
activities,tickets and shows,350,,Forbidden City; Peking opera
food,15 days x 3 people,1300,,
insurance,3 people incl. 68-year-old,250,,
other,transfers and SIMs,450,,
""",
    "docs/jr_pass_terms.txt": _jr_terms(),
}


@tool
def read_file(path: str) -> str:
    """Read one of the user's notes.

    Args:
        path: Path of the file, e.g. "notes/trip_brief.md".
    """
    if path not in FILES:
        known = ", ".join(sorted(FILES))
        raise FileNotFoundError(
            f"no file {path!r} in the notes folder. Files available: {known}. Upload the file "
            "or check the name."
        )
    return FILES[path]


@tool(result_semantic=ResultSemantic.ACTION)
def write_file(path: str, content: str) -> str:
    """Save one of the user's notes (replacing it).

    Args:
        path: Path of the file.
        content: The new text.
    """
    FILES[path] = content
    data = content.encode()
    return json.dumps(
        {
            "status": "saved",
            "path": path,
            "bytes": len(data),
            "lines": content.count("\n") + 1,
            "sha256": hashlib.sha256(data).hexdigest(),
            "encoding": "utf-8",
            "modified": f"{TODAY['value']}T10:42:00Z",
            "previous_version": f"{path}.bak",
        }
    )


class BookingError(Exception):
    """The supplier refused the booking."""


def _booking(kind: str, details: dict[str, Any]) -> str:
    reference = ref(kind, *details.values())
    payload = {"status": "success", "booking_ref": reference, **details}
    payload["confirmation_email"] = "sent to alex.chen@example.com"
    return json.dumps(payload, ensure_ascii=False)


@tool(result_semantic=ResultSemantic.ACTION)
def book_flight(offer_id: str, passengers: list[str]) -> str:
    """Book a flight offer for the named passengers.

    Args:
        offer_id: The offer_id from search_flights.
        passengers: Full names as in the passports.
    """
    offer = OFFERS[offer_id]
    details = {key: offer[key] for key in ("offer_id", "airline", "flights", "depart", "cabin")}
    total = offer["fare_per_person_gbp"] * len(passengers)
    return _booking("FL", {**details, "passengers": passengers, "total_gbp": total})


SOLD_OUT: dict[str, Any] = {"rooms": 2}
"""The Kyoto ryokan's last room: booking more than one there fails (filled in by the script)."""


@tool(result_semantic=ResultSemantic.ACTION)
def book_hotel(hotel_id: str, check_in: str, check_out: str, rooms: int = 1) -> str:
    """Book rooms in a hotel from search_hotels.

    Args:
        hotel_id: The hotel_id from search_hotels.
        check_in: Arrival date, YYYY-MM-DD.
        check_out: Departure date, YYYY-MM-DD.
        rooms: Number of rooms.
    """
    if hotel_id == SOLD_OUT.get("hotel_id") and rooms >= SOLD_OUT["rooms"]:
        raise BookingError(
            f"hotel {hotel_id} has only 1 room of the requested type left for {check_in} to "
            f"{check_out}; {rooms} were requested. Book 1 room, choose another room type or "
            "another hotel. No payment was taken."
        )
    hotel = HOTELS[hotel_id]
    details = {"hotel_id": hotel_id, "hotel": hotel["name"], "check_in": check_in}
    details |= {"check_out": check_out, "rooms": rooms}
    total = hotel["price_per_night_gbp"] * hotel["nights"] * rooms
    return _booking("HB", {**details, "total_gbp": total, "cancellation": hotel["cancellation"]})


@tool(result_semantic=ResultSemantic.ACTION)
def book_train(train: str, date: str, seat_class: str, passengers: int) -> str:
    """Book seats on a train from train_timetable.

    Args:
        train: Train number.
        date: Travel date, YYYY-MM-DD.
        seat_class: Seat class as listed in the timetable.
        passengers: Number of seats.
    """
    fare = TRAINS[(train, date)]["fares"][seat_class]
    details = {"train": train, "date": date, "seat_class": seat_class, "seats": passengers}
    total = {"total_cny": fare * passengers, "collect": "show passports at the gate"}
    return _booking("TR", {**details, **total})


@tool(result_semantic=ResultSemantic.ACTION)
def book_tickets(venue: str, date: str, visitors: list[str]) -> str:
    """Book entry tickets (museums, sights, shows) for named visitors.

    Args:
        venue: Name of the sight or show.
        date: Date of the visit, YYYY-MM-DD.
        visitors: Full names as in the passports (ID checked at the entrance).
    """
    details = {"venue": venue, "date": date, "visitors": visitors, "entry": "09:00"}
    return _booking("TK", {**details, "total_cny": 60 * len(visitors)})


@tool(result_semantic=ResultSemantic.ACTION)
def send_email(to: list[str], subject: str, body: str) -> str:
    """Send an e-mail from the user's address.

    Args:
        to: Recipients.
        subject: Subject line.
        body: Plain-text body.
    """
    return json.dumps(
        {
            "status": "sent",
            "message_id": f"<{ref('M', *to, subject).lower()}@mail.example.com>",
            "to": to,
            "subject": subject,
            "bytes": len(body.encode()),
            "from": "alex.chen@example.com",
            "queued_at": f"{TODAY['value']}T11:05:00Z",
        },
        ensure_ascii=False,
    )


_RATES = {("JPY", "GBP"): 0.00523, ("CNY", "GBP"): 0.1087, ("GBP", "JPY"): 191.2}


@tool(result_semantic=ResultSemantic.FACTUAL)
def convert_currency(amount: float, from_currency: str, to_currency: str) -> str:
    """Convert an amount at today's reference rate.

    Args:
        amount: The amount to convert.
        from_currency: ISO code, e.g. "JPY".
        to_currency: ISO code, e.g. "GBP".
    """
    rate = _RATES[(from_currency, to_currency)]
    return json.dumps(
        {
            "amount": amount,
            "from": from_currency,
            "to": to_currency,
            "rate": rate,
            "converted": round(amount * rate, 2),
            "rate_date": TODAY["value"],
            "inverse_rate": round(1 / rate, 4),
            "source": "central bank reference rate (mid-market); card payments add 0-3%",
        }
    )


_LINES = {
    ("Tokyo", "Kyoto"): ("JR Central", ["Nozomi", "Hikari"], 134, [14170, 19390]),
    ("Kyoto", "Osaka"): ("JR West", ["Special Rapid", "Rapid"], 29, [580, 1420]),
    ("上海虹桥", "北京南"): ("中国铁路", ["复兴号 G", "和谐号 G"], 268, [662, 1060, 2318]),
}


@tool(result_semantic=ResultSemantic.FACTUAL)
def train_timetable(origin: str, destination: str, date: str, earliest: str = "06:00") -> str:
    """Trains between two stations on a date, from a departure time on.

    Args:
        origin: Departure station.
        destination: Arrival station.
        date: Travel date, YYYY-MM-DD.
        earliest: Earliest departure, HH:MM.
    """
    operator, kinds, minutes, prices = _LINES[(origin, destination)]
    r = rng("trains", origin, destination, date)
    start = int(earliest[:2]) * 60 + int(earliest[3:])
    zh = operator == "中国铁路"
    classes = ["二等座", "一等座", "商务座"] if zh else ["ordinary", "green"]
    trains = []
    t = start + r.randint(0, 9)
    while t < start + 6 * 60:
        kind = kinds[r.randrange(len(kinds))]
        number = f"G{r.randint(1, 160)}" if zh else f"{kind} {r.randint(200, 299)}"
        duration = minutes + r.randint(0, 25 if zh else 12)
        trains.append(
            {
                "train": number,
                "type": kind,
                "depart": f"{t // 60:02d}:{t % 60:02d}",
                "arrive": f"{(t + duration) // 60:02d}:{(t + duration) % 60:02d}",
                "duration_min": duration,
                "fares": {c: p for c, p in zip(classes, prices, strict=False)},
                "currency": "CNY" if zh else "JPY",
                "seats": {c: r.choice(["many", "few", "sold out"]) for c in classes},
            }
        )
        TRAINS[(number, date)] = trains[-1]
        t += r.randint(10, 30)
    payload = {"origin": origin, "destination": destination, "date": date, "operator": operator}
    return fit({**payload, "trains": trains}, "trains")


_SITES = [
    "japan-guide.com", "timeout.com", "reddit.com/r/JapanTravel", "tripadvisor.co.uk",
    "lonelyplanet.com", "gov.uk", "theguardian.com", "jnto.go.jp", "happycow.net",
    "travel.sohu.com", "mafengwo.cn", "ctrip.com", "zhihu.com", "which.co.uk",
]  # fmt: skip
WEB: dict[str, list[str]] = {}
"""query -> the facts its results mention (filled by the script below)."""


@tool
def web_search(query: str, num_results: int = 8) -> str:
    """Search the web; returns titles, links and snippets.

    Args:
        query: What to search for.
        num_results: How many results (1-20).
    """
    r = rng("web", query, num_results)
    facts = WEB.get(query, [])
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in query)
    results = []
    for rank in range(1, num_results + 1):
        fact = facts[(rank - 1) % len(facts)] if facts else query
        site = _SITES[r.randrange(len(_SITES))]
        if zh:
            title = (
                f"{query}：{['完整攻略', '本地人推荐', '2026最新', '避坑指南', '亲测'][rank % 5]}"
            )
            snippet = (
                f"{fact}。{['适合带老人出行', '建议提前预约', '周末人多', '交通方便'][rank % 4]}。"
            )
        else:
            aspect = ["complete guide", "what to know in 2026", "tips from locals", "FAQ"]
            title = f"{query.capitalize()}: {aspect[rank % 4]}"
            snippet = (
                f"{fact}. {['Updated for spring 2026.', 'Prices checked last week.', ''][rank % 3]}"
                f" {['Readers with reduced mobility recommend going early.', ''][rank % 2]}"
            ).strip()
        results.append(
            {
                "rank": rank,
                "title": title,
                "url": f"https://{site}/{ref('p', query, rank).lower()}",
                "site": site,
                "snippet": snippet,
                "published": f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
            }
        )
    return json.dumps({"query": query, "results": results}, ensure_ascii=False)


TOOLS = ToolRegistry(
    [
        search_flights,
        search_hotels,
        get_weather,
        read_file,
        write_file,
        book_flight,
        book_hotel,
        book_train,
        book_tickets,
        send_email,
        convert_currency,
        train_timetable,
        web_search,
    ],
    max_result_chars=20_000,
)


# -- the conversation -----------------------------------------------------------------------------

Memory = dict[str, Any]
"""Tool results by label (parsed JSON, or the text of an error), plus what was booked."""
Args = dict[str, Any] | Callable[[Memory], dict[str, Any]]
PEOPLE = ["Alex Chen", "Wei Zhang", "Mei Chen"]


@dataclass
class Call:
    tool: str
    args: Args
    label: str


@dataclass
class Turn:
    user: str
    rounds: list[tuple[str, list[Call]]] = field(default_factory=list)
    reply: str | Callable[[Memory], str] = ""
    today: str | None = None


def dates(stay: dict[str, Any]) -> dict[str, Any]:
    return {"check_in": stay["check_in"], "check_out": stay["check_out"]}


def one(intro: str, tool_name: str, args: Args, label: str) -> list[tuple[str, list[Call]]]:
    return [(intro, [Call(tool_name, args, label)])]


def day(iso: str) -> str:
    return date.fromisoformat(iso[:10]).strftime("%a %-d %b")


def hm(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d}"


def offers(m: Memory, label: str, **match: Any) -> list[dict[str, Any]]:
    """The offers matching ``match``, cheapest first, one (the cheapest fare) per flight."""
    found: dict[str, dict[str, Any]] = {}
    for o in m[label]["results"]:
        if all(o[k] == v for k, v in match.items()):
            found.setdefault(o["flights"], o)
    return list(found.values())


def hotels(m: Memory, label: str, max_walk: int = 99, **match: Any) -> list[dict[str, Any]]:
    found = [h for h in m[label]["results"] if h["walk_to_station_min"] <= max_walk]
    return [h for h in found if all(h[k] == v for k, v in match.items())]


def hotel_line(h: dict[str, Any]) -> str:
    return (
        f"{h['name']} ({h['district']}, {h['walk_to_station_min']} min walk, rating "
        f"{h['rating']}, £{h['price_per_night_gbp']}/night)"
    )


def hotel_line_zh(h: dict[str, Any]) -> str:
    return (
        f"{h['name']}（{h['district']}，步行{h['walk_to_station_min']}分钟到地铁，评分"
        f"{h['rating']}，每晚£{h['price_per_night_gbp']}）"
    )


def booked(m: Memory, label: str, item: str, line: str, gbp: float) -> dict[str, Any]:
    """Record a booking for the budget and the checklist; return the booking result."""
    result: dict[str, Any] = m[label]
    m.setdefault("booked", {})[item] = m.get("booked", {}).get(item, 0) + gbp
    m.setdefault("bookings", []).append(f"{line} — ref {result['booking_ref']}")
    return result


def forecast(m: Memory, label: str) -> str:
    daily = m[label]["daily"]
    highs = [d["high_c"] for d in daily]
    lows = [d["low_c"] for d in daily]
    wet = [day(d["date"]) for d in daily if d["rain_chance"] >= 60]
    rain = f"rain is likely on {', '.join(wet)}" if wet else "no day looks really wet"
    return f"highs of {min(highs)}–{max(highs)} °C and lows of {min(lows)}–{max(lows)} °C; {rain}"


def forecast_zh(m: Memory, label: str) -> str:
    daily = m[label]["daily"]
    parts = [f"{d['date'][5:]} {d['sky']} {d['low_c']}–{d['high_c']}°C" for d in daily]
    wet = [d["date"][5:] for d in daily if d["rain_chance"] >= 60]
    rain = f"{'、'.join(wet)}降雨概率较高，记得带伞" if wet else "这几天下雨的可能性不大"
    return "；".join(parts) + f"。{rain}。"


def web_points(m: Memory, label: str, count: int = 3) -> str:
    seen: list[str] = []
    for result in m[label]["results"]:
        fact = result["snippet"].split(". ")[0].split("。")[0]
        if fact not in seen:
            seen.append(fact)
    return "\n".join(f"- {fact}" for fact in seen[:count])


def trains_line(m: Memory, label: str, count: int = 3, zh: bool = False) -> str:
    found = [t for t in m[label]["trains"] if "sold out" not in t["seats"].values()]
    lines = []
    for t in found[:count]:
        fares = ", ".join(f"{c} {p:,}" for c, p in t["fares"].items())
        lines.append(f"- {t['train']}: {t['depart']} → {t['arrive']} ({fares} {t['currency']})")
    return "\n".join(lines)


def itinerary(m: Memory, full: bool) -> str:
    tokyo, kyoto = m["tokyo_hotel"], m["kyoto_hotel"]
    parts = [
        "# Itinerary draft",
        "",
        f"## Tokyo, 3–7 April — {tokyo['name']} ({tokyo['district']})",
        "- Fri 3: JAL direct from Heathrow, overnight flight",
        "- Sat 4: arrive Haneda, taxi to the hotel, rest; evening walk in the district",
        "- Sun 5: Shinjuku Gyoen cherry blossoms (timed entry booked online, wheelchair at gate)",
        "- Mon 6: Asakusa and a Sumida river boat; vegetarian lunch at Ain Soph. Journey",
        f"## Kyoto, 7–10 April — {kyoto['name']} ({kyoto['district']})",
        "- Tue 7: Nozomi from Tokyo at about 9:00, check in, Gion in the evening",
        "- Wed 8: Kinkaku-ji flat loop; taxi to the top of the Kiyomizu-dera slope",
        "- Thu 9: Arashiyama by the Sagano train; shojin lunch at Shigetsu",
    ]
    if full:
        osaka, shanghai, beijing = m["osaka_hotel"], m["shanghai_hotel"], m["beijing_hotel"]
        parts += [
            f"## Osaka, 10–12 April — {osaka['name']} ({osaka['district']})",
            "- Fri 10: Special Rapid from Kyoto, Dotonbori in the evening",
            "- Sat 11: Nara day trip by Kintetsu from Namba; Todai-ji and the deer park",
            f"## Shanghai, 12–15 April — {shanghai['name']}",
            "- Sun 12: fly Kansai → Pudong, taxi to the hotel, the Bund at night by river boat",
            "- Mon 13: Yu Garden and the old town at Mum's pace",
            "- Tue 14: Shanghai Museum East (book ahead, lifts and wheelchairs)",
            f"## Beijing, 15–18 April — {beijing['name']}",
            "- Wed 15: high-speed train Hongqiao → Beijing South (about 4.5 h)",
            "- Thu 16: Forbidden City (tickets with passport numbers); Peking opera in the evening",
            "- Fri 17: Temple of Heaven park in the morning, hutong rickshaw tour",
            "- Sat 18: taxi to Capital Airport, Air China direct to Heathrow",
        ]
    return "\n".join(parts) + "\n"


def budget_csv(m: Memory) -> str:
    rows = FILES["notes/budget.csv"].strip().split("\n")
    out = [rows[0]]
    for row in rows[1:]:
        cells = row.split(",")
        gbp = m.get("booked", {}).get(cells[1])
        cells[3] = f"{gbp:.0f}" if gbp is not None else ""
        out.append(",".join(cells))
    return "\n".join(out) + "\n"


def budget_reply(m: Memory) -> str:
    rows = [r.split(",") for r in m["budget"].strip().split("\n")[1:]]
    planned = {r[1]: int(r[2]) for r in rows}
    booked_items = m["booked"]
    spent = sum(booked_items.values())
    plan_for_booked = sum(planned[item] for item in booked_items)
    lines = [
        f"You've booked £{spent:,.0f} so far against £{plan_for_booked:,} planned for the same "
        f"items (the whole plan is £{sum(planned.values()):,}):"
    ]
    for item, gbp in booked_items.items():
        delta = gbp - planned[item]
        lines.append(f"- {item}: £{gbp:,.0f} booked, planned £{planned[item]:,} ({delta:+,.0f})")
    left = sum(v for k, v in planned.items() if k not in booked_items)
    lines.append(
        f"Still open: £{left:,} planned for food, insurance, trains, activities and transfers."
    )
    return "\n".join(lines)


def _flight_booking(m: Memory, label: str, item: str) -> str:
    b = m[label]
    booked(m, label, item, f"{b['airline']} {b['flights']} on {day(b['depart'])}", b["total_gbp"])
    return (
        f"Booked {b['airline']} {b['flights']} on {day(b['depart'])} at {b['depart'][11:]} in "
        f"{b['cabin'].replace('_', ' ')} for {', '.join(b['passengers'])}. Booking reference "
        f"{b['booking_ref']}, £{b['total_gbp']:,} in total; e-tickets are issued and the "
        "confirmation went to alex.chen@example.com."
    )


def _hotel_booking(m: Memory, label: str, item: str, zh: bool = False) -> str:
    b = m[label]
    booked(m, label, item, f"{b['hotel']}, {b['check_in']} → {b['check_out']}", b["total_gbp"])
    if zh:
        return (
            f"已预订{b['hotel']}，{b['rooms']}间房，{b['check_in']}入住、{b['check_out']}退房。"
            f"预订号{b['booking_ref']}，总价£{b['total_gbp']:,}，{b['cancellation']}。"
            "确认邮件已发到alex.chen@example.com。"
        )
    return (
        f"Booked {b['hotel']}: {b['rooms']} rooms, {day(b['check_in'])} to {day(b['check_out'])}. "
        f"Reference {b['booking_ref']}, £{b['total_gbp']:,} in total, cancellation "
        f"{b['cancellation']}."
    )


def _train_booking(m: Memory) -> str:
    b = m["bk_train"]
    gbp = round(b["total_cny"] * _RATES[("CNY", "GBP")])
    booked(m, "bk_train", "Shanghai - Beijing", f"Train {b['train']} on 15 Apr", gbp)
    return (
        f"已订好{b['train']}次，{b['date']}，二等座{b['seats']}张，共{b['total_cny']:,}元"
        f"（约£{gbp:,}），订单号{b['booking_ref']}。进站时出示护照即可。"
    )


def _jal(m: Memory, label: str) -> dict[str, Any]:
    return _cheapest(m, label, airline="Japan Airlines")


def _compare_cabins(m: Memory) -> str:
    pe, eco = _jal(m, "f_tyo_pe"), _jal(m, "f_tyo_eco")
    more = pe["fare_per_person_gbp"] - eco["fare_per_person_gbp"]
    return (
        f"Premium economy on JAL {pe['flights']} ({pe['fare_brand']} fare) costs "
        f"£{pe['fare_per_person_gbp']:,} per person, against £{eco['fare_per_person_gbp']:,} in "
        f"economy: £{more:,} more per person, {'within' if more < 400 else 'above'} your £400 "
        "limit. It has two 23 kg bags each and much more legroom, which helps on a 14-hour flight."
    )


def _near_gyoen(m: Memory) -> str:
    shinjuku = hotels(m, "h_tokyo", district="Shinjuku")
    h = _pick(m, "tokyo_hotel", min(shinjuku, key=lambda h: h["walk_to_station_min"]))
    return (
        f"{h['name']} is in Shinjuku, {h['walk_to_station_min']} minutes' walk from the station; "
        "Shinjuku Gyoen is about ten minutes away by taxi, or one stop on the Marunouchi line to "
        f"Shinjuku-gyoemmae. It costs £{h['price_per_night_gbp']} a night with a rating of "
        f"{h['rating']} — a good base for your mother."
    )


def _kyoto_choices(m: Memory) -> str:
    ryokan = _pick(m, "ryokan", hotels(m, "h_kyoto", type="ryokan")[0])
    others = [h for h in hotels(m, "h_kyoto", max_walk=6) if h["type"] != "ryokan"]
    alternative = _pick(m, "kyoto_alt", others[0])
    return (
        f"{len(m['h_kyoto']['results'])} places have rooms. For the ryokan night you wanted: "
        f"{hotel_line(ryokan)}. A second option, a western-style hotel: "
        f"{hotel_line(alternative)}."
    )


def _price_check(m: Memory) -> str:
    now, paid = _jal(m, "f_tyo_again"), _jal(m, "f_tyo_pe")
    text = (
        f"JAL premium economy is now £{now['fare_per_person_gbp']:,} per person against the "
        f"£{paid['fare_per_person_gbp']:,} you paid"
    )
    if now["fare_per_person_gbp"] < paid["fare_per_person_gbp"]:
        return (
            f"{text} — cheaper now, but changes to your {paid['fare_brand']} fare are "
            f"{paid['changes']}, so weigh that before rebooking."
        )
    return f"{text}, so you booked at a good price."


def _pick(m: Memory, key: str, value: dict[str, Any]) -> dict[str, Any]:
    m[key] = value
    return value


def _cheapest(m: Memory, label: str, **match: Any) -> dict[str, Any]:
    return min(offers(m, label, **match), key=lambda o: o["fare_per_person_gbp"])


def _turns_japan() -> list[Turn]:
    tokyo = {"city": "Tokyo", "check_in": "2026-04-03", "check_out": "2026-04-07"}
    kyoto = {"city": "Kyoto", "check_in": "2026-04-07", "check_out": "2026-04-10"}
    osaka = {"city": "Osaka", "check_in": "2026-04-10", "check_out": "2026-04-12"}
    return [
        Turn(
            "Hi! My partner Wei, my mother and I are planning a two-week trip in April 2026: "
            "Tokyo, Kyoto and Osaka, then Shanghai and Beijing, flying from London. Can you "
            "help me plan it?",
            reply="Happily! A shape that works well for 15 nights: Tokyo 4 nights, Kyoto 3, "
            "Osaka 2, Shanghai 3 and Beijing 3 — fly into Tokyo and home from Beijing. Early "
            "April is cherry blossom season in Japan, so hotels fill up early and it is worth "
            "booking the Japan part first. Is there a trip brief or a budget I should read?",
            today="2026-02-10",
        ),
        Turn(
            "Yes, please read my trip brief first: notes/trip_brief.md",
            one("I'll read it.", "read_file", {"path": "notes/trip_brief.md"}, "brief"),
            "Got it. The key points: 3–18 April 2026, £14,000 for the three of you, two rooms "
            "everywhere, premium economy on long-haul flights if it costs less than £400 more "
            "per person, your mother (68) walks at most about 2 km a day and is vegetarian, and "
            "Wei travels on a Chinese passport. Must-dos: Shinjuku Gyoen blossoms, a ryokan in "
            "Kyoto, Peking opera and the Forbidden City.",
        ),
        Turn(
            "What will the weather be like in Tokyo from 3 April?",
            one(
                "Checking the forecast.",
                "get_weather",
                {"city": "Tokyo", "start_date": "2026-04-03", "days": 7},
                "w_tokyo",
            ),
            lambda m: (
                f"Tokyo from Fri 3 April: {forecast(m, 'w_tokyo')}. Layers, a light "
                "waterproof jacket and a folding umbrella will cover it."
            ),
        ),
        Turn(
            "Search flights from London to Tokyo on 3 April, economy, for the three of us.",
            one(
                "Searching Heathrow to Haneda.",
                "search_flights",
                {"origin": "LHR", "destination": "HND", "date": "2026-04-03", "passengers": 3},
                "f_tyo_eco",
            ),
            lambda m: (
                f"I found {len(m['f_tyo_eco']['results'])} offers. The cheapest is "
                f"{(c := m['f_tyo_eco']['results'][0])['airline']} {c['flights']} via {c['via']} "
                f"at £{c['fare_per_person_gbp']:,} per person ({hm(c['duration_min'])}). Direct "
                "flights: "
                + "; ".join(
                    f"{o['airline']} {o['flights']} at {o['depart'][11:]} for "
                    f"£{o['fare_per_person_gbp']:,}"
                    for o in offers(m, "f_tyo_eco", stops=0)[:4]
                )
                + ". The direct flights take about 14 hours; one stop adds three to seven."
            ),
        ),
        Turn(
            "The direct JAL flight looks good. Check premium economy on the same day too.",
            one(
                "Searching premium economy.",
                "search_flights",
                {
                    "origin": "LHR",
                    "destination": "HND",
                    "date": "2026-04-03",
                    "cabin": "premium_economy",
                    "passengers": 3,
                },
                "f_tyo_pe",
            ),
            _compare_cabins,
        ),
        Turn(
            "Let's do premium economy on the direct JAL flight anyway — Mum needs the legroom. "
            "Book it for the three of us.",
            one(
                "Booking it.",
                "book_flight",
                lambda m: {
                    "offer_id": _cheapest(m, "f_tyo_pe", airline="Japan Airlines")["offer_id"],
                    "passengers": PEOPLE,
                },
                "bk_flight_tyo",
            ),
            lambda m: _flight_booking(m, "bk_flight_tyo", "London - Tokyo"),
        ),
        Turn(
            "Now hotels in Tokyo for 3–7 April: near a station, two rooms, under £220 a night "
            "per room.",
            one(
                "Searching Tokyo hotels.",
                "search_hotels",
                {**tokyo, "max_price_gbp": 220, "rooms": 2},
                "h_tokyo",
            ),
            lambda m: (
                f"{len(m['h_tokyo']['results'])} hotels have two rooms for those nights. The best "
                "rated within five minutes of a station and under £220:\n"
                + "\n".join(
                    f"{n}. {hotel_line(h)}"
                    for n, h in enumerate(
                        [
                            h
                            for h in hotels(m, "h_tokyo", max_walk=5)
                            if h["price_per_night_gbp"] <= 220
                        ][:3],
                        start=1,
                    )
                )
            ),
        ),
        Turn(
            "Which of those is closest to Shinjuku Gyoen? My mother would love to see the "
            "cherry blossoms there.",
            reply=_near_gyoen,
        ),
        Turn(
            "Great, book that one: two rooms, 3 to 7 April.",
            one(
                "Booking two rooms.",
                "book_hotel",
                lambda m: {**dates(tokyo), "hotel_id": m["tokyo_hotel"]["hotel_id"], "rooms": 2},
                "bk_tokyo",
            ),
            lambda m: _hotel_booking(m, "bk_tokyo", "Tokyo 4 nights"),
        ),
        Turn(
            "Search the web for the 2026 cherry blossom forecast for Tokyo.",
            one(
                "Searching.",
                "web_search",
                {"query": "Tokyo cherry blossom forecast 2026", "num_results": 10},
                "ws_sakura",
            ),
            lambda m: (
                "What the forecasts say:\n"
                + web_points(m, "ws_sakura", 4)
                + "\nSo the main trees may be past their peak by 4–6 April, but Shinjuku Gyoen's "
                "late varieties should still be out. Book the timed entry for Sunday 5 April."
            ),
        ),
        Turn(
            "妈妈问：东京有没有适合老人的素食餐厅？最好离新宿不远。",
            one(
                "我来搜一下。",
                "web_search",
                {"query": "东京 新宿 素食餐厅 老人友好", "num_results": 8},
                "ws_veg_tokyo",
            ),
            lambda m: (
                "找到几家适合阿姨的地方：\n"
                + web_points(m, "ws_veg_tokyo", 4)
                + "\n点餐时请说“dashi nashi”（不要鱼汤），这样最保险。"
            ),
        ),
        Turn(
            "Please also read notes/mum_diet.txt so you know exactly what she can eat.",
            one("Reading it.", "read_file", {"path": "notes/mum_diet.txt"}, "diet"),
            "Noted. Your mother eats no meat, fish or seafood and no soup made from fish or meat "
            "stock — important in Japan, where dashi (bonito stock) is in most miso soups and "
            "noodle broths. Eggs and dairy are fine; she needs little salt and oil (blood "
            "pressure), prefers soft food, drinks no alcohol and no strong tea or coffee in the "
            "evening, and has a mild peanut allergy. Breakfasts she likes: congee, soy milk, "
            "steamed buns; in Japan rice, tofu and vegetables.",
        ),
        Turn(
            "What's the easiest way from Haneda to the hotel with our luggage and my mother?",
            reply=lambda m: (
                f"A taxi: about 35–45 minutes to {m['tokyo_hotel']['name']} and roughly "
                "¥9,000–12,000 (£47–63) for the three of you, door to door with no stairs. The "
                "Airport Limousine bus to Shinjuku is cheaper (¥1,400 each) but leaves you with "
                "a walk and the luggage at the other end. Ask for a large taxi at the rank."
            ),
        ),
        Turn(
            "Do we need a JR Pass? Read docs/jr_pass_terms.txt and tell me if it pays off for "
            "Tokyo–Kyoto–Osaka.",
            one("Reading the terms.", "read_file", {"path": "docs/jr_pass_terms.txt"}, "jr"),
            "It doesn't pay off. A 7-day ordinary pass is ¥50,000 per person, and the pass does "
            "not cover the fast Nozomi trains without a ¥4,960–6,500 supplement per ride. Your "
            "rail legs are Tokyo–Kyoto (¥14,170 by Nozomi) and Kyoto–Osaka (¥580): ¥14,750 per "
            "person, under a third of the pass. Buy single tickets.",
        ),
        Turn(
            "Check trains from Tokyo to Kyoto on 7 April, from 9 in the morning.",
            one(
                "Looking at the timetable.",
                "train_timetable",
                {"origin": "Tokyo", "destination": "Kyoto", "date": "2026-04-07"}
                | {"earliest": "09:00"},
                "tt_tyo_kyo",
            ),
            lambda m: (
                "Trains with seats left from 9:00:\n"
                + trains_line(m, "tt_tyo_kyo")
                + "\nReserve the oversized-baggage seats if you have large suitcases."
            ),
        ),
        Turn(
            "What's the weather in Kyoto from 7 to 10 April?",
            one(
                "Checking.",
                "get_weather",
                {"city": "Kyoto", "start_date": "2026-04-07", "days": 4},
                "w_kyoto",
            ),
            lambda m: f"Kyoto 7–10 April: {forecast(m, 'w_kyoto')}.",
        ),
        Turn(
            "Hotels in Kyoto for 7–10 April, traditional style if possible, under £250 a night.",
            one(
                "Searching Kyoto.",
                "search_hotels",
                {**kyoto, "max_price_gbp": 250, "rooms": 2},
                "h_kyoto",
            ),
            _kyoto_choices,
        ),
        Turn(
            "Book the ryokan, two rooms.",
            one(
                "Booking the ryokan.",
                "book_hotel",
                lambda m: {**dates(kyoto), "hotel_id": m["ryokan"]["hotel_id"], "rooms": 2},
                "bk_ryokan",
            ),
            lambda m: (
                f"The booking failed: {m['ryokan']['name']} has only one room of that type left "
                "for 7–10 April. We could book that one room for your mother and put you and "
                f"Wei elsewhere, or take my second suggestion, {m['kyoto_alt']['name']}, for "
                "everyone. What would you prefer?"
            ),
        ),
        Turn(
            "Then book your second suggestion for all three nights, two rooms.",
            one(
                "Booking it.",
                "book_hotel",
                lambda m: {**dates(kyoto), "hotel_id": m["kyoto_alt"]["hotel_id"], "rooms": 2},
                "bk_kyoto",
            ),
            lambda m: (
                _hotel_booking(m, "bk_kyoto", "Kyoto 3 nights")
                + f" {_pick(m, 'kyoto_hotel', m['kyoto_alt'])['name']} is your Kyoto base."
            ),
        ),
        Turn(
            "What should we see in Kyoto with someone who can't walk far?",
            one(
                "Searching.",
                "web_search",
                {"query": "Kyoto sights with limited walking", "num_results": 12},
                "ws_kyoto",
            ),
            lambda m: (
                "Good options for your mother:\n"
                + web_points(m, "ws_kyoto", 4)
                + "\nI'd do Kinkaku-ji one morning and Arashiyama by train another."
            ),
        ),
        Turn(
            "Please save a first draft itinerary for Tokyo and Kyoto to notes/itinerary_draft.md.",
            one(
                "Saving the draft.",
                "write_file",
                lambda m: {"path": "notes/itinerary_draft.md", "content": itinerary(m, False)},
                "wf_draft",
            ),
            lambda m: (
                f"Saved notes/itinerary_draft.md ({m['wf_draft']['bytes']:,} bytes, "
                f"{m['wf_draft']['lines']} lines): Tokyo 3–7 April and Kyoto 7–10 April day by day."
            ),
            today="2026-02-12",
        ),
        Turn(
            "How much is 250,000 yen in pounds?",
            one(
                "Converting.",
                "convert_currency",
                {"amount": 250000, "from_currency": "JPY", "to_currency": "GBP"},
                "cc_jpy",
            ),
            lambda m: (
                f"¥250,000 is about £{m['cc_jpy']['converted']:,.2f} at today's rate "
                f"({m['cc_jpy']['rate']}); card payments may add up to 3%."
            ),
        ),
        Turn(
            "Trains from Kyoto to Osaka on 10 April, late morning?",
            one(
                "Checking.",
                "train_timetable",
                {"origin": "Kyoto", "destination": "Osaka", "date": "2026-04-10"}
                | {"earliest": "10:00"},
                "tt_kyo_osa",
            ),
            lambda m: (
                "From 10:00:\n"
                + trains_line(m, "tt_kyo_osa")
                + "\nNo reservation needed: the Special Rapid takes under 30 minutes."
            ),
        ),
        Turn(
            "Hotels in Osaka for 10–12 April near Namba, under £200 a night.",
            one(
                "Searching Osaka.",
                "search_hotels",
                {**osaka, "max_price_gbp": 200, "rooms": 2},
                "h_osaka",
            ),
            lambda m: (
                "Near Namba, best rated first:\n"
                + "\n".join(
                    f"{n}. {hotel_line(h)}"
                    for n, h in enumerate(hotels(m, "h_osaka", district="Namba")[:3], start=1)
                )
            ),
        ),
        Turn(
            "Book the first one you listed, two rooms.",
            one(
                "Booking.",
                "book_hotel",
                lambda m: {
                    **dates(osaka),
                    "hotel_id": _pick(m, "osaka_hotel", hotels(m, "h_osaka", district="Namba")[0])[
                        "hotel_id"
                    ],
                    "rooms": 2,
                },
                "bk_osaka",
            ),
            lambda m: _hotel_booking(m, "bk_osaka", "Osaka 2 nights"),
        ),
        Turn(
            "Is a day trip to Nara realistic from Osaka with my mother?",
            one(
                "Searching.",
                "web_search",
                {"query": "Nara day trip from Osaka with elderly parent", "num_results": 8},
                "ws_nara",
            ),
            lambda m: (
                "Yes, if you keep it short:\n"
                + web_points(m, "ws_nara", 4)
                + "\nSaturday 11 April works: go early, back for a rest in the afternoon."
            ),
        ),
        Turn(
            "Weather for Osaka and Nara on 10–12 April, please.",
            [
                (
                    "Checking both.",
                    [
                        Call(
                            "get_weather",
                            {"city": "Osaka", "start_date": "2026-04-10", "days": 3},
                            "w_osaka",
                        ),
                        Call(
                            "get_weather",
                            {"city": "Nara", "start_date": "2026-04-10", "days": 3},
                            "w_nara",
                        ),
                    ],
                )
            ],
            lambda m: f"Osaka: {forecast(m, 'w_osaka')}. Nara: {forecast(m, 'w_nara')}.",
        ),
    ]


def _turns_china() -> list[Turn]:
    shanghai = {"city": "上海", "check_in": "2026-04-12", "check_out": "2026-04-15"}
    beijing = {"city": "北京", "check_in": "2026-04-15", "check_out": "2026-04-18"}
    return [
        Turn(
            "Now the China part: flights from Osaka to Shanghai on 12 April, economy, three "
            "people.",
            one(
                "Searching Kansai to Pudong.",
                "search_flights",
                {"origin": "KIX", "destination": "PVG", "date": "2026-04-12", "passengers": 3},
                "f_pvg",
            ),
            lambda m: (
                f"{len(m['f_pvg']['results'])} offers. Direct flights, cheapest first:\n"
                + "\n".join(
                    f"- {o['airline']} {o['flights']} at {o['depart'][11:]}: "
                    f"£{o['fare_per_person_gbp']} per person, {hm(o['duration_min'])}, "
                    f"{o['seats_left']} seats left"
                    for o in offers(m, "f_pvg", stops=0)[:4]
                )
            ),
        ),
        Turn(
            "Book the cheapest direct one.",
            one(
                "Booking.",
                "book_flight",
                lambda m: {
                    "offer_id": offers(m, "f_pvg", stops=0)[0]["offer_id"],
                    "passengers": PEOPLE,
                },
                "bk_flight_pvg",
            ),
            lambda m: _flight_booking(m, "bk_flight_pvg", "Osaka - Shanghai"),
        ),
        Turn(
            "Wei has a Chinese passport and Mum and I have British ones. Read "
            "notes/passport_and_visa.md and tell me what we need.",
            one("Reading your notes.", "read_file", {"path": "notes/passport_and_visa.md"}, "visa"),
            "From your notes: you and your mother need no visa for Japan (90 days visa-free), "
            "but Wei needs a single-entry Japanese tourist visa through an accredited agency — "
            "apply at least four weeks ahead, with bank statements, the itinerary and the hotel "
            "bookings we just made. For China, Wei enters as a citizen, and British passports "
            "were on the visa-free list in 2024; your note says to check it still applies in "
            "April 2026. Everyone should fill in Visit Japan Web before landing.",
        ),
        Turn(
            "Search the web for China's visa-free entry for British citizens in 2026.",
            one(
                "Searching.",
                "web_search",
                {"query": "China visa-free entry British citizens 2026", "num_results": 10},
                "ws_visa",
            ),
            lambda m: (
                "It still applies:\n"
                + web_points(m, "ws_visa", 4)
                + "\nYour 6-night stay in China is well inside the 30 days."
            ),
        ),
        Turn(
            "从现在开始我用中文，妈妈也能看懂。帮我查一下上海4月12日到15日的酒店，外滩附近，"
            "每晚不超过150英镑，两间房。",
            one(
                "好的，我来查上海的酒店。",
                "search_hotels",
                {**shanghai, "max_price_gbp": 150, "rooms": 2},
                "h_sh",
            ),
            lambda m: (
                f"共有{len(m['h_sh']['results'])}家有房。外滩和南京东路附近评分最高的：\n"
                + "\n".join(
                    f"{n}. {hotel_line_zh(h)}"
                    for n, h in enumerate(
                        [h for h in m["h_sh"]["results"] if h["district"] in ("外滩", "南京东路")][
                            :3
                        ],
                        start=1,
                    )
                )
            ),
        ),
        Turn(
            "上海那几天天气怎么样？",
            one(
                "我查一下天气。",
                "get_weather",
                {"city": "上海", "start_date": "2026-04-12", "days": 4},
                "w_sh",
            ),
            lambda m: "上海4月12日到15日：" + forecast_zh(m, "w_sh"),
        ),
        Turn(
            "订你推荐的第二家，两间房。",
            one(
                "好的，正在预订。",
                "book_hotel",
                lambda m: {
                    **dates(shanghai),
                    "hotel_id": _pick(
                        m,
                        "shanghai_hotel",
                        [h for h in m["h_sh"]["results"] if h["district"] in ("外滩", "南京东路")][
                            1
                        ],
                    )["hotel_id"],
                    "rooms": 2,
                },
                "bk_sh",
            ),
            lambda m: _hotel_booking(m, "bk_sh", "Shanghai 3 nights", zh=True),
        ),
        Turn(
            "上海有什么适合老人的景点？不要太累的。",
            one(
                "我搜一下。",
                "web_search",
                {"query": "上海 适合老人 景点 不累", "num_results": 10},
                "ws_sh",
            ),
            lambda m: (
                "这几个地方比较适合阿姨：\n"
                + web_points(m, "ws_sh", 4)
                + "\n建议每天只安排一个主要景点，下午回酒店休息。"
            ),
        ),
        Turn(
            "查一下4月15日上海到北京的高铁，上午八点以后出发。",
            one(
                "我查一下时刻表。",
                "train_timetable",
                {"origin": "上海虹桥", "destination": "北京南", "date": "2026-04-15"}
                | {"earliest": "08:00"},
                "tt_sh_bj",
            ),
            lambda m: (
                "8点以后还有票的车次：\n"
                + trains_line(m, "tt_sh_bj", 4)
                + "\n复兴号更快更稳，推荐。"
            ),
        ),
        Turn(
            "订第一趟有二等座的复兴号，三张。",
            one(
                "好的，正在订票。",
                "book_train",
                lambda m: {
                    "train": next(
                        t["train"]
                        for t in m["tt_sh_bj"]["trains"]
                        if t["type"] == "复兴号 G" and t["seats"]["二等座"] != "sold out"
                    ),
                    "date": "2026-04-15",
                    "seat_class": "二等座",
                    "passengers": 3,
                },
                "bk_train",
            ),
            _train_booking,
        ),
        Turn(
            "北京4月15日到18日的酒店，王府井附近，两间房，每晚不超过160英镑。",
            one(
                "我来查北京的酒店。",
                "search_hotels",
                {**beijing, "max_price_gbp": 160, "rooms": 2},
                "h_bj",
            ),
            lambda m: (
                f"共{len(m['h_bj']['results'])}家。王府井附近评分最高的：\n"
                + "\n".join(
                    f"{n}. {hotel_line_zh(h)}"
                    for n, h in enumerate(hotels(m, "h_bj", district="王府井")[:3], start=1)
                )
            ),
        ),
        Turn(
            "订评分最高的那家，两间房。",
            one(
                "正在预订。",
                "book_hotel",
                lambda m: {
                    **dates(beijing),
                    "hotel_id": _pick(m, "beijing_hotel", hotels(m, "h_bj", district="王府井")[0])[
                        "hotel_id"
                    ],
                    "rooms": 2,
                },
                "bk_bj",
            ),
            lambda m: _hotel_booking(m, "bk_bj", "Beijing 3 nights", zh=True),
        ),
        Turn(
            "北京那几天天气呢？",
            one(
                "我查一下。",
                "get_weather",
                {"city": "北京", "start_date": "2026-04-15", "days": 4},
                "w_bj",
            ),
            lambda m: "北京4月15日到18日：" + forecast_zh(m, "w_bj") + "北京早晚温差大，带件外套。",
        ),
    ]


def _turns_wrap_up() -> list[Turn]:
    return [
        Turn(
            "Back to English for the flights home: Beijing to London on 18 April, premium "
            "economy, three people.",
            one(
                "Searching Beijing Capital to Heathrow.",
                "search_flights",
                {"origin": "PEK", "destination": "LHR", "date": "2026-04-18"}
                | {"cabin": "premium_economy", "passengers": 3},
                "f_lhr",
            ),
            lambda m: (
                f"{len(m['f_lhr']['results'])} offers in premium economy. Direct: "
                + "; ".join(
                    f"{o['airline']} {o['flights']} at {o['depart'][11:]} for "
                    f"£{o['fare_per_person_gbp']:,} per person"
                    for o in offers(m, "f_lhr", stops=0)[:4]
                )
                + f". The cheapest overall is {m['f_lhr']['results'][0]['airline']} via "
                f"{m['f_lhr']['results'][0]['via']} at "
                f"£{m['f_lhr']['results'][0]['fare_per_person_gbp']:,}."
            ),
            today="2026-02-15",
        ),
        Turn(
            "Book the direct Air China flight.",
            one(
                "Booking.",
                "book_flight",
                lambda m: {
                    "offer_id": _cheapest(m, "f_lhr", airline="Air China", stops=0)["offer_id"],
                    "passengers": PEOPLE,
                },
                "bk_flight_lhr",
            ),
            lambda m: _flight_booking(m, "bk_flight_lhr", "Beijing - London"),
        ),
        Turn(
            "Read notes/budget.csv and tell me how we're doing against the budget.",
            one("Reading the budget.", "read_file", {"path": "notes/budget.csv"}, "budget"),
            budget_reply,
        ),
        Turn(
            "Convert 4,500 yuan to pounds.",
            one(
                "Converting.",
                "convert_currency",
                {"amount": 4500, "from_currency": "CNY", "to_currency": "GBP"},
                "cc_cny",
            ),
            lambda m: f"¥4,500 (yuan) is about £{m['cc_cny']['converted']:,.2f} at today's rate.",
        ),
        Turn(
            "Update notes/budget.csv with the bookings so far.",
            one(
                "Updating the file.",
                "write_file",
                lambda m: {"path": "notes/budget.csv", "content": budget_csv(m)},
                "wf_budget",
            ),
            lambda m: (
                f"Done: the booked_gbp column now holds {len(m['booked'])} bookings "
                f"(£{sum(m['booked'].values()):,.0f} in total); {m['wf_budget']['bytes']:,} bytes "
                "saved."
            ),
        ),
        Turn(
            "What about travel insurance for a 68-year-old? Search for options.",
            one(
                "Searching.",
                "web_search",
                {"query": "travel insurance over 65 UK Japan China", "num_results": 16},
                "ws_insurance",
            ),
            lambda m: (
                "What to look for:\n"
                + web_points(m, "ws_insurance", 4)
                + "\nGet quotes that declare your mother's blood pressure."
            ),
        ),
        Turn(
            "Summarise all our bookings so far.",
            reply=lambda m: (
                "Booked so far:\n"
                + "\n".join(f"- {line}" for line in m["bookings"])
                + f"\nTotal £{sum(m['booked'].values()):,.0f}."
            ),
        ),
        Turn(
            "Read the itinerary draft again and extend it with Osaka, Shanghai and Beijing.",
            [
                (
                    "Reading the draft first.",
                    [Call("read_file", {"path": "notes/itinerary_draft.md"}, "draft")],
                ),
                (
                    "Now writing the full version.",
                    [
                        Call(
                            "write_file",
                            lambda m: (
                                {"path": "notes/itinerary_draft.md"}
                                | {"content": itinerary(m, True)}
                            ),
                            "wf_draft2",
                        )
                    ],
                ),
            ],
            lambda m: (
                f"The draft now covers all 15 nights ({m['wf_draft2']['lines']} lines): "
                "Osaka with the Nara day trip, Shanghai at an easy pace, and Beijing with the "
                "Forbidden City and the opera on Thursday 16 April."
            ),
        ),
        Turn(
            "Check the Tokyo weather again, the forecast may have changed.",
            one(
                "Checking again.",
                "get_weather",
                {"city": "Tokyo", "start_date": "2026-04-03", "days": 5},
                "w_tokyo2",
            ),
            lambda m: f"The updated forecast for 3–7 April: {forecast(m, 'w_tokyo2')}.",
        ),
        Turn(
            "Find a vegetarian restaurant near our Kyoto hotel for the first evening — "
            "remember, no fish stock.",
            one(
                "Searching.",
                "web_search",
                {"query": "vegetarian restaurant Kyoto no dashi", "num_results": 8},
                "ws_veg_kyoto",
            ),
            lambda m: "Options that avoid dashi:\n" + web_points(m, "ws_veg_kyoto", 4),
        ),
        Turn(
            "妈妈想在北京看京剧，帮我搜一下4月16日或17日的演出。",
            one(
                "我来搜一下演出信息。",
                "web_search",
                {"query": "北京 京剧 演出 4月16日 4月17日", "num_results": 8},
                "ws_opera",
            ),
            lambda m: (
                "找到这些演出：\n"
                + web_points(m, "ws_opera", 4)
                + "\n长安大戏院有字幕，推荐4月17日的《霸王别姬》。"
            ),
        ),
        Turn(
            "把京剧的信息发邮件给妈妈，邮箱 mei.chen@example.com。",
            one(
                "好的，我来发邮件。",
                "send_email",
                lambda m: {
                    "to": ["mei.chen@example.com"],
                    "subject": "北京京剧演出信息（4月16日、17日）",
                    "body": "妈妈好，\n\n" + web_points(m, "ws_opera", 4) + "\n\n爱你的Alex",
                },
                "mail_mum",
            ),
            lambda m: f"邮件已发给mei.chen@example.com（编号{m['mail_mum']['message_id']}）。",
        ),
        Turn(
            "How do we get from the Wangfujing hotel to Beijing Capital Airport on the 18th "
            "with luggage?",
            reply=lambda m: (
                f"Book a taxi through the front desk of {m['beijing_hotel']['name']} for about "
                "three and a half hours before the flight: the ride takes 40–60 minutes and "
                "costs around ¥120–150. The Airport Express from Dongzhimen is quicker in "
                "traffic but needs a metro change with the luggage, so the taxi is kinder for "
                "your mother."
            ),
        ),
        Turn(
            "Search for how to book Forbidden City tickets.",
            one(
                "Searching.",
                "web_search",
                {"query": "Forbidden City tickets booking rules", "num_results": 10},
                "ws_palace",
            ),
            lambda m: "The rules:\n" + web_points(m, "ws_palace", 4),
        ),
        Turn(
            "Book Forbidden City tickets for 16 April for the three of us.",
            one(
                "Booking the tickets.",
                "book_tickets",
                {"venue": "Palace Museum (Forbidden City)", "date": "2026-04-16"}
                | {"visitors": PEOPLE},
                "bk_palace",
            ),
            lambda m: (
                f"Booked the Palace Museum for Thursday 16 April, entry 09:00 through the "
                f"Meridian Gate, for all three of you: reference {m['bk_palace']['booking_ref']}, "
                f"¥{m['bk_palace']['total_cny']} in total. Bring the passports: names are checked."
            ),
        ),
        Turn(
            "Email the full itinerary to Wei and me: wei.zhang@example.com and "
            "alex.chen@example.com.",
            one(
                "Sending it.",
                "send_email",
                lambda m: {
                    "to": ["wei.zhang@example.com", "alex.chen@example.com"],
                    "subject": "Japan + China itinerary, 3-18 April 2026",
                    "body": FILES["notes/itinerary_draft.md"],
                },
                "mail_itinerary",
            ),
            lambda m: (
                f"Sent to both of you ({m['mail_itinerary']['bytes']:,} bytes, message "
                f"{m['mail_itinerary']['message_id']})."
            ),
        ),
        Turn(
            "Can you open notes/insurance_quote.pdf?",
            one(
                "Opening it.",
                "read_file",
                {"path": "notes/insurance_quote.pdf"},
                "quote",
            ),
            "I can't: there is no notes/insurance_quote.pdf in your notes folder. The files I "
            "can see are the trip brief, your mother's diet, the passport notes, the budget, "
            "the itinerary draft and the JR Pass terms. Could you upload the quote?",
        ),
        Turn(
            "Search London–Tokyo flights on 3 April again — have prices dropped since we booked?",
            one(
                "Searching again.",
                "search_flights",
                {"origin": "LHR", "destination": "HND", "date": "2026-04-03"}
                | {"cabin": "premium_economy", "passengers": 3},
                "f_tyo_again",
            ),
            _price_check,
        ),
        Turn(
            "Give me a final checklist: what is booked and what is still open.",
            reply=lambda m: (
                "Booked:\n"
                + "\n".join(f"- {line}" for line in m["bookings"])
                + "\n- Palace Museum tickets, 16 April\n\nStill open:\n"
                "- Wei's Japanese visa (apply this week: four weeks ahead)\n"
                "- Travel insurance declaring your mother's blood pressure\n"
                "- Trains Tokyo–Kyoto (7 April) and Kyoto–Osaka (10 April): buy single tickets\n"
                "- Shinjuku Gyoen timed entry for 5 April, Shigetsu lunch in Kyoto\n"
                "- Peking opera tickets for 17 April at the Chang'an Theatre\n"
                "- Visit Japan Web forms and the insurance quote you mentioned"
            ),
        ),
        Turn(
            "Thanks, that's everything for now! 谢谢！",
            reply="You're welcome — have a wonderful trip, and 祝阿姨旅途愉快！Ask me any time "
            "if plans change.",
        ),
    ]


WEB.update(
    {
        "Tokyo cherry blossom forecast 2026": [
            "The 2026 forecast puts first bloom in Tokyo around 24 March and full bloom "
            "around 1 April",
            "Shinjuku Gyoen has late-flowering yaezakura that stay in bloom until mid April",
            "Shinjuku Gyoen asks visitors to book timed entry online during the blossom season",
            "Wheelchairs can be borrowed free of charge at the Shinjuku Gyoen main gates",
        ],
        "东京 新宿 素食餐厅 老人友好": [
            "新宿的Ain Soph Journey是纯素餐厅，有电梯，甜点很有名",
            "东京站内的T's TanTan提供全素拉面，汤底不用鱼汤",
            "新宿御苑附近的Saishoku提供素食定食，座位宽敞，适合老人",
            "大多数日本餐厅的汤底含鲣鱼高汤，点餐时要说明不要鱼汤",
        ],
        "Kyoto sights with limited walking": [
            "Kinkaku-ji has a flat 20-minute loop and a wheelchair route",
            "A taxi can drop visitors at the top of the Kiyomizu-dera slope, skipping the "
            "steep approach",
            "The Sagano Romantic Train gives river and bamboo views from a seat",
            "Many temples have steps, so check each temple's accessibility page first",
        ],
        "Nara day trip from Osaka with elderly parent": [
            "The Kintetsu Rapid Express from Osaka-Namba reaches Kintetsu-Nara in about 40 minutes",
            "Nara Park and Todai-ji are about 1 km from Kintetsu-Nara station on flat paths",
            "Taxis and rickshaws wait outside Kintetsu-Nara station",
            "Weekday mornings avoid the school groups",
        ],
        "China visa-free entry British citizens 2026": [
            "British passport holders may visit China visa-free for up to 30 days for tourism",
            "The visa-free policy has been extended until 31 December 2026",
            "Passports must be valid for six months, with proof of onward travel",
            "Arrival cards can be filled in online before the flight",
        ],
        "上海 适合老人 景点 不累": [
            "豫园和城隍庙在市中心，路面平坦，可以慢慢逛",
            "外滩夜景建议乘坐黄浦江游船，坐着就能看",
            "上海博物馆东馆有电梯和轮椅租借，免费但需要预约",
            "朱家角古镇离市区约1小时车程，石桥台阶较多",
        ],
        "travel insurance over 65 UK Japan China": [
            "Most UK insurers cover travellers up to 80 on single-trip policies for Asia",
            "Pre-existing conditions such as high blood pressure must be declared or claims "
            "can be refused",
            "Single-trip cover for a 68-year-old to Japan and China costs about 60-120 pounds "
            "for two weeks",
            "Check that medical cover is at least 2 million pounds and includes repatriation",
        ],
        "vegetarian restaurant Kyoto no dashi": [
            "Shigetsu at Tenryu-ji serves shojin ryori, Buddhist cuisine made without fish stock",
            "Veg Out near Shichijo has a vegan menu and step-free entry",
            "Ask for dashi nashi (no fish stock) when ordering udon or miso soup",
            "Book Shigetsu a few days ahead in April",
        ],
        "北京 京剧 演出 4月16日 4月17日": [
            "梅兰芳大剧院4月16日晚7点半上演《贵妃醉酒》，票价180到880元",
            "长安大戏院4月17日晚7点半有《霸王别姬》，有中英文字幕",
            "湖广会馆每晚有京剧折子戏，可以边喝茶边看",
            "部分剧场对60岁以上老人有优惠，需出示证件",
        ],
        "Forbidden City tickets booking rules": [
            "Palace Museum tickets must be booked online up to 7 days ahead with each "
            "visitor's passport number",
            "Daily visitors are capped at 40,000 and the museum is closed on Mondays",
            "Entry is through the Meridian Gate only; the exit is to the north",
            "Visitors over 60 get half-price tickets on showing their passport",
        ],
    }
)

TURNS = [*_turns_japan(), *_turns_china(), *_turns_wrap_up()]


# -- recording ------------------------------------------------------------------------------------


class Script:
    """Answers the session's requests from :data:`TURNS`: the tool calls, then the reply."""

    def __init__(self) -> None:
        self.memory: Memory = {}
        self.turn: Turn | None = None
        self.number = 0
        self.round = 0
        self.labels: dict[str, str] = {}

    def start(self, number: int, turn: Turn) -> None:
        self.turn, self.number, self.round = turn, number, 0
        if turn.today is not None:
            TODAY["value"] = turn.today

    def answer(self, request: MessageRequest) -> list[ContentBlock]:
        assert self.turn is not None
        for message in reversed(request.messages):
            if not isinstance(message, ToolResultMessage):
                break
            text = message.text()
            label = self.labels[message.tool_call_id]
            self.memory[label] = (
                text
                if message.is_error
                else json.loads(text)
                if (text.startswith(("{", "[")))
                else text
            )
        if self.round < len(self.turn.rounds):
            intro, calls = self.turn.rounds[self.round]
            blocks: list[ContentBlock] = [TextBlock(text=intro)]
            for k, call in enumerate(calls):
                call_id = f"call_{self.number:02d}_{self.round}{k}"
                self.labels[call_id] = call.label
                args = call.args(self.memory) if callable(call.args) else call.args
                blocks.append(ToolUseBlock(id=call_id, name=call.tool, input=args))
            self.round += 1
            return blocks
        reply = self.turn.reply
        return [TextBlock(text=reply(self.memory) if callable(reply) else reply)]


def _sold_out_room(script: Script) -> None:
    """The Kyoto ryokan the script recommends has one room left (its booking fails)."""
    ryokan = script.memory.get("ryokan")
    if ryokan is not None:
        SOLD_OUT["hotel_id"] = ryokan["hotel_id"]


def record() -> list[Any]:
    """Run the 60 turns through a session; return its stored messages, system prompt first."""
    script = Script()
    bundle = (
        AgentBuilder()
        .provider(FunctionProvider(script.answer, model="scripted-travel-planner"))
        .store(InMemoryStore())
        .tool_registry(TOOLS)
        .build()
    )
    session = bundle.session("travel-60")
    session.slot.append_messages([Message.system(SYSTEM)])
    for number, turn in enumerate(TURNS):
        script.start(number, turn)
        _sold_out_room(script)
        session.submit_turn_sync(turn.user)
    return list(session.slot.messages)


def main(out: Path = OUT) -> None:
    # Two calls fail on purpose (a sold-out room, a missing file); their warnings are expected.
    logging.getLogger("nbagent.llm.tools").setLevel(logging.ERROR)
    messages = record()
    lines = [MESSAGE_ADAPTER.dump_json(m).decode() for m in messages]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}: {len(TURNS)} turns, {len(messages)} messages")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
