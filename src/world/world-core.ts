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
 *   overlaps.ts     sensor walls, and what a contact filter lets pass
 *   scan.ts         prediction of each body's next event
 *   wall-edits.ts   walls changed while running (no rebuild)
 *   contacts.ts     contacts as they happen (bodies, walls, the container)
 *
 * World2D and World3D (world-2d.ts, world-3d.ts) add their dimension's neighbour scans
 * (scan-2d.ts, scan-3d.ts) and wall kinds. The optional parts (parts.ts) install their methods
 * onto this class: gravity (accelerated-scan.ts, resting.ts), periodic (periodic*.ts), sensors
 * (sensor-events.ts), paths (predict-path.ts), snapshots (snapshots.ts), moving walls
 * (moving-walls.ts); the methods they provide are declared optional in the layer that calls them.
 */
import { separationSign } from "../query/overlap.js";
import { HashGrid } from "../broad/hash-grid.js";
import { FLAG_ALIVE, FLAG_CHECKED, FLAG_FIXED, FLAG_SENSOR } from "./body-store.js";
import { START_SLACK } from "./motion.js";
import type { PathPrediction } from "./predict-path.js";
import type { WorldSnapshot } from "./body-store.js";
import { WorldContacts } from "./contacts.js";
import { WALL_FLAG_SENSOR } from "./walls.js";
import { requirePart } from "./parts.js";

export { START_SLACK } from "./motion.js";
export { WALL_BOX2, WALL_BOX3, WALL_PLANE, WALL_SEGMENT, WALL_STRIDE, WALL_TRIANGLE } from "./walls/wall-kind.js";
export type { PathPrediction } from "./predict-path.js";
export type { PeriodicInfo } from "./cells.js";

/** @internal The whole engine; World2D and World3D add their dimension's kernels. */
export abstract class WorldCore extends WorldContacts {
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
    // (with sensors, a rebuild settles whether the new body starts inside one)
    if (!this.cleanBeforeAdd || this.restSpeed > 0 || this.periodicAxes !== 0 || this.sensorCount > 0 || this.sensorWalls > 0) return;
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
      this.boundsInteract(i) && (x - r < this.minX - slack || x + r > this.maxX + slack || y - r < this.minY - slack || y + r > this.maxY + slack ||
      z - r < this.minZ - slack || z + r > this.maxZ + slack)
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
      } else if (this.wallBlocks(i, code) && this.wallOverlaps(i, code)) {
        throw new RangeError(`${this.describe(i)} overlaps wall "${this.wallIds[code]}" at the start`);
      }
    });
  }

  /** True when wall w is solid for body i (not a sensor, masks met, not passing through it). */
  protected wallBlocks(i: number, w: number): boolean {
    return (this.wallFlags[w] & WALL_FLAG_SENSOR) === 0 && this.wallInteracts(i, w) && !(this.wallInside.size > 0 && this.wallInside.has(this.wallKey(i, w)));
  }

  protected override syncAll(): void {
    super.syncAll();
    this.syncWalls();
  }

  protected override onRemove(i: number, was: number): void {
    if (this.sensorInside.size > 0) this.dropSensorPairs!(i);
    this.dropBodyOverlaps(i);
    // Sleepers that rested on it wake up (they may have nothing left to rest on).
    if (this.restSpeed > 0) this.wakeAround!(-1 - i);
    this.grid.remove(i);
    // A moving body leaves nothing behind: the schedules that named it are dropped when they
    // come up (its collision counter moved on). Static things are registered in the cells and
    // woken sleepers need new schedules: those rebuild.
    if ((was & FLAG_FIXED) !== 0 || this.restSpeed > 0) this.dirty = true;
  }

  /** Sleepers touching wall w wake up before it changes (the gravity part). */
  protected override wallWillChange(w: number): void {
    if (this.restSpeed > 0) this.wakeAround!(w);
  }

  /** Rebuilds the grid and the wall table, checks the start state, and schedules every body. */
  protected override rebuild(): void {
    const n = this.n;
    this.dirty = true; // (until every body is scheduled: an exception on the way leaves it to the next rebuild)
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
      if (!this.boundsInteract(i)) this.boundsLeak = true; // (it may leave the container: hashed cells)
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
    if (this.kinematicCount === 0 && !this.boundsLeak && Number.isFinite(this.maxX - this.minX + this.maxY - this.minY + (this.dim === 3 ? this.maxZ - this.minZ : 0))) {
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
    this.floatingWalls = 0;
    for (let w = 0; w < this.wallCount; w++) this.registerWall(w, rMax, pairs, globals);
    this.grid.setWalls(pairs);
    this.globalWalls = Int32Array.from(globals);
    this.checkStart();
    this.pairsChanged();
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.predict(i);
    this.dirty = false;
    // Overlaps that changed by a jump (a body added or moved into a sensor, out of a pass) are
    // settled last, one at a time, with the world consistent when each is reported.
    if (this.sensorCount > 0 || this.sensorInside.size > 0) this.syncSensors!();
    if (this.sensorWalls > 0 || this.wallInside.size > 0 || this.passBodies.size > 0) this.syncWallOverlaps();
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
      if (this.passFaces[i] !== 0 || !this.boundsInteract(i)) continue; // (passing through the container, or not meeting it)
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
        if (this.interacts(i, j) && !this.pairTracked(i, j) && this.pairSign(i, j, sx, sy, sz) < 0) throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
      });
      if ((this.flags[i] & FLAG_FIXED) !== 0) continue;
      this.scanStatic(i, (code) => {
        if (code < 0) {
          const j = -1 - code;
          if ((fresh || (this.flags[j] & FLAG_CHECKED) === 0) && this.interacts(i, j) && !this.pairTracked(i, j) && this.pairSign(i, j) < 0) {
            throw new RangeError(`${this.describe(i)} and ${this.describe(j)} overlap at the start`);
          }
        } else if ((fresh || (newWalls && code >= this.wallsChecked)) && this.wallBlocks(i, code) && this.wallOverlaps(i, code)) {
          throw new RangeError(`${this.describe(i)} overlaps wall "${this.wallIds[code]}" at the start`);
        }
      });
    }
    for (let i = 0; i < n; i++) if (this.flags[i] & FLAG_ALIVE) this.flags[i] |= FLAG_CHECKED;
    this.wallsChecked = this.wallCount;
  }

  /** Sign of the separation of i and j (j shifted by s) with both radii scaled by k, by default shrunk by START_SLACK (negative: overlapping). */
  protected override pairSign(i: number, j: number, sx = 0, sy = 0, sz = 0, k = 1 - START_SLACK): number {
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

}
