"""The verdict is honest: what could not be read never comes back HEALTHY, a layer is green
only when a check examined it, and input that is not an evidence bundle is refused.

Real parts only: the CLI as a subprocess (`python -m triage.cli ...`), the replay server over
a real bundle (tests/collect/cluster_fixture.py, the demo cluster, the corpus' support
bundles), fault injection with `Faults(...)` (403 / 500 / 503). No mocks.

Worlds used (see their module docstrings):
- cluster fixture: gpu-node-1 healthy GPU node, gpu-node-2 (Xid 48 in its kernel log, 7 of 8
  GPUs allocatable), control-plane-1 (no GPU, control-plane taint), llm/llama-train-0 whose
  previous log is a CUDA OOM, llm/qwen-vllm-7d9f5c6b8-x2x4k Pending with a FailedScheduling event;
- demo cluster: cp-1 (control-plane role, no GPU), gpu-t4-2 advertising no GPU (its device
  plugin cannot load NVML), llm/embedder healthy on gpu-h100-1, llm/qwen-vllm Pending.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.collect.cluster_fixture import PENDING, TRAINER, build
from tests.conftest import CORPUS
from triage.replay.server import Faults, ReplayServer
from triage.synth.demo_cluster import write_demo_bundle

REPO = Path(__file__).resolve().parent.parent
VENV_PYTHON = REPO / ".venv" / "bin" / "python"
PYTHON = str(VENV_PYTHON) if VENV_PYTHON.exists() else sys.executable
OPERATOR_NS = "nvidia-system"          # the cluster fixture's GPU operator namespace
DEMO_QWEN = "qwen-vllm-7d9f8c6b5-x2x4k"
DEMO_EMBEDDER = "embedder-5c7d9b8f4-p9q2w"
LAYERS = ("scheduler", "node", "plugin", "runtime", "driver", "application")
EXIT = {"healthy": 0, "no_gpu": 0, "problem": 3, "inconclusive": 5}


# ---------------------------------------------------------------------------- harness

def _env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KUBE")}
    env.update(HOME=str(home), PYTHONPATH=str(REPO))
    return env


def gpu_triage(*args: str, home: Path, timeout: int = 240) -> subprocess.CompletedProcess:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.run([PYTHON, "-m", "triage.cli", *args], capture_output=True, text=True,
                          env=_env(home), cwd=home, timeout=timeout)


class Run:
    """One CLI run: exit code, stderr, the findings document, the kept bundle (with --out)."""

    def __init__(self, proc: subprocess.CompletedProcess, out: Path | None):
        self.rc, self.stderr, self.stdout = proc.returncode, proc.stderr, proc.stdout
        assert "Traceback" not in proc.stderr, proc.stderr
        self.doc = json.loads(proc.stdout) if proc.stdout.strip() else None
        self.bundle = out / "bundle" if out else None

    def __repr__(self):
        return f"rc={self.rc} status={self.doc and self.doc['status']} stderr={self.stderr!r}"

    @property
    def status(self) -> str:
        return self.doc["status"]

    def layer(self, name: str, diagnosis: dict | None = None) -> dict:
        return (diagnosis or self.doc)["layers"][name]

    def needs(self, diagnosis: dict | None = None) -> list[str]:
        return [g["needs"] for g in (diagnosis or self.doc)["gaps"]]

    def diagnosis(self, name: str) -> dict:
        found = [d for d in self.doc["diagnoses"] if d["target"] and d["target"].get("name") == name]
        assert len(found) == 1, [d["target"] for d in self.doc["diagnoses"]]
        return found[0]


def layer_statuses(diagnosis: dict) -> dict[str, str]:
    return {k: v["status"] for k, v in diagnosis["layers"].items()}


def forbidden_gaps(gaps: list[dict], phrase: str) -> list[dict]:
    """Gaps from a 403 whose `needs` names the refused permission."""
    return [g for g in gaps if g["reason"] == "Forbidden" and g["needs"].startswith(phrase)]


@contextmanager
def served(bundle: Path, tmp: Path, **faults):
    with ReplayServer(bundle, port=0, faults=Faults(seed=1, **faults)) as srv:
        yield srv.write_kubeconfig(tmp / "kubeconfig", namespace="llm")


def live(bundle: Path, tmp: Path, *args: str, out: bool = False, **faults) -> Run:
    """Serve `bundle` (with faults) and run `gpu-triage ARGS -o json --kubeconfig ...` against it."""
    tmp.mkdir(parents=True, exist_ok=True)
    out_dir = tmp / "out" if out else None
    with served(bundle, tmp, **faults) as kubeconfig:
        extra = ["--out", str(out_dir)] if out_dir else []
        proc = gpu_triage(*args, "-o", "json", "--kubeconfig", str(kubeconfig), *extra, home=tmp / "home")
    return Run(proc, out_dir)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("honest") / "cluster")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("honest") / "demo")


# ------------------------------------------------- 1. input that is not an evidence bundle

DESCRIBE_POD = """\
Name:             qwen-vllm-7d9f8c6b5-x2x4k
Namespace:        llm
Priority:         0
Service Account:  default
Node:             <none>
Labels:           app=qwen-vllm
Status:           Pending
Containers:
  vllm:
    Image:      vllm/vllm-openai:v0.6.3
    Limits:
      nvidia.com/gpu:  1
