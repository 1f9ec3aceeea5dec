"""Builds first-contact batch D15 (fixtures/first-contact/batch-d15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes cases on managed and other distributions (EKS, OpenShift), taken under this round's
fixed-query protocol (60 queries over the search tool's four corpora, written before the first search; see the
batch README). fd1501 is a healthy look-alike whose text is the YAML rendering of a pod annotation: the bundle
carries that annotation on the pod. fd1502 is a prose case (the reporter's sentence), NOT placed in the bundle
(TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the thread (`expected` in the case, preferred first)
and committed before any rule change; it is never taken from the tool's output.

Names and versions the threads do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
instance types, the other nodes and workloads) are filled in plausibly; each scenario's README says which parts
of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d15      # (re)writes fixtures/first-contact/batch-d15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import no_gpu_resource, node_info, set_image, strip_gfd
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d15", "D15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a reporter's sentence): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd1502"}
# texts that are a YAML rendering of an object field: the bundle carries the field (key and value), not the line
PLACED_AS_FIELD: set[str] = {"fd1501"}

OCP_NS = "nvidia-gpu-operator"


def _relocate_stack(w, ns: str) -> None:
    """Move the GPU Operator stack the World builds in `gpu-operator` to the namespace `ns` (OpenShift's)."""
    pods = w.pods.pop(OPERATOR_NS, [])
    for p in pods:
        p["metadata"]["namespace"] = ns
    w.pods.setdefault(ns, []).extend(pods)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS]:
        w.logs[(ns, *key[1:])] = w.logs.pop(key)


def _not_ready(p: dict, waiting: dict | None = None) -> dict:
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    if waiting is not None:
        for s in p["status"]["containerStatuses"]:
            s.update({"state": {"waiting": waiting}, "ready": False, "started": False})
    return p


def _stuck_in_init(p: dict) -> None:
    """An operand pod whose first init container (the validation of an earlier stage) keeps running: Init:0/N."""
    st = p["status"]
    st["phase"] = "Pending"
    for c in st["conditions"]:
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "False"
    for i, s in enumerate(st.get("initContainerStatuses", [])):
        if i == 0:
            s.update({"state": {"running": {"startedAt": T0}}, "ready": False, "started": True})
        else:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for s in st.get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})


# ---- healthy look-alike: the dcgm-exporter pod bound to another SCC on OpenShift (GPU Operator PR) ----------

_DCGM = "nvidia-dcgm-exporter"


@case("fd1501", pod_subj("nvidia-dcgm-exporter-7kx4q", OCP_NS),
      "OpenShift 4.18 (assumed; Kubernetes v1.31, CRI-O, RHCOS 9.4 version strings assumed) with the NVIDIA GPU "
      "Operator v25.10.1 in nvidia-gpu-operator (driver, toolkit, device plugin, GFD and validator pods Running on "
      "the GPU node, the builder's usual operand names) and the LVM Storage operator installed (its vg-manager "
      "pod in openshift-storage, names assumed). One GPU worker with 1 NVIDIA A10 (instance and names assumed). "
      "The nvidia-dcgm-exporter DaemonSet (1/1 ready) has its pod Running and Ready on the GPU node, annotated "
      "`openshift.io/scc: lvms-vgmanager` (the PR's example) instead of the operator's `nvidia-dcgm-exporter` SCC; "
      "its log is a normal start-up (illustrative lines). A user's GPU inference pod runs on the node.")
