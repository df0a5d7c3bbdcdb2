/**
 * The Coders Strike Back game's input, read into a CsbSimulation: `readCsbInit` takes the
 * first lines (laps, the checkpoint count, one `x y` line per checkpoint) and makes the
 * simulation; `readCsbTurn` takes a turn's four pod lines (`x y vx vy angle nextCheckPointId`,
 * the angle in whole degrees, −1 before a pod's first turn; the bot's own two pods first) and
 * sets the pods, keeping what the input does not show from turn to turn: the checkpoints each
 * pod has passed (the input gives only the next one's id), the round of its last one (for the
 * 100-round timeout), and, from the commands the bot printed, its own pods' SHIELD round and
 * BOOST. Reading allocates nothing after the first turn.
 */
import { CsbSimulation, type CsbCommand, type CsbPod } from "./csb-simulation.js";

/** Turns read into each simulation (the round of the next one). */
const turnsRead = new WeakMap<CsbSimulation, number>();
/** One line's numbers, and the pod setPod takes (reused: reading allocates nothing). */
const numbers = new Float64Array(6);
const pod: CsbPod = { x: 0, y: 0, vx: 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false, lastCheckpointRound: 0 };

/**
 * Reads the integers of `line` into `numbers`: exactly `count` of them, separated by white
 * space (a RangeError naming the line otherwise).
 */
function readLine(line: unknown, count: number, field: string): void {
  if (typeof line !== "string") throw new RangeError(`${field} must be a line of text, got ${typeof line}`);
  let i = 0, found = 0;
  const len = line.length;
  while (true) {
    while (i < len && (line.charCodeAt(i) === 32 || (line.charCodeAt(i) >= 9 && line.charCodeAt(i) <= 13))) i++;
    if (i >= len) break;
    let sign = 1;
    if (line.charCodeAt(i) === 45) {
      sign = -1;
      i++;
    }
    let value = 0, digits = 0;
    while (i < len) {
      const ch = line.charCodeAt(i);
      if (ch < 48 || ch > 57) break;
      value = value * 10 + (ch - 48);
      digits++;
      i++;
    }
    const end = i < len && !(line.charCodeAt(i) === 32 || (line.charCodeAt(i) >= 9 && line.charCodeAt(i) <= 13));
    if (digits === 0 || digits > 15 || end || found === count) {
      throw new RangeError(`${field} must hold ${count} integer${count > 1 ? "s" : ""} separated by spaces, got ${JSON.stringify(line)}`);
    }
    numbers[found++] = sign * value + 0;
  }
  if (found !== count) throw new RangeError(`${field} must hold ${count} integer${count > 1 ? "s" : ""} separated by spaces, got ${JSON.stringify(line)}`);
}

/**
 * The race from the game's first input lines: `laps`, then the checkpoint count n, then n lines
 * `x y`. The pods stand where the referee starts them; read the first turn with readCsbTurn.
 */
export function readCsbInit(lines: readonly string[]): CsbSimulation {
  if (!Array.isArray(lines) || lines.length < 2) throw new RangeError(`lines must hold the laps, the checkpoint count and the checkpoints, got ${Array.isArray(lines) ? lines.length : typeof lines} lines`);
  readLine(lines[0], 1, "lines[0] (laps)");
  const laps = numbers[0];
  readLine(lines[1], 1, "lines[1] (checkpoint count)");
  const n = numbers[0];
  if (!(n >= 2 && n <= 100)) throw new RangeError(`lines[1] (checkpoint count) must be 2..100, got ${n}`);
  if (lines.length !== 2 + n) throw new RangeError(`lines must hold 2 + ${n} lines (laps, count, the checkpoints), got ${lines.length}`);
  const checkpoints: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    readLine(lines[2 + k], 2, `lines[${2 + k}] (checkpoint ${k})`);
    checkpoints.push([numbers[0], numbers[1]]);
  }
  const sim = new CsbSimulation({ checkpoints, laps });
  turnsRead.set(sim, 0);
  return sim;
}

