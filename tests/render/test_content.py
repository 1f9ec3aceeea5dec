"""What a reader of each report must see, checked by reasoning about the documents
(not by comparing with what the code printed: that is test_golden.py's job)."""

from __future__ import annotations

import html.parser
import json
import os
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.conftest import CORPUS
from tests.render.make_docs import DOCUMENTS, scan_document
from triage.errors import TriageError
from triage.render.html import render_html
from triage.render.markdown import render_markdown
from triage.render.text import render_text
from triage.render.untrusted_text import EXCERPT_MAX_LINES
from triage.render.view import build_view

DOCS = Path(__file__).resolve().parent / "docs"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def load(name: str) -> dict:
    return json.loads((DOCS / f"{name}.json").read_text("utf-8"))


def ladder_states(doc: dict) -> dict[str, str]:
    return {s["layer"]: ("root" if s["root"] else s["state"]) for s in build_view(doc)["ladder"]}


# ---- the documents are what they claim to be -------------------------------------------

def test_committed_documents_are_the_generated_ones():
    for name, make in DOCUMENTS.items():
        assert load(name) == json.loads(json.dumps(make())), f"{name}.json is stale: run make_docs"


def test_evidence_excerpts_are_verbatim_corpus_text():
    """Excerpts cited from text files (line set) are real lines of real-cases.jsonl."""
    corpus = "\n".join(json.loads(l)["text"] for l in
                       (CORPUS / "real-cases.jsonl").read_text("utf-8").splitlines() if l.strip())
    checked = 0
    for name in ("pending-nvml", "crashloop-oom", "inconclusive", "scan"):
        doc = load(name)
        for f in doc["findings"]:
            for c in f["evidence"]:
                if c["line"] is not None or c["path"].startswith("cluster-resources/events"):
                    assert c["excerpt"] in corpus, (name, c["excerpt"][:80])
                    checked += 1
    assert checked >= 15


# ---- the ladder ------------------------------------------------------------------------

def test_ladder_of_pending_pod_marks_root_symptoms_and_gap():
    # root plugin.nvml_unavailable explains node.gpu_not_advertised and
    # scheduler.insufficient_gpu; exec into the driver pod was forbidden.
    assert ladder_states(load("pending-nvml")) == {
        "scheduler": "failed", "node": "failed", "plugin": "root", "runtime": "passed",
        "driver": "gap", "application": "passed"}


def test_ladder_of_inconclusive_pod_shows_what_was_not_checked():
    # nodes forbidden -> node, plugin logs forbidden -> plugin, dmesg timeout -> driver.
    assert ladder_states(load("inconclusive")) == {
        "scheduler": "failed", "node": "gap", "plugin": "gap", "runtime": "passed",
        "driver": "gap", "application": "passed"}


def test_ladder_of_healthy_pod_is_all_passed():
    assert set(ladder_states(load("healthy")).values()) == {"passed"}


# ---- Markdown ------------------------------------------------------------------------

def test_markdown_sections_come_in_the_issue_order():
    md = render_markdown(load("pending-nvml"))
    heads = ["# gpu-triage: PROBLEM", "## Layer ladder", "## Evidence chain", "## Playbook",
             "## Other findings", "## Gaps", "## Collection"]
    positions = [md.index(h) for h in heads]
    assert positions == sorted(positions)


def test_markdown_of_a_workload_is_its_incident_index_then_each_incident():
    """Two pods of one Deployment crash on the same CUDA OOM: one incident of the Deployment,
    both pods listed under it, before the gaps, the collection and the release checks."""
    md = render_markdown(load("crashloop-oom"))
    heads = ["# gpu-triage: PROBLEM · 1 incident(s) over 2 pods", "## Incidents",
             "## Incident 1: application.cuda\\_oom on Deployment llm/vllm-qwen2-7b", "### Root cause",
             "### Playbook", "## Gaps", "## Collection", "## Pods, worst first", "## Release checks"]
    positions = [md.index(h) for h in heads]
    assert positions == sorted(positions)


