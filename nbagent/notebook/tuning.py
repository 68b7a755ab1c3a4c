"""Threshold tuning: replay a recorded conversation under a grid of summary settings.

::

    grid = {"trigger_token_ratio": [0.5, 0.75], "debounce_turns": [1, 3]}
    result = tune_summary("trip.jsonl", grid)
    result.table          # one row per setting
    result.plot()         # context per turn; savings against summary cost; cost vs retention
    result.recommend(min_retention=0.95)  # the cheapest setting that keeps 95% of the facts
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
total_tokens             ``total_input_tokens + summary_tokens``: what the setting costs
input_saved_tokens       the no-summary replay's ``total_input_tokens`` minus this one's
net_saved_tokens         ``input_saved_tokens - summary_tokens``
savings_pct              ``net_saved_tokens`` as a percentage of the no-summary input tokens
final_retention          the share of the facts stated so far that the last turn's request still
                         showed the model (``TurnRecord.retention``)
min_retention            the lowest retention of the turns after the first summary fired (over
                         every turn when none fired, or it fired on the last turn)
facts_lost               distinct facts the last turn's request no longer showed
usd                      only with ``price``: the turn requests at the model's price (cache reads
                         and writes at theirs) plus the summary calls (uncached, at the same price)
cache_read_share         only with ``price``: the share of the turn requests' input tokens read
                         from the cache
status, error            only when some setting failed: ``"ok"`` or ``"failed"``, and why (its
                         replay raised, or its worker process died; its figures are ``<NA>``)
=======================  ===========================================================================

A setting whose replay fails does not lose the others: every finished setting keeps its row, the
failed ones are marked, and ``recommend`` and the plots leave them out and say so (see
:mod:`nbagent.notebook._grid` for worker deaths and the one retry). The no-summary replay every
saving is measured against is needed: when it fails the grid raises its error.

Retention is measured on each turn's last request: a fact (as :mod:`nbagent.agent.facts` finds
them: the user's values and constraint sentences, tools' results, pins, an assistant's values once
confirmed) counts as shown when a message the request holds states it, or the summary (prose or
fact ledger) or the system prompt contains it; 1.0 while no fact was stated. It is the
extractor's reading and cannot see a fact it does not recognise.
With ``probes`` (texts you list by hand, the ground truth), three more columns count them the same
way (``probe_final_retention``, ``probe_min_retention``, ``probes_lost``), and ranking reads them.
``recommend`` picks the cheapest ``total_tokens`` whose ``min_retention`` reaches a bar; the
plot's right panel draws every setting's cost against its ``min_retention`` and marks the Pareto
front, the settings no cheaper-or-equal setting matches in retention.
"""

from __future__ import annotations

import base64
import concurrent.futures
import dataclasses
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import pandas as pd
from matplotlib.figure import Figure

from nbagent.agent import run_sync
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import TurnRecord
from nbagent.errors import ConfigurationError
from nbagent.llm.memo import clear_memos
from nbagent.llm.pricing import ModelPrice, Pricing
from nbagent.llm.prompt_cache import CacheModel, cache_model_for
from nbagent.llm.tokens import TokenEstimator
from nbagent.notebook._grid import (
    Job,
    Progress,
    Summarizer,
    aggregate,
    as_provider,
    baseline_session,
    grid_configs,
    is_many,
    normalise_grid,
    run_jobs,
)
from nbagent.notebook._replay import Transcript, TranscriptSource, load_transcript, replay
from nbagent.notebook._tuning_plot import (
    cheapest_keeping,
    context_tokens,
    failed_rows,
    no_setting_keeps,
    tuning_figure,
)
from nbagent.notebook._tuning_run import (
    COST_COLUMNS,
    PROBE_COLUMNS,
    RESULT_COLUMNS,
    TuningRun,
    result_table,
    retention_figures,
)
from nbagent.notebook.charts import literal, watermark_chart
from nbagent.notebook.tables import styled


