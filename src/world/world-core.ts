/**
 * The engine's assembly: contacts as they happen (body-body, wall, container, cell crossing),
 * the rebuild that (re)builds the cells and schedules every body, and the start-state check.
 * The layers below, each in its own file:
 *
 *   body-store.ts   typed-array columns, ids
 *   event-loop.ts   the queue-driven loop, the response rule, the event log
 *   motion.ts       free flight / constant acceleration, gravity, the container
 *   walls.ts        the wall table (kinds in walls/*.ts)
 *   cells.ts        the grid of cells (broad phase)
 *   sensors.ts      which sensor pairs overlap
 *   scan.ts         prediction of each body's next event
 *
 * World2D and World3D (world-2d.ts, world-3d.ts) add their dimension's neighbour scans
 * (scan-2d.ts, scan-3d.ts) and wall kinds. The optional parts (parts.ts) install their methods
 * onto this class: gravity (accelerated-scan.ts, resting.ts), periodic (periodic*.ts), sensors
 * (sensor-events.ts), paths (predict-path.ts), snapshots (snapshots.ts), moving walls
 * (moving-walls.ts); the methods they provide are declared optional in the layer that calls them.
 */
import { separationSign } from "../query/overlap.js";
import { FEATURE_INTERIOR } from "../query/types.js";
import { HashGrid } from "../broad/hash-grid.js";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import { FLAG_ALIVE, FLAG_ASLEEP, FLAG_CHECKED, FLAG_FIXED, FLAG_SENSOR } from "./body-store.js";
import { LAST_BODY, LAST_BOUNDS, LAST_WALL, START_SLACK } from "./motion.js";
import type { PathPrediction } from "./predict-path.js";
import type { WorldSnapshot } from "./body-store.js";
import { WorldScan } from "./scan.js";
import { requirePart } from "./parts.js";
import { length3 } from "../query/relative-motion.js";

export { START_SLACK } from "./motion.js";
export { WALL_BOX2, WALL_BOX3, WALL_PLANE, WALL_SEGMENT, WALL_STRIDE, WALL_TRIANGLE } from "./walls/wall-kind.js";
export type { PathPrediction } from "./predict-path.js";
export type { PeriodicInfo } from "./cells.js";

/** @internal The whole engine; World2D and World3D add their dimension's kernels. */
export abstract class WorldCore extends WorldScan {
  /**
   * A copy of the whole simulation state; `restore` brings the world back to it bit for bit.
   * (From `carom/2d` or `carom/3d`, this needs `import "carom/2d/snapshots";` / `"carom/3d/snapshots"`.)
   */
  snapshot(): WorldSnapshot {
    requirePart("snapshots", this.dim, "snapshot");
    return this.takeSnapshot!();
  }

  /** Restores a snapshot taken from this world (or one built the same way); see `snapshot`. Not from inside a callback of this world's `advance` (a RangeError). */
  restore(s: WorldSnapshot): void {
    requirePart("snapshots", this.dim, "restore");
    // A restore from a callback would turn the clock back under the running event loop, which
    // would then replay the same events for ever.
    if (this.advancing) throw new RangeError("restore cannot be called from inside a callback of the same world");
    this.restoreSnapshot!(s);
  }

  // The snapshots part's methods (snapshots.ts; see parts.ts).
  /** The state as a snapshot. */
  protected takeSnapshot?(): WorldSnapshot;
  /** Brings the state back to a snapshot. */
  protected restoreSnapshot?(s: WorldSnapshot): void;
  /** Copies the whole state, walls, container, gravity and rules into `w` (a fresh world of the same kind). */
  protected copyInto?(w: WorldCore): void;

