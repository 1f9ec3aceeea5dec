"""Cut a pasted ticket into blocks, each of one shape.

A paste holds several outputs, usually with the shell prompt that produced each:

    root@ttogpu:~# kubectl describe pod triton-inference-server-5b6c7f889c-f54c6
    Name:             triton-inference-server-5b6c7f889c-f54c6
    ...
    $ kubectl describe nodes
    Capacity:
    ...

A prompt line starts a block and says what it is (`Command`); without prompts a block
starts where the shape changes (a `Name:` line at column 0, a table header, an nvidia-smi
banner). Every line is looked at once, with anchored patterns and no nested quantifiers:
linear in the input. Lines are 1-based, as citations are.
"""

from __future__ import annotations

import re
import shlex
from msgspec import Struct, field

from triage import lazy_re

MAX_LINES = 200_000
MAX_LINE_CHARS = 16_384

# shapes
DESCRIBE_POD = "describe-pod"
DESCRIBE_NODE = "describe-node"
GET_EVENTS = "get-events"
GET_PODS = "get-pods"
GET_NODES = "get-nodes"
LOGS = "logs"
NVIDIA_SMI = "nvidia-smi"
NVIDIA_SMI_Q = "nvidia-smi-q"
NVIDIA_SMI_L = "nvidia-smi-L"
KERNEL_LOG = "kernel-log"
TEXT = "text"                  # nothing recognised

SHAPES = (DESCRIBE_POD, DESCRIBE_NODE, GET_EVENTS, GET_PODS, GET_NODES, LOGS, NVIDIA_SMI, NVIDIA_SMI_Q,
          NVIDIA_SMI_L, KERNEL_LOG, TEXT)

_TOOLS = ("kubectl", "oc", "k", "nvidia-smi", "dmesg", "journalctl", "sudo", "microk8s", "k3s")
# `$ cmd`, `# cmd`, `user@host:~$ cmd`, `[root@host dir]# cmd`, `PS C:\> cmd`, `> cmd`; a virtualenv's
# `(venv) ` before `user@host...` (not `(container) $`: a poster's label for where it ran)
_PROMPT = lazy_re.compile(r"^\s*(?:\([^()\s]{1,64}\) (?=[^\s@]{1,64}@))?(?:\S{0,120}?[$#>%]|\[[^\]\n]{0,120}\][$#])\s+"
                          r"(?P<cmd>\S.*)$")


class Command(Struct, frozen=True):
    """A shell command line of a prompt: `kubectl logs -n ns pod -c ctr --previous`."""

    words: tuple[str, ...]
    text: str

    @property
    def tool(self) -> str:
        words = [w for w in self.words if w not in ("sudo",)]
        if words[:2] == ["microk8s", "kubectl"] or words[:2] == ["k3s", "kubectl"]:
            return "kubectl"
        return words[0] if words else ""

    @property
    def filtered(self) -> bool:
        """The output went through a pipe (`| grep Capacity -A 14`): it shows a part only."""
        return any(w.startswith("|") or w.endswith("|") for w in self.words)

    @property
    def args(self) -> tuple[str, ...]:
        words = list(self.words)
        while words and words[0] in ("sudo", "microk8s", "k3s"):
            words.pop(0)
        return tuple(words[1:])

    def flag(self, *names: str) -> str | None:
        """The value of `-n ns`, `--namespace=ns`, `-c ctr` ..."""
        args = self.args
        for i, w in enumerate(args):
            for n in names:
                if w == n and i + 1 < len(args):
                    return args[i + 1]
                if n.startswith("--") and w.startswith(n + "="):
                    return w[len(n) + 1:]
        return None

    def has(self, *names: str) -> bool:
        return any(w in names or any(w.startswith(n + "=") for n in names if n.startswith("--")) for w in self.args)

    def positionals(self) -> tuple[str, ...]:
        """Words that are not flags nor flag values (for `kubectl logs -n ns POD`)."""
        out, skip = [], False
        takes_value = {"-n", "--namespace", "-c", "--container", "-l", "--selector", "--tail", "--since",
                       "-o", "--output", "--context", "--kubeconfig", "--field-selector", "-f", "--filename"}
        for w in self.args:
            if skip:
                skip = False
                continue
            if w in takes_value:
                skip = True
                continue
            if w.startswith("|"):
                break                   # `| grep ...`: the rest filters the output
            if w.startswith("-"):
                continue
            out.append(w)
        return tuple(out)


def parse_command(text: str) -> Command | None:
    """A command line as words, or None when it does not start with a tool we know."""
    text = text.strip()[:2000]
    try:
        words = tuple(shlex.split(text, comments=False))
    except ValueError:
        words = tuple(text.split())
    head = [w for w in words if w != "sudo"][:1]
    if not head or head[0] not in _TOOLS:
        return None
    return Command(words, text)