@dataclass(frozen=True)
class Recommendation:
    """The setting :meth:`TuningResult.recommend` picked: the cheapest whose ``min_retention``
    reaches a bar (a setting whose replay failed is never picked).

    ``number`` is its table row (``#n`` in the plots), ``values`` its grid values, ``config`` the
    full :class:`SummaryConfig` it was replayed with (to pass to ``AgentBuilder.summary_config``),
    ``row`` its table row as a dict (column -> value), ``skipped`` the table rows of the settings
    left out because their replay failed (the table's ``status`` and ``error`` say why).
    """

    number: int
    values: dict[str, Any]
    config: SummaryConfig
    row: dict[str, Any]
    skipped: tuple[int, ...] = ()

    @property
    def total_tokens(self) -> int:
        return int(self.row["total_tokens"])

    @property
    def min_retention(self) -> float:
        return float(self.row["min_retention"])

    def __repr__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items()) or "base config"
        skipped = ", ".join(f"#{n}" for n in self.skipped)
        return (
            f"Recommendation(#{self.number} {values}: min_retention "
            f"{self.min_retention:.3f}, {self.total_tokens:,} tokens"
            f"{f'; skipped failed {skipped}' if skipped else ''})"
        )


def recommendation(
    table: pd.DataFrame, runs: Sequence[TuningRun], min_retention: float
) -> Recommendation:
    """The :class:`Recommendation` of ``table`` (one row per run, in order) for the bar; the one
    rule :meth:`TuningResult.recommend` and :meth:`ManyTuningResult.recommend` pick by."""
    number = cheapest_keeping(table, min_retention)
    if number is None:
        labels = [run.label for run in runs]
        raise ConfigurationError(no_setting_keeps(table, labels, min_retention))
    run = runs[number]
    row = {str(k): v for k, v in table.iloc[number].to_dict().items()}
    return Recommendation(number, dict(run.values), run.config, row, tuple(failed_rows(table)))


@dataclass
class TuningResult:
    """The replays of every grid cell, the no-summary baseline and the table built from them."""

    grid: dict[str, list[Any]]
    runs: list[TuningRun]
    baseline: AgentSession
    table: pd.DataFrame = field(init=False)

    def __post_init__(self) -> None:
        priced = COST_COLUMNS if any(run.price for run in self.runs) else ()
        probed = PROBE_COLUMNS if any(run.probed for run in self.runs) else ()
        figures = [*RESULT_COLUMNS, *probed, *priced]
        self.table = result_table(self.runs, list(self.grid), figures, self.baseline_input_tokens)

    @property
    def baseline_input_tokens(self) -> int:
        """Input tokens of every turn request when no summary ever fires."""
        return self.baseline.cost_so_far.total.input_tokens

    @property
    def timelines(self) -> list[list[TurnRecord]]:
        """Per setting, in table order: the replayed session's timeline (empty if it failed)."""
        return [run.timeline for run in self.runs]

    @property
    def failed(self) -> list[int]:
        """The table rows of the settings whose replay failed (``error`` says why)."""
        return [n for n, run in enumerate(self.runs) if run.failed]

    def chart(self, row: int) -> Figure:
        """The watermark chart of the setting in table row ``row``."""
        run = self.runs[row]
        if run.session is None:
            raise ConfigurationError(
                f"setting #{row} ({run.label}) failed ({run.error}), so it has no replay to chart"
            )
        return watermark_chart(run.session, title=f"Replay: {literal(run.label)}")

    def plot(self, min_retention: float | None = None) -> Figure:
        """Context per turn per setting (fire markers), net savings against summary cost, and
        total tokens against ``min_retention`` with the Pareto front (see
        :mod:`nbagent.notebook._tuning_plot`). With ``min_retention`` the right panel draws the
        bar and rings the setting :meth:`recommend` picks for it."""
        runs = [(run.label, run.timeline) for run in self.runs]
        return tuning_figure(self.baseline.timeline, runs, self.table, min_retention)

    def recommend(self, min_retention: float = 0.95) -> Recommendation:
        """The cheapest setting (lowest ``total_tokens``) whose ``min_retention`` (with probes:
        ``probe_min_retention``) is at least ``min_retention``; a :class:`ConfigurationError`
        naming the best retention reached, and the setting that reached it, when none is."""
        return recommendation(self.table, self.runs, min_retention)

    def _repr_html_(self) -> str:
        scope = f", {len(self.baseline.timeline)} turns"
        return _tuning_html(self.table, scope, self.baseline_input_tokens)

    def __repr__(self) -> str:
        return (
            f"TuningResult(settings={len(self.runs)}{_failed_repr(self.table)}, "
            f"turns={len(self.baseline.timeline)}, grid={self.grid!r})"
        )


