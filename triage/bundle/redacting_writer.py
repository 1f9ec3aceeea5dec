"""A BundleWriter that redacts what it writes: the readers of pasted text, must-gather folders and
cluster dumps write their temporary bundle through it, so an input is redacted like a collection
(`Redactor`: tokens, secret env values, secret-named labels and annotations, managedFields).

Text is redacted line by line, so line n of a written file is still line n of its input piece
and citations keep pointing at the input's lines.
"""

from __future__ import annotations

import os
from typing import Mapping

from triage.bundle.redact import Redactor
from triage.bundle.writer import BundleWriter


class RedactingWriter(BundleWriter):
    def __init__(self, root: str | os.PathLike, redactor: Redactor | None = None):
        super().__init__(root)
        self.redactor = redactor or Redactor()

    def _lines(self, text: str) -> str:
        """Runs of lines under 4 KiB at a time (one hint search rules most runs out); a run whose
        replacement spanned a line break is redone line by line, so line n stays line n."""
        out: list[str] = []
        run: list[str] = []
        size = 0

        def flush():
            if not run:
                return
            chunk = "\n".join(run)
            red = self.redactor.text(chunk)
            if red.count("\n") != len(run) - 1:
                red = "\n".join(self.redactor.text(line) for line in run)
            out.append(red)
            run.clear()

        for line in text.split("\n"):
            if size + len(line) >= 4000:
                flush()
                size = 0
            run.append(line)
            size += len(line) + 1
        flush()
        return "\n".join(out)

    def write_text(self, path: str, text: str) -> str:
        return super().write_text(path, self._lines(text))

    def write_json(self, path: str, obj) -> str:
        return super().write_json(path, self.redactor.obj(obj))

    def write_manifest(self, target: Mapping | None, redaction: Mapping | None = None,
                       created_at: str | None = None, extra: Mapping | None = None) -> str:
        return super().write_manifest(target, redaction or self.redactor.report(), created_at, extra)
