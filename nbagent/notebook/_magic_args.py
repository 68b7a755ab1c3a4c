"""Argument parsing for ``%agent`` and ``%%agent``: argparse that reports instead of exiting.

A bad line raises :class:`UsageProblem` carrying the message and the usage of the subcommand it
concerns; the magic prints it (no traceback). ``--help`` raises :class:`HelpShown` after the help
text was printed.
"""

from __future__ import annotations

import argparse
import math
import shlex
from typing import Any, NoReturn

from nbagent.errors import NbAgentError

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


__all__ = [
    "COMMANDS",
    "HelpShown",
    "UsageProblem",
    "cell_parser",
    "expand",
    "help_text",
    "line_parser",
    "parse",
    "split",
]
