// The board game's view: its parts, put together and kept in step with the model.

import { coachPanel } from "./coach.js";
import { boardDrawing } from "./drawing.js";
import { handBox } from "./hand.js";
import { themeWatcher } from "./look.js";
import { newGameForm } from "./new-game.js";
import { annotationTools } from "./notes.js";
import { boardPanels } from "./panels.js";
import { playMode } from "./play.js";
import { reviewFigures, reviewPanel, reviewSentence } from "./review.js";
import { h, regionName } from "../dom.js";
import { uiText } from "../strings.js";
import { viewLoop } from "../loop.js";
import { replayShell } from "../shell.js";
import { a11yWords, moveItems } from "../words.js";

/**
 * The board game's view: the replay shell with the board's picture, its side panels, play
 * mode (a hand, the coach), the annotating tools and the new-game form, kept in step with the
 * model once per batch of changes.
 * @param {AnyModel} model
 * @param {HTMLElement} el where anywidget mounts the view
 * @returns {() => void} what removes the view's listeners
 */
export function renderBoard(model, el) {
  const root = h("div", { class: "sorry-widget sw-boardgame", tabindex: "0", role: "region",
    "aria-label": regionName(a11yWords(model).boardRegion) });
  el.append(root);
  const boardBox = h("div", { class: "sw-board" });
  const handEl = h("div", { class: "sw-hand", hidden: "", role: "group",
    "aria-label": uiText(model, "a11y.hand") });
  const choices = h("div", { class: "sw-choices" });
  const pending = () => model.get("pending") || {};
  // What the next sync redraws: the board's picture, the plays (and the move list).
  const loop = viewLoop(model, { dirty: { drawing: true, plays: true }, sync });
  const schedule = loop.schedule;

  const drawing = boardDrawing({ model, root, box: boardBox, panels,
    onClick: (ev) => playing.click(ev) });
  const shell = replayShell(model, root, {
    count: () => drawing.frames().length, onLive: () => schedule(),
    listLabel: uiText(model, "a11y.plays"), clearNote: { text: "", arrows: [], squares: [] },
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
  const hand = handBox({ model, box: handEl, shell, schedule, sendMove: playing.sendMove,
    onPick: playing.forget, board: drawing.svg });
  const coach = coachPanel({ model, shell, choices, pending, svg: drawing.svg,
    sendMove: playing.sendMove });
  const newGame = newGameForm({ model, button: shell.button, bar: annotateBar });
  const reviewed = reviewPanel({ model, goto: shell.goto, shell });

  root.append(h("div", { class: "sw-main" }, boardBox,
    h("div", { class: "sw-side" }, ruleLine, status, teamLine, leaderLine, scoreBox,
      explanation, ruleText, note, notice, handEl, demoBar, since, choices, reviewed.box,
      moveList)),
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
    /** @type {ReviewData} */
    const review = model.get("review") || {};
    const judged = play && review.plays && review.plays[i - 1];
    drawing.best(judged ? judged.arrows : [], play ? play.colour : "");
    reviewed.fill(i, plays);
    drawing.note(shell.update(i));
    side.fill({ i, lastIndex, plays, frame: drawing.frames()[i], pend, waiting,
      chosenCard: hand.chosen() });
    hand.fill(waiting ? pend : null);
    moveList.hidden = model.get("mode") === "demo";  // a demo's one play is what "Show the move" is for
    shell.fillSince(i, plays);
    // A reviewed play's sentence is said with it, so a screen reader hears the review too.
    shell.announce(i, plays, (k) => (review.plays && review.plays[k - 1] && plays[k - 1]
      ? reviewSentence(model, review, plays[k - 1], k) : ""));
    drawing.svg().dataset.play = String(i);
    playing.refresh();
  }

  function sync(dirty) {
    if (dirty.drawing) { drawing.draw(); dirty.drawing = false; }
    if (dirty.plays) {
      drawing.load();
      shell.fillMoveList(reviewedItems(moveItems(model, drawing.plays())));
      dirty.plays = false;
    }
    look.apply();
    drawing.follow(shell.current());
  }

  /** The move list's items with each reviewed play's luck and error beside its notation. */
  function reviewedItems(items) {
    /** @type {ReviewData} */
    const review = model.get("review") || {};
    const judged = review.plays || [];
    // (its figures on a line of their own under the notation: widget.css)
    return items.map((item, k) => (k < judged.length
      ? { ...item, detail: reviewFigures(model, review, k + 1) } : item));
  }

  const look = themeWatcher({ model, root, shell, schedule, svg: drawing.svg,
    redraw: () => schedule("drawing") });

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
    "change:review": () => schedule("plays"),
    "change:rule_set": () => schedule(),
    "change:rule_texts": () => schedule(),
    "change:humans": () => schedule(),
    "change:mode": () => schedule(),
    "change:theme": () => schedule("drawing"),
    "change:palette": () => { paletteClass(); schedule("drawing"); },
    "change:size": () => look.apply(),
  };

  // The colour-blind palette also recolours the side panel's colour words.
  function paletteClass() {
    root.classList.toggle("sw-palette-cb", model.get("palette") === "colour-blind");
  }
  paletteClass();
  const teardown = loop.start(handlers, [drawing, shell, look, reviewed]);
  shell.start();
  return teardown;
}
