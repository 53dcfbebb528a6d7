#!/usr/bin/env python3
"""Score `flowgraph scan --json` against the hand audits in Tests/ScanAudits.

Each audit (Tests/ScanAudits/<owner>+<repo>.json) lists, for one public app at one commit, every
call that shows a screen (`edges`: file, line, style push/sheet/cover, from, to), every back or
dismiss call (`backs`: file, line) and every deep-link handler (`deeplinks`: file, line). This
script runs the scanner on the app's source and matches what it reports to those sites:

  show-screen calls  tool edges of style push/sheet/cover/replace, matched by file + line, then style
                     (and target, unless --no-targets)
  back calls         tool edges of style back/dismiss, matched by file + line
  deep-link handlers tool `entries`, matched by file (+ line), with the number of plans in that file

For each kind it prints:
  true    audited sites
  found   audited sites with at least one matching tool edge of the right style (and target)
  wrong   tool edges at no audited site, or at an audited site with the wrong style/target
  warned  audited sites with no edge but a warning (`problems`) at that file:line
  silent  audited sites with neither an edge nor a warning at that file:line

Sites the audit marks as excused (`edges_unbuilt`, `edges_unreachable`, `backs_unbuilt`,
`backs_unreachable`, `other_sites`: files outside the Xcode project, views nothing shows, helpers
nobody calls) are not counted: a tool edge there is neither found nor wrong (column `excused`).

Sources: `--sources DIR` holds one folder per app named `<owner>+<repo>` (the audit's `repo` with
`/` replaced by `+`), checked out at the audit's `commit`. The audits marked `"kept_back": true`
are held out for the final measurement: they are skipped unless `--kept-back` is given.

    FLOWGRAPH=.build/debug/flowgraph Scripts/score-scan.py --sources /tmp/apps
    Scripts/score-scan.py --sources /tmp/apps --kept-back --json > scores.json
    Scripts/score-scan.py --sources /tmp/apps Tests/ScanAudits/Yessimkhan+Dara.json --details

Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import unicodedata

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_AUDITS = os.path.join(REPO_ROOT, "Tests", "ScanAudits")
SHOW_STYLES = {"push", "sheet", "cover", "replace"}
BACK_STYLES = {"back", "dismiss"}
SKIP_DIRS = {".build", ".git", "DerivedData"}


def nfc(s):
    return unicodedata.normalize("NFC", s)


def norm_rel(path):
    """A repository-relative path in one spelling: NFC, forward slashes, no leading ./"""
    p = nfc(path).replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    return os.path.normpath(p).replace("\\", "/") if p else p


class PathMapper:
    """Maps a path the tool printed to a path relative to the app folder.

    The tool prints files as they were reached from the path it was given (relative to its working
    directory, or absolute). We try, in order: relative to the working directory, absolute, and a
    suffix match against the app's Swift files."""

    def __init__(self, app_dir, cwd):
        self.app_dir = os.path.realpath(app_dir)
        self.cwd = cwd
        self.files = {}
        for root, dirs, names in os.walk(self.app_dir):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for n in names:
                if n.endswith(".swift"):
                    rel = norm_rel(os.path.relpath(os.path.join(root, n), self.app_dir))
                    self.files[rel] = True
        self.cache = {}

    def __call__(self, path):
        if path is None:
            return None
        if path in self.cache:
            return self.cache[path]
        result = None
        candidates = [path] if os.path.isabs(path) else [os.path.join(self.cwd, path), os.path.join(self.app_dir, path)]
        for c in candidates:
            real = os.path.realpath(c)
            if real == self.app_dir or real.startswith(self.app_dir + os.sep):
                result = norm_rel(os.path.relpath(real, self.app_dir))
                break
        if result is None or result not in self.files:
            p = norm_rel(path)
            if p in self.files:
                result = p
            else:
                hits = [f for f in self.files if f.endswith("/" + p) or p.endswith("/" + f)]
                if len(hits) == 1:
                    result = hits[0]
                elif result is None:
                    result = p
        self.cache[path] = result
        return result


