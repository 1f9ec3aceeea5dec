"""nvidia-bug-report.log.gz -> a bundle (its nvidia-smi -q, kernel log and module sections).

Not read yet: recognised so it is named, not mistaken for a bundle.
"""

from __future__ import annotations

from pathlib import Path

from triage.errors import BundleError


def write_bug_report_bundle(path: Path, root: Path):
    raise BundleError(f"{path} is an nvidia-bug-report log, which gpu-triage does not read yet")
