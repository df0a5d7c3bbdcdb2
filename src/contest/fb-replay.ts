/**
 * Replays a recorded Fantastic Bits game (one line of the contest NDJSON format, parsed) and
 * lists every field where the simulator differs from the referee (`Object.is`).
 */
import { FantasticBitsSimulation } from "./fb-simulation.js";
import type { FbState } from "./fb-state.js";
import type { ReplayMismatch } from "./csb-replay.js";

/** A state as the NDJSON stores it (arrays in the README's field order). */
export interface FbStateRecord {
  /** The round the next turn plays (0-based). */
  round: number;
  /** The players as [score, magic]. */
  players: [number, number][];
  /** The wizards as [id, x, y, vx, vy, holding, grabCooldown, then turns and target of obliviate, accio, flipendo, petrificus]. */
  wizards: number[][];
  /** The snaffles as [id, x, y, vx, vy, alive 0/1, captured 0/1, ignore ids]. */
  snaffles: [number, number, number, number, number, number, number, number[]][];
  /** The bludgers as [id, x, y, vx, vy, lastVictim]. */
  bludgers: number[][];
}

/** One recorded FB game: `commands[k]` turns `states[k]` into `states[k + 1]`. */
export interface FbGameRecord {
  /** Game number in the data set. */
  game?: number;
  /** The referee's seed of the game. */
  seed?: number;
  /** True when the game ended (by score or round limit) after the last state. */
  ended?: boolean;
  /** The states, one more than the commands. */
  states: FbStateRecord[];
  /** Each turn's commands: per player, the command lines of its two wizards. */
  commands: [[string, string], [string, string]][];
}

const spell = (turns: number, target: number) => ({ turns, target });

/** The record's state as an FbState. */
export function fbStateFromRecord(r: FbStateRecord): FbState {
  return {
    round: r.round,
    players: r.players.map(([score, magic]) => ({ score, magic })),
    wizards: r.wizards.map((w) => ({
      id: w[0], x: w[1], y: w[2], vx: w[3], vy: w[4], holding: w[5], grabCooldown: w[6],
      spells: { obliviate: spell(w[7], w[8]), accio: spell(w[9], w[10]), flipendo: spell(w[11], w[12]), petrificus: spell(w[13], w[14]) },
    })),
    snaffles: r.snaffles.map((s) => ({ id: s[0], x: s[1], y: s[2], vx: s[3], vy: s[4], alive: s[5] === 1, captured: s[6] === 1, ignore: [...s[7]] })),
    bludgers: r.bludgers.map((b) => ({ id: b[0], x: b[1], y: b[2], vx: b[3], vy: b[4], lastVictim: b[5] })),
  };
}

/** Every leaf where `actual` differs from `expected` (Object.is), as paths. */
function diff(expected: unknown, actual: unknown, path: string, turn: number, out: ReplayMismatch[]): void {
  if (typeof expected === "object" && expected !== null && typeof actual === "object" && actual !== null) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) diff((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], `${path}.${k}`, turn, out);
  } else if (!Object.is(expected, actual)) {
    out.push({ turn, field: path.slice(1), expected, actual });
  }
}

/**
 * Plays every turn of `game` and returns the mismatches (empty when exact), at most `limit`.
 * With `fromRecord`, each turn starts from the recorded state (one error does not spread).
 */
export function replayFbGame(game: FbGameRecord, limit = 20, fromRecord = false): ReplayMismatch[] {
  let sim = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
  const out: ReplayMismatch[] = [];
  for (let k = 0; k < game.commands.length && out.length < limit; k++) {
    if (fromRecord) sim = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[k]));
    const [[a, b], [c, d]] = game.commands[k];
    sim.turn([a, b, c, d]);
    diff(fbStateFromRecord(game.states[k + 1]), sim.toState(), "", k, out);
  }
  return out.slice(0, limit);
}
