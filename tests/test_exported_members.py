"""The public surface (issue 22): a root of the few names a user writes, each shown in the README
or a notebook; every other name in the one package that says what it is; and, for one release, the
names that left the root still reachable there with a warning that names their new home."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

import nbagent

ROOT = Path(__file__).resolve().parents[1]
MAX_ROOT = 60
HOMES = (
    "nbagent.agent",
    "nbagent.errors",
    "nbagent.llm",
    "nbagent.llm.compact",
    "nbagent.llm.providers",
    "nbagent.notebook",
)
"""The packages a name that is not at the root lives in."""
MERGED_MODULES = {
    "nbagent.agent.spend": "nbagent.agent",
    "nbagent.agent.sqlite_store": "nbagent.agent.store",
    "nbagent.llm.blocks": "nbagent.llm.messages",
    "nbagent.llm.calibration": "nbagent.llm.tokens",
    "nbagent.llm.prefix": "nbagent.llm.cycle",
    "nbagent.llm.usage": "nbagent.llm.pricing",
}
"""Public modules merged into another in this release (issue 22: one module per idea), and their
new home: each stays for one release as a shim that re-exports its names with a warning."""
IPYTHON_HOOKS = {"load_ipython_extension", "unload_ipython_extension"}
"""Module functions IPython calls for ``%load_ext nbagent``; nobody writes them."""
OLD_ROOT = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "Agent",
    "AgentBuilder",
    "AgentBundle",
    "AgentConfig",
    "AgentMagics",
    "AgentSession",
    "AnthropicProvider",
    "AnyMessage",
    "AssistantMessage",
    "AudioBlock",
    "AuthenticationError",
    "BadRequestError",
    "BlockEvent",
    "ChatWidget",
    "CompactAction",
    "CompactConfig",
    "CompactRecord",
    "CompactReport",
    "CompactState",
    "CompactionEvent",
    "ConfigurationError",
    "ConflictError",
    "ContentBlock",
    "ContextSlot",
    "ContextWindowExceededError",
    "CostTracker",
    "CostView",
    "CycleConfig",
    "CycleDoneEvent",
    "CycleEvent",
    "ErrorEvent",
    "ExtensionBlock",
    "FileBlock",
    "FocusedConfig",
    "FunctionProvider",
    "HeuristicEstimator",
    "HookContext",
    "HookEvent",
    "HookExecutor",
    "HookHandle",
    "ImageBlock",
    "InMemoryStore",
    "InternalServerError",
    "LlmCycle",
    "LlmProvider",
    "ManyTuningResult",
    "MemoryStore",
    "Message",
    "MessageEndEvent",
    "MessageRequest",
    "MessageResponse",
    "MessageStartEvent",
    "ModelPrice",
    "NbAgentError",
    "NotFoundError",
    "OfflineProvider",
    "OpenAIProvider",
    "OpenAIWireOptions",
    "OverloadedError",
    "PermissionDeniedError",
    "PostgresStore",
    "Pricing",
    "Probe",
    "PromptCache",
    "ProtocolError",
    "ProviderError",
    "ProviderRegistry",
    "ProviderSpec",
    "RateLimitError",
    "ReadOnlySlotError",
    "RequestTooLargeError",
    "ResultSemantic",
    "SessionMemory",
    "SessionSettings",
    "SlotConfig",
    "SlotMode",
    "SpendTotals",
    "SqliteStore",
    "StopReason",
    "StoreError",
    "StreamAccumulator",
    "StreamError",
    "StreamEvent",
    "SummaryCard",
    "SummaryConfig",
    "SummaryStatus",
    "SummaryView",
    "SystemMessage",
    "TextBlock",
    "TextDeltaEvent",
    "ThinkingBlock",
    "ThinkingDeltaEvent",
    "TiktokenEstimator",
    "TokenEstimator",
    "Tool",
    "ToolCallEvent",
    "ToolCallResult",
    "ToolChoice",
    "ToolDefinition",
    "ToolError",
    "ToolErrorKind",
    "ToolRegistry",
    "ToolResultBlock",
    "ToolResultEvent",
    "ToolResultMessage",
    "ToolUseBlock",
    "ToolUseEndEvent",
    "ToolUseInputDeltaEvent",
    "ToolUseStartEvent",
    "TuningResult",
    "TurnLimitExceededError",
    "TurnRecord",
    "UnprocessableEntityError",
    "Usage",
    "UsageEvent",
    "UserMessage",
    "aaccumulate_stream",
    "accumulate_stream",
    "ask_probes",
    "check_probes",
    "compaction_table",
    "cost_table",
    "cost_usd",
    "decide_strategy",
    "demo_provider",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_text_tokens",
    "focused_view",
    "format_messages_as_text",
    "generate_summary",
    "messages_from_json",
    "messages_to_json",
    "microcompact",
    "parse_spec",
    "plan_compaction",
    "provider_from_env",
    "provider_from_spec",
    "read_jsonl",
    "retention_table",
    "spend_totals",
    "styled",
    "timeline_table",
    "token_table",
    "tool",
    "travel_demo",
    "tune_summary",
    "tune_widget",
    "watermark_chart",
    "write_jsonl",
]
"""The root's ``__all__`` before issue 22 (153 names): each must still resolve for a release."""


