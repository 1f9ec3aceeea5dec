"""Pod sandbox and volume failures: the node could not set the pod up.

Reads the message of `FailedCreatePodSandBox`, `FailedMount`, `FailedAttachVolume`
and `FailedMapVolume` events. Real sample:

    Failed to create pod sandbox: rpc error: code = Unknown desc = RuntimeHandler "nvidia" not supported
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text
from triage.evidence.runtime_error import RuntimeFailure, parse_runtime_error


class SandboxFailure(Struct, frozen=True):
    detail: str
    runtime: RuntimeFailure | None     # the GPU runtime error inside, if any


def parse_sandbox_failure(message: str) -> SandboxFailure | None:
    """`FailedCreatePodSandBox`: `Failed to create pod sandbox: rpc error: code = Unknown desc = ...`."""
    text = bounded_text(message)
    i = text.find("Failed to create pod sandbox")
    if i < 0:
        return None
    detail = text[i + len("Failed to create pod sandbox"):].lstrip(": ").strip()
    return SandboxFailure(" ".join(detail.split()), parse_runtime_error(detail))


class VolumeFailureKind(str, Enum):
    MOUNT_SETUP = "mount_setup"          # MountVolume.SetUp failed for volume "x" : ...
    MOUNT_DEVICE = "mount_device"        # MountVolume.MountDevice / WaitForAttach failed
    MOUNT_TIMEOUT = "mount_timeout"      # Unable to attach or mount volumes: unmounted volumes=[...]
    ATTACH = "attach"                    # AttachVolume.Attach failed for volume "x"
    MULTI_ATTACH = "multi_attach"        # Multi-Attach error for volume "x"
    OTHER = "other"


# the volume plugins' own causes: secret / configmap `%s %q not found`, hostPath's type checker
_MISSING = lazy_re.compile(r"\b(?P<k>secret|configmap)s? \"(?P<n>[^\"]{1,253})\" not found")
_HOSTPATH = lazy_re.compile(r"hostPath type check failed: (?P<p>\S{1,1024}) is not a")


class VolumeFailure(Struct, frozen=True):
    kind: VolumeFailureKind
    volume: str | None
    detail: str
    unmounted: tuple[str, ...] = ()
    unattached: tuple[str, ...] = ()

    @property
    def missing_object(self) -> tuple[str, str] | None:
        """(secret|configmap, name) when the volume names an object that does not exist."""
        m = _MISSING.search(self.detail[:4096])
        return (m.group("k"), m.group("n")) if m else None

    @property
    def host_path(self) -> str | None:
        m = _HOSTPATH.search(self.detail[:4096])
        return m.group("p") if m else None


_VOL_OP = lazy_re.compile(r"(?P<op>MountVolume\.SetUp|MountVolume\.MountDevice|MountVolume\.WaitForAttach|AttachVolume\.Attach)"
                     r" failed for volume \"(?P<v>[^\"]*)\"\s*:?\s*(?P<d>.*)", re.S)
_VOL_MULTI = lazy_re.compile(r"Multi-Attach error for volume \"(?P<v>[^\"]*)\"\s*(?P<d>.*)", re.S)
_VOL_LIST = lazy_re.compile(r"(?P<k>unmounted|unattached) volumes=\[(?P<l>[^\]]{0,4096})\]")


def parse_volume_failure(message: str) -> VolumeFailure | None:
    """`FailedMount` / `FailedAttachVolume` basics: which volume, which step.

    >>> f = parse_volume_failure('MountVolume.SetUp failed for volume "model-cache" : secret "hf-token" not found')
    >>> f.kind.value, f.volume, f.detail
    ('mount_setup', 'model-cache', 'secret "hf-token" not found')
    """
    text = bounded_text(message)
    m = _VOL_OP.search(text)
    if m:
        kind = {"MountVolume.SetUp": VolumeFailureKind.MOUNT_SETUP, "AttachVolume.Attach": VolumeFailureKind.ATTACH
                }.get(m.group("op"), VolumeFailureKind.MOUNT_DEVICE)
        return VolumeFailure(kind, m.group("v"), " ".join(m.group("d").split()))
    m = _VOL_MULTI.search(text)
    if m:
        return VolumeFailure(VolumeFailureKind.MULTI_ATTACH, m.group("v"), " ".join(m.group("d").split()))
    if "Unable to attach or mount volumes" in text:
        lists = {k: tuple(x for x in re.split(r"[\s,]+", v) if x) for k, v in
                 ((lm.group("k"), lm.group("l")) for lm in _VOL_LIST.finditer(text))}
        return VolumeFailure(VolumeFailureKind.MOUNT_TIMEOUT, None, " ".join(text.split()),
                             lists.get("unmounted", ()), lists.get("unattached", ()))
    return None
