/** Periodic bounds in World2D / World3D: wrapping, image counters, the minimum image, a brute-force twin. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D, World3D, HIT_BODY, type CollisionEvent, type SceneWorld } from "../src/index.js";
import { Random } from "./support/random.js";

test("a body crossing a periodic side wraps to the other side and counts an image", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: true }, recordEvents: true });
  const a = w.addBody({ x: 9, y: 5, vx: 1, vy: -4, radius: 0.5 });
  w.advance(1.5);
  assert.equal(w.events.count, 0); // no face events on periodic axes
  assert.ok(Math.abs(w.x[a] - 0.5) < 1e-12 && Math.abs(w.y[a] - 9) < 1e-12, `${w.x[a]}, ${w.y[a]}`);
  assert.deepEqual(w.periodic.image(a), [1, -1]);
  const u = w.periodic.unwrapped(a);
  assert.ok(Math.abs(u[0] - 10.5) < 1e-12 && Math.abs(u[1] + 1) < 1e-12, String(u));
  assert.deepEqual(w.periodic.axes, [true, true]);
  w.advance(21.5); // to x = 32 unwrapped: three box lengths and 2
  assert.equal(w.periodic.image(a)[0], 3);
  assert.ok(Math.abs(w.periodic.unwrapped(a)[0] - 32) < 1e-12);
});

test("one periodic axis: the other keeps its faces (3D)", () => {
  const w = new World3D({ bounds: { min: [0, 0, 0], max: [4, 4, 10], periodic: [false, false, true] }, recordEvents: true });
  const a = w.addBody({ x: 1, y: 2, z: 9, vx: -1, vz: 2, radius: 0.5 });
  w.advance(1);
  assert.equal(w.events.count, 1); // the x face at t = 0.5, then z wraps at t = 0.5 too
  assert.equal(w.vx[a], 1);
  assert.deepEqual(w.periodic.image(a), [0, 0, 1]);
  assert.ok(Math.abs(w.z[a] - 1) < 1e-12);
});

test("two bodies collide across the periodic boundary at the analytic time (2D and 3D)", () => {
  // 9 -> 10 | 0 -> 2: centres 3 apart through the boundary, gap 2, closing speed 2: t = 1
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] }, recordEvents: true });
  const a = w.addBody({ x: 9, y: 5, vx: 1, radius: 0.5 });
  const b = w.addBody({ x: 2, y: 5, vx: -1, radius: 0.5 });
  w.advance(2);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.kind[0], HIT_BODY);
  assert.equal(w.events.t[0], 1);
  assert.equal(w.events.nx[0], 1); // from a (at x = 10) towards b's image at x = 11, across the boundary
  assert.equal(w.vx[a], -1);
  assert.equal(w.vx[b], 1);
  // 3D, diagonal through the corner: offsets of 1.5 per axis -> centre distance 1.5 sqrt(3)
  const w3 = new World3D({ bounds: { min: [-5, -5, -5], max: [5, 5, 5], periodic: true }, recordEvents: true });
  const r = 0.75;
  w3.addBody({ x: 4, y: 4, z: 4, vx: 1, vy: 1, vz: 1, radius: r });
  w3.addBody({ x: -4.5, y: -4.5, z: -4.5, vx: -1, vy: -1, vz: -1, radius: r });
  w3.advance(1);
  assert.equal(w3.events.count, 1);
  // separation along the diagonal 1.5 sqrt(3), contact at 2r, closing speed 2 sqrt(3)
  const expected = (1.5 * Math.sqrt(3) - 2 * r) / (2 * Math.sqrt(3));
  assert.ok(Math.abs(w3.events.t[0] - expected) < 1e-15, `${w3.events.t[0]} vs ${expected}`);
});

/** Minimum-image distance on each periodic axis. */
function minImage(d: number, L: number, periodic: boolean): number {
  if (!periodic) return d;
  return d - L * Math.round(d / L);
}

