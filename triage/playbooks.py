"""Playbooks: what to do about a finding, one Markdown file per finding id.

A playbook is `playbooks/<layer>/<name>.md` for the id `<layer>.<name>`:

    ---
    id: driver.version_mismatch
    title: "NVML driver/library version mismatch on node {{ node }}"
    summary: User-space NVIDIA libraries differ from the loaded kernel module.
    severity: critical
    ---
    ## What it means
    ...
    ```sh
    kubectl describe node {{ node | sh }}
    ```

Title and body are Jinja2 templates over the finding's params. A param that is
missing renders as `<name>`, never as an error. Values are untrusted (they come
from a bundle), so they are inserted as inert text:

- `{{ x }}` in prose: newlines and control characters become spaces and Markdown
  punctuation is backslash-escaped, so a value cannot open a heading, a link,
  raw HTML or emphasis;
- `{{ x | code }}`: an inline code span whose backtick fence is longer than any
  backtick run in the value;
- `{{ x | sh }}` (inside fenced shell blocks): one shell word, quoted with
  `shlex.quote` unless it is plainly safe, on one line so it cannot close the
  fence; `{{ x | sh("gpu-operator") }}` falls back to a default when missing.

A command is always runnable as printed: a fenced command that needs a param the
finding does not carry (a `| sh` value missing, no fallback) is left out, and a
one-line comment in its place says what to fill in (`# left out: needs the driver
pod on the node (driver_pod) ...`), never a `<name>` that a shell would read as a
redirection.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import shlex
from msgspec import Struct
from pathlib import Path
from typing import Any, Mapping

import jinja2

from triage import __version__, lazy_re, shipped_yaml
from triage.errors import TriageError, UsageError
from triage.resources import data_path, playbooks_dir

SEVERITIES = ("critical", "error", "warning", "info")
SECTIONS = ("What it means", "Confirm", "Fix", "Attach to the ticket", "Escalate")
CHANGES_MARK = "**Changes the cluster**"

# Params beyond docs/internal-interfaces.md "Standard params" that playbooks use
# when a rule can fill them (name -> what it holds).
EXTRA_PARAMS = {
    "offered": "the GPU resources the node does offer, of the vendor whose resource the pod asks for",
    "panicked_in": "the allocation call (Allocate, GetPreferredAllocation) the device plugin's panicking goroutine was in",
    "minutes": "minutes from the pod's binding (its PodScheduled condition) to the bundle's collection",
    "replaced": "the NodeClaims Karpenter nominated a pending pod to before and deleted (their nodes never registered)",
    "missing": "kind and name of the Secret or ConfigMap a volume names that does not exist (secret hf-token)",
    "operator_object": "Kind/name of the GPU Operator's ClusterPolicy or NVIDIADriver whose status says it failed to reconcile the stage",
    "holders_total": "how many pods hold the resource when `holders` lists only the first ones",
    "annotation": "the pod annotation that asks for a GPU share outside its resources (KAI's gpu-fraction, gpu-memory)",
    "autoscaler": "the node autoscaler's image (cluster-autoscaler, Karpenter) found in the cluster",
    "pvc": "name of the PersistentVolumeClaim the pod waits for",
    "scheduler": "the pod's spec.schedulerName when it is not default-scheduler",
    "claim": "name of the DRA ResourceClaim",
    "mig_config": "value of the node label nvidia.com/mig.config",
    "image": "the container image",
    "runtime_class": "the pod's spec.runtimeClassName",
    "kernel": "the node's kernel version (status.nodeInfo.kernelVersion)",
    "model": "the model id the server tries to load (e.g. a Hugging Face repo id)",
    "controller_log": "the container of a controller pod whose own log holds the API server's refusal",
    "policy": "the admission webhook or ValidatingAdmissionPolicy that refused the request",
    "admission": "the queue controller that holds the workload back (`kueue`) when it is not a ResourceQuota",
    "kueue_workload": "name of the Kueue Workload that stands for the job",
    "demand": "why a GPU shortage is real demand, not a symptom: `held` (all offered GPUs are requested) or `exceeds_node` (the pod asks for more than any one node has)",
    "gpu_error": "the crash's log names CUDA, NCCL, NVML or the GPU in words no catalog knows",
    "privileged": "the GPU container runs with securityContext.privileged: true (it sees every GPU of the node)",
    "at_admission": "the kubelet rejected the pod at admission while the node advertised capacity 0",
    "xid": "the Xid number(s) of the kernel log line(s) the finding cites",
    "volume": "the pod's volume a FailedMount / FailedAttachVolume event names",
    "path": "the hostPath whose type check failed",
    "operator_pod": "the GPU Operator's own pod, when it created no operand for the node",
    "policy_verdict": "the scheduler's queue or quota said no (a cause, not a symptom of the nodes)",
    "visible": "how many GPUs nvidia-smi in the container lists (more than the pod was allocated)",
    "state": "the state of a GPU-stack component (crash_loop, init_stuck, not_scheduled, restarting ...)",
    "restarts": "the component container's restart count",
    "load": "how the kernel module load failed: `refused` (EACCES / EPERM: a security policy or lockdown), "
            "`abi` (built for another kernel), `unexplained` (the installer's line names no errno)",
    "load_module": "the kernel module whose load failed (nvidia, nvidia_uvm ...)",
    "fabric_state": "a GPU's NVLink fabric State as nvidia-smi reports it (Not Started, In Progress, Completed)",
    "fabric_status": "that GPU's fabric Status (Success, or the fabric manager probe's error)",
    "gpus_waiting": "how many GPUs of the node are not registered with the fabric",
    "image_cuda": "the CUDA version an image's tag says it was built for (pytorch/pytorch:...-cuda12.1-...)",
    "smi_pod": "namespace/name of the pod whose nvidia-smi output the finding cites",
    "load_error": "the errno text the module load failed with (Permission denied, Invalid argument ...)",
    "device_list_path": "the path the NVIDIA hook took for a device name (the device plugin's volume-mounts list)",
    "missing_capability": "the NVIDIA driver capability the container lacks for what its log says it does (video)",
    "capabilities": "the container's NVIDIA_DRIVER_CAPABILITIES (or the runtime's default when unset)",
    "capabilities_source": "where the capabilities were read: env in the container, or the pod spec",
    "codec": "the video codec or library the container's log says is unavailable",
    "daemonset": "the DaemonSet the finding is about (one the controller keeps off a GPU node)",
    "device_plugin": "the DaemonSet's pods register devices with the kubelet (they mount its device-plugin directory)",
    "unlabelled": "no labeller of the selected label (NFD, GFD) is deployed: the cluster-wide DaemonSet list holds none",
    "template": "the ResourceClaimTemplate the pod names that the resource-claim controller cannot find",
    "reported": "the node condition whose words named the fault class (no Xid was reported)",
    "condition": "the node condition type a health reporter set",
    "uncovered": "Kueue's ClusterQueue covers no such resource at all (`resource %s unavailable in ClusterQueue`)",
    "cause": "the fact kind a component's own words inside an event name (the DRA plugin's dra_device_held, dra_cdi_failed ...)",
    "llm_library": "the container's OLLAMA_LLM_LIBRARY: the one GPU library a model server was told to load",
    "machine_type": "the node's machine type (node.kubernetes.io/instance-type: a cloud provider's size name)",
    "expected": "how many whole GPUs the provider's size table gives that machine type",
    "advertised": "how many the node's status.capacity offers (what the device plugin found through the driver)",
    "group": "the pod group (spec.schedulingGroup.podGroupName, or 1.35's spec.workloadRef) kube-scheduler places all-or-nothing",
    "driver": "the DRA driver (gpu.nvidia.com) a claim names that the node's kubelet has no registration of",
    "blocker": "the member of the pod's gang whose own scheduling message names why it cannot be placed",
    "blocker_reason": "that member's reason, as the scheduler wrote it",
}

_CONTROL = lazy_re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]+")
_MD_PUNCT = lazy_re.compile(r"([\\`*_{}\[\]<>()#+!|~&])")
_SHELL_SAFE = lazy_re.compile(r"[A-Za-z0-9_./:=@%+,-]+")
_FRONT = lazy_re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*\n", re.S)


class PlaybookError(TriageError):
    """A playbook file is missing or malformed (a packaging or authoring bug)."""


class _Inert(str):
    """Text already made safe for its Markdown context by a filter."""


class _Placeholder(jinja2.ChainableUndefined):
    """A missing param: renders as `<name>` so the reader sees what to fill in."""

    def __str__(self) -> str:
        return f"<{self._undefined_name or 'value'}>"

    def __iter__(self):
        return iter(())


@functools.lru_cache(maxsize=8192)
def _flatten(text: str) -> str:
    return _CONTROL.sub(" ", text).strip()


def _one_line(value: object) -> str:
    return _flatten(value if type(value) is str else str(value))


def _as_items(value: object) -> list[str] | None:
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_one_line(v) for v in value]
    return None


def _code(value: object, fallback: str | None = None) -> _Inert:
    """Inline code span(s) for a value (a list becomes `a`, `b`); a missing value
    gives the fallback if one is named, else `<name>`."""
    if isinstance(value, jinja2.Undefined):
        return _code(fallback) if fallback is not None else _Inert(f"`{value}`")
    items = _as_items(value)
    if items is not None:
        return _Inert(", ".join(_code(i) for i in items) if items else "none")
    return _code_span(_one_line(value))


@functools.lru_cache(maxsize=8192)
def _code_span(text: str) -> _Inert:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return _Inert(f"{fence}{pad}{text}{pad}{fence}")


# A missing `| sh` value, marked so `render` can leave its command out (private-use
# characters: no control character, no Markdown or shell punctuation, survive flattening).
_MISSING_OPEN, _MISSING_CLOSE = "\ue000", "\ue001"
_MISSING = lazy_re.compile(f"{_MISSING_OPEN}([^{_MISSING_CLOSE}]*){_MISSING_CLOSE}")
# what a person fills in for a param a command needs (the note in its place)
PARAM_WORDS = {
    "driver_pod": "the NVIDIA driver pod on the node",
    "plugin_pod": "the device plugin (or GPU operator component) pod on the node",
    "validator_pod": "the operator validator pod on the node",
    "node": "the node's name",
    "pod": "the pod's name",
    "namespace": "the pod's namespace",
    "container": "the container's name",
    "label": "the node label",
    "workload": "the workload's Kind/name",
    "pvc": "the PersistentVolumeClaim",
    "mig_config": "the MIG configuration name",
    "quota": "the ResourceQuota",
    "claim": "the ResourceClaim",
    "taint": "the taint",
}


def _sh(value: object, fallback: str | None = None) -> _Inert:
    """One shell word (a list becomes several words). A missing value gives the
    fallback if one is named, else a mark that leaves its command out (see `render`)."""
    if isinstance(value, jinja2.Undefined):
        if fallback is not None:
            return _Inert(fallback)
        return _Inert(f"{_MISSING_OPEN}{value._undefined_name or 'value'}{_MISSING_CLOSE}")
    items = _as_items(value)
    if items is not None:
        return _Inert(" ".join(_sh(i) for i in items))
    return _shell_word(_one_line(value))


@functools.lru_cache(maxsize=8192)
def _shell_word(text: str) -> _Inert:
    return _Inert(text if _SHELL_SAFE.fullmatch(text) else shlex.quote(text))


def _prose(value: object) -> object:
    """`finalize` for every `{{ }}`: values not already made inert by a filter are
    flattened to one line and their Markdown punctuation escaped."""
    if isinstance(value, _Inert):
        return value
    items = _as_items(value)
    return _escaped(", ".join(items) if items is not None else _one_line(value))


@functools.lru_cache(maxsize=8192)
def _escaped(text: str) -> str:
    return _MD_PUNCT.sub(r"\\\1", text)


def _plain(value: object) -> object:
    """`finalize` for plain-text titles: one line, no Markdown escaping."""
    if isinstance(value, _Inert):
        return value
    items = _as_items(value)
    return ", ".join(items) if items is not None else _one_line(value)


class _PlaybookSources(jinja2.BaseLoader):
    """A playbook's title or body by template name `<tool version>:<plain|md>:<finding id>:<part>`,
    so that Jinja's bytecode cache keys each compiled template on that name and its source's
    checksum (an edited playbook, another finalize or another release never reuses it)."""

    def get_source(self, environment, template):
        _version, _variant, fid, part = template.split(":")
        book = load(fid)
        return (book.body_template if part == "body" else book.title_template), None, lambda: True


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja's own cache of compiled templates, in its per-user directory under the system's
    temp dir (created 0700, refused if someone else owns it): a playbook compiles once per
    release instead of at every start (~2 ms a template). GPU_TRIAGE_TEMPLATE_CACHE=off turns
    it off; a directory that cannot be made means no cache."""
    if os.environ.get("GPU_TRIAGE_TEMPLATE_CACHE", "").lower() in ("off", "0", "no"):
        return None
    try:
        return jinja2.FileSystemBytecodeCache()
    except (OSError, RuntimeError):
        return None


