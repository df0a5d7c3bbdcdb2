/**
 * The event loop shared by World2D and World3D: one scheduled event per body in an indexed
 * queue, lazy invalidation by per-body collision counters, exact chronological processing, the
 * response rule (restitution, collapse guard, resting speed, custom rules) and the event log.
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
import { normalImpulse, type ContactInfo, type ResponseRule } from "../response/impulse.js";
import type { CollisionEvent } from "./event-log.js";
import { BodyStore, EV_BODY, EV_BOUNDS, EV_CELL, EV_SUPPORT_END, EV_WALL } from "./body-store.js";

export { EV_BODY, EV_BOUNDS, EV_CELL, EV_NONE, EV_SUPPORT_END, EV_WALL } from "./body-store.js";

/** Options shared by World2D and World3D (every key checked: an unknown one is a RangeError naming it). */
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

/** @internal The loop and the response rule; the geometry layers fill in the hooks. */
export abstract class EventLoop extends BodyStore {
  /** What the last `advance` did (the object it returned). */
  readonly report: AdvanceReport = { collisions: 0, work: 0, time: 0, complete: true };

  /** The world's restitution (WorldOptions.restitution). */
  defaultRestitution: number;
  /** The collapse guard in use (see WorldOptions.collapseTime). */
  protected collapseTime: number;
  protected readonly collapseTimeOption: number | undefined;
  /** Event budget of one `advance` (WorldOptions.maxEventsPerAdvance); may be changed between calls. */
  maxEventsPerAdvance: number;
  /** The custom impulse rule, or null (WorldOptions.response). */
  response: ResponseRule | null;
  /** The pair filter, or null (WorldOptions.filter); may be changed between calls. */
  filter: ((a: number, b: number) => boolean) | null;
  /**
   * Called for every event (WorldOptions.onCollision); may be set at any time. Inside it the
   * world may be changed (bodies added, removed, given new velocities or positions; walls
   * added, removed or set moving) but not advanced.
   *
   * @example
   * ```ts
   * world.onCollision = (e) => {
   *   if (e.kind === HIT_WALL && e.b === goalLine) world.removeBody(e.a);
   * };
   * ```
   */
  onCollision: ((e: CollisionEvent) => void) | null;
  /** Keep each `advance`'s events in `world.events` (WorldOptions.recordEvents). */
  recordEvents: boolean;

  protected readonly contact: ContactInfo = {
    a: 0, b: 0, t: 0, nx: 0, ny: 0, nz: 0, closingSpeed: 0, invMassA: 0, invMassB: 0, restitution: 1, impulse: 0,
  };
  private readonly eventObject: CollisionEvent = {
    t: 0, a: 0, b: 0, kind: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, impulse: 0, speed: 0,
  };

  constructor(options: WorldOptions) {
    super();
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
  }

  /**
   * Advances the world by dt: every collision inside the interval is found and resolved in
   * exact chronological order (ties in body-index order), then every body is brought to the
   * new time. Returns the reused report; when the event budget runs out first, `complete` is
   * false and the world stops at the time it reached.
   */
  advance(dt: number): AdvanceReport {
    if (!(dt >= 0 && dt < Infinity)) throw new RangeError(`dt must be a finite number >= 0, got ${dt}`);
    if (this.advancing) throw new RangeError("advance cannot be called from inside a callback of the same world");
    this.advancing = true;
    try {
      return this.run(this.now + dt);
    } finally {
      this.advancing = false;
    }
  }

  /** True while `advance` runs (callbacks may then mutate the world but not advance or restore it). */
  protected advancing = false;

  /**
   * Events at one instant beyond which bodies count as pinned (Zeno: contacts that cannot
   * separate, such as a disc exactly filling a box): 1000 + 100 per body.
   */
  protected zenoLimit(): number {
    return 1000 + 100 * this.bodyCount;
  }

  private run(target: number): AdvanceReport {
    this.events.clear();
    if (this.dirty) this.rebuild();
    this.simplePairs = this.filter === null && this.customMasks === 0 && this.kinematicCount === 0 && this.sensorCount === 0;
    const q = this.queue;
    const evKind = this.evKind, evOther = this.evOther, evOtherVersion = this.evOtherVersion;
    let collisions = 0;
    let work = 0;
    let complete = true;
    const budget = this.maxEventsPerAdvance;
    let instant = -Infinity;
    let atInstant = 0;
    const zeno = this.zenoLimit();
    while (q.size > 0) {
      const i = q.heap[0];
      const t = q.time[0];
      if (t > target) break;
      if (work >= budget) {
        complete = false;
        break;
      }
      work++;
      if (t === instant) {
        // (inelastic collapse with the collapse guard switched off is left to the event budget)
        if (++atInstant > zeno && !(this.collapseTime === 0 && this.defaultRestitution < 1)) this.pinned(i, t, atInstant);
      } else {
        instant = t;
        atInstant = 0;
      }
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
          this.leaveSupport!(i, t);
          this.predict(i);
          break;
        default:
          q.remove(i);
      }
      if (this.dirty) {
        // A callback added or moved a body or changed the walls: the cells and every
        // schedule are rebuilt at this instant, and the run goes on from here.
        this.rebuild();
        this.simplePairs = this.filter === null && this.customMasks === 0 && this.kinematicCount === 0 && this.sensorCount === 0;
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

  /** Throws the RangeError for bodies pinned at one instant (see zenoLimit). */
  private pinned(i: number, t: number, count: number): never {
    const names = [`"${this.ids[i]}"`];
    const j = this.evOther[i];
    if (this.evKind[i] === EV_BODY && j >= 0 && j < this.n) names.push(`"${this.ids[j]}"`);
    throw new RangeError(
      `body ${names.join(" and body ")} pinned: ${count} contacts at t = ${t} without moving apart ` +
        `(a body held between contacts that cannot separate, such as a ball exactly filling the space between two walls)`,
    );
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
  /** A body sliding off its support (the gravity part, resting.ts). */
  protected leaveSupport?(i: number, t: number): void;
  protected abstract syncAll(): void;
}
