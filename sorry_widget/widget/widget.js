// The Sorry! board's page side. It draws what the model's traits say and reports what the
// person does. It knows no rules: the board, pawns, card faces, every place's coordinates and
// every play's pawn motions come from Python (sorry_widget.render); the page only follows the
// motions to know where pawns stand, and draws trails and notes from the same coordinates.
//
// Words (docs/rules.md, "Plays and turns"): a play is one card played, numbered from 1, and
// play 0 is the start; the model's `play` is the play shown. A turn is a turn of the rules.

// --- the page's own words, per language -------------------------------------------------------
// The model's `language` ("en", "fr", …: Python chooses it) picks the column; a missing entry
// reads in English. The English column is the source: scripts/update_catalogs.py puts it in
// each language's ui.po (sorry_widget/locale/<language>/LC_MESSAGES/) and writes the other
// columns back from the translated catalogs; tests/test_translations.py checks they agree.
const UI_STRINGS = {
  en: {
    first: "« First",
    first_title: "The start",
    back: "‹ Back",
    back_title: "Back one play",
    replay: "▶ Replay",
    replay_title: "Replay the game play by play",
    pause: "⏸ Pause",
    pause_title: "Pause",
    next: "Next ›",
    next_title: "Forward one play",
    last: "Last »",
    last_title: "The last play",
    scrubber: "play",
    speed: "replay speed (plays a second)",
    controls: "replay",
    animate: " animate",
    note_label: "note on this play",
    note_placeholder: "Note on this play…",
    save_note: "Save note",
    save_note_title: "Save the note on this play",
    clear: "Clear",
    clear_title: "Clear this play's note",
    offline: "Replay only: moves and notes need the notebook's Python kernel.",
    rule_badge_title: "{id} — {summary} Click for the full rule.",
    rule_label: "rule {id}",
    full_rule_titled: "The full rule: {title}",
    full_rule: "The full rule",
    rule_link: "{id} on the docs site ↗",
    since_start: "The computer players so far:",
    since_move: "Since your move:",
    show_move: "▶ Show the move",
    show_move_title: "Show the move this rule is about",
    reset: "↺ Reset",
    reset_title: "Back to the rule's position and card",
    reset_table_title: "Back to the lesson's table",
    new_game: "New game…",
    new_game_title: "Start a new game on this board",
    arrow: "Arrow",
    arrow_title: "Arrow: click two places",
    mark: "Mark",
    mark_title: "Mark places: click to toggle",
    demo_start: "The position for this rule.",
    game_start: "The start of the game.",
    high_card: "High-card draw: ",
    then: "; then ",
    leads: " — {colour} leads.",
    deal: "The deal: five cards each, every pawn card at START.",
    "card.take-2": "Take 2",
    "card.switch": "Switch",
    "card.play-2": "Play 2",
    "card.sorry-back": "SORRY!",
    "card.sorry-steal": "SORRY! steal",
    "card.dont-be-sorry": "Don't Be SORRY!",
    play_2_with: "Play 2 with:",
    which_one: "Which one?",
    "colour.red": "Red",
    "colour.blue": "Blue",
    "colour.yellow": "Yellow",
    "colour.green": "Green",
    card_article: "a {card}",
    "card_article.8": "an {card}",
    "card_article.11": "an {card}",
    "status.to_move": "{colour} to move",
    "status.drew": "{colour} to move — you drew {card}: click a pawn, then where it goes.",
    "status.pass": "{colour} to move — you drew {card}: no pawn can move with it, so press Pass.",
    "status.hand_choose": "{colour} to move — choose a card from your hand.",
    "status.hand_playing": "{colour} to move — playing {card}: click a pawn, then where it goes.",
    "status.demo_holds": "{colour} holds {card} Try it: click a pawn, then where it goes — or press Show the move.",
    "status.demo_move": "{colour}'s move with {card} Press Reset to try again.",
    "status.start": "(the start)",
    "status.where": "(play {play} of {last} · turn {turn})",
    wins: "{colour} wins!",
    team_wins: "{first} and {second} win!",
    play_of: "play {play} / {last}",
    "table.title": "The SORRY! card game",
    "answer.steal": "Steal the 21",
    "answer.steal_title": "Play your SORRY! steal card",
    "answer.pass": "Let it go",
    "answer.pass_title": "Keep your SORRY! card",
    "answer.block": "Block it",
    "answer.block_title": "Play Don't Be SORRY!",
    "answer.accept": "Accept",
    "answer.accept_title": "Keep your Don't Be SORRY! card",
    coach_ask: "Which move is best?",
    coach_title: "Play many games after each legal move and compare how often each one wins",
    coach_playing: "Playing games after each move…",
    pass: "Pass: {explanation}",
    choose_another: "Choose another card",
    start_game: "Start",
    "table.total": "Total: {total}",
    "table.decide": "{colour}, decide:",
    "table.play_2_first": "{colour}: Play 2 — click the first number card.",
    "table.play_2_second": "{colour}: Play 2 — click the second number card.",
    "table.no_card": "{colour} has no card: pass.",
    "table.discard": "{colour}: no card can be played — click one to discard it.",
    "table.your_turn": "{colour}, your turn: click a card in your hand.",
    "table.to_act": "{colour} to act",
    "table.lesson": "(the lesson's table)",
    "table.deal": "(the deal)",
    "a11y.board_region": "Sorry! board",
    "a11y.table_region": "SORRY! card game",
    "a11y.board_hint": "the board: arrow keys go from place to place, Enter picks the place",
    "a11y.table_hint": "the card table",
    "a11y.move_list_hint": "arrow keys step through them",
    "a11y.square": "square {n}",
    "a11y.safety": "{player} safety {n}",
    "a11y.start": "{player} START",
    "a11y.home": "{player} HOME",
    "a11y.empty": "empty",
    "a11y.pawn": "{player} pawn",
    "a11y.pawns": "{n} {player} pawns",
    "a11y.movable": "can move",
    "a11y.target": "can go here",
    "a11y.chosen": "chosen",
    "a11y.play": "Play {n}: {notation}. {text}",
    "a11y.start0": "The start of the game.",
    "a11y.seat_one": "{player}: {cards} card, {home} HOME",
    "a11y.seat": "{player}: {cards} cards, {home} HOME",
    "a11y.seat_face_up": "{player}: {names}; {home} HOME",
    "a11y.colour.red": "red",
    "a11y.colour.blue": "blue",
    "a11y.colour.yellow": "yellow",
    "a11y.colour.green": "green",
  },
  fr: {
    first: "« Début",
    first_title: "Le début de la partie",
    back: "‹ Reculer",
    back_title: "Un coup en arrière",
    replay: "▶ Rejouer",
    replay_title: "Rejouer la partie coup par coup",
    pause: "⏸ Pause",
    pause_title: "Pause",
    next: "Suivant ›",
    next_title: "Un coup en avant",
    last: "Fin »",
    last_title: "Le dernier coup",
    scrubber: "coup",
    speed: "vitesse de la relecture (coups par seconde)",
    controls: "relecture",
    animate: " animer",
    note_label: "note sur ce coup",
    note_placeholder: "Note sur ce coup…",
    save_note: "Enregistrer la note",
    save_note_title: "Enregistrer la note sur ce coup",
    clear: "Effacer",
    clear_title: "Effacer la note de ce coup",
    offline: "Relecture seulement : les coups et les notes demandent le noyau Python du notebook.",
    rule_badge_title: "{id} — {summary} Cliquez pour la règle complète.",
    rule_label: "règle {id}",
    full_rule_titled: "La règle complète : {title}",
    full_rule: "La règle complète",
    rule_link: "{id} sur le site de la documentation ↗",
    since_start: "Les joueurs ordinateur jusqu'ici :",
    since_move: "Depuis votre coup :",
    show_move: "▶ Montrer le coup",
    show_move_title: "Montrer le coup dont parle cette règle",
    reset: "↺ Recommencer",
    reset_title: "Revenir à la position et à la carte de la règle",
    reset_table_title: "Revenir à la table de la leçon",
    new_game: "Nouvelle partie…",
    new_game_title: "Commencer une nouvelle partie sur ce plateau",
    arrow: "Flèche",
    arrow_title: "Flèche : cliquez deux endroits",
    mark: "Marquer",
    mark_title: "Marquer des endroits : cliquez pour marquer ou démarquer",
    demo_start: "La position de cette règle.",
    game_start: "Le début de la partie.",
    high_card: "Tirage de la carte la plus forte : ",
    then: " ; puis ",
    leads: " — {colour} commence.",
    deal: "La donne : cinq cartes chacun, toutes les cartes Pion du côté DÉPART.",
    "card.take-2": "Pigez-en 2",
    "card.switch": "Changement de direction",
    "card.play-2": "Jouez-en 2",
    "card.sorry-back": "SORRY!",
    "card.sorry-steal": "SORRY! (vol)",
    "card.dont-be-sorry": "SORRY! Pas vraiment…",
    play_2_with: "Jouez-en 2 avec :",
    which_one: "Laquelle ?",
    "colour.red": "Rouge",
    "colour.blue": "Bleu",
    "colour.yellow": "Jaune",
    "colour.green": "Vert",
    card_article: "un {card}",
    "card_article.8": "un {card}",
    "card_article.11": "un {card}",
    "status.to_move": "{colour} joue",
    "status.drew": "{colour} joue — vous avez pioché {card} : cliquez un pion, puis là où il va.",
    "status.pass": "{colour} joue — vous avez pioché {card} : aucun pion ne peut bouger avec, appuyez donc sur Passer.",
    "status.hand_choose": "{colour} joue — choisissez une carte de votre main.",
    "status.hand_playing": "{colour} joue — avec {card} : cliquez un pion, puis là où il va.",
    "status.demo_holds": "{colour} a {card} Essayez : cliquez un pion, puis là où il va — ou appuyez sur Montrer le coup.",
    "status.demo_move": "Le coup de {colour} avec {card} Appuyez sur Recommencer pour réessayer.",
    "status.start": "(le début)",
    "status.where": "(coup {play} sur {last} · tour {turn})",
    wins: "{colour} gagne !",
    team_wins: "{first} et {second} gagnent !",
    play_of: "coup {play} / {last}",
    "table.title": "Le jeu de cartes SORRY!",
    "answer.steal": "Voler le 21",
    "answer.steal_title": "Jouer votre SORRY! de vol",
    "answer.pass": "Laisser faire",
    "answer.pass_title": "Garder votre carte SORRY!",
    "answer.block": "Le bloquer",
    "answer.block_title": "Jouer SORRY! Pas vraiment…",
    "answer.accept": "Accepter",
    "answer.accept_title": "Garder votre carte SORRY! Pas vraiment…",
    coach_ask: "Quel coup est le meilleur ?",
    coach_title: "Jouer beaucoup de parties après chaque coup permis et comparer combien de fois chacun gagne",
    coach_playing: "Parties en cours après chaque coup…",
    pass: "Passer : {explanation}",
    choose_another: "Choisir une autre carte",
    start_game: "Commencer",
    "table.total": "Total : {total}",
    "table.decide": "{colour}, à vous de décider :",
    "table.play_2_first": "{colour} : Jouez-en 2 — cliquez la première carte Nombre.",
    "table.play_2_second": "{colour} : Jouez-en 2 — cliquez la seconde carte Nombre.",
    "table.no_card": "{colour} n'a pas de carte : passez.",
    "table.discard": "{colour} : aucune carte ne peut se jouer — cliquez-en une pour la défausser.",
    "table.your_turn": "{colour}, à vous : cliquez une carte de votre main.",
    "table.to_act": "{colour} joue",
    "table.lesson": "(la table de la leçon)",
    "table.deal": "(la donne)",
    "a11y.board_region": "Plateau Sorry!",
    "a11y.table_region": "Jeu de cartes SORRY!",
    "a11y.board_hint": "le plateau : les flèches vont d'un endroit à l'autre, Entrée choisit l'endroit",
    "a11y.table_hint": "la table de jeu",
    "a11y.move_list_hint": "les flèches les parcourent",
    "a11y.square": "case {n}",
    "a11y.safety": "zone de sécurité de {player}, case {n}",
    "a11y.start": "DÉPART de {player}",
    "a11y.home": "MAISON de {player}",
    "a11y.empty": "vide",
    "a11y.pawn": "pion de {player}",
    "a11y.pawns": "{n} pions de {player}",
    "a11y.movable": "peut bouger",
    "a11y.target": "peut aller ici",
    "a11y.chosen": "choisi",
    "a11y.play": "Coup {n} : {notation}. {text}",
    "a11y.start0": "Le début de la partie.",
    "a11y.seat_one": "{player} : {cards} carte, {home} à l'ARRIVÉE",
    "a11y.seat": "{player} : {cards} cartes, {home} à l'ARRIVÉE",
    "a11y.seat_face_up": "{player} : {names} ; {home} à l'ARRIVÉE",
    "a11y.colour.red": "Rouge",
    "a11y.colour.blue": "Bleu",
    "a11y.colour.yellow": "Jaune",
    "a11y.colour.green": "Vert",
  },
};

