// GraphStepper's front end: shows one SVG and plays the steps Python computed.
// It only toggles classes and sets text (never markup); it knows nothing about autograd.
function render({ model, el }) {
  const h = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };
  const steps = model.get("steps"), n = steps.length, lines = model.get("code");
  const root = h("div", "gs"), bar = h("div", "gs-bar"), cap = h("div", "gs-cap"), out = h("pre", "gs-out");
  const main = h("div", "gs-main"), code = h("ol", "gs-code"), view = h("div", "gs-view");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const button = (label, title, fn) => {
    const b = h("button", "gs-btn", label);
    b.title = title;
    b.onclick = () => { fn(); root.focus({ preventScroll: true }); };
    bar.appendChild(b);
    return b;
  };
  const prev = button("\u25C0 Prev", "Previous step (Left)", () => go(cur - 1));
  const play = button("\u25B6 Play", "Play / pause (Space)", () => toggle());
  const next = button("Next \u25B6", "Next step (Right)", () => go(cur + 1));
  const speed = h("select", "gs-speed");
  for (const s of [0.5, 1, 2, 4]) speed.appendChild(new Option(s + "\u00D7", s, s === 1, s === 1));
  speed.title = "Play speed (steps per second)";
  speed.onchange = () => { if (timer) { toggle(); toggle(); } };
  const slider = h("input", "gs-slider");
  Object.assign(slider, { type: "range", min: 0, max: Math.max(0, n - 1), value: 0, title: "Step" });
  slider.oninput = () => go(+slider.value);
  const count = h("span", "gs-count");
  bar.append(speed, slider, count);
  button("Fit", "Fit the graph to the width", () => fit());
  button("\u2212", "Zoom out", () => zoom(z / 1.25));
  button("+", "Zoom in", () => zoom(z * 1.25));
  button("Aa", "Larger type", () => root.classList.toggle("gs-large"));
  lines.forEach((line) => code.appendChild(h("li", null, line || " ")));
  if (!lines.length) root.classList.add("gs-nocode");
  const svg = model.get("svg") || '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
  const pic = view.appendChild(document.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true));
  const els = {};
  for (const g of pic.querySelectorAll("g[id]")) els[g.id] = g;
  const legend = h("div", "gs-legend");
  for (const [cls, text] of model.get("legend")) {
    const item = h("span", "gs-key");
    item.append(h("span", "gs-sw " + cls), text);
    legend.appendChild(item);
  }
  main.append(code, view);
  root.append(bar, cap, out, main, legend);
  el.appendChild(root);

  let cur = -1, shown = [], timer = null, z = 1;
  const undo = [];
  const apply = (s) => {
    const u = [];
    for (const [id, k, v] of s.c) {
      const e = els[id];
      if (!e) continue;
      if (k === "+" || k === "-") {
        u.push([e, v, e.classList.contains(v)]);
        e.classList.toggle(v, k === "+");
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
      if (r.length === 3) r[0].classList.toggle(r[1], r[2]);
      else r[0].textContent = r[1];
    }
  };
  function go(i) {
    if (!n) { cap.textContent = "(nothing to step through)"; return; }
    i = Math.max(0, Math.min(n - 1, i | 0));
    while (cur < i) apply(steps[++cur]);
    while (cur > i) { revert(); cur--; }
    for (const e of shown) e.classList.remove("hl");
    const s = steps[cur];
    shown = s.h.map((id) => els[id]).filter(Boolean);
    for (const e of shown) e.classList.add("hl");
    if (shown.length) {  // keep what the step is about in view (scrolling the graph, not the page)
      const r = shown[0].getBoundingClientRect(), v = view.getBoundingClientRect();
      if (r.top < v.top || r.bottom > v.bottom) view.scrollTop += r.top - v.top - (v.height - r.height) / 2;
      if (r.left < v.left || r.right > v.right) view.scrollLeft += r.left - v.left - (v.width - r.width) / 2;
    }
    cap.replaceChildren(...s.t.map((t) => h("div", null, t)));
    cap.className = "gs-cap gs-" + s.k;
    out.textContent = s.o;
    out.hidden = !s.o;
    code.querySelectorAll(".cur").forEach((li) => li.classList.remove("cur"));
    if (s.l) {
      for (let k = s.l[0]; k <= s.l[1]; k++) code.children[k - 1] && code.children[k - 1].classList.add("cur");
      const li = code.children[s.l[0] - 1];
      if (li && (li.offsetTop < code.scrollTop || li.offsetTop > code.scrollTop + code.clientHeight - 20))
        code.scrollTop = li.offsetTop - 20;
    }
    slider.value = cur;
    count.textContent = `step ${cur + 1} / ${n}`;
    prev.disabled = cur === 0;
    next.disabled = cur === n - 1;
    if (model.get("step") !== cur) { model.set("step", cur); model.save_changes(); }
  }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "\u25B6 Play"; return; }
    if (n < 2) return;
    if (cur >= n - 1) go(0);
    play.textContent = "\u275A\u275A Pause";
    timer = setInterval(() => { go(cur + 1); if (cur >= n - 1) toggle(); }, 1000 / speed.value);
  }
  const width = () => pic.viewBox.baseVal.width || 400;
  function zoom(f) {
    z = Math.max(0.1, Math.min(8, f));
    pic.style.width = width() * z + "px";
  }
  const fit = () => zoom((view.clientWidth - 8) / width());
  root.addEventListener("keydown", (e) => {
    const keys = { ArrowRight: () => go(cur + 1), ArrowLeft: () => go(cur - 1), " ": toggle,
                   Home: () => go(0), End: () => go(n - 1) };
    if (!keys[e.key] || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    e.preventDefault();
    e.stopPropagation();
    keys[e.key]();
  });
  model.on("change:step", () => model.get("step") !== cur && go(model.get("step")));
  go(model.get("step"));
  const tall = () => pic.viewBox.baseVal.height || 300;
  requestAnimationFrame(() => view.clientWidth &&
    zoom(Math.min(1.6, (view.clientWidth - 8) / width(), Math.max(1, (0.7 * innerHeight) / tall()))));
  root.gsGo = go;  // lets tests and benchmarks drive this widget from the page
  return () => timer && clearInterval(timer);
}
export default { render };
