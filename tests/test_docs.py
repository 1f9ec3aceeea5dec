"""The docs match the code: every `gpu-triage ...` command line in README.md and docs/*.md
names a command that exists with flags it accepts, every finding id they mention is in
the taxonomy, every relative link points at a file, and the README starts with the two
commands a newcomer runs."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
import yaml

from tests.test_cli import command_lines
from triage.cli import build_parser

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
LAYERS = ("scheduler", "node", "plugin", "runtime", "driver", "application")
# an id in a code span or block: <layer>.<name>, not part of a longer dotted name or path
# (not a klog `file.go:NN]` prefix: `driver.go:80` is a source file and line, not an id)
ID_RE = re.compile(rf"(?<![\w./{{-])((?:{'|'.join(LAYERS)})\.[a-z][a-z0-9_]*)(?![\w.(/-]|:\d)")
FENCE_RE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)
SHELL_LANGS = ("", "sh", "shell", "bash", "console")
SPAN_RE = re.compile(r"`([^`\n]+)`")


def _taxonomy() -> set[str]:
    return set(yaml.safe_load((REPO / "triage" / "data" / "taxonomy.yaml").read_text())["findings"])


def _commands_text(text: str) -> list[str]:
    """Where commands are written: shell blocks, `$ ` lines of output blocks, inline spans."""
    out = []
    for lang, block in FENCE_RE.findall(text):
        if lang.strip() in SHELL_LANGS:
            out.append(block)
        elif lang.strip() != "python":
            out.append("\n".join(line for line in block.splitlines() if line.startswith("$ ")))
    return out + SPAN_RE.findall(FENCE_RE.sub("", text))


def _ids_text(text: str) -> list[str]:
    """Where finding ids are written: code blocks (string literals only, in Python) and spans."""
    out = []
    for lang, block in FENCE_RE.findall(text):
        out += re.findall(r'"([^"\n]*)"', block) if lang.strip() == "python" else [block]
    return out + SPAN_RE.findall(FENCE_RE.sub("", text))


def _parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(parser, prefix):
        found[prefix] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, prefix + (name,))
    walk(build_parser(), ())
    return found


PARSERS = _parsers()


def _doc_commands():
    for doc in DOCS:
        for snippet in _commands_text(doc.read_text(encoding="utf-8")):
            for argv in command_lines(snippet):
                yield doc, argv


def _check(argv: list[str]) -> list[str]:
    """Problems with one documented command: unknown subcommand, unknown flags.
    `...` stands for any words (`gpu-triage collect ... -o FILE`): flags after it may
    belong to any subcommand below."""
    path: tuple[str, ...] = ()
    rest = list(argv)
    while rest and path + (rest[0],) in PARSERS:
        path += (rest.pop(0),)
    words_are_globals = all(w.startswith("-") for w in argv)
    if not path and not words_are_globals:
        if argv and argv[0] == "...":
            return []
        return [f"unknown command {argv[0]!r}" if argv else "no command"]
    options: set[str] = set()
    p = path
    while True:            # flags of the command and of every parser above it
        options |= set(PARSERS[p]._option_string_actions)
        if not p:
            break
        p = p[:-1]
    if "..." in rest:
        for other, parser in PARSERS.items():
            if other[: len(path)] == path:
                options |= set(parser._option_string_actions)
    problems = []
    for word in rest:
        if word.startswith("-") and word != "-":
            flag = word.split("=", 1)[0]
            if flag not in options:
                problems.append(f"{' '.join(path) or 'gpu-triage'}: unknown flag {flag}")
    return problems


def test_docs_exist():
    names = {d.name for d in DOCS}
    assert {"README.md", "cli.md", "bundle-format.md", "findings-format.md", "adding-a-rule.md"} <= names


def test_documented_commands_exist():
    commands = list(_doc_commands())
    assert len(commands) > 30       # the docs really show commands
    problems = [f"{doc.name}: gpu-triage {' '.join(argv)}: {p}" for doc, argv in commands for p in _check(argv)]
    assert not problems, "\n".join(problems)


def test_every_command_is_documented():
    documented = {argv[0] for _, argv in _doc_commands() if argv}
    commands = {path[0] for path in PARSERS if len(path) == 1}
    assert commands <= documented, commands - documented


def test_check_catches_a_wrong_flag():
    """The checker itself: a renamed flag or a missing command is reported."""
    assert _check(["scan", "--all"]) == ["scan: unknown flag --all"]
    assert _check(["diagnose", "x"]) == ["unknown command 'diagnose'"]
    assert _check(["collect", "pod", "x", "-n", "llm", "-o", "x.tar.gz"]) == []
    assert _check(["--version"]) == []
    assert _check(["collect", "...", "-o", "FILE.tar.gz"]) == []
    assert _check(["collect", "...", "--no-such-flag"]) == ["collect: unknown flag --no-such-flag"]


def test_finding_ids_in_docs_exist():
    known = _taxonomy()
    seen = set()
    problems = []
    for doc in DOCS:
        for snippet in _ids_text(doc.read_text(encoding="utf-8")):
            for fid in ID_RE.findall(snippet):
                seen.add(fid)
                if fid not in known:
                    problems.append(f"{doc.name}: {fid}")
    assert not problems, problems
    assert len(seen) >= 5


def test_relative_links_resolve():
    broken = []
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (doc.parent / target).exists():
                broken.append(f"{doc.name} -> {target}")
    assert not broken, broken


def test_readme_starts_with_the_two_commands():
    """A newcomer's first two commands, verbatim, before anything else that is code."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = [block for _, block in FENCE_RE.findall(text)]
    assert blocks[0].strip() == "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/gpu-triage demo"
    assert blocks[1].strip().endswith(".venv/bin/python -m pytest")
    assert ".venv/bin/pip install" in blocks[1]


@pytest.mark.parametrize("doc", ["cli.md", "bundle-format.md", "findings-format.md", "adding-a-rule.md"])
def test_docs_are_linked_from_the_readme(doc):
    assert f"docs/{doc}" in (REPO / "README.md").read_text(encoding="utf-8")
