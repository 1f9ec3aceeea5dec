"""A kernel-log command exec'd in a node's driver pod, answered from the bundle's record of
that node's kernel log (`gpu/nodes/<node>/dmesg.log`) when the bundle holds no recording of
that exact command: a bundle with only the node's kernel log then diagnoses the same live
(`gpu-triage pod` against `gpu-triage serve`) as offline.

Kernel-log commands: `dmesg [flags]`, `journalctl -k|--dmesg [flags]`, and `sh -c` scripts
that run one of them. The collector's own command (`dmesg | grep -E 'NVRM|Xid' | tail -n 500`)
gets what it would print: the NVRM/Xid lines, the last 500. Others get the whole recorded log
(the bundle holds no more than that). Only the driver pod's containers answer: a workload
container does not see the host's kernel ring buffer.

    >>> is_kernel_log_command(["journalctl", "-k", "--no-pager"]), is_kernel_log_command(["nvidia-smi"])
    (True, False)
"""

from __future__ import annotations

import re
from typing import Mapping

from triage.bundle import layout
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.views import Bundle

# what triage/collect/in_container.py runs in the driver pod
COLLECTOR_DMESG = ("sh", "-c", "dmesg 2>/dev/null | grep -E 'NVRM|Xid' | tail -n 500")
COLLECTOR_TAIL = 500
_XID_LINE = re.compile(r"NVRM|Xid")
_KERNEL_WORDS = re.compile(r"(?:^|[\s;|&(])(?:dmesg|journalctl\s+(?:[^;|&]*\s)?(?:-k|--dmesg))(?=$|[\s;|&)])")


def is_kernel_log_command(command: list[str]) -> bool:
    if not command:
        return False
    prog = command[0].rsplit("/", 1)[-1]
    if prog == "dmesg":
        return True
    if prog == "journalctl":
        return any(a in ("-k", "--dmesg") or (a.startswith("-") and not a.startswith("--") and "k" in a[1:])
                   for a in command[1:])
    if prog in ("sh", "bash", "ash", "dash") and len(command) >= 3 and command[1] == "-c":
        return bool(_KERNEL_WORDS.search(command[2]))
    return False


def answer(bundle: Bundle, pod: Mapping, command: list[str]) -> tuple[bytes, bytes, int, None] | None:
    """(stdout, stderr, exit code, error) from the node's recorded kernel log, or None when the
    command is not a kernel-log command, the pod is not the node's driver pod, or the bundle
    holds no kernel log of that node."""
    if not is_kernel_log_command(list(command)) or stack_role(dict(pod), images=True, coarse=True) != "driver":
        return None
    node = str((pod.get("spec") or {}).get("nodeName") or "")
    path = layout.node_dmesg(node) if node else ""
    if not path or not bundle.exists(path):
        return None
    text = bundle.read_bytes(path).decode("utf-8", "replace")
    if tuple(command) == COLLECTOR_DMESG:
        lines = [line for line in text.splitlines() if _XID_LINE.search(line)][-COLLECTOR_TAIL:]
        text = "".join(f"{line}\n" for line in lines)
        if not text:
            return b"", b"", 1, None          # grep found nothing: its exit status
    return text.encode(), b"", 0, None
