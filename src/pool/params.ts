/**
 * Ball and cue parameters of pooltool's default model (POOL_GENERIC) and its snooker and
 * billiards sets, the ball–ball friction model, and their checks.
 *
 * Every parameter has an accepted range ({@link BALL_PARAM_RANGES}, {@link CUE_SPEC_RANGES}):
 * wide enough for any real game (and pooltool's own sets), narrow enough that the model stays
 * finite and ends: a gravity of 1e-300 would let a ball roll for 1e300 s, a sliding friction of
 * 1e300 would overflow the path polynomials. A value outside is a RangeError naming the field
 * and the range.
 */
import { finiteNumber, rejectUnknownKeys, requireObject } from "./options.js";

/** Ball parameters (SI units). */
export interface BallParams {
  /** Mass, kg (the same for every ball of a system: the collision model is for equal masses). */
  m: number;
  /** Radius, m (the same for every ball of a system). */
  R: number;
  /** Sliding friction ball–cloth. */
  u_s: number;
  /** Rolling resistance. */
  u_r: number;
  /** Spinning friction, m (pooltool: (4/9) R). */
  u_sp: number;
  /** Ball–ball restitution (a pair uses the mean of its two balls'). */
  e_b: number;
  /** Ball–cushion restitution. */
  e_c: number;
  /** Ball–cushion friction. */
  f_c: number;
  /** Ball–ball friction, used by the "average" friction model only (a pair uses the mean). */
  u_b: number;
  /** Gravity, m/s² (the same for every ball of a system). */
  g: number;
}

/** The parameters a single ball may set for itself (mass, radius and gravity are the system's). */
export type BallOwnParams = Pick<BallParams, "u_s" | "u_r" | "u_sp" | "e_b" | "e_c" | "f_c" | "u_b">;

/** pooltool's u_sp proportionality: u_sp = (10 · 2/5 / 9) R. */
const U_SP_PER_R = (10 * 2) / 5 / 9;

/** pooltool's defaults (its `POOL_GENERIC` ball). */
export const DEFAULT_BALL_PARAMS: Readonly<BallParams> = Object.freeze({
  m: 0.170097,
  R: 0.028575,
  u_s: 0.2,
  u_r: 0.01,
  u_sp: U_SP_PER_R * 0.028575,
  e_b: 0.95,
  e_c: 0.85,
  f_c: 0.2,
  u_b: 0.05,
  g: 9.81,
});

/** pooltool's snooker ball (`SNOOKER_GENERIC`: 52.5 mm, 140 g, a grippier cloth and cushion). */
export const SNOOKER_BALL_PARAMS: Readonly<BallParams> = Object.freeze({
  ...DEFAULT_BALL_PARAMS,
  m: 0.14,
  R: 0.02619375,
  u_s: 0.5,
  u_sp: U_SP_PER_R * 0.02619375,
  f_c: 0.5,
});

/** pooltool's carom billiards ball (`BILLIARD_GENERIC`: 61.5 mm, 210 g). */
export const BILLIARD_BALL_PARAMS: Readonly<BallParams> = Object.freeze({
  ...DEFAULT_BALL_PARAMS,
  m: 0.21,
  R: 0.0615 / 2,
  u_sp: U_SP_PER_R * (0.0615 / 2),
  f_c: 0.15,
});

/** Accepted range [min, max] of every ball parameter (inclusive). */
export const BALL_PARAM_RANGES: Readonly<Record<keyof BallParams, readonly [number, number]>> = Object.freeze({
  m: [1e-4, 1e3],
  R: [1e-4, 1],
  u_s: [1e-4, 10],
  u_r: [1e-5, 10],
  u_sp: [1e-9, 1],
  e_b: [0, 1],
  e_c: [0, 1],
  f_c: [0, 10],
  u_b: [0, 10],
  g: [0.01, 1e3],
});

/**
 * The ball–ball friction model: Alciatore's fit u_b = a + b exp(−c |v_rel|) of the relative
 * surface speed at the contact (pooltool's default, a = 0.009951, b = 0.108, c = 1.088), or
 * "average": the mean of the two balls' u_b.
 */
export type BallBallFriction =
  | {
    /** Alciatore's fit (TP A-14). */
    model: "alciatore";
    /** Friction at high relative speed. */
    a: number;
    /** Extra friction at zero relative speed. */
    b: number;
    /** Decay rate, s/m. */
    c: number;
  }
  | {
    /** The mean of the two balls' `u_b`. */
    model: "average";
  };

/** pooltool's default ball–ball friction (Alciatore's fit). */
export const DEFAULT_BALL_BALL_FRICTION: Readonly<BallBallFriction> = Object.freeze({ model: "alciatore", a: 0.009951, b: 0.108, c: 1.088 });

