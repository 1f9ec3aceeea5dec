"""Label and field selectors, parsed with the apimachinery grammar.

Label selectors (`k8s.io/apimachinery/pkg/labels`):

    >>> [str(r) for r in parse_label_selector("app=vllm,tier in (gpu, cpu),!canary,gpu")]
    ['app=vllm', 'tier in (cpu,gpu)', '!canary', 'gpu']

Operators: `=`, `==`, `!=`, `in`, `notin`, `key` (exists), `!key` (does not exist),
and the numeric `>` / `<`. Field selectors (`k8s.io/apimachinery/pkg/fields`) take
only `=`, `==` and `!=`, comma separated, with `\\,` `\\=` `\\\\` escapes:

    >>> parse_field_selector("spec.nodeName=gpu-1,status.phase!=Failed")
    (Requirement(key='spec.nodeName', op='=', values=('gpu-1',)), Requirement(key='status.phase', op='!=', values=('Failed',)))

A bad selector raises SelectorError (the server answers 400 BadRequest).
"""

from __future__ import annotations

import re
from msgspec import Struct
from typing import Callable, Mapping


class SelectorError(ValueError):
    """The selector text cannot be parsed."""


class Requirement(Struct, frozen=True):
    key: str
    op: str                  # = != in notin exists !exists > <
    values: tuple[str, ...] = ()

    def matches(self, present: bool, value: str) -> bool:
        op = self.op
        if op == "=" or op == "in":
            return present and value in self.values
        if op == "!=" or op == "notin":
            return not present or value not in self.values
        if op == "exists":
            return present
        if op == "!exists":
            return not present
        if not present:
            return False
        try:
            have, want = int(value), int(self.values[0])
        except ValueError:
            return False
        return have > want if op == ">" else have < want

    @property
    def indexable(self) -> bool:
        """Requirements an equality index can answer (a value must be present)."""
        return self.op in ("=", "in")

    def __str__(self) -> str:
        if self.op == "exists":
            return self.key
        if self.op == "!exists":
            return "!" + self.key
        if self.op in ("in", "notin"):
            return f"{self.key} {self.op} ({','.join(self.values)})"
        return f"{self.key}{self.op}{self.values[0]}"


# Label keys: optional DNS prefix + '/' + name; values: up to 63 chars.
_KEY_RE = re.compile(r"^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$")
_VALUE_RE = re.compile(r"^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$")
_TOKEN_RE = re.compile(r"\s*(!=|==|=|>|<|!|\(|\)|,|[^\s!=<>(),]+)")


def parse_label_selector(text: str | None) -> tuple[Requirement, ...]:
    """Parse a label selector; '' or None selects everything (empty tuple)."""
    text = (text or "").strip()
    if not text:
        return ()
    tokens = _tokens(text)
    reqs: list[Requirement] = []
    i = 0

    def need(kind: str) -> str:
        nonlocal i
        if i >= len(tokens):
            raise SelectorError(f"unable to parse requirement: expected {kind} at end of {text!r}")
        tok = tokens[i]
        i += 1
        return tok

    while True:
        tok = need("a key")
        if tok == "!":
            key = _key(need("a key"))
            reqs.append(Requirement(key, "!exists"))
        else:
            key = _key(tok)
            if i >= len(tokens) or tokens[i] == ",":
                reqs.append(Requirement(key, "exists"))
            else:
                op = need("an operator")
                if op in ("=", "=="):
                    reqs.append(Requirement(key, "=", (_value(_value_token(tokens, i, need)),)))
                elif op == "!=":
                    reqs.append(Requirement(key, "!=", (_value(_value_token(tokens, i, need)),)))
                elif op in (">", "<"):
                    val = need("a number")
                    if not re.fullmatch(r"-?\d+", val):
                        raise SelectorError(f"unable to parse requirement: for 'Gt', 'Lt' operators, "
                                            f"the value must be an integer: {val!r}")
                    reqs.append(Requirement(key, op, (val,)))
                elif op in ("in", "notin"):
                    if need("'('") != "(":
                        raise SelectorError(f"unable to parse requirement: found '{tokens[i - 1]}', expected: '('")
                    values: set[str] = set()
                    expect_value = True
                    while True:
                        t = need("')'")
                        if t == ")":
                            if expect_value and values:
                                values.add("")
                            break
                        if t == ",":
                            if expect_value:
                                values.add("")
                            expect_value = True
                            continue
                        if not expect_value:
                            raise SelectorError(f"unable to parse requirement: found '{t}', expected: ',' or ')'")
                        values.add(_value(t))
                        expect_value = False
                    if not values:
                        raise SelectorError(f"for '{op}', 'notin' operators, values set can't be empty")
                    reqs.append(Requirement(key, op, tuple(sorted(values))))
                else:
                    raise SelectorError(f"unable to parse requirement: found '{op}', expected: "
                                        "in, notin, =, ==, !=, gt, lt")
        if i >= len(tokens):
            break
        if need("','") != ",":
            raise SelectorError(f"found '{tokens[i - 1]}', expected: ',' or 'end of string'")
    return tuple(reqs)


