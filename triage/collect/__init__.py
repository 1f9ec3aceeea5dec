"""collect."""
