"""dcgm-exporter `/metrics` scrapes and dcgm-exporter counter CSVs.

Scrapes are read line by line, so every sample keeps its 1-based line and one bad line
(an excerpt's `...`) costs only that line. Label sets, the part of the format with
quoting and escapes, are parsed by `prometheus_client.parser` (once per distinct set:
a scrape repeats a few per GPU); the value is Python's float() of the value token.
Label spellings of 2020-2026 exporters are folded into one `GpuRef` and `PodRef`::

    DCGM_FI_DEV_XID_ERRORS{gpu="0",UUID="GPU-2652...",device="nvidia0",modelName="NVIDIA A30",
        GPU_I_PROFILE="1g.6gb",GPU_I_ID="3",Hostname="node-1"} 0
    dcgm_fi_prof_gr_engine_active{gpu="0",uuid="GPU-ed13...",pod_name="",pod_namespace=""} 0.0
    DCGM_FI_DEV_MEMORY_TEMP{gpu="0",UUID="GPU-604a..."} 9223372036854775794   <- NOT_SUPPORTED sentinel

`parse_scrape(text)` returns None when no line is a DCGM sample. Counter CSV
(`DCGM_FI_DEV_SM_CLOCK,  gauge, SM clock frequency (in MHz).`): `parse_counters(text)`.
"""

from __future__ import annotations

import math
import re
from msgspec import Struct
from decimal import Decimal, InvalidOperation
from enum import Enum

from prometheus_client.parser import text_string_to_metric_families

from triage import lazy_re

_SAMPLE_START_RE = lazy_re.compile(r"^\s*(dcgm_[A-Za-z0-9_]*|DCGM_[A-Za-z0-9_]*)\s*(\{|\s)")

# dcgm-exporter 1.x metric names -> the DCGM field they report (the ones classification reads).
_LEGACY_NAMES = {
    "DCGM_XID_ERRORS": "DCGM_FI_DEV_XID_ERRORS",
    "DCGM_FB_FREE": "DCGM_FI_DEV_FB_FREE",
    "DCGM_FB_USED": "DCGM_FI_DEV_FB_USED",
    "DCGM_GPU_UTILIZATION": "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_GPU_TEMP": "DCGM_FI_DEV_GPU_TEMP",
    "DCGM_POWER_USAGE": "DCGM_FI_DEV_POWER_USAGE",
    "DCGM_SM_CLOCK": "DCGM_FI_DEV_SM_CLOCK",
    "DCGM_MEMORY_CLOCK": "DCGM_FI_DEV_MEM_CLOCK",
}

# DCGM "blank" sentinels (dcgm_structs.h): BLANK, +1 NOT_FOUND, +2 NOT_SUPPORTED, +3 NOT_PERMISSIONED.
_INT32_BLANK = 0x7FFFFFF0
_INT64_BLANK = 0x7FFFFFFFFFFFFFF0
_FP64_BLANK = 140737488355328        # 2**47


class DcgmUnavailable(Enum):
    BLANK = "blank"
    NOT_FOUND = "not_found"
    NOT_SUPPORTED = "not_supported"
    NOT_PERMISSIONED = "not_permissioned"


_OFFSETS = {0: DcgmUnavailable.BLANK, 1: DcgmUnavailable.NOT_FOUND, 2: DcgmUnavailable.NOT_SUPPORTED,
            3: DcgmUnavailable.NOT_PERMISSIONED}


def sentinel(raw_value: str) -> DcgmUnavailable | None:
    """Which DCGM sentinel a raw sample value is (read from the text: as a float they collide)."""
    try:
        v = Decimal(raw_value)
    except (InvalidOperation, ValueError):
        return None
    if not v.is_finite():
        return None
    for base in (_INT64_BLANK, _INT32_BLANK, _FP64_BLANK):
        if base <= v <= base + 15:
            off = v - base
            return _OFFSETS.get(int(off), DcgmUnavailable.BLANK) if off == int(off) else None
    return None


class GpuRef(Struct, frozen=True):
    """Which GPU (and MIG instance) a sample is about, with every label spelling folded."""

    gpu: int | None              # gpu="0"
    uuid: str | None             # UUID= / uuid=
    device: str | None           # device="nvidia0"
    model: str | None            # modelName=
    pci_bus_id: str | None       # pci_bus_id=
    hostname: str | None         # Hostname= / hostname= (the exporter's host or pod name)
    node: str | None             # node= (Kubernetes node, when relabelled)
    mig_profile: str | None      # GPU_I_PROFILE=
    mig_instance: int | None     # GPU_I_ID=


class PodRef(Struct, frozen=True):
    namespace: str | None
    pod: str
    container: str | None


