/**
 * The text bench/peers/fb.cpp reads (whitespace-separated numbers): a Fantastic Bits state
 * record and a command line, parsed. Shared by bench/fb-cpp.bench.ts and the twin test
 * (test/contest-fb-twin.test.ts).
 */
import type { FbStateRecord } from "../../src/exports/contest.js";

/** A state as fb.cpp reads it (see readState there); the spells in the record's order. */
export function stateText(s: FbStateRecord): string {
  return [
    s.round, ...s.players.flat(), s.snaffles.length,
    ...s.wizards.map((w) => w.slice(1).join(" ")),
    ...s.snaffles.map(([, x, y, vx, vy, alive, captured, ignore]) => [x, y, vx, vy, alive, captured, ignore.length, ...ignore].join(" ")),
    ...s.bludgers.map((b) => b.slice(1).join(" ")),
  ].join(" ");
}

const KINDS = ["MOVE", "THROW", "OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"];

/** A command string, parsed: kind (0 MOVE, 1 THROW, 2..5 the spells) and three integers. */
export function commandText(c: string): string {
  const [word, ...args] = c.trim().split(/\s+/);
  const kind = KINDS.indexOf(word);
  const wanted = kind < 2 ? 3 : 1;
  if (kind < 0 || args.length !== wanted || !args.every((a) => /^-?\d+$/.test(a))) throw new RangeError(`bad FB command ${JSON.stringify(c)}`);
  return [kind, ...args, ...Array(3 - wanted).fill(0)].join(" ");
}
