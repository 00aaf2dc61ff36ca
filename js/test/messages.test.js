import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { checkedModel, messageProblem, messagesOf } from "../messages.js";
import { fakeModel } from "./fake-model.js";

// The description Python reads, read here as a file: the page's copy (bundled) is the same.
const described = JSON.parse(readFileSync(
  new URL("../../sorry_widget/widget/page_messages.json", import.meta.url), "utf8"));

test("messagesOf: each view sends hello, and its own messages", () => {
  assert.deepEqual(Object.keys(messagesOf("board")).sort(),
    ["annotate", "coach", "hello", "move", "new_game", "reset", "review", "show", "try"]);
  assert.deepEqual(Object.keys(messagesOf("cardtable")).sort(), ["act", "annotate", "hello", "reset"]);
});

test("messagesOf: the page's description is the file Python reads", () => {
  for (const view of Object.keys(described.views)) {
    assert.deepEqual(messagesOf(view), { ...described.every_view, ...described.views[view] });
  }
});

test("messageProblem: what the page sends today fits", () => {
  const fine = [
    ["board", { type: "hello", language: "fr" }],
    ["board", { type: "hello", language: null }],
    ["cardtable", { type: "hello", language: "en", theme: "dark" }],
    ["board", { type: "move", notation: "R s-4", card: "1" }],
    ["board", { type: "move", notation: "R4-7 R12-16", card: "7", completed: "R12-16" }],
    ["board", { type: "move", notation: "R pass", card: null }],
    ["board", { type: "try", clicks: ["red:start", "4"] }],
    ["board", { type: "annotate", play: 3, text: "" }],
    ["board", { type: "annotate", play: 3, squares: [12, "red:home"] }],
    ["board", { type: "annotate", play: 0, text: "", arrows: [], squares: [] }],
    ["board", { type: "new_game", rules: "teams", players: 4, people: ["red", "blue"] }],
    ["board", { type: "coach" }], ["board", { type: "show" }], ["board", { type: "reset" }],
    ["cardtable", { type: "act", notation: "red slide-4" }],
    ["cardtable", { type: "annotate", play: 2, text: "why?" }],
    ["cardtable", { type: "reset" }],
  ];
  for (const [view, content] of fine) assert.equal(messageProblem(view, content), null, JSON.stringify(content));
});

test("messageProblem: a type the view does not send", () => {
  assert.match(messageProblem("cardtable", { type: "move", notation: "x" }), /sends no message of type "move"/);
  assert.match(messageProblem("board", { type: "act", notation: "x" }), /no message of type "act"/);
  assert.match(messageProblem("board", { type: "nope" }), /"nope"/);
});

test("messageProblem: a field the description does not name (the card table's notes have no arrows)", () => {
  assert.match(messageProblem("cardtable", { type: "annotate", play: 1, arrows: [] }), /annotate: no field "arrows"/);
  assert.match(messageProblem("board", { type: "coach", moves: 3 }), /no field "moves"/);
});

test("messageProblem: a required field left out", () => {
  assert.match(messageProblem("board", { type: "move", card: "7" }), /move: notation is missing/);
  assert.match(messageProblem("cardtable", { type: "annotate", text: "x" }), /play is missing/);
});

test("messageProblem: a value of another type", () => {
  assert.match(messageProblem("board", { type: "annotate", play: "3" }), /play is integer, not "3"/);
  assert.match(messageProblem("board", { type: "annotate", play: 1.5 }), /play is integer/);
  assert.match(messageProblem("board", { type: "try", clicks: "4" }), /clicks is array or null/);
  assert.match(messageProblem("board", { type: "move", notation: null }), /notation is string/);
});

test("messageProblem: a field given as undefined is left out (JSON drops it)", () => {
  assert.equal(messageProblem("board", { type: "move", notation: "R s-4", completed: undefined }), null);
  assert.match(messageProblem("board", { type: "move", notation: undefined }), /notation is missing/);
});

test("messageProblem: sizes are Python's to refuse (it tells the person), not the page's", () => {
  assert.equal(messageProblem("board", { type: "annotate", play: 1, text: "x".repeat(5000) }), null);
});

test("checkedModel: a message that fits goes to the model as it is", () => {
  const model = fakeModel();
  checkedModel(model, "board").send({ type: "move", notation: "R s-4", card: "1" });
  assert.deepEqual(model.sent, [{ type: "move", notation: "R s-4", card: "1" }]);
});

test("checkedModel: a message that does not fit is thrown, and Python is sent nothing", () => {
  const model = fakeModel();
  assert.throws(() => checkedModel(model, "cardtable").send({ type: "coach" }), /page_messages.json refuses/);
  assert.deepEqual(model.sent, []);
});

test("checkedModel: traits, saves and listeners go through to the model", () => {
  const model = fakeModel({ play: 2 });
  const checked = checkedModel(model, "board");
  assert.equal(checked.get("play"), 2);
  checked.set("play", 3);
  checked.save_changes();
  assert.equal(model.get("play"), 3);
  assert.equal(model.saves, 1);
  const fn = () => {};
  checked.on("change:play", fn);
  assert.equal(model.listening("change:play"), 1);
  checked.off("change:play", fn);
  assert.equal(model.listening("change:play"), 0);
});
