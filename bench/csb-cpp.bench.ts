/**
 * Coders Strike Back against a C++ bot engine: bench/peers/csb.cpp (a struct-and-array turn
 * engine in the style of contest bots, compiled here with g++ -O3 -march=native) beside
 * CsbSimulation, copy + one 4-pod turn on the same inputs as bench/contest.bench.ts (64 roots
 * of sample game 0 with 1024 seeded random candidates; a bot's 225 candidates from one root).
 *
 * First the C++ engine replays the 20 CSB sample games (each turn from the recorded previous
 * pods) and the fields that differ from the referee are counted (the stored angle can differ
 * in its last bit: glibc's atan2 is not fdlibm's, which the referee and CsbSimulation follow).
 * Then each engine is timed in PROCESSES fresh processes, by its own CPU time (median of 7
 * samples each, then the median over the processes): the C++ engine on the exported inputs,
 * CsbSimulation with the contest benchmark's own batch (contest.bench.ts's child mode). The
 * candidate of operation k is k mod the candidate count in both. Skipped when g++ is missing.
 */
import { report, median } from "./harness.js";
import { runPeer, withCompiledPeer } from "./peers/compile.js";
import { caseRate } from "./contest-cases.js";
import { PEER_FLAGS, csbBenchInput, csbVerifyInput } from "./contest-peers.js";

const PROCESSES = process.env.BENCH_QUICK ? 3 : 5;
const OPS = 200_000;

withCompiledPeer("g++", "csb.cpp", PEER_FLAGS, (exe) => {
  console.log(`C++ peer (g++ ${PEER_FLAGS.join(" ")}) against the referee on the CSB sample: ${runPeer(exe, "verify", csbVerifyInput())}`);
  for (const kind of ["random", "bot"] as const) {
    const input = csbBenchInput(kind, OPS);
    const cpp: number[] = [];
    for (let p = 0; p < PROCESSES; p++) cpp.push(Number(runPeer(exe, "bench", input).split(" ")[1]));
    // CsbSimulation runs the contest benchmark's own batch (bench/contest-cases.ts) on the same
    // inputs, in a fresh process each time (contest.bench.ts's child mode), by CPU time.
    const js: number[] = [];
    for (let p = 0; p < PROCESSES; p++) js.push(caseRate(kind === "random" ? "csb-random:carom" : "csb-bot:carom"));
    const carom = { name: `CsbSimulation (median of ${PROCESSES} processes)`, opsPerSec: median(js), min: Math.min(...js), max: Math.max(...js) };
    const title = kind === "random" ? "64 roots x 1024 random candidates" : "a bot's search: 225 candidates from one root";
    report(`Coders Strike Back, copy + one 4-pod turn, ${title}`, [
      { name: `C++ engine (median of ${PROCESSES} processes)`, opsPerSec: median(cpp), min: Math.min(...cpp), max: Math.max(...cpp) },
      carom,
    ], `C++ engine (median of ${PROCESSES} processes)`, "turns");
  }
});
