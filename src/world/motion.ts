/**
 * Motion between events: each body's position, velocity and constant acceleration at its own
 * time t0 (free flight, or constant acceleration: p + v dt + a dt^2 / 2), the effective
 * acceleration (own + gravity, minus what a support carries, zero while asleep), the container
 * and gravity, and the mutations that change a trajectory at the current time.
 */
import { EventLoop, type WorldOptions } from "./event-loop.js";
import { FLAG_ALIVE, FLAG_ASLEEP, FLAG_CHECKED, FLAG_FIXED } from "./body-store.js";
import { checkCoordinate } from "./options.js";
import { requirePart } from "./parts.js";

/** Partner kinds for the "just collided" exclusion. */
export const LAST_NONE = 0;
export const LAST_BODY = 1;
export const LAST_WALL = 2;
export const LAST_BOUNDS = 3;

/**
 * Start-state rule: bodies may touch each other, walls and the container; an overlap counts only
 * when it is deeper than this fraction of the body's radius. A simulation leaves touching bodies
 * within rounding of contact (a few 1e-16 either way), so its end state always passes as the
 * start of the next run. Queries have no such tolerance.
 */
export const START_SLACK = 1e-9;

/** @internal Body motion, gravity and the container. */
export abstract class WorldMotion extends EventLoop {
  /** 2 for World2D, 3 for World3D. */
  readonly dim: 2 | 3;
  /**
   * Position of body i (`world.x[i]`, by body index): current after every `advance`, and
   * inside `onCollision` for the bodies of the event. (The arrays are replaced when the world
   * grows: read them from the world, do not keep them.) `z` is 0 in 2D.
   */
  x!: Float64Array;
  /** Position, y (see x). */
  y!: Float64Array;
  /** Position, z (see x; 0 in 2D). */
  z!: Float64Array;
  /** Velocity of body i, current as x is. */
  vx!: Float64Array;
  /** Velocity, y (see vx). */
  vy!: Float64Array;
  /** Velocity, z (see vx; 0 in 2D). */
  vz!: Float64Array;
  /** Own constant acceleration of body i (added to gravity for movable bodies). */
  ax!: Float64Array;
  /** Own acceleration, y (see ax). */
  ay!: Float64Array;
  /** Own acceleration, z (see ax). */
  az!: Float64Array;
  protected cellX!: Int32Array;
  protected cellY!: Int32Array;
  protected cellZ!: Int32Array;
  protected lastKind!: Uint8Array;
  /**
   * Crushing watch: the moving wall (w) or kinematic body (-2 - k) that last hit the body, when,
   * the normal speed the body left it with, in its frame, and whether the body has met
   * something immovable since (see MovingWalls.collideMovingWall).
   */
  protected pushCode!: Int32Array;
  protected pushTime!: Float64Array;
  protected pushLeave!: Float64Array;
  protected pushTrapped!: Uint8Array;
  /** The same for the pusher before the last one (a body rattling between two moving walls). */
  protected pushCode2!: Int32Array;
  protected pushTime2!: Float64Array;
  protected pushLeave2!: Float64Array;
  protected lastOther!: Int32Array;
  /** Effective acceleration: own + gravity, minus what a support carries; 0 when asleep or fixed without own. */
  protected aex!: Float64Array;
  protected aey!: Float64Array;
  protected aez!: Float64Array;
  /** What a body slides on: -1 none, a wall index, or -2 - face for a face of the container. */
  protected support!: Int32Array;
  /** The still thing of a body's last soft contact (see softStill), and when. */
  protected restOther!: Int32Array;
  protected restTime!: Float64Array;
  /** Unit normal of the support, pointing from it to the body. */
  protected supNx!: Float64Array;
  protected supNy!: Float64Array;
  protected supNz!: Float64Array;
  /** Resting-contact speed in use (see WorldOptions.restSpeed). */
  protected restSpeed = 0;
  /** restSpeed with room for the rounding of a contact that parts at exactly restSpeed. */
  protected softSpeed = 0;
  protected readonly restSpeedOption: number | undefined;
  /** Normal of a scheduled wall contact, found when it was predicted. */
  protected evNx!: Float64Array;
  protected evNy!: Float64Array;
  protected evNz!: Float64Array;

  /**
   * The uniform gravity [gx, gy] (2D) or [gx, gy, gz] (3D) acting on every movable body;
   * assigning it changes it from the current time on.
   *
   * @example
   * ```ts
   * world.gravity = [0, -9.81]; // tilt the table: world.gravity = [1, -9.7]
   * ```
   */
  get gravity(): readonly number[] {
    return this.dim === 3 ? [this.gx, this.gy, this.gz] : [this.gx, this.gy];
  }

