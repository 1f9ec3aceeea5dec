r"""Just enough of the Kubernetes protobuf envelope to read a SelfSubjectAccessReview.

kubectl's typed clients (`kubectl auth can-i`) POST protobuf: the bytes `k8s\x00`, then
a `runtime.Unknown` message (1: typeMeta, 2: raw) whose `raw` is the object. The replay
server reads the review's resource attributes from it and answers in JSON, which the
client accepts (it sends `Accept: application/vnd.kubernetes.protobuf,application/json`).

What `kubectl auth can-i get pods/log -n ml` sent (kubectl 1.32; `pods/log` reads as
resource `pods`, name `log`):

    >>> body = (b'k8s\x00\n2\n\x17authorization.k8s.io/v1\x12\x17SelfSubjectAccessReview\x12:\n\x10\n'
    ...         b'\x00\x12\x00\x1a\x00"\x00*\x002\x008\x00B\x00\x12\x1c\n\x1a\n\x02ml\x12\x03get\x1a\x00"\x00*'
    ...         b'\x04pods2\x00:\x03log\x1a\x08\x08\x00\x12\x00\x1a\x00 \x00\x1a\x00"\x00')
    >>> ssar_spec(body)
    {'resourceAttributes': {'namespace': 'ml', 'verb': 'get', 'resource': 'pods', 'name': 'log'}}
"""

from __future__ import annotations

from typing import Iterator

MAGIC = b"k8s\x00"
_RESOURCE_FIELDS = {1: "namespace", 2: "verb", 3: "group", 4: "version", 5: "resource", 6: "subresource",
                    7: "name"}
_NON_RESOURCE_FIELDS = {1: "path", 2: "verb"}


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise ValueError("truncated varint")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def fields(buf: bytes) -> Iterator[tuple[int, int | bytes]]:
    """(field number, value) for varint and length-delimited fields; others are refused."""
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
            yield number, value
        elif wire == 2:
            size, pos = _varint(buf, pos)
            if pos + size > len(buf):
                raise ValueError("truncated field")
            yield number, buf[pos:pos + size]
            pos += size
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")


def _strings(buf: bytes, names: dict[int, str]) -> dict[str, str]:
    out = {}
    for number, value in fields(buf):
        if number in names and isinstance(value, bytes) and value:
            out[names[number]] = value.decode("utf-8")
    return out


def ssar_spec(body: bytes) -> dict:
    """The `spec` of a protobuf SelfSubjectAccessReview, as the JSON form would hold it."""
    if not body.startswith(MAGIC):
        raise ValueError("not a Kubernetes protobuf body")
    raw = next((v for n, v in fields(body[len(MAGIC):]) if n == 2 and isinstance(v, bytes)), b"")
    spec_bytes = next((v for n, v in fields(raw) if n == 2 and isinstance(v, bytes)), b"")
    spec: dict = {}
    for number, value in fields(spec_bytes):
        if number == 1 and isinstance(value, bytes):
            spec["resourceAttributes"] = _strings(value, _RESOURCE_FIELDS)
        elif number == 2 and isinstance(value, bytes):
            spec["nonResourceAttributes"] = _strings(value, _NON_RESOURCE_FIELDS)
    return spec
