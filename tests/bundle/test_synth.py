"""The synthetic cluster generator: deterministic, valid, and with the planted problems."""

from triage.bundle.views import load_bundle
from triage.synth.generate import generate_bundle


def _digest(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_same_seed_same_bytes_and_planted_problems(tmp_path):
    a = generate_bundle(tmp_path / "a", nodes=40, pods=400, seed=7)
    b = generate_bundle(tmp_path / "b", nodes=40, pods=400, seed=7)
    da, db = _digest(a), _digest(b)
    da.pop("manifest.json"), db.pop("manifest.json")
    assert da == db
    with load_bundle(a) as bundle:
        nodes = list(bundle.nodes())
        gpu = [n for n in nodes if n.looks_like_gpu_node]
        assert len(nodes) == 40 and len(gpu) == 10
        assert {r for n in gpu for r in n.gpu_capacity} >= {"nvidia.com/gpu", "nvidia.com/gpu.shared"}
        reduced = [n.name for n in gpu if any(n.gpu_allocatable[r] < c for r, c in n.gpu_capacity.items())]
        assert reduced == ["gpu-node-00000"]
        assert "Xid (PCI:0000:9b:00): 79" in bundle.node_dmesg("gpu-node-00000").text
        pending = [p.name for p in bundle.pods("team-000") if p.phase == "Pending"]
        assert pending == ["llm-pending-0", "llm-pending-1", "llm-pending-2"]
        operator = list(bundle.pods("gpu-operator"))
        assert len(operator) == 6 * len(gpu)
        # every GPU pod sits on a GPU node
        by_name = bundle.nodes_by_name
        for pod in bundle.pods():
            if pod.gpu_requests and pod.node_name:
                assert by_name[pod.node_name].looks_like_gpu_node
