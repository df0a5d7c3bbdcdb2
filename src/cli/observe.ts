/**
 * `carom run … --observe pressure,temperature,rate,rdf,msd`: the observables of a hard-body gas,
 * measured on a scene world from its collision events and its state, through the public API.
 *
 * - pressure: the reduced pressure from the collision virial between movable bodies,
 *   Z = 1 + Σ σ_ij J_ij / (d N kT t) (σ_ij = r_i + r_j, J_ij the impulse, N the movable bodies,
 *   kT their mean temperature, t the run's duration). In a walled box that is P_c V_c / (N kT),
 *   the pressure on the surface the centres reach times the volume they reach; the bounds are
 *   reported separately as the impulse they took per area of the box's surface per time, and as
 *   Z_bounds = P_bounds V / (N kT) with V the box volume. Walls and fixed bodies: their impulse.
 * - temperature: kT = 2 KE / (d N) over the movable bodies at the start, the end, and the mean
 *   over the samples.
 * - rate: body–body collisions per body per unit time (2 C / (N t): each collision counts for
 *   both bodies), and wall/bounds hits per body per unit time.
 * - rdf: g(r) averaged over the samples, g_k = 2 H_k / (N ρ V_k c(r_k)) with ρ = N / V (V the
 *   bounds' volume, else the box the centres span), minimum image on periodic axes and plain
 *   distances on the others, and c(r) the bounds' covariance along the walled axes (the share of
 *   pairs at distance r that an ideal gas keeps inside the box; 1 without bounds), so that g → 1
 *   far away; `neighbours` is the mean number within rMax, N − 1 when rMax reaches across the box.
 * - msd: the mean squared displacement of the movable bodies since the start, at each sample,
 *   from unwrapped positions (`world.periodic.unwrapped` on periodic axes).
 *
 * Samples are the run's frames (every --every with --trajectory, else duration / 10), at most
 * about 11 of them, plus the end.
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "../index.js";
import { inputError } from "./cli-error.js";
import type { AnyWorld } from "./simulate.js";

export const OBSERVABLES = ["pressure", "temperature", "rate", "rdf", "msd"] as const;
export type Observable = (typeof OBSERVABLES)[number];

/** Samples taken between start and end when the run gives no frame interval of its own. */
export const OBSERVE_SAMPLES = 10;
/** The default g(r) range, in diameters of the largest body (at most half the box): the pairs stay local, so the cost stays O(N). */
export const RDF_DIAMETERS = 8;
/** Default number of g(r) bins. */
export const DEFAULT_RDF_BINS = 100;

/** The observables asked for by `--observe LIST`; an input error naming the flag otherwise. */
export function parseObserve(text: string): Set<Observable> {
  const out = new Set<Observable>();
  for (const raw of text.split(",")) {
    const name = raw.trim();
    if (!(OBSERVABLES as readonly string[]).includes(name)) {
      throw inputError(`carom run: --observe takes a comma-separated list of ${OBSERVABLES.join(", ")}; got ${JSON.stringify(name)}`);
    }
    out.add(name as Observable);
  }
  return out;
}

export interface ObserveOptions {
  /** The g(r) bins (default 100). */
  bins?: number;
  /** The g(r) range (default 8 diameters of the largest body, at most half the smallest side of the box). */
  rMax?: number;
  /** The frame interval of the run (samples are taken at frames). */
  every?: number;
  duration: number;
}

export interface Observables {
  dimensions: number;
  bodies: number;
  start: number;
  end: number;
  duration: number;
  pressure?: {
    Z: number | null;
    kT: number;
    bodyCollisions: number;
    virialSum: number;
    bounds: { impulse: number; area: number; volume: number; pressure: number | null; Z: number | null } | null;
    walls: { impulse: number; perTime: number | null };
  };
  temperature?: { start: number; end: number; mean: number; samples: number };
  rate?: { bodyCollisionsPerBody: number | null; wallHitsPerBody: number | null; bodyCollisions: number; wallHits: number };
  rdf?: { rMax: number; bins: number; samples: number; volume: number; r: number[]; g: number[]; neighbours: number };
  msd?: { t: number[]; msd: number[] };
}

/** Indices of the live movable bodies. */
function movable(world: AnyWorld): number[] {
  const out: number[] = [];
  for (let i = 0; i < world.n; i++) {
    if (world.indexOf(world.ids[i]) === i && world.invMass[i] > 0) out.push(i);
  }
  return out;
}

