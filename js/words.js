// Words the page makes from the model's data: card and colour names, what a screen reader is
// told, the move list's items.

import { colourWord, uiCount, uiHas, uiText, wordText } from "./strings.js";

export const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");

/** A board game card's name: "7", "Sorry!" (the words catalog's). */
export const cardLabel = (model, name) => (name === "sorry"
  ? wordText(model, "board.card.sorry", "Sorry!") : name);
/** A board game card with its article, "a 7", "an 8", "un 7". */
export const withArticle = (model, card) => uiText(model,
  uiHas(model, `card_article.${card}`) ? `card_article.${card}` : "card_article",
  { card: cardLabel(model, card) });
/** A colour's name as a line starts it: "Red", "Rouge". */
export const colourName = (model, colour) => (colour ? capital(colourWord(model, colour)) : "");
// A sentence ending on "Sorry!" has its stop already: "Red holds a Sorry!", not "Sorry!.".
export const stop = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

// What the accessibility layer says (names, announcements, keyboard hints), in one place so
// that it can be translated with the rest.
/**
 * What a screen reader is told (names, hints, what stands on a place), in the model's language
 * (the `a11y.` entries of the string table).
 * @param {AnyModel} model
 */
export function a11yWords(model) {
  const t = (key, values) => uiText(model, `a11y.${key}`, values);
  const player = (colour) => colourWord(model, colour);
  return {
    boardRegion: t("board_region"),
    tableRegion: t("table_region"),
    boardHint: t("board_hint"),
    tableHint: t("table_hint"),
    moveListHint: t("move_list_hint"),
    square: (n) => t("square", { n }),
    safety: (colour, n) => t("safety", { player: player(colour), n }),
    start: (colour) => t("start", { player: player(colour) }),
    home: (colour) => t("home", { player: player(colour) }),
    empty: t("empty"),
    pawns: (colour, n) => uiCount(model, "a11y.pawns", n, { player: player(colour) }),
    movable: t("movable"),
    target: t("target"),
    chosen: t("chosen"),
    play: (n, notation, text) => t("play", { n, notation, text }),
    start0: t("start0"),
    seat: (colour, cards, home) => uiCount(model, "a11y.seat", cards,
      { player: player(colour), cards, home }),
    seatFaceUp: (colour, names, home) => t("seat_face_up",
      { player: player(colour), names: names.join(", "), home }),
  };
}

/** A place's spoken name from its key: "12", "red:safety-2", "red:start", "red:home";
 * `words`: {@link a11yWords} of the model. */
export function placeName(key, words) {
  if (!key.includes(":")) return words.square(key);
  const [colour, where] = key.split(":");
  if (where === "start") return words.start(colour);
  if (where === "home") return words.home(colour);
  return words.safety(colour, where.replace(/^safety-?/, ""));
}

/** A pawn's accessible name, as the board's picture names it (the words catalog's
 * board.aria entries): "red pawn on square 12", "red pawn on start", "pion rouge : case 12". */
export function pawnName(model, colour, key) {
  const where = key.includes(":") ? key.split(":")[1] : "";
  const place = !where ? wordText(model, "board.aria.square", "square {n}", { n: key })
    : where === "start" || where === "home" ? wordText(model, `board.aria.place.${where}`, where)
      : wordText(model, "board.aria.place.safety", "safety-{n}", { n: where.replace(/^safety-?/, "") });
  return wordText(model, "board.aria.pawn", "{colour} pawn on {place}",
    { colour: colourWord(model, colour), place });
}

/**
 * A move's notation as the page shows it: the notation itself (R12-17, the same in every
 * language), but its two words, a forfeit's "pass" and a hand's "discard", in the words'
 * language ("R passe", "R défausse 5").
 * @param {AnyModel} model @param {string} notation
 * @returns {string}
 */
export function notationText(model, notation) {
  const worded = /^(\S+) (pass|discard)(?: (\S+))?$/.exec(notation || "");
  if (!worded) return notation;
  const [, who, what, card] = worded;
  return `${who} ${uiText(model, `notation.${what}`, { card: card || "" })}`;
}

/**
 * The move list's items, one per play (or action): its notation, in its player's colour.
 * @param {AnyModel} model
 * @param {PlayData[]} plays
 * @returns {{label: string, colour: string, title: string}[]}
 */
export const moveItems = (model, plays) => plays.map((p) => ({ label: notationText(model, p.notation),
  colour: p.colour, title: p.explanation }));
