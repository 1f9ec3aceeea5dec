"""Log recognisers over the real corpus cases: each log case yields the facts its
diagnosis needs (kind, line, numbers), look-alike lines yield nothing, and no
input makes a recogniser raise.

Expected values are read off the case text by hand: sizes are written as the
text prints them (`74.16 * GiB`), line numbers count the case's own lines.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import CORPUS
from tests.evidence.real_cases import CASES as ALL_CASES, LOG_SOURCES
from triage.evidence import log_scan
from triage.evidence.log_facts import LogFact, LogKind as K
from triage.evidence.log_lines import physical_lines
from triage.evidence.log_scan import scan_lines, scan_log
from triage.evidence.log_signatures import KEYWORDS, SIGNATURES

KiB, MiB, GiB = 1 << 10, 1 << 20, 1 << 30

CASES = {case_id: c for case_id, c in ALL_CASES.items() if c["where"] in LOG_SOURCES}
ENGINES = ["re"] + (["hyperscan"] if log_scan.engine() == "hyperscan" else [])

# case id -> every fact it must yield: (line, kind, params that must be present with these values).
# The set of (line, kind) pairs must be exact, so noise on other lines fails too.
EXPECTED: dict[str, list[tuple[int, K, dict]]] = {
    "rt-cdi-unresolvable-runtime-nvidia-com-docker": [
        (2, K.CDI_UNRESOLVABLE, {"device": "runtime.nvidia.com/gpu=all"})],
    "in-pod-nvml-unknown-error-daemon-reload": [(2, K.NVML_UNKNOWN_ERROR, {})],
    "torch-oom-huge-alloc-other-process": [
        (1, K.CUDA_OOM, {"format": "current", "gpu": 0, "tried_bytes": int(74.16 * GiB),
                         "total_bytes": int(44.40 * GiB), "free_bytes": int(29.89 * GiB),
                         "other_process_bytes": int(14.51 * GiB), "other_pids": "2684311",
                         "allocated_bytes": int(13.44 * GiB), "reserved_bytes": int(738.96 * MiB)})],
    "torch-oom-capacty-typo-torch21": [
        (1, K.CUDA_OOM, {"format": "capacty_typo", "gpu": 0, "tried_bytes": 518 * MiB,
                         "total_bytes": int(21.67 * GiB), "free_bytes": int(4.06 * MiB),
                         "other_process_bytes": int(21.65 * GiB), "other_pids": "2417585",
                         "reserved_bytes": 1018 * KiB})],
    "rt-require-brand-tesla-misleading": [
        (1, K.CONTAINER_CLI_ERROR, {"error_kind": "requirement", "required_cuda": "10.0",
                                    "detail": "unsatisfied condition: brand = tesla"})],
    "rt-require-cuda11-old-driver-legacy-format": [
        (1, K.CONTAINER_CLI_ERROR, {"error_kind": "requirement", "required_cuda": "11.0"})],
    "validator-cuda-no-device-okd-host-driver": [
        (1, K.CUDA_VALIDATION_FAILED, {"cuda_error": "no_device", "step": "allocate device vector A"})],
    "validator-cuda-busy-unavailable-v100": [
        (2, K.CUDA_VALIDATION_FAILED, {"cuda_error": "busy_unavailable",
                                       "error": "CUDA-capable device(s) is/are busy or unavailable"})],
    "dp-nvml-resource-manager-invalid-mig-config": [(1, K.MIG_CONFIG_INVALID, {})],
    "dp-nvml-could-not-load-cri-log": [
        (2, K.PLUGIN_NVML_UNAVAILABLE, {"generation": "v0.14"}), (3, K.PLUGIN_RUNTIME_HINT, {})],
    "dp-nvml-not-detected-nonstandard-driver-root": [(3, K.PLUGIN_NVML_UNAVAILABLE, {"generation": "v0.15+"})],
    # the reporter's prose about a missing image tag: no log line to cite
    "driver-precompiled-tag-missing-new-kernel": [],
    "driver-ctr-wrong-os-image-unknown-symbol": [
        (4, K.DRIVER_MODULE_LOAD_FAILED, {"module": "nvidia.ko"}),
        (5, K.DRIVER_MODULE_LOAD_FAILED, {"error": "Invalid argument"}),
        (7, K.DRIVER_SYMBOL_MISMATCH, {"module": "ecc", "symbol": "__fentry__"}),
        (8, K.DRIVER_SYMBOL_MISMATCH, {"module": "ecc", "symbol": "__fentry__"}),
        (9, K.DRIVER_SYMBOL_MISMATCH, {"module": "nvidia", "symbol": "sme_me_mask"}),
        (10, K.DRIVER_SYMBOL_MISMATCH, {"module": "nvidia", "symbol": "sme_me_mask"})],
    "driver-ctr-nvidia-smi-cannot-communicate-microk8s": [(1, K.DRIVER_NOT_LOADED, {})],
    "validator-cuda-system-not-yet-initialized-fabricmanager": [
        (1, K.CUDA_VALIDATION_FAILED, {"cuda_error": "not_initialized"})],
    "gfd-mig-single-empty-mig-devices": [(4, K.GFD_ERROR, {"mig": True})],
    "dp-gpu-lost-blocks-other-gpus": [(1, K.GPU_LOST, {}), (4, K.GPU_LOST, {"pci": "0000:C1:00.0"})],
    "mig-parted-reset-in-use-nvidia-drm": [
        (3, K.MIG_GPU_IN_USE, {"pci": "00000000:01:00.0"}), (4, K.MIG_GPU_IN_USE, {"pci": "00000000:47:00.0"}),
        (5, K.MIG_GPU_IN_USE, {"pci": "00000000:81:00.0"}), (6, K.MIG_GPU_IN_USE, {"pci": "00000000:C2:00.0"}),
        (8, K.MIG_GPU_IN_USE, {"count": 4}),
        (9, K.MIG_APPLY_FAILED, {"reason": "error resetting all GPUs: exit status 255"})],
    "hf-gated-403-not-authorized-kubeai": [
        (1, K.HF_FORBIDDEN, {"status": 403, "module": "huggingface_hub.utils._errors"}),
        (4, K.HF_FORBIDDEN, {"status": 403, "repo": "meta-llama/Meta-Llama-3-8B"})],
    "hf-gated-401-unauthenticated-tgi-k8s": [
        (1, K.HF_UNAUTHORIZED, {"status": 401, "repo": "meta-llama/Meta-Llama-3-8B"})],
    "nccl-watchdog-timeout-legacy-format": [
        (n, K.NCCL_TIMEOUT, {"rank": rank, "seq": 469508, "op": "ALLREDUCE", "timeout_ms": 1800000, "ran_ms": ran})
        for n, rank, ran in ((1, 1, 1802212), (2, 3, 1802211), (3, 2, 1802212))],
    "nccl-ib-port-error-flapping-link": [
        (1, K.NCCL_NETWORK, {"transport": "IB", "detail": "Got async event : port error"})],
    "nccl-shm-no-space-kubeflow": [
        (1, K.SHM_EXHAUSTED, {}), (1, K.NCCL_WARN, {}),
        (3, K.SHM_EXHAUSTED, {"segment": "nccl-shm-recv-1462445a6f01cbfc-1-2-3", "size_bytes": 9637888}),
        (3, K.NCCL_WARN, {})],
    "nccl-unhandled-system-error-shm-vllm": [
        (1, K.NCCL_ERROR, {"code": "unhandled system error", "version": "2.21.5"}),
        (3, K.SHM_EXHAUSTED, {"size_bytes": 7340384}), (3, K.NCCL_WARN, {}),
        (4, K.NCCL_ERROR, {"code": "ncclSystemError"})],
    "app-no-kernel-image-lmcache-image-cuda126": [(1, K.NO_KERNEL_IMAGE, {})],
    "app-found-no-nvidia-driver-amd-gpu": [(1, K.NO_NVIDIA_DRIVER, {})],
    "operator-reconcile-alert-plugin-validation-restarting": [
        (3, K.PLUGIN_ALLOCATE_UNAVAILABLE, {"resource": "nvidia.com/gpu", "requested": 1, "available": 0})],
    "quota-exceeded-admission-format": [
        (1, K.QUOTA_EXCEEDED, {"quota": "money-claims-quota", "requested": "requests.cpu=20,requests.memory=60Gi"})],
    "rolling-update-gpu-deadlock": [(3, K.INSUFFICIENT_GPU, {"resource": "nvidia.com/gpu"})],
    "driver-ctr-secureboot-operation-not-permitted": [
        (1, K.DRIVER_SECURE_BOOT, {}), (2, K.DRIVER_MODULE_LOAD_FAILED, {"error": "Operation not permitted"})],
    "dataloader-bus-error-k8s-shm": [(1, K.BUS_ERROR, {"shm_hint": True}), (5, K.BUS_ERROR, {})],
    "toolkit-validation-waiting-container-stack": [(n, K.TOOLKIT_VALIDATION_WAITING, {}) for n in (2, 3, 4, 5)],
    # the traceback's source line quotes the message too: both lines are evidence
    "vllm-no-memory-for-cache-blocks-v0-compose": [(2, K.VLLM_NO_CACHE_MEMORY, {}), (3, K.VLLM_NO_CACHE_MEMORY, {})],
    "vllm-max-seq-len-rank-prefixed": [
        (3, K.VLLM_MAX_LEN_EXCEEDS_KV, {"max_model_len": 60000, "kv_cache_tokens": 58384})],
    "vllm-max-seq-len-32k-qwen": [(2, K.VLLM_MAX_LEN_EXCEEDS_KV, {"max_model_len": 32768, "kv_cache_tokens": 7344})],
    "dp-legacy-xid69-device-unhealthy": [
        (1, K.PLUGIN_XID_UNHEALTHY, {"xid": 69, "format": "2020",
                                     "device": "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8"}),
        (2, K.PLUGIN_DEVICE_UNHEALTHY, {"resource": "nvidia.com/gpu",
                                        "device": "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8"})],
}


def _check(facts: tuple[LogFact, ...], expected: list[tuple[int, K, dict]]) -> None:
    got = sorted((f.line, f.kind.value) for f in facts)
    assert got == sorted((line, kind.value) for line, kind, _ in expected)
    for line, kind, params in expected:
        fact = next(f for f in facts if f.line == line and f.kind is kind)
        assert {k: fact.get(k) for k in params} == params, (line, kind)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case_id", sorted(CASES))
def test_real_log_case_yields_the_facts_it_needs(case_id: str, engine: str) -> None:
    text = CASES[case_id]["text"]
    facts = scan_log(text, use_hyperscan=engine == "hyperscan")
    assert facts == scan_lines(text)  # fast path and line-by-line path agree
    if case_id in EXPECTED:
        _check(facts, EXPECTED[case_id])
    elif CASES[case_id]["where"] != "other":  # a case added later: it must at least be recognised
        assert any(not f.normal for f in facts), case_id


def test_facts_are_in_line_order_and_cite_their_line() -> None:
    for case in CASES.values():
        facts = scan_log(case["text"])
        assert [f.line for f in facts] == sorted(f.line for f in facts)
        lines = physical_lines(case["text"])
        for fact in facts:
            if "\\n" in lines[fact.line - 1]:
                continue  # JSON-wrapped message: the excerpt is unescaped
            assert fact.excerpt.strip(".") in lines[fact.line - 1]


OOM_LEGACY = ("RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total capacity; "
              "9.48 GiB already allocated; 21.56 MiB free; 9.66 GiB reserved in total by PyTorch)")


def test_pre_2_1_pytorch_oom_numbers() -> None:
    (fact,) = scan_log(OOM_LEGACY)
    assert fact.kind is K.CUDA_OOM
    assert fact.as_dict() == {"format": "legacy", "gpu": 0, "tried_bytes": 20 * MiB, "total_bytes": int(10.76 * GiB),
                              "allocated_bytes": int(9.48 * GiB), "free_bytes": int(21.56 * MiB),
                              "reserved_bytes": int(9.66 * GiB)}


def test_oom_that_can_never_fit_is_visible_from_the_numbers() -> None:
    (fact,) = scan_log(CASES["torch-oom-huge-alloc-other-process"]["text"].splitlines()[0])
    assert fact.get("tried_bytes") > fact.get("total_bytes")


@pytest.mark.parametrize("sig", SIGNATURES, ids=[s.name for s in SIGNATURES])
def test_every_signature_matches_its_sample_through_its_keywords(sig) -> None:
    assert any(k in sig.sample for k in sig.keywords), "a sample the pre-filter cannot see"
    assert sig.kind in {f.kind for f in scan_log(sig.sample)}


@pytest.mark.parametrize("name,kind,params", [
    ("error-couldnt-find-libnvidia-ml.txt", K.NO_NVIDIA_DRIVER, {}),
    ("error-failed-to-communicate-with-driver.txt", K.DRIVER_NOT_LOADED, {}),
    ("error-gpu-is-lost.txt", K.GPU_LOST, {"pci": "0000:02:00.0"}),
    ("error-no-devices-were-found.txt", K.NO_CUDA_DEVICE, {}),
    ("error-nvml-driver-library-version-mismatch-legacy.txt", K.NVML_VERSION_MISMATCH, {}),
    ("error-nvml-driver-library-version-mismatch-with-library-version.txt", K.NVML_VERSION_MISMATCH, {}),
    ("error-nvml-unknown-error-container.txt", K.NVML_UNKNOWN_ERROR, {}),
    ("error-unable-to-determine-device-handle-unknown-error-legacy.txt", K.NVML_UNKNOWN_ERROR, {"pci": "0000:0B:00.0"}),
    ("error-unable-to-determine-device-handle-unknown-error.txt", K.NVML_UNKNOWN_ERROR, {"pci": "0000:A1:00.0"}),
])
def test_nvidia_smi_error_outputs(name: str, kind: K, params: dict) -> None:
    facts = scan_log((CORPUS / "nvidia-smi" / "text" / name).read_text())
    assert facts and facts[0].line == 1 and facts[0].kind is kind
    assert {k: facts[0].get(k) for k in params} == params


def test_library_version_after_a_mismatch() -> None:
    facts = scan_log((CORPUS / "nvidia-smi/text/error-nvml-driver-library-version-mismatch-with-library-version.txt")
                     .read_text())
    assert [(f.line, f.get("library_version")) for f in facts] == [(1, None), (2, "570.124")]


def test_healthy_nvidia_smi_and_dcgm_outputs_yield_nothing() -> None:
    checked = 0
    for path in sorted((CORPUS / "nvidia-smi").rglob("*")) + sorted((CORPUS / "dcgm").rglob("*")):
        if path.is_file() and "error-" not in path.name and "gpu-lost" not in path.name:
            assert scan_log(path.read_bytes()) == (), path.name
            checked += 1
    assert checked > 50


NEGATIVES = [
    # JVM flag and Kubernetes field names in a config dump
    '  JAVA_TOOL_OPTIONS: "-XX:+HeapDumpOnOutOfMemoryError -XX:+ExitOnOutOfMemoryError"',
    # source of a handler, not an error
    "    except torch.cuda.OutOfMemoryError:",
    # vLLM start-up lines (real vLLM output format)
    "(Worker_PP0_TP0 pid=4633) INFO [worker.py:593] Available KV cache memory: 51.98 GiB",
    "INFO 09-26 11:02:05 [gpu_model_runner.py:2340] Model loading took 8.3215 GiB",
    "GPU KV cache size: 878,335 tokens",
    "Maximum concurrency for 202,752 tokens per request: 4.33x",
    "rch_memory=0.34GiB kv_cache_size=8.77GiB gpu_memory_utilization=0.42",
    # the init container's own command, as printed by `kubectl get pod -o yaml`
    '  args: ["until [ -f /run/nvidia/validations/toolkit-ready ]; do echo waiting for nvidia container stack to be setup;'
    ' sleep 5; done"]',
    # driver banner lines that only mention the possibilities
    "-> Unable to determine if Secure Boot is enabled: No such file or directory",
    "if another driver, such as nouveau, is present and prevents the NVIDIA kernel module from obtaining ownership",
    # NCCL settings and info lines
    "NCCL_SHM_DISABLE=1",
    "[3] NCCL INFO include/shm.h:41 -> 2",
    # the corpus' own ProcessGroupNCCL shutdown warning
    "[rank0]:[W914 04:53:45.615225908 ProcessGroupNCCL.cpp:1476] Warning: WARNING: destroy_process_group() was not "
    "called before program exit, which can leak resources.",
    "Cannot access gated repo for url https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main/config.json.",
]


@pytest.mark.parametrize("line", NEGATIVES)
def test_look_alike_lines_yield_nothing(line: str) -> None:
    assert scan_log(line) == ()


def test_mig_manager_assertion_is_normal_flow() -> None:
    line = 'time="2023-03-08T09:12:55Z" level=fatal msg="Assertion failure: selected configuration not currently applied"'
    (fact,) = scan_log(line)
    assert fact.kind is K.MIG_ASSERTION_NORMAL and fact.normal


def test_hf_401_and_403_are_told_apart() -> None:
    gated_401 = ("huggingface_hub.errors.GatedRepoError: 401 Client Error. (Request ID: Root=1-6)\n"
                 "Access to model meta-llama/Llama-2-7b-hf is restricted. You must be authenticated to access it.")
    facts = scan_log(gated_401)
    assert [(f.kind, f.get("status")) for f in facts] == [(K.HF_UNAUTHORIZED, 401)] * 2
    assert facts[0].get("module") == "huggingface_hub.errors"
    forbidden = scan_log(CASES["hf-gated-403-not-authorized-kubeai"]["text"])
    assert {f.kind for f in forbidden} == {K.HF_FORBIDDEN}


def test_partial_cri_lines_are_joined_and_cite_the_first_line() -> None:
    message = "Failed to initialize NVML: could not load NVML library."
    text = ("2023-10-19T11:11:54.957587844+08:00 stderr F 2023/10/19 03:11:54 Loading NVML\n"
            f"2023-10-19T11:11:54.957723331+08:00 stderr P 2023/10/19 03:11:54 {message[:30]}\n"
            f"2023-10-19T11:11:54.957723331+08:00 stderr F {message[30:]}\n")
    for engine in ENGINES:
        (fact,) = scan_log(text, use_hyperscan=engine == "hyperscan")
        assert (fact.line, fact.kind, fact.excerpt) == (2, K.PLUGIN_NVML_UNAVAILABLE, message)


def test_bytes_and_str_give_the_same_facts() -> None:
    text = "\n".join(CASES[c]["text"] for c in sorted(CASES))
    assert scan_log(text.encode()) == scan_log(text)


# --- never raises ---------------------------------------------------------------------------

CORPUS_LINES = sorted({ln for c in CASES.values() for ln in c["text"].splitlines() if ln.strip()})
PREFIXES = ["", "2023-10-19T11:11:54.957587844+08:00 stderr F ", "2023-10-19T03:11:54.957587844Z ",
            "E0506 17:45:45.421956       1 factory.go:112] ", "2023/10/19 03:11:54 ", "vllm-1  | ",
            "(EngineCore_DP0 pid=100) ERROR 03-24 14:38:36 [core.py:1102] ", "[rank0]: ", "[pod/x-1/c] "]


@st.composite
def mutated_lines(draw) -> str:
    line = draw(st.sampled_from(CORPUS_LINES))
    for _ in range(draw(st.integers(0, 4))):
        pos = draw(st.integers(0, len(line)))
        op = draw(st.sampled_from(["insert", "delete", "cut"]))
        if op == "insert":
            line = line[:pos] + draw(st.text(max_size=5)) + line[pos:]
        elif op == "delete":
            line = line[:pos] + line[pos + draw(st.integers(1, 8)):]
        else:
            line = line[:pos]
    return draw(st.sampled_from(PREFIXES)) + line


log_texts = st.lists(st.one_of(mutated_lines(), st.text(max_size=80),
                               st.sampled_from(KEYWORDS)), max_size=12).map("\n".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log_texts)
def test_no_input_makes_a_recogniser_raise_and_all_paths_agree(text: str) -> None:
    reference = scan_lines(text)
    for engine in ENGINES:
        assert scan_log(text, use_hyperscan=engine == "hyperscan") == reference
    n_lines = len(physical_lines(text))
    assert all(1 <= f.line <= n_lines for f in reference)


@pytest.mark.skipif(log_scan.engine() != "hyperscan", reason="needs hyperscan")
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log_texts, st.integers(1, 3))
def test_a_short_logs_literal_finder_gives_the_hyperscan_hits(text: str, copies: int) -> None:
    """Logs up to SMALL_SCAN_BYTES are searched with bytes.find instead of the Hyperscan
    database: every hit (overlapping ones, a partial marker's stop) must be the same."""
    data = ((text + " ") * copies).encode("utf-8", "surrogatepass")
    assert log_scan._hits_find(data) == log_scan._hits_hyperscan(data)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    facts = scan_log(data)
    assert isinstance(facts, tuple)


@pytest.mark.parametrize("sig", SIGNATURES, ids=[s.name for s in SIGNATURES])
def test_long_hostile_lines_stay_linear(sig) -> None:
    """A bundle is untrusted: a 20,000-character run after a keyword once took
    minutes (unbounded `\\d+`/`[\\w-]+` retried at every offset). With bounded
    repeats each of these lines takes milliseconds; a regression hangs here."""
    keyword = sig.keywords[0]
    for filler in ("1" * 20_000, "a" * 20_000, (keyword + "1" * 40 + " ") * 400):
        facts = scan_log(keyword + " " + filler, use_hyperscan=False)
        assert all(len(f.excerpt) <= 300 for f in facts)


def test_device_plugin_v015_sequence() -> None:
    # device plugin >= v0.15 on a node whose plugin pod runs without the NVIDIA runtime
    # (lines as posted in public issues; klog prefix)
    text = ("E1119 17:44:43.345466       1 factory.go:112] Incompatible strategy detected auto\n"
            "E1119 17:44:43.345479       1 factory.go:113] If this is a GPU node, did you configure the NVIDIA "
            "Container Toolkit?\n"
            "I1119 17:44:43.345499       1 main.go:381] No devices found. Waiting indefinitely.\n")
    facts = scan_log(text)
    assert [(f.line, f.kind) for f in facts] == [(1, K.PLUGIN_NVML_UNAVAILABLE), (2, K.PLUGIN_RUNTIME_HINT),
                                                 (3, K.PLUGIN_NO_DEVICES)]
    assert facts[0].as_dict() == {"generation": "v0.15+", "strategy": "auto"}
    assert [f.normal for f in facts] == [False, True, False]


def test_mig_manager_reconfigure_flow_is_not_a_failure() -> None:
    text = ('time="2023-12-25T07:53:18Z" level=info msg="Updating to MIG config: all-1g.10gb"\n'
            'time="2024-02-13T10:21:13Z" level=debug msg="    Mode change pending: true"\n'
            "MIG configuration applied successfully\n")
    facts = scan_log(text)
    assert [(f.kind, f.get("config")) for f in facts] == [(K.MIG_RECONFIGURING, "all-1g.10gb"),
                                                          (K.MIG_RECONFIGURING, None), (K.MIG_APPLIED, None)]
    assert not any(f.kind in (K.MIG_APPLY_FAILED, K.MIG_STATE_FAILED) for f in facts)


def test_mig_state_label_values() -> None:
    assert [f.kind for f in scan_log("Changing the 'nvidia.com/mig.config.state' node label to 'pending'\n"
                                     "Changing the 'nvidia.com/mig.config.state' node label to 'failed'")] == [
        K.MIG_RECONFIGURING, K.MIG_STATE_FAILED]


def test_driver_validation_loop() -> None:
    # driver-validation init container of the operator validator, CRI timestamps as in the issue
    text = ("2024-10-24T09:25:48.176690024+08:00 running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
            "2024-10-24T09:25:48.178993123+08:00 chroot: failed to run command 'nvidia-smi': No such file or "
            "directory\n"
            "2024-10-24T09:25:48.179246578+08:00 command failed, retrying after 5 seconds\n")
    facts = scan_log(text)
    assert [(f.line, f.kind) for f in facts] == [(1, K.DRIVER_VALIDATION_ATTEMPT), (2, K.DRIVER_VALIDATION_FAILED)]
    assert facts[0].get("driver_root") == "/run/nvidia/driver" and facts[0].normal
    assert facts[1].get("reason") == "No such file or directory"


def test_docstring_samples_hold() -> None:
    import doctest

    from triage.evidence import log_lines, log_signatures

    for module in (log_lines, log_signatures, log_scan):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_vllm_start_up_budget_numbers() -> None:
    (fact,) = scan_log("(EngineCore_DP0 pid=100) ERROR 03-24 14:38:36 [core.py:1102] ValueError: Free memory on device "
                       "(3.21/4.0 GiB) on startup is less than desired GPU memory utilization (0.85, 3.4 GiB). Decrease "
                       "GPU memory utilization or reduce GPU memory used by other processes.")
    assert fact.kind is K.VLLM_FREE_MEMORY_LOW
    assert fact.as_dict() == {"free_bytes": int(3.21 * GiB), "total_bytes": 4 * GiB, "utilization": "0.85",
                              "wanted_bytes": int(3.4 * GiB)}


def test_plain_cuda_errors_outside_the_validator() -> None:
    text = ("RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n"
            "RuntimeError: CUDA error: an illegal memory access was encountered\n"
            "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
            "RuntimeError: CUDA error: system not yet initialized\n")
    assert [f.kind for f in scan_log(text)] == [K.CUDA_DEVICE_BUSY, K.CUDA_KERNEL_FAULT, K.CUDA_ECC_ERROR,
                                                K.CUDA_SYSTEM_NOT_INITIALIZED]


def test_helpers_pick_kinds_and_drop_normal_flow() -> None:
    from triage.evidence.log_facts import of_kind, problems

    facts = scan_log(CASES["dp-nvml-could-not-load-cri-log"]["text"])
    assert [f.line for f in of_kind(facts, K.PLUGIN_RUNTIME_HINT)] == [3]
    assert [f.kind for f in problems(facts)] == [K.PLUGIN_NVML_UNAVAILABLE]


def test_fabric_manager_version_mismatch_and_start_failure() -> None:
    # systemd journal lines of a failing nvidia-fabricmanager (as posted in public issues)
    text = ("Nov 05 13:55:26 node1 systemd[1]: Starting NVIDIA fabric manager service...\n"
            "Nov 05 13:55:26 node1 nv-fabricmanager[104230]: fabric manager NVIDIA GPU driver interface version "
            "550.127.05 doesn't match with driver version 550.120. Please update with the matching NVIDIA driver "
            "package.\n"
            "Nov 05 13:55:26 node1 systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, "
            "status=1/FAILURE\n")
    facts = scan_log(text)
    assert [(f.line, f.kind) for f in facts] == [(2, K.FABRIC_MANAGER_NOT_RUNNING), (3, K.FABRIC_MANAGER_NOT_RUNNING)]
    assert facts[0].as_dict() == {"fm_version": "550.127.05", "driver_version": "550.120"}


@pytest.mark.parametrize("case_id,line,kind,params", [
    # the driver container prints the kernel's messages when its module load fails
    ("dmesg-nouveau-owns-device", 4, K.DRIVER_NOUVEAU, {"devices": 3, "variant": "probe_not_called"}),
    # the driver pod's events, also quoted in operator logs
    ("driver-image-pull-notfound-buildroot", 1, K.DRIVER_IMAGE_PULL_FAILED,
     {"tag": "515.65.01-buildroot2021.02.12", "os": "buildroot2021.02.12"}),
    # a non-NVIDIA resource name is kept as written
    ("admission-devices-unavailable-after-node-reboot", 1, K.PLUGIN_ALLOCATE_UNAVAILABLE,
     {"resource": "aliyun.com/gpu-mem", "requested": 1, "available": 0}),
])
def test_corpus_text_of_other_sources_that_logs_also_carry(case_id: str, line: int, kind: K, params: dict) -> None:
    facts = [f for f in scan_log(ALL_CASES[case_id]["text"]) if f.kind is kind]
    assert [f.line for f in facts] == [line]
    assert {k: facts[0].get(k) for k in params} == params


# any character, with digits of every script and number-like symbols (², ½, Ⅻ) drawn more often
ANY_CHARS = st.one_of(st.characters(), st.characters(whitelist_categories=("Nd", "No", "Nl")))


@st.composite
def mutated_sample(draw, sig) -> str:
    """`sig`'s sample with a few characters of any category put in (superscript
    digits once crashed `int()` in a parameter builder), or its keyword followed
    by arbitrary text."""
    if draw(st.booleans()):
        return draw(st.sampled_from(sig.keywords)) + " " + draw(st.text(ANY_CHARS, max_size=12))
    line = sig.sample
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(line)))
        cut = draw(st.integers(0, 3))
        line = line[:pos] + draw(st.text(ANY_CHARS, min_size=1, max_size=3)) + line[pos + cut:]
    return line


