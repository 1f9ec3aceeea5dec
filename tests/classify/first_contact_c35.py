"""Builds first-contact batch C35 (fixtures/first-contact/batch-c35/cases.jsonl) as scenario bundles.

Round 35, fix-commit frame (GPU-filtered fix commits of kubeflow/mpi-operator, kubeflow/katib, kubeflow/pipelines,
apache/yunikorn-k8shim, armadaproject/armada):

- fc3501: the Armada scheduler panics (nil pointer dereference, logged by its gRPC recovery handler) while it
  processes a node advertising nvidia.com/a100 that runs a pod requesting nvidia.com/gpu (armadaproject/armada
  PR #4448, issue #4446). The quoted log line is placed verbatim in the armada-scheduler pod's log.
- fc3502: a pipeline compiled with KFP SDK 2.10.0 runs on KFP backend 2.3.0, whose driver reads only the deprecated
  accelerator fields, so the GPU task's pod gets no nvidia.com/gpu limit (kubeflow/pipelines PR #11373). Prose
  case: the commit's words are NOT in the bundle, which shows the task pod without a GPU limit on a GPU node.

Names, versions, node counts and images are assumed; each case's world note says so.

    .venv/bin/python -m tests.classify.first_contact_c35      # (re)writes fixtures/first-contact/batch-c35/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c35", "C35", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the commit's own words never reach the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3502"}

_ARMADA = "armada"
_SCHED = "armada-scheduler-7c9d8f6b5-q4lzn"

# issue #4446's log excerpt as far as the search excerpt shows it (verbatim, timestamp line first; the trailing
# space after 'dereference' is the issue's); the rest of the goroutine stack is not reproduced
_STACK_HEAD = """\
goroutine 192233 [running]:
runtime/debug.Stack()
    /opt/hostedtoolcache/go/1.24.6/x64/src/runtime/debug/stack.go:26 +0x5e
github.com/armadaproject/armada/internal/common/grpc.panicRecoveryHandler({0x1f5aac0, 0x38f1be0})
    /home/runner/work/armada/armada/internal/common/grpc/grpc.go:139 +0x25
github.com/armadaproject/armada/internal/common/grpc.CreateGrpcServer.WithRecoveryHandler.func14.1({0xc000c26868?, 0x4194b4?}, {0x1f5aac0?, 0x38f1be0?})
    /home/runner/go/pkg/mod/github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.1/interceptors/recovery/options.go:36 +0x27
github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery.recoverFrom({0x265df78?, 0xc001116b40?}, {0x1f5aac0?, 0x38f1be0?}, 0xc00257afc0?)
    /home/runner/go/pkg/mod/github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.1/interceptors/recovery/interceptors.go:54 +0xea
github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery.StreamServerInterceptor.func1.1()
    /home/runner/go/pkg/mod/github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.1/interceptors/recovery/interceptors.go:44 +0x7b
panic({0x1f5aac0?, 0x38f1be0?})
    /opt/hostedtoolcache/go/1.24.6/x64/src/runtime/panic.go:792 +0x132
