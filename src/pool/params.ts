/**
 * Ball and cue parameters of pooltool's default model (POOL_GENERIC), with checks.
 */
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";

/** Ball parameters (SI units), the same for every ball of a system. */
export interface BallParams {
  /** Mass, kg. */
  m: number;
  /** Radius, m. */
  R: number;
  /** Sliding friction ball–cloth. */
  u_s: number;
  /** Rolling resistance. */
  u_r: number;
  /** Spinning friction, m (pooltool: (4/9) R). */
  u_sp: number;
  /** Ball–ball restitution. */
  e_b: number;
  /** Ball–cushion restitution. */
  e_c: number;
  /** Ball–cushion friction. */
  f_c: number;
  /** Gravity, m/s². */
  g: number;
}

/** pooltool's defaults (its `POOL_GENERIC` ball). */
export const DEFAULT_BALL_PARAMS: Readonly<BallParams> = Object.freeze({
  m: 0.170097,
  R: 0.028575,
  u_s: 0.2,
  u_r: 0.01,
  u_sp: (10 * 2 / 5 / 9) * 0.028575,
  e_b: 0.95,
  e_c: 0.85,
  f_c: 0.2,
  g: 9.81,
});

/** Cue parameters. */
export interface CueSpecs {
  /** Cue mass, kg. */
  M: number;
  /** End mass for squirt, kg (pooltool: m / 30). */
  endMass: number;
  /** Multiplies the side offset a (1 = as given). */
  englishThrottle: number;
  /** Multiplies the squirt angle (1 = full squirt, 0 = none). */
  squirtThrottle: number;
}

/** pooltool's default cue. */
export const DEFAULT_CUE_SPECS: Readonly<CueSpecs> = Object.freeze({
  M: 0.567,
  endMass: 0.170097 / 30,
  englishThrottle: 1,
  squirtThrottle: 1,
});

const BALL_KEYS = Object.keys(DEFAULT_BALL_PARAMS);
const CUE_KEYS = Object.keys(DEFAULT_CUE_SPECS);

/** Defaults overridden by `params`, checked (positive masses and radius, finite non-negative rest). */
export function resolveBallParams(params: unknown): BallParams {
  if (params === undefined) return { ...DEFAULT_BALL_PARAMS };
  requireObject(params, "params");
  rejectUnknownKeys(params, BALL_KEYS, "params");
  const out: BallParams = { ...DEFAULT_BALL_PARAMS };
  // u_sp scales with R in pooltool: a new R without an explicit u_sp keeps the proportion.
  if (params.R !== undefined && params.u_sp === undefined) out.u_sp = (10 * 2 / 5 / 9) * positiveNumber(params.R, "params.R");
  for (const key of BALL_KEYS as (keyof BallParams)[]) {
    const value = params[key];
    if (value === undefined) continue;
    out[key] = key === "m" || key === "R" || key === "g" ? positiveNumber(value, `params.${key}`) : positiveNumber(value, `params.${key}`, true);
  }
  // Below 1e-30 m the squares of the radius (moments of inertia, spins v / R) leave doubles.
  if (!(out.R >= 1e-30)) throw new RangeError(`params.R must be at least 1e-30 m, got ${out.R}`);
  if (out.e_b > 1) throw new RangeError(`params.e_b must be <= 1, got ${out.e_b}`);
  if (out.e_c > 1) throw new RangeError(`params.e_c must be <= 1, got ${out.e_c}`);
  if (!(out.u_s > 0)) throw new RangeError(`params.u_s must be > 0, got ${out.u_s}`);
  if (!(out.u_r > 0)) throw new RangeError(`params.u_r must be > 0, got ${out.u_r}`);
  if (!(out.u_sp > 0)) throw new RangeError(`params.u_sp must be > 0, got ${out.u_sp}`);
  return out;
}

/** Defaults overridden by `cue`, checked. */
export function resolveCueSpecs(cue: unknown): CueSpecs {
  if (cue === undefined) return { ...DEFAULT_CUE_SPECS };
  requireObject(cue, "cue");
  rejectUnknownKeys(cue, CUE_KEYS, "cue");
  const out: CueSpecs = { ...DEFAULT_CUE_SPECS };
  if (cue.M !== undefined) out.M = positiveNumber(cue.M, "cue.M");
  if (cue.endMass !== undefined) out.endMass = positiveNumber(cue.endMass, "cue.endMass");
  if (cue.englishThrottle !== undefined) out.englishThrottle = finiteNumber(cue.englishThrottle, "cue.englishThrottle");
  if (cue.squirtThrottle !== undefined) out.squirtThrottle = finiteNumber(cue.squirtThrottle, "cue.squirtThrottle");
  return out;
}
