"""The smaller nvidia-smi outputs: `--version`, `pmon`, `dmon`, `topo -m`, `nvlink -s`, `mig -lgi`.

Each `parse_*` returns None when the text is not that output. Samples::

    NVIDIA-SMI version  : 610.57.04           (--version; 610+ adds "KMD version")
    DRIVER version      : Deprecated, see "KMD version" instead
    KMD version         : 610.57.04

    # gpu         pid   type     sm    mem    enc    dec    jpg    ofa    command      (pmon)
        0      11345     C     99     10      -      -      -      -    gpu_burn

    # gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk   (dmon)
        0    631     63     57    100     10      0      0      0      0   2619   1980

    GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)      (nvlink -s)
    	 Link 0: 26.562 GB/s

    |   0  MIG 2g.10gb       19        3          4:2    |   (mig -lgi)
"""

from __future__ import annotations

import re
from msgspec import Struct
from msgspec.structs import replace

from triage import lazy_re

# ---- --version -----------------------------------------------------------------------------

# `(.+)` then str.strip, never `(.+?)\s*$`: a lazy group before `\s*$` retries the whole run of
# spaces at every character, quadratic on one long line printed by the image's own `nvidia-smi`.
_VERSION_RE = lazy_re.compile(r"^(NVIDIA-SMI|NVML|DRIVER|CUDA|KMD|CUDA UMD) version\s*:(.*\S)", re.IGNORECASE)


class SmiVersion(Struct, frozen=True):
    smi_version: str | None
    nvml_version: str | None
    driver_version: str | None      # KMD version on 610+, where "DRIVER version" is deprecated
    cuda_version: str | None        # CUDA UMD version on 610+
    line: int


def parse_version(text: str) -> SmiVersion | None:
    found: dict[str, tuple[str, int]] = {}
    for n, line in enumerate(text.splitlines()[:50], start=1):
        m = _VERSION_RE.match(line)
        value = m.group(2).strip() if m else ""
        if value and not value.startswith("Deprecated"):
            found.setdefault(m.group(1).upper(), (value, n))
    if "NVIDIA-SMI" not in found and "DRIVER" not in found and "KMD" not in found:
        return None

    def get(*keys: str) -> str | None:
        return next((found[k][0] for k in keys if k in found), None)

    first = min(v[1] for v in found.values())
    return SmiVersion(get("NVIDIA-SMI"), get("NVML"), get("KMD", "DRIVER"), get("CUDA UMD", "CUDA"), first)


# ---- pmon / dmon -----------------------------------------------------------------------------


class MonitorSample(Struct, frozen=True):
    """One row of `nvidia-smi pmon` or `dmon`; `columns` come from the `# gpu ...` header
    and `values` hold the cells (None for `-`)."""

    gpu: int
    columns: tuple[str, ...]
    values: tuple[str | None, ...]
    line: int

    def get(self, column: str) -> str | None:
        try:
            return self.values[self.columns.index(column)]
        except (ValueError, IndexError):
            return None

    def get_int(self, column: str) -> int | None:
        v = self.get(column)
        return int(v) if v is not None and v.isdigit() else None


class MonitorOutput(Struct, frozen=True):
    kind: str                            # "pmon" or "dmon"
    columns: tuple[str, ...]
    samples: tuple[MonitorSample, ...]


def parse_monitor(text: str) -> MonitorOutput | None:
    """`pmon` (header has `pid` and `command`) or `dmon` (header has `pwr`)."""
    columns: tuple[str, ...] | None = None
    kind = None
    samples: list[MonitorSample] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) > 2000:
            continue
        if line.startswith("# gpu"):
            columns = tuple(line[1:].split())
            kind = "pmon" if "pid" in columns else "dmon"
            continue
        if line.startswith("#") or columns is None:
            continue
        words = line.split()
        if not words or not words[0].isdigit():
            continue
        if kind == "pmon" and len(words) > len(columns):      # a command name with spaces
            words = words[:len(columns) - 1] + [" ".join(words[len(columns) - 1:])]
        values = tuple(None if w == "-" else w for w in words)
        samples.append(MonitorSample(int(words[0]), columns, values, n))
    if columns is None or kind is None:
        return None
    return MonitorOutput(kind, columns, tuple(samples))


