import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D, World3D } from "../src/index.js";
import { eventHash } from "./support/scenes.js";

/** The engine's internal support column (what carries each body: -1 none, a wall, or -2 - face). */
const supportOf = (w: object): Int32Array => (w as { support: Int32Array }).support;

test("a ball thrown up in a box follows the parabola and returns to the floor at the exact time", () => {
  const w = new World2D({ gravity: [0, -10], bounds: { min: [0, 0], max: [10, 100] } });
  w.addBody({ x: 5, y: 1, vy: 20, radius: 1 });
  w.advance(5);
  // y(t) = 1 + 20 t - 5 t^2 returns to y = 1 (touching the floor) at t = 4
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 4);
  // bounced at -20, elastic, then 1 s of gravity (the velocity is re-based at cell crossings)
  assert.ok(Math.abs(w.vy[0] - 10) < 1e-13);
});

test("a ball dropped with restitution below one settles on the floor in finitely many bounces", () => {
  const w = new World2D({ gravity: [0, -9.81], restitution: 0.5, bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, vx: 0.3, radius: 0.5 });
  let collisions = 0;
  for (let k = 0; k < 10; k++) {
    const rep = w.advance(1);
    assert.equal(rep.complete, true);
    collisions += rep.collisions;
  }
  assert.ok(collisions < 40, `${collisions} bounces`);
  assert.equal(w.y[0], 0.5); // resting on the floor exactly
  assert.equal(w.vy[0], 0);
  assert.equal(supportOf(w)[0], -4); // carried by face 2 (-y) of the container
  // and it keeps sliding: no friction
  const x = w.x[0];
  w.advance(1);
  assert.ok(w.x[0] !== x);
});

test("a ball at rest on the floor falls asleep, and a hard hit wakes it", () => {
  const w = new World2D({ gravity: [0, -9.81], restitution: 0.9, bounds: { min: [0, 0], max: [20, 10] } });
  const still = w.addBody({ id: "still", x: 10, y: 0.5, radius: 0.5 });
  w.advance(0.5);
  assert.equal(w.y[still], 0.5);
  assert.ok((w.flags[still] & 4) !== 0, "asleep");
  const energy = w.kineticEnergy();
  assert.equal(energy, 0);
  const hitter = w.addBody({ id: "hitter", x: 2, y: 0.5, vx: 5, radius: 0.5 });
  w.advance(3);
  assert.ok(w.vx[still] > 0, "woken and pushed");
  assert.ok(w.vx[hitter] < w.vx[still]);
});

test("resting contact on a 3D container floor: spheres settle and slide", () => {
  const w = new World3D({ gravity: [0, 0, -9.81], restitution: 0.3, bounds: { min: [0, 0, 0], max: [10, 10, 10] } });
  w.addBody({ x: 5, y: 5, z: 3, vx: 1, radius: 0.5 });
  for (let k = 0; k < 5; k++) assert.equal(w.advance(1).complete, true);
  assert.equal(w.z[0], 0.5);
  assert.equal(w.vz[0], 0);
});

test("a stack of three balls dropped in a column comes to rest touching, without overlap", () => {
  const s = new World2D({ gravity: [0, -9.81], restitution: 0.8, bounds: { min: [0, 0], max: [10, 10] } });
  for (let k = 0; k < 3; k++) s.addBody({ x: 5, y: 1 + 1.5 * k, radius: 0.5 });
  for (let f = 0; f < 600; f++) {
    assert.equal(s.advance(1 / 60).complete, true);
    assert.ok(s.y[1] - s.y[0] >= 1 - 1e-9 && s.y[2] - s.y[1] >= 1 - 1e-9, `overlap at frame ${f}`);
  }
  assert.deepEqual(Array.from(s.y.subarray(0, 3)), [0.5, 1.5, 2.5]);
  for (let k = 0; k < 3; k++) assert.ok(s.flags[k] & 4, `ball ${k} asleep`);
});

test("a ball dropped under gravity onto a fixed peg hits it at the time a quartic gives", () => {
  const w = new World2D({ gravity: [0, -10] });
  w.addBody({ id: "ball", x: 0.6, y: 10, radius: 0.5 });
  w.addBody({ id: "peg", x: 0, y: 0, radius: 0.5, fixed: true });
  w.advance(2);
  assert.equal(w.events.count, 1);
  // centre distance 1 when (0.6)^2 + (10 - 5 t^2)^2 = 1: 5 t^2 = 10 - 0.8
  const exact = Math.sqrt(9.2 / 5);
  assert.ok(Math.abs(w.events.t[0] - exact) <= 2 * 2 ** -52 * exact, `${w.events.t[0]} vs ${exact}`);
  assert.ok(Math.abs(w.events.nx[0] + 0.6) < 1e-15 && Math.abs(w.events.ny[0] + 0.8) < 1e-15);
});

