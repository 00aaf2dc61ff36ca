// The New game… button and its form.

import { h } from "../dom.js";
import { colourWord, uiCount, uiText } from "../strings.js";

/**
 * The New game… button, at the end of the annotate bar, and the form it opens: a rule set, how
 * many players, which colours people play, and the computer player the others are, chosen
 * from Python's list (weakest to strongest, each with a sentence on what it does, in the
 * widget's language). Python starts the game, and takes only a computer player it offered.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {Function} ctx.button the shell's button maker
 * @param {HTMLElement} ctx.bar the annotate bar, where the button goes
 * @returns {HTMLFormElement} the form, hidden until the button opens it
 */
// Each form's description gets its own id: a page may hold several boards.
let formCount = 0;

export function newGameForm({ model, button, bar }) {
  const form = h("form", { class: "sw-new-game sw-needs-kernel", hidden: "" });
  bar.append(button(uiText(model, "new_game"), uiText(model, "new_game_title"), "new-game",
    () => { form.hidden = !form.hidden; if (!form.hidden) fill(); }));

  function fill() {
    const rs = model.get("rule_set") || {};
    form.replaceChildren();
    const rulesSel = h("select", { class: "sw-new-rules", "aria-label": uiText(model, "new.rule_set") });
    for (const r of rs.available || []) {
      rulesSel.append(h("option", { value: r.name, ...(r.name === rs.name ? { selected: "" } : {}) },
        r.title));
    }
    const playersSel = h("select", { class: "sw-new-players", "aria-label": uiText(model, "new.players") });
    const about = h("p", { class: "sw-new-computer-about", id: `sw-new-about-${++formCount}` });
    const computerSel = h("select", { class: "sw-new-computer",
      "aria-label": uiText(model, "new.computer"), "aria-describedby": about.id });
    let computers = [];
    const describe = () => { about.textContent = aboutComputer(computers, computerSel.value); };
    computerSel.addEventListener("change", describe);
    // Each rule set has its own player counts (a team game is for four) and the computer
    // players Python offers for it: the lists change with the rule set, keeping what was chosen
    // where the new rule set offers it too.
    const fitRules = () => {
      const chosen = { players: playersSel.value, computer: computerSel.value };
      const counts = playerCounts(model, rulesSel.value);
      playersSel.replaceChildren(...counts.map((n) => h("option", { value: String(n) },
        uiCount(model, "new.n_players", n))));
      playersSel.value = counts.map(String).includes(chosen.players) ? chosen.players
        : String(counts[counts.length - 1]);
      playersSel.disabled = counts.length < 2;
      computers = computerOptions(model, rulesSel.value);
      computerSel.replaceChildren(...computers.map((c) => h("option", { value: c.name, title: c.about },
        c.title)));
      if (computers.some((c) => c.name === chosen.computer)) computerSel.value = chosen.computer;
      describe();
    };
    rulesSel.addEventListener("change", fitRules);
    fitRules();
    const colours = ["red", "blue", "yellow", "green"];
    const boxes = colours.map((c) => h("input", { type: "checkbox", value: c,
      class: "sw-new-person", ...(c === "red" ? { checked: "" } : {}) }));
    form.append(rulesSel, playersSel, h("span", {}, uiText(model, "new.people")),
      ...colours.map((c, k) => h("label", { class: `sw-${c}` }, boxes[k], ` ${colourWord(model, c)}`)),
      h("label", { class: "sw-new-computer-label" }, uiText(model, "new.computer_players"), " ",
        computerSel),
      about,
      h("button", { type: "submit", class: "sw-start-game" }, uiText(model, "start_game")));
    form.onsubmit = (ev) => {
      ev.preventDefault();
      form.hidden = true;
      model.send({ type: "new_game", ...newGameFields({ rules: rulesSel.value,
        players: Number(playersSel.value), people: boxes.filter((b) => b.checked).map((b) => b.value),
        computer: computerSel.value }) });
    };
  }

  return form;
}

/**
 * @typedef {{ name: string; title: string; about: string }} ComputerOffer
 * @typedef {{ name?: string; teams?: boolean; players?: number[]; computers?: ComputerOffer[] }}
 *   RuleSetOffer
 */

/**
 * What Python offers for a new game under the rule set named `rules` (rule_set.available).
 * @param {AnyModel} model
 * @param {string | undefined} rules
 * @returns {{ rs: { computers?: ComputerOffer[] }; offer: RuleSetOffer }}
 */
function offerFor(model, rules) {
  const rs = model.get("rule_set") || {};
  /** @type {RuleSetOffer[]} */
  const available = rs.available || [];
  return { rs, offer: available.find((r) => r.name === (rules ?? rs.name)) || {} };
}

/**
 * The computer players the form offers for the rule set `rules` (by default the game's), in
 * Python's order (weakest to strongest), each with its title and what it does in the
 * widget's language: those Python offers for that rule set (an older kernel's one list for
 * every rule set where it sent none per rule set); none where Python sent none.
 * @param {AnyModel} model
 * @param {string} [rules]
 * @returns {ComputerOffer[]}
 */
export function computerOptions(model, rules) {
  const { rs, offer } = offerFor(model, rules);
  const offered = offer.computers ?? rs.computers;
  return Array.isArray(offered) ? offered : [];
}

/**
 * The player counts the form offers for the rule set `rules`: Python's (four for a team game),
 * or, from an older kernel that sent none, 2 to 4 (4 for teams).
 * @param {AnyModel} model
 * @param {string} rules
 * @returns {number[]}
 */
export function playerCounts(model, rules) {
  const { offer } = offerFor(model, rules);
  if (Array.isArray(offer.players) && offer.players.length) return offer.players;
  return offer.teams ? [4] : [2, 3, 4];
}

/**
 * The sentence under the computer player chosen ("" for a name not offered).
 * @param {{ name: string; about: string }[]} computers
 * @param {string} name
 */
export function aboutComputer(computers, name) {
  return computers.find((c) => c.name === name)?.about || "";
}

/**
 * The fields of the new_game message for what the form says; the computer player only where
 * one was chosen (Python's default is random players).
 * @param {{ rules: string; players: number; people: string[]; computer?: string }} form
 */
export function newGameFields({ rules, players, people, computer }) {
  return { rules, players, people, ...(computer ? { computer } : {}) };
}
