// Building the page: HTML and SVG elements, button labels, the theme and motion the reader
// asked for.

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svgFragment(markup) {
  const holder = document.createElementNS(SVG_NS, "g");
  holder.innerHTML = markup;
  return holder.firstElementChild;
}

export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Each view's landmark has its own name on a page of several: "Sorry! board", "Sorry! board 2".
// The count is the page's: a notebook loads this module once per widget.
export const regionName = (name) => {
  const named = (globalThis.__sorryWidgetRegions ||= {});
  named[name] = (named[name] || 0) + 1;
  return named[name] === 1 ? name : `${name} ${named[name]}`;
};
export const reducedMotion = () => typeof matchMedia === "function" &&
  matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A button's label cut into its words and its symbols (« ‹ ▶ › » ↺ ⏸), in order, each marked
 * whether a screen reader is to skip it: "▶ Replay" is [["▶ ", true], ["Replay", false]].
 * @param {string} label
 * @returns {[string, boolean][]}
 */
export function labelPieces(label) {
  const m = label.match(/^([^\p{L}\p{N}]+) (.+)$/u) || label.match(/^(.+) ([^\p{L}\p{N}]+)$/u);
  if (!m) return [[label, false]];
  const symbolFirst = !/[\p{L}\p{N}]/u.test(m[1]);
  return symbolFirst ? [[m[1] + " ", true], [m[2], false]] : [[m[1], false], [" " + m[2], true]];
}

// A button's label with its symbols hidden from screen readers, so that its name is the
// visible word; its title says more.
export function labelParts(label) {
  return labelPieces(label).map(([text, hidden]) =>
    (hidden ? h("span", { "aria-hidden": "true" }, text) : text));
}

// The theme to draw in: the model's, or with "auto" the notebook's (JupyterLab marks its body)
// or else the browser's preference.
export function themeOf(model) {
  const wanted = model.get("theme");
  if (wanted !== "auto") return wanted;
  const body = document.body;
  if (body && body.dataset.jpThemeLight !== undefined) {
    return body.dataset.jpThemeLight === "false" ? "dark" : "light";
  }
  return window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark" : "light";
}

/**
 * The keyboard's focus in a box whose buttons are made afresh each time it is filled (the
 * choices, Pass, a hand of cards): a button pressed there is replaced, or disabled while its
 * answer is awaited, and the focus would fall to the page's body (after a click as after
 * Enter). `before()`, called before the box is emptied, notes that the focus is in it (or that
 * a button in it was pressed); `after()`, once it is filled again, gives the focus to the box's
 * button still chosen or else its first enabled one, else to `fallback()` (the board or table, where the next move is made), else to the
 * widget's region.
 * @param {HTMLElement} box
 * @param {() => (HTMLElement|SVGElement|null|undefined)} fallback
 * @returns {{before: () => void, after: () => void}}
 */
export function focusKeeper(box, fallback) {
  let had = false;  // the focus was in the box, or one of its buttons was pressed
  const active = () => /** @type {Document|ShadowRoot} */ (box.getRootNode()).activeElement;
  const lost = () => { const a = active(); return !a || a === document.body || !a.isConnected; };
  box.addEventListener("click", (ev) => {
    if (/** @type {Element} */ (ev.target).closest("button")) had = true;
  }, true);
  return {
    before() { const a = active(); had = had || (Boolean(a) && box.contains(a)); },
    after() {
      if (!had) return;
      const a = active();
      if (a && box.contains(a)) { had = false; return; }
      if (!lost()) { had = false; return; }  // the person has gone elsewhere: leave it there
      // (the button the person chose, where it stays chosen: a card of the hand)
      const next = /** @type {HTMLElement|null} */ (box.querySelector("button.sw-active:not(:disabled)") ||
        box.querySelector("button:not(:disabled)"));
      const target = next && next.offsetParent !== null ? next : fallback();
      had = false;
      if (target) target.focus({ preventScroll: true });
      // (a picture that takes no focus: the widget's own region, which does)
      const region = /** @type {HTMLElement|null} */ (box.closest(".sorry-widget"));
      if (lost() && region) region.focus({ preventScroll: true });
    },
  };
}
