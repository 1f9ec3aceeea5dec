"""`--out DIR`: the bundle and every rendering of one diagnosis, side by side.

    write_reports(doc, "incident-0412.tar.gz", "out/")
    # -> {"json": out/findings.json, "markdown": out/report.md,
    #     "html": out/report.html, "bundle": out/incident-0412.tar.gz}

Every file is rendered first and written through a temporary name then renamed,
so a failure (a bad document, a full disk) leaves no half-written report.
A bundle file is hard-linked when it can be (same file system) and copied
otherwise; a bundle directory is copied without following its symlinks.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from triage.errors import TriageError
from triage.render.html import render_html
from triage.render.json import dumps
from triage.render.markdown import render_markdown

FINDINGS = "findings.json"
MARKDOWN = "report.md"
HTML = "report.html"


class ReportWriteError(TriageError):
    """The output folder or the bundle could not be written."""


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


def _place_bundle(bundle: Path, out_dir: Path) -> Path:
    dest = out_dir / bundle.name
    if dest.resolve() == bundle.resolve():
        return dest
    if bundle.is_dir():
        if dest.exists():
            raise ReportWriteError(f"{dest} already exists; choose an empty --out folder")
        shutil.copytree(bundle, dest, symlinks=True)
        return dest
    if dest.exists():
        dest.unlink()
    try:
        os.link(bundle, dest)
    except OSError:
        shutil.copyfile(bundle, dest)
    return dest


def write_reports(doc: dict, bundle_path: str | os.PathLike | None,
                  out_dir: str | os.PathLike) -> dict[str, Path]:
    """Write findings.json, report.md and report.html into `out_dir` (created if
    needed) and put the bundle beside them. Returns the paths by kind."""
    out = Path(out_dir)
    bundle = Path(bundle_path) if bundle_path is not None else None
    if bundle is not None and not bundle.exists():
        raise ReportWriteError(f"bundle {bundle} does not exist")
    if out.exists() and not out.is_dir():
        raise ReportWriteError(f"--out {out} exists and is not a folder")
    if bundle is not None and bundle.is_dir() and out.resolve().is_relative_to(bundle.resolve()):
        raise ReportWriteError(f"--out {out} is inside the bundle {bundle}; choose a folder outside it")
    # Render everything before touching the disk: a bad document changes nothing.
    texts = {"json": dumps(doc),      # the same text `analyze -o json` prints
             "markdown": render_markdown(doc),
             "html": render_html(doc)}
    names = {"json": FINDINGS, "markdown": MARKDOWN, "html": HTML}
    try:
        out.mkdir(parents=True, exist_ok=True)
        paths = {}
        for kind, text in texts.items():
            paths[kind] = out / names[kind]
            _write(paths[kind], text)
        if bundle is not None:
            paths["bundle"] = _place_bundle(bundle, out)
    except OSError as err:
        raise ReportWriteError(f"cannot write reports to {out}: {err.strerror or err}") from None
    return paths
