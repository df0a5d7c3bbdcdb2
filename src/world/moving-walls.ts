/**
 * The moving-walls part (installed onto WorldCore by src/exports/2d/moving-walls.ts and
 * src/exports/3d/moving-walls.ts; see parts.ts): a body meeting a wall that `setWallVelocity` set
 * moving reflects in the wall's frame, and a body squeezed between it and anything stops the
 * wall. (Finding the contact in the wall's frame is the wall table's, walls.ts.)
 */
import { FLAG_ASLEEP } from "./body-store.js";
import { HIT_WALL } from "./event-log.js";
import { LAST_WALL } from "./motion.js";
import { WorldCore } from "./world-core.js";
import { length3 } from "../query/relative-motion.js";

/** @internal Reflection off moving walls and crushing, installed onto WorldCore. */
export abstract class MovingWalls extends WorldCore {
  /**
   * A body meets a moving wall: it reflects in the wall's frame. Crushing: a wall that presses
   * on a body (moves into it along the contact normal) stops (its velocity becomes zero, and
   * the body reflects off it as off a still wall) when
   *
   * - it hits the same body again (after at most one hit by another pusher) having moved less
   *   than the body's diameter (a millionth of a cell for a point) since its last hit on it,
   *   and in between the body met something
   *   immovable (a still wall, the container, a fixed or sleeping body), or it comes back at
   *   least half the wall's normal speed faster than it left then, in the wall's frame:
   *   something on the other side (another moving wall, bodies pressed against a still thing)
   *   sent it back, so it is squeezed, and every round trip would add energy; or
   * - the bounce would send the body faster than 1e150 along an axis (the world's scale).
   *
   * Between two such hits the gap the body rattles in closes while its speed grows as one over
   * the gap (each round trip adds twice the wall's speed), so the wall stops after a bounded
   * number of hits, with a bounded energy, and `advance` returns. A body that comes back no
   * faster than it left (a ball returning to a breakout paddle from the bricks) never stops it.
   */
  protected override collideMovingWall(i: number, w: number, t: number): boolean {
    const v = this.wallVelocity, o = 3 * w;
    let nx = this.evNx[i], ny = this.evNy[i], nz = this.evNz[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      const rx = this.vx[i] - v[o], ry = this.vy[i] - v[o + 1], rz = this.vz[i] - v[o + 2];
      const len = length3(rx, ry, rz);
      nx = rx / len;
      ny = ry / len;
      nz = rz / len;
    }
    const wvx = v[o], wvy = v[o + 1], wvz = v[o + 2];
    // Closing speed in the wall's frame, and how fast the wall presses on the body along n.
    const u = (this.vx[i] - wvx) * nx + (this.vy[i] - wvy) * ny + (this.vz[i] - wvz) * nz;
    const push = -(wvx * nx + wvy * ny + wvz * nz);
    let stop = this.crushed(i, w, t, u, push, length3(wvx, wvy, wvz));
    if (!stop && push > 0) {
      // The bounce off the moving wall gives -(1 + e) u along n: beyond the world's scale, it stops.
      const e = Math.max(1, this.restitutionOf(i, this.wallRestitution[w]));
      stop = this.tooFast(i, (1 + e) * Math.max(u, 0), nx, ny, nz);
    }
    if (stop) this.setWallMotion(w, 0, 0, 0);
    else {
      this.bvx = wvx;
      this.bvy = wvy;
      this.bvz = wvz;
    }
    if (this.flags[i] & FLAG_ASLEEP) this.wakeUp!(i);
    try {
      this.bounce(i, t, nx, ny, nz, HIT_WALL, w, LAST_WALL, false, w, this.wallRestitution[w]);
    } finally {
      // The speed it leaves with, in the frame of the wall (as it moves now).
      this.pushLeave[i] = -((this.vx[i] - this.bvx) * nx + (this.vy[i] - this.bvy) * ny + (this.vz[i] - this.bvz) * nz);
      this.bvx = 0;
      this.bvy = 0;
      this.bvz = 0;
    }
    return true;
  }
}
