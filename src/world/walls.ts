/**
 * The wall table: what kind each wall is (see walls/wall-kind.ts) and its numbers, its id and
 * options (restitution, group and mask bits, sensor), its motion, and the dispatch from the
 * engine to the wall kinds' contact functions. A world knows only the kinds its facade
 * registered (World2D: segment and box; World3D: plane, box and triangle).
 *
 * `world.wall(id)` is the documented way to read a wall back; the columns (`wallKind`,
 * `wallData` from WALL_STRIDE * w, `wallIds`) stay for code that reads many walls fast.
 */
import { WALL_BOX2, WALL_BOX3, WALL_PLANE, WALL_REMOVED, WALL_SEGMENT, WALL_STRIDE, type WallKind } from "./walls/wall-kind.js";
import { START_SLACK, WorldMotion } from "./motion.js";
import { checkRestitution, type WorldOptions } from "./event-loop.js";
import { MAX_COORDINATE, checkCoordinate, checkKeys } from "./options.js";
import { requirePart } from "./parts.js";

/** A wall flag: a sensor (reports bodies entering and leaving it, exchanges no impulse). */
export const WALL_FLAG_SENSOR = 1;
/** A wall flag: checked by every body (moving or unbounded), not registered in cells. */
export const WALL_FLAG_GLOBAL = 2;
/** A wall flag: registered in cells at the last rebuild but moved since, so checked by every body until the next rebuild. */
export const WALL_FLAG_FLOATING = 4;

/** Options of a wall (the last argument of addSegment, addBox, addPlane, addTriangle; a string there is the id). */
export interface WallOptions {
  /** Unique string id (default "wall-<number>"; ids are unique across bodies and walls). */
  id?: string;
  /** This wall's restitution (default: the body's, or the world's); above 1 a bumper. See README, "Restitution". */
  restitution?: number;
  /** Collision group bits (default 1): a body meets the wall when the body's mask meets this group and this mask meets the body's group. */
  group?: number;
  /** Collision mask bits (default all bits, -1); see group. */
  mask?: number;
  /** A sensor wall: no impulse; WALL_SENSOR_ENTER and WALL_SENSOR_EXIT events when a body starts and stops overlapping it (a finish line, a trigger zone). */
  sensor?: boolean;
}

const WALL_OPTION_KEYS = ["id", "restitution", "group", "mask", "sensor"];

/** What `world.wall(id)` tells about a wall, its geometry at `world.now` in the form of the scene file (narrow it by `kind`). */
export type WallInfo = SegmentWallInfo | BoxWallInfo | PlaneWallInfo | TriangleWallInfo;

/** A segment wall (2D) as `world.wall(id)` reads it. */
export interface SegmentWallInfo extends WallCommon {
  /** "segment". */
  readonly kind: "segment";
  /** Its ends [[x0, y0], [x1, y1]]. */
  readonly segment: number[][];
}

/** A box wall (2D or 3D) as `world.wall(id)` reads it. */
export interface BoxWallInfo extends WallCommon {
  /** "box". */
  readonly kind: "box";
  /** Its lower and upper corners. */
  readonly box: {
    /** Lower corner [minX, minY(, minZ)]. */
    readonly min: number[];
    /** Upper corner [maxX, maxY(, maxZ)]. */
    readonly max: number[];
  };
}

/** A plane wall (3D) as `world.wall(id)` reads it. */
export interface PlaneWallInfo extends WallCommon {
  /** "plane". */
  readonly kind: "plane";
  /** A point on it and its normal (the solid half-space is behind the normal). */
  readonly plane: {
    /** A point of the plane. */
    readonly point: number[];
    /** Its normal, as given (not normalised). */
    readonly normal: number[];
  };
}

/** A triangle wall (3D) as `world.wall(id)` reads it. */
export interface TriangleWallInfo extends WallCommon {
  /** "triangle". */
  readonly kind: "triangle";
  /** Its three vertices. */
  readonly triangle: number[][];
}

/** The fields every kind of {@link WallInfo} has. */
export interface WallCommon {
  /** Its id. */
  readonly id: string;
  /** Its wall number (what the add… call returned). */
  readonly number: number;
  /** Its reference point, which `setWallPosition` moves: a segment's first end, a box's lower corner, a plane's point, a triangle's first vertex. */
  readonly position: number[];
  /** Its velocity (see setWallVelocity; zeros when still). */
  readonly velocity: number[];
  /** Its own restitution, or undefined when it has none. */
  readonly restitution: number | undefined;
  /** Its collision group bits. */
  readonly group: number;
  /** Its collision mask bits. */
  readonly mask: number;
  /** True for a sensor wall. */
  readonly sensor: boolean;
}

