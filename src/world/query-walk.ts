/**
 * The broad phase of the world queries (the queries part; queries-2d.ts and queries-3d.ts hold
 * the tests of each dimension): which bodies and walls a query looks at, through the world's
 * cells, and in what order.
 *
 * - A shape (point, circle, sphere, box) looks at the cells under it, grown by one cell: a
 *   moving body lies in the cell of its centre and its radius is at most half a cell side, and
 *   a static thing (wall, fixed body) is registered in every cell its extent reaches (cells.ts).
 * - A ray or a swept shape of radius rc walks the cells along its path in order (Amanatides and
 *   Woo, "A fast voxel traversal algorithm for ray tracing", Eurographics 1987), looking at the
 *   block of cells within K = floor((rc + cs/2) / cs + 0.01) + 1 of each cell of the path (only
 *   the new slab of the block at each step). A contact at parameter s has its path point in the
 *   cell the walk is in at s, and the body's centre or the wall's contact point within
 *   rc + cs/2 of that point, hence in the block: so once the best contact found comes before
 *   the current cell's exit parameter, nothing later on the path can beat it and the walk stops.
 * - Always: the walls every body checks (unbounded, moving or huge; cells.ts), and, per grid,
 *   what may lie outside the container's cells (static things reaching out of the container,
 *   kinematic bodies), since in a bounded world the walk and the shapes are clipped to the
 *   container's cells.
 * - A walk or shape that would visit more cells than the world holds things (an unbounded
 *   world, a huge box), or a world whose cells are stale (changed since the last `advance`), is
 *   answered by looking at every body and wall: the same answer, at linear cost.
 *
 * Duplicates (a wall registered in many cells) are dropped by stamps. A query's numbers travel
 * through the typed arrays below (no double is boxed by a call), and so the query runs without
 * allocating; as a consequence queries do not nest (a query from a filter is a RangeError).
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import { FLAG_ALIVE, FLAG_FIXED, FLAG_SENSOR } from "./body-store.js";
import { WALL_REMOVED, WALL_STRIDE, type WallKind } from "./walls/wall-kind.js";
import { WALL_FLAG_SENSOR } from "./walls.js";
import { WorldCore } from "./world-core.js";
import type { HashGrid } from "../broad/hash-grid.js";
import type { OverlapBuffer, QueryOptions } from "./queries-api.js";

// Slots of `qf`, the query's numbers.
/** Query origin or centre (a box query: its lower corner). */
export const Q_X = 0;
export const Q_Y = 1;
export const Q_Z = 2;
/** Direction or velocity. */
export const Q_DX = 3;
export const Q_DY = 4;
export const Q_DZ = 5;
/** Radius of a swept or query shape (0 for rays and points). */
export const Q_R = 6;
/** Largest parameter or time. */
export const Q_MAXT = 7;
/** A box query's upper corner. */
export const Q_X1 = 8;
export const Q_Y1 = 9;
export const Q_Z1 = 10;
/** The best hit so far: its parameter, kind (NONE until found) and index. */
export const Q_BEST = 11;
export const Q_BEST_KIND = 12;
export const Q_BEST_INDEX = 13;
/** A body's centre at `now` (see qBodyAt). */
export const Q_PX = 14;
export const Q_PY = 15;
export const Q_PZ = 16;

/** The best hit's kind before anything is found (above every HIT_* kind). */
export const KIND_NONE = 99;

/** The query's numbers (slots Q_*). */
export const qf = new Float64Array(17);

/**
 * The power of two 2^e that brings a ray's direction or a cast's velocity (largest component
 * `m`, finite and not 0) near 1, or 0 when it lies between 2^-64 and 2^64 already. A query runs
 * with the direction times 2^e and its parameters divided by 2^e (the same path, in other
 * units: exact, powers of two), so no point or normal is computed from an overflowed parameter;
 * the reported t is scaled back, and a hit whose t exceeds the largest double is none (as for
 * the single-shape ray functions, whose miss is Infinity).
 */
