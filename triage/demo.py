"""`gpu-triage demo`: the whole live path on a built-in broken cluster, no cluster needed.

The demo bundle (`triage.synth.demo_cluster`) is served by the replay server on
127.0.0.1; a kubeconfig is written for it, and the same code as
`gpu-triage scan -A --kubeconfig FILE` and `gpu-triage pod NAME -n NS --kubeconfig FILE`
runs against it: kubeconfig -> kubernetes client -> collection -> analysis -> rendering.
Nothing here knows what is wrong with the demo cluster: the diagnoses printed are
whatever the analysis finds.

    run_demo(Path("gpu-triage-demo"), keep_serving=False, out=sys.stdout) -> 3

The output folder gets the scan's report.md, report.html, findings.json and bundle/,
one sub-folder per broken pod under pods/ with the same four, and `kubeconfig`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile
import threading
from msgspec import Struct
from pathlib import Path
from typing import TextIO

from triage.errors import TriageError, UsageError

DEFAULT_OUT = "gpu-triage-demo"
MARKER = ".gpu-triage-demo"      # marks a folder a previous demo wrote, so a re-run may replace it
OWNED = ("bundle", "pods", "report.md", "report.html", "findings.json", "kubeconfig", MARKER)
STATUS_WORDS = {0: "healthy", 3: "problems found", 4: "warnings only", 5: "inconclusive (evidence missing)"}
EVIDENCE_SHOWN = 3               # citations of the root cause printed
STEPS_SHOWN = 3                  # first commands of each playbook's "Confirm" section


class PodDiagnosis(Struct, frozen=True):
    """One broken pod of the scan, diagnosed on its own like `gpu-triage pod` does."""
    namespace: str
    name: str
    doc: dict                    # the findings v1 document
    folder: Path                 # its reports


def prepare_out(out: Path) -> None:
    """Create `out`, or empty what a previous demo left there; refuse a folder that has
    other files (the demo never deletes what it did not write)."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} exists and is not a folder; choose another --out")
    if out.is_dir():
        entries = [p for p in out.iterdir()]
        if entries and not (out / MARKER).exists():
            raise UsageError(f"--out {out} is not empty and was not written by gpu-triage demo; choose another --out")
        foreign = [p.name for p in entries if p.name not in OWNED]
        if foreign:
            raise UsageError(f"--out {out} holds files the demo did not write ({', '.join(sorted(foreign)[:3])}); "
                             "choose another --out")
        for p in entries:
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p)
            else:
                p.unlink()
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("written by gpu-triage demo; a re-run replaces this folder's contents\n", "utf-8")


def _collect_and_analyze(kind: str, namespace: str | None, name: str | None, kubeconfig: Path,
                         bundle_dir: Path) -> dict:
    """The live path of `gpu-triage scan/pod`: collect into `bundle_dir`, then analyse it."""
    from triage.collect.run import Target, collect
    from triage.collect.session import Options
    from triage.commands.analyze import analyze_document
    result = collect(Target(kind, namespace, name), Options(kubeconfig=str(kubeconfig)), bundle_dir)
    return analyze_document(str(result.path))


def _write_reports(doc: dict, bundle_dir: Path, folder: Path) -> None:
    from triage.render.reports import write_reports
    write_reports(doc, bundle_dir, folder)


