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
from msgspec import Struct

from triage import lazy_re
from triage.evidence.log_facts import LogFact, LogKind as K
from triage.evidence.log_params import (
    SIZE, Builder, container_cli, cuda_oom_format, cuda_validation, groups, healthcheck_reason, hf_repo, image_pull,
    to_int, no_params, nvml_generation, search, to_bytes, torch_oom, with_params,
)


class Signature(Struct, frozen=True):
    """One recogniser: a line containing one of `keywords` and matching `pattern`
    yields a `kind` fact with `build(match, line)` as params (None: no fact)."""

    name: str
    kind: K
    keywords: tuple[str, ...]
    pattern: re.Pattern[str]
    build: Builder
    sample: str
    family: str | None = None


# finit_module's errno as modprobe / nvidia-installer print it (strerror): EACCES is a security module's
# policy (SELinux), EPERM a kernel that refuses module loading to this caller (lockdown without a trusted
# signature, a container without CAP_SYS_MODULE); ENOEXEC / EINVAL are a module not built for this kernel
# (bad format, unknown or mismatched symbols). No errno (nvidia-installer's "Unable to load the kernel
# module" line alone) says only that it did not load: the installer's own text lists four possible causes.
_REFUSED_ERRNOS = ("Permission denied", "Operation not permitted")


def _module_load(module: str | None, error: str | None) -> dict:
    load = "unexplained" if error is None else "refused" if error.startswith(_REFUSED_ERRNOS) else "abi"
    return {"module": module, "error": error, "load": load, "load_module": module, "load_error": error}


_VIDEO_FAILED = lazy_re.compile(r"[Cc]annot|[Uu]nable|[Ff]ail|[Ee]rror|unavailable|not available|not found|No ")


def _video_codec(m: "re.Match[str]", line: str) -> dict | None:
    """A video codec library or encoder named on a line that says it failed (a codec list or a
    successful probe names them too: those are no fact)."""
    if m.group("nvenc") is None and not _VIDEO_FAILED.search(line):
        return None
    return {"library": m.group("library"), "codec": m.group("codec")}