Conditions:
  Type           Status
  PodScheduled   False
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  2m    default-scheduler  0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.
"""


def _empty_dir(tmp: Path) -> Path:
    (tmp / "empty").mkdir()
    return tmp / "empty"


def _empty_tarball(tmp: Path) -> Path:
    with tarfile.open(tmp / "empty.tar.gz", "w:gz"):
        pass
    return tmp / "empty.tar.gz"


def _unrelated_tarball(tmp: Path) -> Path:
    src = tmp / "project"
    src.mkdir()
    (src / "README.md").write_text("# my project\n\nNothing to do with Kubernetes.\n")
    (src / "main.py").write_text("print('hello')\n")
    with tarfile.open(tmp / "project.tar.gz", "w:gz") as tar:
        tar.add(src, arcname="project")
    return tmp / "project.tar.gz"


def _describe_folder(tmp: Path) -> Path:
    (tmp / "ticket").mkdir()
    (tmp / "ticket" / "describe-pod.txt").write_text(DESCRIBE_POD)
    return tmp / "ticket"


def _plugin_log_folder(tmp: Path) -> Path:
    (tmp / "logs").mkdir()
    (tmp / "logs" / "nvidia-device-plugin.log").write_text(
        "2023/10/19 03:11:54 Loading NVML\n"
        "2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.\n")
    return tmp / "logs"


# A folder of pasted describe text or of a GPU-stack log is read by the text reader since issue 15
# (never HEALTHY: tests/inputs/test_pasted_text.py::test_folders_of_pasted_text_are_read_never_healthy).
@pytest.mark.parametrize("make", [_empty_dir, _empty_tarball, _unrelated_tarball],
                         ids=["empty-dir", "empty-tar.gz", "unrelated-tar.gz"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_analyze_refuses_what_is_not_a_bundle(tmp_path, make, fmt):
    path = make(tmp_path)
    proc = gpu_triage("analyze", str(path), "-o", fmt, home=tmp_path / "home")
    assert proc.returncode == 1, proc
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("gpu-triage: error: "), lines[0]
    assert "manifest.json" in lines[0] and "cluster-resources/" in lines[0], lines[0]
    assert "not an evidence bundle" in lines[0], lines[0]
    # it names every reader the input could have been for, and none as missing
    assert "must-gather folder" in lines[0] and "not read yet" not in lines[0], lines[0]


# ------------------------------------------------------ 2. clusters without any GPU

SUPPORT_BUNDLES = sorted((CORPUS / "support-bundles").glob("*.tar.gz"))


def test_corpus_has_both_support_bundles():
    assert [p.name for p in SUPPORT_BUNDLES] == ["troubleshoot-baseline-kind.tar.gz",
                                                  "troubleshoot-testdata-k3s.tar.gz"]


@pytest.mark.parametrize("bundle", SUPPORT_BUNDLES, ids=lambda p: p.name)
def test_support_bundle_without_gpus_is_no_gpu(tmp_path, bundle):
    run = Run(gpu_triage("analyze", str(bundle), "-o", "json", home=tmp_path), None)
    assert run.rc == 0, run
    assert run.status == "no_gpu"
    assert run.doc["root_cause"] is None
    scope = run.doc["scope"]
    assert scope["nodes"] >= 1 and scope["pods"] >= 1, scope     # it did look at nodes and pods
    assert layer_statuses(run.doc) == dict.fromkeys(LAYERS, "not_applicable")
    for d in run.doc["diagnoses"]:
        assert d["status"] == "no_gpu"
        assert layer_statuses(d) == dict.fromkeys(LAYERS, "not_applicable")


# ------------------------------------------- 3. scan -A when the API fails or forbids

@pytest.mark.slow
@pytest.mark.parametrize("fault", ["rate_500", "rate_503"])
def test_scan_when_every_request_fails_is_inconclusive(tmp_path, cluster, fault):
    run = live(cluster, tmp_path, "scan", "-A", **{fault: 1.0})
    assert run.rc == 5, run                   # the tool started; it could read nothing
    assert run.status == "inconclusive"
    assert run.doc["root_cause"] is None
    assert all(d["status"] != "healthy" for d in run.doc["diagnoses"])
    assert set(layer_statuses(run.doc).values()) == {"not_checked"}
    failed = [g for g in run.doc["gaps"] if g["reason"] == "ServerError"]
    assert any(g["needs"].startswith("list pods") for g in failed), run.needs()
    assert any(g["needs"].startswith("list nodes") for g in failed), run.needs()
    code = fault.split("_")[1]
    assert any(f"({code})" in g["detail"] for g in failed)


def test_scan_with_pods_forbidden_is_inconclusive(tmp_path, cluster):
    run = live(cluster, tmp_path, "scan", "-A", forbidden={"pods"})
    assert run.rc == 5, run
    assert run.status == "inconclusive"
    assert "list pods" in run.stderr                  # the warning names the refused permission
    assert forbidden_gaps(run.doc["gaps"], "list pods"), run.needs()
    assert run.doc["diagnoses"]
    for d in run.doc["diagnoses"]:
        assert d["status"] == "inconclusive", d["target"]
        assert d["root_cause"] is None
        for name in ("runtime", "driver"):           # nothing to read them from without pods
            layer = d["layers"][name]
            assert layer["status"] == "not_checked", (d["target"], name, layer)
            assert any(g["needs"] == "list pods" for g in layer["gaps"]), layer["gaps"]


@pytest.mark.slow
def test_cuda_oom_pod_is_not_healthy_when_its_logs_are_forbidden(tmp_path, cluster):
    full = live(cluster, tmp_path / "full", "scan", "-A")
    assert full.diagnosis(TRAINER)["root_cause"]["id"] == "application.cuda_oom"   # what the log says

    run = live(cluster, tmp_path / "nolog", "scan", "-A", forbidden={"pods/log"})
    assert run.rc in (3, 5), run                      # gpu-node-2's Xid still is a problem
    trainer = run.diagnosis(TRAINER)
    assert trainer["status"] == "inconclusive", trainer["status"]
    assert forbidden_gaps(trainer["gaps"], "get pods/log in namespace llm"), trainer["gaps"]


def test_pod_with_cuda_oom_and_logs_forbidden_is_inconclusive(tmp_path, cluster):
    run = live(cluster, tmp_path, "pod", TRAINER, "-n", "llm", forbidden={"pods/log"})
    assert run.rc == 5, run
    assert run.status == "inconclusive"
    app = run.layer("application")
    assert forbidden_gaps(app["gaps"], "get pods/log in namespace llm"), app["gaps"]
    # the current or the previous log, whichever the collector asked for first
    assert any(f"llm/{TRAINER} container trainer" in g["detail"] for g in app["gaps"] if g["reason"] == "Forbidden")


def test_crashed_container_with_unreadable_logs_has_no_green_application_layer(tmp_path, cluster):
    run = live(cluster, tmp_path, "pod", TRAINER, "-n", "llm", forbidden={"pods/log"})
    assert run.layer("application")["status"] != "passed", run.layer("application")


# ------------------------------------------ 4. node NAME with one permission removed

GPU_NODE_PERMISSIONS = {"pods/exec": "create pods/exec", "pods/log": "get pods/log",
                        "events": "list events", "pods": "list pods"}


def test_healthy_gpu_node_baseline(tmp_path, cluster):
    run = live(cluster, tmp_path, "node", "gpu-node-1")
    assert (run.rc, run.status) == (0, "healthy"), run


@pytest.mark.parametrize("permission", sorted(GPU_NODE_PERMISSIONS))
def test_healthy_gpu_node_without_one_permission_is_inconclusive(tmp_path, cluster, permission):
    run = live(cluster, tmp_path, "node", "gpu-node-1", forbidden={permission})
    assert run.rc == 5, run
    assert run.status == "inconclusive"
    assert run.doc["root_cause"] is None
    gaps = forbidden_gaps(run.doc["gaps"], GPU_NODE_PERMISSIONS[permission])
    assert gaps, run.needs()
    assert GPU_NODE_PERMISSIONS[permission] in run.stderr     # the access-review warning


@pytest.mark.parametrize("permission", sorted(GPU_NODE_PERMISSIONS))
def test_broken_gpu_node_without_one_permission_is_never_healthy(tmp_path, cluster, permission):
    run = live(cluster, tmp_path, "node", "gpu-node-2", forbidden={permission})
    assert run.rc in (3, 5), run
    assert run.status in ("problem", "inconclusive")
    assert run.rc == EXIT[run.status]
    if run.status == "problem":                       # the bundle still shows the failure
        root = run.doc["root_cause"]
        assert root["layer"] == "driver" and root["evidence"], root
        assert run.layer("driver")["status"] == "root"
    assert forbidden_gaps(run.doc["gaps"], GPU_NODE_PERMISSIONS[permission]), run.needs()


def test_control_plane_node_of_demo_is_no_gpu(tmp_path, demo):
    run = live(demo, tmp_path, "node", "cp-1")
    assert (run.rc, run.status) == (0, "no_gpu"), (run, run.doc["root_cause"])


def test_control_plane_node_of_cluster_fixture_is_no_gpu(tmp_path, cluster):
    run = live(cluster, tmp_path, "node", "control-plane-1")
    assert (run.rc, run.status) == (0, "no_gpu"), (run, run.doc["root_cause"])


# --------------------------------------------------------------- 5. pod --no-exec

def test_no_exec_gap_reaches_the_findings_and_keeps_a_healthy_pod_healthy(tmp_path, demo):
    with_exec = live(demo, tmp_path / "exec", "pod", DEMO_EMBEDDER, "-n", "llm")
    no_exec = live(demo, tmp_path / "noexec", "pod", DEMO_EMBEDDER, "-n", "llm", "--no-exec")
    assert (with_exec.rc, with_exec.status) == (0, "healthy"), with_exec

    skipped = [g for g in no_exec.doc["gaps"] if g["collector"] == "exec" and g["reason"] == "skipped"]
    assert len(skipped) == 1, no_exec.doc["gaps"]
    assert "--no-exec" in skipped[0]["needs"] and "--no-exec" in skipped[0]["detail"], skipped
    assert "pods/exec" in skipped[0]["needs"]
    # it also reaches the ladder: the layer it blinds names it
    assert any("--no-exec" in g["needs"] for name in LAYERS for g in no_exec.layer(name)["gaps"])

    assert no_exec.rc <= with_exec.rc, (no_exec, with_exec)    # a soft gap is not worse
    assert (no_exec.rc, no_exec.status) == (0, "healthy"), no_exec
    assert not any(g["collector"] == "exec" for g in with_exec.doc["gaps"])


# ------------------------------ 6. scan -l that collects no GPU-operator pod: plugin layer

def _operator_pods(bundle: Path) -> list[str]:
    out = []
    for f in (bundle / "cluster-resources" / "pods").glob("*.json"):
        for item in json.loads(f.read_text())["items"]:
            ns, name = item["metadata"]["namespace"], item["metadata"]["name"]
            if ns in ("gpu-operator", OPERATOR_NS) or "device-plugin" in name:
                out.append(f"{ns}/{name}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("world,selector", [("demo", "app=embedder"), ("cluster", "app=llama-train")])
def test_plugin_layer_is_green_only_when_a_check_examined_it(tmp_path, request, world, selector):
    bundle_src = request.getfixturevalue(world)
    run = live(bundle_src, tmp_path, "scan", "-A", "-l", selector, out=True)
    assert _operator_pods(run.bundle) == []           # the selector kept every operator pod out
    nodes = [d for d in run.doc["diagnoses"] if d["target"]["kind"] == "Node"]
    assert nodes
    for d in nodes:
        # a scan lists healthy diagnoses by status only: the ladder's checks come from
        # analyzing the kept bundle for that node
        name = d["target"]["name"]
        full = Run(gpu_triage("analyze", str(run.bundle), "--target", f"Node/{name}", "-o", "json",
                              home=tmp_path / "home"), None)
        assert full.status == d["status"], (name, full.status, d["status"])
        plugin = full.layer("plugin")
        assert plugin["status"] == d["layers"]["plugin"]["status"]
        if plugin["status"] == "passed":
            # Found: plugin.components on cluster-resources/nodes.json, i.e. the node
            # advertising its nvidia.com/gpu, is the check that examined the plugin layer.
            assert plugin["checks"], name
            for check in plugin["checks"]:
                assert check["evidence"], check
                for path in check["evidence"]:
                    assert (run.bundle / path).is_file(), path
            assert {c["name"] for c in plugin["checks"]} <= {"plugin.components", "plugin.mig_state_label"}
            assert "cluster-resources/nodes.json" in {p for c in plugin["checks"] for p in c["evidence"]}
        if plugin["status"] == "not_checked":
            assert plugin["gaps"], name
    for d in run.doc["diagnoses"]:
        # no node (or scheduler) symptom as a confident root cause while the plugin is unexamined
        if d["layers"]["plugin"]["status"] == "not_checked":
            assert d["status"] != "healthy", d["target"]
            assert d["root_cause"] is None or d["root_cause"]["layer"] not in ("scheduler", "node"), d


def test_node_advertising_no_gpu_without_plugin_evidence_is_not_a_problem(tmp_path, demo):
    run = live(demo, tmp_path, "scan", "-A", "-l", "app=embedder")
    t4 = run.diagnosis("gpu-t4-2")
    assert t4["layers"]["plugin"]["status"] == "not_checked", t4["layers"]["plugin"]
    assert t4["status"] == "inconclusive" and t4["root_cause"] is None, t4
    assert "node.gpu_not_advertised" in {f["id"] for f in t4["findings"]}
    assert run.rc == 5, run


# ------------------------------------- 7. scheduler evidence; nvidia-smi that did not run

def _failed_scheduling_read(bundle: Path, ns: str, pod: str) -> bool:
    path = bundle / "cluster-resources" / "events" / f"{ns}.json"
    items = json.loads(path.read_text())["items"] if path.is_file() else []
    return any(e["reason"] == "FailedScheduling" and e["involvedObject"]["name"] == pod for e in items)


@pytest.mark.parametrize("world,pod", [("cluster", PENDING), ("demo", DEMO_QWEN)])
def test_pending_pod_with_failed_scheduling_has_no_green_scheduler_layer(tmp_path, request, world, pod):
    run = live(request.getfixturevalue(world), tmp_path, "pod", pod, "-n", "llm", out=True)
    assert _failed_scheduling_read(run.bundle, "llm", pod)
    scheduler = run.layer("scheduler")
    assert scheduler["status"] in ("root", "failed"), scheduler
    assert run.status in ("problem", "inconclusive") and run.rc == EXIT[run.status], run
    cited = {e["path"] for f in run.doc["findings"] if f["layer"] == "scheduler" for e in f["evidence"]}
    assert "cluster-resources/events/llm.json" in cited or \
        any(p.startswith("cluster-resources/pods/") for p in cited), cited


def test_a_passed_layer_never_cites_evidence_of_a_failure_of_that_layer(tmp_path, cluster):
    pod = live(cluster, tmp_path / "pod", "pod", PENDING, "-n", "llm")
    node = live(cluster, tmp_path / "node", "node", "gpu-node-2")
    # evidence of gpu-node-2 alone (its kernel log, its stack pods' logs), not the shared node list
    failing = {(f["layer"], e["path"]) for f in node.doc["findings"] for e in f["evidence"]
               if "gpu-node-2" in e["path"] or "-bbbbb" in e["path"]}
    assert failing
    green = {(name, path) for name in LAYERS if pod.layer(name)["status"] == "passed"
             for c in pod.layer(name)["checks"] for path in c["evidence"]}
    assert not green & failing, sorted(green & failing)


@pytest.fixture
def driver_smi_missing(tmp_path, cluster) -> Path:
    """The cluster fixture with no recording of `nvidia-smi` in gpu-node-1's driver pod:
    the replay server answers that exec with exit 127, as a container without the binary does."""
    world = tmp_path / "world"
    shutil.copytree(cluster, world)
    rec = world / "gpu" / "exec" / OPERATOR_NS / "nvidia-driver-daemonset-aaaaa" / "nvidia-driver-ctr"
    removed = list(rec.glob("nvidia-smi.*"))
    assert len(removed) == 3
    for f in removed:
        f.unlink()
    return world


DRIVER_SMI = f"gpu/exec/{OPERATOR_NS}/nvidia-driver-daemonset-aaaaa/nvidia-driver-ctr/nvidia-smi"


def test_driver_layer_is_not_passed_through_an_nvidia_smi_that_exited_127(tmp_path, cluster, driver_smi_missing):
    baseline = live(cluster, tmp_path / "recorded", "node", "gpu-node-1")
    cited = [p for c in baseline.layer("driver")["checks"] for p in c["evidence"]]
    assert f"{DRIVER_SMI}.stdout" in cited            # with exit 0 the check does count

    run = live(driver_smi_missing, tmp_path / "missing", "node", "gpu-node-1", out=True)
    recorded = json.loads((run.bundle / f"{DRIVER_SMI}.json").read_text())
    assert recorded["exit_code"] == 127, recorded
    driver = run.layer("driver")
    for check in driver["checks"]:
        assert not any(p.startswith(DRIVER_SMI + ".") for p in check["evidence"]), check
    if driver["status"] == "passed":                  # then through other evidence that is present
        assert driver["checks"]
        for check in driver["checks"]:
            for path in check["evidence"]:
                assert (run.bundle / path).is_file(), path
    assert run.rc == EXIT[run.status], run
