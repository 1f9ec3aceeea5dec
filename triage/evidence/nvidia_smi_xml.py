"""`nvidia-smi -q -x`: the XML report, schemas nvsmi_device_v10 to v13 and none.

Parsed with defusedxml (entity expansion, external entities and DTD tricks refused:
the document comes from a node someone else controls). Each element keeps the line
it started on, so a fact cites `path:line`. Sample (v13, trimmed)::

    <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v13.dtd">
    <nvidia_smi_log>
        <driver_version>580.65.06</driver_version>
        <cuda_version>13.0</cuda_version>
        <attached_gpus>2</attached_gpus>
        <gpu id="0000:0A:00.0">
            <product_name>NVIDIA GB200</product_name>
            <mig_mode><current_mig>Disabled</current_mig><pending_mig>Disabled</pending_mig></mig_mode>
            <fb_memory_usage><total>GPU is lost</total> ...

`parse_xml(text)` returns None when the text is not an `nvidia_smi_log` document
(including XML that is malformed or that defusedxml refuses). A document cut short (a
bounded collection, a full disk) is read up to its last complete `</gpu>`, with
`truncated=True` on the report.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.etree.ElementTree import Element

from defusedxml.common import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from triage import lazy_re
from triage.evidence.records_gpu import (
    GpuFlag, GpuFlagKind, NvidiaSmiReport, SmiGpu, SmiMigDevice, SmiOutputKind, SmiProcess,
    needs_recovery, to_bool, to_int,
)

_LINE = "\x00line"          # attribute name no real document can carry
_DTD_RE = lazy_re.compile(r"nvsmi_device_v\d+\.dtd")
_SLOWDOWN = {
    "hw_slowdown": GpuFlagKind.HW_SLOWDOWN,
    "hw_thermal_slowdown": GpuFlagKind.HW_THERMAL_SLOWDOWN,
    "hw_power_brake_slowdown": GpuFlagKind.HW_POWER_BRAKE_SLOWDOWN,
    "sw_thermal_slowdown": GpuFlagKind.SW_THERMAL_SLOWDOWN,
}
_UNCORRECTED = ("dram_uncorrectable", "sram_uncorrectable", "sram_uncorrectable_parity",
                "sram_uncorrectable_secded")


class _LineTreeBuilder(ET.TreeBuilder):
    """Records the line each element starts on (expat's CurrentLineNumber)."""

    def __init__(self) -> None:
        super().__init__()
        self.expat = None

    def start(self, tag, attrs):  # type: ignore[override]
        el = super().start(tag, attrs)
        if self.expat is not None:
            el.set(_LINE, str(self.expat.CurrentLineNumber))
        return el


def _parse_tree(text: str) -> Element | None:
    builder = _LineTreeBuilder()
    try:
        parser = DefusedXMLParser(target=builder, forbid_dtd=False, forbid_entities=True,
                                  forbid_external=True)
        builder.expat = parser.parser
        parser.feed(text)
        return parser.close()
    except (ET.ParseError, DefusedXmlException, ValueError, RecursionError):
        return None


def _line(el: Element | None) -> int | None:
    if el is None:
        return None
    raw = el.get(_LINE)
    return int(raw) if raw and raw.isdigit() else None


def _text(el: Element | None, path: str) -> str | None:
    node = el.find(path) if el is not None else None
    if node is None or node.text is None:
        return None
    value = node.text.strip()
    return value or None


def parse_xml(text: str) -> NvidiaSmiReport | None:
    if "nvidia_smi_log" not in text[:2000]:
        return None
    root = _parse_tree(text)
    truncated = False
    if root is None and "</gpu>" in text:
        cut = text.rfind("</gpu>") + len("</gpu>")
        if "</nvidia_smi_log>" not in text[cut:]:
            root, truncated = _parse_tree(text[:cut] + "\n</nvidia_smi_log>\n"), True
    if root is None or root.tag != "nvidia_smi_log":
        return None
    gpus: list[SmiGpu] = []
    migs: list[SmiMigDevice] = []
    procs: list[SmiProcess] = []
    for idx, gpu_el in enumerate(root.findall("gpu")):
        gpu = _gpu(gpu_el, idx)
        gpus.append(gpu)
        migs.extend(_migs(gpu_el, idx))
        procs.extend(_processes(gpu_el, idx, gpu.uuid))
    driver_el = root.find("driver_version")
    if driver_el is None:
        driver_el = root.find("kmd_version")
    schema = _DTD_RE.search(text[:500])
    return NvidiaSmiReport(
        kind=SmiOutputKind.XML, driver_version=_text(root, "kmd_version") or _text(root, "driver_version"),
        cuda_version=_text(root, "cuda_umd_version") or _text(root, "cuda_version"),
        attached_gpus=to_int(_text(root, "attached_gpus")), gpus=tuple(gpus), mig_devices=tuple(migs),
        processes=tuple(procs), driver_version_line=_line(driver_el),
        schema=schema.group(0) if schema else None, truncated=truncated)


def _gpu(el: Element, idx: int) -> SmiGpu:
    flags: list[GpuFlag] = []

    def flag(kind: GpuFlagKind, node: Element | None, excerpt: str | None = None) -> None:
        if node is not None:
            flags.append(GpuFlag(kind, _line(node), excerpt or f"<{node.tag}>{(node.text or '').strip()}</{node.tag}>"))

    reasons = el.find("clocks_event_reasons")
    if reasons is None:
        reasons = el.find("clocks_throttle_reasons")
    for child in reasons if reasons is not None else ():
        for suffix, kind in _SLOWDOWN.items():
            if child.tag.endswith("_reason_" + suffix) and (child.text or "").strip() == "Active":
                flag(kind, child)
    rows = el.find("remapped_rows")
    if rows is not None:
        for tag, kind in (("remapped_row_failure", GpuFlagKind.ROW_REMAP_FAILURE),
                          ("remapped_row_pending", GpuFlagKind.ROW_REMAP_PENDING)):
            if to_bool(_text(rows, tag)):
                flag(kind, rows.find(tag))
    pending_page = _text(el, "retired_pages/pending_retirement") or _text(el, "retired_pages/pending_blacklist")
    if to_bool(pending_page):
        node = el.find("retired_pages/pending_retirement")
        flag(GpuFlagKind.RETIRED_PAGES_PENDING, node if node is not None else el.find("retired_pages/pending_blacklist"))
    if to_bool(_text(el, "gpu_reset_status/reset_required")):
        flag(GpuFlagKind.RESET_REQUIRED, el.find("gpu_reset_status/reset_required"))
    recovery = _text(el, "gpu_recovery_action")
    if needs_recovery(recovery):
        flag(GpuFlagKind.RECOVERY_ACTION, el.find("gpu_recovery_action"))
    fan = _text(el, "fan_speed")
    if fan and "ERR" in fan:
        flag(GpuFlagKind.FAN_ERROR, el.find("fan_speed"))
    lost = next((n for n in el.iter() if n.text and "GPU is lost" in n.text), None)
    if lost is not None:
        flag(GpuFlagKind.GPU_LOST, lost)
    unknown = next((n for n in el.iter() if (n.text or "").strip() == "Unknown Error"), None)
    if unknown is not None:
        flag(GpuFlagKind.FIELD_UNKNOWN_ERROR, unknown)
    vol = _uncorrected(el.find("ecc_errors/volatile"))
    if vol:
        flag(GpuFlagKind.UNCORRECTED_ECC, el.find("ecc_errors/volatile"), f"volatile uncorrectable ECC: {vol}")
    bus = _text(el, "pci/pci_bus_id") or el.get("id")
    return SmiGpu(
        index=idx, name=_text(el, "product_name"), bus_id=bus, uuid=_text(el, "uuid"),
        memory_total_mib=to_int(_text(el, "fb_memory_usage/total")),
        memory_used_mib=to_int(_text(el, "fb_memory_usage/used")),
        utilization_pct=to_int(_text(el, "utilization/gpu_util")),
        persistence_mode=_text(el, "persistence_mode"),
        driver_model=_na(_text(el, "driver_model/current_dm")), compute_mode=_text(el, "compute_mode"),
        mig_mode_current=_text(el, "mig_mode/current_mig"), mig_mode_pending=_text(el, "mig_mode/pending_mig"),
        ecc_volatile_uncorrected=vol, ecc_aggregate_uncorrected=_uncorrected(el.find("ecc_errors/aggregate")),
        retired_pages_sbe=to_int(_text(el, "retired_pages/multiple_single_bit_retirement/retired_count")),
        retired_pages_dbe=to_int(_text(el, "retired_pages/double_bit_retirement/retired_count")),
        retired_pages_pending=to_bool(pending_page),
        remapped_rows_correctable=to_int(_text(el, "remapped_rows/remapped_row_corr")),
        remapped_rows_uncorrectable=to_int(_text(el, "remapped_rows/remapped_row_unc")),
        remapped_rows_pending=to_bool(_text(el, "remapped_rows/remapped_row_pending")),
        remapped_rows_failure=to_bool(_text(el, "remapped_rows/remapped_row_failure")),
        fan=fan, recovery_action=recovery, fabric_state=_text(el, "fabric/state"),
        fabric_status=_text(el, "fabric/status"), fabric_line=_line(el.find("fabric/state")), line=_line(el),
        flags=tuple(flags))


def _uncorrected(el: Element | None) -> int | None:
    """Uncorrectable ECC count: Ampere+ `dram_/sram_uncorrectable*`, older `double_bit/total`."""
    if el is None:
        return None
    values = [to_int(_text(el, tag)) for tag in _UNCORRECTED]
    values.append(to_int(_text(el, "double_bit/total")))
    known = [v for v in values if v is not None]
    return sum(known) if known else None


def _migs(el: Element, idx: int) -> list[SmiMigDevice]:
    out = []
    for m in el.findall("mig_devices/mig_device"):
        out.append(SmiMigDevice(
            idx, to_int(_text(m, "gpu_instance_id")), to_int(_text(m, "compute_instance_id")),
            to_int(_text(m, "index")),
            memory_used_mib=to_int(_text(m, "fb_memory_usage/used")),
            memory_total_mib=to_int(_text(m, "fb_memory_usage/total")),
            sm_count=to_int(_text(m, "device_attributes/shared/multiprocessor_count")), line=_line(m)))
    return out


def _processes(el: Element, idx: int, uuid: str | None) -> list[SmiProcess]:
    out = []
    for p in el.findall("processes/process_info"):
        out.append(SmiProcess(
            gpu_index=idx, pid=to_int(_text(p, "pid")), name=_text(p, "process_name") or "",
            type=_text(p, "type"), used_memory_mib=to_int(_text(p, "used_memory")),
            gpu_instance_id=to_int(_text(p, "gpu_instance_id")),
            compute_instance_id=to_int(_text(p, "compute_instance_id")), gpu_uuid=uuid, line=_line(p)))
    return out


def _na(value: str | None) -> str | None:
    return None if value in (None, "N/A") else value
