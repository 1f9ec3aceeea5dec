"""Benchmark: every parser of untrusted bundle text against worst-case inputs of 64 KiB.

    .venv/bin/python bench/bench_fuzz.py                 # every parser, 64 KiB inputs
    .venv/bin/python bench/bench_fuzz.py --only scheduler --size 16384

A log line, an event message, a pod name or the stdout of `nvidia-smi` inside a tenant's
image is written by someone the tool must not trust. A regular expression that backtracks
(`\\d+/\\d+ nodes` searched over a run of digits, `(.+?)\\s*$` over a line of spaces) turns
one long line into minutes of CPU. This feeds each parser in `PARSERS` shapes that make
such patterns quadratic: one long line, runs of digits, of spaces, of separators, and each
literal word of the parser's own patterns repeated, or followed by a long run.

For each parser it prints the slowest input, its time at SIZE and at SIZE/4 (`growth`:
about 4 for linear work, 16 for quadratic), and the ratio against a linear baseline over
the same text (one `re.search` of a pattern that never matches, the cost of reading the
bytes once). A parser is flagged SUPERLINEAR when it grows faster than linear and takes
more than a few milliseconds. An input already slow at SIZE/4 is not run at SIZE (the
figure is then an estimate from its growth between SIZE/16 and SIZE/4, marked ~).

Not a timed test: `tests/evidence/test_fuzz_registry.py` only checks that every parser
module is in `PARSERS` and that each entry runs on a small input.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from triage.lazy_re import LazyPattern  # noqa: E402


@dataclass(frozen=True)
class Parser:
    name: str
    module: str                     # the module whose patterns it runs (words are drawn from them)
    call: Callable[[str], object]


def _tolerant(fn):
    """A parser that refuses what is not its format with ValueError: refusing is fine here."""
    def call(text):
        try:
            return fn(text)
        except ValueError:
            return None
    return call


def _lines(fn, *rest):
    return lambda text: fn(text.splitlines(), *rest)


# (module, function, adapter from one text to the call, or None to pass the text). A module
# that is not importable (not in this tree yet) is skipped, and the registry test sees no
# file for it either.
SPECS: tuple[tuple[str, str, Callable | None], ...] = (
    ("triage.evidence.stack_state", "bottlerocket_variant", None),
    ("triage.evidence.stack_state", "reconcile_failures", lambda f: lambda t: f([{"status": {"conditions": [
        {"type": "Error", "status": "True", "reason": "ReconcileFailed", "message": t}]}}])),
    ("triage.bundle.objects.gpu_stack", "_table_role", None),
    ("triage.classify.rules.runtime_capabilities", "_reads_capabilities", lambda f: lambda t: f(("sh", "-c", t))),
    ("triage.evidence.nvidia_smi_tools", "parse_version", None),
    ("triage.evidence.nvidia_smi_tools", "parse_monitor", None),
    ("triage.evidence.nvidia_smi_tools", "parse_topology", None),
    ("triage.evidence.nvidia_smi_tools", "parse_nvlink_status", None),
    ("triage.evidence.nvidia_smi_tools", "parse_gpu_instances", None),
    ("triage.evidence.nvidia_smi", "parse_nvidia_smi", lambda f: lambda t: f("nvidia-smi", t)),
    ("triage.evidence.nvidia_smi", "csv_columns_from_slug", None),
    ("triage.evidence.nvidia_smi_csv", "parse_csv", None),
    ("triage.evidence.nvidia_smi_list", "parse_list", None),
    ("triage.evidence.nvidia_smi_text", "parse_table", None),
    ("triage.evidence.nvidia_smi_text", "parse_query_text", None),
    ("triage.evidence.nvidia_smi_text", "find_errors", _lines),
    ("triage.evidence.nvidia_smi_xml", "parse_xml", None),
    ("triage.evidence.records_gpu", "pci_key", None),
    ("triage.evidence.records_gpu", "to_int", None),
    ("triage.evidence.xid", "parse_kernel_log", None),
    ("triage.evidence.xid", "names_nvidia_driver", lambda f: lambda t: f(t.splitlines())),
    ("triage.evidence.dcgm", "parse_scrape", None),
    ("triage.evidence.dcgm", "parse_counters", None),
    ("triage.evidence.scheduler_message", "parse_scheduling_message", None),
    ("triage.evidence.inventory", "parse_describe_conditions", None),
    ("triage.evidence.inventory", "parse_describe_resources", None),
    ("triage.evidence.inventory", "parse_node_column", None),
    ("triage.evidence.runtime_error", "parse_runtime_error", None),
    ("triage.evidence.runtime_error", "unescape", None),
    ("triage.evidence.cuda_compat", "image_cuda", None),
    ("triage.evidence.cuda_compat", "driver_cuda_major", lambda f: lambda t: f({"nvidia.com/cuda.driver.major": t,
                                                                                "nvidia.com/cuda.driver-version.full": t})),
    ("triage.evidence.log_lines", "iter_log_lines", lambda f: lambda t: list(f(t))),
    ("triage.evidence.log_normalise", "messages", None),
    ("triage.evidence.log_normalise", "normalise", None),
    ("triage.evidence.error_lines", "last_error_lines", _lines),
    ("triage.evidence.log_scan", "scan_log", None),
    ("triage.evidence.log_signatures", "scan_log", None),
    ("triage.evidence.log_params", "to_bytes", None),
    ("triage.evidence.log_scan", "scan_lines", None),
    ("triage.evidence.k8s_events.admission", "parse_admission_failure", lambda f: lambda t: f(t, "")),
    ("triage.evidence.k8s_events.container_start", "parse_container_start", lambda f: lambda t: f("Failed", t)),
    ("triage.evidence.k8s_events.create_rejection", "parse_create_rejection", None),
    ("triage.evidence.k8s_events.describe_text", "parse_describe_states", None),
    ("triage.evidence.k8s_events.describe_text", "parse_event_rows", None),
    ("triage.evidence.k8s_events.eviction", "parse_eviction", None),
    ("triage.evidence.k8s_events.claim_creation", "parse_claim_creation", None),
    ("triage.evidence.k8s_events.kueue", "parse_kueue_verdict", None),
    ("triage.evidence.node_reported", "reported_xids", None),
    ("triage.evidence.node_reported", "phrase_xids", None),
    ("triage.evidence.k8s_events.kueue", "workload_owner", None),
    ("triage.evidence.k8s_events.image_pull", "parse_image_pull", None),
    ("triage.evidence.k8s_events.node_events", "parse_node_not_ready", None),
    ("triage.evidence.k8s_events.node_events", "parse_system_oom", None),
    ("triage.evidence.k8s_events.pod_setup", "parse_sandbox_failure", None),
    ("triage.evidence.k8s_events.pod_setup", "parse_volume_failure", None),
    ("triage.evidence.k8s_events.probes", "parse_probe_failure", None),
    ("triage.evidence.k8s_events.probes", "parse_killing", None),
    ("triage.evidence.k8s_events.probes", "parse_back_off", None),
    ("triage.evidence.k8s_events.quota", "parse_quota_rejection", None),
    ("triage.evidence.k8s_events.dispatch", "parse_event_message", lambda f: lambda t: f("FailedScheduling", t)),
    ("triage.evidence.k8s_events.dispatch", "parse_event_message", lambda f: lambda t: f("Failed", t)),
    ("triage.evidence.pasted.blocks", "split_blocks", None),
    ("triage.evidence.pasted.blocks", "parse_command", None),
    ("triage.evidence.pasted.describe_fields", "key_values", None),
    ("triage.evidence.pasted.describe_node", "parse_describe_node", lambda f: _lines(f, 1, "node")),
    ("triage.evidence.pasted.describe_pod", "parse_describe_pod", lambda f: _lines(f, 1)),
    ("triage.evidence.pasted.tables", "parse_get_events", lambda f: _lines(f, 1)),
    ("triage.evidence.pasted.tables", "parse_get_pods", lambda f: _lines(f, 1)),
    ("triage.evidence.pasted.tables", "parse_get_nodes", lambda f: _lines(f, 1)),
    ("triage.evidence.pasted.dump_text", "split_cluster_dump", None),
    ("triage.evidence.pasted.dump_text", "split_prefixed_log", None),
    ("triage.evidence.pasted.dump_text", "yaml_item_lines", None),
    ("triage.classify.rules.driver_versions", "image_version", None),
    ("triage.evidence.cuda_compat", "gfd_driver_version",
     lambda f: lambda t: f({"nvidia.com/cuda.driver-version.full": t, "nvidia.com/cuda.driver.major": t})),
    ("triage.evidence.smi_summary", "required_cuda",      # a container's env, from the tenant's image spec
     lambda f: lambda t: f(type("C", (), {"env": (type("E", (), {"name": "NVIDIA_REQUIRE_CUDA", "value": t})(),
                                                  type("E", (), {"name": "CUDA_VERSION", "value": t})())})())),
    ("triage.bundle.quantity", "parse_quantity", None),
    ("triage.bundle.bounded", "_stream_items", lambda f: _tolerant(lambda t: f(t, 1000))),
    ("triage.bundle.views", "_clean_str", None),
    # modules whose patterns run inside functions of structured input: the pattern itself
    ("triage.audit.stack_items", "_MINOR", lambda rx: rx.match),      # as it is used
    ("triage.classify.rules.scheduler_controllers", "_PODGROUP_UID", lambda rx: rx.search),
    ("triage.classify.rules.driver_versions", "_SMI_VERSION", lambda rx: rx.search),   # over nvidia-smi lines
    ("triage.bundle.layout", "parse_log_path", None),
    ("triage.bundle.layout", "parse_exec_path", None),
    ("triage.bundle.layout", "parse_namespaced_list", None),
    ("triage.bundle.objects.gpu_resource", "is_gpu_resource", None),
    ("triage.bundle.objects.gpu_resource", "labels_say_gpu",
     lambda f: lambda t: f({"node.kubernetes.io/instance-type": t})),
    ("triage.evidence.nvswitch", "nvswitch_board",      # a node's labels, from the cluster
     lambda f: lambda t: f({"nvidia.com/gpu.product": t, "nvidia.com/gpu.count": t, "node.kubernetes.io/instance-type": t}, 8)),
    ("triage.render.untrusted_text", "clean", None),
    ("triage.render.untrusted_text", "bound_excerpt", None),
    ("triage.render.untrusted_text", "slug", None),
    ("triage.render.markdown", "md_inline", None),
    ("triage.render.markdown", "code_inline", None),
    ("triage.render.markdown", "fence", None),
    ("triage.render.plain", "wrap", lambda f: lambda t: f(t, 100)),     # evidence text in the report
    ("triage.render.plain_markdown", "parse", None),                   # a playbook with evidence in its params
)


def _registry() -> tuple[Parser, ...]:
    import importlib
    out = []
    for module_name, attr, adapt in SPECS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        fn = getattr(module, attr)
        call = adapt(fn) if adapt else fn
        label = f"{module_name.removeprefix('triage.').removeprefix('evidence.')}.{attr}"
        if any(p.name == label for p in out):
            label += f"#{sum(p.name.startswith(label) for p in out) + 1}"
        out.append(Parser(label, module_name, call))
    return tuple(out)


PARSERS: tuple[Parser, ...] = ()   # filled on first use (imports the parsers)


def parsers() -> tuple[Parser, ...]:
    global PARSERS
    if not PARSERS:
        PARSERS = _registry()
    return PARSERS


# Modules that import `re` but read no bundle text, or whose text is ours or the user's own.
NOT_UNTRUSTED = {
    "triage.bundle.redact": "redaction at collection (issue 13 item 4, another owner): not benched here yet",
    "triage.bundle.secret_patterns": "redaction's pattern set (issue 13 item 4): not benched here yet",
    "triage.notify.blocks": "Slack escaping of a findings document already bounded by render.untrusted_text",
    "triage.watch.dedup": "keys we build ourselves",
    "triage.replay.selectors": "the kubectl user's own selectors, on loopback",
    "triage.replay.proxy": "paths of the replay server's own routes",
    "triage.replay.kernel_log": "the kubectl user's own exec command, on loopback",
    "triage.playbooks": "our playbook files",
    "triage.render.wording": "our playbook markdown",
    "triage.collect.kube": "kubeconfig names",
    "triage.cli": "argv",
    "triage.lazy_re": "compiles the other modules' patterns on first use (they are benched where they run)",
}


# ---- inputs -----------------------------------------------------------------------------------
_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,30}")


def pattern_words(module_name: str, limit: int = 40) -> list[str]:
    """Literal words of the regular expressions a module compiles (what makes a pattern start
    matching at every position of a crafted line)."""
    import importlib
    module = importlib.import_module(module_name)
    words: dict[str, None] = {}
    for value in vars(module).values():
        for rx in (value if isinstance(value, (tuple, list)) else (value,)):
            if isinstance(rx, (re.Pattern, LazyPattern)) and isinstance(rx.pattern, str):
                for w in _WORD.findall(rx.pattern):
                    if not re.fullmatch(r"[dswDSWbB]", w[0]) or len(w) > 3:
                        words.setdefault(w, None)
    return list(words)[:limit]


# Real lines for parsers whose module docstrings hold none the parser recognises.
SEEDS: dict[str, tuple[str, ...]] = {
    "triage.evidence.nvidia_smi_tools": (
        "NVIDIA-SMI version  : 550.54.15\nDRIVER version     : 550.54.15",
        "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tNV18\t0-55\t0\nGPU1\tNV18\t X \t0-55\t0",
        "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\n\t Link 0: 26.562 GB/s\n\t Link 1: <inactive>",
        "|   0  MIG 2g.10gb       19        3          4:2    |"),
    "triage.evidence.inventory": (
        "  Ready  Unknown  Wed, 12 Jul 2017 12:09:45 +0100  Wed, 12 Jul 2017 12:10:36 +0100  NodeStatusUnknown  "
        "Kubelet stopped posting node status.",
        "Capacity:\n  nvidia.com/gpu:  8\nAllocatable:\n  nvidia.com/gpu:  7",
        "  nvidia.com/gpu     2 (25%)     2 (25%)"),
    "triage.evidence.scheduler_message": (
        "0/6 nodes are available: 3 node(s) didn't match node selector, 6 Insufficient nvidia.com/gpu. "
        "preemption: 0/6 nodes are available: 6 No preemption victims found for incoming pod.",),
    "triage.evidence.xid": ("[Sun Feb 23 16:24:30 2025] NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.",),
    "triage.evidence.dcgm": ('DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-1",Hostname="n"} 97',),
    "triage.evidence.runtime_error": (
        'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: '
        'runc create failed: unable to start container process: error during container init: error running '
        'hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as \'legacy\'\n'
        'nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown',),
    "triage.evidence.log_lines": ("2024-05-01T10:00:00.123456789Z stderr F RuntimeError: CUDA error: out of memory",),
    "triage.evidence.k8s_events.describe_text": (
        "  Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: 2 Insufficient "
        "nvidia.com/gpu.", "    State:          Waiting\n      Reason:       CrashLoopBackOff\n    Last State:     "
        "Terminated\n      Reason:       Error\n      Exit Code:    1"),
}


def seed_lines(parser: Parser, limit: int = 4) -> list[str]:
    """Lines the parser recognises: the module's docstring samples and `SEEDS`."""
    import importlib
    import inspect
    module = importlib.import_module(parser.module)
    texts = list(SEEDS.get(parser.module, ()))
    docs = [inspect.getdoc(module) or ""] + [inspect.getdoc(v) or "" for v in vars(module).values()
                                              if inspect.isfunction(v) and v.__module__ == module.__name__]
    for doc in docs:
        texts += [line.strip().strip("`") for line in doc.splitlines() if len(line.strip()) >= 16]
    out: list[str] = []
    for text in dict.fromkeys(texts):
        try:
            if parser.call(text):
                out.append(text)
        except Exception:   # noqa: BLE001
            continue
        if len(out) >= limit:
            break
    return out