class Block(Struct):
    """Lines `start`..`start+len(lines)-1` of the input, of one shape."""

    shape: str
    start: int                        # 1-based input line of lines[0]
    lines: list[str] = field(default_factory=list)
    command: Command | None = None

    @property
    def end(self) -> int:
        return self.start + len(self.lines) - 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def input_lines(text: str) -> list[str]:
    """The input's lines, bounded (a line past MAX_LINE_CHARS is cut, lines past MAX_LINES dropped)."""
    out = []
    for i, line in enumerate(text.splitlines()):
        if i >= MAX_LINES:
            break
        out.append(line[:MAX_LINE_CHARS].rstrip("\r"))
    return out


def prompt_command(line: str) -> Command | None:
    m = _PROMPT.match(line) if len(line) < 4000 else None
    if not m:
        return None
    return parse_command(m.group("cmd"))


def shape_of_command(cmd: Command) -> str:
    tool, args = cmd.tool, cmd.args
    if tool in ("kubectl", "oc", "k"):
        pos = cmd.positionals()          # `kubectl -n gpu-operator logs POD`: flags may come first
        verb = pos[0] if pos else ""
        what = pos[1].split("/")[0].lower() if len(pos) > 1 else ""
        if verb == "describe":
            if what in ("node", "nodes", "no"):
                return DESCRIBE_NODE
            if what in ("pod", "pods", "po"):
                return DESCRIBE_POD
            return TEXT
        if verb == "get":
            if what in ("events", "event", "ev"):
                return GET_EVENTS
            if what in ("pods", "pod", "po"):
                return GET_PODS
            if what in ("nodes", "node", "no"):
                return GET_NODES
            return TEXT
        if verb == "logs":
            return LOGS
        if verb == "exec":
            inner = cmd.text.split(" -- ", 1)[1] if " -- " in cmd.text else ""
            sub = parse_command(inner) if inner else None
            return shape_of_command(sub) if sub else LOGS
        return TEXT
    if tool == "nvidia-smi":
        if cmd.has("-L", "--list-gpus"):
            return NVIDIA_SMI_L
        if cmd.has("-q", "--query"):
            return NVIDIA_SMI_Q
        return NVIDIA_SMI
    if tool in ("dmesg", "journalctl"):
        return KERNEL_LOG
    return TEXT


# ---- shape by content (no prompt) -------------------------------------------------------

_NAME_LINE = lazy_re.compile(r"^Name:\s+\S")
_EVENTS_HEADER = lazy_re.compile(r"^(?:NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+(?:OBJECT|KIND)")
_PODS_HEADER = lazy_re.compile(r"^(?:NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE")
_NODES_HEADER = lazy_re.compile(r"^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION")
# a `kubectl get pods` row pasted without its header: NAME READY STATUS RESTARTS AGE
_POD_ROW = lazy_re.compile(r"^(?:[a-z0-9][a-z0-9.-]{0,252}\s+)?[a-z0-9][a-z0-9.-]{0,252}\s+\d{1,3}/\d{1,3}\s+[A-Za-z][\w:/-]{0,60}\s+"
                      r"\d{1,9}(?: \([^)]{0,40}\))?\s+\d{1,6}[smhdy]")
_SMI_BANNER = lazy_re.compile(r"^\s*(?:[|+]\s*)?NVIDIA-SMI \d")   # not `\s*[|+]?\s*`: quadratic on a line of spaces
_SMI_Q = lazy_re.compile(r"^=+NVSMI LOG=+\s*$")
_SMI_L = lazy_re.compile(r"^GPU \d+: .*\(UUID: GPU-")
_KERNEL = lazy_re.compile(r"^(?:\[\s*\d+\.\d+\]|\S+ +\d+ \d\d:\d\d:\d\d \S+ kernel:|\d{4}-\d\d-\d\dT\S+ \S+ kernel:)")
_NODE_SECTION = lazy_re.compile(r"^(?:Capacity|Allocatable|Allocated resources|System Info|Non-terminated Pods|Taints|Roles|"
                           r"Unschedulable|Lease|Addresses|PodCIDRs?|ProviderID):")
_POD_SECTION = lazy_re.compile(r"^(?:Containers|Init Containers|Controlled By|QoS Class|Node-Selectors|Tolerations|Volumes|"
                          r"Namespace|Status|IP|IPs|Node|Priority|Service Account|Start Time):")


