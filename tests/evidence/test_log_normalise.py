"""One normaliser for every wrapper: a driver fault line reads the same in any of them.

The two messages are real (corpus `xid/dmesg_samples.txt` block 3 and the device plugin's
NVML error as NVIDIA's plugin prints it); each wrapper is written from its format's
documentation: systemd `journalctl -o short|short-iso|short-precise|short-full|short-unix|
short-monotonic|short-delta|json|cat`, RFC 3164 / RFC 5424 syslog and rsyslog's `#ooo`
control-character escapes, util-linux `dmesg` (default, `-T`, `-H`, `-d`, `-x`, `-r`,
`--time-format iso`), `/dev/kmsg` records, `talosctl dmesg`, the containerd CRI log file,
`kubectl logs --timestamps/--prefix`, klog, logrus, zap, Python logging, vLLM, torch/MPI rank tags.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import CORPUS
from triage.evidence.log_facts import LogKind as K
from triage.evidence.log_normalise import (
    MAX_LINE_CHARS, escaped_forms, may_hide_text, message_lines, messages, normalise,
)
from triage.evidence.log_scan import scan_log
from triage.evidence.xid import KernelEventKind, parse_kernel_log

SAMPLES = (CORPUS / "xid" / "dmesg_samples.txt").read_text().splitlines()
XID79 = next(ln[ln.index("NVRM:"):] for ln in SAMPLES if "): 79, pid='<unknown>'" in ln)
XID = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus."
NVML = "Failed to initialize NVML: Driver/library version mismatch"
NVML_CORPUS = "Failed to initialize NVML: could not load NVML library."


def _journal_json(message: str, *, as_bytes: bool = False, **extra) -> str:
    """One `journalctl -o json` line (compact, as systemd >= 246 prints it)."""
    entry = {"__CURSOR": "s=8c2f6a0e1b7d4c3f9e5a2b1c0d9e8f7a;i=1f3a;b=5d1c;m=1a2b3c;t=61e2f;x=9f8e",
             "__REALTIME_TIMESTAMP": "1764424801123456", "__MONOTONIC_TIMESTAMP": "1234567890",
             "_BOOT_ID": "5d1c0f2e3a4b4c5d8e9f0a1b2c3d4e5f", "_TRANSPORT": "kernel", "PRIORITY": "3",
             "SYSLOG_FACILITY": "0", "SYSLOG_IDENTIFIER": "kernel", "_HOSTNAME": "gpu-node-3",
             "MESSAGE": list(message.encode()) if as_bytes else message, **extra}
    return json.dumps(entry, separators=(",", ":"))


# Each wrapper: (id, function of the message). Kernel wrappers get the Xid line, the others the
# device plugin's line; "both" wrappers get both.
KERNEL_WRAPPERS = {
    "journal-short": lambda m: f"Nov 29 14:00:01 gpu-node-3 kernel: {m}",
    "journal-short-nohost": lambda m: f"May 18 19:02:39 kernel: {m}",
    "journal-short-precise": lambda m: f"Nov 29 14:00:01.123456 gpu-node-3 kernel: {m}",
    "journal-short-iso": lambda m: f"2026-11-29T14:00:01+0000 gpu-node-3 kernel: {m}",
    "journal-short-iso-precise": lambda m: f"2026-11-29T14:00:01.123456+00:00 gpu-node-3 kernel: {m}",
    "journal-short-full": lambda m: f"Sun 2026-11-29 14:00:01 UTC gpu-node-3 kernel: {m}",
    "journal-short-unix": lambda m: f"1764424801.123456 gpu-node-3 kernel: {m}",
    "journal-short-monotonic": lambda m: f"[ 1234.567890] gpu-node-3 kernel: {m}",
    "journal-short-delta": lambda m: f"[ 1234.567890 <    0.000123>] gpu-node-3 kernel: {m}",
    "journal-json": lambda m: _journal_json(m),
    "journal-json-bytes": lambda m: _journal_json(m, as_bytes=True),
    "journal-cat": lambda m: m,
    "rsyslog-kernel-uptime": lambda m: f"Nov 29 14:00:01 gpu-node-3 kernel: [ 1234.567890] {m}",
    "syslog-3164": lambda m: f"<3>Nov 29 14:00:01 gpu-node-3 kernel: {m}",
    "syslog-5424": lambda m: f'<3>1 2026-11-29T14:00:01.123456+00:00 gpu-node-3 kernel - - '
                             f'[timeQuality tzKnown="1" isSynced="1" syncAccuracy="81562"] {m}',
    "syslog-5424-nosd-bom": lambda m: f"<3>1 2026-11-29T14:00:01.123Z gpu-node-3 kernel - - - \ufeff{m}",
    "dmesg": lambda m: f"[ 1234.567890] {m}",
    "dmesg-ctime": lambda m: f"[Fri Aug 30 12:00:00 2024] {m}",
    "dmesg-reltime": lambda m: f"[Aug30 12:00] {m}",
    "dmesg-reltime-delta": lambda m: f"[  +0.000045] {m}",
    "dmesg-show-delta": lambda m: f"[ 1234.567890 <    0.000123>] {m}",
    "dmesg-time-format-delta": lambda m: f"[<    0.000123>] {m}",
    "dmesg-iso": lambda m: f"2024-08-30T12:00:00,123456+00:00 {m}",
    "dmesg-decode": lambda m: f"kern  :err   : [ 1234.567890] {m}",
    "dmesg-decode-iso": lambda m: f"kern  :warn  : 2024-08-30T12:00:00,123456+00:00 {m}",
    "dmesg-raw": lambda m: f"<3>[ 1234.567890] {m}",
    "kmsg": lambda m: f"3,1234,1234567890,-;{m}",
    "kmsg-caller": lambda m: f"3,1234,1234567890,-,caller=T4123;{m}",
    "talosctl-dmesg": lambda m: f"172.20.0.2: kern:    info: [2024-01-01T00:00:00.000000000Z]: {m}",
    "talosctl-dmesg-warning": lambda m: f"gpu-node-3.lab: kern: warning: [2024-01-01T00:00:00.000000000Z]: {m}",
    "kernel-tag": lambda m: f"kernel: {m}",
    "cri+journal": lambda m: f"2026-11-29T14:00:01.123456789Z stdout F Nov 29 14:00:01 gpu-node-3 kernel: {m}",
}
PLUGIN_WRAPPERS = {
    "cri": lambda m: f"2026-11-29T14:00:00.123456789Z stderr F {m}",
    "cri+go-log": lambda m: f"2026-11-29T14:00:00.123456789+08:00 stderr F 2026/11/29 14:00:00 {m}",
    "kubectl-timestamps": lambda m: f"2026-11-29T14:00:00.123456789Z {m}",
    "kubectl-prefix": lambda m: f"[pod/nvidia-device-plugin-daemonset-q468h/nvidia-device-plugin] {m}",
    "kubectl-prefix+timestamps": lambda m: f"[pod/nvidia-device-plugin-daemonset-q468h/nvidia-device-plugin] "
                                           f"2026-11-29T14:00:00.123456789Z {m}",
    "klog": lambda m: f"E1129 14:00:00.123456       1 main.go:12] {m}",
    "cri+klog": lambda m: f"2026-11-29T14:00:00.123456789Z stderr F E1129 14:00:00.123456       1 main.go:12] {m}",
    "journal+klog": lambda m: f"Nov 29 14:00:00 gpu-node-3 kubelet[1812]: E1129 14:00:00.123456    1812 "
                              f"main.go:12] {m}",
    "journal-json+klog": lambda m: _journal_json(f"E1129 14:00:00.123456    1812 main.go:12] {m}",
                                                 SYSLOG_IDENTIFIER="kubelet", _TRANSPORT="stdout"),
    "journal-json-bytes+klog": lambda m: _journal_json(f"E1129 14:00:00.123456    1812 main.go:12] {m}",
                                                       as_bytes=True),
    "rsyslog+zap-tabs": lambda m: f"Nov 29 14:00:00 gpu-node-3 plugin[42]: 2026-11-29T14:00:00.000Z#011ERROR#011"
                                  f"plugin/main.go:12#011{m}",
    "syslog-5424+klog": lambda m: f"<11>1 2026-11-29T14:00:00.123Z gpu-node-3 kubelet 1812 - - "
                                  f"E1129 14:00:00.123456    1812 main.go:12] {m}",
    "logrus": lambda m: f'time="2026-11-29T14:00:00Z" level=error msg={json.dumps(m)}',
    "logrus-tty": lambda m: f"ERRO[0003] {m}",
    "logfmt-gokit": lambda m: f"level=error ts=2026-11-29T14:00:00.000Z caller=main.go:12 msg={json.dumps(m)}",
    "json-msg": lambda m: json.dumps({"level": "error", "ts": 1764424800.123, "caller": "main.go:12", "msg": m}),
    "json-message": lambda m: json.dumps({"severity": "ERROR", "time": "2026-11-29T14:00:00Z", "message": m}),
    "json-error-only": lambda m: json.dumps({"level": "error", "error": m}),
    "docker-json-file": lambda m: json.dumps({"log": m + "\n", "stream": "stderr",
                                              "time": "2026-11-29T14:00:00.123456789Z"}),
    "docker-json-file+zap-json": lambda m: json.dumps({"log": json.dumps({"level": "error", "msg": m}) + "\n",
                                                       "stream": "stderr", "time": "2026-11-29T14:00:00Z"}),
    "zap-console": lambda m: f"2026-11-29T14:00:00.000Z\tERROR\tplugin/main.go:12\t{m}",
    "zap-console-logger": lambda m: f"2026-11-29T14:00:00.000Z\terror\tnvidia-plugin\tplugin/main.go:12\t{m}",
    "zap-console-epoch": lambda m: f"1.7644248e+09\tERROR\t{m}",
    "python-logging": lambda m: f"2024-01-01 00:00:00,123 - gpu_check - ERROR - {m}",
    "python-logging-noname": lambda m: f"2024-01-01 00:00:00,123 - ERROR - {m}",
    "python-basic": lambda m: f"ERROR:root:{m}",
    "python-bracketed": lambda m: f"[2024-01-01 00:00:00] [ERROR] {m}",
    "vllm-v1": lambda m: f"ERROR 01-01 00:00:00 [core.py:632] {m}",
    "vllm-v0": lambda m: f"INFO 11-29 14:00:00 engine.py:366] {m}",
    "torch-rank": lambda m: f"[rank0]: {m}",
    "torch-rank+c10": lambda m: f"[rank3]:[W1129 14:00:00.123456789 ProcessGroupNCCL.cpp:1476] {m}",
    "torchrun-tee": lambda m: f"[default3]:{m}",
    "mpi-tag-output": lambda m: f"[1,0]<stderr>:{m}",
    "vllm-worker": lambda m: f"(VllmWorker rank=0 pid=123) {m}",
    "vllm-worker+logger": lambda m: f"(VllmWorker rank=1 pid=4633) ERROR 04-06 20:46:48 "
                                    f"[multiproc_worker_utils.py:238] {m}",
    "ray-worker": lambda m: f"(RayWorkerWrapper pid=123, ip=10.0.0.1) {m}",
    "vllm-engine-core": lambda m: f"(EngineCore_0 pid=1) {m}",
    "compose": lambda m: f"device-plugin-1  | {m}",
    "stern": lambda m: f"nvidia-device-plugin-daemonset-q468h nvidia-device-plugin {m}",
    "ansi-colours": lambda m: f"\x1b[31mERROR\x1b[0m:root:{m}",
}
WRAPPERS = {**KERNEL_WRAPPERS, **PLUGIN_WRAPPERS}


def _xid_view(text: str) -> list[tuple]:
    return [(e.kind, e.xid, e.pci, e.pid, e.process, e.message, e.line) for e in parse_kernel_log(text).events]


def _fact_view(text: str, use_hyperscan: bool | None = None) -> list[tuple]:
    return [(f.line, f.kind, f.params) for f in scan_log(text, use_hyperscan=use_hyperscan)]


@pytest.mark.parametrize("wrapper", sorted(WRAPPERS))
def test_the_message_comes_out_of_every_wrapper(wrapper: str) -> None:
    for message in (XID, NVML):
        got = [n.message for n in messages(WRAPPERS[wrapper](message))]
        assert message in got, (wrapper, got)


@pytest.mark.parametrize("wrapper", sorted(KERNEL_WRAPPERS))
def test_xid_line_in_any_kernel_wrapper_is_the_same_event(wrapper: str) -> None:
    wrap = KERNEL_WRAPPERS[wrapper]
    for message in (XID, XID79):
        bare = _xid_view(message + "\n")
        assert bare and bare[0][:3] == (KernelEventKind.XID, 79, "0000:3b:00" if message is XID else "0000:a1:00")
        # a non-NVRM line first, so the event's line number is checked too
        text = wrap("clocksource: Long readout interval, skipping watchdog check") + "\n" + wrap(message) + "\n"
        assert _xid_view(text) == [(*bare[0][:-1], 2)], wrapper


@pytest.mark.parametrize("wrapper", sorted(WRAPPERS))
@pytest.mark.parametrize("engine", [True, False], ids=["hyperscan", "re"])
def test_device_plugin_fault_in_any_wrapper_is_the_same_fact(wrapper: str, engine: bool) -> None:
    wrap = WRAPPERS[wrapper]
    for message, kind in ((NVML, K.NVML_VERSION_MISMATCH), (NVML_CORPUS, K.PLUGIN_NVML_UNAVAILABLE)):
        bare = _fact_view("starting\n" + message + "\n", engine)
        assert [k for _, k, _ in bare] == [kind]
        wrapped = _fact_view(wrap("starting") + "\n" + wrap(message) + "\n", engine)
        assert wrapped == bare, wrapper


def test_excerpt_is_the_inner_message_or_the_line() -> None:
    for wrapper in ("journal-short", "cri+klog", "kubectl-prefix", "syslog-5424"):
        line = WRAPPERS[wrapper](NVML)
        (fact,) = scan_log(line)
        assert fact.line == 1 and fact.excerpt == NVML and fact.excerpt in line


def test_metadata_of_the_wrappers() -> None:
    n = normalise(KERNEL_WRAPPERS["journal-short"](XID))
    assert (n.message, n.timestamp, n.host, n.ident, n.wrappers) == (
        XID, "Nov 29 14:00:01", "gpu-node-3", "kernel", ("journal-short",))
    n = normalise(KERNEL_WRAPPERS["syslog-5424"](XID))
    assert (n.timestamp, n.host, n.ident, n.level) == ("2026-11-29T14:00:01.123456+00:00", "gpu-node-3", "kernel", "err")
    n = normalise(KERNEL_WRAPPERS["journal-json-bytes"](XID))
    assert (n.message, n.host, n.ident, n.level, n.decoded) == (XID, "gpu-node-3", "kernel", "err", True)
    n = normalise(KERNEL_WRAPPERS["talosctl-dmesg"](XID))
    assert (n.timestamp, n.host, n.ident, n.level) == ("2024-01-01T00:00:00.000000000Z", "172.20.0.2", "kern", "info")
    n = normalise(KERNEL_WRAPPERS["dmesg-decode"](XID))
    assert (n.timestamp, n.ident, n.level, n.wrappers) == ("1234.567890", "kern", "err", ("dmesg-decode", "dmesg-uptime"))
    n = normalise(KERNEL_WRAPPERS["kmsg"](XID))
    assert (n.message, n.level, n.timestamp) == (XID, "err", None)
    n = normalise(PLUGIN_WRAPPERS["cri+klog"](NVML))
    assert (n.timestamp, n.ident, n.level, n.wrappers) == ("2026-11-29T14:00:00.123456789Z", "stderr", "E", ("cri", "klog"))
    assert normalise(PLUGIN_WRAPPERS["torch-rank+c10"](NVML)).rank == 3
    assert normalise(PLUGIN_WRAPPERS["vllm-worker"](NVML)).rank == 0
    assert normalise(PLUGIN_WRAPPERS["mpi-tag-output"](NVML)).rank == 0
    n = normalise(PLUGIN_WRAPPERS["python-logging"](NVML))
    assert (n.timestamp, n.ident, n.level) == ("2024-01-01 00:00:00,123", "gpu_check", "ERROR")


def test_logrus_and_klog_structured_keep_msg_and_err_unescaped() -> None:
    line = ('time="2026-11-29T14:00:00Z" level=error msg="Failed to initialize NVML: \\"nvml.Init\\" failed" '
            'error="Driver/library version mismatch"')
    assert normalise(line).message == ('Failed to initialize NVML: "nvml.Init" failed '
                                       'error="Driver/library version mismatch"')
    line = ('E1129 14:00:00.123456       1 plugin.go:12] "Failed to initialize NVML" '
            'err="Driver/library version mismatch" node="gpu-node-3"')
    n = normalise(line)
    assert n.message == 'Failed to initialize NVML err="Driver/library version mismatch" node="gpu-node-3"'
    assert [f.kind for f in scan_log(line)] == [K.NVML_VERSION_MISMATCH]


def test_rsyslog_escapes_are_decoded_and_split() -> None:
    line = (f"Nov 29 14:00:00 gpu-node-3 python3[812]: Traceback (most recent call last):#012  File "
            f'"/app/check.py", line 3, in <module>#012pynvml.NVMLError_LibRmVersionMismatch: {NVML}')
    subs = messages(line)
    assert [s.message for s in subs][0] == "Traceback (most recent call last):"
    assert subs[-1].message == f"pynvml.NVMLError_LibRmVersionMismatch: {NVML}"
    assert all(s.host == "gpu-node-3" for s in subs)
    assert [(f.line, f.kind) for f in scan_log("first\n" + line + "\n")] == [(2, K.NVML_VERSION_MISMATCH)]
    # 8-bit escapes: UTF-8 bytes
    assert normalise("Nov 29 14:00:00 h app: caf#303#251").message == "café"
    # text that only looks like an escape stays
    assert normalise("see issue #234 and #1234").message == "see issue #234 and #1234"


@pytest.mark.parametrize("engine", [True, False], ids=["hyperscan", "re"])
def test_prefilter_finds_keywords_hidden_by_escaping(engine: bool) -> None:
    # journald prints MESSAGE as a byte list when it holds control characters (here a trailing \r)
    hidden = _journal_json(NVML + "\r", as_bytes=True)
    assert NVML not in hidden and may_hide_text(hidden)
    assert _fact_view("a\n" + hidden + "\nb\n", engine) == [(2, K.NVML_VERSION_MISMATCH, ())] or \
        [k for _, k, _ in _fact_view("a\n" + hidden + "\nb\n", engine)] == [K.NVML_VERSION_MISMATCH]
    # an encoder that escapes "/" (PHP json_encode, some Java loggers)
    slashed = '{"level":"error","message":"Failed to initialize NVML: Driver\\/library version mismatch"}'
    assert "Driver\\/library version mismatch" in escaped_forms("Driver/library version mismatch")
    assert "Driver/library version mismatch" not in slashed
    assert [k for _, k, _ in _fact_view(slashed, engine)] == [K.NVML_VERSION_MISMATCH]


def test_escaped_forms_cover_quotes_markup_and_control_characters() -> None:
    forms = escaped_forms('say "hi" <b> & \tgo é')
    assert 'say \\"hi\\" \\u003cb\\u003e \\u0026 \\tgo é' in forms          # Go encoding/json
    assert 'say \\"hi\\" <b> & \\tgo \\u00e9' in forms                       # Python json.dumps
    assert 'say \\\\\\"hi\\\\\\" <b> & \\\\tgo é' in forms                  # JSON inside JSON
    assert 'say "hi" <b> & #011go #303#251' in forms                        # rsyslog
    assert escaped_forms("plain words") == ()


def test_kernel_log_in_journal_json_bytes_gives_the_corpus_events() -> None:
    block = [ln for ln in SAMPLES if ln.startswith("[Fri Apr  5 21:29:39 2024] NVRM:")]
    plain = "\n".join(ln[ln.index("NVRM:"):] for ln in block) + "\n"
    journal = "\n".join(_journal_json(ln[ln.index("NVRM:"):], as_bytes=True) for ln in block) + "\n"
    assert _xid_view(journal) == _xid_view(plain)
    log = parse_kernel_log(journal)
    assert log.fallen_off_bus() == ("0000:a1:00",)
    assert log.events[0].excerpt.startswith("NVRM: Xid (PCI:0000:a1:00): 79")   # the decoded message, not bytes
    assert log.gpus[0].uuid == "GPU-979426f2-893a-7cbb-c4cf-81472f89a462"


def test_lines_that_only_look_wrapped_stay_whole() -> None:
    for line in ("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
                 "ValueError: No available memory for the cache blocks.",
                 "GPU 0: NVIDIA A10 (UUID: GPU-f15ae561-21b1-6003-c768-861fc285203b)",
                 "Hello from k3s (Evans Secret): Wed Dec 21 09:42:42 UTC 2022",
                 "nvidia 0000:3b:00.0: enabling device (0000 -> 0002)",
                 "kernel_size=42 is fine", "[drm] Initialized nvidia-drm 0.0.0 20160202 for 0000:3b:00.0 on minor 1",
                 "(note) this is prose", "{not json at all}", "<html>", "#!/bin/sh",
                 "  GPU 00000000:01:00.0: In use by another client"):
        assert normalise(line).message == line, line
    # after a bare timestamp a message's own "Word: " stays (only `kernel` or `ident[pid]` is a tag)
    assert normalise("2026-11-29T14:00:00Z RuntimeError: CUDA error: out of memory").message == \
        "RuntimeError: CUDA error: out of memory"
    assert normalise("[ 1234.567890] nvidia 0000:3b:00.0: enabling device").message == \
        "nvidia 0000:3b:00.0: enabling device"


def test_a_json_line_without_a_message_key_stays() -> None:
    line = '{"level":"info","ts":1764424800.1,"count":3}'
    assert normalise(line).message == line


# --- untrusted input ------------------------------------------------------------------
@settings(max_examples=400, deadline=None)
@given(st.text(max_size=400))
def test_never_raises_and_an_undecoded_message_is_a_suffix(line: str) -> None:
    n = normalise(line)
    assert isinstance(n.message, str)
    if not n.decoded:
        assert line.endswith(n.message)
    for sub in messages(line):
        assert isinstance(sub.message, str) and "\n" not in sub.message


_PIECES = st.sampled_from(["[", "]", "<", ">", "(", ")", "{", "}", '"', "\\", "=", ":", " ", "\t", "#0", "#012",
                           ",", ";", "time=", "msg=", "level=", "kern", "err", "NVRM: ", "1", "2026-11-29T14:00:00Z ",
                           "Nov 29 14:00:01 ", "E1129 14:00:00.1 1 a.go:1] ", "[pod/x/y] ", "\x1b[", "\"MESSAGE\":["])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=60).map("".join))
def test_never_raises_on_wrapper_fragments(line: str) -> None:
    normalise(line)
    assert message_lines(line) == [n.message for n in messages(line)]
    parse_kernel_log(line)
    scan_log(line)


def test_the_fast_message_path_agrees_with_the_full_one() -> None:
    """`message_lines` (what scan_log uses, no metadata) gives `messages`' texts."""
    for wrap in WRAPPERS.values():
        for message in (XID, NVML, "", "plain text"):
            line = wrap(message)
            assert message_lines(line) == [n.message for n in messages(line)], line


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(PLUGIN_WRAPPERS)),
       st.lists(st.sampled_from(sorted(w for w in PLUGIN_WRAPPERS if "bytes" not in w)), max_size=2))
