"""`gpu-triage diff` output: plain text, Markdown or JSON of `compare.diff`'s document."""

from __future__ import annotations

import json

from triage.render.untrusted_text import clean


def _s(x) -> str:
    return clean(x) if x is not None else "-"


def _subject(f: dict) -> str:
    s = f.get("subject") or {}
    return _s(f"{s.get('kind')} {s.get('namespace') + '/' if s.get('namespace') else ''}{s.get('name')}")


def _lines(d: dict, md: bool) -> list[str]:
    h1 = "# " if md else ""
    h2 = "## " if md else ""
    bullet = "- " if md else "  "
    code = (lambda t: f"`{t}`") if md else (lambda t: t)
    out = [f"{h1}gpu-triage diff: {_s(d['before']['path'])} -> {_s(d['after']['path'])}", ""]
    b, a = d["before"], d["after"]
    out.append(f"{bullet}status: {_s(b['status'])} -> {_s(a['status'])}" if d["status"] else
               f"{bullet}status: {_s(a['status'])} (unchanged)")
    out.append(f"{bullet}root cause: {_s(b['root_cause'])} -> {_s(a['root_cause'])}" if d["root_cause"] else
               f"{bullet}root cause: {_s(a['root_cause'])} (unchanged)")
    if d["same"]:
        out += ["", "No change in findings, GPU capacity, GPU-stack components, labels or taints."]
        return out
    f = d["findings"]
    for title, key, mark in (("Findings resolved", "resolved", "-"), ("Findings appeared", "appeared", "+"),
                             ("Findings changed", "changed", "~")):
        if not f[key]:
            continue
        out += ["", f"{h2}{title} ({len(f[key])})"]
        for x in f[key]:
            out.append(f"{bullet}{mark} {code(_s(x['id']))} ({_s(x['layer'])}, {_s(x['severity'])}) {_subject(x)}")
            if x.get("title"):
                out.append(f"{'  ' if md else '    '}{_s(x['title'])}")
            for field, change in sorted((x.get("changes") or {}).items()):
                if field == "params":
                    continue
                old, new = change
                out.append(f"{'  ' if md else '    '}{field}: {_s(old)} -> {_s(new)}")
            for k, (po, pn) in sorted(((x.get("changes") or {}).get("params") or {}).items()):
                out.append(f"{'  ' if md else '    '}{_s(k)}: {_s(po)} -> {_s(pn)}")
            ev = x.get("evidence")
            if ev and key != "changed":
                loc = f"{ev['path']}:{ev['line']}" if ev.get("line") else ev.get("path")
                out.append(f"{'  ' if md else '    '}evidence: {code(_s(loc))}")
    if d["nodes"]:
        out += ["", f"{h2}Nodes"]
        for name, n in d["nodes"].items():
            head = f"{bullet}{code(_s(name))}" + (f" {n['node']}" if n.get("node") else "")
            out.append(head)
            for part in ("capacity", "allocatable"):
                for res, (old, new) in (n.get(part) or {}).items():
                    verb = "added" if old is None else "removed" if new is None else "changed"
                    out.append(f"{'  ' if md else '    '}GPU {part} {_s(res)}: {_s(old)} -> {_s(new)} ({verb})")
            for k, (old, new) in (n.get("labels") or {}).items():
                out.append(f"{'  ' if md else '    '}label {_s(k)}: {_s(old)} -> {_s(new)}")
            t = n.get("taints") or {}
            for x in t.get("added") or ():
                out.append(f"{'  ' if md else '    '}taint added {_s(x)}")
            for x in t.get("removed") or ():
                out.append(f"{'  ' if md else '    '}taint removed {_s(x)}")
            if n.get("ready"):
                out.append(f"{'  ' if md else '    '}Ready: {_s(n['ready'][0])} -> {_s(n['ready'][1])}")
    if d["components"]:
        out += ["", f"{h2}GPU-stack components"]
        for c in d["components"]:
            out.append(f"{bullet}{_s(c['node'] or '(no node)')} {_s(c['role'])}: {_s(c['state'][0])} -> "
                       f"{_s(c['state'][1])} ({_s(c['pod'][1] or c['pod'][0])})")
    return out


def render_diff(d: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(d, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return "\n".join(_lines(d, fmt == "markdown")) + "\n"
