// The loop every view runs: model changes mark what is stale and ask for one sync per batch,
// and the view's teardown stops its parts and removes its listeners.

/**
 * Every change to the model lands in `sync`, once per batch: Python sends several traits at
 * once (plays, play, pending) in no fixed order, and drawing from any one of them alone would
 * show a stale mix.
 * @param {AnyModel} model
 * @param {object} options
 * @param {Object<string, boolean>} options.dirty what the next sync must redo (its keys are
 *   the view's; all true at first, so the first sync does everything)
 * @param {(dirty: Object<string, boolean>) => void} options.sync brings the view up to date
 *   and clears the keys of `dirty` it redid
 * @returns {{schedule: (what?: string) => void, dirty: Object<string, boolean>,
 *   start: (handlers: Object<string, Function>, parts: {stop: () => void}[]) => (() => void)}}
 */
export function viewLoop(model, { dirty, sync }) {
  let scheduled = false;

  /** Sync once the current batch of changes is in; `what` marks a part of `dirty` stale. */
  function schedule(what) {
    if (what) dirty[what] = true;
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(run);
  }

  function run() {
    scheduled = false;
    sync(dirty);
  }

  /**
   * Listen to the model, sync now, and give anywidget what tears the view down.
   * @param {Object<string, Function>} handlers the model's events and what each does
   * @param {{stop: () => void}[]} parts the view's parts that hold timers or observers, stopped
   *   in this order
   * @returns {() => void} what removes the view's listeners
   */
  function start(handlers, parts) {
    for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
    run();
    return () => {
      for (const part of parts) part.stop();
      for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
    };
  }

  return { schedule, dirty, start };
}
