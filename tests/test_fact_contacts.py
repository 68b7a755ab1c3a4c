"""Phones, street addresses and people's names in many languages (issue 21 item 1): a national
number after a phone cue, a street word with its house number (and the postcode and city
after it), capitalised words after a person label; and what ordinary prose holds instead of
them (years, prices, times, ranges, quantities, capitalised words that name no one)."""

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

ADDRESSES = [
    # A street word first, its name, its number, maybe a postcode and a city
    ("Strada Mihai Eminescu 12, București", [("address", "Strada Mihai Eminescu 12, București")]),
    (
        "Calea Victoriei 155 și Str. Lipscani nr. 5",
        [("address", "Calea Victoriei 155"), ("address", "Str. Lipscani nr. 5")],
    ),
    (
        "Carrer de Mallorca 401, 08013 Barcelona",
        [("address", "Carrer de Mallorca 401, 08013 Barcelona")],
    ),
    ("C/ de Mallorca, 401", [("address", "C/ de Mallorca, 401")]),
    ("Calle de Alcalá 42, 28014 Madrid", [("address", "Calle de Alcalá 42, 28014 Madrid")]),
    (
        "Rua Augusta 85 ou Av. Paulista, 1578",
        [("address", "Rua Augusta 85"), ("address", "Av. Paulista, 1578")],
    ),
    ("Rua Augusta, 85, 1100-053 Lisboa", [("address", "Rua Augusta, 85, 1100-053 Lisboa")]),
    ("Via Roma 10", [("address", "Via Roma 10")]),
    ("Via dei Condotti 8, 00187 Roma", [("address", "Via dei Condotti 8, 00187 Roma")]),
    ("Rue de la Loi 16, 1000 Bruxelles", [("address", "Rue de la Loi 16, 1000 Bruxelles")]),
    ("ul. Marszałkowska 10", [("address", "ul. Marszałkowska 10")]),
    ("ul. Nowy Świat 5, 00-950 Warszawa", [("address", "ul. Nowy Świat 5, 00-950 Warszawa")]),
    ("al. Jana Pawła II 12", [("address", "al. Jana Pawła II 12")]),
    ("Οδός Ερμού 10, 105 63 Αθήνα", [("address", "Οδός Ερμού 10, 105 63 Αθήνα")]),
    ("вул. Хрещатик, 22", [("address", "вул. Хрещатик, 22")]),
    (
        "Jalan Ampang 12, 50450 Kuala Lumpur; Jl. Sudirman No. 5",
        [("address", "Jalan Ampang 12, 50450 Kuala Lumpur"), ("address", "Jl. Sudirman No. 5")],
    ),
    # A street's name ending in its street word
    ("Hauptstraße 5", [("address", "Hauptstraße 5")]),
    ("Bahnhofstrasse 1, 8001 Zürich", [("address", "Bahnhofstrasse 1, 8001 Zürich")]),
    ("Vesterbrogade 41, 1620 København V", [("address", "Vesterbrogade 41, 1620 København V")]),
    ("Kalverstraat 92, 1012 PH Amsterdam", [("address", "Kalverstraat 92, 1012 PH Amsterdam")]),
    ("Nieuwe Binnenweg 12", [("address", "Nieuwe Binnenweg 12")]),
    ("Drottninggatan 53, 111 21 Stockholm", [("address", "Drottninggatan 53, 111 21 Stockholm")]),
    ("Vi ses på Karl Johans gate 22.", [("address", "Karl Johans gate 22")]),
    ("Mannerheimintie 10, 00100 Helsinki", [("address", "Mannerheimintie 10, 00100 Helsinki")]),
    # A street word after the name
    ("Andrássy út 60, 1062 Budapest", [("address", "Andrássy út 60, 1062 Budapest")]),
    ("Václavské náměstí 832/19", [("address", "Václavské náměstí 832/19")]),
    ("Atatürk Caddesi No: 12", [("address", "Atatürk Caddesi No: 12")]),
    # The number first
    (
        "Nhà tôi ở 12 phố Hàng Bạc, văn phòng ở số 45 đường Lê Lợi.",
        [("address", "12 phố Hàng Bạc"), ("address", "45 đường Lê Lợi")],
    ),
    # A word before a German street's name is the sentence's
    ("Treffpunkt Hauptstraße 5", [("address", "Hauptstraße 5")]),
]

