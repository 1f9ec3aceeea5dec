"""Failed image pulls: which image, and why the registry or the network refused it.

Reads the message of a `Failed` event and an ErrImagePull / ImagePullBackOff waiting
message. Real sample:

    Failed to pull image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12": rpc error: code = NotFound desc = ... not found
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text
from triage.evidence.k8s_events.probes import BackOffKind, parse_back_off


class PullErrorKind(str, Enum):
    NOT_FOUND = "not_found"              # the tag or repository does not exist
    MANIFEST_UNKNOWN = "manifest_unknown"
    UNAUTHORIZED = "unauthorized"        # credentials missing or refused (401/403, denied)
    RATE_LIMITED = "rate_limited"        # toomanyrequests / 429
    NETWORK = "network"                  # dial, TLS, timeout, DNS
    BACK_OFF = "back_off"                # Error: ImagePullBackOff / Back-off pulling image
    ERR_IMAGE_PULL = "err_image_pull"    # Error: ErrImagePull (the detail is in the sibling event)
    INVALID_NAME = "invalid_name"
    OTHER = "other"


class ImagePullFailure(Struct, frozen=True):
    kind: PullErrorKind
    image: str | None
    detail: str


_PULL = lazy_re.compile(r"Failed to pull image \"(?P<img>[^\"]*)\":?\s*(?P<d>.*)", re.S)
_PULL_REASON = lazy_re.compile(r"(?:Error: )?(?P<r>ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)\b")


def parse_image_pull(message: str) -> ImagePullFailure | None:
    """A failed image pull (`Failed` event, or an ErrImagePull/ImagePullBackOff waiting message).

    >>> f = parse_image_pull('Failed to pull image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12": rpc error: '
    ...     'code = NotFound desc = failed to pull and unpack image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12"'
    ...     ': nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12: not found')
    >>> f.kind.value, f.image
    ('not_found', 'nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12')
    """
    text = bounded_text(message)
    m = _PULL.search(text)
    if m:
        detail = " ".join(m.group("d").split())
        return ImagePullFailure(_pull_kind(detail), m.group("img"), detail)
    back_off = parse_back_off(text)
    if back_off is not None and back_off.kind is BackOffKind.IMAGE_PULL:
        return ImagePullFailure(PullErrorKind.BACK_OFF, back_off.image, text.strip())
    rm = _PULL_REASON.search(text)
    if rm:
        kind = {"ImagePullBackOff": PullErrorKind.BACK_OFF, "InvalidImageName": PullErrorKind.INVALID_NAME}.get(
            rm.group("r"), PullErrorKind.ERR_IMAGE_PULL)
        return ImagePullFailure(kind, None, text.strip())
    return None


def _pull_kind(detail: str) -> PullErrorKind:
    low = detail.lower()
    if "manifest unknown" in low:
        return PullErrorKind.MANIFEST_UNKNOWN
    if any(t in low for t in ("unauthorized", "authentication required", "access denied", "denied:",
                              "403 forbidden", "401 unauthorized", "insufficient_scope")):
        return PullErrorKind.UNAUTHORIZED
    if "toomanyrequests" in low or "429" in low or "rate limit" in low:
        return PullErrorKind.RATE_LIMITED
    if "not found" in low or "code = notfound" in low:
        return PullErrorKind.NOT_FOUND
    if any(t in low for t in ("dial tcp", "i/o timeout", "no such host", "tls:", "x509", "connection refused",
                              "deadline exceeded", "connection reset")):
        return PullErrorKind.NETWORK
    return PullErrorKind.OTHER
