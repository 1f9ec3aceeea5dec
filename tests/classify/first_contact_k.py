"""First-contact batch K (fixtures/first-contact/batch-k/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, in the plugin layer (GPU Feature Discovery unable
to publish its NodeFeature object, GFD without the NVIDIA runtime class on k3s, the volcano-sh device plugin's
Allocate failing on a machine with driver-hidden GPUs), the node layer (an AKS GPU node pool built from the wrong
node image, no nvidia.com/gpu) and the scheduler layer (GPUMounter's slave pod that finds no free GPU). Each builder
places the case's text verbatim where it appears in a cluster, inside a world built from the `state` the thread
describes. The expected answer is reasoned from what the thread settled (`expected`, preferred first), never from
what the tool printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_k     # (re)writes fixtures/first-contact/batch-k/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_a import (readme_scenario, GPU_TOLERATION, KS, daemonset, deploy_pod, drop_gpu_resource,
                                            ds_pod, info)
from tests.classify.first_contact_e import aks_labels
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, read_cases, REPO, Scenario, T0,
                                             write_batch)
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-k"
SCENARIOS_DIR = BATCH / "scenarios"
# renderings (describe rows / sections): their values become the corresponding object fields, but the text as a
# whole is not a bundle string
RENDERED = {"fk002", "fk004"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


UBUNTU_2204 = {"osImage": "Ubuntu 22.04.2 LTS", "kernelVersion": "5.15.0-75-generic",
               "containerRuntimeVersion": "containerd://1.6.21", "kubeletVersion": "v1.26.5"}


def set_image(pod: dict, image: str) -> None:
    for c in pod["spec"]["containers"]:
        c["image"] = image
    for s in pod["status"].get("containerStatuses", []):
        s["image"] = image


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fk001", "gfd_nodefeature_create_failed_mig_node", node_subj("gpu-mig-node-1"),
      "Kubernetes v1.26 (kubeadm-style; strings assumed) with a control-plane node and one GPU worker whose A100 "
      "is in MIG mode (capacity/allocatable nvidia.com/mig-1g.5gb 7, assumed layout) and NFD's "
      "feature.node.kubernetes.io/cpu-* and pci-10de labels but no nvidia.com/* label; helm releases of "
      "nvidia-device-plugin 0.12.0 (Running, healthy log, mig-strategy mixed assumed) and gpu-feature-discovery "
      "0.8.0 with its NFD subchart (master, worker) in namespace gpu-feature-discovery; the GFD pod is Running and its "
      "current log ends with the case's line (the thread does not say the pod restarted). Names are illustrative.")
def _(w, t):
    w.git_version = "v1.26.5"
    info(w.node("k8s-master-1", cpu="16", memory="65851000Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **UBUNTU_2204)
    node = "gpu-mig-node-1"
    n = w.node(node, cpu="64", memory="528000000Ki",
               labels={"feature.node.kubernetes.io/cpu-cpuid.AVX2": "true",
                       "feature.node.kubernetes.io/cpu-cpuid.AVX512F": "true",
                       "feature.node.kubernetes.io/cpu-model.vendor_id": "Intel",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": "5.15.0-75-generic"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["nvidia.com/mig-1g.5gb"] = "7"
    info(n, **UBUNTU_2204)
    ns = "gpu-feature-discovery"
    plugin_img = "nvcr.io/nvidia/k8s-device-plugin:v0.12.0"
    daemonset(w, ns, "nvdp-nvidia-device-plugin", desired=1, containers=[("nvidia-device-plugin-ctr", plugin_img)],
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"},
              tolerations=GPU_TOLERATION)
    ds_pod(w, ns, "nvdp-nvidia-device-plugin", "nvdp-nvidia-device-plugin-7kq2x", node,
           containers=("nvidia-device-plugin-ctr",), image=plugin_img, tolerations=GPU_TOLERATION)
    w.log(ns, "nvdp-nvidia-device-plugin-7kq2x", "nvidia-device-plugin-ctr",
          HEALTHY_PLUGIN_LOG.replace("'nvidia.com/gpu'", "'nvidia.com/mig-1g.5gb'"))
    gfd_img = "nvcr.io/nvidia/gpu-feature-discovery:v0.8.0"
    daemonset(w, ns, "gpu-feature-discovery", desired=1, containers=[("gpu-feature-discovery", gfd_img)],
              labels={"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "gfd"},
              tolerations=GPU_TOLERATION)
    gfd = "gpu-feature-discovery-m2x7q"
    ds_pod(w, ns, "gpu-feature-discovery", gfd, node, containers=("gpu-feature-discovery",), image=gfd_img,
           tolerations=GPU_TOLERATION)
    w.log(ns, gfd, "gpu-feature-discovery",
          "I0629 02:05:03.612044       1 main.go:144] Start running\n"
          "I0629 02:05:03.783102       1 main.go:187] Creating Labels\n" + t)
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.13.1"
    deploy_pod(w, ns, "gfd-node-feature-discovery-master-6d9c8b7f5", "gfd-node-feature-discovery-master-6d9c8b7f5-q4x2m",
               "k8s-master-1", containers=("master",), image=nfd_img,
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
    daemonset(w, ns, "gfd-node-feature-discovery-worker", desired=1, containers=[("worker", nfd_img)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    ds_pod(w, ns, "gfd-node-feature-discovery-worker", "gfd-node-feature-discovery-worker-8vj5s", node,
           containers=("worker",), image=nfd_img)
    w.target("Node", None, node)


@case("fk002", "volcano_device_plugin_gpu_id_not_found", pod_subj("cv-train-0", "deep-learning"),
      "Kubernetes v1.24 (kubeadm-style; strings assumed) with one GPU node whose six T4 GPUs include three hidden by "
      "the driver, so the volcano-sh device plugin advertises volcano.sh/gpu-number 3 (volcano.sh/gpu-memory for "
      "three 15 GiB GPUs; sizes assumed); Volcano scheduler/controllers and the volcano-device-plugin DaemonSet are "
      "Running (healthy); the Volcano job pod cv-train-0 (schedulerName volcano, volcano.sh/gpu-number 1) is bound "
      "to the node and Failed with reason UnexpectedAdmissionError; the kubelet event carries the message column of "
      "the case's row; the pod status message is the kubelet's 'Pod Allocate failed ...' wording (illustrative).")
def _(w, t):
    w.git_version = "v1.24.4"
    kv = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-125-generic",
          "containerRuntimeVersion": "docker://20.10.17", "kubeletVersion": "v1.24.4"}
    info(w.node("k8s-master", cpu="16", memory="32880000Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "gpu-node-6x-t4"
    n = w.node(node, cpu="48", memory="263800000Ki", labels={"volcano.sh/gpu-node": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["volcano.sh/gpu-number"] = "3"
        n["status"][res]["volcano.sh/gpu-memory"] = "45327"
    info(n, **kv)
    vs = "volcano-system"
    for comp, img in (("volcano-scheduler", "volcanosh/vc-scheduler:v1.6.0"),
                      ("volcano-controllers", "volcanosh/vc-controller-manager:v1.6.0"),
                      ("volcano-admission", "volcanosh/vc-webhook-manager:v1.6.0")):
        deploy_pod(w, vs, f"{comp}-7c8d9f6b5", f"{comp}-7c8d9f6b5-x{len(comp)}k2q", "k8s-master", containers=(comp,),
                   image=img, tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                            "effect": "NoSchedule"}])
    dp_img = "volcanosh/volcano-device-plugin:v1.0.0"
    daemonset(w, KS, "volcano-device-plugin", desired=1, containers=[("volcano-device-plugin", dp_img)],
              labels={"name": "volcano-device-plugin"}, tolerations=GPU_TOLERATION)
    ds_pod(w, KS, "volcano-device-plugin", "volcano-device-plugin-5m8qz", node, containers=("volcano-device-plugin",),
           image=dp_img, tolerations=GPU_TOLERATION)
    w.log(KS, "volcano-device-plugin-5m8qz", "volcano-device-plugin",
          "2022/08/30 02:11:40 Loading NVML\n2022/08/30 02:11:40 Fetching devices.\n2022/08/30 02:11:40 Starting FS watcher.\n"
          "2022/08/30 02:11:40 Starting OS watcher.\n"
          "2022/08/30 02:11:40 Starting to serve on /var/lib/kubelet/device-plugins/volcano.sock\n"
          "2022/08/30 02:11:40 Registered device plugin with Kubelet\n")
    ns, pod = "deep-learning", "cv-train-0"
    msg = t.split(" kubelet ", 1)[1].strip()
    p = w.pod(ns, pod, node=node, gpu=1, resource="volcano.sh/gpu-number", containers=("cv-train",),
              image="classificaiton-p4:V1.1.1", phase="Failed", scheduler="volcano", owner=("Job", "pytorch-job"),
              labels={"volcano.sh/job-name": "pytorch-job", "volcano.sh/task-spec": "cv-train"},
              reason="UnexpectedAdmissionError", message="Pod " + msg)
    p["spec"]["restartPolicy"] = "Never"
    p["metadata"]["ownerReferences"][0].update({"apiVersion": "batch.volcano.sh/v1alpha1"})
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}]
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    w.event(ns, "Pod", pod, "UnexpectedAdmissionError", msg, host=node, count=1)
    w.target("Pod", ns, pod)


@case("fk003", "gfd_no_labels_without_nvidia_runtime_class_k3s", node_subj("geo-node1"),
      "Single-node k3s v1.26 (node geo-node1 as in the thread: Ubuntu 22.04.1 LTS, kernel 5.15.0-67-generic, "
      "containerd://1.6.15-k3s1, 128 CPUs, memory 1056410708Ki; capacity and allocatable without nvidia.com/gpu, "
      "values from the thread's describe) with an RTX-class GPU (product not stated); NFD (nfd-master/worker in "
      "namespace node-feature-discovery), gpu-feature-discovery and the NVIDIA device plugin DaemonSets come from "
      "the static manifests with no runtimeClassName; the GFD pod crash-loops and its previous log ends with the "
      "case's phrase (prefix illustrative, in GFD 0.7's 'gpu-feature-discovery:' log format); the device plugin pod "
      "is Running and its log is not quoted in the thread (not modelled). No RuntimeClass is in the bundle: no pod names one, "
      "so a collector would not fetch it.")
def _(w, t):
    w.git_version = "v1.26.3+k3s1"
    node = "geo-node1"
    n = w.node(node, cpu="128", memory="1056410708Ki", labels={"node-role.kubernetes.io/control-plane": "true",
                                                                "node-role.kubernetes.io/master": "true",
                                                                "feature.node.kubernetes.io/pci-10de.present": "true"})
    n["status"]["capacity"]["ephemeral-storage"] = "14625108Ki"
    n["status"]["allocatable"]["ephemeral-storage"] = "14227305052"
    drop_gpu_resource(n)
    info(n, osImage="Ubuntu 22.04.1 LTS", kernelVersion="5.15.0-67-generic",
         containerRuntimeVersion="containerd://1.6.15-k3s1", kubeletVersion="v1.26.3+k3s1")
    nfd_ns = "node-feature-discovery"
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.12.1"
    daemonset(w, nfd_ns, "nfd", desired=1, containers=[("nfd-master", nfd_img), ("nfd-worker", nfd_img)],
              labels={"app": "nfd"})
    ds_pod(w, nfd_ns, "nfd", "nfd-7x2kq", node, containers=("nfd-master", "nfd-worker"), image=nfd_img)
    gfd_img = "nvcr.io/nvidia/gpu-feature-discovery:v0.7.0"
    daemonset(w, nfd_ns, "gpu-feature-discovery", desired=1, ready=0, containers=[("gpu-feature-discovery", gfd_img)],
              labels={"app.kubernetes.io/name": "gpu-feature-discovery"})
    gfd = "gpu-feature-discovery-vq8n4"
    ds_pod(w, nfd_ns, "gpu-feature-discovery", gfd, node, containers=("gpu-feature-discovery",), image=gfd_img,
           ready=False, statuses=crashing("gpu-feature-discovery", 1, restarts=17))
    w.log(nfd_ns, gfd, "gpu-feature-discovery",
          "gpu-feature-discovery: 2023/03/22 16:24:40 Running gpu-feature-discovery v0.7.0\n"
          "gpu-feature-discovery: 2023/03/22 16:24:40 Loading configuration.\n"
          "gpu-feature-discovery: 2023/03/22 16:24:40 Start running\n"
          "gpu-feature-discovery: 2023/03/22 16:24:40 " + t + "\n", previous=True)
    plugin_img = "nvcr.io/nvidia/k8s-device-plugin:v0.13.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", plugin_img)],
              labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-h5z8p", node,
           containers=("nvidia-device-plugin-ctr",), image=plugin_img, tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


# =============================================================================================
# node layer
# =============================================================================================

@case("fk004", "aks_gpu_pool_wrong_image_no_gpu_capacity", node_subj("aks-gpu-46663711-vmss000000"),
      "AKS 1.28 (strings assumed) with a system pool node (Standard_D4s_v3) and the GPU pool node "
      "aks-gpu-46663711-vmss000000 (Standard_NC4as_T4_v3, agentpool gpu); the GPU node's capacity is the case's "
      "Capacity section field by field (allocatable derived with AKS's usual reservations, assumed) and it has no "
      "nvidia.com/gpu; no NVIDIA device plugin DaemonSet or GPU Operator runs in the cluster (the thread does not "
      "name one); kube-system holds the usual AKS pods on the system node. Nothing in the bundle logs an error.")
def _(w, t):
    w.git_version = "v1.28.5"
    kv = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-1059-azure",
          "containerRuntimeVersion": "containerd://1.7.14-1", "kubeletVersion": "v1.28.5"}
    info(w.node("aks-system-31415926-vmss000000", cpu="4", memory="16379000Ki", pods_cap="30",
                labels=aks_labels("system", "Standard_D4s_v3")), **kv)
    node = "aks-gpu-46663711-vmss000000"
    cap = {}
    for line in t.splitlines()[1:]:
        k, v = line.split(":", 1)
        cap[k.strip()] = v.strip()
    n = w.node(node, cpu=cap["cpu"], memory=cap["memory"], pods_cap=cap["pods"], alloc_cpu="3860m",
               alloc_memory="24658004Ki", labels=aks_labels("gpu", "Standard_NC4as_T4_v3"))
    n["status"]["capacity"] = dict(cap)
    n["status"]["allocatable"]["ephemeral-storage"] = "119703055367"
    info(n, **kv)
    for name, img in (("kube-proxy-7m2xq", "mcr.microsoft.com/oss/kubernetes/kube-proxy:v1.28.5"),
                      ("azure-ip-masq-agent-5kq9w", "mcr.microsoft.com/aks/ip-masq-agent-v2:v0.1.11")):
        ds = name.rsplit("-", 1)[0]
        daemonset(w, KS, ds, desired=2, containers=[(ds, img)], labels={"k8s-app": ds})
        ds_pod(w, KS, ds, name, node, containers=(ds,), image=img)
    w.target("Node", None, node)


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fk005", "gpumounter_slave_pod_no_free_gpu", pod_subj("gpu-pool-slave-pod-7b2c9", "gpu-pool"),
      "Kubernetes v1.20 (kubeadm-style; strings assumed) with a control-plane node and one GPU node named 'xxx' "
      "(the reporter's redaction, kept so the log line matches) with nvidia.com/gpu 2, both requested by running "
      "training pods; NVIDIA device plugin Running (healthy); GPUMounter v1.0 master (Deployment) and worker "
      "(DaemonSet) in kube-system; the target pod 'notebook-0' (namespace default, no GPU) runs on 'xxx'; the slave "
      "pod the worker created in namespace gpu-pool (nvidia.com/gpu 1, nodeSelector kubernetes.io/hostname=xxx) is "
      "Pending with an illustrative FailedScheduling event; the worker log holds the case's line (prefix "
      "illustrative).")
def _(w, t):
    w.git_version = "v1.20.11"
    kv = {"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "4.15.0-163-generic",
          "containerRuntimeVersion": "docker://20.10.7", "kubeletVersion": "v1.20.11"}
    info(w.node("master", cpu="8", memory="16381000Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "xxx"
    info(w.node(node, gpus=2, cpu="32", memory="131900000Ki"), **kv)
    plugin_img = "nvcr.io/nvidia/k8s-device-plugin:v0.9.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", plugin_img)],
              labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-r7k2m", node,
           containers=("nvidia-device-plugin-ctr",), image=plugin_img, tolerations=GPU_TOLERATION)
    w.log(KS, "nvidia-device-plugin-daemonset-r7k2m", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    for i in range(2):
        w.pod("train", f"resnet-train-{i}", node=node, gpu=1, containers=("train",),
              image="nvcr.io/nvidia/pytorch:21.10-py3", owner=("Job", f"resnet-train-{i}"))
    mimg = "pokerfacesad/gpu-mounter-master:v1.0"
    wimg = "pokerfacesad/gpu-mounter-worker:v1.0"
    deploy_pod(w, KS, "gpu-mounter-master-6c8d7f9b5", "gpu-mounter-master-6c8d7f9b5-l2k9x", "master",
               containers=("gpu-mounter-master",), image=mimg,
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    daemonset(w, KS, "gpu-mounter-workers", desired=1, containers=[("gpu-mounter-worker", wimg)],
              labels={"app": "gpu-mounter-workers"}, tolerations=GPU_TOLERATION)
    worker = "gpu-mounter-workers-q8x4v"
    ds_pod(w, KS, "gpu-mounter-workers", worker, node, containers=("gpu-mounter-worker",), image=wimg,
           tolerations=GPU_TOLERATION)
    w.log(KS, worker, "gpu-mounter-worker",
          "2021-12-14T06:21:07.118Z\tINFO\tGPUMounter-worker\tReceive AddGPU request for pod notebook-0 in namespace default\n"
          "2021-12-14T06:21:37.204Z\tERROR\tGPUMounter-worker\t" + t + "\n")
    w.pod("default", "notebook-0", node=node, gpu=0, containers=("notebook",), image="jupyter/base-notebook:2021-12-13",
          owner=("StatefulSet", "notebook"))
    ns, pod = "gpu-pool", "gpu-pool-slave-pod-7b2c9"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had taint "
           "{node-role.kubernetes.io/master: }, that the pod didn't tolerate.")
    w.pod(ns, pod, gpu=1, containers=("gpu-container",), image="alpine:3.14", phase="Pending",
          node_selector={"kubernetes.io/hostname": node}, labels={"app": "gpu-pool"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=3)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is a rendering (a describe event row, a describe Capacity section): its values "
              "become the corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-k", case_id, BUILDERS[case_id], cases()[case_id], placed, world_heading="World built here (what is assumed)")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
