#!/usr/bin/env bash
# Shows every SVG the way a reader sees it — in headless Chromium, at most WIDTH px wide (880: a README or pull
# request; 0: at its natural size, which isolates font metrics from scaling) — and checks its text: for each file, the smallest rendered body text (14 pt screen names) and the
# smallest text of all, in px, and every <text> that runs out of its box (a node or table cell: the smallest
# shape of its group that holds the text's anchor) or, for text without a box, into another text, by more than
# 1 px (Graphviz rounds HTML table cells to whole points, so a browser's hinted glyphs may touch the edge).
#
# Browsers draw the SVG with their own fonts, not the ones Graphviz measured with: run it once per font setup a
# reader may have. FONTS picks what Chromium may use (fontconfig sees only those files):
#   liberation   Liberation Sans (Arial/Helvetica metrics: what most GitHub readers get) with symbol, CJK and
#                emoji fallbacks, no DejaVu (default)
#   dejavu       DejaVu Sans only: the font FlowGraph lays text out with (Linux readers)
#   system       whatever this machine has
#
#   Scripts/check-text-fit.sh [--fonts liberation|dejavu|system] [--width PX] [--min-body-px N]
#                             [--min-text-px N] [--min-screen-px N] [FILE.svg…]
#
# --min-body-px holds every drawing's screen names to N px; --min-text-px and --min-screen-px hold every
# drawing's smallest text of all and its smallest screen name (timelines, stacks and maps alike), as shown.
#
# Default files: Output/*.svg. Exits 1 if any text overflows (or, with --min-body-px, body text is smaller).
# Needs Chromium (Debian's `chromium`, installed when missing) and python3. Run by `make check-fit`.
set -euo pipefail
cd "$(dirname "$0")/.."
fonts=liberation width=880 min_body=0 min_text=0 min_screen=0 files=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --fonts) fonts="$2"; shift 2 ;;
    --width) width="$2"; shift 2 ;;
    --min-body-px) min_body="$2"; shift 2 ;;
    --min-text-px) min_text="$2"; shift 2 ;;
    --min-screen-px) min_screen="$2"; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) files+=("$1"); shift ;;
    esac
