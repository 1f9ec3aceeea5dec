"""Planted secrets against every output: how many reach the collected bundle, the reports
(analyze -o json / markdown / html / text) and the Slack message (slack --dry-run).

    .venv/bin/python bench/bench_redaction_leaks.py

Collects the two targets of the collector tests' fixture cluster (tests/collect/cluster_fixture.py,
with tests/collect/test_redact.py's SECRETS planted in env, args, annotations, labels and logs,
some on the line every report cites) through the replay server with the official client, then
searches every byte written and printed for each planted value. The test
(test_redact.py::test_planted_secrets_*) asserts 0; this prints the figures (issue 13: 11 of 20
reached the bundle and 3 the reports and Slack before its fixes).
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.collect.cluster_fixture import PENDING, TRAINER  # noqa: E402
from tests.collect.helpers import run_collect, served  # noqa: E402
from tests.collect.test_redact import SECRETS  # noqa: E402
from triage.cli import main  # noqa: E402


def _printed(argv: list[str]) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(argv)
    return buf.getvalue()


def run(tmp: Path) -> dict[str, list[str]]:
    with served(tmp, secrets=SECRETS) as srv:
        bundles = [run_collect(srv, tmp, name=n, out=n)[0].path for n in (PENDING, TRAINER)]
    data = b"".join(p.read_bytes() for b in bundles for p in b.rglob("*") if p.is_file())
    reports, slack = [], []
    for b in bundles:
        outs = {fmt: _printed(["analyze", str(b), "-o", fmt]) for fmt in ("json", "markdown", "html", "text")}
        reports += outs.values()
        (tmp / "findings.json").write_text(outs["json"])
        slack.append(_printed(["slack", str(tmp / "findings.json"), "--dry-run"]))
    report_text, slack_text = "\n".join(reports), "\n".join(slack)
    return {"bundle": [k for k, v in SECRETS.items() if v.encode() in data],
            "reports": [k for k, v in SECRETS.items() if v in report_text],
            "slack": [k for k, v in SECRETS.items() if v in slack_text]}


def main_() -> int:
    with tempfile.TemporaryDirectory(prefix="gpu-triage-leaks-") as tmp:
        leaks = run(Path(tmp))
    for where, keys in leaks.items():
        print(f"{where:8} {len(keys):2} of {len(SECRETS)} planted secrets leaked {' '.join(keys)}")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
