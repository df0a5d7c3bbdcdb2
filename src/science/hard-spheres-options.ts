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
  /** Neighbour-list skin as a fraction of the largest diameter (default 0.5: cut-off 1.5 diameters). */
  skin?: number;
}

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
  }
  return out;
}

