/**
 * The geometry half of the event-driven engine, written once for both dimensions: body state
 * (position, velocity, acceleration at the body's own time t0), the hashed uniform grid with
 * cell-crossing events, walls, the container, and the contact response. World2D and World3D are
 * thin front ends over it (their bodies have z = 0 and their grid has one layer in 2D).
 *
 * Contacts are found by carom's exact kernels (time of impact to an ulp), evaluated from the
 * body's state at the current time against its neighbours extrapolated to that time. The
 * earliest contact found so far bounds the search window of the next kernel call, so distant
 * candidates exit in the kernels' cheap screening stage.
 */
import { circlesExactInput, exactToiCircles, screenCircles, toiCirclesRaw } from "../query/toi-circle-circle.js";
import { exactToiSpheres, screenSpheres, spheresExactInput, toiSpheresRaw } from "../query/toi-sphere-sphere.js";
import { sweepCircleSegmentRaw, toiCircleSegmentRaw } from "../query/sweep-circle-segment.js";
import { sweepCircleBoxRaw, toiCircleBoxRaw } from "../query/sweep-circle-box.js";
import { sweepSpherePlaneRaw, toiSpherePlaneRaw } from "../query/sweep-sphere-plane.js";
import { sweepSphereBoxRaw, toiSphereBoxRaw } from "../query/sweep-sphere-box.js";
import { sweepSphereTriangleRaw, toiSphereTriangleRaw } from "../query/sweep-sphere-triangle.js";
import { separationSign } from "../query/overlap.js";
import { closestPointOnTriangleRaw, closestTrianglePoint } from "../query/closest-point-triangle.js";
import type { WallHit2, WallHit3 } from "../query/types.js";
import { HashGrid, cellHash } from "../broad/hash-grid.js";
import { firstContact1D } from "./motion-1d.js";
import { acc, edgeContact, faceContact, featureCode, pairContactTime, planeContact, pointContact, resetAcc, segmentContact } from "./accelerated.js";
import { accelContact, accelIO } from "../query/toi-accelerated.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../query/types.js";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import { WorldBase, FLAG_ALIVE, FLAG_ASLEEP, FLAG_CHECKED, FLAG_FIXED, EV_BODY, EV_BOUNDS, EV_CELL, EV_NONE, EV_SUPPORT_END, EV_WALL, type WorldOptions } from "./world-base.js";

export const WALL_SEGMENT = 1;
export const WALL_BOX2 = 2;
export const WALL_PLANE = 3;
export const WALL_BOX3 = 4;
export const WALL_TRIANGLE = 5;
/** Numbers stored per wall (a triangle needs nine). */
export const WALL_STRIDE = 9;

/** Partner kinds for the "just collided" exclusion. */
const LAST_NONE = 0;
const LAST_BODY = 1;
const LAST_WALL = 2;
const LAST_BOUNDS = 3;

/**
 * Start-state rule: bodies may touch each other, walls and the container; an overlap counts only
 * when it is deeper than this fraction of the body's radius. A simulation leaves touching bodies
 * within rounding of contact (a few 1e-16 either way), so its end state always passes as the
 * start of the next run. Queries have no such tolerance.
 */
export const START_SLACK = 1e-9;

/** Number of cells a wall may cover before it is checked by every body instead. */
const MAX_WALL_CELLS = 4096;

/** Result of {@link WorldCore.predictPath}. */
export interface PathPrediction {
  /** Corner points of the path, x, y (and z in 3D) per point. */
  points: number[];
  /** The moving body hit first, or -1. */
  hitBody: number;
  /** World time of that contact (Infinity when none). */
  time: number;
  /** Contact normal from the predicted body towards the one it hits. */
  nx: number;
  ny: number;
  nz: number;
  /** The predicted body's velocity just after the contact. */
  vx: number;
  vy: number;
  vz: number;
  /** The other body's velocity just after the contact. */
  otherVx: number;
  otherVy: number;
  otherVz: number;
}

export abstract class WorldCore extends WorldBase {
  readonly dim: 2 | 3;
  // body state at time t0 (columns)
  x!: Float64Array;
  y!: Float64Array;
  z!: Float64Array;
  vx!: Float64Array;
  vy!: Float64Array;
  vz!: Float64Array;
  ax!: Float64Array;
  ay!: Float64Array;
  az!: Float64Array;
  cellX!: Int32Array;
  cellY!: Int32Array;
  cellZ!: Int32Array;
  lastKind!: Uint8Array;
  lastOther!: Int32Array;
  /** Effective acceleration: own + gravity, minus what a support carries; 0 when asleep or fixed without own. */
  aex!: Float64Array;
  aey!: Float64Array;
  aez!: Float64Array;
  /** What a body slides on: -1 none, a wall index, or -2 - face for a face of the container. */
  support!: Int32Array;
  /** The still thing of a body's last soft contact (see softStill), and when. */
  restOther!: Int32Array;
  restTime!: Float64Array;
  /** Unit normal of the support, pointing from it to the body. */
  supNx!: Float64Array;
  supNy!: Float64Array;
  supNz!: Float64Array;
  /** Resting-contact speed in use (see WorldOptions.restSpeed). */
  restSpeed = 0;
  /** restSpeed with room for the rounding of a contact that parts at exactly restSpeed. */
  private softSpeed = 0;
  private readonly restSpeedOption: number | undefined;
  /** Normal of a scheduled wall contact, found when it was predicted. */
  evNx!: Float64Array;
  evNy!: Float64Array;
  evNz!: Float64Array;

  gx = 0;
  gy = 0;
  gz = 0;
  minX = -Infinity;
  minY = -Infinity;
  minZ = -Infinity;
  maxX = Infinity;
  maxY = Infinity;
  maxZ = Infinity;

  wallKind: Uint8Array = new Uint8Array(0);
  wallData: Float64Array = new Float64Array(0);
  wallIds: string[] = [];
  protected wallCount = 0;
  /** Walls below this index have been checked against the bodies. */
  protected wallsChecked = 0;
  /** Walls and static bodies (-1 - index) that every body checks. */
  protected globalWalls: Int32Array = new Int32Array(0);
  protected grid = new HashGrid(1024, 16);
  /** True when no body accelerates (no gravity, no own accelerations): the fast scans apply. */
  protected linearMotion = true;
  /** Side of a grid cell: twice the largest radius of a moving body. */
  cellSize = Infinity;

