/**
 * A shot solver: which strikes pot a given ball without a scratch, and with how much room for
 * error. For each pocket it starts from the ghost-ball aim (./aim.ts), then simulates candidate
 * strikes with the full model (throw, squirt, spin, cushions, other balls) over a window of cue
 * directions, for each speed and tip offset asked for; every run of directions that pots gives a
 * shot, aimed at the middle of the run, its edges found by bisection. A shot's margin is how far
 * the cue direction may be off either way and still pot (half the run's width, in degrees).
 * Shots rank by margin, or, given a target for the cue ball, by how near it stops among the
 * safe ones.
 *
 * Speed: each candidate is a full simulation to rest (or to the first scratch or wrong first
 * contact, which end it early) on an engine restored from the position by copying a few arrays:
 * nothing is allocated per candidate. The time limit and an AbortSignal stop the search between
 * candidates; the shots found so far are returned.
 */
import { aimAlong, type Point } from "./aim.js";
import { PoolEngine } from "./engine.js";
import { EV_BALL, EV_POCKET } from "./history.js";
import { POCKETED, STATIONARY, STRIDE } from "./motion.js";
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { MAX_V0, poolEngine, type PoolSystem, type StrikeOptions } from "./system.js";

/** A tip offset: side a and top/bottom b, fractions of the ball radius. */
export interface TipOffset {
  /** Side (+ left, − right, seen from behind the cue ball). */
  a: number;
  /** Top (+, follow) or bottom (−, draw). */
  b: number;
}

/** What findShot reads of an AbortSignal (any object with this flag will do). */
export interface AbortFlag {
  /** True once the search should stop. */
  readonly aborted: boolean;
}

/** Options of {@link findShot}. */
export interface FindShotOptions {
  /** The object ball to pot. */
  ball: string;
  /** The pocket(s) to pot it in (default: every pocket of the table). */
  pocket?: string | readonly string[];
  /** The cue ball's id (default "cue"). */
  cue?: string;
  /** Cue speeds to try, m/s (default 1.5, 2.5, 4 and 6). */
  speeds?: readonly number[];
  /** Tip offsets to try (default: centre, follow, draw, left and right english). */
  spins?: readonly TipOffset[];
  /** How far either side of the ghost-ball aim to search, degrees (default 4). */
  window?: number;
  /** Step of the first scan of directions, degrees (default 0.2); edges are then refined to 0.002°. */
  step?: number;
  /** The ball the cue ball must hit first (default: `ball`; null: any ball). */
  firstContact?: string | null;
  /** Where the cue ball should stop: among the shots with at least `minMargin`, the nearest stop ranks first. */
  cueTarget?: Point;
  /** With cueTarget: the smallest margin (degrees) a shot needs to rank by position (default half the best margin). */
  minMargin?: number;
  /** How many shots to return, the best first (default 10). */
  maxShots?: number;
  /** Time budget, milliseconds (default 2000): the search stops there and returns what it found. */
  timeLimit?: number;
  /** An AbortSignal (or any object with an `aborted` flag): the search stops between candidates once it is set, and returns the shots found so far. */
  signal?: AbortFlag;
}

/** A shot that pots the ball. */
export interface ShotPlan {
  /** The strike: pass it to PoolSystem.strike. */
  strike: StrikeOptions & {
    /** Cue direction, degrees. */
    phi: number;
  };
  /** The pocket the ball drops in. */
  pocket: string;
  /** How far the cue direction may be off either way and still pot, degrees. */
  margin: number;
  /** The cue directions that pot, [from, to], degrees. */
  range: [number, number];
  /** The cut angle of the ghost-ball aim at this pocket, degrees. */
  cut: number;
  /** Where the cue ball stops [x, y]. */
  cueStop: [number, number];
  /** Distance from cueStop to cueTarget, metres (when a target was given). */
  cueDistance?: number;
}

/** What {@link findShot} found. */
export interface ShotSearch {
  /** The shots, the best first. */
  shots: ShotPlan[];
  /** How many candidate strikes were simulated. */
  candidates: number;
  /** Wall-clock seconds spent. */
  seconds: number;
  /** False when the time limit or the signal stopped the search early. */
  complete: boolean;
}

const DEFAULT_SPEEDS = [1.5, 2.5, 4, 6];
const DEFAULT_SPINS: readonly TipOffset[] = [{ a: 0, b: 0 }, { a: 0, b: 0.4 }, { a: 0, b: -0.4 }, { a: 0.3, b: 0 }, { a: -0.3, b: 0 }];
/** Refinement of the edges of a potting run, degrees. */
const EDGE = 0.002;
/** A candidate that runs longer than this many events is counted as a miss. */
const MAX_EVENTS = 20_000;

/** Outcome of one candidate. */
const MISS = 0, POT = 1;

class Trial {
  readonly base: PoolEngine;
  readonly work: PoolEngine;
  candidates = 0;
  /** Where the cue ball stopped in the last pot. */
  stopX = 0;
  stopY = 0;

  constructor(base: PoolEngine, readonly cue: number, readonly target: number, readonly first: number, readonly pocket: number, readonly cueSpecs: PoolSystem["cue"]) {
    this.base = base;
    this.work = base.clone();
  }

