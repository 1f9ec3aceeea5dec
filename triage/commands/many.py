"""`scan` and `audit` over several clusters (`--context a --context b`, `--all-contexts`):
each context collected and analysed as one cluster is, concurrently (triage/fleet.py), then
one report (triage/render/fleet.py). With --out DIR, each cluster keeps DIR/<context>/."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from triage.fleet import contexts_of, fleet_status, run_fleet


def _folder(args, ctx: str | None, tmp: str) -> Path:
    name = (ctx or "current-context").replace("/", "_")
    return (Path(args.out) / name) if getattr(args, "out", None) else Path(tmp) / name


def _scan_one(args, ctx: str | None, tmp: str):
    from triage.classify.engine import exit_status
    from triage.collect.progress import Progress
    from triage.collect.run import collect
    from triage.commands.analyze import analyze_document
    from triage.commands.collect import options_from, target_from
    sub = argparse.Namespace(**{**vars(args), "context": ctx})
    folder = _folder(args, ctx, tmp)
    result = collect(target_from("scan", sub), options_from(sub), folder / "bundle",
                     progress=Progress(enabled=False, warnings=False))
    doc = analyze_document(str(result.path))
    if getattr(args, "out", None):
        from triage.render.reports import write_reports
        write_reports(doc, result.path, folder)
    else:
        doc["bundle"]["temporary"] = True
    return doc, exit_status(doc)


def _audit_one(args, ctx: str | None, tmp: str):
    from triage.collect.audit import collect_audit
    from triage.collect.progress import Progress
    from triage.commands.audit import audit_path
    from triage.commands.collect import options_from
    from triage.render.audit import exit_status, render_audit
    sub = argparse.Namespace(**{**vars(args), "context": ctx})
    folder = _folder(args, ctx, tmp)
    options = options_from(sub)
    if getattr(args, "all_namespaces", False):
        options.namespace = None
    result = collect_audit(options, folder / "bundle", progress=Progress(enabled=False, warnings=False),
                           prometheus=getattr(args, "prometheus", None), window=getattr(args, "window", "2h"))
    doc = audit_path(result.path, ctx or "current-context")
    if getattr(args, "out", None):
        for fmt, name in (("markdown", "audit.md"), ("html", "audit.html"), ("json", "audit.json")):
            (folder / name).write_text(render_audit(doc, fmt), encoding="utf-8")
    return doc, exit_status(doc)


def _render_scan(doc, fmt):
    from triage.commands.analyze import render
    return render(doc, fmt)


def _render_audit(doc, fmt):
    from triage.render.audit import render_audit
    return render_audit(doc, fmt)


def run_many(command: str, args, contexts: list[str | None]) -> int:
    from triage.render.fleet import render_fleet
    work, render_one = (_scan_one, _render_scan) if command == "scan" else (_audit_one, _render_audit)
    tmp = tempfile.mkdtemp(prefix=f"gpu-triage-{command}-")
    try:
        results = run_fleet(contexts, lambda ctx: work(args, ctx, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    fmt = args.output if args.output in ("text", "markdown", "html", "json") else "json"
    sys.stdout.write(render_fleet(results, fmt, render_one, command))
    if getattr(args, "out", None):
        for f, name in (("markdown", f"{command}.md"), ("html", f"{command}.html"), ("json", f"{command}.json")):
            (Path(args.out) / name).write_text(render_fleet(results, f, render_one, command), encoding="utf-8")
    for r in results:
        if r.error:
            print(f"gpu-triage: error: [{r.name}] {r.error}", file=sys.stderr)
    return fleet_status(results)


def dispatch(command: str, args, one) -> int:
    """One context: `one(args)` with args.context a string, as before; several: run_many."""
    contexts = contexts_of(args)
    if len(contexts) == 1 and not getattr(args, "all_contexts", False):
        args.context = contexts[0]
        return one(args)
    return run_many(command, args, contexts)