/** Whether the model's language has its own entry for `key` (else English is shown). */
function uiHas(model, key) {
  return key in (UI_STRINGS[(model && model.get("language")) || "en"] || UI_STRINGS.en);
}

/** The page's words in the model's language, with `{name}` filled from `values`. */
function uiText(model, key, values = {}) {
  const language = (model && model.get("language")) || "en";
  const text = (UI_STRINGS[language] || {})[key] ?? UI_STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

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

const SVG_NS = "http://www.w3.org/2000/svg";

function svgFragment(markup) {
  const holder = document.createElementNS(SVG_NS, "g");
  holder.innerHTML = markup;
  return holder.firstElementChild;
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
// A winner is a colour, or a team's two colours (team rule sets).
const winnerLine = (w) => (Array.isArray(w) ? `${w.map(capital).join(" and ")} win!`
  : `${capital(w)} wins!`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cardLabel = (name) => (name === "sorry" ? "Sorry!" : name);
const withArticle = (name) => (["8", "11"].includes(name) ? "an " : "a ") + cardLabel(name);
// A sentence ending on "Sorry!" has its stop already: "Red holds a Sorry!", not "Sorry!.".
const stop = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

// What the accessibility layer says (names, announcements, keyboard hints), in one place so
// that it can be translated with the rest.
/**
 * What a screen reader is told (names, hints, what stands on a place), in the model's language
 * (the `a11y.` entries of the string table).
 * @param {Model} model
 */
function a11yWords(model) {
  const t = (key, values) => uiText(model, `a11y.${key}`, values);
  const player = (colour) => t(`colour.${colour}`);
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
    pawns: (colour, n) => (n === 1 ? t("pawn", { player: player(colour) })
      : t("pawns", { n, player: player(colour) })),
    movable: t("movable"),
    target: t("target"),
    chosen: t("chosen"),
    play: (n, notation, text) => t("play", { n, notation, text }),
    start0: t("start0"),
    seat: (colour, cards, home) => t(cards === 1 ? "seat_one" : "seat",
      { player: player(colour), cards, home }),
    seatFaceUp: (colour, names, home) => t("seat_face_up",
      { player: player(colour), names: names.join(", "), home }),
  };
}
// Each view's landmark has its own name on a page of several: "Sorry! board", "Sorry! board 2".
// The count is the page's: a notebook loads this module once per widget.
const regionName = (name) => {
  const named = (globalThis.__sorryWidgetRegions ||= {});
  named[name] = (named[name] || 0) + 1;
  return named[name] === 1 ? name : `${name} ${named[name]}`;
};
const reducedMotion = () => typeof matchMedia === "function" &&
  matchMedia("(prefers-reduced-motion: reduce)").matches;

// A button's label with its symbols (« ‹ ▶ › » ↺ ⏸) hidden from screen readers, so that its
// name is the visible word; its title says more.
function labelParts(label) {
  const m = label.match(/^([^\p{L}\p{N}]+) (.+)$/u) || label.match(/^(.+) ([^\p{L}\p{N}]+)$/u);
  if (!m) return [label];
  const symbolFirst = !/[\p{L}\p{N}]/u.test(m[1]);
  const hidden = (t) => h("span", { "aria-hidden": "true" }, t);
  return symbolFirst ? [hidden(m[1] + " "), m[2]] : [m[1], hidden(" " + m[2])];
}

/** A place's spoken name from its key: "12", "red:safety-2", "red:start", "red:home";
 * `words`: {@link a11yWords} of the model. */
function placeName(key, words) {
  if (!key.includes(":")) return words.square(key);
  const [colour, where] = key.split(":");
  if (where === "start") return words.start(colour);
  if (where === "home") return words.home(colour);
  return words.safety(colour, where.replace(/^safety-?/, ""));
}

// Where every pawn stands after each play: the start, then each play's motions followed.
// A motion is [colour, from, path, kind]; pawns of one colour are alike, so moving "a pawn of
// that colour standing on `from`" is exact.
/**
 * @param {Object<string, string[]>} start each colour's pawns' place keys at play 0
 * @param {PlayData[]} plays
 * @returns {Object<string, string[]>[]} the pawns after each play, the start first
 */
export function framesOf(start, plays) {
  let pawns = Object.fromEntries(Object.entries(start || {}).map(([c, keys]) => [c, [...keys]]));
  const frames = [pawns];
  for (const play of plays) {
    pawns = Object.fromEntries(Object.entries(pawns).map(([c, keys]) => [c, [...keys]]));
    for (const [colour, from, path] of play.motions) {
      const keys = pawns[colour];
      const i = keys ? keys.indexOf(from) : -1;
      if (i >= 0) keys[i] = path[path.length - 1];
    }
    frames.push(pawns);
  }
  return frames;
}

// --- drawing on the board, from coordinates Python gave -----------------------------------

function arrow(layer, [x1, y1], [x2, y2], colour, width, cls) {
  const dx = x2 - x1, dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length, uy = dy / length;
  const head = Math.min(16, length * 0.6);
  const bx = x2 - ux * head, by = y2 - uy * head;
  const g = svgEl("g", { class: cls, opacity: 0.85 });
  g.append(svgEl("line", { x1, y1, x2: bx, y2: by, stroke: colour, "stroke-width": width,
    "stroke-linecap": "round" }));
  const w = head * 0.6;
  g.append(svgEl("polygon", { fill: colour, points:
    `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` }));
  layer.append(g);
}

function outline(layer, place, key, colour, cls, { inset = 2.5, width = 4, fill = "none",
  opacity = 1 } = {}) {
  const common = { fill, stroke: colour, "stroke-width": width, class: cls, opacity,
    "data-place": key };
  const s = place.half - inset;
  layer.append(place.round
    ? svgEl("circle", { cx: place.x, cy: place.y, r: s, ...common })
    : svgEl("rect", { x: place.x - s, y: place.y - s, width: 2 * s, height: 2 * s, rx: 4,
      ...common }));
}


// The theme to draw in: the model's, or with "auto" the notebook's (JupyterLab marks its body)
// or else the browser's preference.
function themeOf(model) {
  const wanted = model.get("theme");
  if (wanted !== "auto") return wanted;
  const body = document.body;
  if (body && body.dataset.jpThemeLight !== undefined) {
    return body.dataset.jpThemeLight === "false" ? "dark" : "light";
  }
  return window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark" : "light";
}

// --- the replay shell: what every view of a game shares -----------------------------------
// Steps, scrubber, autoplay, speed, the move list, rule badges, notes on a play, notices and
// the "is a kernel listening" handshake. A view (the board, the card table) supplies the
// picture and the side panel; it tells the shell how many frames there are and which is shown.

/**
 * @param {AnyModel} model
 * @param {HTMLElement} root the view's root, which takes the keys and `sw-live`
 * @param {object} options
 * @param {() => number} options.count how many frames (the start and each play) there are
 * @param {() => void} options.onLive a kernel answered: redraw what it makes possible
 * @param {boolean} [options.animateOption] offer the "animate" box
 * @param {string} options.listLabel the move list's accessible name
 * @param {Partial<Annotation>} [options.clearNote] what Clear sends as the play's note
 * @param {Object<string, () => void>} [options.keys] more keys the view answers
 * @param {() => object} [options.hello] more to say in the hello to the kernel
 * @returns {{button: Function, goto: (n: number) => void, current: () => number,
 *   setAutoplay: (on: boolean) => void, showNotice: (text: string, level: string) => void,
 *   clearNotice: () => void, ruleBadge: (id: string) => HTMLElement,
 *   fillMoveList: (items: {label: string, colour: string, title: string}[]) => void,
 *   update: (i: number) => (Annotation|undefined), look: () => void,
 *   sendAnnotation: (parts: object) => void,
 *   fillSince: (i: number, plays: PlayData[]) => void,
 *   explain: (el: HTMLElement, play: (PlayData|null), otherwise: string) => void,
 *   isLive: () => boolean, parts: Object<string, HTMLElement>, start: () => void,
 *   stop: () => void}}
 */
function replayShell(model, root, { count, onLive, animateOption = true, listLabel,
  clearNote = { text: "" }, keys = {}, hello = () => ({}) }) {
  const t = (key, values) => uiText(model, key, values);
  const button = (label, title, name, onclick) =>
    h("button", { type: "button", class: "sw-" + name, title, onclick }, ...labelParts(label));
  const current = () => model.get("play");
  let live = false;
  let timer = null;

  const notice = h("div", { class: "sw-notice", role: "status", hidden: "" });
  const note = h("div", { class: "sw-note" });
  const ruleText = h("div", { class: "sw-rule-text", hidden: "" });
  // Focusable, so that a keyboard can scroll it; its arrow keys step through the plays.
  const moveList = h("ol", { class: "sw-moves", tabindex: "0",
    "aria-label": `${listLabel} (${a11yWords(model).moveListHint})` });
  moveList.addEventListener("keydown", (ev) => {
    const step = { ArrowUp: -1, ArrowDown: 1 }[ev.key];
    if (step) { ev.preventDefault(); goto(current() + step); }
  });
  // Each play's explanation is said once, when it is shown; nothing else on the panel is live.
  const announcer = h("div", { class: "sw-announce sw-sr-only", role: "status" });
  let announced = null;
  const since = h("div", { class: "sw-since", hidden: "" });

  function goto(n) {
    n = Math.max(0, Math.min(count() - 1, n));
    clearNotice();
    if (n === current()) return;
    model.set("play", n);
    model.save_changes();
  }

  function setAutoplay(on) {
    model.set("autoplay", on);
    model.save_changes();
  }

  const first = button(t("first"), t("first_title"), "first", () => goto(0));
  const back = button(t("back"), t("back_title"), "back", () => goto(current() - 1));
  const autoBtn = button(t("replay"), t("replay_title"), "autoplay",
    () => setAutoplay(!model.get("autoplay")));
  const fwd = button(t("next"), t("next_title"), "forward", () => goto(current() + 1));
  const last = button(t("last"), t("last_title"), "last", () => goto(count() - 1));
  const scrub = h("input", { type: "range", min: "0", value: "0", class: "sw-scrubber",
    "aria-label": t("scrubber") });
  scrub.addEventListener("input", () => goto(Number(scrub.value)));
  const speed = h("select", { class: "sw-speed", "aria-label": t("speed") });
  for (const s of [0.5, 1, 1.5, 2, 4, 8]) speed.append(h("option", { value: String(s) }, `${s}×`));
  speed.addEventListener("change", () => { model.set("speed", Number(speed.value)); model.save_changes(); });
  const animateBox = h("input", { type: "checkbox", class: "sw-animate" });
  animateBox.addEventListener("change", () => { model.set("animate", animateBox.checked); model.save_changes(); });
  const playLabel = h("span", { class: "sw-play-number" });
  const controls = h("div", { class: "sw-controls", role: "toolbar", "aria-label": t("controls") },
    first, back, autoBtn, fwd, last, scrub, playLabel, speed,
    ...(animateOption ? [h("label", { class: "sw-animate-label" }, animateBox, t("animate"))] : []));

  const noteInput = h("textarea", { class: "sw-note-input", rows: "2",
    "aria-label": t("note_label"), placeholder: t("note_placeholder") });
  const sendAnnotation = (parts) => model.send({ type: "annotate", play: current(), ...parts });
  const saveNote = button(t("save_note"), t("save_note_title"), "save-note", () =>
    sendAnnotation({ text: noteInput.value }));
  const clearBtn = button(t("clear"), t("clear_title"), "clear", () =>
    sendAnnotation(clearNote));
  const annotateBar = h("div", { class: "sw-annotate sw-needs-kernel" }, noteInput, saveNote,
    clearBtn);
  const offline = h("div", { class: "sw-offline", hidden: "" },
    t("offline"));

  function showNotice(text, level) {
    notice.textContent = text;
    notice.dataset.level = level;
    notice.className = `sw-notice sw-${level}`;
    notice.setAttribute("role", level === "error" ? "alert" : "status");
    notice.hidden = !text;
  }

  function clearNotice() { notice.hidden = true; }

  function onCustom(content) {
    if (!content || typeof content !== "object") return;
    if (content.type === "live") {
      live = true;
      root.classList.add("sw-live");
      offline.hidden = true;
      onLive();
    } else if (content.type === "notice") {
      showNotice(String(content.text || ""), String(content.level || "ok"));
    }
  }

  // A badge names a rule a play follows; clicked, the rule shows under the explanation (its
  // line, its full text to unfold, its page on the docs site) and a second click hides it.
  // The text comes with the widget's data, so it reads the same with no kernel or network.
  function ruleBadge(id) {
    /** @type {RuleText|undefined} */
    const rule = (model.get("rule_texts") || {})[id];
    const title = rule ? t("rule_badge_title", { id, summary: rule.summary }) : id;
    return h("button", { type: "button", class: "sw-rule", title, "aria-label": t("rule_label", { id }),
      onclick: () => {
        ruleText.hidden = !ruleText.hidden && ruleText.dataset.rule === id;
        ruleText.dataset.rule = id;
        ruleText.replaceChildren(h("b", {}, id), " ", ...(rule ? ruleParts(id, rule) : []));
      } }, id);
  }

  /** @param {string} id @param {RuleText} rule @returns {(string|HTMLElement)[]} */
  function ruleParts(id, rule) {
    return [
      h("span", { class: "sw-rule-summary" }, rule.summary),
      h("details", { class: "sw-rule-full" },
        h("summary", {}, rule.title ? t("full_rule_titled", { title: rule.title }) : t("full_rule")),
        h("p", {}, rule.text)),
      h("a", { class: "sw-rule-link", href: rule.link, target: "_blank", rel: "noopener",
        title: rule.link }, t("rule_link", { id })),
    ];
  }

  // The computer players' plays since the person last played, so each can be read.
  function fillSince(i, plays) {
    since.replaceChildren();
    const humans = model.get("humans") || [];
    since.hidden = true;
    if (model.get("mode") !== "game" || !humans.length || i !== count() - 1) return;
    let from = plays.length;
    while (from > 0 && !humans.includes(plays[from - 1].colour)) from--;
    if (from === plays.length || (from === 0 && plays.length === 0)) return;
    const sinceTitle = from === 0 ? t("since_start") : t("since_move");
    const list = h("ol", { class: "sw-since-list", tabindex: "0", "aria-label": sinceTitle });
    for (let k = Math.max(from, plays.length - 12); k < plays.length; k++) {
      const p = plays[k];
      list.append(h("li", { class: `sw-${p.colour}`, "data-play": String(k + 1),
        onclick: () => goto(k + 1) },
        h("span", { class: `sw-notation sw-${p.colour}` }, p.notation), " ", p.explanation));
    }
    since.append(h("div", { class: "sw-since-title" }, sinceTitle), list);
    since.hidden = false;
  }

  // A play's notation, its explanation and a badge per rule it cites; else `otherwise`.
  function explain(el, play, otherwise) {
    el.replaceChildren();
    if (!play) { el.textContent = otherwise; return; }
    el.append(
      h("span", { class: `sw-notation sw-${play.colour}` }, play.notation), " ",
      h("span", { class: "sw-text" }, play.explanation), " ", ...play.rules.map(ruleBadge));
  }

  // items: [{ label, colour, title }], one per play (play k + 1).
  function fillMoveList(items) {
    moveList.replaceChildren();
    // The number is part of the item, not a list marker: a marker sits in the list's padding,
    // which a host page's styles may narrow until "10." shows as "0." (an exported lesson).
    items.forEach((p, k) => {
      const li = h("li", { "data-play": String(k + 1), class: `sw-${p.colour}`,
        title: p.title }, h("span", { class: "sw-num", "aria-hidden": "true" }, `${k + 1}.`),
        p.label);
      li.addEventListener("click", () => goto(k + 1));
      moveList.append(li);
    });
  }

  /** Say what happened up to frame i: each play since the last one said (a few at most), or,
   * after a jump, the play shown. The first frame a view shows is not said. */
  function announce(i, plays) {
    if (announced === null || i === announced) { announced = i; return; }
    const said = (k) => (k === 0 ? a11yWords(model).start0
      : a11yWords(model).play(k, plays[k - 1].notation, plays[k - 1].explanation));
    const from = i > announced && i - announced <= 12 ? announced + 1 : i;
    const lines = [];
    for (let k = from; k <= i; k++) lines.push(said(k));
    announced = i;
    announcer.textContent = lines.join(" ");
  }

  // The controls, the move list and the note for frame i.
  function update(i) {
    const lastIndex = count() - 1;
    scrub.max = String(lastIndex);
    scrub.value = String(i);
    playLabel.textContent = t("play_of", { play: i, last: lastIndex });
    first.disabled = back.disabled = i === 0;
    fwd.disabled = last.disabled = i === lastIndex;
    for (const li of moveList.children) li.classList.toggle("sw-current", Number(li.dataset.play) === i);
    const active = moveList.querySelector(".sw-current");
    if (active && moveList.scrollHeight > moveList.clientHeight) {
      moveList.scrollTop = active.offsetTop - moveList.clientHeight / 2;
    }
    const ann = (model.get("annotations") || {})[String(i)];
    note.textContent = ann && ann.text ? ann.text : "";
    note.hidden = !note.textContent;
    if (document.activeElement !== noteInput) noteInput.value = ann ? ann.text : "";
    return ann;
  }

  function onAutoplay() {
    const on = model.get("autoplay");
    autoBtn.replaceChildren(...labelParts(on ? t("pause") : t("replay")));
    autoBtn.title = on ? t("pause_title") : t("replay_title");
    clearInterval(timer);
    timer = null;
    if (!on) return;
    if (current() >= count() - 1) goto(0);
    timer = setInterval(() => {
      if (current() >= count() - 1) { setAutoplay(false); return; }
      goto(current() + 1);
    }, 1000 / model.get("speed"));
  }

  function look() {
    speed.value = String(model.get("speed"));
    animateBox.checked = model.get("animate");
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.target.closest("textarea, select, input")) return;
    const all = { ArrowLeft: () => goto(current() - 1), ArrowRight: () => goto(current() + 1),
      Home: () => goto(0), End: () => goto(count() - 1),
      p: () => setAutoplay(!model.get("autoplay")), ...keys };
    if (all[ev.key]) { ev.preventDefault(); all[ev.key](); }
  });

  const handlers = {
    "change:autoplay": onAutoplay,
    "change:speed": () => { look(); if (model.get("autoplay")) onAutoplay(); },
    "change:animate": look,
    "msg:custom": onCustom,
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  let offlineTimer = null;

  return {
    button, goto, current, setAutoplay, showNotice, clearNotice, ruleBadge, fillMoveList,
    update, look, sendAnnotation, fillSince, explain, announce, isLive: () => live,
    parts: { controls, notice, note, ruleText, moveList, annotateBar, noteInput, clearBtn,
      offline, since, announcer },
    // Ask whether a kernel is listening; an exported page has none, and says so.
    start() {
      onAutoplay();
      model.send({ type: "hello", language: document.documentElement.lang || null, ...hello() });
      offlineTimer = setTimeout(() => { if (!live) offline.hidden = false; }, 1500);
    },
    stop() {
      clearInterval(timer);
      clearTimeout(offlineTimer);
      for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
    },
  };
}

/**
 * The board's look (theme, size), kept in step with the model and with the notebook, whose
 * theme can change while the board is on screen. One drawing serves both themes through
 * classes; a change of theme still redraws, for the colours of trails and notes.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {HTMLElement} ctx.root the board view's root
 * @param {{look: () => void}} ctx.shell the replay shell, whose controls follow the theme
 * @param {() => void} ctx.schedule redraw what changed, once per batch
 * @param {() => void} ctx.redraw redraw the whole board
 * @param {() => (SVGSVGElement|undefined)} ctx.svg the board's picture, once drawn
 * @returns {{apply: () => void, stop: () => void}}
 */
function themeWatcher({ model, root, shell, schedule, redraw, svg }) {
  let lookTheme = null;
  function apply() {
    const name = themeOf(model);
    if (lookTheme !== null && name !== lookTheme) redraw();
    lookTheme = name;
    root.classList.toggle("sw-dark", name === "dark");
    const pic = svg();
    if (pic) {  // for stylesheets and tests: the theme the one drawing is shown in
      pic.classList.remove("theme-light", "theme-dark", "theme-tokens");
      pic.classList.add(`theme-${name}`);
    }
    // size 0: the board fills the width it is given (widget.css says how far).
    const size = model.get("size");
    root.classList.toggle("sw-fill", !size);
    if (size) root.style.setProperty("--sw-size", `${size}px`);
    else root.style.removeProperty("--sw-size");
    shell.look();
  }

  const themeWatch = new MutationObserver(() => schedule());
  if (document.body) {
    themeWatch.observe(document.body, { attributes: true,
      attributeFilter: ["data-jp-theme-light"] });
  }
  const media = window.matchMedia ? matchMedia("(prefers-color-scheme: dark)") : null;
  const onMedia = () => schedule();
  if (media && media.addEventListener) media.addEventListener("change", onMedia);

  function stop() {
    themeWatch.disconnect();
    if (media && media.removeEventListener) media.removeEventListener("change", onMedia);
  }
  return { apply, stop };
}

/**
 * Play for points: the person's hand of cards, from which they pick the card to move with
 * (its moves are then the ones the board offers) or discard one no card can move.
 * @param {object} ctx
 * @param {HTMLElement} ctx.box where the hand is shown
 * @param {{isLive: () => boolean}} ctx.shell
 * @param {() => void} ctx.schedule redraw, once per batch
 * @param {(notation: string) => void} ctx.sendMove play a move (a discard)
 * @param {() => void} ctx.onPick a card was picked: clicks towards a move start afresh
 * @returns {{fill: (pend: Pending|null) => void, chosen: () => (string|null),
 *   forget: () => void}}
 */
function handBox({ box, shell, schedule, sendMove, onPick }) {
  let chosenCard = null;    // the card picked from the hand
  /** @param {Pending|null} pend the person's turn, if the play shown waits for it */
  function fill(pend) {
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
        title: movable.has(card) ? `Play ${withArticle(card)}` : `${withArticle(card)} cannot move`,
        onclick: () => { chosenCard = card; onPick(); schedule(); } },
        cardLabel(card));
      cardButton.disabled = !movable.has(card);
      box.append(cardButton);
    }
    for (const m of pend.moves.filter((x) => x.kind === "discard")) {
      box.append(h("button", { type: "button", class: "sw-discard", title: m.explanation,
        onclick: () => { chosenCard = m.card; sendMove(m.notation); } },
        `Discard ${withArticle(m.card)}`));
    }
  }

  return { fill, chosen: () => chosenCard, forget: () => { chosenCard = null; } };
}

