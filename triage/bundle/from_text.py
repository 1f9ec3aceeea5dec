"""Pasted kubectl / nvidia-smi / kernel-log text -> a layout-v1 bundle in a folder, and
where each of its pieces came from (`SourceMap`).

One path: the bundle this writes is read by `load_bundle` and judged by the same rules
as a collected one; `source_map.rewrite` then turns its citations back into the input's
file and line. What the paste cannot show becomes a manifest gap on the layer it blinds,
saying what to paste next (`paste kubectl describe node gpu-1`).

    summary = write_text_bundle([("ticket.txt", text)], Path(tmp))
    summary.source_map, summary.blocks, summary.unread
"""

from __future__ import annotations

from collections import defaultdict
from msgspec import Struct, field
from pathlib import Path

from triage.bundle import layout
from triage.bundle.objects.gpu_resource import is_gpu_resource
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.redacting_writer import RedactingWriter
from triage.evidence.pasted import blocks as B
from triage.evidence.pasted.describe_node import parse_describe_node
from triage.evidence.pasted.describe_pod import parse_describe_pod, split_described
from triage.evidence.pasted.source_map import Anchor, SourceMap
from triage.evidence.pasted.tables import parse_get_events, parse_get_pods

READER = "text"
PASTED = "gpu-triage.dev/pasted"          # annotation on objects a paste only names


class TextSummary(Struct):
    source_map: SourceMap
    blocks: list[dict] = field(default_factory=list)      # {"input", "lines": [a, b], "shape", "command"}
    unread: list[dict] = field(default_factory=list)      # blocks nothing could use, and why
    target: dict | None = None

    @property
    def recognised(self) -> bool:
        return any(b["used"] for b in self.blocks)

    guessed_pod: bool = False             # the paste's only pod is one no command names (default/pasted-log)
    host: dict | None = None              # host nvidia-smi pasted on its own: the host it is about


class _Pieces(Struct):
    pods: dict[tuple[str, str], dict] = field(default_factory=dict)
    pod_anchors: dict[tuple[str, str], list[Anchor]] = field(default_factory=lambda: defaultdict(list))
    pod_input: dict[tuple[str, str], str] = field(default_factory=dict)
    described_pods: list[tuple[str, str]] = field(default_factory=list)
    nodes: dict[str, dict] = field(default_factory=dict)
    node_anchors: dict[str, list[Anchor]] = field(default_factory=lambda: defaultdict(list))
    node_input: dict[str, str] = field(default_factory=dict)
    described_nodes: list[str] = field(default_factory=list)
    events: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    event_anchors: dict[str, list[Anchor]] = field(default_factory=lambda: defaultdict(list))
    event_input: dict[str, str] = field(default_factory=dict)
    logs: list[tuple[str, str, str, bool, str, int, list[str]]] = field(default_factory=list)
    execs: list[tuple[str, str, str, list[str], str, int, list[str]]] = field(default_factory=list)
    kernel: list[tuple[str, int, list[str]]] = field(default_factory=list)    # (input, first, lines)
    kernel_hosts: set[str] = field(default_factory=set)
    filtered_nodes: list[str] = field(default_factory=list)     # described through `| grep`
    bare_logs: list[tuple[str, int, list[str]]] = field(default_factory=list)   # logs no command names
    listed_pods: dict[str, list[tuple[str, str]]] = field(default_factory=dict)   # node -> its Non-terminated Pods
    bare_lines: list[tuple[int, str]] = field(default_factory=list)
    host_smi: list[tuple[str, int, list[str], list[str]]] = field(default_factory=list)   # nvidia-smi of a host shell
    prompt_hosts: set[str] = field(default_factory=set)       # host names of the prompts before them


def _ns(cmd: B.Command | None) -> str:
    if cmd is None:
        return "default"
    return cmd.flag("-n", "--namespace") or "default"