def run_demo(out: Path, keep_serving: bool = False, port: int = 0, stdout: TextIO | None = None,
             stop: threading.Event | None = None) -> int:
    """Serve the demo cluster, scan it, diagnose each broken pod, write the reports into
    `out`, print the kubectl commands; with `keep_serving`, serve until Ctrl-C (or until
    `stop` is set). Returns the scan's exit status (3: problems found)."""
    import sys
    from triage.classify.engine import exit_status
    from triage.replay.server import ReplayServer
    from triage.render.text import terminal_width
    from triage.render.text_scan import incident_table
    from triage.synth.demo_cluster import write_demo_bundle

    stdout = stdout or sys.stdout
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {port}")
    try:
        prepare_out(out)
    except OSError as err:
        raise TriageError(f"cannot write to --out {out}: {err.strerror or err}; choose another --out") from None
    color = _wants_color(stdout)
    say = lambda text="": print(_paint(text) if color else text, file=stdout, flush=True)  # noqa: E731
    with tempfile.TemporaryDirectory(prefix="gpu-triage-demo-") as tmp:
        cluster = write_demo_bundle(Path(tmp) / "cluster")
        with ReplayServer(cluster, port=port) as srv:
            kubeconfig = srv.write_kubeconfig(out / "kubeconfig")
            kc = _shown(kubeconfig)
            nodes = len(srv.store.collections["nodes"])
            pods = len(srv.store.collections["pods"])
            say(f"gpu-triage demo: a small GPU cluster with the GPU operator ({nodes} nodes, {pods} pods), "
                f"served read-only at {srv.url}")
            say(f"kubeconfig: {kc}")
            say()
            say(f"$ gpu-triage scan -A --kubeconfig {kc}")
            scan = _collect_and_analyze("Scan", None, None, kubeconfig, out / "bundle")
            _write_reports(scan, out / "bundle", out)
            say(incident_table(scan, width=terminal_width(stdout)))
            diagnosed = []
            for target in broken_pods(scan):
                ns, name = target["namespace"], target["name"]
                folder = out / "pods" / f"{ns}.{name}"
                say()
                say(f"$ gpu-triage pod {name} -n {ns} --kubeconfig {kc}")
                doc = _collect_and_analyze("Pod", ns, name, kubeconfig, folder / "bundle")
                _write_reports(doc, folder / "bundle", folder)
                diagnosed.append(PodDiagnosis(ns, name, doc, folder))
                say(format_diagnosis(doc, folder))
            say()
            say(f"reports: {_shown(out / 'report.html')} (also report.md, findings.json, bundle/; "
                f"one folder per broken pod under {_shown(out / 'pods')}/)")
            say()
            say(format_kubectl(kc, scan, diagnosed, srv_running=keep_serving, out=out))
            status = exit_status(scan)
            if keep_serving:
                say(f"serving the demo cluster at {srv.url}; press Ctrl-C to stop")
                _wait(stop or threading.Event())
                say("stopped")
            say(f"exit status {status}: {STATUS_WORDS.get(status, 'see docs/cli.md')}")
            return status


_COLORS = {"PROBLEM": "1;31", "INCONCLUSIVE": "1;33", "HEALTHY": "32"}


def _wants_color(stream: TextIO) -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _paint(text: str) -> str:
    """Status words at the start of a line in colour, prompts and root-cause ids in bold."""
    out = []
    for line in text.split("\n"):
        word = line.split(" ", 1)[0]
        if word in _COLORS:
            line = f"\x1b[{_COLORS[word]}m{word}\x1b[0m{line[len(word):]}"
        elif line.startswith("$ ") or line.startswith("  root cause  "):
            line = f"\x1b[1m{line}\x1b[0m"
        out.append(line)
    return "\n".join(out)


