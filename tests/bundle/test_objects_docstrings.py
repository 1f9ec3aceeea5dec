"""The samples in the object views' docstrings run as doctests: a contributor reading
`triage/bundle/objects/` is shown what the views really return."""

from __future__ import annotations

import doctest

import pytest

from triage.bundle.objects import containers, fields, gpu_resource, taints


@pytest.mark.parametrize("module", [fields, gpu_resource, taints, containers], ids=lambda m: m.__name__)
def test_docstring_samples_hold(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0, module.__name__
