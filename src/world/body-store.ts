/**
 * The body store: every per-body quantity lives in a typed-array column (structure of arrays),
 * indexed by body index; ids map to indices; freed slots are reused. Snapshots copy the columns
 * (and whatever a layer above declares as extra state) so that `restore` is bit for bit.
 */
import { EventQueue } from "../broad/event-queue.js";
import { EventLog } from "./event-log.js";
import { MAX_MASS, MIN_MASS } from "./options.js";

export const FLAG_ALIVE = 1;
/** Immovable (infinite mass). */
export const FLAG_FIXED = 2;
/** At rest under gravity: held still (and immovable) until something hits it hard enough. */
export const FLAG_ASLEEP = 4;
/** Its start state has been checked (a later rebuild checks only what is new). */
export const FLAG_CHECKED = 8;
/** A sensor: reports when bodies start and stop overlapping it, exchanges no impulse. */
export const FLAG_SENSOR = 16;

/** Kinds of scheduled event. */
export const EV_NONE = 0;
export const EV_BODY = 1;
export const EV_WALL = 2;
export const EV_BOUNDS = 3;
export const EV_CELL = 4;
/** A body sliding on a support reaches the edge of it. */
export const EV_SUPPORT_END = 5;

/** @internal */
export type Column = Float64Array | Int32Array | Uint8Array;
type ColumnKind = "f64" | "i32" | "u8";

/** An opaque copy of a world's state (see `snapshot` and `restore`). */
export interface WorldSnapshot {
  /** World time when the snapshot was taken. */
  readonly now: number;
  /** Number of body slots in use (alive or freed). */
  readonly n: number;
  /** Copies of the per-body columns (positions, velocities, flags, ...), n entries each, in the world's internal order. */
  readonly columns: ReadonlyArray<Float64Array | Int32Array | Uint8Array>;
  /** Copies of the remaining state (broad-phase grid, walls, sensor overlaps, ...), then the event queue's heap, slots and times. */
  readonly extra: ReadonlyArray<Float64Array | Int32Array | Uint8Array>;
  /** Body ids by body index. */
  readonly ids: ReadonlyArray<string>;
  /** Each body's user data (`addBody({ …, data })`), by body index: the same values, not copies. */
  readonly data: ReadonlyArray<unknown>;
  /** Freed body slots, reused by the next addBody calls. */
  readonly free: ReadonlyArray<number>;
  /** Number of scheduled events in the queue. */
  readonly queueSize: number;
  /** True when the grid and events were due to be rebuilt. */
  readonly dirty: boolean;
}

/** @internal The body columns shared by both dimensions. */
export abstract class BodyStore {
  /** Current world time. */
  now = 0;
  /** Number of body slots in use (alive or freed); alive bodies have FLAG_ALIVE. */
  n = 0;
  protected capacity = 0;
  protected free: number[] = [];
  /** Set when bodies or walls changed in a way that needs the grid and all events rebuilt. */
  protected dirty = true;
  /** True when every pair interacts (no filter, default masks, no kinematic bodies): scans skip `interacts`. */
  protected simplePairs = false;
  /** Bodies added with a non-default group or mask. */
  protected customMasks = 0;
  /** The world needed no rebuild just before the last allocBody (see WorldCore.admit). */
  protected cleanBeforeAdd = false;
  /** Live sensor bodies (the scans then take the general path). */
  protected sensorCount = 0;
  /** Immovable bodies that move (counted at rebuild). */
  protected kinematicCount = 0;
  /** Smallest normal speed at which a contact parts (the resting speed; 0 = none). */
  protected minSeparation = 0;

  // ---- body columns shared by both dimensions
  /** Radius of body i. */
  r!: Float64Array;
  /** Inverse mass of body i (0: fixed, immovable); its mass is 1 / invMass[i]. */
  invMass!: Float64Array;
  /** Each body's own restitution, NaN when it uses the world's. */
  restitution!: Float64Array;
  /** Time of each body's stored state. */
  protected t0!: Float64Array;
  /** Time of each body's last collision (for the collapse guard). */
  protected lastHit!: Float64Array;
  /** Collision counters: bumped whenever a body's trajectory changes. */
  protected version!: Int32Array;
  /** Flags of body i: 1 alive, 2 fixed, 4 asleep, 16 sensor (a removed slot has 0). */
  flags!: Uint8Array;
  /** Collision group bits of body i (see BodyInit2.group). */
  group!: Int32Array;
  /** Collision mask of body i. */
  mask!: Int32Array;
  // ---- the one scheduled event of each body
  protected evKind!: Uint8Array;
  protected evOther!: Int32Array;
  protected evOtherVersion!: Int32Array;
  protected evFeature!: Int32Array;

  /** String ids of the bodies (by index). */
  ids: string[] = [];
  /** User data of the bodies (by index; see `data`). */
  protected userData: unknown[] = [];
  protected readonly idIndex = new Map<string, number>();

  protected readonly queue = new EventQueue(16);
  /** Events of the last `advance` call, in time order. */
  readonly events = new EventLog();
  protected readonly columnSpecs: { name: string; kind: ColumnKind; fill: number }[] = [];

  constructor() {
    this.column("r", "f64", 0);
    this.column("invMass", "f64", 0);
    this.column("restitution", "f64", 1);
    this.column("t0", "f64", 0);
    this.column("lastHit", "f64", -Infinity);
    this.column("version", "i32", 0);
    this.column("flags", "u8", 0);
    this.column("group", "i32", 1);
    this.column("mask", "i32", -1);
    this.column("evKind", "u8", 0);
    this.column("evOther", "i32", -1);
    this.column("evOtherVersion", "i32", 0);
    this.column("evFeature", "i32", 0);
  }


