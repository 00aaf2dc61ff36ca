// The coach: each move's chance to win, as bars and as coloured places.

import { h } from "../dom.js";
import { numberText, percentText, uiCount, uiText } from "../strings.js";
import { colourName } from "../words.js";

/**
 * What the coach's bars are: exact chances, or estimates from how many games.
 * @param {AnyModel} model
 * @param {CoachAdvice} advice
 * @returns {string}
 */
export function coachHeading(model, advice) {
  const t = (key, values) => uiText(model, key, values);
  const who = t("coach.who", { colour: colourName(model, advice.colour) });
  if (advice.method === "exact") return t("coach.exactly", { who });
  const numbers = { who, strategy: advice.strategy, games: numberText(model, advice.games),
    rollouts: numberText(model, advice.rollouts) };
  // (the noun "games" follows the number of games in all, or the games after each move)
  return advice.method === "racing" ? uiCount(model, "coach.racing", advice.games, numbers)
    : uiCount(model, "coach.full", advice.rollouts, numbers);
}

/**
 * The coach of a board game: asks Python to estimate each move's chance to win, then shows the
 * estimates as bars to click and colours each move's target places by them.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean}} ctx.shell
 * @param {HTMLElement} ctx.choices the side panel's box of choices, filled afresh each time
 * @param {() => Pending} ctx.pending
 * @param {() => SVGSVGElement} ctx.svg the board's picture
 * @param {(notation: string) => void} ctx.sendMove play a move
 * @returns {{show: () => void, clearTargets: () => void}}
 */

export function coachPanel({ model, shell, choices, pending, svg, sendMove }) {
  /** @returns {CoachAdvice|null} the advice for the pending play, if any */
  function coachAdvice() {
    const advice = model.get("coach_advice") || {};
    return advice.play === pending().play && (advice.moves || []).length ? advice : null;
  }

  function showCoach() {
    const pend = pending();
    const advice = coachAdvice();
    paintCoachTargets(advice);
    if (!pend.coach || !shell.isLive()) return;
    if (!advice) {
      const ask = h("button", { type: "button", class: "sw-coach-ask",
        title: uiText(model, "coach_title") },
      uiText(model, "coach_ask"));
      ask.onclick = () => {
        ask.disabled = true;
        ask.textContent = uiText(model, "coach_playing");
        model.send({ type: "coach" });
      };
      choices.append(ask);
      return;
    }
    const box = h("div", { class: "sw-coach", role: "group",
      "aria-label": uiText(model, "coach.bars") },
    h("div", { class: "sw-coach-head" }, coachHeading(model, advice)));
    // The bars share one scale, from 0 to just above the highest interval, so that moves
    // with similar chances still look different.
    const top = Math.min(1, Math.ceil(10 * Math.max(...advice.moves.map((m) => m.ci95[1]))) / 10);
    const pct = (x) => percentText(model, x, 1);
    // (a CSS length, not words: written the same in every language)
    const along = (x) => `${(100 * x / top).toFixed(1)}%`;
    box.append(h("div", { class: "sw-coach-scale" }, h("span", {}),
      h("span", { class: "sw-coach-axis" }, h("span", {}, percentText(model, 0, 0)),
        h("span", {}, percentText(model, top, 0))), h("span", {})));
    for (const m of advice.moves) {
      // An exact figure has no interval to draw; an estimate says how many games it rests on.
      const figure = m.exact ? uiText(model, "coach.exact_figure", { rate: pct(m.win_rate) })
        : uiCount(model, "coach.won", m.games, { wins: m.wins, games: m.games, low: pct(m.ci95[0]),
          high: pct(m.ci95[1]) }) + (m.dropped ? uiText(model, "coach.dropped") : ".");
      const best = !m.best ? "" : uiText(model, m.exact ? "coach.best" : "coach.best_estimate");
      const row = h("button", { type: "button",
        class: "sw-coach-row" + (m.best ? " sw-coach-best" : "") + (m.exact ? " sw-coach-exact" : "") +
          (m.dropped ? " sw-coach-dropped" : ""),
        title: uiText(model, "coach.row_title", { best, explanation: m.explanation, figure }),
        "data-notation": m.notation, "data-win-rate": String(m.win_rate) },
      h("span", { class: "sw-coach-move" }, (m.best ? "★ " : "") + m.notation),
      h("span", { class: "sw-coach-bar" },
        h("span", { class: "sw-coach-fill", style: `width:${along(m.win_rate)}` }),
        ...(m.exact ? [] : [h("span", { class: "sw-coach-ci",
          style: `left:${along(m.ci95[0])};width:${along(m.ci95[1] - m.ci95[0])}` })])),
      h("span", { class: "sw-coach-rate" }, m.exact
        ? uiText(model, "coach.exact_rate", { rate: pct(m.win_rate) }) : pct(m.win_rate)));
      row.onclick = () => sendMove(m.notation);
      box.append(row);
    }
    if (advice.verdict) box.append(h("div", { class: "sw-coach-verdict" }, advice.verdict));
    choices.append(box);
  }

  // Each move's target places coloured by its estimate: the best strongest.
  /** @param {CoachAdvice|null} advice */
  function paintCoachTargets(advice) {
    for (const node of /** @type {NodeListOf<SVGElement>} */ (svg().querySelectorAll(".sw-coach-target"))) {
      node.classList.remove("sw-coach-target", "sw-coach-top");
      node.style.removeProperty("--sw-coach");
    }
    if (!advice) return;
    const rates = advice.moves.map((m) => m.win_rate);
    const low = Math.min(...rates), high = Math.max(...rates);
    for (const m of advice.moves) {
      const strength = high > low ? (m.win_rate - low) / (high - low) : 1;
      for (const key of m.targets) {
        for (const node of /** @type {NodeListOf<SVGElement>} */ (svg().querySelectorAll(`[data-place="${key}"]`))) {
          if (node.closest(".overlay") || node.closest("g.pawn")) continue;
          const old = Number(node.style.getPropertyValue("--sw-coach") || -1);
          node.classList.add("sw-coach-target");
          node.classList.toggle("sw-coach-top", node.classList.contains("sw-coach-top") || m.best);
          node.style.setProperty("--sw-coach", String(Math.max(old, strength).toFixed(3)));
        }
      }
    }
  }

  return { show: showCoach, clearTargets: () => paintCoachTargets(null) };
}
