"""Builds first-contact batch D19 (fixtures/first-contact/batch-d19/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by community Kubernetes platforms' own documentation
(canonical/k8s-snap, labring/sealos, kubeedge/kubeedge, openyurtio/openyurt; deckhouse/deckhouse over the size
limit), read whole in the fixed file order of the batch README (this round's documentation protocol: no search
look-ups; snapshots brought with `fetch` and read with git). fd1901 is the page's own prose and is NOT placed in
the bundle (TEXT_NOT_IN_BUNDLE); the builder builds the cluster state the page describes. The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the document does not state (node and pod names, the GPU, the driver, the operator version,
Docker) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d19      # (re)writes fixtures/first-contact/batch-d19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, no_gpu_resource, remove_stack_pod, strip_gfd
from tests.classify.first_contact_b5 import SANDBOX_NO_NVIDIA, sandbox_failing
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-d19", "D19", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd1901"}


# ---- runtime: k8s-snap with containerd-base-dir, GPU Operator left on the standard paths ----------------

# the toolkit's usual lines (illustrative): it reaches Docker's containerd through the hostPath /run/containerd
_TOOLKIT_LOG = (
    'time="2026-11-29T14:21:07Z" level=info msg="Starting nvidia-toolkit"\n'
    'time="2026-11-29T14:21:07Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
    'time="2026-11-29T14:21:08Z" level=info msg="Setting up runtime"\n'
    'time="2026-11-29T14:21:08Z" level=info msg="Successfully signaled containerd"\n'
    'time="2026-11-29T14:21:08Z" level=info msg="Waiting for signal"\n')

_NODE = "dev-ws-01"


@case("fd1901", node_subj(_NODE),
      "Canonical Kubernetes (k8s-snap, 1.36 track: Kubernetes v1.36.3 and containerd v2.3.3 as the repository's "
      "build scripts pin them at the snapshot commit) on one developer workstation, dev-ws-01 (Ubuntu 24.04, "
      "control plane and worker; name assumed), bootstrapped with containerd-base-dir /ck8s because Docker Engine "
      "and its containerd (assumed; the page's 'Conflicts' case) hold /etc/containerd and /run/containerd. One "
      "GeForce RTX 4090 with the host driver 570.172.08 installed (assumed), so the node carries the NFD label "
      "pci-10de and the operator's deploy labels with driver 'pre-installed' (no driver pod) and no GFD labels "
      "(GFD never ran); it advertises no nvidia.com/gpu. GPU Operator (v24.9.0 image tags, assumed) in "
      "gpu-operator, installed with operator.defaultRuntime=containerd and without the toolkit's "
      "CONTAINERD_CONFIG/CONTAINERD_SOCKET: the operator and NFD pods run, the container-toolkit pod runs (its log "
      "illustrative, the toolkit's usual lines: it signalled the containerd behind /run/containerd, Docker's); the "
      "device plugin, GFD, operator validator and DCGM exporter pods (runtimeClassName nvidia) stay Pending with "
      "the kubelet's FailedCreatePodSandBox '... failed to get sandbox runtime: no runtime for \"nvidia\" is "
      "configured' (containerd's own wording) counted 31 times each. k8s-snap's own pods (Cilium, CoreDNS, "
      "metrics-server) run in kube-system. The page's text is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.36.3"
    n = w.gpu_node(_NODE, gpus=1, product="NVIDIA-GeForce-RTX-4090", memory_mib=24564, cpu="24",
                   memory="65536452Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                "nvidia.com/gpu.deploy.driver": "pre-installed",
                                                "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic",
              containerRuntimeVersion="containerd://2.3.3", kubeletVersion="v1.36.3", kubeProxyVersion="v1.36.3")
    strip_gfd(n)
    no_gpu_resource(n)
    remove_stack_pod(w, _NODE, "driver")
    ns = OPERATOR_NS
    tk = w.get_pod(ns, w.stack(_NODE, "toolkit"))
    tk["spec"].pop("runtimeClassName", None)
    w.log(ns, tk["metadata"]["name"], "nvidia-container-toolkit-ctr", _TOOLKIT_LOG)
    stuck = [w.get_pod(ns, w.stack(_NODE, r)) for r in ("device-plugin", "gfd", "validator")]
    exp = w.pod(ns, "nvidia-dcgm-exporter-q7w2k", node=_NODE, gpu=0, containers=("nvidia-dcgm-exporter",),
                init_containers=("toolkit-validation",), owner=("DaemonSet", "nvidia-dcgm-exporter"),
                labels={"app": "nvidia-dcgm-exporter"}, runtime_class="nvidia", tolerations=GPU_TOLERATION)
    w.workload("DaemonSet", ns, "nvidia-dcgm-exporter", template_pod=exp,
               status=ds_status(1, 1, 0))["spec"].pop("replicas", None)
    stuck.append(exp)
    for p in stuck:
        sandbox_failing(w, ns, p, _NODE, 31)
    for pname, app, owner in (
            ("gpu-operator-6f8b9c7d54-v2kxq", "gpu-operator", ("ReplicaSet", "gpu-operator-6f8b9c7d54")),
            ("gpu-operator-node-feature-discovery-gc-7c4d9b8f6-h5rtn", "gc",
             ("ReplicaSet", "gpu-operator-node-feature-discovery-gc-7c4d9b8f6")),
            ("gpu-operator-node-feature-discovery-master-5d8f7c9b6-m2zqp", "master",
             ("ReplicaSet", "gpu-operator-node-feature-discovery-master-5d8f7c9b6")),
            ("gpu-operator-node-feature-discovery-worker-8xq4t", "worker",
             ("DaemonSet", "gpu-operator-node-feature-discovery-worker"))):
        w.pod(ns, pname, node=_NODE, gpu=0, containers=(app,), labels={"app": app}, owner=owner,
              cpu="100m", memory="128Mi")
    for pname, app, owner in (
            ("cilium-k7r2m", "cilium-agent", ("DaemonSet", "cilium")),
            ("cilium-operator-6d9c8f7b5d-t4xwz", "cilium-operator", ("ReplicaSet", "cilium-operator-6d9c8f7b5d")),
            ("coredns-7b98449c4-pq8lm", "coredns", ("ReplicaSet", "coredns-7b98449c4")),
            ("metrics-server-8694c96fb7-zr5ns", "metrics-server", ("ReplicaSet", "metrics-server-8694c96fb7"))):
        w.pod(KS, pname, node=_NODE, gpu=0, containers=(app,), image=f"ghcr.io/canonical/{app}:latest",
              labels={"app.kubernetes.io/name": app}, owner=owner, cpu="100m", memory="128Mi")
    assert SANDBOX_NO_NVIDIA.endswith('no runtime for "nvidia" is configured')
    w.target("Node", None, _NODE)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
