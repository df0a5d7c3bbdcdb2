/**
 * Contacts as they happen: two bodies, a body and a wall, a body and a side of the container.
 * Each asks the contact filter first (a false lets the pair pass until they no longer overlap,
 * see overlaps.ts), then applies the impulse of the response rule, watches for crushing by a
 * kinematic body, and records the event. A sensor or a pass ending is an event of its own.
 */
import { FEATURE_INTERIOR } from "../query/types.js";
import { length3 } from "../query/relative-motion.js";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, type ContactKind } from "../response/impulse.js";
import { FLAG_ASLEEP, FLAG_FIXED } from "./body-store.js";
import { LAST_BODY, LAST_BOUNDS, LAST_WALL } from "./motion.js";
import { MAX_COORDINATE } from "./options.js";
import { WALL_FLAG_SENSOR } from "./walls.js";
import { WorldWallEdits } from "./wall-edits.js";

/** @internal The contacts of the event loop. */
export abstract class WorldContacts extends WorldWallEdits {
  /** Velocity of the thing a bounce is off (a moving wall), zero otherwise. */
  protected bvx = 0;
  protected bvy = 0;
  protected bvz = 0;

  /**
   * Asks the contact filter about a contact of body a with `other` (kind), normal n from a
   * towards it, relative velocity (rx, ry, rz); true when there is no filter.
   */
  protected contactAllowed(kind: ContactKind, a: number, other: number, t: number, nx: number, ny: number, nz: number, rx: number, ry: number, rz: number): boolean {
    const f = this.contactFilter;
    if (f === null) return true;
    const c = this.filterInfo;
    c.kind = kind;
    c.a = a;
    c.b = other;
    c.t = t;
    c.nx = nx;
    c.ny = ny;
    c.nz = nz;
    c.vx = rx;
    c.vy = ry;
    c.vz = rz;
    c.speed = Math.max(0, rx * nx + ry * ny + rz * nz);
    return f(a, other, c) === true;
  }

  /** Body i and `other` start or stop overlapping without a contact: neither meets the other again at this instant. */
  protected passMark(i: number, kind: number, other: number, t: number): void {
    this.lastHit[i] = t;
    this.lastKind[i] = kind;
    this.lastOther[i] = other;
  }

