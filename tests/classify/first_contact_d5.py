"""First-contact batch D5 (fixtures/first-contact/batch-d5/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and a look-alike) in the container runtime / toolkit layer, sampled this time
from the search tool's `pages` corpus (web pages, not GitHub threads) with the fixed query list in the batch
README: CRI-O with the nvidia runtime set as its default runtime (pods stuck Terminating; a prose case whose text
is not placed in the bundle) and, as a healthy look-alike, the GPU Operator driver container's SELinux
device-relabelling lines on OpenShift (placed verbatim in the driver container's log). Each builder builds the
cluster state the page describes. The expected answer was reasoned from the page (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d5      # (re)writes fixtures/first-contact/batch-d5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, driver_log, host_node, plugin_ds, plugin_pod, running_pod, stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d5", "D5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd501"}


# ---- CRI-O: the nvidia runtime as the engine's default ---------------------------------------

@case("fd501", pod_subj("backend-ccfff5ccc-ktngm", "default"),
      "Kubernetes cluster with CRI-O on one GPU node (gpu-node-01; Ubuntu 24.04.1 LTS, CRI-O 1.24.6, NVIDIA Container "
      "Toolkit 1.17.1, driver 550.120 and one GeForce RTX 4090, as the reporter's threads say; kernel, kubelet and "
      "pod-image strings assumed for December 2024). CRI-O's 99-nvidia.conf (written by `nvidia-ctk runtime "
      "configure --runtime=crio --set-as-default`) makes nvidia CRI-O's default runtime: a node file the collector "
      "does not gather, so it is not in the bundle. The NVIDIA device plugin DaemonSet in kube-system is Running and "
      "advertises nvidia.com/gpu 1 (assumed healthy: the page reports no plugin failure). Deployment `backend` in "
      "default (image assumed; no GPU request: the threads do not say the backend uses the GPU, and CRI-O's "
      "default runtime applies to every pod on the node): the old pod backend-ccfff5ccc-ktngm was deleted during a "
      "restart and still runs, deletionTimestamp set with a 30 s grace period long past (kubectl shows it "
      "Terminating), next to its Running, Ready replacement backend-6b7945bc64-jqwl7. The CRI-O log lines and the exec "
      "permission errors the page mentions are not quoted and are not modelled. The text is prose and not placed in "
      "the bundle.")
def _(w, t):
    node = "gpu-node-01"
    host_node(w, node, gpus=1, labels={"node-role.kubernetes.io/worker": ""},
              info={"osImage": "Ubuntu 24.04.1 LTS", "kernelVersion": "6.8.0-51-generic",
                    "containerRuntimeVersion": "cri-o://1.24.6", "kubeletVersion": "v1.24.17",
                    "kubeProxyVersion": "v1.24.17"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-x8r2k")
    plugin_ds(w, KS, [p])
    ns = "default"
    old = running_pod(w, "backend-ccfff5ccc-ktngm", None, ns=ns, node=node, container="backend", gpu=0,
                      image="registry.example.com/backend:1.4.2", owner=("ReplicaSet", "backend-ccfff5ccc"),
                      labels={"app": "backend", "pod-template-hash": "ccfff5ccc"}, cpu="2", memory="8Gi")
    old["metadata"]["deletionTimestamp"] = T1
    old["metadata"]["deletionGracePeriodSeconds"] = 30
    running_pod(w, "backend-6b7945bc64-jqwl7", None, ns=ns, node=node, container="backend", gpu=0,
                image="registry.example.com/backend:1.4.2", owner=("ReplicaSet", "backend-6b7945bc64"),
                labels={"app": "backend", "pod-template-hash": "6b7945bc64"}, cpu="2", memory="8Gi")
    w.workload("Deployment", ns, "backend", template_pod=old, revision="2",
               status={"replicas": 2, "readyReplicas": 2, "updatedReplicas": 1, "availableReplicas": 2,
                       "observedGeneration": 2})
    w.target("Pod", ns, "backend-ccfff5ccc-ktngm")


# ---- look-alike: the driver container's SELinux relabelling on OpenShift ---------------------

@case("fd502", pod_subj("nvidia-driver-daemonset-417.94.202410090854-0-7hqzm", OPERATOR_NS),
      "OpenShift 4.17 cluster (release, RHCOS build, kernel, CRI-O and driver versions, node name and GPU model "
      "assumed: one worker ocp-gpu-worker-0 with one NVIDIA L40S, SELinux enforcing) with the NVIDIA GPU Operator in "
      "gpu-operator: the driver DaemonSet pod runs under the privileged SCC (annotation openshift.io/scc=privileged) "
      "and is Running and Ready; its nvidia-driver-ctr log is a plausible, healthy driver start-up (assumed) that "
      "ends with the text verbatim; the toolkit, device plugin, GFD and validator pods are Running, the node "
      "advertises nvidia.com/gpu 1.")
def _(w, t):
    node = "ocp-gpu-worker-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    rhcos(n, "417.94.202410090854-0", "5.14.0-427.40.1.el9_4.x86_64", "cri-o://1.30.6-3.rhaos4.17.git3e2b2b1.el9",
          "v1.30.5")
    drv = stack_pod(w, node, "driver")
    old_name = drv["metadata"]["name"]
    name = "nvidia-driver-daemonset-417.94.202410090854-0-7hqzm"
    drv["metadata"]["name"] = name
    drv["metadata"].setdefault("annotations", {})["openshift.io/scc"] = "privileged"
    w._stack[(node, "driver")] = name
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == old_name]:
        w.logs.pop(key)
    middle, _, tail = t.rpartition("\nDone, now waiting for signal")
    assert tail == "" and middle, "the text ends with the driver container's last line"
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", driver_log("550.127.08", middle))
    w.target("Pod", OPERATOR_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
