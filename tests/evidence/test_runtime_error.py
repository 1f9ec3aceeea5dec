"""Container runtime errors: every wrapping generation in the corpus, CDI, runtime handlers,
and properties over arbitrary and mutated text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tests.evidence.real_cases import CASES
from triage.evidence.runtime_error import (
    CliCause as C, RuntimeErrorKind as K, RuntimeFailure, Wrapping as W, parse_runtime_error)



# (id, kind, cli kind, cause, extra facts)
REAL = [
    ("rt-require-brand-tesla-misleading", K.CONTAINER_CLI, "requirement", C.CUDA_REQUIREMENT,
     {"required_cuda": "10.0", "reported_condition": "brand = tesla", "wrapping": W.DOCKER_PRESTART}),
    ("rt-require-cuda11-old-driver-legacy-format", K.CONTAINER_CLI, "requirement", C.CUDA_REQUIREMENT,
     {"required_cuda": "11.0", "wrapping": W.RUNNING_HOOK, "hook_command": ()}),
    ("rt-hook-nvml-mismatch-toolkit-validation", K.CONTAINER_CLI, "initialization", C.DRIVER_VERSION_MISMATCH,
     {"detail": "nvml error: driver/library version mismatch", "wrapping": W.RUNC_HOOK}),
    ("rt-ldcache-ldconfig-signal9-k3s", K.CONTAINER_CLI, "ldcache", C.LDCACHE,
     {"detail": "process /sbin/ldconfig terminated with signal 9", "wrapping": W.RUNC_HOOK}),
    ("rt-legacy-libcuda-missing-non-gpu-node", K.CONTAINER_CLI, "initialization", C.NO_DRIVER_VISIBLE,
     {"library": "libcuda.so.1", "wrapping": W.DOCKER_PRESTART}),
    ("rt-cdi-unresolvable-runtime-nvidia-com-docker", K.CDI_UNRESOLVABLE, None, None,
     {"devices": ("runtime.nvidia.com/gpu=all",), "cdi_vendors": ("runtime.nvidia.com",)}),
    ("rt-no-runtime-for-nvidia-configured", K.RUNTIME_HANDLER_MISSING, None, None, {"handler": "nvidia"}),
    ("rt-runtimehandler-not-supported-dockershim", K.RUNTIME_HANDLER_MISSING, None, None, {"handler": "nvidia"}),
]


@pytest.mark.parametrize("case_id,kind,cli_kind,cause,extra", REAL, ids=[r[0] for r in REAL])
def test_real_case(case_id, kind, cli_kind, cause, extra):
    f = parse_runtime_error(CASES[case_id]["text"])
    assert f is not None
    assert (f.kind, f.cli_kind, f.cause) == (kind, cli_kind, cause)
    for attr, value in extra.items():
        assert getattr(f, attr) == value, attr


def test_brand_tesla_reads_the_real_requirement_from_the_hook_command():
    f = parse_runtime_error(CASES["rt-require-brand-tesla-misleading"]["text"])
    assert "--require=cuda>=10.0" in f.hook_command
    assert f.hook_command[0] == "/usr/bin/nvidia-container-cli"
    # the escaped \\\\n before the CLI line was undone: the excerpt starts at the CLI, not in the command
    assert f.excerpt == "nvidia-container-cli: requirement error: unsatisfied condition: brand = tesla"


def test_driver_below_condition_without_cuda_in_it_uses_the_require_flag():
    text = ("stderr: exec command: [/usr/bin/nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig.real "
            "--device=all --compute --utility --require=cuda>=11.8 brand=tesla,driver>=450,driver<451 --pid=42 /x]"
            "\\\\nnvidia-container-cli: requirement error: unsatisfied condition: driver < 451\\\\n")
    f = parse_runtime_error(text)
    assert (f.cause, f.required_cuda, f.reported_condition) == (C.CUDA_REQUIREMENT, "11.8", "driver < 451")


def test_requirement_without_any_cuda_version():
    f = parse_runtime_error("nvidia-container-cli: requirement error: unsatisfied condition: arch = arm64: unknown")
    assert (f.cause, f.required_cuda) == (C.REQUIREMENT_OTHER, None)


@pytest.mark.parametrize("detail,cause,library", [
    ("initialization error: nvml error: driver not loaded", C.DRIVER_NOT_LOADED, None),
    ("initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file "
     "or directory", C.NO_DRIVER_VISIBLE, "libnvidia-ml.so.1"),
    ("device error: no-gpu-has-128MiB-to-run: unknown device", C.VISIBLE_DEVICES_PLACEHOLDER, None),
    ("device error: GPU-1a2b3c4d: unknown device", C.UNKNOWN_DEVICE, None),
    ("mount error: file creation failed: /run/containerd/x/rootfs/usr/bin/nvidia-smi: file exists", C.MOUNT, None),
    ("initialization error: cannot open shared object file: no such file or directory", C.NO_DRIVER_VISIBLE, None),
    ("initialization error: driver rpc error: timed out", C.DRIVER_RPC_FAILED, None),
    ("initialization error: driver error: failed to process request", C.DRIVER_RPC_FAILED, None),
    ("initialization error: cuda error: unknown error", C.OTHER, None),
])
def test_cli_details(detail, cause, library):
    text = ("failed to create shim task: OCI runtime create failed: runc create failed: unable to start container "
            "process: error during container init: error running prestart hook #0: exit status 1, stdout: , stderr: "
            f"Auto-detected mode as 'legacy'\\nnvidia-container-cli: {detail}: unknown")
    f = parse_runtime_error(text)
    assert (f.kind, f.cause, f.library, f.wrapping) == (K.CONTAINER_CLI, cause, library, W.RUNC_HOOK)
    assert not f.detail.endswith("unknown") or cause in (C.UNKNOWN_DEVICE, C.VISIBLE_DEVICES_PLACEHOLDER)


def test_cdi_device_with_spaces_removed_and_kept():
    clean = parse_runtime_error("failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=0: unknown")
    assert clean.devices == ("nvidia.com/gpu=0",) and clean.cdi_vendors == ("nvidia.com",)
    other = parse_runtime_error("error modifying OCI spec: failed to inject CDI devices: failed to refresh CDI cache")
    assert other.kind is K.CDI_INJECTION and other.detail == "failed to refresh CDI cache"


def test_runtime_class_and_binary():
    f = parse_runtime_error('pods "gpu-test" is forbidden: pod rejected: RuntimeClass "nvidia" not found')
    assert (f.kind, f.handler) == (K.RUNTIME_CLASS_NOT_FOUND, "nvidia")
    f = parse_runtime_error('failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime '
                            'error: exec: "nvidia-container-runtime": executable file not found in $PATH: unknown')
    assert (f.kind, f.handler) == (K.RUNTIME_BINARY_MISSING, "nvidia-container-runtime")
    # an absolute BinaryName that is not on the node: os.StartProcess's `fork/exec %s: %v`
    f = parse_runtime_error('failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime '
                            'error: fork/exec /usr/bin/nvidia-container-runtime: no such file or directory: unknown')
    assert (f.kind, f.handler) == (K.RUNTIME_BINARY_MISSING, "nvidia-container-runtime")
    # the hook's own binary is the toolkit's, not the runtime handler's
    f = parse_runtime_error('OCI runtime create failed: hook #0: fork/exec /usr/bin/nvidia-container-runtime-hook: '
                            'no such file or directory: unknown')
    assert f.kind is K.HOOK_BINARY_MISSING


def test_unrelated_runtime_errors_are_not_recognised():
    assert parse_runtime_error('failed to create containerd task: OCI runtime create failed: exec: "python": '
                               'executable file not found in $PATH: unknown') is None
    assert parse_runtime_error(CASES["driver-image-pull-notfound-buildroot"]["text"]) is None


@given(st.text(max_size=500))
@settings(max_examples=300, deadline=None)
def test_arbitrary_text(text):
    f = parse_runtime_error(text)
    assert f is None or isinstance(f, RuntimeFailure)


@given(st.sampled_from([c[0] for c in REAL]), st.integers(0, 3000), st.integers(0, 60),
       st.text(alphabet=st.sampled_from('\\"n: \n=<>.,abc'), max_size=20))
@settings(max_examples=400, deadline=None)
def test_mutated_real_texts(case_id, pos, cut, insert):
    text = CASES[case_id]["text"]
    pos %= len(text) + 1
    f = parse_runtime_error(text[:pos] + insert + text[pos + cut:])
    assert f is None or isinstance(f, RuntimeFailure)


def test_docstring_samples_of_the_parsers_hold():
    import doctest

    from triage.evidence import inventory, runtime_error, scheduler_message
    from triage.evidence.k8s_events import admission, image_pull, pod_setup, probes, quota, termination
    for module in (scheduler_message, admission, probes, image_pull, pod_setup, quota, termination, runtime_error,
                   inventory):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_packaged_cli_name_and_driver_root():
    f = parse_runtime_error("stderr: nvidia-container-cli.real: initialization error: change root failed: no such "
                            "file or directory: unknown")
    assert (f.cli_kind, f.cause) == ("initialization", C.DRIVER_ROOT_INVALID)
    assert f.excerpt.startswith("nvidia-container-cli.real: initialization error: change root failed")


# nvidia-container-toolkit's runtime in CDI / auto mode wraps its modifier's error as
# "error modifying OCI spec: %w" (internal/oci/runtime_modifier.go); the inner NVML error is
# the driver's. Written from the format strings, not copied from a case.
def test_toolkit_runtime_modifier_error_reads_the_inner_nvml_cause():
    from triage.evidence.runtime_error import CliCause, RuntimeErrorKind, parse_runtime_error
    f = parse_runtime_error('OCI runtime create failed: could not apply required modification to OCI specification: '
                            'error modifying OCI spec: failed to create the automatic CDI modifier: failed to '
                            'construct device spec generators: failed to initialize NVML: Driver/library version '
                            'mismatch: unknown')
    assert f.kind is RuntimeErrorKind.CONTAINER_CLI and f.cli_kind == "oci-spec"
    assert f.cause is CliCause.DRIVER_VERSION_MISMATCH


def test_an_oci_hook_failure_of_the_toolkit_is_a_container_start_failure_with_its_stderr():
    from triage.evidence.runtime_error import CliCause, parse_runtime_error
    f = parse_runtime_error("error running createContainer hook #2: exit status 1, stderr: time=\"2026-11-29T14:00:00Z\" "
                            "level=error msg=\"failed to create symlink: mkdir /usr/lib/x86_64-linux-gnu: read-only "
                            "file system\"")
    assert f.cli_kind == "hook" and f.cause is CliCause.OTHER and "read-only file system" in f.detail


def test_cdi_inside_the_modifier_stays_a_cdi_failure():
    from triage.evidence.runtime_error import RuntimeErrorKind, parse_runtime_error
    f = parse_runtime_error("error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices "
                            "nvidia.com/gpu=all: unknown")
    assert f.kind is RuntimeErrorKind.CDI_UNRESOLVABLE


def test_runc_libcontainer_hook_failure_carries_the_hooks_stderr():
    # runc libcontainer/configs: "error running hook #%d: %w" around Command.Run's
    # "error running hook: %w, stdout: %s, stderr: %s"
    from triage.evidence.runtime_error import CliCause, parse_runtime_error
    f = parse_runtime_error("failed to create shim task: OCI runtime create failed: runc create failed: unable to start "
                            "container process: error during container init: error running hook #1: error running hook: "
                            "exit status 1, stdout: , stderr: time=\"2026-01-01T00:00:00Z\" level=error msg=\"failed to "
                            "create link [libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so]: unexpected link target\": unknown")
    assert f.cli_kind == "hook" and f.cause is CliCause.OTHER and "failed to create link" in f.detail


def test_crun_hook_failure_names_the_nvidia_hook():
    from triage.evidence.runtime_error import CliCause, parse_runtime_error
    f = parse_runtime_error("crun: error executing hook `/usr/bin/nvidia-container-toolkit` (exit code: 1): OCI runtime error")
    assert f.cli_kind == "hook" and f.detail == "/usr/bin/nvidia-container-toolkit"
    assert f.cause is CliCause.UNSTATED          # crun passes no stderr on: nothing says which step failed
    assert parse_runtime_error("crun: error executing hook `/usr/libexec/oci/hooks.d/other` (exit code: 1)") is None


def test_a_missing_nvidia_hook_binary_is_the_toolkit_not_installed():
    from triage.classify.rules.runtime import failure_id
    from triage.evidence.runtime_error import RuntimeErrorKind, parse_runtime_error
    f = parse_runtime_error("OCI runtime create failed: runc create failed: unable to start container process: error "
                            "during container init: error running hook #0: fork/exec "
                            "/usr/local/nvidia/toolkit/nvidia-container-runtime-hook: no such file or directory: unknown")
    assert f.kind is RuntimeErrorKind.HOOK_BINARY_MISSING and f.handler.endswith("nvidia-container-runtime-hook")
    assert failure_id(f) == ("runtime.toolkit_not_ready", "error")


def test_a_toolkit_hook_failing_for_a_cause_no_row_knows_is_no_cli_initialisation_failure():
    # an OCI hook of the toolkit (nvidia-cdi-hook create-symlinks) or a CLI step other than `initialization`
    # that fails for an uncatalogued cause is quoted as an unrecognised start failure (runtime.start_failed_unrecognised
    # through start_failure), not "nvidia-container-cli fails to initialise"; the CLI's own initialization error is
    from triage.classify.rules.runtime import failure_id
    from triage.evidence.runtime_error import parse_runtime_error
    hook = parse_runtime_error("OCI runtime create failed: runc create failed: unable to start container process: error "
                               "during container init: error running hook #1: error running hook: exit status 1, stdout: , "
                               "stderr: time=\"2026-01-01T00:00:00Z\" level=error msg=\"failed to create link "
                               "[libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so]: unexpected link target\": unknown")
    assert failure_id(hook) is None
    init = parse_runtime_error("nvidia-container-cli: initialization error: something no row names: unknown")
    assert failure_id(init) == ("runtime.container_cli_init_failed", "error")
