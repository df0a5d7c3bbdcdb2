/**
 * Contest simulators: copy + one 4-pod Coders Strike Back turn (the inner step of a bot's
 * search: copy the root, apply a candidate, score) with CsbSimulation, beside a plain
 * transcription of the referee (objects, clone, comparator sort: bench/contest-csb-plain.ts),
 * and copy + one Fantastic Bits turn. The cases are in bench/contest-cases.ts.
 *
 * First the plain transcription replays every CSB sample game and must agree with
 * CsbSimulation on every turn (an independent twin of the simulator). Then every case runs in
 * its own child process (a fresh V8: no case's JIT state or heap colours another, and a
 * process that lands in a slow V8 state counts once), PROCESSES times, in an order-balanced
 * sequence (round p runs the cases forward, round p + 1 backward). A child warms its batch up
 * 3 times, times 7 batches and prints their median. The table gives the median over the
 * processes (and their spread); the ratio is the median of the per-round ratios carom/plain,
 * the two of a round running back to back. Set BENCH_QUICK=1 for 3 rounds instead of 5.
 */
import os from "node:os";
import { report, type BenchRow, median } from "./harness.js";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { replayCsbGame, type CsbGameRecord } from "../src/exports/contest.js";
import { plainTurn, type PlainState } from "./contest-csb-plain.js";
import { buildCase, caseRate, CASE_NAMES, plainPod, type CaseName } from "./contest-cases.js";

const CHILD = process.env.CONTEST_BENCH_CASE;
const WARMUP = 3, SAMPLES = 7;

if (CHILD !== undefined) {
  if (!(CASE_NAMES as readonly string[]).includes(CHILD)) throw new RangeError(`CONTEST_BENCH_CASE: unknown case ${CHILD}`);
  const { ops, batch } = buildCase(CHILD as CaseName);
  let sink = 0;
  for (let i = 0; i < WARMUP; i++) sink += batch();
  const rates: number[] = [], wall: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
    sink += batch();
    const c = process.cpuUsage(c0);
    wall.push(ops / (Number(process.hrtime.bigint() - t0) / 1e9));
    rates.push(ops / ((c.user + c.system) / 1e6));
  }
  console.log(JSON.stringify({ rate: median(rates), wall: median(wall), sink }));
} else {
  verifyTwins();
  const rounds = process.env.BENCH_QUICK ? 3 : 5;
  const load0 = os.loadavg()[0];
  const rates = new Map<CaseName, number[]>(CASE_NAMES.map((n) => [n, []]));
  for (let p = 0; p < rounds; p++) {
    const order = p % 2 === 0 ? [...CASE_NAMES] : [...CASE_NAMES].reverse();
    for (const name of order) rates.get(name)!.push(caseRate(name));
  }
  const row = (label: string, name: CaseName): BenchRow => {
    const v = rates.get(name)!;
    return { name: label, opsPerSec: median(v), min: Math.min(...v), max: Math.max(...v) };
  };
  const ratio = (a: CaseName, b: CaseName): string => median(rates.get(a)!.map((x, k) => x / rates.get(b)![k])).toFixed(2);
  const note = `${rounds} processes per case, order-balanced; load average ${load0.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)}`;
  const carom = "CsbSimulation copyFrom + turn", plain = "plain transcription clone + turn";
  report(`Coders Strike Back: copy + one 4-pod turn, 64 roots x random candidates (${note})`, [row(carom, "csb-random:carom"), row(plain, "csb-random:plain")], plain, "turns");
  console.log(`median of the per-round ratios: ${ratio("csb-random:carom", "csb-random:plain")}x (goal >= 10x; goal >= 2.5e6 turns/s on an idle machine)`);
  report(`Coders Strike Back: a bot's search, copy + one turn from one root, 225 candidates (${note})`, [row(carom, "csb-bot:carom"), row(plain, "csb-bot:plain")], plain, "turns");
  console.log(`median of the per-round ratios: ${ratio("csb-bot:carom", "csb-bot:plain")}x`);
  report(`Fantastic Bits: copy + one turn (13 bodies, 4 goal posts; ${note}; the C++ peer: npm run bench -- fb-cpp)`, [
    row("FantasticBitsSimulation copyFrom + turn, command objects", "fb:carom"),
    row("the same, command strings parsed", "fb-text:carom"),
  ], undefined, "turns");
}


/** Both simulators replay the CSB sample exactly. */
function verifyTwins(): void {
  const games = readContestGames<CsbGameRecord>("csb-sample");
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
}