def ruff_order(name: str) -> tuple[int, str]:
    """The order ruff's RUF022 keeps ``__all__`` in: CONSTANTS, then Classes, then the rest."""
    if len(name) > 1 and name.isupper():
        return 0, name
    return (1 if name[:1].isupper() else 2), name


def test_the_root_is_small_sorted_and_unique() -> None:
    assert len(nbagent.__all__) <= MAX_ROOT
    assert nbagent.__all__ == sorted(nbagent.__all__, key=ruff_order)
    assert len(set(nbagent.__all__)) == len(nbagent.__all__)


def test_every_root_name_is_defined_at_the_root_not_through_the_shim() -> None:
    assert [name for name in nbagent.__all__ if name not in vars(nbagent)] == []


def test_every_public_name_of_the_root_is_in_all_or_a_package() -> None:
    public = {
        name
        for name, value in vars(nbagent).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }
    assert public - set(nbagent.__all__) == IPYTHON_HOOKS


def _examples() -> str:
    """The README without its API tables, and every notebook's code cells."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    before, _, rest = readme.partition("## API")
    texts = [before, rest.partition("\n## ")[2]]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return "\n".join(texts)


def test_every_root_name_is_used_in_the_readme_or_a_notebook() -> None:
    examples = _examples()
    unused = [n for n in nbagent.__all__ if not re.search(rf"(?<![\w.]){n}\b", examples)]
    assert unused == []


def _example_code() -> list[str]:
    """The README's Python blocks and every notebook's code cells, IPython magics left out."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sources = [
        m["code"] for m in re.finditer(r"^```python\n(?P<code>.*?)^```", readme, re.M | re.S)
    ]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return [
        "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("%"))
        for source in sources
        if not source.lstrip().startswith("%%")
    ]


def test_the_examples_take_from_the_root_only_its_own_names() -> None:
    taken = set()
    for source in _example_code():
        tree = compile(
            source, "example", "exec", ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        )
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "nbagent":
                taken.update(alias.name for alias in node.names)
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "nbagent":
                taken.add(node.attr)
    assert taken and taken - set(nbagent.__all__) == set()


def test_every_home_has_a_sorted_all_of_names_that_exist() -> None:
    for home in HOMES:
        module = importlib.import_module(home)
        names = module.__all__
        assert names == sorted(names, key=ruff_order), home
        assert len(set(names)) == len(names), home
        assert [n for n in names if not hasattr(module, n)] == [], home


