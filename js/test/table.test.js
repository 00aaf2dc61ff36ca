import assert from "node:assert/strict";
import { test } from "node:test";

import { ANSWER_KINDS, choiceLabel } from "../table/actions.js";
import { cardName } from "../table/drawing.js";
import { tableStatus } from "../table/panels.js";
import { UI_ENGLISH } from "../strings.js";
import { PAGE_STRINGS, fakeModel, french } from "./fake-model.js";

const act = (colour, turn = 1) => ({ turn, colour, card: "slide-4", notation: "", explanation: "", rules: [] });
const plays = [act("red"), act("blue"), act("red", 2)];
const action = (notation, kind = "play", card = "slide-4") => ({ notation, explanation: "", rules: [], card, kind });

function statusAt(model, i, pend = null, chosen = []) {
  return tableStatus(model, { i, last: 3, plays, pend, chosen });
}

test("tableStatus: the deal, then who acts, with the action, of how many, in which turn", () => {
  const model = fakeModel({ final: {}, mode: "game" });
  assert.deepEqual(statusAt(model, 0), { line: "Red to act", where: "(the deal)", colour: "red" });
  assert.deepEqual(statusAt(model, 2), { line: "Red to act", where: "(play 2 of 3 · turn 1)", colour: "red" });
});

test("tableStatus: a lesson's table starts as the lesson's, not a deal", () => {
  assert.equal(statusAt(fakeModel({ final: {}, mode: "demo" }), 0).where, "(the lesson's table)");
});

test("tableStatus: after the last action, who acts next comes from `final`", () => {
  assert.equal(statusAt(fakeModel({ final: { to_act: "yellow" } }), 3).line, "Yellow to act");
});

test("tableStatus: one winner, and a team of winners", () => {
  assert.equal(statusAt(fakeModel({ final: { winners: ["blue"] } }), 3).line, "Blue wins!");
  const team = statusAt(fakeModel({ final: { winners: ["red", "yellow"] } }), 3);
  assert.equal(team.line, "Red and Yellow win!");
  assert.equal(team.colour, "red");
});

test("tableStatus: the person's turn: click a card; nothing playable: discard; nothing at all: pass", () => {
  const model = fakeModel({ final: {} });
  const turn = (actions) => statusAt(model, 3, { play: 3, colour: "green", actions }).line;
  assert.equal(turn([action("green slide-4"), action("green discard 5", "discard")]),
    "Green, your turn: click a card in your hand.");
  assert.equal(turn([action("green discard 5", "discard")]),
    "Green: no card can be played — click one to discard it.");
  assert.equal(turn([action("green pass", "pass", "")]), "Green has no card: pass.");
});

test("tableStatus: Play 2's first and second number cards", () => {
  const model = fakeModel({ final: {} });
  const pend = { play: 3, colour: "green", actions: [action("green play-2 5 4", "play", "play-2")] };
  assert.equal(statusAt(model, 3, pend, ["play-2"]).line, "Green: Play 2 — click the first number card.");
  assert.equal(statusAt(model, 3, pend, ["play-2", "5"]).line, "Green: Play 2 — click the second number card.");
});

test("tableStatus: a steal or block window asks the person to decide, in their colour", () => {
  const pend = { play: 3, colour: "blue", window: "steal", actions: [action("blue steal", "steal")] };
  const s = statusAt(fakeModel({ final: {} }), 3, pend);
  assert.equal(s.line, "Blue, decide:");
  assert.equal(s.colour, "blue");
});

test("tableStatus: in French", () => {
  assert.equal(statusAt(french({ final: { winners: ["blue"] } }), 3).line, "Bleu gagne !");
  const pend = { play: 3, colour: "green", actions: [action("green slide-4")] };
  assert.equal(statusAt(french({ final: {} }), 3, pend).line,
    "Vert, à vous : cliquez une carte de votre main.");
});

test("cardName: the card game's cards by their printed names", () => {
  const model = fakeModel();
  assert.equal(cardName(model, "slide-4"), "Slide 4");
  assert.equal(cardName(model, "take-2"), "Take 2");
  assert.equal(cardName(model, "dont-be-sorry"), "Don't Be SORRY!");
  assert.equal(cardName(model, "sorry-steal"), "SORRY! steal");
  assert.equal(cardName(model, "7"), "7");
});

test("cardName: in French, the words catalog's card names", () => {
  assert.equal(cardName(french(), "slide-4"), "Glissez 4");
  assert.equal(cardName(french(), "take-2"), "Pigez-en 2");
  assert.equal(cardName(french(), "sorry-steal"), PAGE_STRINGS.fr.words["cardgame.face.sorry-steal"]);
  assert.equal(cardName(french(), "7"), "7");
});

test("choiceLabel: a SORRY! names whom, Play 2 its two numbers, others their words", () => {
  const model = fakeModel();
  assert.equal(choiceLabel(model, "red sorry-back blue"), "On Blue");
  assert.equal(choiceLabel(model, "red play-2 5 4"), "5 then 4");
  assert.equal(choiceLabel(model, "red take-2 green"), "take-2 green");
});

test("choiceLabel: in French", () => {
  assert.equal(choiceLabel(french(), "red sorry-back blue"), "Sur Bleu");
  assert.equal(choiceLabel(french(), "red play-2 5 4"), "5 puis 4");
});

test("ANSWER_KINDS: every answer to a window has its words, in English and in French", () => {
  for (const kind of ANSWER_KINDS) {
    for (const key of [`answer.${kind}`, `answer.${kind}_title`]) {
      assert.ok(key in UI_ENGLISH, key);
      assert.ok(PAGE_STRINGS.fr.ui[key] && PAGE_STRINGS.fr.ui[key] !== UI_ENGLISH[key], key);
    }
  }
});

test("tableStatus: a person's turn shown with no kernel behind the widget asks for no card", () => {
  const asked = { play: 3, colour: "red", actions: [action("red slide-4")] };
  const model = fakeModel({ final: { to_act: "red" }, mode: "game", pending: asked });
  assert.equal(tableStatus(model, { i: 3, last: 3, plays, pend: null, chosen: [], live: false }).line,
    "Red to act: moves need the notebook's Python kernel — run this cell again to play.");
  // live, the kernel is still answering (no pend yet): just whose turn it is
  assert.equal(tableStatus(model, { i: 3, last: 3, plays, pend: null, chosen: [], live: true }).line, "Red to act");
  // an earlier play shown: whose turn it was then, not the pending one's notice
  assert.equal(tableStatus(model, { i: 2, last: 3, plays, pend: null, chosen: [], live: false }).line, "Red to act");
});
