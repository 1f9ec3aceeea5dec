"""Builds first-contact batch F36 (fixtures/first-contact/batch-f36/cases.jsonl) as scenario bundles.

Round 36, fix-commit frame (GPU-filtered fix commits of Mellanox/network-operator, NVIDIA/nim-deploy,
opencost/opencost, volcano-sh/volcano; only NVIDIA/nim-deploy's frame was not empty):

- ff3601: a KServe InferenceService created from NVIDIA/nim-deploy's llama3-8b 2xA100 example, before commit
  0c5f554, selects nodes by nvidia.com/gpu.product=A100-SXM4-80GB; GPU Feature Discovery labels the DGX A100
  NVIDIA-A100-SXM4-80GB, so the predictor pod stays Pending. Prose case: the PR #30 sentence is NOT in the bundle;
  the FailedScheduling message in the bundle is composed in the default-scheduler's format (no thread quotes it).

Names, versions, node counts and images are assumed; the case's world note says so.

    .venv/bin/python -m tests.classify.first_contact_f36      # (re)writes fixtures/first-contact/batch-f36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info, nfd, remove_stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f36", "F36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the PR's own words never reach the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"ff3601"}

_NODE = "dgx01"
_ISVC = "llama3-8b-instruct-2xa100"
_REV = f"{_ISVC}-predictor-00001"
_RS = f"{_REV}-deployment-7c8f9d6b5d"
_POD = f"{_RS}-x4k2p"
_NS = "default"

# GPU Operator v24.3.0 (the release current at the fix's date, 2024-07-02; assumed) component images
_V = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0"
_STACK_IMAGES = {
    "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04",
    "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8",
    "gfd": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8",
    "validator": _V,
}

# composed, not quoted: the default-scheduler's message for one node failing the NodeAffinity filter, in the
# Kubernetes 1.29 format (the double period as in the message NVIDIA/nim-deploy#87 quotes, 2024)
_SCHED_MSG = ("0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes "
              "are available: 1 Preemption is not helpful for scheduling..")


def _set_images(p: dict, image: str, init_image: str | None = None) -> None:
    for c in p["spec"]["containers"]:
        c["image"] = image
    for s in p["status"].get("containerStatuses", []):
        s["image"] = image
    for c in p["spec"].get("initContainers", []):
        c["image"] = init_image or _V
    for s in p["status"].get("initContainerStatuses", []):
        s["image"] = init_image or _V


@case("ff3601", pod_subj(_POD, _NS),
      "A single-node Kubernetes cluster (v1.29.6, assumed) on an NVIDIA DGX A100 (dgx01: 8 x A100-SXM4-80GB, "
      "DGX OS 6 with driver 535.183.01 pre-installed; assumed). The NVIDIA GPU Operator v24.3.0 (assumed) runs "
      "in gpu-operator with the driver disabled (node label nvidia.com/gpu.deploy.driver=pre-installed): "
      "container toolkit, device plugin, GPU Feature Discovery and validator pods Running, NFD master and worker "
      "Running; GFD labels the node nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB. KServe v0.13.0 in serverless "
      "mode (Knative Serving v1.13, Istio 1.20; assumed) runs on the node. The InferenceService "
      "llama3-8b-instruct-2xa100 from the repository's example file before the fix (namespace default, as the "
      "example sets none) has its predictor Deployment's pod (kserve-container: nvcr.io/nim/meta/"
      "llama3-8b-instruct:1.0.0, 2 nvidia.com/gpu, the runtime's 12 CPU / 128Gi requests, PVC nvidia-nim-pvc "
      "and the /dev/shm emptyDir from the repository's files; queue-proxy sidecar) Pending with nodeSelector "
      "nvidia.com/gpu.product: A100-SXM4-80GB; all 8 GPUs are free. Its FailedScheduling event and PodScheduled "
      "condition carry a message COMPOSED in the default-scheduler's format (no thread quotes one). The case's "
      "text is the PR's prose and is NOT in the bundle. Pod names and hash suffixes are assumed.")
def _(w, t):
    w.git_version = "v1.29.6"
    n = w.gpu_node(_NODE, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="256",
                   memory="2113645560Ki",
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed",
                           "nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "183",
                           "nvidia.com/cuda.driver.rev": "01", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "2", "nvidia.com/gpu.family": "ampere",
                           "nvidia.com/gpu.machine": "DGXA100-920-23687-2530-000",
                           "nvidia.com/gpu.compute.major": "8", "nvidia.com/gpu.compute.minor": "0",
                           "nvidia.com/mig.capable": "true", "nvidia.com/gpu.replicas": "1",
                           "node-role.kubernetes.io/control-plane": ""})
    info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-1053-nvidia",
         containerRuntimeVersion="containerd://1.7.18", kubeletVersion="v1.29.6")
    remove_stack_pod(w, _NODE, "driver")          # DGX OS: the driver is the host's, not the operator's
    for role, image in _STACK_IMAGES.items():
        _set_images(w.get_pod(OPERATOR_NS, w.stack(_NODE, role)), image)
    op = w.pod(OPERATOR_NS, "gpu-operator-6b7f8d9c5-tq4zm", node=_NODE, gpu=0, containers=("gpu-operator",),
               owner=("ReplicaSet", "gpu-operator-6b7f8d9c5"), cpu="200m", memory="100Mi",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    _set_images(op, "nvcr.io/nvidia/gpu-operator:v24.3.0")
    nfd(w, OPERATOR_NS, "gpu-operator-node-feature-discovery", [_NODE], _NODE, "v0.15.4")
    for ns, name, img in (
            ("kserve", "kserve-controller-manager-7d8c9f6b4-l2w9n", "kserve/kserve-controller:v0.13.0"),
            ("knative-serving", "controller-5c9d7f8b6-r8k3j",
             "gcr.io/knative-releases/knative.dev/serving/cmd/controller:v1.13.1"),
            ("knative-serving", "activator-6f7b8c9d5-h4m2x",
             "gcr.io/knative-releases/knative.dev/serving/cmd/activator:v1.13.1"),
            ("knative-serving", "autoscaler-7b9c8d6f5-p6t8v",
             "gcr.io/knative-releases/knative.dev/serving/cmd/autoscaler:v1.13.1"),
            ("istio-system", "istiod-6d9f8b7c5-w7n4q", "docker.io/istio/pilot:1.20.3"),
            ("istio-system", "istio-ingressgateway-5f8c9d7b6-z3k8r", "docker.io/istio/proxyv2:1.20.3")):
        comp = name.rsplit("-", 2)[0]
        p = w.pod(ns, name, node=_NODE, gpu=0, containers=(comp if ns != "kserve" else "manager",),
                  owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="100m", memory="256Mi", labels={"app": comp})
        _set_images(p, img)
    labels = {"app": _REV, "component": "predictor", "serving.kserve.io/inferenceservice": _ISVC,
              "serving.knative.dev/configuration": f"{_ISVC}-predictor",
              "serving.knative.dev/revision": _REV, "serving.knative.dev/service": f"{_ISVC}-predictor",
              "pod-template-hash": "7c8f9d6b5d"}
    env = [{"name": "NIM_CACHE_PATH", "value": "/mnt/models/cache"},
           {"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "nvidia-nim-secrets", "key": "HF_TOKEN"}}},
           {"name": "NGC_API_KEY",
            "valueFrom": {"secretKeyRef": {"name": "nvidia-nim-secrets", "key": "NGC_API_KEY"}}},
           {"name": "PORT", "value": "8000"}, {"name": "K_REVISION", "value": _REV}]
    p = w.pod(_NS, _POD, gpu=2, phase="Pending", scheduled_message=_SCHED_MSG,
              image="nvcr.io/nim/meta/llama3-8b-instruct:1.0.0", containers=("kserve-container", "queue-proxy"),
              cpu="12", memory="128Gi", memory_limit="256Gi", owner=("ReplicaSet", _RS), labels=labels,
              node_selector={"nvidia.com/gpu.product": "A100-SXM4-80GB"}, env=env,
              volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "128Gi"}},
                       {"name": "kserve-pvc-source", "persistentVolumeClaim": {"claimName": "nvidia-nim-pvc",
                                                                               "readOnly": True}}],
              mounts=[{"name": "dshm", "mountPath": "/dev/shm"},
                      {"name": "kserve-pvc-source", "mountPath": "/mnt/models", "readOnly": True}],
              extra_spec={"imagePullSecrets": [{"name": "ngc-secret"}]})
    qp = p["spec"]["containers"][1]
    qp["image"] = "gcr.io/knative-releases/knative.dev/serving/cmd/queue:v1.13.1"
    qp["resources"] = {"requests": {"cpu": "25m"}}
    p["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "12"
    p["spec"]["containers"][0]["ports"] = [{"name": "user-port", "containerPort": 8000, "protocol": "TCP"}]
    w.workload("ReplicaSet", _NS, _RS, owner=("Deployment", f"{_REV}-deployment"),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "readyReplicas": 0, "availableReplicas": 0,
                       "observedGeneration": 1})
    w.workload("Deployment", _NS, f"{_REV}-deployment", revision="1",
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."},
                                      {"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated",
                                       "message": f'ReplicaSet "{_RS}" is progressing.'}]})
    w.event(_NS, "Pod", _POD, "FailedScheduling", _SCHED_MSG, component="default-scheduler", count=14)
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
