"""The real samples in the GPU parsers' docstrings run as doctests (they must stay true)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("records_gpu", "nvidia_smi", "nvidia_smi_text", "nvidia_smi_csv", "nvidia_smi_list", "dcgm", "xid",
           "xid_catalog")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"triage.evidence.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 1 and result.failed == 0
