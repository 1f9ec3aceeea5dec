"""dcgm-exporter scrapes and counter CSVs on the real corpus files, plus property tests."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS
from triage.evidence.dcgm import DcgmUnavailable, parse_counters, parse_scrape, sentinel

DCGM = CORPUS / "dcgm"
SCRAPES = sorted(DCGM.glob("*.prom")) + [DCGM / "prometheus-query-series-examples.txt"]
COUNTERS = sorted(DCGM.glob("*.csv"))


def scrape(name: str):
    return parse_scrape((DCGM / name).read_text())


@pytest.mark.parametrize("path", SCRAPES, ids=lambda p: p.name)
def test_every_scrape_parses_every_sample_line(path):
    text = path.read_text()
    result = parse_scrape(text)
    assert result is not None
    sample_lines = [n for n, line in enumerate(text.splitlines(), 1) if line.upper().startswith("DCGM_")]
    assert sorted({s.line for s in result.samples}) == sample_lines
    assert result.skipped_lines == ()
    assert all(s.metric == s.metric.upper() and s.metric.startswith("DCGM_") for s in result.samples)
    assert all(s.gpu.uuid is None or s.gpu.uuid.startswith("GPU-") for s in result.samples)


@pytest.mark.parametrize("path, enabled, disabled", [
    ("dcgm-exporter-1.x-compatibility-metrics-HEAD-2026.csv", 22, 19),
    ("dcgm-exporter-dcp-metrics-included-HEAD-2026.csv", 26, 33),
    ("dcgm-exporter-default-counters-HEAD-2026.csv", 26, 37),
    ("dcgm-exporter-default-counters-gpu-monitoring-tools-2021.csv", 20, 18),
])
def test_counter_csvs(path, enabled, disabled):
    counters = parse_counters((DCGM / path).read_text())
    assert sum(c.enabled for c in counters) == enabled
    assert sum(not c.enabled for c in counters) == disabled
    assert all(c.type in ("gauge", "counter", "label") and c.help for c in counters)


def test_default_counters_head_fields():
    counters = parse_counters((DCGM / "dcgm-exporter-default-counters-HEAD-2026.csv").read_text())
    by_field = {c.field: c for c in counters}
    xid = by_field["DCGM_FI_DEV_XID_ERRORS"]
    assert (xid.type, xid.help, xid.enabled, xid.line) == ("gauge", "Value of the last XID error encountered.", True, 29)
    assert by_field["DCGM_EXP_XID_ERRORS_COUNT"].enabled is False
    assert (by_field["DCGM_FI_DRIVER_VERSION"].type, by_field["DCGM_FI_DRIVER_VERSION"].line) == ("label", 77)
    assert by_field["DCGM_FI_DEV_ROW_REMAP_FAILURE"].enabled
    legacy = parse_counters((DCGM / "dcgm-exporter-1.x-compatibility-metrics-HEAD-2026.csv").read_text())
    assert any(c.field == "dcgm_xid_errors" and c.enabled for c in legacy)
    assert parse_counters("just, some text\n") is None


def test_a100_mig_scrape_whole_gpu_and_instance():
    r = scrape("metrics-a100-mig-dcgm-exporter-2.4-nvidia-cloud-native-docs.prom")
    assert {g.hostname for g in r.gpus()} == {"ub20-a100-k8s"}
    assert [(x.gpu.gpu, x.gpu.mig_instance, x.gpu.mig_profile, x.xid) for x in r.xid_per_gpu()] == [
        (0, None, None, 0), (0, 13, "1g.5gb", 0)]              # whole GPU first, then the MIG instance
    (fb,) = r.framebuffer()
    assert (fb.used_mib, fb.free_mib, fb.total_mib) == (4845.0, 35690.0, 4845.0 + 35690.0)
    assert fb.gpu.uuid == "GPU-34319582-d595-d1c7-d1d2-179bcfa61660" and fb.gpu.device == "nvidia0"


def test_a30_mig_xid_gauge_per_instance():
    r = scrape("metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom")
    xids = r.xid_per_gpu()
    assert [(x.gpu.gpu, x.gpu.mig_instance, x.xid) for x in xids] == [
        (0, 3, 0), (0, 4, 0), (0, 5, 0), (0, 6, 0), (1, 3, 0), (1, 4, 0)]
    assert xids[0].line == 2 and xids[0].gpu.model == "NVIDIA A30" and xids[0].gpu.mig_profile == "1g.6gb"
    assert xids[0].gpu.hostname == "yg-data-k8s-gpu-a30-node-test-test0003.mt"
    assert {fb.used_mib for fb in r.framebuffer()} == {3.0}


def test_h100_mig_pod_attribution():
    r = scrape("metrics-excerpt-h100-mig-pods-535.129.03-dcgm-exporter-issue512.prom")
    assert r.driver_version == "535.129.03"
    attributed = [(s.gpu.mig_instance, s.pod.namespace if s.pod else None, s.pod.pod if s.pod else None,
                   s.pod.container if s.pod else None) for s in r.samples]
    assert attributed == [
        (7, "model-playground-stg", "text-embedding-predictor-00008-deployment-57946f6c67-vdtjl", "kserve-container"),
        (8, None, None, None),
        (9, "model-playground-stg", "tts-predictor-00011-deployment-5554f75554-8j8pl", "kserve-container")]
    assert r.samples[0].gpu.pci_bus_id == "00000000:1A:00.0" and r.samples[0].line == 3


def test_lowercase_hostname_and_mixed_mig():
    r = scrape("metrics-excerpt-rtx2000ada-a30-mig-lowercase-hostname-dcgm-exporter-pr736.prom")
    assert {g.hostname for g in r.gpus()} == {"dcgm-exporter-wwwjh"}
    free = {(f.gpu.gpu, f.gpu.model, f.gpu.mig_profile): f.free_mib for f in r.framebuffer()}
    assert free == {(1, "NVIDIA RTX 2000 Ada Generation", None): 11275.0, (2, "NVIDIA A30", "1g.6gb"): 2207.0}
    assert [p.pod for p in r.pods()] == ["triton-server-f7cb5d77-95xcf"]


def test_lowercase_metric_names_and_2021_pod_labels():
    r = scrape("metrics-excerpt-a100-mig-lowercase-names-dcgm-exporter-issue272.prom")
    assert {s.metric for s in r.samples} == {"DCGM_FI_PROF_GR_ENGINE_ACTIVE"}
    assert [(s.gpu.gpu, s.gpu.mig_profile, s.gpu.mig_instance) for s in r.samples] == [
        (0, "3g.40gb", 1), (0, "4g.40gb", 2), (1, "3g.40gb", 1)]
    assert all(s.pod is None for s in r.samples)                  # pod_name="" means no pod
    assert r.samples[0].gpu.uuid == "GPU-ed1353d6-52ba-8793-7230-4d5d3eb68167"
    old = scrape("metrics-excerpt-2020-device-label-empty-pod-labels-gpu-monitoring-tools-issue138.prom")
    assert len(old.samples) == 8 and old.pods() == ()
    assert old.metric("DCGM_FI_DEV_GPU_UTIL")[0].value == 44.0


def test_unsupported_sentinel_and_cut_lines():
    r = scrape("metrics-readme-sample-k8s-dcgm-exporter.prom")
    assert [(s.metric, s.line) for s in r.samples] == [
        ("DCGM_FI_DEV_SM_CLOCK", 8), ("DCGM_FI_DEV_MEM_CLOCK", 9), ("DCGM_FI_DEV_MEMORY_TEMP", 10)]
    temp = r.samples[2]
    assert (temp.value, temp.raw_value, temp.unavailable) == (None, "9223372036854775794", DcgmUnavailable.NOT_SUPPORTED)
    assert r.skipped_lines == ()                                  # the "..." cut markers are not data


def test_sentinel_values():
    assert sentinel("9223372036854775792") is DcgmUnavailable.BLANK
    assert sentinel("9223372036854775795") is DcgmUnavailable.NOT_PERMISSIONED
    assert sentinel("2147483633") is DcgmUnavailable.NOT_FOUND
    assert sentinel("140737488355330.000000") is DcgmUnavailable.NOT_SUPPORTED
    assert sentinel("9223372036854775791") is None and sentinel("139") is None and sentinel("NaN") is None


def test_xid_windowed_count_and_query_series():
    r = scrape("metrics-excerpt-xid-errors-count-t400-545.29.02-dcgm-exporter-pr239.prom")
    (x,) = r.xid_per_gpu()
    assert (x.xid, x.gpu.model, x.gpu.gpu) == (42, "NVIDIA T400 4GB", 0) and r.driver_version == "545.29.02"
    series = parse_scrape((DCGM / "prometheus-query-series-examples.txt").read_text())
    assert all(s.value is None for s in series.samples)           # query results carry no value
    assert series.samples[0].gpu.node == "aks-gpunp-66230965-vmss000000"
    assert series.samples[0].gpu.hostname == "nvidia-dcgm-exporter-57pvc"
    assert [x.xid for x in series.xid_per_gpu()] == [45]         # err_code="45"


def test_two_exporters_in_one_file_and_fb_total():
    r = scrape("metrics-t4-460.106.00-470.182.03-datadog-integrations-core.prom")
    assert r.driver_version == "460.106.00"
    fb = {f.gpu.uuid: f for f in r.framebuffer()}
    assert (fb["GPU-20c56d28-0da5-6d26-a36a-e7af1ce2586e"].used_mib, fb["GPU-20c56d28-0da5-6d26-a36a-e7af1ce2586e"].free_mib) == (0.0, 15109.0)
    assert fb["GPU-9ef1b6d0-3643-5dd7-b823-c0ec20dcf2d5"].total_mib == 15109.0
    assert [(p.namespace, p.pod, p.container) for p in r.pods()] == [("ray-llm", "ray-1111111", "ray-worker")]


def test_not_a_scrape():
    assert parse_scrape("") is None
    assert parse_scrape("node_cpu_seconds_total{cpu=\"0\"} 1\n") is None
    bad = parse_scrape('DCGM_FI_DEV_GPU_UTIL{gpu="0" 5\nDCGM_FI_DEV_GPU_TEMP{gpu="0"} 40\n')
    assert bad.skipped_lines == (1,) and [(s.metric, s.value, s.line) for s in bad.samples] == [("DCGM_FI_DEV_GPU_TEMP", 40.0, 2)]


# ---- never anything but a record or None -----------------------------------------------------

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises(text):
    parse_scrape(text)
    parse_counters(text)


@_SETTINGS
@given(st.sampled_from(SCRAPES + COUNTERS), st.data())
def test_mutated_corpus_files_never_raise(path, data):
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    kind = data.draw(st.sampled_from(["truncate", "delete_line", "flip"]))
    if kind == "truncate":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif kind == "delete_line" and lines:
        i = data.draw(st.integers(0, len(lines) - 1))
        text = "".join(lines[:i] + lines[i + 1:])
    else:
        raw = bytearray(text.encode())
        for _ in range(data.draw(st.integers(1, 8))):
            i = data.draw(st.integers(0, len(raw) - 1))
            raw[i] = data.draw(st.integers(0, 255))
        text = raw.decode("utf-8", errors="replace")
    result = parse_scrape(text)
    assert result is None or all(s.line >= 1 for s in result.samples)
    parse_counters(text)


def test_exported_pod_labels_after_prometheus_relabelling():
    """A Prometheus with honor_labels=false renames the exporter's pod labels to exported_*;
    a corpus line with that rename must attribute to the same pod."""
    line = next(line for line in (DCGM / "metrics-excerpt-h100-mig-pods-535.129.03-dcgm-exporter-issue512.prom")
                .read_text().splitlines() if 'pod="text-embedding' in line)
    renamed = (line.replace('container="', 'exported_container="').replace('namespace="', 'exported_namespace="')
               .replace(',pod="', ',exported_pod="'))
    original, relabelled = parse_scrape(line).samples[0], parse_scrape(renamed).samples[0]
    assert relabelled.pod == original.pod == parse_scrape(line).pods()[0]
    assert relabelled.pod.namespace == "model-playground-stg" and relabelled.gpu == original.gpu


def test_samples_grouped_per_gpu():
    r = scrape("metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom")
    groups = r.by_gpu()
    assert [(g.gpu, g.mig_instance, [s.metric for s in samples]) for g, samples in groups] == [
        (0, 3, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"]), (0, 4, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"]),
        (0, 5, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"]), (0, 6, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"]),
        (1, 3, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"]), (1, 4, ["DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_USED"])]
    first_gpu = groups[0][0]
    assert r.value("dcgm_fi_dev_fb_used", first_gpu).value == 3.0 and r.value("DCGM_FI_DEV_GPU_TEMP", first_gpu) is None
