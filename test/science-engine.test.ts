/**
 * The science engine (carom/science HardSpheres): conservation laws, no overlaps, an O(N²)
 * brute-force twin agreeing event for event, periodic wrapping and image counters, growth
 * times against the closed form, the Andersen thermostat, determinism and option checks.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HardSpheres, latticeStart, type HardSpheresOptions } from "../src/exports/science.js";
import { timeOfImpactCircles, timeOfImpactSpheres } from "../src/index.js";

/** Smallest minimum-image gap (distance − contact distance) over all pairs, relative to the contact distance. */
function smallestGap(sim: HardSpheres): number {
  const d = sim.dimensions, n = sim.count;
  const p = sim.positionsInto(new Float64Array(d * n));
  const r = sim.radiiInto(new Float64Array(n));
  let worst = Infinity;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    let dd = 0;
    for (let a = 0; a < d; a++) {
      let x = p[d * j + a] - p[d * i + a];
      x -= sim.box[a] * Math.round(x / sim.box[a]);
      dd += x * x;
    }
    worst = Math.min(worst, (Math.sqrt(dd) - r[i] - r[j]) / (r[i] + r[j]));
  }
  return worst;
}

function twoBodies(d: 2 | 3, box: number[], a: number[], va: number[], b: number[], vb: number[], radii: number[], extra: Partial<HardSpheresOptions> = {}): HardSpheres {
  return new HardSpheres({ dimensions: d, box, positions: [...a, ...b], velocities: [...va, ...vb], radii, ...extra });
}

for (const d of [2, 3] as const) {
  test(`${d}D: kinetic energy and momentum are conserved over 20,000 collisions, and no pair overlaps`, () => {
    const opts = latticeStart({ dimensions: d, count: d === 3 ? 500 : 400, packingFraction: d === 3 ? 0.4 : 0.6, seed: 11 });
    const masses = new Float64Array(opts.positions.length / d).map((_, i) => 1 + (i % 3) * 0.5);
    const sim = new HardSpheres({ ...opts, masses });
    const e0 = sim.kineticEnergy();
    const p0 = sim.momentumInto([0, 0, 0]);
    sim.advanceCollisions(20_000);
    assert.equal(sim.stats.collisions, 20_000);
    assert.ok(Math.abs(sim.kineticEnergy() / e0 - 1) < 1e-12, `energy drift ${sim.kineticEnergy() / e0 - 1}`);
    const p1 = sim.momentumInto([0, 0, 0]);
    for (let a = 0; a < d; a++) assert.ok(Math.abs(p1[a] - p0[a]) < 1e-11 * Math.sqrt(2 * e0 * sim.count), `momentum ${a}: ${p0[a]} -> ${p1[a]}`);
    assert.ok(smallestGap(sim) > -1e-12, `overlap ${smallestGap(sim)}`);
  });
}

/**
 * The brute-force twin: every pair and every periodic image (shifts of -1, 0, 1 box per axis)
 * at every step, both roots of the gap quadratic computed by the textbook formula, the first
 * one where the gap is closing taken; all bodies advanced together.
 */