/**
 * The coach of a board game: asks Python to estimate each move's chance to win, then shows the
 * estimates as bars to click and colours each move's target places by them.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean}} ctx.shell
 * @param {HTMLElement} ctx.choices the side panel's box of choices, filled afresh each time
 * @param {() => Pending} ctx.pending
 * @param {() => SVGSVGElement} ctx.svg the board's picture
 * @param {(notation: string) => void} ctx.sendMove play a move
 * @returns {{show: () => void, clearTargets: () => void}}
 */
/**
 * What the coach's bars are: exact chances, or estimates from how many games.
 * @param {CoachAdvice} advice
 * @returns {string}
 */
function coachHeading(advice) {
  const who = `Which move is best? ${capital(advice.colour)}'s chance to win after each move`;
  if (advice.method === "exact") {
    return `${who}, exactly (both then playing their best; cards drawn with replacement)`;
  }
  if (advice.method === "racing") {
    return `${who} (${advice.games.toLocaleString()} ${advice.strategy} games in all, up to ` +
      `${advice.rollouts.toLocaleString()} after each; clearly worse moves dropped; 95% intervals)`;
  }
  return `${who} (${advice.rollouts.toLocaleString()} ${advice.strategy} games each, 95% intervals)`;
}

function coachPanel({ model, shell, choices, pending, svg, sendMove }) {
  /** @returns {CoachAdvice|null} the advice for the pending play, if any */
  function coachAdvice() {
    const advice = model.get("coach_advice") || {};
    return advice.play === pending().play && (advice.moves || []).length ? advice : null;
  }

  function showCoach() {
    const pend = pending();
    const advice = coachAdvice();
    paintCoachTargets(advice);
    if (!pend.coach || !shell.isLive()) return;
    if (!advice) {
      const ask = h("button", { type: "button", class: "sw-coach-ask",
        title: uiText(model, "coach_title") },
      uiText(model, "coach_ask"));
      ask.onclick = () => {
        ask.disabled = true;
        ask.textContent = uiText(model, "coach_playing");
        model.send({ type: "coach" });
      };
      choices.append(ask);
      return;
    }
    const box = h("div", { class: "sw-coach", role: "group",
      "aria-label": "the coach's estimate of each move's chance to win" },
    h("div", { class: "sw-coach-head" }, coachHeading(advice)));
    // The bars share one scale, from 0 to just above the highest interval, so that moves
    // with similar chances still look different.
    const top = Math.min(1, Math.ceil(10 * Math.max(...advice.moves.map((m) => m.ci95[1]))) / 10);
    const pct = (x) => `${(100 * x).toFixed(1)}%`;
    const along = (x) => `${(100 * x / top).toFixed(1)}%`;
    box.append(h("div", { class: "sw-coach-scale" }, h("span", {}),
      h("span", { class: "sw-coach-axis" }, h("span", {}, "0%"),
        h("span", {}, `${Math.round(100 * top)}%`)), h("span", {})));
    for (const m of advice.moves) {
      // An exact figure has no interval to draw; an estimate says how many games it rests on.
      const figure = m.exact ? `Exact: ${pct(m.win_rate)}.`
        : `Won ${m.wins} of ${m.games} games (95% interval ${pct(m.ci95[0])} to ${pct(m.ci95[1])})` +
          (m.dropped ? "; no more games after that: clearly worse than the leader." : ".");
      const row = h("button", { type: "button",
        class: "sw-coach-row" + (m.best ? " sw-coach-best" : "") + (m.exact ? " sw-coach-exact" : "") +
          (m.dropped ? " sw-coach-dropped" : ""),
        title: `${m.best ? (m.exact ? "Best. " : "Best estimate. ") : ""}${m.explanation} ${figure} Click to play it.`,
        "data-notation": m.notation, "data-win-rate": String(m.win_rate) },
      h("span", { class: "sw-coach-move" }, (m.best ? "★ " : "") + m.notation),
      h("span", { class: "sw-coach-bar" },
        h("span", { class: "sw-coach-fill", style: `width:${along(m.win_rate)}` }),
        ...(m.exact ? [] : [h("span", { class: "sw-coach-ci",
          style: `left:${along(m.ci95[0])};width:${along(m.ci95[1] - m.ci95[0])}` })])),
      h("span", { class: "sw-coach-rate" }, pct(m.win_rate) + (m.exact ? " exact" : "")));
      row.onclick = () => sendMove(m.notation);
      box.append(row);
    }
    if (advice.verdict) box.append(h("div", { class: "sw-coach-verdict" }, advice.verdict));
    choices.append(box);
  }

  // Each move's target places coloured by its estimate: the best strongest.
  /** @param {CoachAdvice|null} advice */
  function paintCoachTargets(advice) {
    for (const node of svg().querySelectorAll(".sw-coach-target")) {
      node.classList.remove("sw-coach-target", "sw-coach-top");
      node.style.removeProperty("--sw-coach");
    }
    if (!advice) return;
    const rates = advice.moves.map((m) => m.win_rate);
    const low = Math.min(...rates), high = Math.max(...rates);
    for (const m of advice.moves) {
      const strength = high > low ? (m.win_rate - low) / (high - low) : 1;
      for (const key of m.targets) {
        for (const node of svg().querySelectorAll(`[data-place="${key}"]`)) {
          if (node.closest("#overlay") || node.closest("g.pawn")) continue;
          const old = Number(node.style.getPropertyValue("--sw-coach") || -1);
          node.classList.add("sw-coach-target");
          node.classList.toggle("sw-coach-top", node.classList.contains("sw-coach-top") || m.best);
          node.style.setProperty("--sw-coach", String(Math.max(old, strength).toFixed(3)));
        }
      }
    }
  }

  return { show: showCoach, clearTargets: () => paintCoachTargets(null) };
}

