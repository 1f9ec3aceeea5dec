"""Evidence about one host seen from its own shell -> a layout-v1 bundle.

An `nvidia-bug-report.log.gz` and `nvidia-smi` pasted from a host prompt show one machine and
no Kubernetes object. Both readers hand what they found to `write_host_bundle`, which puts it
where a collection puts the same evidence, so the same rules judge it:

    kernel log lines (NVRM / Xid)  -> gpu/nodes/<host>/dmesg.log                  (the driver rules' kernel log)
    nvidia-smi / -q / -L output    -> gpu/exec/default/node-debugger-<host>-host/  (the host's own view, as
                                      `kubectl debug node/<host>` sees it: runtime.host_view)

The manifest names the host (`input.hosts`), so the rules take it for a GPU node whose Node
object was not read: the node-list rules do not run, and every layer the input cannot show
is `not_checked` with a gap saying what to collect next.
"""

from __future__ import annotations

from msgspec import Struct, field
from pathlib import Path

from triage.bundle import layout
from triage.bundle.redacting_writer import RedactingWriter
from triage.evidence.pasted.source_map import Anchor, SourceMap

NAMESPACE = "default"
CONTAINER = "host"
SHELL = "gpu-triage.dev/host-shell"       # annotation on the stub pod that stands for the host's shell
_NAME_OK = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


def node_name(raw: str) -> str | None:
    """A Kubernetes node name from a host name (`Giacomo-PC` -> `giacomo-pc`), None if nothing is left."""
    out: list[str] = []
    for c in raw.strip().lower()[:400]:
        c = c if c in _NAME_OK else "-"
        if c != "-" or not out or out[-1] != "-":
            out.append(c)
    name = "".join(out).strip("-.")[:200]
    return name or None


class HostEvidence(Struct):
    host: str                                             # the node name the evidence is about
    input_name: str                                       # the input file, as the user named it
    host_from: str                                        # where the name came from, in words
    kernel: list[tuple[str, int]] = field(default_factory=list)                   # (line, input line)
    smi: list[tuple[list[str], list[tuple[str, int]]]] = field(default_factory=list)  # (command, lines)
    reader: str = "bug-report"
    collect_hint: str = "attach"                          # "attach" (a file) or "paste" (a ticket)
    extra: dict = field(default_factory=dict)             # more of the manifest's input object


def shell_pod_name(host: str) -> str:
    return f"node-debugger-{host}-host"


def write_host_bundle(ev: HostEvidence, root: Path, smap: SourceMap | None = None) -> SourceMap:
    smap = smap or SourceMap()
    w = RedactingWriter(root)
    host = ev.host
    if ev.kernel:
        path = w.write_text(layout.node_dmesg(host), "\n".join(t for t, _ in ev.kernel) + "\n")
        smap.scattered(path, ev.input_name, [n for _, n in ev.kernel])
    if ev.smi:
        pod = shell_pod_name(host)
        raw = {"apiVersion": "v1", "kind": "Pod",
               "metadata": {"name": pod, "namespace": NAMESPACE,
                            "annotations": {SHELL: f"stands for a shell on host {host}: its nvidia-smi was "
                                                   f"read from {ev.input_name}, not from a cluster"}},
               "spec": {"nodeName": host, "hostPID": True, "containers": [{"name": CONTAINER}],
                        "volumes": [{"name": "host-root", "hostPath": {"path": "/"}}]},
               "status": {"phase": "Running", "containerStatuses": [
                   {"name": CONTAINER, "ready": True, "restartCount": 0, "state": {"running": {}}}]}}
        path = w.write_json(layout.namespaced_list("pods", NAMESPACE),
                            {"apiVersion": "v1", "kind": "PodList", "items": [raw]})
        first = ev.smi[0][1][0][1] if ev.smi[0][1] else 1
        smap.json(path, ev.input_name, [Anchor(pod, (), first)], first)
        seen: set[str] = set()
        for command, lines in ev.smi:
            slug = layout.command_slug(command)
            if slug in seen:
                continue            # one output per command (the first), as a collection has
            seen.add(slug)
            text = "\n".join(t for t, _ in lines) + "\n"
            # a pasted or reported output carries no exit status: 0 only when nvidia-smi printed no failure
            paths = w.write_exec(NAMESPACE, pod, CONTAINER, command, text, "", None if _failed(command, text) else 0,
                                 None)
            smap.scattered(paths.stdout, ev.input_name, [n for _, n in lines])
    for gap in host_gaps(ev):
        w.gaps.append(gap)
    w.write_manifest({"kind": "Node", "name": host},
                     extra={"input": {"reader": ev.reader, "files": [ev.input_name], "hosts": [host],
                                      "host_from": ev.host_from, **ev.extra}})
    return smap


def _failed(command: list[str], text: str) -> bool:
    from triage.evidence.nvidia_smi import parse_nvidia_smi
    parsed = parse_nvidia_smi(layout.command_slug(command), text)
    if parsed is None:
        return True                       # nothing nvidia-smi prints when it works
    return parsed.report is not None and bool(parsed.report.errors)


def host_gaps(ev: HostEvidence) -> list[dict]:
    """What a host's own output cannot show, per layer, in the words of what to collect next."""
    host, verb = ev.host, ev.collect_hint
    what = "an nvidia-bug-report" if ev.reader == "bug-report" else "nvidia-smi run on the host"

    def gap(layer: str, detail: str, needs: str, collector: str) -> dict:
        return {"collector": collector, "reason": "not_in_input", "detail": detail, "needs": needs, "layer": layer}

    out = [
        gap("node", f"{what} shows no Kubernetes Node: whether {host} advertises nvidia.com/gpu, how many are "
                    "allocatable, its taints and conditions are unknown",
            f"{verb} `kubectl describe node {host}`, or run `gpu-triage collect node {host}`", "nodes"),
        gap("plugin", f"{what} shows no device plugin: whether it found the GPUs of {host} and registered them "
                      "with the kubelet is unknown",
            f"run `gpu-triage collect node {host}`, or {verb} the device plugin's log on {host} (`kubectl logs -n "
            f"gpu-operator -l app=nvidia-device-plugin-daemonset --field-selector spec.nodeName={host} "
            "--tail=200`)", "logs"),
        gap("runtime", f"{what} shows no container runtime or toolkit state on {host}",
            f"run `gpu-triage collect node {host}`, or {verb} `kubectl get pods -n gpu-operator -o wide "
            f"--field-selector spec.nodeName={host}` and the toolkit's log", "logs"),
        {"collector": "bundle", "reason": "not_in_input", "layer": "",
         "detail": f"{what} shows one host, not the cluster: no scheduler, device plugin or Kubernetes object",
         "needs": f"run `gpu-triage collect node {host}` (or `gpu-triage collect pod NAME -n NAMESPACE` for the "
                  "failing workload) against the cluster for the whole picture"},
    ]
    if not ev.kernel and not ev.smi:
        out.append(gap("driver", f"{what} holds neither a kernel log (NVRM / Xid lines) nor nvidia-smi output "
                                 f"for {host}",
                       f"{verb} `nvidia-smi -q` and `dmesg | grep -iE 'NVRM|Xid'` run on {host}", "exec"))
    elif not ev.kernel:
        out.append(gap("driver", f"no kernel log of {host} was given: Xid errors and driver load failures are "
                                 "unknown",
                       f"{verb} `dmesg | grep -iE 'NVRM|Xid'` (or `journalctl -k -b`) run on {host}", "dmesg"))
    return out
