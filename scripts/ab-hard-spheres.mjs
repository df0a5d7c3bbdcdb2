// An A/B test of two builds of HardSpheres in one process: each build runs the same fluid (3D,
// packing fraction 0.45, FCC start, 20 collisions per body of warm-up), then the two take turns
// running `segment` collisions (the order swapped every round), each segment timed by CPU time.
// On a shared machine whose speed drifts by ±30% between processes, the ratio of two segments
// run a second apart drifts far less: the median of those per-round ratios is the figure to
// read. It also checks that both builds reach the same positions and velocities (same bits).
//
// Run a build against itself first: the ratio it prints is the noise floor (on a shared machine
// 0.97 at N = 4,000 but 1.11 at 32,000, whose rounds spread from 0.81 to 1.29).
// Both simulations stay alive in one process, so their memory adds up: at N = 32,000 the two
// buffers (16 MB each) exceed the L3 cache, and the ratios describe a run limited by main memory
// (as one simulation of 256,000 is), not the single simulation of `npm run bench -- peer-edmd`.
// Usage: build each variant (npm run build) and copy dist/ away, then
//   node scripts/ab-hard-spheres.mjs <distA> <distB> [N=32000] [segment=200000] [rounds=12]
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dirA, dirB] = process.argv.slice(2, 4);
if (dirA === undefined || dirB === undefined) {
  console.error("usage: node scripts/ab-hard-spheres.mjs <distA> <distB> [N=32000] [segment=200000] [rounds=12]");
  process.exit(2);
}
const [n = 32000, segment = 200000, rounds = 12] = process.argv.slice(4).map(Number);
const builds = { A: dirA, B: dirB };
const sims = {};
for (const [name, dir] of Object.entries(builds)) {
  // (the entry moved to dist/exports/ with the export map's folder; older builds have it at the top)
  const entry = existsSync(resolve(dir, "exports", "science.js")) ? resolve(dir, "exports", "science.js") : resolve(dir, "science.js");
  const { HardSpheres, latticeStart } = await import(pathToFileURL(entry).href);
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: n, packingFraction: 0.45, seed: 1 }));
  sim.advanceCollisions(Math.max(20 * n, 200000));
  sims[name] = sim;
}
const rate = { A: [], B: [] };
for (let r = 0; r < rounds; r++) {
  for (const name of r % 2 === 0 ? ["A", "B"] : ["B", "A"]) {
    const c0 = process.cpuUsage();
    sims[name].advanceCollisions(segment);
    const c = process.cpuUsage(c0);
    rate[name].push(segment / ((c.user + c.system) / 1e6));
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const ratios = rate.A.map((a, i) => rate.B[i] / a);
const same = ["A", "B"].map((name) => {
  const out = new Float64Array(6 * n);
  sims[name].positionsInto(out.subarray(0, 3 * n));
  sims[name].velocitiesInto(out.subarray(3 * n));
  return out;
});
const identical = same[0].every((x, i) => Object.is(x, same[1][i]));
console.log(`N = ${n}, ${rounds} rounds of ${segment} collisions each`);
console.log(`A ${dirA}: ${(median(rate.A) / 1e6).toFixed(3)}M collisions/s (median)`);
console.log(`B ${dirB}: ${(median(rate.B) / 1e6).toFixed(3)}M collisions/s (median)`);
console.log(`B / A per round: median ${median(ratios).toFixed(3)}  [${ratios.map((x) => x.toFixed(2)).join(" ")}]`);
console.log(`same positions and velocities at the end: ${identical ? "yes" : "NO"}`);
