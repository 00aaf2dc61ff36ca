// The board's side panel: status line, teams, the high-card draw, scores, a demo's buttons.

import { h } from "../dom.js";
import { uiText } from "../strings.js";
import { cardLabel, colourName, stop, withArticle } from "../words.js";

// A forfeit is the only move: nothing on the board can be clicked, only the Pass button.
/** @param {Pending} pend */
export function onlyPass(pend) {
  return (pend.moves || []).every((m) => m.clicks.length === 0 && m.kind !== "discard");
}

export const rank = (name) => (name === "sorry" ? 13 : Number(name));

/**
 * The side panel's words in the model's language: `t` any entry, `who` a colour's name, `art`
 * a card with its article ("a 7", "an 8").
 * @param {AnyModel} model
 */
export function panelWords(model) {
  const t = (key, values) => uiText(model, key, values);
  const who = (colour) => colourName(model, colour);
  const art = (card) => withArticle(model, card);
  return { t, who, art };
}

/**
 * The board's status line on play i: who won, or whose move it is and what they do; where in
 * the game it is; and the colour to write it in (the player it names).
 * @param {AnyModel} model its mode and final
 * @param {{i: number, lastIndex: number, plays: PlayData[], pend: Pending, waiting: boolean,
 *   chosenCard: (string|null), live?: boolean}} view `live`: a kernel is behind the widget
 * @returns {{line: string, where: string, colour: string}}
 */
export function boardStatus(model, { i, lastIndex, plays, pend, waiting, chosenCard, live = true }) {
  const { t, who, art } = panelWords(model);
  const play = i > 0 ? plays[i - 1] : null;
  const demo = model.get("mode") === "demo";
  const fin = model.get("final") || {};
  const winner = i === lastIndex ? fin.winner : null;
  const toMove = i < plays.length ? plays[i].colour : fin.to_move;

  let line;
  if (winner) line = Array.isArray(winner) ? t("team_wins", { first: who(winner[0]), second: who(winner[1]) }) : t("wins", { colour: who(winner) });
  // A saved page reopened with no kernel behind the widget: say so, invite no click.
  else if (waiting && !live) line = t("status.no_kernel", { colour: who(pend.colour), card: art(pend.card || chosenCard || "") });
  else if (waiting && demo) line = t("status.demo_holds", { colour: who(pend.colour), card: stop(art(pend.card)) });
  else if (waiting && pend.hand) line = chosenCard ? t("status.hand_playing", { colour: who(pend.colour), card: art(chosenCard) }) : t("status.hand_choose", { colour: who(pend.colour) });
  else if (waiting && onlyPass(pend)) line = t("status.pass", { colour: who(pend.colour), card: art(pend.card) });
  else if (waiting) line = t("status.drew", { colour: who(pend.colour), card: art(pend.card) });
  else if (demo && play) line = t("status.demo_move", { colour: who(play.colour), card: stop(art(play.card)) });
  else line = t("status.to_move", { colour: who(toMove || "") });
  const where = i === 0 ? t("status.start") : t("status.where", { play: i, last: lastIndex, turn: play.turn });
  const colour = (Array.isArray(winner) ? winner[0] : winner) || (waiting ? pend.colour : play && demo ? play.colour : toMove) || "";
  return { line, where, colour };
}

/**
 * The side panel's words on the play shown: the rule set, whose move it is (or who won), the
 * teams' progress, the high-card draw, the scores, the play's explanation, and a rule demo's
 * two buttons (Show the move, Reset).
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{button: Function, goto: (n: number) => void, clearNotice: () => void,
 *   isLive: () => boolean, explain: Function}} ctx.shell
 * @returns {{parts: Object<string, HTMLElement>, fill: (view: {i: number, lastIndex: number,
 *   plays: PlayData[], frame: Object<string, string[]>, pend: Pending, waiting: boolean,
 *   chosenCard: (string|null)}) => void}}
 */