/** (both dimensions alike: a World2D's z columns are zeros) */
function gas(dim: 2 | 3, n: number, seed: number, L: number, r: number): SceneWorld {
  const rnd = new Random(seed);
  const per = Math.ceil(n ** (1 / dim));
  const step = L / per;
  const w = dim === 2
    ? new World2D({ bounds: { min: [0, 0], max: [L, L], periodic: true }, recordEvents: true })
    : new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L], periodic: true }, recordEvents: true });
  for (let k = 0; k < n; k++) {
    const ix = k % per, iy = Math.floor(k / per) % per, iz = Math.floor(k / per / per);
    const v = [rnd.next() * 2 - 1, rnd.next() * 2 - 1, rnd.next() * 2 - 1];
    const mass = 1 + (k % 3);
    if (w instanceof World2D) w.addBody({ x: (ix + 0.5) * step, y: (iy + 0.5) * step, vx: v[0], vy: v[1], radius: r, mass });
    else w.addBody({ x: (ix + 0.5) * step, y: (iy + 0.5) * step, z: (iz + 0.5) * step, vx: v[0], vy: v[1], vz: v[2], radius: r, mass });
  }
  return w as SceneWorld;
}

for (const dim of [2, 3] as const) {
  test(`a periodic gas of ${dim === 2 ? "disks" : "spheres"} keeps energy and momentum, never overlaps, has no bounds events`, () => {
    const n = dim === 2 ? 300 : 216, L = dim === 2 ? 30 : 12, r = dim === 2 ? 0.7 : 0.8;
    const w = gas(dim, n, 7 + dim, L, r);
    let bodyEvents = 0, other = 0;
    w.onCollision = (e: CollisionEvent) => {
      if (e.kind === HIT_BODY) bodyEvents++;
      else other++;
    };
    const e0 = w.kineticEnergy();
    const p0 = w.momentum();
    let pScale = 0;
    for (let i = 0; i < n; i++) pScale += (1 / w.invMass[i]) * Math.hypot(w.vx[i], w.vy[i], w.vz[i]);
    for (let step = 0; step < 10; step++) {
      w.advance(1);
      const pairs = dim === 2 ? [0, 1] : [0, 1, 2];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          let d2 = 0;
          for (const k of pairs) {
            const p = k === 0 ? w.x : k === 1 ? w.y : w.z;
            d2 += minImage(p[j] - p[i], L, true) ** 2;
          }
          assert.ok(Math.sqrt(d2) >= 2 * r * (1 - 1e-9), `bodies ${i} and ${j} overlap: ${Math.sqrt(d2)}`);
        }
        for (const k of pairs) {
          const p = k === 0 ? w.x : k === 1 ? w.y : w.z;
          assert.ok(p[i] >= -1e-12 && p[i] <= L + 1e-12, `body ${i} outside the box: ${p[i]}`);
        }
      }
    }
    assert.equal(other, 0);
    assert.ok(bodyEvents > 1000, `only ${bodyEvents} collisions`);
    assert.ok(Math.abs(w.kineticEnergy() - e0) <= 1e-12 * e0, `energy ${w.kineticEnergy()} vs ${e0}`);
    const p1 = w.momentum();
    for (let k = 0; k < dim; k++) assert.ok(Math.abs(p1[k] - p0[k]) <= 1e-12 * pScale, `momentum[${k}] ${p1[k]} vs ${p0[k]}`);
    let wrapped = 0;
    for (let i = 0; i < n; i++) if (w.periodic.image(i).some((m) => m !== 0)) wrapped++;
    assert.ok(wrapped > 10, `only ${wrapped} bodies wrapped`);
  });
}

/**
 * The brute-force twin: every pair at every image (shifts -L, 0, L per axis), contact times
 * from the plain quadratic, all bodies moved together, elastic response at the minimum image.
 */
