"""The samples in the report view's docstrings run as doctests: what `build_view`, a
citation, `clean` and `demote_headings` are shown to return is what they return."""

from __future__ import annotations

import doctest

import pytest

from triage import incidents
from triage.render import untrusted_text, view, view_parts, wording


@pytest.mark.parametrize("module", [view, view_parts, untrusted_text, wording, incidents], ids=lambda m: m.__name__)
def test_docstring_samples_hold(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0, module.__name__
