"""Generate the fixture transcripts deterministically.

Run ``python tests/data/transcripts/make_transcripts.py [OUT_DIR]`` from the repository root.

``travel_20_turns.jsonl``: 20 turns of the offline provider's travel demo with three tools whose
results vary in size (a short weather forecast, a flight list, a long hotel list), plus turns
without tools. One message JSON per line, as ``MESSAGE_ADAPTER.dump_json`` writes it.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.llm.messages import AnyMessage
from nbagent.llm.tools import ToolRegistry
from nbagent.notebook._replay import write_jsonl
from nbagent.notebook.demo import travel_demo

HERE = Path(__file__).parent

PROMPTS = (
    "Hi! I want to plan a trip to Japan in May.",
    "What is the weather in Tokyo on May 3?",
    "Find flights from London to Tokyo on May 3.",
    "Which hotels are there in Tokyo?",
    "Nice. How do I get from the airport to Shinjuku?",
    "What is the weather in Kyoto on May 6?",
    "Any hotels in Kyoto?",
    "Find flights from Tokyo to Osaka on May 9.",
    "What is the forecast for Osaka on May 9?",
    "Which hotels are there in Osaka?",
    "Should I buy a rail pass for this route?",
    "What is the weather in Nara on May 8?",
    "Find flights from Osaka to Sapporo on May 11.",
    "Hotels in Sapporo please.",
    "What is the weather in Sapporo on May 12?",
    "Is it worth renting a car in Hokkaido?",
    "Find flights from Sapporo to London on May 15.",
    "What is the weather in London on May 15?",
    "Summarise my itinerary so far.",
    "Thanks, that is all for now.",
)


def _seed(*parts: str) -> int:
    return int(hashlib.sha256("|".join(parts).encode()).hexdigest()[:8], 16)


def get_weather(city: str, date: str = "tomorrow") -> dict[str, Any]:
    """Forecast for a city and date."""
    seed = _seed(city, date)
    return {
        "city": city,
        "date": date,
        "high_c": 14 + seed % 12,
        "low_c": 6 + seed % 7,
        "rain_chance": (seed >> 4) % 100,
    }


def search_flights(origin: str, destination: str, date: str) -> list[dict[str, Any]]:
    """Flights between two cities on a date."""
    seed = _seed(origin, destination, date)
    return [
        {
            "flight": f"NB{100 + (seed >> i) % 900}",
            "from": origin,
            "to": destination,
            "date": date,
            "departs": f"{6 + i * 2:02d}:{(seed >> i) % 60:02d}",
            "stops": (seed >> i) % 2,
            "price_gbp": 180 + (seed >> (2 * i)) % 700,
        }
        for i in range(4 + seed % 8)
    ]


def search_hotels(city: str) -> list[dict[str, Any]]:
    """Hotels in a city with ratings and a description."""
    seed = _seed(city)
    return [
        {
            "name": f"{city} Hotel {chr(65 + i)}",
            "stars": 2 + (seed >> i) % 4,
            "price_per_night_gbp": 60 + (seed >> i) % 240,
            "district": f"District {1 + (seed >> (i + 3)) % 9}",
            "description": (
                f"A {['quiet', 'central', 'modern', 'traditional'][i % 4]} hotel in {city} "
                "with breakfast, free wifi and a short walk to the station."
            ),
        }
        for i in range(12 + seed % 14)
    ]


def travel_session(turns: int = 20) -> AgentSession:
    """A ``turns``-turn offline travel-planning session (no summaries)."""
    registry = ToolRegistry([get_weather, search_flights, search_hotels])
    bundle = (
        AgentBuilder()
        .provider(travel_demo())
        .store(InMemoryStore())
        .tool_registry(registry)
        .build()
    )
    session = bundle.session("travel")
    for prompt in PROMPTS[:turns]:
        session.submit_turn_sync(prompt)
    return session


def travel_transcript(turns: int = 20) -> list[AnyMessage]:
    """The stored history of :func:`travel_session`."""
    return list(travel_session(turns).slot.messages)


def main(out: Path = HERE) -> None:
    write_jsonl(travel_transcript(), out / "travel_20_turns.jsonl")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
