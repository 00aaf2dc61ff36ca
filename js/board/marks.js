// Arrows and outlines drawn on the board, from coordinates Python gave.

import { svgEl } from "../dom.js";

// --- drawing on the board, from coordinates Python gave -----------------------------------

/**
 * Where an arrow's head starts on its last step, from [x1, y1] to [x2, y2], and the head as
 * polygon points: shared by the straight arrow and the one along a way.
 * @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2
 * @returns {{bx: number, by: number, head: string}}
 */
function arrowHead(x1, y1, x2, y2) {
  const dx = x2 - x1, dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length, uy = dy / length;
  const size = Math.min(16, length * 0.6);
  const bx = x2 - ux * size, by = y2 - uy * size;
  const w = size * 0.6;
  return { bx, by, head: `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` };
}

/**
 * An arrow from one point to another, its head at the second.
 * @param {Element} layer @param {number[]} from [x, y] @param {number[]} to [x, y]
 * @param {string} colour @param {number} width @param {string} cls
 */
export function arrow(layer, [x1, y1], [x2, y2], colour, width, cls) {
  const { bx, by, head } = arrowHead(x1, y1, x2, y2);
  const g = svgEl("g", { class: cls, opacity: 0.85 });
  g.append(svgEl("line", { x1, y1, x2: bx, y2: by, stroke: colour, "stroke-width": width,
    "stroke-linecap": "round" }));
  g.append(svgEl("polygon", { fill: colour, points: head }));
  layer.append(g);
}

/**
 * An arrow along a way of several points (a pawn's walk, square by square), its head on the
 * last step: a line through every point, so it turns where the track turns.
 * @param {Element} layer @param {number[][]} points [x, y] each, at least two
 * @param {string} colour @param {number} width @param {string} cls
 */
export function wayArrow(layer, points, colour, width, cls) {
  const [x1, y1] = points[points.length - 2], [x2, y2] = points[points.length - 1];
  const { bx, by, head } = arrowHead(x1, y1, x2, y2);
  const g = svgEl("g", { class: cls, opacity: 0.85 });
  g.append(svgEl("polyline", { points: [...points.slice(0, -1), [bx, by]].join(" "),
    fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round",
    "stroke-linejoin": "round" }));
  g.append(svgEl("polygon", { fill: colour, points: head }));
  layer.append(g);
}

export function outline(layer, place, key, colour, cls, { inset = 2.5, width = 4, fill = "none",
  opacity = 1 } = {}) {
  const common = { fill, stroke: colour, "stroke-width": width, class: cls, opacity,
    "data-place": key };
  const s = place.half - inset;
  layer.append(place.round
    ? svgEl("circle", { cx: place.x, cy: place.y, r: s, ...common })
    : svgEl("rect", { x: place.x - s, y: place.y - s, width: 2 * s, height: 2 * s, rx: 4,
      ...common }));
}