/** kT = 2 KE / (d N) over the bodies `list`. */
function temperatureOf(world: AnyWorld, list: readonly number[]): number {
  let e = 0;
  for (const i of list) e += (1 / world.invMass[i]) * (world.vx[i] * world.vx[i] + world.vy[i] * world.vy[i] + world.vz[i] * world.vz[i]);
  // e is 2 KE
  return list.length === 0 ? NaN : e / (world.dim * list.length);
}

/** Directions for the box covariance: 512 angles in 2D, 48 × 96 on the sphere in 3D. */
const ANGLES = 512;

/**
 * The box's isotropic set covariance over its volume: the fraction of point pairs at distance r
 * in random directions that both fall in the box, the mean over directions u of Π_a (1 − r |u_a| / L_a)⁺
 * (midpoint rule over the angles). An ideal gas in a walled box has g(r) equal to it; dividing by
 * it undoes the box's edges, so g(r) → 1 at large r.
 */
export function boxCovariance(box: { min: number[]; max: number[] }, r: number, periodic: readonly boolean[] = []): number {
  // A periodic axis keeps every pair (minimum image, r at most half its length): no edge there.
  const L = box.max.map((m, a) => (periodic[a] === true ? Infinity : m - box.min[a]));
  let sum = 0;
  if (L.length === 2) {
    for (let k = 0; k < ANGLES; k++) {
      const th = ((k + 0.5) * Math.PI) / (2 * ANGLES);
      sum += Math.max(0, 1 - (r * Math.cos(th)) / L[0]) * Math.max(0, 1 - (r * Math.sin(th)) / L[1]);
    }
    return sum / ANGLES;
  }
  const nt = 48, np = 96;
  let weight = 0;
  for (let i = 0; i < nt; i++) {
    const th = ((i + 0.5) * Math.PI) / (2 * nt), st = Math.sin(th), ct = Math.cos(th);
    for (let j = 0; j < np; j++) {
      const ph = ((j + 0.5) * Math.PI) / (2 * np);
      sum += st * Math.max(0, 1 - (r * st * Math.cos(ph)) / L[0]) * Math.max(0, 1 - (r * st * Math.sin(ph)) / L[1]) * Math.max(0, 1 - (r * ct) / L[2]);
      weight += st;
    }
  }
  return sum / weight;
}

/** Accumulates observables over a run: `chunk` after each chunk of events, `frame` at frames, `finish` at the end. */
export class Observer {
  private readonly list: number[];
  private readonly dim: number;
  private readonly start: number;
  private readonly stride: number;
  private virial = 0;
  private bodyCollisions = 0;
  private boundsImpulse = 0;
  private wallImpulse = 0;
  private wallHits = 0;
  private readonly kTs: number[] = [];
  private readonly times: number[] = [];
  private readonly msd: number[] = [];
  private readonly origin: Float64Array;
  private readonly hist: Float64Array;
  /** The histogram and volume sum before the last sample. */
  private readonly lastHist: Float64Array;
  private lastNorm = 0;
  private rdfSamples = 0;
  private rdfNorm = 0;
  private readonly rMax: number;
  private readonly box: { min: number[]; max: number[] } | null;
  private readonly kTStart: number;
  /** Per axis: does the world wrap around (minimum image for g(r), unwrapped positions for the MSD)? */
  private readonly periodic: boolean[];

  constructor(world: AnyWorld, readonly wanted: ReadonlySet<Observable>, options: ObserveOptions) {
    this.list = movable(world);
    this.dim = world.dim;
    this.start = world.now;
    const frames = options.every === undefined ? 1 : Math.floor(options.duration / options.every) + 1;
    this.stride = Math.max(1, Math.ceil((frames - 1) / OBSERVE_SAMPLES));
    this.periodic = [...world.periodic.axes, false, false].slice(0, 3);
    this.origin = new Float64Array(3 * this.list.length);
    this.list.forEach((i, k) => {
      const u = this.unwrapped(world, i);
      for (let a = 0; a < 3; a++) this.origin[3 * k + a] = u[a];
    });
    const d = this.dim;
    this.box = world.minX > -Infinity ? { min: [world.minX, world.minY, world.minZ].slice(0, d), max: [world.maxX, world.maxY, world.maxZ].slice(0, d) } : null;
    const span = this.box ?? this.spanned(world);
    const half = 0.5 * Math.min(...span.max.map((m, a) => m - span.min[a]));
    let diameter = 0;
    for (const i of this.list) diameter = Math.max(diameter, 2 * world.r[i]);
    const near = diameter > 0 ? RDF_DIAMETERS * diameter : Infinity;
    // A range whose shell volumes overflow (r³ beyond 1e308) would print null for g(r).
    if (options.rMax !== undefined && !(options.rMax <= 1e100)) throw inputError(`carom run: --rdf-max must be at most 1e100 (the volumes of its shells must be doubles), got ${options.rMax}`);
    this.rMax = options.rMax ?? (Math.min(half, near) > 0 ? Math.min(half, near) : 1);
    this.hist = new Float64Array(options.bins ?? DEFAULT_RDF_BINS);
    this.lastHist = new Float64Array(this.wanted.has("rdf") ? this.hist.length : 0);
    this.kTStart = temperatureOf(world, this.list);
  }

