"""Rules of the plugin layer."""

from __future__ import annotations