def _describe_target_name(cmd: B.Command | None) -> str | None:
    if cmd is None:
        return None
    pos = cmd.positionals()
    # describe node NAME | describe node/NAME
    if len(pos) >= 2 and "/" in pos[1]:
        return pos[1].split("/", 1)[1] or None
    return pos[2] if len(pos) >= 3 else None


def _read_block(block: B.Block, input_name: str, p: _Pieces) -> str | None:
    """Fold one block into the pieces; returns why it could not be used (None: used)."""
    cmd = block.command
    if block.shape == B.DESCRIBE_POD:
        used = False
        for lines, first in split_described(block.lines, block.start):
            d = parse_describe_pod(lines, first)
            if d is None:
                continue
            meta = d.raw["metadata"]
            key = (meta["namespace"], meta["name"])
            p.pods[key] = d.raw
            p.pod_anchors[key] = list(d.anchors)
            p.pod_input[key] = input_name
            if key not in p.described_pods:
                p.described_pods.append(key)
            p.events[key[0]].extend(d.events)
            p.event_anchors[key[0]].extend(d.event_anchors)
            p.event_input.setdefault(key[0], input_name)
            used = True
        return None if used else "describe pod text without a Name: line"
    if block.shape == B.DESCRIBE_NODE:
        used = False
        for i, (lines, first) in enumerate(split_described(block.lines, block.start)):
            fallback = _describe_target_name(cmd) if i == 0 else None
            fallback = fallback or f"pasted-node-{len(p.described_nodes) + 1}"
            d = parse_describe_node(lines, first, fallback)
            if d is None:
                continue
            name = d.raw["metadata"]["name"]
            p.nodes[name] = d.raw
            p.node_anchors[name] = list(d.anchors)
            p.node_input[name] = input_name
            if name not in p.described_nodes:
                p.described_nodes.append(name)
            if cmd is not None and cmd.filtered:
                p.filtered_nodes.append(name)
            for ns, pod, _ in d.listed_pods:
                p.listed_pods.setdefault(name, []).append((ns, pod))
            p.events["default"].extend(d.events)
            p.event_anchors["default"].extend(d.event_anchors)
            p.event_input.setdefault("default", input_name)
            used = True
        return None if used else "describe node text nothing could be read from"
    if block.shape == B.GET_EVENTS:
        events, anchors = parse_get_events(block.lines, block.start, _ns(cmd))
        for ev in events:
            ns = ev["metadata"]["namespace"]
            p.events[ns].append(ev)
            p.event_input.setdefault(ns, input_name)
        for ev, a in zip(events, anchors):
            p.event_anchors[ev["metadata"]["namespace"]].append(a)
        return None if events else "an events table without rows"
    if block.shape == B.GET_PODS:
        rows = parse_get_pods(block.lines, block.start, _ns(cmd))
        for raw, anchors, _ in rows:
            key = (raw["metadata"]["namespace"], raw["metadata"]["name"])
            if key in p.described_pods:
                continue            # describe says more than a table row
            raw["metadata"]["annotations"] = {PASTED: "kubectl get pods row: containers unnamed, no resources"}
            p.pods[key] = raw
            p.pod_anchors[key] = anchors
            p.pod_input[key] = input_name
        return None if rows else "a pods table without rows"
    if block.shape == B.LOGS:
        if cmd is None:
            cmd = _command_from_file_name(input_name)
        if cmd is None:
            p.bare_logs.append((input_name, block.start, block.lines))
            return None          # read as the log of a pod the paste does not name (see write_text_bundle)
        if cmd.tool not in ("kubectl", "oc", "k"):
            return ("a log without the command that printed it: paste it with its prompt line "
                    "(`$ kubectl logs -n NAMESPACE POD -c CONTAINER`)")
        pos = cmd.positionals()
        pod = pos[1] if len(pos) >= 2 else ""
        if "/" in pod:
            kind, _, pod = pod.partition("/")
            if kind not in ("pod", "pods", "po"):
                return f"a log of {kind}/{pod}: paste the log of one pod (`kubectl logs -n NAMESPACE POD`)"
        if not pod:
            return "a log of a label selector: paste the log of one pod (`kubectl logs -n NAMESPACE POD`)"
        container = cmd.flag("-c", "--container") or ""
        previous = cmd.has("-p", "--previous", "--previous=true")
        p.logs.append((_ns(cmd), pod, container, previous, input_name, block.start, block.lines))
        return None
    if block.shape in (B.NVIDIA_SMI, B.NVIDIA_SMI_Q, B.NVIDIA_SMI_L):
        if cmd is not None and cmd.tool in ("kubectl", "oc", "k") and cmd.args[:1] == ("exec",):
            pos = cmd.positionals()
            pod = pos[1] if len(pos) >= 2 else ""
            inner = cmd.text.split(" -- ", 1)[1].split() if " -- " in cmd.text else ["nvidia-smi"]
            if pod:
                p.execs.append((_ns(cmd), pod.split("/")[-1], cmd.flag("-c", "--container") or "",
                                inner, input_name, block.start, block.lines))
                return None
        if cmd is None or cmd.tool == "nvidia-smi":
            # a host shell's nvidia-smi: the host's, when nothing else in the paste is Kubernetes (write_text_bundle)
            command = list(cmd.args) if cmd is not None else []
            command = ["nvidia-smi"] + command if cmd is not None else {
                B.NVIDIA_SMI_Q: ["nvidia-smi", "-q"], B.NVIDIA_SMI_L: ["nvidia-smi", "-L"]}.get(block.shape, ["nvidia-smi"])
            p.host_smi.append((input_name, block.start, block.lines, command))
            return None
        return SMI_OF_NO_POD
    if block.shape == B.KERNEL_LOG:
        p.kernel.append((input_name, block.start, block.lines))
        for line in block.lines[:2000]:
            parts = line.split()
            if len(parts) > 4 and parts[4].startswith("kernel"):
                p.kernel_hosts.add(parts[3])
        return None
    if block.shape == B.GET_NODES:
        return ("a nodes table shows no GPU capacity, labels or taints: paste `kubectl describe node NAME` of the "
                "GPU nodes")
    return "no kubectl, nvidia-smi or kernel-log output recognised"


