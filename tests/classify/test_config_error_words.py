"""CreateContainerConfigError is the kubelet failing to build a container's config: in a wording of the
pod spec's own (a ConfigMap, Secret, key, volume or user it names) it is application.container_config_invalid;
in any other words (the kubelet's DRA manager: `unable to get claim info for ResourceClaim %s`) it is no
missing object of the spec, and the runtime layer quotes it as runtime.start_failed_unrecognised."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids


def _world(name: str, message: str) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("ml", "trainer-0", node="gpu-node-1", phase="Pending", containers=("trainer",), ready=False,
          statuses={"trainer": {"state": {"waiting": {"reason": "CreateContainerConfigError", "message": message}},
                                "ready": False, "restartCount": 0}})
    w.target("Pod", "ml", "trainer-0")
    return w


@pytest.mark.parametrize("message", ['secret "hf-token" not found', "couldn't find key MODEL in ConfigMap ml/vllm-config"])
def test_a_wording_of_the_spec_is_the_specs(tmp_path, message):
    doc = diagnosis_of(_world("config-error-spec", message), tmp_path)
    assert doc["root_cause"]["id"] == "application.container_config_invalid", finding_ids(doc)
    assert doc["root_cause"]["certainty"] == "recognised"


def test_the_kubelets_own_cause_is_an_unrecognised_start_failure_not_a_missing_object(tmp_path):
    doc = diagnosis_of(_world("config-error-dra", "internal error: unable to get claim info for ResourceClaim gpu-claim"),
                       tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "runtime.start_failed_unrecognised" and rc["certainty"] == "unrecognised", finding_ids(doc)
    assert "application.container_config_invalid" not in finding_ids(doc)
    assert "unable to get claim info" in rc["evidence"][0]["excerpt"]


def test_a_volume_whose_secret_is_missing_names_the_object_and_the_kubelets_event(tmp_path):
    # the kubelet's FailedMount (operation_generator.go `MountVolume.SetUp failed for volume %q : %v`, the secret
    # volume plugin's `secret %q not found`): no container exists yet, so the id follows the event
    w = World("volume-secret-missing")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("ml", "vllm-0", node="gpu-node-1", phase="Pending", containers=("server",), ready=False,
          statuses={"server": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}})
    w.event("ml", "Pod", "vllm-0", "FailedMount", 'MountVolume.SetUp failed for volume "hf-token" : secret "hf-token" '
            "not found", component="kubelet", count=9)
    w.target("Pod", "ml", "vllm-0")
    doc = diagnosis_of(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "application.volume_mount_failed", finding_ids(doc)
    assert (rc["params"]["missing"], rc["params"]["volume"]) == ("secret hf-token", "hf-token")
    assert "application.container_config_invalid" not in finding_ids(doc)
