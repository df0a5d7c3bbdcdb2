/**
 * Coders Strike Back, one referee turn at a time, to the bit: the command → acceleration rule
 * with the 18° limit on the stored (un-normalised) angle, the continuous collision loop with
 * its 1e-5 batch window and minimum impulse, Java rounding and truncation, and checkpoints
 * passed along the polyline of each pod's collision way-points. Rules:
 * `data/contest/rules.md`.
 *
 * The whole state is one Float64Array (`copyFrom` is one `set`); a turn allocates nothing.
 */
import { arrayOf, coordinate, describe, finiteNumber, integerIn, plainObject, rejectUnknownKeys } from "./options.js";
import { csbStartPositions } from "./csb-start.js";
import { pointSegmentDistanceSquared, roundToInt, truncateInt } from "./referee-math.js";
import { CsbCollisionLoop, CSB_STRIDE } from "./csb-collision-loop.js";
import { straightTurn } from "./csb-straight-turn.js";
import { headingInto } from "./csb-heading-memo.js";
import { readCommand } from "./csb-orders.js";

/** A pod as the referee stores it. Pods 0 and 1 belong to player 0, pods 2 and 3 to player 1. */
export interface CsbPod {
  /** Position x, map units. */
  x: number;
  /** Position y, map units (y grows downwards, as on the referee's map). */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** The referee's stored angle in radians (may lie outside (−π, π]); null before the first turn. */
  angle: number | null;
  /** Checkpoints passed, counting the start (1 at the start); the next one is `passed % checkpoints.length`. */
  passed: number;
  /** The 0-based round of the pod's last SHIELD, or null. */
  shieldRound: number | null;
  /** Whether the pod's one BOOST has been used. */
  boostUsed: boolean;
  /**
   * The round (1-based: the turn played at round k ends at k + 1) in which the pod last passed
   * a checkpoint, 0 at the start: a player both of whose pods passed none for 100 rounds is
   * eliminated. Optional on input (0).
   */
  lastCheckpointRound?: number;
}

/** One pod's order: steer towards (x, y) with thrust 0..200, `'SHIELD'` or `'BOOST'`. */
export interface CsbCommand {
  /** Target x, map units. */
  x: number;
  /** Target y, map units. */
  y: number;
  /** Thrust 0..200, or `'SHIELD'` or `'BOOST'`. */
  thrust: number | "SHIELD" | "BOOST";
}

/** Options of `new CsbSimulation`. */
export interface CsbOptions {
  /** The checkpoints as [x, y] pairs, at least 2. */
  checkpoints: readonly (readonly [number, number])[];
  /** The round the next `turn` is played at (0 for the first turn of a game). */
  round?: number;
  /** Laps of the race: the first line of the game's input (default: the referee's (int)(15 / checkpoint count)). */
  laps?: number;
}

/** A pod's radius in the CSB referee (two pods touch at 800 between centres). */
export const CSB_POD_RADIUS = 400;
/** A checkpoint's radius: a pod passes it when its centre comes within 600 of the checkpoint's. */
export const CSB_CHECKPOINT_RADIUS = 600;
export { CSB_MAX_THRUST } from "./csb-orders.js";
/** The thrust of a BOOST order. */
export const CSB_BOOST_THRUST = 650;
/** A pod's mass in the turn it orders SHIELD (1 otherwise). */
export const CSB_SHIELD_MASS = 10;
/** The referee's 18° turn limit, π/10 (the double 0.3141592653589793). */
const MAX_TURN = Math.PI / 10;

