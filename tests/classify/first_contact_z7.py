"""First-contact batch Z7 (fixtures/first-contact/batch-z7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) from public threads that no rule was written for, in any layer,
sampled with the fixed query list in the batch README (managed distributions and healthy look-alikes emphasised).
Each builder places the case's text verbatim where a collector would have found it (prose texts are not placed)
and builds the cluster state the thread describes. The expected answer was reasoned from the thread (`expected`
in the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_z7      # (re)writes fixtures/first-contact/batch-z7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, no_gpu_resource, node_info, set_image, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_f import waiting
from tests.classify.first_contact_h import rhcos
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-z7", "Z7")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fz702", "fz703", "fz704"}


# ---- runtime layer ---------------------------------------------------------------------------

@case("fz701", pod_subj("pytorch-cuda-job-master-0", "kfto-test"),
      "OpenShift 4.16 GPU worker (RHCOS, CRI-O; release, kernel and CRI-O strings assumed for late 2024) with one "
      "A100 and the GPU Operator stack healthy (driver, toolkit, device plugin, GFD, validator Running), the node "
      "advertising nvidia.com/gpu 1; the toolkit is 1.17.x (the thread's 'latest 1.17.x versions'). A Kubeflow "
      "Training Operator PyTorchJob master pod (namespace, names and image assumed) whose image sets CUDA_VERSION but "
      "not NVIDIA_REQUIRE_CUDA or NVIDIA_IMEX_CHANNELS waits in CreateContainerError with the text without `Error: ` "
      "as message; the kubelet `Failed` event (x6) is the text.")
def _(w, t):
    node = "worker-gpu-0.ocp.example.com"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-SXM4-40GB", memory_mib=40960)
    rhcos(n, "416.94.202411201433-0", "5.14.0-427.44.1.el9_4.x86_64", "cri-o://1.29.10-3.rhaos4.16.git7d7ee1b.el9",
          "v1.29.10+67d3387")
    ns, name = "kfto-test", "pytorch-cuda-job-master-0"
    w.pod(ns, name, node=node, containers=("pytorch",), ready=False, image="quay.io/modh/training:py311-cuda121-torch241",
          labels={"training.kubeflow.org/job-name": "pytorch-cuda-job", "training.kubeflow.org/replica-type": "master"},
          owner=("PyTorchJob", "pytorch-cuda-job"),
          env=[{"name": "CUDA_VERSION", "value": "12.1.1"}],
          statuses=waiting("pytorch", "CreateContainerError", t.removeprefix("Error: ")))
    w.event(ns, "Pod", name, "Failed", t, count=6, host=node)
    w.target("Pod", ns, name)


# ---- plugin layer ----------------------------------------------------------------------------

def _eks_node(w, name: str, instance: str, group: str, *, gpu: bool, taints=()) -> dict:
    labels = {"eks.amazonaws.com/nodegroup": group, "dedicated": group,
              "node.kubernetes.io/instance-type": instance, "topology.kubernetes.io/region": "us-east-1",
              "topology.kubernetes.io/zone": "us-east-1a", "eks.amazonaws.com/capacityType": "ON_DEMAND"}
    if gpu:
        n = w.gpu_node(name, gpus=1, operator=False, labels=labels, taints=taints, cpu="4", memory="16069160Ki")
        strip_gfd(n, deploy=True)
        no_gpu_resource(n)
        image = "Amazon Linux 2"
        kernel = "5.10.236-227.928.amzn2.x86_64"
    else:
        n = w.node(name, cpu="4", memory="16069160Ki", labels=labels)
        image = "Amazon Linux 2"
        kernel = "5.10.236-227.928.amzn2.x86_64"
    node_info(n, osImage=image, kernelVersion=kernel, containerRuntimeVersion="containerd://1.7.27",
              kubeletVersion="v1.31.7-eks-473151a", kubeProxyVersion="v1.31.7-eks-473151a")
    return n


@case("fz702", pod_subj("jupyter-marcelo", "dev"),
      "EKS 1.31 cluster deployed by Nebari (names and version strings assumed for mid 2025): a `general` node (m5 "
      "class, untainted) and the GPU node group `gpu-t4-x1` scaled to one g4dn.xlarge node (EKS GPU AMI, Amazon "
      "Linux 2; driver on the host) carrying the scale-to-zero taint `dedicated=gpu-t4-x1:NoSchedule` (key and value "
      "assumed from Nebari's `dedicated` node-group label); the NVIDIA DaemonSet Nebari deploys for AWS GPU node "
      "groups (`nvidia-device-plugin-daemonset` in kube-system, name assumed from the issue title; Terraform resource "
      "`aws_nvidia_installer`) selects GPU nodes but tolerates only `nvidia.com/gpu`, so it has desired 0 and no pod; "
      "the GPU node advertises no nvidia.com/gpu. A JupyterLab user pod from the T4 profile (nodeSelector dedicated="
      "gpu-t4-x1, toleration for the taint, one GPU) is Pending with a FailedScheduling event (`0/2 nodes are "
      "available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector.`, x42, "
      "illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    _eks_node(w, "ip-10-10-12-47.ec2.internal", "m5.xlarge", "general", gpu=False)
    gpu = "ip-10-10-31-208.ec2.internal"
    taint = {"key": "dedicated", "value": "gpu-t4-x1", "effect": "NoSchedule"}
    _eks_node(w, gpu, "g4dn.xlarge", "gpu-t4-x1", gpu=True, taints=(taint,))
    # the NVIDIA DaemonSet: tolerations without the node group's taint, so no pod on the GPU node
    tmpl = w.pod(KS, "nvidia-device-plugin-template", node=None, gpu=0, containers=("nvidia-device-plugin-ctr",),
                 image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1", labels={"name": "nvidia-device-plugin-ds"},
                 tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
                              {"key": "CriticalAddonsOnly", "operator": "Exists"}],
                 node_selector={"nvidia.com/gpu.present": "true"})
    w.pods[KS].remove(tmpl)
    if not w.pods[KS]:
        del w.pods[KS]
    ds = w.workload("DaemonSet", KS, "nvidia-device-plugin-daemonset", template_pod=tmpl,
                    status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0,
                            "numberAvailable": 0, "updatedNumberScheduled": 0, "numberMisscheduled": 0,
                            "observedGeneration": 1})
    ds["spec"]["selector"] = {"matchLabels": {"name": "nvidia-device-plugin-ds"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"name": "nvidia-device-plugin-ds"}
    ns, name = "dev", "jupyter-marcelo"
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector."
    w.pod(ns, name, gpu=1, containers=("notebook",), image="quay.io/nebari/nebari-jupyterlab-gpu:2025.6.1",
          phase="Pending", node_selector={"dedicated": "gpu-t4-x1"},
          tolerations=[{"key": "dedicated", "operator": "Equal", "value": "gpu-t4-x1", "effect": "NoSchedule"}],
          labels={"component": "singleuser-server", "app": "jupyterhub"}, scheduled_message=msg)
    w.event(ns, "Pod", name, "FailedScheduling", msg, count=42)
    w.target("Pod", ns, name)


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("fz703", pod_subj("mybusybox", "default"),
      "RKE2 v1.27 GPU node (Ubuntu 22.04; kernel, containerd and kubelet strings assumed for early 2024) with one GPU "
      "and the GPU Operator stack healthy (driver 525.60.13 from the operator's driver container, toolkit configured "
      "for RKE2's containerd, device plugin, GFD, validator Running), the node advertising nvidia.com/gpu 1; the "
      "thread's busybox pod (runtimeClassName nvidia, nvidia.com/gpu 1, `sleep 3600`) is Running and Ready. The text "
      "(the issue title) is prose and not placed in the bundle; no nvidia-smi output is modelled.")
def _(w, t):
    node = "rke2-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028,
                   labels={"nvidia.com/cuda.driver.major": "525", "nvidia.com/cuda.runtime.major": "12"})
    node_info(n, osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-91-generic",
              containerRuntimeVersion="containerd://1.7.11-k3s2", kubeletVersion="v1.27.10+rke2r1",
              kubeProxyVersion="v1.27.10+rke2r1")
    drv = w.stack(node, "driver")
    key = ("gpu-operator", drv, "nvidia-driver-ctr", False)
    w.logs[key] = w.logs[key].replace("550.127.05", "525.60.13")
    set_image(w.get_pod("gpu-operator", drv), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:525.60.13-ubuntu22.04")
    p = w.pod("default", "mybusybox", node=node, gpu=1, containers=("mybusybox",), image="busybox:latest",
              runtime_class="nvidia", cpu="100m", memory="64Mi")
    p["spec"]["containers"][0]["command"] = ["sleep", "3600"]
    w.target("Pod", "default", "mybusybox")


@case("fz704", pod_subj("maia-workspace-spersson-0", "maia-project-a"),
      "Kubernetes GPU node of a MAIA deployment (Ubuntu 22.04, containerd, one GPU; driver on the host, NVIDIA device "
      "plugin DaemonSet healthy; names and version strings assumed, the thread does not state them) advertising "
      "nvidia.com/gpu 1; the user's workspace pod (one GPU; project namespace, name and image assumed) is Running and "
      "Ready and uses GPU memory. The text is prose and not placed in the bundle.")
def _(w, t):
    from tests.classify.first_contact_b import host_node, plugin_ds, plugin_pod
    node = "maia-gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
                             "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.30.9",
                             "kubeProxyVersion": "v1.30.9"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7mzq4")
    plugin_ds(w, KS, [p])
    w.pod("maia-project-a", "maia-workspace-spersson-0", node=node, gpu=1, containers=("workspace",),
          image="kthcloud/maia-workspace-notebook-ssh-addons:1.5", owner=("StatefulSet", "maia-workspace-spersson"),
          labels={"app": "maia-workspace"})
    w.target("Pod", "maia-project-a", "maia-workspace-spersson-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
