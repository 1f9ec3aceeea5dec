"""The items of a List document as a bundle stores them (`kubectl get -o json` output, or
a JSON array: troubleshoot's custom-resources convention).
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    {"kind": "PodList", "items": [{"kind": "Pod", "apiVersion": "v1", "metadata": {...}, ...}]}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping  # not typing.Mapping: its isinstance() is ~10x slower


def iter_items(doc, default_kind: str) -> Iterator[Mapping]:
    """Items of a List document (or of a JSON array, troubleshoot's custom-resources
    convention), with `kind` filled in from the list kind when missing."""
    items = doc.get("items") if isinstance(doc, Mapping) else doc
    if not isinstance(items, list):
        return
    list_kind = doc.get("kind", "") if isinstance(doc, Mapping) else ""
    kind = list_kind[:-4] if list_kind.endswith("List") and list_kind != "List" else default_kind
    for item in items:
        if isinstance(item, dict):
            if "kind" not in item and kind:
                item["kind"] = kind
            yield item
