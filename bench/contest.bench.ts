/**
 * Contest simulators: copy + one 4-pod Coders Strike Back turn (the inner step of a bot's
 * search: copy the root, apply a candidate, score) with CsbSimulation, beside a plain
 * transcription of the referee (objects, clone, comparator sort: bench/contest-csb-plain.ts),
 * in the same process; the ratio is what counts on a shared machine.
 *
 * Inputs: 64 root states taken from the CSB sample (turns 10..73 of game 0) and 1024 seeded
 * candidate command sets (targets within 6000 of the pod, thrust 0..200, 3% SHIELD), cycled
 * with masks. Before timing, the plain transcription replays every sample game and must agree
 * with CsbSimulation on every turn (an independent twin of the simulator). Then Fantastic
 * Bits: copy + one turn from 64 sample states with their recorded commands.
 */
import { bench, report, sinkValue, type BenchRow } from "./harness.js";
import { Random } from "../test/support/random.js";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { CsbSimulation, FantasticBitsSimulation, csbPodFromRecord, fbStateFromRecord, replayCsbGame, type CsbCommand, type CsbGameRecord, type FbGameRecord } from "../src/contest.js";
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

// 3. Timing: the two cases alternate batch by batch, so a load change on this shared machine
// hits both alike; the ratio is the median of the per-round ratios.
const sim = new CsbSimulation({ checkpoints: game.checkpoints });
const OPS = 100_000, PLAIN_OPS = 10_000, ROUNDS = 11;
const caromBatch = (): number => {
  let s = 0;
  for (let k = 0; k < OPS; k++) {
    sim.copyFrom(roots[k & (ROOTS - 1)]);
    sim.turn(candidates[k & (CANDIDATES - 1)]);
    s += sim.state[0];
  }
  return s;
};
const plainBatch = (): number => {
  let s = 0;
  for (let k = 0; k < PLAIN_OPS; k++) {
    const state = clonePlain(plainRoots[k & (ROOTS - 1)]);
    plainTurn(state, plainCandidates[k & (CANDIDATES - 1)]);
    s += state.pods[0].x;
  }
  return s;
};
const median = (v: number[]): number => [...v].sort((x, y) => x - y)[v.length >> 1];
const row = (name: string, v: number[]): BenchRow => ({ name, opsPerSec: median(v), min: Math.min(...v), max: Math.max(...v) });

/** Runs the two batches alternately (2 warm-up rounds, then ROUNDS) and reports both and the median ratio. */
function interleaved(title: string, a: () => number, b: () => number): void {
  const ra: number[] = [], rb: number[] = [], ratio: number[] = [];
  for (let r = -2; r < ROUNDS; r++) {
    const x = bench("a", OPS, a, { samples: 1, warmup: 0 }).opsPerSec;
    const y = bench("b", PLAIN_OPS, b, { samples: 1, warmup: 0 }).opsPerSec;
    if (r < 0) continue;
    ra.push(x);
    rb.push(y);
    ratio.push(x / y);
  }
  report(title, [row("CsbSimulation copyFrom + turn", ra), row("plain transcription clone + turn", rb)], "plain transcription clone + turn", "turns");
  console.log(`median of the per-round ratios: ${median(ratio).toFixed(2)}x (goal >= 10x; goal >= 2.5e6 turns/s on an idle machine)`);
}

interleaved("Coders Strike Back: copy + one 4-pod turn, 64 roots x random candidates (interleaved rounds)", caromBatch, plainBatch);

// A bot's search: every candidate starts from the same root (turn 30 of game 0); pods 0 and 1
// try the README bot's 15 moves each (225 pairs), the other two aim at their checkpoints.
const botRoot = roots[19], plainBotRoot = plainRoots[19];
const botCandidates: CsbCommand[][] = [];
const moves = (i: number): CsbCommand[] =>
  [-0.32, -0.16, 0, 0.16, 0.32].flatMap((d) => [0, 100, 200].map((thrust) => ({
    x: Math.round(botRoot.x(i) + 10000 * Math.cos(botRoot.angle(i) + d)), y: Math.round(botRoot.y(i) + 10000 * Math.sin(botRoot.angle(i) + d)), thrust,
  })));
const others = [2, 3].map((i) => ({ x: game.checkpoints[botRoot.nextCheckpoint(i)][0], y: game.checkpoints[botRoot.nextCheckpoint(i)][1], thrust: 100 }));
for (const a of moves(0)) for (const b of moves(1)) botCandidates.push([a, b, others[0], others[1]]);
const plainBotCandidates: PlainCommand[][] = botCandidates.map((set) => set.map((c) => ({ ...c })));
const BOT_N = botCandidates.length;
interleaved(
  "Coders Strike Back: a bot's search, copy + one turn from one root, 225 candidates (interleaved rounds)",
  () => {
    let s = 0;
    for (let k = 0; k < OPS; k++) {
      sim.copyFrom(botRoot);
      sim.turn(botCandidates[k % BOT_N]);
      s += sim.state[0];
    }
    return s;
  },
  () => {
    let s = 0;
    for (let k = 0; k < PLAIN_OPS; k++) {
      const state = clonePlain(plainBotRoot);
      plainTurn(state, plainBotCandidates[k % BOT_N]);
      s += state.pods[0].x;
    }
    return s;
  },
);

// 4. Fantastic Bits: copy + one turn from 64 sample states with their recorded commands.
const fbGames = readContestGames<FbGameRecord>("fb-sample");
const fbRoots: FantasticBitsSimulation[] = [];
const fbCommands: string[][] = [];
for (let k = 0; k < 64; k++) {
  const g = fbGames[k % fbGames.length], turn = 10 + ((k * 7) % 90);
  fbRoots.push(FantasticBitsSimulation.fromState(fbStateFromRecord(g.states[turn])));
  const [[a, b], [c, d]] = g.commands[turn];
  fbCommands.push([a, b, c, d]);
}
const fbSim = FantasticBitsSimulation.fromState(fbStateFromRecord(fbGames[0].states[0]));
const FB_OPS = 50_000;
const fb = bench("FantasticBitsSimulation copyFrom + turn", FB_OPS, () => {
  let s = 0;
  for (let k = 0; k < FB_OPS; k++) {
    fbSim.copyFrom(fbRoots[k & 63]);
    fbSim.turn(fbCommands[k & 63]);
    s += fbSim.round;
  }
  return s;
});
report("Fantastic Bits: copy + one turn (13 bodies, 4 goal posts)", [fb], undefined, "turns");
console.log(`sink ${sinkValue()}`);
