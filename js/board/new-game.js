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
    for (const n of [2, 3, 4]) playersSel.append(h("option", { value: String(n), ...(n === 4 ? { selected: "" } : {}) }, uiCount(model, "new.n_players", n)));
    const computers = computerOptions(model);
    const about = h("p", { class: "sw-new-computer-about", id: `sw-new-about-${++formCount}` });
    const computerSel = h("select", { class: "sw-new-computer",
      "aria-label": uiText(model, "new.computer"), "aria-describedby": about.id });
    for (const c of computers) {
      computerSel.append(h("option", { value: c.name, title: c.about }, c.title));
    }
    const describe = () => { about.textContent = aboutComputer(computers, computerSel.value); };
    computerSel.addEventListener("change", describe);
    describe();
    const colours = ["red", "blue", "yellow", "green"];
    const boxes = colours.map((c) => h("input", { type: "checkbox", value: c,
      class: "sw-new-person", ...(c === "red" ? { checked: "" } : {}) }));
    // A team rule set is for four players.
    const fitPlayers = () => {
      const teams = (rs.available || []).find((r) => r.name === rulesSel.value)?.teams;
      if (teams) playersSel.value = "4";
      playersSel.disabled = !!teams;
    };
    rulesSel.addEventListener("change", fitPlayers);
    fitPlayers();
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
 * The computer players the form offers, in Python's order (weakest to strongest), each with
 * its title and what it does in the widget's language; none where Python sent none.
 * @param {AnyModel} model
 * @returns {{ name: string; title: string; about: string }[]}
 */
export function computerOptions(model) {
  const offered = (model.get("rule_set") || {}).computers;
  return Array.isArray(offered) ? offered : [];
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
