/**
 * Contest simulators: copy + one 4-pod Coders Strike Back turn (the inner step of a bot's
 * search: copy the root, apply a candidate, score) with CsbSimulation, and copy + one
 * Fantastic Bits turn with FantasticBitsSimulation, each beside a plain transcription of its
 * referee (objects, clones: bench/contest-csb-plain.ts, bench/contest-fb-plain.ts) and a C++
 * engine of the kind bot writers write (bench/peers/csb.cpp, bench/peers/fb.cpp, compiled with
 * g++ -O3 -march=native; their rows are left out when g++ is missing). The cases are in
 * bench/contest-cases.ts, the C++ engines' inputs (the same roots and candidates) in
 * bench/contest-peers.ts.
 *
 * First the plain transcriptions replay every sample game and must agree with the simulators
 * on every turn (independent twins), and the C++ engines report their own replay. Then every case runs in
 * its own child process (a fresh V8: no case's JIT state or heap colours another, and a
 * process that lands in a slow V8 state counts once), PROCESSES times, in an order-balanced
 * sequence (round p runs the cases forward, round p + 1 backward). A child warms its batch up
 * 3 times, times 7 batches and prints their median. The table gives the median over the
 * processes (and their spread); the ratio is the median of the per-round ratios carom/plain,
 * the two of a round running back to back (a C++ engine runs in the same round, in its own
 * process, by its own CPU time: median of 7 samples). Set BENCH_QUICK=1 for 3 rounds instead of
 * 5; pin the whole run to one CPU (taskset -c 0: child processes inherit it) for ratios that
 * do not depend on the CPU a process lands on.
 */
import os from "node:os";
import { report, type BenchRow, median } from "./harness.js";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { replayCsbGame, replayFbGame, type CsbGameRecord, type FbGameRecord } from "../src/exports/contest.js";
import { plainTurn, type PlainState } from "./contest-csb-plain.js";
import { plainFbFromRecord, plainFbRecord, plainFbTurn } from "./contest-fb-plain.js";
import { buildCase, caseRate, CASE_NAMES, plainPod, type CaseName } from "./contest-cases.js";
import { runPeer, withCompiledPeer } from "./peers/compile.js";
import { PEER_FLAGS, csbBenchInput, csbVerifyInput, fbBenchInput, fbVerifyInput } from "./contest-peers.js";

/** Peers' operations per bench run. */
const CPP_OPS = { "csb-random": 200_000, "csb-bot": 200_000, fb: 100_000 } as const;
type CppCase = keyof typeof CPP_OPS;

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
  let ran = false;
  withCompiledPeer("g++", "csb.cpp", PEER_FLAGS, (csb) =>
    withCompiledPeer("g++", "fb.cpp", PEER_FLAGS, (fb) => {
      ran = true;
      compare({ csb, fb });
    }));
  if (!ran) compare(null);
}

/** Times every case (and the C++ engines, when built) in order-balanced rounds and prints the tables. */
function compare(cpp: { csb: string; fb: string } | null): void {
  const rounds = process.env.BENCH_QUICK ? 3 : 5;
  const load0 = os.loadavg()[0];
  const cppInputs = new Map<CppCase, [string, string]>();
  if (cpp !== null) {
    console.log(`C++ engines (g++ ${PEER_FLAGS.join(" ")}) against the referees: CSB sample ${runPeer(cpp.csb, "verify", csbVerifyInput())}; FB sample and repro turns ${runPeer(cpp.fb, "verify", fbVerifyInput())}`);
    cppInputs.set("csb-random", [cpp.csb, csbBenchInput("random", CPP_OPS["csb-random"])]);
    cppInputs.set("csb-bot", [cpp.csb, csbBenchInput("bot", CPP_OPS["csb-bot"])]);
    cppInputs.set("fb", [cpp.fb, fbBenchInput(CPP_OPS.fb)]);
  }
  const names: string[] = [...CASE_NAMES, ...[...cppInputs.keys()].map((k) => `${k}:cpp`)];
  const rates = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let p = 0; p < rounds; p++) {
    const order = p % 2 === 0 ? [...names] : [...names].reverse();
    for (const name of order) {
      const peer = cppInputs.get(name.replace(/:cpp$/, "") as CppCase);
      rates.get(name)!.push(name.endsWith(":cpp") && peer ? Number(runPeer(peer[0], "bench", peer[1]).split(" ")[1]) : caseRate(name as CaseName));
    }
  }
  const row = (label: string, name: string): BenchRow[] => {
    const v = rates.get(name)!;
    return v.length === 0 ? [] : [{ name: label, opsPerSec: median(v), min: Math.min(...v), max: Math.max(...v) }];
  };
  const ratio = (a: string, b: string): string => {
    const x = rates.get(a)!, y = rates.get(b)!;
    return y.length === 0 ? "-" : `${median(x.map((v, k) => v / y[k])).toFixed(2)}x`;
  };
  const note = `${rounds} processes per case, order-balanced; load average ${load0.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)}`;
  const plain = "plain transcription clone + turn", cppName = "C++ engine copy + turn";
  for (const [kind, title] of [["csb-random", "64 roots x random candidates"], ["csb-bot", "a bot's search, copy + one turn from one root, 225 candidates"]] as const) {
    report(`Coders Strike Back: copy + one 4-pod turn, ${title} (${note})`, [
      ...row("CsbSimulation copyFrom + turn", `${kind}:carom`), ...row(plain, `${kind}:plain`), ...row(cppName, `${kind}:cpp`),
    ], plain, "turns");
    console.log(`median of the per-round ratios: ${ratio(`${kind}:carom`, `${kind}:plain`)} the plain transcription, ${ratio(`${kind}:carom`, `${kind}:cpp`)} the C++ engine`);
  }
  report(`Fantastic Bits: copy + one turn, 64 sample roots with their recorded commands (${note})`, [
    ...row("FantasticBitsSimulation copyFrom + turn, command objects", "fb:carom"),
    ...row("the same, command strings parsed", "fb-text:carom"),
    ...row(plain, "fb:plain"), ...row(cppName, "fb:cpp"),
  ], plain, "turns");
  console.log(`median of the per-round ratios: ${ratio("fb:carom", "fb:plain")} the plain transcription, ${ratio("fb:carom", "fb:cpp")} the C++ engine (strings: ${ratio("fb-text:carom", "fb:cpp")})`);
}

/** The simulators and the plain transcriptions replay the CSB and FB samples exactly. */
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
  const fbGames = readContestGames<FbGameRecord>("fb-sample");
  for (const game of fbGames) {
    const sim = replayFbGame(game);
    if (sim.length) throw new Error(`FantasticBitsSimulation differs from game ${game.game}: ${JSON.stringify(sim[0])}`);
    game.commands.forEach(([[a, b], [c, d]], k) => {
      const g = plainFbFromRecord(game.states[k]);
      plainFbTurn(g, [a, b, c, d]);
      if (JSON.stringify(plainFbRecord(g)) !== JSON.stringify(game.states[k + 1])) throw new Error(`plain FB transcription differs: game ${game.game} turn ${k}`);
    });
  }
  console.log(`the simulators and the plain transcriptions replay the ${games.length} CSB and ${fbGames.length} FB sample games exactly`);
}
