import assert from "node:assert/strict";
import { test } from "node:test";

import { a11yWords, capital, cardLabel, moveItems, placeName, stop, winnerLine, withArticle }
  from "../words.js";
import { fakeModel, french } from "./fake-model.js";

test("capital: the first letter in capitals, nothing of nothing", () => {
  assert.equal(capital("red"), "Red");
  assert.equal(capital(""), "");
  assert.equal(capital(undefined), "");
});

test("winnerLine: a colour wins, a team's two colours win", () => {
  assert.equal(winnerLine("red"), "Red wins!");
  assert.equal(winnerLine(["red", "yellow"]), "Red and Yellow win!");
});

test("cardLabel: the Sorry! card by its name, numbers as they are", () => {
  assert.equal(cardLabel("sorry"), "Sorry!");
  assert.equal(cardLabel("11"), "11");
});

test("withArticle: an 8 and an 11, a 7 and a Sorry!", () => {
  assert.equal(withArticle("8"), "an 8");
  assert.equal(withArticle("11"), "an 11");
  assert.equal(withArticle("7"), "a 7");
  assert.equal(withArticle("sorry"), "a Sorry!");
});

test("stop: a sentence gets one stop, never two", () => {
  assert.equal(stop("Red holds a 7"), "Red holds a 7.");
  assert.equal(stop("Red holds a Sorry!"), "Red holds a Sorry!");
  assert.equal(stop("Which one?"), "Which one?");
  assert.equal(stop("Done."), "Done.");
});

test("placeName: the track's squares, safety zones, START and HOME by their spoken names", () => {
  const words = a11yWords(fakeModel());
  assert.equal(placeName("12", words), "square 12");
  assert.equal(placeName("red:safety-2", words), "red safety 2");
  assert.equal(placeName("blue:start", words), "blue START");
  assert.equal(placeName("green:home", words), "green HOME");
});

test("placeName: in French, with the colour's French name", () => {
  const words = a11yWords(french());
  assert.equal(placeName("12", words), "case 12");
  assert.equal(placeName("red:safety-2", words), "zone de sécurité de Rouge, case 2");
  assert.equal(placeName("blue:home", words), "MAISON de Bleu");
});

test("a11yWords: one pawn and several pawns are said apart", () => {
  const words = a11yWords(fakeModel());
  assert.equal(words.pawns("red", 1), "red pawn");
  assert.equal(words.pawns("red", 3), "3 red pawns");
});

test("a11yWords: a seat's name counts its cards (one card, several) and its pawns HOME", () => {
  const words = a11yWords(fakeModel());
  assert.equal(words.seat("blue", 1, 2), "blue: 1 card, 2 HOME");
  assert.equal(words.seat("blue", 5, 0), "blue: 5 cards, 0 HOME");
  assert.equal(words.seatFaceUp("red", ["Slide 4", "Take 2"], 1), "red: Slide 4, Take 2; 1 HOME");
});

test("a11yWords: a play said to a screen reader has its number, notation and text", () => {
  assert.equal(a11yWords(fakeModel()).play(3, "R4-9", "Red moves."), "Play 3: R4-9. Red moves.");
  assert.equal(a11yWords(french()).play(3, "R4-9", "Rouge."), "Coup 3 : R4-9. Rouge.");
});

test("a11yWords: the landmarks' names differ by view and by language", () => {
  const en = a11yWords(fakeModel());
  assert.notEqual(en.boardRegion, en.tableRegion);
  assert.notEqual(a11yWords(french()).boardRegion, en.boardRegion);
});

test("moveItems: one item per play, its notation in its player's colour, its explanation as title", () => {
  const plays = [{ turn: 1, colour: "red", card: "1", notation: "R s-4", explanation: "Red leaves START.", rules: [] },
    { turn: 2, colour: "blue", card: "2", notation: "B s-19", explanation: "Blue too.", rules: [] }];
  assert.deepEqual(moveItems(plays), [
    { label: "R s-4", colour: "red", title: "Red leaves START." },
    { label: "B s-19", colour: "blue", title: "Blue too." }]);
  assert.deepEqual(moveItems([]), []);
});
