// A stand-in for anywidget's model in node: traits in a plain object, listeners kept, messages
// and saves recorded. Enough for the page's logic; nothing here draws.

/**
 * @param {Record<string, unknown>} traits
 */
export function fakeModel(traits = {}) {
  const state = { language: "en", view: "board", ...traits };
  const listeners = new Map();
  const model = {
    sent: [],
    saves: 0,
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; },
    save_changes: () => { model.saves += 1; },
    send: (content) => { model.sent.push(content); },
    on: (event, fn) => { listeners.set(event, [...(listeners.get(event) || []), fn]); },
    off: (event, fn) => { listeners.set(event, (listeners.get(event) || []).filter((f) => f !== fn)); },
    /** Call the listeners of `event`, as the model does on a change. */
    fire: (event, ...args) => { for (const fn of listeners.get(event) || []) fn(...args); },
    listening: (event) => (listeners.get(event) || []).length,
  };
  return model;
}

/** The model in French. */
export const french = (traits = {}) => fakeModel({ ...traits, language: "fr" });
