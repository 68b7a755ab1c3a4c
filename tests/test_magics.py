"""``%agent`` / ``%%agent`` through a real IPython ``InteractiveShell`` with the extension loaded.

Every model is the offline provider (scripted replies, ``latency`` for streaming), except the
API-key test, which talks to a loopback server. Outputs are captured with IPython's own
``capture_output``, which records display updates (``update=True``) as separate outputs.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import signal
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path
from typing import Any

import pytest
from IPython.core.error import UsageError
from IPython.core.interactiveshell import ExecutionResult, InteractiveShell
from IPython.utils.capture import CapturedIO, capture_output
from traitlets.config import Config

from nbagent.agent import run_sync, submit_background
from nbagent.agent.context import SlotMode
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ProviderError
from nbagent.llm import tools as loop_bridge
from nbagent.llm.compact import CompactConfig
from nbagent.llm.events import StreamEvent, TextDeltaEvent
from nbagent.llm.messages import UserMessage
from nbagent.llm.providers.offline import (
    FunctionProvider,
    OfflineProvider,
    Reply,
    stream_events,
)
from nbagent.llm.providers.registry import (
    BASE_URL_ENV_VARS,
    KEY_ENV_VARS,
    MODEL_ENV_VAR,
    PROVIDER_ENV_VAR,
)
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.notebook import magics as magics_module
from nbagent.notebook._html import markdown_to_safe_html
from nbagent.notebook.magics import AgentMagics, CellFailed, line_parser, split, turn_meta
from tests.agent_support import main_thread_waits_in_run_sync
from tests.wire_server import free_port, json_reply, wire_server_fixture  # noqa: F401

EXTENSION = "nbagent.notebook.extension"
LONG_REPLY = "The quick brown fox jumps over the lazy dog; then it naps in the sun."


def _shell() -> InteractiveShell:
    if InteractiveShell.initialized():
        return InteractiveShell.instance()
    config = Config()
    config.HistoryManager.hist_file = ":memory:"  # keep the test run out of ~/.ipython
    return InteractiveShell.instance(config=config)


@pytest.fixture
def ip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    """A shell with the extension loaded, in an empty folder, with no provider key set."""
    monkeypatch.chdir(tmp_path)
    for var in (*KEY_ENV_VARS.values(), *BASE_URL_ENV_VARS.values()):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv(PROVIDER_ENV_VAR, raising=False)
    monkeypatch.delenv(MODEL_ENV_VAR, raising=False)
    shell = _shell()
    # %config writes into the shell's config, which outlives an unload: start each test clean.
    shell.config.pop("AgentMagics", None)
    shell.run_line_magic("load_ext", EXTENSION)
    shell.run_line_magic("config", "AgentMagics.update_interval = 0")
    yield shell
    shell.run_line_magic("unload_ext", EXTENSION)
    shell.config.pop("AgentMagics", None)


def run(ip: InteractiveShell, code: str, *, fails: type[BaseException] | None = None) -> CapturedIO:
    """Run ``code`` as a cell; it succeeds, or fails with ``fails`` (and no traceback shown)."""
    with capture_output() as captured:
        result: ExecutionResult = ip.run_cell(code)
    assert result.error_before_exec is None, result.error_before_exec
    if fails is None:
        assert result.error_in_exec is None, result.error_in_exec
    else:
        assert isinstance(result.error_in_exec, fails), result.error_in_exec
    assert "Traceback" not in captured.stdout + captured.stderr
    return captured


def magics(ip: InteractiveShell) -> AgentMagics:
    found = ip.magics_manager.registry["AgentMagics"]
    assert isinstance(found, AgentMagics)
    return found


def session(ip: InteractiveShell, session_id: str | None = None) -> AgentSession:
    return magics(ip).book.get(session_id)


def provider(ip: InteractiveShell, session_id: str | None = None) -> OfflineProvider:
    found = session(ip, session_id).bundle.provider
    assert isinstance(found, OfflineProvider)
    return found


def everything(captured: CapturedIO) -> str:
    """All text a user could see: streams and every mime type of every output."""
    data = [str(v) for o in captured.outputs for v in o.data.values()]
    return "\n".join([captured.stdout, captured.stderr, *data])


def last_prompt(p: OfflineProvider) -> str:
    turn_requests = [r for r in p.requests if r.metadata.get("purpose") != "summary"]
    last = turn_requests[-1].messages[-1]
    assert isinstance(last, UserMessage)
    return last.text()


# -- loading ------------------------------------------------------------------------------------


def test_load_registers_a_configurable_line_and_cell_magic(ip: InteractiveShell) -> None:
    found = ip.magics_manager.magics
    assert found["line"]["agent"].__self__ is magics(ip)
    assert found["cell"]["agent"].__self__ is magics(ip)
    assert magics(ip) in ip.configurables
    assert magics(ip).update_interval == 0


def test_unload_removes_the_magics_and_closes_the_sessions(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    book = magics(ip).book
    ip.run_line_magic("unload_ext", EXTENSION)
    try:
        assert "agent" not in ip.magics_manager.magics["line"]
        assert "agent" not in ip.magics_manager.magics["cell"]
        assert not any(isinstance(c, AgentMagics) for c in ip.configurables)
        assert book.sessions == {} and book.default_id is None
        with capture_output() as captured:
            ip.run_cell("%agent help")
        assert "agent" in captured.stderr and "not found" in captured.stderr
    finally:
        ip.run_line_magic("load_ext", EXTENSION)


def test_loading_twice_keeps_one_magics_object(ip: InteractiveShell) -> None:
    first = magics(ip)
    from nbagent.notebook.extension import load_ipython_extension

    load_ipython_extension(ip)
    assert magics(ip) is first
    assert sum(isinstance(c, AgentMagics) for c in ip.configurables) == 1


def test_load_ext_nbagent_from_the_package_root(ip: InteractiveShell) -> None:
    """``%load_ext nbagent`` needs the root to re-export the two extension functions."""
    ip.run_line_magic("unload_ext", EXTENSION)
    try:
        ip.run_line_magic("load_ext", "nbagent")
        assert isinstance(ip.magics_manager.registry.get("AgentMagics"), AgentMagics)
        ip.run_line_magic("unload_ext", "nbagent")
        assert "agent" not in ip.magics_manager.magics["line"]
    finally:
        ip.run_line_magic("load_ext", EXTENSION)


# -- help and bad arguments ---------------------------------------------------------------------


@pytest.mark.parametrize("line", ["%agent help", "%agent"])
def test_help_lists_every_command(ip: InteractiveShell, line: str) -> None:
    out = run(ip, line).stdout
    for command in ("new", "config", "tokens", "compaction", "timeline", "watermark"):
        assert f"  {command} " in out
    for command in ("summary", "history", "reset", "sessions", "help"):
        assert f"  {command} " in out
    assert "%%agent [--no-stream] [--session ID] [--raw]" in out


def test_help_shows_every_option_each_command_accepts(ip: InteractiveShell) -> None:
    out = run(ip, "%agent help").stdout
    commands = next(
        a.choices for a in line_parser()._actions if isinstance(a, argparse._SubParsersAction)
    )
    for name, parser in commands.items():
        for action in parser._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert flag in out, f"%agent {name} {flag} is not in %agent help"
    for usage in ("%agent new [--provider SPEC]", "[--tools NAME]", "%agent history [--last N]"):
        assert usage in out
    assert "%agent sessions [--store PATH|URL]" in out
    assert "|reset|chat [--session ID]" in out


def test_subcommand_help_prints_its_options(ip: InteractiveShell) -> None:
    captured = run(ip, "%agent config --help")
    assert "--trigger-ratio R" in captured.stdout and "--watermark {context,cumulative}" in (
        captured.stdout
    )
    assert captured.stderr == ""


def test_new_help_says_the_store_takes_a_postgresql_url(ip: InteractiveShell) -> None:
    out = " ".join(run(ip, "%agent new --help").stdout.split())
    assert "--store PATH|URL" in out
    assert "postgresql://user@host/db URL" in out and "nbagent[postgres]" in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("%agent bogus", "invalid choice: 'bogus'"),
        ("%agent config --trigger-ratio 2", "'2' is not in (0, 1]"),
        ("%agent config --max-context lots", "'lots' is not a whole number"),
        ("%agent config --watermark tide", "invalid choice: 'tide'"),
        ("%agent config --off --on", "not allowed with argument --off"),
        ('%agent new --system "unclosed', "close the quotes"),
        ("%agent tokens --nope", "unrecognized arguments: --nope"),
        ("%agent new --provider nonsense:x", "Unknown provider 'nonsense'"),
        ("%agent new --tools missing_tools", "no variable 'missing_tools'"),
        ("%%agent --stream-fast\nhi", "unrecognized arguments: --stream-fast"),
        ('%%agent --session ""\nhi', "the session id is empty"),
        ('%agent tokens --session " "', "the session id is empty"),
    ],
)
def test_bad_arguments_print_a_usage_error_not_a_traceback(
    ip: InteractiveShell, line: str, message: str
) -> None:
    captured = run(ip, line, fails=UsageError)
    assert message in captured.stderr
    assert captured.outputs == []


def test_usage_error_shows_the_usage_of_the_subcommand(ip: InteractiveShell) -> None:
    err = run(ip, "%agent config --debounce -1", fails=UsageError).stderr
    assert err.startswith("UsageError: argument --debounce: '-1' must be >= 0")
    assert "usage: %agent config" in err


def test_inspecting_before_any_session_says_what_to_do(ip: InteractiveShell) -> None:
    for line in ("%agent tokens", "%agent summary", "%agent history", "%agent config"):
        err = run(ip, line, fails=UsageError).stderr
        assert "no agent session yet: run `%agent new` or a `%%agent` cell first" in err


# -- sessions -----------------------------------------------------------------------------------


def test_new_without_a_key_uses_offline_and_says_so_once(ip: InteractiveShell) -> None:
    first = run(ip, "%agent new").stdout
    second = run(ip, "%agent new").stdout
    assert first.count("using the offline demo provider") == 1
    assert "using the offline demo provider" not in second
    assert "Session 'chat-1' (new) · offline:offline-demo" in first
    assert "Session 'chat-2' (new) · offline:offline-demo" in second
    assert magics(ip).book.default_id == "chat-2"


def test_offline_named_in_the_environment_needs_no_notice(
    ip: InteractiveShell, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PROVIDER_ENV_VAR, "offline")
    out = run(ip, "%agent new").stdout
    assert "No provider key found" not in out
    assert "Session 'chat-1' (new) · offline:offline-demo" in out


def test_first_cell_without_a_session_opens_one_offline(ip: InteractiveShell) -> None:
    captured = run(ip, "%%agent\nhello")
    assert "using the offline demo provider" in captured.stdout
    assert session(ip).session_id == "chat-1"
    assert session(ip).turn_index == 1


def test_config_default_provider_is_used_and_needs_no_notice(ip: InteractiveShell) -> None:
    run(ip, '%config AgentMagics.default_provider = "offline:tutor"')
    assert magics(ip).default_provider == "offline:tutor"
    out = run(ip, "%agent new").stdout
    assert "offline:offline-tutor" in out
    assert "using the offline demo provider" not in out


def test_new_with_options_and_resume_after_a_restart(ip: InteractiveShell, tmp_path: Path) -> None:
    store = tmp_path / "elsewhere.sqlite3"
    run(ip, f'%agent new --provider offline --session trip --system "Be brief." --store {store}')
    provider(ip).enqueue("Kyoto it is.")
    run(ip, "%%agent\nWhere to?")
    assert provider(ip).requests[-1].messages[0].text() == "Be brief."
    assert session(ip).session_id == "trip" and store.exists()
    # A kernel restart: unload (closes the store), load, open the same id again.
    ip.run_line_magic("unload_ext", EXTENSION)
    ip.run_line_magic("load_ext", EXTENSION)
    out = run(ip, f"%agent new --provider offline --session trip --store {store}").stdout
    assert "Session 'trip' (resumed at turn 1)" in out
    assert [m.text() for m in session(ip).slot.messages] == ["Where to?", "Kyoto it is."]


def test_model_option_is_sent_with_each_request(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline --model offline-small")
    run(ip, "%%agent\nhi")
    assert provider(ip).requests[-1].model == "offline-small"


def test_named_sessions_coexist_and_the_last_new_one_is_the_default(
    ip: InteractiveShell,
) -> None:
    run(ip, "%agent new --provider offline --session a")
    run(ip, "%agent new --provider offline --session b")
    run(ip, "%%agent --session a\nfor a")
    run(ip, "%%agent\nfor the default")
    assert [m.text() for m in session(ip, "a").slot.messages][::2] == ["for a"]
    assert [m.text() for m in session(ip, "b").slot.messages][::2] == ["for the default"]
    # A cell naming a session not open yet opens it without changing the default.
    run(ip, "%%agent --session c\nfor c")
    assert session(ip, "c").turn_index == 1
    assert magics(ip).book.default_id == "b"


def test_sessions_lists_stored_and_open_sessions(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline --session one")
    run(ip, "%%agent\nhello")
    run(ip, "%agent new --provider offline --session two")
    captured = run(ip, "%agent sessions")
    table = captured.outputs[-1].data["text/plain"]
    rows = [line.split() for line in table.splitlines()[1:]]
    assert [r[1:] for r in rows] == [
        ["one", "1", "2", "False", "True", "False"],
        ["two", "0", "0", "False", "True", "True"],
    ]
    assert "Sessions in" in captured.stdout


def test_reset_starts_a_fresh_default_session_with_the_same_settings(
    ip: InteractiveShell,
) -> None:
    run(ip, '%agent new --provider offline --session first --system "Terse."')
    run(ip, "%%agent\nhello")
    old = session(ip)
    out = run(ip, "%agent reset").stdout
    new = session(ip)
    assert new.session_id == "chat-1" and new.turn_index == 0
    assert new.bundle is old.bundle
    assert "'first' stays stored" in out
    assert old.turn_index == 1 and len(old.slot) == 2


# -- %%agent ------------------------------------------------------------------------------------


def test_reply_streams_into_one_display_updated_in_place(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    provider(ip).latency = 0.002
    provider(ip).enqueue(LONG_REPLY)
    outputs = run(ip, "%%agent\nhello").outputs
    ids = {o.transient["display_id"] for o in outputs}
    assert len(ids) == 1
    assert [o.update for o in outputs] == [False] + [True] * (len(outputs) - 1)
    streamed = [o.data["text/plain"] for o in outputs[1:-1]]
    assert len(streamed) >= 5
    assert all(LONG_REPLY.startswith(text) for text in streamed)
    assert [len(t) for t in streamed] == sorted({len(t) for t in streamed})
    assert all("▌" in o.data["text/html"] for o in outputs[:-1])
    final = outputs[-1].data
    assert final["text/plain"] == LONG_REPLY
    assert markdown_to_safe_html(LONG_REPLY) in final["text/html"]
    assert "▌" not in final["text/html"]
    assert "turn 0 · context ≈" in final["text/html"]


def test_no_stream_shows_the_reply_once_complete(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    provider(ip).enqueue(LONG_REPLY)
    outputs = run(ip, "%%agent --no-stream\nhello").outputs
    assert [o.update for o in outputs] == [False, True]
    assert outputs[-1].data["text/plain"] == LONG_REPLY
    assert session(ip).timeline[-1].streamed is False


def test_stream_trait_off_means_no_streaming(ip: InteractiveShell) -> None:
    run(ip, "%config AgentMagics.stream = False")
    outputs = run(ip, "%%agent\nhello").outputs
    assert [o.update for o in outputs] == [False, True]


def test_reply_markdown_is_rendered_and_html_escaped(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    provider(ip).enqueue(
        "**Bold** and <script>alert(1)</script> and <img src=x onerror=alert(2)>\n\n- a\n- b"
    )
    final = run(ip, "%%agent\nhello").outputs[-1].data["text/html"]
    assert "<strong>Bold</strong>" in final
    assert "<ul><li>a</li><li>b</li></ul>" in final
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in final
    assert "&lt;img src=x onerror=alert(2)&gt;" in final
    assert "<script" not in final and "<img" not in final


def test_names_in_braces_expand_from_the_notebook(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    run(ip, "city = 'Kyoto'\ndays = [3, 4]")
    run(ip, "%%agent\n{days[0]} days in {city}, {{not a name}}")
    assert last_prompt(provider(ip)) == "3 days in Kyoto, {not a name}"


def test_raw_sends_the_braces_as_written(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    run(ip, '%%agent --raw\nParse {"city": {name}}')
    assert last_prompt(provider(ip)) == 'Parse {"city": {name}}'


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("Tell me about {nowhere}", "no variable 'nowhere' in the notebook"),
        ('Parse {"a": 1}', "cannot expand the braces in the cell"),
    ],
)
def test_bad_braces_are_a_clear_error_and_send_nothing(
    ip: InteractiveShell, body: str, message: str
) -> None:
    run(ip, "%agent new --provider offline")
    captured = run(ip, f"%%agent\n{body}", fails=UsageError)
    assert message in captured.stderr and "--raw" in captured.stderr
    assert captured.outputs == []
    assert provider(ip).calls == 0 and session(ip).turn_index == 0


class Unprintable:
    def __format__(self, spec: str) -> str:
        raise RuntimeError("no text for you")


def test_a_value_that_cannot_be_formatted_is_a_usage_error(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    ip.user_ns["thing"] = Unprintable()
    captured = run(ip, "%%agent\nabout {thing}", fails=UsageError)
    assert "cannot expand the braces in the cell (RuntimeError: no text for you)" in captured.stderr
    assert provider(ip).calls == 0


def test_an_empty_cell_is_a_usage_error(ip: InteractiveShell) -> None:
    captured = run(ip, "%%agent\n   \n", fails=UsageError)
    assert "the cell is empty" in captured.stderr
    assert magics(ip).book.sessions == {}


def weather(city: str) -> str:
    """Today's weather in a city."""
    return f"Sunny in {city} <b>24C</b>"


