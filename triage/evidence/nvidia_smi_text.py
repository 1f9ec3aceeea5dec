"""nvidia-smi text output: the default table, `-q` text, and error messages.

Text in, `NvidiaSmiReport` out (see `records_gpu`); `None` when the text is not
nvidia-smi output at all. Every GPU, MIG device, process and error keeps the 1-based
line it came from.

Default table (590+, a MIG device and one process)::

    | NVIDIA-SMI 590.48.01              Driver Version: 590.48.01      CUDA Version: 13.1     |
    |   0  NVIDIA H100 80GB HBM3          On  |   00000000:00:09.0 Off |                   On |
    | N/A   52C    P0            432W /  700W |   11125MiB /  81559MiB |     N/A      Default |
    |                                         |                        |              Enabled |
    |  0    2   0   0  |           11091MiB / 40448MiB    | 60      0 |  3   0    3    0    3 |
    |    0    2    0            21180      C   /root/tools/memhog                     2296MiB |

Errors (the whole output)::

    Failed to initialize NVML: Driver/library version mismatch
    NVML library version: 570.124

`-q` text::

    Driver Version                            : 535.129.03
    GPU 00000000:07:00.0
        Product Name                          : NVIDIA A10
        Remapped Rows
            Uncorrectable Error               : 4
            Pending                           : Yes
"""

from __future__ import annotations

import re
from msgspec import Struct, field

from triage import lazy_re
from triage.evidence.records_gpu import (
    GpuFlag, GpuFlagKind, NvidiaSmiReport, SmiError, SmiErrorKind, SmiGpu, SmiMigDevice,
    SmiOutputKind, SmiProcess, needs_recovery, pci_key, to_bool, to_int,
)

# ---- error messages -------------------------------------------------------------------

