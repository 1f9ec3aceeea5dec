"""Builds first-contact batch B20 (fixtures/first-contact/batch-b20/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin / GFD / NFD / MIG / sharing / DRA-driver layer, sampled from
the four pools of the search tool (`issues`, `pages`, `docs`, `code`) with the fixed query list of the batch README
(round 20, search protocol). The expected answer was reasoned from the thread (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the source does not state (the later workload, its namespace, ComputeDomain and claim names, the
Kubernetes and driver versions, the GPU model) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b20      # (re)writes fixtures/first-contact/batch-b20/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b20", "B20", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the sources' own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_IMG = "registry.k8s.io/dra-driver-nvidia/dra-driver-nvidia-gpu:v0.4.0"     # assumed (the issue names none)


def _channel_claim(ns: str, name: str, uid: str, pod: str, node: str, cd_uid: str) -> dict:
    """An allocated ResourceClaim for a ComputeDomain's IMEX channel, reserved for `pod`."""
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": ns, "uid": uid,
                         "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod, "controller": True}]},
            "spec": {"devices": {
                "requests": [{"name": "channel", "exactly": {
                    "deviceClassName": "compute-domain-default-channel.nvidia.com"}}],
                "config": [{"requests": ["channel"], "opaque": {
                    "driver": "compute-domain.nvidia.com",
                    "parameters": {"apiVersion": "resource.nvidia.com/v1beta1",
                                   "kind": "ComputeDomainChannelConfig", "domainID": cd_uid,
                                   "allocationMode": "Single"}}}]}},
            "status": {"allocation": {"devices": {"results": [{"request": "channel",
                                                               "driver": "compute-domain.nvidia.com",
                                                               "pool": node, "device": "channel-0"}]},
                                      "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                          {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod}]}}


# ---- plugin: a stale prepare retry left channel-0 allocated to a torn-down claim ------------------

@case("fb2001", pod_subj("nccl-allreduce-worker-1", "ml-train"),
      "Vanilla Kubernetes v1.34 (assumed; the issue names no distribution or version) with the NVIDIA DRA driver for "
      "GPUs (kubernetes-sigs/dra-driver-nvidia-gpu; chart and image v0.4.0 assumed, the release line its fix was "
      "cherry-picked to; feature gate ComputeDomainCliques on, as the issue's labels say) in namespace "
      "nvidia-dra-driver-gpu: controller Deployment 1/1 Running, kubelet-plugin DaemonSet with containers "
      "compute-domains and gpus, its pod on node 10.0.141.6 nvidia-dra-driver-gpu-kubelet-plugin-7wxlq (the issue's "
      "names) Running and ready (its log not written). Node 10.0.141.6 (the issue's name): a GB200 compute tray with "
      "4 GPUs (model, arch arm64, kernel, driver 580.95.05 and containerd assumed), Ready, advertising no "
      "nvidia.com/gpu (GPUs come through DRA). A later workload (namespace ml-train, a bare worker pod "
      "nccl-allreduce-worker-1, its ComputeDomain nccl-allreduce-cd and the per-domain daemon pod Running on the "
      "node: names assumed) has its IMEX channel ResourceClaim allocated to device channel-0 of the node's pool and "
      "reserved for it; the pod is bound to the node and stuck ContainerCreating, with the kubelet's "
      "FailedPrepareDynamicResources event ending with the quoted words (the kubelet's prefix and the plugin's error "
      "chain before them illustrative). The old claim (UID 4914da61-1a20-42b3-bf26-981025df4289) and its pod are "
      "gone from the API; only the plugin's node-local checkpoint still holds it (not in the bundle).")
def _(w, t):
    w.git_version = "v1.34.2"
    node = "10.0.141.6"
    n = w.node(node, cpu="144", memory="1003405312Ki",
               labels={"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
                       "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-GB200",
                       "nvidia.com/gpu.count": "4",
                       "nvidia.com/gpu.clique": "9f6c1a27-3b84-4d0e-a5c2-7e91d04b6f38.32766",
                       "nvidia.com/dra-kubelet-plugin": "true"})
    node_info(n, architecture="arm64", osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1025-nvidia-64k",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.34.2", kubeProxyVersion="v1.34.2")
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    labels = {"app.kubernetes.io/name": "dra-driver-nvidia-gpu", "app.kubernetes.io/component": "kubelet-plugin"}
    daemonset(w, _DRA_NS, ds, desired=1, containers=[("compute-domains", _DRA_IMG), ("gpus", _DRA_IMG)],
              init_containers=[("init-container", _DRA_IMG)], labels=labels,
              node_selector={"nvidia.com/dra-kubelet-plugin": "true"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    ds_pod(w, _DRA_NS, ds, f"{ds}-7wxlq", node, containers=("compute-domains", "gpus"), image=_DRA_IMG,
           labels=labels)
    ctl = "nvidia-dra-driver-gpu-controller"
    w.workload("Deployment", _DRA_NS, ctl,
               template_pod={"spec": {"containers": [{"name": "compute-domain", "image": _DRA_IMG}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, _DRA_NS, f"{ctl}-5f7c9d8b64", f"{ctl}-5f7c9d8b64-qk2rv", node, containers=("compute-domain",),
               image=_DRA_IMG, labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu",
                                       "app.kubernetes.io/component": "controller"})
    cd_uid = "3c1e8f52-9a4d-4b7e-8f16-2d5a0c9e7b41"
    cd_ds = f"nccl-allreduce-cd-{cd_uid[:5]}"
    daemonset(w, _DRA_NS, cd_ds, desired=1, containers=[("compute-domain-daemon", _DRA_IMG)],
              labels={"resource.nvidia.com/computeDomain": cd_uid})
    ds_pod(w, _DRA_NS, cd_ds, f"{cd_ds}-x7m4p", node, containers=("compute-domain-daemon",), image=_DRA_IMG,
           labels={"resource.nvidia.com/computeDomain": cd_uid})
    ns, pod = "ml-train", "nccl-allreduce-worker-1"
    claim = f"{pod}-compute-domain-channel-q2h9t"
    claim_uid = "b8d27e4f-61c3-4a95-9e0b-5f3a7c12d846"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [
        _channel_claim(ns, claim, claim_uid, pod, node, cd_uid)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("nccl-test",),
              image="nvcr.io/nvidia/pytorch:25.08-py3", phase="Pending", ready=False,
              statuses={"nccl-test": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                      "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "compute-domain-channel",
                                              "resourceClaimTemplateName": "nccl-allreduce-cd-channel"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "compute-domain-channel"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "compute-domain-channel", "resourceClaimName": claim}]
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            "Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for "
            f"ResourceClaim {claim}: error preparing devices for claim {ns}/{claim}:{claim_uid}: "
            f"prepare devices failed: {t}",
            component="kubelet", host=node, count=9)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