"""


@case("fc3501", pod_subj(_SCHED, _ARMADA),
      "A Kubernetes cluster (v1.31.4 assumed) running Armada v0.19.16 (the release before the fix; assumed) in "
      "namespace armada (scheduler, server, executor; pod names and images assumed). 2 GPU nodes (8 x A100 each, "
      "assumed) run a custom GPU device plugin DaemonSet (kube-system/a100-device-plugin, assumed) that advertises "
      "nvidia.com/a100 instead of nvidia.com/gpu; no GPU Operator stack. On gpu-a100-1 a pod requesting one "
      "nvidia.com/gpu runs (the commit's edge case). The armada-scheduler pod runs; its log carries the issue's "
      "quoted panic line (timestamp as in the issue) and the first stack lines the search excerpt shows, verbatim, "
      "repeated at each scheduling cycle (assumed).")
def _(w, t):
    w.git_version = "v1.31.4"
    for i in range(2):
        n = f"gpu-a100-{i + 1}"
        w.node(n, gpus=8, resource="nvidia.com/a100", cpu="128", memory="2113645560Ki",
               labels={"node.kubernetes.io/instance-type": "a100-8x", "gpu-model": "a100"})
        w.pod("kube-system", f"a100-device-plugin-{'xk2p9' if i == 0 else 'm7r4d'}", node=n, gpu=0,
              image="registry.example.com/gpu/a100-device-plugin:v1.4.0", containers=("device-plugin",),
              owner=("DaemonSet", "a100-device-plugin"), cpu="50m", memory="64Mi",
              labels={"app": "a100-device-plugin"})
    for i in range(3):
        w.node(f"cpu-node-{i + 1}", cpu="32", memory="131890740Ki")
    w.pod("team-ml", "train-resnet-0", node="gpu-a100-1", gpu=1, resource="nvidia.com/gpu",
          image="nvcr.io/nvidia/pytorch:25.06-py3", containers=("train",), cpu="8", memory="64Gi",
          labels={"app": "train-resnet"})
    for name, img in (("armada-server-6f8b9c7d4-t2v8w", "gresearch/armada-server:v0.19.16"),
                      ("armada-executor-5d7c9b8f6-h9j3k", "gresearch/armada-executor:v0.19.16"),
                      (_SCHED, "gresearch/armada-scheduler:v0.19.16")):
        comp = name.split("-")[1]
        w.pod(_ARMADA, name, node="cpu-node-1", gpu=0, image=img, containers=(comp,),
              owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="500m", memory="1Gi",
              labels={"app": f"armada-{comp}"})
    entry = "2025-08-20T03:54:47.056Z " + t + " \n" + _STACK_HEAD
    later = "2025-08-20T03:55:17.061Z " + t + " \n" + _STACK_HEAD.replace("192233", "192871")
    w.log(_ARMADA, _SCHED, "scheduler", entry + later)
    w.target("Pod", _ARMADA, _SCHED)


_NS = "kubeflow-user-example-com"
_TASK = "train-pipeline-x7k2m-system-container-impl-2938471652"


@case("fc3502", pod_subj(_TASK, _NS),
      "A Kubernetes cluster (v1.30.5 assumed) with Kubeflow Pipelines 2.3.0 (backend, the release before the fix) "
      "and one GPU node (1 x A100 40GB, GPU Operator stack healthy; assumed). A pipeline compiled with KFP SDK "
      "2.10.0 asks for one nvidia.com/gpu for its training task (set_accelerator_type/set_accelerator_limit); the "
      "2.3.0 driver reads only the deprecated accelerator fields, so the task's executor pod (names, image and "
      "namespace assumed) is created with no nvidia.com/gpu request or limit and runs on the GPU node. No log of "
      "the task or the driver is placed. The case's text is the commit's own prose and is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.30.5"
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, cpu="32",
               memory="263855396Ki")
    w.node("cpu-node-1", cpu="16", memory="65856316Ki")
    for name, img in (("ml-pipeline-7d9c8b6f5-p4x2n", "ghcr.io/kubeflow/kfp-api-server:2.3.0"),
                      ("ml-pipeline-persistenceagent-6b8f7d9c4-k2m8q",
                       "ghcr.io/kubeflow/kfp-persistence-agent:2.3.0"),
                      ("workflow-controller-5f9d8c7b6-w3r7t", "quay.io/argoproj/workflow-controller:v3.4.17")):
        w.pod("kubeflow", name, node="cpu-node-1", gpu=0, image=img, containers=(name.rsplit("-", 2)[0],),
              owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="250m", memory="512Mi",
              labels={"app": name.rsplit("-", 2)[0]})
    w.pod(_NS, _TASK, node="gpu-node-1", gpu=0, image="pytorch/pytorch:2.4.1-cuda12.1-cudnn9-runtime",
          containers=("main", "wait"), cpu="4", memory="16Gi",
          labels={"workflows.argoproj.io/workflow": "train-pipeline-x7k2m",
                  "pipelines.kubeflow.org/v2_component": "true"},
          )
    w.target("Pod", _NS, _TASK)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
