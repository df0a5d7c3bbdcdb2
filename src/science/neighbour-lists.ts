/**
 * Neighbour lists for the science engine (the scheme of Smallenburg's event-driven MD codes).
 *
 * Each body i owns a shell: a ball of radius s = δ/2 around a centre c_i (where the body was
 * when its list was last built). While i stays inside its shell, it can only touch bodies k
 * with |c_i − c_k| < σ_ik + δ (both centres within δ/2 of the bodies), so those are its list.
 * Leaving the shell is an event: the body's centre moves to where it is, and only its own list
 * is rebuilt, keeping every list symmetric (i in k's list exactly when k is in i's list), so a
 * body whose motion changes always re-predicts against every body it could touch.
 *
 * Each entry also carries the periodic image of the neighbour (which box shift, −L, 0 or +L per
 * axis, brings k next to i), fixed while both shells stand because a body is only wrapped back
 * into the box when its shell moves. An entry is one Int32, (k << 6) | code with code =
 * (sx + 1) | (sy + 1) << 2 | (sz + 1) << 4 for the shifts sx, sy, sz ∈ {−1, 0, 1} (two bits
 * each, so the engine decodes a shift with a mask, without a table look-up), so the engine's
 * pair test needs no minimum-image branches. The entry of i in k's list has code 42 − code
 * (the opposite shift: each field f becomes 2 − f).
 *
 * Growing bodies: the lists use the pair's contact distance at a horizon time T_h (σ_ik(T_h)
 * ≥ σ_ik(t) for t ≤ T_h); at T_h the engine rebuilds every list with a new horizon.
 *
 * Lists are built from a periodic cell grid over the shell centres (cells at least one cut-off
 * wide; an axis with fewer than three cells scans all of them once, with minimum images). Each
 * cell keeps its bodies in one contiguous run of 16-byte slots (the centre rounded to float32,
 * and the body), so a scan reads a cache line or two per cell; the cut-off is widened by a
 * bound on that rounding, so a list may hold a body a hair beyond it but never misses one. The
 * box shift of a neighbouring cell across the boundary is known per cell. The minimum image is unique because the engine keeps the cut-off below half
 * the box.
 */
import { prefetchSink } from "./prefetch-sink.js";

/** Where the lists live (the engine keeps them in its kernel's memory): each body's list holds up to `cap` entries. */
export interface ListStore {
  /** Body k's list: list[k cap .. k cap + count[k]), entries (neighbour << 6) | shift code. */
  readonly list: Int32Array;
  readonly count: Int32Array;
  /** Shell centres, three per body, inside [0, L) on every periodic axis. */
  readonly centre: Float64Array;
  readonly cap: number;
  /** Gives every list room for `cap` entries, keeping their contents (the views may be new). */
  growTo(cap: number): void;
}

/** A {@link ListStore} of its own arrays. */
export class ArrayListStore implements ListStore {
  list: Int32Array;
  readonly count: Int32Array;
  constructor(
    private readonly n: number,
    readonly centre: Float64Array,
    public cap: number,
  ) {
    this.list = new Int32Array(n * cap);
    this.count = new Int32Array(n);
  }

  growTo(cap: number): void {
    const list = new Int32Array(this.n * cap);
    for (let i = 0; i < this.n; i++) list.set(this.list.subarray(i * this.cap, i * this.cap + this.count[i]), i * cap);
    this.list = list;
    this.cap = cap;
  }
}

