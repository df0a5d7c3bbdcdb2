/** Game features of the world: safe mutation, wall removal, moving walls, sensors, strict options, hostile input. */
import test from "node:test";
import assert from "node:assert/strict";
import { World2D, World3D, HIT_WALL, HIT_BODY, SENSOR_ENTER, SENSOR_EXIT } from "../src/index.js";
import { randomGas2 } from "./support/scenes.js";

test("removing, adding and re-aiming bodies inside onCollision over thousands of events: every contact exact, no overlap ever, energy accounted (brute-force checks)", () => {
  const w = randomGas2(150, 0.3, 3);
  const L = w.maxX;
  const alive = (i: number): boolean => (w.flags[i] & 1) !== 0;
  const removed = new Set<number>();
  let expectedEnergy = w.kineticEnergy();
  let seen = 0, removals = 0, additions = 0, aims = 0;
  w.onCollision = (e) => {
    seen++;
    if (e.kind !== HIT_BODY) return;
    assert.ok(!removed.has(e.a) && !removed.has(e.b), "no event names a removed body");
    // the two bodies touch exactly (their states are current inside the callback)
    const d = Math.hypot(w.x[e.a] - w.x[e.b], w.y[e.a] - w.y[e.b]);
    assert.ok(Math.abs(d - 1) < 1e-12, `contact distance ${d}`);
    if (seen % 37 === 0 && w.bodyCount > 100) {
      expectedEnergy -= 0.5 * (w.vx[e.b] ** 2 + w.vy[e.b] ** 2);
      w.removeBody(e.b);
      removed.add(e.b);
      removals++;
    } else if (seen % 41 === 0) {
      // re-aim body a: the energy changes by exactly the difference
      expectedEnergy += 0.5 * (9 + 16 - w.vx[e.a] ** 2 - w.vy[e.a] ** 2);
      w.setVelocity(e.a, 3, -4);
      aims++;
    } else if (seen % 23 === 0 && additions < 40) {
      // a new body at a free spot (checked against every body's current position)
      const x = 0.6 + ((seen * 7.3) % (L - 1.2)), y = 0.6 + ((seen * 3.1) % (L - 1.2));
      const t = w.now;
      let free = true;
      for (let i = 0; i < w.n; i++) {
        if (!alive(i)) continue;
        // (other bodies' arrays hold their state at their own last update: predict them here)
        const p = w.predictPath(i, 0, 0).points;
        if (Math.hypot(p[0] - x, p[1] - y) < 1.001) free = false;
      }
      assert.equal(w.now, t);
      if (free) {
        const i = w.addBody({ x, y, vx: -2, vy: 1, radius: 0.5 });
        removed.delete(i);
        expectedEnergy += 0.5 * 5;
        additions++;
      }
    }
  };
  for (let s = 0; s < 400; s++) {
    w.advance(0.01);
    // brute force: no two live bodies overlap, all are inside the box
    for (let i = 0; i < w.n; i++) {
      if (!alive(i)) continue;
      assert.ok(w.x[i] >= 0.5 - 1e-9 && w.x[i] <= L - 0.5 + 1e-9 && w.y[i] >= 0.5 - 1e-9 && w.y[i] <= L - 0.5 + 1e-9);
      for (let j = i + 1; j < w.n; j++) {
        if (alive(j)) assert.ok(Math.hypot(w.x[i] - w.x[j], w.y[i] - w.y[j]) >= 1 - 1e-9, `bodies ${i} and ${j} overlap`);
      }
    }
  }
  assert.ok(seen > 2000 && removals > 10 && additions > 10 && aims > 10, `${seen} events, ${removals} removed, ${additions} added, ${aims} re-aimed`);
  assert.ok(Math.abs(w.kineticEnergy() - expectedEnergy) < 1e-9 * expectedEnergy, `energy ${w.kineticEnergy()} vs ${expectedEnergy}`);
});

