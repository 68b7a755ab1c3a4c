"""Shared workload of the session benchmarks: realistic tool results, seeded histories, tools.

Everything is deterministic: the RNG is seeded, and a tool's result depends only on its input.
Tool results look like what agents really read back: search results as a JSON array, file reads
as source lines, database rows as a table, and short status confirmations.
"""

from __future__ import annotations

import json
import random
from typing import Any

from nbagent.llm.messages import AnyMessage, Message, TextBlock, ToolUseBlock
from nbagent.llm.request import ResultSemantic
from nbagent.llm.tools import Tool, ToolRegistry, tool

SEED = 20240622
SYSTEM_PROMPT = "You are a research assistant. Cite the sources you use."

_TOPICS = ["rust async", "vector search", "kv cache", "tokenizers", "jupyter widgets", "sqlite wal"]
_WORDS = [
    *("the", "a", "of", "to", "and", "in", "data", "model", "result", "cache", "token", "query"),
    *("file", "index", "value", "time"),
]
_NAMES = ["Lovelace", "Hopper", "Turing", "Knuth", "Liskov", "Ritchie", "Dijkstra", "Hamilton"]


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words))


def _rng(*key: object) -> random.Random:
    """A generator seeded by ``key`` (stable across processes, unlike ``hash``)."""
    return random.Random(f"{SEED}:{key!r}")


def search_results(query: str, limit: int) -> list[dict[str, Any]]:
    """``limit`` search hits of about 250 characters each."""
    rng = _rng("search", query, limit)
    hits = []
    for _ in range(limit):
        n = rng.randrange(10_000, 99_999)
        hits.append(
            {
                "id": f"doc-{n}",
                "title": f"{query.title()} notes {n} by {rng.choice(_NAMES)}",
                "url": f"https://example.org/papers/{n}",
                "snippet": _sentence(rng, 20),
                "published": f"20{rng.randrange(15, 25)}-{rng.randrange(1, 13):02d}-"
                f"{rng.randrange(1, 29):02d}",
                "score": round(rng.random(), 4),
            }
        )
    return hits


def file_text(path: str, lines: int) -> str:
    """``lines`` lines of Python-like source, about 60 characters each."""
    rng = _rng("file", path, lines)
    out = [f"# {path}"]
    for i in range(lines):
        args = ", ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 5)))
        out.append(f"    value_{i}_{rng.randrange(1000)} = compute({args})")
    return "\n".join(out)


def table_rows(table: str, rows: int) -> str:
    """A CSV-like table of ``rows`` rows, about 45 characters each."""
    rng = _rng("table", table, rows)
    out = ["id,name,region,amount,updated_at"]
    for _ in range(rows):
        out.append(
            f"{rng.randrange(10**6)},{rng.choice(_NAMES)},eu-{rng.randrange(9)},"
            f"{rng.random() * 1000:.2f},2024-06-{rng.randrange(1, 29):02d}"
        )
    return "\n".join(out)


def status_text(action: str, detail_words: int) -> dict[str, Any]:
    """A status confirmation: ``{"status": "ok", ...}`` of 0.2-1 KB."""
    rng = _rng("status", action, detail_words)
    return {
        "status": "ok",
        "action": action,
        "id": f"op-{rng.randrange(10**6)}",
        "detail": _sentence(rng, detail_words),
    }


# -- the tools (semantics declared as the compaction matrix reads them) ------------------------


@tool(result_semantic=ResultSemantic.FACTUAL)
def search(query: str, limit: int = 10) -> list[dict[str, Any]]:
    """Search the paper index.

    Args:
        query: What to look for.
        limit: How many hits to return.
    """
    return search_results(query, limit)


@tool(result_semantic=ResultSemantic.FACTUAL)
def query_db(table: str, rows: int = 20) -> str:
    """Read rows of a database table.

    Args:
        table: Table name.
        rows: How many rows to read.
    """
    return table_rows(table, rows)


@tool(result_semantic=ResultSemantic.MIXED)
def read_file(path: str, lines: int = 50) -> str:
    """Read the first lines of a source file.

    Args:
        path: File path.
        lines: How many lines to read.
    """
    return file_text(path, lines)


