/**
 * The moving-walls part (installed onto WorldCore by src/exports/2d/moving-walls.ts and
 * src/exports/3d/moving-walls.ts; see parts.ts): a body meeting a wall that `setWallVelocity` set
 * moving reflects in the wall's frame, and a body squeezed against something immovable stops
 * the wall. (Finding the contact in the wall's frame is the wall table's, walls.ts.)
 */
import { FLAG_ASLEEP } from "./body-store.js";
import { HIT_WALL } from "./event-log.js";
import { LAST_WALL } from "./motion.js";
import { WorldCore } from "./world-core.js";
import { length3 } from "../query/relative-motion.js";

/** @internal Reflection off moving walls and crushing, installed onto WorldCore. */
export abstract class MovingWalls extends WorldCore {
  /**
   * A body meets a moving wall: it reflects in the wall's frame. Crushing: when the wall hits
   * the same body again after the body has met something immovable (a still wall, the
   * container, a fixed or sleeping body) and the wall has moved less than the body's diameter
   * (a millionth of a cell for a point) in between, the body is pinned between the two: the
   * wall stops (its velocity becomes zero) and the body reflects off it as off a still wall.
   * So a squeezed body gains at most what the squeeze up to then gave it, and nothing spins.
   */
  protected override collideMovingWall(i: number, w: number, t: number): boolean {
    const v = this.wallVelocity, o = 3 * w;
    const speed = Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
    const reach = Math.max(2 * this.r[i], 1e-6 * this.cellSize);
    if (this.pushCode[i] === w && this.pushTrapped[i] === 1 && speed * (t - this.pushTime[i]) < reach) {
      this.setWallMotion(w, 0, 0, 0); // (cells and schedules are rebuilt after this event)
    } else {
      this.bvx = v[o];
      this.bvy = v[o + 1];
      this.bvz = v[o + 2];
    }
    this.pushCode[i] = w;
    this.pushTime[i] = t;
    this.pushTrapped[i] = 0;
    if (this.flags[i] & FLAG_ASLEEP) this.wakeUp!(i);
    let nx = this.evNx[i], ny = this.evNy[i], nz = this.evNz[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      const rx = this.vx[i] - v[o], ry = this.vy[i] - v[o + 1], rz = this.vz[i] - v[o + 2];
      const len = length3(rx, ry, rz);
      nx = rx / len;
      ny = ry / len;
      nz = rz / len;
    }
    this.bounce(i, t, nx, ny, nz, HIT_WALL, w, LAST_WALL, false, w);
    this.bvx = 0;
    this.bvy = 0;
    this.bvz = 0;
    return true;
  }
}
