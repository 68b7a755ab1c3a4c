"""ToolRegistry and @tool: schemas from hints and docstrings, invocation, every failure path."""

from __future__ import annotations

import asyncio
import functools
import json
import threading
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal

import pandas as pd
import pytest
from pydantic import BaseModel, Field

from nbagent.errors import ConfigurationError, ToolError
from nbagent.llm._tool_text import cap_text, parse_docstring, serialise_result
from nbagent.llm.messages import ToolUseBlock
from nbagent.llm.request import ResultSemantic, ToolDefinition
from nbagent.llm.tools import Tool, ToolCallResult, ToolErrorKind, ToolRegistry, tool


class Units(Enum):
    METRIC = "metric"
    IMPERIAL = "imperial"


class Point(BaseModel):
    x: float
    y: float


@tool(result_semantic=ResultSemantic.FACTUAL)
def get_weather(city: str, units: Literal["metric", "imperial"] = "metric", days: int = 1) -> str:
    """Current weather of a city.

    Uses the offline table.

    Args:
        city: City name, e.g. "Paris".
        units (str): Unit system
            of the numbers.
        days: How many days ahead.

    Returns:
        A sentence.
    """
    return f"{city}: sunny, 21 {'C' if units == 'metric' else 'F'}, {days} day(s)"


def rest_style(
    count: int, tags: list[str] | None = None, unit: Units = Units.METRIC
) -> dict[str, Any]:
    """Count things.

    :param count: How many things.
    :param list tags: Labels to attach,
        one per thing.
    :returns: a summary
    """
    return {"count": count, "tags": tags or [], "unit": unit.value}


def call(name: str, input: dict[str, Any] | None = None, id: str = "c1") -> ToolUseBlock:
    return ToolUseBlock(id=id, name=name, input=input or {})


# --- schemas -----------------------------------------------------------------------------------


def test_google_docstring_schema_values() -> None:
    definition = get_weather.definition()
    assert definition == ToolDefinition(
        name="get_weather",
        description="Current weather of a city.\n\nUses the offline table.",
        input_schema={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "city": {"type": "string", "description": 'City name, e.g. "Paris".'},
                "units": {
                    "type": "string",
                    "enum": ["metric", "imperial"],
                    "default": "metric",
                    "description": "Unit system of the numbers.",
                },
                "days": {"type": "integer", "default": 1, "description": "How many days ahead."},
            },
            "required": ["city"],
        },
        result_semantic=ResultSemantic.FACTUAL,
    )


def test_rest_docstring_schema_values() -> None:
    t = Tool(rest_style)
    schema = t.input_schema
    assert t.description == "Count things."
    assert schema["required"] == ["count"]
    assert schema["properties"]["count"] == {"type": "integer", "description": "How many things."}
    assert schema["properties"]["tags"] == {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}],
        "default": None,
        "description": "Labels to attach, one per thing.",
    }
    assert schema["properties"]["unit"]["$ref"] == "#/$defs/Units"
    assert schema["$defs"]["Units"]["enum"] == ["metric", "imperial"]
    assert t.result_semantic is ResultSemantic.MIXED


def test_decorator_overrides_and_annotated_descriptions() -> None:
    @tool(name="plot-point", description="Plot one point.", timeout=2.5)
    async def plot(point: Point, label: Annotated[str, Field(description="Shown next to it")] = ""):  # type: ignore[no-untyped-def]
        """Ignored because description= is given."""
        return point

    assert plot.name == "plot-point"
    assert plot.description == "Plot one point."
    assert plot.timeout == 2.5
    assert plot.is_async
    props = plot.input_schema["properties"]
    assert props["point"] == {"$ref": "#/$defs/Point"}
    assert props["label"] == {"type": "string", "default": "", "description": "Shown next to it"}
    assert plot.input_schema["$defs"]["Point"]["required"] == ["x", "y"]


def test_parameters_that_shadow_basemodel_attributes_keep_their_names() -> None:
    @tool
    def query(json: str, schema: str = "public", model_name: str = "m") -> str:
        return f"{json}|{schema}|{model_name}"

    assert set(query.input_schema["properties"]) == {"json", "schema", "model_name"}
    assert query.input_schema["required"] == ["json"]
    args, kwargs = query.validate({"json": "{}", "model_name": "x"})
    assert (args, kwargs) == ([], {"json": "{}", "schema": "public", "model_name": "x"})


def test_decorated_function_still_callable() -> None:
    assert get_weather("Oslo", days=2) == "Oslo: sunny, 21 C, 2 day(s)"


