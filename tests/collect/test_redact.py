"""Redaction before anything is written: planted secrets never reach the bundle (every
written byte is searched), placeholders are stable per value, real GPU evidence is left
untouched, and the redaction report lands in the manifest."""

from __future__ import annotations

import json
import re
import tarfile

import pytest

from triage.bundle import layout
from triage.bundle.redact import Redactor
from triage.cli import main
from triage.errors import UsageError
from tests.collect.cluster_fixture import OOM_LOG, PENDING, TRAINER
from tests.collect.helpers import items_by_name, run_collect, served
from tests.conftest import CORPUS

SECRETS = {
    "hf": "hf_qWErtyUIOPasdfGHJKlzxcVBNM123456ab",
    "password": "S3cr3t-Pa55word!",
    "slack": "https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/XXXXXXXXXXXXXXXXXXXXXXXX",
    "apikey": "sk-live-9f8e7d6c5b4a39281706",
    "urlpass": "hunter2pass",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "aws_id": "AKIAIOSFODNN7EXAMPLE",
    "aws_secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    # issue 13: each of these leaked into the bundle (and the reports, on a cited line)
    "basic": "dXNlcjpCYXNpY1Bhc3N3b3JkMQ==",
    "mysql_arg": "MyArgS3cretPw",
    "mysql_text": "MyTextS3cretPw",
    "flag_password": "Fl4gPassw0rdValue",
    "eq_password": "Eq3DbPassw0rdValue",
    "db_pass": "EnvDbPassValue9",
    "pgp_body": "lQOYBGXyZ0IBCADcN3f8Yp2k7QvL9mX4w1sPgpPrivateBodyLineAbCdEf0123",
    "nvapi": "nvapi-Xy7Qk2Lm9Pz4Rt6Vw8Ab0Cd1Ef3Gh5Ij7Kl9Mn1Op3Qr5St7Uv9W",
    "docker_auth": "JG9hdXRodG9rZW46ZG9ja2VyQ29uZmlnQXV0aA==",
    "annotation": "AnnotPassw0rdValue",
    "label": "LabelTokenValue77",
    "key_body": "BgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7CutOffPrivateKeyBodyLine",
}
LEAKED_BEFORE_ISSUE_13 = ("basic", "mysql_arg", "mysql_text", "flag_password", "eq_password", "db_pass", "pgp_body",
                          "nvapi", "docker_auth", "annotation", "label", "key_body")
PLACEHOLDER = re.compile(r"<redacted:([a-z0-9_]+):([0-9a-f]{8})>")


def _every_byte(root) -> bytes:
    return b"\n".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())


