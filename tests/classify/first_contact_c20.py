"""Builds first-contact batch C20 (fixtures/first-contact/batch-c20/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the container-runtime layer (containerd 2.x, CRI-O, NVIDIA Container Toolkit
1.17-1.18, CDI, RuntimeClass, hooks) found with the search tool (round 20, search protocol: 32 fixed queries, 8 per
corpus, sent once each round-robin; see the batch README). One case: fc2001, from a troubleshooting SOP of
cyberboar84/sovereign-solutions-lab (a `code` result); its text is one of the two device-plugin messages the SOP
quotes and is placed verbatim in the device plugin's log. The expected answer was reasoned from the document
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Names and versions the document does not state (node name, OS, kernel, containerd build, driver, log timestamps and
start-up lines) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c20      # (re)writes fixtures/first-contact/batch-c20/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, sized
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-c20", "C20", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- runtime: containerd without the NVIDIA runtime handler, the plugin runs under runc (SOP-HW-02) -------

_PLUGIN_IMG = "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"

_PLUGIN_HEAD = """I1129 13:58:41.204117       1 main.go:199] Starting FS watcher.
I1129 13:58:41.204263       1 main.go:206] Starting OS watcher.
I1129 13:58:41.204571       1 main.go:221] Starting Plugins.
I1129 13:58:41.204590       1 main.go:278] Loading configuration.
I1129 13:58:41.205318       1 main.go:303] Updating config with default resource matching patterns.
I1129 13:58:41.205702       1 main.go:356] Retrieving plugins.
"""


@case("fc2001", node_subj("sovereign-gpu-01"),
      "Vanilla Kubernetes v1.31 lab cluster (the version from the same repository's reset SOP, SOP-HW-00; build "
      "v1.31.4 assumed) on one GPU workstation node sovereign-gpu-01 (name assumed) that is also the control plane "
      "(assumed; the repository describes a local multi-GPU cluster; 16 CPUs and 64 GiB assumed), Ubuntu 24.04.1 LTS, kernel 6.8 and containerd "
      "1.7.24 assumed, six consumer GPUs (RTX 3080/3070/3060 Ti mix, from the repository's README) with a host "
      "driver and the NVIDIA Container Toolkit installed on the host, no GPU Operator and no GFD labels. containerd's "
      "CRI plugin has no nvidia runtime handler (the document's root cause; no RuntimeClass nvidia exists). The "
      "static NVIDIA device plugin DaemonSet nvidia-device-plugin-daemonset in kube-system (v0.16.2 and the name "
      "from the repository's GPU orchestration SOP, SOP-HW-01; no runtimeClassName, discovery strategy left at "
      "auto; pod name assumed) has its pod Running (1/1, not restarting: the plugin waits indefinitely); its current "
      "log is six start-up lines (assumed), the case's text as a klog error line (prefix and file name assumed) and "
      "'No devices found. Waiting indefinitely.' (the document's 'No devices found', written as the plugin's full "
      "message). The plugin's hint lines after the error are not modelled (the document does not quote them). The "
      "node advertises no nvidia.com/gpu in capacity or allocatable. No GPU workload is written.")
def _(w, t):
    w.git_version = "v1.31.4"
    node = "sovereign-gpu-01"
    n = host_node(w, node, gpus=6, advertised=False, labels={"node-role.kubernetes.io/control-plane": ""},
                  info=dict(osImage="Ubuntu 24.04.1 LTS", kernelVersion="6.8.0-51-generic",
                            containerRuntimeVersion="containerd://1.7.24", kubeletVersion="v1.31.4",
                            kubeProxyVersion="v1.31.4"))
    n["metadata"]["labels"].pop("nvidia.com/gpu.present", None)
    sized(n, "16", "65756328Ki")
    log = (_PLUGIN_HEAD + "E1129 13:58:41.205819       1 factory.go:112] " + t + "\n"
           "I1129 13:58:41.205877       1 main.go:381] No devices found. Waiting indefinitely.\n")
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7kq2d", log=log, image=_PLUGIN_IMG,
                   volumes=[{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}],
                   mounts=[{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"}])
    p["spec"]["containers"][0]["securityContext"] = {"allowPrivilegeEscalation": False,
                                                     "capabilities": {"drop": ["ALL"]}}
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
