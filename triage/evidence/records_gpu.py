"""Record types shared by the GPU-side parsers (nvidia-smi in every form, DCGM, Xid).

Every record is a frozen msgspec Struct or an enum; a parser never hands out a dict of
strings. Where a fact came from a text line, the record keeps that line's 1-based
number (`line`) so classification can cite `path:line`.

Convention for input a parser does not recognise: every `parse_*` function returns
`None` (never raises for odd input); `triage.evidence.xid.parse_kernel_log` is the one
exception: any text is a kernel log, so it always returns a record (maybe empty).
"""

from __future__ import annotations

import re
from msgspec import Struct
from functools import lru_cache
from enum import Enum
from typing import Mapping

from triage import lazy_re

# ---- PCI bus ids --------------------------------------------------------------------

_PCI_RE = lazy_re.compile(
    r"(?:(?P<domain>[0-9A-Fa-f]{1,8}):)?(?P<bus>[0-9A-Fa-f]{2}):(?P<dev>[0-9A-Fa-f]{2})(?:\.(?P<fn>[0-7]))?"
)


@lru_cache(maxsize=4096)
def pci_key(bus_id: str | None) -> str | None:
    """Canonical PCI address used to join sources: `dddd:bb:dd`, lower case, no function.

    nvidia-smi prints `00000000:9B:00.0`, the kernel `PCI:0000:9b:00`, errors
    `GPU0000:A1:00.0`; all become `0000:9b:00`.

    >>> pci_key("00000000:9B:00.0"), pci_key("PCI:0000:9b:00"), pci_key("GPU0000:A1:00.0")
    ('0000:9b:00', '0000:9b:00', '0000:a1:00')
    """
    if not bus_id:
        return None
    text = bus_id.strip()
    for prefix in ("PCI:", "GPU"):
        if text.upper().startswith(prefix):
            text = text[len(prefix):]
    m = _PCI_RE.fullmatch(text.strip())
    if not m:
        return None
    domain = int(m.group("domain") or "0", 16) & 0xFFFF
    return f"{domain:04x}:{m.group('bus').lower()}:{m.group('dev').lower()}"


# ---- nvidia-smi ---------------------------------------------------------------------


class SmiErrorKind(Enum):
    """What an nvidia-smi failure output says (the first line that fails decides)."""

    DRIVER_NOT_LOADED = "driver_not_loaded"                  # couldn't communicate with the NVIDIA driver
    DRIVER_LIBRARY_MISMATCH = "driver_library_mismatch"      # Failed to initialize NVML: Driver/library version mismatch
    NVML_NOT_FOUND = "nvml_library_not_found"                # couldn't find libnvidia-ml.so
    NVML_UNKNOWN_ERROR = "nvml_unknown_error"                # Failed to initialize NVML: Unknown Error
    NVML_INIT_FAILED = "nvml_init_failed"                    # Failed to initialize NVML: <anything else>
    NO_DEVICES = "no_devices"                                # No devices were found
    GPU_LOST = "gpu_lost"                                    # ...: GPU is lost. Reboot the system to recover this GPU
    DEVICE_HANDLE_ERROR = "device_handle_error"              # Unable to determine the device handle for GPU...: Unknown Error
    INFOROM_CORRUPTED = "inforom_corrupted"                  # WARNING: infoROM is corrupted at gpu ...
    USAGE_ERROR = "usage_error"                              # ERROR: Option -m is missing its value ...


# nvidia-smi's documented return values (its man page, RETURN VALUE; the GPU Operator's
# troubleshooting guide quotes the list, NVIDIA/cloud-native-docs gpu-operator/troubleshooting.rst),
# the codes that name what its text does: the exit status a collector recorded says it when the
# words are none a parser knows (localised, cut, an unknown wording). The others (2 bad argument,
# 3 not available, 4 no permission, 6 query unsuccessful, 8 power cables, 10 interrupt issue,
# 13 NVML function missing, 255 other) name no one layer.
SMI_RETURN_CODES: Mapping[int, SmiErrorKind] = {
    9: SmiErrorKind.DRIVER_NOT_LOADED,            # NVIDIA driver is not loaded
    12: SmiErrorKind.NVML_NOT_FOUND,              # NVML Shared Library couldn't be found or loaded
    14: SmiErrorKind.INFOROM_CORRUPTED,           # infoROM is corrupted
    15: SmiErrorKind.GPU_LOST,                    # The GPU has fallen off the bus or has otherwise become inaccessible
}


