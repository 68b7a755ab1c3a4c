"""HookExecutor: order, sync and async hooks, failures logged and contained."""

from __future__ import annotations

import asyncio
import logging

import pytest

from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor


def test_event_names() -> None:
    assert [e.value for e in HookEvent] == [
        "turn_start",
        "turn_end",
        "before_request",
        "after_response",
        "retry",
        "error",
        "tool_call",
        "tool_result",
        "compaction",
        "summary",
    ]


async def test_hooks_run_in_registration_order_sync_and_async() -> None:
    hooks = HookExecutor()
    seen: list[tuple[str, HookEvent, int | None]] = []

    def first(ctx: HookContext) -> None:
        seen.append(("first", ctx.event, ctx.turn_index))

    async def second(ctx: HookContext) -> None:
        await asyncio.sleep(0)
        seen.append(("second", ctx.event, ctx.turn_index))

    hooks.register(HookEvent.TURN_START, first)
    hooks.register(HookEvent.TURN_START, second)
    hooks.register(HookEvent.TURN_START, lambda ctx: seen.append(("third", ctx.event, None)))
    hooks.register(HookEvent.TURN_END, first)

    await hooks.emit(HookEvent.TURN_START, HookContext(HookEvent.TURN_START, turn_index=4))
    assert seen == [
        ("first", HookEvent.TURN_START, 4),
        ("second", HookEvent.TURN_START, 4),
        ("third", HookEvent.TURN_START, None),
    ]
    assert len(hooks) == 4


async def test_emit_sets_the_event_on_the_context() -> None:
    hooks = HookExecutor()
    events: list[HookEvent] = []
    hooks.register(HookEvent.SUMMARY, lambda ctx: events.append(ctx.event))
    await hooks.emit(HookEvent.SUMMARY, HookContext(HookEvent.TURN_END, data={"x": 1}))
    assert events == [HookEvent.SUMMARY]


@pytest.mark.parametrize("kind", ["sync", "async"])
async def test_raising_hook_is_logged_and_others_still_run(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    hooks = HookExecutor()
    ran: list[str] = []

    def bad_sync(ctx: HookContext) -> None:
        raise RuntimeError("sync boom")

    async def bad_async(ctx: HookContext) -> None:
        await asyncio.sleep(0)
        raise RuntimeError("async boom")

    hooks.register(HookEvent.ERROR, bad_sync if kind == "sync" else bad_async)
    hooks.register(HookEvent.ERROR, lambda ctx: ran.append("after"))
    with caplog.at_level(logging.ERROR, logger="nbagent.llm.hooks"):
        await hooks.emit(HookEvent.ERROR, HookContext(HookEvent.ERROR))
    assert ran == ["after"]
    (record,) = caplog.records
    name = "bad_sync" if kind == "sync" else "bad_async"
    assert record.levelno == logging.ERROR
    assert f"{name} on error raised RuntimeError: {kind} boom" in record.getMessage()
    assert record.exc_info is not None


async def test_cancellation_from_a_hook_propagates() -> None:
    hooks = HookExecutor()

    async def cancel(ctx: HookContext) -> None:
        raise asyncio.CancelledError

    hooks.register(HookEvent.RETRY, cancel)
    with pytest.raises(asyncio.CancelledError):
        await hooks.emit(HookEvent.RETRY, HookContext(HookEvent.RETRY))


async def test_unregister_handles_and_decorator() -> None:
    hooks = HookExecutor()
    seen: list[str] = []

    @hooks.on(HookEvent.TOOL_CALL)
    def a(ctx: HookContext) -> None:
        seen.append("a")

    handle = hooks.register(HookEvent.TOOL_CALL, lambda ctx: seen.append("b"), name="b-hook")
    assert [h.name for h in hooks.handles(HookEvent.TOOL_CALL)][1] == "b-hook"
    assert hooks.handles(HookEvent.TOOL_CALL)[0].name.endswith(".a")
    await hooks.emit(HookEvent.TOOL_CALL, HookContext(HookEvent.TOOL_CALL))
    assert hooks.unregister(handle) is True
    assert hooks.unregister(handle) is False
    await hooks.emit(HookEvent.TOOL_CALL, HookContext(HookEvent.TOOL_CALL))
    assert seen == ["a", "b", "a"]
    hooks.clear(HookEvent.TOOL_CALL)
    assert len(hooks) == 0


async def test_hook_registering_during_emit_does_not_run_this_time() -> None:
    hooks = HookExecutor()
    seen: list[str] = []

    def adder(ctx: HookContext) -> None:
        seen.append("adder")
        hooks.register(HookEvent.TURN_END, lambda c: seen.append("late"))

    hooks.register(HookEvent.TURN_END, adder)
    await hooks.emit(HookEvent.TURN_END, HookContext(HookEvent.TURN_END))
    assert seen == ["adder"]
    await hooks.emit(HookEvent.TURN_END, HookContext(HookEvent.TURN_END))
    assert seen == ["adder", "adder", "late"]