_BUS = r"(?:GPU\s?)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)"
_ERROR_PATTERNS: tuple[tuple[re.Pattern[str], SmiErrorKind], ...] = (
    (lazy_re.compile(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"),
     SmiErrorKind.DRIVER_NOT_LOADED),
    (lazy_re.compile(r"Failed to initialize NVML: Driver/library version mismatch"), SmiErrorKind.DRIVER_LIBRARY_MISMATCH),
    (lazy_re.compile(r"Failed to initialize NVML: Unknown Error"), SmiErrorKind.NVML_UNKNOWN_ERROR),
    (lazy_re.compile(r"Failed to initialize NVML: (.+)"), SmiErrorKind.NVML_INIT_FAILED),
    (lazy_re.compile(r"couldn't find libnvidia-ml\.so"), SmiErrorKind.NVML_NOT_FOUND),
    (lazy_re.compile(r"^\s*No devices were found"), SmiErrorKind.NO_DEVICES),
    (lazy_re.compile(r"Unable to determine the device handle for " + _BUS + r":\s*(GPU is lost.*)"), SmiErrorKind.GPU_LOST),
    (lazy_re.compile(r"Unable to determine the device handle for " + _BUS + r":\s*(.*)"), SmiErrorKind.DEVICE_HANDLE_ERROR),
    (lazy_re.compile(r"WARNING: infoROM is corrupted at gpu " + _BUS), SmiErrorKind.INFOROM_CORRUPTED),
    (lazy_re.compile(r"^(?:ERROR: )?(.*Please run 'nvidia-smi -h' for help.*)"), SmiErrorKind.USAGE_ERROR),
)
_NVML_LIB_RE = lazy_re.compile(r"NVML library version:\s*(\S+)")


def find_errors(lines: list[str] | tuple[str, ...]) -> tuple[SmiError, ...]:
    """Every nvidia-smi error/warning message in the lines, in order."""
    out: list[SmiError] = []
    for i, line in enumerate(lines):
        if len(line) > 2000 or not any(k in line for k in ("NVML", "NVIDIA", "libnvidia", "devices", "handle",
                                                            "infoROM", "nvidia-smi -h")):
            continue
        for pattern, kind in _ERROR_PATTERNS:
            m = pattern.search(line)
            if not m:
                continue
            pci = detail = lib = None
            if kind in (SmiErrorKind.GPU_LOST, SmiErrorKind.DEVICE_HANDLE_ERROR):
                pci, detail = pci_key(m.group(1)), m.group(2).strip() or None
            elif kind is SmiErrorKind.INFOROM_CORRUPTED:
                pci = pci_key(m.group(1))
            elif kind in (SmiErrorKind.NVML_INIT_FAILED, SmiErrorKind.USAGE_ERROR):
                detail = m.group(1).strip()
            if kind is SmiErrorKind.DRIVER_LIBRARY_MISMATCH:
                for nxt in lines[i + 1:i + 3]:
                    lm = _NVML_LIB_RE.search(nxt)
                    if lm:
                        lib = lm.group(1)
                        break
            out.append(SmiError(kind, i + 1, line.strip()[:300], pci, detail, lib))
            break
    return tuple(out)


# ---- default table ----------------------------------------------------------------------

_HEADER_RE = lazy_re.compile(
    r"NVIDIA-SMI\s+(?P<smi>\S+)\s+(?:Driver|KMD) Version:\s+(?P<driver>\S+)\s+CUDA(?: UMD)? Version:\s+(?P<cuda>[\w.]+)")
# Greedy groups before a literal tail: a lazy `.*?` before `\s+X\s*$` rescans a run of spaces at
# every character (quadratic); the tails are anchored at `$`, so greedy finds the same split.
_GPU_CELL1_RE = lazy_re.compile(r"^\s*(?P<idx>\d+)\s+(?P<name>\S(?:.*\S)?)\s+(?P<pm>On|Off|WDDM|TCC|MCDM|N/A)\s*$")
_GPU_CELL2_RE = lazy_re.compile(r"^\s*(?P<bus>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s+(?P<disp>\S+)\s*$")
_MEM_RE = lazy_re.compile(r"(\d+)\s*MiB\s*/\s*(\d+)\s*MiB")
_MIG_CELL_RE = lazy_re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$")
_PROC_RE = lazy_re.compile(
    r"^\|\s+(?P<gpu>\d+)\s+(?:(?P<gi>N/A|\d+)\s+(?P<ci>N/A|\d+)\s+)?(?P<pid>\d+)\s+(?P<type>C\+G|M\+C|C|G|M)\s+"
    r"(?:(?P<name>\S(?:.*\S)?)\s+|)(?P<mem>(?<!\S)\d+\s*MiB|N/A)\s*(?:\|\s*)?$")


def _cells(line: str) -> list[str]:
    return line.split("|")


def _int_or_none(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def parse_table(text: str) -> NvidiaSmiReport | None:
    """Parse plain `nvidia-smi` output (any layout since R418, Linux or Windows, MIG or not).

    Returns None when the text holds neither a table nor an nvidia-smi error.

    >>> r = parse_table("Unable to determine the device handle for GPU0000:A1:00.0: Unknown Error")
    >>> r.kind.value, r.errors[0].kind.value, r.errors[0].pci, r.errors[0].detail
    ('error', 'device_handle_error', '0000:a1:00', 'Unknown Error')
    """
    lines = text.splitlines()
    driver = cuda = None
    driver_line = None
    gpus: list[SmiGpu] = []
    migs: list[SmiMigDevice] = []
    procs: list[SmiProcess] = []
    section = "gpus"
    i = 0
    while i < len(lines):
        line = lines[i]
        if "NVIDIA-SMI" in line and driver is None:
            m = _HEADER_RE.search(line)
            if m:
                driver, cuda, driver_line = m.group("driver"), m.group("cuda"), i + 1
        if "MIG devices:" in line:
            section = "mig"
        elif "Processes:" in line:
            section = "processes"
        cells = _cells(line)
        if len(cells) == 5 and _GPU_CELL2_RE.match(cells[2]) and _GPU_CELL1_RE.match(cells[1]):
            gpus.append(_table_gpu(lines, i))
            section = "gpus"
        elif section == "mig" and len(cells) == 6 and _MIG_CELL_RE.match(cells[1]):
            g, gi, ci, dev = (int(x) for x in _MIG_CELL_RE.match(cells[1]).groups())  # type: ignore[union-attr]
            mem = _MEM_RE.search(cells[2])
            sm = cells[3].split()
            migs.append(SmiMigDevice(g, gi, ci, dev,
                                     memory_used_mib=int(mem.group(1)) if mem else None,
                                     memory_total_mib=int(mem.group(2)) if mem else None,
                                     sm_count=_int_or_none(sm[0]) if sm else None, line=i + 1))
        elif section == "processes" and line.startswith("|"):
            pm = _PROC_RE.match(line)
            if pm:
                procs.append(SmiProcess(
                    gpu_index=int(pm.group("gpu")), pid=int(pm.group("pid")), name=pm.group("name") or "",
                    type=pm.group("type"), used_memory_mib=to_int(pm.group("mem").replace(" ", "")),
                    gpu_instance_id=_int_or_none(pm.group("gi") or ""),
                    compute_instance_id=_int_or_none(pm.group("ci") or ""), line=i + 1))
        i += 1
    errors = find_errors(lines)
    if driver is None and not gpus and not errors:
        return None
    kind = SmiOutputKind.TABLE if (driver or gpus) else SmiOutputKind.ERROR
    return NvidiaSmiReport(kind=kind, driver_version=driver, cuda_version=cuda,
                           attached_gpus=len(gpus) if gpus else None, gpus=tuple(gpus),
                           mig_devices=tuple(migs), processes=tuple(procs), errors=errors,
                           driver_version_line=driver_line)


def _table_gpu(lines: list[str], i: int) -> SmiGpu:
    """A GPU row is 2 lines (R418) or 3 (R450+, with MIG M.); `i` is its first line."""
    c1, c2, c3 = _cells(lines[i])[1:4]
    m1 = _GPU_CELL1_RE.match(c1)
    m2 = _GPU_CELL2_RE.match(c2)
    assert m1 and m2
    pm = m1.group("pm")
    flags: list[GpuFlag] = []
    fan = util = used = total = compute = mig = None
    ecc = c3.strip()
    if i + 1 < len(lines) and len(_cells(lines[i + 1])) == 5:
        s1, s2, s3 = _cells(lines[i + 1])[1:4]
        words = s1.split()
        fan = words[0] if words else None
        if fan and fan.startswith("ERR!"):
            fan = "ERR!"
            flags.append(GpuFlag(GpuFlagKind.FAN_ERROR, i + 2, lines[i + 1].strip()))
        mem = _MEM_RE.search(s2)
        if mem:
            used, total = int(mem.group(1)), int(mem.group(2))
        w3 = s3.split(None, 1)
        if w3:
            util = to_int(w3[0])
            compute = w3[1].strip() if len(w3) > 1 else None
        if i + 2 < len(lines):
            t = _cells(lines[i + 2])
            if len(t) == 5 and not t[1].strip() and not t[2].strip() and t[3].strip():
                mig = t[3].strip()
    ecc_count = _int_or_none(ecc)
    if ecc_count:
        flags.append(GpuFlag(GpuFlagKind.UNCORRECTED_ECC, i + 1, lines[i].strip()))
    windows_model = pm in ("WDDM", "TCC", "MCDM")
    return SmiGpu(index=int(m1.group("idx")), name=m1.group("name"), bus_id=m2.group("bus"),
                  memory_total_mib=total, memory_used_mib=used, utilization_pct=util,
                  persistence_mode=None if windows_model else pm, driver_model=pm if windows_model else None,
                  compute_mode=compute, mig_mode_current=mig, ecc_volatile_uncorrected=ecc_count,
                  fan=fan, line=i + 1, flags=tuple(flags))


# ---- -q text ------------------------------------------------------------------------------

_KV_RE = lazy_re.compile(r"^( *)([^:]*?\S)\s+:(?: (.*))?$")
_KEY_RE = lazy_re.compile(r"^( *)(\S.*)")       # the key is rstripped: `(\S.*?)\s*$` is quadratic
_GPU_KEY_RE = lazy_re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])$")