def test_planted_secrets_never_reach_the_bundle(tmp_path):
    with served(tmp_path, secrets=SECRETS) as srv:
        pending, _ = run_collect(srv, tmp_path, name=PENDING, out="pending")
        trainer, _ = run_collect(srv, tmp_path, name=TRAINER, out="trainer")
    for result in (pending, trainer):
        data = _every_byte(result.path)
        leaked = [k for k, v in SECRETS.items() if v.encode() in data]
        assert leaked == [], f"secrets written to {result.path}: {leaked}"
        assert b"last-applied-configuration" not in data and b"managedFields" not in data
    # The fixture really served them (the test would pass vacuously otherwise).
    served_bytes = _every_byte(tmp_path / "cluster")
    assert all(v.encode() in served_bytes for v in SECRETS.values())
    # What replaced them, and where.
    pod = items_by_name(pending.path, layout.namespaced_list("pods", "llm"))[PENDING]
    env = {e["name"]: e["value"] for e in pod["spec"]["containers"][0]["env"]}
    assert env["VLLM_PORT"] == "8000"                                       # not a secret: kept
    assert PLACEHOLDER.fullmatch(env["HF_TOKEN"]).group(1) == "secret_env"
    assert PLACEHOLDER.fullmatch(env["DB_PASSWORD"]) and PLACEHOLDER.fullmatch(env["SLACK_URL"])
    args = pod["spec"]["containers"][0]["args"]
    assert args[:4] == ["--model", "Qwen/Qwen2.5-7B-Instruct", "--gpu-memory-utilization", "0.9"]
    assert args[4] == "--api-key" and PLACEHOLDER.fullmatch(args[5]).group(1) == "secret_arg"
    assert re.fullmatch(r"--download-url=https://bot:<redacted:url_password:[0-9a-f]{8}>@models\.example\.com/x",
                        args[6])
    assert re.fullmatch(r"Bearer <redacted:(bearer|jwt):[0-9a-f]{8}>", pod["metadata"]["annotations"]["example.com/auth"])
    assert args[7] == "-p" and PLACEHOLDER.fullmatch(args[8]).group(1) == "secret_arg"
    assert args[9:11] == ["--port", "8000"]                                  # a port is not a password
    assert PLACEHOLDER.fullmatch(env["DB_PASS"]).group(1) == "secret_env"
    assert PLACEHOLDER.fullmatch(pod["metadata"]["annotations"]["example.com/db-password"]).group(1) == \
        "secret_annotation"
    assert PLACEHOLDER.fullmatch(pod["metadata"]["labels"]["vault-token"]).group(1) == "secret_label"
    assert pod["metadata"]["labels"]["app"] == "qwen-vllm"
    report = pending.manifest["redaction"]
    assert report["enabled"] is True and report["count"] >= 6
    assert {"secret_env", "secret_arg", "url_password", "managed_fields", "last_applied_configuration"} <= set(
        report["by_rule"])
    # Logs: the token is replaced by the same placeholder at each occurrence; the rest is verbatim.
    log = (trainer.path / layout.container_log("llm", TRAINER, "trainer")).read_text()
    assert re.match(r"<redacted:private_key:[0-9a-f]{8}>\nEpoch 3: loading shard 17\nUsing token <redacted:hf_token:", log)
    previous = (trainer.path / layout.container_log("llm", TRAINER, "trainer", previous=True)).read_text()
    assert re.sub(r" \[job .*?\]", "", previous, count=1) == OOM_LOG             # the evidence is untouched
    assert re.search(r"\[job Authorization: Basic <redacted:auth_header:[0-9a-f]{8}> NGC <redacted:ngc_api_key:"
                     r"[0-9a-f]{8}> mysql -h db -p <redacted:mysql_password:[0-9a-f]{8}>\]", previous)


def test_planted_secrets_reach_no_report_and_no_slack_message(tmp_path, capsys):
    """Every output of the collected bundles: the cited OOM line carries secrets."""
    with served(tmp_path, secrets=SECRETS) as srv:
        pending, _ = run_collect(srv, tmp_path, name=PENDING, out="pending")
        trainer, _ = run_collect(srv, tmp_path, name=TRAINER, out="trainer")
    capsys.readouterr()
    outputs = []
    for result in (pending, trainer):
        for fmt in ("json", "markdown", "html", "text"):
            assert main(["analyze", str(result.path), "-o", fmt]) in (0, 3, 4)
            outputs.append(capsys.readouterr().out)
        findings = tmp_path / f"{result.path.name}.json"
        findings.write_text(outputs[-4])
        assert main(["slack", str(findings), "--dry-run"]) == 0
        outputs.append(capsys.readouterr().out)
    everything = "\n".join(outputs)
    assert "torch.OutOfMemoryError: CUDA out of memory" in everything and "<redacted:auth_header:" in \
        everything.replace("&lt;", "<")                                   # the cited line is in the reports
    leaked = [k for k, v in SECRETS.items() if v in everything]
    assert leaked == []


def test_no_redact_keeps_values_and_says_so(tmp_path):
    with served(tmp_path, secrets=SECRETS) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER, redact=False)
    log = (result.path / layout.container_log("llm", TRAINER, "trainer")).read_text()
    assert SECRETS["hf"] in log
    assert result.manifest["redaction"] == {"enabled": False, "rules": [], "count": 0, "by_rule": {},
                                            "secrets_read": 0}


def test_collect_command_writes_a_redacted_tarball(tmp_path, capsys):
    out = tmp_path / "incident.tar.gz"
    with served(tmp_path, secrets=SECRETS) as srv:
        code = main(["collect", "pod", TRAINER, "-n", "llm", "--kubeconfig", srv.kubeconfig, "-o", str(out)])
    assert code == 0
    assert f"target: {json.dumps({'kind': 'Pod', 'name': TRAINER, 'namespace': 'llm'})}" in capsys.readouterr().out
    with tarfile.open(out) as tar:
        names = tar.getnames()
        data = b"".join(tar.extractfile(m).read() for m in tar.getmembers() if m.isfile())
    assert "incident/manifest.json" in names
    assert f"incident/{layout.container_log('llm', TRAINER, 'trainer', previous=True)}" in names
    assert not [k for k, v in SECRETS.items() if v.encode() in data]


