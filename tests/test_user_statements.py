"""What a user states beyond codes and dates, and which facts count (issue 21).

Constraints and decisions in the user's words, corrections (the newest value current, the old
one replaced), tool results as facts, an assistant's invented values not, the ledger's order
under pressure, one speaker label per line over incremental summaries, the summary language.
"""

from __future__ import annotations

import json

import pytest

from nbagent.agent.facts import LISTING_FACTS, FactBook, FactKind
from nbagent.agent.ledger import (
    LEDGER_HEADERS,
    SENTENCE_KINDS,
    amend_summary,
    ledger_facts,
    split_ledger,
    with_ledger,
)
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm import statements
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.providers._extractive import extractive_summary
from nbagent.llm.statements import (
    is_constraint,
    is_correction,
    is_rule,
    replaced_by,
    restates,
    sentence_frame,
)
from nbagent.notebook.retention import retention_table
from tests.agent_support import ScriptedProvider, make_session


@pytest.mark.parametrize(
    "sentence",
    [
        "She is vegetarian, so no steakhouse.",
        "LightGBM chosen, TabNet rejected.",
        "Refund declined, reship approved.",
        "Never commit directly to main.",
        "Keep the answer to at most 80 words.",
        "I prefer aisle seats on long flights.",
        "We decided to go with Postgres 15.",
        "Do not push to the remote until Mara reviews it.",
        "Das Treffen bitte nicht am Wochenende.",
        "Sie ist Vegetarierin.",
        "Je préfère le train au avion.",
        "Prefiero asiento de ventanilla.",
        "不要周末开会。",
        "预算不超过五千元。",
        "He is allergic to peanuts.",
        "No external network calls from the sandbox.",
        "I would rather get short answers.",
    ],
)
def test_constraints_and_decisions_are_recognised(sentence: str) -> None:
    assert is_constraint(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Thanks, that looks great!",
        "What is the weather in Tokyo?",
        "I don't know yet.",
        "No, thanks.",
        "The table has 47,998,112 rows.",
        "Please book the hotel.",
        "Is it raining?",
    ],
)
def test_ordinary_sentences_are_not_constraints(sentence: str) -> None:
    assert not is_constraint(sentence)


# One rule and one ordinary sentence in each language the cues know beyond the ones above:
# the rule is one that forbids or requires outright (what a short ledger keeps first).
_RULES_AND_SMALL_TALK = [
    ("nunca mande a fatura antes da assinatura", "obrigado pela ajuda, não sei ainda"),
    ("non inviare mai la fattura prima della firma", "grazie mille, non so"),
    ("stuur nooit een factuur voor de handtekening", "dank je wel, dat is mooi"),
    ("никогда не отправляй счёт до подписи", "спасибо, всё хорошо"),
    ("ніколи не надсилай рахунок до підпису", "дякую, все добре"),
    ("nigdy nie wysyłaj faktury przed podpisem", "dziękuję bardzo, wszystko jasne"),
    ("fakturu nikdy neposílej před podpisem", "děkuji, to je dobré"),
    ("skicka aldrig fakturan före underskriften", "tack, det ser bra ut"),
    ("send aldrig fakturaen før underskriften", "tak, det ser godt ud"),
    ("älä koskaan lähetä laskua ennen allekirjoitusta", "kiitos, se on hyvä"),
    ("soha ne küldd el a számlát aláírás előtt", "köszönöm szépen"),
    ("faturayı imzadan önce asla gönderme", "teşekkürler, çok güzel"),
    ("ποτέ μην στέλνεις τιμολόγιο πριν την υπογραφή", "ευχαριστώ πολύ"),
    ("nu trimite niciodată factura înainte de semnătură", "mulțumesc, arată bine"),
    ("nikad ne šalji račun prije potpisa", "hvala, izgleda dobro"),
    ("jangan kirim invoice sebelum klien tanda tangan", "terima kasih, saya tidak tahu"),
    ("huwag ipadala ang invoice bago pumirma", "salamat po"),
    ("kamwe usitume ankara kabla ya sahihi", "asante sana"),
    ("không bao giờ gửi hóa đơn trước khi ký", "cảm ơn anh, không biết nữa"),
    ("बिल कभी नहीं भेजना हस्ताक्षर से पहले", "धन्यवाद, ठीक है"),
    ("يجب ألا ترسل الفاتورة قبل التوقيع", "شكرا جزيلا"),
    ("לעולם לא לשלוח חשבונית לפני חתימה", "תודה רבה"),
    ("هرگز فاکتور را قبل از امضا نفرست", "خیلی ممنون"),
    ("署名の前に請求書を絶対に送らないで", "ありがとうございます"),
    ("서명 전에는 절대 청구서를 보내지 마세요", "감사합니다"),
    ("ห้ามส่งใบแจ้งหนี้ก่อนเซ็นสัญญา", "ขอบคุณครับ"),
]