// Per-pod layout of the state array. UX and UY hold the referee's unit thrust direction of the
// stored angle (cos and sin divided by their computed length, see csb-heading-memo.ts),
// computed once when the angle is set; NEXT is PASSED modulo the checkpoint count (kept with
// it: an integer division costs more than the rest of the checkpoint test). PLUS and MINUS
// (x, y each) cache the direction of the angle ± 18°, the turn a search's candidates mostly
// take: filled by setPod, so that every candidate played from a root pod copies them; NaN
// (not known) once a turn changes the angle.
//
// The per-turn functions (turn, finish, and straightTurn and steer in their files) declare the
// offsets and constants they use again as their own locals, with the same values: V8 folds a function's own constants
// into its code, while each use of a module-level const is a load from the module context
// and a type check (measured: a quarter of a turn's time).
const X = 0, Y = 1, VX = 2, VY = 3, ANGLE = 4, HAS_ANGLE = 5, PASSED = 6, SHIELD = 7, BOOST = 8, UX = 9, UY = 10, NEXT = 11, PLUS = 12, MINUS = 14;
const STRIDE = CSB_STRIDE;
// After the pods: the round, each pod's last checkpoint round, the round by which the race
// must be looked at again (a player's timeout, the round limit; 0 once a pod finished), whether
// it ended, and its winner.
const ROUND = 4 * STRIDE;
const LAST_CP = ROUND + 1;
const DEADLINE = ROUND + 5;
const ENDED = ROUND + 6;
const WINNER = ROUND + 7;
/** The `passed` count beyond which a pod has finished (laps × checkpoints): in the state, so a copy carries it. */
const FINAL_PASSED = ROUND + 8;
/**
 * The round before which a turn without collision cannot take a pod beyond the int range (so
 * straightTurn need not look): 8192 rounds on from a state with every pod at integer
 * coordinates within ±2^30, speeds within ±2^16 (such a turn moves a pod by less than 2^16 +
 * 650, leaves its speed below 2^16 and its coordinates integers); else the state's round
 * (every turn then takes the general loop, which wraps positions as the referee's cast does
 * and rounds any double exactly). Set by setPod, the round setter and every general turn.
 */
const SAFE_UNTIL = ROUND + 9;
const STATE_LENGTH = ROUND + 10;
/** Rounds a player may go without a checkpoint, and the referee's round limit. */
const CSB_TIMEOUT = 100, CSB_MAX_ROUNDS = 500;
const NO_SHIELD = -Infinity;
/** Where setPod puts the angles ±18° for headingInto. */
const scratch = new Float64Array(1);
const scratchStart = new Float64Array(8);

const OPTION_KEYS = ["checkpoints", "round", "laps"] as const;
const POD_KEYS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed", "lastCheckpointRound"] as const;
/** The largest coordinate or speed of a pod: the referee's Java ints (a turn leaves every position wrapped into them, every speed truncated into them). */
const POD_LIMIT = 2 ** 31;
/** The largest round or checkpoint count: they count on as doubles (a turn adds one round), exact to 2^53. */
const COUNT_LIMIT = 2 ** 53;

/** A Coders Strike Back race between four pods, turn by turn as the referee computes it. */
export class CsbSimulation {
  /** The state: 16 doubles per pod (x, y, vx, vy, angle, hasAngle, passed, shieldRound, boostUsed, the unit thrust direction x and y, the next checkpoint, the directions at ±18° (x, y each)), then the round, each pod's last checkpoint round, the race's next deadline, whether it ended and the winner. */
  readonly state = new Float64Array(STATE_LENGTH);

  /** Checkpoint x and y coordinates (shared, never written after construction). */
  checkpointX: Float64Array;
  /** Checkpoint y coordinates (see checkpointX). */
  checkpointY: Float64Array;
  /** The collision loop, also the read-back of the last turn's collisions. */
  private readonly loop = new CsbCollisionLoop();
  /** Each pod's position at the start of the turn: x at i, y at 4 + i. */
  private readonly start = new Float64Array(8);
  /** This turn's orders, read once from the commands: target x, y and thrust per pod (ORDER_SHIELD, ORDER_BOOST for those). */
  private readonly orders = new Float64Array(12);

