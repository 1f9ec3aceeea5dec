"""Kubernetes resource quantities ("8", "500m", "16Gi", "1e3") as numbers."""

from __future__ import annotations

import math
import re

from triage import lazy_re

_SUFFIX = {
    "": 1, "m": 1e-3, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18,
    "Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4, "Pi": 1024**5, "Ei": 1024**6,
    "n": 1e-9, "u": 1e-6,
}
_RE = lazy_re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z]{0,2})\s*$")


def parse_quantity(value) -> float | None:
    """`"8"` -> 8.0, `"16Gi"` -> 17179869184.0; None when it is not a quantity, or not a finite
    one (`"1e400"`, a 401-digit number: a crafted bundle's, which `int()` would crash on)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return finite(value)
    text = str(value)
    m = _RE.match(text) if len(text) <= 64 else None
    if not m or m.group(2) not in _SUFFIX:
        return None
    return finite(float(m.group(1)) * _SUFFIX[m.group(2)])


def finite(value) -> float | None:
    """`value` as a finite float, or None (too large for a float, infinite, NaN, not a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None
