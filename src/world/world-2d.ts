/**
 * World2D: exact event-driven simulation of moving circles among segments, boxes and a
 * rectangular container. See world-base.ts for the event scheme; this file holds the 2D
 * geometry: the body state (x, y, vx, vy, ax, ay at time t0), the uniform grid with
 * cell-crossing events, the walls, and the contact response.
 */
import { FEATURE_INTERIOR } from "../query/types.js";
import { toiCirclesRaw } from "../query/toi-circle-circle.js";
import { toiCircleSegmentRaw, circleSegmentFeature } from "../query/sweep-circle-segment.js";
import { toiCircleBoxRaw, circleBoxFeature } from "../query/sweep-circle-box.js";
import { separationSign } from "../query/overlap.js";
import { HashGrid, cellHash } from "../broad/hash-grid.js";
import { firstContact1D } from "./motion-1d.js";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import {
  WorldBase, FLAG_ALIVE, FLAG_FIXED, EV_BODY, EV_BOUNDS, EV_CELL, EV_NONE, EV_WALL,
  type WorldOptions,
} from "./world-base.js";

/** A body to add to a World2D. */
export interface BodyInit2 {
  /** Unique string id (default: the body index). */
  id?: string;
  x: number;
  y: number;
  vx?: number;
  vy?: number;
  /** Own constant acceleration, added to the world's gravity. */
  ax?: number;
  ay?: number;
  radius: number;
  /** Default 1; ignored for fixed bodies. */
  mass?: number;
  /** Immovable (infinite mass); it may still move at a constant velocity (a kinematic body). */
  fixed?: boolean;
  /** Default: the world's restitution. */
  restitution?: number;
  /** Collision group bits and mask (default 1 and all): two bodies collide when each one's group meets the other's mask. */
  group?: number;
  mask?: number;
}

export interface World2DOptions extends WorldOptions {
  /** Uniform gravity [gx, gy] acting on every movable body (default [0, 0]). */
  gravity?: readonly [number, number];
  /** A container the bodies stay inside. */
  bounds?: { min: readonly [number, number]; max: readonly [number, number] };
}

const WALL_SEGMENT = 1;
const WALL_BOX = 2;

/** Partner kinds for the "just collided" exclusion. */
const LAST_NONE = 0;
const LAST_BODY = 1;
const LAST_WALL = 2;
const LAST_BOUNDS = 3;

export class World2D extends WorldBase {
  // body state at time t0 (columns)
  x!: Float64Array;
  y!: Float64Array;
  vx!: Float64Array;
  vy!: Float64Array;
  ax!: Float64Array;
  ay!: Float64Array;
  cellX!: Int32Array;
  cellY!: Int32Array;
  lastKind!: Uint8Array;
  lastOther!: Int32Array;

  gx: number;
  gy: number;
  minX = -Infinity;
  minY = -Infinity;
  maxX = Infinity;
  maxY = Infinity;

  /** Walls: kind and four numbers each (segment x0 y0 x1 y1; box minX minY maxX maxY). */
  wallKind = new Uint8Array(0);
  wallData = new Float64Array(0);
  wallIds: string[] = [];
  private wallCount = 0;
  /** Walls and static fixed bodies that every body checks (too large for the grid). */
  private globalWalls = new Int32Array(0);

  private grid = new HashGrid(1024, 16);
  cellSize = Infinity;

  constructor(options: World2DOptions = {}) {
    super(options);
    const g = options.gravity ?? [0, 0];
    if (!(Number.isFinite(g[0]) && Number.isFinite(g[1]))) throw new RangeError(`gravity must be two finite numbers, got [${g[0]}, ${g[1]}]`);
    this.gx = g[0];
    this.gy = g[1];
    this.column("x", "f64", 0);
    this.column("y", "f64", 0);
    this.column("vx", "f64", 0);
    this.column("vy", "f64", 0);
    this.column("ax", "f64", 0);
    this.column("ay", "f64", 0);
    this.column("cellX", "i32", 0);
    this.column("cellY", "i32", 0);
    this.column("lastKind", "u8", 0);
    this.column("lastOther", "i32", -1);
    if (options.bounds) this.setBounds(options.bounds.min[0], options.bounds.min[1], options.bounds.max[0], options.bounds.max[1]);
  }

