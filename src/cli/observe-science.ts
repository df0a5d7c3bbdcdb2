/**
 * `carom run --observe` when the science engine runs the scene (science-run.ts): the same
 * observables as observe.ts measures on a world, from the engine's exact sums, with standard
 * errors by block averaging (carom/science's Averages: Flyvbjerg–Petersen) over samples taken
 * every `--sample-every` (default: the duration / 1000):
 *
 * - pressure: Z = PV/(N kT) from the collision virial, ± its error;
 * - temperature: kT, ± its error (an elastic run keeps it exactly: the error is then 0);
 * - rate: collisions per body per unit time, ± its error;
 * - rdf: g(r) averaged over the first sample and every 100th (10 of the default 1000);
 * - msd: the mean squared displacement since the start at samples 1, 2, 3, 4, 6, 8, 12, 16, …
 *   (evenly spaced on a logarithmic axis) and the last, the
 *   MSD from every 8th sample as a time origin up to 64 sample intervals, and the self-diffusion
 *   coefficient D from its slope, ± its error.
 *
 * None of it depends on the run's planned length (only on the sample interval), so a run
 * resumed from a `--checkpoint` file, whose state it carries, averages on to the same numbers
 * as a run that never stopped.
 */
import { Averages, type AveragesCheckpoint, type Estimate, type HardSpheres } from "../exports/science.js";
import { RDF_DIAMETERS, DEFAULT_RDF_BINS, type Observable } from "./observe.js";

/** Samples of a run by default. */
export const SCIENCE_SAMPLES = 1000;
/** g(r) is taken at the first sample and every this many after (each costs O(N × neighbours within its range)). */
const RDF_EVERY = 100;
/** MSD lags, in sample intervals. */
const MSD_LAGS = 64;

export interface ScienceObserveOptions {
  bins?: number;
  rMax?: number;
  /** Sample interval. */
  every: number;
  /** Samples the whole run will take (as planned at its start; kept for the record). */
  samples: number;
}

/** What a checkpoint keeps of a science observer. */
export interface ScienceObserverState {
  wanted: Observable[];
  every: number;
  samples: number;
  taken: number;
  start: number;
  kTStart: number;
  coarse: { t: number[]; msd: number[] };
  origin: number[];
  averages: AveragesCheckpoint;
}

export class ScienceObserver {
  readonly every: number;
  private readonly averages: Averages;
  private taken = 0;
  private readonly start: number;
  private readonly kTStart: number;
  private coarse: { t: number[]; msd: number[] } = { t: [], msd: [] };
  private readonly origin: Float64Array;
  private readonly total: number;

  constructor(private readonly sim: HardSpheres, readonly wanted: ReadonlySet<Observable>, options: ScienceObserveOptions, state?: ScienceObserverState) {
    const d = sim.dimensions, n = sim.count;
    this.every = options.every;
    this.total = options.samples;

    const half = 0.5 * Math.min(sim.box[0], sim.box[1], d === 3 ? sim.box[2] : Infinity);
    const rMax = options.rMax ?? Math.min(half, RDF_DIAMETERS * 2 * Math.max(...sim.radiiInto(new Float64Array(n))));

    if (state !== undefined) {
      this.averages = Averages.restore(sim, state.averages);
      this.taken = state.taken;
      this.start = state.start;
      this.kTStart = state.kTStart;
      this.coarse = { t: [...state.coarse.t], msd: [...state.coarse.msd] };
      this.origin = Float64Array.from(state.origin);
      return;
    }
    this.averages = new Averages(sim, {
      msdLags: wanted.has("msd") ? MSD_LAGS : 0,
      rdfBins: wanted.has("rdf") ? options.bins ?? DEFAULT_RDF_BINS : 0,
      ...(wanted.has("rdf") ? { rdfMax: Math.min(rMax, half), rdfEvery: RDF_EVERY } : {}),
    });
    this.start = sim.time;
    this.kTStart = sim.temperature();
    this.origin = sim.unwrappedPositionsInto(new Float64Array(d * n));
    this.coarse.t.push(0);
    this.coarse.msd.push(0);
  }

  /** Ends a sample at the engine's time (it must have moved on since the last). */
  sample(): void {
    this.averages.sample();
    this.taken++;
    if (this.wanted.has("msd") && logSpaced(this.taken)) {
      this.coarse.t.push(this.sim.time - this.start);
      this.coarse.msd.push(this.msdSinceStart());
    }
  }

  private msdSinceStart(): number {
    const u = this.sim.unwrappedPositionsInto(new Float64Array(this.origin.length));
    let s = 0;
    for (let k = 0; k < u.length; k++) s += (u[k] - this.origin[k]) ** 2;
    return s / this.sim.count;
  }

