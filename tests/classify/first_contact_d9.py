"""First-contact batch D9 (fixtures/first-contact/batch-d9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and one healthy look-alike) in the container runtime / toolkit layer, sampled
from all four of the search tool's corpora at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 48
queries in the batch README. Each builder builds the cluster state the source describes and fills in the rest of
the cluster healthy and plausible. The expected answer was reasoned from the source (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, kubelet and runtime versions, GPU
models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d9      # (re)writes fixtures/first-contact/batch-d9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import block, drop_logs, no_gpu_resource, node_info, set_image, stack_pod, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, World
from tests.classify.scenarios_real import pod_subj, stack_crash

FC = ThreadBatch("batch-d9", "D9")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd902", "fd903"}


# ---- world helpers ---------------------------------------------------------------------------

def operator_images(w: World, tag: str) -> None:
    """Retag the GPU Operator operand images (the builder's default is v24.9.0)."""
    for p in w.pods.get(OPERATOR_NS, []):
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace("v24.9.0", tag)
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["image"] = s["image"].replace("v24.9.0", tag)


def smi_table(driver: str, cuda: str, rows: list[tuple[str, str, str, str]], processes: list[str]) -> str:
    """An nvidia-smi table: rows are (name, bus id, memory usage, utilisation); processes are table lines."""
    out = ["+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {driver:<22} Driver Version: {driver:<14} CUDA Version: {cuda:<9}|",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, (name, bus, mem, util) in enumerate(rows):
        out.append("|" + f"{i:>4}  {name}".ljust(35) + "  On  |" + f"{bus} Off".rjust(23) + " |" + "0".rjust(21) + " |")
        out.append("|" + " N/A   54C    P0            291W /  400W".ljust(41) + "|" + mem.rjust(23) + " |"
                   + f"{util:>8}      Default".rjust(21) + " |")
        out.append("|" + " " * 41 + "|" + " " * 24 + "|" + "Disabled".rjust(21) + " |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    out += processes
    out.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


# ---- RKE2: the toolkit DaemonSet pointed at config.toml.tmpl ---------------------------------

TOOLKIT_LOG_D901 = (
    'time="2026-11-29T14:51:01Z" level=info msg="Starting nvidia-toolkit"\n'
    'time="2026-11-29T14:51:01Z" level=info msg="Parsing arguments"\n'
    'time="2026-11-29T14:51:01Z" level=info msg="Verifying Flags"\n'
    'time="2026-11-29T14:51:01Z" level=info msg=Initializing\n'
    'time="2026-11-29T14:51:01Z" level=info msg="Installing toolkit"\n'
    'time="2026-11-29T14:51:01Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
    'time="2026-11-29T14:51:02Z" level=info msg="Setting up runtime"\n'
    'time="2026-11-29T14:51:02Z" level=info msg="Starting \'setup\' for containerd"\n')


@case("fd901", pod_subj("nvidia-container-toolkit-daemonset-71386", OPERATOR_NS),
      "RKE2 cluster (v1.28 with its embedded containerd 1.7-k3s, Ubuntu 22.04; versions, names and GPU model "
      "assumed: the comment names RKE2 and the GPU Operator only) with one GPU worker rke2-gpu-01 (one NVIDIA L40S) "
      "and the GPU Operator v24.3 stack in gpu-operator: the driver container Running; the toolkit DaemonSet pod "
      "nvidia-container-toolkit-daemonset-71386, whose env sets CONTAINERD_CONFIG to RKE2's "
      "/var/lib/rancher/rke2/agent/etc/containerd/config.toml.tmpl and CONTAINERD_SOCKET to "
      "/run/k3s/containerd/containerd.sock, crash-loops (exit 1, 6 restarts): its previous log is a few startup "
      "lines (illustrative) ending in the comment's fatal line, verbatim; the device plugin, GFD and validator "
      "pods wait in toolkit-validation; GFD never ran (no GFD labels) and no nvidia.com/gpu is advertised.")
def _(w, t):
    node = "rke2-gpu-01"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068, allocatable=None,
                   labels={"node-role.kubernetes.io/worker": "true"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-116-generic",
              containerRuntimeVersion="containerd://1.7.17-k3s1", kubeletVersion="v1.28.11+rke2r1",
              kubeProxyVersion="v1.28.11+rke2r1")
    w.node("rke2-server-01", cpu="8", memory="32827240Ki",
           labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                   "node-role.kubernetes.io/master": "true"},
           taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoExecute"}])
    node_info(w.get_node("rke2-server-01"), osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-116-generic",
              containerRuntimeVersion="containerd://1.7.17-k3s1", kubeletVersion="v1.28.11+rke2r1",
              kubeProxyVersion="v1.28.11+rke2r1")
    operator_images(w, "v24.3.0")
    name = stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", TOOLKIT_LOG_D901 + 'time="2026-11-29T14:51:02Z" ' + t, code=1, restarts=6)
    tk = stack_pod(w, node, "toolkit")
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04")
    tk["spec"]["containers"][0]["env"] = [
        {"name": "ROOT", "value": "/usr/local/nvidia"},
        {"name": "RUNTIME", "value": "containerd"},
        {"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml.tmpl"},
        {"name": "CONTAINERD_SOCKET", "value": "/run/k3s/containerd/containerd.sock"},
        {"name": "CONTAINERD_RUNTIME_CLASS", "value": "nvidia"},
        {"name": "RUNTIME_CONFIG", "value": "/runtime/config-dir/config.toml.tmpl"},
        {"name": "NVIDIA_VISIBLE_DEVICES", "value": "void"},
    ]
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.event(OPERATOR_NS, "Pod", name, "BackOff", "Back-off restarting failed container nvidia-container-toolkit-ctr "
            f"in pod {name}_{OPERATOR_NS}({tk['metadata']['uid']})", host=node, count=27,
            field_path="spec.containers{nvidia-container-toolkit-ctr}")
    w.target("Pod", OPERATOR_NS, name)


# ---- SkyPilot: a CPU-only pod sees every GPU of its node -------------------------------------

@case("fd902", pod_subj("cpus-2ea4-head", "default"),
      "kubeadm-style cluster (Kubernetes v1.31, containerd 1.7, Ubuntu 22.04; all modelled: the PR names no "
      "cluster) with one GPU node gpu-node-1 (four NVIDIA A100 80GB, untainted, as in the PR's 'GPU only cluster'), "
      "the GPU Operator stack Running with its defaults (the toolkit accepts NVIDIA_VISIBLE_DEVICES from "
      "unprivileged containers) and the node advertising nvidia.com/gpu 4, none allocated. SkyPilot's CPU-only "
      "head pod cpus-2ea4-head (namespace default; the PR's image us-docker.pkg.dev/sky-dev-465/skypilotk8s/"
      "skypilot-gpu:latest; no nvidia.com/gpu request; labels assumed) is Running and Ready on gpu-node-1; an "
      "nvidia-smi -L run in it (exec, illustrative) lists all four GPUs. The text is the PR's prose and is not "
      "placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-131-generic",
              containerRuntimeVersion="containerd://1.7.25", kubeletVersion="v1.31.6", kubeProxyVersion="v1.31.6")
    operator_images(w, "v25.3.0")
    ns, name, ctr = "default", "cpus-2ea4-head", "ray-node"
    w.pod(ns, name, node=node, gpu=0, containers=(ctr,), image="us-docker.pkg.dev/sky-dev-465/skypilotk8s/skypilot-gpu:latest",
          labels={"parent": "skypilot", "skypilot-cluster": "cpus-2ea4", "ray-node-type": "head",
                  }, cpu="2", memory="8Gi")
    uuids = ["GPU-3f2a9c1e-7b4d-4e8a-9c51-0d6e2b8a41f7", "GPU-a91c5e03-2d7f-4b6a-8e19-5c4b7d0f2e36",
             "GPU-6d0e8b74-9a3c-41f5-b2d8-e7c19a5f3b02", "GPU-c47f1a2b-5e8d-4c93-a06b-3b9e2d7c8f15"]
    w.exec(ns, name, ctr, ["nvidia-smi", "-L"],
           "".join(f"GPU {i}: NVIDIA A100-SXM4-80GB (UUID: {u})\n" for i, u in enumerate(uuids)))
    w.target("Pod", ns, name)


# ---- MPU README: nvidia-smi in a pod lists no processes (look-alike) -------------------------

@case("fd903", pod_subj("llama-finetune-0", "research"),
      "kubeadm-style cluster (Kubernetes v1.32, containerd 1.7, Ubuntu 24.04; all modelled: the README names no "
      "cluster) with one GPU node gpu-node-1 (one NVIDIA H100 80GB, driver 570, the GPU Operator stack Running, "
      "nvidia.com/gpu 1 advertised). A fine-tuning pod llama-finetune-0 (StatefulSet, one GPU, no hostPID; image "
      "assumed) is Running and Ready with healthy training lines in its log (illustrative); nvidia-smi run in its "
      "container (exec, illustrative) shows the GPU at 97% utilisation with 61 GiB in use and an empty process "
      "table ('No running processes found'), the by-design PID-namespace behaviour the README describes. Nothing "
      "is wrong. The text is the README's prose and is not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   labels={"nvidia.com/cuda.driver.major": "570"})
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.4", kubeProxyVersion="v1.32.4")
    operator_images(w, "v25.3.0")
    ns, name, ctr = "research", "llama-finetune-0", "trainer"
    p = w.pod(ns, name, node=node, gpu=1, containers=(ctr,), image="nvcr.io/nvidia/pytorch:25.02-py3",
              owner=("StatefulSet", "llama-finetune"), cpu="16", memory="128Gi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.workload("StatefulSet", ns, "llama-finetune", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1, "observedGeneration": 1})
    w.log(ns, name, ctr,
          "{'loss': 1.6123, 'grad_norm': 0.412, 'learning_rate': 1.98e-05, 'epoch': 0.41}\n"
          "{'loss': 1.5874, 'grad_norm': 0.397, 'learning_rate': 1.97e-05, 'epoch': 0.42}\n"
          "{'loss': 1.5702, 'grad_norm': 0.388, 'learning_rate': 1.96e-05, 'epoch': 0.43}\n")
    w.exec(ns, name, ctr, ["nvidia-smi"],
           "Sun Nov 29 14:52:44 2026\n" + smi_table(
               "570.124.06", "12.8", [("NVIDIA H100 80GB HBM3", "00000000:1B:00.0", "62814MiB /  81559MiB", "97%")],
               ["|  No running processes found                                                             |"]))
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
