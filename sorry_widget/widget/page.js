// Runs SorryWidget boards in a page with no kernel and no network: an exported replay or an
// exported lesson. The widget's ES module is in the page as text (imported from a blob URL),
// each board's state is in a JSON script, and a small model stands in for the widget manager:
// the board reads and sets its state locally; messages to Python go nowhere.
const esm = JSON.parse(document.getElementById("sorry-widget-esm").textContent);
const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
const widget = (await import(url)).default;

function pageModel(state) {
  const listeners = {};
  const fire = (name, ...args) => { for (const fn of listeners[name] || []) fn(...args); };
  return {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; fire("change:" + key); },
    save_changes: () => {},
    send: () => {},
    on: (name, fn) => { (listeners[name] ||= []).push(fn); },
    off: (name, fn) => { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); },
  };
}

for (const holder of document.querySelectorAll("[data-sorry-widget]")) {
  const state = JSON.parse(document.getElementById(holder.dataset.sorryWidget).textContent);
  holder.replaceChildren();  // the picture shown until the board runs
  widget.render({ model: pageModel(state), el: holder });
  holder.dataset.rendered = "true";
}
