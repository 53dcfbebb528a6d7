extension StepAnimation {
    /// Plays the frames; reads them from the JSON block and only sets `textContent` and numbers.
    ///
    /// Before the first frame it lays every frame's text out invisibly in the text panel's grid cell (a
    /// "sizer" per frame), so the panel is as tall as its tallest frame. The current step is marked by one
    /// outline drawn around its node in the timeline, which the timeline's own box scrolls into view; the page
    /// itself never scrolls. Keyboard: space or k plays and pauses (space on a focused button presses that button),
    /// ← → (or j l) step, even from a select, Home and End.
    static let script = """
        (function () {
          "use strict";
          var svgNamespace = "http://www.w3.org/2000/svg";
          var frames = JSON.parse(document.getElementById("frames").textContent);
          var stacks = document.querySelectorAll(".stage .stack");
          var rowSelect = document.getElementById("row");
          var speed = document.getElementById("speed");
          var scrub = document.getElementById("scrub");
          var playButton = document.getElementById("play");
          var panel = document.querySelector(".now");
          var view = document.querySelector(".timeline-view");
          var row = 0, index = 0, timer = null, outline = null, current = null;

          function rowFrames() { return frames.filter(function (f) { return f.row === row; }); }
          function rowName() { return rowSelect ? " · " + rowSelect.options[row].textContent : ""; }
          function lines(frame, position, count) {
            return [
              "Frame " + (position + 1) + " of " + count +
                (rowSelect ? " · " + rowSelect.options[frame.row].textContent : ""),
              "Transition " + frame.transition,
              frame.operation,
              frame.wait,
              frame.time
            ];
          }
          function fill(element, values) {
            var paragraphs = element.querySelectorAll("p");
            values.forEach(function (value, i) { paragraphs[i].textContent = value; });
          }

          // One invisible copy of the text panel per frame, in the same grid cell: the panel takes the height of
          // the tallest and keeps it, whatever the window's width.
          var live = panel.querySelector(".lines");
          var positions = {}, counts = {};
          frames.forEach(function (frame) { counts[frame.row] = (counts[frame.row] || 0) + 1; });
          var template = live.cloneNode(true);
          template.classList.add("sizer");
          template.setAttribute("aria-hidden", "true");
          template.querySelectorAll("[id]").forEach(function (element) { element.removeAttribute("id"); });
          var sizers = document.createDocumentFragment();
          frames.forEach(function (frame) {
            var position = positions[frame.row] || 0;
            positions[frame.row] = position + 1;
            var sizer = template.cloneNode(true);
            fill(sizer, lines(frame, position, counts[frame.row]));
            sizers.appendChild(sizer);
          });
          panel.appendChild(sizers);

          // The timeline's box ends at the window's bottom (beside the frame, or under its text in a narrow window),
          // so every step it scrolls to is seen without scrolling the page.
          function fit() {
            var top = view.parentNode.getBoundingClientRect().top + window.scrollY;
            view.style.maxHeight = Math.max(240, window.innerHeight - top - 16) + "px";
          }
          fit();
          window.addEventListener("resize", function () { fit(); show(); });

          // A frame's stack is drawn 10 % over its natural size (pt → px), so its smallest text is 14.7 px.
          stacks.forEach(function (element) {
            var svg = element.querySelector("svg");
            var width = svg ? parseFloat(svg.getAttribute("width")) : 0, height = svg ? parseFloat(svg.getAttribute("height")) : 0;
            if (width > 0 && height > 0) {
              svg.style.width = (width * 4 / 3 * 1.1) + "px";
              svg.style.height = (height * 4 / 3 * 1.1) + "px";
            }
          });

          // The rule sets' headers stay in view: once the timeline scrolls past its own, a strip over its top shows
          // them, each over its column.
          var head = document.querySelector(".timeline-head");
          function placeHead() {
            if (!head) { return; }
            var section = view.parentNode.getBoundingClientRect(), shown = view.getBoundingClientRect(), past = false;
            head.querySelectorAll("span").forEach(function (span) {
              var node = document.getElementById(span.getAttribute("data-node") || "");
              var place = node && !span.hasAttribute("data-across") ? node.getBoundingClientRect() : shown;
              span.style.left = Math.max(0, place.left - section.left) + "px";
              span.style.width = Math.min(place.width, shown.width) + "px";
              if (node && node.getBoundingClientRect().bottom < shown.top + 4) { past = true; }
            });
            head.style.top = (shown.top - section.top) + "px";
            head.hidden = !past;
          }
          view.addEventListener("scroll", placeHead);
          window.addEventListener("resize", placeHead);

          function mark(node) {
            if (current) { current.classList.remove("current"); current = null; }
            if (outline) { outline.remove(); outline = null; }
            if (!node) { return; }
            current = node;
            node.classList.add("current");
            var box = node.getBBox(), pad = 5;
            outline = document.createElementNS(svgNamespace, "rect");
            outline.setAttribute("class", "current-step");
            outline.setAttribute("x", box.x - pad);
            outline.setAttribute("y", box.y - pad);
            outline.setAttribute("width", box.width + 2 * pad);
            outline.setAttribute("height", box.height + 2 * pad);
            outline.setAttribute("rx", 8);
            node.parentNode.insertBefore(outline, node.nextSibling);
            // Scroll the timeline's own box, never the page, to bring the step to the middle of the part of the box
            // in the window when it is not all there; a step taller than that part is shown from its top.
            var frameBox = view.getBoundingClientRect(), place = outline.getBoundingClientRect();
            var left = Math.max(frameBox.left, 0), right = Math.min(frameBox.right, window.innerWidth);
            var top = Math.max(frameBox.top, 0), bottom = Math.min(frameBox.bottom, window.innerHeight);
            if (place.left < left || place.right > right) {
              view.scrollLeft += place.left - left - Math.max(0, (right - left - place.width) / 2);
            }
            if (place.top < top || place.bottom > bottom) {
              view.scrollTop += place.top - top - Math.max(0, (bottom - top - place.height) / 2);
            }
          }

          function show() {
            var list = rowFrames();
            if (list.length === 0) { return; }
            index = Math.max(0, Math.min(index, list.length - 1));
            var frame = list[index];
            stacks.forEach(function (element) {
              element.hidden = Number(element.getAttribute("data-stack")) !== frame.stack;
            });
            mark(frame.node ? document.getElementById(frame.node) : null);
            if (scrub) {
              scrub.max = String(list.length - 1);
              scrub.value = String(index);
            }
            fill(live, lines(frame, index, list.length));
            placeHead();
          }

          function stop() {
            if (timer !== null) { clearTimeout(timer); timer = null; }
            if (playButton) { playButton.textContent = "▶ play"; }
          }
          function schedule() {
            var list = rowFrames();
            if (index >= list.length - 1) { stop(); return; }
            var wait = Number(speed.value);
            if (wait === 0) { wait = list[index + 1].delayed ? 650 : 250; }
            timer = setTimeout(function () { index += 1; show(); schedule(); }, wait);
          }
          function play() {
            if (timer !== null) { stop(); return; }
            if (index >= rowFrames().length - 1) { index = 0; show(); }
            playButton.textContent = "⏸ pause";
            schedule();
          }
          function go(newIndex) { stop(); index = newIndex; show(); }

          if (playButton) {
            document.getElementById("first").addEventListener("click", function () { go(0); });
            document.getElementById("prev").addEventListener("click", function () { go(index - 1); });
            document.getElementById("next").addEventListener("click", function () { go(index + 1); });
            document.getElementById("last").addEventListener("click", function () { go(rowFrames().length - 1); });
            playButton.addEventListener("click", play);
            scrub.addEventListener("input", function () { go(Number(scrub.value)); });
            if (rowSelect) {
              rowSelect.addEventListener("change", function () { row = Number(rowSelect.value); go(0); rowSelect.blur(); });
            }
            // A choice made, the keys step the player again.
            speed.addEventListener("change", function () { speed.blur(); });
            document.addEventListener("keydown", function (event) {
              var target = event.target, name = target && target.tagName;
              // A focused button is pressed by space and Enter as any button is; a focused select keeps its own keys
              // but ← and →, which step; the slider moves itself (and steps through its input event).
              if (name === "BUTTON" && (event.key === " " || event.key === "Enter")) { return; }
              if (name === "INPUT" || name === "TEXTAREA") { return; }
              if (name === "SELECT" && event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
              switch (event.key) {
                case " ": case "k": play(); break;
                case "ArrowLeft": case "j": go(index - 1); break;
                case "ArrowRight": case "l": go(index + 1); break;
                case "Home": go(0); break;
                case "End": go(rowFrames().length - 1); break;
                default: return;
              }
              event.preventDefault();
            });
          }
          // #N opens at frame N; #play starts playing.
          var hash = window.location.hash.slice(1);
          if (/^[0-9]+$/.test(hash)) { index = Number(hash) - 1; }
          show();
          if (hash === "play" && playButton) { play(); }
          document.documentElement.setAttribute("data-ready", "true");
        })();
        """
}
