"""`gpu-triage watch`: a long-running watcher (a Deployment inside the cluster) that
posts each new GPU diagnosis to Slack once.

    SLACK_BOT_TOKEN=xoxb-... gpu-triage watch -A --cluster prod --channel C0123 \\
        --state /var/lib/gpu-triage/dedup.json --healthz-addr 0.0.0.0

It watches pods that request GPUs (list + watch, relist on 410, reconnect with
backoff) and Warning events about pods (to re-judge a pod at once), notices a pod unschedulable past `--grace`, crash-looping, refused at
admission, killed, or failed; triages it exactly like `gpu-triage pod` (collect into
a temporary bundle, analyse, delete the bundle); and posts once per (cluster, target,
root cause, evidence fingerprint) within `--ttl`. The dedup state is a JSON file
(`--state`, on a volume in the Deployment) because the service account is read-only.
SIGTERM or SIGINT: stop watching, drop triages not started, finish running ones, exit 0.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
import urllib.parse
from typing import Callable, Mapping

from triage.errors import TriageError, UsageError

DEFAULT_HEALTHZ_PORT = 8080


def register(sub) -> None:
    p = sub.add_parser("watch", help="watch GPU pods and post each new diagnosis to Slack once",
                       description=__doc__.split("\n\n", 1)[0].split(": ", 1)[1],
                       epilog="examples:\n"
                              "  SLACK_BOT_TOKEN=xoxb-... gpu-triage watch -A --channel C0123ABCD --state watch.json\n"
                              "  SLACK_WEBHOOK_URL=https://hooks.slack.com/services/... gpu-triage watch -n llm\n\n"
                              "Slack: SLACK_BOT_TOKEN with --channel, or SLACK_WEBHOOK_URL (or --token-file / "
                              "--webhook-file). Exit: 0 after SIGTERM/SIGINT, 1 when it cannot start.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kubeconfig", help="kubeconfig file (default: $KUBECONFIG, ~/.kube/config, in-cluster)")
    p.add_argument("--context", help="kubeconfig context")
    scope = p.add_mutually_exclusive_group()
    scope.add_argument("-n", "--namespace", help="watch GPU pods of this namespace only")
    scope.add_argument("-A", "--all-namespaces", action="store_true", help="watch GPU pods of every namespace")
    p.add_argument("--cluster", metavar="NAME", help="cluster name in messages and dedup keys (default: context)")
    p.add_argument("--channel", help="Slack channel id (with SLACK_BOT_TOKEN)")
    p.add_argument("--token-file", help="read the bot token from this file instead of SLACK_BOT_TOKEN")
    p.add_argument("--webhook-file", help="read the webhook URL from this file instead of SLACK_WEBHOOK_URL")
    p.add_argument("--state", metavar="FILE", help="dedup store (JSON, survives restarts; default: in memory)")
    p.add_argument("--ttl", type=_seconds, default=6 * 3600.0,
                   help="seconds before the same diagnosis may be posted again (default 21600)")
    p.add_argument("--grace", type=_seconds, default=120.0,
                   help="seconds a pod may stay unschedulable before it is triaged (default 120)")
    p.add_argument("--retriage", type=_seconds, default=300.0,
                   help="seconds before the same pod is triaged again (default 300)")
    p.add_argument("--sweep", type=_positive, default=30.0,
                   help="seconds between re-judging known pods (grace periods end without events; default 30)")
    p.add_argument("--workers", type=_count, default=2, help="concurrent triages (default 2)")
    p.add_argument("--max-queue", type=_count, default=100,
                   help="pending triages kept; more are dropped until the next sweep (default 100)")
    p.add_argument("--min-post-interval", type=_seconds, default=1.0,
                   help="seconds between two Slack posts (default 1)")
    p.add_argument("--healthz-port", type=_port, default=DEFAULT_HEALTHZ_PORT,
                   help=f"port of /healthz (default {DEFAULT_HEALTHZ_PORT}; 0 picks a free one and prints it)")
    p.add_argument("--healthz-addr", default="127.0.0.1",
                   help="address of /healthz (default 127.0.0.1; 0.0.0.0 in a pod, for the kubelet's probes)")
    p.add_argument("--no-exec", action="store_true", help="do not run nvidia-smi or read Xids inside containers")
    p.add_argument("--report-url-base", metavar="URL",
                   help="link each message to URL/<namespace>/<pod> (where your team keeps reports)")
    p.add_argument("--request-timeout", type=_positive, default=10.0, help="seconds per API request (default 10)")
    p.add_argument("--triage-timeout", type=_positive, default=60.0,
                   help="seconds one triage's collection may take (default 60)")
    p.add_argument("--watch-timeout", type=_count, default=300,
                   help="seconds per watch request before it is renewed (default 300)")
    p.set_defaults(func=run)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, got {text!r}")
    return value


def _positive(text: str) -> float:
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError("expected a number of seconds > 0, got 0")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number 0-65535, got {text!r}")
    return int(text)


def _log(text: str) -> None:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    print(f"{stamp} gpu-triage watch: {text}", file=sys.stderr, flush=True)


def report_url(base: str | None, doc: Mapping) -> str | None:
    """URL/<namespace>/<pod> for the diagnosed target (names URL-quoted)."""
    if not base:
        return None
    target = doc.get("target") or {}
    parts = [str(target.get("namespace") or ""), str(target.get("name") or "")]
    return base.rstrip("/") + "/" + "/".join(urllib.parse.quote(p, safe="") for p in parts if p)


def make_poster(args, cluster: str) -> tuple[Callable[[Mapping], None], Callable[[], None]]:
    """(post(doc), close()) for the Slack destination the environment names."""
    from triage.commands.slack import playbook_steps, slack_client, slack_destination
    from triage.notify.blocks import build_message

    token, webhook = slack_destination(args)
    if not token and not webhook:
        raise UsageError("no Slack destination: set SLACK_WEBHOOK_URL, or SLACK_BOT_TOKEN with --channel")
    client = slack_client(token, webhook)

    def post(doc: Mapping) -> None:
        message = build_message(dict(doc), report_url=report_url(args.report_url_base, doc), cluster=cluster,
                                playbook_steps=playbook_steps(dict(doc)))
        if token:
            client.post_message(args.channel, message)
        else:
            client.post_webhook(message)
        target = doc.get("target") or {}
        root = doc.get("root_cause") or {}
        _log(f"posted {target.get('namespace')}/{target.get('name')}: {root.get('id') or doc.get('status')}")

    return post, client.close


def follow_warnings(events, watcher) -> None:
    """Re-judge the pod of each Warning event at once (run in a thread until `events` ends).
    Without access to events the watcher goes on with pods alone."""
    try:
        for _type, event in events:
            involved = event.get("involvedObject") or {}
            watcher.nudge(str(involved.get("namespace") or ""), str(involved.get("name") or ""))
    except TriageError as err:
        _log(f"not following pod events: {err}")


def run(args) -> int:
    from triage.collect.kube import Budget, Kube, default_namespace
    from triage.collect.session import Options
    from triage.collect.watch_stream import FOREVER, GpuPodWatch, PodWarningEvents
    from triage.watch.dedup import DedupStore
    from triage.watch.health import HealthServer
    from triage.watch.live import LiveTriage
    from triage.watch.metrics import WatchMetrics
    from triage.watch.watcher import Watcher

    cluster = args.cluster or args.context or "cluster"
    post, close_slack = make_poster(args, cluster)
    namespace = None if args.all_namespaces else (args.namespace or default_namespace(args.kubeconfig, args.context))
    kube = Kube.connect(args.kubeconfig, args.context, request_timeout=args.request_timeout, budget=Budget(FOREVER))
    stream = GpuPodWatch(kube, namespace, watch_timeout_s=args.watch_timeout)
    warnings = PodWarningEvents(kube, namespace, watch_timeout_s=args.watch_timeout)
    store = DedupStore(args.state, ttl_s=args.ttl)
    store.check_writable()
    triage = LiveTriage(Options(kubeconfig=args.kubeconfig, context=args.context, namespace=namespace,
                                all_namespaces=namespace is None, request_timeout=args.request_timeout,
                                timeout=args.triage_timeout, exec=not args.no_exec))

    metrics = WatchMetrics(cluster)

    def on_error(trigger, err: Exception) -> None:
        metrics.failed()
        _log(f"triage of {trigger.namespace}/{trigger.pod} ({trigger.kind.value}) failed: "
             f"{type(err).__name__}: {' '.join(str(err).split())[:300]}")

    watcher = Watcher(events=stream, triage=triage, post=post, store=store, cluster=cluster,
                      grace_s=args.grace, retriage_s=args.retriage, max_queue=args.max_queue,
                      workers=args.workers, min_post_interval_s=args.min_post_interval, sweep_s=args.sweep,
                      on_error=on_error, log=_log,
                      on_result=lambda trig, doc, seconds: metrics.observe((trig.namespace, trig.pod), doc, seconds),
                      on_clear=metrics.clear)
    stale_after = args.watch_timeout + 60.0
    stopping = threading.Event()

    def health() -> tuple[bool, str]:
        if stopping.is_set():
            return False, "shutting down"
        if stream.last_contact == 0:
            return False, "first list of GPU pods not done yet"
        quiet = time.monotonic() - stream.last_contact
        if quiet > stale_after:
            return False, f"no answer from the API server for {quiet:.0f}s"
        s = watcher.stats
        return True, (f"{stream.stats.lists} lists, {stream.stats.watches} watches, {s.triggers} triggers, "
                      f"{s.triaged} triaged, {s.posted} posted, {s.duplicates} duplicates")

    server = HealthServer(args.healthz_addr, args.healthz_port, health, metrics=metrics.exposition).start()

    def stop_all(signame: str) -> None:
        _log(f"{signame}: stopping the watch, finishing running triages")
        watcher.discard_queued()
        warnings.close()
        stream.close()

    def shutdown(signum, _frame) -> None:
        # A signal handler runs in the main thread, which may hold the watcher's or the
        # stream's lock (or stderr's) right now: take none here, let a thread do the stopping.
        if stopping.is_set():
            return
        stopping.set()
        threading.Thread(target=stop_all, args=(signal.Signals(signum).name,), name="shutdown", daemon=True).start()

    previous = {s: signal.signal(s, shutdown) for s in (signal.SIGTERM, signal.SIGINT)}
    scope = f"namespace {namespace}" if namespace else "every namespace"
    _log(f"watching GPU pods in {scope} on {kube.host} as cluster {cluster!r}; "
         f"healthz on http://{server.host}:{server.port}/healthz, metrics on /metrics; "
         f"dedup state {args.state or '(memory only)'}")
    threading.Thread(target=follow_warnings, args=(warnings, watcher), name="pod-events", daemon=True).start()
    try:
        stats = watcher.run()
    finally:
        stopping.set()
        warnings.close()
        stream.close()
        server.stop()
        close_slack()
        kube.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    _log(f"stopped: {stats.triaged} triaged, {stats.posted} posted, {stats.duplicates} duplicates, "
         f"{stats.errors} errors, {stats.dropped} dropped")
    return 0