export function directionExponent(m: number): number {
  return m >= 2 ** -64 && m <= 2 ** 64 ? 0 : -Math.floor(Math.log2(m));
}

/** v * 2^e in two steps, so that 2^e itself may lie beyond the doubles (e up to ±2098). */
export function timesPowerOfTwo(v: number, e: number): number {
  const h = e >> 1;
  return v * 2 ** h * 2 ** (e - h);
}
/** Wall w's numbers at `now` (see qWallAt). */
export const qw = new Float64Array(WALL_STRIDE);

// The query's other state: options, stamps, whether one runs.
let running = false;
let mask = -1;
let sensors = false;
let filter: ((kind: number, index: number) => boolean) | null = null;
let stamp = 0;
let bodyStamp = new Int32Array(64);
let wallStamp = new Int32Array(64);
/** The overlap query's result being filled. */
let found: OverlapBuffer | null = null;

/** What may lie outside the container's cells, per grid (codes: wall w >= 0, body -1 - i). */
const outsideByGrid = new WeakMap<HashGrid, Int32Array>();

/** @internal The cell walk of the queries part (installed onto World2D and World3D). */
export abstract class QueryWalk extends WorldCore {
  /** Tests body i against the query (the dimension's part); the body passed the options. */
  protected abstract qTestBody(i: number): void;
  /** Tests wall w against the query. */
  protected abstract qTestWall(w: number): void;

  /**
   * Starts a query: checks the options and the world, resets the best hit to (maxT, none) and
   * the result buffer. `what` names the query in messages.
   */
  protected qBegin(options: QueryOptions | undefined, what: string, out: OverlapBuffer | null): void {
    if (running) throw new RangeError(`${what} cannot be called from inside a query's filter`);
    if (this.periodicAxes !== 0) throw new RangeError(`${what} does not look across periodic bounds (queries do not wrap)`);
    let m = -1, s = false, f: ((kind: number, index: number) => boolean) | null = null;
    if (options !== undefined) {
      if (options === null || typeof options !== "object") throw new RangeError(`${what} options must be an object, got ${String(options)}`);
      for (const key in options) {
        if (key !== "mask" && key !== "filter" && key !== "sensors") {
          throw new RangeError(`${what} options: unknown option "${key}" (known: mask, filter, sensors)`);
        }
      }
      if (options.mask !== undefined) {
        m = options.mask;
        if (!(Number.isInteger(m) && m >= -0x80000000 && m <= 0xffffffff)) throw new RangeError(`${what} options: mask must be an integer of 32 bits, got ${m}`);
        m |= 0;
      }
      if (options.filter !== undefined && options.filter !== null) {
        if (typeof options.filter !== "function") throw new RangeError(`${what} options: filter must be a function, got ${String(options.filter)}`);
        f = options.filter;
      }
      if (options.sensors !== undefined) {
        if (typeof options.sensors !== "boolean") throw new RangeError(`${what} options: sensors must be true or false, got ${String(options.sensors)}`);
        s = options.sensors;
      }
    }
    mask = m;
    sensors = s;
    filter = f;
    running = true;
    found = out;
    if (out !== null) {
      out.bodyCount = 0;
      out.wallCount = 0;
    }
    qf[Q_BEST] = qf[Q_MAXT];
    qf[Q_BEST_KIND] = KIND_NONE;
    qf[Q_BEST_INDEX] = -1;
    if (bodyStamp.length < this.n) bodyStamp = new Int32Array(Math.max(this.n, 2 * bodyStamp.length));
    if (wallStamp.length < this.walls) wallStamp = new Int32Array(Math.max(this.walls, 2 * wallStamp.length));
    if (++stamp === 0x7fffffff) {
      bodyStamp.fill(0);
      wallStamp.fill(0);
      stamp = 1;
    }
  }

  /** Ends a query (also after an exception from a filter). */
  protected qEnd(): void {
    running = false;
    filter = null;
    found = null;
  }

