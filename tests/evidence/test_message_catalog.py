"""`docs/message-catalog.md` and the code agree: every catalogued format row has a signature whose
pattern matches the row's sample (written from the component's format string) and yields the row's
fact kind, the finding the row names is one that kind can reach, every signature is catalogued, the
CUDA table's three spellings of an error reach the same signature, and the benign tables are
`BENIGN_SAMPLES`. Then the new formats one by one (their parameters), and the CUDA errors in each
framework's words end to end: a crash-looping GPU pod whose log says it gets the right finding id,
not `application.crash_unclassified`."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import crash_pod
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.classify.rules import application, driver, plugin, runtime
from triage.evidence.benign_lines import BENIGN_SAMPLES
from triage.evidence.log_facts import LogKind as K
from triage.evidence.log_lines import strip_prefixes
from triage.evidence.log_scan import scan_log
from triage.evidence.log_signatures import SIGNATURES
from triage.render.json import findings_document

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "message-catalog.md"
SIG = {s.name: s for s in SIGNATURES}
NO_GPU_IDS = {"application.gpu_not_requested", "application.cuda_driver_too_old", "runtime.no_device_visible"}


def _cells(line: str) -> list[str]:
    out = []
    for raw in re.split(r"(?<!\\)\|", line.strip())[1:-1]:
        c = raw.replace("\\|", "|").strip()
        if c.startswith("`` ") and c.endswith(" ``"):
            c = c[3:-3]
        elif len(c) >= 2 and c.startswith("`") and c.endswith("`"):
            c = c[1:-1]
        out.append(c)
    return out


@cache
def tables() -> tuple[tuple[str, tuple[dict, ...]], ...]:
    """(section heading, rows as dicts keyed by the header) of every table of the doc."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    out, heading, i = [], "", 0
    while i < len(lines):
        if lines[i].startswith("#"):
            heading = lines[i].lstrip("# ").strip()
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            header = ["Sample" if h.startswith("Sample") else h for h in _cells(lines[i])]
            rows, i = [], i + 2
            while i < len(lines) and lines[i].startswith("|"):
                cells = _cells(lines[i])
                assert len(cells) == len(header), (heading, lines[i][:120])
                rows.append(dict(zip(header, cells)))
                i += 1
            out.append((heading, tuple(rows)))
            continue
        i += 1
    return tuple(out)


def format_rows() -> list[tuple[str, dict]]:
    return [(h, r) for h, rows in tables() for r in rows if "Signature" in r]


def benign_rows() -> list[dict]:
    return [r for _, rows in tables() for r in rows if "Why harmless" in r]


@cache
def taxonomy_ids() -> frozenset[str]:
    doc = yaml.safe_load((REPO / "triage" / "data" / "taxonomy.yaml").read_text(encoding="utf-8"))
    return frozenset(doc["findings"])


def _row_id(h: str, r: dict) -> str:
    return f"{h[:20]}:{r['Signature']}:{r.get('Sample', '')[:40]}"


ROWS = format_rows()


def test_doc_has_the_tables_and_links_the_kubernetes_catalog():
    text = DOC.read_text(encoding="utf-8")
    assert "(message-catalog-kubernetes.md)" in text
    assert len(ROWS) >= 120 and benign_rows()
    assert any("CUresult" in r for _, r in ROWS) and any("Framework" in r for _, r in ROWS)


@pytest.mark.parametrize("heading,row", ROWS, ids=[_row_id(h, r) for h, r in ROWS])
def test_catalogued_format_is_recognised(heading, row):
    sig = SIG.get(row["Signature"])
    assert sig is not None, f"no signature {row['Signature']!r}"
    sample = row["Sample"]
    assert sig.pattern.search(sample) or sig.pattern.search(strip_prefixes(sample)), (sig.name, sample)
    assert row["Fact kind"] == sig.kind.value
    facts = [f for f in scan_log(sample) if f.kind.value == row["Fact kind"]]
    assert facts, (row["Fact kind"], [f.kind.value for f in scan_log(sample)])
    finding = row["Finding"]
    if finding.startswith("—"):
        return
    assert finding in taxonomy_ids(), finding
    kind = row["Fact kind"]
    reachable = any(p.kind == kind and p.id == finding and (p.when is None or any(f.get(p.when[0]) in p.when[1]
                                                                                   for f in facts))
                    for m in (plugin, runtime, driver, application) for p in m.PATTERNS)
    reachable = reachable or (kind in application.NO_GPU_KINDS and finding in NO_GPU_IDS) \
        or (kind in application.NO_GPU_UNREQUESTED_KINDS and finding == "application.gpu_not_requested")
    assert reachable, (kind, finding)