class QNode(Struct):
    """One line of `nvidia-smi -q` text: `key : value`, or a section `key` with children."""

    key: str
    value: str | None
    line: int
    indent: int
    children: list["QNode"] = field(default_factory=list)

    def child(self, *path: str) -> "QNode | None":
        node: QNode | None = self
        for key in path:
            node = next((c for c in node.children if c.key == key), None) if node else None
        return node

    def value_of(self, *path: str) -> str | None:
        node = self.child(*path)
        return node.value if node else None

    def walk(self):
        for c in self.children:
            yield c
            yield from c.walk()


def parse_q_tree(text: str) -> QNode:
    """Indentation tree of `nvidia-smi -q` text (root key '')."""
    root = QNode("", None, 0, -1)
    stack = [root]
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.startswith("====") or len(raw) > 2000:
            continue
        raw = raw.replace("\t", "    ")
        m = _KV_RE.match(raw)
        if m:
            indent, key, value = len(m.group(1)), m.group(2).strip(), (m.group(3) or "").strip()
        else:
            k = _KEY_RE.match(raw)
            if not k:
                continue
            indent, key, value = len(k.group(1)), k.group(2).rstrip(), None
        while len(stack) > 1 and stack[-1].indent >= indent:
            stack.pop()
        node = QNode(key, value, n, indent)
        stack[-1].children.append(node)
        stack.append(node)
    return root


