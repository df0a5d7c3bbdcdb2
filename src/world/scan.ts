/**
 * Prediction: the next event of one body, the earliest of leaving its cell, meeting a face of
 * the container, a wall or a static body registered in its cell, leaving its support, or a
 * contact with a moving neighbour in the cells around it. The neighbour scans are the hot path
 * and are written once per dimension (scan-2d.ts, scan-3d.ts) so that each stays monomorphic.
 */
import { accelerationPart } from "./acceleration-part.js";
import { firstContact1D } from "./motion-1d.js";
import { FLAG_ALIVE, FLAG_FIXED } from "./body-store.js";
import { EV_BODY, EV_BOUNDS, EV_CELL, EV_NONE, EV_WALL } from "./event-loop.js";
import { LAST_BODY, LAST_BOUNDS, LAST_NONE, LAST_WALL } from "./motion.js";
import { WorldOverlaps } from "./overlaps.js";
import { WALL_FLAG_FLOATING } from "./walls.js";

/** @internal Prediction of each body's next event. */
export abstract class WorldScan extends WorldOverlaps {
  // The search for body i's next event keeps its running best in these fields (the scans are
  // separate small functions so that TurboFan inlines the contact kernels into them).
  protected pBest = Infinity;
  protected pKind = EV_NONE;
  protected pOther = -1;
  protected pOtherVersion = 0;
  protected pLastKind = LAST_NONE;
  protected pLastOther = -1;

  /** Moving neighbours of body i when no body accelerates and every pair interacts (the hot path). */
  protected abstract scanBodiesFast(i: number): void;
  /** Moving neighbours of body i, general case (accelerations, filters, masks). */
  protected abstract scanBodies(i: number): void;
  /** Leaving the cell with periodic axes (the periodic part, periodic.ts). */
  protected scanCellPeriodic?(i: number): void;
  /** Moving neighbours of body i in a world with periodic axes, images across the boundary (the periodic part, periodic-2d.ts / periodic-3d.ts). */
  protected scanBodiesPeriodic?(i: number): void;
  /** Whether body i is still parting from the body it just bounced off across a wrap (the periodic part, periodic.ts). */
  protected justBounced?(i: number, wx: number, wy: number, wz: number): boolean;

  /**
   * Works out whether the neighbour scans may take the fast path: every pair interacts (no
   * pair filter, default masks, no kinematic bodies, no sensors, no pair passing through).
   */
  protected override pairsChanged(): void {
    this.simplePairs = this.pairFilter === null && this.customMasks === 0 && this.kinematicCount === 0 && this.sensorCount === 0 && this.passBodies.size === 0;
    this.boundsSpecial = this.customMasks > 0 || this.passingFaces > 0 || this.boundsLeak;
  }

  /** True when a body may pass through the container or be outside it (see scanBoundsSpecial); worked out with simplePairs. */
  protected boundsSpecial = false;

  /** Computes and schedules body i's next event from its state at `now`. */
  protected override predict(i: number): void {
    if ((this.flags[i] & FLAG_ALIVE) === 0) return; // removed by a callback
    if (this.isStatic(i)) return; // static bodies are found by the bodies that move
    // (A sleeping body predicts too: its trajectory just changed, and only it can find the
    // movers whose schedules still assume the old one.)
    const now = this.now;
    this.moveTo(i, now);
    this.pBest = Infinity;
    this.pKind = EV_NONE;
    this.pOther = -1;
    this.pOtherVersion = 0;
    this.pLastKind = this.lastHit[i] === now ? this.lastKind[i] : LAST_NONE;
    this.pLastOther = this.lastOther[i];
    if (this.periodicAxes !== 0) this.scanCellPeriodic!(i);
    else this.scanCell(i);
    if ((this.flags[i] & FLAG_FIXED) === 0) {
      if (this.boundsSpecial) this.scanBoundsSpecial(i);
      else this.scanBounds(i, 0);
      this.scanWalls(i);
      if (this.support[i] !== -1) this.scanSupport!(i);
    }
    if (this.periodicAxes !== 0) this.scanBodiesPeriodic!(i);
    else if (this.simplePairs && this.linearMotion) this.scanBodiesFast(i);
    else this.scanBodies(i);
    const kind = this.pKind;
    this.evKind[i] = kind;
    this.evOther[i] = this.pOther;
    this.evOtherVersion[i] = this.pOtherVersion;
    if (kind === EV_NONE) this.queue.remove(i);
    else this.queue.set(i, now + this.pBest);
  }

