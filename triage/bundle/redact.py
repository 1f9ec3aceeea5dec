"""Redaction, applied before anything is written to a bundle. Pure: no I/O.

Each secret value is replaced by a placeholder stable within one bundle
(`<redacted:hf_token:1a2b3c4d>`: same value -> same placeholder, so a reader
can still see that two pods share a token), keyed with a per-bundle random
key so the hash says nothing about the value outside the bundle.

    >>> r = Redactor(key=b"k")
    >>> r.text("export HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyzABCDEF12")
    'export HF_TOKEN=<redacted:secret_assignment:...>'      # (hash elided)

Objects: `metadata.managedFields` and the `last-applied-configuration`
annotation are dropped; env values whose names look secret are replaced, and so
are values of annotations and labels whose names say secret/token/password and
the value after a secret-named flag in an args list (`--password`, `--api-key`,
mysql's `-p`); every other string (args, annotations, messages) goes through the
text rules: ours below, then the token shapes of detect-secrets
(`secret_patterns.py`), then the body of a private key whose BEGIN line the log
tail cut off (everything from the END line back over the key's base64 lines).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from dataclasses import dataclass, field
from typing import Any

from triage import lazy_re
from triage.errors import UsageError

LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration"

# Order matters: specific token shapes first, then generic key=value.
# Each rule: (name, pattern, group to replace (0 = whole match), hints). A rule runs only
# when one of its hints occurs in the text (hints in lower case are matched against the
# lower-cased text): a substring search is far cheaper than a regex pass over 5 MB.
_KEY_END = r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
_SECRET_WORDS = (r"(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?"
                 r"|(?<![a-z])pass(?![a-z]))")

_RULES: list[tuple[str, str, int, tuple[str, ...]]] = [
    ("slack_webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+-]+", 0,
     ("hooks.slack.com",)),
    ("url_password", r"\b([a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s:/@'\"<>]+:)([^\s@/'\"<>]+)(?=@)", 2, ("://",)),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{0,}", 0, ("eyJ",)),
    ("hf_token", r"\bhf_[A-Za-z0-9]{20,}\b", 0, ("hf_",)),
    ("ngc_api_key", r"\bnvapi-[A-Za-z0-9_-]{20,}", 0, ("nvapi-",)),
    ("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}", 0, ("xox",)),
    ("github_token", r"\bgh[pousr]_[A-Za-z0-9]{30,}\b", 0, ("ghp_", "gho_", "ghu_", "ghs_", "ghr_")),
    ("openai_key", r"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}", 0, ("sk-",)),
    ("aws_access_key", r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b", 0, ("AKIA", "ASIA")),
    ("aws_secret_key",
     r"(?i)(aws_?secret_?access_?key|secret_?access_?key)([\"']?\s*[=:]\s*[\"']?)([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])", 3,
     ("secret",)),
    # HTTP auth headers: Basic (base64 user:password), Digest, token schemes; Bearer anywhere
    ("auth_header", r"(?i)\b((?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:basic|digest|token|negotiate|ntlm)\s+)"
                    r"(?!<redacted:)([A-Za-z0-9._~+/=,\"-]{4,})", 2, ("authorization",)),
    ("bearer", r"(?i)\b(bearer\s+)([A-Za-z0-9._~+/=-]{8,})", 2, ("bearer",)),
    # docker config.json / dockerconfigjson: "auth": "<base64 user:password>"
    ("docker_auth", r"(?i)(\"(?:auth|identitytoken|registrytoken)\"\s*:\s*\")([A-Za-z0-9+/=._-]{4,})(?=\")", 2,
     ("auth\"", "token\"")),
    ("private_key", r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:" + _KEY_END + r"|\Z)", 0,
     ("PRIVATE KEY",)),
    # a secret given as the value of a flag: `--password S3cret`, `--api-key=x`, mysql's `-p S3cret`
    ("secret_flag", r"(?i)(?<![\w-])(--?(?:[a-z0-9]+[_-])*" + _SECRET_WORDS + r"[\s=]+)"
                    r"(?!-)(?!<redacted:)(?![0-9a-f]{8}>)([^\s\"',;&<>)\]}]{3,})", 2,
     ("password", "passwd", "pwd", "secret", "token", "api_key", "api-key", "apikey", "access-key", "access_key",
      "pass")),
    ("mysql_password", r"(?i)\b((?:mysql|mariadb|mysqldump|mysqladmin)\b[^\n]{0,200}?\s-p\s*)(?!<redacted:)"
                       r"([^\s\"',;&<>)\]}-][^\s\"',;&<>)\]}]{2,})", 2, ("mysql", "mariadb")),
    ("secret_assignment",
     r"(?i)(" + _SECRET_WORDS + r"[\"']?\s*[=:]\s*[\"']?)(?!<redacted:)(?![0-9a-f]{8}>)(?!\d+\b)([^\s\"',;&<>]{3,})", 2,
     ("password", "passwd", "pwd", "secret", "token", "apikey", "api_key", "api-key", "accesskey", "access_key",
      "access-key", "privatekey", "private_key", "private-key", "credential", "pass")),
]

# Env var / flag names whose values are secrets.
SECRET_NAME_RE = lazy_re.compile(
    r"(?i)(token|secret|passw|passwd|pwd|(^|[_.-])pass($|[_.-])|passphrase|api[_-]?key|access[_-]?key|"
    r"private[_-]?key|credential|auth|(^|[_-])key$|webhook|cookie|session)")
# Annotation and label names whose values are secrets (the part after the prefix's '/').
SECRET_META_RE = lazy_re.compile(r"(?i)(secret|token|passw|passwd|(^|[_.-])pass($|[_.-])|api[_-]?key|credential|"
                            r"private[_-]?key)")
_NOT_A_SECRET = frozenset({"", "true", "false", "yes", "no", "enabled", "disabled"})
_SHORT_PASSWORD_FLAGS = frozenset({"-p"})        # mysql, mariadb: -p <password>
_NOT_A_PASSWORD = lazy_re.compile(r"[\d:.]+|/.*|-.*")  # -p 8000, -p 8080:80, -p /path: ports and paths
_FLAG_RE = lazy_re.compile(r"^--?[A-Za-z0-9][A-Za-z0-9_.-]*$")
_PLACEHOLDER_RE = lazy_re.compile(r"<redacted:[a-z0-9_]+:[0-9a-f]{8}>")
_KEY_END_RE = lazy_re.compile(_KEY_END)
_KEY_BODY_LINE = lazy_re.compile(r"[A-Za-z0-9+/=]{0,200}|(?:Version|Comment|Hash|Charset|Proc-Type|DEK-Info): [^\n]{0,200}")


@dataclass
class Redactor:
    """Stateful per bundle: keeps the key (stable placeholders) and counts per rule."""

    enabled: bool = True
    key: bytes = field(default_factory=lambda: os.urandom(16))
    extra: list[tuple[str, re.Pattern]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.enabled:            # --no-redact: no rule runs, so none is built (nor detect-secrets imported)
            self._rules, self._any_hint = [], None
            return
        from triage.bundle import secret_patterns
        self._rules = [(name, re.compile(pat), group, hints) for name, pat, group, hints in _RULES]
        maintained = secret_patterns.load()
        self._rules += [(name, pat, 0, hints) for name, pat, hints in maintained]
        self._rules += [(name, pat, 0, ()) for name, pat in self.extra]
        # One pass over the lower-cased string that rules out most strings (names, images, labels)
        # before any rule runs (a case-sensitive alternation: several times faster than IGNORECASE).
        hints = sorted({h.lower() for *_r, hs in self._rules for h in hs}, key=len, reverse=True)
        hintless = any(not hs for *_r, hs in self._rules)
        self._any_hint = None if hintless else re.compile("|".join(map(re.escape, hints)))

    @classmethod
    def from_options(cls, enabled: bool = True, patterns_file: str | None = None) -> "Redactor":
        extra: list[tuple[str, re.Pattern]] = []
        if patterns_file:
            try:
                lines = open(patterns_file, encoding="utf-8").read().splitlines()
            except OSError as err:
                raise UsageError(f"cannot read --redact-patterns file {patterns_file}: {err.strerror}") from None
            for number, line in enumerate(lines, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    extra.append((f"custom_{len(extra) + 1}", re.compile(line)))
                except re.error as err:
                    raise UsageError(f"{patterns_file}:{number}: not a valid regular expression: {err}") from None
        return cls(enabled=enabled, extra=extra)

    # ---- placeholders ---------------------------------------------------------

    def placeholder(self, kind: str, value: str) -> str:
        digest = hmac.new(self.key, value.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:8]
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return f"<redacted:{kind}:{digest}>"

    # ---- text -----------------------------------------------------------------

    def text(self, value: str) -> str:
        """Replace every token the rules find in free text (logs, args, annotations)."""
        if not self.enabled or not value:
            return value
        lower = None
        if len(value) < 4096 and self._any_hint is not None:
            lower = value.lower()
            if not self._any_hint.search(lower):
                return value    # short strings: one regex pass; long logs: the per-rule substring checks
        for name, pattern, group, hints in self._rules:
            if hints:
                if lower is None:
                    lower = value.lower()
                if not any((h in lower) if h.islower() else (h in value) for h in hints):
                    continue
            if group == 0:
                value = pattern.sub(lambda m, n=name: self._keep(m.group(0)) or self.placeholder(n, m.group(0)), value)
            else:
                value = pattern.sub(lambda m, n=name, g=group: self._swap(m, g, n), value)
        if "PRIVATE KEY" in value:
            value = self._headless_keys(value)
        return value

    def _headless_keys(self, value: str) -> str:
        """A key whose BEGIN line was cut off (a log tail starts inside it): from each END line
        left after the rules, back over the lines that look like a key's body (base64, PEM or
        PGP armour headers, blank lines inside PGP armour) to the first line that does not."""
        out, pos = [], 0
        for end in _KEY_END_RE.finditer(value):
            line_start = max(pos, value.rfind("\n", pos, end.start()) + 1)
            start = end.start()
            if _KEY_BODY_LINE.fullmatch(value[line_start:start]):      # base64 just before END, same line
                start = line_start
                while start > pos:                                        # whole lines above it
                    above = max(pos, value.rfind("\n", pos, start - 1) + 1)
                    if not _KEY_BODY_LINE.fullmatch(value[above:start - 1].rstrip("\r")):
                        break
                    start = above
            out.append(value[pos:start])
            out.append(self.placeholder("private_key", value[start:end.end()]))
            pos = end.end()
        if not out:
            return value
        out.append(value[pos:])
        return "".join(out)

    def _keep(self, matched: str) -> str | None:
        return matched if _PLACEHOLDER_RE.fullmatch(matched) else None

    def _swap(self, m: re.Match, group: int, name: str) -> str:
        secret = m.group(group)
        if _PLACEHOLDER_RE.match(secret):
            return m.group(0)
        start, end = m.start(group) - m.start(0), m.end(group) - m.start(0)
        whole = m.group(0)
        return whole[:start] + self.placeholder(name, secret) + whole[end:]

    # ---- objects --------------------------------------------------------------

    def obj(self, value: Any) -> Any:
        """Redact a Kubernetes object (dict) in place and return it."""
        if not self.enabled:
            return value
        return self._walk(value)

    def _walk(self, value: Any) -> Any:
        if isinstance(value, dict):
            meta = value.get("metadata")
            if isinstance(meta, dict):
                if "managedFields" in meta:
                    del meta["managedFields"]
                    self.counts["managed_fields"] = self.counts.get("managed_fields", 0) + 1
                ann = meta.get("annotations")
                if isinstance(ann, dict) and LAST_APPLIED in ann:
                    del ann[LAST_APPLIED]
                    self.counts["last_applied_configuration"] = self.counts.get("last_applied_configuration", 0) + 1
                for kind in ("annotations", "labels"):
                    pairs = meta.get(kind)
                    if isinstance(pairs, dict):
                        for k, v in pairs.items():
                            if isinstance(v, str) and v.strip().lower() not in _NOT_A_SECRET \
                                    and SECRET_META_RE.search(str(k).rsplit("/", 1)[-1]) \
                                    and not _PLACEHOLDER_RE.fullmatch(v):
                                pairs[k] = self.placeholder(f"secret_{kind[:-1]}", v)
            name = value.get("name")
            if isinstance(name, str) and isinstance(value.get("value"), str) and value["value"] \
                    and SECRET_NAME_RE.search(name) and not _PLACEHOLDER_RE.fullmatch(value["value"]):
                value["value"] = self.placeholder("secret_env", value["value"])
            for k, v in value.items():
                if isinstance(v, str):
                    value[k] = self.text(v)
                elif isinstance(v, (dict, list)):
                    self._walk(v)
            return value
        if isinstance(value, list):
            secret_next = False
            for i, v in enumerate(value):
                if isinstance(v, str):
                    if secret_next and not v.startswith("-") and not _PLACEHOLDER_RE.fullmatch(v):
                        value[i] = self.placeholder("secret_arg", v)
                    else:
                        value[i] = self.text(v)
                    secret_next = bool(_FLAG_RE.match(v) and SECRET_NAME_RE.search(v))
                    if v in _SHORT_PASSWORD_FLAGS:
                        nxt = value[i + 1] if i + 1 < len(value) else None
                        secret_next = isinstance(nxt, str) and not _NOT_A_PASSWORD.fullmatch(nxt)
                else:
                    secret_next = False
                    if isinstance(v, (dict, list)):
                        self._walk(v)
            return value
        if isinstance(value, str):
            return self.text(value)
        return value

    # ---- report ---------------------------------------------------------------

    def report(self) -> dict:
        rules = list(dict.fromkeys([name for name, _p, _g, _h in self._rules] + [
            "private_key", "secret_env", "secret_arg", "secret_annotation", "secret_label", "managed_fields",
            "last_applied_configuration"]))
        return {"enabled": self.enabled, "rules": rules if self.enabled else [],
                "count": sum(self.counts.values()), "by_rule": dict(sorted(self.counts.items())),
                "secrets_read": 0}

