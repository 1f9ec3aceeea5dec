"""The safe reader: real troubleshoot bundles open; crafted malicious tarballs are
refused with a one-line error naming the member, and nothing lands outside."""

from __future__ import annotations

import io
import json
import os
import tarfile
from pathlib import Path

import pytest

from tests.conftest import CORPUS
from triage.bundle import layout
from triage.bundle.reader import Limits
from triage.bundle.views import load_bundle
from triage.bundle.writer import BundleWriter
from triage.errors import BundleError, UnsafeBundleError


def _tar(path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _file(name: str, data: bytes) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    return info, data


def _link(name: str, target: str, hard: bool = False) -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type = tarfile.LNKTYPE if hard else tarfile.SYMTYPE
    info.linkname = target
    return info, None


def _snapshot(d: Path) -> set[str]:
    return {str(p) for p in d.rglob("*")}


@pytest.mark.parametrize("name", ["troubleshoot-testdata-k3s.tar.gz", "troubleshoot-baseline-kind.tar.gz"])
def test_real_troubleshoot_bundles_open_with_their_pods_nodes_and_logs(name):
    with load_bundle(CORPUS / "support-bundles" / name) as b:
        assert b.manifest is None  # a third-party bundle: no manifest, still valid
        nodes = [n.name for n in b.nodes()]
        assert nodes == (["k3d-mycluster-server-0"] if "k3s" in name else ["primary-node"])
        pods = list(b.pods())
        assert pods and all(not p.requests_gpu for p in pods)
        assert any(ref.previous for ref in b.logs()) or "kind" in name
        assert b.problems == []


def test_legacy_resource_quotas_folder_is_read_as_resource_quota():
    with load_bundle(CORPUS / "support-bundles" / "troubleshoot-testdata-k3s.tar.gz") as b:
        quota_files = [p for p in b.files if "resource-quota" in p]
        assert any("resource-quotas/" in p for p in quota_files)
        assert list(b.resource_quotas()) == []  # the k3s bundle's quota lists are empty, but they parse


def test_tarball_root_is_its_single_top_folder_and_temp_is_removed(tmp_path):
    tgz = _tar(tmp_path / "b.tar.gz", [_file("support-bundle-2026-11-29T15_00_00/cluster-resources/nodes.json",
                                              b'{"kind":"NodeList","items":[{"metadata":{"name":"n1"}}]}')])
    b = load_bundle(tgz)
    root = b.root
    assert [n.name for n in b.nodes()] == ["n1"]
    assert root.name == "support-bundle-2026-11-29T15_00_00"
    b.close()
    assert not root.exists()


@pytest.mark.parametrize("members,needle", [
    ([_file("b/../../escape.txt", b"x")], "escape.txt"),
    ([_file("/etc/evil.txt", b"x")], "/etc/evil.txt"),
    ([_file("b/ok.json", b"{}"), _link("b/link", "../../../etc/passwd")], "b/link"),
    ([_link("b/abs", "/etc/passwd")], "b/abs"),
    ([_link("b/hard", "../outside", hard=True)], "b/hard"),
])
def test_malicious_members_are_refused_naming_the_member(tmp_path, members, needle):
    tgz = _tar(tmp_path / "evil.tar.gz", members)
    before = _snapshot(tmp_path)
    with pytest.raises(UnsafeBundleError) as err:
        load_bundle(tgz)
    message = str(err.value)
    assert needle in message and "\n" not in message
    assert _snapshot(tmp_path) == before          # nothing written beside the tarball
    assert not Path("/tmp/escape.txt").exists() and not (tmp_path.parent / "escape.txt").exists()


def test_device_file_member_is_refused(tmp_path):
    info = tarfile.TarInfo("b/dev-null")
    info.type = tarfile.CHRTYPE
    info.devmajor, info.devminor = 1, 3
    with pytest.raises(UnsafeBundleError, match="b/dev-null"):
        load_bundle(_tar(tmp_path / "dev.tar.gz", [(info, None)]))


def test_huge_member_and_too_many_files_and_ratio_are_refused(tmp_path):
    big = _tar(tmp_path / "big.tar.gz", [_file("b/big.log", b"A" * 5000)])
    with pytest.raises(UnsafeBundleError, match="b/big.log.*over the limit"):
        load_bundle(big, Limits(max_file_bytes=4096))
    many = _tar(tmp_path / "many.tar.gz", [_file(f"b/f{i}.json", b"{}") for i in range(5)])
    with pytest.raises(UnsafeBundleError, match="more than 3 files"):
        load_bundle(many, Limits(max_files=3))
    # 80 MiB of zeros compresses ~1000:1; with a ratio limit of 10 the member is refused
    bomb = tmp_path / "bomb.tar.gz"
    with tarfile.open(bomb, "w:gz") as tar:
        info = tarfile.TarInfo("b/zeros.log")
        info.size = 80 * 1024 * 1024
        tar.addfile(info, io.BytesIO(bytes(info.size)))
    with pytest.raises(UnsafeBundleError, match="decompression ratio"):
        load_bundle(bomb, Limits(max_ratio=10))


def test_not_a_bundle_and_missing_path_are_one_line_errors(tmp_path):
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not a tarball at all")
    with pytest.raises(BundleError, match="neither a bundle directory nor"):
        load_bundle(junk)
    with pytest.raises(BundleError, match="bundle not found"):
        load_bundle(tmp_path / "nope")


def test_unknown_manifest_version_is_refused_before_analysis(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps({"format": "gpu-triage-bundle", "version": 2}))
    with pytest.raises(BundleError, match="version 2 is not supported"):
        load_bundle(tmp_path)


def test_invalid_json_is_a_problem_for_that_file_not_a_crash(tmp_path):
    w = BundleWriter(tmp_path)
    w.write_text(layout.namespaced_list("pods", "ml"), '{"kind": "PodList", "items": [')
    w.write_json(layout.namespaced_list("pods", "llm"),
                 {"kind": "PodList", "items": [{"metadata": {"name": "ok", "namespace": "llm"}}]})
    with load_bundle(tmp_path) as b:
        assert [p.name for p in b.pods()] == ["ok"]
        assert [p.path for p in b.problems] == ["cluster-resources/pods/ml.json"]


def test_directory_bundle_link_pointing_out_is_not_followed(tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("root password")
    root = tmp_path / "bundle"
    log = root / layout.container_log("ml", "p", "c")
    log.parent.mkdir(parents=True)
    os.symlink(outside, log)
    (root / layout.NODES).write_text('{"kind": "NodeList", "items": []}')   # a bundle: it holds an object
    with load_bundle(root) as b:
        assert b.log("ml", "p", "c") is None   # links are never followed as bundle files


def test_writer_refuses_paths_that_climb_out(tmp_path):
    w = BundleWriter(tmp_path / "b")
    for bad in ("../x.json", "/etc/x", "a/../../x"):
        with pytest.raises(ValueError):
            w.write_text(bad, "x")
    with pytest.raises(ValueError):
        layout.container_log("ml", "../../etc", "c")


def test_written_bundle_round_trips_through_tarball(tmp_path):
    w = BundleWriter(tmp_path / "b")
    w.write_json(layout.namespaced_list("pods", "llm"), {"kind": "PodList", "items": [
        {"metadata": {"name": "vllm-0", "namespace": "llm"},
         "spec": {"containers": [{"name": "server", "resources": {"limits": {"nvidia.com/gpu": "2"}}}]}}]})
    w.write_exec("llm", "vllm-0", "server", ["nvidia-smi", "-q", "-x"], "<nvidia_smi_log/>", "", 0, None)
    w.write_error(layout.NODES, ['nodes is forbidden: User "x" cannot list resource "nodes"'], "forbidden")
    w.write_manifest({"kind": "Pod", "namespace": "llm", "name": "vllm-0"})
    with load_bundle(w.pack(tmp_path / "incident.tar.gz")) as b:
        assert b.manifest.target["name"] == "vllm-0"
        assert b.pod("llm", "vllm-0").gpu_requests == {"nvidia.com/gpu": 2}
        (out,) = b.exec_outputs()
        assert (out.name, out.exit_code, out.stdout.text) == ("nvidia-smi-q-x", 0, "<nvidia_smi_log/>")
        (err,) = b.collection_errors()
        assert (err.piece, err.reason) == ("cluster-resources/nodes", "forbidden")
