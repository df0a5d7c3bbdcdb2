// Opt-in soak of the event-driven world: the 2,000-disk gas example run for many collisions,
// checking energy drift and overlaps along the way. Usage (after npm run build):
//   node scripts/world-soak.mjs [collisions = 1e8] [checkEvery = 1e7]
// Exits 1 when the energy drifts by more than 1e-10 or two disks overlap.
import { EXAMPLE_SCENES, worldFromScene } from "../dist/index.js";

const target = Number(process.argv[2] ?? 1e8);
const checkEvery = Number(process.argv[3] ?? 1e7);
if (!(target > 0) || !(checkEvery > 0)) {
  console.error("usage: node scripts/world-soak.mjs [collisions > 0] [checkEvery > 0]");
  process.exit(2);
}
const world = worldFromScene(EXAMPLE_SCENES.gas());
const e0 = world.kineticEnergy();
let collisions = 0, nextCheck = checkEvery, worst = 0;
const started = performance.now();

function overlaps() {
  // Sort-and-sweep along x over the current positions: count pairs closer than r_i + r_j.
  const n = world.bodyCount, order = Array.from({ length: n }, (_, i) => i).sort((a, b) => world.x[a] - world.x[b]);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    for (let m = k + 1; m < n; m++) {
      const j = order[m];
      if (world.x[j] - world.x[i] >= 1) break; // radius 0.5: no overlap beyond one diameter
      const dx = world.x[j] - world.x[i], dy = world.y[j] - world.y[i];
      if (dx * dx + dy * dy < 1) count++;
    }
  }
  return count;
}

while (collisions < target) {
  const r = world.advance(1);
  collisions += r.collisions;
  if (collisions >= nextCheck || collisions >= target) {
    nextCheck += checkEvery;
    const drift = Math.abs(world.kineticEnergy() / e0 - 1);
    worst = Math.max(worst, drift);
    const bad = overlaps();
    const seconds = (performance.now() - started) / 1000;
    console.log(`${collisions.toExponential(3)} collisions, t = ${world.now.toFixed(1)}: energy drift ${drift.toExponential(2)}, overlapping pairs ${bad}, ${(collisions / seconds / 1e6).toFixed(2)}M collisions/s`);
    if (bad > 0 || drift > 1e-10) {
      console.error("soak failed");
      process.exit(1);
    }
  }
}
console.log(`done: ${collisions} collisions, worst energy drift ${worst.toExponential(2)} (limit 1e-10), no overlap`);
