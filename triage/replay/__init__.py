"""A read-only Kubernetes API that serves an evidence bundle (`gpu-triage serve`).

server.py     ReplayServer, Faults, RequestRecord: the thread, the loop, faults, the request log
api.py        routing; discovery, get, list, Table, selectors, paging, access reviews, refusals
store.py      the bundle's objects pre-serialized and indexed per resource
resources.py  the kinds served, their field labels, discovery documents
selectors.py  label and field selector grammar
tables.py     kubectl's printers (printPod, printNode, printEvent, ...) for Table answers
podlogs.py    pods/log;  exec_ws.py  pods/exec over WebSocket;  watch.py  watch + timeline
faults.py     seeded fault injection;  status.py  metav1.Status bodies;  protobuf.py  SSAR decoding
"""
