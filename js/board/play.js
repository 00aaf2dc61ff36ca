// Play mode: the person's clicks on the board become a move.

import { focusKeeper, h } from "../dom.js";
import { passChoice } from "../shell.js";
import { uiText } from "../strings.js";

/**
 * Every way to click each legal move that the clicks so far fit: a split 7 may be clicked
 * pawn by pawn in either order; playing from a hand, only the chosen card's moves (not its
 * discards).
 * @param {Pending} pend the person's turn
 * @param {string|null} chosenCard the card picked from a hand
 * @param {string[]} clicks the places clicked so far
 * @returns {{m: Choice, seq: string[][]}[]} each move with the order of clicks it fits
 */
export function clickWays(pend, chosenCard, clicks) {
  const ways = [];
  for (const m of pend.moves || []) {
    if (pend.hand && (m.card !== chosenCard || m.kind === "discard")) continue;
    for (const seq of [m.clicks, ...(m.alt_clicks ? [m.alt_clicks] : [])]) ways.push({ m, seq });
  }
  return ways.filter(({ seq }) =>
    clicks.length <= seq.length && clicks.every((k, i) => seq[i].includes(k)));
}

/**
 * What clicks that fit some moves mean: one outcome left (after two clicks at least) is that
 * move, and `completed` the part of a split the widget made for the person; several moves
 * complete with the same clicks are offered to choose from; else more clicks are needed.
 * @param {{m: Choice, seq: string[][]}[]} options what the clicks fit ({@link clickWays})
 * @param {string[]} clicks
 * @returns {{move?: string, completed?: (string|null), choose?: Choice[]}}
 */
export function clicksMean(options, clicks) {
  const results = new Set(options.map(({ m }) => m.result));
  if (clicks.length >= 2 && results.size === 1) {
    const { m, seq } = options[0];
    let completed = null;
    if (seq.length > clicks.length) {
      const parts = m.notation.split(" ");
      completed = seq === m.clicks ? parts[1] : parts[0];
    }
    return { move: m.notation, completed };
  }
  const complete = options.filter(({ seq }) => seq.length === clicks.length);
  if (complete.length > 1 && complete.length === options.length) {
    return { choose: [...new Map(complete.map(({ m }) => [m.notation, m])).values()] };
  }
  return {};
}

/**
 * Play mode: the person plays the pending move by clicking places on the board (a pawn, then
 * where it goes); clicks that fit one outcome make it, clicks that fit several offer buttons,
 * clicks that fit none are sent to Python to explain why not. A forfeit is a Pass button.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean, clearNotice: () => void}} ctx.shell
 * @param {HTMLElement} ctx.choices the side panel's box of choices, filled afresh each time
 * @param {() => Pending} ctx.pending
 * @param {() => number} ctx.current the play the model shows
 * @param {{svg: () => SVGSVGElement, shown: () => number}} ctx.drawing
 * @param {() => {active: () => boolean, click: (key: string) => void}} ctx.tools the
 *   annotating tools, which take the clicks while one is on
 * @param {() => {chosen: () => (string|null), forget: () => void}} ctx.hand
 * @param {() => {show: () => void, clearTargets: () => void}} ctx.coach
 * @returns {{click: (ev: {target: EventTarget}) => void, refresh: () => void,
 *   mark: (keys: string[], cls: string) => void, sendMove: (notation: string) => void,
 *   forget: () => void, clicks: () => string[], setClicks: (keys: string[]) => void}}
 */
