/**
 * Sheared fluids (HardSpheres with Lees–Edwards boundaries): an exact collision time across the
 * moving images, the energy the shear puts in equal to the work of the measured stress (an exact
 * identity of the bookkeeping), momentum relative to the flow conserved, no overlap with the
 * shifted images, and the dilute viscosity against Chapman–Enskog's η0 = 1.016 (5/16σ²)
 * √(m kT/π) (a short run here with a 10% tolerance, about 3 standard errors; the 3% check on a
 * long run is in `npm run bench -- science`).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Averages, HardSpheres, latticeStart, type HardSpheresOptions } from "../src/exports/science.js";

test("two disks meet across the moving y face at the exact time and bounce off the shifted image", () => {
  // box 10 × 10, γ̇ = 0.4: the image above moves at γ̇ Ly = 4 along x, shifted by δ(t) = 4t.
  // A at (2, 9.5) moving up, B at rest at (9, 0.5); B's image above is at (9 − 10 + 4t, 10.5), so
  // Δ = (4t − 3, 1 − t) and |Δ| = 1 at 17t² − 26t + 9 = 0, t = 9/17.
  const sim = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [2, 9.5, 9, 0.5], velocities: [0, 1, 0, 0], radii: 0.5, shearRate: 0.4, skin: 0.5 });
  const hits: number[] = [];
  sim.onCollision = (_i, _j, t, impulse) => hits.push(t, impulse);
  sim.advance(0.6);
  assert.equal(hits.length, 2);
  assert.ok(Math.abs(hits[0] - 9 / 17) < 1e-14, `t = ${hits[0]}`);
  // normal n = (−15, 8)/17, relative normal velocity −4: impulse 2 μ 4 = 4
  assert.ok(Math.abs(hits[1] - 4) < 1e-13, `J = ${hits[1]}`);
  // A: (0, 1) − 4 n, back inside the box's top; B, in the box's bottom: (0, 0) + 4 n
  const v = sim.velocitiesInto(new Float64Array(4)), p = sim.positionsInto(new Float64Array(4));
  assert.ok(p[1] > 9 && p[3] < 1, `A at y = ${p[1]}, B at y = ${p[3]}`);
  const expect = [60 / 17, 1 - 32 / 17, -60 / 17, 32 / 17];
  v.forEach((c, k) => assert.ok(Math.abs(c - expect[k]) < 1e-13, `velocity ${k}: ${c} vs ${expect[k]}`));
});

/** A sheared fluid: Maxwell–Boltzmann velocities of zero momentum (with the masses given) plus the flow v_x = γ̇ (y − Ly/2). */
function sheared(d: 2 | 3, count: number, phi: number, rate: number, seed: number, extra: Partial<HardSpheresOptions> = {}): HardSpheresOptions {
  const o = latticeStart({ dimensions: d, count, packingFraction: phi, seed });
  const v = o.velocities as Float64Array, p = o.positions as Float64Array, Ly = o.box[1];
  const m = (i: number): number => (Array.isArray(extra.masses) ? (extra.masses as number[])[i] : 1);
  let total = 0;
  const mean = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    total += m(i);
    for (let a = 0; a < d; a++) mean[a] += m(i) * v[d * i + a];
  }
  for (let i = 0; i < count; i++) for (let a = 0; a < d; a++) v[d * i + a] -= mean[a] / total;
  for (let i = 0; i < count; i++) v[d * i] += rate * (p[d * i + 1] - Ly / 2);
  return { ...o, shearRate: rate, ...extra };
}

