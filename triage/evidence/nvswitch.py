"""Which GPU nodes are NVSwitch boards, whose CUDA needs the fabric manager: the NVLink fabric of
an 8-GPU HGX/DGX board is set up by NVIDIA Fabric Manager, and until each GPU is registered with
it (NVML's fabric state Completed) CUDA does not initialise (error 802, "system not yet
initialized"), while the driver loads, NVML answers and the device plugin advertises every GPU.
So on such a node nothing the cluster's objects show speaks for the fabric.

Sources (read 2026-12): NVIDIA's Fabric Manager User Guide (docs.nvidia.com/datacenter/tesla/
fabric-manager-user-guide: "NVSwitch-based single-node HGX and DGX systems"; HGX/DGX A100, H100,
H200, B200 8-GPU boards; a 4-GPU HGX board links its GPUs directly, with no NVSwitch); NVIDIA
NVSentinel issue 883 ("required on all multi-GPU NVSwitch systems (DGX/HGX A100, H100, H200,
B200, B300)", fabric.state "Not Started" -> "In Progress" -> "Completed"); leptonai/gpud PRs 1140,
1147 (H100 PCIe and a single GPU report fabric state "Not Supported"); the providers' size pages
for the 8-GPU HGX machine types (AWS P4d/P4de/P5/P5e/P5en/P6-B200, Azure ND A100 v4 and ND
H100/H200 v5, Google Cloud A2/A3/A4 8-GPU and 16-GPU shapes, OCI BM.GPU4.8, BM.GPU.A100-v2.8,
BM.GPU.H100.8, BM.GPU.H200.8, BM.GPU.B200.8). An A100 reports no fabric state at all (N/A) even
where the fabric manager runs (bottlerocket-os/bottlerocket PR 3873, p4d.24xlarge).

    >>> nvswitch_board({"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu.count": "8"}, 8)
    'nvidia.com/gpu.product'
    >>> nvswitch_board({"nvidia.com/gpu.product": "NVIDIA-H100-PCIe"}, 8), nvswitch_board({}, 8)
    (None, None)
    >>> nvswitch_board({"node.kubernetes.io/instance-type": "p5.48xlarge"}, 8)
    'node.kubernetes.io/instance-type'
"""

from __future__ import annotations

import re
from typing import Mapping

from triage import lazy_re
from triage.evidence.instance_gpus import machine_type_of

PRODUCT_LABEL = "nvidia.com/gpu.product"

# the SXM (HGX/DGX board) parts, as GFD writes nvidia-smi's product name (spaces as dashes):
# "NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3", "NVIDIA-H200", "NVIDIA-B200"; their PCIe and
# NVL (bridged PCIe) variants have no NVSwitch
_SXM_PRODUCT = lazy_re.compile(
    r"^NVIDIA-(?:A[18]00-SXM|H100-(?:SXM|80GB-HBM3)|H[28]00(?:-SXM|-\d{2,3}GB)?|H20(?:-3e)?|B[23]00)"
    r"(?![-\w]*(?:PCIE|NVL))", re.IGNORECASE)
BOARD_GPUS = 8          # an NVSwitch board has 8 GPUs (16 on the HGX-2 / A2 mega shape)

NVSWITCH_MACHINE_TYPES = frozenset(t.lower() for t in (
    "p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge", "p5e.48xlarge", "p5en.48xlarge", "p6-b200.48xlarge",
    "Standard_ND96asr_v4", "Standard_ND96amsr_A100_v4", "Standard_ND96isr_H100_v5", "Standard_ND96isr_H200_v5",
    "a2-highgpu-8g", "a2-megagpu-16g", "a2-ultragpu-8g", "a3-highgpu-8g", "a3-megagpu-8g", "a3-edgegpu-8g",
    "a3-ultragpu-8g", "a4-highgpu-8g",
    "BM.GPU4.8", "BM.GPU.A100-v2.8", "BM.GPU.H100.8", "BM.GPU.H200.8", "BM.GPU.B200.8",
))


def nvswitch_board(labels: Mapping[str, str], gpus: int | None) -> str | None:
    """The label that says the node is an NVSwitch board (its machine type, or an SXM GPU model
    on a node of at least 8 GPUs), else None. `gpus` is the node's whole-GPU count when known
    (`rules/runtime_privileged.node_gpu_count`: GFD's count label, else whole-GPU capacity)."""
    found = machine_type_of(labels)
    if found is not None and found[1].strip().lower() in NVSWITCH_MACHINE_TYPES:
        return found[0]
    product = labels.get(PRODUCT_LABEL)
    if not isinstance(product, str) or not _SXM_PRODUCT.search(product):
        return None
    return PRODUCT_LABEL if (gpus or 0) >= BOARD_GPUS else None
