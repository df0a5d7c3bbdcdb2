/**
 * A table as flat arrays for event detection, built once per table object and cached.
 */
import type { PoolTable } from "./table.js";

/** Numbers per straight cushion: lx ly l0 p1x p1y p2x p2y direction. */
export const LIN = 8;
/** Numbers per bounding box: minX minY maxX maxY. */
export const BOX = 4;

export interface TableArrays {
  lin: Float64Array;
  linBox: Float64Array;
  circ: Float64Array;
  circBox: Float64Array;
  poc: Float64Array;
  pocBox: Float64Array;
}

const tableCache = new WeakMap<PoolTable, TableArrays>();

/**
 * Flat arrays of a table for detection, built once per table: straight cushions as
 * lx ly l0 p1x p1y p2x p2y direction (pooltool's line form, not normalised: if p2x = p1x then
 * (1, 0, −p1x), else (−m, 1, m p1x − p1y) with m the slope), jaws and pockets as x y radius,
 * and each one's bounding box.
 */
export function tableArrays(table: PoolTable): TableArrays {
  const cached = tableCache.get(table);
  if (cached) return cached;
  const lin = new Float64Array(table.linear.length * LIN);
  const linBox = new Float64Array(table.linear.length * BOX);
  table.linear.forEach((c, k) => {
    const [p1x, p1y] = c.p1, [p2x, p2y] = c.p2;
    let lx: number, ly: number, l0: number;
    if (p2x === p1x) { lx = 1; ly = 0; l0 = -p1x; } else {
      const slope = (p2y - p1y) / (p2x - p1x);
      lx = -slope; ly = 1; l0 = slope * p1x - p1y;
    }
    lin.set([lx, ly, l0, p1x, p1y, p2x, p2y, c.direction], k * LIN);
    linBox.set([Math.min(p1x, p2x), Math.min(p1y, p2y), Math.max(p1x, p2x), Math.max(p1y, p2y)], k * BOX);
  });
  const circ = new Float64Array(table.circular.length * 3);
  const circBox = new Float64Array(table.circular.length * BOX);
  table.circular.forEach((c, k) => {
    circ.set([c.center[0], c.center[1], c.radius], k * 3);
    circBox.set([c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius], k * BOX);
  });
  const poc = new Float64Array(table.pockets.length * 3);
  const pocBox = new Float64Array(table.pockets.length * BOX);
  table.pockets.forEach((c, k) => {
    poc.set([c.center[0], c.center[1], c.radius], k * 3);
    pocBox.set([c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius], k * BOX);
  });
  const arrays = { lin, linBox, circ, circBox, poc, pocBox };
  tableCache.set(table, arrays);
  return arrays;
}
