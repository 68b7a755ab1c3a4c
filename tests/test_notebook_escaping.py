"""Model text never reaches HTML or Markdown unescaped, and no API key reaches any output."""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from typing import Any

import httpx
import matplotlib

matplotlib.use("Agg")

import mistune
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mistune.renderers.html import HTMLRenderer

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.providers import mask_urls
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.notebook._html import (
    error_html,
    error_text,
    escape_html,
    escape_markdown,
    markdown_to_safe_html,
    preview,
)
from nbagent.notebook.summary_view import SummaryCard, SummaryView
from nbagent.notebook.tables import compaction_table, styled, timeline_table, token_table
from nbagent.notebook.tuning import tune_summary, tune_widget
from tests.agent_support import make_session

ATTACK = (
    "Sure! <script>alert(1)</script> and <img src=x onerror=alert(1)> and "
    "[x](javascript:alert(1)) ![y](javascript:alert(2)) <javascript:alert(3)>\n"
    "[ref]: javascript:alert(4)\n\n"
    "`<script>alert(5)</script>` and\n```\n</pre><script>alert(6)</script>\n```\n"
    '<a href="javascript:alert(7)">click</a> &lt;script&gt;'
)
FAKE_KEY = "sk-test-FAKEKEY-0123456789abcdef"

_ALLOWED_TAGS = {
    "div", "span", "strong", "em", "p", "ul", "ol", "li", "code", "pre", "details", "summary",
    "table", "thead", "tbody", "tr", "th", "td", "style", "br", "caption",
    "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "hr",
}  # fmt: skip


_VOID_TAGS = {"br", "hr"}


_DANGEROUS_URLS = ("javascript:", "vbscript:", "data:text/html")
_DANGEROUS_CSS = ("expression(", "javascript:", "vbscript:", "behavior:", "-moz-binding")


def _folded(value: str) -> str:
    """``value`` as a browser reads a URL's scheme: entities decoded (the parser did that),
    ASCII whitespace and control characters dropped (``java\tscript:`` still runs), lower case."""
    return "".join(c for c in value if c > " " and c != "\x7f").lower()


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.open: list[str] = []
        self.misnested: list[str] = []
        self.css: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, attrs))
        if tag not in _VOID_TAGS:
            self.open.append(tag)

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] == "style":
            self.css.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID_TAGS:  # `<hr />` reports an end tag too
            return
        if not self.open or self.open[-1] != tag:
            self.misnested.append(f"</{tag}> closes <{self.open[-1] if self.open else ''}>")
        else:
            self.open.pop()


def assert_safe_html(html: str) -> None:
    """Only harmless tags, properly nested, no event handlers, no javascript: URLs, no raw
    payloads."""
    parser = _Tags()
    parser.feed(html)
    parser.close()
    assert parser.misnested == [] and parser.open == [], (parser.misnested, parser.open)
    for tag, attrs in parser.found:
        assert tag in _ALLOWED_TAGS, f"unexpected <{tag}> in output"
        for name, value in attrs:
            assert not name.startswith("on"), f"event handler {name} on <{tag}>"
            folded = _folded(value or "")
            assert not any(url in folded for url in _DANGEROUS_URLS), f"{name}={value!r}"
            if name == "style":
                assert not any(css in folded for css in _DANGEROUS_CSS), f"style={value!r}"
    css = _folded("".join(parser.css))
    assert not any(bad in css for bad in _DANGEROUS_CSS), css
    assert not re.search(
        r"<\s*(script|img|a|iframe|frame|object|embed|svg|math|form|base|link|meta)\b",
        html,
        re.IGNORECASE,
    )


_RENDER_MARKDOWN = mistune.create_markdown(
    renderer=HTMLRenderer(escape=False, allow_harmful_protocols=True)
)
"""A notebook's Markdown renderer at its most permissive: raw HTML passes through, and no URL
is policed (mistune's default would quietly turn a ``javascript:`` link into ``#harmful-link``,
hiding an unescaped link from the checks)."""


def render_markdown(markdown: str) -> str:
    html = _RENDER_MARKDOWN(markdown)
    assert isinstance(html, str)
    return html


def links(html: str) -> list[str]:
    """Every ``href`` and ``src`` of the tags in ``html`` (entities decoded)."""
    parser = _Tags()
    parser.feed(html)
    parser.close()
    return [v or "" for _, attrs in parser.found for n, v in attrs if n in ("href", "src")]