def names_of(s):
    """Identifier-like tokens of a screen name, lower-cased, arguments dropped."""
    if not s:
        return set()
    s = nfc(str(s))
    s = re.sub(r"\(.*", "", s) if re.match(r"^\.?\w+\(", s) else s
    return {t.lower() for t in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", s)}


def target_ok(site, tool_to):
    if not tool_to:
        return True
    # A presentation of content of its own (no view of the app's) has no name to compare: the tool names it
    # by its presenter and flag, the audit by what it shows.
    if site.get("inline"):
        return True
    want = names_of(site.get("to")) | names_of(site.get("to_case")) | names_of(site.get("to_full"))
    if not want:
        return True
    got = names_of(tool_to)
    return bool(got & want)


def style_ok(site_style, tool_style):
    if tool_style == "replace":
        return True
    return (site_style or "push") == tool_style


def swift_file_count(app_dir):
    n = 0
    for root, dirs, names in os.walk(app_dir):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        n += sum(1 for x in names if x.endswith(".swift"))
    return n


def nearest(sites, line, tol):
    """The site of `sites` (list of dicts with 'line') nearest to `line`, within tol; exact first."""
    best, best_d = None, None
    for s in sites:
        d = abs(int(s["line"]) - int(line))
        if d <= tol and (best_d is None or d < best_d):
            best, best_d = s, d
    return best


def index_by_file(items, key="file"):
    out = {}
    for it in items:
        out.setdefault(norm_rel(it[key]), []).append(it)
    return out


def run_tool(flowgraph, app_dir, timeout):
    cmd = [flowgraph, "scan", ".", "--json"]
    try:
        p = subprocess.run(cmd, cwd=app_dir, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        sys.exit(f"score-scan: cannot run {flowgraph!r} (set FLOWGRAPH to the built tool)")
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    out = p.stdout.strip()
    if not out:
        return None, f"exit {p.returncode}, no JSON: {p.stderr.strip()[:500]}"
    try:
        return json.loads(out), (f"exit {p.returncode}" if p.returncode else None)
    except json.JSONDecodeError as e:
        return None, f"exit {p.returncode}, unreadable JSON ({e}): {p.stderr.strip()[:300]}"


def score_kind(sites, excused, tool_items, problems, tol, check_style, check_target, all_lines=None):
    """Match tool edges (already filtered to one kind) to audited sites of that kind.

    all_lines maps a file to the lines of every audited site in it (of any kind): a warning a few
    lines from a site counts for it only when no other audited site is nearer to the warning."""
    by_file = index_by_file(sites)
    exc_by_file = index_by_file(excused)
    prob_by_file = index_by_file(problems)
    matched = {id(s): [] for s in sites}
    wrong, excused_hits = [], 0
    for t in tool_items:
        f = t["_file"]
        s = nearest(by_file.get(f, []), t["line"], tol)
        if s is None:
            if nearest(exc_by_file.get(f, []), t["line"], tol) is not None:
                excused_hits += 1
            else:
                wrong.append({"file": f, "line": t["line"], "style": t.get("style"), "from": t.get("from"),
                              "to": t.get("to"), "call": (t.get("call") or "")[:120], "why": "no audited site"})
            continue
        ok = True
        why = []
        if check_style and not style_ok(s.get("style"), t.get("style")):
            ok, why = False, why + [f"style {t.get('style')} (audited {s.get('style')})"]
        if check_target and not target_ok(s, t.get("to")):
            ok, why = False, why + [f"target {t.get('to')!r} (audited {s.get('to_case') or s.get('to')!r})"]
        if ok:
            matched[id(s)].append(t)
        else:
            wrong.append({"file": f, "line": t["line"], "style": t.get("style"), "from": t.get("from"),
                          "to": t.get("to"), "call": (t.get("call") or "")[:120], "why": "; ".join(why)})
    found, warned, silent, edged_wrong = [], [], [], []
    wrong_sites = {(w["file"], w["line"]) for w in wrong}
    for s in sites:
        f = norm_rel(s["file"])
        if matched[id(s)]:
            found.append(s)
            continue
        near_wrong = any(wf == f and abs(wl - int(s["line"])) <= tol for wf, wl in wrong_sites)
        if near_wrong:
            edged_wrong.append(s)
            continue
        lines = (all_lines or {}).get(f, [int(s["line"])])
        def owns(p):
            d = abs(int(p["line"]) - int(s["line"]))
            return d <= tol and all(d <= abs(int(p["line"]) - l) for l in lines)
        warn = [p for p in prob_by_file.get(f, []) if owns(p)]
        (warned if warn else silent).append(dict(s, _warnings=[p.get("message", "")[:160] for p in warn]))
    return {
        "true": len(sites), "found": len(found), "wrong": len(wrong), "warned": len(warned),
        "silent": len(silent), "excused": excused_hits, "wrong_edge_at_site": len(edged_wrong),
        "details": {
            "wrong": wrong,
            "silent": [{"file": norm_rel(s["file"]), "line": s["line"], "style": s.get("style"),
                        "from": s.get("from") or s.get("on"), "to": s.get("to"), "call": s.get("call"),
                        "how": s.get("how")} for s in silent],
            "warned": [{"file": norm_rel(s["file"]), "line": s["line"], "from": s.get("from") or s.get("on"),
                        "warnings": s["_warnings"]} for s in warned],
            "wrong_edge_at_site": [{"file": norm_rel(s["file"]), "line": s["line"]} for s in edged_wrong],
        },
    }


def score_deeplinks(handlers, entries, plans, problems, tol):
    ent_by_file = index_by_file(entries)
    prob_by_file = index_by_file(problems)
    used = set()
    found = warned = silent = 0
    plan_counts, details = [], []
    for h in handlers:
        f = norm_rel(h["file"])
        cands = ent_by_file.get(f, [])
        e = nearest(cands, h["line"], max(tol, 3)) if "line" in h else (cands[0] if cands else None)
        n_plans = sum(1 for p in plans if p.get("_file") == f or "onOpenURL" in (p.get("name") or ""))
        if e is not None:
            used.add(id(e))
            found += 1
            state = "found"
        elif any(abs(int(p["line"]) - int(h.get("line", 0))) <= max(tol, 3) for p in prob_by_file.get(f, [])):
            warned += 1
            state = "warned"
        else:
            silent += 1
            state = "silent"
        plan_counts.append(n_plans)
        details.append({"file": f, "line": h.get("line"), "state": state, "plans": n_plans,
                        "audited_branches": len(h.get("branches", []))})
    wrong = [{"file": e["_file"], "line": e["line"], "name": e.get("name")} for e in entries if id(e) not in used]
    return {"true": len(handlers), "found": found, "wrong": len(wrong), "warned": warned, "silent": silent,
            "plans": sum(plan_counts), "details": {"handlers": details, "wrong": wrong}}


def sites_of(audit, *keys):
    """The audited sites under keys, leaving out entries that are notes (no file or no line)."""
    out = []
    for k in keys:
        out += [x for x in audit.get(k, []) if isinstance(x, dict) and x.get("file") and x.get("line") is not None]
    return out


def score_app(audit, app_dir, flowgraph, tol, timeout, check_targets):
    result = {"repo": audit["repo"], "commit": audit.get("commit"), "library": audit.get("library", ""),
              "kept_back": bool(audit.get("kept_back")), "app_dir": app_dir}
    if not os.path.isdir(app_dir):
        result["error"] = f"no source folder {app_dir}"
        return result
    result["files"] = swift_file_count(app_dir)
    try:
        head = subprocess.run(["git", "-C", app_dir, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        if audit.get("commit") and head and head != audit["commit"]:
            result["commit_warning"] = f"checked out {head[:12]}, audit is of {audit['commit'][:12]}"
    except OSError:
        pass
    data, note = run_tool(flowgraph, app_dir, timeout)
    if note:
        result["tool_note"] = note
    if data is None:
        result["error"] = note
        return result
    mapper = PathMapper(app_dir, app_dir)
    for key in ("edges", "entries", "plans", "problems", "screens"):
        for it in data.get(key, []) or []:
            it["_file"] = mapper(it.get("file"))
            if key == "problems":
                it["file"] = it["_file"] or ""
    problems = [p for p in data.get("problems", []) if p.get("file") and p.get("line") is not None]
    tool_edges = [e for e in data.get("edges", []) if e.get("_file") and e.get("line") is not None]
    shows = [e for e in tool_edges if e.get("style") in SHOW_STYLES]
    backs = [e for e in tool_edges if e.get("style") in BACK_STYLES]
    other = [e for e in tool_edges if e.get("style") not in SHOW_STYLES | BACK_STYLES]
    all_lines = {}
    for key in ("edges", "edges_unbuilt", "edges_unreachable", "backs", "backs_unbuilt", "backs_unreachable", "other_sites"):
        for it in sites_of(audit, key):
            all_lines.setdefault(norm_rel(it["file"]), []).append(int(it["line"]))
    result["show"] = score_kind(sites_of(audit, "edges"), sites_of(audit, "edges_unbuilt", "edges_unreachable", "other_sites"),
                                shows, problems, tol, True, check_targets, all_lines)
    result["back"] = score_kind(sites_of(audit, "backs"), sites_of(audit, "backs_unbuilt", "backs_unreachable", "other_sites"),
                                backs, problems, tol, False, False, all_lines)
    entries = [e for e in data.get("entries", []) if e.get("_file") and e.get("line") is not None]
    result["deeplink"] = score_deeplinks(sites_of(audit, "deeplinks"), entries, data.get("plans", []), problems, tol)
    result["tool"] = {"screens": len(data.get("screens", [])), "edges": len(data.get("edges", [])),
                      "entries": len(data.get("entries", [])), "plans": len(data.get("plans", [])),
                      "problems": len(data.get("problems", [])), "other_styles": len(other)}
    return result


def add(total, part):
    for k in ("true", "found", "wrong", "warned", "silent"):
        total[k] = total.get(k, 0) + part.get(k, 0)


def fmt(k):
    return f"{k['true']:>4} {k['found']:>5} {k['wrong']:>5} {k['warned']:>6} {k['silent']:>6}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("audits", nargs="*", help="audit files (default: every Tests/ScanAudits/*.json)")
    ap.add_argument("--sources", required=True, help="folder holding one checkout per app, named <owner>+<repo>")
    ap.add_argument("--kept-back", action="store_true", help="include the held-out apps (\"kept_back\": true)")
    ap.add_argument("--json", action="store_true", help="print machine-readable results")
    ap.add_argument("--details", action="store_true", help="list every wrong, warned and silent site")
    ap.add_argument("--line-tolerance", type=int, default=2, help="lines a tool edge may sit from an audited site (default 2)")
    ap.add_argument("--no-targets", action="store_true", help="do not check edge targets, only file, line and style")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per scan (default 600)")
    args = ap.parse_args()

    flowgraph = os.environ.get("FLOWGRAPH", ".build/debug/flowgraph")
    if not os.path.isabs(flowgraph) and os.sep in flowgraph and not os.path.exists(flowgraph):
        flowgraph = os.path.join(REPO_ROOT, flowgraph)
    flowgraph = os.path.abspath(flowgraph) if os.sep in flowgraph else flowgraph

    paths = args.audits or sorted(os.path.join(DEFAULT_AUDITS, f) for f in os.listdir(DEFAULT_AUDITS) if f.endswith(".json"))
    results, skipped = [], []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            audit = json.load(fh)
        if audit.get("kept_back") and not args.kept_back:
            skipped.append(audit["repo"])
            continue
        app_dir = os.path.join(args.sources, audit["repo"].replace("/", "+"))
        results.append(score_app(audit, app_dir, flowgraph, args.line_tolerance, args.timeout, not args.no_targets))

    totals = {"tuned": {}, "kept_back": {}}
    for r in results:
        if "error" in r:
            continue
        t = totals["kept_back" if r["kept_back"] else "tuned"]
        for kind in ("show", "back", "deeplink"):
            add(t.setdefault(kind, {}), r[kind])
        t["apps"] = t.get("apps", 0) + 1
        t["files"] = t.get("files", 0) + r["files"]

    if args.json:
        json.dump({"flowgraph": flowgraph, "apps": results, "totals": totals, "skipped_kept_back": skipped},
                  sys.stdout, indent=1, ensure_ascii=False)
        print()
        return

    print(f"flowgraph: {flowgraph}")
    head = "true found wrong warned silent"
    print(f"{'app':<40} {'kept':<4} {'files':>5} | show: {head} | back: {head} | deep links: {head} plans")
    for r in results:
        name = r["repo"][:40]
        if "error" in r:
            print(f"{name:<40} error: {r['error']}")
            continue
        d = r["deeplink"]
        print(f"{name:<40} {'yes' if r['kept_back'] else 'no':<4} {r['files']:>5} |       {fmt(r['show'])} |       {fmt(r['back'])} |             {fmt(d)} {d['plans']:>5}")
        print(f"{'':<40} library: {r['library'][:110]}")
        for k in ("commit_warning", "tool_note"):
            if r.get(k):
                print(f"{'':<40} note: {r[k]}")
    for group in ("tuned", "kept_back"):
        t = totals[group]
        if not t:
            continue
        label = f"TOTAL {group} ({t['apps']} apps)"
        d = t["deeplink"]
        print(f"{label:<40} {'':<4} {t['files']:>5} |       {fmt(t['show'])} |       {fmt(t['back'])} |             {fmt(d)}")
    if skipped:
        print(f"kept back (not scored; --kept-back to include): {', '.join(skipped)}")
    if args.details:
        for r in results:
            if "error" in r:
                continue
            print(f"\n== {r['repo']}")
            for kind in ("show", "back"):
                det = r[kind]["details"]
                for w in det["wrong"]:
                    print(f"  {kind} WRONG  {w['file']}:{w['line']} {w['style']} {w.get('from')} -> {w.get('to')}: {w['why']}  [{w['call']}]")
                for s in det["wrong_edge_at_site"]:
                    print(f"  {kind} MISSED (only wrong edges) {s['file']}:{s['line']}")
                for s in det["warned"]:
                    print(f"  {kind} warned {s['file']}:{s['line']} {s['from']}: {' | '.join(s['warnings'])[:200]}")
                for s in det["silent"]:
                    print(f"  {kind} SILENT {s['file']}:{s['line']} {s.get('style') or ''} {s['from']} -> {s.get('to') or s.get('call')}  ({(s.get('how') or '')[:100]})")
            for h in r["deeplink"]["details"]["handlers"]:
                print(f"  deeplink {h['state']} {h['file']}:{h['line']} plans={h['plans']} branches={h['audited_branches']}")
            for w in r["deeplink"]["details"]["wrong"]:
                print(f"  deeplink WRONG {w['file']}:{w['line']} {w['name']}")


if __name__ == "__main__":
    main()
