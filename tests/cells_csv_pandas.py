#!/usr/bin/env python3
"""Loads each DIR/cells.csv with pandas, as a user of the tidy data would, and checks what it promises:

- one column per flag whose value differs between the experiment's versions (experiment.json), named by the flag
  (flag.<name> where a counter has the flag's name: tt_cutoffs),
  typed as the flag is (true/false -> bool, a number -> int64, a name -> text), and on every row of the versions
  table equal to that version's value in experiment.json; no flag column that is the same on every row;
- depth_reached an integer no deeper than the requested depth;
- mate_in empty unless the score is a mate, and then the moves to mate, signed as the score (UCI's `mate N`);
- tt_fill (never the old name tt_load) a fraction in [0, 1].

usage: tests/cells_csv_pandas.py DIR...   (exit 0: every DIR passed; 1: a check failed; prints one line per DIR)
"""
import json
import os
import sys

import pandas as pd

SCORE_MATE, SCORE_MATE_BOUND = 30000, 29000  # engine/types.h
COLUMNS_BEFORE_FLAGS = {"tt_entries", "tt_scheme"}  # flags cells.csv had columns for before (its own, not repeated)
# Counters whose name is also a flag's: their column is the counter, the flag's is flag.<name>.
COUNTERS = {"tt_cutoffs"}


def expected_dtype(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int64"
    return "object"


def check(directory):
    problems = []
    frame = pd.read_csv(os.path.join(directory, "cells.csv"))
    with open(os.path.join(directory, "experiment.json")) as f:
        experiment = json.load(f)["experiment"]
    versions = {v["name"]: v["flags"] for v in experiment["versions"]}  # the versions table's, by name
    every = list(versions.values()) + [s["version"]["flags"] for s in experiment.get("sweeps", []) if "version" in s]
    all_flags = {}
    for flags in every:
        for name, value in flags.items():
            all_flags.setdefault(name, value)
    varying = sorted(n for n in all_flags if n not in COLUMNS_BEFORE_FLAGS
                     and len({json.dumps(f.get(n)) for f in every}) > 1)
    column_of = {}  # flag -> its column
    for c in frame.columns:
        name = c[len("flag."):] if c.startswith("flag.") else c
        if name in all_flags and name not in COLUMNS_BEFORE_FLAGS and (c.startswith("flag.") or c not in COUNTERS):
            column_of[name] = c
    if len(set(frame.columns)) != len(frame.columns) or any("." in c and c[-1].isdigit() for c in frame.columns):
        problems.append("two columns share a name")
    for name in varying:
        if name not in column_of:
            problems.append(f"flag {name} differs between versions but has no column")
    for name, column in column_of.items():
        want = expected_dtype(all_flags[name])
        if str(frame[column].dtype) != want:
            problems.append(f"column {column}: dtype {frame[column].dtype}, expected {want}")
        if frame[column].nunique() < 2:
            problems.append(f"column {column}: the same on every row, yet a flag column")
    in_versions = frame["groups"].str.split(";").apply(lambda g: "versions" in g)
    for _, row in frame[in_versions].iterrows():
        flags = versions.get(row["version"])
        if flags is None:
            problems.append(f"row {row['key']}: version {row['version']} not in experiment.json")
            continue
        for name, column in column_of.items():
            if row[column] != flags[name]:
                problems.append(f"row {row['key']}: {column} = {row[column]!r}, experiment.json says {flags[name]!r}")
                break
    if str(frame["depth_reached"].dtype) != "int64" or (frame["depth_reached"] > frame["depth"]).any():
        problems.append("depth_reached is not an integer no deeper than depth")
    if "tt_load" in frame.columns:
        problems.append("the fill column is still named tt_load")
    if "tt_fill" in frame.columns:
        fill = frame["tt_fill"].dropna()
        if ((fill < 0) | (fill > 1)).any():
            problems.append("tt_fill outside [0, 1]")
    if "mate_in" not in frame.columns:
        problems.append("no mate_in column")
    else:
        mate = frame["score"].abs() >= SCORE_MATE_BOUND
        if frame.loc[~mate, "mate_in"].notna().any():
            problems.append("mate_in set on a score that is not a mate")
        for _, row in frame[mate].iterrows():
            moves = (SCORE_MATE - abs(int(row["score"])) + 1) // 2
            want = moves if row["score"] > 0 else -moves
            if pd.isna(row["mate_in"]) or int(row["mate_in"]) != want:
                problems.append(f"row {row['key']}: score {row['score']} but mate_in {row['mate_in']}")
                break
    mates = int(frame["mate_in"].notna().sum()) if "mate_in" in frame.columns else 0
    return problems, len(frame), list(column_of.values()), mates


def main():
    failed = False
    for directory in sys.argv[1:]:
        try:
            problems, rows, flag_columns, mates = check(directory)
        except (OSError, ValueError, KeyError) as e:
            problems, rows, flag_columns, mates = [f"{type(e).__name__}: {e}"], 0, [], 0
        if problems:
            failed = True
            print(f"FAIL {directory}: " + "; ".join(problems[:5]))
        else:
            print(f"ok {directory}: {rows} rows, {mates} mates, flag columns: {' '.join(flag_columns) or '(none)'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
