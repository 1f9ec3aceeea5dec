"""The Go runtime's panic report in a container log: which function the panicking goroutine was in.

A Go program that panics prints (runtime/panic.go `printpanics`, runtime/traceback.go)

    panic: runtime error: invalid memory address or nil pointer dereference
    [signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1092953]

    goroutine 87 [running]:
    <package path>.(*<type>).<function>(<args>)
    \t<file>:<line> +0x<offset>
    ...

and exits with status 2. The first goroutine after the panic line is the one that panicked; its
frames, innermost first, run to the next blank line. `panic_frames` returns those function lines
(the runtime's own `panic(...)` frames included) with their 0-based line indices, for the last
panic of the log; the read is linear and bounded (a panic report further than `_WINDOW` lines from
its goroutine header, or frames past `_MAX_FRAMES`, are not read).

    >>> lines = ["panic: boom", "", "goroutine 1 [running]:", "main.(*p).Allocate(0x1)",
    ...          "\\t/src/p.go:3 +0x1", "main.main()", "\\t/src/main.go:9 +0x2", "", "exit status 2"]
    >>> panic_frames(lines)
    (0, [(3, 'main.(*p).Allocate(0x1)'), (5, 'main.main()')])
"""

from __future__ import annotations

from collections.abc import Sequence

_WINDOW = 8          # lines between "panic: ..." and the panicking goroutine's header
_MAX_FRAMES = 64


def panic_frames(lines: Sequence[str]) -> tuple[int, list[tuple[int, str]]] | None:
    """(index of the last `panic: ` line, [(index, function line) of its goroutine's frames]),
    or None when the log holds no panic report."""
    start = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].startswith("panic: ")), None)
    if start is None:
        return None
    header = next((i for i in range(start + 1, min(len(lines), start + 1 + _WINDOW))
                   if lines[i].startswith("goroutine ") and lines[i].rstrip().endswith(":")), None)
    frames: list[tuple[int, str]] = []
    if header is None:
        return start, frames
    for i in range(header + 1, len(lines)):
        line = lines[i].rstrip()
        if not line or len(frames) >= _MAX_FRAMES:
            break
        if not line.startswith(("\t", " ")):
            frames.append((i, line))
    return start, frames


def frame_function(frame: str) -> str:
    """The function's name of a frame line, without its package path and arguments:
    `k8s.io/x/pkg.(*T).Allocate(0x1, ...)` -> `Allocate`.

        >>> frame_function("volcano.sh/k8s-device-plugin/pkg/plugin/vgpu.(*NvidiaDevicePlugin).Allocate(0xc0001bc280)")
        'Allocate'
        >>> frame_function("k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1._DevicePlugin_Allocate_Handler({0x1})")
        '_DevicePlugin_Allocate_Handler'
    """
    call = frame.rstrip()
    name = call[:call.rfind("(")] if call.endswith(")") and "(" in call else call   # its argument list off
    return name.rsplit("/", 1)[-1].rsplit(".", 1)[-1]