class DcgmSample(Struct, frozen=True):
    metric: str                  # canonical upper-case name, DCGM_FI_DEV_XID_ERRORS
    value: float | None          # None for sentinels and series without a value
    raw_value: str | None
    unavailable: DcgmUnavailable | None
    gpu: GpuRef
    pod: PodRef | None
    labels: tuple[tuple[str, str], ...]
    line: int

    def label(self, name: str) -> str | None:
        low = name.lower()
        return next((v for k, v in self.labels if k.lower() == low), None)


class XidGauge(Struct, frozen=True):
    """DCGM_FI_DEV_XID_ERRORS of one GPU/MIG instance: the last Xid seen (0 = none)."""

    gpu: GpuRef
    xid: int
    line: int


class FramebufferUsage(Struct, frozen=True):
    gpu: GpuRef
    used_mib: float | None
    free_mib: float | None
    total_mib: float | None      # FB_TOTAL when exported, else used + free (+ reserved)
    line: int


class DcgmScrape(Struct, frozen=True):
    samples: tuple[DcgmSample, ...]
    skipped_lines: tuple[int, ...]       # lines that looked like data but did not parse
    driver_version: str | None

    def metric(self, name: str) -> tuple[DcgmSample, ...]:
        want = _canonical(name)
        return tuple(s for s in self.samples if s.metric == want)

    def gpus(self) -> tuple[GpuRef, ...]:
        return tuple(dict.fromkeys(s.gpu for s in self.samples))

    def by_gpu(self) -> tuple[tuple[GpuRef, tuple[DcgmSample, ...]], ...]:
        """Samples grouped per GPU (or MIG instance), in order of first appearance."""
        groups: dict[GpuRef, list[DcgmSample]] = {}
        for s in self.samples:
            groups.setdefault(s.gpu, []).append(s)
        return tuple((gpu, tuple(samples)) for gpu, samples in groups.items())

    def value(self, metric: str, gpu: GpuRef) -> DcgmSample | None:
        """The sample of `metric` for that GPU (first one), or None."""
        want = _canonical(metric)
        return next((s for s in self.samples if s.metric == want and s.gpu == gpu), None)

    def xid_per_gpu(self) -> tuple[XidGauge, ...]:
        """Last Xid per GPU from DCGM_FI_DEV_XID_ERRORS, plus exporter 3.x windowed
        counts (`xid="42"` label) where the value counts occurrences."""
        out = []
        for s in self.samples:
            if s.metric == "DCGM_FI_DEV_XID_ERRORS" and s.value is not None and s.value == int(s.value):
                out.append(XidGauge(s.gpu, int(s.value), s.line))
            elif s.metric in ("DCGM_FI_DEV_XID_ERRORS_ACTIVE", "DCGM_EXP_XID_ERRORS_COUNT") and s.value:
                code = s.label("xid")
                if code and code.isdigit():
                    out.append(XidGauge(s.gpu, int(code), s.line))
            elif s.metric == "DCGM_FI_DEV_XID_ERRORS" and s.value is None and (s.label("err_code") or "").isdigit():
                out.append(XidGauge(s.gpu, int(s.label("err_code")), s.line))  # type: ignore[arg-type]
        return tuple(out)

    def framebuffer(self) -> tuple[FramebufferUsage, ...]:
        by_gpu: dict[GpuRef, dict[str, DcgmSample]] = {}
        for s in self.samples:
            if s.metric in ("DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_TOTAL",
                            "DCGM_FI_DEV_FB_RESERVED"):
                by_gpu.setdefault(s.gpu, {})[s.metric.rsplit("_", 1)[1]] = s
        out = []
        for gpu, m in by_gpu.items():
            used = m["USED"].value if "USED" in m else None
            free = m["FREE"].value if "FREE" in m else None
            total = m["TOTAL"].value if "TOTAL" in m else None
            if total is None and used is not None and free is not None:
                reserved = m["RESERVED"].value if "RESERVED" in m and m["RESERVED"].value else 0.0
                total = used + free + reserved
            out.append(FramebufferUsage(gpu, used, free, total, min(s.line for s in m.values())))
        return tuple(out)

    def pods(self) -> tuple[PodRef, ...]:
        return tuple(dict.fromkeys(s.pod for s in self.samples if s.pod))


def _canonical(name: str) -> str:
    upper = name.upper()
    return _LEGACY_NAMES.get(upper, upper)


def _first(labels: dict[str, str], *names: str) -> str | None:
    for n in names:
        v = labels.get(n)
        if v:
            return v
    return None


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def _refs(raw: dict[str, str]) -> tuple[GpuRef, PodRef | None]:
    low = {k.lower(): v for k, v in raw.items()}
    device = _first(low, "device")
    gpu = _int(_first(low, "gpu"))
    if gpu is None and device and device.startswith("nvidia") and device[6:].isdigit():
        gpu = int(device[6:])
    ref = GpuRef(gpu=gpu, uuid=_first(low, "uuid"), device=device, model=_first(low, "modelname"),
                 pci_bus_id=_first(low, "pci_bus_id"), hostname=_first(low, "hostname"),
                 node=_first(low, "node", "kubernetes_node", "exported_node"),
                 mig_profile=_first(low, "gpu_i_profile"), mig_instance=_int(_first(low, "gpu_i_id")))
    pod = _first(low, "pod", "exported_pod", "pod_name")
    if not pod:
        return ref, None
    return ref, PodRef(_first(low, "namespace", "exported_namespace", "pod_namespace"), pod,
                       _first(low, "container", "exported_container", "container_name"))


