"""Builds first-contact batch H18 (fixtures/first-contact/batch-h18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by node OSes', GPU clouds' and community distributions' own
documentation (flatcar/flatcar-website, civo/docs in place of akash-network/website and scaleway/docs-content,
which are over the snapshot size limit, charmed-kubernetes/kubernetes-docs, siderolabs/docs), read in the fixed
file order of the batch README (this round's documentation protocol: no search look-ups; snapshots brought with
`fetch` and read with git). All three texts are the documents' own prose and are NOT placed in the bundles
(TEXT_NOT_IN_BUNDLE); each bundle holds the cluster state the document describes. The expected answer was reasoned
from the document (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Names and versions the documents do not state (node and pod names, instance types, kubelet and runtime versions,
the driver version, the other nodes and workloads) are filled in plausibly; each scenario's README says which
parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h18      # (re)writes fixtures/first-contact/batch-h18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, block, drop_logs, node_info, no_gpu_resource, plugin_ds, plugin_pod, \
    remove_stack_pod, strip_gfd
from tests.classify.first_contact_b12 import set_ready
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, sized
from tests.classify.scenario_builder import OPERATOR_NS, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj, stack_crash

FC = ThreadBatch("batch-h18", "H18", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh1801", "fh1802", "fh1803"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1):
    st = {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": replicas,
          "unavailableReplicas": replicas - ready}
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


def _pods_not_ready(w, node: str) -> None:
    """The node lifecycle controller marks the pods of a node that stopped reporting not ready."""
    for pods in w.pods.values():
        for p in pods:
            if p["spec"].get("nodeName") == node:
                for c in p["status"].get("conditions", []):
                    if c["type"] in ("Ready", "ContainersReady"):
                        c.update({"status": "False", "lastTransitionTime": T2})


# ---- driver: single-H100 node, NVLink bring-up fails at load time (Civo GPU page) ----------------------------

_CIVO_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
              "containerRuntimeVersion": "containerd://1.7.23-k3s2", "kubeletVersion": "v1.30.5+k3s1",
              "kubeProxyVersion": "v1.30.5+k3s1"}
_CIVO_GPU = "k3s-gpu-h100-5a1c-7e2f9b-node-pool-3d4a-kx7qp"
_DRIVER_IMG = "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04"


@case("fh1801", pod_subj("nvidia-driver-daemonset-h7q2m", OPERATOR_NS),
      "Civo Kubernetes (the page names no Kubernetes flavour; k3s v1.30.5+k3s1, Ubuntu 22.04 and containerd "
      "1.7.23-k3s2 assumed) with one standard CPU node and a GPU node pool of one single-H100 node (Civo's GPU image "
      "with the NVIDIA container toolkit preinstalled; node names assumed). NVIDIA GPU Operator v25.10.1 (the version "
      "the page states it validated) installed in gpu-operator with the page's standard flags (driver enabled, "
      "toolkit disabled, device plugin and GFD enabled, defaultRuntime containerd, the CUDA validator with "
      "runtimeClassName nvidia) and without the nvidia-kernel-config ConfigMap: the nvidia-driver-daemonset pod "
      "(driver 580.95.05 assumed) is in CrashLoopBackOff with its kubelet BackOff event; its previous log is "
      "illustrative and ends at the module load with no error line (the page quotes none); no toolkit DaemonSet "
      "(disabled); the device plugin and GFD wait in toolkit-validation and the validator in driver-validation; the "
      "node advertises no nvidia.com/gpu and has no GFD labels. The text is the page's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.30.5+k3s1"
    cpu = w.node("k3s-std-5a1c-7e2f9b-node-pool-8b2e-r4m9t", cpu="4", memory="8131716Ki")
    node_info(cpu, **_CIVO_INFO)
    n = w.gpu_node(_CIVO_GPU, gpus=1, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559)
    node_info(n, **_CIVO_INFO)
    sized(n, "24", "247436432Ki")
    strip_gfd(n)
    no_gpu_resource(n)
    remove_stack_pod(w, _CIVO_GPU, "toolkit")
    drv = w.stack(_CIVO_GPU, "driver")
    # the stack's generated name is replaced by the subject's
    p = w.get_pod(OPERATOR_NS, drv)
    p["metadata"]["name"] = "nvidia-driver-daemonset-h7q2m"
    drop_logs(w, OPERATOR_NS, drv)
    w._stack[(_CIVO_GPU, "driver")] = "nvidia-driver-daemonset-h7q2m"
    for c in p["spec"]["containers"]:
        c["image"] = _DRIVER_IMG
    for s in p["status"]["containerStatuses"]:
        s["image"] = _DRIVER_IMG
    log = ("DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-580.95.05\n"
           "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n")
    stack_crash(w, _CIVO_GPU, "driver", "nvidia-driver-ctr", log, restarts=9)
    backoff(w, OPERATOR_NS, "nvidia-driver-daemonset-h7q2m", "nvidia-driver-ctr", _CIVO_GPU, count=41)
    block(w, _CIVO_GPU, "device-plugin", "toolkit-validation")
    block(w, _CIVO_GPU, "gfd", "toolkit-validation")
    block(w, _CIVO_GPU, "validator", "driver-validation")
    w.target("Pod", OPERATOR_NS, "nvidia-driver-daemonset-h7q2m")


# ---- node: cuda-drivers pulled gnome-* packages, the idle GPU worker shut down (Charmed Kubernetes 1.27) -----

_CK127_INFO = {"osImage": "Ubuntu 22.04.2 LTS", "kernelVersion": "5.19.0-1025-aws",
               "containerRuntimeVersion": "containerd://1.6.12", "kubeletVersion": "v1.27.2",
               "kubeProxyVersion": "v1.27.2"}
_CK127_GPU = "ip-172-31-27-140"
_UNREACHABLE = [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]


@case("fh1802", node_subj(_CK127_GPU),
      "Charmed Kubernetes 1.27 before the 1.27+ck1 bugfix release (stated by the page) on AWS (assumed): a "
      "kubernetes-control-plane node, two CPU workers and one GPU worker ip-172-31-27-140 (p3.2xlarge, 1 Tesla V100, "
      "the instance type of the project's GPU page; names, Ubuntu 22.04, kubelet v1.27.2 and containerd 1.6.12 "
      "assumed) on which the containerd charm (gpu_driver auto) installed NVIDIA's cuda-drivers. The machine shut "
      "itself down while idle: the Node's conditions are Unknown ('Kubelet stopped posting node status.'), the "
      "node lifecycle controller's unreachable taints and NodeNotReady event; the nvidia-device-plugin pod "
      "(cdk-addons; no log: the kubelet is unreachable) and the idle GPU inference Deployment's pod on it (assumed) are no longer Ready. The text is the "
      "release note's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.27.2"
    cp = w.node("ip-172-31-20-11", cpu="2", memory="8058728Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "juju-application": "kubernetes-control-plane"},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_CK127_INFO)
    for name in ("ip-172-31-23-57", "ip-172-31-25-98"):
        c = w.node(name, cpu="4", memory="16106544Ki", labels={"juju-application": "kubernetes-worker"})
        node_info(c, **_CK127_INFO)
    n = w.node(_CK127_GPU, gpus=1, cpu="8", memory="62914560Ki",
               labels={"juju-application": "kubernetes-worker", "gpu": "true", "cuda": "true",
                       "node.kubernetes.io/instance-type": "p3.2xlarge"})
    node_info(n, **_CK127_INFO)
    set_ready(n, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
    n["spec"]["taints"] = _UNREACHABLE
    w.event("default", "Node", _CK127_GPU, "NodeNotReady", f"Node {_CK127_GPU} status is now: NodeNotReady",
            type="Normal", component="node-controller", count=1)
    dp = plugin_pod(w, _CK127_GPU, "nvidia-device-plugin-daemonset-w8k4z", ns=KS, log=None,
                    image="rocks.canonical.com/cdk/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [dp])
    ds = w.workloads[("daemonsets", KS)][0]
    ds["status"].update({"numberReady": 0, "numberAvailable": 0, "numberUnavailable": 1})
    app = w.pod("default", "triton-infer-6c9f7d8b54-q2x7n", node=_CK127_GPU, gpu=1, containers=("triton",),
                image="nvcr.io/nvidia/tritonserver:23.05-py3", owner=("ReplicaSet", "triton-infer-6c9f7d8b54"),
                labels={"app": "triton-infer"}, cpu="2", memory="8Gi", tolerations=[GPU_TOLERATION],
                node_selector={"gpu": "true"})
    _deployment(w, "default", "triton-infer", app, ready=0)
    _pods_not_ready(w, _CK127_GPU)
    w.target("Node", None, _CK127_GPU)


# ---- node: docker does not start with docker_runtime=nvidia (Charmed Kubernetes 1.13 bugfix release) -------

_CK113_INFO = {"osImage": "Ubuntu 18.04.1 LTS", "kernelVersion": "4.15.0-1031-aws",
               "containerRuntimeVersion": "docker://18.9.1", "kubeletVersion": "v1.13.3",
               "kubeProxyVersion": "v1.13.3"}
_CK113_GPU = "ip-172-31-41-203"
_NOT_READY = [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule", "timeAdded": T1},
              {"key": "node.kubernetes.io/not-ready", "effect": "NoExecute", "timeAdded": T1}]


@case("fh1803", node_subj(_CK113_GPU),
      "Charmed Kubernetes 1.13 before the canonical-kubernetes-435 bugfix release (stated by the page) on AWS "
      "(assumed): a kubernetes-master node, two CPU workers and one GPU worker ip-172-31-41-203 (p3.2xlarge, 1 Tesla "
      "V100; names, Ubuntu 18.04 and kubelet v1.13.3 assumed) whose docker charm was set to docker_runtime=nvidia "
      "(docker-ce 18.09.1 with nvidia-docker2 2.0.3 and nvidia-container-runtime 2.0.0, the charm's documented "
      "defaults). Docker does not start: the kubelet keeps running and reports Ready False (KubeletNotReady, "
      "'container runtime is down' with PLEG not healthy; the kubelet's standard words, no docker error invented), "
      "the not-ready taints and the NodeNotReady event; allocatable nvidia.com/gpu is 0 (assumed: the plugin's "
      "container is gone with docker); the nvidia-device-plugin pod (cdk-addons, enable-nvidia-plugin auto) is not "
      "Ready. The text is the release note's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.13.3"
    cp = w.node("ip-172-31-33-18", cpu="2", memory="8167820Ki", labels={"juju-application": "kubernetes-master"})
    node_info(cp, **_CK113_INFO)
    for name in ("ip-172-31-35-77", "ip-172-31-38-142"):
        c = w.node(name, cpu="4", memory="16424560Ki", labels={"juju-application": "kubernetes-worker"})
        node_info(c, **_CK113_INFO)
    n = w.node(_CK113_GPU, gpus=1, allocatable=0, cpu="8", memory="62914560Ki",
               labels={"juju-application": "kubernetes-worker", "gpu": "true", "cuda": "true",
                       "beta.kubernetes.io/instance-type": "p3.2xlarge"})
    node_info(n, **_CK113_INFO)
    set_ready(n, "False", "KubeletNotReady",
              "container runtime is down,PLEG is not healthy: pleg was last seen active 6m12.418027319s ago; "
              "threshold is 3m0s")
    n["spec"]["taints"] = _NOT_READY
    w.event("default", "Node", _CK113_GPU, "NodeNotReady", f"Node {_CK113_GPU} status is now: NodeNotReady",
            type="Normal", component="kubelet", host=_CK113_GPU, count=1)
    dp = plugin_pod(w, _CK113_GPU, "nvidia-device-plugin-daemonset-5mt2c", ns=KS, log=None,
                    image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [dp])
    ds = w.workloads[("daemonsets", KS)][0]
    ds["status"].update({"numberReady": 0, "numberAvailable": 0, "numberUnavailable": 1})
    _pods_not_ready(w, _CK113_GPU)
    w.target("Node", None, _CK113_GPU)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