_NOT_RULES_THOUGH_THEY_LOOK_LIKE_ONE = [
    # English small talk made of a rule's words.
    "Don't worry about it.",
    "Never mind.",
    "Don't bother.",
    "Always happy to help.",
    "I must say, great work.",
    "You must be tired.",
    "Don't mention it.",
    "I always forget that.",
    "không có gì",  # "you're welcome", a negation then "there is"
    "não tem problema, pode mandar",
    "non ho capito bene",
    "Nu gaan we verder met de release.",  # Dutch "nu" is "now"
    "Im Mai fahren wir nach Rom.",  # German "Mai" is May
    "Mora is our designer.",
    "jeg skal på arbejde i morgen",  # Danish "skal": a plan
    "saya dapat membantu minggu depan",  # Indonesian "dapat": can
    "не было никаких проблем",
    # An opening negation states as often as it forbids: none of these is a rule.
    "Não entendi a pergunta.",
    "Non mi piace il caffè.",
    "Не понимаю.",
    "Không hiểu lắm.",
    "Rẽ phải ở ngã tư thứ hai.",  # Vietnamese "phải": right, the side
    "Ich habe morgen einen Termin beim Arzt.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        "Wir arbeiten nie am Wochenende.",
        "Ruf mich nie nach 22 Uhr an.",
        "House rule: no shoes inside.",
        "Non inviare mai la fattura prima della firma.",
    ],
)
def test_rules_with_a_label_or_a_never_are_rules(sentence: str) -> None:
    assert is_constraint(sentence) and is_rule(sentence)


@pytest.mark.parametrize("sentence", _NOT_RULES_THOUGH_THEY_LOOK_LIKE_ONE)
def test_a_word_a_rule_uses_elsewhere_makes_no_rule(sentence: str) -> None:
    assert not is_constraint(sentence)


@pytest.mark.parametrize(("rule", "small_talk"), _RULES_AND_SMALL_TALK)
def test_a_rule_is_one_in_each_language_and_small_talk_is_none(rule: str, small_talk: str) -> None:
    assert is_constraint(rule) and is_rule(rule)
    assert not is_constraint(small_talk)


@pytest.mark.parametrize(
    "sentence",
    [
        "Report all times in Pacific time.",
        "Put every timestamp in UTC.",
        "Keep answers under 80 words.",
        "Use metric units in every answer.",
        "If a request could harm a third party, stop and escalate instead of complying.",
        "SAFETY RULE: Whenever a customer asks for a refund, cc the billing lead.",
        "Please reply in German from now on.",
        # A scope before the verb.
        "From now on, use UTC.",
        "Going forward, cc the billing lead.",
        "In all replies, use metric units.",
    ],
)
def test_an_instruction_that_stands_for_every_turn_is_a_rule(sentence: str) -> None:
    assert is_constraint(sentence) and is_rule(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Please book the hotel.",
        "Send the report to Bob.",
        "Use the blue one.",
        "Show me all the options?",  # a question asks, it sets nothing
        "When you are done, send me the file.",  # one errand after another
        "Reports are due every Friday.",  # a statement, not an instruction
        # A noun that is also a verb opens a statement ("test results", "store hours").
        "Test results are all green.",
        "Store hours are 9 to 5 every day.",
        "Check-in is at 3 pm for all guests.",
        # An errand for all of some things, or under one, or on one day.
        "Send all the photos to my sister.",
        "Put the box under the table.",
        "If it rains tomorrow, book a taxi.",
    ],
)
def test_an_errand_or_a_statement_is_no_standing_rule(sentence: str) -> None:
    assert not is_rule(sentence)


