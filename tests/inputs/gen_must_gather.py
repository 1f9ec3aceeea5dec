"""Regenerate fixtures/inputs/must-gather/demo-nvml/: NVIDIA/gpu-operator's own hack/must-gather.sh,
run by the real kubectl against `gpu-triage serve` of the demo cluster (plus the operator pod
and the driver pods' component label the script selects on).

    python -m tests.inputs.gen_must_gather /path/to/gpu-operator/hack/must-gather.sh

Not a test: the fixture it writes is committed, and tests read that.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter
from triage.synth import demo_cluster as demo

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "inputs" / "must-gather" / "demo-nvml"


def cluster(root: Path) -> Path:
    demo.write_demo_bundle(root)
    pods_path = root / layout.namespaced_list("pods", demo.OPERATOR_NS)
    pods = json.loads(pods_path.read_text())
    w = BundleWriter(root)
    for pod in pods["items"]:
        if pod["metadata"]["name"].startswith("nvidia-driver-daemonset-"):
            # the script selects driver pods by this label; only the T4 node's driver pod has an
            # nvidia-smi answer recorded (the demo's), the others answer "no recording", as a
            # failed exec would
            pod["metadata"]["labels"]["app.kubernetes.io/component"] = "nvidia-driver"
    op = {"metadata": demo._meta("gpu-operator-6b8d9c7f5-q7w2e", demo.OPERATOR_NS, {"app": "gpu-operator"},
                                 ("ReplicaSet", "gpu-operator-6b8d9c7f5")),
          "spec": {"nodeName": "cp-1", "containers": [{"name": "gpu-operator",
                                                        "image": "nvcr.io/nvidia/gpu-operator:v23.9.1"}]},
          "status": demo._running([{"name": "gpu-operator", "image": "nvcr.io/nvidia/gpu-operator:v23.9.1"}])}
    pods["items"].insert(0, op)
    pods_path.write_text(json.dumps(pods))
    w.write_text(layout.container_log(demo.OPERATOR_NS, op["metadata"]["name"], "gpu-operator"),
                 '{"level":"info","ts":1732888800.1,"logger":"controllers.ClusterPolicy","msg":"ClusterPolicy step '
                 'completed","state:":"state-device-plugin","status":"notReady"}\n')
    return root


def main(script: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bundle = cluster(tmp / "cluster")
        kubeconfig = tmp / "kubeconfig"
        serve = subprocess.Popen([sys.executable, "-m", "triage.cli", "serve", str(bundle), "--kubeconfig-out",
                                  str(kubeconfig)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            for line in serve.stdout:
                if kubeconfig.exists() and "127.0.0.1" in line:
                    break
            art = tmp / "must-gather"
            env = {**os.environ, "KUBECONFIG": str(kubeconfig), "ARTIFACT_DIR": str(art)}
            subprocess.run(["bash", script], env=env, cwd=tmp, timeout=300)
        finally:
            serve.terminate()
            serve.wait(10)
        if OUT.exists():
            shutil.rmtree(OUT)
        shutil.copytree(art, OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
