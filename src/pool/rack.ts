/**
 * Racks and break shots: 9-ball (a diamond of 9 balls, the 1 at the apex on the foot spot, the 9
 * in the middle) and 8-ball (a triangle of 15, the 8 in the middle of the third row), with
 * optional seeded jitter of every position, and a break strike aimed at the apex; snooker (15
 * reds behind the pink, the colours on their spots, the cue ball in the D) and three-cushion
 * (the red on the foot spot, yellow on the head spot, white beside it on the head string). Used
 * by the CLI's default run, the lab, the benchmark and the soak. Deterministic: a seeded sfc32
 * generator, angles from carom's own atan (+ − × ÷ √ only).
 */
import { Sfc32 } from "../math/sfc32.js";
import { atan, PI } from "./elementary.js";
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { BILLIARD_BALL_PARAMS, DEFAULT_BALL_PARAMS, SNOOKER_BALL_PARAMS } from "./params.js";
import { billiardTable, pocketTable, snookerTable, type PoolTable } from "./table.js";
import type { StrikeOptions } from "./system.js";

/** Seeded pseudo-random numbers in [0, 1) (sfc32, seeded through splitmix32). */
export class PoolRandom extends Sfc32 {
  /** Starts the sequence from a seed (its low 32 bits). */
  constructor(seed: number) {
    super(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
}

/** Which rack to set up: the nine-ball diamond, the eight-ball triangle, snooker's or three-cushion's start. */
export type RackKind = "nine-ball" | "eight-ball" | "snooker" | "three-cushion";

const RACK_KINDS: readonly RackKind[] = ["nine-ball", "eight-ball", "snooker", "three-cushion"];

/** Options of {@link rackBalls} (every key checked: an unknown one is a RangeError naming it). */
export interface RackOptions {
  /** Default pocketTable() (snookerTable() for snooker, billiardTable() for three-cushion). */
  table?: PoolTable;
  /** Ball radius, default pooltool's for the game. */
  R?: number;
  /** Gap between neighbouring rack balls (m), default 0.002 R (a real rack is never tight). */
  gap?: number;
  /** Largest random displacement of each ball (m), default 0; must be below gap / 2. */
  jitter?: number;
  /** Seed of the jitter, default 1. */
  seed?: number;
}

const NINE_ROWS = [["1"], ["5", "7"], ["8", "9", "4"], ["2", "3"], ["6"]];
const SNOOKER_ROWS = [1, 2, 3, 4, 5].map((n, k) => Array.from({ length: n }, (_, j) => `red${(k * (k + 1)) / 2 + j + 1}`));
const EIGHT_ROWS = [["1"], ["9", "2"], ["10", "8", "3"], ["11", "7", "14", "4"], ["5", "13", "15", "6", "12"]];

/**
 * The balls of a rack. Pool: object balls first (apex on the foot spot, three quarters of the
 * table's length, on the long axis) and the cue ball "cue" last, on the head string a little off
 * centre. Snooker: "red1" … "red15" (apex just behind the pink), "yellow", "green", "brown",
 * "blue", "pink", "black" on their spots (baulk line 0.737 m from the bottom cushion, D radius
 * 0.292 m, black 0.324 m from the top cushion), "cue" in the D. Three-cushion: "white" (the cue
 * ball) on the head string 0.1524 m right of the head spot, "yellow" on the head spot, "red" on
 * the foot spot.
 */
export function rackBalls(kind: RackKind, options: RackOptions = {}): {
  /** Ball id: "1" to "15" for object balls, "cue" for the cue ball. */
  id: string;
  /** Position across the table's width, metres. */
  x: number;
  /** Position along the table's length, metres. */
  y: number;
}[] {
  const opts: RackOptions = options;
  requireObject(options, "rack options");
  rejectUnknownKeys(options, ["table", "R", "gap", "jitter", "seed"], "rack options");
  if (!RACK_KINDS.includes(kind)) throw new RangeError(`rack kind must be ${RACK_KINDS.map((k) => `"${k}"`).join(", ")}, got ${JSON.stringify(kind)}`);
  const table = opts.table ?? (kind === "snooker" ? snookerTable() : kind === "three-cushion" ? billiardTable() : pocketTable());
  const defaultR = kind === "snooker" ? SNOOKER_BALL_PARAMS.R : kind === "three-cushion" ? BILLIARD_BALL_PARAMS.R : DEFAULT_BALL_PARAMS.R;
  const R = opts.R === undefined ? defaultR : positiveNumber(opts.R, "rack options.R");
  const gap = opts.gap === undefined ? 2e-3 * R : positiveNumber(opts.gap, "rack options.gap", true);
  const jitter = opts.jitter === undefined ? 0 : positiveNumber(opts.jitter, "rack options.jitter", true);
  if (!(jitter < gap / 2 || jitter === 0)) throw new RangeError(`rack options.jitter must be below gap / 2 = ${gap / 2}, got ${jitter}`);
  const seed = opts.seed === undefined ? 1 : finiteNumber(opts.seed, "rack options.seed");
  const rnd = new PoolRandom(seed);
  const { l, w } = table;
  const d = 2 * R + gap;
  const rowStep = d * (Math.sqrt(3) / 2);
  const out: { id: string; x: number; y: number }[] = [];
  const place = (id: string, x: number, y: number) => {
    let dx = 0, dy = 0;
    if (jitter > 0) {
      // Uniform in the disc of radius jitter (rejection from the square).
      do { dx = rnd.range(-1, 1); dy = rnd.range(-1, 1); } while (dx * dx + dy * dy > 1);
      dx *= jitter; dy *= jitter;
    }
    out.push({ id, x: x + dx, y: y + dy });
  };
  if (kind === "three-cushion") {
    place("white", w / 2 + 0.1524, 0.25 * l);
    place("yellow", w / 2, 0.25 * l);
    place("red", w / 2, 0.75 * l);
    return out;
  }
  const rows = kind === "nine-ball" ? NINE_ROWS : kind === "eight-ball" ? EIGHT_ROWS : SNOOKER_ROWS;
  const apexY = kind === "snooker" ? 0.75 * l + d : 0.75 * l;
  rows.forEach((row, k) => {
    row.forEach((id, j) => place(id, w / 2 + (j - (row.length - 1) / 2) * d, apexY + k * rowStep));
  });
  if (kind === "snooker") {
    const baulk = 0.737, D = 0.292;
    place("yellow", w / 2 + D, baulk);
    place("green", w / 2 - D, baulk);
    place("brown", w / 2, baulk);
    place("blue", w / 2, l / 2);
    place("pink", w / 2, 0.75 * l);
    place("black", w / 2, l - 0.324);
    out.push({ id: "cue", x: w / 2 + 0.15, y: baulk - 0.05 });
    return out;
  }
  out.push({ id: "cue", x: w / 2 + (jitter > 0 ? rnd.range(-0.25, 0.25) * w : 0.2 * w), y: 0.25 * l });
  return out;
}

/** Angle of (x, y) in degrees, counter-clockwise from +x, in (−180, 180]. */
export function angleDegrees(x: number, y: number): number {
  let a: number;
  if (x === 0) a = y >= 0 ? PI / 2 : -PI / 2;
  else {
    a = atan(y / x);
    if (x < 0) a += y >= 0 ? PI : -PI;
  }
  return (a * 180) / PI;
}

/** A break strike on "cue" aimed at the apex ball "1" (speed V0, optional tip offsets). */
export function breakStrike(balls: readonly { id: string; x: number; y: number }[], V0 = 8, a = 0, b = 0): StrikeOptions {
  const cue = balls.find((p) => p.id === "cue"), apex = balls.find((p) => p.id === "1");
  if (!cue || !apex) throw new RangeError('breakStrike needs balls "cue" and "1"');
  return { ball: "cue", V0, phi: angleDegrees(apex.x - cue.x, apex.y - cue.y), theta: 0, a, b };
}
