"""Estimate calibration: learn from the input tokens a provider reports.

Every request's estimate is known (:attr:`LlmCycle.request_estimates
<nbagent.llm.cycle.LlmCycle.request_estimates>`: its messages and tool definitions, as
:func:`~nbagent.llm.tokens.estimate_request_tokens` counts them) and the provider reports what
the request really cost. The ratio of the two over recent requests of one provider and model is
the correction for everything else estimated for that model: a tokenizer that is not cl100k, a
chat template's overhead, the heuristic's own bias on the conversation's kind of text::

    calibration = EstimateCalibration()
    calibration.observe("openai/gpt-4o-mini", estimated=10_000, reported=10_900)
    calibration.factor("openai/gpt-4o-mini")         # 1.0: one report alone never moves it
    calibration.observe("openai/gpt-4o-mini", estimated=12_000, reported=13_100)
    calibration.factor("openai/gpt-4o-mini")         # 1.092: the two agree, the latest counts

An LlmCycle takes the factor as ``estimate_scale`` and applies it to every estimate it compares
with the compact config's budget; a session learns it from its own timeline (see
:mod:`nbagent.agent._turn`) and applies it to the summary watermark's estimate too.

Robust by construction (:func:`robust_ratio`): of the last :data:`WINDOW` reports, only those
whose ratio is within :data:`AGREEMENT` of their median count, so one bad report cannot move
the correction, and a correction needs two reports that agree (until then it is 1.0). Of those,
the latest is the correction: in a conversation each request holds the one before it, so the
latest is the most like the next (a conversation that turns from prose to tables, or from one
language to another, drifts; an average over its turns would lag). A request estimated under
:data:`MIN_TOKENS` tokens is not counted (a chat template's fixed tokens dominate it); a ratio
beyond :data:`MAX_RATIO` either way does not compare like with like (another request, a usage
that is not the prompt's) and is ignored.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from statistics import median

WINDOW = 16
"""How many recent requests the correction is learned from."""
MIN_TOKENS = 128
"""Requests estimated under this many tokens teach nothing."""
MAX_RATIO = 3.0
"""A ratio reported / estimated beyond this (or under its inverse) is not a comparable count."""
AGREEMENT = 0.15
"""How far from the median ratio a report may be and still count."""
MAX_CONTEXT_TOKENS = 10_000_000
"""No model reads more in one request (Llama 4 Scout's window, the largest served): a report
above it is not a request's count (see :func:`plausible`)."""


def comparable(estimated: int | None, reported: int | None) -> bool:
    """Whether a request's estimate and its reported input tokens can teach the correction."""
    if not estimated or not reported or estimated < MIN_TOKENS:
        return False
    return 1 / MAX_RATIO <= reported / estimated <= MAX_RATIO


def plausible(reported: int) -> bool:
    """Whether ``reported`` input tokens can be one request's count.

    No model reads more than :data:`MAX_CONTEXT_TOKENS` in one request: a report above it is no
    count of the request (a gateway's ``prompt_tokens = 10**9`` for a 300-token prompt). Being
    far from the estimate is no reason to doubt a report: a server's template, an image or
    another tokenizer can count many times the estimate and still be what is billed (a test
    double reporting 300 tokens a message, too). No report at all (0) is not plausible either:
    the caller counts the estimate in its place.
    """
    return 0 < reported <= MAX_CONTEXT_TOKENS


def robust_ratio(pairs: Iterable[tuple[int | None, int | None]]) -> float:
    """The correction from ``(estimated, reported)`` pairs, oldest first: of the last
    :data:`WINDOW` comparable ones, the ratio of the latest that agrees with their median
    (1.0 while fewer than two agree)."""
    ratios = deque((r / e for e, r in pairs if e and r and comparable(e, r)), maxlen=WINDOW)
    if len(ratios) < 2:
        return 1.0
    center = median(ratios)
    agreeing = [ratio for ratio in ratios if abs(ratio / center - 1) <= AGREEMENT]
    return agreeing[-1] if len(agreeing) >= 2 else 1.0


def scaled(tokens: int, factor: float) -> int:
    """``tokens`` times ``factor``, rounded (exactly ``tokens`` when the factor is 1)."""
    return tokens if factor == 1.0 else round(tokens * factor)


def calibration_key(provider: object, model: str | None = None) -> str:
    """``provider/model``: what one correction is kept for (``model`` empty: the provider's
    default model)."""
    name = getattr(provider, "name", None) or type(provider).__name__
    return f"{name}/{model or getattr(provider, 'model', '') or '?'}"


class EstimateCalibration:
    """Corrections per ``provider/model`` key, learned from reported input tokens.

    A session needs none of this (it reads its timeline); it is for code that drives
    :class:`~nbagent.llm.cycle.LlmCycle` itself: observe each request, pass
    :meth:`factor` as the next cycle's ``estimate_scale``.
    """

    def __init__(self) -> None:
        self._pairs: dict[str, deque[tuple[int, int]]] = {}

    def observe(self, key: str, estimated: int | None, reported: int | None) -> bool:
        """Learn from one request; ``False`` when it could not teach anything (see
        :func:`comparable`)."""
        if not comparable(estimated, reported) or not estimated or not reported:
            return False
        self._pairs.setdefault(key, deque(maxlen=WINDOW)).append((estimated, reported))
        return True

    def factor(self, key: str) -> float:
        """The correction for ``key`` (1.0 before two comparable reports agree)."""
        return robust_ratio(self._pairs.get(key, ()))

    def correct(self, key: str, tokens: int) -> int:
        """``tokens`` estimated for ``key``'s model, corrected."""
        return scaled(tokens, self.factor(key))

    def reports(self, key: str) -> int:
        """How many comparable reports the correction for ``key`` is made of."""
        return len(self._pairs.get(key, ()))

    def __repr__(self) -> str:
        keys = ", ".join(f"{k}: {self.factor(k):.3f}" for k in sorted(self._pairs))
        return f"EstimateCalibration({keys})"


__all__ = [
    "AGREEMENT",
    "MAX_CONTEXT_TOKENS",
    "MAX_RATIO",
    "MIN_TOKENS",
    "WINDOW",
    "EstimateCalibration",
    "calibration_key",
    "comparable",
    "plausible",
    "robust_ratio",
    "scaled",
]