SMI_OF_NO_POD = ("nvidia-smi output of no known pod: paste it with its command "
                 "(`$ kubectl exec -n gpu-operator DRIVER_POD -- nvidia-smi`)")
_STACK_PREFIXES = ("nvidia-", "gpu-feature-discovery", "gpu-operator")


def _command_from_file_name(input_name: str) -> B.Command | None:
    """A log file of a folder named after a GPU-stack pod (`nvidia-device-plugin-daemonset-x2x4k.log`)
    is that pod's log (its namespace unknown: `default`, and a gap says so)."""
    stem = input_name.rsplit("/", 1)[-1]
    for suffix in (".log", ".txt", ".out"):
        stem = stem.removesuffix(suffix)
    if not stem.startswith(_STACK_PREFIXES) or not all(c.isalnum() or c in "-." for c in stem):
        return None
    return B.parse_command(f"kubectl logs {stem}")


BARE_POD = ("default", "pasted-log")


def _bare_log_pod(p: _Pieces, summary: TextSummary) -> tuple[str, str] | None:
    """Log lines pasted with no command and nothing else naming a pod: the log of the pod the ticket
    is about, which the paste does not name (`default/pasted-log`, a gap asks for its name). With
    other pods in the paste, the lines cannot be placed, and are listed as unread."""
    if not p.bare_logs:
        return None
    if p.pods or p.logs or p.execs:
        for input_name, first, lines in p.bare_logs:
            summary.unread.append({"input": input_name, "lines": [first, first + len(lines) - 1], "shape": B.LOGS,
                                   "command": None, "used": False,
                                   "why": "a log without the command that printed it: paste it with its prompt line "
                                          "(`$ kubectl logs -n NAMESPACE POD -c CONTAINER`)"})
            for b in summary.blocks:
                if b["input"] == input_name and b["lines"][0] == first:
                    b["used"] = False
        return None
    ns, pod = BARE_POD
    raw = _stub_pod(ns, pod, "log", None)
    raw["metadata"]["annotations"][PASTED] = "log lines pasted without the command that printed them"
    p.pods[BARE_POD] = raw
    p.pod_anchors[BARE_POD] = [Anchor(pod, (), p.bare_logs[0][1])]
    p.pod_input[BARE_POD] = p.bare_logs[0][0]
    p.bare_lines = [(n, t) for input_name, first, lines in p.bare_logs for n, t in
                    enumerate(lines, start=first)]
    return BARE_POD