  /** Simulates one strike; POT when the target drops in the pocket, the cue ball does not, and the first contact is right. */
  run(V0: number, phi: number, a: number, b: number): number {
    const e = this.work, log = e.log;
    e.copyFrom(this.base);
    this.candidates++;
    e.strike(this.cue, V0, phi, 0, a, b, this.cueSpecs);
    let contact = -1, potted = false, events = 0;
    while (e.step(Infinity)) {
      if (++events > MAX_EVENTS) return MISS;
      const k = log.count - 1, type = log.type(k);
      if (type === EV_BALL && contact < 0) {
        const i = log.ballI(k), j = log.ballJ(k);
        if (i === this.cue || j === this.cue) {
          contact = i === this.cue ? j : i;
          if (this.first >= 0 && contact !== this.first) return MISS;
        }
      } else if (type === EV_POCKET) {
        const i = log.ballI(k);
        if (i === this.cue) return MISS;
        if (i === this.target) {
          if (log.other(k) !== this.pocket) return MISS;
          potted = true;
        }
      }
    }
    if (!potted) return MISS;
    this.stopX = e.B[this.cue * STRIDE];
    this.stopY = e.B[this.cue * STRIDE + 1];
    return POT;
  }
}

/**
 * Searches strikes of the cue ball that pot `ball` without a scratch (and, by default, hitting
 * it first), by simulating candidates; every ball must be at rest.
 *
 * ```ts
 * const { shots } = findShot(system, { ball: "1", pocket: "rt" });
 * if (shots.length) system.strike(shots[0].strike);
 * ```
 */
