/**
 * Worlds at every scale: the same scene scaled by s (lengths by s, times by s, velocities
 * unchanged) gives the same collisions, unit normals and kinetic energy from s = 1e-300 to
 * 1e140. Before the contact normal was scaled, bodies of radius 1e-300 passed through each
 * other (the squares of their offset vanished: a normal of length 0) and at 1e-160 a head-on
 * collision sent them apart at 1.00002 times their speed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D, World3D } from "../src/index.js";
import { length3 } from "../src/query/relative-motion.js";

const SCALES = [1e-300, 1e-200, 1e-160, 1e-155, 1e-100, 1, 1e100, 1e140];

test("length3 is the plain formula where its squares are safe, and right where they are not", () => {
  assert.equal(length3(3, 4, 0), 5);
  assert.equal(length3(0.1, 0.2, 0.3), Math.sqrt(0.1 * 0.1 + 0.2 * 0.2 + 0.3 * 0.3));
  for (const s of [2 ** -1070, 2 ** -600, 2 ** -480, 2 ** 520]) assert.equal(length3(3 * s, 4 * s, 0), 5 * s, String(s));
  assert.equal(length3(0, 0, 0), 0);
  assert.equal(length3(1e-310, 0, 0), 1e-310);
});

test("a head-on collision of equal bodies swaps their velocities exactly at every scale (2D and 3D)", () => {
  for (const s of SCALES) {
    const w2 = new World2D({ recordEvents: true });
    w2.addBody({ x: 0, y: 0, vx: 1, radius: s });
    w2.addBody({ x: 3 * s, y: 0, vx: -1, radius: s });
    w2.advance(0.75 * s);
    assert.equal(w2.events.count, 1, `2D, s = ${s}`);
    assert.equal(w2.events.nx[0], 1, `2D, s = ${s}`);
    assert.deepEqual([w2.vx[0], w2.vx[1]], [-1, 1], `2D, s = ${s}`);
    const w3 = new World3D({ recordEvents: true });
    w3.addBody({ x: 0, y: 0, z: 0, vz: 1, radius: s });
    w3.addBody({ x: 0, y: 0, z: 3 * s, vz: -1, radius: s });
    w3.advance(0.75 * s);
    assert.equal(w3.events.count, 1, `3D, s = ${s}`);
    assert.equal(w3.events.nz[0], 1, `3D, s = ${s}`);
    assert.deepEqual([w3.vz[0], w3.vz[1]], [-1, 1], `3D, s = ${s}`);
  }
});

test("a boxed oblique cascade keeps its events, unit normals and energy at every scale", () => {
  const run = (s: number) => {
    const w = new World2D({ bounds: { min: [-10 * s, -10 * s], max: [10 * s, 10 * s] }, recordEvents: true });
    for (let k = 0; k < 5; k++) w.addBody({ x: (2 * k - 7) * s, y: 0.3 * k * s, vx: k === 0 ? 1 : 0, vy: 0.1 * k, radius: 0.9 * s });
    const e0 = w.kineticEnergy();
    const rep = w.advance(50 * s);
    assert.ok(rep.complete, `s = ${s}`);
    const e = w.events;
    for (let k = 0; k < e.count; k++) assert.ok(Math.abs(Math.hypot(e.nx[k], e.ny[k]) - 1) < 4e-16, `s = ${s}, event ${k}`);
    assert.ok(Math.abs(w.kineticEnergy() / e0 - 1) < 1e-14, `s = ${s}: ${w.kineticEnergy()} vs ${e0}`);
    return { count: e.count, pairs: Array.from(e.b.subarray(0, e.count)).join(), times: Array.from(e.t.subarray(0, e.count), (t) => t / s) };
  };
  const ref = run(1);
  assert.ok(ref.count >= 10, String(ref.count));
  for (const s of SCALES) {
    const r = run(s);
    assert.equal(r.count, ref.count, `s = ${s}`);
    assert.equal(r.pairs, ref.pairs, `s = ${s}`);
    for (let k = 0; k < r.count; k++) assert.ok(Math.abs(r.times[k] - ref.times[k]) <= 1e-12 * Math.max(1, ref.times[k]), `s = ${s}, event ${k}`);
  }
});

test("the aim line at 1e-300 gives a unit normal and the exact bounce", () => {
  for (const s of [1e-300, 1]) {
    const w = new World2D();
    const a = w.addBody({ x: 0, y: 0, vx: 1, radius: s });
    w.addBody({ x: 4 * s, y: 0, radius: s });
    const p = w.predictPath(a);
    assert.equal(p.hitBody, 1, `s = ${s}`);
    assert.equal(p.nx, 1, `s = ${s}`);
    assert.equal(p.vx, 0, `s = ${s}`);
    assert.equal(p.otherVx, 1, `s = ${s}`);
  }
});
