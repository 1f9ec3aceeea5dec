"""Prefix stripping keeps the message and the original 1-based line number.

Messages are real lines from the corpus (`real-cases.jsonl`); prefixes are the
real formats of each logger or tool, put in front of them.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from tests.evidence.real_cases import CASES
from triage.evidence.log_lines import LogLine, expand_line, iter_log_lines, physical_lines, strip_prefixes


NVML = "Failed to initialize NVML: could not load NVML library."
OOM = CASES["torch-oom-capacty-typo-torch21"]["text"][2:]  # without the '> ' quote
KV = ("ValueError: The model's max seq len (60000) is larger than the maximum number of tokens that can be stored "
      "in KV cache (58384). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing "
      "the engine.")


@pytest.mark.parametrize("prefix", [
    pytest.param("2023-10-19T11:11:54.957587844+08:00 stderr F ", id="cri"),
    pytest.param("2023-10-19T11:11:54.957587844+08:00 stderr F 2023/10/19 03:11:54 ", id="cri+go-log"),
    pytest.param("2023-10-19T03:11:54.957587844Z ", id="kubectl-timestamps"),
    pytest.param("[pod/nvidia-device-plugin-daemonset-q468h/nvidia-device-plugin] ", id="kubectl-prefix"),
    pytest.param("[pod/nvidia-device-plugin-daemonset-q468h/nvidia-device-plugin] 2023/10/19 03:11:54 ",
                 id="kubectl-prefix+go-log"),
    pytest.param("nvidia-device-plugin-daemonset-q468h nvidia-device-plugin ", id="stern"),
    pytest.param("E0506 17:45:45.421956       1 factory.go:112] ", id="klog"),
    pytest.param("2023/10/19 03:11:54 ", id="go-log"),
    pytest.param("gpu-feature-discovery: 2022/06/15 03:25:50 ", id="go-log-program-prefix"),
    pytest.param("vllm-1  | ", id="compose"),
    pytest.param("vllm-1  | ERROR 11-18 18:07:28 engine.py:366] ", id="compose+vllm-v0"),
    pytest.param("(EngineCore_DP0 pid=100) ERROR 03-24 14:38:36 [core.py:1102] ", id="vllm-v1"),
    pytest.param("(VllmWorker rank=1 pid=4633) ERROR 04-06 20:46:48 [multiproc_worker_utils.py:238] ", id="vllm-worker"),
    pytest.param("(APIServer pid=4555)  INFO [utils.py:1404] ", id="vllm-dateless"),
    pytest.param("[rank0]: ", id="torch-rank"),
    pytest.param("[rank0]:[W914 04:53:45.615225908 ProcessGroupNCCL.cpp:1476] ", id="torch-rank+c10"),
    pytest.param("[E ProcessGroupNCCL.cpp:737] ", id="c10-legacy"),
    pytest.param("ERRO[0003] ", id="logrus-text"),
])
@pytest.mark.parametrize("message", [NVML, OOM, KV], ids=["nvml", "oom", "kv"])
def test_each_prefix_style_is_stripped(prefix: str, message: str) -> None:
    assert strip_prefixes(prefix + message) == message


def test_logrus_keeps_the_unescaped_msg_and_the_fields() -> None:
    line = ('time="2024-05-02T10:00:01Z" level=error msg="Error applying MIG configuration: \\"all-1g.10gb\\" '
            'is not a valid profile" error="exit status 1"')
    assert strip_prefixes(line) == ('Error applying MIG configuration: "all-1g.10gb" is not a valid profile'
                                    ' error="exit status 1"')


def test_messages_that_look_like_prefixes_stay_whole() -> None:
    for line in ("Hello from k3s (Evans Secret): Wed Dec 21 09:42:42 UTC 2022",
                 "GPU 0: NVIDIA A10 (UUID: GPU-f15ae561-21b1-6003-c768-861fc285203b)",
                 "ValueError: No available memory for the cache blocks.",
                 "  GPU 00000000:01:00.0: In use by another client",
                 "hello-world container started"):
        assert strip_prefixes(line) == line


def test_real_cri_log_keeps_line_numbers() -> None:
    text = CASES["dp-nvml-could-not-load-cri-log"]["text"]
    lines = list(iter_log_lines(text))
    assert [ln.number for ln in lines] == [1, 2, 3, 4, 5]
    assert lines[1].text == NVML
    assert lines[1].raw == text.splitlines()[1]


def test_cri_partial_lines_are_joined() -> None:
    text = ("2023-10-19T11:11:54.957587844+08:00 stderr P Failed to initialize NVML: could \n"
            "2023-10-19T11:11:54.957587845+08:00 stderr P not load NVML\n"
            "2023-10-19T11:11:54.957587846+08:00 stderr F  library.\n"
            "2023-10-19T11:11:54.957587847+08:00 stderr F next\n")
    lines = list(iter_log_lines(text))
    assert [(ln.number, ln.text) for ln in lines] == [(1, NVML), (4, "next")]
    assert lines[0].raw == text.splitlines()[0]


def test_tgi_json_line_splits_on_escaped_newlines_citing_one_line() -> None:
    fragment = CASES["hf-gated-401-unauthenticated-tgi-k8s"]["text"]
    message = json.loads("{" + fragment.strip() + '"}')["message"]
    record = json.dumps({"timestamp": "2024-06-05T09:12:00.000000Z", "level": "ERROR",
                         "fields": {"message": message}, "target": "text_generation_launcher"})
    text = "first line\n" + record + "\nlast line\n"
    lines = list(iter_log_lines(text))
    inner = [ln for ln in lines if ln.number == 2]
    assert len(inner) == len([s for s in message.split("\n") if s.strip()]) > 5
    assert inner[0].text == "Download encountered an error: "
    assert any(ln.text.startswith("requests.exceptions.HTTPError: 401 Client Error") for ln in inner)
    assert [ln.number for ln in lines] == [1] + [2] * len(inner) + [3]


def test_pretty_printed_json_fragment_is_split_too() -> None:
    subs = expand_line(CASES["hf-gated-401-unauthenticated-tgi-k8s"]["text"], 7)
    assert {ln.number for ln in subs} == {7}
    assert any("401 Client Error: Unauthorized" in ln.text for ln in subs)
    assert not any("\\n" in ln.text for ln in subs)


def test_docker_json_file_log() -> None:
    line = json.dumps({"log": "2023/10/19 03:11:54 " + NVML + "\n", "stream": "stderr",
                       "time": "2023-10-19T03:11:54.957723331Z"})
    assert expand_line(line, 3) == [LogLine(3, NVML, line)]


def test_line_numbers_follow_newlines_only() -> None:
    text = "a\r\nb\x0bstill b\u2028still b\nc"
    assert physical_lines(text) == ["a", "b\x0bstill b\u2028still b", "c"]
    assert [ln.number for ln in iter_log_lines(text)] == [1, 2, 3]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_splits_without_error_and_numbers_stay_in_range(text: str) -> None:
    n = len(physical_lines(text))
    numbers = [ln.number for ln in iter_log_lines(text)]
    assert numbers == sorted(numbers)
    assert all(1 <= k <= n for k in numbers)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters='"\\\n#\x1b'), max_size=200))
def test_stripping_only_removes_a_prefix(line: str) -> None:
    # (without '#' and ESC: rsyslog `#ooo` escapes are decoded and ANSI colours dropped)
    assert line.endswith(strip_prefixes(line))


WRAPPERS = {
    "cri": lambda line: f"2024-10-24T09:25:48.176690024+08:00 stderr F {line}",
    "kubectl-timestamps": lambda line: f"2024-10-24T01:25:48.176690024Z {line}",
    "kubectl-prefix": lambda line: f"[pod/nvidia-operator-validator-ndtzv/driver-validation] {line}",
    "docker-json-file": lambda line: json.dumps({"log": line + "\n", "stream": "stderr",
                                                 "time": "2024-10-24T01:25:48.176690024Z"}),
}
LOG_CASES = sorted(c for c in CASES if CASES[c]["where"] in {
    "container_log", "previous_container_log", "device_plugin_log", "validator_log", "driver_log", "gfd_log",
    "mig_manager_log", "nvidia_smi"})


@pytest.mark.parametrize("wrapper", sorted(WRAPPERS))
def test_every_real_log_case_reads_the_same_through_any_wrapper(wrapper: str) -> None:
    from triage.evidence.log_scan import scan_log

    wrap = WRAPPERS[wrapper]
    for case_id in LOG_CASES:
        text = CASES[case_id]["text"]
        wrapped = "\n".join(wrap(line) for line in text.split("\n"))
        plain = [(f.line, f.kind, f.params, f.excerpt) for f in scan_log(text)]
        assert [(f.line, f.kind, f.params, f.excerpt) for f in scan_log(wrapped)] == plain, case_id
