"""Builds first-contact batch G22 (fixtures/first-contact/batch-g22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures caused by the Helm charts and manifests of GPU workloads (resource names, limits
vs requests, tolerations, nodeSelector, runtimeClassName, securityContext), taken from the search corpora with the
fixed query list of the batch README (24 queries, 6 per corpus, round-robin). fg2201 is a prose case (the
reporter's own sentence, NOT placed in the bundle: TEXT_NOT_IN_BUNDLE) whose bundle carries the state the thread
describes: a privileged GPU container that sees all the node's GPUs. The expected answer was reasoned from the
thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the thread does not state (node and pod names, GPU model, driver, Kubernetes, containerd,
device-plugin and image versions, the benchmark log's lines) are filled in plausibly; the scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g22      # (re)writes fixtures/first-contact/batch-g22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g22", "G22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a thread's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg2201"}


def _info(kubelet: str, containerd: str) -> dict:
    return {"osImage": "Ubuntu 20.04.5 LTS", "kernelVersion": "5.4.0-126-generic",
            "containerRuntimeVersion": f"containerd://{containerd}", "kubeletVersion": kubelet,
            "kubeProxyVersion": kubelet}


# ---- fg2201: a privileged securityContext lets a pod given 2 of 8 GPUs see all 8 -------------------------

_FG2201_NODE = "gpu-node-8x-01"
_FG2201_NS = "bench"
_FG2201_RS = "hashcat-bench-5c7d9f8b6d"
_FG2201_POD = f"{_FG2201_RS}-w4k2n"
_GPU = "NVIDIA A100-PCIE-40GB"


def _hashcat_log() -> str:
    """hashcat -b's opening (illustrative): the device list holds all 8 GPUs of the host."""
    devices = "".join(f"* Device #{i}: {_GPU}, 39970/40354 MB, 108MCU\n" for i in range(1, 9))
    speeds = "".join(f"Speed.#{i}.........: 54812.3 MH/s (39.52ms) @ Accel:64 Loops:1024 Thr:1024 Vec:8\n"
                     for i in range(1, 9))
    return ("hashcat (v6.2.6) starting in benchmark mode\n\n"
            "Benchmarking uses hand-optimized kernel code by default.\n"
            "You can use it in your cracking session by setting the -O option.\n"
            "Note: Using optimized kernel code limits the maximum supported password length.\n"
            "To disable the optimized kernel code in benchmark mode, use the -w option.\n\n"
            "CUDA API (CUDA 11.7)\n====================\n" + devices + "\n"
            "Benchmark relevant options:\n===========================\n* --optimized-kernel-enable\n\n"
            "-------------------\n* Hash-Mode 0 (MD5)\n-------------------\n\n" + speeds +
            "Speed.#*.........:   438.5 GH/s\n")


@case("fg2201", pod_subj(_FG2201_POD, _FG2201_NS),
      "Vanilla Kubernetes v1.25.2 (assumed; the thread names no distribution or version) with one control-plane "
      "node and one GPU node with 8 NVIDIA A100-PCIE-40GB (the count is the thread's; node name, GPU model, host "
      "driver 515.65.01 and NVIDIA container toolkit with nvidia the containerd default runtime, and the builds "
      "are assumed). The NVIDIA device plugin (static DaemonSet, v0.12.3, the release of the thread's time) is "
      "Running and advertises nvidia.com/gpu 8. The hashcat benchmark runs as a Deployment (hashcat-bench, "
      "namespace bench; image dizcza/docker-hashcat:cuda, names assumed) whose container requests "
      "nvidia.com/gpu 2 in resources.limits (the thread's count) and sets securityContext privileged: true (the "
      "cause the reporter found); the pod is Running and Ready, no restarts. Its log (illustrative: the thread "
      "says only that 'the hashcat output is for all 8') is hashcat -b's opening with all 8 devices listed and "
      "benchmarked.")
def _(w, t):
    w.git_version = "v1.25.2"
    info = _info("v1.25.2", "1.6.8")
    cp = w.node("cp-1", cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **info)
    n = host_node(w, _FG2201_NODE, gpus=8, info=info)
    sized(n, "128", "1056561200Ki")
    dp = plugin_pod(w, _FG2201_NODE, "nvidia-device-plugin-daemonset-9xq2v",
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.12.3")
    plugin_ds(w, KS, [dp])
    labels = {"app": "hashcat-bench"}
    p = w.pod(_FG2201_NS, _FG2201_POD, node=_FG2201_NODE, gpu=2, containers=("hashcat",),
              image="dizcza/docker-hashcat:cuda", labels=labels, owner=("ReplicaSet", _FG2201_RS),
              cpu="4", memory="8Gi")
    c = p["spec"]["containers"][0]
    c["command"] = ["bash", "-c", "hashcat -b -m 0 && sleep infinity"]
    c["securityContext"] = {"privileged": True}
    w.log(_FG2201_NS, _FG2201_POD, "hashcat", _hashcat_log())
    dep = w.workload("Deployment", _FG2201_NS, "hashcat-bench", template_pod=p,
                     status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                             "observedGeneration": 1})
    dep["spec"]["template"]["metadata"]["labels"] = dict(labels)
    w.target("Pod", _FG2201_NS, _FG2201_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
