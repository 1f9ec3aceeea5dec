"""Rules of the runtime layer."""

from __future__ import annotations

