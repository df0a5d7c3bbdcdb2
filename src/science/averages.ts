/**
 * Time averages of a {@link HardSpheres} run with their standard errors: the reduced pressure Z,
 * the temperature kT, the collision rate (and, sheared, the viscosity) from block averaging of
 * the engine's exact sums (blocking.ts, Flyvbjerg–Petersen); g(r) averaged over the samples; the
 * mean squared displacement from every sample as a time origin, and the self-diffusion
 * coefficient D from its slope.
 *
 *     const avg = new Averages(sim);
 *     for (let k = 0; k < 1000; k++) { sim.advance(0.5); avg.sample(); }
 *     avg.pressure(); // { mean, error, samples, blockSize, plateau }
 *
 * Each `sample()` ends a block at the engine's current time: Z, kT and the rate of the block come
 * from the differences of the engine's cumulative sums (sim.sums()), so they are exact integrals
 * over the block, not snapshots. Take samples at equal time intervals (the blocks are then of
 * equal weight, and the MSD's lags multiples of the interval). Averages is plain data and
 * checkpoints with the run (`checkpoint()`, `Averages.restore`).
 */
import { blockAverage, type Estimate } from "./blocking.js";
import type { HardSpheres, MeasurementSums } from "./hard-spheres.js";
import { checkKeys } from "./hard-spheres-options.js";
import { checkRange, normalise, pairHistogram, type RadialDistribution } from "./observables.js";

/** Options of {@link Averages} (every key checked). */
export interface AveragesOptions {
  /** Lags of the mean squared displacement, in sample intervals (default 64; 0: no MSD). */
  msdLags?: number;
  /**
   * Every this many samples is a time origin of the MSD (default 8; 1: every sample). Each
   * sample costs O(N msdLags / msdOriginEvery); neighbouring origins share most of their
   * displacements, so more of them add little.
   */
  msdOriginEvery?: number;
  /** g(r) bins (default 0: no g(r)). */
  rdfBins?: number;
  /** g(r)'s range (default half the smallest box side). */
  rdfMax?: number;
  /** Take g(r) at the first sample and every this many after (default 1: every one; it costs O(N × neighbours within rdfMax)). */
  rdfEvery?: number;
}

const KEYS = ["msdLags", "msdOriginEvery", "rdfBins", "rdfMax", "rdfEvery"];
/** The most numbers the MSD's window of past positions may hold (2^27: 1 GiB). */
const MSD_MEMORY = 2 ** 27;

/** g(r) averaged over the samples. */
export interface AveragedDistribution extends RadialDistribution {
  /** Snapshots averaged. */
  samples: number;
  /** The range. */
  rMax: number;
}

/** The mean squared displacement at each lag, averaged over every time origin. */
export interface MeanSquaredDisplacement {
  /** Lag times. */
  t: number[];
  /** ⟨|r(t0 + t) − r(t0)|²⟩ over bodies and origins. */
  msd: number[];
  /** Origins averaged at each lag. */
  origins: number[];
}

/** The state of an {@link Averages}, as plain JSON-safe data (its fields are its internals). */
export interface AveragesCheckpoint {
  /** The options it was made with. */
  options: Required<AveragesOptions>;
  /** The engine's sums at the last sample. */
  last: MeasurementSums;
  /** The sample times. */
  times: number[];
  /** Each block's Z (null for a sheared engine's). */
  z: number[];
  /** Each block's kT. */
  kT: number[];
  /** Each block's collision rate. */
  rate: number[];
  /** Each block's viscosity (sheared engines). */
  viscosity: number[];
  /** The sums over all samples. */
  totals: RunningTotals;
  /** The g(r) histogram. */
  hist: number[];
  /** The snapshots in it. */
  rdfSamples: number;
  /** The MSD's state. */
  msd: MsdState;
}

/** The sums over an Averages' samples, with the shear stress's. */
export interface RunningTotals extends AveragesTotals {
  /** ∫ P_xy dt (sheared engines). */
  stress: number;
}

