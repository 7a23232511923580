"""The figure kinds of scripts/plot.py, one module each; run.py reads a results directory."""
