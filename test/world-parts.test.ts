// The worlds' optional parts (src/world/parts.ts): World2D / World3D from carom/2d and carom/3d
// carry no kernels for accelerated bodies until `carom/2d/gravity` / `carom/3d/gravity` is
// imported, and no periodic bounds until `carom/2d/periodic` / `carom/3d/periodic`; before
// that, asking for them is a RangeError that names the import, and after it the world runs
// exactly as the root package's does. This file imports neither the root nor a part's module
// statically (each test file runs in its own process).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SENSOR_ENTER, SENSOR_EXIT, World2D } from "../src/exports/2d.js";
import { World3D } from "../src/exports/3d.js";
import { hasPart } from "../src/world/parts.js";

test("without the part: gravity and own accelerations are RangeErrors naming the import; linear worlds run", async () => {
  assert.equal(hasPart("gravity", 2), false);
  assert.throws(() => new World2D({ gravity: [0, -9.81] }), (e: unknown) => e instanceof RangeError && /gravity needs `import "carom\/2d\/gravity";`/.test(e.message));
  assert.throws(() => new World3D({ gravity: [0, 0, -1] }), (e: unknown) => e instanceof RangeError && /carom\/3d\/gravity/.test(e.message));
  const w = new World2D({ gravity: [0, 0], bounds: { min: [0, 0], max: [10, 10] } });
  assert.throws(() => { w.gravity = [0, -1]; }, /carom\/2d\/gravity/);
  assert.throws(() => w.addBody({ id: "b", x: 5, y: 5, ay: -1, radius: 1 }), /body "b": an acceleration needs `import "carom\/2d\/gravity";`/);
  assert.equal(w.bodyCount, 0, "the rejected body left nothing behind");
  assert.throws(() => new World2D({ restSpeed: 0.1 }), /restSpeed \(resting contact\) needs `import "carom\/2d\/gravity";`/);
  new World2D({ restSpeed: 0 }); // resting contact off: nothing needed
  w.addBody({ x: 2, y: 5, vx: 1, radius: 1 });
  w.advance(10);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 7); // the right face at x = 9, reached at t = 7
});

test("periodic bounds: a RangeError naming carom/2d/periodic until it is imported, then bodies wrap exactly", async () => {
  assert.equal(hasPart("periodic", 2), false);
  const options = { bounds: { min: [0, 0] as [number, number], max: [10, 10] as [number, number], periodic: true } };
  assert.throws(() => new World2D(options), (e: unknown) => e instanceof RangeError && /bounds.periodic needs `import "carom\/2d\/periodic";`/.test(e.message));
  assert.throws(() => new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10], periodic: [false, false, true] } }), /carom\/3d\/periodic/);
  await import("../src/exports/2d/periodic.js");
  assert.equal(hasPart("periodic", 3), false, "installing 2D leaves 3D out");
  const w = new World2D(options);
  w.addBody({ x: 9, y: 5, vx: 1, radius: 1 });
  w.addBody({ x: 3, y: 5, vx: 0, radius: 1 });
  // Body 0 leaves through x = 10 at t = 1, comes back at x = 0 and meets body 1 (centre gap 2) at t = 2.
  w.advance(2.5);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 2);
  assert.deepEqual([w.x[0], w.x[1], w.periodic.image(0)[0]], [1, 3.5, 1]);
  await import("../src/exports/3d/periodic.js");
  const w3 = new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10], periodic: true } });
  w3.addBody({ x: 5, y: 5, z: 9.5, vz: 1, radius: 1 });
  w3.advance(1);
  assert.deepEqual([w3.z[0], w3.periodic.image(0)[2], w3.events.count], [0.5, 1, 0]);
});

test("aim lines: predictPath is a RangeError naming carom/2d/paths until it is imported, then follows the bounces", async () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, vx: 1, vy: 1, radius: 1 });
  assert.throws(() => w.predictPath(0, 4), /predictPath needs `import "carom\/2d\/paths";`/);
  await import("../src/exports/2d/paths.js");
  // Up and right to the corner faces: x = 9 and y = 9 both at t = 4.
  assert.deepEqual(w.predictPath(0, 4).points, [5, 5, 9, 9]);
});

