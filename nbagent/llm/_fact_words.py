"""The words the fact extractor's patterns read (:mod:`nbagent.llm.facts`): units, months,
weekdays, currencies after a number, tool names, file extensions, the capitalised words that
name no person, and the phone cues, street words and person labels of many languages; each
list also as a trie (:mod:`nbagent.llm._word_tries`) and as the words a text must hold for a
pass to run (:mod:`nbagent.llm._fact_gates`)."""

from __future__ import annotations

import re

from nbagent.llm._word_tries import trie
from nbagent.llm.fact_keys import CURRENCY_AFTER, CURRENCY_CODES, CURRENCY_SIGNS, CURRENCY_WORDS

_I = re.IGNORECASE

UNITS = (
    r"km|kms|kg|kgs|g|mg|m|cm|mm|mi|miles?|ft|lbs?|gb|mb|kb|tb|ms|sec|secs|seconds?|min|mins|"
    r"minutes?|h|hrs?|hours?|days?|nights?|weeks?|months?|years?|people|persons?|guests?|adults?|"
    r"children|kids|rooms?|seats?|bags?|°c|°f|%|公里|千米|米|公斤|千克|克|晚|天|周|小时|分钟|秒|"
    r"人|位|间|张|个|件|岁|"
    # Spans and head counts in the other languages the estimator knows (appended: a word above
    # wins where it won before).
    r"tage?n?|nächte?|wochen?|monate?n?|jahre?n?|stunden?|minuten|personen|gäste|"
    r"jours?|nuits?|semaines?|mois|ans|heures?|personnes?|"
    r"días|dias|noches|semanas?|meses|años|anos|horas?|personas?|pessoas?|noites|"
    r"giorni|notti|settimane|mesi|anni|ore|persone|"
    r"dni|nocy|tygodni|miesięcy|miesiące|lat|godzin|osób|osoby|"
    r"dnů|dní|nocí|týdnů|měsíců|měsíce|let|hodin|osob|"
    r"dagen|nachten|weken|maanden|jaar|uur|personen|dagar|nätter|veckor|månader|år|timmar|"
    r"дней|дня|день|ночей|ночи|недель|недели|месяцев|месяца|месяц|лет|года|год|часов|часа|"
    r"минут|человек|днів|ночей|тижнів|місяців|місяці|років|годин|"
    r"gün|gece|hafta|ay|yıl|saat|kişi|ημέρες|μέρες|νύχτες|εβδομάδες|μήνες|χρόνια|ώρες|άτομα"
)

MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)

EU_MONTHS = (
    r"januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|"
    r"dezember|mär|okt|dez|janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|"
    r"octobre|novembre|décembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
    r"septiembre|setiembre|octubre|noviembre|diciembre|jan|feb|apr|jun|jul|aug|sept|sep|nov"
)

RU_MONTHS = r"января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря"

URI_SCHEMES = (
    r"s3a?|gs|az|abfss?|wasbs?|hdfs|dbfs|file|sftp|ftp|ssh|git|postgres(?:ql)?|mysql|mariadb|"
    r"sqlite|redis|rediss|mongodb(?:\+srv)?|snowflake|bigquery|jdbc:[a-z]+|kafka|amqps?|nats|grpc"
)


def word_set(*lists: str) -> frozenset[str]:
    return frozenset(word for words in lists for word in words.split())


TOOL_NAMES = word_set(
    """python py cpython pypy node nodejs java jdk openjdk go golang rust rustc ruby php perl
    postgres postgresql mysql redis sqlite ubuntu debian centos alpine macos ios android cuda
    cudnn gcc clang llvm numpy pandas polars scipy torch pytorch tensorflow jax spark pyspark
    kafka airflow dbt django flask fastapi pydantic react vue angular kubernetes k8s docker
    terraform scala kotlin swift dotnet julia version release ver"""
)
"""Names whose number after a space is a version ("python 3.11"; "AUC 0.91" is a result)."""

