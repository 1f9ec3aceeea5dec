"""`gpu-triage rbac`: the least-privilege RBAC manifests the tool needs, as YAML for
`kubectl apply -f -`: a read-only ClusterRole (get/list/watch on what the collectors
read, pods/log, the DCGM proxy, the access review) and, separately, the ClusterRole
that allows `pods/exec` (nvidia-smi and Xid lines inside containers); plus bindings
for a user, group or service account when one is named.

    $ gpu-triage rbac --service-account gpu-triage/gpu-triage | kubectl apply -f -
"""

from __future__ import annotations

import argparse

import yaml

from triage.collect.permissions import EXEC, READ, Access
from triage.errors import UsageError

READ_ROLE = "gpu-triage-read"
EXEC_ROLE = "gpu-triage-exec"
LABELS = {"app.kubernetes.io/name": "gpu-triage"}


def _rules(accesses: tuple[Access, ...]) -> list[dict]:
    """Merge accesses into rules: one rule per (group, verbs), resources sorted."""
    merged: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for a in accesses:
        merged.setdefault((a.group, tuple(sorted(a.verbs))), []).append(a.resource)
    return [{"apiGroups": [group], "resources": sorted(set(res)), "verbs": list(verbs)}
            for (group, verbs), res in sorted(merged.items())]


def _role(name: str, accesses: tuple[Access, ...], why: str, namespace: str | None) -> dict:
    kind = "Role" if namespace else "ClusterRole"
    meta = {"name": name, "labels": LABELS, "annotations": {"gpu-triage/purpose": why}}
    if namespace:
        meta["namespace"] = namespace
    rules = _rules(accesses)
    if not namespace:
        rules.append({"nonResourceURLs": ["/version"], "verbs": ["get"]})
    return {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": meta, "rules": rules}


def _subject(args) -> dict | None:
    if args.service_account:
        ns, sep, name = args.service_account.partition("/")
        if not sep or not ns or not name:
            raise UsageError("--service-account must be NAMESPACE/NAME")
        return {"kind": "ServiceAccount", "name": name, "namespace": ns}
    if args.user:
        return {"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": args.user}
    if args.group:
        return {"apiGroup": "rbac.authorization.k8s.io", "kind": "Group", "name": args.group}
    return None


def _binding(role: dict, subject: dict) -> dict:
    ns = role["metadata"].get("namespace")
    kind = "RoleBinding" if ns else "ClusterRoleBinding"
    meta = {"name": role["metadata"]["name"], "labels": LABELS}
    if ns:
        meta["namespace"] = ns
    return {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": meta,
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": role["kind"], "name": role["metadata"]["name"]},
            "subjects": [subject]}


def manifests(exec_namespace: str | None = None, subject: dict | None = None, with_exec: bool = True) -> list[dict]:
    """The documents `gpu-triage rbac` prints, in order."""
    docs = [_role(READ_ROLE, READ, "read-only evidence collection (no secrets, no writes)", None)]
    if with_exec:
        docs.append(_role(EXEC_ROLE, EXEC, "optional: run nvidia-smi and read Xid lines inside GPU containers",
                          exec_namespace))
    if subject:
        docs += [_binding(d, subject) for d in list(docs)]
    return docs

EXAMPLE = """examples:
  gpu-triage rbac | kubectl apply -f -
  gpu-triage rbac --exec-namespace gpu-operator --user oncall@example.com
  gpu-triage rbac --no-exec --service-account ops/gpu-triage > gpu-triage-rbac.yaml"""


def register(subparsers) -> None:
    p = subparsers.add_parser("rbac", help="print the least-privilege RBAC manifests the tool needs",
                              description="Print a read-only ClusterRole and a separate role allowing pods/exec, "
                                          "as YAML for kubectl apply -f -.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exec-namespace", metavar="NS",
                   help="grant pods/exec only in this namespace (a Role instead of a ClusterRole)")
    p.add_argument("--no-exec", action="store_true", help="leave out the pods/exec role")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--service-account", metavar="NS/NAME", help="also bind the roles to this service account")
    who.add_argument("--user", metavar="NAME", help="also bind the roles to this user")
    who.add_argument("--group", metavar="NAME", help="also bind the roles to this group")
    p.set_defaults(func=run)


def run(args) -> int:
    docs = manifests(args.exec_namespace, _subject(args), with_exec=not args.no_exec)
    print("# gpu-triage: read-only access; the exec role is optional (use --no-exec when collecting without it)")
    print(yaml.safe_dump_all(docs, sort_keys=False, default_flow_style=False), end="")
    return 0
