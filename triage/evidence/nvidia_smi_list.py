"""`nvidia-smi -L`: GPUs and their MIG devices, with UUIDs.

Current form and the R450 legacy MIG UUID form (`MIG-GPU-<uuid>/<gi>/<ci>`), LF or CRLF::

    GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-b4895dbf-9350-2524-a89b-98161ddd9fe4)
      MIG 3g.40gb     Device  0: (UUID: MIG-7089d0f3-293f-58c9-8f8c-5ea666eedbde)
    GPU 0: A100-SXM4-40GB (UUID: GPU-4200ccc0-2667-d4cb-9137-f932c716232a)
      MIG 1g.5gb Device 0: (UUID: MIG-GPU-4200ccc0-2667-d4cb-9137-f932c716232a/7/0)

`parse_list(text)` returns None when no line has this shape.
"""

from __future__ import annotations

import re
from msgspec import Struct
from msgspec.structs import replace

from triage import lazy_re

_GPU_RE = lazy_re.compile(r"^\s*GPU (\d+): (.+?) \(UUID: (GPU-[0-9A-Za-z-]+)\)\s*$")
_MIG_RE = lazy_re.compile(r"^\s+MIG (\S+)\s+Device\s+(\d+): \(UUID: (MIG-[^)\s]+)\)\s*$")
_LEGACY_RE = lazy_re.compile(r"^MIG-(GPU-[0-9A-Za-z-]+)/(\d+)/(\d+)$")


class ListedMig(Struct, frozen=True):
    profile: str                     # "1g.10gb", "1c.3g.71gb"
    device_index: int
    uuid: str
    line: int
    legacy: bool                     # R450 `MIG-GPU-<uuid>/<gi>/<ci>` form
    gpu_instance_id: int | None      # only the legacy form carries it
    compute_instance_id: int | None


class ListedGpu(Struct, frozen=True):
    index: int
    name: str
    uuid: str
    line: int
    migs: tuple[ListedMig, ...] = ()


class SmiList(Struct, frozen=True):
    gpus: tuple[ListedGpu, ...]

    @property
    def mig_count(self) -> int:
        return sum(len(g.migs) for g in self.gpus)

    def profiles(self) -> tuple[str, ...]:
        """Every MIG device's profile, in order (`("3g.40gb", "2g.20gb", ...)`)."""
        return tuple(m.profile for g in self.gpus for m in g.migs)


def parse_list(text: str) -> SmiList | None:
    """GPUs and MIG devices of `nvidia-smi -L`.

    >>> listing = parse_list("GPU 0: A100-SXM4-40GB (UUID: GPU-4200ccc0-2667-d4cb-9137-f932c716232a)\\n"
    ...                      "  MIG 3g.20gb Device 0: (UUID: MIG-GPU-4200ccc0-2667-d4cb-9137-f932c716232a/2/0)\\n")
    >>> [(m.profile, m.legacy, m.gpu_instance_id, m.line) for m in listing.gpus[0].migs]
    [('3g.20gb', True, 2, 2)]
    """
    gpus: list[ListedGpu] = []
    migs: list[ListedMig] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) > 1000:
            continue
        g = _GPU_RE.match(line)
        if g:
            if gpus:
                gpus[-1] = replace(gpus[-1], migs=tuple(migs))
            migs = []
            gpus.append(ListedGpu(int(g.group(1)), g.group(2), g.group(3), n))
            continue
        m = _MIG_RE.match(line)
        if m and gpus:
            legacy = _LEGACY_RE.match(m.group(3))
            migs.append(ListedMig(m.group(1), int(m.group(2)), m.group(3), n, bool(legacy),
                                  int(legacy.group(2)) if legacy else None,
                                  int(legacy.group(3)) if legacy else None))
    if not gpus:
        return None
    gpus[-1] = replace(gpus[-1], migs=tuple(migs))
    return SmiList(tuple(gpus))
