"""`gpu-triage collect {pod NAME | workload KIND/NAME | node NAME | scan} [-n NS | -A] -o FILE`:
collect only, a bundle to attach to a ticket. Also the shared flags and the live
flow of `pod`, `workload`, `node` and `scan` (collect into a temporary bundle, then
analyse it with the same code as `gpu-triage analyze`).

    $ gpu-triage collect pod qwen-vllm-7d9f-abcde -n llm -o incident.tar.gz
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import shutil
import sys
import tempfile
from pathlib import Path

from triage.errors import UsageError

MB = 1024 * 1024


def add_cluster_arguments(p: argparse.ArgumentParser, namespaced: bool = True, many_contexts: bool = False) -> None:
    """many_contexts: `--context` may repeat and `--all-contexts` exists (scan, audit: one
    report over several clusters, triage/fleet.py); args.context is then a list or None."""
    g = p.add_argument_group("cluster (as kubectl)")
    g.add_argument("--kubeconfig", metavar="FILE", help="kubeconfig file (default $KUBECONFIG, ~/.kube/config, "
                                                         "else in-cluster configuration)")
    if many_contexts:
        g.add_argument("--context", metavar="NAME", action="append",
                       help="kubeconfig context to use; repeat for several clusters, one report")
        g.add_argument("--all-contexts", action="store_true", help="every context of the kubeconfig, concurrently")
    else:
        g.add_argument("--context", metavar="NAME", help="kubeconfig context to use")
    if namespaced:
        g.add_argument("-n", "--namespace", metavar="NS", help="namespace (default: the context's)")
        g.add_argument("-A", "--all-namespaces", action="store_true", help="every namespace (scan)")
        g.add_argument("-l", "--selector", metavar="SELECTOR", help="label selector for the pods to scan")
    g.add_argument("--request-timeout", metavar="SECONDS", type=_seconds, default=10.0,
                   help="timeout of one API request (default 10)")
    c = p.add_argument_group("collection")
    c.add_argument("--timeout", metavar="SECONDS", type=_seconds, default=120.0,
                   help="time budget of the whole collection (default 120)")
    c.add_argument("--no-exec", action="store_true", help="do not run nvidia-smi / dmesg inside containers")
    c.add_argument("--no-redact", action="store_true", help="keep secrets as they are (the bundle then holds them)")
    c.add_argument("--redact-patterns", metavar="FILE", help="extra regular expressions to redact, one per line")
    c.add_argument("--log-tail-lines", metavar="N", type=_positive, default=10_000,
                   help="last N lines of each log (default 10000)")
    c.add_argument("--log-limit-bytes", metavar="BYTES", type=_positive, default=5 * MB,
                   help="at most this many bytes of each log (default 5 MiB)")
    c.add_argument("--no-access-review", action="store_true", help="skip the access review before collecting")


def _seconds(text: str) -> float:
    try:
        value = float(text.rstrip("s"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def options_from(args):
    from triage.collect.session import Options
    return Options(kubeconfig=args.kubeconfig, context=args.context,
                   namespace=getattr(args, "namespace", None), all_namespaces=getattr(args, "all_namespaces", False),
                   selector=getattr(args, "selector", None), request_timeout=args.request_timeout,
                   timeout=args.timeout, exec=not args.no_exec, redact=not args.no_redact,
                   redact_patterns=args.redact_patterns, log_tail_lines=args.log_tail_lines,
                   log_limit_bytes=args.log_limit_bytes, access_review=not args.no_access_review)


def target_from(kind: str, args):
    """Build the Target of a live or collect command from its arguments."""
    from triage.collect.kube import default_namespace
    from triage.collect.run import Target, parse_workload
    ns = getattr(args, "namespace", None)
    if kind == "scan":
        if ns and getattr(args, "all_namespaces", False):
            raise UsageError("use either -n NS or -A, not both")
        return Target("Scan", None if getattr(args, "all_namespaces", False) else ns, None)
    if getattr(args, "all_namespaces", False):
        raise UsageError(f"-A applies to scan only; give the {kind}'s namespace with -n")
    if kind == "node":
        return Target("Node", None, args.name)
    ns = ns or default_namespace(args.kubeconfig, args.context)
    if kind == "pod":
        return Target("Pod", ns, args.name)
    wkind, name = parse_workload(args.name)
    return Target(wkind, ns, name)


def run_collection(kind: str, args, out_dir: Path, while_waiting=None):
    from triage.collect.progress import Progress
    from triage.collect.run import collect
    target = target_from(kind, args)
    options = options_from(args)
    return collect(target, options, out_dir, progress=Progress(), while_waiting=while_waiting)


def _import_analysis(fmt: str) -> None:
    """The analysis, its rules and the asked-for renderer, imported while the collection waits
    on the server (imports the diagnosis would otherwise start with, after the last answer)."""
    from triage.classify.rules import all_rules
    from triage.commands import analyze
    all_rules()
    importlib.import_module(analyze._RENDERERS.get(fmt, ("triage.render.json", ""))[0])


def live(kind: str, args) -> int:
    """Collect into a temporary bundle (kept in --out DIR when given), then analyse it."""
    out = getattr(args, "out", None)
    tmp = None
    if out:
        bundle_dir = Path(out) / "bundle"
        if bundle_dir.exists() and any(bundle_dir.iterdir()):
            raise UsageError(f"{bundle_dir} already exists and is not empty")
    else:
        tmp = tempfile.mkdtemp(prefix="gpu-triage-")
        bundle_dir = Path(tmp) / "bundle"
    try:
        fmt = getattr(args, "output", None) or "text"
        result = run_collection(kind, args, bundle_dir, while_waiting=lambda: _import_analysis(fmt))
        from triage.commands.analyze import analyze_bundle
        return analyze_bundle(str(result.path), argparse.Namespace(**{**vars(args), "target": None}),
                              temporary=tmp is not None)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def add_live_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", choices=("text", "markdown", "html", "json", "yaml"), default="text",
                   help="output format (default text)")
    p.add_argument("--out", metavar="DIR", help="keep the bundle and every rendering in DIR")
    add_show_healthy(p)


def add_show_healthy(p: argparse.ArgumentParser) -> None:
    p.add_argument("--show-healthy", action="store_true",
                   help="also list the HEALTHY targets of a scan (text output)")

COLLECT_EXAMPLES = {
    "pod": "example:\n  gpu-triage collect pod qwen-vllm-7d9f8c6b5-x2x4k -n llm -o incident.tar.gz",
    "workload": "example:\n  gpu-triage collect workload deployment/qwen-vllm -n llm -o qwen.tar.gz",
    "node": "example:\n  gpu-triage collect node gpu-t4-2 -o node-gpu-t4-2.tar.gz",
    "scan": "example:\n  gpu-triage collect scan -A -o cluster.tar.gz",
}
COLLECT_EXAMPLE = """examples:
  gpu-triage collect pod qwen-vllm-7d9f8c6b5-x2x4k -n llm -o incident.tar.gz
  gpu-triage collect scan -A -o cluster.tar.gz
  gpu-triage analyze incident.tar.gz        # later, anywhere: offline