/** The MSD's state in an Averages checkpoint. */
export interface MsdState {
  /** The time origins' unwrapped positions, d N per slot. */
  window: number[];
  /** Each slot's sample index (−1: free). */
  origins: number[];
  /** The MSD summed per lag. */
  sum: number[];
  /** The lag times summed per lag. */
  lagTime: number[];
  /** The origins counted per lag. */
  count: number[];
  /** Each slot's slope so far. */
  partial: number[];
  /** The completed origins' slopes. */
  slopes: number[];
}

/** Sums over an Averages' samples. */
export interface AveragesTotals {
  /** The collision virial Σ σ J. */
  virial: number;
  /** ∫ E_kin dt. */
  kineticIntegral: number;
  /** Collisions. */
  collisions: number;
  /** The time the samples span. */
  time: number;
}

/**
 * Time averages of a run with standard errors from block averaging, g(r) over the samples, the
 * MSD from many time origins and D (see the file's comment for an example).
 */
export class Averages {
  private readonly d: 2 | 3;
  private readonly n: number;
  private readonly lags: number;
  private readonly rdfMax: number;
  private readonly rdfEvery: number;
  private last: MeasurementSums;
  private times: number[] = [];
  private z: number[] = [];
  private kT: number[] = [];
  private rate: number[] = [];
  private viscosityBlocks: number[] = [];
  private running = { virial: 0, kineticIntegral: 0, collisions: 0, time: 0, stress: 0 };
  private hist: Float64Array;
  private rdfSamples = 0;
  // the MSD: the unwrapped positions of the time origins within the last `lags` samples (a
  // ring of slots, with each slot's sample index, −1: free), sums per lag, and each origin's
  // slope as it completes
  private readonly originEvery: number;
  private window: Float64Array;
  private readonly originOf: Float64Array;
  private readonly msdSum: Float64Array;
  private readonly lagTime: Float64Array;
  private readonly msdCount: Float64Array;
  private readonly partial: Float64Array;
  private slopes: number[] = [];

  /** Starts averaging `sim` from now (its state now is the first time origin). */
  constructor(private readonly sim: HardSpheres, options: AveragesOptions = {}) {
    if (options === null || typeof options !== "object") throw new RangeError("options must be an object");
    checkKeys(options, KEYS, "Averages");
    this.d = sim.dimensions;
    this.n = sim.count;
    const lags = options.msdLags ?? 64;
    if (!(Number.isInteger(lags) && lags >= 0)) throw new RangeError(`msdLags must be an integer >= 0, got ${lags}`);
    this.lags = lags;
    const originEvery = options.msdOriginEvery ?? 8;
    if (!(Number.isInteger(originEvery) && originEvery >= 1)) throw new RangeError(`msdOriginEvery must be an integer >= 1, got ${originEvery}`);
    this.originEvery = originEvery;
    const bins = options.rdfBins ?? 0;
    if (!(Number.isInteger(bins) && bins >= 0 && bins <= 1e7)) throw new RangeError(`rdfBins must be an integer from 0 to 1e7, got ${bins}`);
    this.rdfMax = bins > 0 ? checkRange(sim, bins, options.rdfMax) : 0;
    const every = options.rdfEvery ?? 1;
    if (!(Number.isInteger(every) && every >= 1)) throw new RangeError(`rdfEvery must be an integer >= 1, got ${every}`);
    this.rdfEvery = every;
    this.hist = new Float64Array(bins);
    this.last = sim.sums();
    const dn = this.d * this.n;
    const slots = lags > 0 ? Math.floor(lags / originEvery) + 1 : 0;
    if (slots * this.d * this.n > MSD_MEMORY) throw new RangeError(`msdLags ${lags} (origins every ${originEvery} samples) for ${this.n} bodies would keep ${((slots * this.d * this.n * 8) / 2 ** 30).toFixed(1)} GiB of past positions; the limit is 1 GiB (fewer lags, or a larger msdOriginEvery)`);
    this.window = new Float64Array(slots * dn);
    this.originOf = new Float64Array(slots).fill(-1);
    this.msdSum = new Float64Array(lags + 1);
    this.lagTime = new Float64Array(lags + 1);
    this.msdCount = new Float64Array(lags + 1);
    this.partial = new Float64Array(slots);
    this.times.push(sim.time);
    if (lags > 0) this.takeOrigin(0);
  }

