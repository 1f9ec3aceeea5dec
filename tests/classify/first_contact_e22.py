"""Builds first-contact batch E22 (fixtures/first-contact/batch-e22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the OpenShift GPU stack found with the fixed query list of the batch README
(round 22, search protocol): an OKD release whose payload Driver Toolkit image carries an older kernel than the
nodes boot (okd-project/okd#2350), a published driver image whose DTK-mode build still runs a real dnf install
of the kernel packages (NVIDIA/gpu-driver-container#985), and the GPU Operator chart's NFD worker DaemonSet
rejected by OpenShift's restricted SCC (NVIDIA/gpu-operator#48). Each text is placed verbatim where the thread
says it appeared (a container log, a DaemonSet's FailedCreate event). The expected answer was reasoned from the
thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from
the tool's output.

Names and versions the threads do not state (node and pod names, GPU models, RHCOS/SCOS builds, image tags, the
GPU Operator version) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e22      # (re)writes fixtures/first-contact/batch-e22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-e22", "E22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): none in this batch, every text is a message placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

OCP_NS = "nvidia-gpu-operator"
_GPUOP = "v26.3.3"
_DTK_SHARED = "/mnt/shared-nvidia-driver-toolkit"


# ---- world helpers (batch E22) ------------------------------------------------------------------

def okd_gpu_node(w, name: str, *, os_version: str, kernel: str, crio: str, kubelet: str) -> dict:
    """An OKD (SCOS) GPU worker labelled by the NFD Operator, its operator stack not past the driver: no GFD
    labels, no nvidia.com/gpu."""
    n = w.node(name, cpu="8", memory="32864948Ki",
               labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "scos",
                       "node.kubernetes.io/instance-type": "g2-standard-8",
                       "topology.kubernetes.io/zone": "us-central1-a",
                       "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": kernel.removesuffix(".x86_64"),
                       "feature.node.kubernetes.io/system-os_release.ID": "scos",
                       "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": os_version,
                       "feature.node.kubernetes.io/system-os_release.VERSION_ID": "10",
                       "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
                       "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true"})
    node_info(n, osImage=f"CentOS Stream CoreOS {os_version}", kernelVersion=kernel,
              containerRuntimeVersion=crio, kubeletVersion=kubelet, kubeProxyVersion=kubelet)
    return n


def nfd_worker(w, node: str, sfx: str) -> None:
    img = "quay.io/openshift/origin-node-feature-discovery:4.22"
    daemonset(w, "openshift-nfd", "nfd-worker", desired=1, containers=[("nfd-worker", img)],
              labels={"app": "nfd-worker"})
    ds_pod(w, "openshift-nfd", "nfd-worker", f"nfd-worker-{sfx}", node, containers=("nfd-worker",), image=img,
           cpu="5m", memory="64Mi")


def dtk_driver_pod(w, node: str, os_version: str, sfx: str, *, drv_image: str, dtk_image: str) -> dict:
    """The GPU Operator's driver DaemonSet in DTK mode (one per OS build) and its pod on `node`: k8s-driver-manager
    done, nvidia-driver-ctr and openshift-driver-toolkit-ctr started; the caller sets their states and logs."""
    ds = f"nvidia-driver-daemonset-{os_version}"
    daemonset(w, OCP_NS, ds, desired=1, ready=0,
              containers=[("nvidia-driver-ctr", drv_image), ("openshift-driver-toolkit-ctr", dtk_image)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1")],
              node_selector={"feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": os_version,
                             "nvidia.com/gpu.deploy.driver": "true"},
              tolerations=GPU_TOLERATION, labels={"app": "nvidia-driver-daemonset",
                                                   "openshift.driver-toolkit": "true"})
    p = ds_pod(w, OCP_NS, ds, f"{ds}-{sfx}", node, containers=("nvidia-driver-ctr", "openshift-driver-toolkit-ctr"),
               ready=False, init_containers=("k8s-driver-manager",), tolerations=GPU_TOLERATION, cpu="100m",
               memory="512Mi")
    p["spec"]["containers"][0]["image"] = drv_image
    p["spec"]["containers"][1]["image"] = dtk_image
    p["spec"]["initContainers"][0]["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1"
    for s in p["status"]["containerStatuses"]:
        s["image"] = drv_image if s["name"] == "nvidia-driver-ctr" else dtk_image
    return p


def operands_waiting(w, node: str) -> None:
    """The operand stack after the driver: each pod waits in its validation init container."""
    for app, container, init, sfx in (
            ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr", "driver-validation", "x7k2m"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "toolkit-validation", "p9d4s"),
            ("gpu-feature-discovery", "gpu-feature-discovery", "toolkit-validation", "c4n8v"),
            ("nvidia-operator-validator", "nvidia-operator-validator", "driver-validation", "r2w6q")):
        image = f"nvcr.io/nvidia/{container}:{_GPUOP}"
        daemonset(w, OCP_NS, app, desired=1, ready=0, containers=[(container, image)], tolerations=GPU_TOLERATION,
                  labels={"app": app}, runtime_class="nvidia")
        q = ds_pod(w, OCP_NS, app, f"{app}-{sfx}", node, containers=(container,), image=image,
                   init_containers=(init,), tolerations=GPU_TOLERATION, runtime_class="nvidia", phase="Pending",
                   cpu="10m", memory="64Mi",
                   statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                         "restartCount": 0}},
                   init_statuses={init: {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}})
        for c in q["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"


def gpu_operator(w, node: str) -> None:
    img = f"nvcr.io/nvidia/gpu-operator:{_GPUOP}"
    p = deploy_pod(w, OCP_NS, "gpu-operator-6c9f7d8b54", "gpu-operator-6c9f7d8b54-k2v7q", node,
                   containers=("gpu-operator",), image=img, labels={"app": "gpu-operator"}, cpu="200m",
                   memory="256Mi")
    w.workload("Deployment", OCP_NS, "gpu-operator", template_pod=p)


_DRIVER_CTR_LOG = f"""Running nv-ctr-run-with-dtk
+ [[ '' == \\t\\r\\u\\e ]]
+ [[ ! -f {_DTK_SHARED}/dir_prepared ]]
+ cp -r /tmp/install.sh /usr/local/bin/ocp_dtk_entrypoint /usr/local/bin/nvidia-driver /usr/local/bin/extract-vmlinux /usr/bin/kubectl /drivers /licenses {_DTK_SHARED}/
+ env
+ sed 's/=/="/'
+ sed 's/$/"/'
+ touch {_DTK_SHARED}/dir_prepared
+ set +x
Waiting for openshift-driver-toolkit-ctr container to start ...
"""

_DTK_PREFIX = f"""+ '[' -f {_DTK_SHARED}/dir_prepared ']'
+ exec {_DTK_SHARED}/ocp_dtk_entrypoint dtk-build-driver
Running dtk-build-driver
"""


# ---- fe2201: OKD 4.22.0-okd-scos.1, payload DTK built against an older kernel than the node boots ----------

_E01_NODE = "okd422-7h2kq-worker-gpu-a-4m9tz"
_E01_OS = "422.10.202607291408-0"


@case("fe2201", node_subj(_E01_NODE),
      "OKD 4.22.0-okd-scos.1 (IPI on GCP; the .1 release and kernel 6.12.0-224.el10 as the thread states; the SCOS "
      "build string, CRI-O 1.34 / kubelet v1.34 strings, node names, the g2-standard-8 instance with one NVIDIA L4 "
      "and the GPU Operator v26.3.3 with driver image 580.126.20-rhel10.0 are assumed). The NFD Operator labels the "
      "GPU worker; the GPU Operator (namespace nvidia-gpu-operator, Driver Toolkit mode) runs the driver DaemonSet of "
      "the node's OS build. Its pod is Running but not ready: openshift-driver-toolkit-ctr's log ends with the quoted "
      "check (the lines before it and the final 'sleeping forever' line are illustrative) and the container stays up; "
      "nvidia-driver-ctr, whose entitled fallback fails on OKD (the thread quotes no output of it), crash-loops with "
      "a previous log that ends at its wait for the DTK container (illustrative). The rest of the operand stack "
      "waits in its init containers; the node advertises no nvidia.com/gpu and has no GFD labels.")
def _(w, t):
    w.git_version = "v1.34.4"
    okd_gpu_node(w, _E01_NODE, os_version=_E01_OS, kernel="6.12.0-224.el10.x86_64",
                 crio="cri-o://1.34.3-2.rhaos4.22.git5d1e9b0.el10", kubelet="v1.34.4")
    cpu = "okd422-7h2kq-worker-a-9bq2c"
    w.node(cpu, cpu="8", memory="32864948Ki", labels={"node-role.kubernetes.io/worker": "",
                                                     "node.kubernetes.io/instance-type": "n2-standard-8"})
    nfd_worker(w, _E01_NODE, "5jw8d")
    gpu_operator(w, cpu)
    dtk = f"quay.io/okd/scos-content@sha256:{'3b9e' * 16}"
    p = dtk_driver_pod(w, _E01_NODE, _E01_OS, "hz6tk", drv_image="nvcr.io/nvidia/driver:580.126.20-rhel10.0",
                       dtk_image=dtk)
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "openshift-driver-toolkit-ctr":
            s.update({"ready": True, "started": True})
    crashloop(p, "nvidia-driver-ctr", restarts=9)
    name = p["metadata"]["name"]
    w.log(OCP_NS, name, "openshift-driver-toolkit-ctr",
          _DTK_PREFIX + t + "\nINFO: nothing else to do in openshift-driver-toolkit-ctr container, sleeping forever.\n")
    w.log(OCP_NS, name, "nvidia-driver-ctr", _DRIVER_CTR_LOG, previous=True)
    w.log(OCP_NS, name, "nvidia-driver-ctr", _DRIVER_CTR_LOG)
    backoff(w, OCP_NS, name, "nvidia-driver-ctr", _E01_NODE, count=41)
    operands_waiting(w, _E01_NODE)
    w.target("Node", None, _E01_NODE)


# ---- fe2202: published driver image 580.126.20-rhel10.0 runs a real dnf install in DTK mode ------------------

_E02_NODE = "okd422-7h2kq-worker-gpu-a-8r3vn"
_E02_OS = "422.10.202608190931-0"
_E02_DRV = "nvcr.io/nvidia/driver@sha256:869385f84684eb2b6f24c3fb48fbd468107c34bf589e2809ec9e9e3af7a68b64"


@case("fe2202", node_subj(_E02_NODE),
      "OKD 4.22.0-okd-scos.6 (CentOS Stream CoreOS 10, kernel 6.12.0-233.el10 as quoted; the .6 release, CRI-O 1.34 "
      "and GPU Operator v26.3.3 are taken from the same reporter's gpu-operator#2811 on this cluster and are "
      "assumed, as are the SCOS build string, node names and the g2-standard-8 instance with one NVIDIA L4). The GPU "
      "Operator (namespace nvidia-gpu-operator) builds the driver in Driver Toolkit mode with the published image "
      "580.126.20-rhel10.0 pinned by its digest (as the thread states), no RHEL entitlement and no repoConfig. The "
      "driver pod's openshift-driver-toolkit-ctr crash-loops (exit 1): its previous log ends with the quoted dnf "
      "line and error (the lines before them are illustrative); nvidia-driver-ctr waits for it (illustrative log). "
      "The rest of the operand stack waits in its init containers; the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.34.4"
    okd_gpu_node(w, _E02_NODE, os_version=_E02_OS, kernel="6.12.0-233.el10.x86_64",
                 crio="cri-o://1.34.3-2.rhaos4.22.git5d1e9b0.el10", kubelet="v1.34.4")
    cpu = "okd422-7h2kq-worker-a-2xv7m"
    w.node(cpu, cpu="8", memory="32864948Ki", labels={"node-role.kubernetes.io/worker": "",
                                                     "node.kubernetes.io/instance-type": "n2-standard-8"})
    nfd_worker(w, _E02_NODE, "q4m7x")
    gpu_operator(w, cpu)
    dtk = f"quay.io/okd/scos-content@sha256:{'9d41' * 16}"
    p = dtk_driver_pod(w, _E02_NODE, _E02_OS, "w8c5j", drv_image=_E02_DRV, dtk_image=dtk)
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s.update({"ready": False, "started": True})
    crashloop(p, "openshift-driver-toolkit-ctr", restarts=7)
    name = p["metadata"]["name"]
    dtk_log = _DTK_PREFIX + t + "\n"
    w.log(OCP_NS, name, "openshift-driver-toolkit-ctr", dtk_log, previous=True)
    w.log(OCP_NS, name, "openshift-driver-toolkit-ctr", dtk_log)
    w.log(OCP_NS, name, "nvidia-driver-ctr", _DRIVER_CTR_LOG)
    backoff(w, OCP_NS, name, "openshift-driver-toolkit-ctr", _E02_NODE, count=33)
    operands_waiting(w, _E02_NODE)
    w.target("Node", None, _E02_NODE)


# ---- fe2203: OpenShift 4.4, the chart's NFD worker DaemonSet rejected by the restricted SCC --------------------

_E03_NODE = "ip-10-0-151-87.ec2.internal"
_E03_NS = "gpu-operator"
_E03_REL = "gpu-operator-1585286165"


@case("fe2203", node_subj(_E03_NODE),
      "OpenShift 4.4 pre-release on RHCOS (Kubernetes v1.17.1; the RHCOS build, kernel and CRI-O strings, the AWS "
      "platform, node names and the g4dn.xlarge GPU worker with one Tesla T4 are assumed) with the GPU Operator "
      "Helm chart (release gpu-operator-1585286165 as the names in the error say; version 1.0.0 and namespace "
      "gpu-operator assumed) installed with its own Node Feature Discovery. The NFD master Deployment is Running; "
      "the NFD worker DaemonSet has 0 of 3 pods, and the daemonset-controller's FailedCreate event (x15, count "
      "assumed) carries the quoted message verbatim. No node has NFD labels (no "
      "feature.node.kubernetes.io/pci-10de.present); the operator pod runs but no operand (driver, toolkit, device "
      "plugin) is deployed on the GPU node (modelled: the thread says only that the deployment fails); the GPU node "
      "advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.17.1"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 44.81.202003230949-0 (Ootpa)",
          "kernelVersion": "4.18.0-147.5.1.el8_1.x86_64",
          "containerRuntimeVersion": "cri-o://1.17.0-9.dev.rhaos4.4.gitdfc8414.el8",
          "kubeletVersion": "v1.17.1", "kubeProxyVersion": "v1.17.1"}
    master = "ip-10-0-136-12.ec2.internal"
    node_info(w.node(master, cpu="4", memory="16116152Ki",
                     labels={"node-role.kubernetes.io/master": "", "node.kubernetes.io/instance-type": "m5.xlarge"},
                     taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    cpu = "ip-10-0-142-203.ec2.internal"
    node_info(w.node(cpu, cpu="4", memory="16116152Ki",
                     labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "m5.xlarge"}),
              **kv)
    node_info(w.node(_E03_NODE, cpu="4", memory="16004184Ki",
                     labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "g4dn.xlarge"}),
              **kv)
    op = deploy_pod(w, _E03_NS, "gpu-operator-7d8c9b6f5", "gpu-operator-7d8c9b6f5-zq4lx", cpu,
                    containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:1.0.0",
                    labels={"name": "gpu-operator"}, cpu="200m", memory="100Mi")
    w.workload("Deployment", _E03_NS, "gpu-operator", template_pod=op)
    nfd_img = "quay.io/kubernetes_incubator/node-feature-discovery:v0.5.0"
    mst = deploy_pod(w, _E03_NS, f"{_E03_REL}-node-feature-discovery-master-6f7b9c8d4",
                     f"{_E03_REL}-node-feature-discovery-master-6f7b9c8d4-h5t2r", master, containers=("master",),
                     image=nfd_img, labels={"app.kubernetes.io/name": "node-feature-discovery",
                                            "app.kubernetes.io/instance": _E03_REL},
                     tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Equal", "value": "",
                                   "effect": "NoSchedule"}], cpu="100m", memory="64Mi")
    w.workload("Deployment", _E03_NS, f"{_E03_REL}-node-feature-discovery-master", template_pod=mst)
    ds = f"{_E03_REL}-node-feature-discovery-worker"
    obj = daemonset(w, _E03_NS, ds, desired=3, current=0, ready=0, containers=[("worker", nfd_img)],
                    labels={"app.kubernetes.io/name": "node-feature-discovery",
                            "app.kubernetes.io/instance": _E03_REL, "role": "worker"})
    tmpl = obj["spec"]["template"]["spec"]
    tmpl["hostNetwork"] = True
    tmpl["serviceAccountName"] = f"{_E03_REL}-node-feature-discovery"
    tmpl["volumes"] = [{"name": "host-boot", "hostPath": {"path": "/boot"}},
                       {"name": "host-os-release", "hostPath": {"path": "/etc/os-release"}},
                       {"name": "host-sys", "hostPath": {"path": "/sys"}}]
    w.event(_E03_NS, "DaemonSet", ds, "FailedCreate", t, component="daemonset-controller", count=15)
    w.target("Node", None, _E03_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