_SLOWDOWN_KEYS = {
    "HW Slowdown": GpuFlagKind.HW_SLOWDOWN,
    "HW Thermal Slowdown": GpuFlagKind.HW_THERMAL_SLOWDOWN,
    "HW Power Brake Slowdown": GpuFlagKind.HW_POWER_BRAKE_SLOWDOWN,
    "SW Thermal Slowdown": GpuFlagKind.SW_THERMAL_SLOWDOWN,
}
_UNCORRECTED_KEYS = ("DRAM Uncorrectable", "SRAM Uncorrectable", "SRAM Uncorrectable Parity",
                     "SRAM Uncorrectable SEC-DED")


def parse_query_text(text: str) -> NvidiaSmiReport | None:
    """Parse `nvidia-smi -q` text. None unless it has the `NVSMI LOG` banner or a
    `Driver Version : x` line followed by `GPU <bus id>` sections."""
    root = parse_q_tree(text)
    gpu_nodes = [c for c in root.children if _GPU_KEY_RE.match(c.key)]
    driver_node = root.child("KMD Version") or root.child("Driver Version")
    if not gpu_nodes and driver_node is None:
        return None
    if "NVSMI LOG" not in text[:400] and driver_node is None:
        return None
    driver = driver_node.value.split()[0] if driver_node and driver_node.value else None
    cuda_raw = root.value_of("CUDA UMD Version") or root.value_of("CUDA Version")
    gpus, migs, procs = [], [], []
    for idx, node in enumerate(gpu_nodes):
        gpu, gpu_migs, gpu_procs = _q_gpu(node, idx)
        gpus.append(gpu)
        migs.extend(gpu_migs)
        procs.extend(gpu_procs)
    return NvidiaSmiReport(
        kind=SmiOutputKind.QUERY_TEXT, driver_version=driver,
        cuda_version=cuda_raw.split()[0] if cuda_raw else None,
        attached_gpus=to_int(root.value_of("Attached GPUs")), gpus=tuple(gpus), mig_devices=tuple(migs),
        processes=tuple(procs), errors=find_errors(text.splitlines()),
        driver_version_line=driver_node.line if driver_node else None)