def test_a_rule_that_names_nothing_of_its_own_stays_with_the_sentence_before_it() -> None:
    text = "Budget cap is $956 total. Never exceed without explicit approval. Don't share it."
    assert statements.split_sentences(text) == [
        "Budget cap is $956 total. Never exceed without explicit approval. Don't share it."
    ]
    # A rule with an object of its own is a sentence of its own.
    assert statements.split_sentences("The booking is QX7Y2B. Never book a red-eye flight.") == [
        "The booking is QX7Y2B.",
        "Never book a red-eye flight.",
    ]
    # Restated with another value, the value and its rule are replaced together: neither the
    # stale cap nor a rule about nothing is left in the summary.
    transcript = "\n\n".join(
        [
            "User: Budget cap is $700 total. Never exceed without explicit approval.",
            "Assistant: Noted.",
            "User: Budget cap is $956 total. Never exceed without explicit approval.",
            "Assistant: Noted.",
        ]
    )
    lines = extractive_summary(transcript, max_tokens=200).splitlines()[1:]
    assert lines == ["- User: Budget cap is $956 total. Never exceed without explicit approval."]
    book = FactBook()
    book.update([Message.user(m.removeprefix("User: ")) for m in transcript.split("\n\n")[::2]])
    said = [f.text for f in book.facts() if f.kind in SENTENCE_KINDS]
    assert said == ["Budget cap is $956 total. Never exceed without explicit approval."]


def test_a_rule_joined_to_a_replaced_sentence_goes_on_with_its_replacement() -> None:
    first = "Budget cap is $700 total. Never exceed without explicit approval."
    later = "Actually, the budget cap is now $900 total."
    assert statements.rule_tail(first) == "Never exceed without explicit approval."
    assert statements.rule_tail(later) == ""
    transcript = f"User: {first}\n\nAssistant: Noted.\n\nUser: {later}"
    lines = extractive_summary(transcript, max_tokens=200).splitlines()[1:]
    assert lines == [f"- User: {later} Never exceed without explicit approval."]
    book = _book(Message.user(first), Message.assistant("Noted."), Message.user(later))
    texts = _texts(book)
    assert "Never exceed without explicit approval." in texts and later in texts
    assert first not in texts and "$700" not in texts
    # While its sentence stands, the rule is a part of it, not a fact of its own.
    alone = _texts(_book(Message.user(first)))
    assert first in alone and "Never exceed without explicit approval." not in alone


@pytest.mark.parametrize(
    "text",
    [
        "The budget is tight. Don't worry.",
        "The budget is tight. Never mind that.",
        "We ship on 2027-05-01. Don't worry, we will make it.",
    ],
)
def test_small_talk_after_a_sentence_is_no_rule_joined_to_it(text: str) -> None:
    assert len(statements.split_sentences(text)) == 2


@pytest.mark.parametrize(
    "sentence",
    [
        "Don't worry about the budget, but never exceed $500.",
        "Never mind the logs; always run the tests first.",
        "Answers must be in German.",
    ],
)
def test_a_rule_after_small_talk_is_still_a_rule(sentence: str) -> None:
    assert is_constraint(sentence) and is_rule(sentence)


def test_corrections_by_cue_and_by_restatement() -> None:
    assert is_correction("Actually, move the callback to 15:30.")
    assert is_correction("改成周四吧。") and is_correction("Doch lieber am Mittwoch.")
    assert not is_correction("The callback is at 14:00.")
    one, two = sentence_frame("Budget cap is $300 total."), sentence_frame("Budget cap is $750.")
    assert one != two  # "total" is a word of the frame
    assert sentence_frame("Budget cap is $300.") == sentence_frame("Budget cap is $750.")
    assert restates(("$300",), ("$750",))
    # Several values: an update keeps its subject; two items of a kind do not.
    assert restates(("orion-7", "2027-05-01"), ("orion-7", "2027-06-15"))
    assert not restates(("7", "2024-03-01"), ("8", "2024-03-01"))
    assert not restates(("$300",), ("$300",))


def _book(*messages: AnyMessage, actions: frozenset[str] = frozenset()) -> FactBook:
    book = FactBook()
    book.update(list(messages), actions)
    return book


def _texts(book: FactBook) -> list[str]:
    return [f.text for f in book.facts()]


