"""The GPU Operator's must-gather folder (NVIDIA/gpu-operator hack/must-gather.sh) -> a bundle.

Not read yet: `looks_like` recognises the folder so it is named, not mistaken for pasted text.
"""

from __future__ import annotations

from pathlib import Path

from triage.errors import BundleError

# files hack/must-gather.sh writes at the top of its artifact folder
MARKERS = ("gpu_operator_pod.yaml", "gpu_operator_pod.log", "cluster_policy.yaml", "nvidia_nodes.yaml")


def looks_like(files) -> bool:
    names = {f.rsplit("/", 1)[-1] for f in files}
    return sum(1 for m in MARKERS if m in names) >= 2


def write_must_gather_bundle(path: Path, root: Path):
    raise BundleError(f"{path} is a GPU Operator must-gather folder, which gpu-triage does not read yet")