  /** Whether the query sees the container's face `face` (walls and the container are in group 1). */
  protected qSeesFace(face: number): boolean {
    if ((mask & this.boundsGroup) === 0) return false;
    return filter === null || filter(HIT_BOUNDS, face) === true;
  }

  /** Looks at body i once per query, if the options let the query see it. */
  protected qBody(i: number): void {
    if (bodyStamp[i] === stamp) return;
    bodyStamp[i] = stamp;
    const fl = this.flags[i];
    if ((fl & FLAG_ALIVE) === 0) return;
    if ((fl & FLAG_SENSOR) !== 0 && !sensors) return;
    if ((this.group[i] & mask) === 0) return;
    if (filter !== null && filter(HIT_BODY, i) !== true) return;
    this.qTestBody(i);
  }

  /** Looks at wall w once per query, if the options let the query see it. */
  protected qWall(w: number): void {
    if (wallStamp[w] === stamp) return;
    wallStamp[w] = stamp;
    if (this.wallKind[w] === WALL_REMOVED) return;
    if ((this.wallFlags[w] & WALL_FLAG_SENSOR) !== 0 && !sensors) return; // (sensor walls as sensor bodies)
    if ((this.qWallGroup(w) & mask) === 0) return;
    if (filter !== null && filter(HIT_WALL, w) !== true) return;
    this.qTestWall(w);
  }

  /** Collision group of wall w as the queries see it (its own group bits). */
  protected qWallGroup(w: number): number {
    return this.wallGroup[w];
  }

  /**
   * Body i's centre at `now` into qf[Q_PX..Q_PZ]: its stored state carried forward from its own
   * update time with the engine's formula (motion.ts, moveTo), the stored state left as it is.
   */
  protected qBodyAt(i: number): void {
    const dt = this.now - this.t0[i];
    let x = this.x[i], y = this.y[i], z = this.z[i];
    if (dt !== 0) {
      const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
      if (ax === 0 && ay === 0 && az === 0) {
        x += dt * this.vx[i];
        y += dt * this.vy[i];
        z += dt * this.vz[i];
      } else {
        x += dt * (this.vx[i] + 0.5 * dt * ax);
        y += dt * (this.vy[i] + 0.5 * dt * ay);
        z += dt * (this.vz[i] + 0.5 * dt * az);
      }
    }
    qf[Q_PX] = x;
    qf[Q_PY] = y;
    qf[Q_PZ] = z;
  }

  /**
   * Wall w's numbers at `now` into `qw` (a moving wall translated by its velocity since its
   * numbers were last brought up to date, as the engine would); returns its kind.
   */
  protected qWallAt(w: number): WallKind | undefined {
    const o = WALL_STRIDE * w;
    for (let k = 0; k < WALL_STRIDE; k++) qw[k] = this.wallData[o + k];
    const k = this.kinds[this.wallKind[w]];
    const dt = this.now - this.wallTime[w];
    if (k !== undefined && dt !== 0 && this.wallMoves(w)) {
      const v = this.wallVelocity;
      k.translate(qw, 0, dt * v[3 * w], dt * v[3 * w + 1], dt * v[3 * w + 2]);
    }
    return k;
  }

  /** Adds body i to the overlap result. */
  protected qFoundBody(i: number): void {
    const out = found as OverlapBuffer;
    if (out.bodyCount === out.bodies.length) {
      const a = new Int32Array(2 * out.bodies.length);
      a.set(out.bodies);
      out.bodies = a;
    }
    out.bodies[out.bodyCount++] = i;
  }

  /** Adds wall w to the overlap result. */
  protected qFoundWall(w: number): void {
    const out = found as OverlapBuffer;
    if (out.wallCount === out.walls.length) {
      const a = new Int32Array(2 * out.walls.length);
      a.set(out.walls);
      out.walls = a;
    }
    out.walls[out.wallCount++] = w;
  }