export function boardPanels({ model, shell }) {
  const { t, who } = panelWords(model);
  const ruleLine = h("div", { class: "sw-rule-set" });
  const status = h("div", { class: "sw-status" });
  const teamLine = h("div", { class: "sw-teams", hidden: "" });
  const leaderLine = h("div", { class: "sw-leader", hidden: "" });
  const scoreBox = h("div", { class: "sw-scores", hidden: "" });
  const explanation = h("div", { class: "sw-explanation" });
  const showMove = shell.button(t("show_move"), t("show_move_title"), "show",
    () => {
      shell.clearNotice();
      if (shell.isLive()) model.send({ type: "show" }); else shell.goto(1);
    });
  const resetBtn = shell.button(t("reset"), t("reset_title"), "reset",
    () => {
      shell.clearNotice();
      if (shell.isLive()) model.send({ type: "reset" }); else shell.goto(0);
    });
  const demoBar = h("div", { class: "sw-demo", hidden: "" }, showMove, resetBtn);

  function fill({ i, lastIndex, plays, frame, pend, waiting, chosenCard }) {
    const play = i > 0 ? plays[i - 1] : null;
    const demo = model.get("mode") === "demo";
    const fin = model.get("final") || {};
    const winner = i === lastIndex ? fin.winner : null;
    const said = boardStatus(model, { i, lastIndex, plays, pend, waiting, chosenCard, live: shell.isLive() });
    status.textContent = said.line + " ";
    status.append(h("span", { class: "sw-where" }, said.where));
    status.dataset.colour = said.colour;
    shell.explain(explanation, play,
      demo ? t("demo_start") : t("game_start"));
    const rs = model.get("rule_set") || {};
    ruleLine.textContent = rs.title || "";
    const teams = rs.teams || null;
    teamLine.hidden = !teams;
    if (teams) {
      const home = (c) => (frame[c] || []).filter((k) => k.endsWith(":home")).length;
      teamLine.textContent = teams.map((team) => t("team_line", { team: team.map(who).join(" + "),
        home: team.reduce((n, c) => n + home(c), 0),
        pawns: team.reduce((n, c) => n + (frame[c] || []).length, 0) })).join(" · ");
    }
    const draws = rs.leader_draws || [];
    leaderLine.hidden = !(draws.length && i === 0);
    if (draws.length) {
      const lead = draws[draws.length - 1].reduce((a, b) => (rank(b[1]) > rank(a[1]) ? b : a));
      leaderLine.textContent = t("high_card") + draws.map((r) => r.map(([c, k]) =>
        `${who(c)} ${cardLabel(model, k)}`).join(", ")).join(t("then")) + t("leads", { colour: who(lead[0]) });
    }
    scoreBox.replaceChildren();
    scoreBox.hidden = !(winner && fin.scores);
    if (winner && fin.scores) {
      const table = h("table", { class: "sw-score-table" },
        h("tr", {}, h("th", {}, t("score.player")), h("th", {}, t("score.points"))));
      for (const [c, n] of Object.entries(fin.scores).sort((a, b) => b[1] - a[1])) {
        table.append(h("tr", { class: `sw-${c}` }, h("td", {}, who(c)), h("td", {}, String(n))));
      }
      scoreBox.append(h("div", { class: "sw-since-title" }, t("score.title")), table);
    }
    if (winner && fin.double_game !== undefined) {
      scoreBox.hidden = false;
      scoreBox.append(h("div", {}, t(fin.double_game ? "double_game" : "single_game")));
    }
    demoBar.hidden = !demo;
    showMove.disabled = demo && i === 1 && lastIndex === 1 && !shell.isLive();
    resetBtn.disabled = i === 0 && (!shell.isLive() || !pend.moves);
  }

  return { parts: { ruleLine, status, teamLine, leaderLine, scoreBox, explanation, demoBar },
    fill };
}
