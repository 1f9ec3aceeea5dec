"""First-contact batch D10 (fixtures/first-contact/batch-d10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer, sampled from all four of the search
tool's corpora at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 48 queries in the batch README.
Each builder builds the cluster state the source describes and fills in the rest of the cluster healthy and
plausible. The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, kubelet and runtime versions, GPU
models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d10      # (re)writes fixtures/first-contact/batch-d10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import (KS, block, no_gpu_resource, node_info, remove_stack_pod, set_image,
                                            stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.first_contact_g6 import OCP_NS, _move_namespace
from tests.classify.first_contact_g9 import _gke_labels
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, World
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-d10", "D10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- world helpers ---------------------------------------------------------------------------

def operator_images(w: World, tag: str) -> None:
    """Retag the GPU Operator operand images (the builder's default is v24.9.0)."""
    for pods in w.pods.values():
        for p in pods:
            for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
                c["image"] = c["image"].replace("v24.9.0", tag)
            for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
                s["image"] = s["image"].replace("v24.9.0", tag)


def no_runtime_class(w: World, ns: str) -> None:
    """CRI-O runs the NVIDIA toolkit as an OCI hook: the operand pods name no RuntimeClass."""
    for p in w.pods.get(ns, []):
        p["spec"].pop("runtimeClassName", None)


# ---- OpenShift 4.18.22: crun makes the NVIDIA hook fail ---------------------------------------

VALIDATOR_D1001 = "nvidia-operator-validator-kkpjf"
VALIDATOR_UID_D1001 = "3492f33c-e20f-47ea-9693-dc3304fefd84"
VALIDATOR_IMAGE_D1001 = ("nvcr.io/nvidia/cloud-native/gpu-operator-validator@sha256:"
                         "e183dc07e5889bd9e269c320ffad7f61df655f57ecc3aa158c4929e74528420a")


@case("fd1001", pod_subj(VALIDATOR_D1001, OCP_NS),
      "OpenShift Container Platform 4.18.22 (Kubernetes v1.31, RHCOS 418.94, CRI-O 1.31 with the crun build the "
      "release ships; build strings, node names, instance types and the GPU model assumed: the issue names OCP "
      "4.18.22 and GPU Operator v25.3.2 only) with three control-plane nodes (one in the bundle) and one GPU worker "
      "ip-10-0-52-118.ec2.internal (g4dn.xlarge assumed, one Tesla T4). GPU Operator v25.3.2 in namespace "
      "nvidia-gpu-operator with the default ClusterPolicy gpu-cluster-policy, notReady (condition wording "
      "illustrative): the driver pod (Driver Toolkit build) is Running and Ready (healthy driver log lines "
      "illustrative), the container-toolkit pod is Running (it installed the CRI-O prestart hook "
      "/usr/local/nvidia/toolkit/nvidia-container-runtime-hook); the validator pod nvidia-operator-validator-kkpjf "
      "(the issue's name, UID and image digest) has driver-validation Completed and toolkit-validation waiting in "
      "CreateContainerError with the text's words (restartCount 4), the later init containers and the main "
      "container not started; its events are the issue's Started, Failed (x4, the text), Pulled (x7) and BackOff "
      "(x14). The device plugin and GFD pods wait in toolkit-validation (running); no nvidia.com/gpu is advertised "
      "and GFD never labelled the node. Operand pods name no RuntimeClass (CRI-O runs the toolkit as a hook).")
def _(w, t):
    w.git_version = "v1.31.11"
    kubelet, crio, kernel = "v1.31.11", "cri-o://1.31.10-3.rhaos4.18.git5d2b4c1.el9", "5.14.0-427.81.1.el9_4.x86_64"
    cp = w.node("ip-10-0-17-231.ec2.internal", cpu="8", memory="32386628Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                        "node.kubernetes.io/instance-type": "m6i.2xlarge"},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    rhcos(cp, "418.94.202508060022-0", kernel, crio, kubelet)
    cp["metadata"]["labels"].pop("node-role.kubernetes.io/worker", None)
    node = "ip-10-0-52-118.ec2.internal"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None,
                   labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.18"})
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "418.94.202508060022-0", kernel, crio, kubelet)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "16049596Ki"})
    operator_images(w, "v25.3.2")
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:570.158.01-rhel9.4")
    key = (OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", False)
    w.logs[key] = w.logs[key].replace("550.127.05", "570.158.01")
    set_image(stack_pod(w, node, "toolkit"), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubi8")
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    set_image(stack_pod(w, node, "device-plugin"), "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    set_image(stack_pod(w, node, "gfd"), "gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    remove_stack_pod(w, node, "validator")
    inits = ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation")
    msg = t.removeprefix("Error: ")
    p = w.pod(OPERATOR_NS, VALIDATOR_D1001, node=node, gpu=0, containers=("nvidia-operator-validator",),
              init_containers=inits, phase="Pending", ready=False, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-operator-validator", "app.kubernetes.io/part-of": "gpu-operator",
                      "app.kubernetes.io/managed-by": "gpu-operator"},
              owner=("DaemonSet", "nvidia-operator-validator"), cpu="100m", memory="128Mi",
              statuses={"nvidia-operator-validator": {"state": {"waiting": {"reason": "PodInitializing"}},
                                                      "ready": False, "restartCount": 0}},
              init_statuses={
                  "toolkit-validation": {"state": {"waiting": {"reason": "CreateContainerError", "message": msg}},
                                         "ready": False, "restartCount": 4},
                  "cuda-validation": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                      "restartCount": 0},
                  "plugin-validation": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                        "restartCount": 0}})
    p["metadata"]["uid"] = VALIDATOR_UID_D1001
    p["spec"]["priorityClassName"] = "system-node-critical"
    for c in p["spec"]["containers"] + p["spec"]["initContainers"]:
        c["image"] = VALIDATOR_IMAGE_D1001
    for s in p["status"]["containerStatuses"] + p["status"]["initContainerStatuses"]:
        s["image"] = VALIDATOR_IMAGE_D1001
    for c in p["spec"]["initContainers"]:
        if c["name"] == "toolkit-validation":
            c["env"] = [{"name": "WITH_WAIT", "value": "false"}, {"name": "COMPONENT", "value": "toolkit"},
                        {"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}]
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    fp = "spec.initContainers{toolkit-validation}"
    w.event(OPERATOR_NS, "Pod", VALIDATOR_D1001, "Started", "Started container toolkit-validation", type="Normal",
            host=node, count=1, field_path=fp)
    w.event(OPERATOR_NS, "Pod", VALIDATOR_D1001, "Failed", t, host=node, count=4, field_path=fp)
    w.event(OPERATOR_NS, "Pod", VALIDATOR_D1001, "Pulled",
            f'Container image "{VALIDATOR_IMAGE_D1001}" already present on machine', type="Normal", host=node,
            count=7, field_path=fp)
    w.event(OPERATOR_NS, "Pod", VALIDATOR_D1001, "BackOff",
            f"Back-off restarting failed container toolkit-validation in pod "
            f"{VALIDATOR_D1001}_{OCP_NS}({VALIDATOR_UID_D1001})", host=node, count=14, field_path=fp)
    for e in w.events[OPERATOR_NS]:
        if e["involvedObject"]["name"] == VALIDATOR_D1001:
            e["involvedObject"]["uid"] = VALIDATOR_UID_D1001
    no_runtime_class(w, OPERATOR_NS)
    _move_namespace(w, OPERATOR_NS, OCP_NS)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "crio", "use_ocp_driver_toolkit": True},
                 "driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "dcgmExporter": {"enabled": True}, "validator": {"plugin": {"env": []}}},
        "status": {"state": "notReady", "namespace": OCP_NS,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": "ClusterPolicy is not ready, states not ready: [state-operator-validation "
                                              "state-device-plugin state-gpu-feature-discovery]",
                                   "lastTransitionTime": T1}]}}]
    w.target("Pod", OCP_NS, VALIDATOR_D1001)