# ---- topo -m ------------------------------------------------------------------------------------

_ANSI_RE = lazy_re.compile(r"\x1b\[[0-9;]*m")


class TopologyRow(Struct, frozen=True):
    device: str                      # GPU0, NIC0 ...
    cells: tuple[str, ...]           # raw cells in header order (X, NV18, SYS, cpu list ...)
    line: int


class Topology(Struct, frozen=True):
    header: tuple[str, ...]
    rows: tuple[TopologyRow, ...]

    @property
    def gpu_count(self) -> int:
        return sum(1 for r in self.rows if r.device.startswith("GPU"))


def parse_topology(text: str) -> Topology | None:
    header: tuple[str, ...] | None = None
    rows: list[TopologyRow] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = _ANSI_RE.sub("", raw)
        if header is None:
            if line.strip().startswith("GPU0") and "Affinity" in line:
                header = tuple(c.strip() for c in line.strip().split("\t"))
            continue
        if not line.strip() or line.startswith("Legend"):
            if rows:
                break
            continue
        cells = line.split("\t")
        rows.append(TopologyRow(cells[0].strip(), tuple(c.strip() for c in cells[1:]), n))
    if header is None:
        return None
    return Topology(header, tuple(rows))


# ---- nvlink -s -------------------------------------------------------------------------------------

_NVL_GPU_RE = lazy_re.compile(r"^GPU (\d+): (.+?) \(UUID: (GPU-[0-9A-Za-z-]+)\)\s*$")
_NVL_LINK_RE = lazy_re.compile(r"^\s+Link (\d+): (.*\S)")      # value stripped by the caller


class NvlinkGpu(Struct, frozen=True):
    index: int
    name: str
    uuid: str
    line: int
    links: tuple[tuple[int, str], ...]          # (link number, "26.562 GB/s" or "<inactive>")
    message: str | None        # printed instead of links: "Device does not have or support Nvlink",
                               # "Nvlink queries are not supported ... MIG mode", "... all links are inActive"


class NvlinkStatus(Struct, frozen=True):
    gpus: tuple[NvlinkGpu, ...]


def parse_nvlink_status(text: str) -> NvlinkStatus | None:
    gpus: list[NvlinkGpu] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) > 1000:
            continue
        g = _NVL_GPU_RE.match(line)
        if g:
            gpus.append(NvlinkGpu(int(g.group(1)), g.group(2), g.group(3), n, (), None))
            continue
        if not gpus:
            continue
        last = gpus[-1]
        lk = _NVL_LINK_RE.match(line)
        if lk:
            gpus[-1] = replace(last, links=last.links + ((int(lk.group(1)), lk.group(2)),))
        elif line.strip() and last.message is None:
            gpus[-1] = replace(last, message=line.strip())
    return NvlinkStatus(tuple(gpus)) if gpus else None


# ---- mig -lgi ----------------------------------------------------------------------------------------

_LGI_RE = lazy_re.compile(r"^\|\s+(\d+)\s+MIG (\S+)\s+(\d+)\s+(\d+)\s+(\d+):(\d+)\s+\|\s*$")


class GpuInstance(Struct, frozen=True):
    gpu: int
    profile: str          # "2g.10gb"
    profile_id: int
    instance_id: int
    placement_start: int
    placement_size: int
    line: int


def parse_gpu_instances(text: str) -> tuple[GpuInstance, ...] | None:
    if "GPU instances:" not in text:
        return None
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        m = _LGI_RE.match(line)
        if m:
            g, prof, pid, iid, start, size = m.groups()
            out.append(GpuInstance(int(g), prof, int(pid), int(iid), int(start), int(size), n))
    return tuple(out)
