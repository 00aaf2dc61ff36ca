// The synced data's shapes, once: what Python's traits hold (sorry_widget/widget/widget.py,
// cardwidget.py). Global declarations for the type-checker only (npm run check); the bundle has
// no types. Which trait holds which shape is generated from Python: js/model-types.d.ts.

// --- the synced data (Python writes these traits; the page only reads them) ---------------
// Place keys are strings ("R12", "Rstart", a number for a square of the track) and pawn
// keys say where each colour's pawns stand; the page never computes either.

/** anywidget's model of a view, whose `get` and `set` know each trait's name and type. */
interface Model<T> {
  get<K extends keyof T>(name: K): T[K];
  set<K extends keyof T>(name: K, value: T[K]): void;
  save_changes(): void;
  /** A message to Python: one of sorry_widget/widget/page_messages.json (js/messages.js). */
  send(content: PageMessage): void;
  on(event: string, fn: Function): void;
  off(event: string, fn: Function): void;
}

/** The model of either view: the shared modules (shell, loop, words) serve both. */
type AnyModel = Model<BoardTraits & CardTableTraits>;

/** A message the page sends to Python (its fields: page_messages.json). */
interface PageMessage {
  type: string;
  [field: string]: unknown;
}

/** One pawn's motion in a play: [colour, from, path of place keys, kind]; a list, not an
 * object, for its size. */
type Motion = [string, string, string[], string];

/** One entry of `plays` / `recent_plays` (a play, or in the card game an action with the
 * refusals after it). */
interface PlayData {
  /** the rules' turn */
  turn: number;
  /** who played */
  colour: string;
  /** the card's name ("sorry", "11", …) */
  card: string;
  notation: string;
  explanation: string;
  /** ids of the rules the play follows */
  rules: string[];
  /** board: how the pawns moved */
  motions?: Motion[];
  /** card game: the running total after the action */
  total?: number;
  /** card game: what the total is called out as */
  callout?: string;
}

/** One move or action offered to the person in `pending`. */
interface Choice {
  notation: string;
  explanation: string;
  rules: string[];
  /** the card it plays */
  card: string;
  kind: string;
  /** board: the places to click in order, each entry the keys accepted for that click */
  clicks?: string[][];
  /** board: a split's clicks in the other order */
  alt_clicks?: string[][];
  /** board: the pawns after it, as JSON, to tell moves apart */
  result?: string;
}

/** The person's turn ({} when it is not theirs). */
interface Pending {
  /** the play they are about to make */
  play?: number;
  colour?: string;
  /** board: the card drawn ("" when playing from a hand) */
  card?: string;
  /** the hand they play from */
  hand?: string[];
  /** board: the coach may advise */
  coach?: boolean;
  /** board */
  moves?: Choice[];
  /** card game */
  actions?: Choice[];
  /** card game: "steal", "block" or "" */
  window?: string;
  /** card game: what a window asks */
  prompt?: string;
}

/** How the last play leaves the game. */
interface Final {
  /** board: who moves next (null: over, or a demo) */
  to_move?: string | null;
  /** board: a colour, or a team */
  winner?: string | string[] | null;
  /** board: play for points */
  scores?: Record<string, number>;
  double_game?: boolean;
  /** card game */
  winners?: string[];
  /** card game */
  to_act?: string;
}

/** A place on the board: its centre, half width and pawn slots. */
interface Place {
  x: number;
  y: number;
  half: number;
  round?: boolean;
  slots?: number[][];
}

/** The board's pictures, sent once. */
interface Drawing {
  /** every place, by key */
  places?: Record<string, Place>;
  /** SVG markup of the empty board */
  board?: string;
  /** SVG markup of each colour's pawn */
  pawns?: Record<string, string>;
  /** SVG markup of each card face ("" the back) */
  cards?: Record<string, string>;
  /** what repaints the one drawing under .sw-dark */
  dark_css?: string;
  /** each theme's colours for trails and notes */
  themes?: Record<string, ThemeColours>;
}

/** A theme's colours for what the page draws on the board (render/svg.py theme_colours). */
interface ThemeColours {
  /** each player's colour */
  colours: Record<string, string>;
  arrow: string;
  highlight: string;
}

/** The rule set a board plays, with those it could play (the new-game form). */
interface RuleSet {
  name?: string;
  title?: string;
  /** the partnerships of a team rule set */
  teams?: string[][] | null;
  /** rounds of the high-card draw for the lead: [colour, card] each */
  leader_draws?: [string, string][][];
  available?: { name: string; title: string; teams: boolean }[];
  /** the computer players a new game offers, weakest to strongest */
  computers?: { name: string; title: string; about: string }[];
}

/** What a rule badge shows; `rule_texts` maps rule ids to these. */
interface RuleText {
  /** the rule in one line */
  summary: string;
  /** its heading on the rules page ("" where it has none) */
  title: string;
  /** its full text, as the rules page states it */
  text: string;
  /** its place on the docs site */
  link: string;
}

/** A play's note; `annotations` maps play numbers (as strings) to these. */
interface Annotation {
  text: string;
  arrows: (string | number)[][];
  squares: (string | number)[];
}

/** One move's estimate by the coach. */
interface CoachMove {
  notation: string;
  explanation: string;
  wins: number;
  games: number;
  win_rate: number;
  ci95: number[];
  best: boolean;
  targets: string[];
  exact?: boolean;
  dropped?: boolean;
}

/** The coach's estimates for `pending`'s play ({} when none). */
interface CoachAdvice {
  play?: number;
  card?: string;
  colour?: string;
  rollouts?: number;
  strategy?: string;
  engine?: string;
  seconds?: number;
  /** "exact", "racing" (clearly worse moves dropped) or "full" */
  method?: string;
  /** games played in all */
  games?: number;
  /** how sure the coach is, in one sentence */
  verdict?: string;
  moves?: CoachMove[];
}

/** One play of a reviewed game (docs/review.md): the mover's chances and the best move. */
interface ReviewPlay {
  luck: number;
  error: number;
  /** the best move's notation */
  best: string;
  /** the mover's chance after the move played */
  after: number;
  exact: boolean;
  /** the best move's pawns, where the move played gave something away: each its places in
   * order, from where it stands through every square it walks to where it stops */
  arrows: string[][];
}

/** The review of the game shown ({} until `show_review()` runs). */
interface ReviewData {
  colours?: string[];
  /** each colour's chance at each frame, in the order of `colours` */
  chances?: number[][];
  plays?: ReviewPlay[];
  card_model?: string;
}

/** The card game's table: every frame drawn by Python, each distinct piece sent once
 * (`recent_tables` holds the newest pieces and frames alike). */
interface Tables {
  theme?: string;
  /** SVG defs of every card face */
  faces?: string;
  /** SVG markup of each piece */
  pieces?: string[];
  /** each frame as indices into `pieces` */
  frames?: number[][];
  start?: { total: number; callout: string };
}

/** The page's words in the widget's language, from the gettext catalogs
 * (sorry_widget/widget/strings.py page_strings; js/strings.js reads them). */
interface PageStrings {
  language?: string;
  /** how many plural forms the language has */
  nplurals?: number;
  /** the catalog's plural rule, gettext's C expression of n: "(n > 1)" */
  plural?: string;
  /** the page's entries by their key in UI_ENGLISH: a text, or a count's forms */
  ui?: Record<string, string | string[]>;
  /** the words catalog's colours, cards and places by their context: "colour.red" */
  words?: Record<string, string>;
}

interface Window {
  /** How many views of each landmark name the page has (dom.js regionName). */
  __sorryWidgetRegions?: Record<string, number>;
}
