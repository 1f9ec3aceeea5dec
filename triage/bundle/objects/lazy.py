"""Views whose whole object is decoded on first use (`triage.bundle.lazy_list`).

A `LazyPod` answers the fields the one pass read (names, labels, owners, node, phase,
runtime class, claims) from its slim dict, through the Pod view's own code, so it answers as
a Pod over the whole dict would; anything else (`raw`, containers, statuses, conditions ...)
decodes the item's JSON bytes once, and the view then reads that. `LazyWorkload` likewise
answers kind, names, labels and owners from the slim dict.

    pod = LazyPod(slim, item_bytes, "cluster-resources/pods/llm.json", finish)
    pod.node_name       # from the slim dict
    pod.containers      # decodes the item, then reads it
"""

from __future__ import annotations


from triage.bundle.objects.meta import K8sObject
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.workload import Workload

_RAW_SLOT = K8sObject.__dict__["raw"]


def _raw(self):
    try:
        return _RAW_SLOT.__get__(self, type(self))
    except AttributeError:
        pass
    from triage.bundle.lazy_list import full_item
    try:
        doc = full_item(self._item)
    except (ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict):     # msgspec read it as an object: json does too, short of a bug
        doc = dict(self._slim_view.raw)
    doc = self._finish(doc)
    _RAW_SLOT.__set__(self, doc)
    self._item = None                 # the bytes are no longer needed
    return doc


def _init(self, slim: dict, item, source: str, finish) -> None:
    self._slim_view = self._BASE(slim, source)
    self._item = item
    self._finish = finish             # the bundle's treatment of a read item: kind filled, names bounded
    self.source = source


class _FromSlim:
    """A field read from the slim view once, then from the instance's dict (a non-data
    descriptor: what `cached_property` does, without its lock, which 3.11 takes on every first
    read: a scan makes ~140,000 first reads of these fields)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = getattr(obj._slim_view, self.name)
        return value


def _lazy_view(base: type, exact: tuple[str, ...]) -> type:
    ns = {"__slots__": ("_slim_view", "_item", "_finish"), "_BASE": base, "__init__": _init,
          "raw": property(_raw), "slim": property(lambda self: self._slim_view.raw),
          "decoded": property(lambda self: self._item is None),
          "__doc__": f"A {base.__name__} view decoded on first use; {', '.join(exact)} from its slim dict."}
    ns.update({name: _FromSlim(name) for name in exact})   # then from the instance dict: an index asks often
    return type(f"Lazy{base.__name__}", (base,), ns)


LazyPod = _lazy_view(Pod, ("name", "namespace", "labels", "owner_references", "controller", "node_name", "phase",
                           "runtime_class_name", "resource_claims"))
LazyWorkload = _lazy_view(Workload, ("kind", "name", "namespace", "labels", "owner_references", "controller"))


def slim_of(obj) -> dict:
    """The dict an index may read: a lazy view's slim dict, any other view's whole object."""
    return obj.slim if isinstance(obj, (LazyPod, LazyWorkload)) else obj.raw
