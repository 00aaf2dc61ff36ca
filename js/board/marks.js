// Arrows and outlines drawn on the board, from coordinates Python gave.

import { svgEl } from "../dom.js";

// --- drawing on the board, from coordinates Python gave -----------------------------------

/**
 * An arrow from one point to another, its head at the second.
 * @param {Element} layer @param {number[]} from [x, y] @param {number[]} to [x, y]
 * @param {string} colour @param {number} width @param {string} cls
 */
export function arrow(layer, [x1, y1], [x2, y2], colour, width, cls) {
  const dx = x2 - x1, dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length, uy = dy / length;
  const head = Math.min(16, length * 0.6);
  const bx = x2 - ux * head, by = y2 - uy * head;
  const g = svgEl("g", { class: cls, opacity: 0.85 });
  g.append(svgEl("line", { x1, y1, x2: bx, y2: by, stroke: colour, "stroke-width": width,
    "stroke-linecap": "round" }));
  const w = head * 0.6;
  g.append(svgEl("polygon", { fill: colour, points:
    `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` }));
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
  const dx = x2 - x1, dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length, uy = dy / length;
  const head = Math.min(16, length * 0.6);
  const bx = x2 - ux * head, by = y2 - uy * head;
  const g = svgEl("g", { class: cls, opacity: 0.85 });
  g.append(svgEl("polyline", { points: [...points.slice(0, -1), [bx, by]].join(" "),
    fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round",
    "stroke-linejoin": "round" }));
  const w = head * 0.6;
  g.append(svgEl("polygon", { fill: colour, points:
    `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` }));
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
