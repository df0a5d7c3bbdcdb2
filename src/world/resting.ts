/**
 * Resting contact under gravity (part of the gravity part, installed onto WorldCore by
 * src/exports/2d/gravity.ts and src/exports/3d/gravity.ts; see parts.ts): a body that bounces off a flat
 * surface slower than the resting speed slides on it (the surface carries the normal part of
 * its acceleration) until it reaches the surface's edge; a slow body held between still things
 * goes to sleep (held still, immovable) until something hits it harder.
 */
import { separationSign } from "../query/overlap.js";
import { FLAG_ALIVE, FLAG_ASLEEP, FLAG_FIXED } from "./body-store.js";
import { START_SLACK } from "./motion.js";
import { EV_SUPPORT_END } from "./event-loop.js";
import { firstContact1D } from "./motion-1d.js";
import { WALL_STRIDE } from "./walls/wall-kind.js";
import { WorldCore } from "./world-core.js";

/** @internal Supports, sliding and sleeping, installed onto WorldCore. */
export abstract class RestingContact extends WorldCore {
  /**
   * Resting contact after body `me` was hit by `other` (o: unit vector from other to me): a
   * body on a support stays on it (its normal speed zeroed) unless the hit lifts it off or
   * pushes it in (then the support's own contact takes over); a free body that landed softly
   * on a sleeping or static body, pulled into it, goes to sleep there.
   */
  protected override afterBodyContact(me: number, other: number, ox: number, oy: number, oz: number, t: number): void {
    if (this.flags[me] & (FLAG_ASLEEP | FLAG_FIXED)) return;
    const rest = this.softSpeed;
    const still = (this.flags[other] & FLAG_ASLEEP) !== 0 || this.isStatic(other);
    if (this.support[me] !== -1) {
      const sx = this.supNx[me], sy = this.supNy[me], sz = this.supNz[me];
      const vn = this.vx[me] * sx + this.vy[me] * sy + this.vz[me] * sz;
      if (vn > rest || vn < 0) {
        this.support[me] = -1;
        this.updateAcc(me);
      } else {
        this.vx[me] -= vn * sx;
        this.vy[me] -= vn * sy;
        this.vz[me] -= vn * sz;
        // held between its support and a still body, and nearly stopped: it rests there
        if (still && this.vx[me] ** 2 + this.vy[me] ** 2 + this.vz[me] ** 2 <= rest * rest) this.sleep(me);
        else this.maybeSleep(me);
      }
      return;
    }
    if (!still) return;
    const fx = this.freeAccX(me), fy = this.freeAccY(me), fz = this.freeAccZ(me);
    const an = fx * ox + fy * oy + fz * oz;
    const vo = this.vx[me] * ox + this.vy[me] * oy + this.vz[me] * oz;
    if (!(vo <= rest)) return;
    // Landed softly on a still body. Pulled straight into it (sitting on top of it), it rests.
    const a2 = fx * fx + fy * fy + fz * fz;
    if (an < 0 && a2 - an * an <= 1e-6 * a2) {
      this.sleep(me);
      return;
    }
    this.softStill(me, other, t);
  }

  /**
   * A soft contact (parting at no more than restSpeed) of body i with something still: a
   * sleeping or static body (code >= 0), a wall (-2 - w) or a face of the container (-1000 - f).
   * Two such contacts with different still things in quick succession mean the body is held
   * between them: it rests. (One still thing alone lets it slide off a curved side.)
   */
  protected override softStill(i: number, code: number, t: number): void {
    const g = Math.sqrt(this.gx * this.gx + this.gy * this.gy + this.gz * this.gz);
    const window = g > 0 ? (1000 * this.restSpeed) / g : 0;
    const prev = this.restOther[i];
    if (prev !== -1 && prev !== code && t - this.restTime[i] <= window) {
      this.sleep(i);
      return;
    }
    this.restOther[i] = code;
    this.restTime[i] = t;
  }

  protected sleep(i: number): void {
    this.restOther[i] = -1;
    this.vx[i] = 0;
    this.vy[i] = 0;
    this.vz[i] = 0;
    this.flags[i] |= FLAG_ASLEEP;
    this.updateAcc(i);
  }

  /** Wakes sleeping body i (its own schedule is the caller's), and the sleepers resting on it. */
  protected override wakeUp(i: number): void {
    this.moveTo(i, this.now); // (its state was kept at the time it fell asleep: bring it to now before it accelerates)
    this.flags[i] &= ~FLAG_ASLEEP;
    this.updateAcc(i);
    this.wakeAbove(i);
  }