def test_parse_docstring_unknown_style_and_sections() -> None:
    parsed = parse_docstring("Just a line.\n\nAnother paragraph.")
    assert parsed.description == "Just a line.\n\nAnother paragraph."
    assert parsed.params == {}
    parsed = parse_docstring("Do it.\n\nArgs:\n    a: first\n    b (int): second\n\nRaises:\n    X")
    assert parsed.description == "Do it."
    assert parsed.params == {"a": "first", "b": "second"}
    assert parse_docstring(None).params == {}


@pytest.mark.parametrize(
    ("fn_src", "message"),
    [
        ("def f(*args: int) -> None: ...", r"takes \*args"),
        ("def f(**kw: int) -> None: ...", r"takes \*\*kw: tools need named parameters"),
    ],
)
def test_variadic_parameters_rejected(fn_src: str, message: str) -> None:
    namespace: dict[str, Any] = {}
    exec(fn_src, namespace)
    with pytest.raises(ToolError, match=message):
        Tool(namespace["f"])


def test_bad_names_and_duplicates_rejected() -> None:
    with pytest.raises(ToolError, match="not accepted by providers"):
        Tool(lambda: None)
    registry = ToolRegistry([get_weather])
    with pytest.raises(ToolError, match="already registered"):
        registry.register(get_weather)
    registry.register(get_weather, replace=True)
    assert registry.names() == ["get_weather"]
    with pytest.raises(ConfigurationError):
        ToolRegistry(max_result_chars=10)
    with pytest.raises(ConfigurationError):
        tool(timeout=0)(rest_style)


def test_registry_lookup_definitions_semantics() -> None:
    registry = ToolRegistry([get_weather])
    registry.register(rest_style)

    @registry.tool
    def ping() -> str:
        return "pong"

    assert len(registry) == 3
    assert "ping" in registry
    assert [d.name for d in registry.definitions()] == ["get_weather", "rest_style", "ping"]
    assert registry.semantics() == {
        "get_weather": ResultSemantic.FACTUAL,
        "rest_style": ResultSemantic.MIXED,
        "ping": ResultSemantic.MIXED,
    }
    assert registry.unregister("ping") and not registry.unregister("ping")
    assert [t.name for t in registry] == ["get_weather", "rest_style"]


@dataclass
class Forecast:
    """Forecasts for one region."""

    days: int = 3  # a class annotation named like a parameter of __call__

    async def __call__(self, days: str, city: str = "Paris") -> str:
        """Forecast for a city.

        Args:
            days: Which days, e.g. "mon-wed".
        """
        return f"{city} {days}"


class Doubler:
    """Doubles a number."""

    def __call__(self, x: int) -> int:
        return x * 2


async def scaled(value: int, factor: int) -> int:
    """Scale a value.

    Args:
        value: The value to scale.
    """
    return value * factor


async def test_callable_objects_and_partials_are_described_by_the_function_they_run() -> None:
    forecast = Tool(Forecast(), name="forecast")
    doubler = Tool(Doubler(), name="double")
    triple = Tool(functools.partial(scaled, factor=3), name="triple")
    assert (forecast.is_async, doubler.is_async, triple.is_async) == (True, False, True)
    assert forecast.description == "Forecast for a city."
    assert forecast.input_schema["properties"] == {
        "days": {"type": "string", "description": 'Which days, e.g. "mon-wed".'},
        "city": {"type": "string", "default": "Paris"},
    }
    assert doubler.description == "Doubles a number."
    assert doubler.input_schema["properties"] == {"x": {"type": "integer"}}
    assert triple.description == "Scale a value."
    assert triple.input_schema["properties"] == {
        "value": {"type": "integer", "description": "The value to scale."},
        "factor": {"type": "integer", "default": 3},
    }
    registry = ToolRegistry([forecast, doubler, triple])
    results = await registry.invoke_all(
        [
            call("forecast", {"days": "mon-wed"}, "a"),
            call("double", {"x": "3"}, "b"),
            call("triple", {"value": 2}, "c"),
        ]
    )
    assert [(r.content, r.is_error) for r in results] == [
        ("Paris mon-wed", False),
        ("6", False),
        ("6", False),
    ]


# --- invocation --------------------------------------------------------------------------------


async def test_sync_and_async_tools_run_and_serialise() -> None:
    @tool
    async def locate(name: str) -> Point:
        await asyncio.sleep(0)
        return Point(x=1.5, y=-2)

    registry = ToolRegistry([get_weather, rest_style, locate])
    results = await registry.invoke_all(
        [
            call("get_weather", {"city": "Paris"}, "a"),
            call("rest_style", {"count": "3", "unit": "imperial"}, "b"),
            call("locate", {"name": "home"}, "c"),
        ]
    )
    assert [(r.tool_use_id, r.tool_name, r.is_error) for r in results] == [
        ("a", "get_weather", False),
        ("b", "rest_style", False),
        ("c", "locate", False),
    ]
    assert results[0].content == "Paris: sunny, 21 C, 1 day(s)"
    assert json.loads(results[1].content) == {"count": 3, "tags": [], "unit": "imperial"}
    assert json.loads(results[2].content) == {"x": 1.5, "y": -2.0}


