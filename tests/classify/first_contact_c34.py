"""Builds first-contact batch C34 (fixtures/first-contact/batch-c34/cases.jsonl) as scenario bundles.

Round 34's frame: the bug-fix commits (since 2024-01-01, GPU-filtered) of GoogleCloudPlatform/cluster-toolkit,
GoogleCloudPlatform/ai-on-gke, awslabs/ai-on-eks and aws/eks-anywhere. Two cases, both from ai-on-gke's
"Train a model with GPUs on GKE Standard mode" example (tutorials-and-examples/gpu-examples/training-single-gpu),
whose Job runs tensorflow/tensorflow:latest-gpu on one T4:

- fc3401: TF 2.16+ ships Keras 3 and the example's training script breaks (PR #794; prose);
- fc3402: after #794 the script saves to /data/mnist_saved_model/mnist.keras without creating the directory
  (PR #831; prose).

Both texts are the PRs' own words and are not placed in the bundle (TEXT_NOT_IN_BUNDLE). The failing pod's log
lines (TensorFlow's GPU start-up lines, the Keras traceback) are composed, not quoted: neither PR quotes an error;
each scenario's description says so. Names, versions and machine shapes are assumed. The expected answer was
reasoned from the fix and committed before any run; it is never taken from the tool's output.

    .venv/bin/python -m tests.classify.first_contact_c34      # (re)writes fixtures/first-contact/batch-c34/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c34", "C34", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the PRs' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3401", "fc3402"}

_K8S = "v1.30.3-gke.1639000"
_KS = "kube-system"
_NS = "default"
_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.90+",
         "containerRuntimeVersion": "containerd://1.7.19", "kubeletVersion": _K8S, "kubeProxyVersion": _K8S}
_GPU_NODE = "gke-ml-cluster-gpu-pool-5c1f8a2d-h7qz"
_CPU_NODE = "gke-ml-cluster-default-pool-9b3e41c7-2mxd"
_PLUGIN_IMG = ("gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:"
               "3f6a0c2d9e8b7a1f4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b")


def _gke(w) -> None:
    """GKE Standard: a default CPU pool node and a T4 pool node (n1-standard-4 + 1 x nvidia-tesla-t4, GKE-managed
    driver, GKE's nvidia-gpu-device-plugin DaemonSet Running)."""
    w.git_version = _K8S
    c = w.node(_CPU_NODE, cpu="4", memory="15358024Ki", alloc_cpu="3920m", alloc_memory="12085328Ki",
               labels={"cloud.google.com/gke-nodepool": "default-pool",
                       "node.kubernetes.io/instance-type": "e2-standard-4",
                       "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-c",
                       "cloud.google.com/gke-os-distribution": "cos"})
    node_info(c, **_INFO)
    g = w.node(_GPU_NODE, gpus=1, cpu="4", memory="15358024Ki", alloc_cpu="3920m", alloc_memory="12085328Ki",
               labels={"cloud.google.com/gke-nodepool": "gpu-pool", "node.kubernetes.io/instance-type": "n1-standard-4",
                       "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-c",
                       "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-gpu": "true",
                       "cloud.google.com/gke-gpu-driver-version": "default"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(g, **_INFO)
    labels = {"k8s-app": "nvidia-gpu-device-plugin"}
    ds = "nvidia-gpu-device-plugin-small-cos"
    daemonset(w, _KS, ds, desired=1, containers=[("nvidia-gpu-device-plugin", _PLUGIN_IMG)],
              tolerations=[{"operator": "Exists"}], labels=labels,
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    ds_pod(w, _KS, ds, f"{ds}-x4k2p", _GPU_NODE, containers=("nvidia-gpu-device-plugin",), image=_PLUGIN_IMG,
           labels=labels)


_TF_START = (
    "I0000 00:00:1725350112.482915      41 cuda_executor.cc:1015] successful NUMA node read from SysFS had negative "
    "value (-1), but there must be at least one NUMA node, so returning NUMA node zero.\n"
    "I0000 00:00:1725350112.905114      41 gpu_device.cc:2021] Created device "
    "/job:localhost/replica:0/task:0/device:GPU:0 with 13775 MB memory:  -> device: 0, name: Tesla T4, pci bus id: "
    "0000:00:04.0, compute capability: 7.5\n")


def _job_pod(w, name: str, log: str) -> None:
    """The example's Job pod (standard-tf-mnist-train.yaml): tensorflow/tensorflow:latest-gpu, one nvidia.com/gpu,
    nodeSelector gke-accelerator nvidia-tesla-t4, the GPU toleration, a GCS FUSE volume at /data, restartPolicy
    Never; the container terminated with exit code 1."""
    st = {"tensorflow": {"state": {"terminated": {"exitCode": 1, "reason": "Error",
                                                  "startedAt": "2026-11-29T14:50:00Z",
                                                  "finishedAt": "2026-11-29T14:55:00Z"}},
                         "ready": False, "restartCount": 0}}
    p = w.pod(_NS, name, node=_GPU_NODE, gpu=1, phase="Failed", image="tensorflow/tensorflow:latest-gpu",
              containers=("tensorflow",), cpu="1", memory="3Gi", owner=("Job", "mnist-training-job"),
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              volumes=[{"name": "gcs-fuse-csi-vol", "csi": {"driver": "gcsfuse.csi.storage.gke.io", "readOnly": False,
                                                            "volumeAttributes": {"bucketName": "ml-mnist-bucket",
                                                                                 "mountOptions": "implicit-dirs"}}}],
              mounts=[{"name": "gcs-fuse-csi-vol", "mountPath": "/data"}], statuses=st,
              labels={"job-name": "mnist-training-job"},
              extra_spec={"restartPolicy": "Never", "serviceAccountName": "ml-ksa"})
    p["metadata"]["annotations"] = {"gke-gcsfuse/volumes": "true"}
    w.log(_NS, name, "tensorflow", log)
    w.workload("Job", _NS, "mnist-training-job", template_pod=p,
               status={"failed": 1, "active": 0, "startTime": "2026-11-29T14:49:55Z"})
    w.target("Pod", _NS, name)


# ---- fc3401: Keras 3 (TF 2.16+) breaks the single-GPU training job (PR #794) ----------------------------------

def _c01_log() -> str:
    return (
        "Successfully installed tensorflow-datasets-4.9.6\n"
        + _TF_START +
        "Number of devices: 1\n"
        "Epoch 12/12\n"
        "938/938 - 3s - 3ms/step - accuracy: 0.9954 - loss: 0.0201 - learning_rate: 1.0000e-05\n"
        "Learning rate for epoch 12 is 9.999999747378752e-06\n"
        "Traceback (most recent call last):\n"
        "  File \"/data/tensorflow-mnist-example/tensorflow_mnist_train_distributed.py\", line 99, in <module>\n"
        "    model.load_weights(tf.train.latest_checkpoint(checkpoint_dir))\n"
        "  File \"/usr/local/lib/python3.11/dist-packages/keras/src/utils/traceback_utils.py\", line 122, in "
        "error_handler\n"
        "    raise e.with_traceback(filtered_tb) from None\n"
        "  File \"/usr/local/lib/python3.11/dist-packages/keras/src/saving/saving_api.py\", line 275, in "
        "load_weights\n"
        "    raise ValueError(\n"
        "ValueError: File format not supported: filepath=None. Keras 3 only supports V3 `.keras` and `.weights.h5` "
        "files, or legacy V1/V2 `.h5` files.\n")


@case("fc3401", pod_subj("mnist-training-job-7tq4w", _NS),
      "GKE Standard v1.30.3-gke.1639000 (assumed), COS nodes: one default-pool node (e2-standard-4) and one GPU "
      "node (n1-standard-4 + 1 x Tesla T4, nvidia-tesla-t4 pool, GKE-managed driver, taint nvidia.com/gpu; names "
      "and shapes assumed), GKE's nvidia-gpu-device-plugin DaemonSet Running. The example's Job mnist-training-job "
      "(its manifest as of the release before the fix: tensorflow/tensorflow:latest-gpu, which by then carried "
      "TF 2.16+ and Keras 3; nvidia.com/gpu 1; GCS FUSE bucket at /data; restartPolicy Never) has one Failed pod "
      "(exit code 1). Its log is composed, not quoted (the PR quotes no error): pip's last line, TensorFlow's GPU "
      "start-up lines for the T4, the last epoch, and a Keras 3 traceback at model.load_weights("
      "tf.train.latest_checkpoint(...)) ending in 'File format not supported: filepath=None' (the message's form "
      "from Keras 3's saving_api.load_weights as other public tracebacks show it; line numbers assumed). The case's "
      "text is the PR's prose and is not in the bundle.")
def _(w, t):
    _gke(w)
    _job_pod(w, "mnist-training-job-7tq4w", _c01_log())


# ---- fc3402: the model directory does not exist when the Keras 3 script saves (PR #831) ---------------------------

def _c02_log() -> str:
    return (
        "Successfully installed tensorflow-datasets-4.9.6\n"
        + _TF_START +
        "Number of devices: 1\n"
        "Epoch 12/12\n"
        "938/938 - 3s - 3ms/step - accuracy: 0.9951 - loss: 0.0212 - learning_rate: 1.0000e-05\n"
        "Learning rate for epoch 12 is 9.999999747378752e-06\n"
        "157/157 - 1s - 5ms/step - accuracy: 0.9893 - loss: 0.0351\n"
        "Eval loss: 0.03512294217944145, Eval accuracy: 0.989300012588501\n"
        "Traceback (most recent call last):\n"
        "  File \"/data/tensorflow-mnist-example/tensorflow_mnist_train_distributed.py\", line 114, in <module>\n"
        "    model.save(path)\n"
        "  File \"/usr/local/lib/python3.11/dist-packages/keras/src/utils/traceback_utils.py\", line 122, in "
        "error_handler\n"
        "    raise e.with_traceback(filtered_tb) from None\n"
        "  File \"/usr/lib/python3.11/zipfile/__init__.py\", line 1331, in __init__\n"
        "    self.fp = io.open(file, filemode)\n"
        "              ^^^^^^^^^^^^^^^^^^^^^^^\n"
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/mnist_saved_model/mnist.keras'\n")


@case("fc3402", pod_subj("mnist-training-job-m2r8c", _NS),
      "The same GKE Standard cluster as fc3401 (all assumed): one default-pool node, one n1-standard-4 + 1 x Tesla "
      "T4 node with the GKE-managed driver and device plugin Running. The example's Job mnist-training-job, its "
      "script as PR #794 left it (Keras 3 API, model saved to /data/mnist_saved_model/mnist.keras on the GCS FUSE "
      "mount, the directory never created), has one Failed pod (exit code 1). Its log is composed, not quoted (the "
      "PR quotes no error): TensorFlow's GPU start-up lines, the last epoch, the evaluation line, and a traceback "
      "at model.save(path) ending in FileNotFoundError for /data/mnist_saved_model/mnist.keras (form assumed from "
      "Python's zipfile; line numbers assumed). The case's text is the PR's prose and is not in the bundle.")
def _(w, t):
    _gke(w)
    _job_pod(w, "mnist-training-job-m2r8c", _c02_log())


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
