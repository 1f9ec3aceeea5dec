"""One pass over a big list file (pods, workloads): each item's JSON bytes kept, only the
fields every index reads decoded, the whole object decoded on first use.

A 100,000-pod scan needs the whole object of maybe one pod in five (GPU pods, the GPU stack,
pods on GPU nodes, targets); the rest is asked its namespace, name, node, phase, owner and
whether it requests a GPU. `read_lazy_list` reads a file with msgspec (a C decoder):

- the list as `(list kind, [item bytes])`, skipping over each item without building it;
- each item's *slim* dict: exactly the keys of `POD_SLIM` / `OBJECT_SLIM` that the item has,
  as the item holds them (a real dict, so the bundle's readers run on it unchanged).

It answers None whenever the plain reader (`bounded.read_json_file` + json) might read the
file differently: past `max_bytes` (read item by item from its start), not UTF-8 or holding
an escaped lone surrogate (cleaned by the bundle), not a JSON object with an `items` list, or
no valid JSON for msgspec (the plain reader then says why, in json's words). An item whose
fields are not of the kinds the slim shape wants (`"metadata": null`, a container that is a
string) has no slim dict: the caller decodes it whole (`full_item`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict

import msgspec


class _List(msgspec.Struct):
    kind: Any = None
    items: list[msgspec.Raw] = []


# TypedDicts decode to plain dicts holding only the keys present; other keys are skipped
class _Owner(TypedDict, total=False):
    kind: Any
    name: Any
    controller: Any


class _Meta(TypedDict, total=False):
    name: Any
    namespace: Any
    generateName: Any
    labels: Any
    ownerReferences: list[_Owner]     # each as OwnerRef reads it: kind, name, controller


class _Container(TypedDict, total=False):
    resources: Any


class _PodSpec(TypedDict, total=False):
    nodeName: Any
    resourceClaims: Any
    containers: list[_Container]
    initContainers: list[_Container]
    runtimeClassName: Any
    hostPID: Any
    template: Any             # a pod has none; stack_role reads its labels when one does


class _PodStatus(TypedDict, total=False):
    phase: Any


class POD_SLIM(TypedDict, total=False):
    """A pod's fields the one pass reads: names (bounded, cited), labels and owners, node,
    phase, GPU requests and claims (`raw_pod_requests_gpu`), the stack role's labels and name
    (`stack_role`), the runtime class, hostPID."""
    kind: Any
    metadata: _Meta
    spec: _PodSpec
    status: _PodStatus


class OBJECT_SLIM(TypedDict, total=False):
    """Any object's kind and metadata (names, labels, owners): a workload's index entry."""
    kind: Any
    metadata: _Meta


_LIST = msgspec.json.Decoder(_List)
_DECODERS = {POD_SLIM: msgspec.json.Decoder(POD_SLIM), OBJECT_SLIM: msgspec.json.Decoder(OBJECT_SLIM)}


def _utf8(data: bytes) -> bool:
    if data.isascii():
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_lazy_list(path: Path, max_bytes: int, max_items: int):
    """(list kind, [item bytes], cut) of a list file, or None: read it with the plain reader."""
    if path.stat().st_size > max_bytes:
        return None
    with open(path, "rb") as f:
        data = f.read()
    if not _utf8(data) or (b"\\" in data and _has_surrogate_escape(data)):   # a 1-byte find: memchr
        return None
    try:
        doc = _LIST.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
    items = doc.items
    cut = ""
    if len(items) > max_items:
        cut = f"read the first {max_items} of {len(items)} items"
        items = items[:max_items]
    return doc.kind, items, cut


def _has_surrogate_escape(data: bytes) -> bool:
    from triage.bundle.views import _SURROGATE_ESCAPE as pattern
    return pattern.search(data) is not None


def slim_item(item: msgspec.Raw, shape) -> dict | None:
    """The item's slim dict (the keys of `shape` it has), or None: decode it whole."""
    try:
        return _DECODERS[shape].decode(item)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


_ANY = msgspec.json.Decoder()


def full_item(item: msgspec.Raw):
    """The whole item as json reads it (the dicts the rest of the bundle's views hold): by
    msgspec, which builds the same values ~3x faster, and by json where msgspec refuses (a
    number past a float's range, which json reads as infinity)."""
    try:
        return _ANY.decode(item)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return json.loads(bytes(item))

