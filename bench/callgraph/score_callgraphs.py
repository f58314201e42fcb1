#!/usr/bin/env python3
"""Scores Trellis's Python call edges against a call-graph micro-benchmark.

Each case is a folder of Python files with a `callgraph.json` giving, for
every function (and module) of the case, the functions it calls: the format
of the PyCG suite (vitsalis/PyCG, micro-benchmark/snippets/<category>/<case>)
and of JARVIS's (pythonJaRvis.github.io, Jarvis/dataset/micro_benchmark with
its answers under Jarvis/ground_truth/micro_benchmark). Every case is indexed
with `trellis index`, its CALLS edges read back with `trellis cypher`, and
compared edge by edge with the answer. Builtins (`<builtin>.x`) are left out
of both sides: Trellis counts calls into the standard library as calls out of
the tree, with no node.

How Trellis's edges are read as the suite's:
  - a call of a class (CALLS to a Class, call_type constructor) is a call of
    its `__init__`, the first one along its bases (INHERITS), as the suites
    write it; a class with none is left out;
  - names are the suite's own: `main.func`, `main.A.m`, `pkg.mod.f`,
    lambdas `main.<lambda1>` (Trellis names them the same way).

Usage:
  score_callgraphs.py --trellis build/bin/trellis --cases DIR [--truth DIR]
                      [--json OUT] [--show-misses]
DIR holds <category>/<case>/ folders. --truth (default: DIR) holds the same
folders with each callgraph.json. Prints precision and recall per category
and over all edges (micro-averaged), and the cases that are exact.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict


def is_builtin(name):
    # `<builtin>.print`, and the builtin types: PyCG's `<**PyStr**>.join`,
    # JARVIS's `<str>.join`. Lambdas (`main.<lambda1>`) are no builtins.
    return name.startswith("<")


def truth_edges(path):
    with open(path) as f:
        graph = json.load(f)
    edges = set()
    for caller, callees in graph.items():
        if is_builtin(caller):
            continue
        for callee in callees:
            if not is_builtin(callee):
                edges.add((caller, callee))
    return edges


def case_modules(case_dir):
    """Dotted names of the case's own modules (and their packages)."""
    modules = set()
    for folder, _, names in os.walk(case_dir):
        for name in names:
            if not name.endswith(".py"):
                continue
            relative = os.path.relpath(os.path.join(folder, name), case_dir)[:-3].split(os.sep)
            if relative[-1] == "__init__":
                relative = relative[:-1]
            for i in range(1, len(relative) + 1):
                modules.add(".".join(relative[:i]))
    return modules


def in_tree(callee, modules):
    parts = callee.split(".")
    return any(".".join(parts[:i]) in modules for i in range(1, len(parts) + 1))


def cypher(trellis, db, statement):
    out = subprocess.run([trellis, "cypher", "--db", db, "--json", "--limit", "1000", statement],
                         capture_output=True, text=True, check=True)
    document = json.loads(out.stdout)
    return document["results"]["rows"]