  /** Sets the gravity from the current time on: [gx, gy] in 2D, [gx, gy, gz] in 3D; RangeError otherwise. */
  set gravity(g: readonly number[]) {
    if (!Array.isArray(g) || g.length !== this.dim) throw new RangeError(`gravity must be an array of ${this.dim} numbers, got ${String(g)}`);
    this.syncAll();
    this.setGravity(g);
  }

  protected gx = 0;
  protected gy = 0;
  protected gz = 0;
  /** The container's lower x side (-Infinity without a container). */
  minX = -Infinity;
  /** The container's lower y side. */
  minY = -Infinity;
  /** The container's lower z side (3D). */
  minZ = -Infinity;
  /** The container's upper x side (Infinity without a container). */
  maxX = Infinity;
  /** The container's upper y side. */
  maxY = Infinity;
  /** The container's upper z side (3D). */
  maxZ = Infinity;
  /**
   * Periodic axes as a bit set (1 x, 2 y, 4 z; 0: none). On a periodic axis the container has
   * no faces: a body whose centre leaves through one side comes back through the other (its
   * image counter on that axis changes by one) and pairs meet at the minimum image.
   */
  protected periodicAxes = 0;
  /** Per body and axis, how many box lengths it has been wrapped by (+1 each time it leaves through the upper side). */
  protected imageX!: Int32Array;
  protected imageY!: Int32Array;
  protected imageZ!: Int32Array;

  /** Periodic bounds at a rebuild (the periodic part, periodic.ts). */
  protected setupPeriodic?(cs: number): void;
  /** Crossing a cell side along a periodic axis (the periodic part, periodic.ts). */
  protected wrapCell?(i: number, face: number): void;

