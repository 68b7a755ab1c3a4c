"""Tool-call arguments as the model sent them: parsed, or kept raw when they are not JSON.

A model sometimes sends arguments that do not parse — cut off (``{"path": "~/x", "dry_run": tru``)
or not an object (``[1, 2]``). Reading those as ``{}`` would run the tool with its defaults, and a
destructive default would run. Instead :func:`parse_tool_arguments` keeps the raw text under the
reserved key :data:`INVALID_JSON_KEY`, so the :class:`~nbagent.llm.blocks.ToolUseBlock` still says
what the model sent (tables show it, the request mappers send it back verbatim with
:func:`wire_arguments`) and the tool registry answers with an error result instead of running the
tool.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

INVALID_JSON_KEY = "__nbagent_invalid_json__"
"""The one key of a tool input whose raw text was not a JSON object; its value is that text."""


def parse_tool_arguments(raw: str) -> dict[str, Any]:
    """The JSON object ``raw`` holds; ``{}`` for empty text; else ``{INVALID_JSON_KEY: raw}``."""
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return {INVALID_JSON_KEY: raw}
    return value if isinstance(value, dict) else {INVALID_JSON_KEY: raw}


def invalid_arguments_text(arguments: Mapping[str, Any]) -> str | None:
    """The raw text of arguments :func:`parse_tool_arguments` could not read, else ``None``."""
    if len(arguments) != 1:
        return None
    raw = arguments.get(INVALID_JSON_KEY)
    return raw if isinstance(raw, str) else None


def arguments_problem(raw: str) -> str:
    """Why ``raw`` is not a JSON object, in words the model can act on."""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as e:
        return f"the arguments are not valid JSON ({e.msg}: line {e.lineno} column {e.colno})"
    except RecursionError:
        return "the arguments are not valid JSON (nested too deeply)"
    return f"the arguments must be a JSON object, got {type(value).__name__}"


def wire_arguments(arguments: Mapping[str, Any]) -> str:
    """The arguments text to send back to a provider: the model's own text when it did not
    parse (so the model never sees :data:`INVALID_JSON_KEY`), else the JSON of ``arguments``."""
    raw = invalid_arguments_text(arguments)
    return raw if raw is not None else json.dumps(arguments, ensure_ascii=False)
