"""Container runtime errors around the GPU: nvidia-container-cli, CDI, runtime handlers.

They turn up inside events (`Failed`, `FailedCreatePodSandBox`) and container state
messages (`StartError`, `RunContainerError`), wrapped by every generation of docker,
containerd and runc, with literal `\\n` and escaped quotes. The parser looks past the
wrapping for the inner error. Real samples it reads:

    failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'
    nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown

    ... running prestart hook 1 caused \\\\\\"error running hook: exit status 1, stdout: , stderr: exec command: [/usr/bin/nvidia-container-cli --load-kmods configure ... --require=cuda>=10.0 brand=tesla,driver>=384,driver<385 ...]\\\\\\\\nnvidia-container-cli: requirement error: unsatisfied condition: brand = tesla\\\\\\\\n\\\\\\"\\"": unknown.

    failed to inject CDI devices: unresolvable CDI de          vices runtime.nvidia.com/gpu=all: unknown

    Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured

`parse_runtime_error` returns None when the text holds none of these; it never raises.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text


class RuntimeErrorKind(str, Enum):
    CONTAINER_CLI = "container_cli"                # nvidia-container-cli: <kind> error: <detail>
    CDI_UNRESOLVABLE = "cdi_unresolvable"          # unresolvable CDI devices vendor/class=name
    CDI_INJECTION = "cdi_injection"                # failed to inject CDI devices: <other>
    RUNTIME_HANDLER_MISSING = "runtime_handler_missing"   # no runtime for "nvidia" is configured ...
    RUNTIME_CLASS_NOT_FOUND = "runtime_class_not_found"   # RuntimeClass "nvidia" not found
    RUNTIME_BINARY_MISSING = "runtime_binary_missing"     # exec: "nvidia-container-runtime": executable file not found
    HOOK_BINARY_MISSING = "hook_binary_missing"   # hook #0: fork/exec /usr/bin/nvidia-container-runtime-hook: no such file


class CliCause(str, Enum):
    """What the `nvidia-container-cli` detail means."""

    NO_DRIVER_VISIBLE = "no_driver_visible"        # load library failed: libnvidia-ml.so.1 / libcuda.so.1
    DRIVER_VERSION_MISMATCH = "driver_version_mismatch"   # nvml error: driver/library version mismatch
    DRIVER_NOT_LOADED = "driver_not_loaded"        # nvml error: driver not loaded
    GPU_LOST = "gpu_lost"                          # nvml error: gpu is lost
    CUDA_REQUIREMENT = "cuda_requirement"          # requirement error: unsatisfied condition: cuda>=X
    REQUIREMENT_OTHER = "requirement_other"        # a requirement error with no cuda version anywhere
    DRIVER_RPC_FAILED = "driver_rpc_failed"        # driver rpc error: timed out / driver error: failed to process request
    DRIVER_ROOT_INVALID = "driver_root_invalid"    # change root failed (driver root not where the toolkit looks)
    LDCACHE = "ldcache"                            # ldcache error: ...
    UNKNOWN_DEVICE = "unknown_device"              # device error: <id>: unknown device
    VISIBLE_DEVICES_PLACEHOLDER = "visible_devices_placeholder"   # device error: no-gpu-has-128MiB-to-run
    MOUNT = "mount"                                # mount error: ...
    UNSTATED = "unstated"                          # a hook failed and its words are not there (crun; a mode line only)
    OTHER = "other"


class Wrapping(str, Enum):
    """Which generation of the runtime wrapped the hook error."""

    DOCKER_PRESTART = "docker_prestart"     # container_linux.go ... running prestart hook N caused
    RUNNING_HOOK = "running_hook"           # Running hook #0:: error running hook
    RUNC_HOOK = "runc_hook"                 # runc create failed ... error running (prestart) hook #0
    NONE = "none"


class RuntimeFailure(Struct, frozen=True):
    kind: RuntimeErrorKind
    excerpt: str                        # the inner error, unescaped, one line
    cli_kind: str | None = None         # initialization | requirement | device | ldcache | mount ...
    detail: str | None = None           # what follows "<kind> error: "
    cause: CliCause | None = None
    library: str | None = None          # libnvidia-ml.so.1 / libcuda.so.1
    required_cuda: str | None = None    # the real cuda>=X requirement ("10.0")
    reported_condition: str | None = None   # the condition the CLI printed ("brand = tesla")
    hook_command: tuple[str, ...] = ()  # the exec command line of the hook, when printed
    devices: tuple[str, ...] = ()       # unresolvable CDI devices, e.g. runtime.nvidia.com/gpu=all
    handler: str | None = None          # runtime handler / RuntimeClass / binary name
    wrapping: Wrapping = Wrapping.NONE

    @property
    def cdi_vendors(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(d.split("/", 1)[0] for d in self.devices if "/" in d))


_ESCAPED_NEWLINE = lazy_re.compile(r"(?<!\\)\\+n")
_ESCAPED_QUOTE = lazy_re.compile(r"(?<!\\)\\+\"")


def unescape(text: str) -> str:
    """Undo the layers of Go %q quoting: `\\\\\\\\n` -> newline, `\\\\\\"` -> `"`."""
    # `(?<!\\)`: a run of backslashes is tried once, from its start, not from each of its characters
    text = _ESCAPED_NEWLINE.sub("\n", text)
    text = _ESCAPED_QUOTE.sub('"', text)
    return text.replace("\\t", "\t")


def _loose(phrase: str) -> str:
    """A regex for `phrase` that tolerates runs of spaces inside words (copy-paste damage)."""
    words = phrase.split(" ")
    return r"\s+".join(r"\s*".join(re.escape(ch) for ch in w) for w in words)


_CLI = lazy_re.compile(r"nvidia-container-cli(?:\.real)?: ([a-z]+) error: ([^\n]*)")
_HOOK_CMD = lazy_re.compile(r"exec command: \[([^\]\n]*)\]")
_REQUIRE = lazy_re.compile(r"--require=(\S+)")
_CUDA_REQ = lazy_re.compile(r"cuda\s*>=\s*([0-9]+(?:\.[0-9]+)*)")
_LIB = lazy_re.compile(r"load library failed: (lib[\w.\-]+\.so(?:\.\d+)*)")
_CDI_UNRESOLVABLE = lazy_re.compile(_loose("unresolvable CDI devices") + r"\s+(?P<devs>[^\n]*)")
# starts only where a name starts: from every character of a long word it would rescan the word
_CDI_DEVICE = lazy_re.compile(r"(?<![\w.\-])[A-Za-z0-9][\w.\-]*/[\w.\-]+=[\w.\-:]+")
_CDI_INJECT = lazy_re.compile(_loose("failed to inject CDI devices") + r":?\s*(?P<rest>[^\n]*)")
_HANDLER = lazy_re.compile(
    r"no runtime for \"(?P<a>[^\"]+)\"(?: is configured)?|RuntimeHandler \"(?P<b>[^\"]+)\" not supported"
    r"|failed to find runtime handler (?P<c>[\w.\-]+)|runtime handler \"(?P<d>[^\"]+)\" (?:is )?not (?:found|configured)")
_RUNTIME_CLASS = lazy_re.compile(r"RuntimeClass \"(?P<n>[^\"]+)\" not found")
# Go's os/exec errors for the runtime binary containerd / CRI-O start: looked up on $PATH
# (`exec: %q: executable file not found in $PATH`), or an absolute BinaryName that is not there
# (os.StartProcess `fork/exec %s: no such file or directory`; not the hook, whose wording is below)
_BINARY = lazy_re.compile(r"exec: \"(?P<n>nvidia-container-runtime[\w.\-]*)\": executable file not found"
                          r"|(?<!hook #\d: )(?<!hook #\d\d: )fork/exec (?P<p>/[^:\s]{0,200}/nvidia-container-runtime"
                          r"(?:\.(?:cdi|legacy))?): no such file or directory")
_TAIL_CHARS = " \t\n\r\f\v\"'\\."
_UNKNOWN_TAIL = lazy_re.compile(r":\s*unknown$")


def _strip_tail(text: str) -> str:
    r"""Strip `: unknown` and trailing quotes, dots, backslashes and spaces: what
    `re.sub(r"(?::\s*unknown)?[\s\"'\\.]*$", "", s)` did, without retrying the
    character class at every character of a long run (quadratic)."""
    text = text.rstrip(_TAIL_CHARS)
    m = _UNKNOWN_TAIL.search(text[-4096:])
    return text[: len(text) - len(m.group(0))] if m else text
# nvidia-container-runtime (nvidia-container-toolkit internal/modifier, CDI and auto modes):
# "error modifying OCI spec: failed to create the automatic CDI modifier: ... failed to initialize NVML: ..."
_MODIFY = lazy_re.compile(r"error modifying OCI spec:\s{1,4}(?P<detail>[^\n]{0,600}(?:\n[^\n]{0,600}){0,4})")
# an OCI hook of the toolkit failing (nvidia-cdi-hook / nvidia-ctk hook create-symlinks, update-ldcache ...),
# runc / crun wording: "<stage> hook #<n>: exit status <code>, stderr: <what it printed>"
_OCI_HOOK = lazy_re.compile(r"(?:createContainer|createRuntime|startContainer|prestart|poststart) hook #\d{1,3}: "
                       r"exit status \d{1,3}, stderr:\s{0,8}(?P<detail>[^\n]{0,300}(?:\n[^\n]{0,300}){0,2})"
                       # runc (libcontainer/configs hooks): "error running hook #1: error running hook: exit status 1,
                       # stdout: <out>, stderr: <err>" - a toolkit hook whose stderr is not nvidia-container-cli's
                       r"|error running (?:prestart |createRuntime )?hook #\d{1,3}: error running hook: exit status \d{1,3}, "
                       r"stdout: [^\n]{0,300}?, stderr:\s{0,8}(?P<runc_detail>[^\n]{1,300}(?:\n[^\n]{0,300}){0,2})"
                       # crun: "error executing hook `/usr/bin/nvidia-container-toolkit` (exit code: 1)"
                       r"|error executing hook `(?P<crun_hook>[^`\n]{0,200}nvidia[^`\n]{0,100})` \(exit code: \d{1,3}\)")
# nvidia-container-runtime(-hook)'s first stderr line, at info level: the mode it picked
_MODE_LINE = lazy_re.compile(r"Auto-detected mode as '[a-z-]{0,20}'?")
# runc starting a hook binary that is not there: the toolkit is not installed (or gone) on the node
_HOOK_MISSING = lazy_re.compile(r"hook #\d{1,3}: fork/exec (?P<n>[^:\s]{0,200}nvidia[^:\s]{0,100}): no such file or directory")


def _wrapping(text: str) -> Wrapping:
    if re.search(r"running prestart hook \d+ caused", text):
        return Wrapping.DOCKER_PRESTART
    if "Running hook #" in text:
        return Wrapping.RUNNING_HOOK
    if re.search(r"error running (?:prestart |createRuntime )?hook #\d+", text):
        return Wrapping.RUNC_HOOK
    return Wrapping.NONE


def _one_line(text: str, limit: int = 400) -> str:
    return " ".join(text.split())[:limit]


def parse_runtime_error(text: str) -> RuntimeFailure | None:
    """The GPU-relevant runtime error inside `text`, or None.

    >>> f = parse_runtime_error("stderr: nvidia-container-cli: requirement error: unsatisfied condition: "
    ...                         "cuda>=11.0, please update your driver to a newer version: unknown.")
    >>> f.cause.value, f.required_cuda
    ('cuda_requirement', '11.0')
    """
    raw = bounded_text(text)
    if not raw:
        return None
    text = unescape(raw)
    m = _CLI.search(text)
    if m:
        return _cli_failure(text, m)
    m = _CDI_UNRESOLVABLE.search(text)
    if m:
        devs = _strip_tail(m.group("devs"))
        devices = tuple(_CDI_DEVICE.findall(devs)) or ((devs.strip(),) if devs.strip() else ())
        return RuntimeFailure(RuntimeErrorKind.CDI_UNRESOLVABLE, _one_line(m.group(0)), devices=devices,
                              detail=_one_line(devs), wrapping=_wrapping(text))
    m = _CDI_INJECT.search(text)
    if m:
        return RuntimeFailure(RuntimeErrorKind.CDI_INJECTION, _one_line(m.group(0)),
                              detail=_one_line(_strip_tail(m.group("rest"))) or None, wrapping=_wrapping(text))
    m = _HANDLER.search(text)
    if m:
        name = next(g for g in m.groups() if g is not None)
        return RuntimeFailure(RuntimeErrorKind.RUNTIME_HANDLER_MISSING, _one_line(m.group(0)), handler=name)
    m = _RUNTIME_CLASS.search(text)
    if m:
        return RuntimeFailure(RuntimeErrorKind.RUNTIME_CLASS_NOT_FOUND, _one_line(m.group(0)), handler=m.group("n"))
    m = _BINARY.search(text)
    if m:
        return RuntimeFailure(RuntimeErrorKind.RUNTIME_BINARY_MISSING, _one_line(m.group(0)),
                              handler=m.group("n") or m.group("p").rsplit("/", 1)[1])
    m = _HOOK_MISSING.search(text)
    if m:
        return RuntimeFailure(RuntimeErrorKind.HOOK_BINARY_MISSING, _one_line(m.group(0)), handler=m.group("n"),
                              wrapping=_wrapping(text))
    m = _MODIFY.search(text) or _OCI_HOOK.search(text)
    if m:      # the toolkit's runtime (CDI / auto mode) or one of its OCI hooks, not the legacy CLI
        groups = m.groupdict()
        detail = _strip_tail(groups.get("detail") or groups.get("runc_detail") or groups.get("crun_hook") or "").strip()
        kind = "oci-spec" if m.re is _MODIFY.compiled else "hook"
        cause, library, required, condition = _cause(detail, kind, text, ())
        if cause is CliCause.OTHER and (groups.get("crun_hook") or not _MODE_LINE.sub("", detail).strip(" ,.;")):
            # crun does not pass the hook's words on; a runc hook whose stderr holds only the toolkit's
            # info line (internal/info/auto.go: Infof("Auto-detected mode as '%v'")) lost the error
            # that followed it: no step is named
            cause = CliCause.UNSTATED
        return RuntimeFailure(RuntimeErrorKind.CONTAINER_CLI, _one_line(m.group(0)), cli_kind=kind, detail=detail,
                              cause=cause, library=library, required_cuda=required, reported_condition=condition,
                              wrapping=_wrapping(text))
    return None


def _cli_failure(text: str, m: re.Match) -> RuntimeFailure:
    cli_kind = m.group(1)
    detail = _strip_tail(m.group(2)).strip()
    hook = _HOOK_CMD.search(text)
    command = tuple(hook.group(1).split()) if hook else ()
    cause, library, required, condition = _cause(detail, cli_kind, text, command)
    return RuntimeFailure(RuntimeErrorKind.CONTAINER_CLI, _one_line(f"{m.group(0).split(':', 1)[0]}: {cli_kind} error: {detail}"),
                          cli_kind=cli_kind, detail=detail, cause=cause, library=library, required_cuda=required,
                          reported_condition=condition, hook_command=command, wrapping=_wrapping(text))


def _cause(detail: str, cli_kind: str, text: str, command: tuple[str, ...]):
    """(cause, library, required cuda, reported condition) of a toolkit error's detail."""
    low = detail.lower()
    library = required = condition = None
    lib = _LIB.search(detail)
    if lib or "cannot open shared object file" in low:
        cause, library = CliCause.NO_DRIVER_VISIBLE, lib.group(1) if lib else None
    elif "version mismatch" in low:
        cause = CliCause.DRIVER_VERSION_MISMATCH
    elif "driver not loaded" in low:
        cause = CliCause.DRIVER_NOT_LOADED
    elif "gpu is lost" in low:
        cause = CliCause.GPU_LOST
    elif "driver rpc error" in low or "driver error: failed to process request" in low:
        cause = CliCause.DRIVER_RPC_FAILED
    elif "change root failed" in low:
        cause = CliCause.DRIVER_ROOT_INVALID
    elif cli_kind == "requirement":
        cond = re.search(r"unsatisfied condition:\s*([^,\n]*)", detail)
        condition = cond.group(1).strip() if cond else None
        req = _CUDA_REQ.search(condition or "")
        if not req:   # brand = tesla / driver < 385: the real requirement is on the hook command line
            req = next((r for r in (_CUDA_REQ.search(x) for x in _REQUIRE.findall(" ".join(command))) if r), None)
        if not req and not command:
            req = next((r for r in (_CUDA_REQ.search(x) for x in _REQUIRE.findall(text)) if r), None)
        required = req.group(1) if req else None
        cause = CliCause.CUDA_REQUIREMENT if required else CliCause.REQUIREMENT_OTHER
    elif cli_kind == "ldcache":
        cause = CliCause.LDCACHE
    elif cli_kind == "device":
        cause = (CliCause.VISIBLE_DEVICES_PLACEHOLDER if re.search(r"no-gpu-has-\S+-to-run", detail)
                 else CliCause.UNKNOWN_DEVICE if "unknown device" in low else CliCause.OTHER)
    elif cli_kind == "mount":
        cause = CliCause.MOUNT
    else:
        cause = CliCause.OTHER
    return cause, library, required, condition
