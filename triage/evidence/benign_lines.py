"""Healthy look-alikes: lines the GPU stack and the model servers print on a healthy start or a
harmless fallback, that carry words a recogniser looks for ("error", "failed", "out of memory",
"NET/Socket", "taints kernel", "non-NVML platform"...). No signature that maps to a finding may
fire on any of them (`tests/evidence/test_benign_lines.py`); `docs/message-catalog.md` lists them
as "benign" beside the formats that do mean a failure.

Each line is written from the emitting component's own format string (the `source` file, `%s`/`%d`
filled with plausible values), not copied from a case. `role` is the GPU-stack role whose log
prints it (`workload` for a GPU pod's own container, `kernel` for the node's kernel log).

Sample:

    >>> from triage.evidence.log_scan import scan_log
    >>> [f.kind.value for f in scan_log(BENIGN_SAMPLES[0].line)]
    []
"""

from __future__ import annotations

from msgspec import Struct


class BenignLine(Struct, frozen=True):
    component: str      # who prints it
    role: str           # device-plugin | dra-plugin | gfd | toolkit | validator | driver | kernel | mig-manager |
                        # dcgm-exporter | workload
    source: str         # repository and path of the format string
    line: str           # a line written from that format string
    why: str = ""       # why it is harmless, when the wording suggests otherwise


DP = "NVIDIA/k8s-device-plugin"
CTK = "NVIDIA/nvidia-container-toolkit"
OP = "NVIDIA/gpu-operator"
DRV = "NVIDIA/gpu-driver-container"
MIG = "NVIDIA/mig-parted"
DCGM = "NVIDIA/dcgm-exporter"
NCCL = "NVIDIA/nccl"
DRA = "NVIDIA/k8s-dra-driver-gpu"
GKE = "GoogleCloudPlatform/container-engine-accelerators"
COS = "cos/tools (cos.googlesource.com, mirrored as dims/cos-tools)"

_B = BenignLine

