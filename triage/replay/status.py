"""metav1.Status bodies, shaped like the kube-apiserver's (k8s-protocol.md B5).

Every error carries `"kind":"Status","apiVersion":"v1"`: without them client-go
does not recognise the body and prints a generic message instead.

    >>> forbidden("list", "pods", "", "ml")["message"]
    'pods is forbidden: User "system:serviceaccount:gpu-triage:replay" cannot list resource "pods" in API group "" in the namespace "ml"'
"""

from __future__ import annotations

import json

from aiohttp import web

REPLAY_USER = "system:serviceaccount:gpu-triage:replay"

CONTINUE_EXPIRED = ("The provided continue parameter is too old to display a consistent list result. "
                    "You can start a new list without the continue parameter.")
METHOD_NOT_ALLOWED = "the server does not allow this method on the requested resource"
NOT_FOUND_PATH = "the server could not find the requested resource"
TOO_MANY_REQUESTS = "Too many requests, please try again later.\n"


def status(code: int, reason: str, message: str, details: dict | None = None,
           metadata: dict | None = None) -> dict:
    body = {"kind": "Status", "apiVersion": "v1", "metadata": metadata or {}, "status": "Failure",
            "message": message, "reason": reason}
    if details is not None:
        body["details"] = details
    body["code"] = code
    return body


def encode(body: dict) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def response(body: dict) -> web.Response:
    """A Status body as the HTTP answer, with its own code."""
    return web.Response(status=body["code"], body=encode(body), content_type="application/json")


def qualified(resource: str, group: str) -> str:
    """GroupResource.String(): `pods`, `clusterpolicies.nvidia.com`."""
    return f"{resource}.{group}" if group else resource


def not_found(resource: str, group: str, name: str) -> dict:
    return status(404, "NotFound", f'{qualified(resource, group)} "{name}" not found',
                  _details(resource, group, name))


def path_not_found() -> dict:
    return status(404, "NotFound", NOT_FOUND_PATH, {})


def bad_request(message: str) -> dict:
    return status(400, "BadRequest", message)


def method_not_allowed() -> dict:
    return status(405, "MethodNotAllowed", METHOD_NOT_ALLOWED, {})


def forbidden(verb: str, resource: str, group: str, namespace: str, name: str = "",
              subresource: str = "") -> dict:
    """The RBAC authorizer's 403 (apiserver responsewriters.ForbiddenStatusError)."""
    shown = f"{resource}/{subresource}" if subresource else resource
    if namespace:
        why = (f'User "{REPLAY_USER}" cannot {verb} resource "{shown}" in API group "{group}" '
               f'in the namespace "{namespace}"')
    else:
        why = f'User "{REPLAY_USER}" cannot {verb} resource "{shown}" in API group "{group}" at the cluster scope'
    what = qualified(resource, group)
    message = f'{what} "{name}" is forbidden: {why}' if name else f"{what} is forbidden: {why}"
    return status(403, "Forbidden", message, _details(resource, group, name))


def internal_error(message: str = "Internal error occurred: injected fault") -> dict:
    return status(500, "InternalError", message, {"causes": [{"message": message}]})


def service_unavailable(message: str = "the server is currently unable to handle the request") -> dict:
    return status(503, "ServiceUnavailable", message, {})


def expired(message: str = CONTINUE_EXPIRED) -> dict:
    return status(410, "Expired", message)


def _details(resource: str, group: str, name: str) -> dict:
    d: dict = {}
    if name:
        d["name"] = name
    if group:
        d["group"] = group
    d["kind"] = resource
    return d
