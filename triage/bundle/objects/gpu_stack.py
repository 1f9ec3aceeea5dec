"""Which part of the GPU stack (GPU Operator or standalone charts) a pod is, from its labels,
its DaemonSet's name, its name, and optionally its images: one pure table for the collector and the classifier.

    >>> stack_role({"metadata": {"name": "nvidia-driver-daemonset-7x2kq",
    ...                          "labels": {"app": "nvidia-driver-daemonset"}}})
    'driver'
    >>> stack_role({"metadata": {"name": "nvidia-cuda-validator-abcde"}}), stack_role({"metadata": {"name": "web-0"}})
    ('cuda-validator', None)
    >>> stack_role({"metadata": {"name": "x"}, "spec": {"containers": [{"image": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"}]}},
    ...            images=True)
    'device-plugin'

Roles: device-plugin, gfd, mig-manager, driver, toolkit, validator, cuda-validator,
plugin-validator, dcgm-exporter, dcgm, operator, dra-plugin (the DRA driver's kubelet plugin and a
ComputeDomain's IMEX daemon), dra-controller (its controller and webhook Deployments) (GKE's
`nvidia-gpu-device-plugin` and `nvidia-driver-installer` are device-plugin and driver), nfd (Node Feature Discovery). `coarse=True` folds the validator pods into
`validator` (the collector's view).
"""

from __future__ import annotations

from typing import Mapping

from triage import lazy_re