  /** Body i's position, unwrapped on periodic axes, as [x, y, z]. */
  private unwrapped(world: AnyWorld, i: number): number[] {
    if (!this.periodic.some((p) => p)) return [world.x[i], world.y[i], world.z[i]];
    const u = world.periodic.unwrapped(i);
    return [u[0], u[1], u[2] ?? 0];
  }

  /** The box spanned by the centres of the movable bodies, widened by their largest radius. */
  private spanned(world: AnyWorld): { min: number[]; max: number[] } {
    const d = this.dim;
    const min = [Infinity, Infinity, Infinity].slice(0, d), max = [-Infinity, -Infinity, -Infinity].slice(0, d);
    let r = 0;
    for (const i of this.list) {
      const p = [world.x[i], world.y[i], world.z[i]];
      for (let a = 0; a < d; a++) {
        min[a] = Math.min(min[a], p[a]);
        max[a] = Math.max(max[a], p[a]);
      }
      r = Math.max(r, world.r[i]);
    }
    return { min: min.map((v) => v - r), max: max.map((v) => v + r) };
  }

  /** Adds the collisions of the world's last chunk. */
  chunk(world: AnyWorld): void {
    const e = world.events;
    for (let k = 0; k < e.count; k++) {
      const kind = e.kind[k];
      if (kind === HIT_BODY) {
        const a = e.a[k], b = e.b[k];
        if (world.invMass[a] > 0 && world.invMass[b] > 0) {
          this.virial += (world.r[a] + world.r[b]) * e.impulse[k];
          this.bodyCollisions++;
        } else {
          this.wallImpulse += e.impulse[k];
          this.wallHits++;
        }
      } else if (kind === HIT_BOUNDS) {
        this.boundsImpulse += e.impulse[k];
        this.wallHits++;
      } else if (kind === HIT_WALL) {
        this.wallImpulse += e.impulse[k];
        this.wallHits++;
      }
    }
  }

  /** Frame k of the run (the state at time t). */
  frame(world: AnyWorld, t: number, k: number): void {
    if (k % this.stride === 0) this.sample(world, t);
  }

  private sample(world: AnyWorld, t: number): void {
    this.times.push(t);
    this.kTs.push(temperatureOf(world, this.list));
    if (this.wanted.has("msd")) {
      let sum = 0;
      this.list.forEach((i, k) => {
        const u = this.unwrapped(world, i);
        const dx = u[0] - this.origin[3 * k], dy = u[1] - this.origin[3 * k + 1], dz = u[2] - this.origin[3 * k + 2];
        sum += dx * dx + dy * dy + dz * dz;
      });
      this.msd.push(this.list.length === 0 ? 0 : sum / this.list.length);
    }
    if (this.wanted.has("rdf")) this.addRdf(world);
  }

  /** Forgets the last sample (to take it again from the world itself). */
  private dropLastSample(): void {
    this.times.pop();
    this.kTs.pop();
    if (this.wanted.has("msd")) this.msd.pop();
    if (this.wanted.has("rdf")) {
      this.hist.set(this.lastHist);
      this.rdfSamples--;
      this.rdfNorm = this.lastNorm;
    }
  }