def _(w, t):
    w.git_version = "v1.31.6"
    node = "gpu-worker-a10-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028,
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/cuda.driver.major": "580",
                           "nvidia.com/cuda.runtime.major": "13",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.18"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 418.94.202511041234-0", kernelVersion="5.14.0-427.96.1.el9_4.x86_64",
              containerRuntimeVersion="cri-o://1.31.12-2.rhaos4.18.git1a2b3c4.el9", kubeletVersion="v1.31.6",
              kubeProxyVersion="v1.31.6")
    _relocate_stack(w, OCP_NS)
    name = "nvidia-dcgm-exporter-7kx4q"
    image = "nvcr.io/nvidia/k8s/dcgm-exporter:4.4.2-4.7.0-ubi9"
    p = w.pod(OCP_NS, name, node=node, gpu=0, containers=(_DCGM,), image=image, owner=("DaemonSet", _DCGM),
              labels={"app": _DCGM, "app.kubernetes.io/part-of": "gpu-operator"}, runtime_class="nvidia",
              cpu="100m", memory="128Mi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    set_image(p, _DCGM, image)
    p["metadata"]["annotations"] = {"openshift.io/scc": "lvms-vgmanager"}
    p["spec"]["serviceAccountName"] = _DCGM
    p["spec"]["nodeSelector"] = {"nvidia.com/gpu.deploy.dcgm-exporter": "true"}
    w.log(OCP_NS, name, _DCGM,
          'time="2026-11-29T14:02:10Z" level=info msg="Starting dcgm-exporter"\n'
          'time="2026-11-29T14:02:11Z" level=info msg="DCGM successfully initialized!"\n'
          'time="2026-11-29T14:02:11Z" level=info msg="Collecting DCP Metrics"\n'
          'time="2026-11-29T14:02:12Z" level=info msg="Pipeline starting"\n'
          'time="2026-11-29T14:02:12Z" level=info msg="Starting webserver"\n')
    ds = w.workload("DaemonSet", OCP_NS, _DCGM, template_pod=p, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["metadata"]["annotations"] = {}
    vg = w.pod("openshift-storage", "vg-manager-9m2xt", node=node, gpu=0, containers=("vg-manager",),
               image="registry.redhat.io/lvms4/lvms-rhel9-operator:v4.18.2", owner=("DaemonSet", "vg-manager"),
               labels={"app.kubernetes.io/name": "vg-manager"}, cpu="50m", memory="128Mi")
    vg["metadata"]["annotations"] = {"openshift.io/scc": "lvms-vgmanager"}
    vds = w.workload("DaemonSet", "openshift-storage", "vg-manager", template_pod=vg, status=ds_status(1, 1, 1))
    vds["spec"].pop("replicas", None)
    rs = "llm-chat-5c7d9f8b6"
    app = w.pod("llm", f"{rs}-q8w2z", node=node, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.11.0",
                owner=("ReplicaSet", rs), labels={"app": "llm-chat"}, cpu="4", memory="16Gi",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    app["metadata"]["annotations"] = {"openshift.io/scc": "restricted-v2"}
    w.log("llm", f"{rs}-q8w2z", "vllm", "INFO 11-29 14:10:02 [api_server.py:1880] Starting vLLM API server 0 on http://0.0.0.0:8000\n")
    w.workload("Deployment", "llm", "llm-chat", template_pod=app,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", OCP_NS, name)


# ---- driver: the GPU Operator's driver container has no AL2023 image (ComfyUI on EKS sample) ---------------

@case("fd1502", node_subj("ip-10-0-52-184.us-west-2.compute.internal"),
      "EKS 1.33 (assumed; the thread names no version) with Karpenter v1 launching an Amazon Linux 2023 GPU node "
      "(g5.xlarge; kernel, containerd and kubelet strings assumed) and the NVIDIA GPU Operator v25.3.2 (assumed) "
      "in gpu-operator with driver and toolkit enabled. On the node the driver pod is Pending: k8s-driver-manager "
      "completed, nvidia-driver-ctr waits in ImagePullBackOff for nvcr.io/nvidia/driver:570.172.08-amzn2023 and the "
      "kubelet's `Failed` event (x6) says the reference was not found (standard containerd wording, illustrative; "
      "the tag is assumed); toolkit and validator wait in driver-validation, device plugin and GFD in "
      "toolkit-validation; no GFD labels, no nvidia.com/gpu. The ComfyUI Deployment's pod (nvidia.com/gpu 1) is "
      "Pending with the default scheduler's Insufficient nvidia.com/gpu (standard wording, illustrative).")
def _(w, t):
    node = "ip-10-0-52-184.us-west-2.compute.internal"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10G", memory_mib=23028, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({
        "node.kubernetes.io/instance-type": "g5.xlarge", "karpenter.sh/nodepool": "gpu",
        "karpenter.k8s.aws/instance-family": "g5", "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
        "karpenter.sh/capacity-type": "on-demand", "topology.kubernetes.io/zone": "us-west-2a",
        "feature.node.kubernetes.io/system-os_release.ID": "amzn",
        "feature.node.kubernetes.io/system-os_release.VERSION_ID": "2023"})
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    node_info(n, osImage="Amazon Linux 2023.8.20250818", kernelVersion="6.12.40-63.114.amzn2023.x86_64",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.3-eks-3abbec1",
              kubeProxyVersion="v1.33.3-eks-3abbec1")
    cpu = "ip-10-0-31-77.us-west-2.compute.internal"
    w.node(cpu, cpu="4", memory="15896868Ki", labels={"node.kubernetes.io/instance-type": "m6i.xlarge",
                                                       "karpenter.sh/nodepool": "default"})
    drv = w.get_pod(OPERATOR_NS, w.stack(node, "driver"))
    image = "nvcr.io/nvidia/driver:570.172.08-amzn2023"
    set_image(drv, "nvidia-driver-ctr", image)
    _not_ready(drv, {"reason": "ImagePullBackOff", "message": f'Back-off pulling image "{image}"'})
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == drv["metadata"]["name"]]:
        w.logs.pop(key)
    msg = (f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
           f'"{image}": failed to resolve reference "{image}": {image}: not found')
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "Failed", msg, count=6, host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "BackOff", f'Back-off pulling image "{image}"', type="Normal",
            count=40, host=node, field_path="spec.containers{nvidia-driver-ctr}")
    for role in ("toolkit", "validator", "device-plugin", "gfd"):
        sp = w.get_pod(OPERATOR_NS, w.stack(node, role))
        _stuck_in_init(sp)
        for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == sp["metadata"]["name"]]:
            w.logs.pop(key)
    ctrl = deploy_pod(w, OPERATOR_NS, "gpu-operator-7d9c8b6f5", "gpu-operator-7d9c8b6f5-x2lkq", cpu,
                      containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v25.3.2",
                      labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
                      cpu="200m", memory="256Mi")
    w.workload("Deployment", OPERATOR_NS, "gpu-operator", template_pod=ctrl,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    rs = "comfyui-6b8d5c9f7"
    name = f"{rs}-h4k7m"
    sched = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
             "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
             "pod, 1 Preemption is not helpful for scheduling.")
    p = w.pod("comfyui", name, gpu=1, containers=("comfyui",), image="123456789012.dkr.ecr.us-west-2.amazonaws.com/comfyui:latest",
              owner=("ReplicaSet", rs), labels={"app": "comfyui"}, cpu="3", memory="12Gi", scheduled_message=sched,
              node_selector={"karpenter.sh/nodepool": "gpu"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.event("comfyui", "Pod", name, "FailedScheduling", sched, component="default-scheduler", count=18)
    w.workload("Deployment", "comfyui", "comfyui", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