# ---- GKE: the Engine image cannot find libcuda.so.1 ------------------------------------------

@case("fd1002", pod_subj("deepgram-engine-7c9f6d5b8-h2xqk", "deepgram"),
      "GKE Standard cluster (1.33, Container-Optimized OS with containerd 2.0, GKE-managed GPU driver "
      "gpu-driver-version=default; versions, node and pool names, the L4 GPU and the namespace assumed: the PR names "
      "GKE with COS only) with one default-pool node and the GPU pool node gke-dg-gpu-pool-3b7e9a21-q5vd "
      "(g2-standard-8, one NVIDIA L4, GKE's nvidia.com/gpu=present:NoSchedule taint), Ready and advertising "
      "nvidia.com/gpu 1; GKE's nvidia-gpu-device-plugin-small-cos DaemonSet pod Running on it (its driver-installer "
      "init container Completed; healthy plugin log lines illustrative). The Deepgram self-hosted chart 0.39.0 "
      "Deployment deepgram-engine (namespace deepgram) has one pod on the GPU node requesting one GPU, its engine "
      "container (image quay.io/deepgram/self-hosted-engine:release-260611, env NVIDIA_VISIBLE_DEVICES and "
      "NVIDIA_DRIVER_CAPABILITIES as the chart sets them since #166, no LD_LIBRARY_PATH) in CrashLoopBackOff "
      "(exit 127, 6 restarts), its previous log the PR's loader error, verbatim, and nothing else; a BackOff event. "
      "The API server, gateway and license proxy pods of the chart are Running on the CPU node (assumed).")
