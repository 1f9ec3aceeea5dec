"""`gpu-triage audit [BUNDLE]`: the production-readiness checklist (seed 004) and the release
questions (seed 000), each answered pass / fail / not_checked from evidence and cited, plus
the GPU waste the evidence shows. On a bundle, or live: collect (a scan plus what the audit
reads) into a temporary bundle, then the same analysis.

    $ gpu-triage audit cluster.tar.gz -o markdown > audit.md
    $ gpu-triage audit --context prod -o json | jq .summary
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from triage.commands.collect import add_cluster_arguments, options_from
from triage.errors import UsageError

FORMATS = ("text", "markdown", "html", "json")
EXAMPLE = """examples:
  gpu-triage audit                                   # live: the current context, every namespace
  gpu-triage audit cluster.tar.gz -o markdown        # a bundle (gpu-triage collect scan -A, or a support bundle)
  gpu-triage audit --context prod --out ./audit      # keeps bundle/, audit.md, audit.html, audit.json
  gpu-triage audit --all-contexts -o markdown        # every cluster of the kubeconfig, one report

exit status: 0 every item passes, 3 an item fails, 5 none fails but some could not be checked,
1 the tool failed or bad input, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("audit", help="production-readiness checklist, release questions and GPU waste",
                              description="Answer every production-readiness checklist item and release question "
                                          "pass / fail / not_checked from evidence, with citations and next steps, "
                                          "and measure GPU waste.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("bundle", metavar="BUNDLE", nargs="?", help="bundle directory or .tar.gz (default: collect live)")
    add_cluster_arguments(p, many_contexts=True)
    p.add_argument("--prometheus", metavar="URL", help="live: also read GPU utilisation over --window from this "
                                                     "Prometheus HTTP API (bearer token: $PROMETHEUS_TOKEN)")
    p.add_argument("--window", metavar="DURATION", default="2h", type=_window,
                   help="the window of --prometheus, a Prometheus duration (default 2h, the seed's idle alert)")
    p.add_argument("-o", "--output", choices=FORMATS, default="text", help="output format (default text)")
    p.add_argument("--out", metavar="DIR", help="also write audit.md, audit.html, audit.json (and, live, bundle/) into DIR")
    p.set_defaults(func=run)


def _window(text: str) -> str:
    import re
    if not re.fullmatch(r"\d+[smhdw]", text):
        raise argparse.ArgumentTypeError(f"expected a Prometheus duration such as 30m, 2h or 1d, got {text!r}")
    return text


def audit_path(path, cluster: str | None = None) -> dict:
    from triage.audit import audit_bundle
    from triage.bundle.views import load_bundle
    from triage.render.audit import audit_document
    with load_bundle(path) as bundle:
        return audit_document(audit_bundle(bundle, cluster), bundle)


def _emit(doc: dict, args) -> int:
    from triage.render.audit import exit_status, render_audit
    sys.stdout.write(render_audit(doc, args.output))
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for fmt, name in (("markdown", "audit.md"), ("html", "audit.html"), ("json", "audit.json")):
            (out / name).write_text(render_audit(doc, fmt), encoding="utf-8")
    return exit_status(doc)


def run(args) -> int:
    if args.bundle:
        if args.context or args.all_contexts:
            raise UsageError("give either a BUNDLE or --context (live), not both")
        if args.prometheus:
            raise UsageError("--prometheus is read live (with the collection), not for a BUNDLE")
        return _emit(audit_path(args.bundle), args)
    from triage.commands.many import dispatch
    return dispatch("audit", args, _run_live)


def _run_live(args) -> int:
    if args.namespace and args.all_namespaces:
        raise UsageError("use either -n NS or -A, not both")
    from triage.collect.audit import collect_audit
    from triage.collect.progress import Progress
    tmp = None
    if args.out:
        bundle_dir = Path(args.out) / "bundle"
        if bundle_dir.exists() and any(bundle_dir.iterdir()):
            raise UsageError(f"{bundle_dir} already exists and is not empty")
    else:
        tmp = tempfile.mkdtemp(prefix="gpu-triage-audit-")
        bundle_dir = Path(tmp) / "bundle"
    try:
        options = options_from(args)
        if args.all_namespaces:
            options.namespace = None
        result = collect_audit(options, bundle_dir, progress=Progress(), prometheus=args.prometheus,
                               window=args.window)
        return _emit(audit_path(result.path, args.context), args)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