# label value (app / app.kubernetes.io/name / .../component / k8s-app / name) -> role
ROLE_BY_LABEL: Mapping[str, str] = {
    "nvidia-device-plugin-daemonset": "device-plugin", "nvidia-device-plugin": "device-plugin",
    "nvidia-device-plugin-ds": "device-plugin", "nvidia-device-plugin-mps-control-daemon": "device-plugin",
    "gpu-feature-discovery": "gfd", "nvidia-gpu-feature-discovery": "gfd",
    "nvidia-mig-manager": "mig-manager",
    "nvidia-driver-daemonset": "driver", "nvidia-driver": "driver", "nvidia-vgpu-manager-daemonset": "driver",
    "nvidia-container-toolkit-daemonset": "toolkit", "nvidia-container-toolkit": "toolkit",
    "nvidia-operator-validator": "validator", "nvidia-sandbox-validator": "validator",
    "nvidia-cuda-validator": "cuda-validator", "nvidia-device-plugin-validator": "plugin-validator",
    "nvidia-dcgm-exporter": "dcgm-exporter", "dcgm-exporter": "dcgm-exporter",
    "nvidia-dcgm": "dcgm",
    "gpu-operator": "operator",
    # the operator's sandbox (KubeVirt VM) stack, for nodes whose nvidia.com/gpu.workload.config is vm-passthrough
    # or vm-vgpu (assets/state-sandbox-device-plugin, state-vgpu-device-manager, state-vfio-manager): its
    # device plugin advertises the GPUs to VMs; the vGPU device manager creates the vGPU devices that plugin
    # advertises (no id of its own: without it the plugin has nothing, the plugin stage); the vfio manager
    # binds vfio-pci in the driver's place
    "nvidia-sandbox-device-plugin-daemonset": "device-plugin", "nvidia-vgpu-device-manager": "device-plugin",
    # ... and its Kata / Confidential Containers stack (controllers/object_controls.go: the KataSandboxDevicePlugin's
    # `dsLabel = "nvidia-kata-sandbox-device-plugin-daemonset"`), advertising nvidia.com/pgpu by default
    "nvidia-kata-sandbox-device-plugin-daemonset": "device-plugin",
    "nvidia-vfio-manager": "driver",
    # NVIDIA's KubeVirt GPU device plugin (kubevirt-gpu-device-plugin manifests: `name: nvidia-kubevirt-gpu-dp-ds`)
    "nvidia-kubevirt-gpu-dp-ds": "device-plugin",
    # GKE: its own device plugin DaemonSet and the driver installer (kube-system, k8s-app label)
    "nvidia-gpu-device-plugin": "device-plugin", "nvidia-driver-installer": "driver",
    # NVIDIA's DRA driver: the kubelet plugin publishes ResourceSlices in place of a device plugin
    # (the chart is `nvidia-dra-driver-gpu` up to v25.12, `dra-driver-nvidia-gpu` after; its pods also carry
    # `<chart>-component: kubelet-plugin | controller | webhook`, see DRA_COMPONENT)
    "nvidia-dra-driver-gpu": "dra-plugin", "nvidia-dra-driver-gpu-kubelet-plugin": "dra-plugin",
    "dra-driver-nvidia-gpu": "dra-plugin", "dra-driver-nvidia-gpu-kubelet-plugin": "dra-plugin",
    # other GPU device plugins, by the label their own manifests give their DaemonSet's pods:
    # tkestack/gpu-manager (gpu-manager.yaml `name: gpu-manager-ds`), HAMi's chart
    # (`app.kubernetes.io/component: hami-device-plugin`), volcano-sh/devices (`name: volcano-device-plugin`)
    "gpu-manager-ds": "device-plugin", "hami-device-plugin": "device-plugin", "volcano-device-plugin": "device-plugin",
    # Intel's GPU plugin (intel-device-plugins-for-kubernetes deployments/gpu_plugin/base: `app: intel-gpu-plugin`);
    # AMD's (ROCm/k8s-device-plugin k8s-ds-amdgpu-dp.yaml `name: amdgpu-dp-ds`, its chart `name: <chart>-dp-ds`)
    # and AMD's node labeller, the GFD of that stack (chart templates/labeller.yaml `name: amdgpu-lr-ds`)
    "intel-gpu-plugin": "device-plugin", "amdgpu-dp-ds": "device-plugin", "amd-gpu-dp-ds": "device-plugin",
    # AWS's Neuron device plugin (aws-neuron-sdk k8s-neuron-device-plugin.yml: `name: neuron-device-plugin-ds`)
    "neuron-device-plugin-ds": "device-plugin",
    # OpenPAI's driver installer (microsoft/pai src/drivers/deploy/drivers.yaml.template, v0.x: DaemonSet
    # `drivers-one-shot`, pods `app: drivers-one-shot`, container nvidia-drivers; ready once installed)
    "drivers-one-shot": "driver",
    "amdgpu-lr-ds": "gfd", "amdgpu-labeller-ds": "gfd",
    # Node Feature Discovery: its workers write the PCI labels the GPU stack's DaemonSets select on
    "node-feature-discovery": "nfd", "nfd-worker": "nfd", "nfd": "nfd",
}
LABEL_KEYS = ("app", "app.kubernetes.io/name", "app.kubernetes.io/component", "k8s-app", "name")
# the DRA driver chart's per-component selector label (templates/_helpers.tpl selectorLabels): its controller
# and webhook are Deployments, not node components; a ComputeDomain's IMEX daemon pods (DaemonSet
# `computedomain-daemon-<uid>`, templates/compute-domain-daemon.tmpl.yaml) carry the ComputeDomain label
DRA_COMPONENT_KEYS = ("nvidia-dra-driver-gpu-component", "dra-driver-nvidia-gpu-component")
DRA_COMPONENT = {"kubelet-plugin": "dra-plugin", "controller": "dra-controller", "webhook": "dra-controller"}
COMPUTE_DOMAIN_LABEL = "resource.nvidia.com/computeDomain"
# Kernel Module Management's worker pods (kubernetes-sigs/kernel-module-management internal/pod:
# `kmm-worker-<node>-<module>`, labelled with the action they run, Load or Unload): the AMD GPU
# Operator loads amdgpu through them, so on a GPU node they are the driver stage
KMM_WORKER_LABEL = "kmm.node.kubernetes.io/worker-action"
# the DRA driver's first chart (NVIDIA/k8s-dra-driver deployments/helm/k8s-dra-driver, v0.1 - v0.x) labels its
# controller and kubelet plugin alike (`app.kubernetes.io/name: k8s-dra-driver`); the DaemonSet is
# `<fullname>-kubelet-plugin` (fullname: `<release>-k8s-dra-driver`), so the pod's name tells which
EARLY_DRA_NAME = "k8s-dra-driver"
# pod name prefixes, when no label says it (older charts, hand-made DaemonSets); most specific first
ROLE_BY_NAME_PREFIX = (
    ("nvidia-device-plugin-validator", "plugin-validator"),
    ("nvidia-dra-driver-gpu-kubelet-plugin", "dra-plugin"),
    ("dra-driver-nvidia-gpu-kubelet-plugin", "dra-plugin"),
    ("computedomain-daemon-", "dra-plugin"),
    # the DRA driver's per-claim MPS control daemon Deployment (kubernetes-sigs/dra-driver-nvidia-gpu
    # templates/mps-control-daemon.tmpl.yaml, named mps-control-daemon-<claim>; the device plugin's
    # own MPS daemon is the DaemonSet nvidia-device-plugin-mps-control-daemon)
    ("mps-control-daemon-", "dra-plugin"),
    # the chart's first releases (k8s-dra-driver 0.1, release `nvidia`): <release>-k8s-dra-driver-kubelet-plugin
    ("nvidia-k8s-dra-driver-kubelet-plugin", "dra-plugin"),
    ("gpu-operator-node-feature-discovery", "nfd"),
    ("nvidia-gpu-device-plugin", "device-plugin"),
    ("nvidia-sandbox-device-plugin", "device-plugin"),
    ("nvidia-kata-sandbox-device-plugin", "device-plugin"),
    ("nvidia-vgpu-device-manager", "device-plugin"),
    ("nvidia-vfio-manager", "driver"),
    ("nvidia-kubevirt-gpu-dp", "device-plugin"),
    ("nvidia-driver-installer", "driver"),
    ("nvidia-cuda-validator", "cuda-validator"),
    ("nvidia-operator-validator", "validator"),
    ("nvidia-device-plugin", "device-plugin"),
    ("nvidia-driver", "driver"),
    ("gpu-feature-discovery", "gfd"),
    ("nvidia-gpu-feature-discovery", "gfd"),
    ("nvidia-mig-manager", "mig-manager"),
    ("nvidia-container-toolkit", "toolkit"),
    ("nvidia-dcgm-exporter", "dcgm-exporter"),
)
# image substrings, the last resort (`images=True`)
ROLE_BY_IMAGE = (
    ("k8s-device-plugin", "device-plugin"), ("kubevirt-gpu-device-plugin", "device-plugin"),
    ("neuron-device-plugin", "device-plugin"), ("gpu-feature-discovery", "gfd"), ("k8s-mig-manager", "mig-manager"),
    ("dcgm-exporter", "dcgm-exporter"), ("container-toolkit", "toolkit"), ("gpu-operator-validator", "validator"),
    ("nvidia/driver", "driver"), ("/gpu-operator:", "operator"), ("/gpu-operator@", "operator"),
)
_COARSE = {"cuda-validator": "validator", "plugin-validator": "validator"}
# On OpenShift with the Driver Toolkit the GPU Operator makes the driver and vGPU manager DaemonSets
# RHCOS-version specific: "-<RHCOS version>" is appended to the DaemonSet's name and to its pods' `app`
# label (controllers/object_controls.go transformOpenShiftDriverToolkitContainer: `obj.Name += "-" +
# rhcosVersion`, `Template.Labels["app"] = obj.Name`), e.g. nvidia-vgpu-manager-daemonset-418.94.202602041234-0
_RHCOS_SUFFIX = lazy_re.compile(r"-\d{1,4}\.\d{1,4}\.\d{6,14}-\d{1,3}$")