def _sig(name: str, kind: K, keywords: tuple[str, ...] | str, pattern: str, sample: str,
         build: Builder = groups, family: str | None = None) -> Signature:
    kws = (keywords,) if isinstance(keywords, str) else keywords
    return Signature(name, kind, kws, lazy_re.compile(pattern), build, sample, family)


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
    _sig("cuda_oom_generic", K.CUDA_OOM, ("out of memory", "cudaErrorMemoryAllocation", "CUDA_ERROR_OUT_OF_MEMORY"),
         r"CUDA (?:error: )?out of memory|(?<!Search for `)cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_MEMORY"
         r"|CUDA runtime error in [^\n]{1,200}?: out of memory|NCCL WARN Cuda failure '(?:\d{1,4} )?out of memory'",
         "RuntimeError: CUDA error: out of memory", cuda_oom_format, "oom"),
    # llama.cpp / ggml (ggml/src/ggml-cuda/ggml-cuda.cu, the CUDA buffer type's alloc_buffer:
    # "%s: allocating %.2f MiB on device %d: cudaMalloc failed: %s" with cudaGetErrorString), and the
    # same "<call> failed: <cudaGetErrorString>" idiom of other CUDA programs
    _sig("cuda_malloc_oom", K.CUDA_OOM, "failed: out of memory",
         r"(?:allocating (?P<tried_mib>\d{1,9}(?:\.\d{1,2})?) MiB on device (?P<gpu>\d{1,3}): )?"
         r"\bcu(?:da)?Malloc(?:Managed|Host|Async|Pitch)?(?:_v2)? failed: out of memory",
         "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4455.00 MiB on device 0: cudaMalloc failed: out of memory",
         with_params(groups, format="cuda_malloc"), "oom"),
    # --- CUDA errors (validator line first: it quotes the CUDA error) -------------
    _sig("cuda_validation", K.CUDA_VALIDATION_FAILED, "(error code ",
         r"Failed to (?P<step>[^()]{1,80}?) \(error code (?P<error>.{1,200}?)\)!",
         "Failed to allocate device vector A (error code no CUDA-capable device is detected)!",
         cuda_validation, "cuda_error"),
    _sig("cuda_not_initialized", K.CUDA_SYSTEM_NOT_INITIALIZED,
         ("system not yet initialized", "cudaErrorSystemNotReady", "error 802", "CUDA_ERROR_SYSTEM_NOT_READY"),
         r"system not yet initialized|(?<!Search for `)cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY|CUDA error 802|error 802\b",
         "RuntimeError: CUDA error: system not yet initialized", no_params, "cuda_error"),
    _sig("cuda_driver_insufficient", K.CUDA_DRIVER_TOO_OLD, ("driver version is insufficient", "cudaErrorInsufficientDriver"),
         r"CUDA driver version is insufficient for CUDA runtime version|(?<!Search for `)cudaErrorInsufficientDriver",
         "RuntimeError: CUDA driver version is insufficient for CUDA runtime version",
         with_params(no_params, variant="insufficient"), "cuda_error"),
    _sig("torch_driver_too_old", K.CUDA_DRIVER_TOO_OLD, "driver on your system is too old",
         r"The NVIDIA driver on your system is too old \(found version (?P<found_version>\d{1,9})\)",
         "AssertionError: The NVIDIA driver on your system is too old (found version 10010).",
         with_params(groups, variant="torch"), "cuda_error"),
    _sig("cuda_forward_compat", K.CUDA_DRIVER_TOO_OLD, ("forward compatibility was attempted",
                                                        "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
                                                        "cudaErrorCompatNotSupportedOnDevice"),
         r"forward compatibility was attempted on non supported HW|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"
         r"|(?<!Search for `)cudaErrorCompatNotSupportedOnDevice",
         "RuntimeError: CUDA error: forward compatibility was attempted on non supported HW",
         with_params(no_params, variant="forward_compat"), "cuda_error"),
    _sig("cuda_device_busy", K.CUDA_DEVICE_BUSY, ("busy or unavailable", "cudaErrorDevicesUnavailable",
                                                  "CUDA_ERROR_DEVICE_UNAVAILABLE"),
         r"CUDA-capable device\(s\) is/are busy or unavailable|(?<!Search for `)cudaErrorDevicesUnavailable|CUDA_ERROR_DEVICE_UNAVAILABLE",
         "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable", no_params, "cuda_error"),
    _sig("cuda_ecc", K.CUDA_ECC_ERROR, ("uncorrectable ECC error", "cudaErrorECCUncorrectable",
                                        "CUDA_ERROR_ECC_UNCORRECTABLE"),
         r"uncorrectable ECC error encountered|(?<!Search for `)cudaErrorECCUncorrectable|CUDA_ERROR_ECC_UNCORRECTABLE",
         "RuntimeError: CUDA error: uncorrectable ECC error encountered", no_params, "cuda_error"),
    # 803: the user-mode libcuda in the container is not the kernel module's (XLA's diagnostician
    # says the same with both versions)
    _sig("cuda_driver_mismatch", K.CUDA_DRIVER_MISMATCH,
         ("unsupported display driver / cuda driver combination", "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
          "cudaErrorSystemDriverMismatch", "does not match DSO version"),
         r"system has unsupported display driver / cuda driver combination|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"
         r"|(?<!Search for `)cudaErrorSystemDriverMismatch|kernel version (?P<driver_version>\d{1,4}(?:\.\d{1,4}){1,3}) does not match "
         r"DSO version (?P<library_version>\d{1,4}(?:\.\d{1,4}){1,3})",
         "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
         "NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / "
         "cuda driver combination", groups, "cuda_error"),
    _sig("cuda_nvlink", K.CUDA_NVLINK_ERROR, ("uncorrectable NVLink error", "CUDA_ERROR_NVLINK_UNCORRECTABLE",
                                              "cudaErrorNvlinkUncorrectable"),
         r"uncorrectable NVLink error detected during the execution|CUDA_ERROR_NVLINK_UNCORRECTABLE"
         r"|(?<!Search for `)cudaErrorNvlinkUncorrectable",
         "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution", no_params, "cuda_error"),
    # 222: PTX newer than the driver's JIT compiler, i.e. the image's CUDA is newer than the driver
    _sig("cuda_ptx_unsupported", K.CUDA_DRIVER_TOO_OLD, ("PTX was compiled with an unsupported toolchain",
                                                         "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
                                                         "cudaErrorUnsupportedPtxVersion"),
         r"the provided PTX was compiled with an unsupported toolchain|CUDA_ERROR_UNSUPPORTED_PTX_VERSION"
         r"|(?<!Search for `)cudaErrorUnsupportedPtxVersion",
         "RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain.",
         with_params(no_params, variant="ptx"), "cuda_error"),
    # 34: the libcuda stub of the CUDA toolkit was loaded, the driver's libcuda was not injected
    _sig("cuda_stub_library", K.NO_NVIDIA_DRIVER, ("CUDA driver is a stub library", "CUDA_ERROR_STUB_LIBRARY",
                                                   "cudaErrorStubLibrary"),
         r"CUDA driver is a stub library|CUDA_ERROR_STUB_LIBRARY|(?<!Search for `)cudaErrorStubLibrary",
         "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
         "NumCudaDevices() that might have already set an error? Error 34: CUDA driver is a stub library",
         with_params(no_params, variant="stub"), "cuda_error"),
    _sig("cuda_mps", K.CUDA_MPS_ERROR, ("MPS client failed to connect", "CUDA_ERROR_MPS_", "cudaErrorMps"),
         r"MPS client failed to connect to the MPS control daemon or the MPS server"
         r"|(?P<name>CUDA_ERROR_MPS_[A-Z_]{1,40}|(?<!Search for `)cudaErrorMps\w{1,40})",
         "RuntimeError: CUDA error: MPS client failed to connect to the MPS control daemon or the MPS server",
         groups, "cuda_error"),
    # the device plugin's MPS control daemon (cmd/mps-control-daemon/main.go) failing to start one
    _sig("mps_daemon_failed", K.CUDA_MPS_ERROR, ("Failed to start MPS daemon", "Failed to start one or more MPS"),
         r"Failed to start MPS daemon: (?P<reason>.{0,200})|Failed to start one or more MPS d[ae]{2}mons",
         "E1129 14:01:03.000301       1 main.go:212] Failed to start MPS daemon: error starting MPS daemon: exit status 1",
         with_params(groups, variant="daemon")),
    _sig("cuda_kernel_fault", K.CUDA_KERNEL_FAULT,
         ("illegal memory access", "unspecified launch failure", "device-side assert", "misaligned address",
          "illegal instruction was encountered", "CUDA_ERROR_ILLEGAL_ADDRESS", "cudaErrorIllegalAddress",
          "CUDA_ERROR_LAUNCH_FAILED", "cudaErrorLaunchFailure", "CUDA_ERROR_ASSERT", "cudaErrorAssert"),
         r"(?P<error>an illegal memory access was encountered|unspecified launch failure|device-side assert triggered"
         r"|misaligned address|an illegal instruction was encountered|CUDA_ERROR_ILLEGAL_ADDRESS|(?<!Search for `)cudaErrorIllegalAddress"
         r"|CUDA_ERROR_LAUNCH_FAILED|(?<!Search for `)cudaErrorLaunchFailure|CUDA_ERROR_ASSERT|(?<!Search for `)cudaErrorAssert)",
         "RuntimeError: CUDA error: an illegal memory access was encountered", groups, "cuda_error"),
    _sig("no_nvidia_driver", K.NO_NVIDIA_DRIVER, "Found no NVIDIA driver", r"Found no NVIDIA driver on your system",
         "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver",
         no_params, "cuda_error"),
    # TensorFlow's DSO loader: the driver's libcuda is not in the container (the runtime injected none)
    _sig("tf_libcuda_missing", K.NO_NVIDIA_DRIVER, "Could not load dynamic library 'libcuda.so",
         r"Could not load dynamic library 'libcuda\.so(?:\.1)?'; dlerror: ",
         "2024-05-02 10:11:12.123456: W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not load dynamic library "
         "'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such file or directory",
         with_params(no_params, variant="tf_dso"), "cuda_error"),
    # TensorFlow's CUDA runtime stub (tsl/cuda/cudart_stub.cc, later xla/tsl/cuda/cudart_stub.cc:
    # LOG(INFO) << "Could not find cuda drivers on your machine, GPU will not be used."): libcuda
    # did not load. Printed at import on every machine without it: a finding only where the pod
    # asked for a GPU (or was placed for one), which the rules judge.
    _sig("tf_cudart_stub", K.NO_NVIDIA_DRIVER, "Could not find cuda drivers on your machine",
         r"Could not find cuda drivers on your machine, GPU will not be used",
         "2024-08-13 17:30:13.544738: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your "
         "machine, GPU will not be used.",
         with_params(no_params, variant="tf_cudart_stub"), "cuda_error"),
    _sig("xla_no_kernel_driver", K.NO_NVIDIA_DRIVER, "kernel driver does not appear to be running on this host",
         r"kernel driver does not appear to be running on this host \((?P<host>[^)\s]{1,253})\)",
         "2024-05-02 10:11:12.345678: I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:135] kernel "
         "driver does not appear to be running on this host (trainer-0): /proc/driver/nvidia/version does not exist",
         with_params(no_params, variant="xla_diagnostics"), "cuda_error"),
    _sig("no_cuda_device", K.NO_CUDA_DEVICE, ("CUDA-capable device", "cudaErrorNoDevice", "CUDA_ERROR_NO_DEVICE"),
         r"no CUDA-capable device is detected|(?<!Search for `)cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE",
         "RuntimeError: CUDA error: no CUDA-capable device is detected", no_params, "cuda_error"),
    # the frameworks' own words for "the container sees no GPU"
    # Ollama (discover/gpu.go, its types.go `inference compute` line) says at INFO that it runs on the CPU: a
    # fact only in a pod given a GPU (no_gpu_kind), a CPU deployment prints the same
    _sig("framework_no_gpu", K.NO_CUDA_DEVICE, ("No CUDA GPUs are available", "No visible GPU devices",
                                                "Failed to infer device type", "No platform detected, vLLM",
                                                "no compatible GPUs were discovered", "library=cpu"),
         r"(?P<torch>No CUDA GPUs are available)|(?P<jax>No visible GPU devices)|(?P<vllm>Failed to infer device type)"
         r"|(?P<vllm_platform>No platform detected, vLLM is running on UnspecifiedPlatform)"
         r"|(?P<ollama>^no compatible GPUs were discovered(?: source=gpu\.go:\d{1,5})?$)"
         r"|(?P<ollama_cpu>^inference compute (?:source=types\.go:\d{1,5} )?id=(?:cpu|0) library=cpu\b)",
         "RuntimeError: No CUDA GPUs are available",
         lambda m, line: {"variant": next(k for k, v in m.groupdict().items() if v)}, "cuda_error"),
    _sig("no_kernel_image", K.NO_KERNEL_IMAGE, ("no kernel image", "CUDA_ERROR_NO_BINARY_FOR_GPU",
                                                "cudaErrorNoKernelImageForDevice"),
         r"no kernel image is available for execution on the device|CUDA_ERROR_NO_BINARY_FOR_GPU"
         r"|(?<!Search for `)cudaErrorNoKernelImageForDevice",
         "RuntimeError: CUDA error: no kernel image is available for execution on the device", no_params, "cuda_error"),
    _sig("arch_not_compatible", K.NO_KERNEL_IMAGE, "is not compatible with the current PyTorch",
         r"with CUDA capability (?P<arch>sm_\d{1,4}a?) is not compatible with the current PyTorch",
         "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.",
         groups, "cuda_error"),
    # cudaErrorInitializationError (3) / cudaErrorUnknown (999) as PyTorch words them: fork after CUDA
    # init, missing device nodes, a reloaded driver... the line alone does not say which
    _sig("cuda_init_failed", K.CUDA_INIT_FAILED, ("CUDA driver initialization failed", "CUDA unknown error - ",
                                                  "CUDA_ERROR_NOT_INITIALIZED", "cudaErrorInitializationError",
                                                  "CUDA_ERROR_UNKNOWN", "cudaErrorUnknown"),
         r"(?P<error>CUDA driver initialization failed|CUDA unknown error - this may be due to an incorrectly set up "
         r"environment|CUDA_ERROR_NOT_INITIALIZED|(?<!Search for `)cudaErrorInitializationError|CUDA_ERROR_UNKNOWN"
         r"|(?<!Search for `)cudaErrorUnknown)",
         "RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.", groups, "cuda_error"),
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
         r"(?<!INFO )NET/(?P<transport>IB|Socket|OFI)\s{0,8}:\s{0,8}(?P<detail>.{0,160})",
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
    # NCCL src/misc/shmutils.cc (ncclShmOpen): WARN "Error: failed to extend %s to %ld bytes, error: %s (%d)"
    # (older: "... to %d bytes"; its INFO "fallocate: Failed to extend ... - retrying" on EINTR is no failure) and
    # src/transport/net.cc "Error: could not create shared memory in /dev/shm"
    _sig("shm_segment", K.SHM_EXHAUSTED, ("creating shared memory segment", "unable to allocate shared memory",
                                          "Error: failed to extend /dev/shm", "could not create shared memory in"),
         r"Error while creating shared memory segment (?P<segment>\S{1,200})(?: \(size (?P<size>\d{1,18})\))?"
         r"|unable to allocate shared memory"
         r"|Error: failed to extend (?P<extend>/dev/shm/\S{1,200}) to (?P<extend_size>\d{1,18}) bytes"
         r"|Error: could not create shared memory in /dev/shm",
         "NCCL WARN Error while creating shared memory segment /dev/shm/nccl-xxxxx (size 7340384)",
         lambda m, line: {"segment": m.group("segment") or m.group("extend"),
                          "size_bytes": to_int(m.group("size") or m.group("extend_size"))}, "shm"),
    _sig("shm_no_space", K.SHM_EXHAUSTED, "No space left on device",
         r"(?:shm|posix_fallocate).{0,120}No space left on device|No space left on device.{0,120}shm",
         "[3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device", no_params, "shm"),
    # UCX's shared-memory transport (openucx/ucx src/uct/sm/mm/base/mm_iface.c, uct_mm_iface_t init):
    # ucs_error("mm_iface failed to allocate receive FIFO") when the FIFO's segment (posix: a file in
    # /dev/shm) cannot be allocated; MPI jobs (OpenMPI / HPC-X over UCX) print it for every local rank
    _sig("ucx_mm_fifo", K.SHM_EXHAUSTED, "failed to allocate receive FIFO",
         r"mm_iface failed to allocate receive FIFO",
         "[1764425407.120001] [worker-0:212  :0]        mm_iface.c:812  UCX  ERROR mm_iface failed to allocate "
         "receive FIFO", lambda m, line: {"transport": "ucx_mm"}, "shm"),
    # PyTorch's DataLoader when a worker process exits non-zero (torch/csrc/DataLoader.cpp, the SIGCHLD
    # handler: "DataLoader worker (pid %d) exited unexpectedly with exit code %d. Details are lost due to
    # multiprocessing. ..."; torch/utils/data/dataloader.py "DataLoader worker (pid(s) %s) exited
    # unexpectedly"): the worker's own error is lost; with the runtime's 64Mi /dev/shm a worker that cannot
    # map its shared tensors dies this way (rules/application.py reads it against the pod's /dev/shm)
    _sig("dataloader_worker_exited", K.DATALOADER_WORKER_EXITED, "exited unexpectedly",
         r"DataLoader worker \(pid(?:\(s\))? [\d, ]{1,200}\) exited unexpectedly(?: with exit code (?P<exit_code>\d{1,3}))?",
         "RuntimeError: DataLoader worker (pid 4127) exited unexpectedly with exit code 1. Details are lost due to "
         "multiprocessing. Rerunning with num_workers=0 may give better error trace.",
         lambda m, line: {"exit_code": to_int(m.group("exit_code"))}),
    _sig("bus_error", K.BUS_ERROR, ("Bus error", "bus error"),
         r"Bus error \(core dumped\)|killed by signal: Bus error|Unexpected bus error encountered"
         r"|Fatal Python error: Bus error",
         "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
         lambda m, line: {"shm_hint": "shared memory" in line or "shm" in line}, "bus"),
    # TGI's launcher when a child dies by a signal (launcher/src/main.rs `{name} process was signaled to
    # shutdown with signal {signal}`, name Shard / Download / Python Backend); 7 is SIGBUS on Linux: the
    # child's shared memory (/dev/shm, NCCL's and torch's buffers) ran out
    _sig("tgi_sigbus", K.BUS_ERROR, "was signaled to shutdown with signal 7",
         r"process was signaled to shutdown with signal 7\b",
         "2026-11-29T14:06:04.816402Z ERROR text_generation_launcher: Shard process was signaled to shutdown with signal 7",
         lambda m, line: {"shm_hint": False}, "bus"),
    # --- Hugging Face (one fact per line; the status code decides) -------------------
    _sig("hf_403", K.HF_FORBIDDEN, ("403 Client Error", "not in the authorized list", "rejected by the repo's authors",
                                    "awaiting a review from the repo authors"),
         r"403 Client Error|not in the authorized list|has been rejected by the repo's authors"
         r"|awaiting a review from the repo authors",
         "huggingface_hub.utils._errors.GatedRepoError: 403 Client Error. (Request ID: Root=1-66d1c249)",
         with_params(hf_repo, status=403), "hf"),
    _sig("hf_401", K.HF_UNAUTHORIZED, ("401 Client Error", "Invalid credentials in Authorization", "Invalid user token",
                                       "be authenticated to access it", "Repository Not Found for url"),
         r"401 Client Error|Invalid credentials in Authorization header|Invalid user token"
         r"|be authenticated to access it|Repository Not Found for url",
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
          "Incompatible platform detected", "platform detection failed"),
         r"Incompatible strategy detected (?P<strategy>\w{1,40})|invalid device discovery strategy|NVML not detected"
         r"|Incompatible platform detected|platform detection failed",
         "W0819 07:02:54.757556       1 rm.go:109] NVML not detected: could not load NVML library: libnvidia-ml.so.1: "
         "cannot open shared object file: No such file or directory",
         with_params(groups, generation="v0.15+"), "plugin_nvml"),
    # not the platform probes (v0.14/v0.15 "Detected non-NVML platform: ...", go-nvlib's debug "Is
    # NVML-based system? false: ..."), which a healthy Tegra node prints too
    _sig("plugin_nvml_generic", K.PLUGIN_NVML_UNAVAILABLE, "could not load NVML library",
         r"(?<!Detected non-NVML platform: )(?<!NVML-based system\? false: )could not load NVML library",
         "error: could not load NVML library",
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
                          "format": "gke" if ", uuid=" in line else "2020" if m.group("old") else "current"}),
    _sig("plugin_device_unhealthy", K.PLUGIN_DEVICE_UNHEALTHY, "device marked unhealthy",
         r"'(?P<resource>[^']{1,96})' device marked unhealthy: (?P<device>[\w-]{1,96})",
         "2020/08/10 19:09:42 'nvidia.com/gpu' device marked unhealthy: GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8"),
    # the health checker's own reasons (internal/rm/health.go), each followed by the line above
    _sig("plugin_healthcheck_unhealthy", K.PLUGIN_DEVICE_UNHEALTHY,
         ("marking it as unhealthy", "Marking it unhealthy", "as unhealthy: ", "Marking all devices as unhealthy"),
         r"(?P<reason>unable to get device handle from UUID|unable to determine the supported events for"
         r"|Could not determine device placement for|Error waiting for event|Failed to determine uuid for event"
         r"|Marking device (?P<device>[\w-]{1,96}))"
         r"[^\n]{0,200}?(?:marking it as unhealthy|Marking it unhealthy|Marking all devices as unhealthy|as unhealthy: )",
         "I1129 14:03:07.000001       1 health.go:126] Error waiting for event: ERROR_UNKNOWN; Marking all devices as "
         "unhealthy",
         lambda m, line: {"device": m.group("device"), "all_devices": "Marking all devices" in line,
                          "reason": healthcheck_reason(m.group("reason"))}),
    _sig("plugin_registered", K.PLUGIN_REGISTERED, "Registered device plugin",
         r"Registered device plugin (?:for '(?P<resource>[^']+)' )?with Kubelet",
         "I0912 08:10:11.411231       1 server.go:165] Registered device plugin for 'nvidia.com/gpu' with Kubelet"),
    _sig("plugin_register_failed", K.PLUGIN_REGISTER_FAILED, ("Could not register device plugin", "failed to register",
                                                             "Could not start device plugin for",
                                                             "Failed to start one or more plugins",
                                                             "Failed to start plugin: "),
         r"Could not register device plugin|[Ff]ailed to register (?:device )?plugin"
         r"|Could not start device plugin for '(?P<resource>[^']{1,96})'|Failed to start one or more plugins"
         r"|Failed to start plugin: ",
         "2019/01/29 07:52:58 Could not register device plugin: rpc error: code = Unimplemented", no_params),
    _sig("plugin_config_invalid", K.PLUGIN_CONFIG_INVALID,
         ("unable to parse config file", "error parsing config file", "unable to validate flags",
          "unable to finalize config", "invalid --device-", "invalid --shared-devices-allocation-policy",
          "unknown MIG strategy", "is not supported with MPS", "using MPS requires --mps-root",
          "number of replicas must be >= 2", "--device-list-strategy options are only supported"),
         r"(?P<reason>unable to parse config file|error parsing config file|unable to validate flags|unable to finalize "
         r"config|invalid --device-(?:list|id|discovery)-strategy option|invalid --shared-devices-allocation-policy option"
         r"|unknown MIG strategy|using --mig-strategy=mixed is not supported with MPS|using MPS requires --mps-root"
         r"|number of replicas must be >= 2|CDI --device-list-strategy options are only supported on NVML-based systems)",
         "E1129 14:01:02.000001       1 main.go:198] unable to load config: unable to finalize config: unable to parse "
         "config file: error parsing config file: unmarshal error: error unmarshaling JSON: while decoding JSON: "
         "number of replicas must be >= 2", groups),
    _sig("plugin_kubelet_restart", K.PLUGIN_KUBELET_RESTART, "kubelet.sock created",
         r"inotify: (?P<socket>\S{0,200}kubelet\.sock) created, restarting",
         "I0912 08:10:11.411231       1 main.go:295] inotify: /var/lib/kubelet/device-plugins/kubelet.sock created, restarting."),
    _sig("plugin_allocate_unavailable", K.PLUGIN_ALLOCATE_UNAVAILABLE, "requested number of devices unavailable",
         r"requested number of devices unavailable for (?P<resource>[\w./-]{1,96}?)\.? Requested: ?(?P<requested>\d{1,9}), "
         r"Available: ?(?P<available>\d{1,9})",
         "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, "
         "Available: 0, which is unexpected"),
    # --- NVIDIA DRA driver (k8s-dra-driver-gpu v25.3 - v25.12+: gpu-kubelet-plugin, compute-domain-*) ----
    # the kubelet plugin's init container (hack/kubelet-plugin-prestart.sh) checks the driver under
    # NVIDIA_DRIVER_ROOT every 10 s; the plugins themselves locate libnvidia-ml.so.1 / nvidia-smi there (root.go)
    _sig("dra_driver_root", K.DRIVER_VALIDATION_FAILED,
         ("Has the NVIDIA GPU driver been set up?", "on host): nvidia-smi: ", "failed to locate driver libraries",
          "failed to locate nvidia-smi"),
         r"(?P<check>Check failed\. Has the NVIDIA GPU driver been set up\?)"
         r"|\((?P<driver_root>[^()\s]{1,200}) on host\): nvidia-smi: (?:(?P<smi>not found), |'[^']{1,200}', "
         r"(?P<lib>libnvidia-ml\.so\.1): not found, )"
         r"|failed to locate (?P<what>driver libraries|nvidia-smi): error locating \"(?P<file>[^\"]{1,100})\"",
         "Check failed. Has the NVIDIA GPU driver been set up? It is expected to be installed under NVIDIA_DRIVER_ROOT "
         "(currently set to '/run/nvidia/driver') in the host filesystem. If that path appears to be unexpected: review "
         "the DRA driver's 'nvidiaDriverRoot' Helm chart variable. Otherwise, review if the GPU driver has actually been "
         "installed under that path.",
         lambda m, line: {"variant": "dra_plugin" if m.group("what") else "dra_prestart",
                          "driver_root": m.group("driver_root"),
                          "missing": m.group("file") or ("nvidia-smi" if m.group("smi") else
                                                         "libnvidia-ml.so.1" if m.group("lib") else None)}),
    _sig("dra_nvml_init", K.PLUGIN_NVML_UNAVAILABLE, ("ensureNVML failed: ", "error initializing NVML: "),
         r"(?:ensureNVML failed|error initializing NVML): (?!Driver Not Loaded|ERROR_DRIVER_NOT_LOADED|Driver/library version mismatch|ERROR_LIB_RM_VERSION_MISMATCH)(?P<nvml_error>[A-Z][\w/ -]{0,60}\w)",
         "Error: error creating driver: error enumerating all possible devices: error enumerating allocatable devices: "
         "ensureNVML failed: ERROR_LIBRARY_NOT_FOUND",
         with_params(groups, generation="dra"), "plugin_nvml"),
    # k8s.io/dynamic-resource-allocation kubeletplugin.Start (vendored): the plugin's two sockets and its slices
    _sig("dra_registration_failed", K.PLUGIN_REGISTER_FAILED, ("start registrar: ", "start DRA service: ",
                                                              "failed registration process: ",
                                                              "start ResourceSlice controller: "),
         r"(?P<step>start registrar|start DRA service|failed registration process|start ResourceSlice controller): "
         r"(?P<reason>.{1,200})",
         "Error: error creating driver: start registrar: start gRPC server: listen on "
         "\"/var/lib/kubelet/plugins_registry/gpu.nvidia.com-reg.sock\": listen unix "
         "/var/lib/kubelet/plugins_registry/gpu.nvidia.com-reg.sock: bind: permission denied",
         lambda m, line: {"step": m.group("step"), "variant": "dra"}),
    # kubernetes-sigs/dra-driver-nvidia-gpu cmd/{gpu,compute-domain}-kubelet-plugin/device_state.go
    # (validateNoOverlappingPreparedDevices): the plugin's checkpoint still holds the device for a prepared claim
    _sig("dra_device_held", K.DRA_DEVICE_HELD, ("is already allocated to different claim",
                                                "has conflicting configuration with already prepared claim"),
         r"requested device (?P<device>[\w.-]{1,128}) (?:is already allocated to different claim|has conflicting "
         r"configuration with already prepared claim) (?P<held_by>[\w.-]{1,64})",
         "requested device channel-0 is already allocated to different claim 6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
         lambda m, line: {"device": m.group("device"), "held_by": m.group("held_by")}),
    _sig("dra_cdi_failed", K.DRA_CDI_FAILED, ("CDI handler", "CDI spec file", "path for cdi file generation",
                                              "error setting up nvidia-cdi-hook"),
         r"(?P<step>unable to create (?:vfio )?CDI handler|unable to create base CDI spec file|unable to create CDI spec "
         r"file for claim|unable to delete CDI spec file for claim|path for cdi file generation is not a directory"
         r"|error setting up nvidia-cdi-hook)",
         "Error: error creating driver: unable to create CDI handler: failed to create CDI cache: failed to create "
         "directory /var/run/cdi: mkdir /var/run/cdi: read-only file system"),
    _sig("dra_mps_daemon", K.CUDA_MPS_ERROR, ("MPS control daemon is not yet ready", "error starting MPS control daemon",
                                              "error stopping MPS control daemon"),
         r"(?P<step>MPS control daemon is not yet ready|error starting MPS control daemon|error stopping MPS control daemon)",
         "error preparing devices for claim ml/mps-claim:0d5c2f8e-1c2b-4c7a-9f2e-3b1d2a4c5e6f: prepare devices failed: "
         "error applying GPU config: MPS control daemon is not yet ready: failed to get deployment: "
         "deployment.apps \"mps-control-daemon-0d5c2f8e\" not found",
         with_params(groups, variant="dra")),
    _sig("dra_config_invalid", K.PLUGIN_CONFIG_INVALID,
         ("error validating GPU config", "error normalizing GPU config", "error decoding config parameters",
          "only opaque parameters are supported by this driver", "MPS is not yet supported when using",
          "feature gate validation failed", "error validating config: ", "cannot apply GpuConfig to device",
          "cannot apply GPU config to request", "insufficient cudaComputeCapability", "multiuser mode was requested",
          "MPS sharing is not supported when", "claims are not supported when imex.mode"),
         r"(?P<reason>error validating GPU config|error normalizing GPU config|error decoding config parameters"
         r"|only opaque parameters are supported by this driver|MPS is not yet supported when using "
         r"featureGates\.DynamicMIG=true|feature gate validation failed|error validating config|cannot apply GpuConfig "
         r"to device|cannot apply GPU config to request"
         # kubernetes-sigs/dra-driver-nvidia-gpu main (2026-08): a sharing or IMEX config the device or the
         # driver's mode cannot honour (mps_capability.go, sharing.go, device_state.go)
         r"|has insufficient cudaComputeCapability|multiuser mode was requested but is not supported"
         r"|MPS sharing is not supported when consumable shares is enabled"
         r"|ComputeDomain daemon claims are not supported when imex\.mode=hostManaged)",
         "error preparing devices for claim ml/shared-gpu:5f0c1b2a-8d3e-4c6f-a1b2-c3d4e5f60718: prepare devices failed: "
         "error validating GPU config: invalid sharing config: unknown GPU sharing strategy: TimeSliceing"),
    # ComputeDomain (multi-node NVLink): the channel's prepare waits for the node's IMEX daemon; the daemon
    # (cmd/compute-domain-daemon) runs nvidia-imex and answers its probe with `check`
    _sig("compute_domain_not_ready", K.COMPUTE_DOMAIN_NOT_READY,
         ("current node not ready in ComputeDomain", "error asserting ComputeDomain Ready", "IMEX daemon not ready",
          "IMEX daemon check failed", "error (re)starting IMEX daemon", "failed to ensure IMEX daemon is started",
          "CDI container edits did not apply", "watchdog: process lost", "host nvidia-imex daemon",
          "is nvidia-imex installed on this node?"),
         r"(?P<reason>current node not ready in ComputeDomain|error asserting ComputeDomain Ready|IMEX daemon not ready"
         r"|IMEX daemon check failed|error \(re\)starting IMEX daemon|failed to ensure IMEX daemon is started"
         r"|CDI container edits did not apply|watchdog: process lost"
         # imex.mode=hostManaged (dra-driver-nvidia-gpu main, 2026-08, nvlib.go checkHostIMEXReady): the host's own
         # nvidia-imex daemon, not a ComputeDomain daemon pod
         r"|host nvidia-imex daemon (?:not ready|readiness check failed)|is nvidia-imex installed on this node\?)",
         "error preparing devices for claim ml/imex-channel-0:6b0e2c1d-3f4a-4b5c-8d9e-0a1b2c3d4e5f: prepare devices "
         "failed: error applying config: error asserting ComputeDomain Ready: current node not ready in ComputeDomain",
         lambda m, line: {"reason": {"current node not ready in ComputeDomain": "node_not_ready",
                                     "error asserting ComputeDomain Ready": "node_not_ready",
                                     "CDI container edits did not apply": "daemon_cdi",
                                     "watchdog: process lost": "imex_daemon_lost"}.get(
             m.group("reason"), "host_imex" if "nvidia-imex" in m.group("reason") else "imex_daemon")}),
    _sig("compute_domain_clique", K.COMPUTE_DOMAIN_NOT_READY,
         ("error getting cliqueID", "unique CliqueIDs found on devices", "unique ClusterUUIDs found on devices",
          "error getting fabric information from one or more devices"),
         r"error getting cliqueID|unexpected number of unique (?:CliqueIDs|ClusterUUIDs) found on devices"
         r"|error getting fabric information from one or more devices",
         "Error: error creating driver: error getting cliqueID: unexpected number of unique CliqueIDs found on devices",
         with_params(no_params, reason="clique")),
    # compute-domain-kubelet-plugin nvlib.go (v25.12+): the GPU's NVLink fabric registration is not done
    _sig("dra_fabric_not_attached", K.FABRIC_MANAGER_NOT_RUNNING, ("refusing to start",),
         r"NVLink fabric (?P<reason>not attached|registration error) \(device [^)]{1,120}\): (?:state|status)="
         r"(?P<detail>[^,]{1,60}), refusing to start",
         "Error: error creating driver: error getting cliqueID: error getting fabric information from one or more "
         "devices: NVLink fabric not attached (device 0/GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c): state=1, refusing to start",
         lambda m, line: {"variant": "dra_fabric", "reason": m.group("reason")}),
    # gpu-kubelet-plugin with FabricManagerPartitioning (dra-driver-nvidia-gpu main, 2026-08: device_state.go
    # newFabricManager, pkg/fabricmanager OpenFabricManager): the plugin cannot reach the node's Fabric Manager
    _sig("dra_fabric_manager", K.FABRIC_MANAGER_NOT_RUNNING, ("FabricManagerPartitioning enabled but",
                                                             "fabric manager not available: "),
         r"FabricManagerPartitioning enabled but (?P<reason>Fabric Manager could not be opened|fabric manager library "
         r"not found)|fabric manager not available: ",
         "Error: error creating driver: FabricManagerPartitioning enabled but Fabric Manager could not be opened: "
         "fabric manager not available: fabricmanager: fmLibInit: FM_ST_CONNECTION_NOT_VALID",
         lambda m, line: {"variant": "dra_fabric_manager", "reason": m.group("reason") or "not_available"}),
    # --- GKE's device plugin (container-engine-accelerators cmd/nvidia_gpu, pkg/gpu/nvidia) -----------------
    _sig("gke_nvml_init", K.PLUGIN_NVML_UNAVAILABLE, "failed to initialize nvml: ",
         r"failed to initialize nvml: (?!Driver Not Loaded|ERROR_DRIVER_NOT_LOADED|Driver/library version mismatch|ERROR_LIB_RM_VERSION_MISMATCH)(?P<nvml_error>\S.{0,80})",
         "F1129 14:01:02.000101       1 nvidia_gpu.go:157] failed to initialize nvml: ERROR_LIBRARY_NOT_FOUND",
         with_params(groups, generation="gke"), "plugin_nvml"),
    _sig("gke_no_gpus", K.PLUGIN_NO_DEVICES, "no GPUs on node, count: ",
         r"no GPUs on node, count: (?P<count>\d{1,6})",
         "E1129 14:01:02.000201       1 nvidia_gpu.go:167] failed to start GPU device manager: failed to query total "
         "memory available per GPU: no GPUs on node, count: 0", with_params(groups, variant="gke")),
    # (not `device-plugin server stopped serving: %v`: every restart path - kubelet.sock recreated, its own
    # socket gone, new GPUs - Stop()s the server, and Serve returns nil at E level; see benign_lines)
    _sig("gke_register_failed", K.PLUGIN_REGISTER_FAILED, ("cannot connect to kubelet service", "cannot register to kubelet",
                                                          "starting device-plugin server failed"),
         r"(?P<step>cannot connect to kubelet service|cannot register to kubelet service|starting device-plugin server "
         r"failed)",
         "F1129 14:01:02.000301       1 manager.go:499] device-plugin: cannot register to kubelet service: rpc error: "
         "code = Unavailable desc = connection error: desc = \"transport: Error while dialing: dial unix "
         "/var/lib/kubelet/device-plugins/kubelet.sock: connect: connection refused\"",
         with_params(groups, variant="gke")),
    _sig("gke_xid_all", K.PLUGIN_XID_UNHEALTHY, "XidCriticalError: Xid=",
         r"XidCriticalError: Xid=(?P<xid>\d{1,5})(?P<all>, All devices will go unhealthy| on unknown device)",
         "E1129 14:09:00.000101       1 health_checker.go:417] XidCriticalError: Xid=79, All devices will go unhealthy.",
         lambda m, line: {"xid": int(m.group("xid")), "all_devices": "All devices" in m.group("all"), "format": "gke"}),
    _sig("gke_device_unhealthy", K.PLUGIN_DEVICE_UNHEALTHY, "device marked as Unhealthy",
         r"device-plugin: (?P<device>\S{1,96}) device marked as Unhealthy",
         "I1129 14:09:00.000102       1 beta_plugin.go:47] device-plugin: nvidia0 device marked as Unhealthy"),
    _sig("gke_config_invalid", K.PLUGIN_CONFIG_INVALID,
         ("MaxSharedClientsPerGPU should be > 0", "GPU sharing strategy needs to be specified",
          "invalid GPU Sharing strategy", "Failed to parse GPU config file", "Invalid HealthCriticalXid input"),
         r"(?P<reason>MaxSharedClientsPerGPU should be > 0|GPU sharing strategy needs to be specified|invalid GPU Sharing "
         r"strategy|Failed to parse GPU config file|Invalid HealthCriticalXid input)",
         "I1129 14:01:02.000401       1 nvidia_gpu.go:123] Failed to parse GPU config file /etc/nvidia/gpu_config.json: "
         "invalid GPU Sharing strategy: timesharing, should be one of time-sharing or mps",
         with_params(groups, variant="gke")),
    _sig("gke_mps_not_running", K.CUDA_MPS_ERROR, ("NVIDIA MPS is not running on this node", "health check NVIDIA MPS"),
         r"NVIDIA MPS is not running on this node|failed to (?:start NVIDIA MPS health check command|health check NVIDIA MPS)",
         "E1129 14:01:02.000501       1 nvidia_gpu.go:167] failed to start GPU device manager: NVIDIA MPS is not running "
         "on this node: failed to health check NVIDIA MPS: exit status 1",
         with_params(no_params, variant="gke")),
    # --- GKE's driver installer: the COS installer (cos/tools src/cmd/cos_gpu_installer, glog) --------------
    _sig("cos_driver_unavailable", K.DRIVER_IMAGE_PULL_FAILED, ("The GPU driver is not available for the COS version",
                                                               "is only supported on COS M93"),
         r"The GPU driver is not available for the COS version|'--version=latest' is only supported on COS M93",
         "E1129 14:00:30.000101    2851 install.go:276] The GPU driver is not available for the COS version. Please "
         "wait for half a day and retry.", with_params(no_params, variant="cos_installer")),
    _sig("cos_download_failed", K.DRIVER_REPO_UNREACHABLE, ("failed to download GPU driver installer",
                                                           "failed to download driver signature",
                                                           "failed to install toolchain",
                                                           "failed to get default driver version"),
         r"(?P<step>failed to download GPU driver installer|failed to download driver signature|failed to install "
         r"toolchain|failed to get default driver version)",
         "E1129 14:00:30.000201    2851 install.go:262] failed to download GPU driver installer: failed to download file "
         "with description \"GPU driver installer\": Get \"https://storage.googleapis.com/nvidia-drivers-us-public/tesla/"
         "535.183.01/NVIDIA-Linux-x86_64-535.183.01.run\": dial tcp 142.250.1.207:443: i/o timeout",
         lambda m, line: {"reason": "cos_installer", "step": m.group("step")}),
    _sig("cos_install_failed", K.DRIVER_MODULE_LOAD_FAILED, ("failed to run GPU driver installer", "failed to load GPU drivers",
                                                            "failed to link drivers",
                                                            "failed to configure cached driver installation"),
         r"(?P<step>failed to run GPU driver installer|failed to load GPU drivers|failed to link drivers"
         r"|failed to configure cached driver installation)",
         "E1129 14:00:45.000301    2851 install.go:290] failed to run GPU driver installer: failed to load GPU drivers: "
         "failed to insert module nvidia: exit status 1",
         # the installer's own retry with legacy linking is not the failure (it logs the result of the retry)
         lambda m, line: None if "Retrying driver installation with legacy linking" in line
         else {"step": m.group("step"), "variant": "cos_installer"}),
    _sig("cos_verify_failed", K.DRIVER_VALIDATION_FAILED, ("failed to verify GPU driver installation",
                                                          "failed to verify installation"),
         r"failed to verify (?:GPU driver )?installation",
         "E1129 14:00:50.000401    2851 install.go:296] failed to verify installation: failed to verify GPU driver "
         "installation: exit status 9", with_params(no_params, variant="cos_installer")),
    _sig("gpu_lost", K.GPU_LOST, ("GPU is lost", "fallen off the bus"),
         r"GPU is lost|fallen off the bus",
         "Unable to determine the device handle for GPU 0000:C1:00.0: GPU is lost.  Reboot the system to recover this GPU",
         lambda m, line: {"pci": search(r"(?:GPU|PCI:?)\s*([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)", line),
                          "fallen_off_bus": "fallen off the bus" in line}),
    # --- GFD and MIG manager --------------------------------------------------------
    _sig("gfd_error", K.GFD_ERROR, ("labeler", "error getting labels", "rror generating labels", "failed to get MIG devices",
                                    "failed to create resource manager", "No labels generated from any source"),
         r"[Ee]rror creating (?:[\w-]{1,40} ){0,6}labeler|failed to construct (?:[\w-]{1,40} ){0,6}labeler|failed to get MIG devices"
         r"|[Ee]rror getting labels|[Ee]rror generating labels|failed to create resource manager"
         r"|No labels generated from any source",
         "gpu-feature-discovery: 2022/06/15 03:25:50 Error: error creating NVML labeler: error creating resource "
         "labeler: failed to construct MIG resource labeler",
         lambda m, line: {"mig": "MIG" in line or "mig-strategy" in line}),
    _sig("mig_assertion_normal", K.MIG_ASSERTION_NORMAL, "selected configuration not currently applied",
         r"[Aa]ssertion failure: selected configuration not currently applied",
         'time="2024-01-02T10:00:00Z" level=fatal msg="Assertion failure: selected configuration not currently applied"',
         no_params, "mig"),
    _sig("mig_apply_failed", K.MIG_APPLY_FAILED, ("rror applying MIG configuration", "ailed to apply MIG config",
                                                  "failed to apply MIG mode change",
                                                  "MIG mode change did not take effect"),
         r"[Ee]rror applying MIG configuration(?: with hooks)?:?\s*(?P<reason>.{0,200})|[Ff]ailed to apply MIG config"
         r"|failed to apply MIG mode change|MIG mode change did not take effect after rebooting",
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
    _sig("mig_applied", K.MIG_APPLIED, ("MIG configuration applied successfully", "Successfully updated to MIG config"),
         r"MIG configuration applied successfully|Successfully updated to MIG config",
         "MIG configuration applied successfully", no_params, "mig"),
    _sig("mig_gpu_in_use", K.MIG_GPU_IN_USE, ("In use by another client", "currently being used by one or more"),
         r"GPU (?P<pci>[0-9A-Fa-f:.]{1,20}): In use by another client|(?P<count>\d{1,6}) devices? (?:is|are) currently being "
         r"used by one or more other processes",
         "  GPU 00000000:01:00.0: In use by another client"),
    # DRA kubelet plugin (nvlib.go, device_state.go) and GKE (pkg/gpu/nvidia/mig, partition_gpu)
    _sig("dra_mig_invalid", K.MIG_CONFIG_INVALID, ("has MIG mode enabled but no configured MIG devices",
                                                  "cannot apply MigDeviceConfig to device",
                                                  "cannot apply MIG device config to request"),
         r"has MIG mode enabled but no configured MIG devices|cannot apply MigDeviceConfig to device"
         r"|cannot apply MIG device config to request",
         "W1129 14:01:02.000601       1 nvlib.go:323] Physical GPU gpu-0 has MIG mode enabled but no configured MIG devices",
         with_params(no_params, variant="dra"), "mig"),
    _sig("dra_mig_create_failed", K.MIG_APPLY_FAILED, ("error creating MIG device", "error deleting MIG device"),
         r"error (?:creating|deleting) MIG device:? (?P<reason>.{0,200})",
         "error preparing devices for claim ml/mig-claim:7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f: prepare devices failed: "
         "error creating MIG device: error creating GPU instance for 'gpu-0-mig-1g12gb-0': Insufficient Resources",
         with_params(groups, variant="dra"), "mig"),
    _sig("gke_mig_invalid", K.MIG_CONFIG_INVALID, ("is not a valid GPU partition size", "is not a valid partition size",
                                                  "does not match expected partition count",
                                                  "Not all GPUs are partitioned as expected",
                                                  "Failed to check GPU Type"),
         r"is not a valid (?:GPU )?partition size|does not match expected partition count"
         r"|Not all GPUs are partitioned as expected|Failed to check GPU Type",
         "E1129 14:01:02.000701       1 nvidia_gpu.go:167] failed to start GPU device manager: failed to start mig "
         "device manager: Not all GPUs are partitioned as expected. Total number of GPUs: 8, number of partitioned GPUs: 0",
         with_params(no_params, variant="gke"), "mig"),
    _sig("gke_partition_failed", K.MIG_APPLY_FAILED, ("Failed to create GPU partitions", "Failed to enable MIG mode",
                                                     "Failed to cleanup GPU partitions",
                                                     "Failed to check if MIG mode is enabled"),
         r"Failed to (?:create|cleanup) GPU partitions|Failed to enable MIG mode|Failed to check if MIG mode is enabled",
         "E1129 14:00:40.000801       1 partition_gpu.go:231] Failed to create GPU partitions: failed to create GPU "
         "Instances: output: Unable to create a GPU instance on GPU  0 using profile 19: Insufficient Resources, error: "
         "exit status 2", with_params(no_params, variant="gke"), "mig"),
    # --- operator validators --------------------------------------------------------------
    _sig("driver_validation_attempt", K.DRIVER_VALIDATION_ATTEMPT, "running command chroot with args",
         r"running command chroot with args \[(?P<driver_root>\S{1,200}?) nvidia-smi",
         'time="2023-05-05T08:00:00Z" level=info msg="running command chroot with args [/run/nvidia/driver nvidia-smi]"'),
    _sig("driver_validation_failed", K.DRIVER_VALIDATION_FAILED, "chroot: failed to run command",
         r"chroot: failed to run command .?nvidia-smi.?:?\s*(?P<reason>.{0,120})",
         "chroot: failed to run command 'nvidia-smi': No such file or directory"),
    _sig("driver_validation_not_ready", K.DRIVER_VALIDATION_FAILED, "driver is not ready: ",
         r"driver is not ready: (?P<reason>.{0,200})",
         'time="2026-11-29T14:02:03Z" level=error msg="driver is not ready: error validating driver: failed to '
         'locate nvidia-smi: failed to find an executable \'nvidia-smi\' on the host"', groups),
    _sig("toolkit_not_ready", K.TOOLKIT_VALIDATION_WAITING, "toolkit is not ready", r"^toolkit is not ready$",
         "toolkit is not ready", with_params(no_params, variant="validator")),
    # Go's exec (the validator, kubectl exec) and the shells: bash `<script>: line N: nvidia-smi: command
    # not found`, dash `sh: 1: nvidia-smi: not found` - in a GPU container the toolkit injects nvidia-smi
    _sig("nvidia_smi_not_found", K.NVIDIA_SMI_NOT_FOUND, ("executable file not found", "nvidia-smi: command not found",
                                                         "nvidia-smi: not found"),
         r"\"?nvidia-smi\"?: executable file not found in \$PATH|\bnvidia-smi: command not found"
         r"|^(?:/bin/)?(?:ba|da)?sh: \d{1,6}: nvidia-smi: not found",
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
    _sig("toolkit_install_failed", K.TOOLKIT_INSTALL_FAILED, "error running nvidia-",
         r"error running (?P<program>nvidia-ctk-installer|nvidia-toolkit): (?P<reason>.{1,240})",
         'time="2026-11-29T14:01:30Z" level=error msg="error running nvidia-ctk-installer: unable to setup runtime: '
         'unable to configure containerd: unable to load config: failed to load config: open /runtime/config-dir/'
         'config.toml: permission denied"',
         lambda m, line: {"program": m.group("program"),
                          "step": search(r"unable to (setup runtime|install toolkit|initialize|determine runtime options"
                                         r"|start NRI plugin server|cleanup runtime)", m.group("reason")),
                          "runtime": search(r"unable to (?:configure|restart) (containerd|crio|docker)", m.group("reason"))}),
    # the GPU's video engines from inside a container: FFmpeg's loader (nv-codec-headers
    # include/ffnvcodec/dynlink_loader.h LOAD_LIBRARY: "Cannot load %s" for libnvcuvid.so.1 /
    # libnvidia-encode.so.1; libavcodec/nvenc.c: "No capable devices found"), and an encoder or decoder
    # (h264_nvenc, hevc_cuvid ...) named on a line that says it failed or is unavailable. The NVIDIA
    # runtime mounts those libraries only with the `video` driver capability.
    _sig("video_codec_unavailable", K.VIDEO_CODEC_UNAVAILABLE, ("libnvcuvid", "libnvidia-encode", "_nvenc", "_cuvid",
                                                                "NVENC", "No capable devices found"),
         r"(?P<library>libnvcuvid\.so[\d.]{0,8}|libnvidia-encode\.so[\d.]{0,8})"
         r"|(?P<codec>\b(?:h264|hevc|av1)_nvenc|\b(?:h264|hevc|av1|vp8|vp9|mpeg[124]|mjpeg|vc1)_cuvid)\b"
         r"|(?P<nvenc>No (?:NVENC )?capable devices found|OpenEncodeSessionEx failed)",
         "[h264_nvenc @ 0x55d0c8a4e1c0] Cannot load libnvidia-encode.so.1",
         lambda m, line: _video_codec(m, line)),
    # FFmpeg built against a newer NVENC SDK than the node's driver offers (libavcodec/nvenc.c,
    # nvenc_check_capabilities' caller nvenc_load_libraries: "Driver does not support the required nvenc
    # API version. Required: %d.%d Found: %d.%d", followed by nvenc_print_driver_requirement's "The
    # minimum required Nvidia driver for nvenc is %s or newer", which alone is also printed when
    # libnvidia-encode cannot be loaded, so it is no fact by itself)
    _sig("nvenc_api_too_new", K.CUDA_DRIVER_TOO_OLD, "required nvenc API version",
         r"Driver does not support the required nvenc API version\. Required: (?P<required_api>\d{1,3}\.\d{1,3}) "
         r"Found: (?P<found_api>\d{1,3}\.\d{1,3})",
         "[h264_nvenc @ 0x55d0c8a4e1c0] Driver does not support the required nvenc API version. Required: 12.1 Found: 12.0",
         with_params(groups, variant="nvenc"), "cuda_error"),
    _sig("cdi_unresolvable", K.CDI_UNRESOLVABLE, "unresolvable CDI",
         r"unresolvable CDI\s{1,20}de\s{0,20}vices?\s{1,20}(?P<device>[^\s:,]{1,200})",
         "failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=all: unknown"),
    # nvidia-container-runtime (internal/modifier/cdi/registry.go) before it fails the start with the line above
    _sig("cdi_could_not_resolve", K.CDI_UNRESOLVABLE, ("could not resolve CDI devices", "Refreshing the CDI registry generated errors"),
         r"could not resolve CDI devices: \[?(?P<device>[^\s\],\"]{1,200})|(?P<registry>Refreshing the CDI registry generated errors)",
         'time="2026-11-29T14:10:00Z" level=warning msg="could not resolve CDI devices: [nvidia.com/gpu=all]"',
         lambda m, line: {"device": m.group("device"), "variant": "registry_errors" if m.group("registry") else "runtime"}),
    _sig("nvml_unknown_error", K.NVML_UNKNOWN_ERROR, "NVML: Unknown Error", r"Failed to initialize NVML: Unknown Error",
         "Failed to initialize NVML: Unknown Error", no_params),
    # the same error as a container reports it once it lost its devices (NVIDIA/k8s-device-plugin docs/cdi.md:
    # "a container losing access to devices under container updates ... typically manifest as: NVML: Unknown error")
    _sig("nvml_unknown_error_bare", K.NVML_UNKNOWN_ERROR, ("NVML: Unknown error", "NVML: Unknown Error"),
         r"(?<!initialize )\bNVML: Unknown [Ee]rror\b", "NVML: Unknown error", no_params),
    # the same prefix with any other reason (nvmlErrorString: "Insufficient Permissions", "Not Found"...) or
    # none (wrappers that drop it): NVML did not start; judged only where no GPU was asked for
    _sig("nvml_init_failed", K.NVML_INIT_FAILED, "Failed to initialize NVML",
         r"Failed to initialize NVML(?![^\n]{0,80}?(?:Unknown Error|[Dd]river/library version mismatch|could not load NVML"
         r"|ERROR_LIB_RM_VERSION_MISMATCH|ERROR_UNKNOWN))",
         "Failed to initialize NVML: Insufficient Permissions", no_params),
    # NVML_ERROR_OPERATING_SYSTEM (17): the device cgroup blocks the GPU's control device
    _sig("nvml_os_blocked", K.NVML_UNKNOWN_ERROR, ("The operating system has blocked the request", "NVMLError_OperatingSystem",
                                                   "NVML: ERROR_OPERATING_SYSTEM"),
         r"The operating system has blocked the request|NVMLError_OperatingSystem|NVML: ERROR_OPERATING_SYSTEM",
         "pynvml.NVMLError_OperatingSystem: The operating system has blocked the request.",
         with_params(no_params, variant="os_blocked")),
    # pynvml (vLLM, TGI, DCGM tooling) without the driver's libnvidia-ml in the container
    _sig("pynvml_library_not_found", K.NO_NVIDIA_DRIVER, ("NVMLError_LibraryNotFound", "NVML Shared Library Not Found"),
         r"NVMLError_LibraryNotFound|NVML Shared Library Not Found",
         "pynvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found",
         with_params(no_params, variant="pynvml")),
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
    # nvidia-smi's words, nvmlErrorString(NVML_ERROR_LIB_RM_VERSION_MISMATCH) and pynvml's exception class
    _sig("nvml_mismatch", K.NVML_VERSION_MISMATCH, ("Driver/library version mismatch", "driver/library version mismatch",
                                                    "NVML library version: ", "RM has detected an NVML/RM version mismatch",
                                                    "NVMLError_LibRmVersionMismatch", "ERROR_LIB_RM_VERSION_MISMATCH"),
         r"[Dd]river/library version mismatch|NVML library version: (?P<library_version>\d+(?:\.\d+)+)"
         r"|RM has detected an NVML/RM version mismatch|NVMLError_LibRmVersionMismatch|ERROR_LIB_RM_VERSION_MISMATCH",
         "Failed to initialize NVML: Driver/library version mismatch"),
    # (the DRA kubelet plugins' `ensureNVML failed: %w` and GKE's `failed to initialize nvml: %v` print NVML's
    # return the same way)
    _sig("driver_not_loaded", K.DRIVER_NOT_LOADED, ("communicate with the NVIDIA driver", "ERROR_DRIVER_NOT_LOADED",
                                                    "NVML: Driver Not Loaded", "NVMLError_DriverNotLoaded",
                                                    "NVML failed: Driver Not Loaded", "nvml: Driver Not Loaded"),
         r"couldn't communicate with the NVIDIA driver|(?:NVML|NVML failed|nvml): (?:ERROR_DRIVER_NOT_LOADED|Driver Not Loaded)"
         r"|NVMLError_DriverNotLoaded",
         "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.", no_params),
    # (and on OpenShift the driver container's ocp_dtk_entrypoint: the Driver Toolkit image carries another
    # kernel than the node runs, `WARNING: broken Driver Toolkit image detected:` then the two versions)
    _sig("driver_kernel_unresolved", K.DRIVER_KERNEL_UNRESOLVED, ("Could not resolve Linux kernel version",
                                                                 "Could not locate Linux kernel version string",
                                                                 "Unable to resolve RHEL version from kernel version",
                                                                 "broken Driver Toolkit image detected"),
         r"Could not resolve Linux kernel version|Could not locate Linux kernel version string"
         r"|Unable to resolve RHEL version from kernel version|broken Driver Toolkit image detected",
         "Could not resolve Linux kernel version", no_params),
    # the package manager has no headers for the running kernel (apt, dnf)
    _sig("driver_headers_unavailable", K.DRIVER_HEADERS_MISSING, ("Unable to locate package linux-", "has no installation candidate",
                                                                  "No match for argument: kernel-",
                                                                  "Unable to find a match: kernel-"),
         r"Unable to locate package (?P<package>linux-(?:headers|image|modules)-[\w.+~-]{1,100})"
         r"|Package '(?P<candidate>linux-(?:headers|image|modules)-[\w.+~-]{1,100})' has no installation candidate"
         r"|No match for argument: (?P<dnf>kernel-(?:headers|devel|core)-[\w.+~-]{1,100})"
         # dnf's closing error for a package it has no match for: the running kernel's own packages
         r"|Unable to find a match: (?P<dnf_kernel>kernel(?:-(?:headers|devel|core|modules))?-\d[\w.+~-]{0,100})",
         "E: Unable to locate package linux-headers-6.8.0-1015-aws",
         lambda m, line: {"package": m.group("package") or m.group("candidate") or m.group("dnf") or m.group("dnf_kernel")}),
    # gpu-driver-container <os>/nvidia-driver: _update_package_cache and the RHEL prerequisites
    _sig("driver_repo_unreachable", K.DRIVER_REPO_UNREACHABLE, ("Failed to update package cache",
                                                               "failed to reach RHEL package repositories",
                                                               "failed to update the dnf metadata cache",
                                                               "RHEL entitlement may be improperly deployed"),
         r"(?P<reason>Failed to update package cache|failed to reach RHEL package repositories"
         r"|failed to update the dnf metadata cache|RHEL entitlement may be improperly deployed)",
         "ERROR: Failed to update package cache.  Ensure that the cluster can access the proper networks.",
         lambda m, line: {"reason": {"Failed to update package cache": "apt", "failed to reach RHEL package repositories":
                                     "yum", "failed to update the dnf metadata cache": "dnf"}.get(m.group("reason"),
                                                                                                "entitlement")}),
    # gpu-driver-container's own words; nvidia-installer (NVIDIA/nvidia-installer kernel.c, install_from_cwd.c):
    # no kernel source tree for the running kernel, or the module build step failing
    _sig("driver_headers_missing", K.DRIVER_HEADERS_MISSING, ("kernel headers", "kernel source tree",
                                                              "Building kernel modules"),
         r"Unable to find kernel headers|Failed to install the kernel headers|Could not (?:find|install) (?:the )?kernel headers"
         r"|Unable to find the kernel source tree for the currently running kernel"
         r"|An error occurred while performing the step: \"Building kernel modules\"",
         "Failed to install the kernel headers", no_params),
    _sig("driver_module_load", K.DRIVER_MODULE_LOAD_FAILED,
         ("Unable to load the kernel module", "Kernel module load error", "could not insert"),
         r"Unable to load the kernel module '?(?P<module>[\w.-]{1,64}?)'?(?:\.(?:\s|$)|$)|Kernel module load error: (?P<error>.{1,120})"
         r"|modprobe: ERROR: could not insert '(?P<insert_module>nvidia[\w-]*)': (?P<insert_error>.{1,120})",
         "Kernel module load error: Operation not permitted",
         lambda m, line: _module_load(m.group("module") or m.group("insert_module"),
                                      (m.group("error") or m.group("insert_error") or "").strip() or None)),
    _sig("driver_symbol_mismatch", K.DRIVER_SYMBOL_MISMATCH, ("Unknown symbol", "disagrees about version of symbol",
                                                             "uses GPL-only symbol"),
         r"(?P<module>[\w-]{1,64}): (?:Unknown symbol|disagrees about version of symbol) (?P<symbol>\w{1,128})"
         r"|module (?P<gpl_module>[\w.-]{1,64}) uses GPL-only symbol (?P<gpl_symbol>\w{1,128})",
         "[25536.883214] nvidia: Unknown symbol sme_me_mask (err -22)",
         lambda m, line: {"module": m.group("module") or m.group("gpl_module"),
                          "symbol": m.group("symbol") or m.group("gpl_symbol")}),
    # EKEYREJECTED / ENOKEY from finit_module: an unsigned or untrusted module under Secure Boot / lockdown
    # nvidia-installer (kernel.c, test_kernel_module): the load failed with EKEYREJECTED / ENOKEY
    # Talos' KernelModuleSpecController (`error loading module %q: %w`) wraps the errno in Go's words, lower case
    _sig("driver_key_rejected", K.DRIVER_KEY_REJECTED, ("Key was rejected by service", "Required key not available",
                                                        "not signed by a key that is trusted by the kernel",
                                                        "key was rejected by service", "required key not available"),
         r"Key was rejected by service|could not insert '(?P<key_module>nvidia[\w-]{0,20}|amdgpu)': Required key not available"
         r"|The kernel module failed to load, because it was not signed by a key that is trusted by the kernel"
         r"|error loading module (?:\\x5c|\\)?\"(?P<go_module>nvidia[\w-]{0,20}|amdgpu)(?:\\x5c|\\)?\": [^\n]{0,160}?"
         r"(?:key was rejected by service|required key not available)",
         "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service",
         lambda m, line: {"load_module": m.group("key_module") or m.group("go_module")}
         if m.group("key_module") or m.group("go_module") else {}),
    _sig("driver_secure_boot", K.DRIVER_SECURE_BOOT, ("Secure Boot enabled", "Secure Boot is enabled", "SecureBoot enabled",
                                                      "Secure boot is enabled"),
         r"(?<!if )(?:UEFI )?Secure ?[Bb]oot (?:is )?enabled",
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
         # the fabric manager package's start script prints its usage (and starts nothing) on a bad argument
         r"|^NVIDIA Fabric Manager Start Script$"
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

def _keyword_routes() -> dict[str, list[int]]:
    """keyword -> the indexes of the signatures that list it, ascending, each once; keywords in
    order of first appearance. One pass over the signatures (not one per keyword)."""
    routes: dict[str, list[int]] = {}
    for i, sig in enumerate(SIGNATURES):
        for kw in sig.keywords:
            where = routes.setdefault(kw, [])
            if not where or where[-1] != i:
                where.append(i)
    return routes


_ROUTES = _keyword_routes()

#: Every literal the pre-filter looks for (each signature needs one of its own).
KEYWORDS: tuple[str, ...] = tuple(_ROUTES)

#: keyword -> indexes into SIGNATURES of the signatures it may open.
KEYWORD_ROUTES: tuple[tuple[str, tuple[int, ...]], ...] = tuple((kw, tuple(ix)) for kw, ix in _ROUTES.items())
del _ROUTES


def scan_log(text: str | bytes) -> tuple[LogFact, ...]:
    """All facts of one log, in line order (see `triage.evidence.log_scan.scan_log`)."""
    from triage.evidence.log_scan import scan_log as _scan

    return _scan(text)
