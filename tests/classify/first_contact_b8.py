"""Builds first-contact batch B8 (fixtures/first-contact/batch-b8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) that no rule was written for, sampled with the fixed list of 32
queries in the batch README, sent to all four corpora of the `search` tool at once (issues, pages, docs, code), the
node layer emphasised and other layers taken as they came. Each builder places the case's text verbatim where a
collector would have found it (prose texts are not placed) and builds the cluster state the source describes. The
expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, kubelet and containerd builds,
image tags, GPU models where not named) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b8      # (re)writes fixtures/first-contact/batch-b8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import drop_logs, no_gpu_resource, node_info, set_image, stack_pod, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.first_contact_g5 import SANDBOX_MSG, _sandbox_failing
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b8", "B8", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle); fb801's message line is placed, its prose around it is not
TEXT_NOT_IN_BUNDLE = {"fb802"}


# ---- runtime layer ---------------------------------------------------------------------------

@case("fb801", node_subj("k0s-gpu-worker-1"),
      "k0s cluster (k0s v1.31.3+k0s.0 with its bundled, statically built containerd 1.7.24; Ubuntu 22.04, kernel "
      "5.15; versions assumed: the article names only GPU Operator v24.9.x) with a controller+worker node and one "
      "GPU worker k0s-gpu-worker-1 (one NVIDIA L4 assumed); the GPU Operator v24.9.2 (Helm, namespace gpu-operator, "
      "driver container enabled): the driver pod Running and Ready, the container-toolkit pod (v1.17.3, no "
      "runtimeClassName) Running; the device plugin, GFD and operator validator pods (runtimeClassName nvidia) "
      "Pending in ContainerCreating with the kubelet's FailedCreatePodSandBox events carrying the article's message "
      "line (verbatim; counts assumed); the node labelled by NFD (pci-10de) and nvidia.com/gpu.present but without "
      "GFD labels and without nvidia.com/gpu. Only the message line of the text is placed.")
def _(w, t):
    w.git_version = "v1.31.3+k0s"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.3+k0s",
            "kubeProxyVersion": "v1.31.3+k0s"}
    cp = w.node("k0s-controller-1", cpu="4", memory="16365632Ki",
                labels={"node-role.kubernetes.io/control-plane": "true"})
    node_info(cp, **info)
    node = "k0s-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **info)
    sized(n, "16", "65851384Ki")
    assert SANDBOX_MSG in t
    tk = stack_pod(w, node, "toolkit")
    tk["spec"].pop("runtimeClassName", None)
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.17.3-ubuntu20.04")
    set_image(stack_pod(w, node, "driver"), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:550.127.08-ubuntu22.04")
    for role in ("device-plugin", "gfd", "validator"):
        p = stack_pod(w, node, role)
        _sandbox_failing(p)
        drop_logs(w, OPERATOR_NS, p["metadata"]["name"])
        w.event(OPERATOR_NS, "Pod", p["metadata"]["name"], "FailedCreatePodSandBox", SANDBOX_MSG, count=42,
                host=node)
    w.target("Node", None, node)


# ---- scheduler layer -------------------------------------------------------------------------

_FB802_SCALE_UP = ("Node scale up in zones us-central1-a associated with this pod failed: GCE out of resources. "
                   "Pod is at risk of not being scheduled.")
_FB802_SCHED = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: "
                "1 No preemption victims found for incoming pod.")


@case("fb802", pod_subj("vllm-7c5d9f8b6d-k4x2p", "serving"),
      "GKE Standard cluster in us-central1-a (GKE 1.33, COS containerd node image; versions, names and machine types "
      "assumed, the guide names the L4 g2 pool) with one e2-standard-4 node of the default pool and two GPU node "
      "pools that scale from zero (gpu-l4, g2-standard-8 / nvidia-l4, and the fallback gpu-t4, n1-standard-4 / "
      "nvidia-tesla-t4, both at 0 nodes, so no GPU node exists); the raw-vllm Deployment `vllm` in namespace "
      "serving (scaled from 0 to 1, one nvidia.com/gpu, GPU toleration, no accelerator selector) has its pod "
      "Pending with the scheduler's FailedScheduling event (Insufficient nvidia.com/gpu) and the cluster "
      "autoscaler's FailedScaleUp event (the autoscaler's usual wording around the guide's 'GCE out of "
      "resources', assumed); the cluster autoscaler's status ConfigMap is not modelled. The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.33.2-gke.1240000"
    info = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.87+",
            "containerRuntimeVersion": "containerd://2.0.4", "kubeletVersion": "v1.33.2-gke.1240000",
            "kubeProxyVersion": "v1.33.2-gke.1240000"}
    n = w.node("gke-ai-default-pool-3e8f1c2a-9q7d", cpu="4", memory="16386412Ki",
               labels={"cloud.google.com/gke-nodepool": "default-pool",
                       "node.kubernetes.io/instance-type": "e2-standard-4",
                       "topology.kubernetes.io/zone": "us-central1-a",
                       "cloud.google.com/gke-os-distribution": "cos"})
    node_info(n, **info)
    ns, pod = "serving", "vllm-7c5d9f8b6d-k4x2p"
    w.pod(ns, pod, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.10.1",
          owner=("ReplicaSet", "vllm-7c5d9f8b6d"), labels={"app": "vllm"}, cpu="4", memory="16Gi",
          tolerations=GPU_TOLERATION, scheduled_message=_FB802_SCHED)
    w.event(ns, "Pod", pod, "FailedScheduling", _FB802_SCHED, component="default-scheduler", count=23)
    w.event(ns, "Pod", pod, "FailedScaleUp", _FB802_SCALE_UP, component="cluster-autoscaler", count=9)
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            "pod triggered scale-up: [{https://www.googleapis.com/compute/v1/projects/ai-lab/zones/us-central1-a/"
            "instanceGroups/gke-ai-gpu-l4-7b2d9e41-grp 0->1 (max: 1)}]",
            type="Normal", component="cluster-autoscaler", count=9)
    w.workload("Deployment", ns, "vllm", status={"replicas": 1, "unavailableReplicas": 1})
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