@pytest.mark.parametrize("sig", SIGNATURES, ids=[s.name for s in SIGNATURES])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_mutated_samples_never_raise(sig, data) -> None:
    line = data.draw(mutated_sample(sig))
    for engine in ENGINES:
        assert scan_log(line, use_hyperscan=engine == "hyperscan") == scan_lines(line)


def test_unicode_digits_in_a_number_field() -> None:
    (fact,) = scan_log("Incompatible strategy detected ²")
    assert fact.as_dict() == {"generation": "v0.15+", "strategy": "²"}


# characters str.isdigit() accepts but int() refuses (superscripts, circled digits ...)
ODD_DIGITS = "".join(chr(c) for c in range(0x30000) if chr(c).isdigit() and not chr(c).isdecimal())


@pytest.mark.parametrize("sig", SIGNATURES, ids=[s.name for s in SIGNATURES])
def test_odd_digits_in_every_number_field(sig) -> None:
    assert len(ODD_DIGITS) > 50
    for ch in ODD_DIGITS[::5]:
        for line in (f"{sig.keywords[0]} {ch}", re.sub(r"\d", ch, sig.sample), re.sub(r"\d+", ch, sig.sample)):
            assert scan_log(line) == scan_lines(line)


def test_signature_table_is_well_formed() -> None:
    names = [s.name for s in SIGNATURES]
    assert len(names) == len(set(names))
    assert all(k and "\n" not in k for k in KEYWORDS)
    # every kind a rule may ask for has at least one recogniser
    assert {s.kind for s in SIGNATURES} == set(K)


