/** Sensors of more shapes (issue 29, item 3): box sensors in 2D and 3D, segments that report crossings, triangles and planes, at exact times. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D, World3D, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT, type CollisionEvent } from "../src/index.js";
import { Random } from "./support/random.js";
import { signedDistanceToBox } from "./support/brute-force-2d.js";

const ULP = 2 ** -52;
const near = (a: number, b: number, ulps = 4): boolean => Math.abs(a - b) <= ulps * ULP * Math.max(Math.abs(a), Math.abs(b), 1);

test("a box sensor reports enter and exit at the analytic times, and exchanges nothing (2D and 3D)", () => {
  // Ball r = 0.5 from x = 0 at vx = 2 through the box x in [2, 4]: enters at x = 1.5 (t = 0.75), leaves at x = 4.5 (t = 2.25).
  const w = new World2D();
  const zone = w.addBox(2, -1, 4, 1, { id: "zone", sensor: true });
  w.addBody({ x: 0, y: 0, vx: 2, vy: 0, radius: 0.5 });
  w.advance(5);
  assert.deepEqual([...w.events].map((e) => [e.kind, e.a, e.b, e.t, e.nx, e.impulse]), [[WALL_SENSOR_ENTER, 0, zone, 0.75, 1, 0], [WALL_SENSOR_EXIT, 0, zone, 2.25, -1, 0]]);
  assert.deepEqual([w.x[0], w.vx[0]], [10, 2]);
  // 3D: past the box's edge: the ball (r = 1) at y = z = 2.5 over a box [0, 2]^3 touches its edge
  // (y = z = 2) when (x - 0)^2... enters at the face x = 0 region? No: its centre is 0.5 from the
  // edge line in y and z: the distance to the edge is sqrt(0.5) < 1, so it overlaps over x in
  // [-sqrt(0.5), 2 + sqrt(0.5)]: enter at x = -sqrt(0.5), leave at 2 + sqrt(0.5).
  const v = new World3D();
  const box = v.addBox(0, 0, 0, 2, 2, 2, { sensor: true });
  v.addBody({ x: -3, y: 2.5, z: 2.5, vx: 1, radius: 1 });
  v.advance(8);
  const ev = [...v.events];
  assert.deepEqual(ev.map((e) => [e.kind, e.b]), [[WALL_SENSOR_ENTER, box], [WALL_SENSOR_EXIT, box]]);
  assert.ok(near(ev[0].t, 3 - Math.sqrt(0.5)), `enter ${ev[0].t}`);
  assert.ok(near(ev[1].t, 5 + Math.sqrt(0.5)), `exit ${ev[1].t}`);
});

test("box sensors on random paths report exactly the overlaps a fine brute-force scan finds, each at a touching instant (2D)", () => {
  const rnd = new Random(29);
  let checked = 0;
  for (let k = 0; k < 60; k++) {
    const w = new World2D();
    const x0 = rnd.range(-2, 2), y0 = rnd.range(-2, 2), x1 = x0 + rnd.range(0.2, 3), y1 = y0 + rnd.range(0.2, 3);
    w.addBox(x0, y0, x1, y1, { sensor: true });
    const r = rnd.range(0.05, 1);
    const px = rnd.range(-8, 8), py = rnd.range(-8, 8);
    const vx = -px / 4 + rnd.range(-1, 1), vy = -py / 4 + rnd.range(-1, 1);
    w.addBody({ x: px, y: py, vx, vy, radius: r });
    w.advance(10);
    const dist = (t: number): number => signedDistanceToBox(px + t * vx, py + t * vy, x0, y0, x1, y1);
    // brute force: the overlap state on a fine grid of times
    const transitions: number[] = [];
    let inside = dist(0) < r;
    if (inside) transitions.push(0);
    for (let s = 1; s <= 20000; s++) {
      const now = dist((10 * s) / 20000) < r;
      if (now !== inside) transitions.push((10 * s) / 20000);
      inside = now;
    }
    const ev = [...w.events];
    assert.equal(ev.length, transitions.length, `case ${k}: ${ev.length} events, brute force ${transitions.length}`);
    ev.forEach((e, m) => {
      assert.equal(e.kind, m % 2 === 0 ? WALL_SENSOR_ENTER : WALL_SENSOR_EXIT);
      assert.ok(Math.abs(e.t - transitions[m]) <= 10 / 20000 + 1e-12, `case ${k}: event ${m} at ${e.t}, brute force near ${transitions[m]}`);
      if (e.t > 0) assert.ok(Math.abs(dist(e.t) - r) <= 1e-12 * (1 + Math.abs(px) + Math.abs(vx) * 10), `case ${k}: touching at ${e.t}: ${dist(e.t)} vs ${r}`);
      checked++;
    });
  }
  assert.ok(checked > 40, `${checked} events checked`);
});

test("a segment sensor reports a crossing (a finish line): enter and exit with the side in the normal", () => {
  const w = new World2D();
  const finish = w.addSegment(10, -2, 10, 2, { id: "finish", sensor: true });
  const car = w.addBody({ x: 0, y: 1, vx: 4, vy: 0.1, radius: 0.5 });
  const back = w.addBody({ x: 14, y: -1, vx: -2, radius: 0.25 });
  const crossed: CollisionEvent[] = [];
  w.on("sensorExit", (e) => crossed.push({ ...e }));
  w.advance(5);
  assert.deepEqual(crossed.map((e) => [e.a, e.b, e.kind]), [[back, finish, WALL_SENSOR_EXIT], [car, finish, WALL_SENSOR_EXIT]]);
  // the car leaves when its centre is 0.5 past the line: x = 10.5 at t = 2.625; the other at x = 9.75, t = 2.125
  const byBody = new Map(crossed.map((e) => [e.a, e]));
  assert.equal(byBody.get(car)!.t, 2.625);
  assert.equal(byBody.get(car)!.nx, -1, "left it on the +x side (the normal points back at the line)");
  assert.equal(byBody.get(back)!.t, 2.125);
  assert.equal(byBody.get(back)!.nx, 1);
  assert.ok(w.x[car] === 20 && w.vx[car] === 4, "a sensor changes no motion");
});

test("triangle and plane sensors in 3D; a box sensor met under gravity at the times of the parabola", () => {
  const w = new World3D();
  const tri = w.addTriangle(5, -2, -2, 5, 4, -2, 5, -2, 4, { sensor: true });
  const plane = w.addPlane(8, 0, 0, -1, 0, 0, { sensor: true }); // solid behind: x >= 8
  w.addBody({ x: 0, y: 0, z: 0, vx: 2, radius: 0.5 });
  w.advance(6);
  assert.deepEqual([...w.events].map((e) => [e.kind, e.b, e.t]), [
    [WALL_SENSOR_ENTER, tri, 2.25], [WALL_SENSOR_EXIT, tri, 2.75], [WALL_SENSOR_ENTER, plane, 3.75],
  ]);
  // gravity: y = 10 - 5 t^2, r = 0.5, box y in [2, 4]: enter at y = 4.5, leave at y = 1.5
  const g = new World2D({ gravity: [0, -10] });
  const zone = g.addBox(-1, 2, 1, 4, { sensor: true });
  g.addBody({ x: 0, y: 10, radius: 0.5 });
  g.advance(1.5);
  const ev = [...g.events];
  assert.deepEqual(ev.map((e) => [e.kind, e.b]), [[WALL_SENSOR_ENTER, zone], [WALL_SENSOR_EXIT, zone]]);
  assert.ok(near(ev[0].t, Math.sqrt(5.5 / 5)), `enter ${ev[0].t}`);
  assert.ok(near(ev[1].t, Math.sqrt(8.5 / 5)), `exit ${ev[1].t}`);
});

test("a moving box sensor, a body starting inside one, masks, and a clone that goes on alike", () => {
  const w = new World2D();
  const zone = w.addBox(10, -1, 12, 1, { sensor: true, group: 2 });
  w.setWallVelocity(zone, -2, 0);
  const still = w.addBody({ x: 0, y: 0, radius: 0.5 });
  const blind = w.addBody({ x: 0, y: 5, radius: 0.5, mask: 1 }); // does not see group 2
  const inside = w.addBody({ x: 11, y: 0.8, vx: -2, radius: 0.1 }); // moves with the zone, past the still ball
  w.advance(0);
  assert.deepEqual([...w.events].map((e) => [e.kind, e.a, e.t]), [[WALL_SENSOR_ENTER, inside, 0]]);
  const c = w.clone();
  w.advance(10);
  c.advance(10);
  // the zone's left side reaches x = 0.5 at t = 4.75; its right side leaves it at t = 5.75 (12 - 2 t = -0.5)
  assert.deepEqual([...w.events].map((e) => [e.kind, e.a, e.t]), [[WALL_SENSOR_ENTER, still, 4.75], [WALL_SENSOR_EXIT, still, 6.25]]);
  assert.deepEqual([...c.events], [...w.events]);
  assert.ok(![...w.events].some((e) => e.a === blind));
});

test("a body added inside a sensor wall or a sensor body while the world runs enters at once", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [20, 20] } });
  const zone = w.addBox(10, 10, 14, 14, { sensor: true });
  const eye = w.addBody({ x: 4, y: 15, radius: 2, fixed: true, sensor: true });
  w.addBody({ x: 1, y: 1, vx: 1, radius: 0.5 });
  w.advance(1);
  let added = -1;
  w.onCollision = () => {};
  const a = w.addBody({ x: 12, y: 12, radius: 0.5 }); // at rest inside the zone
  const b = w.addBody({ x: 4, y: 15.5, radius: 0.2 }); // at rest inside the sensor body
  added = a;
  w.advance(1);
  const entered = [...w.events].map((e) => [e.kind, e.a, e.b, e.t]);
  assert.deepEqual(entered, [[3, eye, b, 1], [WALL_SENSOR_ENTER, added, zone, 1]]);
});