function bruteForce(d: 2 | 3, L: number, pos: number[], vel: number[], rho: number[], masses: number[], g: number, collisions: number): { i: number; j: number; t: number }[] {
  const n = rho.length;
  const p = pos.slice(), v = vel.slice();
  let now = 0;
  const log: { i: number; j: number; t: number }[] = [];
  const shifts: number[][] = [];
  for (const sx of [-1, 0, 1]) for (const sy of [-1, 0, 1]) for (const sz of d === 3 ? [-1, 0, 1] : [0]) shifts.push([sx, sy, sz]);
  while (log.length < collisions) {
    let best = Infinity, bi = -1, bj = -1;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
      for (const s of shifts) {
        const dx: number[] = [], w: number[] = [];
        for (let a = 0; a < d; a++) {
          dx.push(p[d * j + a] - p[d * i + a] + s[a] * L);
          w.push(v[d * j + a] - v[d * i + a]);
        }
        const s0 = (rho[i] + rho[j]) * (1 + g * now), s1 = (rho[i] + rho[j]) * g;
        const A = w.reduce((x, y) => x + y * y, 0) - s1 * s1;
        const B = dx.reduce((x, y, a) => x + y * w[a], 0) - s0 * s1;
        const C = dx.reduce((x, y) => x + y * y, 0) - s0 * s0;
        if (C < -1e-9) continue; // another image's overlap cannot be real
        const roots: number[] = [];
        if (A === 0) { if (B !== 0) roots.push(-C / (2 * B)); }
        else {
          const D = B * B - A * C;
          if (D <= 0) continue;
          roots.push((-B - Math.sqrt(D)) / A, (-B + Math.sqrt(D)) / A);
        }
        for (const t of roots) if (t > -1e-12 && A * t + B < 0 && t < best) { best = t; bi = i; bj = j; }
      }
    }
    if (bi < 0) break;
    now += best;
    for (let k = 0; k < d * n; k++) p[k] = p[k] + v[k] * best;
    for (let k = 0; k < d * n; k++) p[k] -= L * Math.floor(p[k] / L);
    const dx: number[] = [];
    for (let a = 0; a < d; a++) {
      let x = p[d * bj + a] - p[d * bi + a];
      x -= L * Math.round(x / L);
      dx.push(x);
    }
    const dist = Math.hypot(...dx);
    const nrm = dx.map((x) => x / dist);
    let wn = 0;
    for (let a = 0; a < d; a++) wn += (v[d * bj + a] - v[d * bi + a]) * nrm[a];
    const mu = (masses[bi] * masses[bj]) / (masses[bi] + masses[bj]);
    const J = 2 * mu * ((rho[bi] + rho[bj]) * g - wn);
    for (let a = 0; a < d; a++) {
      v[d * bi + a] -= (J / masses[bi]) * nrm[a];
      v[d * bj + a] += (J / masses[bj]) * nrm[a];
    }
    log.push({ i: Math.min(bi, bj), j: Math.max(bi, bj), t: now });
  }
  return log;
}

for (const d of [2, 3] as const) {
  for (const [g, dilute] of [[0, false], [0.01, false], [0, true]] as const) {
    // dilute: 60 bodies, a skin of 3 diameters and cells of 1.3 mean spacings, several per axis
    test(`${d}D${g > 0 ? " with growth" : ""}${dilute ? " in a dilute box" : ""}: the engine and an O(N²) brute-force twin agree event for event (pairs, times to 1e-7 until chaos amplifies rounding)`, () => {
      const n = dilute ? 60 : 14;
      const opts = latticeStart({ dimensions: d, count: n, packingFraction: dilute ? 0.02 : d === 3 ? 0.15 : 0.25, seed: 5 + d });
      const L = opts.box[0];
      const pos = Array.from(opts.positions);
      const vel = Array.from(opts.velocities as Float64Array);
      const rho = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 0.5 : 0.35));
      const masses = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : 0.6));
      const sim = new HardSpheres({ ...opts, radii: rho, masses, growthRate: g });
      const events: { i: number; j: number; t: number }[] = [];
      sim.onCollision = (i, j, t) => events.push({ i: Math.min(i, j), j: Math.max(i, j), t });
      const count = 40;
      sim.advanceCollisions(count);
      const twin = bruteForce(d, L, pos, vel, rho, masses, g, count);
      assert.equal(twin.length, count);
      for (let k = 0; k < count; k++) {
        assert.deepEqual([events[k].i, events[k].j], [twin[k].i, twin[k].j], `event ${k}: engine ${JSON.stringify(events[k])}, twin ${JSON.stringify(twin[k])}`);
        assert.ok(Math.abs(events[k].t - twin[k].t) <= 1e-7 * Math.max(1, twin[k].t), `event ${k} at ${events[k].t}, twin ${twin[k].t}`);
      }
      assert.ok(smallestGap(sim) > -1e-12);
    });
  }
}