  /** Sets the rectangular container (all four numbers finite, min < max). */
  setBounds(minX: number, minY: number, maxX: number, maxY: number): void {
    for (const [k, v] of [["min[0]", minX], ["min[1]", minY], ["max[0]", maxX], ["max[1]", maxY]] as const) {
      if (!Number.isFinite(v)) throw new RangeError(`bounds.${k} must be a finite number, got ${v}`);
    }
    if (!(minX < maxX && minY < maxY)) throw new RangeError(`bounds.min must be below bounds.max, got [${minX}, ${minY}] and [${maxX}, ${maxY}]`);
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
    this.dirty = true;
  }

  /** Adds a body; returns its index. Throws a RangeError naming the field for bad values. */
  addBody(b: BodyInit2): number {
    const name = b.id === undefined ? `body ${this.n}` : `body "${b.id}"`;
    for (const k of ["x", "y", "vx", "vy", "ax", "ay"] as const) {
      const v = b[k] ?? 0;
      if (!Number.isFinite(v)) throw new RangeError(`${name}: ${k} must be a finite number, got ${v}`);
    }
    let i: number;
    try {
      i = this.allocBody(b.id, b.radius, b.mass ?? 1, b.fixed === true, b.restitution ?? this.defaultRestitution, b.group ?? 1, b.mask ?? -1);
    } catch (e) {
      throw new RangeError(`${name}: ${(e as Error).message}`);
    }
    this.x[i] = b.x;
    this.y[i] = b.y;
    this.vx[i] = b.vx ?? 0;
    this.vy[i] = b.vy ?? 0;
    this.ax[i] = b.ax ?? 0;
    this.ay[i] = b.ay ?? 0;
    this.lastKind[i] = LAST_NONE;
    return i;
  }

  private addWall(kind: number, a: number, b: number, c: number, d: number, id: string | undefined): number {
    const w = this.wallCount;
    const key = id ?? `wall-${w}`;
    if (this.wallIds.includes(key)) throw new RangeError(`wall id "${key}" is already in use`);
    if (this.wallKind.length === w) {
      const kinds = new Uint8Array(Math.max(8, 2 * w));
      kinds.set(this.wallKind);
      const data = new Float64Array(4 * kinds.length);
      data.set(this.wallData);
      this.wallKind = kinds;
      this.wallData = data;
    }
    this.wallKind[w] = kind;
    this.wallData.set([a, b, c, d], 4 * w);
    this.wallIds[w] = key;
    this.wallCount = w + 1;
    this.dirty = true;
    return w;
  }

  /** Adds a thin segment wall (both sides solid); returns its wall index. */
  addSegment(x0: number, y0: number, x1: number, y1: number, id?: string): number {
    for (const [k, v] of [["x0", x0], ["y0", y0], ["x1", x1], ["y1", y1]] as const) {
      if (!Number.isFinite(v)) throw new RangeError(`segment${id ? ` "${id}"` : ""}: ${k} must be a finite number, got ${v}`);
    }
    return this.addWall(WALL_SEGMENT, x0, y0, x1, y1, id);
  }

  /** Adds a solid axis-aligned box wall; returns its wall index. */
  addBox(minX: number, minY: number, maxX: number, maxY: number, id?: string): number {
    for (const [k, v] of [["minX", minX], ["minY", minY], ["maxX", maxX], ["maxY", maxY]] as const) {
      if (!Number.isFinite(v)) throw new RangeError(`box${id ? ` "${id}"` : ""}: ${k} must be a finite number, got ${v}`);
    }
    if (!(minX <= maxX && minY <= maxY)) throw new RangeError(`box${id ? ` "${id}"` : ""}: min must not exceed max, got [${minX}, ${minY}] and [${maxX}, ${maxY}]`);
    return this.addWall(WALL_BOX, minX, minY, maxX, maxY, id);
  }

  /** Number of walls. */
  get walls(): number {
    return this.wallCount;
  }

