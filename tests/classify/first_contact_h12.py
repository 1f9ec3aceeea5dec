"""Builds first-contact batch H12 (fixtures/first-contact/batch-h12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of
120 queries in the batch README (this round's pool: all four corpora of the `search` tool at once: `issues`,
`pages`, `docs`, `code`, 30 queries each). Both cases quote a log verbatim: the text is placed in the pod log the
thread quotes it from (TEXT_NOT_IN_BUNDLE is empty). The expected answer was reasoned from the source (`expected`
in the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, kubelet and runtime builds,
image tags, instance types, the other nodes and workloads) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h12      # (re)writes fixtures/first-contact/batch-h12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-h12", "H12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a maintainer's or an operator's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


def _no_requests(pod: dict) -> dict:
    """A system DaemonSet pod as its manifest ships it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


def _aws_labels(itype: str, zone: str, region: str, extra: dict | None = None) -> dict:
    labels = {"node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
              "topology.kubernetes.io/region": region, "topology.kubernetes.io/zone": zone,
              "failure-domain.beta.kubernetes.io/region": region, "failure-domain.beta.kubernetes.io/zone": zone}
    labels.update(extra or {})
    return labels


# ---- node layer (driver-named operator log, missing NFD labels) ---------------------------------

_OCP46 = {"osImage": "Red Hat Enterprise Linux CoreOS 46.82.202101301821-0 (Ootpa)",
          "kernelVersion": "4.18.0-193.41.1.el8_2.x86_64",
          "containerRuntimeVersion": "cri-o://1.19.1-7.rhaos4.6.git6377f68.el8",
          "kubeletVersion": "v1.19.0+e49167a", "kubeProxyVersion": "v1.19.0+e49167a"}
_OCP_OS = {"node.openshift.io/os_id": "rhcos"}
_GPU_OPERATOR_NS = "openshift-operators"      # OLM installs the certified operator here (all namespaces)
_OPERANDS_NS = "gpu-operator-resources"        # GPU Operator 1.x: the operands' namespace (none are created)


@case("fh1201", node_subj("ip-10-0-160-35.ec2.internal"),
      "OpenShift 4.6 on AWS (IPI) in February 2021 (the thread names the NFD Operator, the GPU Operator's "
      "controller_clusterpolicy log and the gpu-operator-resources namespace; OpenShift release, platform, "
      "instance types, node names and the operator release 1.5.2 assumed): three control-plane nodes "
      "(m5.xlarge, tainted NoSchedule), two CPU workers (m5.xlarge) and one GPU worker (g4dn.xlarge), all Ready "
      "on RHCOS 4.6 with CRI-O. The NFD Operator is not installed, so no node carries any "
      "feature.node.kubernetes.io label (no pci-10de.present, no kernel-version.full) and the GPU worker has no "
      "nvidia.com label and advertises no nvidia.com/gpu. The GPU Operator (gpu-operator-certified from "
      "OperatorHub, Deployment gpu-operator in openshift-operators, Running on a CPU worker) has a ClusterPolicy "
      "whose state is not ready; it has created no operand DaemonSet (no driver, toolkit, device plugin, GFD, "
      "DCGM exporter or validator) and the namespace gpu-operator-resources holds no pod. The operator pod's "
      "current log holds the case's text (the three lines the reporter quoted; the operator's other reconcile "
      "lines are not written).")
