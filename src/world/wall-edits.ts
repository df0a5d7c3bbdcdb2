/**
 * Walls changed while the world runs (a paddle steered every frame, a brick removed, a door
 * moved): only what may meet the changed wall is scheduled again, without rebuilding the cells.
 * A wall registered in cells that starts moving or jumps is "floating": checked by every body
 * (like the unbounded and moving ones) and skipped where the cells list it, until a rebuild for
 * another reason registers it again. Sleepers resting on the wall wake up (the gravity part).
 */
import { FLAG_ALIVE, FLAG_FIXED, FLAG_SENSOR, EV_SUPPORT_END } from "./body-store.js";
import { EV_WALL } from "./event-loop.js";
import { START_SLACK } from "./motion.js";
import { WALL_REMOVED, WALL_STRIDE } from "./walls/wall-kind.js";
import { WorldScan } from "./scan.js";
import { WALL_FLAG_SENSOR } from "./walls.js";

/** @internal Cheap wall changes. */
export abstract class WorldWallEdits extends WorldScan {
  /**
   * Wall w was removed, jumped (setWallPosition) or changed velocity, at `now`. Sleepers that
   * touched it have been woken by the caller (wallWillChange). Every body whose schedule may
   * depend on the wall is scheduled again: those whose event is with it, those sliding on it,
   * those overlapping it (a sensor, a pass), and those that now meet it before their event.
   */
  protected override wallChanged(w: number, jumped: boolean): void {
    const removed = this.wallKind[w] === WALL_REMOVED;
    if (removed) this.dropWallOverlaps(w);
    if (jumped || this.wallMoves(w)) this.floatWall(w);
    if (this.dirty || this.periodicAxes !== 0) {
      this.dirty = true;
      return;
    }
    const now = this.now, q = this.queue;
    for (let i = 0; i < this.n; i++) {
      const f = this.flags[i];
      if ((f & FLAG_ALIVE) === 0 || (f & FLAG_FIXED) !== 0) continue;
      if (this.support[i] === w) {
        // (sliding on it: it goes, or moves; the next contact decides again)
        this.support[i] = -1;
        this.updateAcc(i);
        this.version[i]++;
        this.predict(i);
        continue;
      }
      const ev = this.evKind[i];
      if ((ev === EV_WALL || ev === EV_SUPPORT_END) && this.evOther[i] === w) {
        this.predict(i);
        continue;
      }
      if (removed) continue;
      if (!this.wallInteracts(i, w)) continue;
      if (this.wallTracked(i, w)) {
        this.predict(i);
        continue;
      }
      const slot = q.slot[i];
      const horizon = slot >= 0 ? q.time[slot] - now : Infinity;
      let t: number;
      if (this.aex[i] !== 0 || this.aey[i] !== 0 || this.aez[i] !== 0) {
        this.moveTo(i, now);
        t = this.wallToiAccelerated!(w, i, horizon);
      } else {
        const dt = now - this.t0[i];
        t = this.wallToi(w, this.x[i] + dt * this.vx[i], this.y[i] + dt * this.vy[i], this.z[i] + dt * this.vz[i], this.vx[i], this.vy[i], this.vz[i], this.r[i], horizon);
      }
      if (t < horizon) this.predict(i);
    }
  }

  /**
   * A body overlapping wall w now (its radius shrunk by START_SLACK, as the start-state rule),
   * among those the wall collides with (not sensors, not bodies passing through it), or -1.
   */
  protected override bodyOverlappingWall(w: number): number {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined || (this.wallFlags[w] & WALL_FLAG_SENSOR) !== 0) return -1; // (a sensor wall overlaps what it likes)
    const d = this.wallData, o = WALL_STRIDE * w, now = this.now;
    for (let i = 0; i < this.n; i++) {
      const f = this.flags[i];
      if ((f & FLAG_ALIVE) === 0 || (f & FLAG_SENSOR) !== 0 || !this.wallInteracts(i, w) || this.wallInside.has(this.wallKey(i, w))) continue;
      const dt = now - this.t0[i];
      const x = this.x[i] + dt * (this.vx[i] + 0.5 * dt * this.aex[i]);
      const y = this.y[i] + dt * (this.vy[i] + 0.5 * dt * this.aey[i]);
      const z = this.z[i] + dt * (this.vz[i] + 0.5 * dt * this.aez[i]);
      if (k.overlaps(d, o, x, y, z, this.r[i] * (1 - START_SLACK))) return i;
    }
    return -1;
  }

  /** Wakes the sleepers that touch wall w (or static body -1 - i) and what sleeps on them (the gravity part, resting.ts). */
  protected wakeAround?(code: number): void;
}