def test_a_correction_replaces_the_old_value_and_only_the_new_one_counts() -> None:
    book = _book(
        Message.user("Please set up a callback with the customer at 14:00 on 2027-03-04."),
        Message.assistant("Booked."),
        Message.user("Actually, move the callback to 15:30."),
        Message.assistant("Moved."),
    )
    assert "15:30" in _texts(book) and "14:00" not in _texts(book)
    assert [(old.text, new.text) for old, new in book.replaced()] == [("14:00", "15:30")]
    assert "15:30" in book.corrected_keys()
    # "from X to Y" names the value it replaces, whatever came between.
    named = _book(
        Message.user("My flight leaves at 09:10 and the meeting is at 11:00."),
        Message.assistant("Noted."),
        Message.user("Correction: change the meeting from 11:00 to 12:30."),
    )
    assert [(o.text, n.text) for o, n in named.replaced()] == [("11:00", "12:30")]
    assert "09:10" in _texts(named)


def test_a_restated_sentence_replaces_its_value_without_a_cue() -> None:
    book = _book(
        Message.user("Budget cap is $300 total."),
        Message.assistant("Noted."),
        Message.user("Budget cap is $750 total."),
        Message.assistant("Noted."),
    )
    assert "$750" in _texts(book) and "$300" not in _texts(book)
    # The constraint sentence itself is replaced too: the old one is not a current rule.
    said = [f.text for f in book.facts() if f.kind is FactKind.CONSTRAINT]
    assert said == ["Budget cap is $750 total."]
    # Like sentences in one message are a list, not an update.
    listing = _book(Message.user("Room 101 costs $80 a night. Room 102 costs $95 a night."))
    assert {"$80", "$95"} <= set(_texts(listing)) and listing.replaced() == []


def test_the_ledger_shows_the_newest_value_marked_and_never_the_stale_one() -> None:
    book = _book(
        Message.user("The deadline is 2027-05-01."),
        Message.assistant("OK."),
        Message.user("The deadline is 2027-06-15."),
    )
    text = with_ledger(
        "Prose.",
        book.facts(),
        budget=800,
        language="en",
        corrected=book.corrected_keys(),
    )
    ledger = split_ledger(text)[1]
    assert "2027-06-15 (corrected)" in ledger and "2027-05-01" not in ledger
    # Read back, the mark is not part of the value.
    assert "2027-06-15" in [f.text for f in ledger_facts(ledger)]


def test_tool_results_count_and_listings_count_what_is_named_again() -> None:
    rows = [{"sku": f"SKU-{i:05d}", "qty": i} for i in range(40)]
    book = _book(
        Message.user("How many rows does the events table have?"),
        Message.assistant("Checking."),
        Message.tool_result("c1", "Query finished: 47,998,112 rows, exit code 0", tool_name="sql"),
        Message.assistant("Here is the stock listing."),
        Message.tool_result("c2", json.dumps(rows), tool_name="stock"),
        Message.user("Reserve SKU-00017 for me."),
    )
    texts = _texts(book)
    assert "47,998,112" in texts  # only a tool said it, and it counts
    assert "SKU-00017" in texts  # a listing's value, named again by the user
    assert "SKU-00018" not in texts  # the rest of the listing is context
    assert len(rows) > LISTING_FACTS


def test_an_assistants_own_number_counts_only_once_confirmed() -> None:
    book = _book(
        Message.user("Plan a day in Lyon."),
        Message.assistant("It takes about 45 min and costs roughly €120."),
    )
    assert "€120" not in _texts(book)
    book.update(
        [
            *[
                Message.user("Plan a day in Lyon."),
                Message.assistant("It takes about 45 min and costs roughly €120."),
            ],
            Message.user("OK, €120 is fine."),
        ]
    )
    assert "€120" in _texts(book)


