"""Builds first-contact batch B18 (fixtures/first-contact/batch-b18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by cluster installers' and local clusters' own documentation
(kubernetes/kops, kubernetes-sigs/kubespray, k3d-io/k3d, eksctl-io/eksctl, kubernetes/minikube), read in the fixed
file order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read
with git). Both texts are the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE): the
bundles show the state the documents describe. The expected answer was reasoned from the document (`expected` in
the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, instance IDs, image tags, versions, the other
nodes and workloads) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b18      # (re)writes fixtures/first-contact/batch-b18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_b12 import set_ready
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b18", "B18", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1801", "fb1802"}


def _not_ready_pods(w, node: str) -> None:
    """The node controller marks the pods of an unreachable node not ready (their last phase stays Running)."""
    for pods in w.pods.values():
        for p in pods:
            if p["spec"].get("nodeName") != node:
                continue
            for c in p["status"].get("conditions", []):
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
            for s in p["status"].get("containerStatuses", []):
                s["ready"] = False


# ---- node: containerd 2.3.x refuses to start with the NVIDIA toolkit's drop-in (kOps 1.37 release notes) -----

_KOPS_INFO = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.14.0-1015-aws",
              "containerRuntimeVersion": "containerd://2.3.1", "kubeletVersion": "v1.35.2",
              "kubeProxyVersion": "v1.35.2"}


@case("fb1801", node_subj("i-0c4f7a2b9e81d3356"),
      "kOps 1.36 cluster on AWS (assumed: the release note describes the failure kOps 1.37 fixes; Kubernetes v1.35.2, "
      "Ubuntu 24.04, containerd 2.3.1 set by the user in spec.containerd.version, all assumed): one control-plane "
      "node, one CPU node and one GPU node of the instance group gpu-nodes (g4dn.xlarge, 1 Tesla T4, as in kOps' "
      "docs/gpu.md; spec.containerd.nvidiaGPU.enabled true, so kOps installed the driver, the NVIDIA container "
      "toolkit, the RuntimeClass nvidia and the nvidia-device-plugin DaemonSet; node names are instance IDs, "
      "assumed). After a reboot of the GPU node containerd refuses to start (the toolkit's drop-in declares a "
      "higher config version than kOps' root config); the kubelet cannot reach the CRI socket and stops posting "
      "status: Ready Unknown with the standard NodeStatusUnknown words, the node controller's unreachable taints "
      "and NodeNotReady event, the device-plugin pod and the GPU inference pod on it last seen Running, not ready. "
      "No containerd or kubelet log is modelled (the note quotes none). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.35.2"
    cp = w.node("i-0a18e5c3d7b2f9014", cpu="2", memory="3936856Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "kops.k8s.io/instancegroup": "control-plane-eu-central-1c",
                        "node.kubernetes.io/instance-type": "t3.medium"},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **_KOPS_INFO)
    cpu = w.node("i-09b6d2e4a1c7f8530", cpu="4", memory="16119484Ki",
                 labels={"node-role.kubernetes.io/node": "", "kops.k8s.io/instancegroup": "nodes-eu-central-1c",
                         "node.kubernetes.io/instance-type": "m6i.xlarge"})
    node_info(cpu, **_KOPS_INFO)
    node = "i-0c4f7a2b9e81d3356"
    n = host_node(w, node, gpus=1, info=_KOPS_INFO,
                  labels={"node-role.kubernetes.io/node": "", "kops.k8s.io/instancegroup": "gpu-nodes",
                          "kops.k8s.io/gpu": "1", "node.kubernetes.io/instance-type": "g4dn.xlarge"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "16005428Ki"})
    set_ready(n, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "effect": "NoSchedule"},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7xk2q", log=None,
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1", runtime_class="nvidia")
    plugin_ds(w, KS, [dp])
    inf = deploy_pod(w, "default", "triton-t4-6b7c9d8f5", "triton-t4-6b7c9d8f5-q2m8w", node,
                     containers=("triton",), image="nvcr.io/nvidia/tritonserver:25.08-py3",
                     runtime_class="nvidia", cpu="2", memory="8Gi",
                     tolerations=GPU_TOLERATION, node_selector={"kops.k8s.io/gpu": "1"})
    for k in ("limits", "requests"):
        inf["spec"]["containers"][0]["resources"][k]["nvidia.com/gpu"] = "1"
    _not_ready_pods(w, node)
    w.workload("Deployment", "default", "triton-t4", template_pod=inf,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.event("default", "Node", node, "NodeNotReady", f"Node {node} status is now: NodeNotReady",
            type="Normal", component="node-controller")
    w.target("Node", None, node)


# ---- plugin: the device plugin DaemonSet never deployed on a k3d CUDA cluster (k3d 'Running CUDA workloads') ---

_K3S_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.8.0-45-generic",
             "containerRuntimeVersion": "containerd://1.7.11-k3s2", "kubeletVersion": "v1.28.8+k3s1",
             "kubeProxyVersion": "v1.28.8+k3s1"}


@case("fb1802", pod_subj("cuda-vector-add", "default"),
      "k3d cluster gputest (k3d v5.6, assumed) created with `k3d cluster create gputest --image=$IMAGE --gpus=1` "
      "from the page's custom K3s image (K3s v1.28.8+k3s1, the build.sh default, on nvidia/cuda:12.4.1-base-"
      "ubuntu22.04 with the NVIDIA container toolkit; containerd string and host kernel assumed): one server node "
      "k3d-gputest-server-0, Ready, without nvidia.com/gpu (no GFD, no operator). The image's auto-deploy manifest "
      "should have created the DaemonSet nvidia-device-plugin-daemonset in kube-system; it does not exist. The K3s "
      "system pods (coredns, local-path-provisioner, metrics-server) are Running. The page's test pod "
      "cuda-vector-add (runtimeClassName nvidia, nvidia.com/gpu 1, restartPolicy OnFailure) is Pending and unbound "
      "with default-scheduler's FailedScheduling in the standard 'Insufficient nvidia.com/gpu' form (illustrative: "
      "the page quotes none). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.28.8+k3s1"
    node = "k3d-gputest-server-0"
    n = host_node(w, node, gpus=1, advertised=False, info=_K3S_INFO,
                  labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                          "node.kubernetes.io/instance-type": "k3s"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "65536000Ki"})
    for rs, name, img in (("coredns-6799fbcd5", "coredns-6799fbcd5-9wq4h", "rancher/mirrored-coredns-coredns:1.10.1"),
                          ("local-path-provisioner-6f5d79df6", "local-path-provisioner-6f5d79df6-b7x2k",
                           "rancher/local-path-provisioner:v0.0.26"),
                          ("metrics-server-54fd9b65b", "metrics-server-54fd9b65b-l4n8c",
                           "rancher/mirrored-metrics-server:v0.7.0")):
        deploy_pod(w, KS, rs, name, node, containers=(rs.rsplit("-", 1)[0],), image=img, cpu="100m",
                   memory="70Mi", labels={"k8s-app": rs.rsplit("-", 1)[0]})
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
           "preemption victims found for incoming pod.")
    p = w.pod("default", "cuda-vector-add", gpu=1, containers=("cuda-vector-add",),
              image="k8s.gcr.io/cuda-vector-add:v0.1", runtime_class="nvidia", cpu="100m", memory="128Mi",
              scheduled_message=msg)
    p["spec"]["restartPolicy"] = "OnFailure"
    c = p["spec"]["containers"][0]
    c["resources"] = {"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}}
    w.event("default", "Pod", "cuda-vector-add", "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", "default", "cuda-vector-add")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
