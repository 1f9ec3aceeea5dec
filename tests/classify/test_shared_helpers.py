"""classify and evidence share one answer to "does this raw pod ask for a GPU"
(`triage.bundle.objects.gpu_resource.raw_pod_requests_gpu`): it must agree with the
`Pod.requests_gpu` view on every pod of every committed bundle, and on the edge shapes."""

from __future__ import annotations

from tests.conftest import FIXTURES
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.gpu_resource import raw_pod_requests_gpu
from triage.bundle.views import load_bundle
from triage.classify.rules.context import raw_requests_gpu


def test_raw_helper_agrees_with_the_pod_view_on_every_committed_pod():
    seen = gpu = 0
    for bundle_dir in sorted((FIXTURES / "scenarios").glob("*/bundle")) + sorted((FIXTURES / "holdout").glob("*/*/bundle")):
        with load_bundle(bundle_dir) as b:
            for pod in b.pods():
                seen += 1
                assert raw_pod_requests_gpu(pod.raw) == pod.requests_gpu, (bundle_dir, pod.name)
                gpu += pod.requests_gpu
    assert seen > 800 and 100 < gpu < seen
    assert raw_requests_gpu is raw_pod_requests_gpu       # classify re-exports, no second copy


def test_raw_helper_edge_shapes():
    def pod(res, claims=None):
        spec = {"containers": [{"name": "c", "resources": res}]}
        if claims:
            spec["resourceClaims"] = claims
        return {"spec": spec}
    assert raw_pod_requests_gpu(pod({"limits": {"nvidia.com/mig-1g.10gb": "2"}}))
    assert raw_pod_requests_gpu(pod({"requests": {"amd.com/gpu": 1}}))
    assert not raw_pod_requests_gpu(pod({"limits": {"nvidia.com/gpu": "0"}}))
    assert not raw_pod_requests_gpu(pod({"limits": {"cpu": "4", "example.com/gpu-like": "1"}}))
    assert raw_pod_requests_gpu(pod({}, claims=[{"name": "gpu", "resourceClaimName": "a100"}]))
    for junk in (None, [], {"spec": []}, {"spec": {"containers": "x"}}, {"spec": {"containers": [None, 3]}}):
        assert raw_pod_requests_gpu(junk) is False
    assert Pod({"spec": {"containers": [{"name": "c", "resources": {"limits": {"nvidia.com/gpu": "0"}}}]}}, "x").requests_gpu is False
