"""Pod and service proxy of the replay server: the DCGM exporter's /metrics answered, byte for
byte, from the scrape the bundle recorded for the exporter pod's node; kubectl and the official
Python client read it as they read a real API server's proxy."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request

import pytest
from kubernetes import client, config

from tests.collect.cluster_fixture import OPERATOR_NS, build
from tests.conftest import CORPUS
from tests.replay.conftest import KUBECTL, env_for_kubectl
from triage.replay.server import Faults, ReplayServer
from triage.replay.status import NOT_FOUND_PATH

SCRAPE = (CORPUS / "dcgm/metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom").read_bytes()
EXPORTER = "nvidia-dcgm-exporter-aaaaa"         # runs on gpu-node-1, port 9400 named "metrics"
POD_PROXY = f"/api/v1/namespaces/{OPERATOR_NS}/pods/{EXPORTER}:9400/proxy/metrics"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build(tmp_path_factory.mktemp("proxy") / "cluster", dcgm=SCRAPE)


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.headers.get("Content-Type", ""), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type", ""), err.read()


def test_pod_proxy_answers_the_nodes_recorded_scrape_byte_for_byte(bundle):
    with ReplayServer(bundle, port=0) as srv:
        status, ctype, body = get(srv.url + POD_PROXY)
        by_name = get(srv.url + POD_PROXY.replace(":9400", ":metrics"))       # named port
        with_scheme = get(srv.url + POD_PROXY.replace(f"{EXPORTER}:9400", f"http:{EXPORTER}:9400"))
    assert (status, body) == (200, SCRAPE)
    assert ctype.startswith("text/plain; version=0.0.4")
    assert by_name[2] == SCRAPE and with_scheme[2] == SCRAPE


def test_what_was_not_recorded_is_the_apiservers_status(bundle):
    ns = OPERATOR_NS
    with ReplayServer(bundle, port=0) as srv:
        other_path = get(srv.url + POD_PROXY.replace("/metrics", "/debug/pprof"))
        wrong_port = get(srv.url + POD_PROXY.replace(":9400", ":8080"))
        no_pod = get(srv.url + f"/api/v1/namespaces/{ns}/pods/nvidia-dcgm-exporter-zzzzz:9400/proxy/metrics")
        # The device plugin on gpu-node-2 is running, but no scrape was recorded for that node.
        no_scrape = get(srv.url + f"/api/v1/namespaces/{ns}/pods/nvidia-device-plugin-daemonset-bbbbb/proxy/metrics")
        no_service = get(srv.url + f"/api/v1/namespaces/{ns}/services/prometheus:9090/proxy/metrics")
    assert json.loads(other_path[2])["code"] == 404 and other_path[0] == 404
    assert wrong_port[0] == 503 and "connection refused" in json.loads(wrong_port[2])["message"]
    assert json.loads(no_pod[2])["message"] == 'pods "nvidia-dcgm-exporter-zzzzz" not found'
    assert no_scrape[0] == 404 and json.loads(no_scrape[2])["message"] == NOT_FOUND_PATH
    assert json.loads(no_service[2])["message"] == 'services "prometheus" not found'


def test_service_proxy_reaches_an_exporter_pod_of_the_service(bundle):
    with ReplayServer(bundle, port=0) as srv:
        status, _, body = get(srv.url + f"/api/v1/namespaces/{OPERATOR_NS}/services/nvidia-dcgm-exporter:9400"
                                        "/proxy/metrics")
    assert (status, body) == (200, SCRAPE)


def test_forbidden_pods_proxy_is_the_rbac_403_and_nothing_leaks(bundle):
    with ReplayServer(bundle, port=0, faults=Faults(forbidden={"pods/proxy"})) as srv:
        status, _, body = get(srv.url + POD_PROXY)
        logs_still = get(srv.url + f"/api/v1/namespaces/{OPERATOR_NS}/pods/{EXPORTER}/log")
    doc = json.loads(body)
    assert status == 403 and doc["reason"] == "Forbidden"
    assert 'cannot get resource "pods/proxy"' in doc["message"] and f'namespace "{OPERATOR_NS}"' in doc["message"]
    assert b"DCGM_FI" not in body
    assert logs_still[0] == 200


def test_official_python_client_reads_metrics_through_the_pod_proxy(bundle, tmp_path):
    with ReplayServer(bundle, port=0) as srv:
        cfg = client.Configuration()
        config.load_kube_config(str(srv.write_kubeconfig(tmp_path / "kc")), client_configuration=cfg)
        core = client.CoreV1Api(client.ApiClient(cfg))
        text = core.connect_get_namespaced_pod_proxy_with_path(f"{EXPORTER}:9400", OPERATOR_NS, "metrics")
    assert text == SCRAPE.decode()


@pytest.mark.skipif(not KUBECTL, reason="kubectl not installed")
def test_kubectl_get_raw_reads_the_scrape(bundle, tmp_path):
    with ReplayServer(bundle, port=0) as srv:
        kc = srv.write_kubeconfig(tmp_path / "kc")
        proc = subprocess.run([KUBECTL, "--kubeconfig", str(kc), "get", "--raw", POD_PROXY],
                              capture_output=True, timeout=60, env=env_for_kubectl(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == SCRAPE
