"""Token shapes from a maintained secret scanner: Yelp's detect-secrets (Apache-2.0,
https://github.com/Yelp/detect-secrets), a dependency, read from its regex plugins at run time
(`RegexBasedDetector.denylist`), so a new release's patterns arrive with `pip install -U`.

Only plugins that recognise a token by its shape are taken. Left out: the keyword and
high-entropy detectors (they judge code, and would rewrite GPU evidence such as UUIDs and
hashes), the public-IP detector (not a secret), and the plugins our own rules in redact.py
do better (private keys: the whole block, not the BEGIN line; URL passwords and JWTs: the
exact secret; Artifactory/Cloudant/IBM/SoftLayer: keyword heuristics), and the Discord and
Telegram bot tokens (no literal to look for first: a regex pass over every string collected,
for tokens a GPU cluster rarely holds). Each pattern gets a
left boundary (no letter or digit just before it) so a token shape inside a longer hash is
not taken for a token, and hints (substrings without which it cannot match) so a 5 MB log
costs a substring search per rule, not a regex pass.

The patterns are read from the plugins' source text (each detector class's `denylist` of
`re.compile(<literal>[, flags])` calls, parsed with `ast`), not by importing the plugins: a plugin
module imports `requests` and detect-secrets' core (~90 ms of CPU a live collection would spend
beside its first round trips). A detector whose denylist is not literal text in its class (a
release that builds it another way) is imported as before. If detect-secrets is not installed
the redactor still runs with its own rules, and its report's `rules` list says which were active.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from pathlib import Path

# (plugin module, detector class, placeholder kind, hints, which denylist entries: None = all)
SELECTED: tuple[tuple[str, str, str, tuple[str, ...], tuple[int, ...] | None], ...] = (
    ("aws", "AWSKeyDetector", "aws_access_key", ("A3T", "ABIA", "ACCA", "AKIA", "ASIA"), (0,)),
    ("azure_storage_key", "AzureStorageKeyDetector", "azure_storage_key", ("accountkey=",), None),
    ("github_token", "GitHubTokenDetector", "github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), None),
    ("gitlab_token", "GitLabTokenDetector", "gitlab_token",
     ("glpat-", "gldt-", "glft-", "glsoat-", "glrt-", "GR1348941", "glcbt-", "glimt-", "glptt-", "glagent-",
      "gloas-"), None),
    ("mailchimp", "MailchimpDetector", "mailchimp_key", ("-us",), None),
    ("openai", "OpenAIDetector", "openai_key", ("T3BlbkFJ",), None),
    ("pypi_token", "PypiTokenDetector", "pypi_token", ("pypi-",), None),
    ("sendgrid", "SendGridDetector", "sendgrid_key", ("SG.",), None),
    ("slack", "SlackDetector", "slack_token", ("xox", "hooks.slack.com"), None),
    ("square_oauth", "SquareOAuthDetector", "square_oauth", ("sq0csp-",), None),
    ("stripe", "StripeDetector", "stripe_key", ("k_live_",), None),
    ("twilio", "TwilioKeyDetector", "twilio_key", ("AC", "SK"), None),
)

SOURCE = "detect-secrets"


def load() -> list[tuple[str, re.Pattern, tuple[str, ...]]]:
    """[(kind, compiled pattern, hints)] from the installed detect-secrets; [] without it."""
    out: list[tuple[str, re.Pattern, tuple[str, ...]]] = []
    plugins = _plugins_dir()
    if plugins is None:
        return out
    for module, cls, kind, hints, picks in SELECTED:
        def picked(entries: list) -> list:
            return [e for i, e in enumerate(entries) if picks is None or i in picks]
        patterns = picked(denylist_in_source(plugins / f"{module}.py", cls) or [])
        if not patterns or None in patterns:       # not literal text in the plugin: let it build them
            patterns = picked(_imported_denylist(module, cls))
        for pattern, flags in patterns:
            try:
                out.append((kind, re.compile(rf"(?<![A-Za-z0-9])(?:{pattern})", flags), hints))
            except re.error:
                continue
    return out


def _plugins_dir() -> Path | None:
    """detect-secrets' plugins folder, found without importing the package (its __init__ loads
    the scanner's core)."""
    try:
        spec = importlib.util.find_spec("detect_secrets")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "plugins"


def denylist_in_source(path: Path, cls: str) -> list[tuple[str, int] | None] | None:
    """The entries of `class <cls>`'s `denylist = (re.compile("..."), ...)` in the module at
    `path`, each (pattern, flags), or None for an entry that is not a literal `re.compile` (a
    pattern built by formatting); None when the file or the class's denylist is not there."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None
    for node in tree.body:
        if not (isinstance(node, ast.ClassDef) and node.name == cls):
            continue
        for stmt in node.body:
            target = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(
                stmt, ast.AnnAssign) else []
            if any(isinstance(t, ast.Name) and t.id == "denylist" for t in target):
                if not isinstance(stmt.value, (ast.Tuple, ast.List)):
                    return None
                return [_compile_call(e) for e in stmt.value.elts]
    return None


def _compile_call(node: ast.expr) -> tuple[str, int] | None:
    """`re.compile("literal")` or `re.compile("literal", [flags=]re.X | re.Y)` -> (pattern, flags)."""
    if not (isinstance(node, ast.Call) and _re_attribute(node.func) == "compile" and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return None
    flag_nodes = node.args[1:] + [k.value for k in node.keywords if k.arg == "flags"]
    if len(flag_nodes) > 1 or len(node.args) > 2 or any(k.arg != "flags" for k in node.keywords):
        return None
    flags = _flags(flag_nodes[0]) if flag_nodes else 0
    return None if flags is None else (node.args[0].value, flags)


def _flags(node: ast.expr) -> int | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _flags(node.left), _flags(node.right)
        return None if left is None or right is None else left | right
    flag = getattr(re, _re_attribute(node) or "", None)
    return int(flag) if isinstance(flag, re.RegexFlag) else None


def _re_attribute(node: ast.expr) -> str | None:
    """`re.NAME` -> "NAME"."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        return node.attr
    return None


def _imported_denylist(module: str, cls: str) -> list[tuple[str, int]]:
    """The denylist as the plugin module builds it (imports the plugin, requests and the core)."""
    try:
        detector = getattr(importlib.import_module(f"detect_secrets.plugins.{module}"), cls)
        return [(p.pattern, p.flags) for p in detector.denylist]
    except (ImportError, AttributeError, TypeError):
        return []
