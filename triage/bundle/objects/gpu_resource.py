"""Which extended resource names mean "a GPU" (or a slice of one) to the scheduler.

Reads a resource name as it appears in requests, limits, capacity and allocatable:

    >>> is_gpu_resource("nvidia.com/gpu"), is_gpu_resource("nvidia.com/mig-1g.10gb"), is_gpu_resource("cpu")
    (True, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from triage import lazy_re

# Resource names that mean "a GPU" (or a slice of one) to the scheduler. The NVIDIA device
# plugin's config renames its resources (k8s-device-plugin api/config/v1/resources.go
# `resources.gpus[].name`: any DNS-subdomain name under `nvidia.com/`, `.shared` appended when
# shared), e.g. `nvidia.com/gpu-tesla-v100`, `nvidia.com/a100`; KubeVirt's passthrough plugin
# names devices `nvidia.com/GA100_A100_PCIE_40GB`. A renamed GPU is taken when its name says
# "gpu" or a GPU product; HAMi's per-pod memory/core/priority amounts (`nvidia.com/gpumem`,
# `gpumem-percentage`, `gpucores`, `priority`: HAMi pkg/device/nvidia) count no devices, and
# the network operator's NIC resources under `nvidia.com/` (hostdev, sriov, rdma) are not GPUs. The GPU
# Operator's Kata sandbox device plugin advertises passthrough GPUs as `nvidia.com/pgpu` (its default
# `P_GPU_ALIAS`; cloud-native-docs confidential-containers: "the default resource name advertised by
# the NVIDIA Kata sandbox device plugin"); its NVSwitches (`NVSWITCH_ALIAS`) are no GPUs.
# GPU sharing plugins outside nvidia.com/ advertise slices of a GPU under their own names:
# volcano-vgpu-device-plugin's defaults (device-config.yaml `resourceCountName: volcano.sh/vgpu-number`,
# `resourceMemoryName: volcano.sh/vgpu-memory`, `...-percentage`, `resourceCoreName: volcano.sh/vgpu-cores`),
# Volcano's gpu-share (pkg/scheduler/api: `VolcanoGPUResource = "volcano.sh/gpu-memory"`,
# `VolcanoGPUNumber = "volcano.sh/gpu-number"`), Alibaba's gpushare device plugin
# (`aliyun.com/gpu-mem`, `aliyun.com/gpu-count`), like Tencent's vcuda-core / vcuda-memory.
_PRODUCT = r"(?:tesla|quadro|geforce|rtx|gh?b?[0-9]{3}|[abhlt][0-9]{1,3}[a-z]?|l40s?|a800|h800)"
GPU_RESOURCE_RE = lazy_re.compile(
    r"^(nvidia\.com/(gpu(\.shared)?|mig-[0-9a-z.]+(\.shared)?)|alpha\.kubernetes\.io/nvidia-gpu|amd\.com/gpu|gpu\.intel\.com/(i915|xe)|tencent\.com/vcuda-(core|memory)"
    r"|volcano\.sh/(vgpu-(number|memory|memory-percentage|cores)|gpu-(memory|number))|aliyun\.com/gpu-(mem|count))$"
    r"|^nvidia\.com/(?!gpumem|gpucores|priority)(?=[A-Za-z0-9_.-]{1,63}$)(?:[A-Za-z0-9_.-]*[-_.])?(?i:p?gpu|" + _PRODUCT + r")(?:[-_.][A-Za-z0-9_.-]*)?$")


# Of those, the ones that measure a share of a GPU (memory, cores, a percentage), not devices.
_GPU_AMOUNT_RE = lazy_re.compile(
    r"^(tencent\.com/vcuda-(core|memory)|volcano\.sh/(vgpu-(memory|memory-percentage|cores)|gpu-memory)|aliyun\.com/gpu-mem)$")


def is_gpu_amount(name: str) -> bool:
    """A resource that measures a share of a GPU (its memory, cores), not devices."""
    return bool(_GPU_AMOUNT_RE.match(name))


def gpu_devices(requests: Mapping[str, int]) -> int:
    """How many GPU devices (or slices) a GPU resource map counts: its amounts of a shared GPU's
    memory or cores are not devices.

        >>> gpu_devices({"volcano.sh/vgpu-number": 1, "volcano.sh/vgpu-memory": 3000})
        1
    """
    return sum(n for r, n in requests.items() if not is_gpu_amount(r))


def is_gpu_resource(name: str) -> bool:
    # every name the pattern takes says "gpu" or "vcuda" or is under nvidia.com/: cpu, memory and
    # the like are answered without it
    return ("gpu" in name or "vcuda" in name or name.startswith("nvidia.com/")) and bool(GPU_RESOURCE_RE.match(name))


# Accelerators that are not GPUs, by the resource their device plugin advertises (AWS Neuron's
# aws.amazon.com/neuron, neuroncore, neurondevice; Intel Gaudi's habana.ai/gaudi; GKE's TPU
# google.com/tpu): not in the GPU resource set (no GPU rule judges them), but a pod placed on
# such a node and asking for none of them gets no device all the same.
OTHER_ACCELERATOR_RE = lazy_re.compile(r"^(aws\.amazon\.com/neuron(core|device)?|habana\.ai/gaudi|google\.com/tpu)$")


def is_accelerator_resource(name: str) -> bool:
    """A GPU resource or another accelerator's.

        >>> is_accelerator_resource("aws.amazon.com/neuroncore"), is_accelerator_resource("memory")
        (True, False)
    """
    return is_gpu_resource(name) or bool(OTHER_ACCELERATOR_RE.match(name))


_NAME_CACHE: dict[str, bool] = {}


def _gpu_name(name: object) -> bool:
    hit = _NAME_CACHE.get(name) if isinstance(name, str) else False
    if hit is None:
        hit = ("gpu" in name or "vcuda" in name or name.startswith("nvidia.com/")) and is_gpu_resource(name)  # type: ignore[union-attr]
        if len(_NAME_CACHE) < 4096:
            _NAME_CACHE[name] = hit  # type: ignore[index]
    return bool(hit)


def raw_pod_requests_gpu(raw: object) -> bool:
    """Does a raw pod dict ask for a GPU: a GPU resource with a non-zero count in any container's
    (or init container's) limits or requests, or a DRA ResourceClaim? The answer `Pod.requests_gpu`
    gives, without building the views (a scan asks it of 100,000 pods). Never raises.

        >>> raw_pod_requests_gpu({"spec": {"containers": [{"resources": {"limits": {"nvidia.com/gpu": "1"}}}]}})
        True
        >>> raw_pod_requests_gpu({"spec": {"containers": [{"resources": {"limits": {"nvidia.com/gpu": "0"}}}]}})
        False
    """
    spec = raw.get("spec") if isinstance(raw, dict) else None
    if not isinstance(spec, dict):
        return False
    if spec.get("resourceClaims"):
        return True
    for key in ("containers", "initContainers"):
        containers = spec.get(key)
        if not isinstance(containers, list):
            continue
        for c in containers:
            res = c.get("resources") if isinstance(c, dict) else None
            if not isinstance(res, dict):
                continue
            for part in ("limits", "requests"):
                names = res.get(part)
                if isinstance(names, dict):
                    for k, v in names.items():
                        if _gpu_name(k) and str(v).strip() not in ("0", ""):
                            return True
    return False


def raw_mentions_gpu(raw: object) -> bool:
    """Whether a raw pod or node names any GPU-like extended resource (`nvidia.com/gpumem`,
    `aliyun.com/gpu-mem`, `volcano.sh/vgpu-number`: any name containing "gpu") in its
    containers' requests or limits, or in its capacity / allocatable, or asks for a DRA
    claim: wider than `raw_pod_requests_gpu`, for deciding that something is out of GPU scope.

        >>> raw_mentions_gpu({"spec": {"containers": [{"resources": {"limits": {"aliyun.com/gpu-mem": "1"}}}]}})
        True
        >>> raw_mentions_gpu({"status": {"capacity": {"cpu": "8"}}})
        False
    """
    if not isinstance(raw, dict):
        return False
    spec = raw.get("spec") if isinstance(raw.get("spec"), dict) else {}
    if spec.get("resourceClaims"):
        return True
    maps = []
    for key in ("containers", "initContainers"):
        for c in spec.get(key) or ():
            res = c.get("resources") if isinstance(c, dict) else None
            if isinstance(res, dict):
                maps += [res.get("limits"), res.get("requests")]
    status = raw.get("status") if isinstance(raw.get("status"), dict) else {}
    maps += [status.get("capacity"), status.get("allocatable")]
    return any(isinstance(m, dict) and any(isinstance(k, str) and "gpu" in k.lower() for k in m) for m in maps)


# Node labels that say "this node has NVIDIA GPUs" although no GPU stack labelled it yet:
# the cloud provider's and the node provisioner's own (label -> the values that mean yes;
# None: any value but "", "0", "false").
PROVIDER_GPU_LABELS = {
    "cloud.google.com/gke-accelerator": None, "cloud.google.com/gke-gpu": None,
    "k8s.amazonaws.com/accelerator": None, "karpenter.k8s.aws/instance-gpu-count": None,
    "karpenter.k8s.aws/instance-gpu-manufacturer": ("nvidia",),
    "kubernetes.azure.com/accelerator": ("nvidia",), "karpenter.azure.com/sku-gpu-count": None,
    "karpenter.azure.com/sku-gpu-manufacturer": ("nvidia",),
    "nvidia.com/gpu.present": ("true",), "nvidia.com/gpu.product": None, "nvidia.com/gpu.count": None,
}
# instance types whose family carries NVIDIA GPUs (AWS p/g families, Azure NC/ND/NV, GCP a2/a3/g2)
GPU_INSTANCE_TYPE = lazy_re.compile(r"^(?:p[2-6][a-z]*|g[3-6][a-z]*|gr6)\.\w{1,20}$"
                               r"|^Standard_N[CDV]\w{1,40}$|^(?:a2|a3|a4|g2)-\w{1,40}$")


def labels_say_gpu(labels: object) -> bool:
    """Whether a node's labels say it has NVIDIA GPUs: NFD's PCI label for vendor 10de (plain
    or class-prefixed: `pci-10de.present`, `pci-0302_10de.present`), GFD/operator labels, the
    cloud provider's accelerator labels, or a GPU instance type.

        >>> labels_say_gpu({"feature.node.kubernetes.io/pci-0300_10de.present": "true"})
        True
        >>> labels_say_gpu({"node.kubernetes.io/instance-type": "g5.xlarge"}), labels_say_gpu({"kubernetes.io/os": "linux"})
        (True, False)
        >>> labels_say_gpu({"accelerator": "nvidia-tesla-p100"}), labels_say_gpu({"accelerator": "tpu-v4"})
        (True, False)
    """
    if not isinstance(labels, Mapping):
        return False
    for key, value in labels.items():
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        if key.startswith("feature.node.kubernetes.io/pci-") and "10de" in key and key.endswith(".present"):
            if value == "true":
                return True
            continue
        if key in PROVIDER_GPU_LABELS:
            wanted = PROVIDER_GPU_LABELS[key]
            if (value.lower() in wanted) if wanted else value.strip().lower() not in ("", "0", "false"):
                return True
        if key in ("node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type") and \
                GPU_INSTANCE_TYPE.match(value):
            return True
        if key == "accelerator" and _NVIDIA_VALUE.match(value):
            return True
    return False


# the label Kubernetes' own "Schedule GPUs" page has nodes carry by hand (`kubectl label nodes
# node1 accelerator=example-gpu-x100`), in the NVIDIA spelling GKE also uses (nvidia-tesla-p100)
_NVIDIA_VALUE = lazy_re.compile(r"^(?:nvidia|tesla)[-_.a-z0-9]{0,60}$", re.IGNORECASE)


# Labels that say a node has a GPU of another vendor: the AMD GPU Operator's NFD rule
# (ROCm/gpu-operator, its DeviceConfig selects `feature.node.kubernetes.io/amd-gpu: "true"`, or
# `amd-vgpu` in a VM), NFD's PCI label for AMD's graphics vendor id 1002 (AMD CPUs are 1022), or
# for Intel (8086) only with a display-class prefix (0300 VGA, 0380 display: every Intel server
# has other 8086 devices), and Intel's GPU plugin NFD rule.
_OTHER_GPU_LABEL = lazy_re.compile(r"^feature\.node\.kubernetes\.io/(?:amd-v?gpu|pci-(?:03[0-9a-f]{2}_)?1002\.present"
                                   r"|pci-03(?:00|80)_8086\.present)$|^intel\.feature\.node\.kubernetes\.io/gpu$")


# AWS instance families whose accelerator is AWS's own (Inferentia, Trainium: the Neuron devices)
NEURON_INSTANCE_TYPE = lazy_re.compile(r"^(?:inf[12]|trn[12]n?)\.\w{1,20}$")


def labels_say_other_accelerator(labels: object) -> bool:
    """Whether a node's labels say it has an accelerator other than NVIDIA's (`labels_say_gpu`):
    an AMD or Intel GPU, or an AWS Neuron instance type.

        >>> labels_say_other_accelerator({"feature.node.kubernetes.io/amd-gpu": "true"})
        True
        >>> labels_say_other_accelerator({"node.kubernetes.io/instance-type": "inf2.xlarge"})
        True
        >>> labels_say_other_accelerator({"feature.node.kubernetes.io/pci-8086.present": "true"})
        False
    """
    if not isinstance(labels, Mapping):
        return False
    for k, v in labels.items():
        if not isinstance(k, str) or not isinstance(v, str):
            continue
        if v == "true" and _OTHER_GPU_LABEL.match(k):
            return True
        if k in ("node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type") and NEURON_INSTANCE_TYPE.match(v):
            return True
    return False


def expected_accelerator_resource(labels: object) -> str:
    """The resource a node's accelerator is advertised as, by what its labels say it has:
    aws.amazon.com/neuron (an Inferentia / Trainium instance type), amd.com/gpu, gpu.intel.com/i915,
    else nvidia.com/gpu.

        >>> expected_accelerator_resource({"node.kubernetes.io/instance-type": "trn1.32xlarge"})
        'aws.amazon.com/neuron'
    """
    labels = labels if isinstance(labels, Mapping) else {}
    itype = labels.get("node.kubernetes.io/instance-type") or labels.get("beta.kubernetes.io/instance-type")
    if isinstance(itype, str) and NEURON_INSTANCE_TYPE.match(itype):
        return "aws.amazon.com/neuron"
    keys = [k for k, v in labels.items() if isinstance(k, str) and v == "true" and _OTHER_GPU_LABEL.match(k)]
    if any("amd" in k or "1002" in k for k in keys):
        return "amd.com/gpu"
    if keys:
        return "gpu.intel.com/i915"
    return "nvidia.com/gpu"


# node labels that only GPU nodes carry: a pod selecting them (or tolerating the GPU taint) means to run
# on a GPU (GFD/NFD, GKE, EKS and Karpenter, AKS, OpenShift's NFD)
_GPU_LABEL_PREFIXES = ("nvidia.com/", "cloud.google.com/gke-accelerator", "cloud.google.com/gke-gpu",
                       "k8s.amazonaws.com/accelerator", "karpenter.k8s.aws/instance-gpu", "eks.amazonaws.com/instance-gpu",
                       "kubernetes.azure.com/accelerator", "accelerator", "feature.node.kubernetes.io/pci-10de",
                       "nvidia.com/gpu.product")
_GPU_ENV = ("NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "CUDA_VISIBLE_DEVICES")


def raw_gpu_intent(raw: object, env: bool = True) -> bool:
    """Does a raw pod mean to use a GPU without asking the scheduler for one: the `nvidia`
    RuntimeClass, NVIDIA_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES set by hand, a nodeSelector or
    required affinity on a GPU-node label, or a toleration of the nvidia.com/gpu taint. Such a pod
    is in the GPU scope of a diagnosis (its failure is often exactly that it asked for no GPU).
    `env=False` asks only for the placement (a hand-set NVIDIA_VISIBLE_DEVICES on the NVIDIA
    runtime does show the GPUs, bypassing the device plugin).

        >>> raw_gpu_intent({"spec": {"nodeSelector": {"cloud.google.com/gke-accelerator": "nvidia-l4"}}})
        True
        >>> raw_gpu_intent({"spec": {"nodeSelector": {"kubernetes.io/os": "linux"}}})
        False
    """
    spec = raw.get("spec") if isinstance(raw, dict) else None
    if not isinstance(spec, dict):
        return False
    rc = spec.get("runtimeClassName")
    if isinstance(rc, str) and "nvidia" in rc.lower():
        return True
    keys = list(spec.get("nodeSelector") or ()) if isinstance(spec.get("nodeSelector"), dict) else []
    aff = spec.get("affinity")
    na = aff.get("nodeAffinity") if isinstance(aff, dict) else None
    req = na.get("requiredDuringSchedulingIgnoredDuringExecution") if isinstance(na, dict) else None
    for term in (req.get("nodeSelectorTerms") or ()) if isinstance(req, dict) else ():
        for e in (term.get("matchExpressions") or ()) if isinstance(term, dict) else ():
            if isinstance(e, dict) and e.get("operator") in ("In", "Exists"):
                keys.append(e.get("key"))
    if any(isinstance(k, str) and k.startswith(_GPU_LABEL_PREFIXES) for k in keys):
        return True
    for t in spec.get("tolerations") or ():
        if isinstance(t, dict) and t.get("key") == "nvidia.com/gpu":
            return True
    for key in ("containers", "initContainers") if env else ():
        for c in spec.get(key) or ():
            for e in (c.get("env") or ()) if isinstance(c, dict) else ():
                if isinstance(e, dict) and e.get("name") in _GPU_ENV and str(e.get("value", "")).strip() \
                        not in ("", "void", "none", "-1"):
                    return True
    return False


def raw_names_gpu_resource(raw: object, max_nodes: int = 20_000) -> bool:
    """Whether an object of any kind (an operator's RayCluster, PyTorchJob, a pod template deep in
    its spec) asks for a GPU resource in some `resources.limits` / `.requests` with a non-zero
    count: a walk of at most `max_nodes` values, so an untrusted object costs a bounded time.

        >>> raw_names_gpu_resource({"spec": {"workerGroupSpecs": [{"template": {"spec": {"containers": [
        ...     {"resources": {"limits": {"nvidia.com/gpu": 1}}}]}}}]}})
        True
        >>> raw_names_gpu_resource({"spec": {"replicas": 2}})
        False
    """
    stack, seen = [raw], 0
    while stack and seen < max_nodes:
        value = stack.pop()
        seen += 1
        if isinstance(value, dict):
            for key in ("limits", "requests"):
                part = value.get(key)
                if isinstance(part, dict) and any(_gpu_name(k) and str(v).strip() not in ("0", "")
                                                  for k, v in part.items()):
                    return True
            stack.extend(v for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend(v for v in value if isinstance(v, (dict, list)))
    return False