  /**
   * Sets up the map and the pods at the start of round 0, where the referee puts them (on the
   * line through checkpoint 0 across the way to checkpoint 1, 500 and 1500 either side, at
   * rest); RangeError naming the field on an invalid option.
   */
  constructor(options: CsbOptions) {
    const o = plainObject(options, "options");
    rejectUnknownKeys(o, OPTION_KEYS, "options");
    const list = arrayOf(o.checkpoints, "options.checkpoints");
    if (list.length < 2) {
      throw new RangeError(`options.checkpoints must hold at least 2 checkpoints, got ${list.length}`);
    }
    this.checkpointX = new Float64Array(list.length);
    this.checkpointY = new Float64Array(list.length);
    for (let k = 0; k < list.length; k++) {
      const pair = arrayOf(list[k], `options.checkpoints[${k}]`);
      if (pair.length !== 2) throw new RangeError(`options.checkpoints[${k}] must be an [x, y] pair, got ${describe(pair)}`);
      this.checkpointX[k] = coordinate(pair[0], `options.checkpoints[${k}][0]`);
      this.checkpointY[k] = coordinate(pair[1], `options.checkpoints[${k}][1]`);
    }
    this.state[ROUND] = o.round === undefined ? 0 : integerIn(o.round, 0, COUNT_LIMIT, "options.round");
    // the referee's (int)(Math.ceil(15.0) / n)
    const laps = o.laps === undefined ? Math.max(1, Math.floor(15 / list.length)) : integerIn(o.laps, 1, 1000, "options.laps");
    this.state[FINAL_PASSED] = laps * list.length;
    this.state[WINNER] = -1;
    // the referee's start: on the line through checkpoint 0 across the way to checkpoint 1
    csbStartPositions(this.checkpointX[0], this.checkpointY[0], this.checkpointX[1], this.checkpointY[1], scratchStart);
    for (let i = 0; i < 4; i++) {
      const p = i * STRIDE;
      this.state[p + X] = scratchStart[2 * i];
      this.state[p + Y] = scratchStart[2 * i + 1];
      this.state[p + PASSED] = 1;
      this.state[p + NEXT] = 1;
      this.state[p + PLUS] = NaN;
      this.state[p + MINUS] = NaN;
      this.state[p + SHIELD] = NO_SHIELD;
    }
    this.updateDeadline();
    this.updateSafe();
  }

  /** Laps of the race. */
  get laps(): number {
    return this.state[FINAL_PASSED] / this.checkpointX.length;
  }

  /** The round the next `turn` plays (0-based). */
  get round(): number {
    return this.state[ROUND];
  }

  /** Sets the round the next `turn` plays: an integer in [0, 2^53]. */
  set round(value: number) {
    this.state[ROUND] = integerIn(value, 0, COUNT_LIMIT, "round");
    this.updateDeadline();
    this.updateSafe();
  }

  /**
   * Whether the race is over, as the referee ends it after a turn: a pod has passed its last
   * checkpoint (laps × checkpoints after the start), a player's pods have both gone 100 rounds
   * without one (the player is eliminated), or 500 rounds were played. Turns played after it
   * still move the pods; the result stays that of the first end.
   */
  get finished(): boolean {
    return this.state[ENDED] === 1;
  }

  /**
   * The winner once the race is over: 0 or 1 (the player), −1 for a draw or while it runs. The
   * referee ranks the pods (an eliminated player's last, then the most checkpoints passed, then
   * the shortest distance to the next one) and the player with the best pod wins; an
   * eliminated player never does.
   */
  winner(): number {
    return this.state[WINNER];
  }

  /** How many checkpoints the map has. */
  get checkpointCount(): number {
    return this.checkpointX.length;
  }

  /** Sets pod i (0..3) from the referee's fields. */
  setPod(i: number, pod: CsbPod): void {
    integerIn(i, 0, 3, "pod index");
    const o = plainObject(pod, `pod ${i}`);
    rejectUnknownKeys(o, POD_KEYS, `pod ${i}`);
    const s = this.state, p = i * STRIDE;
    const x = podNumber(o.x, `pod ${i}.x`), y = podNumber(o.y, `pod ${i}.y`);
    const vx = podNumber(o.vx, `pod ${i}.vx`), vy = podNumber(o.vy, `pod ${i}.vy`);
    const angle = o.angle === null || o.angle === undefined ? null : finiteNumber(o.angle, `pod ${i}.angle`);
    const passed = o.passed === undefined ? 1 : integerIn(o.passed, 0, COUNT_LIMIT, `pod ${i}.passed`);
    const shield = o.shieldRound === null || o.shieldRound === undefined ? null : integerIn(o.shieldRound, 0, COUNT_LIMIT, `pod ${i}.shieldRound`);
    if (o.boostUsed !== undefined && typeof o.boostUsed !== "boolean" && o.boostUsed !== 0 && o.boostUsed !== 1) {
      throw new RangeError(`pod ${i}.boostUsed must be a boolean, got ${describe(o.boostUsed)}`);
    }
    const lastCheckpoint = o.lastCheckpointRound === undefined ? 0 : integerIn(o.lastCheckpointRound, 0, COUNT_LIMIT, `pod ${i}.lastCheckpointRound`);
    s[p + X] = x;
    s[p + Y] = y;
    s[p + VX] = vx;
    s[p + VY] = vy;
    s[p + ANGLE] = angle ?? 0;
    s[p + HAS_ANGLE] = angle === null ? 0 : 1;
    s[p + PASSED] = passed;
    s[p + NEXT] = passed % this.checkpointX.length;
    s[p + SHIELD] = shield ?? NO_SHIELD;
    s[p + BOOST] = o.boostUsed ? 1 : 0;
    s[LAST_CP + i] = lastCheckpoint;
    this.updateDeadline();
    this.updateSafe();
    if (angle === null) {
      s[p + UX] = 1;
      s[p + UY] = 0;
      s[p + PLUS] = NaN;
      s[p + MINUS] = NaN;
    } else {
      headingInto(s, p + ANGLE, s, p + UX);
      scratch[0] = angle + MAX_TURN;
      headingInto(scratch, 0, s, p + PLUS);
      scratch[0] = angle - MAX_TURN;
      headingInto(scratch, 0, s, p + MINUS);
    }
  }

