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
import { HIT_BODY, normalImpulse, type ContactInfo, type ContactKind, type ResponseRule } from "../response/impulse.js";
import { SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT, type CollisionEvent, type EventKind } from "./event-log.js";
import { BodyStore, EV_BODY, EV_BOUNDS, EV_CELL, EV_SUPPORT_END, EV_WALL } from "./body-store.js";

export { EV_BODY, EV_BOUNDS, EV_CELL, EV_NONE, EV_SUPPORT_END, EV_WALL } from "./body-store.js";

/**
 * A restitution must be a finite number >= 0: 1 is elastic, 0 perfectly inelastic, above 1 a
 * bumper (the contact adds energy; see README, "Bumpers").
 */
export function checkRestitution(e: unknown, field: string): void {
  if (!(typeof e === "number" && e >= 0 && e < Infinity)) throw new RangeError(`${field} must be a finite number >= 0 (above 1 adds energy: a bumper), got ${String(e)}`);
}

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
  /**
   * Decides which contacts happen; see {@link ContactFilter}. Declared with three parameters
   * `(a, b, contact)` it is asked at every contact, with a body, a wall or a side of the
   * container (false: A passes through B until they no longer overlap, as through a one-way
   * platform); with two, `(a, b)`, it is the pair filter of version 0.1, asked about pairs of
   * bodies only.
   */
  filter?: ContactFilter;
  /** Called for every event (one reused event object); see also `world.on`. */
  onCollision?: (e: CollisionEvent) => void;
  /** Keep the events of the last `advance` in `world.events` (default true). */
  recordEvents?: boolean;
}

/** A contact about to happen, as a {@link ContactFilter} sees it (one object reused for every contact). */
export interface ContactFilterInfo {
  /** What B is: HIT_BODY, HIT_WALL or HIT_BOUNDS. */
  kind: ContactKind;
  /** Body index of A (of a pair of bodies, the lower index). */
  a: number;
  /** B by kind: its body index, wall number or container face (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
  b: number;
  /** Time of the contact (world.now inside the filter). */
  t: number;
  /** Unit contact normal from A towards B, x (for a wall: from the body into the wall). */
  nx: number;
  /** Contact normal, y. */
  ny: number;
  /** Contact normal, z (0 in 2D). */
  nz: number;
  /** Velocity of A relative to B (to a moving wall's velocity; B's velocity for a body), x. */
  vx: number;
  /** Relative velocity, y. */
  vy: number;
  /** Relative velocity, z (0 in 2D). */
  vz: number;
  /** Closing speed along the normal (relative velocity . normal), >= 0. */
  speed: number;
}

/**
 * The world's filter (group and mask bits are applied first).
 *
 * Declared with three parameters, it decides each contact when it happens: `a` is the body,
 * `b` the other party (a body index, wall number or container face, per `contact.kind`), and
 * `contact` the contact (kind, time, normal, relative velocity); true lets it happen, false
 * lets A pass through B (no impulse, no event) until they no longer overlap. A one-way platform
 * that bodies jump through from below and land on from above:
 *
 * ```ts
 * world.filter = (a, b, c) => c.kind !== HIT_WALL || b !== platform || c.ny < 0; // normal down: landing
 * ```
 *
 * Declared with two parameters `(a, b)`, it is the pair filter of version 0.1: asked with two
 * body indices whenever the pair is considered (never about walls or the container); false
 * lets the pair pass through each other.
 */
export type ContactFilter = (a: number, b: number, contact: ContactFilterInfo) => boolean;

/** @internal The two-parameter form of ContactFilter (version 0.1). */
export type PairFilter = (a: number, b: number) => boolean;

/** What `world.on` listens to: collisions (with a body, a wall or the container), or a body entering or leaving a sensor. */
export type WorldEventType = "collision" | "sensorEnter" | "sensorExit";

