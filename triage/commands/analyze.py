"""`gpu-triage analyze BUNDLE [--target KIND/NS/NAME] [-o text|markdown|html|json] [--out DIR]`:
offline triage of a bundle (ours, or a troubleshoot support bundle).

    $ gpu-triage analyze incident-0412.tar.gz -o json | jq .root_cause.id
    "driver.version_mismatch"

Exit status (cli.md): 0 healthy, 1 bad bundle, 3 problem, 4 warnings only, 5 inconclusive.
Live commands call `analyze_bundle(path, args)` after collecting.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

from triage.bundle.inputs import READERS
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose, exit_status, parse_target
from triage.commands.collect import add_show_healthy
from triage.errors import TriageError
from triage.render.json import dumps, findings_document, start_bundle_sha256

FORMATS = ("text", "markdown", "html", "json", "yaml")
_RENDERERS = {"text": ("triage.render.text", "render_text"),
              "markdown": ("triage.render.markdown", "render_markdown"),
              "html": ("triage.render.html", "render_html"),
              "yaml": ("triage.render.yaml_out", "render_yaml")}

EXAMPLE = """examples:
  gpu-triage analyze incident.tar.gz
  gpu-triage analyze ticket.txt                   # pasted kubectl describe / logs / nvidia-smi
  kubectl describe pod qwen-0 -n llm | gpu-triage analyze -
  gpu-triage analyze ./bundle --target Pod/llm/qwen-vllm-7d9f8c6b5-x2x4k -o markdown
  gpu-triage analyze support-bundle.tar.gz -o json --out ./report

exit status: 0 healthy, 3 problem found, 4 warnings only, 5 inconclusive (evidence missing),
1 bad bundle or the tool failed, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "analyze", help="offline triage of a bundle (ours or a troubleshoot support bundle)",
        description="Diagnose a bundle: the first failing layer, its evidence, what could not be checked.",
        epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("bundle", metavar="BUNDLE", help="bundle directory or .tar.gz; or pasted kubectl / nvidia-smi "
                                                 "text (a file, a folder of them, or - for stdin)")
    add_output_arguments(p)
    p.add_argument("--as", dest="reader", choices=READERS, default=None,
                   help="read the input as this (default: detected, and said on stderr)")
    p.add_argument("--target", metavar="KIND/NS/NAME",
                   help="what to triage (Pod/ns/name, Deployment/ns/name, Node/name); default: the "
                        "bundle's target, else every GPU pod and GPU node")
    p.set_defaults(func=run)


def add_output_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", choices=FORMATS, default="text", help="output format (default text)")
    p.add_argument("--out", metavar="DIR", help="also write report.md, report.html, findings.json into DIR")
    add_show_healthy(p)


def render(doc: dict, fmt: str, show_healthy: bool = False) -> str:
    if fmt == "json":
        return dumps(doc)
    module_name, func_name = _RENDERERS[fmt]      # imported on use: only the asked-for renderer loads
    module = importlib.import_module(module_name)
    if fmt == "text":
        # a terminal's width on a terminal; in a file or a pipe nothing whole is broken
        return module.render_text(doc, width=module.terminal_width(sys.stdout), show_healthy=show_healthy)
    return getattr(module, func_name)(doc)


def analyze_document(path, target=None) -> dict:
    """Load the bundle at `path`, diagnose it and return the findings v1 document.

    The cyclic garbage collector is paused meanwhile: a 100,000-pod bundle is millions of
    small JSON dicts with no cycles, and repeated full collections over them cost more
    than the whole classification."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        with load_bundle(path) as bundle:
            sha256 = start_bundle_sha256(bundle.source)      # hashed beside the analysis
            report = diagnose(bundle, target)
            if target is not None and len(report.diagnoses) == 1 \
                    and report.diagnoses[0].status.value == "inconclusive" and _absent(bundle, target):
                raise TriageError(f"target {target} is not in bundle {path}")
            return findings_document(report, bundle, sha256)
    finally:
        if enabled:
            gc.enable()


def analyze_bundle(path, args, temporary: bool = False) -> int:
    """Diagnose the bundle at `path` and print it as `args.output`; returns the exit status.
    `args` needs `output` (default text), and may carry `target` and `out`. `temporary`: the
    bundle is removed when the command ends (a live run without --out); the report says so."""
    target_text = getattr(args, "target", None)
    target = parse_target(target_text) if target_text else None
    fmt = getattr(args, "output", None) or "text"
    if fmt not in FORMATS:
        fmt = "text"
    doc = analyze_document(path, target)
    if temporary:
        doc["bundle"]["temporary"] = True
    sys.stdout.write(render(doc, fmt, show_healthy=bool(getattr(args, "show_healthy", False))))
    out_dir = getattr(args, "out", None)
    if out_dir:
        from triage.render.reports import write_reports
        write_reports(doc, path, out_dir)
    return exit_status(doc)


def _absent(bundle, target) -> bool:
    """True when the asked-for target certainly is not in the bundle (its list was collected)."""
    if target.kind == "Node":
        return bundle.read_json("cluster-resources/nodes.json") is not None and target.name not in bundle.nodes_by_name
    if target.kind == "Pod":
        from triage.bundle import layout
        path = layout.namespaced_list("pods", target.namespace or "default")
        return bundle.read_json(path) is not None and bundle.pod(target.namespace or "", target.name) is None
    return False


def run(args) -> int:
    reader = getattr(args, "reader", None)
    if reader in (None, "bundle") and args.bundle != "-":
        from triage.bundle.inputs import detect
        if reader == "bundle" or detect(args.bundle) in ("bundle", None):
            return analyze_bundle(args.bundle, args)      # a bundle, or refused by the bundle reader in one line
    return analyze_input(args.bundle, args, reader)


def analyze_input(path: str, args, reader: str | None = None) -> int:
    """Read a non-bundle input into a temporary bundle, diagnose it the same way, and cite the input."""
    from triage.bundle.inputs import describe, open_input
    from triage.evidence.pasted.source_map import rewrite
    target_text = getattr(args, "target", None)
    target = parse_target(target_text) if target_text else None
    fmt = getattr(args, "output", None) or "text"
    with open_input(path, reader) as opened:
        doc = analyze_document(opened.bundle_path, target)
        if opened.summary.get("guessed_pod") and doc.get("status") == "no_gpu":
            # a log of a pod whose state was not pasted, in which no rule found anything: never NO_GPU
            from triage.bundle.inputs import NOT_READ
            where = "standard input" if path == "-" else path
            raise TriageError(f"{where} {NOT_READ}; it shows a log but not the state of its pod, and nothing in the "
                              "log is a GPU failure gpu-triage knows: paste it with its command (`$ kubectl logs -n "
                              "NAMESPACE POD`) and `kubectl describe pod -n NAMESPACE POD`")
        print(describe(opened), file=sys.stderr)
        if opened.source_map is not None:
            rewrite(doc, opened.source_map)
        doc["bundle"] = {"path": str(path), "created_at": doc.get("bundle", {}).get("created_at")}
        doc["input"] = opened.summary
        sys.stdout.write(render(doc, fmt if fmt in FORMATS else "text",
                                show_healthy=bool(getattr(args, "show_healthy", False))))
        out_dir = getattr(args, "out", None)
        if out_dir:
            from triage.render.reports import write_reports
            write_reports(doc, opened.bundle_path, out_dir)
        return exit_status(doc)
