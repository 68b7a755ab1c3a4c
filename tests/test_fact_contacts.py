"""Phones in many languages (issue 21 item 1): a national number after a phone cue; and what
ordinary prose holds instead of one (years, prices, times, ranges, quantities)."""

from __future__ import annotations

import pytest

from nbagent.llm.facts import extract_text_facts

PHONES = [
    # English
    (
        "My phone: 020 7946 0958, or call me at 555-0199.",
        [("phone", "020 7946 0958"), ("phone", "555-0199")],
    ),
    (
        "Hotline 1800-555-0199, fax 212 555 0199.",
        [("phone", "1800-555-0199"), ("phone", "212 555 0199")],
    ),
    ("My number is 0912 345 678.", [("phone", "0912 345 678")]),
    ('{"phone": "0912 345 678"}', [("phone", "0912 345 678")]),
    # German: the whole number, not "1234567" as a code
    ("Kontakt: 030 1234567", [("phone", "030 1234567")]),
    (
        "Handy 0170 1234567, Tel. (030) 1234567",
        [("phone", "0170 1234567"), ("phone", "(030) 1234567")],
    ),
    # French, Spanish, Portuguese, Italian, Catalan
    (
        "Appelez le 06 12 34 56 78 ou tél. : 01.23.45.67.89",
        [("phone", "06 12 34 56 78"), ("phone", "01.23.45.67.89")],
    ),
    ("Mi teléfono es el 612 345 678.", [("phone", "612 345 678")]),
    (
        "Telefone: (11) 91234-5678, telemóvel 912 345 678",
        [("phone", "(11) 91234-5678"), ("phone", "912 345 678")],
    ),
    ("Il mio cellulare è 347 123 4567.", [("phone", "347 123 4567")]),
    ("Telèfon 93 123 45 67", [("phone", "93 123 45 67")]),
    # Dutch, Danish, Swedish, Finnish
    (
        "Bel 06 12345678 of telefoon 020 123 4567.",
        [("phone", "06 12345678"), ("phone", "020 123 4567")],
    ),
    (
        "Ring til os på 23 45 67 89, mobil 070-123 45 67.",
        [("phone", "23 45 67 89"), ("phone", "070-123 45 67")],
    ),
    ("Puhelin 040 123 4567.", [("phone", "040 123 4567")]),
    # Polish, Czech, Romanian, Hungarian, Turkish
    ("Tel. kom. 512 345 678", [("phone", "512 345 678")]),
    ("Telefon: 602 123 456", [("phone", "602 123 456")]),
    ("Telefon: 0721 234 567", [("phone", "0721 234 567")]),
    ("Telefon: 06 1 234 5678", [("phone", "06 1 234 5678")]),
    ("Cep: 0532 123 45 67", [("phone", "0532 123 45 67")]),
    # Greek, Russian and Ukrainian
    ("Τηλ. 210 123 4567", [("phone", "210 123 4567")]),
    (
        "Тел.: 8 912 345-67-89, телефон 044 123 4567",
        [("phone", "8 912 345-67-89"), ("phone", "044 123 4567")],
    ),
    # Vietnamese, Indonesian and Malay
    ("Số điện thoại: 0912 345 678", [("phone", "0912 345 678")]),
    (
        "hotline 1800-555-0199, SĐT 0912.345.678",
        [("phone", "1800-555-0199"), ("phone", "0912.345.678")],
    ),
    (
        "HP 0812-3456-7890, telp. (021) 1234567",
        [("phone", "0812-3456-7890"), ("phone", "(021) 1234567")],
    ),
    # Chinese, Japanese, Korean (a full-width colon is NFKC's ":")
    (
        "电话：138 0013 8000，手机13800138000",
        [("phone", "138 0013 8000"), ("phone", "13800138000")],
    ),
    ("電話：090 1234 5678", [("phone", "090 1234 5678")]),
    ("전화 010 1234 5678", [("phone", "010 1234 5678")]),
]


@pytest.mark.parametrize(("text", "expected"), PHONES)
def test_phones_in_many_languages(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected


NOT_PHONES = [
    # A cue with no phone after it: a clock, years, a range, a count, a price, a date
    ("Call at 10:30 or phone after 14:00.", [("time", "10:30"), ("time", "14:00")]),
    ("We will call 2024-2025 the planning years.", []),
    ("Call 10-12 people and phone 3 times.", [("quantity", "12 people")]),
    ("The phone costs 1250 EUR, the mobile plan 29.99.", [("amount", "1250 EUR")]),
    ("Phone bill for 12.03.2026 was paid.", [("date", "12.03.2026")]),
    ("Call 10.30-12.00 tomorrow.", []),
    ("Contact 3 of the 12 suppliers.", []),
    ("I'll call you 5 times between 9 and 17.", []),
    ("The hotline opens 8-20, order 2 500 units.", [("number", "2 500")]),
    ("Tel Aviv in 2026, the hotel had 120 rooms.", [("quantity", "120 rooms")]),
]


@pytest.mark.parametrize(("text", "expected"), NOT_PHONES)
def test_ordinary_prose_states_no_phone(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected
