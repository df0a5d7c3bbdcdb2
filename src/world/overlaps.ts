/**
 * Overlaps the world keeps track of, beyond sensor bodies (sensors.ts): a body inside a sensor
 * wall, and a body passing through what a contact filter let it pass (a body, a wall, a side
 * of the container) until they no longer overlap. Each such pair has as its next event the
 * time they stop overlapping (and a sensor wall, while a body is outside it, the time they
 * start): the state is kept, so rounding at the touching instant never reports a change twice.
 *
 * When a body stops overlapping a wall is found by running its path backwards: from a time T
 * at which its centre has left the wall's bounding box grown by its radius (so it is clear of
 * the wall), the exact contact kernel of the reversed motion (position p(T), velocity -v(T),
 * the same acceleration) gives the first contact tau, which is the last contact going forward:
 * the exit is at T - tau. T is found per axis from the one-dimensional motion, so T - tau
 * keeps the kernel's accuracy to within an ulp or so of T. A line leaves a convex shape once;
 * a parabola that leaves and re-enters inside the grown bounding box counts as inside till its
 * last exit there.
 */
import { accelerationPart, wallContactAccelerated } from "./acceleration-part.js";
import { FLAG_ALIVE, FLAG_SENSOR } from "./body-store.js";
import { firstContact1D } from "./motion-1d.js";
import { START_SLACK } from "./motion.js";
import { WALL_FLAG_SENSOR } from "./walls.js";
import { WALL_REMOVED, WALL_STRIDE } from "./walls/wall-kind.js";
import { WorldSensors } from "./sensors.js";

/** Key of the pair (body i, wall w) in `wallInside`. */
const WALL_KEY = 67108864;

/** @internal Tracked overlaps: sensor walls, and pairs a contact filter lets pass. */
export abstract class WorldOverlaps extends WorldSensors {
  /** Pairs of bodies (pairKey) passing through each other because a contact filter said so. */
  protected readonly passBodies = new Set<number>();
  /** Pairs (i * 2^26 + w) of a body inside a sensor wall or passing through a wall. */
  protected readonly wallInside = new Set<number>();
  /** Per body, the sides of the container it passes through (bit f for face f). */
  protected passFaces!: Uint8Array;
  /** Per body, the sides of the container it has passed out through (bit f for face f). */
  protected outsideFaces!: Uint8Array;
  /** Bodies with a bit in passFaces. */
  protected passingFaces = 0;
  /** True once a body may be outside the container (a mask or a filter lets it through): the grid is then hashed. */
  protected boundsLeak = false;
  /** The container's collision group and mask bits (bounds.group, bounds.mask). */
  protected boundsGroup = 1;
  protected boundsMask = -1;
  private readonly extentScratch = new Float64Array(6);

  constructor(...args: ConstructorParameters<typeof WorldSensors>) {
    super(...args);
    this.column("passFaces", "u8", 0);
    this.column("outsideFaces", "u8", 0);
  }

  /** Sets the container's group and mask bits (bounds.group, bounds.mask). */
  protected setBoundsBits(group: number | undefined, mask: number | undefined): void {
    for (const [v, name] of [[group, "group"], [mask, "mask"]] as const) {
      if (v !== undefined && !(typeof v === "number" && Number.isInteger(v) && v >= -0x80000000 && v <= 0xffffffff)) {
        throw new RangeError(`bounds.${name} must be an integer of 32 bits (-2147483648 to 4294967295), got ${String(v)}`);
      }
    }
    this.boundsGroup = (group ?? 1) | 0;
    this.boundsMask = (mask ?? -1) | 0;
    if (this.boundsGroup !== 1 || this.boundsMask !== -1) this.boundsLeak = true;
  }

  protected wallKey(i: number, w: number): number {
    return i * WALL_KEY + w;
  }

  /** True when the pair (i, j) is tracked as an overlap (a sensor in it, or passing). */
  protected pairTracked(i: number, j: number): boolean {
    return ((this.flags[i] | this.flags[j]) & FLAG_SENSOR) !== 0 || (this.passBodies.size > 0 && this.passBodies.has(this.pairKey(i, j)));
  }

