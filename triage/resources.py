"""Where the packaged, non-code resources live: playbooks and report templates.

The Markdown playbooks (`playbooks/<layer>/<name>.md`) and the Jinja2 report
templates (`report_templates/*.j2`) sit at the top of the source checkout. The
package reaches them through two symlinks, `triage/playbooks_data ->
../playbooks` and `triage/report_templates_data -> ../report_templates`;
setuptools follows the links when it builds a wheel, so in an installed wheel
the same names are plain directories inside the `triage` package. Callers never
need to know which case they are in:

    >>> from triage.resources import playbooks_dir
    >>> (playbooks_dir() / "driver" / "version_mismatch.md").is_file()
    True
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _resource_dir(packaged: str, checkout: str) -> Path:
    """The packaged directory if present (wheel, or checkout with its symlink),
    else the directory at the top of the source checkout."""
    inside = Path(__file__).parent / packaged
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / checkout


def playbooks_dir() -> Path:
    """The directory holding `<layer>/<name>.md` playbooks."""
    return _resource_dir("playbooks_data", "playbooks")


def report_templates_dir() -> Path:
    """The directory holding the report templates (`*.j2`) the renderers load."""
    return _resource_dir("report_templates_data", "report_templates")


def findings_schema_path() -> Path:
    """The JSON Schema of findings v1 shipped with the tool (`triage/data/findings-v1.schema.json`)."""
    return _PACKAGE / "data" / "findings-v1.schema.json"


def data_path(name: str) -> Path:
    """A file shipped under `triage/data/` (`data_path("taxonomy.yaml")`); read through the
    package's own path like the playbooks (importlib.resources costs ~8 ms of every start)."""
    return _PACKAGE / "data" / name
