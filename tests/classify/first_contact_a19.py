"""Builds first-contact batch A19 (fixtures/first-contact/batch-a19/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failure modes documented in the 'Troubleshooting' sections of Kubernetes enhancement
proposals (kubernetes/enhancements, keps/sig-node/ and keps/sig-scheduling/: DRA, device metadata, gang
scheduling), read in the fixed file order of the batch README (this round's documentation protocol: no search
look-ups; the snapshot brought with `fetch` and read with git). All three texts are the KEPs' own prose and are NOT
placed in the bundles (TEXT_NOT_IN_BUNDLE); the bundles show the state each entry describes. The expected answer
was reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it
is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, driver versions, the
Kubernetes version) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a19      # (re)writes fixtures/first-contact/batch-a19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a19", "A19", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa1901", "fa1902", "fa1903"}

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_DRIVER = "gpu.nvidia.com"
_CP_TAINT = {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}


def _control_plane(w, name: str = "cp-01") -> None:
    w.node(name, cpu="8", memory="32865164Ki", taints=[_CP_TAINT],
           labels={"node-role.kubernetes.io/control-plane": ""})


def _dra_gpu_node(w, name: str, gpus: int, product: str, kubelet: str) -> dict:
    """A GPU node whose GPUs are published only through the DRA driver (host driver, no device plugin, so no
    nvidia.com/gpu extended resource)."""
    n = w.node(name, cpu="64", memory="527938872Ki",
               labels={"nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true"})
    info(n, kubeletVersion=kubelet, kubeProxyVersion=kubelet, containerRuntimeVersion="containerd://2.1.4")
    w.custom.setdefault("resourceslices.resource.k8s.io", []).append({
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{name}-{_DRA_DRIVER}-k7q2m", "creationTimestamp": T0},
        "spec": {"driver": _DRA_DRIVER, "nodeName": name,
                 "pool": {"name": name, "generation": 1, "resourceSliceCount": 1},
                 "devices": [{"name": f"gpu-{i}", "attributes": {"type": {"string": "gpu"},
                                                                  "productName": {"string": product}}}
                             for i in range(gpus)]}})
    return n


def _dra_driver(w, nodes: list[str], version: str) -> list[str]:
    img = f"nvcr.io/nvidia/k8s-dra-driver-gpu:{version}"
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    daemonset(w, _DRA_NS, ds, desired=len(nodes), containers=[("gpus", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    names = []
    for n, sfx in zip(nodes, ("x7k2q", "m4p9w", "r2d8c")):
        pname = f"{ds}-{sfx}"
        ds_pod(w, _DRA_NS, ds, pname, n, containers=("gpus",), image=img,
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, tolerations=GPU_TOLERATION)
        names.append(pname)
    w.custom["deviceclasses.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": _DRA_DRIVER, "creationTimestamp": T0},
        "spec": {"selectors": [{"cel": {"expression": f"device.driver == '{_DRA_DRIVER}' && "
                                                      f"device.attributes['{_DRA_DRIVER}'].type == 'gpu'"}}]}}]
    return names


def _claim(ns: str, name: str, pod: str, request: str, device: str | None, node: str | None) -> dict:
    c = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": name, "namespace": ns, "creationTimestamp": T0,
                      "annotations": {"resource.kubernetes.io/pod-claim-name": request},
                      "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod, "controller": True}]},
         "spec": {"devices": {"requests": [{"name": request, "exactly": {"deviceClassName": _DRA_DRIVER}}]}},
         "status": {}}
    if device:
        c["status"] = {"allocation": {"devices": {"results": [
                           {"request": request, "driver": _DRA_DRIVER, "pool": node, "device": device}]},
                           "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                               {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod}]}
    return c


def _dra_pod(w, ns: str, name: str, claim: str, request: str, **kw) -> dict:
    p = w.pod(ns, name, gpu=0, extra_spec={"resourceClaims": [{"name": request, "resourceClaimName": claim}]}, **kw)
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": request}]
    return p


# ---- scheduler: a DRA claim cannot be allocated, all GPUs taken (KEP-4381 failure modes) ------------------

@case("fa1901", pod_subj("trainer-2", "ml"),
      "Vanilla Kubernetes v1.35.0 (assumed; the KEP names no distribution): a tainted control-plane node and one GPU "
      "node gpu-a100-01 with 2 NVIDIA A100-SXM4-80GB (host driver; GPUs published only by the NVIDIA DRA driver "
      "v25.12.0 kubelet plugin, 1/1 Running, in a ResourceSlice of driver gpu.nvidia.com; DeviceClass gpu.nvidia.com; "
      "no device plugin, no nvidia.com/gpu). Pods trainer-0 and trainer-1 in ml are Running on the GPU node, each "
      "with an allocated ResourceClaim holding one GPU (gpu-0, gpu-1). Pod trainer-2 (claim from the "
      "ResourceClaimTemplate single-gpu, one device of class gpu.nvidia.com) is Pending and unbound; its claim is "
      "unallocated; the default-scheduler's FailedScheduling event and PodScheduled condition carry the standard "
      "'cannot allocate all claims' message (the KEP quotes the words, not the whole message). Names, GPU model and "
      "versions are assumed.")
def _(w, t):
    w.git_version = "v1.35.0"
    _control_plane(w)
    node = "gpu-a100-01"
    _dra_gpu_node(w, node, 2, "NVIDIA A100-SXM4-80GB", "v1.35.0")
    _dra_driver(w, [node], "v25.12.0")
    ns, img = "ml", "nvcr.io/nvidia/pytorch:25.01-py3"
    claims = []
    for i in range(2):
        pod, claim = f"trainer-{i}", f"trainer-{i}-gpu-{('b8x2d', 'q3n7v')[i]}"
        _dra_pod(w, ns, pod, claim, "gpu", node=node, containers=("train",), image=img, owner=("StatefulSet", "trainer"))
        claims.append(_claim(ns, claim, pod, "gpu", f"gpu-{i}", node))
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. still not schedulable, preemption: 0/2 nodes are available: "
           "2 Preemption is not helpful for scheduling.")
    claim = "trainer-2-gpu-w5k9t"
    _dra_pod(w, ns, "trainer-2", claim, "gpu", containers=("train",), image=img, owner=("StatefulSet", "trainer"),
             scheduled_message=msg)
    claims.append(_claim(ns, claim, "trainer-2", "gpu", None, None))
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = claims
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": "single-gpu", "namespace": ns, "creationTimestamp": T0},
        "spec": {"spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": _DRA_DRIVER}}]}}}}]
    w.event(ns, "Pod", "trainer-2", "FailedScheduling", msg, component="default-scheduler", count=17)
    w.target("Pod", ns, "trainer-2")


# ---- plugin: the DRA driver cannot write the device metadata file (KEP-5304 failure modes) ----------------

@case("fa1902", pod_subj("finetune-0", "ml"),
      "Vanilla Kubernetes v1.37.0 (assumed; the KEP's beta milestone, no distribution named): one GPU node "
      "gpu-h100-01 with 1 NVIDIA H100 80GB HBM3 (host driver) published by the NVIDIA DRA driver kubelet plugin "
      "(v26.1.0, assumed, with the device-metadata feature enabled; 1/1 Running) and a tainted control-plane node. "
      "Pod finetune-0 in ml has an allocated ResourceClaim (gpu-0, reserved for it), is bound to the node and stays "
      "ContainerCreating; the kubelet's FailedPrepareDynamicResources event (the wrapper the kubelet writes; the "
      "driver's error wording and the path, built from the KEP's metadata file layout, illustrative) and one error "
      "line in the driver's `gpus` container log (illustrative) name the metadata file write being denied. Names, "
      "GPU model and versions are assumed.")
def _(w, t):
    w.git_version = "v1.37.0"
    _control_plane(w)
    node = "gpu-h100-01"
    _dra_gpu_node(w, node, 1, "NVIDIA H100 80GB HBM3", "v1.37.0")
    plugin = _dra_driver(w, [node], "v26.1.0")[0]
    ns, pod, claim = "ml", "finetune-0", "finetune-0-gpu-h4t8z"
    p = _dra_pod(w, ns, pod, claim, "gpu", node=node, containers=("finetune",), image="nvcr.io/nvidia/pytorch:25.01-py3",
                 phase="Pending", ready=False, owner=("Job", "finetune"),
                 statuses={"finetune": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                        "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, claim, pod, "gpu", "gpu-0", node)]
    path = f"/var/run/dra-device-attributes/{ns}_{claim}/gpu/{_DRA_DRIVER}-metadata.json"
    msg = (f"Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim {claim}: error "
           f"preparing devices for claim {ns}/{claim}:6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f: write device metadata: "
           f"open {path}: permission denied")
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {node}", type="Normal",
            component="default-scheduler", last=T1)
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources", msg, component="kubelet", host=node, count=12)
    w.log(_DRA_NS, plugin, "gpus",
          "I1129 15:01:02.114233       1 driver.go:112] Starting NVIDIA DRA kubelet plugin, driver gpu.nvidia.com\n"
          "I1129 15:01:02.402871       1 draplugin.go:380] \"Registered with kubelet\" driver=\"gpu.nvidia.com\"\n"
          f"E1129 15:14:37.551902       1 metadata.go:141] \"Failed to write device metadata\" err=\"open {path}: "
          f"permission denied\" claim=\"{ns}/{claim}\"\n")
    w.target("Pod", ns, pod)


# ---- scheduler: a gang waiting for more pods than its Job creates (KEP-4671 failure modes) ----------------

@case("fa1903", pod_subj("train-1-0-abcde", "research"),
      "Vanilla Kubernetes v1.37.0 (assumed; the KEP's beta milestone, no distribution named) with the "
      "GenericWorkload gate on: a tainted control-plane node and two GPU nodes with 4 NVIDIA A100-SXM4-80GB each "
      "(GPU Operator, healthy; nvidia.com/gpu 4 advertised, none in use). Indexed Job train-1 in research "
      "(parallelism 3, completions 3, each worker nvidia.com/gpu 1, the KEP's example shape) whose pod template "
      "sets schedulingGroup.podGroupName train-1-workers; the PodGroup train-1-workers (scheduling.k8s.io/v1beta1) "
      "has gang minCount 4 and no status condition. The Job's three pods are Pending and unbound with no "
      "PodScheduled condition and no event (the scheduler's PreEnqueue barrier holds them). Names, GPU model, "
      "counts and the version are assumed.")
def _(w, t):
    w.git_version = "v1.37.0"
    _control_plane(w)
    nodes = ["gpu-a100-01", "gpu-a100-02"]
    for n in nodes:
        info(w.gpu_node(n, gpus=4, taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]),
             kubeletVersion="v1.37.0", kubeProxyVersion="v1.37.0")
    ns, group = "research", "train-1-workers"
    pods = []
    for i, sfx in enumerate(("abcde", "fghij", "klmno")):
        p = w.pod(ns, f"train-1-{i}-{sfx}", gpu=1, containers=("ml-worker",), image="awesome-training-program:v1",
                  owner=("Job", "train-1"), tolerations=GPU_TOLERATION,
                  labels={"batch.kubernetes.io/job-name": "train-1", "batch.kubernetes.io/job-completion-index": str(i)},
                  extra_spec={"schedulingGroup": {"podGroupName": group}})
        p["spec"]["restartPolicy"] = "OnFailure"
        p["spec"]["containers"][0]["command"] = ["python", "train.py"]
        p["metadata"]["annotations"] = {"batch.kubernetes.io/job-completion-index": str(i)}
        p["status"]["conditions"] = []
        pods.append(p)
    job = w.workload("Job", ns, "train-1", replicas=3, template_pod=pods[0],
                     status={"active": 3, "ready": 0, "startTime": T0})
    job["spec"].pop("replicas", None)
    job["spec"].update({"completions": 3, "parallelism": 3, "completionMode": "Indexed"})
    w.ns_custom[("podgroups.scheduling.k8s.io", ns)] = [{
        "apiVersion": "scheduling.k8s.io/v1beta1", "kind": "PodGroup",
        "metadata": {"name": group, "namespace": ns, "creationTimestamp": T0},
        "spec": {"podGroupTemplateRef": {"workload": {"workloadName": "train-1", "podGroupTemplateName": "workers"}},
                 "schedulingPolicy": {"gang": {"minCount": 4}}},
        "status": {}}]
    w.ns_custom[("workloads.scheduling.k8s.io", ns)] = [{
        "apiVersion": "scheduling.k8s.io/v1beta1", "kind": "Workload",
        "metadata": {"name": "train-1", "namespace": ns, "creationTimestamp": T0},
        "spec": {"podGroupTemplates": [{"name": "workers", "schedulingPolicy": {"gang": {"minCount": 4}}}]}}]
    w.target("Pod", ns, pods[0]["metadata"]["name"])


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
