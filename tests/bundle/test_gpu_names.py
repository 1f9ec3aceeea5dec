"""GPU names the objects carry. Which extended resources count GPUs: the device plugin's renamed
resources do (its config names them freely under nvidia.com/), HAMi's per-pod amounts and NVIDIA's
NIC resources do not; a renamed GPU the tool misses makes its pod "not a GPU pod" and its node "not
a GPU node". Which pods are GPU-stack components, by the labels their own manifests give them."""

import pytest

from triage.bundle.objects.gpu_resource import is_gpu_resource


@pytest.mark.parametrize("name", [
    "nvidia.com/gpu", "nvidia.com/gpu.shared", "nvidia.com/mig-1g.10gb",
    # renamed by the device plugin's `resources.gpus[].name` (and `.shared` when shared)
    "nvidia.com/gpu-tesla-v100", "nvidia.com/a100", "nvidia.com/a100-80gb", "nvidia.com/t4",
    "nvidia.com/tesla-t4.shared", "nvidia.com/h100.shared", "nvidia.com/l40s", "nvidia.com/gb200",
    # KubeVirt's passthrough device plugin
    "nvidia.com/GA100_A100_PCIE_40GB",
])
def test_gpu_resources(name):
    assert is_gpu_resource(name)


@pytest.mark.parametrize("name", [
    "cpu", "memory", "nvidia.com/gpumem", "nvidia.com/gpumem-percentage", "nvidia.com/gpucores",
    "nvidia.com/priority", "nvidia.com/hostdev", "nvidia.com/sriov_rdma_vf", "nvidia.com/rdma_shared_device_a",
    "example.com/gpu-tesla-v100",
])
def test_not_gpu_resources(name):
    assert not is_gpu_resource(name)


@pytest.mark.parametrize("name, role", [("nvidia-dra-driver-k8s-dra-driver-kubelet-plugin-8wmmz", "dra-plugin"),
                                        ("nvidia-dra-driver-k8s-dra-driver-controller-6d8f7c9b5-x2k7q",
                                         "dra-controller")])
def test_the_first_dra_charts_pods_by_name(name, role):
    """NVIDIA/k8s-dra-driver's first chart labels both `app.kubernetes.io/name: k8s-dra-driver`; its
    kubelet plugin DaemonSet is `<release>-k8s-dra-driver-kubelet-plugin` whatever the release."""
    from triage.bundle.objects.gpu_stack import stack_role
    assert stack_role({"metadata": {"name": name, "labels": {"app.kubernetes.io/name": "k8s-dra-driver"}}}) == role


@pytest.mark.parametrize("labels, role", [({"app": "intel-gpu-plugin"}, "device-plugin"),
                                          # the operator's sandbox stack (assets/state-sandbox-device-plugin ...)
                                          ({"app": "nvidia-sandbox-device-plugin-daemonset"}, "device-plugin"),
                                          ({"app": "nvidia-vgpu-device-manager"}, "device-plugin"),
                                          ({"app": "nvidia-vfio-manager"}, "driver"),
                                          # NVIDIA/kubevirt-gpu-device-plugin manifests
                                          ({"name": "nvidia-kubevirt-gpu-dp-ds"}, "device-plugin"),
                                          ({"name": "amdgpu-dp-ds"}, "device-plugin"),
                                          ({"name": "amd-gpu-dp-ds"}, "device-plugin"),
                                          ({"name": "amdgpu-lr-ds"}, "gfd")])
def test_other_plugins_by_their_manifests_labels(labels, role):
    from triage.bundle.objects.gpu_stack import stack_role
    assert stack_role({"metadata": {"name": "x-1", "labels": labels}}) == role


def test_a_pod_whose_labels_say_nothing_is_known_by_its_daemonsets_name():
    """HAMi's DaemonSet is `hami-device-plugin` whether or not its pods keep the component label (a
    values file that overrides the labels leaves `app.kubernetes.io/name: hami` only); a pod owned by a
    ReplicaSet of that name, or a DaemonSet of another name, is not the device plugin."""
    from triage.bundle.objects.gpu_stack import stack_role
    def pod(kind, owner):
        return {"metadata": {"name": "hami-device-plugin-7xk4d", "labels": {"app.kubernetes.io/name": "hami"},
                             "ownerReferences": [{"kind": kind, "name": owner}]}}
    assert stack_role(pod("DaemonSet", "hami-device-plugin")) == "device-plugin"
    assert stack_role(pod("ReplicaSet", "hami-device-plugin")) is None
    assert stack_role(pod("DaemonSet", "hami-scheduler")) is None
    ds = {"metadata": {"name": "volcano-device-plugin"}, "spec": {"template": {"metadata": {"labels": {}}}}}
    assert stack_role(ds) == "device-plugin"


def test_an_operators_object_asks_for_gpus_deep_in_its_templates():
    from triage.bundle.objects.gpu_resource import raw_names_gpu_resource
    ray = {"spec": {"workerGroupSpecs": [{"template": {"spec": {"containers": [
        {"resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}]}}
    assert raw_names_gpu_resource(ray)
    assert not raw_names_gpu_resource({"spec": {"workerGroupSpecs": [{"template": {"spec": {"containers": [
        {"resources": {"limits": {"cpu": "4", "nvidia.com/gpu": "0"}}}]}}}]}})
    deep: dict = {}
    node = deep
    for _ in range(100_000):          # a crafted object: bounded, never a recursion error
        node["x"] = {}
        node = node["x"]
    assert not raw_names_gpu_resource(deep)
