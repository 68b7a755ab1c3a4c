"""The watermark chart: context size per turn against the summary trigger line.

Drawn from ``session.timeline`` and the session's ``SummaryConfig`` only. Built on
:class:`matplotlib.figure.Figure` (no pyplot state), so it works without a display; in IPython the
returned figure displays inline as a PNG (a PNG formatter for ``Figure`` is registered when none
is, the same one ``%matplotlib inline`` installs). Elsewhere use ``fig.savefig(...)``.

Artists (each carries a ``gid`` so tests and callers can find it):

=====================  ======================================================================
``estimated``          line: ``estimated_context_tokens`` per turn
``reported``           line: ``reported_context_tokens`` (turns without a report are gaps)
``cumulative``         line: ``cumulative_tokens``, drawn when ``watermark="cumulative"``
``trigger``            horizontal line at ``max_context_tokens * trigger_token_ratio``
``window``             horizontal line at ``max_context_tokens``
``fired``              one marker per summary that fired, at the turn's watermark
``debounced``          one marker per turn over the line but held by ``debounce_turns``
``failed``             one marker per summary call that failed
``after``              one marker per fired summary at ``context_tokens_after``
``retention``          line on a right-hand axis: the share of the facts stated so far that
                       the turn's request still showed (``facts_visible / facts_stated``, in
                       %); drawn only when the records carry fact counts (``track_retention``)
=====================  ======================================================================
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord

FIGSIZE = (8.0, 4.0)
_MARKERS: dict[SummaryStatus, tuple[str, str, str]] = {
    SummaryStatus.FIRED: ("*", "tab:red", "summary fired"),
    SummaryStatus.DEBOUNCED: ("x", "tab:orange", "over the line, debounced"),
    SummaryStatus.FAILED: ("X", "black", "summary failed"),
}


def literal(text: str) -> str:
    """``text`` drawn as written: matplotlib reads ``$...$`` as mathtext, and a session id or a
    grid value like ``$\\frac$`` would then fail the whole figure at draw time."""
    return text.replace("$", r"\$")


def ensure_inline_png() -> None:
    """In IPython, let a bare ``Figure`` display as a PNG (when nothing else renders it)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency
        return
    shell = get_ipython()
    if shell is None:
        return
    formatter = shell.display_formatter.formatters["image/png"]
    try:
        formatter.lookup_by_type(Figure)
    except KeyError:
        from IPython.core.pylabtools import print_figure

        def png(fig: Figure) -> bytes | None:
            return print_figure(fig, "png", bbox_inches="tight")  # type: ignore[no-untyped-call,no-any-return]

        formatter.for_type(Figure, png)


def _values(values: Sequence[int | float | None]) -> list[float]:
    return [math.nan if v is None else float(v) for v in values]


def _status_markers(ax: Axes, records: Sequence[TurnRecord]) -> None:
    for status, (marker, color, label) in _MARKERS.items():
        hits = [r for r in records if r.summary_status is status]
        if not hits:
            continue
        ys = [r.watermark if r.watermark is not None else r.estimated_context_tokens for r in hits]
        size = 160 if status is SummaryStatus.FIRED else 70
        ax.scatter(
            [r.turn_index for r in hits],
            ys,
            marker=marker,
            s=size,
            color=color,
            zorder=5,
            label=f"{label} ({len(hits)})",
            gid=status.value,
        )
    fired = [r for r in records if r.summary_fired]
    if fired:
        ax.scatter(
            [r.turn_index for r in fired],
            [r.context_tokens_after for r in fired],
            marker="v",
            s=50,
            color="tab:green",
            zorder=5,
            label="context after summary",
            gid="after",
        )