  constructor(dim: 2 | 3, options: WorldOptions) {
    super(options);
    this.dim = dim;
    for (const name of ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "evNx", "evNy", "evNz", "aex", "aey", "aez", "supNx", "supNy", "supNz"]) {
      this.column(name, "f64", 0);
    }
    this.column("support", "i32", -1);
    this.column("restOther", "i32", -1);
    this.column("restTime", "f64", 0);
    this.restSpeedOption = options.restSpeed;
    if (options.restSpeed !== undefined && !(options.restSpeed >= 0 && options.restSpeed < Infinity)) {
      throw new RangeError(`restSpeed must be a finite number >= 0, got ${options.restSpeed}`);
    }
    if (options.restSpeed !== undefined && options.restSpeed > 0) requirePart("gravity", dim, "restSpeed (resting contact)");
    for (const name of ["cellX", "cellY", "cellZ"]) this.column(name, "i32", 0);
    this.column("lastKind", "u8", 0);
    this.column("pushCode", "i32", -1);
    this.column("pushTime", "f64", 0);
    this.column("pushLeave", "f64", 0);
    this.column("pushTrapped", "u8", 0);
    this.column("pushCode2", "i32", -1);
    this.column("pushTime2", "f64", 0);
    this.column("pushLeave2", "f64", 0);
    this.column("lastOther", "i32", -1);
    for (const name of ["imageX", "imageY", "imageZ"]) this.column(name, "i32", 0);
  }

  protected setGravity(g: readonly number[]): void {
    for (let k = 0; k < g.length; k++) {
      // The same bound as a body's own acceleration (1e308 was taken and reported as "pinned").
      checkCoordinate(g[k], `gravity[${k}]`);
    }
    if (g[0] !== 0 || g[1] !== 0 || (g[2] ?? 0) !== 0) requirePart("gravity", this.dim, "gravity");
    this.gx = g[0];
    this.gy = g[1];
    this.gz = g[2] ?? 0;
    // Sleepers rested under the old pull: they wake and settle again under the new one.
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_ASLEEP)) === (FLAG_ALIVE | FLAG_ASLEEP)) {
        this.flags[i] &= ~FLAG_ASLEEP;
        this.version[i]++;
      }
    }
    this.dirty = true;
  }

  protected setBox(min: readonly number[], max: readonly number[], periodic: unknown = false): void {
    let bits = 0;
    if (periodic === true) bits = this.dim === 3 ? 7 : 3;
    else if (Array.isArray(periodic) && periodic.length === this.dim && periodic.every((p) => typeof p === "boolean")) {
      periodic.forEach((p, k) => { if (p) bits |= 1 << k; });
    } else if (periodic !== false) {
      throw new RangeError(`bounds.periodic must be true, false or an array of ${this.dim} booleans, got ${JSON.stringify(periodic)}`);
    }
    if (bits !== 0) requirePart("periodic", this.dim, "bounds.periodic");
    this.periodicAxes = bits;
    for (let k = 0; k < this.dim; k++) {
      if (!Number.isFinite(min[k])) throw new RangeError(`bounds.min[${k}] must be a finite number, got ${min[k]}`);
      if (!Number.isFinite(max[k])) throw new RangeError(`bounds.max[${k}] must be a finite number, got ${max[k]}`);
      if (!(min[k] < max[k])) throw new RangeError(`bounds.min[${k}] must be below bounds.max[${k}], got ${min[k]} and ${max[k]}`);
    }
    this.minX = min[0];
    this.minY = min[1];
    this.maxX = max[0];
    this.maxY = max[1];
    if (this.dim === 3) {
      this.minZ = min[2];
      this.maxZ = max[2];
    }
    this.dirty = true;
  }

  /** Fills a new body's geometric columns (after allocBody). */
  protected placeBody(i: number, p: readonly number[], v: readonly number[], a: readonly number[]): void {
    this.x[i] = p[0];
    this.y[i] = p[1];
    this.z[i] = p[2];
    this.vx[i] = v[0];
    this.vy[i] = v[1];
    this.vz[i] = v[2];
    this.ax[i] = a[0];
    this.ay[i] = a[1];
    this.az[i] = a[2];
    this.lastKind[i] = LAST_NONE;
    // (a reused slot forgets its previous body)
    this.support[i] = -1;
    this.restOther[i] = -1;
    this.pushCode[i] = -1;
    this.pushLeave[i] = 0;
    this.pushTrapped[i] = 0;
    this.pushCode2[i] = -1;
    this.aex[i] = 0;
    this.aey[i] = 0;
    this.aez[i] = 0;
    this.imageX[i] = 0;
    this.imageY[i] = 0;
    this.imageZ[i] = 0;
  }

  /** Sets body i's velocity at the current time; its events are recomputed. */
  protected changeVelocity(i: number, vx: number, vy: number, vz: number): void {
    this.checkBody(i);
    this.moveTo(i, this.now);
    const wasStatic = this.isStatic(i);
    this.vx[i] = vx;
    this.vy[i] = vy;
    this.vz[i] = vz;
    this.version[i]++;
    this.lastKind[i] = LAST_NONE;
    // A new velocity wakes a sleeping body and lifts it off its support (the next contact
    // decides again whether it rests).
    this.flags[i] &= ~FLAG_ASLEEP;
    this.support[i] = -1;
    this.updateAcc(i);
    if (wasStatic !== this.isStatic(i)) this.dirty = true;
    else if (!this.dirty) this.predict(i);
  }

  /** Moves body i at the current time (no collision is generated for the jump). */
  protected changePosition(i: number, x: number, y: number, z: number): void {
    this.checkBody(i);
    this.moveTo(i, this.now);
    this.x[i] = x;
    this.y[i] = y;
    this.z[i] = z;
    this.version[i]++;
    this.lastKind[i] = LAST_NONE;
    this.flags[i] &= ~(FLAG_CHECKED | FLAG_ASLEEP); // a jump is checked like a new body, and wakes it
    this.support[i] = -1;
    this.updateAcc(i);
    this.dirty = true;
  }

  /** Total kinetic energy of the movable bodies at the current time. */
  kineticEnergy(): number {
    let e = 0;
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED)) !== FLAG_ALIVE) continue;
      const dt = this.now - this.t0[i];
      const vx = this.vx[i] + dt * this.accX(i);
      const vy = this.vy[i] + dt * this.accY(i);
      const vz = this.vz[i] + dt * this.accZ(i);
      e += (vx * vx + vy * vy + vz * vz) / (2 * this.invMass[i]);
    }
    return e;
  }

  /** Potential energy of the movable bodies in the uniform gravity field (relative to the origin). */
  potentialEnergy(): number {
    // (no gravity, no potential energy: +0, as the sum below gives; with gravity, the gravity part)
    return this.gx === 0 && this.gy === 0 && this.gz === 0 ? 0 : this.gravityEnergy!();
  }

  /** The potential energy in a nonzero gravity field (the gravity part, accelerated-scan.ts). */
  protected gravityEnergy?(): number;

  /** Total momentum [px, py, pz] of the movable bodies. */
  protected momentum3(): [number, number, number] {
    let px = 0, py = 0, pz = 0;
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED)) !== FLAG_ALIVE) continue;
      const dt = this.now - this.t0[i];
      const m = 1 / this.invMass[i];
      px += m * (this.vx[i] + dt * this.accX(i));
      py += m * (this.vy[i] + dt * this.accY(i));
      pz += m * (this.vz[i] + dt * this.accZ(i));
    }
    return [px, py, pz];
  }

  protected isStatic(i: number): boolean {
    return (
      (this.flags[i] & FLAG_FIXED) !== 0 &&
      this.vx[i] === 0 && this.vy[i] === 0 && this.vz[i] === 0 &&
      this.ax[i] === 0 && this.ay[i] === 0 && this.az[i] === 0
    );
  }

  /** Effective acceleration (see aex). */
  protected accX(i: number): number {
    return this.aex[i];
  }
  protected accY(i: number): number {
    return this.aey[i];
  }
  protected accZ(i: number): number {
    return this.aez[i];
  }

  /** Free acceleration: own, plus gravity for movable bodies. */
  protected freeAccX(i: number): number {
    return (this.flags[i] & FLAG_FIXED) !== 0 ? this.ax[i] : this.ax[i] + this.gx;
  }
  protected freeAccY(i: number): number {
    return (this.flags[i] & FLAG_FIXED) !== 0 ? this.ay[i] : this.ay[i] + this.gy;
  }
  protected freeAccZ(i: number): number {
    return (this.flags[i] & FLAG_FIXED) !== 0 ? this.az[i] : this.az[i] + this.gz;
  }

  /** Recomputes body i's effective acceleration from its state (free, supported, asleep). */
  protected updateAcc(i: number): void {
    if (this.flags[i] & FLAG_ASLEEP) {
      this.aex[i] = 0;
      this.aey[i] = 0;
      this.aez[i] = 0;
      return;
    }
    let ax = this.freeAccX(i), ay = this.freeAccY(i), az = this.freeAccZ(i);
    if (this.support[i] !== -1) {
      const nx = this.supNx[i], ny = this.supNy[i], nz = this.supNz[i];
      const an = ax * nx + ay * ny + az * nz;
      if (an < 0) {
        // (exactly zero along an axis-aligned normal: a level support leaves no acceleration)
        ax -= an * nx;
        ay -= an * ny;
        az -= an * nz;
      }
    }
    this.aex[i] = ax;
    this.aey[i] = ay;
    this.aez[i] = az;
  }

  /** Brings body i's stored state to time t. */
  protected moveTo(i: number, t: number): void {
    const dt = t - this.t0[i];
    if (dt === 0) return;
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    if (ax === 0 && ay === 0 && az === 0) {
      this.x[i] += dt * this.vx[i];
      this.y[i] += dt * this.vy[i];
      this.z[i] += dt * this.vz[i];
    } else {
      this.x[i] += dt * (this.vx[i] + 0.5 * dt * ax);
      this.y[i] += dt * (this.vy[i] + 0.5 * dt * ay);
      this.z[i] += dt * (this.vz[i] + 0.5 * dt * az);
      this.vx[i] += dt * ax;
      this.vy[i] += dt * ay;
      this.vz[i] += dt * az;
    }
    this.t0[i] = t;
  }

  protected override syncAll(): void {
    // moveTo for every live body, written out over the columns (this runs N times per advance)
    const t = this.now, n = this.n;
    const flags = this.flags, t0 = this.t0, aex = this.aex, aey = this.aey, aez = this.aez;
    const x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz;
    for (let i = 0; i < n; i++) {
      if ((flags[i] & FLAG_ALIVE) === 0) continue;
      const dt = t - t0[i];
      if (dt === 0) continue;
      const ax = aex[i], ay = aey[i], az = aez[i];
      if (ax === 0 && ay === 0 && az === 0) {
        x[i] += dt * vx[i];
        y[i] += dt * vy[i];
        z[i] += dt * vz[i];
      } else {
        x[i] += dt * (vx[i] + 0.5 * dt * ax);
        y[i] += dt * (vy[i] + 0.5 * dt * ay);
        z[i] += dt * (vz[i] + 0.5 * dt * az);
        vx[i] += dt * ax;
        vy[i] += dt * ay;
        vz[i] += dt * az;
      }
      t0[i] = t;
    }
  }

}
