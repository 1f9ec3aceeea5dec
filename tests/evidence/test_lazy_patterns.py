"""triage.lazy_re: module-level patterns compile on first use and then behave as the
compiled pattern; every one of them is a valid expression (what compiling at import used to
prove), and the normaliser's gates keep one group per wrapper."""

from __future__ import annotations

import copy
import importlib
import pkgutil
import re

import pytest

import triage
from triage import lazy_re


def _import_everything_with_patterns() -> None:
    for info in pkgutil.walk_packages(triage.__path__, "triage."):
        if info.name.startswith(("triage.collect", "triage.replay", "triage.watch")):
            continue      # the live side: its own tests import it
        importlib.import_module(info.name)


def test_every_lazy_pattern_of_the_package_compiles():
    _import_everything_with_patterns()
    assert lazy_re.compile_all() > 300


def test_a_lazy_pattern_answers_as_the_compiled_one():
    source = r"(?P<kind>Xid) (?P<code>\d+)"
    lazy, rx = lazy_re.compile(source, re.I), re.compile(source, re.I)
    assert lazy.pattern == source                              # no compile needed for the text
    line = "NVRM: xid (PCI:0000:3b:00): 79 and Xid 13"
    assert lazy.search(line).groupdict() == rx.search(line).groupdict()
    assert [m.span() for m in lazy.finditer(line)] == [m.span() for m in rx.finditer(line)]
    assert lazy.sub("<x>", line) == rx.sub("<x>", line)
    assert lazy.findall(line) == rx.findall(line)
    assert lazy.split(line) == rx.split(line)
    assert (lazy.groups, lazy.groupindex, lazy.flags) == (rx.groups, rx.groupindex, rx.flags)
    assert lazy_re.as_pattern(lazy) == rx
    assert copy.deepcopy(lazy) is lazy and lazy == lazy_re.compile(source, re.I)


def test_an_invalid_pattern_fails_where_it_is_used():
    bad = lazy_re.compile(r"(unclosed")
    with pytest.raises(re.error):
        bad.search("x")


def test_normaliser_gates_name_the_wrapper_that_matched():
    from triage.evidence import log_normalise as ln
    for cands in (ln._DIGIT, ln._UPPER, ln._LOWER, ln._BRACKET, ln._OTHER):
        assert ln._GATES[id(cands)].groups == len(cands)     # no wrapper part brings a group of its own