  /** Sorts the overlap result (each list in increasing order); returns the number found. */
  protected qFinishOverlaps(): number {
    const out = found as OverlapBuffer;
    sortInts(out.bodies, out.bodyCount);
    sortInts(out.walls, out.wallCount);
    return out.bodyCount + out.wallCount;
  }

  /** True when (t, kind, index) beats the best hit so far (earlier; on a tie, lower kind, then lower index). */
  protected qBetter(t: number, kind: number, index: number): boolean {
    const best = qf[Q_BEST];
    if (t !== best) return t < best;
    const bk = qf[Q_BEST_KIND];
    return kind < bk || (kind === bk && index < qf[Q_BEST_INDEX]);
  }

  /** Records (t, kind, index) as the best hit. */
  protected qTake(t: number, kind: number, index: number): void {
    qf[Q_BEST] = t;
    qf[Q_BEST_KIND] = kind;
    qf[Q_BEST_INDEX] = index;
  }

  /** Looks at every body and wall (stale cells, or a query too large for them). */
  protected qScanAll(): void {
    for (let i = 0; i < this.n; i++) this.qBody(i);
    for (let w = 0; w < this.walls; w++) this.qWall(w);
  }

  /** True when the cells are current: queries may use them. */
  protected qCellsUsable(): boolean {
    return !this.dirty && this.cellSize < Infinity;
  }

  /** Looks at what every query sees whatever its place: the global walls and what lies outside the container's cells. */
  protected qScanAlways(): void {
    const g = this.globalWalls;
    for (let k = 0; k < g.length; k++) {
      const code = g[k];
      if (code < 0) this.qBody(-1 - code);
      else this.qWall(code);
    }
    const out = this.qOutside();
    for (let k = 0; k < out.length; k++) {
      const code = out[k];
      if (code < 0) this.qBody(-1 - code);
      else this.qWall(code);
    }
  }

