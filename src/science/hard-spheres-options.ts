/**
 * Options, statistics and option checks of the science engine ({@link HardSpheres}).
 */
import { suggestKey } from "../scene/suggest-key.js";
import type { HardSpheres } from "./hard-spheres.js";

/** Andersen thermostat: each body's velocity is redrawn from Maxwell–Boltzmann at kT at the events of a Poisson process of the given rate per body. */
export interface AndersenOptions {
  /** kT of the redrawn velocities (> 0, energy units: mass × length² / time²). */
  temperature: number;
  /** Redraws per body per unit time (> 0). */
  rate: number;
  /** Seed of the thermostat's random numbers (an integer). */
  seed: number;
}

/**
 * Velocity rescaling at a fixed interval: every `interval` time units each body's velocity
 * (relative to the shear flow, in a sheared engine) is scaled by one common factor so that the
 * temperature is `temperature` again. Deterministic, no random numbers; it removes the heat that
 * shear or growth put in without the random kicks of Andersen's thermostat, which would carry
 * momentum themselves (and change a measured viscosity).
 */
export interface RescaleOptions {
  /** The kT restored at each rescaling (> 0). */
  temperature: number;
  /** Time between two rescalings (> 0). */
  interval: number;
}

/** Options of a HardSpheres simulation (every key checked: an unknown one is a RangeError naming it). */
export interface HardSpheresOptions {
  /** 2 (discs) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Side lengths of the periodic box [Lx, Ly(, Lz)]; the box spans [0, L) on each axis. */
  box: readonly number[];
  /** Body centres, `dimensions` numbers per body (wrapped into the box). */
  positions: ArrayLike<number>;
  /** Velocities, `dimensions` numbers per body (default: all at rest). */
  velocities?: ArrayLike<number>;
  /** Radius of every body, or one per body (> 0); with growth, the radius at time 0. */
  radii: ArrayLike<number> | number;
  /** Mass of every body, or one per body (> 0; default 1). */
  masses?: ArrayLike<number> | number;
  /** Lubachevsky–Stillinger growth: r_i(t) = r_i(0) (1 + g t) (default 0). */
  growthRate?: number;
  /** Andersen's thermostat ({temperature, rate, seed}) or velocity rescaling ({temperature, interval}); default none. */
  thermostat?: AndersenOptions | RescaleOptions;
  /**
   * Normal restitution of every collision, in [0, 1] (default 1: elastic). Below 1 the bodies
   * form a granular gas: each collision loses (1 − e²) μ w_n² / 2 of kinetic energy.
   */
  restitution?: number;
  /**
   * With restitution < 1: the impact speed u0 below which collisions grow more elastic,
   * e(u) = 1 − (1 − r)(u/u0)^(3/4) (McNamara and Falcon's law; r = restitution above u0). Default
   * 0: e = r at every speed.
   */
  restitutionSpeed?: number;
  /**
   * With restitution < 1: the inelastic-collapse guard (the TC model of Luding and McNamara, as in
   * DynamO): a collision of a body that collided less than `collapseTime` ago is elastic. Default:
   * 1e-7 of the time a body at the start's root-mean-square speed takes to cross the smallest
   * diameter (0 when every body starts at rest).
   */
  collapseTime?: number;
  /**
   * Lees–Edwards shear (default 0): the images across the y faces of the box move along x at
   * ± shearRate × Ly, so the bodies settle into the flow v_x = shearRate × (y − Ly/2). Measure the
   * shear stress and the viscosity with `shearStress()`.
   */
  shearRate?: number;
  /**
   * Neighbour-list skin as a fraction of the largest diameter (cut-off 1 + skin diameters).
   * Default: chosen from the packing fraction at every full rebuild of the lists (see
   * automaticSkin in neighbour-lists.ts): 0.5 in dense fluids, up to 3 in dilute ones.
   */
  skin?: number;
}