def test_every_all_in_the_package_is_sorted_and_importable() -> None:
    found = []
    for info in pkgutil.walk_packages(nbagent.__path__, "nbagent."):
        if info.name in MERGED_MODULES:
            continue  # a shim warns on import (see the test after this one)
        module = importlib.import_module(info.name)
        names = getattr(module, "__all__", None)
        if names is None:
            continue
        found.append(info.name)
        assert names == sorted(names, key=ruff_order), info.name
        namespace: dict[str, object] = {}
        exec(f"from {info.name} import *", namespace)
        assert set(names) <= set(namespace), info.name
    assert set(HOMES) <= set(found)


@pytest.mark.parametrize(("old", "new"), sorted(MERGED_MODULES.items()))
def test_a_merged_module_still_imports_with_a_warning_and_gives_the_same_objects(
    old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, old, raising=False)  # imported afresh, so it warns
    code = compile(f"import {old}\n", "user_code.py", "exec")
    message = f"{old} moved to {new}; this module will be removed in the next release"
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
        exec(code, {})
    assert [(w.filename, w.lineno) for w in caught] == [("user_code.py", 1)]  # the importer
    shim, home = sys.modules[old], importlib.import_module(new)
    assert shim.__all__ and set(shim.__all__) <= set(home.__all__)
    assert {n: getattr(shim, n) is getattr(home, n) for n in shim.__all__} == dict.fromkeys(
        shim.__all__, True
    )


def test_a_name_that_is_not_at_the_root_has_exactly_one_home() -> None:
    homes: dict[str, list[str]] = {}
    for home in HOMES:
        for name in importlib.import_module(home).__all__:
            homes.setdefault(name, []).append(home)
    moved = sorted(set(OLD_ROOT) - set(nbagent.__all__))
    assert len(OLD_ROOT) == 153 and len(moved) == 153 - len(nbagent.__all__)
    assert {name: homes.get(name) for name in moved if len(homes.get(name, [])) != 1} == {}


@pytest.mark.parametrize("name", sorted(set(OLD_ROOT) - set(nbagent.__all__)))
def test_a_name_that_left_the_root_still_resolves_there_with_a_warning(name: str) -> None:
    (home,) = [h for h in HOMES if name in importlib.import_module(h).__all__]
    message = (
        f"nbagent.{name} moved to {home}.{name}; the root name will be removed in the next release"
    )
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
        value = getattr(nbagent, name)
    assert value is getattr(importlib.import_module(home), name)
    assert [w.filename for w in caught] == [__file__]  # the warning points at the asking line


def test_from_the_root_import_a_moved_name_warns_once_at_the_importing_line() -> None:
    code = compile("from nbagent import OfflineProvider, HookEvent\n", "user_code.py", "exec")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        namespace: dict[str, object] = {}
        exec(code, namespace)
    assert [(w.category, w.filename, w.lineno) for w in caught] == [
        (DeprecationWarning, "user_code.py", 1)
    ] * 2
    assert [str(w.message).split(" moved to ")[1].split(";")[0] for w in caught] == [
        "nbagent.llm.providers.OfflineProvider",
        "nbagent.llm.HookEvent",
    ]


def test_from_the_root_import_star_gives_exactly_all_and_never_warns() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        namespace: dict[str, object] = {}
        exec("from nbagent import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(nbagent.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'nbagent' has no attribute 'Nope'"):
        nbagent.Nope  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(nbagent, "run_sync")  # a package's own name was never at the root


def test_dir_lists_the_surface_and_not_the_names_that_left() -> None:
    listed = dir(nbagent)
    assert set(nbagent.__all__) <= set(listed)
    assert {"agent", "errors", "llm", "notebook", "__version__"} <= set(listed)
    assert set(listed) & (set(OLD_ROOT) - set(nbagent.__all__)) == set()


def test_import_stays_light_and_notebook_names_load_on_use() -> None:
    code = (
        "import sys, nbagent; heavy = [m for m in ('pandas', 'matplotlib', 'ipywidgets', "
        "'psycopg') if m in sys.modules]; print(heavy); "
        "print(nbagent.notebook.token_table.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]", "nbagent.notebook.tables"]
