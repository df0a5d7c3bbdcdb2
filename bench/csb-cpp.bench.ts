/**
 * Coders Strike Back against a C++ bot engine: bench/peers/csb.cpp (a struct-and-array turn
 * engine in the style of contest bots, compiled here with g++ -O3 -march=native) beside
 * CsbSimulation, copy + one 4-pod turn on the same inputs as bench/contest.bench.ts (64 roots
 * of sample game 0 with 1024 seeded random candidates; a bot's 225 candidates from one root).
 *
 * First the C++ engine replays the 20 CSB sample games (each turn from the recorded previous
 * pods) and the fields that differ from the referee are counted (the stored angle can differ
 * in its last bit: glibc's atan2 is not fdlibm's, which the referee and CsbSimulation follow). The C++ engine is
 * timed in PROCESSES fresh processes (median of 7 samples each, then the median of those);
 * CsbSimulation in this process (median of 7 samples). Skipped when g++ is missing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, report, sinkValue } from "./harness.js";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { Random } from "../test/support/random.js";
import { CsbSimulation, csbPodFromRecord, type CsbCommand, type CsbGameRecord, type CsbPodRecord } from "../src/contest.js";

const PROCESSES = process.env.BENCH_QUICK ? 3 : 5;
const OPS = 200_000;
const source = fileURLToPath(new URL("./peers/csb.cpp", import.meta.url));

const num = (v: number | null): string => (v === null ? "n" : String(v));
const podLine = (p: CsbPodRecord): string => p.map((v) => num(v as number | null)).join(" ");
const thrustCode = (t: CsbCommand["thrust"]): number => (t === "SHIELD" ? -1 : t === "BOOST" ? -2 : t);

interface CaseInputs {
  roots: CsbSimulation[];
  records: { round: number; pods: CsbPodRecord[] }[];
  candidates: { root: number; commands: CsbCommand[] }[];
}

/** The inputs of bench/contest-cases.ts's csb-random and csb-bot cases. */
function caseInputs(game: CsbGameRecord, kind: "random" | "bot"): CaseInputs {
  const roots: CsbSimulation[] = [], records: CaseInputs["records"] = [];
  for (let k = 0; k < 64; k++) {
    const pods = game.turns[10 + k].pods;
    const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: 11 + k });
    pods.forEach((p, i) => sim.setPod(i, csbPodFromRecord(p)));
    roots.push(sim);
    records.push({ round: 11 + k, pods });
  }
  const candidates: CaseInputs["candidates"] = [];
  if (kind === "random") {
    const rnd = new Random(12);
    for (let k = 0; k < 1024; k++) {
      const root = roots[k & 63], commands: CsbCommand[] = [];
      for (let i = 0; i < 4; i++) {
        const thrust = rnd.next() < 0.03 ? "SHIELD" : Math.floor(rnd.next() * 201);
        commands.push({ x: Math.round(root.x(i) + rnd.range(-6000, 6000)), y: Math.round(root.y(i) + rnd.range(-6000, 6000)), thrust });
      }
      candidates.push({ root: k & 63, commands });
    }
  } else {
    const root = roots[19];
    const moves = (i: number): CsbCommand[] =>
      [-0.32, -0.16, 0, 0.16, 0.32].flatMap((d) => [0, 100, 200].map((thrust) => ({
        x: Math.round(root.x(i) + 10000 * Math.cos(root.angle(i) + d)), y: Math.round(root.y(i) + 10000 * Math.sin(root.angle(i) + d)), thrust,
      })));
    const others = [2, 3].map((i) => ({ x: game.checkpoints[root.nextCheckpoint(i)][0], y: game.checkpoints[root.nextCheckpoint(i)][1], thrust: 100 }));
    for (const a of moves(0)) for (const b of moves(1)) candidates.push({ root: 19, commands: [a, b, others[0], others[1]] });
  }
  return { roots, records, candidates };
}

function checkpointsText(game: CsbGameRecord): string {
  return `${game.checkpoints.length} ${game.checkpoints.flat().join(" ")}`;
}

function run(exe: string, mode: string, input: string): string {
  const r = spawnSync(exe, [mode], { input, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`C++ peer ${mode} failed: ${r.stderr}`);
  return r.stdout.trim();
}

const median = (v: number[]): number => [...v].sort((x, y) => x - y)[v.length >> 1];

if (spawnSync("g++", ["--version"]).status !== 0) {
  console.log("csb-cpp: skipped (no g++ on this machine)");
} else {
  const dir = mkdtempSync(join(tmpdir(), "carom-csb-cpp-"));
  try {
    const exe = join(dir, "csb");
    const flags = ["-O3", "-march=native", "-std=c++17"];
    const c = spawnSync("g++", [...flags, "-o", exe, source], { encoding: "utf8" });
    if (c.status !== 0) throw new Error(`g++ failed: ${c.stderr}`);
    const games = readContestGames<CsbGameRecord>("csb-sample");
    const verifyInput = [String(games.length), ...games.map((g) => [
      checkpointsText(g), ...g.initial.map(podLine), String(g.turns.length),
      ...g.turns.map((t) => [...t.cmd.map(([x, y, th]) => `${x} ${y} ${thrustCode(th)}`), ...t.pods.map(podLine)].join("\n")),
    ].join("\n"))].join("\n");
    console.log(`C++ peer (g++ ${flags.join(" ")}) against the referee on the CSB sample: ${run(exe, "verify", verifyInput)}`);
    const game = games[0];
    for (const kind of ["random", "bot"] as const) {
      const { roots, records, candidates } = caseInputs(game, kind);
      const input = [
        checkpointsText(game), String(records.length), ...records.map((r) => `${r.round} ${r.pods.map(podLine).join(" ")}`),
        String(candidates.length), ...candidates.map((k) => `${k.root} ${k.commands.map((c) => `${c.x} ${c.y} ${thrustCode(c.thrust)}`).join(" ")}`),
        String(OPS), "7",
      ].join("\n");
      const cpp: number[] = [];
      for (let p = 0; p < PROCESSES; p++) cpp.push(Number(run(exe, "bench", input).split(" ")[1]));
      const sim = new CsbSimulation({ checkpoints: game.checkpoints });
      const n = candidates.length;
      const carom = bench("CsbSimulation copyFrom + turn", OPS, () => {
        let s = 0;
        for (let k = 0; k < OPS; k++) {
          const c = candidates[k % n];
          sim.copyFrom(roots[c.root]);
          sim.turn(c.commands);
          s += sim.x(0);
        }
        return s;
      }, { samples: 7, warmup: 3 });
      const title = kind === "random" ? "64 roots x 1024 random candidates" : "a bot's search: 225 candidates from one root";
      report(`Coders Strike Back, copy + one 4-pod turn, ${title}`, [
        { name: `C++ engine (median of ${PROCESSES} processes)`, opsPerSec: median(cpp), min: Math.min(...cpp), max: Math.max(...cpp) },
        carom,
      ], `C++ engine (median of ${PROCESSES} processes)`, "turns");
    }
    console.log(`(sink ${sinkValue()})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