def test_every_signature_is_catalogued():
    named = {r["Signature"] for _, r in ROWS}
    assert set(SIG) - named == set()
    assert named - set(SIG) == set()


CUDA_ROWS = [r for _, r in ROWS if "CUresult" in r]


@pytest.mark.parametrize("row", CUDA_ROWS, ids=[r["Code"] for r in CUDA_ROWS])
def test_cuda_error_names_reach_the_same_signature(row):
    sig = SIG[row["Signature"]]
    for name in (row["CUresult"], row["cudaError_t"]):
        if name == "—":
            continue
        line = f"RuntimeError: CUDA call failed with {name}"
        assert sig.pattern.search(line), (sig.name, name)
        assert sig.kind in {f.kind for f in scan_log(line)}, name
    # PyTorch's hint line after the error repeats the runtime name: not a second fact
    if row["cudaError_t"] != "—":
        hint = (f"Search for `{row['cudaError_t']}' in https://docs.nvidia.com/cuda/cuda-runtime-api/"
                "group__CUDART__TYPES.html for more information.")
        assert scan_log(hint) == ()


def test_benign_tables_are_the_benign_samples():
    assert sorted(r["Line (written from the format)"] for r in benign_rows()) == sorted(b.line for b in BENIGN_SAMPLES)


# ---- the new formats, one by one --------------------------------------------------------------------

def one(line: str, kind: K):
    facts = [f for f in scan_log(line) if f.kind == kind]
    assert len(facts) == 1, [f.kind.value for f in scan_log(line)]
    return facts[0]


def test_xla_driver_mismatch_carries_both_versions():
    f = one("2026-11-29 14:05:00.000002: E external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:262] "
            "kernel version 550.120.0 does not match DSO version 560.35.5 -- cannot find working devices in this "
            "configuration", K.CUDA_DRIVER_MISMATCH)
    assert f.as_dict() == {"driver_version": "550.120.0", "library_version": "560.35.5"}


def test_cuda_oom_wrappers_are_told_apart():
    trt = one("RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMalloc(ptr, n): out of memory "
              "(/src/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:125)", K.CUDA_OOM)
    assert trt.as_dict() == {"format": "trtllm", "call": "::cudaMalloc"}
    tf = one("E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:1017] failed to allocate 3.80G "
             "(4080218880 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory", K.CUDA_OOM)
    assert tf.get("format") == "cuda_driver_api"
    assert one("CUDA_ERROR_OUT_OF_MEMORY", K.CUDA_OOM).get("format") == "cuda_driver_api"


@pytest.mark.parametrize("line,variant", [
    ("RuntimeError: No CUDA GPUs are available", "torch"),
    ("RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices.", "jax"),
    ("RuntimeError: Failed to infer device type", "vllm"),
])
def test_framework_no_gpu_wordings(line, variant):
    assert one(line, K.NO_CUDA_DEVICE).get("variant") == variant


def test_plugin_healthcheck_reasons():
    f = one("I1129 14:01:02.000313       1 health.go:109] Marking device GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8 "
            "as unhealthy: ERROR_UNKNOWN", K.PLUGIN_DEVICE_UNHEALTHY)
    assert f.as_dict() == {"all_devices": False, "device": "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8",
                           "reason": "register_events"}
    f = one("I1129 14:09:00.000006       1 health.go:126] Error waiting for event: ERROR_UNKNOWN; Marking all devices "
            "as unhealthy", K.PLUGIN_DEVICE_UNHEALTHY)
    assert f.get("all_devices") is True and f.get("reason") == "event_wait"


def test_toolkit_install_failure_names_the_step_and_runtime():
    f = one('time="2026-11-29T14:01:30Z" level=error msg="error running nvidia-ctk-installer: unable to setup runtime: '
            'unable to configure containerd: unable to load config: failed to load config: open '
            '/runtime/config-dir/config.toml: permission denied"', K.TOOLKIT_INSTALL_FAILED)
    assert (f.get("program"), f.get("step"), f.get("runtime")) == ("nvidia-ctk-installer", "setup runtime", "containerd")


def test_plugin_config_error_reason():
    f = one("E1129 14:01:02.000323       1 main.go:198] unable to load config: unable to validate flags: invalid "
            "--device-id-strategy option: serial", K.PLUGIN_CONFIG_INVALID)
    assert f.get("reason") == "unable to validate flags"