def _outside_code(markdown: str) -> str:
    """``markdown`` without the code elements :func:`escape_markdown` writes: their text is
    escaped and inert (an HTML block, or entities only), whatever it spells."""
    return re.sub(r"<pre><code>.*?</code></pre>|<code>.*?</code>", " ", markdown, flags=re.DOTALL)


def assert_safe_markdown(markdown: str) -> None:
    """What a Markdown renderer makes of the text (raw HTML allowed, links not filtered) is
    safe: no tag but harmless ones, no event handler, no ``javascript:`` (``vbscript:``,
    ``data:text/html``) URL in any attribute. Text inside code is inert and not flagged; outside
    it no unescaped ``](javascript:`` is left for a laxer renderer to link either."""
    assert not re.search(r"(?<!\\)\]\(\s*javascript:", _outside_code(markdown), re.IGNORECASE)
    assert_safe_html(render_markdown(markdown))


# -- the escaping helpers ---------------------------------------------------------------------


def test_escape_html_escapes_quotes_too() -> None:
    assert escape_html('<a href="x">&\'') == "&lt;a href=&quot;x&quot;&gt;&amp;&#x27;"


@pytest.mark.parametrize(
    "text",
    [
        ATTACK,
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "[x]: javascript:alert(1)\n\n[x]",
        "<JAVASCRIPT:alert(1)>",
        "``<script>`` `` ` `` \\`<script>alert(1)</script>`",
        "```\n<script>alert(1)</script>",  # an unclosed fence
        "``` info`with`ticks\n<script>alert(1)</script>\n```",  # not a fence
        "- item\n\n  ```\n<script>alert(1)</script>\n  ```",
        "    ```\n<script>alert(1)</script>",
        "&#60;script&#62;alert(1)&#60;/script&#62;",
        "NUL \x000\x00 and `code` \x00",  # NUL marks the renderer's code spans
        "**a *b** c* and *d **e* f**",  # emphasis across bold must not misnest the tags
        "**********",
    ],
)
def test_escape_markdown_renders_safely(text: str) -> None:
    assert_safe_markdown(escape_markdown(text))
    assert_safe_html(markdown_to_safe_html(text))


_PIECES = st.sampled_from(
    [
        *"ab <>&\"'`*_[]()!\\#-\n:=/~1. ",
        *("javascript:", "<script>", "<img onerror=x>", "```", "**", "\x00", "    ", "&#60;"),
        *("](", "![", "<a href=x>", "[x]: "),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
@example("```\n](javascript:")  # `](javascript:` as the text of a code block: inert
def test_any_mix_of_markup_renders_safely_and_well_nested(text: str) -> None:
    assert_safe_html(markdown_to_safe_html(text))
    assert_safe_markdown(escape_markdown(text))


def test_link_syntax_inside_a_code_block_is_inert_text() -> None:
    """Found by Hypothesis: an unclosed fence puts ``](javascript:`` in a ``<pre>`` block, which
    a renderer shows as text. The check must pass it (a regex over the Markdown did not)."""
    escaped = escape_markdown("```\n](javascript:")
    html = render_markdown(escaped)
    assert "<pre><code>](javascript:</code></pre>" in html
    assert links(html) == []
    assert_safe_markdown(escaped)
    assert_safe_markdown(escape_markdown("`[x](javascript:alert(1))` and ``a](javascript:b``"))


@pytest.mark.parametrize(
    "text",
    [
        "[x](javascript:alert(1))",
        "Sure: [click me](javascript:alert(document.cookie)) now",
        "[x]( JaVaScRiPt:alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](javascript&colon;alert(1))",
        "![y](javascript:alert(2))",
        "[x]: javascript:alert(1)\n\n[x]",
        "<javascript:alert(1)>",
        "[x](vbscript:msgbox(1))",
        "[x](data:text/html,<script>alert(1)</script>)",
        '<a href="javascript:alert(7)">click</a>',
        "- item [x](javascript:alert(1))\n\n> [y](javascript:alert(2))",
        r"\\[x\\](javascript:alert(1))",
    ],
)
def test_a_link_in_model_text_is_rendered_inert(text: str) -> None:
    # Unescaped, the renderer makes a live dangerous link of it, and the check catches that...
    assert any(_folded(url).startswith(_DANGEROUS_URLS) for url in links(render_markdown(text)))
    with pytest.raises(AssertionError):
        assert_safe_markdown(text)
    # ...escaped by nbagent, it is text: no link at all.
    html = render_markdown(escape_markdown(text))
    assert links(html) == [], html
    assert_safe_markdown(escape_markdown(text))


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (r"\[x\](javascript:alert(1))", r"\[x\](javascript:alert(1))"),
        (r"\![y\](javascript:alert(2))", r"\![y\](javascript:alert(2))"),
        (r"\\\[x\\\](javascript:alert(1))", r"\\\[x\\\](javascript:alert(1))"),
        (r"a\ `[x](javascript:alert(1))`", "a\\ <code>"),
        (r"\\`b` [x\](javascript:alert(1))", r"\\<code>"),
    ],
)
def test_the_models_backslashes_cannot_undo_the_escaping(text: str, shown: str) -> None:
    """Model text is not a link, but a backslash the escaping left alone would escape the
    backslash written before a bracket (``\\[x\\](...)`` became a live link) or the ``<`` of a
    code tag. Every backslash of the model is escaped: it shows as itself."""
    escaped = escape_markdown(text)
    html = render_markdown(escaped)
    assert links(html) == [], html
    assert shown in html
    assert_safe_markdown(escaped)


