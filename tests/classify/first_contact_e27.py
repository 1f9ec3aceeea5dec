"""Builds first-contact batch E27 (fixtures/first-contact/batch-e27/cases.jsonl) as scenario bundles.

GPU-accelerated data systems on Kubernetes (round 27, search protocol): a Milvus 2.4.5 cluster whose GPU_CAGRA
index build fails with 'index not supported ... segcore unsupported error[segcoreCode=2003]' because GPU support
was not enabled in the Milvus configuration, fixed by the reporter adding the GPU enable setting
(milvus-io/milvus#34220). The text is placed verbatim where the thread says it appeared (the datacoord log of the
reporter's export). Names, versions, the node split and the pods other than the ones the issue names are assumed;
the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_e27      # (re)writes fixtures/first-contact/batch-e27/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e27", "E27", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_GPU_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]

# ---- fe2701: Milvus cluster, GPU_CAGRA build 'index not supported' (GPU not enabled in the config) -----------

_NS = "milvus"
_REL = "cagra-milvuspoctest2"
_IMAGE = "milvusdb/milvus:v2.4.5-gpu"
_DATACOORD = f"{_REL}-milvus-datacoord-6b9d7c5f8-q2x7m"

# the stored copy's lines around the text (datacoord, same export), then the text
_BEFORE = ('[2024/06/27 02:53:01.090 +00:00] [INFO] [datacoord/index_service.go:682] ["receive DescribeIndex request"] '
           '[traceID=3a19b0373547be5a6d5e420fcf173ddf] [collectionID=450731453867370391] [indexName=] [timestamp=0]\n')
_AFTER = ('[2024/06/27 02:53:01.090 +00:00] [INFO] [datacoord/index_service.go:730] ["DescribeIndex success"] '
          '[traceID=3a19b0373547be5a6d5e420fcf173ddf] [collectionID=450731453867370391] [indexName=]\n'
          '[2024/06/27 02:53:01.827 +00:00] [DEBUG] [datacoord/import_scheduler.go:167] ["peek slots done"] '
          '[nodeSlots="{\\"27\\":16}"]\n'
          '[2024/06/27 02:53:02.953 +00:00] [DEBUG] [config/etcd_source.go:154] ["etcd refreshConfigurations"] '
          '[prefix=by-dev/config] [endpoints="[etcd-cagra-milvuspoctest2:2379]"]\n')


@case("fe2701", pod_subj(_DATACOORD, _NS),
      "Kubernetes v1.29.6 (distribution, version and deployment tool assumed; the issue says cluster mode, Kafka, "
      "one GPU each for the query and index node). Two GPU nodes (1 x NVIDIA A10G each, GPU Operator stack healthy; "
      "model, counts, names and versions assumed) and two CPU nodes. A Milvus 2.4.5 cluster (release name from the "
      "etcd host the logs name, namespace milvus; both assumed) runs proxy, rootcoord, querycoord, indexcoord, "
      "datacoord and datanode on the CPU nodes and querynode and indexnode with one nvidia.com/gpu each on the GPU "
      "nodes, all on milvusdb/milvus:v2.4.5-gpu (the issue's 2.4.5-gpu), with etcd as a StatefulSet "
      "etcd-cagra-milvuspoctest2 and Kafka outside the namespace (assumed). Every pod is Running; the datacoord "
      "log holds the stored copy's DescribeIndex lines with the text verbatim (the failed GPU_CAGRA build's "
      "status line); the other pods carry no log of the failure (assumed).")
def _(w, t):
    w.git_version = "v1.29.6"
    cpu_nodes = ("milvus-cpu-01", "milvus-cpu-02")
    gpu_nodes = ("milvus-gpu-01", "milvus-gpu-02")
    for name in cpu_nodes:
        n = w.node(name, cpu="32", memory="131891292Ki", labels={"node-role.kubernetes.io/worker": ""})
        info(n, kubeletVersion=w.git_version)
    for name in gpu_nodes:
        n = w.gpu_node(name, gpus=1, product="NVIDIA-A10G", memory_mib=23028, cpu="16", memory="65023704Ki",
                       taints=_GPU_TAINT)
        info(n, kubeletVersion=w.git_version)
    comps = {"proxy": ("7f8c9d6b4", "h5k2p", cpu_nodes[0]), "rootcoord": ("5d6f7c8b9", "x8v4n", cpu_nodes[0]),
             "querycoord": ("6c7d8e9f5", "m3q7r", cpu_nodes[1]), "indexcoord": ("8b9c6d7e4", "t6w2z", cpu_nodes[1]),
             "datacoord": ("6b9d7c5f8", "q2x7m", cpu_nodes[0]), "datanode": ("9d8c7b6a5", "k4j8s", cpu_nodes[1])}
    labels = lambda comp: {"app.kubernetes.io/instance": _REL, "app.kubernetes.io/name": "milvus", "component": comp}
    for comp, (rs, sfx, node) in comps.items():
        deploy_pod(w, _NS, f"{_REL}-milvus-{comp}-{rs}", f"{_REL}-milvus-{comp}-{rs}-{sfx}", node,
                   containers=(comp,), image=_IMAGE, labels=labels(comp), cpu="2", memory="8Gi")
    for comp, rs, sfx, node in (("querynode", "74c9b8d6f", "p9l3c", gpu_nodes[0]),
                                ("indexnode", "5f6e7d8c9", "r2b6v", gpu_nodes[1])):
        w.pod(_NS, f"{_REL}-milvus-{comp}-{rs}-{sfx}", node=node, gpu=1, containers=(comp,), image=_IMAGE,
              labels=labels(comp), owner=("ReplicaSet", f"{_REL}-milvus-{comp}-{rs}"),
              tolerations=GPU_TOLERATION, cpu="8", memory="32Gi")
    w.pod(_NS, "etcd-cagra-milvuspoctest2-0", node=cpu_nodes[1], gpu=0, containers=("etcd",),
          image="docker.io/milvusdb/etcd:3.5.5-r4", labels={"app.kubernetes.io/name": "etcd"},
          owner=("StatefulSet", "etcd-cagra-milvuspoctest2"), cpu="1", memory="4Gi")
    w.log(_NS, _DATACOORD, "datacoord", _BEFORE + t + "\n" + _AFTER)
    w.target("Pod", _NS, _DATACOORD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
