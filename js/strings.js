// --- the page's own words ---------------------------------------------------------------------
// The page's English, the source of its words: scripts/update_catalogs.py puts each entry in the
// `ui` catalog (msgctxt the key, msgid the English; a count, [singular, plural], is a plural
// entry) and in sorry_widget/widget/ui_strings.json. Python sends the page the catalogs' words
// in the widget's language as the `strings` trait (sorry_widget/widget/strings.py): `ui` (these
// keys), `words` (colours, cards, places: the words catalog, shared with Python) and the
// language's plural rule. A text the trait lacks reads in English, from here.
export const UI_ENGLISH = {
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
  rule_link: "{id} on the rules page ↗",
  since_start: "The computer players so far:",
  your_move: "Your move:",
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
  play_2_with: "Play 2 with:",
  which_one: "Which one?",
  card_article: "a {card}",
  "card_article.8": "an {card}",
  "card_article.11": "an {card}",
  "status.to_move": "{colour} to move",
  "status.drew": "{colour} to move — you drew {card}: click a pawn, then where it goes.",
  "status.pass": "{colour} to move — you drew {card}: no pawn can move with it, so press Pass.",
  "status.no_kernel": "{colour} to move with {card}: moves need the notebook's Python kernel — run this cell again to play.",
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
  pass: "Pass",
  "notation.pass": "pass",
  "notation.discard": "discard {card}",
  choose_another: "Choose another card",
  start_game: "Start",
  "table.total": "Total: {total}",
  "table.decide": "{colour}, decide:",
  "table.play_2_first": "{colour}: Play 2 — click the first number card.",
  "table.play_2_second": "{colour}: Play 2 — click the second number card.",
  "table.no_card": "{colour} has no card: pass.",
  "table.discard": "{colour}: no card can be played — click one to discard it.",
  "table.your_turn": "{colour}, your turn: click a card in your hand.",
  "table.no_kernel": "{colour} to act: moves need the notebook's Python kernel — run this cell again to play.",
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
  "a11y.pawns": ["{player} pawn", "{n} {player} pawns"],
  "a11y.movable": "can move",
  "a11y.target": "can go here",
  "a11y.chosen": "chosen",
  "a11y.play": "Play {n}: {notation}. {text}",
  "a11y.start0": "The start of the game.",
  "a11y.seat": ["{player}: {cards} card, {home} HOME", "{player}: {cards} cards, {home} HOME"],
  "a11y.seat_face_up": "{player}: {names}; {home} HOME",
  which_move: "Which move?",
  "card.slide": "Slide {n}",
  "hand.play": "Play {card}",
  "hand.cannot_move": "{card} cannot move",
  "hand.discard": "Discard {card}",
  "score.title": "Scores",
  "score.player": "player",
  "score.points": "points",
  double_game: "A double game: it counts twice (T8).",
  single_game: "A single game (T8).",
  team_line: "{team}: {home} of {pawns} HOME",
  "new.rule_set": "rule set",
  "new.players": "players",
  "new.n_players": ["{n} player", "{n} players"],
  "new.people": "played by people:",
  "new.computer_players": "the others played by",
  "new.computer": "computer player",
  "a11y.hand": "your hand of cards",
  "a11y.plays": "plays of the game",
  "a11y.actions": "actions of the game",
  "a11y.choice": "your choice",
  "a11y.play_card": "play {card}",
  "coach.who": "Which move is best? {colour}'s chance to win after each move",
  "coach.exactly": "{who}, exactly (both then playing their best; cards drawn with replacement)",
  "coach.racing": ["{who} ({games} {strategy} game in all, up to {rollouts} after each; clearly worse moves dropped; 95% intervals)", "{who} ({games} {strategy} games in all, up to {rollouts} after each; clearly worse moves dropped; 95% intervals)"],
  "coach.full": ["{who} ({rollouts} {strategy} game each, 95% intervals)", "{who} ({rollouts} {strategy} games each, 95% intervals)"],
  "coach.bars": "the coach's estimate of each move's chance to win",
  "coach.exact_figure": "Exact: {rate}.",
  "coach.won": ["Won {wins} of {games} game (95% interval {low} to {high})", "Won {wins} of {games} games (95% interval {low} to {high})"],
  "coach.dropped": "; no more games after that: clearly worse than the leader.",
  "coach.best": "Best. ",
  "coach.best_estimate": "Best estimate. ",
  "coach.row_title": "{best}{explanation} {figure} Click to play it.",
  "coach.exact_rate": "{rate} exact",
  "review.axis_plays": "play",
  "review.title": "Chance to win, play by play",
  "review.ask": "Review the game",
  "review.ask_title": "Each play's luck and error, the best moves and each player's chance to win over the game",
  "review.asking": "Reviewing…",
  "review.chart": ["Each player's chance to win over {plays} play: at the start {start}; after play {play} {now}. Click to go to a play.", "Each player's chance to win over {plays} plays: at the start {start}; after play {play} {now}. Click to go to a play."],
  "review.gave_away": "{colour}'s {card} gave away {error} of the chance to win: {best} was best (the card's luck: {luck}).",
  "review.best_played": "{colour}'s {card}: the best move (the card's luck: {luck}; chance to win now {after}).",
  "review.figures": "luck {luck} · error {error}",
  "review.points": ["{n} point", "{n} points"],
  "review.start": "At the start: {chances}.",
  "choice.sorry_on": "On {colour}",
  "choice.play_2": "{first} then {second}",
  "table.not_play_2": "Play 2 needs two number cards that are legal here; the {card} is not one of them.",
  "table.cannot_play": "The {card} cannot be played now. Playable: {playable}.",
  "table.none": "none",
  "table.demo": "The table for this rule: play a card, then Reset to try another.",
};

