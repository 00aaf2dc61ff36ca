import assert from "node:assert/strict";
import { test } from "node:test";

import { coachHeading } from "../board/coach.js";
import { boardStatus, onlyPass, panelWords, rank } from "../board/panels.js";
import { fakeModel, french } from "./fake-model.js";

const play = (colour, card, turn = 1) => ({ turn, colour, card, notation: "", explanation: "", rules: [] });
const plays = [play("red", "1", 1), play("blue", "2", 1), play("yellow", "3", 2)];
const move = (notation, clicks, kind = "move") => ({ notation, explanation: "", rules: [], card: "7", kind, clicks });

/** The status of play i of three plays, the person (or no one) to move. */
function statusAt(model, i, { pend = {}, waiting = false, chosenCard = null } = {}) {
  return boardStatus(model, { i, lastIndex: 3, plays, pend, waiting, chosenCard });
}

test("boardStatus: at the start, who moves first, and where: the start", () => {
  const s = statusAt(fakeModel({ final: { to_move: "green" } }), 0);
  assert.deepEqual(s, { line: "Red to move", where: "(the start)", colour: "red" });
});

test("boardStatus: in the middle of a game, who moves next and the play, of how many, in which turn", () => {
  const s = statusAt(fakeModel({ final: {} }), 2);
  assert.equal(s.line, "Yellow to move");
  assert.equal(s.where, "(play 2 of 3 · turn 1)");
  assert.equal(s.colour, "yellow");
});

test("boardStatus: after the last play, who moves next comes from `final`", () => {
  assert.equal(statusAt(fakeModel({ final: { to_move: "green" } }), 3).line, "Green to move");
});

test("boardStatus: a winner on the last play, in their colour", () => {
  const s = statusAt(fakeModel({ final: { winner: "blue" } }), 3);
  assert.equal(s.line, "Blue wins!");
  assert.equal(s.colour, "blue");
});

test("boardStatus: a team wins: both colours named, written in the first's", () => {
  const s = statusAt(fakeModel({ final: { winner: ["red", "yellow"] } }), 3);
  assert.equal(s.line, "Red and Yellow win!");
  assert.equal(s.colour, "red");
});

test("boardStatus: the winner is said on the last play only", () => {
  assert.equal(statusAt(fakeModel({ final: { winner: "blue" } }), 1).line, "Blue to move");
});

test("boardStatus: the person drew a card: with its article (an 8)", () => {
  const pend = { play: 3, colour: "green", card: "8", moves: [move("G s-4", [["green:start"]])] };
  const s = statusAt(fakeModel({ final: {} }), 3, { pend, waiting: true });
  assert.equal(s.line, "Green to move — you drew an 8: click a pawn, then where it goes.");
  assert.equal(s.colour, "green");
});

test("boardStatus: a card no pawn can move with: press Pass", () => {
  const pend = { play: 3, colour: "green", card: "sorry", moves: [move("G pass", [], "forfeit")] };
  assert.equal(statusAt(fakeModel({ final: {} }), 3, { pend, waiting: true }).line,
    "Green to move — you drew a Sorry!: no pawn can move with it, so press Pass.");
});

test("boardStatus: playing from a hand: choose a card, then the card chosen", () => {
  const pend = { play: 3, colour: "red", card: "", hand: ["7", "11"], moves: [move("R4-11", [["4"], ["11"]])] };
  const model = fakeModel({ final: {} });
  assert.equal(statusAt(model, 3, { pend, waiting: true }).line, "Red to move — choose a card from your hand.");
  assert.equal(statusAt(model, 3, { pend, waiting: true, chosenCard: "11" }).line,
    "Red to move — playing an 11: click a pawn, then where it goes.");
});

test("boardStatus: a rule demo: the card held, with one stop after a Sorry!", () => {
  const pend = { play: 0, colour: "blue", card: "sorry", moves: [move("B sorry", [["blue:start"]])] };
  const s = boardStatus(fakeModel({ mode: "demo", final: {} }),
    { i: 0, lastIndex: 0, plays: [], pend, waiting: true, chosenCard: null });
  assert.equal(s.line, "Blue holds a Sorry! Try it: click a pawn, then where it goes — or press Show the move.");
});

