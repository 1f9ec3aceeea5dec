"""Playbooks: one per taxonomy id, complete, safe to fill with untrusted values,
with commands that the real kubectl 1.32 accepts, and the `rules` / `playbook`
commands that show them."""

from __future__ import annotations

import functools
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import jinja2.meta
import pytest
import yaml
from markdown_it import MarkdownIt

from tests.conftest import REPO, SHARED
from triage import playbooks
from triage.cli import main
from triage.errors import UsageError

CONTRACT = yaml.safe_load((SHARED / "contracts" / "taxonomy.yaml").read_text())
# The shipped taxonomy: the contract's ids plus the ones the project added ("(gpu-triage)").
SHIPPED = yaml.safe_load((REPO / "triage" / "data" / "taxonomy.yaml").read_text())
LAYERS = SHIPPED["layers"]
TAXONOMY_IDS = list(SHIPPED["findings"])

# docs/internal-interfaces.md "Standard params", with realistic values.
SAMPLE = {
    "namespace": "llm", "pod": "qwen-vllm-7d9f8c6b5-x2k4p", "container": "vllm",
    "node": "gpu-node-3", "nodes": ["gpu-node-3", "gpu-node-4"], "resource": "nvidia.com/gpu",
    "requested": "2", "available": "1", "workload": "Deployment/qwen-vllm",
    "taint": "nvidia.com/gpu=present:NoSchedule", "label": "nvidia.com/gpu.product",
    "values": ["NVIDIA-L4"], "xid": "79", "gpu": "GPU-3f1c2a9e-0b7d-4c55-9e0a-7d2b1c9f8e11",
    "pci": "0000:3b:00.0", "exit_code": "137", "reason": "OOMKilled",
    "message": "0/4 nodes are available", "driver_version": "535.104.05",
    "cuda_version": "12.2", "required_cuda": "12.4", "holders": ["team-a/notebook-0"],
    "operator_namespace": "gpu-operator", "plugin_pod": "nvidia-device-plugin-daemonset-7mxkq",
    "driver_pod": "nvidia-driver-daemonset-9qz7m", "validator_pod": "nvidia-operator-validator-5lq2c",
    "quota": "gpu-quota",
}
ALLOWED_PARAMS = set(SAMPLE) | set(playbooks.EXTRA_PARAMS)
for extra in playbooks.EXTRA_PARAMS:
    SAMPLE.setdefault(extra, f"sample-{extra}")

HOSTILE = "x`` ```\n## PWNED <img src=x onerror=alert(1)> [link](http://evil) *bold* $(reboot); rm -rf / | tee"
LIST_PARAMS = {"nodes", "values", "holders"}


def hostile_params() -> dict:
    return {k: ([HOSTILE, "ok"] if k in LIST_PARAMS else HOSTILE) for k in SAMPLE}


MD = MarkdownIt("commonmark")


def _sections(markdown: str) -> dict[str, list]:
    """h2 heading text -> the block tokens under it."""
    tokens = MD.parse(markdown)
    out: dict[str, list] = {}
    current = None
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.tag == "h2":
            current = tokens[i + 1].content
            out[current] = []
        elif current is not None:
            out[current].append(tok)
    return out


def _shape(markdown: str) -> list[str]:
    """The token-type skeleton of a document, inline children included."""
    shape = []
    for tok in MD.parse(markdown):
        shape.append(f"{tok.type}:{tok.tag}:{tok.info}")
        for child in tok.children or ():
            shape.append(f"  {child.type}:{child.tag}")
    return shape


def _command_lines(fence_content: str) -> list[str]:
    text = re.sub(r"\\\n\s*", " ", fence_content)
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def _shell_fences(tokens) -> list[str]:
    return [t.content for t in tokens if t.type == "fence" and t.info.strip() in ("sh", "bash")]


# --- kubectl 1.32 as the judge of commands -------------------------------------

KUBECTL = shutil.which("kubectl")