  /** Declares a per-body typed-array column (a field of the same name on `this`). */
  protected column(name: string, kind: ColumnKind, fill: number): void {
    this.columnSpecs.push({ name, kind, fill });
    (this as unknown as Record<string, Column>)[name] = this.allocate(kind, this.capacity, fill);
  }

  private allocate(kind: ColumnKind, n: number, fill: number): Column {
    const c = kind === "f64" ? new Float64Array(n) : kind === "i32" ? new Int32Array(n) : new Uint8Array(n);
    if (fill !== 0) c.fill(fill);
    return c;
  }

  protected reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    let cap = Math.max(16, this.capacity);
    while (cap < capacity) cap *= 2;
    const self = this as unknown as Record<string, Column>;
    for (const s of this.columnSpecs) {
      const next = this.allocate(s.kind, cap, s.fill);
      next.set(self[s.name] as never);
      self[s.name] = next;
    }
    this.queue.reserve(cap);
    this.capacity = cap;
    this.onReserve(cap);
  }

  /** Subclasses grow their non-column structures (the grid) here. */
  protected abstract onReserve(capacity: number): void;

  /** Allocates a body slot, filling the shared columns; returns its index. */
  protected allocBody(id: string | undefined, radius: number, mass: number, fixed: boolean, restitution: number | undefined, group: number, mask: number, sensor = false, data: unknown = undefined): number {
    if (!(radius >= 0 && radius < Infinity)) throw new RangeError(`radius must be a finite number >= 0, got ${radius}`);
    if (!fixed && !(typeof mass === "number" && mass >= MIN_MASS && mass <= MAX_MASS)) {
      throw new RangeError(`mass must be a number from ${MIN_MASS} to ${MAX_MASS} (the masses a world takes), got ${String(mass)}`);
    }
    if (restitution !== undefined && !(typeof restitution === "number" && restitution >= 0 && restitution < Infinity)) {
      throw new RangeError(`restitution must be a finite number >= 0 (above 1 adds energy: a bumper), got ${String(restitution)}`);
    }
    checkBits(group, "group");
    checkBits(mask, "mask");
    const i = this.free.length > 0 ? (this.free.pop() as number) : this.n++;
    this.reserve(this.n);
    const key = id ?? String(i);
    if (this.idIndex.has(key)) {
      if (i === this.n - 1) this.n--;
      else this.free.push(i);
      throw new RangeError(`body id "${key}" is already in use`);
    }
    this.ids[i] = key;
    this.idIndex.set(key, i);
    this.userData[i] = data;
    this.r[i] = radius;
    this.invMass[i] = fixed ? 0 : 1 / mass;
    this.restitution[i] = restitution ?? NaN;
    this.t0[i] = this.now;
    this.lastHit[i] = -Infinity;
    this.version[i]++;
    this.flags[i] = FLAG_ALIVE | (fixed ? FLAG_FIXED : 0) | (sensor ? FLAG_SENSOR : 0);
    if (sensor) this.sensorCount++;
    this.group[i] = group;
    this.mask[i] = mask;
    if (group !== 1 || mask !== -1) this.customMasks++;
    this.evKind[i] = EV_NONE;
    this.cleanBeforeAdd = !this.dirty;
    this.dirty = true;
    return i;
  }

  /** Index of the body with this id, or -1. */
  indexOf(id: string): number {
    return this.idIndex.get(id) ?? -1;
  }

  /** Index of the body with this id; a RangeError naming the id when there is none. */
  bodyIndex(id: string): number {
    const i = this.idIndex.get(id);
    if (i === undefined) throw new RangeError(`no body with id "${id}"`);
    return i;
  }

  /**
   * The user data given to body i by `addBody({ …, data })` (undefined when none): the same
   * value, not a copy, so an object given there may be changed in place.
   *
   * @example
   * ```ts
   * const ball = world.addBody({ x: 1, y: 1, radius: 0.1, data: { kind: "ball", score: 10 } });
   * world.on("collision", (e) => (world.data(e.a) as { score: number }).score++);
   * ```
   */
  data(i: number): unknown {
    this.checkBody(i);
    return this.userData[i];
  }

  /** Removes body i (its index may be reused by a later addBody). */
  removeBody(i: number): void {
    this.checkBody(i);
    const was = this.flags[i];
    if (was & FLAG_SENSOR) this.sensorCount--;
    this.flags[i] = 0;
    this.version[i]++;
    this.idIndex.delete(this.ids[i]);
    this.userData[i] = undefined;
    this.queue.remove(i);
    this.onRemove(i, was);
    this.free.push(i);
  }

  /** Called after body i (whose flags were `was`) is removed. */
  protected abstract onRemove(i: number, was: number): void;

  /** Throws a RangeError unless i is a live body index. */
  protected checkBody(i: number): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.n && (this.flags[i] & FLAG_ALIVE) !== 0)) {
      throw new RangeError(`no body with index ${i}`);
    }
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.n - this.free.length;
  }
}

/**
 * A collision group or mask must be a 32-bit set: an integer in [-2^31, 2^32) (0xffffffff is
 * the same set as -1). Anything else would be truncated silently (NaN and 1e308 to 0, a body
 * that meets nothing).
 */
function checkBits(bits: number, name: string): void {
  if (!(Number.isInteger(bits) && bits >= -0x80000000 && bits <= 0xffffffff)) throw new RangeError(`${name} must be an integer of 32 bits (-2147483648 to 4294967295), got ${bits}`);
}
