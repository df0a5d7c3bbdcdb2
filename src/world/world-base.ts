/**
 * What World2D and World3D share: the body table (structure of arrays), the event queue with
 * one scheduled event per body and lazy invalidation by per-body collision counters, the
 * exact chronological event loop, the response rule, the event log, and snapshots.
 *
 * The method is the standard one for event-driven hard-sphere simulation (Alder and
 * Wainwright 1959; Rapaport, "The Art of Molecular Dynamics Simulation", ch. 14; Lubachevsky
 * 1991; Donev, Torquato and Stillinger 2005): every body keeps its state at its own last
 * update time and is extrapolated on demand ("delayed states"); each body has exactly one
 * scheduled event (the earliest of: a contact with a neighbour, a wall, the container, or
 * leaving its grid cell); an event with a partner records the partner's collision counter,
 * and is recomputed instead of executed when that counter has moved on. The cost of an event
 * does not grow with the number of bodies.
 */
import { EventQueue } from "../broad/event-queue.js";
import { normalImpulse, type ContactInfo, type ResponseRule } from "../response/impulse.js";
import { EventLog, type CollisionEvent } from "./event-log.js";

export const FLAG_ALIVE = 1;
/** Immovable (infinite mass). */
export const FLAG_FIXED = 2;
/** At rest under gravity: held still (and immovable) until something hits it hard enough. */
export const FLAG_ASLEEP = 4;
/** Its start state has been checked (a later rebuild checks only what is new). */
export const FLAG_CHECKED = 8;

/** Kinds of scheduled event. */
export const EV_NONE = 0;
export const EV_BODY = 1;
export const EV_WALL = 2;
export const EV_BOUNDS = 3;
export const EV_CELL = 4;
/** A body sliding on a support reaches the edge of it. */
export const EV_SUPPORT_END = 5;

type Column = Float64Array | Int32Array | Uint8Array;
type ColumnKind = "f64" | "i32" | "u8";

export interface WorldOptions {
  /**
   * Restitution of every contact (default 1, elastic). A body's own restitution replaces it for
   * that body's contacts; a pair of bodies that both have their own uses the product.
   */
  restitution?: number;
  /**
   * Inelastic-collapse guard (the "TC model" of Luding and McNamara, 1998): a collision of a body
   * that collided less than `collapseTime` ago is elastic. With restitution < 1, three bodies in
   * a row can otherwise collide infinitely often in finite time. Default: 1e-9 (time units)
   * without gravity, 0 (off) with gravity, where the resting rules (restSpeed) take that role
   * and an elastic guard would keep jammed piles from ever losing their energy.
   */
  collapseTime?: number;
  /** Upper bound on queue events processed by one `advance` call (default 50,000,000). */
  maxEventsPerAdvance?: number;
  /** Replaces the impulse of every contact (contest rules); see ResponseRule. */
  response?: ResponseRule;
  /**
   * Resting contact under gravity: a body whose bounce off a flat wall (or the container) leaves
   * it with a normal speed at most this slides along the wall instead (its normal velocity is
   * zeroed and the wall carries the normal part of its acceleration), and a body slower than
   * this at rest on a level support, or landing this softly on a sleeping or fixed body, is put
   * to sleep until hit harder. Default: the speed of a fall from a millionth of the largest
   * radius when there is gravity, 0 (off) without.
   */
  restSpeed?: number;
  /** Called with (a, b) body indices for every candidate pair; return false to let them pass through. */
  filter?: (a: number, b: number) => boolean;
  /** Called for every collision (one reused event object). */
  onCollision?: (e: CollisionEvent) => void;
  /** Keep the events of the last `advance` in `world.events` (default true). */
  recordEvents?: boolean;
}

/** What an `advance` call did; the same object is reused by every call. */
export interface AdvanceReport {
  /** Collisions processed. */
  collisions: number;
  /** Queue events processed (collisions, cell crossings, recomputations). */
  work: number;
  /** The world time reached. */
  time: number;
  /** False when the event budget ran out before the target time (the world stops at `time`). */
  complete: boolean;
}

export interface WorldSnapshot {
  readonly now: number;
  readonly n: number;
  readonly columns: ReadonlyArray<Column>;
  readonly extra: ReadonlyArray<Column>;
  readonly ids: ReadonlyArray<string>;
  readonly free: ReadonlyArray<number>;
  readonly queueSize: number;
  readonly dirty: boolean;
}