  /** Samples taken (blocks ended). */
  get samples(): number {
    return this.z.length;
  }

  /** The sums over all samples: the collision virial Σ σ J, ∫ E_kin dt, collisions and time. */
  get totals(): AveragesTotals {
    const t = this.running;
    return { virial: t.virial, kineticIntegral: t.kineticIntegral, collisions: t.collisions, time: t.time };
  }

  /**
   * Ends a block at the engine's current time: the block's Z, kT, collision rate (and viscosity,
   * sheared), the g(r) histogram and the MSD of every origin up to `msdLags` samples back. A
   * RangeError when no time has passed since the last sample.
   */
  sample(): void {
    const sim = this.sim, now = sim.sums();
    const dt = now.time - this.last.time;
    if (!(dt > 0)) throw new RangeError(`Averages.sample(): no time has passed since the last sample (t = ${now.time}); advance first`);
    const virial = now.virial - this.last.virial, kin = now.kineticIntegral - this.last.kineticIntegral, coll = now.collisions - this.last.collisions;
    const sheared = sim.shearRate !== 0;
    const V = sim.box[0] * sim.box[1] * (this.d === 3 ? sim.box[2] : 1);
    this.z.push(kin > 0 && !sheared ? 1 + virial / (2 * kin) : NaN);
    this.kT.push(sheared ? sim.temperature() : (2 * kin) / (this.d * this.n * dt));
    this.rate.push((2 * coll) / (this.n * dt));
    const stress = (now.kineticXY - this.last.kineticXY + now.virialXY - this.last.virialXY) / V;
    if (sheared) this.viscosityBlocks.push(-stress / (dt * sim.shearRate));
    const t = this.running;
    t.virial += virial;
    t.kineticIntegral += kin;
    t.collisions += coll;
    t.time += dt;
    t.stress += stress;
    this.last = now;
    this.times.push(now.time);
    if (this.hist.length > 0 && (this.z.length - 1) % this.rdfEvery === 0) {
      pairHistogram(sim, this.hist, this.rdfMax);
      this.rdfSamples++;
    }
    if (this.lags > 0) this.addDisplacements();
  }

  /** Z = PV/(N kT) over all samples (ratio of the summed virial and kinetic integrals) with its blocking error. */
  pressure(): Estimate {
    if (this.sim.shearRate !== 0) throw new RangeError("Averages.pressure(): a sheared engine's kinetic energy includes the flow's; use viscosity() and temperature()");
    const t = this.running;
    if (!(t.kineticIntegral > 0)) throw new RangeError("Averages.pressure(): no sample with kT > 0 yet (take samples after time has passed, with the bodies moving)");
    return { ...this.estimate(this.z, "pressure"), mean: 1 + t.virial / (2 * t.kineticIntegral) };
  }

  /** kT over all samples (sheared: of the velocities relative to the flow, at the samples), with its blocking error. */
  temperature(): Estimate {
    const t = this.running;
    const e = this.estimate(this.kT, "temperature");
    return this.sim.shearRate !== 0 ? e : { ...e, mean: (2 * t.kineticIntegral) / (this.d * this.n * t.time) };
  }

  /** Collisions per body per unit time over all samples, with its blocking error. */
  collisionRate(): Estimate {
    const t = this.running;
    return { ...this.estimate(this.rate, "collisionRate"), mean: (2 * t.collisions) / (this.n * t.time) };
  }

