"""Builds first-contact batch F40 (fixtures/first-contact/batch-f40/cases.jsonl) as scenario bundles.

Round 40, commit frame: gpustack/gpustack's fix commits continued from batch B40 (items 46-80 of B40's frame) and
NVIDIA/topograph's continued from batch C40 (items 16-25 of C40's frame). One case: topograph's node-data-broker
init container (infiniband-k8s provider) looked for the NVIDIA device plugin only as DaemonSet
`nvidia-device-plugin-daemonset` in namespace `gpu-operator` (hard-coded; NVIDIA/topograph PR#237 made both
configurable), so on a cluster whose GPU Operator runs in another namespace it warns that the DaemonSet is
"not found" and annotates the node without its NVLink cluster ID, while the device plugin runs and every GPU is
advertised: a healthy look-alike for the GPU stack. The text is the commit's own words (prose) and is NOT placed
in the bundle (TEXT_NOT_IN_BUNDLE); the init container's log lines in the bundle are composed from the code of the
release before the fix (v0.1.0), as the case's note says.

Names and versions the commit does not state (nodes, namespaces, images, GPU model, the GPU Operator's namespace)
are filled in plausibly; the scenario README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f40      # (re)writes fixtures/first-contact/batch-f40/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f40", "F40", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff4001"}


def move_stack(w: FCWorld, ns: str, drop_roles=("driver",)) -> None:
    """Move the world's GPU Operator stack pods (and their logs) from gpu-operator to `ns`, dropping the pods of
    `drop_roles` (a host-installed driver), with the images of GPU Operator v25.3.0 (assumed)."""
    dropped = {name for (node, role), name in w._stack.items() if role in drop_roles}
    pods = [p for p in w.pods.pop(OPERATOR_NS, []) if p["metadata"]["name"] not in dropped]
    images = {"nvidia-device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
              "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
              "nvidia-container-toolkit-ctr": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.5-ubuntu20.04",
              "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.0"}
    for p in pods:
        p["metadata"]["namespace"] = ns
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = images.get(c["name"], "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.0")
        for st in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            st["image"] = images.get(st["name"], "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.0")
    w.pods.setdefault(ns, []).extend(pods)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS]:
        text = w.logs.pop(key)
        if key[1] not in dropped:
            w.logs[(ns, *key[1:])] = text


# ---- ff4001: topograph's node-data-broker looks for the device plugin only in gpu-operator (PR#237) ---------

_F01_NS = "topograph"
_F01_GPU_NS = "nvidia-gpu-operator"
_F01_NODES = ["gb200-r01-t01", "gb200-r01-t02"]
_F01_CPU = "bcm-k8s-ctl-01"
_F01_DS = "topograph-node-data-broker"
_F01_PODS = ["topograph-node-data-broker-5xk2p", "topograph-node-data-broker-q8m4d"]
_F01_CLIQUE = "9f3c2a51-6b7e-4d2a-8c1f-2e5b7a9d4c10.32766"
_F01_LABELS = {"app.kubernetes.io/name": "node-data-broker", "app.kubernetes.io/instance": _F01_NS,
               "app.kubernetes.io/version": "1.16.0", "app.kubernetes.io/managed-by": "Helm",
               "helm.sh/chart": "node-data-broker-0.1.0"}
_F01_INIT = "ghcr.io/nvidia/topograph:main"


def _f01_initc_log(node: str) -> str:
    return (f"W1129 14:02:11.503118       1 k8s.go:112] No clusterID for node {node}: "
            'daemonsets.apps "nvidia-device-plugin-daemonset" not found\n'
            f"I1129 14:02:11.503201       1 main.go:81] adding annotations map[topograph.nvidia.com/instance:{node} "
            f"topograph.nvidia.com/region:local] in node {node} for provider infiniband-k8s\n")


@case("ff4001", pod_subj(_F01_PODS[0], _F01_NS),
      "A Kubernetes v1.31 cluster (assumed) managed by Base Command Manager (the chart's infiniband-k8s example "
      "selects nodes labelled brightcomputing.com/node-category=dgx): one control-plane node and two GB200 "
      "compute trays (arm64, 4 x NVIDIA GB200 each; names, model and sizes assumed), host-installed driver "
      "(nvidia.com/gpu.deploy.driver=pre-installed), NVIDIA GPU Operator installed into namespace "
      f"{_F01_GPU_NS} (assumed; the cause needs only a namespace other than gpu-operator): its toolkit, "
      "device-plugin, GFD and validator pods run and are ready, both nodes advertise nvidia.com/gpu: 4, GFD labels "
      "(with nvidia.com/gpu.clique) present. Topograph chart 0.1.0 (the release before the fix, images tag main as "
      "that chart sets them) installed as release 'topograph' in namespace topograph with provider "
      "infiniband-k8s: the topograph Deployment, the node-observer Deployment and the node-data-broker DaemonSet "
      "(init container init-node-labels, main container node-data-broker) all Running. Each node-data-broker "
      "pod's init container completed (exit 0); its log (composed from the v0.1.0 code: k8s.go:112's warning "
      "with the API server's NotFound message, main.go:81's annotation line; timestamps assumed) says the "
      "DaemonSet nvidia-device-plugin-daemonset was not found, and the nodes carry topograph.nvidia.com/instance "
      "and /region annotations but no topograph.nvidia.com/cluster-id. The commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.4"
    w.node(_F01_CPU, cpu="32", memory="131811112Ki",
           labels={"node-role.kubernetes.io/control-plane": "", "brightcomputing.com/node-category": "k8s-master"})
    for n in _F01_NODES:
        node = w.gpu_node(n, gpus=4, product="NVIDIA-GB200", memory_mib=189471, cpu="144", memory="1000325000Ki",
                          labels={"brightcomputing.com/node-category": "dgx", "nvidia.com/gpu.clique": _F01_CLIQUE,
                                  "nvidia.com/gpu.deploy.driver": "pre-installed",
                                  "nvidia.com/cuda.driver.major": "570", "nvidia.com/gpu.family": "blackwell",
                                  "kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"})
        info(node, architecture="arm64", osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1024-nvidia-64k",
             kubeletVersion="v1.31.4", containerRuntimeVersion="containerd://1.7.25")
        node["metadata"]["annotations"] = {"topograph.nvidia.com/instance": n, "topograph.nvidia.com/region": "local"}
    move_stack(w, _F01_GPU_NS)
    # topograph control plane
    deploy_pod(w, _F01_NS, "topograph-6c9f7d8b5", "topograph-6c9f7d8b5-t7wqz", _F01_CPU, containers=("topograph",),
               image="ghcr.io/nvidia/topograph:main",
               labels={"app.kubernetes.io/name": "topograph", "app.kubernetes.io/instance": _F01_NS},
               cpu="100m", memory="128Mi")
    deploy_pod(w, _F01_NS, "topograph-node-observer-7b5d9c6f4", "topograph-node-observer-7b5d9c6f4-k2r8n", _F01_CPU,
               containers=("node-observer",), image="ghcr.io/nvidia/topograph:main",
               labels={"app.kubernetes.io/name": "node-observer", "app.kubernetes.io/instance": _F01_NS},
               cpu="100m", memory="128Mi")
    daemonset(w, _F01_NS, _F01_DS, desired=2, containers=[("node-data-broker", "curlimages/curl:8.13.0")],
              init_containers=[("init-node-labels", _F01_INIT)],
              node_selector={"brightcomputing.com/node-category": "dgx"}, labels=_F01_LABELS)
    for node, pod in zip(_F01_NODES, _F01_PODS):
        p = ds_pod(w, _F01_NS, _F01_DS, pod, node, containers=("node-data-broker",), image="curlimages/curl:8.13.0",
                   init_containers=("init-node-labels",), node_selector={"brightcomputing.com/node-category": "dgx"},
                   cpu="100m", memory="128Mi",
                   labels={"app.kubernetes.io/name": "node-data-broker", "app.kubernetes.io/instance": _F01_NS})
        p["spec"]["initContainers"][0]["image"] = _F01_INIT
        p["spec"]["serviceAccountName"] = _F01_DS
        for s in p["status"].get("initContainerStatuses", []):
            s["image"] = _F01_INIT
        w.log(_F01_NS, pod, "init-node-labels", _f01_initc_log(node))
    w.target("Pod", _F01_NS, _F01_PODS[0])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
