"""The bundle's objects, pre-indexed for serving: one `Collection` per resource.

Loading does the expensive work once: every object is serialized to JSON bytes
here (`json.dumps` once per item), sorted by (namespace, name) like etcd keys,
with per-namespace ranges. A list answer is then a join of stored bytes, and
selectors are answered from equality indexes built on first use (a field label
or label key -> value -> positions), so nothing is re-serialized per request.

    store = Store.load(bundle)
    pods = store.collections["pods"]
    pods.select("ml", parse_label_selector("app=train"), ())   # -> [positions]
"""

from __future__ import annotations

import json
import threading
from bisect import bisect_left
from collections import OrderedDict
from typing import Iterable, Mapping

from triage.bundle import layout
from triage.bundle.views import Bundle
from triage.replay.resources import BUILTIN, ResourceType, field_getters
from triage.replay.selectors import Requirement, fields_match, labels_match

_DUMP_KW = {"separators": (",", ":"), "ensure_ascii": False}


def dump(obj) -> bytes:
    return json.dumps(obj, **_DUMP_KW).encode("utf-8")


class Collection:
    """All objects of one resource kind, sorted by (namespace, name)."""

    def __init__(self, rt: ResourceType, objects: Iterable[Mapping]):
        self.rt = rt
        by_key: dict[tuple[str, str], tuple[dict, bytes | None]] = {}
        for obj in objects:
            key = self._key(obj)
            if key is None:
                continue
            obj.setdefault("apiVersion", rt.group_version)
            obj.setdefault("kind", rt.kind)
            by_key[key] = (obj, None)
        self._getters = field_getters(rt.plural)
        self._lock = threading.Lock()
        self._build(by_key)

    def _key(self, obj: Mapping) -> tuple[str, str] | None:
        meta = obj.get("metadata")
        if not isinstance(meta, Mapping) or not meta.get("name"):
            return None
        return (str(meta.get("namespace") or "") if self.rt.namespaced else "", str(meta["name"]))

    def _build(self, by_key: dict[tuple[str, str], tuple[dict, bytes | None]]) -> None:
        """Sort, serialize what is not yet serialized, and drop every index and cache."""
        keys = sorted(by_key)
        objs = [by_key[k][0] for k in keys]
        blobs = [by_key[k][1] or dump(by_key[k][0]) for k in keys]
        ns_range: dict[str, tuple[int, int]] = {}
        for i, (ns, _name) in enumerate(keys):
            lo, _hi = ns_range.get(ns, (i, i))
            ns_range[ns] = (lo, i + 1)
        with self._lock:
            self.keys: list[tuple[str, str]] = keys
            self.objs: list[dict] = objs
            self.blobs: list[bytes] = blobs
            self.position = {k: i for i, k in enumerate(keys)}
            self._ns_range: dict[str, tuple[int, int]] = ns_range
            self._field_index: dict[str, dict[str, list[int]]] = {}
            self._label_index: dict[str, dict[str, list[int]]] = {}
            self._cache: OrderedDict = OrderedDict()

    def __len__(self) -> int:
        return len(self.keys)

    def apply(self, event_type: str, obj: Mapping) -> None:
        """A scripted change (timeline `apply`): ADDED/MODIFIED put `obj` in place of the
        object with its namespace/name, DELETED removes it. Only that object is serialized;
        positions, indexes and cached selections are rebuilt."""
        key = self._key(obj)
        if key is None:
            return
        by_key = {k: (o, b) for k, o, b in zip(self.keys, self.objs, self.blobs)}
        if event_type == "DELETED":
            by_key.pop(key, None)
        else:
            copy = json.loads(dump(obj))          # a private copy, like a loaded object
            copy.setdefault("apiVersion", self.rt.group_version)
            copy.setdefault("kind", self.rt.kind)
            by_key[key] = (copy, None)
        self._build(by_key)

    @property
    def namespaces(self) -> set[str]:
        return {ns for ns in self._ns_range if ns}

    def get(self, namespace: str, name: str) -> int | None:
        return self.position.get((namespace if self.rt.namespaced else "", name))

    def field_value(self, pos: int, label: str) -> str:
        return self._getters[label](self.objs[pos])

    def supports_field(self, label: str) -> bool:
        return label in self._getters

    def labels(self, pos: int) -> Mapping[str, str]:
        labels = (self.objs[pos].get("metadata") or {}).get("labels")
        return labels if isinstance(labels, Mapping) else {}

    # ---- selection ------------------------------------------------------------------
    def select(self, namespace: str | None, label_reqs: tuple[Requirement, ...],
               field_reqs: tuple[Requirement, ...]) -> list[int]:
        """Positions of matching objects in key order (cached per query)."""
        cache_key = (namespace, label_reqs, field_reqs)
        with self._lock:
            hit = self._cache.get(cache_key)
            if hit is not None:
                self._cache.move_to_end(cache_key)
                return hit
        result = self._select(namespace, label_reqs, field_reqs)
        with self._lock:
            self._cache[cache_key] = result
            while len(self._cache) > 64:
                self._cache.popitem(last=False)
        return result

    def _select(self, namespace, label_reqs, field_reqs) -> list[int]:
        if namespace:
            lo, hi = self._ns_range.get(namespace, (0, 0))
        else:
            lo, hi = 0, len(self.keys)
        candidates: set[int] | None = None
        rest_fields, rest_labels = [], []
        for r in field_reqs:
            if r.indexable:
                hit = self._index(self._field_index, r.key, self._field_values).get(r.values[0], ())
                candidates = set(hit) if candidates is None else candidates.intersection(hit)
            else:
                rest_fields.append(r)
        for r in label_reqs:
            if r.indexable:
                index = self._index(self._label_index, r.key, self._label_values)
                hit: set[int] = set()
                for v in r.values:
                    hit.update(index.get(v, ()))
                candidates = hit if candidates is None else candidates & hit
            else:
                rest_labels.append(r)
        if candidates is None:
            if not rest_fields and not rest_labels:
                return list(range(lo, hi))
            positions: Iterable[int] = range(lo, hi)
        else:
            positions = sorted(p for p in candidates if lo <= p < hi)
        fr, lr = tuple(rest_fields), tuple(rest_labels)
        out = []
        for p in positions:
            if fr and not fields_match(fr, {r.key: self.field_value(p, r.key) for r in fr}):
                continue
            if lr and not labels_match(lr, self.labels(p)):
                continue
            out.append(p)
        return out

    def _field_values(self, key: str):
        get = self._getters[key]
        return ((i, get(o)) for i, o in enumerate(self.objs))

    def _label_values(self, key: str):
        for i in range(len(self.objs)):
            labels = self.labels(i)
            if key in labels:
                yield i, str(labels[key])

    def _index(self, store: dict, key: str, values) -> dict[str, list[int]]:
        with self._lock:
            index = store.get(key)
        if index is None:
            index = {}
            for pos, value in values(key):
                index.setdefault(value, []).append(pos)
            with self._lock:
                store[key] = index
        return index

    def after(self, positions: list[int], start_key: tuple[str, str]) -> int:
        """Index into `positions` of the first object whose key is >= start_key."""
        return bisect_left(positions, start_key, key=lambda p: self.keys[p])