/** @param {AnyModel} model @returns {PageStrings} */
const strings = (model) => (model && model.get("strings")) || {};

const fill = (text, values) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

/** Whether the page has an entry `key` (a key of {@link UI_ENGLISH}). */
export function uiHas(model, key) {
  return key in UI_ENGLISH;
}

/** The page's words in the model's language (the `strings` trait), with `{name}` filled from
 * `values`; English where the trait has no such text. */
export function uiText(model, key, values = {}) {
  const own = (strings(model).ui || {})[key];
  const english = UI_ENGLISH[key];
  return fill(typeof own === "string" ? own : typeof english === "string" ? english : key, values);
}

/** A count's words in the model's language — "3 players" — the form chosen by the language's
 * plural rule (gettext's, sent with the catalog's forms); `{n}` is the count. */
export function uiCount(model, key, n, values = {}) {
  const s = strings(model);
  const own = (s.ui || {})[key];
  const forms = Array.isArray(own) ? own : UI_ENGLISH[key];
  const index = Array.isArray(own) ? pluralIndex(s.plural || "(n != 1)", n) : Number(n !== 1);
  return fill(forms[Math.min(index, forms.length - 1)], { n, ...values });
}

/** A word of the words catalog (a colour, a card, a place), shared with Python: `context` as
 * in sorry_widget/core/words.py, `english` where the trait lacks it. */
export function wordText(model, context, english, values = {}) {
  const own = (strings(model).words || {})[context];
  return fill(typeof own === "string" ? own : english, values);
}

/** A colour's name in the model's language: "red", "rouge". */
export const colourWord = (model, colour) => wordText(model, `colour.${colour}`, colour);

// --- numbers, as the words' language writes them ----------------------------------------------
// The browser's own locale data (Intl.NumberFormat, CLDR) in the language of the strings trait,
// whatever the browser's language: "1,000" / "1 000", "95.3%" / "95,3 %". English is written as
// the page always wrote it; Python's sorry_widget/core/numbers.py writes the same in its texts.

/** @param {AnyModel} model @returns {string} the language the words are in */
const wordsLanguage = (model) => strings(model).language || "en";

/** A whole number grouped by thousands in the words' language: "12,345", "12 345". */
export function numberText(model, n) {
  return new Intl.NumberFormat(wordsLanguage(model)).format(n);
}