test("setVelocity inside onCollision gives the same run as a world rebuilt at that instant", () => {
  const mk = (): World2D => {
    const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
    w.addBody({ x: 2, y: 5, vx: 3, vy: 0.5, radius: 0.5 });
    w.addBody({ x: 8, y: 5.2, vx: -2, vy: 0, radius: 0.5 });
    return w;
  };
  const a = mk();
  let tHit = -1;
  a.onCollision = (e) => {
    if (tHit < 0 && e.kind === HIT_BODY) {
      tHit = e.t;
      a.setVelocity(0, -1, 1);
    }
  };
  a.advance(4);
  // reference: advance to the first contact, then set the velocity between calls
  const b = mk();
  b.advance(tHit);
  // b's first contact is at tHit exactly; after it, the same velocity change
  b.setVelocity(0, -1, 1);
  b.advance(4 - tHit);
  assert.ok(Math.abs(a.x[0] - b.x[0]) < 1e-9 && Math.abs(a.y[0] - b.y[0]) < 1e-9);
  assert.ok(Math.abs(a.x[1] - b.x[1]) < 1e-9 && Math.abs(a.y[1] - b.y[1]) < 1e-9);
});

test("removeWall: a removed wall has no contacts after its removal, and its number is refused afterwards", () => {
  const w = new World2D();
  const seg = w.addSegment(5, -10, 5, 10);
  w.addBody({ x: 0, y: 0, vx: 1, radius: 0.5 });
  w.advance(1);
  w.removeWall(seg);
  w.advance(10);
  assert.equal(w.events.count, 0);
  assert.ok(Math.abs(w.x[0] - 11) < 1e-12);
  assert.throws(() => w.removeWall(seg), /no wall with number 0/);
  assert.equal(w.wallIndexOf("wall-0"), -1);
});

test("a paddle wall moving at constant speed reflects a ball at the exact analytic time, in its own frame", () => {
  // Ball at x = 0 moving +1; vertical segment paddle at x = 10 moving -1: surfaces meet when
  // 0.5 + t = 10 - t, t = 4.75; in the paddle's frame the ball's normal speed 2 reverses: vx' = -3.
  const w = new World2D();
  const paddle = w.addSegment(10, -5, 10, 5);
  w.setWallVelocity(paddle, -1, 0);
  w.addBody({ x: 0, y: 0, vx: 1, radius: 0.5 });
  w.advance(6);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 4.75);
  assert.equal(w.vx[0], -3);
  assert.equal(w.x[0], 4.75 - 3 * 1.25);
  assert.equal(w.wallData[0], 4); // the paddle moved to x = 10 - 6
});

test("a moving wall squeezing a ball against the container stops instead of spinning or pumping energy", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  const piston = w.addBox(8, 0, 9, 10);
  w.setWallVelocity(piston, -1, 0);
  w.addBody({ x: 4, y: 5, vx: 0.5, vy: 0, radius: 0.5 });
  const r = w.advance(20);
  assert.ok(r.complete);
  const stoppedAt = w.wallData[0];
  w.advance(5);
  assert.equal(w.wallData[0], stoppedAt, "the piston stopped");
  const speed = Math.hypot(w.vx[0], w.vy[0]);
  assert.ok(speed < 100, `speed ${speed}`);
  assert.ok(w.x[0] >= 0.5 - 1e-9 && w.x[0] <= w.wallData[0] - 0.5 + 1e-9, "the ball stays between the container and the piston");
});

test("a sensor reports exact enter and exit times and exchanges no impulse", () => {
  // Fixed sensor of radius 1 at x = 5; a ball of radius 0.5 at x = 0 moving +2: enter when
  // 5 - x = 1.5 (x = 3.5, t = 1.75), exit when x - 5 = 1.5 (x = 6.5, t = 3.25).
  const w = new World2D();
  const s = w.addBody({ x: 5, y: 0, radius: 1, fixed: true, sensor: true });
  const b = w.addBody({ x: 0, y: 0, vx: 2, radius: 0.5 });
  const seen: number[] = [];
  w.onCollision = (e) => seen.push(e.kind, e.a, e.b, e.t);
  w.advance(5);
  assert.deepEqual(seen, [SENSOR_ENTER, s, b, 1.75, SENSOR_EXIT, s, b, 3.25]);
  assert.equal(w.events.count, 2);
  assert.equal(w.vx[b], 2);
  assert.equal(w.x[b], 10);
});