/**
 * The annotating tools of the board: Arrow (click two places) and Mark (toggle places), each
 * sent to Python as the note of the play shown. The places clicked towards an arrow are the
 * same list as those clicked towards a move, so that turning a tool on or off, Escape, or a
 * new play shown starts both afresh.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {Function} ctx.button the shell's button maker
 * @param {HTMLElement} ctx.clearBtn the shell's Clear button, which the tools go before
 * @param {() => number} ctx.current the play shown
 * @param {(change: Partial<Annotation>) => void} ctx.sendAnnotation
 * @param {(keys: string[], cls: string) => void} ctx.mark mark places on the board
 * @param {() => void} ctx.refreshPlayable redo what the board offers to click
 * @param {() => string[]} ctx.clicks the places clicked so far
 * @param {(keys: string[]) => void} ctx.setClicks
 * @returns {{setTool: (name: ("arrow"|"mark"|null)) => void, active: () => boolean,
 *   click: (key: string) => void}}
 */
function annotationTools({ model, button, clearBtn, current, sendAnnotation, mark,
  refreshPlayable, clicks, setClicks }) {
  let tool = null;          // "arrow" | "mark" | null
  const arrowBtn = button(uiText(model, "arrow"), uiText(model, "arrow_title"), "arrow", () => setTool("arrow"));
  const markBtn = button(uiText(model, "mark"), uiText(model, "mark_title"), "mark", () => setTool("mark"));
  clearBtn.before(arrowBtn, markBtn);

  /** @param {"arrow"|"mark"|null} name the tool to turn on, or off if it is on */
  function setTool(name) {
    tool = tool === name ? null : name;
    setClicks([]);
    arrowBtn.classList.toggle("sw-active", tool === "arrow");
    markBtn.classList.toggle("sw-active", tool === "mark");
    arrowBtn.setAttribute("aria-pressed", String(tool === "arrow"));
    markBtn.setAttribute("aria-pressed", String(tool === "mark"));
    refreshPlayable();
  }

  const asPlace = (key) => (/^\d+$/.test(key) ? Number(key) : key);

  /** @param {string} key the place clicked while a tool is on */
  function annotateClick(key) {
    const ann = (model.get("annotations") || {})[String(current())] || { arrows: [], squares: [] };
    if (tool === "mark") {
      const squares = ann.squares.includes(key)
        ? ann.squares.filter((s) => s !== key)
        : [...ann.squares, key];
      sendAnnotation({ squares: squares.map(asPlace) });
    } else {
      const keys = clicks();
      keys.push(key);
      mark(keys, "sw-selected");
      if (keys.length === 2) {
        sendAnnotation({ arrows: [...ann.arrows, keys].map((a) => a.map(asPlace)) });
        setClicks([]);
        mark([], "sw-selected");
      }
    }
  }

  return { setTool, active: () => tool !== null, click: annotateClick };
}

// A forfeit is the only move: nothing on the board can be clicked, only the Pass button.
/** @param {Pending} pend */
function onlyPass(pend) {
  return (pend.moves || []).every((m) => m.clicks.length === 0 && m.kind !== "discard");
}

const rank = (name) => (name === "sorry" ? 13 : Number(name));

/**
 * The move list's items, one per play (or action): its notation, in its player's colour.
 * @param {PlayData[]} plays
 * @returns {{label: string, colour: string, title: string}[]}
 */
const moveItems = (plays) => plays.map((p) => ({ label: p.notation, colour: p.colour,
  title: p.explanation }));

/**
 * The board's picture: the drawing Python sent, the pawns walked from play to play, the shown
 * play's trail, the notes and the card face. It holds the plays, where the pawns stand after
 * each, and which play the pawns show; the side panels follow each play it steps through.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {HTMLElement} ctx.root the board view's root, which says the play shown
 * @param {HTMLElement} ctx.box where the board is drawn
 * @param {(ev: Event) => void} ctx.onClick a click (or Enter, Space) on the board
 * @param {(i: number) => void} ctx.panels fill the side panels for play i
 * @returns {{draw: () => void, load: () => void, follow: (wanted: number) => void,
 *   plays: () => PlayData[], frames: () => Object<string, string[]>[], shown: () => number,
 *   svg: () => (SVGSVGElement|undefined), card: (name: string) => void,
 *   trail: (play: PlayData|null) => void, note: (ann: Annotation|undefined) => void,
 *   stop: () => void}}
 */
