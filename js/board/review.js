// The review of a game (docs/review.md): each player's chance to win over the game as a graph,
// a sentence for the play shown, and each play's luck and error for the move list.

import { h, svgEl } from "../dom.js";
import { percentText, uiText } from "../strings.js";
import { cardLabel, colourName } from "../words.js";

/** A signed percentage: "+3.2%", "−1.0%" ("+3,2 %" in French). */
function signed(model, x) {
  const text = percentText(model, Math.abs(x), 1);
  return x > 0.0005 ? `+${text}` : x < -0.0005 ? `−${text}` : text;
}

/**
 * The sentence for play k (1-based) of a reviewed game: what the card did and what the move
 * gave away, naming the best move where it was another.
 * @param {AnyModel} model @param {ReviewData} review @param {PlayData} play @param {number} k
 * @returns {string}
 */
export function reviewSentence(model, review, play, k) {
  const r = review.plays[k - 1];
  const values = { colour: colourName(model, play.colour), card: cardLabel(model, play.card),
    luck: signed(model, r.luck), error: percentText(model, r.error, 1), best: r.best,
    after: percentText(model, r.after, 1) };
  return uiText(model, r.error >= 0.0005 ? "review.gave_away" : "review.best_played", values);
}

/**
 * One play's luck and error as the move list shows them beside its notation.
 * @param {AnyModel} model @param {ReviewData} review @param {number} k
 * @returns {string}
 */
export function reviewFigures(model, review, k) {
  const r = review.plays[k - 1];
  return uiText(model, "review.figures", { luck: signed(model, r.luck),
    error: percentText(model, r.error, 1) });
}

/**
 * The review's panel: the graph of chances (one line per player, the play shown marked) and
 * the sentence of the play shown. Hidden until the widget has a review.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {(n: number) => void} ctx.goto
 * @returns {{box: HTMLElement, fill: (i: number, plays: PlayData[]) => void}}
 */
export function reviewPanel({ model, goto }) {
  const box = h("div", { class: "sw-review", hidden: "" });
  const W = 320, H = 120, PAD = 4;

  /** @param {number} i @param {PlayData[]} plays */
  function fill(i, plays) {
    /** @type {ReviewData} */
    const review = model.get("review") || {};
    box.replaceChildren();
    const frames = review.chances || [];
    box.hidden = frames.length < 2;
    if (box.hidden) return;
    const n = frames.length - 1;
    const x = (k) => PAD + (W - 2 * PAD) * k / n;
    const y = (p) => PAD + (H - 2 * PAD) * (1 - p);
    const start = review.colours.map((c, s) => `${colourName(model, c)} ${percentText(model, frames[0][s], 0)}`);
    const shown = review.colours.map((c, s) =>
      `${colourName(model, c)} ${percentText(model, frames[Math.min(i, n)][s], 0)}`);
    const label = uiText(model, "review.chart", { plays: n, start: start.join(", "),
      play: Math.min(i, n), now: shown.join(", ") });
    const svg = svgEl("svg", { class: "sw-review-chart", viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": label });
    svg.append(svgEl("line", { class: "sw-review-half", x1: PAD, x2: W - PAD, y1: y(0.5), y2: y(0.5) }));
    review.colours.forEach((colour, s) => {
      const points = frames.map((f, k) => `${x(k).toFixed(1)},${y(f[s]).toFixed(1)}`).join(" ");
      svg.append(svgEl("polyline", { class: `sw-review-line sw-${colour}`, points,
        "data-colour": colour }));
    });
    svg.append(svgEl("line", { class: "sw-review-now", x1: x(Math.min(i, n)), x2: x(Math.min(i, n)),
      y1: 0, y2: H }));
    // A click on the graph goes to the play under it.
    svg.addEventListener("click", (ev) => {
      const rect = svg.getBoundingClientRect();
      goto(Math.round(n * (ev.clientX - rect.left) / (rect.width || 1)));
    });
    const legend = h("div", { class: "sw-review-legend", "aria-hidden": "true" },
      ...review.colours.map((c) => h("span", { class: `sw-review-key sw-${c}` }, colourName(model, c))));
    const sentence = h("div", { class: "sw-review-sentence" },
      i > 0 && i <= n && plays[i - 1] ? reviewSentence(model, review, plays[i - 1], i)
        : uiText(model, "review.start", { chances: start.join(", ") }));
    box.append(h("div", { class: "sw-since-title" }, uiText(model, "review.title")), svg, legend,
      sentence);
  }

  return { box, fill };
}