def test_tgi_warmup_out_of_memory_wordings() -> None:
    """Real text: huggingface/text-generation-inference#1067 (TGI's own warmup error) and #563
    (the router quoting the pre-2.0 PyTorch allocator, with literal `\\n` inside the string)."""
    (own,) = scan_log("RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease "
                      "`--max-batch-prefill-tokens`")
    assert own.kind is K.CUDA_OOM and own.as_dict() == {"format": "tgi_warmup", "prefill_tokens": 4096}
    router = ("thread 'main' panicked at 'Unable to warmup model: Generation(\"Allocation on device 0 would exceed "
              "allowed memory. (out of memory)\\nCurrently allocated     : 16.08 GiB\\nRequested               : "
              "4.83 GiB\\nDevice limit            : 22.20 GiB\\nFree (according to CUDA): 11.12 MiB\\nPyTorch limit "
              "(set by user-supplied memory fraction)\\n                        : 22.20 GiB\")', router/src/main.rs:216:18")
    (quoted,) = scan_log(router)
    assert quoted.kind is K.CUDA_OOM and quoted.as_dict() == {"format": "tgi_warmup", "gpu": 0}
    # TGI's normal warmup lines and flag dumps are not out-of-memory
    assert scan_log("Setting max batch total tokens to 30816") == ()
    assert scan_log("max_batch_prefill_tokens: Some(4096), max_batch_total_tokens: None, waiting_served_ratio: 0.3") == ()


