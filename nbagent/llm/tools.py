"""Tools the model may call: the ``@tool`` decorator and the :class:`ToolRegistry` that runs them.

::

    @tool(result_semantic=ResultSemantic.FACTUAL)
    def get_weather(city: str, units: Literal["metric", "imperial"] = "metric") -> dict[str, Any]:
        \"\"\"Current weather of a city.

        Args:
            city: City name, e.g. "Paris".
            units: Unit system of the numbers.
        \"\"\"

    registry = ToolRegistry([get_weather])
    results = await registry.invoke_all(response_tool_uses, timeout=30)

The input schema comes from the type hints (through pydantic) and the parameter texts from the
docstring (Google ``Args:`` or reST ``:param x:``); see :mod:`nbagent.llm._tool_schema`. Every
failure — an unknown name, arguments that fail the schema or are not JSON at all, an exception
(``SystemExit`` and ``KeyboardInterrupt`` included: only cancellation propagates), a timeout —
comes back as an error :class:`ToolCallResult` the model can read and act on;
:meth:`ToolRegistry.invoke_all` never raises for a tool's sake.

The module is also where nbagent's threads meet its event loop, read top to bottom: the tools;
then synchronous work off the loop; then the loop itself, run for synchronous code.

- Sync tools run in nbagent's own bounded thread pool (threads named ``nbagent-tool-N``), never
  in the event loop's default executor: a tool that hangs past its timeout keeps its thread, and
  would otherwise starve everything else that uses ``asyncio.to_thread`` (the SQLite store among
  them). nbagent's own CPU-heavy steps go to that executor (:func:`off_loop`): they end.
- The sync bridge (:func:`run_sync`, :func:`iterate_sync`, :func:`submit_background`,
  :func:`sync_twin`): every ``x_sync`` twin runs its coroutine on one dedicated background
  thread that owns its own event loop, and blocks the caller until it finishes. The caller's loop
  is never re-entered (no ``run_until_complete`` on a running loop, no nest_asyncio), so the
  twins work in a notebook cell, in a script and in a test that already runs a loop. That loop
  is the one every session's coroutines share, which is why a long synchronous step goes off it.
  A ``SystemExit`` or ``KeyboardInterrupt`` raised inside a coroutine never stops it:
  :func:`run_sync` hands it to its caller as the exception it is, and the loop thread keeps
  running whatever a task lets escape (asyncio re-raises those two out of ``run_forever``).
  Objects bound to a loop (an ``httpx.AsyncClient``'s connections) stay bound to the loop that
  first used them: drive one session either with ``await`` or with the ``_sync`` twins, not both.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import functools
import inspect
import logging
import os
import threading
import time
import traceback
from collections.abc import (
    AsyncIterator,
    Callable,
    Coroutine,
    Generator,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from concurrent.futures import ThreadPoolExecutor
from enum import StrEnum
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from pydantic import BaseModel, ConfigDict, ValidationError

from nbagent.errors import ConfigurationError, ToolError
from nbagent.llm._checks import positive_int_problem, seconds_problem
from nbagent.llm._tool_schema import (
    arguments_model,
    described_function,
    docstring,
    field_name,
    input_schema,
)
from nbagent.llm._tool_text import (
    DEFAULT_MAX_RESULT_CHARS,
    cap_text,
    parse_docstring,
    serialise_result,
)
from nbagent.llm.messages import (
    ToolUseBlock,
    arguments_problem,
    invalid_arguments_text,
    parse_tool_arguments,
)
from nbagent.llm.request import ResultSemantic, ToolDefinition

logger = logging.getLogger("nbagent.llm.tools")

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")

TOOL_WORKERS = 32
"""Threads of a :class:`ToolPool`. A tool still running after its timeout holds one until it
returns; when all are held, further sync calls of that pool time out without starting."""


class ToolPool:
    """The threads sync tools run in, at most ``workers`` (default :data:`TOOL_WORKERS`).

    Each session has its own (:class:`~nbagent.agent.session.AgentSession` hands it to every
    turn's cycle): a thread cannot be killed, so a tool that hangs past its timeout holds its
    thread until it returns, and with one pool for every session one session's hung tools would
    make every other session's tools time out without starting. Tools run outside a session
    (a bare :class:`~nbagent.llm.cycle.LlmCycle`, :meth:`ToolRegistry.invoke`) share the
    process's pool. Threads are made on first use (importing nbagent starts nothing) and the
    pool again in a forked child, which inherits the object but none of its threads."""

    def __init__(self, workers: int | None = None, *, name: str = "nbagent-tool") -> None:
        if (problem := positive_int_problem("ToolPool workers", workers)) is not None:
            raise ConfigurationError(problem)
        self.workers = TOOL_WORKERS if workers is None else workers
        self.name = name
        self._lock = threading.Lock()
        self._pool: tuple[int, ThreadPoolExecutor] | None = None

    def executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None or self._pool[0] != os.getpid():
                pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix=self.name)
                self._pool = (os.getpid(), pool)
            return self._pool[1]

    def shutdown(self) -> None:
        """Let go of the threads: calls already handed to the pool still run (a turn still
        running is not failed), a tool past its timeout finishes in its thread and is dropped;
        the next call starts a new pool."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None and pool[0] == os.getpid():
            pool[1].shutdown(wait=False)

    def __getstate__(self) -> dict[str, Any]:
        # A session crosses processes (a tuning grid's replays come back pickled): its threads
        # stay where they run, and the copy makes its own on first use.
        return {"workers": self.workers, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.workers, self.name = state["workers"], state["name"]
        self._lock = threading.Lock()
        self._pool = None

    def __repr__(self) -> str:
        return f"ToolPool(workers={self.workers}, name={self.name!r})"


PROCESS_TOOL_POOL = ToolPool()
"""The pool of tools run outside a session."""


class Tool(Generic[P, R]):
    """A function with the schema and settings the model needs; calling it calls the function."""

    def __init__(
        self,
        fn: Callable[P, R],
        *,
        name: str | None = None,
        description: str | None = None,
        result_semantic: ResultSemantic = ResultSemantic.MIXED,
        timeout: float | None = None,
        key_fields: Sequence[str] = (),
    ) -> None:
        label = name or getattr(fn, "__name__", "")
        if (problem := seconds_problem("timeout", timeout)) is not None:
            raise ConfigurationError(f"invalid tool {label!r}: {problem}")
        # A lone string is one field, not its letters.
        fields = (key_fields,) if isinstance(key_fields, str) else tuple(key_fields)
        if not all(isinstance(f, str) and f.strip() for f in fields):
            raise ConfigurationError(
                f"invalid tool {label!r}: key_fields must be field names of its result, e.g. "
                f"key_fields=('confirmation',), got {key_fields!r}"
            )
        self.key_fields: tuple[str, ...] = tuple(f.strip() for f in fields)
        self.fn = fn
        self.name: str = name or str(getattr(fn, "__name__", ""))
        self.result_semantic = ResultSemantic(result_semantic)
        self.timeout = timeout
        target = described_function(fn)
        self.is_async = inspect.iscoroutinefunction(target)
        doc = parse_docstring(docstring(fn, target))
        self.description = description if description is not None else doc.description
        self._signature = inspect.signature(fn)
        self._arguments_model = arguments_model(target, self.name, self._signature, doc.params)
        self.input_schema: dict[str, Any] = input_schema(self._arguments_model)
        try:
            self._definition = ToolDefinition(
                name=self.name,
                description=self.description,
                input_schema=self.input_schema,
                result_semantic=self.result_semantic,
                key_fields=self.key_fields,
            )
        except ValidationError as e:
            raise ToolError(
                f"tool name {self.name!r} is not accepted by providers: use 1-64 letters, digits, "
                "'_' or '-' (pass name=... to @tool)"
            ) from e

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.fn(*args, **kwargs)

    def definition(self) -> ToolDefinition:
        return self._definition

    def validate(self, arguments: Mapping[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """Check ``arguments`` against the schema; return positional and keyword arguments."""
        values = self._arguments_model.model_validate(dict(arguments))
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for param in self._signature.parameters.values():
            value = getattr(values, field_name(param.name))
            if param.kind is inspect.Parameter.POSITIONAL_ONLY:
                args.append(value)
            else:
                kwargs[param.name] = value
        return args, kwargs

    async def run(self, arguments: Mapping[str, Any], pool: ToolPool | None = None) -> Any:
        """Validate ``arguments`` and run the tool (a sync tool in a thread of ``pool``, by
        default the process's :data:`PROCESS_TOOL_POOL`)."""
        args, kwargs = self.validate(arguments)
        fn: Callable[..., Any] = self.fn
        if self.is_async:
            result: Any = await fn(*args, **kwargs)
        else:
            # What asyncio.to_thread does, on the tool pool instead of the default executor.
            call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
            executor = (pool or PROCESS_TOOL_POOL).executor()
            result = await asyncio.get_running_loop().run_in_executor(executor, call)
        if inspect.isawaitable(result):
            result = await result
        return result

    def __repr__(self) -> str:
        keys = f", key_fields={self.key_fields!r}" if self.key_fields else ""
        return f"Tool(name={self.name!r}, result_semantic={self.result_semantic.value!r}{keys})"


@overload
def tool(fn: Callable[P, R], /) -> Tool[P, R]: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    result_semantic: ResultSemantic = ResultSemantic.MIXED,
    timeout: float | None = None,
    key_fields: Sequence[str] = (),
) -> Callable[[Callable[P, R]], Tool[P, R]]: ...


def tool(
    fn: Callable[P, R] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    result_semantic: ResultSemantic = ResultSemantic.MIXED,
    timeout: float | None = None,
    key_fields: Sequence[str] = (),
) -> Tool[P, R] | Callable[[Callable[P, R]], Tool[P, R]]:
    """Make a function a :class:`Tool`: ``@tool`` or ``@tool(name=..., timeout=...)``.

    ``timeout`` (seconds) overrides the timeout :meth:`ToolRegistry.invoke_all` is given.
    ``key_fields`` names the fields of the result that are facts to keep (see
    :attr:`ToolDefinition.key_fields`): keys of a JSON result at any depth (``"a.b"``: ``b``
    inside ``a``), or ``key: value`` lines of a text result.
    """

    def wrap(f: Callable[P, R]) -> Tool[P, R]:
        return Tool(
            f,
            name=name,
            description=description,
            result_semantic=result_semantic,
            timeout=timeout,
            key_fields=key_fields,
        )

    return wrap if fn is None else wrap(fn)


class ToolErrorKind(StrEnum):
    """Why a tool call failed."""

    UNKNOWN_TOOL = "unknown_tool"
    INVALID_ARGUMENTS = "invalid_arguments"
    EXCEPTION = "exception"
    TIMEOUT = "timeout"


class ToolCallResult(BaseModel):
    """The outcome of one tool call, ready to go back to the model as a tool-result message."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tool_use_id: str
    tool_name: str
    content: str
    is_error: bool = False
    error_kind: ToolErrorKind | None = None
    truncated_chars: int = 0
    """How many characters of the serialised result were cut by ``max_result_chars``."""
    duration_s: float = 0.0


class ToolRegistry:
    """Named tools, their definitions for requests, and concurrent invocation.

    ``max_result_chars`` caps every result sent back (a marker says how much was cut);
    ``include_traceback`` adds the traceback to exception results (off: the model rarely needs it
    and it costs tokens).
    """

    def __init__(
        self,
        tools: Iterable[Tool[..., Any] | Callable[..., Any]] = (),
        *,
        max_result_chars: int = DEFAULT_MAX_RESULT_CHARS,
        include_traceback: bool = False,
    ) -> None:
        if (
            isinstance(max_result_chars, bool)
            or not isinstance(max_result_chars, int)
            or max_result_chars < 100
        ):
            raise ConfigurationError(
                f"max_result_chars must be an integer of at least 100 characters, got "
                f"{max_result_chars!r}"
            )
        if not isinstance(include_traceback, bool):
            raise ConfigurationError(
                f"include_traceback must be True or False, got {include_traceback!r}"
            )
        self.max_result_chars = max_result_chars
        self.include_traceback = include_traceback
        self._tools: dict[str, Tool[..., Any]] = {}
        for t in tools:
            self.register(t)

    def register(
        self, fn_or_tool: Tool[P, R] | Callable[P, R], *, replace: bool = False
    ) -> Tool[P, R]:
        """Add a tool (a plain function is wrapped with ``@tool`` defaults); return it."""
        t = fn_or_tool if isinstance(fn_or_tool, Tool) else Tool(fn_or_tool)
        if t.name in self._tools and not replace:
            raise ToolError(
                f"a tool named {t.name!r} is already registered; pass replace=True to replace it "
                "or give the new one another name"
            )
        self._tools[t.name] = t
        return t

    def tool(self, fn: Callable[P, R], /) -> Tool[P, R]:
        """Decorator form of :meth:`register` with ``@tool`` defaults."""
        return self.register(fn)

    def unregister(self, name: str) -> bool:
        return self._tools.pop(name, None) is not None

    def get(self, name: str) -> Tool[..., Any] | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[Tool[..., Any]]:
        return iter(list(self._tools.values()))

    def definitions(self) -> list[ToolDefinition]:
        return [t.definition() for t in self._tools.values()]

    def semantics(self) -> dict[str, ResultSemantic]:
        return {name: t.result_semantic for name, t in self._tools.items()}

    async def invoke_all(
        self,
        calls: Sequence[ToolUseBlock],
        timeout: float | None = None,
        pool: ToolPool | None = None,
    ) -> list[ToolCallResult]:
        """Run ``calls`` concurrently; results come back in the order of ``calls``.

        ``timeout`` (seconds) applies to each call unless its tool sets its own. A sync tool that
        times out keeps running in its thread of ``pool`` (threads cannot be killed); its result
        is dropped.
        """
        return list(await asyncio.gather(*(self.invoke(call, timeout, pool) for call in calls)))

    async def invoke(
        self, call: ToolUseBlock, timeout: float | None = None, pool: ToolPool | None = None
    ) -> ToolCallResult:
        """Run one call; never raises for the tool's sake (cancellation still propagates).

        A call whose input :func:`~nbagent.llm.messages.parse_tool_arguments` could not read
        (the model's text was not a JSON object) gets an error result; the tool does not run.
        """
        return await self.invoke_raw(
            call.name, call.input, call_id=call.id, timeout=timeout, pool=pool
        )

    async def invoke_raw(
        self,
        name: str,
        arguments: Mapping[str, Any] | str,
        *,
        call_id: str = "",
        timeout: float | None = None,
        pool: ToolPool | None = None,
    ) -> ToolCallResult:
        """Run tool ``name`` with a dict or a JSON text of arguments.

        Arguments that are not a JSON object never run the tool (its defaults could do what the
        model did not ask for): the result is an error that quotes what was received.
        """
        start = time.perf_counter()

        def result(text: str, kind: ToolErrorKind | None = None) -> ToolCallResult:
            content, cut = cap_text(text, self.max_result_chars)
            return ToolCallResult(
                tool_use_id=call_id,
                tool_name=name,
                content=content,
                is_error=kind is not None,
                error_kind=kind,
                truncated_chars=cut,
                duration_s=time.perf_counter() - start,
            )

        t = self._tools.get(name)
        if t is None:
            available = ", ".join(sorted(self._tools)) or "none"
            return result(
                f"Unknown tool {name!r}. Available tools: {available}.", ToolErrorKind.UNKNOWN_TOOL
            )
        if isinstance(arguments, str):
            arguments = parse_tool_arguments(arguments)
        raw = invalid_arguments_text(arguments)
        if raw is not None:
            logger.warning(
                "tool %r was sent arguments that are not a JSON object: %.200r", name, raw
            )
            return result(_invalid_json_text(name, raw), ToolErrorKind.INVALID_ARGUMENTS)
        parsed = dict(arguments)
        limit = t.timeout if t.timeout is not None else timeout
        try:
            async with asyncio.timeout(limit) as scope:
                value = await t.run(parsed, pool)
        except ValidationError as e:
            return result(_validation_text(name, e), ToolErrorKind.INVALID_ARGUMENTS)
        except TimeoutError as e:
            if scope.expired():
                logger.warning("tool %r timed out after %s s", name, limit)
                return result(
                    f"Tool {name!r} timed out after {limit:g} s and was abandoned. Try simpler "
                    "arguments or another approach.",
                    ToolErrorKind.TIMEOUT,
                )
            return result(self._exception_text(name, e), ToolErrorKind.EXCEPTION)
        except Exception as e:
            logger.warning("tool %r raised %s: %s", name, type(e).__name__, e)
            logger.debug("tool %r traceback", name, exc_info=True)
            return result(self._exception_text(name, e), ToolErrorKind.EXCEPTION)
        except asyncio.CancelledError:
            raise
        except BaseException as e:
            # SystemExit, KeyboardInterrupt, ...: let loose, they would stop the event loop
            # (and with it every later turn); for the model they are one more failed call.
            logger.error("tool %r raised %s: %s", name, type(e).__name__, e, exc_info=True)
            return result(self._exception_text(name, e), ToolErrorKind.EXCEPTION)
        try:
            return result(serialise_result(value))
        except Exception as e:
            return result(
                f"Tool {name!r} returned a value that could not be serialised "
                f"({type(e).__name__}: {e}).",
                ToolErrorKind.EXCEPTION,
            )

    def _exception_text(self, name: str, error: BaseException) -> str:
        message = str(error)
        text = f"Tool {name!r} raised {type(error).__name__}" + (f": {message}" if message else "")
        if self.include_traceback:
            text += "\n" + "".join(traceback.format_exception(error))
        return text

    def __repr__(self) -> str:
        return f"ToolRegistry({self.names()!r})"


def _invalid_json_text(name: str, raw: str) -> str:
    received = raw if len(raw) <= _RECEIVED_CHARS else raw[:_RECEIVED_CHARS] + "…"
    return (
        f"Invalid arguments for tool {name!r}: {arguments_problem(raw)}. The tool was not run. "
        f"Received ({len(raw)} characters): {received!r}. Send the arguments again as one "
        "complete JSON object."
    )


_RECEIVED_CHARS = 500
"""Characters of unreadable arguments quoted back to the model."""


def _validation_text(name: str, error: ValidationError) -> str:
    lines = [f"Invalid arguments for tool {name!r}:"]
    for item in error.errors(include_url=False):
        where = ".".join(str(part) for part in item["loc"]) or "(arguments)"
        got = "" if item["type"] == "missing" else f" (got {item['input']!r:.200})"
        lines.append(f"- {where}: {item['msg']}{got}")
    lines.append("Fix the arguments and call the tool again.")
    return "\n".join(lines)


# -- nbagent's own steps off the loop ------------------------------------------------------------
#
# Every session's coroutines run on one event loop (the sync twins' background loop, below, or a
# notebook's own): a synchronous step that computes for long there stalls every other session's
# turn meanwhile -- their streaming, their HTTP reads. ``off_loop`` runs such a step in a worker
# thread (the default executor: nbagent's own steps end, where a tool may hang and has its pool),
# and the loop serves the others while it runs. The step must work on data no other coroutine
# mutates meanwhile: its own session's (whose turn waits for it) or values nobody changes
# (frozen messages); what it shares with other sessions is the memos of pure functions
# (nbagent.llm.memo), safe across threads. A thread cannot be stopped, as a tool's cannot, so a
# cancellation waits for the step to end before it is raised (``finish_despite_cancel``):
# nothing is left running behind the loop's back over state the next turn reads. A hop costs
# about 60 us, so a step is sent only where it can take long: the summary's transcript and
# ledger, the offline provider's extractive summary, and, over more than OFF_LOOP_MESSAGES
# messages, microcompact's plan, the retention count and the request view (when that many are
# new to it: the first turn after opening a session). The thread still takes turns with the
# loop for the interpreter (the GIL, handed over every 5 ms): the others wait milliseconds.


OFF_LOOP_MESSAGES = 100
"""A step over at most this many messages runs on the loop: it takes a few milliseconds at most,
and a hop to a thread would be a good share of it."""


async def finish_despite_cancel(task: asyncio.Future[R]) -> R:
    """Wait for ``task`` to end; a cancellation meanwhile is raised only once it has.

    A store commit, or a step in a worker thread, cannot be stopped by a cancellation: waiting
    for it to end (and for the session to note what it did) is the only way the session and
    the store agree on whether the turn was saved, and the only way no thread still mutates
    the session's state when the next turn reads it.
    """
    cancelled: asyncio.CancelledError | None = None
    while True:
        try:
            result = await asyncio.shield(task)
        except asyncio.CancelledError as e:
            if task.done():  # the step itself was cancelled
                raise
            cancelled = e
            continue
        except BaseException as e:
            if cancelled is not None:
                raise cancelled from e
            raise
        if cancelled is not None:
            raise cancelled
        return result


async def off_loop(fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` in a worker thread (``asyncio.to_thread``), so the loop serves
    other sessions meanwhile; a cancellation is raised once it has returned."""
    return await finish_despite_cancel(
        asyncio.ensure_future(asyncio.to_thread(fn, *args, **kwargs))
    )


async def off_loop_over(
    messages: int, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs
) -> R:
    """:func:`off_loop` for a step over more than :data:`OFF_LOOP_MESSAGES` ``messages``; a
    smaller one is called here, on the loop."""
    if messages > OFF_LOOP_MESSAGES:
        return await off_loop(fn, *args, **kwargs)
    return fn(*args, **kwargs)


# -- the background loop: a session's coroutines run from synchronous code -------------------------
#
# The loop the sync twins run on (see the module docstring), one per process, on a daemon thread
# started on first use and again if it died.

_sync_logger = logging.getLogger("nbagent.agent.sync")  # the name the bridge always logged under

_loop_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_thread: threading.Thread | None = None


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop, _thread
    with _loop_lock:
        if _loop is None or _thread is None or not _thread.is_alive():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=_run_forever, args=(loop,), name="nbagent-sync-loop", daemon=True
            )
            thread.start()
            _loop, _thread = loop, thread
        return _loop


def _run_forever(loop: asyncio.AbstractEventLoop) -> None:
    """The loop thread's body: run ``loop`` until it is stopped, whatever a task raises.

    asyncio re-raises a ``SystemExit`` or ``KeyboardInterrupt`` from a task out of
    ``run_forever`` (after storing it in the task); ending the thread there would leave every
    awaiting caller blocked for good. The loop resumes instead, and the callers see the exception.
    """
    while True:
        try:
            loop.run_forever()
        except (KeyboardInterrupt, SystemExit) as e:
            _sync_logger.error(
                "a task on nbagent's background loop raised %s; the loop keeps running",
                type(e).__name__,
                exc_info=True,
            )
            continue
        return


def submit_background(coro: Coroutine[Any, Any, R]) -> concurrent.futures.Future[R]:
    """Start ``coro`` on the background loop without waiting; the caller's thread stays free
    (a widget's send button: the kernel keeps serving other cells while the turn streams)."""
    return asyncio.run_coroutine_threadsafe(coro, _background_loop())


CLOSE_GRACE = 5.0
"""Seconds an interrupted ``_sync`` call waits for its coroutine to finish cancelling."""

START_GRACE = 0.1
"""Seconds an interrupted ``_sync`` call waits for a coroutine that had not started yet (the
background loop was busy): cancelled at its first step, it has nothing to unwind."""


class _Escaped:
    """A ``SystemExit`` or ``KeyboardInterrupt`` on its way out of the loop to the caller."""

    def __init__(self, error: KeyboardInterrupt | SystemExit) -> None:
        self.error = error


def run_sync(coro: Coroutine[Any, Any, R]) -> R:
    """Run ``coro`` to completion on the background loop and return its result.

    An interrupt (Ctrl-C, a kernel interrupt) while waiting cancels the coroutine and waits (up to
    :data:`CLOSE_GRACE` seconds) until it has finished cancelling, so a turn has closed its stream
    and released its session before the interrupt reaches the caller (closing a stream that is
    still unwinding fails with "asynchronous generator is already running", and a turn still
    unwinding holds its session when the next cell starts one). A coroutine that had not started
    when the interrupt came (the loop was busy) is waited for only :data:`START_GRACE` seconds.
    """
    loop = _background_loop()
    if threading.current_thread() is _thread:
        coro.close()
        raise RuntimeError(
            "a _sync method was called from inside nbagent's background loop; await the "
            "async method instead"
        )
    started, finished = threading.Event(), threading.Event()

    async def guarded() -> R | _Escaped:
        started.set()
        try:
            return await coro
        except (KeyboardInterrupt, SystemExit) as e:
            # Returned, not raised: raised out of a task, asyncio lets them stop the loop.
            return _Escaped(e)
        finally:
            finished.set()

    future: concurrent.futures.Future[R | _Escaped] | None = None
    try:
        # Scheduled inside the try: an interrupt that lands right after still cancels it.
        future = asyncio.run_coroutine_threadsafe(guarded(), loop)
        outcome = future.result()
    except BaseException:
        if future is not None:
            future.cancel()
            if started.wait(START_GRACE):
                finished.wait(CLOSE_GRACE)
        raise
    if isinstance(outcome, _Escaped):
        raise outcome.error
    return outcome


def iterate_sync(agen: AsyncIterator[R]) -> Generator[R, None, None]:
    """Drive an async iterator on the background loop, one item at a time.

    Closing the generator (or leaving it by an exception) closes ``agen`` too, at once.
    """

    async def next_item() -> tuple[bool, R | None]:
        try:
            return True, await anext(agen)
        except StopAsyncIteration:
            return False, None

    async def close() -> None:
        aclose = getattr(agen, "aclose", None)
        if aclose is not None:
            await aclose()

    finished = False
    try:
        while True:
            more, item = run_sync(next_item())
            if not more:
                finished = True
                return
            yield item  # type: ignore[misc]  # item is a R whenever more is True
    finally:
        if not finished:
            run_sync(close())


def sync_twin(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[S, P], R]:
    """``method`` run to completion on nbagent's background loop (works in a running kernel):
    a session's ``x_sync`` twins of its coroutine methods, written once."""

    def twin(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return run_sync(method(self, *args, **kwargs))

    twin.__name__ = f"{method.__name__}_sync"
    twin.__qualname__ = f"{method.__qualname__}_sync"
    twin.__module__ = method.__module__
    twin.__doc__ = f"The sync twin of :meth:`{method.__name__}` (works in a running kernel)."
    return twin
