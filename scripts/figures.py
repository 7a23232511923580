"""Shared by the plot scripts: every figure is written as PNG and SVG into the results directory."""
import os


def save(fig, directory, stem):
    """Writes DIRECTORY/STEM.png and .svg, says so, closes the figure and returns the PNG's path."""
    import matplotlib.pyplot as plt

    for ext in ("png", "svg"):
        out = os.path.join(directory, f"{stem}.{ext}")
        fig.savefig(out, dpi=120)
        print("wrote", out)
    plt.close(fig)
    return os.path.join(directory, f"{stem}.png")


def summary_section(directory, key, script, missing_why):
    """DIRECTORY/summary.json's section KEY (written by `harness run`/`harness report`); exits 2 naming the file
    when it cannot be read, or when the section is absent (MISSING_WHY says when a run writes it)."""
    import json
    import sys

    path = os.path.join(directory, "summary.json")
    try:
        with open(path, encoding="utf-8") as f:
            section = json.load(f).get(key)
    except (OSError, ValueError) as e:
        print(f"{script}: {path}: {e}", file=sys.stderr)
        sys.exit(2)
    if not section:
        print(f"{script}: {path}: no {key} ({missing_why})", file=sys.stderr)
        sys.exit(2)
    return section
