"""Builds first-contact batch D35 (fixtures/first-contact/batch-d35/cases.jsonl) as scenario bundles.

Round 35's frame: the bug-fix commits (since 2024-01-01, GPU-filtered) of dstackai/dstack, gpustack/gpustack and
otwld/ollama-helm (skypilot-org/skypilot and ai-dynamo/dynamo could not be fetched: too large). Five cases:

- fd3501: a dstack dev-environment pod with `gpu: 0` on an untainted H100 node sees all 8 GPUs, the image's
  NVIDIA_VISIBLE_DEVICES=all doing the injection (dstack PR #4011, issue #4010); text verbatim (nvidia-smi -L).
- fd3502: the GPUStack worker DaemonSet pod on a MIG node cannot see the MIG instances (no NVIDIA_MIG_* env;
  gpustack 6e846b10); prose.
- fd3503: a GPUStack GPU instance pod stuck in ContainerCreating on a never-created SSH key secret
  (gpustack ec33392a); prose.
- fd3504: GPUStack worker pods crash-loop on Kubernetes service-link env (GPUSTACK_WORKER_PORT=tcp://...)
  (gpustack 19e66b30); prose.
- fd3505: the GPUStack Operator image unprefixed and unpullable in an air-gapped cluster (gpustack 846e4a0a); prose.

The expected answers were reasoned from the fixes (`expected` in each case); never taken from the tool's output.
Names, versions, node sizes and every line the sources do not quote are assumed or composed; the world notes say
which.

    .venv/bin/python -m tests.classify.first_contact_d35      # (re)writes fixtures/first-contact/batch-d35/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-d35", "D35", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the commit's own words, not a line of the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3502", "fd3503", "fd3504", "fd3505"}

_GS_NS = "gpustack-system"                      # assumed
_GS_IMG = "gpustack/gpustack:v2.2.2"            # the release before the fixes (assumed tag form)
_GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _never_started(p: dict) -> None:
    """A container still waiting for its first start: no container id, not started."""
    for st in p["status"].get("containerStatuses", []):
        st.pop("containerID", None)
        st["started"] = False
        st["imageID"] = ""


# ---- fd3501: dstack CPU-only pod sees all GPUs -------------------------------------------------------------------

@case("fd3501", pod_subj("dev-environment-0-0", "dstack"),
      "Vanilla Kubernetes v1.33.4 (assumed) used as dstack's Kubernetes backend (dstack 0.20.26, the release before "
      "the fix). Two untainted GPU nodes (stated: not tainted; count, names and sizes assumed) with 8 x H100 80GB "
      "HBM3 each (stated) and a healthy GPU Operator stack (assumed). A training pod of another user holds 4 GPUs "
      "on the first node (assumed). dstack's dev-environment pod (name and namespace assumed) requests no "
      "nvidia.com/gpu and carries no NVIDIA_VISIBLE_DEVICES in its spec; its image dstackai/base (stated) bakes "
      "NVIDIA_VISIBLE_DEVICES=all in (stated), not visible in the bundle. The exec of `nvidia-smi -L` in its "
      "container returns the issue's seven lines verbatim (the eighth, cut in the stored copy, is left out).")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(2):
        n = f"gpu-h100-{i + 1}"
        w.gpu_node(n, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="128", memory="1650000000Ki")
    w.pod("team-a", "train-llm-0", node="gpu-h100-1", gpu=4, image="nvcr.io/nvidia/pytorch:25.04-py3",
          owner=("Job", "train-llm"), containers=("trainer",), cpu="32", memory="256Gi")
    p = w.pod("dstack", "dev-environment-0-0", node="gpu-h100-1", gpu=0, image="dstackai/base:0.15",
              containers=("dstack-runner",), cpu="2", memory="8Gi",
              labels={"app.kubernetes.io/name": "dstack", "dstack.ai/run-name": "dev-environment"})
    w.log("dstack", p["metadata"]["name"], "dstack-runner",
          "time=2026-07-06T10:12:03Z level=info msg=\"Starting runner\" port=10999\n"
          "time=2026-07-06T10:12:05Z level=info msg=\"Job is running\" job=dev-environment-0-0\n")
    w.exec("dstack", p["metadata"]["name"], "dstack-runner", ["nvidia-smi", "-L"], t + "\n")
    w.target("Pod", "dstack", p["metadata"]["name"])


# ---- fd3502: GPUStack worker cannot see MIG instances -------------------------------------------------------------

_W_NODE = "gpu-a100-1"


@case("fd3502", pod_subj("gpustack-worker-nvidia-7k2qd", _GS_NS),
      "Vanilla Kubernetes v1.33.4 (assumed) imported into GPUStack v2.2.2 (the release before the fix). One GPU "
      "node (name assumed) with 1 x A100 80GB partitioned by the GPUStack Operator's device-manager into 7 MIG "
      "1g.10gb instances (mixed strategy; layout assumed), advertising nvidia.com/mig-1g.10gb 7; the GPU Operator "
      "stack (assumed) is healthy. The worker DaemonSet gpustack-worker-nvidia (name from the template's "
      "<basename>-nvidia form) runs privileged with runtimeClassName nvidia (stated) and no NVIDIA_MIG_CONFIG_DEVICES "
      "/ NVIDIA_MIG_MONITOR_DEVICES. Its log is composed: start-up lines and one line reporting the NO_PERMISSION "
      "failure the commit describes (composed from the commit's words, not quoted).")
def _(w, t):
    w.git_version = "v1.33.4"
    node = w.gpu_node(_W_NODE, gpus=0, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="64")
    node["status"]["capacity"].pop("nvidia.com/gpu", None)
    node["status"]["allocatable"].pop("nvidia.com/gpu", None)
    node["status"]["capacity"]["nvidia.com/mig-1g.10gb"] = "7"
    node["status"]["allocatable"]["nvidia.com/mig-1g.10gb"] = "7"
    node["metadata"]["labels"].update({"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "all-1g.10gb",
                                       "nvidia.com/mig.config.state": "success", "nvidia.com/mig.capable": "true",
                                       "nvidia.com/gpu.count": "1"})
    ds = "gpustack-worker-nvidia"
    daemonset(w, _GS_NS, ds, desired=1, containers=[("gpustack-worker", _GS_IMG)],
              labels={"app.kubernetes.io/name": "gpustack-worker", "gpustack.io/runtime": "nvidia"})
    p = ds_pod(w, _GS_NS, ds, "gpustack-worker-nvidia-7k2qd", _W_NODE, containers=("gpustack-worker",),
               image=_GS_IMG, cpu="500m", memory="1Gi")
    c = p["spec"]["containers"][0]
    c["securityContext"] = {"privileged": True}
    c["env"] = [{"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack-server.gpustack-system:80"},
                {"name": "GPUSTACK_WORKER_PORT", "value": "10150"},
                {"name": "GPUSTACK_WORKER_METRICS_PORT", "value": "10151"}]
    p["spec"]["runtimeClassName"] = "nvidia"
    w.log(_GS_NS, p["metadata"]["name"], "gpustack-worker",
          "2026-08-18T08:02:11+00:00 - gpustack.worker.worker - INFO - Starting GPUStack worker.\n"
          "2026-08-18T08:02:12+00:00 - gpustack.detectors - INFO - Detected 1 NVIDIA device(s).\n"
          "2026-08-18T08:02:12+00:00 - gpustack.detectors - WARNING - Failed to read MIG devices of GPU 0: "
          "NO_PERMISSION\n"
          "2026-08-18T08:02:13+00:00 - gpustack.worker.worker - INFO - Worker registered.\n")
    w.target("Pod", _GS_NS, p["metadata"]["name"])


# ---- fd3503: GPU instance pod waits on a missing SSH key secret ---------------------------------------------------

@case("fd3503", pod_subj("gi-1-0", "gpustack-u-alice"),
      "Vanilla Kubernetes v1.33.4 (assumed) with GPUStack v2.2.2 and its Operator (the release before the fix). One "
      "L40S GPU node (assumed) with a healthy GPU Operator stack (assumed). A GPU instance gi-1 (the fix's test "
      "names its secret gi-1; namespace, pod name and image assumed) requests one nvidia.com/gpu, is scheduled, and "
      "stays ContainerCreating; its pod mounts the Secret gi-1 (volume name ssh-public-key assumed), which does not "
      "exist. The kubelet's FailedMount event is composed in the kubelet's format, not quoted.")
def _(w, t):
    w.git_version = "v1.33.4"
    n = "gpu-l40s-1"
    w.gpu_node(n, gpus=4, product="NVIDIA-L40S", memory_mib=46068, cpu="64")
    ns, name = "gpustack-u-alice", "gi-1-0"
    w.pod(ns, name, node=n, gpu=1, phase="Pending", image="quay.io/jupyter/pytorch-notebook:cuda12-2026-08-10",
          containers=("instance",), cpu="8", memory="32Gi", owner=("StatefulSet", "gi-1"),
          labels={"app.kubernetes.io/managed-by": "gpustack-operator", "worker.gpustack.ai/instance": "gi-1"},
          volumes=[{"name": "ssh-public-key", "secret": {"secretName": "gi-1", "defaultMode": 384}}],
          mounts=[{"name": "ssh-public-key", "mountPath": "/etc/gpustack/ssh", "readOnly": True}],
          statuses=waiting("instance", "ContainerCreating"), ready=False)
    _never_started(w.get_pod("gpustack-u-alice", "gi-1-0"))
    w.event(ns, "Pod", name, "FailedMount",
            'MountVolume.SetUp failed for volume "ssh-public-key" : secret "gi-1" not found',
            component="kubelet", count=42)
    w.target("Pod", ns, name)


# ---- fd3504: worker crash-loops on service-link env ---------------------------------------------------------------

@case("fd3504", pod_subj("gpustack-worker-nvidia-q8m4x", _GS_NS),
      "Vanilla Kubernetes v1.33.4 (assumed) with GPUStack v2.2.2rc1 (the release before the fix) in gpustack-system "
      "(assumed). Two GPU nodes (1 x A10 each; assumed) with a healthy GPU Operator stack (assumed). A ClusterIP "
      "Service gpustack-worker (stated name) in the namespace (Services are not among the objects a bundle holds, "
      "so it is not in the bundle); the worker DaemonSet's pods (spec without "
      "enableServiceLinks, i.e. the default true) crash-loop on both nodes. The injected GPUSTACK_WORKER_* link env "
      "is added by the kubelet and is not in the bundle. The previous-run log is composed (a start-up line and a "
      "generic prerun failure); the commit quotes no error line.")
def _(w, t):
    w.git_version = "v1.33.4"
    ds = "gpustack-worker-nvidia"
    nodes = ["gpu-a10-1", "gpu-a10-2"]
    for n in nodes:
        w.gpu_node(n, gpus=1, product="NVIDIA-A10", memory_mib=23028, cpu="32", memory="263855396Ki")
    daemonset(w, _GS_NS, ds, desired=2, ready=0, containers=[("gpustack-worker", _GS_IMG)],
              labels={"app.kubernetes.io/name": "gpustack-worker", "gpustack.io/runtime": "nvidia"})
    target = None
    for n, sfx in zip(nodes, ("q8m4x", "z3t7n")):
        pname = f"{ds}-{sfx}"
        p = ds_pod(w, _GS_NS, ds, pname, n, containers=("gpustack-worker",), image=_GS_IMG,
                   cpu="500m", memory="1Gi")
        p["status"]["phase"] = "Running"
        p["status"]["containerStatuses"][0].update(crashing("gpustack-worker", code=1, restarts=9)["gpustack-worker"])
        p["spec"]["runtimeClassName"] = "nvidia"
        p["spec"]["containers"][0]["env"] = [
            {"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack-server.gpustack-system:80"},
            {"name": "GPUSTACK_WORKER_METRICS_PORT", "value": "10151"}]
        w.log(_GS_NS, pname, "gpustack-worker",
              "2026-07-17T03:21:40+00:00 - gpustack.cmd.prerun - INFO - Running prerun.\n"
              "2026-07-17T03:21:40+00:00 - gpustack.cmd.prerun - ERROR - Prerun failed.\n", previous=True)
        target = target or pname
    w.target("Pod", _GS_NS, target)


# ---- fd3505: operator image unpullable in an air-gapped cluster ---------------------------------------------------

@case("fd3505", pod_subj("gpustack-operator-6b9f7d8c5d-p4r2k", _GS_NS),
      "Vanilla Kubernetes v1.33.4 (assumed), air-gapped (stated: air-gapped/private-registry installs), created in "
      "GPUStack v2.2.0 (the release before the fix) without a cluster-level registry. One GPU node (1 x L4; assumed) "
      "with a healthy GPU Operator stack mirrored from the private registry (assumed). The operator Deployment's "
      "image is the unprefixed gpustack/gpustack-operator:v0.5.4 (the commit's example); its pod is in "
      "ImagePullBackOff, the pull errors (a registry dial timeout; private registry name assumed) composed.")
def _(w, t):
    w.git_version = "v1.33.4"
    n = "gpu-l4-1"
    w.gpu_node(n, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65856316Ki")
    cp = w.node("k8s-cp-1", cpu="8", memory="32823944Ki", labels={"node-role.kubernetes.io/control-plane": ""})
    del cp
    img = "gpustack/gpustack-operator:v0.5.4"
    rs = "gpustack-operator-6b9f7d8c5d"
    pname = f"{rs}-p4r2k"
    pull = ('failed to pull and unpack image "docker.io/gpustack/gpustack-operator:v0.5.4": failed to resolve '
            'reference "docker.io/gpustack/gpustack-operator:v0.5.4": failed to do request: Head '
            '"https://registry-1.docker.io/v2/gpustack/gpustack-operator/manifests/v0.5.4": dial tcp '
            '54.236.113.205:443: i/o timeout')
    p = deploy_pod(w, _GS_NS, rs, pname, "k8s-cp-1", containers=("manager",), image=img,
                   labels={"app.kubernetes.io/name": "gpustack-operator"}, cpu="100m", memory="256Mi")
    p["status"]["phase"] = "Pending"
    p["status"]["containerStatuses"][0].update(
        waiting("manager", "ImagePullBackOff", f'Back-off pulling image "{img}"')["manager"])
    _never_started(p)
    w.workload("Deployment", _GS_NS, "gpustack-operator", template_pod=p,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1})
    w.event(_GS_NS, "Pod", pname, "Failed", f'Failed to pull image "{img}": {pull}', component="kubelet", count=6)
    w.event(_GS_NS, "Pod", pname, "Failed", "Error: ErrImagePull", component="kubelet", count=6)
    w.event(_GS_NS, "Pod", pname, "BackOff", f'Back-off pulling image "{img}"', component="kubelet", count=31)
    w.target("Pod", _GS_NS, pname)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
