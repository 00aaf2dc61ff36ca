// The Sorry! board's page side. It draws what the model's traits say and reports what the
// person does. It knows no rules: the board, pawns, card faces, every place's coordinates and
// every play's pawn motions come from Python (sorry_widget.render); the page only follows the
// motions to know where pawns stand, and draws trails and notes from the same coordinates.
//
// Words (docs/rules.md, "Plays and turns"): a play is one card played, numbered from 1, and
// play 0 is the start; the model's `play` is the play shown. A turn is a turn of the rules.
//
// This is the entry of the page's modules (js/); `npm run build` bundles them with esbuild into
// sorry_widget/widget/widget.js, the one ES module the widgets load (`_esm`).

import { renderBoard } from "./board/view.js";
import { checkedModel } from "./messages.js";
import { renderCardTable } from "./table/view.js";

// The browser tests reach the pawns' frames through the bundle.
export { framesOf } from "./board/frames.js";

// One module, one view per kind of game: the board, or the card game's table. The view's
// messages to Python are checked against page_messages.json as they are sent.
/**
 * @param {{model: AnyModel, el: HTMLElement}} view anywidget's view
 * @returns {() => void} what removes the view's listeners
 */
function render({ model, el }) {
  const view = model.get("view") === "cardtable" ? "cardtable" : "board";
  const checked = checkedModel(model, view);
  return view === "cardtable" ? renderCardTable(checked, el) : renderBoard(checked, el);
}

export default { render };