  /**
   * A body speed beyond the world's scale: true when v - dv n (dv along the unit normal n) has
   * a component above MAX_COORDINATE in magnitude that v had not. Contacts that add energy (a
   * bumper, a moving wall, a custom rule) stop short of that (see README, "Scale").
   */
  protected tooFast(i: number, dv: number, nx: number, ny: number, nz: number): boolean {
    const vx = this.vx[i], vy = this.vy[i], vz = this.vz[i];
    const before = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz), MAX_COORDINATE);
    return !(Math.max(Math.abs(vx - dv * nx), Math.abs(vy - dv * ny), Math.abs(vz - dv * nz)) <= before);
  }

  /**
   * The impulse J of a contact limited to what keeps body i (dir -1: it gets -J invI n; +1:
   * +J invI n) inside the world's scale: the elastic impulse `elastic` instead of a bumper's,
   * and a RangeError for a custom rule's.
   */
  protected limitImpulse(i: number, J: number, invI: number, dir: number, nx: number, ny: number, nz: number, elastic: number): number {
    if (!this.tooFast(i, -dir * J * invI, nx, ny, nz)) return J;
    if (this.response !== null) {
      throw new RangeError(`response rule returned ${J}, which would send body "${this.ids[i]}" faster than ${MAX_COORDINATE} along an axis (the largest speed a world takes)`);
    }
    return Math.min(J, elastic);
  }

  protected override collideBodies(i: number, j: number, t: number): boolean {
    if (this.sensorCount > 0 && this.sensorPair(i, j)) {
      this.moveTo(i, t);
      this.moveTo(j, t);
      this.sensorEvent!(i, j, t);
      return false;
    }
    if (j < i) {
      // Report every pair with the lower index as A, whichever body's event fired.
      const k = i;
      i = j;
      j = k;
    }
    this.moveTo(i, t);
    this.moveTo(j, t);
    // (a pass ending, or the filter letting the pair pass: only with a filter of contacts or a
    // pass under way, either of which makes simplePairs false)
    if ((this.contactFilter !== null || !this.simplePairs) && this.filterPair(i, j, t)) return false;
    let nx = this.x[j] - this.x[i];
    let ny = this.y[j] - this.y[i];
    let nz = this.z[j] - this.z[i];
    if (this.periodicAxes !== 0) {
      const m = this.minimumImage!(i, j, nx, ny, nz);
      nx = m[0];
      ny = m[1];
      nz = m[2];
    }
    const ri = this.r[i];
    if ((nx === 0 && ny === 0 && nz === 0) || ri + this.r[j] === 0) {
      // Point particles meeting: at the same spot up to the rounding of their motion (which may
      // even have carried one an ulp past the other), so the direction of approach is the
      // normal, and both are put exactly at the spot (the midpoint): they part from there.
      nx = this.vx[i] - this.vx[j];
      ny = this.vy[i] - this.vy[j];
      nz = this.vz[i] - this.vz[j];
      if (ri + this.r[j] === 0 && this.periodicAxes === 0) {
        this.x[i] = this.x[j] = 0.5 * this.x[i] + 0.5 * this.x[j];
        this.y[i] = this.y[j] = 0.5 * this.y[i] + 0.5 * this.y[j];
        this.z[i] = this.z[j] = 0.5 * this.z[i] + 0.5 * this.z[j];
      }
    }
    const len = length3(nx, ny, nz);
    nx /= len;
    ny /= len;
    nz /= len;
    let u = (this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny + (this.vz[i] - this.vz[j]) * nz;
    // A sleeping body hit harder than twice the resting speed wakes up; otherwise it holds still.
    const wake = 2 * this.restSpeed;
    if (this.flags[i] & FLAG_ASLEEP && u > wake) this.wakeUp!(i);
    if (this.flags[j] & FLAG_ASLEEP && u > wake) this.wakeUp!(j);
    const invI = this.flags[i] & FLAG_ASLEEP ? 0 : this.invMass[i];
    const invJ = this.flags[j] & FLAG_ASLEEP ? 0 : this.invMass[j];
    // met something immovable (see collideMovingWall)
    if (invJ === 0 && (this.flags[j] & FLAG_ASLEEP || this.isStatic(j))) this.pushTrapped[i] = 1;
    if (invI === 0 && (this.flags[i] & FLAG_ASLEEP || this.isStatic(i))) this.pushTrapped[j] = 1;
    const pusher = this.kinematicCount > 0 ? this.pusherOf(i, j) : -1;
    if (pusher >= 0 && this.watchPusher(pusher, pusher === i ? j : i, t, u, nx, ny, nz)) {
      // (it stopped: the contact is with a still body now)
      u = (this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny + (this.vz[i] - this.vz[j]) * nz;
    }
    // (u <= 0: not closing; with a resting speed the contact still parts, see impulseFor)
    let J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, HIT_BODY, j, t, Math.max(u, 0), nx, ny, nz, invI, invJ, this.restitution[j]) : 0;
    if (J > 0) {
      if (this.energetic) {
        const elastic = (2 * Math.max(u, 0)) / (invI + invJ);
        if (invI > 0) J = this.limitImpulse(i, J, invI, -1, nx, ny, nz, elastic);
        if (invJ > 0) J = this.limitImpulse(j, J, invJ, 1, nx, ny, nz, elastic);
      }
      const ia = invI * J, ib = invJ * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vz[i] -= ia * nz;
      this.vx[j] += ib * nx;
      this.vy[j] += ib * ny;
      this.vz[j] += ib * nz;
    }
    if (pusher >= 0) this.pushLeave[pusher === i ? j : i] = Math.abs((this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny + (this.vz[i] - this.vz[j]) * nz);
    if (this.restSpeed > 0) {
      this.afterBodyContact!(i, j, -nx, -ny, -nz, t);
      this.afterBodyContact!(j, i, nx, ny, nz, t);
    }
    this.version[i]++;
    this.version[j]++;
    this.lastHit[i] = t;
    this.lastHit[j] = t;
    this.lastKind[i] = LAST_BODY;
    this.lastOther[i] = j;
    this.lastKind[j] = LAST_BODY;
    this.lastOther[j] = i;
    const p = this.pending;
    p[0] = t; p[1] = this.x[i] + ri * nx; p[2] = this.y[i] + ri * ny; p[3] = this.z[i] + ri * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = J; p[8] = u;
    this.emit(i, j, HIT_BODY);
    return true;
  }

  /**
   * Bodies i < j meeting at t (states at t), with a filter of contacts or a pass under way: true when the contact
   * does not happen, because it ends a pass (they no longer overlap) or the filter lets them
   * pass now (until they no longer overlap).
   */
  private filterPair(i: number, j: number, t: number): boolean {
    const key = this.pairKey(i, j);
    let pass = this.passBodies.size > 0 && this.passBodies.delete(key);
    if (!pass) {
      if (this.contactFilter === null) return false;
      let nx = this.x[j] - this.x[i], ny = this.y[j] - this.y[i], nz = this.z[j] - this.z[i];
      if ((nx === 0 && ny === 0 && nz === 0) || this.r[i] + this.r[j] === 0) {
        nx = this.vx[i] - this.vx[j];
        ny = this.vy[i] - this.vy[j];
        nz = this.vz[i] - this.vz[j];
      }
      const len = length3(nx, ny, nz);
      nx /= len;
      ny /= len;
      nz /= len;
      const rx = this.vx[i] - this.vx[j], ry = this.vy[i] - this.vy[j], rz = this.vz[i] - this.vz[j];
      if (this.contactAllowed(HIT_BODY, i, j, t, nx, ny, nz, rx, ry, rz)) return false;
      this.passBodies.add(key);
      pass = true;
    }
    this.passMark(i, LAST_BODY, j, t);
    this.passMark(j, LAST_BODY, i, t);
    this.pairsChanged();
    return pass;
  }

  /**
   * Reflects body i off a surface with unit normal n (from the body into the surface) whose own
   * restitution is eB (NaN: none); a flat surface (`flat`, identified by `supportCode`) may then
   * carry the body (resting contact).
   */
  protected bounce(i: number, t: number, nx: number, ny: number, nz: number, kind: ContactKind, other: number, lastKind: number, flat: boolean, supportCode: number, eB: number): void {
    // (in the frame of what it bounces off: bvx, bvy, bvz is a moving wall's velocity, else 0)
    const u = (this.vx[i] - this.bvx) * nx + (this.vy[i] - this.bvy) * ny + (this.vz[i] - this.bvz) * nz;
    let J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, kind, other, t, Math.max(u, 0), nx, ny, nz, this.invMass[i], 0, eB) : 0;
    if (J > 0) {
      const inv = this.invMass[i];
      if (this.energetic) J = this.limitImpulse(i, J, inv, -1, nx, ny, nz, (2 * Math.max(u, 0)) / inv);
      const ia = inv * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vz[i] -= ia * nz;
    }
    if (this.restSpeed > 0 && !(this.flags[i] & FLAG_FIXED)) {
      if (flat) this.trySupport!(i, supportCode, -nx, -ny, -nz);
      if (!(this.flags[i] & FLAG_ASLEEP) && -(this.vx[i] * nx + this.vy[i] * ny + this.vz[i] * nz) <= this.softSpeed) {
        this.softStill!(i, kind === HIT_WALL ? -2 - other : -1000 - other, t);
      }
    }
    this.version[i]++;
    this.lastHit[i] = t;
    this.lastKind[i] = lastKind;
    this.lastOther[i] = other;
    const r = this.r[i];
    const p = this.pending;
    p[0] = t; p[1] = this.x[i] + r * nx; p[2] = this.y[i] + r * ny; p[3] = this.z[i] + r * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = J; p[8] = u;
    this.emit(i, other, kind);
  }

  /** The displacement (nx, ny, nz) from i to j at the minimum image (the periodic part, periodic.ts). */
  protected minimumImage?(i: number, j: number, nx: number, ny: number, nz: number): Float64Array;

  /** A body meets a moving wall (the moving-walls part, moving-walls.ts). */
  protected collideMovingWall?(i: number, w: number, t: number): boolean;

  protected override collideWall(i: number, w: number, feature: number, t: number): boolean {
    this.moveTo(i, t);
    if ((this.wallFlags[w] & WALL_FLAG_SENSOR) !== 0) {
      this.wallSensorEvent!(i, w, t, false);
      return false;
    }
    if (this.wallInside.size > 0 && this.wallInside.delete(this.wallKey(i, w))) {
      this.passMark(i, LAST_WALL, w, t); // clear of the wall it passed through
      return false;
    }
    let nx = this.evNx[i], ny = this.evNy[i], nz = this.evNz[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      // No normal recorded (cannot happen for a hit the kernels reported): push straight back.
      const v = length3(this.vx[i], this.vy[i], this.vz[i]);
      nx = this.vx[i] / v;
      ny = this.vy[i] / v;
      nz = this.vz[i] / v;
      this.evNx[i] = nx;
      this.evNy[i] = ny;
      this.evNz[i] = nz;
    }
    if (this.contactFilter !== null) {
      const o = 3 * w, wv = this.wallVelocity;
      if (!this.contactAllowed(HIT_WALL, i, w, t, nx, ny, nz, this.vx[i] - wv[o], this.vy[i] - wv[o + 1], this.vz[i] - wv[o + 2])) {
        this.wallInside.add(this.wallKey(i, w));
        this.passMark(i, LAST_WALL, w, t);
        return false;
      }
    }
    if (this.movingWalls > 0 && this.wallMoves(w)) return this.collideMovingWall!(i, w, t);
    this.pushTrapped[i] = 1;
    this.bounce(i, t, nx, ny, nz, HIT_WALL, w, LAST_WALL, feature >> 2 === FEATURE_INTERIOR, w, this.wallRestitution[w]);
    return true;
  }

  /** The kinematic body (fixed, moving) of the pair (i, j) that pushes a movable one, or -1. */
  private pusherOf(i: number, j: number): number {
    if (this.invMass[i] === 0 && !this.isStatic(i) && this.invMass[j] > 0 && (this.flags[i] & FLAG_ASLEEP) === 0) return i;
    if (this.invMass[j] === 0 && !this.isStatic(j) && this.invMass[i] > 0 && (this.flags[j] & FLAG_ASLEEP) === 0) return j;
    return -1;
  }

  /**
   * Crushing by kinematic body k pressing on body m (closing speed u, normal n): see crushed.
   * True when k stopped (its velocity is zero now).
   */
  protected watchPusher(k: number, m: number, t: number, u: number, nx: number, ny: number, nz: number): boolean {
    const push = Math.abs(this.vx[k] * nx + this.vy[k] * ny + this.vz[k] * nz);
    const stop = this.crushed(m, -2 - k, t, u, push, length3(this.vx[k], this.vy[k], this.vz[k]));
    if (stop) this.stopKinematic(k);
    return stop;
  }

  /**
   * The crushing rule (see MovingWalls.collideMovingWall): pusher `code` (a moving wall w, or
   * -2 - k for a kinematic body k) moving at `speed` presses on body m (normal speed `push` >
   * 0) with closing speed u at time t. True when it must stop: it hit m before (as the last
   * pusher or the one before) having moved less than m's diameter since, and in between m met
   * something immovable, or came back at least push / 2 faster than it left. Records the hit
   * (the caller records the speed m leaves with, in pushLeave).
   */
  protected crushed(m: number, code: number, t: number, u: number, push: number, speed: number): boolean {
    let stop = false;
    if (push > 0) {
      const reach = Math.max(2 * this.r[m], 1e-6 * this.cellSize);
      if (this.pushCode[m] === code) {
        stop = speed * (t - this.pushTime[m]) < reach && (this.pushTrapped[m] === 1 || u > this.pushLeave[m] + 0.5 * push);
      } else if (this.pushCode2[m] === code) {
        stop = speed * (t - this.pushTime2[m]) < reach && u > this.pushLeave2[m] + 0.5 * push;
      }
    }
    if (this.pushCode[m] !== code) {
      this.pushCode2[m] = this.pushCode[m];
      this.pushTime2[m] = this.pushTime[m];
      this.pushLeave2[m] = this.pushLeave[m];
    }
    this.pushCode[m] = code;
    this.pushTime[m] = t;
    this.pushTrapped[m] = 0;
    return stop;
  }

  /** Kinematic body k stops (crushing): it is static from now on, registered in the cells at the rebuild after this event. */
  protected stopKinematic(k: number): void {
    this.vx[k] = 0;
    this.vy[k] = 0;
    this.vz[k] = 0;
    this.version[k]++;
    this.dirty = true;
  }

  protected override collideBounds(i: number, face: number, t: number): boolean {
    this.moveTo(i, t);
    if (this.passFaces[i] & (1 << face)) {
      this.passFaces[i] &= ~(1 << face);
      if (this.passFaces[i] === 0) this.passingFaces--;
      // clear of the side: outside (then the side does not count until it is back in) or back inside
      const axis = face >> 1;
      const c = axis === 0 ? this.x[i] : axis === 1 ? this.y[i] : this.z[i];
      const P = axis === 0 ? (face & 1 ? this.maxX : this.minX) : axis === 1 ? (face & 1 ? this.maxY : this.minY) : face & 1 ? this.maxZ : this.minZ;
      if ((face & 1 ? c - P : P - c) >= 0) this.outsideFaces[i] |= 1 << face;
      this.passMark(i, LAST_BOUNDS, face, t);
      return false;
    }
    const nx = face === 0 ? -1 : face === 1 ? 1 : 0;
    const ny = face === 2 ? -1 : face === 3 ? 1 : 0;
    const nz = face === 4 ? -1 : face === 5 ? 1 : 0;
    if (this.contactFilter !== null && !this.contactAllowed(HIT_BOUNDS, i, face, t, nx, ny, nz, this.vx[i], this.vy[i], this.vz[i])) {
      if (this.passFaces[i] === 0) this.passingFaces++;
      this.passFaces[i] |= 1 << face;
      this.boundsSpecial = true;
      this.passMark(i, LAST_BOUNDS, face, t);
      // It may leave the container now: the cells become hashed (the dense grid covers the box only).
      if (!this.boundsLeak) {
        this.boundsLeak = true;
        this.dirty = true;
      }
      return false;
    }
    this.pushTrapped[i] = 1;
    // At contact the centre is one radius from the face, up to the rounding of its motion:
    // put it exactly there so that it never ends up outside.
    const r0 = this.r[i];
    switch (face) {
      case 0: this.x[i] = Math.max(this.x[i], this.minX + r0); break;
      case 1: this.x[i] = Math.min(this.x[i], this.maxX - r0); break;
      case 2: this.y[i] = Math.max(this.y[i], this.minY + r0); break;
      case 3: this.y[i] = Math.min(this.y[i], this.maxY - r0); break;
      case 4: this.z[i] = Math.max(this.z[i], this.minZ + r0); break;
      default: this.z[i] = Math.min(this.z[i], this.maxZ - r0);
    }
    this.bounce(i, t, nx, ny, nz, HIT_BOUNDS, face, LAST_BOUNDS, true, -2 - face, NaN);
    return true;
  }
}