@pytest.mark.parametrize(
    "html",
    [
        '<p><span title="JavaScript:alert(1)">x</span></p>',
        '<p><span title="java&#x09;script&colon;alert(1)">x</span></p>',
        '<p><span title=" &#x6A;avascript:alert(1)">x</span></p>',
        '<p><span title="data:text/html;base64,PHNjcmlwdD4=">x</span></p>',
        '<p><span style="width: expression(alert(1))">x</span></p>',
        "<style>p { background: url(javascript:alert(1)) }</style>",
        '<p onclick="x()">x</p>',
        "<iframe></iframe>",
    ],
)
def test_the_html_check_sees_through_case_whitespace_and_entities(html: str) -> None:
    with pytest.raises(AssertionError):
        assert_safe_html(html)


def test_escape_markdown_keeps_formatting() -> None:
    rendered = mistune.html(escape_markdown("**Plan**: *Kyoto*\n\n- day 1\n- day 2\n\n`a < b`"))
    assert isinstance(rendered, str)
    assert "<strong>Plan</strong>" in rendered
    assert "<em>Kyoto</em>" in rendered
    assert "<li>day 1</li>" in rendered
    assert "&#60;" in rendered or "&lt;" in rendered
    code = mistune.html(escape_markdown("```python\nif a < b:\n    print('<b>')\n```"))
    assert isinstance(code, str)
    assert "<pre><code>if a &lt; b:\n    print(&#x27;&lt;b&gt;&#x27;)</code></pre>" in code


def test_markdown_to_safe_html_subset() -> None:
    html = markdown_to_safe_html(
        "# Title\n\nSome **bold** and _it_ with `code <x>`.\n\n1. one\n2. two\n\n```\n<b>\n```"
    )
    assert html == (
        "<h1>Title</h1>\n"
        "<p>Some <strong>bold</strong> and <em>it</em> with <code>code &lt;x&gt;</code>.</p>\n"
        "<ol><li>one</li><li>two</li></ol>\n"
        "<pre><code>&lt;b&gt;</code></pre>"
    )


def test_markdown_to_safe_html_keeps_text_with_nul_and_crossed_emphasis() -> None:
    assert markdown_to_safe_html("a \x000\x00 `b`") == "<p>a \ufffd0\ufffd <code>b</code></p>"
    assert markdown_to_safe_html("**a *b** c*") == "<p><strong>a *b</strong> c*</p>"
    assert markdown_to_safe_html("*a **b** c*") == "<p><em>a <strong>b</strong> c</em></p>"


@pytest.mark.parametrize("text", ["**a " * 20_000, "*a " * 30_000, "_a " * 30_000, "__a " * 20_000])
def test_unclosed_emphasis_renders_in_linear_time(text: str) -> None:
    """Each unclosed delimiter used to scan to the end of its line: 80 kB took 30 s."""
    # This thread's CPU time, not the wall clock: other processes on a busy machine do not
    # count, and a quadratic scan still takes far more than the bound.
    started = time.thread_time()
    html = markdown_to_safe_html(text)
    assert time.thread_time() - started < 2.0
    assert "<strong>" not in html and "<em>" not in html


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "Could not reach openai at http://127.0.0.1:9/v1?api_key=sk-X1 (ConnectError)",
            "Could not reach openai at http://127.0.0.1:9/v1?api_key=*** (ConnectError)",
        ),
        ("https://h/v1?a=1&access_token=sk-X1&b=2", "https://h/v1?a=***&access_token=***&b=***"),
        (
            "Spec 'openai:m@https://me:sk-X1@host/v1': bad",
            "Spec 'openai:m@https://***@host/v1': bad",
        ),
        ("https://host/v1?model=a and 12:30@noon", "https://host/v1?model=*** and 12:30@noon"),
        ("bad host http://[::1/v1?key=sk-X1 here", "bad host http://*** here"),
    ],
)
def test_error_lines_mask_credentials_in_urls(text: str, shown: str) -> None:
    """Every URL is shown as the providers show theirs (``display_url``): user info and every
    query value masked."""
    assert mask_urls(text) == shown
    assert error_text(ConfigurationError(text)) == f"ConfigurationError: {shown}"
    assert "sk-X1" not in error_html(ConfigurationError(text))