def _table_role(value: object) -> str | None:
    """ROLE_BY_LABEL's role of a label value or DaemonSet name, the operator's RHCOS suffix aside."""
    if not isinstance(value, str):
        return None
    role = ROLE_BY_LABEL.get(value)
    if role is None and value[-1:].isdigit() and "." in value:
        role = ROLE_BY_LABEL.get(_RHCOS_SUFFIX.sub("", value))
    return role


def stack_role(raw: object, *, images: bool = False, coarse: bool = False) -> str | None:
    """The GPU-stack role of a raw pod (or DaemonSet: its template's labels and containers
    count too), or None for any other object. Never raises."""
    if not isinstance(raw, dict):
        return None
    role = _role(raw, images)
    return _COARSE.get(role, role) if (coarse and role) else role


def _role(raw: dict, images: bool) -> str | None:
    meta = raw.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    spec = raw.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    template = spec.get("template")
    template = template if isinstance(template, dict) else {}
    for labels in (meta.get("labels"), (template.get("metadata") or {}).get("labels")
                   if isinstance(template.get("metadata"), dict) else None):
        if isinstance(labels, dict):
            for key in DRA_COMPONENT_KEYS:
                role = DRA_COMPONENT.get(labels.get(key)) if isinstance(labels.get(key), str) else None
                if role:
                    return role
            if COMPUTE_DOMAIN_LABEL in labels:
                return "dra-plugin"
            if KMM_WORKER_LABEL in labels:
                return "driver"
            if labels.get("app.kubernetes.io/name") == EARLY_DRA_NAME:
                name = meta.get("name")
                return "dra-plugin" if isinstance(name, str) and "-kubelet-plugin" in name else "dra-controller"
            for key in LABEL_KEYS:
                role = _table_role(labels.get(key))
                if role:
                    return role
    # the DaemonSet's own name: every manifest in the table names its DaemonSet as it labels its pods
    # (a pod that lost the label, a chart that labels by release, still has its owner's name)
    owners = [meta.get("name")] if template else [
        ref.get("name") for ref in meta.get("ownerReferences") or () if isinstance(ref, dict) and ref.get("kind") == "DaemonSet"]
    for owner in owners:
        role = _table_role(owner)
        if role:
            return role
    name = meta.get("name")
    if isinstance(name, str) and name.startswith(("nvidia-", "gpu-feature", "dra-driver-nvidia-gpu-",
                                                  "computedomain-daemon-", "mps-control-daemon-")):
        for prefix, role in ROLE_BY_NAME_PREFIX:
            if name.startswith(prefix):
                return role
    if images:
        pod_spec = template.get("spec") if isinstance(template.get("spec"), dict) else spec
        for key in ("initContainers", "containers"):
            for c in pod_spec.get(key) or ():
                image = str(c.get("image") or "") if isinstance(c, dict) else ""
                for needle, role in ROLE_BY_IMAGE:
                    if needle in image:
                        return role
    return None