test("a moving sensor meets a moving body off centre: enter and exit at the roots of |dp + t dv| = R", () => {
  // Relative motion: dp = (6, 0.6), dv = (-3, 0); R = 1: (6 - 3t)^2 + 0.36 = 1 -> t = 2 -+ 0.8/3.
  const w = new World2D();
  const s = w.addBody({ x: 0, y: 0, vx: 1, radius: 0.25, sensor: true });
  w.addBody({ x: 6, y: 0.6, vx: -2, radius: 0.75 });
  w.advance(5);
  assert.equal(w.events.count, 2);
  assert.equal(w.events.a[0], s);
  assert.ok(Math.abs(w.events.t[0] - (2 - 0.8 / 3)) < 4e-16);
  assert.ok(Math.abs(w.events.t[1] - (2 + 0.8 / 3)) < 4e-16);
  assert.equal(w.events.kind[1], SENSOR_EXIT);
});

test("a body added inside a sensor enters at once; one removed leaves silently", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, radius: 2, fixed: true, sensor: true });
  const b = w.addBody({ x: 1, y: 0, radius: 0.5 });
  w.advance(1);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.kind[0], SENSOR_ENTER);
  w.removeBody(b);
  w.advance(1);
  assert.equal(w.events.count, 0);
});

test("unknown option keys are rejected with a RangeError naming the key and the nearest known one", () => {
  assert.throws(() => new World2D({ restitutoin: 1 } as never), /unknown option "restitutoin" \(did you mean "restitution"\?\)/);
  assert.throws(() => new World3D({ boundz: {} } as never), /unknown option "boundz" \(did you mean "bounds"\?\)/);
  const w = new World2D();
  assert.throws(() => w.addBody({ x: 0, y: 0, raduis: 1 } as never), /body 0: unknown option "raduis" \(did you mean "radius"\?\)/);
  assert.throws(() => new World2D({ bounds: { min: [0, 0], max: [1, 1], periodc: true } as never }), /unknown option "periodc"/);
});

test("coordinates and velocities beyond 1e150 or not finite are RangeErrors naming the field", () => {
  const w = new World2D();
  assert.throws(() => w.addBody({ x: 1e308, y: 0, radius: 1 }), /body 0: x must be at most 1e\+150/);
  assert.throws(() => w.addBody({ x: 0, y: 0, vy: NaN, radius: 1 }), /vy must be a finite number/);
  const i = w.addBody({ x: 0, y: 0, radius: 1 });
  assert.throws(() => w.setVelocity(i, -1.7e308, 0), /vx must be at most/);
  assert.throws(() => w.setPosition(i, 0, Infinity), /y must be a finite number/);
});

test("a disc exactly filling a box is reported as pinned instead of spinning", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [1, 10] } });
  w.addBody({ id: "plug", x: 0.5, y: 5, vx: 1, radius: 0.5 });
  assert.throws(() => w.advance(1), /body "plug" pinned/);
});

test("advance inside a callback is refused", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, vx: 1, radius: 0.5 });
  w.addBody({ x: 3, y: 0, radius: 0.5 });
  w.onCollision = () => w.advance(1);
  assert.throws(() => w.advance(5), /inside a callback/);
});

test("a kinematic body pushing a ball into the container (2D) or a box wall (3D) stops; advance returns and energy stays bounded", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  const pusher = w.addBody({ x: 8, y: 5, vx: -1, radius: 1, fixed: true });
  const ball = w.addBody({ x: 3, y: 5, vx: 0.25, radius: 0.5 });
  const e0 = 0.5 * 0.25 ** 2;
  const r = w.advance(30);
  assert.ok(r.complete);
  assert.equal(w.vx[pusher], 0, "the pusher stopped");
  assert.ok(w.kineticEnergy() < 1e4 * e0, `energy ${w.kineticEnergy()}`);
  assert.ok(w.x[ball] >= 0.5 - 1e-9 && w.x[pusher] - w.x[ball] >= 1.5 - 1e-9);
  const v = new World3D();
  v.addBox(-1, -5, -5, 0, 5, 5);
  const p3 = v.addBody({ x: 6, y: 0, z: 0, vx: -2, radius: 1, fixed: true });
  v.addBody({ x: 2, y: 0.1, z: 0, vx: 0.5, radius: 0.5 });
  assert.ok(v.advance(30).complete);
  assert.equal(v.vx[p3], 0);
  assert.ok(v.kineticEnergy() < 1e4 * 0.5 * 0.25);
});

