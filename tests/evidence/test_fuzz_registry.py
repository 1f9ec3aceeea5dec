"""bench/bench_fuzz.py feeds every parser of untrusted text worst-case 64 KiB inputs. Here:
its registry covers every module that runs regular expressions over bundle text, and each
entry runs on small inputs of every shape (the bench itself is not a timed test)."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from tests.conftest import REPO


def _bench():
    spec = importlib.util.spec_from_file_location("bench_fuzz", REPO / "bench" / "bench_fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_fuzz", module)    # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def _modules_using_re() -> set[str]:
    out = set()
    for path in (REPO / "triage").rglob("*.py"):
        if re.search(r"^import re$|^from re import|^from triage import lazy_re$", path.read_text(), re.M):
            out.add(".".join(path.relative_to(REPO).with_suffix("").parts))
    return out


def test_every_module_with_regular_expressions_is_benched_or_says_why_not():
    benched = {p.module for p in BENCH.parsers()}
    missing = _modules_using_re() - benched - set(BENCH.NOT_UNTRUSTED)
    assert not missing, f"add these to bench/bench_fuzz.py PARSERS (or NOT_UNTRUSTED, with the reason): {missing}"


@pytest.mark.parametrize("parser", BENCH.parsers(), ids=lambda p: p.name)
def test_each_parser_is_fed_every_shape(parser):
    fed = BENCH.inputs(parser, 96)
    assert len(fed) >= 20
    for text in fed.values():
        parser.call(text)       # a crash here is a bug the bench would hide


def test_the_bench_recognises_real_lines_for_the_parsers_the_issue_named():
    names = {p.name: p for p in BENCH.parsers()}
    for name in ("nvidia_smi_tools.parse_version", "inventory.parse_describe_conditions",
                 "scheduler_message.parse_scheduling_message"):
        assert BENCH.seed_lines(names[name]), name