/** Cue parameters. */
export interface CueSpecs {
  /** Cue mass, kg. */
  M: number;
  /** End mass for squirt, kg (pooltool: m / 30). */
  endMass: number;
  /** Multiplies the spin a strike gives (1 = as the model computes it), as pooltool's english_throttle. */
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

/** Accepted range [min, max] of every cue spec (inclusive). */
export const CUE_SPEC_RANGES: Readonly<Record<keyof CueSpecs, readonly [number, number]>> = Object.freeze({
  M: [1e-3, 1e3],
  endMass: [1e-6, 1e3],
  englishThrottle: [0, 10],
  squirtThrottle: [0, 10],
});

const BALL_KEYS = Object.keys(DEFAULT_BALL_PARAMS) as (keyof BallParams)[];
const OWN_KEYS: (keyof BallOwnParams)[] = ["u_s", "u_r", "u_sp", "e_b", "e_c", "f_c", "u_b"];
const CUE_KEYS = Object.keys(DEFAULT_CUE_SPECS) as (keyof CueSpecs)[];

/** A finite number in [lo, hi], else a RangeError naming it and the range. */
export function inRange(value: unknown, name: string, lo: number, hi: number): number {
  const x = finiteNumber(value, name);
  if (!(x >= lo && x <= hi)) throw new RangeError(`${name} must be in [${lo}, ${hi}], got ${x}`);
  return x;
}

/** `base` overridden by `params`, checked (every field in its range). */
export function resolveBallParams(params: unknown, base: Readonly<BallParams> = DEFAULT_BALL_PARAMS, name = "params"): BallParams {
  const out: BallParams = { ...base };
  if (params === undefined) return out;
  requireObject(params, name);
  rejectUnknownKeys(params, BALL_KEYS, name);
  // u_sp scales with R in pooltool: a new R without an explicit u_sp keeps the proportion.
  if (params.R !== undefined && params.u_sp === undefined) {
    out.u_sp = U_SP_PER_R * inRange(params.R, `${name}.R`, ...BALL_PARAM_RANGES.R);
  }
  for (const key of BALL_KEYS) {
    if (params[key] !== undefined) out[key] = inRange(params[key], `${name}.${key}`, ...BALL_PARAM_RANGES[key]);
  }
  return out;
}

/** A ball's own parameters over the system's, checked; the system's object itself when none are given. */
export function resolveOwnParams(own: unknown, system: Readonly<BallParams>, name: string): Readonly<BallParams> {
  if (own === undefined) return system;
  requireObject(own, name);
  rejectUnknownKeys(own, OWN_KEYS, name);
  const out: BallParams = { ...system };
  for (const key of OWN_KEYS) {
    if (own[key] !== undefined) out[key] = inRange(own[key], `${name}.${key}`, ...BALL_PARAM_RANGES[key]);
  }
  return Object.freeze(out);
}

/** The ball–ball friction model, checked (default: pooltool's). */
export function resolveFriction(friction: unknown): BallBallFriction {
  if (friction === undefined) return { ...DEFAULT_BALL_BALL_FRICTION };
  requireObject(friction, "ballBallFriction");
  if (friction.model === "average") {
    rejectUnknownKeys(friction, ["model"], "ballBallFriction");
    return { model: "average" };
  }
  if (friction.model !== "alciatore") throw new RangeError(`ballBallFriction.model must be "alciatore" or "average", got ${JSON.stringify(friction.model)}`);
  rejectUnknownKeys(friction, ["model", "a", "b", "c"], "ballBallFriction");
  const d = DEFAULT_BALL_BALL_FRICTION as { a: number; b: number; c: number };
  return {
    model: "alciatore",
    a: friction.a === undefined ? d.a : inRange(friction.a, "ballBallFriction.a", 0, 10),
    b: friction.b === undefined ? d.b : inRange(friction.b, "ballBallFriction.b", 0, 10),
    c: friction.c === undefined ? d.c : inRange(friction.c, "ballBallFriction.c", 0, 1e3),
  };
}

/** Defaults overridden by `cue`, checked. */
export function resolveCueSpecs(cue: unknown): CueSpecs {
  const out: CueSpecs = { ...DEFAULT_CUE_SPECS };
  if (cue === undefined) return out;
  requireObject(cue, "cue");
  rejectUnknownKeys(cue, CUE_KEYS, "cue");
  for (const key of CUE_KEYS) {
    if (cue[key] !== undefined) out[key] = inRange(cue[key], `cue.${key}`, ...CUE_SPEC_RANGES[key]);
  }
  return out;
}