export class NeighbourLists {
  /** Capacity of each body's list. */
  get cap(): number {
    return this.store.cap;
  }
  /** Body k's list: list[k cap .. k cap + count[k]), entries (neighbour << 6) | shift code. */
  get list(): Int32Array {
    return this.store.list;
  }
  get count(): Int32Array {
    return this.store.count;
  }
  private get centre(): Float64Array {
    return this.store.centre;
  }
  /** Cell grid: cell c holds cellCount[c] bodies in slots c K .. c K + cellCount[c) (K = cellCap). */
  private cellCap = 8;
  private cellCount = new Int32Array(1);
  /** Each slot: x, y, z of the body's centre (float32) and the body (int32), on one buffer. */
  private cellF = new Float32Array(32);
  private cellI = new Int32Array(this.cellF.buffer);
  /** Every body has the same ρ (a scan reads no radius). */
  private readonly uniform: boolean;
  /** Added to every cut-off: bounds the error of the float32 centres in a distance. */
  private readonly margin: number;
  private readonly slotOf: Int32Array;
  /** The cells a scan visits (at most 27: a small axis is scanned whole, but then it has at most two cells) and their shift codes. */
  private readonly visitCell = new Int32Array(27);
  private readonly visitCode = new Int32Array(27);
  /** A list rebuild's old entries, and its marks on bodies (this rebuild's stamp: in the old list). */
  private prev = new Int32Array(64);
  private mark: Int32Array;
  private markCode: Uint8Array;
  private stamp = 0;
  /** The entries a scan finds, before they go into the lists (so that the scan loop makes no call). */
  private found = new Int32Array(256);
  private nx = 1;
  private ny = 1;
  private nz = 1;
  /** Contact distances are (ρ_i + ρ_k) × scale; the cut-off adds skin. */
  scale = 1;
  skin = 0;
  /** The largest ρ (for the largest cut-off of a body). */
  private rhoMax = 0;

  constructor(
    private readonly n: number,
    private readonly store: ListStore,
    /** Radius scale of each body (ρ_i). */
    private readonly rho: Float64Array,
    private readonly box: Float64Array,
  ) {
    this.slotOf = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.markCode = new Uint8Array(n);
    this.uniform = rho.every((r) => r === rho[0]);
    // each stored coordinate is within L 2^-24 of the centre; a distance within √3 of that per body
    const lMax = Math.max(box[0], box[1], box[2] === Infinity ? 0 : box[2]);
    this.margin = 4 * lMax * 2 ** -24;
  }

  /** Sets the grid for a largest cut-off and rebuilds every list from the current centres. */
  rebuildAll(scale: number, skin: number, rhoMax: number): void {
    this.scale = scale;
    this.skin = skin;
    this.rhoMax = rhoMax;
    const cut = 2 * rhoMax * scale + skin;
    const box = this.box;
    this.nx = Math.max(1, Math.floor(box[0] / cut));
    this.ny = Math.max(1, Math.floor(box[1] / cut));
    this.nz = box[2] === Infinity ? 1 : Math.max(1, Math.floor(box[2] / cut));
    this.layCells(this.nx * this.ny * this.nz, 8);
    this.count.fill(0);
    for (let i = 0; i < this.n; i++) this.scan(i, false);
  }

  /** Rebuilds body i's list after its centre moved (and moves it to its new cell). */
  rebuildOne(i: number): void {
    // the old list, each neighbour marked with this rebuild's stamp and its shift code
    const n0 = this.count[i];
    if (this.prev.length < n0) this.prev = new Int32Array(2 * n0);
    if (this.stamp === 0x3fffffff) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    const prev = this.prev, mark = this.mark, stamp = ++this.stamp;
    for (let q = 0, p = i * this.cap; q < n0; q++, p++) {
      const e = this.list[p];
      prev[q] = e;
      mark[e >> 6] = stamp;
      this.markCode[e >> 6] = e & 63;
    }
    this.count[i] = 0;
    const c = this.cellIndex(i);
    const slot = this.slotOf[i];
    if (c !== Math.floor(slot / this.cellCap)) {
      this.remove(i);
      this.insert(i, c);
    } else this.copyCentre(i, slot);
    this.scan(i, false);
    // only the neighbours gained (marked −1), lost (still marked with the stamp) or seen
    // through another image after a wrap (−2) have their entry of i changed
    const n1 = this.count[i];
    let touch = 0;
    for (let q = 0, p = i * this.cap; q < n1; q++, p++) {
      const e = this.list[p], k = e >> 6;
      if (mark[k] !== stamp) mark[k] = -1;
      else if (this.markCode[k] !== (e & 63)) mark[k] = -2;
      else {
        mark[k] = 0;
        continue;
      }
      touch += this.count[k];
    }
    for (let q = 0; q < n0; q++) if (mark[prev[q] >> 6] === stamp) touch += this.count[prev[q] >> 6];
    prefetchSink.value = touch;
    for (let q = 0; q < n0; q++) {
      const k = prev[q] >> 6;
      if (mark[k] === stamp) this.drop(k, i);
    }
    for (let q = 0; q < n1; q++) {
      const e = this.list[i * this.cap + q], k = e >> 6, back = (i << 6) | (42 - (e & 63));
      if (mark[k] === -1) this.add(k, back);
      else if (mark[k] === -2) this.replace(k, i, back);
    }
  }

