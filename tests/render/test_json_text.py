"""The findings document's JSON text is what `json.dumps(indent=2, ensure_ascii=False)` of the
sanitised document writes, byte for byte, however it was encoded (json's C encoder laid out by
msgspec's formatter, or json's pure-Python indenting encoder): a consumer diffing two runs'
documents, or a golden file, must not see the difference."""

from __future__ import annotations

import json
import math

from hypothesis import given, settings, strategies as st

from triage.render.untrusted_text import json_text, sanitise_doc


def _reference(doc) -> str:
    return json.dumps(sanitise_doc(doc), indent=2, ensure_ascii=False) + "\n"


LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(2 ** 70), max_value=2 ** 70)
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20))
KEYS = st.text(max_size=8) | st.integers(min_value=-5, max_value=5) | st.booleans() | st.none() | st.floats()
DOCS = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(DOCS)
def test_any_json_value_is_written_as_json_dumps_writes_it(doc):
    assert json_text(doc) == _reference(doc)


def test_numbers_keep_json_dumps_form():
    """Exponents as repr writes them (msgspec's own encoder would write 1e-05 as 0.00001), NaN and
    Infinity as json.dumps writes them (the formatter refuses them: the slow path)."""
    for value in (1e-05, 2.5e-10, 1e16, 1.2345678901234568e+16, math.inf, -math.inf, 2 ** 70):
        doc = {"params": {"value": value}, "ok": [0.5, 3, None, True]}
        assert json_text(doc) == _reference(doc)
        assert json.loads(json_text(doc))["params"]["value"] == value
    assert '"value": NaN' in json_text({"value": math.nan})


def test_a_lone_surrogate_from_a_log_read_with_surrogateescape_is_written_as_before():
    doc = {"excerpt": "bad byte \udcff here", "n": 1}
    assert json_text(doc) == _reference(doc)


def test_control_characters_are_stripped_in_either_encoder():
    hostile = "pod\u202e-\x1b[31m\u200bname\ttab\nline"
    for doc in ({"name": hostile}, {"name": hostile, "score": 1e-9}):
        text = json_text(doc)
        assert "\u202e" not in text and "\x1b" not in text and "\u200b" not in text
        assert json.loads(text)["name"] == "pod-[31mname\ttab\nline"


def test_a_document_is_walked_only_when_its_text_holds_something_to_strip():
    """clean_doc answers from the document's compact JSON text: a clean document comes back
    as it is (no copy of 400k strings), one with a control character anywhere (a key, a nested
    string, an escape-only C0 character) comes back stripped."""
    from triage.render.untrusted_text import clean_doc
    plain = {"diagnoses": [{"target": {"name": "llm-0"}, "excerpt": "tab\tand\nnewline stay", "n": 1.5}]}
    assert clean_doc(plain) is plain
    for hostile in ({"k\u202e": "v"}, {"a": [{"b": "bell\x07"}]}, {"a": "vt\x0b"}, {"a": "del\x7f"},
                    {"a": "csi\x9b"}):
        cleaned = clean_doc(hostile)
        assert cleaned is not hostile and cleaned == sanitise_doc(hostile)
    backslash = {"path": "C:\\build\\release"}          # \b in the text: a false alarm, same answer
    assert clean_doc(backslash) == backslash


@settings(max_examples=300, deadline=None)
@given(DOCS)
def test_clean_doc_equals_the_walk(doc):
    from triage.render.untrusted_text import clean_doc
    assert json.dumps(clean_doc(doc)) == json.dumps(sanitise_doc(doc))
