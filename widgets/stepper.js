// GraphStepper's front end: shows one SVG and plays the steps Python computed. It only toggles classes and
// sets text (never markup); it knows nothing about autograd. Why keys and clicks stay in it: stepper.py.
const TIP = ["value", "grad"]; // what a tooltip shows of an info record that has them; the panel shows all
// node text is 11 units of the SVG: at scale 1 it is 11px, the least a laptop reads; a projector gets 12px at least,
// and large type ("Aa") a third more. A graph bigger than that scrolls (drag it, or let the steps scroll it)
const LEAST = { cell: 1, present: 12 / 11, large: 4 / 3 };

// the steps come packed (widgets/packing.py): unpacked once into changes [id, key, value], as steps.py writes them
function unpack(strings, packed) {
  const text = (v) => (typeof v === "number" ? strings[v] : v);
  return packed.map((p) => {
    const c = [];
    let at = null;
    for (let k = 0; k < p.c.length; k++) {
      const x = p.c[k];
      if (typeof x === "number") c.push([at, x, text(p.c[++k])]);
      else if (typeof x !== "string") { const v = {}; for (const f in x) v[f] = text(x[f]); c.push([at, "i", v]); }
      else if (x[0] === "+" || x[0] === "-") c.push([at, x[0], x.slice(1)]);
      else at = x;
    }
    return { ...p, t: p.t.map(text), o: p.o || "", c };
  });
}

