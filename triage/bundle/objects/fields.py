"""Safe reads of a raw API dict: a bundle is untrusted, so a missing or mistyped field
reads as a default, never as a KeyError or TypeError.

    >>> dig({"spec": {"nodeName": "primary-node"}}, "spec", "nodeName")
    'primary-node'
    >>> dig({"spec": ["not", "a", "map"]}, "spec", "nodeName", default="")
    ''
"""

from __future__ import annotations

from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower
from datetime import datetime


def dig(d, *keys, default=None):
    """`d[k1][k2]...`, or `default` when a step is missing, None or not a mapping."""
    for key in keys:
        if not isinstance(d, Mapping):
            return default
        d = d.get(key)
        if d is None:
            return default
    return d



def parse_time(value) -> datetime | None:
    """An object's RFC 3339 timestamp as an aware datetime; None for anything else (absent,
    not a string, not a time).

        >>> parse_time("2026-11-29T12:00:00Z").isoformat()
        '2026-11-29T12:00:00+00:00'
        >>> parse_time("yesterday"), parse_time(None)
        (None, None)
    """
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None


def as_tuple(value) -> tuple:
    """A JSON array as a tuple; anything else (a malformed bundle) as empty."""
    return tuple(value) if isinstance(value, (list, tuple)) else ()


def as_mapping(value) -> Mapping:
    """A JSON object as itself; anything else as empty."""
    return value if isinstance(value, Mapping) else {}


def str_map(value) -> Mapping[str, str]:
    """A JSON object of labels/annotations/quantities as str -> str (null values as "")."""
    if not isinstance(value, Mapping):
        return {}
    return {str(k): "" if v is None else str(v) for k, v in value.items()}