def _value_token(tokens: list[str], i: int, need: Callable[[str], str]) -> str:
    """The value after =, == or != ; an empty value is allowed (`key=`)."""
    if i >= len(tokens) or tokens[i] == ",":
        return ""
    return need("a value")


def _tokens(text: str) -> list[str]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise SelectorError(f"unable to parse requirement: unexpected character at {text[pos:]!r}")
        out.append(m.group(1))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


def _key(tok: str) -> str:
    if not _KEY_RE.match(tok) or len(tok.rsplit("/", 1)[-1]) > 63:
        raise SelectorError(f"unable to parse requirement: invalid label key {tok!r}")
    return tok


def _value(tok: str) -> str:
    if len(tok) > 63 or not _VALUE_RE.match(tok):
        raise SelectorError(f"unable to parse requirement: invalid label value: {tok!r}: a valid label "
                            "must be an empty string or consist of alphanumeric characters, '-', '_' or '.'")
    return tok


def parse_field_selector(text: str | None) -> tuple[Requirement, ...]:
    """Parse a field selector; only =, == and != exist for fields."""
    text = (text or "").strip()
    if not text:
        return ()
    reqs = []
    for part in _split_unescaped(text, ","):
        part = part.strip()
        if not part:
            continue
        for op in ("!=", "==", "="):
            idx = _find_unescaped(part, op)
            if idx >= 0:
                key = _unescape(part[:idx].strip())
                value = _unescape(part[idx + len(op):].strip())
                if not key:
                    raise SelectorError(f"invalid selector: '{text}'; can't understand '{part}'")
                reqs.append(Requirement(key, "!=" if op == "!=" else "=", (value,)))
                break
        else:
            raise SelectorError(f"invalid selector: '{text}'; can't understand '{part}'")
    return tuple(reqs)


def _split_unescaped(text: str, sep: str) -> list[str]:
    parts, cur, esc = [], [], False
    for ch in text:
        if esc:
            cur.append("\\" + ch)
            esc = False
        elif ch == "\\":
            esc = True
        elif ch == sep:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _find_unescaped(text: str, op: str) -> int:
    i = 0
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text.startswith(op, i):
            return i
        i += 1
    return -1


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def labels_match(reqs: tuple[Requirement, ...], labels: Mapping[str, str]) -> bool:
    for r in reqs:
        present = r.key in labels
        if not r.matches(present, labels.get(r.key, "") if present else ""):
            return False
    return True


def fields_match(reqs: tuple[Requirement, ...], fields: Mapping[str, str]) -> bool:
    """Fields always exist (an unset field reads as ''), as in the apiserver."""
    return all(r.matches(True, fields.get(r.key, "")) for r in reqs)
