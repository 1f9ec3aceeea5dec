"""classify/rules."""
