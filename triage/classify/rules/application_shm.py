"""A workload container's /dev/shm against a death its log cannot explain: PyTorch's DataLoader
says only that a worker "exited unexpectedly" (the worker's own error is lost), and a container
whose /dev/shm is the container runtime's default (a 64 MiB tmpfs: no memory-backed volume
mounted there, no hostIPC) is where multi-worker DataLoaders run out of shared memory for the
batches they pass to the main process. The two together are `application.shm_too_small`,
inferred; a container with a larger /dev/shm keeps its unclassified crash (the worker's own
exception is the likelier cause, and `num_workers=0` shows it).

Messages that name shared memory themselves (NCCL's segment errors, UCX's mm FIFO, Bus error)
are recognised by the log signatures alone (rules/application.py)."""

from __future__ import annotations

from triage.classify.model import Certainty
from triage.classify.rules.application import crashing_containers
from triage.classify.rules.base import pod_subject, rule
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.patterns import scan

SHM = "/dev/shm"


def shm_backing(pod, container: str) -> str | None:
    """What backs `container`'s /dev/shm: `memory` (an emptyDir of medium Memory), `volume` (another
    volume mounted there), `host` (the pod shares the host's IPC namespace), or None: the runtime's
    default 64 MiB tmpfs."""
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    if spec.get("hostIPC") is True:
        return "host"
    c = pod.container(container)
    names = {name for name, path in (c.volume_mounts if c is not None else ()) if path.rstrip("/") == SHM}
    if not names:
        return None
    for v in spec.get("volumes") or ():
        if isinstance(v, dict) and v.get("name") in names:
            empty = v.get("emptyDir")
            return "memory" if isinstance(empty, dict) and empty.get("medium") == "Memory" else "volume"
    return "volume"


def _worker_death(ctx, pod, container: str):
    """(log, fact) of the first DataLoader worker death in `container`'s previous or current log."""
    for text in (ctx.log(pod, container, True), ctx.log(pod, container, False)):
        for fact in scan(ctx, text) if text is not None else ():
            if fact.kind.value == "dataloader_worker_exited":
                return text, fact
    return None


@rule(ids=("application.shm_too_small",), reads=("pods", "pods/log"))
def dataloader_on_default_shm(ctx):
    for pod in ctx.troubled_pods:
        if gpu_stack_role(pod):
            continue
        for st in crashing_containers(pod):
            hit = _worker_death(ctx, pod, st.name) if shm_backing(pod, st.name) is None else None
            if hit is None:
                continue
            text, fact = hit
            yield ctx.finding("application.shm_too_small", "error", pod_subject(pod),
                              [ctx.cite_line(text, fact.line, fact.excerpt),
                               ctx.cite_field(pod, f"containers[{st.name}].volumeMounts {SHM}",
                                              "none (the container runtime's 64Mi default)")],
                              Certainty.INFERRED, namespace=pod.namespace, pod=pod.name, container=st.name,
                              node=pod.node_name or None, cause="dataloader_worker")
            break