test("two radius-0 points moving head-on collide (2D and 3D) and bounce back; points that miss by an ulp pass", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, vx: 1, radius: 0 });
  w.addBody({ x: 2, y: 0, vx: -1, radius: 0 });
  w.addBody({ x: 0, y: 5, vx: 1, radius: 0 });
  w.addBody({ x: 2, y: 5 + 2 ** -50, vx: -1, radius: 0 });
  w.advance(2);
  assert.equal(w.events.count, 1);
  assert.equal(w.events.t[0], 1);
  assert.deepEqual([w.vx[0], w.vx[1], w.vx[2], w.vx[3]], [-1, 1, 1, -1]);
  const v = new World3D();
  v.addBody({ x: 0, y: 0, z: 0, vx: 1, vy: 1, vz: 1, radius: 0 });
  v.addBody({ x: 4, y: 4, z: 4, vx: -1, vy: -1, vz: -1, radius: 0 });
  v.advance(3);
  assert.equal(v.events.count, 1);
  assert.equal(v.events.t[0], 2);
  // (the normal (1, 1, 1) / sqrt(3) is rounded: the reflected velocity is -1 to a few ulps)
  assert.ok(Math.abs(v.vx[0] + 1) <= 4 * 2 ** -52 && Math.abs(v.vx[1] - 1) <= 4 * 2 ** -52);
  assert.ok(v.events.impulse[0] > 0);
});

test("under gravity a ball falling onto a rising platform meets it at the analytic time (accelerated motion in the wall's frame)", () => {
  // Ball centre y = 10 - 5 t^2 (g = 10), radius 1; platform (a segment) at y = 1 + 2 t.
  // Contact: 10 - 5 t^2 - 1 = 1 + 2 t  ->  5 t^2 + 2 t - 8 = 0  ->  t = (-2 + sqrt(164)) / 10.
  const w = new World2D({ gravity: [0, -10], restSpeed: 0 });
  const platform = w.addSegment(-5, 1, 5, 1);
  w.setWallVelocity(platform, 0, 2);
  w.addBody({ x: 0, y: 10, radius: 1 });
  w.advance(1.2);
  assert.equal(w.events.count, 1);
  const t = (-2 + Math.sqrt(164)) / 10;
  assert.ok(Math.abs(w.events.t[0] - t) <= 2 * 2 ** -52 * t, `t = ${w.events.t[0]}, expected ${t}`);
  // in the platform's frame the ball arrives at -10 t - 2 and leaves at 10 t + 2: vy = 10 t + 4
  assert.equal(w.events.kind[0], HIT_WALL);
  const vy = 10 * t + 4 - 10 * (1.2 - t);
  assert.ok(Math.abs(w.vy[0] - vy) < 1e-12, `vy ${w.vy[0]} vs ${vy}`);
});

test("a clone of a world with a sensor, a moving wall and a body inside the sensor goes on exactly like the original", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [20, 10] } });
  w.addBody({ x: 10, y: 5, radius: 2, fixed: true, sensor: true });
  const paddle = w.addSegment(18, 2, 18, 8);
  w.setWallVelocity(paddle, -0.5, 0);
  w.addBody({ x: 3, y: 5.5, vx: 3, vy: 0.7, radius: 0.5 });
  w.addBody({ x: 9, y: 5, vx: -1, vy: 0.2, radius: 0.5 });
  w.advance(0.5); // body 2 is inside the sensor now
  const c = w.clone();
  const kinds = (x: World2D): number[] => Array.from(x.events.kind.subarray(0, x.events.count));
  const times = (x: World2D): number[] => Array.from(x.events.t.subarray(0, x.events.count));
  for (let k = 0; k < 10; k++) {
    w.advance(1);
    c.advance(1);
    assert.deepEqual(kinds(c), kinds(w));
    assert.deepEqual(times(c), times(w));
  }
  assert.deepEqual([c.x[1], c.y[1], c.x[2], c.y[2]], [w.x[1], w.y[1], w.x[2], w.y[2]]);
  assert.deepEqual(Array.from(c.wallData.subarray(0, 4)), Array.from(w.wallData.subarray(0, 4)));
});
