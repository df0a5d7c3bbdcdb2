/**
 * Contest simulators: copy + one 4-pod Coders Strike Back turn (the inner step of a bot's
 * search: copy the root, apply a candidate, score) with CsbSimulation, beside a plain
 * transcription of the referee (objects, clone, comparator sort: bench/contest-csb-plain.ts),
 * in the same process; the ratio is what counts on a shared machine.
 *
 * Inputs: 64 root states taken from the CSB sample (turns 10..73 of game 0) and 1024 seeded
 * candidate command sets (targets within 6000 of the pod, thrust 0..200, 3% SHIELD), cycled
 * with masks. Before timing, the plain transcription replays every sample game and must agree
 * with CsbSimulation on every turn (an independent twin of the simulator).
 */
import { bench, report, sinkValue } from "./harness.js";
import { Random } from "../test/support/random.js";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { CsbSimulation, csbPodFromRecord, replayCsbGame, type CsbCommand, type CsbGameRecord } from "../src/contest.js";
import { clonePlain, plainTurn, type PlainCommand, type PlainState } from "./contest-csb-plain.js";

const games = readContestGames<CsbGameRecord>("csb-sample");

// 1. Both simulators replay the sample exactly.
for (const game of games) {
  const sim = replayCsbGame(game);
  if (sim.length) throw new Error(`CsbSimulation differs from game ${game.game}: ${JSON.stringify(sim[0])}`);
  const s: PlainState = { checkpoints: game.checkpoints, round: 0, pods: game.initial.map(plainPod) };
  game.turns.forEach((turn, k) => {
    plainTurn(s, turn.cmd.map(([x, y, thrust]) => ({ x, y, thrust })));
    turn.pods.forEach((p, i) => {
      const q = s.pods[i];
      const got = [q.x, q.y, q.vx, q.vy, q.angle, q.passed, q.shieldRound, q.boostUsed ? 1 : 0];
      if (!got.every((v, f) => Object.is(v, p[f]))) throw new Error(`plain transcription differs: game ${game.game} turn ${k} pod ${i}`);
    });
  });
}
console.log(`both simulators replay the ${games.length} sample games exactly`);

function plainPod(r: CsbGameRecord["initial"][number]): PlainState["pods"][number] {
  const p = csbPodFromRecord(r);
  return { ...p, mass: 1, sx: 0, sy: 0, path: [] };
}

// 2. Roots and candidates.
const game = games[0];
const ROOTS = 64, CANDIDATES = 1024;
const roots: CsbSimulation[] = [];
const plainRoots: PlainState[] = [];
for (let k = 0; k < ROOTS; k++) {
  const pods = game.turns[10 + k].pods;
  const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: 11 + k });
  pods.forEach((p, i) => sim.setPod(i, csbPodFromRecord(p)));
  roots.push(sim);
  plainRoots.push({ checkpoints: game.checkpoints, round: 11 + k, pods: pods.map(plainPod) });
}
const rnd = new Random(12);
const candidates: CsbCommand[][] = [];
for (let k = 0; k < CANDIDATES; k++) {
  const root = roots[k & (ROOTS - 1)];
  const set: CsbCommand[] = [];
  for (let i = 0; i < 4; i++) {
    const thrust = rnd.next() < 0.03 ? "SHIELD" : Math.floor(rnd.next() * 201);
    set.push({ x: Math.round(root.x(i) + rnd.range(-6000, 6000)), y: Math.round(root.y(i) + rnd.range(-6000, 6000)), thrust });
  }
  candidates.push(set);
}
const plainCandidates: PlainCommand[][] = candidates.map((set) => set.map((c) => ({ ...c })));

// 3. Timing.
const OPS = 200_000;
const sim = new CsbSimulation({ checkpoints: game.checkpoints });
const carom = bench("CsbSimulation copyFrom + turn", OPS, () => {
  let s = 0;
  for (let k = 0; k < OPS; k++) {
    sim.copyFrom(roots[k & (ROOTS - 1)]);
    sim.turn(candidates[k & (CANDIDATES - 1)]);
    s += sim.state[0];
  }
  return s;
});
const PLAIN_OPS = 20_000;
const plain = bench("plain transcription clone + turn", PLAIN_OPS, () => {
  let s = 0;
  for (let k = 0; k < PLAIN_OPS; k++) {
    const state = clonePlain(plainRoots[k & (ROOTS - 1)]);
    plainTurn(state, plainCandidates[k & (CANDIDATES - 1)]);
    s += state.pods[0].x;
  }
  return s;
});
report("Coders Strike Back: copy + one 4-pod turn", [carom, plain], "plain transcription clone + turn", "turns");
console.log(`goal: >= 2.5e6 turns/s and >= 10x the plain transcription; sink ${sinkValue()}`);
