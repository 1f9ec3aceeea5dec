"""Builds first-contact batch B40 (fixtures/first-contact/batch-b40/cases.jsonl) as scenario bundles.

Round 40's frame: the bug-fix commits (since 2024-01-01, GPU-filtered) of gpustack/gpustack, continuing the frame of
batches D35 and B36 (45 of its remaining 98 commits looked at). One case:

- fb4001: GPUStack v2.0.0 on Kubernetes: a model instance fails before its vLLM pod is created, because the worker's
  ServiceAccount may not list nodes: 'Failed to get the default node name of the cluster: Kubernetes Error:
  Forbidden' (gpustack c3c7bbc6, PR #3521, issue #3513); text verbatim from the issue title, placed in the worker
  container's log.

The expected answer was reasoned from the fix (`expected` in the case); never taken from the tool's output.
Names, versions, node sizes and every line the source does not quote are assumed or composed; the world note says
which.

    .venv/bin/python -m tests.classify.first_contact_b40      # (re)writes fixtures/first-contact/batch-b40/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b40", "B40", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_SUFFIX = "3f9a1c2e7b5d"                          # the cluster's hashed suffix (assumed)
_GS_NS = f"gpustack-system-{_SUFFIX}"             # the v2.0.0 worker manifest's namespace form
_GS_IMG = "gpustack/gpustack:v2.0.0"              # stated version; tag form assumed
_SRV_NS = "gpustack"                              # the reporter's server namespace (assumed)
_NODES = ("gpu-node-1", "gpu-node-2")
_WORKER_PODS = {"gpu-node-1": "gpustack-worker-5xq7m", "gpu-node-2": "gpustack-worker-k2d9w"}
_INSTANCE = "qwen3-8b-Xk2Pq"

# the frames the stored copy of gpustack#3513 shows (verbatim); the rest of the traceback is composed
_QUOTED_FRAMES = (
    "The above exception was the direct cause of the following exception:\n"
    "\n"
    "Traceback (most recent call last):\n"
    "  File \"/usr/local/lib/python3.11/dist-packages/gpustack/worker/serve_manager.py\", line 419, in _serve_model_instance\n"
    "    server_ins.start()\n"
    "  File \"/usr/local/lib/python3.11/dist-packages/gpustack/worker/backends/vllm.py\", line 52, in start\n"
    "    self._handle_error(e)\n"
    "  File \"/usr/local/lib/python3.11/dist-packages/gpustack/worker/backends/base.py\", line 194, in _handle_error\n"
    "    raise error\n"
    "  File \"/usr/local/lib/python3.11/dist-packages/gpustack/worker/backends/vllm.py\", line 50, in start\n"
    "    self._start()\n"
    "  File \"/usr/local/lib/python3.11/dist-packages/gpustack/worker/backends/vllm.py\", line 73, in _start\n"
    "    self._create_workload(\n")


def _worker_log(text: str) -> str:
    sa = f"system:serviceaccount:{_GS_NS}:gpustack-worker"
    body = ('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"nodes is forbidden: '
            f'User \\"{sa}\\" cannot list resource \\"nodes\\" in API group \\"\\" at the cluster scope",'
            '"reason":"Forbidden","details":{"kind":"nodes"},"code":403}')
    return (
        "[INFO] No docker run args passed.\n"
        "[INFO] detect GPUSTACK_SERVER_URL environment, setting role to worker.\n"
        "[INFO] Starting gpustack.\n"
        "2025-11-24 09:01:12.402118+00:00 - gpustack.worker.worker - INFO - Starting GPUStack worker.\n"
        "2025-11-24 09:01:13.118530+00:00 - gpustack.worker.worker - INFO - Serving worker APIs on 0.0.0.0:10150.\n"
        "2025-11-24 09:12:40.118204+00:00 - gpustack.worker.backends.base - INFO - Preparing model files...\n"
        "2025-11-24 09:12:40.131577+00:00 - gpustack.worker.backends.base - INFO - Model files are ready.\n"
        f"2025-11-24 09:12:40.131902+00:00 - gpustack.worker.serve_manager - INFO - Provisioning model instance {_INSTANCE}\n"
        f"2025-11-24 09:12:40.132051+00:00 - gpustack.worker.backends.vllm - INFO - Starting vLLM model instance: {_INSTANCE}\n"
        f"2025-11-24 09:12:40.611392+00:00 - gpustack.worker.backends.vllm - INFO - Creating vLLM container workload: {_INSTANCE}\n"
        "Process SpawnProcess-3:\n"
        "Traceback (most recent call last):\n"
        "  File \"/usr/local/lib/python3.11/dist-packages/gpustack_runtime/deployer/kubernetes.py\", line 1411, in _get_default_node_name\n"
        "    nodes = core_api.list_node(limit=1)\n"
        "kubernetes.client.exceptions.ApiException: (403)\n"
        "Reason: Forbidden\n"
        f"HTTP response body: {body}\n"
        "\n"
        + _QUOTED_FRAMES +
        "  File \"/usr/local/lib/python3.11/dist-packages/gpustack_runtime/deployer/kubernetes.py\", line 1414, in _get_default_node_name\n"
        "    raise OperationError(msg) from e\n"
        f"gpustack_runtime.deployer.__types__.OperationError: {text}\n")


@case("fb4001", pod_subj(_WORKER_PODS["gpu-node-1"], _GS_NS),
      "Vanilla Kubernetes v1.32.2 on Ubuntu 22.04 nodes (version assumed; the OS stated) running GPUStack v2.0.0 "
      "(stated): the server as one pod (a Deployment gpustack-server in namespace gpustack on a CPU node; names "
      "assumed) and the workers as the DaemonSet gpustack-worker of the v2.0.0 generated worker manifest "
      f"(namespace {_GS_NS}, suffix assumed; label app: gpustack-worker; hostNetwork, privileged, resources {{}}, "
      "ServiceAccount gpustack-worker; its env as the manifest renders it) on two GPU nodes (2 x NVIDIA L4 each, "
      "healthy GPU Operator stack; all assumed: the reporter wrote 'GPU: N/A'). Both worker pods are Running and "
      "Ready. A vLLM model instance (name and model assumed) scheduled to gpu-node-1 never gets a pod: the worker "
      "container's log (first worker pod) holds the start lines and INFO lines (composed, in the form gpustack#3876 "
      "shows), the chained kubernetes ApiException 403 with the API server's 'nodes is forbidden' Status body "
      "(composed), the traceback frames gpustack#3513 shows (verbatim) and the final OperationError line carrying "
      "the text verbatim (exception class and gpustack_runtime frames composed). The RBAC objects are not part of "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.32.2"
    w.node("k8s-cpu-1", cpu="16", memory="65856316Ki")
    for n in _NODES:
        w.gpu_node(n, gpus=2, product="NVIDIA-L4", memory_mib=23034, cpu="48", memory="197900620Ki")
    # the GPUStack server (the reporter's own one-pod deployment; names assumed)
    rs = "gpustack-server-6b8d9c7f5d"
    srv = deploy_pod(w, _SRV_NS, rs, f"{rs}-w4hzt", "k8s-cpu-1", containers=("gpustack",), image=_GS_IMG,
                     labels={"app": "gpustack-server"}, cpu="2", memory="8Gi")
    w.workload("Deployment", _SRV_NS, "gpustack-server", template_pod=srv,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.log(_SRV_NS, srv["metadata"]["name"], "gpustack",
          "[INFO] Starting gpustack.\n"
          "2025-11-24 09:00:31.520144+00:00 - gpustack.server.server - INFO - Starting GPUStack server.\n"
          "2025-11-24 09:00:36.884012+00:00 - gpustack.server.server - INFO - Serving on 0.0.0.0:80.\n"
          f"2025-11-24 09:12:39.870455+00:00 - gpustack.scheduler.scheduler - INFO - Scheduled model instance {_INSTANCE} to worker gpu-node-1.\n")
    # the worker DaemonSet (v2.0.0 generated manifest)
    ds = "gpustack-worker"
    env = [{"name": "GPUSTACK_TOKEN", "valueFrom": {"secretKeyRef": {"key": "token", "name": "registration-token"}}},
           {"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack-server.gpustack.svc"},
           {"name": "GPUSTACK_PORT", "value": "8080"},
           {"name": "GPUSTACK_GATEWAY_MODE", "value": "embedded"},
           {"name": "GPUSTACK_RUNTIME_DEPLOY", "value": "Kubernetes"},
           {"name": "GPUSTACK_RUNTIME_DEPLOY_MIRRORED_DEPLOYMENT", "value": "true"},
           {"name": "GPUSTACK_RUNTIME_DEPLOY_MIRRORED_NAME", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
           {"name": "GPUSTACK_RUNTIME_KUBERNETES_NAMESPACE",
            "valueFrom": {"fieldRef": {"fieldPath": "metadata.namespace"}}},
           {"name": "GPUSTACK_RUNTIME_KUBERNETES_NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}}]
    d = daemonset(w, _GS_NS, ds, desired=2, containers=[("gpustack-worker", _GS_IMG)], labels={"app": ds}, env=env)
    d["spec"]["template"]["spec"].update({"hostNetwork": True, "hostIPC": True, "serviceAccountName": ds})
    for n in _NODES:
        p = ds_pod(w, _GS_NS, ds, _WORKER_PODS[n], n, containers=("gpustack-worker",), image=_GS_IMG, env=env)
        p["spec"].update({"hostNetwork": True, "hostIPC": True, "serviceAccountName": ds})
        c = p["spec"]["containers"][0]
        c["resources"] = {}
        c["securityContext"] = {"allowPrivilegeEscalation": True, "privileged": True, "runAsNonRoot": False}
        c["ports"] = [{"name": "gateway", "containerPort": 8080, "protocol": "TCP"},
                      {"name": "api", "containerPort": 10150, "protocol": "TCP"},
                      {"name": "metrics", "containerPort": 10151, "protocol": "TCP"}]
        if n == "gpu-node-1":
            w.log(_GS_NS, p["metadata"]["name"], "gpustack-worker", _worker_log(t))
        else:
            w.log(_GS_NS, p["metadata"]["name"], "gpustack-worker",
                  "[INFO] Starting gpustack.\n"
                  "2025-11-24 09:01:12.911730+00:00 - gpustack.worker.worker - INFO - Starting GPUStack worker.\n"
                  "2025-11-24 09:01:13.640288+00:00 - gpustack.worker.worker - INFO - Serving worker APIs on 0.0.0.0:10150.\n")
    w.target("Pod", _GS_NS, _WORKER_PODS["gpu-node-1"])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
