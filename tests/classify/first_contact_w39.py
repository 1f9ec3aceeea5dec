"""Builds first-contact batch W39 (fixtures/first-contact/batch-w39/cases.jsonl) as scenario bundles.

Round 39, changelog frame (the fixed-bug entries of the release notes of CDI, containerd, CRI-O and runc, GPU-filtered
where the brief says): one case. fw3901: CRI-O before v1.34.0 / v1.33.2 / v1.32.6 applied CDI spec edits before the
image's and the Pod Spec's environment, so an image default (NVIDIA_VISIBLE_DEVICES=all) overrode the CDI spec's
NVIDIA_VISIBLE_DEVICES=void and the NVIDIA runtime hook injected every GPU of the node (cri-o/cri-o#9292). Prose case:
the text is the release-notes bullet, not in the bundle; the bundle carries the state. Names, versions, the GPU count
and the nvidia-smi output are assumed or composed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_w39      # (re)writes fixtures/first-contact/batch-w39/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS, T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-w39", "W39", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the release-notes bullet never reaches the cluster; the bundle carries the state only
TEXT_NOT_IN_BUNDLE: set[str] = {"fw3901"}

_NODE = "gpu-node-01"
_NS = "ml-research"
_POD = "resnet50-train-0-k7x2q"
_DRIVER = "570.124.06"
_INFO = {"containerRuntimeVersion": "cri-o://1.33.1", "kubeletVersion": "v1.33.1", "kubeProxyVersion": "v1.33.1",
         "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic"}
_BUS = ("07", "0F", "47", "4E", "87", "90", "B7", "BD")


def _smi(used: dict[int, int]) -> str:
    """nvidia-smi as the training container would print it with all 8 GPUs of the node injected (composed)."""
    bar = "+-----------------------------------------+------------------------+----------------------+"
    out = ["+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {_DRIVER}             Driver Version: {_DRIVER}     CUDA Version: 12.8     |",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, bus in enumerate(_BUS):
        mib = used.get(i, 1)
        util = "97%" if mib > 1 else "0%"
        watts = "312W" if mib > 1 else " 61W"
        out += [f"|   {i}  NVIDIA A100-SXM4-80GB          On  |   00000000:{bus}:00.0 Off |                    0 |",
                f"| N/A   {38 if mib > 1 else 31}C    P0            {watts} /  400W |  {mib:>6}MiB /  81920MiB |"
                f"    {util:>4}      Default |",
                "|                                         |                        |             Disabled |",
                bar]
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|",
            "|  No running processes found                                                             |",
            "+-----------------------------------------------------------------------------------------+"]
    return "\n".join(out) + "\n"


def _stack_images(w, node: str) -> None:
    """The GPU Operator v25.3.0 operand images, and the device plugin's CDI device-list strategy (assumed)."""
    validator = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.0"
    images = {"driver": f"nvcr.io/nvidia/driver:{_DRIVER}-ubuntu22.04",
              "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.5-ubuntu20.04",
              "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
              "gfd": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1", "validator": validator}
    for role, image in images.items():
        p = w.get_pod(OPERATOR_NS, w.stack(node, role))
        for c in p["spec"]["containers"]:
            c["image"] = image
        for c in p["spec"].get("initContainers", []):
            c["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.0" if role == "driver" else validator
        for st in p["status"].get("containerStatuses", []):
            st["image"] = image
        if role == "device-plugin":
            p["spec"]["containers"][0]["env"] = [
                {"name": "DEVICE_LIST_STRATEGY", "value": "cdi-cri"},
                {"name": "CDI_ANNOTATION_PREFIX", "value": "cdi.k8s.io/"},
                {"name": "NVIDIA_CDI_HOOK_PATH", "value": "/usr/local/nvidia/toolkit/nvidia-cdi-hook"}]
        if role == "toolkit":
            p["spec"]["containers"][0]["env"] = [
                {"name": "RUNTIME", "value": "crio"}, {"name": "CDI_ENABLED", "value": "true"},
                {"name": "CRIO_CONFIG_MODE", "value": "config"}]


@case("fw3901", pod_subj(_POD, _NS),
      "A kubeadm Kubernetes v1.33.1 cluster on Ubuntu 22.04 with CRI-O 1.33.1 (the release before the 1.33 backport "
      "#9295; all assumed). One GPU node with 8 x A100-SXM4-80GB (model and count assumed) and the NVIDIA GPU Operator "
      "v25.3.0 healthy (driver 570.124.06, toolkit v1.17.5 configuring CRI-O, device plugin v0.17.1 with "
      "DEVICE_LIST_STRATEGY=cdi-cri, ClusterPolicy cdi.enabled: all assumed). Four pods of the ml-research namespace "
      "each request one nvidia.com/gpu and run on the node; the target pod's container (nvcr.io/nvidia/pytorch image, "
      "whose default environment sets NVIDIA_VISIBLE_DEVICES=all; the pod spec sets none) sees all 8 GPUs: nvidia-smi "
      "in it (composed) lists GPUs 0-7, four of them busy with the other pods' work. No error, event or log line "
      "names the cause; the case's text is the release-notes bullet, not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.1"
    n = w.gpu_node(_NODE, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="128",
                   memory="2113382364Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
                   labels={"nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/gpu.family": "ampere", "nvidia.com/mig.capable": "true"})
    node_info(n, **_INFO)
    w.log(OPERATOR_NS, w.stack(_NODE, "driver"), "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", _DRIVER))
    _stack_images(w, _NODE)
    for i in range(2):
        cp = w.node(f"control-plane-0{i + 1}", cpu="16", memory="65856316Ki",
                    labels={"node-role.kubernetes.io/control-plane": ""},
                    taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
        node_info(cp, **_INFO)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 2},
        "spec": {"operator": {"defaultRuntime": "crio"}, "cdi": {"enabled": True, "default": False},
                 "driver": {"enabled": True, "version": _DRIVER}, "toolkit": {"enabled": True, "version": "v1.17.5-ubuntu20.04"},
                 "devicePlugin": {"enabled": True, "version": "v0.17.1"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Reconciled",
                                   "lastTransitionTime": T0, "message": ""}]}}]
    others = (("bert-finetune-0-5v8pd", "bert-finetune"), ("llama-eval-0-w2n4c", "llama-eval"),
              ("detr-train-0-q9h7m", "detr-train"))
    for name, job in others:
        w.pod(_NS, name, node=_NODE, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.04-py3",
              owner=("Job", job), tolerations=GPU_TOLERATION, cpu="16", memory="128Gi",
              labels={"batch.kubernetes.io/job-name": job, "job-name": job},
              extra_spec={"restartPolicy": "Never"})
    w.pod(_NS, _POD, node=_NODE, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.04-py3",
          owner=("Job", "resnet50-train"), tolerations=GPU_TOLERATION, cpu="16", memory="128Gi",
          labels={"batch.kubernetes.io/job-name": "resnet50-train", "job-name": "resnet50-train"},
          extra_spec={"restartPolicy": "Never"})
    w.exec(_NS, _POD, "trainer", ["nvidia-smi"], _smi({0: 9214, 1: 30652, 2: 18220, 3: 61234}))
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
