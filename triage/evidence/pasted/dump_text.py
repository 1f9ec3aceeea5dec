"""Line-level parsers of the text that kubectl and NVIDIA's must-gather write into files.

    split_cluster_dump(text)   kubectl cluster-info dump: its JSON documents and container logs
    split_prefixed_log(text)   kubectl logs --all-containers --prefix: lines per (pod, container)
    yaml_item_lines(text)      kubectl get -oyaml: the line each object of a List starts on

Each reads every line once with anchored, bounded patterns (untrusted input: linear time).
Real samples:

    ==== START logs for container nvidia-device-plugin of pod gpu-operator/nvidia-device-plugin-daemonset-t2x8q ====
    [pod/nvidia-device-plugin-daemonset-t2x8q/nvidia-device-plugin] 2023-10-19T11:11:54.957723331+08:00 stderr F ...
"""

from __future__ import annotations

import re
from msgspec import Struct, field

from triage import lazy_re
from triage.evidence.pasted.blocks import input_lines

_START = lazy_re.compile(r"^==== START logs for container (?P<c>\S{1,253}) of pod (?P<ns>[^/\s]{1,253})/(?P<p>\S{1,253}) ====$")
_END = lazy_re.compile(r"^==== END logs for container \S{1,253} of pod \S{1,510} ====$")
_PREFIX = lazy_re.compile(r"^\[pod/(?P<pod>[^/\]\s]{1,253})/(?P<ctr>[^/\]\s]{1,253})\] ?")
_JSON_ITEM_NAME = lazy_re.compile(r'^ {16}"name": "(?P<n>[^"]{1,253})",?$')
_YAML_ITEM_NAME = lazy_re.compile(r"^ {4}name: (?P<n>\S{1,253})\s*$")
_YAML_TOP_NAME = lazy_re.compile(r"^ {2}name: (?P<n>\S{1,253})\s*$")


class DumpDocument(Struct):
    first: int                         # 1-based line of its opening `{`
    lines: list[str] = field(default_factory=list)
    item_lines: dict[str, int] = field(default_factory=dict)     # object name -> line of its `{`


class DumpLog(Struct):
    namespace: str
    pod: str
    container: str
    lines: list[tuple[str, int]] = field(default_factory=list)  # (text, 1-based input line)


def split_cluster_dump(text: str) -> tuple[list[DumpDocument], list[DumpLog]]:
    """The JSON documents (`{` ... `}` at column 0, kubectl's indent of 4) and the logs between
    START/END markers of a cluster-info dump stream or one of its --output-directory files."""
    docs: list[DumpDocument] = []
    logs: list[DumpLog] = []
    doc: DumpDocument | None = None
    log: DumpLog | None = None
    item_start: int | None = None
    for n, line in enumerate(input_lines(text), start=1):
        if log is not None:
            if _END.match(line):
                logs.append(log)
                log = None
            else:
                log.lines.append((line, n))
            continue
        if doc is not None:
            doc.lines.append(line)
            if line == "}":
                docs.append(doc)
                doc = None
            elif line == "        {":
                item_start = n
            elif item_start is not None:
                m = _JSON_ITEM_NAME.match(line)
                if m:
                    doc.item_lines.setdefault(m.group("n"), item_start)
                    item_start = None
            continue
        if line == "{":
            doc, item_start = DumpDocument(n, [line]), None
            continue
        m = _START.match(line)
        if m:
            log = DumpLog(m.group("ns"), m.group("p"), m.group("c"))
    if log is not None and log.lines:
        logs.append(log)
    return docs, logs


def split_prefixed_log(text: str) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """`[pod/POD/CONTAINER] line` -> {(POD, CONTAINER): [(line, input line)]}, the prefix removed."""
    out: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for n, line in enumerate(input_lines(text), start=1):
        m = _PREFIX.match(line)
        if m:
            out.setdefault((m.group("pod"), m.group("ctr")), []).append((line[m.end():], n))
    return out


def yaml_item_lines(text: str) -> dict[str, int]:
    """object name -> the line its YAML starts on: `- apiVersion:` of a List's item, or line 1
    for a single object (`kubectl get pod/x -oyaml`)."""
    out: dict[str, int] = {}
    start = None
    single = True
    for n, line in enumerate(input_lines(text), start=1):
        if line.startswith("- "):
            start, single = n, False
            continue
        m = (_YAML_TOP_NAME if single else _YAML_ITEM_NAME).match(line)
        if m and (single or start is not None):
            out.setdefault(m.group("n").strip('"'), start or 1)
            if not single:
                start = None
    return out
