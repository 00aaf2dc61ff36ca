import assert from "node:assert/strict";
import { test } from "node:test";

import { a11yWords, capital, cardLabel, colourName, moveItems, notationText, pawnName, placeName, stop,
  withArticle } from "../words.js";
import { fakeModel, french } from "./fake-model.js";

test("capital: the first letter in capitals, nothing of nothing", () => {
  assert.equal(capital("red"), "Red");
  assert.equal(capital(""), "");
  assert.equal(capital(undefined), "");
});

test("colourName: a colour's name as a line starts it, in the model's language", () => {
  assert.equal(colourName(fakeModel(), "red"), "Red");
  assert.equal(colourName(french(), "red"), "Rouge");
  assert.equal(colourName(french(), ""), "");
});

test("cardLabel: the Sorry! card by its name, numbers as they are", () => {
  assert.equal(cardLabel(fakeModel(), "sorry"), "Sorry!");
  assert.equal(cardLabel(fakeModel(), "11"), "11");
  assert.equal(cardLabel(fakeModel({ strings: { words: { "board.card.sorry": "¡Sorry!" } } }), "sorry"),
    "¡Sorry!");
});

test("withArticle: an 8 and an 11, a 7 and a Sorry!", () => {
  const model = fakeModel();
  assert.equal(withArticle(model, "8"), "an 8");
  assert.equal(withArticle(model, "11"), "an 11");
  assert.equal(withArticle(model, "7"), "a 7");
  assert.equal(withArticle(model, "sorry"), "a Sorry!");
});

test("withArticle: in French, every card takes un (the catalog's entries)", () => {
  assert.equal(withArticle(french(), "8"), "un 8");
  assert.equal(withArticle(french(), "7"), "un 7");
});

test("pawnName: a pawn's name as the board's picture says it, in the model's language", () => {
  assert.equal(pawnName(fakeModel(), "red", "12"), "red pawn on square 12");
  assert.equal(pawnName(fakeModel(), "red", "red:start"), "red pawn on start");
  assert.equal(pawnName(fakeModel(), "blue", "blue:safety-3"), "blue pawn on safety-3");
  assert.equal(pawnName(french(), "red", "12"), "pion rouge : case 12");
  assert.equal(pawnName(french(), "red", "red:home"), "pion rouge : MAISON");
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
  assert.equal(placeName("red:safety-2", words), "zone de sécurité de rouge, case 2");
  assert.equal(placeName("blue:home", words), "MAISON de bleu");
});

test("a11yWords: one pawn and several pawns are said apart", () => {
  const words = a11yWords(fakeModel());
  assert.equal(words.pawns("red", 1), "red pawn");
  assert.equal(words.pawns("red", 3), "3 red pawns");
  assert.equal(a11yWords(french()).pawns("red", 1), "pion de rouge");
  assert.equal(a11yWords(french()).pawns("red", 3), "3 pions de rouge");
});

test("a11yWords: a seat's name counts its cards (one card, several) and its pawns HOME", () => {
  const words = a11yWords(fakeModel());
  assert.equal(words.seat("blue", 1, 2), "blue: 1 card, 2 HOME");
  assert.equal(words.seat("blue", 5, 0), "blue: 5 cards, 0 HOME");
  assert.equal(words.seatFaceUp("red", ["Slide 4", "Take 2"], 1), "red: Slide 4, Take 2; 1 HOME");
  assert.equal(a11yWords(french()).seat("blue", 1, 2), "bleu : 1 carte, 2 à l'ARRIVÉE");
  // French's rule, the catalog's: 0 takes the singular, as 1 does (English: "0 cards").
  assert.equal(a11yWords(french()).seat("blue", 0, 0), "bleu : 0 carte, 0 à l'ARRIVÉE");
  assert.equal(words.seat("blue", 0, 0), "blue: 0 cards, 0 HOME");
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
  assert.deepEqual(moveItems(fakeModel(), plays), [
    { label: "R s-4", colour: "red", title: "Red leaves START." },
    { label: "B s-19", colour: "blue", title: "Blue too." }]);
  assert.deepEqual(moveItems(fakeModel(), []), []);
});

test("notationText: a forfeit's and a discard's word in the model's language, the rest as it is", () => {
  assert.equal(notationText(fakeModel(), "R pass"), "R pass");
  assert.equal(notationText(french(), "R pass"), "R passe");
  assert.equal(notationText(french(), "Y discard 5"), "Y défausse 5");
  assert.equal(notationText(french(), "R12-15 R40-44"), "R12-15 R40-44");
});
