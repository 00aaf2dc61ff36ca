// Notes on a play: the Arrow and Mark tools.

import { uiText } from "../strings.js";

/**
 * The annotating tools of the board: Arrow (click two places) and Mark (toggle places), each
 * sent to Python as the note of the play shown. The places clicked towards an arrow are the
 * same list as those clicked towards a move, so that turning a tool on or off, Escape, or a
 * new play shown starts both afresh.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {Function} ctx.button the shell's button maker
 * @param {HTMLElement} ctx.clearBtn the shell's Clear button, which the tools go before
 * @param {() => number} ctx.current the play shown
 * @param {(change: Partial<Annotation>) => void} ctx.sendAnnotation
 * @param {(keys: string[], cls: string) => void} ctx.mark mark places on the board
 * @param {() => void} ctx.refreshPlayable redo what the board offers to click
 * @param {() => string[]} ctx.clicks the places clicked so far
 * @param {(keys: string[]) => void} ctx.setClicks
 * @returns {{setTool: (name: ("arrow"|"mark"|null)) => void, active: () => boolean,
 *   click: (key: string) => void}}
 */
export function annotationTools({ model, button, clearBtn, current, sendAnnotation, mark,
  refreshPlayable, clicks, setClicks }) {
  let tool = null;          // "arrow" | "mark" | null
  const arrowBtn = button(uiText(model, "arrow"), uiText(model, "arrow_title"), "arrow", () => setTool("arrow"));
  const markBtn = button(uiText(model, "mark"), uiText(model, "mark_title"), "mark", () => setTool("mark"));
  clearBtn.before(arrowBtn, markBtn);

  /** @param {"arrow"|"mark"|null} name the tool to turn on, or off if it is on */
  function setTool(name) {
    tool = tool === name ? null : name;
    setClicks([]);
    arrowBtn.classList.toggle("sw-active", tool === "arrow");
    markBtn.classList.toggle("sw-active", tool === "mark");
    arrowBtn.setAttribute("aria-pressed", String(tool === "arrow"));
    markBtn.setAttribute("aria-pressed", String(tool === "mark"));
    refreshPlayable();
  }

  const asPlace = (key) => (/^\d+$/.test(key) ? Number(key) : key);

  /** @param {string} key the place clicked while a tool is on */
  function annotateClick(key) {
    const ann = (model.get("annotations") || {})[String(current())] || { arrows: [], squares: [] };
    if (tool === "mark") {
      const squares = ann.squares.includes(key)
        ? ann.squares.filter((s) => s !== key)
        : [...ann.squares, key];
      sendAnnotation({ squares: squares.map(asPlace) });
    } else {
      const keys = clicks();
      keys.push(key);
      mark(keys, "sw-selected");
      if (keys.length === 2) {
        sendAnnotation({ arrows: [...ann.arrows, keys].map((a) => a.map(asPlace)) });
        setClicks([]);
        mark([], "sw-selected");
      }
    }
  }

  return { setTool, active: () => tool !== null, click: annotateClick };
}
