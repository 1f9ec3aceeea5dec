"""Property tests: parse_kernel_log accepts anything and keeps its citations sane."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS
from triage.evidence.xid import parse_kernel_log

SAMPLES = (CORPUS / "xid" / "dmesg_samples.txt").read_text()
_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_KERNELISH = st.sampled_from(["NVRM: ", "Xid ", "(PCI:0000:9b:00): ", "79, ", "pid=", "'<unknown>'", "name=", ", ",
                              "\n", "               ", "[ 12.5] ", "GPU at PCI:", "GPU-", "fallen off the bus",
                              "The NVIDIA GPU ", "0000:", "154, GPU recovery action changed from 0x0 (", ") to 0x1 (",
                              "caused by previous Xid ", "1", "9", ")", "("])


def _check(text: str) -> None:
    log = parse_kernel_log(text)
    n_lines = len(text.splitlines())
    for e in log.events:
        assert 1 <= e.line <= e.end_line <= n_lines
        assert e.xid is None or e.xid >= 0
        e.info, e.xid_class         # the catalog join never raises either


@_SETTINGS
@given(st.text(max_size=600))
def test_arbitrary_text(text):
    _check(text)


@_SETTINGS
@given(st.lists(_KERNELISH, max_size=120).map("".join))
def test_kernel_shaped_noise(text):
    _check(text)


@_SETTINGS
@given(st.data())
def test_mutated_samples(data):
    text = SAMPLES
    kind = data.draw(st.sampled_from(["truncate", "delete_line", "flip"]))
    lines = text.splitlines(keepends=True)
    if kind == "truncate":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif kind == "delete_line":
        i = data.draw(st.integers(0, len(lines) - 1))
        text = "".join(lines[:i] + lines[i + 1:])
    else:
        raw = bytearray(text.encode())
        for _ in range(data.draw(st.integers(1, 10))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        text = raw.decode("utf-8", errors="replace")
    _check(text)
