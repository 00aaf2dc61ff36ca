// The board's theme and size, following the model and the notebook.

import { themeOf } from "../dom.js";

/**
 * The board's look (theme, size), kept in step with the model and with the notebook, whose
 * theme can change while the board is on screen. One drawing serves both themes through
 * classes; a change of theme still redraws, for the colours of trails and notes.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {HTMLElement} ctx.root the board view's root
 * @param {{look: () => void}} ctx.shell the replay shell, whose controls follow the theme
 * @param {() => void} ctx.schedule redraw what changed, once per batch
 * @param {() => void} ctx.redraw redraw the whole board
 * @param {() => (SVGSVGElement|undefined)} ctx.svg the board's picture, once drawn
 * @returns {{apply: () => void, stop: () => void}}
 */
export function themeWatcher({ model, root, shell, schedule, redraw, svg }) {
  let lookTheme = null;
  function apply() {
    const name = themeOf(model);
    if (lookTheme !== null && name !== lookTheme) redraw();
    lookTheme = name;
    root.classList.toggle("sw-dark", name === "dark");
    const pic = svg();
    if (pic) {  // for stylesheets and tests: the theme the one drawing is shown in
      pic.classList.remove("theme-light", "theme-dark", "theme-tokens");
      pic.classList.add(`theme-${name}`);
    }
    // size 0: the board fills the width it is given (widget.css says how far).
    const size = model.get("size");
    root.classList.toggle("sw-fill", !size);
    if (size) root.style.setProperty("--sw-size", `${size}px`);
    else root.style.removeProperty("--sw-size");
    shell.look();
  }

  const themeWatch = new MutationObserver(() => schedule());
  if (document.body) {
    themeWatch.observe(document.body, { attributes: true,
      attributeFilter: ["data-jp-theme-light"] });
  }
  const media = window.matchMedia ? matchMedia("(prefers-color-scheme: dark)") : null;
  const onMedia = () => schedule();
  if (media && media.addEventListener) media.addEventListener("change", onMedia);

  function stop() {
    themeWatch.disconnect();
    if (media && media.removeEventListener) media.removeEventListener("change", onMedia);
  }
  return { apply, stop };
}