function boardDrawing({ model, root, box, onClick, panels }) {
  let plays = [];           // every play's data (plays + recent_plays)
  let frames = [];          // pawns after each play (framesOf)
  let shown = -1;           // the play whose pawns the board shows
  let goal = -1;            // the play show() is heading for
  let panelIndex = 0;       // the play whose words and card the side panel shows
  let token = 0;            // bumps to cancel an animation in flight
  let animating = false;    // show() is walking pawns towards `goal`
  let svg, pawnLayer, trailLayer, noteLayer, cursorLayer;
  let pawnEls = {};
  let cursor = null;        // the place the arrow keys are on
  const explorer = h("div", { class: "sw-explore sw-sr-only", "aria-live": "polite" });
  root.append(explorer);

  const places = () => (model.get("drawing") || {}).places || {};

  // One drawing serves both themes: its themed colours carry classes that dark_css repaints
  // under .sw-dark; only the colours of trails and notes, drawn here, come per theme.
  function pictures() {
    const drawing = model.get("drawing") || {};
    const themes = drawing.themes || {};
    const colours = themes[themeOf(model)] || Object.values(themes)[0];
    if (!colours || !drawing.board) return null;
    return { ...colours, board: drawing.board, pawns: drawing.pawns, cards: drawing.cards,
      darkCss: drawing.dark_css || "" };
  }

  // A square's one pawn slot is its centre.
  const slotsOf = (place) => place.slots || [[place.x, place.y]];

  function draw() {
    const pics = pictures();
    if (!pics) return;
    box.innerHTML = pics.board;
    svg = box.querySelector("svg");
    const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
    style.textContent = pics.darkCss;
    svg.prepend(style);
    svg.setAttribute("width", "100%");
    svg.removeAttribute("height");
    const overlay = svg.querySelector("#overlay");
    trailLayer = svgEl("g", { class: "sw-trail" });
    noteLayer = svgEl("g", { class: "sw-annotation" });
    cursorLayer = svgEl("g", { class: "sw-cursor-layer" });
    overlay.append(trailLayer, noteLayer, cursorLayer);
    pawnLayer = svg.querySelector("#pawns");
    pawnEls = {};
    // The picture is a group of named places, not one image: pawns and places take focus.
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", a11yWords(model).boardHint);
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("click", onClick);
    svg.addEventListener("keydown", explore);
    svg.addEventListener("focus", () => { if (!cursor) moveCursor(0); else drawCursor(); });
    svg.addEventListener("blur", () => cursorLayer.replaceChildren());
    shown = -1;
    goal = -1;
  }

  function load() {
    const before = shown >= 0 ? JSON.stringify(frames[shown]) : null;
    plays = [...(model.get("plays") || []), ...(model.get("recent_plays") || [])];
    frames = framesOf(model.get("start"), plays);
    // Plays that replaced others (a demo reset) leave nothing to animate from.
    if (before !== null && JSON.stringify(frames[shown]) !== before) shown = -1;
  }

  // The places in the order the arrow keys visit them: the track, then each colour's START,
  // safety squares and HOME.
  function placeOrder() {
    const keys = Object.keys(places());
    const track = keys.filter((k) => !k.includes(":")).sort((a, b) => Number(a) - Number(b));
    const rank = (k) => { const w = k.split(":")[1]; return w === "start" ? 0 : w === "home" ? 9 : 1; };
    const side = keys.filter((k) => k.includes(":")).sort((a, b) =>
      a.split(":")[0].localeCompare(b.split(":")[0]) || rank(a) - rank(b) || a.localeCompare(b));
    return [...track, ...side];
  }

  /** A place as a screen reader says it: its name, what stands on it, what can be done. */
  function describe(key) {
    const frame = frames[shown] || {};
    const parts = [];
    for (const [colour, keys] of Object.entries(frame)) {
      const n = keys.filter((k) => k === key).length;
      if (n) parts.push(a11yWords(model).pawns(colour, n));
    }
    const nodes = [...svg.querySelectorAll(`[data-place="${key}"]`)].filter((n) => !n.closest("#overlay"));
    const has = (cls) => nodes.some((n) => n.classList.contains(cls));
    if (has("sw-selected")) parts.push(a11yWords(model).chosen);
    if (has("sw-selectable")) parts.push(a11yWords(model).movable);
    if (has("sw-target")) parts.push(a11yWords(model).target);
    return `${placeName(key, a11yWords(model))}, ${parts.length ? parts.join(", ") : a11yWords(model).empty}`;
  }

  function drawCursor() {
    cursorLayer.replaceChildren();
    if (!cursor || document.activeElement !== svg) return;
    outline(cursorLayer, places()[cursor], cursor, "#ff9800", "sw-cursor",
      { inset: -4, width: 5, opacity: 1 });
    outline(cursorLayer, places()[cursor], cursor, "#000", "sw-cursor-inner",
      { inset: 1, width: 2, opacity: 1 });
  }

  function moveCursor(to) {
    const order = placeOrder();
    if (!order.length) return;
    const at = Math.max(0, Math.min(order.length - 1, to));
    cursor = order[at];
    svg.dataset.cursor = cursor;
    explorer.textContent = describe(cursor);
    drawCursor();
  }

  // Keys on the board: arrows go from place to place (Left/Right one place, Up/Down five),
  // Home/End to the first and last; Enter or Space picks the place (or the pawn or square in
  // focus), as a click would.
  function explore(ev) {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      if (ev.target === svg && cursor) {
        const node = svg.querySelector(`#pawns [data-place="${cursor}"]`) ||
          svg.querySelector(`[data-place="${cursor}"]:not(#overlay *)`);
        if (node) onClick({ target: node });
        explorer.textContent = describe(cursor);
      } else onClick(ev);
      return;
    }
    if (ev.target !== svg) return;
    const order = placeOrder();
    const at = cursor ? order.indexOf(cursor) : -1;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 }[ev.key];
    let to = null;
    if (step) to = at < 0 ? 0 : at + step;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = order.length - 1;
    if (to === null) return;
    ev.preventDefault();
    ev.stopPropagation();
    moveCursor(to);
  }

  function pawnElement(colour) {
    const pawn = svgFragment(pictures().pawns[colour]);
    pawn.setAttribute("role", "img");
    pawnLayer.append(pawn);
    return pawn;
  }

  function put(pawn, x, y) {
    pawn.setAttribute("transform", `translate(${x},${y})`);
    pawn._xy = [x, y];
  }

  // Pawns keep their element from play to play: a pawn that did not move keeps its place,
  // the others take the places left, START and HOME spread over their slots.
  function layout(pawns) {
    const spots = places();
    for (const [colour, keys] of Object.entries(pawns)) {
      const els = (pawnEls[colour] ||= []);
      while (els.length < keys.length) els.push(pawnElement(colour));
      while (els.length > keys.length) els.pop().remove();
      const left = [...keys];
      const free = [];
      for (const pawn of els) {
        const i = left.indexOf(pawn.dataset.place);
        if (i >= 0) left.splice(i, 1);
        else free.push(pawn);
      }
      free.forEach((pawn, i) => { pawn.dataset.place = left[i]; });
      const used = {};
      for (const pawn of els) {
        const key = pawn.dataset.place;
        const n = used[key] || 0;
        used[key] = n + 1;
        const slots = slotsOf(spots[key]);
        put(pawn, ...slots[n % slots.length]);
        const where = key.includes(":") ? key.split(":")[1] : `square ${key}`;
        pawn.setAttribute("aria-label", `${colour} pawn on ${where}`);
      }
    }
  }

  async function animateMotion([colour, from, path], my) {
    const spots = places();
    const pawn = (pawnEls[colour] || []).find((p) => p.dataset.place === from);
    if (!pawn) return;
    pawn.parentNode.append(pawn); // the moving pawn is drawn on top
    const perSquare = Math.max(20, 110 / model.get("speed"));
    let [x, y] = pawn._xy || slotsOf(spots[from])[0];
    for (const key of path) {
      const [tx, ty] = slotsOf(spots[key])[0];
      const t0 = performance.now();
      const fx = x, fy = y;
      while (true) {
        if (my !== token) return;
        const t = Math.min(1, (performance.now() - t0) / perSquare);
        put(pawn, fx + (tx - fx) * t, fy + (ty - fy) * t);
        if (t >= 1) break;
        await new Promise(requestAnimationFrame);
      }
      x = tx; y = ty;
    }
    pawn.dataset.place = path[path.length - 1];
  }

  function refresh() {
    if (!svg || !frames.length) return;
    panels(Math.min(panelIndex, frames.length - 1));
  }

  async function show(target) {
    const my = ++token;
    goal = target;
    if (!svg || !frames.length) return;
    const stepwise = model.get("animate") && shown >= 0 && target > shown &&
      target - shown <= 12 && !document.hidden && !reducedMotion();
    animating = stepwise;
    if (stepwise) {
      for (let i = shown + 1; i <= target; i++) {
        panelIndex = i;
        refresh();
        for (const motion of plays[i - 1].motions) {
          await animateMotion(motion, my);
          if (my !== token) return;
        }
        layout(frames[i]);
        shown = i;
        if (i < target) await sleep(Math.max(60, 400 / model.get("speed")));
        if (my !== token) return;
      }
    } else {
      layout(frames[target]);
      shown = target;
    }
    animating = false;
    panelIndex = target;
    refresh();
    root.dataset.shown = String(target);
  }

  /** Head for play `wanted` (walking there if animating), or refill the panels if there. */
  function follow(wanted) {
    const target = Math.max(0, Math.min(frames.length - 1, wanted));
    if (target !== goal || (shown !== target && !animating)) show(target);
    else refresh();
  }

  function replaceCard(name) {
    const face = svg.querySelector("#card-face");
    const markup = pictures().cards[name || ""];
    if (face && markup) face.replaceWith(svgFragment(markup));
  }

  function drawTrail(play) {
    trailLayer.replaceChildren();
    if (!play) return;
    const spots = places();
    const colours = pictures().colours;
    for (const [colour, from, path, kind] of play.motions) {
      if (kind === "sent") continue;
      const paint = colours[colour];
      outline(trailLayer, spots[from], from, paint, "last-move-from", { width: 3, opacity: 0.9 });
      let walked = [from, ...path];
      if (kind === "jump") {
        // A Sorry! or a switch jumps: a line would cross the middle of the board, so the
        // landing square is ringed; a slide after it is traced as usual.
        outline(trailLayer, spots[path[0]], path[0], paint, "last-move-to",
          { inset: -3, width: 5, opacity: 0.9 });
        walked = path;
      }
      const points = walked.map((k) => [spots[k].x, spots[k].y]);
      if (points.length >= 2) {
        trailLayer.append(svgEl("polyline", { points: points.slice(0, -1).join(" "),
          fill: "none", stroke: paint, "stroke-width": 5, "stroke-opacity": 0.55,
          "stroke-linejoin": "round", "stroke-linecap": "round" }));
        arrow(trailLayer, points[points.length - 2], points[points.length - 1], paint, 5,
          "last-move-arrow");
      }
    }
  }

  function drawNote(ann) {
    noteLayer.replaceChildren();
    if (!ann) return;
    const spots = places();
    const pics = pictures();
    for (const key of ann.squares) {
      outline(noteLayer, spots[key], key, pics.highlight, "highlight",
        { fill: pics.highlight, opacity: 0.45, width: 3 });
    }
    for (const [a, b] of ann.arrows) {
      arrow(noteLayer, [spots[a].x, spots[a].y], [spots[b].x, spots[b].y], pics.arrow, 6, "arrow");
    }
  }

  return { draw, load, follow, plays: () => plays, frames: () => frames, shown: () => shown,
    svg: () => svg, card: replaceCard, trail: drawTrail, note: drawNote,
    stop: () => { token++; } };
}

/**
 * Play mode: the person plays the pending move by clicking places on the board (a pawn, then
 * where it goes); clicks that fit one outcome make it, clicks that fit several offer buttons,
 * clicks that fit none are sent to Python to explain why not. A forfeit is a Pass button.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean, clearNotice: () => void}} ctx.shell
 * @param {HTMLElement} ctx.choices the side panel's box of choices, filled afresh each time
 * @param {() => Pending} ctx.pending
 * @param {() => number} ctx.current the play the model shows
 * @param {{svg: () => SVGSVGElement, shown: () => number}} ctx.drawing
 * @param {() => {active: () => boolean, click: (key: string) => void}} ctx.tools the
 *   annotating tools, which take the clicks while one is on
 * @param {() => {chosen: () => (string|null), forget: () => void}} ctx.hand
 * @param {() => {show: () => void, clearTargets: () => void}} ctx.coach
 * @returns {{click: (ev: Event) => void, refresh: () => void,
 *   mark: (keys: string[], cls: string) => void, sendMove: (notation: string) => void,
 *   forget: () => void, clicks: () => string[], setClicks: (keys: string[]) => void}}
 */
