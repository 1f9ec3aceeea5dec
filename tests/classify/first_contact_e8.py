"""Builds first-contact batch E8 (fixtures/first-contact/batch-e8/cases.jsonl) as scenario bundles.

Driver-layer cases sampled with the fixed list of 32 queries in the batch README, sent to all four corpora of the
search tool (`issues`, `pages`, `docs`, `code`) at once. The expected answers were reasoned from the sources
(`expected` in the case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a source does not state (node and pod names, kernels, kubelet versions, operator and
driver versions) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e8      # (re)writes fixtures/first-contact/batch-e8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, no_gpu_resource, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG
from tests.classify.scenarios_real import ML, crashing, node_subj

FC = ThreadBatch("batch-e8", "E8", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach the cluster (host command output, prose): not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fe801", "fe802"}

NVS = "nvsentinel"
GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
          "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.5",
          "kubeProxyVersion": "v1.31.5"}


def _control_plane(w, name: str, info: dict) -> dict:
    n = w.node(name, cpu="8", memory="32780384Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)
    return n


# ---- driver layer ----------------------------------------------------------------------------

@case("fe801", node_subj("hgx-h100-01"),
      "Kubernetes v1.31 (kubeadm-style on Ubuntu 22.04 assumed) with a control-plane node and two HGX H100 "
      "GPU nodes `hgx-h100-01` / `hgx-h100-02` (8x NVIDIA H100 80GB HBM3 each, NVSwitch baseboard; names, "
      "kernel and versions assumed) whose NVIDIA driver 570 is installed on the host; on `hgx-h100-01` the "
      "host's nvidia-fabricmanager.service has failed (the case's text; host command output the collector "
      "does not read, so not placed). The NVIDIA device plugin DaemonSet (standalone chart, namespace "
      "`nvidia-device-plugin`) is 2/2 Ready and both nodes advertise 8 nvidia.com/gpu; NVSentinel's "
      "platform-connector, syslog-health-monitor and gpu-health-monitor DaemonSets are Running and have "
      "raised nothing (the thread's point). No workload error is quoted for the node, so no workload pod "
      "with an error is modelled; one training pod Running on `hgx-h100-02` is illustrative and healthy.")
def _(w, t):
    w.git_version = "v1.31.5"
    _control_plane(w, "cp-1", UBUNTU)
    nodes = ("hgx-h100-01", "hgx-h100-02")
    for name in nodes:
        n = w.node(name, gpus=8, cpu="224", memory="2113456892Ki",
                   labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                           "nvidia.com/gpu.count": "8", "nvidia.com/gpu.memory": "81559",
                           "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "124",
                           "nvidia.com/cuda.driver.rev": "06",
                           "feature.node.kubernetes.io/pci-10de.present": "true"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
        node_info(n, **UBUNTU)
    dp_ns, dp_image = "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"
    daemonset(w, dp_ns, "nvidia-device-plugin", desired=2, containers=[("nvidia-device-plugin-ctr", dp_image)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOL,
              labels={"app.kubernetes.io/name": "nvidia-device-plugin"})
    for name, sfx in zip(nodes, ("k7p2d", "r4m9x")):
        pod = f"nvidia-device-plugin-{sfx}"
        ds_pod(w, dp_ns, "nvidia-device-plugin", pod, name, containers=("nvidia-device-plugin-ctr",),
               image=dp_image, tolerations=GPU_TOL, cpu="50m", memory="64Mi")
        w.log(dp_ns, pod, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    for ds, ctr, image, sfxs in (
            ("platform-connector", "platform-connector", "ghcr.io/nvidia/nvsentinel/platform-connectors:v0.6.0",
             ("b2x8q", "n5v3c")),
            ("syslog-health-monitor", "syslog-health-monitor",
             "ghcr.io/nvidia/nvsentinel/syslog-health-monitor:v0.6.0", ("h9w2k", "t6z4p")),
            ("gpu-health-monitor", "gpu-health-monitor", "ghcr.io/nvidia/nvsentinel/gpu-health-monitor:v0.6.0",
             ("m3q7r", "x8d5j"))):
        daemonset(w, NVS, ds, desired=2, containers=[(ctr, image)], node_selector={"nvidia.com/gpu.present": "true"},
                  tolerations=GPU_TOL, labels={"app.kubernetes.io/name": ds})
        for name, sfx in zip(nodes, sfxs):
            ds_pod(w, NVS, ds, f"{ds}-{sfx}", name, containers=(ctr,), image=image, tolerations=GPU_TOL,
                   cpu="100m", memory="256Mi")
    w.pod(ML, "llm-pretrain-worker-0", node="hgx-h100-02", gpu=8, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("StatefulSet", "llm-pretrain-worker"),
          tolerations=GPU_TOL, cpu="96", memory="1500Gi")
    w.target("Node", None, "hgx-h100-01")


@case("fe802", node_subj("192.168.0.57"),
      "Open Telekom Cloud CCE cluster (v1.28 after an upgrade; names, versions and flavors assumed) with a "
      "CPU node and an Ubuntu 22.04 GPU node `192.168.0.57` (CCE names nodes by IP; one NVIDIA Tesla V100, "
      "flavor p2s.2xlarge.8 assumed) created after the upgrade, booting kernel 5.15.0-113-generic. The CCE GPU "
      "add-on in kube-system: its driver-installer DaemonSet `nvidia-driver-installer` (driver 535.54.03, "
      "older than 535.161.08; assumed) has its pod on the node in Init:CrashLoopBackOff (init container "
      "`nvidia-driver-installer`, restart count assumed; no log, the entry quotes none), its device-plugin "
      "DaemonSet `nvidia-gpu-device-plugin` pod on the node Running but the node advertises no nvidia.com/gpu; a "
      "GPU workload pod is Pending with the scheduler's standard message (composed). The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.28.11-r0-28.1.20"
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-113-generic",
            "containerRuntimeVersion": "containerd://1.6.33", "kubeletVersion": "v1.28.11-r0-28.1.20",
            "kubeProxyVersion": "v1.28.11-r0-28.1.20"}
    cce = {"failure-domain.beta.kubernetes.io/region": "eu-de", "failure-domain.beta.kubernetes.io/zone": "eu-de-01",
           "os.name": "Ubuntu_22.04", "os.architecture": "amd64"}
    cpu = w.node("192.168.0.34", cpu="8", memory="32617188Ki",
                 labels={**cce, "node.kubernetes.io/instance-type": "s3.2xlarge.4"})
    node_info(cpu, **info)
    node = "192.168.0.57"
    n = w.node(node, cpu="8", memory="65250428Ki",
               labels={**cce, "node.kubernetes.io/instance-type": "p2s.2xlarge.8",
                       "accelerator": "nvidia-v100"})
    node_info(n, **info)
    no_gpu_resource(n)
    inst_image = "swr.eu-de.otc.t-systems.com/hwofficial/nvidia-driver-installer:2.1.30"
    sel = {"accelerator": "nvidia-v100"}
    daemonset(w, KS, "nvidia-driver-installer", desired=1, current=1, ready=0,
              containers=[("pause", "swr.eu-de.otc.t-systems.com/hwofficial/pause:3.9")],
              init_containers=[("nvidia-driver-installer", inst_image)], node_selector=sel,
              tolerations=[{"operator": "Exists"}], labels={"app": "nvidia-driver-installer"},
              env=[{"name": "NVIDIA_DRIVER_VERSION", "value": "535.54.03"}])
    ds_pod(w, KS, "nvidia-driver-installer", "nvidia-driver-installer-7xk2p", node, containers=("pause",),
           phase="Pending", ready=False, init_containers=("nvidia-driver-installer",),
           init_statuses=crashing("nvidia-driver-installer", code=1, restarts=9),
           tolerations=[{"operator": "Exists"}], cpu="150m", memory="300Mi")
    dp_image = "swr.eu-de.otc.t-systems.com/hwofficial/nvidia-gpu-device-plugin:2.1.30"
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", dp_image)],
              node_selector=sel, tolerations=[{"operator": "Exists"}], labels={"app": "nvidia-gpu-device-plugin"})
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-q4n8d", node,
           containers=("nvidia-gpu-device-plugin",), image=dp_image, tolerations=[{"operator": "Exists"}],
           cpu="50m", memory="50Mi")
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    w.pod(ML, "inference-5d8f7b9c6-h2lqz", gpu=1, phase="Pending", scheduled_message=msg, containers=("server",),
          image="nvcr.io/nvidia/tritonserver:24.05-py3", owner=("ReplicaSet", "inference-5d8f7b9c6"),
          cpu="4", memory="16Gi")
    w.event(ML, "Pod", "inference-5d8f7b9c6-h2lqz", "FailedScheduling", msg, component="default-scheduler",
            count=8)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
