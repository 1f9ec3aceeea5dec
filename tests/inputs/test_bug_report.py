"""An nvidia-bug-report.log.gz (or .log) on its own: evidence about the host it was taken on. Fixtures:
fixtures/inputs/bug-report/ (tests/inputs/gen_bug_report.py; sources in fixtures/inputs/README.md)."""

from __future__ import annotations

import gzip
import shutil

from tests.conftest import FIXTURES
from tests.inputs.helpers import citations, run

BR = FIXTURES / "inputs" / "bug-report"
XID79 = BR / "node1-xid79.log.gz"
CLEAN = BR / "h100-clean.log"


def _lines(path) -> list[str]:
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt") as fh:
        return fh.read().splitlines()


def test_xid79_bug_report_gives_the_driver_layer_citing_the_report():
    """akash-network/support#209: the node's GPU fell off the bus (Xid 79); the thread settled it as
    hardware. The report names its host in its uname line, and the driver layer is the root cause,
    cited at the report's own dmesg lines."""
    r = run("analyze", str(XID79), "-o", "json")
    assert r.rc == 3, r.err
    assert r.err.startswith(f"gpu-triage: read {XID79} as bug-report: host node1 (the report's uname line, "
                            "node1-xid79.log.gz:11)")
    doc = r.doc
    assert doc["target"] == {"kind": "Node", "name": "node1"}
    assert doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus"
    lines = _lines(XID79)
    cites = doc["root_cause"]["evidence"]
    assert cites and all(c["path"] == str(XID79) for c in cites)
    assert "79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." in lines[cites[0]["line"] - 1]
    assert lines[cites[0]["line"] - 1].startswith("[Fri Apr  5 21:29:39 2024]")       # the dmesg section's line
    for fid, c in citations(doc):            # every citation is the report, never a temporary bundle path
        assert c["path"] == str(XID79), (fid, c)


def test_what_a_bug_report_cannot_show_is_not_checked_with_what_to_collect():
    doc = run("analyze", str(XID79), "-o", "json").doc
    layers = doc["layers"]
    assert [layers[k]["status"] for k in ("node", "plugin", "runtime")] == ["not_checked"] * 3
    needs = {g.get("layer"): g["needs"] for g in doc["gaps"] if g.get("reason") == "not_in_input"}
    assert "kubectl describe node node1" in needs["node"] and "gpu-triage collect node node1" in needs["node"]
    assert "gpu-triage collect node node1" in needs["plugin"] and "device plugin" in needs["plugin"]


def test_a_clean_bug_report_is_never_healthy():
    """A working H100 (real nvidia-smi -q, shared/corpus): the driver layer passes on the report's
    nvidia-smi -q, and the Kubernetes layers it cannot see keep the answer INCONCLUSIVE."""
    r = run("analyze", str(CLEAN), "-o", "json")
    assert r.rc == 5, r.err
    doc = r.doc
    assert doc["status"] == "inconclusive" and doc["root_cause"] is None
    assert doc["layers"]["driver"]["status"] == "passed"
    assert doc["layers"]["node"]["status"] == "not_checked"
    checked = [p for c in doc["layers"]["driver"]["checks"] for p in c["evidence"]]
    assert checked == [str(CLEAN)]
    assert doc["input"]["driver_version"] == "590.48.01"
    assert any("dmesg | grep -iE 'NVRM|Xid'" in g["needs"] for g in doc["gaps"] if g.get("layer") == "driver")


def test_a_report_without_a_host_name_gets_a_stable_name_and_says_so(tmp_path):
    text = [l for l in _lines(XID79) if not l.startswith("uname:")]
    for name in ("a", "b"):
        d = tmp_path / name
        d.mkdir()
        with gzip.open(d / "nvidia-bug-report.log.gz", "wt") as fh:
            fh.write("\n".join(text) + "\n")
    docs = [run("analyze", str(tmp_path / n / "nvidia-bug-report.log.gz"), "-o", "json") for n in ("a", "b")]
    names = {r.doc["target"]["name"] for r in docs}
    assert len(names) == 1 and names.pop().startswith("bug-report-host-")
    assert "derived from the file's name" in docs[0].err
    assert docs[0].doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus"


def test_a_must_gather_named_report_takes_the_node_from_its_file_name(tmp_path):
    text = [l for l in _lines(XID79) if not l.startswith("uname:")]
    path = tmp_path / "nvidia-bug-report_gpu-node-7.log.gz"
    with gzip.open(path, "wt") as fh:
        fh.write("\n".join(text) + "\n")
    r = run("analyze", str(path), "-o", "json")
    assert r.doc["target"]["name"] == "gpu-node-7" and "the file's name" in r.err


def test_truncated_gzip_is_one_line_and_reads_nothing(tmp_path):
    data = XID79.read_bytes()
    cut = tmp_path / "nvidia-bug-report.log.gz"
    # inside the last member (the nvidia-smi section): the prologue still names a bug report
    cut.write_bytes(data[: len(data) - 40])
    r = run("analyze", str(cut))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, r.err
    assert "truncated" in r.err and "copy the whole file again" in r.err


def test_binary_garbage_is_refused_in_one_line(tmp_path):
    import random
    rnd = random.Random(15)
    junk = bytes(rnd.randrange(256) for _ in range(200_000))
    for name, data in (("garbage.log", junk), ("garbage.log.gz", gzip.compress(junk))):
        path = tmp_path / name
        path.write_bytes(data)
        for extra in ((), ("--as", "bug-report")):
            r = run("analyze", str(path), *extra)
            assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, (name, extra, r.err)


def test_a_report_with_a_100_mb_line_is_read_in_one_pass(tmp_path):
    """A dmesg section holding a 100 MB line (a binary blob dumped into the ring buffer): the line is
    cut, never held whole, and the lines after it keep their numbers."""
    lines = _lines(XID79)
    at = lines.index("dmesg:") + 2
    path = tmp_path / "nvidia-bug-report.log.gz"
    with gzip.open(path, "wb", compresslevel=1) as fh:
        fh.write(("\n".join(lines[:at]) + "\n").encode())
        for _ in range(100):
            fh.write(b"x" * (1024 * 1024))
        fh.write(("\n" + "\n".join(lines[at:]) + "\n").encode())
    r = run("analyze", str(path), "-o", "json")
    assert r.rc == 3, r.err
    ev = r.doc["root_cause"]["evidence"][0]
    assert ev["line"] == lines.index(next(l for l in lines if "79, pid=" in l and l.startswith("["))) + 2
    plain = tmp_path / "one-line.log"
    with open(plain, "wb") as fh:
        for _ in range(100):
            fh.write(b"y" * (1024 * 1024))
    r = run("analyze", str(plain), "--as", "bug-report")
    assert r.rc == 1 and len(r.err.splitlines()) == 1 and "is not an nvidia-bug-report log" in r.err, r.err


def test_a_mention_of_the_file_in_a_ticket_is_not_a_bug_report(tmp_path):
    ticket = tmp_path / "ticket.txt"
    ticket.write_text("I ran nvidia-bug-report.sh and attached nvidia-bug-report.log.gz to the case.\n")
    r = run("analyze", str(ticket))
    assert "as bug-report" not in r.err


def test_a_bug_report_inside_a_folder_of_other_files_is_still_read_by_its_own_reader(tmp_path):
    shutil.copy(CLEAN, tmp_path / "nvidia-bug-report.log")
    r = run("analyze", str(tmp_path / "nvidia-bug-report.log"), "--as", "bug-report", "-o", "json")
    assert r.doc["input"]["reader"] == "bug-report" and r.doc["status"] == "inconclusive"