def test_cuda_mps_names_the_error():
    assert one("cudaErrorMpsConnectionFailed", K.CUDA_MPS_ERROR).get("name") == "cudaErrorMpsConnectionFailed"


def test_validator_driver_mismatch_class():
    f = one("Failed to allocate device vector A (error code system has unsupported display driver / cuda driver "
            "combination)!", K.CUDA_VALIDATION_FAILED)
    assert f.get("cuda_error") == "driver_mismatch"


@pytest.mark.parametrize("line", [
    "trainer-0:52:70 [0] NCCL INFO NET/Socket : Using [0]eth0:10.244.1.5<0>",
    "trainer-0:52:70 [0] NCCL INFO NET/IB : No device found.",
])
def test_nccl_info_transport_lines_are_not_network_errors(line):
    assert scan_log(line) == ()


def test_nccl_warn_transport_line_still_is():
    f = one("trainer-0:52:52 [0] bootstrap.cc:120 NCCL WARN NET/Socket : No usable listening interface found",
            K.NCCL_NETWORK)
    assert f.get("transport") == "Socket"


# ---- end to end: one bundle per framework wording ------------------------------------------------------------

FRAMEWORK_ROWS = [r for _, r in ROWS if "Framework" in r and not r["Finding"].startswith("—")]


def _diagnose(tmp_path: Path, line: str) -> dict:
    w = World("framework-cuda-error")
    w.gpu_node("gpu-node-1", gpus=1)
    crash_pod(w, "model-7d9f8c6b5-x2x4k", line + "\n")
    w.target("Pod", "ml", "model-7d9f8c6b5-x2x4k")
    out = w.write(tmp_path / "bundle")
    with load_bundle(out) as b:
        return findings_document(diagnose(b, None), b)


@pytest.mark.parametrize("row", FRAMEWORK_ROWS, ids=[f"{r['Framework']}:{r['Sample'][:40]}" for r in FRAMEWORK_ROWS])
def test_framework_cuda_error_reaches_its_finding(tmp_path, row):
    doc = _diagnose(tmp_path, row["Sample"])
    ids = [f["id"] for f in doc["findings"]]
    assert row["Finding"] in ids, ids
    assert "application.crash_unclassified" not in ids


def test_every_framework_is_covered_end_to_end():
    frameworks = {r["Framework"].split(" / ")[0].split(" ")[0] for r in FRAMEWORK_ROWS}
    assert {"PyTorch", "TensorFlow", "JAX", "vLLM", "TGI", "Triton", "TensorRT-LLM"} <= frameworks


@pytest.mark.parametrize("role,container,line,fid", [
    ("device-plugin", "nvidia-device-plugin",
     "E1129 14:01:02.000308       1 factory.go:99] Failed to initialize NVML: Unknown Error.", "plugin.nvml_unavailable"),
    ("mig-manager", "nvidia-mig-manager",
     'time="2026-11-29T14:01:31Z" level=error msg="Error: failed to apply MIG mode change: error running '
     'nvidia-mig-parted apply: exit status 1"', "plugin.mig_config_failed"),
    ("toolkit", "nvidia-container-toolkit-ctr",
     'time="2026-11-29T14:01:30Z" level=error msg="error running nvidia-ctk-installer: unable to setup runtime: '
     'unable to restart containerd: unable to dial: dial unix /runtime/sock-dir/containerd.sock: connect: no such '
     'file or directory"', "runtime.toolkit_not_ready"),
    ("gfd", "gpu-feature-discovery",
     "W1129 14:01:05.000403       1 main.go:278] No labels generated from any source", "plugin.gfd_error"),
])
def test_stack_formats_end_to_end(tmp_path, role, container, line, fid):
    w = World("stack-format")
    w.gpu_node("gpu-node-1", gpus=1)
    if role == "mig-manager":
        pod = "nvidia-mig-manager-k2x9d"
        w.pod("gpu-operator", pod, node="gpu-node-1", gpu=0, containers=(container,),
              labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"))
    else:
        pod = w.stack("gpu-node-1", role)
    w.log("gpu-operator", pod, container, line)
    w.target("Node", None, "gpu-node-1")
    out = w.write(tmp_path / "bundle")
    with load_bundle(out) as b:
        doc = findings_document(diagnose(b, None), b)
    assert fid in [f["id"] for f in doc["findings"]]
