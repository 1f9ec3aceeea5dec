"""Rules of the scheduler layer."""

from __future__ import annotations

