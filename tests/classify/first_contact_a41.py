"""Builds first-contact batch A41 (fixtures/first-contact/batch-a41/cases.jsonl) as scenario bundles.

Round 41's commit frame (round 35's rules), finishing round 40's frames: HAMi (A40's items 46-57), GPUStack (B40's
items 81-98) and NVIDIA/topograph (C40's items 26-55). Three cases:

- fa4101: HAMi v2.3.7: a pod placed by spec.nodeName bypasses the HAMi scheduler; the device plugin's Allocate finds
  no binding pod, dereferences nil and panics; the pod fails admission (commit 3f56611f, PR #117, issue #116; prose:
  the issue's version line and pod spec; the panic line of the issue title placed in the plugin's previous log);
- fa4102: NVIDIA topograph chart (before 2025-10-20): with credentialsSecretName set, the Deployment mounts the
  ConfigMap and the Secret at the same path and the API server rejects its pods (commit fc56471a, PR #172; prose:
  the commit subject);
- fa4103: NVIDIA topograph chart (before 2025-10-15) on Nebius Kubernetes: the node-data-broker's init container
  runs `sh -c <MAC command>` in the distroless topograph image and crash-loops (commit e6df40b7, PR #168; prose: the
  commit subject).

Lines not quoted by the threads are composed (klog, Go runtime, kubelet and API-server wording, the charts' own
strings); names, GPU models and versions are assumed; each scenario's description says so. The expected answers
were reasoned from the fixes and written before any run.

    .venv/bin/python -m tests.classify.first_contact_a41      # (re)writes fixtures/first-contact/batch-a41/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a41", "A41", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text (an issue's pod spec, a commit subject) never reaches the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"fa4101", "fa4102", "fa4103"}


def _info(n: dict, k8s: str, os_image="Ubuntu 22.04.3 LTS", kernel="5.15.0-91-generic",
          runtime="containerd://1.7.2") -> None:
    node_info(n, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion=runtime,
              kubeletVersion=k8s, kubeProxyVersion=k8s)


# ---- fa4101: HAMi v2.3.7 device plugin panics in Allocate for a nodeName pod (commit 3f56611f, PR #117, #116) -----

_K8S_1 = "v1.27.8"
_IMG_1 = "4pdosc/k8s-vdevice:v2.3.7"
_UUIDS = ("GPU-6f1c2a9e-3b7d-4e15-9a0c-8d2e5b7f4c11", "GPU-b83e0d47-91a2-4c6f-8e3b-2a7d9c1f5e60")
_PANIC = "panic: runtime error: invalid memory address or nil pointer dereference"


@case("fa4101", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.27.8 (assumed) with a control-plane node master-node-1 and the GPU node worker-node-1 (two "
      "NVIDIA GeForce RTX 3090, assumed; label gpu=on, as HAMi's install docs ask). HAMi (then k8s-vgpu-scheduler) "
      "v2.3.7 from its 'vgpu' chart, release vgpu in kube-system (assumed): the DaemonSet vgpu-device-plugin (containers "
      "device-plugin and vgpu-monitor, image 4pdosc/k8s-vdevice:v2.3.7) and the Deployment vgpu-scheduler "
      "(kube-scheduler + vgpu-scheduler-extender). worker-node-1 advertises nvidia.com/gpu 20 (split count 10) and "
      "carries the plugin's 4pd.io/node-nvidia-register annotation (format of the v2.3 code, values assumed). The pod "
      "gpu-pod (default namespace; spec from the issue: image chrstnhntschl/gpu_burn, args 86400, nvidia.com/gpu 2, "
      "nodeName worker-node-1; schedulerName 4pd-scheduler as HAMi's webhook sets it, assumed) is Failed with "
      "UnexpectedAdmissionError (kubelet wording composed). The device-plugin pod on worker-node-1 restarted once (exit "
      "code 2, a Go panic); its previous log ends in the issue title's panic line (verbatim) with the Go runtime's "
      "signal and goroutine lines composed from the v2.3.7 code (server.go's Allocate); its current log shows it "
      "registered again. The text (the issue's version line and pod spec) is prose and not placed.")
def _(w, t):
    w.git_version = _K8S_1
    ks = "kube-system"
    cp = w.node("master-node-1", cpu="8", memory="16284256Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    _info(cp, _K8S_1)
    n = w.node("worker-node-1", gpus=20, cpu="48", memory="263855396Ki",
               labels={"gpu": "on", "feature.node.kubernetes.io/pci-10de.present": "true"})
    _info(n, _K8S_1)
    reg = "".join(f"{u},10,24576,100,NVIDIA-NVIDIA GeForce RTX 3090,0,true:" for u in _UUIDS)
    annotate(n, **{"4pd.io/node-nvidia-register": reg,
                   "4pd.io/node-handshake": "Reported 2024-01-10 06:12:01.118520913 +0000 UTC m=+902.416087301"})
    labels = {"app.kubernetes.io/component": "4pd-device-plugin", "app.kubernetes.io/instance": "vgpu",
              "app.kubernetes.io/name": "vgpu"}
    daemonset(w, ks, "vgpu-device-plugin", desired=1, ready=1,
              containers=[("device-plugin", _IMG_1), ("vgpu-monitor", _IMG_1)], labels=labels,
              node_selector={"gpu": "on"})
    dp = ds_pod(w, ks, "vgpu-device-plugin", "vgpu-device-plugin-7xk2p", "worker-node-1",
                containers=("device-plugin", "vgpu-monitor"), image=_IMG_1, labels=dict(labels),
                node_selector={"gpu": "on"})
    st = dp["status"]["containerStatuses"][0]
    st.update({"restartCount": 1, "lastState": {"terminated": {"exitCode": 2, "reason": "Error",
                                                               "startedAt": "2026-11-29T13:50:12Z",
                                                               "finishedAt": "2026-11-29T14:52:31Z"}}})
    pname = dp["metadata"]["name"]
    w.log(ks, pname, "device-plugin",
          "I1129 14:52:31.532901       1 server.go:281] Allocate [&ContainerAllocateRequest{DevicesIDs:["
          f"{_UUIDS[0]}-0 {_UUIDS[1]}-0],}}]\n"
          f"{_PANIC}\n"
          "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1a2b3c4]\n\n"
          "goroutine 214 [running]:\n"
          "4pd.io/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin).Allocate(0xc0003a2000, "
          "{0x1f0e8a0?, 0xc000512a80?}, 0xc0004f6b40)\n"
          "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/server.go:314 +0x1c4\n"
          "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1._DevicePlugin_Allocate_Handler({0x1c2d4e0?, 0xc0003a2000}, "
          "{0x1f0e8a0, 0xc000512a80}, 0xc0004f6ae0, 0x0)\n"
          "\t/go/pkg/mod/k8s.io/kubelet@v0.27.2/pkg/apis/deviceplugin/v1beta1/api.pb.go:1430 +0x170\n",
          previous=True)
    w.log(ks, pname, "device-plugin",
          "I1129 14:52:33.104215       1 main.go:158] Starting FS watcher.\n"
          "I1129 14:52:33.104322       1 main.go:167] Start working on node worker-node-1\n"
          "I1129 14:52:33.104330       1 main.go:168] Starting OS watcher.\n"
          "I1129 14:52:33.151904       1 main.go:183] Starting Plugins.\n"
          "I1129 14:52:33.151927       1 main.go:241] Loading configuration.\n"
          "I1129 14:52:33.187442       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
          "I1129 14:52:33.188204       1 server.go:109] Starting to serve 'nvidia.com/gpu' on "
          "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
          "I1129 14:52:33.191632       1 server.go:116] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    sched = deploy_pod(w, ks, "vgpu-scheduler-6c8f7d9b5c", "vgpu-scheduler-6c8f7d9b5c-q2w8m", "master-node-1",
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_IMG_1,
                       labels={"app.kubernetes.io/component": "4pd-scheduler", "app.kubernetes.io/instance": "vgpu",
                               "app.kubernetes.io/name": "vgpu"})
    img = f"registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:{_K8S_1}"
    sched["spec"]["containers"][0]["image"] = img
    sched["status"]["containerStatuses"][0]["image"] = img
    w.workload("Deployment", ks, "vgpu-scheduler", template_pod=sched,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    msg = ("Allocate failed due to rpc error: code = Unavailable desc = error reading from server: EOF, "
           "which is unexpected")
    p = w.pod("default", "gpu-pod", node="worker-node-1", gpu=2, scheduler="4pd-scheduler", phase="Failed",
              reason="UnexpectedAdmissionError", message=f"Pod was rejected: {msg}", image="chrstnhntschl/gpu_burn",
              containers=("ubuntu-container",), cpu="0", memory="0")
    c = p["spec"]["containers"][0]
    c["args"] = ["86400"]
    c["resources"] = {"limits": {"nvidia.com/gpu": "2"}, "requests": {"nvidia.com/gpu": "2"}}
    p["spec"]["restartPolicy"] = "Always"
    p["status"].pop("containerStatuses", None)
    p["status"]["conditions"] = []
    p["status"].pop("podIP", None)
    w.event("default", "Pod", "gpu-pod", "UnexpectedAdmissionError", msg, component="kubelet", host="worker-node-1")
    w.target("Pod", "default", "gpu-pod")


# ---- fa4102: topograph chart mounts ConfigMap and credentials Secret at one path (commit fc56471a, PR #172) -------

_K8S_2 = "v1.32.9-eks-113cf36"
_TOPO_IMG = "ghcr.io/nvidia/topograph:main"
_TOPO_ERR = ('spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/etc/topograph": must be unique')


@case("fa4102", {"kind": "Deployment", "namespace": "topograph", "name": "topograph"},
      "An EKS cluster, v1.32 (assumed), with two m6i.2xlarge system nodes and two p5.48xlarge GPU nodes (8 H100 each, "
      "the EKS device plugin healthy; all assumed). NVIDIA topograph installed from the repository's chart (0.1.0, "
      "image ghcr.io/nvidia/topograph:main, before commit fc56471a), release topograph in namespace topograph, with "
      "global.provider aws, global.engine k8s and config.credentialsSecretName aws-credentials (assumed; a Secret "
      "with credentials.yaml, as topograph's README describes). The Deployment topograph mounts the ConfigMap "
      "topograph (config-volume) and the Secret (secret-volume) both at /etc/topograph, as the pre-fix template "
      "renders them: its ReplicaSet has 0 pods, the replicaset-controller's FailedCreate event (x14) and the "
      "ReplicaFailure conditions carry the API server's validation error (composed wording). The node-observer Deployment's pod topograph-node-observer-... is Init:0/1, its init container 'wait' "
      "logging the chart's 'Waiting for topograph to start ...' line. The text (the commit subject) is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.32.9-eks-113cf36"
    eks = {"osImage": "Amazon Linux 2023.9.20251014", "kernelVersion": "6.1.155-176.282.amzn2023.x86_64",
           "runtime": "containerd://1.7.27"}
    for i, sfx in enumerate(("10-0-12-41", "10-0-27-118")):
        n = w.node(f"ip-{sfx}.ec2.internal", cpu="8", memory="32386100Ki",
                   labels={"node.kubernetes.io/instance-type": "m6i.2xlarge", "eks.amazonaws.com/nodegroup": "system",
                           "topology.kubernetes.io/zone": "us-east-1a"})
        _info(n, _K8S_2, eks["osImage"], eks["kernelVersion"], eks["runtime"])
    plugin_img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"
    gpu_nodes = []
    for sfx in ("10-0-40-7", "10-0-41-96"):
        name = f"ip-{sfx}.ec2.internal"
        n = w.node(name, gpus=8, cpu="192", memory="2097152000Ki",
                   labels={"node.kubernetes.io/instance-type": "p5.48xlarge", "eks.amazonaws.com/nodegroup": "gpu-p5",
                           "topology.kubernetes.io/zone": "us-east-1a", "nvidia.com/gpu.present": "true",
                           "feature.node.kubernetes.io/pci-10de.present": "true"},
                   taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
        _info(n, _K8S_2, eks["osImage"], eks["kernelVersion"], eks["runtime"])
        gpu_nodes.append(name)
    daemonset(w, "kube-system", "nvidia-device-plugin-daemonset", desired=2, ready=2,
              containers=[("nvidia-device-plugin-ctr", plugin_img)], labels={"name": "nvidia-device-plugin-ds"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    for name, sfx in zip(gpu_nodes, ("4hq8d", "n7v2c")):
        dp = ds_pod(w, "kube-system", "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", name,
                    containers=("nvidia-device-plugin-ctr",), image=plugin_img)
        w.log("kube-system", dp["metadata"]["name"], "nvidia-device-plugin-ctr",
              "I1020 09:02:11.481202       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
              "I1020 09:02:11.482031       1 server.go:117] Starting to serve 'nvidia.com/gpu' on "
              "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
              "I1020 09:02:11.484519       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    ns, dep, rs = "topograph", "topograph", "topograph-6f7d9c8b5d"
    labels = {"app.kubernetes.io/name": "topograph", "app.kubernetes.io/instance": "topograph"}
    template = {"spec": {
        "serviceAccountName": "topograph",
        "containers": [{"name": "topograph", "image": _TOPO_IMG, "imagePullPolicy": "IfNotPresent",
                        "command": ["/usr/local/bin/topograph"],
                        "args": ["-v=3", "-k8s-topology-key-accelerator=network.topology.nvidia.com/accelerator",
                                 "-k8s-topology-key-block=network.topology.nvidia.com/block",
                                 "-k8s-topology-key-spine=network.topology.nvidia.com/spine",
                                 "-k8s-topology-key-datacenter=network.topology.nvidia.com/datacenter"],
                        "env": [{"name": "NODE_DATA_BROKER_NAME", "value": "topograph-node-data-broker"},
                                {"name": "NODE_DATA_BROKER_NAMESPACE", "value": ns}],
                        "ports": [{"name": "http", "containerPort": 49021, "protocol": "TCP"}],
                        "resources": {"limits": {"cpu": "100m", "memory": "128Mi"},
                                      "requests": {"cpu": "100m", "memory": "128Mi"}},
                        "volumeMounts": [{"name": "config-volume", "mountPath": "/etc/topograph"},
                                         {"name": "secret-volume", "mountPath": "/etc/topograph", "readOnly": True}]}],
        "volumes": [{"name": "config-volume", "configMap": {"defaultMode": 420, "name": "topograph"}},
                    {"name": "secret-volume", "secret": {"secretName": "aws-credentials"}}]}}
    err = f'Error creating: Pod "{rs}-x8k2p" is invalid: {_TOPO_ERR}'
    fail = {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": err}
    d = w.workload("Deployment", ns, dep, template_pod=template, revision="1",
                   status={"observedGeneration": 1, "replicas": 0, "unavailableReplicas": 1,
                           "conditions": [{"type": "Available", "status": "False",
                                           "reason": "MinimumReplicasUnavailable",
                                           "message": "Deployment does not have minimum availability."},
                                          {"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated",
                                           "message": f'ReplicaSet "{rs}" is progressing.'}, dict(fail)]})
    r = w.workload("ReplicaSet", ns, rs, template_pod=template, owner=("Deployment", dep), revision="1",
                   status={"replicas": 0, "observedGeneration": 1, "conditions": [dict(fail)]})
    for obj in (d, r):
        obj["metadata"]["labels"] = dict(labels)
        obj["spec"]["selector"] = {"matchLabels": dict(labels)}
        obj["spec"]["template"]["metadata"]["labels"] = dict(labels)
    w.event(ns, "ReplicaSet", rs, "FailedCreate", err, component="replicaset-controller", count=14)
    w.event(ns, "Deployment", dep, "ScalingReplicaSet", f"Scaled up replica set {rs} from 0 to 1", type="Normal",
            component="deployment-controller")
    obs_rs = "topograph-node-observer-5d8b7c6f4b"
    obs_labels = {"app.kubernetes.io/name": "node-observer", "app.kubernetes.io/instance": "topograph"}
    obs = deploy_pod(w, ns, obs_rs, f"{obs_rs}-k9p3t", "ip-10-0-12-41.ec2.internal", containers=("node-observer",),
                     image=_TOPO_IMG, labels=dict(obs_labels), phase="Pending", init_containers=("wait",),
                     init_statuses={"wait": {"state": {"running": {"startedAt": "2026-11-29T14:31:05Z"}},
                                             "ready": False, "restartCount": 0, "started": True}})
    obs["spec"]["initContainers"][0]["image"] = "curlimages/curl:8.13.0"
    obs["status"]["initContainerStatuses"][0]["image"] = "curlimages/curl:8.13.0"
    obs["status"]["containerStatuses"][0]["state"] = {"waiting": {"reason": "PodInitializing"}}
    w.log(ns, obs["metadata"]["name"], "wait", "Waiting for topograph to start ...\n" * 6)
    w.workload("Deployment", ns, "topograph-node-observer", template_pod=obs,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.pods.setdefault(ns, [])
    w.target("Deployment", ns, dep)


# ---- fa4103: topograph node-data-broker initc cannot run sh in the distroless image on Nebius (e6df40b7, PR #168) --

_K8S_3 = "v1.31.6"
_MAC_CMD = ("ip link show $(ip route show default | awk '{print $5}') | awk '/ether/ {print $2}' | "
            "tr '[:lower:]' '[:upper:]'")
_EXEC_ERR = 'exec: "sh": executable file not found in $PATH'


@case("fa4103", pod_subj("topograph-node-data-broker-7hm4x", "topograph"),
      "A Nebius AI Cloud managed Kubernetes cluster, v1.31.6 (assumed), with one CPU node and two GPU nodes (8 H100 "
      "each; node names, labels and counts assumed) whose GPU Operator stack is healthy. NVIDIA topograph from the "
      "repository's chart (image ghcr.io/nvidia/topograph:main, distroless, before commit e6df40b7), release topograph "
      "in namespace topograph, global.provider nebius, global.engine k8s: the topograph Deployment's pod runs; the "
      "DaemonSet topograph-node-data-broker (init container init-node-labels with the topograph image running "
      "/usr/local/bin/node-data-broker-initc -provider=nebius -v=3, main container node-data-broker curlimages/curl "
      "running tail -f /dev/null, the chart's defaults) has 3 desired and 0 ready pods, each Init:CrashLoopBackOff "
      "(init-node-labels exit code 1, 9 restarts, kubelet BackOff events). The init container's log is composed from "
      "the pre-fix code: internal/exec's ErrorS line for the failed `sh -c <MAC command>` and initc's final "
      "klog.Error of '%s failed: %s : %v', with Go's error for a missing executable. The nodes lack topograph's "
      "annotations. The text (the commit subject) is prose and not placed.")
def _(w, t):
    w.git_version = _K8S_3
    info = ("Ubuntu 22.04.5 LTS", "5.15.0-130-generic", "containerd://1.7.25")
    c = w.node("computeinstance-e00cpu7k3m9q2w", cpu="16", memory="65842768Ki",
               labels={"node.kubernetes.io/instance-type": "cpu-d3"})
    _info(c, _K8S_3, *info)
    gpu_nodes = []
    for sfx in ("e00gpu4r8t6y1a", "e00gpu9x2v5n3c"):
        name = f"computeinstance-{sfx}"
        n = w.gpu_node(name, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="128",
                       memory="1651325440Ki", labels={"node.kubernetes.io/instance-type": "gpu-h100-sxm"})
        _info(n, _K8S_3, *info)
        gpu_nodes.append(name)
    ns, img = "topograph", "ghcr.io/nvidia/topograph:main"
    rs = "topograph-7c9d8f6b4d"
    top = deploy_pod(w, ns, rs, f"{rs}-p2l6s", c["metadata"]["name"], containers=("topograph",), image=img,
                     labels={"app.kubernetes.io/name": "topograph", "app.kubernetes.io/instance": "topograph"},
                     cpu="100m", memory="128Mi")
    w.workload("Deployment", ns, "topograph", template_pod=top,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    labels = {"app.kubernetes.io/name": "node-data-broker", "app.kubernetes.io/instance": "topograph"}
    ds = daemonset(w, ns, "topograph-node-data-broker", desired=3, ready=0,
                   containers=[("node-data-broker", "curlimages/curl:8.13.0")],
                   init_containers=[("init-node-labels", img)], labels=labels)
    ds["spec"]["template"]["spec"]["initContainers"][0].update(
        {"command": ["/usr/local/bin/node-data-broker-initc"], "args": ["-provider=nebius", "-v=3"],
         "env": [{"name": "NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}}]})
    ds["spec"]["template"]["spec"]["containers"][0]["command"] = ["tail", "-f", "/dev/null"]
    for node, sfx in zip([c["metadata"]["name"]] + gpu_nodes, ("2kq9v", "7hm4x", "c5n8d")):
        pname = f"topograph-node-data-broker-{sfx}"
        p = ds_pod(w, ns, "topograph-node-data-broker", pname, node, containers=("node-data-broker",),
                   image="curlimages/curl:8.13.0", labels=dict(labels), phase="Pending",
                   init_containers=("init-node-labels",),
                   init_statuses={"init-node-labels": {
                       "state": {"waiting": {"reason": "CrashLoopBackOff",
                                             "message": "back-off 5m0s restarting failed container=init-node-labels "
                                                        f"pod={pname}_{ns}"}},
                       "lastState": {"terminated": {"exitCode": 1, "reason": "Error",
                                                    "startedAt": "2026-11-29T14:51:40Z",
                                                    "finishedAt": "2026-11-29T14:51:40Z"}},
                       "ready": False, "restartCount": 9}})
        p["spec"]["initContainers"][0].update(ds["spec"]["template"]["spec"]["initContainers"][0])
        p["status"]["initContainerStatuses"][0]["image"] = img
        p["status"]["containerStatuses"][0]["state"] = {"waiting": {"reason": "PodInitializing"}}
        for cond in p["status"]["conditions"]:
            if cond["type"] in ("Initialized", "Ready", "ContainersReady"):
                cond["status"] = "False"
        cmd = f"sh -c {_MAC_CMD}"
        w.log(ns, pname, "init-node-labels",
              f"I1129 14:51:40.204117       1 exec.go:32] Execute command {cmd}\n"
              f"E1129 14:51:40.204388       1 exec.go:51] \"failed to execute command\" err=\"{_EXEC_ERR.replace(chr(34), chr(92) + chr(34))}\" "
              "stdout=\"\" stderr=\"\"\n"
              f"E1129 14:51:40.204412       1 main.go:58] sh failed:  : {_EXEC_ERR}\n", previous=True)
        w.event(ns, "Pod", pname, "BackOff", "Back-off restarting failed container init-node-labels in pod "
                f"{pname}_{ns}({p['metadata']['uid']})", component="kubelet", host=node, count=41,
                field_path="spec.initContainers{init-node-labels}")
    w.target("Pod", ns, "topograph-node-data-broker-7hm4x")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
