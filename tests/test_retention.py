"""The fact ledger and retention on every turn: a summary whose prose drops the user's facts
still shows them to the model."""

from __future__ import annotations

from pathlib import Path

from nbagent.agent.facts import Fact, FactKind, extract_text_facts
from nbagent.agent.ledger import LEDGER_HEADERS, split_ledger, with_ledger
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from tests.agent_support import ScriptedProvider, make_session

PROMPTS = [
    "Book flight CA1234 on 2026-04-03 for me",
    "The hotel ref is QX7Y2B and it costs €1,250",
    "My colleague Anna Schmidt joins at 18:05",
    "Please also note order ORD-88231",
    "And the taxi costs 300 EUR",
    "What else?",
]


def facts(text: str, turn: int) -> list[Fact]:
    return [Fact(f.text, f.kind, turn) for f in extract_text_facts(text)]


def test_the_ledger_lists_what_the_prose_lacks_in_the_turns_order_within_budget() -> None:
    found = [*facts("CA1234 at 07:45", 0), *facts("QX7Y2B costs €1,250", 3)]
    text = with_ledger("They fly CA1234.", found, budget=800, language="en")
    assert text == ("They fly CA1234.\n\n[Key facts]\nt0: 07:45\nt3: QX7Y2B · €1,250")
    assert split_ledger(text) == (
        "They fly CA1234.",
        "[Key facts]\nt0: 07:45\nt3: QX7Y2B · €1,250",
    )
    # Normalised: "1250 EUR" in the prose is the same fact as "€1,250".
    assert "€1,250" not in with_ledger("QX7Y2B for 1250 EUR", found, budget=800, language="en")
    # A tight budget keeps a code of the newest turn and counts the rest, the count included.
    tight = with_ledger("x", found, budget=40, language="en")
    assert tight == "x\n\n[Key facts]\nt3: QX7Y2B\n(+3 more)"
    assert len(split_ledger(tight)[1]) <= 40
    # Pinned facts come first; no facts missing, no ledger.
    pinned = [Fact("gate B12", FactKind.PINNED), *found]
    assert with_ledger("x", pinned, budget=800, language="en").split("\n")[3] == "pinned: gate B12"
    assert (
        with_ledger("CA1234 07:45 QX7Y2B €1,250", found, budget=800) == "CA1234 07:45 QX7Y2B €1,250"
    )


def run(ledger: bool, strategy: str = "incremental") -> tuple[object, ScriptedProvider]:
    provider = ScriptedProvider()
    config = SummaryConfig(
        max_context_tokens=400,
        trigger_token_ratio=0.5,
        debounce_turns=2,
        strategy=strategy,  # type: ignore[arg-type]
        fact_ledger=0.5 if ledger else False,
        # a 400-token window's default share (40 tokens) holds little
    )
    session = make_session(provider, summary=config, store=InMemoryStore(), track_retention=True)
    for prompt in PROMPTS:
        session.submit_turn_sync(prompt)
    return session, provider


def test_a_summary_that_drops_every_fact_keeps_them_in_its_ledger() -> None:
    session, provider = run(ledger=True)
    fired = [r for r in session.timeline if r.summary_fired]  # type: ignore[attr-defined]
    assert len(fired) >= 2
    prose, ledger = split_ledger(fired[-1].summary or "")
    # the conversation's language: English
    assert prose.startswith("summary #") and ledger.startswith(LEDGER_HEADERS["en"])
    # The second summary summarised the first (prose and ledger): facts of turn 0 survive both.
    assert "CA1234" in ledger and "QX7Y2B" in ledger and "Anna Schmidt" in ledger
    after_first = [r for r in session.timeline if r.turn_index > fired[0].turn_index]  # type: ignore[attr-defined]
    assert after_first and all(r.facts_visible == r.facts_stated for r in after_first)
    assert all(r.retention == 1.0 for r in after_first)
    # The model was shown the ledger: the request after a summary carries the facts.
    last_request = "\n".join(m.text() for m in provider.turn_requests[-1].messages)
    assert "CA1234" in last_request and "2026-04-03" in last_request


def test_without_the_ledger_retention_shows_what_was_forgotten() -> None:
    session, _ = run(ledger=False)
    last = session.timeline[-1]  # type: ignore[attr-defined]
    assert last.facts_stated >= 8 and last.facts_visible < last.facts_stated
    assert "CA1234" in last.facts_missing and last.retention < 1.0


def test_pinned_facts_are_saved_and_kept() -> None:
    store = InMemoryStore()
    config = SummaryConfig(
        max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0, fact_ledger=0.5
    )
    session = make_session(ScriptedProvider(), summary=config, store=store)
    session.pin_sync("gate B12 closes at 06:40")
    session.submit_turn_sync("hello there, a long enough message to pass the trigger line")
    again = make_session(ScriptedProvider(), summary=config, store=store)
    assert [f.text for f in again.facts().pinned] == ["gate B12 closes at 06:40"]
    summary = session.timeline[-1].summary or ""
    assert split_ledger(summary)[1].splitlines()[1] == "pinned: gate B12 closes at 06:40"


def test_the_retention_table_says_where_each_fact_is_and_since_when_it_is_lost() -> None:
    from nbagent.notebook import Probe, check_probes, retention_table

    session, _ = run(ledger=False)
    table = retention_table(session)  # type: ignore[arg-type]
    assert list(table.columns) == [
        *("fact", "kind", "turn", "role", "visible", "where", "lost_since", "replaced_by")
    ]
    row = table.set_index("fact").loc["CA1234"]
    assert (row["kind"], row["turn"], row["role"], row["where"]) == ("flight", 0, "user", "lost")
    assert not row["visible"] and row["lost_since"] is not None
    assert set(table["where"]) <= {"kept tail", "summary prose", "ledger", "lost", "compacted away"}
    assert "kept tail" in set(table["where"])
    with_ledger_session, _ = run(ledger=True)
    full = retention_table(with_ledger_session)  # type: ignore[arg-type]
    assert full["visible"].all() and "ledger" in set(full["where"])
    results = check_probes(
        with_ledger_session, [Probe("Which flight?", "ca 1234"), Probe("?", "ZZ99")]
    )  # type: ignore[arg-type]
    assert [r.in_view for r in results] == [True, False]


def test_agent_facts_and_pin_commands(tmp_path: Path) -> None:
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "nbagent.notebook.extension")
    try:
        with capture_output() as out:
            shell.run_cell(f"%agent new --provider offline --store {tmp_path / 's.sqlite3'}")
            shell.run_cell("%agent pin gate B12")
            shell.run_cell("%%agent\nMy booking is QX7Y2B on 2026-04-03")
            shell.run_cell("%agent facts")
        text = out.stdout + "".join(str(o.data.get("text/plain", "")) for o in out.outputs)
        assert "Pinned: gate B12" in text
        assert "QX7Y2B" in text and "2026-04-03" in text and "visible to the model" in text
    finally:
        shell.run_line_magic("unload_ext", "nbagent.notebook.extension")
