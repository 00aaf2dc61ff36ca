import assert from "node:assert/strict";
import { test } from "node:test";

import { clickWays, clicksMean } from "../board/play.js";

const move = (notation, clicks, { card = "7", kind = "move", alt = null, result = notation } = {}) =>
  ({ notation, explanation: `${notation}.`, rules: [], card, kind, clicks,
    ...(alt ? { alt_clicks: alt } : {}), result });

// A 7 split between the pawns on 4 and 12, and the whole 7 with the pawn on 4.
const split = move("R4-6 R12-17", [["4"], ["6"], ["12"], ["17"]], { alt: [["12"], ["17"], ["4"], ["6"]] });
const whole = move("R4-11", [["4"], ["11"]]);
const pend = { play: 5, colour: "red", card: "7", moves: [split, whole] };

test("clickWays: with no click yet, every way of every move fits (a split both ways)", () => {
  const ways = clickWays(pend, null, []);
  assert.equal(ways.length, 3);
  assert.deepEqual(ways.map(({ m }) => m.notation), ["R4-6 R12-17", "R4-6 R12-17", "R4-11"]);
});

test("clickWays: a click keeps the ways whose first click it is", () => {
  const ways = clickWays(pend, null, ["12"]);
  assert.deepEqual(ways.map(({ m, seq }) => [m.notation, seq === m.clicks]), [["R4-6 R12-17", false]]);
});

test("clickWays: clicks that fit no way leave none (Python is asked why)", () => {
  assert.deepEqual(clickWays(pend, null, ["4", "9"]), []);
  assert.deepEqual(clickWays(pend, null, ["30"]), []);
});

test("clickWays: more clicks than a way has do not fit it", () => {
  assert.deepEqual(clickWays(pend, null, ["4", "11", "12"]), []);
});

test("clickWays: a click may be any of the keys a step accepts", () => {
  const sorry = move("R sorry 20", [["red:start"], ["20", "blue:20"]], { card: "sorry" });
  const ways = clickWays({ moves: [sorry] }, null, ["red:start", "blue:20"]);
  assert.equal(ways.length, 1);
});

test("clickWays: playing from a hand, only the chosen card's moves, never its discards", () => {
  const eleven = move("R4-15", [["4"], ["15"]], { card: "11" });
  const discard = move("discard 7", [], { kind: "discard" });
  const hand = { ...pend, card: "", hand: ["7", "11"], moves: [whole, eleven, discard] };
  assert.deepEqual(clickWays(hand, "11", []).map(({ m }) => m.notation), ["R4-15"]);
  assert.deepEqual(clickWays(hand, "7", []).map(({ m }) => m.notation), ["R4-11"]);
  assert.deepEqual(clickWays(hand, null, []), []);
});

test("clicksMean: one click is never a move yet, even with one outcome left", () => {
  assert.deepEqual(clicksMean(clickWays(pend, null, ["12"]), ["12"]), {});
});

test("clicksMean: two clicks with one outcome left make that move", () => {
  assert.deepEqual(clicksMean(clickWays(pend, null, ["4", "11"]), ["4", "11"]),
    { move: "R4-11", completed: null });
});

test("clicksMean: half a split clicked is the split, and says which half the widget made", () => {
  assert.deepEqual(clicksMean(clickWays(pend, null, ["4", "6"]), ["4", "6"]),
    { move: "R4-6 R12-17", completed: "R12-17" });
  assert.deepEqual(clicksMean(clickWays(pend, null, ["12", "17"]), ["12", "17"]),
    { move: "R4-6 R12-17", completed: "R4-6" });
});

test("clicksMean: the same clicks completing several different moves are offered, each once", () => {
  const eleven = move("R4-11 swap", [["4"], ["11"]], { card: "11", result: "other" });
  const options = clickWays({ moves: [whole, eleven] }, null, ["4", "11"]);
  const meant = clicksMean(options, ["4", "11"]);
  assert.deepEqual(meant.choose.map((m) => m.notation), ["R4-11", "R4-11 swap"]);
});

test("clicksMean: clicks that some moves need more of wait for the next click", () => {
  const longer = move("R4-11 R12-13", [["4"], ["11"], ["12"], ["13"]], { result: "other" });
  const options = clickWays({ moves: [whole, longer] }, null, ["4", "11"]);
  assert.deepEqual(clicksMean(options, ["4", "11"]), {});
});
