"""Reads that answer from a raw (or slim) pod dict what the views would (issue 16: a scan asks
them of thousands of pods): `Pod.gpu_requests` and `raw_app_requests` from the containers'
resources, `Pod.condition` from the raw condition list. Each must give what the view-built
answer gives, on well-formed pods and on the shapes an untrusted bundle may hold."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from triage.bundle.objects.containers import raw_app_requests, read_container
from triage.bundle.objects.fields import as_mapping, as_tuple
from triage.bundle.objects.meta import conditions_from
from triage.bundle.objects.pod import Pod


def _containers(raw):
    spec = as_mapping(raw.get("spec"))
    return tuple(read_container(c, True) for c in as_tuple(spec.get("initContainers")) if isinstance(c, Mapping)) + \
        tuple(read_container(c, False) for c in as_tuple(spec.get("containers")) if isinstance(c, Mapping))


def _gpu_requests_from_views(raw) -> dict[str, int]:
    """The computation Pod.gpu_requests made from the containers' views before."""
    total: dict[str, int] = {}
    init_max: dict[str, int] = {}
    for c in _containers(raw):
        for res, n in c.gpu_resources().items():
            if c.init:
                init_max[res] = max(init_max.get(res, 0), n)
            else:
                total[res] = total.get(res, 0) + n
    for res, n in init_max.items():
        total[res] = max(total.get(res, 0), n)
    return total


def _res(limits=None, requests=None):
    out = {}
    if limits is not None:
        out["limits"] = limits
    if requests is not None:
        out["requests"] = requests
    return {"resources": out}


PODS = [
    {},
    {"spec": None},
    {"spec": {"containers": "not a list"}},
    {"spec": {"containers": [_res({"nvidia.com/gpu": "2", "cpu": "4"}, {"memory": "1Gi", "cpu": None})]}},
    {"spec": {"containers": [_res({"nvidia.com/gpu": "1"}), "junk", {"resources": "junk"}, _res({"amd.com/gpu": 1})],
              "initContainers": [_res({"nvidia.com/gpu": "3", "cpu": "500m"}), _res(requests={"nvidia.com/gpu": "0"})]}},
    {"spec": {"containers": [_res({"nvidia.com/gpu": None, "nvidia.com/mig-1g.5gb": "1e400", "gpu.intel.com/i915": 1.7},
                                  {"nvidia.com/gpu": True, "nvidia.com/A100": "2"})]}},
    {"spec": {"containers": [_res({"nvidia.com/gpu": "1"}, {"nvidia.com/gpu": "4", "cpu": 2, "memory": "1" + "0" * 70})]}},
    {"spec": {"containers": [_res({"nvidia.com/gpumem": "1000", "aliyun.com/gpu-mem": "2", "tencent.com/vcuda-core": "50"})]}},
]


@pytest.mark.parametrize("raw", PODS)
def test_gpu_requests_from_the_raw_pod_are_the_views_counts(raw):
    got = Pod(raw, "p").gpu_requests
    want = _gpu_requests_from_views(raw)
    assert list(got.items()) == list(want.items())


@pytest.mark.parametrize("raw", PODS)
def test_raw_app_requests_are_the_app_containers_requests(raw):
    assert raw_app_requests(raw) == [c.requests for c in _containers(raw) if not c.init]


CONDITIONS = [
    None,
    "junk",
    [{"type": "PodScheduled", "status": "True"}, "junk", {"type": "Ready", "status": "False", "reason": "X"},
     {"type": "Ready", "status": "True"}],
    [{"type": None, "status": 1}, {"status": "True"}, {"type": "Ready"}],
]


@pytest.mark.parametrize("conditions", CONDITIONS)
@pytest.mark.parametrize("type_", ["Ready", "PodScheduled", "None", "", "Absent"])
def test_a_pods_one_condition_is_the_one_its_conditions_hold(conditions, type_):
    raw = {"status": {"conditions": conditions}}
    want = next((c for c in conditions_from(conditions) if c.type == type_), None)
    assert Pod(raw, "p").condition(type_) == want
    built = Pod(raw, "p")
    built.conditions                 # built first: read from them
    assert built.condition(type_) == want
