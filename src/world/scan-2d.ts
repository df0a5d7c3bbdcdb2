/**
 * The 2D kernel pair: the neighbour scans over the 3 x 3 cells around a body, with the exact
 * circle-circle time of impact inlined. Only World2D pulls this file in.
 */
import { circlesExactInput, exactToiCircles, screenCircles, toiCirclesRaw } from "../query/toi-circle-circle.js";
import { cellHash } from "../broad/hash-grid.js";
import { LAST_BODY } from "./motion.js";
import { pointsMeetTime } from "./points.js";
import { WorldCore } from "./world-core.js";

/** @internal World2D's kernels. */
export abstract class WorldKernels2 extends WorldCore {
  protected override pairToi(
    x: number, y: number, _z: number, vx: number, vy: number, _vz: number, r: number,
    jx: number, jy: number, _jz: number, jvx: number, jvy: number, _jvz: number, jr: number, tMax: number,
  ): number {
    const t = toiCirclesRaw(x, y, vx, vy, r, jx, jy, jvx, jvy, jr, tMax);
    return t === Infinity && r === 0 && jr === 0 ? pointsMeetTime(x, y, 0, vx, vy, 0, jx, jy, 0, jvx, jvy, 0, tMax) : t;
  }

  /**
   * The common case of scanBodies, kept lean so that the whole contact kernel inlines: no
   * accelerations anywhere and every pair interacting.
   */
  protected override scanBodiesFast(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next, mask = grid.mask;
    const X = this.x, Y = this.y, VX = this.vx, VY = this.vy, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY;
    const now = this.now;
    const x = X[i], y = Y[i], vx = VX[i], vy = VY[i], r = R[i];
    const cx = cellX[i], cy = cellY[i];
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
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
          if (point && t === Infinity && R[j] === 0) t = pointsMeetTime(x, y, 0, vx, vy, 0, jx, jy, 0, VX[j], VY[j], 0, best);
          if (t < best && !(t === 0 && j === lastBody)) {
            best = t;
            other = j;
          }
        }
      }
    }
    if (other >= 0) this.takeBody(best, other);
  }

  /** Moving bodies in the 3 x 3 cells around body i (2D), extrapolated to now. */
  protected override scanBodies(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, VX = this.vx, VY = this.vy, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY;
    const now = this.now;
    const x = X[i], y = Y[i], vx = VX[i], vy = VY[i], r = R[i];
    const ax = this.accX(i), ay = this.accY(i);
    const cx = cellX[i], cy = cellY[i];
    const simple = this.simplePairs;
    const tracked = this.sensorCount > 0 || this.passBodies.size > 0;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const cxx = cx + dx, cyy = cy + dy;
        for (let j = head[this.bucket(cxx, cyy, 0)]; j >= 0; j = next[j]) {
          if (j === i || cellX[j] !== cxx || cellY[j] !== cyy) continue;
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
            if (point && t === Infinity && R[j] === 0) t = pointsMeetTime(x, y, 0, vx, vy, 0, jx, jy, 0, jvx, jvy, 0, best);
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
    if (other >= 0) this.takeBody(best, other);
  }
}