function render({ model, el }) {
  const h = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };
  const own = (e) => (e.setAttribute("data-lm-suppress-shortcuts", "true"), e);
  const steps = unpack(model.get("strings"), model.get("packed_steps")), n = steps.length, lines = model.get("code");
  const root = own(h("div", "gs")), bar = h("div", "gs-bar"), cap = h("div", "gs-cap"), out = h("pre", "gs-out");
  const main = h("div", "gs-main"), code = h("ol", "gs-code"), view = h("div", "gs-view");
  const tip = h("div", "gs-tip"), panel = h("div", "gs-panel"), detail = h("div");
  root.tabIndex = 0;
  tip.hidden = panel.hidden = true;
  const button = (label, title, fn, parent = bar) => {
    const b = own(h("button", "gs-btn", label));
    b.type = "button";
    b.title = title;
    b.onclick = () => { fn(); root.focus({ preventScroll: true }); };
    parent.appendChild(b);
    return b;
  };
  const prev = button("\u25C0 Prev", "Previous step (Left)", () => go(cur - 1, true));
  const play = button("\u25B6 Play", "Play / pause (Space)", () => toggle());
  const next = button("Next \u25B6", "Next step (Right)", () => go(cur + 1, true));
  const speed = own(h("select", "gs-speed"));
  for (const s of [0.5, 1, 2, 4]) speed.appendChild(new Option(s + "\u00D7", s, s === 1, s === 1));
  speed.title = "Play speed (steps per second)";
  speed.onchange = () => { if (timer) { toggle(); toggle(); } };
  const slider = own(h("input", "gs-slider"));
  Object.assign(slider, { type: "range", min: 0, max: Math.max(0, n - 1), value: 0, title: "Step (Home/End: first/last)" });
  slider.oninput = () => go(+slider.value, true);
  const count = h("span", "gs-count");
  bar.append(speed, slider, count);
  button("Fit", "Fit the whole graph in view", () => fit());
  button("\u2212", "Zoom out", () => zoom(z / 1.25));
  button("+", "Zoom in", () => zoom(z * 1.25));
  button("Aa", "Larger type", () => { root.classList.toggle("gs-large"); refit(); });
  if (lines.length) button("Code", "Show or hide the code", () => {
    root.classList.toggle("gs-hidecode"); codeHidden = false; refit();
  });
  const show = button("Present", "Presentation mode: the stepper fills the window (P, Esc)", () => present());
  lines.forEach((line) => code.appendChild(h("li", null, line || " ")));
  if (!lines.length) root.classList.add("gs-nocode");
  const svg = model.get("svg") || '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
  const pic = view.appendChild(document.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true));
  for (const t of pic.querySelectorAll("title")) t.remove(); // our tooltip shows the step's text instead
  const els = {};
  for (const g of pic.querySelectorAll("g[id]")) els[g.id] = g;
  const legend = h("div", "gs-legend");
  for (const [cls, text] of model.get("legend")) {
    const item = h("span", "gs-key");
    item.append(h("span", "gs-sw " + cls), text);
    legend.appendChild(item);
  }
  button("\u00D7", "Close (Esc)", () => pin(null), panel).classList.add("gs-close");
  panel.appendChild(detail);
  main.append(code, view, panel);
  root.append(bar, cap, out, main, legend, tip);
  el.appendChild(root);

  let cur = -1, shown = [], timer = null, z = 1, auto = null, hover = null, pinned = null, capTall = 0;
  let codeHidden = false; // presentation mode hid the code to give the graph room
  // the caption keeps the height of the tallest one shown so far, up to a fifth of the window (a 720p projector
  // keeps its graph in view), so the graph below it does not jump back up when a shorter one follows (stepping
  // back and forth); a new type size or width measures again
  function keepTall(again = false) {
    if (again) capTall = 0;
    cap.style.minHeight = cap.style.boxSizing = "";
    capTall = Math.max(capTall, Math.min(cap.offsetHeight, 0.2 * innerHeight));
    if (capTall) Object.assign(cap.style, { boxSizing: "border-box", minHeight: capTall + "px" });
  }
  const undo = [], info = new Map();
  const apply = (s) => {
    const u = [];
    for (const [id, k, v] of s.c) {
      const e = els[id];
      if (!e) continue;
      if (k === "+" || k === "-") {
        u.push([e, v, e.classList.contains(v)]);
        e.classList.toggle(v, k === "+");
      } else if (k === "i") { // info record: fields merged in, a null field removed
        const old = info.get(id), rec = Object.assign({}, old, v);
        for (const f in v) if (v[f] == null) delete rec[f];
        u.push([info, id, old]);
        info.set(id, rec);
      } else {
        const t = e.getElementsByTagName("text")[k];
        if (t) { u.push([t, t.textContent]); t.textContent = v; }
      }
    }
    undo.push(u);
  };
  const revert = () => {
    const u = undo.pop();
    for (let i = u.length - 1; i >= 0; i--) {
      const r = u[i];
      if (r[0] === info) r[2] ? info.set(r[1], r[2]) : info.delete(r[1]);
      else if (r.length === 3) r[0].classList.toggle(r[1], r[2]);
      else r[0].textContent = r[1];
    }
  };
  const reveal = () => { // keep what the step is about in view (scrolling the graph, not the page)
    const nodes = shown.filter((e) => e.classList.contains("node")), about = nodes.length ? nodes : shown;
    if (!about.length) return;
    const v = view.getBoundingClientRect(), first = about[0].getBoundingClientRect();
    let { top, left, bottom, right } = first;
    for (const e of about) {
      const q = e.getBoundingClientRect();
      top = Math.min(top, q.top); left = Math.min(left, q.left);
      bottom = Math.max(bottom, q.bottom); right = Math.max(right, q.right);
    }
    if (bottom - top > v.height || right - left > v.width) ({ top, left, bottom, right } = first);
    if (top < v.top || bottom > v.bottom) view.scrollTop += top - v.top - (v.height - (bottom - top)) / 2;
    if (left < v.left || right > v.right) view.scrollLeft += left - v.left - (v.width - (right - left)) / 2;
  };
  function go(i, user) {
    if (!n) { cap.textContent = "(nothing to step through)"; return; }
    i = Math.max(0, Math.min(n - 1, i | 0));
    while (cur < i) apply(steps[++cur]);
    while (cur > i) { revert(); cur--; }
    for (const e of shown) e.classList.remove("hl");
    const s = steps[cur];
    shown = s.h.map((id) => els[id]).filter(Boolean);
    for (const e of shown) e.classList.add("hl");
    cap.replaceChildren(...s.t.map((t, k) => (k === s.f ? note(t) : h("div", null, t))));
    cap.className = "gs-cap gs-" + s.k;
    keepTall();
    out.textContent = s.o;
    out.hidden = !s.o;
    code.querySelectorAll(".cur").forEach((li) => li.classList.remove("cur"));
    if (s.l) for (let k = s.l[0]; k <= s.l[1]; k++) code.children[k - 1] && code.children[k - 1].classList.add("cur");
    slider.value = cur;
    count.textContent = `step ${cur + 1} / ${n}`;
    prev.disabled = cur === 0;
    next.disabled = cur === n - 1;
    if (hover) describe(tip, hover, false);
    if (pinned && pinned.classList.contains("off")) pin(null); // gone from the picture: unpinned
    if (pinned) describe(detail, pinned, true);
    if (room) roomBelow(); // a taller caption or printed output: less room below them
    const li = s.l && code.children[s.l[0] - 1]; // reading layout only after every change: one layout per step
    if (li && (li.offsetTop < code.scrollTop || li.offsetTop > code.scrollTop + code.clientHeight - 20))
      code.scrollTop = li.offsetTop - 20;
    reveal();
    if (user && model.get("step") !== cur) { model.set("step", cur); model.save_changes(); }
  }
  // a footnote line (PyTorch's formula) takes one line until clicked (or F): open, it stays open for the next ones
  function note(text) {
    const d = h("div", "gs-note", text);
    d.title = "PyTorch's formula: click (or F) to show it whole or on one line";
    d.onclick = () => notes();
    return d;
  }
  function notes() { root.classList.toggle("gs-notes-open"); keepTall(true); }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "\u25B6 Play"; return; }
    if (n < 2) return;
    if (cur >= n - 1) go(0, true);
    play.textContent = "\u275A\u275A Pause";
    timer = setInterval(() => { go(cur + 1, true); if (cur >= n - 1) toggle(); }, 1000 / speed.value);
  }

  // hover: a tooltip with an element's info record (else its text); click: pin it in a panel that follows the steps
  function describe(box, g, all) {
    const rec = info.get(g.id) || {}, text = Array.from(g.getElementsByTagName("text"), (t) => t.textContent.trim());
    let keys = Object.keys(rec).filter((k) => k !== "title");
    if (!all && keys.some((k) => TIP.includes(k))) keys = keys.filter((k) => TIP.includes(k));
    const rows = keys.length ? keys.map((k) => [k, String(rec[k])]) : text.slice(1).filter(Boolean).map((t) => ["", t]);
    box.replaceChildren(h("div", "gs-title", rec.title || text[0] || g.id), ...rows.map(([k, v]) => {
      const row = h("div", "gs-row");
      if (k) row.appendChild(h("span", "gs-field", k));
      row.appendChild(h("pre", "gs-val", v));
      return row;
    }));
  }
  const target = (e) => {
    const g = e.target.closest && e.target.closest(".node, .edge");
    return g && !g.classList.contains("off") ? g : null;
  };
  function pin(g) {
    if (pinned) pinned.classList.remove("pin");
    pinned = g;
    panel.hidden = !g;
    if (!g) return;
    g.classList.add("pin");
    describe(detail, g, true);
    const r = g.getBoundingClientRect(), m = main.getBoundingClientRect(); // the panel goes on the other side
    panel.classList.toggle("gs-left", r.left + r.right > m.left + m.right);
  }
  pic.addEventListener("mousemove", (e) => {
    let g = target(e);
    if (g && g === pinned) g = null; // its panel already shows it all
    if (g !== hover) { hover = g; tip.hidden = !g; if (g) describe(tip, g, false); }
    if (!g) return;
    const r = root.getBoundingClientRect();
    let x = e.clientX - r.left + 14, y = e.clientY - r.top + 18;
    if (y + tip.offsetHeight > r.height) y = Math.max(0, e.clientY - r.top - tip.offsetHeight - 10);
    tip.style.left = Math.max(0, Math.min(x, r.width - tip.offsetWidth - 4)) + "px";
    tip.style.top = y + "px";
  });
  pic.addEventListener("mouseleave", () => { hover = null; tip.hidden = true; });
  pic.addEventListener("click", (e) => { const g = target(e); if (g) pin(g === pinned ? null : g); });

  // size: zoom, fit to the view, presentation mode (the whole widget fitted to the window). `auto` says how the
  // size was chosen, to choose it again when the view changes size: "whole" (Fit), "legible", or null (zoomed)
  const width = () => pic.viewBox.baseVal.width || 400;
  const tall = () => pic.viewBox.baseVal.height || 300;
  const presenting = () => root.classList.contains("gs-present");
  const least = () => (presenting() ? LEAST.present : LEAST.cell) * (root.classList.contains("gs-large") ? LEAST.large : 1);
  function zoom(f, how = null) {
    z = Math.max(0.1, Math.min(8, f));
    auto = how;
    pic.style.width = width() * z + "px";
    reveal();
  }
  // in a cell the graph's view (and the code beside it) takes the height the window leaves below the notebook's
  // header and the stepper's bar and caption (75vh left the step's node, which the view scrolls to, below a 1024x600
  // window's edge with the stepper's top at the header), at least 40% of the window; the legend may need a scroll
  let room = 0;
  function roomBelow() {
    if (presenting()) { // the window's height is the stepper's own: its CSS shares it out
      if (room) { view.style.maxHeight = code.style.maxHeight = ""; room = 0; }
      return view.clientHeight;
    }
    const scroller = root.closest(".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView");
    const top = scroller ? Math.max(0, scroller.getBoundingClientRect().top) : 0;
    const above = main.getBoundingClientRect().top - root.getBoundingClientRect().top;
    const height = Math.round(Math.max(0.4 * innerHeight, innerHeight - top - above - 16));
    if (Math.abs(height - room) > 1) { room = height; view.style.maxHeight = code.style.maxHeight = height + "px"; }
    return room;
  }
  function fit() {
    const height = roomBelow();
    zoom(Math.min(3, (view.clientWidth - 8) / width(), (height - 8) / tall()), "whole");
  }
  // the whole graph if its text is legible so, else legible: fitted to the width if that is enough, else scrolling
  function readable() {
    if (!view.clientWidth) return;
    const across = (view.clientWidth - 8) / width();
    const down = (roomBelow() - 8) / tall();
    const whole = presenting() ? Math.min(3, across, down) : Math.min(1.6, across, Math.max(1, down));
    zoom(Math.max(least(), whole), "legible");
  }
  let seen = [0, 0]; // the view's size the last time the graph was sized (a scroll bar does not change it)
  const resized = () => {
    const r = view.getBoundingClientRect(), now = [Math.round(r.width), presenting() ? Math.round(r.height) : 0];
    if (!r.width || (now[0] === seen[0] && now[1] === seen[1])) return;
    seen = now;
    if (auto === "whole") fit(); else if (auto === "legible") readable();
  };
  const watch = new ResizeObserver(resized); // a longer caption, a resized window, the code shown or hidden
  const windowResized = () => { if (room) roomBelow(); }; // a window of another height: the view's room with it
  addEventListener("resize", windowResized);
  const refit = () => { keepTall(true); return auto === "whole" ? fit() : readable(); };
  function present(on = !presenting()) {
    root.classList.toggle("gs-present", on);
    if (root.showPopover) { // the top layer: out of the app's `contain: strict` panels
      if (on) { root.popover = "manual"; root.showPopover(); }
      else if (root.matches(":popover-open")) { root.hidePopover(); root.removeAttribute("popover"); }
    }
    show.textContent = on ? "Exit" : "Present";
    // on a projector the graph needs the width more than the code does (its line is marked as the steps go)
    if (on && lines.length && !root.classList.contains("gs-hidecode") && width() * least() > view.clientWidth - 8)
      codeHidden = root.classList.add("gs-hidecode") || true;
    if (!on && codeHidden) { root.classList.remove("gs-hidecode"); codeHidden = false; }
    keepTall(true);
    readable();
    root.focus({ preventScroll: true });
  }
  // drag the graph to scroll it (no scroll bar to find on a projector); a click on a node still pins it
  view.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || target(e)) return;
    const x = e.clientX, y = e.clientY, left = view.scrollLeft, top = view.scrollTop;
    const move = (m) => { view.scrollLeft = left - (m.clientX - x); view.scrollTop = top - (m.clientY - y); };
    const stop = () => { removeEventListener("pointermove", move); removeEventListener("pointerup", stop); };
    addEventListener("pointermove", move);
    addEventListener("pointerup", stop);
  });
  // the details of what the step is about, without a mouse: I pins the step's first node (again: unpins)
  const details = () => {
    const g = shown.find((e) => e.classList.contains("node") && !e.classList.contains("off"));
    pin(pinned || !g ? null : g);
  };
  const keys = { ArrowRight: () => go(cur + 1, true), ArrowLeft: () => go(cur - 1, true), Home: () => go(0, true),
                 End: () => go(n - 1, true), " ": toggle, p: () => present(), P: () => present(), i: details, I: details, f: notes, F: notes,
                 Escape: () => (pinned ? pin(null) : presenting() ? present(false) : false) };
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab") return; // the app's shortcuts; moving focus
    e.stopPropagation(); // no key typed here reaches the notebook
    const f = keys[e.key];
    if (f && f() !== false) e.preventDefault(); // nor the slider's or speed menu's own handling
  });
  root.addEventListener("keyup", (e) => e.key === " " && e.preventDefault()); // Space on a button: no click
  for (const t of ["mousedown", "dblclick"]) root.addEventListener(t, (e) => e.stopPropagation()); // nor its clicks
  model.on("change:step", () => model.get("step") !== cur && go(model.get("step")));
  go(model.get("step"));
  // the first size that has a width: JupyterLab lays out a cell drawn off screen (Run All) only once it is shown
  const first = new ResizeObserver(() => view.clientWidth && (first.disconnect(), readable(), watch.observe(view)));
  first.observe(view);
  root.gsGo = go; // lets tests and benchmarks drive this widget from the page
  root.gsSteps = steps; // and read the steps it unpacked
  return () => {
    if (timer) clearInterval(timer);
    watch.disconnect(); first.disconnect(); removeEventListener("resize", windowResized);
  };
}
export default { render };
