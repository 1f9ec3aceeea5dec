"""Builds first-contact batch Q38 (fixtures/first-contact/batch-q38/cases.jsonl) as scenario bundles.

Round 38 continues batch-m37's frame (items 150-211: NVIDIA/mig-parted's and NVIDIA/nvidia-container-toolkit's
CHANGELOG.md, fix entries). Two cases, both from the toolkit's CHANGELOG.md (a third, item 156's missing runtime_type, was
dropped before commit as used in substance: batch-a13's fa1301):

- fq3801: `nvidia-ctk runtime configure --runtime=containerd` (host-installed toolkit v1.18.0) writes the drop-in
  to /etc/containerd/config.d/ which containerd never imports; the device plugin (runtimeClassName nvidia) cannot
  get a sandbox (issue #1404, PR #1407; prose);
- fq3802: toolkit v1.16.0's nvcdi, vendored by device plugin v0.16.0, breaks CDI spec generation for MIG devices;
  the plugin (MIG strategy mixed, CDI device-list strategy) crash-loops and no MIG resource is advertised
  (PR #619, device-plugin PR #839; prose).

Both texts are prose (the changelog bullets' own words) and not in the bundles (TEXT_NOT_IN_BUNDLE). The expected answers were reasoned from the fixes and committed before any run. Names,
versions, node sizes and the event lines the entries do not quote are assumed or composed; each case's state and
note say which.

    .venv/bin/python -m tests.classify.first_contact_q38      # (re)writes fixtures/first-contact/batch-q38/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.first_contact_d import no_sandbox
from tests.classify.first_contact_v import runtime_class_object
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-q38", "Q38", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fq3801", "fq3802"}

_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


@case("fq3801", pod_subj("nvidia-device-plugin-5kq9d", KS),
      "One GPU node (Ubuntu 24.04, containerd 2.1.4 whose default config imports /etc/containerd/conf.d/*.toml; "
      "one NVIDIA A10 assumed) of a kubeadm Kubernetes v1.33.5 cluster (versions assumed), host driver and the "
      "host-installed NVIDIA Container Toolkit v1.18.0; `nvidia-ctk runtime configure --runtime=containerd` "
      "wrote /etc/containerd/config.d/99-nvidia.toml, which containerd does not import, and containerd was "
      "restarted. The NVIDIA device plugin v0.18.0 (Helm chart, namespace kube-system, runtimeClassName nvidia; "
      "assumed) is Pending in ContainerCreating with the kubelet's FailedCreatePodSandBox event (message composed "
      "from containerd's words for a handler it does not know); the RuntimeClass nvidia the user created exists; "
      "no nvidia.com/gpu advertised.")
def _(w, t):
    w.git_version = "v1.33.5"
    node = "gpu-worker-1"
    host_node(w, node, advertised=False,
              info={"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-85-generic",
                    "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.33.5",
                    "kubeProxyVersion": "v1.33.5"})
    name = "nvidia-device-plugin-5kq9d"
    p = plugin_pod(w, node, name, ds="nvidia-device-plugin", runtime_class="nvidia", log=None, ready=False,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    no_sandbox(p)
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    w.event(KS, "Pod", name, "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
            'no runtime for "nvidia" is configured', count=18, host=node)
    runtime_class_object(w)
    w.target("Pod", KS, name)


@case("fq3802", pod_subj("nvidia-device-plugin-daemonset-x4m7q", OPERATOR_NS),
      "One GPU node (Ubuntu 22.04, containerd 1.7.18; one NVIDIA A100-SXM4-80GB with MIG enabled, layout "
      "all-1g.10gb; assumed) of a Kubernetes v1.30.2 cluster with the GPU Operator v24.6.0 (device plugin "
      "v0.16.0, which vendors toolkit v1.16.0's nvcdi; MIG strategy mixed; cdi.enabled=true so the plugin "
      "generates CDI specs for the devices it advertises; versions assumed for July 2024). The mig-manager "
      "reports mig.config.state=success; the device-plugin pod crash-loops (7 restarts, exit 1; its log not "
      "quoted by the entry or the PRs, so the bundle has none); no nvidia.com/mig-1g.10gb advertised.")
def _(w, t):
    w.git_version = "v1.30.2"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, labels={
        "nvidia.com/mig.config": "all-1g.10gb", "nvidia.com/mig.config.state": "success",
        "nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.capable": "true",
        "nvidia.com/gpu.deploy.mig-manager": "true"})
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-113-generic",
              containerRuntimeVersion="containerd://1.7.18", kubeletVersion="v1.30.2", kubeProxyVersion="v1.30.2")
    # replace the default stack's plugin pod by the crash-looping one
    old = w.stack(node, "device-plugin")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != old]
    for key in [k for k in w.logs if k[1] == old]:
        w.logs.pop(key)
    name = "nvidia-device-plugin-daemonset-x4m7q"
    p = w.pod(OPERATOR_NS, name, node=node, gpu=0, containers=("nvidia-device-plugin",),
              init_containers=("toolkit-validation",), runtime_class="nvidia", tolerations=_TOL,
              labels={"app": "nvidia-device-plugin-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
              env=[{"name": "MIG_STRATEGY", "value": "mixed"}, {"name": "DEVICE_LIST_STRATEGY", "value": "cdi-cri"},
                   {"name": "CDI_ENABLED", "value": "true"}])
    set_image(p, "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.16.0-ubi8")
    crashloop(p, "nvidia-device-plugin", restarts=7, code=1)
    mm = w.pod(OPERATOR_NS, "nvidia-mig-manager-w6j2k", node=node, gpu=0, containers=("nvidia-mig-manager",),
               labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"), tolerations=_TOL)
    set_image(mm, "nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.8.0-ubuntu20.04")
    backoff(w, OPERATOR_NS, name, "nvidia-device-plugin", node)
    w.target("Pod", OPERATOR_NS, name)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
