/**
 * The collision events of one `advance` call, in time order, as parallel typed arrays (no
 * allocation per event; the arrays grow by doubling and are reused across calls).
 */

/** Event kind: the other party b is a body. */
export const HIT_BODY = 0;
/** Event kind: the other party b is a wall (its wall number). */
export const HIT_WALL = 1;
/** Event kind: the other party b is a face of the container (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
export const HIT_BOUNDS = 2;
/** A body started to overlap a sensor (a is the sensor, b the body; no impulse). */
export const SENSOR_ENTER = 3;
/** A body stopped overlapping a sensor (a is the sensor, b the body; no impulse). */
export const SENSOR_EXIT = 4;

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
  /** HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER or SENSOR_EXIT. */
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

/** One collision, as handed to an `onCollision` callback (the same object every time: copy what you keep). */
export interface CollisionEvent {
  /** World time of the event. */
  t: number;
  /** Body index of A. */
  a: number;
  /** Body index of B, wall number, or bounds face, per `kind`. */
  b: number;
  /** HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER or SENSOR_EXIT (a is then the sensor, b the body). */
  kind: number;
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
