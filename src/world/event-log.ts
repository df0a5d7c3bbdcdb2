/**
 * The collision events of one `advance` call, in time order, as parallel typed arrays (no
 * allocation per event; the arrays grow by doubling and are reused across calls), which a
 * `for … of` loop also reads as event objects.
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "../response/impulse.js";

// Event kinds 0, 1, 2: a collision with a body, a wall or the container (the kinds of a contact).
export { HIT_BODY, HIT_BOUNDS, HIT_WALL };
/** A body started to overlap a sensor body (a is the sensor, b the body; no impulse). */
export const SENSOR_ENTER = 3;
/** A body stopped overlapping a sensor body (a is the sensor, b the body; no impulse). */
export const SENSOR_EXIT = 4;
/** A body started to overlap a sensor wall (a is the body, b the wall's number; no impulse). */
export const WALL_SENSOR_ENTER = 5;
/** A body stopped overlapping a sensor wall (a is the body, b the wall's number; no impulse). */
export const WALL_SENSOR_EXIT = 6;

/**
 * What an event is: a collision with a body (HIT_BODY), a wall (HIT_WALL) or a side of the
 * container (HIT_BOUNDS), or a body entering or leaving a sensor body (SENSOR_ENTER,
 * SENSOR_EXIT) or a sensor wall (WALL_SENSOR_ENTER, WALL_SENSOR_EXIT).
 */
export type EventKind =
  | typeof HIT_BODY | typeof HIT_WALL | typeof HIT_BOUNDS
  | typeof SENSOR_ENTER | typeof SENSOR_EXIT | typeof WALL_SENSOR_ENTER | typeof WALL_SENSOR_EXIT;

/**
 * The events of one `advance` call (a world's `events`), in time order, as parallel typed
 * arrays: entry k of each array belongs to event k, for k < count; entries past count are stale.
 */
export class EventLog {
  /** Number of events recorded. */
  count = 0;
  /** World time of each event. */
  t: Float64Array = new Float64Array(64);
  /** Body index of A. */
  a: Int32Array = new Int32Array(64);
  /** Body index of B, wall number, or bounds face (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
  b: Int32Array = new Int32Array(64);
  /** The kind of each event (an {@link EventKind}: HIT_BODY, HIT_WALL, ...). */
  kind: Uint8Array = new Uint8Array(64);
  /** Contact point, x: on A's surface on the line of centres. */
  px: Float64Array = new Float64Array(64);
  /** Contact point, y: on A's surface on the line of centres. */
  py: Float64Array = new Float64Array(64);
  /** Contact point, z: on A's surface on the line of centres (0 in 2D). */
  pz: Float64Array = new Float64Array(64);
  /** Unit contact normal, x, from A towards B (or the static geometry). */
  nx: Float64Array = new Float64Array(64);
  /** Unit contact normal, y, from A towards B (or the static geometry). */
  ny: Float64Array = new Float64Array(64);
  /** Unit contact normal, z, from A towards B (or the static geometry) (0 in 2D). */
  nz: Float64Array = new Float64Array(64);
  /** Impulse magnitude applied along the normal. */
  impulse: Float64Array = new Float64Array(64);
  /** Closing speed before the collision. */
  speed: Float64Array = new Float64Array(64);

  /**
   * The events as objects, in time order (one new object per event: keep them as you like).
   *
   * @example
   * ```ts
   * for (const e of world.events) if (e.kind === HIT_WALL) console.log(e.t, world.wallIds[e.b]);
   * ```
   */
  *[Symbol.iterator](): IterableIterator<CollisionEvent> {
    for (let k = 0; k < this.count; k++) yield this.at(k);
  }

  /** Event k (k < count) as a new object. */
  at(k: number): CollisionEvent {
    if (!(Number.isInteger(k) && k >= 0 && k < this.count)) throw new RangeError(`no event ${k} (the log holds ${this.count})`);
    return {
      t: this.t[k], a: this.a[k], b: this.b[k], kind: this.kind[k] as EventKind,
      px: this.px[k], py: this.py[k], pz: this.pz[k], nx: this.nx[k], ny: this.ny[k], nz: this.nz[k],
      impulse: this.impulse[k], speed: this.speed[k],
    };
  }

  /** Forgets every event (count = 0); the arrays are kept for reuse. */
  clear(): void {
    this.count = 0;
  }

  /** Appends one event from [t, px, py, pz, nx, ny, nz, impulse, speed]; returns its index. */
  pushFrom(p: Float64Array, a: number, b: number, kind: number): number {
    const k = this.count;
    if (k === this.t.length) this.grow();
    this.t[k] = p[0];
    this.a[k] = a;
    this.b[k] = b;
    this.kind[k] = kind;
    this.px[k] = p[1];
    this.py[k] = p[2];
    this.pz[k] = p[3];
    this.nx[k] = p[4];
    this.ny[k] = p[5];
    this.nz[k] = p[6];
    this.impulse[k] = p[7];
    this.speed[k] = p[8];
    this.count = k + 1;
    return k;
  }

  private grow(): void {
    const n = this.t.length * 2;
    const f = (old: Float64Array): Float64Array => {
      const x = new Float64Array(n);
      x.set(old);
      return x;
    };
    const g = (old: Int32Array): Int32Array => {
      const x = new Int32Array(n);
      x.set(old);
      return x;
    };
    this.t = f(this.t);
    this.a = g(this.a);
    this.b = g(this.b);
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    this.kind = kind;
    this.px = f(this.px);
    this.py = f(this.py);
    this.pz = f(this.pz);
    this.nx = f(this.nx);
    this.ny = f(this.ny);
    this.nz = f(this.nz);
    this.impulse = f(this.impulse);
    this.speed = f(this.speed);
  }
}

/**
 * One event: a collision, or a body entering or leaving a sensor. `onCollision` and the
 * listeners of `world.on` get the same object every time (copy what you keep); iterating
 * `world.events` gives a new object per event.
 */
export interface CollisionEvent {
  /** World time of the event. */
  t: number;
  /** Body index of A (for SENSOR_ENTER and SENSOR_EXIT, the sensor body). */
  a: number;
  /** Body index of B, wall number, or bounds face, per `kind` (for SENSOR_ENTER and SENSOR_EXIT the body, for WALL_SENSOR_ENTER and WALL_SENSOR_EXIT the sensor wall). */
  b: number;
  /** What happened: HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER or WALL_SENSOR_EXIT. */
  kind: EventKind;
  /** Contact point, x: on A's surface on the line of centres. */
  px: number;
  /** Contact point, y: on A's surface on the line of centres. */
  py: number;
  /** Contact point, z: on A's surface on the line of centres (0 in 2D). */
  pz: number;
  /** Unit contact normal, x, from A towards B (or the static geometry). */
  nx: number;
  /** Unit contact normal, y, from A towards B (or the static geometry). */
  ny: number;
  /** Unit contact normal, z, from A towards B (or the static geometry) (0 in 2D). */
  nz: number;
  /** Impulse magnitude applied along the normal (0 for sensor events). */
  impulse: number;
  /** Closing speed before the collision, along the normal. */
  speed: number;
}