def _(w, t):
    w.git_version = "v1.33.5-gke.1080000"
    info = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
            "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.33.5-gke.1080000",
            "kubeProxyVersion": "v1.33.5-gke.1080000"}
    cpu = "gke-dg-default-pool-5a41c2e8-w8nd"
    c = w.node(cpu, cpu="8", memory="32880856Ki", alloc_cpu="7910m", alloc_memory="29094104Ki",
               labels=_gke_labels("default-pool", "e2-standard-8"))
    node_info(c, **info)
    gpu = "gke-dg-gpu-pool-3b7e9a21-q5vd"
    g = w.node(gpu, gpus=1, cpu="8", memory="32880852Ki", alloc_cpu="7910m", alloc_memory="28994776Ki",
               taints=({"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},),
               labels=_gke_labels("gpu-pool", "g2-standard-8", "us-central1-a", {
                   "cloud.google.com/gke-accelerator": "nvidia-l4",
                   "cloud.google.com/gke-accelerator-count": "1",
                   "cloud.google.com/gke-gpu-driver-version": "default",
                   "cloud.google.com/gke-gpu": "true"}))
    node_info(g, **info)
    ds_name = "nvidia-gpu-device-plugin-small-cos"
    dp = w.pod(KS, f"{ds_name}-m4h7z", node=gpu, gpu=0, containers=("nvidia-gpu-device-plugin",),
               image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.25-gke.56", owner=("DaemonSet", ds_name),
               labels={"k8s-app": "nvidia-gpu-device-plugin"}, tolerations=[{"operator": "Exists"}],
               cpu="50m", memory="50Mi", init_containers=("nvidia-driver-installer",))
    dp["spec"]["priorityClassName"] = "system-node-critical"
    installer = "gke.gcr.io/cos-nvidia-installer:fixed"
    dp["spec"]["initContainers"][0]["image"] = installer
    dp["status"]["initContainerStatuses"][0]["image"] = installer
    dp["spec"]["nodeSelector"] = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
    dp["spec"]["volumes"] = [{"name": "nvidia", "hostPath": {"path": "/home/kubernetes/bin/nvidia"}},
                             {"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}},
                             {"name": "dev", "hostPath": {"path": "/dev"}}]
    w.log(KS, dp["metadata"]["name"], "nvidia-gpu-device-plugin",
          "I1129 13:41:07.118204       1 nvidia_gpu.go:80] device-plugin started\n"
          "I1129 13:41:07.118271       1 nvidia_gpu.go:87] Reading GPU config file: /etc/nvidia/gpu_config.json\n"
          "I1129 13:41:07.118349       1 nvidia_gpu.go:96] Using gpu config: {0 {  0} {0 } {0 []} []}\n"
          "I1129 13:41:07.134905       1 manager.go:305] Found 1 GPU devices\n"
          "I1129 13:41:07.151266       1 beta_plugin.go:40] Device Plugin started\n"
          "I1129 13:41:07.151430       1 beta_plugin.go:132] device-plugin: ListAndWatch start\n"
          "I1129 13:41:07.152017       1 manager.go:497] device-plugin registered with the kubelet\n")
    ds = w.workload("DaemonSet", KS, ds_name, template_pod=dp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ds["spec"]["selector"] = {"matchLabels": {"k8s-app": "nvidia-gpu-device-plugin"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"k8s-app": "nvidia-gpu-device-plugin"}

    ns = "deepgram"
    chart = {"app.kubernetes.io/managed-by": "Helm", "helm.sh/chart": "deepgram-self-hosted-0.39.0",
             "app.kubernetes.io/instance": "deepgram"}
    for comp, rs, sfx, img in (("api", "6d8b7f9c44", "x7kqp", "quay.io/deepgram/self-hosted-api:release-260611"),
                               ("license-proxy", "5f4c8d7b69", "n2wzr",
                                "quay.io/deepgram/self-hosted-license-proxy:release-260611")):
        name = f"deepgram-{comp}"
        p = w.pod(ns, f"{name}-{rs}-{sfx}", node=cpu, gpu=0, containers=(comp,), image=img,
                  owner=("ReplicaSet", f"{name}-{rs}"), labels={"app": name, **chart}, cpu="2", memory="4Gi")
        w.workload("Deployment", ns, name, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 3})
    name, ctr = "deepgram-engine-7c9f6d5b8-h2xqk", "engine"
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
           {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,utility"},
           {"name": "IMPELLER_CONFIG", "value": "/etc/config/engine.toml"}]
    p = w.pod(ns, name, node=gpu, gpu=1, containers=(ctr,), image="quay.io/deepgram/self-hosted-engine:release-260611",
              owner=("ReplicaSet", "deepgram-engine-7c9f6d5b8"), labels={"app": "deepgram-engine", **chart},
              cpu="4", memory="24Gi", env=env, ready=False,
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              statuses=crashing(ctr, 127, restarts=6),
              volumes=[{"name": "engine-config", "configMap": {"name": "deepgram-engine-config"}},
                       {"name": "models", "hostPath": {"path": "/mnt/disks/models", "type": "Directory"}}],
              mounts=[{"name": "engine-config", "mountPath": "/etc/config"},
                      {"name": "models", "mountPath": "/models", "readOnly": True}])
    p["spec"]["nodeSelector"] = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
    w.workload("Deployment", ns, "deepgram-engine", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 4})
    w.log(ns, name, ctr, t, previous=True)      # the loader fails before the engine logs anything
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {ctr} in pod {name}_{ns}"
            f"({p['metadata']['uid']})", host=gpu, count=31, field_path=f"spec.containers{{{ctr}}}")
    w.target("Pod", ns, name)


# ---- Alnair: the vgpu-server's /run hostPath hides the persistenced socket -------------------

@case("fd1003", pod_subj("alnair-vgpu-server-6lq9d", "alnair"),
      "kubeadm-style Kubernetes v1.22 cluster on Ubuntu 20.04 with docker 20.10.12 as the container runtime "
      "(dockershim) and nvidia-docker2 2.9.1 (nvidia-container-cli 1.8.1) setting nvidia as docker's default runtime "
      "(the versions are #109's; the Kubernetes version, node names, GPU models and the namespace assumed) with two "
      "GPU workers gpu-node-1 and gpu-node-2 (two Tesla V100 each, assumed), each advertising nvidia.com/gpu 2 "
      "through the NVIDIA device plugin DaemonSet in kube-system (v0.10.0, Running on both; assumed). Alnair v0.3.0's "
      "vgpu-server runs as the DaemonSet alnair-vgpu-server (namespace alnair, 2 desired, 1 ready) whose container "
      "mounts the hostPath /run at /run (for /run/alnair.sock); on gpu-node-2 its pod runs (the thread's other node), "
      "on gpu-node-1 pod alnair-vgpu-server-6lq9d has never started: its container waits in RunContainerError with "
      "the text's words (3 restarts) and the kubelet's Failed event carries the text, verbatim; a BackOff event "
      "follows. No log was written by the container.")
def _(w, t):
    info = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-107-generic",
            "containerRuntimeVersion": "docker://20.10.12", "kubeletVersion": "v1.22.8", "kubeProxyVersion": "v1.22.8"}
    w.git_version = "v1.22.8"
    cp = w.node("k8s-master-1", cpu="8", memory="16393216Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(cp, **info)
    for node in ("gpu-node-1", "gpu-node-2"):
        n = w.gpu_node(node, gpus=2, product="Tesla-V100-PCIE-32GB", memory_mib=32768, operator=False)
        for key in [k for k in n["metadata"]["labels"] if k.startswith("nvidia.com/") and "gpu.present" not in k]:
            n["metadata"]["labels"].pop(key)
        node_info(n, **info)
    plugin = []
    for node, sfx in (("gpu-node-1", "q8tzm"), ("gpu-node-2", "c5jxv")):
        pp = w.pod(KS, f"nvidia-device-plugin-daemonset-{sfx}", node=node, gpu=0,
                   containers=("nvidia-device-plugin-ctr",), image="nvcr.io/nvidia/k8s-device-plugin:v0.10.0",
                   owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
                   labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION, cpu="10m", memory="20Mi")
        pp["spec"]["priorityClassName"] = "system-node-critical"
        w.log(KS, pp["metadata"]["name"], "nvidia-device-plugin-ctr",
              "2022/04/02 09:14:31 Loading NVML\n"
              "2022/04/02 09:14:31 Starting FS watcher.\n"
              "2022/04/02 09:14:31 Starting OS watcher.\n"
              "2022/04/02 09:14:31 Retreiving plugins.\n"
              "2022/04/02 09:14:31 Starting GRPC server for 'nvidia.com/gpu'\n"
              "2022/04/02 09:14:31 Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
              "2022/04/02 09:14:31 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
        plugin.append(pp)
    ds = w.workload("DaemonSet", KS, "nvidia-device-plugin-daemonset", template_pod=plugin[0], status=ds_status(2, 2, 2))
    ds["spec"].pop("replicas", None)
    ds["spec"]["selector"] = {"matchLabels": {"name": "nvidia-device-plugin-ds"}}

    ns, app, ctr = "alnair", "alnair-vgpu-server", "alnair-vgpu-server"
    vols = [{"name": "run", "hostPath": {"path": "/run"}},
            {"name": "alnair-intercept", "hostPath": {"path": "/opt/alnair", "type": "DirectoryOrCreate"}}]
    mounts = [{"name": "run", "mountPath": "/run"}, {"name": "alnair-intercept", "mountPath": "/opt/alnair"}]
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}, {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}]
    msg = t.removeprefix("Error: ")
    pods = {}
    for node, sfx in (("gpu-node-1", "6lq9d"), ("gpu-node-2", "t4rwb")):
        failing = node == "gpu-node-1"
        pods[node] = w.pod(ns, f"{app}-{sfx}", node=node, gpu=0, containers=(ctr,),
                           image="centaurusinfra/alnair-vgpu-server:0.3.0", owner=("DaemonSet", app),
                           labels={"app": app}, tolerations=GPU_TOLERATION, cpu="500m", memory="512Mi",
                           env=env, volumes=vols, mounts=mounts, ready=not failing,
                           statuses={ctr: {"state": {"waiting": {"reason": "RunContainerError", "message": msg}},
                                           "lastState": {"terminated": {"exitCode": 128, "reason": "ContainerCannotRun",
                                                                        "startedAt": T0, "finishedAt": T0}},
                                           "ready": False, "restartCount": 3}} if failing else None)
        pods[node]["spec"]["hostIPC"] = True
        pods[node]["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    good = pods["gpu-node-2"]["metadata"]["name"]
    w.log(ns, good, ctr, "[alnair] vgpu-server v0.3.0 starting\n"
                         "[alnair] listening on /run/alnair.sock\n"
                         "[alnair] registered 2 GPUs\n")
    wl = w.workload("DaemonSet", ns, app, template_pod=pods["gpu-node-1"], status=ds_status(2, 2, 1))
    wl["spec"].pop("replicas", None)
    bad = pods["gpu-node-1"]
    name = bad["metadata"]["name"]
    for c in bad["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    fp = f"spec.containers{{{ctr}}}"
    w.event(ns, "Pod", name, "Pulled", 'Container image "centaurusinfra/alnair-vgpu-server:0.3.0" already present on '
            "machine", type="Normal", host="gpu-node-1", count=4, field_path=fp)
    w.event(ns, "Pod", name, "Created", f"Created container {ctr}", type="Normal", host="gpu-node-1", count=4,
            field_path=fp)
    w.event(ns, "Pod", name, "Failed", t, host="gpu-node-1", count=4, field_path=fp)
    w.event(ns, "Pod", name, "BackOff", "Back-off restarting failed container", host="gpu-node-1", count=9,
            field_path=fp)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
