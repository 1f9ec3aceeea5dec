"""The watcher's triage of one pod: the same path as `gpu-triage pod`. Collect the pod
into a temporary bundle with `triage.collect.run.collect`, diagnose it with the same
engine, return the findings v1 document, and remove the bundle.

    triage = LiveTriage(Options(kubeconfig="~/.kube/config", exec=False))
    doc = triage(Trigger(TriggerKind.UNSCHEDULABLE, "llm", "qwen-vllm-7d9f-abcde", "Unschedulable"))
    doc["root_cause"]["id"]          # "plugin.nvml_unavailable"
"""

from __future__ import annotations

import shutil
import tempfile
from msgspec.structs import replace
from pathlib import Path

from triage.collect.run import Target, collect
from triage.collect.session import Options
from triage.commands.analyze import analyze_document
from triage.watch.triggers import Trigger


class LiveTriage:
    """Callable for `Watcher(triage=...)`; safe to call from several worker threads."""

    def __init__(self, options: Options, tmp_root: str | Path | None = None):
        # One access review at start-up is the command's business, not every triage's.
        self.options = replace(options, access_review=False)
        self.tmp_root = str(tmp_root) if tmp_root else None

    def __call__(self, trigger: Trigger) -> dict:
        work = tempfile.mkdtemp(prefix="gpu-triage-watch-", dir=self.tmp_root)
        try:
            result = collect(Target("Pod", trigger.namespace, trigger.pod),
                             replace(self.options, namespace=trigger.namespace), Path(work) / "bundle")
            doc = analyze_document(result.path)
            doc.setdefault("trigger", {"kind": trigger.kind.value, "detail": trigger.detail})
            return doc
        finally:
            shutil.rmtree(work, ignore_errors=True)
