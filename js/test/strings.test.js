import assert from "node:assert/strict";
import { test } from "node:test";

import { UI_STRINGS, uiHas, uiText } from "../strings.js";
import { fakeModel, french } from "./fake-model.js";

test("uiText: the entry of the model's language", () => {
  assert.equal(uiText(fakeModel(), "first"), UI_STRINGS.en.first);
  assert.equal(uiText(french(), "first"), UI_STRINGS.fr.first);
  assert.notEqual(UI_STRINGS.fr.first, UI_STRINGS.en.first);
});

test("uiText: {name} is filled from the values, each time it appears", () => {
  assert.equal(uiText(fakeModel(), "status.where", { play: 4, last: 9, turn: 2 }),
    "(play 4 of 9 · turn 2)");
  assert.equal(uiText(fakeModel(), "team_wins", { first: "Red", second: "Yellow" }),
    "Red and Yellow win!");
});

test("uiText: a value may be a number or 0, and a placeholder with no value stays as it is", () => {
  assert.equal(uiText(fakeModel(), "table.total", { total: 0 }), "Total: 0");
  assert.equal(uiText(fakeModel(), "table.total"), "Total: {total}");
});

test("uiText: values are not read as placeholders again", () => {
  assert.equal(uiText(fakeModel(), "pass", { explanation: "{colour} cannot move" }),
    "Pass: {colour} cannot move");
});

test("uiText: a language with no table reads English", () => {
  assert.equal(uiText(fakeModel({ language: "xx" }), "first"), UI_STRINGS.en.first);
});

test("uiText: an entry missing from a language reads English", () => {
  const key = "only-in-english-for-this-test";
  UI_STRINGS.en[key] = "English {n}";
  try {
    assert.equal(uiText(french(), key, { n: 1 }), "English 1");
  } finally {
    delete UI_STRINGS.en[key];
  }
});

test("uiText: an unknown key reads as itself, so a missing entry shows, not a blank", () => {
  assert.equal(uiText(fakeModel(), "no.such.key"), "no.such.key");
});

test("uiText: no model (or no language) is English", () => {
  assert.equal(uiText(null, "first"), UI_STRINGS.en.first);
  assert.equal(uiText(fakeModel({ language: "" }), "first"), UI_STRINGS.en.first);
});

test("uiHas: whether the language has its own entry (an article for a card, say)", () => {
  assert.equal(uiHas(fakeModel(), "card_article.8"), true);
  assert.equal(uiHas(fakeModel(), "card_article.7"), false);
  assert.equal(uiHas(french(), "card_article"), true);
});

test("strings: every language's table has only keys English has, and no empty entry", () => {
  for (const [language, table] of Object.entries(UI_STRINGS)) {
    for (const [key, text] of Object.entries(table)) {
      assert.ok(key in UI_STRINGS.en, `${language}: ${key} is not an English key`);
      assert.ok(typeof text === "string" && text.length > 0, `${language}: ${key} is empty`);
    }
  }
});

test("strings: a translation keeps the English entry's placeholders", () => {
  const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [language, table] of Object.entries(UI_STRINGS)) {
    for (const [key, text] of Object.entries(table)) {
      assert.deepEqual(names(text), names(UI_STRINGS.en[key]), `${language}: ${key}`);
    }
  }
});
