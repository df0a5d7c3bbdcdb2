/**
 * The periodic part's 2D neighbour scan (see periodic.ts): the moving bodies in the
 * 3 x 3 cells around a body, a cell past the last one on a periodic axis seen across
 * the boundary at its image. Installed onto WorldKernels2 by src/exports/2d/periodic.ts.
 */
import { circlesExactInput, exactToiCircles, screenCircles } from "../query/toi-circle-circle.js";
import { cellHash } from "../broad/hash-grid.js";
import { LAST_BODY } from "./motion.js";
import { pointsMeetTime } from "./points.js";
import { WorldKernels2 } from "./scan-2d.js";

/** @internal The periodic scan of World2D, installed onto WorldKernels2 (see parts.ts). */
export abstract class PeriodicScan2 extends WorldKernels2 {
  /**
   * Moving bodies in the 3 x 3 cells around body i in a world with periodic axes: a cell past
   * the last one on a periodic axis is cell 0 seen across the boundary, so its bodies are
   * taken at their image, shifted by exactly the box length (see perN). No sensors, walls or
   * fixed bodies here (the rebuild rejects them with periodic bounds).
   */
  protected override scanBodiesPeriodic(i: number): void {
    const grid = this.grid;
    const head = grid.head, next = grid.next;
    const X = this.x, Y = this.y, VX = this.vx, VY = this.vy, T0 = this.t0, R = this.r;
    const cellX = this.cellX, cellY = this.cellY;
    const now = this.now;
    const x = X[i], y = Y[i], vx = VX[i], vy = VY[i], r = R[i];
    const ax = this.aex[i], ay = this.aey[i];
    const cx = cellX[i], cy = cellY[i];
    const nX = this.perN[0], nY = this.perN[1];
    const lx = this.maxX - this.minX, ly = this.maxY - this.minY;
    const simple = this.simplePairs;
    const lastBody = this.pLastKind === LAST_BODY ? this.pLastOther : -1;
    const point = r === 0;
    const dense = grid.dense, gnx = grid.nx, gox = grid.ox, goy = grid.oy, mask = grid.mask;
    const linear = this.linearMotion;
    let best = this.pBest;
    let other = -1;
    for (let dx = -1; dx <= 1; dx++) {
      let cxx = cx + dx, sx = 0;
      if (nX > 0 && cxx < 0) { cxx += nX; sx = -lx; } else if (nX > 0 && cxx >= nX) { cxx -= nX; sx = lx; }
      for (let dy = -1; dy <= 1; dy++) {
        let cyy = cy + dy, sy = 0;
        if (nY > 0 && cyy < 0) { cyy += nY; sy = -ly; } else if (nY > 0 && cyy >= nY) { cyy -= nY; sy = ly; }
        // (dense: one bucket per cell, periodic axes numbered from 0; see rebuild)
        const b = dense ? (cyy - goy) * gnx + (cxx - gox) : cellHash(cxx, cyy, 0, mask);
        for (let j = head[b]; j >= 0; j = next[j]) {
          if (j === i || (!dense && (cellX[j] !== cxx || cellY[j] !== cyy))) continue;
          if (!simple && !this.interacts(i, j)) continue;
          const dt = now - T0[j];
          const bx = linear ? 0 : this.accX(j), by = linear ? 0 : this.accY(j);
          let t: number;
          if (bx === ax && by === ay) {
            const jx = X[j] + sx + dt * (VX[j] + 0.5 * dt * bx);
            const jy = Y[j] + sy + dt * (VY[j] + 0.5 * dt * by);
            const jvx = VX[j] + dt * bx, jvy = VY[j] + dt * by;
            t = screenCircles(x, y, vx, vy, r, jx, jy, jvx, jvy, R[j], best);
            if (t !== t) {
              const q = circlesExactInput;
              q[0] = x; q[1] = y; q[2] = vx; q[3] = vy; q[4] = r;
              q[5] = jx; q[6] = jy; q[7] = jvx; q[8] = jvy; q[9] = R[j]; q[10] = best;
              exactToiCircles();
              t = q[11];
            }
            if (point && t === Infinity && R[j] === 0) {
              t = pointsMeetTime(x, y, 0, vx, vy, 0, jx, jy, 0, jvx, jvy, 0, best);
              // Points that have just bounced off each other can land on the same spot again when a
              // wrap rounds a position (x + L): they do not meet again at once (see justBounced).
              if (t === 0 && this.lastKind[i] === LAST_BODY && this.lastOther[i] === j && this.justBounced!(i, jvx - vx, jvy - vy, 0)) t = Infinity;
            }
          } else {
            t = this.accelPairTime!(i, j, best, sx, sy, 0);
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
