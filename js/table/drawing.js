import { uiText, wordText } from "../strings.js";
import { a11yWords } from "../words.js";

// --- the card game's table --------------------------------------------------------------
// Python draws every frame of the table (sorry_widget.render.cardtable): a frame is a list of
// pieces (the centre, each seat), each distinct piece sent once, and the card faces it refers
// to are sent once too. The page shows frame `play`, and in a game lets the person act: click a
// card of their hand; Play 2 then takes two number cards; a steal or block window is a prompt
// with two buttons. It knows no rules: every legal action comes from Python with its card.

/** A card game card's name in the model's language: "7", "Take 2", "Slide 15" (the words
 * catalog's card names; a Slide as its face's short form, the ui entry card.slide). */
export const cardName = (model, card) => {
  const slide = /^slide-(\d+)$/.exec(card);
  if (slide) return uiText(model, "card.slide", { n: slide[1] });
  if (card === "sorry-steal") return wordText(model, "cardgame.face.sorry-steal", card);
  return wordText(model, `cardgame.card.${card}`, card);
};

/**
 * The card table's picture: the frames Python drew, each distinct piece sent once, and the
 * card faces they refer to. It shows one frame at a time.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {HTMLElement} ctx.root the table view's root, which says the frame shown
 * @param {HTMLElement} ctx.faces where the card faces' SVG defs go
 * @param {HTMLElement} ctx.picture where the frame is drawn
 * @param {(ev: Event) => void} ctx.onClick a click (or Enter, Space) on the table
 * @returns {{load: () => void, show: (i: number) => void, plays: () => PlayData[],
 *   frames: () => number[][], svg: () => (SVGSVGElement|null),
 *   seatCards: (colour: string) => SVGGElement[]}}
 */
export function tableDrawing({ model, root, faces, picture, onClick }) {
  let plays = [];     // every action's data (plays + recent_plays)
  let pieces = [];    // distinct SVG pieces of the table
  let frames = [];    // each frame's piece indices
  let facesOf = null; // the faces markup shown
  let shown = -1;

  function load() {
    const tables = model.get("tables") || {};
    const recent = model.get("recent_tables") || {};
    pieces = [...(tables.pieces || []), ...(recent.pieces || [])];
    frames = [...(tables.frames || []), ...(recent.frames || [])];
    plays = [...(model.get("plays") || []), ...(model.get("recent_plays") || [])];
    if (tables.faces !== facesOf) { faces.innerHTML = tables.faces || ""; facesOf = tables.faces; }
    shown = -1;
  }

  function show(i) {
    if (i === shown) return;
    picture.innerHTML = frames[i].map((k) => pieces[k]).join("") + "</svg>";
    const svg = picture.querySelector("svg");
    // A group of named seats, not one image: the person's cards take focus. A hidden hand is
    // said as its count only.
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", `${a11yWords(model).tableHint}: ${svg.getAttribute("aria-label") || ""}`);
    for (const seat of svg.querySelectorAll("g.player[data-colour]")) {
      const faceUp = [.../** @type {NodeListOf<SVGGElement>} */ (seat.querySelectorAll("g.hand-card[data-card]"))].map((c) => cardName(model, c.dataset.card));
      const { colour, hand, home } = /** @type {SVGGElement} */ (seat).dataset;
      seat.setAttribute("role", "group");
      seat.setAttribute("aria-label", faceUp.length ? a11yWords(model).seatFaceUp(colour, faceUp, home)
        : a11yWords(model).seat(colour, Number(hand), home));
      for (const back of seat.querySelectorAll("g.hand-card:not([data-card])")) {
        back.setAttribute("aria-hidden", "true");
      }
    }
    svg.addEventListener("click", onClick);
    svg.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(ev); }
    });
    svg.dataset.play = String(i);
    shown = i;
    root.dataset.shown = String(i);
  }

  const svg = () => picture.querySelector("svg");

  function seatCards(colour) {
    const pic = svg();
    return pic ? [.../** @type {NodeListOf<SVGGElement>} */ (pic.querySelectorAll(
      `g.player[data-colour="${colour}"] g.hand-card[data-card]`))] : [];
  }

  return { load, show, plays: () => plays, frames: () => frames, svg, seatCards };
}