  /** Pod i (0..3) as a new object. */
  getPod(i: number): CsbPod {
    integerIn(i, 0, 3, "pod index");
    const s = this.state, p = i * STRIDE;
    return {
      x: s[p + X],
      y: s[p + Y],
      vx: s[p + VX],
      vy: s[p + VY],
      angle: s[p + HAS_ANGLE] === 1 ? s[p + ANGLE] : null,
      passed: s[p + PASSED],
      shieldRound: s[p + SHIELD] === NO_SHIELD ? null : s[p + SHIELD],
      boostUsed: s[p + BOOST] === 1,
      lastCheckpointRound: s[LAST_CP + i],
    };
  }

  /** Position x of pod i (these reads allocate nothing, for a bot's scoring function; i is not checked). */
  x(i: number): number { return this.state[i * STRIDE + X]; }
  /** Position y of pod i. */
  y(i: number): number { return this.state[i * STRIDE + Y]; }
  /** Velocity x of pod i, map units per turn. */
  vx(i: number): number { return this.state[i * STRIDE + VX]; }
  /** Velocity y of pod i, map units per turn. */
  vy(i: number): number { return this.state[i * STRIDE + VY]; }
  /** The stored angle in radians (0 while the pod has none yet: see `hasAngle`). */
  angle(i: number): number { return this.state[i * STRIDE + ANGLE]; }
  /** The round of pod i's last checkpoint (see CsbPod.lastCheckpointRound). */
  lastCheckpointRound(i: number): number { return this.state[LAST_CP + i]; }
  /** The round of pod i's last SHIELD, or null. */
  shieldRound(i: number): number | null { const r = this.state[i * STRIDE + SHIELD]; return r === NO_SHIELD ? null : r; }
  /** Whether pod i has used its BOOST. */
  boostUsed(i: number): boolean { return this.state[i * STRIDE + BOOST] === 1; }
  /** Whether pod i has an angle yet (none before its first turn towards a target, when its first turn may face any way). */
  hasAngle(i: number): boolean { return this.state[i * STRIDE + HAS_ANGLE] === 1; }
  /** Checkpoints pod i has passed, counting the start (see CsbPod.passed). */
  passed(i: number): number { return this.state[i * STRIDE + PASSED]; }
  /** The id of pod i's next checkpoint. */
  nextCheckpoint(i: number): number { return this.state[i * STRIDE + NEXT]; }

  /** Collisions of the last turn: how many, and for each its time in the turn and the two pods. */
  get collisionCount(): number { return this.loop.count; }
  /** Time of each collision of the last turn, as a fraction of the turn in [0, 1] (first collisionCount entries). */
  get collisionTime(): Float64Array { return this.loop.time; }
  /** First pod of each collision of the last turn (first collisionCount entries). */
  get collisionA(): Int32Array { return this.loop.a; }
  /** Second pod of each collision of the last turn (first collisionCount entries). */
  get collisionB(): Int32Array { return this.loop.b; }

  /** The last turn's collisions as objects (allocates; the typed arrays above do not). */
  get collisions(): {
    /** Time in the turn, a fraction in [0, 1]. */
    time: number;
    /** First pod index. */
    a: number;
    /** Second pod index. */
    b: number;
  }[] {
    const out = [];
    for (let k = 0; k < this.loop.count; k++) out.push({ time: this.loop.time[k], a: this.loop.a[k], b: this.loop.b[k] });
    return out;
  }