/** A listener of `world.on`: called with the event (one reused object: copy what you keep). */
export type WorldListener = (e: CollisionEvent) => void;

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
    kind: HIT_BODY, a: 0, b: 0, other: 0, t: 0, nx: 0, ny: 0, nz: 0, closingSpeed: 0, invMassA: 0, invMassB: 0, restitution: 1, impulse: 0,
  };
  private readonly eventObject: CollisionEvent = {
    t: 0, a: 0, b: 0, kind: HIT_BODY, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, impulse: 0, speed: 0,
  };
  /** What a contact filter is handed (see contactAllowed). */
  protected readonly filterInfo: ContactFilterInfo = { kind: HIT_BODY, a: 0, b: 0, t: 0, nx: 0, ny: 0, nz: 0, vx: 0, vy: 0, vz: 0, speed: 0 };
  private filterFunction: ContactFilter | null = null;
  /** The 0.1 pair filter, asked when a pair is considered (see `interacts`), or null. */
  protected pairFilter: PairFilter | null = null;
  /** The contact filter, asked when a contact happens, or null. */
  protected contactFilter: ContactFilter | null = null;
  /** Listeners by kind: collisions, sensor entries, sensor exits (each array replaced, never changed, so a dispatch may unsubscribe). */
  private listeners: WorldListener[][] = [[], [], []];
  /** Listeners subscribed, all types. */
  private listening = 0;

  constructor(options: WorldOptions) {
    super();
    const e = options.restitution ?? 1;
    checkRestitution(e, "restitution");
    this.defaultRestitution = e;
    this.collapseTimeOption = options.collapseTime;
    this.collapseTime = options.collapseTime ?? 1e-9;
    if (!(this.collapseTime >= 0)) throw new RangeError(`collapseTime must be >= 0, got ${options.collapseTime}`);
    this.maxEventsPerAdvance = options.maxEventsPerAdvance ?? 50_000_000;
    if (!(this.maxEventsPerAdvance >= 1)) throw new RangeError(`maxEventsPerAdvance must be >= 1, got ${options.maxEventsPerAdvance}`);
    this.response = options.response ?? null;
    this.filter = options.filter ?? null;
    this.onCollision = options.onCollision ?? null;
    if (this.onCollision !== null && typeof this.onCollision !== "function") throw new RangeError(`onCollision must be a function, got ${String(this.onCollision)}`);
    if (this.response !== null && typeof this.response !== "function") throw new RangeError(`response must be a function, got ${String(this.response)}`);
    this.recordEvents = options.recordEvents ?? true;
  }

  /**
   * The filter (WorldOptions.filter; see {@link ContactFilter}): with three parameters asked at
   * each contact, with two about pairs of bodies; null for none. May be changed between calls
   * and inside callbacks.
   */
  get filter(): ContactFilter | null {
    return this.filterFunction;
  }

  /** Sets the filter (see the getter); a RangeError for anything but a function or null. */
  set filter(f: ContactFilter | null) {
    if (f !== null && typeof f !== "function") throw new RangeError(`filter must be a function or null, got ${String(f)}`);
    this.filterFunction = f;
    // (the 0.1 pair filter `(a, b) => …` is told by its two parameters)
    const pair = f !== null && f.length <= 2;
    this.pairFilter = pair ? (f as unknown as PairFilter) : null;
    this.contactFilter = f !== null && !pair ? f : null;
    // (the scans take the general path until the next event loop works out whether they may not)
    this.simplePairs = false;
  }

  /**
   * Calls `listener` with every event of this type from now on, after `onCollision`, in the
   * order of subscription: "collision" (HIT_BODY, HIT_WALL, HIT_BOUNDS), "sensorEnter"
   * (SENSOR_ENTER, WALL_SENSOR_ENTER) or "sensorExit" (SENSOR_EXIT, WALL_SENSOR_EXIT). Returns
   * the function that unsubscribes it (also safe inside a listener). Listeners may change the
   * world as `onCollision` may; an exception from one stops `advance` at the event's time with
   * the event applied (see `advance`).
   *
   * @example
   * ```ts
   * const off = world.on("sensorEnter", (e) => console.log("entered at", e.t));
   * off(); // stop listening
   * ```
   */
  on(type: WorldEventType, listener: WorldListener): () => void {
    const k = type === "collision" ? 0 : type === "sensorEnter" ? 1 : type === "sensorExit" ? 2 : -1;
    if (k < 0) throw new RangeError(`on: unknown event type ${JSON.stringify(type)} (known: "collision", "sensorEnter", "sensorExit")`);
    if (typeof listener !== "function") throw new RangeError(`on("${type}"): the listener must be a function, got ${String(listener)}`);
    const entry: WorldListener = (e) => listener(e);
    this.listeners[k] = [...this.listeners[k], entry];
    this.listening++;
    return () => {
      const before = this.listeners[k].length;
      this.listeners[k] = this.listeners[k].filter((f) => f !== entry);
      this.listening -= before - this.listeners[k].length;
    };
  }

  /** Called when whatever decides which pairs the scans must check changed (the scan layer recomputes its fast-path flag). */
  protected pairsChanged(): void {}

  /**
   * Advances the world by dt: every collision inside the interval is found and resolved in
   * exact chronological order (ties in body-index order), then every body is brought to the
   * new time. Returns the reused report; when the event budget runs out first, `complete` is
   * false and the world stops at the time it reached.
   *
   * An exception from a callback (onCollision, a listener, the filter, the response rule)
   * leaves `advance` at that event's time with the world consistent: the event is applied in
   * full (or, when the response rule threw, not at all), every body is scheduled again, and
   * the next `advance` goes on from there.
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
    while (this.dirty) this.rebuild();
    this.pairsChanged();
    try {
      this.loop(target);
    } catch (err) {
      this.recover();
      throw err;
    }
    this.syncAll();
    return this.report;
  }

  /** The event loop up to `target` (or the event budget); fills the report. (No try block here: the hot loop stays plain.) */
  private loop(target: number): void {
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
      // A callback added or moved a body or changed the walls: the cells and every
      // schedule are rebuilt at this instant, and the run goes on from here.
      if (this.dirty) {
        while (this.dirty) this.rebuild();
        this.pairsChanged();
      }
    }
    if (complete) this.now = target;
    const rep = this.report;
    rep.collisions = collisions;
    rep.work = work;
    rep.time = this.now;
    rep.complete = complete;
  }

  /**
   * After an exception inside the loop (from a callback, or the world's own RangeError): every
   * body is brought to the current time and the whole world is scheduled again at the next
   * `advance` (a rebuild, which keeps the overlaps of sensors and passes as recorded), so that
   * what the event being processed left unscheduled is scheduled again. The report says where
   * the world stopped.
   */
  private recover(): void {
    this.dirty = true;
    this.syncAll();
    const rep = this.report;
    rep.time = this.now;
    rep.complete = false;
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

  /** True when the last impulseFor may add energy (a restitution above 1, or a custom rule). */
  protected energetic = false;

  /**
   * Restitution of a contact of body i with a party whose own restitution is eB (NaN: none):
   * the world's default, replaced by a party's own where it has one; both: the product.
   */
  protected restitutionOf(i: number, eB: number): number {
    const ei = this.restitution[i];
    return ei === ei ? (eB === eB ? ei * eB : ei) : eB === eB ? eB : this.defaultRestitution;
  }

  /**
   * The impulse for a contact of body i with `other` (a body j when kind is HIT_BODY, else a
   * wall or face): the default rule (restitution as described in WorldOptions, made elastic by
   * the collapse guard) or the custom one; invA and invB are the inverse masses in effect (0
   * for a wall, a fixed or a sleeping body), eB the other party's own restitution (NaN: none).
   */
  protected impulseFor(i: number, kind: ContactKind, other: number, t: number, closingSpeed: number, nx: number, ny: number, nz: number, invA: number, invB: number, eB: number): number {
    const j = kind === HIT_BODY ? other : -1;
    let e = this.restitutionOf(i, eB);
    if (e < 1 && this.collapseTime > 0) {
      if (t - this.lastHit[i] < this.collapseTime || (j >= 0 && t - this.lastHit[j] < this.collapseTime)) e = 1;
    }
    let J = normalImpulse(closingSpeed, invA, invB, e);
    // Resting contact: a pair that would part slower than restSpeed (pressed together by gravity,
    // or barely touching) parts at restSpeed, so that the same contact cannot fire again at the
    // same instant; the resting rules then decide whether the body settles.
    const minSep = this.minSeparation;
    if (minSep > 0 && e * closingSpeed < minSep && invA + invB > 0) J = (closingSpeed + minSep) / (invA + invB);
    const rule = this.response;
    // (a contact that may add energy: its result is checked against the world's scale, see WorldContacts.limitImpulse)
    this.energetic = e > 1 || rule !== null;
    if (rule !== null) {
      const c = this.contact;
      c.kind = kind;
      c.a = i;
      c.b = j;
      c.other = other;
      c.t = t;
      c.nx = nx;
      c.ny = ny;
      c.nz = nz;
      c.closingSpeed = closingSpeed;
      c.invMassA = invA;
      c.invMassB = invB;
      c.restitution = e;
      c.impulse = J;
      J = rule(c);
      if (!(J >= 0 && J < Infinity)) throw new RangeError(`response rule returned ${J}; an impulse must be a finite number >= 0`);
    }
    // (after the rule: a rule that throws leaves the contact as if it had not happened yet)
    this.lastHit[i] = t;
    if (j >= 0) this.lastHit[j] = t;
    return J;
  }

  /**
   * The collision being recorded: t, px, py, pz, nx, ny, nz, impulse, speed (filled by the
   * caller of {@link emit}: doubles passed through an array are never boxed).
   */
  protected readonly pending = new Float64Array(9);

  /** Records the event in `pending` between a and b, and calls onCollision and the listeners of its kind. */
  protected emit(a: number, b: number, kind: EventKind): void {
    const p = this.pending;
    if (this.recordEvents) this.events.pushFrom(p, a, b, kind);
    if (this.onCollision !== null || this.listening > 0) this.deliver(a, b, kind);
  }

  /** Fills the event object from `pending` and calls onCollision and the listeners of its kind. */
  private deliver(a: number, b: number, kind: EventKind): void {
    const p = this.pending;
    const cb = this.onCollision;
    const ls = this.listeners[kind === SENSOR_ENTER || kind === WALL_SENSOR_ENTER ? 1 : kind === SENSOR_EXIT || kind === WALL_SENSOR_EXIT ? 2 : 0];
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
    if (cb !== null) cb(e);
    for (let k = 0; k < ls.length; k++) ls[k](e);
  }

  /** True when bodies i and j may collide (masks, the 0.1 pair filter, not both immovable). */
  protected interacts(i: number, j: number): boolean {
    if (this.invMass[i] === 0 && this.invMass[j] === 0) return false;
    if ((this.group[i] & this.mask[j]) === 0 || (this.group[j] & this.mask[i]) === 0) return false;
    const f = this.pairFilter;
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