_NAME_RE = lazy_re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")


class _LabelCache:
    """Label sets parsed by prometheus_client, once per distinct `{...}` text: a node's
    scrape repeats the same few label sets (one per GPU / MIG instance / pod) on every
    metric, and the reference parser reads labels a character at a time."""

    def __init__(self) -> None:
        self._parsed: dict[str, tuple[dict[str, str], GpuRef, PodRef | None, tuple[tuple[str, str], ...]] | None] = {}

    def get(self, label_text: str):
        if label_text not in self._parsed:
            if len(self._parsed) > 4096:
                self._parsed.clear()
            try:
                families = list(text_string_to_metric_families(f"x{label_text} 0\n"))
                labels = dict(families[0].samples[0].labels) if families and families[0].samples else None
            except Exception:        # the reference parser raises ValueError, IndexError, KeyError...
                labels = None
            if labels is None:
                self._parsed[label_text] = None
            else:
                gpu, pod = _refs(labels)
                self._parsed[label_text] = (labels, gpu, pod, tuple(sorted(labels.items())))
        return self._parsed[label_text]


def _split(body: str) -> tuple[str, str, str] | None:
    """`name{labels} value [ts]` -> (name, "{labels}", "value [ts]"); None if malformed."""
    brace = body.find("{")
    if brace < 0:
        parts = body.split(None, 1)
        return (parts[0], "{}", parts[1]) if len(parts) == 2 else (parts[0], "{}", "") if parts else None
    close = body.rfind("}")
    if close < brace:
        return None
    return body[:brace].strip(), body[brace:close + 1], body[close + 1:]


def parse_scrape(text: str) -> DcgmScrape | None:
    """Samples of a dcgm-exporter scrape, one per data line.

    >>> s = parse_scrape('DCGM_FI_DEV_XID_ERRORS{gpu="0",UUID="GPU-265c9814-6156-355b-e589-ff2064894f16",'
    ...                  'device="nvidia0",modelName="NVIDIA A30",GPU_I_PROFILE="1g.6gb",GPU_I_ID="3"} 0')
    >>> [(x.gpu.gpu, x.gpu.model, x.gpu.mig_profile, x.gpu.mig_instance, x.xid, x.line) for x in s.xid_per_gpu()]
    [(0, 'NVIDIA A30', '1g.6gb', 3, 0, 1)]
    """
    samples: list[DcgmSample] = []
    skipped: list[int] = []
    driver = None
    cache = _LabelCache()
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#") or len(line) > 20_000:
            continue
        if not _SAMPLE_START_RE.match(line):
            if line.strip() != "...":
                skipped.append(n)
            continue
        parts = _split(line.strip())
        parsed = cache.get(parts[1]) if parts and _NAME_RE.fullmatch(parts[0]) else None
        if parts is None or parsed is None:
            skipped.append(n)
            continue
        name, _, tail = parts
        words = tail.split()
        if len(words) > 2:
            skipped.append(n)
            continue
        raw = words[0] if words else None            # a query result series has no value
        try:
            number = float(raw) if raw is not None else math.nan
        except ValueError:
            skipped.append(n)
            continue
        labels, gpu, pod, items = parsed
        unavailable = sentinel(raw) if raw else None
        value = None if unavailable or math.isnan(number) else number
        driver = driver or labels.get("DCGM_FI_DRIVER_VERSION")
        samples.append(DcgmSample(_canonical(name), value, raw, unavailable, gpu, pod, items, n))
    if not samples:
        return None
    return DcgmScrape(tuple(samples), tuple(skipped), driver)


# ---- counter CSVs (dcgm-exporter -f) ---------------------------------------------------------


class DcgmCounter(Struct, frozen=True):
    field: str           # DCGM_FI_DEV_SM_CLOCK (or a 1.x name such as dcgm_sm_clock)
    type: str            # gauge, counter, label
    help: str
    enabled: bool        # False for a commented-out line ("# DCGM_FI_..., counter, ...")
    line: int


_COUNTER_RE = lazy_re.compile(r"^\s*(#\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*,\s*(gauge|counter|label|histogram|summary)\s*,(.*)")


def parse_counters(text: str) -> tuple[DcgmCounter, ...] | None:
    """Field list of a dcgm-exporter counters CSV; None when no line has that shape."""
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) > 2000:
            continue
        m = _COUNTER_RE.match(line)
        if m:
            out.append(DcgmCounter(m.group(2), m.group(3), m.group(4).strip().rstrip(","), m.group(1) is None, n))
    return tuple(out) if out else None