  /**
   * Wakes the sleepers resting on body a, and those resting on them, and so on: a sleeper that
   * touches a (within START_SLACK) with a below it (towards the gravity) may have lost its
   * support. Each is scheduled again.
   */
  private wakeAbove(a: number): void {
    const gx = this.gx, gy = this.gy, gz = this.gz;
    // (positions as they were when they slept: sleepers do not move, and a woken one is
    // scheduled only once its whole pile is found)
    const woken: number[] = [];
    const stack = [a];
    const k = 1 + START_SLACK;
    while (stack.length > 0) {
      const s = stack.pop() as number;
      const sx0 = this.x[s], sy0 = this.y[s], sz0 = this.z[s], sr = this.r[s] * k;
      this.scanNeighbours(s, (b, ox, oy, oz) => {
        if ((this.flags[b] & FLAG_ASLEEP) === 0) return;
        const bx = this.x[b] + ox, by = this.y[b] + oy, bz = this.z[b] + oz;
        // (with no gravity at all, every touching sleeper)
        if ((sx0 - bx) * gx + (sy0 - by) * gy + (sz0 - bz) * gz < 0) return;
        if (separationSign(sx0, sy0, sz0, sr, bx, by, bz, this.r[b] * k) > 0) return;
        this.rouse(b, false);
        woken.push(b);
        stack.push(b);
      });
    }
    if (!this.dirty) for (const b of woken) this.predict(b);
  }

  /** Wakes sleeper b (and schedules it again when `schedule`). */
  private rouse(b: number, schedule: boolean): void {
    this.moveTo(b, this.now);
    this.flags[b] &= ~FLAG_ASLEEP;
    this.updateAcc(b);
    this.version[b]++;
    if (schedule && !this.dirty) this.predict(b);
  }

  /**
   * Wakes the sleepers touching wall `code` (>= 0) or body -1 - code, which is about to be
   * removed or to move, and what rests on them: nothing is left floating where it was.
   */
  protected override wakeAround(code: number): void {
    const k = 1 + START_SLACK;
    const j = -1 - code;
    for (let b = 0; b < this.n; b++) {
      if ((this.flags[b] & (FLAG_ALIVE | FLAG_ASLEEP)) !== (FLAG_ALIVE | FLAG_ASLEEP) || b === j) continue;
      const touching = code >= 0
        ? this.wallOverlaps(b, code, k)
        : separationSign(this.x[j], this.y[j], this.z[j], this.r[j] * k, this.x[b], this.y[b], this.z[b], this.r[b] * k) <= 0;
      if (!touching) continue;
      this.rouse(b, false);
      this.wakeAbove(b);
      if (!this.dirty) this.predict(b);
    }
  }

  /** A supported body on a level support (no acceleration left) slower than restSpeed sleeps. */
  protected maybeSleep(i: number): void {
    if (this.aex[i] !== 0 || this.aey[i] !== 0 || this.aez[i] !== 0) return;
    const v2 = this.vx[i] ** 2 + this.vy[i] ** 2 + this.vz[i] ** 2;
    if (v2 <= this.softSpeed * this.softSpeed) this.sleep(i);
  }

  /**
   * After a bounce off a flat surface (outward normal o, from the surface to the body): when the
   * pull is into the surface and the body leaves it no faster than restSpeed, it slides instead.
   */
  protected override trySupport(i: number, code: number, ox: number, oy: number, oz: number): void {
    const an = this.freeAccX(i) * ox + this.freeAccY(i) * oy + this.freeAccZ(i) * oz;
    if (!(an < 0)) return;
    const vn = this.vx[i] * ox + this.vy[i] * oy + this.vz[i] * oz;
    if (vn > this.softSpeed) return;
    this.vx[i] -= vn * ox;
    this.vy[i] -= vn * oy;
    this.vz[i] -= vn * oz;
    this.support[i] = code;
    this.supNx[i] = ox;
    this.supNy[i] = oy;
    this.supNz[i] = oz;
    this.updateAcc(i);
    this.maybeSleep(i);
  }

  protected override leaveSupport(i: number, t: number): void {
    this.moveTo(i, t);
    this.support[i] = -1;
    this.updateAcc(i);
    this.version[i]++;
  }

  /** When body i, sliding on its support, reaches the support's edge (walls with an extent). */
  protected override scanSupport(i: number): void {
    const w = this.support[i];
    if (w < 0) return; // a face of the container, or none: unbounded
    const d = this.wallData;
    const o = WALL_STRIDE * w;
    const x = this.x[i], y = this.y[i], z = this.z[i];
    const vx = this.vx[i], vy = this.vy[i], vz = this.vz[i];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    let best = Infinity;
    // Leaving the half-space (p - q).m >= 0 through its boundary (m need not be unit).
    const exit = (qx: number, qy: number, qz: number, mx: number, my: number, mz: number): void => {
      const t = firstContact1D((x - qx) * mx + (y - qy) * my + (z - qz) * mz, vx * mx + vy * my + vz * mz, ax * mx + ay * my + az * mz);
      if (t < best) best = t;
    };
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return;
    k.supportEdges(d, o, this.supNx[i], this.supNy[i], this.supNz[i], exit);
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_SUPPORT_END;
      this.pOther = w;
    }
  }
}
