"""Findings documents the report tests render, built from verbatim corpus text.

The JSON files under tests/render/docs/ were written by `python -m
tests.render.make_docs` and are committed; the tests read the files. Evidence
excerpts are lines of `shared/corpus/real-cases.jsonl` (picked by case id and
line range, never retyped), except excerpts of JSON objects (line null) and the
deliberately hostile document. `scan_document(n)` builds a scan of any size for
the benchmark.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CORPUS

DOCS = Path(__file__).resolve().parent / "docs"
SCHEMA = "gpu-triage.findings/v1"
TOOL = {"name": "gpu-triage", "version": "0.1.0"}

_CASES: dict[str, str] = {}


def case_lines(case_id: str, first: int = 1, last: int | None = None) -> str:
    """Lines first..last (1-based, inclusive) of a real case's text, verbatim."""
    if not _CASES:
        for line in (CORPUS / "real-cases.jsonl").read_text("utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                _CASES[case["id"]] = case["text"]
    lines = _CASES[case_id].split("\n")
    return "\n".join(lines[first - 1:(last or first)])


def cite(path: str, line: int | None, excerpt: str) -> dict:
    return {"path": path, "line": line, "excerpt": excerpt}


def finding(fid: str, severity: str, title: str, subject: dict, evidence: list[dict],
            params: dict | None = None, explains: list[str] | None = None) -> dict:
    return {"id": fid, "layer": fid.split(".", 1)[0], "severity": severity, "title": title,
            "subject": subject, "evidence": evidence, "explains": explains or [],
            "playbook": fid.replace(".", "/", 1), "params": params or {}}


def pod(ns: str, name: str) -> dict:
    return {"kind": "Pod", "namespace": ns, "name": name}


def node(name: str) -> dict:
    return {"kind": "Node", "name": name}


def collection(collectors: list[tuple], redactions: int = 3, version: str = "v1.31.4") -> dict:
    return {
        "cluster_version": {"major": "1", "minor": "31", "gitVersion": version},
        "created_at": "2026-11-29T15:00:00Z",
        "collectors": [{"name": n, "status": s, "duration_s": d, "error": e}
                       for n, s, d, e in collectors],
        "redaction": {"rules": ["bearer-token", "hf-token", "aws-key"], "count": redactions},
        "bundle_sha256": "9f2c1e7a5b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f",
    }


EXEC_FORBIDDEN = ('pods "nvidia-driver-daemonset-8kq2z" is forbidden: User '
                  '"system:serviceaccount:triage:gpu-triage" cannot create resource "pods/exec" '
                  'in API group "" in the namespace "gpu-operator"')
PLUGIN_LOG = ("cluster-resources/pods/logs/gpu-operator/nvidia-device-plugin-daemonset-x2x/"
              "nvidia-device-plugin.log")


def pending_nvml() -> dict:
    target = pod("llm", "qwen-vllm-7d9f-abcde")
    root = finding(
        "plugin.nvml_unavailable", "critical",
        "The device plugin on node gpu-node-3 cannot load NVML", node("gpu-node-3"),
        [cite(PLUGIN_LOG, 2, case_lines("dp-nvml-could-not-load-cri-log", 2)),
         cite(PLUGIN_LOG, 3, case_lines("dp-nvml-could-not-load-cri-log", 3))],
        {"node": "gpu-node-3", "plugin_pod": "nvidia-device-plugin-daemonset-x2x",
         "operator_namespace": "gpu-operator", "namespace": "llm", "pod": "qwen-vllm-7d9f-abcde"},
        ["node.gpu_not_advertised", "scheduler.insufficient_gpu"])
    not_advertised = finding(
        "node.gpu_not_advertised", "error", "Node gpu-node-3 does not advertise nvidia.com/gpu",
        node("gpu-node-3"),
        [cite("cluster-resources/nodes.json", None,
              '"allocatable": {"cpu": "32", "ephemeral-storage": "1873304276Ki", '
              '"memory": "263921116Ki", "pods": "110"}')],
        {"node": "gpu-node-3", "resource": "nvidia.com/gpu"})
    insufficient = finding(
        "scheduler.insufficient_gpu", "warning",
        "Pod llm/qwen-vllm-7d9f-abcde cannot be placed: no node has a free nvidia.com/gpu",
        target,
        [cite("cluster-resources/events/llm.json", None,
              case_lines("sched-insufficient-gpu-no-preemption-victims", 1))],
        {"namespace": "llm", "pod": "qwen-vllm-7d9f-abcde", "resource": "nvidia.com/gpu",
         "requested": 1, "available": 0})
    gaps = [{"collector": "exec", "reason": "forbidden", "detail": EXEC_FORBIDDEN,
             "needs": "create pods/exec in namespace gpu-operator"}]
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "incident-0412.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": target, "status": "problem", "root_cause": root,
        "findings": [root, not_advertised, insufficient], "gaps": gaps,
        "collection": collection([("pods", "ok", 0.12, None), ("events", "ok", 0.05, None),
                                  ("nodes", "ok", 0.08, None), ("logs", "ok", 0.41, None),
                                  ("exec", "failed", 0.02, "forbidden")]),
    }