def test_tool_calls_show_as_collapsible_blocks_with_arguments_and_results(
    ip: InteractiveShell,
) -> None:
    ip.user_ns["my_tools"] = [weather]
    run(ip, "%agent new --provider offline --tools my_tools")
    outputs = run(ip, "%%agent\nWhat is the weather in Paris?").outputs
    final = outputs[-1].data["text/html"]
    block = final[final.index("<details") : final.index("</details>")]
    assert "<code>weather</code>" in block
    assert "&quot;city&quot;: &quot;Paris&quot;" in block
    assert "Sunny in Paris &lt;b&gt;24C&lt;/b&gt;" in block
    assert "· done</summary>" in block
    assert "[tool weather" in outputs[-1].data["text/plain"]
    # While streaming, the block appeared with its result before the final answer.
    assert any("Sunny in Paris" in o.data["text/html"] for o in outputs[1:-1])


def test_show_tool_calls_off_hides_the_blocks(ip: InteractiveShell) -> None:
    ip.user_ns["my_tools"] = [weather]
    run(ip, "%config AgentMagics.show_tool_calls = False")
    run(ip, "%agent new --provider offline --tools my_tools")
    final = run(ip, "%%agent\nWhat is the weather in Paris?").outputs[-1].data
    assert "<details" not in final["text/html"]
    assert "Here is what I found" in final["text/plain"]


