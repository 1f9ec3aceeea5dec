"""Facade: given an exec output's command slug and text, pick the nvidia-smi parser.

    >>> parsed = parse_nvidia_smi("nvidia-smi", "Failed to initialize NVML: Driver/library version mismatch\\n")
    >>> parsed.report.errors[0].kind.value
    'driver_library_mismatch'

Slugs are those of `triage.bundle.layout.command_slug` (`nvidia-smi`, `nvidia-smi-q`,
`nvidia-smi-q-x`, `nvidia-smi-L`, `nvidia-smi-query-gpu-name-memory.total-format-csv`,
`nvidia-smi-version`, `nvidia-smi-topo-m`, `nvidia-smi-nvlink-s`, `nvidia-smi-pmon-c-1`,
`nvidia-smi-dmon-c-1`, `nvidia-smi-mig-lgi`). An unknown slug falls back to sniffing the text.
Whatever the command, an nvidia-smi error message (NVML mismatch, no driver, GPU lost ...)
comes back as `report.kind == SmiOutputKind.ERROR`. Returns None when nothing was recognised.
"""

from __future__ import annotations

import re
from msgspec import Struct
from msgspec.structs import replace

from triage import lazy_re
from triage.evidence.nvidia_smi_csv import SmiCsv, parse_csv
from triage.evidence.nvidia_smi_list import SmiList, parse_list
from triage.evidence.nvidia_smi_text import find_errors, parse_query_text, parse_table
from triage.evidence.nvidia_smi_tools import (
    GpuInstance, MonitorOutput, NvlinkStatus, SmiVersion, Topology, parse_gpu_instances, parse_monitor,
    parse_nvlink_status, parse_topology, parse_version,
)
from triage.evidence.nvidia_smi_xml import parse_xml
from triage.evidence.records_gpu import NvidiaSmiReport, SmiOutputKind


class ParsedSmi(Struct, frozen=True):
    """One nvidia-smi output, parsed. `parser` names the parser that recognised it;
    exactly the matching field is set (plus `report` for error outputs of any command)."""

    parser: str          # table | q | q-x | csv | list | version | monitor | topology | nvlink | mig-lgi | error
    report: NvidiaSmiReport | None = None
    listing: SmiList | None = None
    version: SmiVersion | None = None
    monitor: MonitorOutput | None = None
    topology: Topology | None = None
    nvlink: NvlinkStatus | None = None
    gpu_instances: tuple[GpuInstance, ...] | None = None
    csv: SmiCsv | None = None


_QUERY_RE = lazy_re.compile(r"query-(?:gpu|compute-apps|retired-pages|accounted-apps|supported-clocks)-(.+?)-format-csv(.*)$")


def csv_columns_from_slug(slug: str) -> tuple[str, ...] | None:
    """`nvidia-smi-query-gpu-name-memory.total-format-csv-noheader` -> ("name", "memory.total")
    (field names never contain '-', the slug's separator). None unless the slug says noheader."""
    m = _QUERY_RE.search(slug)
    if not m or "noheader" not in m.group(2):
        return None
    return tuple(f for f in m.group(1).split("-") if f)


def _by_slug(slug: str, text: str) -> ParsedSmi | None:
    s = slug.lower()
    words = set(s.split("-"))
    if "query" in s and "csv" in s:
        table = parse_csv(text, csv_columns_from_slug(slug))
        return ParsedSmi("csv", report=table.report(), csv=table) if table else None
    if "x" in words and "q" in words or "xml" in s:
        report = parse_xml(text)
        return ParsedSmi("q-x", report=report) if report else None
    if "q" in words:
        report = parse_query_text(text)
        return ParsedSmi("q", report=report) if report else None
    if slug.endswith("-L") or "list-gpus" in s:
        listing = parse_list(text)
        return ParsedSmi("list", listing=listing) if listing else None
    if "version" in words:
        version = parse_version(text)
        return ParsedSmi("version", version=version) if version else None
    if "topo" in words:
        topology = parse_topology(text)
        return ParsedSmi("topology", topology=topology) if topology else None
    if "nvlink" in words:
        nvlink = parse_nvlink_status(text)
        return ParsedSmi("nvlink", nvlink=nvlink) if nvlink else None
    if "pmon" in words or "dmon" in words:
        monitor = parse_monitor(text)
        return ParsedSmi("monitor", monitor=monitor) if monitor else None
    if "mig" in words and "lgi" in words:
        instances = parse_gpu_instances(text)
        return ParsedSmi("mig-lgi", gpu_instances=instances) if instances is not None else None
    if s in ("nvidia-smi", "smi") or s.endswith("nvidia-smi"):
        report = parse_table(text)
        if report and report.kind is SmiOutputKind.TABLE:
            return ParsedSmi("table", report=report)
    return None


def _sniff(text: str) -> ParsedSmi | None:
    head = text[:2000]
    if "nvidia_smi_log" in head:
        report = parse_xml(text)
        if report:
            return ParsedSmi("q-x", report=report)
    if "NVSMI LOG" in head:
        report = parse_query_text(text)
        if report:
            return ParsedSmi("q", report=report)
    table = parse_table(text)
    if table and table.kind is SmiOutputKind.TABLE:
        return ParsedSmi("table", report=table)
    nvlink = parse_nvlink_status(text)
    if nvlink and any(g.links or "link" in (g.message or "").lower() for g in nvlink.gpus):
        return ParsedSmi("nvlink", nvlink=nvlink)
    instances = parse_gpu_instances(text)
    if instances:
        return ParsedSmi("mig-lgi", gpu_instances=instances)
    for parser, name, field in ((parse_list, "list", "listing"), (parse_version, "version", "version"),
                                (parse_monitor, "monitor", "monitor"), (parse_topology, "topology", "topology")):
        found = parser(text)
        if found:
            return ParsedSmi(name, **{field: found})
    table_csv = parse_csv(text)
    if table_csv and table_csv.rows:
        return ParsedSmi("csv", report=table_csv.report(), csv=table_csv)
    return None


def parse_nvidia_smi(slug: str, text: str) -> ParsedSmi | None:
    """Parse one nvidia-smi output (stdout or stderr) named by its command slug. Error
    messages anywhere in the text are in `report.errors`, whichever parser read the rest."""
    parsed = _by_slug(slug, text) or _sniff(text)
    errors = find_errors(text.splitlines())
    if parsed is None:
        return ParsedSmi("error", report=NvidiaSmiReport(kind=SmiOutputKind.ERROR, errors=errors)) if errors else None
    if errors and parsed.report is None:
        return replace(parsed, report=NvidiaSmiReport(kind=SmiOutputKind.ERROR, errors=errors))
    if errors and parsed.report is not None and not parsed.report.errors:
        return replace(parsed, report=replace(parsed.report, errors=errors))
    return parsed
