// The New game… button and its form.

import { h } from "../dom.js";
import { colourWord, uiCount, uiText } from "../strings.js";

/**
 * The New game… button, at the end of the annotate bar, and the form it opens: a rule set, how
 * many players, which colours people play. Python starts the game.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {Function} ctx.button the shell's button maker
 * @param {HTMLElement} ctx.bar the annotate bar, where the button goes
 * @returns {HTMLFormElement} the form, hidden until the button opens it
 */
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
      h("button", { type: "submit", class: "sw-start-game" }, uiText(model, "start_game")));
    form.onsubmit = (ev) => {
      ev.preventDefault();
      form.hidden = true;
      model.send({ type: "new_game", rules: rulesSel.value, players: Number(playersSel.value),
        people: boxes.filter((b) => b.checked).map((b) => b.value) });
    };
  }

  return form;
}
