"""The corpus' real cases (`shared/corpus/real-cases.jsonl`) by id, read once for all evidence tests."""

from __future__ import annotations

import json

from tests.conftest import CORPUS

CASES: dict[str, dict] = {c["id"]: c for c in map(json.loads, (CORPUS / "real-cases.jsonl").read_text().splitlines())}

#: The `where` values of cases whose text is a log (what `scan_log` reads).
LOG_SOURCES = frozenset({"container_log", "previous_container_log", "device_plugin_log", "validator_log",
                         "driver_log", "gfd_log", "mig_manager_log", "nvidia_smi", "other"})


def case_text(case_id: str) -> str:
    """The verbatim text of one case (KeyError for an unknown id)."""
    return CASES[case_id]["text"]