  /** The next event time within [0, tMax] of a tracked pair (see pairTracked), or Infinity. */
  protected trackedPairTime(i: number, j: number, tMax: number): number {
    return ((this.flags[i] | this.flags[j]) & FLAG_SENSOR) !== 0 ? this.sensorPairTime!(i, j, tMax) : this.pairExitTime(i, j, tMax);
  }

  /** True when body i and wall w are tracked (a sensor wall, or passing through it). */
  protected wallTracked(i: number, w: number): boolean {
    return (this.wallFlags[w] & WALL_FLAG_SENSOR) !== 0 || (this.wallInside.size > 0 && this.wallInside.has(this.wallKey(i, w)));
  }

  /** True when body i and the container may meet (masks). */
  protected boundsInteract(i: number): boolean {
    return (this.group[i] & this.boundsMask) !== 0 && (this.boundsGroup & this.mask[i]) !== 0;
  }

  /**
   * When overlapping bodies i (state at now) and j (extrapolated to now) part, within [0, tMax],
   * or Infinity: the later root of |d + t w + t^2 g / 2|^2 = R^2. Linear motion: with d, w and R
   * scaled to magnitudes near 1 first (powers of two, exact), so that no square overflows or
   * underflows at any scale the world takes.
   */
  protected pairExitTime(i: number, j: number, tMax: number): number {
    const dt = this.now - this.t0[j];
    const bx = this.aex[j], by = this.aey[j], bz = this.aez[j];
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    const jx = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bx);
    const jy = this.y[j] + dt * (this.vy[j] + 0.5 * dt * by);
    const jz = this.z[j] + dt * (this.vz[j] + 0.5 * dt * bz);
    let px = jx - this.x[i], py = jy - this.y[i], pz = jz - this.z[i];
    let wx = this.vx[j] + dt * bx - this.vx[i], wy = this.vy[j] + dt * by - this.vy[i], wz = this.vz[j] + dt * bz - this.vz[i];
    let R = this.r[i] + this.r[j];
    if (ax === bx && ay === by && az === bz) {
      const mw = Math.max(Math.abs(wx), Math.abs(wy), Math.abs(wz));
      if (!(mw > 0)) return Infinity; // no relative motion: inside for ever
      const md = Math.max(Math.abs(px), Math.abs(py), Math.abs(pz), R);
      if (!(md > 0)) return 0;
      // t = (length scale / speed scale) * t' with d' = d / sd, w' = w / sw (powers of two)
      const sd = 2 ** Math.floor(Math.log2(md)), sw = 2 ** Math.floor(Math.log2(mw));
      px /= sd; py /= sd; pz /= sd; R /= sd;
      wx /= sw; wy /= sw; wz /= sw;
      const a = wx * wx + wy * wy + wz * wz;
      const b = px * wx + py * wy + pz * wz;
      const c = px * px + py * py + pz * pz - R * R;
      const s = Math.sqrt(Math.max(0, b * b - a * c));
      // The later root, in the form without cancellation: (-b + s) / a, or -c / (b + s) for b > 0.
      const t = (b <= 0 ? (s - b) / a : b + s > 0 ? -c / (b + s) : 0) * (sd / sw);
      const e = Math.max(0, t);
      return e <= tMax ? e : Infinity;
    }
    const dx = bx - ax, dy = by - ay, dz = bz - az;
    const a = wx * wx + wy * wy + wz * wz;
    const b = px * wx + py * wy + pz * wz;
    const c = px * px + py * py + pz * pz - R * R;
    return accelerationPart(this.dim).partingTime(
      c, 2 * b, a + px * dx + py * dy + pz * dz, wx * dx + wy * dy + wz * dz, 0.25 * (dx * dx + dy * dy + dz * dz), tMax,
    );
  }

  /** The next event time within [0, tMax] of body i (state at now) with tracked wall w: its exit when inside, its entry into a sensor wall when outside. */
  protected wallTrackTime(i: number, w: number, tMax: number): number {
    if (this.wallInside.has(this.wallKey(i, w))) return this.wallExitTime(i, w, tMax);
    if (this.aex[i] !== 0 || this.aey[i] !== 0 || this.aez[i] !== 0) return this.wallToiAccelerated!(w, i, tMax);
    return this.wallToi(w, this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i], this.r[i], tMax);
  }

  /** When body i (state at now), overlapping wall w, stops overlapping it, within [0, tMax]; 0 when it does not overlap now; Infinity for never. */
  protected wallExitTime(i: number, w: number, tMax: number): number {
    const k = this.kinds[this.wallKind[w]];
    if (k === undefined) return 0;
    const d = this.wallData, o = WALL_STRIDE * w, dim = this.dim;
    const f = this.inWallFrame(w, this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i]);
    const acc = [this.aex[i], this.aey[i], this.aez[i]];
    const r = this.r[i];
    const e = this.extentScratch;
    let T = Infinity;
    if (!k.extent(d, o, e)) {
      // The plane: its distance along the normal, s(t); overlapping while s < r.
      const nx = d[o + 3], ny = d[o + 4], nz = d[o + 5];
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      const s0 = ((f[0] - d[o]) * nx + (f[1] - d[o + 1]) * ny + (f[2] - d[o + 2]) * nz) / len;
      const sv = (f[3] * nx + f[4] * ny + f[5] * nz) / len, sa = (acc[0] * nx + acc[1] * ny + acc[2] * nz) / len;
      T = firstContact1D(r - s0, -sv, -sa);
      return T <= tMax ? T : Infinity;
    }
    // (a centre on the grown box's side, or a rounding past it, as at the instant it entered,
    // leaves through that side only if it moves out: firstContact1D's case gap <= 0)
    for (let a = 0; a < dim; a++) {
      const c0 = f[a], v = f[3 + a], g = acc[a];
      const lo = e[a] - r, hi = e[3 + a] + r;
      T = Math.min(T, firstContact1D(hi - c0, -v, -g), firstContact1D(c0 - lo, v, g));
    }
    if (T === Infinity) return Infinity;
    // Backwards from T: p(T), velocity -v(T), the same acceleration.
    const h = 0.5 * T * T;
    const qx = f[0] + f[3] * T + acc[0] * h, qy = f[1] + f[4] * T + acc[1] * h, qz = f[2] + f[5] * T + acc[2] * h;
    const ux = -(f[3] + acc[0] * T), uy = -(f[4] + acc[1] * T), uz = -(f[5] + acc[2] * T);
    let tau: number;
    if (acc[0] === 0 && acc[1] === 0 && acc[2] === 0) tau = k.toi(d, o, qx, qy, qz, ux, uy, uz, r, T);
    else {
      const part = accelerationPart(dim);
      part.resetResult();
      const contact = wallContactAccelerated(this.wallKind[w]);
      if (contact === undefined) return 0;
      contact(d, o, qx, qy, qz, ux, uy, uz, acc[0], acc[1], acc[2], r, T);
      tau = part.result[0];
    }
    if (!(tau <= T)) return 0; // no overlap along the way (it was touching within rounding)
    const t = Math.max(0, T - tau);
    return t <= tMax ? t : Infinity;
  }

  /**
   * When body i (state at now), passing through side `face` of the container, is clear of it
   * (fully outside, or back fully inside), within [0, tMax], or Infinity.
   */
  protected faceExitTime(i: number, face: number, tMax: number): number {
    const axis = face >> 1, s = face & 1 ? 1 : -1;
    const P = axis === 0 ? (s > 0 ? this.maxX : this.minX) : axis === 1 ? (s > 0 ? this.maxY : this.minY) : s > 0 ? this.maxZ : this.minZ;
    const c = axis === 0 ? this.x[i] : axis === 1 ? this.y[i] : this.z[i];
    const v = axis === 0 ? this.vx[i] : axis === 1 ? this.vy[i] : this.vz[i];
    const a = axis === 0 ? this.aex[i] : axis === 1 ? this.aey[i] : this.aez[i];
    const r = this.r[i];
    // u: how far the centre is beyond the side (outwards); the body overlaps it while -r < u < r.
    const u = s * (c - P);
    const t = Math.min(firstContact1D(r - u, -s * v, -s * a), firstContact1D(u + r, s * v, s * a));
    return t <= tMax ? t : Infinity;
  }

  /** Forgets the tracked overlaps of a removed body. */
  protected dropBodyOverlaps(i: number): void {
    if (this.passBodies.size > 0) {
      for (const key of [...this.passBodies]) {
        const lo = Math.floor(key / 67108864), hi = key - lo * 67108864;
        if (lo === i || hi === i) this.passBodies.delete(key);
      }
    }
    if (this.wallInside.size > 0) {
      for (const key of [...this.wallInside]) if (Math.floor(key / WALL_KEY) === i) this.wallInside.delete(key);
    }
    if (this.passFaces[i] !== 0) {
      this.passFaces[i] = 0;
      this.passingFaces--;
    }
    this.outsideFaces[i] = 0;
  }

  /** Forgets the tracked overlaps of a removed wall. */
  protected dropWallOverlaps(w: number): void {
    if (this.wallInside.size === 0) return;
    for (const key of [...this.wallInside]) if (key % WALL_KEY === w) this.wallInside.delete(key);
  }

  /**
   * At a rebuild (bodies at the current time): a passing pair that no longer overlaps is
   * forgotten; a body whose overlap with a sensor wall differs from the recorded state enters
   * or leaves it now (reported by `wallSensorEvent`). Touching within rounding keeps the
   * recorded state either way (the START_SLACK of the start-state rule).
   */
  protected syncWallOverlaps(): void {
    if (this.wallInside.size > 0) {
      for (const key of [...this.wallInside]) {
        const i = Math.floor(key / WALL_KEY), w = key - i * WALL_KEY;
        if ((this.flags[i] & FLAG_ALIVE) === 0 || this.wallKind[w] === WALL_REMOVED) {
          this.wallInside.delete(key);
          continue;
        }
        if ((this.wallFlags[w] & WALL_FLAG_SENSOR) === 0 && !this.wallOverlaps(i, w, 1 + 2 ** -40)) this.wallInside.delete(key);
      }
    }
    if (this.passBodies.size > 0) {
      for (const key of [...this.passBodies]) {
        const i = Math.floor(key / 67108864), j = key - i * 67108864;
        if ((this.flags[i] & FLAG_ALIVE) === 0 || (this.flags[j] & FLAG_ALIVE) === 0 || this.pairSign(i, j, 0, 0, 0, 1 + 2 ** -40) > 0) this.passBodies.delete(key);
      }
    }
    if (this.sensorWalls === 0) return;
    for (let w = 0; w < this.wallCount; w++) {
      if (this.wallKind[w] === WALL_REMOVED || (this.wallFlags[w] & WALL_FLAG_SENSOR) === 0) continue;
      for (let i = 0; i < this.n; i++) {
        if ((this.flags[i] & FLAG_ALIVE) === 0 || !this.wallInteracts(i, w)) continue;
        const inside = this.wallInside.has(this.wallKey(i, w));
        if (inside ? !this.wallOverlaps(i, w, 1 + START_SLACK) : this.wallOverlaps(i, w, 1 - START_SLACK)) this.wallSensorEvent!(i, w, this.now, true);
      }
    }
  }

  /** Sign of the separation of bodies i and j (j shifted by s) with both radii scaled (the start-state rule: shrunk by START_SLACK). */
  protected abstract pairSign(i: number, j: number, sx?: number, sy?: number, sz?: number, scale?: number): number;

  /** Records and reports body i entering or leaving sensor wall w at time t, states at t (the sensors part; `rebuilt`: found by a rebuild, so the others are scheduled afterwards). */
  protected wallSensorEvent?(i: number, w: number, t: number, rebuilt: boolean): void;
}
