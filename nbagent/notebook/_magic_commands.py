"""The ``%agent`` subcommands: one function each, called by :meth:`AgentMagics.agent`.

Tables, the chart and the summary come from :mod:`~nbagent.notebook.tables`,
:mod:`~nbagent.notebook.charts` and :mod:`~nbagent.notebook.summary_view`, imported when first
used so loading the extension stays cheap.
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
from typing import TYPE_CHECKING, Any

from IPython.display import display

from nbagent.agent._settings import UNCHANGED, Unchanged
from nbagent.agent.context import SlotMode
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.compact import CompactConfig
from nbagent.notebook._magic_args import help_text
from nbagent.notebook._render import history_html, split_turns, turns_text
from nbagent.notebook._sessions import compact_for_window, provider_label, save_slot

if TYPE_CHECKING:
    from nbagent.notebook.magics import AgentMagics


def show(obj: Any, **kwargs: Any) -> Any:
    """``IPython.display.display`` (typed here once: IPython's is not annotated)."""
    return display(obj, **kwargs)  # type: ignore[no-untyped-call]


def run(magics: AgentMagics, args: argparse.Namespace) -> None:
    match args.command:
        case "help":
            print(help_text())
        case "new":
            magics.open_session(
                provider_spec=args.provider,
                model=args.model,
                session_id=args.session,
                system=args.system,
                store_path=args.store,
                tools=args.tools,
            )
        case "config":
            configure(magics, args)
        case "tokens" | "compaction" | "timeline":
            show_table(args.command, magics.book.get(args.session))
        case "watermark":
            show_watermark(magics.book.get(args.session))
        case "summary":
            from nbagent.notebook.summary_view import show_summary

            show(show_summary(magics.book.get(args.session)))
        case "history":
            show_history(magics, magics.book.get(args.session), args.last)
        case "reset":
            old, new = magics.book.reset(args.session)
            print(
                f"Session {new.session_id!r} started with the settings of {old.session_id!r}; "
                f"{old.session_id!r} stays stored (`%agent new --session "
                f"{shlex.quote(old.session_id)}` resumes it)."
            )
        case "sessions":
            show_sessions(magics, args.store)
        case "chat":
            from nbagent.notebook.widget import ChatWidget

            show(
                ChatWidget(
                    magics.book.get(args.session),
                    update_interval=magics.update_interval,
                    show_tool_calls=magics.show_tool_calls,
                )
            )
        case other:
            raise AssertionError(f"unhandled %agent command {other!r}")


# -- config -------------------------------------------------------------------------------------

_SUMMARY_FIELDS = {
    "trigger_ratio": "trigger_token_ratio",
    "max_context": "max_context_tokens",
    "debounce": "debounce_turns",
    "watermark": "watermark",
    "strategy": "strategy",
    "summary_model": "summary_model",
}


def configure(magics: AgentMagics, args: argparse.Namespace) -> None:
    """Change what was asked (nothing: just show the settings), then show them."""
    session = magics.book.get(args.session)
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
        base = current.summary_config or magics.default_summary_config() or SummaryConfig()
        summary = dataclasses.replace(base, **changes)
    if args.max_context is not None and current.compact_config is not None:
        compact = compact_for_window(args.max_context)
    magics.book.configure(session, summary=summary, compact=compact)
    if args.mode is not None:
        slot = session.slot
        slot.config = slot.config.model_copy(update={"mode": SlotMode(args.mode)})
        save_slot(session)
    print(settings_text(session))


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
            f"strategy {config.strategy} · summary model: {model}"
        )
    compact = session.bundle.config.compact_config
    if compact is None:
        lines.append("Microcompact: off")
    else:
        lines.append(
            f"Microcompact: when a request passes {compact.budget:,} tokens "
            f"(window {compact.context_window:,} minus {compact.reserved_tokens:,} reserved) · "
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


def show_history(magics: AgentMagics, session: AgentSession, last: int | None) -> None:
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
    html = history_html(messages, in_view, show_tools=magics.show_tool_calls)
    text = f"{len(messages)} messages of session {session.session_id!r}"
    show({"text/plain": text, "text/html": html}, raw=True)


def show_sessions(magics: AgentMagics, store_path: str | None) -> None:
    import pandas as pd

    store = magics.book.store(store_path or magics.store_path or None)
    rows: list[dict[str, Any]] = [dataclasses.asdict(r) for r in magics.book.listing(store)]
    if not rows:
        print(f"No sessions in {store.path} yet: `%agent new` opens one.")
        return
    print(f"Sessions in {store.path}:")
    show(pd.DataFrame(rows))


__all__ = ["configure", "run", "settings_text", "show"]
