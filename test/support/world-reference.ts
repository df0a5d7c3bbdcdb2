/**
 * Brute-force references for the world queries: every body and every wall of a world looked at
 * one by one, at `world.now`, with the public single-shape queries (or BigInt where the world's
 * test is its own), the best chosen by the documented rule (earliest; then body, wall,
 * container; then lower index). They know nothing of the cells.
 *
 * Positions at `now` are read from the engine's stored state (a white-box read: inside a
 * callback bodies are stored at their own update times) and carried forward with the motion law
 * p + v dt (+ a dt^2 / 2) in the engine's order of operations, walls by their velocity.
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, type QueryOptions, type SceneWorld, type World2D, type World3D } from "../../src/index.js";
import { WALL_BOX2, WALL_BOX3, WALL_PLANE, WALL_SEGMENT, WALL_STRIDE, WALL_TRIANGLE } from "../../src/world/walls/wall-kind.js";
import { toCommonIntegers } from "./exact.js";

const FLAG_ALIVE = 1, FLAG_SENSOR = 16;

interface Internals {
  t0: Float64Array;
  aex: Float64Array;
  aey: Float64Array;
  aez: Float64Array;
  wallVelocity: Float64Array;
  wallTime: Float64Array;
  dirty: boolean;
}

function internals(w: World2D | World3D): Internals {
  return w as unknown as Internals;
}

/** True when the world's cells are stale (the queries then look at everything). */
export function isDirty(w: World2D | World3D): boolean {
  return internals(w).dirty;
}

/** Body i's centre at `now`. */
export function bodyNow(world: World2D | World3D, i: number): [number, number, number] {
  const w = world as SceneWorld; // (a World2D's z columns are zeros)
  const s = internals(w);
  const dt = w.now - s.t0[i];
  let x = w.x[i], y = w.y[i], z = w.z[i];
  if (dt !== 0) {
    const ax = s.aex[i], ay = s.aey[i], az = s.aez[i];
    if (ax === 0 && ay === 0 && az === 0) {
      x += dt * w.vx[i];
      y += dt * w.vy[i];
      z += dt * w.vz[i];
    } else {
      x += dt * (w.vx[i] + 0.5 * dt * ax);
      y += dt * (w.vy[i] + 0.5 * dt * ay);
      z += dt * (w.vz[i] + 0.5 * dt * az);
    }
  }
  return [x, y, z];
}

/** Wall w's numbers at `now` (a moving wall translated as the engine translates it). */
export function wallNow(w: World2D | World3D, k: number): number[] {
  const s = internals(w);
  const d = Array.from(w.wallData.subarray(WALL_STRIDE * k, WALL_STRIDE * (k + 1)));
  const dt = w.now - s.wallTime[k];
  const vx = s.wallVelocity[3 * k], vy = s.wallVelocity[3 * k + 1], vz = s.wallVelocity[3 * k + 2];
  if (dt === 0 || (vx === 0 && vy === 0 && vz === 0)) return d;
  const dx = dt * vx, dy = dt * vy, dz = dt * vz;
  switch (w.wallKind[k]) {
    case WALL_SEGMENT:
    case WALL_BOX2:
      d[0] += dx; d[1] += dy; d[2] += dx; d[3] += dy;
      break;
    case WALL_PLANE:
      d[0] += dx; d[1] += dy; d[2] += dz;
      break;
    case WALL_BOX3:
      d[0] += dx; d[1] += dy; d[2] += dz; d[3] += dx; d[4] += dy; d[5] += dz;
      break;
    case WALL_TRIANGLE:
      for (let j = 0; j < 9; j += 3) { d[j] += dx; d[j + 1] += dy; d[j + 2] += dz; }
  }
  return d;
}

/** Whether a query with these options sees body i (alive, sensors, mask, filter). */
export function seesBody(w: World2D | World3D, i: number, o: QueryOptions = {}): boolean {
  if ((w.flags[i] & FLAG_ALIVE) === 0) return false;
  if ((w.flags[i] & FLAG_SENSOR) !== 0 && o.sensors !== true) return false;
  if ((w.group[i] & (o.mask ?? -1)) === 0) return false;
  return o.filter === undefined || o.filter(HIT_BODY, i);
}

/** Whether a query sees wall k (not removed; walls are in group 1). */
export function seesWall(w: World2D | World3D, k: number, o: QueryOptions = {}): boolean {
  if (w.wallKind[k] === 0) return false;
  if ((1 & (o.mask ?? -1)) === 0) return false;
  return o.filter === undefined || o.filter(HIT_WALL, k);
}

/** Whether a query sees the container's face. */
export function seesFace(face: number, o: QueryOptions = {}): boolean {
  if ((1 & (o.mask ?? -1)) === 0) return false;
  return o.filter === undefined || o.filter(HIT_BOUNDS, face);
}

/** A candidate hit. */
export interface RefHit {
  t: number;
  kind: number;
  index: number;
}

/** The better of two hits by the documented rule. */
export function better(a: RefHit | null, b: RefHit): RefHit {
  if (a === null) return b;
  if (b.t !== a.t) return b.t < a.t ? b : a;
  if (b.kind !== a.kind) return b.kind < a.kind ? b : a;
  return b.index < a.index ? b : a;
}

/** Exact sign of (b - a) x (p - a): plain doubles when clearly nonzero (a generous bound), else BigInt. */
export function bigOrient(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const l = (bx - ax) * (py - ay), r = (by - ay) * (px - ax);
  if (Number.isFinite(l) && Number.isFinite(r) && Math.abs(l - r) > 1e-10 * (Math.abs(l) + Math.abs(r))) return l > r ? 1 : -1;
  const { n } = toCommonIntegers([ax, ay, bx, by, px, py]);
  const v = (n[2] - n[0]) * (n[5] - n[1]) - (n[3] - n[1]) * (n[4] - n[0]);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/** Whether the closed segments p..q and a..b meet (BigInt orientations). */
export function segmentsMeet(px: number, py: number, qx: number, qy: number, ax: number, ay: number, bx: number, by: number): boolean {
  const d1 = bigOrient(ax, ay, bx, by, px, py), d2 = bigOrient(ax, ay, bx, by, qx, qy);
  const d3 = bigOrient(px, py, qx, qy, ax, ay), d4 = bigOrient(px, py, qx, qy, bx, by);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  const on = (ux: number, uy: number, vx: number, vy: number, wx: number, wy: number, o: number): boolean =>
    o === 0 && Math.min(ux, vx) <= wx && wx <= Math.max(ux, vx) && Math.min(uy, vy) <= wy && wy <= Math.max(uy, vy);
  return on(ax, ay, bx, by, px, py, d1) || on(ax, ay, bx, by, qx, qy, d2) || on(px, py, qx, qy, ax, ay, d3) || on(px, py, qx, qy, bx, by, d4);
}

/** Whether two overlap results are equal (cheaper than deepEqual on the passing path). */
export function sameOverlaps(a: { bodies: number[]; walls: number[] }, b: { bodies: number[]; walls: number[] }): boolean {
  return a.bodies.length === b.bodies.length && a.walls.length === b.walls.length && a.bodies.every((v, k) => v === b.bodies[k]) && a.walls.every((v, k) => v === b.walls[k]);
}