export function playMode({ model, shell, choices, pending, current, drawing, tools, hand, coach }) {
  let clicks = [];          // places clicked towards a move (play) or an arrow (annotate)
  let choosing = [];        // moves the same clicks could mean, offered as buttons
  const svg = () => drawing.svg();

  function playable() {
    const pend = pending();
    return shell.isLive() && (pend.moves || []).length > 0 && current() === pend.play &&
      drawing.shown() === current() && !tools().active();
  }

  const candidates = () => clickWays(pending(), hand().chosen(), clicks);

  function mark(keys, cls) {
    for (const node of svg().querySelectorAll("." + cls)) node.classList.remove(cls);
    for (const key of keys) {
      for (const node of svg().querySelectorAll(`[data-place="${key}"]`)) {
        if (node.closest(".overlay")) continue;
        node.classList.add(cls);
        if (cls === "sw-target" || cls === "sw-selectable") {
          node.setAttribute("tabindex", "0");
          node.setAttribute("role", "button");
        }
      }
    }
  }

  // A pressed Pass or choice is replaced: the focus goes to what is offered next, else the board.
  const focus = focusKeeper(choices, () => svg());

  function refresh() {
    if (!svg()) return;
    focus.before();
    fillChoices();
    focus.after();
  }

  function fillChoices() {
    for (const node of svg().querySelectorAll("[tabindex]")) {
      if (node === svg()) continue;  // the board itself, which the arrow keys explore
      node.removeAttribute("tabindex");
      node.setAttribute("role", "img");
    }
    choices.replaceChildren();
    if (!playable()) {
      mark([], "sw-selectable"); mark([], "sw-target"); mark([], "sw-selected");
      coach().clearTargets();
      return;
    }
    const options = candidates();
    const next = new Set();
    for (const { seq } of options) if (seq.length > clicks.length) seq[clicks.length].forEach((k) => next.add(k));
    mark(clicks.length === 0 ? [...next] : [], "sw-selectable");
    mark(clicks.length > 0 ? [...next] : [], "sw-target");
    mark(clicks, "sw-selected");
    if (choosing.length) showChoices(choosing);
    for (const m of pending().moves) {
      if (m.clicks.length === 0 && m.kind !== "discard") {
        choices.append(passChoice(model, m.explanation, () => sendMove(m.notation)));
      }
    }
    coach().show();
  }

  function sendMove(notation, completed) {
    clicks = [];
    choosing = [];
    shell.clearNotice();
    model.set("selection", []);
    model.save_changes();
    const pend = pending();
    model.send({ type: "move", notation, card: pend.hand ? hand().chosen() : pend.card,
      ...(completed ? { completed } : {}) });
    hand().forget();
  }

  // After each step of a move made from a focused pawn or place, the focus goes to what is
  // chosen next: the targets, else the pawns, else the buttons offered; and once the move is
  // made, the board. (The place that had it loses its tabindex when the board is marked afresh, and the
  // focus would fall to the page's body.)
  function focusNext() {
    const next = /** @type {HTMLElement|SVGElement|null} */ (svg().querySelector(".sw-target[tabindex]") ||
      svg().querySelector(".sw-selectable[tabindex]") || choices.querySelector("button"));
    (next || svg()).focus();
  }

  function onBoardClick(ev) {
    const target = ev.target.closest("[data-place]");
    if (!target || target.closest(".overlay")) return;
    const key = target.dataset.place;
    if (tools().active()) return tools().click(key);
    if (!playable()) return;
    // (Enter or Space on a pawn or place in focus; the board itself, whose arrow keys move a
    // cursor, keeps the focus, and a click leaves it where the mouse put it)
    const fromKeyboard = ev.type === "keydown" && ev.target !== svg();
    shell.clearNotice();
    choosing = [];
    if (clicks.length === 1 && clicks[0] === key) { clicks = []; }
    else clicks.push(key);
    const options = candidates();
    if (options.length === 0) {
      model.send({ type: "try", clicks });
      clicks = [];
    } else {
      const meant = clicksMean(options, clicks);
      // One outcome left: make it, and say which part the widget made for the person.
      if (meant.move) {
        sendMove(meant.move, meant.completed);
        if (fromKeyboard) svg().focus();
        return;
      }
      if (meant.choose) choosing = meant.choose;
    }
    model.set("selection", [...clicks]);
    model.save_changes();
    refresh();
    if (fromKeyboard) focusNext();
  }

  function showChoices(options) {
    choices.append(h("div", { class: "sw-choose" }, uiText(model, "which_move")));
    for (const m of options) {
      choices.append(h("button", { type: "button", class: "sw-choice", title: m.explanation,
        onclick: () => sendMove(m.notation) }, `${m.notation} — ${m.explanation}`));
    }
  }

  return { click: onBoardClick, refresh, mark, sendMove,
    forget: () => { clicks = []; choosing = []; },
    clicks: () => clicks, setClicks: (keys) => { clicks = keys; } };
}
