// The review of a game (docs/review.md): each player's chance to win over the game as a graph,
// a sentence for the play shown, and each play's luck and error for the move list.

import { h, svgEl } from "../dom.js";
import { numberText, percentText, pointsText, uiCount, uiText } from "../strings.js";
import { cardLabel, colourName } from "../words.js";

// A card's luck and a move's error are differences of two chances: written in percentage points
// ("+3.2 points"), a chance itself in percent ("45.0%").

/**
 * The sentence for play k (1-based) of a reviewed game: what the card did and what the move
 * gave away, naming the best move where it was another.
 * @param {AnyModel} model @param {ReviewData} review @param {PlayData} play @param {number} k
 * @returns {string}
 */
export function reviewSentence(model, review, play, k) {
  const r = review.plays[k - 1];
  const values = { colour: colourName(model, play.colour), card: cardLabel(model, play.card),
    luck: pointsText(model, r.luck, 1, true), error: pointsText(model, r.error, 1), best: r.best,
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
  // (no break inside them: a list item wraps before its figures, not between a word and its number)
  return uiText(model, "review.figures", { luck: pointsText(model, r.luck, 1, true),
    error: pointsText(model, r.error, 1) }).replace(/ /g, "\u00a0");
}

/**
 * Whether the game shown may be reviewed from the page: a replay, or a game that is over (a
 * game in play is not: its review would give away the best moves). Python checks it again.
 * @param {AnyModel} model
 * @returns {boolean}
 */
export function reviewable(model) {
  const mode = model.get("mode");
  return mode === "replay" || (mode === "game" && Boolean((model.get("final") || {}).winner));
}

/**
 * The review's panel: the graph of chances (one line per player, the play shown marked) and
 * the sentence of the play shown; before there is a review, with a kernel listening, a button
 * that asks Python for it (and says "Reviewing…" until the review or a notice comes back).
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {(n: number) => void} ctx.goto
 * @param {{isLive: () => boolean}} ctx.shell
 * @returns {{box: HTMLElement, fill: (i: number, plays: PlayData[]) => void, stop: () => void}}
 */
export function reviewPanel({ model, goto, shell }) {
  const box = h("div", { class: "sw-review", hidden: "" });
  // The graph's frame in its own units; it is drawn about as wide as the side panel (280 to
  // 340 px beside the board, wider under it), so its labels (AXIS_FONT units) stay readable on
  // a projector. Under the plot: the plays' ticks, then the axis's name.
  const W = 320, H = 172, PAD = 8, TOP = 10, BOTTOM = 42, AXIS_FONT = 13;
  // A label's width, generously: its characters at 0.62 of the font's size (digits and "%"
  // are narrower), so that "100 %" never reaches the frame's edge.
  const wide = (text) => text.length * AXIS_FONT * 0.62;
  let asked = false;  // the review was asked for and has not come back yet
  // The panel is drawn afresh with each play shown and when the review comes: what had the
  // focus in it (the button pressed, the graph) is replaced, so the focus goes to what replaced
  // it, the graph or the button offered again, instead of falling to the page's body. The
  // button pressed loses the focus as soon as it is disabled: `refocus` remembers it had it.
  let refocus = false;
  const focusInside = () => {
    const active = /** @type {Document|ShadowRoot} */ (box.getRootNode()).activeElement;
    return Boolean(active) && box.contains(active);
  };
  let last = { i: 0, plays: /** @type {PlayData[]} */ ([]) };
  // Python answers the request with the review and a notice, or with a refusal (a notice):
  // either way the button is not left waiting.
  const onCustom = (content) => {
    if (asked && content && content.type === "notice") { asked = false; fill(last.i, last.plays); }
  };
  model.on("msg:custom", onCustom);

  function askButton() {
    const ask = h("button", { type: "button", class: "sw-review-ask",
      title: uiText(model, "review.ask_title") },
    uiText(model, asked ? "review.asking" : "review.ask"));
    if (asked) { ask.disabled = true; ask.setAttribute("aria-busy", "true"); }
    ask.onclick = () => {
      refocus = focusInside();
      asked = true;
      ask.disabled = true;
      ask.setAttribute("aria-busy", "true");
      ask.textContent = uiText(model, "review.asking");
      model.send({ type: "review" });
    };
    return ask;
  }

  /** @param {number} i @param {PlayData[]} plays */
  function fill(i, plays) {
    last = { i, plays };
    const keep = refocus || focusInside();
    /** @type {ReviewData} */
    const review = model.get("review") || {};
    box.replaceChildren();
    const frames = review.chances || [];
    if (frames.length < 2) {
      const offer = shell.isLive() && reviewable(model) && plays.length > 0;
      box.hidden = !offer;
      if (offer) box.append(askButton());
      const button = box.querySelector("button");
      refocus = keep && Boolean(button) && button.disabled;  // (focused once it is enabled)
      if (keep && button && !button.disabled) button.focus();
      return;
    }
    asked = false;
    box.hidden = false;
    const n = frames.length - 1;
    const percents = [0, 0.5, 1].map((p) => [p, percentText(model, p, 0)]);
    const LEFT = Math.ceil(PAD + 5 + Math.max(...percents.map(([, text]) => wide(text))));
    const x = (k) => LEFT + (W - LEFT - PAD) * k / n;
    const y = (p) => TOP + (H - TOP - BOTTOM) * (1 - p);
    const start = review.colours.map((c, s) => `${colourName(model, c)} ${percentText(model, frames[0][s], 0)}`);
    const shown = review.colours.map((c, s) =>
      `${colourName(model, c)} ${percentText(model, frames[Math.min(i, n)][s], 0)}`);
    const label = uiCount(model, "review.chart", n, { plays: n, start: start.join(", "),
      play: Math.min(i, n), now: shown.join(", ") });
    // (focusable by the script only: where the focus goes when the review it asked for comes)
    const svg = svgEl("svg", { class: "sw-review-chart", viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": label, tabindex: "-1" });
    // The scale: 0, 50 and 100% up the side; along the bottom a tick every few plays (1, 2, 5,
    // 10, 20, 25, 50… so that four to six are labelled) and the last play, and the axis's name
    // under them.
    const axisText = (text, attrs) => {
      const node = svgEl("text", { class: "sw-review-axis", "font-size": AXIS_FONT, ...attrs });
      node.textContent = text;
      return node;
    };
    for (const [p, text] of percents) {
      svg.append(axisText(text, { x: LEFT - 5, y: y(p),
        "text-anchor": "end", "dominant-baseline": "middle" }));
    }
    const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
      .find((s) => n / s <= 5) || Math.ceil(n / 5);
    // The last play is labelled too (the game's length); a tick's label too near it is left out.
    // (a label near the right edge is drawn left of its tick rather than past the frame)
    const centre = (k, text) => Math.min(x(k), W - 1 - wide(text) / 2);
    const lastText = numberText(model, n);
    const lastLeft = centre(n, lastText) - wide(lastText) / 2;
    for (let k = 0; k <= n; k += step) {
      svg.append(svgEl("line", { class: "sw-review-tick", x1: x(k), x2: x(k), y1: y(0),
        y2: y(0) + 4 }));
      const text = numberText(model, k);
      if (k === n || centre(k, text) + wide(text) / 2 + 4 > lastLeft) continue;
      svg.append(axisText(text, { x: centre(k, text), y: y(0) + 6 + AXIS_FONT,
        "text-anchor": "middle" }));
    }
    svg.append(svgEl("line", { class: "sw-review-tick", x1: x(n), x2: x(n), y1: y(0),
      y2: y(0) + 4 }));
    svg.append(axisText(lastText, { x: centre(n, lastText), y: y(0) + 6 + AXIS_FONT,
      "text-anchor": "middle" }));
    svg.append(axisText(uiText(model, "review.axis_plays"), { x: (LEFT + W - PAD) / 2, y: H - 4,
      "text-anchor": "middle", class: "sw-review-axis sw-review-axis-name" }));
    svg.append(svgEl("line", { class: "sw-review-half", x1: x(0), x2: x(n), y1: y(0.5), y2: y(0.5) }));
    review.colours.forEach((colour, s) => {
      const points = frames.map((f, k) => `${x(k).toFixed(1)},${y(f[s]).toFixed(1)}`).join(" ");
      svg.append(svgEl("polyline", { class: `sw-review-line sw-${colour}`, points,
        "data-colour": colour }));
    });
    svg.append(svgEl("line", { class: "sw-review-now", x1: x(Math.min(i, n)), x2: x(Math.min(i, n)),
      y1: y(1), y2: y(0) }));
    // A click on the graph goes to the play under it.
    svg.addEventListener("click", (ev) => {
      const rect = svg.getBoundingClientRect();
      const scale = (rect.width || W) / W;
      goto(Math.round(n * ((ev.clientX - rect.left) / scale - LEFT) / (W - LEFT - PAD)));
    });
    const legend = h("div", { class: "sw-review-legend", "aria-hidden": "true" },
      ...review.colours.map((c) => h("span", { class: `sw-review-key sw-${c}` }, colourName(model, c))));
    const sentence = h("div", { class: "sw-review-sentence" },
      i > 0 && i <= n && plays[i - 1] ? reviewSentence(model, review, plays[i - 1], i)
        : uiText(model, "review.start", { chances: start.join(", ") }));
    box.append(h("div", { class: "sw-since-title" }, uiText(model, "review.title")), svg, legend,
      sentence);
    refocus = false;
    if (keep) svg.focus();
  }

  return { box, fill, stop: () => model.off("msg:custom", onCustom) };
}
