"""First-contact batch A2 (fixtures/first-contact/batch-a2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) in the scheduler layer from public threads that no rule was
written for, sampled with the fixed query list in the batch README. Each builder places the case's text verbatim
where a collector would have found it (prose texts are not placed) and builds the cluster state the thread
describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a2      # (re)writes fixtures/first-contact/batch-a2/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_b import KS, node_info, strip_gfd, thread_scenario
from tests.classify.scenario_builder import checked_case_ids, read_cases, REPO, Scenario, write_batch
from tests.classify.scenarios_real import pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-a2"
SCENARIOS_DIR = BATCH / "scenarios"

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fa201", "fa202", "fa204"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


def _cpu_node(w, name: str, *, cpu: str = "4", memory: str = "16266364Ki", labels=None, info=None) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels)
    if info:
        node_info(n, **info)
    return n


def _pending_event(w, ns: str, name: str, msg: str, *, count: int, component: str = "default-scheduler") -> None:
    w.event(ns, "Pod", name, "FailedScheduling", msg, count=count, component=component)


# ---- scheduler layer -------------------------------------------------------------------------

@case("fa203", {"kind": "Deployment", "namespace": "demo", "name": "demo-chat"},
      "Kubernetes GPU node (Ubuntu 22.04, containerd, one NVIDIA GPU with the driver on the host and the NVIDIA device "
      "plugin DaemonSet healthy; names and version strings assumed, the thread states none) advertising nvidia.com/gpu "
      "1 with no pod using it. Namespace `demo` holds the Application composition's LimitRange (max memory 4Gi per "
      "container) and the Model composition's Ollama Deployment `demo-chat` (cpu 4, memory 8Gi, nvidia.com/gpu 1; "
      "names assumed from the quoted pod prefix). Its ReplicaSet has 0 of 1 replicas, a ReplicaFailure condition, and "
      "a FailedCreate event (x37, count assumed) whose message is the text after the controller's usual "
      "'Error creating: ' prefix (the thread quotes the text with the pod name elided as `demo-chat-...`; the elision "
      "is kept). No pod of the Model exists.")
def _(w, t):
    from tests.classify.first_contact_b import host_node, plugin_ds, plugin_pod
    node = "gpu-worker-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.2",
                             "kubeProxyVersion": "v1.33.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q8w2z")
    plugin_ds(w, KS, [p])
    ns = "demo"
    w.pod(ns, "demo-web-5b7d8c9f6-k2m4p", node=node, gpu=0, containers=("web",), image="nginx:1.27",
          owner=("ReplicaSet", "demo-web-5b7d8c9f6"), cpu="250m", memory="512Mi")
    tmpl = w.pod(ns, "demo-chat-template", node=None, gpu=1, containers=("ollama",), image="ollama/ollama:0.9.2",
                 labels={"app": "demo-chat"}, cpu="4", memory="8Gi")
    w.pods[ns].remove(tmpl)
    rs_name = "demo-chat-6d9c7b5f4"
    msg = f"Error creating: {t}"
    w.workload("Deployment", ns, "demo-chat", template_pod=tmpl, revision="1",
               status={"observedGeneration": 1, "replicas": 0, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."},
                                      {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                       "message": msg},
                                      {"type": "Progressing", "status": "False", "reason": "ProgressDeadlineExceeded",
                                       "message": f'ReplicaSet "{rs_name}" has timed out progressing.'}]})
    w.workload("ReplicaSet", ns, rs_name, template_pod=tmpl, owner=("Deployment", "demo-chat"), revision="1",
               status={"replicas": 0, "observedGeneration": 1,
                       "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                       "message": msg}]})
    w.event(ns, "ReplicaSet", rs_name, "FailedCreate", msg, count=37, component="replicaset-controller")
    w.target("Deployment", ns, "demo-chat")


@case("fa204", pod_subj("qwen-predictor-7f9d6c8b5-tx4kz", "kserve-models"),
      "k3s v1.32.3 single-node cluster node252 (UOS Server 20, kernel 5.10.0-79.uel20.x86_64, as stated; containerd "
      "version assumed) with 8 x NVIDIA H100 80GB HBM3 (81559 MiB each), driver on the host, advertised as "
      "nvidia.com/gpu 8 by HAMi's device plugin; no pod on the node requests a GPU. HAMi v2.7.1 in kube-system: the "
      "hami-scheduler Deployment pod (kube-scheduler v1.32.3 + vgpu-scheduler-extender) and the hami-device-plugin "
      "DaemonSet pod, both Ready, each container with 3 restarts, as stated. A KServe InferenceService's replacement "
      "Predictor pod (schedulerName hami-scheduler, nvidia.com/gpu 8; namespace, names and image assumed) is Pending "
      "and unbound. The thread quotes no event or log line verbatim beyond the reason code, so no scheduler message "
      "is placed (the PodScheduled condition carries reason Unschedulable only); the text is prose and not placed.")
def _(w, t):
    node = "node252"
    n = w.node(node, gpus=8, cpu="224", memory="2113401572Ki",
               labels={"gpu": "on", "hami.io/node-nvidia-register": "true"})
    node_info(n, osImage="UOS Server 20", kernelVersion="5.10.0-79.uel20.x86_64",
              containerRuntimeVersion="containerd://1.7.26-k3s1", kubeletVersion="v1.32.3+k3s1",
              kubeProxyVersion="v1.32.3+k3s1")
    n["metadata"]["labels"]["node-role.kubernetes.io/control-plane"] = "true"
    n["metadata"]["labels"]["node-role.kubernetes.io/master"] = "true"
    restarted = {"state": {"running": {"startedAt": "2026-11-29T12:10:00Z"}}, "ready": True, "restartCount": 3,
                 "lastState": {"terminated": {"exitCode": 2, "reason": "Error", "startedAt": "2026-11-29T09:00:00Z",
                                              "finishedAt": "2026-11-29T12:09:58Z"}}}
    w.pod(KS, "hami-scheduler-6b8f9d7c4-m2x7p", node=node, gpu=0, containers=("kube-scheduler", "vgpu-scheduler-extender"),
          image="hami/hami:v2.7.1", owner=("ReplicaSet", "hami-scheduler-6b8f9d7c4"),
          labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
          statuses={"kube-scheduler": dict(restarted, image="hami/kube-scheduler:v1.32.3"),
                    "vgpu-scheduler-extender": restarted}, cpu="500m", memory="512Mi")
    w.get_pod(KS, "hami-scheduler-6b8f9d7c4-m2x7p")["spec"]["containers"][0]["image"] = "hami/kube-scheduler:v1.32.3"
    dp = w.pod(KS, "hami-device-plugin-8kq2d", node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image="hami/hami:v2.7.1", owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
               statuses={"device-plugin": restarted, "vgpu-monitor": restarted}, cpu="100m", memory="256Mi")
    w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=dp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns, name = "kserve-models", "qwen-predictor-7f9d6c8b5-tx4kz"
    w.pod(ns, name, gpu=8, containers=("kserve-container",), image="kserve/huggingfaceserver:v0.15.2-gpu",
          phase="Pending", scheduler="hami-scheduler",
          labels={"serving.kserve.io/inferenceservice": "qwen", "component": "predictor"},
          owner=("ReplicaSet", "qwen-predictor-7f9d6c8b5"), cpu="32", memory="256Gi")
    w.target("Pod", ns, name)


@case("fa201", pod_subj("jupyter-chauhankaranraj", "opf-jupyterhub"),
      "OpenShift 4.6 cluster of the Operate First MOC environment (2021; RHCOS, CRI-O; node names, versions and "
      "sizes assumed) with three worker nodes, none with a GPU (no NVIDIA operator, no nvidia.com/gpu anywhere); the "
      "JupyterHub hub runs in namespace opf-jupyterhub. The user's single-user server pod (GPU field 1 in the spawner "
      "form: nvidia.com/gpu 1; pod name from the reporter's handle, assumed) is Pending with a default-scheduler "
      "FailedScheduling event ('0/6 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
      "{node-role.kubernetes.io/master: }, that the pod didn't tolerate.', x9): the scheduler's standard message for "
      "this state, illustrative, not quoted by the thread. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Red Hat Enterprise Linux CoreOS 46.82.202101131942-0 (Ootpa)",
            "kernelVersion": "4.18.0-193.40.1.el8_2.x86_64", "containerRuntimeVersion": "cri-o://1.19.1-2.rhaos4.6.git2af9ecf.el8",
            "kubeletVersion": "v1.19.0+7070803", "kubeProxyVersion": "v1.19.0+7070803"}
    for i in range(3):
        _cpu_node(w, f"master-{i}.cnv.massopen.cloud", cpu="8", memory="32817468Ki", info=info,
                  labels={"node-role.kubernetes.io/master": ""})
        w.get_node(f"master-{i}.cnv.massopen.cloud")["spec"]["taints"] = [
            {"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
    for i in range(3):
        _cpu_node(w, f"worker-{i}.cnv.massopen.cloud", cpu="32", memory="131765388Ki", info=info,
                  labels={"node-role.kubernetes.io/worker": ""})
    ns = "opf-jupyterhub"
    w.pod(ns, "jupyterhub-1-k7v2x", node="worker-0.cnv.massopen.cloud", gpu=0, containers=("jupyterhub",),
          image="quay.io/odh-jupyterhub/jupyterhub-img:v0.2.0", owner=("ReplicationController", "jupyterhub-1"),
          labels={"app": "jupyterhub", "deploymentconfig": "jupyterhub"}, cpu="500m", memory="1Gi")
    name = "jupyter-chauhankaranraj"
    msg = ("0/6 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
           "{node-role.kubernetes.io/master: }, that the pod didn't tolerate.")
    w.pod(ns, name, gpu=1, containers=("notebook",), image="quay.io/thoth-station/s2i-minimal-notebook:v0.0.7",
          phase="Pending", labels={"app": "jupyterhub", "component": "singleuser-server"}, cpu="1", memory="4Gi",
          scheduled_message=msg)
    _pending_event(w, ns, name, msg, count=9)
    w.target("Pod", ns, name)


@case("fa202", pod_subj("raycluster-gpu-head-9fz7k", "ray"),
      "Kubernetes cluster (provider not named; one CPU node pool with two nodes, a GPU node pool that autoscales from "
      "0 and has no node now; names and version strings assumed) with the KubeRay operator 0.3 and a RayCluster "
      "`raycluster-gpu` (in-tree autoscaling enabled): the head pod (ray-head + autoscaler sidecar) Running on a CPU "
      "node; the GPU worker group `gpu-group` has replicas 0, minReplicas 0, maxReplicas 4, its container asks for "
      "nvidia.com/gpu 1, and its rayStartParams lack num-gpus (the RayCluster object is in the bundle's custom "
      "resources). No worker pod exists and no pod is Pending. The thread quotes no log line of the Ray autoscaler; "
      "none is placed. The text is prose and not placed.")
def _(w, t):
    for i in range(2):
        _cpu_node(w, f"cpu-pool-node-{i + 1}", cpu="8", memory="32863968Ki",
                  labels={"node-pool": "cpu-pool"})
    ns = "ray"
    w.pod(ns, "kuberay-operator-7d4b9c8f6d-w5x2l", node="cpu-pool-node-1", gpu=0, containers=("kuberay-operator",),
          image="kuberay/operator:v0.3.0", owner=("ReplicaSet", "kuberay-operator-7d4b9c8f6d"),
          cpu="100m", memory="512Mi")
    head = "raycluster-gpu-head-9fz7k"
    w.pod(ns, head, node="cpu-pool-node-2", gpu=0, containers=("ray-head", "autoscaler"),
          image="rayproject/ray:2.0.0-py38",
          labels={"ray.io/cluster": "raycluster-gpu", "ray.io/node-type": "head", "ray.io/group": "headgroup"},
          cpu="2", memory="8Gi")
    w.custom["rayclusters.ray.io"] = [{
        "apiVersion": "ray.io/v1alpha1", "kind": "RayCluster",
        "metadata": {"name": "raycluster-gpu", "namespace": ns},
        "spec": {"enableInTreeAutoscaling": True,
                 "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0", "block": "true"},
                                   "template": {"spec": {"containers": [{"name": "ray-head",
                                                                         "image": "rayproject/ray:2.0.0-py38"}]}}},
                 "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 0, "minReplicas": 0, "maxReplicas": 4,
                                       "rayStartParams": {"block": "true"},
                                       "template": {"spec": {"containers": [{
                                           "name": "ray-worker", "image": "rayproject/ray-ml:2.0.0-py38-gpu",
                                           "resources": {"limits": {"nvidia.com/gpu": "1", "cpu": "4",
                                                                    "memory": "16Gi"}}}]}}}]},
        "status": {"state": "ready", "availableWorkerReplicas": 0, "desiredWorkerReplicas": 0}}]
    w.target("Pod", ns, head)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "A2")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