def crashloop_oom() -> dict:
    target = {"kind": "Deployment", "namespace": "llm", "name": "vllm-qwen2-7b"}
    pod_a, pod_b = "vllm-qwen2-7b-5c9d8f7b6-kx2lp", "vllm-qwen2-7b-5c9d8f7b6-m8q4z"
    log = f"cluster-resources/pods/logs/llm/{pod_a}/vllm-previous.log"
    root = finding(
        "application.cuda_oom", "error", f"CUDA out of memory in container vllm of pod llm/{pod_a}",
        pod("llm", pod_a),
        [cite(log, 214, case_lines("torch-oom-huge-alloc-other-process", 1, 2))],
        {"namespace": "llm", "pod": pod_a, "container": "vllm"})
    probe = finding(
        "application.probe_killed_during_startup", "warning",
        f"Startup probe of pod llm/{pod_b} fails while the model loads", pod("llm", pod_b),
        [cite("cluster-resources/events/llm.json", None,
              case_lines("probe-startup-503-killed-mid-load", 1))],
        {"namespace": "llm", "pod": pod_b, "container": "vllm"})
    root_b = finding(
        "application.cuda_oom", "error", f"CUDA out of memory in container vllm of pod llm/{pod_b}",
        pod("llm", pod_b),
        [cite(f"cluster-resources/pods/logs/llm/{pod_b}/vllm-previous.log", 198,
              case_lines("torch-oom-huge-alloc-other-process", 1))],
        {"namespace": "llm", "pod": pod_b, "container": "vllm"})
    deploy = "cluster-resources/deployments/llm.json"
    checks = [
        {"id": "gpu_resource_registered", "answer": "yes",
         "evidence": [cite("cluster-resources/nodes.json", None, '"nvidia.com/gpu": "8"')]},
        {"id": "taints_tolerated", "answer": "yes",
         "evidence": [cite(deploy, None, '{"key": "nvidia.com/gpu", "operator": "Exists", '
                                         '"effect": "NoSchedule"}')]},
        {"id": "replicas_spread", "answer": "unknown", "evidence": []},
        {"id": "rollout_headroom", "answer": "no",
         "evidence": [cite(deploy, None, '"strategy": {"type": "RollingUpdate", "rollingUpdate": '
                                         '{"maxSurge": "25%", "maxUnavailable": "25%"}}')]},
        {"id": "probes_sized_for_load", "answer": "no",
         "evidence": [cite("cluster-resources/events/llm.json", None,
                           case_lines("probe-startup-503-killed-mid-load", 1))]},
        {"id": "rollback_revision_present", "answer": "yes",
         "evidence": [cite("cluster-resources/replicasets/llm.json", None,
                           '"deployment.kubernetes.io/revision": "3"')]},
    ]
    diag_a = {"target": pod("llm", pod_a), "status": "problem", "root_cause": root,
              "findings": [root], "gaps": []}
    diag_b = {"target": pod("llm", pod_b), "status": "problem", "root_cause": root_b,
              "findings": [root_b, probe], "gaps": []}
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "vllm-qwen2-crashloop.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": target, "status": "problem", "root_cause": root,
        "findings": [root, root_b, probe], "gaps": [],
        "diagnoses": [diag_a, diag_b], "release_checks": checks,
        "collection": collection([("pods", "ok", 0.1, None), ("events", "ok", 0.04, None),
                                  ("deployments", "ok", 0.03, None), ("logs", "ok", 0.9, None)],
                                 redactions=1),
    }


