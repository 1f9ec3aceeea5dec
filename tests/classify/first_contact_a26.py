"""Builds first-contact batch A26 (fixtures/first-contact/batch-a26/cases.jsonl) as scenario bundles.

GPU failures of homelab media / NVR / photo / transcoding apps on Kubernetes (round 26, search protocol): TrueNAS
SCALE's Tdarr app whose new image's ffmpeg needs NVENC API 12.0 while the appliance ships driver 515.65.01
(truenas/charts#1409), and Immich's machine learning holding 10.7 GB of a time-sliced Tesla T4 so that llama-swap,
another tenant of the same GPU, cannot load its model (a homelab's infra commit 052c776e and its post-mortem).
fa2601's text is placed verbatim where the thread says it appeared (the Tdarr container's log of the failed NVENC
job); fa2602's text is the commit message's prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The
expected answer was reasoned from the documents (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the documents do not state (TrueNAS release, k3s and kernel strings, GPU model, pod and image
names, log lines around the quote, nvidia-smi output) are filled in plausibly; each scenario's README says which
parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a26      # (re)writes fixtures/first-contact/batch-a26/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a26", "A26", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the document's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2602"}


# ---- fa2601: TrueNAS SCALE Tdarr app, image's ffmpeg needs NVENC API 12.0, driver 515.65.01 -------------------

_A01_NODE = "ix-truenas"
_A01_NS = "ix-tdarr"
_A01_RS = "tdarr-7d9c6b8f5"
_A01_POD = f"{_A01_RS}-k2x8q"
_A01_IMAGE = "haveagitgat/tdarr:2.00.21"
_A01_SMI = """+-----------------------------------------------------------------------------+
| NVIDIA-SMI 515.65.01    Driver Version: 515.65.01    CUDA Version: 11.7     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  NVIDIA GeForce ...  Off  | 00000000:01:00.0 Off |                  N/A |
|  0%   38C    P8     7W / 151W |      1MiB /  8192MiB |      0%      Default |
|                               |                      |                  N/A |
+-------------------------------+----------------------+----------------------+
"""


def _a01_log(t: str) -> str:
    head = [
        "[2023-07-27T09:12:03.114] [INFO] Tdarr_Server - Starting Tdarr_Server",
        "[2023-07-27T09:12:04.502] [INFO] Tdarr_Node - Starting Tdarr_Node",
        "[2023-07-27T09:12:05.031] [INFO] Tdarr_Node - Node connected & registered, count:1",
        "[2023-07-27T09:14:41.877] [INFO] Tdarr_Node - Job start: transcode_gpu worker-1 "
        "/media/tv/Show/Season 01/Show - S01E01.mkv",
        "ffmpeg version 6.0-Tdarr Copyright (c) 2000-2023 the FFmpeg developers",
        "Stream mapping:",
        "  Stream #0:0 -> #0:0 (h264 (native) -> hevc (hevc_nvenc))",
        "  Stream #0:1 -> #0:1 (copy)",
    ]
    tail = [
        "Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0 - maybe "
        "incorrect parameters such as bit_rate, rate, width or height",
        "Conversion failed!",
        "[2023-07-27T09:14:42.406] [ERROR] Tdarr_Node - Job failed: transcode_gpu worker-1 "
        "/media/tv/Show/Season 01/Show - S01E01.mkv",
    ]
    return "\n".join(head + [t] + tail) + "\n"


@case("fa2601", pod_subj(_A01_POD, _A01_NS),
      "TrueNAS SCALE 22.12.3 (Bluefin; release assumed from the thread's driver 515.65.01 and its July 2023 date) "
      f"single-node k3s (node {_A01_NODE}; k3s v1.25.3+k3s-9afcd6b9-dirty, kernel and containerd strings assumed) "
      "with one NVIDIA GeForce GTX 1070 (assumed) driven by the host driver 515.65.01 shipped with the release and "
      "the NVIDIA runtime; the NVIDIA device plugin DaemonSet in kube-system advertises nvidia.com/gpu 1. TrueNAS's "
      f"own Tdarr app (chart updated to its latest version, namespace {_A01_NS} as TrueNAS names app namespaces; "
      f"pod {_A01_POD} and image {_A01_IMAGE} assumed) requests the GPU and is Running. Its container log "
      "(illustrative Tdarr and ffmpeg lines around the quote) carries the two quoted messages verbatim, as the "
      "thread quotes them (without ffmpeg's '[hevc_nvenc @ 0x...]' prefix); `nvidia-smi` in the container shows "
      "driver 515.65.01 (assumed output).")
def _(w, t):
    w.git_version = "v1.25.3+k3s-9afcd6b9-dirty"
    host_node(w, _A01_NODE, gpus=1,
              labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"},
              info={"osImage": "Debian GNU/Linux 11 (bullseye)", "kernelVersion": "5.15.107+truenas",
                    "containerRuntimeVersion": "containerd://1.6.8-k3s1",
                    "kubeletVersion": "v1.25.3+k3s-9afcd6b9-dirty", "kubeProxyVersion": "v1.25.3+k3s-9afcd6b9-dirty"})
    sized(w.get_node(_A01_NODE), "8", "32806900Ki")
    dp = plugin_pod(w, _A01_NODE, "nvidia-device-plugin-daemonset-9m4lq", image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [dp])
    env = [{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"},
           {"name": "serverIP", "value": "0.0.0.0"}, {"name": "serverPort", "value": "8266"},
           {"name": "webUIPort", "value": "8265"}, {"name": "internalNode", "value": "true"},
           {"name": "nodeName", "value": "tdarr-internal-node"}, {"name": "TZ", "value": "Etc/UTC"}]
    p = w.pod(_A01_NS, _A01_POD, node=_A01_NODE, gpu=1, containers=("tdarr",), image=_A01_IMAGE,
              owner=("ReplicaSet", _A01_RS), cpu="10m", memory="50Mi", memory_limit="8Gi", env=env,
              labels={"app.kubernetes.io/name": "tdarr", "app.kubernetes.io/instance": "tdarr"})
    w.workload("Deployment", _A01_NS, "tdarr", template_pod=p, strategy={"type": "Recreate"}, revision="4",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 4})
    w.log(_A01_NS, _A01_POD, "tdarr", _a01_log(t))
    w.exec(_A01_NS, _A01_POD, "tdarr", ["nvidia-smi"], _A01_SMI)
    w.target("Pod", _A01_NS, _A01_POD)


# ---- fa2602: immich-machine-learning holds 10.7 GB of a time-sliced T4; llama-swap cannot load its model --------

_A02_NODE = "k8s-node1"
_A02_CPU_NODE = "k8s-node2"
_A02_NS = "llama-cpp"
_A02_RS = "llama-swap-5f7d9c8b6"
_A02_POD = f"{_A02_RS}-w4n2p"
_A02_SHARED = {"nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
               "nvidia.com/gpu.product": "Tesla-T4-SHARED", "nvidia.com/gpu.count": "1"}
_A02_LOG = """[INFO] llama-swap listening on :8080
[INFO] <qwen3-8b> starting: /app/llama-server --port 5801 -m /models/Qwen3-8B-Q4_K_M.gguf -ngl 99 -c 16384
ggml_cuda_init: GGML_CUDA_FORCE_MMQ:    no
ggml_cuda_init: GGML_CUDA_FORCE_CUBLAS: no
ggml_cuda_init: found 1 CUDA devices:
  Device 0: Tesla T4, compute capability 7.5, VMM: yes
