"""Draw the README's watermark chart from a real offline session (``make screenshots`` runs it).

A travel-planning conversation over the offline provider with tools whose results are sizable;
a small context window makes summaries fire within 24 turns. Deterministic: same chart each run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from nbagent import (
    AgentBuilder,
    AgentSession,
    InMemoryStore,
    ResultSemantic,
    SummaryConfig,
    ToolRegistry,
    tool,
)
from nbagent.notebook import travel_demo, watermark_chart

CITIES = ["Lyon", "Paris", "Kyoto", "Lisbon", "Porto", "Seville"]


@tool(result_semantic=ResultSemantic.FACTUAL)
def get_weather(city: str) -> str:
    """Seven-day forecast for a city."""
    days = [{"day": d, "high_c": 12 + (d * 3) % 9, "rain_mm": (d * 7) % 5} for d in range(7)]
    return json.dumps({"city": city, "forecast": days})


@tool(result_semantic=ResultSemantic.FACTUAL)
def search_hotels(city: str) -> str:
    """Hotels in a city with prices."""
    rows = [
        {"name": f"{city} Hotel {i}", "price_eur": 80 + 15 * i, "rating": 3.5 + (i % 3) / 2}
        for i in range(25)
    ]
    return json.dumps({"city": city, "results": rows})


def build_session() -> AgentSession:
    registry = ToolRegistry()
    registry.register(get_weather)
    registry.register(search_hotels)
    bundle = (
        AgentBuilder()
        .provider(travel_demo())
        .tool_registry(registry)
        .store(InMemoryStore())
        .summary_config(
            SummaryConfig(max_context_tokens=6000, trigger_token_ratio=0.6, debounce_turns=3)
        )
        .build()
    )
    return bundle.session("readme-demo")


def main(out_dir: Path) -> None:
    session = build_session()
    for turn in range(24):
        city = CITIES[turn % len(CITIES)]
        ask = "weather" if turn % 2 == 0 else "hotels"
        session.submit_turn_sync(f"What about {ask} in {city} for my trip?")
    out_dir.mkdir(parents=True, exist_ok=True)
    figure = watermark_chart(session, title="Context watermark, offline travel demo")
    figure.savefig(out_dir / "watermark_chart.png", dpi=110, bbox_inches="tight")
    fired = [r.turn_index for r in session.timeline if r.summary_status.value == "fired"]
    print(f"wrote {out_dir / 'watermark_chart.png'}; summaries fired at turns {fired}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
