"""Kubelet and controller events, pod status messages and container states.

One module per kind of message; each parser takes the message text (and, where the
format depends on it, the event or status reason) and returns a frozen fact, or None
when the text is not that format; none of them raises on any input:

- `admission`: kubelet admission rejections (`Pod was rejected: Allocate failed ...`)
- `probes`: probe failures, `Killing`, back-off (`Liveness probe failed: HTTP probe failed with statuscode: 404`)
- `image_pull`: failed image pulls (`Failed to pull image "nvcr.io/nvidia/driver:..." ... not found`)
- `pod_setup`: sandbox and volume failures (`Failed to create pod sandbox: rpc error: ...`)
- `eviction`, `quota`, `node_events`: evictions, quota rejections, NodeNotReady / SystemOOM
- `create_rejection`: a controller's `FailedCreate` (ResourceQuota, LimitRanger, PodSecurity, RuntimeClass)
- `container_start`: `CreateContainerConfigError` / `RunContainerError` / `PostStartHookError` ... and their messages
- `termination`: how a terminated container ended (exit 137 without OOMKilled is SIGKILL)
- `describe_text`: container states and Events rows of pasted `kubectl describe` text
- `dispatch`: `parse_event_message(reason, message)`, `parse_event(event)`, `scheduling_failure(pod)`
- `bounds`: the length bound every parser puts on untrusted text
"""