def _retention_axis(ax: Axes, records: Sequence[TurnRecord]) -> Axes | None:
    """A right-hand axis with each turn's retention (``None``: no record counted facts)."""
    if not any(r.facts_stated for r in records):
        return None
    twin = ax.twinx()
    kept = [None if r.retention is None else 100.0 * r.retention for r in records]
    last = records[-1]
    label = "facts kept, % (right axis)"
    if last.retention is not None:
        label += f": {last.facts_visible}/{last.facts_stated} at turn {last.turn_index}"
    twin.plot(
        [r.turn_index for r in records],
        _values(kept),
        color="tab:purple",
        linewidth=1.2,
        marker=".",
        label=label,
        gid="retention",
    )
    twin.set_ylim(0, 105)
    twin.set_ylabel("facts kept (%)")
    return twin


def plot_timeline(
    records: Sequence[TurnRecord],
    config: SummaryConfig | None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
) -> Figure:
    """Draw ``records`` against ``config``'s lines (see the module docstring); return the figure."""
    if ax is None:
        fig = Figure(figsize=FIGSIZE)
        ax = fig.add_subplot()
    else:
        root = ax.get_figure(root=True)
        assert isinstance(root, Figure)
        fig = root
    ax.set_xlabel("turn")
    ax.set_ylabel("tokens")
    name = title or "Context watermark"
    if config is None:
        name += " (summaries off: no trigger line)"
    ax.set_title(name)
    if config is not None:
        ratio, window = config.trigger_token_ratio, config.max_context_tokens
        ax.axhline(
            config.threshold,
            color="tab:red",
            linestyle="--",
            label=f"trigger {ratio:g} × {window:,} = {config.threshold:,.0f}",
            gid="trigger",
        )
        ax.axhline(window, color="gray", linestyle=":", label=f"window {window:,}", gid="window")
    if not records:
        ax.text(0.5, 0.5, "no turns yet", transform=ax.transAxes, ha="center", va="center")
    else:
        turns = [r.turn_index for r in records]
        ax.plot(
            turns,
            [r.estimated_context_tokens for r in records],
            marker="o",
            markersize=3,
            label="context (estimated)",
            gid="estimated",
        )
        reported = [r.reported_context_tokens for r in records]
        if any(v is not None for v in reported):
            ax.plot(
                turns,
                _values(reported),
                marker="s",
                markersize=3,
                label="context (provider-reported)",
                gid="reported",
            )
        if config is not None and config.watermark == "cumulative":
            ax.plot(
                turns,
                [r.cumulative_tokens for r in records],
                linestyle="-.",
                label="cumulative tokens (watermark)",
                gid="cumulative",
            )
        _status_markers(ax, records)
        ax.set_xticks(turns if len(turns) <= 16 else turns[:: math.ceil(len(turns) / 16)])
    ax.set_ylim(bottom=0)
    twin = _retention_axis(ax, records) if records else None
    handles, labels = ax.get_legend_handles_labels()
    if twin is not None:
        more = twin.get_legend_handles_labels()
        handles, labels = [*handles, *more[0]], [*labels, *more[1]]
    if handles:
        # Outside the axes: inside, "best" still lands on the window line or a summary marker;
        # past the right-hand axis's labels when there is one.
        ax.legend(
            handles,
            labels,
            loc="upper left",
            bbox_to_anchor=(1.01 if twin is None else 1.12, 1.0),
            fontsize="small",
            frameon=False,
        )
    fig.tight_layout()
    ensure_inline_png()
    return fig


def watermark_chart(
    session: AgentSession, ax: Axes | None = None, *, title: str | None = None
) -> Figure:
    """Context tokens per turn against the trigger and window lines, with summary events.

    ``title`` may use mathtext; the default one shows the session id as written. Returns the
    figure (``ax``'s when given). In a notebook it displays inline when it is the
    cell's value; otherwise ``display(fig)``.
    """
    title = title or f"Context watermark — session {literal(session.session_id)}"
    return plot_timeline(session.timeline, session.bundle.config.summary_config, ax, title=title)


__all__ = ["ensure_inline_png", "literal", "plot_timeline", "watermark_chart"]
