"""Regenerate fixtures/inputs/inspect/demo-nvml/: the demo cluster laid out as OpenShift's
`oc adm inspect ns/gpu-operator ns/llm node/gpu-t4-2 node/gpu-h100-1 node/gpu-a10g-1 --dest-dir=...`
writes it (openshift/oc pkg/cli/admin/inspect at 6b8e30c5b: `dirPathForInfo`, `filenameForInfo`,
`gatherPodData`, `gatherContainerLogs`, `logTimestamp`): objects as YAML with sorted keys (oc prints
through sigs.k8s.io/yaml), namespace lists under <group>/<resource>.yaml, each pod under
pods/<pod>/<pod>.yaml, logs under pods/<pod>/<ctr>/<ctr>/logs/{current,previous}.log with the
`--timestamps` prefix the kubelet adds, one file per named node.

    python -m tests.inputs.gen_inspect
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml

from triage.bundle import layout
from triage.bundle.views import load_bundle
from triage.synth.demo_cluster import write_demo_bundle

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "inputs" / "inspect" / "demo-nvml"
NAMESPACES = ("gpu-operator", "llm")
NODES = ("gpu-t4-2", "gpu-h100-1", "gpu-a10g-1")
STAMP = "2026-11-30T09:14:0{}.{:09d}Z "


def _dump(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(obj, sort_keys=True, default_flow_style=False, allow_unicode=True))


def _list(kind: str, items: list) -> dict:
    return {"apiVersion": "v1", "items": items, "kind": kind, "metadata": {"resourceVersion": ""}}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        write_demo_bundle(Path(tmp) / "b")
        with load_bundle(str(Path(tmp) / "b")) as bundle:
            shutil.rmtree(OUT, ignore_errors=True)
            for ns in NAMESPACES:
                base = OUT / "namespaces" / ns
                _dump(base / f"{ns}.yaml", {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns},
                                            "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}})
                pods = [p.raw for p in bundle.pods(ns)]
                _dump(base / "core" / "pods.yaml", _list("PodList", pods))
                events = bundle.read_json(layout.namespaced_list("events", ns)) or {"items": []}
                _dump(base / "core" / "events.yaml", _list("EventList", events.get("items") or []))
                ds = bundle.read_json(layout.namespaced_list("daemonsets", ns)) or {"items": []}
                ds_list = _list("DaemonSetList", ds.get("items") or [])
                ds_list["apiVersion"] = "apps/v1"
                _dump(base / "apps" / "daemonsets.yaml", ds_list)
                for pod in pods:
                    name = pod["metadata"]["name"]
                    _dump(base / "pods" / name / f"{name}.yaml", pod)
                    for c in (pod.get("spec") or {}).get("containers") or ():
                        for previous, fname in ((False, "current.log"), (True, "previous.log")):
                            text = bundle.read_text(layout.container_log(ns, name, c["name"], previous))
                            if text is None:
                                continue
                            logs = base / "pods" / name / c["name"] / c["name"] / "logs"
                            logs.mkdir(parents=True, exist_ok=True)
                            (logs / fname).write_text("".join(STAMP.format(i % 10, i * 1000) + line + "\n"
                                                              for i, line in enumerate(text.lines)))
            for node in bundle.nodes():
                if node.name in NODES:
                    _dump(OUT / "cluster-scoped-resources" / "core" / "nodes" / f"{node.name}.yaml", node.raw)
    (OUT / "timestamp").write_text("2026-11-30 09:14:00.118246212 +0000 UTC m=+0.081422018\n"
                                   "2026-11-30 09:14:09.774410127 +0000 UTC m=+9.737586001\n")


if __name__ == "__main__":
    main()