_TOKEN = re.compile(r"\S+\s*")


def mutations(seed: str, size: int, positions: int = 16) -> dict[str, str]:
    """A recognised line made worst-case: a long run of one character inserted at a token
    boundary (with and without the rest of the line), one token repeated in place to `size`,
    and the whole line repeated on one line."""
    out: dict[str, str] = {}
    tokens = [m.span() for m in _TOKEN.finditer(seed)][:positions]
    short = seed[:24]
    for ch in (" ", "1", "a", ":"):
        out[f"{short!r} +run {ch!r} at the end, then x"] = seed + ch * (size - len(seed) - 1) + "x"
    for start, end in tokens:
        word_end = start + len(seed[start:end].rstrip())
        for ch in (" ", "1", "a", ":"):
            run = ch * max(size - len(seed), 1)
            out[f"{short!r} +run {ch!r} at {start}"] = (seed[:start] + run + seed[start:])[:size]
            out[f"{short!r} cut, run {ch!r} at {start}"] = (seed[:start] + run)[:size]
            tail = seed[word_end:] or "x"
            out[f"{short!r} +run {ch!r} after {word_end}"] = seed[:word_end] + run + tail
        tok = seed[start:end]
        fill = _fill(tok if tok.endswith((" ", "\t")) else tok + " ", size)
        out[f"{short!r} token {tok.strip()[:12]!r} repeated"] = (seed[:start] + fill + seed[end:])[:size]
        out[f"{short!r} token {tok.strip()[:12]!r} repeated, cut"] = (seed[:start] + fill)[:size]
    out[f"{short!r} repeated on one line"] = _fill(seed.replace("\n", " ") + " ", size)
    out[f"{short!r} repeated as lines"] = _fill(seed + "\n", size)
    return out