/**
 * The scale the engine handles: lengths (radii, box sides), masses and nonzero speed components
 * within [1e-30, 1e30] (box sides up to 1e36, room for many bodies). Inside it the squares and products of its pair tests stay normal
 * doubles, and the neighbour lists' float32 copies of the centres stay normal floats; a body of
 * radius 1e-100 would otherwise pass through others unseen, one of radius 1e100 crawl from one
 * shell exit to the next. Choose units that bring a system inside it (σ = 1 is the usual one).
 */
export const SCALE_MIN = 1e-30;
/** See {@link SCALE_MIN}. */
export const SCALE_MAX = 1e30;

/** RangeError naming `name` unless SCALE_MIN <= x <= max. */
export function checkScale(x: number, name: string, max = SCALE_MAX): void {
  if (!(x >= SCALE_MIN && x <= max)) throw new RangeError(`${name} must be between 1e-30 and ${max} (choose units that bring it there), got ${x}`);
}

/**
 * The most bodies a simulation holds: 2^22 (4,194,304). The engine keeps everything in one
 * buffer addressed by int32 byte offsets, so under 2 GiB, about 470 bytes per body at the
 * default skin of a dense fluid (engine-memory.ts says so, naming the size, when options need more).
 */
export const MAX_BODIES = 2 ** 22;

export const OPTION_KEYS = ["dimensions", "box", "positions", "velocities", "radii", "masses", "growthRate", "thermostat", "skin", "restitution", "restitutionSpeed", "collapseTime", "shearRate"];
export const THERMOSTAT_KEYS = ["temperature", "rate", "seed"];
export const RESCALE_KEYS = ["temperature", "interval"];

/** Cumulative sums since time 0 (never reset): differences of two readings give observables over the time between them. */
export interface MeasurementSums {
  /** The time of the reading. */
  time: number;
  /** Collisions. */
  collisions: number;
  /** The collision virial Σ σ J (σ the contact distance, J the impulse). */
  virial: number;
  /** ∫ E_kin dt. */
  kineticIntegral: number;
  /** Kinetic energy lost in inelastic collisions. */
  dissipated: number;
  /** Sheared engines: ∫ Σ m c_x c_y dt with c the velocity relative to the flow (0 otherwise). */
  kineticXY: number;
  /** Sheared engines: Σ r_x J_y over the collisions (0 otherwise). */
  virialXY: number;
}

/** A thermostat's state as plain numbers (a checkpoint holds it). */
export interface ThermostatState {
  /** Andersen's or velocity rescaling. */
  kind: "andersen" | "rescale";
  /** The kT it holds. */
  temperature: number;
  /** Andersen: redraws per body per unit time. */
  rate?: number;
  /** Andersen: the seed it started from. */
  seed?: number;
  /** Rescaling: the time between two rescalings. */
  interval?: number;
  /** When it acts next. */
  next: number;
  /** Andersen: the random generator's state (ScienceRandom.getState). */
  random?: number[];
}

/** Counts of what the engine did, for benchmarks and tests. */
export interface HardSpheresStats {
  /** Collisions resolved. */
  collisions: number;
  /** Events dropped because the partner had changed course since the prediction. */
  stale: number;
  /** Stale events answered by the body's second-earliest prediction, still valid (no pair tests). */
  secondChoices: number;
  /** Shell exits (one list rebuilt each). */
  shellExits: number;
  /** Rebuilds of every list (start, growth and shear horizons). */
  fullRebuilds: number;
  /** Andersen velocity redraws, or velocity rescalings. */
  thermostatKicks: number;
  /** Pair roots recomputed by the exact kernel. */
  exactRoots: number;
  /** Body predictions made (each tests every pair in the body's neighbour list). */
  predictions: number;
  /** Pair tests made by those predictions. */
  pairTests: number;
}

export function checkKeys(o: object, known: readonly string[], what: string): void {
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) {
      const guess = suggestKey(k, known);
      throw new RangeError(`${what}: unknown option "${k}"${guess === undefined ? "" : `, did you mean "${guess}"?`}`);
    }
  }
}