/** @internal Walls: storage and dispatch to the wall kinds. */
export abstract class WorldWalls extends WorldMotion {
  /** Kind of each wall (WALL_SEGMENT, ...; WALL_REMOVED for a removed one). */
  wallKind: Uint8Array = new Uint8Array(0);
  /** The numbers of wall w from WALL_STRIDE * w, at the time of the last `advance` (or change); `wall(id)` reads them at `now`. */
  wallData: Float64Array = new Float64Array(0);
  /** String id of each wall. */
  wallIds: string[] = [];
  protected wallCount = 0;
  /** Walls below this index have been checked against the bodies. */
  protected wallsChecked = 0;
  /** Velocity of each wall (x, y, z from 3 * w; zero for a still wall) and the time its numbers hold for. */
  protected wallVelocity: Float64Array = new Float64Array(0);
  protected wallTime: Float64Array = new Float64Array(0);
  /** Each wall's own restitution (NaN: none), group and mask bits, and flags (WALL_FLAG_*). */
  protected wallRestitution: Float64Array = new Float64Array(0);
  protected wallGroup: Int32Array = new Int32Array(0);
  protected wallMask: Int32Array = new Int32Array(0);
  protected wallFlags: Uint8Array = new Uint8Array(0);
  /** Walls with a velocity. */
  protected movingWalls = 0;
  /** Sensor walls (not removed). */
  protected sensorWalls = 0;
  /** Walls with a group or mask other than the defaults. */
  protected customWallMasks = 0;
  /** Walls flagged WALL_FLAG_FLOATING. */
  protected floatingWalls = 0;
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

  /** The options of an add…wall call: undefined, an id, or a WallOptions object (checked). */
  protected wallOptions(arg: string | WallOptions | undefined, what: string): WallOptions {
    if (arg === undefined) return {};
    if (typeof arg === "string") return { id: arg };
    checkKeys(arg, WALL_OPTION_KEYS, `${what} options`);
    return arg;
  }

  protected addWall(kind: number, data: readonly number[], arg: string | WallOptions | undefined, what: string): number {
    const opts = this.wallOptions(arg, what);
    const id = opts.id;
    if (id !== undefined && typeof id !== "string") throw new RangeError(`${what}: id must be a string, got ${String(id)} (a ${typeof id})`);
    const name = `${what}${id === undefined ? "" : ` "${id}"`}`;
    for (let k = 0; k < data.length; k++) {
      if (typeof data[k] !== "number" || !Number.isFinite(data[k])) throw new RangeError(`${name}: coordinate ${k} must be a finite number, got ${data[k]}`);
      if (!(Math.abs(data[k]) <= MAX_COORDINATE)) throw new RangeError(`${name}: coordinate ${k} must be at most ${MAX_COORDINATE} in magnitude, got ${data[k]}`);
    }
    if (opts.restitution !== undefined) checkRestitution(opts.restitution, `${name}: restitution`);
    const group = opts.group ?? 1, mask = opts.mask ?? -1;
    checkWallBits(group, `${name}: group`);
    checkWallBits(mask, `${name}: mask`);
    if (opts.sensor !== undefined && typeof opts.sensor !== "boolean") throw new RangeError(`${name}: sensor must be true or false, got ${String(opts.sensor)}`);
    if (opts.sensor === true) requirePart("sensors", this.dim, `${name}: a sensor`);
    const w = this.wallCount;
    const key = id ?? `wall-${w}`;
    if (this.wallIds.includes(key) || this.indexOf(key) >= 0) throw new RangeError(`wall id "${key}" is already in use`);
    if (this.wallKind.length === w) this.growWalls(Math.max(8, 2 * w));
    this.wallTime[w] = this.now;
    this.wallKind[w] = kind;
    this.wallData.set(data, WALL_STRIDE * w);
    this.wallIds[w] = key;
    this.wallRestitution[w] = opts.restitution ?? NaN;
    this.wallGroup[w] = group;
    this.wallMask[w] = mask;
    this.wallFlags[w] = opts.sensor === true ? WALL_FLAG_SENSOR : 0;
    if (opts.sensor === true) this.sensorWalls++;
    if (group !== 1 || mask !== -1) this.customWallMasks++;
    this.wallCount = w + 1;
    this.dirty = true;
    return w;
  }