  /** Removes the entry of i from k's list (moving the last entry into its place). */
  private drop(k: number, i: number): void {
    const list = this.list, base = k * this.cap, last = base + --this.count[k];
    for (let q = base; q <= last; q++) {
      if (list[q] >> 6 === i) {
        list[q] = list[last];
        return;
      }
    }
  }

  /** Gives the entry of i in k's list the shift of `entry` (i's image seen from k changes when i wraps). */
  private replace(k: number, i: number, entry: number): void {
    const list = this.list, base = k * this.cap;
    for (let q = base, end = base + this.count[k]; q < end; q++) {
      if (list[q] >> 6 === i) {
        list[q] = entry;
        return;
      }
    }
  }


  private cellIndex(i: number): number {
    const box = this.box, centre = this.centre;
    let cx = Math.floor((centre[3 * i] / box[0]) * this.nx);
    let cy = Math.floor((centre[3 * i + 1] / box[1]) * this.ny);
    let cz = this.nz === 1 ? 0 : Math.floor((centre[3 * i + 2] / box[2]) * this.nz);
    cx = cx < 0 ? 0 : cx >= this.nx ? this.nx - 1 : cx;
    cy = cy < 0 ? 0 : cy >= this.ny ? this.ny - 1 : cy;
    cz = cz < 0 ? 0 : cz >= this.nz ? this.nz - 1 : cz;
    return (cz * this.ny + cy) * this.nx + cx;
  }

  /** Allocates `cells` cells of at least `minCap` slots (more if a cell needs them) and files every body. */
  private layCells(cells: number, minCap: number): void {
    if (this.cellCount.length !== cells) this.cellCount = new Int32Array(cells);
    else this.cellCount.fill(0);
    let most = 0;
    for (let i = 0; i < this.n; i++) most = Math.max(most, ++this.cellCount[this.cellIndex(i)]);
    this.cellCount.fill(0);
    const cellCap = (this.cellCap = Math.max(minCap, most + 4));
    if (this.cellF.length < 4 * cells * cellCap) {
      this.cellF = new Float32Array(4 * cells * cellCap);
      this.cellI = new Int32Array(this.cellF.buffer);
    }
    for (let i = 0; i < this.n; i++) this.file(i, this.cellIndex(i));
  }

  /** Files i in cell c, laying the cells out again with more slots when c is full. */
  private insert(i: number, c: number): void {
    if (this.cellCount[c] === this.cellCap) this.layCells(this.cellCount.length, 2 * this.cellCap);
    else this.file(i, c);
  }

  private file(i: number, c: number): void {
    const slot = c * this.cellCap + this.cellCount[c]++;
    this.slotOf[i] = slot;
    this.copyCentre(i, slot);
  }