for (const d of [2, 3] as const) {
  test(`${d}D: the heat the shear puts in equals −γ̇ V ∫P_xy dt from the measured stress, momentum relative to the flow is conserved, and no body overlaps an image`, () => {
    const rate = 0.8;
    const sim = new HardSpheres(sheared(d, d === 2 ? 400 : 500, 0.3, rate, 3, { masses: Array.from({ length: d === 2 ? 400 : 500 }, (_, i) => 1 + (i % 2)) }));
    const n = sim.count, L = sim.box;
    const peculiar = (): { e: number; p: number[] } => {
      const pos = sim.positionsInto(new Float64Array(d * n)), v = sim.velocitiesInto(new Float64Array(d * n));
      let e = 0;
      const p = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        const c = [v[d * i] - rate * (pos[d * i + 1] - L[1] / 2), v[d * i + 1], d === 3 ? v[d * i + 2] : 0];
        for (let a = 0; a < 3; a++) {
          e += 0.5 * sim.mass[i] * c[a] * c[a];
          p[a] += sim.mass[i] * c[a];
        }
      }
      return { e, p };
    };
    const a = peculiar(), s0 = sim.sums();
    sim.advance(8);
    const b = peculiar(), s1 = sim.sums();
    assert.ok(sim.stats.collisions > 5_000, `${sim.stats.collisions} collisions`);
    const work = -rate * (s1.kineticXY - s0.kineticXY + (s1.virialXY - s0.virialXY));
    assert.ok(work > 0.5 * a.e, `the shear heats the fluid: ${work}`);
    assert.ok(Math.abs(b.e - a.e - work) < 1e-9 * b.e, `ΔE = ${b.e - a.e}, work ${work}`);
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(b.p[k] - a.p[k]) < 1e-10 * n, `momentum ${k}: ${a.p[k]} → ${b.p[k]}`);
    // every pair apart by at least σ, the images across the y faces shifted by δ
    const pos = sim.positionsInto(new Float64Array(d * n)), delta = sim.imageOffset;
    let closest = Infinity;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let dy = pos[d * j + 1] - pos[d * i + 1];
        const sy = dy > L[1] / 2 ? -1 : dy < -L[1] / 2 ? 1 : 0;
        dy += sy * L[1];
        let dx = pos[d * j] - pos[d * i] + sy * delta;
        dx -= L[0] * Math.floor(dx / L[0] + 0.5);
        const dz = d === 3 ? pos[d * j + 2] - pos[d * i + 2] - L[2] * Math.round((pos[d * j + 2] - pos[d * i + 2]) / L[2]) : 0;
        closest = Math.min(closest, Math.sqrt(dx * dx + dy * dy + dz * dz));
      }
    }
    assert.ok(closest > 1 - 1e-9, `closest pair ${closest}`);
  });
}

test("dilute spheres (φ = 0.01, γ̇ = 0.02, rescaled to kT = 1): the viscosity from the stress is Chapman–Enskog's η0 within 10%", () => {
  const rate = 0.02;
  const sim = new HardSpheres(sheared(3, 1000, 0.01, rate, 1, { thermostat: { temperature: 1, interval: 5 } }));
  sim.advance(100);
  const avg = new Averages(sim, { msdLags: 0 });
  for (let k = 0; k < 80; k++) {
    sim.advance(5);
    avg.sample();
  }
  const eta = avg.viscosity(), kT = avg.temperature().mean;
  const eta0 = 1.016 * (5 / 16) * Math.sqrt(kT / Math.PI);
  assert.ok(Math.abs(kT - 1) < 0.01, `kT = ${kT}`);
  assert.ok(Math.abs(eta.mean / eta0 - 1) < 0.1, `η = ${eta.mean} ± ${eta.error}, η0 = ${eta0}`);
  assert.ok(eta.error > 0 && eta.error < 0.05 * eta0, `error ${eta.error}`);
  // the same mean as the engine's own window
  assert.ok(Math.abs(eta.mean - sim.shearStress().viscosity) < 1e-9 * eta0 || sim.measuredTime !== 400);
});

test("shear options are checked: a finite rate, no growth with it, and a box wide enough along x for the moving images", () => {
  const o = latticeStart({ dimensions: 2, count: 64, packingFraction: 0.3, seed: 1 });
  assert.throws(() => new HardSpheres({ ...o, shearRate: Infinity }), /shearRate must be a finite number/);
  assert.throws(() => new HardSpheres({ ...o, shearRate: 1, growthRate: 0.1 }), /growthRate .* cannot be combined with shearRate/);
  assert.throws(() => new HardSpheres({ dimensions: 2, box: [4.2, 40], positions: [1, 1, 3, 20], radii: 0.5, shearRate: 1 }), /too narrow along x for shear/);
  const sim = new HardSpheres({ ...o, shearRate: 0.5 });
  assert.throws(() => sim.pressure(), /sheared engine/);
  assert.throws(() => new HardSpheres(o).shearStress(), /not sheared/);
});
