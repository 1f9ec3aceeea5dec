"""Meta-test: over every scenario (fixtures/scenarios, holdout, first-contact), no command in
any rendering keeps a `<name>` placeholder. A command a user copies from the Markdown or HTML
report, the terminal report, the Slack next steps or the demo's `next` lines is either filled
from the bundle or left out with a one-line note saying what to fill in (in bash, `<label>` is
a redirection, not a hint)."""

from __future__ import annotations

import html as html_lib
import re
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from triage import playbooks
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.commands.slack import finding_steps
from triage.demo import first_steps
from triage.render.html import render_html
from triage.render.json import findings_document
from triage.render.markdown import render_markdown
from triage.render.text import render_text

BUNDLES = sorted(p.parent for p in FIXTURES.glob("scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("holdout/scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("first-contact/*/scenarios/*/bundle/manifest.json"))
PARAMS = {"namespace", "pod", "container", "node", "nodes", "resource", "requested", "available", "workload",
          "taint", "label", "values", "xid", "gpu", "pci", "exit_code", "reason", "message", "driver_version",
          "cuda_version", "required_cuda", "holders", "operator_namespace", "plugin_pod", "driver_pod",
          "validator_pod", "quota", "name", "value"} | set(playbooks.EXTRA_PARAMS)
PLACEHOLDER = re.compile(r"<(" + "|".join(sorted(PARAMS)) + r")>")
COMMAND = re.compile(r"^\s*(kubectl|nvidia-smi|helm|sudo|crictl|journalctl|systemctl|nvidia-ctk|cat|grep|ls|dmesg)\b")


@cache
def document(bundle: Path) -> dict:
    with load_bundle(bundle) as b:
        return findings_document(diagnose(b), b)


def fenced_commands(markdown: str) -> list[str]:
    """Lines of fenced blocks that are not evidence (```text) and inline code that is a command."""
    out, fence, info = [], None, ""
    for line in markdown.splitlines():
        m = re.match(r"\s*(`{3,}|~{3,})(.*)", line)
        if m and fence is None:
            fence, info = m.group(1), m.group(2).strip()
            continue
        if fence is not None and line.strip().startswith(fence):
            fence = None
            continue
        if fence is not None:
            if info != "text":
                out.append(line)
        else:
            out += [s for s in re.findall(r"`([^`\n]+)`", line) if COMMAND.match(s)]
    return out


def html_commands(page: str) -> list[str]:
    blocks = re.findall(r'<pre><code(?: class="language-(\w+)")?>(.*?)</code></pre>', page, re.S)
    lines = [line for lang, body in blocks if lang != "text" for line in html_lib.unescape(body).splitlines()]
    inline = [html_lib.unescape(c) for c in re.findall(r"<code>([^<]*)</code>", page)]
    return lines + [c for c in inline if COMMAND.match(c)]


def every_command(doc: dict) -> dict[str, list[str]]:
    findings = [f for f in doc.get("findings") or () if isinstance(f, dict)]
    text = render_text(doc, color=False).splitlines()
    markdown = fenced_commands(render_markdown(doc))
    shell = {line.strip() for line in markdown}
    return {
        "markdown": markdown,
        "html": html_commands(render_html(doc)),
        # the terminal: the playbook's commands as printed, and each incident's `next` lines
        "text": [line for line in text if line.strip() in shell or line.lstrip().startswith("next ")],
        "slack": [s for f in findings for s in finding_steps(f)],
        "demo": [s for f in findings for s in first_steps(f["id"], f.get("params") or {})],
        "playbooks": [line for f in findings
                      for line in fenced_commands(playbooks.render(f["id"], f.get("params") or {}))],
    }


def test_the_meta_test_sees_commands_and_would_see_a_placeholder():
    doc = document(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle")
    found = every_command(doc)
    assert all(found[k] for k in ("markdown", "html", "text", "slack", "demo")), {k: len(v) for k, v in found.items()}
    assert PLACEHOLDER.search("kubectl logs -n gpu-operator <driver_pod>")


@pytest.mark.parametrize("bundle", BUNDLES, ids=[p.parent.name for p in BUNDLES])
def test_no_placeholder_survives_in_any_command(bundle: Path):
    left = {kind: [c for c in cmds if PLACEHOLDER.search(c)] for kind, cmds in every_command(document(bundle)).items()}
    assert not any(left.values()), {k: v[:3] for k, v in left.items() if v}


def test_a_command_missing_a_name_is_left_out_with_a_note():
    text = playbooks.render("driver.version_mismatch", {"node": "gpu-1"})
    assert "kubectl cordon gpu-1" in text
    assert "# left out: needs the NVIDIA driver pod on the node (driver_pod), which the bundle does not name" in text
    assert not PLACEHOLDER.search("\n".join(fenced_commands(text)))