test("a body crossing the box wraps into [0, L), counts its images, and its unwrapped position is x0 + v t", () => {
  const sim = new HardSpheres({ dimensions: 3, box: [10, 8, 6], positions: [9, 1, 5.5], velocities: [3, -2, 1.25], radii: 0.5 });
  sim.advanceTo(7.1);
  const p = sim.positionsInto(new Float64Array(3));
  const u = sim.unwrappedPositionsInto(new Float64Array(3));
  const expect = [9 + 3 * 7.1, 1 - 2 * 7.1, 5.5 + 1.25 * 7.1];
  for (let a = 0; a < 3; a++) {
    assert.ok(Math.abs(u[a] - expect[a]) < 1e-12, `unwrapped ${a}: ${u[a]} vs ${expect[a]}`);
    const L = [10, 8, 6][a];
    assert.ok(p[a] >= 0 && p[a] < L);
    assert.ok(Math.abs(p[a] - (expect[a] - L * Math.floor(expect[a] / L))) < 1e-12);
  }
  assert.deepEqual(Array.from(sim.image), [3, -2, 2]);
});

test("two disks collide across the periodic boundary at the analytic time, and no wall is hit", () => {
  // Centres 0.5 and 9.5 on a box of 10: 1 apart through the boundary, radii 0.2: contact after gap 0.6 closes at speed 2.
  const sim = twoBodies(2, [10, 10], [0.5, 5], [-1, 0], [9.5, 5], [1, 0], [0.2, 0.2]);
  const times: number[] = [];
  sim.onCollision = (_i, _j, t) => times.push(t);
  sim.advanceTo(0.35);
  assert.equal(times.length, 1);
  assert.ok(Math.abs(times[0] - 0.3) < 1e-15, `${times[0]}`);
  const v = sim.velocitiesInto(new Float64Array(4));
  assert.deepEqual(Array.from(v), [1, 0, -1, 0]);
});

test("growing bodies touch at the closed-form time t = (D / (ρ1 + ρ2) − 1) / g and then separate at twice the growth speed", () => {
  const g = 0.25, D = 3, r1 = 0.5, r2 = 0.75;
  const sim = twoBodies(3, [12, 12, 12], [2, 6, 6], [0, 0, 0], [2 + D, 6, 6], [0, 0, 0], [r1, r2], { growthRate: g });
  const hits: number[] = [];
  sim.onCollision = (_i, _j, t) => hits.push(t);
  sim.advanceTo(6);
  const tExact = (D / (r1 + r2) - 1) / g; // 5.6
  assert.equal(hits.length, 1);
  assert.ok(Math.abs(hits[0] - tExact) < 4 * 2 ** -52 * tExact, `${hits[0]} vs ${tExact}`);
  const v = sim.velocitiesInto(new Float64Array(6));
  // Equal masses: each gets half of 2 σ' = 2 (r1 + r2) g along the line of centres.
  assert.ok(Math.abs(v[3] - v[0] - 2 * (r1 + r2) * g) < 1e-15);
  assert.ok(Math.abs(sim.radius(0) - r1 * (1 + g * 6)) < 1e-15);
});

test("the Andersen thermostat brings the temperature to its setting", () => {
  const opts = latticeStart({ dimensions: 2, count: 400, packingFraction: 0.3, seed: 3, temperature: 1 });
  const sim = new HardSpheres({ ...opts, thermostat: { temperature: 2.5, rate: 2, seed: 9 } });
  sim.advance(6);
  let sum = 0;
  for (let k = 0; k < 20; k++) {
    sim.advance(0.2);
    sum += sim.temperature();
  }
  assert.ok(sim.stats.thermostatKicks > 400 * 2 * 8 * 0.9);
  assert.ok(Math.abs(sum / 20 / 2.5 - 1) < 0.05, `temperature ${sum / 20}`);
});

test("the same seed gives the same bits; another seed does not", () => {
  const run = (seed: number): string => {
    const opts = latticeStart({ dimensions: 3, count: 256, packingFraction: 0.3, seed });
    const sim = new HardSpheres({ ...opts, thermostat: { temperature: 1, rate: 0.5, seed } });
    sim.advance(3);
    const p = sim.positionsInto(new Float64Array(3 * 256));
    return Buffer.from(p.buffer).toString("base64") + sim.stats.collisions;
  };
  assert.equal(run(1), run(1));
  assert.notEqual(run(1), run(2));
});