def _wait(stop: threading.Event) -> None:
    """Until `stop` is set, Ctrl-C (SIGINT, even when the shell started us in the background
    with SIGINT ignored) or SIGTERM."""
    import signal
    previous = {}
    if threading.current_thread() is threading.main_thread():
        def handler(signum, frame):
            stop.set()
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, handler)
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def _shown(path: Path) -> str:
    """A path as the user can type it: relative to the working directory when under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        rel = str(path)
    text = rel if not rel.startswith("..") else str(Path(path).resolve())
    return shlex.quote(text)


def broken_pods(scan: dict) -> list[dict]:
    """The Pod targets of a scan that are not healthy, worst first (the scan's order)."""
    return [d["target"] for d in scan.get("diagnoses") or ()
            if d["target"].get("kind") == "Pod" and d["status"] != "healthy"]


def _target_text(t: dict) -> str:
    ns = f"{t['namespace']}/" if t.get("namespace") else ""
    return f"{t.get('kind')} {ns}{t.get('name')}"


INNER_FIRST = ("driver", "runtime", "plugin", "node", "scheduler", "application")
EXCERPT_CHARS = 160


def _chain(rc: dict) -> list[str]:
    """The ids the root cause explains, from the layer next to it out to the symptom."""
    def rank(fid: str) -> int:
        layer = fid.split(".", 1)[0]
        return INNER_FIRST.index(layer) if layer in INNER_FIRST else len(INNER_FIRST)
    return sorted(dict.fromkeys(rc.get("explains") or ()), key=rank)


def _clip(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "\u2026"


def first_steps(finding_id: str, params: dict, count: int = STEPS_SHOWN) -> list[str]:
    """The first shell commands of the playbook's Confirm section, filled with params."""
    from triage import playbooks
    from triage.render.wording import first_commands
    try:
        text = playbooks.render(finding_id, params)
    except Exception:   # a playbook missing or broken must not hide the diagnosis
        return []
    return first_commands(text, count)


def format_diagnosis(doc: dict, folder: Path) -> str:
    """Root cause, layer, what it explains, its evidence, the first playbook steps."""
    head = f"{doc['status'].upper()}  {_target_text(doc.get('target') or {})}"
    rc = doc.get("root_cause")
    if not rc:
        lines = [head]
        for gap in doc.get("gaps") or ():
            lines.append(f"  gap         {gap['collector']} ({gap['reason']}): needs {gap['needs']}")
        return "\n".join(lines)
    lines = [head,
             f"  root cause  {rc['id']}  (layer {rc['layer']}, {rc['severity']})",
             f"              {rc.get('title') or ''}".rstrip()]
    chain = _chain(rc)
    if chain:
        lines.append(f"  explains    {' -> '.join(chain)}")
    evidence = list(rc.get("evidence") or ())
    for i, ev in enumerate(evidence[:EVIDENCE_SHOWN]):
        loc = f"{ev['path']}:{ev['line']}" if ev.get("line") else ev["path"]
        lines.append(f"  {'evidence' if i == 0 else '':<10}  {loc}")
        lines.append(f"                > {_clip(ev.get('excerpt', ''))}")
    if len(evidence) > EVIDENCE_SHOWN:
        lines.append(f"              (and {len(evidence) - EVIDENCE_SHOWN} more in the report)")
    steps = first_steps(rc["id"], rc.get("params") or {})
    for i, step in enumerate(steps):
        lines.append(f"  {'next' if i == 0 else '':<10}  {step}")
    lines.append(f"  playbook    gpu-triage playbook {rc['id']}")
    lines.append(f"  report      {_shown(folder / 'report.html')}")
    return "\n".join(lines)


def format_kubectl(kc: str, scan: dict, diagnosed: list[PodDiagnosis], srv_running: bool,
                   out: Path | None = None) -> str:
    """kubectl commands to look around the same cluster (they work while it is served)."""
    k = f"kubectl --kubeconfig {kc}"
    cmds = [f"{k} get pods -A -o wide", f"{k} get nodes -L nvidia.com/gpu.product"]
    for d in diagnosed:
        cmds.append(f"{k} describe pod -n {d.namespace} {d.name}")
        for f in d.doc.get("findings") or ():
            for ev in f.get("evidence") or ():
                cmd = _logs_command(k, ev.get("path", ""))
                if cmd and not any(c.startswith(cmd.removesuffix(" --previous")) for c in cmds):
                    cmds.append(cmd)
    for d in scan.get("diagnoses") or ():
        t = d["target"]
        if t.get("kind") == "Pod" and d["status"] == "healthy":
            cmds.append(f"{k} exec -n {t['namespace']} {t['name']} -- nvidia-smi")
            break
    again = "gpu-triage demo --keep-serving"
    if out is not None and Path(out) != Path(DEFAULT_OUT):
        again += f" --out {_shown(out)}"
    intro = ("look around the same cluster while it is served:" if srv_running else
             f"to look around the same cluster, run `{again}` and, meanwhile:")
    return "\n".join([intro] + [f"  {c}" for c in cmds])


def _logs_command(k: str, path: str) -> str | None:
    """`kubectl logs` for a cited container log (cluster-resources/pods/logs/NS/POD/CTR[-previous].log)."""
    prefix = "cluster-resources/pods/logs/"
    if not path.startswith(prefix) or not path.endswith(".log"):
        return None
    parts = path[len(prefix):-len(".log")].split("/")
    if len(parts) != 3:
        return None
    ns, pod, container = parts
    previous = container.endswith("-previous")
    if previous:
        container = container[: -len("-previous")]
    return f"{k} logs -n {ns} {pod} -c {container}" + (" --previous" if previous else "")