  /**
   * What may lie outside the container's cells (computed once per grid): static things whose
   * extent leaves the container on a bounded axis, and kinematic bodies (they may move anywhere).
   */
  protected qOutside(): Int32Array {
    const grid = this.grid;
    const known = outsideByGrid.get(grid);
    if (known !== undefined) return known;
    const codes: number[] = [];
    const d3 = this.dim === 3;
    const lo = [this.minX, this.minY, d3 ? this.minZ : -Infinity], hi = [this.maxX, this.maxY, d3 ? this.maxZ : Infinity];
    const e = new Float64Array(6);
    const leaves = (): boolean => {
      for (let k = 0; k < 3; k++) if (e[k] < lo[k] || e[3 + k] > hi[k]) return true;
      return false;
    };
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & FLAG_ALIVE) === 0 || (this.flags[i] & FLAG_FIXED) === 0) continue;
      if (!this.isStatic(i)) {
        codes.push(-1 - i);
        continue;
      }
      const r = this.r[i];
      e[0] = this.x[i] - r; e[1] = this.y[i] - r; e[2] = this.z[i] - r;
      e[3] = this.x[i] + r; e[4] = this.y[i] + r; e[5] = this.z[i] + r;
      if (leaves()) codes.push(-1 - i);
    }
    for (let w = 0; w < this.walls; w++) {
      const k = this.kinds[this.wallKind[w]];
      if (k === undefined) continue;
      if (this.wallMoves(w) || !k.extent(this.wallData, WALL_STRIDE * w, e)) continue; // global: seen anyway
      if (!d3) { e[2] = 0; e[5] = 0; }
      if (leaves()) codes.push(w);
    }
    const list = Int32Array.from(codes);
    outsideByGrid.set(grid, list);
    return list;
  }

  /** Cell range [lo, hi] of the container on axis k (its cells with a margin of two), or none when unbounded. */
  private qRegionLo(k: number): number {
    if (this.boundsLeak) return -Infinity; // (bodies may be outside the container: a ghost, a pass through a side)
    const min = k === 0 ? this.minX : k === 1 ? this.minY : this.minZ;
    return min > -Infinity ? Math.floor(min / this.cellSize) - 2 : -Infinity;
  }

  private qRegionHi(k: number): number {
    if (this.boundsLeak) return Infinity;
    const max = k === 0 ? this.maxX : k === 1 ? this.maxY : this.maxZ;
    return max < Infinity ? Math.floor(max / this.cellSize) + 2 : Infinity;
  }

  /** The most cells a walk or shape may visit before looking at everything is cheaper. */
  private qBudget(): number {
    return 4 * (this.n + this.walls) + 256;
  }

  /** Looks at the bodies and the static things of cell (X, Y, Z). */
  private qScanCell(X: number, Y: number, Z: number): void {
    const grid = this.grid;
    if (grid.dense && (X < grid.ox || X >= grid.ox + grid.nx || Y < grid.oy || Y >= grid.oy + grid.ny || Z < grid.oz || Z >= grid.oz + grid.nz)) return;
    const b = grid.cell(X, Y, Z);
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    for (let j = grid.head[b]; j >= 0; ) {
      const after = grid.next[j]; // (read first: a filter that removes body j ends no walk in a loop)
      if (cellX[j] === X && cellY[j] === Y && cellZ[j] === Z) this.qBody(j);
      j = after;
    }
    const items = grid.wallItems;
    for (let k = grid.wallOffsets[b]; k < grid.wallOffsets[b + 1]; k++) {
      const code = items[k];
      if (code < 0) this.qBody(-1 - code);
      else this.qWall(code);
    }
  }

  /**
   * Looks at everything that may overlap the box qf[Q_X..Q_Z] .. qf[Q_X1..Q_Z1]: the cells under
   * it grown by one cell (clipped to the container's cells), or everything.
   */
  protected qScanBox(): void {
    if (!this.qCellsUsable()) {
      this.qScanAll();
      return;
    }
    this.qScanAlways();
    const cs = this.cellSize, d3 = this.dim === 3;
    const x0 = Math.max(Math.floor(qf[Q_X] / cs) - 1, this.qRegionLo(0)), x1 = Math.min(Math.floor(qf[Q_X1] / cs) + 1, this.qRegionHi(0));
    const y0 = Math.max(Math.floor(qf[Q_Y] / cs) - 1, this.qRegionLo(1)), y1 = Math.min(Math.floor(qf[Q_Y1] / cs) + 1, this.qRegionHi(1));
    const z0 = d3 ? Math.max(Math.floor(qf[Q_Z] / cs) - 1, this.qRegionLo(2)) : 0, z1 = d3 ? Math.min(Math.floor(qf[Q_Z1] / cs) + 1, this.qRegionHi(2)) : 0;
    if (!(x0 <= x1 && y0 <= y1 && z0 <= z1)) return; // outside the container's cells: only what qScanAlways saw
    const cells = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
    if (!(cells <= this.qBudget())) {
      this.qScanAll();
      return;
    }
    for (let X = x0; X <= x1; X++) for (let Y = y0; Y <= y1; Y++) for (let Z = z0; Z <= z1; Z++) this.qScanCell(X, Y, Z);
  }

  /**
   * Looks at everything a ray or swept shape (origin qf[Q_X..], direction qf[Q_DX..], radius
   * qf[Q_R], parameters up to qf[Q_MAXT]) may meet, in the order of its path, and stops once the
   * best hit found (qf[Q_BEST], kept by the dimension's tests) comes before the cell it is in.
   */
  protected qWalk(): void {
    if (!this.qCellsUsable()) {
      this.qScanAll();
      return;
    }
    this.qScanAlways();
    const cs = this.cellSize, d3 = this.dim === 3;
    const K = Math.floor((qf[Q_R] + cs / 2) / cs + 0.01) + 1;
    const KZ = d3 ? K : 0;
    // The part of the path whose blocks reach the container's cells (bounded axes only).
    let s0 = 0, s1 = qf[Q_MAXT];
    for (let k = 0; k < (d3 ? 3 : 2); k++) {
      const lo = this.qRegionLo(k), hi = this.qRegionHi(k);
      if (lo === -Infinity && hi === Infinity) continue;
      const o = qf[Q_X + k], d = qf[Q_DX + k];
      const a = (lo - K) * cs, b = (hi + K + 1) * cs;
      if (d === 0) {
        if (!(o >= a && o <= b)) return;
        continue;
      }
      let ta = (a - o) / d, tb = (b - o) / d;
      if (ta > tb) { const t = ta; ta = tb; tb = t; }
      if (ta > s0) s0 = ta;
      if (tb < s1) s1 = tb;
    }
    if (!(s0 <= s1)) return;
    const ox = qf[Q_X], oy = qf[Q_Y], oz = qf[Q_Z], dx = qf[Q_DX], dy = qf[Q_DY], dz = d3 ? qf[Q_DZ] : 0;
    let X = Math.floor((ox + s0 * dx) / cs), Y = Math.floor((oy + s0 * dy) / cs), Z = d3 ? Math.floor((oz + s0 * dz) / cs) : 0;
    if (!(Number.isFinite(X) && Number.isFinite(Y) && Number.isFinite(Z))) {
      this.qScanAll();
      return;
    }
    const stepX = dx > 0 ? 1 : -1, stepY = dy > 0 ? 1 : -1, stepZ = dz > 0 ? 1 : -1;
    let visited = (2 * K + 1) * (2 * K + 1) * (2 * KZ + 1);
    const budget = this.qBudget();
    if (visited > budget) {
      this.qScanAll();
      return;
    }
    for (let i = X - K; i <= X + K; i++) for (let j = Y - K; j <= Y + K; j++) for (let l = Z - KZ; l <= Z + KZ; l++) this.qScanCell(i, j, l);
    const slab = (2 * K + 1) * (2 * KZ + 1);
    for (;;) {
      // Exit parameter of the current cell: the nearest of the sides the path moves towards.
      const tx = dx === 0 ? Infinity : ((X + (dx > 0 ? 1 : 0)) * cs - ox) / dx;
      const ty = dy === 0 ? Infinity : ((Y + (dy > 0 ? 1 : 0)) * cs - oy) / dy;
      const tz = dz === 0 ? Infinity : ((Z + (dz > 0 ? 1 : 0)) * cs - oz) / dz;
      const exit = Math.min(tx, ty, tz);
      if (qf[Q_BEST] < exit || exit >= s1) return;
      visited += slab;
      if (visited > budget) {
        this.qScanAll();
        return;
      }
      if (exit === tx) {
        X += stepX;
        const I = X + stepX * K;
        for (let j = Y - K; j <= Y + K; j++) for (let l = Z - KZ; l <= Z + KZ; l++) this.qScanCell(I, j, l);
      } else if (exit === ty) {
        Y += stepY;
        const J = Y + stepY * K;
        for (let i = X - K; i <= X + K; i++) for (let l = Z - KZ; l <= Z + KZ; l++) this.qScanCell(i, J, l);
      } else {
        Z += stepZ;
        const L = Z + stepZ * K;
        for (let i = X - K; i <= X + K; i++) for (let j = Y - K; j <= Y + K; j++) this.qScanCell(i, j, L);
      }
    }
  }
}

/** Sorts a[0 .. n) in increasing order in place (heapsort: no allocation, n log n). */
function sortInts(a: Int32Array, n: number): void {
  if (n < 2) return;
  for (let start = (n >> 1) - 1; start >= 0; start--) siftDown(a, start, n);
  for (let end = n - 1; end > 0; end--) {
    const t = a[0];
    a[0] = a[end];
    a[end] = t;
    siftDown(a, 0, end);
  }
}

function siftDown(a: Int32Array, root: number, n: number): void {
  for (;;) {
    let child = 2 * root + 1;
    if (child >= n) return;
    if (child + 1 < n && a[child + 1] > a[child]) child++;
    if (a[root] >= a[child]) return;
    const t = a[root];
    a[root] = a[child];
    a[child] = t;
    root = child;
  }
}
