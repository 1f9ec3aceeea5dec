"""The providers' size tables (triage/evidence/instance_gpus.py) and the node rule that reads them:
a node offering fewer whole GPUs than its machine type has is node.gpus_missing; more (time-slicing
replicas), the same, an unknown size or a partitioned node say nothing."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.instance_gpus import GPUS_BY_MACHINE_TYPE, gpus_of_machine_type, machine_type_of
from triage.render.json import findings_document


@pytest.mark.parametrize("machine, gpus", [
    ("p4d.24xlarge", 8), ("g5.12xlarge", 4), ("g6e.xlarge", 1), ("g4dn.metal", 8),        # AWS
    ("Standard_NC12", 2), ("standard_nc24ads_a100_v4", 1), ("Standard_ND96isr_H100_v5", 8),  # Azure, any case
    ("a3-highgpu-8g", 8), ("g2-standard-24", 2), ("BM.GPU.H100.8", 8),                      # GCP, OCI
    ("m5.large", None), ("Standard_NV6ads_A10_v5", None), ("n1-standard-8", None), (None, None),
])
def test_machine_types(machine, gpus):
    assert gpus_of_machine_type(machine) == gpus


def test_every_size_has_at_least_one_gpu_and_is_lower_case():
    assert all(n >= 1 and k == k.lower() for k, n in GPUS_BY_MACHINE_TYPE.items())


def test_the_beta_label_is_read_on_old_nodes():
    assert machine_type_of({"beta.kubernetes.io/instance-type": "p3.8xlarge"}) == ("beta.kubernetes.io/instance-type",
                                                                                  "p3.8xlarge")
    assert machine_type_of({}) is None


def _findings(tmp_path, advertised: int, **labels) -> list[str]:
    w = World(f"size-{advertised}-{len(labels)}")
    w.gpu_node("gpu-node-1", gpus=advertised, labels={"node.kubernetes.io/instance-type": "g5.12xlarge", **labels})
    w.target("Node", None, "gpu-node-1")
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return [f["id"] for f in findings_document(diagnose(b), b)["findings"]]


@pytest.mark.parametrize("advertised, labels, fires", [
    (3, {}, True),                                                  # one of four missing
    (4, {}, False),                                                 # all there
    (16, {"nvidia.com/gpu.replicas": "4"}, False),                  # time-slicing: more, not fewer
    (2, {"nvidia.com/mig.strategy": "mixed"}, False),               # MIG mixed: whole GPUs counted otherwise
])
def test_a_node_with_fewer_gpus_than_its_size(tmp_path, advertised, labels, fires):
    assert ("node.gpus_missing" in _findings(tmp_path, advertised, **labels)) == fires
