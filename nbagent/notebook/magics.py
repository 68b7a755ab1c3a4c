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

Defaults for new sessions are traitlets options: ``%config AgentMagics.default_provider =
"offline"``, ``c.AgentMagics.store_path = ...`` in an IPython profile, and so on.

The module is the one magic, read top to bottom:

* **Arguments**: argparse that reports instead of exiting. A bad line raises
  :class:`UsageProblem` carrying the message and the usage of the subcommand it concerns; the
  magic prints it (no traceback). ``--help`` raises :class:`HelpShown` after the help text was
  printed.
* **Sessions**: the sessions of one notebook, kept in one :class:`SessionBook`: which are
  open, which is the default (the one ``%agent new``, ``%agent reset`` or the first ``%%agent``
  cell opened last), and where they are stored. Sessions persist in a SQLite store (one per
  file, shared by the sessions that use it) or a ``postgresql://`` one, so ``%agent new
  --session trip`` after a kernel restart resumes ``trip`` where it stopped.
* **Commands**: the ``%agent`` subcommands, one function each, run by :func:`run` with what
  they read: the :class:`SessionBook` of the notebook, the :class:`MagicSettings` (the magics'
  options, taken when the line runs), the parsed arguments and the notebook's namespace (for
  ``--tools NAME``); a command never calls back into :class:`AgentMagics`. Tables, the chart
  and the summary come from :mod:`~nbagent.notebook.tables`, :mod:`~nbagent.notebook.charts`
  and :mod:`~nbagent.notebook.summary_view`, imported when first used so loading the extension
  stays cheap.
* **The magic**: :class:`AgentMagics`, its traitlets options, ``%agent`` dispatching to the
  commands and ``%%agent`` running a turn in the cell output.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import math
import os
import shlex
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NoReturn

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class
from IPython.display import display
from traitlets import Bool, Enum, Float, Int, Unicode

from nbagent.agent import (
    UNCHANGED,
    AgentSession,
    SlotMode,
    SummaryConfig,
    SummaryStatus,
    TurnRecord,
    Unchanged,
    iterate_sync,
    run_sync,
)
from nbagent.agent.builder import AgentBuilder, store_from_url
from nbagent.agent.store import DEFAULT_PATH, MemoryStore
from nbagent.errors import ConfigurationError, NbAgentError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers import mask_urls
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.providers.registry import KEY_ENV_VARS, PROVIDER_ENV_VAR
from nbagent.llm.tools import Tool, ToolRegistry
from nbagent.notebook._html import (
    error_html,
    error_text,
    history_html,
    live_updates,
    meta_html,
    parts_html,
    parts_text,
    preview,
    provider_label,
    reply_parts,
    split_turns,
    turns_text,
)

logger = logging.getLogger("nbagent.notebook.magics")


# == Arguments: argparse that reports instead of exiting ===========================================


COMMANDS: dict[str, str] = {
    "new": "open a session (resumes a stored one with the same id)",
    "config": "show or change the summary settings and the slot mode of a session",
    "tokens": "per-message token table of the session",
    "compaction": "microcompact decisions of the session",
    "timeline": "one row per turn: context tokens, watermark, summary status",
    "watermark": "chart of context tokens against the summary trigger line",
    "cost": "USD per turn and in all: conversation vs summaries, cache reads, prices used",
    "summary": "the current conversation summary",
    "facts": "the conversation's facts and whether the model still sees them (retention)",
    "pin": "pin a fact: every summary's ledger keeps it (%agent pin gate B12 closes 06:40)",
    "history": "the stored conversation (summarised turns dimmed)",
    "reset": "start a fresh conversation with the same settings (the old one stays stored)",
    "sessions": "sessions stored in the store and open in this kernel",
    "chat": "a chat widget on the session (streams, gauge, summary, compaction log)",
    "help": "this help",
}


class UsageProblem(NbAgentError):
    """A magic line that cannot be parsed; ``usage`` says how to write it."""

    def __init__(self, message: str, usage: str = "") -> None:
        super().__init__(message)
        self.usage = usage

    def message_and_usage(self) -> str:
        """The message, then the usage of the subcommand (IPython prefixes ``UsageError:``)."""
        text = str(self)
        return f"{text}\n{self.usage.rstrip()}" if self.usage else text


