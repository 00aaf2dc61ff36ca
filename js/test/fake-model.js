// A stand-in for anywidget's model in node: traits in a plain object, listeners kept, messages
// and saves recorded. Enough for the page's logic; nothing here draws. Its words are the
// `strings` trait Python sends in its language (page-strings.json, written from the catalogs by
// scripts/update_catalogs.py; tests/test_translations.py keeps it current).

import PAGE_STRINGS from "./page-strings.json" with { type: "json" };

/** The `strings` trait Python sends, by language ("en", "fr"). */
export { PAGE_STRINGS };

/**
 * @param {Record<string, unknown>} traits
 */
export function fakeModel(traits = {}) {
  const language = typeof traits.language === "string" ? traits.language : "en";
  const state = { language, view: "board", strings: PAGE_STRINGS[language], ...traits };
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

/** The model in French, with the French catalogs' words. */
export const french = (traits = {}) => fakeModel({ ...traits, language: "fr" });