export function perBody(v: ArrayLike<number> | number | undefined, n: number, fallback: number, name: string): Float64Array {
  const out = new Float64Array(n);
  if (v === undefined) out.fill(fallback);
  else if (typeof v === "number") out.fill(v);
  else {
    if (v.length !== n) throw new RangeError(`${name} must have one entry per body (${n}), got ${v.length}`);
    for (let i = 0; i < n; i++) out[i] = v[i];
  }
  for (let i = 0; i < n; i++) {
    if (!(out[i] > 0 && out[i] < Infinity)) throw new RangeError(`${name}[${i}] must be a finite number > 0, got ${out[i]}`);
    checkScale(out[i], `${name}[${i}]`);
  }
  return out;
}


/** The options of a HardSpheres simulation, checked, with the state laid out (8 numbers per body: x, y, z, t, vx, vy, vz, ρ). */
export interface ParsedOptions {
  dimensions: 2 | 3;
  /** Box sides, Lz = Infinity in 2D. */
  box: Float64Array;
  count: number;
  /** Positions wrapped into the box, velocities and radii at time 0. */
  state: Float64Array;
  rho: Float64Array;
  mass: Float64Array;
  growthRate: number;
  /** The skin asked for, or null: the engine chooses it. */
  skin: number | null;
  /** Andersen's thermostat, velocity rescaling, or none. */
  thermostat: AndersenOptions | RescaleOptions | null;
  restitution: number;
  restitutionSpeed: number;
  /** The collapse time asked for, or null: the default. */
  collapseTime: number | null;
  shearRate: number;
}

/** Checks every option of {@link HardSpheres} (RangeError naming the field) and lays out the state. */
export function parseOptions(options: HardSpheresOptions): ParsedOptions {
  if (options === null || typeof options !== "object") throw new RangeError("options must be an object");
  checkKeys(options, OPTION_KEYS, "HardSpheres");
  const d = options.dimensions;
  if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
  if (!Array.isArray(options.box) && !(options.box instanceof Float64Array)) throw new RangeError("box must be an array of side lengths");
  if (options.box.length !== d) throw new RangeError(`box must have ${d} side lengths, got ${options.box.length}`);
  const box = new Float64Array([options.box[0], options.box[1], d === 3 ? options.box[2] : Infinity]);
  for (let a = 0; a < d; a++) {
    if (!(box[a] > 0 && box[a] < Infinity)) throw new RangeError(`box[${a}] must be a finite number > 0, got ${box[a]}`);
    checkScale(box[a], `box[${a}]`, 1e36);
  }
  const pos = options.positions;
  if (pos === undefined || typeof pos.length !== "number" || pos.length % d !== 0) throw new RangeError(`positions must hold ${d} numbers per body`);
  const n = pos.length / d;
  if (n < 1) throw new RangeError("positions must hold at least one body");
  // (a neighbour-list entry packs the body with a 6-bit shift code into one int32)
  if (n > MAX_BODIES) throw new RangeError(`positions hold ${n} bodies; the engine handles at most ${MAX_BODIES}`);
  const vel = options.velocities;
  if (vel !== undefined && vel.length !== pos.length) throw new RangeError(`velocities must have ${pos.length} entries (as positions), got ${vel.length}`);
  const rho = perBody(options.radii, n, 1, "radii");
  const mass = perBody(options.masses, n, 1, "masses");
  const growthRate = options.growthRate ?? 0;
  if (!(growthRate >= 0 && growthRate < Infinity)) throw new RangeError(`growthRate must be a finite number >= 0, got ${growthRate}`);
  const skin = options.skin ?? null;
  if (skin !== null && !(skin > 0 && skin < Infinity)) throw new RangeError(`skin must be a finite number > 0, got ${skin}`);
  const thermostat = parseThermostat(options.thermostat);
  const restitution = options.restitution ?? 1;
  if (!(restitution >= 0 && restitution <= 1)) throw new RangeError(`restitution must be a number from 0 to 1, got ${restitution}`);
  const restitutionSpeed = options.restitutionSpeed ?? 0;
  if (!(restitutionSpeed >= 0 && restitutionSpeed < Infinity)) throw new RangeError(`restitutionSpeed must be a finite number >= 0, got ${restitutionSpeed}`);
  if (restitutionSpeed > 0) checkScale(restitutionSpeed, "restitutionSpeed");
  const collapseTime = options.collapseTime ?? null;
  if (collapseTime !== null && !(collapseTime >= 0 && collapseTime < Infinity)) throw new RangeError(`collapseTime must be a finite number >= 0, got ${collapseTime}`);
  for (const key of ["restitutionSpeed", "collapseTime"] as const) {
    if (options[key] !== undefined && restitution === 1) throw new RangeError(`${key} applies to inelastic collisions: set restitution below 1 too`);
  }
  const shearRate = options.shearRate ?? 0;
  if (!Number.isFinite(shearRate)) throw new RangeError(`shearRate must be a finite number, got ${shearRate}`);
  if (shearRate !== 0) checkScale(Math.abs(shearRate), "|shearRate|");
  if (growthRate > 0 && (restitution < 1 || shearRate !== 0)) {
    throw new RangeError(`growthRate (Lubachevsky–Stillinger packing) cannot be combined with ${restitution < 1 ? "restitution < 1" : "shearRate"}`);
  }
  const s = new Float64Array(8 * n);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) {
      const x = pos[d * i + a];
      if (!Number.isFinite(x)) throw new RangeError(`positions[${d * i + a}] must be a finite number, got ${x}`);
      const v = vel === undefined ? 0 : vel[d * i + a];
      if (!Number.isFinite(v)) throw new RangeError(`velocities[${d * i + a}] must be a finite number, got ${v}`);
      if (v !== 0) checkScale(Math.abs(v), `|velocities[${d * i + a}]|`);
      s[8 * i + a] = x - Math.floor(x / box[a]) * box[a];
      if (s[8 * i + a] >= box[a]) s[8 * i + a] = 0;
      s[8 * i + 4 + a] = v;
    }
    s[8 * i + 7] = rho[i];
  }
  return { dimensions: d, box, count: n, state: s, rho, mass, growthRate, skin, thermostat, restitution, restitutionSpeed, collapseTime, shearRate };
}

