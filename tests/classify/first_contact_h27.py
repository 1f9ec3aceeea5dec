"""Builds first-contact batch H27 (fixtures/first-contact/batch-h27/cases.jsonl) as scenario bundles.

GPU support of enterprise Kubernetes distributions and their add-ons (round 27, search protocol: 24 fixed queries,
6 per corpus, round-robin): a Charmed Kubernetes (CDK) deployment on a localhost LXD cloud whose worker machines were
never given the host's GPU device, so Docker's NVIDIA prestart hook fails when a GPU pod's container starts
(charmed-kubernetes/bundle#561, a maintainer's known-issue report with its fix `lxc config device add ... gpu gpu`).
The text is the visible contiguous run of the kubelet's Failed event as the stored copy of the issue shows it (cut
inside the hook's command line); it is placed verbatim as the event's message. The expected answer was reasoned
from the thread (`expected` in the case); it is never taken from the tool's output.

Names and versions the thread does not state (Kubernetes, Docker, OS and kernel versions, the second worker, the
device-plugin image, restart counts) are filled in plausibly; the scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_h27      # (re)writes fixtures/first-contact/batch-h27/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-h27", "H27", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_NS = "default"
_POD = "cuda-vector-add"
_KS = "kube-system"
_DP = "nvidia-device-plugin-daemonset"
_DP_IMG = "nvidia/k8s-device-plugin:1.10"
_NODES = ("juju-1db783-1", "juju-1db783-2")
_OS = {"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.15.0-20-generic",
       "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.10.1"}


@case("fh2701", pod_subj(_POD, _NS),
      "Charmed Kubernetes (CDK) v1.10.1 (assumed; the thread says v1.9+) deployed by Juju on a localhost LXD cloud "
      "of one host with an NVIDIA GPU. Two kubernetes-worker machines, juju-1db783-1 (named by the event) and "
      "juju-1db783-2 (assumed), LXD containers of Ubuntu 16.04 with Docker 17.03 and the NVIDIA container runtime "
      "the charm installed (versions assumed); the control plane runs no kubelet and is not a node. Both workers "
      "carry the charm's gpu/cuda labels and advertise nvidia.com/gpu 1 (assumed: the thread shows the pod placed "
      "and reaching container start, not how the resource was advertised); the kube-system NVIDIA device-plugin "
      "DaemonSet of CDK's addons runs a Ready pod on each (image assumed, logs not modelled). No worker machine has "
      "been given the host's GPU device (a LXD setting the collector cannot see). The test pod cuda-vector-add "
      "(default namespace, image k8s.gcr.io/cuda-vector-add:v0.1, one nvidia.com/gpu, restartPolicy OnFailure, as "
      "the thread's manifest) is bound to juju-1db783-1 and Pending: its container waits in RunContainerError "
      "(restart count assumed; no status message modelled), and the kubelet's Warning Failed event carries the "
      "text verbatim (the visible part of the thread's event message, see the case note).")
def _(w, t):
    w.git_version = "v1.10.1"
    for n in _NODES:
        node = w.node(n, gpus=1, cpu="8", memory="32856412Ki",
                      labels={"juju-application": "kubernetes-worker", "gpu": "true", "cuda": "true",
                              "kubernetes.io/hostname": n})
        info(node, **_OS)
    daemonset(w, _KS, _DP, desired=2, containers=[("nvidia-device-plugin-ctr", _DP_IMG)],
              node_selector={"gpu": "true"}, labels={"name": "nvidia-device-plugin-ds"})
    for i, n in enumerate(_NODES):
        ds_pod(w, _KS, _DP, f"{_DP}-{('7xq2k', 'm4d9p')[i]}", n, containers=("nvidia-device-plugin-ctr",),
               image=_DP_IMG, labels={"name": "nvidia-device-plugin-ds"}, cpu="10m", memory="32Mi")
    p = w.pod(_NS, _POD, node=_NODES[0], gpu=1, phase="Pending", containers=("cuda-vector-add",),
              image="k8s.gcr.io/cuda-vector-add:v0.1", cpu="100m", memory="128Mi",
              statuses={"cuda-vector-add": {"state": {"waiting": {"reason": "RunContainerError"}}, "ready": False,
                                            "restartCount": 2}})
    p["spec"]["restartPolicy"] = "OnFailure"
    w.event(_NS, "Pod", _POD, "Scheduled", f"Successfully assigned {_POD} to {_NODES[0]}", type="Normal",
            component="default-scheduler")
    w.event(_NS, "Pod", _POD, "Failed", t, component="kubelet", host=_NODES[0], count=3)
    # the workers run Docker: the container IDs say so
    for ns in (_NS, _KS):
        for pod in w.pods.get(ns, []):
            for st in pod["status"].get("containerStatuses", []):
                if st.get("containerID"):
                    st["containerID"] = st["containerID"].replace("containerd://", "docker://")
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