done
if [[ ${#files[@]} -eq 0 ]]; then files=(Output/*.svg); fi
work=.build/text-fit/$fonts
mkdir -p "$work"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[[ -d /usr/share/fonts/truetype/liberation2 ]] || need+=(fonts-liberation2)
[[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || need+=(fonts-dejavu-core)
if [[ ${#need[@]} -gt 0 ]]; then
    echo "Installing ${need[*]}…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Each setup is a folder of links to the font files a reader has, and a fontconfig file that reads only that
# folder and maps Arial, Helvetica and sans-serif to the setup's main family (as fontconfig's own metric aliases
# do). Symbols, other scripts and emoji come from fallback fonts on every reader's machine — without them the
# browser would draw empty boxes of its own width — so the Liberation setup has FlowGraph's own fallbacks.
noto=/usr/share/fonts/truetype/noto
fallback_files=("$noto"/NotoSans{Devanagari,Bengali,Thai,Symbols,Symbols2,Math}-Regular.ttf "$noto/NotoColorEmoji.ttf"
    /usr/share/fonts/truetype/wqy/wqy-microhei.ttc)
case "$fonts" in
liberation) family="Liberation Sans" font_files=(/usr/share/fonts/truetype/liberation2/LiberationSans-*.ttf "${fallback_files[@]}") ;;
dejavu) family="DejaVu Sans" font_files=(/usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold,-Oblique,-BoldOblique}.ttf) ;;
system) family="" font_files=() ;;
*) echo "unknown --fonts $fonts (liberation, dejavu or system)" >&2; exit 2 ;;
esac
env_fonts=()
if [[ -n "$family" ]]; then
    folder="$(realpath "$work")/fonts"
    rm -rf "$folder" && mkdir -p "$folder"
    for f in "${font_files[@]}"; do [[ -f "$f" ]] && ln -s "$f" "$folder/"; done
    {
        echo '<?xml version="1.0"?><fontconfig>'
        echo "<dir>$folder</dir><cachedir>$(realpath "$work")/fc-cache</cachedir>"
        # Slight hinting, as Debian's and Ubuntu's own fontconfig (10-hinting-slight.conf) and macOS render.
        echo '<match target="pattern"><edit name="hintstyle" mode="assign"><const>hintslight</const></edit></match>'
        for alias in Arial Helvetica sans-serif; do
            echo "<alias binding=\"same\"><family>$alias</family><prefer><family>$family</family></prefer></alias>"
        done
        echo '</fontconfig>'
    } >"$work/fonts.conf"
    env_fonts=(FONTCONFIG_FILE="$(realpath "$work/fonts.conf")")
fi

python3 - "$work/page.html" "$width" "${files[@]}" <<'PY'
import json, sys
page, width, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
svgs = []
for f in files:
    text = open(f, encoding="utf-8").read()
    start = text.find("<svg")
    svgs.append((f, text[start:] if start >= 0 else ""))
template = r"""<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0} .d{width:__WIDTH__px}
.d svg{display:block}</style></head><body><pre id="results">pending</pre><div id="all"></div><script>
const svgs = __SVGS__;
const WIDTH = __WIDTH__;
const lines = [];
for (const [name, markup] of svgs) {
  const box = document.createElement("div"); box.className = "d"; box.innerHTML = markup;
  document.getElementById("all").appendChild(box);
  const svg = box.querySelector("svg");
  if (!svg) { lines.push(JSON.stringify({name, error: "no <svg>"})); continue; }
  // As a README shows an image: its natural size (pt → px), shrunk to the column when wider.
  const vb = svg.viewBox.baseVal;
  const natural = parseFloat(svg.getAttribute("width")) * 4 / 3;
  const shown = WIDTH > 0 ? Math.min(natural, WIDTH) : natural;
  svg.setAttribute("width", shown + "px");
  svg.setAttribute("height", (shown * vb.height / vb.width) + "px");
  const texts = [...svg.querySelectorAll("text")].filter(t => t.textContent.trim() !== "");
  let smallestBody = Infinity, smallest = Infinity;
  const scale = shown / vb.width;
  // Each text's inked extent on screen: leading and trailing spaces (Graphviz starts a span after a styled
  // one with its space) take room but draw nothing, so they may touch a neighbour.
  const rects = texts.map(t => {
    const r = t.getBoundingClientRect();
    const content = t.textContent, n = t.getNumberOfChars();
    const first = content.search(/\S/), last = n - 1 - [...content].reverse().join("").search(/\S/);
    if (n === 0 || first < 0 || (first === 0 && last === n - 1) || n !== content.length) return r;
    const m = t.getScreenCTM(), a = t.getExtentOfChar(first), b = t.getExtentOfChar(last);
    const left = m.a * a.x + m.e, right = m.a * (b.x + b.width) + m.e;
    return {left, right, top: r.top, bottom: r.bottom, width: right - left, height: r.height};
  });
  const overflows = [];
  const timeline = svg.querySelector("g.timeline-diagram") !== null;
  texts.forEach((t, i) => {
    const size = parseFloat(t.getAttribute("font-size") || "14") * scale;
    smallest = Math.min(smallest, size);
    // Screen names: 14 pt in stack drawings and maps; in timelines (drawn 1:1 at the width) 12 pt, the
    // timeline's node font, and nothing else there is that large but headings that also name screens.
    const points = parseFloat(t.getAttribute("font-size") || "14");
    if (timeline ? (points >= 12 && points < 13) : (points >= 14 && points < 15)) smallestBody = Math.min(smallestBody, size);
    const r = rects[i];
    // The text's box: the smallest shape of its group whose box holds the text's anchor point.
    const group = t.closest("g");
    const ax = r.left + (t.getAttribute("text-anchor") === "middle" ? r.width / 2 : t.getAttribute("text-anchor") === "end" ? r.width : 0);
    const ay = r.top + r.height / 2;
    let best = null;
    if (group && !group.classList.contains("edge") && !group.classList.contains("graph")) {
      for (const shape of group.querySelectorAll("polygon, path, ellipse, rect, polyline")) {
        if (shape.getAttribute("fill") === "none" && shape.tagName === "path" && !shape.closest("g.node, g.cluster")) continue;
        const b = shape.getBoundingClientRect();
        if (b.width < 1 || b.height < 1) continue;
        if (ax >= b.left - 0.5 && ax <= b.right + 0.5 && ay >= b.top - 0.5 && ay <= b.bottom + 0.5) {
          if (!best || b.width * b.height < best.width * best.height) best = b;
        }
      }
    }
    if (best) {
      const out = Math.max(best.left - r.left, r.right - best.right);
      if (out > 1) overflows.push(`"${t.textContent}" runs ${out.toFixed(1)} px out of its box`);
    } else {
      for (let j = 0; j < texts.length; j++) {
        if (j === i) continue;
        const o = rects[j];
        const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
        const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
        if (w > 1 && h > r.height * 0.3) { overflows.push(`"${t.textContent}" runs into "${texts[j].textContent}"`); break; }
      }
    }
  });
  lines.push(JSON.stringify({name, natural: Math.round(natural), shown: Math.round(shown), timeline,
    smallestBody: isFinite(smallestBody) ? smallestBody : null, smallest: isFinite(smallest) ? smallest : null,
    texts: texts.length, overflows}));
  box.remove();
}
document.getElementById("results").textContent = lines.join("\n") + "\nDONE";
</script></body></html>"""
html = template.replace("__SVGS__", json.dumps(svgs)).replace("__WIDTH__", str(width))
open(page, "w", encoding="utf-8").write(html)
PY

flags=(--headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=120000)
env "${env_fonts[@]}" chromium "${flags[@]}" --dump-dom "file://$(realpath "$work/page.html")" \
    >"$work/dom.html" 2>/dev/null
python3 - "$fonts" "$width" "$min_body" "$work/dom.html" "$min_text" "$min_screen" <<'PY'
import html, json, re, sys
fonts, width, min_body, min_text, min_screen = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[5]), float(sys.argv[6])
m = re.search(r'<pre id="results">(.*?)</pre>', open(sys.argv[4], encoding="utf-8").read(), re.S)
if not m or "DONE" not in m.group(1):
    print("no results: the page did not run"); sys.exit(1)
rows = [json.loads(l) for l in html.unescape(m.group(1)).splitlines() if l.startswith("{")]
print(f"fonts: {fonts} · " + (f"shown at most {width} px wide" if width > 0 else "shown at natural size"))
print(f"{'file':48} {'width px':>9} {'screen px':>9} {'min px':>7} {'texts':>6}  overflow")
bad = 0
for r in rows:
    if "error" in r:
        print(f"{r['name']:48} {r['error']}"); bad += 1; continue
    body = "-" if r["smallestBody"] is None else f"{r['smallestBody']:.1f}"
    low = "-" if r["smallest"] is None else f"{r['smallest']:.1f}"
    small = min_body > 0 and r["smallestBody"] is not None and r["smallestBody"] < min_body
    # Every drawing is held to it, as shown: its smallest text of all and its smallest screen name.
    tiny = min_text > 0 and r["smallest"] is not None and r["smallest"] < min_text
    screen = min_screen > 0 and r["smallestBody"] is not None and r["smallestBody"] < min_screen
    over = r["overflows"]
    bad += bool(over) + bool(small or tiny or screen)
    note = "none" if not over else f"{len(over)}: {over[0]}" + (f" (+{len(over) - 1} more)" if len(over) > 1 else "")
    if small: note += f"; body text under {min_body:g} px"
    if tiny: note += f"; text under {min_text:g} px"
    if screen: note += f"; screen names under {min_screen:g} px"
    print(f"{r['name'][-48:]:48} {r['natural']:>5}→{r['shown']:<4} {body:>8} {low:>7} {r['texts']:>6}  {note}")
print(f"{len(rows)} files, {bad} with problems")
sys.exit(1 if bad else 0)
PY