FILE_EXTENSIONS = (
    r"py|ipynb|sh|md|rst|txt|csv|tsv|json|jsonl|ndjson|parquet|avro|orc|yaml|yml|toml|sql|log|"
    r"cfg|ini|conf|xlsx|xls|pdf|docx|html|pkl|pickle|pt|pth|onnx|ckpt|safetensors|zip|gz|tgz|db|"
    r"sqlite|duckdb|feather|arrow|h5|npz|npy"
)

WEEKDAYS = (
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|"
    "donnerstag|freitag|samstag|sonnabend|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
    "dimanche|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo"
)

CALENDAR = word_set(
    "January February March April May June July August September October November December",
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday",
    "Saturday Sunday Januar Februar März Juni Juli Oktober Dezember Montag Dienstag Mittwoch",
    "Donnerstag Freitag Samstag Sonntag Spring Summer Autumn Fall Winter Christmas Easter",
)

NOT_NAMES = CALENDAR | word_set(
    "The A An This That These Those Our Your Their His Her Its My We You They He She It I",
    "Thank Thanks Please Hello Hi Dear Yes No Okay Sorry Best Regards Kind Cheers Welcome",
    "Data Table Tables Figure Section Chapter Step Steps Note Notes Model Models Team Project",
    "Plan Report Summary Total Results Result Test Tests Train Validation Feature Features",
    "Street Road Avenue Lane Drive Square Station Airport Terminal Hotel Hostel Inn Resort",
    "Tower Temple Shrine Castle Palace Museum Gallery Garden Gardens Bridge Lake River",
    "Mount Mountain Bay Beach Island Center Centre Market Mall Bank Group Inc Ltd Corp",
    "Company University College School Hospital Church Line Express Rail Pass City Airlines",
    "Airways Air New North South East West Central Grand Great Royal National International",
    "United General Old Upper Lower Saint San Los Las Hong Kong York Japan China Tokyo Kyoto",
    "Osaka Beijing Shanghai London Paris Berlin English Chinese Japanese German French",
    "Spanish Korean Russian Python Jupyter Excel Google Microsoft Amazon Apple Windows Linux",
    "Machine Learning Deep Neural Network Network Cloud Server Client Service Services",
    "Visitor Visa Temporary Shinkansen Limited Rapid Mitte Mall Plaza Cafe Café Bar Restaurant",
    "Error Warning Info Debug True False None Null Yes Mr Mrs Ms Dr Prof Room Seat Gate",
)
"""Capitalised words that are not a person's: calendar words, openers, title-case labels and
places (a name is two or three words that are none of these)."""

ARTICLES = (
    "the|a|an|this|that|these|those|our|your|their|its|der|die|das|den|dem|des|ein|eine|im|am|"
    "zum|zur|vom|beim|le|la|les|el|los|las|un|une"
)
"""Words after which capitalised words name a thing ("the Data Team", "im Hotel Adlon")."""

NOT_EVENTS = CALENDAR | word_set(
    "In On At By Since From Until Till To For Of The Before After Early Late Mid End Start",
    "Q1 Q2 Q3 Q4 H1 H2 FY Year Fiscal Copyright Version Windows Office Release Python",
)

# The word lists as tries (:mod:`nbagent.llm._word_tries`): the same matches, each first
# character tried once.
WEEKDAY_TRIE = trie(WEEKDAYS, _I)

MONTH_TRIE = trie(MONTHS, _I)

EU_MONTH_TRIE = trie(EU_MONTHS, _I)

ANY_MONTH_TRIE = trie(f"{MONTHS}|{EU_MONTHS}", _I)

RU_MONTH_TRIE = trie(RU_MONTHS, _I)

CODE_TRIE = trie(CURRENCY_CODES, _I)

CURRENCY_TRIE = trie(CURRENCY_AFTER, _I)

UNIT_TRIE = trie(UNITS, _I)

ARTICLE_TRIE = trie(ARTICLES)

SEAT_NAMES = (
    r"seats?|sitz(?:platz)?|siège|asiento|room|rm\.|zimmer|raum|chambre|salle|habitaci[oó]n|"
    r"cabin|kabine|suite|место|номер|комната"
)

