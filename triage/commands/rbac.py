"""`gpu-triage rbac`: the least-privilege RBAC manifests the tool needs, as YAML for
`kubectl apply -f -`: a read-only ClusterRole (get/list/watch on what the collectors
read, pods/log, the access review); a Role in each namespace that runs DCGM exporters
(`pods/proxy` there only: the proxy reaches any port of a pod, so it is never granted
cluster-wide); and, separately, the ClusterRole that allows `pods/exec` (nvidia-smi and Xid
lines inside containers); plus bindings for a user, group or service account when one is
named.

    $ gpu-triage rbac --service-account gpu-triage/gpu-triage | kubectl apply -f -
"""

from __future__ import annotations

import argparse

import yaml

from triage.collect.permissions import DCGM, DCGM_NAMESPACES, EXEC, READ, Access
from triage.errors import UsageError

READ_ROLE = "gpu-triage-read"
EXEC_ROLE = "gpu-triage-exec"
DCGM_ROLE = "gpu-triage-dcgm"
LABELS = {"app.kubernetes.io/name": "gpu-triage"}


def _rules(accesses: tuple[Access, ...]) -> list[dict]:
    """Merge accesses into rules: one rule per (group, verbs), resources sorted."""
    merged: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for a in accesses:
        merged.setdefault((a.group, tuple(sorted(a.verbs))), []).append(a.resource)
    return [{"apiGroups": [group], "resources": sorted(set(res)), "verbs": list(verbs)}
            for (group, verbs), res in sorted(merged.items())]


def _role(name: str, accesses: tuple[Access, ...], why: str, namespace: str | None,
          version: bool = True) -> dict:
    kind = "Role" if namespace else "ClusterRole"
    meta = {"name": name, "labels": LABELS, "annotations": {"gpu-triage/purpose": why}}
    if namespace:
        meta["namespace"] = namespace
    rules = _rules(accesses)
    if not namespace and version:
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


def manifests(exec_namespace: str | None = None, subject: dict | None = None, with_exec: bool = True,
              dcgm_namespaces: tuple[str, ...] | list[str] = DCGM_NAMESPACES) -> list[dict]:
    """The documents `gpu-triage rbac` prints, in order."""
    docs = [_role(READ_ROLE, READ, "read-only evidence collection (no secrets, no writes)", None)]
    for ns in dict.fromkeys(dcgm_namespaces):
        docs.append(_role(DCGM_ROLE, DCGM, "optional: DCGM exporter metrics through the API server's pod proxy, "
                                           "in the namespace that runs the exporters only", ns))
    if with_exec:
        docs.append(_role(EXEC_ROLE, EXEC, "optional: run nvidia-smi and read Xid lines inside GPU containers",
                          exec_namespace))
    if subject:
        docs += [_binding(d, subject) for d in list(docs)]
    return docs

EXAMPLE = """examples:
  gpu-triage rbac | kubectl apply -f -
  gpu-triage rbac --dcgm-namespace gpu-operator --dcgm-namespace monitoring
  gpu-triage rbac --no-dcgm --no-exec
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
    p.add_argument("--dcgm-namespace", metavar="NS", action="append", dest="dcgm_namespaces",
                   help="namespace running DCGM exporters, where a Role grants pods/proxy (repeatable; "
                        f"default: {', '.join(DCGM_NAMESPACES)})")
    p.add_argument("--no-dcgm", action="store_true",
                   help="leave out the DCGM role (no pods/proxy anywhere; DCGM metrics become a gap)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--service-account", metavar="NS/NAME", help="also bind the roles to this service account")
    who.add_argument("--user", metavar="NAME", help="also bind the roles to this user")
    who.add_argument("--group", metavar="NAME", help="also bind the roles to this group")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.no_dcgm and args.dcgm_namespaces:
        raise UsageError("--no-dcgm and --dcgm-namespace exclude each other")
    dcgm = () if args.no_dcgm else tuple(args.dcgm_namespaces or DCGM_NAMESPACES)
    docs = manifests(args.exec_namespace, _subject(args), with_exec=not args.no_exec, dcgm_namespaces=dcgm)
    print("# gpu-triage: read-only access; the DCGM and exec roles are optional (--no-dcgm, --no-exec)")
    print(yaml.safe_dump_all(docs, sort_keys=False, default_flow_style=False), end="")
    return 0
