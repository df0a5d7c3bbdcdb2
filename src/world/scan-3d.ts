/**
 * The 3D kernel pair: the neighbour scans over the 3 x 3 x 3 cells around a body, with the
 * exact sphere-sphere time of impact inlined. Only World3D pulls this file in.
 */
import { exactToiSpheres, screenSpheres, spheresExactInput, toiSpheresRaw } from "../query/toi-sphere-sphere.js";
import { cellHash } from "../broad/hash-grid.js";
import { LAST_BODY } from "./motion.js";
import { pointsMeetTime } from "./points.js";
import { WorldCore } from "./world-core.js";

/** @internal World3D's kernels. */
export abstract class WorldKernels3 extends WorldCore {
  protected override pairToi(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jr: number, tMax: number,
  ): number {
    const t = toiSpheresRaw(x, y, z, vx, vy, vz, r, jx, jy, jz, jvx, jvy, jvz, jr, tMax);
    return t === Infinity && r === 0 && jr === 0 ? pointsMeetTime(x, y, z, vx, vy, vz, jx, jy, jz, jvx, jvy, jvz, tMax) : t;
  }

  /** The common case of scanBodies (no accelerations, every pair interacting). */
  protected override scanBodiesFast(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next, mask = grid.mask;
    const X = this.x, Y = this.y, Z = this.z, VX = this.vx, VY = this.vy, VZ = this.vz, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    const now = this.now;
    const x = X[i], y = Y[i], z = Z[i], vx = VX[i], vy = VY[i], vz = VZ[i], r = R[i];
    const cx = cellX[i], cy = cellY[i], cz = cellZ[i];
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
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
            if (point && t === Infinity && R[j] === 0) t = pointsMeetTime(x, y, z, vx, vy, vz, jx, jy, jz, VX[j], VY[j], VZ[j], best);
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

  /** Moving bodies in the 3 x 3 x 3 cells around body i (3D), extrapolated to now. */
  protected override scanBodies(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, Z = this.z, VX = this.vx, VY = this.vy, VZ = this.vz, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    const now = this.now;
    const x = X[i], y = Y[i], z = Z[i], vx = VX[i], vy = VY[i], vz = VZ[i], r = R[i];
    const ax = this.accX(i), ay = this.accY(i), az = this.accZ(i);
    const cx = cellX[i], cy = cellY[i], cz = cellZ[i];
    const simple = this.simplePairs;
    const tracked = this.sensorCount > 0 || this.passBodies.size > 0;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const cxx = cx + dx, cyy = cy + dy, czz = cz + dz;
          for (let j = head[this.bucket(cxx, cyy, czz)]; j >= 0; j = next[j]) {
            if (j === i || cellX[j] !== cxx || cellY[j] !== cyy || cellZ[j] !== czz) continue;
            if (!simple && !this.interacts(i, j)) continue;
            if (tracked && this.pairTracked(i, j)) {
              const t = this.trackedPairTime(i, j, best);
              if (t < best) {
                best = t;
                other = j;
              }
              continue;
            }
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
              if (point && t === Infinity && R[j] === 0) t = pointsMeetTime(x, y, z, vx, vy, vz, jx, jy, jz, jvx, jvy, jvz, best);
            } else {
              t = this.accelPairTime!(i, j, best);
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
}