function playMode({ model, shell, choices, pending, current, drawing, tools, hand, coach }) {
  let clicks = [];          // places clicked towards a move (play) or an arrow (annotate)
  let choosing = [];        // moves the same clicks could mean, offered as buttons
  const svg = () => drawing.svg();

  function playable() {
    const pend = pending();
    return shell.isLive() && (pend.moves || []).length > 0 && current() === pend.play &&
      drawing.shown() === current() && !tools().active();
  }

  // Every way to click each legal move: a split 7 may be clicked pawn by pawn in either order.
  function candidates() {
    const ways = [];
    const pend = pending();
    for (const m of pend.moves || []) {
      if (pend.hand && (m.card !== hand().chosen() || m.kind === "discard")) continue;
      for (const seq of [m.clicks, ...(m.alt_clicks ? [m.alt_clicks] : [])]) ways.push({ m, seq });
    }
    return ways.filter(({ seq }) =>
      clicks.length <= seq.length && clicks.every((k, i) => seq[i].includes(k)));
  }

  function mark(keys, cls) {
    for (const node of svg().querySelectorAll("." + cls)) node.classList.remove(cls);
    for (const key of keys) {
      for (const node of svg().querySelectorAll(`[data-place="${key}"]`)) {
        if (node.closest("#overlay")) continue;
        node.classList.add(cls);
        if (cls === "sw-target" || cls === "sw-selectable") {
          node.setAttribute("tabindex", "0");
          node.setAttribute("role", "button");
        }
      }
    }
  }

  function refresh() {
    if (!svg()) return;
    for (const node of svg().querySelectorAll("[tabindex]")) {
      if (node === svg()) continue;  // the board itself, which the arrow keys explore
      node.removeAttribute("tabindex");
      node.setAttribute("role", "img");
    }
    choices.replaceChildren();
    if (!playable()) {
      mark([], "sw-selectable"); mark([], "sw-target"); mark([], "sw-selected");
      coach().clearTargets();
      return;
    }
    const options = candidates();
    const next = new Set();
    for (const { seq } of options) if (seq.length > clicks.length) seq[clicks.length].forEach((k) => next.add(k));
    mark(clicks.length === 0 ? [...next] : [], "sw-selectable");
    mark(clicks.length > 0 ? [...next] : [], "sw-target");
    mark(clicks, "sw-selected");
    if (choosing.length) showChoices(choosing);
    for (const m of pending().moves) {
      if (m.clicks.length === 0 && m.kind !== "discard") {
        choices.append(h("button", { type: "button", class: "sw-pass", title: m.explanation,
          onclick: () => sendMove(m.notation) }, uiText(model, "pass", { explanation: m.explanation })));
      }
    }
    coach().show();
  }

  function sendMove(notation, completed) {
    clicks = [];
    choosing = [];
    shell.clearNotice();
    model.set("selection", []);
    model.save_changes();
    const pend = pending();
    model.send({ type: "move", notation, card: pend.hand ? hand().chosen() : pend.card,
      ...(completed ? { completed } : {}) });
    hand().forget();
  }

  function onBoardClick(ev) {
    const target = ev.target.closest("[data-place]");
    if (!target || target.closest("#overlay")) return;
    const key = target.dataset.place;
    if (tools().active()) return tools().click(key);
    if (!playable()) return;
    shell.clearNotice();
    choosing = [];
    if (clicks.length === 1 && clicks[0] === key) { clicks = []; }
    else clicks.push(key);
    const options = candidates();
    if (options.length === 0) {
      model.send({ type: "try", clicks });
      clicks = [];
    } else {
      const complete = options.filter(({ seq }) => seq.length === clicks.length);
      const results = new Set(options.map(({ m }) => m.result));
      if (clicks.length >= 2 && results.size === 1) {
        // One outcome left: make it, and say which part the widget made for the person.
        const { m, seq } = options[0];
        let completed = null;
        if (seq.length > clicks.length) {
          const parts = m.notation.split(" ");
          completed = seq === m.clicks ? parts[1] : parts[0];
        }
        sendMove(m.notation, completed);
        return;
      }
      if (complete.length > 1 && complete.length === options.length) {
        choosing = [...new Map(complete.map(({ m }) => [m.notation, m])).values()];
      }
    }
    model.set("selection", [...clicks]);
    model.save_changes();
    refresh();
  }

  function showChoices(options) {
    choices.append(h("div", { class: "sw-choose" }, "Which move?"));
    for (const m of options) {
      choices.append(h("button", { type: "button", class: "sw-choice", title: m.explanation,
        onclick: () => sendMove(m.notation) }, `${m.notation} — ${m.explanation}`));
    }
  }

  return { click: onBoardClick, refresh, mark, sendMove,
    forget: () => { clicks = []; choosing = []; },
    clicks: () => clicks, setClicks: (keys) => { clicks = keys; } };
}

/**
 * The side panel's words on the play shown: the rule set, whose move it is (or who won), the
 * teams' progress, the high-card draw, the scores, the play's explanation, and a rule demo's
 * two buttons (Show the move, Reset).
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{button: Function, goto: (n: number) => void, clearNotice: () => void,
 *   isLive: () => boolean, explain: Function}} ctx.shell
 * @returns {{parts: Object<string, HTMLElement>, fill: (view: {i: number, lastIndex: number,
 *   plays: PlayData[], frame: Object<string, string[]>, pend: Pending, waiting: boolean,
 *   chosenCard: (string|null)}) => void}}
 */
function boardPanels({ model, shell }) {
  const t = (key, values) => uiText(model, key, values);
  const who = (colour) => (colour ? t(`colour.${colour}`) : "");
  const art = (card) => t(uiHas(model, `card_article.${card}`) ? `card_article.${card}` : "card_article",
    { card: cardLabel(card) });
  const ruleLine = h("div", { class: "sw-rule-set" });
  const status = h("div", { class: "sw-status" });
  const teamLine = h("div", { class: "sw-teams", hidden: "" });
  const leaderLine = h("div", { class: "sw-leader", hidden: "" });
  const scoreBox = h("div", { class: "sw-scores", hidden: "" });
  const explanation = h("div", { class: "sw-explanation" });
  const showMove = shell.button(t("show_move"), t("show_move_title"), "show",
    () => {
      shell.clearNotice();
      if (shell.isLive()) model.send({ type: "show" }); else shell.goto(1);
    });
  const resetBtn = shell.button(t("reset"), t("reset_title"), "reset",
    () => {
      shell.clearNotice();
      if (shell.isLive()) model.send({ type: "reset" }); else shell.goto(0);
    });
  const demoBar = h("div", { class: "sw-demo", hidden: "" }, showMove, resetBtn);

  function fill({ i, lastIndex, plays, frame, pend, waiting, chosenCard }) {
    const play = i > 0 ? plays[i - 1] : null;
    const demo = model.get("mode") === "demo";
    const fin = model.get("final") || {};
    const winner = i === lastIndex ? fin.winner : null;
    const toMove = i < plays.length ? plays[i].colour : fin.to_move;

    let line;
    if (winner) line = Array.isArray(winner) ? t("team_wins", { first: who(winner[0]), second: who(winner[1]) }) : t("wins", { colour: who(winner) });
    else if (waiting && demo) line = t("status.demo_holds", { colour: who(pend.colour), card: stop(art(pend.card)) });
    else if (waiting && pend.hand) line = chosenCard ? t("status.hand_playing", { colour: who(pend.colour), card: art(chosenCard) }) : t("status.hand_choose", { colour: who(pend.colour) });
    else if (waiting && onlyPass(pend)) line = t("status.pass", { colour: who(pend.colour), card: art(pend.card) });
    else if (waiting) line = t("status.drew", { colour: who(pend.colour), card: art(pend.card) });
    else if (demo && play) line = t("status.demo_move", { colour: who(play.colour), card: stop(art(play.card)) });
    else line = t("status.to_move", { colour: who(toMove || "") });
    status.textContent = line + " ";
    status.append(h("span", { class: "sw-where" },
      i === 0 ? t("status.start") : t("status.where", { play: i, last: lastIndex, turn: play.turn })));
    status.dataset.colour = (Array.isArray(winner) ? winner[0] : winner) || (waiting ? pend.colour : play && demo ? play.colour : toMove) || "";
    shell.explain(explanation, play,
      demo ? t("demo_start") : t("game_start"));
    const rs = model.get("rule_set") || {};
    ruleLine.textContent = rs.title || "";
    const teams = rs.teams || null;
    teamLine.hidden = !teams;
    if (teams) {
      const home = (c) => (frame[c] || []).filter((k) => k.endsWith(":home")).length;
      teamLine.textContent = teams.map((t) => `${t.map(capital).join(" + ")}: ` +
        `${t.reduce((n, c) => n + home(c), 0)} of ${t.reduce((n, c) => n + (frame[c] || []).length, 0)} HOME`).join(" · ");
    }
    const draws = rs.leader_draws || [];
    leaderLine.hidden = !(draws.length && i === 0);
    if (draws.length) {
      const lead = draws[draws.length - 1].reduce((a, b) => (rank(b[1]) > rank(a[1]) ? b : a));
      leaderLine.textContent = t("high_card") + draws.map((r) => r.map(([c, k]) =>
        `${who(c)} ${cardLabel(k)}`).join(", ")).join(t("then")) + t("leads", { colour: who(lead[0]) });
    }
    scoreBox.replaceChildren();
    scoreBox.hidden = !(winner && fin.scores);
    if (winner && fin.scores) {
      const table = h("table", { class: "sw-score-table" },
        h("tr", {}, h("th", {}, "player"), h("th", {}, "points")));
      for (const [c, n] of Object.entries(fin.scores).sort((a, b) => b[1] - a[1])) {
        table.append(h("tr", { class: `sw-${c}` }, h("td", {}, capital(c)), h("td", {}, String(n))));
      }
      scoreBox.append(h("div", { class: "sw-since-title" }, "Scores"), table);
    }
    if (winner && fin.double_game !== undefined) {
      scoreBox.hidden = false;
      scoreBox.append(h("div", {}, fin.double_game ? "A double game: it counts twice (T8)."
        : "A single game (T8)."));
    }
    demoBar.hidden = !demo;
    showMove.disabled = demo && i === 1 && lastIndex === 1 && !shell.isLive();
    resetBtn.disabled = i === 0 && (!shell.isLive() || !pend.moves);
  }

  return { parts: { ruleLine, status, teamLine, leaderLine, scoreBox, explanation, demoBar },
    fill };
}

/**
 * The New game… button, at the end of the annotate bar, and the form it opens: a rule set, how
 * many players, which colours people play. Python starts the game.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {Function} ctx.button the shell's button maker
 * @param {HTMLElement} ctx.bar the annotate bar, where the button goes
 * @returns {HTMLFormElement} the form, hidden until the button opens it
 */
function newGameForm({ model, button, bar }) {
  const form = h("form", { class: "sw-new-game sw-needs-kernel", hidden: "" });
  bar.append(button(uiText(model, "new_game"), uiText(model, "new_game_title"), "new-game",
    () => { form.hidden = !form.hidden; if (!form.hidden) fill(); }));

  function fill() {
    const rs = model.get("rule_set") || {};
    form.replaceChildren();
    const rulesSel = h("select", { class: "sw-new-rules", "aria-label": "rule set" });
    for (const r of rs.available || []) {
      rulesSel.append(h("option", { value: r.name, ...(r.name === rs.name ? { selected: "" } : {}) },
        r.title));
    }
    const playersSel = h("select", { class: "sw-new-players", "aria-label": "players" });
    for (const n of [2, 3, 4]) playersSel.append(h("option", { value: String(n), ...(n === 4 ? { selected: "" } : {}) }, `${n} players`));
    const colours = ["red", "blue", "yellow", "green"];
    const boxes = colours.map((c) => h("input", { type: "checkbox", value: c,
      class: "sw-new-person", ...(c === "red" ? { checked: "" } : {}) }));
    // A team rule set is for four players.
    const fitPlayers = () => {
      const teams = (rs.available || []).find((r) => r.name === rulesSel.value)?.teams;
      if (teams) playersSel.value = "4";
      playersSel.disabled = !!teams;
    };
    rulesSel.addEventListener("change", fitPlayers);
    fitPlayers();
    form.append(rulesSel, playersSel, h("span", {}, "played by people:"),
      ...colours.map((c, k) => h("label", { class: `sw-${c}` }, boxes[k], ` ${c}`)),
      h("button", { type: "submit", class: "sw-start-game" }, uiText(model, "start_game")));
    form.onsubmit = (ev) => {
      ev.preventDefault();
      form.hidden = true;
      model.send({ type: "new_game", rules: rulesSel.value, players: Number(playersSel.value),
        people: boxes.filter((b) => b.checked).map((b) => b.value) });
    };
  }

  return form;
}

