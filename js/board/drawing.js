// The board's picture: pawns walked from play to play, trails, notes, the card, the keyboard
// cursor.

import { framesOf } from "./frames.js";
import { arrow, outline, wayArrow } from "./marks.js";
import { h, reducedMotion, sleep, svgEl, svgFragment, themeOf } from "../dom.js";
import { a11yWords, pawnName, placeName } from "../words.js";

/**
 * The board's picture: the drawing Python sent, the pawns walked from play to play, the shown
 * play's trail, the notes and the card face. It holds the plays, where the pawns stand after
 * each, and which play the pawns show; the side panels follow each play it steps through.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {HTMLElement} ctx.root the board view's root, which says the play shown
 * @param {HTMLElement} ctx.box where the board is drawn
 * @param {(ev: {target: EventTarget}) => void} ctx.onClick a click (or Enter, Space) on the
 *   board, or the place Enter picked
 * @param {(i: number) => void} ctx.panels fill the side panels for play i
 * @returns {{draw: () => void, load: () => void, follow: (wanted: number) => void,
 *   plays: () => PlayData[], frames: () => Object<string, string[]>[], shown: () => number,
 *   svg: () => (SVGSVGElement|undefined), card: (name: string) => void,
 *   trail: (play: PlayData|null) => void, note: (ann: Annotation|undefined) => void,
 *   best: (arrows: string[][], colour: string) => void, stop: () => void}}
 */
