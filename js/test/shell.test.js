import assert from "node:assert/strict";
import { test } from "node:test";

import { framesToSay, ruleBoxStays, sinceThePerson } from "../shell.js";

const by = (...colours) => colours.map((colour) => ({ turn: 1, colour, card: "1", notation: "", explanation: "", rules: [] }));

test("sinceThePerson: the computer players' plays after the person's last one", () => {
  assert.equal(sinceThePerson(by("red", "blue", "yellow", "red", "blue", "yellow"), ["red"]), 4);
});

test("sinceThePerson: nothing to list when the person played last", () => {
  assert.equal(sinceThePerson(by("blue", "red"), ["red"]), null);
});

test("sinceThePerson: from the start when the person has not played yet", () => {
  assert.equal(sinceThePerson(by("blue", "yellow"), ["red"]), 0);
});

test("sinceThePerson: nothing to list before any play", () => {
  assert.equal(sinceThePerson([], ["red"]), null);
});

test("sinceThePerson: with two people, the last of either", () => {
  assert.equal(sinceThePerson(by("red", "blue", "green", "yellow"), ["red", "blue"]), 2);
});

test("framesToSay: the first frame a view shows is not said", () => {
  assert.deepEqual(framesToSay(null, 5), []);
});

test("framesToSay: the same frame again is not said again", () => {
  assert.deepEqual(framesToSay(5, 5), []);
});

test("framesToSay: each frame since the last one said, stepping forward", () => {
  assert.deepEqual(framesToSay(5, 6), [6]);
  assert.deepEqual(framesToSay(5, 8), [6, 7, 8]);
  assert.deepEqual(framesToSay(0, 12), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

test("framesToSay: after a jump back or far ahead, the frame shown alone", () => {
  assert.deepEqual(framesToSay(8, 3), [3]);
  assert.deepEqual(framesToSay(8, 0), [0]);
  assert.deepEqual(framesToSay(0, 13), [13]);
});

test("ruleBoxStays: an open rule box stays on a play that cites its rule, and only there", () => {
  const citing = (...rules) => ({ turn: 1, colour: "red", card: "1", notation: "", explanation: "", rules });
  assert.equal(ruleBoxStays("R7", citing("R3", "R7")), true);
  assert.equal(ruleBoxStays("R7", citing("R3")), false);
  assert.equal(ruleBoxStays("R7", null), false);
  assert.equal(ruleBoxStays(undefined, citing("R3")), false);
});