def test_user_facts_and_pins_outrank_two_thousand_tool_codes_in_the_ledger() -> None:
    stock = "\n".join(f"SKU-{i:05d} in stock" for i in range(2_000))
    book = _book(
        Message.user(
            "Recall lot LOT-7731-B before 2027-02-14. The contact is Dr. Amara Okafor, "
            "ticket OPS-99812. Never ship from lot LOT-7731-B."
        ),
        Message.assistant("Pulling the stock."),
        Message.tool_result("c1", stock, tool_name="stock"),
        Message.assistant("SKU-01999 is the newest; SKU-01998 too."),
        Message.tool_result("c2", "SKU-01999 confirmed, SKU-01998 confirmed", tool_name="stock"),
    )
    book.pin("pallets go to dock 4")
    facts = book.pinned + book.facts()
    text = with_ledger("Stock was checked.", facts, budget=300, language="en")
    ledger = split_ledger(text)[1]
    for kept in ("LOT-7731-B", "2027-02-14", "OPS-99812", "pallets go to dock 4"):
        assert kept in ledger, ledger
    assert "Never ship from lot LOT-7731-B." in ledger  # the user's rule, whole
    assert ledger.count("SKU-") == 2  # the two confirmed; the listing's 2,000 are context
    assert ledger.index("OPS-99812") < ledger.index("SKU-01999")  # the user's come first
    assert len(text) - len("Stock was checked.\n\n") <= 300 + len("pinned: pallets go to dock 4")


def test_pins_are_listed_whatever_the_budget() -> None:
    book = FactBook()
    for n in range(30):
        book.pin(f"pinned fact number {n:02d} that is about seventy characters long, really")
    text = with_ledger("x", book.pinned, budget=10, language="en")
    assert len(split_ledger(text)[1].splitlines()) == 2  # the header and one pinned line
    assert text.count("pinned fact number") == 30


def test_incremental_extractive_summaries_label_each_line_once() -> None:
    rounds = "User: The booking is QX7Y2B. Never book a red-eye flight."
    summary = extractive_summary(rounds, max_tokens=200)
    for _ in range(4):  # each round summarises the previous summary (as the system message)
        summary = extractive_summary(
            f"System: [上下文摘要] {summary}\n\nUser: Also the hotel is HTL-4411.", max_tokens=200
        )
    lines = summary.splitlines()[1:]
    assert lines, summary
    assert all(line.count("User:") + line.count("System:") <= 1 for line in lines), summary
    assert "- User: Never book a red-eye flight." in lines
    assert "- User: The booking is QX7Y2B." in lines


def test_the_extractive_summary_keeps_rules_without_numbers_and_drops_stale_values() -> None:
    transcript = "\n\n".join(
        [
            "User: Never commit directly to main.",
            "Assistant: Understood.",
            "User: Budget cap is $300.",
            "Assistant: Noted.",
            "User: The weather was nice in Rome yesterday.",
            "User: Budget cap is $750.",
        ]
    )
    summary = extractive_summary(transcript, max_tokens=40)
    assert "Never commit directly to main." in summary
    assert "$750" in summary and "$300" not in summary


