"""Builds first-contact batch A34 (fixtures/first-contact/batch-a34/cases.jsonl) as scenario bundles.

Round 34's frame: the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi (continuing rounds 30-33) and
kaito-project/kaito (GPU-filtered, continuing round 33). Three cases:

- fa3401: HAMi v2.8.0 with leader election and scheduler.replicas 2: the follower hami-scheduler replica fails its
  /readyz readiness probe forever (503, 'Not leader yet') while the leader serves all GPU scheduling: a healthy
  look-alike (commit 4763c3bd, PR #1677; prose, the commit's subject);
- fa3402: KAITO v0.6.0 on AKS with a Windows node pool: the KAITO chart's nvidia-device-plugin DaemonSet has no
  kubernetes.io/os nodeSelector, its pod on the Windows node sits in ImagePullBackOff (commit 2355ccb88, PR #1446;
  the commit's quoted `kubectl get pods` line);
- fa3403: KAITO v0.8.0 with BYO GPU nodes (GFD subchart 0.17.4): the GFD DaemonSet's default node affinity and the
  NFD master's missing CriticalAddonsOnly toleration leave the GPU nodes without GFD labels (commit b315bc769,
  PR #1712; prose).

fa3401 and fa3403 are prose cases and fa3402's text is kubectl's table row: none is in the bundle verbatim
(TEXT_NOT_IN_BUNDLE). Events and log lines the commits do not quote are composed; names, GPU models and versions are
assumed; each scenario's description says so. The expected answers were reasoned from the fixes and committed before
any run.

    .venv/bin/python -m tests.classify.first_contact_a34      # (re)writes fixtures/first-contact/batch-a34/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a34", "A34", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# fa3401, fa3403: the commits' prose; fa3402: a `kubectl get pods -A -o wide` row (the bundle carries the pod)
TEXT_NOT_IN_BUNDLE: set[str] = {"fa3401", "fa3402", "fa3403"}


# ---- fa3401: the follower hami-scheduler replica fails /readyz (HAMi v2.8.0, fixed by #1677) ----------------------

_H_K8S = "v1.33.1"
_H_IMG = "projecthami/hami:v2.8.0"
_H_NS = "kube-system"


def _h_ext_log(leader: bool) -> str:
    lines = []
    for i in range(6):
        s = 10 * i
        ts = f"I0310 08:{15 + s // 60:02d}:{s % 60:02d}.{204113 + 1301 * i:06d}       1"
        lines.append(f"{ts} route.go:154] Readiness check endpoint hit")
        lines.append(f"{ts} route.go:163] Scheduler extender is leader" if leader
                     else f"{ts} route.go:158] Not leader yet")
    return "\n".join(lines) + "\n"


def _h_gpu_node(w, name: str, seed: int) -> dict:
    lab = {"gpu": "on", "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-L40S",
           "feature.node.kubernetes.io/pci-10de.present": "true"}
    n = w.node(name, gpus=40, cpu="64", memory="527932168Ki", labels=lab)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion=_H_K8S, kubeProxyVersion=_H_K8S)
    reg = "[" + ", ".join(
        f'{{"id":"GPU-{seed + i:08x}-7a1c-4e2b-9d3f-5c8e{seed + i:08x}","count":10,"devmem":46068,"devcore":100,'
        f'"type":"NVIDIA L40S","mode":"hami-core","health":true}}' for i in range(4)) + "]"
    annotate(n, **{"hami.io/node-nvidia-register": reg, "hami.io/node-handshake": "Requesting_2026-03-10 08:15:41"})
    return n


@case("fa3401", pod_subj("hami-scheduler-6c9f7d8b54-r8w2k", _H_NS),
      "Kubernetes v1.33.1 (assumed); two GPU nodes gpu-node-01/02 (4 x NVIDIA L40S each; assumed) and two CPU nodes; "
      "HAMi v2.8.0 in kube-system (the release before the fix; v2.8.0's chart renders the /readyz readinessProbe "
      "only with scheduler.leaderElect, default true) installed with scheduler.replicas=2 (assumed). Both "
      "hami-scheduler pods run; the leader (hami-scheduler-6c9f7d8b54-t5n7q) is Ready and serves the extender; the "
      "follower (hami-scheduler-6c9f7d8b54-r8w2k) has its vgpu-scheduler-extender container Running but not ready: "
      "v2.8.0's ReadyzRoute answers 503 on every non-leader ('Not leader yet', the removed klog line of the fix; "
      "klog headers, line numbers and times composed), the kubelet's Unhealthy event 'Readiness probe failed: HTTP "
      "probe failed with statuscode: 503' (kubelet wording, composed) repeats; the Deployment shows 1/2 ready. The "
      "hami-device-plugin DaemonSet is healthy on both GPU nodes, a GPU pod in namespace ml (names and image assumed) "
      "scheduled by hami-scheduler runs. The case's text is the commit's subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _H_K8S
    for i in (1, 2):
        _h_gpu_node(w, f"gpu-node-0{i}", 16 * i)
    for i in (1, 2):
        w.node(f"cpu-node-0{i}", cpu="16", memory="65842768Ki")
    rs = "hami-scheduler-6c9f7d8b54"
    probe = {"readinessProbe": {"httpGet": {"path": "/readyz", "port": "https", "scheme": "HTTPS"},
                                "initialDelaySeconds": 10, "periodSeconds": 10, "failureThreshold": 3}}
    pods = {}
    for pname, node, leader in ((f"{rs}-t5n7q", "cpu-node-01", True), (f"{rs}-r8w2k", "cpu-node-02", False)):
        p = deploy_pod(w, _H_NS, rs, pname, node, containers=("kube-scheduler", "vgpu-scheduler-extender"),
                       image=_H_IMG, labels={"app.kubernetes.io/component": "hami-scheduler"})
        p["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{_H_K8S}"
        p["spec"]["containers"][1].update(probe)
        if not leader:
            for s in p["status"]["containerStatuses"]:
                if s["name"] == "vgpu-scheduler-extender":
                    s["ready"] = False
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
        w.log(_H_NS, pname, "vgpu-scheduler-extender", _h_ext_log(leader))
        pods[pname] = p
    follower = f"{rs}-r8w2k"
    w.workload("Deployment", _H_NS, "hami-scheduler", replicas=2, template_pod=pods[f"{rs}-t5n7q"],
               status={"replicas": 2, "readyReplicas": 1, "availableReplicas": 1, "unavailableReplicas": 1,
                       "updatedReplicas": 2, "observedGeneration": 1})
    w.event(_H_NS, "Pod", follower, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503",
            component="kubelet", host="cpu-node-02", count=2146,
            field_path="spec.containers{vgpu-scheduler-extender}")
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    daemonset(w, _H_NS, "hami-device-plugin", desired=2, ready=2,
              containers=[("device-plugin", _H_IMG), ("vgpu-monitor", _H_IMG)], labels=labels,
              node_selector={"gpu": "on"})
    for i, sfx in ((1, "k2m9d"), (2, "w4q7z")):
        ds_pod(w, _H_NS, "hami-device-plugin", f"hami-device-plugin-{sfx}", f"gpu-node-0{i}",
               containers=("device-plugin", "vgpu-monitor"), image=_H_IMG, labels=dict(labels),
               node_selector={"gpu": "on"})
    w.pod("ml", "embed-svc-0", node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
          image="vllm/vllm-openai:v0.11.0", containers=("vllm",), cpu="8", memory="32Gi",
          owner=("StatefulSet", "embed-svc"))
    w.target("Pod", _H_NS, follower)


# ---- fa3402: KAITO's device-plugin DaemonSet on a Windows node: ImagePullBackOff (KAITO v0.6.0, fixed by #1446) --

_K_NS = "kaito-workspace"
_DP_IMG = "mcr.microsoft.com/oss/v2/nvidia/k8s-device-plugin:v0.17.0"


def _aks_node(w, name: str, pool: str, *, gpus: int | None = None, product: str | None = None,
              os: str = "linux", taints=(), k8s: str = "v1.31.10") -> dict:
    lab = {"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus", "kubernetes.azure.com/agentpool": pool,
           "agentpool": pool, "kubernetes.io/os": os, "beta.kubernetes.io/os": os}
    if gpus:
        lab.update({"kubernetes.azure.com/accelerator": "nvidia", "accelerator": "nvidia"})
    if product:
        lab["nvidia.com/gpu.product"] = product
    n = w.node(name, gpus=gpus, cpu="8" if not gpus else "24", memory="32863468Ki" if not gpus else "226553384Ki",
               labels=lab, taints=taints)
    if os == "windows":
        node_info(n, operatingSystem="windows", osImage="Windows Server 2022 Datacenter",
                  kernelVersion="10.0.20348.3807", containerRuntimeVersion="containerd://1.7.20+azure",
                  kubeletVersion=k8s, kubeProxyVersion=k8s)
    else:
        node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1089-azure",
                  containerRuntimeVersion="containerd://1.7.27-1", kubeletVersion=k8s, kubeProxyVersion=k8s)
    return n


def _pull_backoff(p: dict, container: str, image: str) -> None:
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                            "message": f'Back-off pulling image "{image}"'}},
                      "ready": False, "started": False, "restartCount": 0})
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"


@case("fa3402", pod_subj("nvidia-device-plugin-daemonset-nx8d7", _K_NS),
      "AKS (Kubernetes v1.31.10 assumed) with KAITO v0.6.0 (the release before the fix) installed by its Helm chart "
      "in namespace kaito-workspace. Node pools (assumed): a Linux system pool (aks-nodepool1-*), a Linux GPU pool "
      "created by KAITO's gpu-provisioner (one Standard_NC24ads_A100_v4 node, 1 x A100 80GB) and a Windows pool "
      "whose node akswgen2000000 is named in the commit. The chart's nvidia-device-plugin-daemonset (image "
      "mcr.microsoft.com/oss/v2/nvidia/k8s-device-plugin:v0.17.0) selects every AKS node (affinity: "
      "kubernetes.azure.com/cluster Exists, type NotIn virtual-kubelet; no kubernetes.io/os selector): its pods on "
      "the Linux nodes run, its pod nvidia-device-plugin-daemonset-nx8d7 on akswgen2000000 is in ImagePullBackOff "
      "(the commit's row: 0/1, ImagePullBackOff, 0 restarts, age 27d, IP 10.244.4.237); the kubelet's Failed event "
      "('no match for platform in manifest', composed) and BackOff event. The KAITO controller pod "
      "kaito-workspace-6db9666b47-xjz7m (the commit's other row) sits on the same Windows node in ImagePullBackOff; "
      "the controller Deployment has 0 ready replicas. The GPU node advertises nvidia.com/gpu 1. The case's text is "
      "the commit's kubectl row for the device-plugin pod and is not in the bundle verbatim.")
def _(w, t):
    w.git_version = "v1.31.10"
    for i in range(2):
        _aks_node(w, f"aks-nodepool1-38412977-vmss00000{i}", "nodepool1",
                  taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}] if i == 0 else ())
    gpu = "aks-ws4a1b2c3d-24680135-vmss000000"
    _aks_node(w, gpu, "ws4a1b2c3d", gpus=1,
              taints=[{"key": "sku", "value": "gpu", "effect": "NoSchedule"}])
    win = "akswgen2000000"
    _aks_node(w, win, "wgen2", os="windows")
    ds_nodes = [("aks-nodepool1-38412977-vmss000000", "b7k2p"), ("aks-nodepool1-38412977-vmss000001", "q9z4m"),
                (gpu, "f3h8t"), (win, "nx8d7")]
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "kubernetes.azure.com/cluster", "operator": "Exists"},
                              {"key": "type", "operator": "NotIn", "values": ["virtual-kubelet"]}]}]}}}
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"},
           {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    daemonset(w, _K_NS, "nvidia-device-plugin-daemonset", desired=4, ready=3,
              containers=[("nvidia-device-plugin-ctr", _DP_IMG)], labels={"name": "nvidia-device-plugin-ds"},
              affinity=aff, tolerations=tol, env=[{"name": "FAIL_ON_INIT_ERROR", "value": "false"},
                                                  {"name": "PASS_DEVICE_SPECS", "value": "true"}])
    for node, sfx in ds_nodes:
        p = ds_pod(w, _K_NS, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", node,
                   containers=("nvidia-device-plugin-ctr",), image=_DP_IMG, labels={"name": "nvidia-device-plugin-ds"},
                   affinity=aff, tolerations=tol)
        if node == win:
            _pull_backoff(p, "nvidia-device-plugin-ctr", _DP_IMG)
            p["status"]["podIP"] = "10.244.4.237"
    dp = f"nvidia-device-plugin-daemonset-nx8d7"
    w.event(_K_NS, "Pod", dp, "Failed",
            f'Failed to pull image "{_DP_IMG}": rpc error: code = NotFound desc = failed to pull and unpack image '
            f'"{_DP_IMG}": no match for platform in manifest: not found',
            component="kubelet", host=win, count=7790, field_path="spec.containers{nvidia-device-plugin-ctr}")
    w.event(_K_NS, "Pod", dp, "BackOff", f'Back-off pulling image "{_DP_IMG}"', type="Normal",
            component="kubelet", host=win, count=176402, field_path="spec.containers{nvidia-device-plugin-ctr}")
    ctl_img = "mcr.microsoft.com/aks/kaito/workspace:0.6.0"
    rs = "kaito-workspace-6db9666b47"
    cp = deploy_pod(w, _K_NS, rs, f"{rs}-xjz7m", win, containers=("manager",), image=ctl_img,
                    labels={"app.kubernetes.io/name": "workspace", "app.kubernetes.io/instance": "kaito-workspace"})
    _pull_backoff(cp, "manager", ctl_img)
    cp["status"]["podIP"] = "10.244.4.201"
    w.workload("Deployment", _K_NS, "kaito-workspace", template_pod=cp,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 1})
    w.event(_K_NS, "Pod", f"{rs}-xjz7m", "BackOff", f'Back-off pulling image "{ctl_img}"', type="Normal",
            component="kubelet", host=win, count=81233, field_path="spec.containers{manager}")
    w.target("Pod", _K_NS, dp)


# ---- fa3403: GFD's default affinity and NFD master's taint leave BYO GPU nodes unlabelled (KAITO v0.8.0, #1712) ---

_GFD_IMG = "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"
_NFD_IMG = "registry.k8s.io/nfd/node-feature-discovery:v0.17.2"


@case("fa3403", {"kind": "Node", "name": "aks-gpupool-27718394-vmss000000"},
      "AKS (Kubernetes v1.32.7 assumed) with KAITO v0.8.0 (the release before the fix) installed with "
      "featureGates.disableNodeAutoProvisioning=true (BYO nodes), which installs the gpu-feature-discovery subchart "
      "0.17.4 (NVIDIA's k8s-device-plugin chart, GFD only, with its NFD subchart). Nodes (assumed): two system-pool "
      "nodes tainted CriticalAddonsOnly=true:NoSchedule and two user-created GPU nodes (aks-gpupool-*, "
      "Standard_NC24ads_A100_v4, 1 x A100 80GB, tainted sku=gpu:NoSchedule), which advertise nvidia.com/gpu 1 "
      "through KAITO's own nvidia-device-plugin-daemonset. The NFD master Deployment's pod is Pending (no "
      "CriticalAddonsOnly toleration; FailedScheduling message composed in the scheduler's wording), so no node "
      "gets NFD's feature labels; GFD's DaemonSet keeps the chart's default required node affinity "
      "(feature.node.kubernetes.io/pci-10de.present / cpu-model.vendor_id NVIDIA / nvidia.com/gpu.present, as "
      "recalled from the 0.17.x chart, not read this round), matches no node and has 0 desired pods: the GPU "
      "nodes carry no nvidia.com/gpu.product or other GFD labels. NFD worker pods run on the GPU nodes (assumed "
      "tolerations). The case's text is the commit's prose and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.7"
    sysnodes = [f"aks-system-41852036-vmss00000{i}" for i in range(2)]
    for n in sysnodes:
        _aks_node(w, n, "system", taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}],
                  k8s="v1.32.7")
    gpus = [f"aks-gpupool-27718394-vmss00000{i}" for i in range(2)]
    for n in gpus:
        _aks_node(w, n, "gpupool", gpus=1, taints=[{"key": "sku", "value": "gpu", "effect": "NoSchedule"}],
                  k8s="v1.32.7")
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"},
           {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    daemonset(w, _K_NS, "nvidia-device-plugin-daemonset", desired=4, ready=4,
              containers=[("nvidia-device-plugin-ctr", _DP_IMG)], labels={"name": "nvidia-device-plugin-ds"},
              tolerations=tol)
    for i, n in enumerate(sysnodes + gpus):
        ds_pod(w, _K_NS, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{'abcd'[i]}7m2x", n,
               containers=("nvidia-device-plugin-ctr",), image=_DP_IMG, labels={"name": "nvidia-device-plugin-ds"},
               tolerations=tol)
    gfd_aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "feature.node.kubernetes.io/pci-10de.present", "operator": "In",
                               "values": ["true"]}]},
        {"matchExpressions": [{"key": "feature.node.kubernetes.io/cpu-model.vendor_id", "operator": "In",
                               "values": ["NVIDIA"]}]},
        {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}
    daemonset(w, _K_NS, "kaito-workspace-gpu-feature-discovery", desired=0,
              containers=[("gpu-feature-discovery-ctr", _GFD_IMG)],
              labels={"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "kaito-workspace"},
              affinity=gfd_aff, tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    rs = "kaito-workspace-node-feature-discovery-master-7c5d9b8f6"
    mp = w.pod(_K_NS, f"{rs}-h2x9c", gpu=0, phase="Pending", containers=("master",), image=_NFD_IMG,
               owner=("ReplicaSet", rs), cpu="100m", memory="128Mi",
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
               scheduled_message=("0/4 nodes are available: 2 node(s) had untolerated taint {CriticalAddonsOnly: "
                                  "true}, 2 node(s) had untolerated taint {sku: gpu}. preemption: 0/4 nodes are "
                                  "available: 4 Preemption is not helpful for scheduling."))
    w.event(_K_NS, "Pod", mp["metadata"]["name"], "FailedScheduling",
            mp["status"]["conditions"][0]["message"], component="default-scheduler", count=311)
    w.workload("Deployment", _K_NS, "kaito-workspace-node-feature-discovery-master", template_pod=mp,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 1})
    ntol = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    daemonset(w, _K_NS, "kaito-workspace-node-feature-discovery-worker", desired=2, ready=2,
              containers=[("worker", _NFD_IMG)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"}, tolerations=ntol)
    for i, n in enumerate(gpus):
        p = ds_pod(w, _K_NS, "kaito-workspace-node-feature-discovery-worker",
                   f"kaito-workspace-node-feature-discovery-worker-{'pq'[i]}5v8k", n, containers=("worker",),
                   image=_NFD_IMG, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"},
                   tolerations=ntol)
        w.log(_K_NS, p["metadata"]["name"], "worker",
              f'I1219 10:0{i}:12.418233       1 nfd-worker.go:690] "feature discovery completed"\n'
              f'I1219 10:0{i}:12.431907       1 nfd-worker.go:723] "creating NodeFeature object" '
              f'nodefeature="kaito-workspace/{n}"\n')
    w.target("Node", None, gpus[0])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
