"""A results directory as the figure kinds read it: cells.csv (tidy, one row per cell), summary.json (what
`harness report` computed) and experiment.json (the resolved experiment, with its design when it has one)."""
import csv
import json
import math
import os


class BadInput(Exception):
    """A directory the command cannot read: main() prints `error: <path>: <problem>` and exits 2."""

    def __init__(self, path, problem):
        super().__init__(f"{path}: {problem}")
        self.path, self.problem = path, problem


class NotApplicable(Exception):
    """A figure kind that has nothing to draw on this run; the message says why."""


def _json(path):
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except ValueError as e:
        raise BadInput(path, f"not JSON ({e})")
    except OSError as e:
        raise BadInput(path, e.strerror or str(e))
    if not isinstance(value, dict):
        raise BadInput(path, "expected a JSON object")
    return value


class Run:
    def __init__(self, directory):
        if not os.path.isdir(directory):
            raise BadInput(directory, "not a directory" if os.path.exists(directory) else "no such directory")
        self.dir = directory
        cells_path = os.path.join(directory, "cells.csv")
        summary_path = os.path.join(directory, "summary.json")
        if not os.path.exists(cells_path) and not os.path.exists(summary_path):
            raise BadInput(directory, "neither cells.csv nor summary.json (not a results directory of `harness run`, "
                                      "`harness report` or `harness match`)")
        self.summary = _json(summary_path) if os.path.exists(summary_path) else {}
        exp_path = os.path.join(directory, "experiment.json")
        self.experiment = _json(exp_path) if os.path.exists(exp_path) else {}
        self.cells = []
        if os.path.exists(cells_path):
            try:
                with open(cells_path, newline="", encoding="utf-8") as f:
                    rows = list(csv.DictReader(f))
            except (OSError, csv.Error, UnicodeDecodeError) as e:
                raise BadInput(cells_path, str(e))
            need = {"groups", "position", "depth", "version", "nodes", "completed"}
            if rows and not need <= set(rows[0]):
                raise BadInput(cells_path, "missing columns " + ", ".join(sorted(need - set(rows[0]))))
            for i, row in enumerate(rows, start=2):
                try:
                    row["depth"] = int(row["depth"])
                    row["nodes"] = int(row["nodes"])
                except (TypeError, ValueError):
                    raise BadInput(cells_path, f"line {i}: depth and nodes must be integers")
                row["completed"] = row["completed"] == "true"
                # Depth honesty (harness/report/depth_end.h): a cell searched to its depth, or it ended early (a mate,
                # a limit) and is left out of every figure's aggregate at that depth.
                reached = row.get("depth_reached") or ""
                row["full_depth"] = row["completed"] and (not reached.isdigit() or int(reached) >= row["depth"])
                row["group_list"] = row["groups"].split(";")
            self.cells = rows
        self.name = self.summary.get("name") or self.experiment.get("experiment", {}).get("name") or \
            os.path.basename(os.path.normpath(directory))

    def version_order(self):
        """The experiment's version names in its order (the config's), for legends."""
        return [v.get("name") for v in self.experiment.get("experiment", {}).get("versions", []) if v.get("name")]

    def design(self):
        d = self.experiment.get("design")
        return d if isinstance(d, dict) else None


# Student t's 97.5 % point for 1-30 degrees of freedom (the harness uses Boost.Math's quantile, the same values);
# above 30, 1.96 + 2.4 / df is within 0.003 of it.
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t975(df):
    return _T975[df - 1] if df <= len(_T975) else 1.96 + 2.4 / df


def geometric_interval(ratios):
    """(mean, low, high, n): the geometric mean of the positive ratios with its 95 % t interval on the logs, as
    harness/report/geometric_interval.cpp computes it (low = high = mean for n = 1; None for n = 0)."""
    logs = [math.log(r) for r in ratios if r > 0 and math.isfinite(r)]
    n = len(logs)
    if n == 0:
        return None
    m = sum(logs) / n
    if n < 2:
        return math.exp(m), math.exp(m), math.exp(m), n
    se = math.sqrt(sum((x - m) ** 2 for x in logs) / (n - 1) / n)
    q = t975(n - 1)
    return math.exp(m), math.exp(m - q * se), math.exp(m + q * se), n


def span(values):
    """'3' or '1–9' or '1–4, 6' style text for a set of depths."""
    values = sorted(set(values))
    if not values:
        return "none"
    if values == list(range(values[0], values[-1] + 1)):
        return str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values)