class Store:
    """Every collection of a bundle, plus the cluster-wide facts served beside them."""

    def __init__(self, collections: dict[str, Collection], version: dict, resource_version: str):
        self.collections = collections
        self.version = version
        self.resource_version = resource_version

    def apply(self, resource: str, event_type: str, obj: Mapping) -> bool:
        """Apply a scripted change to the collection named `resource` (e.g. "pods");
        the list resourceVersion follows the object's when that is newer. False when
        no such collection is served."""
        c = self.collections.get(resource)
        if c is None:
            return False
        c.apply(event_type, obj)
        rv = (obj.get("metadata") or {}).get("resourceVersion") if isinstance(obj.get("metadata"), Mapping) else None
        if isinstance(rv, str) and rv.isdigit() and int(rv) > int(self.resource_version or 0):
            self.resource_version = rv
        return True

    def by_group_version(self) -> dict[str, list[ResourceType]]:
        out: dict[str, list[ResourceType]] = {}
        for c in self.collections.values():
            out.setdefault(c.rt.group_version, []).append(c.rt)
        return out

    def find(self, group: str, version: str, plural: str) -> Collection | None:
        c = self.collections.get(plural if not group else f"{plural}.{group}")
        if c is None or c.rt.group != group or c.rt.version != version:
            return None
        return c

    @classmethod
    def load(cls, bundle: Bundle) -> "Store":
        collections: dict[str, Collection] = {}
        loaders = {
            "pods": lambda: (_in_file_namespace(p) for p in bundle.pods()),
            "events": lambda: (_in_file_namespace(e) for e in bundle.events()),
            "pvcs": lambda: (_in_file_namespace(o) for o in bundle.pvcs()),
            "resource-quota": lambda: (_in_file_namespace(o) for o in bundle.resource_quotas()),
            "pod-disruption-budgets": lambda: (_in_file_namespace(o) for o in bundle.pod_disruption_budgets()),
        }
        workloads: dict[str, list[dict]] = {}
        for w in bundle.workloads():
            workloads.setdefault(str(w.raw.get("kind") or ""), []).append(_in_file_namespace(w))
        for rt in BUILTIN:
            if rt.plural == "nodes":
                objects: Iterable[Mapping] = (n.raw for n in bundle.nodes())
            elif rt.plural == "namespaces":
                continue
            elif rt.bundle_kind in loaders:
                objects = loaders[rt.bundle_kind]()
            else:
                objects = workloads.get(rt.kind, [])
            collections[rt.qualified] = Collection(rt, objects)
        for rt, objects in _custom_resources(bundle):
            collections.setdefault(rt.qualified, Collection(rt, objects))
        namespaces: set[str] = set()
        for c in collections.values():
            namespaces |= c.namespaces
        for path in bundle.files:
            parsed = layout.parse_namespaced_list(path)
            if parsed:
                namespaces.add(parsed[1])
        ns_rt = next(rt for rt in BUILTIN if rt.plural == "namespaces")
        collections[ns_rt.qualified] = Collection(ns_rt, (_namespace(ns) for ns in sorted(namespaces)))
        version = bundle.read_json(layout.CLUSTER_VERSION)
        if not isinstance(version, dict):
            version = {"major": "1", "minor": "32", "gitVersion": "v1.32.0", "platform": "linux/amd64"}
        return cls(collections, version, _max_resource_version(collections))