  /** Makes this simulation a copy of `other` (same map, pods, round, race, last collisions); allocates nothing. */
  copyFrom(other: CsbSimulation): void {
    // (the check costs a turn's worth of time in a search's copy loop: only a copy that fails looks)
    const src = other?.state;
    if (src === undefined || src.length !== STATE_LENGTH) notASimulation(other, "CsbSimulation");
    this.state.set(src);
    // (A search copies from simulations of the same map: skip the stores, and their barriers.)
    if (this.checkpointX !== other.checkpointX) {
      if (!(other instanceof CsbSimulation)) notASimulation(other, "CsbSimulation");
      this.checkpointX = other.checkpointX;
      this.checkpointY = other.checkpointY;
    }

    this.loop.copyCollisionsFrom(other.loop);
  }

  /**
   * Plays one turn: `commands[i]` is pod i's order. Checks every command first (a RangeError
   * names the bad field and nothing changes), then moves the pods and advances the round.
   */
  turn(commands: readonly CsbCommand[]): void {
    if (!Array.isArray(commands) || commands.length !== 4) {
      throw new RangeError(`commands must be an array of 4 commands, got ${describe(commands)}`);
    }
    const orders = this.orders;
    for (let i = 0; i < 4; i++) readCommand(commands[i], i, orders);
    // The whole turn over locals (csb-straight-turn.ts), unless a pair may collide: then the
    // collision loop and finish play its rest, from the thrust's results.
    const s = this.state, loop = this.loop;
    const check = straightTurn(s, orders, this.checkpointX, this.checkpointY, this.start, loop.invMass);
    if (check < 0) {
      loop.run(s);
      this.finish();
    } else {
      loop.count = 0;
      if (check !== 0) this.passStraight(check);
    }
    s[64 /* ROUND */] += 1;
    // A pod finished, a player's timeout or the round limit: only then is the race looked at.
    if (s[64 /* ROUND */] >= s[69 /* DEADLINE */]) this.endCheck();
  }

  /** Sets SAFE_UNTIL from the pods (see there). */
  private updateSafe(): void {
    const s = this.state;
    let small = true;
    for (let p = 0; p < 4 * STRIDE; p += STRIDE) {
      const x = s[p + X], y = s[p + Y];
      if (!(Math.abs(x) < 2 ** 30 && Math.abs(y) < 2 ** 30 && x === Math.floor(x) && y === Math.floor(y) && Math.abs(s[p + VX]) < 2 ** 16 && Math.abs(s[p + VY]) < 2 ** 16)) small = false;
    }
    s[SAFE_UNTIL] = small ? s[ROUND] + 8192 : s[ROUND];
  }

  /** The round by which the race must be looked at again: each player's timeout, the round limit (0 once a pod finished). */
  private updateDeadline(): void {
    const s = this.state;
    let deadline = Math.min(Math.max(s[LAST_CP], s[LAST_CP + 1]) + CSB_TIMEOUT, Math.max(s[LAST_CP + 2], s[LAST_CP + 3]) + CSB_TIMEOUT, CSB_MAX_ROUNDS);
    for (let i = 0; i < 4; i++) if (s[i * STRIDE + PASSED] > this.state[FINAL_PASSED]) deadline = 0;
    s[DEADLINE] = deadline;
  }

  /** After a turn that reached the deadline: ends the race if a pod finished, a player timed out or the round limit came, and ranks it (winner). */
  private endCheck(): void {
    const s = this.state, round = s[ROUND];
    this.updateDeadline();
    if (s[ENDED] === 1) return;
    // a player is eliminated when both its pods passed no checkpoint in the last 100 rounds
    const out0 = round - s[LAST_CP] >= CSB_TIMEOUT && round - s[LAST_CP + 1] >= CSB_TIMEOUT;
    const out1 = round - s[LAST_CP + 2] >= CSB_TIMEOUT && round - s[LAST_CP + 3] >= CSB_TIMEOUT;
    let finished = false;
    for (let i = 0; i < 4; i++) if (s[i * STRIDE + PASSED] > this.state[FINAL_PASSED]) finished = true;
    if (!finished && !out0 && !out1 && round < CSB_MAX_ROUNDS) return;
    s[ENDED] = 1;
    // The referee's score: 0 for an eliminated player, else better for a better rank (its best
    // pod: more checkpoints passed, then nearer its next checkpoint; equal pods share a rank).
    s[WINNER] = out0 && out1 ? -1 : out0 ? 1 : out1 ? 0 : this.leader();
  }