def _tuning_html(table: pd.DataFrame, scope: str, baseline_input_tokens: int) -> str:
    """The table under one line: settings, how many failed, ``scope``, the no-summary tokens."""
    failed = len(failed_rows(table))
    marked = f" (<strong>{failed} failed</strong>: see the error column)" if failed else ""
    head = (
        f"<p><strong>Summary tuning</strong>: {len(table)} settings{marked}{scope}; no-summary "
        f"input tokens {baseline_input_tokens:,}</p>"
    )
    return head + styled(table).to_html()


def _failed_repr(table: pd.DataFrame) -> str:
    failed = len(failed_rows(table))
    return f", failed={failed}" if failed else ""


# -- entry points ----------------------------------------------------------------------------


def resolve_price(
    price: ModelPrice | str, cache: CacheModel | None
) -> tuple[ModelPrice, CacheModel]:
    """The price of ``"provider:model"`` (or a :class:`ModelPrice` as given) and the cache to
    model: the provider's own prompt cache (:mod:`nbagent.llm.prompt_cache`: Anthropic's
    breakpoints, or automatic prefix caching for every other provider) unless ``cache`` says
    otherwise."""
    if isinstance(price, ModelPrice):
        return price, cache or cache_model_for(price.provider)
    provider, _, model = price.rpartition(":")
    found = Pricing().price_for(provider or None, model)
    if found is None:
        raise ConfigurationError(
            f"no known price for {price!r}; give a ModelPrice(...) or a 'provider:model' of the "
            "shipped table (nbagent.llm.pricing.shipped_prices())"
        )
    return found, cache or cache_model_for(provider or found.provider)


def _base(transcript: Transcript, base_config: SummaryConfig | None) -> SummaryConfig:
    return base_config or transcript.summary_config or SummaryConfig()


def _with_estimator(transcript: Transcript, estimator: TokenEstimator | None) -> Transcript:
    return transcript if estimator is None else dataclasses.replace(transcript, estimator=estimator)


