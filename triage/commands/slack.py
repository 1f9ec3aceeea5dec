"""`gpu-triage slack FINDINGS.json|BUNDLE`: post the diagnosis summary to Slack.

    SLACK_WEBHOOK_URL=... gpu-triage slack findings.json
    SLACK_BOT_TOKEN=... gpu-triage slack incident.tar.gz --channel C0123 --report-url https://... --upload-report
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from triage.errors import TriageError, UsageError

FINDINGS_SCHEMA = "gpu-triage.findings/v1"


def register(sub) -> None:
    p = sub.add_parser("slack", help="post a diagnosis summary to Slack",
                       description=__doc__.split("\n\n", 1)[0],
                       epilog="example: SLACK_WEBHOOK_URL=https://hooks.slack.com/services/... "
                              "gpu-triage slack findings.json --report-url https://tickets/1234/report.html")
    p.add_argument("source", metavar="FINDINGS_OR_BUNDLE", help="a findings JSON file, or a bundle to analyse")
    p.add_argument("--channel", help="channel id or name (with SLACK_BOT_TOKEN)")
    p.add_argument("--report-url", help="link to the full report")
    p.add_argument("--cluster", help="cluster or context name shown in the message")
    p.add_argument("--upload-report", metavar="HTML", help="upload this HTML report as a file (bot token only)")
    p.add_argument("--thread-findings", action="store_true", help="post secondary findings as a thread reply")
    p.add_argument("--token-file", help="read the bot token from this file instead of SLACK_BOT_TOKEN")
    p.add_argument("--webhook-file", help="read the webhook URL from this file instead of SLACK_WEBHOOK_URL")
    p.add_argument("--dry-run", action="store_true", help="print the message JSON instead of posting")
    p.set_defaults(func=run)


def _secret(env: str, path: str | None) -> str | None:
    if path:
        try:
            return Path(path).read_text().strip() or None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror}") from None
    return os.environ.get(env) or None


def slack_destination(args) -> tuple[str | None, str | None]:
    """(bot token, webhook URL) from --token-file / --webhook-file or the environment;
    a bot token needs --channel."""
    token = _secret("SLACK_BOT_TOKEN", args.token_file)
    webhook = _secret("SLACK_WEBHOOK_URL", args.webhook_file)
    if token and not args.channel:
        raise UsageError("--channel is required with a bot token")
    return token, webhook


def slack_client(token: str | None, webhook: str | None):
    """The client for that destination (the bot token wins); SLACK_API_URL overrides the API."""
    from triage.notify.slack import SLACK_API, SlackClient
    return SlackClient(token=token, webhook_url=None if token else webhook,
                       api_url=os.environ.get("SLACK_API_URL", SLACK_API))


def load_findings(source: str) -> dict:
    """A findings v1 document from a JSON file, or by analysing a bundle."""
    path = Path(source)
    if path.is_file() and path.suffix == ".json":
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as err:
            raise TriageError(f"{source} is not valid JSON: {err}") from None
        if not isinstance(doc, dict) or doc.get("schema") != FINDINGS_SCHEMA:
            raise TriageError(f"{source} is not a gpu-triage findings document (schema {FINDINGS_SCHEMA})")
        return doc
    from triage.bundle.views import load_bundle
    from triage.classify.engine import diagnose
    from triage.render.json import findings_document
    with load_bundle(path) as bundle:
        return findings_document(diagnose(bundle, None), bundle)


def playbook_steps(doc: dict, limit: int = 3) -> list[str]:
    """The first commands of the root cause's playbook, filled with this incident's names."""
    return finding_steps(doc.get("root_cause"), limit)


def finding_steps(root: dict | None, limit: int = 3) -> list[str]:
    """The first commands of a finding's playbook (its Confirm section), filled with its names."""
    if not root:
        return []
    try:
        from triage import playbooks
        from triage.render.wording import first_commands
        text = playbooks.render(root["id"], root.get("params") or {})
    except Exception:  # a missing playbook must not stop the alert
        return []
    return first_commands(text, limit)


FLEET_SCHEMA = "gpu-triage.fleet/v1"


def _fleet(source: str) -> dict | None:
    """A `scan --context a --context b -o json` document (triage/render/fleet.py), else None."""
    path = Path(source)
    if not (path.is_file() and path.suffix == ".json"):
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return doc if isinstance(doc, dict) and doc.get("schema") == FLEET_SCHEMA else None


def run_fleet(args, fleet: dict) -> int:
    """One message per cluster of a several-cluster scan, each naming its cluster."""
    from triage.notify.blocks import build_message
    from triage.notify.digest import build_digest, is_scan
    messages = []
    for c in fleet.get("clusters") or ():
        doc = c.get("document") if isinstance(c, dict) else None
        if not isinstance(doc, dict) or doc.get("schema") != FINDINGS_SCHEMA:
            continue          # a cluster that could not be read, or an audit: nothing to post
        name = str(c.get("cluster") or "")
        messages.append(build_digest(doc, report_url=args.report_url, cluster=name) if is_scan(doc) else
                        build_message(doc, report_url=args.report_url, cluster=name, playbook_steps=playbook_steps(doc)))
    if not messages:
        raise TriageError(f"{args.source}: no cluster's findings to post")
    if args.dry_run:
        print(json.dumps(messages, indent=2, ensure_ascii=False))
        return 0
    token, webhook = slack_destination(args)
    with slack_client(token, webhook) as slack:
        for message in messages:
            if token:
                posted = slack.post_message(args.channel, message)
                print(f"posted to {posted.channel} at {posted.ts}")
            else:
                slack.post_webhook(message)
                print("posted to the webhook")
    return 0


def run(args) -> int:
    from triage.notify.blocks import build_message, build_thread_reply
    from triage.notify.digest import build_digest, build_incident_replies, is_scan

    fleet = _fleet(args.source)
    if fleet is not None:
        return run_fleet(args, fleet)
    doc = load_findings(args.source)
    scan = is_scan(doc)
    if scan:      # a scan: one digest, a block per incident
        message = build_digest(doc, report_url=args.report_url, cluster=args.cluster)
    else:
        message = build_message(doc, report_url=args.report_url, cluster=args.cluster,
                                playbook_steps=playbook_steps(doc))
    if args.dry_run:
        print(json.dumps(message, indent=2, ensure_ascii=False))
        return 0
    token, webhook = slack_destination(args)
    if args.upload_report and not token:
        raise UsageError("--upload-report needs SLACK_BOT_TOKEN (webhooks cannot upload files)")
    with slack_client(token, webhook) as slack:
        if token:
            posted = slack.post_message(args.channel, message)
            if scan:      # a thread reply per incident
                replies = build_incident_replies(doc, finding_steps) if args.thread_findings else []
            else:
                replies = [r for r in [build_thread_reply(doc) if args.thread_findings else None] if r]
            for reply in replies:
                slack.post_message(args.channel, reply, thread_ts=posted.ts)
            if args.upload_report:
                html = Path(args.upload_report)
                try:
                    content = html.read_bytes()
                except OSError as err:
                    raise UsageError(f"cannot read {html}: {err.strerror}") from None
                slack.upload_file(posted.channel or args.channel, html.name, content,
                                  title="gpu-triage report", thread_ts=posted.ts)
            print(f"posted to {posted.channel} at {posted.ts}")
        else:
            slack.post_webhook(message)
            print("posted to the webhook")
    return 0
