#!/usr/bin/env bash
# Checks FlowGraph's Mermaid output with real Mermaid: parses and renders every .mmd file given (default:
# Output/text/*.mmd) in headless Chromium, prints OK or the error for each, and saves a screenshot of the
# rendered diagrams. Not part of `make test`: it needs Chromium (Debian package `chromium`) and Mermaid's
# JavaScript, taken from the PyPI wheel `artoo-mermaid` (which vendors mermaid.min.js) unless MERMAID_JS
# points at a mermaid.min.js already.
#
#   Scripts/check-mermaid.sh [FILE.mmd…]      screenshot: .build/mermaid-check/diagrams.png
set -euo pipefail
cd "$(dirname "$0")/.."
work=.build/mermaid-check
mkdir -p "$work"

if ! command -v chromium >/dev/null 2>&1; then
    echo "Installing chromium (headless browser)…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
js="${MERMAID_JS:-}"
if [[ -z "$js" ]]; then
    js="$work/mermaid.min.js"
    if [[ ! -s "$js" ]]; then
        echo "Fetching mermaid.min.js from the artoo-mermaid wheel…" >&2
        rm -rf "$work/wheel" && mkdir -p "$work/wheel"
        pip download --quiet --no-deps --python-version 3.12 --only-binary=:all: -d "$work/wheel" artoo-mermaid
        python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
open(sys.argv[2], "wb").write(z.read(next(n for n in z.namelist() if n.endswith("mermaid.min.js"))))' \
            "$work"/wheel/*.whl "$js"
    fi
fi

echo "mermaid $(grep -o 'version:"[0-9][0-9.]*"' "$js" | head -1 | cut -d'"' -f2) ($js)"
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then files=(Output/text/*.mmd); fi

# The page: each diagram's source as a JSON string; mermaid.parse then mermaid.render, results in <pre id=results>.
python3 - "$work/page.html" "$(realpath "$js")" "${files[@]}" <<'PY'
import json, sys
page, js, files = sys.argv[1], sys.argv[2], sys.argv[3:]
sources = [(f, open(f, encoding="utf-8").read()) for f in files]
html = f"""<!doctype html><html><head><meta charset="utf-8"><script src="file://{js}"></script>
<style>body{{font-family:sans-serif;background:#fff}} .d{{border:1px solid #ccc;margin:8px;padding:4px}}</style></head>
<body><pre id="results">pending</pre><div id="diagrams"></div><script>
const sources = {json.dumps(sources)};
mermaid.initialize({{startOnLoad: false, securityLevel: "strict", maxTextSize: 200000}});
(async () => {{
  const lines = [];
  for (const [i, [name, text]] of sources.entries()) {{
    try {{
      await mermaid.parse(text);
      const {{svg}} = await mermaid.render("d" + i, text);
      const box = document.createElement("div"); box.className = "d";
      box.innerHTML = "<b>" + name + "</b><br>" + svg; document.getElementById("diagrams").appendChild(box);
      const scripts = box.querySelectorAll("script, img, foreignObject script").length;
      lines.push((scripts ? "UNSAFE " : "OK ") + name + (scripts ? " (" + scripts + " script/img elements)" : ""));
    }} catch (e) {{
      lines.push("ERROR " + name + ": " + String(e && e.message || e).split("\\n").slice(0, 4).join(" | "));
    }}
  }}
  document.getElementById("results").textContent = lines.join("\\n") + "\\nDONE";
}})();
</script></body></html>"""
open(page, "w", encoding="utf-8").write(html)
PY

flags=(--headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=30000)
dom=$(chromium "${flags[@]}" --dump-dom "file://$(realpath "$work/page.html")" 2>/dev/null)
results=$(python3 -c 'import html, re, sys
m = re.search(r"<pre id=\"results\">(.*?)</pre>", sys.stdin.read(), re.S)
print(html.unescape(m.group(1)) if m else "no results: the page did not run")' <<<"$dom")
echo "$results"
chromium "${flags[@]}" --window-size=1600,4000 --screenshot="$work/diagrams.png" \
    "file://$(realpath "$work/page.html")" >/dev/null 2>&1 || true
echo "screenshot: $work/diagrams.png"
grep -q "^DONE$" <<<"$results" && ! grep -qE "^(ERROR|UNSAFE)" <<<"$results"
