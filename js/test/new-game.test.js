import assert from "node:assert/strict";
import { test } from "node:test";

import { aboutComputer, computerOptions, newGameFields, playerCounts } from "../board/new-game.js";
import { messageProblem } from "../messages.js";
import { fakeModel, french } from "./fake-model.js";

// What Python sends in rule_set.computers (widget.computer_choices), weakest first.
const offered = [
  { name: "random", title: "Au hasard", about: "Choisit l'un de ses coups permis." },
  { name: "greedy", title: "Glouton", about: "Joue le coup qui rapporte le plus de points." },
  { name: "learned", title: "Appris", about: "Évalue chaque position." },
];

test("computerOptions: Python's computer players, in Python's order and words", () => {
  const model = french({ rule_set: { name: "classic", computers: offered } });
  assert.deepEqual(computerOptions(model).map((c) => c.name), ["random", "greedy", "learned"]);
  assert.equal(computerOptions(model)[2].title, "Appris");
});

test("computerOptions: none where Python sent none (an older kernel's rule_set)", () => {
  assert.deepEqual(computerOptions(fakeModel({ rule_set: { name: "classic" } })), []);
  assert.deepEqual(computerOptions(fakeModel({})), []);
});

test("aboutComputer: the sentence of the player chosen, nothing for another name", () => {
  assert.equal(aboutComputer(offered, "greedy"), "Joue le coup qui rapporte le plus de points.");
  assert.equal(aboutComputer(offered, "perfect"), "");
});

test("newGameFields: the computer chosen goes to Python in a message it accepts", () => {
  const message = { type: "new_game",
    ...newGameFields({ rules: "classic", players: 2, people: ["red"], computer: "learned" }) };
  assert.deepEqual(message, { type: "new_game", rules: "classic", players: 2, people: ["red"],
    computer: "learned" });
  assert.equal(messageProblem("board", message), null);
});

test("newGameFields: with no computer player offered, the message leaves it to Python", () => {
  const message = { type: "new_game",
    ...newGameFields({ rules: "classic", players: 4, people: ["red"], computer: "" }) };
  assert.equal("computer" in message, false);
  assert.equal(messageProblem("board", message), null);
});

// What Python sends in rule_set.available: each rule set's player counts and computer players.
const available = [
  { name: "classic", title: "Classic", teams: false, players: [2, 3, 4], computers: offered },
  { name: "teams-1992", title: "Teams", teams: true, players: [4], computers: offered.slice(0, 2) },
];

test("computerOptions: the players Python offers for the rule set chosen, not the game's", () => {
  const model = fakeModel({ rule_set: { name: "classic", computers: offered, available } });
  assert.deepEqual(computerOptions(model, "teams-1992").map((c) => c.name), ["random", "greedy"]);
  assert.deepEqual(computerOptions(model, "classic").map((c) => c.name),
    ["random", "greedy", "learned"]);
  assert.deepEqual(computerOptions(model).map((c) => c.name), ["random", "greedy", "learned"]);
});

test("computerOptions: an older kernel's one list serves every rule set", () => {
  const older = available.map(({ name, title, teams }) => ({ name, title, teams }));
  const model = fakeModel({ rule_set: { name: "classic", computers: offered, available: older } });
  assert.deepEqual(computerOptions(model, "teams-1992"), offered);
});

test("playerCounts: Python's counts per rule set; from an older kernel 2 to 4, 4 for teams", () => {
  const model = fakeModel({ rule_set: { name: "classic", available } });
  assert.deepEqual(playerCounts(model, "classic"), [2, 3, 4]);
  assert.deepEqual(playerCounts(model, "teams-1992"), [4]);
  const older = fakeModel({ rule_set: { name: "classic", available: available.map(
    ({ name, title, teams }) => ({ name, title, teams })) } });
  assert.deepEqual(playerCounts(older, "teams-1992"), [4]);
  assert.deepEqual(playerCounts(older, "classic"), [2, 3, 4]);
});
