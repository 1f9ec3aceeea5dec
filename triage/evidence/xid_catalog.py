"""The Xid catalog (codes 1-176), shipped as package data `triage/data/xid_catalog.tsv`.

A row (tab separated, after a comment line and the header)::

    79  GPU has fallen off the bus  bus/pcie  critical (node reboot required)
        Immediate RESTART_BM: reboot the node (bare metal) | Investigate CONTACT_SUPPORT ...

`lookup(79)` -> `XidInfo(code=79, name="GPU has fallen off the bus", category="bus/pcie",
xid_class=XidClass.HARDWARE, ...)`; `lookup(999)` -> None.
"""

from __future__ import annotations

import csv
import io
from msgspec import Struct
from enum import Enum
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from triage.resources import data_path

# Usually caused by the workload itself: they carry the user's pid/name and the GPU
# stays healthy once the process is gone (Xid 45 says "caused by previous Xid N").
# Source: shared/reference/real-cases-notes.md §9 ("Usually application-induced:
# 13, 31, 43, 45, 109"); the catalog's immediate action is RESTART_APP/IGNORE for
# 13/31/43 and WORKFLOW_XID_45 for 45 (109 says RESET_GPU there, the notes win:
# in the threads it followed an application's context-switch timeout).
APPLICATION_XIDS: frozenset[int] = frozenset({13, 31, 43, 45, 109})

# Hardware or firmware: ECC/row remapping (48, 63, 64, 92, 94, 95), NVLink (74,
# 144-150), fallen off the bus (79), GSP firmware (119, 120).
# Source: real-cases-notes.md §9 ("Hardware or firmware: 48, 64, 74/144-150 NVLink,
# 79, 94/95, 119/120 GSP") plus the catalog's memory/ecc rows 63 and 92
# (category memory/ecc, INFOROM_DRAM_RETIREMENT_EVENT / EXCESSIVE_SBE_INTERRUPTS).
HARDWARE_XIDS: frozenset[int] = frozenset({48, 63, 64, 74, 79, 92, 94, 95, 119, 120,
                                           144, 145, 146, 147, 148, 149, 150})

# For codes in neither set: NVIDIA's immediate-action bucket decides first (RESTART_APP means
# the GPU stays healthy; reset/reboot/mechanical checks mean it does not), then, for rows
# without a bucket (unused on Ampere+, newer than the catalog), the corpus's category.
_APPLICATION_ACTIONS = frozenset({"RESTART_APP"})
_HARDWARE_ACTIONS = frozenset({"RESET_GPU", "RESTART_BM", "RESTART_VM", "CHECK_MECHANICALS", "WORKFLOW_XID_48",
                               "WORKFLOW_NVLINK_ERR", "WORKFLOW_NVLINK5_ERR"})
_HARDWARE_CATEGORIES = ("memory/ecc", "nvlink", "bus/pcie", "gsp/firmware/microcontroller",
                        "thermal/power", "c2c (Grace-GPU link)", "inforom")


class XidClass(Enum):
    APPLICATION = "application"     # the workload caused it; restart the workload
    HARDWARE = "hardware"           # GPU, memory, link or firmware; drain/reset/RMA path
    OTHER = "other"                 # informational, display, virtualization, unknown


class XidInfo(Struct, frozen=True):
    code: int
    name: str                       # "GPU has fallen off the bus"
    category: str                   # "bus/pcie" (the corpus's derived category)
    severity_hint: str              # "critical (node reboot required)"
    recommended_action: str         # "Immediate RESTART_BM: ... | Investigate ..."
    mnemonic: str                   # "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS"
    immediate_action: str           # "RESTART_BM" (resolution bucket), "" when unknown
    investigatory_action: str
    nvsentinel_class: str           # "FATAL" / "NONFATAL" / ""
    xid_class: XidClass


def classify_code(code: int, category: str | None = None, immediate_action: str | None = None) -> XidClass:
    """Application vs hardware: the explicit sets, else the catalog's immediate action,
    else its category."""
    if code in APPLICATION_XIDS:
        return XidClass.APPLICATION
    if code in HARDWARE_XIDS:
        return XidClass.HARDWARE
    if immediate_action in _APPLICATION_ACTIONS:
        return XidClass.APPLICATION
    if immediate_action in _HARDWARE_ACTIONS:
        return XidClass.HARDWARE
    if immediate_action and immediate_action != "CONTACT_SUPPORT":   # IGNORE, XID_154, UPDATE_SWFW, CHECK_UVM
        return XidClass.OTHER
    if category and category.startswith("software"):
        return XidClass.APPLICATION
    if category in _HARDWARE_CATEGORIES:
        return XidClass.HARDWARE
    return XidClass.OTHER


@lru_cache(maxsize=1)
def catalog() -> Mapping[int, XidInfo]:
    """Every catalog row by code (read once from the package data)."""
    text = data_path("xid_catalog.tsv").read_text(encoding="utf-8")
    rows = [r for r in csv.reader(io.StringIO(text), delimiter="\t") if r and not r[0].startswith("#")]
    header, body = rows[0], rows[1:]
    col = {name: i for i, name in enumerate(header)}
    out: dict[int, XidInfo] = {}
    for r in body:
        if not r[0].strip().isdigit():
            continue

        def get(name: str) -> str:
            i = col.get(name)
            return r[i].strip() if i is not None and i < len(r) else ""

        code = int(r[0])
        out[code] = XidInfo(
            code=code, name=get("name_or_description"), category=get("category"),
            severity_hint=get("severity_hint"), recommended_action=get("recommended_action"),
            mnemonic=get("mnemonic"), immediate_action=get("immediate_action_bucket"),
            investigatory_action=get("investigatory_action_bucket"),
            nvsentinel_class=get("nvsentinel_class"),
            xid_class=classify_code(code, get("category"), get("immediate_action_bucket")))
    return MappingProxyType(out)


def lookup(code: int | None) -> XidInfo | None:
    """The catalog row of one Xid code.

    >>> info = lookup(48)
    >>> (info.name, info.category, info.immediate_action, info.xid_class.value)
    ('Double Bit ECC Error', 'memory/ecc', 'WORKFLOW_XID_48', 'hardware')
    """
    if code is None:
        return None
    return catalog().get(code)