  /** Leaving the grid cell (faces 0..5: -x, +x, -y, +y, -z, +z) means a new neighbourhood. */
  protected scanCell(i: number): void {
    const cs = this.cellSize;
    const three = this.dim === 3;
    let best = Infinity;
    let face = -1;
    if (this.aex[i] === 0 && this.aey[i] === 0 && this.aez[i] === 0) {
      // Without acceleration each axis is left through the side it moves towards, at
      // (side - position) / velocity: firstContact1D with a = 0, written out (no call).
      for (let k = 0; k < (three ? 3 : 2); k++) {
        const p = k === 0 ? this.x[i] : k === 1 ? this.y[i] : this.z[i];
        const v = k === 0 ? this.vx[i] : k === 1 ? this.vy[i] : this.vz[i];
        const c = k === 0 ? this.cellX[i] : k === 1 ? this.cellY[i] : this.cellZ[i];
        let t: number;
        if (v > 0) {
          const gap = (c + 1) * cs - p;
          t = gap > 0 ? gap / v : 0;
          if (t < best) { best = t; face = 2 * k + 1; }
        } else if (v < 0) {
          const gap = p - c * cs;
          t = gap > 0 ? gap / -v : 0;
          if (t < best) { best = t; face = 2 * k; }
        }
      }
    } else {
      this.scanCellAccelerated!(i);
      return;
    }
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_CELL;
      this.pOther = face;
    }
  }

  /**
   * scanBounds where a body may pass through the container or be outside it (masks, a filter):
   * the faces it passes through (their exit times) or lies beyond are settled here, the others
   * left to scanBounds.
   */
  protected scanBoundsSpecial(i: number): void {
    if (!this.boundsInteract(i)) return;
    let skip = 0;
    for (let face = 0; face < (this.dim === 3 ? 6 : 4); face++) if (this.faceSpecial(i, face)) skip |= 1 << face;
    this.scanBounds(i, skip);
  }

  /** The container's faces: 0 -x, 1 +x, 2 -y, 3 +y, 4 -z, 5 +z (none on a periodic axis; none in `skip`, a bit per face). */
  protected scanBounds(i: number, skip: number): void {
    const r = this.r[i];
    const faces = this.dim === 3 ? 6 : 4;
    const sup = this.support[i];
    // A face can only be met before the body leaves its cell when the contact position lies
    // within reach of the cell: the others wait for a later cell (a hair of slack for rounding).
    const cs = this.cellSize;
    const eps = cs * 2 ** -20;
    const lx = this.cellX[i] * cs, ly = this.cellY[i] * cs, lz = this.cellZ[i] * cs;
    for (let face = 0; face < faces; face++) {
      if (sup === -2 - face || (this.periodicAxes & (1 << (face >> 1))) !== 0 || (skip & (1 << face)) !== 0) continue;
      switch (face) {
        case 0: if (this.minX + r < lx - eps) continue; break;
        case 1: if (this.maxX - r > lx + cs + eps) continue; break;
        case 2: if (this.minY + r < ly - eps) continue; break;
        case 3: if (this.maxY - r > ly + cs + eps) continue; break;
        case 4: if (this.minZ + r < lz - eps) continue; break;
        default: if (this.maxZ - r > lz + cs + eps) continue;
      }
      let gap: number, v: number, a: number;
      switch (face) {
        case 0: gap = this.x[i] - r - this.minX; v = this.vx[i]; a = this.aex[i]; break;
        case 1: gap = this.maxX - r - this.x[i]; v = -this.vx[i]; a = -this.aex[i]; break;
        case 2: gap = this.y[i] - r - this.minY; v = this.vy[i]; a = this.aey[i]; break;
        case 3: gap = this.maxY - r - this.y[i]; v = -this.vy[i]; a = -this.aey[i]; break;
        case 4: gap = this.z[i] - r - this.minZ; v = this.vz[i]; a = this.aez[i]; break;
        default: gap = this.maxZ - r - this.z[i]; v = -this.vz[i]; a = -this.aez[i];
      }
      if (gap === Infinity) continue;
      const t = firstContact1D(gap, v, a);
      // The face it just bounced off does not count again at this very instant.
      if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_BOUNDS && this.pLastOther === face)) {
        this.pBest = t;
        this.pKind = EV_BOUNDS;
        this.pOther = face;
      }
    }
  }

  /**
   * Side `face` of the container for body i when it may pass through: while it does, its next
   * event there is the time it is clear of the side; after it passed out, the side does not
   * count until it is back inside in full. True when that settled the face.
   */
  private faceSpecial(i: number, face: number): boolean {
    const bit = 1 << face;
    if ((this.passFaces[i] & bit) !== 0) {
      const t = this.faceExitTime(i, face, this.pBest);
      if (t < this.pBest) {
        this.pBest = t;
        this.pKind = EV_BOUNDS;
        this.pOther = face;
      }
      return true;
    }
    if ((this.outsideFaces[i] & bit) === 0) return false;
    // Beyond the side after passing through it: the side is not met until the body is back
    // inside in full.
    const axis = face >> 1;
    const c = axis === 0 ? this.x[i] : axis === 1 ? this.y[i] : this.z[i];
    const P = axis === 0 ? (face & 1 ? this.maxX : this.minX) : axis === 1 ? (face & 1 ? this.maxY : this.minY) : face & 1 ? this.maxZ : this.minZ;
    if ((face & 1 ? P - c : c - P) >= this.r[i]) {
      this.outsideFaces[i] &= ~bit;
      return false;
    }
    return true;
  }

  /** Walls and static bodies registered in body i's cell, and the global ones. */
  protected scanWalls(i: number): void {
    const grid = this.grid;
    if (grid.wallItems.length === 0 && this.globalWalls.length === 0) return; // nothing static at all
    const b0 = this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]);
    const base = grid.wallOffsets[b0];
    const nLocal = grid.wallOffsets[b0 + 1] - base;
    const g = this.globalWalls;
    const m = nLocal + g.length;
    if (m === 0) return;
    const x = this.x[i], y = this.y[i], z = this.z[i];
    const vx = this.vx[i], vy = this.vy[i], vz = this.vz[i], r = this.r[i];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    const accelerated = ax !== 0 || ay !== 0 || az !== 0;
    const items = grid.wallItems;
    let bestWall = -1;
    // (walls that need more than a contact time: sensor walls, passing pairs, masks, walls moved since the rebuild)
    const special = this.sensorWalls > 0 || this.wallInside.size > 0 || this.customWallMasks > 0 || this.customMasks > 0 || this.floatingWalls > 0;
    for (let k = 0; k < m; k++) {
      const code = k < nLocal ? items[base + k] : g[k - nLocal];
      let t: number;
      if (code < 0) {
        const j = -1 - code;
        if (!this.interacts(i, j)) continue;
        t = this.pairTracked(i, j)
          ? this.trackedPairTime(i, j, this.pBest)
          : accelerated
          ? this.accelPairTime!(i, j, this.pBest)
          : this.pairToi(x, y, z, vx, vy, vz, r, this.x[j], this.y[j], this.z[j], 0, 0, 0, this.r[j], this.pBest);
        if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_BODY && this.pLastOther === j)) {
          this.pBest = t;
          this.pKind = EV_BODY;
          this.pOther = j;
          this.pOtherVersion = this.version[j];
          bestWall = -1;
        }
        continue;
      }
      if (code === this.support[i]) continue;
      if (special) {
        if (k < nLocal && (this.wallFlags[code] & WALL_FLAG_FLOATING) !== 0) continue; // (checked among the global ones)
        if (!this.wallInteracts(i, code)) continue;
        if (this.wallTracked(i, code)) {
          t = this.wallTrackTime(i, code, this.pBest);
          if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_WALL && this.pLastOther === code)) {
            this.pBest = t;
            this.pKind = EV_WALL;
            this.pOther = code;
            bestWall = -1;
          }
          continue;
        }
      }
      t = accelerated
        ? this.wallToiAccelerated!(code, i, this.pBest)
        : this.wallToi(code, x, y, z, vx, vy, vz, r, this.pBest);
      if (t < this.pBest && !(t === 0 && this.pLastKind === LAST_WALL && this.pLastOther === code)) {
        this.pBest = t;
        this.pKind = EV_WALL;
        this.pOther = code;
        bestWall = code;
      }
    }
    if (bestWall >= 0) {
      if (!accelerated) this.storeWallNormal(i, bestWall, x, y, z, vx, vy, vz, r);
      else {
        this.wallToiAccelerated!(bestWall, i, Infinity);
        const acc = accelerationPart(this.dim).result;
        this.evNx[i] = acc[1];
        this.evNy[i] = acc[2];
        this.evNz[i] = acc[3];
        this.evFeature[i] = acc[4];
      }
    }
  }

  /** Records a body contact found by a neighbour scan as the running best event. */
  protected takeBody(best: number, other: number): void {
    this.pBest = best;
    this.pKind = EV_BODY;
    this.pOther = other;
    this.pOtherVersion = this.version[other];
  }

  // The gravity part's methods (accelerated-scan.ts, resting.ts; see parts.ts), called only
  // when a body accelerates or rests (which needs the part).
  /** Contact time of bodies i and j with different accelerations (j shifted by s). */
  protected accelPairTime?(i: number, j: number, tMax: number, sx?: number, sy?: number, sz?: number): number;
  /** Contact time of two bodies with different constant accelerations, or Infinity. */
  protected toiAccelerated?(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
    tMax: number,
  ): number;
  /** scanCell for a body that accelerates. */
  protected scanCellAccelerated?(i: number): void;
  /** When body i, sliding on its support, reaches the support's edge. */
  protected scanSupport?(i: number): void;
  /** Resting contact after body `me` was hit by `other` (o: unit vector from other to me). */
  protected afterBodyContact?(me: number, other: number, ox: number, oy: number, oz: number, t: number): void;
  /** A soft contact of body i with a still thing `code`. */
  protected softStill?(i: number, code: number, t: number): void;
  /** Body i takes the flat thing `code` as its support (o: its normal). */
  protected trySupport?(i: number, code: number, ox: number, oy: number, oz: number): void;
  /** Wakes sleeping body i, and what sleeps on it. */
  protected wakeUp?(i: number): void;
}