  private copyCentre(i: number, slot: number): void {
    const f = this.cellF, centre = this.centre;
    f[4 * slot] = centre[3 * i];
    f[4 * slot + 1] = centre[3 * i + 1];
    f[4 * slot + 2] = centre[3 * i + 2];
    this.cellI[4 * slot + 3] = i;
  }

  /** Takes i out of its cell, moving the cell's last body into its slot. */
  private remove(i: number): void {
    const slot = this.slotOf[i];
    const c = Math.floor(slot / this.cellCap);
    const last = c * this.cellCap + --this.cellCount[c];
    if (last !== slot) {
      const ints = this.cellI;
      const k = ints[4 * last + 3];
      this.slotOf[k] = slot;
      ints[4 * slot] = ints[4 * last];
      ints[4 * slot + 1] = ints[4 * last + 1];
      ints[4 * slot + 2] = ints[4 * last + 2];
      ints[4 * slot + 3] = k;
    }
  }

  /** Adds to i's list every body within the cut-off; `both` also adds i to theirs. */
  private scan(i: number, both: boolean): void {
    const centre = this.centre, box = this.box, data = this.cellF, ints = this.cellI, rho = this.rho;
    const cellCount = this.cellCount, cellCap = this.cellCap;
    const lx = box[0], ly = box[1], lz = box[2];
    const hx = lx / 2, hy = ly / 2, hz = lz / 2;
    // a shift code's shift along an axis is ((code >> 2 a) & 3) − 1 boxes (none along an infinite z)
    const lzs = lz === Infinity ? 0 : lz;
    const xi = centre[3 * i], yi = centre[3 * i + 1], zi = centre[3 * i + 2];
    const ri = rho[i], scale = this.scale, skin = this.skin + this.margin;
    // every body's cut-off when the radii are all the same, else −1 (a number: the optimiser
    // tests a boolean field's truth in full each time)
    const cutU = this.uniform ? (ri + ri) * scale + skin : -1;
    const nx = this.nx, ny = this.ny, nz = this.nz;
    // an axis with fewer than three cells is scanned whole, with minimum images per pair
    const small = nx < 3 || ny < 3 || (nz < 3 && lzs > 0);
    const c = Math.floor(this.slotOf[i] / cellCap);
    const cx = c % nx, cy = Math.floor(c / nx) % ny, cz = Math.floor(c / (nx * ny));
    const x0 = nx >= 3 ? -1 : -cx, x1 = nx >= 3 ? 1 : nx - 1 - cx;
    const y0 = ny >= 3 ? -1 : -cy, y1 = ny >= 3 ? 1 : ny - 1 - cy;
    const z0 = nz >= 3 ? -1 : -cz, z1 = nz >= 3 ? 1 : nz - 1 - cz;
    // first pass: the cells to visit, each with the shift code of its wrap across the box
    // (a cell reached across the low side holds bodies whose image is at −L), touching each
    // cell's first slot so that the cache misses of all the cells overlap
    const visitCell = this.visitCell, visitCode = this.visitCode;
    let visits = 0, touch = 0, candidates = 0;
    // a neighbouring cell whose nearest point is beyond i's largest cut-off is skipped (an edge
    // or corner cell, about a quarter of the candidates): the squared distances from i's centre
    // to the low and high faces of its cell along each axis (the cut-off's margin covers the
    // rounding of the cell bounds)
    const cutMax = cutU > 0 ? cutU : (ri + this.rhoMax) * scale + skin, cut2 = small ? Infinity : cutMax * cutMax;
    const wx = lx / nx, wy = ly / ny, wz = lzs / nz;
    const loX = xi - cx * wx, hiX = (cx + 1) * wx - xi, loY = yi - cy * wy, hiY = (cy + 1) * wy - yi;
    const loZ = zi - cz * wz, hiZ = (cz + 1) * wz - zi;
    for (let oz = z0; oz <= z1; oz++) {
      let gz = cz + oz, sz = 0;
      if (gz < 0) { gz += nz; sz = -1; } else if (gz >= nz) { gz -= nz; sz = 1; }
      const fz = oz < 0 ? loZ : oz > 0 ? hiZ : 0, dz2 = fz > 0 ? fz * fz : 0;
      for (let oy = y0; oy <= y1; oy++) {
        let gy = cy + oy, sy = 0;
        if (gy < 0) { gy += ny; sy = -1; } else if (gy >= ny) { gy -= ny; sy = 1; }
        const fy = oy < 0 ? loY : oy > 0 ? hiY : 0, dyz2 = dz2 + (fy > 0 ? fy * fy : 0);
        if (dyz2 >= cut2) continue;
        for (let ox = x0; ox <= x1; ox++) {
          const fx = ox < 0 ? loX : ox > 0 ? hiX : 0;
          if (dyz2 + (fx > 0 ? fx * fx : 0) >= cut2) continue;
          let gx = cx + ox, sx = 0;
          if (gx < 0) { gx += nx; sx = -1; } else if (gx >= nx) { gx -= nx; sx = 1; }
          const cell = (gz * ny + gy) * nx + gx;
          visitCell[visits] = cell;
          visitCode[visits++] = (sx + 1) | ((sy + 1) << 2) | ((sz + 1) << 4);
          candidates += cellCount[cell];
          touch += data[4 * cell * cellCap];
        }
      }
    }
    prefetchSink.value = touch;
    if (this.found.length < candidates) this.found = new Int32Array(2 * candidates);
    const found = this.found;
    let m = 0;
    for (let v = 0; v < visits; v++) {
      const cell = visitCell[v], cellCode = visitCode[v];
      const start = cell * cellCap, end = start + cellCount[cell];
      if (!small) {
        // the cell's shift holds for all its bodies
        const sx = ((cellCode & 3) - 1) * lx, sy = (((cellCode >> 2) & 3) - 1) * ly, sz = (((cellCode >> 4) & 3) - 1) * lzs;
        for (let slot = start; slot < end; slot++) {
          const k = ints[(slot << 2) | 3];
          if (k === i) continue;
          const dx = data[slot << 2] - xi + sx, dy = data[(slot << 2) | 1] - yi + sy, dz = data[(slot << 2) | 2] - zi + sz;
          const cut = cutU > 0 ? cutU : (ri + rho[k]) * scale + skin;
          if (dx * dx + dy * dy + dz * dz < cut * cut) found[m++] = (k << 6) | cellCode;
        }
        continue;
      }
      for (let slot = start; slot < end; slot++) {
        const k = ints[(slot << 2) | 3];
        if (k === i) continue;
        let dx = data[slot << 2] - xi, dy = data[(slot << 2) | 1] - yi, dz = data[(slot << 2) | 2] - zi;
        let qx = 1, qy = 1, qz = 1;
        if (dx > hx) qx = 0; else if (dx < -hx) qx = 2;
        if (dy > hy) qy = 0; else if (dy < -hy) qy = 2;
        if (dz > hz) qz = 0; else if (dz < -hz) qz = 2;
        const code = qx | (qy << 2) | (qz << 4);
        dx += ((code & 3) - 1) * lx;
        dy += (((code >> 2) & 3) - 1) * ly;
        dz += (((code >> 4) & 3) - 1) * lzs;
        const cut = cutU > 0 ? cutU : (ri + rho[k]) * scale + skin;
        if (dx * dx + dy * dy + dz * dz < cut * cut) found[m++] = (k << 6) | code;
      }
    }
    for (let q = 0; q < m; q++) this.add(i, found[q]);
    if (both) for (let q = 0; q < m; q++) this.add(found[q] >> 6, (i << 6) | (42 - (found[q] & 63)));
  }

  private add(i: number, entry: number): void {
    if (this.count[i] === this.cap) this.grow();
    this.list[i * this.cap + this.count[i]++] = entry;
  }

  private grow(): void {
    this.store.growTo(2 * this.cap);
  }
}