def test_markdown_verdict_line_names_root_layer_subject_severity():
    first = [l for l in render_markdown(load("pending-nvml")).splitlines() if l.startswith("**PROBLEM**")][0]
    for part in ("`plugin.nvml_unavailable`", "The device plugin on node gpu-node-3 cannot load NVML",
                 "layer **plugin**", "Node gpu-node-3", "severity **critical**"):
        assert part in first


def test_markdown_evidence_is_fenced_with_path_and_line():
    md = render_markdown(load("pending-nvml"))
    assert ("`cluster-resources/pods/logs/gpu-operator/nvidia-device-plugin-daemonset-x2x/"
            "nvidia-device-plugin.log`, line 3:\n\n```text\n2023-10-19T11:11:54.957728922+08:00 stderr F "
            "2023/10/19 03:11:54 If this is a GPU node, did you set the docker default runtime to "
            "`nvidia`?\n```") in md


def test_markdown_gap_names_the_permission_that_closes_it():
    md = render_markdown(load("inconclusive"))
    assert "- **nodes** (forbidden), leaves the **node** layer not checked" in md
    assert "  - Needs: list nodes (cluster scope)" in md


def test_markdown_release_checks_answer_each_question():
    md = render_markdown(load("crashloop-oom"))
    assert "| Is there GPU headroom for a rolling update? | ❌ no |" in md
    assert "| Are the replicas spread across nodes? | ❔ unknown | no evidence |" in md


def test_markdown_scan_links_every_incident_to_its_section():
    md = render_markdown(load("scan"))
    index = md.split("## Incidents")[1].split("\n## ")[0]
    links = re.findall(r"\]\(#([^)]+)\)", index)
    headings = re.findall(r"^## (Incident \d+: .+)$", md, re.M)
    assert len(headings) == 9          # nine broken workloads, nine different causes; the healthy one is none
    assert links == [re.sub(r"[^a-z0-9 _-]", "", h.replace("\\", "").lower()).replace(" ", "-") for h in headings]
    assert "Healthy: 1 target(s)" in md


def test_markdown_healthy_report_says_so():
    md = render_markdown(load("healthy"))
    assert "**HEALTHY** · every layer that applies was checked and passed" in md
    assert "No playbook: there is no root cause." in md


def _partly_checked() -> dict:
    """The healthy document, except that the node's kernel log was not collected: the driver
    layer's other checks ran and passed, its kernel-log check could not run."""
    doc = json.loads(json.dumps(load("healthy")))
    g = {"collector": "node-files", "reason": "not_collected", "layer": "driver",
         "detail": "the bundle holds no node kernel logs: driver.kernel_log did not run",
         "needs": "create pods/exec on the node's driver pod"}
    doc["gaps"] = [g]
    doc["layers"] = {layer: {"status": "passed", "checks": [{"name": f"{layer}.check"}], "gaps": []}
                     for layer in ("scheduler", "node", "plugin", "runtime", "driver", "application")}
    doc["layers"]["driver"]["gaps"] = [g]
    return doc


def test_a_passed_layer_with_a_gap_is_never_shown_as_fully_checked():
    doc = _partly_checked()
    assert doc["status"] == "healthy" and doc["layers"]["driver"]["status"] == "passed"
    assert ladder_states(doc)["driver"] == "partial"
    text = render_text(doc, color=False, width=100)
    assert "driver:PARTLY" in text and "every layer that applies was checked and passed" not in text
    assert "the checks that could run passed; checked in part: driver" in text
    assert "node-files (not_collected), the driver layer was checked without it" in text
    md = render_markdown(doc)
    assert "checked in part: driver" in md and "every layer that applies was checked and passed" not in md
    page = render_html(doc)
    assert "checked in part" in page and "every layer that applies was checked and passed" not in page


