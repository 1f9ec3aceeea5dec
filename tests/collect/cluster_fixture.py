"""A small, realistic GPU cluster written as a bundle, for the replay server to serve.

- `llm/qwen-vllm-7d9f5c6b8-x2x4k`: Pending vLLM pod (1 nvidia.com/gpu), owned by
  ReplicaSet qwen-vllm-7d9f5c6b8 <- Deployment qwen-vllm, FailedScheduling event.
- `llm/llama-train-0`: running trainer on gpu-node-1 (restarted: previous log is a
  real CUDA OOM), nvidia-smi recorded inside it.
- GPU operator in namespace `nvidia-system` (not `gpu-operator`: discovery must find it):
  device plugin, driver, validator (init containers), GFD on gpu-node-1 and gpu-node-2,
  plus the operator deployment's pod on cpu-node-1.
- Decoys a single-pod triage must not fetch: CPU pods in `web` on gpu-node-1 and
  cpu-node-1, a ConfigMap-like Secret reference, an unrelated namespace's events.

All log and command text comes verbatim from ../shared/corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter
from tests.conftest import CORPUS

T0 = "2026-11-29T14:00:00Z"
OPERATOR_NS = "nvidia-system"
# the driver pod's image and the ClusterPolicy name the driver this capture reports (590.48.01):
# a world whose driver sources disagree is driver.version_inconsistent
NVIDIA_SMI = (CORPUS / "nvidia-smi/text/h100-80gb-hbm3-590.48.01-linux-default-idle.txt").read_text()
NVIDIA_SMI_XML = (CORPUS / "nvidia-smi/xml/8x-h100-80gb-hbm3-580.105.08-nvidia-k8s-test-infra.xml").read_text()


def _case(case_id: str) -> str:
    for line in (CORPUS / "real-cases.jsonl").read_text().splitlines():
        doc = json.loads(line)
        if doc["id"] == case_id:
            return doc["text"] + "\n"
    raise KeyError(case_id)


OOM_LOG = _case("torch-oom-huge-alloc-other-process")
XID_DMESG = _case("dmesg-xid48-dbe-rminitadapter-failed")
PLUGIN_XID_LOG = _case("dp-legacy-xid69-device-unhealthy")
DMESG_COMMAND = ["sh", "-c", "dmesg 2>/dev/null | grep -E 'NVRM|Xid' | tail -n 500"]


def uid(*parts: str) -> str:
    import hashlib
    h = hashlib.sha1("/".join(parts).encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def meta(kind: str, name: str, ns: str | None = None, labels=None, owner: tuple[str, str] | None = None, **extra):
    m = {"name": name, "uid": uid(kind, ns or "", name), "resourceVersion": "1000", "creationTimestamp": T0}
    if ns:
        m["namespace"] = ns
    if labels:
        m["labels"] = labels
    if owner:
        m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": owner[0], "name": owner[1],
                                 "uid": uid(owner[0], ns or "", owner[1]), "controller": True,
                                 "blockOwnerDeletion": True}]
    m.update(extra)
    return m


def running(name: str, restarts: int = 0, last_oom: bool = False) -> dict:
    cs = {"name": name, "ready": True, "restartCount": restarts, "image": f"example/{name}:1", "imageID": "",
          "started": True, "state": {"running": {"startedAt": T0}}, "lastState": {}}
    if last_oom:
        cs["lastState"] = {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T0}}
    return cs


def pod(name: str, ns: str, node: str | None, containers: list[dict], labels=None, owner=None,
        statuses: list[dict] | None = None, init: list[dict] | None = None, init_statuses=None,
        phase: str = "Running", conditions=None) -> dict:
    spec = {"containers": containers, "restartPolicy": "Always", "schedulerName": "default-scheduler"}
    if node:
        spec["nodeName"] = node
    if init:
        spec["initContainers"] = init
    status = {"phase": phase, "conditions": conditions or [{"type": "Ready", "status": "True"}]}
    if statuses is not None:
        status["containerStatuses"] = statuses
    if init_statuses is not None:
        status["initContainerStatuses"] = init_statuses
    return {"metadata": meta("Pod", name, ns, labels, owner), "spec": spec, "status": status}


def container(name: str, gpus: int = 0, image: str | None = None, **extra) -> dict:
    c = {"name": name, "image": image or f"example/{name}:1"}
    if gpus:
        c["resources"] = {"limits": {"nvidia.com/gpu": str(gpus)}, "requests": {"nvidia.com/gpu": str(gpus)}}
    c.update(extra)
    return c


def node(name: str, gpus: int | None, allocatable: int | None = None, labels=None, taints=None) -> dict:
    cap = {"cpu": "96", "memory": "1056000000Ki", "pods": "110"}
    alloc = dict(cap)
    lab = {"kubernetes.io/hostname": name, **(labels or {})}
    if gpus is not None:
        cap["nvidia.com/gpu"] = str(gpus)
        alloc["nvidia.com/gpu"] = str(gpus if allocatable is None else allocatable)
        lab.update({"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                    "nvidia.com/gpu.count": str(gpus)})
    spec = {"taints": taints} if taints else {}
    return {"metadata": meta("Node", name, None, lab), "spec": spec,
            "status": {"capacity": cap, "allocatable": alloc,
                       "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                                       "message": "kubelet is posting ready status"}],
                       "nodeInfo": {"kubeletVersion": "v1.30.4", "containerRuntimeVersion": "containerd://1.7.20"}}}


def event(ns: str, kind: str, name: str, reason: str, message: str, etype: str = "Warning", n: int = 0) -> dict:
    return {"metadata": meta("Event", f"{name}.{reason.lower()}{n}", ns),
            "involvedObject": {"kind": kind, "namespace": ns, "name": name, "uid": uid(kind, ns, name),
                               "apiVersion": "v1"},
            "reason": reason, "message": message, "type": etype, "count": 3,
            "firstTimestamp": T0, "lastTimestamp": T0, "source": {"component": "default-scheduler"},
            "reportingComponent": "default-scheduler", "reportingInstance": ""}


PENDING = "qwen-vllm-7d9f5c6b8-x2x4k"
TRAINER = "llama-train-0"
FAILED_SCHEDULING = ("0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
                     "1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient nvidia.com/gpu. preemption: "
                     "0/4 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not "
                     "helpful for scheduling.")


def stack_pods(node_name: str, suffix: str, plugin_log: str) -> list[tuple[dict, dict[str, str]]]:
    """(pod, {container: log}) of the operator's daemonset pods on one node."""
    ns = OPERATOR_NS
    out = []
    dp = pod(f"nvidia-device-plugin-daemonset-{suffix}", ns, node_name,
             [container("nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.16.2")],
             labels={"app": "nvidia-device-plugin-daemonset"}, owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
             init=[container("toolkit-validation", image="nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.6.2")],
             statuses=[running("nvidia-device-plugin")],
             init_statuses=[{"name": "toolkit-validation", "ready": True, "restartCount": 0, "image": "x", "imageID": "",
                             "state": {"terminated": {"exitCode": 0, "reason": "Completed"}}}])
    out.append((dp, {"nvidia-device-plugin": plugin_log, "toolkit-validation": "toolkit is ready\n"}))
    drv = pod(f"nvidia-driver-daemonset-{suffix}", ns, node_name,
              [container("nvidia-driver-ctr", image="nvcr.io/nvidia/driver:590.48.01-ubuntu22.04")],
              labels={"app": "nvidia-driver-daemonset"}, owner=("DaemonSet", "nvidia-driver-daemonset"),
              statuses=[running("nvidia-driver-ctr")])
    out.append((drv, {"nvidia-driver-ctr": "Done, now waiting for signal\n"}))
    val = pod(f"nvidia-operator-validator-{suffix}", ns, node_name,
              [container("nvidia-operator-validator", image="nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.6.2")],
              labels={"app": "nvidia-operator-validator"}, owner=("DaemonSet", "nvidia-operator-validator"),
              init=[container("driver-validation"), container("cuda-validation")],
              statuses=[running("nvidia-operator-validator")],
              init_statuses=[{"name": n, "ready": True, "restartCount": 0, "image": "x", "imageID": "",
                              "state": {"terminated": {"exitCode": 0, "reason": "Completed"}}}
                             for n in ("driver-validation", "cuda-validation")])
    out.append((val, {"nvidia-operator-validator": "all validations are successful\n",
                      "driver-validation": "running command chroot with args [/run/nvidia/driver nvidia-smi]\n",
                      "cuda-validation": "cuda workload validated\n"}))
    gfd = pod(f"gpu-feature-discovery-{suffix}", ns, node_name,
              [container("gpu-feature-discovery", image="nvcr.io/nvidia/k8s-device-plugin:v0.16.2")],
              labels={"app": "gpu-feature-discovery"}, owner=("DaemonSet", "gpu-feature-discovery"),
              statuses=[running("gpu-feature-discovery")])
    out.append((gfd, {"gpu-feature-discovery": "Writing labels to output file /etc/kubernetes/node-feature-discovery/features.d/gfd\n"}))
    return out


