/**
 * The parts shared by the 2D wall kinds stored as two points [x0, y0, x1, y1] (a segment's ends,
 * a box's corners): their extent for the cells, their translation when the wall moves, and
 * the contact record of a 2D sweep hit.
 */
import type { WallHit2 } from "../../query/types.js";

/** The axis-aligned extent [minX, minY, 0, maxX, maxY, 0] of the two points at d[o..o+3]. */
export function extentOfTwoPoints2(d: Float64Array, o: number, out: Float64Array): boolean {
  out[0] = Math.min(d[o], d[o + 2]);
  out[1] = Math.min(d[o + 1], d[o + 3]);
  out[2] = 0;
  out[3] = Math.max(d[o], d[o + 2]);
  out[4] = Math.max(d[o + 1], d[o + 3]);
  out[5] = 0;
  return true;
}

/** Moves both points at d[o..o+3] by (dx, dy). */
export function translateTwoPoints2(d: Float64Array, o: number, dx: number, dy: number): void {
  d[o] += dx;
  d[o + 1] += dy;
  d[o + 2] += dx;
  d[o + 3] += dy;
}

/** The wall contact record of a 2D sweep hit: the normal [nx, ny, 0] and the code 4 feature + index. */
export function contactOfHit2(hit: WallHit2, out: Float64Array): void {
  out[0] = hit.nx;
  out[1] = hit.ny;
  out[2] = 0;
  out[3] = 4 * hit.feature + hit.index;
}
