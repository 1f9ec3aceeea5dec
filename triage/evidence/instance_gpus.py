"""How many GPUs a cloud machine type has, from the providers' own size tables: the hardware a
node should offer, against which its `nvidia.com/gpu` capacity (what the device plugin found
through the driver) can be read. Whole-GPU sizes only: fractional vGPU sizes (Azure NVads A10
v5, NC A10 partitions) and sizes whose GPUs are attached separately (GCP N1) are left out, so
an unknown or partial size answers None, never a guess.

Sources (read 2026-11): AWS "Accelerated computing instances" (docs.aws.amazon.com/ec2/latest/
instancetypes/ac.html: P2, P3, P4, P5, P6, G4dn, G5, G5g, G6, G6e); Azure "GPU-accelerated VM
sizes" (learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated: NC, NCv2, NCv3,
NCasT4_v3, NC A100 v4, NCads H100 v5, ND v2, ND A100 v4, ND H100/H200 v5, NV, NVv3); Google
Cloud "GPU machine types" (cloud.google.com/compute/docs/gpus: A2, A3, A4, G2); Oracle Cloud
"Compute shapes" GPU shapes (docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm).

    >>> gpus_of_machine_type("Standard_NC12"), gpus_of_machine_type("p4d.24xlarge"), gpus_of_machine_type("m5.large")
    (2, 8, None)
"""

from __future__ import annotations

from typing import Mapping

# the node label that names the machine type (kubelet's well-known label; the beta one on old nodes)
INSTANCE_TYPE_LABELS = ("node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type")


def _sizes(prefix: str, counts: Mapping[str, int]) -> dict[str, int]:
    return {f"{prefix}{size}".lower(): n for size, n in counts.items()}


_AWS = {
    **_sizes("p2.", {"xlarge": 1, "8xlarge": 8, "16xlarge": 16}),
    **_sizes("p3.", {"2xlarge": 1, "8xlarge": 4, "16xlarge": 8}), "p3dn.24xlarge": 8,
    "p4d.24xlarge": 8, "p4de.24xlarge": 8,
    "p5.4xlarge": 1, "p5.48xlarge": 8, "p5e.48xlarge": 8, "p5en.48xlarge": 8, "p6-b200.48xlarge": 8,
    **_sizes("g4dn.", {"xlarge": 1, "2xlarge": 1, "4xlarge": 1, "8xlarge": 1, "16xlarge": 1, "12xlarge": 4,
                       "metal": 8}),
    **{f"{family}.{size}": n for family in ("g5", "g6", "g6e")
       for size, n in {"xlarge": 1, "2xlarge": 1, "4xlarge": 1, "8xlarge": 1, "16xlarge": 1, "12xlarge": 4,
                       "24xlarge": 4, "48xlarge": 8}.items()},
    **_sizes("g5g.", {"xlarge": 1, "2xlarge": 1, "4xlarge": 1, "8xlarge": 1, "16xlarge": 2, "metal": 2}),
}
_AZURE = _sizes("standard_", {
    "NC6": 1, "NC12": 2, "NC24": 4, "NC24r": 4,
    "NC6s_v2": 1, "NC12s_v2": 2, "NC24s_v2": 4, "NC24rs_v2": 4,
    "NC6s_v3": 1, "NC12s_v3": 2, "NC24s_v3": 4, "NC24rs_v3": 4,
    "NC4as_T4_v3": 1, "NC8as_T4_v3": 1, "NC16as_T4_v3": 1, "NC64as_T4_v3": 4,
    "NC24ads_A100_v4": 1, "NC48ads_A100_v4": 2, "NC96ads_A100_v4": 4,
    "NC40ads_H100_v5": 1, "NC80adis_H100_v5": 2,
    "ND40rs_v2": 8, "ND96asr_v4": 8, "ND96amsr_A100_v4": 8, "ND96isr_H100_v5": 8, "ND96isr_H200_v5": 8,
    "NV6": 1, "NV12": 2, "NV24": 4, "NV12s_v3": 1, "NV24s_v3": 2, "NV48s_v3": 4,
})
_GCP = {
    **_sizes("a2-highgpu-", {"1g": 1, "2g": 2, "4g": 4, "8g": 8}), "a2-megagpu-16g": 16,
    **_sizes("a2-ultragpu-", {"1g": 1, "2g": 2, "4g": 4, "8g": 8}),
    **_sizes("a3-highgpu-", {"1g": 1, "2g": 2, "4g": 4, "8g": 8}),
    "a3-megagpu-8g": 8, "a3-edgegpu-8g": 8, "a3-ultragpu-8g": 8, "a4-highgpu-8g": 8,
    **_sizes("g2-standard-", {"4": 1, "8": 1, "12": 1, "16": 1, "32": 1, "24": 2, "48": 4, "96": 8}),
}
_OCI = {s.lower(): n for s, n in {
    "VM.GPU2.1": 1, "BM.GPU2.2": 2, "VM.GPU3.1": 1, "VM.GPU3.2": 2, "VM.GPU3.4": 4, "BM.GPU3.8": 8,
    "BM.GPU4.8": 8, "BM.GPU.A100-v2.8": 8, "VM.GPU.A10.1": 1, "VM.GPU.A10.2": 2, "BM.GPU.A10.4": 4,
    "BM.GPU.L40S.4": 4, "BM.GPU.L40S-NC.4": 4, "BM.GPU.H100.8": 8, "BM.GPU.H200.8": 8, "BM.GPU.B200.8": 8,
}.items()}
GPUS_BY_MACHINE_TYPE: Mapping[str, int] = {**_AWS, **_AZURE, **_GCP, **_OCI}


def gpus_of_machine_type(machine_type: object) -> int | None:
    """The whole GPUs of a catalogued machine type (case-insensitive), else None."""
    return GPUS_BY_MACHINE_TYPE.get(machine_type.strip().lower()) if isinstance(machine_type, str) else None


def machine_type_of(labels: Mapping[str, str]) -> tuple[str, str] | None:
    """(label, machine type) of the node, when one is set."""
    return next(((k, labels[k]) for k in INSTANCE_TYPE_LABELS if isinstance(labels.get(k), str) and labels[k]), None)
