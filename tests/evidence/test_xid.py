"""Kernel-log Xid parsing on the real corpus samples (every prefix style), joined with the catalog."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CORPUS
from tests.evidence.real_cases import case_text
from triage.evidence.xid import KernelEventKind, parse_kernel_log
from triage.evidence.xid_catalog import XidClass

SAMPLES = CORPUS / "xid" / "dmesg_samples.txt"
TEXT = SAMPLES.read_text()
LOG = parse_kernel_log(TEXT)


def blocks() -> list[tuple[str, str]]:
    """(source line, block text) for every `# source:` block, line numbers kept by padding."""
    out, current, src = [], [], None
    for line in TEXT.splitlines():
        if line.startswith("# source:"):
            if src:
                out.append((src, "\n".join(current)))
            src, current = line, []
        elif src:
            current.append(line)
    out.append((src, "\n".join(current)))
    return out


@pytest.mark.parametrize("source, block", blocks(), ids=lambda v: v[:60] if isinstance(v, str) else "")
def test_every_source_block_yields_its_xid_codes(source, block):
    """An independent, loose regex names the codes each block visibly holds; the parser must
    find exactly those, in order."""
    visible = [int(m) for m in re.findall(r"Xid \([^)]*\): (\d+)", block)]
    log = parse_kernel_log(block)
    assert [e.xid for e in log.events if e.kind is KernelEventKind.XID] == visible
    assert log.events, "every block holds an Xid or a fallen-off-the-bus message"


def test_whole_file_counts_and_codes():
    xid_events = [e for e in LOG.events if e.kind is KernelEventKind.XID]
    assert len(xid_events) == 44
    assert LOG.xids() == (119, 48, 63, 94, 13, 79, 43, 31, 45, 149, 145, 144, 137, 109, 32, 3)
    bus = [e for e in LOG.events if e.kind is KernelEventKind.FALLEN_OFF_BUS]
    assert [(e.line, e.end_line, e.pci) for e in bus] == [(33, 33, "0000:2b:00"), (36, 38, "0000:b3:00"),
                                                          (104, 104, "0000:a1:00")]
    assert LOG.fallen_off_bus() == ("0000:2b:00", "0000:b3:00", "0000:a1:00")
    assert LOG.driver_loads[0].version == "535.161.07" and LOG.driver_loads[0].line == 101


def event_at(line: int):
    return next(e for e in LOG.events if e.line == line)


def test_dmesg_T_gsp_timeout_with_pid_and_uuid():
    e = event_at(9)
    assert (e.xid, e.pci, e.pid, e.process, e.timestamp) == (119, "0000:9b:00", 2024380, "nvidia-smi", "Sun Feb 23 16:24:18 2025")
    assert e.gpu_uuid == "GPU-509665ad-b600-ac93-3616-d754b23d636d"          # from line 7 "GPU at PCI:..."
    assert e.message.startswith("Timeout after 6s of waiting for RPC response from GPU4 GSP!")
    assert e.info.name == "GSP RPC Timeout" and e.xid_class is XidClass.HARDWARE
    assert event_at(81).process == "gpu-feature-dis"        # whoever called, not the culprit (notes §9)


def test_iso_prefix_unknown_pid_dbe_sequence():
    e48, e63, e94 = event_at(18), event_at(19), event_at(20)
    assert (e48.xid, e48.pid, e48.process, e48.timestamp) == (48, None, None, "2024-11-15T12:02:03,470068+00:00")
    assert e48.message.startswith("An uncorrectable double bit error (DBE)")
    assert (e63.xid, e94.xid) == (63, 94) and e94.message == "Contained: SM (0x1). RST: No, D-RST: No"
    assert (event_at(21).pid, event_at(21).process, event_at(21).message) == (1248209, "python3.10", "Ch 00000008")
    assert all(e.xid_class is XidClass.HARDWARE for e in (e48, e63, e94))


def test_decode_prefix_application_xid13():
    e = event_at(26)
    assert (e.xid, e.pci, e.pid, e.timestamp) == (13, "0000:38:00", None, "2025-01-21T04:41:44,283302+00:00")
    assert e.xid_class is XidClass.APPLICATION and e.info.immediate_action == "RESTART_APP"


def test_journalctl_xid79_without_pid_and_its_companion_line():
    e79 = event_at(32)
    assert (e79.xid, e79.pid, e79.process, e79.message, e79.timestamp) == (
        79, None, None, "GPU has fallen off the bus.", "May 18 19:02:39")
    assert e79.gpu_uuid == "GPU-0b11d014-1685-04bd-26ed-5fc0bc1c44ae"
    assert e79.info.immediate_action == "RESTART_BM" and e79.info.severity_hint.startswith("critical")
    companion = event_at(33)
    assert companion.kind is KernelEventKind.FALLEN_OFF_BUS and companion.xid is None
    assert companion.info.code == 79                  # no number on the line, but it is Xid 79's condition


def test_multiline_fallen_off_bus_without_xid():
    e = event_at(36)
    assert (e.kind, e.xid, e.pci, e.timestamp, e.end_line) == (KernelEventKind.FALLEN_OFF_BUS, None, "0000:b3:00", "1843.308145", 38)
    assert "(PCI ID: 10de:26b5)" in e.message and "fallen off the bus" in e.message
    assert e.excerpt == "[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0"
    assert e.xid_class is XidClass.HARDWARE


def test_xid45_caused_by_previous_and_nvlink5():
    assert [(event_at(n).xid, event_at(n).caused_by, event_at(n).pci) for n in (54, 55, 56)] == [
        (45, 149, "0000:dc:00"), (45, 145, "0000:ed:00"), (45, 145, "0000:ba:00")]
    assert event_at(54).xid_class is XidClass.APPLICATION
    e149 = event_at(59)
    assert (e149.xid, e149.pci, e149.pid, e149.info.category) == (149, "0019:01:00", None, "nvlink")
    assert e149.message.startswith("NETIR Fatal XC0 i0 Link -1")


def test_redacted_pci_old_formats_and_pre_2016_bus_id():
    redacted = event_at(67)
    assert (redacted.xid, redacted.pci) == (145, None)
    old31 = event_at(88)
    assert (old31.xid, old31.pid, old31.timestamp) == (31, None, "31543.449443")
    assert old31.message.startswith("Ch 0000003a, intr 10000000. MMU Fault")
    legacy = event_at(98)
    assert (legacy.xid, legacy.pci, legacy.timestamp) == (3, "0000:01:00", "Jan 18 11:38:05")   # not "[ 269.5]"
    e109 = event_at(77)
    assert (e109.xid, e109.pid, e109.timestamp) == (109, None, "Jun 12 16:21:26")
    assert e109.message == "channel 0x00000009, errorString CTX SWITCH TIMEOUT, Info 0xb400b"
    assert e109.gpu_uuid is None         # the "GPU at" line for 0000:01:00 comes later (line 87)


def test_for_pci_and_uuid_map():
    assert [e.xid for e in LOG.for_pci("00000000:19:00.0")] == [48, 63, 94, 94, 94, 94]
    assert [(g.pci, g.line) for g in LOG.gpus][:2] == [("0000:9b:00", 7), ("0000:2b:00", 31)]


def test_xid154_recovery_action_and_wrapped_line():
    """Xid 154 is not in the corpus; lines verbatim from public issue threads quoted in the
    reference index (journalctl form, and a wrapped paste)."""
    text = ("Sep 19 10:30:06 coastline-turtle-cn02 kernel: NVRM: Xid (PCI:0018:01:00): 154, GPU recovery action "
            "changed from 0x0 (None) to 0x4 (Drain and Reset)\n"
            "[30709s] NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed\n"
            "                from 0x0 (None) to 0x1 (GPU Reset Required)\n")
    a, b = parse_kernel_log(text).events
    assert (a.xid, a.pci, a.recovery_action, a.timestamp) == (154, "0018:01:00", "Drain and Reset", "Sep 19 10:30:06")
    assert (b.recovery_action, b.line, b.end_line) == ("GPU Reset Required", 2, 3)
    assert a.info.immediate_action == "XID_154"


def test_logs_without_nvrm():
    empty = parse_kernel_log("")
    assert empty.events == () and empty.nvrm_lines == 0
    other = parse_kernel_log("[ 1.0] usb 1-1: new high-speed USB device\nclocksource: Long readout interval\n")
    assert other.events == () and other.xids() == ()


# The corpus line of sample block 3 (line 103) re-emitted under each kernel-log prefix style a
# bundle can hold: dmesg -T, uptime, --time-format iso, journalctl short/iso, raw kmsg, syslog.
_CORPUS_LINE = TEXT.splitlines()[102]
_BODY = _CORPUS_LINE[_CORPUS_LINE.index("NVRM:"):]


@pytest.mark.parametrize("prefix, timestamp", [
    ("[Fri Apr  5 21:29:39 2024] ", "Fri Apr  5 21:29:39 2024"),
    ("[ 1843.308145] ", "1843.308145"),
    ("2024-04-05T21:29:39,123456+00:00 ", "2024-04-05T21:29:39,123456+00:00"),
    ("Apr 05 21:29:39 gpu-node-7 kernel: ", "Apr 05 21:29:39"),
    ("2024-04-05T21:29:39.123456+0000 gpu-node-7 kernel: ", "2024-04-05T21:29:39.123456+0000"),
    ("<3>", None),
    ("4,1234,5678901,-;", None),
    ("kern  :err   : 2024-04-05T21:29:39,123456+00:00 ", "2024-04-05T21:29:39,123456+00:00"),
])
def test_every_prefix_style(prefix, timestamp):
    assert _BODY.startswith("NVRM: Xid (PCI:0000:a1:00): 79")
    (e,) = parse_kernel_log(prefix + _BODY + "\n").events
    assert (e.xid, e.pci, e.pid, e.process, e.message, e.timestamp, e.line) == (
        79, "0000:a1:00", None, None, "GPU has fallen off the bus.", timestamp, 1)


def test_adapter_init_failures_from_real_cases():
    log = parse_kernel_log(case_text("dmesg-xid48-dbe-rminitadapter-failed"))
    assert [(e.kind, e.xid, e.pci, e.line) for e in log.events] == [
        (KernelEventKind.INIT_FAILED, None, "0000:0a:00", 1), (KernelEventKind.INIT_FAILED, None, "0000:0a:00", 2),
        (KernelEventKind.INIT_FAILED, None, "0000:0a:00", 3), (KernelEventKind.XID, 48, "0000:07:00", 4),
        (KernelEventKind.XID, 64, "0000:07:00", 5)]
    assert log.events[3].timestamp == "Dec  2 11:38:47"
    assert all(e.xid_class is XidClass.OTHER and e.info is None for e in log.events[:3])
    nouveau = parse_kernel_log(case_text("dmesg-nouveau-owns-device"))
    assert [(e.kind, e.line) for e in nouveau.events] == [(KernelEventKind.INIT_FAILED, 1),
                                                          (KernelEventKind.INIT_FAILED, 4)]
    assert nouveau.events[1].message.startswith("The NVIDIA probe routine was not called for 3 device(s).")
    # the parser states the fact the rule reads: "was not called" is NVRM's other-driver-owns-it notice
    assert [e.nouveau for e in nouveau.events] == [False, True]
    assert not any(e.nouveau for e in log.events)      # RmInitAdapter failed is not a nouveau conflict


def test_xid_caused_by_previous_xid_from_journal_lines():
    """Held-out real case (NVIDIA/open-gpu-kernel-modules#1150), `journalctl -k` prefix `kernel:`."""
    text = ("kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid 149\n"
            "kernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992, name=python3, Ch 0000000c caused by previous Xid 145\n")
    log = parse_kernel_log(text)
    assert [(e.xid, e.caused_by, e.pci, e.pid, e.process) for e in log.events] == [
        (45, 149, "0000:dc:00", 1818990, "python3"), (45, 145, "0000:ed:00", 1818992, "python3")]


def test_gsp_timeout_without_xid_is_a_kernel_event():
    """Real text (NVIDIA/open-gpu-kernel-modules#1230): GSP heartbeat and RPC timeouts printed
    before any Xid; the memory-subsystem lines in between are not events."""
    text = ("[   24.302465] NVRM: GPU6 _kgspIsHeartbeatTimedOut: Heartbeat timed out, currentTimeMs 812751949 "
            "heartbeat 1899482 heartbeatWithOffsetMs 812745879 diff 6070 timeout 5200\n"
            "[   84.300480] NVRM: GPU6 kgmmuCheckMemSubsysError_IMPL: Memory Subsystem Error detected. "
            "kbusSendSysmembarSingle failed.\n"
            "[   84.300488] NVRM: GPU6 _kgspLogRpcTimeout: ********************************* GSP Timeout "
            "**********************************\n")
    log = parse_kernel_log(text)
    assert [(e.kind, e.xid, e.gpu_index, e.line, e.timestamp) for e in log.events] == [
        (KernelEventKind.GSP_TIMEOUT, None, 6, 1, "24.302465"), (KernelEventKind.GSP_TIMEOUT, None, 6, 3, "84.300488")]
    assert log.xids() == ()
    quiet = parse_kernel_log("[    5.1] NVRM: GPU0 kgspInitRm_IMPL: GSP-RM is running\n")
    assert quiet.events == ()


# GSP failures the open driver prints without an Xid number, written from its format strings
# (src/nvidia/src/kernel/gpu/gsp/kernel_gsp.c, rpc.c): each is a GSP event, a module load is not.
@pytest.mark.parametrize("line", [
    "NVRM: nvAssertFailedNoLog: Assertion failed: Back to back GSP RPC timeout detected! GPU marked for reset "
    "@ kernel_gsp.c:2387",
    "NVRM: _issueRpcAndWait: rpcRecvPoll timedout for fn 10 sequence 98!",
    "NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClient=0xc1d00001; hParent=0x5c000001; hObject=0x5c000002; "
    "hClass=0x0000a06c; paramsSize=0x00000040; paramsStatus=0x00000062; status=0x00000062",
    "NVRM: GPU0 kgspInitRm_IMPL: Cannot initialize GSP firmware RM",
])
def test_gsp_failures_without_an_xid_are_gsp_events(line):
    from triage.evidence.xid import parse_kernel_log
    events = parse_kernel_log(f"[  812.114233] {line}\n[  812.2] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                              "570.86.15\n").events
    assert [(e.kind.value, e.line) for e in events] == [("gsp_timeout", 1)]


def test_nvrm_init_failures_are_read_without_their_prefix_too():
    """open-gpu-kernel-modules (kernel-open/nvidia/nv.c): the open modules refuse a GPU they do not
    support, then RmInitAdapter fails; a kernel log copied without `NVRM:` still says so."""
    from triage.evidence.xid import parse_kernel_log
    for text in ("[    4.812345] NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.\n"
                 "[    4.812350] NVRM: GPU 0000:07:00.0: RmInitAdapter failed! (0x22:0x56:667)\n",
                 "Open nvidia.ko is only ready for use on Data Center GPUs. \nGPU 0000:07:00.0: RmInitAdapter failed!\n"):
        events = parse_kernel_log(text).events
        assert [e.kind.value for e in events] == ["init_failed", "init_failed"], events
    # the same words in a sentence that is no kernel message stay unread
    assert parse_kernel_log("see the README: RmInitAdapter failed is explained there\n").events == ()
