/**
 * Periodic bounds (bounds.periodic): at a rebuild, what does not mix with them is rejected,
 * centres are wrapped into the box and the cells of each periodic axis are laid out (perN,
 * perS in cells.ts); a body leaving the last cell through the box's side wraps to the other
 * side (wrapCell) and its image counter moves by one; `world.periodic` reads them.
 */
import { FLAG_ALIVE, FLAG_FIXED, FLAG_SENSOR } from "./body-store.js";
import { WorldCells } from "./cells.js";

/** What `world.periodic` tells about the periodic box and each body's images. */
export interface PeriodicInfo {
  /** One boolean per axis: true where the box wraps around. */
  readonly axes: readonly boolean[];
  /** Body i's image counters, one per axis. */
  image(i: number): number[];
  /** Body i's unwrapped position: x + image * box length on each axis. */
  unwrapped(i: number): number[];
}

/** @internal Periodic bounds: layout, wrapping, image counters. */
export abstract class WorldPeriodic extends WorldCells {
  /**
   * Periodic bounds at a rebuild: rejects what does not mix with them (walls, fixed bodies,
   * sensors, gravity or an own acceleration along a periodic axis, a body wider than half the
   * box length on a periodic axis), wraps every centre into the box (counting images) and lays
   * out the cells of each periodic axis (see perN): as many as fit at least `cs` wide.
   */
  protected setupPeriodic(cs: number): void {
    const p = this.periodicAxes;
    const axis = ["x", "y", "z"];
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
  protected wrapCell(i: number, face: number): void {
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
   * The periodic box (see `bounds.periodic`): `axes`, one boolean per axis (all false without
   * periodic bounds); `image(i)`, how many box lengths body i has been wrapped by on each axis
   * (+1 each time its centre leaves through the upper side); and `unwrapped(i)`, its current
   * position plus image times box length, the path it has really travelled (for displacements
   * and the mean squared displacement). Positions `x[i]` etc. stay inside the box.
   */
  get periodic(): PeriodicInfo {
    const d = this.dim, p = this.periodicAxes;
    const axes = [0, 1, 2].slice(0, d).map((k) => (p & (1 << k)) !== 0);
    const image = (i: number): number[] => {
      this.checkBody(i);
      return [this.imageX[i], this.imageY[i], this.imageZ[i]].slice(0, d);
    };
    const unwrapped = (i: number): number[] => {
      const m = image(i);
      return [this.x[i], this.y[i], this.z[i]].slice(0, d).map((v, k) => (m[k] === 0 ? v : v + m[k] * this.boxLength(k)));
    };
    return { axes, image, unwrapped };
  }

  /**
   * Whether body i, at the same spot as the body it last bounced off and moving at relative
   * velocity w to it, has moved no further from that bounce than the rounding of a wrap
   * (x + L rounded: a few ulps of the box coordinates), so the two are still parting.
   */
  protected justBounced(i: number, wx: number, wy: number, wz: number): boolean {
    const scale = Math.max(Math.abs(this.minX), Math.abs(this.maxX), Math.abs(this.minY), Math.abs(this.maxY), this.dim === 3 ? Math.max(Math.abs(this.minZ), Math.abs(this.maxZ)) : 0);
    return (this.now - this.lastHit[i]) * Math.sqrt(wx * wx + wy * wy + wz * wz) <= scale * 2 ** -48;
  }
}