def _in_file_namespace(view) -> dict:
    """The object, with `metadata.namespace` taken from its list file when it lacks one."""
    obj = view.raw
    meta = obj.get("metadata")
    if isinstance(meta, dict) and not meta.get("namespace"):
        parsed = layout.parse_namespaced_list(view.source)
        if parsed:
            meta["namespace"] = parsed[1]
    return obj


def _namespace(name: str) -> dict:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name},
            "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}}


def _custom_resources(bundle: Bundle):
    """(ResourceType, objects) per custom resource file set, version and kind from its objects."""
    prefix = layout.CUSTOM_RESOURCES + "/"
    names: dict[str, bool] = {}
    for path in bundle.files:
        if not path.startswith(prefix) or not path.endswith(".json") or path.endswith(layout.ERRORS_SUFFIX):
            continue
        rest = path[len(prefix):]
        if "/" in rest:
            names[rest.split("/", 1)[0]] = True
        else:
            names.setdefault(rest[: -len(".json")], False)
    for plural_group, in_folders in sorted(names.items()):
        if "." not in plural_group:
            continue
        plural, group = plural_group.split(".", 1)
        objects = [o.raw for o in bundle.custom_resources(plural_group)]
        api_version = next((str(o.get("apiVersion")) for o in objects if o.get("apiVersion")), "")
        kind = next((str(o.get("kind")) for o in objects if o.get("kind")), "")
        if not api_version or "/" not in api_version or not kind:
            continue
        namespaced = in_folders or any((o.get("metadata") or {}).get("namespace") for o in objects)
        rt = ResourceType(plural, kind, group, api_version.split("/", 1)[1], namespaced,
                          kind.lower(), custom_name=plural_group)
        yield rt, objects


def _max_resource_version(collections: Mapping[str, Collection]) -> str:
    best = 0
    for c in collections.values():
        for o in c.objs:
            rv = (o.get("metadata") or {}).get("resourceVersion")
            if isinstance(rv, str) and rv.isdigit():
                best = max(best, int(rv))
    return str(best or 1)
