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
use, through :func:`~nbagent.agent.run_sync`), so a cell works inside the kernel's running event
loop; the cell waits for the turn while the output updates. An interrupt stops the cell once the
turn has unwound.

The subcommands of ``%agent`` are in :mod:`~nbagent.notebook._magic_commands`; they get the
session book and the options as :class:`~nbagent.notebook._magic_commands.MagicSettings`.

Defaults for new sessions are traitlets options: ``%config AgentMagics.default_provider =
"offline"``, ``c.AgentMagics.store_path = ...`` in an IPython profile, and so on.
"""

from __future__ import annotations

import logging
from contextlib import closing
from typing import Any, Literal

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class
from traitlets import Bool, Enum, Float, Int, Unicode

from nbagent.agent import (
    AgentSession,
    SummaryConfig,
    SummaryStatus,
    TurnRecord,
    iterate_sync,
    run_sync,
)
from nbagent.errors import ConfigurationError, NbAgentError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.providers import mask_urls
from nbagent.notebook import _magic_commands as commands
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
    error_html,
    error_text,
    live_updates,
    meta_html,
    parts_html,
    parts_text,
    reply_parts,
)
from nbagent.notebook._sessions import SessionBook

logger = logging.getLogger("nbagent.notebook.magics")

_DEFAULTS = SummaryConfig()


_LANGUAGES: dict[str, Literal["auto", "zh", "en"]] = {"auto": "auto", "zh": "zh", "en": "en"}


class CellFailed(Exception):
    """A ``%agent`` / ``%%agent`` cell whose work failed; ``__cause__`` is the error itself.

    A failed turn must stop "Run all" and nbmake where it broke, so the magic raises. IPython
    shows an exception by its ``_render_traceback_()`` lines when it has one (and ``UsageError``
    as a single line of its own), which keeps the output to the one line the user needs.
    """

    def __init__(self, error: BaseException, note: str = "") -> None:
        self.line = error_text(error) + (f" ({note})" if note else "")
        super().__init__(self.line)

    def _render_traceback_(self) -> list[str]:
        return [self.line]


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
        help="Microcompact old tool results in new sessions when a request passes halfway "
        "from the summary trigger to max_context_tokens (so summaries fire first).",
    ).tag(config=True)
    summary_language = Enum(
        ["auto", "zh", "en"],
        _DEFAULTS.prompt_language,
        help="Language of the default summary prompt and ledger (auto: the conversation's).",
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
                commands.run(self.book, self.settings(), args, self._namespace())
            else:
                self._run_cell(line, cell)
        except HelpShown:
            return
        except UsageProblem as e:
            raise UsageError(e.message_and_usage()) from None
        except ConfigurationError as e:
            raise UsageError(mask_urls(str(e))) from None
        except NbAgentError as e:
            raise CellFailed(e) from e

    # -- what the commands read ------------------------------------------------------------

    def settings(self) -> commands.MagicSettings:
        """The options as they are now (``%config`` may change them between two lines)."""
        summary = self._summary_config()
        return commands.MagicSettings(
            default_provider=self.default_provider or None,
            default_model=self.default_model or None,
            store_path=self.store_path or None,
            system_prompt=self.system_prompt or None,
            show_tool_calls=self.show_tool_calls,
            update_interval=self.update_interval,
            summary=summary,
            compact=(
                CompactConfig.beside_summaries(self.max_context_tokens, self.trigger_token_ratio)
                if self.microcompact
                else None
            ),
        )

    def _summary_config(self) -> SummaryConfig | None:
        if not self.summaries:
            return None
        return SummaryConfig(
            max_context_tokens=self.max_context_tokens,
            trigger_token_ratio=self.trigger_token_ratio,
            debounce_turns=self.debounce_turns,
            prompt_language=_LANGUAGES[self.summary_language],
        )

    def _namespace(self) -> dict[str, Any]:
        assert self.shell is not None, "AgentMagics runs inside an IPython shell"
        namespace: dict[str, Any] = self.shell.user_ns
        return namespace

    # -- %%agent ----------------------------------------------------------------------------

    def _run_cell(self, line: str, cell: str) -> None:
        args = parse(self._cell_parser, line)
        namespace = self._namespace()
        text = cell if args.raw else expand(cell, namespace)
        if not text.strip():
            raise UsageProblem("the cell is empty: write your message under %%agent")
        settings = self.settings()
        session = commands.session_for_cell(self.book, settings, namespace, args.session)
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
                run_sync(session.submit_turn(text))
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
        updates = live_updates(session.submit_turn_stream(text), self.update_interval)
        # Closed on the way out, interrupted or not: an interrupt must close the stream now (an
        # unsaved turn is then discarded), not at garbage collection.
        with closing(iterate_sync(updates)) as replies:
            for live in replies:
                html = parts_html(live.parts, show_tools=show_tools, streaming=True)
                plain = parts_text(live.parts, show_tools=show_tools)
                handle.update(_bundle(plain, html), raw=True)
        return run_sync(session.finalize_turn())


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
    # The reply's time and the summary's apart: a summary on a slow local model can take
    # minutes the reply's time does not count.
    took = f"{record.summary_latency_s:.1f} s"
    match record.summary_status:
        case SummaryStatus.FIRED:
            parts.append(f"summary made in {took} ({record.summary_tokens:,} tokens)")
        case SummaryStatus.DEBOUNCED:
            parts.append("over the trigger, summary debounced")
        case SummaryStatus.FAILED:
            error = preview(mask_urls(record.summary_error or ""), 200)
            parts.append(f"summary failed after {took}, tried again after the debounce: {error}")
        case SummaryStatus.PENDING:
            parts.append("summary still running (the next turn waits for it)")
        case SummaryStatus.EMPTY | SummaryStatus.NOT_NEEDED | SummaryStatus.DISABLED:
            pass
    parts.append(f"reply {record.latency_s:.1f} s")
    return " · ".join(parts)


__all__ = ["AgentMagics"]
