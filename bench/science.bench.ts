/**
 * carom/science: event-driven MD speed, the equation of state, and jammed packings.
 *
 * 1. Collisions per second, 3D hard spheres at packing fraction 0.45 in a periodic box, FCC
 *    start, N = 4,000, 32,000 and 256,000, next to the published figures of Smallenburg's
 *    single-core C code on this machine kind (1.33M, 0.86M, 0.44M collisions/s, measured when
 *    the machine was quiet: read the ratio with that in mind while other work runs), with the
 *    cost per collision and the events per collision.
 * 2. The equation of state from the collision virial, each from > 300,000 collisions after
 *    equilibration: hard disks at φ = 0.30 and 0.45 against Clisby–McCoy's virial series
 *    (Z = 2.0633, 3.3805), hard spheres at φ = 0.25 and 0.35 against Kolafa–Labík–Malijevský
 *    (Z = 3.0803, 5.2214); goal within 0.5%.
 * 3. Jammed packings of 1,000 bodies (carom pack): monodisperse spheres (random close packing
 *    ≈ 0.64) and 50:50 disks of radii 1 : 1.4 (≈ 0.84), each goal under 4 minutes.
 *
 * 4. The automatic neighbour-list skin against the fixed 0.5 of dense fluids, on fluids where
 *    it differs (disks at φ = 0.30, spheres at 0.25 and 0.10, 4,096 bodies): both in one process,
 *    taking turns, the median of the per-round ratios.
 *
 * Run: npm run bench -- science   (BENCH_QUICK=1 for shorter runs; BENCH_ONLY=speed|eos|pack|skin|peer,
 * peer = only the 32k HardSpheres / World3D ratio)
 */
import os from "node:os";
import { World3D } from "../src/index.js";
import { HardSpheres, latticeStart, packJammed, type PackResult } from "../src/exports/science.js";

const QUICK = process.env.BENCH_QUICK === "1";
const ONLY = process.env.BENCH_ONLY;

console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} x${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);

function speed(): void {
  console.log("\n3D hard spheres, packing fraction 0.45, periodic, FCC start (C code: Smallenburg's EDMD, published on this machine kind)");
  console.log("(collisions/s by wall clock, and by this process's CPU time, which counts less of the other work on a shared machine)");
  console.log("       N   collisions/s  (CPU time)   ns/collision   events/collision   predictions (pairs)/collision   x C code (CPU time)   Z");
  const reference: Record<number, number> = { 4000: 1.33e6, 32000: 0.86e6, 256000: 0.44e6 };
  let at32k: [number, number] = [0, 0];
  for (const n of [4000, 32000, 256000]) {
    const sim = new HardSpheres(latticeStart({ dimensions: 3, count: n, packingFraction: 0.45, seed: 1 }));
    sim.advanceCollisions(Math.max(20 * n, 200_000)); // melt the lattice (20 per body at every size), warm the JIT
    const s0 = { ...sim.stats };
    sim.resetMeasurements();
    const count = QUICK ? 500_000 : 2_000_000;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    sim.advanceCollisions(count);
    const sec = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const cpuRate = count / ((cpu.user + cpu.system) / 1e6);
    const rate = count / sec;
    const st = sim.stats;
    if (n === 32000) at32k = [rate, cpuRate];
    const events = (st.collisions - s0.collisions + st.stale - s0.stale + st.shellExits - s0.shellExits) / count;
    const predictions = (st.predictions - s0.predictions) / count, pairs = (st.pairTests - s0.pairTests) / count;
    console.log(`${String(n).padStart(8)}   ${(rate / 1e6).toFixed(3).padStart(9)}M  (${(cpuRate / 1e6).toFixed(3)}M)   ${((sec * 1e9) / count).toFixed(0).padStart(12)}   ${events.toFixed(2).padStart(16)}   ${predictions.toFixed(2).padStart(14)} (${pairs.toFixed(1).padStart(4)})${"".padStart(8)}   ${(rate / reference[n]).toFixed(2).padStart(8)} (${(cpuRate / reference[n]).toFixed(2)})   Z = ${sim.pressure().toFixed(4)}`);
  }
  worldPeer(at32k[0], at32k[1]);
}

/**
 * The peer in the same process: carom's general World3D on the same 32,000 spheres (hard walls
 * instead of a periodic box, as in md.bench.ts), whose ratio to the C code was measured on a
 * quiet machine at 0.34-0.41x; our ratio to it here carries over to the C code while the machine
 * is loaded.
 */
function worldPeer(scienceRate: number, scienceCpuRate: number): void {
  const o = latticeStart({ dimensions: 3, count: 32000, packingFraction: 0.45, seed: 1 });
  // The same FCC lattice (cells of side a, 20 per axis) shifted so that its outer planes sit one
  // radius from the walls: the box is (20 - 1/2) a + 2 r wide, as in md.bench.ts.
  const a = o.box[0] / 20, pad = 0.5 * (1 + 1e-9), shift = pad - 0.25 * a;
  const L = 19.5 * a + 2 * pad;
  const w = new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L] }, recordEvents: false });
  const p = o.positions, v = o.velocities as Float64Array;
  for (let i = 0; i < 32000; i++) w.addBody({ x: p[3 * i] + shift, y: p[3 * i + 1] + shift, z: p[3 * i + 2] + shift, vx: v[3 * i], vy: v[3 * i + 1], vz: v[3 * i + 2], radius: 0.5 });
  let c = 0;
  while (c < 300_000) c += w.advance(0.05).collisions;
  c = 0;
  const target = QUICK ? 300_000 : 1_000_000;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  while (c < target) c += w.advance(0.05).collisions;
  const sec = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const rate = c / sec, cpuRate = c / ((cpu.user + cpu.system) / 1e6);
  console.log(`   32000 carom World3D (walled, same lattice): ${(rate / 1e6).toFixed(3)}M collisions/s (${(cpuRate / 1e6).toFixed(3)}M by CPU time)`);
  console.log(`          HardSpheres / World3D = ${(scienceRate / rate).toFixed(2)}x (${(scienceCpuRate / cpuRate).toFixed(2)}x by CPU time); with World3D at 0.34-0.41x of the C code when quiet, HardSpheres ≈ ${((0.34 * scienceCpuRate) / cpuRate).toFixed(2)}-${((0.41 * scienceCpuRate) / cpuRate).toFixed(2)}x of the C code`);
}