_REWORDED_UPDATES = [
    ("HARD CONSTRAINT: Report all times in UTC.", "From now on, report all times in Pacific time."),
    (
        "SAFETY RULE: Never disclose the vault code adwgk-18 to any user.",
        "Never disclose the new vault code bolib-77 to anyone.",
    ),
    ("The door code is 4471.", "The door code has changed to 9902."),
    (
        "Alice Chen handles billing escalations.",
        "Billing escalations are now handled by Raj Patel.",
    ),
    ("Das Budget liegt bei 5.000 Euro.", "Ab sofort gilt ein Budget von 4.000 Euro."),
    ("El presupuesto es de 300 euros.", "A partir de ahora el presupuesto es de 500 euros."),
    ("Le code d'accès est 1234.", "Désormais le code d'accès est 5678."),
    # A concept in other words ("spend" is a budget, a "date" a deadline, "calling" a name),
    # with one word in common; a rule holding a value is reset like the value.
    (
        "The marketing budget is €5,000. Never exceed it.",
        "Update: marketing spend must stay under €4,000.",
    ),
    ("The launch deadline is 2027-03-19.", "Update: the launch date moved to April 2."),
    (
        "Die Ausgaben für die Reise dürfen 700 € nicht übersteigen.",
        "Ab sofort liegt das Budget für die Reise bei 500 €.",
    ),
]
_NOT_UPDATES = [
    # No cue: a second item of a kind, not a new value of the first.
    ("The production database is Postgres 16.", "The staging database is MySQL 8."),
    # A cue, but values of another kind: a new code is no new budget.
    ("Project budget cap is $800.", "We are calling the project RIECI-121 now."),
    # "coding" and "code" share a stem only: too little for a subject.
    ("You are a coding assistant.", "The vault code rotated."),
    # "now" alone needs more than one word in common.
    ("Hotel in Munich for 3 nights.", "Now the flights: 2 adults to Berlin."),
    ("Hotel in Munich for 3 nights.", "I'm now looking at the logs."),
    # A question replaces nothing, with or without its mark.
    ("Tiny1 is the server node of the cluster.", "is the server node getting overloaded now"),
    # "for now" keeps a thing as it is; "update" as a noun announces nothing.
    ("The wiki runs on Postgres 15.", "keep the wiki on Postgres 15 for now"),
    ("Status posts go through Dana Whitfield only.", "ping Dana so she can post the update"),
    # A shared verb ("veut") or month ("avril") is no shared subject.
    ("Mme Aubry veut démarrer mi-avril.", "Benhamou le veut plutôt le 12 avril."),
    # One word in common is too little to drop what a person may still rely on, and a rule
    # needs three.
    ("Never push directly to main.", "From now on, push feature branches to the fork."),
    ("Never deploy on Fridays.", "Let's deploy now."),
    ("The deploy target is eu-west-1.", "From now on, deploy the docs site to us-east-1."),
    (
        "Use tabs for indentation in Python files.",
        "Instead of the Python script, use a shell script.",
    ),
    ("I prefer tabs over spaces.", "I prefer dark mode now."),
    ("Die Tests müssen immer vor dem Merge laufen.", "Lass die Tests jetzt laufen."),
    ("永远不要直接推送到主分支。", "现在推送到功能分支。"),
    ("测试服务器是test-01。", "生产服务器改成prod-02。"),
    ("市场部的预算是5000元。", "从现在起，研发部的预算是8000元。"),
    # A concept alone is no shared subject: two budgets, two dates, two databases.
    ("The travel budget is $700.", "From now on, keep conference spending under $500."),
    (
        "The production database is Postgres 16 in eu-north-3.",
        "From now on, the staging database is MySQL 8 in us-west-2.",
    ),
    # A shared word qualified apart names two things: two services, two reports, two keys.
    ("Alice owns the billing service.", "Bob owns the search service from now on."),
    ("Send the weekly report to Maria.", "Send the monthly invoice to Maria from now on."),
    (
        "Always run the unit tests before merging.",
        "Going forward, run the integration tests nightly.",
    ),
    (
        "Das Budget für Marketing beträgt 5.000 €.",
        "Ab sofort beträgt das Budget für Vertrieb 3.000 €.",
    ),
    ("The API key for Stripe is sk_live_123abc.", "I rotated the API key for Twilio: tw_9988."),
]


_OTHER_THINGS_OF_A_CONCEPT = [
    # A concept counts only as what the earlier sentence was about: the project's lead is no
    # project, travel spending no project budget, the launch party's date no launch deadline.
    ("The project is called Falcon.", "From now on the project lead is named Maria."),
    (
        "The project budget is $5,000.",
        "From now on, project spending on travel is limited to $800.",
    ),
    (
        "The launch deadline is in the spring.",
        "Update: the launch party date is now in the summer.",
    ),
    ("The client's name is Acme Corp.", "From now on the client contact is called Jane."),
    ("Report all times in UTC.", "From now on, report the zone name after each time."),
    ("Le projet s'appelle Faucon.", "Désormais le nom du chef de projet est Marie."),
    (
        "El presupuesto del proyecto es de 5000 €.",
        "A partir de ahora, el gasto en viajes del proyecto es de 800 €.",
    ),
]


@pytest.mark.parametrize(("earlier", "later"), _OTHER_THINGS_OF_A_CONCEPT)
def test_a_concept_qualified_by_another_thing_is_no_shared_subject(
    earlier: str, later: str
) -> None:
    assert replaced_by(later, [earlier]) is None
    book = _book(Message.user(earlier), Message.assistant("Noted."), Message.user(later))
    # (The sentence stays; a value the later one corrects in so many words, "the date is now
    # March 10", is replaced by the value rules, which read no subject.)
    assert earlier in _texts(book)