export function findShot(system: PoolSystem, options: FindShotOptions): ShotSearch {
  const t0 = performance.now();
  requireObject(options, "findShot options");
  rejectUnknownKeys(options, ["ball", "pocket", "cue", "speeds", "spins", "window", "step", "firstContact", "cueTarget", "minMargin", "maxShots", "timeLimit", "signal"], "findShot options");
  const engine = poolEngine(system);
  if (!engine.atRest()) throw new RangeError("findShot: every ball must be at rest (simulate the last shot to the end first)");
  const index = (id: unknown, name: string): number => {
    const i = system.ids.indexOf(id as string);
    if (i < 0) throw new RangeError(`${name}: no ball ${JSON.stringify(id)} (balls: ${system.ids.join(", ")})`);
    if (engine.S[i] === POCKETED) throw new RangeError(`${name}: ball "${String(id)}" is pocketed`);
    return i;
  };
  const cueId = options.cue ?? "cue";
  const cue = index(cueId, "findShot options.cue"), target = index(options.ball, "findShot options.ball");
  if (cue === target) throw new RangeError("findShot options.ball must be another ball than the cue ball");
  const first = options.firstContact === null ? -1 : options.firstContact === undefined ? target : index(options.firstContact, "findShot options.firstContact");
  const pocketIds = options.pocket === undefined ? system.table.pockets.map((p) => p.id) : typeof options.pocket === "string" ? [options.pocket] : options.pocket;
  if (!Array.isArray(pocketIds)) throw new RangeError("findShot options.pocket must be a pocket id or an array of them");
  for (const key of ["speeds", "spins"] as const) {
    if (options[key] !== undefined && !Array.isArray(options[key])) throw new RangeError(`findShot options.${key} must be an array`);
  }
  const pockets = pocketIds.map((id, k) => {
    const p = system.table.pockets.findIndex((q) => q.id === id);
    if (p < 0) throw new RangeError(`findShot options.pocket${typeof options.pocket === "string" ? "" : `[${k}]`}: no pocket ${JSON.stringify(id)} on this table (pockets: ${system.table.pockets.map((q) => q.id).join(", ") || "none"})`);
    return p;
  });
  const speeds = (options.speeds ?? DEFAULT_SPEEDS).map((v, k) => {
    const x = positiveNumber(v, `findShot options.speeds[${k}]`);
    if (x > MAX_V0) throw new RangeError(`findShot options.speeds[${k}] must be at most ${MAX_V0} m/s, got ${x}`);
    return x;
  });
  const spins = (options.spins ?? DEFAULT_SPINS).map((s, k) => {
    requireObject(s, `findShot options.spins[${k}]`);
    rejectUnknownKeys(s, ["a", "b"], `findShot options.spins[${k}]`);
    const a = finiteNumber(s.a, `findShot options.spins[${k}].a`), b = finiteNumber(s.b, `findShot options.spins[${k}].b`);
    if (a * a + b * b > 1) throw new RangeError(`findShot options.spins[${k}]: a² + b² must be <= 1, got a = ${a}, b = ${b}`);
    return { a, b };
  });
  const window = options.window === undefined ? 4 : positiveNumber(options.window, "findShot options.window");
  if (window > 90) throw new RangeError(`findShot options.window must be at most 90 degrees, got ${window}`);
  const step = options.step === undefined ? 0.2 : positiveNumber(options.step, "findShot options.step");
  if (step < 0.001 || step > window) throw new RangeError(`findShot options.step must be in [0.001, window = ${window}] degrees, got ${step}`);
  const maxShots = options.maxShots === undefined ? 10 : positiveNumber(options.maxShots, "findShot options.maxShots");
  const timeLimit = options.timeLimit === undefined ? 2000 : positiveNumber(options.timeLimit, "findShot options.timeLimit");
  let cueTarget: [number, number] | undefined;
  if (options.cueTarget !== undefined) {
    const t = options.cueTarget;
    if (!Array.isArray(t) || t.length !== 2) throw new RangeError("findShot options.cueTarget must be a point [x, y]");
    cueTarget = [finiteNumber(t[0], "findShot options.cueTarget[0]"), finiteNumber(t[1], "findShot options.cueTarget[1]")];
  }
  const signal = options.signal;
  if (signal !== undefined && !(typeof signal === "object" && signal !== null && "aborted" in signal)) throw new RangeError("findShot options.signal must be an AbortSignal (an object with an aborted flag)");

  const base = restEngine(engine);
  const R = engine.R;
  const at = (i: number): Point => [engine.B[i * STRIDE], engine.B[i * STRIDE + 1]];
  const shots: ShotPlan[] = [];
  let candidates = 0, complete = true;
  let polls = 0;
  const stopped = () => {
    if (!complete) return true;
    // The clock is read every 8th candidate (reading it costs a few percent of a candidate).
    if ((polls++ & 7) === 0 && (signal?.aborted || performance.now() - t0 > timeLimit)) complete = false;
    return !complete;
  };
  search: for (const p of pockets) {
    const pocket = system.table.pockets[p];
    const ox = at(target)[0], oy = at(target)[1];
    const dx = pocket.center[0] - ox, dy = pocket.center[1] - oy, d = Math.hypot(dx, dy);
    const aim = aimAlong(at(cue), [ox, oy], dx / d, dy / d, R);
    if (!aim.possible || aim.cut > 85) continue;
    const trial = new Trial(base, cue, target, first, p, system.cue);
    for (const V0 of speeds) {
      for (const { a, b } of spins) {
        // Scan the window; each run of potting directions becomes a shot.
        const n = Math.round((2 * window) / step);
        let runStart = NaN, lastPot = NaN;
        for (let k = 0; k <= n + 1; k++) {
          if (stopped()) break search;
          const phi = aim.phi - window + k * step;
          const pot = k <= n && trial.run(V0, phi, a, b) === POT;
          if (pot) {
            if (runStart !== runStart) runStart = phi;
            lastPot = phi;
          } else if (runStart === runStart) {
            const lo = edge(trial, V0, a, b, runStart - step, runStart, stopped);
            const hi = edge(trial, V0, a, b, phi, lastPot, stopped);
            const mid = 0.5 * (lo + hi);
            if (trial.run(V0, mid, a, b) === POT) {
              const plan: ShotPlan = {
                strike: { ball: cueId, V0, phi: mid, theta: 0, a, b },
                pocket: pocket.id,
                margin: 0.5 * (hi - lo),
                range: [lo, hi],
                cut: aim.cut,
                cueStop: [trial.stopX, trial.stopY],
              };
              if (cueTarget) plan.cueDistance = Math.hypot(trial.stopX - cueTarget[0], trial.stopY - cueTarget[1]);
              shots.push(plan);
            }
            runStart = NaN;
          }
        }
      }
    }
    candidates += trial.candidates;
  }
  rank(shots, cueTarget !== undefined, options.minMargin);
  return { shots: shots.slice(0, maxShots), candidates, seconds: (performance.now() - t0) / 1000, complete };
}

/** The boundary between a miss at `out` and a pot at `inside`, by bisection to {@link EDGE}; returns the potting side. */
function edge(trial: Trial, V0: number, a: number, b: number, out: number, inside: number, stopped: () => boolean): number {
  while (Math.abs(inside - out) > EDGE && !stopped()) {
    const m = 0.5 * (out + inside);
    if (trial.run(V0, m, a, b) === POT) inside = m; else out = m;
  }
  return inside;
}

function rank(shots: ShotPlan[], byPosition: boolean, minMargin: number | undefined): void {
  shots.sort((x, y) => y.margin - x.margin || x.strike.V0 - y.strike.V0);
  if (!byPosition || shots.length === 0) return;
  const floor = minMargin === undefined ? 0.5 * shots[0].margin : finiteNumber(minMargin, "findShot options.minMargin");
  shots.sort((x, y) => {
    const sx = x.margin >= floor, sy = y.margin >= floor;
    if (sx !== sy) return sx ? -1 : 1;
    return sx ? (x.cueDistance as number) - (y.cueDistance as number) : y.margin - x.margin;
  });
}

/** A fresh engine with the same balls at rest (pocketed ones stay, inert) and no history. */
function restEngine(src: PoolEngine): PoolEngine {
  const B = new Float64Array(src.B), S = new Int8Array(src.S);
  for (let i = 0; i < src.n; i++) if (S[i] !== POCKETED) S[i] = STATIONARY;
  const e = new PoolEngine(src.table, src.bp, B, S, src.guard, src.friction);
  e.start();
  return e;
}
