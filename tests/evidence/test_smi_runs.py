"""The nvidia-smi runs among a pod's exec outputs (triage/evidence/smi_runs.py), on real captures."""

from __future__ import annotations

from tests.conftest import CORPUS
from triage.bundle.views import ExecOutput, LogText
from triage.evidence.smi_runs import smi_runs

H100 = (CORPUS / "nvidia-smi/text/h100-80gb-hbm3-590.48.01-linux-default-idle.txt").read_text()
UNKNOWN = (CORPUS / "nvidia-smi/text/error-nvml-unknown-error-container.txt").read_text()


def _out(name, stdout=None, stderr=None, exit_code=0):
    base = f"gpu/exec/ml/p/server/{name}"
    return ExecOutput("ml", "p", "server", name, ("nvidia-smi",), exit_code, None,
                      LogText(base + ".stdout", stdout) if stdout is not None else None,
                      LogText(base + ".stderr", stderr) if stderr is not None else None)


def test_only_nvidia_smi_runs_each_stream_parsed():
    runs = smi_runs([_out("nvidia-smi", H100), _out("cat-proc-version", "Linux version 6.8"),
                     _out("chroot-host-nvidia-smi", "", UNKNOWN, exit_code=255)])
    assert [(r.out.name, r.command, r.in_container) for r in runs] == [
        ("nvidia-smi", "nvidia-smi", True), ("chroot-host-nvidia-smi", "nvidia-smi", False)]
    table, host = runs
    assert [g.name for g in table.stdout.report.gpus] == ["NVIDIA H100 80GB HBM3"] and table.stderr is None
    # the error printed on stderr is the run's, cited on the stream that printed it
    assert host.stdout is None
    ((stream, err),) = host.errors
    assert stream.path.endswith(".stderr") and "Unknown Error" in err.excerpt


def test_no_nvidia_smi_output_loads_no_parser():
    import sys
    loaded = "triage.evidence.nvidia_smi" in sys.modules
    assert smi_runs([_out("cat-proc-version", "Linux")]) == ()
    assert ("triage.evidence.nvidia_smi" in sys.modules) == loaded
