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
import { describe } from "./options.js";

/** Turns read into each simulation (the round of the next one). */
const turnsRead = new WeakMap<CsbSimulation, number>();
/** One line's numbers, and the pod setPod takes (reused: reading allocates nothing). */
const numbers = new Float64Array(6);
const pod: CsbPod = { x: 0, y: 0, vx: 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false, lastCheckpointRound: 0 };

/** Whether text[k] is white space (space, tab, line break). */
const isSpace = (text: string, k: number): boolean => text.charCodeAt(k) === 32 || (text.charCodeAt(k) >= 9 && text.charCodeAt(k) <= 13);

/**
 * Reads the integers of `line` into `numbers`: exactly `count` of them, separated by white
 * space (a RangeError naming the line otherwise).
 */
function readLine(line: unknown, count: number, field: string): void {
  const text = typeof line === "string" ? line : "", len = text.length;
  let i = 0, found = 0, ok = typeof line === "string";
  while (ok) {
    while (i < len && isSpace(text, i)) i++;
    if (i >= len) break;
    const sign = text.charCodeAt(i) === 45 ? -1 : 1;
    if (sign < 0) i++;
    let value = 0, digits = 0;
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) (value = value * 10 + c - 48), digits++;
    ok = digits > 0 && digits < 16 && (i >= len || isSpace(text, i)) && found < count;
    numbers[found++] = sign * value + 0;
  }
  if (!ok || found !== count) throw new RangeError(`${field} must hold ${count} integer${count > 1 ? "s" : ""} separated by spaces, got ${describe(line)}`);
}

/**
 * The race from the game's first input lines: `laps`, then the checkpoint count n, then n lines
 * `x y`. The pods stand where the referee starts them; read the first turn with readCsbTurn.
 */
export function readCsbInit(lines: readonly string[]): CsbSimulation {
  if (!Array.isArray(lines) || lines.length < 2) throw new RangeError(`lines must hold the laps, the checkpoint count and the checkpoints, got ${describe(lines)}`);
  readLine(lines[0], 1, "lines[0] (laps)");
  const laps = numbers[0];
  readLine(lines[1], 1, "lines[1] (checkpoint count)");
  const n = numbers[0];
  if (!(n >= 2 && n <= 100) || lines.length !== 2 + n) throw new RangeError(`lines must hold 2 + ${n} lines (laps, count, 2..100 checkpoints), got ${lines.length}`);
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
  if (!Array.isArray(lines) || lines.length !== 4) throw new RangeError(`lines must hold the 4 pod lines of a turn, got ${describe(lines)}`);
  const round = turnsRead.get(sim) ?? sim.round;
  const n = sim.checkpointCount;
  for (let i = 0; i < 4; i++) {
    readLine(lines[i], 6, `lines[${i}] (pod ${i})`);
    const degrees = numbers[4], next = numbers[5];
    if (!(degrees >= -1 && degrees <= 360 && next >= -1 && next < n)) throw new RangeError(`lines[${i}] (pod ${i}): the angle must be -1 or 0..360 degrees and the next checkpoint -1..${n - 1}, got ${degrees} and ${next}`);
    const was = sim.nextCheckpoint(i), moved = next !== -1 && next !== was;
    pod.passed = sim.passed(i) + (moved ? (next - was + n) % n : 0);
    pod.lastCheckpointRound = moved ? round : sim.lastCheckpointRound(i);
    let angle: number | null = null;
    if (degrees >= 0) {
      angle = (degrees * Math.PI) / 180;
      if (sim.hasAngle(i) && javaDegrees(sim.angle(i)) === degrees) angle = sim.angle(i);
    }
    const thrust = i < 2 && round > 0 ? mine?.[i]?.thrust : undefined;
    pod.shieldRound = thrust === "SHIELD" ? round - 1 : sim.shieldRound(i);
    pod.boostUsed = thrust === "BOOST" || sim.boostUsed(i);
    pod.x = numbers[0];
    pod.y = numbers[1];
    pod.vx = numbers[2];
    pod.vy = numbers[3];
    pod.angle = angle;
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
