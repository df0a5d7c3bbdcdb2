/**
 * Event-driven molecular dynamics, each case in a fresh process (see scripts/run-bench.mjs):
 *
 * 1. 3D: 32,000 hard spheres at packing fraction 0.45 from an FCC start in a hard-walled box:
 *    collisions per second, against the figure of a research-grade C code on this machine kind.
 * 2. 2D: one million disks at area fraction 0.5: load time and collisions per second.
 *
 * Run: npm run bench -- md   (BENCH_QUICK=1 for shorter runs)
 */
import { World2D, World3D } from "carom";
import { Random } from "../test/support/random.js";

const QUICK = process.env.BENCH_QUICK === "1";

function md3(): void {
  // FCC: 4 spheres per cubic cell of side a; packing fraction 4 (4/3) pi r^3 / a^3 = 0.45.
  const r = 0.5;
  const phi = 0.45;
  const n = 20; // 4 n^3 = 32,000
  const a = Math.cbrt((16 * Math.PI * r ** 3) / (3 * phi));
  // The lattice has planes every a/2; hard walls need r of room beyond the outer planes, so the
  // box is a little larger than n a (the overall packing fraction is printed).
  const pad = r * (1 + 1e-9);
  const L = (n - 0.5) * a + 2 * pad;
  const rnd = new Random(3);
  const w = new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L] }, recordEvents: false });
  const basis = [[0, 0, 0], [0.5, 0.5, 0], [0.5, 0, 0.5], [0, 0.5, 0.5]];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) {
    for (const [bx, by, bz] of basis) {
      w.addBody({ x: pad + (i + bx) * a, y: pad + (j + by) * a, z: pad + (k + bz) * a, vx: rnd.range(-1, 1), vy: rnd.range(-1, 1), vz: rnd.range(-1, 1), radius: r });
    }
  }
  const overall = (4 * n ** 3 * (4 / 3) * Math.PI * r ** 3) / L ** 3;
  const t0 = performance.now();
  w.advance(0);
  const load = performance.now() - t0;
  // equilibrate a little, then measure
  let warm = 0;
  while (warm < 200_000) warm += w.advance(0.05).collisions;
  const target = QUICK ? 300_000 : 2_000_000;
  let c = 0;
  const t1 = performance.now();
  while (c < target) c += w.advance(0.05).collisions;
  const sec = (performance.now() - t1) / 1000;
  const rate = c / sec;
  console.log(`\nevent-driven MD, 3D: 32,000 hard spheres, FCC start at packing fraction 0.45 (${overall.toFixed(3)} over the whole box with its hard walls)`);
  console.log(`  setup ${load.toFixed(0)} ms; ${c} collisions in ${sec.toFixed(2)} s = ${(rate / 1e6).toFixed(3)}M collisions/s`);
  console.log(`  reference: a research-grade C code, about 0.69M collisions/s on this machine kind -> carom at ${((100 * rate) / 0.69e6).toFixed(0)}%`);
}

function million2(): void {
  const n = QUICK ? 200_000 : 1_000_000;
  const r = 0.5;
  const L = Math.sqrt((n * Math.PI * r * r) / 0.5);
  const side = Math.ceil(Math.sqrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  const rnd = new Random(4);
  const t0 = performance.now();
  const w = new World2D({ bounds: { min: [0, 0], max: [L, L] }, recordEvents: false });
  for (let k = 0; k < n; k++) {
    w.addBody({
      x: ((k % side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99,
      y: (Math.floor(k / side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99,
      vx: rnd.range(-1, 1),
      vy: rnd.range(-1, 1),
      radius: r,
    });
  }
  w.advance(0);
  const load = performance.now() - t0;
  let c = 0;
  const t1 = performance.now();
  while (c < (QUICK ? 200_000 : 2_000_000)) c += w.advance(0.02).collisions;
  const sec = (performance.now() - t1) / 1000;
  const mem = process.memoryUsage();
  console.log(`\n${n.toLocaleString("en")} disks, area fraction 0.5: load and first schedule ${(load / 1000).toFixed(2)} s; ${c} collisions in ${sec.toFixed(2)} s = ${(c / sec / 1e6).toFixed(3)}M collisions/s; heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB + buffers ${(mem.arrayBuffers / 2 ** 20).toFixed(0)} MB`);
}

md3();
million2();