class HelpShown(Exception):
    """``--help`` printed its text; nothing else to do."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageProblem(message, self.format_usage())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if status:
            raise UsageProblem(message or "bad arguments", self.format_usage())
        raise HelpShown()


def _ratio(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number, e.g. 0.75") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not in (0, 1], e.g. 0.75")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds, e.g. 180") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _count(minimum: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text!r} must be >= {minimum}")
        return value

    return parse


def _session_id(text: str) -> str:
    # An empty id would silently mean "a fresh session", and a new one at every such cell.
    if not text.strip():
        raise argparse.ArgumentTypeError("the session id is empty; leave --session out instead")
    return text


def _session_option(parser: argparse.ArgumentParser, text: str | None = None) -> None:
    parser.add_argument(
        "--session",
        type=_session_id,
        metavar="ID",
        help=text or "session id (default: the default one)",
    )


def line_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="%agent", description="Configure and inspect agent sessions.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = commands.add_parser("new", help=COMMANDS["new"])
    new.add_argument("--provider", metavar="SPEC", help="e.g. openai:gpt-4o-mini or offline")
    new.add_argument("--model", metavar="M", help="model name sent with each request")
    _session_option(new, "session id (default: chat-N, fresh)")
    new.add_argument("--system", metavar="TEXT", help="system prompt")
    new.add_argument(
        "--store",
        metavar="PATH|URL",
        help="a SQLite file (default .nbagent/) or a postgresql://user@host/db URL "
        "(pip install 'nbagent[postgres]'; the password is never shown)",
    )
    new.add_argument(
        "--tools", metavar="NAME", help="a ToolRegistry or a list of functions in the notebook"
    )

    config = commands.add_parser("config", help=COMMANDS["config"])
    config.add_argument("--trigger-ratio", type=_ratio, metavar="R")
    config.add_argument("--max-context", type=_count(1), metavar="N")
    config.add_argument("--debounce", type=_count(0), metavar="N")
    config.add_argument("--watermark", choices=("context", "cumulative"))
    config.add_argument("--strategy", choices=("full", "incremental"))
    config.add_argument("--summary-model", metavar="M")
    config.add_argument(
        "--summary-timeout",
        type=_seconds,
        metavar="S",
        help="seconds each summary call may take (a slow local model needs more)",
    )
    config.add_argument(
        "--language",
        choices=("auto", "zh", "en"),
        help="summary prompt and ledger language (auto: the conversation's)",
    )
    config.add_argument("--mode", choices=("full", "focused"), help="the current slot's mode")
    switch = config.add_mutually_exclusive_group()
    switch.add_argument("--off", action="store_true", help="turn automatic summaries off")
    switch.add_argument("--on", action="store_true", help="turn them on (default settings)")
    _session_option(config)

    for name in ("tokens", "compaction", "timeline", "watermark", "cost", "summary", "facts"):
        _session_option(commands.add_parser(name, help=COMMANDS[name]))
    pin = commands.add_parser("pin", help=COMMANDS["pin"])
    pin.add_argument("text", nargs="+", metavar="TEXT", help="the fact, as you want it kept")
    _session_option(pin)
    history = commands.add_parser("history", help=COMMANDS["history"])
    history.add_argument("--last", type=_count(1), metavar="N", help="only the last N turns")
    _session_option(history)
    _session_option(commands.add_parser("reset", help=COMMANDS["reset"]))
    sessions = commands.add_parser("sessions", help=COMMANDS["sessions"])
    sessions.add_argument(
        "--store",
        metavar="PATH|URL",
        help="a SQLite file (default .nbagent/) or a postgresql:// URL",
    )
    _session_option(commands.add_parser("chat", help=COMMANDS["chat"]))
    commands.add_parser("help", help=COMMANDS["help"])
    return parser


def cell_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="%%agent", description="Run the cell body as one turn.")
    parser.add_argument("--no-stream", action="store_true", help="show the reply when complete")
    _session_option(parser)
    parser.add_argument("--raw", action="store_true", help="do not expand {name} in the body")
    return parser


def split(line: str) -> list[str]:
    """The line's words; a ``#`` that starts a word outside quotes starts a comment, as in a
    shell (a line pasted from the README keeps its note), while one inside a word stays
    (``postgresql://u:p#ss@host``: shlex's own comments would cut it there)."""
    try:
        return shlex.split(_without_comment(line))
    except ValueError as e:
        raise UsageProblem(f"cannot split the line: {e}; close the quotes") from None


def _without_comment(line: str) -> str:
    quote = ""
    escaped = False
    after_space = True  # the line's start counts as a space
    for at, char in enumerate(line):
        literal, escaped = escaped, False
        if literal:
            pass
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and after_space:
            return line[:at]
        after_space = char.isspace() and not literal and not quote
    return line


def parse(parser: argparse.ArgumentParser, line: str) -> argparse.Namespace:
    args = parser.parse_args(split(line))
    if getattr(args, "command", "") is None:
        args.command = "help"
    return args


class _Names:
    """The user namespace as seen by ``str.format_map``: a missing name says so clearly."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self._namespace = namespace

    def __getitem__(self, key: str) -> Any:
        if key in self._namespace:
            return self._namespace[key]
        if not key.isidentifier():
            raise UsageProblem(
                f"cannot expand the braces in the cell: {{{key}}} is not a variable name. Double "
                "literal braces ({{ and }}) or run the cell with %%agent --raw"
            )
        raise UsageProblem(
            f"{{{key}}} in the cell: no variable {key!r} in the notebook. Define it, write "
            f"{{{{{key}}}}} for literal braces, or run the cell with %%agent --raw"
        )


def expand(body: str, namespace: dict[str, Any]) -> str:
    """``{name}`` (and ``{name.attr}``, ``{name[0]}``, ``{x:.2f}``) from ``namespace``."""
    try:
        return body.format_map(_Names(namespace))
    except UsageProblem:
        raise
    except Exception as e:  # a bad field, or a notebook value whose __format__ failed
        raise UsageProblem(
            f"cannot expand the braces in the cell ({type(e).__name__}: {e}). Double literal "
            "braces ({{ and }}) or run the cell with %%agent --raw"
        ) from None


def _option(action: argparse.Action) -> str:
    if not action.option_strings:  # a positional argument
        return f"{action.metavar or action.dest.upper()}{'…' if action.nargs == '+' else ''}"
    flag = action.option_strings[-1]
    if action.nargs == 0:
        return flag
    if action.choices is not None:
        return f"{flag} {'|'.join(map(str, action.choices))}"
    return f"{flag} {action.metavar or action.dest.upper()}"


def _options(parser: argparse.ArgumentParser) -> list[str]:
    """``[--flag VALUE]`` per option of ``parser``, a mutually exclusive group as one."""
    grouped = {
        action: group
        for group in parser._mutually_exclusive_groups
        for action in group._group_actions
    }
    shown: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        group = grouped.get(action)
        if not action.option_strings:
            shown.append(_option(action))
        elif group is None:
            shown.append(f"[{_option(action)}]")
        elif action is group._group_actions[0]:
            shown.append(f"[{'|'.join(_option(a) for a in group._group_actions)}]")
    return shown


def _usage(head: str, options: list[str], width: int = 96) -> list[str]:
    lines = [f"  {head}"]
    indent = " " * (len(head) + 3)
    for option in options:
        if len(lines[-1]) + 1 + len(option) > width and lines[-1] != f"  {head}":
            lines.append(indent + option)
        else:
            lines[-1] += f" {option}"
    return lines


def help_text() -> str:
    """The ``%agent help`` text; the options are read from the parsers, so it lists all."""
    commands = next(
        a.choices for a in line_parser()._actions if isinstance(a, argparse._SubParsersAction)
    )
    # Commands taking the same options share one line.
    same: dict[tuple[str, ...], list[str]] = {}
    for name, parser in commands.items():
        options = tuple(_options(parser))
        if options:
            same.setdefault(options, []).append(name)
    width = max(len(name) for name in COMMANDS)
    lines = [
        "%agent COMMAND [options]    configure and inspect agent sessions",
        f"%%agent {' '.join(_options(cell_parser()))}    the cell body is one turn",
        "",
        "Commands:",
    ]
    lines += [f"  {name.ljust(width)}  {text}" for name, text in COMMANDS.items()]
    lines += ["", "Options:"]
    for options, names in same.items():
        lines += _usage(f"%agent {'|'.join(names)}", list(options))
    lines += [
        "  %agent COMMAND --help   shows the options of one command",
        "",
        "In a %%agent cell, {name} is replaced by the value of `name` in the notebook ({{ and }} "
        "write literal braces); --raw sends the text as is.",
        "Defaults for new sessions: %config AgentMagics (e.g. "
        '%config AgentMagics.default_provider = "offline").',
        "",
        "The same from Python (the magics keep their sessions in SQLite under .nbagent/):",
        '  session = AgentBuilder().provider("offline").summary_config(SummaryConfig())'
        '.build().session("trip")',
        '  session.submit_turn_sync("Plan two days in Lyon")   # or: await session.submit_turn()',
        '  async with session.stream_turn("Cheaper hotels?") as events: ...',
        "A failed turn or a usage mistake fails its cell, so Run All stops there.",
    ]
    return "\n".join(lines)


# == Sessions: the notebook's open sessions, the default one, their stores =========================

_book_logger = logging.getLogger("nbagent.notebook.sessions")  # the name it always logged under

SESSION_PREFIX = "chat-"
"""Generated session ids are ``chat-1``, ``chat-2``, ... (the first free one in the store)."""

OFFLINE_NOTICE = (
    "No provider key found ({vars}): using the offline demo provider. Its replies are canned; "
    "no model or network is used. Set a key and run `%agent new`, or pick one with "
    "`%agent new --provider SPEC` (e.g. openai:gpt-4o-mini)."
).format(vars=", ".join([*KEY_ENV_VARS.values(), PROVIDER_ENV_VAR]))


def is_offline(provider: LlmProvider) -> bool:
    return isinstance(provider, OfflineProvider)


@dataclass(frozen=True)
class StoredSession:
    """One row of ``%agent sessions``."""

    session_id: str
    turns: int
    messages: int
    summarised: bool
    open: bool
    default: bool


def store_location(store: MemoryStore) -> str:
    """Where a store keeps its sessions, for messages (a URL's password masked)."""
    return str(getattr(store, "path", None) or getattr(store, "url", None) or repr(store))


def stored_session_ids(store: MemoryStore) -> list[str]:
    """The session ids saved in ``store`` (none, and no file created, before its first write)."""
    return run_sync(store.session_ids())


def store_path(path: str) -> Path:
    """``path`` with ``~`` / ``~user`` expanded; an unknown user is a clear error."""
    try:
        return Path(path).expanduser()
    except RuntimeError as e:  # pathlib: "Could not determine home directory"
        raise ConfigurationError(
            f"cannot use the store path {path!r}: {e} (no such user, or no home directory). "
            "Give the full path of the SQLite file, e.g. --store /tmp/sessions.sqlite3"
        ) from e


def as_registry(value: object, name: str) -> ToolRegistry:
    """A notebook variable holding a :class:`ToolRegistry`, a tool, or a list of them."""
    if isinstance(value, ToolRegistry):
        return value
    items = [value] if isinstance(value, Tool) or callable(value) else value
    if isinstance(items, list | tuple) and all(isinstance(i, Tool) or callable(i) for i in items):
        return ToolRegistry(items)
    raise ConfigurationError(
        f"--tools {name}: expected a ToolRegistry, a function or a list of functions, got "
        f"{type(value).__name__}"
    )


class SessionBook:
    """Open sessions by id, the default one, and the stores they live in."""

    def __init__(self) -> None:
        self.sessions: dict[str, AgentSession] = {}
        self.default_id: str | None = None
        self.offline_notice_shown = False
        self._stores: dict[str, MemoryStore] = {}

    def store(self, path: str | None) -> MemoryStore:
        """The store of ``path``: a SQLite file (``None`` or ``""``: ``.nbagent/`` under the
        working directory), or a ``postgresql://`` URL shared with other kernels."""
        if path and path.startswith(("postgresql://", "postgres://")):
            key = path
        else:
            key = str((store_path(path) if path else Path.cwd() / DEFAULT_PATH).resolve())
        store = self._stores.get(key)
        if store is None:
            store = self._stores[key] = store_from_url(key)
        return store

    def get(self, session_id: str | None = None) -> AgentSession:
        """The open session ``session_id`` (default: the default one)."""
        wanted = session_id or self.default_id
        if wanted is None:
            raise ConfigurationError(
                "no agent session yet: run `%agent new` or a `%%agent` cell first"
            )
        session = self.sessions.get(wanted)
        if session is None:
            known = ", ".join(sorted(self.sessions)) or "none"
            raise ConfigurationError(
                f"no open session {wanted!r} (open: {known}); open it with "
                f"`%agent new --session {shlex.quote(wanted)}`"
            )
        return session

    def fresh_id(self, store: MemoryStore) -> str:
        taken = set(self.sessions) | set(stored_session_ids(store))
        n = 1
        while f"{SESSION_PREFIX}{n}" in taken:
            n += 1
        return f"{SESSION_PREFIX}{n}"

    def open(
        self,
        *,
        provider: LlmProvider,
        store: MemoryStore,
        session_id: str | None = None,
        model: str | None = None,
        system: str | None = None,
        summary: SummaryConfig | None = None,
        tools: ToolRegistry | None = None,
        compact: CompactConfig | None = None,
        make_default: bool = True,
    ) -> AgentSession:
        """Open (resume when stored) ``session_id``, or a fresh one.

        It becomes the default session when ``make_default`` is set or there is none yet.
        """
        builder = AgentBuilder().provider(provider).store(store).summary_config(summary)
        builder = builder.track_retention()  # notebooks show it: %agent facts, the timeline
        builder = builder.compact_config(compact)
        if model:
            builder = builder.cycle_config(CycleConfig(model=model))
        if system:
            builder = builder.system_prompt(system)
        if tools is not None:
            builder = builder.tool_registry(tools)
        session = builder.build().session(session_id or self.fresh_id(store))
        self.sessions[session.session_id] = session
        if make_default or self.default_id is None:
            self.default_id = session.session_id
        return session

    def reset(self, session_id: str | None = None) -> tuple[AgentSession, AgentSession]:
        """A fresh session with the settings of ``session_id``'s; returns ``(old, new)``.

        What ``%agent config`` gave the old session is saved for the new one too, so it
        survives a restart.
        """
        old = self.get(session_id)
        store = old.bundle.store
        new = AgentSession(self.fresh_id(store), old.bundle).open_sync()
        saved = old.configured
        new.configure_sync(
            summary_config=saved.summary_config,
            compact_config=saved.compact_config,
            system_prompt=saved.system_prompt,
        )
        # The slot's mode and view settings are settings too (`%agent config --mode`); its
        # summary belongs to the old conversation (the new slot has none).
        new.slot.config = new.slot.config.model_copy(
            update={"mode": old.slot.config.mode, "focused": old.slot.focused}
        )
        save_slot(new)
        self.sessions[new.session_id] = new
        self.default_id = new.session_id
        return old, new

    def listing(self, store: MemoryStore) -> list[StoredSession]:
        """The sessions stored in ``store`` and those open on it, by id."""
        open_here = {sid: s for sid, s in self.sessions.items() if s.bundle.store is store}
        rows: list[StoredSession] = []
        for sid in sorted(set(stored_session_ids(store)) | set(open_here)):
            session = open_here.get(sid)
            if session is None:
                session = (
                    AgentBuilder().provider(OfflineProvider()).store(store).build().session(sid)
                )
            rows.append(
                StoredSession(
                    session_id=sid,
                    turns=session.turn_index,
                    messages=len(session.slot),
                    summarised=session.slot.summary_override is not None,
                    open=sid in open_here,
                    default=sid == self.default_id,
                )
            )
        return rows

    def configure(
        self,
        session: AgentSession,
        *,
        summary: SummaryConfig | Unchanged | None = UNCHANGED,
        compact: CompactConfig | Unchanged | None = UNCHANGED,
    ) -> None:
        """Give ``session`` new summary and microcompact settings (``None``: off), saved with
        it so ``%agent new --session ID`` resumes it with them (see
        :meth:`AgentSession.configure`)."""
        session.configure_sync(summary_config=summary, compact_config=compact)

    def close(self) -> None:
        """Forget every session, close their providers' connections and the stores."""
        providers = {id(s.bundle.provider): s.bundle.provider for s in self.sessions.values()}
        for provider in providers.values():
            aclose = getattr(provider, "aclose", None)
            if aclose is None:
                continue
            try:
                run_sync(aclose())
            except Exception as e:  # closing is best effort; the kernel goes on
                _book_logger.warning("closing provider %s failed: %s", provider_label(provider), e)
        self.sessions.clear()
        self.default_id = None
        for store in self._stores.values():
            try:
                run_sync(store.close())
            except Exception as e:  # best effort, as above
                _book_logger.warning("closing store %s failed: %s", store_location(store), e)
        self._stores.clear()


def save_slot(session: AgentSession) -> None:
    """Write the current slot's config now (a mode change survives a restart)."""
    run_sync(session.slot.save(session.bundle.store))


# == Commands: one function per %agent subcommand, run by run() ====================================


@dataclass(frozen=True)
class MagicSettings:
    """What the commands read of the magics' options (``%config AgentMagics.x = ...``).

    ``summary`` and ``compact`` are the settings of new sessions (``None``: off); empty strings
    of the options are ``None`` here.
    """

    default_provider: str | None = None
    default_model: str | None = None
    store_path: str | None = None
    system_prompt: str | None = None
    show_tool_calls: bool = True
    update_interval: float = 0.05
    summary: SummaryConfig | None = None
    compact: CompactConfig | None = None


def show(obj: Any, **kwargs: Any) -> Any:
    """``IPython.display.display`` (typed here once: IPython's is not annotated)."""
    return display(obj, **kwargs)  # type: ignore[no-untyped-call]


def run(
    book: SessionBook,
    settings: MagicSettings,
    args: argparse.Namespace,
    namespace: Mapping[str, object],
) -> None:
    """Run the ``%agent`` subcommand ``args.command``."""
    match args.command:
        case "help":
            print(help_text())
        case "new":
            open_session(
                book,
                settings,
                namespace,
                provider_spec=args.provider,
                model=args.model,
                session_id=args.session,
                system=args.system,
                store_path=args.store,
                tools=args.tools,
            )
        case "config":
            configure(book, settings, args)
        case "pin":
            fact = book.get(args.session).pin_sync(" ".join(args.text))
            print(f"Pinned: {fact.text} (kept in every summary's ledger)")
        case "tokens" | "compaction" | "timeline" | "facts":
            show_table(args.command, book.get(args.session))
        case "watermark":
            show_watermark(book.get(args.session))
        case "cost":
            from nbagent.notebook.cost_view import CostView

            show(CostView.from_session(book.get(args.session)))
        case "summary":
            from nbagent.notebook.summary_view import SummaryView

            show(SummaryView.from_session(book.get(args.session)))
        case "history":
            show_history(book.get(args.session), args.last, settings.show_tool_calls)
        case "reset":
            old, new = book.reset(args.session)
            print(
                f"Session {new.session_id!r} started with the settings of {old.session_id!r}; "
                f"{old.session_id!r} stays stored (`%agent new --session "
                f"{shlex.quote(old.session_id)}` resumes it)."
            )
        case "sessions":
            show_sessions(book, args.store or settings.store_path)
        case "chat":
            from nbagent.notebook.widget import ChatWidget

            show(
                ChatWidget(
                    book.get(args.session),
                    update_interval=settings.update_interval,
                    show_tool_calls=settings.show_tool_calls,
                )
            )
        case other:
            raise AssertionError(f"unhandled %agent command {other!r}")


# -- sessions -----------------------------------------------------------------------------------


def choose_provider(spec: str | None) -> tuple[LlmProvider, bool]:
    """The provider of ``spec`` (else the environment's), with the travel demo for the offline
    provider; ``True`` when nothing named one (no spec, no ``NBAGENT_PROVIDER``), so a key
    variable or the offline fallback chose it."""
    from nbagent.notebook.demo import demo_provider

    if spec:
        return demo_provider(spec), False
    return demo_provider(), not os.environ.get(PROVIDER_ENV_VAR, "").strip()


def open_session(
    book: SessionBook,
    settings: MagicSettings,
    namespace: Mapping[str, object],
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
    registry = None if tools is None else as_registry(_variable(namespace, tools), tools)
    provider, unnamed = choose_provider(provider_spec or settings.default_provider)
    if unnamed and is_offline(provider) and not book.offline_notice_shown:
        book.offline_notice_shown = True
        print(OFFLINE_NOTICE)
    store = book.store(store_path or settings.store_path)
    session = book.open(
        provider=provider,
        store=store,
        session_id=session_id,
        model=model or settings.default_model,
        system=system or settings.system_prompt,
        summary=settings.summary,
        tools=registry,
        compact=settings.compact,
        make_default=make_default,
    )
    state = f"resumed at turn {session.turn_index}" if session.turn_index else "new"
    print(
        f"Session {session.session_id!r} ({state}) · {provider_label(provider)} · "
        f"store {store_location(store)}"
    )
    return session


def session_for_cell(
    book: SessionBook,
    settings: MagicSettings,
    namespace: Mapping[str, object],
    session_id: str | None,
) -> AgentSession:
    """The session a ``%%agent`` cell runs in: the one it names, else the default one, else a
    new one (a named one does not become the default)."""
    if session_id is not None and session_id in book.sessions:
        return book.sessions[session_id]
    if session_id is None and book.default_id is not None:
        return book.get()
    return open_session(
        book, settings, namespace, session_id=session_id, make_default=session_id is None
    )


def _variable(namespace: Mapping[str, object], name: str) -> object:
    if name not in namespace:
        raise UsageProblem(f"no variable {name!r} in the notebook")
    return namespace[name]


# -- config -------------------------------------------------------------------------------------

_SUMMARY_FIELDS = {
    "trigger_ratio": "trigger_token_ratio",
    "max_context": "max_context_tokens",
    "debounce": "debounce_turns",
    "watermark": "watermark",
    "strategy": "strategy",
    "summary_model": "summary_model",
    "summary_timeout": "timeout",
    "language": "prompt_language",
}


def configure(book: SessionBook, settings: MagicSettings, args: argparse.Namespace) -> None:
    """Change what was asked (nothing: just show the settings), then show them."""
    session = book.get(args.session)
    changes = {
        name: getattr(args, option)
        for option, name in _SUMMARY_FIELDS.items()
        if getattr(args, option) is not None
    }
    current = session.bundle.config
    # Only what was asked is given (and saved with the session): plain `%agent config` shows.
    summary: SummaryConfig | Unchanged | None = UNCHANGED
    compact: CompactConfig | Unchanged | None = UNCHANGED
    if args.off:
        summary = None
    elif changes or args.on:
        base = current.summary_config or settings.summary or SummaryConfig()
        summary = dataclasses.replace(base, **changes)
    line = summary if isinstance(summary, SummaryConfig) else current.summary_config
    moved = args.max_context is not None or args.trigger_ratio is not None
    if moved and line is not None and current.compact_config is not None:
        # The microcompact's budget follows the summary's line (halfway between it and the
        # window): a budget at or under a raised line would hold the context under it, and no
        # summary would fire. Only the window and its reserve change: the rest of a custom
        # config (what is kept, protected, how results are cut) stays as the user set it.
        window = CompactConfig.beside_summaries(line.max_context_tokens, line.trigger_token_ratio)
        compact = dataclasses.replace(
            current.compact_config,
            context_window=window.context_window,
            reserved_tokens=window.reserved_tokens,
        )
    book.configure(session, summary=summary, compact=compact)
    if args.mode is not None:
        slot = session.slot
        slot.config = slot.config.model_copy(update={"mode": SlotMode(args.mode)})
        save_slot(session)
    print(settings_text(session))


def _timeout_text(timeout: float | None) -> str:
    return "none" if timeout is None else f"{timeout:g} s"


def settings_text(session: AgentSession) -> str:
    slot = session.slot
    lines = [
        f"Session {session.session_id!r} · {provider_label(session.bundle.provider)} · "
        f"slot {slot.id!r} ({slot.config.mode.value}) · {turns_text(session.turn_index)}"
    ]
    config = session.bundle.config.summary_config
    if config is None:
        lines.append("Summaries: off (`%agent config --on` turns them on)")
    else:
        model = config.summary_model or "the provider's default model"
        lines.append(
            f"Summaries: on · trigger at {config.threshold:,.0f} tokens "
            f"({config.trigger_token_ratio:g} × {config.max_context_tokens:,}) · "
            f"debounce {turns_text(config.debounce_turns)} · watermark {config.watermark} · "
            f"strategy {config.strategy} · language {config.prompt_language} · "
            f"summary model: {model} · summary timeout {_timeout_text(config.timeout)}"
        )
    compact = session.bundle.config.compact_config
    if compact is not None:
        compact = compact.for_summaries(config)  # the session's one window
    if compact is None:
        lines.append("Microcompact: off")
    else:
        lines.append(
            f"Microcompact: when a request passes {compact.budget:,} tokens "
            f"(window {compact.window:,} minus {compact.reserve:,} reserved) · "
            f"the newest {compact.keep_recent} messages kept"
        )
    return "\n".join(lines)


# -- tables, chart, history, sessions -----------------------------------------------------------


def show_table(name: str, session: AgentSession) -> None:
    from nbagent.notebook import tables

    match name:
        case "tokens":
            frame = tables.token_table(session)
            caption = f"Tokens per stored message · session {session.session_id}"
        case "compaction":
            frame = tables.compaction_table(session)
            caption = f"Microcompact decisions · session {session.session_id}"
        case "facts":
            from nbagent.notebook.retention import retention_table

            frame = retention_table(session)
            shown = int(frame["visible"].sum()) if not frame.empty else 0
            caption = (
                f"Facts · {shown} of {len(frame)} visible to the model · session "
                f"{session.session_id}"
            )
        case _:
            frame = tables.timeline_table(session)
            caption = f"Timeline · session {session.session_id}"
    if frame.empty:
        print(f"{caption}: nothing yet.")
        return
    # A Styler has no text/plain of its own (a console, or a notebook viewer without HTML,
    # would show `<Styler at 0x...>`): the frame's text goes with it.
    html = tables.styled(frame, caption=caption).to_html()
    show({"text/plain": f"{caption}\n{frame.to_string(index=False)}", "text/html": html}, raw=True)


def show_watermark(session: AgentSession) -> None:
    from nbagent.notebook.charts import watermark_chart

    show(watermark_chart(session))


def show_history(session: AgentSession, last: int | None, show_tools: bool) -> None:
    from nbagent.notebook._records import view_indices

    slot = session.slot
    messages = list(slot.messages)
    if not messages:
        print(f"Session {session.session_id!r} has no messages yet.")
        return
    shown = view_indices(slot)
    in_view = [i in shown for i in range(len(messages))]
    if last is not None:
        turns = split_turns(messages)[-last:]
        start = len(messages) - sum(1 + len(rest) for _, rest in turns)
        messages, in_view = messages[start:], in_view[start:]
    html = history_html(messages, in_view, show_tools=show_tools)
    text = f"{len(messages)} messages of session {session.session_id!r}"
    show({"text/plain": text, "text/html": html}, raw=True)


def show_sessions(book: SessionBook, store_path: str | None) -> None:
    import pandas as pd

    store = book.store(store_path)
    rows: list[dict[str, Any]] = [dataclasses.asdict(r) for r in book.listing(store)]
    if not rows:
        print(f"No sessions in {store_location(store)} yet: `%agent new` opens one.")
        return
    print(f"Sessions in {store_location(store)}:")
    show(pd.DataFrame(rows))


# == The magic: AgentMagics, %agent and %%agent ====================================================


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
                run(self.book, self.settings(), args, self._namespace())
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

    def settings(self) -> MagicSettings:
        """The options as they are now (``%config`` may change them between two lines)."""
        summary = self._summary_config()
        return MagicSettings(
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
        session = session_for_cell(self.book, settings, namespace, args.session)
        self.run_turn(session, text.strip(), stream=self.stream and not args.no_stream)

    def run_turn(self, session: AgentSession, text: str, *, stream: bool) -> TurnRecord | None:
        """One turn of ``session`` shown in the cell output.

        A failed turn shows its error in place of the reply and raises :class:`CellFailed`, so
        the cell fails and a notebook run stops there.
        """
        show_tools = self.show_tool_calls
        before = len(session.slot)
        handle = show(
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

            show(SummaryCard.from_record(session, record))
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