def healthy() -> dict:
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "embedder-check.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": pod("search", "embedder-6f5d8c7d9-q2w4x"), "status": "healthy",
        "root_cause": None, "findings": [], "gaps": [],
        "collection": collection([("pods", "ok", 0.09, None), ("events", "ok", 0.03, None),
                                  ("nodes", "ok", 0.07, None), ("logs", "ok", 0.2, None),
                                  ("exec", "ok", 1.3, None)], redactions=0),
    }


def inconclusive() -> dict:
    target = pod("research", "train-llama-0")
    sched = finding(
        "scheduler.insufficient_gpu", "warning",
        "Pod research/train-llama-0 cannot be placed: no node has a free nvidia.com/gpu", target,
        [cite("cluster-resources/events/research.json", None,
              case_lines("sched-legacy-didnt-match-node-selector-gpu", 1))],
        {"namespace": "research", "pod": "train-llama-0", "resource": "nvidia.com/gpu"})
    gaps = [
        {"collector": "nodes", "reason": "forbidden",
         "detail": 'nodes is forbidden: User "x" cannot list resource "nodes"',
         "needs": "list nodes (cluster scope)"},
        {"collector": "plugin-logs", "reason": "forbidden",
         "detail": 'pods "nvidia-device-plugin-daemonset-7xk2p" is forbidden: User "x" cannot get '
                   'resource "pods/log" in API group "" in the namespace "gpu-operator"',
         "needs": "get pods/log in namespace gpu-operator"},
        {"collector": "dmesg", "reason": "timeout", "detail": "no answer in 30 s",
         "needs": "--request-timeout 60s, or attach `dmesg -T` from the node"},
    ]
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "train-llama-pending.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": target, "status": "inconclusive", "root_cause": None,
        "findings": [sched], "gaps": gaps,
        "collection": collection([("pods", "ok", 0.1, None), ("events", "ok", 0.05, None),
                                  ("nodes", "failed", 0.02, "forbidden"),
                                  ("plugin-logs", "failed", 0.02, "forbidden"),
                                  ("dmesg", "failed", 30.0, "timeout")], redactions=0),
    }


# (namespace, pod, finding id, severity, title, evidence path, line, case id, first, last, node)
_SCAN_CASES = [
    ("llm", "qwen-vllm-7d9f-abcde", "plugin.nvml_unavailable", "critical",
     "The device plugin on node gpu-node-3 cannot load NVML", PLUGIN_LOG, 2,
     "dp-nvml-could-not-load-cri-log", 2, 2, "gpu-node-3"),
    ("train", "bert-ft-0", "driver.xid_ecc_error", "critical",
     "Uncorrectable ECC error (Xid 48) on node gpu-node-5", "gpu/nodes/gpu-node-5/dmesg.log", 41,
     "dmesg-xid48-dbe-rminitadapter-failed", 4, 4, "gpu-node-5"),
    ("train", "resnet-ddp-1", "driver.gpu_fallen_off_bus", "critical",
     "GPU 0000:b3:00.0 on node gpu-node-6 has fallen off the bus", "gpu/nodes/gpu-node-6/dmesg.log",
     7, "dmesg-fallen-off-bus-no-xid-multiline", 1, 3, "gpu-node-6"),
    ("llm", "llama3-8b-7c6d5-zt9hk", "application.model_access_not_granted", "error",
     "The token cannot read the gated model meta-llama/Meta-Llama-3-8B",
     "cluster-resources/pods/logs/llm/llama3-8b-7c6d5-zt9hk/server.log", 12,
     "hf-gated-403-not-authorized-kubeai", 1, 4, "gpu-node-1"),
    ("llm", "vllm-qwen2-7b-5c9d8f7b6-kx2lp", "application.cuda_oom", "error",
     "CUDA out of memory in container vllm",
     "cluster-resources/pods/logs/llm/vllm-qwen2-7b-5c9d8f7b6-kx2lp/vllm-previous.log", 214,
     "torch-oom-huge-alloc-other-process", 1, 1, "gpu-node-2"),
    ("batch", "render-job-x7k2q", "scheduler.untolerated_taint", "error",
     "Pod batch/render-job-x7k2q does not tolerate the GPU nodes' taint gpu",
     "cluster-resources/events/batch.json", None, "sched-untolerated-taint-gpu-kind", 1, 1, None),
    ("research", "sweep-42", "scheduler.quota_exceeded", "warning",
     "The GPU quota of namespace research is used up", "cluster-resources/events/research.json",
     None, "sched-exceeds-gpu-quota-extender", 1, 1, None),
    ("llm", "qwen-32k-0", "application.vllm_kv_cache_insufficient", "error",
     "vLLM cannot fit the KV cache for max_model_len 32768",
     "cluster-resources/pods/logs/llm/qwen-32k-0/vllm.log", 88, "vllm-max-seq-len-32k-qwen", 2, 2,
     "gpu-node-1"),
    ("train", "gpt-ddp-3", "application.nccl_error", "warning", "NCCL reports an InfiniBand port error",
     "cluster-resources/pods/logs/train/gpt-ddp-3/trainer.log", 5120,
     "nccl-ib-port-error-flapping-link", 1, 1, "gpu-node-4"),
]


