import assert from "node:assert/strict";
import { test } from "node:test";

import { labelPieces, regionName, themeOf } from "../dom.js";
import { fakeModel } from "./fake-model.js";

test("labelPieces: a leading symbol is hidden from screen readers, the word is the name", () => {
  assert.deepEqual(labelPieces("▶ Replay"), [["▶ ", true], ["Replay", false]]);
  assert.deepEqual(labelPieces("« First"), [["« ", true], ["First", false]]);
});

test("labelPieces: a trailing symbol is hidden too", () => {
  assert.deepEqual(labelPieces("Next ›"), [["Next", false], [" ›", true]]);
  assert.deepEqual(labelPieces("Last »"), [["Last", false], [" »", true]]);
});

test("labelPieces: a label of words alone is one visible piece", () => {
  assert.deepEqual(labelPieces("Save note"), [["Save note", false]]);
  assert.deepEqual(labelPieces("Arrow"), [["Arrow", false]]);
});

test("labelPieces: a label in French keeps its accented words whole", () => {
  assert.deepEqual(labelPieces("‹ Reculer"), [["‹ ", true], ["Reculer", false]]);
  assert.deepEqual(labelPieces("↺ Réessayer"), [["↺ ", true], ["Réessayer", false]]);
});

test("regionName: the first view of a name has it, the next ones are numbered", () => {
  const name = `region-${Math.random()}`;
  assert.equal(regionName(name), name);
  assert.equal(regionName(name), `${name} 2`);
  assert.equal(regionName(name), `${name} 3`);
  assert.equal(regionName(`${name}-other`), `${name}-other`);
});

test("themeOf: a theme the model names is the theme, without asking the page", () => {
  assert.equal(themeOf(fakeModel({ theme: "dark" })), "dark");
  assert.equal(themeOf(fakeModel({ theme: "light" })), "light");
});