  /** Adds the pair distances of the movable bodies now to the g(r) histogram (through a cell grid of side >= rMax). */
  private addRdf(world: AnyWorld): void {
    const d = this.dim, n = this.list.length, rm = this.rMax;
    const box = this.box ?? this.spanned(world);
    const pos = new Float64Array(3 * n);
    this.list.forEach((i, k) => {
      pos[3 * k] = world.x[i];
      pos[3 * k + 1] = world.y[i];
      pos[3 * k + 2] = world.z[i];
    });
    const nc = [1, 1, 1];
    const cap = Math.max(1, Math.floor(Math.cbrt(4 * n) + 1));
    for (let a = 0; a < d; a++) nc[a] = Math.max(1, Math.min(cap, Math.floor((box.max[a] - box.min[a]) / rm)));
    const cellOf = (k: number, a: number): number => (a < d ? Math.max(0, Math.min(nc[a] - 1, Math.floor(((pos[3 * k + a] - box.min[a]) / (box.max[a] - box.min[a])) * nc[a]))) : 0);
    const head = new Int32Array(nc[0] * nc[1] * nc[2]).fill(-1);
    const next = new Int32Array(n);
    const cell = new Int32Array(3 * n);
    for (let k = 0; k < n; k++) {
      for (let a = 0; a < 3; a++) cell[3 * k + a] = cellOf(k, a);
      const c = (cell[3 * k + 2] * nc[1] + cell[3 * k + 1]) * nc[0] + cell[3 * k];
      next[k] = head[c];
      head[c] = k;
    }
    this.lastHist.set(this.hist);
    this.lastNorm = this.rdfNorm;
    const bins = this.hist.length, scale = bins / rm;
    const side = [0, 1, 2].map((a) => (a < d ? box.max[a] - box.min[a] : 0));
    const wrap = this.periodic;
    // Neighbouring cells: ±1, around the box on a periodic axis of 3 or more cells, every cell when fewer.
    const around = (a: number, c: number): number[] => {
      if (wrap[a] && nc[a] < 3) return Array.from({ length: nc[a] }, (_, k) => k);
      if (wrap[a]) return [(c + nc[a] - 1) % nc[a], c, (c + 1) % nc[a]];
      const out: number[] = [];
      for (let g = Math.max(0, c - 1); g <= Math.min(nc[a] - 1, c + 1); g++) out.push(g);
      return out;
    };
    const image = (x: number, a: number): number => (!wrap[a] ? x : x > 0.5 * side[a] ? x - side[a] : x < -0.5 * side[a] ? x + side[a] : x);
    for (let i = 0; i < n; i++) {
      for (const gz of around(2, cell[3 * i + 2])) {
        for (const gy of around(1, cell[3 * i + 1])) {
          for (const gx of around(0, cell[3 * i])) {
            for (let j = head[(gz * nc[1] + gy) * nc[0] + gx]; j >= 0; j = next[j]) {
              if (j <= i) continue;
              const dx = image(pos[3 * j] - pos[3 * i], 0), dy = image(pos[3 * j + 1] - pos[3 * i + 1], 1), dz = image(pos[3 * j + 2] - pos[3 * i + 2], 2);
              const bin = Math.floor(Math.sqrt(dx * dx + dy * dy + dz * dz) * scale);
              if (bin < bins) this.hist[bin] += 2;
            }
          }
        }
      }
    }
    let volume = 1;
    for (let a = 0; a < d; a++) volume *= box.max[a] - box.min[a];
    this.rdfSamples++;
    this.rdfNorm += volume;
  }