def trellis_edges(trellis, case_dir, work):
    db = os.path.join(work, "graph.trellis")
    for leftover in (db, db + ".facts"):
        if os.path.exists(leftover):
            os.remove(leftover)
    source = os.path.join(work, "src")
    shutil.rmtree(source, ignore_errors=True)
    # Index a copy holding only the Python files: the answers sit beside them.
    shutil.copytree(case_dir, source, ignore=lambda d, names: [
        n for n in names if not n.endswith(".py") and not os.path.isdir(os.path.join(d, n))])
    subprocess.run([trellis, "index", source, "--db", db], capture_output=True, text=True, check=True)
    rows = cypher(trellis, db, "MATCH (a)-[c:CALLS]->(b) RETURN a.qualified_name AS a, labels(b) AS l, "
                               "b.qualified_name AS b")
    methods = {r["m"] for r in cypher(trellis, db, "MATCH (m:Method) RETURN m.qualified_name AS m")}
    bases = defaultdict(list)
    for r in cypher(trellis, db, "MATCH (c:Class)-[:INHERITS]->(b:Class) RETURN c.qualified_name AS c, "
                                 "b.qualified_name AS b"):
        bases[r["c"]].append(r["b"])

    def constructor(cls, seen):
        if cls in seen:
            return None
        seen.add(cls)
        if cls + ".__init__" in methods:
            return cls + ".__init__"
        for base in bases.get(cls, []):
            found = constructor(base, seen)
            if found:
                return found
        return None

    def suite_name(name):
        # A case whose root folder has an __init__.py is a package named
        # after the copy's folder; the suites name modules from inside it.
        return name[len("src."):] if name.startswith("src.") else name

    edges = set()
    for r in rows:
        callee = r["b"]
        if "Class" in r["l"]:
            callee = constructor(callee, set())
            if callee is None:
                continue
        edges.add((suite_name(r["a"]), suite_name(callee)))
    return edges


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", required=True)
    parser.add_argument("--cases", required=True)
    parser.add_argument("--truth")
    parser.add_argument("--json", help="write the per-case results here")
    parser.add_argument("--show-misses", action="store_true", help="print each case's missing and extra edges")
    args = parser.parse_args()
    truth_root = args.truth or args.cases
    trellis = os.path.abspath(args.trellis)

    per_category = defaultdict(lambda: [0, 0, 0])  # found, ours, truth
    results = []
    # JARVIS spells one category folder with a space where its answers have '_'.
    case_folders = {name.replace(" ", "_"): name for name in os.listdir(args.cases)}
    with tempfile.TemporaryDirectory() as work:
        for category in sorted(os.listdir(truth_root)):
            category_dir = os.path.join(truth_root, category)
            if not os.path.isdir(category_dir):
                continue
            for case in sorted(os.listdir(category_dir)):
                answer = os.path.join(category_dir, case, "callgraph.json")
                case_dir = os.path.join(args.cases, case_folders.get(category, category), case)
                if not os.path.exists(answer) or not os.path.isdir(case_dir):
                    continue
                expected = truth_edges(answer)
                modules = case_modules(case_dir)
                outside = {e for e in expected if not in_tree(e[1], modules)}
                try:
                    ours = trellis_edges(trellis, case_dir, work)
                except subprocess.CalledProcessError as error:
                    print(f"{category}/{case}: trellis failed: {error.stderr.strip()}", file=sys.stderr)
                    ours = set()
                found = expected & ours
                counts = per_category[category]
                counts[0] += len(found)
                counts[1] += len(ours)
                counts[2] += len(expected)
                missing = sorted(expected - ours)
                extra = sorted(ours - expected)
                results.append({"case": f"{category}/{case}", "found": len(found), "ours": len(ours),
                                "truth": len(expected), "outside": len(outside), "missing": missing, "extra": extra})
                if args.show_misses and (missing or extra):
                    print(f"{category}/{case}:")
                    for a, b in missing:
                        print(f"  missing {a} -> {b}")
                    for a, b in extra:
                        print(f"  extra   {a} -> {b}")

    def ratio(n, d):
        return n / d if d else 1.0

    print(f"{'category':<22} {'cases':>5} {'exact':>5} {'precision':>9} {'recall':>7}")
    totals = [0, 0, 0]
    exact_total = 0
    for category, (found, ours, expected) in sorted(per_category.items()):
        cases = [r for r in results if r["case"].startswith(category + "/")]
        exact = sum(1 for r in cases if not r["missing"] and not r["extra"])
        exact_total += exact
        print(f"{category:<22} {len(cases):>5} {exact:>5} {ratio(found, ours):>9.3f} {ratio(found, expected):>7.3f}")
        totals = [t + c for t, c in zip(totals, (found, ours, expected))]
    print(f"{'all':<22} {len(results):>5} {exact_total:>5} {ratio(totals[0], totals[1]):>9.3f} "
          f"{ratio(totals[0], totals[2]):>7.3f}   ({totals[0]} of {totals[2]} edges found, {totals[1]} given)")
    outside = sum(r["outside"] for r in results)
    print(f"{'in-tree callees':<22} {len(results):>5} {'':>5} {ratio(totals[0], totals[1]):>9.3f} "
          f"{ratio(totals[0], totals[2] - outside):>7.3f}   ({outside} expected edges call modules outside "
          f"the case, which Trellis counts as calls out of the tree)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"precision": ratio(totals[0], totals[1]), "recall": ratio(totals[0], totals[2]),
                       "cases": results}, f, indent=1)


if __name__ == "__main__":
    main()
