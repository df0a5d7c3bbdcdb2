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
    const sensors = this.sensorCount > 0;
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
            if (sensors && this.sensorPair(i, j)) {
              const t = this.sensorPairTime(i, j, best);
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

  /** Moving bodies in the 3 x 3 x 3 cells around body i with periodic axes (see the 2D scanBodiesPeriodic). */
  protected override scanBodiesPeriodic(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, Z = this.z, VX = this.vx, VY = this.vy, VZ = this.vz, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY, cellZ = this.cellZ;
    const now = this.now;
    const x = X[i], y = Y[i], z = Z[i], vx = VX[i], vy = VY[i], vz = VZ[i], r = R[i];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    const cx = cellX[i], cy = cellY[i], cz = cellZ[i];
    const nX = this.perN[0], nY = this.perN[1], nZ = this.perN[2];
    const lx = this.maxX - this.minX, ly = this.maxY - this.minY, lz = this.maxZ - this.minZ;
    const simple = this.simplePairs;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
    const dense = grid.dense, gnx = grid.nx, gny = grid.ny, gox = grid.ox, goy = grid.oy, goz = grid.oz, mask = grid.mask;
    const linear = this.linearMotion;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      let cxx = cx + dx, sx = 0;
      if (nX > 0 && cxx < 0) { cxx += nX; sx = -lx; } else if (nX > 0 && cxx >= nX) { cxx -= nX; sx = lx; }
      for (let dy = -1; dy <= 1; dy++) {
        let cyy = cy + dy, sy = 0;
        if (nY > 0 && cyy < 0) { cyy += nY; sy = -ly; } else if (nY > 0 && cyy >= nY) { cyy -= nY; sy = ly; }
        for (let dz = -1; dz <= 1; dz++) {
          let czz = cz + dz, sz = 0;
          if (nZ > 0 && czz < 0) { czz += nZ; sz = -lz; } else if (nZ > 0 && czz >= nZ) { czz -= nZ; sz = lz; }
          // (dense: one bucket per cell, periodic axes numbered from 0; see rebuild)
          const b = dense ? ((czz - goz) * gny + (cyy - goy)) * gnx + (cxx - gox) : cellHash(cxx, cyy, czz, mask);
          for (let j = head[b]; j >= 0; j = next[j]) {
            if (j === i || (!dense && (cellX[j] !== cxx || cellY[j] !== cyy || cellZ[j] !== czz))) continue;
            if (!simple && !this.interacts(i, j)) continue;
            const dt = now - T0[j];
            const bx = linear ? 0 : this.accX(j), by = linear ? 0 : this.accY(j), bz = linear ? 0 : this.accZ(j);
            let t: number;
            if (bx === ax && by === ay && bz === az) {
              const jx = X[j] + sx + dt * (VX[j] + 0.5 * dt * bx);
              const jy = Y[j] + sy + dt * (VY[j] + 0.5 * dt * by);
              const jz = Z[j] + sz + dt * (VZ[j] + 0.5 * dt * bz);
              const jvx = VX[j] + dt * bx, jvy = VY[j] + dt * by, jvz = VZ[j] + dt * bz;
              t = screenSpheres(x, y, z, vx, vy, vz, r, jx, jy, jz, jvx, jvy, jvz, R[j], best);
              if (t !== t) {
                const q = spheresExactInput;
                q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
                q[7] = jx; q[8] = jy; q[9] = jz; q[10] = jvx; q[11] = jvy; q[12] = jvz; q[13] = R[j]; q[14] = best;
                exactToiSpheres();
                t = q[15];
              }
              if (point && t === Infinity && R[j] === 0) {
                t = pointsMeetTime(x, y, z, vx, vy, vz, jx, jy, jz, jvx, jvy, jvz, best);
                // Points that have just bounced off each other can land on the same spot again when a
                // wrap rounds a position (x + L): they do not meet again at once.
                if (t === 0 && this.lastKind[i] === LAST_BODY && this.lastOther[i] === j && this.justBounced(i, jvx - vx, jvy - vy, jvz - vz)) t = Infinity;
              }
            } else {
              t = this.accelPairTime(i, j, best, sx, sy, sz);
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
