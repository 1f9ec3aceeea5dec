"""Where each piece of a bundle written from an input came from, and the citation rewrite.

A reader that turns input text into a layout-v1 bundle records, for each file it writes,
the input file and line behind it:

- a text file (a container log, nvidia-smi output, a kernel log) is a run of input lines:
  its line n is input line `first + n - 1`;
- a JSON list file holds objects made from several input lines: each object carries
  anchors (keywords -> input line), and a citation of it (line null, excerpt
  `gpu-1 status.allocatable: {...}`) goes to the anchor whose keywords its excerpt holds.

`rewrite(doc, source_map)` turns every citation and checked path of a findings document
into the input's own file and line, so `ticket.txt:41` is what a user reads.
"""

from __future__ import annotations

from msgspec import Struct, field


class Anchor(Struct, frozen=True):
    obj: str                      # the object's name ("" for any object of the file)
    keys: tuple[str, ...]         # words a citation excerpt about this field holds
    line: int                     # 1-based input line
    input: str | None = None      # the input file, when the objects of one bundle file come from several


class Origin(Struct):
    input: str                    # the input file, as the user named it
    first: int = 1                # text pieces: input line of the piece's line 1
    anchors: list[Anchor] = field(default_factory=list)
    default_line: int | None = None
    lines: list[int] | None = None       # text pieces gathered from scattered input lines: line n -> lines[n-1]


class SourceMap(Struct):
    pieces: dict[str, Origin] = field(default_factory=dict)

    def text(self, path: str, input_path: str, first: int) -> None:
        self.pieces[path] = Origin(input_path, first)

    def scattered(self, path: str, input_path: str, lines: list[int]) -> None:
        """A text piece whose line n is input line `lines[n-1]` (one container's lines of an
        `--all-containers --prefix` log)."""
        self.pieces[path] = Origin(input_path, lines[0] if lines else 1, lines=list(lines))

    def json(self, path: str, input_path: str, anchors: list[Anchor], default_line: int | None) -> None:
        origin = self.pieces.setdefault(path, Origin(input_path, default_line=default_line))
        origin.anchors.extend(anchors)
        if origin.default_line is None:
            origin.default_line = default_line

    def locate(self, path: str, line: int | None, excerpt: str) -> tuple[str, int | None]:
        origin = self.pieces.get(path)
        if origin is None:
            return path, line
        if line is not None and origin.lines is not None:
            return origin.input, origin.lines[line - 1] if 0 < line <= len(origin.lines) else None
        if line is not None and not origin.anchors:
            return origin.input, origin.first + line - 1
        line, anchor = _best(origin, excerpt or "")
        return (anchor.input if anchor is not None and anchor.input else origin.input), line


def _best_line(origin: Origin, excerpt: str) -> int | None:
    return _best(origin, excerpt)[0]


def _best(origin: Origin, excerpt: str) -> tuple[int | None, Anchor | None]:
    names = {a.obj for a in origin.anchors if a.obj}
    named = [n for n in names if n in excerpt]
    best, best_score = None, (0, 0)
    for a in origin.anchors:
        if a.obj and named and a.obj not in named:
            continue
        hits = [k for k in a.keys if k and k in excerpt]
        if len(hits) < len(a.keys) and a.keys:
            # every keyword of an anchor must be there, except its object name
            continue
        score = (len(hits), sum(len(k) for k in hits))
        if score > best_score:
            best, best_score = a, score
    if best is None:
        heads = [a for a in origin.anchors if not a.keys and (not named or a.obj in named)]
        if heads:
            return heads[0].line, heads[0]
    return (best.line, best) if best is not None else (origin.default_line, None)


def rewrite(doc: dict, source_map: SourceMap) -> dict:
    """The findings document with citations and checked paths in the input's terms (in place)."""
    def fix_citation(c):
        if isinstance(c, dict) and isinstance(c.get("path"), str):
            path, line = source_map.locate(c["path"], c.get("line"), str(c.get("excerpt") or ""))
            c["path"], c["line"] = path, line

    def fix_finding(f):
        if isinstance(f, dict):
            for c in f.get("evidence") or ():
                fix_citation(c)

    def fix_layers(layers):
        for lv in (layers or {}).values() if isinstance(layers, dict) else ():
            for check in lv.get("checks") or ():
                paths = [source_map.locate(p, None, "")[0] for p in check.get("evidence") or ()]
                check["evidence"] = list(dict.fromkeys(paths))

    def fix_diagnosis(d):
        fix_finding(d.get("root_cause"))
        fix_finding(d.get("suspect"))
        for f in d.get("findings") or ():
            fix_finding(f)
        fix_layers(d.get("layers"))

    fix_diagnosis(doc)
    for d in doc.get("diagnoses") or ():
        fix_diagnosis(d)
    return doc
