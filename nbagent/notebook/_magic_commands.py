"""The ``%agent`` subcommands: one function each, run by :func:`run` with what they read.

A command gets the :class:`SessionBook` of the notebook, the :class:`MagicSettings` (the magics'
options, taken when the line runs), the parsed arguments and the notebook's namespace (for
``--tools NAME``); it never calls back into :class:`~nbagent.notebook.magics.AgentMagics`.

Tables, the chart and the summary come from :mod:`~nbagent.notebook.tables`,
:mod:`~nbagent.notebook.charts` and :mod:`~nbagent.notebook.summary_view`, imported when first
used so loading the extension stays cheap.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from IPython.display import display

from nbagent.agent import UNCHANGED, AgentSession, SlotMode, SummaryConfig, Unchanged
from nbagent.llm.compact import CompactConfig
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.registry import PROVIDER_ENV_VAR
from nbagent.notebook._magic_args import UsageProblem, help_text
from nbagent.notebook._render import history_html, split_turns, turns_text
from nbagent.notebook._sessions import (
    OFFLINE_NOTICE,
    SessionBook,
    as_registry,
    is_offline,
    provider_label,
    save_slot,
    store_location,
)


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


__all__ = [
    "MagicSettings",
    "choose_provider",
    "configure",
    "open_session",
    "run",
    "session_for_cell",
    "settings_text",
    "show",
]
