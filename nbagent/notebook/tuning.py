"""Threshold tuning: replay a recorded conversation under a grid of summary settings.

::

    grid = {"trigger_token_ratio": [0.5, 0.75], "debounce_turns": [1, 3]}
    result = tune_summary("trip.jsonl", grid)
    result.table          # one row per setting
    result.plot()         # context per turn per setting; savings against summary cost
    tune_widget(session)  # sliders that redraw the watermark chart of one setting

Each setting is replayed through a real :class:`~nbagent.agent.session.AgentSession` (see
:mod:`nbagent.notebook._replay`): recorded replies and tool results are reused, the chat model is
never called, and the session's own checkpoint decides when summaries fire. Summaries come from
``summarizer`` (the offline extractive summariser by default). Same input, same table.

``TuningResult.table`` columns, one row per setting (every figure read from the replayed
session's timeline and cost trackers):

=======================  ===========================================================================
*grid keys*              the setting's value of each grid field
summaries_fired          turns whose summary fired
first_fire_turn          the first of them (``<NA>`` when none fired)
debounced_turns          turns over the line but held back by ``debounce_turns``
failed_summaries         summary calls that failed
peak_context_tokens      the largest turn context: reported input tokens of a turn's last request
                         (the replay reports the request's estimate), else the estimate
final_context_tokens     the context after the last turn (``context_tokens_after``)
total_input_tokens       input tokens of every turn request (``cost_so_far``)
summary_tokens           input + output tokens of every summary call (``summary_cost``)
input_saved_tokens       the no-summary replay's ``total_input_tokens`` minus this one's
net_saved_tokens         ``input_saved_tokens - summary_tokens``
savings_pct              ``net_saved_tokens`` as a percentage of the no-summary input tokens
=======================  ===========================================================================
"""

from __future__ import annotations

import base64
import concurrent.futures
import dataclasses
import io
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from nbagent.agent import run_sync
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError
from nbagent.llm.tokens import TokenEstimator
from nbagent.notebook._grid import Job, Summarizer, aggregate, as_provider, is_many, run_jobs
from nbagent.notebook._replay import Transcript, TranscriptSource, load_transcript, replay
from nbagent.notebook.charts import ensure_inline_png, literal, watermark_chart
from nbagent.notebook.tables import styled

RESULT_COLUMNS = (
    "summaries_fired",
    "first_fire_turn",
    "debounced_turns",
    "failed_summaries",
    "peak_context_tokens",
    "final_context_tokens",
    "total_input_tokens",
    "summary_tokens",
    "input_saved_tokens",
    "net_saved_tokens",
    "savings_pct",
)
SUMMARY_FIELDS = tuple(f.name for f in dataclasses.fields(SummaryConfig))


def _context(record: TurnRecord) -> int:
    reported = record.reported_context_tokens
    return reported if reported is not None else record.estimated_context_tokens


@dataclass
class TuningRun:
    """One grid cell: its values, the full config and the replayed session."""

    values: dict[str, Any]
    config: SummaryConfig | None
    session: AgentSession

    @property
    def timeline(self) -> list[TurnRecord]:
        return self.session.timeline

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.values.items()) or "base config"

    def figures(self, baseline_input: int) -> dict[str, Any]:
        """The table row's figures (see the module docstring)."""
        records = self.timeline
        fired = [r.turn_index for r in records if r.summary_fired]
        input_tokens = self.session.cost_so_far.total.input_tokens
        summary_tokens = self.session.summary_cost.total_tokens
        saved = baseline_input - input_tokens
        net = saved - summary_tokens
        return {
            "summaries_fired": len(fired),
            "first_fire_turn": fired[0] if fired else None,
            "debounced_turns": sum(r.summary_status is SummaryStatus.DEBOUNCED for r in records),
            "failed_summaries": sum(r.summary_status is SummaryStatus.FAILED for r in records),
            "peak_context_tokens": max((_context(r) for r in records), default=0),
            "final_context_tokens": records[-1].context_tokens_after if records else 0,
            "total_input_tokens": input_tokens,
            "summary_tokens": summary_tokens,
            "input_saved_tokens": saved,
            "net_saved_tokens": net,
            "savings_pct": round(100 * net / baseline_input, 2) if baseline_input else 0.0,
        }


