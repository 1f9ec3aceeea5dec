"""Builds first-contact batch G4 (fixtures/first-contact/batch-g4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads that no rule was written for, in any layer, sampled with the
fixed query list in the batch README (managed distributions and healthy look-alikes emphasised; no look-alike was
found). Each builder places the case's text verbatim where a collector would have found it (prose texts are not
placed) and builds the cluster state the thread describes. The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g4      # (re)writes fixtures/first-contact/batch-g4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, set_image)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g4", "G4")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fg402"}


def _operand(w, ns: str, name: str, node: str, app: str, container: str, init: str, image: str) -> dict:
    """A GPU Operator operand pod waiting in its (still running) init container, and its DaemonSet (1/1/0)."""
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), init_containers=(init,), phase="Pending",
              ready=False, labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi",
              statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}},
              init_statuses={init: {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}})
    set_image(p, container, image)
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    w.workload("DaemonSet", ns, app, template_pod=p, status=ds_status(1, 1, 0))
    return p


# ---- driver layer ----------------------------------------------------------------------------

@case("fg401", node_subj("gpu-server-01"),
      "Kubernetes cluster (kubeadm-style, containerd; Kubernetes version assumed v1.28.10, the reporter writes "
      "'k8s 1.80') with a control-plane node and one Ubuntu 22.04 GPU server (kernel 5.15.0-112-generic, one Tesla "
      "T4) labelled `nvidia.com/gpu.workload.config=vm-vgpu` for sandbox (vGPU) workloads; GPU Operator v24.3.0 "
      "(Helm, namespace gpu-operator; sandboxWorkloads.enabled, vgpuManager.enabled with image "
      "registry.xxxx.com/vgpu-manager:550.54.10 as the reporter's helm command sets it). The "
      "nvidia-vgpu-manager-daemonset pod's k8s-driver-manager init container completed and its "
      "nvidia-vgpu-manager-ctr container crash-loops (exit code 1 and restart count 6 assumed): its previous log "
      "holds the text as one line after the installer's start-up lines and before the script gives up "
      "(surrounding lines illustrative; the thread quotes the error only in the title), its current log the "
      "start-up lines again; kubelet BackOff event. The vGPU device manager and the sandbox validator and sandbox "
      "device plugin wait in their init containers (DaemonSets 1 desired / 0 ready; assumed from the operator's "
      "ordering). The node advertises no nvidia.com/gpu and no vGPU resource.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-112-generic",
            "containerRuntimeVersion": "containerd://1.7.12", "kubeletVersion": "v1.28.10", "kubeProxyVersion": "v1.28.10"}
    cp = w.node("k8s-master-01", cpu="8", memory="16364140Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **info)
    node = "gpu-server-01"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, operator=False, allocatable=None,
                   labels={"nvidia.com/gpu.workload.config": "vm-vgpu", "nvidia.com/gpu.deploy.vgpu-manager": "true",
                           "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
                           "nvidia.com/gpu.deploy.sandbox-validator": "true",
                           "nvidia.com/gpu.deploy.sandbox-device-plugin": "true"})
    no_gpu_resource(n)
    for k in ("nvidia.com/gpu.deploy.device-plugin", "nvidia.com/gpu.deploy.driver",
              "nvidia.com/gpu.deploy.container-toolkit", "nvidia.com/gpu.deploy.gpu-feature-discovery",
              "nvidia.com/gpu.deploy.operator-validator", "nvidia.com/gpu.product", "nvidia.com/gpu.count",
              "nvidia.com/gpu.memory", "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    node_info(n, **info)
    ns = OPERATOR_NS
    app, ctr, name = "nvidia-vgpu-manager-daemonset", "nvidia-vgpu-manager-ctr", "nvidia-vgpu-manager-daemonset-x7k2p"
    p = w.pod(ns, name, node=node, gpu=0, containers=(ctr,), init_containers=("k8s-driver-manager",), ready=False,
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              tolerations=GPU_TOLERATION, cpu="100m", memory="256Mi",
              volumes=[{"name": "host-sys", "hostPath": {"path": "/sys", "type": "Directory"}},
                       {"name": "run-nvidia", "hostPath": {"path": "/run/nvidia", "type": "DirectoryOrCreate"}}],
              mounts=[{"name": "host-sys", "mountPath": "/sys", "readOnly": True},
                      {"name": "run-nvidia", "mountPath": "/run/nvidia", "mountPropagation": "Bidirectional"}])
    set_image(p, ctr, "registry.xxxx.com/vgpu-manager:550.54.10")
    set_image(p, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.8")
    p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    crashloop(p, ctr, restarts=6)
    start = ("+ echo 'Installing NVIDIA vGPU Manager 550.54.10'\nInstalling NVIDIA vGPU Manager 550.54.10\n"
             "+ _create_dev_char_directory\n+ _set_fw_search_path\n")
    w.log(ns, name, ctr, start + t + "\n+ exit 1\n", previous=True)
    w.log(ns, name, ctr, start)
    w.workload("DaemonSet", ns, app, template_pod=p, status=ds_status(1, 1, 0))
    backoff(w, ns, name, ctr, node, count=25)
    _operand(w, ns, "nvidia-vgpu-device-manager-5tqzr", node, "nvidia-vgpu-device-manager",
             "nvidia-vgpu-device-manager", "vgpu-manager-validation", "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.2.6")
    _operand(w, ns, "nvidia-sandbox-validator-mq8wd", node, "nvidia-sandbox-validator",
             "nvidia-sandbox-validator", "vgpu-manager-validation", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0")
    _operand(w, ns, "nvidia-sandbox-device-plugin-daemonset-f2vcl", node, "nvidia-sandbox-device-plugin-daemonset",
             "nvidia-sandbox-device-plugin-ctr", "vgpu-devices-validation", "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.7")
    w.target("Node", None, node)


# ---- plugin layer ----------------------------------------------------------------------------

@case("fg402", node_subj("gpu-node-1"),
      "Kubernetes 1.19.3 cluster (kubeadm-style, Docker 19.03, Ubuntu 18.04; kernel, Docker and GPU model "
      "assumed: two Tesla V100) with a GPU node and a control-plane node; the host driver and nvidia-docker2 with "
      "the nvidia default runtime are installed on the GPU node (no GPU Operator, no GFD). The NVIDIA device plugin "
      "DaemonSet (static manifest, image v0.7.1 assumed: a release before the v0.7.3 fix) runs in kube-system; "
      "its pod is Running and Ready again with restart count 4 and a last termination (Error, exit code 2 "
      "assumed) from the previous day, and its current log is the healthy 2020-style start-up (illustrative). The "
      "node advertises nvidia.com/gpu 2. The text is prose (the issue title) and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-124-generic",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.3", "kubeProxyVersion": "v1.19.3"}
    cp = w.node("master-1", cpu="8", memory="32887128Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(cp, **info)
    node = "gpu-node-1"
    host_node(w, node, gpus=2, info=info)
    log = ("2020/11/30 07:42:18 Loading NVML\n2020/11/30 07:42:18 Starting FS watcher.\n"
           "2020/11/30 07:42:18 Starting OS watcher.\n2020/11/30 07:42:18 Retreiving plugins.\n"
           "2020/11/30 07:42:18 Starting GRPC server for 'nvidia.com/gpu'\n"
           "2020/11/30 07:42:18 Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
           "2020/11/30 07:42:18 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    name = "nvidia-device-plugin-daemonset-7lq2f"
    p = plugin_pod(w, node, name, image="nvcr.io/nvidia/k8s-device-plugin:v0.7.1", log=log)
    st = p["status"]["containerStatuses"][0]
    st.update({"restartCount": 4, "state": {"running": {"startedAt": T1}},
               "lastState": {"terminated": {"exitCode": 2, "reason": "Error", "startedAt": T0, "finishedAt": T1}}})
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


# ---- application layer -----------------------------------------------------------------------

@case("fg403", pod_subj("dcgm-exporter-4wq8n", "monitoring"),
      "AKS 1.24 cluster (January 2023) with a system node pool and a GPU node pool of one Standard_NC4as_T4_v3 node "
      "(one Tesla T4; AKS Ubuntu 18.04 node image with the AKS-installed driver; image, kernel, containerd and "
      "kubelet strings assumed); the GPU Operator (Helm, namespace gpu-operator; driver and toolkit containers "
      "disabled because AKS installs both, as the operator's AKS guidance says) is Running and Ready with its own nvidia-dcgm-exporter, and "
      "time-slicing (4 replicas, assumed) makes the node advertise nvidia.com/gpu 4. A second dcgm-exporter "
      "DaemonSet installed from NVIDIA's dcgm-exporter instructions (Helm release in namespace monitoring; names "
      "and image tag assumed) has its pod crash-looping (exit code 1, restart count 9 assumed): its previous log "
      "is the text, its current log the text's first five lines; kubelet BackOff event.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "5.4.0-1098-azure",
            "containerRuntimeVersion": "containerd://1.6.4+azure-4", "kubeletVersion": "v1.24.6",
            "kubeProxyVersion": "v1.24.6"}
    sysn = w.node("aks-agentpool-31208495-vmss000000", cpu="4", memory="16393888Ki",
                  labels={"agentpool": "agentpool", "kubernetes.azure.com/mode": "system",
                          "node.kubernetes.io/instance-type": "Standard_D4s_v3"})
    node_info(sysn, **info)
    node = "aks-gpupool-24117893-vmss000000"
    n = w.gpu_node(node, gpus=4, product="Tesla-T4", memory_mib=15360,
                   labels={"agentpool": "gpupool", "kubernetes.azure.com/mode": "user",
                           "node.kubernetes.io/instance-type": "Standard_NC4as_T4_v3",
                           "nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true", "nvidia.com/cuda.driver.major": "470",
                           "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, **info)
    n["metadata"]["labels"].update({"nvidia.com/gpu.deploy.driver": "false",
                                    "nvidia.com/gpu.deploy.container-toolkit": "false"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "28793752Ki"})
    for role in ("driver", "toolkit"):         # AKS installs the driver and the NVIDIA runtime on the node
        remove_stack_pod(w, node, role)
    ns = OPERATOR_NS
    op = w.pod(ns, "nvidia-dcgm-exporter-9hl7d", node=node, gpu=0, containers=("nvidia-dcgm-exporter",),
               init_containers=("toolkit-validation",), labels={"app": "nvidia-dcgm-exporter"},
               owner=("DaemonSet", "nvidia-dcgm-exporter"), runtime_class="nvidia", tolerations=GPU_TOLERATION,
               cpu="100m", memory="128Mi")
    set_image(op, "nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.1.3-3.1.2-ubuntu20.04")
    w.workload("DaemonSet", ns, "nvidia-dcgm-exporter", template_pod=op, status=ds_status(1, 1, 1))
    lines = t.split("\n")
    w.log(ns, "nvidia-dcgm-exporter-9hl7d", "nvidia-dcgm-exporter",
          "\n".join(lines[:5]).replace("2023-01-05T16:23:09Z", "2023-01-05T09:02:41Z") +
          '\ntime="2023-01-05T09:02:41Z" level=info msg="Kubernetes metrics collection enabled!"\n'
          'time="2023-01-05T09:02:41Z" level=info msg="Starting webserver"\n'
          'time="2023-01-05T09:02:41Z" level=info msg="Pipeline starting"\n')
    mns, pod, ctr = "monitoring", "dcgm-exporter-4wq8n", "exporter"
    p = w.pod(mns, pod, node=node, gpu=0, containers=(ctr,), ready=False,
              labels={"app.kubernetes.io/name": "dcgm-exporter", "app.kubernetes.io/instance": "dcgm-exporter"},
              owner=("DaemonSet", "dcgm-exporter"), tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    set_image(p, ctr, "nvcr.io/nvidia/k8s/dcgm-exporter:3.1.3-3.1.2-ubuntu20.04")
    p["spec"]["containers"][0]["args"] = ["-f", "/etc/dcgm-exporter/dcp-metrics-included.csv"]
    p["spec"]["containers"][0]["securityContext"] = {"capabilities": {"add": ["SYS_ADMIN"]}, "runAsNonRoot": False,
                                                     "runAsUser": 0}
    crashloop(p, ctr, restarts=9)
    w.log(mns, pod, ctr, t + "\n", previous=True)
    w.log(mns, pod, ctr, "\n".join(lines[:5]) + "\n")
    w.workload("DaemonSet", mns, "dcgm-exporter", template_pod=p, status=ds_status(1, 1, 0))
    backoff(w, mns, pod, ctr, node, count=40)
    w.target("Pod", mns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
