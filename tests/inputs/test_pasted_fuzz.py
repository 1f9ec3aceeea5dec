"""Pasted text is untrusted: whatever a ticket holds, the text reader writes a bundle or refuses in
one line, never crashes, and stays linear in the input (property tests over kubectl-shaped text)."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triage.bundle.from_text import write_text_bundle
from triage.evidence.pasted.blocks import split_blocks

PIECES = ["$ kubectl describe pod x -n ns", "$ kubectl describe node n1 | grep Cap", "Name:  p", "Namespace: ns",
          "Node: <none>", "Node: n1/10.0.0.1", "Status: Pending", "Containers:", "  c:", "    Limits:",
          "      nvidia.com/gpu:  1", "    State:  Waiting", "      Reason:  CrashLoopBackOff", "    Last State: Terminated",
          "      Exit Code:  137", "Conditions:", "  PodScheduled   False", "Events:",
          "  Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu.",
          "Capacity:", "  nvidia.com/gpu:  8", "Allocatable:", "  nvidia.com/gpu:  7", "Taints: a=b:NoSchedule",
          "Labels: a=b", "   c=d", "$ kubectl logs -n gpu-operator nvidia-device-plugin-x", "Failed to initialize NVML: x",
          "$ kubectl get pods -o wide", "NAME  READY  STATUS  RESTARTS  AGE  IP  NODE", "p  0/1  CrashLoopBackOff  3 (1m ago)  1m  1.2.3.4  n1",
          "LAST SEEN   TYPE      REASON   OBJECT   MESSAGE", "1m  Warning  BackOff  pod/p  back-off",
          "[  12.3] NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus.", "+----------------------+",
          "| NVIDIA-SMI 535.1  Driver Version: 535.1 |", "==============NVSMI LOG==============", "GPU 0: T4 (UUID: GPU-1)",
          "", "   ", "\t", ":", "Name:", "$", "# ", "| grep", "\x00", "\u202e", "ä" * 3]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=40)), max_size=60))
def test_any_paste_writes_a_bundle_or_nothing_and_never_raises(tmp_path_factory, parts):
    root = tmp_path_factory.mktemp("b")
    summary = write_text_bundle([("t.txt", "\n".join(parts))], root)
    for b in summary.blocks:
        assert 1 <= b["lines"][0] <= b["lines"][1] + 1


def test_adversarial_lines_stay_linear():
    """Long lines built to make a backtracking pattern explode: spaces, colons, prompts, table cells."""
    lines = ["Name:" + " " * 5000 + "x", "  " + "a: " * 3000, "$" + " " * 3000 + "kubectl", "[" * 3000 + "]$ kubectl",
             "  Warning  " + "x " * 4000, "NAME  READY  STATUS  RESTARTS  AGE", "a" + "  b" * 4000]
    small = "\n".join(lines * 20)
    big = "\n".join(lines * 200)

    def best(text: str) -> float:
        # the fastest of three runs: a pause of the machine (another job, a GC) falls on one run, not on all
        times = []
        for _ in range(3):
            t = time.perf_counter()
            split_blocks(text)
            times.append(time.perf_counter() - t)
        return min(times)

    t_small, t_big = best(small), best(big)
    assert t_big < 30 * max(t_small, 2e-3), (t_small, t_big)
    assert t_big < 10