function twinEventTimes(dim: 2 | 3, pos: number[][], vel: number[][], rad: number[], mass: number[], L: number, count: number): number[] {
  const n = pos.length;
  const times: number[] = [];
  let now = 0;
  const shifts: number[][] = [];
  for (const a of [-L, 0, L]) for (const b of [-L, 0, L]) for (const c of dim === 3 ? [-L, 0, L] : [0]) shifts.push([a, b, c]);
  while (times.length < count) {
    let best = Infinity, bi = -1, bj = -1;
    // (pos: inside [0, L) on every axis)
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        for (const s of shifts) {
          const d = [0, 1, 2].map((k) => pos[j][k] + s[k] - pos[i][k]);
          const v = [0, 1, 2].map((k) => vel[j][k] - vel[i][k]);
          const b = d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
          if (b >= 0) continue;
          const a = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
          const sigma = rad[i] + rad[j];
          const c = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - sigma * sigma;
          const disc = b * b - a * c;
          if (disc < 0) continue;
          const t = c / (-b + Math.sqrt(disc));
          if (t < best) { best = t; bi = i; bj = j; }
        }
      }
    }
    // Images -L, 0, L cover every contact only while no body moves more than L / 4: longer
    // flights go in such steps, without an event.
    let vmax = 0;
    for (const v of vel) vmax = Math.max(vmax, Math.hypot(v[0], v[1], v[2]));
    const horizon = L / (4 * vmax);
    const step = Math.min(best, horizon);
    now += step;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < dim; k++) {
        pos[i][k] += step * vel[i][k];
        pos[i][k] -= L * Math.floor(pos[i][k] / L);
      }
    }
    if (best > horizon) continue;
    times.push(now);
    const d = [0, 1, 2].map((k) => minImage(pos[bj][k] - pos[bi][k], L, k < dim));
    const len = Math.hypot(d[0], d[1], d[2]);
    const nrm = d.map((x) => x / len);
    const u = (vel[bi][0] - vel[bj][0]) * nrm[0] + (vel[bi][1] - vel[bj][1]) * nrm[1] + (vel[bi][2] - vel[bj][2]) * nrm[2];
    const J = (2 * u) / (1 / mass[bi] + 1 / mass[bj]);
    for (let k = 0; k < 3; k++) {
      vel[bi][k] -= (J / mass[bi]) * nrm[k];
      vel[bj][k] += (J / mass[bj]) * nrm[k];
    }
  }
  return times;
}

for (const dim of [2, 3] as const) {
  test(`the brute-force twin (all pairs, all images) agrees on the event times (${dim}D)`, () => {
    const rnd = new Random(40 + dim);
    const L = 6, n = 12, count = 30;
    const pos: number[][] = [], vel: number[][] = [], rad: number[] = [], mass: number[] = [];
    const w = dim === 2
      ? new World2D({ bounds: { min: [0, 0], max: [L, L], periodic: true } })
      : new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L], periodic: true } });
    while (pos.length < n) {
      const p = [rnd.next() * L, rnd.next() * L, dim === 3 ? rnd.next() * L : 0];
      const r = 0.3 + 0.4 * rnd.next();
      const ok = pos.every((q, k) => Math.hypot(...[0, 1, 2].map((a) => minImage(p[a] - q[a], L, a < dim))) > r + rad[k] + 0.01);
      if (!ok) continue;
      const v = [rnd.next() * 2 - 1, rnd.next() * 2 - 1, dim === 3 ? rnd.next() * 2 - 1 : 0];
      const m = 0.5 + rnd.next();
      pos.push(p); vel.push(v); rad.push(r); mass.push(m);
      if (w instanceof World2D) w.addBody({ x: p[0], y: p[1], vx: v[0], vy: v[1], radius: r, mass: m });
      else w.addBody({ x: p[0], y: p[1], z: p[2], vx: v[0], vy: v[1], vz: v[2], radius: r, mass: m });
    }
    const times: number[] = [];
    w.onCollision = (e: CollisionEvent) => { times.push(e.t); };
    const twin = twinEventTimes(dim, pos.map((p) => p.slice()), vel.map((v) => v.slice()), rad, mass, L, count);
    while (times.length < count) w.advance(0.5);
    let wrapped = 0;
    for (let i = 0; i < n; i++) if (w.periodic.image(i).some((m) => m !== 0)) wrapped++;
    assert.ok(wrapped >= 3, `only ${wrapped} bodies crossed the boundary`);
    // (a chaotic system: differences of rounding grow by orders of magnitude over tens of events)
    for (let k = 0; k < count; k++) {
      assert.ok(Math.abs(times[k] - twin[k]) <= 1e-9 * Math.max(1, twin[k]), `event ${k}: world ${times[k]}, twin ${twin[k]}`);
    }
  });
}

