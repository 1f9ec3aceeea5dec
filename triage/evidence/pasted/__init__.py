"""Readers of pasted text: what support staff get in a ticket instead of a bundle.

`blocks.split_blocks(text)` cuts a paste into blocks (by `$ kubectl ...` prompts and by
shape) and names each one's shape; `describe_pod`, `describe_node` and `tables` turn the
Kubernetes blocks into API-shaped objects with the input line of each field, and
`triage.bundle.from_text` writes them as a layout-v1 bundle, so the same rules judge them.
"""