  /** The shear viscosity η = −⟨P_xy⟩/γ̇ over all samples (sheared engines), with its blocking error. */
  viscosity(): Estimate {
    const rate = this.sim.shearRate;
    if (rate === 0) throw new RangeError("Averages.viscosity(): the engine is not sheared (set shearRate)");
    return { ...this.estimate(this.viscosityBlocks, "viscosity"), mean: -this.running.stress / (this.running.time * rate) };
  }

  /** g(r) averaged over the samples (rdfBins must be set). */
  radialDistribution(): AveragedDistribution {
    if (this.hist.length === 0) throw new RangeError("Averages.radialDistribution(): set rdfBins to average g(r)");
    if (this.rdfSamples === 0) throw new RangeError("Averages.radialDistribution(): no sample yet");
    return { ...normalise(this.sim, this.hist, this.rdfMax, this.rdfSamples), samples: this.rdfSamples, rMax: this.rdfMax };
  }

  /** The mean squared displacement at lags 1 … msdLags sample intervals, over every origin that reaches that far. */
  meanSquaredDisplacement(): MeanSquaredDisplacement {
    if (this.lags === 0) throw new RangeError("Averages.meanSquaredDisplacement(): msdLags is 0");
    const out: MeanSquaredDisplacement = { t: [], msd: [], origins: [] };
    for (let k = 1; k <= this.lags; k++) {
      if (this.msdCount[k] === 0) break;
      out.t.push(this.lagTime[k] / this.msdCount[k]);
      out.msd.push(this.msdSum[k] / this.msdCount[k]);
      out.origins.push(this.msdCount[k]);
    }
    return out;
  }

  /**
   * The self-diffusion coefficient D from the slope of the MSD over the later half of the lags
   * (MSD = 2 d D t at long times): each time origin gives a least-squares slope of its own
   * displacements over lags msdLags/2 … msdLags, and D is their mean over origins, with the
   * blocking error of that series (neighbouring origins share displacements, which blocking
   * accounts for). Needs samples at equal intervals, and msdLags of them at least twice (a
   * RangeError otherwise).
   */
  diffusion(): Estimate {
    if (this.lags < 2) throw new RangeError("Averages.diffusion(): needs msdLags >= 2");
    if (this.slopes.length < 2) throw new RangeError(`Averages.diffusion(): needs at least msdLags + 2 = ${this.lags + 2} samples, got ${this.samples}`);
    const dt = this.lagTime[1] / this.msdCount[1];
    const e = blockAverage(this.slopes);
    const f = 1 / (2 * this.d * dt);
    return { mean: e.mean * f, error: e.error * f, samples: e.samples, blockSize: e.blockSize, plateau: e.plateau };
  }

  private estimate(series: number[], what: string): Estimate {
    if (series.length < 2) throw new RangeError(`Averages.${what}(): needs at least 2 samples for an error, got ${series.length}`);
    const e = blockAverage(series);
    return { mean: e.mean, error: e.error, samples: e.samples, blockSize: e.blockSize, plateau: e.plateau };
  }

  /** Makes the state now time origin number `s` (a sample index, a multiple of originEvery). */
  private takeOrigin(s: number): void {
    const dn = this.d * this.n, slot = (s / this.originEvery) % this.originOf.length;
    this.sim.unwrappedPositionsInto(this.window.subarray(slot * dn, (slot + 1) * dn));
    this.originOf[slot] = s;
    this.partial[slot] = 0;
  }

