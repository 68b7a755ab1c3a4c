"""The watermark chart's artists, read back from the figure."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ProviderError
from nbagent.llm.pricing import Usage
from nbagent.llm.request import MessageRequest
from nbagent.notebook.charts import plot_timeline, watermark_chart
from tests.agent_support import ScriptedProvider, make_session, reply


def by_gid(ax: Axes, gid: str) -> Any:
    found = [a for a in [*ax.lines, *ax.collections] if a.get_gid() == gid]
    assert len(found) == 1, f"{gid}: {found}"
    return found[0]


def gids(ax: Axes) -> set[str]:
    return {str(a.get_gid()) for a in [*ax.lines, *ax.collections] if a.get_gid()}


def ydata(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_ydata())]


def xdata(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_xdata())]


def eventful_session() -> AgentSession:
    """Every turn reports 500 tokens, over the 300 line; debounce 2; the 2nd summary fails.

    Turns: 0 debounced, 1 debounced, 2 fired, 3 debounced, 4 failed, 5 debounced (a failed
    summary counts for the debounce), 6 fired.
    """

    def summary(request: MessageRequest, n: int) -> Any:
        if n == 2:
            return ProviderError("summary model unavailable")
        return reply(f"summary #{n}", input_tokens=7, output_tokens=3)

    session = make_session(
        ScriptedProvider(fixed_usage=Usage(input_tokens=500), summary=summary),
        summary=SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.3, debounce_turns=2),
    )
    for i in range(7):
        session.submit_turn_sync(f"q{i}")
    return session


def offsets(collection: PathCollection) -> list[tuple[float, float]]:
    return [tuple(p) for p in np.asarray(collection.get_offsets()).tolist()]


def test_lines_and_markers() -> None:
    session = eventful_session()
    fig = watermark_chart(session)
    assert isinstance(fig, Figure)
    (ax,) = fig.axes
    trigger: Line2D = by_gid(ax, "trigger")
    assert ydata(trigger) == [300.0, 300.0]
    window: Line2D = by_gid(ax, "window")
    assert ydata(window) == [1000, 1000]
    estimated: Line2D = by_gid(ax, "estimated")
    assert xdata(estimated) == [0, 1, 2, 3, 4, 5, 6]
    assert ydata(estimated) == [r.estimated_context_tokens for r in session.timeline]
    reported: Line2D = by_gid(ax, "reported")
    assert ydata(reported) == [500.0] * 7
    # One marker per summary that fired, at the turn's watermark; others marked apart.
    assert offsets(by_gid(ax, "fired")) == [(2.0, 500.0), (6.0, 500.0)]
    debounced = [(0.0, 500.0), (1.0, 500.0), (3.0, 500.0), (5.0, 500.0)]
    assert offsets(by_gid(ax, "debounced")) == debounced
    assert offsets(by_gid(ax, "failed")) == [(4.0, 500.0)]
    after = [(float(r.turn_index), float(r.context_tokens_after)) for r in session.timeline]
    assert offsets(by_gid(ax, "after")) == [after[2], after[6]]
    markers = {g: by_gid(ax, g).get_paths()[0] for g in ("fired", "debounced", "failed")}
    shapes = {g: tuple(map(tuple, p.vertices.round(3).tolist())) for g, p in markers.items()}
    assert len(set(shapes.values())) == 3  # three different marker shapes
    assert "cumulative" not in gids(ax)
    labels = ax.get_legend_handles_labels()[1]
    assert labels == [
        "trigger 0.3 × 1,000 = 300",
        "window 1,000",
        "context (estimated)",
        "context (provider-reported)",
        "summary fired (2)",
        "over the line, debounced (4)",
        "summary failed (1)",
        "context after summary",
    ]
    assert ax.get_legend() is not None
    assert ax.get_xlabel() == "turn"
    assert ax.get_ylabel() == "tokens"
    assert ax.get_title() == "Context watermark — session s"


def test_cumulative_watermark_draws_the_cumulative_line() -> None:
    session = make_session(
        ScriptedProvider(),
        summary=SummaryConfig(
            max_context_tokens=1000, trigger_token_ratio=0.5, watermark="cumulative"
        ),
    )
    for i in range(3):
        session.submit_turn_sync(f"q{i}")
    (ax,) = watermark_chart(session).axes
    line: Line2D = by_gid(ax, "cumulative")
    assert ydata(line) == [100, 400, 900]
    assert ydata(line) == [r.cumulative_tokens for r in session.timeline]


def test_no_summary_config_has_no_trigger_line() -> None:
    session = make_session(ScriptedProvider())
    session.submit_turn_sync("hello")
    (ax,) = watermark_chart(session).axes
    assert "summaries off" in ax.get_title()
    assert {"trigger", "window", "fired"} & gids(ax) == set()
    assert {"estimated", "reported"} <= gids(ax)


def test_empty_timeline_is_an_empty_chart_with_a_note() -> None:
    session = make_session(ScriptedProvider(), summary=SummaryConfig(max_context_tokens=800))
    (ax,) = watermark_chart(session).axes
    assert [t.get_text() for t in ax.texts] == ["no turns yet"]
    assert gids(ax) == {"trigger", "window"}
    assert ydata(by_gid(ax, "trigger")) == [600.0, 600.0]


def test_draws_into_a_given_axes() -> None:
    fig = Figure()
    ax1, ax2 = fig.subplots(1, 2)
    returned = plot_timeline([], None, ax2, title="mine")
    assert returned is fig
    assert ax2.get_title() == "mine (summaries off: no trigger line)"
    assert ax1.get_title() == ""


def test_figure_displays_as_png_in_ipython() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    fig = watermark_chart(make_session(ScriptedProvider()))
    assert shell.display_formatter is not None
    data, _ = shell.display_formatter.format(fig)  # type: ignore[no-untyped-call]
    assert "image/png" in data


def test_a_session_id_with_dollars_is_drawn_as_written() -> None:
    """Matplotlib reads `$...$` as mathtext, and `$\\frac$` failed the figure at draw time."""
    session = make_session(ScriptedProvider(), session_id="$\\frac$ costs $5")
    session.submit_turn_sync("hello")
    fig = watermark_chart(session)
    fig.savefig(io.BytesIO(), format="png")
    (ax,) = fig.axes
    assert (
        ax.get_title()
        == "Context watermark — session \\$\\frac\\$ costs \\$5 (summaries off: no trigger line)"
    )


def test_retention_per_turn_on_a_right_hand_axis_when_records_count_facts() -> None:
    prompts = [
        "Book flight CA1234 on 2026-04-03",
        "The hotel ref is QX7Y2B",
        "My colleague Anna Schmidt joins at 18:05",
        "And the taxi costs 300 EUR",
        "What else?",
    ]
    config = SummaryConfig(
        max_context_tokens=400, trigger_token_ratio=0.5, debounce_turns=2, fact_ledger=False
    )
    session = make_session(ScriptedProvider(), summary=config, track_retention=True)
    for prompt in prompts:
        session.submit_turn_sync(prompt)
    fig = watermark_chart(session)
    ax, twin = fig.axes
    line: Line2D = by_gid(twin, "retention")
    records = session.timeline
    assert xdata(line) == [r.turn_index for r in records]
    # Without the ledger the summaries (turns 2 and 4) forget: 7 of 10, then 5 of 10 are kept
    # (each prompt's values and the prompt itself, a sentence that tells something).
    counts = [(r.facts_visible, r.facts_stated) for r in records]
    assert counts == [(3, 3), (5, 5), (8, 8), (7, 10), (5, 10)]
    assert ydata(line) == [100.0 * (r.retention or 0.0) for r in records]
    assert ydata(line)[:3] == [100.0, 100.0, 100.0] and ydata(line)[4] == 50.0
    assert twin.get_ylabel() == "facts kept (%)" and twin.get_ylim() == (0.0, 105.0)
    last = records[-1]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[-1] == (
        f"facts kept, % (right axis): {last.facts_visible}/{last.facts_stated} at turn 4"
    )
    assert "retention" not in gids(ax)
    fig.savefig(io.BytesIO(), format="png")


def test_no_retention_axis_without_fact_counts() -> None:
    session = make_session(ScriptedProvider(), summary=SummaryConfig(max_context_tokens=800))
    session.submit_turn_sync("Book flight CA1234 on 2026-04-03")  # retention not tracked
    (ax,) = watermark_chart(session).axes
    assert "retention" not in gids(ax)