  /** Grows the per-wall arrays to `capacity` walls. */
  private growWalls(capacity: number): void {
    const grow = <T extends Float64Array | Int32Array | Uint8Array>(old: T, per: number): T => {
      const next = new (old.constructor as new (n: number) => T)(per * capacity);
      next.set(old);
      return next;
    };
    this.wallKind = grow(this.wallKind, 1);
    this.wallData = grow(this.wallData, WALL_STRIDE);
    this.wallVelocity = grow(this.wallVelocity, 3);
    this.wallTime = grow(this.wallTime, 1);
    this.wallRestitution = grow(this.wallRestitution, 1);
    this.wallGroup = grow(this.wallGroup, 1);
    this.wallMask = grow(this.wallMask, 1);
    this.wallFlags = grow(this.wallFlags, 1);
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
   * Wall `w` (its number, or its id) as it is at `world.now`: its kind and geometry in the
   * form of the scene file (`segment: [[x0, y0], [x1, y1]]`, `box: {min, max}`,
   * `plane: {point, normal}`, `triangle: [a, b, c]`), its reference point, velocity and
   * options. A new object each call; a RangeError for a removed or unknown wall.
   *
   * @example
   * ```ts
   * const paddle = world.addBox(4, 0, 6, 0.5, { id: "paddle" });
   * world.setWallVelocity(paddle, 2, 0);
   * world.advance(1);
   * world.wall("paddle"); // → { kind: "box", box: { min: [6, 0], max: [8, 0.5] }, velocity: [2, 0], … }
   * ```
   */
  wall(w: number | string): WallInfo {
    const n = typeof w === "string" ? this.wallIndexOf(w) : w;
    if (typeof w === "string" && n < 0) throw new RangeError(`no wall with id "${w}"`);
    this.checkWall(n);
    const d = this.wallData, o = WALL_STRIDE * n, dim = this.dim;
    // (the numbers hold at wallTime: a moving wall is extrapolated to now without changing them)
    const v = this.wallVelocity, dt = this.now - this.wallTime[n];
    const sx = dt * v[3 * n], sy = dt * v[3 * n + 1], sz = dt * v[3 * n + 2];
    const pt = (k: number): number[] => (dim === 3 ? [d[o + k] + sx, d[o + k + 1] + sy, d[o + k + 2] + sz] : [d[o + k] + sx, d[o + k + 1] + sy]);
    const common: WallCommon = {
      id: this.wallIds[n], number: n, position: pt(0),
      velocity: dim === 3 ? [v[3 * n], v[3 * n + 1], v[3 * n + 2]] : [v[3 * n], v[3 * n + 1]],
      restitution: this.wallRestitution[n] === this.wallRestitution[n] ? this.wallRestitution[n] : undefined,
      group: this.wallGroup[n], mask: this.wallMask[n], sensor: (this.wallFlags[n] & WALL_FLAG_SENSOR) !== 0,
    };
    switch (this.wallKind[n]) {
      case WALL_SEGMENT: return { ...common, kind: "segment", segment: [pt(0), pt(2)] };
      case WALL_BOX2: return { ...common, kind: "box", box: { min: pt(0), max: pt(2) } };
      case WALL_BOX3: return { ...common, kind: "box", box: { min: pt(0), max: pt(3) } };
      case WALL_PLANE: return { ...common, kind: "plane", plane: { point: pt(0), normal: [d[o + 3], d[o + 4], d[o + 5]] } };
      default: return { ...common, kind: "triangle", triangle: [pt(0), pt(3), pt(6)] };
    }
  }

  /**
   * Removes wall w (the number an add...wall call returned). Allowed at any moment, also inside
   * `onCollision`: the wall has no contacts after the current instant. Its number and id are
   * not reused. Bodies resting on it wake up and fall.
   */
  removeWall(w: number): void {
    this.checkWall(w);
    this.wallWillChange(w);
    this.setWallMotion(w, 0, 0, 0);
    this.wallKind[w] = WALL_REMOVED;
    if (this.wallFlags[w] & WALL_FLAG_SENSOR) this.sensorWalls--;
    if (this.wallGroup[w] !== 1 || this.wallMask[w] !== -1) this.customWallMasks--;
    this.wallChanged(w, true);
  }

  /**
   * Brings wall w's numbers to the current time and gives it velocity (vx, vy, vz) from now
   * on (all zero: it stands still); the bodies it may meet are scheduled again.
   */
  protected setWallMotion(w: number, vx: number, vy: number, vz: number): void {
    this.moveWall(w);
    const v = this.wallVelocity, o = 3 * w;
    if (v[o] === vx && v[o + 1] === vy && v[o + 2] === vz) return; // (steering a paddle with the same velocity costs nothing)
    this.wallWillChange(w);
    const was = v[o] !== 0 || v[o + 1] !== 0 || v[o + 2] !== 0;
    const will = vx !== 0 || vy !== 0 || vz !== 0;
    this.movingWalls += (will ? 1 : 0) - (was ? 1 : 0);
    v[o] = vx;
    v[o + 1] = vy;
    v[o + 2] = vz;
    this.wallChanged(w, false);
  }

  /**
   * Moves wall w at the current time so that its reference point (see WallInfo.position) is at
   * p, its shape unchanged: the checks of setPosition (finite coordinates up to 1e150), and a
   * RangeError naming the body when the wall would overlap a body there (nothing changes then).
   */
  protected placeWall(w: number, p: readonly number[]): void {
    this.checkWall(w);
    for (let k = 0; k < this.dim; k++) checkCoordinate(p[k], `wall "${this.wallIds[w]}": position[${k}]`);
    const k = this.kinds[this.wallKind[w]] as WallKind;
    this.moveWall(w);
    const d = this.wallData, o = WALL_STRIDE * w;
    const dx = p[0] - d[o], dy = p[1] - d[o + 1], dz = this.dim === 3 ? p[2] - d[o + 2] : 0;
    const old = d.slice(o, o + WALL_STRIDE);
    k.translate(d, o, dx, dy, dz);
    // (the reference point exactly where asked, whatever the rounding of the translation)
    for (let c = 0; c < this.dim; c++) d[o + c] = p[c];
    for (let c = 0; c < WALL_STRIDE; c++) {
      if (!(Math.abs(d[o + c]) <= MAX_COORDINATE)) {
        d.set(old, o);
        throw new RangeError(`wall "${this.wallIds[w]}": moved to ${JSON.stringify(p)}, its coordinate ${c} would be ${d[o + c]}, beyond ${MAX_COORDINATE}`);
      }
    }
    const hit = this.bodyOverlappingWall(w);
    d.set(old, o);
    if (hit >= 0) throw new RangeError(`wall "${this.wallIds[w]}" moved to ${JSON.stringify(p.slice(0, this.dim))} would overlap body "${this.ids[hit]}"`);
    this.wallWillChange(w);
    k.translate(d, o, dx, dy, dz);
    for (let c = 0; c < this.dim; c++) d[o + c] = p[c];
    this.wallChanged(w, true);
  }

  /** A body (not a sensor, one the wall collides with) that overlaps wall w now (deeper than START_SLACK), or -1. */
  protected abstract bodyOverlappingWall(w: number): number;

  /**
   * Wall w was removed, moved (`jumped`) or changed velocity: whatever depends on it is brought
   * up to date (here: a full rebuild; the layers above do less where they can).
   */
  protected wallChanged(_w: number, _jumped: boolean): void {
    this.dirty = true;
  }

  /** Wall w is about to be removed, moved or given a new velocity (sleepers on it wake: the gravity part). */
  protected wallWillChange(_w: number): void {}

  /** True when wall w moves. */
  protected wallMoves(w: number): boolean {
    const v = this.wallVelocity, o = 3 * w;
    return v[o] !== 0 || v[o + 1] !== 0 || v[o + 2] !== 0;
  }

  /** True when body i and wall w may meet (each one's group meets the other's mask). */
  protected wallInteracts(i: number, w: number): boolean {
    return (this.group[i] & this.wallMask[w]) !== 0 && (this.wallGroup[w] & this.mask[i]) !== 0;
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
   * True when body i's disc or ball reaches into wall w now (strictly), its radius scaled by
   * `scale` (1 - START_SLACK for the start-state rule; 1 + START_SLACK: touching within rounding).
   */
  protected wallOverlaps(i: number, w: number, scale = 1 - START_SLACK): boolean {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return false;
    this.moveWall(w);
    return k.overlaps(this.wallData, WALL_STRIDE * w, this.x[i], this.y[i], this.z[i], this.r[i] * scale);
  }

  /** Contact time of an accelerated body with wall w (the gravity part, accelerated-scan.ts). */
  protected wallToiAccelerated?(w: number, i: number, tMax: number): number;
}

/** A wall's group or mask: an integer of 32 bits, as a body's (see body-store.ts). */
function checkWallBits(bits: unknown, name: string): void {
  if (!(typeof bits === "number" && Number.isInteger(bits) && bits >= -0x80000000 && bits <= 0xffffffff)) {
    throw new RangeError(`${name} must be an integer of 32 bits (-2147483648 to 4294967295), got ${String(bits)}`);
  }
}
