"""Frozen fact records produced by the log recognisers (`log_signatures.scan_log`).

A `LogFact` says *what* a log line shows (a `LogKind`), the numbers or names the
line carries (`params`), and *where* it is (the 1-based line number of the
original file and a short excerpt of the message after prefix stripping). It
holds no prose: rules turn facts into findings, playbooks into words.

Sample: the line

    torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 74.16 GiB. GPU 0 has a total capacity of 44.40 GiB of which 29.89 GiB is free. ...

becomes `LogFact(kind=LogKind.CUDA_OOM, line=1, excerpt="torch.OutOfMemoryError: ...",
params=(("format", "current"), ("free_bytes", 32094143119), ("gpu", 0), ...,
("tried_bytes", 79628693667)))`.
"""

from __future__ import annotations

import enum
from msgspec import Struct

ParamValue = int | str | bool

EXCERPT_CHARS = 300


class LogKind(enum.Enum):
    """What a recognised log line shows. Values are stable snake_case ids."""

    # application
    CUDA_OOM = "cuda_oom"
    CUDA_DRIVER_TOO_OLD = "cuda_driver_too_old"
    NO_NVIDIA_DRIVER = "no_nvidia_driver"
    NO_CUDA_DEVICE = "no_cuda_device"
    CUDA_DEVICE_BUSY = "cuda_device_busy"
    CUDA_ECC_ERROR = "cuda_ecc_error"
    CUDA_KERNEL_FAULT = "cuda_kernel_fault"
    NO_KERNEL_IMAGE = "no_kernel_image"
    NCCL_TIMEOUT = "nccl_timeout"
    NCCL_NETWORK = "nccl_network"
    NCCL_ERROR = "nccl_error"
    NCCL_WARN = "nccl_warn"
    SHM_EXHAUSTED = "shm_exhausted"
    BUS_ERROR = "bus_error"
    DATALOADER_WORKER_EXITED = "dataloader_worker_exited"   # a PyTorch DataLoader worker died: why is lost
    HF_UNAUTHORIZED = "hf_unauthorized"
    HF_FORBIDDEN = "hf_forbidden"
    VLLM_MAX_LEN_EXCEEDS_KV = "vllm_max_len_exceeds_kv"
    VLLM_NO_CACHE_MEMORY = "vllm_no_cache_memory"
    VLLM_FREE_MEMORY_LOW = "vllm_free_memory_low"
    CUDA_DRIVER_MISMATCH = "cuda_driver_mismatch"        # 803: libcuda differs from the kernel module
    CUDA_NVLINK_ERROR = "cuda_nvlink_error"              # 220: uncorrectable NVLink error
    CUDA_MPS_ERROR = "cuda_mps_error"                    # 805-810: MPS client/server errors
    CUDA_INIT_FAILED = "cuda_init_failed"                # 3 / 999 at init: cause not decidable from the line
    # device plugin, GFD, MIG manager
    PLUGIN_NVML_UNAVAILABLE = "plugin_nvml_unavailable"
    PLUGIN_RUNTIME_HINT = "plugin_runtime_hint"
    PLUGIN_NO_DEVICES = "plugin_no_devices"
    PLUGIN_XID_UNHEALTHY = "plugin_xid_unhealthy"
    PLUGIN_DEVICE_UNHEALTHY = "plugin_device_unhealthy"
    PLUGIN_REGISTERED = "plugin_registered"
    PLUGIN_REGISTER_FAILED = "plugin_register_failed"
    PLUGIN_KUBELET_RESTART = "plugin_kubelet_restart"
    PLUGIN_ALLOCATE_UNAVAILABLE = "plugin_allocate_unavailable"
    PLUGIN_CONFIG_INVALID = "plugin_config_invalid"
    DRA_CDI_FAILED = "dra_cdi_failed"                    # the DRA kubelet plugin cannot write its CDI specs
    DRA_DEVICE_HELD = "dra_device_held"                  # the DRA kubelet plugin's checkpoint holds the device for another claim
    COMPUTE_DOMAIN_NOT_READY = "compute_domain_not_ready"  # ComputeDomain / IMEX daemon / clique not ready
    GFD_ERROR = "gfd_error"
    MIG_ASSERTION_NORMAL = "mig_assertion_normal"
    MIG_APPLY_FAILED = "mig_apply_failed"
    MIG_CONFIG_INVALID = "mig_config_invalid"
    MIG_STATE_FAILED = "mig_state_failed"
    MIG_GPU_IN_USE = "mig_gpu_in_use"
    MIG_RECONFIGURING = "mig_reconfiguring"
    MIG_APPLIED = "mig_applied"
    # operator validators
    DRIVER_VALIDATION_ATTEMPT = "driver_validation_attempt"
    DRIVER_VALIDATION_FAILED = "driver_validation_failed"
    TOOLKIT_VALIDATION_WAITING = "toolkit_validation_waiting"
    NVIDIA_SMI_NOT_FOUND = "nvidia_smi_not_found"
    CUDA_VALIDATION_FAILED = "cuda_validation_failed"
    PLUGIN_VALIDATION_NO_RESOURCE = "plugin_validation_no_resource"
    INSUFFICIENT_GPU = "insufficient_gpu"
    # runtime
    CONTAINER_CLI_ERROR = "container_cli_error"
    TOOLKIT_INSTALL_FAILED = "toolkit_install_failed"
    CDI_UNRESOLVABLE = "cdi_unresolvable"
    VIDEO_CODEC_UNAVAILABLE = "video_codec_unavailable"  # NVENC / NVDEC libraries or encoders the container lacks
    NVML_UNKNOWN_ERROR = "nvml_unknown_error"
    NVML_INIT_FAILED = "nvml_init_failed"      # NVML could not start, for a reason no other kind names
    # driver
    NVML_VERSION_MISMATCH = "nvml_version_mismatch"
    DRIVER_NOT_LOADED = "driver_not_loaded"
    GPU_LOST = "gpu_lost"
    DRIVER_KERNEL_UNRESOLVED = "driver_kernel_unresolved"
    DRIVER_HEADERS_MISSING = "driver_headers_missing"
    DRIVER_REPO_UNREACHABLE = "driver_repo_unreachable"  # the driver container cannot reach its package repositories
    DRIVER_MODULE_LOAD_FAILED = "driver_module_load_failed"
    DRIVER_SYMBOL_MISMATCH = "driver_symbol_mismatch"
    DRIVER_KEY_REJECTED = "driver_key_rejected"
    DRIVER_SECURE_BOOT = "driver_secure_boot"
    DRIVER_NOUVEAU = "driver_nouveau"
    DRIVER_IN_USE = "driver_in_use"
    DRIVER_IMAGE_PULL_FAILED = "driver_image_pull_failed"
    CUDA_SYSTEM_NOT_INITIALIZED = "cuda_system_not_initialized"
    FABRIC_MANAGER_NOT_RUNNING = "fabric_manager_not_running"
    # scheduler text quoted in logs
    QUOTA_EXCEEDED = "quota_exceeded"


