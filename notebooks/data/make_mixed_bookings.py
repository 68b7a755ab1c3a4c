"""Make ``mixed_bookings_40_turns.jsonl``: a 40-turn English and Chinese conversation whose
bookings are confirmed in the results of ``Action`` tools.

Run ``python notebooks/data/make_mixed_bookings.py [OUT_FILE]`` from the repository root; without
an argument it rewrites ``notebooks/data/mixed_bookings_40_turns.jsonl``. The output is
byte-for-byte the same on every run: no clock, no network, every "random" value seeded from the
tool's arguments.

How it is made: as ``make_travel_60.py`` does, a real
:class:`~nbagent.agent.session.AgentSession` runs the turns with a
:class:`~nbagent.llm.providers.offline.FunctionProvider` answering from the script below and a
:class:`~nbagent.llm.tools.ToolRegistry` running the tools, so the stored history is what a
session stores.

What it is for: retention. Lin Yu (林雨) and her colleague Jonas Weber go from Shanghai to a
trade fair in Berlin and a customer in Munich, then Lin takes her parents to Hangzhou. The user
writes English and Chinese. Searches (``Factual``, 5-18 KB) fill the context; bookings,
payments, reservations and registrations (``Action``) answer with confirmations whose codes,
amounts and dates come after a paragraph of terms, so a 200-character truncation cuts them, and
two confirmations pass 2,000 characters, so microcompact replaces them. Half the replies
do not repeat what was confirmed ("Done, the confirmation is above"): there the facts live in
the tool results only, the case microcompact ranks as unimportant.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.store import InMemoryStore
from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    AnyMessage,
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
OUT = HERE / "mixed_bookings_40_turns.jsonl"
SYSTEM = (
    "You are a business-travel assistant. Look things up with the tools, book only what the "
    "user asks for, and answer in the user's language (English or Chinese)."
)

TERMS_EN = (
    "Terms: this booking is subject to the supplier's conditions of carriage or stay, which "
    "the traveller accepted at the time of booking. Changes are possible up to the stated "
    "deadline, fees apply where shown, and names must match the travel documents exactly. "
)
TERMS_ZH = (
    "预订条款：本预订受供应商的运输或住宿条款约束，旅客在预订时已接受。可在规定期限前更改，"
    "如有费用以页面显示为准，旅客姓名须与证件完全一致。"
)


def ref(prefix: str, *parts: object) -> str:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest().upper()
    return f"{prefix}-{digest[:6]}"


def rng(*parts: object) -> random.Random:
    return random.Random(int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest(), 16))


def dump(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False)


# -- tools: searches (Factual, large) ------------------------------------------------------------

_CARRIERS = [("Lufthansa", "LH"), ("Air China", "CA"), ("China Eastern", "MU"), ("KLM", "KL")]


@tool(result_semantic=ResultSemantic.FACTUAL)
def search_flights(origin: str, destination: str, date: str, passengers: int = 2) -> str:
    """Flight offers between two airports, cheapest first.

    Args:
        origin: IATA code of the departure airport.
        destination: IATA code of the arrival airport.
        date: Departure date, YYYY-MM-DD.
        passengers: Number of adults.
    """
    r = rng("flights", origin, destination, date)
    offers = []
    for i in range(r.randint(60, 80)):
        name, code = _CARRIERS[i % len(_CARRIERS)]
        fare = round(r.uniform(380, 1400), 2)
        offers.append(
            {
                "offer_id": ref("OF", origin, destination, date, i),
                "airline": name,
                "flight": f"{code}{r.randint(100, 999)}",
                "depart": f"{date}T{r.randint(6, 22):02d}:{r.choice(['05', '20', '35', '50'])}",
                "duration_min": r.randint(95, 900),
                "stops": r.randint(0, 1),
                "fare_eur": fare,
                "total_eur": round(fare * passengers, 2),
                "baggage": "1 x 23 kg",
                "seats_left": r.randint(1, 9),
            }
        )
    offers.sort(key=lambda o: o["fare_eur"])
    return dump({"origin": origin, "destination": destination, "date": date, "offers": offers})


@tool(result_semantic=ResultSemantic.FACTUAL)
def search_hotels(city: str, check_in: str, check_out: str, max_price: int = 250) -> str:
    """Hotels with rooms free in a city, best rated first.

    Args:
        city: City name, e.g. "Berlin" or "杭州".
        check_in: Arrival date, YYYY-MM-DD.
        check_out: Departure date, YYYY-MM-DD.
        max_price: Highest price per room and night.
    """
    r = rng("hotels", city, check_in, check_out)
    zh = city == "杭州"
    hotels = []
    for i in range(r.randint(70, 90)):
        price = r.randint(max_price // 2, max_price)
        walk = r.randint(2, 15)
        hotels.append(
            {
                "hotel_id": ref("H", city, i),
                "name": f"{city}{['西湖', '湖滨', '灵隐', '钱塘'][i % 4]}酒店{i}"
                if zh
                else f"{['Hotel', 'Residenz', 'Boutique'][i % 3]} {city} {chr(65 + i % 26)}",
                "rating": round(r.uniform(7.0, 9.7), 1),
                "price_per_night": price,
                "walk_to_metro_min": walk,
                "description": f"距地铁步行{walk}分钟，安静舒适，含早餐，前台可代订游船和出租车。"
                if zh
                else f"{walk} minutes from the U-Bahn, quiet rooms, breakfast included, a "
                "desk that books taxis and tables, and a gym on the top floor.",
            }
        )
    hotels.sort(key=lambda h: -h["rating"])
    currency = "CNY" if zh else "EUR"
    return dump({"city": city, "currency": currency, "hotels": hotels})


@tool(result_semantic=ResultSemantic.MIXED)
def web_search(query: str) -> str:
    """Search the web; returns titles and snippets.

    Args:
        query: What to look for.
    """
    r = rng("web", query)
    words = [
        "fair",
        "hall",
        "entry",
        "badge",
        "transit",
        "ticket",
        "zone",
        "tariff",
        "lake",
        "boat",
    ]
    results = [
        {
            "title": f"{query.title()}: guide {i + 1}",
            "url": f"https://guide.example.com/{ref('w', query, i).lower()}",
            "snippet": " ".join(r.choice(words) for _ in range(40)),
        }
        for i in range(8)
    ]
    return dump({"query": query, "results": results})


# -- tools: actions (confirmations whose facts come after the terms) -------------------------------


def _confirmation(kind: str, zh: bool, terms_copies: int, **facts: Any) -> str:
    terms = (TERMS_ZH if zh else TERMS_EN) * terms_copies
    return dump({"status": "confirmed", "kind": kind, "terms": terms, **facts})


@tool(result_semantic=ResultSemantic.ACTION)
def book_flight(flight: str, date: str, depart: str, passengers: list[str], fare_eur: float) -> str:
    """Book seats on a flight.

    Args:
        flight: Flight number.
        date: Departure date, YYYY-MM-DD.
        depart: Departure time, HH:MM.
        passengers: Full names as in the passports.
        fare_eur: Fare per person in euros.
    """
    r = rng("pnr", flight, date)
    tickets = [f"{r.randint(10**12, 10**13 - 1)}" for _ in passengers]
    pnr = "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
    total = f"€{fare_eur * len(passengers):,.2f}"
    return _confirmation(
        "flight", False, 2, flight=flight, date=date, depart=depart, passengers=passengers,
        pnr=pnr, e_tickets=tickets, total=total,
    )  # fmt: skip


@tool(result_semantic=ResultSemantic.ACTION)
def book_hotel(hotel: str, check_in: str, check_out: str, rooms: int, total: str) -> str:
    """Book rooms in a hotel.

    Args:
        hotel: Hotel name.
        check_in: Arrival date, YYYY-MM-DD.
        check_out: Departure date, YYYY-MM-DD.
        rooms: Number of rooms.
        total: Total price with its currency.
    """
    zh = "酒店" in hotel
    code = ref("HB", hotel, check_in)
    return _confirmation(
        "hotel", zh, 2, hotel=hotel, check_in=check_in, check_out=check_out, rooms=rooms,
        confirmation=code, total=total,
    )  # fmt: skip


@tool(result_semantic=ResultSemantic.ACTION)
def book_train(train: str, date: str, depart: str, seats: int, total: str) -> str:
    """Book train seats.

    Args:
        train: Train number, e.g. "ICE 1007" or "G7507".
        date: Travel date, YYYY-MM-DD.
        depart: Departure time, HH:MM.
        seats: Number of seats.
        total: Total fare with its currency.
    """
    zh = train.startswith("G")
    order = ref("TR", train, date)
    return _confirmation(
        "train", zh, 2, train=train, date=date, depart=depart, seats=seats, order=order,
        total=total,
    )  # fmt: skip


@tool(result_semantic=ResultSemantic.ACTION)
def reserve_restaurant(name: str, date: str, time: str, guests: int) -> str:
    """Reserve a table.

    Args:
        name: Restaurant name.
        date: Date, YYYY-MM-DD.
        time: Time, HH:MM.
        guests: Number of guests.
    """
    code = ref("RS", name, date)
    if any("\u4e00" <= ch <= "\u9fff" for ch in name):
        return (
            f"{TERMS_ZH}请准时到店，座位保留15分钟。预订成功：{name}，{date} {time}，{guests}位，"
            f"确认号{code}。"
        )
    return (
        f"{TERMS_EN}Please arrive on time; the table is held for 15 minutes. Reserved: {name}, "
        f"{date} at {time}, {guests} guests, confirmation {code}."
    )


@tool(result_semantic=ResultSemantic.ACTION)
def pay_invoice(invoice: str, amount: str) -> str:
    """Pay an invoice from the company card.

    Args:
        invoice: Invoice number.
        amount: Amount with its currency.
    """
    tx = ref("TX", invoice, amount)
    return _confirmation("payment", False, 2, invoice=invoice, amount=amount, transaction=tx)


@tool(result_semantic=ResultSemantic.ACTION)
def register_fair(fair: str, attendees: list[str], days: list[str]) -> str:
    """Register attendees for a trade fair (badges by e-mail).

    Args:
        fair: The fair's name.
        attendees: Full names.
        days: Days of attendance, YYYY-MM-DD.
    """
    badges = {name: ref("BG", fair, name) for name in attendees}
    return _confirmation("registration", False, 8, fair=fair, days=days, badges=badges)


@tool(result_semantic=ResultSemantic.ACTION)
def book_tickets(venue: str, date: str, visitors: int, total: str) -> str:
    """Book entry tickets for a sight.

    Args:
        venue: The sight.
        date: Date of the visit, YYYY-MM-DD.
        visitors: Number of visitors.
        total: Total price with its currency.
    """
    code = ref("TK", venue, date)
    return (
        f"{TERMS_ZH}{TERMS_ZH}门票已预订：{venue}，{date}，{visitors}人，共{total}，"
        f"订单号{code}，入园时出示身份证。"
    )


@tool(result_semantic=ResultSemantic.ACTION)
def send_email(to: str, subject: str) -> str:
    """Send an e-mail from the user's address.

    Args:
        to: Recipient.
        subject: Subject line.
    """
    message_id = ref("msg", to, subject).lower()
    return dump({"status": "sent", "to": to, "subject": subject, "message_id": message_id})


@tool(result_semantic=ResultSemantic.ACTION)
def make_itinerary(title: str, items: list[str]) -> str:
    """Write the itinerary document and return its preview.

    Args:
        title: Document title.
        items: One line per booking.
    """
    doc = ref("DOC", title, len(items))
    preview = "\n".join(f"- {item}" for item in items)
    return (TERMS_EN * 8) + f"\nDocument {doc} saved ({len(items)} items):\n{preview}"


TOOLS = ToolRegistry(
    [
        search_flights, search_hotels, web_search, book_flight, book_hotel, book_train,
        reserve_restaurant, pay_invoice, register_fair, book_tickets, send_email,
        make_itinerary,
    ]
)  # fmt: skip


# -- the conversation -----------------------------------------------------------------------------

LIN, JONAS, MOTHER, FATHER = "Lin Yu", "Jonas Weber", "Chen Hua", "Lin Guo"
FAIR = "Berlin Smart Home Expo 2026"


@dataclass
class Turn:
    user: str
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    reply: str = ""


def hotel_code(hotel: str, check_in: str) -> str:
    return ref("HB", hotel, check_in)


TURNS = [
    Turn(
        "Hi! My name is Lin Yu. My colleague Jonas Weber and I go to the Berlin Smart Home "
        "Expo from 6 to 8 May 2026, then visit a customer in Munich on 11 May. Budget "
        "€6,500 for both of us.",
        reply="Happy to help. Berlin 6–8 May, Munich on 11 May, €6,500 for two. Shall I start "
        "with the flights from Shanghai?",
    ),
    Turn(
        "Yes. Flights PVG to BER on 5 May for the two of us.",
        [("search_flights", {"origin": "PVG", "destination": "BER", "date": "2026-05-05"})],
        "The cheapest direct-ish option is LH729 via FRA at 10:35 for €612.40 per person.",
    ),
    Turn(
        "Book LH729 for both of us.",
        [
            (
                "book_flight",
                {
                    "flight": "LH729",
                    "date": "2026-05-05",
                    "depart": "10:35",
                    "passengers": [LIN, JONAS],
                    "fare_eur": 612.4,
                },
            )
        ],
        "Done, the flight is booked; the confirmation is above.",
    ),
    Turn(
        "Hotels in Berlin 5–9 May near the fair, under €180 a night.",
        [
            (
                "search_hotels",
                {
                    "city": "Berlin",
                    "check_in": "2026-05-05",
                    "check_out": "2026-05-09",
                    "max_price": 180,
                },
            )
        ],
        "Residenz Berlin B is 4 minutes from the U-Bahn with a rating of 9.6, €164 a night.",
    ),
    Turn(
        "Book two rooms at Residenz Berlin B.",
        [
            (
                "book_hotel",
                {
                    "hotel": "Residenz Berlin B",
                    "check_in": "2026-05-05",
                    "check_out": "2026-05-09",
                    "rooms": 2,
                    "total": "€1,312.00",
                },
            )
        ],
        "Booked: two rooms, 5–9 May, €1,312.00; confirmation "
        f"{hotel_code('Residenz Berlin B', '2026-05-05')}.",
    ),
    Turn(
        "Register both of us for the fair, all three days.",
        [
            (
                "register_fair",
                {
                    "fair": FAIR,
                    "attendees": [LIN, JONAS],
                    "days": ["2026-05-06", "2026-05-07", "2026-05-08"],
                },
            )
        ],
        "You are both registered; the badges come by e-mail.",
    ),
    Turn(
        "What do the guides say about getting to the fair grounds?",
        [("web_search", {"query": "Berlin Messe public transport"})],
        "The U2 to Theodor-Heuss-Platz or the S-Bahn to Messe Süd; an AB zone ticket covers it.",
    ),
    Turn(
        "Pay the fair's stand invoice INV-55120 of €480.00.",
        [("pay_invoice", {"invoice": "INV-55120", "amount": "€480.00"})],
        "Paid.",
    ),
    Turn(
        "Reserve dinner for four at Lokal Mitte on 6 May at 19:30 with the customer team.",
        [
            (
                "reserve_restaurant",
                {"name": "Lokal Mitte", "date": "2026-05-06", "time": "19:30", "guests": 4},
            )
        ],
        "Reserved; the details are above.",
    ),
    Turn(
        "Trains from Berlin to Munich on 10 May?",
        [("web_search", {"query": "ICE Berlin München 10 Mai"})],
        "ICE 1007 leaves at 09:29 and takes about 4 hours; the saver fare is €79.90.",
    ),
    Turn(
        "Book ICE 1007 for two.",
        [
            (
                "book_train",
                {
                    "train": "ICE 1007",
                    "date": "2026-05-10",
                    "depart": "09:29",
                    "seats": 2,
                    "total": "€159.80",
                },
            )
        ],
        "Done — two seats on ICE 1007.",
    ),
    Turn(
        "Hotels in Munich for 10–12 May, under €200.",
        [
            (
                "search_hotels",
                {
                    "city": "München",
                    "check_in": "2026-05-10",
                    "check_out": "2026-05-12",
                    "max_price": 200,
                },
            )
        ],
        "Hotel München A near the Hauptbahnhof, rating 9.4, €188 a night, fits best.",
    ),
    Turn(
        "Book two rooms there.",
        [
            (
                "book_hotel",
                {
                    "hotel": "Hotel München A",
                    "check_in": "2026-05-10",
                    "check_out": "2026-05-12",
                    "rooms": 2,
                    "total": "€752.00",
                },
            )
        ],
        "Booked, two rooms for two nights.",
    ),
    Turn(
        "E-mail the Munich plan to Jonas at jonas.weber@example.com.",
        [("send_email", {"to": "jonas.weber@example.com", "subject": "Munich 10-12 May"})],
        "Sent.",
    ),
    Turn(
        "Flights back from MUC to PVG on 12 May?",
        [("search_flights", {"origin": "MUC", "destination": "PVG", "date": "2026-05-12"})],
        "MU232 at 21:50 is direct and costs €698.00 per person.",
    ),
    Turn(
        "Book MU232 for both of us.",
        [
            (
                "book_flight",
                {
                    "flight": "MU232",
                    "date": "2026-05-12",
                    "depart": "21:50",
                    "passengers": [LIN, JONAS],
                    "fare_eur": 698.0,
                },
            )
        ],
        "Booked; e-tickets issued.",
    ),
    Turn(
        "Make an itinerary document of the business trip.",
        [
            (
                "make_itinerary",
                {
                    "title": "Berlin and Munich, May 2026",
                    "items": [
                        "5 May LH729 PVG-BER 10:35",
                        "5-9 May Residenz Berlin B",
                        "6-8 May Berlin Smart Home Expo",
                        "10 May ICE 1007 09:29",
                        "10-12 May Hotel München A",
                        "12 May MU232 MUC-PVG 21:50",
                    ],
                },
            )
        ],
        "The itinerary document is saved.",
    ),
    Turn(
        "现在说说私事。我要带爸妈去杭州过周末，5月16日到18日。我妈叫陈华，我爸叫林国。",
        reply="好的，5月16日到18日杭州周末，您和父母三位。先看酒店吗？",
    ),
    Turn(
        "帮我找西湖附近的酒店，每晚不超过900元。",
        [
            (
                "search_hotels",
                {
                    "city": "杭州",
                    "check_in": "2026-05-16",
                    "check_out": "2026-05-18",
                    "max_price": 900,
                },
            )
        ],
        "杭州西湖酒店4评分9.6，距地铁步行3分钟，每晚860元，最合适。",
    ),
    Turn(
        "订两间，两晚。",
        [
            (
                "book_hotel",
                {
                    "hotel": "杭州西湖酒店4",
                    "check_in": "2026-05-16",
                    "check_out": "2026-05-18",
                    "rooms": 2,
                    "total": "¥3,440",
                },
            )
        ],
        "已订好，确认信息见上。",
    ),
    Turn(
        "上海到杭州的高铁，5月16日上午。",
        [("web_search", {"query": "上海虹桥 杭州东 高铁 5月16日 上午"})],
        "G7507 早上8:05从虹桥出发，约1小时到杭州东，二等座73元。",
    ),
    Turn(
        "订G7507，三个人。",
        [
            (
                "book_train",
                {
                    "train": "G7507",
                    "date": "2026-05-16",
                    "depart": "08:05",
                    "seats": 3,
                    "total": "¥219",
                },
            )
        ],
        "订好了。",
    ),
    Turn(
        "晚饭订楼外楼，5月16日晚上6点，三位。",
        [
            (
                "reserve_restaurant",
                {"name": "楼外楼", "date": "2026-05-16", "time": "18:00", "guests": 3},
            )
        ],
        "订好了，确认信息见上。",
    ),
    Turn(
        "Search flights MUC to PVG on 13 May too, in case the meeting runs late.",
        [("search_flights", {"origin": "MUC", "destination": "PVG", "date": "2026-05-13"})],
        "On 13 May MU232 flies at 21:50 again for €731.00; you hold the 12 May seats.",
    ),
    Turn(
        "灵隐寺5月17日需要预约吗？",
        [("web_search", {"query": "灵隐寺 门票 预约 5月17日"})],
        "需要实名预约，飞来峰景区门票每人45元，建议上午去。",
    ),
    Turn(
        "订5月17日灵隐寺门票，三个人。",
        [
            (
                "book_tickets",
                {"venue": "灵隐寺飞来峰景区", "date": "2026-05-17", "visitors": 3, "total": "¥135"},
            )
        ],
        "门票订好了。",
    ),
    Turn(
        "Remind me which train we take to Munich, and when it leaves.",
        reply="ICE 1007 on 10 May, leaving Berlin at 09:29.",
    ),
    Turn(
        "西湖游船怎么买票？",
        [("web_search", {"query": "西湖 游船 票价 预约"})],
        "湖滨码头可以买票，手摇船每船150元起，建议早上去。",
    ),
    Turn(
        "Back to work: the customer asked for the stand photos. E-mail them to "
        "anna.keller@example.de.",
        [("send_email", {"to": "anna.keller@example.de", "subject": "Stand photos"})],
        "Sent to Anna Keller.",
    ),
    Turn(
        "Pay the Munich meeting-room invoice INV-55871, €260.00.",
        [("pay_invoice", {"invoice": "INV-55871", "amount": "€260.00"})],
        "Paid; the transaction is confirmed above.",
    ),
    Turn(
        "How much of the €6,500 have we spent on the business trip?",
        reply="Flights €1,224.80 and €1,396.00, hotels €1,312.00 and €752.00, the train "
        "€159.80 and the invoices €480.00 and €260.00: €5,584.60, leaving €915.40.",
    ),
    Turn(
        "Hotels in Berlin again, 7 to 9 May, in case Jonas' manager joins — under €180.",
        [
            (
                "search_hotels",
                {
                    "city": "Berlin",
                    "check_in": "2026-05-07",
                    "check_out": "2026-05-09",
                    "max_price": 180,
                },
            )
        ],
        "Boutique Berlin C has a room at €171 a night; nothing booked yet.",
    ),
    Turn(
        "He won't come after all. Reserve lunch at Café Einstein on 8 May at 12:30 for two.",
        [
            (
                "reserve_restaurant",
                {"name": "Café Einstein", "date": "2026-05-08", "time": "12:30", "guests": 2},
            )
        ],
        "Reserved.",
    ),
    Turn(
        "帮我把杭州的安排发给我妈，邮箱 chenhua@example.cn。",
        [("send_email", {"to": "chenhua@example.cn", "subject": "杭州周末安排"})],
        "已发给陈华。",
    ),
    Turn(
        "Search flights PVG to BER on 5 May once more, just to check prices.",
        [("search_flights", {"origin": "PVG", "destination": "BER", "date": "2026-05-05"})],
        "Prices have not moved; LH729 is still the best value, and you already hold seats.",
    ),
    Turn(
        "Make one itinerary for everything, business and Hangzhou.",
        [
            (
                "make_itinerary",
                {
                    "title": "May 2026, everything",
                    "items": [
                        "5 May LH729",
                        "5-9 May Residenz Berlin B",
                        "6-8 May Expo",
                        "10 May ICE 1007",
                        "10-12 May Hotel München A",
                        "12 May MU232",
                        "16 May G7507 08:05",
                        "16-18 May 杭州西湖酒店4",
                        "16 May 楼外楼 18:00",
                    ],
                },
            )
        ],
        "Saved.",
    ),
    Turn(
        "Which hotel did I book in Munich, and what is its confirmation?",
        reply="Hotel München A, 10–12 May, two rooms for €752.00; the confirmation is "
        f"{hotel_code('Hotel München A', '2026-05-10')}.",
    ),
    Turn(
        "Thanks. One last thing: the web guide for the fair's opening hours.",
        [("web_search", {"query": "Berlin Smart Home Expo opening hours"})],
        "The halls open 09:00–18:00 each day; the last entry is at 17:00.",
    ),
    Turn(
        "杭州那边天气怎么样？顺便查一下西湖附近有没有更便宜的酒店。",
        [
            (
                "search_hotels",
                {
                    "city": "杭州",
                    "check_in": "2026-05-16",
                    "check_out": "2026-05-18",
                    "max_price": 700,
                },
            )
        ],
        "便宜一些的有杭州湖滨酒店9，每晚690元；不过您已经订好了西湖酒店4，不建议再改。",
    ),
    Turn("No, keep it. That's all for now — thank you!", reply="You're welcome. Safe travels!"),
]


# -- recording ------------------------------------------------------------------------------------


class Script:
    """Answers each request from :data:`TURNS`: the turn's tool calls, then its reply."""

    def __init__(self) -> None:
        self.number = 0
        self.called = False

    def answer(self, request: MessageRequest) -> list[ContentBlock]:
        turn = TURNS[self.number]
        if turn.calls and not self.called:
            self.called = True
            blocks: list[ContentBlock] = [TextBlock(text="Let me do that.")]
            for k, (name, args) in enumerate(turn.calls):
                blocks.append(ToolUseBlock(id=f"call_{self.number:02d}_{k}", name=name, input=args))
            return blocks
        return [TextBlock(text=turn.reply)]


def record() -> list[AnyMessage]:
    """Run the turns through a session; return its stored messages, system prompt first."""
    script = Script()
    bundle = (
        AgentBuilder()
        .provider(FunctionProvider(script.answer, model="scripted-travel-assistant"))
        .store(InMemoryStore())
        .tool_registry(TOOLS)
        .build()
    )
    session = bundle.session("mixed-bookings")
    session.slot.append_messages([Message.system(SYSTEM)])
    for number, turn in enumerate(TURNS):
        script.number, script.called = number, False
        session.submit_turn_sync(turn.user)
    messages = list(session.slot.messages)
    assert not any(isinstance(m, ToolResultMessage) and m.is_error for m in messages)
    return messages


def main(out: Path = OUT) -> None:
    messages = record()
    lines = [MESSAGE_ADAPTER.dump_json(m).decode() for m in messages]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}: {len(TURNS)} turns, {len(messages)} messages")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
