"""A server that counts more tokens than the estimate (issue 25 item 1).

The model behind a name changes and its tokenizer counts 1.3x what nbagent estimates: microcompact
keeps the history under its budget by the estimate, the server refuses it as too long. The turn
compacts to the server's measure and sends once more, so it succeeds and its record teaches
the calibration: no later turn is refused.
"""

from __future__ import annotations

import logging

import pytest

from nbagent.errors import ContextWindowExceededError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import (
    AssistantMessage,
    TextBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tokens import estimate_request_tokens
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import make_session

WINDOW = 8_000
RATIO = 1.3


@tool
def fetch(page: int) -> str:
    """A long page of rows."""
    return "\n".join(f"row {page}-{i}: value {i * 37 % 1000} of item {i}" for i in range(150))


class NewTokenizer(OfflineProvider):
    """Counts as the estimate for ``switch_after`` turns, then ``RATIO`` times it (the model
    behind the name changed), and refuses a request over ``WINDOW`` as an OpenAI-compatible
    server words it; each prompt asks for one page, then answers."""

    def __init__(self, switch_after: int = 4) -> None:
        self.refused = 0
        self.answered = 0
        self.switch_after = switch_after
        super().__init__(self._answer)

    def _answer(self, request: MessageRequest) -> MessageResponse:
        ratio = RATIO if self.answered >= self.switch_after else 1.0
        counted = int(estimate_request_tokens(request) * ratio)
        if counted > WINDOW:
            self.refused += 1
            raise ContextWindowExceededError(
                f"This model's maximum context length is {WINDOW} tokens. However, your "
                f"messages resulted in {counted} tokens.",
                status_code=400,
            )
        last = request.messages[-1]
        usage = Usage(input_tokens=counted, output_tokens=5)
        if isinstance(last, UserMessage) and not isinstance(last.content[-1], ToolResultBlock):
            page = len([m for m in request.messages if isinstance(m, UserMessage)])
            call = ToolUseBlock(id=f"call_{page}", name="fetch", input={"page": page})
            return MessageResponse(
                message=AssistantMessage(content=[call]),
                stop_reason=StopReason.TOOL_USE,
                usage=usage,
            )
        assert isinstance(last, ToolResultMessage | UserMessage)
        self.answered += 1
        return MessageResponse(
            message=AssistantMessage(content=[TextBlock(text="Read it.")]), usage=usage
        )


def test_a_turn_the_server_refuses_as_too_long_compacts_to_its_count_and_fits(
    caplog: pytest.LogCaptureFixture,
) -> None:
    provider = NewTokenizer()
    session = make_session(
        provider,
        registry=ToolRegistry([fetch]),
        compact_config=CompactConfig(context_window=WINDOW, reserved_tokens=200),
    )
    with caplog.at_level(logging.WARNING, logger="nbagent.llm.cycle"):
        for i in range(8):
            session.submit_turn_sync(f"read page {i}")
    assert len(session.timeline) == 8  # every turn saved: none locked out
    assert provider.refused >= 1
    assert any("refused the request as too long" in r.getMessage() for r in caplog.records)
    # Each refused turn was compacted to the server's count and sent once more, and its record
    # carries the scale it learned (the calibration's window still holds the older turns).
    factors = [r.calibration_factor for r in session.timeline]
    assert factors[:4] == [1.0] * 4 and factors[4] is not None and factors[4] > 1.3
    assert 1 <= provider.refused <= 4


def test_a_request_still_too_long_after_compacting_is_refused_with_the_servers_error() -> None:
    provider = NewTokenizer()
    session = make_session(
        provider,
        registry=ToolRegistry([fetch]),
        compact_config=CompactConfig(context_window=WINDOW, reserved_tokens=200),
    )
    with pytest.raises(ContextWindowExceededError, match="maximum context length"):
        session.submit_turn_sync("x " * 9_000)  # the prompt alone is over the window
    assert session.timeline == []  # the failed turn saved nothing
    session.submit_turn_sync("read page 1")  # and the session is still usable
    assert len(session.timeline) == 1
