"""Rules of the node layer."""

from __future__ import annotations

