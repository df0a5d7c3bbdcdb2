/**
 * The snapshots part (installed onto WorldCore by src/exports/2d/snapshots.ts and src/exports/3d/snapshots.ts;
 * see parts.ts): `snapshot`, `restore` and `clone`. A snapshot copies every column, the grid,
 * the walls, the sensor pairs, the queue and what a rebuild works out, so that a restored or
 * cloned world goes on bit for bit.
 */
import { HashGrid } from "../broad/hash-grid.js";
import { FLAG_ALIVE, FLAG_SENSOR, type Column, type WorldSnapshot } from "./body-store.js";
import { WorldCore } from "./world-core.js";
import { WALL_FLAG_FLOATING, WALL_FLAG_SENSOR } from "./walls.js";
import { WALL_REMOVED } from "./walls/wall-kind.js";

/** @internal Snapshots and copies, installed onto WorldCore. */
export abstract class Snapshots extends WorldCore {
  /** Copies the whole state, walls, container, gravity and rules into `w` (a fresh world of the same kind). */
  protected override copyInto(w: Snapshots): void {
    w.gx = this.gx;
    w.gy = this.gy;
    w.gz = this.gz;
    w.minX = this.minX;
    w.minY = this.minY;
    w.minZ = this.minZ;
    w.maxX = this.maxX;
    w.maxY = this.maxY;
    w.maxZ = this.maxZ;
    w.periodicAxes = this.periodicAxes;
    w.boundsGroup = this.boundsGroup;
    w.boundsMask = this.boundsMask;
    w.wallIds = this.wallIds.slice();
    w.response = this.response;
    w.filter = this.filter;
    w.restore(this.snapshot());
  }

  protected override takeSnapshot(): WorldSnapshot {
    const self = this as unknown as Record<string, Column>;
    const columns = this.columnSpecs.map((s) => self[s.name].slice(0, this.n));
    const q = this.queue;
    const extra = [...this.extraState().map((a) => a.slice()), q.heap.slice(0, q.size), q.slot.slice(0, this.n), q.time.slice(0, q.size)];
    return {
      now: this.now, n: this.n, columns, extra, ids: this.ids.slice(0, this.n), data: this.userData.slice(0, this.n), free: this.free.slice(), queueSize: q.size, dirty: this.dirty,
    };
  }

  protected override restoreSnapshot(s: WorldSnapshot): void {
    const self = this as unknown as Record<string, Column>;
    this.reserve(s.n);
    this.columnSpecs.forEach((spec, k) => {
      const col = self[spec.name];
      col.fill(spec.fill as never);
      col.set(s.columns[k] as never);
    });
    const m = s.extra.length;
    this.setExtraState(s.extra.slice(0, m - 3) as Column[]);
    const q = this.queue;
    q.heap.set(s.extra[m - 3] as Int32Array);
    q.slot.fill(-1);
    q.slot.set(s.extra[m - 2] as Int32Array);
    q.time.set(s.extra[m - 1] as Float64Array);
    q.size = s.queueSize;
    this.now = s.now;
    this.n = s.n;
    this.ids = s.ids.slice();
    this.userData = s.data.slice();
    this.idIndex.clear();
    for (let i = 0; i < this.n; i++) if (this.flags[i] & FLAG_ALIVE) this.idIndex.set(this.ids[i], i);
    this.free = s.free.slice();
    this.dirty = s.dirty;
    this.sensorCount = 0;
    for (let i = 0; i < this.n; i++) if ((this.flags[i] & (FLAG_ALIVE | FLAG_SENSOR)) === (FLAG_ALIVE | FLAG_SENSOR)) this.sensorCount++;
    // The count of bodies with their own group or mask decides whether pair scans check them.
    this.customMasks = 0;
    for (let i = 0; i < this.n; i++) if ((this.flags[i] & FLAG_ALIVE) && (this.group[i] !== 1 || this.mask[i] !== -1)) this.customMasks++;
    this.passingFaces = 0;
    for (let i = 0; i < this.n; i++) if ((this.flags[i] & FLAG_ALIVE) && this.passFaces[i] !== 0) this.passingFaces++;
    this.sensorWalls = 0;
    this.customWallMasks = 0;
    this.floatingWalls = 0;
    for (let w = 0; w < this.wallCount; w++) {
      if (this.wallKind[w] === WALL_REMOVED) continue;
      if (this.wallFlags[w] & WALL_FLAG_SENSOR) this.sensorWalls++;
      if (this.wallFlags[w] & WALL_FLAG_FLOATING) this.floatingWalls++;
      if (this.wallGroup[w] !== 1 || this.wallMask[w] !== -1) this.customWallMasks++;
    }
    this.simplePairs = false; // (worked out again by the next advance)
    this.boundsSpecial = true;
  }

