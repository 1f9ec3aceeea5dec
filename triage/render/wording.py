r"""The report's fixed wording and the playbook text a report embeds.

Reads `report_templates/labels.yaml` (through `triage.resources`) and the playbook of a
finding id through `triage.playbooks`, whose headings are pushed under the report's own:

    >>> demote_headings("# Xid 79: GPU has fallen off the bus\n```\n# not a heading\n```", 3)
    '#### Xid 79: GPU has fallen off the bus\n```\n# not a heading\n```'
"""

from __future__ import annotations

import functools
import re
from typing import Any, Mapping

from triage import playbooks, shipped_yaml
from triage.errors import TriageError
from triage.resources import report_templates_dir


@functools.lru_cache(maxsize=1)
def labels() -> dict[str, Any]:
    """The report's fixed wording (`report_templates/labels.yaml`)."""
    path = report_templates_dir() / "labels.yaml"
    return shipped_yaml.parse("report_templates/labels.yaml", path.read_text("utf-8"))


def playbook_markdown(fid: str, params: Mapping[str, Any]) -> str | None:
    """The playbook for `fid` with this incident's names filled in, its
    headings moved under the report's own (# -> ####), or None if there is none."""
    try:
        text = playbooks.render(fid, dict(params))
    except (TriageError, LookupError, OSError, ValueError):
        return None
    return demote_headings(text, 3)


def demote_headings(markdown: str, by: int) -> str:
    """Push ATX headings down `by` levels (never past ######), outside fences."""
    out, fence = [], None
    for line in markdown.split("\n"):
        stripped = line.lstrip()
        m = re.match(r"(`{3,}|~{3,})", stripped)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif stripped.startswith(fence) and not stripped[len(fence):].strip(fence[0]).strip():
                fence = None
        elif fence is None and re.match(r"#{1,6}(\s|$)", line):
            hashes = len(line) - len(line.lstrip("#"))
            line = "#" * min(hashes + by, 6) + line[hashes:]
        out.append(line)
    return "\n".join(out)


def first_commands(markdown: str | None, count: int = 3) -> list[str]:
    """The first shell commands of a playbook's Confirm section (its first fenced block
    there), comments left out: what a report prints as the next steps.

    >>> first_commands("## Confirm\\n```sh\\n# read-only\\nkubectl get nodes\\n```\\n## Fix\\n```sh\\nx\\n```")
    ['kubectl get nodes']
    """
    steps: list[str] = []
    in_confirm = in_code = False
    for line in (markdown or "").splitlines():
        stripped = line.strip()
        if not in_code and re.match(r"#{1,6}\s", stripped):
            in_confirm = stripped.lstrip("#").strip().lower().startswith("confirm")
            continue
        if in_confirm and stripped.startswith("```"):
            in_code = not in_code
            if not in_code and steps:
                break
            continue
        if in_confirm and in_code and stripped and not stripped.startswith("#"):
            steps.append(stripped)
            if len(steps) >= count:
                break
    return steps