# Not a TuningResult: it has no one baseline or run list to chart; it shares the pick and the HTML.
@dataclass
class ManyTuningResult:
    """One grid over many transcripts: the result of each, and the tables built from them.

    ``per_transcript`` has a row per (transcript, setting): a ``transcript`` column (the
    transcript's position in the list) before each result's table columns. ``table`` has a row
    per setting, in the same order as a one-transcript table: counts and token totals summed over
    the transcripts, ``first_fire_turn`` the earliest, ``peak_context_tokens`` the largest,
    ``final_context_tokens`` the mean, and ``savings_pct`` the summed net savings as a
    percentage of the summed no-summary input tokens. Retention: ``min_retention`` is the
    lowest of the transcripts' (a setting keeps a bar only if it keeps it in every transcript),
    ``final_retention`` their mean and ``facts_lost`` their sum.
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

    def recommend(self, min_retention: float = 0.95) -> Recommendation:
        """The cheapest setting (summed ``total_tokens``) whose ``min_retention`` reaches the bar
        in every transcript; ``config`` is the first transcript's (the same for all unless
        ``base_config`` was left to each session's own). Raises as
        :meth:`TuningResult.recommend` does."""
        return recommendation(self.table, self.results[0].runs, min_retention)

    def _repr_html_(self) -> str:
        scope = f" over {len(self.results)} transcripts"
        return _tuning_html(self.table, scope, self.baseline_input_tokens)

    def __repr__(self) -> str:
        return (
            f"ManyTuningResult(settings={len(self.table)}{_failed_repr(self.table)}, "
            f"transcripts={len(self.results)}, grid={self.grid!r})"
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
    price: ModelPrice | str | None = ...,
    cache: CacheModel | None = ...,
    probes: Sequence[str] | None = ...,
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
    price: ModelPrice | str | None = ...,
    cache: CacheModel | None = ...,
    probes: Sequence[Sequence[str]] | None = ...,
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
    price: ModelPrice | str | None = None,
    cache: CacheModel | None = None,
    probes: Sequence[Any] | None = None,
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
    the table is the serial run's (see :mod:`nbagent.notebook._grid`). ``price`` (a
    ``"provider:model"`` of the shipped table, or a ``ModelPrice``) bills every setting with the
    provider's prompt cache modelled (``cache`` overrides which): ``usd`` and
    ``cache_read_share`` columns (see the module docstring).

    ``probes`` are the texts a person relies on in the conversation (a list of strings; for a
    list of transcripts, one such list per transcript): each replayed turn counts how many of
    those stated so far its request still showed, the table gains ``probe_final_retention``,
    ``probe_min_retention`` and ``probes_lost``, and :meth:`TuningResult.recommend` and the
    plot rank settings by ``probe_min_retention`` instead of the extractor's figure.
    """
    billed = None if price is None else resolve_price(price, cache)
    many = is_many(transcript)
    sources = list(transcript) if many else [transcript]
    probe_lists = _probe_lists(probes, len(sources), many)
    keys = normalise_grid(grid)
    jobs: list[Job] = []
    cells_of: list[list[tuple[dict[str, Any], SummaryConfig]]] = []
    for source, listed in zip(sources, probe_lists, strict=True):
        recorded = _with_estimator(load_transcript(source), estimator)
        if listed is not None:
            recorded = dataclasses.replace(recorded, probes=listed)
        if billed is not None:
            recorded = dataclasses.replace(recorded, cache=billed[1])
        cells = grid_configs(keys, _base(recorded, base_config))
        summary_provider = as_provider(summarizer, recorded.estimator)
        cells_of.append(cells)
        jobs.append((recorded, None, None))
        jobs += [(recorded, config, summary_provider) for _, config in cells]
    try:
        outcomes = iter(run_jobs(jobs, executor, Progress(len(jobs), progress)))
        results = []
        for number, cells in enumerate(cells_of):
            baseline = baseline_session(next(outcomes), number if many else None)
            charge = None if billed is None else billed[0]
            runs = [
                TuningRun.of(values, config, next(outcomes), charge, probes is not None)
                for values, config in cells
            ]
            results.append(TuningResult(normalise_grid(grid), runs, baseline))
    finally:
        # The grid filled the memos (each cell replays the same texts); they are its own,
        # and go with it rather than stay for the kernel's life.
        clear_memos()
    return ManyTuningResult(keys, results) if many else results[0]


def _probe_lists(
    probes: Sequence[Any] | None, count: int, many: bool
) -> list[tuple[str, ...] | None]:
    """One probe tuple per transcript (``None`` each when no probes were given)."""
    if probes is None:
        return [None] * count
    lists = list(probes) if many else [probes]
    if isinstance(probes, str) or len(lists) != count:
        shape = "a list of probe lists, one per transcript" if many else "a list of texts"
        raise ConfigurationError(f"probes must be {shape}, got {probes!r}")
    checked: list[tuple[str, ...] | None] = []
    for listed in lists:
        if isinstance(listed, str) or not all(isinstance(p, str) and p.strip() for p in listed):
            raise ConfigurationError(
                f"each transcript's probes must be a list of non-empty texts, got {listed!r}; "
                'e.g. probes=["QX7Y2B", "vegetarian"]'
            )
        checked.append(tuple(listed))
    return checked


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
    peak = max((context_tokens(r) for r in baseline.timeline), default=1)
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
        png = _figure_png(result.chart(0))
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
    "Recommendation",
    "TuningResult",
    "TuningRun",
    "grid_configs",
    "normalise_grid",
    "retention_figures",
    "tune_summary",
    "tune_widget",
]