/** The thermostat option checked: Andersen's ({temperature, rate, seed}), velocity rescaling ({temperature, interval}), or none. */
export function parseThermostat(th: AndersenOptions | RescaleOptions | undefined): AndersenOptions | RescaleOptions | null {
  if (th === undefined) return null;
  if (th === null || typeof th !== "object") throw new RangeError("thermostat must be an object: {temperature, rate, seed} (Andersen) or {temperature, interval} (rescaling)");
  const rescale = "interval" in th;
  checkKeys(th, rescale ? RESCALE_KEYS : THERMOSTAT_KEYS, "thermostat");
  if (!(th.temperature > 0 && th.temperature < Infinity)) throw new RangeError(`thermostat.temperature must be a finite number > 0, got ${th.temperature}`);
  checkScale(th.temperature, "thermostat.temperature");
  if (rescale) {
    const r = th as RescaleOptions;
    if (!(r.interval > 0 && r.interval < Infinity)) throw new RangeError(`thermostat.interval must be a finite number > 0, got ${r.interval}`);
    checkScale(r.interval, "thermostat.interval");
    return { temperature: r.temperature, interval: r.interval };
  }
  const a = th as AndersenOptions;
  for (const key of ["rate", "seed"] as const) if (a[key] === undefined) throw new RangeError(`thermostat.${key} is required (Andersen's thermostat: {temperature, rate, seed}; or {temperature, interval} for rescaling)`);
  if (!(a.rate > 0 && a.rate < Infinity)) throw new RangeError(`thermostat.rate must be a finite number > 0, got ${a.rate}`);
  if (!Number.isInteger(a.seed)) throw new RangeError(`thermostat.seed must be an integer, got ${a.seed}`);
  return { temperature: a.temperature, rate: a.rate, seed: a.seed };
}