def _(w, t):
    w.git_version = "v1.19.0+e49167a"
    region = "us-east-1"
    for i, (name, zone) in enumerate([("ip-10-0-138-12.ec2.internal", "us-east-1a"),
                                      ("ip-10-0-150-87.ec2.internal", "us-east-1b"),
                                      ("ip-10-0-171-203.ec2.internal", "us-east-1c")]):
        n = w.node(name, cpu="4", memory="16116152Ki", alloc_cpu="3500m", alloc_memory="14965176Ki", pods_cap="250",
                   labels=_aws_labels("m5.xlarge", zone, region, {"node-role.kubernetes.io/master": "", **_OCP_OS}),
                   taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
        node_info(n, **_OCP46)
    workers = [("ip-10-0-131-66.ec2.internal", "us-east-1a"), ("ip-10-0-146-190.ec2.internal", "us-east-1b")]
    for name, zone in workers:
        n = w.node(name, cpu="4", memory="16116152Ki", alloc_cpu="3500m", alloc_memory="14965176Ki", pods_cap="250",
                   labels=_aws_labels("m5.xlarge", zone, region, {"node-role.kubernetes.io/worker": "", **_OCP_OS}))
        node_info(n, **_OCP46)
    gpu = "ip-10-0-160-35.ec2.internal"
    g = w.node(gpu, cpu="4", memory="16066960Ki", alloc_cpu="3500m", alloc_memory="14916016Ki", pods_cap="250",
               labels=_aws_labels("g4dn.xlarge", "us-east-1c", region, {"node-role.kubernetes.io/worker": "", **_OCP_OS}))
    node_info(g, **_OCP46)
    op_img = "nvcr.io/nvidia/gpu-operator:1.5.2"
    op_rs = "gpu-operator-7c9b5d8f4d"
    op_name = f"{op_rs}-x2m7q"
    op = deploy_pod(w, _GPU_OPERATOR_NS, op_rs, op_name, workers[0][0], containers=("gpu-operator",), image=op_img,
                    labels={"name": "gpu-operator"}, cpu="200m", memory="100Mi")
    w.workload("Deployment", _GPU_OPERATOR_NS, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.log(_GPU_OPERATOR_NS, op_name, "gpu-operator", t)
    w.pods.setdefault(_OPERANDS_NS, [])       # the operands' namespace exists and holds no pod
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": "2026-11-29T14:20:00Z"},
        "spec": {"operator": {"defaultRuntime": "crio"}, "driver": {"repository": "nvcr.io/nvidia",
                                                                   "image": "driver", "version": "450.80.02"},
                 "toolkit": {"repository": "nvcr.io/nvidia/k8s", "image": "container-toolkit",
                             "version": "1.4.4-ubi8"},
                 "devicePlugin": {"repository": "nvcr.io/nvidia", "image": "k8s-device-plugin",
                                  "version": "v0.7.3-ubi8"},
                 "dcgmExporter": {"repository": "nvcr.io/nvidia/k8s", "image": "dcgm-exporter",
                                  "version": "2.1.2-2.1.0-ubi8"},
                 "gfd": {"repository": "nvcr.io/nvidia", "image": "gpu-feature-discovery",
                         "version": "v0.3.0", "migStrategy": "single"}},
        "status": {"state": "notReady"}}]
    w.target("Node", None, gpu)


# ---- application layer (DCGM exporter crash on a GPU model without a profiling field) -------------

_FLATCAR = {"osImage": "Flatcar Container Linux by Kinvolk 3139.2.0 (Oklo)", "kernelVersion": "5.15.32-flatcar",
            "containerRuntimeVersion": "docker://20.10.12", "kubeletVersion": "v1.22.9",
            "kubeProxyVersion": "v1.22.9"}
_MON = "monitoring"
_DCGM_IMAGE = "nvcr.io/nvidia/k8s/dcgm-exporter:2.3.2-2.6.3-ubuntu20.04"

_DCGM_OK_LOG = """time="2022-05-20T06:12:41Z" level=info msg="Starting dcgm-exporter"
time="2022-05-20T06:12:41Z" level=info msg="DCGM successfully initialized!"
time="2022-05-20T06:12:42Z" level=info msg="Collecting DCP Metrics"
time="2022-05-20T06:12:43Z" level=info msg="Kubernetes metrics collection enabled!"
time="2022-05-20T06:12:43Z" level=info msg="Pipeline starting"
time="2022-05-20T06:12:43Z" level=info msg="Starting webserver"
"""


