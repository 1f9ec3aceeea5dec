"""The nvidia-smi runs among a pod's exec outputs, each stream parsed once: the one reading of
in-pod nvidia-smi that the rules (errors, fabric state, model label, visible GPUs), the audit's
waste meter and the findings document's `nvidia_smi` rows share. Pure: exec output records in,
`SmiRun`s out; the parsers load only when an output is an nvidia-smi run.

    smi_runs(exec_outputs) -> (SmiRun(out, command, stdout, stderr), ...)
"""

from __future__ import annotations

from typing import Iterable, NamedTuple


class SmiRun(NamedTuple):
    out: object              # the exec output record (name, container, exit_code, stdout, stderr)
    command: str             # its nvidia-smi slug: "nvidia-smi", "nvidia-smi-q", "nvidia-smi-L", ...
    stdout: object           # ParsedSmi of its stdout, or None (empty, or no parser knows it)
    stderr: object           # ParsedSmi of its stderr, or None

    @property
    def in_container(self) -> bool:
        """Run as the container's own nvidia-smi, not a node debugger's `chroot-host-nvidia-smi`."""
        return self.out.name == self.command

    def streams(self):
        """(LogText, ParsedSmi) of each stream that parsed."""
        for stream, parsed in ((self.out.stdout, self.stdout), (self.out.stderr, self.stderr)):
            if parsed is not None:
                yield stream, parsed

    @property
    def errors(self) -> tuple:
        """(LogText, SmiError) of every error line either stream printed."""
        return tuple((stream, e) for stream, parsed in self.streams() if parsed.report is not None
                     for e in parsed.report.errors)


def smi_runs(outputs: Iterable) -> tuple[SmiRun, ...]:
    runs = []
    for out in outputs:
        name = out.name
        if "nvidia-smi" not in name:
            continue          # nvidia-smi, nvidia-smi-q, chroot-host-nvidia-smi (a node debugger's)
        from triage.evidence.nvidia_smi import parse_nvidia_smi
        command = name[name.index("nvidia-smi"):]
        parsed = [parse_nvidia_smi(command, s.text) if s is not None and s.text.strip() else None
                  for s in (out.stdout, out.stderr)]
        runs.append(SmiRun(out, command, *parsed))
    return tuple(runs)
