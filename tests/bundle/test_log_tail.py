"""LogText.tail: the last lines of a held log, decoded from its end only, numbered as `lines`
would number them (a citation's line number must not depend on which path read the line)."""

from hypothesis import given, settings, strategies as st

from triage.bundle.views import LogText

# every boundary str.splitlines knows, in UTF-8, and bytes that decode to U+FFFD around them
PIECES = [b"a", b"x y", "\u00e9".encode(), b"\n", b"\r", b"\r\n", b"\x0b", b"\x0c", b"\x1c", b"\x1e",
          "\x85".encode(), "\u2028".encode(), "\u2029".encode(), b"\xff", b"\xc2", b"\x85", b"\xe2\x80", b"\xa8"]


@given(st.lists(st.sampled_from(PIECES), max_size=80), st.integers(0, 15))
@settings(max_examples=300, deadline=None)
def test_tail_numbers_lines_as_lines_does(parts, n):
    data = b"".join(parts)
    lines = LogText("p.log", data=data).lines
    start = max(0, len(lines) - n)
    assert LogText("p.log", data=data).tail(n) == list(enumerate(lines[start:], start + 1))


def test_tail_leaves_the_log_undecoded():
    text = LogText("big.log", data=b"".join(b"line %d\n" % i for i in range(100_000)))
    assert text.tail(2) == [(99_999, "line 99998"), (100_000, "line 99999")]
    assert "text" not in text.__dict__ and "lines" not in text.__dict__