  /**
   * Predicts body i's path from now without changing the world (an aim line): the body moves
   * and bounces off walls, fixed bodies and the container as the simulation would, while every
   * other body keeps its current trajectory; the prediction stops at the first contact with a
   * moving body, after `maxBounces` bounces, or at `maxTime`. Cost: O(walls + bodies) per bounce.
   *
   * Returns the corner points of the path (x, y[, z] per point, starting at the current
   * position), and for a contact with a body: its index, the time, the contact normal and both
   * bodies' velocities just after the impact (what a pool player's ghost-ball line shows).
   * Linear motion only: a body with an acceleration gets a RangeError. (From `carom/2d` or
   * `carom/3d`, this needs `import "carom/2d/paths";` / `"carom/3d/paths"`.)
   */
  predictPath(i: number, maxTime = Infinity, maxBounces = 16): PathPrediction {
    requirePart("paths", this.dim, "predictPath");
    this.checkBody(i);
    if (!(maxTime >= 0)) throw new RangeError(`maxTime must be a number >= 0 (Infinity for no limit), got ${maxTime}`);
    if (!(Number.isInteger(maxBounces) && maxBounces >= 0 && maxBounces <= 1_000_000)) throw new RangeError(`maxBounces must be an integer from 0 to 1000000 (a point per bounce), got ${maxBounces}`);
    if (this.periodicAxes !== 0) throw new RangeError("predictPath does not follow bodies across periodic bounds");
    if (this.dirty) this.rebuild();
    return this.pathOf!(i, maxTime, maxBounces);
  }

  /** The path of body i (the paths part, predict-path.ts). */
  protected pathOf?(i: number, maxTime: number, maxBounces: number): PathPrediction;

