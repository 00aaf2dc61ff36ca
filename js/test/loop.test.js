import assert from "node:assert/strict";
import { test } from "node:test";

import { viewLoop } from "../loop.js";
import { fakeModel } from "./fake-model.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A view's loop whose syncs are recorded (what was dirty at each). */
function recorded(model, dirty = { drawing: true, plays: true }) {
  const syncs = [];
  const loop = viewLoop(model, { dirty, sync: (d) => {
    syncs.push({ ...d });
    for (const key of Object.keys(d)) d[key] = false;
  } });
  return { loop, syncs };
}

test("viewLoop: start syncs at once, with everything dirty", () => {
  const { loop, syncs } = recorded(fakeModel());
  loop.start({}, []);
  assert.deepEqual(syncs, [{ drawing: true, plays: true }]);
});

test("viewLoop: changes in one batch make one sync, after the batch", async () => {
  const { loop, syncs } = recorded(fakeModel());
  loop.start({}, []);
  loop.schedule();
  loop.schedule("plays");
  loop.schedule();
  assert.equal(syncs.length, 1, "not synced before the batch is in");
  await settle();
  assert.equal(syncs.length, 2);
  assert.deepEqual(syncs[1], { drawing: false, plays: true });
});

test("viewLoop: a schedule after a sync asks for another", async () => {
  const { loop, syncs } = recorded(fakeModel());
  loop.start({}, []);
  loop.schedule("drawing");
  await settle();
  loop.schedule();
  await settle();
  assert.equal(syncs.length, 3);
  assert.deepEqual(syncs[2], { drawing: false, plays: false });
});

test("viewLoop: the dirty marks are the view's object, shared with the loop", () => {
  const dirty = { tables: true };
  const { loop } = recorded(fakeModel(), dirty);
  assert.equal(loop.dirty, dirty);
});

test("viewLoop: start listens to the model's events with the view's handlers", () => {
  const model = fakeModel();
  const { loop } = recorded(model);
  const seen = [];
  loop.start({ "change:play": () => seen.push("play"), "change:plays": () => seen.push("plays") }, []);
  model.fire("change:play");
  model.fire("change:plays");
  assert.deepEqual(seen, ["play", "plays"]);
});

test("viewLoop: the teardown stops the parts in order and removes every listener", () => {
  const model = fakeModel();
  const { loop } = recorded(model);
  const stopped = [];
  const parts = ["drawing", "shell", "look"].map((name) => ({ stop: () => stopped.push(name) }));
  const teardown = loop.start({ "change:play": () => {}, "change:size": () => {} }, parts);
  assert.equal(model.listening("change:play"), 1);
  teardown();
  assert.deepEqual(stopped, ["drawing", "shell", "look"]);
  assert.equal(model.listening("change:play"), 0);
  assert.equal(model.listening("change:size"), 0);
});
