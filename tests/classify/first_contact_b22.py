"""Builds first-contact batch B22 (fixtures/first-contact/batch-b22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of CUDA forward compatibility and version skew inside containers, taken from the
four search corpora with the fixed query list of the batch README (24 queries, round-robin). fb2201's requirement
error is placed verbatim where the reporter saw it: the kubelet's Failed event of the model-instance pod (and,
without its leading `Error: `, the container's StartError termination message). The expected answer was reasoned
from the source (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Names and versions the source does not state (node and pod names, kernel, kubelet and containerd builds, the
device plugin, the GPUStack server) are filled in plausibly; the scenario's README says which parts of the world
are assumed.

    .venv/bin/python -m tests.classify.first_contact_b22      # (re)writes fixtures/first-contact/batch-b22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0

FC = ThreadBatch("batch-b22", "B22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a source's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-151-generic",
           "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.3",
           "kubeProxyVersion": "v1.33.3"}


def _cp(w, name: str, info: dict) -> None:
    n = w.node(name, cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)


# ---- fb2201: a CUDA 12.9 runner image on a driver-570 (CUDA 12.8) node: the toolkit's requirement check -------

_FB2201_NODE = "gpu-4090-01"
_FB2201_NS = "gpustack-system"
_FB2201_POD = "gpustack-b071a73bae7dc8f6"
_FB2201_IMAGE = "gpustack/runner:cuda12.9-vllm0.25.0"


@case("fb2201", {"kind": "Pod", "namespace": _FB2201_NS, "name": _FB2201_POD},
      "Vanilla Kubernetes v1.33.3 (assumed; the thread names no distribution or versions beyond the node's) with one "
      "control-plane node and one GPU node (Ubuntu 22.04 as stated, one NVIDIA GeForce RTX 4090 as stated, host "
      "driver 570.211.01 / CUDA 12.8 as stated, installed on the host with the NVIDIA container toolkit in legacy "
      "mode as the default containerd runtime; node name, kernel and containerd builds assumed). The NVIDIA device "
      "plugin runs as a plain DaemonSet in kube-system (assumed; no GPU Operator, no GFD labels) and the node "
      "advertises nvidia.com/gpu 1. In gpustack-system the GPUStack server Deployment is Running (assumed: image, "
      "names). The model-instance pod gpustack-b071a73bae7dc8f6 (the reporter's name; container `default`, image "
      "gpustack/runner:cuda12.9-vllm0.25.0 as stated, 1 GPU; created directly by the GPUStack server, no owner, "
      "assumed) is scheduled on the GPU node; its container is restarting with StartError exit 128, the kubelet's "
      "Failed event carries the quoted text verbatim (the reporter's Pulled and Created events are modelled too) and "
      "the termination message carries it without its leading `Error: `.")
def _(w, t):
    w.git_version = "v1.33.3"
    _cp(w, "cp-1", _UBUNTU)
    n = host_node(w, _FB2201_NODE, gpus=1, info=_UBUNTU,
                  labels={"nvidia.com/gpu.present": "true"})
    sized(n, "32", "131895564Ki")
    pl = plugin_pod(w, _FB2201_NODE, "nvidia-device-plugin-daemonset-7xk2p")
    plugin_ds(w, KS, [pl])
    srv = w.pod(_FB2201_NS, "gpustack-server-6f9c8d7b54-q2wzt", node="cp-1", gpu=0, containers=("gpustack",),
                image="gpustack/gpustack:v2.1.0", labels={"app": "gpustack-server"},
                owner=("ReplicaSet", "gpustack-server-6f9c8d7b54"), cpu="1", memory="2Gi",
                tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                              "effect": "NoSchedule"}])
    w.workload("ReplicaSet", _FB2201_NS, "gpustack-server-6f9c8d7b54", template_pod=srv,
               owner=("Deployment", "gpustack-server"), status={"replicas": 1, "readyReplicas": 1,
                                                                 "availableReplicas": 1})
    w.workload("Deployment", _FB2201_NS, "gpustack-server", template_pod=srv,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    chain = t[len("Error: "):]
    p = w.pod(_FB2201_NS, _FB2201_POD, node=_FB2201_NODE, gpu=1, containers=("default",), image=_FB2201_IMAGE,
              labels={"app.kubernetes.io/managed-by": "gpustack"}, tolerations=GPU_TOLERATION, cpu="8",
              memory="32Gi")
    crashloop(p, "default", restarts=3, code=128, reason="StartError", message=chain)
    fp = "spec.containers{default}"
    w.event(_FB2201_NS, "Pod", _FB2201_POD, "Pulled",
            f"Container image \"{_FB2201_IMAGE}\" already present on machine and can be accessed by the pod",
            type="Normal", host=_FB2201_NODE, count=4, field_path=fp)
    w.event(_FB2201_NS, "Pod", _FB2201_POD, "Created", "Container created", type="Normal", host=_FB2201_NODE,
            count=4, field_path=fp)
    w.event(_FB2201_NS, "Pod", _FB2201_POD, "Failed", t, host=_FB2201_NODE, count=4, field_path=fp)
    backoff(w, _FB2201_NS, _FB2201_POD, "default", _FB2201_NODE, count=6)
    w.target("Pod", _FB2201_NS, _FB2201_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
