#!/usr/bin/python3
"""Seals results directories written before line checksums existed (2026-11-26): each line of DIR/cells.jsonl without
a checksum gets one, the FNV-1a 64 of its text as written (what the harness computes: cell_store.cpp with_checksum),
and DIR/experiment.json gets "line_checksums": true, so that from then on a line edited, or stripped of its checksum,
is refused. No line's content changes; a directory already sealed is left as it is.
Usage: scripts/seal_cells.py DIR..."""
import sys
from pathlib import Path

FNV_OFFSET, FNV_PRIME, MASK = 1469598103934665603, 1099511628211, (1 << 64) - 1
KEY = ',"line_fnv":"'


def fnv1a_hex(data: bytes) -> str:
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK
    return f"{h:016x}"


def seal(directory: Path) -> None:
    cells, experiment = directory / "cells.jsonl", directory / "experiment.json"
    if not cells.is_file() or not experiment.is_file():
        sys.exit(f"error: {directory}: not a results directory (cells.jsonl and experiment.json)")
    text = experiment.read_text(encoding="utf-8")
    if '"line_checksums": true' in text:
        print(f"{directory}: sealed already")
        return
    raw = cells.read_bytes()
    if raw and not raw.endswith(b"\n"):
        sys.exit(f"error: {cells}: its last line is incomplete; run `harness report {directory}` first")
    out, added = [], 0
    for line in raw.split(b"\n")[:-1]:
        if not line or line.endswith(b'"}') and KEY.encode() in line[-40:]:
            out.append(line)
            continue
        assert line.endswith(b"}"), f"{cells}: a line that is not a JSON object"
        out.append(line[:-1] + KEY.encode() + fnv1a_hex(line).encode() + b'"}')
        added += 1
    tmp = cells.with_name("cells.jsonl.sealing")
    tmp.write_bytes(b"\n".join(out) + b"\n")
    tmp.replace(cells)
    assert text.startswith("{\n")
    experiment.write_text('{\n  "line_checksums": true,\n' + text[2:], encoding="utf-8")
    print(f"{directory}: {added} lines sealed")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for d in sys.argv[1:]:
        seal(Path(d))