/**
 * Sets the pods of `sim` (made by readCsbInit, read every turn since) from a turn's four input
 * lines `x y vx vy angle nextCheckPointId`: the bot's pods first (pods 0 and 1), then the
 * opponent's. `mine`, the two commands the bot printed last turn, tells its own pods' SHIELD and
 * BOOST. Returns `sim`, at the round of this turn.
 *
 * What the input does not show, as far as a bot can know it: `passed` counts the checkpoints
 * from turn to turn (each change of the next id, in the order of the race);
 * `lastCheckpointRound` is the round of the last change; a pod's SHIELD round and BOOST are
 * known for the bot's own pods only (an opponent's SHIELD shows only in a collision, and is
 * not guessed); the stored angle, which the referee keeps to the last bit, is known to the
 * nearest degree: the pod's previous angle is kept when it rounds to the same degree, else the
 * degree is taken (a search's first turn may then steer the pod a fraction of a degree off).
 */
export function readCsbTurn(lines: readonly string[], sim: CsbSimulation, mine?: readonly [CsbCommand, CsbCommand]): CsbSimulation {
  if (!(sim instanceof CsbSimulation)) throw new RangeError("readCsbTurn's sim must be the CsbSimulation readCsbInit made");
  if (!Array.isArray(lines) || lines.length !== 4) throw new RangeError(`lines must hold the 4 pod lines of a turn, got ${Array.isArray(lines) ? lines.length : typeof lines}`);
  const round = turnsRead.get(sim) ?? sim.round;
  const n = sim.checkpointCount;
  for (let i = 0; i < 4; i++) {
    readLine(lines[i], 6, `lines[${i}] (pod ${i})`);
    const degrees = numbers[4], next = numbers[5];
    if (!(degrees >= -1 && degrees <= 360)) throw new RangeError(`lines[${i}] (pod ${i}): the angle must be -1 or 0..360 degrees, got ${degrees}`);
    if (!(next >= -1 && next < n)) throw new RangeError(`lines[${i}] (pod ${i}): the next checkpoint must be -1..${n - 1}, got ${next}`);
    let passed = sim.passed(i);
    let lastCheckpoint = sim.lastCheckpointRound(i);
    const was = sim.nextCheckpoint(i);
    if (next !== -1 && next !== was) {
      passed += (next - was + n) % n;
      lastCheckpoint = round;
    }
    let angle: number | null = null;
    if (degrees >= 0) {
      angle = (degrees * Math.PI) / 180;
      if (sim.hasAngle(i) && javaDegrees(sim.angle(i)) === degrees) angle = sim.angle(i);
    }
    let shieldRound = sim.shieldRound(i);
    let boostUsed = sim.boostUsed(i);
    if (mine !== undefined && i < 2 && round > 0) {
      const thrust = mine[i]?.thrust;
      if (thrust === "SHIELD") shieldRound = round - 1;
      if (thrust === "BOOST") boostUsed = true;
    }
    pod.x = numbers[0];
    pod.y = numbers[1];
    pod.vx = numbers[2];
    pod.vy = numbers[3];
    pod.angle = angle;
    pod.passed = passed;
    pod.shieldRound = shieldRound;
    pod.boostUsed = boostUsed;
    pod.lastCheckpointRound = lastCheckpoint;
    sim.setPod(i, pod);
  }
  sim.round = round;
  turnsRead.set(sim, round + 1);
  return sim;
}

/** The degrees the referee shows for a stored angle: round(((a mod 2π) + 2π) mod 2π · 180 / π) (Java's % and Math.round, which JavaScript's equal). */
export function javaDegrees(angle: number): number {
  const twoPi = Math.PI * 2;
  return Math.round(((((angle % twoPi) + twoPi) % twoPi) * 180) / Math.PI);
}
