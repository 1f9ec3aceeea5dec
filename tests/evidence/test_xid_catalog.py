"""The Xid catalog shipped as package data, and the application/hardware split."""

from __future__ import annotations

import csv

from tests.conftest import CORPUS
from triage.evidence.xid_catalog import (
    APPLICATION_XIDS, HARDWARE_XIDS, XidClass, catalog, classify_code, lookup,
)


def test_package_copy_matches_the_corpus_catalog():
    rows = [r for r in csv.reader((CORPUS / "xid" / "catalog.tsv").open(encoding="utf-8"), delimiter="\t")
            if r and r[0].isdigit()]
    assert len(catalog()) == len(rows) == 176
    assert sorted(catalog()) == list(range(1, 177))
    for r in rows:
        info = catalog()[int(r[0])]
        assert (info.name, info.category, info.severity_hint) == (r[1], r[2], r[3])


def test_known_rows():
    x79 = lookup(79)
    assert (x79.name, x79.category, x79.mnemonic, x79.immediate_action, x79.investigatory_action) == (
        "GPU has fallen off the bus", "bus/pcie", "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS", "RESTART_BM",
        "CONTACT_SUPPORT")
    assert x79.recommended_action.startswith("Immediate RESTART_BM: reboot the node")
    assert x79.nvsentinel_class == "FATAL" and x79.xid_class is XidClass.HARDWARE
    x48 = lookup(48)
    assert (x48.name, x48.immediate_action) == ("Double Bit ECC Error", "WORKFLOW_XID_48")
    x13 = lookup(13)
    assert (x13.name, x13.xid_class, x13.nvsentinel_class) == ("Graphics Engine Exception", XidClass.APPLICATION, "NONFATAL")
    assert lookup(176).mnemonic == "PCIE_CORRECTABLE_ERROR_FAULT" and lookup(176).immediate_action == ""
    assert lookup(0) is None and lookup(999) is None and lookup(None) is None


def test_application_and_hardware_sets_from_the_notes():
    assert APPLICATION_XIDS == {13, 31, 43, 45, 109}
    assert HARDWARE_XIDS == {48, 63, 64, 74, 79, 92, 94, 95, 119, 120, 144, 145, 146, 147, 148, 149, 150}
    assert not APPLICATION_XIDS & HARDWARE_XIDS
    for code in APPLICATION_XIDS:
        assert lookup(code).xid_class is XidClass.APPLICATION
    for code in HARDWARE_XIDS:
        assert lookup(code).xid_class is XidClass.HARDWARE
    # 109's catalog row says RESET_GPU, but the notes' application set wins
    assert lookup(109).immediate_action == "RESET_GPU" and lookup(109).xid_class is XidClass.APPLICATION


def test_fallback_from_catalog_action_then_category():
    # 32 sits in category bus/pcie, but NVIDIA's bucket is RESTART_APP ("GPU healthy")
    assert (lookup(32).category, lookup(32).immediate_action) == ("bus/pcie", "RESTART_APP")
    assert lookup(32).xid_class is XidClass.APPLICATION
    assert (lookup(140).immediate_action, lookup(140).xid_class) == ("RESET_GPU", XidClass.HARDWARE)
    assert (lookup(137).immediate_action, lookup(137).xid_class) == ("IGNORE", XidClass.OTHER)
    assert lookup(154).xid_class is XidClass.OTHER
    # rows without a bucket, or CONTACT_SUPPORT only: the category decides
    assert (lookup(3).immediate_action, lookup(3).xid_class) == ("CONTACT_SUPPORT", XidClass.APPLICATION)
    assert (lookup(173).immediate_action, lookup(173).xid_class) == ("", XidClass.HARDWARE)
    assert classify_code(999, None) is XidClass.OTHER


def test_catalog_is_read_only():
    try:
        catalog()[79] = None  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("the shared catalog must not be mutable")