/**
 * The board game's view: the replay shell with the board's picture, its side panels, play
 * mode (a hand, the coach), the annotating tools and the new-game form, kept in step with the
 * model once per batch of changes.
 * @param {AnyModel} model
 * @param {HTMLElement} el where anywidget mounts the view
 * @returns {() => void} what removes the view's listeners
 */
function renderBoard(model, el) {
  const root = h("div", { class: "sorry-widget", tabindex: "0", role: "region",
    "aria-label": regionName(a11yWords(model).boardRegion) });
  el.append(root);
  const boardBox = h("div", { class: "sw-board" });
  const handEl = h("div", { class: "sw-hand", hidden: "", role: "group",
    "aria-label": "your hand of cards" });
  const choices = h("div", { class: "sw-choices" });
  const pending = () => model.get("pending") || {};
  let dirty = { drawing: true, plays: true };  // what the next sync redraws
  let scheduled = false;

  const drawing = boardDrawing({ model, root, box: boardBox, panels,
    onClick: (ev) => playing.click(ev) });
  const shell = replayShell(model, root, {
    count: () => drawing.frames().length, onLive: () => schedule(),
    listLabel: "plays of the game", clearNote: { text: "", arrows: [], squares: [] },
    keys: { Escape: () => { playing.setClicks([]); tools.setTool(null); } },
  });
  const { controls, notice, note, ruleText, moveList, annotateBar, clearBtn, offline,
    since, announcer } = shell.parts;
  const side = boardPanels({ model, shell });
  const { ruleLine, status, teamLine, leaderLine, scoreBox, explanation, demoBar } = side.parts;
  const playing = playMode({ model, shell, choices, pending, current: shell.current, drawing,
    tools: () => tools, hand: () => hand, coach: () => coach });
  // Arrow and Mark go before the shell's Clear, in the bar it made.
  const tools = annotationTools({ model, button: shell.button, clearBtn,
    current: shell.current, sendAnnotation: shell.sendAnnotation, mark: playing.mark,
    refreshPlayable: playing.refresh, clicks: playing.clicks, setClicks: playing.setClicks });
  const hand = handBox({ box: handEl, shell, schedule, sendMove: playing.sendMove,
    onPick: playing.forget });
  const coach = coachPanel({ model, shell, choices, pending, svg: drawing.svg,
    sendMove: playing.sendMove });
  const newGame = newGameForm({ model, button: shell.button, bar: annotateBar });

  root.append(h("div", { class: "sw-main" }, boardBox,
    h("div", { class: "sw-side" }, ruleLine, status, teamLine, leaderLine, scoreBox,
      explanation, ruleText, note, notice, handEl, demoBar, since, choices, moveList)),
  controls, annotateBar, newGame, offline, announcer);

  /** Everything shown about play i, beside the pawns the drawing placed. */
  function panels(i) {
    const plays = drawing.plays();
    const lastIndex = drawing.frames().length - 1;
    const play = i > 0 ? plays[i - 1] : null;
    const pend = pending();
    const waiting = pend.play === i && (pend.moves || []).length > 0;
    drawing.card(waiting ? (pend.hand ? hand.chosen() || (play ? play.card : "") : pend.card)
      : play ? play.card : "");
    drawing.trail(play);
    drawing.note(shell.update(i));
    side.fill({ i, lastIndex, plays, frame: drawing.frames()[i], pend, waiting,
      chosenCard: hand.chosen() });
    hand.fill(waiting ? pend : null);
    moveList.hidden = model.get("mode") === "demo";  // a demo's one play is what "Show the move" is for
    shell.fillSince(i, plays);
    shell.announce(i, plays);
    drawing.svg().dataset.play = String(i);
    playing.refresh();
  }

  // Every change to the model lands here, once per batch: Python sends several traits at
  // once (plays, play, pending) in no fixed order, and drawing from any one of them alone
  // would show a stale mix.
  function schedule(what) {
    if (what) dirty[what] = true;
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(sync);
  }

  function sync() {
    scheduled = false;
    if (dirty.drawing) { drawing.draw(); dirty.drawing = false; }
    if (dirty.plays) {
      drawing.load();
      shell.fillMoveList(moveItems(drawing.plays()));
      dirty.plays = false;
    }
    look.apply();
    drawing.follow(shell.current());
  }

  const look = themeWatcher({ model, root, shell, schedule, svg: drawing.svg,
    redraw: () => { dirty.drawing = true; schedule(); } });

  const handlers = {
    "change:play": () => { playing.forget(); schedule(); },
    "change:plays": () => schedule("plays"),
    "change:recent_plays": () => schedule("plays"),
    "change:start": () => schedule("plays"),
    "change:final": () => schedule(),
    "change:drawing": () => schedule("drawing"),
    "change:annotations": () => schedule(),
    "change:pending": () => { playing.forget(); hand.forget(); schedule(); },
    "change:coach_advice": () => schedule(),
    "change:rule_set": () => schedule(),
    "change:rule_texts": () => schedule(),
    "change:humans": () => schedule(),
    "change:mode": () => schedule(),
    "change:theme": () => schedule("drawing"),
    "change:palette": () => { paletteClass(); schedule("drawing"); },
    "change:size": () => look.apply(),
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);

  // The colour-blind palette also recolours the side panel's colour words.
  function paletteClass() {
    root.classList.toggle("sw-palette-cb", model.get("palette") === "colour-blind");
  }
  paletteClass();
  sync();
  shell.start();

  return () => {
    drawing.stop();
    shell.stop();
    look.stop();
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
  };
}

// --- the card game's table --------------------------------------------------------------
// Python draws every frame of the table (sorry_widget.render.cardtable): a frame is a list of
// pieces (the centre, each seat), each distinct piece sent once, and the card faces it refers
// to are sent once too. The page shows frame `play`, and in a game lets the person act: click a
// card of their hand; Play 2 then takes two number cards; a steal or block window is a prompt
// with two buttons. It knows no rules: every legal action comes from Python with its card.

const ANSWERS = {
  steal: ["Steal the 21", "Play your SORRY! steal card"],
  pass: ["Let it go", "Keep your SORRY! card"],
  block: ["Block it", "Play Don't Be SORRY!"],
  accept: ["Accept", "Keep your Don't Be SORRY! card"],
};

const cardName = (card) => {
  const slide = /^slide-(\d+)$/.exec(card);
  if (slide) return `Slide ${slide[1]}`;
  return { "take-2": "Take 2", switch: "Switch", "play-2": "Play 2", "sorry-back": "SORRY!",
    "sorry-steal": "SORRY! steal", "dont-be-sorry": "Don't Be SORRY!" }[card] || card;
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
function tableDrawing({ model, root, faces, picture, onClick }) {
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
      const faceUp = [...seat.querySelectorAll("g.hand-card[data-card]")].map((c) => cardName(c.dataset.card));
      const { colour, hand, home } = seat.dataset;
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
    return pic ? [...pic.querySelectorAll(`g.player[data-colour="${colour}"] g.hand-card[data-card]`)] : [];
  }

  return { load, show, plays: () => plays, frames: () => frames, svg, seatCards };
}

/**
 * Acting at the card table: the person clicks a card of their hand; Play 2 then takes two
 * number cards; a card that could mean several actions (a SORRY! on whom) offers them as
 * buttons; a steal or block window is a prompt with two answers. What they must answer sits
 * on the table just above what they clicked.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean, clearNotice: () => void,
 *   showNotice: (text: string, level: string) => void, current: () => number}} ctx.shell
 * @param {HTMLElement} ctx.box the table's box, which the question is placed in
 * @param {{svg: () => (SVGSVGElement|null), seatCards: (colour: string) => SVGGElement[]}}
 *   ctx.drawing
 * @param {() => void} ctx.schedule redraw, once per batch
 * @returns {{pick: HTMLElement, waitingAt: (i: number) => (Pending|null),
 *   fill: (pend: Pending|null) => void, click: (ev: Event) => void,
 *   chosen: () => string[], forget: () => void, stop: () => void}}
 */