  /** The player whose best pod ranks first (more checkpoints, then nearer the next checkpoint), or −1 when the two best pods rank equal. */
  private leader(): number {
    const best0 = this.better(0, 1), best1 = this.better(2, 3);
    const c = this.comparePods(best0, best1);
    return c < 0 ? 0 : c > 0 ? 1 : -1;
  }

  private better(i: number, j: number): number {
    return this.comparePods(i, j) <= 0 ? i : j;
  }

  /** The referee's pod order: more checkpoints passed first, then the smaller distance to the next checkpoint. */
  private comparePods(i: number, j: number): number {
    const s = this.state, pi = i * STRIDE, pj = j * STRIDE;
    if (s[pi + PASSED] !== s[pj + PASSED]) return s[pi + PASSED] > s[pj + PASSED] ? -1 : 1;
    const ni = s[pi + NEXT], nj = s[pj + NEXT];
    const di = Math.sqrt((this.checkpointX[ni] - s[pi + X]) ** 2 + (this.checkpointY[ni] - s[pi + Y]) ** 2);
    const dj = Math.sqrt((this.checkpointX[nj] - s[pj + X]) ** 2 + (this.checkpointY[nj] - s[pj + Y]) ** 2);
    const diff = di - dj;
    return diff < 0 ? -1 : diff > 0 ? 1 : 0;
  }

  /** Ends every pod's turn after the collision loop: friction, the referee's rounding and truncation, checkpoints. */
  private finish(): void {
    // Local constants (see the layout above and OUTSIDE, SHORT_SEGMENT below): folded by V8.
    // DAMPING is 1 − friction, 1 − 0.15: the double 0.85 exactly (the referee computes it at run time).
    const STRIDE = 16, X = 0, Y = 1, VX = 2, VY = 3, NEXT = 11, DAMPING = 0.85, OUTSIDE = 601, SHORT_SEGMENT = 1e6;
    const s = this.state, wayPoints = this.loop.wayPointCount, start = this.start;
    const cpx = this.checkpointX, cpy = this.checkpointY;
    // the largest coordinate and speed after the turn, for SAFE_UNTIL
    let far = 0, fast = 0;
    for (let i = 0, p = 0; i < 4; i++, p += STRIDE) {
      const vx = s[p + VX] * DAMPING, vy = s[p + VY] * DAMPING;
      // roundToInt and truncateInt (referee-math.ts) written out; out of int range, the calls.
      let x = Math.round(s[p + X]) + 0, y = Math.round(s[p + Y]) + 0;
      if (!(Math.abs(x) + Math.abs(y) < 2147483647)) (x = roundToInt(s[p + X])), (y = roundToInt(s[p + Y]));
      const wx = vx > -2147483648 && vx < 2147483647 ? Math.trunc(vx) + 0 : truncateInt(vx);
      const wy = vy > -2147483648 && vy < 2147483647 ? Math.trunc(vy) + 0 : truncateInt(vy);
      s[p + X] = x;
      s[p + Y] = y;
      s[p + VX] = wx;
      s[p + VY] = wy;
      far = Math.max(far, Math.abs(x), Math.abs(y));
      fast = Math.max(fast, Math.abs(wx), Math.abs(wy));
      // The common case, a straight path far from the next checkpoint, decided here by
      // surelyOutside (below) written out: a call that V8 does not inline boxes its doubles.
      if (wayPoints[i] === 0) {
        const next = s[p + NEXT], ax = start[i], ay = start[4 + i];
        const cx = cpx[next], cy = cpy[next];
        const ex = cx - ax, fx = cx - x, ey = cy - ay, fy = cy - y;
        if (((ex > OUTSIDE && fx > OUTSIDE) || (ex < -OUTSIDE && fx < -OUTSIDE) || (ey > OUTSIDE && fy > OUTSIDE) || (ey < -OUTSIDE && fy < -OUTSIDE)) &&
          Math.abs(x - ax) < SHORT_SEGMENT && Math.abs(y - ay) < SHORT_SEGMENT) continue;
      }
      this.passCheckpoints(i);
    }
    // SAFE_UNTIL as updateSafe sets it, on what this turn left: integer positions, so their size
    // and the speeds decide (a loop over the state again cost 1.3% of the turn on random commands)
    s[SAFE_UNTIL] = far < 2 ** 30 && fast < 2 ** 16 ? s[ROUND] + 8192 : s[ROUND];
  }

