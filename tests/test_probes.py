"""Probes asked of a model: over the next request's view, scored, costed apart, harmless."""

from __future__ import annotations

from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ProviderError
from nbagent.llm.messages import Message, UserMessage
from nbagent.llm.pricing import CostTracker, Usage
from nbagent.llm.providers.offline import FunctionProvider, Reply
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.notebook.retention import (
    PROBE_PURPOSE,
    Probe,
    ProbeResult,
    ask_probes,
    check_probes,
)
from tests.agent_support import make_session, reply

PROMPTS = ["Book flight CA1234 on 2026-04-03", "The hotel ref is QX7Y2B, it costs €1,250"]
PROBES = [
    Probe("Which flight do I take?", "ca 1234"),
    Probe("What does the hotel cost?", "1250 EUR"),
    Probe("What is my seat?", "14C"),
]


class Model:
    """Turns answer ``ok`` (10 in, 2 out); probes answer from the question, 50 in and 5 out."""

    def __init__(self) -> None:
        self.probe_requests: list[MessageRequest] = []

    def __call__(self, request: MessageRequest) -> Reply:
        if request.metadata.get("purpose") != PROBE_PURPOSE:
            return reply("ok", input_tokens=10, output_tokens=2)
        self.probe_requests.append(request)
        question = request.messages[-1]
        assert isinstance(question, UserMessage)
        answers = {
            "Which flight do I take?": "You fly CA 1234 on April 3.",
            "What does the hotel cost?": "It costs €1,250.",
            "What is my seat?": "I do not know your seat.",
        }
        answer = answers.get(question.text())
        if answer is None:
            return ProviderError("the probe model is down")
        return MessageResponse(
            message=reply(answer).message, usage=Usage(input_tokens=50, output_tokens=5)
        )


def session_with(model: Model, store: InMemoryStore | None = None) -> AgentSession:
    session = make_session(
        FunctionProvider(model),
        store=store or InMemoryStore(),
        summary=SummaryConfig(max_context_tokens=10_000),
        system_prompt="You are a travel agent.",
    )
    for prompt in PROMPTS:
        session.submit_turn_sync(prompt)
    return session


def snapshot(session: AgentSession) -> tuple[object, ...]:
    return (
        list(session.slot.messages),
        session.cost_so_far.total,
        session.cost_so_far.calls,
        session.summary_cost.total,
        len(session.timeline),
        session.turn_index,
    )


def test_not_asked_the_check_is_deterministic_and_makes_no_call() -> None:
    model = Model()
    session = session_with(model)
    results = check_probes(session, PROBES)
    assert [r.in_view for r in results] == [True, True, False]
    assert results[0] == ProbeResult(PROBES[0], True)
    assert [(r.answer, r.answered_correctly, r.usage) for r in results] == [(None, None, None)] * 3
    assert model.probe_requests == [] and results.cost.calls == 0


def test_asked_the_model_answers_over_the_view_and_the_answers_are_scored() -> None:
    model = Model()
    store = InMemoryStore()
    session = session_with(model, store)
    before = snapshot(session)
    view = session.request_messages()
    results = check_probes(session, PROBES, ask=True)
    assert [(r.in_view, r.answered_correctly) for r in results] == [
        (True, True),
        (True, True),  # "€1,250" is "1250 EUR", normalised
        (False, False),
    ]
    assert results[0].answer == "You fly CA 1234 on April 3."
    # Each call: the view the next turn would send plus the question, without tools.
    assert len(model.probe_requests) == 3
    for request, probe in zip(model.probe_requests, PROBES, strict=True):
        assert request.messages[:-1] == view
        assert request.messages[-1] == Message.user(probe.question)
        assert request.tools == [] and request.tool_choice is None
    # The cost is apart; the session did not change and saved nothing.
    assert results.cost.calls == 3
    assert results.cost.total == Usage(input_tokens=150, output_tokens=15)
    assert [r.usage for r in results] == [Usage(input_tokens=50, output_tokens=5)] * 3
    assert snapshot(session) == before
    assert session.cost_so_far.total == Usage(input_tokens=20, output_tokens=4)
    again = make_session(FunctionProvider(model), store=store)
    assert list(again.slot.messages) == list(session.slot.messages)
    assert (again.cost_so_far.total, len(again.timeline)) == (session.cost_so_far.total, 2)


async def test_a_failing_probe_call_is_recorded_and_the_session_is_untouched() -> None:
    model = Model()
    session = session_with(model)
    before = snapshot(session)
    tracker = CostTracker()
    probes = [Probe("Who am I?", "Wei"), PROBES[0]]
    results = await ask_probes(session, probes, cost=tracker)
    failed, answered = results
    assert failed == ProbeResult(probes[0], False, error="ProviderError: the probe model is down")
    assert answered.answered_correctly is True
    assert results.cost is tracker and tracker.calls == 1
    assert snapshot(session) == before
    # The session still runs turns as before.
    session.submit_turn_sync("Thanks")
    assert session.turn_index == 3


async def test_another_provider_may_answer_with_its_own_model() -> None:
    model, other = Model(), Model()
    session = session_with(model)
    provider = FunctionProvider(other, model="judge-1")
    results = await ask_probes(session, PROBES[:1], provider=provider)
    assert results[0].answered_correctly is True
    assert model.probe_requests == [] and len(other.probe_requests) == 1
    assert other.probe_requests[0].model == ""  # the provider's own
    named = await ask_probes(session, PROBES[:1], provider=provider, model="judge-2")
    assert named[0].answered_correctly is True and other.probe_requests[1].model == "judge-2"
