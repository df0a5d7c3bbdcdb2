/**
 * The wall table: what kind each wall is (see walls/wall-kind.ts) and its numbers, its id, and
 * the dispatch from the engine to the wall kinds' contact functions. A world knows only the
 * kinds its facade registered (World2D: segment and box; World3D: plane, box and triangle).
 */
import { WALL_REMOVED, WALL_STRIDE, type WallKind } from "./walls/wall-kind.js";
import { START_SLACK, WorldMotion } from "./motion.js";
import type { WorldOptions } from "./event-loop.js";
import { MAX_COORDINATE } from "./options.js";

/** @internal Walls: storage and dispatch to the wall kinds. */
export abstract class WorldWalls extends WorldMotion {
  /** Kind of each wall (WALL_SEGMENT, ...; WALL_REMOVED for a removed one). */
  wallKind: Uint8Array = new Uint8Array(0);
  /** The numbers of wall w from WALL_STRIDE * w. */
  wallData: Float64Array = new Float64Array(0);
  /** String id of each wall. */
  wallIds: string[] = [];
  protected wallCount = 0;
  /** Walls below this index have been checked against the bodies. */
  protected wallsChecked = 0;
  /** Velocity of each wall (x, y, z from 3 * w; zero for a still wall) and the time its numbers hold for. */
  protected wallVelocity: Float64Array = new Float64Array(0);
  protected wallTime: Float64Array = new Float64Array(0);
  /** Walls with a velocity. */
  protected movingWalls = 0;
  /** The wall kinds this world offers, by kind number. */
  protected readonly kinds: readonly (WallKind | undefined)[];
  /** Normal and feature code of the last wall contact asked for ([nx, ny, nz, code]). */
  protected readonly wallN = new Float64Array(4);
  /** Scratch of inWallFrame. */
  protected readonly wallFrame = new Float64Array(6);

  constructor(dim: 2 | 3, options: WorldOptions, kinds: readonly (WallKind | undefined)[]) {
    super(dim, options);
    this.kinds = kinds;
  }

  protected addWall(kind: number, data: readonly number[], id: string | undefined, what: string): number {
    for (let k = 0; k < data.length; k++) {
      if (!Number.isFinite(data[k])) throw new RangeError(`${what}${id === undefined ? "" : ` "${id}"`}: coordinate ${k} must be a finite number, got ${data[k]}`);
      if (!(Math.abs(data[k]) <= MAX_COORDINATE)) throw new RangeError(`${what}${id === undefined ? "" : ` "${id}"`}: coordinate ${k} must be at most ${MAX_COORDINATE} in magnitude, got ${data[k]}`);
    }
    const w = this.wallCount;
    const key = id ?? `wall-${w}`;
    if (this.wallIds.includes(key) || this.indexOf(key) >= 0) throw new RangeError(`wall id "${key}" is already in use`);
    if (this.wallKind.length === w) {
      const kinds = new Uint8Array(Math.max(8, 2 * w));
      kinds.set(this.wallKind);
      const d = new Float64Array(WALL_STRIDE * kinds.length);
      d.set(this.wallData);
      this.wallKind = kinds;
      this.wallData = d;
      const v = new Float64Array(3 * kinds.length);
      v.set(this.wallVelocity);
      this.wallVelocity = v;
      const t = new Float64Array(kinds.length);
      t.set(this.wallTime);
      this.wallTime = t;
    }
    this.wallTime[w] = this.now;
    this.wallKind[w] = kind;
    this.wallData.set(data, WALL_STRIDE * w);
    this.wallIds[w] = key;
    this.wallCount = w + 1;
    this.dirty = true;
    return w;
  }

  /** Number of wall slots (wall numbers run from 0 to walls - 1; removed walls keep their number). */
  get walls(): number {
    return this.wallCount;
  }

  /** Number of the wall with this id, or -1 (also for a removed wall). */
  wallIndexOf(id: string): number {
    const w = this.wallIds.indexOf(id);
    return w >= 0 && this.wallKind[w] !== WALL_REMOVED ? w : -1;
  }

  /**
   * Removes wall w (the number an add...wall call returned). Allowed at any moment, also inside
   * `onCollision`: the wall has no contacts after the current instant. Its number and id are
   * not reused.
   */
  removeWall(w: number): void {
    this.checkWall(w);
    this.setWallMotion(w, 0, 0, 0);
    this.wallKind[w] = WALL_REMOVED;
    this.dirty = true;
  }

