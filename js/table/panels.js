// The card table's side panel: status line, running total, a lesson's Reset.

import { h } from "../dom.js";
import { uiText } from "../strings.js";
import { colourName } from "../words.js";

/**
 * The card table's status line on frame i: who won, or who acts and what the person does;
 * where in the game it is; and the colour to write it in (the player it names).
 * @param {AnyModel} model its mode, final and language
 * @param {{i: number, last: number, plays: PlayData[], pend: (Pending|null),
 *   chosen: string[], live?: boolean}} view `live`: a kernel is behind the widget
 * @returns {{line: string, where: string, colour: string}}
 */
export function tableStatus(model, { i, last, plays, pend, chosen, live = true }) {
  const t = (key, values) => uiText(model, key, values);
  const who = (colour) => colourName(model, colour);
  const final = model.get("final") || {};
  const play = i > 0 ? plays[i - 1] : null;
  const winners = i === last ? final.winners || [] : [];
  let line;
  if (winners.length) line = winners.length > 1 ? t("team_wins", { first: winners.slice(0, -1).map(who).join(", "), second: who(winners[winners.length - 1]) }) : t("wins", { colour: who(winners[0]) });
  else if (pend && pend.window) line = t("table.decide", { colour: who(pend.colour) });
  else if (pend && chosen[0] === "play-2") line = t(chosen.length === 1 ? "table.play_2_first" : "table.play_2_second", { colour: who(pend.colour) });
  else if (pend && pend.actions.every((a) => a.kind === "pass")) line = t("table.no_card", { colour: who(pend.colour) });
  else if (pend && pend.actions.every((a) => a.kind !== "play")) line = t("table.discard", { colour: who(pend.colour) });
  else if (pend) line = t("table.your_turn", { colour: who(pend.colour) });
  const next = i < plays.length ? plays[i].colour : final.to_act || "";
  // A person's turn shown with no kernel behind the widget (a saved page reopened): no
  // card can be played, so none is asked for.
  const asked = model.get("pending") || {};
  const unplayable = !pend && !live && asked.play === i && (asked.actions || []).length;
  if (!winners.length && unplayable) line = t("table.no_kernel", { colour: who(asked.colour) });
  else if (!winners.length && !pend) line = t("table.to_act", { colour: who(next) });
  const where = i === 0 ? (model.get("mode") === "demo" ? t("table.lesson") : t("table.deal"))
    : t("status.where", { play: i, last, turn: play.turn });
  return { line, where, colour: winners[0] || (pend ? pend.colour : next) };
}

/**
 * The card table's side panel: whose action it is (or who won), the running total, the
 * action's explanation, and a lesson's Reset button.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{button: Function, goto: (n: number) => void, clearNotice: () => void,
 *   isLive: () => boolean, explain: Function}} ctx.shell
 * @param {() => void} ctx.onReset before a reset: what was chosen is forgotten
 * @returns {{parts: Object<string, HTMLElement>, fill: (view: {i: number, last: number,
 *   plays: PlayData[], pend: (Pending|null), chosen: string[]}) => void}}
 */
export function tablePanels({ model, shell, onReset }) {
  const t = (key, values) => uiText(model, key, values);
  const ruleLine = h("div", { class: "sw-rule-set" }, t("table.title"));
  const status = h("div", { class: "sw-status" });
  const totalLine = h("div", { class: "sw-total" });
  const explanation = h("div", { class: "sw-explanation" });
  const resetBtn = shell.button(uiText(model, "reset"), uiText(model, "reset_table_title"), "reset", () => {
    shell.clearNotice();
    onReset();
    if (shell.isLive()) model.send({ type: "reset" }); else shell.goto(0);
  });
  const demoBar = h("div", { class: "sw-demo", hidden: "" }, resetBtn);

  function fill({ i, last, plays, pend, chosen }) {
    const play = i > 0 ? plays[i - 1] : null;
    const said = tableStatus(model, { i, last, plays, pend, chosen, live: shell.isLive() });
    status.textContent = said.line + " ";
    status.append(h("span", { class: "sw-where" }, said.where));
    // The line is written in the colour of the player it names.
    status.dataset.colour = said.colour;
    const start = (model.get("tables") || {}).start || { total: 0, callout: "" };
    const now = play || start;
    totalLine.textContent = t("table.total", { total: now.callout || "0" });
    totalLine.dataset.total = String(now.total);
    shell.explain(explanation, play, model.get("mode") === "demo"
      ? t("table.demo")
      : uiText(model, "deal"));
    demoBar.hidden = model.get("mode") !== "demo";
    resetBtn.disabled = i === 0 && last === 0;
  }

  return { parts: { ruleLine, status, totalLine, explanation, demoBar }, fill };
}
