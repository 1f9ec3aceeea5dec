"""Builds first-contact batch B21 (fixtures/first-contact/batch-b21/cases.jsonl) as scenario bundles.

Real GPU-sharing failures on Kubernetes (HAMi vGPU, MIG on GB200 with the GPU Operator's MIG manager) sampled with
the search protocol of batch B15 (24 fixed queries over the issues, pages, docs and code corpora, round 21). Both
texts are the threads' own prose (a reporter's sentence, an issue title) and are NOT placed in the bundles
(TEXT_NOT_IN_BUNDLE); the bundles show the state the threads describe. The expected answer was reasoned from the
thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the threads do not state (node and pod names, GPU UUIDs, images, the Kubernetes, operator and
MIG-manager versions) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b21      # (re)writes fixtures/first-contact/batch-b21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import node_info, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.first_contact_h16 import _hami_node, _hami_stack, _vgpu
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b21", "B21", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the threads' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb2101", "fb2102"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- application: two whole-card HAMi vGPU pods on one V100, the second OOMs (HAMi-core#170) -------------

_OOM_LOG = """\
[HAMI-core Msg(1:140230871332672:libvgpu.c:836)]: Initializing.....
Loading model weights to cuda:0 ...
Traceback (most recent call last):
  File "/app/serve.py", line 41, in <module>
    model = load_model(args.model).to("cuda")
RuntimeError: CUDA error: out of memory
"""


@case("fb2101", pod_subj("infer-b-5d8c7f9b6-q2w7x", "default"),
      "Vanilla Kubernetes v1.22.17 (assumed: the maintainer's answer says only that the cluster is older than "
      "v1.23; no distribution named). HAMi v2.6.1 (the thread's version) installed by Helm in kube-system: "
      "hami-scheduler 1/1 Running (kube-scheduler image v1.22.17, assumed) and the hami-device-plugin pod Running "
      "on the one GPU node gpu-v100-node-01 with two Tesla V100 16 GB (the thread's host; deviceMemoryScaling 1, "
      "deviceCoreScaling 1, deviceSplitCount 10; names, UUIDs, host driver and images assumed). Two Deployments "
      "infer-a and infer-b (names and images assumed) each request nvidia.com/gpu 1, nvidia.com/gpucores 100 and "
      "nvidia.com/gpumem 16000 with schedulerName hami-scheduler; both pods are bound to the node and their HAMi "
      "allocation annotations name the same card (GPU 0), as the reporter describes. infer-a's pod is Running; "
      "infer-b's pod has its container in CrashLoopBackOff (exit code 1, restart count 5) with the kubelet's "
      "BackOff event; its previous log ends with an illustrative CUDA out-of-memory line (the thread quotes no "
      "log line; wording assumed).")
def _(w, t):
    w.git_version = "v1.22.17"
    node = "gpu-v100-node-01"
    n = _hami_node(w, node, "NVIDIA-Tesla-V100-SXM2-16GB", 16384, gpus=2)
    node_info(n, kubeletVersion="v1.22.17", kubeProxyVersion="v1.22.17", containerRuntimeVersion="containerd://1.6.8",
              osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.4.0-150-generic")
    sched, _dp = _hami_stack(w, node, "v2.6.1")
    set_image(sched, "kube-scheduler", "registry.k8s.io/kube-scheduler:v1.22.17")
    card = n["metadata"]["annotations"]["hami.io/node-nvidia-register"].split(",")[0]
    pods = {}
    for app, rs, sfx in (("infer-a", "infer-a-7b9d6c8f5", "m4k8z"), ("infer-b", "infer-b-5d8c7f9b6", "q2w7x")):
        p = w.pod("default", f"{rs}-{sfx}", node=node, gpu=0, containers=("server",),
                  image="registry.example.com/ml/bert-serving:1.4.2", owner=("ReplicaSet", rs),
                  labels={"app": app}, scheduler="hami-scheduler", cpu="4", memory="16Gi")
        _vgpu(p["spec"]["containers"][0], 16000, cores=100)
        p["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success",
                                        "hami.io/vgpu-devices-allocated": f"{card},NVIDIA,16000,100:;"}
        w.workload("Deployment", "default", app, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1 if app == "infer-a" else 0,
                           "availableReplicas": 1 if app == "infer-a" else 0, "updatedReplicas": 1,
                           **({} if app == "infer-a" else {"unavailableReplicas": 1})})
        pods[app] = p
    b = pods["infer-b"]
    name = b["metadata"]["name"]
    crashloop(b, "server", restarts=5, code=1)
    w.log("default", name, "server", _OOM_LOG, previous=True)
    backoff(w, "default", name, "server", node, count=12)
    w.target("Pod", "default", name)


# ---- plugin: GB200 MIG configuration the production boards cannot realise (mig-parted#227) ---------------

_DRIVER_LOG_ARM64 = """\
DRIVER_ARCH is aarch64
Creating directory NVIDIA-Linux-aarch64-570.172.08
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
Starting NVIDIA persistence daemon...
Done, now waiting for signal
"""


def _operator_v25(w, node: str) -> None:
    """The default operator stack's pods, re-tagged to GPU Operator v25.3.2 with an arm64 570 driver log."""
    for p in w.pods[OPERATOR_NS]:
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace(":v24.9.0", ":v25.3.2")
        for st in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            if "image" in st:
                st["image"] = st["image"].replace(":v24.9.0", ":v25.3.2")
    w.log(OPERATOR_NS, w.stack(node, "driver"), "nvidia-driver-ctr", _DRIVER_LOG_ARM64)


