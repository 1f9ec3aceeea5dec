"""Which CUDA an image was built for, and which CUDA a node's driver runs: enough to tell
"the driver is too old for this image" from "the container saw no driver at all" (both
print `CUDA driver version is insufficient for CUDA runtime version`).

The image's CUDA is read from its tag, where NVIDIA's and the frameworks' images put it
(`nvidia/cuda:12.4.1-runtime-ubuntu22.04`, `cuda-sample:vectoradd-cuda11.7.1-ubi8`,
`pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime`, `...-cu121`). The driver's CUDA is read
from GPU Feature Discovery's labels (`nvidia.com/cuda.runtime.major|minor`, newer
`nvidia.com/cuda.runtime-version.major|minor`: the CUDA version the driver reports), or
from the driver's own major version (`nvidia.com/cuda.driver.major`,
`nvidia.com/cuda.driver-version.major`) through the minimum driver of each CUDA major in
NVIDIA's CUDA compatibility guide: within a major, minor version compatibility lets an
image of any 12.x run on a >= 525.60.13 driver, of any 11.x on >= 450.80.02, of 13.x on
>= 580.

    >>> image_cuda("nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1-ubi8"), image_cuda("vllm/vllm-openai:v0.6.3")
    ((11, 7), None)
    >>> driver_cuda_major({"nvidia.com/cuda.driver.major": "515"}), driver_cuda_major({"nvidia.com/cuda.runtime.major": "12"})
    (11, 12)
"""

from __future__ import annotations

import re
from typing import Mapping

from triage import lazy_re

# the first driver branch of each CUDA major (CUDA compatibility guide, minor version
# compatibility table: 11.x >= 450.80.02, 12.x >= 525.60.13, 13.x >= 580.65.06)
_MAJOR_BY_DRIVER = ((580, 13), (525, 12), (450, 11), (418, 10))

_TAG_CUDA = lazy_re.compile(r"(?:^|[^a-z0-9])cuda-?(\d{1,2})\.(\d{1,2})|(?:^|[^a-z0-9])cu(\d{2})(\d)(?![0-9])", re.IGNORECASE)
_NVIDIA_CUDA_TAG = lazy_re.compile(r"^(\d{1,2})\.(\d{1,2})(?:\.\d{1,3})?-")


def image_cuda(image: str | None) -> tuple[int, int] | None:
    """(major, minor) of the CUDA an image was built for, when its name says so."""
    if not image:
        return None
    name, _, tag = image[:512].rpartition(":")
    if "/" in tag:                       # a registry port, no tag
        name, tag = image[:512], ""
    if name.endswith("/cuda") or name == "cuda":
        m = _NVIDIA_CUDA_TAG.match(tag)
        if m:
            return int(m.group(1)), int(m.group(2))
    m = _TAG_CUDA.search(tag)
    if m is None:
        return None
    if m.group(1):
        return int(m.group(1)), int(m.group(2))
    return int(m.group(3)), int(m.group(4))


# GFD's driver-version labels, older and newer spellings, and the one full-version label
DRIVER_VERSION_LABELS = (("nvidia.com/cuda.driver.major", "nvidia.com/cuda.driver.minor", "nvidia.com/cuda.driver.rev"),
                         ("nvidia.com/cuda.driver-version.major", "nvidia.com/cuda.driver-version.minor",
                          "nvidia.com/cuda.driver-version.revision"))
DRIVER_FULL_LABEL = "nvidia.com/cuda.driver-version.full"
_FULL_VERSION = lazy_re.compile(r"(\d{2,4}(?:\.\d{1,3}){0,2})(?![\d.])")
CUDA_VERSION_LABELS = (("nvidia.com/cuda.runtime.major", "nvidia.com/cuda.runtime.minor"),
                       ("nvidia.com/cuda.runtime-version.major", "nvidia.com/cuda.runtime-version.minor"))


def _dotted(labels: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    values = []
    for name in names:
        value = str(labels.get(name) or "")
        if not value.isdigit():
            break
        values.append(value)
    return ".".join(values) or None


def gfd_driver_version(labels: Mapping[str, str]) -> str | None:
    """The driver version GFD labelled the node with, as far as its labels go ("535.86.10", "535").

    >>> gfd_driver_version({"nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "86"})
    '535.86'
    """
    m = _FULL_VERSION.fullmatch(str(labels.get(DRIVER_FULL_LABEL) or ""))
    if m:
        return m.group(1)
    return next((v for names in DRIVER_VERSION_LABELS if (v := _dotted(labels, names))), None)


def gfd_cuda_version(labels: Mapping[str, str]) -> str | None:
    """The CUDA version the node's driver reports, as GFD labelled it ("12.4", "12")."""
    return next((v for names in CUDA_VERSION_LABELS if (v := _dotted(labels, names))), None)


# the major-version labels a driver/CUDA join cites (CUDA first: the driver's own report)
DRIVER_CUDA_LABELS = tuple(names[0] for names in CUDA_VERSION_LABELS + DRIVER_VERSION_LABELS)


def driver_cuda_major(labels: Mapping[str, str]) -> int | None:
    """The CUDA major a node's driver runs, from GFD's labels; None when no label says."""
    cuda = gfd_cuda_version(labels)
    if cuda is not None:
        return int(cuda.split(".")[0])
    driver = gfd_driver_version(labels)
    if driver is None:
        return None
    major = int(driver.split(".")[0])
    return next((c for first, c in _MAJOR_BY_DRIVER if major >= first), None)


def driver_runs(image: str | None, labels: Mapping[str, str]) -> bool:
    """Whether the node's driver (by its labels) runs the CUDA the image was built for: then
    an "insufficient driver" error inside the container means it found no driver library."""
    need = image_cuda(image)
    have = driver_cuda_major(labels)
    return need is not None and have is not None and have >= need[0]