test("velocity rescaling sets the temperature exactly and keeps the run exact", () => {
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 108, packingFraction: 0.3, seed: 4 }));
  sim.advanceCollisions(2000);
  sim.rescaleVelocities(3);
  assert.ok(Math.abs(sim.temperature() / 3 - 1) < 1e-14);
  sim.advanceCollisions(2000);
  assert.ok(Math.abs(sim.temperature() / 3 - 1) < 1e-12);
  assert.ok(smallestGap(sim) > -1e-12);
});

test("bad options are RangeErrors naming the field (unknown keys with a suggestion)", () => {
  const base: HardSpheresOptions = { dimensions: 2, box: [10, 10], positions: [1, 1, 5, 5], radii: 0.5 };
  assert.throws(() => new HardSpheres({ ...base, raddi: 1 } as unknown as HardSpheresOptions), /unknown option "raddi", did you mean "radii"/);
  assert.throws(() => new HardSpheres({ ...base, box: [10, NaN] }), /box\[1\] must be a finite number > 0/);
  assert.throws(() => new HardSpheres({ ...base, positions: [1, 1, 1.5, 1] }), /bodies 0 and 1 overlap/);
  assert.throws(() => new HardSpheres({ ...base, radii: [0.5, -1] }), /radii\[1\] must be a finite number > 0/);
  assert.throws(() => new HardSpheres({ ...base, radii: 3 }), /bigger than half the box/);
  assert.throws(() => new HardSpheres({ ...base, thermostat: { temperature: 1, rate: 1, sed: 1 } as never }), /thermostat: unknown option "sed"/);
  assert.throws(() => new HardSpheres({ ...base, positions: [1, 1, 5] }), /positions must hold 2 numbers per body/);
  // touching within START_SLACK is accepted
  assert.doesNotThrow(() => new HardSpheres({ ...base, positions: [1, 1, 2 - 1e-10, 1] }));
});

test("scaling every length and speed by 2^±40 gives the same events at the same times, bit for bit (no hidden absolute tolerance)", () => {
  const run = (k: number): string => {
    const f = 2 ** k;
    const o = latticeStart({ dimensions: 3, count: 108, packingFraction: 0.35, seed: 12 });
    const sim = new HardSpheres({
      dimensions: 3,
      box: o.box.map((x) => x * f),
      positions: Array.from(o.positions, (x) => x * f),
      velocities: Array.from(o.velocities as Float64Array, (v) => v * f),
      radii: 0.5 * f,
    });
    const log: string[] = [];
    sim.onCollision = (i, j, t) => log.push(`${i} ${j} ${t}`);
    sim.advanceCollisions(3000);
    return log.join("\n");
  };
  const base = run(0);
  assert.equal(run(40), base);
  assert.equal(run(-40), base);
});

test("a near-grazing pair leaves the lean pair loop for the exact kernel and meets at the exact query's time", () => {
  const off = 1 - 1e-11; // a miss by 1e-11 of the radii sum: the fast root is not certified
  const sim2 = new HardSpheres({ dimensions: 2, box: [20, 20], positions: [1, 5, 4, 5 + off], velocities: [1, 0, 0, 0], radii: 0.5 });
  const sim3 = new HardSpheres({ dimensions: 3, box: [20, 20, 20], positions: [1, 5, 5, 4, 5 + off, 5], velocities: [1, 0, 0, 0, 0, 0], radii: 0.5 });
  const ref2 = timeOfImpactCircles({ x: 1, y: 5, vx: 1, vy: 0, r: 0.5 }, { x: 4, y: 5 + off, vx: 0, vy: 0, r: 0.5 }, 10);
  const ref3 = timeOfImpactSpheres({ x: 1, y: 5, z: 5, vx: 1, vy: 0, vz: 0, r: 0.5 }, { x: 4, y: 5 + off, z: 5, vx: 0, vy: 0, vz: 0, r: 0.5 }, 10);
  for (const [sim, ref] of [[sim2, ref2], [sim3, ref3]] as const) {
    let first = -1;
    sim.onCollision = (_i, _j, t) => {
      if (first < 0) first = t;
    };
    sim.advance(5);
    assert.ok(sim.stats.exactRoots >= 1, `exact roots: ${sim.stats.exactRoots}`);
    assert.ok(Math.abs(first - ref) <= 4 * 2 ** -52 * ref, `${first} vs the exact query's ${ref}`);
  }
});

