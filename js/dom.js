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