@pytest.mark.parametrize(("earlier", "later"), _REWORDED_UPDATES)
def test_an_update_in_other_words_replaces_the_earlier_sentence(earlier: str, later: str) -> None:
    assert replaced_by(later, ["Retry logic uses exponential backoff.", earlier]) == 1
    book = _book(Message.user(earlier), Message.assistant("Noted."), Message.user(later))
    said = {f.text for f in book.facts() if f.kind in SENTENCE_KINDS}
    assert later in said and earlier not in said
    summary = extractive_summary(
        "\n\n".join([f"User: {earlier}", "Assistant: Noted.", f"User: {later}"]), max_tokens=200
    )
    assert later in summary and earlier not in summary


def test_a_concept_in_other_words_and_a_code_of_one_shape_make_a_shared_subject() -> None:
    # "calling" names what "codename" names, and two codes of one shape: with "project" and a
    # bare "now", enough to replace the sentence.
    earlier = "Our codename for the project is BLUEJAY-7."
    assert replaced_by("We are calling the project HERON-9 now.", [earlier]) == 0
    assert replaced_by("We are calling the project Heron now.", [earlier]) is None
    # A date is a deadline's, but the launch's and the docs' are two.
    assert (
        replaced_by("Update: the docs date moved to June 1.", ["The launch deadline is May 3."])
        is None
    )


@pytest.mark.parametrize(("earlier", "later"), _NOT_UPDATES)
def test_a_sentence_about_something_else_replaces_nothing(earlier: str, later: str) -> None:
    assert replaced_by(later, [earlier]) is None
    book = _book(Message.user(earlier), Message.assistant("Noted."), Message.user(later))
    assert earlier in {f.text for f in book.facts()}


def test_an_update_in_other_words_keeps_values_other_messages_state() -> None:
    book = _book(
        Message.user("The security audit is on 2027-05-01."),
        Message.user("The product launch is on 2027-05-01."),
        Message.user("From now on, the product launch is set for the second week of June."),
    )
    texts = _texts(book)
    assert "The product launch is on 2027-05-01." not in texts
    # The audit keeps its date: a value another message states is not replaced with the launch.
    assert "The security audit is on 2027-05-01." in texts and "2027-05-01" in texts
    # A value replaced by a sentence gives way to the sentence, and no summary is amended
    # with "old → sentence" (which of the new words took its place is not said).
    alone = _book(
        Message.user("The product launch is on 2027-05-01."),
        Message.user("From now on, the product launch is set for the second week of June."),
    )
    assert "2027-05-01" not in _texts(alone) and alone.replaced()
    assert amend_summary("Launch: 2027-05-01.", alone.replaced(), "en") == "Launch: 2027-05-01."


def test_a_sentence_said_again_is_current_again_and_replaces_nothing() -> None:
    rule = "Report all times in UTC."
    update = "From now on, report all times in Pacific time."
    # Said again after its update: current again (in the book and the offline summary).
    book = _book(Message.user(rule), Message.user(update), Message.user(rule))
    assert rule in _texts(book)
    summary = extractive_summary(
        "\n\n".join(f"User: {t}" for t in (rule, update, rule)), max_tokens=200
    )
    assert rule in summary
    # Two updates of one subject said back and forth never erase each other.
    a = "From now on, report all times in Pacific time."
    b = "From now on, report all times in Central time."
    texts = _texts(_book(Message.user(a), Message.user(b), Message.user(a)))
    assert a in texts


def test_an_update_in_other_words_reads_a_long_history_in_linear_time() -> None:
    # Each sentence ends on "now" and shares nothing with the others: every one is compared,
    # but only with the last UPDATE_REACH before it.
    said = [f"Widget {i} ships from depot {i} now." for i in range(3_000)]
    book = FactBook()
    calls = 0
    real = statements.replaces

    def counted(*args: object) -> float:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(statements, "replaces", counted)
        book.update([Message.user(text) for text in said])
    assert calls <= len(said) * statements.UPDATE_REACH


