"""Regular expressions compiled on first use: `lazy_re.compile(pattern, flags)` in place of
`re.compile` for a module-level pattern. A one-pod bundle needs a few dozen of the project's
~600 patterns; compiling all of them at import was a third of `analyze`'s start-up.

The object answers what a compiled pattern answers (`search`, `match`, `fullmatch`,
`finditer`, `findall`, `sub`, `subn`, `split`, `groups`, `groupindex`, `flags`, ...);
`pattern` is the source text and never compiles. The first call compiles it (once, with
`re.compile`, so an invalid pattern raises `re.error` there) and binds the compiled
methods onto the object, so later calls cost what a compiled pattern's do.

    >>> WORD = compile(r"(?P<w>[a-z]+)")
    >>> WORD.search("42 apples").group("w")
    'apples'
    >>> WORD.pattern
    '(?P<w>[a-z]+)'

`compiled` is the `re.Pattern` itself (a match's `.re` is that object, not this one: compare
`m.re is PATTERN.compiled`). `compile_all()` compiles every pattern made so far (tests: each
one is valid).
"""

from __future__ import annotations

import re
import weakref

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class LazyPattern:
    __slots__ = ("pattern", "source_flags", "compiled", "__weakref__", *_METHODS)

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self.source_flags = flags

    def _compile(self) -> re.Pattern:
        rx = re.compile(self.pattern, self.source_flags)
        for name in _METHODS:
            setattr(self, name, getattr(rx, name))
        self.compiled = rx
        return rx

    def __getattr__(self, name: str):
        # only reached for a slot not yet set (before the first use) or a compiled pattern's
        # other attributes (groups, groupindex, flags)
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            rx = object.__getattribute__(self, "compiled")
        except AttributeError:
            rx = self._compile()
        return rx if name == "compiled" else getattr(rx, name)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern):
            return (self.pattern, self.source_flags) == (other.pattern, other.source_flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.source_flags))

    def __copy__(self) -> LazyPattern:
        return self            # as re.Pattern: immutable, copies are the object itself

    def __deepcopy__(self, memo) -> LazyPattern:
        return self

    def __repr__(self) -> str:
        return f"lazy_re.compile({self.pattern!r}{', ' + str(self.source_flags) if self.source_flags else ''})"


#: every lazy pattern alive (module-level ones live as long as their module)
_MADE: weakref.WeakSet[LazyPattern] = weakref.WeakSet()


def compile(pattern: str | bytes, flags: int = 0) -> LazyPattern:  # noqa: A001 - re.compile's name
    """A pattern that compiles itself on first use (see the module doc)."""
    lazy = LazyPattern(pattern, flags)
    _MADE.add(lazy)
    return lazy


def compile_all() -> int:
    """Compile every lazy pattern made so far; returns how many (raises re.error on a bad one)."""
    made = list(_MADE)
    for lazy in made:
        lazy._compile()
    return len(made)


def as_pattern(rx) -> re.Pattern:
    """The compiled `re.Pattern` of `rx` (a lazy pattern or a compiled one)."""
    return rx.compiled if isinstance(rx, LazyPattern) else rx
