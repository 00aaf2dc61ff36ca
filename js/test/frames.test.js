import assert from "node:assert/strict";
import { test } from "node:test";

import { framesOf } from "../board/frames.js";

const start = () => ({ red: ["red:start", "red:start", "12"], blue: ["blue:start"] });
const play = (...motions) => ({ turn: 1, colour: "red", card: "1", notation: "", explanation: "",
  rules: [], motions });

test("framesOf: the start is the first frame, then one frame per play", () => {
  const frames = framesOf(start(), [play(["red", "12", ["13"], "walk"]), play()]);
  assert.equal(frames.length, 3);
  assert.deepEqual(frames[0], start());
});

test("framesOf: a motion moves one pawn of its colour from `from` to its path's end", () => {
  const frames = framesOf(start(), [play(["red", "red:start", ["4", "5", "6"], "walk"])]);
  assert.deepEqual(frames[1].red, ["6", "red:start", "12"]);
  assert.deepEqual(frames[1].blue, ["blue:start"]);
});

test("framesOf: each frame is its own copy: later plays leave earlier frames as they were", () => {
  const given = start();
  const frames = framesOf(given, [play(["red", "12", ["14"], "walk"]),
    play(["red", "14", ["15"], "walk"])]);
  assert.deepEqual(frames[0].red, ["red:start", "red:start", "12"]);
  assert.deepEqual(frames[1].red, ["red:start", "red:start", "14"]);
  assert.deepEqual(frames[2].red, ["red:start", "red:start", "15"]);
  assert.deepEqual(given, start(), "the start given is not changed");
});

test("framesOf: a play's motions follow one another (a Sorry! sends the pawn it lands on home)", () => {
  const frames = framesOf({ red: ["red:start"], blue: ["20"] }, [
    play(["red", "red:start", ["20"], "jump"], ["blue", "20", ["blue:start"], "sent"])]);
  assert.deepEqual(frames[1], { red: ["20"], blue: ["blue:start"] });
});

test("framesOf: a motion from a place where its colour has no pawn changes nothing", () => {
  const frames = framesOf(start(), [play(["red", "40", ["41"], "walk"], ["green", "1", ["2"], "walk"])]);
  assert.deepEqual(frames[1], start());
});

test("framesOf: no start (a widget before its drawing) is no pawns", () => {
  assert.deepEqual(framesOf(undefined, []), [{}]);
  assert.deepEqual(framesOf(null, [play()]), [{}, {}]);
});

test("framesOf: of two pawns on one place, one moves", () => {
  const frames = framesOf({ red: ["red:start", "red:start"] },
    [play(["red", "red:start", ["4"], "walk"])]);
  assert.deepEqual(frames[1].red.sort(), ["4", "red:start"]);
});