def test_real_playbook_is_embedded_with_incident_names():
    from triage import playbooks
    if "driver.version_mismatch" not in playbooks.ids():
        pytest.skip("driver/version_mismatch playbook not present")
    doc = load("pending-nvml")
    root = dict(doc["root_cause"], id="driver.version_mismatch", layer="driver",
                playbook="driver/version_mismatch",
                params={"node": "gpu-node-3", "driver_pod": "nvidia-driver-daemonset-8kq2z",
                        "operator_namespace": "gpu-operator"})
    doc = dict(doc, root_cause=root, findings=[root] + doc["findings"][1:])
    md = render_markdown(doc)
    playbook = md.split("## Playbook")[1].split("## Other findings")[0]
    assert "#### NVML driver/library version mismatch on node gpu-node-3" in playbook
    assert "kubectl logs -n gpu-operator nvidia-driver-daemonset-8kq2z" in playbook
    assert "\n# " not in playbook and "\n## " not in playbook   # headings moved under ours


# ---- text ------------------------------------------------------------------------------

ALL_DOCS = sorted(p.stem for p in DOCS.glob("*.json"))


@pytest.mark.parametrize("name", ALL_DOCS)
@pytest.mark.parametrize("color", [False, True])
@pytest.mark.parametrize("width", [60, 80, 100])
def test_text_fits_the_terminal(name, color, width):
    """On a terminal (a width given), no line is wider than it."""
    out = render_text(load(name), color=color, width=width, show_healthy=True)
    widest = max(cell_len(ANSI.sub("", line)) for line in out.splitlines())
    assert widest <= width


@pytest.mark.parametrize("name", ALL_DOCS)
def test_text_in_a_pipe_never_splits_a_path_or_an_evidence_line(name):
    """In a file or a pipe (no width), every cited path and every excerpt line is on one line,
    whole, as the document has it: copy-paste and grep find them."""
    doc = load(name)
    out = render_text(doc, color=False).splitlines()
    stripped = {line.strip() for line in out}
    view = build_view(doc)
    chains = view["incidents"] or [view]
    for c in (c for inc in chains for c in inc["chain"]):
        for e in c["finding"]["evidence"]:
            where = e["where"] + (" (excerpt shortened)" if e["truncated"] else "")
            assert where in stripped, where
            for line in (e["excerpt"] or "(no excerpt)").split("\n"):
                assert line.strip() in stripped, line


def test_terminal_width_honours_columns_with_a_minimum(monkeypatch):
    from triage.render.text import terminal_width

    class Tty:
        def isatty(self):
            return True
    monkeypatch.setenv("COLUMNS", "80")
    assert terminal_width(Tty()) == 80
    monkeypatch.setenv("COLUMNS", "20")
    assert terminal_width(Tty()) == 60
    assert terminal_width(open(os.devnull, "w")) is None       # a file or a pipe: nothing folded


def test_text_plain_has_no_escape_sequences_and_colour_has_them():
    plain, coloured = render_text(load("pending-nvml"), color=False), render_text(load("pending-nvml"), color=True)
    assert "\x1b" not in plain
    assert "\x1b[" in coloured
    assert "scheduler:FAIL -> node:FAIL -> plugin:ROOT -> runtime:ok -> driver:NOT CHECKED -> application:ok" in plain


