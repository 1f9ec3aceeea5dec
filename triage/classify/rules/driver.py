"""Rules of the driver layer."""

from __future__ import annotations

