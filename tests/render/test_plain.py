"""The plain text report (triage.render.plain) prints the bytes rich prints.

A report written to a file or a pipe is laid out without rich (issue 16: rich, markdown-it and
pygments were ~0.07 s of a one-pod `analyze`). A user who diffs yesterday's report against
today's, or a ticket that quotes it, must not see a byte change from that, so every check
here compares against rich itself: every fixture's report, every shipped playbook, rich's
word wrap and tables on generated text, and the inputs the plain layout refuses (they must
still print, through rich).
"""

from __future__ import annotations

import copy
import io
import json
import random
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from tests.conftest import FIXTURES
from triage import playbooks
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render import plain, plain_markdown
from triage.render.json import findings_document
from triage.render.text import _print, _Report, _rich_kit, render_text
from triage.render.view import build_view
from triage.render.wording import demote_headings

DOCS = Path(__file__).resolve().parent / "docs"
BUNDLES = sorted(p.parent for p in FIXTURES.glob("scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("holdout/scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("first-contact/*/scenarios/*/bundle/manifest.json"))


def console(width: int) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, force_terminal=False, no_color=True, color_system=None,
                   highlight=False, markup=False, emoji=False, safe_box=True), buf


def rich_lines(renderable, width: int) -> list[str]:
    c, buf = console(width)
    c.print(renderable)
    return [line.rstrip() for line in buf.getvalue().split("\n")][:-1]


@cache
def document(bundle: Path) -> dict:
    with load_bundle(bundle) as b:
        return findings_document(diagnose(b), b)


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda p: p.parent.name)
def test_every_fixture_report_prints_rich_s_bytes_without_rich(bundle):
    doc = document(bundle)
    expected = render_text(doc, color=False, engine="rich")
    if build_view(doc)["diagnoses"]:
        pytest.skip("a scan report is printed through rich")
    from triage.render.plain import Unsupported
    try:
        assert render_text(doc, color=False, engine="plain") == expected
    except Unsupported:
        # the one construct left to rich: a code span whose value holds backticks (a longer fence,
        # `` `x` ``), e.g. crun's "error executing hook `<path>`" quoted by a playbook
        quoted = str(((doc.get("root_cause") or {}).get("params") or {}).get("message") or "")
        assert "`" in quoted, "plain fell back for another construct"
    assert render_text(doc, color=False) == expected        # what a user gets: rich's bytes either way


@pytest.mark.parametrize("name", ["pending-nvml", "crashloop-oom", "healthy", "inconclusive",
                                  "real-r014", "real-r019", "real-r049", "real-r052"])
def test_golden_documents_print_the_same_bytes_either_way(name):
    doc = json.loads((DOCS / f"{name}.json").read_text())
    assert render_text(doc, color=False, engine="plain") == render_text(doc, color=False, engine="rich")


def filled_playbooks() -> list[tuple[str, str]]:
    params = {name: f"{name.replace('_', '-')}-1" for name in
              ("namespace", "pod", "container", "node", "nodes", "resource", "workload", "taint", "label",
               "values", "gpu", "pci", "reason", "message", "operator_namespace", "plugin_pod", "driver_pod",
               "validator_pod", "quota", "name", "value", *playbooks.EXTRA_PARAMS)}
    params.update(requested=2, available=1, xid=79, exit_code=137, driver_version="550.54.15",
                  cuda_version="12.4", required_cuda="12.6", holders="ml/train-0 (1)")
    return [(fid, demote_headings(playbooks.render(fid, params), 3)) for fid in sorted(playbooks.ids())]


@pytest.mark.parametrize("fid,markdown", filled_playbooks(), ids=lambda v: v if "." in v[:40] else "")
def test_every_playbook_prints_rich_s_bytes_and_stays_in_the_subset(fid, markdown):
    def lines(kit):
        r = _Report({}, False, kit)
        r.markdown(markdown)
        return r.out
    assert "\n".join([*(line.rstrip() for line in plain.layout(lines(plain.KIT))), ""]) == \
        _print(lines(_rich_kit()), False, None)


