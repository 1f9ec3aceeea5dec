"""Accuracy of the classifier over every scenario built from the real corpus cases.

    .venv/bin/python bench/bench_accuracy.py [--all | --holdout | --first-contact]

A case is `right` when the diagnosis' root cause is one of the case's accepted ids
(`expected` in real-cases.jsonl), `inconclusive` when the answer is inconclusive, else
`wrong`. Prints a table id -> right / wrong / inconclusive (by the case's preferred id),
then the totals. `--all` adds the per-id firing/near-miss scenarios (right = the
scenario's own expected.json). `--holdout` judges the held-out real cases of
`fixtures/holdout/`, a regression set since its misses were fixed (its first-contact figure
was 44/53), and prints one line per case. `--first-contact` judges the batches of
`fixtures/first-contact/` (committed with their expected ids before any rule change for them)
and prints the frozen first-run figure of `fixtures/first-contact/first-run.json` beside today's.

First-contact verdicts: `right` (the expected status and, for a problem, an accepted root
cause), `inconclusive` (an inconclusive answer to a problem: not sure, not wrong), `wrong`
(a PROBLEM with an id the thread did not settle, a HEALTHY or no_gpu answer to a real
failure, or any finding on a healthy look-alike: confidently wrong).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from triage.bundle.views import load_bundle  # noqa: E402
from triage.classify.engine import diagnose  # noqa: E402
from triage.render.json import findings_document  # noqa: E402


def judge(scenario: Path, exp: dict) -> tuple[str, str, str | None]:
    """(preferred id, verdict, answer) for one scenario directory and its parsed expected.json."""
    with load_bundle(scenario / "bundle") as b:
        doc = findings_document(diagnose(b), b)
    answer = doc["root_cause"]["id"] if doc["root_cause"] else None
    if exp.get("case_id"):
        accept = exp.get("accept") or [exp["root_cause"]]
        key = accept[0]
        if doc["status"] == "inconclusive":
            # an expected inconclusive (the bundle cannot say why) is right when its suspect is
            right = exp["status"] == "inconclusive" and doc.get("suspect") == exp.get("suspect")
            return key, "right" if right else "inconclusive", doc.get("suspect")
        return key, "right" if answer in accept else "wrong", answer
    key = exp["root_cause"] or f"({exp.get('kind')}) {exp['status']}"
    if doc["status"] == exp["status"] and answer == exp["root_cause"]:
        return key, "right", answer
    return key, "inconclusive" if doc["status"] == "inconclusive" else "wrong", answer


FIRST_CONTACT = REPO / "fixtures" / "first-contact"


def judge_first_contact(scenario: Path, exp: dict) -> dict:
    """One first-contact case: its verdict, the answer (root cause or suspect) and the status."""
    with load_bundle(scenario / "bundle") as b:
        doc = findings_document(diagnose(b), b)
    status = doc["status"]
    answer = doc["root_cause"]["id"] if doc.get("root_cause") else doc.get("suspect")
    accept = exp.get("accept") or ([exp["root_cause"]] if exp.get("root_cause") else [])
    if exp["status"] == "healthy":
        verdict = "right" if status in ("healthy", "no_gpu") else "inconclusive" if status == "inconclusive" \
            else "wrong"
    elif status == "problem":
        verdict = "right" if answer in accept else "wrong"
    elif status == "inconclusive":
        verdict = "inconclusive"
    else:
        verdict = "wrong"
    layer = (answer or "").split(".")[0] or None
    return {"case": scenario.name, "expected": accept[0] if accept else exp["status"], "status": status,
            "answer": answer, "verdict": verdict, "right_layer": layer == exp.get("layer"),
            "suspect_accepted": status == "inconclusive" and answer in accept}


def first_contact(argv_json: str | None) -> int:
    rows, batches = [], {}
    for batch in sorted(p for p in FIRST_CONTACT.iterdir() if (p / "scenarios").is_dir()):
        for scenario in sorted((batch / "scenarios").iterdir()):
            exp_path = scenario / "expected.json"
            if exp_path.exists():
                rows.append(judge_first_contact(scenario, json.loads(exp_path.read_text())))
                batches.setdefault(batch, []).append(rows[-1])
    w0 = max((len(r["case"]) for r in rows), default=10)
    print(f"{'case':<{w0}}  verdict       status        expected -> answered")
    for r in rows:
        print(f"{r['case']:<{w0}}  {r['verdict']:<12}  {r['status']:<12}  {r['expected']} -> {r['answer']}")
    # each batch's first run is frozen where it was recorded: batches A and B together in
    # first-run.json, every later batch in its own <batch>/first-run.json
    print()
    for batch, mine in batches.items():
        own = batch / "first-run.json"
        first = f"first run (commit {json.loads(own.read_text())['commit']}): " \
                f"{json.loads(own.read_text())['summary']}" if own.exists() else "first run: with batches A+B below"
        print(f"{batch.name}: {first}; today: {_summary(mine)}")
    frozen = FIRST_CONTACT / "first-run.json"
    if frozen.exists():
        first = json.loads(frozen.read_text())
        print(f"\nbatches A+B first run (commit {first['commit']}): {first['summary']}")
    today = _summary(rows)
    print(f"today, every batch: {today}")
    _by_text_kind(batches)
    if argv_json:
        tot = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("right", "wrong", "inconclusive")}
        Path(argv_json).write_text(json.dumps({"summary": today, "totals": tot, "cases": rows}, indent=1) + "\n")
    return 0


def _prose_ids() -> set[str]:
    """Ids of the "prose cases": a settled thread that quotes no log, whose text is the thread's
    own words and whose bundle carries only the state it describes (their notes say so)."""
    ids = set()
    for cases in FIRST_CONTACT.glob("batch-*/cases.jsonl"):
        for line in cases.read_text().splitlines():
            case = json.loads(line)
            if "prose case" in case.get("note", "").lower():
                ids.add(case["id"])
    return ids


def _by_text_kind(batches: dict[Path, list[dict]]) -> None:
    """Each design's first runs and today's answers, split into cases quoting the failure's text
    verbatim and prose cases: where the misses go."""
    prose = _prose_ids()
    first: dict[str, list[dict]] = defaultdict(list)
    for batch in batches:
        own = batch / "first-run.json"
        if own.exists():
            frozen = json.loads(own.read_text())
            first[frozen["commit"]].extend(frozen["cases"])
    print("\nfirst runs by design commit (oldest first), verbatim text vs prose case:")
    for commit, cases in sorted(first.items(), key=lambda kv: _commit_time(kv[0])):
        for kind, mine in _split(cases, prose):
            print(f"  {commit} {kind:<8} {_summary(mine)}")
    for kind, mine in _split([r for rows in batches.values() for r in rows], prose):
        print(f"  today   {kind:<8} {_summary(mine)}")


def _commit_time(commit: str) -> int:
    out = subprocess.run(["git", "-C", str(REPO), "show", "-s", "--format=%ct", commit],
                         capture_output=True, text=True)
    return int(out.stdout.strip() or 0) if out.returncode == 0 else 0


def _split(rows: list[dict], prose: set[str]) -> list[tuple[str, list[dict]]]:
    out = [("verbatim", [r for r in rows if r["case"].split("_")[0] not in prose]),
           ("prose", [r for r in rows if r["case"].split("_")[0] in prose])]
    return [(kind, mine) for kind, mine in out if mine]


def _summary(rows: list[dict]) -> str:
    n = len(rows)
    tot = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("right", "wrong", "inconclusive")}
    suspects = sum(1 for r in rows if r["suspect_accepted"])
    return (f"right {tot['right']}/{n} = {100.0 * tot['right'] / max(n, 1):.1f}%, confidently wrong "
            f"{tot['wrong']}/{n} = {100.0 * tot['wrong'] / max(n, 1):.1f}%, inconclusive {tot['inconclusive']} "
            f"(of which the suspect is an accepted id: {suspects})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="also the per-id firing / near-miss scenarios")
    ap.add_argument("--holdout", action="store_true", help="the held-out real cases (fixtures/holdout/scenarios)")
    ap.add_argument("--first-contact", action="store_true",
                    help="the first-contact batches (fixtures/first-contact), beside their frozen first run")
    ap.add_argument("--json", default=None, help="with --first-contact: also write the per-case verdicts here")
    ap.add_argument("--scenarios", default=None)
    args = ap.parse_args(argv)
    if args.first_contact:
        return first_contact(args.json)
    if args.scenarios is None:
        args.scenarios = str(REPO / "fixtures" / ("holdout/scenarios" if args.holdout else "scenarios"))
    per_case = []
    table: dict[str, dict[str, int]] = defaultdict(lambda: {"right": 0, "wrong": 0, "inconclusive": 0})
    misses = []
    t0 = time.perf_counter()
    n = 0
    for scenario in sorted(Path(args.scenarios).iterdir()):
        exp_path = scenario / "expected.json"
        if not exp_path.exists():
            continue
        exp = json.loads(exp_path.read_text())
        if not exp.get("case_id") and not args.all:
            continue
        key, verdict, answer = judge(scenario, exp)
        table[key][verdict] += 1
        per_case.append((scenario.name, verdict, key, answer))
        n += 1
        if verdict != "right":
            misses.append((scenario.name, key, verdict, answer))
    if args.holdout:
        w0 = max(len(c[0]) for c in per_case) if per_case else 10
        print(f"{'case':<{w0}}  verdict       expected -> answered")
        for name, verdict, key, answer in per_case:
            print(f"{name:<{w0}}  {verdict:<12}  {key} -> {answer}")
        print()
    width = max([len(k) for k in table] + [10])
    print(f"{'id':<{width}}  right  wrong  inconclusive")
    for key in sorted(table):
        row = table[key]
        print(f"{key:<{width}}  {row['right']:>5}  {row['wrong']:>5}  {row['inconclusive']:>12}")
    tot = {v: sum(r[v] for r in table.values()) for v in ("right", "wrong", "inconclusive")}
    print(f"{'TOTAL':<{width}}  {tot['right']:>5}  {tot['wrong']:>5}  {tot['inconclusive']:>12}")
    print(f"accuracy {tot['right']}/{n} = {100.0 * tot['right'] / max(n, 1):.1f}%  "
          f"({time.perf_counter() - t0:.1f}s for {n} scenarios)")
    for name, key, verdict, answer in misses:
        print(f"  {verdict:<12} {name}: expected {key}, answered {answer}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
