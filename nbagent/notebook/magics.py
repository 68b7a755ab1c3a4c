"""``%agent`` and ``%%agent``: agent sessions from notebook cells.

::

    %load_ext nbagent
    %agent new --provider openai:gpt-4o-mini --system "You plan trips."

    %%agent
    Three days in {city}: what should I see?

    %agent tokens          %agent timeline        %agent watermark       %agent summary

``%%agent`` runs its body as one turn of the default session (the one ``%agent new`` opened
last; ``--session ID`` picks another). The reply streams into the cell output, updated in place,
and ends rendered as Markdown; tool calls show as collapsible blocks; a summary that the turn
fired shows under the reply. A failed turn shows one error line and leaves the history as it was.

Turns run on nbagent's background loop (the one the sessions' sync twins and the chat widget
use), so a cell works inside the kernel's running event loop; the cell waits for the turn while
the output updates. An interrupt stops the cell once the turn has unwound (see :func:`wait`).

Defaults for new sessions are traitlets options: ``%config AgentMagics.default_provider =
"offline"``, ``c.AgentMagics.store_path = ...`` in an IPython profile, and so on.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class
from traitlets import Bool, Enum, Float, Int, Unicode

from nbagent.agent._sync import submit_background
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, NbAgentError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.registry import PROVIDER_ENV_VAR
from nbagent.notebook import _magic_commands as commands
from nbagent.notebook._cell_error import CellFailed
from nbagent.notebook._html import preview
from nbagent.notebook._magic_args import (
    HelpShown,
    UsageProblem,
    cell_parser,
    expand,
    line_parser,
    parse,
)
from nbagent.notebook._render import (
    LiveReply,
    error_html,
    error_text,
    meta_html,
    parts_html,
    parts_text,
    redact,
    reply_parts,
)
from nbagent.notebook._sessions import (
    OFFLINE_NOTICE,
    SessionBook,
    as_registry,
    compact_for_window,
    is_offline,
    provider_label,
)

logger = logging.getLogger("nbagent.notebook.magics")

T = TypeVar("T")

_DEFAULTS = SummaryConfig()


@magics_class
class AgentMagics(Magics):
    """The ``%agent`` / ``%%agent`` magics and the sessions they opened in this kernel."""

    default_provider = Unicode(
        "",
        help="Provider spec for new sessions, e.g. 'openai:gpt-4o-mini' or 'offline'. Empty: "
        "chosen from the environment (a key variable, NBAGENT_PROVIDER), else offline.",
    ).tag(config=True)
    default_model = Unicode("", help="Model sent with each request (empty: the provider's).").tag(
        config=True
    )
    store_path = Unicode(
        "", help="SQLite file of the sessions (empty: .nbagent/nbagent.sqlite3 here)."
    ).tag(config=True)
    system_prompt = Unicode("", help="System prompt of new sessions.").tag(config=True)
    stream = Bool(True, help="Stream replies into the cell output.").tag(config=True)
    show_tool_calls = Bool(True, help="Show tool calls as collapsible blocks.").tag(config=True)
    summaries = Bool(True, help="Automatic summaries in new sessions.").tag(config=True)
    max_context_tokens = Int(
        _DEFAULTS.max_context_tokens, help="Context window of new sessions (tokens)."
    ).tag(config=True)
    trigger_token_ratio = Float(
        _DEFAULTS.trigger_token_ratio, help="Summary trigger, a fraction of the window."
    ).tag(config=True)
    debounce_turns = Int(
        _DEFAULTS.debounce_turns, help="At least this many turns between summaries."
    ).tag(config=True)
    microcompact = Bool(
        True,
        help="Microcompact old tool results in new sessions when a request no longer fits "
        "max_context_tokens minus a quarter kept for the reply.",
    ).tag(config=True)
    summary_language = Enum(
        ["zh", "en"], _DEFAULTS.prompt_language, help="Language of the default summary prompt."
    ).tag(config=True)
    update_interval = Float(
        0.05, help="Minimum seconds between two updates of a streaming reply."
    ).tag(config=True)

    def __init__(self, shell: Any = None, **kwargs: Any) -> None:
        super().__init__(shell=shell, **kwargs)
        self.book = SessionBook()
        self._line_parser = line_parser()
        self._cell_parser = cell_parser()

    # -- entry point ----------------------------------------------------------------------

    @line_cell_magic
    def agent(self, line: str, cell: str | None = None) -> None:
        """Agent sessions: ``%agent help`` lists the commands; ``%%agent`` runs a turn."""
        try:
            if cell is None:
                args = parse(self._line_parser, line)
                commands.run(self, args)
            else:
                self._run_cell(line, cell)
        except HelpShown:
            return
        except UsageProblem as e:
            raise UsageError(e.message_and_usage()) from None
        except ConfigurationError as e:
            raise UsageError(redact(str(e))) from None
        except NbAgentError as e:
            raise CellFailed(e) from e

    # -- sessions -------------------------------------------------------------------------

    def default_summary_config(self) -> SummaryConfig | None:
        if not self.summaries:
            return None
        return SummaryConfig(
            max_context_tokens=self.max_context_tokens,
            trigger_token_ratio=self.trigger_token_ratio,
            debounce_turns=self.debounce_turns,
            prompt_language="en" if self.summary_language == "en" else "zh",
        )

    def default_compact_config(self) -> CompactConfig | None:
        return compact_for_window(self.max_context_tokens) if self.microcompact else None

    def choose_provider(self, spec: str | None) -> tuple[LlmProvider, bool]:
        """The provider of ``spec`` (or the configured default, or the environment's); ``True``
        when nothing named one (no spec, no ``NBAGENT_PROVIDER``), so a key variable or the
        offline fallback chose it."""
        from nbagent.llm.providers.registry import provider_from_env, provider_from_spec

        spec = spec or self.default_provider or None
        if spec:
            return provider_from_spec(spec), False
        return provider_from_env(), not os.environ.get(PROVIDER_ENV_VAR, "").strip()

    def open_session(
        self,
        *,
        provider_spec: str | None = None,
        model: str | None = None,
        session_id: str | None = None,
        system: str | None = None,
        store_path: str | None = None,
        tools: str | None = None,
        make_default: bool = True,
    ) -> AgentSession:
        """Open a session as ``%agent new`` does, and say which (and that it is offline)."""
        registry = None if tools is None else as_registry(self._variable(tools), tools)
        provider, unnamed = self.choose_provider(provider_spec)
        if unnamed and is_offline(provider) and not self.book.offline_notice_shown:
            self.book.offline_notice_shown = True
            print(OFFLINE_NOTICE)
        store = self.book.store(store_path or self.store_path or None)
        session = self.book.open(
            provider=provider,
            store=store,
            session_id=session_id,
            model=model or self.default_model or None,
            system=system or self.system_prompt or None,
            summary=self.default_summary_config(),
            tools=registry,
            compact=self.default_compact_config(),
            make_default=make_default,
        )
        state = f"resumed at turn {session.turn_index}" if session.turn_index else "new"
        print(
            f"Session {session.session_id!r} ({state}) · {provider_label(provider)} · "
            f"store {store.path}"
        )
        return session

    def _variable(self, name: str) -> object:
        assert self.shell is not None, "AgentMagics runs inside an IPython shell"
        if name not in self.shell.user_ns:
            raise UsageProblem(f"no variable {name!r} in the notebook")
        return self.shell.user_ns[name]

    def session_for_cell(self, session_id: str | None) -> AgentSession:
        if session_id is not None and session_id in self.book.sessions:
            return self.book.sessions[session_id]
        if session_id is None and self.book.default_id is not None:
            return self.book.get()
        return self.open_session(session_id=session_id, make_default=session_id is None)

    # -- %%agent ----------------------------------------------------------------------------

    def _run_cell(self, line: str, cell: str) -> None:
        args = parse(self._cell_parser, line)
        assert self.shell is not None, "AgentMagics runs inside an IPython shell"
        text = cell if args.raw else expand(cell, self.shell.user_ns)
        if not text.strip():
            raise UsageProblem("the cell is empty: write your message under %%agent")
        session = self.session_for_cell(args.session)
        self.run_turn(session, text.strip(), stream=self.stream and not args.no_stream)

    def run_turn(self, session: AgentSession, text: str, *, stream: bool) -> TurnRecord | None:
        """One turn of ``session`` shown in the cell output.

        A failed turn shows its error in place of the reply and raises :class:`CellFailed`, so
        the cell fails and a notebook run stops there.
        """
        show_tools = self.show_tool_calls
        before = len(session.slot)
        handle = commands.show(
            _bundle("…", parts_html([], show_tools=show_tools, streaming=True)),
            raw=True,
            display_id=True,
        )
        try:
            if stream:
                record = self._stream(session, text, handle)
            else:
                wait(session.submit_turn(text))
                record = session.timeline[-1] if session.timeline else None
        except KeyboardInterrupt as e:
            # Shown, then raised again so that "Run all" stops here as the user asked.
            note = _outcome(session, before)
            handle.update(_bundle(f"interrupted; {note}", error_html(e, note)), raw=True)
            raise
        except Exception as e:
            note = _outcome(session, before)
            handle.update(_bundle(error_text(e), error_html(e, note)), raw=True)
            raise CellFailed(e, note) from e
        parts = reply_parts(session.slot.messages[before + 1 :])
        html = parts_html(parts, show_tools=show_tools, streaming=False)
        if record is not None:
            html += meta_html(turn_meta(record))
        handle.update(_bundle(parts_text(parts, show_tools=show_tools), html), raw=True)
        if record is not None and record.summary_fired:
            from nbagent.notebook.summary_view import SummaryCard

            commands.show(SummaryCard.from_record(session, record))
        return record

    def _stream(self, session: AgentSession, text: str, handle: Any) -> TurnRecord | None:
        """Stream the turn into ``handle``, at most one update per ``update_interval``."""
        show_tools = self.show_tool_calls
        live = LiveReply()
        shown_at = time.monotonic()
        events = session.submit_turn_stream(text)
        try:
            while (event := wait(anext(events, None))) is not None:
                now = time.monotonic()
                if live.apply(event) and now - shown_at >= self.update_interval:
                    shown_at = now
                    html = parts_html(live.parts, show_tools=show_tools, streaming=True)
                    plain = parts_text(live.parts, show_tools=show_tools)
                    handle.update(_bundle(plain, html), raw=True)
        finally:
            # An interrupt must close the stream now (an unsaved turn is then discarded), not
            # at garbage collection.
            close = getattr(events, "aclose", None)
            if close is not None:
                wait(close())
        return wait(session.finalize_turn())


SETTLE_SECONDS = 5.0
"""How long an interrupted turn may take to unwind (close its stream) before the cell stops."""


def wait(step: Awaitable[T]) -> T:
    """Run ``step`` on nbagent's background loop and wait for it, from the kernel's thread.

    On an interrupt, ``step`` is cancelled and the interrupt raised again only once ``step``
    has unwound (bounded by :data:`SETTLE_SECONDS`). The sessions' sync twins raise at once,
    while the cancelled turn still closes its stream in the background: closing the stream
    then failed ("aclose(): asynchronous generator is already running") and hid the interrupt,
    and the turn could still hold the session when the next cell started one.
    """
    started, settled = threading.Event(), threading.Event()

    async def run() -> T:
        started.set()
        try:
            return await step
        finally:
            settled.set()

    future = submit_background(run())
    try:
        return future.result()
    except BaseException:
        future.cancel()
        # A step cancelled before it started never runs, so there is nothing to wait for.
        settled.wait(SETTLE_SECONDS if started.is_set() else 0.1)
        raise


def _bundle(text: str, html: str) -> dict[str, str]:
    return {"text/plain": text, "text/html": html}


def _outcome(session: AgentSession, before: int) -> str:
    """What a stopped turn left: it is saved once its reply is, before the summary step runs
    (which may take a while, so an interrupt often lands there)."""
    if len(session.slot) > before:
        return "the reply was saved; the summary step did not finish"
    return "the turn was not saved"


def turn_meta(record: TurnRecord) -> str:
    """The grey line under a reply, from the turn's record only."""
    parts = [f"turn {record.turn_index}", f"context ≈{record.estimated_context_tokens:,} tokens"]
    if record.summary_fired:
        parts[-1] += f" → ≈{record.context_tokens_after:,} after the summary"
    if record.watermark is not None and record.threshold is not None:
        parts.append(f"watermark {record.watermark:,} / trigger {record.threshold:,.0f}")
    match record.summary_status:
        case SummaryStatus.FIRED:
            parts.append(f"summary made ({record.summary_tokens:,} tokens)")
        case SummaryStatus.DEBOUNCED:
            parts.append("over the trigger, summary debounced")
        case SummaryStatus.FAILED:
            parts.append(f"summary failed: {preview(redact(record.summary_error or ''), 200)}")
        case SummaryStatus.PENDING:
            parts.append("summary step not run")
        case SummaryStatus.EMPTY | SummaryStatus.NOT_NEEDED | SummaryStatus.DISABLED:
            pass
    parts.append(f"{record.latency_s:.1f} s")
    return " · ".join(parts)


__all__ = ["AgentMagics"]
