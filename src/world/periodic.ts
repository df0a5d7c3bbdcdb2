/**
 * The periodic part (bounds.periodic; installed by carom/2d/periodic and carom/3d/periodic,
 * see parts.ts): at a rebuild, what does not mix with periodic bounds is rejected, centres are
 * wrapped into the box and the cells of each periodic axis are laid out (perN, perS in
 * cells.ts); a body leaving the last cell through the box's side wraps to the other side
 * (wrapCell) and its image counter moves by one (`world.periodic` in motion.ts reads them).
 * The neighbour scans across the boundary are in periodic-2d.ts and periodic-3d.ts.
 */
import { FLAG_ALIVE, FLAG_FIXED, FLAG_SENSOR } from "./body-store.js";
import { firstContact1D } from "./motion-1d.js";
import { EV_CELL } from "./event-loop.js";
import { WorldCore } from "./world-core.js";

const image = new Float64Array(3);

/** @internal The periodic part's shared methods, installed onto WorldCore (see parts.ts). */
export abstract class PeriodicBounds extends WorldCore {
  /**
   * Periodic bounds at a rebuild: rejects what does not mix with them (walls, fixed bodies,
   * sensors, gravity or an own acceleration along a periodic axis, a body wider than half the
   * box length on a periodic axis), wraps every centre into the box (counting images) and lays
   * out the cells of each periodic axis (see perN): as many as fit at least `cs` wide.
   */
  protected override setupPeriodic(cs: number): void {
    const p = this.periodicAxes;
    const axis = ["x", "y", "z"];
    if (this.contactFilter !== null) throw new RangeError("a contact filter and periodic bounds don't mix (a pair filter (a, b) => boolean does)");
    for (let w = 0; w < this.wallCount; w++) {
      if (this.wallKind[w] !== 0) throw new RangeError(`wall "${this.wallIds[w]}": walls and periodic bounds don't mix (use a non-periodic container instead)`);
    }
    const gravity = [this.gx, this.gy, this.gz];
    const own = [this.ax, this.ay, this.az];
    const pos = [this.x, this.y, this.z];
    const img = [this.imageX, this.imageY, this.imageZ];
    const min = [this.minX, this.minY, this.minZ];
    for (let k = 0; k < this.dim; k++) {
      if (!(p & (1 << k))) continue;
      if (gravity[k] !== 0) throw new RangeError(`gravity along periodic axis ${axis[k]} is not supported (got ${gravity[k]}); gravity may act along non-periodic axes`);
    }
    for (let i = 0; i < this.n; i++) {
      const f = this.flags[i];
      if (!(f & FLAG_ALIVE)) continue;
      if (f & FLAG_FIXED) throw new RangeError(`body "${this.ids[i]}": fixed bodies and periodic bounds don't mix`);
      if (f & FLAG_SENSOR) throw new RangeError(`body "${this.ids[i]}": sensors and periodic bounds don't mix`);
      for (let k = 0; k < this.dim; k++) {
        if (!(p & (1 << k))) continue;
        const L = this.boxLength(k);
        if (own[k][i] !== 0) throw new RangeError(`body "${this.ids[i]}": a${axis[k]} must be 0 along periodic axis ${axis[k]}, got ${own[k][i]}`);
        if (2 * this.r[i] > L / 2) throw new RangeError(`body "${this.ids[i]}": diameter ${2 * this.r[i]} is more than half the periodic box length ${L} along ${axis[k]}`);
        const q = pos[k][i] - min[k];
        if (!(q >= 0 && q < L)) {
          const m = Math.floor(q / L);
          pos[k][i] -= m * L;
          img[k][i] += m;
        }
      }
    }
    for (let k = 0; k < 3; k++) {
      const on = k < this.dim && (p & (1 << k)) !== 0;
      this.perN[k] = on ? Math.max(1, Math.floor(this.boxLength(k) / cs)) : 0;
      this.perS[k] = on ? this.boxLength(k) / this.perN[k] : 0;
    }
  }

  /** Crossing a cell side along a periodic axis: from the last cell on, through the box's side, the body wraps to the other side. */
  protected override wrapCell(i: number, face: number): void {
    const k = face >> 1, n = this.perN[k], L = this.boxLength(k);
    const cell = k === 0 ? this.cellX : k === 1 ? this.cellY : this.cellZ;
    const pos = k === 0 ? this.x : k === 1 ? this.y : this.z;
    const img = k === 0 ? this.imageX : k === 1 ? this.imageY : this.imageZ;
    let c = cell[i] + ((face & 1) === 1 ? 1 : -1);
    if (c >= n) {
      c = 0;
      pos[i] -= L;
      img[i]++;
    } else if (c < 0) {
      c = n - 1;
      pos[i] += L;
      img[i]--;
    }
    cell[i] = c;
  }