BENIGN_SAMPLES: tuple[BenignLine, ...] = (
    # --- device plugin (v0.14 - v0.20) ------------------------------------------------------
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:01:02.000101       1 main.go:272] Starting FS watcher for /var/lib/kubelet/device-plugins"),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:01:02.000201       1 main.go:279] Starting OS watcher."),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:01:02.000301       1 main.go:351] Loading configuration."),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:01:02.000401       1 main.go:377] Updating config with default resource matching patterns."),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go (config dump, api/config/v1/flags.go)",
       '    "failOnInitError": true,', "a key of the 'Running with config' JSON dump"),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go (config dump, api/config/v1/replicas.go)",
       '      "failRequestsGreaterThanOne": false,', "time-slicing config key in the config dump"),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:01:02.000501       1 main.go:391] Retrieving plugins."),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/plugin-manager.go (v0.20)",
       "I1129 14:01:02.000601       1 plugin-manager.go:101] Detected platform: nvml"),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/plugin-manager.go (v0.20)",
       "I1129 14:01:02.000701       1 plugin-manager.go:50] Using device discovery strategy: nvml"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/rm.go logWithReason (v0.14-v0.15)",
       "I1129 14:01:02.000801       1 factory.go:104] Detected NVML platform: found NVML library"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/rm.go logWithReason (v0.14-v0.15)",
       "I1129 14:01:02.000901       1 factory.go:104] Detected non-Tegra platform: /sys/devices/soc0/family file not found",
       "the Tegra check failing on a discrete-GPU node"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/rm.go logWithReason (v0.14-v0.15), on a Jetson node",
       "I1129 14:01:02.001001       1 factory.go:104] Detected non-NVML platform: could not load NVML library: "
       "libnvidia-ml.so.1: cannot open shared object file: No such file or directory",
       "the NVML check failing on a Tegra node, which the plugin then serves through its Tegra resource manager; "
       "on a discrete-GPU node 'Incompatible platform detected' follows and is what fires"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/rm.go logWithReason (v0.14-v0.15), on a Jetson node",
       "I1129 14:01:02.001101       1 factory.go:104] Detected Tegra platform: /etc/nv_tegra_release found"),
    _B("device-plugin", "device-plugin", f"{DP} vendor go-nvlib pkg/nvlib/info/resolver.go (debug, v0.17+)",
       "I1129 14:01:02.001151       1 resolver.go:49] Is NVML-based system? false: could not load NVML library: "
       "libnvidia-ml.so.1: cannot open shared object file: No such file or directory",
       "platform probing at debug level; a real NVML failure on an NVML platform logs 'Failed to initialize NVML'"),
    _B("device-plugin", "device-plugin", f"{DP} internal/plugin/server.go",
       "I1129 14:01:02.001201       1 server.go:198] Starting GRPC server for 'nvidia.com/gpu'"),
    _B("device-plugin", "device-plugin", f"{DP} internal/plugin/server.go",
       "I1129 14:01:02.001301       1 server.go:142] Starting to serve 'nvidia.com/gpu' on "
       "/var/lib/kubelet/device-plugins/nvidia-gpu.sock"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/health.go",
       "I1129 14:01:02.001401       1 health.go:64] Ignoring the following XIDs for health checks: [13 31 43 45 68 109]"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/health.go",
       "I1129 14:05:00.000001       1 health.go:134] Skipping non-nvmlEventTypeXidCriticalError event: "
       "{Device:{Handle:0x7f1c2c0a5f38} EventType:2 EventData:0 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}",
       "an event the health checker ignores"),
    _B("device-plugin", "device-plugin", f"{DP} internal/rm/health.go",
       "W1129 14:01:02.001501       1 health.go:107] Device GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8 is too old to "
       "support healthchecking.", "the device stays healthy, only unmonitored (current versions)"),
    _B("device-plugin", "device-plugin", f"{DP} cmd/nvidia-device-plugin/main.go",
       "I1129 14:07:00.000001       1 main.go:319] inotify: /var/lib/kubelet/device-plugins/kubelet.sock created, "
       "restarting.", "the kubelet restarted; the plugin re-registers"),
    _B("device-plugin", "device-plugin", f"{DP} internal/plugin/server.go",
       "E1129 14:01:02.001601       1 server.go:155] Failed to start health check: failed to create event set: "
       "ERROR_NOT_SUPPORTED; continuing with health checks disabled",
       "the plugin serves its devices; only Xid monitoring is off (e.g. vGPU guests)"),
    _B("device-plugin (MPS control daemon)", "device-plugin", f"{DP} cmd/mps-control-daemon/mps/manager.go",
       'I1129 14:01:03.000001       1 manager.go:66] "Sharing strategy is not MPS; skipping MPS manager creation" '
       'strategy="time-slicing"'),
    _B("device-plugin (MPS control daemon)", "device-plugin", f"{DP} cmd/mps-control-daemon/main.go",
       "I1129 14:01:03.000101       1 main.go:205] No devices are configured for MPS sharing; Waiting indefinitely."),
    _B("device-plugin", "device-plugin", f"{DP} internal/plugin/mps.go",
       'I1129 14:01:03.000201       1 mps.go:70] "MPS daemon is healthy" resource="nvidia.com/gpu"'),
    # --- NVIDIA DRA driver (v25.3 - v25.12+) ----------------------------------------------------------
    _B("DRA kubelet plugin (init container)", "dra-plugin", f"{DRA} hack/kubelet-plugin-prestart.sh",
       "create symlink: /driver-root -> /driver-root-parent/driver"),
    _B("DRA kubelet plugin (init container)", "dra-plugin", f"{DRA} hack/kubelet-plugin-prestart.sh",
       "2026-11-29T14:01:02Z  /driver-root (/run/nvidia/driver on host): nvidia-smi: '/driver-root/usr/bin/nvidia-smi', "
       "libnvidia-ml.so.1: '/driver-root/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1', current contents: [bin dev etc "
       "lib usr].", "the check's own report with both files found"),
    _B("DRA kubelet plugin (init container)", "dra-plugin", f"{DRA} hack/kubelet-plugin-prestart.sh",
       "nvidia-smi returned with code 0: success, leave"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/device_state.go",
       "I1129 14:01:03.000101       1 device_state.go:86] Using devRoot=/driver-root"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/nvlib.go (v25.12+)",
       "I1129 14:01:03.000201       1 nvlib.go:197] Traverse GPU devices"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/nvlib.go (v25.12+)",
       "I1129 14:01:03.000301       1 nvlib.go:303] Adding device gpu-0 to allocatable devices"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/device_state.go (v25.8+)",
       "I1129 14:01:03.000401       1 device_state.go:220] Create empty checkpoint"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/device_state.go (v25.12+)",
       "I1129 14:01:03.000501       1 device_state.go:104] Muting CDI logger (verbosity is smaller 7: 4)"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/driver.go (HEAD)",
       "W1129 14:01:03.000601       1 driver.go:80] DynamicMIG enabled but no MIG capable GPU found on this node; "
       "falling back to legacy Full GPU support", "a feature gate without MIG GPUs: full GPUs are offered"),
    _B("DRA kubelet plugin (gpus)", "dra-plugin", f"{DRA} cmd/gpu-kubelet-plugin/driver.go",
       "I1129 14:05:00.000101       1 driver.go:415] Returning newly prepared devices for claim "
       "'ml/gpu-claim:6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b': [{[gpu] gpu.nvidia.com gpu-0 "
       "[k8s.gpu.nvidia.com/device=gpu-0]}]"),
    _B("DRA kubelet plugin (compute-domains)", "dra-plugin", f"{DRA} cmd/compute-domain-kubelet-plugin/nvlib.go (v25.8+)",
       "I1129 14:01:03.000701       1 nvlib.go:224] no-clique fallback: fabric not attached (device "
       "0/GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c)", "a GPU without multi-node NVLink: no ComputeDomain there"),
    _B("DRA kubelet plugin (compute-domains)", "dra-plugin", f"{DRA} cmd/compute-domain-kubelet-plugin/nvlib.go (v25.8+)",
       "I1129 14:01:03.000801       1 nvlib.go:247] identified fabric clique UUID/ID (device "
       "0/GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c): 7a9c1b2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d/32766"),
    _B("ComputeDomain daemon", "dra-plugin", f"{DRA} cmd/compute-domain-daemon/main.go (v25.12+)",
       "I1129 14:02:00.000101       1 main.go:245] no cliqueID: skipping controller and IMEX daemon management",
       "a node without an NVLink clique runs no IMEX daemon"),
    _B("ComputeDomain daemon", "dra-plugin", f"{DRA} cmd/compute-domain-daemon/main.go (v25.8+)",
       "I1129 14:02:00.000201       1 main.go:488] Rendered IMEX daemon config file with: {IMEXCmdBindInterfaceIP:10.0.3.7 "
       "IMEXDaemonNodesConfigPath:/imexd/nodes_config.cfg}"),
    _B("ComputeDomain daemon", "dra-plugin", f"{DRA} cmd/compute-domain-daemon/process.go",
       "I1129 14:02:00.000301       1 process.go:89] Start: /usr/bin/nvidia-imex -c /imexd/imexd.cfg"),
    _B("ComputeDomain daemon", "dra-plugin", f"{DRA} cmd/compute-domain-daemon/process.go",
       "I1129 14:02:00.000401       1 process.go:114] Started process with pid 42"),
    _B("ComputeDomain daemon", "dra-plugin", f"{DRA} cmd/compute-domain-daemon/main.go",
       "I1129 14:02:30.000501       1 main.go:368] Got update, (re)start IMEX daemon",
       "a new peer joined: the daemon restarts nvidia-imex on purpose"),
    # --- GKE's device plugin (container-engine-accelerators) --------------------------------------------------
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} cmd/nvidia_gpu/nvidia_gpu.go",
       "I1129 14:01:02.000101       1 nvidia_gpu.go:112] device-plugin started"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} cmd/nvidia_gpu/nvidia_gpu.go",
       "E1129 14:01:02.000201       1 nvidia_gpu.go:132] Encountered error while parsing GPU fraction divisor file: GPU "
       "fraction divisor file not defined at , defaulting to 1", "no fractional-GPU file on a node without it: 1"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:02.000301       1 manager.go:122] There is no Xid config specified "),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:02.000401       1 manager.go:456] Starting filesystem watcher."),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:02.000501       1 manager.go:466] starting device-plugin server at: "
       "/device-plugin/nvidiaGPU-1764424862.sock"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:02.000601       1 manager.go:493] device-plugin server started serving"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:02.000701       1 manager.go:501] device-plugin registered with the kubelet"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/beta_plugin.go",
       "I1129 14:01:02.000801       1 beta_plugin.go:47] device-plugin: nvidia0 device marked as Healthy"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go (Serve, restart path)",
       "I1129 14:07:00.000101       1 manager.go:536]  /device-plugin/kubelet.sock recreated, stopping device-plugin "
       "server", "the kubelet restarted; the plugin stops its server and registers again"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go (Serve, restart path)",
       "E1129 14:07:00.000201       1 manager.go:485] device-plugin server stopped serving: <nil>",
       "E level, but nil: the old server's normal end on every restart (kubelet.sock recreated, socket removed, "
       "new GPUs)"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/health_check/health_checker.go",
       "W1129 14:01:02.000901       1 health_checker.go:226] Warning: /dev/nvidia0 is too old to support healthchecking: "
       "ERROR_NOT_SUPPORTED. It will always be marked healthy.", "the device stays healthy, only unmonitored"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/health_check/health_checker.go",
       "I1129 14:09:00.000101       1 health_checker.go:411] Health checker is skipping Xid 13 error",
       "an application Xid the health checker ignores"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/health_check/health_checker.go",
       "I1129 14:09:00.000201       1 health_checker.go:398] Skip error Xid=31 as it is not Xid Critical"),
    _B("GKE nvidia-gpu-device-plugin", "device-plugin", f"{GKE} pkg/gpu/nvidia/manager.go",
       "I1129 14:01:03.000101       1 manager.go:331] MPS is healthy, active thread percentage = 100"),
    # --- GKE's driver installer (the DaemonSet's script and the COS installer) ---------------------------------
    _B("GKE nvidia-driver-installer", "driver", f"{GKE} nvidia-driver-installer/cos/daemonset-preloaded.yaml",
       "Checking for existing GPU driver modules"),
    _B("GKE nvidia-driver-installer", "driver", f"{GKE} nvidia-driver-installer/cos/daemonset-preloaded.yaml",
       "No GPU driver module detected, installing now"),
    _B("GKE nvidia-driver-installer", "driver", f"{GKE} nvidia-driver-installer/cos/daemonset-preloaded.yaml",
       "GPU driver is already installed, the installed version may or may not be the driver version being tried to "
       "install, skipping installation", "the modules are loaded already: nothing to do"),
    _B("GKE nvidia-driver-installer", "driver", f"{COS} src/cmd/cos_gpu_installer/internal/commands/install.go",
       "I1129 14:00:20.000101    2851 install.go:187] Installing GPU driver version 535.183.01"),
    _B("GKE nvidia-driver-installer", "driver", f"{COS} src/cmd/cos_gpu_installer/internal/commands/install.go",
       "I1129 14:00:45.000201    2851 install.go:283] Failed to load kernel module, err: failed to load GPU drivers: "
       "exit status 1. Retrying driver installation with legacy linking",
       "the installer retries by itself; only a failure of the retry is logged as an error"),
    _B("GKE nvidia-driver-installer", "driver", f"{COS} src/cmd/cos_gpu_installer/internal/installer/installer.go",
       "I1129 14:00:50.000301    2851 installer.go:53] Verifying GPU driver installation"),
    _B("GKE nvidia-driver-installer", "driver", f"{COS} src/cmd/cos_gpu_installer/internal/commands/install.go",
       "I1129 14:00:55.000401    2851 install.go:305] Finished installing the drivers."),
    _B("GKE nvidia-driver-installer", "driver", f"{GKE} nvidia-driver-installer/ubuntu/entrypoint.sh",
       "Verifying Nvidia installation... DONE."),
    # --- GPU Feature Discovery -----------------------------------------------------------------
    _B("gpu-feature-discovery", "gfd", f"{DP} cmd/gpu-feature-discovery/main.go",
       "I1129 14:01:05.000001       1 main.go:163] Starting OS watcher."),
    _B("gpu-feature-discovery", "gfd", f"{DP} cmd/gpu-feature-discovery/main.go",
       "I1129 14:01:05.000101       1 main.go:214] Start running"),
    _B("gpu-feature-discovery", "gfd", f"{DP} cmd/gpu-feature-discovery/main.go",
       "I1129 14:01:05.000201       1 main.go:281] Creating Labels"),
    _B("gpu-feature-discovery", "gfd", f"{DP} cmd/gpu-feature-discovery/main.go",
       "I1129 14:01:05.000301       1 main.go:294] Sleeping for 1m0s"),
    # --- container toolkit ---------------------------------------------------------------------
    _B("nvidia-container-toolkit (installer)", "toolkit", f"{CTK} cmd/nvidia-ctk-installer/main.go",
       'time="2026-11-29T14:00:30Z" level=info msg="Starting nvidia-ctk-installer"'),
    _B("nvidia-container-toolkit (installer)", "toolkit", f"{CTK} cmd/nvidia-ctk-installer/container/container.go",
       'time="2026-11-29T14:00:31Z" level=info msg="Flushing config to /runtime/config-dir/config.toml"'),
    _B("nvidia-container-toolkit (installer)", "toolkit",
       f"{CTK} cmd/nvidia-ctk-installer/container/runtime/containerd/containerd_linux.go",
       'time="2026-11-29T14:00:31Z" level=info msg="Sending SIGHUP signal to containerd"'),
    _B("nvidia-container-toolkit (installer)", "toolkit",
       f"{CTK} cmd/nvidia-ctk-installer/container/runtime/containerd/containerd_linux.go",
       'time="2026-11-29T14:00:31Z" level=info msg="Successfully signaled containerd"'),
    _B("nvidia-container-toolkit (installer)", "toolkit", f"{CTK} cmd/nvidia-ctk-installer/main.go",
       'time="2026-11-29T14:00:32Z" level=info msg="Waiting for signal"'),
    _B("nvidia-container-runtime", "toolkit", f"{CTK} internal/info/auto.go",
       'time="2026-11-29T14:00:40Z" level=info msg="Auto-detected mode as \'legacy\'"',
       "printed before every container start, also before a hook error; the error line is what fires"),
    _B("nvidia-container-runtime", "toolkit", f"{CTK} internal/modifier/stable.go",
       'time="2026-11-29T14:00:40Z" level=info msg="Using prestart hook path: '
       '/usr/local/nvidia/toolkit/nvidia-container-runtime-hook"'),
    # --- operator validator --------------------------------------------------------------------------
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:00Z" level=info msg="Attempting to validate a pre-installed driver on the host"'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:00Z" level=info msg="No pre-installed driver detected on the host: failed to find an '
       'executable \'nvidia-smi\' on the host"', "the driver is the operator's driver container, checked next"),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:00Z" level=info msg="Driver is not pre-installed on the host and is managed by GPU '
       'Operator. Checking driver container status."'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:01Z" level=info msg="NVIDIA kernel module already loaded in kernel memory (refcnt=2)"'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:01Z" level=info msg="creating symlinks under /dev/char that correspond to NVIDIA '
       'character devices"'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:30Z" level=info msg="pod nvidia-cuda-validator-x8j2k is curently in Pending phase"'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:40Z" level=info msg="pod nvidia-cuda-validator-x8j2k have run successfully"'),
    _B("gpu-operator validator", "validator", f"{OP} cmd/nvidia-validator/main.go",
       'time="2026-11-29T14:02:41Z" level=info msg="GPUDirect RDMA is disabled, skipping MOFED driver validation..."'),
    # --- driver container --------------------------------------------------------------------------------
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Installing Linux kernel headers..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Loading ipmi and i2c_core kernel modules..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Loading NVIDIA driver kernel modules..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Starting NVIDIA persistence daemon..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Starting NVIDIA fabric manager daemon...",
       "names the fabric manager: starting it, not failing"),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Stopping NVIDIA fabric manager daemon..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Unloading NVIDIA driver kernel modules..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver",
       "failed to retrieve the recommended kernel module type from nvidia-installer, falling back to using the driver "
       "branch", "a fallback in choosing open vs proprietary modules; the install goes on"),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Done, now waiting for signal"),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Updating the package cache..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver", "Resolving Linux kernel version..."),
    _B("driver container", "driver", f"{DRV} ubuntu24.04/nvidia-driver",
       "Proceeding with Linux kernel version 6.8.0-1015-aws"),
    _B("driver container", "driver", f"{DRV} rhel9/nvidia-driver",
       "extract-vmlinux image extraction failed. Falling back to unzboot...",
       "the first of three ways to read the kernel version string; the next one is tried"),
    # --- node kernel log (module loading) -----------------------------------------------------------
    _B("Linux kernel (module loader)", "kernel", "torvalds/linux kernel/module/main.c",
       "[   12.345678] nvidia: loading out-of-tree module taints kernel.", "every out-of-tree module taints"),
    _B("Linux kernel (module loader)", "kernel", "torvalds/linux kernel/module/main.c",
       "[   12.345790] nvidia: module license 'NVIDIA' taints kernel."),
    _B("Linux kernel (module loader)", "kernel", "torvalds/linux kernel/panic.c",
       "[   12.345801] Disabling lock debugging due to kernel taint"),
    _B("Linux kernel (module loader)", "kernel", "torvalds/linux kernel/module/signing.c",
       "[   12.349012] nvidia: module verification failed: signature and/or required key missing - tainting kernel",
       "an unsigned module on a kernel that does not enforce signatures (Secure Boot off) loads anyway"),
    _B("NVIDIA kernel module", "kernel", "NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv-nvlink.c",
       "[   12.402311] nvidia-nvlink: Nvlink Core is being initialized, major device number 234"),
    _B("NVIDIA kernel module", "kernel", "NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv.c",
       "[   12.451006] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:22:07 UTC 2024"),
    _B("NVIDIA kernel module", "kernel", "NVIDIA/open-gpu-kernel-modules kernel-open/nvidia-modeset/nvidia-modeset-linux.c",
       "[   12.469002] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.127.05  "
       "Tue Oct  8 02:56:05 UTC 2024"),
    _B("NVIDIA kernel module", "kernel", "NVIDIA Xid catalog (docs.nvidia.com/deploy/xid-errors) Xid 45",
       "[Tue Sep  1 09:12:04 2026] NVRM: Xid (PCI:0008:01:00): 45, pid=412233, name=python3, Ch 00000008",
       "ROBUST_CHANNEL_PREEMPTIVE_REMOVAL: the driver removing the channels of a process that ends (aborted, "
       "killed); alone it names no fault (\"Not Solo: IGNORE (follow other Xid)\")"),
    _B("Linux kernel (ACPICA)", "kernel", "torvalds/linux drivers/acpi/acpica/nsarguments.c",
       "[   12.990001] ACPI Warning: \\_SB.PCI0.PEG0.PEGP._DSM: Argument #4 type mismatch - Found [Buffer], ACPI "
       "requires [Package] (20210730/nsarguments-61)", "a firmware quirk the NVIDIA module triggers on many boards"),
    # --- MIG manager ------------------------------------------------------------------------------------------
    _B("mig-manager", "mig-manager", f"{MIG} cmd/nvidia-mig-manager/main.go",
       'time="2026-11-29T14:01:20Z" level=info msg="Waiting for change to \'nvidia.com/mig.config\' label"'),
    _B("mig-manager", "mig-manager", f"{MIG} pkg/mig/reconfigure/reconfigure.go",
       'time="2026-11-29T14:01:21Z" level=info msg="Checking if the selected MIG config is currently applied or not"'),
    _B("mig-manager", "mig-manager", f"{MIG} cmd/nvidia-mig-parted/assert/assert.go",
       'time="2026-11-29T14:01:21Z" level=info msg="assertion failure: selected configuration not currently applied"',
       "the manager asks before applying; the answer 'not applied' starts the apply"),
    _B("mig-manager", "mig-manager", f"{MIG} pkg/mig/reconfigure/reconfigure.go",
       'time="2026-11-29T14:01:22Z" level=info msg="Selected MIG config is already applied"'),
    _B("mig-manager", "mig-manager", f"{MIG} cmd/nvidia-mig-manager/main.go",
       'time="2026-11-29T14:01:40Z" level=info msg="Successfully updated to MIG config: all-1g.10gb"'),
    # --- DCGM exporter ----------------------------------------------------------------------------------
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} pkg/cmd/app.go",
       'time=2026-11-29T14:01:10.000Z level=INFO msg="Starting dcgm-exporter" Version=4.2.3-4.1.3'),
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} pkg/cmd/app.go",
       'time=2026-11-29T14:01:10.100Z level=INFO msg="DCGM successfully initialized!"'),
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} pkg/cmd/app.go",
       'time=2026-11-29T14:01:10.200Z level=INFO msg="Not collecting DCP metrics: This request is serviced by a '
       'module of DCGM that is not currently loaded"', "profiling metrics off, the rest is collected"),
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} internal/pkg/counters/counter_config.go",
       "time=2026-11-29T14:01:10.300Z level=INFO msg=\"Falling back to metric file "
       "'/etc/dcgm-exporter/default-counters.csv'\""),
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} internal/pkg/capabilities/capabilities.go",
       'time=2026-11-29T14:01:10.400Z level=WARN msg="dcgm-exporter doesn\'t have sufficient privileges to expose '
       'profiling metrics. To get profiling metrics with dcgm-exporter, use --cap-add SYS_ADMIN"'),
    _B("dcgm-exporter", "dcgm-exporter", f"{DCGM} internal/pkg/server/server.go",
       'time=2026-11-29T14:01:10.500Z level=INFO msg="Starting webserver"'),
    # --- NCCL (INFO lines of a healthy init) -------------------------------------------------------------
    _B("NCCL", "workload", f"{NCCL} src/bootstrap.cc",
       "trainer-0:52:52 [0] NCCL INFO Bootstrap : Using eth0:10.244.1.5<0>"),
    _B("NCCL", "workload", f"{NCCL} src/net.cc (v2.19-v2.22)",
       "trainer-0:52:52 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object "
       "file: No such file or directory : when loading libnccl-net.so", "no external net plugin: the internal one is used"),
    _B("NCCL", "workload", f"{NCCL} src/net.cc (v2.19-v2.22)",
       "trainer-0:52:52 [0] NCCL INFO NET/Plugin: Using internal network plugin."),
    _B("NCCL", "workload", f"{NCCL} src/plugin/plugin_open.cc (v2.23+)",
       "trainer-0:52:52 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so", "no external net plugin"),
    _B("NCCL", "workload", f"{NCCL} src/plugin/plugin_open.cc (v2.23+)",
       "trainer-0:52:52 [0] NCCL INFO TUNER/Plugin: Could not find: libnccl-tuner.so", "no external tuner plugin"),
    _B("NCCL", "workload", f"{NCCL} src/misc/shmutils.cc (ncclShmOpen)",
       "trainer-0:52:70 [0] NCCL INFO fallocate: Failed to extend /dev/shm/nccl-Ab12Cd to 4194660 bytes, error: "
       "Interrupted system call (4) - retrying", "EINTR: NCCL retries the fallocate; only its WARN is a failure"),
    _B("NCCL", "workload", f"{NCCL} src/graph/search.cc",
       "trainer-0:52:70 [0] NCCL INFO Could not find a path for pattern 4, falling back to simple order",
       "topology search fallback"),
    _B("NCCL", "workload", f"{NCCL} src/transport/net_ib/init.cc",
       "trainer-0:52:70 [0] NCCL INFO NET/IB : No device found.", "no InfiniBand: NCCL falls back to sockets"),
    _B("NCCL", "workload", f"{NCCL} src/misc/ibvsymbols.cc (v2.18 - v2.2x)",
       "trainer-0:52:70 [0] NCCL INFO Failed to open libibverbs.so[.1]", "no verbs library: no InfiniBand, sockets are used"),
    _B("NCCL", "workload", f"{NCCL} src/transport/net_socket.cc",
       "trainer-0:52:70 [0] NCCL INFO NET/Socket : Using [0]eth0:10.244.1.5<0>"),
    _B("NCCL", "workload", f"{NCCL} src/transport/net_socket.cc",
       "trainer-0:52:70 [0] NCCL INFO NET/Socket: Using 2 threads and 8 sockets per thread"),
    _B("NCCL", "workload", f"{NCCL} src/transport/net_ib/init.cc",
       "trainer-0:52:70 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB eth0:10.244.1.5<0>"),
    _B("NCCL", "workload", f"{NCCL} src/init.cc", "trainer-0:52:70 [0] NCCL INFO Using network Socket"),
    _B("NCCL", "workload", f"{NCCL} src/os/linux.cc (ncclOsShmOpen)",
       "trainer-0:52:70 [0] NCCL INFO fallocate: Failed to extend /dev/shm/nccl-Ab12Cd to 9637892 bytes, error: "
       "Interrupted system call (4) - retrying", "EINTR, retried; only the WARN form is a failure"),
    _B("NCCL", "workload", f"{NCCL} src/misc/cudawrap.cc",
       "trainer-0:52:70 [0] NCCL INFO cuMem host allocations do not appear to be working; falling back to a /dev/shm/ "
       "based implementation. This could be due to the container runtime disabling NUMA support. To disable this "
       "warning, set NCCL_CUMEM_HOST_ENABLE=0", "names /dev/shm, but is a fallback, not an exhausted segment"),
    _B("NCCL", "workload", f"{NCCL} src/init.cc",
       "trainer-0:52:70 [0] NCCL INFO comm 0x5581b2c3d4e0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1000 commId "
       "0x9f2b3c4d5e6f7a8b - Init COMPLETE"),
    _B("NCCL", "workload", f"{NCCL} src/transport.cc",
       "trainer-0:52:70 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0"),
    # --- PyTorch ----------------------------------------------------------------------------------------------
    _B("PyTorch (c10d)", "workload", "pytorch/pytorch torch/csrc/distributed/c10d/Utils.hpp (getCvarInt)",
       "[W1129 14:05:00.123456 52 torch/csrc/distributed/c10d/Utils.hpp:164] Warning: Environment variable "
       "NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function operator())",
       "names NCCL and ERROR, is a deprecation notice"),
    # --- vLLM ---------------------------------------------------------------------------------------------------
    _B("vLLM", "workload", "vllm-project/vllm vllm/worker/model_runner.py (V0)",
       "INFO 11-29 14:02:00 [model_runner.py:1333] CUDA graphs can take additional 1~3 GiB memory per GPU. If you "
       "are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode. You can also "
       "reduce the `max_num_seqs` as needed to decrease memory usage.", "advice, printed on every V0 start"),
    _B("vLLM", "workload", "vllm-project/vllm vllm/v1/worker/gpu_worker.py",
       "INFO 11-29 14:02:05 [gpu_worker.py:276] Available KV cache memory: 31.20 GiB"),
    _B("vLLM", "workload", "vllm-project/vllm vllm/v1/core/kv_cache_utils.py",
       "INFO 11-29 14:02:05 [kv_cache_utils.py:634] GPU KV cache size: 451,088 tokens"),
    _B("vLLM", "workload", "vllm-project/vllm vllm/v1/core/kv_cache_utils.py",
       "INFO 11-29 14:02:05 [kv_cache_utils.py:637] Maximum concurrency for 32,768 tokens per request: 13.77x"),
    # --- TGI ------------------------------------------------------------------------------------------------------
    _B("TGI", "workload", "huggingface/text-generation-inference router/src/server.rs",
       "2026-11-29T14:03:00.100000Z  INFO text_generation_router::server: router/src/server.rs:1600: Warming up model"),
    _B("TGI", "workload", "huggingface/text-generation-inference router/src/server.rs",
       "2026-11-29T14:03:01.200000Z  INFO text_generation_router::server: router/src/server.rs:1651: Setting max "
       "batch total tokens to 43808"),
    _B("TGI", "workload", "huggingface/text-generation-inference router/src/server.rs",
       "2026-11-29T14:03:01.200200Z  WARN text_generation_router::server: router/src/server.rs:1902: Invalid "
       "hostname, defaulting to 0.0.0.0"),
    _B("TGI", "workload", "huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py",
       "2026-11-29T14:02:58.000000Z  INFO text_generation_launcher: Cuda Graphs are enabled for sizes "
       "[1, 2, 4, 8, 16, 32]"),
    # --- Triton Inference Server ------------------------------------------------------------------------------
    _B("Triton Inference Server", "workload", "triton-inference-server/core src/pinned_memory_manager.cc",
       "I1129 14:04:00.000001 1 pinned_memory_manager.cc:277] \"Pinned memory pool is created at '0x7f2a3c000000' "
       "with size 268435456\""),
    _B("Triton Inference Server", "workload", "triton-inference-server/core src/cuda_memory_manager.cc",
       'I1129 14:04:00.000002 1 cuda_memory_manager.cc:107] "CUDA memory pool is created on device 0 with size '
       '67108864"'),
    _B("Triton Inference Server", "workload", "triton-inference-server/core src/cuda_utils.cc (EnablePeerAccess)",
       'W1129 14:04:00.000003 1 server.cc:251] "failed to enable peer access for some device pairs"',
       "GPUs without P2P between them: copies go through the host"),
    _B("Triton Inference Server", "workload", "triton-inference-server/server src/grpc/grpc_server.cc",
       'I1129 14:04:05.000004 1 grpc_server.cc:2558] "Started GRPCInferenceService at 0.0.0.0:8001"'),
    _B("Triton Inference Server", "workload", "triton-inference-server/server src/http_server.cc",
       'I1129 14:04:05.000006 1 http_server.cc:362] "Started Metrics Service at 0.0.0.0:8002"'),
    # --- TensorRT-LLM ---------------------------------------------------------------------------------------------
    _B("TensorRT-LLM", "workload", "NVIDIA/TensorRT-LLM cpp/tensorrt_llm/batch_manager/kvCacheManager.cpp",
       "[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv cache: total: 79.11 GiB, "
       "available: 60.34 GiB"),
    # --- TensorFlow / XLA -----------------------------------------------------------------------------------------
    _B("TensorFlow", "workload", "tensorflow/tensorflow tensorflow/core/util/port.cc",
       "2026-11-29 14:05:00.000001: I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may see "
       "slightly different numerical results due to floating-point round-off errors from different computation "
       "orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`."),
    _B("TensorFlow / XLA", "workload", "openxla/xla xla/stream_executor/cuda/cuda_diagnostics.cc",
       "2026-11-29 14:05:00.000002: I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:160] kernel "
       "version seems to match DSO: 550.127.5", "the healthy twin of 'kernel version X does not match DSO version Y'"),
    # XLA's stream executor registers its cuDNN/cuFFT/cuBLAS factories once per library that links it; when
    # TensorFlow and a second XLA user (JAX, a TF add-on) load in one process, the second registration is refused
    # with PluginRegistry's status and logged at E level by the library's own initialiser: the first one serves
    _B("TensorFlow / XLA", "workload", "openxla/xla xla/stream_executor/cuda/cuda_dnn.cc, plugin_registry.cc",
       "E0000 00:00:1764425100.000001     212 cuda_dnn.cc:8579] Unable to register cuDNN factory: Attempting to "
       "register factory for plugin cuDNN when one has already been registered",
       "a duplicate registration of a factory that is already registered"),
    _B("TensorFlow / XLA", "workload", "openxla/xla xla/stream_executor/cuda/cuda_blas.cc, plugin_registry.cc",
       "2026-11-29 14:05:00.000003: E external/local_xla/xla/stream_executor/cuda/cuda_blas.cc:1418] Unable to "
       "register cuBLAS factory: Attempting to register factory for plugin cuBLAS when one has already been registered",
       "a duplicate registration of a factory that is already registered"),
)


def by_role(role: str) -> tuple[BenignLine, ...]:
    """The benign lines a log of `role` prints."""
    return tuple(b for b in BENIGN_SAMPLES if b.role == role)
