"""Builds first-contact batch C22 (fixtures/first-contact/batch-c22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the PyTorch elastic / torchrun / DeepSpeed / Megatron theme (rendezvous,
/dev/shm, NCCL timeouts, pod restarts), found with the search tool (round 22, search protocol: 24 fixed queries,
6 per corpus, sent once each round-robin; see the batch README). One case: fc2201 (a juejin.cn post-mortem,
'Shm On K8S') places its quoted DataLoader error verbatim as the last line of a training pod's previous container
log. No prose case. The expected answer was reasoned from the post (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Names and versions the post does not state (node and pod names, image tag, GPU model, Kubernetes version, the
traceback lines before the quoted one) are filled in plausibly; the scenario's README says which parts are
assumed.

    .venv/bin/python -m tests.classify.first_contact_c22      # (re)writes fixtures/first-contact/batch-c22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import host_node
from tests.classify.first_contact_common import backoff, crashloop
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c22", "C22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- application: DataLoader workers exhaust the default 64M /dev/shm (juejin 'Shm On K8S') ----------------

_NS = "ai-train"
_POD = "pytorchssd-train-20200908-7xk2p"


@case("fc2201", pod_subj(_POD, _NS),
      "Vanilla Kubernetes v1.18.8 (assumed; the post names no distribution or version; a 2020 post) with one GPU "
      "node, gpu-node-01 (Ubuntu 18.04, Docker 19.03 as the runtime: the post runs the image with docker), 1 GPU "
      "(the post's container sees /dev/nvidia0; a Tesla V100 assumed), host driver and NVIDIA container runtime "
      "(names and versions assumed). Namespace ai-train (assumed) "
      "holds the Job pytorchssd-train-20200908 (name after the post's training-code path; image tag assumed: the "
      "post runs an image by its id 0f3bd9e6a0c3) whose pod requests nvidia.com/gpu 1 and mounts the training "
      "code and the dataset, but no in-memory emptyDir at /dev/shm (the 64M runtime default the post shows). "
      "The container (python train.py with DataLoader num_workers 4) has exited with code 1 six times and is in "
      "CrashLoopBackOff with the kubelet's BackOff event; its previous log ends with the quoted RuntimeError, "
      "the DataLoader traceback lines before it are illustrative (the post quotes only the last line).")
def _(w, t):
    w.git_version = "v1.18.8"
    node = "gpu-node-01"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "Tesla-V100-PCIE-32GB"},
              info=dict(osImage="Ubuntu 18.04.5 LTS", kernelVersion="4.15.0-112-generic",
                        containerRuntimeVersion="docker://19.3.12", kubeletVersion="v1.18.8",
                        kubeProxyVersion="v1.18.8"))
    vols = [{"name": "traincode", "hostPath": {"path": "/mnt/mfs/traincodes/test-20200908/V0000001/PytorchSSD"}},
            {"name": "dataset", "hostPath": {"path": "/mnt/mfs/data"}}]
    mounts = [{"name": "traincode", "mountPath": "/app"}, {"name": "dataset", "mountPath": "/dataset"}]
    p = w.pod(_NS, _POD, node=node, gpu=1, containers=("train",), image="registry.local/ai/pytorchssd:20200908",
              owner=("Job", "pytorchssd-train-20200908"), labels={"job-name": "pytorchssd-train-20200908"},
              volumes=vols, mounts=mounts, cpu="8", memory="32Gi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    p["spec"]["restartPolicy"] = "OnFailure"
    c = p["spec"]["containers"][0]
    c["command"] = ["python", "train.py"]
    c["workingDir"] = "/app"
    crashloop(p, "train", restarts=6, code=1)
    log = ("=> loading dataset from /dataset\n"
           "Traceback (most recent call last):\n"
           "  File \"train.py\", line 214, in <module>\n"
           "    train()\n"
           "  File \"train.py\", line 161, in train\n"
           "    for iteration, (images, targets) in enumerate(data_loader):\n"
           "  File \"/opt/conda/lib/python3.7/site-packages/torch/utils/data/dataloader.py\", line 345, in __next__\n"
           "    data = self._next_data()\n"
           "  File \"/opt/conda/lib/python3.7/site-packages/torch/utils/data/dataloader.py\", line 841, in _next_data\n"
           "    idx, data = self._get_data()\n"
           "  File \"/opt/conda/lib/python3.7/site-packages/torch/utils/data/dataloader.py\", line 808, in _get_data\n"
           "    success, data = self._try_get_data()\n"
           "  File \"/opt/conda/lib/python3.7/site-packages/torch/utils/data/dataloader.py\", line 761, in _try_get_data\n"
           "    data = self._data_queue.get(timeout=timeout)\n"
           "  File \"/opt/conda/lib/python3.7/queue.py\", line 179, in get\n"
           "    self.not_empty.wait(remaining)\n"
           "  File \"/opt/conda/lib/python3.7/threading.py\", line 300, in wait\n"
           "    gotit = waiter.acquire(True, timeout)\n"
           "  File \"/opt/conda/lib/python3.7/site-packages/torch/utils/data/_utils/signal_handling.py\", line 66, in handler\n"
           "    _error_if_any_worker_fails()\n"
           + t + "\n")
    w.log(_NS, _POD, "train", log, previous=True)
    backoff(w, _NS, _POD, "train", node, count=14)
    w.target("Pod", _NS, _POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