  /**
   * scanCell with periodic axes: on such an axis the cells are numbered from the box's lower
   * side (see perN) and leaving the last cell through the upper side is leaving the box, where
   * crossCell wraps the body to the other side.
   */
  protected override scanCellPeriodic(i: number): void {
    let best = Infinity;
    let face = -1;
    const cs = this.cellSize;
    for (let k = 0; k < this.dim; k++) {
      const p = k === 0 ? this.x[i] : k === 1 ? this.y[i] : this.z[i];
      const v = k === 0 ? this.vx[i] : k === 1 ? this.vy[i] : this.vz[i];
      const a = k === 0 ? this.aex[i] : k === 1 ? this.aey[i] : this.aez[i];
      const c = k === 0 ? this.cellX[i] : k === 1 ? this.cellY[i] : this.cellZ[i];
      const n = this.perN[k];
      let lo: number, hi: number;
      if (n === 0) {
        lo = c * cs;
        hi = (c + 1) * cs;
      } else {
        const min = k === 0 ? this.minX : k === 1 ? this.minY : this.minZ;
        const max = k === 0 ? this.maxX : k === 1 ? this.maxY : this.maxZ;
        const s = this.perS[k];
        lo = c === 0 ? min : min + c * s;
        hi = c === n - 1 ? max : min + (c + 1) * s;
      }
      if (a === 0) {
        // (firstContact1D with a = 0, written out as in scanCell)
        if (v > 0) {
          const gap = hi - p;
          const t = gap > 0 ? gap / v : 0;
          if (t < best) { best = t; face = 2 * k + 1; }
        } else if (v < 0) {
          const gap = p - lo;
          const t = gap > 0 ? gap / -v : 0;
          if (t < best) { best = t; face = 2 * k; }
        }
        continue;
      }
      let t = firstContact1D(p - lo, v, a);
      if (t < best) { best = t; face = 2 * k; }
      t = firstContact1D(hi - p, -v, -a);
      if (t < best) { best = t; face = 2 * k + 1; }
    }
    if (best < this.pBest) {
      this.pBest = best;
      this.pKind = EV_CELL;
      this.pOther = face;
    }
  }

  /** Cell index of coordinate p on axis k (periodic axes numbered from the box's lower side). */
  protected override cellIndex(k: number, p: number): number {
    const n = this.perN[k];
    if (n === 0) return Math.floor(p / this.cellSize);
    const c = Math.floor((p - (k === 0 ? this.minX : k === 1 ? this.minY : this.minZ)) / this.perS[k]);
    return c < 0 ? 0 : c >= n ? n - 1 : c;
  }

  /**
   * The displacement (nx, ny, nz) from body i to body j taken at the minimum image: a contact is
   * at most half a box length long on a periodic axis. Written into a shared scratch array.
   */
  protected override minimumImage(i: number, j: number, nx: number, ny: number, nz: number): Float64Array {
    const p = this.periodicAxes, lx = this.maxX - this.minX, ly = this.maxY - this.minY, lz = this.maxZ - this.minZ;
    if (p & 1 && Math.abs(nx) > lx / 2) nx = nx > 0 ? this.x[j] - lx - this.x[i] : this.x[j] + lx - this.x[i];
    if (p & 2 && Math.abs(ny) > ly / 2) ny = ny > 0 ? this.y[j] - ly - this.y[i] : this.y[j] + ly - this.y[i];
    if (p & 4 && Math.abs(nz) > lz / 2) nz = nz > 0 ? this.z[j] - lz - this.z[i] : this.z[j] + lz - this.z[i];
    image[0] = nx;
    image[1] = ny;
    image[2] = nz;
    return image;
  }

  /**
   * Whether body i, at the same spot as the body it last bounced off and moving at relative
   * velocity w to it, has moved no further from that bounce than the rounding of a wrap
   * (x + L rounded: a few ulps of the box coordinates), so the two are still parting.
   */
  protected override justBounced(i: number, wx: number, wy: number, wz: number): boolean {
    const scale = Math.max(Math.abs(this.minX), Math.abs(this.maxX), Math.abs(this.minY), Math.abs(this.maxY), this.dim === 3 ? Math.max(Math.abs(this.minZ), Math.abs(this.maxZ)) : 0);
    return (this.now - this.lastHit[i]) * Math.sqrt(wx * wx + wy * wy + wz * wz) <= scale * 2 ** -48;
  }
}