# ---- the redactor itself (pure) ---------------------------------------------------------

@pytest.mark.parametrize("text, kind, secret", [
    ("token: hf_qWErtyUIOPasdfGHJKlzxcVBNM123456ab", "hf_token", "hf_qWErtyUIOPasdfGHJKlzxcVBNM123456ab"),
    ("curl -H 'Authorization: Bearer abcdef123456.xyz'", "bearer", "abcdef123456.xyz"),
    ("key AKIAIOSFODNN7EXAMPLE found", "aws_access_key", "AKIAIOSFODNN7EXAMPLE"),
    ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_key",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("post to https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/XXXXXXXXXXXXXXXXXXXXXXXX now", "slack_webhook",
     "https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/XXXXXXXXXXXXXXXXXXXXXXXX"),
    ("SLACK_BOT=xoxb-1234567890-abcdefghij", "slack_token", "xoxb-1234567890-abcdefghij"),
    ("DATABASE_URL=postgres://bob:hunter2@db:5432/x", "url_password", "hunter2"),
    ("id_token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
     "jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    ('--password="abc123def"', "secret_assignment", "abc123def"),
    ("curl -H 'Authorization: Basic dXNlcjpwYXNzd29yZA=='", "auth_header", "dXNlcjpwYXNzd29yZA=="),
    ("NGC_KEY nvapi-Xy7Qk2Lm9Pz4Rt6Vw8Ab0Cd1Ef3Gh5Ij7Kl9Mn1 set", "ngc_api_key",
     "nvapi-Xy7Qk2Lm9Pz4Rt6Vw8Ab0Cd1Ef3Gh5Ij7Kl9Mn1"),
    ('{"auths":{"nvcr.io":{"auth":"JG9hdXRodG9rZW46eHl6"}}}', "docker_auth", "JG9hdXRodG9rZW46eHl6"),
    ("migrate --db-password S3cr3tValue --verbose", "secret_flag", "S3cr3tValue"),
    ("DB_PASS=hunter2xyz", "secret_assignment", "hunter2xyz"),
    ("mysql -u root -h db -p S3cretPw mydb", "mysql_password", "S3cretPw"),
    # from detect-secrets' plugins
    ("SENDGRID=SG.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "sendgrid_key",
     "SG.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"),
    ("deploy glpat-abcdefghij1234567890 now", "gitlab_token", "glpat-abcdefghij1234567890"),
])
def test_each_rule_replaces_the_secret_only(text, kind, secret):
    out = Redactor(key=b"k").text(text)
    assert secret not in out
    found = PLACEHOLDER.findall(out)
    assert [k for k, _ in found] == [kind]
    assert out.replace(PLACEHOLDER.search(out).group(0), secret) == text