test("a ball slides down a frictionless ramp and leaves it at the end", () => {
  const w = new World2D({ gravity: [0, -10], restitution: 0.2, bounds: { min: [-20, -20], max: [20, 20] } });
  w.addSegment(-10, 5, 0, 0, "ramp");
  // resting on the ramp: centre one radius above it along the normal (1, 2)/sqrt(5)
  const n = [1 / Math.sqrt(5), 2 / Math.sqrt(5)];
  w.addBody({ id: "ball", x: -8 + 0.5 * n[0] + 1e-9, y: 4 + 0.5 * n[1] + 1e-9, radius: 0.5 });
  let left = false;
  for (let k = 0; k < 200 && !left; k++) {
    w.advance(0.01);
    if (supportOf(w)[0] === -1 && w.x[0] > 0) left = true;
  }
  assert.ok(left, "left the ramp at its lower end");
  // sliding without friction: the speed at the end is sqrt(2 g h) for the 4 m drop
  const v = Math.hypot(w.vx[0], w.vy[0]);
  const drop = 4 - (w.y[0] - 0.5 * n[1]);
  assert.ok(Math.abs(v - Math.sqrt(2 * 10 * drop)) < 1e-6 * v, `${v} vs ${Math.sqrt(2 * 10 * drop)}`);
});

test("gravity in 3D: a sphere rolls off a box top and lands on a plane", () => {
  const w = new World3D({ gravity: [0, 0, -10], restitution: 0.5 });
  w.addPlane(0, 0, 0, 0, 0, 1, "floor");
  w.addBox(-2, -2, 0, 2, 2, 1, "table");
  w.addBody({ x: 0, y: 0, z: 3, vx: 2, radius: 0.5 });
  for (let k = 0; k < 50; k++) assert.equal(w.advance(0.1).complete, true);
  assert.ok(w.x[0] > 2);
  assert.ok(Math.abs(w.z[0] - 0.5) < 1e-9);
});

test("a clone of a world under gravity, with sleepers and supports, goes on bit for bit like the original", () => {
  const w = new World2D({ gravity: [0, -9.81], restitution: 0.5, bounds: { min: [0, 0], max: [4, 4] } });
  w.addBody({ id: "peg", x: 2, y: 1, radius: 0.2, fixed: true });
  for (let k = 0; k < 12; k++) w.addBody({ x: 0.3 + 0.3 * k, y: 2 + 0.13 * (k % 5), vx: 0.1 * (k % 3), radius: 0.1 });
  for (let f = 0; f < 60; f++) w.advance(1 / 60);
  const twin = w.clone();
  let a = 0, b = 0;
  for (let f = 0; f < 120; f++) {
    a = eventHash(w.advance(1 / 60) && w.events, a);
    b = eventHash(twin.advance(1 / 60) && twin.events, b);
  }
  assert.equal(a, b);
  assert.deepEqual(Array.from(twin.y.subarray(0, twin.n)), Array.from(w.y.subarray(0, w.n)));
});

test("giving a sleeping body a velocity wakes it, and it moves", () => {
  const w = new World2D({ gravity: [0, -9.81], restitution: 0.5, bounds: { min: [0, 0], max: [10, 10] } });
  const b = w.addBody({ x: 5, y: 0.5, radius: 0.5 });
  w.advance(0.1);
  assert.ok(w.flags[b] & 4, "asleep on the floor");
  w.setVelocity(b, 1, 3);
  assert.equal(w.flags[b] & 4, 0);
  w.advance(0.1);
  assert.ok(w.x[b] > 5.09 && w.y[b] > 0.5, `moved to (${w.x[b]}, ${w.y[b]})`);
});

test("removing the ball a sleeper rests on wakes the sleeper, and it falls", () => {
  const w = new World2D({ gravity: [0, -9.81], restitution: 0.5, bounds: { min: [0, 0], max: [10, 10] } });
  const bottom = w.addBody({ x: 5, y: 0.5, radius: 0.5 });
  const top = w.addBody({ x: 5, y: 1.5, radius: 0.5 });
  w.advance(0.5);
  assert.ok(w.flags[top] & 4, "the top ball sleeps on the bottom one");
  w.removeBody(bottom);
  assert.equal(w.flags[top] & 4, 0, "woken");
  for (let k = 0; k < 5; k++) w.advance(1);
  assert.ok(Math.abs(w.y[top] - 0.5) < 1e-9, `fell to the floor and settled: y = ${w.y[top]}`);
});