def _fill(unit: str, size: int) -> str:
    return (unit * (size // max(len(unit), 1) + 1))[:size]


def shapes(size: int, words: list[str]) -> dict[str, str]:
    """Worst-case inputs of `size` characters for a parser whose patterns use `words`."""
    out = {
        "one long line": _fill("a", size),
        "spaces": "x" + " " * (size - 2) + "x",
        "digits": _fill("1", size),
        "digits and slashes": _fill("1/", size),
        "digit runs, space": _fill("0123456789 ", size),
        "newlines": "\n" * size,
        "colons": _fill(":", size),
        "colon space": _fill(": ", size),
        "commas": _fill(", ", size),
        "pipes": _fill("| ", size),
        "equals": _fill("a=", size),
        "quotes": _fill('"', size),
        "backslashes": _fill("\\", size),
        "escaped quotes": _fill('\\"', size),
        "brackets": _fill("[", size),
        "parens": _fill("(", size),
        "braces": _fill("{", size),
        "angle": _fill("<a", size),
        "dashes": _fill("-", size),
        "dots": _fill(".", size),
        "tabs": _fill("\t", size),
        "key value lines": _fill("Key : value\n", size),
        "hex": _fill("0000:00:1E.0 ", size),
        "nodes are available": _fill("0/1 nodes are available: ", size),
        "numbers then words": _fill("1 node(s) had ", size),
        "units": _fill("1Gi 2MiB 3% ", size),
    }
    for w in words:
        out[f"{w!r} repeated"] = _fill(w + " ", size)
        out[f"{w!r} then spaces"] = (w + " " * size)[: size - 1] + "x"
        out[f"{w!r} then digits"] = (w + " " + "9" * size)[:size]
        out[f"{w!r}: repeated"] = _fill(w + ": ", size)
    return out


def _baseline(text: str) -> float:
    rx = re.compile(r"\x00\x01")
    return best_of(lambda: rx.search(text))


def best_of(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _timed(call, text: str) -> float:
    def run():
        try:
            call(text)
        except Exception:    # noqa: BLE001 - a crash is not a timing, but the bench goes on
            pass
    return best_of(run)


@dataclass
class Result:
    parser: str
    shape: str
    seconds: float
    quarter: float
    estimated: bool
    baseline: float

    @property
    def growth(self) -> float:
        return self.seconds / max(self.quarter, 1e-6)

    @property
    def superlinear(self) -> bool:
        return self.seconds > 0.05 and self.growth > 10


def inputs(parser: Parser, size: int) -> dict[str, str]:
    out = shapes(size, pattern_words(parser.module))
    for seed in seed_lines(parser):
        out.update(mutations(seed, size))
    return out


def bench(parser: Parser, size: int, slow_quarter: float = 0.25) -> Result:
    worst: Result | None = None
    quarters = inputs(parser, size // 4)
    sixteenths: dict[str, str] | None = None
    for shape, text in inputs(parser, size).items():
        quarter = _timed(parser.call, quarters.get(shape, text[: size // 4]))
        if quarter > slow_quarter:      # already slow: estimate the full size from the growth below
            sixteenths = sixteenths or inputs(parser, size // 16)
            growth = quarter / max(_timed(parser.call, sixteenths.get(shape, text[: size // 16])), 1e-6)
            seconds, estimated = quarter * growth, True
        else:
            seconds, estimated = _timed(parser.call, text), False
        r = Result(parser.name, shape, seconds, quarter, estimated, _baseline(text))
        if worst is None or r.seconds > worst.seconds:
            worst = r
    assert worst is not None
    return worst


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=64 * 1024, help="characters per input (default 65536)")
    ap.add_argument("--only", metavar="TEXT", help="only parsers whose name contains TEXT")
    args = ap.parse_args(argv)
    chosen = [p for p in parsers() if not args.only or args.only in p.name]
    print(f"{'parser':52} {'slowest input':32} {'seconds':>9} {'growth':>7} {'x baseline':>11}")
    flagged = 0
    for p in chosen:
        r = bench(p, args.size)
        mark = "~" if r.estimated else " "
        verdict = "  SUPERLINEAR" if r.superlinear else ""
        flagged += r.superlinear
        print(f"{p.name[:52]:52} {r.shape[:32]:32} {mark}{r.seconds:8.3f} {r.growth:7.1f} "
              f"{r.seconds / max(r.baseline, 1e-7):11.0f}{verdict}", flush=True)
    print(f"{len(chosen)} parsers, {flagged} superlinear on {args.size} characters")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