def test_placeholders_are_stable_per_value_within_a_bundle_only():
    r = Redactor()
    a = r.text("hf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa and hf_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb and hf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
    first, second, third = PLACEHOLDER.findall(a)
    assert first == third and first != second
    other_bundle = Redactor().text("hf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
    assert PLACEHOLDER.findall(other_bundle)[0] != first    # keyed per bundle: says nothing across bundles
    assert r.report()["by_rule"] == {"hf_token": 3}


def test_real_gpu_evidence_is_not_touched():
    """nvidia-smi outputs, DCGM scrapes, Xid lines and the real failure texts carry no secrets:
    a redactor that rewrites them would destroy evidence."""
    r = Redactor()
    texts = [p.read_text(errors="replace") for d in ("nvidia-smi/text", "nvidia-smi/xml", "dcgm", "xid")
             for p in sorted((CORPUS / d).iterdir()) if p.is_file()]
    texts += [json.loads(line)["text"] for line in (CORPUS / "real-cases.jsonl").read_text().splitlines()]
    assert len(texts) > 50
    changed = [t[:80] for t in texts if r.text(t) != t]
    assert changed == []
    assert r.text("max_num_batched_tokens=8192 tokens: 512 Avg generation throughput: 45.2 tokens/s") == \
        "max_num_batched_tokens=8192 tokens: 512 Avg generation throughput: 45.2 tokens/s"


def test_objects_drop_managed_fields_and_env_secrets():
    r = Redactor()
    obj = {"metadata": {"name": "p", "managedFields": [{"manager": "x"}],
                        "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{...}", "a": "b"}},
           "spec": {"containers": [{"name": "c", "env": [{"name": "API_KEY", "value": "v1v2v3"},
                                                        {"name": "CUDA_VISIBLE_DEVICES", "value": "0"},
                                                        {"name": "TOKEN", "valueFrom": {"secretKeyRef": {"name": "s"}}}],
                                    "command": ["serve", "--hf-token", "hf_xyzxyzxyzxyzxyzxyzxyzxyz"]}]}}
    r.obj(obj)
    assert obj["metadata"] == {"name": "p", "annotations": {"a": "b"}}
    env = obj["spec"]["containers"][0]["env"]
    assert PLACEHOLDER.fullmatch(env[0]["value"]) and env[1]["value"] == "0"
    assert env[2] == {"name": "TOKEN", "valueFrom": {"secretKeyRef": {"name": "s"}}}
    assert obj["spec"]["containers"][0]["command"][:2] == ["serve", "--hf-token"]
    assert PLACEHOLDER.fullmatch(obj["spec"]["containers"][0]["command"][2])


def test_extra_patterns_from_a_file(tmp_path):
    good = tmp_path / "patterns.txt"
    good.write_text("# internal ids\nACME-[0-9]{6}\n\n")
    r = Redactor.from_options(True, str(good))
    assert PLACEHOLDER.fullmatch(r.text("ACME-123456")).group(1) == "custom_1"
    bad = tmp_path / "bad.txt"
    bad.write_text("ok\n([unclosed\n")
    with pytest.raises(UsageError, match=r"bad\.txt:2: not a valid regular expression"):
        Redactor.from_options(True, str(bad))


# ---- detect-secrets' token shapes, read from its plugins' source ------------------------------

def test_the_token_shapes_read_from_detect_secrets_source_are_the_ones_its_plugins_build():
    """The redactor reads each detector's denylist from the plugin's text (importing a plugin
    loads requests and the scanner's core); what it reads must be what the plugin itself compiles,
    or a release's new or changed shape would be redacted wrongly."""
    from triage.bundle import secret_patterns
    plugins = secret_patterns._plugins_dir()
    assert plugins is not None and (plugins / "aws.py").is_file()
    for module, cls, _kind, _hints, picks in secret_patterns.SELECTED:
        built = secret_patterns._imported_denylist(module, cls)
        read = secret_patterns.denylist_in_source(plugins / f"{module}.py", cls)
        assert read is not None and len(read) == len(built), module
        for i, (pattern, flags) in enumerate(built):
            if picks is None or i in picks:
                assert read[i] is not None, (module, i)
                assert (read[i][0], re.compile(read[i][0], read[i][1]).flags) == (pattern, flags), (module, i)
    kinds = [kind for kind, _p, _h in secret_patterns.load()]
    assert {"aws_access_key", "github_token", "gitlab_token", "slack_token", "stripe_key"} <= set(kinds)


def test_a_denylist_built_other_than_by_literal_re_compile_is_not_guessed(tmp_path):
    """An entry built by formatting (AWS's secret-key shape) reads as None, so the loader imports
    that plugin instead of compiling half a pattern; a missing class or file reads as None."""
    from triage.bundle import secret_patterns
    plugin = tmp_path / "demo.py"
    plugin.write_text("import re\n"
                      "KEY = 'k'\n"
                      "class Demo:\n"
                      "    denylist = (\n"
                      "        re.compile(r'ab' r'[0-9]{4}', flags=re.IGNORECASE | re.MULTILINE),\n"
                      "        re.compile(r'x{k}'.format(k=KEY)),\n"
                      "        re.compile(KEY),\n"
                      "    )\n", encoding="utf-8")
    assert secret_patterns.denylist_in_source(plugin, "Demo") == [
        ("ab[0-9]{4}", int(re.IGNORECASE | re.MULTILINE)), None, None]
    assert secret_patterns.denylist_in_source(plugin, "Other") is None
    assert secret_patterns.denylist_in_source(tmp_path / "absent.py", "Demo") is None
    plugin.write_text("class Demo:\n    denylist = make()\n", encoding="utf-8")
    assert secret_patterns.denylist_in_source(plugin, "Demo") is None