def _stub_pod(ns: str, name: str, container: str, node: str | None) -> dict:
    """A pod the paste only names (its log was pasted, not its state)."""
    spec: dict = {"containers": [{"name": container}]}
    if node:
        spec["nodeName"] = node
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": ns,
                         "annotations": {PASTED: "named by a pasted command only; its state was not pasted"}},
            "spec": spec,
            "status": {"phase": "Running", "containerStatuses": [
                {"name": container, "ready": True, "restartCount": 0, "state": {"running": {}}}]}}


def _requests_gpu(raw: dict) -> bool:
    for c in (raw.get("spec") or {}).get("containers") or ():
        res = c.get("resources") or {}
        for part in ("limits", "requests"):
            if any(is_gpu_resource(k) for k in (res.get(part) or {})):
                return True
    return False


def write_text_bundle(inputs: list[tuple[str, str]], root: Path) -> TextSummary:
    """Read every (input name, text) and write the bundle into `root`."""
    smap = SourceMap()
    summary = TextSummary(smap)
    p = _Pieces()
    for input_name, text in inputs:
        lines_of_text: list[str] | None = None
        for block in B.split_blocks(text):
            why = _read_block(block, input_name, p)
            if why is None and block.command is not None and block.command.tool in ("nvidia-smi", "dmesg", "journalctl") \
                    and block.shape in (B.NVIDIA_SMI, B.NVIDIA_SMI_Q, B.NVIDIA_SMI_L, B.KERNEL_LOG):
                if lines_of_text is None:
                    lines_of_text = B.input_lines(text)
                if block.start >= 2:
                    host = B.prompt_host(lines_of_text[block.start - 2])
                    if host:
                        p.prompt_hosts.add(host)
            entry = {"input": input_name, "lines": [block.start, block.end], "shape": block.shape,
                     "command": block.command.text if block.command else None, "used": why is None}
            summary.blocks.append(entry)
            if why:
                summary.unread.append({**entry, "why": why})
    if p.host_smi and not (p.pods or p.nodes or p.logs or p.execs or p.bare_logs or any(p.events.values())):
        return _host_paste(p, summary, root, inputs)
    for input_name, first, lines, _cmd in p.host_smi:     # beside Kubernetes objects: whose host is unknown
        summary.unread.append({"input": input_name, "lines": [first, first + len(lines) - 1], "shape": B.NVIDIA_SMI,
                               "command": None, "used": False, "why": SMI_OF_NO_POD})
        for b in summary.blocks:
            if b["input"] == input_name and b["lines"][0] == first:
                b["used"] = False
    w = RedactingWriter(root)
    only_node = p.described_nodes[0] if len(p.described_nodes) == 1 else None
    guessed = _bare_log_pod(p, summary)
    # logs and exec outputs name pods: attach them, making a stub for a pod not pasted
    stubs: list[tuple[str, str]] = []
    for ns, pod, container, previous, input_name, first, lines in p.logs:
        raw = p.pods.get((ns, pod))
        if raw is None:
            raw = p.pods[(ns, pod)] = _stub_pod(ns, pod, container or pod.rsplit("-", 1)[0], only_node)
            p.pod_anchors[(ns, pod)] = [Anchor(pod, (), first - 1)]
            p.pod_input[(ns, pod)] = input_name
            stubs.append((ns, pod))
        names = [c.get("name") for c in raw["spec"].get("containers") or () if c.get("name")]
        container = container or (names[0] if names else pod)
        path = w.write_text(layout.container_log(ns, pod, container, previous), "\n".join(lines) + "\n")
        smap.text(path, input_name, first)
    if guessed:
        inputs_of = {name for name, _, _ in p.bare_logs}
        path = layout.container_log(guessed[0], guessed[1], "log")
        w.write_text(path, "\n".join(t for _, t in p.bare_lines) + "\n")
        if len(inputs_of) == 1:
            smap.scattered(path, p.bare_logs[0][0], [n for n, _ in p.bare_lines])
    for ns, pod, container, command, input_name, first, lines in p.execs:
        raw = p.pods.get((ns, pod))
        if raw is None:
            raw = p.pods[(ns, pod)] = _stub_pod(ns, pod, container or "main", only_node)
            p.pod_anchors[(ns, pod)] = [Anchor(pod, (), first - 1)]
            p.pod_input[(ns, pod)] = input_name
            stubs.append((ns, pod))
        names = [c.get("name") for c in raw["spec"].get("containers") or () if c.get("name")]
        container = container or (names[0] if names else "main")
        paths = w.write_exec(ns, pod, container, command, "\n".join(lines) + "\n", "", 0, None)
        smap.text(paths.stdout, input_name, first)
    hosts = sorted(p.kernel_hosts)
    kernel_node = hosts[0] if len(hosts) == 1 else only_node
    if p.kernel and kernel_node:
        text, offset = [], None
        for input_name, first, lines in p.kernel[:1]:
            path = w.write_text(layout.node_dmesg(kernel_node), "\n".join(lines) + "\n")
            smap.text(path, input_name, first)
    elif p.kernel:
        for input_name, first, lines in p.kernel:
            summary.unread.append({"input": input_name, "lines": [first, first + len(lines) - 1],
                                   "shape": B.KERNEL_LOG, "command": None, "used": False,
                                   "why": "a kernel log of no known node: paste `kubectl describe node NAME` with it"})
            for b in summary.blocks:
                if b["input"] == input_name and b["lines"][0] == first:
                    b["used"] = False
    # Kubernetes objects
    by_ns: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in p.pods:
        by_ns[key[0]].append(key)
    for ns, keys in sorted(by_ns.items()):
        path = w.write_json(layout.namespaced_list("pods", ns), {"apiVersion": "v1", "kind": "PodList",
                                                                 "items": [p.pods[k] for k in keys]})
        anchors = [a for k in keys for a in p.pod_anchors[k]]
        smap.json(path, p.pod_input[keys[0]], anchors, anchors[0].line if anchors else None)
    if p.nodes:
        path = w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "items": list(p.nodes.values())})
        anchors = [a for n in p.nodes for a in p.node_anchors[n]]
        smap.json(path, p.node_input[next(iter(p.nodes))], anchors, anchors[0].line if anchors else None)
    for ns, events in sorted(p.events.items()):
        if not events:
            continue
        path = w.write_json(layout.namespaced_list("events", ns), {"apiVersion": "v1", "kind": "EventList",
                                                                   "items": events})
        anchors = p.event_anchors[ns]
        smap.json(path, p.event_input[ns], anchors, anchors[0].line if anchors else None)
    if guessed:
        stubs.append(guessed)
    for gap in _gaps(p, stubs, summary):
        w.gaps.append(gap)
    target = None
    gpu_described = [k for k in p.described_pods if _requests_gpu(p.pods[k])]
    if len(gpu_described) == 1 or len(p.described_pods) == 1:
        ns, name = (gpu_described or p.described_pods)[0]
        target = {"kind": "Pod", "namespace": ns, "name": name}
    elif not p.described_pods and len(p.described_nodes) == 1 and not p.pods:
        target = {"kind": "Node", "name": p.described_nodes[0]}
    elif guessed and not p.described_pods:
        target = {"kind": "Pod", "namespace": guessed[0], "name": guessed[1]}
    elif not p.described_pods:
        logged = sorted({(ns, pod) for ns, pod, *_ in p.logs} | {(ns, pod) for ns, pod, *_ in p.execs})
        if len(logged) == 1:               # the one pod whose log or nvidia-smi was pasted
            target = {"kind": "Pod", "namespace": logged[0][0], "name": logged[0][1]}
    summary.target = target
    # a target the paste only names (its log, not its state): NO_GPU could not be known from it
    summary.guessed_pod = bool(target and target.get("kind") == "Pod"
                               and (target["namespace"], target["name"]) in set(stubs))
    # the nodes the paste describes beside a GPU pod: the user's GPU nodes, even when what was
    # pasted of them (a grep, a node that advertises nothing) carries no GPU label
    shown = sorted(p.described_nodes) if gpu_described else []
    w.write_manifest(target, extra={"input": {"reader": READER, "files": [n for n, _ in inputs],
                                              **({"gpu_nodes_shown": shown} if shown else {})}})
    return summary


