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
import { readContestGames } from "../test/support/contest-fixtures.js";
import type { CsbCommand, CsbGameRecord, CsbPodRecord } from "../src/exports/contest.js";
import { caseRate, csbCaseInputs } from "./contest-cases.js";

const PROCESSES = process.env.BENCH_QUICK ? 3 : 5;
const OPS = 200_000;

const num = (v: number | null): string => (v === null ? "n" : String(v));
const podLine = (p: CsbPodRecord): string => p.map((v) => num(v as number | null)).join(" ");
const thrustCode = (t: CsbCommand["thrust"]): number => (t === "SHIELD" ? -1 : t === "BOOST" ? -2 : t);

function checkpointsText(game: CsbGameRecord): string {
  return `${game.checkpoints.length} ${game.checkpoints.flat().join(" ")}`;
}

const flags = ["-O3", "-march=native", "-std=c++17"];
withCompiledPeer("g++", "csb.cpp", flags, (exe) => {
  const games = readContestGames<CsbGameRecord>("csb-sample");
  const verifyInput = [String(games.length), ...games.map((g) => [
    checkpointsText(g), ...g.initial.map(podLine), String(g.turns.length),
    ...g.turns.map((t) => [...t.cmd.map(([x, y, th]) => `${x} ${y} ${thrustCode(th)}`), ...t.pods.map(podLine)].join("\n")),
  ].join("\n"))].join("\n");
  console.log(`C++ peer (g++ ${flags.join(" ")}) against the referee on the CSB sample: ${runPeer(exe, "verify", verifyInput)}`);
  for (const kind of ["random", "bot"] as const) {
    const { game, records, candidates, rootOf } = csbCaseInputs(kind);
    const input = [
      checkpointsText(game), String(records.length), ...records.map((r) => `${r.round} ${r.pods.map(podLine).join(" ")}`),
      String(candidates.length), ...candidates.map((set, k) => `${rootOf(k)} ${set.map((c) => `${c.x} ${c.y} ${thrustCode(c.thrust)}`).join(" ")}`),
      String(OPS), "7",
    ].join("\n");
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
