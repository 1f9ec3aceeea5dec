"""Builds first-contact batch A21 (fixtures/first-contact/batch-a21/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures on arm64 GPU nodes (Grace Hopper / Grace Blackwell, ARM servers) and edge
distributions (MicroK8s), found by the fixed search queries of the batch README (round 21, search protocol):
NVIDIA/gpu-operator PR #2265, canonical/microk8s-core-addons issue #251, NVIDIA/aicr issue #980. fa2101's quoted
error is the crash-looping device plugin container's previous log; fa2102's is the kubelet's Failed event (and the
init containers' StartError message); fa2103's text is the issue's own prose and is NOT placed in the bundle
(TEXT_NOT_IN_BUNDLE), whose plugin log carries the error the issue quotes. The expected answer was reasoned from the
thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the threads do not state (node and pod names, namespaces, GPU models, image tags, the
Kubernetes versions) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a21      # (re)writes fixtures/first-contact/batch-a21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_a19 import _dra_driver, _dra_gpu_node
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a21", "A21", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the threads' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2103"}


def _arm64(node: dict, **nodeinfo) -> dict:
    """An arm64 node: arch labels and nodeInfo."""
    for k in ("kubernetes.io/arch", "beta.kubernetes.io/arch"):
        node["metadata"]["labels"][k] = "arm64"
    info(node, architecture="arm64", **nodeinfo)
    return node


def _init_start_error(p: dict, init: str, message: str, restarts: int = 9) -> None:
    """Init container `init` of pod `p` fails to start (StartError, exit 128) and crash-loops; the pod stays Init."""
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    seen = False
    for s in p["status"].get("initContainerStatuses", []):
        if s["name"] == init:
            s.update({"state": {"waiting": {"reason": "CrashLoopBackOff",
                                            "message": f"back-off 5m0s restarting failed container={init}"}},
                      "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "message": message,
                                                   "startedAt": "1970-01-01T00:00:00Z", "finishedAt": T1}},
                      "ready": False, "restartCount": restarts})
            seen = True
        elif seen:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})


# ---- plugin: the KubeVirt GPU device plugin image pinned to its amd64 digest on an ARM server (gpu-operator PR #2265)

_OCP_NS = "nvidia-gpu-operator"
_KV_AMD64 = ("nvcr.io/nvidia/kubevirt-gpu-device-plugin@sha256:"
             "98ff0ae43263b8ab4255197462f0b5d571eed9f263ec5f611f4b98e6fb2920d3")


@case("fa2101", pod_subj("nvidia-sandbox-device-plugin-daemonset-q7m4x", _OCP_NS),
      "OpenShift 4.20 (Kubernetes v1.33, assumed; the PR names the OLM bundle, the OpenShift install path) with the "
      "NVIDIA GPU Operator v26.3.0 installed from OperatorHub in nvidia-gpu-operator (version assumed; the "
      "gpu-operator-certified controller 1/1 Running) and sandbox workloads enabled. Two arm64 nodes: a control-plane "
      "node and the GPU worker gh200-worker-01 (one NVIDIA GH200 480GB, assumed: the PR says 'an ARM server'; RHCOS "
      "9.6 aarch64, CRI-O) labelled nvidia.com/gpu.workload.config=vm-passthrough. On the worker the vfio-manager and "
      "sandbox-validator pods are Running; the DaemonSet nvidia-sandbox-device-plugin-daemonset runs the KubeVirt GPU "
      "device plugin v1.5.0 by the amd64 digest the PR names, and its pod crash-loops (exit 1, 9 restarts) with the "
      "quoted error as its previous log (the placement assumed: crun reports a failed execve on the container's own "
      "output); the kubelet's BackOff event. The node advertises no passthrough GPU resource. Names are assumed.")
def _(w, t):
    w.git_version = "v1.33.5"
    ocp = dict(osImage="Red Hat Enterprise Linux CoreOS 9.6.20251110-0 (Plow)",
               kernelVersion="5.14.0-570.60.1.el9_6.aarch64", containerRuntimeVersion="cri-o://1.33.5-3.rhaos4.20.el9",
               kubeletVersion="v1.33.5")
    _arm64(w.node("master-0", cpu="16", memory="65536000Ki",
                  taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}],
                  labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": ""}), **ocp)
    node = "gh200-worker-01"
    _arm64(w.node(node, cpu="72", memory="493097664Ki",
                  labels={"node-role.kubernetes.io/worker": "", "nvidia.com/gpu.present": "true",
                          "nvidia.com/gpu.workload.config": "vm-passthrough",
                          "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                          "nvidia.com/gpu.deploy.sandbox-validator": "true",
                          "nvidia.com/gpu.deploy.vfio-manager": "true",
                          "feature.node.kubernetes.io/pci-10de.present": "true"}), **ocp)
    op = deploy_pod(w, _OCP_NS, "gpu-operator-7d9c6b8f54", "gpu-operator-7d9c6b8f54-hx2lp", "master-0",
                    containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v26.3.0",
                    labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    w.workload("Deployment", _OCP_NS, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    for ds, ctr, img, sfx in (
            ("nvidia-vfio-manager", "nvidia-vfio-manager", "nvcr.io/nvidia/cuda:13.0.1-base-ubi9", "b5t2k"),
            ("nvidia-sandbox-validator", "nvidia-sandbox-validator",
             "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.0", "p8w3n")):
        daemonset(w, _OCP_NS, ds, desired=1, containers=[(ctr, img)], tolerations=GPU_TOLERATION,
                  node_selector={f"nvidia.com/gpu.deploy.{ds.removeprefix('nvidia-')}": "true"},
                  labels={"app": ds})
        ds_pod(w, _OCP_NS, ds, f"{ds}-{sfx}", node, containers=(ctr,), image=img, labels={"app": ds},
               tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    ds = "nvidia-sandbox-device-plugin-daemonset"
    ctr = "nvidia-sandbox-device-plugin-ctr"
    daemonset(w, _OCP_NS, ds, desired=1, ready=0, containers=[(ctr, _KV_AMD64)], tolerations=GPU_TOLERATION,
              node_selector={"nvidia.com/gpu.deploy.sandbox-device-plugin": "true"}, labels={"app": ds})
    pod = f"{ds}-q7m4x"
    p = ds_pod(w, _OCP_NS, ds, pod, node, containers=(ctr,), image=_KV_AMD64, labels={"app": ds},
               tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    crashloop(p, ctr, restarts=9, code=1)
    w.log(_OCP_NS, pod, ctr, t + "\n", previous=True)
    backoff(w, _OCP_NS, pod, ctr, node, count=41)
    w.target("Pod", _OCP_NS, pod)


# ---- runtime: the MicroK8s nvidia addon's toolkit looks for the driver under /run/nvidia/driver (core-addons #251)

_MK_NS = "gpu-operator-resources"


@case("fa2102", pod_subj("nvidia-operator-validator-7xq2d", _MK_NS),
      "MicroK8s v1.28.3 (assumed; the thread's time) on one node, mk8s-gpu (Ubuntu 22.04, kernel 6.2; host driver "
      "535.129.03 and one NVIDIA RTX A4000, assumed). `microk8s enable nvidia` ('Using auto GPU driver', no driver "
      "container) deployed the GPU Operator v23.9.1 (assumed) in gpu-operator-resources: the operator and NFD pods "
      "and the nvidia-container-toolkit-daemonset pod are Running, the toolkit having written its runtime with the "
      "config root /run/nvidia/driver (the reporter's config). The pods started with the nvidia runtime fail: "
      "nvidia-operator-validator and nvidia-device-plugin-daemonset stay Init with their toolkit-validation init "
      "container in StartError (exit 128, 9 and 8 restarts) whose termination message is the quoted error without "
      "the kubelet's 'Error: ' prefix, and the kubelet's Failed events carry the quoted line verbatim; "
      "gpu-feature-discovery waits in Init. The node advertises no nvidia.com/gpu. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.28.3"
    node = "mk8s-gpu"
    n = w.node(node, cpu="16", memory="65735896Ki",
               labels={"microk8s.io/cluster": "true", "node.kubernetes.io/microk8s-controlplane": "microk8s-controlplane",
                       "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true"})
    info(n, osImage="Ubuntu 22.04.3 LTS", kernelVersion="6.2.0-39-generic", kubeletVersion="v1.28.3",
         containerRuntimeVersion="containerd://1.6.15")
    ver = "v23.9.1"
    op = deploy_pod(w, _MK_NS, "gpu-operator-5d8f7b9c6d", "gpu-operator-5d8f7b9c6d-r4k8n", node,
                    containers=("gpu-operator",), image=f"nvcr.io/nvidia/gpu-operator:{ver}",
                    labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    w.workload("Deployment", _MK_NS, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    nfd = "registry.k8s.io/nfd/node-feature-discovery:v0.14.2"
    m = deploy_pod(w, _MK_NS, "gpu-operator-node-feature-discovery-master-6c9d5f7b8", 
                   "gpu-operator-node-feature-discovery-master-6c9d5f7b8-w2h5j", node, containers=("master",),
                   image=nfd, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
                   cpu="100m", memory="128Mi")
    w.workload("Deployment", _MK_NS, "gpu-operator-node-feature-discovery-master", template_pod=m,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    daemonset(w, _MK_NS, "gpu-operator-node-feature-discovery-worker", desired=1, containers=[("worker", nfd)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    ds_pod(w, _MK_NS, "gpu-operator-node-feature-discovery-worker", "gpu-operator-node-feature-discovery-worker-9fz4t",
           node, containers=("worker",), image=nfd, cpu="100m", memory="128Mi")
    tk_img = "nvcr.io/nvidia/k8s/container-toolkit:v1.14.3-ubuntu20.04"
    daemonset(w, _MK_NS, "nvidia-container-toolkit-daemonset", desired=1, containers=[("nvidia-container-toolkit-ctr", tk_img)],
              tolerations=GPU_TOLERATION, node_selector={"nvidia.com/gpu.deploy.container-toolkit": "true"},
              labels={"app": "nvidia-container-toolkit-daemonset"},
              env=[{"name": "CONTAINERD_CONFIG", "value": "/var/snap/microk8s/current/args/containerd-template.toml"},
                   {"name": "CONTAINERD_SOCKET", "value": "/var/snap/microk8s/common/run/containerd.sock"},
                   {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "1"}])
    ds_pod(w, _MK_NS, "nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-l6v9c", node,
           containers=("nvidia-container-toolkit-ctr",), image=tk_img, tolerations=GPU_TOLERATION,
           cpu="100m", memory="128Mi")
    msg = t.removeprefix("Error: ")
    val_img = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{ver}"
    for ds, ctr, img, inits, sfx, restarts in (
            ("nvidia-operator-validator", "nvidia-operator-validator", val_img,
             ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"), "7xq2d", 9),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.14.3",
             ("toolkit-validation",), "s3m8r", 8)):
        daemonset(w, _MK_NS, ds, desired=1, ready=0, containers=[(ctr, img)],
                  init_containers=[(i, val_img) for i in inits], tolerations=GPU_TOLERATION, runtime_class="nvidia",
                  labels={"app": ds})
        pod = f"{ds}-{sfx}"
        p = ds_pod(w, _MK_NS, ds, pod, node, containers=(ctr,), init_containers=inits, image=img,
                   labels={"app": ds}, tolerations=GPU_TOLERATION, runtime_class="nvidia", cpu="100m", memory="128Mi")
        _init_start_error(p, "toolkit-validation", msg, restarts)
        w.event(_MK_NS, "Pod", pod, "Failed", t, component="kubelet", host=node, count=restarts + 1,
                field_path="spec.initContainers{toolkit-validation}")
        w.event(_MK_NS, "Pod", pod, "BackOff", "Back-off restarting failed container toolkit-validation in pod "
                f"{pod}_{_MK_NS}({p['metadata']['uid']})", component="kubelet", host=node, count=37,
                field_path="spec.initContainers{toolkit-validation}")
    gfd = "gpu-feature-discovery"
    daemonset(w, _MK_NS, gfd, desired=1, ready=0, containers=[(gfd, "nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8")],
              init_containers=[("toolkit-validation", val_img)], tolerations=GPU_TOLERATION, runtime_class="nvidia",
              labels={"app": gfd})
    g = ds_pod(w, _MK_NS, gfd, f"{gfd}-c2n6h", node, containers=(gfd,), init_containers=("toolkit-validation",),
               image="nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8", labels={"app": gfd},
               tolerations=GPU_TOLERATION, runtime_class="nvidia", cpu="100m", memory="128Mi")
    g["status"]["phase"] = "Pending"
    for s in g["status"]["initContainerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    for s in g["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for c in g["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    w.target("Pod", _MK_NS, "nvidia-operator-validator-7xq2d")


# ---- runtime: a DRA kubelet plugin re-rolled before its node's driver migration finished (NVIDIA/aicr #980) ------

_DRA_NS = "nvidia-dra-driver-gpu"


@case("fa2103", pod_subj("nvidia-dra-driver-gpu-kubelet-plugin-m4p9w", _DRA_NS),
      "EKS v1.34 (version assumed) with two p6e-gb200.36xlarge nodes (the issue's: 4 NVIDIA GB200 each, arm64 Grace; "
      "node names assumed) and a system node. The GPU Operator chart v26.3.1 with driver 580.126.20 (the issue's bump) "
      "runs in gpu-operator: both driver pods Running (the migration has finished), no device plugin (GPUs published "
      "by DRA). The NVIDIA DRA driver kubelet plugin (v25.12.0, assumed) runs one pod per GPU node, both Running: the "
      "first node's, rolled after its migration, logs a normal start; the second node's, re-rolled while that node's "
      "k8s-driver-manager was still reloading the modules, logs the invalid CDI spec error the issue quotes (its log "
      "prefix and the device name put in for the issue's <uuid>-gpu-N placeholder illustrative). No workload pod is "
      "modelled (the issue names none).")
def _(w, t):
    w.git_version = "v1.34.2-eks-3f0f2f3"
    sysn = w.node("ip-10-0-12-34.ec2.internal", cpu="8", memory="32329344Ki",
                  labels={"node.kubernetes.io/instance-type": "m7g.2xlarge", "eks.amazonaws.com/nodegroup": "system"})
    eks = dict(osImage="Amazon Linux 2023.9.20251110", kernelVersion="6.12.46-66.121.amzn2023.aarch64",
               containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.2-eks-3f0f2f3")
    _arm64(sysn, **eks)
    nodes = ["ip-10-0-88-17.ec2.internal", "ip-10-0-91-203.ec2.internal"]
    for n in nodes:
        node = _dra_gpu_node(w, n, 4, "NVIDIA GB200", "v1.34.2-eks-3f0f2f3")
        node["metadata"]["labels"].update({"node.kubernetes.io/instance-type": "p6e-gb200.36xlarge",
                                           "eks.amazonaws.com/nodegroup": "gb200",
                                           "nvidia.com/gpu.deploy.driver": "true",
                                           "nvidia.com/gpu.product": "NVIDIA-GB200"})
        _arm64(node, **eks)
    drv = "nvcr.io/nvidia/driver:580.126.20-amzn2023"
    daemonset(w, "gpu-operator", "nvidia-driver-daemonset", desired=2, containers=[("nvidia-driver-ctr", drv)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1")],
              tolerations=GPU_TOLERATION, node_selector={"nvidia.com/gpu.deploy.driver": "true"},
              labels={"app": "nvidia-driver-daemonset"})
    for n, sfx in zip(nodes, ("h6v2c", "z8k3p")):
        ds_pod(w, "gpu-operator", "nvidia-driver-daemonset", f"nvidia-driver-daemonset-{sfx}", n,
               containers=("nvidia-driver-ctr",), init_containers=("k8s-driver-manager",), image=drv,
               tolerations=GPU_TOLERATION, cpu="500m", memory="1Gi")
    op = deploy_pod(w, "gpu-operator", "gpu-operator-6b7f9d4c8", "gpu-operator-6b7f9d4c8-t5q2x", sysn["metadata"]["name"],
                    containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v26.3.1",
                    labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    w.workload("Deployment", "gpu-operator", "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    plugins = _dra_driver(w, nodes, "v25.12.0")
    w.log(_DRA_NS, plugins[0], "gpus",
          "I1129 14:31:02.114233       1 driver.go:112] Starting NVIDIA DRA kubelet plugin, driver gpu.nvidia.com\n"
          "I1129 14:31:03.551902       1 draplugin.go:380] \"Registered with kubelet\" driver=\"gpu.nvidia.com\"\n")
    dev = "GPU-7c1e4a2b-93d5-4f6e-b8a1-2d4c6e8f0a13-gpu-2"
    w.log(_DRA_NS, plugins[1], "gpus",
          "I1129 14:29:41.114233       1 driver.go:112] Starting NVIDIA DRA kubelet plugin, driver gpu.nvidia.com\n"
          "I1129 14:29:42.551902       1 draplugin.go:380] \"Registered with kubelet\" driver=\"gpu.nvidia.com\"\n"
          f"E1129 14:33:17.208114       1 cdi.go:214] \"Failed to write CDI spec\" err=\"invalid CDI Spec: failed add "
          f"device \\\"{dev}\\\": empty device edits\"\n")
    for p in w.pods[_DRA_NS]:
        p["metadata"].setdefault("annotations", {})["aicr.nvidia.com/gpu-operator-chart-version"] = "v26.3.1"
    w.target("Pod", _DRA_NS, plugins[1])


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