  /** Typed arrays beyond the columns that a snapshot must carry (grid, walls, ...). */
  protected extraState(): (Float64Array | Int32Array | Uint8Array)[] {
    const g = this.grid;
    const layout = Float64Array.of(g.dense ? 1 : 0, g.ox, g.oy, g.oz, g.nx, g.ny, g.nz, g.mask);
    return [g.head, g.next, g.prev, g.bucketOf, g.wallOffsets, g.wallItems, this.globalWalls, this.wallKind, this.wallData, layout, this.wallVelocity, this.wallTime, Float64Array.from(this.sensorInside), Float64Array.of(
      this.cellSize, this.wallCount, this.wallsChecked,
      // what a rebuild works out, so that a restored or cloned world goes on exactly alike
      this.restSpeed, this.minSeparation, this.softSpeed, this.collapseTime, this.linearMotion ? 1 : 0, this.kinematicCount,
      this.gx, this.gy, this.gz, this.movingWalls, this.boundsLeak ? 1 : 0,
    ), Float64Array.of(this.perN[0], this.perN[1], this.perN[2], this.perS[0], this.perS[1], this.perS[2]),
    this.wallRestitution, this.wallGroup, this.wallMask, this.wallFlags, Float64Array.from(this.passBodies), Float64Array.from(this.wallInside)];
  }

  protected setExtraState(a: (Float64Array | Int32Array | Uint8Array)[]): void {
    const g = new HashGrid(16, Math.max(this.capacity, 16));
    const layout = a[9] as Float64Array;
    if (layout[0] === 1) g.makeDense(layout[1], layout[2], layout[3], layout[4], layout[5], layout[6]);
    g.mask = layout[7];
    g.head = (a[0] as Int32Array).slice();
    g.next.set(a[1] as Int32Array);
    g.prev.set(a[2] as Int32Array);
    g.bucketOf.set(a[3] as Int32Array);
    g.wallOffsets = (a[4] as Int32Array).slice();
    g.wallItems = (a[5] as Int32Array).slice();
    this.grid = g;
    this.globalWalls = (a[6] as Int32Array).slice();
    this.wallKind = (a[7] as Uint8Array).slice();
    this.wallData = (a[8] as Float64Array).slice();
    this.wallVelocity = (a[10] as Float64Array).slice();
    this.wallTime = (a[11] as Float64Array).slice();
    this.sensorInside.clear();
    for (const key of a[12] as Float64Array) this.sensorInside.add(key);
    const v = a[13] as Float64Array;
    this.cellSize = v[0];
    this.wallCount = v[1];
    this.wallsChecked = v[2];
    this.restSpeed = v[3];
    this.minSeparation = v[4];
    this.softSpeed = v[5];
    this.collapseTime = v[6];
    this.linearMotion = v[7] === 1;
    this.kinematicCount = v[8];
    this.gx = v[9];
    this.gy = v[10];
    this.gz = v[11];
    this.movingWalls = v[12];
    this.boundsLeak = v[13] === 1;
    this.wallRestitution = (a[15] as Float64Array).slice();
    this.wallGroup = (a[16] as Int32Array).slice();
    this.wallMask = (a[17] as Int32Array).slice();
    this.wallFlags = (a[18] as Uint8Array).slice();
    this.passBodies.clear();
    for (const key of a[19] as Float64Array) this.passBodies.add(key);
    this.wallInside.clear();
    for (const key of a[20] as Float64Array) this.wallInside.add(key);
    const per = a[14] as Float64Array;
    for (let k = 0; k < 3; k++) {
      this.perN[k] = per[k];
      this.perS[k] = per[3 + k];
    }
  }
}
