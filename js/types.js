// The synced data's shapes, once: what Python's traits hold (sorry_widget/widget/widget.py,
// cardwidget.py). JSDoc only; the other modules name these types.

// --- the synced data (Python writes these traits; the page only reads them) ---------------
// Place keys are strings ("R12", "Rstart", a number for a square of the track) and pawn
// keys say where each colour's pawns stand; the page never computes either.

/** @typedef {{get: (name: string) => any, set: (name: string, value: any) => void,
 *   save_changes: () => void, send: (content: object) => void,
 *   on: (event: string, fn: Function) => void, off: (event: string, fn: Function) => void}}
 *   AnyModel anywidget's model of a view */

/** @typedef {[string, string, string[], string]} Motion one pawn's motion in a play:
 *   [colour, from, path of place keys, kind]; a list, not an object, for its size */

/** @typedef {object} PlayData one entry of `plays` / `recent_plays` (a play, or in the card
 *   game an action with the refusals after it)
 * @property {number} turn the rules' turn
 * @property {string} colour who played
 * @property {string} card the card's name ("sorry", "11", …)
 * @property {string} notation
 * @property {string} explanation
 * @property {string[]} rules ids of the rules the play follows
 * @property {Motion[]} [motions] board: how the pawns moved
 * @property {number} [total] card game: the running total after the action
 * @property {string} [callout] card game: what the total is called out as */

/** @typedef {object} Choice one move or action offered to the person in `pending`
 * @property {string} notation
 * @property {string} explanation
 * @property {string[]} rules
 * @property {string} card the card it plays
 * @property {string} kind
 * @property {string[][]} [clicks] board: the places to click in order, each entry the keys
 *   accepted for that click
 * @property {string[][]} [alt_clicks] board: a split's clicks in the other order
 * @property {string} [result] board: the pawns after it, as JSON, to tell moves apart */

/** @typedef {object} Pending the person's turn ({} when it is not theirs)
 * @property {number} play the play they are about to make
 * @property {string} colour
 * @property {string} [card] board: the card drawn ("" when playing from a hand)
 * @property {string[]} [hand] the hand they play from
 * @property {boolean} [coach] board: the coach may advise
 * @property {Choice[]} [moves] board
 * @property {Choice[]} [actions] card game
 * @property {string} [window] card game: "steal", "block" or ""
 * @property {string} [prompt] card game: what a window asks */

/** @typedef {object} Final how the last play leaves the game
 * @property {string|null} [to_move] board: who moves next (null: over, or a demo)
 * @property {string|string[]|null} [winner] board: a colour, or a team
 * @property {Object<string, number>} [scores] board: play for points
 * @property {boolean} [double_game] board
 * @property {string[]} [winners] card game
 * @property {string} [to_act] card game */

/** @typedef {object} Drawing the board's pictures, sent once
 * @property {Object<string, {x: number, y: number, half: number, round?: boolean,
 *   slots?: number[][]}>} places every place's centre, half width and pawn slots
 * @property {string} board SVG markup of the empty board
 * @property {Object<string, string>} pawns SVG markup of each colour's pawn
 * @property {Object<string, string>} cards SVG markup of each card face ("" the back)
 * @property {string} dark_css what repaints the one drawing under .sw-dark
 * @property {Object<string, Object<string, string>>} themes each theme's colours for
 *   trails and notes */

/** @typedef {object} RuleText what a rule badge shows; `rule_texts` maps rule ids to these
 * @property {string} summary the rule in one line
 * @property {string} title its heading on the rules page ("" where it has none)
 * @property {string} text its full text, as the rules page states it
 * @property {string} link its place on the docs site */

/** @typedef {{text: string, arrows: string[][], squares: string[]}} Annotation a play's
 *   note; `annotations` maps play numbers (as strings) to these */

/** @typedef {object} CoachAdvice the coach's estimates for `pending`'s play ({} when none)
 * @property {number} play
 * @property {string} card
 * @property {string} colour
 * @property {number} rollouts
 * @property {string} strategy
 * @property {string} engine
 * @property {number} seconds
 * @property {string} [method] "exact", "racing" (clearly worse moves dropped) or "full"
 * @property {number} [games] games played in all
 * @property {string} [verdict] how sure the coach is, in one sentence
 * @property {{notation: string, explanation: string, wins: number, games: number,
 *   win_rate: number, ci95: number[], best: boolean, targets: string[], exact?: boolean,
 *   dropped?: boolean}[]} moves */

/** @typedef {object} Tables the card game's table: every frame drawn by Python, each distinct
 *   piece sent once (`recent_tables` holds the newest pieces and frames alike)
 * @property {string} [theme]
 * @property {string} [faces] SVG defs of every card face
 * @property {string[]} pieces SVG markup of each piece
 * @property {number[][]} frames each frame as indices into `pieces`
 * @property {{total: number, callout: string}} [start] */

export {};
