/**
 * Fantastic Bits against a C++ bot engine: bench/peers/fb.cpp (a struct-and-array turn engine
 * in the style of contest bots, compiled here with g++ -O3 -march=native) beside
 * FantasticBitsSimulation, copy + one turn on the inputs of the fb case of
 * bench/contest.bench.ts (64 roots from the FB sample games, each with its recorded commands;
 * operation k plays root k & 63 with commands k & 63).
 *
 * First the C++ engine replays every turn of the 10 FB sample games (each turn from the
 * recorded previous state) and the fields that differ from the referee are counted (exact
 * compare, every field of the state). Then each engine is timed in PROCESSES fresh processes,
 * by its own CPU time (median of 7 samples each, then the median over the processes): the C++
 * engine on the exported inputs, FantasticBitsSimulation with the contest benchmark's own
 * batch (contest.bench.ts's child mode, case fb:carom). The commands reach both engines
 * already parsed, as a bot's search builds them: structs for the C++ engine, FbCommand
 * objects for carom (whose turn also takes the printed strings: case fb-text:carom).
 * Skipped when g++ is missing.
 */
import { report, median } from "./harness.js";
import { runPeer, withCompiledPeer } from "./peers/compile.js";
import { caseRate } from "./contest-cases.js";
import { PEER_FLAGS, fbBenchInput, fbVerifyInput } from "./contest-peers.js";

const PROCESSES = process.env.BENCH_QUICK ? 3 : 5;
const OPS = 100_000;

withCompiledPeer("g++", "fb.cpp", PEER_FLAGS, (exe) => {
  console.log(`C++ peer (g++ ${PEER_FLAGS.join(" ")}) against the referee on the FB sample and the repro turns: ${runPeer(exe, "verify", fbVerifyInput())}`);
  const input = fbBenchInput(OPS);
  const cpp: number[] = [];
  for (let p = 0; p < PROCESSES; p++) cpp.push(Number(runPeer(exe, "bench", input).split(" ")[1]));
  const js: number[] = [];
  for (let p = 0; p < PROCESSES; p++) js.push(caseRate("fb:carom"));
  const cppName = `C++ engine (median of ${PROCESSES} processes)`;
  report("Fantastic Bits, copy + one turn, 64 sample roots with their recorded commands", [
    { name: cppName, opsPerSec: median(cpp), min: Math.min(...cpp), max: Math.max(...cpp) },
    { name: `FantasticBitsSimulation (median of ${PROCESSES} processes)`, opsPerSec: median(js), min: Math.min(...js), max: Math.max(...js) },
  ], cppName, "turns");
});