  /** After a turn without collision, the checkpoint test of the pods in `check` (bit i for pod i), on no way-point. */
  private passStraight(check: number): void {
    const wayPoints = this.loop.wayPointCount;
    for (let i = 0; i < 4; i++) {
      if ((check & (1 << i)) === 0) continue;
      wayPoints[i] = 0;
      this.passCheckpoints(i);
    }
  }

  /** Counts the checkpoints pod i passed this turn along start → way-points → rounded end. */
  private passCheckpoints(i: number): void {
    const s = this.state, p = i * STRIDE, loop = this.loop;
    const n = this.checkpointX.length, r2 = CSB_CHECKPOINT_RADIUS;
    const points = loop.wayPointCount[i], base = i * loop.wayPointCapacity * 3, w = loop.wayPoints;
    // At most n checkpoints a turn: a path that touches them all would loop for ever in the referee.
    for (let counted = 0; counted < n; counted++) {
      const next = s[p + NEXT];
      const cx = this.checkpointX[next], cy = this.checkpointY[next];
      let ax = this.start[i], ay = this.start[4 + i];
      let hit = false;
      for (let k = 0; k <= points; k++) {
        const bx = k < points ? w[base + 3 * k + 1] : s[p + X];
        const by = k < points ? w[base + 3 * k + 2] : s[p + Y];
        if (!surelyOutside(ax, ay, bx, by, cx, cy) && Math.sqrt(pointSegmentDistanceSquared(ax, ay, bx, by, cx, cy)) <= r2) {
          hit = true;
          break;
        }
        ax = bx;
        ay = by;
      }
      if (!hit) return;
      s[p + PASSED] += 1;
      s[p + NEXT] = next + 1 === n ? 0 : next + 1;
      // (the referee notes the round: the turn played at round r ends at r + 1)
      s[LAST_CP + i] = s[ROUND] + 1;
      this.updateDeadline();
    }
  }
}

/** The RangeError of copyFrom given something else (a function of its own: the copy stays small enough to inline). */
export function notASimulation(other: unknown, kind: string): never {
  throw new RangeError(`copyFrom takes a ${kind}, got ${other === null || typeof other !== "object" ? String(other) : ((other as object).constructor?.name ?? "an object")}`);
}

/** A pod's coordinate or speed: finite, within ±2^31. */
function podNumber(value: unknown, field: string): number {
  const v = finiteNumber(value, field);
  if (!(Math.abs(v) <= POD_LIMIT)) throw new RangeError(`${field} must be within ±2^31 (the referee's int range), got ${v}`);
  return v;
}

/** The checkpoint radius plus a margin far above the rounding of the test below. */
const OUTSIDE = CSB_CHECKPOINT_RADIUS + 1;
/** The segment extent under which Java's ptSegDistSq is accurate to far better than that margin. */
const SHORT_SEGMENT = 1e6;

/**
 * True when the checkpoint centre (cx, cy) lies more than 601 beyond both ends of the segment
 * (ax, ay)–(bx, by) along x or along y: then every point of the segment is farther than 600
 * from it, and so is the referee's computed distance (each difference below rounds once, by a
 * relative 1e-16; on a segment shorter than 1e6 the squared distance ptSegDistSq computes is
 * off by less than 1e-3, far below 601² − 600²). A cheap test that spares the referee's
 * distance on most segments; false means "compute it".
 */
function surelyOutside(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const sx = bx - ax, sy = by - ay;
  if (!(Math.abs(sx) < SHORT_SEGMENT && Math.abs(sy) < SHORT_SEGMENT)) return false;
  const ex = cx - ax, fx = cx - bx, ey = cy - ay, fy = cy - by;
  // Beyond both ends on one side, along x or along y (the same test as
  // max(min(e, f), −max(e, f)) > 601 on either axis, NaN included, and measured faster than
  // those min and max on a search's random targets).
  return (ex > OUTSIDE && fx > OUTSIDE) || (ex < -OUTSIDE && fx < -OUTSIDE) || (ey > OUTSIDE && fy > OUTSIDE) || (ey < -OUTSIDE && fy < -OUTSIDE);
}
