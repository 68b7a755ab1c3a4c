"""nbagent's summary in the third-party compaction-conformance-kit (benchmarks/_conformance.py).

The kit's seeded session (20 canaries, 4 of each type) through the kit's own runner, 2 rounds at
a 30% budget: the structure of what the runner gets back, and nbagent's survival as measured
today as floors. The full comparison is ``python -m benchmarks conformance``.
"""

from __future__ import annotations

from compaction_kit import (
    CanaryType,
    CompactedContext,
    Turn,
    build_seeded_session,
    run_conformance,
    seeded_canaries,
)
from compaction_kit.cli import COMPACTORS

from benchmarks._conformance import (
    NAME_WITH_TAIL,
    NbagentCompactor,
    render_messages,
    turns_to_messages,
)
from nbagent.agent.context import FocusedConfig
from nbagent.llm.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)

ROUNDS = 2
BUDGET = 0.30

TODAY = {
    "safety_rule": 1.0,
    "hard_constraint": 0.75,
    "fact": 1.0,
    "goal_state": 0.75,
    "user_preference": 1.0,
}
"""Floors of nbagent's survival per type, in both rounds, as measured on 2026-12-02. On the
working tree of that day (summary and ledger work in progress, uncommitted): 100/75/100/100/100%
(constraint-002 lost: "No external network calls from the sandbox." is neither kept by the
summary nor listed by the ledger), 3,030 characters out against a budget of 2,598 in both
rounds. At commit 8428915 goal_state was 75% as well (goal-001's "Next step is token refresh
handling." was not kept) and the output grew from 2,925 to 3,265. The floors hold for both."""


def _kinds(messages: list) -> list[tuple[type, str]]:
    return [(type(m), m.text()) for m in messages]


def test_turns_map_to_messages_and_a_rendered_view_maps_back() -> None:
    turns = [
        Turn("system", "You are a coding assistant."),
        Turn("user", "HARD CONSTRAINT: Budget cap is $500 total."),
        Turn("assistant", "Noted."),
        Turn("tool", "exit 0"),
    ]
    messages = turns_to_messages(turns)
    assert _kinds(messages) == [
        (SystemMessage, "You are a coding assistant."),
        (UserMessage, "HARD CONSTRAINT: Budget cap is $500 total."),
        (AssistantMessage, "Noted."),
        (ToolResultMessage, "exit 0"),
    ]
    assert isinstance(messages[3], ToolResultMessage) and messages[3].tool_call_id == "kit"
    # A previous round's output comes back as one system turn: it is read back into the
    # focused view it rendered, the summary (several lines, a ledger) as one system message.
    marker = FocusedConfig().summary_marker
    summary = f"{marker} Summary (offline, extractive):\n- User: a rule\n\n[Key facts]\nt3: $500"
    view = [
        Message.system("You are a coding assistant."),
        Message.user("Continue."),
        Message.assistant("Acknowledged."),
        Message.system(summary),
    ]
    text = render_messages(view)
    assert text.splitlines()[0] == "[system] You are a coding assistant."
    assert _kinds(turns_to_messages([Turn("system", text)])) == _kinds(view)


def test_seeded_session_two_rounds_at_30_percent() -> None:
    session = build_seeded_session()
    run = run_conformance(session, NbagentCompactor(), rounds=ROUNDS, budget_fraction=BUDGET)
    budget = int(len(session.full_text()) * BUDGET)
    marker = FocusedConfig().summary_marker
    assert run.compactor_name == "nbagent"
    assert [r.round_num for r in run.rounds] == [1, 2]
    for result in run.rounds:
        context = result.context
        assert isinstance(context, CompactedContext)
        assert (context.compactor_name, context.round_num) == ("nbagent", result.round_num)
        assert result.budget_chars == budget == 2_598
        assert result.output_chars == len(context.text)
        assert result.within_budget == (result.output_chars <= budget)
        assert set(result.survived) == {c.id for c in seeded_canaries()}
        assert set(result.survival_by_type) == {t.value for t in CanaryType}
        # The focused view: the system prompt, then the summary (no turn kept verbatim).
        lines = context.text.splitlines()
        assert lines[0] == "[system] " + session.turns[0].text
        assert lines[1].startswith(f"[system] {marker} ")
        assert not any(line.startswith(("[user] ", "[assistant] ")) for line in lines)
        for ctype, floor in TODAY.items():
            assert result.survival_by_type[ctype] >= floor, (result.round_num, ctype)
    first, second = run.rounds
    assert first.input_chars == len(session.full_text())
    assert second.input_chars == len(f"[system] {first.context.text}")  # round 1's output


def test_with_its_tail_the_view_ends_on_the_last_two_turns_verbatim() -> None:
    session = build_seeded_session()
    budget = int(len(session.full_text()) * BUDGET)
    with_tail = NbagentCompactor(name=NAME_WITH_TAIL, keep_recent_turns=2)
    context = with_tail.compact(list(session.turns), 1, budget)
    users = [i for i, t in enumerate(session.turns) if t.role == "user"]
    tail = [f"[{t.role}] {t.text}" for t in session.turns[users[-2] :]]
    assert context.text.endswith("\n".join(tail))
    assert context.compactor_name == NAME_WITH_TAIL
    assert len(context.text) <= budget


def test_nbagent_at_least_the_best_kit_compactor_within_budget() -> None:
    """On the kit's seeded session at its budget, every type, every round (the benchmark's
    10% and 20% budgets on the randomized corpus are ``make bench``'s, not yet met there)."""
    session = build_seeded_session()
    kit = [
        run_conformance(session, factory(), rounds=ROUNDS, budget_fraction=BUDGET)
        for factory in COMPACTORS.values()
    ]
    ours = run_conformance(session, NbagentCompactor(), rounds=ROUNDS, budget_fraction=BUDGET)
    below = [
        (r + 1, ctype.value, ours.rounds[r].survival_by_type[ctype.value], best)
        for ctype in CanaryType
        for r in range(ROUNDS)
        if ours.rounds[r].survival_by_type[ctype.value]
        < (best := max(run.rounds[r].survival_by_type[ctype.value] for run in kit))
    ]
    assert below == []
    assert all(result.within_budget for result in ours.rounds)
