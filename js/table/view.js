// The card game's view: its parts, put together and kept in step with the model.

import { h, regionName, themeOf } from "../dom.js";
import { uiText } from "../strings.js";
import { viewLoop } from "../loop.js";
import { replayShell } from "../shell.js";
import { tableActions } from "./actions.js";
import { tableDrawing } from "./drawing.js";
import { tablePanels } from "./panels.js";
import { a11yWords, moveItems } from "../words.js";

/**
 * With theme "auto", Python draws the table in the theme the page reports: this tells it
 * when the notebook's theme changes.
 * @param {object} ctx
 * @param {AnyModel} ctx.model
 * @param {{isLive: () => boolean}} ctx.shell
 * @returns {{stop: () => void}}
 */
export function themeReporter({ model, shell }) {
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
export function renderCardTable(model, el) {
  const root = h("div", { class: "sorry-widget sw-cardgame", tabindex: "0", role: "region",
    "aria-label": regionName(a11yWords(model).tableRegion) });
  el.append(root);
  const faces = h("div", { class: "sw-faces", "aria-hidden": "true" });
  const tableBox = h("div", { class: "sw-board sw-table" });
  const tablePicture = h("div", { class: "sw-table-picture" });
  // The tables or plays changed: the next sync reloads them.
  const loop = viewLoop(model, { dirty: { tables: true }, sync });
  const schedule = loop.schedule;

  const drawing = tableDrawing({ model, root, faces, picture: tablePicture,
    onClick: (ev) => actions.click(ev) });
  const shell = replayShell(model, root, {
    count: () => drawing.frames().length, onLive: () => schedule(), animateOption: false,
    listLabel: uiText(model, "a11y.actions"), hello: () => ({ theme: themeOf(model) }),
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

  function sync(dirty) {
    if (dirty.tables) {
      drawing.load();
      shell.fillMoveList(moveItems(model, drawing.plays()));
      dirty.tables = false;
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
    "change:plays": () => schedule("tables"),
    "change:recent_plays": () => schedule("tables"),
    "change:tables": () => schedule("tables"),
    "change:recent_tables": () => schedule("tables"),
    "change:final": () => schedule(),
    "change:annotations": () => schedule(),
    "change:rule_texts": () => schedule(),
    "change:pending": () => { actions.forget(); schedule(); },
    "change:size": () => schedule(),
    "change:mode": () => schedule(),
  };
  const theme = themeReporter({ model, shell });
  const teardown = loop.start(handlers, [shell, actions, theme]);
  shell.start();
  return teardown;
}
