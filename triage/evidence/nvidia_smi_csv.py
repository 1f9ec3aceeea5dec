"""nvidia-smi `--query-gpu` / `--query-compute-apps` / `--query-retired-pages` CSV.

Header with or without units; values nvidia-smi could not read come in brackets and
become `CsvCell(value=None, reason="Unknown Error")`. Sample::

    name, utilization.gpu [%], power.draw [W], power.default_limit [W]
    GeForce RTX 2080 Ti, 100, 228.82, [Unknown Error]

`parse_csv(text, columns=None)` returns None when the text is not such a CSV. For
`--format=csv,noheader` pass the queried field names as `columns`.
`SmiCsv.report()` turns a query-gpu or query-compute-apps table into the common
`NvidiaSmiReport`.
"""

from __future__ import annotations

import csv
import re
from msgspec import Struct

from triage import lazy_re
from triage.evidence.records_gpu import (
    GpuFlag, GpuFlagKind, NvidiaSmiReport, SmiGpu, SmiOutputKind, SmiProcess, needs_recovery, to_bool, to_int,
)

_COLUMN_RE = lazy_re.compile(r"^([A-Za-z_][A-Za-z0-9_.]*)(?: \[([^\]]+)\])?$")
_BRACKET_RE = lazy_re.compile(r"^\[(.+)\]$")
_KNOWN_FIELD_ROOTS = frozenset((
    "timestamp", "driver_version", "kmd_version", "count", "name", "gpu_name", "serial", "gpu_serial", "uuid",
    "gpu_uuid", "pci", "gpu_bus_id", "index", "pid", "process_name", "used_gpu_memory", "used_memory", "memory",
    "utilization", "temperature", "power", "clocks", "fan", "pstate", "ecc", "retired_pages", "remapped_rows",
    "mig", "compute_mode", "persistence_mode", "display_mode", "display_active", "vbios_version", "inforom",
    "gom", "encoder", "driver_model", "clocks_event_reasons", "clocks_throttle_reasons", "compute_cap",
    "pcie", "accounting", "vgpu_driver_capability", "vgpu_device_capability", "addressing_mode",
    "enforced", "protected_memory", "fabric", "module", "gpu_recovery_action",
))
_NOT_AVAILABLE = ("N/A", "Not Supported", "Unknown Error", "GPU is lost", "Insufficient Permissions",
                  "Not Found", "Function Not Found")


class CsvColumn(Struct, frozen=True):
    name: str            # "memory.total"
    unit: str | None     # "MiB" (None when the header had none)


class CsvCell(Struct, frozen=True):
    raw: str
    value: str | None    # the value without its unit; None when nvidia-smi could not read it
    reason: str | None   # why value is None: "N/A", "Not Supported", "Unknown Error", ...


class CsvRow(Struct, frozen=True):
    line: int
    columns: tuple[str, ...]
    cells: tuple[CsvCell, ...]

    def get(self, *names: str) -> CsvCell | None:
        """The first of `names` present in the row (aliases across versions)."""
        for name in names:
            if name in self.columns:
                i = self.columns.index(name)
                return self.cells[i] if i < len(self.cells) else None
        return None

    def text(self, *names: str) -> str | None:
        cell = self.get(*names)
        return cell.value if cell else None

    def int(self, *names: str) -> int | None:
        return to_int(self.text(*names))


