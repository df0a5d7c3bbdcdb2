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
 * Growing bodies: the lists use the pair's contact distance at a horizon time T_h (σ_ik(T_h)
 * ≥ σ_ik(t) for t ≤ T_h); at T_h the engine rebuilds every list with a new horizon.
 *
 * Lists are built from a periodic cell grid over the shell centres (cells at least one cut-off
 * wide; an axis with fewer than three cells scans all of them once). Distances use the minimum
 * image, which is unique because the engine keeps the cut-off below half the box.
 */
export class NeighbourLists {
  /** Capacity of each body's list. */
  cap: number;
  /** Body k's list: list[k cap .. k cap + count[k]). */
  list: Int32Array;
  readonly count: Int32Array;
  private head = new Int32Array(1);
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly cellOf: Int32Array;
  private nx = 1;
  private ny = 1;
  private nz = 1;
  /** Contact distances are (ρ_i + ρ_k) × scale; the cut-off adds skin. */
  scale = 1;
  skin = 0;

  constructor(
    private readonly n: number,
    /** Shell centres, three per body, inside [0, L) on every periodic axis. */
    private readonly centre: Float64Array,
    /** Radius scale of each body (ρ_i). */
    private readonly rho: Float64Array,
    private readonly box: Float64Array,
    capacity: number,
  ) {
    this.cap = Math.max(4, capacity);
    this.list = new Int32Array(n * this.cap);
    this.count = new Int32Array(n);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.cellOf = new Int32Array(n);
  }

  /** Sets the grid for a largest cut-off and rebuilds every list from the current centres. */
  rebuildAll(scale: number, skin: number, rhoMax: number): void {
    this.scale = scale;
    this.skin = skin;
    const cut = 2 * rhoMax * scale + skin;
    const box = this.box;
    this.nx = Math.max(1, Math.floor(box[0] / cut));
    this.ny = Math.max(1, Math.floor(box[1] / cut));
    this.nz = box[2] === Infinity ? 1 : Math.max(1, Math.floor(box[2] / cut));
    const cells = this.nx * this.ny * this.nz;
    if (this.head.length !== cells) this.head = new Int32Array(cells);
    this.head.fill(-1);
    for (let i = 0; i < this.n; i++) this.insert(i);
    this.count.fill(0);
    for (let i = 0; i < this.n; i++) this.scan(i, false);
  }

  /** Rebuilds body i's list after its centre moved (and moves it to its new cell). */
  rebuildOne(i: number): void {
    const list = this.list, count = this.count, cap = this.cap;
    for (let p = i * cap, end = p + count[i]; p < end; p++) {
      const k = list[p];
      const base = k * cap;
      const last = base + count[k] - 1;
      for (let q = base; q <= last; q++) {
        if (list[q] === i) {
          list[q] = list[last];
          break;
        }
      }
      count[k]--;
    }
    count[i] = 0;
    const c = this.cellIndex(i);
    if (c !== this.cellOf[i]) {
      this.remove(i);
      this.insert(i);
    }
    this.scan(i, true);
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

  private insert(i: number): void {
    const c = this.cellIndex(i);
    this.cellOf[i] = c;
    const h = this.head[c];
    this.next[i] = h;
    this.prev[i] = -1;
    if (h >= 0) this.prev[h] = i;
    this.head[c] = i;
  }

  private remove(i: number): void {
    const p = this.prev[i], q = this.next[i];
    if (p >= 0) this.next[p] = q;
    else this.head[this.cellOf[i]] = q;
    if (q >= 0) this.prev[q] = p;
  }

  /** Adds to i's list every body within the cut-off; `both` also adds i to theirs. */
  private scan(i: number, both: boolean): void {
    const centre = this.centre, rho = this.rho, box = this.box;
    const lx = box[0], ly = box[1], lz = box[2];
    const hx = lx / 2, hy = ly / 2, hz = lz / 2;
    const xi = centre[3 * i], yi = centre[3 * i + 1], zi = centre[3 * i + 2];
    const ri = rho[i], scale = this.scale, skin = this.skin;
    const nx = this.nx, ny = this.ny, nz = this.nz;
    const c = this.cellOf[i];
    const cx = c % nx, cy = Math.floor(c / nx) % ny, cz = Math.floor(c / (nx * ny));
    const x0 = nx >= 3 ? -1 : -cx, x1 = nx >= 3 ? 1 : nx - 1 - cx;
    const y0 = ny >= 3 ? -1 : -cy, y1 = ny >= 3 ? 1 : ny - 1 - cy;
    const z0 = nz >= 3 ? -1 : -cz, z1 = nz >= 3 ? 1 : nz - 1 - cz;
    for (let oz = z0; oz <= z1; oz++) {
      const gz = (cz + oz + nz) % nz;
      for (let oy = y0; oy <= y1; oy++) {
        const gy = (cy + oy + ny) % ny;
        for (let ox = x0; ox <= x1; ox++) {
          const gx = (cx + ox + nx) % nx;
          for (let k = this.head[(gz * ny + gy) * nx + gx]; k >= 0; k = this.next[k]) {
            if (k === i) continue;
            let dx = centre[3 * k] - xi, dy = centre[3 * k + 1] - yi, dz = centre[3 * k + 2] - zi;
            if (dx > hx) dx -= lx; else if (dx < -hx) dx += lx;
            if (dy > hy) dy -= ly; else if (dy < -hy) dy += ly;
            if (dz > hz) dz -= lz; else if (dz < -hz) dz += lz;
            const cut = (ri + rho[k]) * scale + skin;
            if (dx * dx + dy * dy + dz * dz < cut * cut) {
              this.add(i, k);
              if (both) this.add(k, i);
            }
          }
        }
      }
    }
  }

  private add(i: number, k: number): void {
    if (this.count[i] === this.cap) this.grow();
    this.list[i * this.cap + this.count[i]++] = k;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const list = new Int32Array(this.n * cap);
    for (let i = 0; i < this.n; i++) list.set(this.list.subarray(i * this.cap, i * this.cap + this.count[i]), i * cap);
    this.list = list;
    this.cap = cap;
  }
}