def _dcgm_pod(w, node: str, name: str) -> dict:
    p = w.pod(_MON, name, node=node, gpu=0, containers=("dcgm-exporter",), image=_DCGM_IMAGE,
              owner=("DaemonSet", "dcgm-exporter"), labels={"app.kubernetes.io/name": "dcgm-exporter"},
              env=[{"name": "DCGM_EXPORTER_KUBERNETES", "value": "true"},
                   {"name": "DCGM_EXPORTER_LISTEN", "value": ":9400"}],
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    return _no_requests(p)


@case("fh1202", pod_subj("dcgm-exporter-w9fhs", _MON),
      "Self-managed Kubernetes v1.22 on AWS EC2 in May 2022 (the thread names the G5 (A10) instances, Flatcar "
      "3139.2.0, kernel 5.15.32-flatcar, driver 460.106.00, DCGM exporter 2.3.2-2.6.3-ubuntu20.04, the namespace "
      "monitoring and the pod dcgm-exporter-w9fhs; the Kubernetes release, the runtime, node names, the older "
      "GPU tier (p3.2xlarge, V100) and the device plugin v0.11.0 assumed): a CPU node, a p3.2xlarge node (1 V100) and a "
      "new g5.2xlarge node (1 NVIDIA A10G, host driver 460.106.00), Ready on Flatcar, each GPU node advertising "
      "its GPU through the NVIDIA device plugin DaemonSet in kube-system (Running). An application pod requesting "
      "one GPU runs on the G5 node. The dcgm-exporter DaemonSet (monitoring) is 2 desired / 1 ready: its pod on "
      "the V100 node runs (a normal start-up log, illustrative), its pod dcgm-exporter-w9fhs on the G5 node is "
      "in CrashLoopBackOff (restart count 14, last exit code 1, the kubelet's BackOff event) and its current and "
      "previous log hold the case's text, the four lines the reporter quoted.")
def _(w, t):
    w.git_version = "v1.22.9"
    region, zone = "eu-west-1", "eu-west-1a"
    cpu = "ip-10-32-4-17.eu-west-1.compute.internal"
    n = w.node(cpu, cpu="8", memory="32475860Ki", alloc_cpu="7910m", alloc_memory="31775444Ki",
               labels=_aws_labels("m5.2xlarge", zone, region, {"node-role.kubernetes.io/worker": ""}))
    node_info(n, **_FLATCAR)
    v100 = "ip-10-32-6-88.eu-west-1.compute.internal"
    host_node(w, v100, gpus=1, labels=_aws_labels("p3.2xlarge", zone, region,
                                                   {"node-role.kubernetes.io/gpu": "", "gpu-tier": "v100"}), info=_FLATCAR)
    g5 = "ip-10-32-7-142.eu-west-1.compute.internal"
    host_node(w, g5, gpus=1, labels=_aws_labels("g5.2xlarge", zone, region,
                                                 {"node-role.kubernetes.io/gpu": "", "gpu-tier": "a10"}), info=_FLATCAR)
    for node in (v100, g5):
        w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    plugin_img = "nvcr.io/nvidia/k8s-device-plugin:v0.11.0"
    plugins = [plugin_pod(w, v100, "nvidia-device-plugin-daemonset-6mqzt", image=plugin_img),
               plugin_pod(w, g5, "nvidia-device-plugin-daemonset-kd8vn", image=plugin_img)]
    plugin_ds(w, KS, plugins)
    app_rs = "inference-api-5f7d9c6b8"
    app = w.pod("default", f"{app_rs}-q4wzj", node=g5, gpu=1, containers=("inference-api",),
                image="registry.example.com/ml/inference-api:2022.05.2", owner=("ReplicaSet", app_rs),
                labels={"app": "inference-api"}, cpu="4", memory="16Gi",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                node_selector={"gpu-tier": "a10"})
    w.workload("Deployment", "default", "inference-api", template_pod=app,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ok = _dcgm_pod(w, v100, "dcgm-exporter-7n2lx")
    w.log(_MON, "dcgm-exporter-7n2lx", "dcgm-exporter", _DCGM_OK_LOG)
    bad = _dcgm_pod(w, g5, "dcgm-exporter-w9fhs")
    crashloop(bad, "dcgm-exporter", restarts=14, code=1)
    w.log(_MON, "dcgm-exporter-w9fhs", "dcgm-exporter", t)
    w.log(_MON, "dcgm-exporter-w9fhs", "dcgm-exporter", t, previous=True)
    backoff(w, _MON, "dcgm-exporter-w9fhs", "dcgm-exporter", g5, count=63)
    ds = w.workload("DaemonSet", _MON, "dcgm-exporter", template_pod=ok, status=ds_status(2, 2, 1))
    ds["spec"].pop("replicas", None)
    ds["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/name": "dcgm-exporter"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"app.kubernetes.io/name": "dcgm-exporter"}
    w.target("Pod", _MON, "dcgm-exporter-w9fhs")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