test("snapshot/restore and clone carry the image counters and go on alike", () => {
  const w = gas(2, 60, 3, 12, 0.5) as World2D;
  w.advance(5);
  const snap = w.snapshot();
  const copy = w.clone();
  const images = Array.from({ length: 60 }, (_, i) => w.periodic.image(i));
  assert.ok(images.some((m) => m[0] !== 0 || m[1] !== 0));
  assert.deepEqual(Array.from({ length: 60 }, (_, i) => copy.periodic.image(i)), images);
  assert.deepEqual(copy.periodic.axes, [true, true]);
  w.advance(5);
  copy.advance(5);
  const end = Array.from({ length: 60 }, (_, i) => [w.x[i], w.y[i], ...w.periodic.image(i)]);
  assert.deepEqual(Array.from({ length: 60 }, (_, i) => [copy.x[i], copy.y[i], ...copy.periodic.image(i)]), end);
  w.restore(snap);
  assert.deepEqual(Array.from({ length: 60 }, (_, i) => w.periodic.image(i)), images);
  w.advance(5);
  assert.deepEqual(Array.from({ length: 60 }, (_, i) => [w.x[i], w.y[i], ...w.periodic.image(i)]), end);
});

test("periodic bounds reject what does not mix with them, naming it", () => {
  const make = (): World2D => new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: true } });
  let w = make();
  w.addBody({ id: "big", x: 5, y: 5, radius: 2.6 });
  assert.throws(() => w.advance(1), /body "big": diameter 5.2 is more than half the periodic box length 10 along x/);
  w = make();
  w.addSegment(0, 0, 1, 1, "s");
  assert.throws(() => w.advance(1), /wall "s": walls and periodic bounds don't mix/);
  w = make();
  w.addBody({ id: "f", x: 5, y: 5, radius: 1, fixed: true });
  assert.throws(() => w.advance(1), /body "f": fixed bodies and periodic bounds don't mix/);
  w = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] }, gravity: [1, 0] });
  assert.throws(() => w.advance(1), /gravity along periodic axis x/);
  assert.throws(() => new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: [true] as never } }), /bounds.periodic must be/);
  assert.throws(() => new World2D({ bounds: { min: [0, 0], max: [10, 10], periodc: true } as never }), /unknown option "periodc" \(did you mean "periodic"\?\)/);
  assert.throws(() => make().predictPath(make().addBody({ x: 1, y: 1, radius: 1 })), RangeError);
});

test("gravity along a non-periodic axis: bodies fall to the floor and wrap sideways", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] }, gravity: [0, -10], restitution: 1 });
  const a = w.addBody({ x: 9.5, y: 5, vx: 3, radius: 0.5 });
  const e0 = w.kineticEnergy() + w.potentialEnergy();
  w.advance(3);
  assert.ok(w.periodic.image(a)[0] === 1);
  assert.ok(w.y[a] >= 0.5 - 1e-9);
  assert.ok(Math.abs(w.kineticEnergy() + w.potentialEnergy() - e0) < 1e-9 * Math.abs(e0));
});

