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


def test_one_gpu_stack_role_table_agrees_with_the_collector_on_every_committed_pod():
    """`bundle.objects.gpu_stack.stack_role` is the classifier's role detection; with images and
    coarse validators it answers exactly what `collect.gpu_stack.stack_role` answers, so the
    collector can use the same table."""
    from triage.bundle.objects.gpu_stack import stack_role
    from triage.classify.rules.context import gpu_stack_role
    from triage.collect.gpu_stack import stack_role as collector_role
    roles = {}
    for bundle_dir in sorted((FIXTURES / "scenarios").glob("*/bundle")) + sorted((FIXTURES / "holdout").glob("*/*/bundle")):
        with load_bundle(bundle_dir) as b:
            for pod in b.pods():
                assert stack_role(pod.raw, images=True, coarse=True) == collector_role(pod.raw), pod.name
                assert gpu_stack_role(pod) == stack_role(pod.raw)
                roles[gpu_stack_role(pod)] = roles.get(gpu_stack_role(pod), 0) + 1
    assert {"driver", "device-plugin", "gfd", "validator", "toolkit", None} <= set(roles)


def test_gpu_stack_role_edge_shapes():
    from triage.bundle.objects.gpu_stack import stack_role
    ds = {"kind": "DaemonSet", "metadata": {"name": "x"},
          "spec": {"template": {"metadata": {"labels": {"app": "nvidia-device-plugin-validator"}}, "spec": {}}}}
    assert stack_role(ds) == "plugin-validator" and stack_role(ds, coarse=True) == "validator"
    assert stack_role({"metadata": {"name": "nvidia-smi-debug"}}) is None          # nvidia- prefix, no known role
    assert stack_role({"metadata": {"labels": {"app": "vllm"}}, "spec": {"containers": [
        {"image": "vllm/vllm-openai:v0.8.3"}]}}, images=True) is None
    for junk in (None, [], {"metadata": []}, {"spec": {"template": "x"}}, {"spec": {"containers": [None]}}):
        assert stack_role(junk, images=True) is None
    # OpenShift's Driver Toolkit: the operator appends the RHCOS version to the DaemonSet's name and `app`
    vgpu = "nvidia-vgpu-manager-daemonset-418.94.202602041234-0"
    assert stack_role({"metadata": {"name": vgpu + "-p6w2z", "labels": {"app": vgpu}}}) == "driver"
    assert stack_role({"metadata": {"name": "p", "ownerReferences": [{"kind": "DaemonSet", "name": vgpu}]}}) == "driver"
    assert stack_role({"metadata": {"labels": {"app": "vllm-418.94.202602041234-0"}}}) is None
