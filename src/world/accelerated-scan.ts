/**
 * The gravity part's contact times (see acceleration-part.ts and parts.ts): bodies with
 * different accelerations against each other and against walls, through the installed
 * kernels. Installed onto WorldCore by src/exports/2d/gravity.ts and src/exports/3d/gravity.ts.
 */
import { accelerationPart, wallContactAccelerated } from "./acceleration-part.js";
import { WALL_STRIDE } from "./walls/wall-kind.js";
import { EV_CELL } from "./event-loop.js";
import { FLAG_ALIVE, FLAG_FIXED } from "./body-store.js";
import { firstContact1D } from "./motion-1d.js";
import { WorldCore } from "./world-core.js";

/** @internal Contact times of accelerated bodies, installed onto WorldCore. */
export abstract class AcceleratedScan extends WorldCore {
  /**
   * Contact time within [0, tMax] of bodies i (state at now) and j (extrapolated to now) with
   * different accelerations: the quartic kernel, its inputs written straight into its scratch
   * (nothing boxed but tMax and the result).
   */
  protected override accelPairTime(i: number, j: number, tMax: number, sx = 0, sy = 0, sz = 0): number {
    const part = accelerationPart(this.dim);
    const q = part.io;
    const dt = this.now - this.t0[j];
    const bx = this.aex[j], by = this.aey[j], bz = this.aez[j];
    q[0] = this.x[i]; q[1] = this.y[i]; q[2] = this.z[i];
    q[3] = this.vx[i]; q[4] = this.vy[i]; q[5] = this.vz[i];
    q[6] = this.aex[i]; q[7] = this.aey[i]; q[8] = this.aez[i]; q[9] = this.r[i];
    q[10] = this.x[j] + sx + dt * (this.vx[j] + 0.5 * dt * bx);
    q[11] = this.y[j] + sy + dt * (this.vy[j] + 0.5 * dt * by);
    q[12] = this.z[j] + sz + dt * (this.vz[j] + 0.5 * dt * bz);
    q[13] = this.vx[j] + dt * bx; q[14] = this.vy[j] + dt * by; q[15] = this.vz[j] + dt * bz;
    q[16] = bx; q[17] = by; q[18] = bz; q[19] = this.r[j];
    q[20] = tMax;
    part.pairContact();
    return q[21];
  }

  /** Contact time of two bodies with different constant accelerations (a quartic), or Infinity. */
  protected override toiAccelerated(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
    tMax: number,
  ): number {
    return accelerationPart(this.dim).pairContactTime(x, y, z, vx, vy, vz, ax, ay, az, r, jx, jy, jz, jvx, jvy, jvz, jax, jay, jaz, jr, tMax);
  }

  /**
   * Contact time of an accelerated body with wall w within [0, tMax], or Infinity; the normal
   * and feature of the contact are left in the acceleration part's `result` (see acceleration-part.ts).
   */
  protected override wallToiAccelerated(w: number, i: number, tMax: number): number {
    const part = accelerationPart(this.dim);
    part.resetResult();
    const contact = wallContactAccelerated(this.wallKind[w]);
    if (contact === undefined) return Infinity;
    const f = this.inWallFrame(w, this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i]);
    contact(this.wallData, WALL_STRIDE * w, f[0], f[1], f[2], f[3], f[4], f[5], this.aex[i], this.aey[i], this.aez[i], this.r[i], tMax);
    return part.result[0];
  }

  /** scanCell for a body that accelerates: each side of the cell by the quadratic along its axis. */
  protected override scanCellAccelerated(i: number): void {
    const cs = this.cellSize;
    const three = this.dim === 3;
    let best = Infinity;
    let face = -1;
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
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_CELL;
      this.pOther = face;
    }
  }

  /** The potential energy of the movable bodies in the gravity field (relative to the origin). */
  protected override gravityEnergy(): number {
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
}