def test_rules_that_forbid_or_require_outrank_other_constraints_in_a_short_ledger() -> None:
    book = _book(
        Message.user("Never share the vault code with anyone."),
        Message.assistant("Understood."),
        Message.user("I prefer short answers."),
        Message.assistant("OK."),
        Message.user("Next step is writing the migration script."),
    )
    rule = "Never share the vault code with anyone."
    assert is_rule(rule) and not is_rule("I prefer short answers.")
    text = with_ledger("Prose.", book.facts(), budget=80, language="en")  # characters
    ledger = split_ledger(text)[1]
    assert rule in ledger and "migration" not in ledger and "prefer" not in ledger


def test_the_ledger_and_prompt_follow_the_conversations_language() -> None:
    provider = ScriptedProvider()
    config = SummaryConfig(max_context_tokens=400, trigger_token_ratio=0.5, debounce_turns=2)
    session = make_session(provider, summary=config, store=InMemoryStore(), track_retention=True)
    for text in ["Book flight CA1234 for me", "The hotel ref is QX7Y2B", "Thanks!", "More?"]:
        session.submit_turn_sync(text)
    fired = [r for r in session.timeline if r.summary_fired]
    assert fired
    ledger = split_ledger(fired[-1].summary or "")[1]
    assert ledger.startswith(LEDGER_HEADERS["en"]) and "第" not in ledger
    assert provider.summary_requests[0].messages[0].text().startswith("Write a concise summary")
    chinese = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    for text in ["帮我订CA1234航班", "酒店订单号QX7Y2B", "谢谢", "还有吗"]:
        chinese.submit_turn_sync(text)
    fired = [r for r in chinese.timeline if r.summary_fired]
    assert split_ledger(fired[-1].summary or "")[1].startswith(LEDGER_HEADERS["zh"])


def test_retention_table_marks_replaced_values_and_does_not_count_them() -> None:
    session = make_session(ScriptedProvider(), store=InMemoryStore(), track_retention=True)
    session.submit_turn_sync("The callback with the customer is at 14:00.")
    session.submit_turn_sync("Actually, move the callback to 15:30.")
    table = retention_table(session).set_index("fact")
    assert table.loc["14:00", "where"] == "replaced" and not table.loc["14:00", "visible"]
    assert table.loc["14:00", "replaced_by"] == "15:30"
    assert table.loc["15:30", "visible"]
    record = session.timeline[-1]
    assert "14:00" not in record.facts_missing
    assert record.facts_stated == len(table) - 1  # the replaced value is not counted


def test_what_stands_out_of_a_listing_counts_and_its_bulk_does_not() -> None:
    log = "\n".join(f"2027-03-0{1 + i % 9} 10:{i:02d}:00 step {i} ok" for i in range(40))
    log += "\nworker killed: exit code 137, wrote data/interim/features_v3.parquet"
    book = _book(
        Message.user("Run the feature job."),
        Message.assistant("Running."),
        Message.tool_result("c1", log, tool_name="shell"),
    )
    texts = _texts(book)
    assert "exit code 137" in texts and "data/interim/features_v3.parquet" in texts
    assert not any(t.startswith("2027-03-0") for t in texts)  # the log's 40 stamps are bulk


def test_a_fact_holding_the_separator_reads_back_whole() -> None:
    # Issue 25: " · " inside a fact tore it when the ledger was read back.
    book = FactBook()
    book.pin("keep")  # a pinned line is not read back (pins live in the session state)
    # A question: its values are facts, the sentence itself is not (it tells nothing).
    facts = [*_book(Message.user("Is the menu item `soup · bread` and the code QX7Y2B?")).facts()]
    ledger = split_ledger(with_ledger("x", facts, budget=800, language="en"))[1]
    assert "«soup · bread»" in ledger
    read = [f.text for f in ledger_facts(ledger)]
    assert "soup · bread" in read and "QX7Y2B" in read
    assert not any(t in {"soup", "bread"} for t in read)


def test_a_pin_longer_than_the_whole_ledger_is_refused_and_saves_nothing() -> None:
    from nbagent.errors import ConfigurationError

    config = SummaryConfig(max_context_tokens=400, fact_ledger=0.04)
    session = make_session(ScriptedProvider(), summary=config, store=InMemoryStore())
    session.pin_sync("gate B12 closes at 06:40")
    with pytest.raises(ConfigurationError, match="more than the summary's whole fact ledger"):
        session.pin_sync("a very long pinned note " * 5)
    assert [f.text for f in session.facts().pinned] == ["gate B12 closes at 06:40"]
