"""Deprecated: the content blocks live in :mod:`nbagent.llm.messages` now, beside the messages
made of them (blocks and messages are one IR). This module re-exports its old names for one
release, with a ``DeprecationWarning``."""

import warnings

from nbagent.llm.messages import (
    INVALID_JSON_KEY,
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    ValidJson,
    ValidText,
    arguments_problem,
    blocks_from,
    invalid_arguments_text,
    parse_tool_arguments,
    text_of,
    valid_json_strings,
    valid_unicode,
    wire_arguments,
)

warnings.warn(
    "nbagent.llm.blocks moved to nbagent.llm.messages; "
    "this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = [
    "INVALID_JSON_KEY",
    "AudioBlock",
    "ContentBlock",
    "ExtensionBlock",
    "FileBlock",
    "ImageBlock",
    "TextBlock",
    "ThinkingBlock",
    "ToolResultBlock",
    "ToolUseBlock",
    "ValidJson",
    "ValidText",
    "arguments_problem",
    "blocks_from",
    "invalid_arguments_text",
    "parse_tool_arguments",
    "text_of",
    "valid_json_strings",
    "valid_unicode",
    "wire_arguments",
]
