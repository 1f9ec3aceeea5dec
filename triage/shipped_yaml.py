"""The YAML the tool ships (the taxonomy, the report labels, each playbook's front matter),
parsed ahead of time, so a short run never imports PyYAML (~14 ms of CPU at every start).

`triage/data/shipped-yaml.json` maps a document's key to `[CRC-32 of its text, the parsed
document]`. `parse(key, text)` returns the stored document when `text` is the text it was made
from, and otherwise parses `text` with PyYAML's safe loader, exactly as before (an edited file
is read as written; a syntax error raises `YAMLSyntaxError` with PyYAML's message):

    doc = shipped_yaml.parse("data/taxonomy.yaml", text)

Regenerate after editing a shipped YAML file (a test fails while the stored file is stale):

    .venv/bin/python -m triage.shipped_yaml
"""

from __future__ import annotations

import functools
import zlib
from pathlib import Path
from typing import Any

from triage.resources import data_path, playbooks_dir, report_templates_dir

STORE = "shipped-yaml.json"


def _crc(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


@functools.lru_cache(maxsize=1)
def _stored() -> dict[str, list]:
    import msgspec
    try:
        doc = msgspec.json.decode(data_path(STORE).read_bytes())
    except (OSError, msgspec.DecodeError):
        return {}             # absent or damaged: every document is parsed from its text
    return doc if isinstance(doc, dict) else {}


class YAMLSyntaxError(ValueError):
    """The text is not YAML (PyYAML's message)."""


def load_yaml(text: str) -> Any:
    """PyYAML's safe loader (the C one when built), imported on first use; a syntax error
    is a YAMLSyntaxError with PyYAML's message."""
    import yaml
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as err:
        raise YAMLSyntaxError(str(err)) from None


def parse(key: str, text: str) -> Any:
    """The document `text` holds: the stored parse when `text` is what it was made from."""
    entry = _stored().get(key)
    if isinstance(entry, list) and len(entry) == 2 and entry[0] == _crc(text):
        return entry[1]
    return load_yaml(text)


def sources() -> dict[str, str]:
    """Every shipped YAML document by key: its text (a playbook's front matter only)."""
    from triage.playbooks import front_matter_text
    out = {"data/taxonomy.yaml": data_path("taxonomy.yaml").read_text("utf-8"),
           "report_templates/labels.yaml": (report_templates_dir() / "labels.yaml").read_text("utf-8")}
    for path in sorted(playbooks_dir().glob("*/*.md")):
        front = front_matter_text(path.read_text("utf-8"))
        if front is not None:
            out[f"playbooks/{path.parent.name}/{path.name}"] = front
    return out


def build() -> dict[str, list]:
    """What the store should hold: each document that JSON carries unchanged (a YAML date
    or a non-string key would not round-trip: those are left to be parsed at run time)."""
    import json
    out = {}
    for key, text in sources().items():
        doc = load_yaml(text)
        if json.loads(json.dumps(doc)) == doc:
            out[key] = [_crc(text), doc]
    return out


def main() -> int:
    import json
    path = data_path(STORE)
    path.write_text(json.dumps(build(), ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