def test_text_no_color_env_wins_when_colour_not_forced(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b" not in render_text(load("scan"))


def test_text_colour_follows_the_terminal(monkeypatch):
    from triage.render.text import wants_color

    class Tty:
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert wants_color(Tty()) is True
    assert wants_color(open(os.devnull, "w")) is False       # piped / redirected
    monkeypatch.setenv("TERM", "dumb")
    assert wants_color(Tty()) is False


def test_text_of_a_scan_starts_with_the_incident_table():
    out = render_text(load("scan"), color=False)
    lines = out.splitlines()
    assert lines[0].split() == ["STATUS", "TARGET(S)", "ROOT", "CAUSE", "LAYER"]
    rows = lines[1:10]
    assert all(r.startswith("PROBLEM") for r in rows) and lines[10] == ""
    assert rows[0].split()[-2:] == ["plugin.nvml_unavailable", "plugin"]
    assert "9 incident(s) over 9 target(s); 1 healthy target(s) not listed (--show-healthy lists them)" in out
    assert "HEALTHY" not in out
    assert "HEALTHY" in render_text(load("scan"), color=False, show_healthy=True).split("\n\n")[0]
    # each incident has its own ladder: the CUDA OOM is the application's, every layer below passed
    oom = out.split("Incident 5: application.cuda_oom")[1].split("\nIncident ")[0]
    assert "ladder: scheduler:ok -> node:ok -> plugin:ok -> runtime:ok -> driver:ok -> application:ROOT" in oom


def test_text_verdict_and_capacity_of_scan():
    out = render_text(load("scan"), color=False)
    # gpu-node-5: 8 advertised, 7 allocatable, 4 requested -> 3 free, 1 unhealthy.
    row = next(l for l in out.splitlines() if l.startswith("| gpu-node-5"))
    assert re.search(r"\|\s+8 \|\s+4 \|\s+3 \|\s+1 \| train/bert-ft-0 \(4\)", row)
    assert "####...x" in row


def test_text_hostile_strings_cannot_reach_the_terminal():
    out = render_text(load("hostile"), color=True)
    assert "\u202e" not in out                           # bidi override removed
    assert "\x1b[31mANSI" not in out                     # the planted escape is not passed on
    assert "[bold red]rich[/]" in ANSI.sub("", out)      # rich markup shown as text
    assert ":rocket:" in out and "🚀" not in out          # no emoji substitution


# ---- HTML ------------------------------------------------------------------------------

class _Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def elements(page: str) -> list[tuple[str, dict]]:
    p = _Elements()
    p.feed(page)
    return p.tags


@pytest.mark.parametrize("name", ALL_DOCS)
def test_html_is_self_contained(name):
    page = render_html(load(name))
    tags = elements(page)
    assert not {t for t, _ in tags} & {"script", "img", "iframe", "object", "embed", "form", "base"}
    for tag, attrs in tags:
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        assert "src" not in attrs, (tag, attrs)
        href = attrs.get("href")
        if tag == "link":                   # would be fetched on load: only the empty icon
            assert href == "data:,", attrs
        elif href is not None:              # followed only when clicked
            assert tag == "a" and href.startswith(("#", "http:", "https:", "mailto:")), (tag, href)
    assert "url(" not in page and "@import" not in page
    assert "default-src 'none'" in page


def test_html_hostile_markup_stays_text():
    page = render_html(load("hostile"))
    tags = elements(page)
    assert all(not a.get("href", "").lower().startswith("javascript") for _, a in tags)
    assert "&lt;img src=x onerror=" in page
    assert "&lt;script&gt;document.title=" in page
    assert "[click](javascript:alert(1))" in page        # a Markdown link shown as text
    assert "{{ 7*7 }}" in page


def test_html_scan_anchors_all_resolve():
    page = render_html(load("scan"))
    tags = elements(page)
    ids = {a["id"] for _, a in tags if "id" in a}
    targets = {a["href"][1:] for t, a in tags if t == "a" and a.get("href", "").startswith("#")}
    assert len({t for t in targets if t.startswith("incident-")}) == 9     # the index links each incident
    assert len(targets) >= 13
    assert targets <= ids, targets - ids


def test_html_ladder_drawn_with_root_highlighted():
    page = render_html(load("pending-nvml"))
    steps = re.findall(r'<g class="step (\w+)( root)?">', page)
    assert steps == [("failed", ""), ("failed", ""), ("failed", " root"), ("passed", ""),
                     ("gap", ""), ("passed", "")]


def test_html_prints_well():
    page = render_html(load("scan"))
    assert "@media print" in page and "break-inside: avoid" in page


# ---- bounds and bad input ------------------------------------------------------------------

def test_long_excerpt_is_bounded_and_marked():
    doc = load("pending-nvml")
    doc["root_cause"]["evidence"] = [{"path": "x.log", "line": 1,
                                     "excerpt": "\n".join(f"line {i} " + "x" * 50 for i in range(10_000))}]
    md = render_markdown(doc)
    block = md.split("`x.log`, line 1 (excerpt shortened):\n\n```text\n")[1].split("\n```")[0]
    assert block.splitlines()[0].startswith("line 0 ")
    assert len(block.splitlines()) == EXCERPT_MAX_LINES
    assert "line 9999" not in md


@pytest.mark.parametrize("bad", [[], "x", {"schema": "something-else/v9"}, {"status": "problem"}])
def test_not_a_findings_document_is_one_clear_error(bad):
    for render in (render_markdown, render_html, lambda d: render_text(d, color=False)):
        with pytest.raises(TriageError) as err:
            render(bad)
        assert "\n" not in str(err.value) and "findings" in str(err.value)


def test_malformed_fields_do_not_crash_rendering():
    doc = load("pending-nvml")
    doc["findings"].append({"id": None, "severity": 5, "evidence": "not a list", "subject": "x"})
    doc["gaps"].append("not a dict")
    doc["collection"]["collectors"].append({"duration_s": "soon"})
    doc["inventory"] = [{"node": "n", "capacity": "8", "holders": None}]
    for render in (render_markdown, render_html, lambda d: render_text(d, color=False)):
        assert "plugin.nvml_unavailable" in render(doc)


def test_scan_of_500_findings_renders_every_incident():
    doc = scan_document(500)
    assert len(doc["findings"]) >= 500
    md = render_markdown(doc)
    incidents = build_view(doc)["incidents"]
    assert len(re.findall(r"^## Incident \d+: ", md, re.M)) == len(incidents) > 100
    assert sum(len(i["targets"]) for i in incidents) == sum(1 for d in doc["diagnoses"] if d["status"] != "healthy")


def test_inconclusive_with_an_unplaced_gap_calls_no_layer_passed():
    """The analyser could not say why a pod is pending: no layer may show as passed."""
    doc = load("healthy")
    doc["status"] = "inconclusive"
    doc["gaps"] = [{"collector": "analysis", "reason": "unrecognised",
                    "detail": "Pod/search/embedder-6f5d8c7d9-q2w4x is pending and no rule recognised why",
                    "needs": "the pod's events and its containers' current and previous logs"}]
    assert set(ladder_states(doc).values()) == {"gap"}


def test_gpu_resource_advertised_as_zero_is_said_so():
    doc = load("scan")
    doc["inventory"] = [dict(doc["inventory"][0], capacity=0, allocatable=0, requested=0, free=0,
                             holders=[])]
    assert "advertised as 0" in render_text(doc, color=False)
    assert "advertised as 0" in render_html(doc)


def test_unusable_bundle_files_are_listed_under_collection():
    doc = load("healthy")
    doc["collection"]["problems"] = [{"path": "cluster-resources/pods/llm.json",
                                      "detail": "not JSON: Expecting value: line 1 column 1"}]
    md = render_markdown(doc)
    assert "- Unusable file: `cluster-resources/pods/llm.json`: not JSON" in md.split("## Collection")[1]


def test_markdown_is_inert_even_for_a_renderer_that_allows_raw_html():
    """Ticket systems differ; rendered with raw HTML *on*, the hostile report still
    holds no HTML, no link other than our own anchors, no image, no planted heading."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": True})
    md.enable("table")
    tokens = md.parse(render_markdown(load("hostile")))
    flat = [t for tok in tokens for t in ([tok] + list(tok.children or []))]
    assert not [t for t in flat if t.type in ("html_inline", "html_block", "image")]
    hrefs = [t.attrGet("href") for t in flat if t.type == "link_open"]
    assert hrefs and all(h.startswith("#") for h in hrefs), hrefs
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert not any("not a heading" in h for h in headings)
