// Acting at the card table: cards clicked, Play 2's numbers, a steal or block answered.

import { focusKeeper, h } from "../dom.js";
import { uiText } from "../strings.js";
import { cardName } from "./drawing.js";
import { passChoice } from "../shell.js";
import { colourName } from "../words.js";

/** The answers to a steal or block window, each with its words (`answer.<kind>`, `…_title`). */
export const ANSWER_KINDS = ["steal", "pass", "block", "accept"];

/**
 * What a choice's button says of an action (its notation without the player), in the model's
 * language: "On Blue" for a SORRY! on Blue, "5 then 4" for Play 2 with a 5 and a 4.
 * @param {AnyModel} model
 * @param {string} notation
 */
export function choiceLabel(model, notation) {
  const words = notation.split(" ").slice(1);
  return words[0] === "sorry-back"
    ? uiText(model, "choice.sorry_on", { colour: colourName(model, words[1]) })
    : words[0] === "play-2" ? uiText(model, "choice.play_2", { first: words[1], second: words[2] })
      : words.join(" ");
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
export function tableActions({ model, shell, box, drawing, schedule }) {
  let chosen = [];    // cards clicked towards an action (Play 2 and its two numbers)
  const prompt = h("div", { class: "sw-prompt", role: "group", hidden: "" });
  const choices = h("div", { class: "sw-choices" });
  // What a person must answer sits on the table next to what they clicked (their hand): the
  // targets of a SORRY!, Play 2's numbers, a steal or block question.
  const pick = h("div", { class: "sw-pick", role: "group", "aria-label": uiText(model, "a11y.choice"),
    hidden: "" },
    prompt, choices);

  // A pressed answer, choice or Pass is replaced: the focus goes to what is asked next, else
  // the table, instead of falling to the page's body.
  const focus = focusKeeper(pick, () => drawing.svg());

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
      const [label, title] = ANSWER_KINDS.includes(a.kind)
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
      const what = choiceLabel(model, a.notation);
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
      choices.append(passChoice(model, a.explanation, () => sendAct(a.notation)));
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
    const picked = chosen.slice();
    for (const node of drawing.seatCards(pend.colour)) {
      const card = node.dataset.card;
      const k = picked.indexOf(card);
      if (k >= 0) { node.classList.add("sw-selected"); picked.splice(k, 1); continue; }
      if (!usable.has(card)) continue;
      node.classList.add("sw-selectable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", uiText(model, "a11y.play_card", { card: cardName(model, card) }));
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
        shell.showNotice(uiText(model, "table.not_play_2", { card: cardName(model, card) }), "error");
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
      const playable = [...new Set(pend.actions.filter((a) => a.card).map((a) => cardName(model, a.card)))];
      shell.showNotice(uiText(model, "table.cannot_play", { card: cardName(model, card),
        playable: playable.join(", ") || uiText(model, "table.none") }), "error");
      return;
    }
    if (options.length === 1) { sendAct(options[0].notation); return; }
    chosen = [options[0].notation.split(" ")[1]];
    schedule();
  }

  /** @param {Pending|null} pend the person's turn, if the frame shown waits for it */
  function fill(pend) {
    markHand(pend);
    focus.before();
    fillPrompt(pend);
    fillChoices(pend);
    placePick(pend);
    focus.after();
  }

  const resized = new ResizeObserver(() => { if (!pick.hidden) placePick(waitingAt(shell.current())); });
  resized.observe(box);

  return { pick, waitingAt, fill, click: onTableClick, chosen: () => chosen,
    forget: () => { chosen = []; }, stop: () => resized.disconnect() };
}
