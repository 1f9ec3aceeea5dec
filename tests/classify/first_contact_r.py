"""First-contact batch R (fixtures/first-contact/batch-r/cases.jsonl) as scenario bundles.

Real application-layer failures (and a look-alike) from public threads that no rule was written for, sampled
with the fixed query list in the batch README: a Triton model configuration pinned to a GPU id the pod does not
have (EKS), liveness probes that kill a model server still downloading or loading its model (GKE, AKS), an
eviction for ephemeral storage while a training job writes outside its bucket mount (GKE), and a GPUStack worker
whose log repeats an error while its models serve normally (look-alike). Each builder places the case's text
verbatim where a collector would have found it (prose texts are not placed) and builds the cluster state the
thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_r      # (re)writes fixtures/first-contact/batch-r/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod, running_pod, thread_scenario
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.scenario_builder import (checked_case_ids, read_cases, REPO, Scenario, T0, T1, write_batch)
from tests.classify.scenarios_real import crashing, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-r"
SCENARIOS_DIR = BATCH / "scenarios"

# cases whose text is prose (not placed in the bundle) and cases whose text is a rendering (describe rows)
TEXT_NOT_IN_BUNDLE = {"fr002", "fr005"}
RENDERED = {"fr003", "fr004"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


def _event_rows(t: str) -> list[tuple[str, str, str, str]]:
    """(type, reason, component, message) of each `kubectl describe` event row of a text."""
    rows = []
    for line in t.splitlines():
        parts = line.split()
        if len(parts) < 5 or parts[0] not in ("Normal", "Warning"):
            continue
        typ, reason, _age, component = parts[0], parts[1], parts[2], parts[3]
        message = line.split(component, 1)[1].strip()
        rows.append((typ, reason, component, message))
    return rows


def _gke_info(version: str = "v1.29.6-gke.1038001") -> dict:
    return {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.90+",
            "containerRuntimeVersion": "containerd://1.7.15", "kubeletVersion": version, "kubeProxyVersion": version}


def _liveness_killed(container: str, restarts: int, running: bool) -> dict:
    """A container restarted by its liveness probe (last terminated 137), now running (ready or not) or in back-off."""
    last = {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0, "finishedAt": T1}}
    if running:
        return {container: {"state": {"running": {"startedAt": T1}}, "lastState": last, "ready": True,
                            "started": True, "restartCount": restarts}}
    return {container: {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                              "message": f"back-off 40s restarting failed container={container}"}},
                        "lastState": last, "ready": False, "restartCount": restarts}}


# ---- application layer -----------------------------------------------------------------------

@case("fr001", pod_subj("triton-vllm-llama-5d8f7c6b9-q4m2x", "triton-vllm"),
      "EKS node g5.12xlarge (4 A10G, Amazon Linux 2 EKS GPU AMI with host driver; strings assumed) with the NVIDIA "
      "device plugin DaemonSet; the data-on-eks Triton Inference Server Deployment (vLLM backend, models llama2 and "
      "llama3, 2 GPUs requested; names, namespace and image tag assumed) crash-loops: its previous log holds the "
      "server's model table (the header line as quoted in the PR) with the text; the server exits after the failed load "
      "(Triton's default --exit-on-error; the exit line is not quoted and not added).")
def _(w, t):
    node = "ip-10-1-84-23.us-east-2.compute.internal"
    host_node(w, node, gpus=4, labels=eks_labels("g5.12xlarge", "triton-gpu"),
              info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.219-208.866.amzn2.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.30.0-eks-036c24b",
                    "kubeProxyVersion": "v1.30.0-eks-036c24b"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9w4kd")
    plugin_ds(w, KS, [p])
    ns, name, c = "triton-vllm", "triton-vllm-llama-5d8f7c6b9-q4m2x", "triton-inference-server"
    w.pod(ns, name, node=node, gpu=2, containers=(c,), ready=False, image="nvcr.io/nvidia/tritonserver:24.06-vllm-python-py3",
          owner=("ReplicaSet", "triton-vllm-llama-5d8f7c6b9"), tolerations=TOLERATE_GPU,
          statuses=crashing(c, 1, restarts=6))
    w.log(ns, name, c, "I0715 04:06:56.609115 1 server.cc:674] \n" + t, previous=True)
    w.target("Pod", ns, name)


@case("fr002", pod_subj("deepseek-r1-distill-llama-8b-7b9d6c5f4-x8k2q", "default"),
      "GKE Standard node with one NVIDIA L4 (g2-standard-8, COS, GKE-managed driver and device plugin; strings "
      "assumed) running AIBrix v0.2.0; the quickstart model Deployment's pod (vllm/vllm-openai:v0.7.1, "
      "deepseek-r1-distill-llama-8b downloaded from Hugging Face at start; pod name and probe thresholds assumed) "
      "is restarted by its liveness probe before the download finishes: Running, not Ready, restartCount 3, last "
      "terminated exit 137; events Unhealthy (liveness and readiness, connection refused) and Killing (kubelet "
      "standard wording, illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gke-aibrix-l4-pool-3c7e9a1d-5qzt"
    host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                               "cloud.google.com/gke-nodepool": "l4-pool",
                               "node.kubernetes.io/instance-type": "g2-standard-8"}, info=_gke_info())
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-small-cos-h7x2v", ds="nvidia-gpu-device-plugin-small-cos",
                   image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.25-gke.56")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin-small-cos")
    ns, name, c = "default", "deepseek-r1-distill-llama-8b-7b9d6c5f4-x8k2q", "vllm-openai"
    probes = {"livenessProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                                "initialDelaySeconds": 90, "periodSeconds": 5, "failureThreshold": 3},
              "readinessProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                                 "initialDelaySeconds": 90, "periodSeconds": 5, "failureThreshold": 3}}
    st = _liveness_killed(c, 3, running=True)
    st[c]["ready"] = False
    w.pod(ns, name, node=node, containers=(c,), image="vllm/vllm-openai:v0.7.1", ready=False, probes=probes,
          labels={"model.aibrix.ai/name": "deepseek-r1-distill-llama-8b", "model.aibrix.ai/port": "8000"},
          owner=("ReplicaSet", "deepseek-r1-distill-llama-8b-7b9d6c5f4"), tolerations=TOLERATE_GPU, statuses=st)
    w.event(ns, "Pod", name, "Unhealthy", 'Readiness probe failed: Get "http://10.244.1.5:8000/health": dial tcp '
            '10.244.1.5:8000: connect: connection refused', count=12, host=node)
    w.event(ns, "Pod", name, "Unhealthy", 'Liveness probe failed: Get "http://10.244.1.5:8000/health": dial tcp '
            '10.244.1.5:8000: connect: connection refused', count=9, host=node)
    w.event(ns, "Pod", name, "Killing", "Container vllm-openai failed liveness probe, will be restarted",
            type="Normal", count=3, host=node)
    w.target("Pod", ns, name)


@case("fr003", pod_subj("workspace-gpt-oss-120b-775f85c666-9d549", "default"),
      "AKS GPU node aks-wsadecf8870-32491546-vmss000000 (KAITO-provisioned; Standard_NC80adis_H100_v5 with 2 H100, "
      "AKS-managed driver and the NVIDIA device plugin DaemonSet; strings assumed) running the gpt-oss-120b "
      "workspace pod (kaito-base:0.0.8 as quoted, 2 GPUs, liveness/readiness probes with thresholds assumed): "
      "Running and Ready after 2 restarts (last terminated exit 137); events are the text's rows (Scheduled, the "
      "FailedMount of config-volume, Pulling) plus Unhealthy and Killing events of the liveness probe (kubelet "
      "standard wording, illustrative; cut off in the stored thread).")
def _(w, t):
    node = "aks-wsadecf8870-32491546-vmss000000"
    host_node(w, node, gpus=2, labels={"kubernetes.azure.com/agentpool": "wsadecf8870",
                                       "kubernetes.azure.com/accelerator": "nvidia",
                                       "node.kubernetes.io/instance-type": "Standard_NC80adis_H100_v5",
                                       "apps": "gpt-oss-120b"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1092-azure",
                    "containerRuntimeVersion": "containerd://1.7.28-1", "kubeletVersion": "v1.32.7",
                    "kubeProxyVersion": "v1.32.7"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r8t2n")
    plugin_ds(w, KS, [p])
    ns, name, c = "default", "workspace-gpt-oss-120b-775f85c666-9d549", "workspace-gpt-oss-120b"
    probes = {"livenessProbe": {"httpGet": {"path": "/health", "port": 5000, "scheme": "HTTP"},
                                "initialDelaySeconds": 600, "periodSeconds": 10, "failureThreshold": 3},
              "readinessProbe": {"httpGet": {"path": "/health", "port": 5000, "scheme": "HTTP"},
                                 "initialDelaySeconds": 30, "periodSeconds": 10, "failureThreshold": 3}}
    w.pod(ns, name, node=node, gpu=2, containers=(c,), image="mcr.microsoft.com/aks/kaito/kaito-base:0.0.8",
          probes=probes, owner=("ReplicaSet", "workspace-gpt-oss-120b-775f85c666"), tolerations=TOLERATE_GPU,
          labels={"kaito.sh/workspace": "workspace-gpt-oss-120b"},
          volumes=[{"name": "config-volume", "configMap": {"name": "inference-params-template"}}],
          mounts=[{"name": "config-volume", "mountPath": "/mnt/config"}],
          statuses=_liveness_killed(c, 2, running=True))
    for typ, reason, component, message in _event_rows(t):
        w.event(ns, "Pod", name, reason, message, type=typ, component=component,
                host=None if component == "default-scheduler" else node)
    w.event(ns, "Pod", name, "Unhealthy", 'Liveness probe failed: Get "http://10.244.2.14:5000/health": dial tcp '
            '10.244.2.14:5000: connect: connection refused', count=6, host=node)
    w.event(ns, "Pod", name, "Killing", f"Container {c} failed liveness probe, will be restarted", type="Normal",
            count=2, host=node)
    w.target("Pod", ns, name)


@case("fr004", pod_subj("llama2-7b-finetune-modeller-0", "default"),
      "GKE Standard node with one NVIDIA L4 (g2-standard-8, COS, GKE-managed driver and device plugin; strings "
      "assumed) and the Cloud Storage FUSE CSI driver; the substratus fine-tuning pod (container `model` with one "
      "GPU and no ephemeral-storage limit, injected `gke-gcsfuse-sidecar` with the 5Gi ephemeral-storage limit the "
      "reporter names, the bucket mounted at /model/saved while the job wrote to /model/trained; pod name and "
      "images assumed) was evicted: phase Failed, reason Evicted, the Evicted row's message as status message; events are "
      "the text's rows.")
def _(w, t):
    node = "gke-substratus-l4-pool-8e2f4b1a-k2wd"
    host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                               "cloud.google.com/gke-nodepool": "l4-pool",
                               "node.kubernetes.io/instance-type": "g2-standard-8"},
              info=_gke_info("v1.27.3-gke.100"))
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-small-cos-m4q8z", ds="nvidia-gpu-device-plugin-small-cos",
                   image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.25-gke.56")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin-small-cos")
    ns, name = "default", "llama2-7b-finetune-modeller-0"
    rows = _event_rows(t)
    evicted_msg = next(m for _typ, reason, _c, m in rows if reason == "Evicted")
    pod = w.pod(ns, name, node=node, containers=("model", "gke-gcsfuse-sidecar"), phase="Failed", ready=False,
                image="substratusai/model-trainer-huggingface:v0.1.0", owner=("Job", "llama2-7b-finetune-modeller"),
                tolerations=TOLERATE_GPU, reason="Evicted", message=evicted_msg,
                volumes=[{"name": "gcs-fuse-csi-ephemeral",
                          "csi": {"driver": "gcsfuse.csi.storage.gke.io",
                                  "volumeAttributes": {"bucketName": "substratus-artifacts"}}}],
                mounts=[{"name": "gcs-fuse-csi-ephemeral", "mountPath": "/model/saved"}],
                statuses={c: {"state": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0,
                                                       "finishedAt": T1}}, "ready": False, "restartCount": 0}
                          for c in ("model", "gke-gcsfuse-sidecar")})
    pod["spec"]["restartPolicy"] = "Never"
    specs = pod["spec"]["containers"]
    specs[1]["image"] = "gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v0.1.4-gke.1"
    specs[1]["resources"] = {"requests": {"cpu": "250m", "memory": "256Mi", "ephemeral-storage": "1Gi"},
                             "limits": {"cpu": "250m", "memory": "256Mi", "ephemeral-storage": "5Gi"}}
    pod["status"]["containerStatuses"][1]["image"] = specs[1]["image"]
    pod["status"].pop("podIP", None)
    for typ, reason, component, message in rows:
        w.event(ns, "Pod", name, reason, message, type=typ, component=component, host=node)
    w.target("Pod", ns, name)


# ---- healthy look-alike ----------------------------------------------------------------------

@case("fr005", pod_subj("gpustack-worker-7kq2d", "gpustack-system"),
      "Kubernetes v1.32.7 node on Ubuntu 24.04 with 8 NVIDIA H20 GPUs (host driver, NVIDIA device plugin DaemonSet; "
      "strings assumed); the GPUStack v0.7.0 worker DaemonSet pod (all 8 GPUs; pod name and image tag assumed) is "
      "Running and Ready and serves two model instances; its current log (illustrative lines) repeats a 'Model "
      "instance not found' error between normal serving lines. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-h20-01"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-71-generic",
                                     "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.7",
                                     "kubeProxyVersion": "v1.32.7"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-6hj9p")
    plugin_ds(w, KS, [p])
    ns, name = "gpustack-system", "gpustack-worker-7kq2d"
    log = ("2025-08-20T10:12:01+08:00 - gpustack.worker.serve_manager - INFO - Model instance qwen3-32b-a1B2c is "
           "running on port 40001\n"
           "2025-08-20T10:12:01+08:00 - gpustack.worker.serve_manager - INFO - Model instance qwen3-embedding-x9Y8z "
           "is running on port 40002\n"
           "2025-08-20T10:12:31+08:00 - gpustack.worker.serve_manager - ERROR - Failed watching model instances: "
           "Model instance not found\n"
           "2025-08-20T10:13:01+08:00 - gpustack.worker.serve_manager - ERROR - Failed watching model instances: "
           "Model instance not found\n"
           "2025-08-20T10:13:31+08:00 - gpustack.worker.serve_manager - ERROR - Failed watching model instances: "
           "Model instance not found\n")
    running_pod(w, name, log, ns=ns, node=node, container="gpustack-worker", gpu=8,
                image="gpustack/gpustack:v0.7.0", owner=("DaemonSet", "gpustack-worker"), tolerations=TOLERATE_GPU)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "R")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