def content_shape(line: str) -> str | None:
    """The shape a line opens, when it opens one (a header, a banner); None otherwise."""
    if _EVENTS_HEADER.match(line):
        return GET_EVENTS
    if _PODS_HEADER.match(line):
        return GET_PODS
    if _NODES_HEADER.match(line):
        return GET_NODES
    if _POD_ROW.match(line):
        return GET_PODS
    if _SMI_Q.match(line):
        return NVIDIA_SMI_Q
    if _SMI_BANNER.match(line) or line.startswith("+-----------------------------------------------"):
        return NVIDIA_SMI
    if _SMI_L.match(line):
        return NVIDIA_SMI_L
    return None


def _describe_kind(lines: list[str]) -> str | None:
    node = pod = 0
    for line in lines[:400]:
        if _NODE_SECTION.match(line):
            node += 1
        elif _POD_SECTION.match(line):
            pod += 1
    if node == pod == 0:
        return None
    return DESCRIBE_NODE if node >= pod else DESCRIBE_POD


def _refine(block: Block) -> list[Block]:
    """A block without a prompt (or whose prompt said nothing we know): name its shape,
    cutting it where a new shape starts."""
    out: list[Block] = []
    cur: Block | None = None
    for i, line in enumerate(block.lines):
        opens = content_shape(line)
        starts_describe = bool(_NAME_LINE.match(line)) and (cur is None or cur.shape not in (NVIDIA_SMI_Q,))
        if opens or starts_describe or cur is None:
            if cur is not None and cur.shape in (NVIDIA_SMI,) and opens == NVIDIA_SMI:
                cur.lines.append(line)     # the table's own rules and banner
                continue
            if cur is not None and cur.shape == GET_PODS and opens == GET_PODS:
                cur.lines.append(line)     # the next row of the same table
                continue
            if cur is not None and cur.shape == TEXT and not cur.lines:
                cur.start = block.start + i
            else:
                cur = Block(opens or (TEXT if not starts_describe else DESCRIBE_POD), block.start + i)
                out.append(cur)
        cur.lines.append(line)
    for b in out:
        if b.shape in (DESCRIBE_POD, TEXT):
            kind = _describe_kind(b.lines)
            if kind:
                b.shape = kind
            elif b.shape == DESCRIBE_POD:
                b.shape = TEXT
        if b.shape == TEXT:
            b.shape = _text_shape(b.lines)
    return [b for b in out if any(l.strip() for l in b.lines)]


# what only nvidia-smi prints when it cannot show its table (a device plugin's log says NVML's words instead)
_SMI_ONLY_ERRORS = ("NVIDIA-SMI has failed because", "No devices were found",
                    "Unable to determine the device handle for GPU")


def prompt_host(line: str) -> str | None:
    """The host name of a shell prompt: `root@gpu-node-1:~# ...`, `[ec2-user@ip-10-0-1-5 ~]$ ...`."""
    m = _PROMPT_HOST.match(line) if len(line) < 4000 else None
    return m.group("host") if m else None


_PROMPT_HOST = lazy_re.compile(r"^\s*(?:\([^()\s]{1,64}\)\s+)?\[?[A-Za-z0-9_.-]{1,64}@(?P<host>[A-Za-z0-9][A-Za-z0-9_.-]{0,252})[:\s]")


def _text_shape(lines: list[str]) -> str:
    """Log-like text: kernel log when most non-empty lines look like one, nvidia-smi when every line
    is one of its own failure messages, else logs."""
    nonempty = [l for l in lines[:2000] if l.strip()]
    if not nonempty:
        return TEXT
    if len(nonempty) <= 4 and all(l.strip().startswith(_SMI_ONLY_ERRORS) for l in nonempty):
        return NVIDIA_SMI
    kernel = sum(1 for l in nonempty if _KERNEL.match(l) or "NVRM:" in l)
    return KERNEL_LOG if kernel * 2 >= len(nonempty) else LOGS


def split_blocks(text: str) -> list[Block]:
    """The blocks of a paste, in input order."""
    lines = input_lines(text)
    raw: list[Block] = []
    cur = Block(TEXT, 1)
    for i, line in enumerate(lines, start=1):
        cmd = prompt_command(line)
        if cmd is not None:
            if cur.lines:
                raw.append(cur)
            cur = Block(shape_of_command(cmd), i + 1, command=cmd)
            continue
        cur.lines.append(line)
    if cur.lines or cur.command is not None:
        raw.append(cur)
    out: list[Block] = []
    for b in raw:
        if b.command is None or b.shape == TEXT:
            refined = _refine(b)
            if b.command is not None and refined:
                refined[0].command = b.command
            out.extend(refined)
        elif b.lines:
            out.append(b)
    return out
