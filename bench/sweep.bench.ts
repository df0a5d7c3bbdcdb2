/**
 * carom sweep across cores: the same 8 hard-sphere equation-of-state runs (500 spheres, 4
 * packing fractions, 2 seeds each) with 1 worker thread and with 2, in turns (1 then 2, then 2
 * then 1, ...), timed from the call of runSweep to its result (worker start-up included), as a
 * user's `carom sweep --workers N` would see it. Goal on a 2-core machine: 2 workers in at most
 * 0.6 of the time of 1. Also checks that both give the same result lines, bit for bit.
 *
 * It runs the built package (dist/, as users do; npm run build first). The ratio needs two idle
 * cores: on a machine busy with other work, 2 workers get less than two cores and the ratio
 * says more about the load (printed) than about carom.
 *
 * Run: npm run bench -- sweep   (BENCH_QUICK=1: shorter runs, 2 rounds)
 */
import os from "node:os";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type * as SweepModule from "../src/exports/sweep.js";

const QUICK = process.env.BENCH_QUICK === "1";
const ROOT = join(import.meta.dirname, "..");
const built = join(ROOT, "dist", "exports", "sweep.js");
if (!existsSync(built)) {
  console.error("bench sweep: dist/ is missing: run npm run build first");
  process.exit(1);
}
const { runSweep } = (await import(pathToFileURL(built).href)) as typeof SweepModule;

const sweep = {
  sweep: 1 as const,
  seed: 8,
  hardSpheres: { dimensions: 3, count: 500, warmupPerBody: 20, collisionsPerBody: QUICK ? 600 : 2000 },
  grid: { packingFraction: [0.3, 0.35, 0.4, 0.45] },
  replicas: 2,
};
const rounds = QUICK ? 2 : 3;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const linesOf = (results: SweepModule.SweepResult[]): string => results.map((r) => JSON.stringify({ ...r, wallTime: undefined })).join("\n");

async function timed(workers: number): Promise<{ seconds: number; cpu: number; lines: string; runSeconds: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = await runSweep(sweep, { workers });
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  if (out.failed > 0) throw new Error(`${out.failed} runs failed: ${out.results.find((r) => r.error)?.error}`);
  return { seconds, cpu: (c.user + c.system) / 1e6, lines: linesOf(out.results), runSeconds: out.results.reduce((s, r) => s + r.wallTime, 0) };
}

/**
 * The control: the same split of a fixed amount of plain CPU work (a loop, no carom) over 1 and
 * 2 worker threads. Its ratio is what this machine gives two threads at this moment: 0.5 when
 * two cores are free, near 1 when other work takes them. The sweep cannot do better than it.
 */
async function control(threads: number, iterations: number): Promise<number> {
  const t0 = performance.now();
  const body = `let x = 0; for (let i = 0; i < ${Math.round(iterations / threads)}; i++) x = (x + i * 7) % 1000003; require("node:worker_threads").parentPort.postMessage(x);`;
  await Promise.all(Array.from({ length: threads }, () => new Promise<void>((done, fail) => {
    const w = new Worker(body, { eval: true });
    w.once("message", () => void w.terminate().then(() => done()));
    w.once("error", fail);
  })));
  return (performance.now() - t0) / 1000;
}

console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} x${os.availableParallelism()}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`8 runs of 500 hard spheres (${sweep.hardSpheres.warmupPerBody} + ${sweep.hardSpheres.collisionsPerBody} collisions per sphere), ${rounds} rounds, 1 and 2 workers in turns\n`);
console.log("round  workers  wall s   CPU s (all threads)   sum of run wall times   control: plain loop split over the same threads, wall s");
const one: number[] = [];
const two: number[] = [];
const ratios: number[] = [];
const controlRatios: number[] = [];
const LOOP = QUICK ? 6e7 : 2e8; // (about 1.5 s of one idle core)
let reference: string | undefined;
let same = true;
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [1, 2] : [2, 1];
  const got: Record<number, number> = {};
  const loop: Record<number, number> = {};
  for (const workers of order) {
    const t = await timed(workers);
    loop[workers] = await control(workers, LOOP);
    reference ??= t.lines;
    same &&= t.lines === reference;
    got[workers] = t.seconds;
    (workers === 1 ? one : two).push(t.seconds);
    console.log(`${String(round + 1).padStart(5)}  ${String(workers).padStart(7)}  ${t.seconds.toFixed(2).padStart(6)}   ${t.cpu.toFixed(2).padStart(19)}   ${t.runSeconds.toFixed(2).padStart(21)}   ${loop[workers].toFixed(2).padStart(8)}`);
  }
  ratios.push(got[2] / got[1]);
  controlRatios.push(loop[2] / loop[1]);
}
console.log(`\n1 worker: median ${median(one).toFixed(2)} s; 2 workers: median ${median(two).toFixed(2)} s`);
console.log(`2 workers / 1 worker: ${(median(two) / median(one)).toFixed(3)} (rounds: ${ratios.map((r) => r.toFixed(3)).join(", ")}; median of the rounds ${median(ratios).toFixed(3)}); goal <= 0.6`);
console.log(`control (a plain loop split over 2 threads / on 1): rounds ${controlRatios.map((r) => r.toFixed(3)).join(", ")}; median ${median(controlRatios).toFixed(3)}: what the machine gave two threads meanwhile`);
console.log(`same result lines (wall time aside) in every run: ${same ? "yes" : "NO"}`);
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
if (!same) process.exitCode = 1;