SEAT_TRIE = trie(SEAT_NAMES, _I)

SEAT_WORDS = tuple(
    word_set(
        "seat sitz siège asiento room rm. zimmer raum chambre salle habitac cabin kabine suite",
        "место номер комнат 座位 房 号室 호실",
    )
)

STREET_WORDS = tuple(
    word_set(
        "street st. road rd. avenue ave. boulevard blvd lane drive court place square terrace",
        "crescent way rue allée quai chemin route impasse",
    )
)

WEEKDAY_WORDS = (
    WEEKDAYS.replace("|", " ").replace("mi[eé]rcoles", "rcoles").replace("s[aá]bado", "bado")
)

MONTH_WORDS = "jan feb mar apr may jun jul aug sep oct nov dec"

EU_MONTH_WORDS = EU_MONTHS.replace("|", " ")

CURRENCY_AFTER_WORDS = " ".join(
    (
        CURRENCY_WORDS.replace("|", " ").replace("?", ""),
        " ".join(CURRENCY_SIGNS),
        "円 원 рубл руб евро rub юаней долларов franc franken",
        "zł złotych pln kč czk kr sek nok dkk lei ron лв грн ₴ ₺ tl lira ₫ đồng vnd ringgit",
        "myr ₪ aed sar riyal dirham rupee",
    )
)


def phrases(text: str) -> str:
    """The phrases of ``text`` (one per line or comma), longest first, as an alternation."""
    found = {w.strip() for line in text.splitlines() for w in line.split(",") if w.strip()}
    return "|".join(re.escape(w) for w in sorted(found, key=lambda w: (-len(w), w)))


# The words of the contact passes (:mod:`nbagent.llm._fact_contacts`): phone cues, street
# words, person labels, and the capitalised words that name no street and no person.

PHONE_CUES = phrases(
    """
    tel, telephone, phone, phone number, mobile, mob, cellphone, cell phone, cell:, hotline,
    helpline, call, ring, fax, whatsapp, contact, landline, text me, reach me, reach us,
    my number, our number, his number, her number
    meine nummer, unsere nummer, mon numéro, notre numéro, mi número, nuestro número,
    meu número, nosso número, mio numero, nostro numero, mijn nummer, ons nummer, mitt nummer,
    mit nummer
    telefon, telefonnummer, handy, handynummer, mobil, mobilnummer, mobiltelefon, rufnummer,
    festnetz, kontakt, durchwahl
    téléphone, tél, portable, fixe, appelez, appeler
    teléfono, telefono, tlf, tfno, móvil, movil, celular, cel, llamar, llame, llámenos, contacto
    telefone, telemóvel, telemovel, contato, ligue, ligar
    cellulare, chiamare, chiama, chiamate, recapito, contatto
    telefoon, telefoonnummer, mobiel, gsm, bel, bellen
    ring til, ring på, telefonnummer
    puhelin, puh, puhelinnumero, matkapuhelin, soita
    telefonu, komórka, kom, zadzwoń, dzwoń
    volejte, telefonní číslo
    telefonul, sunați, sunati
    telefonszám, mobilszám, hívja, hívjon
    cep, cep telefonu
    τηλ, τηλέφωνο, τηλεφωνο, κινητό, κινητο
    тел, телефон, телефона, моб, мобильный, сотовый, звоните, контакт
    мобільний, дзвоніть
    điện thoại, đt, sđt, di động, gọi, liên hệ
    telepon, telp, hp, ponsel, handphone, bimbit, hubungi, wa
    telèfon, mòbil, truqueu
    """
)
"""Words after which a number is a phone (lower-cased; matched in any case, as a word)."""

PHONE_CUES_CJK = phrases(
    """
    电话号码, 联系电话, 手机号码, 手机号, 电话, 手机, 座机, 热线, 致电, 拨打, 電話番号, 電話
    手機, 聯絡電話, 携帯電話, 携帯番号, 携帯, 連絡先, 전화번호, 전화, 휴대폰, 핸드폰, 연락처
    """
)
"""The same in Chinese, Japanese and Korean: no space need stand around them."""

