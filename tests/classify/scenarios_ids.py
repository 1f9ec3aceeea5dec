"""Firing and near-miss scenarios per taxonomy id (filled below)."""
SCENARIOS = []