@dataclass
class TuningResult:
    """The replays of every grid cell, the no-summary baseline and the table built from them."""

    grid: dict[str, list[Any]]
    runs: list[TuningRun]
    baseline: AgentSession
    table: pd.DataFrame = field(init=False)

    def __post_init__(self) -> None:
        base = self.baseline_input_tokens
        rows = [{**run.values, **run.figures(base)} for run in self.runs]
        table = pd.DataFrame(rows, columns=[*self.grid, *RESULT_COLUMNS])
        table["first_fire_turn"] = table["first_fire_turn"].astype("Int64")
        self.table = table

    @property
    def baseline_input_tokens(self) -> int:
        """Input tokens of every turn request when no summary ever fires."""
        return self.baseline.cost_so_far.total.input_tokens

    @property
    def timelines(self) -> list[list[TurnRecord]]:
        """Per setting, in table order: the replayed session's timeline."""
        return [run.timeline for run in self.runs]

    def chart(self, row: int) -> Figure:
        """The watermark chart of the setting in table row ``row``."""
        run = self.runs[row]
        return watermark_chart(run.session, title=f"Replay: {literal(run.label)}")

    def plot(self) -> Figure:
        """Context per turn per setting (fire markers), and net savings against summary cost."""
        fig = Figure(figsize=(12.0, 5.0 + 0.18 * min(len(self.runs), 24)), layout="constrained")
        left, right = fig.subplots(1, 2, width_ratios=[3, 2])
        baseline = self.baseline.timeline
        left.plot(
            [r.turn_index for r in baseline],
            [_context(r) for r in baseline],
            color="gray",
            linestyle="--",
            label="no summary",
            gid="baseline",
        )
        for number, run in enumerate(self.runs):
            records = run.timeline
            (line,) = left.plot(
                [r.turn_index for r in records],
                [_context(r) for r in records],
                label=f"#{number} {literal(run.label)}",
                gid=f"run-{number}",
            )
            fired = [r for r in records if r.summary_fired]
            left.scatter(
                [r.turn_index for r in fired],
                [_context(r) for r in fired],
                marker="*",
                s=90,
                color=line.get_color(),
                zorder=5,
                gid=f"fired-{number}",
            )
        left.set_xlabel("turn")
        left.set_ylabel("context tokens")
        left.set_title("Context per turn (★ summary fired)")
        left.xaxis.set_major_locator(MaxNLocator(integer=True))
        if len(self.runs) <= 24:
            fig.legend(loc="outside lower center", ncols=2, fontsize="small")
        points: dict[tuple[int, int], list[str]] = {}
        costs = [int(v) for v in self.table["summary_tokens"].tolist()]
        saved = [int(v) for v in self.table["net_saved_tokens"].tolist()]
        for number, key in enumerate(zip(costs, saved, strict=True)):
            points.setdefault(key, []).append(f"#{number}")
        right.scatter(
            [x for x, _ in points], [y for _, y in points], color="tab:blue", gid="savings"
        )
        for (x, y), names in points.items():
            right.annotate(",".join(names), (x, y), textcoords="offset points", xytext=(4, 4))
        right.axhline(0, color="gray", linewidth=0.8)
        right.set_xlabel("summary tokens (cost)")
        right.set_ylabel("net tokens saved vs no summary")
        right.set_title("Savings against summary cost")
        ensure_inline_png()
        return fig

    def _repr_html_(self) -> str:
        head = (
            f"<p><strong>Summary tuning</strong>: {len(self.runs)} settings, "
            f"{len(self.baseline.timeline)} turns; no-summary input tokens "
            f"{self.baseline_input_tokens:,}</p>"
        )
        return head + styled(self.table).to_html()

    def __repr__(self) -> str:
        return (
            f"TuningResult(settings={len(self.runs)}, turns={len(self.baseline.timeline)}, "
            f"grid={self.grid!r})"
        )


# -- the grid --------------------------------------------------------------------------------


