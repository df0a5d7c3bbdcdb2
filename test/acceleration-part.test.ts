// The acceleration part: World2D / World3D from carom/2d and carom/3d carry no kernels for
// accelerated bodies until `carom/2d/gravity` / `carom/3d/gravity` is imported; before that,
// asking for an acceleration is a RangeError that names the import, and after it the world
// falls exactly as the root package's does. This file imports neither the root nor a gravity
// module statically (each test file runs in its own process).
import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D } from "../src/2d.js";
import { World3D } from "../src/3d.js";
import { hasAcceleration } from "../src/world/acceleration-part.js";

test("without the part: gravity and own accelerations are RangeErrors naming the import; linear worlds run", async () => {
  assert.equal(hasAcceleration(2), false);
  assert.throws(() => new World2D({ gravity: [0, -9.81] }), (e: unknown) => e instanceof RangeError && /gravity needs the acceleration part: add `import "carom\/2d\/gravity";`/.test(e.message));
  assert.throws(() => new World3D({ gravity: [0, 0, -1] }), (e: unknown) => e instanceof RangeError && /carom\/3d\/gravity/.test(e.message));
  const w = new World2D({ gravity: [0, 0], bounds: { min: [0, 0], max: [10, 10] } });
  assert.throws(() => { w.gravity = [0, -1]; }, /carom\/2d\/gravity/);
  assert.throws(() => w.addBody({ id: "b", x: 5, y: 5, ay: -1, radius: 1 }), /body "b": an acceleration needs the acceleration part/);
  assert.equal(w.bodyCount, 0, "the rejected body left nothing behind");
  w.addBody({ x: 2, y: 5, vx: 1, radius: 1 });
  w.advance(10);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 7); // the right face at x = 9, reached at t = 7
});

test("with the part: a dropped ball meets the floor at the analytic time, in 2D and 3D, as from the root", async () => {
  await import("../src/2d-gravity.js");
  assert.equal(hasAcceleration(2), true);
  assert.equal(hasAcceleration(3), false, "installing 2D leaves 3D out");
  assert.throws(() => new World3D({ gravity: [0, 0, -1] }), /carom\/3d\/gravity/);
  const g = 9.81, h = 4;
  const w2 = new World2D({ gravity: [0, -g], restitution: 1, bounds: { min: [-10, 0], max: [10, 100] } });
  w2.addBody({ x: 0, y: h + 1, radius: 1 });
  w2.advance(1);
  assert.equal(w2.events.count, 1);
  assert.ok(Math.abs(w2.events.t[0] - Math.sqrt(2 * h / g)) <= 4 * Number.EPSILON);
  await import("../src/3d-gravity.js");
  const w3 = new World3D({ gravity: [0, 0, -g], restitution: 1 });
  w3.addPlane(0, 0, 0, 0, 0, 1);
  w3.addBody({ x: 0, y: 0, z: h + 1, radius: 1 });
  w3.advance(1);
  assert.equal(w3.events.count, 1);
  assert.ok(Math.abs(w3.events.t[0] - Math.sqrt(2 * h / g)) <= 4 * Number.EPSILON);
  // The root package's worlds are the same classes with the same part: same bits.
  const root = await import("../src/index.js");
  const r2 = new root.World2D({ gravity: [0, -g], restitution: 1, bounds: { min: [-10, 0], max: [10, 100] } });
  r2.addBody({ x: 0, y: h + 1, radius: 1 });
  r2.advance(1);
  assert.ok(Object.is(r2.events.t[0], w2.events.t[0]) && Object.is(r2.y[0], w2.y[0]));
});
