"""gpu-triage: find the layer where a GPU workload on Kubernetes really fails.

Flow: collect/ (cluster -> bundle) -> bundle/ (safe reading, typed views) ->
evidence/ (parsers: raw text -> facts) -> classify/ (facts -> findings) ->
render/ and notify/ (findings -> reports, Slack).
"""

__version__ = "0.1.0"
TOOL_NAME = "gpu-triage"