def test_installer_and_fabric_manager_failure_wordings() -> None:
    """Written from the emitters' formats: nvidia-installer's kernel-source and build-step errors,
    kmod's ENOKEY, and the fabric manager start script printing its usage instead of starting."""
    kinds = lambda line: {f.kind for f in scan_log(line)}  # noqa: E731
    assert K.DRIVER_HEADERS_MISSING in kinds("ERROR: Unable to find the kernel source tree for the currently running "
                                             "kernel.  Please make sure you have installed the kernel source files")
    assert K.DRIVER_HEADERS_MISSING in kinds('ERROR: An error occurred while performing the step: "Building kernel '
                                             'modules". See /var/log/nvidia-installer.log for details.')
    assert K.DRIVER_KEY_REJECTED in kinds("modprobe: ERROR: could not insert 'nvidia': Required key not available")
    assert K.DRIVER_SECURE_BOOT in kinds("ERROR: The kernel module failed to load. Secure boot is enabled on this system")
    assert K.FABRIC_MANAGER_NOT_RUNNING in kinds("NVIDIA Fabric Manager Start Script")
    # the driver container announcing the start, and the script named in a healthy line, are not failures
    assert scan_log("Starting NVIDIA fabric manager daemon for NVLink5+...") == ()
    assert K.DRIVER_KEY_REJECTED in kinds("ERROR: The kernel module failed to load, because it was not signed by a key "
                                          "that is trusted by the kernel. Please try installing the driver again")


