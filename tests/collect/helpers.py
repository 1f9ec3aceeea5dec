"""Serve the fixture cluster with the real replay server and collect from it with the real client."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from pathlib import Path

from tests.collect.cluster_fixture import build
from triage.collect.run import CollectResult, Target, collect
from triage.collect.session import Options
from triage.replay.server import Faults, ReplayServer


@contextmanager
def served(tmp: Path, faults: Faults | None = None, secrets: dict | None = None, dcgm: bool | bytes = False):
    src = build(tmp / "cluster", secrets=secrets, dcgm=dcgm)
    with ReplayServer(src, port=0, faults=faults or Faults(seed=1)) as srv:
        srv.kubeconfig = str(srv.write_kubeconfig(tmp / "kubeconfig", namespace="llm"))
        yield srv


def run_collect(srv, tmp: Path, kind: str = "Pod", ns: str | None = "llm", name: str | None = None,
                out: str = "out", **opts) -> tuple[CollectResult, float]:
    options = Options(kubeconfig=srv.kubeconfig, namespace=ns, **opts)
    started = time.monotonic()
    result = collect(Target(kind, ns, name), options, tmp / out)
    return result, time.monotonic() - started


def read_json(root: Path, rel: str):
    return json.loads((root / rel).read_text(encoding="utf-8"))


def items_by_name(root: Path, rel: str) -> dict[str, dict]:
    return {i["metadata"]["name"]: i for i in read_json(root, rel)["items"]}


def gaps(result: CollectResult) -> list[tuple[str, str, str]]:
    return [(g["collector"], g["reason"], g["needs"]) for g in result.manifest["gaps"]]


def source_object(tmp: Path, rel: str, name: str) -> dict:
    """The object as the fixture cluster holds it (what the server answers)."""
    return items_by_name(tmp / "cluster", rel)[name]