def test_a_summary_fired_by_the_turn_shows_under_the_reply(ip: InteractiveShell) -> None:
    run(ip, "%config AgentMagics.max_context_tokens = 10")
    run(ip, "%config AgentMagics.debounce_turns = 0")
    run(ip, "%agent new --provider offline")
    provider(ip).enqueue(LONG_REPLY)
    outputs = run(ip, "%%agent\nPlan a long trip through Japan, please.").outputs
    record = session(ip).timeline[-1]
    assert record.summary_fired and record.summary
    card = outputs[-1]
    assert card.update is False and card.transient == {}  # its own output, not the reply's
    assert "Summary (turn 0)" in card.data["text/html"]
    assert markdown_to_safe_html(record.summary) in card.data["text/html"]
    assert "summary made" in outputs[-2].data["text/html"]


def test_a_failed_turn_shows_one_line_and_leaves_the_history(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    run(ip, "%%agent\nfirst")
    before = list(session(ip).slot.messages)
    provider(ip).enqueue(ProviderError("model overloaded <b>now</b>\ntry later"))
    captured = run(ip, "%%agent\nsecond", fails=CellFailed)
    # The cell fails (Run All stops here) with one line, after the reply area shows the error.
    assert captured.stdout.strip().splitlines() == [
        "ProviderError: model overloaded <b>now</b> try later (the turn was not saved)"
    ]
    final = captured.outputs[-1].data
    assert final["text/plain"] == "ProviderError: model overloaded <b>now</b> try later"
    assert (
        "⚠ ProviderError: model overloaded &lt;b&gt;now&lt;/b&gt; try later" in final["text/html"]
    )
    assert "the turn was not saved" in final["text/html"]
    assert list(session(ip).slot.messages) == before
    assert session(ip).turn_index == 1


def interrupt_the_main_thread() -> None:
    """A real SIGINT (a kernel interrupt) to the main thread: it wakes a blocked wait."""
    main = threading.main_thread().ident
    assert main is not None
    signal.pthread_kill(main, signal.SIGINT)


async def interrupt_the_cell() -> None:
    """From inside a turn: interrupt the cell once it waits on the background loop, then wait
    (on an event never set) until the interrupt cancels the turn."""
    async with asyncio.timeout(30):  # a bound for a broken test, not expected to fire
        while not main_thread_waits_in_run_sync():
            await asyncio.sleep(0.001)
    interrupt_the_main_thread()
    await asyncio.Event().wait()


def run_interrupted(ip: InteractiveShell, cell: str) -> CapturedIO:
    """Run ``cell``, whose turn interrupts it from inside (:func:`interrupt_the_cell`), so it
    stops with the KeyboardInterrupt; it may wait as long as the turn needs to unwind (and no
    longer: the wait ends when the turn has)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop_bridge, "CLOSE_GRACE", 30.0)
        with capture_output() as captured:
            result = ip.run_cell(cell)
    assert isinstance(result.error_in_exec, KeyboardInterrupt), result.error_in_exec
    return captured


class Interrupting(OfflineProvider):
    """Interrupts the cell from inside the turn, when ``interrupt`` is set (once): a stream
    after its first text delta, a plain request once it has its reply."""

    interrupt = False

    def _interrupts(self) -> bool:
        interrupt, self.interrupt = self.interrupt, False
        return interrupt

    async def chat(self, request: MessageRequest) -> MessageResponse:
        response = await super().chat(request)
        if self._interrupts():
            await interrupt_the_cell()
        return response

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        response = await super().chat(request)
        interrupts = self._interrupts()
        for event in stream_events(response, self.chunk_size):
            yield event
            if interrupts and isinstance(event, TextDeltaEvent):
                interrupts = False
                await interrupt_the_cell()


def test_an_interrupt_shows_a_line_discards_the_turn_and_stops_the_cell(
    ip: InteractiveShell,
) -> None:
    """A kernel interrupt (SIGINT to the main thread) while the reply streams."""
    talker = Interrupting(["word " * 400, "after the interrupt"])
    talker.interrupt = True
    book = magics(ip).book
    book.open(provider=talker, store=book.store(None), session_id="talk")
    captured = run_interrupted(ip, "%%agent\ntalk for a while")
    shown = [o.data["text/plain"] for o in captured.outputs]
    assert any(text.startswith("word") for text in shown)  # the reply was streaming
    final = [o for o in captured.outputs if o.data["text/plain"].startswith("interrupted")]
    assert final and "the turn was not saved" in final[-1].data["text/html"]
    assert len(session(ip).slot) == 0 and session(ip).turn_index == 0
    run(ip, "%%agent\nstill there?")
    assert [m.text() for m in session(ip).slot.messages] == ["still there?", "after the interrupt"]


class SlowClose(Interrupting):
    """Closing its stream or request takes a moment, as closing an HTTP response does."""

    async def chat(self, request: MessageRequest) -> MessageResponse:
        try:
            return await super().chat(request)
        finally:
            await asyncio.sleep(0.2)

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        try:
            async for event in super().chat_stream(request):
                yield event
        finally:
            await asyncio.sleep(0.2)


@pytest.mark.parametrize("cell", ["%%agent\ntalk for a while", "%%agent --no-stream\ntalk"])
def test_an_interrupt_waits_for_the_turn_to_unwind_and_stops_the_cell(
    ip: InteractiveShell, cell: str
) -> None:
    """The interrupt lands while the cell waits on the background loop (no display update in
    between): the turn unwinds first, so the cell shows the interrupt (it once showed
    "RuntimeError: aclose(): asynchronous generator is already running" and went on) and the
    session is free for the next turn."""
    run(ip, "%config AgentMagics.update_interval = 60")
    slow = SlowClose(["word " * 400, "after the interrupt"])
    slow.interrupt = True
    book = magics(ip).book
    book.open(provider=slow, store=book.store(None), session_id="slow")
    captured = run_interrupted(ip, cell)
    final = captured.outputs[-1].data
    assert final["text/plain"] == "interrupted; the turn was not saved"
    assert "Error" not in captured.stderr
    run(ip, "%%agent\nstill there?")
    assert [m.text() for m in session(ip).slot.messages] == ["still there?", "after the interrupt"]


def test_an_interrupt_during_the_summary_says_the_reply_was_saved(ip: InteractiveShell) -> None:
    async def slow_summary() -> str:
        await interrupt_the_cell()  # ended by the interrupt's cancel
        return "never"

    def answer(request: MessageRequest) -> Reply | Awaitable[Reply]:
        if request.metadata.get("purpose") == "summary":
            return slow_summary()
        return "a reply long enough to pass the tiny trigger"

    book = magics(ip).book
    book.open(
        provider=FunctionProvider(answer),
        store=book.store(None),
        session_id="slow",
        summary=SummaryConfig(max_context_tokens=4, debounce_turns=0),
    )
    for cell in ("%%agent\ntalk", "%%agent --no-stream\ntalk again"):
        captured = run_interrupted(ip, cell)
        final = captured.outputs[-1].data
        assert final["text/plain"] == (
            "interrupted; the reply was saved; the summary step did not finish"
        )
        assert "not saved" not in final["text/html"]
    texts = [m.text() for m in session(ip, "slow").slot.messages]
    assert texts[::2] == ["talk", "talk again"]


def test_an_interrupt_before_the_step_started_does_not_wait_for_it() -> None:
    """The background loop is busy (a blocking call on it): the cell's step has not started when
    the interrupt comes, so the cell stops at once instead of waiting for the loop."""
    unblock = threading.Event()

    async def block() -> None:
        unblock.wait(30)  # blocks the loop thread, as a sync call in a coroutine would

    def interrupt_once_waiting() -> None:
        deadline = time.monotonic() + 30  # a bound for a broken test, not expected to pass
        while not main_thread_waits_in_run_sync():
            if time.monotonic() > deadline:
                return
            time.sleep(0.001)
        interrupt_the_main_thread()

    blocker = submit_background(block())  # scheduled first, so it holds the loop first
    try:
        with pytest.raises(KeyboardInterrupt):
            interrupter = threading.Thread(target=interrupt_once_waiting, daemon=True)
            interrupter.start()
            run_sync(asyncio.sleep(0))
        interrupter.join(30)
        assert not blocker.done()  # the loop is still blocked: the cell did not wait for it
    finally:
        unblock.set()
    blocker.result(timeout=30)


def test_the_commands_do_not_reach_back_into_the_magics() -> None:
    """The %agent subcommands get the session book, the settings and the arguments: no function
    of the magics module outside the class names it, and the module uses no private module of
    the agent or llm layers."""
    tree = ast.parse(Path(magics_module.__file__).read_text(encoding="utf-8"))
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert {"run", "open_session", "configure", "show_table"} <= {f.name for f in functions}
    reaching = [
        f.name
        for f in functions
        for node in ast.walk(f)
        if isinstance(node, ast.Name) and node.id == "AgentMagics"
    ]
    assert reaching == []
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert not any(m.startswith(("nbagent.agent._", "nbagent.llm._")) for m in imported)


def test_chat_command_shows_a_chat_widget_on_the_session(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    run(ip, "%%agent\nhello")
    output = run(ip, "%agent chat").outputs[-1]
    assert "application/vnd.jupyter.widget-view+json" in output.data
    assert output.data["text/plain"].startswith("VBox(")


# -- inspection ---------------------------------------------------------------------------------


def test_tokens_and_timeline_tables(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    provider(ip).enqueue("Sure <script>x</script>")
    run(ip, "%%agent\nhello")
    tokens = run(ip, "%agent tokens").outputs[-1].data["text/html"]
    assert "est_tokens" in tokens and "in_view" in tokens
    assert "Sure &lt;script&gt;x&lt;/script&gt;" in tokens and "<script>x" not in tokens
    timeline = run(ip, "%agent timeline").outputs[-1].data["text/html"]
    assert "summary_status" in timeline and "not_needed" in timeline
    # Without HTML (a console, a text-only viewer) the table reads as text, not `<Styler ...>`.
    plain = run(ip, "%agent tokens").outputs[-1].data["text/plain"]
    assert plain.startswith("Tokens per stored message · session chat-1\n")
    assert "est_tokens" in plain and "Sure <script>x</script>" in plain


def test_empty_tables_say_so(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    for name, title in [("compaction", "Microcompact decisions"), ("timeline", "Timeline")]:
        captured = run(ip, f"%agent {name}")
        assert f"{title} · session chat-1: nothing yet." in captured.stdout
        assert captured.outputs == []


def test_compaction_table_after_old_tool_results_were_compacted(ip: InteractiveShell) -> None:
    def get_weather(city: str) -> str:
        """Hourly weather of a city."""
        return f"Sunny in {city}. " + "Hourly: 24C, light wind. " * 80

    ip.user_ns["tools"] = [get_weather]
    run(ip, "%config AgentMagics.max_context_tokens = 2000")
    run(ip, "%agent new --provider offline --tools tools")
    for city in ("Paris", "Rome", "Oslo"):
        run(ip, f"%%agent\nWhat is the weather in {city}?")
    html = run(ip, "%agent compaction").outputs[-1].data["text/html"]
    assert "Replace" in html and "large, low importance" in html
    assert session(ip).timeline[-1].compaction_freed_tokens > 0


def test_watermark_shows_a_png_chart(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    run(ip, "%%agent\nhello")
    output = run(ip, "%agent watermark").outputs[-1]
    assert output.data["text/plain"].startswith("<Figure size")
    assert "image/png" in output.data


def test_watermark_of_a_session_id_with_dollars_draws(ip: InteractiveShell) -> None:
    """Matplotlib reads `$...$` as mathtext: `$\\frac$` failed the whole figure."""
    run(ip, "%agent new --provider offline --session '$\\frac$ costs $5'")
    run(ip, "%%agent\nhello")
    output = run(ip, "%agent watermark").outputs[-1]
    assert "image/png" in output.data


def test_summary_command_before_and_after_a_summary(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    assert "No summary yet" in run(ip, "%agent summary").outputs[-1].data["text/html"]
    run(ip, "%agent config --max-context 10 --debounce 0")
    provider(ip).enqueue(LONG_REPLY)
    run(ip, "%%agent\nPlan a long trip through Japan, please.")
    html = run(ip, "%agent summary").outputs[-1].data["text/html"]
    assert "Summary (turn 0)" in html
    assert markdown_to_safe_html(session(ip).timeline[-1].summary or "") in html


def test_history_shows_the_stored_turns_escaped_and_dims_summarised_ones(
    ip: InteractiveShell,
) -> None:
    run(ip, "%agent new --provider offline")
    provider(ip).enqueue("one <img src=x onerror=alert(1)>", "two", "three")
    for prompt in ("first", "second", "third"):
        run(ip, f"%%agent\n{prompt}")
    session(ip).slot.set_summary("the first turns", upto=4)
    session(ip).slot.config = session(ip).slot.config.model_copy(
        update={"focused": session(ip).slot.focused.model_copy(update={"keep_recent_turns": 1})}
    )
    captured = run(ip, "%agent history")
    html = captured.outputs[-1].data["text/html"]
    assert captured.outputs[-1].data["text/plain"] == "6 messages of session 'chat-1'"
    assert html.count("summarised (not sent)") == 2
    assert "one &lt;img src=x onerror=alert(1)&gt;" in html and "<img" not in html
    last = run(ip, "%agent history --last 1").outputs[-1].data
    assert last["text/plain"] == "2 messages of session 'chat-1'"
    assert "third" in last["text/html"] and "first" not in last["text/html"]


def test_config_shows_and_changes_the_summary_settings(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    out = run(ip, "%agent config").stdout
    assert "Summaries: on · trigger at 24,000 tokens (0.75 × 32,000) · debounce 3 turns" in out
    assert "(focused) · 0 turns\n" in out
    out = run(
        ip,
        "%agent config --trigger-ratio 0.5 --max-context 1_000 --debounce 1 "
        "--watermark cumulative --strategy incremental --summary-model cheap --mode full "
        "--summary-timeout 240",
    ).stdout
    config = session(ip).bundle.config.summary_config
    assert config is not None
    assert (config.trigger_token_ratio, config.max_context_tokens, config.debounce_turns) == (
        0.5,
        1000,
        1,
    )
    assert (config.watermark, config.strategy, config.summary_model) == (
        "cumulative",
        "incremental",
        "cheap",
    )
    compact = session(ip).bundle.config.compact_config
    assert compact is not None and compact.context_window == 1000
    assert session(ip).slot.config.mode is SlotMode.FULL
    assert "slot 'main' (full)" in out and "trigger at 500 tokens" in out
    assert "debounce 1 turn ·" in out
    assert config.timeout == 240 and "summary timeout 240 s" in out
    bad = run(ip, "%agent config --summary-timeout soon", fails=UsageError).stderr
    assert "not a number of seconds" in bad
    # The mode is saved at once: a resumed session keeps it.
    ip.run_line_magic("unload_ext", EXTENSION)
    ip.run_line_magic("load_ext", EXTENSION)
    run(ip, "%agent new --provider offline --session chat-1")
    assert session(ip).slot.config.mode is SlotMode.FULL


def test_config_off_and_on(ip: InteractiveShell) -> None:
    run(ip, "%agent new --provider offline")
    assert "Summaries: off" in run(ip, "%agent config --off").stdout
    assert session(ip).bundle.config.summary_config is None
    run(ip, "%%agent\nhello")
    assert session(ip).timeline[-1].summary_status.value == "disabled"
    assert "Summaries: on" in run(ip, "%agent config --on").stdout


def test_summaries_trait_off_opens_sessions_without_summaries(ip: InteractiveShell) -> None:
    run(ip, "%config AgentMagics.summaries = False")
    run(ip, "%config AgentMagics.microcompact = False")
    run(ip, "%agent new --provider offline")
    assert session(ip).bundle.config.summary_config is None
    assert session(ip).bundle.config.compact_config is None


# -- secrets ------------------------------------------------------------------------------------


def test_no_api_key_in_any_output(
    ip: InteractiveShell, monkeypatch: pytest.MonkeyPatch, wire_server: Any
) -> None:
    key = "sk-nbagent-test-SECRET-0123456789abcdef"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    server = wire_server(
        default=json_reply(
            {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}},
            status=401,
        )
    )
    seen: list[str] = []
    seen.append(everything(run(ip, f"%agent new --provider openai:gpt-test@{server.url}/v1")))
    seen.append(everything(run(ip, "%%agent\nhello", fails=CellFailed)))
    seen.append(everything(run(ip, "%%agent --no-stream\nhello again", fails=CellFailed)))
    for line in ("config", "sessions", "history", "tokens", "timeline", "summary", "help"):
        seen.append(everything(run(ip, f"%agent {line}")))
    seen.append(repr(session(ip)) + repr(session(ip).bundle.provider))
    text = "\n".join(seen)
    assert "AuthenticationError" in text  # the turn did fail, and said so
    assert server.requests[0].headers["authorization"] == f"Bearer {key}"  # the key was used
    assert key not in text and key[-12:] not in text


def test_a_key_in_a_provider_spec_url_is_masked_in_error_lines(
    ip: InteractiveShell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some proxies take the key in the URL; the spec's base URL is quoted by error messages."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env-key-not-this-one")
    key = "sk-in-the-url-SECRET-42"
    port = free_port()  # nothing listens there: the turn fails to connect
    seen = [
        everything(
            run(ip, f'%agent new --provider "openai:m@http://127.0.0.1:{port}/v1?api_key={key}"')
        )
    ]
    seen.append(everything(run(ip, "%%agent\nhello", fails=CellFailed)))
    bad_spec = f'%agent new --provider "openai:m@https://me:{key}@host/v1"'
    seen.append(everything(run(ip, bad_spec, fails=UsageError)))
    text = "\n".join(seen)
    assert "APIConnectionError" in text and "?api_key=***" in text
    assert "UsageError" in text and "***@host" in text
    assert key not in text


def over_the_line(**fields: Any) -> TurnRecord:
    """A turn's record at 900 tokens against a 600-token line, with ``fields`` set."""
    base: dict[str, Any] = {
        "turn_index": 3,
        "slot_id": "main",
        "estimated_context_tokens": 900,
        "reported_context_tokens": None,
        "cumulative_tokens": 900,
        "watermark": 900,
        "threshold": 600.0,
        "context_tokens_after": 900,
    }
    return TurnRecord(**(base | fields))


def test_a_failed_summary_shows_one_short_line_under_the_reply() -> None:
    record = over_the_line(
        summary_status=SummaryStatus.FAILED,
        summary_error="InternalServerError: <html>" + "bad gateway " * 500 + "</html>",
    )
    meta = turn_meta(record)
    failed = meta.split(" · ")[-2]
    lead = "summary failed after 0.0 s, tried again after the debounce: "
    assert failed.startswith(lead + "InternalServerError: <html>bad gateway")
    assert len(failed) == len(lead) + 200 and failed.endswith("…")


def test_the_line_under_a_reply_gives_the_reply_and_the_summary_their_own_times() -> None:
    """A cell that took 157 s said 37 s: the summary's time was in no number on the line."""
    record = over_the_line(
        summary_status=SummaryStatus.FIRED,
        summary_tokens=120,
        summary_latency_s=120.4,
        latency_s=37.2,
        context_tokens_after=300,
    )
    parts = turn_meta(record).split(" · ")
    assert "summary made in 120.4 s (120 tokens)" in parts and parts[-1] == "reply 37.2 s"
    record.summary_status = SummaryStatus.PENDING
    assert "summary still running (the next turn waits for it)" in turn_meta(record)


def test_the_magics_default_summarises_when_the_window_fills() -> None:
    """Microcompact acts only above the summary line, so the context crosses it and a summary
    fires (a budget at the line held a 32k session's context just under it, never summarising):
    notebook 04's 60-turn trip replayed under exactly what `%agent new` builds."""
    import dataclasses

    from nbagent.agent import run_sync
    from nbagent.notebook._replay import load_transcript, replay
    from nbagent.notebook.magics import AgentMagics

    settings = AgentMagics(shell=None).settings()
    assert settings.summary is not None and settings.compact is not None
    assert settings.summary.threshold == 24_000 and settings.compact.budget == 28_000
    trip = load_transcript(Path(__file__).parent.parent / "notebooks/data/travel_60_turns.jsonl")
    session = run_sync(
        replay(dataclasses.replace(trip, compact_config=settings.compact), settings.summary)
    )
    fired = [r.turn_index for r in session.timeline if r.summary_fired]
    assert fired == [16, 31, 49]
    # The old default (a quarter of the window reserved: the budget at the line) never fired.
    at_line = dataclasses.replace(settings.compact, reserved_tokens=8_000)
    again = run_sync(replay(dataclasses.replace(trip, compact_config=at_line), settings.summary))
    assert not any(r.summary_fired for r in again.timeline)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("new                      # offline unless a key is set", ["new"]),
        ("# all of it a note", []),
        ("new --store postgresql://u:p#ss@db/x", ["new", "--store", "postgresql://u:p#ss@db/x"]),
        ('new --session "a # b" # note', ["new", "--session", "a # b"]),
        (r"new --session a\ #b", ["new", "--session", "a #b"]),
    ],
)
def test_a_line_pasted_with_a_note_after_it_runs(line: str, words: list[str]) -> None:
    """The README's `%agent new   # offline unless ...` failed as pasted: a `#` that starts a
    word outside quotes starts a comment; one inside a word (a password) stays."""
    assert split(line) == words


def test_a_new_window_or_line_moves_a_custom_microcompact_and_keeps_the_rest(
    ip: InteractiveShell,
) -> None:
    run(ip, "%agent new --provider offline")
    custom = CompactConfig(
        context_window=32_000, reserved_tokens=4_000, keep_recent=20, protect_factual=False
    )
    run_sync(session(ip).configure(compact_config=custom))
    out = run(ip, "%agent config --max-context 64_000").stdout
    compact = session(ip).bundle.config.compact_config
    assert compact is not None
    # Halfway between the summary's line (0.75 x 64,000) and the window ...
    assert (compact.context_window, compact.budget) == (64_000, 56_000)
    assert "when a request passes 56,000 tokens" in out
    # ... and what the user chose is kept.
    assert (compact.keep_recent, compact.protect_factual) == (20, False)
    run(ip, "%agent config --trigger-ratio 0.5")
    compact = session(ip).bundle.config.compact_config
    assert compact is not None and compact.budget == 48_000 and compact.keep_recent == 20
    # Microcompact off stays off.
    run_sync(session(ip).configure(compact_config=None))
    run(ip, "%agent config --max-context 8_000")
    assert session(ip).bundle.config.compact_config is None
