/**
 * Replays a recorded Coders Strike Back game (one line of the contest NDJSON format, parsed)
 * and lists every field where the simulator differs from the referee, compared with
 * `Object.is`.
 */
import { CsbSimulation, type CsbCommand, type CsbPod } from "./csb-simulation.js";

/** A pod as the NDJSON stores it: [x, y, vx, vy, angle | null, passed, shieldRound | null, boostUsed 0/1]. */
export type CsbPodRecord = [number, number, number, number, number | null, number, number | null, number];

/** One recorded CSB game. */
export interface CsbGameRecord {
  /** Game number in the data set. */
  game?: number;
  /** The referee's seed of the game. */
  seed?: number;
  /** The checkpoints as [x, y] pairs, map units. */
  checkpoints: [number, number][];
  /** The four pods before the first turn. */
  initial: CsbPodRecord[];
  /** Every turn played, in order. */
  turns: {
    /** The four pods' commands: [x, y, thrust | "SHIELD" | "BOOST"]. */
    cmd: [number, number, number | "SHIELD" | "BOOST"][];
    /** The four pods after the turn. */
    pods: CsbPodRecord[];
    /** The turn's collisions as [time in the turn, pod a, pod b] (absent: none). */
    coll?: [number, number, number][];
  }[];
}

/** One difference between the simulator and the record. */
export interface ReplayMismatch {
  /** 0-based index of the turn. */
  turn: number;
  /** Path of the field that differs (`pods[1].vx`, `coll.length`, ...). */
  field: string;
  /** The recorded value. */
  expected: unknown;
  /** The simulator's value. */
  actual: unknown;
}

const POD_FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;

/** The record's pod as a CsbPod. */
export function csbPodFromRecord(r: CsbPodRecord): CsbPod {
  return { x: r[0], y: r[1], vx: r[2], vy: r[3], angle: r[4], passed: r[5], shieldRound: r[6], boostUsed: r[7] === 1 };
}

/**
 * Plays every turn of `game` from its initial pods and returns the mismatches (empty when the
 * replay is exact), at most `limit` of them. With `fromRecord`, each turn starts from the
 * record's previous pods rather than from the simulator's own (so one error does not spread).
 */
export function replayCsbGame(game: CsbGameRecord, limit = 20, fromRecord = false): ReplayMismatch[] {
  const sim = new CsbSimulation({ checkpoints: game.checkpoints });
  for (let i = 0; i < 4; i++) sim.setPod(i, csbPodFromRecord(game.initial[i]));
  const out: ReplayMismatch[] = [];
  const commands: CsbCommand[] = [0, 1, 2, 3].map(() => ({ x: 0, y: 0, thrust: 0 }));
  for (let k = 0; k < game.turns.length && out.length < limit; k++) {
    const turn = game.turns[k];
    if (fromRecord && k > 0) {
      for (let i = 0; i < 4; i++) sim.setPod(i, csbPodFromRecord(game.turns[k - 1].pods[i]));
      sim.round = k;
    }
    for (let i = 0; i < 4; i++) {
      commands[i].x = turn.cmd[i][0];
      commands[i].y = turn.cmd[i][1];
      commands[i].thrust = turn.cmd[i][2];
    }
    sim.turn(commands);
    for (let i = 0; i < 4; i++) {
      const pod = sim.getPod(i);
      const expected = csbPodFromRecord(turn.pods[i]);
      for (const f of POD_FIELDS) {
        if (!Object.is(pod[f], expected[f])) out.push({ turn: k, field: `pods[${i}].${f}`, expected: expected[f], actual: pod[f] });
      }
    }
    const coll = turn.coll ?? [];
    const got = sim.collisions;
    if (got.length !== coll.length) {
      out.push({ turn: k, field: "coll.length", expected: coll.length, actual: got.length });
    } else {
      for (let c = 0; c < coll.length; c++) {
        const [time, a, b] = coll[c];
        if (!Object.is(got[c].time, time) || got[c].a !== a || got[c].b !== b) {
          out.push({ turn: k, field: `coll[${c}]`, expected: coll[c], actual: [got[c].time, got[c].a, got[c].b] });
        }
      }
    }
  }
  return out.slice(0, limit);
}