STREETS_FIRST = phrases(
    """
    Strada, Str., Calea, Bulevardul, Bd., B-dul, Bdul., Șoseaua, Şoseaua, Soseaua, Aleea, Piața,
    Piaţa, Splaiul, Intrarea
    Carrer, C/, c/, Avinguda, Av., Avda., Passeig, Pg., Plaça, Ronda, Travessera, Rambla
    Calle, Avenida, Paseo, Plaza, Pza., Camino, Carretera, Ctra., Glorieta, Travesía
    Rua, Travessa, Praça, Largo, Alameda, Estrada, Rodovia, Calçada
    Via, Viale, V.le, Piazza, P.za, Piazzale, Corso, C.so, Vicolo, Lungomare, Lungarno, Borgo
    Rue, Avenue, Boulevard, Chaussée, Quai, Chemin, Allée, Impasse
    ul., Ul., ulica, Ulica, al., Al., aleja, Aleja, pl., Pl., plac, Plac, os., Os., osiedle
    náměstí, Náměstí, nám., Nám., třída, tř., nábřeží, nábř.
    οδός, Οδός, οδ., Οδ., Λεωφόρος, λεωφόρος, Λεωφ., λεωφ., Πλατεία, πλατεία
    ул., Ул., улица, Улица, пр., просп., Просп., проспект, Проспект, пр-т, бул., бульвар,
    Бульвар, пл., площадь, Площадь, пер., переулок, Переулок, наб., набережная, шоссе
    вул., Вул., вулиця, Вулиця, бульв., площа, Площа, пров., провулок, Провулок, набережна,
    шосе
    Đường, đường, Phố, phố, Ngõ, ngõ, Hẻm, hẻm
    Jalan, Jl., Jln., Lorong, Lrg., Persiaran, Lebuh, Lebuhraya
    """
)
"""Street words written before the street's name, the house number after it: "Via Roma 10",
"ul. Marszałkowska 10", "Jalan Ampang 12", "вул. Хрещатик, 22" (as written: case counts)."""

STREET_SUFFIXES = phrases(
    """
    straße, strasse, str., weg, gasse, platz, allee, ring, damm, ufer, chaussee, steig, pfad
    straat, laan, gracht, plein, kade, singel, dijk, dreef
    gade, vej, vejen, allé, torv, plads, stræde
    gata, gate, veien, vei, vegen, veg, plass
    gatan, vägen, väg, gränd, torget, torg, allén
    katu, tie, kuja, polku, tori, väylä, raitti
    """
)
"""Street words a street's name ends with, the house number after it: "Vesterbrogade 41",
"Kalverstraat 92", "Drottninggatan 53", "Mannerheimintie 10" (lower-case, one word)."""

STREETS_AFTER = phrases(
    """
    Allé, Boulevard, Plads, Vej
    út, utca, u., tér, körút, krt., köz, sétány, rakpart, fasor
    třída, náměstí, nábřeží
    Caddesi, Cad., Cd., Sokak, Sokağı, Sok., Sk., Bulvarı, Blv., Mahallesi, Mah.
    """
)
"""Street words standing after a street's name of one or two words: "Andrássy út 60",
"Kossuth Lajos tér 1", "Národní třída 10", "Atatürk Caddesi No: 12"."""

STREETS_AFTER_GENITIVE = "gate|gata|vei|veien|plass"
"""Norwegian's, after a name in the genitive ("Karl Johans gate 22"): "Delta gate 14" is an
airport's."""

STREETS_AFTER_GERMAN = "Straße|Strasse|Str\\.|Weg|Platz|Allee|Gasse"
"""German's, after one word ("Berliner Straße 12"): nouns are capitalised, so a word before
that one is no street's ("Im Haus Berliner Straße 12"), and none is a ranking ("auf Platz 3")."""