def test_stacked_wrappers_still_give_the_fact(inner: str, outer: list[str]) -> None:
    """Any wrapper inside up to two others (a journald byte list is searched for as such or
    JSON-escaped once, not escaped twice)."""
    stack = [inner, *outer]
    if "bytes" in inner and sum(w.count("json") + w.startswith(("logrus", "logfmt")) for w in outer) > 1:
        return
    line = NVML
    for name in stack:
        line = PLUGIN_WRAPPERS[name](line)
    assert [f.kind for f in scan_log(line)] == [K.NVML_VERSION_MISMATCH], stack


@pytest.mark.parametrize("line", [
    "[" * 200_000, "<1>1 " + "[a " * 60_000, "<1>1 - - - - - [" + '"\\' * 60_000, "time=" + 'a="\\' * 60_000,
    "time=x msg=" + "a=" * 60_000, "(" + "a a=b " * 30_000, "{" * 200_000, '{"msg":"' + "\\n" * 60_000 + '"}',
    "Nov 29 14:00:01 " + "a" * 200_000, "kern" + " " * 200_000, "1" * 200_000 + ",", "#012" * 60_000,
    "E1129 14:00:00.1 1 a.go:1] " + '"' + "\\\"" * 60_000, "\x1b[" * 60_000, "2026-11-29T14:00:00Z\tERROR\t" * 10_000,
    '    "message": "' + "x\\n" * 60_000, "[rank0]:" * 30_000, "a" * 5_000_000,
], ids=lambda s: repr(s[:24]))
def test_hostile_lines_are_linear_and_bounded(line: str) -> None:
    t = time.perf_counter()
    out = messages(line)
    assert time.perf_counter() - t < 2.0
    assert sum(len(n.message) for n in out) <= 2 * MAX_LINE_CHARS


