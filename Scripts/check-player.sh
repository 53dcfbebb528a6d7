#!/usr/bin/env bash
# Plays FlowGraph's HTML player in headless Chromium the way a reader does — keyboard only — and checks that it
# holds still: for every frame of every rule set it prints the timeline's top and the frame area's height (both
# in px from the top of the page), how far the page is scrolled, how many outlines mark the current step and
# whether that step is in view (inside the timeline's box and the window; `top` for a step taller than that, shown
# from its top), then the counter and the header's frame count. Then it drives the keys on what has the focus:
# space on a focused button is left to the button; ← → step after the speed or rules select changed, and from
# the select itself; no frame repeats the one before; no frame is named only "change" (a deep link's say its URL
# and rule); one counter ("Frame 3 of 6"); scrolled to its end, the timeline keeps a header of each rule set in
# view, over its column; and in a window 900 × 800 px the frame's stack sits beside its text on the first screen,
# drawn in the timeline's style, no text under 14 px.
#
#   Scripts/check-player.sh [--width PX] [--height PX] [--keep DIR] [PLAN.json | PAGE.html]…
#
# Plans are rendered with $FLOWGRAPH (default .build/debug/flowgraph; build it first) into a scratch folder; pages are played as
# they are. Default plans: deeplink-two-sheets, nested-flowstacks-uitest, sheet-over-cover (a stack only:
# no controls, nothing plays), numbers-deeplink-from-state (a deep link), unicode-screen-names (two rule sets
# whose headers scroll away), long-deep-link (a deep link whose step 0 updates screens),
# deeplink-into-profile-child (a deep link inside a child FlowStack on screen) and rule-sets-part-late (moments
# both rule sets share, drawn once). Frames must be in step with their words: each rule set opens with the
# stack before, then one frame per moment in the timeline's order. The window is 1280 × 900 px unless told.
# Exits 1 if, in any page, the timeline's top or the frame area's height changes between frames, the page
# scrolls, the current step is not marked by exactly one outline or is out of view, the header's frame count
# differs from the counter's, a page where nothing plays shows controls, or a key check fails. Needs Chromium
# (Debian's `chromium`) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
width=1280 height=900 keep="" inputs=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --width) width="$2"; shift 2 ;;
    --height) height="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h | --help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) inputs+=("$1"); shift ;;
    esac