STREET_MODIFIERS = phrases(
    """
    Nieuwe, Oude, Lange, Korte, Prins, Prinses, Van, Eerste, Tweede, Store, Lille, Ny, Gamle,
    Sankt, Stora, Lilla, Gamla, Norra, Södra, Östra, Västra, Iso, Pieni, Vanha, Alte, Neue,
    Große, Kleine, Obere, Untere
    """
)
"""Words that may stand before a street's one-word name ("Nieuwe Binnenweg", "Store
Kongensgade"): any other capitalised word there is a sentence's ("Treffpunkt Hauptstraße 5")."""

STREETS_BEFORE_NUMBER = phrases("Đường, đường, Phố, phố, Ngõ, ngõ, Hẻm, hẻm, Ngách, ngách")
"""Vietnamese, after its house number: "12 phố Hàng Bạc", "số 45 đường Lê Lợi"."""

NOT_STREETS = word_set(
    "Python Jupyter Excel Zoom Slack Teams Email Mail Skype Google Microsoft Amazon Apple",
    "Windows Linux Version Step Chapter Section Table Figure Page The This That Our Your",
    "Brigade Renegade Arcade Spring String Bring Offspring Herring Colgate Watergate Tollgate",
)
"""Capitalised words that make no street's name ("Via Zoom 3", "Corso Python 2"), and
English words that end like a street ("Brigade 5")."""

PERSON_LABELS = phrases(
    """
    owner, contact, contact person, point of contact, manager, driver, technician, engineer,
    landlord, landlady, tenant, recipient, sender, assignee, account holder, cardholder,
    passenger, guest name, full name, customer name, contact name, coordinator, supervisor,
    representative, organiser, organizer, caretaker, host, agent, reviewer, approver
    propriétaire, responsable, gérant, gérante, chauffeur, technicien, technicienne,
    interlocuteur, interlocutrice, destinataire, expéditeur, hôte, locataire, conseiller,
    conseillère
    contacto, propietario, propietaria, dueño, dueña, encargado, encargada, gerente, conductor,
    chófer, técnico, técnica, titular, destinatario, destinataria, remitente, anfitrión,
    arrendador, persona de contacto
    contato, proprietário, proprietária, dono, dona, responsável, motorista, destinatário,
    remetente, anfitrião, senhorio, pessoa de contato
    contatto, referente, proprietaria, titolare, responsabile, gestore, autista, tecnico,
    mittente
    contactpersoon, eigenaar, beheerder, verantwoordelijke, monteur, technicus, bestuurder,
    verhuurder, huurder, ontvanger, afzender
    kontaktperson, ejer, eier, ägare, ansvarlig, ansvarig, chauffør, sjåfør, förare, tekniker,
    udlejer, utleier, hyresvärd, modtager, mottaker, mottagare, vært, vert, värd
    yhteyshenkilö, omistaja, vastuuhenkilö, kuljettaja, asentaja, teknikko, vuokranantaja,
    vastaanottaja, isäntä
    osoba kontaktowa, właściciel, właścicielka, kierownik, kierowca, technik, odbiorca, nadawca,
    wynajmujący, opiekun, gospodarz
    kontaktní osoba, majitel, majitelka, vedoucí, řidič, příjemce, odesílatel, pronajímatel,
    správce
    persoană de contact, proprietar, proprietară, administrator, șofer, sofer, tehnician,
    destinatar, expeditor, gazdă
    kapcsolattartó, tulajdonos, felelős, vezető, sofőr, technikus, címzett, feladó, bérbeadó,
    ügyintéző
    yetkili, sahibi, mal sahibi, müdür, sürücü, şoför, teknisyen, alıcı, gönderen, ev sahibi,
    sorumlu
    υπεύθυνος, υπεύθυνη, ιδιοκτήτης, ιδιοκτήτρια, οδηγός, τεχνικός, παραλήπτης, αποστολέας
    контактное лицо, владелец, владелица, менеджер, руководитель, водитель, техник, мастер,
    получатель, отправитель, ответственный, хозяин, арендодатель
    контактна особа, власник, власниця, керівник, водій, технік, майстер, одержувач, отримувач,
    відправник, відповідальний
    chủ, chủ nhà, chủ sở hữu, người liên hệ, liên hệ, quản lý, tài xế, lái xe, kỹ thuật viên,
    người nhận, người gửi, người phụ trách, phụ trách
    kontak, narahubung, pemilik, penanggung jawab, pengelola, manajer, pengemudi, sopir, supir,
    teknisi, penerima, pengirim, tuan rumah, atas nama
    contacte, propietari, propietària, gerent, tècnic, destinatari, remitent, amfitrió
    """
)
"""Words after which capitalised words name a person (lower-cased; matched in any case before
a colon, as written before a space)."""