async def test_async_calls_run_concurrently_barrier() -> None:
    barrier = asyncio.Barrier(3)

    @tool
    async def meet(n: int) -> int:
        # Sequential execution would wait here forever (and hit the timeout below).
        await barrier.wait()
        return n * 10

    registry = ToolRegistry([meet])
    results = await registry.invoke_all([call("meet", {"n": i}, str(i)) for i in range(3)], 30.0)
    assert [r.content for r in results] == ["0", "10", "20"]
    assert not any(r.is_error for r in results)


async def test_sync_calls_run_concurrently_in_threads() -> None:
    # Run one after another, the first call would wait here until the barrier breaks (an error).
    barrier = threading.Barrier(3, timeout=30.0)

    @tool
    def meet(n: int) -> str:
        barrier.wait()
        return threading.current_thread().name

    registry = ToolRegistry([meet])
    results = await registry.invoke_all([call("meet", {"n": i}, str(i)) for i in range(3)])
    assert not any(r.is_error for r in results), [r.content for r in results]
    assert len({r.content for r in results}) == 3


async def test_results_keep_call_order_when_finishing_out_of_order() -> None:
    # Each call waits for the one after it to finish: they finish last to first, 3, then 2, then 1.
    done = {n: asyncio.Event() for n in (1, 2, 3)}
    finished: list[int] = []

    @tool
    async def wait(n: int) -> int:
        if n + 1 in done:
            await done[n + 1].wait()
        finished.append(n)
        done[n].set()
        return n

    registry = ToolRegistry([wait])
    async with asyncio.timeout(30):
        results = await registry.invoke_all([call("wait", {"n": n}, str(n)) for n in (1, 2, 3)])
    assert finished == [3, 2, 1]
    assert [r.content for r in results] == ["1", "2", "3"]
    assert [r.tool_use_id for r in results] == ["1", "2", "3"]


async def test_unknown_tool_is_error_result_listing_tools() -> None:
    registry = ToolRegistry([get_weather])
    (result,) = await registry.invoke_all([call("get_wether", {"city": "x"})])
    assert result.is_error and result.error_kind is ToolErrorKind.UNKNOWN_TOOL
    assert result.content == "Unknown tool 'get_wether'. Available tools: get_weather."


async def test_schema_failure_names_each_field_and_why() -> None:
    registry = ToolRegistry([get_weather])
    (result,) = await registry.invoke_all(
        [call("get_weather", {"units": "kelvin", "days": "many", "color": "red"})]
    )
    assert result.is_error and result.error_kind is ToolErrorKind.INVALID_ARGUMENTS
    assert result.content.splitlines() == [
        "Invalid arguments for tool 'get_weather':",
        "- city: Field required",
        "- units: Input should be 'metric' or 'imperial' (got 'kelvin')",
        "- days: Input should be a valid integer, unable to parse string as an integer "
        "(got 'many')",
        "- color: Extra inputs are not permitted (got 'red')",
        "Fix the arguments and call the tool again.",
    ]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"city": ', "the arguments are not valid JSON (Expecting value: line 1 column 10)"),
        ("[1, 2]", "the arguments must be a JSON object, got list"),
    ],
)
async def test_bad_json_arguments(raw: str, expected: str) -> None:
    registry = ToolRegistry([get_weather])
    result = await registry.invoke_raw("get_weather", raw, call_id="x")
    assert result.is_error and result.error_kind is ToolErrorKind.INVALID_ARGUMENTS
    assert result.content.startswith(f"Invalid arguments for tool 'get_weather': {expected}")


async def test_valid_json_text_arguments() -> None:
    registry = ToolRegistry([get_weather])
    result = await registry.invoke_raw("get_weather", '{"city": "Rome"}', call_id="x")
    assert (result.content, result.tool_use_id) == ("Rome: sunny, 21 C, 1 day(s)", "x")