done
if [[ ${#inputs[@]} -eq 0 ]]; then
    inputs=(Samples/deeplink-two-sheets.json Samples/nested-flowstacks-uitest.json Samples/sheet-over-cover.json
        Samples/numbers-deeplink-from-state.json Samples/unicode-screen-names.json Samples/long-deep-link.json
        Samples/deeplink-into-profile-child.json Samples/rule-sets-part-late.json)
fi
command -v chromium >/dev/null 2>&1 || { echo "needs chromium (apt-get install chromium)" >&2; exit 1; }
binary=${FLOWGRAPH:-.build/debug/flowgraph}
work=${keep:-.build/check-player}
mkdir -p "$work"
work=$(realpath "$work")

pages=()
for input in "${inputs[@]}"; do
    case "$input" in
    *.html) pages+=("$(realpath "$input")") ;;
    *)
        [[ -x "$binary" ]] || { echo "build first: swift build --product flowgraph ($binary)" >&2; exit 1; }
        name=$(basename "$input" .json)
        "$binary" render "$input" -T html -o "$work/$name.html" >/dev/null
        pages+=("$work/$name.html")
        ;;
    esac
done

status=0
for page in "${pages[@]}"; do
    # The harness loads the page in a same-origin frame of the window's size and plays it through key presses.
    harness="$work/harness-$(basename "$page")"
    cp "$page" "$work/page-$(basename "$page")"
    cat >"$harness" <<HTML
<!DOCTYPE html><html><body style="margin:0">
<iframe id="player" src="page-$(basename "$page")" style="width:${width}px;height:${height}px;border:0"></iframe>
<pre id="report"></pre>
<script>
document.getElementById("player").addEventListener("load", function () {
  var w = this.contentWindow, d = this.contentDocument, lines = [];
  function key(name) { d.dispatchEvent(new w.KeyboardEvent("keydown", { key: name, bubbles: true })); }
  function top(element) { return element ? Math.round(element.getBoundingClientRect().top + w.scrollY) : -1; }
  var frames = JSON.parse(d.getElementById("frames").textContent);
  var rows = Math.max.apply(null, frames.map(function (f) { return f.row; })) + 1;
  var controls = d.querySelector(".controls") !== null;
  var area = d.querySelector("main");
  var timeline = d.querySelector(".timeline");
  var view = d.querySelector(".timeline-view") || timeline;
  var header = (d.querySelector(".sub") || {}).textContent || "";
  lines.push("page " + location.pathname.split("/").pop().replace("harness-", "") + " · " + frames.length +
    " frames in " + rows + " rule set(s) · controls " + (controls ? "yes" : "no") + " · header: " + header);
  lines.push("row\tframe\ttimelineTop\tframeHeight\tscrollY\toutlines\tinView\tcounter");
  for (var row = 0; row < rows; row += 1) {
    var select = d.getElementById("row");
    if (select) { select.value = String(row); select.dispatchEvent(new w.Event("change")); }
    key("Home");
    var count = frames.filter(function (f) { return f.row === row; }).length;
    for (var index = 0; index < count; index += 1) {
      var current = d.querySelectorAll(".timeline g.node.current");
      var outlines = d.querySelectorAll(".timeline .current-step").length;
      var inView = "-";
      if (current.length === 1 && view) {
        // In view: inside the timeline's box and inside the window, without scrolling the page ("top": a step
        // taller than that shows its top).
        var box = view.getBoundingClientRect(), place = current[0].getBoundingClientRect();
        var left = Math.max(box.left, 0), right = Math.min(box.right, w.innerWidth);
        var upper = Math.max(box.top, 0), lower = Math.min(box.bottom, w.innerHeight);
        var across = place.left >= left - 1 && place.right <= right + 1;
        inView = lower - upper < 40 ? "no" : across && place.top >= upper - 1 && place.bottom <= lower + 1 ? "yes" :
          across && place.height > lower - upper && Math.abs(place.top - upper) <= 8 ? "top" : "no";
      }
      var counter = (d.getElementById("position") || {}).textContent || "";
      lines.push([row, index + 1, top(timeline), area ? Math.round(area.getBoundingClientRect().height) : -1,
        Math.round(w.scrollY), timeline ? outlines : "-", timeline ? inView : "-", counter].join("\t"));
      key("ArrowRight");
    }
  }
  // The keys a reader presses, on what has the focus (each line: check, name, yes or no, what was seen).
  function counterText() { return (d.getElementById("position") || {}).textContent || ""; }
  function press(target, name) {
    var event = new w.KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  }
  var checks = [];
  var playButton = d.getElementById("play");
  try {
  if (playButton) {
    // Space on a focused button is left to the button (the browser presses it): the player does not take it.
    var next = d.getElementById("next");
    key("Home"); next.focus();
    var spaced = press(next, " ");
    checks.push(["check", "space-on-button", !spaced.defaultPrevented && playButton.textContent.indexOf("play") >= 0
      ? "yes" : "no", playButton.textContent]);
    next.blur();
    // After a select changed, ← and → step again, and from the select itself.
    ["speed", "row"].forEach(function (id) {
      var select = d.getElementById(id);
      if (!select) { return; }
      select.focus();
      select.value = select.options[select.options.length - 1].value;
      select.dispatchEvent(new w.Event("change", { bubbles: true }));
      var frameBefore = counterText();
      press(d.activeElement || d.body, "ArrowRight");
      var moved = counterText() !== frameBefore;
      select.focus();
      var fromSelect = counterText();
      press(select, "ArrowRight");
      var movedFromSelect = counterText() !== fromSelect;
      checks.push(["check", "arrows-after-" + id, moved && movedFromSelect ? "yes" : "no", fromSelect + " → " + counterText()]);
      select.blur();
      if (id === "row") { select.value = "0"; select.dispatchEvent(new w.Event("change", { bubbles: true })); }
    });
    // No frame repeats the one before it (same stack, same step marked, or "no change").
    var repeats = frames.filter(function (f, i) {
      var p = frames[i - 1];
      return f.operation === "no change" || (i > 0 && p.row === f.row && p.stack === f.stack && p.node === f.node);
    }).length;
    checks.push(["check", "no-repeated-frame", repeats === 0 ? "yes" : "no", repeats + " repeat(s)"]);
    // Frames in step with their words: each rule set opens with the stack before the change (the timeline's
    // before box), and every later frame marks a moment's node, in the timeline's order, saying what it does in
    // the moment's words (never the library's route notation, which a frame falls back to when out of step).
    var order = frames.every(function (f, i) {
      var opens = i === 0 || frames[i - 1].row !== f.row;
      if (opens) { return f.operation === "before the change" && /_before$/.test(f.node || ""); }
      var previous = frames[i - 1];
      var place = function (frame) { var m = /_t([0-9]+)-step-([0-9]+)$/.exec(frame.node || ""); return m ? [+m[1], +m[2]] : [-1, -1]; };
      var a = place(previous), b = place(f);
      return b[0] >= 0 && (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1])) && !/\.(push|sheet|cover)\(/.test(f.operation);
    });
    checks.push(["check", "frames-in-step", order ? "yes" : "no",
      frames.map(function (f) { return (f.node || "").replace(/^timeline_/, "") + " " + f.operation; }).join(" | ")]);
    // A deep link's frames name it; no frame is only "change".
    var plain = frames.filter(function (f) { return / change$/.test(f.transition); }).length;
    checks.push(["check", "frames-named", plain === 0 ? "yes" : "no", frames[frames.length - 1].transition]);
    // One counter: "Frame 3 of 6", with the rule set when several are compared.
    key("Home");
    checks.push(["check", "one-counter", /^Frame [0-9]+ of [0-9]+( · .+)?$/.test(counterText()) &&
      counterText().indexOf("step") < 0 ? "yes" : "no", counterText()]);
  }
  // The rule sets' headers stay in view when the timeline scrolls: scrolled to its end, a header of each rule set
  // is inside the timeline's box, over its column (the SVG's own header node, when rule sets are compared); a
  // timeline that fits its box keeps its own headers in view.
  function headerCheck(size) {
    var names = d.getElementById("row") ? [].map.call(d.getElementById("row").options, function (o) { return o.textContent; }) : [];
    view.scrollTop = view.scrollHeight;
    view.dispatchEvent(new w.Event("scroll"));
    var strip = d.querySelector(".timeline-head"), viewBox = view.getBoundingClientRect(), seen = [];
    // The timeline's own headers: its rule sets' column headers, or (one rule set) the stack before.
    var own = [].slice.call(d.querySelectorAll(".timeline g.node.column"));
    if (own.length === 0 && d.getElementById("timeline_before")) { own = [d.getElementById("timeline_before")]; }
    var held = own.length > 0 && own.every(function (n) {
      var r = n.getBoundingClientRect(); return r.top >= viewBox.top - 1 && r.bottom <= viewBox.bottom + 1;
    });
    if (held) {
      seen.push("its own headers in view (scrolled " + Math.round(view.scrollTop) + " px)");
    } else {
      held = strip !== null && !strip.hidden;
      if (held) {
        [].forEach.call(strip.querySelectorAll("span"), function (span, i) {
          var r = span.getBoundingClientRect(), ok = r.height > 0 && r.top >= viewBox.top - 1 && r.bottom <= viewBox.bottom + 1;
          var column = d.getElementById("timeline_column-" + i);
          if (column) {
            var c = column.getBoundingClientRect(), middle = (r.left + r.right) / 2;
            ok = ok && middle >= c.left && middle <= c.right;
          }
          if (names.length > i) { ok = ok && span.textContent.indexOf(names[i]) === 0; }
          held = held && ok;
          seen.push(span.textContent + (ok ? "" : " (out of place)"));
        });
        held = held && seen.length === Math.max(1, names.length);
      } else {
        seen.push(strip ? "strip hidden" : "no header strip");
      }
    }
    checks.push(["check", "header-in-view-" + size, held ? "yes" : "no", seen.join(" | ")]);
    view.scrollTop = 0;
    view.dispatchEvent(new w.Event("scroll"));
  }
  // The timeline is read where it is: its smallest text at least 11 px as the page scales it, and (in a window
  // 880 × 900) its top on the first screen, however tall the frame's stack above it.
  function timelineCheck(size) {
    var svg = d.querySelector(".timeline-view svg");
    if (!svg) { return; }
    var box = svg.getBoundingClientRect(), viewBox = svg.viewBox && svg.viewBox.baseVal;
    var scale = viewBox && viewBox.width > 0 ? box.width / viewBox.width : 1;
    var smallest = Infinity;
    [].forEach.call(svg.querySelectorAll("text"), function (text) {
      if (text.textContent.trim() === "") { return; }
      smallest = Math.min(smallest, parseFloat(text.getAttribute("font-size") || w.getComputedStyle(text).fontSize) * scale);
    });
    var top = (d.querySelector(".timeline") || svg).getBoundingClientRect().top;
    var onFirstScreen = top + 120 <= w.innerHeight;
    checks.push(["check", "timeline-readable-" + size, smallest >= 11 && onFirstScreen ? "yes" : "no",
      "smallest text " + (isFinite(smallest) ? smallest.toFixed(1) : "-") + " px, timeline top " + Math.round(top) +
      " px of " + w.innerHeight]);
  }
  if (timeline) { headerCheck("${width}"); timelineCheck("${width}"); }
  if (timeline && playButton) {
    document.getElementById("player").style.width = "880px";
    document.getElementById("player").style.height = "900px";
    key("Home");
    timelineCheck("880x900");
    // In a window under 1,000 px wide (900 × 800), the frame's stack sits beside its text, on the first screen,
    // drawn in the timeline's own style with no text under 14 px.
    document.getElementById("player").style.width = "900px";
    document.getElementById("player").style.height = "800px";
    key("Home");
    var panelBox = d.querySelector(".now").getBoundingClientRect();
    var stack = d.querySelector(".stage .stack:not([hidden]) .frame-stack");
    var s = stack ? stack.getBoundingClientRect() : null;
    var beside = s !== null && s.left >= panelBox.right - 1 && s.top < panelBox.bottom && s.top >= panelBox.top - 40 &&
      s.bottom <= w.innerHeight && s.right <= w.innerWidth + 1;
    // The timeline's own style: its stacks' rounded table of layers (HTML, so the page lays out only the timeline).
    var styled = stack !== null && stack.querySelector(".stack-now table") !== null;
    var smallest = Infinity;
    if (stack) {
      var walker = d.createTreeWalker(stack, 4);
      for (var node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent.trim() !== "") {
          smallest = Math.min(smallest, parseFloat(w.getComputedStyle(node.parentNode).fontSize));
        }
      }
    }
    checks.push(["check", "stack-beside-text-at-900", beside && styled && smallest >= 14 ? "yes" : "no",
      (s ? "stack at " + Math.round(s.left) + "," + Math.round(s.top) + "–" + Math.round(s.bottom) + ", text at " +
        Math.round(panelBox.left) + "–" + Math.round(panelBox.right) + "," + Math.round(panelBox.top) + "–" + Math.round(panelBox.bottom) : "no stack") +
      ", smallest text " + (isFinite(smallest) ? smallest.toFixed(1) : "-") + " px, " + (styled ? "timeline style" : "not the timeline's style")]);
    headerCheck("900");
    document.getElementById("player").style.width = "${width}px";
    document.getElementById("player").style.height = "${height}px";
  }
  } catch (error) { checks.push(["check", "harness", "no", String(error)]); }
  checks.forEach(function (c) { lines.push(c.join("\t")); });
  document.getElementById("report").textContent = lines.join("\n");
  document.body.setAttribute("data-done", "true");
});
</script></body></html>
HTML
    out=$(chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
        --window-size="$((width + 20)),$((height + 400))" --virtual-time-budget=20000 --dump-dom \
        "file://$harness" 2>/dev/null)
    report=$(python3 -c '
import html, re, sys
match = re.search(r"<pre id=\"report\">(.*?)</pre>", sys.stdin.read(), re.S)
print(html.unescape(match.group(1)) if match else "no report: the page did not load")' <<<"$out")
    echo "$report"
    python3 - "$report" <<'PY' || status=1
import re, sys
lines = sys.argv[1].splitlines()
problems = []
if not lines or not lines[0].startswith("page "):
    print("  ✗ no report"); sys.exit(1)
head = lines[0]
rows = [line.split("\t") for line in lines[2:] if not line.startswith("check\t")]
for check in (line.split("\t") for line in lines[2:] if line.startswith("check\t")):
    if check[2] != "yes":
        problems.append(f"{check[1]} fails: {check[3]}")
playable = any(int(r[1]) > 1 for r in rows)
if not playable and "controls yes" in head:
    problems.append("controls on a page where nothing plays")
if playable and "controls no" in head:
    problems.append("no controls on a page that plays")
for column, name in ((2, "timeline top"), (3, "frame area height"), (4, "page scroll")):
    values = sorted({r[column] for r in rows})
    if len(values) > 1:
        problems.append(f"{name} changes between frames: {', '.join(values)}")
if any(r[5] not in ("1", "-") for r in rows):
    problems.append("the current step is not marked by exactly one outline in every frame")
if any(r[6] == "no" for r in rows):
    problems.append("the current step is out of view (outside the timeline box or the window) in some frame")
header = head.split("header: ", 1)[1]
for row in set(r[0] for r in rows):
    frames = [r for r in rows if r[0] == row]
    counts = {m.group(1) for r in frames for m in [re.search(r"of (\d+)", r[7])] if m}
    if playable and counts != {str(len(frames))}:
        problems.append(f"rule set {row}: the counter says of {counts}, {len(frames)} frames play")
    if playable and f"{len(frames)} frame" not in header:
        problems.append(f"rule set {row}: the header does not say {len(frames)} frames")
for problem in problems:
    print("  ✗ " + problem)
print("  ✓ holds still" if not problems else "")
sys.exit(1 if problems else 0)
PY
done
exit $status