@functools.lru_cache(maxsize=2)
def _env(plain: bool = False) -> jinja2.Environment:
    env = jinja2.Environment(
        autoescape=False,
        undefined=_Placeholder,
        finalize=_plain if plain else _prose,
        keep_trailing_newline=True,
        loader=_PlaybookSources(),
        bytecode_cache=_bytecode_cache(),
    )
    env.filters["code"] = _code
    env.filters["sh"] = _sh
    # Jinja's globals (namespace, range, dict, ...) would shadow params of the same
    # name when the param is missing: `namespace` must render `<namespace>`.
    env.globals.clear()
    return env


class Playbook(Struct, frozen=True):
    """One parsed playbook file (templates still unrendered)."""

    id: str
    title_template: str
    summary: str
    severity: str
    body_template: str
    path: Path

    @property
    def layer(self) -> str:
        return self.id.split(".", 1)[0]


@functools.lru_cache(maxsize=1)
def _taxonomy_doc() -> dict[str, Any]:
    """The packaged `triage/data/taxonomy.yaml`, read and parsed once."""
    text = data_path("taxonomy.yaml").read_text("utf-8")
    return shipped_yaml.parse("data/taxonomy.yaml", text) or {}


def taxonomy() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(layers, finding ids) in the taxonomy's order."""
    doc = _taxonomy_doc()
    return tuple(doc["layers"]), tuple(doc["findings"])