def _values(key: str, value: Any) -> list[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return [value]
    values = list(value)
    if not values:
        raise ConfigurationError(f"grid[{key!r}] is empty; give at least one value")
    return values


def normalise_grid(grid: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The grid with every value a list; unknown keys fail with the accepted ones."""
    unknown = [k for k in grid if k not in SUMMARY_FIELDS]
    if unknown:
        raise ConfigurationError(
            f"grid key(s) {unknown} are not SummaryConfig fields; use any of "
            f"{', '.join(SUMMARY_FIELDS)}"
        )
    return {key: _values(key, value) for key, value in grid.items()}


def grid_configs(
    grid: Mapping[str, Sequence[Any]], base: SummaryConfig
) -> list[tuple[dict[str, Any], SummaryConfig]]:
    """Every combination of ``grid`` (in key order, last key fastest) applied to ``base``."""
    keys = list(grid)
    cells = []
    for combination in itertools.product(*(grid[k] for k in keys)):
        values = dict(zip(keys, combination, strict=True))
        try:
            config = dataclasses.replace(base, **values)
        except ConfigurationError as e:
            raise ConfigurationError(f"grid setting {values}: {e}") from e
        cells.append((values, config))
    return cells


# -- entry points ----------------------------------------------------------------------------


def _base(transcript: Transcript, base_config: SummaryConfig | None) -> SummaryConfig:
    return base_config or transcript.summary_config or SummaryConfig()


def _with_estimator(transcript: Transcript, estimator: TokenEstimator | None) -> Transcript:
    return transcript if estimator is None else dataclasses.replace(transcript, estimator=estimator)


@dataclass
class ManyTuningResult:
    """One grid over many transcripts: the result of each, and the tables built from them.

    ``per_transcript`` has a row per (transcript, setting): a ``transcript`` column (the
    transcript's position in the list) before each result's table columns. ``table`` has a row
    per setting, in the same order as a one-transcript table: counts and token totals summed over
    the transcripts, ``first_fire_turn`` the earliest, ``peak_context_tokens`` the largest,
    ``final_context_tokens`` the mean, and ``savings_pct`` the summed net savings as a
    percentage of the summed no-summary input tokens.
    """

    grid: dict[str, list[Any]]
    results: list[TuningResult]
    table: pd.DataFrame = field(init=False)
    per_transcript: pd.DataFrame = field(init=False)

    def __post_init__(self) -> None:
        self.table, self.per_transcript = aggregate(
            [r.table for r in self.results],
            [r.baseline_input_tokens for r in self.results],
            list(self.grid),
        )

    @property
    def baseline_input_tokens(self) -> int:
        """Input tokens of every turn request of every transcript when no summary fires."""
        return sum(r.baseline_input_tokens for r in self.results)

    def _repr_html_(self) -> str:
        head = (
            f"<p><strong>Summary tuning</strong>: {len(self.table)} settings over "
            f"{len(self.results)} transcripts; no-summary input tokens "
            f"{self.baseline_input_tokens:,}</p>"
        )
        return head + styled(self.table).to_html()

    def __repr__(self) -> str:
        return (
            f"ManyTuningResult(settings={len(self.table)}, transcripts={len(self.results)}, "
            f"grid={self.grid!r})"
        )


@overload
def tune_summary(  # type: ignore[overload-overlap]  # a message list vs a list of transcripts
    transcript: TranscriptSource | Transcript,
    grid: Mapping[str, Any],
    *,
    summarizer: Summarizer | None = ...,
    base_config: SummaryConfig | None = ...,
    estimator: TokenEstimator | None = ...,
    progress: bool = ...,
    executor: concurrent.futures.Executor | None = ...,
) -> TuningResult: ...


@overload
def tune_summary(
    transcript: Sequence[TranscriptSource | Transcript],
    grid: Mapping[str, Any],
    *,
    summarizer: Summarizer | None = ...,
    base_config: SummaryConfig | None = ...,
    estimator: TokenEstimator | None = ...,
    progress: bool = ...,
    executor: concurrent.futures.Executor | None = ...,
) -> ManyTuningResult: ...


def tune_summary(
    transcript: Any,
    grid: Mapping[str, Any],
    *,
    summarizer: Summarizer | None = None,
    base_config: SummaryConfig | None = None,
    estimator: TokenEstimator | None = None,
    progress: bool = True,
    executor: concurrent.futures.Executor | None = None,
) -> TuningResult | ManyTuningResult:
    """Replay ``transcript`` under every combination of ``grid``; see the module docstring.

    ``grid`` maps :class:`SummaryConfig` field names to lists of values (a single value counts as
    a one-value list); the other fields come from ``base_config`` (default: the recording
    session's config, else ``SummaryConfig()``). ``summarizer`` is a provider or a function
    ``request -> reply`` answering the summary requests. ``estimator`` overrides the
    transcript's token estimator.

    A list of transcripts (paths, sessions or message lists) gives a :class:`ManyTuningResult`
    aggregated per setting. ``executor`` (any :class:`concurrent.futures.Executor`: a
    ``ProcessPoolExecutor``, a Dask ``Client.get_executor()``) runs the replays in parallel;
    the table is the serial run's (see :mod:`nbagent.notebook._grid`).
    """
    many = is_many(transcript)
    sources = list(transcript) if many else [transcript]
    keys = normalise_grid(grid)
    jobs: list[Job] = []
    cells_of: list[list[tuple[dict[str, Any], SummaryConfig]]] = []
    for source in sources:
        recorded = _with_estimator(load_transcript(source), estimator)
        cells = grid_configs(keys, _base(recorded, base_config))
        summary_provider = as_provider(summarizer, recorded.estimator)
        cells_of.append(cells)
        jobs.append((recorded, None, None))
        jobs += [(recorded, config, summary_provider) for _, config in cells]
    sessions = iter(run_jobs(jobs, executor, progress))
    results = []
    for cells in cells_of:
        baseline = next(sessions)
        runs = [TuningRun(values, config, next(sessions)) for values, config in cells]
        results.append(TuningResult(normalise_grid(grid), runs, baseline))
    return ManyTuningResult(keys, results) if many else results[0]


def _checked_settings(values: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword settings, checked to be ``SummaryConfig`` fields as grid keys are."""
    normalise_grid({k: [v] for k, v in values.items()})
    return dict(values)


def _figure_png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def tune_widget(
    transcript: TranscriptSource | Transcript,
    *,
    summarizer: Summarizer | None = None,
    base_config: SummaryConfig | None = None,
    estimator: TokenEstimator | None = None,
    **initial: Any,
) -> Any:
    """Sliders for ratio, window and debounce and menus for watermark and strategy that replay
    one setting and redraw its watermark chart (an ipywidgets ``VBox``; ``initial`` sets the
    starting values by ``SummaryConfig`` field name).

    The box has ``.controls`` (field name -> widget), ``.output`` (the chart), ``.figures`` (the
    table row of the shown setting, an HTML widget) and ``.result`` (the latest one-setting
    :class:`TuningResult`).
    """
    import ipywidgets as widgets

    recorded = _with_estimator(load_transcript(transcript), estimator)
    base = dataclasses.replace(_base(recorded, base_config), **_checked_settings(initial))
    summary_provider = as_provider(summarizer, recorded.estimator)
    baseline = run_sync(replay(recorded, None))
    peak = max((_context(r) for r in baseline.timeline), default=1)
    top = max(base.max_context_tokens, 2 * peak)
    step = max(1, top // 100)
    controls: dict[str, Any] = {
        "trigger_token_ratio": widgets.FloatSlider(
            value=base.trigger_token_ratio, min=0.05, max=1.0, step=0.05, description="ratio"
        ),
        "max_context_tokens": widgets.IntSlider(
            value=base.max_context_tokens, min=step, max=top, step=step, description="window"
        ),
        "debounce_turns": widgets.IntSlider(
            value=base.debounce_turns,
            min=0,
            max=max(10, base.debounce_turns),
            description="debounce",
        ),
        "watermark": widgets.Dropdown(
            options=["context", "cumulative"], value=base.watermark, description="watermark"
        ),
        "strategy": widgets.Dropdown(
            options=["full", "incremental"], value=base.strategy, description="strategy"
        ),
    }
    output = widgets.Output()
    figures = widgets.HTML()
    box = widgets.VBox(
        [
            widgets.HBox(list(controls.values())[:3]),
            widgets.HBox(list(controls.values())[3:]),
            figures,
            output,
        ]
    )
    cache: dict[tuple[Any, ...], TuningRun] = {}

    def redraw(_change: object = None) -> None:
        values = {name: control.value for name, control in controls.items()}
        key = tuple(values.values())
        run = cache.get(key)
        if run is None:
            config = dataclasses.replace(base, **values)
            run = TuningRun(values, config, run_sync(replay(recorded, config, summary_provider)))
            cache[key] = run
        result = TuningResult({k: [v] for k, v in values.items()}, [run], baseline)
        box.result = result
        figures.value = styled(result.table[list(RESULT_COLUMNS)]).to_html()
        png = _figure_png(watermark_chart(run.session, title=f"Replay: {literal(run.label)}"))
        output.outputs = (
            {
                "output_type": "display_data",
                "data": {"image/png": png, "text/plain": f"<watermark chart: {run.label}>"},
                "metadata": {},
            },
        )

    for control in controls.values():
        control.observe(redraw, names="value")
    box.controls = controls
    box.output = output
    box.figures = figures
    redraw()
    return box


__all__ = [
    "RESULT_COLUMNS",
    "ManyTuningResult",
    "TuningResult",
    "TuningRun",
    "grid_configs",
    "normalise_grid",
    "tune_summary",
    "tune_widget",
]
