/**
 * Granular gases (HardSpheres with restitution < 1): the homogeneous cooling state follows Haff's
 * law T(t) = T0 / (1 + t/t0)², t0 = 2d / ((1 − e²) ω0), with ω0 the collision rate measured at
 * T0; the energy lost is what the collisions took; McNamara–Falcon's speed-dependent restitution;
 * and the TC model's guard against inelastic collapse. (A longer Haff run, to 0.5%, is in
 * `npm run bench -- science`.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HardSpheres, latticeStart } from "../src/exports/science.js";

/** A melted elastic fluid at kT = 1, its equilibrium collision rate, and a granular engine from its state. */
function cooling(d: 2 | 3, n: number, phi: number, seed: number, granular: { restitution: number; restitutionSpeed?: number }): { sim: HardSpheres; omega0: number; T0: number } {
  const melt = new HardSpheres(latticeStart({ dimensions: d, count: n, packingFraction: phi, seed }));
  melt.advanceCollisions(20 * n);
  melt.resetMeasurements();
  melt.advanceCollisions(40 * n);
  const T0 = melt.temperature();
  const omega0 = melt.collisionRate();
  const sim = new HardSpheres({
    dimensions: d,
    box: Array.from(melt.box.subarray(0, d)),
    positions: melt.positionsInto(new Float64Array(d * n)),
    velocities: melt.velocitiesInto(new Float64Array(d * n)),
    radii: 0.5,
    ...granular,
  });
  return { sim, omega0, T0 };
}

// (2D at e = 0.98: a box wider than about 2π λ / √(1 − e²), λ the mean free path, lets the
// cooling gas form vortices, whose flow then counts as heat; at e = 0.98 the 2D box is below that)
for (const [d, e] of [[2, 0.98], [3, 0.95]] as const) {
  test(`${d}D, e = ${e}, φ = 0.05: the temperature follows Haff's law within 2% to t = 3 t0 (T down to T0/16), t0 from the measured collision rate`, () => {
    const { sim, omega0, T0 } = cooling(d, d === 3 ? 1000 : 1600, 0.05, 4, { restitution: e });
    const t0 = (2 * d) / ((1 - e * e) * omega0);
    const E0 = sim.kineticEnergy();
    for (const f of [0.5, 1, 2, 3]) {
      sim.advanceTo(f * t0);
      const haff = T0 / (1 + f) ** 2;
      const T = sim.temperature();
      assert.ok(Math.abs(T / haff - 1) < 0.02, `t = ${f} t0: T = ${T}, Haff ${haff} (${(100 * (T / haff - 1)).toFixed(2)}%)`);
    }
    // the energy lost is what the collisions took (to rounding), and momentum stays zero
    const lost = sim.sums().dissipated;
    assert.ok(Math.abs(sim.kineticEnergy() + lost - E0) < 1e-9 * E0, `E = ${sim.kineticEnergy()}, lost ${lost}, E0 ${E0}`);
    const p = sim.momentumInto(new Float64Array(d));
    for (const c of p) assert.ok(Math.abs(c) < 1e-9, `momentum ${Array.from(p)}`);
  });
}

test("one head-on collision leaves the relative speed e u: e = r at any speed, or McNamara–Falcon's 1 − (1 − r)(u/u0)^(3/4) below u0", () => {
  const after = (u: number, extra: { restitution: number; restitutionSpeed?: number }): number => {
    const sim = new HardSpheres({ dimensions: 2, box: [40, 40], positions: [10, 20, 20, 20], velocities: [u / 2, 0, -u / 2, 0], radii: 1, ...extra });
    sim.advance(20 / u);
    const v = sim.velocitiesInto(new Float64Array(4));
    return (v[2] - v[0]) / u;
  };
  for (const u of [0.1, 2, 9]) assert.ok(Math.abs(after(u, { restitution: 0.6 }) - 0.6) < 1e-12, `u = ${u}`);
  const law = (u: number): number => (u < 4 ? 1 - 0.4 * (u / 4) ** 0.75 : 0.6);
  for (const u of [0.01, 0.5, 2, 3.9, 4, 9]) {
    const e = after(u, { restitution: 0.6, restitutionSpeed: 4 });
    assert.ok(Math.abs(e - law(u)) < 1e-12, `u = ${u}: e = ${e}, law ${law(u)}`);
  }
});

test("the TC model: a collision of a body that collided less than collapseTime ago is elastic (three disks in a row, e = 0.05, the McNamara–Young collapse)", () => {
  // a disk running into two at rest on one line: with e < 7 − 4√3 the collision times pile up
  // towards t* = 1.75 (infinitely many in exact arithmetic)
  const base = { dimensions: 2 as const, box: [40, 40], positions: [5, 20, 7.5, 20, 10, 20], velocities: [1, 0, 0, 0, 0, 0], radii: 1, restitution: 0.05 };
  const run = (collapseTime: number | undefined): { times: number[]; lost: number[]; sim: HardSpheres } => {
    const sim = new HardSpheres(collapseTime === undefined ? base : { ...base, collapseTime });
    const times: number[] = [], lost: number[] = [];
    let before = 0;
    sim.onCollision = (_i, _j, t) => {
      const now = sim.sums().dissipated;
      times.push(t);
      lost.push(now - before);
      before = now;
    };
    sim.advance(5);
    return { times, lost, sim };
  };
  const guarded = run(0.1);
  // the fourth collision (bodies 1 and 2 at t = 1.7235) comes 0.06 after body 1's third: elastic
  assert.ok(Math.abs(guarded.times[3] - 1.7235214) < 1e-6, `${guarded.times}`);
  assert.deepEqual(guarded.lost.slice(0, 4).map((x) => x > 0), [true, true, true, false]);
  // without a guard the pile-up runs until the relative speeds underflow; the default guard stops it sooner
  const bare = run(0), dflt = run(undefined);
  assert.ok(bare.times.length > 30 && dflt.times.length < bare.times.length, `${bare.times.length} collisions bare, ${dflt.times.length} with the default guard`);
  for (const { sim } of [guarded, bare, dflt]) {
    const p = sim.momentumInto([0, 0]);
    assert.ok(Math.abs(p[0] - 1) < 1e-12 && p[1] === 0, `momentum ${p}`);
  }
});

test("restitution options are checked: a number from 0 to 1; restitutionSpeed and collapseTime only with restitution < 1; no growth with it", () => {
  const o = latticeStart({ dimensions: 2, count: 16, packingFraction: 0.2, seed: 1 });
  assert.throws(() => new HardSpheres({ ...o, restitution: 1.5 }), /restitution must be a number from 0 to 1, got 1.5/);
  assert.throws(() => new HardSpheres({ ...o, restitution: NaN }), /restitution must be a number from 0 to 1/);
  assert.throws(() => new HardSpheres({ ...o, collapseTime: 1 }), /collapseTime applies to inelastic collisions/);
  assert.throws(() => new HardSpheres({ ...o, restitution: 0.9, restitutionSpeed: -1 }), /restitutionSpeed must be a finite number >= 0/);
  assert.throws(() => new HardSpheres({ ...o, restitution: 0.9, growthRate: 0.1 }), /growthRate .* cannot be combined with restitution < 1/);
  const sim = new HardSpheres({ ...o, restitution: 0.9 });
  assert.throws(() => (sim.growthRate = 0.1), /cannot be combined with restitution < 1/);
});
