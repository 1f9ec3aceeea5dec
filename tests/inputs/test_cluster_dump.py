"""`kubectl cluster-info dump --all-namespaces` of the demo cluster, as the real kubectl writes it
(stdout stream and --output-directory tree; tests/inputs/gen_cluster_dump.py): the device plugin's
NVML failure on gpu-t4-2 is the root cause, cited at its line of the dump."""

from __future__ import annotations

import pytest

from tests.conftest import FIXTURES
from tests.inputs.helpers import citations, run

DUMP = FIXTURES / "inputs" / "cluster-dump"


@pytest.mark.parametrize("name", ["cluster-info-dump.json", "dump-dir"])
def test_cluster_dump_gives_the_plugin_root_cause_citing_the_dump(name):
    path = DUMP / name
    r = run("analyze", str(path), "-o", "json")
    assert r.rc == 3, r.err
    assert f"as cluster-dump: 4 nodes, 9 pods" in r.err.splitlines()[0]
    by = {d["target"]["name"]: d for d in r.doc["diagnoses"]}
    rc = by["gpu-t4-2"]["root_cause"]
    assert rc["id"] == "plugin.nvml_unavailable"
    ev = rc["evidence"][0]
    assert ev["path"].startswith(str(path))
    text = open(ev["path"]).read().splitlines()
    assert "Failed to initialize NVML" in text[ev["line"] - 1]
    # the dump has no previous logs and no nvidia-smi: nothing it cannot show is called healthy
    assert all(d["status"] != "healthy" for d in r.doc["diagnoses"])
    for fid, c in citations(r.doc):
        assert c["path"].startswith(str(path)), (fid, c)


def test_a_truncated_dump_is_one_line_exit_1(tmp_path):
    text = (DUMP / "cluster-info-dump.json").read_text().splitlines()
    cut = tmp_path / "dump.json"
    cut.write_text("\n".join(text[:40] + ["}"]) + "\n")
    r = run("analyze", str(cut))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, r.err
    assert "does not parse" in r.err