#: Kinds that describe normal operation or context, not a failure on their own.
NORMAL_KINDS = frozenset({
    LogKind.MIG_ASSERTION_NORMAL,
    LogKind.MIG_APPLIED,
    LogKind.PLUGIN_REGISTERED,
    LogKind.DRIVER_VALIDATION_ATTEMPT,
    LogKind.PLUGIN_RUNTIME_HINT,
})


class LogFact(Struct, frozen=True):
    """One recognised log line.

    `line` is the 1-based line number in the original text (every sub-line of a
    JSON-wrapped message cites the line of its JSON object; joined CRI partial
    lines cite the first physical line). `excerpt` is the message after prefix
    stripping, cut to `EXCERPT_CHARS`. `params` are sorted (name, value) pairs:
    byte counts are ints named `*_bytes`, other numbers ints, the rest strings.
    """

    kind: LogKind
    line: int
    excerpt: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    def get(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        """The value of one parameter, or `default`."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def as_dict(self) -> dict[str, ParamValue]:
        return dict(self.params)

    @property
    def normal(self) -> bool:
        """True for lines that are normal flow or context (e.g. the MIG manager's
        `Assertion failure: selected configuration not currently applied`)."""
        return self.kind in NORMAL_KINDS


def make_fact(kind: LogKind, line: int, message: str, params: dict[str, ParamValue | None],
              at: int = 0) -> LogFact:
    """Build a fact, dropping parameters that are None. A message longer than
    `EXCERPT_CHARS` is cut to a window that starts a little before `at` (where
    the match begins), with '...' marking each cut."""
    excerpt = message.strip()
    if len(excerpt) > EXCERPT_CHARS:
        at = max(0, at - (len(message) - len(message.lstrip())))
        begin = max(0, min(at - 60, len(excerpt) - EXCERPT_CHARS))
        window = excerpt[begin: begin + EXCERPT_CHARS - 6]
        excerpt = ("..." if begin else "") + window + ("..." if begin + len(window) < len(excerpt) else "")
    items = tuple(sorted((k, v) for k, v in params.items() if v is not None))
    return LogFact(kind=kind, line=line, excerpt=excerpt, params=items)


def of_kind(facts: tuple[LogFact, ...] | list[LogFact], *kinds: LogKind) -> tuple[LogFact, ...]:
    """The facts of the given kinds, in their order (e.g. every CUDA_OOM line)."""
    wanted = set(kinds)
    return tuple(f for f in facts if f.kind in wanted)


def problems(facts: tuple[LogFact, ...] | list[LogFact]) -> tuple[LogFact, ...]:
    """The facts that report a failure (normal-flow and context kinds left out)."""
    return tuple(f for f in facts if not f.normal)
