"""The facts of a session's history: the fact book, and the extractor it uses.

::

    facts = extract_facts(Message.user("My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日"))
    [(f.kind, f.text) for f in facts]
    # [('code', 'QX7Y2B'), ('flight', 'CA1234'), ('time', '07:45'), ('date', '3月14日')]

The extractor itself (kinds, normalisation, :func:`found_in`) is pure text work and lives in
:mod:`nbagent.llm.facts`, where microcompact uses it too; its names are re-exported here.
:class:`FactBook` follows one slot's stored history: each fact once, where it was stated, and
the values of the fields a tool declares as key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nbagent.agent._tool_fields import key_field_values
from nbagent.llm.blocks import ToolResultBlock
from nbagent.llm.facts import (
    IDENTIFIER_KINDS,
    Fact,
    FactKind,
    extract_facts,
    extract_text_facts,
    facts_note,
    facts_of,
    found_in,
    keyed_facts,
    message_text,
    normalize,
    visible_facts,
)
from nbagent.llm.messages import AnyMessage, SystemMessage, ToolResultMessage, UserMessage


def tool_field_facts(
    message: ToolResultMessage,
    fields: Sequence[str],
    *,
    turn: int | None = None,
    index: int | None = None,
) -> list[Fact]:
    """The ``TOOL_FIELD`` facts of a tool result: the values of its tool's key ``fields``."""
    values = key_field_values(message_text(message), fields)
    facts = [Fact(value, FactKind.TOOL_FIELD, turn, index, "tool") for value in values]
    return [f for f in facts if f.key]


class FactBook:
    """The facts of one slot's stored history, each found once: a turn extracts only from the
    messages it added. Knows every message that states a fact, so whether the model still sees
    it is a lookup in the view's runs, not a scan of the view.

    ``action_tools`` names the tools whose results count (booking confirmations and the like);
    other tool results (search listings) are context, not facts the user expects kept.
    ``key_fields`` maps a tool to the fields of its results that are facts whatever its
    semantic (``ToolDefinition.key_fields``): their values become ``TOOL_FIELD`` facts.
    """

    def __init__(self) -> None:
        self.pinned: list[Fact] = []
        self._reset()

    def _reset(self) -> None:
        self._first: dict[str, Fact] = {}
        self._statements: dict[str, list[int]] = {}
        self._keys_at: dict[int, tuple[str, ...]] = {}
        self._seen = 0
        self._turn: int | None = None

    def update(
        self,
        messages: Sequence[AnyMessage],
        action_tools: frozenset[str] = frozenset(),
        key_fields: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        if len(messages) < self._seen:  # a different history: start again
            self._reset()
        for index in range(self._seen, len(messages)):
            message = messages[index]
            if isinstance(message, UserMessage) and any(
                not isinstance(b, ToolResultBlock) for b in message.content
            ):
                self._turn = 0 if self._turn is None else self._turn + 1
            if isinstance(message, SystemMessage):
                continue
            # (text, kind, role) by key, in the order found; a Fact is made for a new key only,
            # since most of what a new message states was stated before.
            found: dict[str, tuple[str, FactKind, str]] = {}
            if isinstance(message, ToolResultMessage):
                fields = (key_fields or {}).get(message.tool_name or "", ())
                if fields and not message.is_error:
                    for fact in tool_field_facts(message, fields, turn=self._turn, index=index):
                        found.setdefault(fact.key, (fact.text, fact.kind, fact.role))
            if not isinstance(message, ToolResultMessage) or message.tool_name in action_tools:
                role: str = "tool" if isinstance(message, ToolResultMessage) else message.role
                for text, kind, key in keyed_facts(message_text(message)):
                    found.setdefault(key, (text, kind, role))
            for key, (text, kind, role) in found.items():
                if key not in self._first:
                    self._first[key] = Fact(text, kind, self._turn, index, role)
                self._statements.setdefault(key, []).append(index)
            if found:
                self._keys_at[index] = tuple(found)
        self._seen = len(messages)

    def pin(self, text: str) -> Fact:
        fact = Fact(text, FactKind.PINNED, self._turn, None, "user")
        if fact.key not in {f.key for f in self.pinned}:
            self.pinned.append(fact)
        return fact

    def facts(self, upto: int | None = None) -> list[Fact]:
        """Pinned facts, then every fact first stated before stored index ``upto``."""
        if upto is None:
            return [*self.pinned, *self._first.values()]
        stated = [f for f in self._first.values() if (f.message_index or 0) < upto]
        return [*self.pinned, *stated]

    def statements(self, key: str) -> list[int]:
        """The stored indices of the messages stating the fact ``key``, oldest first."""
        return self._statements.get(key, [])

    def statements_by_key(self) -> Mapping[str, list[int]]:
        """:meth:`statements` of every fact at once (read only): what retention reads each turn
        for every fact."""
        return self._statements

    def keys_stated_at(self) -> Mapping[int, tuple[str, ...]]:
        """The keys each stored index states (read only; indices stating none are absent):
        :meth:`statements` the other way round."""
        return self._keys_at


__all__ = [
    "IDENTIFIER_KINDS",
    "Fact",
    "FactBook",
    "FactKind",
    "extract_facts",
    "extract_text_facts",
    "facts_note",
    "facts_of",
    "found_in",
    "message_text",
    "normalize",
    "tool_field_facts",
    "visible_facts",
]