exit status: 0 collected (gaps are recorded in the bundle), 1 the tool failed, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("collect", help="collect a bundle to attach to a ticket (no analysis)",
                              description="Collect the evidence a GPU diagnosis needs into a bundle: read-only, "
                                          "bounded, redacted.",
                              epilog=COLLECT_EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="collect_kind", metavar="TARGET")
    for kind, metavar, help_text in (("pod", "NAME", "one pod and everything below it"),
                                     ("workload", "KIND/NAME", "a Deployment, StatefulSet, Job or DaemonSet"),
                                     ("node", "NAME", "one node's GPU stack"),
                                     ("scan", None, "every GPU workload and GPU node in scope")):
        q = sub.add_parser(kind, help=help_text, epilog=COLLECT_EXAMPLES[kind],
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        if metavar:
            q.add_argument("name", metavar=metavar)
        add_cluster_arguments(q, namespaced=kind != "node")
        q.add_argument("-o", "--output-file", metavar="FILE", dest="output_file",
                       help="bundle to write: FILE.tar.gz, or a directory (default ./gpu-triage-<target>-<time>.tar.gz)")
        q.set_defaults(func=run, collect_kind=kind)
    p.set_defaults(func=lambda args: (p.print_help(sys.stderr), 2)[1])


def run(args) -> int:
    kind = args.collect_kind
    out = args.output_file
    if not out:
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        label = (getattr(args, "name", None) or "scan").replace("/", "-")
        out = f"gpu-triage-{kind}-{label}-{stamp}.tar.gz"
    out_path = Path(out)
    packed = out.endswith((".tar.gz", ".tgz"))
    if out_path.exists() and (packed or any(out_path.iterdir())):
        raise UsageError(f"{out} already exists: choose another -o")
    if packed:
        with tempfile.TemporaryDirectory(prefix="gpu-triage-") as tmp:
            result = run_collection(kind, args, Path(tmp) / "bundle")
            result.path = out_path
            from triage.bundle.writer import BundleWriter
            BundleWriter(Path(tmp) / "bundle").pack(out_path)
    else:
        result = run_collection(kind, args, out_path)
    print(result.summary())
    return 0
