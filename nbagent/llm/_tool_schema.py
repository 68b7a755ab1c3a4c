"""A tool's input schema, read from its function's signature, type hints and docstring.

Kept apart from :mod:`nbagent.llm.tools` (which runs the tools): this half only inspects a
callable and builds the pydantic model its arguments are validated with, and the JSON schema the
model is shown.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.json_schema import GenerateJsonSchema

from nbagent.errors import ToolError


class _NoFieldTitles(GenerateJsonSchema):
    # Per-field titles only repeat the parameter name and cost the model tokens.
    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of an :func:`arguments_model`, without the titles the model needs not."""
    schema = model.model_json_schema(schema_generator=_NoFieldTitles)
    schema.pop("title", None)
    return schema


def described_function(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The function whose hints and docstring describe ``fn``'s parameters.

    A ``functools.partial`` has neither: its wrapped function does. A callable object's own
    annotations are its class attributes, not its parameters: its ``__call__`` describes those.
    """
    while isinstance(fn, functools.partial):
        fn = fn.func
    if inspect.isroutine(fn) or inspect.isclass(fn):
        return fn
    call: Callable[..., Any] = type(fn).__call__
    return call


def docstring(fn: Callable[..., Any], target: Callable[..., Any]) -> str | None:
    """``target``'s own docstring, else (a callable object) its class's; never the generic
    text ``inspect.getdoc`` would inherit (``functools.partial``'s, ``object.__call__``'s)."""
    if target is fn:
        return inspect.getdoc(fn)
    if target.__doc__:
        return inspect.cleandoc(target.__doc__)
    return None if isinstance(fn, functools.partial) else inspect.getdoc(fn)


def field_name(param: str) -> str:
    # Parameters that shadow BaseModel attributes (json, schema, model_*) get an aliased field.
    if param.startswith("model_") or hasattr(BaseModel, param):
        return f"field_{param}"
    return param


def arguments_model(
    fn: Callable[..., Any],
    tool_name: str,
    signature: inspect.Signature,
    param_docs: Mapping[str, str],
) -> type[BaseModel]:
    """The model that validates ``fn``'s arguments: a field per parameter, extra keys refused."""
    try:
        hints = inspect.get_annotations(fn, eval_str=True)
    except Exception as e:
        raise ToolError(
            f"cannot read the type hints of tool {tool_name!r} ({type(e).__name__}: {e}); "
            "define the types it uses at module level"
        ) from e
    fields: dict[str, Any] = {}
    for param in signature.parameters.values():
        if param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            raise ToolError(
                f"tool {tool_name!r} takes {'*' if param.kind is param.VAR_POSITIONAL else '**'}"
                f"{param.name}: tools need named parameters so the "
                "model can fill them from a JSON schema"
            )
        annotation = hints.get(param.name, Any)
        default = ... if param.default is inspect.Parameter.empty else param.default
        # Only set what is known, so Annotated[..., Field(description=...)] keeps its own.
        extra: dict[str, Any] = {}
        if field_name(param.name) != param.name:
            extra["alias"] = param.name
        if param.name in param_docs:
            extra["description"] = param_docs[param.name]
        fields[field_name(param.name)] = (annotation, Field(default, **extra))
    try:
        return create_model(
            f"{tool_name}_arguments",
            __config__=ConfigDict(extra="forbid", arbitrary_types_allowed=False),
            **fields,
        )
    except Exception as e:
        raise ToolError(
            f"cannot build a JSON schema for tool {tool_name!r} ({type(e).__name__}: {e}); "
            "annotate its parameters with JSON-friendly types (str, int, float, bool, list, "
            "dict, Literal, enums, pydantic models)"
        ) from e