def test_preview_is_one_short_line() -> None:
    assert preview("a\n b   c", 10) == "a b c"
    assert preview("x" * 20, 10) == "x" * 9 + "…"


# -- every output of the notebook tables, chart, summaries and tuning ------------------------


def _handler(request: httpx.Request) -> httpx.Response:
    assert request.headers["authorization"] == f"Bearer {FAKE_KEY}"
    body = json.loads(request.content)
    prompt_tokens = 300 * len(body["messages"])
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": ATTACK},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 40},
        },
    )


@pytest.fixture(scope="module")
def keyed_session() -> AgentSession:
    """A real OpenAI provider with a fake key, answered in-process; replies and summaries attack."""
    provider = OpenAIProvider(
        "gpt-test", api_key=FAKE_KEY, transport=httpx.MockTransport(_handler), max_retries=0
    )
    session = make_session(
        provider,
        summary=SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.5, debounce_turns=1),
        compact_config=CompactConfig(context_window=400, reserved_tokens=100, keep_recent=1),
        system_prompt="Be safe.",
    )
    for prompt in ["Plan a trip <b>now</b>", "and <script>alert(9)</script>", "more", "again"]:
        session.submit_turn_sync(prompt)
    assert any(r.summary_fired for r in session.timeline)
    return session


def _outputs(session: AgentSession) -> dict[str, str]:
    view = SummaryView.from_session(session)
    assert view.current is not None and "alert" in view.current.text
    card = SummaryCard.from_record(session, next(r for r in session.timeline if r.summary_fired))
    tables = {
        "tokens": token_table(session),
        "timeline": timeline_table(session),
        "compaction": compaction_table(session),
    }
    assert not tables["compaction"].empty
    out: dict[str, str] = {}
    for name, frame in tables.items():
        out[f"{name}.styled"] = styled(frame, caption=ATTACK).to_html()
        out[f"{name}.html"] = frame._repr_html_() or ""  # type: ignore[operator]
        out[f"{name}.repr"] = repr(frame) + frame.to_string()
    out["summary.html"] = view._repr_html_()
    out["summary.repr"] = repr(view)
    out["card.html"] = card._repr_html_()
    out["card.repr"] = repr(card)
    return out


def _markdown_outputs(session: AgentSession) -> dict[str, str]:
    card = SummaryCard.from_record(session, next(r for r in session.timeline if r.summary_fired))
    return {
        "summary.md": SummaryView.from_session(session)._repr_markdown_(),
        "card.md": card._repr_markdown_(),
    }


def test_no_model_text_reaches_html_unescaped(keyed_session: AgentSession) -> None:
    for name, html in _outputs(keyed_session).items():
        if name.endswith(".repr"):
            continue
        assert_safe_html(html)


def test_no_model_text_reaches_markdown_unescaped(keyed_session: AgentSession) -> None:
    for markdown in _markdown_outputs(keyed_session).values():
        assert_safe_markdown(markdown)


def test_tuning_outputs_are_escaped(keyed_session: AgentSession) -> None:
    # A grid value is text too: it must be escaped in the table.
    result = tune_summary(
        keyed_session, {"summary_model": ["<script>alert(1)</script>"]}, progress=False
    )
    html = result._repr_html_()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert_safe_html(html)
    box = tune_widget(keyed_session)
    assert_safe_html(box.figures.value)
    texts = [html, repr(result), box.figures.value, str(box.output.outputs)]
    assert not any(FAKE_KEY in text for text in texts)


def test_no_api_key_in_any_output(keyed_session: AgentSession) -> None:
    outputs = {**_outputs(keyed_session), **_markdown_outputs(keyed_session)}
    for name, text in outputs.items():
        assert FAKE_KEY not in text, name
        assert "FAKEKEY" not in text, name
    # The chart's texts (title, labels, legend) carry no key either.
    from nbagent.notebook.charts import watermark_chart

    (ax,) = watermark_chart(keyed_session).axes
    texts: list[Any] = [ax.get_title(), *ax.get_legend_handles_labels()[1]]
    assert not any(FAKE_KEY in str(t) for t in texts)
