"""The contexts of a kubeconfig (for `--all-contexts`), read by the Kubernetes client's own
loader (triage.collect.kube is the one module that imports it)."""

from __future__ import annotations

import os

from triage.errors import UsageError


def kube_contexts(kubeconfig: str | None = None) -> list[str]:
    """Every context name of the kubeconfig kubectl would read, in file order."""
    from triage.collect.kube import _client
    paths = kubeconfig or os.environ.get("KUBECONFIG") or os.path.expanduser("~/.kube/config")
    existing = [p for p in str(paths).split(os.pathsep) if p and os.path.exists(p)]
    if not existing:
        raise UsageError(f"--all-contexts: no kubeconfig at {paths}")
    k = _client()
    names: list[str] = []
    for path in existing:
        try:
            contexts, _active = k.kube_config.list_kube_config_contexts(config_file=path)
        except (k.ConfigException, OSError, ValueError, TypeError) as err:
            raise UsageError(f"--all-contexts: cannot read the contexts of {path}: {err}") from None
        names += [str(c.get("name")) for c in contexts or [] if c.get("name") and c.get("name") not in names]
    if not names:
        raise UsageError(f"--all-contexts: {paths} defines no context")
    return names
