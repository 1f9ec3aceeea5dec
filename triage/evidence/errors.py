"""Errors shared by the evidence parsers."""


class NotRecognised(ValueError):
    """A parser was given text that is not the format it reads."""