test("boardStatus: a rule demo's move shown, in the mover's colour", () => {
  const s = boardStatus(fakeModel({ mode: "demo", final: {} }),
    { i: 1, lastIndex: 1, plays: [play("blue", "7")], pend: {}, waiting: false, chosenCard: null });
  assert.equal(s.line, "Blue's move with a 7. Press Reset to try again.");
  assert.equal(s.colour, "blue");
});

test("boardStatus: in French", () => {
  const s = statusAt(french({ final: {} }), 2);
  assert.equal(s.line, "Jaune joue");
  assert.equal(s.where, "(coup 2 sur 3 · tour 1)");
  const pend = { play: 3, colour: "green", card: "8", moves: [move("G s-4", [["green:start"]])] };
  assert.equal(statusAt(french({ final: {} }), 3, { pend, waiting: true }).line,
    "Vert joue — vous avez pioché un 8 : cliquez un pion, puis là où il va.");
});

test("onlyPass: a turn whose one move needs no click is a Pass button", () => {
  assert.equal(onlyPass({ moves: [move("R pass", [], "forfeit")] }), true);
  assert.equal(onlyPass({ moves: [move("R pass", [], "forfeit"), move("R4-5", [["4"], ["5"]])] }), false);
  assert.equal(onlyPass({ moves: [move("discard 7", [], "discard")] }), false);
});

test("rank: a Sorry! outranks every number in the high-card draw", () => {
  assert.equal(rank("sorry"), 13);
  assert.equal(rank("12"), 12);
  assert.ok(rank("sorry") > rank("12") && rank("12") > rank("2"));
});

test("panelWords: a card's article from the language's own entries", () => {
  const { art, who } = panelWords(fakeModel());
  assert.equal(art("8"), "an 8");
  assert.equal(art("5"), "a 5");
  assert.equal(who("green"), "Green");
  assert.equal(who(""), "");
  assert.equal(panelWords(french()).who("green"), "Vert");
  assert.equal(panelWords(french()).art("8"), "un 8");
});

const advice = (method) => ({ colour: "red", method, games: 12000, rollouts: 4000, strategy: "smart",
  moves: [] });

test("coachHeading: exact chances say so", () => {
  assert.match(coachHeading(fakeModel(), advice("exact")), /^Which move is best\? Red's chance to win after each move, exactly/);
});

test("coachHeading: racing estimates say how many games in all and after each", () => {
  const text = coachHeading(fakeModel(), advice("racing"));
  // (numbers as the words' language writes them, whatever the browser's own language)
  assert.ok(text.includes("12,000 smart games in all, up to 4,000 after each; clearly worse " +
    "moves dropped"), text);
});

test("coachHeading: in French, its numbers the French way (U+202F between the thousands)", () => {
  const text = coachHeading(french(), advice("racing"));
  assert.ok(text.includes("12\u202f000 parties smart en tout, jusqu'à 4\u202f000 après chacun"), text);
  assert.ok(text.endsWith("intervalles à 95\u00a0%)"), text);
});

test("coachHeading: in French, with the colour's French name", () => {
  assert.match(coachHeading(french(), advice("exact")), /^Quel coup est le meilleur \? .* de Rouge après chaque coup, exactes/);
});

test("coachHeading: full estimates say how many games each", () => {
  assert.ok(coachHeading(fakeModel(), advice("full")).endsWith("(4,000 smart games each, 95% intervals)"));
});

test("boardStatus: the person's turn with no kernel behind the widget: run the cell again, no click asked", () => {
  const pend = { colour: "red", card: "8", moves: [move("P1 8", [["S1"], ["S9"]])] };
  const s = boardStatus(fakeModel({ final: {} }),
    { i: 3, lastIndex: 3, plays, pend, waiting: true, chosenCard: null, live: false });
  assert.equal(s.line, "Red to move with an 8: moves need the notebook's Python kernel — run this cell again to play.");
  assert.equal(s.colour, "red");
  const live = boardStatus(fakeModel({ final: {} }),
    { i: 3, lastIndex: 3, plays, pend, waiting: true, chosenCard: null, live: true });
  assert.match(live.line, /click a pawn/);
});

test("boardStatus: with no kernel, in French", () => {
  const pend = { colour: "red", card: "8", moves: [move("P1 8", [["S1"], ["S9"]])] };
  const s = boardStatus(french({ final: {} }),
    { i: 3, lastIndex: 3, plays, pend, waiting: true, chosenCard: null, live: false });
  assert.match(s.line, /^Rouge joue avec un 8 : .*exécutez de nouveau cette cellule/);
});