/** A fraction as a percentage with `digits` decimals in the words' language: "95.3%", "95,3 %". */
export function percentText(model, fraction, digits = 1) {
  const language = wordsLanguage(model);
  if (language === "en") return `${(100 * fraction).toFixed(digits)}%`;
  return new Intl.NumberFormat(language, { style: "percent", minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(fraction);
}

/**
 * A difference of two chances (fractions) in percentage points with `digits` decimals in the
 * words' language: "16.9 points", "−1.2 points", "16,9 points" (`signed`: "+" before a positive
 * one; one that rounds to zero has no sign). The word's form is CLDR's for the number as written
 * (Intl.PluralRules: "1.0 points", "1,5 point"), as sorry_widget/core/numbers.py's format_points.
 * @param {AnyModel} model @param {number} fraction @param {number} [digits]
 * @param {boolean} [signed]
 */
export function pointsText(model, fraction, digits = 1, signed = false) {
  const language = wordsLanguage(model);
  const size = Math.abs(100 * fraction);
  const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const body = new Intl.NumberFormat(language, options).format(size);
  const zero = Number(size.toFixed(digits)) === 0;
  const sign = zero ? "" : fraction < 0 ? "−" : signed ? "+" : "";
  const own = (strings(model).ui || {})["review.points"];
  const forms = Array.isArray(own) ? own : UI_ENGLISH["review.points"];
  const one = new Intl.PluralRules(language, options).select(Number(size.toFixed(digits))) === "one";
  return fill(forms[one ? 0 : Math.min(1, forms.length - 1)], { n: sign + body });
}

// --- plural rules: gettext's C expressions of n, e.g. "(n > 1)" --------------------------------
const RULES = new Map();
const BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
const APPLY = {
  "||": (a, b) => Number(a || b), "&&": (a, b) => Number(a && b), "==": (a, b) => Number(a === b),
  "!=": (a, b) => Number(a !== b), "<": (a, b) => Number(a < b), ">": (a, b) => Number(a > b),
  "<=": (a, b) => Number(a <= b), ">=": (a, b) => Number(a >= b), "+": (a, b) => a + b,
  "-": (a, b) => a - b, "*": (a, b) => a * b, "/": (a, b) => (b ? Math.trunc(a / b) : 0),
  "%": (a, b) => (b ? a % b : 0),
};

/**
 * A plural rule read once into a function of n (no eval: the page is strict about what it runs).
 * @param {string} source
 * @returns {(n: number) => number}
 */
export function pluralRule(source) {
  const tokens = [];
  const token = /\s*(\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()])/y;
  for (let found = token.exec(source); found; found = token.exec(source)) {
    tokens.push(found[1]);
    if (token.lastIndex === source.length) break;
  }
  if (source.slice(token.lastIndex).trim()) throw new Error(`plural rule: ${source}`);
  let at = 0;
  const expect = (t) => { if (tokens[at++] !== t) throw new Error(`plural rule: ${source}`); };
  const choice = () => {
    const test = binary(0);
    if (tokens[at] !== "?") return test;
    at++;
    const yes = choice();
    expect(":");
    const no = choice();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  const binary = (level) => {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(tokens[at])) {
      const apply = APPLY[tokens[at++]];
      const a = left, b = binary(level + 1);
      left = (n) => apply(a(n), b(n));
    }
    return left;
  };
  const unary = () => {
    if (tokens[at] === "!") { at++; const x = unary(); return (n) => Number(!x(n)); }
    if (tokens[at] === "-") { at++; const x = unary(); return (n) => -x(n); }
    const t = tokens[at++];
    if (t === "n") return (n) => n;
    if (/^\d+$/.test(t || "")) { const value = Number(t); return () => value; }
    if (t !== "(") throw new Error(`plural rule: ${source}`);
    const inner = choice();
    expect(")");
    return inner;
  };
  const rule = choice();
  if (at !== tokens.length) throw new Error(`plural rule: ${source}`);
  return rule;
}

/** Which plural form a count takes under a rule (0 for a rule that cannot be read). */
export function pluralIndex(source, n) {
  if (!RULES.has(source)) {
    let rule;
    try { rule = pluralRule(source); } catch { rule = (k) => Number(k !== 1); }
    RULES.set(source, rule);
  }
  const index = RULES.get(source)(n);
  return Number.isInteger(index) && index >= 0 ? index : 0;
}