  /** Its state, for a checkpoint. */
  state(): ScienceObserverState {
    return {
      wanted: [...this.wanted],
      every: this.every,
      samples: this.total,
      taken: this.taken,
      start: this.start,
      kTStart: this.kTStart,
      coarse: { t: [...this.coarse.t], msd: [...this.coarse.msd] },
      origin: Array.from(this.origin),
      averages: this.averages.checkpoint(),
    };
  }

  /** The observables at the end of the run, in observe.ts's layout with errors added (times shifted by `t0`, the scene's time). */
  finish(t0: number): Record<string, unknown> {
    const sim = this.sim, d = sim.dimensions, n = sim.count;
    const V = sim.box[0] * sim.box[1] * (d === 3 ? sim.box[2] : 1);
    const a = this.averages;
    const out: Record<string, unknown> = { dimensions: d, bodies: n, start: t0 + this.start, end: t0 + sim.time, duration: sim.time - this.start, engine: "science", samples: a.samples, sampleEvery: this.every };
    const est = (f: () => Estimate): Estimate | null => {
      try {
        return f();
      } catch (e) {
        if (e instanceof RangeError) return null;
        throw e;
      }
    };
    const kT = est(() => a.temperature());
    if (this.wanted.has("pressure")) {
      const z = est(() => a.pressure());
      const s = sim.box.subarray(0, d);
      const area = d === 2 ? 2 * (s[0] + s[1]) : 2 * (s[0] * s[1] + s[1] * s[2] + s[0] * s[2]);
      out.pressure = {
        Z: z?.mean ?? null,
        error: z?.error ?? null,
        plateau: z?.plateau ?? null,
        blockSize: z?.blockSize ?? null,
        kT: kT?.mean ?? null,
        bodyCollisions: this.collisionsSinceStart(),
        virialSum: a.totals.virial,
        // a periodic box has no walls: its bounds take no impulse
        bounds: { impulse: 0, area, volume: V, pressure: 0, Z: 0 },
        walls: { impulse: 0, perTime: 0 },
      };
    }
    if (this.wanted.has("temperature")) out.temperature = { start: this.kTStart, end: sim.temperature(), mean: kT?.mean ?? null, error: kT?.error ?? null, samples: a.samples };
    if (this.wanted.has("rate")) {
      const r = est(() => a.collisionRate());
      out.rate = { bodyCollisionsPerBody: r?.mean ?? null, error: r?.error ?? null, wallHitsPerBody: 0, bodyCollisions: this.collisionsSinceStart(), wallHits: 0 };
    }
    if (this.wanted.has("rdf")) {
      const g = a.samples > 0 ? a.radialDistribution() : null;
      const r = g === null ? [] : Array.from(g.r), gv = g === null ? [] : Array.from(g.g);
      const rMax = g?.rMax ?? 0;
      // the mean number of neighbours within rMax: ρ ∫ g dV over the bins
      let neighbours = 0;
      const density = n / V, w = r.length > 1 ? r[1] - r[0] : 0;
      r.forEach((x, k) => {
        const r0 = x - w / 2, r1 = x + w / 2;
        neighbours += density * gv[k] * (d === 3 ? (4 / 3) * Math.PI * (r1 ** 3 - r0 ** 3) : Math.PI * (r1 * r1 - r0 * r0));
      });
      out.rdf = { rMax, bins: r.length, samples: g?.samples ?? 0, volume: V, r, g: gv, neighbours };
    }
    if (this.wanted.has("msd")) {
      let lag: { t: number[]; msd: number[] } = { t: [], msd: [] };
      try {
        const m = a.meanSquaredDisplacement();
        lag = { t: m.t, msd: m.msd };
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
      }
      const D = est(() => a.diffusion());
      // (and the MSD now, at the end, unless a point was taken then)
      const t = [...this.coarse.t], msd = [...this.coarse.msd];
      if (t[t.length - 1] !== sim.time - this.start) {
        t.push(sim.time - this.start);
        msd.push(this.msdSinceStart());
      }
      out.msd = { t, msd, lag, D: D?.mean ?? null, error: D?.error ?? null };
    }
    return out;
  }

  private collisionsSinceStart(): number {
    return this.averages.totals.collisions;
  }
}

/** Sample indices 1, 2, 3, 4, 6, 8, 12, 16, 24, …: powers of two and one and a half times them. */
function logSpaced(k: number): boolean {
  if (k < 1) return false;
  const p = 2 ** Math.floor(Math.log2(k));
  return k === p || 2 * k === 3 * p;
}