def _host_paste(p: _Pieces, summary: TextSummary, root: Path, inputs: list[tuple[str, str]]) -> TextSummary:
    """nvidia-smi (and kernel log lines) pasted from a host shell, with no Kubernetes object: evidence
    about that host (its prompt's host name, else the journal's, else `pasted-host`, said so)."""
    from triage.bundle.host_evidence import HostEvidence, node_name, write_host_bundle
    inputs_of = {name for name, *_ in p.host_smi} | {name for name, *_ in p.kernel}
    hosts = sorted({h for h in (node_name(x) for x in p.prompt_hosts | p.kernel_hosts) if h})
    if len(hosts) == 1:
        host = hosts[0]
        how = "the paste's shell prompt" if any(node_name(x) == host for x in p.prompt_hosts) else "the journal's lines"
        host_from = f"{how} names it"
    else:
        host = "pasted-host"
        host_from = ("a name of ours: no `user@host` prompt or journal line of the paste names the host" if not hosts
                     else f"a name of ours: the paste names several hosts, {', '.join(hosts[:4])}; paste one host's "
                          "output at a time")
    if len(inputs_of) > 1:
        # one input file per host: the source map cites one file
        first_input = sorted(inputs_of)[0]
        p.host_smi = [x for x in p.host_smi if x[0] == first_input]
        p.kernel = [x for x in p.kernel if x[0] == first_input]
    input_name = p.host_smi[0][0]
    smi = [(cmd, [(t, n) for n, t in enumerate(lines, start=first)]) for _i, first, lines, cmd in p.host_smi]
    kernel = [(t, n) for _i, first, lines in p.kernel for n, t in enumerate(lines, start=first) if t.strip()]
    ev = HostEvidence(host, input_name, host_from, kernel=kernel, smi=smi, reader=READER, collect_hint="paste")
    write_host_bundle(ev, root, summary.source_map)
    summary.target = {"kind": "Node", "name": host}
    summary.host = {"name": host, "from": host_from}
    return summary


