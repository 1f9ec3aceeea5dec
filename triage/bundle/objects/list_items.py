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
    kind = item_kind(doc.get("kind", "") if isinstance(doc, Mapping) else "", default_kind)
    for item in items:
        if isinstance(item, dict):
            if "kind" not in item and kind:
                item["kind"] = kind
            yield item


def item_kind(list_kind, default_kind: str) -> str:
    """The kind of a list's items: `PodList` -> `Pod`, else `default_kind`."""
    if isinstance(list_kind, str) and list_kind.endswith("List") and list_kind != "List":
        return list_kind[:-4]
    return default_kind


def fill_kind(item: dict, kind: str) -> dict:
    """`item` with `kind` filled in when missing (as `iter_items` yields it)."""
    if "kind" not in item and kind:
        item["kind"] = kind
    return item
