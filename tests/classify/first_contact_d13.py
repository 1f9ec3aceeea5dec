"""Builds first-contact batch D13 (fixtures/first-contact/batch-d13/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures stated by the documentation of the other Kubernetes distributions (k3s, RKE2,
Talos, MicroK8s, OpenShift, k0s), read whole from the repositories' newest snapshots in the fixed file order of
the batch README (this round's protocol: no search look-ups, one case per source file, the first qualifying entry
of each file). The one case quotes a message verbatim: it is placed where a collector would have found it
(TEXT_NOT_IN_BUNDLE is empty). The expected answer was reasoned from the document (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (node and pod names, the RKE2 release, OS and kernel, GPU model,
the other workloads) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d13      # (re)writes fixtures/first-contact/batch-d13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import node_info, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d13", "D13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

_RKE2_VERSION = "v1.35.5+rke2r1"
_RKE2 = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
         "containerRuntimeVersion": "containerd://2.2.3-k3s1",
         "kubeletVersion": _RKE2_VERSION, "kubeProxyVersion": _RKE2_VERSION}
_OPERATOR_VERSION = "v26.3.2"
_GFD_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.18.2"          # GFD ships in the device plugin image (tag assumed)
_DRIVER_IMAGE = "nvcr.io/nvidia/driver:550.127.05-ubuntu24.04"   # the version the driver container's log names


def _operator_images(w, version: str) -> None:
    """The GPU Operator's operand pods at the operator release the page installs (the builder's default tag
    is replaced in spec and status alike)."""
    for p in w.pods.get(OPERATOR_NS, []):
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace(":v24.9.0", f":{version}")
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["image"] = s["image"].replace(":v24.9.0", f":{version}")


# ---- application layer (a GPU Operator validator that cannot start: node inotify limits exhausted) ----

@case("fd1301", pod_subj("nvidia-operator-validator-7kq2m", OPERATOR_NS),
      "RKE2 v1.35.5+rke2r1 (containerd 2.2.3-k3s1) in May 2026 with the NVIDIA GPU Operator v26.3.2 installed by "
      "the page's HelmChart manifest into the namespace gpu-operator (the page names RKE2, the GPU Operator "
      "validators and the error; the RKE2 release, the OS (Ubuntu 24.04, a supported OS, so the operator manages "
      "the driver, pinned at 550.127.05), the kernel, node names, the GPU model (2 x NVIDIA L40S) and the workload "
      "assumed): one RKE2 "
      "server (control-plane, etcd) and one GPU agent, both Ready. On the GPU agent the operator's driver, "
      "toolkit, device plugin and GFD pods run and the node advertises nvidia.com/gpu 2; an inference Deployment "
      "pod requesting one GPU runs there. The nvidia-operator-validator pod on the GPU agent has passed its init "
      "containers (driver, toolkit, cuda and plugin validation) but its nvidia-operator-validator container "
      "exits with code 1 right after it starts and is in CrashLoopBackOff (restart count 9, the kubelet's "
      "BackOff event); its previous log holds the case's text. The node's inotify limits are the kernel's "
      "defaults (not visible in the bundle: a sysctl is not collected).")
def _(w, t):
    w.git_version = _RKE2_VERSION
    server = w.node("rke2-server-01", cpu="8", memory="32853428Ki",
                    labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                            "node-role.kubernetes.io/master": "true",
                            "node.kubernetes.io/instance-type": "rke2"})
    node_info(server, **_RKE2)
    gpu = "rke2-gpu-agent-01"
    g = w.gpu_node(gpu, gpus=2, product="NVIDIA-L40S", memory_mib=46068, cpu="64", memory="528163400Ki",
                   labels={"node.kubernetes.io/instance-type": "rke2"})
    node_info(g, **_RKE2)
    _operator_images(w, _OPERATOR_VERSION)
    driver = w.get_pod(OPERATOR_NS, w.stack(gpu, "driver"))
    set_image(driver, "nvidia-driver-ctr", _DRIVER_IMAGE)
    set_image(w.get_pod(OPERATOR_NS, w.stack(gpu, "gfd")), "gpu-feature-discovery", _GFD_IMAGE)
    # the validator pod of the node: a stable name the case's subject names
    old = w.stack(gpu, "validator")
    val = w.get_pod(OPERATOR_NS, old)
    name = "nvidia-operator-validator-7kq2m"
    val["metadata"]["name"] = name
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == old]:
        w.logs[(OPERATOR_NS, name, key[2], key[3])] = w.logs.pop(key)
    w._stack[(gpu, "validator")] = name
    crashloop(val, "nvidia-operator-validator", restarts=9, code=1)
    w.log(OPERATOR_NS, name, "nvidia-operator-validator", t, previous=True)
    backoff(w, OPERATOR_NS, name, "nvidia-operator-validator", gpu, count=41)
    app_rs = "embeddings-api-6c8d9f7b5"
    app = w.pod("inference", f"{app_rs}-p7r4t", node=gpu, gpu=1, containers=("server",),
                image="vllm/vllm-openai:v0.11.0", owner=("ReplicaSet", app_rs), labels={"app": "embeddings-api"},
                cpu="8", memory="32Gi",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.workload("Deployment", "inference", "embeddings-api", template_pod=app,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", OPERATOR_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
