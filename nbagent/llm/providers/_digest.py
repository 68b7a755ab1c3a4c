"""The digest offline response and tool-call ids are cut from: a request's JSON."""

from __future__ import annotations

import hashlib

from nbagent.llm.request import MessageRequest

_NO_MESSAGES = '"messages":[]'


def _json(request: MessageRequest) -> str:
    # Without key fields (bookkeeping that came later): recorded ids stay what they were.
    return request.model_dump_json(
        include={"model", "messages", "tools", "metadata"},
        exclude={"tools": {"__all__": {"key_fields"}}},
    )


def request_digest(request: MessageRequest, messages_json: bytes | None = None) -> str:
    """The SHA-256 of ``request``'s JSON. ``messages_json``: its messages' JSON objects joined
    by commas, when the caller has them made (the digest is of the same bytes)."""
    if messages_json is None:
        return hashlib.sha256(_json(request).encode()).hexdigest()
    shell = _json(request.model_copy(update={"messages": []}))
    # A JSON string holds no unescaped quote, so the first match is the field itself.
    at = shell.index(_NO_MESSAGES) + len(_NO_MESSAGES) - 1
    payload = b"".join((shell[:at].encode(), messages_json, shell[at:].encode()))
    return hashlib.sha256(payload).hexdigest()


__all__ = ["request_digest"]
