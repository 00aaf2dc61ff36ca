import { h, labelParts } from "./dom.js";
import { numberText, uiText } from "./strings.js";
import { a11yWords, notationText } from "./words.js";

/**
 * A pass offered to the person: a button that says Pass, with why beside it (the button's
 * description too), so it reads as the one thing to press, not as a sentence in a box.
 * @param {AnyModel} model
 * @param {string} reason why nothing else can be played
 * @param {() => void} onPass
 * @returns {HTMLElement}
 */
export function passChoice(model, reason, onPass) {
  return h("div", { class: "sw-pass-row" },
    h("button", { type: "button", class: "sw-pass", title: reason, onclick: onPass },
      uiText(model, "pass")),
    h("span", { class: "sw-pass-reason" }, reason));
}

// --- the replay shell: what every view of a game shares -----------------------------------
// Steps, scrubber, autoplay, speed, the move list, rule badges, notes on a play, notices and
// the "is a kernel listening" handshake. A view (the board, the card table) supplies the
// picture and the side panel; it tells the shell how many frames there are and which is shown.

/**
 * Where the computer players' plays since the person last played begin (an index into
 * `plays`), or null when there are none to list: the person played last, or no one has.
 * @param {PlayData[]} plays
 * @param {string[]} humans the colours people play
 * @returns {number|null}
 */
export function sinceThePerson(plays, humans) {
  let from = plays.length;
  while (from > 0 && !humans.includes(plays[from - 1].colour)) from--;
  return from === plays.length ? null : from;
}

/**
 * Whether an open rule box stays open when another play is shown: only if that play cites the
 * box's rule (the box follows the play shown).
 * @param {string|undefined} rule the rule id the box shows
 * @param {PlayData|null} play the play now shown (null: the start)
 * @returns {boolean}
 */
export function ruleBoxStays(rule, play) {
  return Boolean(play && rule && play.rules.includes(rule));
}

/**
 * The frames to say when frame i is shown after frame `said` (null: none said yet, so none
 * now): each one since, up to 12; after a jump back or far ahead, frame i alone.
 * @param {number|null} said @param {number} i
 * @returns {number[]}
 */
export function framesToSay(said, i) {
  if (said === null || i === said) return [];
  const from = i > said && i - said <= 12 ? said + 1 : i;
  return Array.from({ length: i - from + 1 }, (_, k) => from + k);
}

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
 *   fillMoveList: (items: {label: string, colour: string, title: string, detail?: string}[]) => void,
 *   update: (i: number) => (Annotation|undefined), look: () => void,
 *   sendAnnotation: (parts: object) => void,
 *   fillSince: (i: number, plays: PlayData[]) => void,
 *   explain: (el: HTMLElement, play: (PlayData|null), otherwise: string) => void,
 *   announce: (i: number, plays: PlayData[], more?: (k: number) => string) => void,
 *   isLive: () => boolean, parts: Object<string, HTMLElement>, start: () => void,
 *   stop: () => void}}
 */
export function replayShell(model, root, { count, onLive, animateOption = true, listLabel,
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
  let explained = null;     // the play the panel's explanation is of
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
  for (const s of [0.5, 1, 1.5, 2, 4, 8]) speed.append(h("option", { value: String(s) },
    `${numberText(model, s)}×`));  // "0,5×" in French
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
  // line, its full text to unfold, its place on the rules page) and a second click hides it.
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

  // The person's own last play (what it did: "…making exactly 21"), then the computer
  // players' plays since, so each can be read.
  function fillSince(i, plays) {
    since.replaceChildren();
    const humans = model.get("humans") || [];
    since.hidden = true;
    if (model.get("mode") !== "game" || !humans.length || i !== count() - 1) return;
    const from = sinceThePerson(plays, humans);
    if (from === null) return;
    if (from > 0) {
      // (shown only when others played after it: else it is the play the panel explains)
      const own = h("div", { class: "sw-own-play" });
      explain(own, plays[from - 1], "");
      since.append(h("div", { class: "sw-since-title" }, t("your_move")), own);
    }
    const sinceTitle = from === 0 ? t("since_start") : t("since_move");
    const list = h("ol", { class: "sw-since-list", tabindex: "0", "aria-label": sinceTitle });
    for (let k = Math.max(from, plays.length - 12); k < plays.length; k++) {
      const p = plays[k];
      list.append(h("li", { class: `sw-${p.colour}`, "data-play": String(k + 1),
        onclick: () => goto(k + 1) },
        h("span", { class: `sw-notation sw-${p.colour}` }, notationText(model, p.notation)), " ",
        p.explanation));
    }
    since.append(h("div", { class: "sw-since-title" }, sinceTitle), list);
    since.hidden = false;
  }

  // A play's notation, its explanation and a badge per rule it cites; else `otherwise`. An
  // open rule box stays only on a rule the play shown cites: the box follows the play shown.
  function explain(el, play, otherwise) {
    if (el.classList.contains("sw-explanation")) {
      if (!ruleText.hidden && play !== explained) ruleText.hidden = !ruleBoxStays(ruleText.dataset.rule, play);
      explained = play;
    }
    el.replaceChildren();
    if (!play) { el.textContent = otherwise; return; }
    el.append(
      h("span", { class: `sw-notation sw-${play.colour}` }, notationText(model, play.notation)), " ",
      h("span", { class: "sw-text" }, play.explanation), " ", ...play.rules.map(ruleBadge));
  }

  // items: [{ label, colour, title, detail? }], one per play (play k + 1); a detail (a
  // reviewed play's figures) goes on a line of its own under the label.
  function fillMoveList(items) {
    moveList.replaceChildren();
    // The number is part of the item, not a list marker: a marker sits in the list's padding,
    // which a host page's styles may narrow until "10." shows as "0." (an exported lesson).
    items.forEach((p, k) => {
      const li = h("li", { "data-play": String(k + 1), class: `sw-${p.colour}`,
        title: p.title }, h("span", { class: "sw-num", "aria-hidden": "true" }, `${k + 1}.`),
        p.label);
      if (p.detail) li.append(" ", h("span", { class: "sw-move-detail" }, p.detail));
      li.addEventListener("click", () => goto(k + 1));
      moveList.append(li);
    });
  }

  /** Say what happened up to frame i: each play since the last one said (a few at most), or,
   * after a jump, the play shown; `more(k)` is what the view adds about play k (a review's
   * sentence). The first frame a view shows is not said. */
  function announce(i, plays, more = (_k) => "") {
    const frames = framesToSay(announced, i);
    announced = i;
    if (!frames.length) return;
    const said = (k) => (k === 0 ? a11yWords(model).start0
      : [a11yWords(model).play(k, notationText(model, plays[k - 1].notation),
        plays[k - 1].explanation), more(k)]
        .filter(Boolean).join(" "));
    announcer.textContent = frames.map(said).join(" ");
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
    if (/** @type {Element} */ (ev.target).closest("textarea, select, input")) return;
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
