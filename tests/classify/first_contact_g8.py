"""Builds first-contact batch G8 (fixtures/first-contact/batch-g8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed query list
in the batch README (this round's pool: all four corpora of the `search` tool at once: `issues`, `pages`, `docs`,
`code`). Each builder places the case's text verbatim where a collector would have found it and builds the cluster
state the source describes. The expected answer was reasoned from the source (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g8      # (re)writes fixtures/first-contact/batch-g8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset
from tests.classify.first_contact_b import (KS, host_node, node_info, plugin_ds,
                                            plugin_pod)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized

from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-g8", "G8", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


# ---- runtime layer ---------------------------------------------------------------------------

_LEGACY_PLUGIN_LOG = ("2018/05/29 02:10:11 Loading NVML\n2018/05/29 02:10:11 Fetching devices.\n"
                      "2018/05/29 02:10:11 Starting FS watcher.\n2018/05/29 02:10:11 Starting OS watcher.\n"
                      "2018/05/29 02:10:11 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
                      "2018/05/29 02:10:11 Registered device plugin with Kubelet\n")


@case("fg801", pod_subj("nvidia-device-plugin-daemonset-q7w2x", KS),
      "Kubernetes v1.10.3 cluster on Docker 17.12.1-ce (CentOS 7.4, kernel 3.10.0-693; versions assumed for May 2018 "
      "beyond the thread's 1.10) with two nodes: the GPU node gpu-node-01 (two GeForce GTX 1080 Ti, host driver "
      "390.48, nvidia-docker2; assumed: the thread shows only the CPU node) advertising nvidia.com/gpu 2 with a "
      "Running device plugin pod, and the CPU-only node 00-25-90-c0-f7-c8 (the thread's node name) whose Docker "
      "default runtime is nvidia but which has no GPU and no driver; the NVIDIA device plugin DaemonSet "
      "nvidia-device-plugin-daemonset (kube-system, image nvidia/k8s-device-plugin:1.10, static manifest, no "
      "nodeSelector) at 2 desired / 1 ready; its pod on the CPU node in CrashLoopBackOff, last terminated "
      "ContainerCannotRun (exit 128) with the thread's start error as its message, with the kubelet's Failed event "
      "(the thread's text, verbatim) and a BackOff event; no log (the container never ran).")
def _(w, t):
    w.git_version = "v1.10.3"
    info = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-693.21.1.el7.x86_64",
            "containerRuntimeVersion": "docker://17.12.1-ce", "kubeletVersion": "v1.10.3",
            "kubeProxyVersion": "v1.10.3"}
    gpu = "gpu-node-01"
    host_node(w, gpu, gpus=2, info=info)
    sized(w.get_node(gpu), "32", "131733252Ki")
    cpu = "00-25-90-c0-f7-c8"
    n = w.node(cpu, cpu="24", memory="65759268Ki")
    node_info(n, **info)
    image = "nvidia/k8s-device-plugin:1.10"
    ok = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-5dfk8", image=image, log=_LEGACY_PLUGIN_LOG)
    assert t.startswith('Error: failed to start container "nvidia-device-plugin-ctr"')
    reason = t.split(": ", 1)[1]
    st = crashing("nvidia-device-plugin-ctr", 128, "ContainerCannotRun", reason, restarts=6)
    bad = plugin_pod(w, cpu, "nvidia-device-plugin-daemonset-q7w2x", image=image, log=None, ready=False,
                     statuses=st)
    for c in bad["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    bad["status"]["containerStatuses"][0]["started"] = False
    plugin_ds(w, KS, [ok, bad])
    for p in (ok, bad):
        p["spec"].pop("runtimeClassName", None)
    w.event(KS, "Pod", "nvidia-device-plugin-daemonset-q7w2x", "Failed", t, component="kubelet", host=cpu, count=7,
            field_path="spec.containers{nvidia-device-plugin-ctr}")
    backoff(w, KS, "nvidia-device-plugin-daemonset-q7w2x", "nvidia-device-plugin-ctr", cpu, count=3)
    w.target("Pod", KS, "nvidia-device-plugin-daemonset-q7w2x")


# ---- plugin layer ----------------------------------------------------------------------------

_HAMI_LOG_HEAD = (
    "I1123 08:41:17.402113       1 main.go:163] Starting FS watcher.\n"
    "I1123 08:41:17.402198       1 main.go:170] Starting OS watcher.\n"
    "I1123 08:41:17.402553       1 main.go:185] Starting Plugins.\n"
    "I1123 08:41:17.402571       1 main.go:243] Loading configuration.\n"
    "I1123 08:41:17.403121       1 main.go:251] Updating config with default resource matching patterns.\n"
    )



@case("fg802", pod_subj("hami-device-plugin-k5t8n", KS),
      "single-node Kubernetes v1.28.2 cluster on Docker 24.0.7 through cri-dockerd 0.3.4 (node master1, Ubuntu 22.04, "
      "kernel 5.15.0-88-generic; versions, the GPU (one RTX 3090) and driver 535.129.03 assumed) with the NVIDIA "
      "driver and nvidia-docker installed on the host but /etc/docker/daemon.json without `default-runtime: "
      "nvidia`; HAMi v2.4.1 (Helm, kube-system: hami-scheduler Deployment Running, hami-device-plugin DaemonSet "
      "1 desired / 0 ready); the node labelled gpu=on (HAMi's selector) and advertising no nvidia.com/gpu; the "
      "device plugin pod hami-device-plugin-k5t8n crash-looping (its device-plugin container exits 1, its "
      "vgpu-monitor container Running), its previous log ending with the issue's two lines verbatim after "
      "illustrative startup lines (no other error line), with a BackOff event.")
def _(w, t):
    w.git_version = "v1.28.2"
    node = "master1"
    host_node(w, node, gpus=1, advertised=False,
              labels={"gpu": "on", "node-role.kubernetes.io/control-plane": ""},
              info={"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-88-generic",
                    "containerRuntimeVersion": "docker://24.0.7", "kubeletVersion": "v1.28.2",
                    "kubeProxyVersion": "v1.28.2"})
    sized(w.get_node(node), "32", "131891412Ki")
    img = "docker.m.daocloud.io/projecthami/hami:v2.4.1"
    from tests.classify.first_contact_a import deploy_pod
    deploy_pod(w, KS, "hami-scheduler-7d9c8b6f5", "hami-scheduler-7d9c8b6f5-p2l9v", node,
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
               labels={"app.kubernetes.io/component": "hami-scheduler"})
    w.workload("Deployment", KS, "hami-scheduler", status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    pod = "hami-device-plugin-k5t8n"
    p = w.pod(KS, pod, node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"), image=img,
              owner=("DaemonSet", "hami-device-plugin"), labels={"app.kubernetes.io/component": "hami-device-plugin"},
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}],
              node_selector={"gpu": "on"}, cpu="0", memory="0")
    crashloop(p, "device-plugin", restarts=14, code=1)
    assert t.startswith("If this is not a GPU node")
    w.log(KS, pod, "device-plugin", _HAMI_LOG_HEAD + "E1123 08:41:17.403368       1 factory.go:116] " +
          t.split("\n")[0] + "\n" + "E1123 08:41:17.403822       1 main.go:177] " + t.split("\n")[1] + "\n",
          previous=True)
    w.log(KS, pod, "vgpu-monitor", "I1123 08:30:02.118213       1 metrics.go:201] Start vGPU monitor\n")
    backoff(w, KS, pod, "device-plugin", node, count=61)
    daemonset(w, KS, "hami-device-plugin", desired=1, ready=0,
              containers=[("device-plugin", img), ("vgpu-monitor", img)], node_selector={"gpu": "on"},
              labels={"app.kubernetes.io/component": "hami-device-plugin"})
    w.target("Pod", KS, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