def scan_document(n_findings: int | None = None) -> dict:
    """A cluster scan: one diagnosis per GPU workload (worst first), the inventory of
    six GPU nodes, and a healthy workload last. With `n_findings`, the real cases are
    repeated over more workloads until the document holds that many findings."""
    diagnoses, findings, gaps = [], [], []
    i = 0
    while i < len(_SCAN_CASES) if n_findings is None else len(findings) < n_findings:
        ns, name, fid, sev, title, path, line, case, first, last, nd = _SCAN_CASES[i % len(_SCAN_CASES)]
        if i >= len(_SCAN_CASES):
            name = f"{name}-r{i // len(_SCAN_CASES)}"
        subject = node(nd) if fid.split(".")[0] in ("plugin", "driver") else pod(ns, name)
        params = {"namespace": ns, "pod": name, **({"node": nd} if nd else {})}
        f = finding(fid, sev, title, subject, [cite(path, line, case_lines(case, first, last))], params)
        diag_findings = [f]
        if fid.startswith(("plugin.", "driver.")):
            symptom = finding("scheduler.insufficient_gpu", "warning",
                              f"Pod {ns}/{name} cannot be placed: no node has a free nvidia.com/gpu",
                              pod(ns, name),
                              [cite(f"cluster-resources/events/{ns}.json", None,
                                    case_lines("sched-insufficient-gpu-no-preemption-victims", 1))],
                              {"namespace": ns, "pod": name})
            f["explains"] = ["scheduler.insufficient_gpu"]
            diag_findings.append(symptom)
        diag_gaps = []
        if fid == "scheduler.quota_exceeded":
            diag_gaps.append({"collector": "resource-quota", "reason": "forbidden",
                              "detail": 'resourcequotas is forbidden: User "x" cannot list resource '
                                        '"resourcequotas" in the namespace "research"',
                              "needs": "list resourcequotas in namespace research"})
        diagnoses.append({"target": pod(ns, name), "status": "problem", "root_cause": f,
                          "findings": diag_findings, "gaps": diag_gaps})
        findings.extend(diag_findings)
        gaps.extend(diag_gaps)
        i += 1
    diagnoses.append({"target": pod("search", "embedder-6f5d8c7d9-q2w4x"), "status": "healthy",
                      "root_cause": None, "findings": [], "gaps": []})
    holders = {"gpu-node-1": [("llm", "llama3-8b-7c6d5-zt9hk", 1, "Running"),
                              ("llm", "qwen-32k-0", 2, "Running"),
                              ("search", "embedder-6f5d8c7d9-q2w4x", 1, "Running")],
               "gpu-node-2": [("llm", "vllm-qwen2-7b-5c9d8f7b6-kx2lp", 1, "Running")],
               "gpu-node-4": [("train", "gpt-ddp-3", 8, "Running")],
               "gpu-node-5": [("train", "bert-ft-0", 4, "Running")]}
    nodes = [("gpu-node-1", 4, 4, True), ("gpu-node-2", 8, 8, True), ("gpu-node-3", None, None, True),
             ("gpu-node-4", 8, 8, True), ("gpu-node-5", 8, 7, True), ("gpu-node-6", 8, 0, False)]
    inventory = []
    for name, cap, alloc, ready in nodes:
        hs = holders.get(name, [])
        req = sum(h[2] for h in hs)
        inventory.append({"node": name, "resource": "nvidia.com/gpu", "capacity": cap,
                          "allocatable": alloc, "requested": req,
                          "free": None if alloc is None else max(alloc - req, 0),
                          "unhealthy": 0 if cap is None or alloc is None else cap - alloc,
                          "ready": ready,
                          "holders": [{"namespace": a, "pod": b, "count": c, "phase": d}
                                      for a, b, c, d in hs]})
    worst = diagnoses[0]
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "scan-prod-gpu.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": None, "status": worst["status"], "root_cause": worst["root_cause"],
        "findings": findings, "gaps": gaps, "diagnoses": diagnoses, "inventory": inventory,
        "collection": collection([("pods", "ok", 1.8, None), ("events", "ok", 0.7, None),
                                  ("nodes", "ok", 0.3, None), ("logs", "partial", 4.2, "2 timeouts"),
                                  ("resource-quota", "failed", 0.02, "forbidden")], redactions=12),
    }


