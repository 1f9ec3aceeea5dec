"""The bounds every event parser puts on the untrusted text it reads.

An event message or a container state message comes from a cluster someone else
controls: a parser reads at most MAX_TEXT characters of it, and a value that is not
a string reads as "". A real message is a few KiB at most:

    Back-off restarting failed container trainer in pod job-0_ml(6b1f)
"""

from __future__ import annotations

MAX_TEXT = 65536


def bounded_text(value) -> str:
    """`value` cut to MAX_TEXT characters; "" when it is not a string (a malformed bundle)."""
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def int_or_none(value: str | None) -> int | None:
    """`"4121"` -> 4121; None for None or text that is no integer."""
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