export abstract class WorldBase {
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
  /** Immovable bodies that move (counted at rebuild). */
  protected kinematicCount = 0;
  /** Smallest normal speed at which a contact parts (the resting speed; 0 = none). */
  protected minSeparation = 0;

  // ---- body columns shared by both dimensions
  r!: Float64Array;
  invMass!: Float64Array;
  /** Each body's own restitution, NaN when it uses the world's. */
  restitution!: Float64Array;
  /** Time of each body's stored state. */
  t0!: Float64Array;
  /** Time of each body's last collision (for the collapse guard). */
  lastHit!: Float64Array;
  /** Collision counters: bumped whenever a body's trajectory changes. */
  version!: Int32Array;
  flags!: Uint8Array;
  group!: Int32Array;
  mask!: Int32Array;
  // ---- the one scheduled event of each body
  evKind!: Uint8Array;
  evOther!: Int32Array;
  evOtherVersion!: Int32Array;
  evFeature!: Int32Array;

  /** String ids of the bodies (by index). */
  ids: string[] = [];
  protected readonly idIndex = new Map<string, number>();

  readonly queue = new EventQueue(16);
  /** Events of the last `advance` call, in time order. */
  readonly events = new EventLog();
  readonly report: AdvanceReport = { collisions: 0, work: 0, time: 0, complete: true };

  defaultRestitution: number;
  /** The collapse guard in use (see WorldOptions.collapseTime). */
  collapseTime: number;
  protected readonly collapseTimeOption: number | undefined;
  maxEventsPerAdvance: number;
  response: ResponseRule | null;
  filter: ((a: number, b: number) => boolean) | null;
  onCollision: ((e: CollisionEvent) => void) | null;
  recordEvents: boolean;

  protected readonly contact: ContactInfo = {
    a: 0, b: 0, t: 0, nx: 0, ny: 0, nz: 0, closingSpeed: 0, invMassA: 0, invMassB: 0, restitution: 1, impulse: 0,
  };
  private readonly eventObject: CollisionEvent = {
    t: 0, a: 0, b: 0, kind: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, impulse: 0, speed: 0,
  };
  private readonly columnSpecs: { name: string; kind: ColumnKind; fill: number }[] = [];

