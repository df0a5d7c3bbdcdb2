/**
 * The science engine where nothing can happen, as an attacker would try it: bodies at rest, one
 * body alone, every body at the same velocity, no time passed, a perfectly inelastic gas. Each is
 * a clear RangeError or a correct result, never NaN, a hang or a silent zero.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Averages, blockAverage, HardSpheres, latticeStart } from "../src/exports/science.js";

test("two bodies at rest: advanceCollisions(5) is a RangeError saying why at once, and pressure() never NaN", () => {
  const sim = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [2, 2, 6, 6], radii: 0.5 });
  assert.throws(() => sim.advanceCollisions(5), /^RangeError: no collision can happen: every body is at rest and no thermostat or growth is set, so 5 more collisions will never come \(t = 0\)/);
  assert.equal(sim.time, 0);
  assert.throws(() => sim.pressure(), /pressure\(\): no time has passed in the measurement window \(it began at t = 0\); advance first/);
  assert.throws(() => sim.collisionRate(), /collisionRate\(\): no time has passed/);
  assert.equal(sim.advance(3), 0, "a run to a time is fine");
  assert.throws(() => sim.pressure(), /every body was at rest through the window \(kT = 0\), so Z = PV\/\(N kT\) has no value/);
  assert.equal(sim.collisionRate(), 0, "no collision in 3 time units: rate 0");
  assert.equal(sim.temperature(), 0);
  // with growth, bodies at rest still meet: they grow into each other
  const grow = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [2, 2, 3.5, 2], radii: 0.5, growthRate: 0.5 });
  assert.equal(grow.advanceCollisions(1), 1);
});

test("one body alone never collides: advanceCollisions is a RangeError before any work; a run to a time measures Z = 1 exactly", () => {
  const sim = new HardSpheres({ dimensions: 3, box: [5, 5, 5], positions: [1, 1, 1], velocities: [1, 2, 3], radii: 0.5 });
  assert.throws(() => sim.advanceCollisions(1), /^RangeError: a single body never collides/);
  assert.equal(sim.stats.shellExits, 0);
  assert.equal(sim.advanceCollisions(0), 0);
  sim.advance(100);
  assert.equal(sim.pressure(), 1, "an ideal gas of one");
  assert.equal(sim.collisionRate(), 0);
  const u = sim.unwrappedPositionsInto(new Float64Array(3));
  assert.deepEqual(Array.from(u), [101, 201, 301]);
});

test("no time passed: pressure, collision rate, shear stress and Averages say so rather than dividing by zero", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 100, packingFraction: 0.3, seed: 1 }));
  sim.advance(1);
  sim.resetMeasurements();
  assert.throws(() => sim.pressure(), /no time has passed in the measurement window \(it began at t = 1\)/);
  assert.equal(sim.advance(0), 0);
  assert.throws(() => sim.collisionRate(), /no time has passed/);
  const avg = new Averages(sim);
  assert.throws(() => avg.sample(), /no time has passed since the last sample/);
  assert.throws(() => avg.pressure(), /no sample with kT > 0 yet|needs at least 2 samples/);
  sim.advance(0.1);
  avg.sample();
  assert.throws(() => avg.pressure(), /needs at least 2 samples for an error, got 1/);
  assert.throws(() => avg.diffusion(), /needs at least msdLags \+ 2 = 66 samples, got 1/);
  assert.throws(() => blockAverage([]), /at least 2 samples, got 0/);
  assert.throws(() => blockAverage([1, NaN, 2]), /series\[1\] must be a finite number, got NaN/);
});

test("a perfectly inelastic gas (e = 0) comes to rest in a finite run, with its energy accounted for", () => {
  const o = latticeStart({ dimensions: 2, count: 64, packingFraction: 0.4, seed: 3 });
  const sim = new HardSpheres({ ...o, restitution: 0 });
  const E0 = sim.kineticEnergy();
  sim.advance(50);
  assert.ok(sim.kineticEnergy() < 0.5 * E0, `E = ${sim.kineticEnergy()} of ${E0}`);
  assert.ok(Math.abs(sim.kineticEnergy() + sim.sums().dissipated - E0) < 1e-9 * E0);
  const p = sim.momentumInto([0, 0]);
  assert.ok(Math.abs(p[0]) < 1e-9 && Math.abs(p[1]) < 1e-9, `momentum ${p}`);
});
