"""Tools that misbehave: BaseExceptions, hung sync tools, arguments that are not JSON.

Each fault must stay one tool call's problem: the model reads an error result, the session's
background loop keeps running, and nothing else waits on the hung tool.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from nbagent.llm import tools as loop_bridge
from nbagent.llm.events import (
    MessageEndEvent,
    MessageStartEvent,
    StreamEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    accumulate_stream,
)
from nbagent.llm.messages import (
    INVALID_JSON_KEY,
    AssistantMessage,
    TextBlock,
    ToolResultMessage,
    ToolUseBlock,
    arguments_problem,
    invalid_arguments_text,
    parse_tool_arguments,
    wire_arguments,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tools import ToolErrorKind, ToolRegistry, run_sync, tool
from tests.agent_support import make_session

T = TypeVar("T")

BOUND = 30.0
"""Seconds a blocking call may take before the test calls it hung (reached only on failure)."""

BROKEN = '{"path": "~/thesis", "dry_run": tru'
"""Arguments cut off mid-value, as a model sent them."""


def bounded(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on a daemon thread; a call that hangs fails the test instead of the run."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = fn(*args)
        except BaseException as e:
            outcome["error"] = e

    thread = threading.Thread(target=target, name="bounded-call", daemon=True)
    thread.start()
    thread.join(BOUND)
    if thread.is_alive():
        pytest.fail(f"{getattr(fn, '__name__', fn)} still blocked after {BOUND:g} s")
    if "error" in outcome:
        raise outcome["error"]
    value: T = outcome["value"]
    return value


def tool_call(call_id: str, name: str, input: dict[str, Any] | None = None) -> MessageResponse:
    return MessageResponse(
        message=AssistantMessage(
            content=[
                TextBlock(text="calling"),
                ToolUseBlock(id=call_id, name=name, input=input or {}),
            ]
        ),
        stop_reason=StopReason.TOOL_USE,
        usage=Usage(input_tokens=10, output_tokens=2),
    )


def last_tool_result(request: MessageRequest) -> ToolResultMessage:
    message = request.messages[-1]
    assert isinstance(message, ToolResultMessage)
    return message


def tool_results(request: MessageRequest) -> list[ToolResultMessage]:
    """The tool results a request ends with, in order."""
    found: list[ToolResultMessage] = []
    for message in reversed(request.messages):
        if not isinstance(message, ToolResultMessage):
            break
        found.insert(0, message)
    return found


# -- BaseExceptions from tools -----------------------------------------------------------------


class Halt(BaseException):
    """Neither an Exception nor one of the two that asyncio re-raises out of the loop."""


def _raiser(error: BaseException, *, is_async: bool) -> Any:
    if is_async:

        async def halt() -> str:
            raise error

    else:

        def halt() -> str:
            raise error

    return tool(halt)


@pytest.mark.parametrize("is_async", [False, True], ids=["sync-tool", "async-tool"])
@pytest.mark.parametrize(
    ("error", "named"),
    [
        (SystemExit(3), "Tool 'halt' raised SystemExit: 3"),
        (KeyboardInterrupt(), "Tool 'halt' raised KeyboardInterrupt"),
        (Halt("stop here"), "Tool 'halt' raised Halt: stop here"),
    ],
    ids=["SystemExit", "KeyboardInterrupt", "BaseException"],
)
def test_base_exception_in_a_tool_is_an_error_result_and_the_session_goes_on(
    error: BaseException, named: str, is_async: bool
) -> None:
    provider = OfflineProvider([tool_call("c1", "halt"), "noted the failure", "second turn"])
    session = make_session(provider, registry=ToolRegistry([_raiser(error, is_async=is_async)]))

    first = bounded(session.submit_turn_sync, "run halt")

    assert first.text() == "noted the failure"
    result = last_tool_result(provider.requests[1])
    assert (result.tool_call_id, result.is_error, result.text()) == ("c1", True, named)
    loop_thread = loop_bridge._thread
    assert bounded(session.submit_turn_sync, "again").text() == "second turn"
    assert loop_bridge._thread is loop_thread and loop_thread is not None and loop_thread.is_alive()
    assert session.turn_index == 2
    assert [m.role for m in session.slot.messages] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "assistant",
    ]


async def test_cancellation_of_a_tool_still_propagates() -> None:
    started = asyncio.Event()

    @tool
    async def wait_forever() -> str:
        started.set()
        await asyncio.Event().wait()
        return "never"

    task = asyncio.create_task(
        ToolRegistry([wait_forever]).invoke(ToolUseBlock(id="c1", name="wait_forever"))
    )
    await asyncio.wait_for(started.wait(), BOUND)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert task.cancelled()


@pytest.mark.parametrize(
    "error", [SystemExit(4), KeyboardInterrupt()], ids=["SystemExit", "KeyboardInterrupt"]
)
def test_base_exception_escaping_a_turn_reaches_the_sync_caller_and_the_loop_survives(
    error: BaseException,
) -> None:
    # The provider raises it: no tool is there to turn it into a result.
    provider = OfflineProvider([error, "after the failure"])
    session = make_session(provider)
    run_sync(asyncio.sleep(0))  # start the background loop
    loop_thread = loop_bridge._thread

    with pytest.raises(type(error)):
        bounded(session.submit_turn_sync, "boom")

    assert loop_bridge._thread is loop_thread and loop_thread is not None and loop_thread.is_alive()
    assert session.turn_index == 0 and session.slot.messages == ()  # the failed turn left nothing
    assert bounded(session.submit_turn_sync, "again").text() == "after the failure"
    assert session.turn_index == 1
    assert [m.text() for m in session.slot.messages] == ["again", "after the failure"]


def test_keyboard_interrupt_escaping_an_inner_task_does_not_stop_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def inner() -> None:
        raise KeyboardInterrupt

    async def outer() -> None:
        # asyncio re-raises this out of run_forever from the inner task's step.
        await asyncio.get_running_loop().create_task(inner())

    run_sync(asyncio.sleep(0))
    loop_thread = loop_bridge._thread

    with pytest.raises(KeyboardInterrupt):
        bounded(run_sync, outer())

    assert bounded(run_sync, asyncio.sleep(0, result="alive")) == "alive"
    assert loop_bridge._thread is loop_thread and loop_thread is not None and loop_thread.is_alive()
    assert "raised KeyboardInterrupt; the loop keeps running" in caplog.text


# -- hung sync tools -------------------------------------------------------------------------


async def test_hung_sync_tools_do_not_hold_the_default_executor() -> None:
    loop = asyncio.get_running_loop()
    # One worker: a tool parked in the default executor would stall both calls below for good.
    default = ThreadPoolExecutor(max_workers=1, thread_name_prefix="default")
    loop.set_default_executor(default)
    release = threading.Event()
    running: list[str] = []

    @tool
    def hang() -> str:
        running.append(threading.current_thread().name)
        release.wait()
        return "late"

    registry = ToolRegistry([hang])
    try:
        calls = [ToolUseBlock(id=f"c{i}", name="hang") for i in range(3)]
        results = await registry.invoke_all(calls, timeout=0.05)
        assert [r.error_kind for r in results] == [ToolErrorKind.TIMEOUT] * 3

        assert await asyncio.wait_for(asyncio.to_thread(lambda: 1), BOUND) == 1
        assert await asyncio.wait_for(loop.run_in_executor(None, lambda: 2), BOUND) == 2
        assert not any(name.startswith("default") for name in running)
    finally:
        release.set()
        default.shutdown(wait=True)


async def test_sync_tools_run_on_nbagent_tool_threads_with_the_callers_context() -> None:
    import contextvars

    request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

    @tool
    def where() -> str:
        return f"{threading.current_thread().name} {request_id.get()}"

    request_id.set("r-7")
    (result,) = await ToolRegistry([where]).invoke_all([ToolUseBlock(id="c1", name="where")])
    name, seen = result.content.split()
    assert name.startswith("nbagent-tool") and seen == "r-7"


def test_one_sessions_hung_tools_hold_only_its_own_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two threads a session: the hung session's two calls hold both of its own.
    monkeypatch.setattr("nbagent.llm.tools.TOOL_WORKERS", 2)
    release = threading.Event()

    @tool(timeout=0.05)
    def hang() -> str:
        release.wait()
        return "late"

    @tool
    def quick() -> str:
        return f"quick on {threading.current_thread().name}"

    registry = ToolRegistry([hang, quick])
    stuck = OfflineProvider(
        [[ToolUseBlock(id="h1", name="hang"), ToolUseBlock(id="h2", name="hang")], "both hung"]
    )
    other = OfflineProvider([tool_call("q1", "quick"), "done"])
    hung = make_session(stuck, registry=registry, session_id="hung")
    fine = make_session(other, registry=registry, session_id="fine")
    try:
        assert bounded(hung.submit_turn_sync, "hang twice").text() == "both hung"
        assert [
            r.text().startswith("Tool 'hang' timed out") for r in tool_results(stuck.requests[1])
        ] == [True, True]
        # The process's pool of two threads would be held too: the other session's call
        # would time out without starting.
        assert bounded(fine.submit_turn_sync, "run quick").text() == "done"
        (result,) = tool_results(other.requests[1])
        assert not result.is_error and result.text().startswith("quick on nbagent-tool-fine")
        # Closing the hung session lets its threads go; it can take turns again.
        bounded(hung.close_sync)
        assert hung._tool_pool._pool is None
    finally:
        release.set()


# -- arguments that are not JSON -------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "parsed"),
    [
        ("", {}),
        ("  \n", {}),
        ('{"path": "~/thesis", "dry_run": true}', {"path": "~/thesis", "dry_run": True}),
        (BROKEN, {INVALID_JSON_KEY: BROKEN}),
        ("[1, 2]", {INVALID_JSON_KEY: "[1, 2]"}),
        ('"~/thesis"', {INVALID_JSON_KEY: '"~/thesis"'}),
        ("null", {INVALID_JSON_KEY: "null"}),
    ],
)
def test_parse_tool_arguments(raw: str, parsed: dict[str, Any]) -> None:
    assert parse_tool_arguments(raw) == parsed


def test_invalid_arguments_keep_the_raw_text_for_display_and_for_the_wire() -> None:
    kept = parse_tool_arguments(BROKEN)
    assert invalid_arguments_text(kept) == BROKEN
    assert wire_arguments(kept) == BROKEN
    assert invalid_arguments_text({"path": "~"}) is None
    assert wire_arguments({"path": "~", "n": "ü"}) == '{"path": "~", "n": "ü"}'
    # The marker is the whole input or nothing: a real argument beside it is not unreadable.
    assert invalid_arguments_text({INVALID_JSON_KEY: "x", "path": "~"}) is None
    assert arguments_problem(BROKEN) == (
        "the arguments are not valid JSON (Expecting value: line 1 column 33)"
    )
    assert arguments_problem("[1]") == "the arguments must be a JSON object, got list"


def _destructive() -> tuple[ToolRegistry, list[dict[str, Any]]]:
    calls: list[dict[str, Any]] = []

    @tool
    def delete_tree(path: str = "~", dry_run: bool = False) -> str:
        calls.append({"path": path, "dry_run": dry_run})
        return f"deleted {path}"

    return ToolRegistry([delete_tree]), calls


EXPECTED_BROKEN = (
    "Invalid arguments for tool 'delete_tree': the arguments are not valid JSON (Expecting value"
    ": line 1 column 33). The tool was not run. Received (35 characters): "
    '\'{"path": "~/thesis", "dry_run": tru\'. Send the arguments again as one complete JSON '
    "object."
)


async def test_unreadable_arguments_are_an_error_result_and_the_tool_does_not_run() -> None:
    registry, calls = _destructive()
    block = ToolUseBlock(id="c1", name="delete_tree", input=parse_tool_arguments(BROKEN))

    (result,) = await registry.invoke_all([block])

    assert calls == []
    assert (result.tool_use_id, result.is_error, result.error_kind) == (
        "c1",
        True,
        ToolErrorKind.INVALID_ARGUMENTS,
    )
    assert result.content == EXPECTED_BROKEN
    # The text form of the same arguments gives the same answer.
    raw_result = await registry.invoke_raw("delete_tree", BROKEN, call_id="c1")
    assert raw_result.content == EXPECTED_BROKEN and calls == []


async def test_a_non_object_is_refused_and_long_text_is_quoted_cut() -> None:
    registry, calls = _destructive()
    (listed,) = await registry.invoke_all(
        [ToolUseBlock(id="c1", name="delete_tree", input=parse_tool_arguments('["~"]'))]
    )
    assert listed.content.startswith(
        "Invalid arguments for tool 'delete_tree': the arguments must be a JSON object, got list."
        " The tool was not run. Received (5 characters): '[\"~\"]'."
    )
    long = '{"path": "' + "x" * 2000
    (cut,) = await registry.invoke_all(
        [ToolUseBlock(id="c2", name="delete_tree", input=parse_tool_arguments(long))]
    )
    assert f"Received (2010 characters): {long[:500] + '…'!r}." in cut.content
    assert calls == []


@pytest.mark.parametrize("streamed", [False, True], ids=["chat", "stream"])
async def test_unreadable_arguments_through_a_session_turn(streamed: bool) -> None:
    registry, calls = _destructive()
    unreadable = tool_call("c1", "delete_tree", parse_tool_arguments(BROKEN))
    provider = OfflineProvider([unreadable, "I will resend them"])
    session = make_session(provider, registry=registry)

    if streamed:
        events = [e async for e in session.submit_turn_stream("clean up")]
        await session.finalize_turn()
        assert events[-1].type == "cycle_done"  # type: ignore[union-attr]
    else:
        await session.submit_turn("clean up")

    assert calls == []
    result = last_tool_result(provider.requests[1])
    assert (result.is_error, result.text()) == (True, EXPECTED_BROKEN)
    stored = session.slot.messages[1]
    assert isinstance(stored, AssistantMessage)
    (use,) = [b for b in stored.content if isinstance(b, ToolUseBlock)]
    assert invalid_arguments_text(use.input) == BROKEN  # kept for tables to show


def _broken_stream() -> list[StreamEvent]:
    return [
        MessageStartEvent(id="m1", model="test"),
        ToolUseStartEvent(index=0, id="c1", name="delete_tree"),
        ToolUseInputDeltaEvent(index=0, partial_json=BROKEN[:12]),
        ToolUseInputDeltaEvent(index=0, partial_json=BROKEN[12:]),
        ToolUseEndEvent(index=0),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]


async def test_a_stream_with_unreadable_arguments_never_runs_the_tool() -> None:
    registry, calls = _destructive()
    (use,) = accumulate_stream(_broken_stream()).message.content
    assert isinstance(use, ToolUseBlock)
    assert invalid_arguments_text(use.input) == BROKEN
    (result,) = await registry.invoke_all([use])
    assert calls == [] and result.content == EXPECTED_BROKEN


def test_unreadable_arguments_go_back_to_openai_as_the_model_sent_them() -> None:
    from nbagent.llm.providers.openai import OpenAIWireOptions, messages_to_openai

    message = AssistantMessage(
        content=[ToolUseBlock(id="c1", name="delete_tree", input=parse_tool_arguments(BROKEN))]
    )
    wire = messages_to_openai([message], OpenAIWireOptions())[0]  # then a stand-in result
    assert wire["tool_calls"][0]["function"]["arguments"] == BROKEN


def test_unreadable_arguments_are_shown_as_the_model_sent_them() -> None:
    from nbagent.notebook._html import parts_html, parts_text, reply_parts

    call = ToolUseBlock(id="c1", name="delete_tree", input=parse_tool_arguments(BROKEN))
    assert call.unreadable_arguments == BROKEN and call.arguments_text() == BROKEN
    parts = reply_parts([AssistantMessage(content=[call])])
    text = parts_text(parts, show_tools=True)
    assert "unreadable arguments (not run): " + BROKEN[:20] in text
    assert INVALID_JSON_KEY not in text
    html = parts_html(parts, show_tools=True, streaming=False)
    assert "unreadable arguments (not run)" in html and INVALID_JSON_KEY not in html
