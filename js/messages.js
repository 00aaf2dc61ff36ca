// The page's messages to Python, checked against their one description,
// sorry_widget/widget/page_messages.json, which the widgets check them against too
// (replay.py, page_fields) and the fuzz test makes them from. esbuild bundles the JSON in.

import PAGE_MESSAGES from "../sorry_widget/widget/page_messages.json" with { type: "json" };

/** @typedef {{types: string[], default?: unknown, max?: number}} FieldDescription */

/** Whether a value is of a JSON type the description names. */
const IS_TYPE = {
  string: (v) => typeof v === "string",
  integer: (v) => Number.isInteger(v),
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

/**
 * The messages a view ("board", "cardtable") sends: each type and its fields' descriptions.
 * @param {string} view
 * @returns {Record<string, Record<string, FieldDescription>>}
 */
export function messagesOf(view) {
  return { ...PAGE_MESSAGES.every_view, ...(PAGE_MESSAGES.views[view] || {}) };
}

/**
 * What is wrong with a message the page is about to send from `view`, or null: a type the
 * view does not send, a field its description does not name, a field it needs left out, a
 * value of another type. A field whose value is `undefined` is left out (JSON drops it). Sizes
 * are left to Python, which tells the person (a note too long, say).
 * @param {string} view
 * @param {PageMessage} content
 * @returns {string|null}
 */
export function messageProblem(view, content) {
  const described = messagesOf(view);
  const { type, ...fields } = content;
  if (!Object.hasOwn(described, type)) return `the ${view} sends no message of type ${JSON.stringify(type)}`;
  const wanted = described[type];
  for (const [name, value] of Object.entries(fields)) {
    if (!Object.hasOwn(wanted, name)) return `${type}: no field ${JSON.stringify(name)}`;
    if (value !== undefined && !wanted[name].types.some((t) => IS_TYPE[t](value))) {
      return `${type}: ${name} is ${wanted[name].types.join(" or ")}, not ${JSON.stringify(value)}`;
    }
  }
  for (const [name, field] of Object.entries(wanted)) {
    if (!("default" in field) && fields[name] === undefined) return `${type}: ${name} is missing`;
  }
  return null;
}

/**
 * The model as a view uses it, whose `send` checks each message against its description
 * first: one that does not fit is a bug of the page, thrown before Python sees it.
 * @template T
 * @param {Model<T>} model anywidget's model (or an exported page's stand-in)
 * @param {string} view the view's kind, which says what it may send
 * @returns {Model<T>}
 */
export function checkedModel(model, view) {
  return {
    get: (name) => model.get(name),
    set: (name, value) => model.set(name, value),
    save_changes: () => model.save_changes(),
    on: (event, fn) => model.on(event, fn),
    off: (event, fn) => model.off(event, fn),
    send(content) {
      const problem = messageProblem(view, content);
      if (problem) throw new Error(`sorry_widget: a message to Python that page_messages.json refuses: ${problem}`);
      model.send(content);
    },
  };
}
