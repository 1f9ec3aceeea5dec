"""GPU utilisation over a time window from a Prometheus that scrapes the DCGM exporters
(`gpu-triage audit --prometheus URL`): one instant query of the HTTP API,

    GET <URL>/api/v1/query?query=avg_over_time(DCGM_FI_DEV_GPU_UTIL[2h])

written as Prometheus answered it (with the query) to layout.PROMETHEUS_GPU_UTIL, so the
audit judges a window instead of the one scrape per node the pod proxy gives. A failure is a
gap of the bundle, like any other read. A bearer token, if the Prometheus needs one, comes
from $PROMETHEUS_TOKEN."""

from __future__ import annotations

import json
import os

import httpx

from triage.bundle import layout
from triage.collect.session import Session

DEFAULT_WINDOW = "2h"
QUERY = "avg_over_time(DCGM_FI_DEV_GPU_UTIL[{window}])"


def collect_gpu_util(session: Session, url: str, window: str = DEFAULT_WINDOW) -> None:
    query = QUERY.format(window=window)
    headers = {"Accept": "application/json"}
    token = os.environ.get("PROMETHEUS_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    endpoint = url.rstrip("/") + "/api/v1/query"
    try:
        with httpx.Client(timeout=session.options.request_timeout, headers=headers) as client:
            resp = client.get(endpoint, params={"query": query})
        doc = resp.json()
    except (httpx.HTTPError, ValueError) as err:
        session.writer.add_gap("prometheus", "error", f"{endpoint}: {type(err).__name__}: {err}",
                               "a Prometheus HTTP API URL this machine reaches (--prometheus URL)")
        return
    if resp.status_code != 200 or not isinstance(doc, dict) or doc.get("status") != "success":
        reason = "forbidden" if resp.status_code in (401, 403) else "error"
        session.writer.add_gap("prometheus", reason, f"{endpoint}: HTTP {resp.status_code}: "
                               f"{str(doc.get('error') if isinstance(doc, dict) else '')[:200]}",
                               "a token with read access in $PROMETHEUS_TOKEN" if reason == "forbidden"
                               else "a Prometheus that scrapes the DCGM exporters")
        return
    session.write_text("prometheus", layout.PROMETHEUS_GPU_UTIL,
                       json.dumps({"url": endpoint, "query": query, "window": window, "answer": doc}, indent=1))
