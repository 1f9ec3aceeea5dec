"""Slack: messages built from findings stay inside Block Kit's limits, and the
client handles what the real API answers (429, ok:false, dropped connections)
against a loopback stand-in with the real request shapes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.notify.slack_standin import SlackStandIn, block_kit_problems
from triage.cli import main
from triage.errors import NotifyError
from triage.notify.blocks import build_message, build_thread_reply
from triage.notify.slack import SlackClient

DOC_PATH = Path(__file__).with_name("doc_plugin_nvml.json")
DOC = json.loads(DOC_PATH.read_text())
EXCERPT = "Failed to initialize NVML: could not load NVML library."


class Sleeps(list):
    def __call__(self, seconds):
        self.append(seconds)


def test_message_names_root_cause_layer_and_cites_the_log_line():
    msg = build_message(DOC, report_url="https://tickets.example/0412/report.html", cluster="prod-eu")
    assert block_kit_problems(msg) == []
    header = msg["blocks"][0]["text"]["text"]
    assert header == "PROBLEM: Device plugin on node gpu-node-3 cannot load NVML"
    fields = " ".join(f["text"] for f in msg["blocks"][1]["fields"])
    assert "*Layer*\nplugin" in fields and "prod-eu" in fields and "Pod llm/qwen-vllm-7d9f-abcde" in fields
    body = json.dumps(msg)
    assert EXCERPT in body and "nvidia-device-plugin.log:2" in body
    assert "node.gpu_not_advertised" in body  # what the root cause explains
    assert msg["blocks"][-1]["elements"][0]["url"] == "https://tickets.example/0412/report.html"
    assert "plugin" in msg["text"] and "PROBLEM" in msg["text"]


def test_oversized_diagnosis_is_truncated_visibly_within_every_limit():
    doc = copy.deepcopy(DOC)
    doc["root_cause"]["title"] = "T" * 500
    doc["root_cause"]["evidence"] = [{"path": "x.log", "line": 1, "excerpt": "E" * 9000}] * 3
    doc["findings"] = [dict(doc["findings"][1], title=f"finding {i}") for i in range(300)]
    doc["gaps"] = doc["gaps"] * 40
    msg = build_message(doc, playbook_steps=["kubectl get pods -A " + "x" * 5000] * 5)
    assert block_kit_problems(msg) == []
    assert msg["blocks"][0]["text"]["text"].endswith("… (truncated)")
    assert json.dumps(msg["blocks"][2], ensure_ascii=False).count("… (truncated)") == 3
    reply = build_thread_reply(doc)
    assert block_kit_problems(reply) == [] and len(reply["blocks"]) == 50
    assert "more in the full report" in json.dumps(reply["blocks"][-1], ensure_ascii=False)


def test_cluster_text_cannot_break_out_of_code_or_inject_mentions():
    doc = copy.deepcopy(DOC)
    doc["root_cause"]["evidence"] = [{"path": "p.log", "line": 3, "excerpt": "```<!channel> <https://evil|click>"}]
    doc["gaps"] = [{"collector": "<!here>", "reason": "forbidden", "detail": "", "needs": "<@U123>"}]
    body = json.dumps(build_message(doc))
    assert "<!channel>" not in body and "&lt;!channel&gt;" in body  # escaped inside the code block too...
    evidence_block = build_message(doc)["blocks"][2]["text"]["text"]
    assert evidence_block.count("```") == 2  # ...and cannot close the fence early
    assert "<!here>" not in body and "&lt;!here&gt;" in body and "&lt;@U123&gt;" in body


HOSTILE = ("<!channel>", "<!here>", "<@U0EVIL>", "<https://evil.example|Full report>")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_mentions_and_links_from_cluster_text_never_reach_slack_as_markup(monkeypatch, tmp_path):
    doc = copy.deepcopy(DOC)
    pod = "qwen-<!channel>-abcde"
    doc["target"]["name"] = pod
    doc["root_cause"]["title"] = f"Pod llm/{pod} waits for a GPU <!here>"
    doc["root_cause"]["subject"] = {"kind": "Pod", "namespace": "llm", "name": pod}
    doc["root_cause"]["evidence"] = [{"path": "logs/llm/<@U0EVIL>.log", "line": 1,
                                      "excerpt": "error <https://evil.example|Full report> <!channel> & more"}]
    doc["findings"][1]["title"] = "plugin <!here> down"
    doc["findings"][1]["evidence"] = [{"path": "events.json", "line": 2, "excerpt": "<@U0EVIL> <!channel>"}]
    doc["gaps"] = [{"collector": "logs", "reason": "<!here>", "detail": "", "needs": "<@U0EVIL>"}]
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc))
    with SlackStandIn() as slack:
        monkeypatch.setenv("SLACK_API_URL", slack.url + "/api")
        monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-good-token")
        monkeypatch.setenv("SLACK_WEBHOOK_URL", slack.webhook_url)
        assert main(["slack", str(path), "--channel", "C1", "--thread-findings", "--cluster", "prod<!here>"]) == 0
        monkeypatch.delenv("SLACK_BOT_TOKEN")
        assert main(["slack", str(path)]) == 0
        sent = [r["json"] for r in slack.received if "json" in r]
    assert [r for r in slack.received if "json" in r][-1]["path"].startswith("/services/")
    assert len(sent) == 3                                  # message, thread reply, webhook message
    for payload in sent:
        text = " ".join(_strings(payload))
        for markup in HOSTILE:
            assert markup not in text, (markup, payload)
        assert "<" not in text and ">" not in text   # no Slack control sequence at all, ours or theirs
    main_msg = sent[0]
    assert "&lt;!channel&gt;" in main_msg["text"] and "&lt;!here&gt;" in main_msg["blocks"][0]["text"]["text"]
    evidence = main_msg["blocks"][2]["text"]["text"]
    assert "&lt;https://evil.example|Full report&gt; &lt;!channel&gt; &amp; more" in evidence
    assert "&lt;@U0EVIL&gt;" in json.dumps(sent[1]) and "prod&lt;!here&gt;" in json.dumps(main_msg)


def test_webhook_429_is_retried_after_retry_after_then_posted():
    with SlackStandIn() as slack:
        slack.script = ["429"]
        sleeps = Sleeps()
        with SlackClient(webhook_url=slack.webhook_url, sleep=sleeps) as client:
            client.post_webhook(build_message(DOC))
        assert sleeps == [2.0]
        posted = slack.messages("/services/")
        assert len(posted) == 1 and posted[0]["blocks"][0]["type"] == "header"


def test_dropped_connections_are_retried_with_backoff_then_give_up_in_one_line():
    with SlackStandIn() as slack:
        slack.script = ["drop", "drop"]
        sleeps = Sleeps()
        with SlackClient(webhook_url=slack.webhook_url, sleep=sleeps) as client:
            client.post_webhook(build_message(DOC))
        assert sleeps == [1.0, 2.0] and len(slack.messages("/services/")) == 1
        slack.script = ["drop"] * 4
        with SlackClient(webhook_url=slack.webhook_url, sleep=Sleeps(), max_retries=3) as client:
            with pytest.raises(NotifyError, match="network error talking to Slack .* after 4 attempts"):
                client.post_webhook(build_message(DOC))


def test_webhook_rejection_is_a_one_line_error():
    with SlackStandIn() as slack:
        with SlackClient(webhook_url=slack.webhook_url, sleep=Sleeps()) as client:
            with pytest.raises(NotifyError, match="invalid_blocks"):
                client.post_webhook({"text": "x", "blocks": [{"type": "header", "text": {"type": "plain_text",
                                                                                         "text": "h" * 200}}]})


@pytest.mark.parametrize("token,channel,code", [("xoxb-bad-token-123", "C1", "invalid_auth"),
                                                ("xoxb-good-token", "C404", "channel_not_found")])
def test_api_errors_exit_1_with_a_hint_and_never_the_token(monkeypatch, capsys, token, channel, code):
    with SlackStandIn() as slack:
        monkeypatch.setenv("SLACK_API_URL", slack.url + "/api")
        monkeypatch.setenv("SLACK_BOT_TOKEN", token)
        assert main(["slack", str(DOC_PATH), "--channel", channel]) == 1
    err = capsys.readouterr().err
    assert code in err and err.count("\n") == 1 and token not in err


def test_bot_post_thread_reply_and_external_upload_flow(monkeypatch, capsys, tmp_path):
    report = tmp_path / "report.html"
    report.write_bytes(b"<!doctype html><title>r</title>")
    with SlackStandIn() as slack:
        monkeypatch.setenv("SLACK_API_URL", slack.url + "/api")
        monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-good-token")
        code = main(["slack", str(DOC_PATH), "--channel", "C1", "--thread-findings", "--upload-report", str(report),
                     "--report-url", "https://tickets.example/r.html"])
        assert code == 0
        paths = [r["path"] for r in slack.received]
        assert paths == ["/api/chat.postMessage", "/api/chat.postMessage", "/api/files.getUploadURLExternal",
                         "/upload/F0123", "/api/files.completeUploadExternal"]
        main_msg, reply = slack.messages("/api/chat.postMessage")
        assert "thread_ts" not in main_msg and reply["thread_ts"] == "1764428400.000001"
        assert "node.gpu_not_advertised" in json.dumps(reply) and "scheduler.insufficient_gpu" in json.dumps(reply)
        assert slack.uploads["F0123"] == report.read_bytes()
        complete = slack.received[-1]["json"]
        assert complete["channel_id"] == "C1" and complete["thread_ts"] == "1764428400.000001"
        form = slack.received[2]["form"]
        assert form == {"filename": "report.html", "length": str(len(report.read_bytes()))}
    out = capsys.readouterr().out
    assert "posted to C1" in out and "xoxb" not in out


def test_a_file_that_is_not_a_findings_document_is_refused(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text('{"hello": 1}')
    assert main(["slack", str(bad), "--dry-run"]) == 1
    assert "not a gpu-triage findings document" in capsys.readouterr().err


def test_a_healthy_headline_names_the_layers_checked_only_in_part():
    """'Say only what you checked': the bot's header of a HEALTHY diagnosis must not read as
    fully checked when a gap kept some of a passed layer's checks from running (the reports'
    "checked in part"). s001's bundle holds no kernel log: its driver layer passed in part."""
    from triage.commands.analyze import analyze_document
    bundle = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "s001_healthy_vllm_serving" / "bundle"
    doc = analyze_document(bundle)
    assert doc["status"] == "healthy" and doc["layers"]["driver"]["gaps"]
    header = build_message(doc)["blocks"][0]["text"]["text"]
    assert header == "HEALTHY: Pod ml/vllm-0 (checked in part: driver)"
    whole = copy.deepcopy(doc)
    whole["layers"]["driver"]["gaps"] = []
    assert build_message(whole)["blocks"][0]["text"]["text"] == "HEALTHY: Pod ml/vllm-0"
