"""The log recognisers, as data: one `Signature` per message shape.

Each signature has the literal keywords that any line it matches must contain
(the union of all keywords is the one combined pre-filter, see `log_scan`), a
compiled pattern, a parameter builder and a real sample line it must match.
Within a `family` only the first matching signature yields a fact for a line
(specific PyTorch OOM before generic OOM, cuda-validator line before the bare
CUDA error it quotes).

Sample:

    >>> from triage.evidence.log_scan import scan_log
    >>> scan_log("ValueError: The model's max seq len (32768) is larger than the maximum number "
    ...          "of tokens that can be stored in KV cache (7344).")[0].as_dict()
    {'kv_cache_tokens': 7344, 'max_model_len': 32768}
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from triage.evidence.log_facts import LogFact, LogKind as K
from triage.evidence.log_params import (
    SIZE, Builder, container_cli, cuda_validation, groups, hf_repo, image_pull, to_int, no_params,
    nvml_generation, search, to_bytes, torch_oom, with_params,
)


@dataclass(frozen=True)
class Signature:
    """One recogniser: a line containing one of `keywords` and matching `pattern`
    yields a `kind` fact with `build(match, line)` as params (None: no fact)."""

    name: str
    kind: K
    keywords: tuple[str, ...]
    pattern: re.Pattern[str]
    build: Builder
    sample: str
    family: str | None = None


def _sig(name: str, kind: K, keywords: tuple[str, ...] | str, pattern: str, sample: str,
         build: Builder = groups, family: str | None = None) -> Signature:
    kws = (keywords,) if isinstance(keywords, str) else keywords
    return Signature(name, kind, kws, re.compile(pattern), build, sample, family)


SIGNATURES: tuple[Signature, ...] = (
    # --- CUDA memory -------------------------------------------------------------
    _sig("torch_oom", K.CUDA_OOM, "out of memory", r"CUDA out of memory\. Tried to allocate",
         "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 74.16 GiB. GPU 0 has a total capacity of "
         "44.40 GiB of which 29.89 GiB is free. Process 2684311 has 14.51 GiB memory in use.",
         torch_oom, "oom"),
    _sig("xla_oom", K.CUDA_OOM, ("Out of memory while trying", "OOM when allocating"),
         r"RESOURCE_EXHAUSTED: Out of memory while trying to allocate (?P<tried_size>\d{1,20} bytes)|OOM when allocating tensor",
         "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.",
         with_params(groups, format="xla"), "oom"),
    # TGI's warmup: its own wording, and the older PyTorch allocator message its router quotes
    _sig("tgi_warmup_oom", K.CUDA_OOM, ("prefill tokens", "would exceed allowed memory"),
         r"Not enough memory to handle (?P<prefill_tokens>\d{1,9}) prefill tokens"
         r"|Allocation on device (?P<gpu>\d{1,3}) would exceed allowed memory\. \(out of memory\)",
         "RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`",
         with_params(groups, format="tgi_warmup"), "oom"),
    _sig("cuda_oom_generic", K.CUDA_OOM, ("out of memory", "cudaErrorMemoryAllocation"),
         r"CUDA (?:error: )?out of memory|cudaErrorMemoryAllocation",
         "RuntimeError: CUDA error: out of memory", with_params(no_params, format="generic"), "oom"),
    # --- CUDA errors (validator line first: it quotes the CUDA error) -------------
    _sig("cuda_validation", K.CUDA_VALIDATION_FAILED, "(error code ",
         r"Failed to (?P<step>[^()]{1,80}?) \(error code (?P<error>.{1,200}?)\)!",
         "Failed to allocate device vector A (error code no CUDA-capable device is detected)!",
         cuda_validation, "cuda_error"),
    _sig("cuda_not_initialized", K.CUDA_SYSTEM_NOT_INITIALIZED,
         ("system not yet initialized", "cudaErrorSystemNotReady", "error 802"),
         r"system not yet initialized|cudaErrorSystemNotReady|CUDA error 802|error 802\b",
         "RuntimeError: CUDA error: system not yet initialized", no_params, "cuda_error"),
    _sig("cuda_driver_insufficient", K.CUDA_DRIVER_TOO_OLD, ("driver version is insufficient", "cudaErrorInsufficientDriver"),
         r"CUDA driver version is insufficient for CUDA runtime version|cudaErrorInsufficientDriver",
         "RuntimeError: CUDA driver version is insufficient for CUDA runtime version",
         with_params(no_params, variant="insufficient"), "cuda_error"),
    _sig("torch_driver_too_old", K.CUDA_DRIVER_TOO_OLD, "driver on your system is too old",
         r"The NVIDIA driver on your system is too old \(found version (?P<found_version>\d{1,9})\)",
         "AssertionError: The NVIDIA driver on your system is too old (found version 10010).",
         with_params(groups, variant="torch"), "cuda_error"),
    _sig("cuda_forward_compat", K.CUDA_DRIVER_TOO_OLD, "forward compatibility was attempted",
         r"forward compatibility was attempted on non supported HW",
         "RuntimeError: CUDA error: forward compatibility was attempted on non supported HW",
         with_params(no_params, variant="forward_compat"), "cuda_error"),
    _sig("cuda_device_busy", K.CUDA_DEVICE_BUSY, ("busy or unavailable", "cudaErrorDevicesUnavailable"),
         r"CUDA-capable device\(s\) is/are busy or unavailable|cudaErrorDevicesUnavailable",
         "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable", no_params, "cuda_error"),
    _sig("cuda_ecc", K.CUDA_ECC_ERROR, ("uncorrectable ECC error", "cudaErrorECCUncorrectable"),
         r"uncorrectable ECC error encountered|cudaErrorECCUncorrectable",
         "RuntimeError: CUDA error: uncorrectable ECC error encountered", no_params, "cuda_error"),
    _sig("cuda_kernel_fault", K.CUDA_KERNEL_FAULT,
         ("illegal memory access", "unspecified launch failure", "device-side assert", "misaligned address",
          "illegal instruction was encountered"),
         r"(?P<error>an illegal memory access was encountered|unspecified launch failure|device-side assert triggered"
         r"|misaligned address|an illegal instruction was encountered)",
         "RuntimeError: CUDA error: an illegal memory access was encountered", groups, "cuda_error"),
    _sig("no_nvidia_driver", K.NO_NVIDIA_DRIVER, "Found no NVIDIA driver", r"Found no NVIDIA driver on your system",
         "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver",
         no_params, "cuda_error"),
    _sig("no_cuda_device", K.NO_CUDA_DEVICE, ("CUDA-capable device", "cudaErrorNoDevice"),
         r"no CUDA-capable device is detected|cudaErrorNoDevice",
         "RuntimeError: CUDA error: no CUDA-capable device is detected", no_params, "cuda_error"),
    _sig("no_kernel_image", K.NO_KERNEL_IMAGE, "no kernel image", r"no kernel image is available for execution on the device",
         "RuntimeError: CUDA error: no kernel image is available for execution on the device", no_params, "cuda_error"),
    _sig("arch_not_compatible", K.NO_KERNEL_IMAGE, "is not compatible with the current PyTorch",
         r"with CUDA capability (?P<arch>sm_\d{1,4}a?) is not compatible with the current PyTorch",
         "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.",
         groups, "cuda_error"),
    # --- NCCL ------------------------------------------------------------------------
    _sig("nccl_watchdog", K.NCCL_TIMEOUT, "Watchdog caught collective operation timeout",
         r"Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(?P<seq>\d{1,18}), OpType=(?P<op>\w{1,40})"
         r"(?:, [^)]{0,200}?)?, Timeout\(ms\)=(?P<timeout_ms>\d{1,18})\)(?: ran for (?P<ran_ms>\d{1,18}) milliseconds)?",
         "[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, "
         "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.",
         lambda m, line: {**groups(m, line), "rank": to_int(search(r"\[Rank (\d+)\]", line))}, "nccl"),
    _sig("nccl_watchdog_stuck", K.NCCL_TIMEOUT, ("watchdog got stuck", "Some NCCL operations have failed or timed out"),
         r"watchdog got stuck for (?P<stuck_seconds>\d{1,9}) seconds|Some NCCL operations have failed or timed out",
         "[rank3]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 3] ProcessGroupNCCL's watchdog got stuck for 480 seconds "
         "without making progress in monitoring enqueued collectives.", groups, "nccl"),
    _sig("nccl_net", K.NCCL_NETWORK, ("NET/IB", "NET/Socket", "NET/OFI"),
         r"NET/(?P<transport>IB|Socket|OFI)\s*:\s*(?P<detail>.{0,160})",
         "NCCL WARN NET/IB : Got async event : port error", groups, "nccl"),
    _sig("nccl_error", K.NCCL_ERROR, ("NCCL error", "ncclSystemError", "ncclInternalError", "ncclUnhandledCudaError",
                                      "ncclRemoteError", "ncclInvalidUsage", "NCCL communicator was aborted"),
         r"NCCL error[^,]{0,200},\s{0,8}(?P<code>unhandled system error|internal error|unhandled cuda error|remote process exited"
         r" or there was a network error|invalid usage)|(?P<nccl_code>nccl(?:SystemError|InternalError|UnhandledCudaError"
         r"|RemoteError|InvalidUsage))|NCCL error|NCCL communicator was aborted",
         "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, "
         "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
         lambda m, line: {"code": m.group("code") or m.group("nccl_code"),
                          "version": search(r"NCCL version (\d+\.\d+\.\d+)", line)}, "nccl"),
    _sig("nccl_warn", K.NCCL_WARN, "NCCL WARN", r"NCCL WARN\s+(?P<detail>.{1,200})",
         "[3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1 (size 9637888)",
         groups, "nccl"),
    # --- shared memory ----------------------------------------------------------------
    _sig("shm_segment", K.SHM_EXHAUSTED, ("creating shared memory segment", "unable to allocate shared memory"),
         r"Error while creating shared memory segment (?P<segment>\S{1,200})(?: \(size (?P<size>\d{1,18})\))?"
         r"|unable to allocate shared memory",
         "NCCL WARN Error while creating shared memory segment /dev/shm/nccl-xxxxx (size 7340384)",
         lambda m, line: {"segment": m.group("segment"), "size_bytes": to_int(m.group("size"))}, "shm"),
    _sig("shm_no_space", K.SHM_EXHAUSTED, "No space left on device",
         r"(?:shm|posix_fallocate).{0,120}No space left on device|No space left on device.{0,120}shm",
         "[3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device", no_params, "shm"),
    _sig("bus_error", K.BUS_ERROR, ("Bus error", "bus error"),
         r"Bus error \(core dumped\)|killed by signal: Bus error|Unexpected bus error encountered"
         r"|Fatal Python error: Bus error",
         "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
         lambda m, line: {"shm_hint": "shared memory" in line or "shm" in line}, "bus"),
    # --- Hugging Face (one fact per line; the status code decides) -------------------
    _sig("hf_403", K.HF_FORBIDDEN, ("403 Client Error", "not in the authorized list", "rejected by the repo's authors",
                                    "awaiting a review from the repo authors"),
         r"403 Client Error|not in the authorized list|has been rejected by the repo's authors"
         r"|awaiting a review from the repo authors",
         "huggingface_hub.utils._errors.GatedRepoError: 403 Client Error. (Request ID: Root=1-66d1c249)",
         with_params(hf_repo, status=403), "hf"),
    _sig("hf_401", K.HF_UNAUTHORIZED, ("401 Client Error", "Invalid credentials in Authorization", "Invalid user token",
                                       "You must be authenticated to access it", "Repository Not Found for url"),
         r"401 Client Error|Invalid credentials in Authorization header|Invalid user token"
         r"|You must be authenticated to access it|Repository Not Found for url",
         "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
         "https://huggingface.co/api/models/meta-llama/Meta-Llama-3-8B",
         with_params(hf_repo, status=401), "hf"),
    # --- vLLM KV cache -----------------------------------------------------------------
    _sig("vllm_kv_v0", K.VLLM_MAX_LEN_EXCEEDS_KV, "stored in KV cache",
         r"max seq len \((?P<max_model_len>\d{1,12})\) is larger than the maximum number of tokens that can be stored in KV"
         r" cache \((?P<kv_cache_tokens>\d{1,12})\)",
         "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored "
         "in KV cache (7344).", groups, "vllm_kv"),
    _sig("vllm_kv_v1", K.VLLM_MAX_LEN_EXCEEDS_KV, "KV cache is needed",
         rf"(?:max seq len \((?P<max_model_len>\d{1,12})\),?\s{0,8})?\(?(?P<needed_size>{SIZE}) KV cache is needed, which is "
         rf"larger than the available KV cache memory \((?P<available_size>{SIZE})\)",
         "ValueError: To serve at least one request with the models's max seq len (40960), (10.00 GiB KV cache is "
         "needed, which is larger than the available KV cache memory (1.25 GiB).",
         lambda m, line: {**groups(m, line),
                          "estimated_max_len": to_int(search(r"estimated maximum model length is (\d+)", line))},
         "vllm_kv"),
    _sig("vllm_kv_fragment", K.VLLM_MAX_LEN_EXCEEDS_KV,
         ("stored in KV cache", "KV cache is needed", "available KV cache memory", "max seq len", "nsufficient KV cache",
          "KV cache memory is needed"),
         r"max seq len \(|stored in KV cache|KV cache is needed|available KV cache memory|[Ii]nsufficient KV cache",
         "        f\"stored in KV cache ({max_seq_len}). Try increasing \"", with_params(no_params, fragment=True), "vllm_kv"),
    _sig("vllm_free_memory_low", K.VLLM_FREE_MEMORY_LOW, "is less than desired GPU memory utilization",
         r"Free memory on device \((?P<free>\d{1,6}(?:\.\d{1,4})?)/(?P<total>\d{1,6}(?:\.\d{1,4})?) GiB\) on startup is "
         r"less than desired GPU memory utilization \((?P<utilization>[\d.]{1,8}), (?P<wanted>\d{1,6}(?:\.\d{1,4})?) GiB\)",
         "ValueError: Free memory on device (3.21/4.0 GiB) on startup is less than desired GPU memory utilization "
         "(0.85, 3.4 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.",
         lambda m, line: {"free_bytes": to_bytes(m.group("free") + " GiB"),
                          "total_bytes": to_bytes(m.group("total") + " GiB"),
                          "utilization": m.group("utilization"),
                          "wanted_bytes": to_bytes(m.group("wanted") + " GiB")},
         "vllm_kv"),
    _sig("vllm_no_cache_blocks", K.VLLM_NO_CACHE_MEMORY, "No available memory for the cache blocks",
         r"No available memory for the cache blocks",
         "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
         "initializing the engine.", no_params, "vllm_kv"),
    # --- device plugin ---------------------------------------------------------------
    _sig("plugin_nvml_2018", K.PLUGIN_NVML_UNAVAILABLE, "Failed to start nvml",
         r"Failed to start nvml with error:\s*(?P<detail>.{0,160})",
         "2018/05/14 09:11:36 Failed to start nvml with error:  could not load NVML library",
         with_params(groups, generation="2018"), "plugin_nvml"),
    _sig("plugin_nvml_v014", K.PLUGIN_NVML_UNAVAILABLE, ("Failed to initialize NVML: could not load NVML library",
                                                         "ERROR_LIBRARY_NOT_FOUND"),
         r"Failed to initialize NVML: (?:could not load NVML library|ERROR_LIBRARY_NOT_FOUND)",
         "2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.",
         nvml_generation("v0.14"), "plugin_nvml"),
    _sig("plugin_nvml_v015", K.PLUGIN_NVML_UNAVAILABLE,
         ("Incompatible strategy detected", "invalid device discovery strategy", "NVML not detected",
          "Incompatible platform detected", "Detected non-NVML platform"),
         r"Incompatible strategy detected (?P<strategy>\w{1,40})|invalid device discovery strategy|NVML not detected"
         r"|Incompatible platform detected|Detected non-NVML platform",
         "W0819 07:02:54.757556       1 rm.go:109] NVML not detected: could not load NVML library: libnvidia-ml.so.1: "
         "cannot open shared object file: No such file or directory",
         with_params(groups, generation="v0.15+"), "plugin_nvml"),
    _sig("plugin_nvml_generic", K.PLUGIN_NVML_UNAVAILABLE, "could not load NVML library",
         r"could not load NVML library", "error: could not load NVML library",
         nvml_generation("unknown"), "plugin_nvml"),
    _sig("plugin_runtime_hint", K.PLUGIN_RUNTIME_HINT, ("did you set the docker default runtime",
                                                        "did you configure the NVIDIA Container Toolkit"),
         r"did you set the docker default runtime to|did you configure the NVIDIA Container Toolkit",
         "2023/10/19 03:11:54 If this is a GPU node, did you set the docker default runtime to `nvidia`?", no_params),
    _sig("plugin_no_devices", K.PLUGIN_NO_DEVICES, "No devices found", r"No devices found",
         "2019/01/29 07:52:58 No devices found. Waiting indefinitely.", no_params),
    _sig("plugin_xid", K.PLUGIN_XID_UNHEALTHY, "XidCriticalError",
         r"XidCriticalError: Xid=(?P<xid>\d{1,5}) on Device=(?P<device>[\w-]{1,96})(?P<old>, the device will go unhealthy)?",
         "XidCriticalError: Xid=94 on Device=GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8; marking device as unhealthy.",
         lambda m, line: {"xid": int(m.group("xid")), "device": m.group("device"),
                          "format": "2020" if m.group("old") else "current"}),
    _sig("plugin_device_unhealthy", K.PLUGIN_DEVICE_UNHEALTHY, "device marked unhealthy",
         r"'(?P<resource>[^']{1,96})' device marked unhealthy: (?P<device>[\w-]{1,96})",
         "2020/08/10 19:09:42 'nvidia.com/gpu' device marked unhealthy: GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8"),
    _sig("plugin_registered", K.PLUGIN_REGISTERED, "Registered device plugin",
         r"Registered device plugin (?:for '(?P<resource>[^']+)' )?with Kubelet",
         "I0912 08:10:11.411231       1 server.go:165] Registered device plugin for 'nvidia.com/gpu' with Kubelet"),
    _sig("plugin_register_failed", K.PLUGIN_REGISTER_FAILED, ("Could not register device plugin", "failed to register"),
         r"Could not register device plugin|[Ff]ailed to register (?:device )?plugin",
         "2019/01/29 07:52:58 Could not register device plugin: rpc error: code = Unimplemented", no_params),
    _sig("plugin_kubelet_restart", K.PLUGIN_KUBELET_RESTART, "kubelet.sock created",
         r"inotify: (?P<socket>\S{0,200}kubelet\.sock) created, restarting",
         "I0912 08:10:11.411231       1 main.go:295] inotify: /var/lib/kubelet/device-plugins/kubelet.sock created, restarting."),
    _sig("plugin_allocate_unavailable", K.PLUGIN_ALLOCATE_UNAVAILABLE, "requested number of devices unavailable",
         r"requested number of devices unavailable for (?P<resource>[\w./-]{1,96}?)\.? Requested: ?(?P<requested>\d{1,9}), "
         r"Available: ?(?P<available>\d{1,9})",
         "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, "
         "Available: 0, which is unexpected"),
    _sig("gpu_lost", K.GPU_LOST, ("GPU is lost", "fallen off the bus"),
         r"GPU is lost|fallen off the bus",
         "Unable to determine the device handle for GPU 0000:C1:00.0: GPU is lost.  Reboot the system to recover this GPU",
         lambda m, line: {"pci": search(r"(?:GPU|PCI:?)\s*([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)", line),
                          "fallen_off_bus": "fallen off the bus" in line}),
    # --- GFD and MIG manager --------------------------------------------------------
    _sig("gfd_error", K.GFD_ERROR, ("labeler", "error getting labels", "rror generating labels", "failed to get MIG devices"),
         r"[Ee]rror creating (?:[\w-]{1,40} ){0,6}labeler|failed to construct (?:[\w-]{1,40} ){0,6}labeler|failed to get MIG devices"
         r"|[Ee]rror getting labels|[Ee]rror generating labels",
         "gpu-feature-discovery: 2022/06/15 03:25:50 Error: error creating NVML labeler: error creating resource "
         "labeler: failed to construct MIG resource labeler",
         lambda m, line: {"mig": "MIG" in line or "mig-strategy" in line}),
    _sig("mig_assertion_normal", K.MIG_ASSERTION_NORMAL, "selected configuration not currently applied",
         r"Assertion failure: selected configuration not currently applied",
         'time="2024-01-02T10:00:00Z" level=fatal msg="Assertion failure: selected configuration not currently applied"',
         no_params, "mig"),
    _sig("mig_apply_failed", K.MIG_APPLY_FAILED, ("rror applying MIG configuration", "ailed to apply MIG config"),
         r"[Ee]rror applying MIG configuration(?: with hooks)?:?\s*(?P<reason>.{0,200})|[Ff]ailed to apply MIG config",
         "FATA[0008] Error applying MIG configuration with hooks: error resetting all GPUs: exit status 255",
         groups, "mig"),
    _sig("mig_config_invalid", K.MIG_CONFIG_INVALID,
         ("invalid MIG", "not a valid", "unknown MIG", "selected mig-config not present"),
         r"invalid MIG (?:config(?:uration)?|profile|device)|not a valid (?:MIG )?profile|unknown MIG (?:config|profile)"
         r"|selected mig-config not present",
         "E0401 23:26:48.266274       1 main.go:123] error starting plugins: error getting plugins: failed to "
         "construct NVML resource managers: error building device map: invalid MIG configuration", no_params, "mig"),
    _sig("mig_state_failed", K.MIG_STATE_FAILED, "mig.config.state",
         r"mig\.config\.state['\"]?(?: node label)?(?: to |=|: ?)['\"]?failed",
         "Changing the 'nvidia.com/mig.config.state' node label to 'failed'", no_params, "mig"),
    _sig("mig_reconfiguring", K.MIG_RECONFIGURING,
         ("Updating to MIG config", "mig.config.state", "ode change pending"),
         r"Updating to MIG config: (?P<config>[\w.-]{1,96})|mig\.config\.state['\"]?(?: node label)?(?: to |=|: ?)['\"]?"
         r"(?P<state>pending|rebooting)|(?:Mode|mode) change pending(?:: true)?",
         'time="2023-12-25T07:53:18Z" level=info msg="Updating to MIG config: all-1g.10gb"', groups, "mig"),
    _sig("mig_applied", K.MIG_APPLIED, "MIG configuration applied successfully",
         r"MIG configuration applied successfully", "MIG configuration applied successfully", no_params, "mig"),
    _sig("mig_gpu_in_use", K.MIG_GPU_IN_USE, ("In use by another client", "currently being used by one or more"),
         r"GPU (?P<pci>[0-9A-Fa-f:.]{1,20}): In use by another client|(?P<count>\d{1,6}) devices? (?:is|are) currently being "
         r"used by one or more other processes",
         "  GPU 00000000:01:00.0: In use by another client"),
    # --- operator validators --------------------------------------------------------------
    _sig("driver_validation_attempt", K.DRIVER_VALIDATION_ATTEMPT, "running command chroot with args",
         r"running command chroot with args \[(?P<driver_root>\S{1,200}?) nvidia-smi",
         'time="2023-05-05T08:00:00Z" level=info msg="running command chroot with args [/run/nvidia/driver nvidia-smi]"'),
    _sig("driver_validation_failed", K.DRIVER_VALIDATION_FAILED, "chroot: failed to run command",
         r"chroot: failed to run command .?nvidia-smi.?:?\s*(?P<reason>.{0,120})",
         "chroot: failed to run command 'nvidia-smi': No such file or directory"),
    _sig("nvidia_smi_not_found", K.NVIDIA_SMI_NOT_FOUND, "executable file not found",
         r"\"?nvidia-smi\"?: executable file not found in \$PATH",
         'exec: "nvidia-smi": executable file not found in $PATH', no_params),
    _sig("toolkit_waiting", K.TOOLKIT_VALIDATION_WAITING, "waiting for nvidia container stack",
         r"(?<!echo )(?<!echo ')waiting for nvidia container stack to be setup",
         "waiting for nvidia container stack to be setup", no_params),
    _sig("plugin_validation_no_resource", K.PLUGIN_VALIDATION_NO_RESOURCE, "resources are not",
         r"GPU resources are not (?:yet )?discovered by the node(?:, retry: (?P<retry>\d{1,9}))?",
         'time="2023-05-05T08:00:00Z" level=info msg="GPU resources are not yet discovered by the node, retry: 3"'),
    _sig("insufficient_gpu", K.INSUFFICIENT_GPU, ("Insufficient nvidia.com/", "no nvidia.com/"),
         r"(?:Insufficient|\bno) (?P<resource>nvidia\.com/[\w.-]{0,96}\w)",
         "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."),
    # --- runtime ----------------------------------------------------------------------------
    _sig("container_cli", K.CONTAINER_CLI_ERROR, "nvidia-container-cli: ",
         r"nvidia-container-cli: (?P<error_kind>[a-z]{1,20}(?: [a-z]{1,20})?) error: (?P<detail>(?:(?!: unknown)[^\\\"]){1,200})",
         "stderr: nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.0, please update your driver",
         container_cli),
    _sig("cdi_unresolvable", K.CDI_UNRESOLVABLE, "unresolvable CDI",
         r"unresolvable CDI\s{1,20}de\s{0,20}vices?\s{1,20}(?P<device>[^\s:,]{1,200})",
         "failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=all: unknown"),
    _sig("nvml_unknown_error", K.NVML_UNKNOWN_ERROR, "NVML: Unknown Error", r"Failed to initialize NVML: Unknown Error",
         "Failed to initialize NVML: Unknown Error", no_params),
    _sig("device_handle_unknown_error", K.NVML_UNKNOWN_ERROR, "Unable to determine the device handle",
         r"Unable to determine the device handle for GPU ?(?P<pci>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d): "
         r"Unknown Error",
         "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error"),
    _sig("smi_no_libnvml", K.NO_NVIDIA_DRIVER, "couldn't find libnvidia-ml",
         r"NVIDIA-SMI couldn't find libnvidia-ml\.so library",
         "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display "
         "Driver is properly installed and present in your system.", with_params(no_params, variant="nvidia-smi")),
    _sig("smi_no_devices", K.NO_CUDA_DEVICE, "No devices were found", r"^No devices were found",
         "No devices were found", with_params(no_params, variant="nvidia-smi")),
    # --- driver ------------------------------------------------------------------------------
    _sig("nvml_mismatch", K.NVML_VERSION_MISMATCH, ("Driver/library version mismatch", "driver/library version mismatch",
                                                    "NVML library version: "),
         r"[Dd]river/library version mismatch|NVML library version: (?P<library_version>\d+(?:\.\d+)+)",
         "Failed to initialize NVML: Driver/library version mismatch"),
    _sig("driver_not_loaded", K.DRIVER_NOT_LOADED, ("communicate with the NVIDIA driver", "ERROR_DRIVER_NOT_LOADED",
                                                    "NVML: Driver Not Loaded"),
         r"couldn't communicate with the NVIDIA driver|NVML: (?:ERROR_DRIVER_NOT_LOADED|Driver Not Loaded)",
         "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.", no_params),
    _sig("driver_kernel_unresolved", K.DRIVER_KERNEL_UNRESOLVED, "Could not resolve Linux kernel version",
         r"Could not resolve Linux kernel version", "Could not resolve Linux kernel version", no_params),
    _sig("driver_headers_missing", K.DRIVER_HEADERS_MISSING, ("kernel headers",),
         r"Unable to find kernel headers|Failed to install the kernel headers|Could not (?:find|install) (?:the )?kernel headers",
         "Failed to install the kernel headers", no_params),
    _sig("driver_module_load", K.DRIVER_MODULE_LOAD_FAILED,
         ("Unable to load the kernel module", "Kernel module load error", "could not insert"),
         r"Unable to load the kernel module '?(?P<module>[\w.-]{1,64}?)'?(?:\.\s|$)|Kernel module load error: (?P<error>.{1,120})"
         r"|modprobe: ERROR: could not insert '(?P<insert_module>nvidia[\w-]*)': (?P<insert_error>.{1,120})",
         "Kernel module load error: Operation not permitted",
         lambda m, line: {"module": m.group("module") or m.group("insert_module"),
                          "error": (m.group("error") or m.group("insert_error") or "").strip() or None}),
    _sig("driver_symbol_mismatch", K.DRIVER_SYMBOL_MISMATCH, ("Unknown symbol", "disagrees about version of symbol",
                                                             "uses GPL-only symbol"),
         r"(?P<module>[\w-]{1,64}): (?:Unknown symbol|disagrees about version of symbol) (?P<symbol>\w{1,128})"
         r"|module (?P<gpl_module>[\w.-]{1,64}) uses GPL-only symbol (?P<gpl_symbol>\w{1,128})",
         "[25536.883214] nvidia: Unknown symbol sme_me_mask (err -22)",
         lambda m, line: {"module": m.group("module") or m.group("gpl_module"),
                          "symbol": m.group("symbol") or m.group("gpl_symbol")}),
    _sig("driver_key_rejected", K.DRIVER_KEY_REJECTED, "Key was rejected by service", r"Key was rejected by service",
         "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service", no_params),
    _sig("driver_secure_boot", K.DRIVER_SECURE_BOOT, ("Secure Boot enabled", "Secure Boot is enabled", "SecureBoot enabled"),
         r"(?<!if )(?:UEFI )?Secure ?Boot (?:is )?enabled",
         "This system also has UEFI Secure Boot enabled; many distributions enforce module signature verification",
         no_params),
    _sig("driver_nouveau", K.DRIVER_NOUVEAU, ("Nouveau", "nouveau"),
         r"Nouveau kernel driver is currently in use|[Nn]ouveau (?:kernel )?(?:driver |module )?is (?:currently )?"
         r"(?:loaded|in use|active)",
         "ERROR: The Nouveau kernel driver is currently in use by your system.", no_params),
    _sig("driver_probe_not_called", K.DRIVER_NOUVEAU, "probe routine was not called",
         r"The NVIDIA probe routine was not called for (?P<devices>\d{1,4}) device",
         "[188549.976351] NVRM: The NVIDIA probe routine was not called for 3 device(s).",
         with_params(groups, variant="probe_not_called")),
    _sig("driver_in_use", K.DRIVER_IN_USE, ("driver is in use", "is in use"),
         r"Could not unload NVIDIA driver kernel modules, driver is in use|Module (?P<module>nvidia[\w-]*) is in use",
         "Could not unload NVIDIA driver kernel modules, driver is in use"),
    _sig("driver_image_pull", K.DRIVER_IMAGE_PULL_FAILED, ("pull image", "pulling image"),
         r"(?:Failed to pull|Back-off pulling) image \\?\"?(?P<image>[^\s\"\\]{0,200}/driver:(?P<tag>[^\s\"\\]{1,128}))",
         'Failed to pull image "nvcr.io/nvidia/driver:550.90.07-ubuntu24.04": rpc error: code = NotFound',
         image_pull),
    _sig("fabric_manager", K.FABRIC_MANAGER_NOT_RUNNING, ("fabricmanager", "fabric manager", "Fabric Manager",
                                                         "FabricManager"),
         r"(?:nv-fabricmanager|nvidia-fabricmanager)[^\n]{0,60}(?:not running|inactive|failed|dead)"
         r"|(?:[Ff]ailed to start|[Uu]nable to start|not running)[^\n]{0,40}[Ff]abric ?[Mm]anager"
         r"|[Ff]abric ?[Mm]anager (?:is )?not running|nvidia-fabricmanager\.service: (?:Failed|Control process exited)"
         r"|driver interface version (?P<fm_version>\d{1,4}(?:\.\d{1,4}){1,3}) (?:don't|doesn't) match with driver "
         r"version (?P<driver_version>\d{1,4}(?:\.\d{1,4}){1,3})",
         "nv-fabricmanager[3228]: fabric manager NVIDIA GPU driver interface version 530.30.02 don't match with driver "
         "version 530.41.03. Please update with matching NVIDIA driver package."),
    _sig("quota_exceeded", K.QUOTA_EXCEEDED, "exceeded quota: ",
         r"exceeded quota: (?P<quota>[\w.-]{1,253}), requested: (?P<requested>\S{1,500}?),? used: (?P<used>\S{1,500}?),? limited: "
         r"(?P<limited>\S{1,500})",
         'pods "test-pod" is forbidden: exceeded quota: money-claims-quota, requested: requests.cpu=20,'
         "requests.memory=60Gi, used: requests.cpu=32575m,requests.memory=90368Mi, limited: requests.cpu=50,"
         "requests.memory=140Gi"),
)

#: Every literal the pre-filter looks for (each signature needs one of its own).
KEYWORDS: tuple[str, ...] = tuple(dict.fromkeys(k for sig in SIGNATURES for k in sig.keywords))

#: keyword -> indexes into SIGNATURES of the signatures it may open.
KEYWORD_ROUTES: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
    (kw, tuple(i for i, sig in enumerate(SIGNATURES) if kw in sig.keywords)) for kw in KEYWORDS
)


def scan_log(text: str | bytes) -> tuple[LogFact, ...]:
    """All facts of one log, in line order (see `triage.evidence.log_scan.scan_log`)."""
    from triage.evidence.log_scan import scan_log as _scan

    return _scan(text)