def _q_gpu(node: QNode, idx: int) -> tuple[SmiGpu, list[SmiMigDevice], list[SmiProcess]]:
    bus = _GPU_KEY_RE.match(node.key).group(1)  # type: ignore[union-attr]
    flags: list[GpuFlag] = []

    def flag(kind: GpuFlagKind, n: QNode) -> None:
        flags.append(GpuFlag(kind, n.line, f"{n.key} : {n.value}"))

    reasons = node.child("Clocks Event Reasons") or node.child("Clocks Throttle Reasons")
    if reasons:
        for n in reasons.walk():
            if n.key in _SLOWDOWN_KEYS and n.value == "Active":
                flag(_SLOWDOWN_KEYS[n.key], n)
    rows = node.child("Remapped Rows")
    if rows:
        for key, kind in (("Remapping Failure Occurred", GpuFlagKind.ROW_REMAP_FAILURE),
                          ("Pending", GpuFlagKind.ROW_REMAP_PENDING)):
            n = rows.child(key)
            if n and to_bool(n.value):
                flag(kind, n)
    pages = node.child("Retired Pages")
    if pages:
        for n in pages.children:
            if n.key.startswith("Pending") and to_bool(n.value):
                flag(GpuFlagKind.RETIRED_PAGES_PENDING, n)
    reset = node.child("GPU Reset Status", "Reset Required")
    if reset and to_bool(reset.value):
        flag(GpuFlagKind.RESET_REQUIRED, reset)
    recovery = node.child("GPU Recovery Action")
    if recovery and needs_recovery(recovery.value):
        flag(GpuFlagKind.RECOVERY_ACTION, recovery)
    fabric = node.child("Fabric", "State")
    fan = node.child("Fan Speed")
    if fan and fan.value and "ERR" in fan.value:
        flag(GpuFlagKind.FAN_ERROR, fan)
    lost = unknown = False
    for n in node.walk():
        if n.value and "GPU is lost" in n.value and not lost:
            flag(GpuFlagKind.GPU_LOST, n)
            lost = True
        elif n.value == "Unknown Error" and not unknown:
            flag(GpuFlagKind.FIELD_UNKNOWN_ERROR, n)
            unknown = True
    vol_unc = _ecc_uncorrected(node.child("ECC Errors", "Volatile"))
    agg_unc = _ecc_uncorrected(node.child("ECC Errors", "Aggregate"))
    if vol_unc:
        n = node.child("ECC Errors", "Volatile")
        flags.append(GpuFlag(GpuFlagKind.UNCORRECTED_ECC, n.line if n else None, f"volatile uncorrectable ECC: {vol_unc}"))
    pages_sbe = pages.value_of("Single Bit ECC") if pages else None
    pages_dbe = pages.value_of("Double Bit ECC") if pages else None
    pending_page = next((c.value for c in pages.children if c.key.startswith("Pending")), None) if pages else None
    gpu = SmiGpu(
        index=idx,
        name=node.value_of("Product Name"), bus_id=bus, uuid=node.value_of("GPU UUID"),
        memory_total_mib=to_int(node.value_of("FB Memory Usage", "Total")),
        memory_used_mib=to_int(node.value_of("FB Memory Usage", "Used")),
        utilization_pct=to_int(node.value_of("Utilization", "GPU") or node.value_of("Utilization", "Gpu")),
        persistence_mode=node.value_of("Persistence Mode"),
        driver_model=_na(node.value_of("Driver Model", "Current")),
        compute_mode=node.value_of("Compute Mode"),
        mig_mode_current=node.value_of("MIG Mode", "Current"), mig_mode_pending=node.value_of("MIG Mode", "Pending"),
        ecc_volatile_uncorrected=vol_unc, ecc_aggregate_uncorrected=agg_unc,
        retired_pages_sbe=to_int(pages_sbe), retired_pages_dbe=to_int(pages_dbe),
        retired_pages_pending=to_bool(pending_page),
        remapped_rows_correctable=to_int(rows.value_of("Correctable Error")) if rows else None,
        remapped_rows_uncorrectable=to_int(rows.value_of("Uncorrectable Error")) if rows else None,
        remapped_rows_pending=to_bool(rows.value_of("Pending")) if rows else None,
        remapped_rows_failure=to_bool(rows.value_of("Remapping Failure Occurred")) if rows else None,
        fan=fan.value if fan else None, recovery_action=recovery.value if recovery else None,
        fabric_state=fabric.value if fabric else None, fabric_status=node.value_of("Fabric", "Status"),
        fabric_line=fabric.line if fabric else None, line=node.line, flags=tuple(flags))
    migs = []
    for m in (c for c in node.children if c.key == "MIG Device"):
        fb = m.child("FB Memory Usage") or m.child("Shared FB Memory Usage")
        migs.append(SmiMigDevice(
            idx, to_int(m.value_of("GPU Instance ID")), to_int(m.value_of("Compute Instance ID")),
            to_int(m.value_of("Index")),
            memory_used_mib=to_int(fb.value_of("Used")) if fb else None,
            memory_total_mib=to_int(fb.value_of("Total")) if fb else None,
            sm_count=to_int(m.value_of("Device Attributes", "Shared", "Multiprocessor count")), line=m.line))
    procs = []
    proc_root = node.child("Processes")
    gi = ci = None
    for c in proc_root.children if proc_root else []:
        if c.key == "GPU instance ID":
            gi = to_int(c.value)
        elif c.key == "Compute instance ID":
            ci = to_int(c.value)
        elif c.key == "Process ID":
            procs.append(SmiProcess(
                gpu_index=idx, pid=to_int(c.value), name=c.value_of("Name") or "", type=c.value_of("Type"),
                used_memory_mib=to_int(c.value_of("Used GPU Memory")), gpu_instance_id=gi,
                compute_instance_id=ci, gpu_uuid=gpu.uuid, line=c.line))
    return gpu, migs, procs


def _na(value: str | None) -> str | None:
    return None if value in (None, "", "N/A") else value


def _ecc_uncorrected(node: QNode | None) -> int | None:
    """Sum of the uncorrectable counters under ECC Errors/Volatile (or Aggregate);
    the pre-Ampere layout keeps them under `Double Bit / Total`."""
    if node is None:
        return None
    values = [to_int(c.value) for c in node.children if c.key in _UNCORRECTED_KEYS]
    dbe = node.value_of("Double Bit", "Total")
    if dbe is not None:
        values.append(to_int(dbe))
    known = [v for v in values if v is not None]
    return sum(known) if known else None
