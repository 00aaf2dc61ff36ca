// The Sorry! board's frontend. It draws what the model's traits say and reports what the
// person does; it knows no rules and no geometry of its own: the board, pawn pictures, card
// faces, trails and every place's coordinates come from Python (sorry_widget.render).

const SVG_NS = "http://www.w3.org/2000/svg";

function svgFragment(markup) {
  const holder = document.createElementNS(SVG_NS, "g");
  holder.innerHTML = markup;
  return holder.firstElementChild;
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function render({ model, el }) {
  const root = h("div", { class: "sorry-widget", tabindex: "0" });
  el.append(root);

  // --- layout --------------------------------------------------------------------------
  const boardBox = h("div", { class: "sw-board" });
  const status = h("div", { class: "sw-status", "aria-live": "polite" });
  const explanation = h("div", { class: "sw-explanation", "aria-live": "polite" });
  const note = h("div", { class: "sw-note" });
  const message = h("div", { class: "sw-message", role: "alert" });
  const choices = h("div", { class: "sw-choices" });
  const moveList = h("ol", { class: "sw-moves", "aria-label": "moves of the game" });
  const side = h("div", { class: "sw-side" }, status, explanation, note, message, choices,
    moveList);
  const button = (label, title, name, onclick) =>
    h("button", { type: "button", class: "sw-" + name, title, "aria-label": title, onclick },
      label);
  const first = button("« First", "First turn", "first", () => goto(0));
  const back = button("‹ Back", "Back one turn", "back", () => goto(current() - 1));
  const playBtn = button("Play", "Play", "play", () => setPlaying(!model.get("playing")));
  const fwd = button("Next ›", "Forward one turn", "forward", () => goto(current() + 1));
  const last = button("Last »", "Last turn", "last", () => goto(frames().length - 1));
  const scrub = h("input", { type: "range", min: "0", value: "0", class: "sw-scrubber",
    "aria-label": "turn" });
  scrub.addEventListener("input", () => goto(Number(scrub.value)));
  const speed = h("select", { class: "sw-speed", "aria-label": "replay speed (plays a second)" });
  for (const s of [0.5, 1, 1.5, 2, 4, 8]) speed.append(h("option", { value: String(s) }, `${s}×`));
  speed.addEventListener("change", () => { model.set("speed", Number(speed.value)); model.save_changes(); });
  const animateBox = h("input", { type: "checkbox", class: "sw-animate" });
  animateBox.addEventListener("change", () => { model.set("animate", animateBox.checked); model.save_changes(); });
  const turnLabel = h("span", { class: "sw-turn" });
  const controls = h("div", { class: "sw-controls", role: "toolbar", "aria-label": "replay" },
    first, back, playBtn, fwd, last, scrub, turnLabel, speed,
    h("label", { class: "sw-animate-label" }, animateBox, " animate"));

  const noteInput = h("textarea", { class: "sw-note-input", rows: "2",
    "aria-label": "note on this turn", placeholder: "Note on this turn…" });
  const saveNote = button("Save note", "Save note on this turn", "save-note", () =>
    sendAnnotation({ text: noteInput.value }));
  const arrowBtn = button("Arrow", "Arrow: click two places", "arrow", () => setTool("arrow"));
  const markBtn = button("Mark", "Mark places: click to toggle", "mark", () => setTool("mark"));
  const clearBtn = button("Clear", "Clear this turn's note", "clear", () =>
    sendAnnotation({ text: "", arrows: [], squares: [] }));
  const annotateBar = h("div", { class: "sw-annotate" }, noteInput, saveNote, arrowBtn, markBtn,
    clearBtn);

  root.append(h("div", { class: "sw-main" }, boardBox, side), controls, annotateBar);

  // --- state ---------------------------------------------------------------------------
  const frames = () => model.get("frames") || [];
  const places = () => (model.get("geometry") || {}).places || {};
  let shown = -1;           // index of the frame the board shows
  let token = 0;            // bumps to cancel an animation in flight
  let svg, pawnLayer, trailLayer, noteLayer;
  let pawnEls = {};
  let clicks = [];          // places clicked towards a move (play) or an arrow (annotate)
  let tool = null;          // "arrow" | "mark" | null
  let choosing = [];        // moves the same clicks could mean, offered as buttons
  let timer = null;

  const current = () => model.get("turn");

  function goto(n) {
    const last = frames().length - 1;
    n = Math.max(0, Math.min(last, n));
    if (n === current()) return;
    model.set("turn", n);
    model.save_changes();
  }

  function setPlaying(on) {
    model.set("playing", on);
    model.save_changes();
  }

  // --- the board -----------------------------------------------------------------------
  function drawBoard() {
    boardBox.innerHTML = model.get("board");
    svg = boardBox.querySelector("svg");
    svg.setAttribute("width", "100%");
    svg.removeAttribute("height");
    const overlay = svg.querySelector("#overlay");
    trailLayer = document.createElementNS(SVG_NS, "g");
    trailLayer.setAttribute("class", "sw-trail");
    noteLayer = document.createElementNS(SVG_NS, "g");
    noteLayer.setAttribute("class", "sw-annotation");
    overlay.append(trailLayer, noteLayer);
    pawnLayer = svg.querySelector("#pawns");
    pawnEls = {};
    svg.addEventListener("click", onBoardClick);
    svg.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onBoardClick(ev); }
    });
    shown = -1;
  }

  function pawnElement(colour) {
    const pawn = svgFragment(model.get("geometry").pawns[colour]);
    pawn.setAttribute("role", "button");
    pawnLayer.append(pawn);
    return pawn;
  }

  function put(pawn, x, y) {
    pawn.setAttribute("transform", `translate(${x},${y})`);
    pawn._xy = [x, y];
  }

  // Pawns keep their element from frame to frame: a pawn that did not move keeps its place,
  // the others take the places left, START and HOME spread over their slots.
  function layout(frame) {
    const spots = places();
    for (const [colour, keys] of Object.entries(frame.pawns)) {
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
        const slots = spots[key].slots;
        put(pawn, ...slots[n % slots.length]);
        const where = key.includes(":") ? key.split(":")[1] : `square ${key}`;
        pawn.setAttribute("aria-label", `${colour} pawn on ${where}`);
      }
    }
  }

  async function animateMotion(motion, my) {
    const spots = places();
    const pawn = (pawnEls[motion.colour] || []).find((p) => p.dataset.place === motion.from);
    if (!pawn) return;
    pawn.parentNode.append(pawn); // the moving pawn is drawn on top
    const perSquare = Math.max(20, 110 / model.get("speed"));
    let [x, y] = pawn._xy || spots[motion.from].slots[0];
    for (const key of motion.path) {
      const [tx, ty] = spots[key].slots[0];
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
    pawn.dataset.place = motion.path[motion.path.length - 1];
  }

  async function show(target) {
    const my = ++token;
    const all = frames();
    if (!svg || !all.length) return;
    // A turn out of range (refused by Python, which sends the old one back) is never drawn.
    target = Math.max(0, Math.min(all.length - 1, target));
    if (model.get("animate") && shown >= 0 && target > shown && target - shown <= 12 &&
        !document.hidden) {
      for (let i = shown + 1; i <= target; i++) {
        panels(i);
        for (const motion of all[i].motions || []) {
          await animateMotion(motion, my);
          if (my !== token) return;
        }
        layout(all[i]);
        shown = i;
        if (i < target) await sleep(Math.max(60, 400 / model.get("speed")));
        if (my !== token) return;
      }
    } else {
      layout(all[target]);
      panels(target);
      shown = target;
    }
    root.dataset.shown = String(target);
  }

  function replaceCard(name) {
    const face = svg.querySelector("#card-face");
    const markup = model.get("geometry").cards[name || ""];
    if (face && markup) face.replaceWith(svgFragment(markup));
  }

  function panels(i) {
    const all = frames();
    const frame = all[i];
    const lastIndex = all.length - 1;
    const waiting = i === lastIndex && model.get("drawn") && !frame.winner;
    replaceCard(waiting ? model.get("drawn") : frame.card);
    trailLayer.innerHTML = frame.trail || "";
    const ann = (model.get("annotations") || {})[String(i)];
    noteLayer.innerHTML = ann ? ann.svg : "";
    note.textContent = ann && ann.text ? ann.text : "";
    note.hidden = !note.textContent;
    if (document.activeElement !== noteInput) noteInput.value = ann ? ann.text : "";

    let line;
    if (frame.winner) line = `${capital(frame.winner)} wins!`;
    else if (waiting) line = `${capital(frame.to_move)} to move — you drew ${model.get("drawn") === "sorry" ? "a Sorry!" : "a " + model.get("drawn")}: click a pawn, then where it goes.`;
    else line = `${capital(frame.to_move)} to move`;
    status.textContent = line + " ";
    status.append(h("span", { class: "sw-where" },
      i === 0 ? "(the start)" : `(card ${i} of ${lastIndex}, turn ${frame.game_turn})`));
    status.dataset.colour = frame.winner || frame.to_move;
    explanation.innerHTML = "";
    if (i > 0) {
      explanation.append(
        h("span", { class: `sw-notation sw-${frame.colour}` }, frame.notation), " ",
        h("span", { class: "sw-text" }, frame.explanation), " ",
        ...frame.rules.map((r) => h("span", { class: "sw-rule", title: `rule ${r} of RULES.md` }, r)));
    } else {
      explanation.textContent = "The start of the game.";
    }
    scrub.max = String(lastIndex);
    scrub.value = String(i);
    turnLabel.textContent = `${i} / ${lastIndex}`;
    first.disabled = back.disabled = i === 0;
    fwd.disabled = last.disabled = i === lastIndex;
    for (const li of moveList.children) li.classList.toggle("sw-current", Number(li.dataset.turn) === i);
    const active = moveList.querySelector(".sw-current");
    if (active && active.scrollIntoView && moveList.scrollHeight > moveList.clientHeight) {
      moveList.scrollTop = active.offsetTop - moveList.clientHeight / 2;
    }
    svg.dataset.turn = String(i);
    refreshPlayable();
  }

  function fillMoveList() {
    moveList.innerHTML = "";
    frames().forEach((f, i) => {
      if (i === 0) return;
      const li = h("li", { "data-turn": String(i), class: `sw-${f.colour}`, title: f.explanation },
        `${f.notation}`);
      li.addEventListener("click", () => goto(i));
      moveList.append(li);
    });
  }

  // --- playing on the board ------------------------------------------------------------
  function playable() {
    return model.get("legal").length > 0 && current() === frames().length - 1 && !tool;
  }

  // Every way to click each legal move: a split 7 may be clicked pawn by pawn in either order.
  function candidates() {
    const ways = [];
    for (const m of model.get("legal")) {
      for (const seq of [m.clicks, ...(m.alt_clicks ? [m.alt_clicks] : [])]) ways.push({ m, seq });
    }
    return ways.filter(({ seq }) =>
      clicks.length <= seq.length && clicks.every((k, i) => seq[i].includes(k)));
  }

  function mark(keys, cls) {
    for (const node of svg.querySelectorAll("." + cls)) node.classList.remove(cls);
    for (const key of keys) {
      for (const node of svg.querySelectorAll(`[data-place="${key}"]`)) {
        if (node.closest("#overlay")) continue;
        node.classList.add(cls);
        if (cls === "sw-target" || cls === "sw-selectable") node.setAttribute("tabindex", "0");
      }
    }
  }

  function refreshPlayable() {
    if (!svg) return;
    for (const node of svg.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
    choices.innerHTML = "";
    if (!playable()) {
      mark([], "sw-selectable"); mark([], "sw-target"); mark([], "sw-selected");
      return;
    }
    const options = candidates();
    const next = new Set();
    for (const { seq } of options) if (seq.length > clicks.length) seq[clicks.length].forEach((k) => next.add(k));
    mark(clicks.length === 0 ? [...next] : [], "sw-selectable");
    mark(clicks.length > 0 ? [...next] : [], "sw-target");
    mark(clicks, "sw-selected");
    if (choosing.length) showChoices(choosing);
    for (const m of model.get("legal")) {
      if (m.clicks.length === 0) {
        choices.append(h("button", { type: "button", class: "sw-pass", title: m.explanation,
          onclick: () => sendMove(m.notation) }, `Pass: ${m.explanation}`));
      }
    }
  }

  function sendMove(notation) {
    clicks = [];
    choosing = [];
    model.set("selection", []);
    model.save_changes();
    model.send({ type: "move", notation });
  }

  function onBoardClick(ev) {
    const target = ev.target.closest("[data-place]");
    if (!target || target.closest("#overlay")) return;
    const key = target.dataset.place;
    if (tool) return annotateClick(key);
    if (!playable()) return;
    message.hidden = true;
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
        sendMove(options[0].m.notation);
        return;
      }
      if (complete.length > 1 && complete.length === options.length) {
        choosing = [...new Map(complete.map(({ m }) => [m.notation, m])).values()];
      }
    }
    model.set("selection", [...clicks]);
    model.save_changes();
    refreshPlayable();
  }

  function showChoices(options) {
    choices.append(h("div", { class: "sw-choose" }, "Which move?"));
    for (const m of options) {
      choices.append(h("button", { type: "button", class: "sw-choice", title: m.explanation,
        onclick: () => sendMove(m.notation) }, `${m.notation} — ${m.explanation}`));
    }
  }

  // --- annotating ----------------------------------------------------------------------
  function setTool(name) {
    tool = tool === name ? null : name;
    clicks = [];
    arrowBtn.classList.toggle("sw-active", tool === "arrow");
    markBtn.classList.toggle("sw-active", tool === "mark");
    arrowBtn.setAttribute("aria-pressed", String(tool === "arrow"));
    markBtn.setAttribute("aria-pressed", String(tool === "mark"));
    refreshPlayable();
  }

  const asPlace = (key) => (/^\d+$/.test(key) ? Number(key) : key);

  function annotateClick(key) {
    const ann = (model.get("annotations") || {})[String(current())] || { arrows: [], squares: [] };
    if (tool === "mark") {
      const squares = ann.squares.map(String).includes(key)
        ? ann.squares.filter((s) => String(s) !== key)
        : [...ann.squares, asPlace(key)];
      sendAnnotation({ squares });
    } else {
      clicks.push(key);
      mark(clicks, "sw-selected");
      if (clicks.length === 2) {
        sendAnnotation({ arrows: [...ann.arrows, clicks.map(asPlace)] });
        clicks = [];
        mark([], "sw-selected");
      }
    }
  }

  function sendAnnotation(parts) {
    model.send({ type: "annotate", turn: current(), ...parts });
  }

  // --- keyboard ------------------------------------------------------------------------
  root.addEventListener("keydown", (ev) => {
    if (ev.target.closest("textarea, select, input")) return;
    const keys = { ArrowLeft: () => goto(current() - 1), ArrowRight: () => goto(current() + 1),
      Home: () => goto(0), End: () => goto(frames().length - 1),
      p: () => setPlaying(!model.get("playing")), Escape: () => { clicks = []; setTool(null); } };
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  });

  // --- following the model -------------------------------------------------------------
  function onPlaying() {
    const on = model.get("playing");
    playBtn.textContent = on ? "Pause" : "Play";
    playBtn.setAttribute("aria-label", on ? "Pause" : "Play");
    playBtn.title = on ? "Pause" : "Play";
    clearInterval(timer);
    timer = null;
    if (!on) return;
    if (current() >= frames().length - 1) goto(0);
    timer = setInterval(() => {
      if (current() >= frames().length - 1) { setPlaying(false); return; }
      goto(current() + 1);
    }, 1000 / model.get("speed"));
  }

  function onMessage() {
    const text = model.get("message");
    message.textContent = text;
    message.hidden = !text;
  }

  function applyLook() {
    root.classList.toggle("sw-dark", model.get("theme") === "dark");
    root.style.setProperty("--sw-size", `${model.get("size")}px`);
    speed.value = String(model.get("speed"));
    animateBox.checked = model.get("animate");
  }

  drawBoard();
  fillMoveList();
  applyLook();
  onMessage();
  onPlaying();
  show(current());

  const handlers = {
    "change:turn": () => { clicks = []; choosing = []; show(current()); },
    "change:frames": () => { fillMoveList(); },
    "change:board": () => { drawBoard(); show(current()); },
    "change:geometry": () => { drawBoard(); show(current()); },
    "change:annotations": () => { if (shown >= 0) panels(shown); },
    "change:legal": () => { clicks = []; choosing = []; if (shown >= 0) panels(shown); },
    "change:drawn": () => { if (shown >= 0) panels(shown); },
    "change:message": onMessage,
    "change:playing": onPlaying,
    "change:speed": () => { applyLook(); if (model.get("playing")) onPlaying(); },
    "change:theme": applyLook,
    "change:size": applyLook,
    "change:animate": applyLook,
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  return () => {
    token++;
    clearInterval(timer);
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
  };
}

export default { render };
