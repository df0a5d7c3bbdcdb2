/**
 * Observables of the science engine: pressure against the hard-disk and hard-sphere equations
 * of state (short runs, wide tolerance; the 0.5% check on > 300,000 collisions is in
 * bench/science.bench.ts), g(r) sanity and its contact value against the virial pressure,
 * ballistic mean squared displacement, collision rate, and the deterministic logarithm and
 * Gaussian deviates.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HardSpheres, latticeStart, meanSquaredDisplacement, naturalLog, radialDistribution, ScienceRandom } from "../src/exports/science.js";

test("2D, φ = 0.30: the collision-virial pressure is within 2% of Clisby–McCoy's Z = 2.0633", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 1024, packingFraction: 0.3, seed: 1 }));
  sim.advanceCollisions(20_000);
  sim.resetMeasurements();
  sim.advanceCollisions(80_000);
  const z = sim.pressure();
  assert.ok(Math.abs(z / 2.0633 - 1) < 0.02, `Z = ${z}`);
});

test("3D, φ = 0.35: the collision-virial pressure is within 2% of Kolafa–Labík–Malijevský's Z = 5.2214", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 864, packingFraction: 0.35, seed: 2 }));
  sim.advanceCollisions(20_000);
  sim.resetMeasurements();
  sim.advanceCollisions(80_000);
  const z = sim.pressure();
  assert.ok(Math.abs(z / 5.2214 - 1) < 0.02, `Z = ${z}`);
});

test("g(r) is 0 inside the contact distance, tends to 1 at large r, and its contact value gives the virial pressure (Z = 1 + 2^(d−1) φ g(σ+))", () => {
  const phi = 0.3;
  const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 1600, packingFraction: phi, seed: 8 }));
  sim.advanceCollisions(30_000);
  sim.resetMeasurements();
  const bins = 200, rMax = 5;
  const acc = new Float64Array(bins);
  let r: Float64Array = new Float64Array(bins);
  for (let k = 0; k < 20; k++) {
    sim.advanceCollisions(4_000);
    const rdf = radialDistribution(sim, bins, rMax);
    r = rdf.r;
    for (let b = 0; b < bins; b++) acc[b] += rdf.g[b] / 20;
  }
  for (let b = 0; b < bins; b++) if (r[b] < 0.97) assert.equal(acc[b], 0, `g(${r[b]}) = ${acc[b]}`); // bins wholly inside contact (the last one holds touching pairs)
  let tail = 0, m = 0;
  for (let b = 0; b < bins; b++) if (r[b] > 3.5) { tail += acc[b]; m++; }
  assert.ok(Math.abs(tail / m - 1) < 0.02, `g at large r ${tail / m}`);
  // contact value: extrapolate the first bins above σ = 1 linearly to r = 1
  const b0 = Math.ceil(1 / (rMax / bins));
  const g1 = acc[b0], g2 = acc[b0 + 1];
  const contact = g1 - ((g2 - g1) * (r[b0] - 1)) / (r[b0 + 1] - r[b0]);
  const zStructure = 1 + 2 * phi * contact;
  assert.ok(Math.abs(zStructure / sim.pressure() - 1) < 0.04, `structure ${zStructure}, virial ${sim.pressure()}`);
});

test("the mean squared displacement is ballistic at short times: ⟨v²⟩ t² before the first collisions", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 500, packingFraction: 0.2, seed: 6 }));
  sim.advanceCollisions(5_000);
  const ref = sim.unwrappedPositionsInto(new Float64Array(1500));
  const v2 = (2 * sim.kineticEnergy()) / sim.count; // unit masses
  const t = 1e-5;
  assert.equal(sim.advance(t), 0);
  const msd = meanSquaredDisplacement(sim, ref);
  assert.ok(Math.abs(msd / (v2 * t * t) - 1) < 1e-8, `${msd} vs ${v2 * t * t}`);
  // and diffusive later: it grows far slower than t² once bodies collide
  sim.advance(20);
  const late = meanSquaredDisplacement(sim, ref);
  assert.ok(late < 0.2 * v2 * 20 * 20, `${late}`);
  assert.ok(late > 1, `${late}`);
});

test("the collision rate per body matches the count over the window", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 400, packingFraction: 0.4, seed: 2 }));
  sim.advanceCollisions(4_000);
  sim.resetMeasurements();
  const c = sim.advance(3);
  assert.ok(Math.abs(sim.collisionRate() - (2 * c) / (400 * 3)) < 1e-12);
});

test("naturalLog is within 2 ulps of Math.log on 100,000 inputs from 1e-300 to 1e300, exact at 1", () => {
  const rng = new ScienceRandom(1);
  assert.equal(naturalLog(1), 0);
  assert.equal(naturalLog(0), -Infinity);
  assert.ok(Number.isNaN(naturalLog(-1)));
  for (let k = 0; k < 100_000; k++) {
    const x = k % 2 === 0 ? rng.uniform() : 10 ** (600 * rng.uniform() - 300);
    if (x === 0) continue;
    const a = naturalLog(x), b = Math.log(x);
    const ulp = 2 ** (Math.floor(Math.log2(Math.abs(b) || 1)) - 52);
    assert.ok(Math.abs(a - b) <= 2 * ulp + 1e-300, `ln ${x}: ${a} vs ${b}`);
  }
});

test("Gaussian deviates have mean 0 and variance 1; exponential ones have the asked mean", () => {
  const rng = new ScienceRandom(42);
  let s = 0, s2 = 0, e = 0;
  const n = 200_000;
  for (let k = 0; k < n; k++) {
    const x = rng.normal();
    s += x;
    s2 += x * x;
    e += rng.exponential(4);
  }
  assert.ok(Math.abs(s / n) < 0.01);
  assert.ok(Math.abs(s2 / n - 1) < 0.01);
  assert.ok(Math.abs(e / n - 0.25) < 0.003);
});