test("sensors: a RangeError naming carom/2d/sensors until it is imported, then exact enter and exit", async () => {
  const w = new World2D({});
  assert.throws(() => w.addBody({ id: "goal", x: 5, y: 0, radius: 1, fixed: true, sensor: true }), /body "goal": a sensor needs `import "carom\/2d\/sensors";`/);
  assert.equal(w.bodyCount, 0);
  await import("../src/exports/2d/sensors.js");
  w.addBody({ id: "goal", x: 5, y: 0, radius: 1, fixed: true, sensor: true });
  w.addBody({ x: 0, y: 0, vx: 1, radius: 1 });
  // The ball's surface touches the goal's at x = 3 (t = 3) and leaves it at x = 7 (t = 7).
  w.advance(10);
  assert.deepEqual([...w.events.t.slice(0, w.events.count)], [3, 7]);
  assert.deepEqual([...w.events.kind.slice(0, w.events.count)], [SENSOR_ENTER, SENSOR_EXIT]);
});

test("snapshots: snapshot, restore and clone are RangeErrors naming carom/2d/snapshots until it is imported, then bit for bit", async () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 2, y: 3, vx: 1.25, vy: 0.5, radius: 0.5 });
  w.addBody({ x: 7, y: 6, vx: -0.75, vy: -1, radius: 0.75 });
  assert.throws(() => w.snapshot(), /snapshot needs `import "carom\/2d\/snapshots";`/);
  assert.throws(() => w.clone(), /clone needs `import "carom\/2d\/snapshots";`/);
  await import("../src/exports/2d/snapshots.js");
  w.advance(3);
  const s = w.snapshot(), c = w.clone();
  w.advance(20);
  const end = [w.x[0], w.y[0], w.x[1], w.y[1]];
  w.restore(s);
  w.advance(20);
  c.advance(20);
  assert.deepEqual([w.x[0], w.y[0], w.x[1], w.y[1]], end);
  assert.deepEqual([c.x[0], c.y[0], c.x[1], c.y[1]], end);
});

test("moving walls: setWallVelocity is a RangeError naming carom/2d/moving-walls until it is imported, then a paddle reflects exactly", async () => {
  const w = new World2D({});
  const paddle = w.addSegment(10, -5, 10, 5);
  w.setWallVelocity(paddle, 0, 0); // standing still needs nothing
  assert.throws(() => w.setWallVelocity(paddle, -1, 0), /setWallVelocity needs `import "carom\/2d\/moving-walls";`/);
  await import("../src/exports/2d/moving-walls.js");
  w.setWallVelocity(paddle, -1, 0);
  w.addBody({ x: 0, y: 0, vx: 1, radius: 1 });
  // Closing at 2 from a gap of 9: contact at t = 4.5 (x = 5.5), and the ball leaves at -1 - 2 = -3.
  w.advance(5);
  assert.deepEqual([w.events.count, w.events.t[0], w.vx[0]], [1, 4.5, -3]);
});

test("with the part: a dropped ball meets the floor at the analytic time, in 2D and 3D, as from the root", async () => {
  await import("../src/exports/2d/gravity.js");
  assert.equal(hasPart("gravity", 2), true);
  assert.equal(hasPart("gravity", 3), false, "installing 2D leaves 3D out");
  assert.throws(() => new World3D({ gravity: [0, 0, -1] }), /carom\/3d\/gravity/);
  const g = 9.81, h = 4;
  const w2 = new World2D({ gravity: [0, -g], restitution: 1, bounds: { min: [-10, 0], max: [10, 100] } });
  w2.addBody({ x: 0, y: h + 1, radius: 1 });
  w2.advance(1);
  assert.equal(w2.events.count, 1);
  assert.ok(Math.abs(w2.events.t[0] - Math.sqrt(2 * h / g)) <= 4 * Number.EPSILON);
  await import("../src/exports/3d/gravity.js");
  const w3 = new World3D({ gravity: [0, 0, -g], restitution: 1 });
  w3.addPlane(0, 0, 0, 0, 0, 1);
  w3.addBody({ x: 0, y: 0, z: h + 1, radius: 1 });
  w3.advance(1);
  assert.equal(w3.events.count, 1);
  assert.ok(Math.abs(w3.events.t[0] - Math.sqrt(2 * h / g)) <= 4 * Number.EPSILON);
  // The root package's worlds are the same classes with the same part: same bits. (Last: the
  // root installs every part.)
  const root = await import("../src/index.js");
  const r2 = new root.World2D({ gravity: [0, -g], restitution: 1, bounds: { min: [-10, 0], max: [10, 100] } });
  r2.addBody({ x: 0, y: h + 1, radius: 1 });
  r2.advance(1);
  assert.ok(Object.is(r2.events.t[0], w2.events.t[0]) && Object.is(r2.y[0], w2.y[0]));
});
