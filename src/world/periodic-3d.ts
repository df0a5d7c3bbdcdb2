/**
 * The periodic part's 3D neighbour scan (see periodic.ts): the moving bodies in the
 * 3 x 3 x 3 cells around a body, a cell past the last one on a periodic axis seen across
 * the boundary at its image. Installed onto WorldKernels3 by src/exports/3d/periodic.ts.
 */
import { exactToiSpheres, screenSpheres, spheresExactInput } from "../query/toi-sphere-sphere.js";
import { cellHash } from "../broad/hash-grid.js";
import { LAST_BODY } from "./motion.js";
import { pointsMeetTime } from "./points.js";
import { WorldKernels3 } from "./scan-3d.js";

/** @internal The periodic scan of World3D, installed onto WorldKernels3 (see parts.ts). */
export abstract class PeriodicScan3 extends WorldKernels3 {
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
                if (t === 0 && this.lastKind[i] === LAST_BODY && this.lastOther[i] === j && this.justBounced!(i, jvx - vx, jvy - vy, jvz - vz)) t = Infinity;
              }
            } else {
              t = this.accelPairTime!(i, j, best, sx, sy, sz);
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