  private readonly hit2: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  private readonly hit3: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  private readonly wallN = new Float64Array(4);

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
    for (const name of ["cellX", "cellY", "cellZ"]) this.column(name, "i32", 0);
    this.column("lastKind", "u8", 0);
    this.column("lastOther", "i32", -1);
  }

  protected setGravity(g: readonly number[]): void {
    for (let k = 0; k < g.length; k++) {
      if (!Number.isFinite(g[k])) throw new RangeError(`gravity[${k}] must be a finite number, got ${g[k]}`);
    }
    this.gx = g[0];
    this.gy = g[1];
    this.gz = g[2] ?? 0;
    this.dirty = true;
  }

  protected setBox(min: readonly number[], max: readonly number[]): void {
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
  }

  protected addWall(kind: number, data: readonly number[], id: string | undefined, what: string): number {
    for (let k = 0; k < data.length; k++) {
      if (!Number.isFinite(data[k])) throw new RangeError(`${what}${id === undefined ? "" : ` "${id}"`}: coordinate ${k} must be a finite number, got ${data[k]}`);
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
    }
    this.wallKind[w] = kind;
    this.wallData.set(data, WALL_STRIDE * w);
    this.wallIds[w] = key;
    this.wallCount = w + 1;
    this.dirty = true;
    return w;
  }

  /** Number of walls. */
  get walls(): number {
    return this.wallCount;
  }

  /** Index of the wall with this id, or -1. */
  wallIndexOf(id: string): number {
    return this.wallIds.indexOf(id);
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
    let e = 0;
    for (let i = 0; i < this.n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED)) !== FLAG_ALIVE) continue;
      const dt = this.now - this.t0[i];
      const px = this.x[i] + dt * (this.vx[i] + 0.5 * dt * this.accX(i));
      const py = this.y[i] + dt * (this.vy[i] + 0.5 * dt * this.accY(i));
      const pz = this.z[i] + dt * (this.vz[i] + 0.5 * dt * this.accZ(i));
      e -= (this.gx * px + this.gy * py + this.gz * pz) / this.invMass[i];
    }
    return e;
  }

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

  /** Copies the whole state, walls, container, gravity and rules into `w` (a fresh world of the same kind). */
  protected copyInto(w: WorldCore): void {
    w.gx = this.gx;
    w.gy = this.gy;
    w.gz = this.gz;
    w.minX = this.minX;
    w.minY = this.minY;
    w.minZ = this.minZ;
    w.maxX = this.maxX;
    w.maxY = this.maxY;
    w.maxZ = this.maxZ;
    w.wallIds = this.wallIds.slice();
    w.response = this.response;
    w.filter = this.filter;
    w.restore(this.snapshot());
  }

  /**
   * Predicts body i's path from now without changing the world (an aim line): the body moves
   * and bounces off walls, fixed bodies and the container as the simulation would, while every
   * other body keeps its current trajectory; the prediction stops at the first contact with a
   * moving body, after `maxBounces` bounces, or at `maxTime`. Cost: O(walls + bodies) per bounce.
   *
   * Returns the corner points of the path (x, y[, z] per point, starting at the current
   * position), and for a contact with a body: its index, the time, the contact normal and both
   * bodies' velocities just after the impact (what a pool player's ghost-ball line shows).
   * Linear motion only: a body with an acceleration gets a RangeError.
   */
  predictPath(i: number, maxTime = Infinity, maxBounces = 16): PathPrediction {
    this.checkBody(i);
    if (this.dirty) this.rebuild();
    const d3 = this.dim === 3;
    if (this.accX(i) !== 0 || this.accY(i) !== 0 || this.accZ(i) !== 0) throw new RangeError("predictPath supports bodies without acceleration only");
    const dt0 = this.now - this.t0[i];
    let x = this.x[i] + dt0 * this.vx[i], y = this.y[i] + dt0 * this.vy[i], z = this.z[i] + dt0 * this.vz[i];
    let vx = this.vx[i], vy = this.vy[i], vz = this.vz[i];
    const r = this.r[i];
    const points: number[] = d3 ? [x, y, z] : [x, y];
    const out: PathPrediction = { points: [], hitBody: -1, time: Infinity, nx: 0, ny: 0, nz: 0, vx: 0, vy: 0, vz: 0, otherVx: 0, otherVy: 0, otherVz: 0 };
    let t = 0; // time since now
    let lastWall = -1;
    let lastFace = -1;
    const horizon = maxTime;
    for (let bounce = 0; bounce <= maxBounces; bounce++) {
      let best = horizon - t;
      let kind = 0; // 0 none, 1 wall, 2 bounds, 3 static body, 4 moving body
      let other = -1;
      for (let face = 0; face < (d3 ? 6 : 4); face++) {
        if (face === lastFace) continue;
        const gap = face === 0 ? x - r - this.minX : face === 1 ? this.maxX - r - x : face === 2 ? y - r - this.minY : face === 3 ? this.maxY - r - y : face === 4 ? z - r - this.minZ : this.maxZ - r - z;
        const v = face === 0 ? vx : face === 1 ? -vx : face === 2 ? vy : face === 3 ? -vy : face === 4 ? vz : -vz;
        if (gap === Infinity) continue;
        const tt = firstContact1D(gap, v, 0);
        if (tt < best) { best = tt; kind = 2; other = face; }
      }
      for (let w = 0; w < this.wallCount; w++) {
        if (w === lastWall) continue;
        const tt = this.wallToi(w, x, y, z, vx, vy, vz, r, best);
        if (tt < best) { best = tt; kind = 1; other = w; }
      }
      const now = this.now + t;
      for (let j = 0; j < this.n; j++) {
        if (j === i || !(this.flags[j] & FLAG_ALIVE) || !this.interacts(i, j)) continue;
        const dt = now - this.t0[j];
        const bx = this.accX(j), by = this.accY(j), bz = this.accZ(j);
        const jx = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bx), jy = this.y[j] + dt * (this.vy[j] + 0.5 * dt * by), jz = this.z[j] + dt * (this.vz[j] + 0.5 * dt * bz);
        const jvx = this.vx[j] + dt * bx, jvy = this.vy[j] + dt * by, jvz = this.vz[j] + dt * bz;
        const tt = bx !== 0 || by !== 0 || bz !== 0
          ? this.toiAccelerated(x, y, z, vx, vy, vz, 0, 0, 0, r, jx, jy, jz, jvx, jvy, jvz, bx, by, bz, this.r[j], best)
          : d3
            ? toiSpheresRaw(x, y, z, vx, vy, vz, r, jx, jy, jz, jvx, jvy, jvz, this.r[j], best)
            : toiCirclesRaw(x, y, vx, vy, r, jx, jy, jvx, jvy, this.r[j], best);
        if (tt < best) { best = tt; kind = this.isStatic(j) ? 3 : 4; other = j; }
      }
      x += best * vx;
      y += best * vy;
      z += best * vz;
      t += best;
      if (d3) points.push(x, y, z);
      else points.push(x, y);
      if (kind === 0) break;
      let nx: number, ny: number, nz: number;
      let invB = 0;
      let jvx = 0, jvy = 0, jvz = 0;
      if (kind === 2) {
        nx = other === 0 ? -1 : other === 1 ? 1 : 0;
        ny = other === 2 ? -1 : other === 3 ? 1 : 0;
        nz = other === 4 ? -1 : other === 5 ? 1 : 0;
      } else if (kind === 1) {
        this.wallNormal(other, x, y, z, vx, vy, vz, r);
        nx = this.wallN[0];
        ny = this.wallN[1];
        nz = this.wallN[2];
      } else {
        const dt = this.now + t - this.t0[other];
        const bx = this.accX(other), by = this.accY(other), bz = this.accZ(other);
        jvx = this.vx[other] + dt * bx;
        jvy = this.vy[other] + dt * by;
        jvz = this.vz[other] + dt * bz;
        nx = this.x[other] + dt * (this.vx[other] + 0.5 * dt * bx) - x;
        ny = this.y[other] + dt * (this.vy[other] + 0.5 * dt * by) - y;
        nz = this.z[other] + dt * (this.vz[other] + 0.5 * dt * bz) - z;
        const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= len;
        ny /= len;
        nz /= len;
        invB = this.invMass[other];
      }
      const u = (vx - jvx) * nx + (vy - jvy) * ny + (vz - jvz) * nz;
      const ei = this.restitution[i];
      const ej = kind >= 3 ? this.restitution[other] : NaN;
      const e = ei === ei ? (ej === ej ? ei * ej : ei) : ej === ej ? ej : this.defaultRestitution;
      const J = u > 0 ? ((1 + e) * u) / (this.invMass[i] + invB) : 0;
      vx -= this.invMass[i] * J * nx;
      vy -= this.invMass[i] * J * ny;
      vz -= this.invMass[i] * J * nz;
      lastWall = kind === 1 ? other : -1;
      lastFace = kind === 2 ? other : -1;
      if (kind === 4) {
        out.hitBody = other;
        out.time = this.now + t;
        out.nx = nx;
        out.ny = ny;
        out.nz = nz;
        out.vx = vx;
        out.vy = vy;
        out.vz = vz;
        out.otherVx = jvx + invB * J * nx;
        out.otherVy = jvy + invB * J * ny;
        out.otherVz = jvz + invB * J * nz;
        break;
      }
    }
    out.points = points;
    return out;
  }

  // ------------------------------------------------------------------ internals

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
    const ax = this.accX(i), ay = this.accY(i), az = this.accZ(i);
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
    const t = this.now;
    for (let i = 0; i < this.n; i++) if (this.flags[i] & FLAG_ALIVE) this.moveTo(i, t);
  }

  protected override onReserve(capacity: number): void {
    this.grid.reserve(capacity);
  }

  protected override onRemove(i: number): void {
    // Sleepers that rested on it wake up (they may have nothing left to rest on).
    if (!this.dirty && this.restSpeed > 0) {
      this.scanNeighbours(i, (j) => {
        // touching within rounding: radii grown by START_SLACK
        const k = 1 + START_SLACK;
        if (this.flags[j] & FLAG_ASLEEP && separationSign(this.x[i], this.y[i], this.z[i], this.r[i] * k, this.x[j], this.y[j], this.z[j], this.r[j] * k) <= 0) {
          this.flags[j] &= ~FLAG_ASLEEP;
          this.updateAcc(j);
        }
      });
    }
    this.grid.remove(i);
    this.dirty = true;
  }

  protected bucket(cx: number, cy: number, cz: number): number {
    return this.grid.cell(cx, cy, cz);
  }

  /** Rebuilds the grid and the wall table, checks the start state, and schedules every body. */
  protected override rebuild(): void {
    const n = this.n;
    this.syncAll();
    let rMax = 0;
    let movers = 0;
    this.kinematicCount = 0;
    this.linearMotion = this.gx === 0 && this.gy === 0 && this.gz === 0;
    for (let i = 0; i < n; i++) {
      // Supports are found again by the first contact (walls may have changed).
      this.support[i] = -1;
      this.updateAcc(i);
    }
    for (let i = 0; i < n; i++) {
      if (this.flags[i] & FLAG_ALIVE && (this.ax[i] !== 0 || this.ay[i] !== 0 || this.az[i] !== 0)) this.linearMotion = false;
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      movers++;
      if (this.flags[i] & FLAG_FIXED) this.kinematicCount++;
      if (this.r[i] > rMax) rMax = this.r[i];
    }
    // Cell side: twice the largest moving radius (a hair more, so rounding never matters);
    // point particles only: a 64th of the container, or 1.
    let cs = 2 * rMax * (1 + 2 ** -20);
    if (!(cs > 0)) {
      const span = Math.max(this.maxX - this.minX, this.maxY - this.minY, this.dim === 3 ? this.maxZ - this.minZ : 0);
      cs = Number.isFinite(span) ? span / 64 : 1;
    }
    // Cell indices must stay well inside 32 bits and change when incremented: cells no smaller
    // than 2^-28 of the farthest coordinate (tiny bodies far out share cells; nothing is lost).
    let far = 0;
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      far = Math.max(far, Math.abs(this.x[i]), Math.abs(this.y[i]), Math.abs(this.z[i]));
    }
    for (const b of [this.minX, this.minY, this.minZ, this.maxX, this.maxY, this.maxZ]) if (Number.isFinite(b)) far = Math.max(far, Math.abs(b));
    if (cs < far * 2 ** -28) cs = far * 2 ** -28;
    this.cellSize = cs;
    const g = Math.sqrt(this.gx * this.gx + this.gy * this.gy + this.gz * this.gz);
    this.restSpeed = this.restSpeedOption ?? (g > 0 ? Math.sqrt(2 * g * 1e-6 * Math.max(rMax, cs / 2)) : 0);
    this.minSeparation = this.restSpeed;
    this.softSpeed = this.restSpeed * (1 + 2 ** -30);
    if (this.collapseTimeOption === undefined) this.collapseTime = g > 0 ? 0 : 1e-9;
    this.grid = new HashGrid(2 * Math.max(movers, 512), Math.max(this.capacity, 16));
    // A bounded world without kinematic bodies gets a dense grid when it is not too sparse.
    if (this.kinematicCount === 0 && Number.isFinite(this.maxX - this.minX + this.maxY - this.minY + (this.dim === 3 ? this.maxZ - this.minZ : 0))) {
      const ox = Math.floor(this.minX / cs) - 2, oy = Math.floor(this.minY / cs) - 2;
      const oz = this.dim === 3 ? Math.floor(this.minZ / cs) - 2 : 0;
      const nx = Math.floor(this.maxX / cs) + 3 - ox, ny = Math.floor(this.maxY / cs) + 3 - oy;
      const nz = this.dim === 3 ? Math.floor(this.maxZ / cs) + 3 - oz : 1;
      if (nx * ny * nz <= 4 * movers + 4096) this.grid.makeDense(ox, oy, oz, nx, ny, nz);
    }
    const pairs: number[] = [];
    const globals: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      this.queue.remove(i);
      const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i];
      if (this.isStatic(i)) {
        this.register(-1 - i, x - r, y - r, z - r, x + r, y + r, z + r, rMax, pairs, globals);
        continue;
      }
      this.cellX[i] = Math.floor(x / cs);
      this.cellY[i] = Math.floor(y / cs);
      this.cellZ[i] = this.dim === 3 ? Math.floor(z / cs) : 0;
      this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]));
    }
    for (let w = 0; w < this.wallCount; w++) {
      const d = this.wallData;
      const o = WALL_STRIDE * w;
      switch (this.wallKind[w]) {
        case WALL_SEGMENT:
        case WALL_BOX2:
          this.register(w, Math.min(d[o], d[o + 2]), Math.min(d[o + 1], d[o + 3]), 0, Math.max(d[o], d[o + 2]), Math.max(d[o + 1], d[o + 3]), 0, rMax, pairs, globals);
          break;
        case WALL_BOX3:
          this.register(w, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], rMax, pairs, globals);
          break;
        case WALL_TRIANGLE:
          this.register(
            w,
            Math.min(d[o], d[o + 3], d[o + 6]), Math.min(d[o + 1], d[o + 4], d[o + 7]), Math.min(d[o + 2], d[o + 5], d[o + 8]),
            Math.max(d[o], d[o + 3], d[o + 6]), Math.max(d[o + 1], d[o + 4], d[o + 7]), Math.max(d[o + 2], d[o + 5], d[o + 8]),
            rMax, pairs, globals,
          );
          break;
        default:
          globals.push(w); // planes are unbounded
      }
    }
    this.grid.setWalls(pairs);
    this.globalWalls = Int32Array.from(globals);
    this.checkStart();
    this.dirty = false;
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.predict(i);
  }

  /** Registers a wall (w >= 0) or a static body (-1 - i) in every cell its box, grown by rMax, touches. */
  private register(code: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, rMax: number, pairs: number[], globals: number[]): void {
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

  private describe(i: number): string {
    return `body "${this.ids[i]}"`;
  }

  /** Throws a RangeError naming the bodies that overlap each other or a wall, or leave the bounds. */
  /**
   * The start-state rule, applied to what is new since the last check (bodies added or moved,
   * walls added): a body already simulated is not judged again against the bodies it has been
   * moving among, so adding a body to a running world never trips over rounding elsewhere.
   */
  private checkStart(): void {
    const n = this.n;
    const newWalls = this.wallsChecked < this.wallCount;
    for (let i = 0; i < n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED | FLAG_CHECKED)) !== FLAG_ALIVE) continue;
      const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i];
      const slack = START_SLACK * r;
      if (
        x - r < this.minX - slack || x + r > this.maxX + slack || y - r < this.minY - slack || y + r > this.maxY + slack ||
        z - r < this.minZ - slack || z + r > this.maxZ + slack
      ) {
        const at = this.dim === 2 ? `[${x}, ${y}]` : `[${x}, ${y}, ${z}]`;
        throw new RangeError(`${this.describe(i)} (radius ${r} at ${at}) is not inside the bounds`);
      }
    }
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      const fresh = (this.flags[i] & FLAG_CHECKED) === 0;
      this.scanNeighbours(i, (j) => {
        const jFresh = (this.flags[j] & FLAG_CHECKED) === 0;
        // each pair with a new member once: from the new side, or from the lower index when both are new
        if (!fresh || (jFresh && j < i)) return;
        if (this.interacts(i, j) && this.pairSign(i, j) < 0) throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
      });
      if ((this.flags[i] & FLAG_FIXED) !== 0) continue;
      this.scanStatic(i, (code) => {
        if (code < 0) {
          const j = -1 - code;
          if ((fresh || (this.flags[j] & FLAG_CHECKED) === 0) && this.interacts(i, j) && this.pairSign(i, j) < 0) {
            throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
          }
        } else if ((fresh || (newWalls && code >= this.wallsChecked)) && this.wallOverlaps(i, code)) {
          throw new RangeError(`${this.describe(i)} overlaps wall "${this.wallIds[code]}" at the start`);
        }
      });
    }
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.flags[i] |= FLAG_CHECKED;
    this.wallsChecked = this.wallCount;
  }

  /** Sign of the separation of i and j with both radii shrunk by START_SLACK (negative: overlapping). */
  private pairSign(i: number, j: number): number {
    const k = 1 - START_SLACK;
    return separationSign(this.x[i], this.y[i], this.z[i], this.r[i] * k, this.x[j], this.y[j], this.z[j], this.r[j] * k);
  }

  /**
   * True when body i's disc or ball reaches into wall w now (strictly): tested as "a sweep
   * towards the wall hits at t = 0", with the velocity pointing at the closest point.
   */
  private wallOverlaps(i: number, w: number): boolean {
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i] * (1 - START_SLACK);
    let qx = x, qy = y, qz = z;
    switch (this.wallKind[w]) {
      case WALL_SEGMENT:
      case WALL_BOX2: {
        if (this.wallKind[w] === WALL_BOX2) {
          qx = Math.min(Math.max(x, d[o]), d[o + 2]);
          qy = Math.min(Math.max(y, d[o + 1]), d[o + 3]);
        } else {
          const ex = d[o + 2] - d[o], ey = d[o + 3] - d[o + 1];
          const L2 = ex * ex + ey * ey;
          const s = L2 > 0 ? Math.min(1, Math.max(0, ((x - d[o]) * ex + (y - d[o + 1]) * ey) / L2)) : 0;
          qx = d[o] + s * ex;
          qy = d[o + 1] + s * ey;
        }
        return separationSign(x, y, 0, r, qx, qy, 0, 0) < 0;
      }
      case WALL_BOX3:
        qx = Math.min(Math.max(x, d[o]), d[o + 3]);
        qy = Math.min(Math.max(y, d[o + 1]), d[o + 4]);
        qz = Math.min(Math.max(z, d[o + 2]), d[o + 5]);
        return separationSign(x, y, z, r, qx, qy, qz, 0) < 0;
      case WALL_PLANE: {
        const nx = d[o + 3], ny = d[o + 4], nz = d[o + 5];
        const dist = ((x - d[o]) * nx + (y - d[o + 1]) * ny + (z - d[o + 2]) * nz) / Math.sqrt(nx * nx + ny * ny + nz * nz);
        return dist < r;
      }
      default:
        closestPointOnTriangleRaw(x, y, z, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8]);
        return separationSign(x, y, z, r, closestTrianglePoint[0], closestTrianglePoint[1], closestTrianglePoint[2], 0) < 0;
    }
  }

  private scanNeighbours(i: number, f: (j: number) => void): void {
    const grid = this.grid;
    const cx = this.cellX[i], cy = this.cellY[i], cz = this.cellZ[i];
    const zr = this.dim === 3 ? 1 : 0;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -zr; dz <= zr; dz++) {
          const X = cx + dx, Y = cy + dy, Z = cz + dz;
          for (let j = grid.head[this.bucket(X, Y, Z)]; j >= 0; j = grid.next[j]) {
            if (j !== i && this.cellX[j] === X && this.cellY[j] === Y && this.cellZ[j] === Z) f(j);
          }
        }
      }
    }
  }

  private scanStatic(i: number, f: (code: number) => void): void {
    const grid = this.grid;
    const b = this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]);
    for (let k = grid.wallOffsets[b]; k < grid.wallOffsets[b + 1]; k++) f(grid.wallItems[k]);
    const g = this.globalWalls;
    for (let k = 0; k < g.length; k++) f(g[k]);
  }

  /** Time of first contact of body i (state at now) with wall w within [0, tMax], or Infinity. */
  private wallToi(w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number, tMax: number): number {
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    switch (this.wallKind[w]) {
      case WALL_SEGMENT:
        return toiCircleSegmentRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax);
      case WALL_BOX2:
        return toiCircleBoxRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax);
      case WALL_PLANE:
        return toiSpherePlaneRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
      case WALL_BOX3:
        return toiSphereBoxRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
      default:
        return toiSphereTriangleRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8], tMax);
    }
  }

  /** Contact normal of the sweep of a body against wall w into `wallN` ([nx, ny, nz, feature code]); false on a miss. */
  private wallNormal(w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): boolean {
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    const kind = this.wallKind[w];
    const out = this.wallN;
    if (kind === WALL_SEGMENT || kind === WALL_BOX2) {
      const h = this.hit2;
      const ok = kind === WALL_SEGMENT
        ? sweepCircleSegmentRaw(h, x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], Infinity)
        : sweepCircleBoxRaw(h, x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], Infinity);
      out[0] = h.nx;
      out[1] = h.ny;
      out[2] = 0;
      out[3] = 4 * h.feature + h.index;
      return ok;
    }
    const h = this.hit3;
    const ok = kind === WALL_PLANE
      ? sweepSpherePlaneRaw(h, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], Infinity)
      : kind === WALL_BOX3
        ? sweepSphereBoxRaw(h, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], Infinity)
        : sweepSphereTriangleRaw(h, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8], Infinity);
    out[0] = h.nx;
    out[1] = h.ny;
    out[2] = h.nz;
    out[3] = 4 * h.feature + h.index;
    return ok;
  }

  /** Records the normal of body i's scheduled wall contact (from its state at now) in evN*. */
  private storeWallNormal(i: number, w: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): void {
    const ok = this.wallNormal(w, x, y, z, vx, vy, vz, r);
    const n = this.wallN;
    this.evNx[i] = ok ? n[0] : 0;
    this.evNy[i] = ok ? n[1] : 0;
    this.evNz[i] = ok ? n[2] : 0;
    this.evFeature[i] = ok ? n[3] : 0;
  }

  // The search for body i's next event keeps its running best in these fields (the scans are
  // separate small functions so that TurboFan inlines the contact kernels into them).
  private pBest = Infinity;
  private pKind = EV_NONE;
  private pOther = -1;
  private pOtherVersion = 0;
  private pLastKind = LAST_NONE;
  private pLastOther = -1;

  /** Computes and schedules body i's next event from its state at `now`. */
  protected override predict(i: number): void {
    if (this.isStatic(i)) return; // static bodies are found by the bodies that move
    // (A sleeping body predicts too: its trajectory just changed, and only it can find the
    // movers whose schedules still assume the old one.)
    const now = this.now;
    this.moveTo(i, now);
    this.pBest = Infinity;
    this.pKind = EV_NONE;
    this.pOther = -1;
    this.pOtherVersion = 0;
    this.pLastKind = this.lastHit[i] === now ? this.lastKind[i] : LAST_NONE;
    this.pLastOther = this.lastOther[i];
    this.scanCell(i);
    if ((this.flags[i] & FLAG_FIXED) === 0) {
      this.scanBounds(i);
      this.scanWalls(i);
      if (this.support[i] !== -1) this.scanSupport(i);
    }
    if (this.simplePairs && this.linearMotion) {
      if (this.dim === 3) this.scanBodiesFast3(i);
      else this.scanBodiesFast2(i);
    } else if (this.dim === 3) this.scanBodies3(i);
    else this.scanBodies2(i);
    const kind = this.pKind;
    this.evKind[i] = kind;
    this.evOther[i] = this.pOther;
    this.evOtherVersion[i] = this.pOtherVersion;
    if (kind === EV_NONE) this.queue.remove(i);
    else this.queue.set(i, now + this.pBest);
  }

  /** Leaving the grid cell (faces 0..5: -x, +x, -y, +y, -z, +z) means a new neighbourhood. */
  private scanCell(i: number): void {
    const cs = this.cellSize;
    const three = this.dim === 3;
    let best = Infinity;
    let face = -1;
    if (this.aex[i] === 0 && this.aey[i] === 0 && this.aez[i] === 0) {
      // Without acceleration each axis is left through the side it moves towards, at
      // (side - position) / velocity: firstContact1D with a = 0, written out (no call).
      for (let k = 0; k < (three ? 3 : 2); k++) {
        const p = k === 0 ? this.x[i] : k === 1 ? this.y[i] : this.z[i];
        const v = k === 0 ? this.vx[i] : k === 1 ? this.vy[i] : this.vz[i];
        const c = k === 0 ? this.cellX[i] : k === 1 ? this.cellY[i] : this.cellZ[i];
        let t: number;
        if (v > 0) {
          const gap = (c + 1) * cs - p;
          t = gap > 0 ? gap / v : 0;
          if (t < best) { best = t; face = 2 * k + 1; }
        } else if (v < 0) {
          const gap = p - c * cs;
          t = gap > 0 ? gap / -v : 0;
          if (t < best) { best = t; face = 2 * k; }
        }
      }
    } else {
      const x = this.x[i], y = this.y[i];
      const vx = this.vx[i], vy = this.vy[i];
      const ax = this.aex[i], ay = this.aey[i];
      const cx = this.cellX[i], cy = this.cellY[i];
      let t = firstContact1D(x - cx * cs, vx, ax);
      if (t < best) { best = t; face = 0; }
      t = firstContact1D((cx + 1) * cs - x, -vx, -ax);
      if (t < best) { best = t; face = 1; }
      t = firstContact1D(y - cy * cs, vy, ay);
      if (t < best) { best = t; face = 2; }
      t = firstContact1D((cy + 1) * cs - y, -vy, -ay);
      if (t < best) { best = t; face = 3; }
      if (three) {
        const z = this.z[i], vz = this.vz[i], az = this.aez[i], cz = this.cellZ[i];
        t = firstContact1D(z - cz * cs, vz, az);
        if (t < best) { best = t; face = 4; }
        t = firstContact1D((cz + 1) * cs - z, -vz, -az);
        if (t < best) { best = t; face = 5; }
      }
    }
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_CELL;
      this.pOther = face;
    }
  }

  /** The container's faces: 0 -x, 1 +x, 2 -y, 3 +y, 4 -z, 5 +z. */
  private scanBounds(i: number): void {
    const r = this.r[i];
    const faces = this.dim === 3 ? 6 : 4;
    const sup = this.support[i];
    // A face can only be met before the body leaves its cell when the contact position lies
    // within reach of the cell: the others wait for a later cell (a hair of slack for rounding).
    const cs = this.cellSize;
    const eps = cs * 2 ** -20;
    const lx = this.cellX[i] * cs, ly = this.cellY[i] * cs, lz = this.cellZ[i] * cs;
    for (let face = 0; face < faces; face++) {
      if (sup === -2 - face) continue;
      switch (face) {
        case 0: if (this.minX + r < lx - eps) continue; break;
        case 1: if (this.maxX - r > lx + cs + eps) continue; break;
        case 2: if (this.minY + r < ly - eps) continue; break;
        case 3: if (this.maxY - r > ly + cs + eps) continue; break;
        case 4: if (this.minZ + r < lz - eps) continue; break;
        default: if (this.maxZ - r > lz + cs + eps) continue;
      }
      let gap: number, v: number, a: number;
      switch (face) {
        case 0: gap = this.x[i] - r - this.minX; v = this.vx[i]; a = this.accX(i); break;
        case 1: gap = this.maxX - r - this.x[i]; v = -this.vx[i]; a = -this.accX(i); break;
        case 2: gap = this.y[i] - r - this.minY; v = this.vy[i]; a = this.accY(i); break;
        case 3: gap = this.maxY - r - this.y[i]; v = -this.vy[i]; a = -this.accY(i); break;
        case 4: gap = this.z[i] - r - this.minZ; v = this.vz[i]; a = this.accZ(i); break;
        default: gap = this.maxZ - r - this.z[i]; v = -this.vz[i]; a = -this.accZ(i);
      }
      if (gap === Infinity) continue;
      const t = firstContact1D(gap, v, a);
      // The face it just bounced off does not count again at this very instant.
      if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_BOUNDS && this.pLastOther === face)) {
        this.pBest = t;
        this.pKind = EV_BOUNDS;
        this.pOther = face;
      }
    }
  }

  /** Walls and static bodies registered in body i's cell, and the global ones. */
  private scanWalls(i: number): void {
    const grid = this.grid;
    if (grid.wallItems.length === 0 && this.globalWalls.length === 0) return; // nothing static at all
    const b0 = this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]);
    const base = grid.wallOffsets[b0];
    const nLocal = grid.wallOffsets[b0 + 1] - base;
    const g = this.globalWalls;
    const m = nLocal + g.length;
    if (m === 0) return;
    const x = this.x[i], y = this.y[i], z = this.z[i];
    const vx = this.vx[i], vy = this.vy[i], vz = this.vz[i], r = this.r[i];
    const ax = this.accX(i), ay = this.accY(i), az = this.accZ(i);
    const accelerated = ax !== 0 || ay !== 0 || az !== 0;
    const three = this.dim === 3;
    const items = grid.wallItems;
    let bestWall = -1;
    for (let k = 0; k < m; k++) {
      const code = k < nLocal ? items[base + k] : g[k - nLocal];
      let t: number;
      if (code < 0) {
        const j = -1 - code;
        if (!this.interacts(i, j)) continue;
        t = accelerated
          ? this.accelPairTime(i, j, this.pBest)
          : three
            ? toiSpheresRaw(x, y, z, vx, vy, vz, r, this.x[j], this.y[j], this.z[j], 0, 0, 0, this.r[j], this.pBest)
            : toiCirclesRaw(x, y, vx, vy, r, this.x[j], this.y[j], 0, 0, this.r[j], this.pBest);
        if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_BODY && this.pLastOther === j)) {
          this.pBest = t;
          this.pKind = EV_BODY;
          this.pOther = j;
          this.pOtherVersion = this.version[j];
          bestWall = -1;
        }
        continue;
      }
      if (code === this.support[i]) continue;
      t = accelerated
        ? this.wallToiAccelerated(code, i, this.pBest)
        : this.wallToi(code, x, y, z, vx, vy, vz, r, this.pBest);
      if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_WALL && this.pLastOther === code)) {
        this.pBest = t;
        this.pKind = EV_WALL;
        this.pOther = code;
        bestWall = code;
      }
    }
    if (bestWall >= 0) {
      if (!accelerated) this.storeWallNormal(i, bestWall, x, y, z, vx, vy, vz, r);
      else {
        this.wallToiAccelerated(bestWall, i, Infinity);
        this.evNx[i] = acc[1];
        this.evNy[i] = acc[2];
        this.evNz[i] = acc[3];
        this.evFeature[i] = acc[4];
      }
    }
  }

  /** Records a body contact found by a neighbour scan as the running best event. */
  private takeBody(best: number, other: number): void {
    this.pBest = best;
    this.pKind = EV_BODY;
    this.pOther = other;
    this.pOtherVersion = this.version[other];
  }

  /**
   * The common case of scanBodies2, kept lean so that the whole contact kernel inlines: no
   * accelerations anywhere and every pair interacting.
   */
  private scanBodiesFast2(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next, mask = grid.mask;
    const X = this.x, Y = this.y, VX = this.vx, VY = this.vy, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY;
    const now = this.now;
    const x = X[i], y = Y[i], vx = VX[i], vy = VY[i], r = R[i];
    const cx = cellX[i], cy = cellY[i];
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    let best = this.pBest;
    let other = -1;
    const dense = grid.dense;
    const b0 = dense ? grid.cell(cx, cy, 0) : 0;
    const nx = grid.nx;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const cxx = cx + dx, cyy = cy + dy;
        for (let j = head[dense ? b0 + dx + dy * nx : cellHash(cxx, cyy, 0, mask)]; j >= 0; j = next[j]) {
          if (j === i || (!dense && (cellX[j] !== cxx || cellY[j] !== cyy))) continue;
          const dt = now - T0[j];
          const jx = X[j] + dt * VX[j], jy = Y[j] + dt * VY[j];
          let t = screenCircles(x, y, vx, vy, r, jx, jy, VX[j], VY[j], R[j], best);
          if (t !== t) {
            // The exact stage takes its inputs through a scratch array (no boxed arguments).
            const q = circlesExactInput;
            q[0] = x; q[1] = y; q[2] = vx; q[3] = vy; q[4] = r;
            q[5] = jx; q[6] = jy; q[7] = VX[j]; q[8] = VY[j]; q[9] = R[j]; q[10] = best;
            exactToiCircles();
            t = q[11];
          }
          if (t < best && !(t === 0 && j === lastBody)) {
            best = t;
            other = j;
          }
        }
      }
    }
    if (other >= 0) this.takeBody(best, other);
  }

  /** The common case of scanBodies3 (no accelerations, every pair interacting). */
  private scanBodiesFast3(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next, mask = grid.mask;
    const X = this.x, Y = this.y, Z = this.z, VX = this.vx, VY = this.vy, VZ = this.vz, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    const now = this.now;
    const x = X[i], y = Y[i], z = Z[i], vx = VX[i], vy = VY[i], vz = VZ[i], r = R[i];
    const cx = cellX[i], cy = cellY[i], cz = cellZ[i];
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    let best = this.pBest;
    let other = -1;
    const dense = grid.dense;
    const b0 = dense ? grid.cell(cx, cy, cz) : 0;
    const sy = grid.nx, sz = grid.nx * grid.ny;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const cxx = cx + dx, cyy = cy + dy, czz = cz + dz;
          for (let j = head[dense ? b0 + dx + dy * sy + dz * sz : cellHash(cxx, cyy, czz, mask)]; j >= 0; j = next[j]) {
            if (j === i || (!dense && (cellX[j] !== cxx || cellY[j] !== cyy || cellZ[j] !== czz))) continue;
            const dt = now - T0[j];
            const jx = X[j] + dt * VX[j], jy = Y[j] + dt * VY[j], jz = Z[j] + dt * VZ[j];
            let t = screenSpheres(x, y, z, vx, vy, vz, r, jx, jy, jz, VX[j], VY[j], VZ[j], R[j], best);
            if (t !== t) {
              const q = spheresExactInput;
              q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
              q[7] = jx; q[8] = jy; q[9] = jz; q[10] = VX[j]; q[11] = VY[j]; q[12] = VZ[j]; q[13] = R[j]; q[14] = best;
              exactToiSpheres();
              t = q[15];
            }
            if (t < best && !(t === 0 && j === lastBody)) {
              best = t;
              other = j;
            }
          }
        }
      }
    }
    if (other >= 0) this.takeBody(best, other);
  }

  /** Moving bodies in the 3 x 3 cells around body i (2D), extrapolated to now. */
  private scanBodies2(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, VX = this.vx, VY = this.vy, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY;
    const now = this.now;
    const x = X[i], y = Y[i], vx = VX[i], vy = VY[i], r = R[i];
    const ax = this.accX(i), ay = this.accY(i);
    const cx = cellX[i], cy = cellY[i];
    const simple = this.simplePairs;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const cxx = cx + dx, cyy = cy + dy;
        for (let j = head[this.bucket(cxx, cyy, 0)]; j >= 0; j = next[j]) {
          if (j === i || cellX[j] !== cxx || cellY[j] !== cyy) continue;
          if (!simple && !this.interacts(i, j)) continue;
          const dt = now - T0[j];
          const bx = this.accX(j), by = this.accY(j);
          let t: number;
          if (bx === ax && by === ay) {
            // Equal accelerations: the relative motion is linear.
            const jx = dt === 0 ? X[j] : X[j] + dt * (VX[j] + 0.5 * dt * bx);
            const jy = dt === 0 ? Y[j] : Y[j] + dt * (VY[j] + 0.5 * dt * by);
            const jvx = VX[j] + dt * bx, jvy = VY[j] + dt * by;
            t = screenCircles(x, y, vx, vy, r, jx, jy, jvx, jvy, R[j], best);
            if (t !== t) {
              const q = circlesExactInput;
              q[0] = x; q[1] = y; q[2] = vx; q[3] = vy; q[4] = r;
              q[5] = jx; q[6] = jy; q[7] = jvx; q[8] = jvy; q[9] = R[j]; q[10] = best;
              exactToiCircles();
              t = q[11];
            }
          } else {
            t = this.accelPairTime(i, j, best);
          }
          if (t < best && !(t === 0 && j === lastBody)) {
            best = t;
            other = j;
          }
        }
      }
    }
    if (other >= 0) this.takeBody(best, other);
  }

  /** Moving bodies in the 3 x 3 x 3 cells around body i (3D), extrapolated to now. */
  private scanBodies3(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, Z = this.z, VX = this.vx, VY = this.vy, VZ = this.vz, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    const now = this.now;
    const x = X[i], y = Y[i], z = Z[i], vx = VX[i], vy = VY[i], vz = VZ[i], r = R[i];
    const ax = this.accX(i), ay = this.accY(i), az = this.accZ(i);
    const cx = cellX[i], cy = cellY[i], cz = cellZ[i];
    const simple = this.simplePairs;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const cxx = cx + dx, cyy = cy + dy, czz = cz + dz;
          for (let j = head[this.bucket(cxx, cyy, czz)]; j >= 0; j = next[j]) {
            if (j === i || cellX[j] !== cxx || cellY[j] !== cyy || cellZ[j] !== czz) continue;
            if (!simple && !this.interacts(i, j)) continue;
            const dt = now - T0[j];
            const bx = this.accX(j), by = this.accY(j), bz = this.accZ(j);
            let t: number;
            if (bx === ax && by === ay && bz === az) {
              const jx = dt === 0 ? X[j] : X[j] + dt * (VX[j] + 0.5 * dt * bx);
              const jy = dt === 0 ? Y[j] : Y[j] + dt * (VY[j] + 0.5 * dt * by);
              const jz = dt === 0 ? Z[j] : Z[j] + dt * (VZ[j] + 0.5 * dt * bz);
              const jvx = VX[j] + dt * bx, jvy = VY[j] + dt * by, jvz = VZ[j] + dt * bz;
              t = screenSpheres(x, y, z, vx, vy, vz, r, jx, jy, jz, jvx, jvy, jvz, R[j], best);
              if (t !== t) {
                const q = spheresExactInput;
                q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
                q[7] = jx; q[8] = jy; q[9] = jz; q[10] = jvx; q[11] = jvy; q[12] = jvz; q[13] = R[j]; q[14] = best;
                exactToiSpheres();
                t = q[15];
              }
            } else {
              t = this.accelPairTime(i, j, best);
            }
            if (t < best && !(t === 0 && j === lastBody)) {
              best = t;
              other = j;
            }
          }
        }
      }
    }
    if (other >= 0) this.takeBody(best, other);
  }

  /**
   * Contact time within [0, tMax] of bodies i (state at now) and j (extrapolated to now) with
   * different accelerations: the quartic kernel, its inputs written straight into its scratch
   * (nothing boxed but tMax and the result).
   */
  private accelPairTime(i: number, j: number, tMax: number): number {
    const q = accelIO;
    const dt = this.now - this.t0[j];
    const bx = this.aex[j], by = this.aey[j], bz = this.aez[j];
    q[0] = this.x[i]; q[1] = this.y[i]; q[2] = this.z[i];
    q[3] = this.vx[i]; q[4] = this.vy[i]; q[5] = this.vz[i];
    q[6] = this.aex[i]; q[7] = this.aey[i]; q[8] = this.aez[i]; q[9] = this.r[i];
    q[10] = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bx);
    q[11] = this.y[j] + dt * (this.vy[j] + 0.5 * dt * by);
    q[12] = this.z[j] + dt * (this.vz[j] + 0.5 * dt * bz);
    q[13] = this.vx[j] + dt * bx; q[14] = this.vy[j] + dt * by; q[15] = this.vz[j] + dt * bz;
    q[16] = bx; q[17] = by; q[18] = bz; q[19] = this.r[j];
    q[20] = tMax;
    accelContact();
    return q[21];
  }

  /** Contact time of two bodies with different constant accelerations (a quartic), or Infinity. */
  protected toiAccelerated(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
    tMax: number,
  ): number {
    return pairContactTime(x, y, z, vx, vy, vz, ax, ay, az, r, jx, jy, jz, jvx, jvy, jvz, jax, jay, jaz, jr, tMax);
  }

  /**
   * Contact time of an accelerated body with wall w within [0, tMax], or Infinity; the normal
   * and feature of the contact are left in `acc` (see accelerated.ts).
   */
  protected wallToiAccelerated(w: number, i: number, tMax: number): number {
    const x = this.x[i], y = this.y[i], z = this.z[i], vx = this.vx[i], vy = this.vy[i], vz = this.vz[i];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i], r = this.r[i];
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    resetAcc();
    const at = (t: number, p: number, v: number, a: number): number => p + v * t + 0.5 * a * t * t;
    switch (this.wallKind[w]) {
      case WALL_SEGMENT:
        segmentContact(x, y, vx, vy, ax, ay, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax, 0, 0);
        break;
      case WALL_BOX2: {
        // The solid box is first met on its boundary: four sides (segments) from corner k to k + 1.
        const minX = d[o], minY = d[o + 1], maxX = d[o + 2], maxY = d[o + 3];
        segmentContact(x, y, vx, vy, ax, ay, r, minX, minY, maxX, minY, tMax, 0, 0);
        segmentContact(x, y, vx, vy, ax, ay, r, maxX, minY, maxX, maxY, tMax, 1, 1);
        segmentContact(x, y, vx, vy, ax, ay, r, maxX, maxY, minX, maxY, tMax, 2, 2);
        segmentContact(x, y, vx, vy, ax, ay, r, minX, maxY, minX, minY, tMax, 3, 3);
        break;
      }
      case WALL_PLANE:
        planeContact(x, y, z, vx, vy, vz, ax, ay, az, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
        break;
      case WALL_BOX3: {
        const lo = [d[o], d[o + 1], d[o + 2]];
        const hi = [d[o + 3], d[o + 4], d[o + 5]];
        const pos = [x, y, z], vel = [vx, vy, vz], accl = [ax, ay, az];
        for (let k = 0; k < 3; k++) {
          const k1 = (k + 1) % 3, k2 = (k + 2) % 3;
          const inside = (t: number): boolean => {
            const p1 = at(t, pos[k1], vel[k1], accl[k1]), p2 = at(t, pos[k2], vel[k2], accl[k2]);
            return p1 >= lo[k1] && p1 <= hi[k1] && p2 >= lo[k2] && p2 <= hi[k2];
          };
          for (let side = 0; side < 2; side++) {
            const n = [0, 0, 0];
            n[k] = side === 0 ? -1 : 1;
            const q = side === 0 ? lo : hi;
            faceContact(x, y, z, vx, vy, vz, ax, ay, az, r, q[0], q[1], q[2], n[0], n[1], n[2], false, tMax, featureCode(FEATURE_INTERIOR, 2 * k + side), inside);
          }
          // the four edges along axis k
          for (let e = 0; e < 4; e++) {
            const a = [0, 0, 0], b = [0, 0, 0];
            a[k] = lo[k];
            b[k] = hi[k];
            a[k1] = b[k1] = e & 1 ? hi[k1] : lo[k1];
            a[k2] = b[k2] = e & 2 ? hi[k2] : lo[k2];
            edgeContact(x, y, z, vx, vy, vz, ax, ay, az, r, a[0], a[1], a[2], b[0], b[1], b[2], tMax, featureCode(FEATURE_EDGE, 4 * k + e));
          }
        }
        for (let c = 0; c < 8; c++) {
          pointContact(x, y, z, vx, vy, vz, ax, ay, az, r, c & 1 ? hi[0] : lo[0], c & 2 ? hi[1] : lo[1], c & 4 ? hi[2] : lo[2], tMax, featureCode(FEATURE_VERTEX, c));
        }
        break;
      }
      default: {
        // Triangle: the face (two-sided, inside by edge half-planes), three edges, three vertices.
        const A = [d[o], d[o + 1], d[o + 2]], B = [d[o + 3], d[o + 4], d[o + 5]], C = [d[o + 6], d[o + 7], d[o + 8]];
        const ux = B[0] - A[0], uy = B[1] - A[1], uz = B[2] - A[2];
        const wx = C[0] - A[0], wy = C[1] - A[1], wz = C[2] - A[2];
        let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        const L = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (L > 0) {
          nx /= L;
          ny /= L;
          nz /= L;
          const inside = (t: number): boolean => {
            const px = at(t, x, vx, ax), py = at(t, y, vy, ay), pz = at(t, z, vz, az);
            const V = [A, B, C];
            for (let k = 0; k < 3; k++) {
              const P = V[k], Q = V[(k + 1) % 3];
              const ex = Q[0] - P[0], ey = Q[1] - P[1], ez = Q[2] - P[2];
              // (e x (p - P)) . n >= 0 on the inner side of edge k
              const qx = px - P[0], qy = py - P[1], qz = pz - P[2];
              if ((ey * qz - ez * qy) * nx + (ez * qx - ex * qz) * ny + (ex * qy - ey * qx) * nz < 0) return false;
            }
            return true;
          };
          faceContact(x, y, z, vx, vy, vz, ax, ay, az, r, A[0], A[1], A[2], nx, ny, nz, true, tMax, featureCode(FEATURE_INTERIOR, 0), inside);
        }
        const V = [A, B, C];
        for (let k = 0; k < 3; k++) {
          const P = V[k], Q = V[(k + 1) % 3];
          edgeContact(x, y, z, vx, vy, vz, ax, ay, az, r, P[0], P[1], P[2], Q[0], Q[1], Q[2], tMax, featureCode(FEATURE_EDGE, k));
          pointContact(x, y, z, vx, vy, vz, ax, ay, az, r, P[0], P[1], P[2], tMax, featureCode(FEATURE_VERTEX, k));
        }
      }
    }
    return acc[0];
  }

  protected override crossCell(i: number, face: number, t: number): void {
    this.moveTo(i, t);
    switch (face) {
      case 0: this.cellX[i]--; break;
      case 1: this.cellX[i]++; break;
      case 2: this.cellY[i]--; break;
      case 3: this.cellY[i]++; break;
      case 4: this.cellZ[i]--; break;
      default: this.cellZ[i]++;
    }
    this.grid.remove(i);
    this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]));
  }

  protected override collideBodies(i: number, j: number, t: number): boolean {
    if (j < i) {
      // Report every pair with the lower index as A, whichever body's event fired.
      const k = i;
      i = j;
      j = k;
    }
    this.moveTo(i, t);
    this.moveTo(j, t);
    let nx = this.x[j] - this.x[i];
    let ny = this.y[j] - this.y[i];
    let nz = this.z[j] - this.z[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      // Point particles meeting: the direction of approach.
      nx = this.vx[i] - this.vx[j];
      ny = this.vy[i] - this.vy[j];
      nz = this.vz[i] - this.vz[j];
    }
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= len;
    ny /= len;
    nz /= len;
    const u = (this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny + (this.vz[i] - this.vz[j]) * nz;
    // A sleeping body hit harder than twice the resting speed wakes up; otherwise it holds still.
    const wake = 2 * this.restSpeed;
    if (this.flags[i] & FLAG_ASLEEP && u > wake) this.wakeUp(i);
    if (this.flags[j] & FLAG_ASLEEP && u > wake) this.wakeUp(j);
    const invI = this.flags[i] & FLAG_ASLEEP ? 0 : this.invMass[i];
    const invJ = this.flags[j] & FLAG_ASLEEP ? 0 : this.invMass[j];
    // (u <= 0: not closing; with a resting speed the contact still parts, see impulseFor)
    const J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, j, t, Math.max(u, 0), nx, ny, nz, invI, invJ) : 0;
    if (J > 0) {
      const ia = invI * J, ib = invJ * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vz[i] -= ia * nz;
      this.vx[j] += ib * nx;
      this.vy[j] += ib * ny;
      this.vz[j] += ib * nz;
    }
    if (this.restSpeed > 0) {
      this.afterBodyContact(i, j, -nx, -ny, -nz, t);
      this.afterBodyContact(j, i, nx, ny, nz, t);
    }
    this.version[i]++;
    this.version[j]++;
    this.lastHit[i] = t;
    this.lastHit[j] = t;
    this.lastKind[i] = LAST_BODY;
    this.lastOther[i] = j;
    this.lastKind[j] = LAST_BODY;
    this.lastOther[j] = i;
    const ri = this.r[i];
    const p = this.pending;
    p[0] = t; p[1] = this.x[i] + ri * nx; p[2] = this.y[i] + ri * ny; p[3] = this.z[i] + ri * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = J; p[8] = u;
    this.emit(i, j, HIT_BODY);
    return true;
  }

  /**
   * Resting contact after body `me` was hit by `other` (o: unit vector from other to me): a
   * body on a support stays on it (its normal speed zeroed) unless the hit lifts it off or
   * pushes it in (then the support's own contact takes over); a free body that landed softly
   * on a sleeping or static body, pulled into it, goes to sleep there.
   */
  private afterBodyContact(me: number, other: number, ox: number, oy: number, oz: number, t: number): void {
    if (this.flags[me] & (FLAG_ASLEEP | FLAG_FIXED)) return;
    const rest = this.softSpeed;
    const still = (this.flags[other] & FLAG_ASLEEP) !== 0 || this.isStatic(other);
    if (this.support[me] !== -1) {
      const sx = this.supNx[me], sy = this.supNy[me], sz = this.supNz[me];
      const vn = this.vx[me] * sx + this.vy[me] * sy + this.vz[me] * sz;
      if (vn > rest || vn < 0) {
        this.support[me] = -1;
        this.updateAcc(me);
      } else {
        this.vx[me] -= vn * sx;
        this.vy[me] -= vn * sy;
        this.vz[me] -= vn * sz;
        // held between its support and a still body, and nearly stopped: it rests there
        if (still && this.vx[me] ** 2 + this.vy[me] ** 2 + this.vz[me] ** 2 <= rest * rest) this.sleep(me);
        else this.maybeSleep(me);
      }
      return;
    }
    if (!still) return;
    const fx = this.freeAccX(me), fy = this.freeAccY(me), fz = this.freeAccZ(me);
    const an = fx * ox + fy * oy + fz * oz;
    const vo = this.vx[me] * ox + this.vy[me] * oy + this.vz[me] * oz;
    if (!(vo <= rest)) return;
    // Landed softly on a still body. Pulled straight into it (sitting on top of it), it rests.
    const a2 = fx * fx + fy * fy + fz * fz;
    if (an < 0 && a2 - an * an <= 1e-6 * a2) {
      this.sleep(me);
      return;
    }
    this.softStill(me, other, t);
  }

  /**
   * A soft contact (parting at no more than restSpeed) of body i with something still: a
   * sleeping or static body (code >= 0), a wall (-2 - w) or a face of the container (-1000 - f).
   * Two such contacts with different still things in quick succession mean the body is held
   * between them: it rests. (One still thing alone lets it slide off a curved side.)
   */
  private softStill(i: number, code: number, t: number): void {
    const g = Math.sqrt(this.gx * this.gx + this.gy * this.gy + this.gz * this.gz);
    const window = g > 0 ? (1000 * this.restSpeed) / g : 0;
    const prev = this.restOther[i];
    if (prev !== -1 && prev !== code && t - this.restTime[i] <= window) {
      this.sleep(i);
      return;
    }
    this.restOther[i] = code;
    this.restTime[i] = t;
  }

  private sleep(i: number): void {
    this.restOther[i] = -1;
    this.vx[i] = 0;
    this.vy[i] = 0;
    this.vz[i] = 0;
    this.flags[i] |= FLAG_ASLEEP;
    this.updateAcc(i);
  }

  private wakeUp(i: number): void {
    this.flags[i] &= ~FLAG_ASLEEP;
    this.updateAcc(i);
  }

  /** A supported body on a level support (no acceleration left) slower than restSpeed sleeps. */
  private maybeSleep(i: number): void {
    if (this.aex[i] !== 0 || this.aey[i] !== 0 || this.aez[i] !== 0) return;
    const v2 = this.vx[i] ** 2 + this.vy[i] ** 2 + this.vz[i] ** 2;
    if (v2 <= this.softSpeed * this.softSpeed) this.sleep(i);
  }

  /**
   * After a bounce off a flat surface (outward normal o, from the surface to the body): when the
   * pull is into the surface and the body leaves it no faster than restSpeed, it slides instead.
   */
  private trySupport(i: number, code: number, ox: number, oy: number, oz: number): void {
    const an = this.freeAccX(i) * ox + this.freeAccY(i) * oy + this.freeAccZ(i) * oz;
    if (!(an < 0)) return;
    const vn = this.vx[i] * ox + this.vy[i] * oy + this.vz[i] * oz;
    if (vn > this.softSpeed) return;
    this.vx[i] -= vn * ox;
    this.vy[i] -= vn * oy;
    this.vz[i] -= vn * oz;
    this.support[i] = code;
    this.supNx[i] = ox;
    this.supNy[i] = oy;
    this.supNz[i] = oz;
    this.updateAcc(i);
    this.maybeSleep(i);
  }

  protected override leaveSupport(i: number, t: number): void {
    this.moveTo(i, t);
    this.support[i] = -1;
    this.updateAcc(i);
    this.version[i]++;
  }

  /** When body i, sliding on its support, reaches the support's edge (walls with an extent). */
  private scanSupport(i: number): void {
    const w = this.support[i];
    if (w < 0) return; // a face of the container, or none: unbounded
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    const x = this.x[i], y = this.y[i], z = this.z[i];
    const vx = this.vx[i], vy = this.vy[i], vz = this.vz[i];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    let best = Infinity;
    // Leaving the half-space (p - q).m >= 0 through its boundary (m need not be unit).
    const exit = (qx: number, qy: number, qz: number, mx: number, my: number, mz: number): void => {
      const t = firstContact1D((x - qx) * mx + (y - qy) * my + (z - qz) * mz, vx * mx + vy * my + vz * mz, ax * mx + ay * my + az * mz);
      if (t < best) best = t;
    };
    switch (this.wallKind[w]) {
      case WALL_SEGMENT: {
        const ex = d[o + 2] - d[o], ey = d[o + 3] - d[o + 1];
        exit(d[o], d[o + 1], 0, ex, ey, 0);
        exit(d[o + 2], d[o + 3], 0, -ex, -ey, 0);
        break;
      }
      case WALL_BOX2:
        if (this.supNy[i] !== 0) {
          exit(d[o], 0, 0, 1, 0, 0);
          exit(d[o + 2], 0, 0, -1, 0, 0);
        } else {
          exit(0, d[o + 1], 0, 0, 1, 0);
          exit(0, d[o + 3], 0, 0, -1, 0);
        }
        break;
      case WALL_BOX3:
        if (this.supNx[i] === 0) {
          exit(d[o], 0, 0, 1, 0, 0);
          exit(d[o + 3], 0, 0, -1, 0, 0);
        }
        if (this.supNy[i] === 0) {
          exit(0, d[o + 1], 0, 0, 1, 0);
          exit(0, d[o + 4], 0, 0, -1, 0);
        }
        if (this.supNz[i] === 0) {
          exit(0, 0, d[o + 2], 0, 0, 1);
          exit(0, 0, d[o + 5], 0, 0, -1);
        }
        break;
      case WALL_TRIANGLE: {
        // Each edge's inward normal within the triangle's plane: n x (edge), turned inwards.
        const nx = this.supNx[i], ny = this.supNy[i], nz = this.supNz[i];
        for (let k = 0; k < 3; k++) {
          const p = o + 3 * k, q = o + 3 * ((k + 1) % 3), rr = o + 3 * ((k + 2) % 3);
          const ex = d[q] - d[p], ey = d[q + 1] - d[p + 1], ez = d[q + 2] - d[p + 2];
          let mx = ny * ez - nz * ey, my = nz * ex - nx * ez, mz = nx * ey - ny * ex;
          if ((d[rr] - d[p]) * mx + (d[rr + 1] - d[p + 1]) * my + (d[rr + 2] - d[p + 2]) * mz < 0) {
            mx = -mx;
            my = -my;
            mz = -mz;
          }
          exit(d[p], d[p + 1], d[p + 2], mx, my, mz);
        }
        break;
      }
      default:
        return; // planes are unbounded
    }
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_SUPPORT_END;
      this.pOther = w;
    }
  }

  /**
   * Reflects body i off a surface with unit normal n (from the body into the surface); a flat
   * surface (`flat`, identified by `supportCode`) may then carry the body (resting contact).
   */
  private bounce(i: number, t: number, nx: number, ny: number, nz: number, kind: number, other: number, lastKind: number, flat: boolean, supportCode: number): void {
    const u = this.vx[i] * nx + this.vy[i] * ny + this.vz[i] * nz;
    const J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, -1, t, Math.max(u, 0), nx, ny, nz, this.invMass[i], 0) : 0;
    if (J > 0) {
      const ia = this.invMass[i] * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vz[i] -= ia * nz;
    }
    if (this.restSpeed > 0 && !(this.flags[i] & FLAG_FIXED)) {
      if (flat) this.trySupport(i, supportCode, -nx, -ny, -nz);
      if (!(this.flags[i] & FLAG_ASLEEP) && -(this.vx[i] * nx + this.vy[i] * ny + this.vz[i] * nz) <= this.softSpeed) {
        this.softStill(i, kind === HIT_WALL ? -2 - other : -1000 - other, t);
      }
    }
    this.version[i]++;
    this.lastHit[i] = t;
    this.lastKind[i] = lastKind;
    this.lastOther[i] = other;
    const r = this.r[i];
    const p = this.pending;
    p[0] = t; p[1] = this.x[i] + r * nx; p[2] = this.y[i] + r * ny; p[3] = this.z[i] + r * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = J; p[8] = u;
    this.emit(i, other, kind);
  }

  protected override collideWall(i: number, w: number, feature: number, t: number): boolean {
    this.moveTo(i, t);
    let nx = this.evNx[i], ny = this.evNy[i], nz = this.evNz[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      // No normal recorded (cannot happen for a hit the kernels reported): push straight back.
      const v = Math.sqrt(this.vx[i] ** 2 + this.vy[i] ** 2 + this.vz[i] ** 2);
      nx = this.vx[i] / v;
      ny = this.vy[i] / v;
      nz = this.vz[i] / v;
    }
    this.bounce(i, t, nx, ny, nz, HIT_WALL, w, LAST_WALL, feature >> 2 === FEATURE_INTERIOR, w);
    return true;
  }

  protected override collideBounds(i: number, face: number, t: number): boolean {
    this.moveTo(i, t);
    // At contact the centre is one radius from the face, up to the rounding of its motion:
    // put it exactly there so that it never ends up outside.
    const r0 = this.r[i];
    switch (face) {
      case 0: this.x[i] = Math.max(this.x[i], this.minX + r0); break;
      case 1: this.x[i] = Math.min(this.x[i], this.maxX - r0); break;
      case 2: this.y[i] = Math.max(this.y[i], this.minY + r0); break;
      case 3: this.y[i] = Math.min(this.y[i], this.maxY - r0); break;
      case 4: this.z[i] = Math.max(this.z[i], this.minZ + r0); break;
      default: this.z[i] = Math.min(this.z[i], this.maxZ - r0);
    }
    const nx = face === 0 ? -1 : face === 1 ? 1 : 0;
    const ny = face === 2 ? -1 : face === 3 ? 1 : 0;
    const nz = face === 4 ? -1 : face === 5 ? 1 : 0;
    this.bounce(i, t, nx, ny, nz, HIT_BOUNDS, face, LAST_BOUNDS, true, -2 - face);
    return true;
  }

  protected override extraState(): (Float64Array | Int32Array | Uint8Array)[] {
    const g = this.grid;
    const layout = Float64Array.of(g.dense ? 1 : 0, g.ox, g.oy, g.oz, g.nx, g.ny, g.nz, g.mask);
    return [g.head, g.next, g.prev, g.bucketOf, g.wallOffsets, g.wallItems, this.globalWalls, this.wallKind, this.wallData, layout, Float64Array.of(
      this.cellSize, this.wallCount, this.wallsChecked,
      // what a rebuild works out, so that a restored or cloned world goes on exactly alike
      this.restSpeed, this.minSeparation, this.softSpeed, this.collapseTime, this.linearMotion ? 1 : 0, this.kinematicCount,
      this.gx, this.gy, this.gz,
    )];
  }

  protected override setExtraState(a: (Float64Array | Int32Array | Uint8Array)[]): void {
    const g = new HashGrid(16, Math.max(this.capacity, 16));
    const layout = a[9] as Float64Array;
    if (layout[0] === 1) g.makeDense(layout[1], layout[2], layout[3], layout[4], layout[5], layout[6]);
    g.mask = layout[7];
    g.head = (a[0] as Int32Array).slice();
    g.next.set(a[1] as Int32Array);
    g.prev.set(a[2] as Int32Array);
    g.bucketOf.set(a[3] as Int32Array);
    g.wallOffsets = (a[4] as Int32Array).slice();
    g.wallItems = (a[5] as Int32Array).slice();
    this.grid = g;
    this.globalWalls = (a[6] as Int32Array).slice();
    this.wallKind = (a[7] as Uint8Array).slice();
    this.wallData = (a[8] as Float64Array).slice();
    const v = a[10] as Float64Array;
    this.cellSize = v[0];
    this.wallCount = v[1];
    this.wallsChecked = v[2];
    this.restSpeed = v[3];
    this.minSeparation = v[4];
    this.softSpeed = v[5];
    this.collapseTime = v[6];
    this.linearMotion = v[7] === 1;
    this.kinematicCount = v[8];
    this.gx = v[9];
    this.gy = v[10];
    this.gz = v[11];
  }

}