def test_docstring_sample_holds() -> None:
    import doctest

    from triage.evidence import log_normalise

    result = doctest.testmod(log_normalise)
    assert result.failed == 0 and result.attempted > 0


_FAST_HEADS = [
    "2026-11-29T14:01:02.123456789Z stderr F I1129 14:01:02.000601       1 plugin-manager.go:101] Detected platform: nvml",
    "2023-10-19T11:11:54.957587844+08:00 stdout P 2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.",
    "2026-11-29T14:01:02Z stderr F",
    "2026-11-29T14:01:02.5Z node-1 kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus.",
    "2026-11-29T14:01:02+00:00 gpu-node-1 nvidia-persistenced[812]: device 0000:3b:00.0 - persistence mode enabled.",
    "2026-11-29 14:01:02,123 - vllm.engine - ERROR - CUDA error: an illegal memory access was encountered",
    "2026/11/29 14:01:02 Loading NVML",
    "2026/11/29 14:01:02.123456 nvidia-container-toolkit: error",
    "2026-11-2",
    "1234-notadate stderr F x",
    "I1129 14:01:02.000501       1 main.go:391] Retrieving plugins.",
    "E1129 14:01:02.000501   12345 server.go:198] Failed to start",
    "F1129 oops not klog",
    "W1129  14:01:02 two spaces",
]