class SmiCsv(Struct, frozen=True):
    columns: tuple[CsvColumn, ...]
    rows: tuple[CsvRow, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def query(self) -> str:
        """`gpu`, `compute-apps`, `retired-pages` or `other`, judged from the columns."""
        names = set(self.names)
        if "pid" in names:
            return "compute-apps"
        if any(n.startswith("retired_pages.address") for n in names):
            return "retired-pages"
        if names & {"name", "uuid", "index", "driver_version", "memory.total", "utilization.gpu"}:
            return "gpu"
        return "other"

    def report(self) -> NvidiaSmiReport:
        gpus: list[SmiGpu] = []
        procs: list[SmiProcess] = []
        driver = cuda = None
        driver_line = None
        if self.query == "gpu":
            for n, row in enumerate(self.rows):
                gpus.append(_gpu(row, n))
                if driver is None and row.text("kmd_version", "driver_version"):
                    driver, driver_line = row.text("kmd_version", "driver_version"), row.line
        elif self.query == "compute-apps":
            for row in self.rows:
                procs.append(SmiProcess(
                    gpu_index=None, pid=row.int("pid"), name=row.text("process_name", "name") or "",
                    used_memory_mib=row.int("used_gpu_memory", "used_memory"),
                    gpu_uuid=row.text("gpu_uuid"), line=row.line))
        return NvidiaSmiReport(kind=SmiOutputKind.CSV, driver_version=driver, cuda_version=cuda,
                               attached_gpus=len(gpus) or None, gpus=tuple(gpus), processes=tuple(procs),
                               driver_version_line=driver_line)


def _gpu(row: CsvRow, position: int) -> SmiGpu:
    flags = []
    for col, kind in (("clocks_event_reasons.hw_slowdown", GpuFlagKind.HW_SLOWDOWN),
                      ("clocks_throttle_reasons.hw_slowdown", GpuFlagKind.HW_SLOWDOWN),
                      ("clocks_event_reasons.hw_thermal_slowdown", GpuFlagKind.HW_THERMAL_SLOWDOWN),
                      ("clocks_event_reasons.hw_power_brake_slowdown", GpuFlagKind.HW_POWER_BRAKE_SLOWDOWN),
                      ("clocks_event_reasons.sw_thermal_slowdown", GpuFlagKind.SW_THERMAL_SLOWDOWN),
                      ("remapped_rows.failure", GpuFlagKind.ROW_REMAP_FAILURE),
                      ("remapped_rows.pending", GpuFlagKind.ROW_REMAP_PENDING),
                      ("retired_pages.pending", GpuFlagKind.RETIRED_PAGES_PENDING)):
        if to_bool(row.text(col)):
            flags.append(GpuFlag(kind, row.line, f"{col}: {row.text(col)}"))
    if any(c.reason == "Unknown Error" for c in row.cells):
        flags.append(GpuFlag(GpuFlagKind.FIELD_UNKNOWN_ERROR, row.line, "[Unknown Error]"))
    if any(c.reason == "GPU is lost" for c in row.cells):
        flags.append(GpuFlag(GpuFlagKind.GPU_LOST, row.line, "[GPU is lost]"))
    recovery = row.text("gpu_recovery_action")
    if needs_recovery(recovery):
        flags.append(GpuFlag(GpuFlagKind.RECOVERY_ACTION, row.line, f"gpu_recovery_action: {recovery}"))
    fan = row.text("fan.speed")
    if fan and "ERR" in fan:
        flags.append(GpuFlag(GpuFlagKind.FAN_ERROR, row.line, f"fan.speed: {fan}"))
    ecc = row.int("ecc.errors.uncorrected.volatile.total")
    if ecc:
        flags.append(GpuFlag(GpuFlagKind.UNCORRECTED_ECC, row.line, f"ecc.errors.uncorrected.volatile.total: {ecc}"))
    index = row.int("index")
    return SmiGpu(
        index=index if index is not None else position, name=row.text("name", "gpu_name"),
        bus_id=row.text("pci.bus_id", "gpu_bus_id"), uuid=row.text("uuid", "gpu_uuid"),
        memory_total_mib=row.int("memory.total"), memory_used_mib=row.int("memory.used"),
        utilization_pct=row.int("utilization.gpu"), persistence_mode=row.text("persistence_mode"),
        driver_model=row.text("driver_model.current"), compute_mode=row.text("compute_mode"),
        mig_mode_current=row.text("mig.mode.current"), mig_mode_pending=row.text("mig.mode.pending"),
        ecc_volatile_uncorrected=ecc, ecc_aggregate_uncorrected=row.int("ecc.errors.uncorrected.aggregate.total"),
        retired_pages_sbe=row.int("retired_pages.single_bit_ecc.count", "retired_pages.sbe"),
        retired_pages_dbe=row.int("retired_pages.double_bit.count", "retired_pages.dbe"),
        retired_pages_pending=to_bool(row.text("retired_pages.pending")),
        remapped_rows_correctable=row.int("remapped_rows.correctable"),
        remapped_rows_uncorrectable=row.int("remapped_rows.uncorrectable"),
        remapped_rows_pending=to_bool(row.text("remapped_rows.pending")),
        remapped_rows_failure=to_bool(row.text("remapped_rows.failure")),
        fan=fan, recovery_action=recovery, fabric_state=row.text("fabric.state"),
        fabric_status=row.text("fabric.status"), fabric_line=row.line if row.text("fabric.state") else None,
        line=row.line, flags=tuple(flags))


def _cell(raw: str, unit: str | None) -> CsvCell:
    text = raw.strip()
    m = _BRACKET_RE.match(text)
    if m:
        return CsvCell(raw, None, m.group(1))
    if text in _NOT_AVAILABLE:
        return CsvCell(raw, None, text)
    if unit and text.endswith(" " + unit):
        text = text[: -len(unit) - 1].strip()
    return CsvCell(raw, text, None)


def _header(fields: list[str]) -> tuple[CsvColumn, ...] | None:
    """Columns of a header line, or None unless most fields are nvidia-smi query fields."""
    cols = []
    for f in fields:
        m = _COLUMN_RE.match(f.strip())
        if not m:
            return None
        cols.append(CsvColumn(m.group(1), m.group(2)))
    known = sum(1 for c in cols if c.name.split(".")[0] in _KNOWN_FIELD_ROOTS)
    return tuple(cols) if known * 2 >= len(cols) and known else None


def parse_csv(text: str, columns: tuple[str, ...] | list[str] | None = None) -> SmiCsv | None:
    """Rows of a query CSV.

    >>> table = parse_csv("name, power.draw [W], power.default_limit [W]\\n"
    ...                   "GeForce RTX 2080 Ti, 228.82, [Unknown Error]\\n")
    >>> row = table.rows[0]
    >>> row.text("name"), row.text("power.draw"), row.get("power.default_limit").reason
    ('GeForce RTX 2080 Ti', '228.82', 'Unknown Error')
    """
    lines = text.splitlines()
    header: tuple[CsvColumn, ...] | None = None
    if columns:
        header = tuple(CsvColumn(c, None) for c in columns)
    rows: list[CsvRow] = []
    try:
        for n, line in enumerate(lines, start=1):
            if not line.strip() or len(line) > 100_000:
                continue
            fields = next(csv.reader([line], skipinitialspace=True))
            if header is None:
                header = _header(fields)
                if header is None:
                    return None
                continue
            if len(fields) != len(header):
                continue                      # a stray line (warning, prompt); rows must match the header
            names = tuple(c.name for c in header)
            rows.append(CsvRow(n, names, tuple(_cell(f, c.unit) for f, c in zip(fields, header))))
    except csv.Error:
        return None
    if header is None or (not rows and columns):
        return None
    return SmiCsv(header, tuple(rows))