class SmiError(Struct, frozen=True):
    kind: SmiErrorKind
    line: int
    excerpt: str
    pci: str | None = None                   # pci_key() of the GPU named, if any
    detail: str | None = None                # e.g. "Unknown Error" for a device handle error
    nvml_library_version: str | None = None  # "570.124" from "NVML library version: 570.124"


class GpuFlagKind(Enum):
    """A notable health fact about one GPU (from -q text, -q -x XML, CSV or the table)."""

    FAN_ERROR = "fan_error"                            # Fan column/field reads ERR!
    HW_SLOWDOWN = "hw_slowdown"                        # clocks event/throttle reason active
    HW_THERMAL_SLOWDOWN = "hw_thermal_slowdown"
    HW_POWER_BRAKE_SLOWDOWN = "hw_power_brake_slowdown"
    SW_THERMAL_SLOWDOWN = "sw_thermal_slowdown"
    ROW_REMAP_FAILURE = "row_remap_failure"            # Remapping Failure Occurred: Yes
    ROW_REMAP_PENDING = "row_remap_pending"            # Remapped Rows Pending: Yes (reset to apply)
    RETIRED_PAGES_PENDING = "retired_pages_pending"    # Pending Page Blacklist / retirement: Yes
    UNCORRECTED_ECC = "uncorrected_ecc"                # a volatile uncorrectable ECC count > 0
    RESET_REQUIRED = "reset_required"                  # GPU Reset Status: Reset Required: Yes
    FIELD_UNKNOWN_ERROR = "field_unknown_error"        # some field reads "Unknown Error"
    GPU_LOST = "gpu_lost"                              # some field reads "GPU is lost"
    INFOROM_CORRUPTED = "inforom_corrupted"
    RECOVERY_ACTION = "recovery_action"                # GPU Recovery Action other than None (R570+; Xid 154)


class GpuFlag(Struct, frozen=True):
    kind: GpuFlagKind
    line: int | None
    excerpt: str


class SmiMigDevice(Struct, frozen=True):
    gpu_index: int | None
    gpu_instance_id: int | None
    compute_instance_id: int | None
    device_index: int | None
    memory_used_mib: int | None = None
    memory_total_mib: int | None = None
    sm_count: int | None = None
    profile: str | None = None      # "1g.10gb" where the source names it (-L, DCGM)
    uuid: str | None = None
    line: int | None = None


class SmiProcess(Struct, frozen=True):
    gpu_index: int | None
    pid: int | None
    name: str
    type: str | None = None                 # C, G, C+G
    used_memory_mib: int | None = None      # None when N/A (Windows WDDM, MIG without permissions)
    gpu_instance_id: int | None = None
    compute_instance_id: int | None = None
    gpu_uuid: str | None = None
    line: int | None = None


