"""Token shapes from a maintained secret scanner: Yelp's detect-secrets (Apache-2.0,
https://github.com/Yelp/detect-secrets), a dependency, read from its regex plugins at run time
(`RegexBasedDetector.denylist`), so a new release's patterns arrive with `pip install -U`.

Only plugins that recognise a token by its shape are taken. Left out: the keyword and
high-entropy detectors (they judge code, and would rewrite GPU evidence such as UUIDs and
hashes), the public-IP detector (not a secret), and the plugins our own rules in redact.py
do better (private keys: the whole block, not the BEGIN line; URL passwords and JWTs: the
exact secret; Artifactory/Cloudant/IBM/SoftLayer: keyword heuristics), and the Discord and
Telegram bot tokens (no literal to look for first: a regex pass over every string collected,
for tokens a GPU cluster rarely holds). Each pattern gets a
left boundary (no letter or digit just before it) so a token shape inside a longer hash is
not taken for a token, and hints (substrings without which it cannot match) so a 5 MB log
costs a substring search per rule, not a regex pass.

If detect-secrets cannot be imported the redactor still runs with its own rules, and its
report's `rules` list says which were active.
"""

from __future__ import annotations

import importlib
import re

# (plugin module, detector class, placeholder kind, hints, which denylist entries: None = all)
SELECTED: tuple[tuple[str, str, str, tuple[str, ...], tuple[int, ...] | None], ...] = (
    ("aws", "AWSKeyDetector", "aws_access_key", ("A3T", "ABIA", "ACCA", "AKIA", "ASIA"), (0,)),
    ("azure_storage_key", "AzureStorageKeyDetector", "azure_storage_key", ("accountkey=",), None),
    ("github_token", "GitHubTokenDetector", "github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), None),
    ("gitlab_token", "GitLabTokenDetector", "gitlab_token",
     ("glpat-", "gldt-", "glft-", "glsoat-", "glrt-", "GR1348941", "glcbt-", "glimt-", "glptt-", "glagent-",
      "gloas-"), None),
    ("mailchimp", "MailchimpDetector", "mailchimp_key", ("-us",), None),
    ("openai", "OpenAIDetector", "openai_key", ("T3BlbkFJ",), None),
    ("pypi_token", "PypiTokenDetector", "pypi_token", ("pypi-",), None),
    ("sendgrid", "SendGridDetector", "sendgrid_key", ("SG.",), None),
    ("slack", "SlackDetector", "slack_token", ("xox", "hooks.slack.com"), None),
    ("square_oauth", "SquareOAuthDetector", "square_oauth", ("sq0csp-",), None),
    ("stripe", "StripeDetector", "stripe_key", ("k_live_",), None),
    ("twilio", "TwilioKeyDetector", "twilio_key", ("AC", "SK"), None),
)

SOURCE = "detect-secrets"


def load() -> list[tuple[str, re.Pattern, tuple[str, ...]]]:
    """[(kind, compiled pattern, hints)] from the installed detect-secrets; [] without it."""
    out: list[tuple[str, re.Pattern, tuple[str, ...]]] = []
    for module, cls, kind, hints, picks in SELECTED:
        try:
            detector = getattr(importlib.import_module(f"detect_secrets.plugins.{module}"), cls)
            patterns = list(detector.denylist)
        except (ImportError, AttributeError, TypeError):
            continue
        for i, pattern in enumerate(patterns):
            if picks is not None and i not in picks:
                continue
            try:
                out.append((kind, re.compile(rf"(?<![A-Za-z0-9])(?:{pattern.pattern})", pattern.flags), hints))
            except (re.error, AttributeError):
                continue
    return out
