"""Commands inside containers (pods/exec; `--no-exec` skips them): `nvidia-smi` and
`nvidia-smi -q -x` in the target container when it runs; in the node's driver pod,
`nvidia-smi` and the kernel's NVRM / Xid lines. Each bounded in time and output.
A refused exec is evidence too: an .json with the error, and a gap.
"""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session

TARGET_COMMANDS = (["nvidia-smi"], ["nvidia-smi", "-q", "-x"])
DMESG = ["sh", "-c", "dmesg 2>/dev/null | grep -E 'NVRM|Xid' | tail -n 500"]
DRIVER_COMMANDS = (["nvidia-smi"], DMESG)
DRIVER_CONTAINERS = ("nvidia-driver-ctr", "nvidia-driver", "driver")


def container_running(pod: dict, container: str) -> bool:
    for cs in (pod.get("status") or {}).get("containerStatuses") or []:
        if cs.get("name") == container:
            return bool((cs.get("state") or {}).get("running"))
    return False


def run(session: Session, namespace: str, pod: str, container: str, command: list[str]) -> str | None:
    """Run one command; write stdout/stderr/meta; returns stdout (None when it did not run)."""
    opts = session.options
    try:
        res = session.kube.exec(namespace, pod, container, command, timeout=opts.exec_timeout,
                                max_bytes=opts.exec_limit_bytes)
    except ApiFailure as failure:
        paths = session.writer.write_exec(namespace, pod, container, command, "", "", None,
                                          failure.describe())
        session.run("exec").files.update((paths.stdout, paths.stderr, paths.meta))
        session.failed("exec", paths.meta.removesuffix(".json") + ".json", failure,
                       needs("create", "pods/exec", namespace),
                       what=f"`{' '.join(command)}` in {namespace}/{pod} container {container}")
        return None
    red = session.redactor
    paths = session.writer.write_exec(namespace, pod, container, command, red.text(res.stdout),
                                      red.text(res.stderr), res.exit_code, res.error)
    session.ok("exec", paths.stdout, paths.stderr, paths.meta)
    return res.stdout


def target_commands(session: Session, pod: dict) -> list:
    meta = pod["metadata"]
    futures = []
    for c in (pod.get("spec") or {}).get("containers") or []:
        if container_running(pod, c["name"]):
            for cmd in TARGET_COMMANDS:
                futures.append(session.submit(run, session, meta.get("namespace") or "default", meta["name"],
                                              c["name"], list(cmd)))
    return futures


def driver_container(pod: dict) -> str | None:
    names = [c["name"] for c in (pod.get("spec") or {}).get("containers") or []]
    for wanted in DRIVER_CONTAINERS:
        if wanted in names:
            return wanted
    return names[0] if names else None


def driver_commands(session: Session, driver_pod: dict, node: str) -> list:
    meta = driver_pod["metadata"]
    container = driver_container(driver_pod)
    if not container or not container_running(driver_pod, container):
        return []
    ns = meta.get("namespace") or "default"
    futures = [session.submit(run, session, ns, meta["name"], container, ["nvidia-smi"])]

    def dmesg() -> None:
        out = run(session, ns, meta["name"], container, list(DMESG))
        if out is not None:
            session.write_text("exec", layout.node_dmesg(node), out)
    futures.append(session.submit(dmesg))
    return futures
