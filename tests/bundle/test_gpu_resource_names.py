"""Which extended resources count GPUs: the device plugin's renamed resources do (its config
names them freely under nvidia.com/), HAMi's per-pod amounts and NVIDIA's NIC resources do not.
A renamed GPU the tool misses makes its pod "not a GPU pod" and its node "not a GPU node"."""

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
