"""End to end: a node's kernel log collected through journald (`journalctl -k -o ...`)
instead of `dmesg` still names the GPU that fell off the bus.

The kernel lines are the corpus' real Xid 79 block (`xid/dmesg_samples.txt`, the
`[Fri Apr  5 21:29:39 2024]` lines), re-emitted in journalctl's output modes (systemd
journalctl(1): short, short-iso, short-monotonic, json; json prints MESSAGE as a byte
list when it holds control characters)."""

from __future__ import annotations

import json

import pytest

from tests.classify.scenario_builder import World
from tests.conftest import CORPUS
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

_BLOCK = [ln for ln in (CORPUS / "xid" / "dmesg_samples.txt").read_text().splitlines()
          if ln.startswith("[Fri Apr  5 21:29:39 2024] NVRM:")]
MESSAGES = ["Linux version 6.8.0-49-generic (buildd@lcy02-amd64-103) #49~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC",
            "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"] + \
           [ln[ln.index("NVRM:"):] for ln in _BLOCK]


def _json(i: int, message: str, as_bytes: bool) -> str:
    return json.dumps({"__CURSOR": f"s=8c2f6a0e1b7d4c3f9e5a2b1c0d9e8f7a;i={0x1f30 + i:x}",
                       "__REALTIME_TIMESTAMP": str(1712352579000000 + i), "_TRANSPORT": "kernel",
                       "PRIORITY": "3", "SYSLOG_IDENTIFIER": "kernel", "_HOSTNAME": "gpu-node-1",
                       "MESSAGE": list((message + "\r").encode()) if as_bytes else message},
                      separators=(",", ":"))


FORMATS = {
    "short": lambda i, m: f"Apr 05 21:29:{39 + i % 2:02d} gpu-node-1 kernel: {m}",
    "short-iso": lambda i, m: f"2024-04-05T21:29:39+0000 gpu-node-1 kernel: {m}",
    "short-monotonic": lambda i, m: f"[ {1843.308145 + i / 1000:.6f}] gpu-node-1 kernel: {m}",
    "json": lambda i, m: _json(i, m, as_bytes=False),
    "json-bytes": lambda i, m: _json(i, m, as_bytes=True),
}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_journald_kernel_log_names_the_gpu_that_fell_off_the_bus(tmp_path, fmt: str) -> None:
    w = World(f"journald-kernel-log-{fmt}")
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    w.pod("ml", "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    text = "\n".join(FORMATS[fmt](i, m) for i, m in enumerate(MESSAGES)) + "\n"
    w.dmesg("gpu-node-1", text)
    w.target("Node", None, "gpu-node-1")
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        doc = findings_document(diagnose(b), b)
    ids = [f["id"] for f in doc["findings"]]
    assert "driver.gpu_fallen_off_bus" in ids, ids
    assert doc["root_cause"] and doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus", ids
    finding = next(f for f in doc["findings"] if f["id"] == "driver.gpu_fallen_off_bus")
    xid_line = 1 + next(i for i, m in enumerate(MESSAGES) if "): 79," in m)
    cited = [ev for ev in finding["evidence"] if ev["path"].endswith("dmesg") or "dmesg" in ev["path"]]
    assert any(ev["line"] == xid_line for ev in cited), finding["evidence"]
    lines = text.splitlines()
    for ev in cited:                         # the excerpt is evidence: the line or the message in it
        assert ev["excerpt"].rstrip(".") and (ev["excerpt"] in lines[ev["line"] - 1]
                                              or ev["excerpt"].replace("...", "") in MESSAGES[ev["line"] - 1])