  /**
   * Brings wall w's numbers to the current time and gives it velocity (vx, vy, vz) from now
   * on (all zero: it stands still). The cells and schedules are rebuilt.
   */
  protected setWallMotion(w: number, vx: number, vy: number, vz: number): void {
    this.moveWall(w);
    const v = this.wallVelocity, o = 3 * w;
    const was = v[o] !== 0 || v[o + 1] !== 0 || v[o + 2] !== 0;
    const will = vx !== 0 || vy !== 0 || vz !== 0;
    this.movingWalls += (will ? 1 : 0) - (was ? 1 : 0);
    v[o] = vx;
    v[o + 1] = vy;
    v[o + 2] = vz;
    this.dirty = true;
  }

  /** True when wall w moves. */
  protected wallMoves(w: number): boolean {
    const v = this.wallVelocity, o = 3 * w;
    return v[o] !== 0 || v[o + 1] !== 0 || v[o + 2] !== 0;
  }

  /** Brings a moving wall's numbers to the current time. */
  protected moveWall(w: number): void {
    const dt = this.now - this.wallTime[w];
    this.wallTime[w] = this.now;
    if (dt === 0 || !this.wallMoves(w)) return;
    const k = this.kinds[this.wallKind[w]];
    const v = this.wallVelocity, o = 3 * w;
    if (k !== undefined) k.translate(this.wallData, WALL_STRIDE * w, dt * v[o], dt * v[o + 1], dt * v[o + 2]);
  }

  /** Brings every moving wall to the current time. */
  protected syncWalls(): void {
    if (this.movingWalls === 0) return;
    for (let w = 0; w < this.wallCount; w++) this.moveWall(w);
  }

  /** Throws a RangeError unless w is the number of a wall that has not been removed. */
  protected checkWall(w: number): void {
    if (!(Number.isInteger(w) && w >= 0 && w < this.wallCount && this.wallKind[w] !== WALL_REMOVED)) {
      throw new RangeError(`no wall with number ${w}`);
    }
  }

  /**
   * A body's position and velocity (at now) in wall w's frame, into a scratch array
   * `[x, y, z, vx, vy, vz]`: relative to where a moving wall's numbers hold, unchanged otherwise.
   */
  protected inWallFrame(w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number): Float64Array {
    const f = this.wallFrame;
    if (this.movingWalls > 0 && this.wallMoves(w)) {
      const v = this.wallVelocity, o = 3 * w, dt = this.now - this.wallTime[w];
      x -= dt * v[o];
      y -= dt * v[o + 1];
      z -= dt * v[o + 2];
      vx -= v[o];
      vy -= v[o + 1];
      vz -= v[o + 2];
    }
    f[0] = x; f[1] = y; f[2] = z; f[3] = vx; f[4] = vy; f[5] = vz;
    return f;
  }

  /** Time of first contact of a body (state at now) with wall w within [0, tMax], or Infinity. */
  protected wallToi(w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number, tMax: number): number {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return Infinity;
    const f = this.inWallFrame(w, x, y, z, vx, vy, vz);
    return k.toi(this.wallData, WALL_STRIDE * w, f[0], f[1], f[2], f[3], f[4], f[5], r, tMax);
  }

  /** Contact normal of the sweep of a body against wall w into `wallN` ([nx, ny, nz, feature code]); false on a miss. */
  protected wallNormal(w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): boolean {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return false;
    const f = this.inWallFrame(w, x, y, z, vx, vy, vz);
    return k.contact(this.wallData, WALL_STRIDE * w, f[0], f[1], f[2], f[3], f[4], f[5], r, this.wallN);
  }

  /** Records the normal of body i's scheduled wall contact (from its state at now) in evN*. */
  protected storeWallNormal(i: number, w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): void {
    const ok = this.wallNormal(w, x, y, z, vx, vy, vz, r);
    const n = this.wallN;
    this.evNx[i] = ok ? n[0] : 0;
    this.evNy[i] = ok ? n[1] : 0;
    this.evNz[i] = ok ? n[2] : 0;
    this.evFeature[i] = ok ? n[3] : 0;
  }

  /**
   * True when body i's disc or ball reaches into wall w now (strictly), its radius shrunk by
   * START_SLACK (the start-state rule).
   */
  protected wallOverlaps(i: number, w: number): boolean {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return false;
    this.moveWall(w);
    return k.overlaps(this.wallData, WALL_STRIDE * w, this.x[i], this.y[i], this.z[i], this.r[i] * (1 - START_SLACK));
  }

  /** Contact time of an accelerated body with wall w (the gravity part, accelerated-scan.ts). */
  protected wallToiAccelerated?(w: number, i: number, tMax: number): number;
}