class SmiGpu(Struct, frozen=True):
    index: int | None
    name: str | None
    bus_id: str | None = None               # as printed: 00000000:00:1E.0
    uuid: str | None = None
    memory_total_mib: int | None = None
    memory_used_mib: int | None = None
    utilization_pct: int | None = None
    persistence_mode: str | None = None     # On/Off (Enabled/Disabled in -q)
    driver_model: str | None = None         # WDDM/TCC (Windows)
    compute_mode: str | None = None
    mig_mode_current: str | None = None     # Enabled/Disabled/N/A
    mig_mode_pending: str | None = None
    ecc_volatile_uncorrected: int | None = None
    ecc_aggregate_uncorrected: int | None = None
    retired_pages_sbe: int | None = None
    retired_pages_dbe: int | None = None
    retired_pages_pending: bool | None = None
    remapped_rows_correctable: int | None = None
    remapped_rows_uncorrectable: int | None = None
    remapped_rows_pending: bool | None = None
    remapped_rows_failure: bool | None = None
    fan: str | None = None                  # "38%", "N/A", "ERR!"
    recovery_action: str | None = None      # "None", "Reset", "Node Reboot", "Drain and Reset" (R570+)
    # the GPU's registration with the NVLink fabric (NVML nvmlGpuFabricInfo: the fabric manager's probe):
    # state "Not Started" / "In Progress" / "Completed" (N/A or "Not Supported" where none is reported:
    # before Hopper, PCIe cards, a single GPU), status the probe's result ("Success" or NVML's error text)
    fabric_state: str | None = None
    fabric_status: str | None = None
    fabric_line: int | None = None
    line: int | None = None
    flags: tuple[GpuFlag, ...] = ()

    @property
    def pci(self) -> str | None:
        return pci_key(self.bus_id)

    def has(self, kind: GpuFlagKind) -> bool:
        return any(f.kind is kind for f in self.flags)

    @property
    def fabric(self) -> str | None:
        """The GPU's fabric registration: "registered" (Completed, Success), "not_started" (no
        fabric manager has probed it), "in_progress" (probed, not registered yet: the fabric still
        training, or with shared-NVSwitch partitioning a partition not activated yet), "failed"
        (Completed with an error status); None when no state is reported (N/A, Not Supported) or
        the field holds an error of its own ("GPU is lost": the flags say that)."""
        state = (self.fabric_state or "").strip()
        if state == "Not Started":
            return "not_started"
        if state == "In Progress":
            return "in_progress"
        if state != "Completed":
            return None
        return "registered" if (self.fabric_status or "").strip() in ("", "Success", "N/A") else "failed"


class SmiOutputKind(Enum):
    TABLE = "table"          # plain `nvidia-smi`
    QUERY_TEXT = "q"         # `nvidia-smi -q`
    XML = "q-x"              # `nvidia-smi -q -x`
    CSV = "csv"              # `--query-gpu ... --format=csv`
    ERROR = "error"          # only an error message


class NvidiaSmiReport(Struct, frozen=True):
    """What one nvidia-smi run tells about a node: the same shape for table, -q, -q -x and CSV."""

    kind: SmiOutputKind
    driver_version: str | None = None
    cuda_version: str | None = None
    attached_gpus: int | None = None
    gpus: tuple[SmiGpu, ...] = ()
    mig_devices: tuple[SmiMigDevice, ...] = ()
    processes: tuple[SmiProcess, ...] = ()
    errors: tuple[SmiError, ...] = ()
    driver_version_line: int | None = None
    schema: str | None = None               # XML DTD name, e.g. nvsmi_device_v13.dtd
    truncated: bool = False                 # XML cut short (bounded collection): only whole <gpu>s read

    def gpu(self, index: int) -> SmiGpu | None:
        return next((g for g in self.gpus if g.index == index), None)


# ---- small helpers shared by the parsers ---------------------------------------------

_INT_RE = lazy_re.compile(r"^\s*(-?\d+)\s*(?:MiB|MB|%|C|W|MHz)?\s*$")


def to_int(text: str | None) -> int | None:
    """`"81559 MiB"` -> 81559; `"N/A"`, `"[N/A]"`, `""` -> None."""
    if text is None:
        return None
    m = _INT_RE.match(text)
    return int(m.group(1)) if m else None


def needs_recovery(action: str | None) -> bool:
    """True when a GPU Recovery Action field asks for something ("Reset", "Node Reboot" ...)."""
    return action is not None and action.strip() not in ("", "None", "N/A", "[N/A]")


def to_bool(text: str | None) -> bool | None:
    """`Yes`/`No`, `Active`/`Not Active`, `Enabled`/`Disabled` -> bool; anything else -> None."""
    if text is None:
        return None
    t = text.strip().lower()
    if t in ("yes", "active", "enabled", "on", "true"):
        return True
    if t in ("no", "not active", "disabled", "off", "false"):
        return False
    return None


__all__ = [
    "GpuFlag", "GpuFlagKind", "NvidiaSmiReport", "SmiError", "SmiErrorKind", "SmiGpu",
    "SmiMigDevice", "SmiOutputKind", "SmiProcess", "needs_recovery", "pci_key", "to_bool", "to_int",
]
