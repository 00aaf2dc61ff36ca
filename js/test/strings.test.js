import assert from "node:assert/strict";
import { test } from "node:test";

import { UI_ENGLISH, colourWord, numberText, percentText, uiCount, uiHas, uiText, wordText }
  from "../strings.js";
import { PAGE_STRINGS, fakeModel, french } from "./fake-model.js";

// The French words below are the catalogs' (page-strings.json is what Python sends in French).
const FR = PAGE_STRINGS.fr;

test("uiText: the entry of the model's language, as Python sent it", () => {
  assert.equal(uiText(fakeModel(), "first"), UI_ENGLISH.first);
  assert.equal(uiText(french(), "first"), FR.ui.first);
  assert.equal(uiText(french(), "first"), "« Début");
  assert.notEqual(FR.ui.first, UI_ENGLISH.first);
});

test("uiText: the words follow the strings trait, not the language's name", () => {
  // A page whose widget switched language gets the new trait: that is what it shows.
  assert.equal(uiText(fakeModel({ language: "en", strings: FR }), "first"), FR.ui.first);
});

test("uiText: {name} is filled from the values, each time it appears", () => {
  assert.equal(uiText(fakeModel(), "status.where", { play: 4, last: 9, turn: 2 }),
    "(play 4 of 9 · turn 2)");
  assert.equal(uiText(fakeModel(), "team_wins", { first: "Red", second: "Yellow" }),
    "Red and Yellow win!");
  assert.equal(uiText(french(), "status.where", { play: 4, last: 9, turn: 2 }),
    "(coup 4 sur 9 · tour 2)");
});

test("uiText: a value may be a number or 0, and a placeholder with no value stays as it is", () => {
  assert.equal(uiText(fakeModel(), "table.total", { total: 0 }), "Total: 0");
  assert.equal(uiText(fakeModel(), "table.total"), "Total: {total}");
});

test("uiText: values are not read as placeholders again", () => {
  assert.equal(uiText(fakeModel(), "full_rule_titled", { title: "{colour} cannot move" }),
    "The full rule: {colour} cannot move");
});

test("uiText: a model with no strings trait (an old saved page) reads the page's English", () => {
  assert.equal(uiText(fakeModel({ language: "fr", strings: undefined }), "first"), UI_ENGLISH.first);
  assert.equal(uiText(fakeModel({ strings: {} }), "first"), UI_ENGLISH.first);
});

test("uiText: an entry the trait lacks, or holds as no text, reads English", () => {
  const ui = { ...FR.ui };
  delete ui.first;
  const model = french({ strings: { ...FR, ui: { ...ui, back: 7 } } });
  assert.equal(uiText(model, "first"), UI_ENGLISH.first);
  assert.equal(uiText(model, "back"), UI_ENGLISH.back);
  assert.equal(uiText(model, "next"), FR.ui.next);
});

test("uiText: an unknown key reads as itself, so a missing entry shows, not a blank", () => {
  assert.equal(uiText(fakeModel(), "no.such.key"), "no.such.key");
  assert.equal(uiText(french(), "no.such.key"), "no.such.key");
});

test("uiText: no model is English", () => {
  assert.equal(uiText(null, "first"), UI_ENGLISH.first);
});

test("uiHas: whether the page has an entry (an article for a card, say)", () => {
  assert.equal(uiHas(fakeModel(), "card_article.8"), true);
  assert.equal(uiHas(fakeModel(), "card_article.7"), false);
  assert.equal(uiHas(french(), "card_article"), true);
});

test("uiCount: the form the language's plural rule picks (French says 0 and 1 alike)", () => {
  assert.equal(uiCount(fakeModel(), "new.n_players", 0), "0 players");
  assert.equal(uiCount(french(), "new.n_players", 0), FR.ui["new.n_players"][0].replace("{n}", "0"));
  assert.equal(uiCount(french(), "new.n_players", 1), "1 joueur");
  assert.equal(uiCount(french(), "new.n_players", 2), "2 joueurs");
  assert.equal(uiCount(fakeModel(), "a11y.pawns", 1, { player: "red" }), "red pawn");
  assert.equal(uiCount(fakeModel(), "a11y.pawns", 0, { player: "red" }), "0 red pawns");
});

test("uiCount: a trait with no forms for the count reads English's, by English's rule", () => {
  const model = french({ strings: { ...FR, ui: {} } });
  assert.equal(uiCount(model, "new.n_players", 0), "0 players");
});

test("wordText and colourWord: the words catalog's colours, cards and places", () => {
  assert.equal(colourWord(french(), "red"), FR.words["colour.red"]);
  assert.equal(colourWord(french(), "red"), "rouge");
  assert.equal(colourWord(fakeModel(), "red"), "red");
  assert.equal(wordText(french(), "board.aria.square", "square {n}", { n: 12 }), "case 12");
  assert.equal(wordText(fakeModel({ strings: {} }), "board.aria.square", "square {n}", { n: 12 }),
    "square 12");
});

test("strings: Python sends every entry of the page's English, and only those, in each language", () => {
  for (const [language, sent] of Object.entries(PAGE_STRINGS)) {
    assert.deepEqual(Object.keys(sent.ui).sort(), Object.keys(UI_ENGLISH).sort(), language);
    for (const [key, text] of Object.entries(sent.ui)) {
      const english = UI_ENGLISH[key];
      if (Array.isArray(english)) {
        assert.ok(Array.isArray(text) && text.length === sent.nplurals, `${language}: ${key}`);
      } else {
        assert.ok(typeof text === "string" && text.length > 0, `${language}: ${key} is empty`);
      }
    }
  }
  assert.deepEqual(PAGE_STRINGS.en.ui, UI_ENGLISH);
});

test("strings: a translation keeps the English entry's placeholders", () => {
  const names = (text) => [...new Set([text].flat().flatMap((form) =>
    [...form.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
  for (const [language, sent] of Object.entries(PAGE_STRINGS)) {
    for (const [key, text] of Object.entries(sent.ui)) {
      assert.deepEqual(names(text), names(UI_ENGLISH[key]), `${language}: ${key}`);
    }
  }
});

test("numberText and percentText: English as the page always wrote it", () => {
  assert.equal(numberText(fakeModel(), 12345), "12,345");
  assert.equal(percentText(fakeModel(), 0.953), "95.3%");
  assert.equal(percentText(fakeModel(), 0.5, 0), "50%");
  assert.equal(percentText(fakeModel(), 0.12345, 2), "12.35%");
});

test("numberText and percentText: French from the browser's locale data (CLDR)", () => {
  assert.equal(numberText(french(), 12345), "12\u202f345");
  assert.equal(percentText(french(), 0.953), "95,3\u00a0%");
  assert.equal(percentText(french(), 0.5, 0), "50\u00a0%");
});

test("numberText: follows the strings trait's language, not the browser's", () => {
  assert.equal(numberText(fakeModel({ language: "en", strings: PAGE_STRINGS.fr }), 1000),
    "1\u202f000");
});
