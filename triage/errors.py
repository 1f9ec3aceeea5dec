"""The exception tree, written out once.

Every error a user can cause or meet derives from TriageError and carries a
one-line message that says what went wrong and what to do; the CLI prints it
on stderr (no traceback unless --debug) and exits with `exit_code`.
"""


class TriageError(Exception):
    """Base of every expected failure. str(err) is one line for the user."""

    exit_code = 1

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class UsageError(TriageError):
    """The command line was wrong (exit 2, like argparse)."""

    exit_code = 2


class BundleError(TriageError):
    """A bundle cannot be read: missing, not a bundle, unknown version."""


class UnsafeBundleError(BundleError):
    """A bundle member was refused: traversal, link out, device, over a limit."""


class ClusterError(TriageError):
    """The cluster could not be reached or configured (kubeconfig, context)."""


class NotifyError(TriageError):
    """Posting to Slack failed (the message never contains a secret)."""
