#!/usr/bin/env python3
"""Scores `flowgraph diff --git COMMIT~1..COMMIT` against hand audits of real commit history.

    FLOWGRAPH=.build/debug/flowgraph Scripts/score-diff.py --sources DIR [AUDIT.json…]

Each audit (default: Tests/DiffAudits/*.json) names a repository, a path in it ("" for all of it) and commit
pairs, each with the navigation changes its patch makes, written by hand before the tool was run, as lines:

    screen + NAME @ FILE          stack + TYPE @ FILE        stack ~ OLD → NEW @ FILE
    call + FROM → TO STYLE @ FILE call − FROM → TO STYLE @ FILE
    call ~ FROM → TO WAS → NOW @ FILE
    back + ON back|dismiss @ FILE back − ON back|dismiss @ FILE

FILE is the last component of the file the change is in (the base's for what is removed). The clone of each
repository is DIR/OWNER+NAME. For every pair the script runs the diff with `--json --fail-on any`, turns the
report into the same lines, and prints what it found, missed and added; then precision and recall of the
reported changes and whether each exit status is right (1 when the audit lists a change, 0 when it lists
none). It reads the clones and never changes them. Audits marked `"kept_back": true` are held out for the
final measurement: they are skipped unless `--kept-back` is given, and their totals are printed apart. A pair
of a kept-back audit that was used while building (`"kept_back": false` on the pair) counts with the others.
A call the report says once for several screens it runs on (`HomeScreen, home → profile`) counts as the one
of them the audit names.
"""
import argparse, glob, json, os, subprocess, sys
from collections import Counter


def last(path):
    return path.rsplit(":", 1)[-1].split("/")[-1] if "/" in path or ":" in path else path


def report_lines(report):
    lines = []
    for sign, key in (("+", "added"), ("−", "removed")):
        for stack in report["stacks"][key]:
            lines.append(f"stack {sign} {stack['name']} @ {last(stack['file'])}")
        for screen in report["screens"][key]:
            lines.append(f"screen {sign} {screen['name']} @ {last(screen['file'])}")
        for edge in report["edges"][key]:
            lines.append(f"call {sign} {edge['from']} → {edge['to']} {edge['style']} @ {last(edge['file'])}")
        for back in report["backs"][key]:
            lines.append(f"back {sign} {back['on']} {back['style']} @ {last(back['file'])}")
    for rename in report["stacks"].get("renamed", []):
        lines.append(f"stack ~ {rename['was']} → {rename['now']} @ {last(rename['file'])}")
    for edge in report["edges"]["restyled"]:
        lines.append(f"call ~ {edge['from']} → {edge['to']} {edge['was']} → {edge['now']} @ {last(edge['file'])}")
    return lines


def chosen(lines, truth):
    """The report's lines with each call said once for several screens (`from` naming each, joined with `, `)
    read as the one of those screens the audit names, when it names one; else as the first."""
    left = Counter(truth)
    result = []
    for line in lines:
        kind, sign, rest = line.split(" ", 2)
        if kind == "call" and " → " in rest and ", " in rest.split(" → ", 1)[0]:
            froms, after = rest.split(" → ", 1)
            options = [f"{kind} {sign} {name} → {after}" for name in froms.split(", ")]
            line = next((option for option in options if left[option] > 0), options[0])
        left[line] -= 1
        result.append(line)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sources", required=True, help="the folder holding the clones (OWNER+NAME)")
    parser.add_argument("--kept-back", action="store_true", help='include the held-out audits ("kept_back": true)')
    parser.add_argument("audits", nargs="*")
    options = parser.parse_args()
    flowgraph = os.path.abspath(os.environ.get("FLOWGRAPH", ".build/debug/flowgraph"))
    audits = options.audits or sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../Tests/DiffAudits/*.json")))
    totals = {False: Counter(), True: Counter()}
    for audit_path in audits:
        audit = json.load(open(audit_path, encoding="utf-8"))
        kept_back = bool(audit.get("kept_back"))
        if kept_back and not options.kept_back:
            print(f"{audit['repo']}: kept back (pass --kept-back)")
            continue
        clone = os.path.join(options.sources, audit["repo"].replace("/", "+"))
        if not os.path.isdir(clone):
            sys.exit(f"{audit_path}: no clone of {audit['repo']} at {clone}")
        print(audit["repo"])
        for pair in audit["pairs"]:
            commit = pair["commit"]
            pair_kept_back = bool(pair.get("kept_back", kept_back))
            tally = totals[pair_kept_back]
            if kept_back and not pair_kept_back:
                print(f"  {commit}: used while building; counted with the tuned pairs")
            arguments = [flowgraph, "diff", "--git", f"{commit}~1..{commit}", "--json", "--fail-on", "any"]
            if audit.get("path"):
                arguments.append(audit["path"])
            run = subprocess.run(arguments, cwd=clone, capture_output=True, text=True)
            if run.returncode not in (0, 1):
                print(f"  {commit}: exit {run.returncode}: {run.stderr.strip()[:300]}")
                tally["wrong_status"] += 1
                tally["statuses"] += 1
                tally["missed"] += len(pair["changes"])
                continue
            truth = Counter(pair["changes"])
            reported = Counter(chosen(report_lines(json.loads(run.stdout)), pair["changes"]))
            hit = truth & reported
            tally["found"] += sum(hit.values())
            tally["missed"] += sum((truth - reported).values())
            tally["extra"] += sum((reported - truth).values())
            expected = 1 if pair["changes"] else 0
            tally["statuses"] += 1
            tally["wrong_status"] += run.returncode != expected
            mark = "ok" if run.returncode == expected and hit == truth == reported else "DIFFERS"
            print(f"  {commit}: {sum(hit.values())}/{sum(truth.values())} found, "
                  f"{sum((reported - truth).values())} extra, exit {run.returncode} (expected {expected})  {mark}")
            for line in sorted((truth - reported).elements()):
                print(f"      missed: {line}")
            for line in sorted((reported - truth).elements()):
                print(f"      extra:  {line}")
    for kept_back in (False, True):
        tally = totals[kept_back]
        if not tally["statuses"]:
            continue
        found, missed, extra = tally["found"], tally["missed"], tally["extra"]
        reported_total = found + extra
        precision = found / reported_total if reported_total else 1.0
        recall = found / (found + missed) if found + missed else 1.0
        print(f"TOTAL{' (kept back)' if kept_back else ''} {found} found, {missed} missed, {extra} extra: "
              f"precision {precision:.0%}, recall {recall:.0%}; exit status right for "
              f"{tally['statuses'] - tally['wrong_status']} of {tally['statuses']} pairs")

if __name__ == "__main__":
    main()
