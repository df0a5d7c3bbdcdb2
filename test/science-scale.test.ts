/**
 * The science engine's scale: the same fluid in units 1e30 apart measures the same pressure,
 * and numbers outside the range it handles are a RangeError naming the field (before this check,
 * spheres of radius 1e-100 passed through each other unseen, Z = 1.006 instead of 3.94, and
 * spheres of radius 1e100 made millions of shell exits per collision).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HardSpheres, latticeStart, packJammed, radialDistribution } from "../src/exports/science.js";

function pressureAt(radius: number): { Z: number; T: number } {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 256, packingFraction: 0.3, seed: 1, radius }));
  sim.advanceCollisions(20_000);
  return { Z: sim.pressure(), T: sim.temperature() };
}

test("a hard-sphere fluid at radius 1e-30, 0.5 and 1e30 has the same reduced pressure", () => {
  const ref = pressureAt(0.5);
  // Carnahan–Starling at packing fraction 0.3: Z = 3.97; short runs from the same lattice
  assert.ok(Math.abs(ref.Z - 3.97) < 0.15, String(ref.Z));
  for (const r of [1e-30, 1e30]) {
    const { Z, T } = pressureAt(r);
    assert.ok(Math.abs(Z - ref.Z) < 0.1, `radius ${r}: Z = ${Z}, at 0.5: ${ref.Z}`);
    assert.ok(Math.abs(T - 1) < 1e-13, `radius ${r}: T = ${T}`);
  }
});

test("lengths, speeds, masses and temperatures outside [1e-30, 1e30] are a RangeError naming the field", () => {
  const base = { dimensions: 3 as const, box: [10, 10, 10], positions: [1, 1, 1, 5, 5, 5], radii: 0.5 };
  const cases: [object, RegExp][] = [
    [{ ...base, radii: 1e-31 }, /radii\[0\] must be between 1e-30 and 1e\+30.*got 1e-31/],
    [{ ...base, radii: [0.5, 1e300] }, /radii\[1\] must be between/],
    [{ ...base, box: [10, 1e37, 10] }, /box\[1\] must be between 1e-30 and 1e\+36/],
    [{ ...base, masses: 1e-200 }, /masses\[0\] must be between/],
    [{ ...base, velocities: [0, 0, 0, 1, 1e-300, 0] }, /\|velocities\[4\]\| must be between/],
    [{ ...base, velocities: [0, 1e31, 0, 0, 0, 0] }, /\|velocities\[1\]\| must be between/],
    [{ ...base, thermostat: { temperature: 1e40, rate: 1, seed: 1 } }, /thermostat\.temperature must be between/],
  ];
  for (const [options, message] of cases) assert.throws(() => new HardSpheres(options as never), message);
  assert.throws(() => latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1, radius: 1e-100 }), /radius must be between/);
  assert.throws(() => latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1, temperature: 1e-300 }), /temperature must be between/);
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1 }));
  assert.throws(() => sim.rescaleVelocities(1e-40), /kT must be between 1e-30 and 1e\+30/);
  // zero velocity components are fine (bodies at rest)
  assert.doesNotThrow(() => new HardSpheres({ ...base, velocities: [0, 0, 0, 1, 0, 0] }));
});

test("a packing of more bodies than the engine holds is a RangeError before anything is allocated", () => {
  assert.throws(() => packJammed({ dimensions: 3, count: 1e9, radii: [0.5], seed: 1 }), /count must be an integer from 2 to 4194304, got 1000000000/);
  assert.throws(() => packJammed({ dimensions: 2, count: 100, radii: [1e-40], seed: 1 }), /radii\[0\] must be between 1e-30/);
});

test("g(r) with more bins than it can hold is a RangeError naming bins", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1 }));
  assert.throws(() => radialDistribution(sim, 1e12, 1), /bins must be an integer from 1 to 1e7, got 1000000000000/);
  assert.equal(radialDistribution(sim, 10, 1).g.length, 10);
});

test("a run that could never reach its end is a RangeError with the figure: advance(1e308), growth past jamming", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1 }));
  assert.throws(() => sim.advance(1e308), /at t = \S+ the clock moves \S+ per 1048576 events: reaching t = 1e\+308 would take about 1e3\d\d events; advance in shorter steps/);
  const grow = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1 }));
  grow.growthRate = 1;
  // the lattice grows into a close-packed crystal (packing fraction π/√18 = 0.7405): collisions
  // pile up towards the instant it jams
  assert.throws(() => grow.advance(10), (e: Error) => {
    const m = /^jammed: at t = \S+ .* \(growing bodies fill the box, packing fraction (0\.\d+); stop the growth/.exec(e.message);
    return m !== null && Math.abs(Number(m[1]) - Math.PI / Math.sqrt(18)) < 0.002;
  });
  // a run to a collision count stays bounded by it
  grow.growthRate = 0;
  grow.advanceCollisions(1000);
});

test("a run to a collision count that cannot come is a RangeError: bodies that never meet, an infinite count", () => {
  // two discs in parallel lanes at the same speed: shell exits for ever, never a collision (told
  // at the first pace check); in lanes at different speeds, the same after 2^22 events
  const lanes = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [1, 1, 5, 5], velocities: [1, 0, 1, 0], radii: [0.5, 0.5] });
  assert.throws(() => lanes.advanceCollisions(1), /^RangeError: no collision can happen: every body moves with the same velocity and no thermostat or growth is set, so 1 more collision will never come/);
  assert.ok(lanes.stats.shellExits <= 1 << 20);
  const different = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [1, 1, 5, 5], velocities: [1, 0, 2, 0], radii: [0.5, 0.5] });
  assert.throws(() => different.advanceCollisions(1), /^RangeError: no collision in 4194304 events \(t = \S+\): the bodies may never meet; run to a time with advance\(duration\) instead$/);
  assert.equal(different.stats.collisions, 0);
  // the same discs heading for each other collide, and the run stops there
  const meet = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [1, 1, 5, 1], velocities: [1, 0, -1, 0], radii: [0.5, 0.5] });
  meet.advanceCollisions(1);
  assert.equal(meet.time, 1.5);
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: 0.3, seed: 1 }));
  for (const bad of [Infinity, -1, NaN, 2.5, 1e12 + 1, 1e308]) {
    assert.throws(() => sim.advanceCollisions(bad), /^RangeError: collisions must be an integer from 0 to 1e12 \(run a longer one in segments\), got /);
  }
  assert.equal(sim.stats.collisions, 0);
});
