"""`-o yaml`: the findings v1 document as YAML, the same data as `-o json` (sanitised the
same way), keys in the document's order, long strings never folded (an excerpt stays one
line, as grep and copy-paste want it).

    >>> print(render_yaml({"schema": "gpu-triage.findings/v1", "status": "healthy"}), end="")
    schema: gpu-triage.findings/v1
    status: healthy
"""

from __future__ import annotations

import yaml

from triage.render.untrusted_text import sanitise_doc


def render_yaml(doc: dict) -> str:
    return yaml.safe_dump(sanitise_doc(doc), sort_keys=False, allow_unicode=True, width=1 << 30,
                          default_flow_style=False)