HOSTILE = ("<img src=x onerror=\"document.title='pwned'\"> <script>document.title='pwned'</script> "
           "[click](javascript:alert(1)) ![x](http://203.0.113.9/beacon.png) ``` {{ 7*7 }} {% raw %}"
           " | cell | **bold** # not a heading [bold red]rich[/] :rocket: \x1b[31mANSI\x1b[0m \u202eevil")


def hostile() -> dict:
    """Every string a cluster controls carries markup, script, Markdown and template syntax."""
    bad_name = "x<img src=x onerror=\"document.title='pwned'\">"
    target = pod("<script>document.title='pwned'</script>", bad_name)
    root = finding("application.crash_unclassified", "error",
                   "Crash of <script>document.title='pwned'</script> [x](javascript:alert(1)) {{ 7*7 }}",
                   target, [cite("cluster-resources/pods/logs/ns/<b>pod</b>/c`.log", 3,
                                 HOSTILE + "\n```\n</pre><iframe src=\"http://203.0.113.9/\"></iframe>\n"
                                 "<a href=\"javascript:alert(1)\">link</a> <https://example.invalid/x>"),
                                 cite("cluster-resources/events/ns.json", None, "[x](javascript:alert(1))")],
                   {"namespace": "<script>", "pod": bad_name, "message": HOSTILE})
    other = finding("node.label_drift", "warning", "Label drift " + HOSTILE, node(bad_name),
                    [cite("cluster-resources/nodes.json", None, "{{ config }} {% for x in y %}")],
                    {"node": bad_name, "label": "[x](javascript:alert(1))"})
    gaps = [{"collector": "<img src=x onerror=alert(1)>", "reason": "forbidden",
             "detail": HOSTILE, "needs": "[grant](javascript:alert(1))"}]
    checks = [{"id": "taints_tolerated", "answer": "<b>yes</b>",
               "evidence": [cite("cluster-resources/deployments/ns.json", None, HOSTILE)]}]
    inventory = [{"node": bad_name, "resource": "nvidia.com/gpu", "capacity": 2, "allocatable": 2,
                  "requested": 1, "free": 1, "unhealthy": 0, "ready": True,
                  "holders": [{"namespace": "<script>", "pod": bad_name, "count": 1,
                               "phase": "<i>Running</i>"}]}]
    diag = {"target": target, "status": "problem", "root_cause": root, "findings": [root, other],
            "gaps": gaps}
    diag2 = {"target": pod("ns", "[y](javascript:alert(2))"), "status": "healthy",
             "root_cause": None, "findings": [], "gaps": []}
    col = collection([("<img src=x onerror=alert(1)>", "ok", 0.1, HOSTILE)])
    col["cluster_version"] = "<script>alert(1)</script>"
    return {
        "schema": SCHEMA, "tool": TOOL,
        "bundle": {"path": "<img src=x onerror=alert(1)>.tar.gz", "created_at": "2026-11-29T15:00:00Z"},
        "target": None, "status": "problem", "root_cause": root, "findings": [root, other],
        "gaps": gaps, "diagnoses": [diag, diag2], "inventory": inventory, "release_checks": checks,
        "collection": col,
    }


DOCUMENTS = {
    "pending-nvml": pending_nvml,
    "crashloop-oom": crashloop_oom,
    "healthy": healthy,
    "inconclusive": inconclusive,
    "scan": scan_document,
    "hostile": hostile,
}


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    for name, make in DOCUMENTS.items():
        (DOCS / f"{name}.json").write_text(json.dumps(make(), indent=2, ensure_ascii=False) + "\n",
                                           "utf-8")


if __name__ == "__main__":
    main()
