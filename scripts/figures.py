"""Shared by the plot scripts: every figure is written as PNG and SVG into the results directory."""
import os


def save(fig, directory, stem):
    """Writes DIRECTORY/STEM.png and .svg, says so, and closes the figure."""
    import matplotlib.pyplot as plt

    for ext in ("png", "svg"):
        out = os.path.join(directory, f"{stem}.{ext}")
        fig.savefig(out, dpi=120)
        print("wrote", out)
    plt.close(fig)