NAMES = [
    ("owner: Nguyễn Văn An", [("name", "Nguyễn Văn An")]),
    ("Contact: Søren Kierkegaard", [("name", "Søren Kierkegaard")]),
    ("Contact: Ana Popescu", [("name", "Ana Popescu")]),
    (
        "Ansprechpartner: Jörg Müller, Tel. 030 1234567",
        [("name", "Jörg Müller"), ("phone", "030 1234567")],
    ),
    (
        "Kontakt: Jörg Müller Tel. 030 1234567",  # the name ends at the next cue
        [("name", "Jörg Müller"), ("phone", "030 1234567")],
    ),
    ("Kontakt: Herr Müller", [("name", "Müller")]),  # a title says so, as for "Frau Dr. Jäger"
    ("Frau Dr. Jäger kommt morgen.", [("name", "Jäger")]),
    ("Responsable : Hélène Dupré", [("name", "Hélène Dupré")]),
    ("Contacto: María José Núñez", [("name", "María José Núñez")]),
    ("Responsável: João Gonçalves", [("name", "João Gonçalves")]),
    ("Referente: Niccolò Bianchi", [("name", "Niccolò Bianchi")]),
    ("Contactpersoon: Jeroen van der Berg", [("name", "Jeroen van der Berg")]),
    ("Kontaktperson: Åsa Lindqvist", [("name", "Åsa Lindqvist")]),
    ("Yhteyshenkilö: Jyrki Mäkelä", [("name", "Jyrki Mäkelä")]),
    ("Osoba kontaktowa: Łukasz Wójcik", [("name", "Łukasz Wójcik")]),
    ("Kontaktní osoba: Jiří Dvořák", [("name", "Jiří Dvořák")]),
    ("Persoană de contact: Ștefan Ionescu", [("name", "Ștefan Ionescu")]),
    ("Kapcsolattartó: Szabó Zoltán", [("name", "Szabó Zoltán")]),
    ("Yetkili: Ayşe Yılmaz", [("name", "Ayşe Yılmaz")]),
    ("Υπεύθυνος: Γιώργος Παπαδόπουλος", [("name", "Γιώργος Παπαδόπουλος")]),
    ("Владелец: Иван Петров", [("name", "Иван Петров")]),
    ("Власник: Олена Шевченко", [("name", "Олена Шевченко")]),
    ("người liên hệ ông Trần Văn Minh", [("name", "Trần Văn Minh")]),
    ("Pemilik: Budi Santoso", [("name", "Budi Santoso")]),
    ("Propietari: Jordi Puig", [("name", "Jordi Puig")]),
    ('{"owner": "Søren Kierkegaard"}', [("name", "Søren Kierkegaard")]),
    ("The driver is Zoë Ångström.", [("name", "Zoë Ångström")]),
    ("the technician Piotr Ślązak will come", [("name", "Piotr Ślązak")]),
    (
        "联系人：王伟，电话：138 0013 8000",
        [("name", "王伟"), ("phone", "138 0013 8000")],
    ),
    ("担当：山田太郎", [("name", "山田太郎")]),
    ("담당자: 김민준", [("name", "김민준")]),
]


@pytest.mark.parametrize(("text", "expected"), PHONES + ADDRESSES + NAMES)
def test_phones_addresses_and_names_in_many_languages(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected


NOT_CONTACTS = [
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
    # A street word with no house number, or words that make no street
    ("Via email 5 days ago, or via Zoom 3 times.", [("quantity", "5 days")]),
    ("Via Zoom, 3 people joined.", [("quantity", "3 people")]),
    ("La Calle es larga y bonita; la Calle Mayor también.", []),
    ("Plaza Mayor 5 EUR per entry.", [("amount", "5 EUR")]),
    ("Via Roma 10:30 appointment", [("time", "10:30")]),
    ("Corso Python 3 starts on Monday.", [("version", "Python 3")]),
    ("Vaswani et al. Attention 2017 is the paper.", [("event", "Attention 2017")]),
    ("Bring 5 towels and see you in Spring 2026.", []),
    ("Boarding at Delta gate 14 at 10:30.", [("time", "10:30")]),
    ("Our Brigade 5 won, the String 12 bug is fixed.", []),
    ("Wir sind auf Platz 3, Hotel Ring 2 ist zu.", []),
    ("We need 10-12 rooms in 2026 for 250 EUR.", [("quantity", "12 rooms"), ("amount", "250 EUR")]),
    # Capitalised words after a colon or a label that name no one
    ("Kontakt: Öffnungszeiten Montag bis Freitag.", []),
    ("Kontakt: Beratung Und Verkauf", []),
    ("Kontakt Ärzten Öffnungszeiten", []),
    ("Ärzten Öffnungszeiten sind lang.", []),
    ("Contact: Support Team", []),
    ("Owner: Data Platform", []),
    ("Manager: Unknown Person", []),
    ("Contact Us Today for a quote.", []),
    ("Note: Please Read This. Status: Open Issues", []),
    ("the host Jupyter Lab is up", []),
]


@pytest.mark.parametrize(("text", "expected"), NOT_CONTACTS)
def test_ordinary_prose_states_no_phone_address_or_name(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert [(f.kind.value, f.text) for f in extract_text_facts(text)] == expected