@functools.lru_cache(maxsize=None)
def _kubectl_help(*words: str) -> tuple[int, str]:
    proc = subprocess.run([KUBECTL, *words, "--help"], capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout + proc.stderr


@functools.lru_cache(maxsize=1)
def _global_flags() -> str:
    return subprocess.run([KUBECTL, "options"], capture_output=True, text=True, timeout=60).stdout


_STOP = {"|", "||", "&&", ";", ">", ">>", "<", "&", ")", "("}


def _kubectl_problems(line: str) -> list[str]:
    """Why the real kubectl would reject this command line (empty if it is fine)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError as err:
        return [f"does not parse as shell: {err}"]
    for i, tok in enumerate(tokens):
        if tok in _STOP:
            tokens = tokens[:i]
            break
    if len(tokens) < 2 or tokens[1].startswith("-"):
        return ["put the subcommand right after kubectl"]
    words = [tokens[1]]
    rc, text = _kubectl_help(tokens[1])
    if rc != 0 or "unknown command" in text:
        return [f"unknown subcommand {tokens[1]!r}"]
    # Descend through command groups: `create secret generic`, `rollout restart` ...
    while "Available Commands:" in text and len(tokens) > len(words) + 1:
        sub = text.split("Available Commands:", 1)[1]
        nxt = tokens[len(words) + 1]
        if not re.search(rf"^\s+{re.escape(nxt)}\s", sub, re.M):
            break
        words.append(nxt)
        rc, text = _kubectl_help(*words)
        if rc != 0:
            return [f"unknown subcommand {' '.join(words)!r}"]
    known = text + _global_flags()
    problems = []
    for tok in tokens[1 + len(words):]:
        if tok == "--":
            break
        if tok.startswith("--"):
            name = tok.split("=", 1)[0]
            if not re.search(rf"(^|\s){re.escape(name)}[=\s,:]", known, re.M):
                problems.append(f"`kubectl {' '.join(words)}` has no flag {name}")
        elif re.fullmatch(r"-[A-Za-z]+(=.*)?", tok):
            letters = tok[1:].split("=", 1)[0]
            if len(letters) > 1 and not all(re.search(rf"\s-{c}, --", known) for c in letters):
                letters = letters[:1]  # -ojson style: a flag with its value attached
            for c in letters:
                if not re.search(rf"\s-{c}, --", known):
                    problems.append(f"`kubectl {' '.join(words)}` has no flag -{c}")
    return problems


# Commands that change the cluster (or the node under it).
_MUTATING_KUBECTL = re.compile(
    r"^kubectl\s+(label|taint|cordon|uncordon|drain|delete|patch|apply|scale|annotate|edit|set|"
    r"create|replace|debug|run|expose|autoscale|rollout\s+(restart|undo|pause|resume))\b")
_MUTATING_OTHER = re.compile(
    r"\b(reboot|systemctl\s+(restart|stop|start|reload|enable|disable)|helm\s+(upgrade|install|uninstall|rollback)|"
    r"nvidia-smi\s+(-r|--gpu-reset|-mig|-pm)|(?<![/.])modprobe\s|rmmod|mokutil\s+--(import|delete)|"
    r"nvidia-ctk\s+runtime\s+configure|apt-get|apt\s+install|yum|dnf)\b")


def _mutating(line: str) -> bool:
    return bool(_MUTATING_KUBECTL.search(line) or _MUTATING_OTHER.search(line))


# --- every taxonomy id has a complete playbook ----------------------------------


def test_every_taxonomy_id_has_a_playbook_and_nothing_else():
    assert set(playbooks.ids()) == set(TAXONOMY_IDS)
    assert len(playbooks.ids()) == len(TAXONOMY_IDS)
    # the shipped taxonomy keeps every one of the contract's 70 ids and its layers
    assert set(CONTRACT["findings"]) <= set(TAXONOMY_IDS) and len(CONTRACT["findings"]) == 70
    assert LAYERS == CONTRACT["layers"]


def test_ids_follow_the_taxonomy_layer_order():
    order = [fid.split(".")[0] for fid in playbooks.ids()]
    assert order == sorted(order, key=LAYERS.index)
    assert playbooks.ids()[0] == "scheduler.insufficient_gpu"


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_front_matter_matches_its_path(fid):
    book = playbooks.load(fid)
    layer, name = fid.split(".", 1)
    assert book.path.parent.name == layer and book.path.stem == name
    assert book.id == fid
    assert book.severity in ("critical", "error", "warning", "info")
    assert 20 <= len(book.summary) <= 200 and "\n" not in book.summary
    assert "{{" not in book.summary, "summaries are shown as is by `gpu-triage rules`"


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_templates_use_only_known_params(fid):
    book = playbooks.load(fid)
    env = playbooks._env()
    used = (jinja2.meta.find_undeclared_variables(env.parse(book.title_template))
            | jinja2.meta.find_undeclared_variables(env.parse(book.body_template)))
    assert used <= ALLOWED_PARAMS, f"unknown params {used - ALLOWED_PARAMS} (typo, or add to EXTRA_PARAMS)"
    # params_used (what fill_params fills and `gpu-triage rules` lists) reads the tags without
    # Jinja's parser: it must name exactly what Jinja's own analysis names
    assert set(playbooks.params_used(fid)) == used


@pytest.mark.parametrize("source, names", [
    ('{{ node | sh }} {{ ns | sh("gpu-operator") }} {{ r | default("nvidia.com/gpu", true) }}', {"node", "ns", "r"}),
    ("{% if admission == 'kueue' and not pod %}x{% elif a.b %}{% else %}{% endif %}", {"admission", "pod", "a"}),
    ('{%- if x -%}{{ "node" }}{{ y|code("a b") }}{% endif %}', {"x", "y"}),
    ("no tags, {node} and { { pod } }", set()),
])
def test_template_names_agree_with_jinja(source, names):
    assert playbooks.template_names(source) == names
    assert jinja2.meta.find_undeclared_variables(playbooks._env().parse(source)) == names


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_title_renders_with_and_without_params(fid):
    bare = playbooks.title_for(fid, {})
    full = playbooks.title_for(fid, SAMPLE)
    assert "{{" not in bare and "\n" not in bare and bare
    assert "<" not in full, f"a standard param stayed unfilled: {full}"
    book = playbooks.load(fid)
    ast = playbooks._env().parse(book.title_template)
    # params printed by the title must show as <param> when missing; a param that only
    # chooses a clause ({% if holders %}) may leave the clause out instead
    printed = {n.name for out in ast.find_all(jinja2.nodes.Output) for n in out.find_all(jinja2.nodes.Name)}
    # a param printed only inside an `{% if %}` clause (`{% if pci %}GPU {{ pci }}{% else %}A GPU{% endif %}`)
    # leaves its clause out when missing; those printed outside any clause must show
    unguarded = set()
    for out in ast.body:
        if isinstance(out, jinja2.nodes.Output):
            unguarded |= {n.name for n in out.find_all(jinja2.nodes.Name)}
    for param in jinja2.meta.find_undeclared_variables(ast) & printed & unguarded:
        assert f"<{param}>" in bare
        value = SAMPLE[param]
        assert (", ".join(value) if isinstance(value, list) else value) in full


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_every_section_is_present_in_order(fid):
    text = playbooks.render(fid, SAMPLE)
    tokens = MD.parse(text)
    headings = [(tok.tag, "".join(c.content for c in tokens[i + 1].children))
                for i, tok in enumerate(tokens) if tok.type == "heading_open"]
    assert headings[0] == ("h1", playbooks.title_for(fid, SAMPLE))
    assert [h for tag, h in headings[1:] if tag == "h2"] == list(playbooks.SECTIONS)
    sections = _sections(text)
    for name in playbooks.SECTIONS:
        assert any(t.type == "inline" and t.content.strip() for t in sections[name]), f"{name} is empty"
    assert _shell_fences(sections["Confirm"]), "Confirm needs at least one command to run"


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_escalation_names_who(fid):
    escalate = " ".join(t.content for t in _sections(playbooks.render(fid, SAMPLE))["Escalate"]
                        if t.type == "inline")
    assert re.search(r"cluster admin|NVIDIA support|RMA|application team|model owner|platform team",
                     escalate, re.I), escalate
    if fid.startswith("driver."):
        assert "nvidia-bug-report.sh" in escalate


@pytest.mark.slow            # runs kubectl once per command
@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_kubectl_commands_are_valid_for_kubectl_1_32(fid):
    if KUBECTL is None:
        pytest.fail("kubectl is not installed; the command check needs the real kubectl")
    text = playbooks.render(fid, SAMPLE)
    problems = []
    count = 0
    for fence in _shell_fences(MD.parse(text)):
        for line in _command_lines(fence):
            if line.startswith("kubectl "):
                count += 1
                problems += [f"{line}: {p}" for p in _kubectl_problems(line)]
    assert count, "no kubectl command at all"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_confirm_is_read_only_and_fix_steps_that_change_the_cluster_are_marked(fid):
    sections = _sections(playbooks.render(fid, SAMPLE))
    for fence in _shell_fences(sections["Confirm"]):
        for line in _command_lines(fence):
            assert not _mutating(line), f"Confirm must be read-only: {line}"
    # In Fix, a fence with a changing command must follow a paragraph carrying the
    # marker (or the Rollback of a marked step), and every marked step has a Rollback.
    prose_since_fence = ""
    marks = []  # prose of each marked step, up to the next mark
    for tok in sections["Fix"]:
        if tok.type == "inline":
            prose_since_fence += tok.content + "\n"
            if playbooks.CHANGES_MARK.strip("*") in tok.content and "**" + playbooks.CHANGES_MARK.strip("*") + "**" in tok.content:
                marks.append("")
            if marks:
                marks[-1] += tok.content + "\n"
        elif tok.type == "fence":
            if any(_mutating(line) for line in _command_lines(tok.content)):
                assert re.search(r"\*\*Changes the cluster\*\*|Rollback", prose_since_fence), \
                    f"unmarked change in Fix:\n{tok.content}"
            prose_since_fence = ""
    for step in marks:
        assert "Rollback" in step, f"a marked step has no rollback: {step[:200]}"
    # Host changes written in prose (`systemctl ...`, `nvidia-smi -r`) are marked too.
    for tok in sections["Fix"]:
        if tok.type == "inline":
            for child in tok.children or ():
                if child.type == "code_inline" and _mutating(child.content):
                    assert "**Changes the cluster**" in tok.content or "Rollback" in tok.content, \
                        f"unmarked change in Fix prose: {child.content}"


@pytest.mark.parametrize("fid", TAXONOMY_IDS)
def test_hostile_params_stay_inert(fid):
    benign = playbooks.render(fid, {k: (["plainvalue", "ok"] if isinstance(v, list) else "plainvalue")
                                    for k, v in SAMPLE.items()})
    hostile = playbooks.render(fid, hostile_params())
    # Same Markdown structure: no new heading, fence, link, HTML or emphasis.
    assert _shape(hostile) == _shape(benign)
    assert not re.search(r"^\s*#+ PWNED", hostile, re.M), "a value opened a heading"
    tokens = MD.parse(hostile)
    # In shell blocks the value is one quoted word: the shell never sees $( ), ; or |.
    quoted = shlex.quote(HOSTILE.replace("\n", " "))
    for fence in _shell_fences(tokens):
        for line in fence.splitlines():
            assert "PWNED" not in line.replace(quoted, ""), line
    title = playbooks.title_for(fid, hostile_params())
    assert "\n" not in title


def test_missing_params_leave_their_commands_out_not_errors():
    """Prose shows a missing name as <node>; a command that needs it is left out with a note
    (a `<node>` in a shell line is a redirection, not a hint)."""
    text = playbooks.render("driver.version_mismatch", {})
    assert text.startswith("# NVML driver/library version mismatch on node \\<node\\>")
    assert "kubectl cordon" not in text and "<node>" not in text.split("## Fix")[1].split("Rollback")[0]
    assert "# left out: needs the node's name (node), which the bundle does not name" in text
    assert "-n gpu-operator" in playbooks.render("driver.version_mismatch", {"node": "n1"})  # the usual namespace


def test_a_missing_namespace_is_a_placeholder_not_a_jinja_global():
    assert playbooks.title_for("scheduler.insufficient_gpu", {"pod": "p"}).startswith("Pod <namespace>/p ")
    text = playbooks.render("scheduler.insufficient_gpu", {"pod": "p"})
    assert "kubectl describe pod p -n" not in text
    assert "# left out: needs the pod's namespace (namespace), which the bundle does not name" in text


def test_values_fill_commands_as_single_shell_words():
    text = playbooks.render("driver.version_mismatch", {"node": "gpu node's 1", "driver_pod": "nvidia-driver-x"})
    cordon = next(line for line in text.splitlines() if line.startswith("kubectl cordon"))
    assert shlex.split(cordon) == ["kubectl", "cordon", "gpu node's 1"]
    assert "kubectl logs -n gpu-operator nvidia-driver-x --tail=100" in text


def test_code_filter_survives_backticks():
    span = playbooks._code("a``b")
    tokens = MD.parseInline(f"see {span} here")[0].children
    assert [t.type for t in tokens] == ["text", "code_inline", "text"]
    assert tokens[1].content == "a``b"


def test_unknown_id_is_a_usage_error_with_the_list_hint():
    with pytest.raises(UsageError, match="gpu-triage rules"):
        playbooks.load("driver.version_mismatchh")
    with pytest.raises(UsageError, match="did you mean driver.version_mismatch"):
        playbooks.render("driver.version_mismatchh", {})


def test_slash_form_of_the_id_is_accepted():
    assert playbooks.load("driver/version_mismatch").id == "driver.version_mismatch"
    assert playbooks.summary("driver.version_mismatch") == playbooks.load("driver.version_mismatch").summary


def test_an_installation_without_playbooks_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(playbooks, "playbooks_dir", lambda: tmp_path)
    playbooks._paths.cache_clear()
    try:
        status, out, err = _run(["rules"])
        assert status == 1 and out == "" and f"no playbooks in {tmp_path}" in err
    finally:
        monkeypatch.undo()
        playbooks._paths.cache_clear()
    assert len(playbooks.ids()) == len(TAXONOMY_IDS)


def test_a_malformed_playbook_is_a_clear_error(tmp_path):
    bad = tmp_path / "x.md"
    with pytest.raises(playbooks.PlaybookError, match="front matter"):
        playbooks.parse("## What it means\nno front matter", bad)
    with pytest.raises(playbooks.PlaybookError, match="severity"):
        playbooks.parse("---\nid: a.b\ntitle: t\nsummary: s\nseverity: fatal\n---\nbody", bad)


def test_the_stored_parse_of_the_shipped_yaml_is_current():
    """A short run reads the taxonomy, the labels and the front matter from
    triage/data/shipped-yaml.json: stale, it would still be used only for the text it was
    made from, but every edit would cost a YAML import. Regenerate: python -m triage.shipped_yaml"""
    from triage import shipped_yaml
    from triage.resources import data_path
    stored = json.loads(data_path(shipped_yaml.STORE).read_text("utf-8"))
    assert list(stored) == list(shipped_yaml.build())       # the same documents, in order
    for key, text in shipped_yaml.sources().items():
        assert stored[key][1] == yaml.safe_load(text), key  # what PyYAML reads from the text today


def test_an_edited_playbook_is_read_as_written_not_as_stored(tmp_path):
    """The stored parse answers only for the exact text it was made from: a front matter
    edited since (same key) is parsed from its text; bad YAML there is still the clear error."""
    shipped = playbooks.load("driver.version_mismatch").path
    fake = tmp_path / "driver" / shipped.name
    text = shipped.read_text("utf-8").replace("severity: critical", "severity: warning", 1)
    assert "severity: warning" in text
    assert playbooks.parse(text, fake).severity == "warning"
    with pytest.raises(playbooks.PlaybookError, match="front matter is not YAML"):
        playbooks.parse(text.replace("severity: warning", "severity: [warning", 1), fake)


def test_a_compiled_template_in_the_cache_never_outlives_an_edit(tmp_path, monkeypatch):
    """Playbooks compile once into Jinja's bytecode cache; a playbook edited since (same id,
    same release) must render as written, not as the cached code."""
    import jinja2
    from msgspec.structs import replace
    monkeypatch.setattr(playbooks, "_bytecode_cache", lambda: jinja2.FileSystemBytecodeCache(str(tmp_path)))

    def fresh():
        playbooks._env.cache_clear()
        playbooks._template.cache_clear()
    fresh()
    first = playbooks.render("driver.version_mismatch", {"node": "gpu-9"})
    assert list(tmp_path.iterdir()), "nothing was cached"
    book = playbooks.load("driver.version_mismatch")
    edited = replace(book, body_template=book.body_template.replace("## What it means", "## What it means\n\nEDITED", 1))
    monkeypatch.setattr(playbooks, "load", lambda fid: edited if fid == book.id else book)
    fresh()
    second = playbooks.render("driver.version_mismatch", {"node": "gpu-9"})
    assert "EDITED" in second and "EDITED" not in first
    fresh()
    monkeypatch.undo()
    fresh()


# --- the commands -----------------------------------------------------------------


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_rules_lists_every_id_grouped_by_layer_in_taxonomy_order():
    status, out, _ = _run(["rules"])
    assert status == 0
    listed = re.findall(r"^  (\S+\.\S+)\s", out, re.M)
    assert listed == [fid for layer in LAYERS for fid in TAXONOMY_IDS if fid.startswith(layer + ".")]
    headers = [line for line in out.splitlines() if line in LAYERS]
    assert headers == LAYERS
    line = next(line for line in out.splitlines() if "driver.gpu_fallen_off_bus" in line)
    assert playbooks.summary("driver.gpu_fallen_off_bus") in line


def test_rules_json_is_machine_readable():
    status, out, _ = _run(["rules", "-o", "json"])
    rows = json.loads(out)
    assert status == 0 and [r["id"] for r in rows] == list(playbooks.ids())
    assert len(rows) == len(TAXONOMY_IDS)
    row = next(r for r in rows if r["id"] == "plugin.nvml_unavailable")
    assert row["layer"] == "plugin" and row["playbook"] == "playbooks/plugin/nvml_unavailable.md"
    assert row["severity"] == playbooks.severity("plugin.nvml_unavailable")
    assert {"node", "plugin_pod", "operator_namespace"} <= set(row["params"])


def test_playbook_command_fills_params():
    status, out, _ = _run(["playbook", "scheduler.untolerated_taint", "-p", "namespace=llm",
                           "-p", "pod=qwen-0", "-p", "taint=nvidia.com/gpu=present:NoSchedule"])
    assert status == 0
    assert out.startswith("# ")
    assert "kubectl describe pod qwen-0 -n llm" in out
    assert "nvidia.com/gpu=present:NoSchedule" in out


def test_playbook_command_unknown_id_exits_2_with_one_line():
    status, out, err = _run(["playbook", "nope.nothing"])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "gpu-triage rules" in err


def test_playbook_command_rejects_a_param_without_equals():
    status, _, err = _run(["playbook", "driver.version_mismatch", "-p", "node"])
    assert status == 2 and "KEY=VALUE" in err


def test_playbook_command_names_the_params_when_one_is_misspelt():
    status, out, err = _run(["playbook", "driver.version_mismatch", "-p", "nod=gpu-node-3"])
    assert status == 2 and out == ""
    assert "does not use param nod" in err and "node" in err.split("it uses:")[1]


def test_list_params_split_on_commas_and_numbers_render():
    status, out, _ = _run(["playbook", "scheduler.insufficient_gpu", "-p", "holders=team-a/nb-1,team-b/train-0"])
    assert status == 0 and "`team-a/nb-1`, `team-b/train-0`" in out
    assert playbooks.title_for("driver.xid_ecc_error", {"xid": 48, "node": "n1"}) == \
        "Uncorrectable GPU memory error (Xid 48) on n1"


def test_playbook_command_renders_for_a_terminal():
    status, out, _ = _run(["playbook", "driver.version_mismatch", "-p", "node=gpu-node-3", "-o", "text"])
    assert status == 0
    assert "## What it means" not in out and "What it means" in out
    assert "gpu-node-3" in out


# --- packaging: an installed wheel carries the playbooks ---------------------------


@pytest.mark.slow
def test_wheel_contains_every_playbook(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(REPO, src, symlinks=True,
                    ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info",
                                                  "__pycache__", ".pytest_cache", "bench", "fixtures", "tests"))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                           "-q", "-w", str(tmp_path / "whl")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    wheel = next((tmp_path / "whl").glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for fid in TAXONOMY_IDS:
        assert f"triage/playbooks_data/{fid.replace('.', '/', 1)}.md" in names
    assert "triage/resources.py" in names and "triage/playbooks.py" in names
    assert "triage/data/shipped-yaml.json" in names       # a short run parses no YAML
    for template in (REPO / "report_templates").iterdir():
        assert f"triage/report_templates_data/{template.name}" in names

    # Installed layout: unpack the wheel and import triage from it, away from the checkout.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import triage, triage.playbooks as p, triage.resources as r\n"
        "assert triage.__file__.startswith(%r), triage.__file__\n"
        "assert not r.playbooks_dir().is_symlink()\n"
        "print(len(p.ids()), r.report_templates_dir().is_dir())\n"
        "print(p.title_for('driver.version_mismatch', {'node': 'gpu-9'}))\n" % str(site))
    proc = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == [f"{len(TAXONOMY_IDS)} True",
                                        "NVML driver/library version mismatch on node gpu-9"]


# --- the Confirm commands run against a served bundle -----------------------------

# Failures that only mean "this synthetic bundle has no such data", not a bad command.
# What "this piece of data is not in the bundle" looks like. The replay server answers an exec
# it has no recording of with exit code 127 and a stderr line; under load kubectl may exit on
# the status frame before it printed that line, so the exit code alone counts too.
_DATA_ABSENT = re.compile(
    r"NotFound|not found|doesn't have a resource type|no recording of|is not available|"
    r"is not valid for pod|No resources found|command terminated with exit code 127")


@pytest.mark.slow
def test_confirm_commands_run_against_a_served_bundle(tmp_path):
    """Support staff run these commands with `gpu-triage serve BUNDLE`: every read-only
    kubectl line of every Confirm section, filled with real names from a synthetic
    cluster, must work against the replay API server, or fail only because that piece
    of data is not in the bundle (never a jsonpath, selector or flag error)."""
    import os

    from triage.bundle.views import load_bundle
    from triage.replay.server import ReplayServer
    from triage.synth.generate import generate_bundle

    bundle = generate_bundle(tmp_path / "bundle", nodes=4, pods=30, seed=3)
    with load_bundle(bundle) as b:
        node = next(n.raw["metadata"]["name"] for n in b.nodes() if "nvidia.com/gpu" in n.raw["status"].get("capacity", {}))
        operator = [p.raw for p in b.pods("gpu-operator") if p.raw["spec"].get("nodeName") == node]
        user = next(p.raw for p in b.pods(None) if p.raw["metadata"]["namespace"] != "gpu-operator"
                    and p.raw["spec"].get("nodeName") == node)

    def pod_of(app: str) -> str:
        return next(p["metadata"]["name"] for p in operator if p["metadata"].get("labels", {}).get("app") == app)

    params = dict(SAMPLE, node=node, operator_namespace="gpu-operator",
                  plugin_pod=pod_of("nvidia-device-plugin-daemonset"), driver_pod=pod_of("nvidia-driver-daemonset"),
                  validator_pod=pod_of("nvidia-operator-validator"), namespace=user["metadata"]["namespace"],
                  pod=user["metadata"]["name"], container=user["spec"]["containers"][0]["name"])
    lines = []
    for fid in playbooks.ids():
        for fence in _shell_fences(_sections(playbooks.render(fid, params))["Confirm"]):
            lines += [line for line in _command_lines(fence) if line.startswith("kubectl ") and line not in lines]
    ok, bad = [], []
    with ReplayServer(bundle, port=0) as srv:
        env = dict(os.environ, KUBECONFIG=str(srv.write_kubeconfig(tmp_path / "kubeconfig")))
        for line in lines:
            proc = subprocess.run(line, shell=True, capture_output=True, text=True, env=env, timeout=60)
            if proc.returncode == 0:
                ok.append(line)
            elif not _DATA_ABSENT.search(proc.stderr):
                bad.append(f"{line}\n    {proc.stderr.strip()[:300]}")
    assert not bad, "\n".join(bad)
    assert len(lines) > 100
    assert len(ok) > len(lines) / 2, f"only {len(ok)} of {len(lines)} commands worked"
    assert f"kubectl describe node {node}" in ok
    assert any("custom-columns=" in line for line in ok) and any("jsonpath=" in line for line in ok)
