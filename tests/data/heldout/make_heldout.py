"""Write the held-out retention conversations: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout/make_heldout.py`` from the repository root. The output is
deterministic (bulk tool output comes from a ``random.Random`` seeded per conversation, here
only); tests read the committed files, never this script.

These conversations are a held-out set: they are written the way people talk to an agent, not
after nbagent's fact extractor, and must not be used to tune it. Each turn's facts are declared
next to the text that states them, so the turn numbers in ``.facts.json`` are computed, and
every fact is checked to occur verbatim in the user message (``source: user``) or in a tool
result (``source: tool``) of its turn.

Fact kinds: ``hard`` (an exact value), ``constraint`` (a rule the user set), ``decision`` (a
choice the user made). For constraints and decisions the text is the key phrase a reader needs.
A correction's ``old`` value is not a fact (it is superseded); ``new`` must be shown as current.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# -- the builder ------------------------------------------------------------------------------


@dataclass(frozen=True)
class F:
    """One fact: its text, kind, where it is stated, and accepted alternative spellings."""

    text: str
    kind: str = "hard"
    source: str = "user"
    accept: tuple[str, ...] = ()


def H(text: str, *accept: str) -> F:
    """A hard fact the user states."""
    return F(text, "hard", "user", accept)


def HT(text: str, *accept: str) -> F:
    """A hard fact that appears only in a tool result of the turn."""
    return F(text, "hard", "tool", accept)


def K(text: str, *accept: str) -> F:
    """A constraint the user sets (text: the key phrase)."""
    return F(text, "constraint", "user", accept)


def D(text: str, *accept: str) -> F:
    """A decision the user makes (text: the key phrase)."""
    return F(text, "decision", "user", accept)


Tool = tuple[str, dict[str, Any], str]
"""(tool name, input, result text)."""


@dataclass
class Conversation:
    name: str
    language: str
    domain: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    results: list[list[str]] = field(default_factory=list)

    @property
    def turns(self) -> int:
        return len(self.users)

    def turn(
        self,
        user: str,
        reply: str,
        *,
        tools: Sequence[Tool] = (),
        facts: Sequence[F] = (),
        fix: tuple[str, str] | None = None,
        lead: str = "",
    ) -> None:
        """One turn: the user message, tool calls (one assistant message calling them all,
        introduced by ``lead``), their results, then ``reply``."""
        n = self.turns
        self.users.append(user)
        self.results.append([t[2] for t in tools])
        self.messages.append({"role": "user", "content": [{"type": "text", "text": user}]})
        if tools:
            blocks: list[dict[str, Any]] = []
            if lead:
                blocks.append({"type": "text", "text": lead})
            ids = [f"call_{self.name[:6]}_{n:02d}_{k}" for k in range(len(tools))]
            for call_id, (name, args, _) in zip(ids, tools, strict=True):
                blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": args})
            self.messages.append({"role": "assistant", "content": blocks})
            for call_id, (name, _, result) in zip(ids, tools, strict=True):
                self.messages.append(
                    {
                        "role": "tool",
                        "tool_call_id": call_id,
                        "content": [{"type": "text", "text": result}],
                        "is_error": result.startswith("ERROR"),
                        "tool_name": name,
                    }
                )
        self.messages.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
        for fact in facts:
            where = user if fact.source == "user" else "\n".join(t[2] for t in tools)
            assert fact.text in where, (
                f"{self.name} turn {n}: {fact.text!r} not in its {fact.source}"
            )
            assert all(f["text"] != fact.text for f in self.facts), (
                f"{self.name}: {fact.text!r} twice"
            )
            self.facts.append(
                {
                    "text": fact.text,
                    "accept": list(fact.accept),
                    "kind": fact.kind,
                    "turn": n,
                    "source": fact.source,
                }
            )
        if fix is not None:
            old, new = fix
            assert new in user, f"{self.name} turn {n}: correction {new!r} not in the user text"
            earlier = [i for i, text in enumerate(self.users[:-1]) if old in text]
            assert earlier, f"{self.name}: the corrected value {old!r} was never stated"
            self.corrections.append({"old": old, "new": new, "turn_old": earlier[0], "turn_new": n})

    def write(self, folder: Path) -> None:
        assert 44 <= self.turns <= 60, f"{self.name}: {self.turns} turns"
        kinds = [f["kind"] for f in self.facts]
        assert 15 <= kinds.count("hard") <= 40, f"{self.name}: {kinds.count('hard')} hard"
        soft = kinds.count("constraint") + kinds.count("decision")
        assert 4 <= soft <= 10, f"{self.name}: {soft} constraints/decisions"
        assert 1 <= len(self.corrections) <= 3
        sizes = [len(r.encode()) for rs in self.results for r in rs]
        assert max(sizes) >= 2_000 and max(sizes) <= 20_500, (self.name, sorted(sizes)[-4:])
        lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in self.messages]
        (folder / f"{self.name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        facts = {
            "language": self.language,
            "domain": self.domain,
            "facts": self.facts,
            "corrections": self.corrections,
        }
        text = json.dumps(facts, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{self.name}.facts.json").write_text(text, encoding="utf-8")


def hexid(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(c) for c in row) for row in [header, *rows])


# -- 1. a data-analysis agent (English) -------------------------------------------------------

AUTHORS = ["mkowalski", "priya.raman", "jtan", "ofelix", "sbhatt", "lwu", "dgarcia"]
VERBS = ["fix", "feat", "chore", "refactor", "test", "docs", "perf"]
TOPICS = ["null keys", "late partitions", "tz offsets", "dup events", "schema v2", "flaky test"]
AREAS = ["features", "ingest", "dbt", "airflow", "eval", "notebooks", "ci", "schemas"]


def git_log(rng: random.Random, n: int, pinned: dict[int, str]) -> str:
    lines = []
    for i in range(n):
        if i in pinned:
            lines.append(pinned[i])
            continue
        day = 27 - i // 9
        lines.append(
            f"{hexid(rng)} 2025-06-{max(day, 1):02d} {rng.choice(AUTHORS):<12} "
            f"{rng.choice(VERBS)}({rng.choice(AREAS)}): "
            f"{rng.choice(['bump', 'handle', 'drop', 'rename', 'cache', 'retry'])} "
            f"{rng.choice(TOPICS)}"
        )
    return "\n".join(lines)


def column_profile(rng: random.Random, total: str) -> str:
    cols = [
        ("event_id", "bigint"),
        ("customer_id", "bigint"),
        ("event_ts", "timestamp"),
        ("event_date", "date"),
        ("event_type", "varchar"),
        ("plan_id", "int"),
        ("signup_channel", "varchar"),
        ("device_os", "varchar"),
        ("country_code", "char(2)"),
        ("session_seconds", "int"),
        ("pages_viewed", "int"),
        ("revenue_usd", "numeric(12,2)"),
    ]
    cols += [(f"attr_{k:03d}", rng.choice(["int", "float", "varchar"])) for k in range(160)]
    rows = [
        (name, kind, f"{rng.uniform(0, 4):.2f}%", rng.randint(2, 9_000_000)) for name, kind in cols
    ]
    body = table(["column", "type", "null_pct", "approx_distinct"], rows, " | ")
    return f"table analytics.events_daily\n{body}\n\ntotal rows: {total}\nscan: 11.4 GB, 38.2 s"


BUILD_SCRIPT = '''"""Build the v3 churn feature matrix from events_daily."""
import argparse
import pandas as pd
import featurekit as fk

FEATURE_SET_VERSION = "fs-2025.06.2"
SNAPSHOT_OFFSET_DAYS = 0
WINDOWS = (7, 14, 30, 90)

def load_events(con, start, end):
    q = f"""
        select customer_id, event_date, event_type, session_seconds, pages_viewed,
               revenue_usd, plan_id, signup_channel, device_os, country_code
        from analytics.events_daily
        where event_date between '{start}' and '{end}'
    """
    return pd.read_sql(q, con)

def rolling_features(df, windows=WINDOWS):
    out = []
    for w in windows:
        g = df.groupby("customer_id").rolling(f"{w}D", on="event_date")
        out.append(g["session_seconds"].sum().rename(f"session_seconds_{w}d"))
        out.append(g["pages_viewed"].mean().rename(f"pages_viewed_mean_{w}d"))
        out.append(g["revenue_usd"].sum().rename(f"revenue_{w}d"))
    return pd.concat(out, axis=1)

def days_since_last_login(df, snapshot):
    last = df[df.event_type == "login"].groupby("customer_id").event_date.max()
    return (snapshot - last).dt.days.rename("days_since_last_login")

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sample", type=float, default=1.0)
    p.add_argument("--out", default="data/interim/features_v3.parquet")
    p.add_argument("--start", default="2024-01-01")
    p.add_argument("--end", default="2025-06-30")
    args = p.parse_args()
    con = fk.warehouse()
    df = load_events(con, args.start, args.end)
    if args.sample < 1:
        ids = df.customer_id.drop_duplicates().sample(frac=args.sample, random_state=0)
        df = df[df.customer_id.isin(ids)]
    feats = rolling_features(df)
    feats = feats.join(days_since_last_login(df, pd.Timestamp(args.end)))
    feats = fk.transforms.bucketize(feats, n_bins=20)
    feats.attrs["feature_set_version"] = FEATURE_SET_VERSION
    feats.to_parquet(args.out)
    print(f"wrote {args.out} ({feats.index.nunique():,} customers, {feats.shape[1]} columns)")

if __name__ == "__main__":
    main()
'''


def oom_log(rng: random.Random) -> str:
    lines = ["$ python src/features/build_v3.py --sample 0.01"]
    for k in range(150):
        lines.append(
            f"[2025-06-30 09:{14 + k // 15:02d}:{(k * 7) % 60:02d}] INFO featurekit.io "
            f"read partition event_date={2024 + k // 40}-{1 + k % 12:02d}-01 "
            f"rows={rng.randint(80_000, 140_000)} mem_rss={1.2 + k * 0.19:.1f}GB"
        )
    lines += [
        "[2025-06-30 09:24:51] WARNING featurekit.transforms rolling() materialising 4 windows",
        "Killed",
        "process exited with exit code 137 (SIGKILL, likely out of memory; limit 32 GiB)",
    ]
    return "\n".join(lines)


def build_ok_log(rng: random.Random) -> str:
    lines = ["$ python src/features/build_v3.py  # on r6i.4xlarge (128 GiB)"]
    for k in range(150):
        lines.append(
            f"[2025-06-30 10:{2 + k // 4:02d}:{(k * 13) % 60:02d}] INFO featurekit.io "
            f"partition {k:03d}/150 rows={rng.randint(200_000, 320_000)} "
            f"elapsed={k * 9.3:.1f}s"
        )
    lines += [
        "[2025-06-30 10:19:40] INFO bucketize n_bins=20 columns=196",
        "wrote data/interim/features_v3.parquet (1,204,377 customers, 212 columns)",
        "exit 0",
    ]
    return "\n".join(lines)


def pip_log(rng: random.Random) -> str:
    pkgs = [
        "numpy==2.1.3",
        "pandas==2.2.3",
        "pyarrow==17.0.0",
        "scikit-learn==1.5.2",
        "lightgbm==4.5.0",
        "scipy==1.14.1",
        "boto3==1.35.36",
        "sqlalchemy==2.0.36",
        "pytorch-tabnet==4.1.0",
        "torch==2.4.1",
        "featurekit==3.4.1",
        "matplotlib==3.9.2",
    ]
    pkgs += [
        f"{rng.choice(['py', 'lib', 'fast', 'data', 'aws', 'json'])}"
        f"{rng.choice(['cache', 'parse', 'utils', 'io', 'core', 'tools'])}{k}=="
        f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}"
        for k in range(300)
    ]
    head = (
        "$ pip install 'featurekit==3.4.1'\nSuccessfully installed featurekit-3.4.1\n$ pip freeze\n"
    )
    return head + "\n".join(pkgs)


def thresholds_table(rng: random.Random) -> str:
    rows = []
    for k in range(5, 96):
        t = k / 100
        rows.append(
            (
                f"{t:.2f}",
                f"{0.25 + 0.6 * t + rng.uniform(-0.02, 0.02):.3f}",
                f"{0.97 - 0.9 * t + rng.uniform(-0.02, 0.02):.3f}",
            )
        )
    body = table(["threshold", "precision", "recall"], rows)
    return body + "\n\nbest F1 at threshold 0.37 (precision 0.642, recall 0.588, F1 0.614)"


def importances(rng: random.Random) -> str:
    names = [
        "days_since_last_login",
        "session_seconds_30d",
        "revenue_90d",
        "customer_ltv_90d",
        "pages_viewed_mean_7d",
        "plan_id",
        "device_os",
        "support_tickets_30d",
    ]
    names += [f"attr_{k:03d}_b{rng.randint(1, 20)}" for k in range(400)]
    rows = [(n, f"{max(0.1, 1000 / (i + 1) + rng.uniform(0, 5)):.1f}") for i, n in enumerate(names)]
    return table(["feature", "gain"], rows)


def churn(out: Path) -> None:
    rng = random.Random(11)
    c = Conversation("churn_analysis", "en", "data analysis agent: churn model on a warehouse")
    log = git_log(
        rng,
        260,
        {
            0: "a3f9c21 2025-06-27 mkowalski    feat(features): v3 rolling windows + ltv join",
            3: f"{hexid(rng)} 2025-06-27 jtan         chore(dbt): rename plan_tiers -> dim_plan",
        },
    )
    c.turn(
        "morning. picking the churn work back up, I'm on a3f9c21 of analytics-models. "
        "can you check what landed since friday",
        "Since Friday there are about a dozen commits on main. The relevant ones for us: your "
        "own v3 rolling-window feature commit (a3f9c21, the tip), a dbt change renaming "
        "`plan_tiers` to `dim_plan`, and a couple of ingest fixes for late partitions. Nothing "
        "touches the label logic.",
        tools=[("git_log", {"repo": "analytics-models", "since": "2025-06-20"}, log)],
        lead="Let me look at the log.",
        facts=[H("a3f9c21")],
    )
    c.turn(
        "ok. raw stuff lives in s3://acme-analytics-prod/churn/v3/raw/ and the main table is "
        "`events_daily`. how big is that thing now",
        "`analytics.events_daily` has 47,998,112 rows across 82 columns; a full scan is about "
        "11 GB. I've left the raw prefix alone for now.",
        tools=[
            (
                "run_sql",
                {"query": "describe extended analytics.events_daily"},
                column_profile(rng, "47,998,112"),
            )
        ],
        lead="Profiling the table.",
        facts=[
            H("s3://acme-analytics-prod/churn/v3/raw/"),
            H("`events_daily`"),
            HT("47,998,112", "47998112"),
        ],
    )
    c.turn(
        "jeez. date range?",
        "It runs from 2023-10-01 to 2025-06-30.",
        tools=[
            (
                "run_sql",
                {"query": "select min(event_date), max(event_date) from analytics.events_daily"},
                "min        | max\n2023-10-01 | 2025-06-30\n(1 row)",
            )
        ],
        facts=[HT("2023-10-01")],
    )
    c.turn(
        "we only train on 2024-01-01 onwards btw, 2023 has the old tracking schema. and hold "
        "out March 2025 completely, finance wants to backtest on that month",
        "Understood: training data starts 2024-01-01, and March 2025 is excluded from training "
        "and validation so finance can backtest on it untouched.",
        facts=[H("2024-01-01"), K("hold out March 2025")],
    )
    c.turn(
        "did you see the all-hands thing about the offsite lol",
        "I didn't, I only see what's in this workspace. Hope it's somewhere warm.",
    )
    c.turn(
        "ha. ok label is `is_churned_60d` and use `customer_ltv_90d` as a feature, finance is "
        "obsessed with it",
        "Noted: target `is_churned_60d`, and `customer_ltv_90d` goes into the feature set. "
        "I'd expect it to rank in the top 10 by gain, maybe around 6-8% of total importance.",
        facts=[H("`is_churned_60d`"), H("`customer_ltv_90d`")],
    )
    c.turn(
        "open src/features/build_v3.py, want to make sure it does what I think",
        "It loads `events_daily` for a date window, builds rolling sums/means over 7/14/30/90 "
        "days, adds `days_since_last_login`, bucketizes with featurekit into 20 bins and writes "
        "parquet, stamping a feature set version on the frame. Default window is 2024-01-01 to "
        "2025-06-30, so it does *not* exclude March 2025 on its own; we'll have to filter that at "
        "training time.",
        tools=[("read_file", {"path": "src/features/build_v3.py"}, BUILD_SCRIPT)],
        facts=[H("src/features/build_v3.py"), HT("fs-2025.06.2")],
    )
    c.turn(
        "run it on a 1% sample first",
        "The sample run died: the process was killed at about 29 GB RSS. Looks like the rolling "
        "windows materialise everything before sampling, since sampling happens after the load.",
        tools=[
            ("run_shell", {"cmd": "python src/features/build_v3.py --sample 0.01"}, oom_log(rng))
        ],
        facts=[HT("exit code 137")],
    )
    c.turn(
        "ugh. just run the full thing on the r6i.4xlarge box then",
        "Done on the big box in about 18 minutes. Output is the parquet under data/interim "
        "with 212 columns.",
        tools=[
            (
                "run_shell",
                {"cmd": "python src/features/build_v3.py", "host": "r6i.4xlarge"},
                build_ok_log(rng),
            )
        ],
        facts=[HT("data/interim/features_v3.parquet"), HT("1,204,377", "1204377")],
    )
    c.turn(
        "are there nulls in signup_channel",
        "Yes, 8,431 customers have a null `signup_channel`, almost all of them created between "
        "the app rewrite and the tracking fix.",
        tools=[
            (
                "run_python",
                {
                    "code": "df = pd.read_parquet('data/interim/features_v3.parquet')"
                    "\ndf.signup_channel.isna().sum()"
                },
                "8431\n\nnull signup_channel: 8,431 of 1,204,377 (0.70%)",
            )
        ],
        facts=[HT("8,431", "8431")],
    )
    c.turn(
        "yeah drop `signup_channel`, it's been garbage since the app rewrite",
        "Dropped from the feature list. 211 features left.",
        facts=[D("drop `signup_channel`", "drop signup_channel")],
    )
    c.turn(
        "also whatever you do, read-only on analytics_prod. last time someone made a temp table "
        "in there and the DBA lost his mind",
        "Got it. I'll only run selects against analytics_prod and write any scratch tables to "
        "the sandbox schema.",
        facts=[K("read-only on analytics_prod")],
    )
    c.turn(
        "ok baseline. lightgbm, random_state=1337, num_leaves=63, rest default",
        "Baseline LightGBM: validation AUC 0.8061 after 412 boosting rounds with early "
        "stopping. Training took about 6 minutes.",
        tools=[
            (
                "run_python",
                {"code": "train_lgbm(num_leaves=63, random_state=1337)"},
                "\n".join(
                    f"[{k * 25}]\tvalid_0's auc: {0.70 + 0.1 * (1 - 0.9**k):.4f}"
                    for k in range(1, 18)
                )
                + "\nEarly stopping, best iteration is: [412]"
                "\nvalid AUC 0.8061",
            )
        ],
        facts=[H("random_state=1337"), HT("0.8061")],
    )
    c.turn(
        "whats the lift over the logistic regression from last quarter",
        "I don't have last quarter's run here, but if the LR was around 0.76 as I'd guess for "
        "this kind of data, that's roughly 4-5 AUC points, maybe a 12% relative improvement in "
        "captured churners at the same contact budget.",
    )
    c.turn(
        "meh we'll see. try tabnet on the same split",
        "TabNet finished: validation AUC 0.7934, so below LightGBM, and it needed 3h 41m on the "
        "A10G.",
        tools=[
            (
                "run_python",
                {"code": "train_tabnet(seed=1337, max_epochs=60)"},
                "\n".join(
                    f"epoch {e:2d} | loss: {0.62 - e * 0.004:.4f} | val_auc: "
                    f"{0.70 + 0.09 * (1 - 0.93**e):.5f} | {e * 221}s"
                    for e in range(60)
                )
                + "\nStop training: max_epochs reached\n"
                "Best val_auc 0.7934 (epoch 57); wall 3h 41m on 1x A10G",
            )
        ],
        facts=[HT("0.7934")],
    )
    c.turn(
        "oh wait you need featurekit v3.4.1 for the new transforms, 3.3 has the bucketing bug. "
        "check whats installed",
        "Installed 3.4.1 now (it was 3.3.0). Relevant versions in the env: pandas 2.2.3, "
        "lightgbm 4.5.0, scikit-learn 1.5.2, torch 2.4.1.",
        tools=[
            ("run_shell", {"cmd": "pip install 'featurekit==3.4.1' && pip freeze"}, pip_log(rng))
        ],
        facts=[
            H("featurekit v3.4.1", "featurekit 3.4.1", "featurekit==3.4.1"),
            HT("lightgbm==4.5.0", "lightgbm 4.5.0"),
        ],
    )
    c.turn(
        "rerun the lgbm one with the fixed transforms",
        "With featurekit 3.4.1 the LightGBM validation AUC goes up to 0.8127.",
        tools=[
            (
                "run_python",
                {"code": "train_lgbm(num_leaves=63, random_state=1337)"},
                "rebuilt buckets with featurekit 3.4.1\nEarly stopping, best iteration is: [436]"
                "\nvalid AUC 0.8127",
            )
        ],
        facts=[HT("0.8127")],
    )
    c.turn(
        "ok LightGBM it is. TabNet rejected, 3.7 hours a run for a worse auc is not worth it",
        "Agreed. I'll carry only the LightGBM pipeline forward.",
        facts=[D("LightGBM it is"), D("TabNet rejected")],
    )
    c.turn("lunch, back in 30", "Enjoy your lunch.")
    c.turn(
        "back. is the gap between the two actually significant? delong",
        "Yes. DeLong's test on the validation set gives z = 2.96, p-value 0.0031, so the "
        "LightGBM advantage is unlikely to be noise.",
        tools=[
            (
                "run_python",
                {"code": "delong(y_val, p_lgbm, p_tabnet)"},
                "DeLong test for two correlated ROC curves\nAUC1 = 0.8127  AUC2 = 0.7934\n"
                "z = 2.96, p-value = 0.0031\n95% CI of difference: [0.0066, 0.0320]",
            )
        ],
        facts=[HT("0.0031")],
    )
    c.turn(
        "actually use num_leaves=31, the 63 one overfits on the later months, I checked in a "
        "notebook",
        "Switched to num_leaves=31. I'll rerun the threshold search with that model.",
        fix=("num_leaves=63", "num_leaves=31"),
    )
    c.turn(
        "best threshold for F1 on validation?",
        "The F1-optimal threshold is 0.37, giving precision 0.642 and recall 0.588.",
        tools=[
            (
                "run_python",
                {"code": "sweep_thresholds(model_31, X_val, y_val)"},
                thresholds_table(rng),
            )
        ],
        facts=[HT("threshold 0.37"), HT("0.642")],
    )
    c.turn(
        "calibrate with isotonic, not platt. platt was off in the tails last time",
        "Isotonic calibration fitted on the validation fold; Brier score improves from 0.121 "
        "to 0.114 by my rough estimate.",
        facts=[D("calibrate with isotonic")],
    )
    c.turn(
        "query the warehouse: avg customer_ltv_90d by plan tier",
        "The query failed: the table `analytics.plan_tiers` doesn't exist anymore.",
        tools=[
            (
                "run_sql",
                {
                    "query": "select t.tier, avg(f.customer_ltv_90d) from features f "
                    "join analytics.plan_tiers t using (plan_id) group by 1"
                },
                'ERROR:  relation "analytics.plan_tiers" does not exist\nLINE 1: ...d) from '
                "features f join analytics.plan_tiers t using (plan_id)...\nSQLSTATE: 42P01",
            )
        ],
        facts=[HT("42P01")],
    )
    c.turn(
        "oh right its `dim_plan` now, they renamed it",
        "With `dim_plan`: free 18.40, starter 96.10, pro 412.75, enterprise 3,980.00 average "
        "90-day LTV in USD.",
        tools=[
            (
                "run_sql",
                {
                    "query": "select p.tier, avg(f.customer_ltv_90d) from features f "
                    "join analytics.dim_plan p using (plan_id) group by 1"
                },
                "tier       | avg\nfree       | 18.40\nstarter    | 96.10\npro        | 412.75"
                "\nenterprise | 3980.00\n(4 rows)",
            )
        ],
        facts=[H("`dim_plan`")],
    )
    c.turn(
        "naming things, the hardest problem. how much compute have we burned today",
        "Ballpark: the feature build, three LightGBM fits and the TabNet run come to roughly "
        "5.5 instance-hours, so somewhere around $14-18.",
    )
    c.turn(
        "save the 31-leaf model under the v3 models prefix",
        "Uploaded.",
        tools=[
            (
                "run_shell",
                {"cmd": "aws s3 cp models/lgbm_31.txt s3://acme-analytics-prod/churn/v3/models/"},
                "upload: models/lgbm_31.txt to s3://acme-analytics-prod/churn/v3/models/"
                "lgbm_2025_06_31leaves.txt\nCompleted 2.1 MiB/2.1 MiB (38.4 MiB/s)",
            )
        ],
        facts=[HT("s3://acme-analytics-prod/churn/v3/models/lgbm_2025_06_31leaves.txt")],
    )
    c.turn(
        "commit the training config",
        "Committed on branch churn-v3.",
        tools=[
            (
                "run_shell",
                {"cmd": "git commit -am 'train: lgbm num_leaves=31, isotonic'"},
                "[churn-v3 9e04b7d] train: lgbm num_leaves=31, isotonic\n 3 files changed, 41 "
                "insertions(+), 12 deletions(-)",
            )
        ],
        facts=[HT("9e04b7d")],
    )
    c.turn(
        "ticket is DATA-2291, put that in commit messages from now on",
        "Will do, future commits get a DATA-2291 prefix.",
        facts=[H("DATA-2291")],
    )
    c.turn(
        "Priya Raman owns the feature store so she reviews. the readout is Thursday the 12th",
        "I'll draft the review request for Priya and plan the readout material for Thursday "
        "the 12th.",
        facts=[H("Priya Raman")],
    )
    c.turn(
        "top features?",
        "Top by gain: `days_since_last_login`, `session_seconds_30d`, `revenue_90d`, "
        "`customer_ltv_90d`, `pages_viewed_mean_7d`.",
        tools=[("run_python", {"code": "gain_table(model_31)"}, importances(rng))],
    )
    c.turn(
        "days_since_last_login being #1 is suspicious. is it computed after the snapshot? leak?",
        "No leak: it is computed relative to the snapshot date (offset 0 days) and only from "
        "logins on or before it.",
        tools=[
            (
                "grep",
                {
                    "pattern": "days_since_last_login|SNAPSHOT_OFFSET",
                    "path": "src/features/build_v3.py",
                },
                "6:SNAPSHOT_OFFSET_DAYS = 0\n28:def days_since_last_login(df, snapshot):\n"
                '30:    return (snapshot - last).dt.days.rename("days_since_last_login")',
            )
        ],
    )
    c.turn(
        "ok good. how many customers were in the feature build again",
        "1,204,377 customers.",
    )
    c.turn("and the raw table row count", "47,998,112 rows in `events_daily`.")
    c.turn(
        "exclude internal test accounts too, they all have emails on @acme-test.io",
        "I'll filter out every customer whose email ends in @acme-test.io before training.",
        facts=[K("exclude internal test accounts"), H("@acme-test.io")],
    )
    c.turn(
        "how many is that",
        "3,118 accounts match.",
        tools=[
            (
                "run_sql",
                {
                    "query": "select count(*) from analytics.dim_customer where email "
                    "like '%@acme-test.io'"
                },
                "count\n3118\n(1 row)\n-- 3,118 internal accounts",
            )
        ],
        facts=[HT("3,118", "3118")],
    )
    c.turn(
        "retrain without them, same params as the committed config",
        "Retrained without the test accounts: validation AUC 0.8142.",
        tools=[
            (
                "run_python",
                {"code": "train_lgbm(config='configs/train_v3.yaml', exclude_test_accounts=True)"},
                "rows after exclusions: 1,201,259\nEarly stopping, best iteration is: [455]\n"
                "valid AUC 0.8142",
            )
        ],
        facts=[HT("0.8142")],
    )
    c.turn("what was the delong p value again", "p = 0.0031 (z = 2.96).")
    c.turn(
        "draft a short model card, commit, data, params, metrics and what we decided",
        "Draft model card:\n- Code: analytics-models, branch churn-v3\n- Data: `events_daily`, "
        "from 2024-01-01, March 2025 held out, test accounts excluded\n- Model: LightGBM, "
        "num_leaves=31, random_state=1337, isotonic calibration\n- Metrics: validation AUC "
        "0.8142, F1 threshold 0.37\n- Rejected: TabNet\nI'll fill in the rest once you've had a "
        "look.",
    )
    c.turn(
        "readout moved btw, Monday the 16th now",
        "Noted, readout on Monday the 16th.",
        fix=("Thursday the 12th", "Monday the 16th"),
    )
    c.turn("what feature set version does the build script stamp", "fs-2025.06.2.")
    c.turn("and the exit code when the sample run died?", "137, the OOM kill.")
    c.turn("great, grabbing coffee", "Sure.")
    c.turn(
        "before I write the readout: list every decision and constraint from today",
        "Decisions: LightGBM, TabNet rejected, num_leaves=31, isotonic calibration, "
        "`signup_channel` dropped. Constraints: train from 2024-01-01, hold out March 2025, "
        "read-only on analytics_prod, exclude @acme-test.io accounts.",
    )
    c.turn(
        "push the branch",
        "Pushed churn-v3 to origin.",
        tools=[
            (
                "run_shell",
                {"cmd": "git push origin churn-v3"},
                "To github.com:acme/analytics-models.git\n   a3f9c21..9e04b7d  churn-v3 -> "
                "churn-v3",
            )
        ],
    )
    c.turn(
        "last thing, what was the s3 path of the saved model",
        "s3://acme-analytics-prod/churn/v3/models/lgbm_2025_06_31leaves.txt",
    )
    c.turn("thanks, that's it for today", "You're welcome. Good luck with the readout.")
    c.write(out)


# -- 2. a support / ops desk (English) --------------------------------------------------------

PRODUCTS = [
    ("KB", "Keyboard"),
    ("MS", "Mouse"),
    ("MN", "Monitor"),
    ("HS", "Headset"),
    ("DK", "Dock"),
    ("CB", "Cable"),
    ("WC", "Webcam"),
    ("ST", "Stand"),
]
COLOURS = ["BLK", "WHT", "GRY", "RED", "BLU", "27Q", "24F", "USB"]
WAREHOUSES = ["RNO-2", "ATL-1", "CMH-3", "DFW-1", "EWR-4"]


def inventory(rng: random.Random, n: int, pinned: Sequence[tuple[str, ...]]) -> str:
    rows = list(pinned)
    while len(rows) < n:
        code, kind = rng.choice(PRODUCTS)
        rows.append(
            (
                f"{code}-{rng.randint(1000, 9999)}-{rng.choice(COLOURS)}",
                f"{kind} {rng.choice(['Pro', 'Lite', 'Max', 'Mini', 'S', 'X'])}",
                rng.choice(WAREHOUSES),
                str(rng.randint(0, 400)),
                f"{rng.randint(9, 700)}.{rng.choice(['00', '49', '99'])}",
            )
        )
    rows.sort(key=lambda r: r[0])
    return table(["sku", "name", "warehouse", "on_hand", "unit_price_usd"], rows)


def tracking(rng: random.Random, number: str) -> str:
    cities = ["Reno, NV", "Sacramento, CA", "Oakland, CA", "San Francisco, CA"]
    events = []
    for k in range(70):
        events.append(
            {
                "ts": f"2025-05-{28 + k // 24:02d}T{k % 24:02d}:{(k * 17) % 60:02d}:00-07:00",
                "status": rng.choice(
                    [
                        "IN_TRANSIT",
                        "ARRIVED_AT_FACILITY",
                        "DEPARTED_FACILITY",
                        "OUT_FOR_DELIVERY",
                        "SCAN",
                    ]
                ),
                "location": cities[min(3, k // 20)],
                "facility_id": f"F{rng.randint(10000, 99999)}",
            }
        )
    events.append(
        {
            "ts": "2025-06-03T14:12:00-07:00",
            "status": "DELIVERED",
            "location": "San Francisco, CA",
            "detail": "Left at front porch",
            "signed_by": None,
        }
    )
    return json.dumps(
        {"tracking_number": number, "carrier": "UPS", "service": "Ground", "events": events},
        indent=1,
    )


def policy_text() -> str:
    parts = [
        "RETURNS & CLAIMS POLICY (internal, rev. 2025-04)",
        "1. Return window: 30 days from delivery for unopened items; 14 days for opened items.",
        "2. Lost packages: when the carrier marks a package delivered, a claim must be filed "
        "within 10 days of the delivery scan.",
        "3. One lost-package refund per customer per 12 months. A second claim in that period "
        "is resolved by reshipment, not refund, at the agent's discretion.",
        "4. Replacements above $500 unit value require Tier 2 approval before shipping.",
    ]
    for k in range(5, 60):
        parts.append(
            f"{k}. Clause {k}: for orders in region {['NA', 'EU', 'APAC'][k % 3]} with carrier "
            f"{['UPS', 'FedEx', 'USPS', 'DHL'][k % 4]}, the agent documents the case id, the "
            f"carrier reference and the customer's confirmation in the ticket before closing; "
            f"exceptions are logged under code EXC-{100 + k}."
        )
    return "\n".join(parts)


def support(out: Path) -> None:
    rng = random.Random(22)
    c = Conversation("support_desk", "en", "support / ops desk: tickets, refunds, callbacks")
    ticket = json.dumps(
        {
            "id": "TCK-884120",
            "status": "open",
            "priority": "normal",
            "channel": "phone",
            "customer": {
                "name": "Marisol Okafor",
                "email": "m.okafor@fastmail.com",
                "customer_id": "C-3310872",
            },
            "order_id": "A-55102",
            "subject": "keyboard never arrived",
            "history": [
                {
                    "ts": f"2025-06-0{k % 9 + 1}T0{k % 10}:3{k % 6}:00Z",
                    "agent": "bot",
                    "note": f"auto-reply {k}: we are looking into your request",
                }
                for k in range(30)
            ],
        },
        indent=1,
    )
    c.turn(
        "new one TCK-884120 lady says her keyboard never showed up",
        "The ticket is from Marisol Okafor, order A-55102, opened by phone. Only bot "
        "auto-replies so far, no agent has touched it.",
        tools=[("get_ticket", {"id": "TCK-884120"}, ticket)],
        lead="Pulling the ticket.",
        facts=[H("TCK-884120"), HT("A-55102")],
    )
    order = json.dumps(
        {
            "order_id": "A-55102",
            "placed": "2025-05-27",
            "total": "$189.00",
            "lines": [
                {
                    "sku": "KB-7733-BLK",
                    "name": "Keyboard Pro wireless",
                    "qty": 1,
                    "price": "$189.00",
                }
            ],
            "shipment": {
                "carrier": "UPS",
                "tracking": "1Z999AA10123456784",
                "warehouse": "RNO-2",
                "shipped": "2025-05-28",
            },
            "previous_claims": [
                {
                    "order_id": "A-49877",
                    "date": "2025-04-09",
                    "type": "lost package",
                    "resolution": "refund $74.00",
                }
            ],
        },
        indent=1,
    )
    c.turn(
        "whats in the order",
        "One Keyboard Pro wireless, $189.00, shipped UPS from Reno on May 28. Heads-up: she "
        "already had a lost-package refund on a previous order in April.",
        tools=[("search_orders", {"order_id": "A-55102"}, order)],
        facts=[HT("KB-7733-BLK"), HT("1Z999AA10123456784"), HT("$189.00", "189.00"), HT("A-49877")],
    )
    c.turn(
        "tracking?",
        "UPS marks it delivered on June 3 at 14:12, left at the front porch, no signature.",
        tools=[
            ("track_package", {"number": "1Z999AA10123456784"}, tracking(rng, "1Z999AA10123456784"))
        ],
        facts=[HT("2025-06-03T14:12")],
    )
    c.turn(
        "she's at 1187 Larkin St Apt 4B, San Francisco 94109. says there was nothing on the "
        "porch, building has a shared entrance",
        "Address matches the shipping address on the order. With a shared entrance, a porch "
        "drop is plausible theft. I'd guess around 60% of these turn out to be misdeliveries to "
        "a neighbouring unit.",
        facts=[H("1187 Larkin St Apt 4B"), H("94109")],
    )
    c.turn("ugh mondays", "Hang in there. It's only 10am.")
    c.turn(
        "what does policy say about lost after delivered",
        "Claims on carrier-delivered packages must be filed within 10 days of the delivery "
        "scan (hers is well inside). Also: one lost-package refund per customer per 12 months; "
        "a second claim gets a reship instead, at our discretion.",
        tools=[("policy_lookup", {"topic": "lost package"}, policy_text())],
        facts=[HT("within 10 days")],
    )
    c.turn(
        "ok so refund declined, she had one in april. but reship approved, expedited, on us",
        "Understood: no refund on A-55102, we reship the keyboard expedited at no cost.",
        facts=[D("refund declined"), D("reship approved")],
    )
    stock = inventory(rng, 360, [("KB-7733-BLK", "Keyboard Pro wireless", "RNO-2", "14", "189.00")])
    c.turn(
        "do we have it in stock",
        "Yes, 14 units of KB-7733-BLK in RNO-2 (Reno).",
        tools=[("inventory_list", {"category": "all"}, stock)],
    )
    c.turn(
        "her number is (415) 555-0198, she wants a callback tomorrow 14:00 to confirm the reship",
        "Callback booked for tomorrow at 14:00 to (415) 555-0198.",
        tools=[
            (
                "schedule_callback",
                {"ticket": "TCK-884120", "phone": "(415) 555-0198", "time": "14:00"},
                '{"callback_id": "CB-20931", "status": "scheduled", "queue": "outbound-west"}',
            )
        ],
        facts=[H("(415) 555-0198", "415-555-0198", "4155550198", "415 555 0198"), HT("CB-20931")],
    )
    c.turn(
        "when would the reship get there",
        "Expedited from Reno to San Francisco is usually 1-2 business days, so probably "
        "Thursday, but I wouldn't quote that to her as a promise.",
    )
    c.turn(
        "right, and never promise delivery dates on the phone, legal got burned on that",
        "Noted. I'll phrase it as 'usually' and never as a commitment.",
        facts=[K("never promise delivery dates")],
    )
    charges = table(
        ["charge_id", "created", "amount", "card", "status"],
        [
            ("ch_3PqKx2Lz9aB", "2025-06-29 09:14:02", "$64.50", "visa 4242", "succeeded"),
            ("ch_3PqKx7Rt1mQ", "2025-06-29 09:14:09", "$64.50", "visa 4242", "succeeded"),
        ]
        + [
            (
                f"ch_3P{hexid(rng, 10)}",
                f"2025-06-{rng.randint(1, 28):02d} 1{rng.randint(0, 9)}:{rng.randint(10, 59)}:00",
                f"${rng.randint(5, 300)}.00",
                "visa 4242",
                "succeeded",
            )
            for _ in range(120)
        ],
    )
    c.turn(
        "next. TCK-884377, Dev Patel, says he got charged twice for the headset",
        "Two charges of $64.50 seven seconds apart on June 29: ch_3PqKx2Lz9aB and "
        "ch_3PqKx7Rt1mQ. Looks like a double submit.",
        tools=[("list_charges", {"customer": "Dev Patel", "ticket": "TCK-884377"}, charges)],
        facts=[H("TCK-884377"), H("Dev Patel"), HT("ch_3PqKx7Rt1mQ")],
    )
    c.turn(
        "void the second one",
        "Refunded the duplicate charge in full.",
        tools=[
            (
                "refund_charge",
                {"charge_id": "ch_3PqKx7Rt1mQ", "amount": "64.50"},
                '{"refund_id": "re_1Q8vT4Lz9", "status": "pending", "amount": "$64.50", '
                '"eta": "5-10 business days"}',
            )
        ],
        facts=[HT("re_1Q8vT4Lz9")],
    )
    c.turn(
        "dont email Dev, he only wants SMS. his cell 917-555-0143",
        "Got it, SMS only for Dev Patel at 917-555-0143.",
        facts=[K("only wants SMS"), H("917-555-0143", "(917) 555-0143", "9175550143")],
    )
    c.turn(
        "actually make it 15:30 for Marisol's callback, she's in a meeting at 2",
        "Moved CB-20931 to 15:30 tomorrow.",
        tools=[
            (
                "schedule_callback",
                {"callback_id": "CB-20931", "time": "15:30"},
                '{"callback_id": "CB-20931", "status": "rescheduled"}',
            )
        ],
        fix=("14:00", "15:30"),
    )
    c.turn("coffee machine on 3 is broken again", "Sorry to hear it. Maybe the one on 4?")
    gunnar = json.dumps(
        {
            "id": "TCK-884501",
            "status": "open",
            "customer": {"name": "Gunnar Lindqvist", "customer_id": "C-4471190"},
            "order_id": "A-56033",
            "subject": "monitor arrived with cracked panel",
            "lines": [{"sku": "MN-2719-27Q", "name": "Monitor Pro 27 QHD", "price": "$649.00"}],
            "attachments": [
                {
                    "id": f"att_{hexid(rng, 12)}",
                    "file": f"IMG_{4400 + k}.HEIC",
                    "bytes": rng.randint(900_000, 3_000_000),
                }
                for k in range(60)
            ],
        },
        indent=1,
    )
    c.turn(
        "TCK-884501 Gunnar Lindqvist. monitor came with a cracked panel, he sent like 60 photos",
        "Order A-56033: Monitor Pro 27 QHD at $649.00. The photos show a crack from the lower "
        "left corner.",
        tools=[("get_ticket", {"id": "TCK-884501"}, gunnar)],
        facts=[H("TCK-884501"), H("Gunnar Lindqvist"), HT("MN-2719-27Q"), HT("$649.00", "649.00")],
    )
    c.turn(
        "anything over $500 needs Tier 2 sign-off right?",
        "Correct, clause 4: replacements above $500 need Tier 2 approval before shipping.",
        facts=[K("over $500 needs Tier 2")],
    )
    c.turn(
        "ok escalate to Tier 2 with a recommendation to replace. ship to 300 Spring St, "
        "Portland ME 04102 once approved",
        "Escalated with a replace recommendation; shipping address noted for the replacement.",
        tools=[
            (
                "escalate",
                {"ticket": "TCK-884501", "to": "tier2", "note": "recommend replacement"},
                '{"escalation_id": "ESC-7719", "queue": "tier2", "sla_hours": 24}',
            )
        ],
        facts=[D("escalate to Tier 2"), HT("ESC-7719")],
    )
    c.turn(
        "how long does tier 2 usually take",
        "Their SLA is 24 hours; in practice I'd guess most come back in 6-8 hours.",
    )
    c.turn(
        "back to Marisol: what's her tracking number again, she's asking",
        "1Z999AA10123456784 (the original, delivered June 3).",
    )
    stock2 = inventory(rng, 300, [("MN-2719-27Q", "Monitor Pro 27 QHD", "CMH-3", "6", "649.00")])
    c.turn(
        "is the monitor in stock somewhere",
        "6 units of MN-2719-27Q in CMH-3 (Columbus).",
        tools=[("inventory_list", {"category": "monitors"}, stock2)],
        facts=[HT("CMH-3")],
    )
    c.turn(
        "actually ship it to his office instead, 45 Wharf Rd Unit 9, Portland ME 04101",
        "Updated: the replacement goes to 45 Wharf Rd Unit 9, Portland ME 04101.",
        fix=("300 Spring St", "45 Wharf Rd Unit 9"),
    )
    c.turn(
        "create the reship for Marisol now",
        "Reship order created, expedited, no charge.",
        tools=[
            (
                "create_order",
                {
                    "customer_id": "C-3310872",
                    "sku": "KB-7733-BLK",
                    "service": "expedited",
                    "price": "0.00",
                    "ship_to": "1187 Larkin St Apt 4B, San Francisco, CA 94109",
                },
                '{"order_id": "A-57210", "status": "created", "tracking": "1Z999AA10123998812"'
                ', "warehouse": "RNO-2"}',
            )
        ],
        facts=[HT("A-57210"), HT("1Z999AA10123998812")],
    )
    c.turn(
        "what did we tell her about the refund",
        "Refund declined (she had the A-49877 refund in April), reship approved, expedited, "
        "at no cost.",
    )
    logs = "\n".join(
        f"2025-06-30T1{k % 10}:{k % 60:02d}:11Z queue=outbound-west agent=a{rng.randint(100, 999)}"
        f" call=CB-{rng.randint(10000, 99999)} "
        f"result={rng.choice(['answered', 'voicemail', 'busy'])}"
        f" dur={rng.randint(20, 900)}s"
        for k in range(200)
    )
    c.turn(
        "did the callback system actually pick up the new time? show me the queue",
        "CB-20931 is in the outbound-west queue at 15:30 tomorrow; the log is mostly other calls.",
        tools=[
            (
                "callback_queue",
                {"queue": "outbound-west"},
                logs + "\n2025-06-30T11:42:00Z CB-20931 rescheduled to 2025-07-01 15:30 "
                "(America/Los_Angeles)",
            )
        ],
    )
    c.turn("lol the hold music is stuck in my head", "The same 40 seconds on loop will do that.")
    c.turn(
        "Dev is asking when the refund lands",
        "The refund re_1Q8vT4Lz9 is pending; banks usually post it in 5-10 business days. I'll "
        "send that by SMS, not email.",
    )
    c.turn(
        "yes send it",
        "Sent the SMS to Dev.",
        tools=[
            (
                "send_sms",
                {
                    "to": "917-555-0143",
                    "text": "Hi Dev, your duplicate charge of $64.50 was refunded.",
                },
                '{"message_id": "SM9f2c1a", "status": "queued"}',
            )
        ],
    )
    c.turn(
        "tier 2 came back?",
        "Yes: approved, replacement to ship from CMH-3.",
        tools=[
            (
                "get_escalation",
                {"id": "ESC-7719"},
                '{"escalation_id": "ESC-7719", "status": "approved", "approver": "T2 - '
                'R. Mbeki", "note": "replace, ship from CMH-3, return label for the cracked '
                'unit"}',
            )
        ],
        facts=[HT("R. Mbeki")],
    )
    c.turn(
        "ship it then, office address",
        "Replacement created for Gunnar to the office address with a return label for the "
        "cracked unit.",
        tools=[
            (
                "create_order",
                {
                    "customer_id": "C-4471190",
                    "sku": "MN-2719-27Q",
                    "ship_to": "45 Wharf Rd Unit 9, Portland, ME 04101",
                    "price": "0.00",
                    "return_label": True,
                },
                '{"order_id": "A-57244", "status": "created", "tracking": "1Z999AA10124550190",'
                ' "return_label": "RL-66120"}',
            )
        ],
        facts=[HT("A-57244"), HT("RL-66120")],
    )
    c.turn(
        "write Gunnar a note, email is fine for him",
        "Draft: 'Hi Gunnar, we're sorry your monitor arrived damaged. A replacement is on its "
        "way to your office with a prepaid return label for the cracked unit. No need to "
        "contact us again unless something's off.'",
    )
    c.turn("send", "Sent.", tools=[("send_email", {"ticket": "TCK-884501"}, '{"status": "sent"}')])
    c.turn(
        "remind me marisol's address and callback",
        "1187 Larkin St Apt 4B, San Francisco 94109; callback tomorrow at 15:30 to (415) 555-0198.",
    )
    c.turn(
        "what's the ship from warehouse for her keyboard",
        "RNO-2, Reno, same as the original shipment.",
    )
    c.turn(
        "close 884377",
        "Closed TCK-884377 with the refund reference.",
        tools=[
            (
                "update_ticket",
                {
                    "id": "TCK-884377",
                    "status": "solved",
                    "note": "duplicate charge refunded re_1Q8vT4Lz9",
                },
                '{"id": "TCK-884377", "status": "solved"}',
            )
        ],
    )
    c.turn("lunch", "Enjoy.")
    c.turn(
        "back. anything new on my queue",
        "Three new tickets, none urgent: two password resets and a question about bulk pricing.",
        tools=[
            (
                "list_tickets",
                {"assignee": "me", "status": "new"},
                json.dumps(
                    [
                        {"id": f"TCK-88{rng.randint(4600, 4999)}", "subject": s, "priority": "low"}
                        for s in ["password reset", "password reset", "bulk pricing for 40 docks"]
                    ]
                ),
            )
        ],
    )
    c.turn(
        "skip those, whats the status of marisol's reship",
        "A-57210 is created, tracking 1Z999AA10123998812, not yet picked up.",
    )
    c.turn(
        "summarize everything on 884120 for the handover, next shift takes the callback",
        "TCK-884120, Marisol Okafor: keyboard (KB-7733-BLK, $189.00) on A-55102 marked "
        "delivered June 3 but missing. Refund declined (prior refund on A-49877), reship "
        "approved: A-57210 expedited from RNO-2. Callback CB-20931 tomorrow 15:30 to (415) "
        "555-0198. Don't promise delivery dates.",
    )
    c.turn(
        "and one for 884501",
        "TCK-884501, Gunnar Lindqvist: cracked Monitor Pro 27 QHD ($649.00). Tier 2 approved "
        "(ESC-7719, R. Mbeki). Replacement A-57244 from CMH-3 to 45 Wharf Rd Unit 9, Portland "
        "ME 04101, return label RL-66120.",
    )
    c.turn(
        "perfect. what was the claim window in the policy again",
        "10 days from the delivery scan.",
    )
    c.turn(
        "Gunnar replied, asks if he can keep the old stand since only the panel cracked",
        "The return label covers the whole unit, but the policy doesn't require the stand "
        "back. I'd say yes; it probably saves us about $12 in shipping weight.",
    )
    c.turn(
        "yeah tell him he can keep the stand, the rest goes back with RL-66120",
        "Replied to Gunnar: he keeps the stand, panel and base go back with the label.",
        tools=[
            ("send_email", {"ticket": "TCK-884501", "text": "keep the stand"}, '{"status": "sent"}')
        ],
        facts=[D("he can keep the stand")],
    )
    c.turn("thanks, logging off", "Have a good evening.")
    c.write(out)


# -- 3. a personal assistant, English and German ----------------------------------------------


def flights(rng: random.Random, pinned: dict[str, Any]) -> str:
    out = [pinned]
    for _ in range(90):
        dep = f"{rng.randint(5, 21):02d}:{rng.choice(['05', '20', '35', '50'])}"
        out.append(
            {
                "flight": f"{rng.choice(['LH', 'TP', 'FR', 'U2', 'IB'])} {rng.randint(100, 9999)}",
                "from": "MUC",
                "to": "LIS",
                "date": "2027-08-22",
                "dep": dep,
                "price_eur": rng.randint(89, 640),
                "stops": rng.choice([0, 1, 1, 2]),
            }
        )
    return json.dumps(out, ensure_ascii=False)


def calendar(rng: random.Random, extra: Sequence[dict[str, str]]) -> str:
    items = [
        {
            "date": f"2027-03-{d:02d}",
            "time": f"{rng.randint(7, 19):02d}:00",
            "title": rng.choice(["Standup", "1:1", "Yoga", "Review", "Lunch", "Sprint"]),
            "id": f"ev_{hexid(rng, 10)}",
        }
        for d in range(1, 31)
        for _ in range(4)
    ]
    return json.dumps([*extra, *items], ensure_ascii=False)


def assistant_de(out: Path) -> None:
    rng = random.Random(33)
    c = Conversation("assistant_en_de", "en+de", "personal assistant: travel, family, errands")
    c.turn(
        "ok big news, the paper got into VLDB 2027!! can you find out when and where it is",
        "Congratulations! VLDB 2027 is in Lisbon, 23-27 August 2027, at the Lisboa Congress "
        "Centre.",
        tools=[
            (
                "web_search",
                {"q": "VLDB 2027 dates venue"},
                "VLDB 2027: 53rd International Conference on Very Large Data Bases, Lisbon, "
                "Portugal, 23-27 August 2027, Lisboa Congress Centre. Camera-ready deadline "
                "2027-06-15.",
            )
        ],
        facts=[H("VLDB 2027"), HT("23-27 August 2027"), HT("2027-06-15")],
    )
    c.turn(
        "flights from munich on the 22nd please. no flights before 7am, I'm not doing that again",
        "Best fit: TP 557 departing 09:40, nonstop, 214 EUR. Several cheaper ones leave at "
        "06:05 or 06:20, which I skipped.",
        tools=[
            (
                "flight_search",
                {"from": "MUC", "to": "LIS", "date": "2027-08-22"},
                flights(
                    rng,
                    {
                        "flight": "TP 557",
                        "from": "MUC",
                        "to": "LIS",
                        "date": "2027-08-22",
                        "dep": "09:40",
                        "price_eur": 214,
                        "stops": 0,
                    },
                ),
            )
        ],
        facts=[K("no flights before 7am"), HT("TP 557")],
    )
    c.turn(
        "book it, seat 22C, aisle",
        "Booked TP 557 on 22 August, seat 22C.",
        tools=[
            (
                "book_flight",
                {"flight": "TP 557", "seat": "22C"},
                '{"status": "confirmed", "booking_ref": "QZ7K4P", "seat": "22C", '
                '"total_eur": "214.00"}',
            )
        ],
        facts=[H("22C"), HT("QZ7K4P")],
    )
    hotels = json.dumps(
        [
            {
                "name": "Hotel Avenida Palace",
                "eur_per_night": 189,
                "walk_to_venue_min": 12,
                "id": "H-88120",
            }
        ]
        + [
            {
                "name": f"{rng.choice(['Casa', 'Hotel', 'Residencial'])} "
                f"{rng.choice(['Alfama', 'Tejo', 'Chiado', 'Baixa', 'Sol'])} "
                f"{rng.randint(1, 99)}",
                "eur_per_night": rng.randint(70, 400),
                "walk_to_venue_min": rng.randint(5, 60),
                "id": f"H-{rng.randint(10000, 99999)}",
            }
            for _ in range(140)
        ],
        ensure_ascii=False,
    )
    c.turn(
        "hotels near the venue, 5 nights",
        "Closest good option is Hotel Avenida Palace, 189 EUR a night, 12 minutes' walk. "
        "There are cheaper ones further out.",
        tools=[("hotel_search", {"city": "Lisbon", "checkin": "2027-08-22", "nights": 5}, hotels)],
        facts=[HT("189")],
    )
    c.turn(
        "take the Avenida one",
        "Booked Hotel Avenida Palace for 22-27 August.",
        tools=[
            (
                "book_hotel",
                {"id": "H-88120", "nights": 5},
                '{"status": "confirmed", "confirmation": "AVP-55190-L", "total_eur": 945}',
            )
        ],
        facts=[D("take the Avenida"), HT("AVP-55190-L")],
    )
    c.turn("haha I'm so happy about this paper", "You should be, it's a big one.")
    c.turn(
        "so, andere Sache. Ich hab am 14. März 2027 den Termin beim Steuerberater, Herr "
        "Albrecht, 10 Uhr. Bitte eintragen",
        "Eingetragen: 14. März 2027, 10:00, Steuerberater Herr Albrecht.",
        tools=[
            (
                "calendar_add",
                {"date": "2027-03-14", "time": "10:00", "title": "Steuerberater Albrecht"},
                '{"id": "ev_9a81c0", "status": "created"}',
            )
        ],
        facts=[H("14. März 2027"), H("Herr Albrecht")],
    )
    c.turn(
        "und der Zahnarzt bei Dr. Kessler ist Dienstag 8:15, auch eintragen",
        "Eingetragen: Dienstag 8:15, Dr. Kessler.",
        facts=[H("Dr. Kessler")],
    )
    c.turn(
        "Elternabend ist am 3.4. um 19 Uhr in der Schule, Raum 302-118",
        "Notiert: Elternabend am 3.4., 19 Uhr, Raum 302-118.",
        facts=[H("am 3.4.", "3.4."), H("302-118")],
    )
    c.turn(
        "was steht im März sonst noch so an",
        "Im März hast du vor allem die üblichen Standups und 1:1s, dazu am 14. den "
        "Steuerberater. Schätzungsweise 20 Stunden Meetings pro Woche.",
        tools=[
            (
                "calendar_list",
                {"month": "2027-03"},
                calendar(
                    rng,
                    [
                        {
                            "date": "2027-03-14",
                            "time": "10:00",
                            "title": "Steuerberater Albrecht",
                            "id": "ev_9a81c0",
                        }
                    ],
                ),
            )
        ],
    )
    c.turn(
        "Die Rechnung vom Maler über 1.234,50 € ist noch offen, bitte bis Freitag überweisen",
        "Ich bereite die Überweisung über 1.234,50 € an den Maler für Freitag vor.",
        facts=[H("1.234,50 €", "1234,50", "1.234,50")],
    )
    tx = table(
        ["datum", "empfaenger", "betrag_eur", "referenz"],
        [("2027-02-26", "Malerbetrieb Huber GmbH", "-1.234,50", "RE-2027-0419")]
        + [
            (
                f"2027-02-{rng.randint(1, 28):02d}",
                rng.choice(
                    ["REWE", "DB Fernverkehr", "Stadtwerke", "Amazon", "dm", "Aral", "Netflix"]
                ),
                f"-{rng.randint(3, 300)},{rng.randint(0, 99):02d}",
                f"TX{rng.randint(10**7, 10**8 - 1)}",
            )
            for _ in range(260)
        ],
        ";",
    )
    c.turn(
        "hab ich das schon bezahlt? check mal das Konto",
        "Ja, schon erledigt: am 26.02. an Malerbetrieb Huber GmbH, Referenz RE-2027-0419. Die "
        "Überweisung für Freitag ist also nicht nötig.",
        tools=[("bank_transactions", {"account": "Girokonto", "from": "2027-02-01"}, tx)],
        facts=[HT("RE-2027-0419")],
    )
    c.turn("oh gut, dann nicht nochmal", "Alles klar, ich storniere die geplante Überweisung.")
    c.turn(
        "back to english. my mum Hildegard is visiting the weekend of the 20th, she is "
        "vegetarian, find a restaurant for saturday dinner, 6 people",
        "Looking for vegetarian-friendly places for 6 on Saturday the 20th.",
        facts=[K("vegetarian"), H("Hildegard")],
    )
    rest = table(
        ["name", "cuisine", "veg_options", "nuts_in_kitchen", "table_for_6", "rating"],
        [("Cotidiano", "mediterranean", "many", "no", "19:30", "4.6")]
        + [
            (
                f"{rng.choice(['Zum', 'Bei', 'Trattoria', 'Wirtshaus', 'Bistro'])} "
                f"{rng.choice(['Hirsch', 'Luigi', 'Anker', 'Mond', 'Garten'])} {k}",
                rng.choice(["bavarian", "italian", "thai", "indian", "greek"]),
                rng.choice(["few", "some", "many"]),
                rng.choice(["yes", "no"]),
                rng.choice(["-", "18:00", "20:15", "21:00"]),
                f"{rng.uniform(3.2, 4.9):.1f}",
            )
            for k in range(180)
        ],
    )
    c.turn(
        "oh and Jonas hat eine Nussallergie, that matters too",
        "Then the best match is Cotidiano: many vegetarian dishes, no nuts in the kitchen, a "
        "table for 6 at 19:30.",
        tools=[("restaurant_search", {"city": "München", "date": "2027-03-20", "party": 6}, rest)],
        facts=[K("Nussallergie"), H("Jonas")],
    )
    c.turn(
        "book Cotidiano at 19:30",
        "Booked Cotidiano, Saturday 20 March, 19:30, 6 people.",
        tools=[
            (
                "book_table",
                {"restaurant": "Cotidiano", "time": "19:30", "party": 6},
                '{"status": "confirmed", "reservation": "COT-4471", "note": "veg + nut-free '
                'flagged"}',
            )
        ],
        facts=[HT("COT-4471"), D("book Cotidiano")],
    )
    c.turn(
        "how much will dinner roughly cost",
        "Guessing around 45 EUR a head with drinks, so roughly 270 EUR for six.",
    )
    c.turn(
        "nee warte, der Zahnarzt ist doch Mittwoch 10:40, nicht Dienstag. bitte ändern",
        "Geändert: Dr. Kessler jetzt Mittwoch 10:40.",
        fix=("Dienstag 8:15", "Mittwoch 10:40"),
    )
    c.turn(
        "what's my seat on the lisbon flight again",
        "22C on TP 557, booking QZ7K4P.",
    )
    c.turn(
        "register me for the conference, early bird",
        "Registered. Early-bird member rate.",
        tools=[
            (
                "web_form",
                {"url": "https://vldb2027.org/register", "type": "early"},
                '{"status": "ok", "registration_id": "VLDB27-R-03318", "fee_eur": 790, '
                '"invoice": "INV-VLDB27-8812"}',
            )
        ],
        facts=[HT("VLDB27-R-03318"), HT("790")],
    )
    c.turn(
        "Kannst du die Konferenzgebühr bei der Uni als Reisekosten einreichen? Kostenstelle "
        "4711-220",
        "Reisekostenantrag vorbereitet mit Kostenstelle 4711-220: Flug 214 EUR, Hotel 945 "
        "EUR, Gebühr 790 EUR.",
        facts=[H("4711-220")],
    )
    c.turn("danke dir", "Gerne!")
    c.turn(
        "emails from the VLDB people?",
        "One from the PC chairs: camera-ready due 15 June, max 12 pages plus references, "
        "upload via the CMT site.",
        tools=[
            (
                "email_search",
                {"q": "VLDB 2027", "limit": 40},
                json.dumps(
                    [
                        {
                            "from": f"noreply{k}@lists.example.org",
                            "subject": f"Newsletter {k}",
                            "snippet": "..." * 20,
                        }
                        for k in range(50)
                    ]
                    + [
                        {
                            "from": "pc-chairs@vldb2027.org",
                            "subject": "Camera-ready instructions",
                            "snippet": "due 15 June, 12 pages + references, paper id 1187",
                        }
                    ]
                ),
            )
        ],
        facts=[HT("paper id 1187")],
    )
    c.turn(
        "remind me 2 weeks before the camera ready deadline",
        "Reminder set for 1 June 2027.",
        tools=[
            (
                "reminder_add",
                {"date": "2027-06-01", "text": "VLDB camera-ready"},
                '{"status": "ok"}',
            )
        ],
    )
    c.turn(
        "was war nochmal die Raumnummer vom Elternabend",
        "Raum 302-118, am 3.4. um 19 Uhr.",
    )
    c.turn(
        "and the hotel confirmation number?",
        "AVP-55190-L, Hotel Avenida Palace.",
    )
    c.turn(
        "my colleague Tobias wants the same flight, can you check seats next to 22C",
        "22A and 22B are taken; 23C and 23D are free.",
        tools=[
            (
                "seat_map",
                {"flight": "TP 557", "date": "2027-08-22"},
                json.dumps(
                    {
                        f"{r}{s}": rng.choice(["free", "taken"])
                        for r in range(1, 40)
                        for s in "ABCDEF"
                    }
                    | {"22A": "taken", "22B": "taken", "23C": "free", "23D": "free"}
                ),
            )
        ],
    )
    c.turn("tell him 23D then", "I'll send Tobias the details for 23D.")
    c.turn(
        "Steuerberater wollte noch die Handwerkerrechnungen, welche hatten wir",
        "Aus dem Konto: Malerbetrieb Huber GmbH, 1.234,50 €, RE-2027-0419. Andere "
        "Handwerker finde ich für Februar nicht.",
    )
    c.turn(
        "schick die an Herrn Albrecht",
        "Gesendet an Herrn Albrecht.",
        tools=[
            (
                "send_email",
                {"to": "albrecht@stb-albrecht.de", "attach": "RE-2027-0419"},
                '{"status": "sent"}',
            )
        ],
    )
    c.turn(
        "mum asks what's on the menu at the restaurant, anything with nuts?",
        "Cotidiano has no nuts in the kitchen at all, and many vegetarian dishes, so both "
        "Hildegard and Jonas are fine.",
    )
    c.turn(
        "add Hildegard's train: ICE 598 arriving 14:52 friday",
        "Added: Friday, ICE 598, arrival 14:52.",
        facts=[H("ICE 598"), H("14:52")],
    )
    c.turn(
        "who picks her up, can you ask Jonas",
        "Message sent to Jonas.",
        tools=[
            (
                "send_sms",
                {"to": "Jonas", "text": "Kannst du Oma um 14:52 abholen?"},
                '{"status": "sent"}',
            )
        ],
    )
    c.turn(
        "wann war nochmal der Zahnarzt",
        "Mittwoch 10:40 bei Dr. Kessler.",
    )
    c.turn(
        "ok and the Steuerberater date?",
        "14. März 2027, 10 Uhr, Herr Albrecht.",
    )
    c.turn("I'm so tired", "Big week. Maybe an early night?")
    c.turn(
        "what did I pay for the registration",
        "790 EUR, registration VLDB27-R-03318.",
    )
    c.turn(
        "any dinner plan for lisbon? vegetarian place for the group on the 24th",
        "I'll look for something near the venue on 24 August. Guessing around 8-10 people?",
    )
    c.turn("10 people", "Noted, 10 people on 24 August.", facts=[H("10 people")])
    c.turn(
        "Was kostet das Hotel insgesamt",
        "945 € für 5 Nächte (189 € pro Nacht), Bestätigung AVP-55190-L.",
    )
    c.turn(
        "give me a summary of everything booked for lisbon",
        "Flight TP 557 on 22 August, 09:40, seat 22C, ref QZ7K4P; Hotel Avenida Palace 22-27 "
        "August, AVP-55190-L; registration VLDB27-R-03318 (790 EUR), paper id 1187; "
        "camera-ready due 15 June, reminder on 1 June.",
    )
    c.turn(
        "und für März?",
        "14. März Steuerberater (10 Uhr), Mittwoch 10:40 Zahnarzt, am 3.4. Elternabend in "
        "Raum 302-118, Samstag 20. März Cotidiano 19:30 für 6 (vegetarisch, nussfrei).",
    )
    c.turn(
        "what was the cost centre for the travel claim again",
        "4711-220.",
    )
    c.turn("perfekt, danke", "Sehr gerne.")
    c.write(out)


# -- 4. 家装项目管理 (Chinese) -------------------------------------------------------------------

MATERIALS = [
    "瓷砖",
    "水管",
    "电线",
    "开关面板",
    "石膏板",
    "乳胶漆",
    "防水涂料",
    "龙骨",
    "腻子粉",
    "踢脚线",
    "门套",
    "吊顶铝扣板",
]


def quotation(rng: random.Random, pinned: Sequence[tuple[str, ...]], n: int) -> str:
    rows = list(pinned)
    while len(rows) < n:
        rows.append(
            (
                f"CL-{rng.randint(100000, 999999)}",
                rng.choice(MATERIALS),
                rng.choice(["㎡", "米", "个", "桶", "袋"]),
                str(rng.randint(1, 120)),
                f"{rng.randint(5, 900)}.00",
            )
        )
    return table(["编号", "名称", "单位", "数量", "单价(元)"], rows)


def renovation(out: Path) -> None:
    rng = random.Random(44)
    c = Conversation("renovation_zh", "zh", "家装项目管理：预算、工期、付款")
    c.turn(
        "新房装修的事帮我盯一下。地址是浦东新区锦绣路1288弄6号602，3月15日开工",
        "好的，已记录：浦东新区锦绣路1288弄6号602，3月15日开工。",
        facts=[H("浦东新区锦绣路1288弄6号602"), H("3月15日")],
    )
    contract = (
        "家庭居室装饰装修工程施工合同\n甲方：陈晓\n乙方：上海匠心装饰工程有限公司\n"
        "工程地址：浦东新区锦绣路1288弄6号602\n合同总价：¥186,400（含税）\n"
        "付款方式：首期款30%即55,920元于开工前支付；中期款40%于水电验收后支付；尾款30%于竣工验收后支付。\n"
        "工期：90天。水电验收日期：4月28日。\n"
        + "\n".join(
            f"第{k}条 {rng.choice(['材料', '施工', '验收', '保修', '违约'])}条款："
            f"乙方应按国家标准GB{50000 + k}执行，"
            "如有争议双方协商解决，协商不成的提交浦东新区人民法院。"
            for k in range(1, 90)
        )
    )
    c.turn(
        "合同发你了，看下总价和付款节点",
        "合同总价¥186,400（含税）。首期款30%是55,920元，开工前付；中期款40%水电验收后付；尾款30%竣工后付。"
        "水电验收定在4月28日。",
        tools=[("read_document", {"file": "装修合同_锦绣路.pdf"}, contract)],
        facts=[HT("¥186,400", "186,400", "186400"), HT("55,920元", "55920"), HT("4月28日")],
    )
    c.turn(
        "总预算不超过25万，家电家具都算进去",
        "明白，总预算上限25万元，包括家电和家具。按合同总价算，剩余大约6万多给家电家具，估计会比较紧。",
        facts=[K("不超过25万")],
    )
    c.turn(
        "王建国那边说水电下周能完，他电话139 1762 4481，有事直接打",
        "已记下工长王建国，电话139 1762 4481。",
        facts=[H("王建国"), H("139 1762 4481", "13917624481", "139-1762-4481")],
    )
    c.turn(
        "设计师李娜约我们评审效果图，定在下周三下午两点",
        "好的，评审会：下周三下午两点，和李娜。",
        tools=[
            (
                "calendar_add",
                {"title": "效果图评审", "when": "下周三下午两点"},
                '{"id": "cal_771", "status": "ok"}',
            )
        ],
        facts=[H("李娜")],
    )
    c.turn(
        "对了，不要周末开会，我周末要陪孩子",
        "记住了：不安排周末会议。",
        facts=[K("不要周末开会")],
    )
    c.turn("今天好累啊", "辛苦了，装修确实操心。早点休息。")
    quote = quotation(rng, [("CL-880317", "瓷砖 MW-8803哑光 600x1200", "㎡", "86", "168.00")], 330)
    c.turn(
        "报价单里瓷砖是哪款",
        "报价单里的瓷砖是MW-8803哑光，600x1200，86平方米，每平方168元。",
        tools=[("read_sheet", {"file": "报价单_v2.xlsx"}, quote)],
        facts=[HT("MW-8803哑光"), HT("86")],
    )
    c.turn(
        "橱柜选欧派吧，比较了三家还是它靠谱",
        "好的，橱柜定欧派。",
        facts=[D("橱柜选欧派")],
    )
    c.turn(
        "厨房台面不要大理石，容易渗色，用石英石",
        "记下：厨房台面不要大理石，改用石英石。",
        facts=[K("不要大理石")],
    )
    c.turn(
        "欧派的订单号发我一下",
        "欧派订单已下：OP-2027-031877，定金3,000元，预计4月20日送货。",
        tools=[
            (
                "place_order",
                {"vendor": "欧派", "item": "整体橱柜+石英石台面"},
                '{"order_no": "OP-2027-031877", "deposit": "3,000元", "delivery": "4月20日"}',
            )
        ],
        facts=[HT("OP-2027-031877"), HT("3,000元", "3000元"), HT("4月20日")],
    )
    c.turn(
        "地板用实木复合的，不要强化",
        "好的，地板定实木复合。",
        facts=[D("地板用实木复合")],
    )
    c.turn(
        "实木复合大概多少钱一平",
        "一般在250到400元一平，按80平算大约2到3万。这是我的估计，具体要看品牌。",
    )
    stmt = table(
        ["日期", "摘要", "金额(元)", "余额(元)"],
        [("2027-03-10", "转账 上海匠心装饰 首期款", "-55,920.00", "412,310.55")]
        + [
            (
                f"2027-0{rng.randint(1, 3)}-{rng.randint(1, 28):02d}",
                rng.choice(["美团", "盒马", "京东", "滴滴", "工资", "物业费", "电费"]),
                f"{rng.choice(['-', ''])}{rng.randint(10, 9000)}.{rng.randint(0, 99):02d}",
                f"{rng.randint(100000, 500000)}.00",
            )
            for _ in range(300)
        ],
        ",",
    )
    c.turn(
        "首期款付了没，查下流水",
        "付了，3月10日转给上海匠心装饰55,920.00元。",
        tools=[("bank_statement", {"account": "招商银行 尾号8812", "month": "2027-03"}, stmt)],
        facts=[HT("2027-03-10")],
    )
    c.turn(
        "评审会改成周四上午十点吧，周三我临时要出差",
        "已改：评审会周四上午十点。",
        tools=[
            (
                "calendar_update",
                {"id": "cal_771", "when": "周四上午十点"},
                '{"id": "cal_771", "status": "updated"}',
            )
        ],
        fix=("下周三下午两点", "周四上午十点"),
    )
    c.turn(
        "王建国说卫生间要加做防水到1米8，加多少钱",
        "他报的增项是2,400元。",
        tools=[
            (
                "message_read",
                {"from": "王建国"},
                "王建国：陈姐，卫生间淋浴区防水建议刷到1米8，非淋浴区30公分，增项2,400元，人工材料都含。"
                + "\n"
                + "\n".join(f"王建国：[图片{k}]" for k in range(40)),
            )
        ],
        facts=[HT("2,400元", "2400元")],
    )
    c.turn(
        "可以，防水增项做",
        "好的，我回复王建国同意防水增项。",
        facts=[D("防水增项做")],
        tools=[
            (
                "message_send",
                {"to": "王建国", "text": "防水加到1米8，同意，2400"},
                '{"status": "sent"}',
            )
        ],
    )
    c.turn(
        "现在一共花了多少了", "已付首期款55,920元、欧派定金3,000元，共58,920元。增项2,400元还没付。"
    )
    c.turn("哈哈感觉钱像流水一样", "装修都这样，不过目前还在预算内。")
    c.turn(
        "水电验收是哪天来着",
        "4月28日。验收后要付中期款40%，也就是74,560元。",
    )
    c.turn(
        "中期款是这个数吗？帮我算下",
        "¥186,400 × 40% = 74,560元，没错。",
        tools=[("calculator", {"expr": "186400*0.4"}, "74560.0")],
    )
    c.turn(
        "李娜那边效果图出来了吗",
        "李娜发了客厅和主卧两张效果图，厨房的要周四评审时再看。",
        tools=[
            (
                "message_read",
                {"from": "李娜"},
                "李娜：效果图先发客厅和主卧，厨房的周四当面讲。\n"
                + "\n".join(f"李娜：[文件 render_{k:03d}.jpg]" for k in range(120)),
            )
        ],
    )
    c.turn(
        "物业说装修押金要交，多少",
        "物业通知里写的装修押金是5,000元，竣工验收无损坏后退还。",
        tools=[
            (
                "read_document",
                {"file": "物业装修须知.pdf"},
                "锦绣路1288弄物业装修须知\n一、装修押金5,000元，竣工无损坏后30日内退还。\n"
                "二、施工时间：工作日8:00-12:00，14:00-18:00，周末禁止产生噪音的施工。\n"
                + "\n".join(f"{k}、其他规定第{k}条：请遵守小区管理规约。" for k in range(3, 80)),
            )
        ],
        facts=[HT("5,000元", "5000元")],
    )
    c.turn(
        "周末能施工吗",
        "不能做有噪音的施工，只能工作日8点到12点、14点到18点。",
    )
    c.turn(
        "那跟王建国说一下别周末干活",
        "已通知王建国：周末不要做有噪音的施工。",
        tools=[
            (
                "message_send",
                {"to": "王建国", "text": "物业规定周末不能有噪音施工"},
                '{"status": "sent"}',
            )
        ],
    )
    c.turn(
        "瓷砖够不够，86平会不会少",
        "一般损耗按5%-8%算，86平对应实际铺贴面积大概80平左右，我估计够用。",
    )
    c.turn(
        "帮我查下欧派送货时间有没有变",
        "没变，仍是4月20日送货，订单OP-2027-031877。",
        tools=[
            (
                "order_status",
                {"order_no": "OP-2027-031877"},
                '{"order_no": "OP-2027-031877", "status": "生产中", "delivery": "4月20日"}',
            )
        ],
    )
    c.turn("好", "👍")
    c.turn(
        "我老公问台面到底用的什么",
        "石英石。你说过厨房台面不要大理石，怕渗色。",
    )
    c.turn(
        "家电预算还剩多少",
        "25万减去合同总价186,400元，再减增项2,400元，剩61,200元给家电家具。欧派橱柜如果不在合同里，还要再扣。",
    )
    c.turn(
        "橱柜总价是多少来着",
        "欧派只付了3,000元定金，总价还没出最终报价。我估计整体在2万左右。",
    )
    c.turn(
        "欧派报价来了",
        "欧派最终报价23,800元，含石英石台面，扣掉定金还需付20,800元。",
        tools=[
            (
                "read_document",
                {"file": "欧派报价单.pdf"},
                "欧派整体橱柜报价单 OP-2027-031877\n地柜 4.2米 / 吊柜 3.6米 / 石英石台面 4.2米\n"
                "合计：23,800元  已付定金：3,000元  尾款：20,800元\n"
                + "\n".join(
                    f"配件 {hexid(rng, 8).upper()} 铰链/拉手/阻尼 x{rng.randint(1, 30)}"
                    for _ in range(200)
                ),
            )
        ],
        facts=[HT("23,800元", "23800元")],
    )
    c.turn(
        "那家电只剩不到4万了吧",
        "61,200元减去23,800元，剩37,400元。",
    )
    c.turn("嗯，得省着点", "可以优先买冰箱洗衣机这些必需的。")
    c.turn("评审会是几点来着", "周四上午十点，和李娜。")
    c.turn(
        "王建国电话多少，我打给他",
        "139 1762 4481。",
    )
    c.turn(
        "瓷砖型号再说一遍，我要去店里看实物",
        "MW-8803哑光，600x1200。",
    )
    c.turn(
        "帮我列一下所有待付款",
        "1. 防水增项2,400元；2. 中期款74,560元（4月28日水电验收后）；3. 欧派尾款20,800元；"
        "4. 物业押金5,000元；5. 尾款55,920元（竣工后）。",
    )
    c.turn("押金是退的吧", "是的，竣工无损坏后30日内退还。")
    c.turn(
        "最后总结一下我定下来的东西",
        "橱柜选欧派，地板用实木复合，台面石英石不要大理石，同意防水增项；预算不超过25万，不要周末开会。",
    )
    c.turn("首期款是哪天付的", "3月10日，55,920元转给上海匠心装饰。")
    c.turn("欧派订单号再给我一下，我要打客服", "OP-2027-031877。")
    c.turn(
        "李娜说评审会能不能提前半小时",
        "可以改成周四上午九点半吗？你确认后我通知李娜。这次只是提议，日历还是周四上午十点。",
    )
    c.turn("谢谢", "不客气，有事随时找我。")
    c.write(out)


# -- 5. un caso laboral (Spanish) -------------------------------------------------------------


def documentos(rng: random.Random) -> str:
    tipos = ["nómina", "correo", "parte de horas", "contrato", "anexo", "whatsapp", "fichaje"]
    rows = [
        (
            f"DOC-{rng.randint(10000, 99999)}",
            rng.choice(tipos),
            f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            f"{rng.randint(12, 900)} KB",
        )
        for _ in range(420)
    ]
    rows.append(("DOC-77310", "carta de despido", "2027-02-03", "88 KB"))
    return table(["id", "tipo", "fecha", "tamaño"], rows, ";")


def legal(out: Path) -> None:
    rng = random.Random(55)
    c = Conversation("despido_es", "es", "despacho laboralista: un despido")
    c.turn(
        "Buenas. Nueva clienta, Rocío Fernández Vidal, la han despedido el 3 de febrero de "
        "2027 por causas objetivas y no se lo cree nadie",
        "Entendido. Abro el asunto de Rocío Fernández Vidal, despido objetivo del 3 de "
        "febrero de 2027.",
        facts=[H("Rocío Fernández Vidal"), H("3 de febrero de 2027")],
    )
    c.turn(
        "empresa: Logística Barajas Norte, S.L. Lleva ahí desde el 15 de septiembre de 2016, "
        "cobra 2.640,00 € brutos al mes con prorrata",
        "Anotado: Logística Barajas Norte, S.L., antigüedad 15 de septiembre de 2016, salario "
        "2.640,00 € brutos mensuales con prorrata de pagas.",
        facts=[
            H("Logística Barajas Norte, S.L."),
            H("15 de septiembre de 2016"),
            H("2.640,00 €", "2640,00", "2.640"),
        ],
    )
    c.turn(
        "busca la empresa en el registro",
        "Logística Barajas Norte, S.L., CIF B-86473921, domicilio en Av. de la Hispanidad 14, "
        "Madrid. Administrador único: Tomás Ugarte Ribas.",
        tools=[
            (
                "registro_mercantil",
                {"q": "Logística Barajas Norte"},
                json.dumps(
                    {
                        "denominacion": "Logística Barajas Norte, S.L.",
                        "cif": "B-86473921",
                        "domicilio": "Av. de la Hispanidad 14, 28042 Madrid",
                        "administrador": "Tomás Ugarte Ribas",
                        "actos": [
                            {
                                "fecha": f"20{rng.randint(10, 26)}-0{rng.randint(1, 9)}-"
                                f"1{rng.randint(0, 9)}",
                                "acto": rng.choice(
                                    [
                                        "nombramiento",
                                        "cese",
                                        "ampliación de capital",
                                        "depósito de cuentas",
                                    ]
                                ),
                                "borme": f"BORME-A-{rng.randint(2010, 2026)}-"
                                f"{rng.randint(1, 250)}-{rng.randint(1000, 9999)}",
                            }
                            for _ in range(150)
                        ],
                    },
                    ensure_ascii=False,
                ),
            )
        ],
        facts=[HT("B-86473921"), HT("Tomás Ugarte Ribas")],
    )
    c.turn(
        "su móvil es +34 612 48 93 07, pero que solo la contactemos por email, no por "
        "teléfono, que está en otro trabajo",
        "De acuerdo: el móvil queda en la ficha, pero la contactamos solo por email.",
        facts=[H("+34 612 48 93 07", "612 48 93 07", "612489307"), K("por email, no por teléfono")],
    )
    c.turn(
        "calcula la indemnización por improcedente",
        "Con 10 años y 5 meses de antigüedad y 2.640,00 €/mes, la indemnización por despido "
        "improcedente sería 24.186,40 €.",
        tools=[
            (
                "calcular_indemnizacion",
                {"salario_mensual": "2640.00", "alta": "2016-09-15", "baja": "2027-02-03"},
                "salario diario: 86,79 €\nantigüedad: 10 años, 4 meses, 19 días\n"
                + "\n".join(
                    f"tramo {k}: {k} mes(es) x 33 días/12 = {k * 2.75:.2f} días"
                    for k in range(1, 125)
                )
                + "\nTOTAL indemnización improcedente: 24.186,40 €\n(tope 720 días no alcanzado)",
            )
        ],
        facts=[HT("24.186,40 €", "24186,40", "24.186,40")],
    )
    c.turn(
        "le pagaron 20 días por año en la carta, cuánto fue eso",
        "A 20 días por año le correspondían unos 18.000 €, pero habría que ver la carta; ese "
        "número es mi estimación.",
    )
    c.turn(
        "lista los documentos que nos ha mandado",
        "Hay 421 documentos. El relevante es DOC-77310, la carta de despido del 3 de febrero.",
        tools=[("listar_documentos", {"asunto": "Fernández Vidal"}, documentos(rng))],
        facts=[HT("DOC-77310")],
    )
    carta = (
        "CARTA DE DESPIDO OBJETIVO\nMadrid, 3 de febrero de 2027\nEstimada Sra. Fernández "
        "Vidal:\nPor causas económicas (art. 52.c ET) ... se pone a su disposición la "
        "indemnización de 14.657,20 € ... El preaviso de 15 días se sustituye por su "
        "abono.\n"
        + "\n".join(
            f"Anexo {k}: cuadro de pérdidas trimestre {k % 4 + 1} "
            f"ejercicio 20{20 + k % 7}: {rng.randint(10_000, 900_000)} €"
            for k in range(140)
        )
    )
    c.turn(
        "abre la carta",
        "La carta alega causas económicas (art. 52.c ET) y pone a disposición 14.657,20 €. El "
        "anexo de pérdidas es genérico, no individualiza nada.",
        tools=[("leer_documento", {"id": "DOC-77310"}, carta)],
        facts=[HT("14.657,20 €", "14657,20", "14.657,20")],
    )
    c.turn(
        "vamos por improcedencia, no nulidad. no hay indicios de discriminación y no quiero "
        "inventarme nada",
        "De acuerdo: demanda por improcedencia, sin pedir nulidad.",
        facts=[D("improcedencia, no nulidad")],
    )
    c.turn("qué frío hace hoy en Madrid", "Dicen que bajará a 2 grados esta noche. Abrígate.")
    c.turn(
        "presenta la papeleta de conciliación en el SMAC",
        "Papeleta presentada. Citación para el acto de conciliación el 21 de abril a las 10:15.",
        tools=[
            (
                "presentar_papeleta",
                {"organo": "SMAC Madrid"},
                '{"registro": "SMAC-28-2027-004518", "acto_conciliacion": "21 de abril, '
                '10:15", "sede": "c/ Princesa 5"}',
            )
        ],
        facts=[HT("SMAC-28-2027-004518"), HT("21 de abril")],
    )
    c.turn(
        "ella dice que no acepta menos de 20.000 € en conciliación",
        "Anotado: suelo de 20.000 € para cualquier acuerdo.",
        facts=[K("no acepta menos de 20.000 €")],
    )
    c.turn(
        "y que no quiere la readmisión bajo ningún concepto",
        "Entendido, no se pedirá readmisión; solo indemnización.",
        facts=[D("no quiere la readmisión")],
    )
    c.turn(
        "cuántos días de preaviso le pagaron",
        "La carta dice que el preaviso de 15 días se sustituye por su abono.",
    )
    c.turn(
        "hay nóminas de los últimos 12 meses?",
        "Sí, 12 nóminas, de febrero 2026 a enero 2027. El salario base coincide con 2.640,00 €.",
        tools=[
            (
                "buscar_documentos",
                {"tipo": "nómina"},
                "\n".join(
                    f"DOC-{rng.randint(10000, 99999)};nómina;2026-{m:02d}-28;bruto "
                    f"2.640,00;neto {rng.randint(1900, 2100)},{rng.randint(10, 99)}"
                    for m in range(2, 13)
                )
                + "\nDOC-12077;nómina;2027-01-31;bruto "
                "2.640,00;neto 2.004,18",
            )
        ],
    )
    c.turn(
        "la conciliación salió sin avenencia, presenta la demanda",
        "Demanda presentada. Turno al Juzgado de lo Social n.º 12 de Madrid, autos 412/2027. "
        "Vista señalada el 2 de junio a las 11:30.",
        tools=[
            (
                "presentar_demanda",
                {"tipo": "despido", "pretension": "improcedencia"},
                '{"juzgado": "Juzgado de lo Social n.º 12 de Madrid", "autos": "412/2027", '
                '"vista": "2 de junio de 2027, 11:30", "sala": "Sala 4, c/ Princesa 3"}',
            )
        ],
        facts=[HT("Juzgado de lo Social n.º 12"), HT("412/2027")],
    )
    c.turn(
        "apúntame la vista del 2 de junio en la agenda",
        "Apuntada: 2 de junio, 11:30, Sala 4.",
    )
    c.turn(
        "quién es el abogado de la empresa",
        "Según el escrito de personación, les representa Marta Iriarte Goñi, de Iriarte & "
        "Sanz Abogados.",
        tools=[
            (
                "leer_notificaciones",
                {"autos": "412/2027"},
                "\n".join(
                    f"LexNET {rng.randint(10**9, 10**10 - 1)} | acuse | "
                    f"2027-0{rng.randint(4, 5)}-{rng.randint(10, 28)}"
                    for _ in range(180)
                )
                + "\nLexNET 4410092217 | escrito de personación | letrada Marta Iriarte Goñi "
                "(Iriarte & Sanz Abogados)",
            )
        ],
        facts=[HT("Marta Iriarte Goñi")],
    )
    c.turn("uf, esa es dura", "Tiene fama de negociar hasta el último minuto.")
    c.turn(
        "corrige: la vista es el 9 de junio, no el 2, ha llegado diligencia de reseñalamiento",
        "Corregido: la vista pasa al 9 de junio, 11:30.",
        fix=("2 de junio", "9 de junio"),
    )
    c.turn(
        "la empresa ofrece 17.500 €, qué le digo",
        "Está por debajo de su mínimo de 20.000 €, así que habría que rechazarla. "
        "Contraoferta razonable: unos 22.000 €, calculo yo.",
    )
    c.turn(
        "rechazamos, contraoferta 22.000 €, pero primero mándaselo a ella",
        "Le mando a Rocío por email la oferta de 17.500 € y la propuesta de contraoferta de "
        "22.000 €.",
        tools=[
            (
                "enviar_email",
                {"to": "rocio.fv@gmail.com", "asunto": "Oferta de la empresa"},
                '{"status": "sent"}',
            )
        ],
        facts=[D("contraoferta 22.000 €")],
    )
    c.turn("ok", "Te aviso cuando conteste.")
    c.turn(
        "ha contestado?",
        "Sí: acepta la contraoferta de 22.000 € y si la empresa no llega a 20.000 €, a juicio.",
        tools=[
            (
                "leer_email",
                {"from": "rocio.fv@gmail.com"},
                "De: Rocío Fernández\nAsunto: RE: Oferta de la empresa\nVale a los 22.000. Si no "
                "llegan ni a 20.000, a juicio.\n"
                + ">" * 40
                + "\n"
                + "\n".join("> texto citado del correo anterior" for _ in range(60)),
            )
        ],
    )
    c.turn(
        "manda la contraoferta a Iriarte",
        "Enviada a Marta Iriarte Goñi: 22.000 € netos, renuncia a acciones, firma antes de la "
        "vista.",
        tools=[("enviar_email", {"to": "m.iriarte@iriartesanz.es"}, '{"status": "sent"}')],
    )
    c.turn(
        "recuérdame la indemnización por improcedente que calculamos",
        "24.186,40 €.",
    )
    c.turn("y lo que le dieron en la carta", "14.657,20 €.")
    c.turn(
        "si va a juicio y gana, cuánto cobra de más",
        "La diferencia es 24.186,40 − 14.657,20 = 9.529,20 €, más los salarios de tramitación "
        "solo si la empresa readmitiera, que aquí no aplica.",
        tools=[("calculadora", {"expr": "24186.40-14657.20"}, "9529.20")],
    )
    c.turn("qué CIF tiene la empresa, lo necesito para el escrito", "B-86473921.")
    c.turn(
        "contestó Iriarte: 20.500 y cerramos",
        "Es más de 20.000 €, su mínimo, pero menos de lo que pidió. Se lo traslado a Rocío.",
        tools=[
            (
                "enviar_email",
                {"to": "rocio.fv@gmail.com", "asunto": "20.500 €"},
                '{"status": "sent"}',
            )
        ],
    )
    c.turn(
        "dice que vale, cerramos en 20.500 €",
        "Perfecto. Preparo el acuerdo por 20.500 € para firmar antes de la vista del 9 de junio.",
        facts=[D("cerramos en 20.500 €")],
    )
    c.turn("me tomo un café y sigo", "Aquí estaré.")
    c.turn(
        "redacta el acuerdo",
        "Borrador: Logística Barajas Norte, S.L. abona a Rocío Fernández Vidal 20.500 € en "
        "concepto de indemnización por despido improcedente, en 7 días; la trabajadora desiste "
        "de la demanda (autos 412/2027) y renuncia a la readmisión.",
    )
    c.turn(
        "ok, añade el CIF y la fecha de antigüedad",
        "Añadidos: CIF B-86473921 y antigüedad desde el 15 de septiembre de 2016.",
    )
    c.turn(
        "mándaselo a Iriarte",
        "Enviado.",
        tools=[("enviar_email", {"to": "m.iriarte@iriartesanz.es"}, '{"status": "sent"}')],
    )
    c.turn(
        "la clienta pregunta por su teléfono si puede llamarla",
        "Ella pidió solo email; mejor le escribo.",
    )
    c.turn(
        "vale, escríbele",
        "Email enviado a Rocío con el borrador del acuerdo.",
        tools=[("enviar_email", {"to": "rocio.fv@gmail.com"}, '{"status": "sent"}')],
    )
    c.turn("cuándo es la vista al final", "El 9 de junio a las 11:30, si no se firma antes.")
    c.turn("número de autos?", "412/2027, Juzgado de lo Social n.º 12 de Madrid.")
    c.turn("y el registro del SMAC", "SMAC-28-2027-004518.")
    c.turn(
        "Iriarte dice que firman el lunes",
        "Bien. Si firman el lunes, presento el desistimiento en el juzgado ese mismo día.",
    )
    c.turn("qué salario ponía la demanda", "2.640,00 € brutos mensuales con prorrata.")
    c.turn(
        "resúmeme el asunto para el socio",
        "Rocío Fernández Vidal contra Logística Barajas "
        "Norte, S.L.: despido objetivo del 3 de febrero de 2027, improcedencia (no nulidad), "
        "sin readmisión, acuerdo por 20.500 € (mínimo de la clienta 20.000 €), vista del 9 de "
        "junio si no se firma, contacto solo por email.",
    )
    c.turn("gracias", "A ti.")
    c.write(out)


BUILDERS: list[Callable[[Path], None]] = [churn, support, assistant_de, renovation, legal]

if __name__ == "__main__":
    for build in BUILDERS:
        build(HERE)