def test_word_wrap_is_rich_s_on_generated_text():
    rng = random.Random(16)
    words = ["a", "gpu", "nvidia.com/gpu", "x" * 23, "·", "…", "-", "(node)", "0/4"]
    for _ in range(1500):
        text = "".join(rng.choice(words) + rng.choice([" ", " ", "  ", "\n", ""]) for _ in range(rng.randint(0, 30)))
        width = rng.randint(1, 40)
        assert [line.rstrip() for line in plain.wrap(text, width)] == rich_lines(Text(text), width), (text, width)


def test_tables_are_rich_s_on_generated_cells():
    rng = random.Random(17)
    for _ in range(300):
        cols = rng.randint(1, 5)
        justify = [rng.choice(["left", "right"]) for _ in range(cols)]
        rows = [[rng.choice(["", "ok", "0.10 s", "gpu-node-1 (ready: no)", "a\nbc", "#..x"]) for _ in range(cols)]
                for _ in range(rng.randint(1, 6))]
        expected, ours = Table(box=_rich_kit().box.ASCII), plain.Table()
        for i in range(cols):
            expected.add_column(f"c{i}" * rng.randint(1, 3), justify=justify[i], overflow="fold")
            ours.add_column(expected.columns[i].header, justify=justify[i])
        for row in rows:
            expected.add_row(*row)
            ours.add_row(*row)
        assert [line.rstrip() for line in plain._table(ours)] == rich_lines(expected, 100_000), rows


def test_markdown_inside_the_subset_is_rich_s():
    for md in ["#### Fix\n\nRun `kubectl get pods`\n  and **wait**.", "1. one\n2. two\n\n   more of two\nlazy",
               "- a\n- b `c\n  d` e", "\n\n7. seven\n8. eight", "a\n- b", "driver \\<version\\> \\`x\\`",
               "a_b and **(c)**, d."]:
        assert plain_markdown.why(md) is None, md
        assert plain._markdown(plain.Markdown(md), 100) == rich_lines(Markdown(md, hyperlinks=False), 100), md


@pytest.mark.parametrize("md,reason", [
    ("see [the docs](https://x)", "inline markup"), ("*one star*", "emphasis"), ("a <b> c", "inline markup"),
    ("> quoted", "block"), ("para\n---", "block right after|block"), ("- a\n  - nested", "nested"),
    ("    indented code", "indented code"), ("line  \nbreak", "hard break"), ("``two``", "multi-backtick"),
    ("a\n3. b", "ordered marker"), ("- a\n* b", "second list"), ("x &amp; y", "inline markup"),
])
def test_markdown_outside_the_subset_is_named_and_left_to_rich(md, reason):
    assert reason.split("|")[0] in plain_markdown.why(md) or reason.split("|")[-1] in plain_markdown.why(md)


def test_text_the_plain_layout_cannot_measure_is_printed_through_rich():
    """Wide characters (a CJK log line) and combining ones: the report still prints, exactly as
    rich prints it (a tab is expanded by the view before either layout sees it)."""
    base = json.loads((DOCS / "pending-nvml.json").read_text())
    for change, measurable in (("GPU 资源不足", False), ("e\u0301 combined", False), ("col\tumn", True)):
        doc = copy.deepcopy(base)
        doc["root_cause"]["evidence"][0]["excerpt"] = change
        if not measurable:
            with pytest.raises(plain.Unsupported):
                render_text(doc, color=False, engine="plain")
        assert render_text(doc, color=False) == render_text(doc, color=False, engine="rich")


def test_a_terminal_width_or_colour_is_rich_s_layout():
    doc = json.loads((DOCS / "pending-nvml.json").read_text())
    assert render_text(doc, color=False, width=72) == render_text(doc, color=False, width=72, engine="rich")
    assert render_text(doc, color=True) == render_text(doc, color=True, engine="rich")