export function boardDrawing({ model, root, box, onClick, panels }) {
  let plays = [];           // every play's data (plays + recent_plays)
  let frames = [];          // pawns after each play (framesOf)
  let shown = -1;           // the play whose pawns the board shows
  let goal = -1;            // the play show() is heading for
  let panelIndex = 0;       // the play whose words and card the side panel shows
  let token = 0;            // bumps to cancel an animation in flight
  let animating = false;    // show() is walking pawns towards `goal`
  let svg, pawnLayer, trailLayer, noteLayer, cursorLayer;
  let pawnEls = {};
  let cursor = null;        // the place the arrow keys are on
  const explorer = h("div", { class: "sw-explore sw-sr-only", "aria-live": "polite" });
  root.append(explorer);

  const places = () => (model.get("drawing") || {}).places || {};

  // One drawing serves both themes: its themed colours carry classes that dark_css repaints
  // under .sw-dark; only the colours of trails and notes, drawn here, come per theme.
  function pictures() {
    const drawing = model.get("drawing") || {};
    const themes = drawing.themes || {};
    const colours = themes[themeOf(model)] || Object.values(themes)[0];
    if (!colours || !drawing.board) return null;
    return { ...colours, board: drawing.board, pawns: drawing.pawns, cards: drawing.cards,
      darkCss: drawing.dark_css || "" };
  }

  // A square's one pawn slot is its centre.
  const slotsOf = (place) => place.slots || [[place.x, place.y]];

  function draw() {
    const pics = pictures();
    if (!pics) return;
    box.innerHTML = pics.board;
    svg = box.querySelector("svg");
    const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
    style.textContent = pics.darkCss;
    svg.prepend(style);
    svg.setAttribute("width", "100%");
    svg.removeAttribute("height");
    const overlay = svg.querySelector(".overlay");
    trailLayer = svgEl("g", { class: "sw-trail" });
    noteLayer = svgEl("g", { class: "sw-annotation" });
    cursorLayer = svgEl("g", { class: "sw-cursor-layer" });
    overlay.append(trailLayer, noteLayer, cursorLayer);
    pawnLayer = svg.querySelector(".pawns");
    pawnEls = {};
    // The picture is a group of named places, not one image: pawns and places take focus.
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", a11yWords(model).boardHint);
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("click", onClick);
    svg.addEventListener("keydown", explore);
    svg.addEventListener("focus", () => { if (!cursor) moveCursor(0); else drawCursor(); });
    svg.addEventListener("blur", () => cursorLayer.replaceChildren());
    shown = -1;
    goal = -1;
  }

  function load() {
    const before = shown >= 0 ? JSON.stringify(frames[shown]) : null;
    plays = [...(model.get("plays") || []), ...(model.get("recent_plays") || [])];
    frames = framesOf(model.get("start"), plays);
    // Plays that replaced others (a demo reset) leave nothing to animate from.
    if (before !== null && JSON.stringify(frames[shown]) !== before) shown = -1;
  }

  // The places in the order the arrow keys visit them: the track, then each colour's START,
  // safety squares and HOME.
  function placeOrder() {
    const keys = Object.keys(places());
    const track = keys.filter((k) => !k.includes(":")).sort((a, b) => Number(a) - Number(b));
    const rank = (k) => { const w = k.split(":")[1]; return w === "start" ? 0 : w === "home" ? 9 : 1; };
    const side = keys.filter((k) => k.includes(":")).sort((a, b) =>
      a.split(":")[0].localeCompare(b.split(":")[0]) || rank(a) - rank(b) || a.localeCompare(b));
    return [...track, ...side];
  }

  /** A place as a screen reader says it: its name, what stands on it, what can be done. */
  function describe(key) {
    const frame = frames[shown] || {};
    const parts = [];
    for (const [colour, keys] of Object.entries(frame)) {
      const n = keys.filter((k) => k === key).length;
      if (n) parts.push(a11yWords(model).pawns(colour, n));
    }
    const nodes = [...svg.querySelectorAll(`[data-place="${key}"]`)].filter((n) => !n.closest(".overlay"));
    const has = (cls) => nodes.some((n) => n.classList.contains(cls));
    if (has("sw-selected")) parts.push(a11yWords(model).chosen);
    if (has("sw-selectable")) parts.push(a11yWords(model).movable);
    if (has("sw-target")) parts.push(a11yWords(model).target);
    return `${placeName(key, a11yWords(model))}, ${parts.length ? parts.join(", ") : a11yWords(model).empty}`;
  }

  function drawCursor() {
    cursorLayer.replaceChildren();
    if (!cursor || document.activeElement !== svg) return;
    outline(cursorLayer, places()[cursor], cursor, "#ff9800", "sw-cursor",
      { inset: -4, width: 5, opacity: 1 });
    outline(cursorLayer, places()[cursor], cursor, "#000", "sw-cursor-inner",
      { inset: 1, width: 2, opacity: 1 });
  }

  function moveCursor(to) {
    const order = placeOrder();
    if (!order.length) return;
    const at = Math.max(0, Math.min(order.length - 1, to));
    cursor = order[at];
    svg.dataset.cursor = cursor;
    explorer.textContent = describe(cursor);
    drawCursor();
  }

  // Keys on the board: arrows go from place to place (Left/Right one place, Up/Down five),
  // Home/End to the first and last; Enter or Space picks the place (or the pawn or square in
  // focus), as a click would.
  function explore(ev) {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      if (ev.target === svg && cursor) {
        const node = svg.querySelector(`.pawns [data-place="${cursor}"]`) ||
          svg.querySelector(`[data-place="${cursor}"]:not(.overlay *)`);
        if (node) onClick({ target: node });
        explorer.textContent = describe(cursor);
      } else onClick(ev);
      return;
    }
    if (ev.target !== svg) return;
    const order = placeOrder();
    const at = cursor ? order.indexOf(cursor) : -1;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 }[ev.key];
    let to = null;
    if (step) to = at < 0 ? 0 : at + step;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = order.length - 1;
    if (to === null) return;
    ev.preventDefault();
    ev.stopPropagation();
    moveCursor(to);
  }

  function pawnElement(colour) {
    const pawn = svgFragment(pictures().pawns[colour]);
    pawn.setAttribute("role", "img");
    pawnLayer.append(pawn);
    return pawn;
  }

  function put(pawn, x, y) {
    pawn.setAttribute("transform", `translate(${x},${y})`);
    pawn._xy = [x, y];
  }

  // Pawns keep their element from play to play: a pawn that did not move keeps its place,
  // the others take the places left, START and HOME spread over their slots.
  function layout(pawns) {
    const spots = places();
    for (const [colour, keys] of Object.entries(pawns)) {
      const els = (pawnEls[colour] ||= []);
      while (els.length < keys.length) els.push(pawnElement(colour));
      while (els.length > keys.length) els.pop().remove();
      const left = [...keys];
      const free = [];
      for (const pawn of els) {
        const i = left.indexOf(pawn.dataset.place);
        if (i >= 0) left.splice(i, 1);
        else free.push(pawn);
      }
      free.forEach((pawn, i) => { pawn.dataset.place = left[i]; });
      const used = {};
      for (const pawn of els) {
        const key = pawn.dataset.place;
        const n = used[key] || 0;
        used[key] = n + 1;
        const slots = slotsOf(spots[key]);
        put(pawn, ...slots[n % slots.length]);
        pawn.setAttribute("aria-label", pawnName(model, colour, key));
      }
    }
  }

  async function animateMotion([colour, from, path], my) {
    const spots = places();
    const pawn = (pawnEls[colour] || []).find((p) => p.dataset.place === from);
    if (!pawn) return;
    pawn.parentNode.append(pawn); // the moving pawn is drawn on top
    const perSquare = Math.max(20, 110 / model.get("speed"));
    let [x, y] = pawn._xy || slotsOf(spots[from])[0];
    for (const key of path) {
      const [tx, ty] = slotsOf(spots[key])[0];
      const t0 = performance.now();
      const fx = x, fy = y;
      while (true) {
        if (my !== token) return;
        const t = Math.min(1, (performance.now() - t0) / perSquare);
        put(pawn, fx + (tx - fx) * t, fy + (ty - fy) * t);
        if (t >= 1) break;
        await new Promise(requestAnimationFrame);
      }
      x = tx; y = ty;
    }
    pawn.dataset.place = path[path.length - 1];
  }

  function refresh() {
    if (!svg || !frames.length) return;
    panels(Math.min(panelIndex, frames.length - 1));
  }

  async function show(target) {
    const my = ++token;
    goal = target;
    if (!svg || !frames.length) return;
    const stepwise = model.get("animate") && shown >= 0 && target > shown &&
      target - shown <= 12 && !document.hidden && !reducedMotion();
    animating = stepwise;
    if (stepwise) {
      for (let i = shown + 1; i <= target; i++) {
        panelIndex = i;
        refresh();
        for (const motion of plays[i - 1].motions) {
          await animateMotion(motion, my);
          if (my !== token) return;
        }
        layout(frames[i]);
        shown = i;
        if (i < target) await sleep(Math.max(60, 400 / model.get("speed")));
        if (my !== token) return;
      }
    } else {
      layout(frames[target]);
      shown = target;
    }
    animating = false;
    panelIndex = target;
    refresh();
    root.dataset.shown = String(target);
  }

  /** Head for play `wanted` (walking there if animating), or refill the panels if there. */
  function follow(wanted) {
    const target = Math.max(0, Math.min(frames.length - 1, wanted));
    if (target !== goal || (shown !== target && !animating)) show(target);
    else refresh();
  }

  function replaceCard(name) {
    const face = svg.querySelector(".card-face");
    const markup = pictures().cards[name || ""];
    if (face && markup) face.replaceWith(svgFragment(markup));
  }

  function drawTrail(play) {
    trailLayer.replaceChildren();
    if (!play) return;
    const spots = places();
    const colours = pictures().colours;
    for (const [colour, from, path, kind] of play.motions) {
      if (kind === "sent") continue;
      const paint = colours[colour];
      outline(trailLayer, spots[from], from, paint, "last-move-from", { width: 3, opacity: 0.9 });
      let walked = [from, ...path];
      if (kind === "jump") {
        // A Sorry! or a switch jumps: a line would cross the middle of the board, so the
        // landing square is ringed; a slide after it is traced as usual.
        outline(trailLayer, spots[path[0]], path[0], paint, "last-move-to",
          { inset: -3, width: 5, opacity: 0.9 });
        walked = path;
      }
      const points = walked.map((k) => [spots[k].x, spots[k].y]);
      if (points.length >= 2) {
        trailLayer.append(svgEl("polyline", { points: points.slice(0, -1).join(" "),
          fill: "none", stroke: paint, "stroke-width": 5, "stroke-opacity": 0.55,
          "stroke-linejoin": "round", "stroke-linecap": "round" }));
        arrow(trailLayer, points[points.length - 2], points[points.length - 1], paint, 5,
          "last-move-arrow");
      }
    }
  }

  // The best move of a reviewed play, where the move played gave something away: dashed
  // arrows in the mover's colour, each along the squares its pawn would walk (round the
  // track's corners and into its safety zone, as the trail of a move goes), not straight
  // across the board.
  function drawBest(arrows, colour) {
    if (!arrows.length) return;
    const spots = places();
    const paint = pictures().colours[colour];
    for (const way of arrows) {
      if (way.length >= 2 && way.every((k) => spots[k])) {
        wayArrow(trailLayer, way.map((k) => [spots[k].x, spots[k].y]), paint, 4,
          "best-move-arrow");
      }
    }
  }

  function drawNote(ann) {
    noteLayer.replaceChildren();
    if (!ann) return;
    const spots = places();
    const pics = pictures();
    for (const key of ann.squares) {
      outline(noteLayer, spots[key], key, pics.highlight, "highlight",
        { fill: pics.highlight, opacity: 0.45, width: 3 });
    }
    for (const [a, b] of ann.arrows) {
      arrow(noteLayer, [spots[a].x, spots[a].y], [spots[b].x, spots[b].y], pics.arrow, 6, "arrow");
    }
  }

  return { draw, load, follow, plays: () => plays, frames: () => frames, shown: () => shown,
    svg: () => svg, card: replaceCard, trail: drawTrail, best: drawBest, note: drawNote,
    stop: () => { token++; } };
}
