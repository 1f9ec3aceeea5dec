"""First-contact batch Y (fixtures/first-contact/batch-y/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) from public threads that no rule was written for, in any layer,
sampled with the fixed query list in the batch README (managed distributions and healthy look-alikes emphasised)
plus the settled prose threads batch K listed without a verbatim text. Each builder places the case's text
verbatim where a collector would have found it (prose texts are not placed) and builds the cluster state the
thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_y      # (re)writes fixtures/first-contact/batch-y/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, plugin_ds, plugin_pod, running_pod,
                                            strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, node_subj, pod_subj, stack_crash

FC = ThreadBatch("batch-y", "Y")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fy001", "fy002", "fy003", "fy004", "fy005", "fy007"}


def _cpu_node(w, name: str, labels: dict, info: dict, cpu: str = "8", memory: str = "32863256Ki") -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels)
    n["status"]["nodeInfo"].update(info)
    return n


def _unscheduled(w, ns: str, name: str, *, container: str, image: str, message: str, gpu: int = 1, owner=None,
                 node_selector=None, tolerations=None, labels=None) -> dict:
    """A GPU pod the scheduler could not place (PodScheduled False / Unschedulable with `message`)."""
    return w.pod(ns, name, gpu=gpu, containers=(container,), image=image, phase="Pending", owner=owner,
                 node_selector=node_selector, tolerations=tolerations, labels=labels, scheduled_message=message)


# ---- scheduler layer -------------------------------------------------------------------------

AKS_INFO = {"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "5.4.0-1070-azure",
            "containerRuntimeVersion": "containerd://1.4.12+azure-3", "kubeletVersion": "v1.21.9",
            "kubeProxyVersion": "v1.21.9"}


@case("fy001", pod_subj("render-job-7c9d8-x4k2p", "render"),
      "AKS 1.21 (early 2022; version strings assumed) with two system-pool nodes (Standard_D4s_v3, no GPU) and the "
      "autoscaled GPU user pool `gpu` at 0 nodes (so not in the node list); the `nvidia-device-plugin` DaemonSet in "
      "kube-system selects the pool (nodeSelector agentpool=gpu) and has desired 0; the workload pod (nvidia.com/gpu 1, "
      "nodeSelector agentpool=gpu, toleration for sku=gpu; names assumed) is Pending with a FailedScheduling event "
      "(`0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.`, x190) and the cluster "
      "autoscaler's NotTriggerScaleUp event (`pod didn't trigger scale-up: 1 node(s) didn't match Pod's node "
      "affinity/selector`, x96); both wordings are illustrative. The text is prose and not placed in the bundle.")
def _(w, t):
    for i in range(2):
        _cpu_node(w, f"aks-system-18574632-vmss00000{i}",
                  {"agentpool": "system", "kubernetes.azure.com/agentpool": "system", "kubernetes.azure.com/mode": "system",
                   "node.kubernetes.io/instance-type": "Standard_D4s_v3", "kubernetes.azure.com/cluster": "MC_prod_aks_westeurope",
                   "topology.kubernetes.io/region": "westeurope"}, AKS_INFO, cpu="4", memory="16393864Ki")
    ds = w.workload("DaemonSet", KS, "nvidia-device-plugin-daemonset",
                    status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0,
                            "numberAvailable": 0, "updatedNumberScheduled": 0, "numberMisscheduled": 0,
                            "observedGeneration": 1})
    ds["spec"]["selector"] = {"matchLabels": {"name": "nvidia-device-plugin-ds"}}
    ds["spec"]["template"] = {"metadata": {"labels": {"name": "nvidia-device-plugin-ds"}},
                              "spec": {"nodeSelector": {"agentpool": "gpu"},
                                       "tolerations": [{"key": "sku", "operator": "Equal", "value": "gpu",
                                                        "effect": "NoSchedule"}],
                                       "containers": [{"name": "nvidia-device-plugin-ctr",
                                                       "image": "mcr.microsoft.com/oss/nvidia/k8s-device-plugin:1.11"}]}}
    ns, name = "render", "render-job-7c9d8-x4k2p"
    sched = "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector."
    _unscheduled(w, ns, name, container="render", image="myregistry.azurecr.io/render-worker:2.3.1", message=sched,
                 owner=("Job", "render-job-7c9d8"), node_selector={"agentpool": "gpu"},
                 tolerations=[{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    w.event(ns, "Pod", name, "FailedScheduling", sched, component="default-scheduler", count=190)
    w.event(ns, "Pod", name, "NotTriggerScaleUp", "pod didn't trigger scale-up: 1 node(s) didn't match Pod's node "
            "affinity/selector", type="Normal", component="cluster-autoscaler", count=96)
    w.target("Pod", ns, name)


OKE_INFO = {"osImage": "Oracle Linux Server 8.10", "kernelVersion": "5.15.0-306.177.4.el8uek.x86_64",
            "containerRuntimeVersion": "cri-o://1.33.2-1.el8", "kubeletVersion": "v1.33.1",
            "kubeProxyVersion": "v1.33.1"}


@case("fy002", pod_subj("inflate-gpu-6f8b9c7d5-2xq4m", "default"),
      "OKE cluster (Kubernetes v1.33, Oracle Linux 8 nodes with CRI-O; strings assumed) with three CPU worker nodes "
      "(VM.Standard.E5.Flex) and the Oracle Karpenter provider; the NodePool `a10-2` requires VM.GPU.A10.2 on-demand "
      "with a NoSchedule taint for nvidia.com/gpu (not an object in the bundle: Karpenter CRs are not collected); no "
      "GPU node exists; the workload pod (nvidia.com/gpu 1, toleration for nvidia.com/gpu; Deployment and names "
      "assumed) is Pending with the default scheduler's FailedScheduling (`0/3 nodes are available: 3 Insufficient "
      "nvidia.com/gpu. ...`) and Karpenter's FailedScheduling (`Failed to schedule pod, incompatible with nodepool "
      "\"a10-2\", ... no instance type satisfied resources ...`); both wordings are illustrative. The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    for i, ip in enumerate(("10.0.10.21", "10.0.10.37", "10.0.10.58")):
        n = _cpu_node(w, ip, {"node.kubernetes.io/instance-type": "VM.Standard.E5.Flex",
                              "oci.oraclecloud.com/fault-domain": f"FAULT-DOMAIN-{i + 1}",
                              "topology.kubernetes.io/region": "us-ashburn-1"}, OKE_INFO, cpu="8", memory="63893164Ki")
    ns, name = "default", "inflate-gpu-6f8b9c7d5-2xq4m"
    sched = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No "
             "preemption victims found for incoming pod.")
    _unscheduled(w, ns, name, container="inflate", image="phx.ocir.io/odx-mockcustomer/cuda-sample:vectoradd-cuda12.5.0",
                 message=sched, owner=("ReplicaSet", "inflate-gpu-6f8b9c7d5"), tolerations=TOLERATE_GPU)
    w.event(ns, "Pod", name, "FailedScheduling", sched, component="default-scheduler", count=41)
    w.event(ns, "Pod", name, "FailedScheduling", 'Failed to schedule pod, incompatible with nodepool "a10-2", '
            'daemonset overhead={"cpu":"200m","memory":"256Mi","pods":"3"}, no instance type satisfied resources '
            '{"cpu":"4200m","memory":"16640Mi","nvidia.com/gpu":"1","pods":"4"} and requirements '
            'karpenter.sh/capacity-type In [on-demand], karpenter.sh/nodepool In [a10-2], '
            'oci.oraclecloud.com/instance-shape In [VM.GPU.A10.2]', component="karpenter", count=38)
    w.target("Pod", ns, name)


@case("fy003", pod_subj("nvidia-driver-validation", OPERATOR_NS),
      "Two Ubuntu 18.04 GPU nodes (Docker 19.03, Kubernetes v1.18, one V100 each; strings assumed) tainted "
      "`gpu-type=v100:NoSchedule` (the thread's custom taint is not named; key and value assumed); the GPU Operator "
      "1.x stack (namespace modelled as gpu-operator; its DaemonSet pods given the matching toleration) is Running "
      "and the nodes advertise nvidia.com/gpu 1; the standalone nvidia-driver-validation pod (one GPU, only the "
      "default nvidia.com/gpu toleration) is Pending with FailedScheduling `0/3 nodes are available: 1 node(s) had "
      "taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 node(s) had taint {gpu-type: v100}, "
      "that the pod didn't tolerate.` (x58, wording of the time, illustrative). The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-123-generic",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.18.12", "kubeProxyVersion": "v1.18.12"}
    m = _cpu_node(w, "k8s-master-1", {"node-role.kubernetes.io/master": ""}, info, cpu="8")
    m["spec"]["taints"] = [{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
    taint = {"key": "gpu-type", "value": "v100", "effect": "NoSchedule"}
    for node in ("gpu-worker-1", "gpu-worker-2"):
        n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-16GB", memory_mib=16160, taints=[taint],
                       labels={"nvidia.com/cuda.driver.major": "450", "nvidia.com/cuda.runtime.major": "11"})
        n["status"]["nodeInfo"].update(info)
        for role in ("driver", "toolkit", "device-plugin", "gfd", "validator"):
            p = w.get_pod(OPERATOR_NS, w.stack(node, role))
            p["spec"]["tolerations"].append({"key": "gpu-type", "operator": "Equal", "value": "v100",
                                             "effect": "NoSchedule"})
    name = "nvidia-driver-validation"
    msg = ("0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't "
           "tolerate, 2 node(s) had taint {gpu-type: v100}, that the pod didn't tolerate.")
    w.pod(OPERATOR_NS, name, gpu=1, containers=("cuda-vector-add",), phase="Pending",
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda10.2", labels={"app": "nvidia-driver-validation"},
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
          scheduled_message=msg, extra_spec={"restartPolicy": "OnFailure"})
    w.event(OPERATOR_NS, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=58)
    w.target("Pod", OPERATOR_NS, name)


# ---- node layer ------------------------------------------------------------------------------

@case("fy004", node_subj("gpu-node-a100-03"),
      "Kubernetes v1.33 GPU node with 8 A100 (host driver and toolkit, Ubuntu 22.04; strings assumed) and the NVIDIA "
      "device plugin Helm release v0.18.2 in namespace nvidia-device-plugin with the config-manager init container "
      "and sidecar (ConfigMap with configs `default` and `timeslice`; node label nvidia.com/device-plugin.config "
      "absent so `default` applies): the plugin pod is Running and Ready with its healthy start-up log, the node "
      "keeps capacity nvidia.com/gpu 8 but allocatable 0; a training pod asking for 2 GPUs is Pending with "
      "FailedScheduling `0/1 nodes are available: 1 Insufficient nvidia.com/gpu. ...` (illustrative). The text is "
      "prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-a100-03"
    host_node(w, node, gpus=8, allocatable=0, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                                                    "containerRuntimeVersion": "containerd://1.7.27",
                                                    "kubeletVersion": "v1.33.3", "kubeProxyVersion": "v1.33.3"})
    ns = "nvidia-device-plugin"
    name = "nvdp-nvidia-device-plugin-q7m2x"
    p = w.pod(ns, name, node=node, gpu=0, containers=("nvidia-device-plugin-ctr", "config-manager"),
              init_containers=("config-manager-init",),
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"},
              owner=("DaemonSet", "nvdp-nvidia-device-plugin"), tolerations=TOLERATE_GPU, cpu="100m", memory="128Mi",
              image="nvcr.io/nvidia/k8s-device-plugin:v0.18.2",
              volumes=[{"name": "available-configs", "configMap": {"name": "nvdp-nvidia-device-plugin-configs"}},
                       {"name": "config", "emptyDir": {}}],
              mounts=[{"name": "available-configs", "mountPath": "/available-configs"},
                      {"name": "config", "mountPath": "/config"}])
    p["spec"]["containers"][0]["args"] = ["--config-file=/config/config.yaml"]
    for c in p["spec"]["containers"] + p["spec"]["initContainers"]:
        c["image"] = "nvcr.io/nvidia/k8s-device-plugin:v0.18.2"
    for s in p["status"]["containerStatuses"] + p["status"]["initContainerStatuses"]:
        s["image"] = "nvcr.io/nvidia/k8s-device-plugin:v0.18.2"
    p["spec"]["containers"][1]["env"] = [{"name": "CONFIG_FILE_SRCDIR", "value": "/available-configs"},
                                         {"name": "CONFIG_FILE_DST", "value": "/config/config.yaml"},
                                         {"name": "DEFAULT_CONFIG", "value": "default"},
                                         {"name": "NODE_LABEL", "value": "nvidia.com/device-plugin.config"}]
    from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG
    w.log(ns, name, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    plugin_ds(w, ns, [p], ds="nvdp-nvidia-device-plugin")
    sched = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
             "preemption victims found for incoming pod.")
    _unscheduled(w, "ml", "trainer-0", container="trainer", image="nvcr.io/nvidia/pytorch:25.06-py3", gpu=2,
                 message=sched, owner=("StatefulSet", "trainer"), tolerations=TOLERATE_GPU)
    w.event("ml", "Pod", "trainer-0", "FailedScheduling", sched, component="default-scheduler", count=23)
    w.target("Node", None, node)


# ---- plugin layer ----------------------------------------------------------------------------

@case("fy005", node_subj("worker-gpu-0.ocp.example.com"),
      "OpenShift 4.18 worker (RHCOS 418.94, kernel 5.14.0-427, CRI-O; strings assumed) with one L40S, the Red Hat NFD "
      "Operator (nfd-master/worker in openshift-nfd, gRPC; the node carries NFD's pci-10de and OS labels) and the "
      "GPU Operator v25.10 in nvidia-gpu-operator modelled as the usual stack (namespace gpu-operator in the bundle): "
      "driver, toolkit, device plugin and validator Running, the node advertising nvidia.com/gpu 1; the "
      "gpu-feature-discovery pod (env USE_NODE_FEATURE_API=true) is Running and Ready with an illustrative start-up "
      "log, while the node has none of GFD's labels (nvidia.com/gpu.product, .count, .memory, cuda.*). The text is "
      "prose and not placed in the bundle.")
def _(w, t):
    node = "worker-gpu-0.ocp.example.com"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    strip_gfd(n)
    rhcos(n, "418.94.202601131514-0", "5.14.0-427.105.1.el9_4.x86_64", "cri-o://1.31.13-2.rhaos4.18.git2b5c3d1.el9",
          "v1.31.14")
    n["metadata"]["labels"]["feature.node.kubernetes.io/system-os_release.OSTREE_VERSION"] = "418.94.202601131514-0"
    gfd = w.get_pod(OPERATOR_NS, w.stack(node, "gfd"))
    gfd["spec"]["containers"][0]["env"] = [{"name": "USE_NODE_FEATURE_API", "value": "true"},
                                           {"name": "GFD_SLEEP_INTERVAL", "value": "60s"}]
    w.log(OPERATOR_NS, gfd["metadata"]["name"], "gpu-feature-discovery",
          "I0124 10:01:05.000001       1 main.go:163] Start running\n"
          "I0124 10:01:05.100002       1 main.go:226] Creating Labels\n"
          "I0124 10:01:05.100417       1 main.go:238] Sleeping for 60000000000\n")
    w.target("Node", None, node)


# ---- runtime layer ---------------------------------------------------------------------------

@case("fy006", node_subj("rke2-gpu-worker-1"),
      "RKE2 v1.22 worker (Ubuntu 20.04, kernel 5.4, RKE2's embedded containerd 1.5 at /run/k3s/containerd; build "
      "strings assumed) with one Tesla T4 and the GPU Operator v1.11 installed with defaults (driver container "
      "Running); the toolkit DaemonSet pod crash-loops (exit 1, 6 restarts) and its previous log is the toolkit's "
      "start-up (illustrative info lines, 2022 wording) ending with the text; device plugin, GFD and validator wait "
      "in toolkit-validation; GFD never ran (no GFD labels) and the node advertises no nvidia.com/gpu.")
def _(w, t):
    node = "rke2-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["status"]["nodeInfo"].update({"osImage": "Ubuntu 20.04.5 LTS", "kernelVersion": "5.4.0-125-generic",
                                    "containerRuntimeVersion": "containerd://1.5.13-k3s1",
                                    "kubeletVersion": "v1.22.13+rke2r1", "kubeProxyVersion": "v1.22.13+rke2r1"})
    log = ('time="2022-09-19T11:51:48Z" level=info msg="Starting nvidia-toolkit"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Setting up runtime"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Starting \'setup\' for containerd"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Loading config: /runtime/config-dir/config.toml"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Config file does not exist, creating new one"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Flushing config"\n'
           'time="2022-09-19T11:51:48Z" level=info msg="Sending SIGHUP signal to containerd"\n' + t + "\n")
    stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", log, restarts=6)
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- application layer -----------------------------------------------------------------------

GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.10.109+",
            "containerRuntimeVersion": "containerd://1.5.13", "kubeletVersion": "v1.22.8-gke.202",
            "kubeProxyVersion": "v1.22.8-gke.202"}


@case("fy007", pod_subj("dcgm-exporter-7xq2m", "monitoring"),
      "GKE 1.22 GPU node (n1-standard-8 with one T4, COS; GKE-installed driver, GKE's nvidia-gpu-device-plugin in "
      "kube-system advertising nvidia.com/gpu 1; strings assumed) running a GPU training pod normally; the "
      "dcgm-exporter Helm DaemonSet (namespace monitoring, chart defaults: no GPU request, no host mount of "
      "/home/kubernetes/bin/nvidia, toleration for nvidia.com/gpu; image tag assumed) crash-loops (exit 1, 9 "
      "restarts); its previous log is illustrative in the exporter's 2022 wording with the title's `Error: Failed to "
      "initialize NVML`. The text (the issue title) is prose and not placed in the bundle.")
def _(w, t):
    node = "gke-ml-cluster-t4-pool-5c2a9e1f-8kqz"
    host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                               "cloud.google.com/gke-nodepool": "t4-pool",
                               "node.kubernetes.io/instance-type": "n1-standard-8"}, info=GKE_INFO)
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-7p2kd", ds="nvidia-gpu-device-plugin",
                   image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin")
    running_pod(w, "trainer-0", None, ns="ml", node=node, container="trainer", image="nvcr.io/nvidia/pytorch:22.04-py3",
                owner=("StatefulSet", "trainer"), tolerations=TOLERATE_GPU)
    ns, name, c = "monitoring", "dcgm-exporter-7xq2m", "exporter"
    pod = w.pod(ns, name, node=node, gpu=0, containers=(c,), ready=False, cpu="100m", memory="128Mi",
                image="nvcr.io/nvidia/k8s/dcgm-exporter:2.3.5-2.6.5-ubuntu20.04",
                labels={"app.kubernetes.io/name": "dcgm-exporter"}, owner=("DaemonSet", "dcgm-exporter"),
                tolerations=TOLERATE_GPU, env=[{"name": "DCGM_EXPORTER_KUBERNETES", "value": "true"},
                                              {"name": "DCGM_EXPORTER_LISTEN", "value": ":9400"}],
                statuses=crashing(c, 1, restarts=9))
    pod["spec"]["containers"][0]["args"] = ["-f", "/etc/dcgm-exporter/dcp-metrics-included.csv"]
    w.log(ns, name, c, 'time="2022-05-11T09:14:07Z" level=info msg="Starting dcgm-exporter"\n'
                       'Error: Failed to initialize NVML\n'
                       'time="2022-05-11T09:14:07Z" level=fatal msg="Error starting nv-hostengine: DCGM '
                       'initialization error"\n', previous=True)
    w.workload("DaemonSet", ns, "dcgm-exporter", template_pod=pod,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                       "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {c} in pod {name}_{ns}"
            f"({pod['metadata']['uid']})", count=9, host=node)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
