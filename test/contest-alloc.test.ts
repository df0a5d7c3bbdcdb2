import { test } from "node:test";
import assert from "node:assert/strict";
import v8 from "node:v8";
import { CsbSimulation, FantasticBitsSimulation, csbPodFromRecord, fbStateFromRecord, type CsbCommand, type CsbGameRecord, type FbCommand, type FbGameRecord } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";

const newSpaceUsed = (): number => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.space_used_size;

/**
 * Bytes allocated by `batch` once warm (optimised): the least new-space growth over several
 * runs. The optimising compiler works in the background, so on a busy machine the first runs
 * after the warm-up may still be interpreted (and box doubles); the least growth is the warm one.
 */
function allocatedBy(batch: () => void): number {
  for (let k = 0; k < 30; k++) batch();
  let least = Infinity;
  for (let attempt = 0; attempt < 20 && least >= 8192; attempt++) {
    const before = newSpaceUsed();
    batch();
    const grown = newSpaceUsed() - before;
    if (grown >= 0) least = Math.min(least, grown); // negative: a collection ran in between
  }
  if (least === Infinity) throw new Error("a collection ran during every attempt");
  return least;
}

test("once warm, CSB copyFrom + turn allocates nothing (4,000 turns of recorded commands grow the heap by less than the 2 KB the statistics call itself takes, plus margin)", () => {
  const game = readContestGames<CsbGameRecord>("csb-sample")[15];
  const root = new CsbSimulation({ checkpoints: game.checkpoints, round: 41 });
  game.turns[40].pods.forEach((p, i) => root.setPod(i, csbPodFromRecord(p)));
  const sim = new CsbSimulation({ checkpoints: game.checkpoints });
  const commands: CsbCommand[][] = game.turns.slice(41, 97).map((t) => t.cmd.map(([x, y, thrust]) => ({ x, y, thrust })));
  const bytes = allocatedBy(() => {
    for (let k = 0; k < 2000; k++) {
      sim.copyFrom(root);
      sim.turn(commands[k % commands.length]);
      sim.turn(commands[(k + 1) % commands.length]);
    }
  });
  assert.ok(bytes < 8192, `${bytes} bytes for 4000 turns (one boxed double a turn would be 64,000)`);
});

test("once warm, FB copyFrom + turn allocates nothing (2,000 turns of recorded commands grow the heap by less than the 2 KB the statistics call itself takes, plus margin)", () => {
  const game = readContestGames<FbGameRecord>("fb-sample")[2];
  const root = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[50]));
  const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
  // the recorded commands of turn 50 (valid at the root), with the MOVE and THROW targets moved about
  const [[a0, b0], [c0, d0]] = game.commands[50];
  const commands = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => [a0, b0, c0, d0].map((text) => {
    const [word, ...v] = text.split(" ");
    return word === "MOVE" || word === "THROW" ? `${word} ${+v[0] + 300 * k} ${+v[1] - 200 * k} ${v[2]}` : text;
  }));
  const bytes = allocatedBy(() => {
    for (let k = 0; k < 2000; k++) {
      sim.copyFrom(root);
      sim.turn(commands[k % commands.length]);
    }
  });
  assert.ok(bytes < 8192, `${bytes} bytes for 2000 turns (one boxed double a turn would be 32,000)`);
});

test("once warm, FB copyFrom + turn with command objects allocates nothing either", () => {
  const game = readContestGames<FbGameRecord>("fb-sample")[2];
  const root = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[50]));
  const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
  // the recorded commands of turn 50 (valid at the root), with the MOVE and THROW targets moved about
  const [[a0, b0], [c0, d0]] = game.commands[50];
  const commands: FbCommand[][] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => [a0, b0, c0, d0].map((text) => {
    const [kind, ...v] = text.split(" ");
    return kind === "MOVE" || kind === "THROW" ? { kind, x: +v[0] + 300 * k, y: +v[1] - 200 * k, power: +v[2] } : { kind: kind as "ACCIO", target: +v[0] };
  }));
  const bytes = allocatedBy(() => {
    for (let k = 0; k < 2000; k++) {
      sim.copyFrom(root);
      sim.turn(commands[k % commands.length]);
    }
  });
  assert.ok(bytes < 8192, `${bytes} bytes for 2000 turns (one boxed double a turn would be 32,000)`);
});
