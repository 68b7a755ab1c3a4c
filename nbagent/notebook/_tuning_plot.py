"""The tuning figure and the cost-vs-retention choice it draws.

Three panels: the context of every turn per setting (``baseline`` and ``run-<n>`` lines,
``fired-<n>`` summary markers), net savings against summary cost (``savings``), and total cost
against minimum retention (``retention``: every setting, labelled ``#n``; ``pareto-front``: the
step line; ``pareto-points``: its settings; with a bar, ``retention-bar`` and ``recommended``).
The strings are the artists' gids, so tests find them.

A setting's cost is ``total_tokens`` (every turn request's input tokens plus every summary
call's tokens); its retention is ``min_retention`` (see :mod:`nbagent.notebook.tuning`).

Settings whose replay failed (``status == "failed"``, see :mod:`nbagent.notebook._tuning_run`)
have no figures: no panel draws them, nothing recommends them, and the figure's title names them
(``failed-note``). Numbers stay the table rows', so ``#n`` is the same setting everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

from nbagent.agent.timeline import TurnRecord
from nbagent.errors import ConfigurationError
from nbagent.notebook.charts import ensure_inline_png, literal

LEGEND_MAX_SETTINGS = 24
"""Figures of more settings than this leave the legend out (the ``#n`` labels remain)."""

STATUS = "status"
"""The table column saying whether a setting's replay finished (present when some failed)."""
FAILED = "failed"


def failed_rows(table: pd.DataFrame) -> list[int]:
    """The table positions of the settings whose replay failed."""
    if STATUS not in table:
        return []
    return [i for i, status in enumerate(table[STATUS].tolist()) if status == FAILED]


def finished_rows(table: pd.DataFrame) -> list[int]:
    """The table positions of the settings whose replay finished (the ones with figures)."""
    failed = set(failed_rows(table))
    return [i for i in range(len(table)) if i not in failed]


def skipped_note(table: pd.DataFrame) -> str:
    """What was left out for failing: ``"2 failed settings skipped: #1, #3"``; ``""`` if none."""
    failed = failed_rows(table)
    if not failed:
        return ""
    noun = "setting" if len(failed) == 1 else "settings"
    return f"{len(failed)} failed {noun} skipped: {', '.join(f'#{i}' for i in failed)}"


def context_tokens(record: TurnRecord) -> int:
    """The turn's context: reported input tokens of its last request, else the estimate."""
    reported = record.reported_context_tokens
    return reported if reported is not None else record.estimated_context_tokens


def pareto_front(costs: Sequence[int], retentions: Sequence[float]) -> list[int]:
    """The positions no other setting beats: no setting costs as little or less and keeps as
    much or more, one of the two strictly. Ordered by cost; identical points all stay."""
    order = sorted(range(len(costs)), key=lambda i: (costs[i], -retentions[i], i))
    front: list[int] = []
    best = -math.inf
    for i in order:
        if retentions[i] > best:
            front.append(i)
            best = retentions[i]
        elif front and (costs[i], retentions[i]) == (costs[front[-1]], retentions[front[-1]]):
            front.append(i)
    return front


def cheapest_keeping(table: pd.DataFrame, min_retention: float) -> int | None:
    """The table position of the cheapest finished setting whose ``min_retention`` reaches the
    bar (ties: the higher retention, then the first row); ``None`` when none does."""
    check_bar(min_retention)
    costs, retentions = _costs(table), _retentions(table)
    keeping = [i for i, r in retentions.items() if r >= min_retention]
    return min(keeping, key=lambda i: (costs[i], -retentions[i], i), default=None)


def check_bar(min_retention: object) -> None:
    if (
        isinstance(min_retention, bool)
        or not isinstance(min_retention, int | float)
        or not 0.0 <= min_retention <= 1.0
    ):
        raise ConfigurationError(
            "min_retention is the share of facts every request after the first summary must "
            f"still show, a number from 0 to 1 (e.g. 0.95 for 95%), got {min_retention!r}"
        )


def no_setting_keeps(table: pd.DataFrame, labels: Sequence[str], min_retention: float) -> str:
    """Why :func:`cheapest_keeping` found nothing: the best retention and who reached it (or
    that every setting failed), and the failed settings it skipped."""
    costs, retentions = _costs(table), _retentions(table)
    if not retentions:
        (first, *_) = failed_rows(table)
        error = table["error"].iloc[first] if "error" in table else "no replay"
        return (
            f"no setting to recommend: every one of the {len(table)} settings failed (#{first}: "
            f"{error}); see the table's error column"
        )
    best = min(retentions, key=lambda i: (-retentions[i], costs[i], i))
    skipped = skipped_note(table)
    return (
        f"no setting keeps min_retention >= {min_retention:g}: the best reached "
        f"{retentions[best]:.3f} ({retentions[best]:.1%}), setting #{best} ({labels[best]}, "
        f"{costs[best]:,} tokens){f' ({skipped})' if skipped else ''}. Lower min_retention, or "
        "add settings that keep more to the grid: a larger fact_ledger share (e.g. 0.2), "
        "a higher trigger_token_ratio or max_context_tokens"
    )


def _costs(table: pd.DataFrame) -> dict[int, int]:
    """The ``total_tokens`` of each finished setting, by table position."""
    column = table["total_tokens"].tolist()
    return {i: int(column[i]) for i in finished_rows(table)}


def _retentions(table: pd.DataFrame) -> dict[int, float]:
    """Each finished setting's retention to rank by, by table position: the probes' when the
    grid had them (what a person listed beats what the extractor recognised), else the facts'."""
    name = "probe_min_retention" if "probe_min_retention" in table else "min_retention"
    column = table[name].tolist()
    return {i: float(column[i]) for i in finished_rows(table)}


_NEAR = 0.03
"""Points closer than this share of the data's span on both axes are near: their labels would
print over one another."""
_LINE_POINTS = 11


def _labelled(ax: Axes, points: dict[int, tuple[float, float]], gid: str) -> None:
    """One marker per distinct point, labelled with the ``#n`` of every setting at it; the
    labels of near points are stacked one line apart instead of printed over each other."""
    names: dict[tuple[float, float], list[str]] = {}
    for number, point in points.items():
        names.setdefault(point, []).append(f"#{number}")
    ax.scatter([x for x, _ in names], [y for _, y in names], color="tab:blue", gid=gid)
    for (x, y), at, lift in zip(names, names.values(), label_lifts(list(names)), strict=True):
        text = ax.annotate(",".join(at), (x, y), textcoords="offset points", xytext=(4, 4 + lift))
        text.set_gid(f"{gid}-label")


def label_lifts(points: list[tuple[float, float]]) -> list[int]:
    """How many points above its default place each point's label goes: a label near an
    earlier-placed one (see :data:`_NEAR`) goes one line above the highest of them."""
    if not points:
        return []
    xs, ys = [x for x, _ in points], [y for _, y in points]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    lifts: list[int] = []
    for i, (x, y) in enumerate(points):
        near = [
            lifts[j]
            for j, (px, py) in enumerate(points[:i])
            if abs(px - x) <= _NEAR * span_x and abs(py - y) <= _NEAR * span_y
        ]
        lifts.append(max(near) + _LINE_POINTS if near else 0)
    return lifts


def _context_panel(
    ax: Axes, baseline: Sequence[TurnRecord], runs: Sequence[tuple[str, Sequence[TurnRecord]]]
) -> None:
    ax.plot(
        [r.turn_index for r in baseline],
        [context_tokens(r) for r in baseline],
        color="gray",
        linestyle="--",
        label="no summary",
        gid="baseline",
    )
    for number, (label, records) in enumerate(runs):
        if not records:  # a failed setting: nothing replayed to draw
            continue
        (line,) = ax.plot(
            [r.turn_index for r in records],
            [context_tokens(r) for r in records],
            label=f"#{number} {literal(label)}",
            gid=f"run-{number}",
        )
        fired = [r for r in records if r.summary_fired]
        ax.scatter(
            [r.turn_index for r in fired],
            [context_tokens(r) for r in fired],
            marker="*",
            s=90,
            color=line.get_color(),
            zorder=5,
            gid=f"fired-{number}",
        )
    ax.set_xlabel("turn")
    ax.set_ylabel("context tokens")
    ax.set_title("Context per turn (★ summary fired)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _savings_panel(ax: Axes, table: pd.DataFrame) -> None:
    costs, saved = table["summary_tokens"].tolist(), table["net_saved_tokens"].tolist()
    _labelled(ax, {i: (int(costs[i]), int(saved[i])) for i in finished_rows(table)}, "savings")
    ax.axhline(0, color="gray", linewidth=0.8)
    ax.set_xlabel("summary tokens (cost)")
    ax.set_ylabel("net tokens saved vs no summary")
    ax.set_title("Savings against summary cost")


def _retention_panel(ax: Axes, table: pd.DataFrame, min_retention: float | None) -> None:
    costs, retentions = _costs(table), _retentions(table)
    points = {i: (float(costs[i]), retentions[i]) for i in retentions}
    _labelled(ax, points, "retention")
    rows = list(points)
    on_front = pareto_front([costs[i] for i in rows], [retentions[i] for i in rows])
    front = list(dict.fromkeys(points[rows[i]] for i in on_front))
    ax.step(
        [x for x, _ in front],
        [y for _, y in front],
        where="post",
        color="tab:green",
        label="Pareto front",
        gid="pareto-front",
    )
    ax.scatter(
        [x for x, _ in front],
        [y for _, y in front],
        s=120,
        facecolors="none",
        edgecolors="tab:green",
        linewidths=1.5,
        zorder=4,
        gid="pareto-points",
    )
    if min_retention is not None:
        ax.axhline(min_retention, color="tab:red", linestyle=":", gid="retention-bar")
        pick = cheapest_keeping(table, min_retention)
        if pick is not None:
            ax.scatter(
                [costs[pick]],
                [retentions[pick]],
                s=260,
                marker="o",
                facecolors="none",
                edgecolors="tab:red",
                linewidths=2,
                zorder=5,
                gid="recommended",
            )
    bar = min_retention if min_retention is not None else 1.0
    low = min([*retentions.values(), bar], default=1.0)
    ax.set_ylim(max(0.0, low - 0.05), 1.01)
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x / 1000:,.0f}k"))
    ax.set_xlabel("total tokens (input + summaries)")
    ax.set_ylabel("min retention after the first summary")
    ax.set_title("Cost against retention (green: Pareto front)")


def tuning_figure(
    baseline: Sequence[TurnRecord],
    runs: Sequence[tuple[str, Sequence[TurnRecord]]],
    table: pd.DataFrame,
    min_retention: float | None = None,
) -> Figure:
    """The three panels of :meth:`TuningResult.plot` (``runs``: label and timeline per row)."""
    shown = min(len(runs), LEGEND_MAX_SETTINGS)
    fig = Figure(figsize=(17.0, 5.0 + 0.18 * shown), layout="constrained")
    context, savings, retention = fig.subplots(1, 3, width_ratios=[3, 2, 2])
    _context_panel(context, baseline, runs)
    _savings_panel(savings, table)
    _retention_panel(retention, table, min_retention)
    if len(runs) <= LEGEND_MAX_SETTINGS:
        handles, labels = context.get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=2, fontsize="small")
    skipped = skipped_note(table)
    if skipped:
        note = fig.suptitle(f"Not drawn: {skipped} (see the table's error column)", color="tab:red")
        note.set_gid("failed-note")
    ensure_inline_png()
    return fig


__all__ = [
    "FAILED",
    "LEGEND_MAX_SETTINGS",
    "STATUS",
    "cheapest_keeping",
    "check_bar",
    "context_tokens",
    "failed_rows",
    "finished_rows",
    "no_setting_keeps",
    "pareto_front",
    "skipped_note",
    "tuning_figure",
]