  /** Sets body i's velocity at the current time (its events are recomputed). */
  setVelocity(i: number, vx: number, vy: number): void {
    this.checkBody(i);
    if (!(Number.isFinite(vx) && Number.isFinite(vy))) throw new RangeError(`velocity must be two finite numbers, got [${vx}, ${vy}]`);
    this.moveTo(i, this.now);
    const wasStatic = this.isStatic(i);
    this.vx[i] = vx;
    this.vy[i] = vy;
    this.version[i]++;
    if (wasStatic !== this.isStatic(i)) this.dirty = true;
    else if (!this.dirty) this.predict(i);
  }

  /** Moves body i to (x, y) at the current time (no collision is generated for the jump). */
  setPosition(i: number, x: number, y: number): void {
    this.checkBody(i);
    if (!(Number.isFinite(x) && Number.isFinite(y))) throw new RangeError(`position must be two finite numbers, got [${x}, ${y}]`);
    this.moveTo(i, this.now);
    this.x[i] = x;
    this.y[i] = y;
    this.version[i]++;
    this.dirty = true;
  }

  /** Total kinetic energy of the movable bodies at the current time. */
  kineticEnergy(): number {
    let e = 0;
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED)) !== FLAG_ALIVE) continue;
      const vx = this.vx[i] + (this.now - this.t0[i]) * (this.ax[i] + this.gx);
      const vy = this.vy[i] + (this.now - this.t0[i]) * (this.ay[i] + this.gy);
      e += (vx * vx + vy * vy) / (2 * this.invMass[i]);
    }
    return e;
  }

  /** Total momentum [px, py] of the movable bodies. */
  momentum(): [number, number] {
    let px = 0;
    let py = 0;
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED)) !== FLAG_ALIVE) continue;
      px += this.vx[i] / this.invMass[i];
      py += this.vy[i] / this.invMass[i];
    }
    return [px, py];
  }

  // ------------------------------------------------------------------ internals

  private isStatic(i: number): boolean {
    return (this.flags[i] & FLAG_FIXED) !== 0 && this.vx[i] === 0 && this.vy[i] === 0 && this.ax[i] === 0 && this.ay[i] === 0;
  }

  /** Effective acceleration (own + gravity for movable bodies). */
  private accX(i: number): number {
    return (this.flags[i] & FLAG_FIXED) !== 0 ? this.ax[i] : this.ax[i] + this.gx;
  }
  private accY(i: number): number {
    return (this.flags[i] & FLAG_FIXED) !== 0 ? this.ay[i] : this.ay[i] + this.gy;
  }

  /** Brings body i's stored state to time t. */
  protected moveTo(i: number, t: number): void {
    const dt = t - this.t0[i];
    if (dt === 0) return;
    const ax = this.accX(i);
    const ay = this.accY(i);
    if (ax === 0 && ay === 0) {
      this.x[i] += dt * this.vx[i];
      this.y[i] += dt * this.vy[i];
    } else {
      this.x[i] += dt * (this.vx[i] + 0.5 * dt * ax);
      this.y[i] += dt * (this.vy[i] + 0.5 * dt * ay);
      this.vx[i] += dt * ax;
      this.vy[i] += dt * ay;
    }
    this.t0[i] = t;
  }

  protected override syncAll(): void {
    const t = this.now;
    for (let i = 0; i < this.n; i++) if (this.flags[i] & FLAG_ALIVE) this.moveTo(i, t);
  }

  protected override onReserve(capacity: number): void {
    this.grid.reserve(capacity);
  }

  protected override onRemove(i: number): void {
    this.grid.remove(i);
    this.dirty = true;
  }

  private bucket(cx: number, cy: number): number {
    return cellHash(cx, cy, 0, this.grid.mask);
  }

  /** Rebuilds the grid and the wall table, checks the start state, and schedules every body. */
  protected override rebuild(): void {
    const n = this.n;
    this.syncAll();
    // Cell size: twice the largest radius of a body that moves.
    let rMax = 0;
    let movers = 0;
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      movers++;
      if (this.r[i] > rMax) rMax = this.r[i];
    }
    // A positive cell size even for point particles: a fraction of the bounds, or 1.
    let cs = 2 * rMax * (1 + 2 ** -20);
    if (!(cs > 0)) cs = Number.isFinite(this.maxX - this.minX) ? Math.max(this.maxX - this.minX, this.maxY - this.minY) / 64 : 1;
    this.cellSize = cs;
    this.grid = new HashGrid(2 * Math.max(movers, 512), this.capacity);
    const grid = this.grid;
    // Bodies: movers into buckets by cell; static fixed bodies into the wall table.
    const pairs: number[] = [];
    const globals: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      this.queue.remove(i);
      if (this.isStatic(i)) {
        this.registerStatic(-1 - i, this.x[i] - this.r[i], this.y[i] - this.r[i], this.x[i] + this.r[i], this.y[i] + this.r[i], rMax, pairs, globals);
        continue;
      }
      const cx = Math.floor(this.x[i] / cs);
      const cy = Math.floor(this.y[i] / cs);
      this.cellX[i] = cx;
      this.cellY[i] = cy;
      grid.insert(i, this.bucket(cx, cy));
    }
    for (let w = 0; w < this.wallCount; w++) {
      const d = this.wallData;
      const o = 4 * w;
      this.registerStatic(w, Math.min(d[o], d[o + 2]), Math.min(d[o + 1], d[o + 3]), Math.max(d[o], d[o + 2]), Math.max(d[o + 1], d[o + 3]), rMax, pairs, globals);
    }
    grid.setWalls(pairs);
    this.globalWalls = Int32Array.from(globals);
    this.dirty = false;
    this.checkStart();
    for (let i = 0; i < n; i++) {
      if (this.flags[i] & FLAG_ALIVE && !this.isStatic(i)) this.predict(i);
    }
  }

  /** Registers a wall (w >= 0) or a static body (-1 - i) in every cell its box, grown by rMax, touches. */
  private registerStatic(code: number, x0: number, y0: number, x1: number, y1: number, rMax: number, pairs: number[], globals: number[]): void {
    const cs = this.cellSize;
    const cx0 = Math.floor((x0 - rMax) / cs) - 1;
    const cy0 = Math.floor((y0 - rMax) / cs) - 1;
    const cx1 = Math.floor((x1 + rMax) / cs) + 1;
    const cy1 = Math.floor((y1 + rMax) / cs) + 1;
    const cells = (cx1 - cx0 + 1) * (cy1 - cy0 + 1);
    if (!(cells <= 4096)) {
      globals.push(code);
      return;
    }
    for (let cx = cx0; cx <= cx1; cx++) for (let cy = cy0; cy <= cy1; cy++) pairs.push(this.bucket(cx, cy), code);
  }

  /** Throws a RangeError naming the bodies that overlap each other, a wall, or leave the bounds. */
  private checkStart(): void {
    const n = this.n;
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      const x = this.x[i], y = this.y[i], r = this.r[i];
      if (!this.isStatic(i) && (this.flags[i] & FLAG_FIXED) === 0) {
        if (x - r < this.minX || x + r > this.maxX || y - r < this.minY || y + r > this.maxY) {
          throw new RangeError(`body "${this.ids[i]}" (radius ${r} at [${x}, ${y}]) is not inside the bounds`);
        }
      }
    }
    // Pairs of bodies: every body against the bodies of its 3 x 3 cells and against static entries.
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      this.forEachNeighbour(i, (j) => {
        if (j > i && this.interacts(i, j) && separationSign(this.x[i], this.y[i], 0, this.r[i], this.x[j], this.y[j], 0, this.r[j]) < 0) {
          throw new RangeError(`bodies "${this.ids[i]}" and "${this.ids[j]}" overlap at the start`);
        }
      });
      if ((this.flags[i] & FLAG_FIXED) !== 0) continue;
      this.forEachStatic(i, (code) => {
        if (code < 0) {
          const j = -1 - code;
          if (this.interacts(i, j) && separationSign(this.x[i], this.y[i], 0, this.r[i], this.x[j], this.y[j], 0, this.r[j]) < 0) {
            throw new RangeError(`bodies "${this.ids[i]}" and "${this.ids[j]}" overlap at the start`);
          }
        } else if (this.wallOverlaps(i, code)) {
          throw new RangeError(`body "${this.ids[i]}" overlaps wall "${this.wallIds[code]}" at the start`);
        }
      });
    }
  }

  /** True when body i's disc reaches into wall w (strictly). */
  private wallOverlaps(i: number, w: number): boolean {
    const d = this.wallData;
    const o = 4 * w;
    const x = this.x[i], y = this.y[i], r = this.r[i];
    let qx: number;
    let qy: number;
    if (this.wallKind[w] === WALL_BOX) {
      qx = Math.min(Math.max(x, d[o]), d[o + 2]);
      qy = Math.min(Math.max(y, d[o + 1]), d[o + 3]);
    } else {
      const ex = d[o + 2] - d[o], ey = d[o + 3] - d[o + 1];
      const L2 = ex * ex + ey * ey;
      let s = L2 > 0 ? ((x - d[o]) * ex + (y - d[o + 1]) * ey) / L2 : 0;
      s = Math.min(1, Math.max(0, s));
      qx = d[o] + s * ex;
      qy = d[o + 1] + s * ey;
    }
    return separationSign(x, y, 0, r, qx, qy, 0, 0) < 0;
  }

  private forEachNeighbour(i: number, f: (j: number) => void): void {
    const grid = this.grid;
    const cx = this.cellX[i], cy = this.cellY[i];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const X = cx + dx, Y = cy + dy;
        for (let j = grid.head[this.bucket(X, Y)]; j >= 0; j = grid.next[j]) {
          if (j !== i && this.cellX[j] === X && this.cellY[j] === Y) f(j);
        }
      }
    }
  }

  private forEachStatic(i: number, f: (code: number) => void): void {
    const grid = this.grid;
    const b = this.bucket(this.cellX[i], this.cellY[i]);
    for (let k = grid.wallOffsets[b]; k < grid.wallOffsets[b + 1]; k++) f(grid.wallItems[k]);
    const g = this.globalWalls;
    for (let k = 0; k < g.length; k++) f(g[k]);
  }

  /** Computes and schedules body i's next event from its state at `now`. */
  protected override predict(i: number): void {
    if (this.isStatic(i)) return; // static bodies are found by the bodies that move
    const now = this.now;
    this.moveTo(i, now);
    const x = this.x[i], y = this.y[i], vx = this.vx[i], vy = this.vy[i], r = this.r[i];
    const ax = this.accX(i), ay = this.accY(i);
    const movable = (this.flags[i] & FLAG_FIXED) === 0;
    const justHit = this.lastHit[i] === now;
    const lastKind = justHit ? this.lastKind[i] : LAST_NONE;
    const lastOther = this.lastOther[i];
    let best = Infinity;
    let kind = EV_NONE;
    let other = -1;
    let otherVersion = 0;
    let feature = 0;

    // Leaving the grid cell: a new neighbourhood.
    const cs = this.cellSize;
    const cx = this.cellX[i], cy = this.cellY[i];
    let t = firstContact1D(x - cx * cs, vx, ax);
    if (t < best) { best = t; kind = EV_CELL; other = 0; }
    t = firstContact1D((cx + 1) * cs - x, -vx, -ax);
    if (t < best) { best = t; kind = EV_CELL; other = 1; }
    t = firstContact1D(y - cy * cs, vy, ay);
    if (t < best) { best = t; kind = EV_CELL; other = 2; }
    t = firstContact1D((cy + 1) * cs - y, -vy, -ay);
    if (t < best) { best = t; kind = EV_CELL; other = 3; }

    if (movable) {
      // The container's four sides.
      for (let face = 0; face < 4; face++) {
        if (lastKind === LAST_BOUNDS && lastOther === face) continue;
        const gap = face === 0 ? x - r - this.minX : face === 1 ? this.maxX - r - x : face === 2 ? y - r - this.minY : this.maxY - r - y;
        if (gap === Infinity) continue;
        const v = face === 0 ? vx : face === 1 ? -vx : face === 2 ? vy : -vy;
        const a = face === 0 ? ax : face === 1 ? -ax : face === 2 ? ay : -ay;
        t = firstContact1D(gap, v, a);
        if (t < best) { best = t; kind = EV_BOUNDS; other = face; }
      }
    }

    // Walls and static bodies registered in this cell.
    const grid = this.grid;
    const b0 = this.bucket(cx, cy);
    const items = grid.wallItems;
    const g = this.globalWalls;
    const nLocal = grid.wallOffsets[b0 + 1] - grid.wallOffsets[b0];
    for (let k = 0, base = grid.wallOffsets[b0]; k < nLocal + g.length; k++) {
      const code = k < nLocal ? items[base + k] : g[k - nLocal];
      if (code < 0) {
        const j = -1 - code;
        if (!movable || (lastKind === LAST_BODY && lastOther === j) || !this.interacts(i, j)) continue;
        t = toiCirclesRaw(x, y, vx, vy, r, this.x[j], this.y[j], 0, 0, this.r[j], best);
        if (t < best) { best = t; kind = EV_BODY; other = j; otherVersion = this.version[j]; }
        continue;
      }
      if (!movable || (lastKind === LAST_WALL && lastOther === code)) continue;
      const d = this.wallData;
      const o = 4 * code;
      if (this.wallKind[code] === WALL_SEGMENT) {
        t = toiCircleSegmentRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], best);
        if (t < best) { best = t; kind = EV_WALL; other = code; feature = 4 * circleSegmentFeature[0] + circleSegmentFeature[1]; }
      } else {
        t = toiCircleBoxRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], best);
        if (t < best) { best = t; kind = EV_WALL; other = code; feature = 4 * circleBoxFeature[0] + circleBoxFeature[1]; }
      }
    }

    // Other moving bodies in the 3 x 3 neighbourhood, extrapolated to now.
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const X = cx + dx, Y = cy + dy;
        for (let j = grid.head[this.bucket(X, Y)]; j >= 0; j = grid.next[j]) {
          if (j === i || this.cellX[j] !== X || this.cellY[j] !== Y) continue;
          if ((lastKind === LAST_BODY && lastOther === j) || !this.interacts(i, j)) continue;
          const dt = now - this.t0[j];
          const bax = this.accX(j), bay = this.accY(j);
          const jx = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bax);
          const jy = this.y[j] + dt * (this.vy[j] + 0.5 * dt * bay);
          const jvx = this.vx[j] + dt * bax;
          const jvy = this.vy[j] + dt * bay;
          if (bax === ax && bay === ay) {
            t = toiCirclesRaw(x, y, vx, vy, r, jx, jy, jvx, jvy, this.r[j], best);
          } else {
            throw new RangeError("bodies with different accelerations are not supported yet");
          }
          if (t < best) { best = t; kind = EV_BODY; other = j; otherVersion = this.version[j]; }
        }
      }
    }

    this.evKind[i] = kind;
    this.evOther[i] = other;
    this.evOtherVersion[i] = otherVersion;
    this.evFeature[i] = feature;
    if (kind === EV_NONE) this.queue.remove(i);
    else this.queue.set(i, now + best);
  }

  protected override crossCell(i: number, code: number, t: number): void {
    this.moveTo(i, t);
    if (code === 0) this.cellX[i]--;
    else if (code === 1) this.cellX[i]++;
    else if (code === 2) this.cellY[i]--;
    else this.cellY[i]++;
    this.grid.remove(i);
    this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i]));
  }

  protected override collideBodies(i: number, j: number, t: number): boolean {
    this.moveTo(i, t);
    this.moveTo(j, t);
    let nx = this.x[j] - this.x[i];
    let ny = this.y[j] - this.y[i];
    let len = Math.hypot(nx, ny);
    if (len === 0) {
      // Point particles meeting: the direction of approach.
      nx = this.vx[i] - this.vx[j];
      ny = this.vy[i] - this.vy[j];
      len = Math.hypot(nx, ny);
    }
    nx /= len;
    ny /= len;
    const u = (this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny;
    const J = u > 0 ? this.impulseFor(i, j, t, u, nx, ny, 0) : 0;
    if (J > 0) {
      const ia = this.invMass[i] * J, ib = this.invMass[j] * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vx[j] += ib * nx;
      this.vy[j] += ib * ny;
    }
    this.version[i]++;
    this.version[j]++;
    this.lastHit[i] = t;
    this.lastHit[j] = t;
    this.lastKind[i] = LAST_BODY;
    this.lastOther[i] = j;
    this.lastKind[j] = LAST_BODY;
    this.lastOther[j] = i;
    const ri = this.r[i];
    this.emit(t, i, j, HIT_BODY, this.x[i] + ri * nx, this.y[i] + ri * ny, 0, nx, ny, 0, J, u);
    return true;
  }

  protected override collideWall(i: number, w: number, feature: number, t: number): boolean {
    this.moveTo(i, t);
    const x = this.x[i], y = this.y[i], vx = this.vx[i], vy = this.vy[i];
    const d = this.wallData;
    const o = 4 * w;
    // The feature the prediction found: (feature kind) * 4 + index, numbered as in the kernels.
    const fk = feature >> 2;
    const fi = feature & 3;
    let nx: number;
    let ny: number;
    if (fk === FEATURE_INTERIOR) {
      if (this.wallKind[w] === WALL_SEGMENT) {
        // The segment's interior: its unit normal, facing the way the body moves into it.
        nx = -(d[o + 3] - d[o + 1]);
        ny = d[o + 2] - d[o];
        if (nx * vx + ny * vy < 0) {
          nx = -nx;
          ny = -ny;
        }
      } else {
        // Box side k (0 bottom, 1 right, 2 top, 3 left), normal from the body into the box.
        nx = fi === 1 ? -1 : fi === 3 ? 1 : 0;
        ny = fi === 0 ? 1 : fi === 2 ? -1 : 0;
      }
    } else {
      // An end point or a corner: towards it from the centre (the direction of motion for a point).
      let qx: number;
      let qy: number;
      if (this.wallKind[w] === WALL_SEGMENT) {
        qx = d[o + 2 * fi];
        qy = d[o + 2 * fi + 1];
      } else {
        qx = fi === 0 || fi === 3 ? d[o] : d[o + 2];
        qy = fi === 0 || fi === 1 ? d[o + 1] : d[o + 3];
      }
      nx = qx - x;
      ny = qy - y;
      if (nx === 0 && ny === 0) {
        nx = vx;
        ny = vy;
      }
    }
    const len = Math.hypot(nx, ny);
    nx /= len;
    ny /= len;
    const u = vx * nx + vy * ny;
    const J = u > 0 ? this.impulseFor(i, -1, t, u, nx, ny, 0) : 0;
    if (J > 0) {
      const ia = this.invMass[i] * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
    }
    this.version[i]++;
    this.lastHit[i] = t;
    this.lastKind[i] = LAST_WALL;
    this.lastOther[i] = w;
    const r = this.r[i];
    this.emit(t, i, w, HIT_WALL, x + r * nx, y + r * ny, 0, nx, ny, 0, J, u);
    return true;
  }

  protected override collideBounds(i: number, face: number, t: number): boolean {
    this.moveTo(i, t);
    const nx = face === 0 ? -1 : face === 1 ? 1 : 0;
    const ny = face === 2 ? -1 : face === 3 ? 1 : 0;
    const u = this.vx[i] * nx + this.vy[i] * ny;
    const J = u > 0 ? this.impulseFor(i, -1, t, u, nx, ny, 0) : 0;
    if (J > 0) {
      const ia = this.invMass[i] * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
    }
    this.version[i]++;
    this.lastHit[i] = t;
    this.lastKind[i] = LAST_BOUNDS;
    this.lastOther[i] = face;
    const r = this.r[i];
    this.emit(t, i, face, HIT_BOUNDS, this.x[i] + r * nx, this.y[i] + r * ny, 0, nx, ny, 0, J, u);
    return true;
  }

  protected override extraState(): (Float64Array | Int32Array | Uint8Array)[] {
    const g = this.grid;
    return [g.head, g.next, g.prev, g.bucketOf, g.wallOffsets, g.wallItems, this.globalWalls, this.wallKind, this.wallData, Float64Array.of(this.cellSize, this.wallCount)];
  }

  protected override setExtraState(a: (Float64Array | Int32Array | Uint8Array)[]): void {
    const g = new HashGrid((a[0] as Int32Array).length, Math.max(this.capacity, 16));
    g.head = (a[0] as Int32Array).slice();
    g.next.set(a[1] as Int32Array);
    g.prev.set(a[2] as Int32Array);
    g.bucketOf.set(a[3] as Int32Array);
    g.wallOffsets = (a[4] as Int32Array).slice();
    g.wallItems = (a[5] as Int32Array).slice();
    this.grid = g;
    this.globalWalls = (a[6] as Int32Array).slice();
    this.wallKind = (a[7] as Uint8Array).slice();
    this.wallData = (a[8] as Float64Array).slice();
    this.cellSize = a[9][0];
    this.wallCount = a[9][1];
  }
}