@case("fb2102", node_subj("gb200-tray-17"),
      "Vanilla Kubernetes v1.32 (assumed; the thread names no cluster) with the GPU Operator v25.3.2 (assumed) "
      "in gpu-operator: one GB200 compute tray gb200-tray-17 (arm64, Ubuntu 22.04, 4 NVIDIA GB200 GPUs, "
      "operator-managed driver 570.172.08; names and versions assumed) running the operator's driver, toolkit, "
      "device-plugin, GFD, validator and MIG-manager pods (k8s-mig-manager v0.12.1, a release before the fix; "
      "assumed), all Running. The node carries nvidia.com/mig.capable=true, mig.strategy single, "
      "nvidia.com/mig.config=all-1g.24gb.me (the GB200 configuration the PR's diff renames; assumed as the "
      "selected one) and nvidia.com/mig.config.state=failed, and still advertises nvidia.com/gpu 4 (no MIG "
      "device created). The MIG manager's log is not quoted by the thread and is not placed. The text is prose "
      "and not placed.")
def _(w, t):
    node = "gb200-tray-17"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-GB200", memory_mib=189471,
                   labels={"kubernetes.io/arch": "arm64", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.strategy": "single", "nvidia.com/mig.config": "all-1g.24gb.me",
                           "nvidia.com/mig.config.state": "failed", "nvidia.com/gpu.deploy.mig-manager": "true",
                           "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "172",
                           "nvidia.com/cuda.driver.rev": "08", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "8"})
    node_info(n, architecture="arm64", osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1021-nvidia-64k",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.2", kubeProxyVersion="v1.32.2")
    _operator_v25(w, node)
    mm = "nvidia-mig-manager"
    image = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.1-ubuntu20.04"
    daemonset(w, OPERATOR_NS, mm, desired=1, containers=[(mm, image)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOL,
              labels={"app": mm, "app.kubernetes.io/part-of": "gpu-operator"}, runtime_class="nvidia")
    ds_pod(w, OPERATOR_NS, mm, f"{mm}-9qv2r", node, containers=(mm,), image=image, tolerations=GPU_TOL,
           runtime_class="nvidia", cpu="100m", memory="256Mi",
           labels={"app": mm, "app.kubernetes.io/part-of": "gpu-operator"})
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