  /** The observables at the end of the run (the world at its end time). */
  finish(world: AnyWorld): Observables {
    const end = world.now;
    // The end is the world's own state (what --final writes), not the frame taken from a clone.
    if (this.times.length > 0 && this.times[this.times.length - 1] === end) this.dropLastSample();
    this.sample(world, end);
    const d = this.dim, n = this.list.length, t = end - this.start;
    const kT = this.kTs.reduce((s, v) => s + v, 0) / this.kTs.length;
    const out: Observables = { dimensions: d, bodies: n, start: this.start, end, duration: t };
    const perTime = (x: number): number | null => (t > 0 && n > 0 ? x / t : null);
    if (this.wanted.has("pressure")) {
      let bounds: NonNullable<Observables["pressure"]>["bounds"] = null;
      if (this.box !== null) {
        const s = this.box.max.map((m, a) => m - (this.box as { min: number[] }).min[a]);
        const area = d === 2 ? 2 * (s[0] + s[1]) : 2 * (s[0] * s[1] + s[1] * s[2] + s[0] * s[2]);
        const volume = s.reduce((p, v) => p * v, 1);
        const pressure = t > 0 ? this.boundsImpulse / (area * t) : null;
        bounds = { impulse: this.boundsImpulse, area, volume, pressure, Z: pressure === null || !(kT > 0) ? null : (pressure * volume) / (n * kT) };
      }
      out.pressure = {
        Z: t > 0 && n > 0 && kT > 0 ? 1 + this.virial / (d * n * kT * t) : null,
        kT,
        bodyCollisions: this.bodyCollisions,
        virialSum: this.virial,
        bounds,
        walls: { impulse: this.wallImpulse, perTime: t > 0 ? this.wallImpulse / t : null },
      };
    }
    if (this.wanted.has("temperature")) out.temperature = { start: this.kTStart, end: this.kTs[this.kTs.length - 1], mean: kT, samples: this.kTs.length };
    if (this.wanted.has("rate")) {
      const r = perTime((2 * this.bodyCollisions) / n), w = perTime(this.wallHits / n);
      out.rate = { bodyCollisionsPerBody: r, wallHitsPerBody: w, bodyCollisions: this.bodyCollisions, wallHits: this.wallHits };
    }
    if (this.wanted.has("rdf")) {
      const bins = this.hist.length, rm = this.rMax;
      const volume = this.rdfNorm / this.rdfSamples;
      const r: number[] = [], g: number[] = [];
      let neighbours = 0;
      for (let k = 0; k < bins; k++) {
        const r0 = (k * rm) / bins, r1 = ((k + 1) * rm) / bins;
        const shell = d === 3 ? (4 / 3) * Math.PI * (r1 ** 3 - r0 ** 3) : Math.PI * (r1 * r1 - r0 * r0);
        const h = this.hist[k] / this.rdfSamples;
        r.push((r0 + r1) / 2);
        const c = this.box === null ? 1 : boxCovariance(this.box, (r0 + r1) / 2, this.periodic);
        g.push(n > 0 && c > 0 ? (h * volume) / (n * n * shell * c) : 0);
        neighbours += n > 0 ? h / n : 0;
      }
      out.rdf = { rMax: rm, bins, samples: this.rdfSamples, volume, r, g, neighbours };
    }
    if (this.wanted.has("msd")) out.msd = { t: this.times.map((v) => v - this.start), msd: this.msd };
    return out;
  }
}

/** The observables as JSON, or as CSV (one row per number: observable,quantity,t,r,value) for a .csv path. */
export function formatObservables(o: Observables, path: string): string {
  if (!/\.csv$/i.test(path)) return JSON.stringify(o, null, 1) + "\n";
  const rows = ["observable,quantity,t,r,value"];
  const cell = (v: number | null): string => (v === null || Number.isNaN(v) ? "" : String(v));
  const put = (obs: string, q: string, v: number | null, t: number | null = null, r: number | null = null): void => {
    rows.push(`${obs},${q},${cell(t)},${cell(r)},${cell(v)}`);
  };
  for (const q of ["dimensions", "bodies", "start", "end", "duration"] as const) put("run", q, o[q]);
  if (o.pressure) {
    const p = o.pressure;
    put("pressure", "Z", p.Z);
    put("pressure", "kT", p.kT);
    put("pressure", "bodyCollisions", p.bodyCollisions);
    put("pressure", "virialSum", p.virialSum);
    if (p.bounds) for (const q of ["impulse", "area", "volume", "pressure", "Z"] as const) put("pressure", `bounds.${q}`, p.bounds[q]);
    put("pressure", "walls.impulse", p.walls.impulse);
    put("pressure", "walls.perTime", p.walls.perTime);
  }
  if (o.temperature) for (const q of ["start", "end", "mean", "samples"] as const) put("temperature", q, o.temperature[q]);
  if (o.rate) for (const q of ["bodyCollisionsPerBody", "wallHitsPerBody", "bodyCollisions", "wallHits"] as const) put("rate", q, o.rate[q]);
  if (o.rdf) {
    for (const q of ["rMax", "bins", "samples", "volume", "neighbours"] as const) put("rdf", q, o.rdf[q]);
    o.rdf.r.forEach((r, k) => put("rdf", "g", (o.rdf as { g: number[] }).g[k], null, r));
  }
  if (o.msd) o.msd.t.forEach((t, k) => put("msd", "msd", (o.msd as { msd: number[] }).msd[k], t));
  return rows.join("\n") + "\n";
}