def _gaps(p: _Pieces, stubs: list[tuple[str, str]], summary: TextSummary) -> list[dict]:
    """What the paste could not show, per layer, in the words of what to paste next."""
    out: list[dict] = []

    def gap(layer: str, detail: str, needs: str, collector: str) -> None:
        out.append({"collector": collector, "reason": "not_pasted", "detail": detail, "needs": needs, "layer": layer})

    stack = [k for k, raw in p.pods.items() if stack_role(raw, images=True)]
    plugin_pods = [k for k in stack if stack_role(p.pods[k], images=True, coarse=True) == "device-plugin"]
    plugin_logs = {(ns, pod) for ns, pod, *_ in p.logs if (ns, pod) in plugin_pods}
    nodes_named = sorted({raw.get("spec", {}).get("nodeName") for raw in p.pods.values()
                          if raw.get("spec", {}).get("nodeName")})
    pending = [k for k in p.described_pods if not p.pods[k].get("spec", {}).get("nodeName")]
    gpu_nodes = p.described_nodes or nodes_named
    where = gpu_nodes[0] if len(gpu_nodes) == 1 else "NODE"
    for node in nodes_named:
        if node not in p.nodes:
            gap("node", f"node {node} was not pasted: its GPU capacity, allocatable, taints and conditions are unknown",
                f"paste `kubectl describe node {node}`", "nodes")
    for node in p.filtered_nodes:
        gap("node", f"node {node} was pasted through a filter (| grep): its labels, taints and conditions "
                    "were not shown, so their absence says nothing",
            f"paste the whole `kubectl describe node {node}`", "nodes")
    if pending and not p.nodes:
        gap("node", "no node was pasted: which nodes advertise nvidia.com/gpu, and how many are free, is unknown",
            "paste `kubectl describe nodes` (or `kubectl describe node NAME` of each GPU node)", "nodes")
    elif not p.nodes and not nodes_named:
        gap("node", "no node was pasted, and nothing pasted names the node the GPU stack runs on",
            "paste `kubectl get pods -A -o wide | grep nvidia` and `kubectl describe node NODE` of that node",
            "nodes")
    named_plugin = [(ns, pod) for ns, pod in p.listed_pods.get(where, ())
                    if stack_role({"metadata": {"name": pod}}, coarse=True) == "device-plugin"]
    if not plugin_logs and named_plugin:
        ns, pod = named_plugin[0]
        gap("plugin", f"the device plugin's log on {where} ({ns}/{pod}, listed by the node) was not pasted: whether "
                      "it found the GPUs and registered them with the kubelet is unknown",
            f"paste the device plugin's log on {where}: `kubectl logs -n {ns} {pod} --all-containers --tail=200` "
            f"(and `--previous` if it restarted), and `kubectl describe pod -n {ns} {pod}`", "logs")
    elif not plugin_logs:
        gap("plugin", f"the device plugin's log on {where} was not pasted: whether it found the GPUs and registered "
                      "them with the kubelet is unknown",
            f"paste the device plugin's log on {where}: `kubectl logs -n gpu-operator -l "
            f"app=nvidia-device-plugin-daemonset --tail=200` (and `kubectl get pods -A -o wide | grep nvidia`)",
            "logs")
    if not p.execs and not p.kernel:
        gap("driver", f"no driver evidence was pasted (nvidia-smi, kernel log) for {where}",
            f"paste `kubectl exec -n gpu-operator DRIVER_POD_ON_{where} -- nvidia-smi` and the node's "
            "`dmesg | grep -iE 'NVRM|Xid'`", "exec")
    if not any(stack_role(p.pods[k], images=True, coarse=True) == "toolkit" for k in stack) and not p.execs:
        gap("runtime", f"the container toolkit's state on {where} was not pasted",
            "paste `kubectl get pods -n gpu-operator -o wide` and the toolkit's log "
            "(`kubectl logs -n gpu-operator -l app=nvidia-container-toolkit-daemonset --tail=100`)", "logs")
    for ns, pod in stubs:
        if (ns, pod) == BARE_POD:
            gap("application", "the pasted log lines name no pod: whose log it is, and that pod's state, are unknown",
                "paste it again with its command (`$ kubectl logs -n NAMESPACE POD -c CONTAINER`) and "
                "`kubectl describe pod -n NAMESPACE POD`", "pods")
            continue
        gap("plugin" if (ns, pod) in stack else "application", f"pod {ns}/{pod} is named by a pasted command only",
            f"paste `kubectl describe pod -n {ns} {pod}`", "pods")
    for ns, name in p.described_pods[:1]:
        out.append({"collector": "bundle", "reason": "not_pasted", "layer": "",
                    "detail": "pasted text shows only what was pasted",
                    "needs": f"run `gpu-triage collect pod {name} -n {ns}` against the cluster for the whole picture"})
    return out
