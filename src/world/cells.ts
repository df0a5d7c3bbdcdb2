/**
 * The broad phase: a uniform grid of cells (side: twice the largest moving radius) in which
 * each moving body is listed by its cell (crossing a cell side is an event), and static things
 * (walls, fixed bodies) are registered in every cell they reach; a wall too large for that is
 * "global" and checked by every body.
 */
import { HashGrid } from "../broad/hash-grid.js";
import { WALL_STRIDE } from "./walls/wall-kind.js";
import { WALL_FLAG_FLOATING, WALL_FLAG_GLOBAL, WorldWalls } from "./walls.js";

/** Number of cells a wall may cover before it is checked by every body instead. */
const MAX_WALL_CELLS = 4096;

/** What `world.periodic` tells about the periodic box and each body's images. */
export interface PeriodicInfo {
  /** One boolean per axis: true where the box wraps around. */
  readonly axes: readonly boolean[];
  /** Body i's image counters, one per axis. */
  image(i: number): number[];
  /** Body i's unwrapped position: x + image * box length on each axis. */
  unwrapped(i: number): number[];
}

/** @internal The cells and what is registered in them. */
export abstract class WorldCells extends WorldWalls {
  /** Walls and static bodies (-1 - index) that every body checks. */
  protected globalWalls: Int32Array = new Int32Array(0);
  protected grid = new HashGrid(1024, 16);
  /** True when no body accelerates (no gravity, no own accelerations): the fast scans apply. */
  protected linearMotion = true;
  /** Side of a grid cell: twice the largest radius of a moving body. */
  protected cellSize = Infinity;
  private readonly extentOut = new Float64Array(6);
  /**
   * Periodic axes (see periodicAxes): the cells of axis k are numbered 0 .. perN[k] - 1 from the
   * box's lower side, perS[k] wide (at least cellSize; the last one ends exactly at the upper
   * side), and cell perN[k] - 1 neighbours cell 0 across the boundary. perN[k] is 0 on an axis
   * that does not wrap (cells floor(p / cellSize) as without a period).
   */
  protected perN = new Int32Array(3);
  protected perS = new Float64Array(3);

  /** Cell index of coordinate p on axis k of a periodic world (the periodic part, periodic.ts). */
  protected cellIndex?(k: number, p: number): number;

  /** Box length along axis k. */
  protected boxLength(k: number): number {
    return k === 0 ? this.maxX - this.minX : k === 1 ? this.maxY - this.minY : this.maxZ - this.minZ;
  }

  protected override onReserve(capacity: number): void {
    this.grid.reserve(capacity);
  }

  protected bucket(cx: number, cy: number, cz: number): number {
    return this.grid.cell(cx, cy, cz);
  }

  /** Registers wall w in the cells it reaches (or as global), into the lists being built. */
  protected registerWall(w: number, rMax: number, pairs: number[], globals: number[]): void {
    this.wallFlags[w] &= ~(WALL_FLAG_GLOBAL | WALL_FLAG_FLOATING);
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return;
    const e = this.extentOut;
    const before = globals.length;
    if (this.wallMoves(w) || !k.extent(this.wallData, WALL_STRIDE * w, e)) globals.push(w); // unbounded, or moving: every body checks it
    else this.register(w, e[0], e[1], e[2], e[3], e[4], e[5], rMax, pairs, globals);
    if (globals.length > before) this.wallFlags[w] |= WALL_FLAG_GLOBAL;
  }

  /**
   * Wall w, registered in cells at the last rebuild, starts moving or jumps: it is checked by
   * every body from now on (and skipped where the cells list it) until the next rebuild
   * registers it again, so that steering a wall costs no rebuild.
   */
  protected floatWall(w: number): void {
    const f = this.wallFlags[w];
    if (f & (WALL_FLAG_GLOBAL | WALL_FLAG_FLOATING)) return;
    this.wallFlags[w] = f | WALL_FLAG_FLOATING;
    this.floatingWalls++;
    const g = new Int32Array(this.globalWalls.length + 1);
    g.set(this.globalWalls);
    g[g.length - 1] = w;
    this.globalWalls = g;
  }