PERSON_LABELS_GERMAN = phrases(
    """
    Kontakt, Ansprechpartner, Ansprechpartnerin, Ansprechperson, Inhaber, Inhaberin,
    Eigentümer, Eigentümerin, Vermieter, Vermieterin, Fahrer, Fahrerin, Techniker,
    Technikerin, Leiter, Leiterin, Geschäftsführer, Geschäftsführerin, Betreuer, Betreuerin,
    Sachbearbeiter, Sachbearbeiterin, Empfänger, Empfängerin, Absender, Mieter, Mieterin
    """
)
"""German's: only before a colon, as it capitalises its nouns ("Kontakt Öffnungszeiten")."""

PERSON_LABELS_CJK = phrases(
    """
    联系人, 负责人, 经理, 司机, 师傅, 房东, 业主, 收件人, 寄件人, 联络人, 聯絡人, 負責人, 經理
    司機, 房東, 担当者, 担当, 責任者, 運転手, 宛先, 氏名, 名前, 담당자, 집주인, 수령인, 받는 사람
    """
)
"""The same in Chinese, Japanese and Korean, before a colon."""

NOT_PERSONS = word_set(
    "Support Sales Finance Marketing Engineering Operations Admin Department Platform Office",
    "Service Desk Helpdesk Customer Customers Unknown Anonymous Pending Open Closed Us Me",
)
"""Capitalised words after a label that name a team or a state, not a person."""

NAMES_TOO = frozenset({"An"})
"""Words :data:`NOT_NAMES` lists that are names after a label too
(Vietnamese's "An": "Nguyễn Văn An")."""

GERMAN_NOUN_ENDINGS = ("ung", "ungen", "heit", "keit", "schaft", "zeiten", "tion", "tät", "nisse")
"""Endings of German nouns, never of a name: "Kontakt: Öffnungszeiten Montag" names no one."""


__all__ = [
    "ANY_MONTH_TRIE",
    "ARTICLES",
    "ARTICLE_TRIE",
    "CALENDAR",
    "CODE_TRIE",
    "CURRENCY_AFTER_WORDS",
    "CURRENCY_TRIE",
    "EU_MONTHS",
    "EU_MONTH_TRIE",
    "EU_MONTH_WORDS",
    "FILE_EXTENSIONS",
    "GERMAN_NOUN_ENDINGS",
    "MONTHS",
    "MONTH_TRIE",
    "MONTH_WORDS",
    "NAMES_TOO",
    "NOT_EVENTS",
    "NOT_NAMES",
    "NOT_PERSONS",
    "NOT_STREETS",
    "PERSON_LABELS",
    "PERSON_LABELS_CJK",
    "PERSON_LABELS_GERMAN",
    "PHONE_CUES",
    "PHONE_CUES_CJK",
    "RU_MONTHS",
    "RU_MONTH_TRIE",
    "SEAT_NAMES",
    "SEAT_TRIE",
    "SEAT_WORDS",
    "STREETS_AFTER",
    "STREETS_AFTER_GENITIVE",
    "STREETS_AFTER_GERMAN",
    "STREETS_BEFORE_NUMBER",
    "STREETS_FIRST",
    "STREET_MODIFIERS",
    "STREET_SUFFIXES",
    "STREET_WORDS",
    "TOOL_NAMES",
    "UNITS",
    "UNIT_TRIE",
    "URI_SCHEMES",
    "WEEKDAYS",
    "WEEKDAY_TRIE",
    "WEEKDAY_WORDS",
    "phrases",
    "word_set",
]
