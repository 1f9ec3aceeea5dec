"""deploy/watcher: what `kubectl apply -k deploy/watcher` would create is what the watcher
needs and no more. Parsed as YAML, checked against the CLI's own parser and `gpu-triage
rbac`, and applied with `kubectl apply --dry-run=client` (the real kubectl) against the
replay server."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO
from triage.cli import build_parser
from triage.commands.rbac import manifests

DEPLOY = REPO / "deploy" / "watcher"
FILES = sorted(DEPLOY.glob("*.yaml"))
KUBECTL = shutil.which("kubectl")
READ_VERBS = {"get", "list", "watch"}


def docs(name: str) -> list[dict]:
    return [d for d in yaml.safe_load_all((DEPLOY / name).read_text()) if d is not None]


def kind(k: str) -> dict:
    found = [d for f in FILES if f.name != "kustomization.yaml" for d in docs(f.name) if d["kind"] == k]
    assert len(found) == 1, f"expected one {k}, found {len(found)}"
    return found[0]


def container(pod_spec: dict) -> dict:
    assert len(pod_spec["containers"]) == 1
    return pod_spec["containers"][0]


def env_placeholders(args: list[str]) -> list[str]:
    """Kubernetes expands $(VAR) in args; the values are not known here."""
    return [re.sub(r"\$\(([A-Z_]+)\)", r"<\1>", a) for a in args]


def flag_value(args: list[str], flag: str) -> str | None:
    for i, a in enumerate(args):
        if a.startswith(flag + "="):
            return a.split("=", 1)[1].split()[0]
        if a == flag and i + 1 < len(args):
            return args[i + 1]
    return None


def test_every_manifest_parses_and_the_kustomization_lists_them():
    assert {f.name for f in FILES} >= {"namespace.yaml", "serviceaccount.yaml", "rbac.yaml", "deployment.yaml",
                                       "cronjob-scan.yaml", "kustomization.yaml"}
    for f in FILES:
        for d in docs(f.name):
            assert d.get("apiVersion") and d.get("kind"), f.name
            if d["kind"] != "Kustomization":
                assert d["metadata"]["name"], f.name
    listed = docs("kustomization.yaml")[0]["resources"]
    assert all((DEPLOY / name).is_file() for name in listed)
    # every manifest is applied, except the Secret's example (a token is never committed)
    assert set(listed) == {f.name for f in FILES} - {"kustomization.yaml", "slack-secret.example.yaml"}


def test_deployment_runs_the_watcher_with_limits_probes_and_a_locked_down_container():
    dep = kind("Deployment")
    pod = dep["spec"]["template"]["spec"]
    c = container(pod)
    assert dep["spec"]["replicas"] == 1 and dep["spec"]["strategy"]["type"] == "Recreate"   # never two posters
    for part in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(c["resources"][part]), part
    # probes on /healthz at the port the watcher serves, on an address the kubelet reaches
    args = env_placeholders(c["args"])
    port = int(flag_value(args, "--healthz-port"))
    assert flag_value(args, "--healthz-addr") == "0.0.0.0"
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    for probe in ("livenessProbe", "readinessProbe"):
        get = c[probe]["httpGet"]
        assert get["path"] == "/healthz", probe
        assert (ports[get["port"]] if isinstance(get["port"], str) else get["port"]) == port, probe
    # non-root, read-only root FS, nothing extra
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0
    sc = c["securityContext"]
    assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
    assert sc["capabilities"]["drop"] == ["ALL"]
    # the Slack token comes from a Secret, never a literal
    env = {e["name"]: e for e in c["env"]}
    assert env["SLACK_BOT_TOKEN"]["valueFrom"]["secretKeyRef"] == {"name": "gpu-triage-slack", "key": "bot-token"}
    assert "value" not in env["SLACK_BOT_TOKEN"]
    # the dedup state is on the PVC, temporary bundles on a writable /tmp
    mounts = {m["mountPath"]: m["name"] for m in c["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    state_dir = str(Path(flag_value(args, "--state")).parent)
    assert volumes[mounts[state_dir]]["persistentVolumeClaim"]["claimName"] == kind("PersistentVolumeClaim")[
        "metadata"]["name"]
    assert "emptyDir" in volumes[mounts["/tmp"]]
    # SIGTERM lets a running triage finish before the kubelet kills the container
    assert pod["terminationGracePeriodSeconds"] > float(flag_value(args, "--triage-timeout"))
    # the image runs as the user the pod asks for
    dockerfile = (REPO / "deploy" / "Dockerfile").read_text()
    assert f"USER {pod['securityContext']['runAsUser']}" in dockerfile and 'ENTRYPOINT ["gpu-triage"]' in dockerfile


def test_every_flag_in_the_manifests_is_one_the_cli_accepts():
    parser = build_parser()
    dep_args = env_placeholders(container(kind("Deployment")["spec"]["template"]["spec"])["args"])
    parsed = parser.parse_args(dep_args)
    assert parsed.command == "watch" and parsed.all_namespaces and parsed.healthz_port == 8080
    cron = kind("CronJob")
    c = container(cron["spec"]["jobTemplate"]["spec"]["template"]["spec"])
    assert c["command"] == ["/bin/sh", "-c"]
    script = " ".join(c["args"])
    calls = []
    for part in re.split(r";|&&|\|\|", script):
        words = shlex.split(part.replace('"$', '"<').replace("$", "<"))
        if words and words[0] == "gpu-triage":
            argv = words[1:words.index(">")] if ">" in words else words[1:]
            calls.append(parser.parse_args(argv))
    assert [a.command for a in calls] == ["scan", "slack"]          # scan, then post its digest
    scan, slack = calls
    assert scan.all_namespaces and scan.out and slack.source == f"{scan.out}/findings.json"
    env = {e["name"]: e for e in c["env"]}
    assert env["SLACK_BOT_TOKEN"]["valueFrom"]["secretKeyRef"]["name"] == "gpu-triage-slack"
    assert c["securityContext"]["readOnlyRootFilesystem"] is True
    assert cron["spec"]["jobTemplate"]["spec"]["template"]["spec"]["serviceAccountName"] == "gpu-triage"


def test_rbac_is_what_gpu_triage_rbac_prints_bound_to_the_watchers_service_account():
    sa = kind("ServiceAccount")
    subject = {"kind": "ServiceAccount", "name": sa["metadata"]["name"], "namespace": sa["metadata"]["namespace"]}
    assert kind("Deployment")["spec"]["template"]["spec"]["serviceAccountName"] == subject["name"]
    got = docs("rbac.yaml")
    expected = manifests(None, subject)

    def without_subjects(items):
        return [{k: v for k, v in d.items() if k != "subjects"} for d in items]
    assert without_subjects(got) == without_subjects(expected)
    bindings = [d for d in got if d["kind"].endswith("Binding")]
    assert len(bindings) == 3 and all(b["subjects"] == [subject] for b in bindings)
    # the pod proxy (DCGM metrics) only in the GPU operator's namespace, by a Role
    proxied = [(d["kind"], d["metadata"].get("namespace")) for d in got if d["kind"] in ("Role", "ClusterRole")
               for r in d["rules"] if any(res.endswith("/proxy") for res in r.get("resources", ()))]
    assert proxied == [("Role", "gpu-operator")]


def test_rbac_grants_reads_only_besides_exec_and_the_access_review():
    writes = []
    can_watch_pods = False
    for role in docs("rbac.yaml"):
        if not role["kind"].endswith("Role"):
            continue
        for rule in role["rules"]:
            extra = set(rule["verbs"]) - READ_VERBS
            if "watch" in rule["verbs"] and "pods" in rule.get("resources", ()) and "" in rule["apiGroups"]:
                can_watch_pods = "list" in rule["verbs"]
            if extra:
                writes.append((tuple(rule.get("resources", rule.get("nonResourceURLs"))), tuple(sorted(extra))))
            assert "secrets" not in rule.get("resources", ()) and "*" not in rule["verbs"]
    assert sorted(writes) == [(("pods/exec",), ("create",)), (("selfsubjectaccessreviews",), ("create",))]
    assert can_watch_pods     # the watcher lists and watches pods


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_kubectl_apply_dry_run_accepts_every_manifest(tmp_path):
    from tests.watch import cluster
    from triage.replay.server import ReplayServer
    with ReplayServer(cluster.build(tmp_path / "cluster", with_timeline=False)) as srv:
        kubeconfig = srv.write_kubeconfig(str(tmp_path / "kubeconfig"))

        def apply(*what: str) -> list[str]:
            done = subprocess.run([KUBECTL, "--kubeconfig", kubeconfig, "apply", "--dry-run=client",
                                   "--validate=false", *what], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stderr
            return done.stdout.splitlines()
        for f in FILES:
            if f.name == "kustomization.yaml":
                continue
            out = apply("-f", str(f))
            assert len(out) == len(docs(f.name)) and all(line.endswith("created (dry run)") for line in out), out
        out = apply("-k", str(DEPLOY))
        listed = docs("kustomization.yaml")[0]["resources"]
        assert len(out) == sum(len(docs(name)) for name in listed)
        assert "deployment.apps/gpu-triage-watch created (dry run)" in out
        assert "cronjob.batch/gpu-triage-scan created (dry run)" in out
