"""Rules of the application layer."""

from __future__ import annotations

