"""The long-session case's chart: context tokens per turn under each policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

STYLES: dict[str, dict[str, Any]] = {
    "none": {"color": "black", "linewidth": 2.0},
    "summary": {"color": "tab:green", "linewidth": 4.0, "alpha": 0.35},
    "microcompact": {"color": "tab:blue", "linewidth": 1.2},
    "both": {"color": "tab:red", "linewidth": 1.2},
    "both, cumulative": {"color": "tab:orange", "linewidth": 1.2},
    "last 20": {"color": "tab:grey", "linewidth": 1.0, "linestyle": ":"},
    "last 20 + summary": {"color": "tab:brown", "linewidth": 1.0, "linestyle": "--"},
}


def context_chart(series: dict[str, list[int]], threshold: float, budget: int, path: Path) -> None:
    """One line per policy (the largest request of each turn), the summary trigger and the
    microcompact budget, log scale; written to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    turns = max(len(peak) for peak in series.values())
    fig, ax = plt.subplots(figsize=(11, 5.5))
    for name, peak in series.items():
        same = [other for other in series if other != name and series[other] == peak]
        label = f"{name} (same as {', '.join(same)})" if same else name
        ax.plot(range(len(peak)), peak, label=label, **STYLES.get(name, {"color": "tab:purple"}))
    ax.axhline(threshold, color="grey", linestyle="--", linewidth=0.8)
    right: dict[str, Any] = {"fontsize": 8, "ha": "right", "va": "bottom"}
    ax.text(turns - 1, threshold * 1.03, "summary trigger (context watermark)", **right)
    ax.axhline(budget, color="grey", linestyle=":", linewidth=0.8)
    ax.text(turns - 1, budget * 1.03, "microcompact budget", **right)
    ax.set_yscale("log")
    ax.set_xlabel("turn")
    ax.set_ylabel("context tokens sent (largest request of the turn, log scale)")
    ax.set_title(f"A {turns}-turn tool-using conversation under each context policy")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    ax.grid(True, which="major", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


__all__ = ["STYLES", "context_chart"]
