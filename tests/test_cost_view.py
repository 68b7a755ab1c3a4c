"""USD in the notebook: timeline and token tables, the cost view, the widget, ``%agent cost``."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from IPython.core.interactiveshell import InteractiveShell

from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.llm.pricing import Usage
from nbagent.notebook.cost_view import (
    COST_COLUMNS,
    CostView,
    cache_read_share,
    cost_table,
    spend_label,
)
from nbagent.notebook.tables import format_usd, styled, timeline_table, token_table
from nbagent.notebook.widget import ChatWidget
from tests.agent_support import make_session
from tests.test_magics import ip, magics, run  # noqa: F401
from tests.test_spend import SUMMARY_USD, TURN_USD, ClaudeLike, summarising

UNKNOWN = "claude-from-the-future"


def priced_session(turns: int = 2) -> AgentSession:
    """Turn 1 summarises; every turn costs TURN_USD, the summary SUMMARY_USD."""
    session = make_session(ClaudeLike(), summary=summarising())
    for i in range(turns):
        session.submit_turn_sync(f"question {i}")
    return session


def unpriced_session() -> AgentSession:
    session = make_session(ClaudeLike(turn_model=UNKNOWN))
    session.submit_turn_sync("hi")
    return session


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "no known price"),
        (float("nan"), "no known price"),
        (0.0, "$0.00"),
        (0.0303, "$0.0303"),
        (0.0066, "$0.0066"),
        (0.000123, "$0.000123"),
        (0.5, "$0.50"),
        (12.345, "$12.35"),
        (1234.5, "$1,234.50"),
    ],
)
def test_usd_keeps_a_fraction_of_a_cent_and_never_shows_zero_for_unknown(
    value: float | None, text: str
) -> None:
    assert format_usd(value) == text


def test_cost_table_per_turn_and_running() -> None:
    table = cost_table(priced_session(3))
    assert tuple(table.columns) == COST_COLUMNS
    assert table["turn_index"].tolist() == [0, 1, 2]
    assert table["input_tokens"].tolist() == [10_000] * 3
    assert table["cache_read_tokens"].tolist() == [6_000] * 3
    assert table["cache_read_share"].tolist() == pytest.approx([0.6] * 3)
    assert table["cost_usd"].tolist() == pytest.approx([TURN_USD] * 3)
    summary = table["summary_cost_usd"].tolist()
    assert pd.isna(summary[0]) and summary[1] == pytest.approx(SUMMARY_USD)
    assert table["turn_usd"].tolist() == pytest.approx(
        [TURN_USD, TURN_USD + SUMMARY_USD, TURN_USD + SUMMARY_USD]
    )
    assert table["cumulative_usd"].tolist() == pytest.approx(
        [TURN_USD, 2 * TURN_USD + SUMMARY_USD, 3 * TURN_USD + 2 * SUMMARY_USD]
    )


def test_timeline_table_has_usd_and_says_no_known_price() -> None:
    table = timeline_table(priced_session())
    assert table["cost_model"].tolist() == ["claude-sonnet-4-5-20250929"] * 2
    assert table["cost_usd"].tolist() == pytest.approx([TURN_USD, TURN_USD])
    assert table["summary_cost_model"].tolist()[1] == "claude-haiku-4-5-20251001"
    html = styled(table).to_html()
    assert "$0.0303" in html and "$0.0065" in html
    # A turn without a summary shows no summary cost, and says nothing about a price.
    assert "no known price" not in html

    unknown = timeline_table(unpriced_session())
    assert pd.isna(unknown["cost_usd"].iloc[0])
    html = styled(unknown).to_html()
    assert "no known price" in html and "$0.00" not in html


def test_token_table_prices_each_message_at_the_input_rate() -> None:
    session = priced_session(1)
    table = token_table(session)
    # Sonnet 4.5 input: $3 per million tokens.
    assert table["input_usd"].tolist() == pytest.approx(
        [t * 3.0 / 1e6 for t in table["est_tokens"].tolist()]
    )
    unknown = token_table(make_session(ClaudeLike(turn_model=UNKNOWN)))
    assert unknown.empty
    session = unpriced_session()
    assert token_table(session)["input_usd"].isna().all()


def test_cost_view_totals_conversation_summaries_and_cache_share() -> None:
    view = CostView.from_session(priced_session())
    lines = view.lines()
    # Two turns of 10,000 input tokens, 6,000 read from the cache; one summary without cache.
    assert lines[0] == "Session s · 2 turns · $0.0671 in all"
    assert lines[1] == "Conversation: $0.0606 · 22,000 tokens · cache reads 60% of input tokens"
    assert lines[2] == (
        "Summaries: $0.0065 · 1 summary call · 4,500 tokens · cache reads 0% of input tokens"
    )
    assert any(
        line.startswith(
            "Price claude-sonnet-4-5: input $3.00, cached $0.30, cache write $3.75, "
            "output $15.00 per million tokens (https://"
        )
        for line in lines
    )
    assert "$0.0671" in view._repr_html_() and "$0.0671" in str(view)
    assert view._repr_mimebundle_()["text/plain"] == str(view)


def test_cost_view_names_the_model_without_a_price() -> None:
    view = CostView.from_session(unpriced_session())
    text = "\n".join(view.lines())
    assert "Session s · 1 turns · $0.00 in all (priced calls only)" in text
    assert "Turns 0: no known price, not counted" in text
    assert f"No known price for {UNKNOWN}: give it a price with AgentBuilder().pricing(" in text


def test_cost_view_of_a_new_session() -> None:
    view = CostView.from_session(make_session(ClaudeLike()))
    assert view.lines() == ["Session s: no turn yet, nothing spent."]
    assert "nothing spent" in view._repr_html_()


def test_cache_read_share() -> None:
    assert cache_read_share(Usage(input_tokens=200, cache_read_tokens=150)) == 0.75
    assert cache_read_share(Usage()) is None


def test_spend_label_next_to_the_tokens() -> None:
    assert spend_label(make_session(ClaudeLike())) == "$0.00 so far · 0 tokens"
    assert spend_label(priced_session()) == ("$0.0671 so far · 22,000 tokens + 4,500 in summaries")
    assert spend_label(unpriced_session()) == f"no known price for {UNKNOWN} · 11,000 tokens"


def test_spend_label_with_priced_and_unpriced_calls() -> None:
    session = make_session(ClaudeLike(turn_model=UNKNOWN), summary=summarising())
    session.submit_turn_sync("one")
    session.submit_turn_sync("two")
    assert spend_label(session) == (
        f"$0.0065 so far + calls with no known price ({UNKNOWN}) · 22,000 tokens + 4,500 in "
        "summaries"
    )


def test_widget_shows_usd_so_far_escaped() -> None:
    session = make_session(ClaudeLike(turn_model="<b>odd</b>"))
    chat = ChatWidget(session)
    assert chat.spend.value == "$0.00 so far · 0 tokens"
    chat.send_sync("hi")
    assert chat.spend.value == ("no known price for &lt;b&gt;odd&lt;/b&gt; · 11,000 tokens")
    priced = ChatWidget(priced_session())
    assert priced.spend.value == "$0.0671 so far · 22,000 tokens + 4,500 in summaries"


def test_agent_cost_magic(ip: InteractiveShell, tmp_path: Path) -> None:  # noqa: F811
    run(ip, "%agent new --provider offline")
    run(ip, "%%agent\nhello")
    output = run(ip, "%agent cost").outputs[-1].data
    assert output["text/plain"].startswith("Session chat-1 · 1 turns · $0.00 in all")
    assert "Price offline-demo: free (offline)" in output["text/plain"]
    assert "USD per turn" in output["text/html"]

    book = magics(ip).book
    book.open(provider=ClaudeLike(turn_model=UNKNOWN), store=InMemoryStore(), session_id="x")
    run(ip, "%%agent --session x\nhello")
    output = run(ip, "%agent cost --session x").outputs[-1].data
    assert "no known price" in output["text/plain"]
    assert "$0.00 in all (priced calls only)" in output["text/plain"]
    assert UNKNOWN in output["text/html"]


def test_agent_cost_is_in_the_help(ip: InteractiveShell) -> None:  # noqa: F811
    assert "cost" in run(ip, "%agent help").stdout
