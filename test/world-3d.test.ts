import { test } from "node:test";
import assert from "node:assert/strict";
import { World3D, HIT_BODY, HIT_WALL } from "../src/index.js";
import { eventHash, randomGas3 } from "./support/scenes.js";

test("spheres collide head-on at the exact time and exchange velocities", () => {
  const w = new World3D();
  w.addBody({ id: "a", x: 0, y: 0, z: 0, vz: 1, radius: 1 });
  w.addBody({ id: "b", x: 0, y: 0, z: 6, vz: -1, radius: 1 });
  w.advance(4);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 2);
  assert.deepEqual([w.events.nx[0], w.events.ny[0], w.events.nz[0]], [0, 0, 1]);
  assert.deepEqual([w.vz[0], w.vz[1]], [-1, 1]);
});

test("Newton's cradle works in 3D along a diagonal", () => {
  const w = new World3D();
  const d = 2 / Math.sqrt(3);
  w.addBody({ x: -3, y: -3, z: -3, vx: 1, vy: 1, vz: 1, radius: 1 });
  for (let k = 0; k < 4; k++) w.addBody({ x: k * d, y: k * d, z: k * d, radius: 1 });
  w.advance(10);
  const speed = (i: number): number => Math.hypot(w.vx[i], w.vy[i], w.vz[i]);
  for (let i = 0; i < 4; i++) assert.ok(speed(i) < 1e-12, `ball ${i} moves at ${speed(i)}`);
  assert.ok(Math.abs(speed(4) - Math.sqrt(3)) < 1e-12);
});

test("planes, boxes and triangles reflect a sphere with the right normal", () => {
  const w = new World3D();
  w.addBody({ id: "down", x: 0, y: 0, z: 5, vz: -2, radius: 1 });
  w.addPlane(0, 0, 0, 0, 0, 1, "floor");
  w.addBody({ id: "side", x: 20, y: 0, z: 5, vx: 3, radius: 1 });
  w.addBox(25, -2, 3, 27, 2, 7, "block");
  w.addBody({ id: "tri", x: -20, y: 0.2, z: 5, vy: -1, radius: 0.5 });
  w.addTriangle(-25, -1, 0, -15, -1, 0, -20, -1, 10, "pane");
  w.advance(3);
  const byBody = new Map<number, number>();
  for (let k = 0; k < w.events.count; k++) {
    assert.equal(w.events.kind[k], HIT_WALL);
    byBody.set(w.events.a[k], k);
  }
  const floor = byBody.get(0)!;
  assert.equal(w.events.t[floor], 2);
  assert.deepEqual([w.events.nx[floor], w.events.ny[floor], w.events.nz[floor]], [0, 0, -1]);
  assert.equal(w.vz[0], 2);
  const block = byBody.get(1)!;
  // cell crossings rebase the state on the way, so the absolute time is exact to an ulp or two
  assert.ok(Math.abs(w.events.t[block] - 4 / 3) <= 4e-16);
  assert.equal(w.vx[1], -3);
  const pane = byBody.get(2)!;
  assert.ok(Math.abs(w.events.t[pane] - 0.7) < 1e-15);
  assert.equal(w.vy[2], 1);
});

test("an elastic gas of 1,000 spheres keeps its energy to 1e-10 and stays in its box", () => {
  const w = randomGas3(1000, 0.3, 3);
  const e0 = w.kineticEnergy();
  let collisions = 0;
  while (collisions < 200_000) collisions += w.advance(0.05).collisions;
  for (let i = 0; i < w.n; i++) {
    const r = w.r[i];
    for (const [p, lo, hi] of [[w.x[i], w.minX, w.maxX], [w.y[i], w.minY, w.maxY], [w.z[i], w.minZ, w.maxZ]]) {
      assert.ok(p - r >= lo - 1e-9 && p + r <= hi + 1e-9);
    }
  }
  const drift = Math.abs(w.kineticEnergy() - e0) / e0;
  console.log(`# gas 3D: ${collisions} collisions, relative energy drift ${drift.toExponential(2)}`);
  assert.ok(drift < 1e-10);
  const [px, py, pz] = w.momentum();
  assert.ok(Number.isFinite(px + py + pz));
});

test("the 3D event log is bit-identical across runs and after restore", () => {
  const run = (): number => {
    const w = randomGas3(300, 0.3, 5);
    let h = 0;
    for (let k = 0; k < 10; k++) {
      w.advance(0.05);
      h = eventHash(w.events, h);
    }
    return h;
  };
  assert.equal(run(), run());
  const w = randomGas3(300, 0.3, 6);
  w.advance(0.2);
  const snap = w.snapshot();
  w.advance(0.2);
  const a = eventHash(w.events);
  w.restore(snap);
  w.advance(0.2);
  assert.equal(eventHash(w.events), a);
  assert.ok(Array.from(w.events.kind.subarray(0, w.events.count)).includes(HIT_BODY));
});

test("3D bad input names the body and field", () => {
  const w = new World3D();
  assert.throws(() => w.addBody({ id: "s", x: 0, y: 0, z: Infinity, radius: 1 }), /body "s": z must be a finite number, got Infinity/);
  assert.throws(() => w.addPlane(0, 0, 0, 0, 0, 0, "p"), /plane "p": normal must not be zero/);
  assert.throws(() => w.addBox(0, 0, 0, -1, 1, 1, "b"), /box "b": min must not exceed max/);
  w.addBody({ id: "u", x: 0, y: 0, z: 0.5, radius: 1 });
  w.addPlane(0, 0, 0, 0, 0, 1, "floor");
  assert.throws(() => w.advance(1), /body "u" overlaps wall "floor" at the start/);
});