for (const d of [2, 3] as const) {
  test(`${d}D: image counters count the wrap positionsInto applies (unwrapped = position + image × L), with the wide shells of a dilute box`, () => {
    const sim = new HardSpheres(latticeStart({ dimensions: d, count: 200, packingFraction: 0.05, seed: 4 }));
    assert.ok(sim.skin > 1.5, `skin ${sim.skin}`);
    let checked = 0, outside = 0;
    for (let step = 0; step < 40; step++) {
      sim.advance(0.37);
      const p = sim.positionsInto(new Float64Array(d * sim.count));
      const u = sim.unwrappedPositionsInto(new Float64Array(d * sim.count));
      const image = sim.image;
      assert.equal(image.length, 3 * sim.count);
      for (let i = 0; i < sim.count; i++) {
        for (let a = 0; a < d; a++) {
          const L = sim.box[a];
          assert.ok(p[d * i + a] >= 0 && p[d * i + a] < L);
          assert.ok(Math.abs(p[d * i + a] + image[3 * i + a] * L - u[d * i + a]) <= 1e-12 * Math.max(L, Math.abs(u[d * i + a])), `body ${i} axis ${a}`);
          checked++;
        }
        // bodies whose stored centre is outside the box (not yet wrapped: still inside their shell)
        for (let a = 0; a < d; a++) {
          const x = sim.state[8 * i + a] + sim.state[8 * i + 4 + a] * (sim.time - sim.state[8 * i + 3]);
          if (x < 0 || x >= sim.box[a]) outside++;
        }
      }
    }
    assert.ok(checked > 0 && outside > 0, `${outside} lazily wrapped positions checked`);
  });

  test(`${d}D: the automatic skin changes how often lists are rebuilt, not the collisions`, () => {
    const start = latticeStart({ dimensions: d, count: 400, packingFraction: 0.2, seed: 7 });
    const auto = new HardSpheres(start), fixed = new HardSpheres({ ...start, skin: 0.5 });
    assert.ok(auto.skin > 0.9 && fixed.skin === 0.5, `${auto.skin}`);
    const log = (sim: HardSpheres): number[][] => {
      const out: number[][] = [];
      sim.onCollision = (i, j, t) => out.push([Math.min(i, j), Math.max(i, j), t]);
      // (rounding differs from the first shell exit on and grows by chaos: 2e-12 after 400 collisions)
      sim.advanceCollisions(250);
      return out;
    };
    const a = log(auto), b = log(fixed);
    assert.equal(a.length, b.length);
    for (let k = 0; k < a.length; k++) {
      assert.deepEqual(a[k].slice(0, 2), b[k].slice(0, 2), `collision ${k}`);
      assert.ok(Math.abs(a[k][2] - b[k][2]) <= 1e-10 * b[k][2], `collision ${k}: ${a[k][2]} vs ${b[k][2]}`);
    }
    assert.ok(auto.stats.shellExits < 0.6 * fixed.stats.shellExits, `${auto.stats.shellExits} vs ${fixed.stats.shellExits} shell exits`);
  });
}

test("sim.skin reports the skin in use: in a box barely wider than two diameters it is held below half the box", () => {
  const sim = new HardSpheres({ dimensions: 2, box: [2.3, 2.3], positions: [0.5, 0.5, 1.7, 1.7], velocities: [1, 0.3, -0.2, 0.5], radii: 0.5 });
  // the automatic choice for this dilute box would be 1.46; the cut-off (1 + skin) must stay under 0.99 × 1.15
  assert.ok(Math.abs(sim.skin - (0.99 * 1.15 - 1)) < 1e-12, `${sim.skin}`);
  sim.advanceCollisions(200);
  assert.ok(sim.pressure() > 1);
  assert.equal(new HardSpheres({ ...latticeStart({ dimensions: 3, count: 500, packingFraction: 0.3, seed: 1 }), skin: 0.8 }).skin, 0.8);
});
