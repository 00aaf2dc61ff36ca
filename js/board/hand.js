// Play for points: the person's hand of cards.

import { focusKeeper, h } from "../dom.js";
import { uiText } from "../strings.js";
import { cardLabel, withArticle } from "../words.js";

/**
 * Play for points: the person's hand of cards, from which they pick the card to move with
 * (its moves are then the ones the board offers) or discard one no card can move.
 * @param {object} ctx
 * @param {HTMLElement} ctx.box where the hand is shown
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean}} ctx.shell
 * @param {() => void} ctx.schedule redraw, once per batch
 * @param {(notation: string) => void} ctx.sendMove play a move (a discard)
 * @param {() => void} ctx.onPick a card was picked: clicks towards a move start afresh
 * @param {() => (SVGSVGElement|undefined)} ctx.board the board's picture, where the focus goes
 *   when the hand it was in is gone
 * @returns {{fill: (pend: Pending|null) => void, chosen: () => (string|null),
 *   forget: () => void}}
 */
export function handBox({ model, box, shell, schedule, sendMove, onPick, board }) {
  let chosenCard = null;    // the card picked from the hand
  // The hand is drawn afresh: a card pressed keeps the focus, a discard passes it to the board.
  const focus = focusKeeper(box, board);
  /** @param {Pending|null} pend the person's turn, if the play shown waits for it */
  function fill(pend) {
    focus.before();
    fillHand(pend);
    focus.after();
  }

  /** @param {Pending|null} pend */
  function fillHand(pend) {
    box.replaceChildren();
    box.hidden = !(pend && pend.hand && shell.isLive());
    if (box.hidden) return;
    const movable = new Set(pend.moves.filter((m) => m.kind !== "discard").map((m) => m.card));
    if (chosenCard && !movable.has(chosenCard)) chosenCard = null;
    if (!chosenCard && movable.size === 1) chosenCard = [...movable][0];
    for (const card of pend.hand) {
      const cardButton = h("button", { type: "button", class: "sw-hand-card" +
        (card === chosenCard ? " sw-active" : ""), "data-card": card,
        "aria-pressed": String(card === chosenCard),
        title: uiText(model, movable.has(card) ? "hand.play" : "hand.cannot_move",
          { card: withArticle(model, card) }),
        onclick: () => { chosenCard = card; onPick(); schedule(); } },
        cardLabel(model, card));
      cardButton.disabled = !movable.has(card);
      box.append(cardButton);
    }
    for (const m of pend.moves.filter((x) => x.kind === "discard")) {
      box.append(h("button", { type: "button", class: "sw-discard", title: m.explanation,
        onclick: () => { chosenCard = m.card; sendMove(m.notation); } },
        uiText(model, "hand.discard", { card: withArticle(model, m.card) })));
    }
  }

  return { fill, chosen: () => chosenCard, forget: () => { chosenCard = null; } };
}