test("scene files: bounds.periodic is validated, read into the world and written back", async () => {
  const { validateScene, worldFromScene, sceneFromWorld, sceneSchema } = await import("../src/index.js");
  const scene = validateScene({
    carom: 1, dimensions: 2,
    bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] },
    bodies: [
      { id: "a", position: [9, 5], velocity: [1, 0], radius: 0.5 },
      { id: "b", position: [2, 5], velocity: [-1, 0], radius: 0.5 },
    ],
  });
  const w = worldFromScene(scene) as World2D;
  assert.deepEqual(w.periodic.axes, [true, false]);
  w.recordEvents = true;
  w.advance(2);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 1);
  const back = sceneFromWorld(w, scene);
  assert.deepEqual(back.bounds?.periodic, [true, false]);
  const all = worldFromScene(validateScene({ carom: 1, dimensions: 3, bounds: { min: [0, 0, 0], max: [4, 4, 4], periodic: true }, bodies: [] }));
  assert.equal(sceneFromWorld(all).bounds?.periodic, true);
  assert.equal(sceneFromWorld(new World2D({ bounds: { min: [0, 0], max: [1, 1] } })).bounds?.periodic, undefined);
  assert.throws(
    () => validateScene({ carom: 1, dimensions: 3, bounds: { min: [0, 0, 0], max: [4, 4, 4], periodic: [true, false] }, bodies: [] }),
    /bounds\.periodic must be true, false or one boolean per axis \(3\)/,
  );
  // a body whose centre sits outside the box on a periodic axis is wrapped in, not rejected
  const out = worldFromScene(validateScene({ carom: 1, dimensions: 2, bounds: { min: [0, 0], max: [10, 10], periodic: true }, bodies: [{ position: [12, 5], radius: 1 }] }));
  out.advance(1);
  assert.equal(out.x[0], 2);
  assert.deepEqual(out.periodic.image(0), [1, 0]);
  const schema = JSON.stringify(sceneSchema);
  assert.ok(schema.includes('"periodic"'));
});

test("carom pack writes a periodic scene that carom run runs; a periodic gas scene runs with no bounds events", async () => {
  const { carom, ensureBuilt, tempDir } = await import("./support/cli.js");
  const { readFileSync, writeFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  ensureBuilt();
  const dir = tempDir();
  const packed = join(dir, "packed.json");
  const p = carom(["pack", "--dimensions", "2", "--count", "60", "--radii", "1", "--seed", "1", "-o", packed]);
  assert.equal(p.code, 0, p.stderr);
  const scene = JSON.parse(readFileSync(packed, "utf8"));
  assert.equal(scene.bounds.periodic, true);
  const r1 = carom(["run", packed, "--json"]);
  assert.equal(r1.code, 0, r1.stderr);
  // the same bodies spread out (positions doubled in a box twice as wide) and moving
  const rnd = new Random(5);
  scene.bounds.max = scene.bounds.max.map((m: number) => 2 * m);
  for (const b of scene.bodies) {
    b.position = b.position.map((x: number) => 2 * x);
    b.velocity = [rnd.next() - 0.5, rnd.next() - 0.5];
  }
  const gasFile = join(dir, "gas.json");
  writeFileSync(gasFile, JSON.stringify(scene));
  const r2 = carom(["run", gasFile, "--json", "--final", join(dir, "final.json")]);
  assert.equal(r2.code, 0, r2.stderr);
  const s = JSON.parse(r2.stdout);
  assert.ok(s.events.body > 0);
  assert.equal(s.events.bounds, 0);
  assert.ok(Math.abs(s.energy.after - s.energy.before) <= 1e-12 * s.energy.before);
  const final = JSON.parse(readFileSync(join(dir, "final.json"), "utf8"));
  assert.equal(final.bounds.periodic, true);
});

test("one or two cells per periodic axis (bodies up to half the box wide) agree with the brute-force twin", () => {
  for (const [L, radii] of [[4.5, [1.125, 1.125]], [5, [1.2, 1.0, 0.5]]] as [number, number[]][]) {
    for (const dim of [2, 3] as const) {
      const rnd = new Random(Math.round(L * 10) + dim);
      const pos: number[][] = [], vel: number[][] = [], mass: number[] = [];
      const w = dim === 2
        ? new World2D({ bounds: { min: [0, 0], max: [L, L], periodic: true } })
        : new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L], periodic: true } });
      while (pos.length < radii.length) {
        const r = radii[pos.length];
        const p = [rnd.next() * L, rnd.next() * L, dim === 3 ? rnd.next() * L : 0];
        if (!pos.every((q, k) => Math.hypot(...[0, 1, 2].map((a) => minImage(p[a] - q[a], L, a < dim))) > r + radii[k] + 0.01)) continue;
        const v = [rnd.next() * 2 - 1, rnd.next() * 2 - 1, dim === 3 ? rnd.next() * 2 - 1 : 0];
        pos.push(p); vel.push(v); mass.push(1);
        if (w instanceof World2D) w.addBody({ x: p[0], y: p[1], vx: v[0], vy: v[1], radius: r });
        else w.addBody({ x: p[0], y: p[1], z: p[2], vx: v[0], vy: v[1], vz: v[2], radius: r });
      }
      const times: number[] = [];
      w.onCollision = (e: CollisionEvent) => { times.push(e.t); };
      const count = 15;
      const twin = twinEventTimes(dim, pos.map((p) => p.slice()), vel.map((v) => v.slice()), radii, mass, L, count);
      while (times.length < count) w.advance(0.5);
      for (let k = 0; k < count; k++) {
        assert.ok(Math.abs(times[k] - twin[k]) <= 1e-9 * Math.max(1, twin[k]), `L ${L}, ${dim}D, event ${k}: world ${times[k]}, twin ${twin[k]}`);
      }
    }
  }
});