async def test_exception_without_and_with_traceback() -> None:
    @tool
    def explode(n: int) -> int:
        raise ValueError(f"bad n={n}")

    (result,) = await ToolRegistry([explode]).invoke_all([call("explode", {"n": 3})])
    assert result.is_error and result.error_kind is ToolErrorKind.EXCEPTION
    assert result.content == "Tool 'explode' raised ValueError: bad n=3"

    registry = ToolRegistry([explode], include_traceback=True)
    (result,) = await registry.invoke_all([call("explode", {"n": 4})])
    assert result.content.startswith("Tool 'explode' raised ValueError: bad n=4\nTraceback")
    assert 'raise ValueError(f"bad n={n}")' in result.content


async def test_timeout_per_call_and_tool_override() -> None:
    never = asyncio.Event()  # the slow tools end only by timing out

    @tool
    async def slow() -> str:
        await never.wait()
        return "never"

    @tool(timeout=0.05)
    async def slow_own() -> str:
        await never.wait()
        return "never"

    @tool
    async def fast() -> str:
        return "ok"

    @tool
    async def raises_timeout() -> str:
        raise TimeoutError("upstream timed out")

    registry = ToolRegistry([slow, slow_own, fast, raises_timeout])
    # A bound for a test that would otherwise hang, not expected to fire: the calls time out.
    async with asyncio.timeout(30):
        results = await registry.invoke_all(
            [
                call("slow", id="1"),
                call("slow_own", id="2"),
                call("fast", id="3"),
                call("raises_timeout", id="4"),
            ],
            timeout=0.1,
        )
    assert [r.error_kind for r in results] == [
        ToolErrorKind.TIMEOUT,
        ToolErrorKind.TIMEOUT,
        None,
        ToolErrorKind.EXCEPTION,
    ]
    assert results[0].content == (
        "Tool 'slow' timed out after 0.1 s and was abandoned. Try simpler arguments or another "
        "approach."
    )
    assert "after 0.05 s" in results[1].content
    assert results[2].content == "ok"
    assert results[3].content == "Tool 'raises_timeout' raised TimeoutError: upstream timed out"


async def test_sync_tool_timeout_returns_without_waiting_for_thread() -> None:
    release, returned = threading.Event(), threading.Event()

    @tool
    def blocking() -> str:
        release.wait(30)
        returned.set()
        return "late"

    try:
        # The thread is blocked until ``release`` is set: the result comes back without it.
        async with asyncio.timeout(30):
            (result,) = await ToolRegistry([blocking]).invoke_all([call("blocking")], timeout=0.05)
        assert result.error_kind is ToolErrorKind.TIMEOUT
        assert not returned.is_set()
    finally:
        release.set()


async def test_long_result_capped_with_marker() -> None:
    @tool
    def big() -> str:
        return "x" * 5000

    (result,) = await ToolRegistry([big], max_result_chars=1000).invoke_all([call("big")])
    assert len(result.content) == 1000
    assert result.truncated_chars == 5000 - result.content.index("\n[")
    assert result.content.endswith(
        f"\n[... truncated {result.truncated_chars:,} of 5,000 characters]"
    )
    assert not result.is_error


def test_cap_text_boundaries() -> None:
    assert cap_text("abc", 3) == ("abc", 0)
    text, cut = cap_text("a" * 150_000, 20_000)
    assert len(text) == 20_000
    assert text.endswith(f"[... truncated {cut:,} of 150,000 characters]")
    assert text.startswith("a" * (150_000 - cut))


def test_serialise_result_kinds() -> None:
    df = pd.DataFrame({"city": ["A", "B", "C", "D", "E", "F", "G"], "temp": range(7)})
    preview = serialise_result(df)
    assert preview.startswith("DataFrame with 7 rows x 2 columns; first rows:\n")
    assert "  A     0" in preview and "G" not in preview.split("first rows:")[1].split("...")[0]
    assert preview.endswith("... 2 more rows")
    assert serialise_result("plain") == "plain"
    assert serialise_result({"a": [1, 2], "ü": None}) == '{"a":[1,2],"ü":null}'
    assert serialise_result([Point(x=1, y=2)]) == '[{"x":1.0,"y":2.0}]'
    assert serialise_result(None) == "null"
    assert serialise_result(3.5) == "3.5"
    assert serialise_result({1, 2}) == "{1, 2}"
    assert serialise_result({"p": {1}}) == '{"p":[1]}'
    assert serialise_result({"p": Units}) == '{"p":"<enum \'Units\'>"}'


async def test_unserialisable_result_and_tool_result_model() -> None:
    class Weird:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    @tool
    def weird() -> object:
        return Weird()

    (result,) = await ToolRegistry([weird]).invoke_all([call("weird", id="w")])
    assert isinstance(result, ToolCallResult)
    assert result.is_error and result.error_kind is ToolErrorKind.EXCEPTION
    assert "could not be serialised (RuntimeError: no repr)" in result.content
