"""Shared test helpers: where the corpus and fixtures live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"


def _find_shared() -> Path:
    env = os.environ.get("GPU_TRIAGE_SHARED")
    candidates = [Path(env)] if env else []
    candidates += [REPO.parent / "shared", REPO.parent.parent / "shared"]
    for c in candidates:
        if (c / "corpus").is_dir():
            return c
    raise RuntimeError("shared/ (with corpus/) not found beside the repository; set GPU_TRIAGE_SHARED")


SHARED = _find_shared()
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus() -> Path:
    return CORPUS
