"""Builds first-contact batch C8 (fixtures/first-contact/batch-c8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer sampled from all four pools of the search tool at once
(`issues`, `pages`, `docs`, `code`) with the fixed query list in the batch README, that no rule was written for.
The expected answer was reasoned from the thread or file (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, runtime versions, some image
tags, GPU models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c8      # (re)writes fixtures/first-contact/batch-c8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj, node_subj

FC = ThreadBatch("batch-c8", "C8", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose or a guide's rendering (not placed in the bundle as a whole)
TEXT_NOT_IN_BUNDLE = {"fc802"}


# ---- OpenShift oc cluster up: the plugin cannot reach the containerised kubelet -------------

@case("fc801", node_subj("localhost"),
      "OpenShift Origin v3.11.0-alpha (Kubernetes v1.11.0+d4cacc0) started with `oc cluster up` on one CentOS 7 "
      "host with docker (kernel, docker version, GPU model assumed: a Tesla V100); the all-in-one node 'localhost' "
      "(the name oc cluster up gives it) is Ready and advertises no nvidia.com/gpu; the NVIDIA device plugin "
      "DaemonSet nvidia-device-plugin-daemonset in namespace nvidia (image nvidia/k8s-device-plugin:1.11, as in the "
      "OpenShift 3.10 GPU blog the reporter followed) has desired 1 / ready 1: the plugin keeps retrying without "
      "exiting, so its pod shows Running with no restarts; its current log holds the thread's 'Current Result' "
      "verbatim (its first line's '018' typo kept).")
def _(w, t):
    w.git_version = "v1.11.0+d4cacc0"
    node = "localhost"
    n = w.node(node, cpu="16", memory="131733888Ki",
               labels={"node-role.kubernetes.io/compute": "true", "node-role.kubernetes.io/master": "true",
                       "node-role.kubernetes.io/infra": "true", "openshift-infra": "apiserver"})
    node_info(n, osImage="CentOS Linux 7 (Core)", kernelVersion="3.10.0-862.9.1.el7.x86_64",
              containerRuntimeVersion="docker://1.13.1", kubeletVersion="v1.11.0+d4cacc0",
              kubeProxyVersion="v1.11.0+d4cacc0")
    ns, ds = "nvidia", "nvidia-device-plugin-daemonset"
    img = "nvidia/k8s-device-plugin:1.11"
    daemonset(w, ns, ds, desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              labels={"name": "nvidia-device-plugin-ds"},
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    pod = "nvidia-device-plugin-daemonset-2kq9v"
    ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img)
    w.log(ns, pod, "nvidia-device-plugin-ctr", t)
    w.target("Node", None, node)


# ---- kind DRA workshop: the DRA kubelet plugin not registered after a node restart ---------

def _claim(ns: str, name: str, pod: str, node: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": name, "namespace": ns},
            "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
            "status": {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com",
                                                               "pool": node, "device": "gpu-0"}]},
                                      "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                          {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod}]}}


@case("fc802", pod_subj("gpu-test-pod", "default"),
      "kind cluster (one node container, workshop-dra-control-plane, the name the guide's commands use; Kubernetes "
      "v1.34 kindest/node image, kernel and GPU model assumed: an RTX 4090 with the host driver's libraries mounted "
      "into the node) after the node container was restarted; the NVIDIA DRA driver for GPUs in namespace "
      "nvidia-system (image nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0 assumed) has its controller Deployment pod and "
      "its kubelet-plugin DaemonSet pod Running (desired 1 / ready 1; its log not quoted and not written); the "
      "workshop pod gpu-test-pod in default (names assumed) has an allocated ResourceClaim for a gpu.nvidia.com "
      "device, is bound to the node and stuck ContainerCreating; its kubelet FailedPrepareDynamicResources event "
      "carries the guide's quoted message 'DRA driver gpu.nvidia.com is not registered' after the kubelet's prefix "
      "(prefix illustrative). The case's text (the guide's symptom lines) is not placed as a whole.")
def _(w, t):
    w.git_version = "v1.34.0"
    node = "workshop-dra-control-plane"
    n = w.node(node, cpu="24", memory="65536000Ki",
               labels={"node-role.kubernetes.io/control-plane": "", "nvidia.com/gpu.present": "true"})
    node_info(n, osImage="Debian GNU/Linux 12 (bookworm)", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://2.1.3", kubeletVersion="v1.34.0", kubeProxyVersion="v1.34.0")
    dns, img = "nvidia-system", "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0"
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    daemonset(w, dns, ds, desired=1, containers=[("gpus", img)],
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
              tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                            "effect": "NoSchedule"}])
    ds_pod(w, dns, ds, f"{ds}-m4x8d", node, containers=("gpus",), image=img,
           labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    ctl = "nvidia-dra-driver-gpu-controller"
    w.workload("Deployment", dns, ctl, template_pod={"spec": {"containers": [{"name": "compute-domain", "image": img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    from tests.classify.first_contact_a import deploy_pod
    deploy_pod(w, dns, f"{ctl}-6b8f9c7d5", f"{ctl}-6b8f9c7d5-r2wzt", node, containers=("compute-domain",), image=img)
    ns, pod = "default", "gpu-test-pod"
    claim = "gpu-test-pod-gpu-7hq2n"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, claim, pod, node)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("ctr",), image="nvcr.io/nvidia/k8s/cuda-sample:nbody",
              phase="Pending", ready=False,
              statuses={"ctr": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": claim}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            f"Failed to prepare dynamic resources: prepare dynamic resources: DRA driver gpu.nvidia.com is not registered",
            component="kubelet", host=node, count=12)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