@pytest.mark.parametrize("line", _FAST_HEADS)
def test_the_fast_wrappers_read_a_head_as_the_gate_does(monkeypatch, line):
    """A CRI, Go-log or klog head is read by its own pattern instead of the gate's alternation
    (cheaper to compile): the result must be the gate's, wrapper for wrapper."""
    from triage.evidence import log_normalise
    fast = normalise(line), message_lines(line)
    monkeypatch.setattr(log_normalise, "_fast_wrapper", lambda head: None)
    assert (normalise(line), message_lines(line)) == fast


def test_the_fast_wrappers_agree_with_the_gate_on_every_fixture_log_line(monkeypatch):
    from pathlib import Path
    from triage.evidence import log_normalise
    root = Path(__file__).resolve().parents[2] / "fixtures"
    lines = [ln for p in sorted(root.rglob("*.log"))[:3000] for ln in p.read_text("utf-8", "replace").splitlines()[:40]
             if log_normalise._fast_wrapper(ln) is not None]
    assert len(lines) > 200                      # the fixtures hold plenty of CRI, Go-log and klog lines
    fast = [normalise(ln) for ln in lines]
    monkeypatch.setattr(log_normalise, "_fast_wrapper", lambda head: None)
    assert [normalise(ln) for ln in lines] == fast