  constructor(options: WorldOptions) {
    const e = options.restitution ?? 1;
    if (!(e >= 0 && e <= 1)) throw new RangeError(`restitution must be in [0, 1], got ${e}`);
    this.defaultRestitution = e;
    this.collapseTimeOption = options.collapseTime;
    this.collapseTime = options.collapseTime ?? 1e-9;
    if (!(this.collapseTime >= 0)) throw new RangeError(`collapseTime must be >= 0, got ${options.collapseTime}`);
    this.maxEventsPerAdvance = options.maxEventsPerAdvance ?? 50_000_000;
    if (!(this.maxEventsPerAdvance >= 1)) throw new RangeError(`maxEventsPerAdvance must be >= 1, got ${options.maxEventsPerAdvance}`);
    this.response = options.response ?? null;
    this.filter = options.filter ?? null;
    this.onCollision = options.onCollision ?? null;
    this.recordEvents = options.recordEvents ?? true;
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
  protected allocBody(id: string | undefined, radius: number, mass: number, fixed: boolean, restitution: number | undefined, group: number, mask: number): number {
    if (!(radius >= 0 && radius < Infinity)) throw new RangeError(`radius must be a finite number >= 0, got ${radius}`);
    if (!fixed && !(mass > 0 && mass < Infinity)) throw new RangeError(`mass must be a finite number > 0, got ${mass}`);
    if (restitution !== undefined && !(restitution >= 0 && restitution <= 1)) throw new RangeError(`restitution must be in [0, 1], got ${restitution}`);
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
    this.r[i] = radius;
    this.invMass[i] = fixed ? 0 : 1 / mass;
    this.restitution[i] = restitution ?? NaN;
    this.t0[i] = this.now;
    this.lastHit[i] = -Infinity;
    this.version[i]++;
    this.flags[i] = FLAG_ALIVE | (fixed ? FLAG_FIXED : 0);
    this.group[i] = group;
    this.mask[i] = mask;
    if (group !== 1 || mask !== -1) this.customMasks++;
    this.evKind[i] = EV_NONE;
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

  /** Removes body i (its index may be reused by a later addBody). */
  removeBody(i: number): void {
    this.checkBody(i);
    this.flags[i] = 0;
    this.version[i]++;
    this.idIndex.delete(this.ids[i]);
    this.queue.remove(i);
    this.onRemove(i);
    this.free.push(i);
  }

  protected abstract onRemove(i: number): void;

  /** Throws a RangeError unless i is a live body index. */
  checkBody(i: number): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.n && (this.flags[i] & FLAG_ALIVE) !== 0)) {
      throw new RangeError(`no body with index ${i}`);
    }
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.n - this.free.length;
  }

  /** Mass of body i (Infinity when fixed). */
  mass(i: number): number {
    return 1 / this.invMass[i];
  }

  /**
   * Advances the world by dt: every collision inside the interval is found and resolved in
   * exact chronological order (ties in body-index order), then every body is brought to the
   * new time. Returns the reused report; when the event budget runs out first, `complete` is
   * false and the world stops at the time it reached.
   */
  advance(dt: number): AdvanceReport {
    if (!(dt >= 0 && dt < Infinity)) throw new RangeError(`dt must be a finite number >= 0, got ${dt}`);
    if (this.dirty) this.rebuild();
    this.simplePairs = this.filter === null && this.customMasks === 0 && this.kinematicCount === 0;
    this.events.clear();
    const target = this.now + dt;
    const q = this.queue;
    const evKind = this.evKind, evOther = this.evOther, evOtherVersion = this.evOtherVersion;
    let collisions = 0;
    let work = 0;
    let complete = true;
    const budget = this.maxEventsPerAdvance;
    while (q.size > 0) {
      const i = q.heap[0];
      const t = q.time[0];
      if (t > target) break;
      if (work >= budget) {
        complete = false;
        break;
      }
      work++;
      this.now = t;
      switch (evKind[i]) {
        case EV_BODY: {
          const j = evOther[i];
          if (this.version[j] !== evOtherVersion[i]) {
            this.predict(i);
            break;
          }
          if (this.collideBodies(i, j, t)) collisions++;
          this.predict(i);
          this.predict(j);
          break;
        }
        case EV_WALL:
          if (this.collideWall(i, evOther[i], this.evFeature[i], t)) collisions++;
          this.predict(i);
          break;
        case EV_BOUNDS:
          if (this.collideBounds(i, evOther[i], t)) collisions++;
          this.predict(i);
          break;
        case EV_CELL:
          this.crossCell(i, evOther[i], t);
          this.predict(i);
          break;
        case EV_SUPPORT_END:
          this.leaveSupport(i, t);
          this.predict(i);
          break;
        default:
          q.remove(i);
      }
    }
    if (complete) this.now = target;
    this.syncAll();
    const rep = this.report;
    rep.collisions = collisions;
    rep.work = work;
    rep.time = this.now;
    rep.complete = complete;
    return rep;
  }

  /**
   * The impulse for a contact: the default rule (restitution as described in WorldOptions, made
   * elastic by the collapse guard) or the custom one; invA and invB are the inverse masses in
   * effect (0 for a wall, a fixed or a sleeping body).
   */
  protected impulseFor(i: number, j: number, t: number, closingSpeed: number, nx: number, ny: number, nz: number, invA: number, invB: number): number {
    // Restitution: the world's default, replaced by a body's own where it has one (NaN = none);
    // two bodies with their own use the product.
    const ei = this.restitution[i];
    const ej = j >= 0 ? this.restitution[j] : NaN;
    let e = ei === ei ? (ej === ej ? ei * ej : ei) : ej === ej ? ej : this.defaultRestitution;
    if (e < 1 && this.collapseTime > 0) {
      if (t - this.lastHit[i] < this.collapseTime || (j >= 0 && t - this.lastHit[j] < this.collapseTime)) e = 1;
    }
    this.lastHit[i] = t;
    if (j >= 0) this.lastHit[j] = t;
    let J = normalImpulse(closingSpeed, invA, invB, e);
    // Resting contact: a pair that would part slower than restSpeed (pressed together by gravity,
    // or barely touching) parts at restSpeed, so that the same contact cannot fire again at the
    // same instant; the resting rules then decide whether the body settles.
    const minSep = this.minSeparation;
    if (minSep > 0 && e * closingSpeed < minSep && invA + invB > 0) J = (closingSpeed + minSep) / (invA + invB);
    const rule = this.response;
    if (rule === null) return J;
    const c = this.contact;
    c.a = i;
    c.b = j;
    c.t = t;
    c.nx = nx;
    c.ny = ny;
    c.nz = nz;
    c.closingSpeed = closingSpeed;
    c.invMassA = invA;
    c.invMassB = invB;
    c.restitution = e;
    c.impulse = J;
    const out = rule(c);
    if (!(out >= 0 && out < Infinity)) throw new RangeError(`response rule returned ${out}; an impulse must be a finite number >= 0`);
    return out;
  }

  /**
   * The collision being recorded: t, px, py, pz, nx, ny, nz, impulse, speed (filled by the
   * caller of {@link emit}: doubles passed through an array are never boxed).
   */
  protected readonly pending = new Float64Array(9);

  /** Records the collision in `pending` between a and b (and calls onCollision). */
  protected emit(a: number, b: number, kind: number): void {
    const p = this.pending;
    if (this.recordEvents) this.events.pushFrom(p, a, b, kind);
    const cb = this.onCollision;
    if (cb !== null) {
      const e = this.eventObject;
      e.t = p[0];
      e.a = a;
      e.b = b;
      e.kind = kind;
      e.px = p[1];
      e.py = p[2];
      e.pz = p[3];
      e.nx = p[4];
      e.ny = p[5];
      e.nz = p[6];
      e.impulse = p[7];
      e.speed = p[8];
      cb(e);
    }
  }

  /** True when bodies i and j may collide (masks, filter, not both immovable). */
  protected interacts(i: number, j: number): boolean {
    if (this.invMass[i] === 0 && this.invMass[j] === 0) return false;
    if ((this.group[i] & this.mask[j]) === 0 || (this.group[j] & this.mask[i]) === 0) return false;
    const f = this.filter;
    return f === null || f(i, j);
  }

  protected abstract rebuild(): void;
  protected abstract predict(i: number): void;
  protected abstract collideBodies(i: number, j: number, t: number): boolean;
  protected abstract collideWall(i: number, w: number, feature: number, t: number): boolean;
  protected abstract collideBounds(i: number, face: number, t: number): boolean;
  protected abstract crossCell(i: number, code: number, t: number): void;
  protected abstract leaveSupport(i: number, t: number): void;
  protected abstract syncAll(): void;
  /** Typed arrays beyond the columns that a snapshot must carry (grid, walls). */
  protected abstract extraState(): Column[];
  protected abstract setExtraState(arrays: Column[]): void;

  /** A copy of the whole simulation state; `restore` brings the world back to it bit for bit. */
  snapshot(): WorldSnapshot {
    const self = this as unknown as Record<string, Column>;
    const columns = this.columnSpecs.map((s) => self[s.name].slice(0, this.n));
    const q = this.queue;
    const extra = [...this.extraState().map((a) => a.slice()), q.heap.slice(0, q.size), q.slot.slice(0, this.n), q.time.slice(0, q.size)];
    return { now: this.now, n: this.n, columns, extra, ids: this.ids.slice(0, this.n), free: this.free.slice(), queueSize: q.size, dirty: this.dirty };
  }

  /** Restores a snapshot taken from this world (or one built the same way). */
  restore(s: WorldSnapshot): void {
    const self = this as unknown as Record<string, Column>;
    this.reserve(s.n);
    this.columnSpecs.forEach((spec, k) => {
      const col = self[spec.name];
      col.fill(spec.fill as never);
      col.set(s.columns[k] as never);
    });
    const m = s.extra.length;
    this.setExtraState(s.extra.slice(0, m - 3) as Column[]);
    const q = this.queue;
    q.heap.set(s.extra[m - 3] as Int32Array);
    q.slot.fill(-1);
    q.slot.set(s.extra[m - 2] as Int32Array);
    q.time.set(s.extra[m - 1] as Float64Array);
    q.size = s.queueSize;
    this.now = s.now;
    this.n = s.n;
    this.ids = s.ids.slice();
    this.idIndex.clear();
    for (let i = 0; i < this.n; i++) if (this.flags[i] & FLAG_ALIVE) this.idIndex.set(this.ids[i], i);
    this.free = s.free.slice();
    this.dirty = s.dirty;
    // The count of bodies with their own group or mask decides whether pair scans check them.
    this.customMasks = 0;
    for (let i = 0; i < this.n; i++) if ((this.flags[i] & FLAG_ALIVE) && (this.group[i] !== 1 || this.mask[i] !== -1)) this.customMasks++;
  }
}