@tool(result_semantic=ResultSemantic.ACTION)
def update_ticket(ticket: str, note_words: int = 40) -> dict[str, Any]:
    """Add a note to a ticket and confirm.

    Args:
        ticket: Ticket id.
        note_words: Length of the note.
    """
    return status_text(f"update {ticket}", note_words)


TOOLS: list[Tool[..., Any]] = [search, query_db, read_file, update_ticket]
FACTUAL_TOOLS = frozenset(t.name for t in TOOLS if t.result_semantic is ResultSemantic.FACTUAL)


def registry() -> ToolRegistry:
    return ToolRegistry(TOOLS)


def random_call(rng: random.Random, call_id: str) -> ToolUseBlock:
    """A tool call whose result is 0.2-20 KB (status confirmations 0.2-1 KB)."""
    kind = rng.choices(["search", "query_db", "read_file", "update_ticket"], [4, 2, 3, 2])[0]
    topic = rng.choice(_TOPICS)
    size = int(200 * 100 ** rng.random())  # log-uniform 0.2-20 KB
    match kind:
        case "search":
            args: dict[str, Any] = {"query": topic, "limit": max(1, size // 260)}
        case "query_db":
            args = {"table": topic.replace(" ", "_"), "rows": 1 + size // 40}
        case "read_file":
            args = {"path": f"src/{topic.replace(' ', '_')}.py", "lines": 1 + size // 40}
        case _:
            args = {"ticket": f"T-{rng.randrange(1000)}", "note_words": rng.randint(30, 150)}
    return ToolUseBlock(id=call_id, name=kind, input=args)


def result_text(call: ToolUseBlock) -> str:
    """The text the registry sends back for ``call`` (JSON for dicts and lists)."""
    fn = {t.name: t for t in TOOLS}[call.name].fn
    value = fn(**call.input)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def seeded_history(n: int, seed: int = SEED, prefix: str = "seed") -> list[AnyMessage]:
    """``n`` messages of finished turns: a prompt, 1-2 tool rounds, a reply quoting a result."""
    rng = random.Random(seed)
    messages: list[AnyMessage] = [Message.system(SYSTEM_PROMPT)]
    call = 0
    while True:
        topic = rng.choice(_TOPICS)
        turn: list[AnyMessage] = [
            Message.user(f"Look into {topic}: {_sentence(rng, rng.randint(5, 30))}")
        ]
        quoted = ""
        for _ in range(rng.randint(1, 2)):
            call += 1
            use = random_call(rng, f"{prefix}_{call:06d}")
            turn.append(Message.assistant([TextBlock(text=f"Calling {use.name}."), use]))
            text = result_text(use)
            turn.append(Message.tool_result(use.id, text, tool_name=use.name))
            quoted = quoted or text[40:90]
        turn.append(Message.assistant(f"Found it. {quoted} {_sentence(rng, 20)}"))
        if len(messages) + len(turn) > n:
            break
        messages += turn
    # Fill up to exactly n with short exchanges, so no tool use is left without its result.
    if (n - len(messages)) % 2:
        messages.append(Message.assistant("Noted."))
    while len(messages) < n:
        messages += [Message.user("Thanks."), Message.assistant("Noted.")]
    return messages


def to_langchain(messages: list[AnyMessage]) -> list[Any]:
    """The same history as LangChain messages (for the peer timings)."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[Any] = []
    for m in messages:
        match m.role:
            case "system":
                out.append(SystemMessage(m.text()))
            case "user":
                out.append(HumanMessage(m.text()))
            case "assistant":
                calls = [
                    {"id": b.id, "name": b.name, "args": b.input}
                    for b in m.content
                    if isinstance(b, ToolUseBlock)
                ]
                out.append(AIMessage(content=m.text(), tool_calls=calls))
            case "tool":
                out.append(ToolMessage(m.text(), tool_call_id=m.tool_call_id))
    return out


__all__ = [
    "FACTUAL_TOOLS",
    "SEED",
    "SYSTEM_PROMPT",
    "TOOLS",
    "random_call",
    "registry",
    "result_text",
    "seeded_history",
    "to_langchain",
]
