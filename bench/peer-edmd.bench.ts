/**
 * carom/science against a C event-driven MD code run here, side by side: bench/peers/edmd.c
 * (the design of the fast research codes: per-particle neighbour lists with shell-exit events,
 * lazy invalidation by collision counters, per-particle times, a binary heap keyed in place;
 * gcc -O3 -march=native) and HardSpheres, on 3D hard spheres at packing fraction 0.45 in a
 * periodic box from an FCC start, the same warm-up and the same number of collisions, each timed
 * by its own CPU time. Both print Z (Carnahan–Starling 9.385 at 0.45), and the C code its
 * energy drift and overlapping pairs. The published figures of Smallenburg's EDMD on this
 * machine kind are in bench/science.bench.ts. Skipped when gcc is missing. The C run and carom take
 * turns (5 rounds per size): on a shared machine the load moves each run by up to ±30%, a ratio
 * of neighbouring runs far less.
 *
 * Run: npm run bench -- peer-edmd   (BENCH_QUICK=1: N = 4,000 and 32,000 with 500,000 collisions)
 */
import os from "node:os";
import { spawnSync } from "node:child_process";
import { HardSpheres, latticeStart } from "../src/exports/science.js";
import { withCompiledPeer } from "./peers/compile.js";
import { median } from "./harness.js";

const QUICK = process.env.BENCH_QUICK === "1";

/** Rounds per size: the C run and a carom segment of the same length take turns (median ratio). */
const ROUNDS = 5;

withCompiledPeer("gcc", "edmd.c", ["-O3", "-march=native"], (exe) => {
  console.log(`\n3D hard spheres, packing fraction 0.45, periodic, FCC start; C code: bench/peers/edmd.c (gcc -O3 -march=native); load ${os.loadavg()[0].toFixed(1)}`);
  console.log(`${ROUNDS} rounds per N, the C run and a carom segment of as many collisions taking turns (the order swapped every round): medians, and the median of the per-round ratios`);
  console.log("       N   C collisions/s   carom collisions/s   carom / C (rounds)                         Z (C)    Z (carom)   C: events/coll, energy drift, overlaps");
  const sizes = QUICK ? [4000, 32000] : [4000, 32000, 256000];
  for (const n of sizes) {
    // 20 collisions per body melt the FCC lattice at every size (5 per body left N = 256,000 at Z = 8.65, part crystal)
    const warmup = Math.max(20 * n, 200_000);
    const count = QUICK ? 500_000 : 2_000_000;
    const sim = new HardSpheres(latticeStart({ dimensions: 3, count: n, packingFraction: 0.45, seed: 1 }));
    sim.advanceCollisions(warmup);
    sim.resetMeasurements();
    const cRates: number[] = [], rates: number[] = [], ratios: number[] = [];
    let tail = "", Zc = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let rate = 0, cRate = 0;
      const runC = (): void => {
        // the same seeded C run each round (its own warm-up, then `count` timed collisions)
        const r = spawnSync(exe, [String(n), "0.45", String(warmup), String(count), "1"], { encoding: "utf8" });
        if (r.status !== 0) throw new Error(`edmd failed: ${r.stderr}`);
        const [, done, seconds, events, z, drift, overlaps] = r.stdout.trim().split(" ").map(Number);
        cRate = done / seconds;
        Zc = z;
        tail = `${(events / done).toFixed(2)}, ${drift.toExponential(1)}, ${overlaps}`;
      };
      const runCarom = (): void => {
        const c0 = process.cpuUsage();
        sim.advanceCollisions(count);
        const cpu = process.cpuUsage(c0);
        rate = count / ((cpu.user + cpu.system) / 1e6);
      };
      // the order swaps every round, so that neither side always runs right after the other
      for (const run of round % 2 === 0 ? [runC, runCarom] : [runCarom, runC]) run();
      cRates.push(cRate);
      rates.push(rate);
      ratios.push(rate / cRate);
    }
    const spread = ratios.map((x) => x.toFixed(2)).join(" ");
    console.log(`${String(n).padStart(8)}   ${(median(cRates) / 1e6).toFixed(3).padStart(12)}M   ${(median(rates) / 1e6).toFixed(3).padStart(16)}M   ${median(ratios).toFixed(2).padStart(8)}x (${spread})`.padEnd(96) + `${Zc.toFixed(3)}   ${sim.pressure().toFixed(3).padStart(8)}    ${tail}`);
  }
});
