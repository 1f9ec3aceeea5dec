"""One pass over a big list file (pods, workloads): each item's JSON bytes kept, only the
fields every index reads decoded, the whole object decoded on first use.

A 100,000-pod scan needs the whole object of maybe one pod in five (GPU pods, the GPU stack,
pods on GPU nodes, targets); the rest is asked its namespace, name, node, phase, owner and
whether it requests a GPU. `read_lazy_list` reads a file with msgspec (a C decoder):

- the list as `(list kind, [item bytes])`, skipping over each item without building it;
- each item's *slim* dict: exactly the keys of the pod or object shape (`_shapes`) that the
  item has, as the item holds them (a real dict, so the bundle's readers run on it unchanged).

It answers None whenever the plain reader (`bounded.read_json_file` + json) might read the
file differently: past `max_bytes` (read item by item from its start), not UTF-8 or holding
an escaped lone surrogate (cleaned by the bundle), not a JSON object with an `items` list, or
no valid JSON for msgspec (the plain reader then says why, in json's words). An item whose
fields are not of the kinds the slim shape wants (`"metadata": null`, a container that is a
string, a name past the bound) has no slim dict: the caller decodes it whole (`full_item`).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated, Any, Optional, TypedDict

import msgspec


class _List(msgspec.Struct):
    kind: Any = None
    items: list[msgspec.Raw] = []


# TypedDicts decode to plain dicts holding only the keys present; other keys are skipped. A
# name is a string of at most the bound (or null): a longer one, or one of another type, makes
# the item no slim dict, and the plain treatment (bound_names) cuts it and says so.
@functools.lru_cache(maxsize=8)
def _shapes(max_name: int) -> dict[str, msgspec.json.Decoder]:
    name = Optional[Annotated[str, msgspec.Meta(max_length=max_name)]]
    owner = TypedDict("Owner", {"kind": Any, "name": name, "controller": Any}, total=False)
    meta = TypedDict("Meta", {"name": name, "namespace": name, "generateName": name, "labels": Any,
                              "ownerReferences": list[owner]}, total=False)    # each as OwnerRef reads it
    container = TypedDict("Container", {"resources": Any}, total=False)
    spec = TypedDict("PodSpec", {"nodeName": name, "resourceClaims": Any, "containers": list[container],
                                 "initContainers": list[container], "runtimeClassName": Any, "hostPID": Any,
                                 "template": Any},          # a pod has none; stack_role reads its labels when one does
                     total=False)
    status = TypedDict("PodStatus", {"phase": Any}, total=False)
    # a pod's fields the one pass reads: names (bounded, cited), labels and owners, node, phase,
    # GPU requests and claims (raw_pod_requests_gpu), the stack role's labels and name
    # (stack_role), the runtime class, hostPID
    pod = TypedDict("PodSlim", {"kind": Any, "metadata": meta, "spec": spec, "status": status}, total=False)
    # any object's kind and metadata (names, labels, owners): a workload's index entry
    obj = TypedDict("ObjectSlim", {"kind": Any, "metadata": meta}, total=False)
    return {POD_SLIM: msgspec.json.Decoder(pod), OBJECT_SLIM: msgspec.json.Decoder(obj)}


POD_SLIM = "pod"
OBJECT_SLIM = "object"
_LIST = msgspec.json.Decoder(_List)


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


def slim_decoder(shape: str, max_name: int):
    """The decoder of `shape` (POD_SLIM, OBJECT_SLIM) for names of at most `max_name` characters."""
    return _shapes(max_name)[shape]


def slim_item(item: msgspec.Raw, decoder) -> dict | None:
    """The item's slim dict (the keys of the decoder's shape it has, every name within the
    bound), or None: decode it whole."""
    try:
        return decoder.decode(item)
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

