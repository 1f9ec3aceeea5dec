"""`gpu-triage diff A B`: what changed between two inputs of one cluster (before and after a
fix, or two incidents): findings, GPU capacity per node, GPU-stack component states,
labels and taints. `state.snapshot` reads one input, `compare.diff` compares two,
`render` prints the result as text, Markdown or JSON."""
