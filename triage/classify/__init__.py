"""Classification: pure functions from evidence to findings. Never touches the network."""
