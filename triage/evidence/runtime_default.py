"""Whether a GPU node's container runtime runs containers with the NVIDIA runtime by default,
from what the GPU Operator's container-toolkit pod was told (its container env), read as the
toolkit reads it (nvidia-container-toolkit cmd/nvidia-ctk-installer, the operator's
assets/state-container-toolkit): `NVIDIA_RUNTIME_SET_AS_DEFAULT` (toolkit v1.15+) or
`CONTAINERD_SET_AS_DEFAULT` (older), true when unset. A pod without `runtimeClassName` on a node
whose default is not the NVIDIA runtime is started by runc: the GPU it was allocated is never
injected (unless CDI is injected by the runtime itself, `DEVICE_LIST_STRATEGY=cdi-cri`).

RKE2 and k3s write containerd's config.toml from their own template at every start
(docs.rke2.io "Configuring containerd"; the operator's RKE2 guidance sets
`CONTAINERD_CONFIG=.../config.toml.tmpl`): a toolkit pointed at config.toml itself loses its
default-runtime change.

    >>> default_runtime([{"name": "NVIDIA_RUNTIME_SET_AS_DEFAULT", "value": "false"}], "v1.31.2")
    ('not_default', 'NVIDIA_RUNTIME_SET_AS_DEFAULT')
    >>> default_runtime([{"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml"}],
    ...                 "v1.28.9+rke2r1")
    ('overwritten', 'CONTAINERD_CONFIG')
    >>> default_runtime([], "v1.29.4+k3s1")
    ('distribution_default', 'CONTAINERD_CONFIG')
    >>> default_runtime([{"name": "RUNTIME", "value": "containerd"}], "v1.31.2") is None
    True
"""

from __future__ import annotations

_DEFAULT_KEYS = ("NVIDIA_RUNTIME_SET_AS_DEFAULT", "CONTAINERD_SET_AS_DEFAULT")
_FALSE = ("false", "0", "no")


def default_runtime(env: list, kubelet_version: str) -> tuple[str, str] | None:
    """('not_default' | 'overwritten', the env var that says so) when the NVIDIA runtime is not
    the node's default for containers without a RuntimeClass; None when it is (or nothing says)."""
    values = {e.get("name"): str(e.get("value", "")).strip() for e in env if isinstance(e, dict)} \
        if isinstance(env, list) else {}
    for key in _DEFAULT_KEYS:
        if values.get(key, "").lower() in _FALSE:
            return "not_default", key
    config = values.get("CONTAINERD_CONFIG", "")
    distro = ("+rke2" in kubelet_version or "+k3s" in kubelet_version) if isinstance(kubelet_version, str) else False
    if distro and config.endswith("/config.toml"):
        return "overwritten", "CONTAINERD_CONFIG"
    if distro and not config:
        # no config named: the installer edits its default /etc/containerd/config.toml, which the
        # distribution's own containerd never reads (the operator, since v1.7, always names one:
        # /runtime/config-dir/<the host file's name>, read above); k3s and RKE2 find the NVIDIA
        # runtime binaries themselves and add them as the handler `nvidia`, not as the default
        # (docs.k3s.io "NVIDIA Container Runtime Support": pods set runtimeClassName: nvidia, or
        # k3s runs with --default-runtime nvidia)
        return "distribution_default", "CONTAINERD_CONFIG"
    return None