  /** Registers a wall (w >= 0) or a static body (-1 - i) in every cell its box, grown by rMax, touches. */
  protected register(code: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, rMax: number, pairs: number[], globals: number[]): void {
    const cs = this.cellSize;
    const cx0 = Math.floor((x0 - rMax) / cs) - 1, cx1 = Math.floor((x1 + rMax) / cs) + 1;
    const cy0 = Math.floor((y0 - rMax) / cs) - 1, cy1 = Math.floor((y1 + rMax) / cs) + 1;
    const cz0 = this.dim === 3 ? Math.floor((z0 - rMax) / cs) - 1 : 0;
    const cz1 = this.dim === 3 ? Math.floor((z1 + rMax) / cs) + 1 : 0;
    const cells = (cx1 - cx0 + 1) * (cy1 - cy0 + 1) * (cz1 - cz0 + 1);
    if (!(cells <= MAX_WALL_CELLS)) {
      globals.push(code);
      return;
    }
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) for (let cz = cz0; cz <= cz1; cz++) pairs.push(this.bucket(cx, cy, cz), code);
    }
  }

  /**
   * Calls f for every moving body j in the cells around body i, with the shift (sx, sy, sz) to
   * add to j's position to get the image next to i (zero without periodic axes; a multiple of
   * the box length across a periodic boundary; with one or two cells on an axis a body may come
   * with two shifts).
   */
  protected scanNeighbours(i: number, f: (j: number, sx: number, sy: number, sz: number) => void): void {
    const grid = this.grid;
    const cx = this.cellX[i], cy = this.cellY[i], cz = this.cellZ[i];
    const zr = this.dim === 3 ? 1 : 0;
    const pn = this.perN;
    for (let dx = -1; dx <= 1; dx++) {
      let X = cx + dx, sx = 0;
      if (pn[0] > 0 && (X < 0 || X >= pn[0])) { sx = X < 0 ? -this.boxLength(0) : this.boxLength(0); X = X < 0 ? X + pn[0] : X - pn[0]; }
      for (let dy = -1; dy <= 1; dy++) {
        let Y = cy + dy, sy = 0;
        if (pn[1] > 0 && (Y < 0 || Y >= pn[1])) { sy = Y < 0 ? -this.boxLength(1) : this.boxLength(1); Y = Y < 0 ? Y + pn[1] : Y - pn[1]; }
        for (let dz = -zr; dz <= zr; dz++) {
          let Z = cz + dz, sz = 0;
          if (pn[2] > 0 && (Z < 0 || Z >= pn[2])) { sz = Z < 0 ? -this.boxLength(2) : this.boxLength(2); Z = Z < 0 ? Z + pn[2] : Z - pn[2]; }
          for (let j = grid.head[this.bucket(X, Y, Z)]; j >= 0; j = grid.next[j]) {
            if (j !== i && this.cellX[j] === X && this.cellY[j] === Y && this.cellZ[j] === Z) f(j, sx, sy, sz);
          }
        }
      }
    }
  }

  protected scanStatic(i: number, f: (code: number) => void): void {
    const grid = this.grid;
    const b = this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]);
    for (let k = grid.wallOffsets[b]; k < grid.wallOffsets[b + 1]; k++) {
      const code = grid.wallItems[k];
      if (code >= 0 && this.floatingWalls > 0 && (this.wallFlags[code] & WALL_FLAG_FLOATING) !== 0) continue; // (also in globalWalls)
      f(code);
    }
    const g = this.globalWalls;
    for (let k = 0; k < g.length; k++) f(g[k]);
  }

  /**
   * The periodic box (see `bounds.periodic`): `axes`, one boolean per axis (all false without
   * periodic bounds); `image(i)`, how many box lengths body i has been wrapped by on each axis
   * (+1 each time its centre leaves through the upper side); and `unwrapped(i)`, its current
   * position plus image times box length, the path it has really travelled (for displacements
   * and the mean squared displacement). Positions `x[i]` etc. stay inside the box.
   */
  get periodic(): PeriodicInfo {
    const d = this.dim, p = this.periodicAxes;
    const axes = [0, 1, 2].slice(0, d).map((k) => (p & (1 << k)) !== 0);
    const image = (i: number): number[] => {
      this.checkBody(i);
      return [this.imageX[i], this.imageY[i], this.imageZ[i]].slice(0, d);
    };
    const unwrapped = (i: number): number[] => {
      const m = image(i);
      return [this.x[i], this.y[i], this.z[i]].slice(0, d).map((v, k) => (m[k] === 0 ? v : v + m[k] * this.boxLength(k)));
    };
    return { axes, image, unwrapped };
  }
}
