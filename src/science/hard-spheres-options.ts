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
  /** Andersen thermostat (default none). */
  thermostat?: AndersenOptions;
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

export const OPTION_KEYS = ["dimensions", "box", "positions", "velocities", "radii", "masses", "growthRate", "thermostat", "skin"];
export const THERMOSTAT_KEYS = ["temperature", "rate", "seed"];

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
  /** Rebuilds of every list (start, growth horizon, velocity rescaling). */
  fullRebuilds: number;
  /** Andersen velocity redraws. */
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
  thermostat: AndersenOptions | null;
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
  const th = options.thermostat;
  if (th !== undefined) {
    if (th === null || typeof th !== "object") throw new RangeError("thermostat must be an object");
    checkKeys(th, THERMOSTAT_KEYS, "thermostat");
    if (!(th.temperature > 0 && th.temperature < Infinity)) throw new RangeError(`thermostat.temperature must be a finite number > 0, got ${th.temperature}`);
    checkScale(th.temperature, "thermostat.temperature");
    if (!(th.rate > 0 && th.rate < Infinity)) throw new RangeError(`thermostat.rate must be a finite number > 0, got ${th.rate}`);
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
  return { dimensions: d, box, count: n, state: s, rho, mass, growthRate, skin, thermostat: th ?? null };
}