@pytest.mark.parametrize("line", [
    # hypothesis found it: an ESC sequence inside the keyword hid the line from the pre-filters
    'time="2023-05-05T08:00:00Z" level=info msg="r\x1b@unning command chroot with args [/run/nvidia/driver nvidia-smi]"',
    'time="2023-05-05T08:00:00Z" level=info msg="r\x1b[0munning command chroot with args [/run/nvidia/driver nvidia-smi]"',
    "<30>1 2023-05-05T08:00:00Z node1 validator 1 - - r#033[0munning command chroot with args "
    "[/run/nvidia/driver nvidia-smi]",
], ids=["esc-at", "csi-colour", "rsyslog-escaped"])
def test_an_ansi_sequence_inside_a_keyword_does_not_hide_the_line_from_the_pre_filters(line):
    """The normaliser drops ANSI sequences before the signatures run, so the reference path
    finds the fact; the pre-filters search the raw text and must select the line all the same."""
    (fact,) = scan_lines(line)
    assert fact.kind is K.DRIVER_VALIDATION_ATTEMPT
    for engine in ENGINES:
        assert scan_log(line, use_hyperscan=engine == "hyperscan") == (fact,)
        assert scan_log(line + "\n" + "filler line\n" * 2000, use_hyperscan=engine == "hyperscan") == (fact,)
