"""The watcher: notice broken GPU pods, triage each once, post each new diagnosis once."""
