"""The offline travel-planning demo: what the notebooks run on when no provider key is set.

:func:`travel_demo` is an :class:`~nbagent.llm.providers.offline.OfflineProvider` answering from
:func:`travel_reply`, a travel assistant that calls the weather, flight and hotel tools it is
offered (chosen by the user's words, in English or Chinese, their arguments filled with the city,
origin and date read from the message), then reports what they returned; without a matching tool
it says what it can do. Its summaries are the offline extractive ones, with the demo's cities and
familiar forms of Chinese surnames ("老王", "小李") counted as names too.

:func:`demo_provider` is how ``%agent new`` and the notebooks pick a provider: the one a spec or
the environment names (as :func:`~nbagent.llm.providers.registry.provider_from_env` chooses), with
the travel demo wherever that is the offline provider. Everything is deterministic in the request,
and every answer says that it is offline.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nbagent.llm.messages import ContentBlock, TextBlock
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers import parse_spec, provider_from_env, provider_from_spec
from nbagent.llm.providers.offline import (
    DEFAULT_CHUNK_SIZE,
    OfflineProvider,
    Reply,
    ToolOutcome,
    is_summary_request,
    last_user_text,
    schema_arguments,
    summary_reply,
    tool_calls,
    trailing_tool_results,
)
from nbagent.llm.request import MessageRequest, ToolDefinition
from nbagent.llm.tokens import TokenEstimator

OFFLINE_SPEC = "offline"
"""The provider name of the offline provider in a spec string."""

_NOTE = "(offline demo: no model or network was used)"
_NOTE_ZH = "（离线演示：未调用任何模型或网络）"

_TOPICS: dict[str, tuple[str, ...]] = {
    "weather": ("weather", "forecast", "rain", "temperature", "天气", "气温", "下雨"),
    "flight": ("flight", "fly", "plane", "airfare", "航班", "机票", "飞机"),
    "hotel": ("hotel", "stay", "accommodation", "room", "酒店", "住宿", "宾馆"),
}
_TOPIC_LABELS = {"weather": "the weather", "flight": "flights", "hotel": "hotels"}
_CITY_EN = re.compile(r"\b(?:in|to|for|at|visit(?:ing)?)\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)")
_ORIGIN_EN = re.compile(r"\bfrom\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)")
# fmt: off
_CITIES_ZH = (
    "北京", "上海", "广州", "深圳", "杭州", "成都", "西安", "香港",
    "东京", "大阪", "巴黎", "伦敦", "纽约", "首尔", "新加坡", "曼谷",
)
# fmt: on
_DATE = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}月\d{1,2}[日号]|明天|后天|今天|tomorrow|today|tonight"
    r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u4e00-\u9fff]")

NAMES = re.compile(
    r"[老小][王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢]|台北|" + "|".join(_CITIES_ZH)
)
"""What the demo's summaries count as names beyond the generic rules: "老王" / "小李" forms of
common surnames, and the cities the demo knows."""


def travel_reply(request: MessageRequest) -> list[ContentBlock]:
    """The travel assistant's answer to ``request``: deterministic in the request."""
    results = trailing_tool_results(request.messages)
    if results:
        return [TextBlock(text=_found(results))]
    text = last_user_text(request.messages)
    uses = tool_calls(request, _wanted(request.tools, text), lambda t: _arguments(t, text))
    if uses:
        names = sorted({u.name for u in uses})
        if _CJK.search(text):
            intro = "我来查一下：" + "、".join(names) + "。"
        else:
            intro = "Let me check that with " + ", ".join(names) + "."
        return [TextBlock(text=intro), *uses]
    return [TextBlock(text=_chat_answer(text))]


def travel_demo(
    *,
    model: str = "offline-demo",
    estimator: TokenEstimator | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    latency: float = 0.0,
) -> OfflineProvider:
    """An offline provider answering as the travel demo (:func:`travel_reply`), with extractive
    summaries that know the demo's names (:data:`NAMES`). Scripted replies
    (:meth:`~OfflineProvider.enqueue`) still come first."""

    def answer(request: MessageRequest) -> Reply:
        if is_summary_request(request):
            return summary_reply(request, estimator=estimator, names=NAMES)
        return travel_reply(request)

    return OfflineProvider(
        answer, model=model, estimator=estimator, chunk_size=chunk_size, latency=latency
    )


def demo_provider(
    spec: str | None = None, *, environ: Mapping[str, str] | None = None
) -> LlmProvider:
    """The provider ``spec`` names, or without one the environment's (``provider_from_env``), with
    the travel demo in place of the offline provider: with no key set, a notebook's tools get
    called and its cells get answers worth reading."""
    if spec is not None:
        parsed = parse_spec(spec)
        if parsed.provider == OFFLINE_SPEC:
            return travel_demo(model=parsed.model)
        return provider_from_spec(spec)
    provider = provider_from_env(environ)
    if isinstance(provider, OfflineProvider):
        return travel_demo(model=provider.model)
    return provider


def _found(results: list[ToolOutcome]) -> str:
    lines = ["Here is what I found:"]
    for result in results:
        text = result.text
        shown = text if len(text) <= 200 else text[:200] + "…"
        status = "failed" if result.is_error else "returned"
        lines.append(f"- {result.name or 'a tool'} {status}: {shown}")
    lines.append(f"Shall I plan the rest of the trip around this? {_NOTE}")
    return "\n".join(lines)


def _wanted(tools: list[ToolDefinition], text: str) -> list[ToolDefinition]:
    """The offered tools whose topic the user's words touch, by topic."""
    lowered = text.lower()
    return [
        tool
        for topic, words in _TOPICS.items()
        if any(w in lowered for w in words)
        for tool in tools
        if topic in tool.name.lower()
    ]


def _arguments(tool: ToolDefinition, text: str) -> dict[str, Any]:
    """The schema's properties from the user's words, so the demo's calls look real."""
    city = _find(_CITY_EN, text) or next((c for c in _CITIES_ZH if c in text), "Paris")
    origin = _find(_ORIGIN_EN, text) or "London"
    date_match = _DATE.search(text)
    date = date_match.group(0) if date_match else "tomorrow"

    def guess(name: str) -> str | None:
        key = name.lower()
        if any(w in key for w in ("origin", "from", "departure")):
            return origin
        if any(w in key for w in ("city", "location", "destination", "place", "to")):
            return city
        if "date" in key or "day" in key or "when" in key:
            return date
        return None

    return schema_arguments(tool, text, guess)


def _find(pattern: re.Pattern[str], text: str) -> str | None:
    match = pattern.search(text)
    return match.group(1) if match else None


def _chat_answer(text: str) -> str:
    snippet = " ".join(text.split())
    snippet = snippet if len(snippet) <= 80 else snippet[:80] + "…"
    if _CJK.search(text):
        return (
            f"我是离线旅行规划助手。你说：“{snippet}”。"
            "问我某个城市的天气、航班或酒店，我会调用你提供的工具。" + _NOTE_ZH
        )
    if not snippet:
        return f"Hello! I am the offline travel planner. Where would you like to go? {_NOTE}"
    topics = ", ".join(_TOPIC_LABELS.values())
    return (
        f'I am the offline travel planner. You said: "{snippet}". '
        f"Ask me about {topics} for a city and I will call the tools you give me. {_NOTE}"
    )


__all__ = ["NAMES", "OFFLINE_SPEC", "demo_provider", "travel_demo", "travel_reply"]