test("checkSceneStart names what periodic bounds reject, by JSON path", async () => {
  const { checkSceneStart, validateScene } = await import("../src/index.js");
  const scene = () => validateScene({
    carom: 1, dimensions: 3, gravity: [0, 0, -1],
    bounds: { min: [0, 0, 0], max: [10, 10, 10], periodic: [true, false, true] },
    bodies: [
      { position: [5, 5, 5], radius: 1, acceleration: [1, 0, 0] },
      { position: [1, 1, 1], radius: 0.5, fixed: true },
      { position: [5, 2, 9.5], radius: 2.6 },
    ],
    walls: [{ plane: { point: [0, 0, 0], normal: [0, 1, 0] } }],
  });
  let message = "";
  try {
    scene(); // (validateScene ends with checkSceneStart)
  } catch (e) {
    message = (e as Error).message;
  }
  for (const part of [
    "walls[0]: walls and periodic bounds don't mix", "gravity[2] must be 0 along periodic axis z, got -1",
    'bodies[0].acceleration[0] ("0") must be 0 along periodic axis x, got 1', 'bodies[1].fixed ("1"): fixed bodies and periodic bounds don\'t mix',
    'bodies[2].radius ("2"): diameter 5.2 is more than half the periodic box length 10 along x',
  ]) assert.ok(message.includes(part), `missing "${part}" in:\n${message}`);
  // a centre outside the box on a periodic axis is fine (the world wraps it); on the other axis it is not
  const ok = validateScene({ carom: 1, dimensions: 2, bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] }, bodies: [{ position: [-3, 5], radius: 1 }] });
  checkSceneStart(ok);
  assert.throws(
    () => validateScene({ carom: 1, dimensions: 2, bounds: { min: [0, 0], max: [10, 10], periodic: [true, false] }, bodies: [{ position: [5, -3], radius: 1 }] }),
    /not inside the bounds/,
  );
});

test("radius-0 points meet head-on across the boundary once, not again and again", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [1, 1], periodic: true }, recordEvents: true });
  w.addBody({ x: 0.9, y: 0.5, vx: 1, radius: 0 });
  w.addBody({ x: 0.1, y: 0.5, vx: -1, radius: 0 });
  const rep = w.advance(1);
  assert.equal(rep.complete, true);
  assert.equal(rep.collisions, 2); // across the boundary at t = 0.1, in the middle at t = 0.6
  assert.ok(Math.abs(w.events.t[0] - 0.1) < 1e-15 && Math.abs(w.events.t[1] - 0.6) < 1e-15, `${w.events.t[0]}, ${w.events.t[1]}`);
  const w3 = new World3D({ bounds: { min: [0, 0, 0], max: [1, 1, 1], periodic: true }, recordEvents: true });
  w3.addBody({ x: 0.5, y: 0.5, z: 0.9, vz: 1, radius: 0 });
  w3.addBody({ x: 0.5, y: 0.5, z: 0.1, vz: -1, radius: 0 });
  assert.equal(w3.advance(1).collisions, 2);
});