function eos(): void {
  console.log("\nEquation of state from the collision virial (periodic box, no walls)");
  console.log("  case                         N   collisions      Z measured   Z reference   deviation");
  const cases: [2 | 3, number, number, number, string][] = [
    [2, 0.30, 2.0633, 4096, "Clisby-McCoy"],
    [2, 0.45, 3.3805, 4096, "Clisby-McCoy"],
    [3, 0.25, 3.0803, 4000, "Kolafa-Labik-Malijevsky"],
    [3, 0.35, 5.2214, 4000, "Kolafa-Labik-Malijevsky"],
  ];
  for (const [d, phi, zRef, n, source] of cases) {
    const sim = new HardSpheres(latticeStart({ dimensions: d, count: n, packingFraction: phi, seed: 7 }));
    sim.advanceCollisions(50 * n);
    sim.resetMeasurements();
    const count = QUICK ? 320_000 : 1_000_000;
    sim.advanceCollisions(count);
    const z = sim.pressure();
    const dev = 100 * (z / zRef - 1);
    console.log(`  ${d === 2 ? "disks  " : "spheres"} φ = ${phi.toFixed(2)} ${source.padEnd(24)} ${String(n).padStart(5)} ${String(count).padStart(11)}   ${z.toFixed(4).padStart(10)}   ${zRef.toFixed(4).padStart(11)}   ${(dev >= 0 ? "+" : "") + dev.toFixed(2)}%${Math.abs(dev) <= 0.5 ? "" : "  (outside 0.5%)"}`);
  }
}

function packs(): void {
  console.log("\nJammed packings of 1,000 bodies (Lubachevsky-Stillinger, target reduced pressure 1e6)");
  const cases: [2 | 3, number[], number, string][] = [
    [3, [1], 0.64, "monodisperse spheres"],
    [2, [1, 1.4], 0.84, "50:50 disks, radii 1 : 1.4"],
  ];
  for (const [d, radii, expect, name] of cases) {
    for (const seed of QUICK ? [1] : [1, 2, 3]) {
      const t0 = performance.now();
      const res: PackResult = packJammed({ dimensions: d, count: 1000, radii, seed });
      const sec = (performance.now() - t0) / 1000;
      console.log(`  ${name.padEnd(28)} seed ${seed}: φ = ${res.packingFraction.toFixed(4)} (expected ≈ ${expect}, ${res.packingFraction - expect >= 0 ? "+" : ""}${(res.packingFraction - expect).toFixed(4)}), Z = ${res.pressure.toExponential(2)}, ${res.collisions} collisions, ${sec.toFixed(1)} s, largest overlap ${res.maxOverlap.toExponential(1)} of a radius`);
    }
  }
}

function skins(): void {
  console.log("\nNeighbour-list skin: the automatic choice (2 √(λ/σ) within [0.5, 3]) against the fixed 0.5, 4,096 bodies, rounds taking turns");
  console.log("  fluid                 skin   collisions/s   shell exits/collision   pair tests/prediction   automatic / 0.5 (median of rounds)");
  const segment = QUICK ? 100_000 : 400_000, rounds = QUICK ? 5 : 9;
  for (const [d, phi] of [[2, 0.3], [3, 0.25], [3, 0.1]] as const) {
    const start = latticeStart({ dimensions: d, count: 4096, packingFraction: phi, seed: 1 });
    const sims = [new HardSpheres(start), new HardSpheres({ ...start, skin: 0.5 })];
    for (const sim of sims) sim.advanceCollisions(20 * 4096);
    const rates: number[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const c0 = process.cpuUsage();
        sims[k].advanceCollisions(segment);
        const cpu = process.cpuUsage(c0);
        rates[k].push(segment / ((cpu.user + cpu.system) / 1e6));
      }
    }
    const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1];
    const ratio = median(rates[0].map((x, i) => x / rates[1][i]));
    sims.forEach((sim, k) => {
      const st = sim.stats;
      const label = k === 0 ? `${d === 2 ? "disks  " : "spheres"} φ = ${phi.toFixed(2)}` : "";
      console.log(`  ${label.padEnd(20)} ${sim.skin.toFixed(2).padStart(5)}   ${(median(rates[k]) / 1e6).toFixed(3).padStart(10)}M   ${(st.shellExits / st.collisions).toFixed(2).padStart(21)}   ${(st.pairTests / st.predictions).toFixed(1).padStart(21)}   ${k === 0 ? `${ratio.toFixed(2)}x` : ""}`);
    });
  }
}

if (ONLY === "peer") { const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32000, packingFraction: 0.45, seed: 1 })); sim.advanceCollisions(640_000); const c0 = process.cpuUsage(); const t0 = performance.now(); sim.advanceCollisions(1_000_000); const cpu = process.cpuUsage(c0); worldPeer(1e6 / ((performance.now() - t0) / 1000), 1e6 / ((cpu.user + cpu.system) / 1e6)); }
if (ONLY === undefined || ONLY === "speed") speed();
if (ONLY === undefined || ONLY === "eos") eos();
if (ONLY === undefined || ONLY === "pack") packs();
if (ONLY === undefined || ONLY === "skin") skins();
