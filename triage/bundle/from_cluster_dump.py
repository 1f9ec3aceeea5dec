"""`kubectl cluster-info dump` output (a JSON stream, or an --output-directory tree) -> a bundle.

Not read yet: recognised so it is named, not mistaken for pasted text.
"""

from __future__ import annotations

from pathlib import Path

from triage.errors import BundleError


def looks_like_tree(files) -> bool:
    names = set(files)
    return "nodes.json" in names and any(f.endswith("/pods.json") for f in names)


def looks_like_stream(head: bytes) -> bool:
    text = head.lstrip()[:4096]
    return text.startswith(b"{") and b'"kind"' in text and b'"NodeList"' in text


def write_cluster_dump_bundle(path: Path, root: Path):
    raise BundleError(f"{path} is a kubectl cluster-info dump, which gpu-triage does not read yet")
