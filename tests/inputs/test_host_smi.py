"""nvidia-smi (table, -q, -L, its failures) pasted from a host shell, with no Kubernetes object: evidence
about that host, judged by the driver rules; the Kubernetes layers `not_checked` with what to paste.
Fixtures: fixtures/inputs/pasted/host-*.txt (sources in fixtures/inputs/README.md)."""

from __future__ import annotations

from tests.conftest import CORPUS, FIXTURES
from tests.inputs.helpers import citations, run

PASTED = FIXTURES / "inputs" / "pasted"


def test_host_nvidia_smi_and_dmesg_give_the_driver_layer_on_the_prompts_host():
    """akash-network/support#209 as the poster pasted it: `nvidia-smi` and `dmesg -T | grep NVRM` on
    node1, whose GPU fell off the bus."""
    path = PASTED / "host-node1-xid79.txt"
    r = run("analyze", str(path), "-o", "json")
    assert r.rc == 3, r.err
    assert "about host node1 (the paste's shell prompt names it), no Kubernetes object" in r.err
    doc = r.doc
    assert doc["target"] == {"kind": "Node", "name": "node1"}
    assert doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus"
    lines = path.read_text().splitlines()
    first = doc["root_cause"]["evidence"][0]
    assert first["path"] == str(path) and "79, pid='<unknown>'" in lines[first["line"] - 1]
    for fid, c in citations(doc):
        assert c["path"] == str(path), (fid, c)
    assert [doc["layers"][k]["status"] for k in ("node", "plugin", "runtime")] == ["not_checked"] * 3
    needs = {g.get("layer"): g["needs"] for g in doc["gaps"] if g.get("reason") == "not_in_input"}
    assert needs["node"].startswith("paste `kubectl describe node node1`")
    assert "device plugin's log on node1" in needs["plugin"]


def test_nvidia_smi_that_cannot_reach_the_driver_is_the_driver_layer():
    path = PASTED / "host-driver-not-loaded.txt"
    r = run("analyze", str(path), "-o", "json")
    doc = r.doc
    assert doc["target"] == {"kind": "Node", "name": "gpu-worker-3"}
    # named, with its line; INCONCLUSIVE while the kernel log that would say why is not pasted
    assert (doc["root_cause"] or {}).get("id") == "driver.not_loaded" or doc["suspect"] == "driver.not_loaded"
    f = next(f for f in doc["findings"] if f["id"] == "driver.not_loaded")
    assert f["evidence"][0] == {"path": str(path), "line": 2, "excerpt": path.read_text().splitlines()[1]}
    assert any("dmesg" in g["needs"] for g in doc["layers"]["driver"]["gaps"])
    assert doc["status"] != "healthy"


def test_a_working_host_table_is_never_healthy_and_names_no_host_it_does_not_know():
    path = PASTED / "host-t4-table.txt"
    r = run("analyze", str(path), "-o", "json")
    assert r.rc == 5, r.err
    doc = r.doc
    assert doc["status"] == "inconclusive"
    assert doc["layers"]["driver"]["status"] == "passed"
    assert doc["target"]["name"] == "pasted-host" and "a name of ours" in r.err
    assert doc["layers"]["node"]["status"] == "not_checked"


def test_no_devices_found_on_a_host_is_not_a_passed_driver():
    r = run("analyze", str(PASTED / "host-no-devices.txt"), "-o", "json")
    assert r.doc["status"] == "inconclusive" and r.doc["layers"]["driver"]["status"] != "passed"


def test_nvidia_smi_L_and_q_pasted_from_a_host_are_read(tmp_path):
    for name, shape in (("list/h100-80gb-hbm3-590.48.01-linux-L.txt", "nvidia-smi-L"),
                        ("text/h100-80gb-hbm3-590.48.01-linux-q-load.txt", "nvidia-smi-q")):
        path = tmp_path / "ticket.txt"
        path.write_text("[ec2-user@ip-10-0-1-5 ~]$ nvidia-smi" + (" -L" if "-L" in name else " -q") + "\n"
                        + (CORPUS / "nvidia-smi" / name).read_text())
        r = run("analyze", str(path), "-o", "json")
        assert r.doc["target"] == {"kind": "Node", "name": "ip-10-0-1-5"}, r.err
        assert shape in r.err and r.doc["layers"]["driver"]["status"] == "passed"
        assert r.doc["status"] == "inconclusive"


def test_host_nvidia_smi_beside_a_described_pod_is_listed_unread(tmp_path):
    """Beside Kubernetes objects, a host's nvidia-smi names no node of them: listed unread, as before."""
    ticket = (PASTED / "pending-no-gpu-advertised.txt").read_text() + "\n$ nvidia-smi\n" + \
        (CORPUS / "nvidia-smi" / "text" / "t4-535.86.10-default-nvidia-cloud-native-docs.txt").read_text()
    path = tmp_path / "ticket.txt"
    path.write_text(ticket)
    doc = run("analyze", str(path), "-o", "json").doc
    assert doc["target"]["kind"] == "Pod"
    assert any(u["shape"] == "nvidia-smi" and "kubectl exec" in u["why"] for u in doc["input"]["unread"])


def test_a_100_mb_line_of_pasted_text_is_one_line(tmp_path):
    path = tmp_path / "ticket.txt"
    with open(path, "wb") as fh:
        fh.write(b"$ nvidia-smi\n")
        for _ in range(100):
            fh.write(b"|" * (1024 * 1024))
    r = run("analyze", str(path))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1 and "MiB" in r.err, r.err
