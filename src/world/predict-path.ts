/**
 * Aim lines (the paths part, installed onto WorldCore by src/exports/2d/paths.ts and src/exports/3d/paths.ts;
 * see parts.ts): the path one body would take from now, bouncing off walls, fixed bodies and
 * the container as the simulation would, up to its first contact with a moving body.
 */
import { FLAG_ALIVE } from "./body-store.js";
import { firstContact1D } from "./motion-1d.js";
import { WorldCore } from "./world-core.js";
import { length3 } from "../query/relative-motion.js";

/** Result of `predictPath`. */
export interface PathPrediction {
  /** Corner points of the path, x, y (and z in 3D) per point. */
  points: number[];
  /** The moving body hit first, or -1. */
  hitBody: number;
  /** World time of that contact (Infinity when none). */
  time: number;
  /** Contact normal from the predicted body towards the one it hits. */
  nx: number;
  /** Contact normal, y (see nx). */
  ny: number;
  /** Contact normal, z (see nx; 0 in 2D). */
  nz: number;
  /** The predicted body's velocity just after the contact. */
  vx: number;
  /** The predicted body's velocity just after the contact, y. */
  vy: number;
  /** The predicted body's velocity just after the contact, z (0 in 2D). */
  vz: number;
  /** The other body's velocity just after the contact. */
  otherVx: number;
  /** The other body's velocity just after the contact, y. */
  otherVy: number;
  /** The other body's velocity just after the contact, z (0 in 2D). */
  otherVz: number;
}
/** @internal Path prediction, installed onto WorldCore. */
export abstract class AimLines extends WorldCore {
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
  protected override pathOf(i: number, maxTime: number, maxBounces: number): PathPrediction {
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
        if (face === lastFace || !this.boundsInteract(i)) continue;
        const gap = face === 0 ? x - r - this.minX : face === 1 ? this.maxX - r - x : face === 2 ? y - r - this.minY : face === 3 ? this.maxY - r - y : face === 4 ? z - r - this.minZ : this.maxZ - r - z;
        const v = face === 0 ? vx : face === 1 ? -vx : face === 2 ? vy : face === 3 ? -vy : face === 4 ? vz : -vz;
        if (gap === Infinity) continue;
        const tt = firstContact1D(gap, v, 0);
        if (tt < best) { best = tt; kind = 2; other = face; }
      }
      for (let w = 0; w < this.wallCount; w++) {
        if (w === lastWall || !this.wallBlocks(i, w)) continue;
        const tt = this.wallToi(w, x, y, z, vx, vy, vz, r, best);
        if (tt < best) { best = tt; kind = 1; other = w; }
      }
      const now = this.now + t;
      for (let j = 0; j < this.n; j++) {
        if (j === i || !(this.flags[j] & FLAG_ALIVE) || !this.interacts(i, j) || this.pairTracked(i, j)) continue;
        const dt = now - this.t0[j];
        const bx = this.accX(j), by = this.accY(j), bz = this.accZ(j);
        const jx = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bx), jy = this.y[j] + dt * (this.vy[j] + 0.5 * dt * by), jz = this.z[j] + dt * (this.vz[j] + 0.5 * dt * bz);
        const jvx = this.vx[j] + dt * bx, jvy = this.vy[j] + dt * by, jvz = this.vz[j] + dt * bz;
        const tt = bx !== 0 || by !== 0 || bz !== 0
          ? this.toiAccelerated!(x, y, z, vx, vy, vz, 0, 0, 0, r, jx, jy, jz, jvx, jvy, jvz, bx, by, bz, this.r[j], best)
          : this.pairToi(x, y, z, vx, vy, vz, r, jx, jy, jz, jvx, jvy, jvz, this.r[j], best);
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
        const len = length3(nx, ny, nz);
        nx /= len;
        ny /= len;
        nz /= len;
        invB = this.invMass[other];
      }
      const u = (vx - jvx) * nx + (vy - jvy) * ny + (vz - jvz) * nz;
      const e = this.restitutionOf(i, kind >= 3 ? this.restitution[other] : kind === 1 ? this.wallRestitution[other] : NaN);
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
}