  /** The displacements from each time origin of the last `lags` samples to now, into the sums per lag and the origins' slopes. */
  private addDisplacements(): void {
    const L = this.lags, dn = this.d * this.n;
    const s = this.times.length - 1; // this sample's index (the first origin is 0)
    const now = new Float64Array(dn);
    this.sim.unwrappedPositionsInto(now);
    const kMin = Math.ceil(L / 2);
    // least-squares weights over lags kMin … L: slope = Σ (k − k̄) y_k / Σ (k − k̄)²
    const kBar = (kMin + L) / 2;
    let den = 0;
    for (let k = kMin; k <= L; k++) den += (k - kBar) * (k - kBar);
    for (let slot = 0; slot < this.originOf.length; slot++) {
      const o = this.originOf[slot], k = s - o;
      if (o < 0 || k < 1 || k > L) continue;
      const past = this.window.subarray(slot * dn, (slot + 1) * dn);
      let sum = 0;
      for (let c = 0; c < dn; c++) {
        const u = now[c] - past[c];
        sum += u * u;
      }
      const msd = sum / this.n;
      this.msdSum[k] += msd;
      this.msdCount[k]++;
      this.lagTime[k] += this.times[s] - this.times[o];
      if (k >= kMin && den > 0) this.partial[slot] += ((k - kBar) / den) * msd;
      if (k === L) {
        this.slopes.push(this.partial[slot]);
        this.originOf[slot] = -1;
      }
    }
    if (s % this.originEvery === 0) this.takeOrigin(s);
  }

  /** Its state as plain data (JSON-safe: every number finite, NaN written as null). */
  checkpoint(): AveragesCheckpoint {
    const plain = (a: ArrayLike<number>): number[] => Array.from(a as ArrayLike<number>);
    return {
      options: { msdLags: this.lags, msdOriginEvery: this.originEvery, rdfBins: this.hist.length, rdfMax: this.rdfMax, rdfEvery: this.rdfEvery },
      last: { ...this.last },
      times: [...this.times],
      z: this.z.map((x) => (Number.isNaN(x) ? (null as unknown as number) : x)),
      kT: [...this.kT],
      rate: [...this.rate],
      viscosity: [...this.viscosityBlocks],
      totals: { ...this.running },
      hist: plain(this.hist),
      rdfSamples: this.rdfSamples,
      msd: { window: plain(this.window), origins: plain(this.originOf), sum: plain(this.msdSum), lagTime: plain(this.lagTime), count: plain(this.msdCount), partial: plain(this.partial), slopes: [...this.slopes] },
    };
  }

  /** The Averages a checkpoint describes, continuing on `sim` (restored from the same moment). */
  static restore(sim: HardSpheres, cp: AveragesCheckpoint): Averages {
    if (cp === null || typeof cp !== "object") throw new RangeError("Averages checkpoint must be an object");
    const o = cp.options;
    const a = new Averages(sim, { msdLags: o.msdLags, msdOriginEvery: o.msdOriginEvery, rdfBins: o.rdfBins, rdfEvery: o.rdfEvery, ...(o.rdfBins > 0 ? { rdfMax: o.rdfMax } : {}) });
    const len = (name: string, x: ArrayLike<unknown>, n: number): void => {
      if (x.length !== n) throw new RangeError(`Averages checkpoint: ${name} must hold ${n} numbers, got ${x.length}`);
    };
    len("msd.window", cp.msd.window, a.window.length);
    len("hist", cp.hist, a.hist.length);
    a.last = { ...cp.last };
    a.times = [...cp.times];
    a.z = cp.z.map((x) => (x === null ? NaN : x));
    a.kT = [...cp.kT];
    a.rate = [...cp.rate];
    a.viscosityBlocks = [...cp.viscosity];
    a.running = { ...cp.totals };
    a.hist.set(cp.hist);
    a.rdfSamples = cp.rdfSamples;
    len("msd.origins", cp.msd.origins, a.originOf.length);
    a.window.set(cp.msd.window);
    a.originOf.set(cp.msd.origins);
    a.msdSum.set(cp.msd.sum);
    a.lagTime.set(cp.msd.lagTime);
    a.msdCount.set(cp.msd.count);
    a.partial.set(cp.msd.partial);
    a.slopes = [...cp.msd.slopes];
    return a;
  }
}