llama_model_load_from_file_impl: using device CUDA0 (Tesla T4) - 2214 MiB free
load_tensors: offloading 36 repeating layers to GPU
load_tensors: offloaded 37/37 layers to GPU
ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4455.00 MiB on device 0: cudaMalloc failed: out of memory
alloc_tensor_range: failed to allocate CUDA0 buffer of size 4671406080
llama_model_load: error loading model: unable to allocate CUDA0 buffer
llama_model_load_from_file_impl: failed to load model
common_init_from_params: failed to load model '/models/Qwen3-8B-Q4_K_M.gguf'
main: exiting due to model loading error
[ERROR] <qwen3-8b> upstream command exited prematurely with code 1
[INFO] Request 10.244.2.31 "POST /v1/chat/completions HTTP/1.1" 502 Bad Gateway
"""
_A02_SMI = """+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 570.172.08             Driver Version: 570.172.08     CUDA Version: 12.8     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  Tesla T4                       On  |   00000000:3B:00.0 Off |                    0 |
| N/A   54C    P0             31W /   70W |   13146MiB /  15360MiB |      9%      Default |
|                                         |                        |                  N/A |
+-----------------------------------------+------------------------+----------------------+
"""
_A02_RECRUITER_LOG = """INFO imap: IDLE woke, 1 new message(s)
INFO triage: classifying message uid=48213
ERROR triage: llama-swap request failed: 502 Bad Gateway (http://llama-swap.llama-cpp.svc:8080/v1/chat/completions)
WARNING imap: leaving uid=48213 unseen for retry
"""


@case("fa2602", pod_subj(_A02_POD, _A02_NS),
      "A self-managed Kubernetes cluster (v1.33.5 assumed; the commit names no version) managed with Terraform: "
      f"GPU node {_A02_NODE} with one Tesla T4 (16 GB), GPU Operator stack healthy (assumed from the commit's "
      "nodeSelector nvidia.com/gpu.present), its device plugin time-slicing the T4 into 4 nvidia.com/gpu replicas "
      "(replica count assumed), all 4 held by Running pods: immich/immich-machine-learning (the -cuda image, "
      "MACHINE_LEARNING_MODEL_TTL=0), immich/immich-server (NVENC transcoding), frigate/frigate and "
      f"{_A02_NS}/{_A02_POD} (llama-swap); a second, CPU node runs recruiter-responder. llama-swap's log "
      "(illustrative, modelled on llama.cpp's allocation-failure lines with the post-mortem's 4455 MiB: the model "
      "load finds ~2.2 GB free, cudaMalloc fails, llama-server exits, llama-swap answers 502) and recruiter-responder's "
      "log of the 502 are assumed; `nvidia-smi` in the llama-swap container shows the T4 at 13146MiB / 15360MiB "
      "used (assumed output). Names, images and versions are assumed. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    n = w.gpu_node(_A02_NODE, gpus=4, product="Tesla-T4", memory_mib=15360, cpu="24", memory="131868300Ki",
                   labels=_A02_SHARED)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    c = w.node(_A02_CPU_NODE, cpu="16", memory="65842768Ki")
    node_info(c, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    sel = {"nvidia.com/gpu.present": "true"}

    def tenant(ns, rs, pod, container, image, env=None, cpu="500m", memory="4Gi"):
        p = w.pod(ns, f"{rs}-{pod}", node=_A02_NODE, gpu=1, containers=(container,), image=image,
                  owner=("ReplicaSet", rs), node_selector=sel, tolerations=GPU_TOLERATION, env=env, cpu=cpu,
                  memory=memory, labels={"app.kubernetes.io/name": container})
        w.workload("Deployment", ns, rs.rsplit("-", 1)[0], template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
        return p

    tenant("immich", "immich-machine-learning-6b8f7d9c4", "q7r2t", "immich-machine-learning",
           "ghcr.io/immich-app/immich-machine-learning:v2.1.0-cuda",
           env=[{"name": "MACHINE_LEARNING_MODEL_TTL", "value": "0"},
                {"name": "MACHINE_LEARNING_CACHE_FOLDER", "value": "/cache"}], memory="12Gi")
    tenant("immich", "immich-server-7c5d8b9f6", "h3k9m", "immich-server", "ghcr.io/immich-app/immich-server:v2.1.0",
           env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,video,utility"}])
    tenant("frigate", "frigate-84d6f7c9b5", "z8v4c", "frigate", "ghcr.io/blakeblackshear/frigate:0.16.1-tensorrt",
           memory="6Gi")
    tenant(_A02_NS, _A02_RS, "w4n2p", "llama-swap", "ghcr.io/mostlygeek/llama-swap:cuda", cpu="2", memory="16Gi")
    w.log(_A02_NS, _A02_POD, "llama-swap", _A02_LOG)
    w.exec(_A02_NS, _A02_POD, "llama-swap", ["nvidia-smi"], _A02_SMI)
    rr = w.pod("recruiter-responder", "recruiter-responder-6f9b7c5d8-p2l6x", node=_A02_CPU_NODE, gpu=0,
               containers=("recruiter-responder",), image="registry.home.arpa/recruiter-responder:2026.06.01",
               owner=("ReplicaSet", "recruiter-responder-6f9b7c5d8"), cpu="100m", memory="256Mi",
               env=[{"name": "LLM_BASE_URL", "value": "http://llama-swap.llama-cpp.svc:8080/v1"}])
    w.workload("Deployment", "recruiter-responder", "recruiter-responder", template_pod=rr,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    w.log("recruiter-responder", "recruiter-responder-6f9b7c5d8-p2l6x", "recruiter-responder", _A02_RECRUITER_LOG)
    w.target("Pod", _A02_NS, _A02_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