def taxonomy_line(fid: str) -> str:
    """The taxonomy's one-line description of `fid`, or `fid` itself when it has none."""
    return (_taxonomy_doc().get("findings") or {}).get(fid, fid)


@functools.lru_cache(maxsize=1)
def _paths() -> dict[str, Path]:
    root = playbooks_dir()
    found = {f"{p.parent.name}.{p.stem}": p for p in sorted(root.glob("*/*.md"))}
    if not found:
        raise PlaybookError(f"no playbooks in {root}: the installation is incomplete "
                            "(reinstall gpu-triage, or run it from a full source checkout)")
    layers, ordered = taxonomy()
    rank = {fid: i for i, fid in enumerate(ordered)}
    layer_rank = {layer: i for i, layer in enumerate(layers)}

    def key(fid: str):
        layer = fid.split(".", 1)[0]
        return (layer_rank.get(layer, len(layers)), rank.get(fid, len(rank)), fid)

    return {fid: found[fid] for fid in sorted(found, key=key)}


def ids() -> tuple[str, ...]:
    """Every finding id that has a playbook, layer by layer in taxonomy order."""
    return tuple(_paths())


def _unknown(fid: str) -> UsageError:
    close = difflib.get_close_matches(str(fid), ids(), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return UsageError(f"unknown finding id {fid!r}{hint}; `gpu-triage rules` lists them all")


def front_matter_text(text: str) -> str | None:
    """The YAML between a playbook's leading '---' lines, or None when it has none."""
    match = _FRONT.match(text)
    return match.group(1) if match else None


def parse(text: str, path: Path) -> Playbook:
    """Parse one playbook file's text (front matter + body)."""
    match = _FRONT.match(text)
    if not match:
        raise PlaybookError(f"{path}: no YAML front matter between '---' lines")
    where = Path(path)
    try:
        front = shipped_yaml.parse(f"playbooks/{where.parent.name}/{where.name}", match.group(1))
    except shipped_yaml.YAMLSyntaxError as err:
        raise PlaybookError(f"{path}: front matter is not YAML: {err}") from None
    if not isinstance(front, dict):
        raise PlaybookError(f"{path}: front matter is not a mapping")
    missing = [k for k in ("id", "title", "summary", "severity") if not front.get(k)]
    if missing:
        raise PlaybookError(f"{path}: front matter lacks {', '.join(missing)}")
    if front["severity"] not in SEVERITIES:
        raise PlaybookError(f"{path}: severity {front['severity']!r} is not one of {SEVERITIES}")
    return Playbook(
        id=str(front["id"]),
        title_template=str(front["title"]),
        summary=" ".join(str(front["summary"]).split()),
        severity=str(front["severity"]),
        body_template=text[match.end():],
        path=path,
    )


@functools.lru_cache(maxsize=None)
def load(fid: str) -> Playbook:
    """The playbook for a finding id (`driver.version_mismatch`; `driver/version_mismatch`
    is accepted too). Unknown ids raise UsageError naming `gpu-triage rules`."""
    fid = str(fid).replace("/", ".", 1)
    path = _paths().get(fid)
    if path is None:
        raise _unknown(fid)
    book = parse(path.read_text("utf-8"), path)
    if book.id != fid:
        raise PlaybookError(f"{path}: front matter id {book.id!r} does not match its path ({fid})")
    return book


@functools.lru_cache(maxsize=None)
def _template(fid: str, part: str) -> jinja2.Template:
    """part: "title" (plain text), "heading" (title as Markdown) or "body"."""
    book = load(fid)
    plain = part == "title"
    try:
        return _env(plain=plain).get_template(f"{__version__}:{'plain' if plain else 'md'}:{book.id}:{part}")
    except jinja2.TemplateSyntaxError as err:
        raise PlaybookError(f"{book.path}: {part} template line {err.lineno}: {err.message}") from None


def _context(params: Mapping[str, Any] | None) -> dict[str, Any]:
    return {str(k): v for k, v in (params or {}).items() if v is not None}


def title_for(fid: str, params: Mapping[str, Any] | None = None) -> str:
    """The finding's one-line title, e.g. 'NVML driver/library version mismatch on node gpu-1'.
    Plain text (no Markdown escaping): values are only flattened to one line; a
    missing param shows as `<name>`."""
    return _one_line(_template(fid, "title").render(_context(params)))


def render(fid: str, params: Mapping[str, Any] | None = None) -> str:
    """The playbook as Markdown: `# title`, then the body with params filled in; a fenced
    command missing a param is left out with a note saying what to fill in."""
    ctx = _context(params)
    title = _template(fid, "heading").render(ctx)
    body = _leave_out_unfilled(_template(fid, "body").render(ctx))
    return f"# {_one_line(title)}\n\n{body.lstrip()}"


def _note(names: list[str]) -> str:
    words = "; ".join(f"{PARAM_WORDS.get(n, n.replace('_', ' '))} ({n})" for n in dict.fromkeys(names))
    return f"# left out: needs {words}, which the bundle does not name"


_SPAN = lazy_re.compile(r"(`+)(.+?)\1")


def _prose_line(line: str) -> str:
    """Outside fences: an inline command missing a value is left out with its note; a missing
    value elsewhere reads `<name>`."""
    def span(m: re.Match) -> str:
        names = _MISSING.findall(m.group(2))
        return m.group(0) if not names else "(left out: a command that " + _note(names)[len("# left out: "):] + ")"
    return _MISSING.sub(r"<\1>", _SPAN.sub(span, line))


def _leave_out_unfilled(text: str) -> str:
    """Inside fences, a command (with its `\\` continuation lines) holding a missing-value mark
    becomes one comment naming what to fill in; outside, the mark reads `<name>`."""
    out: list[str] = []
    fence: str | None = None
    group: list[str] = []

    def flush() -> None:
        names = [n for line in group for n in _MISSING.findall(line)]
        if names:
            indent = group[0][: len(group[0]) - len(group[0].lstrip())]
            note = indent + _note(names)
            if not out or out[-1] != note:          # one note for a run of such commands
                out.append(note)
        else:
            out.extend(group)
        group.clear()

    for line in text.split("\n"):
        stripped = line.lstrip()
        if fence is None:
            m = re.match(r"(`{3,}|~{3,})", stripped)
            if m:
                fence = m.group(1)
            out.append(_prose_line(line))
            continue
        if stripped.startswith(fence) and not stripped[len(fence):].strip():
            flush()
            fence = None
            out.append(line)
            continue
        group.append(line)
        if not line.rstrip().endswith("\\"):
            flush()
    flush()
    return "\n".join(out)


# The names a template's tags refer to, without Jinja's parser (its lexer, parser and frame
# analysis cost ~5 ms a playbook, and every finding asks): the playbooks' subset is names,
# string literals, filters (`| sh("x")`), `==`, `and`/`or`/`not` and if/elif/else. The test
# tests/test_playbooks.py checks this against jinja2.meta on every shipped playbook.
_TAG = lazy_re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
_LITERAL = lazy_re.compile(r"\"[^\"]*\"|'[^']*'")
_NAME = lazy_re.compile(r"(?<![\w.|])[A-Za-z_]\w*(?!\w|\s*\()")
_FILTER = lazy_re.compile(r"\|\s*[A-Za-z_]\w*(?:\s*\([^()]*\))?")
_WORDS = frozenset(("if", "elif", "else", "endif", "and", "or", "not", "in", "is",
                    "true", "false", "none", "True", "False", "None"))


def template_names(source: str) -> set[str]:
    """The undeclared names of a playbook template (what `jinja2.meta.find_undeclared_variables`
    answers for the playbooks' subset of Jinja)."""
    names: set[str] = set()
    for m in _TAG.finditer(source):
        inner = _FILTER.sub(" ", _LITERAL.sub(" ", (m.group(1) or m.group(2) or "").strip("-+")))
        names.update(n for n in _NAME.findall(inner) if n not in _WORDS)
    return names


@functools.lru_cache(maxsize=None)
def params_used(fid: str) -> tuple[str, ...]:
    """The param names the playbook's title and body refer to, sorted."""
    book = load(fid)
    return tuple(sorted(template_names(book.title_template) | template_names(book.body_template)))


def summary(fid: str) -> str:
    """The one-line summary `gpu-triage rules` shows."""
    return load(fid).summary


def severity(fid: str) -> str:
    """The default severity of the id: critical, error, warning or info."""
    return load(fid).severity