  /**
   * A body just added (allocBody + placeBody) to a world that needed no rebuild: a plain moving
   * body that fits the cells (no wider than they allow, no own acceleration, default masks, not
   * fixed, not a sensor, no resting rules in force) is checked against what is around it and
   * scheduled at once, so adding bodies inside callbacks costs O(1) instead of a rebuild; any
   * other body leaves the rebuild to happen.
   */
  protected admit(i: number): void {
    if (!this.cleanBeforeAdd || this.restSpeed > 0 || this.periodicAxes !== 0) return;
    const r = this.r[i], cs = this.cellSize;
    if ((this.flags[i] & (FLAG_FIXED | FLAG_SENSOR)) !== 0 || this.group[i] !== 1 || this.mask[i] !== -1) return;
    if (this.ax[i] !== 0 || this.ay[i] !== 0 || this.az[i] !== 0 || !(2 * r * (1 + 2 ** -20) <= cs)) return;
    const x = this.x[i], y = this.y[i], z = this.z[i];
    const far = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    if (!(cs >= far * 2 ** -28)) return;
    this.cellX[i] = Math.floor(x / cs);
    this.cellY[i] = Math.floor(y / cs);
    this.cellZ[i] = this.dim === 3 ? Math.floor(z / cs) : 0;
    this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]));
    try {
      this.checkNewBody(i);
    } catch {
      // (an overlap: the rebuild at the next advance reports it, as for any start state)
      this.grid.remove(i);
      return;
    }
    this.flags[i] |= FLAG_CHECKED;
    this.updateAcc(i);
    this.dirty = false;
    this.predict(i);
  }

  /** The start-state rule for one new body (see checkStart). */
  protected checkNewBody(i: number): void {
    const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i];
    const slack = START_SLACK * r;
    if (
      x - r < this.minX - slack || x + r > this.maxX + slack || y - r < this.minY - slack || y + r > this.maxY + slack ||
      z - r < this.minZ - slack || z + r > this.maxZ + slack
    ) {
      const at = this.dim === 2 ? `[${x}, ${y}]` : `[${x}, ${y}, ${z}]`;
      throw new RangeError(`${this.describe(i)} (radius ${r} at ${at}) is not inside the bounds`);
    }
    this.scanNeighbours(i, (j) => {
      if (this.interacts(i, j) && !this.sensorPair(i, j) && this.pairSign(i, j) < 0) throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
    });
    this.scanStatic(i, (code) => {
      if (code < 0) {
        const j = -1 - code;
        if (this.interacts(i, j) && !this.sensorPair(i, j) && this.pairSign(i, j) < 0) throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
      } else if (this.wallOverlaps(i, code)) {
        throw new RangeError(`${this.describe(i)} overlaps wall "${this.wallIds[code]}" at the start`);
      }
    });
  }

  protected override syncAll(): void {
    super.syncAll();
    this.syncWalls();
  }

  protected override onRemove(i: number, was: number): void {
    if (this.sensorInside.size > 0) this.dropSensorPairs!(i);
    // Sleepers that rested on it wake up (they may have nothing left to rest on).
    if (!this.dirty && this.restSpeed > 0) {
      this.scanNeighbours(i, (j, sx, sy, sz) => {
        // touching within rounding: radii grown by START_SLACK
        const k = 1 + START_SLACK;
        if (this.flags[j] & FLAG_ASLEEP && separationSign(this.x[i], this.y[i], this.z[i], this.r[i] * k, this.x[j] + sx, this.y[j] + sy, this.z[j] + sz, this.r[j] * k) <= 0) {
          this.flags[j] &= ~FLAG_ASLEEP;
          this.updateAcc(j);
        }
      });
    }
    this.grid.remove(i);
    // A moving body leaves nothing behind: the schedules that named it are dropped when they
    // come up (its collision counter moved on). Static things are registered in the cells and
    // woken sleepers need new schedules: those rebuild.
    if ((was & FLAG_FIXED) !== 0 || this.restSpeed > 0) this.dirty = true;
  }

  /** Rebuilds the grid and the wall table, checks the start state, and schedules every body. */
  protected override rebuild(): void {
    const n = this.n;
    this.syncAll();
    let rMax = 0;
    let movers = 0;
    this.kinematicCount = 0;
    this.linearMotion = this.gx === 0 && this.gy === 0 && this.gz === 0;
    for (let i = 0; i < n; i++) {
      // Supports are found again by the first contact (walls may have changed).
      this.support[i] = -1;
      this.updateAcc(i);
    }
    for (let i = 0; i < n; i++) {
      if (this.flags[i] & FLAG_ALIVE && (this.ax[i] !== 0 || this.ay[i] !== 0 || this.az[i] !== 0)) this.linearMotion = false;
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      movers++;
      if (this.flags[i] & FLAG_FIXED) this.kinematicCount++;
      if (this.r[i] > rMax) rMax = this.r[i];
    }
    // Cell side: twice the largest moving radius (a hair more, so rounding never matters);
    // point particles only: a 64th of the container, or 1.
    let cs = 2 * rMax * (1 + 2 ** -20);
    if (!(cs > 0)) {
      const span = Math.max(this.maxX - this.minX, this.maxY - this.minY, this.dim === 3 ? this.maxZ - this.minZ : 0);
      cs = Number.isFinite(span) ? span / 64 : 1;
    }
    // Cell indices must stay well inside 32 bits and change when incremented: cells no smaller
    // than 2^-28 of the farthest coordinate (tiny bodies far out share cells; nothing is lost).
    let far = 0;
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      far = Math.max(far, Math.abs(this.x[i]), Math.abs(this.y[i]), Math.abs(this.z[i]));
    }
    for (const b of [this.minX, this.minY, this.minZ, this.maxX, this.maxY, this.maxZ]) if (Number.isFinite(b)) far = Math.max(far, Math.abs(b));
    if (cs < far * 2 ** -28) cs = far * 2 ** -28;
    this.cellSize = cs;
    if (this.periodicAxes !== 0) this.setupPeriodic!(cs);
    const g = Math.sqrt(this.gx * this.gx + this.gy * this.gy + this.gz * this.gz);
    this.restSpeed = this.restSpeedOption ?? (g > 0 ? Math.sqrt(2 * g * 1e-6 * Math.max(rMax, cs / 2)) : 0);
    this.minSeparation = this.restSpeed;
    this.softSpeed = this.restSpeed * (1 + 2 ** -30);
    if (this.collapseTimeOption === undefined) this.collapseTime = g > 0 ? 0 : 1e-9;
    this.grid = new HashGrid(2 * Math.max(movers, 512), Math.max(this.capacity, 16));
    // A bounded world without kinematic bodies gets a dense grid when it is not too sparse.
    if (this.kinematicCount === 0 && Number.isFinite(this.maxX - this.minX + this.maxY - this.minY + (this.dim === 3 ? this.maxZ - this.minZ : 0))) {
      let ox = Math.floor(this.minX / cs) - 2, oy = Math.floor(this.minY / cs) - 2;
      let oz = this.dim === 3 ? Math.floor(this.minZ / cs) - 2 : 0;
      let nx = Math.floor(this.maxX / cs) + 3 - ox, ny = Math.floor(this.maxY / cs) + 3 - oy;
      let nz = this.dim === 3 ? Math.floor(this.maxZ / cs) + 3 - oz : 1;
      // (a periodic axis has exactly its cells 0 .. perN - 1: the scans map the others across)
      const pn = this.perN;
      if (pn[0] > 0) { ox = 0; nx = pn[0]; }
      if (pn[1] > 0) { oy = 0; ny = pn[1]; }
      if (pn[2] > 0) { oz = 0; nz = pn[2]; }
      if (nx * ny * nz <= 4 * movers + 4096) this.grid.makeDense(ox, oy, oz, nx, ny, nz);
    }
    const pairs: number[] = [];
    const globals: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE)) continue;
      this.queue.remove(i);
      const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i];
      if (this.isStatic(i)) {
        this.register(-1 - i, x - r, y - r, z - r, x + r, y + r, z + r, rMax, pairs, globals);
        continue;
      }
      if (this.periodicAxes !== 0) {
        this.cellX[i] = this.cellIndex!(0, x);
        this.cellY[i] = this.cellIndex!(1, y);
        this.cellZ[i] = this.dim === 3 ? this.cellIndex!(2, z) : 0;
      } else {
        this.cellX[i] = Math.floor(x / cs);
        this.cellY[i] = Math.floor(y / cs);
        this.cellZ[i] = this.dim === 3 ? Math.floor(z / cs) : 0;
      }
      this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]));
    }
    for (let w = 0; w < this.wallCount; w++) this.registerWall(w, rMax, pairs, globals);
    this.grid.setWalls(pairs);
    this.globalWalls = Int32Array.from(globals);
    this.checkStart();
    this.dirty = false;
    if (this.sensorCount > 0 || this.sensorInside.size > 0) this.syncSensors!();
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.predict(i);
  }

  protected describe(i: number): string {
    return `body "${this.ids[i]}"`;
  }

  /** Throws a RangeError naming the bodies that overlap each other or a wall, or leave the bounds. */
  /**
   * The start-state rule, applied to what is new since the last check (bodies added or moved,
   * walls added): a body already simulated is not judged again against the bodies it has been
   * moving among, so adding a body to a running world never trips over rounding elsewhere.
   */
  protected checkStart(): void {
    const n = this.n;
    const newWalls = this.wallsChecked < this.wallCount;
    for (let i = 0; i < n; i++) {
      if ((this.flags[i] & (FLAG_ALIVE | FLAG_FIXED | FLAG_CHECKED)) !== FLAG_ALIVE) continue;
      const x = this.x[i], y = this.y[i], z = this.z[i], r = this.r[i];
      const slack = START_SLACK * r;
      const p = this.periodicAxes; // (no faces on a periodic axis: centres are wrapped into the box)
      if (
        (!(p & 1) && (x - r < this.minX - slack || x + r > this.maxX + slack)) || (!(p & 2) && (y - r < this.minY - slack || y + r > this.maxY + slack)) ||
        (!(p & 4) && (z - r < this.minZ - slack || z + r > this.maxZ + slack))
      ) {
        const at = this.dim === 2 ? `[${x}, ${y}]` : `[${x}, ${y}, ${z}]`;
        throw new RangeError(`${this.describe(i)} (radius ${r} at ${at}) is not inside the bounds`);
      }
    }
    for (let i = 0; i < n; i++) {
      if (!(this.flags[i] & FLAG_ALIVE) || this.isStatic(i)) continue;
      const fresh = (this.flags[i] & FLAG_CHECKED) === 0;
      this.scanNeighbours(i, (j, sx, sy, sz) => {
        const jFresh = (this.flags[j] & FLAG_CHECKED) === 0;
        // each pair with a new member once: from the new side, or from the lower index when both are new
        if (!fresh || (jFresh && j < i)) return;
        if (this.interacts(i, j) && !this.sensorPair(i, j) && this.pairSign(i, j, sx, sy, sz) < 0) throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
      });
      if ((this.flags[i] & FLAG_FIXED) !== 0) continue;
      this.scanStatic(i, (code) => {
        if (code < 0) {
          const j = -1 - code;
          if ((fresh || (this.flags[j] & FLAG_CHECKED) === 0) && this.interacts(i, j) && !this.sensorPair(i, j) && this.pairSign(i, j) < 0) {
            throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
          }
        } else if ((fresh || (newWalls && code >= this.wallsChecked)) && this.wallOverlaps(i, code)) {
          throw new RangeError(`${this.describe(i)} overlaps wall "${this.wallIds[code]}" at the start`);
        }
      });
    }
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.flags[i] |= FLAG_CHECKED;
    this.wallsChecked = this.wallCount;
  }

  /** Sign of the separation of i and j with both radii shrunk by START_SLACK (negative: overlapping). */
  protected pairSign(i: number, j: number, sx = 0, sy = 0, sz = 0): number {
    const k = 1 - START_SLACK;
    return separationSign(this.x[i], this.y[i], this.z[i], this.r[i] * k, this.x[j] + sx, this.y[j] + sy, this.z[j] + sz, this.r[j] * k);
  }

  protected override crossCell(i: number, face: number, t: number): void {
    this.moveTo(i, t);
    if (this.periodicAxes !== 0 && this.perN[face >> 1] > 0) this.wrapCell!(i, face);
    else switch (face) {
      case 0: this.cellX[i]--; break;
      case 1: this.cellX[i]++; break;
      case 2: this.cellY[i]--; break;
      case 3: this.cellY[i]++; break;
      case 4: this.cellZ[i]--; break;
      default: this.cellZ[i]++;
    }
    this.grid.remove(i);
    this.grid.insert(i, this.bucket(this.cellX[i], this.cellY[i], this.cellZ[i]));
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
    if (this.kinematicCount > 0) this.watchPusher(i, j, t);
    let nx = this.x[j] - this.x[i];
    let ny = this.y[j] - this.y[i];
    let nz = this.z[j] - this.z[i];
    if (this.periodicAxes !== 0) {
      const m = this.minimumImage!(i, j, nx, ny, nz);
      nx = m[0];
      ny = m[1];
      nz = m[2];
    }
    if (nx === 0 && ny === 0 && nz === 0) {
      // Point particles meeting: the direction of approach.
      nx = this.vx[i] - this.vx[j];
      ny = this.vy[i] - this.vy[j];
      nz = this.vz[i] - this.vz[j];
    }
    const len = length3(nx, ny, nz);
    nx /= len;
    ny /= len;
    nz /= len;
    const u = (this.vx[i] - this.vx[j]) * nx + (this.vy[i] - this.vy[j]) * ny + (this.vz[i] - this.vz[j]) * nz;
    // A sleeping body hit harder than twice the resting speed wakes up; otherwise it holds still.
    const wake = 2 * this.restSpeed;
    if (this.flags[i] & FLAG_ASLEEP && u > wake) this.wakeUp!(i);
    if (this.flags[j] & FLAG_ASLEEP && u > wake) this.wakeUp!(j);
    const invI = this.flags[i] & FLAG_ASLEEP ? 0 : this.invMass[i];
    const invJ = this.flags[j] & FLAG_ASLEEP ? 0 : this.invMass[j];
    // met something immovable (see collideMovingWall)
    if (invJ === 0 && (this.flags[j] & FLAG_ASLEEP || this.isStatic(j))) this.pushTrapped[i] = 1;
    if (invI === 0 && (this.flags[i] & FLAG_ASLEEP || this.isStatic(i))) this.pushTrapped[j] = 1;
    // (u <= 0: not closing; with a resting speed the contact still parts, see impulseFor)
    const J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, j, t, Math.max(u, 0), nx, ny, nz, invI, invJ) : 0;
    if (J > 0) {
      const ia = invI * J, ib = invJ * J;
      this.vx[i] -= ia * nx;
      this.vy[i] -= ia * ny;
      this.vz[i] -= ia * nz;
      this.vx[j] += ib * nx;
      this.vy[j] += ib * ny;
      this.vz[j] += ib * nz;
    }
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
    const ri = this.r[i];
    const p = this.pending;
    p[0] = t; p[1] = this.x[i] + ri * nx; p[2] = this.y[i] + ri * ny; p[3] = this.z[i] + ri * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = J; p[8] = u;
    this.emit(i, j, HIT_BODY);
    return true;
  }

  /**
   * Reflects body i off a surface with unit normal n (from the body into the surface); a flat
   * surface (`flat`, identified by `supportCode`) may then carry the body (resting contact).
   */
  protected bounce(i: number, t: number, nx: number, ny: number, nz: number, kind: number, other: number, lastKind: number, flat: boolean, supportCode: number): void {
    // (in the frame of what it bounces off: bvx, bvy, bvz is a moving wall's velocity, else 0)
    const u = (this.vx[i] - this.bvx) * nx + (this.vy[i] - this.bvy) * ny + (this.vz[i] - this.bvz) * nz;
    const J = u > 0 || this.minSeparation > 0 ? this.impulseFor(i, -1, t, Math.max(u, 0), nx, ny, nz, this.invMass[i], 0) : 0;
    if (J > 0) {
      const ia = this.invMass[i] * J;
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

  /** Velocity of the thing a bounce is off (a moving wall), zero otherwise. */
  /** The displacement (nx, ny, nz) from i to j at the minimum image (the periodic part, periodic.ts). */
  protected minimumImage?(i: number, j: number, nx: number, ny: number, nz: number): Float64Array;

  /** A body meets a moving wall (the moving-walls part, moving-walls.ts). */
  protected collideMovingWall?(i: number, w: number, t: number): boolean;

  protected bvx = 0;
  protected bvy = 0;
  protected bvz = 0;

  protected override collideWall(i: number, w: number, feature: number, t: number): boolean {
    this.moveTo(i, t);
    if (this.movingWalls > 0 && this.wallMoves(w)) return this.collideMovingWall!(i, w, t);
    this.pushTrapped[i] = 1;
    let nx = this.evNx[i], ny = this.evNy[i], nz = this.evNz[i];
    if (nx === 0 && ny === 0 && nz === 0) {
      // No normal recorded (cannot happen for a hit the kernels reported): push straight back.
      const v = Math.sqrt(this.vx[i] ** 2 + this.vy[i] ** 2 + this.vz[i] ** 2);
      nx = this.vx[i] / v;
      ny = this.vy[i] / v;
      nz = this.vz[i] / v;
    }
    this.bounce(i, t, nx, ny, nz, HIT_WALL, w, LAST_WALL, feature >> 2 === FEATURE_INTERIOR, w);
    return true;
  }

  /**
   * Crushing by a kinematic body (fixed, moving), the rule of collideMovingWall: when it hits
   * the same body again after that body met something immovable, having moved less than the
   * body's diameter in between, it stops (its velocity becomes zero) before the contact.
   */
  protected watchPusher(i: number, j: number, t: number): void {
    let k: number, m: number;
    if (this.invMass[i] === 0 && !this.isStatic(i) && this.invMass[j] > 0) {
      k = i;
      m = j;
    } else if (this.invMass[j] === 0 && !this.isStatic(j) && this.invMass[i] > 0) {
      k = j;
      m = i;
    } else return;
    const code = -2 - k;
    const speed = Math.sqrt(this.vx[k] ** 2 + this.vy[k] ** 2 + this.vz[k] ** 2);
    const reach = Math.max(2 * this.r[m], 1e-6 * this.cellSize);
    if (this.pushCode[m] === code && this.pushTrapped[m] === 1 && speed * (t - this.pushTime[m]) < reach) {
      this.vx[k] = 0;
      this.vy[k] = 0;
      this.vz[k] = 0;
      this.version[k]++;
      this.dirty = true; // it is static now: registered in the cells at the rebuild after this event
    }
    this.pushCode[m] = code;
    this.pushTime[m] = t;
    this.pushTrapped[m] = 0;
  }

  protected override collideBounds(i: number, face: number, t: number): boolean {
    this.moveTo(i, t);
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
    const nx = face === 0 ? -1 : face === 1 ? 1 : 0;
    const ny = face === 2 ? -1 : face === 3 ? 1 : 0;
    const nz = face === 4 ? -1 : face === 5 ? 1 : 0;
    this.bounce(i, t, nx, ny, nz, HIT_BOUNDS, face, LAST_BOUNDS, true, -2 - face);
    return true;
  }
}