function tableActions({ model, shell, box, drawing, schedule }) {
  let chosen = [];    // cards clicked towards an action (Play 2 and its two numbers)
  const prompt = h("div", { class: "sw-prompt", role: "group", hidden: "" });
  const choices = h("div", { class: "sw-choices" });
  // What a person must answer sits on the table next to what they clicked (their hand): the
  // targets of a SORRY!, Play 2's numbers, a steal or block question.
  const pick = h("div", { class: "sw-pick", role: "group", "aria-label": "your choice", hidden: "" },
    prompt, choices);

  /** @returns {Pending|null} the person's turn, if play i waits for it */
  function waitingAt(i) {
    const pend = model.get("pending") || {};
    return shell.isLive() && pend.play === i && (pend.actions || []).length > 0 ? pend : null;
  }

  // The question goes just above the card clicked (or the person's hand for a window), inside
  // the table, so it is on screen where the person is looking, whatever the page's width.
  function placePick(pend) {
    pick.hidden = prompt.hidden && !choices.childElementCount;
    if (pick.hidden) return;
    const svg = drawing.svg();
    const selected = svg ? [...svg.querySelectorAll("g.hand-card.sw-selected")].slice(-1) : [];
    const anchors = selected.length ? selected : svg ? [...svg.querySelectorAll(
      `g.player[data-colour="${pend.colour}"] g.hand-card`)] : [];
    const area = box.getBoundingClientRect();
    const rects = anchors.map((n) => n.getBoundingClientRect());
    const at = rects.length ? {
      left: Math.min(...rects.map((r) => r.left)), top: Math.min(...rects.map((r) => r.top)),
      width: Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left)),
    } : { left: area.left, top: area.bottom, width: area.width };
    const width = Math.min(area.width - 8, 420);
    pick.style.width = `${width}px`;
    const left = Math.max(4, Math.min(area.width - width - 4, at.left - area.left + at.width / 2 - width / 2));
    pick.style.left = `${left}px`;
    pick.style.bottom = `${Math.max(4, area.bottom - at.top + 8)}px`;
    pick.style.top = "";
  }

  function sendAct(notation) {
    chosen = [];
    shell.clearNotice();
    model.send({ type: "act", notation });
  }

  // A steal or block window: the question and its two answers, where the person looks.
  function fillPrompt(pend) {
    prompt.replaceChildren();
    prompt.hidden = !(pend && pend.window);
    if (prompt.hidden) return;
    prompt.append(h("div", { class: "sw-prompt-text" }, pend.prompt));
    for (const a of pend.actions) {
      const [label, title] = ANSWERS[a.kind]
        ? [uiText(model, `answer.${a.kind}`), uiText(model, `answer.${a.kind}_title`)]
        : [a.notation, a.explanation];
      prompt.append(h("button", { type: "button", class: `sw-answer sw-${a.kind}`,
        title: `${title}: ${a.explanation}`, "data-notation": a.notation,
        onclick: () => sendAct(a.notation) }, label));
    }
  }

  // Actions the same click could mean (a SORRY! on whom, Play 2 with which numbers), and a
  // pass, as buttons.
  function fillChoices(pend) {
    choices.replaceChildren();
    if (!pend || pend.window) return;
    let options = [];
    if (chosen.length) {
      const start = `${pend.colour} ${chosen[0]}${chosen.length > 1 ? " " + chosen.slice(1).join(" ") : ""}`;
      options = pend.actions.filter((a) => a.notation === start || a.notation.startsWith(start + " "));
      if (options.length) choices.append(h("div", { class: "sw-choose" }, chosen[0] === "play-2" ? uiText(model, "play_2_with") : uiText(model, "which_one")));
    }
    for (const a of options) {
      const words = a.notation.split(" ").slice(1);
      const what = words[0] === "sorry-back" ? `On ${capital(words[1])}`
        : words[0] === "play-2" ? `${words[1]} then ${words[2]}` : words.join(" ");
      choices.append(h("button", { type: "button", class: "sw-choice", title: a.explanation,
        "data-notation": a.notation, onclick: () => sendAct(a.notation) },
        h("span", { class: "sw-choice-what" }, what), " ",
        h("span", { class: "sw-choice-why" }, a.explanation)));
    }
    if (chosen.length) {
      choices.append(h("button", { type: "button", class: "sw-cancel",
        onclick: () => { chosen = []; schedule(); } }, uiText(model, "choose_another")));
    }
    for (const a of pend.actions.filter((x) => x.kind === "pass")) {
      choices.append(h("button", { type: "button", class: "sw-pass", title: a.explanation,
        onclick: () => sendAct(a.notation) }, uiText(model, "pass", { explanation: a.explanation })));
    }
  }

  function markHand(pend) {
    for (const node of box.querySelectorAll(".sw-selectable, .sw-selected")) {
      node.classList.remove("sw-selectable", "sw-selected");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
    if (!pend || pend.window) return;
    const usable = new Set(pend.actions.map((a) => a.card));
    if (chosen[0] === "play-2") {
      const next = new Set();
      const start = `${pend.colour} play-2 ${chosen.slice(1).join(" ")}`.trimEnd();
      for (const a of pend.actions) {
        if (a.notation.startsWith(start + " ")) next.add(a.notation.slice(start.length + 1).split(" ")[0]);
      }
      usable.clear();
      for (const n of next) usable.add(n);
    }
    let picked = chosen.slice();
    for (const node of drawing.seatCards(pend.colour)) {
      const card = node.dataset.card;
      const k = picked.indexOf(card);
      if (k >= 0) { node.classList.add("sw-selected"); picked.splice(k, 1); continue; }
      if (!usable.has(card)) continue;
      node.classList.add("sw-selectable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", `play ${cardName(card)}`);
    }
  }

  function onTableClick(ev) {
    const node = ev.target.closest("g.hand-card[data-card]");
    const pend = waitingAt(shell.current());
    if (!node || !pend || pend.window) return;
    const seat = node.closest("g.player");
    if (!seat || seat.dataset.colour !== pend.colour) return;
    const card = node.dataset.card;
    shell.clearNotice();
    if (node.classList.contains("sw-selected")) { chosen = []; schedule(); return; }
    if (chosen[0] === "play-2") {
      chosen.push(card);
      const start = `${pend.colour} ${chosen.join(" ")}`;
      const fits = pend.actions.filter((a) => a.notation === start || a.notation.startsWith(start + " "));
      if (!fits.length) {
        shell.showNotice(`Play 2 needs two number cards that are legal here; the ${cardName(card)} is not one of them.`, "error");
        chosen.pop();
      } else if (fits.length === 1 && fits[0].notation === start) {
        sendAct(start);
        return;
      }
      schedule();
      return;
    }
    const options = pend.actions.filter((a) => a.card === card);
    if (!options.length) {
      const playable = [...new Set(pend.actions.filter((a) => a.card).map((a) => cardName(a.card)))];
      shell.showNotice(`The ${cardName(card)} cannot be played now. Playable: ${playable.join(", ") || "none"}.`, "error");
      return;
    }
    if (options.length === 1) { sendAct(options[0].notation); return; }
    chosen = [options[0].notation.split(" ")[1]];
    schedule();
  }

  /** @param {Pending|null} pend the person's turn, if the frame shown waits for it */
  function fill(pend) {
    markHand(pend);
    fillPrompt(pend);
    fillChoices(pend);
    placePick(pend);
  }

  const resized = new ResizeObserver(() => { if (!pick.hidden) placePick(waitingAt(shell.current())); });
  resized.observe(box);

  return { pick, waitingAt, fill, click: onTableClick, chosen: () => chosen,
    forget: () => { chosen = []; }, stop: () => resized.disconnect() };
}

/**
 * The card table's side panel: whose action it is (or who won), the running total, the
 * action's explanation, and a lesson's Reset button.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{button: Function, goto: (n: number) => void, clearNotice: () => void,
 *   isLive: () => boolean, explain: Function}} ctx.shell
 * @param {() => void} ctx.onReset before a reset: what was chosen is forgotten
 * @returns {{parts: Object<string, HTMLElement>, fill: (view: {i: number, last: number,
 *   plays: PlayData[], pend: (Pending|null), chosen: string[]}) => void}}
 */
function tablePanels({ model, shell, onReset }) {
  const t = (key, values) => uiText(model, key, values);
  const who = (colour) => (colour ? t(`colour.${colour}`) : "");
  const ruleLine = h("div", { class: "sw-rule-set" }, t("table.title"));
  const status = h("div", { class: "sw-status" });
  const totalLine = h("div", { class: "sw-total" });
  const explanation = h("div", { class: "sw-explanation" });
  const resetBtn = shell.button(uiText(model, "reset"), uiText(model, "reset_table_title"), "reset", () => {
    shell.clearNotice();
    onReset();
    if (shell.isLive()) model.send({ type: "reset" }); else shell.goto(0);
  });
  const demoBar = h("div", { class: "sw-demo", hidden: "" }, resetBtn);

  function fill({ i, last, plays, pend, chosen }) {
    const final = model.get("final") || {};
    const play = i > 0 ? plays[i - 1] : null;
    const winners = i === last ? final.winners || [] : [];
    let line;
    if (winners.length) line = winners.length > 1 ? t("team_wins", { first: winners.slice(0, -1).map(who).join(", "), second: who(winners[winners.length - 1]) }) : t("wins", { colour: who(winners[0]) });
    else if (pend && pend.window) line = t("table.decide", { colour: who(pend.colour) });
    else if (pend && chosen[0] === "play-2") line = t(chosen.length === 1 ? "table.play_2_first" : "table.play_2_second", { colour: who(pend.colour) });
    else if (pend && pend.actions.every((a) => a.kind === "pass")) line = t("table.no_card", { colour: who(pend.colour) });
    else if (pend && pend.actions.every((a) => a.kind !== "play")) line = t("table.discard", { colour: who(pend.colour) });
    else if (pend) line = t("table.your_turn", { colour: who(pend.colour) });
    const next = i < plays.length ? plays[i].colour : final.to_act || "";
    if (!winners.length && !pend) line = t("table.to_act", { colour: who(next) });
    status.textContent = line + " ";
    status.append(h("span", { class: "sw-where" },
      i === 0 ? (model.get("mode") === "demo" ? t("table.lesson") : t("table.deal"))
        : t("status.where", { play: i, last, turn: play.turn })));
    // The line is written in the colour of the player it names.
    status.dataset.colour = winners[0] || (pend ? pend.colour : next);
    const start = (model.get("tables") || {}).start || { total: 0, callout: "" };
    const now = play || start;
    totalLine.textContent = t("table.total", { total: now.callout || "0" });
    totalLine.dataset.total = String(now.total);
    shell.explain(explanation, play, model.get("mode") === "demo"
      ? "The table for this rule: play a card, then Reset to try another."
      : uiText(model, "deal"));
    demoBar.hidden = model.get("mode") !== "demo";
    resetBtn.disabled = i === 0 && last === 0;
  }

  return { parts: { ruleLine, status, totalLine, explanation, demoBar }, fill };
}

/**
 * With theme "auto", Python draws the table in the theme the page reports: this tells it
 * when the notebook's theme changes.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean}} ctx.shell
 * @returns {{stop: () => void}}
 */
function themeReporter({ model, shell }) {
  let reported = themeOf(model);
  const themeWatch = new MutationObserver(() => {
    const now = themeOf(model);
    if (now !== reported && shell.isLive()) { reported = now; model.send({ type: "hello", theme: now }); }
  });
  if (document.body) themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  return { stop: () => themeWatch.disconnect() };
}

/**
 * The card game's view: the replay shell with the table Python drew, its side panel and
 * acting on the table, kept in step with the model once per batch of changes.
 * @param {AnyModel} model
 * @param {HTMLElement} el where anywidget mounts the view
 * @returns {() => void} what removes the view's listeners
 */
function renderCardTable(model, el) {
  const root = h("div", { class: "sorry-widget sw-cardgame", tabindex: "0", role: "region",
    "aria-label": regionName(a11yWords(model).tableRegion) });
  el.append(root);
  const faces = h("div", { class: "sw-faces", "aria-hidden": "true" });
  const tableBox = h("div", { class: "sw-board sw-table" });
  const tablePicture = h("div", { class: "sw-table-picture" });
  let dirty = true;   // the tables or plays changed: the next sync reloads them
  let scheduled = false;

  const drawing = tableDrawing({ model, root, faces, picture: tablePicture,
    onClick: (ev) => actions.click(ev) });
  const shell = replayShell(model, root, {
    count: () => drawing.frames().length, onLive: () => schedule(), animateOption: false,
    listLabel: "actions of the game", hello: () => ({ theme: themeOf(model) }),
    keys: { Escape: () => { actions.forget(); schedule(); } },
  });
  const { controls, notice, note, ruleText, moveList, annotateBar, offline, since,
    announcer } = shell.parts;
  const actions = tableActions({ model, shell, box: tableBox, drawing, schedule });
  const side = tablePanels({ model, shell, onReset: () => actions.forget() });
  const { ruleLine, status, totalLine, explanation, demoBar } = side.parts;
  tableBox.append(tablePicture, actions.pick);
  root.append(faces, h("div", { class: "sw-main" }, tableBox,
    h("div", { class: "sw-side" }, ruleLine, status, totalLine, explanation, ruleText, note,
      notice, demoBar, since, moveList)),
  controls, annotateBar, offline, announcer);

  function schedule(changed) {
    if (changed) dirty = true;
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(sync);
  }

  function sync() {
    scheduled = false;
    if (dirty) {
      drawing.load();
      shell.fillMoveList(moveItems(drawing.plays()));
      dirty = false;
    }
    root.classList.toggle("sw-dark", (model.get("tables") || {}).theme === "dark");
    root.style.setProperty("--sw-size", `${model.get("size")}px`);
    shell.look();
    const frames = drawing.frames();
    if (!frames.length) return;
    const i = Math.max(0, Math.min(frames.length - 1, shell.current()));
    drawing.show(i);
    const plays = drawing.plays();
    const pend = actions.waitingAt(i);
    side.fill({ i, last: frames.length - 1, plays, pend, chosen: actions.chosen() });
    shell.update(i);
    shell.fillSince(i, plays);
    shell.announce(i, plays);
    actions.fill(pend);
  }

  const handlers = {
    "change:play": () => { actions.forget(); schedule(); },
    "change:plays": () => schedule(true),
    "change:recent_plays": () => schedule(true),
    "change:tables": () => schedule(true),
    "change:recent_tables": () => schedule(true),
    "change:final": () => schedule(),
    "change:annotations": () => schedule(),
    "change:rule_texts": () => schedule(),
    "change:pending": () => { actions.forget(); schedule(); },
    "change:size": () => schedule(),
    "change:mode": () => schedule(),
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  const theme = themeReporter({ model, shell });

  sync();
  shell.start();

  return () => {
    shell.stop();
    actions.stop();
    theme.stop();
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
  };
}

// One module, one view per kind of game: the board, or the card game's table.
/**
 * @param {{model: AnyModel, el: HTMLElement}} view anywidget's view
 * @returns {() => void} what removes the view's listeners
 */
function render({ model, el }) {
  return model.get("view") === "cardtable" ? renderCardTable(model, el) : renderBoard(model, el);
}

export default { render };