def build(root: Path, secrets: dict[str, str] | None = None, dcgm: bool | bytes = False) -> Path:
    """Write the cluster bundle into `root`; `secrets` plants tokens (env, args, annotations, logs);
    `dcgm` adds a DCGM exporter pod on gpu-node-1; bytes are also its recorded scrape
    (gpu/nodes/gpu-node-1/dcgm.prom), which the replay server's pod proxy answers with."""
    w = BundleWriter(root)
    s = secrets or {}
    w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "30", "gitVersion": "v1.30.4"})
    nodes = [node("control-plane-1", None, taints=[{"key": "node-role.kubernetes.io/control-plane",
                                                     "effect": "NoSchedule"}]),
             node("cpu-node-1", None),
             node("gpu-node-1", 8),
             node("gpu-node-2", 8, allocatable=7)]
    w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "metadata": {}, "items": nodes})

    vllm_env = [{"name": "VLLM_PORT", "value": "8000"}]
    vllm_args = ["--model", "Qwen/Qwen2.5-7B-Instruct", "--gpu-memory-utilization", "0.9"]
    annotations = {"prometheus.io/scrape": "true"}
    if s:
        vllm_env += [{"name": "HF_TOKEN", "value": s["hf"]}, {"name": "DB_PASSWORD", "value": s["password"]},
                     {"name": "SLACK_URL", "value": s["slack"]}]
        vllm_args += ["--api-key", s["apikey"], f"--download-url=https://bot:{s['urlpass']}@models.example.com/x"]
        if "db_pass" in s:      # what an attack run found leaking (issue 13)
            vllm_env += [{"name": "DB_PASS", "value": s["db_pass"]}]
            vllm_args += ["-p", s["mysql_arg"], "--port", "8000",
                          f"--on-start=mysql -u root -p {s['mysql_text']} && migrate --password {s['flag_password']} "
                          f"--db-password={s['eq_password']}"]
            annotations["example.com/db-password"] = s["annotation"]
        annotations["example.com/auth"] = f"Bearer {s['jwt']}"
        annotations["kubectl.kubernetes.io/last-applied-configuration"] = json.dumps({"env": s["hf"]})
    pending = pod(PENDING, "llm", None,
                  [container("vllm", gpus=1, image="vllm/vllm-openai:v0.6.3", env=vllm_env, args=vllm_args)],
                  labels={"app": "qwen-vllm", "pod-template-hash": "7d9f5c6b8"}, owner=("ReplicaSet", "qwen-vllm-7d9f5c6b8"),
                  phase="Pending", statuses=None,
                  conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                               "message": FAILED_SCHEDULING}])
    pending["metadata"]["annotations"] = annotations
    if "label" in s:
        pending["metadata"]["labels"]["vault-token"] = s["label"]
    pending["metadata"]["managedFields"] = [{"manager": "kube-controller-manager", "operation": "Update"}]
    pending["spec"]["nodeSelector"] = {"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}
    pending["spec"]["tolerations"] = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    trainer = pod(TRAINER, "llm", "gpu-node-1", [container("trainer", gpus=8, image="nvcr.io/nvidia/pytorch:24.08-py3")],
                  labels={"app": "llama-train"}, statuses=[running("trainer", restarts=2, last_oom=True)])
    trainer["metadata"]["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "llama-train",
                                               "uid": uid("StatefulSet", "llm", "llama-train"), "controller": True}]
    llm_pods = [pending, trainer]
    web_pods = [pod("web-frontend-5c9d-abcde", "web", "gpu-node-1", [container("nginx")], labels={"app": "web"},
                    statuses=[running("nginx")]),
                pod("web-frontend-5c9d-fghij", "web", "cpu-node-1", [container("nginx")], labels={"app": "web"},
                    statuses=[running("nginx")])]
    stack = stack_pods("gpu-node-1", "aaaaa", "I1129 13:58:02.440157       1 server.go:154] Registered device plugin "
                                              "for 'nvidia.com/gpu' with Kubelet\n")
    stack += stack_pods("gpu-node-2", "bbbbb", PLUGIN_XID_LOG)
    operator = pod("gpu-operator-7b8c9d-qwert", OPERATOR_NS, "cpu-node-1",
                   [container("gpu-operator", image="nvcr.io/nvidia/gpu-operator:v24.6.2")],
                   labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
                   owner=("ReplicaSet", "gpu-operator-7b8c9d"), statuses=[running("gpu-operator")])
    op_pods = [p for p, _ in stack] + [operator]
    if dcgm:
        exporter = pod("nvidia-dcgm-exporter-aaaaa", OPERATOR_NS, "gpu-node-1",
                       [container("nvidia-dcgm-exporter", image="nvcr.io/nvidia/k8s/dcgm-exporter:3.3.7-3.5.0-ubuntu22.04",
                                  ports=[{"name": "metrics", "containerPort": 9400, "protocol": "TCP"}])],
                       labels={"app": "nvidia-dcgm-exporter"}, owner=("DaemonSet", "nvidia-dcgm-exporter"),
                       statuses=[running("nvidia-dcgm-exporter")])
        op_pods.append(exporter)
        stack.append((exporter, {"nvidia-dcgm-exporter": "Starting webserver\n"}))

    def podlist(items):
        return {"apiVersion": "v1", "kind": "PodList", "metadata": {}, "items": items}
    w.write_json(layout.namespaced_list("pods", "llm"), podlist(llm_pods))
    w.write_json(layout.namespaced_list("pods", "web"), podlist(web_pods))
    w.write_json(layout.namespaced_list("pods", OPERATOR_NS), podlist(op_pods))

    rs = {"metadata": meta("ReplicaSet", "qwen-vllm-7d9f5c6b8", "llm", {"app": "qwen-vllm"}, ("Deployment", "qwen-vllm")),
          "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "qwen-vllm", "pod-template-hash": "7d9f5c6b8"}}},
          "status": {"replicas": 1, "readyReplicas": 0}}
    dep = {"metadata": meta("Deployment", "qwen-vllm", "llm", {"app": "qwen-vllm"}),
           "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "qwen-vllm"}}},
           "status": {"replicas": 1, "unavailableReplicas": 1}}
    sts = {"metadata": meta("StatefulSet", "llama-train", "llm", {"app": "llama-train"}),
           "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "llama-train"}}}, "status": {"replicas": 1}}
    w.write_json(layout.namespaced_list("replicasets", "llm"), {"apiVersion": "apps/v1", "kind": "ReplicaSetList",
                                                                "metadata": {}, "items": [rs]})
    w.write_json(layout.namespaced_list("deployments", "llm"), {"apiVersion": "apps/v1", "kind": "DeploymentList",
                                                                "metadata": {}, "items": [dep]})
    w.write_json(layout.namespaced_list("statefulsets", "llm"), {"apiVersion": "apps/v1", "kind": "StatefulSetList",
                                                                 "metadata": {}, "items": [sts]})
    ds_items = []
    for app in ("nvidia-device-plugin-daemonset", "nvidia-driver-daemonset", "nvidia-operator-validator",
                "gpu-feature-discovery"):
        ds_items.append({"metadata": meta("DaemonSet", app, OPERATOR_NS, {"app": app}),
                         "spec": {"selector": {"matchLabels": {"app": app}},
                                  "template": {"metadata": {"labels": {"app": app}},
                                               "spec": {"containers": [{"name": "c", "image": "x"}],
                                                        "nodeSelector": {"nvidia.com/gpu.present": "true"}}}},
                         "status": {"desiredNumberScheduled": 2, "numberReady": 2}})
    ds_items.append({"metadata": meta("DaemonSet", "kube-proxy", "kube-system", {"k8s-app": "kube-proxy"}),
                     "spec": {"selector": {"matchLabels": {"k8s-app": "kube-proxy"}},
                              "template": {"metadata": {"labels": {"k8s-app": "kube-proxy"}},
                                           "spec": {"containers": [{"name": "kube-proxy", "image": "registry.k8s.io/kube-proxy:v1.30.4"}]}}},
                     "status": {"desiredNumberScheduled": 4, "numberReady": 4}})
    w.write_json(layout.namespaced_list("daemonsets", OPERATOR_NS),
                 {"apiVersion": "apps/v1", "kind": "DaemonSetList", "metadata": {}, "items": ds_items[:-1]})
    w.write_json(layout.namespaced_list("daemonsets", "kube-system"),
                 {"apiVersion": "apps/v1", "kind": "DaemonSetList", "metadata": {}, "items": ds_items[-1:]})

    llm_events = [event("llm", "Pod", PENDING, "FailedScheduling", FAILED_SCHEDULING),
                  event("llm", "ReplicaSet", "qwen-vllm-7d9f5c6b8", "SuccessfulCreate",
                        f"Created pod: {PENDING}", "Normal"),
                  event("llm", "Deployment", "qwen-vllm", "ScalingReplicaSet",
                        "Scaled up replica set qwen-vllm-7d9f5c6b8 to 1", "Normal"),
                  event("llm", "Pod", TRAINER, "BackOff", "Back-off restarting failed container trainer in pod "
                                                         f"{TRAINER}_llm({uid('Pod', 'llm', TRAINER)})")]
    w.write_json(layout.namespaced_list("events", "llm"), {"apiVersion": "v1", "kind": "EventList", "metadata": {},
                                                           "items": llm_events})
    w.write_json(layout.namespaced_list("events", "web"), {"apiVersion": "v1", "kind": "EventList", "metadata": {},
                                                           "items": [event("web", "Pod", "web-frontend-5c9d-abcde",
                                                                           "Pulled", "Successfully pulled image", "Normal")]})
    quota = {"metadata": meta("ResourceQuota", "gpu-quota", "llm"),
             "spec": {"hard": {"requests.nvidia.com/gpu": "16"}},
             "status": {"hard": {"requests.nvidia.com/gpu": "16"}, "used": {"requests.nvidia.com/gpu": "8"}}}
    w.write_json(layout.namespaced_list("resource-quota", "llm"), {"apiVersion": "v1", "kind": "ResourceQuotaList",
                                                                   "metadata": {}, "items": [quota]})
    pdb = {"metadata": meta("PodDisruptionBudget", "qwen-vllm", "llm"),
           "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "qwen-vllm"}}},
           "status": {"currentHealthy": 0, "desiredHealthy": 1}}
    w.write_json(layout.namespaced_list("pod-disruption-budgets", "llm"),
                 {"apiVersion": "policy/v1", "kind": "PodDisruptionBudgetList", "metadata": {}, "items": [pdb]})
    w.write_json(layout.custom_resource("clusterpolicies.nvidia.com"),
                 [{"apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": meta("ClusterPolicy", "cluster-policy"),
                   "spec": {"driver": {"enabled": True, "version": "590.48.01"}, "devicePlugin": {"enabled": True}},
                   "status": {"state": "ready", "namespace": OPERATOR_NS}}])

    # Logs
    trainer_log = "Epoch 3: loading shard 17\n"
    if s:
        trainer_log += f"Using token {s['hf']} to download weights\nAuthorization: Bearer {s['jwt']}\n"
        trainer_log += f"AWS_ACCESS_KEY_ID={s['aws_id']} AWS_SECRET_ACCESS_KEY={s['aws_secret']}\n"
    previous_log = OOM_LOG
    if "basic" in s:
        # the log tail starts inside a private key (its BEGIN line cut off), then a PGP key
        trainer_log = (f"{s['key_body']}\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n"
                       "-----END PRIVATE KEY-----\n" + trainer_log +
                       "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + s["pgp_body"] + "\n=twTO\n"
                       "-----END PGP PRIVATE KEY BLOCK-----\n"
                       f'registry config {{"auths":{{"nvcr.io":{{"auth":"{s["docker_auth"]}"}}}}}}\n')
        # secrets on the line every report cites (the OOM line)
        marker = "CUDA out of memory."
        previous_log = OOM_LOG.replace(marker, f"{marker} [job Authorization: Basic {s['basic']} NGC {s['nvapi']} "
                                               f"mysql -h db -p {s['mysql_text']}]", 1)
    w.write_text(layout.container_log("llm", TRAINER, "trainer"), trainer_log)
    w.write_text(layout.container_log("llm", TRAINER, "trainer", previous=True), previous_log)
    for p, logs in stack:
        for c, text in logs.items():
            w.write_text(layout.container_log(OPERATOR_NS, p["metadata"]["name"], c), text)
    w.write_text(layout.container_log(OPERATOR_NS, operator["metadata"]["name"], "gpu-operator"),
                 '{"level":"info","ts":1732888800,"msg":"ClusterPolicy is ready"}\n')
    w.write_text(layout.container_log("web", "web-frontend-5c9d-abcde", "nginx"), "GET / 200\n")

    # Exec recordings (what the containers would answer).
    w.write_exec("llm", TRAINER, "trainer", ["nvidia-smi"], NVIDIA_SMI, "", 0, None)
    w.write_exec("llm", TRAINER, "trainer", ["nvidia-smi", "-q", "-x"], NVIDIA_SMI_XML, "", 0, None)
    for suffix, node_name in (("aaaaa", "gpu-node-1"), ("bbbbb", "gpu-node-2")):
        name = f"nvidia-driver-daemonset-{suffix}"
        w.write_exec(OPERATOR_NS, name, "nvidia-driver-ctr", ["nvidia-smi"], NVIDIA_SMI, "", 0, None)
        w.write_exec(OPERATOR_NS, name, "nvidia-driver-ctr", DMESG_COMMAND,
                     XID_DMESG if node_name == "gpu-node-2" else "", "", 0 if node_name == "gpu-node-2" else 1, None)
    if isinstance(dcgm, bytes):
        scrape = root / layout.node_dcgm("gpu-node-1")
        scrape.parent.mkdir(parents=True, exist_ok=True)
        scrape.write_bytes(dcgm)
    w.write_manifest({"kind": "Pod", "namespace": "llm", "name": PENDING})
    return root
