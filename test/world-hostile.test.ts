/**
 * The world against a second red team (issue 34): exceptions from the user's callbacks, moving
 * walls pumping energy, sleepers left floating, extreme values, and input that gave internal
 * errors. Each case was a wrong result, a hang or a stack trace before its fix.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HIT_BODY, HIT_WALL, World2D, World3D, sceneFromWorld, worldFromScene, formatScene, parseScene } from "../src/index.js";
import { randomGas2, randomGas3 } from "./support/scenes.js";
import { carom, ensureBuilt, tempDir } from "./support/cli.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Every live body inside the container (to within 1e-9) and no two overlapping (brute force). */
function assertSound(w: World2D | World3D, what: string): void {
  const d3 = w instanceof World3D;
  const z = d3 ? (w as World3D).z : null;
  for (let i = 0; i < w.n; i++) {
    if ((w.flags[i] & 1) === 0) continue;
    const r = w.r[i];
    const inside = w.x[i] >= w.minX + r - 1e-9 && w.x[i] <= w.maxX - r + 1e-9 && w.y[i] >= w.minY + r - 1e-9 && w.y[i] <= w.maxY - r + 1e-9 &&
      (!d3 || (z![i] >= (w as World3D).minZ + r - 1e-9 && z![i] <= (w as World3D).maxZ - r + 1e-9));
    assert.ok(inside, `${what}: body ${i} left the box: (${w.x[i]}, ${w.y[i]}${d3 ? `, ${z![i]}` : ""})`);
    for (let j = i + 1; j < w.n; j++) {
      if ((w.flags[j] & 1) === 0 || ((w.flags[i] | w.flags[j]) & 16) !== 0) continue; // (live, no sensor)
      const d = Math.hypot(w.x[i] - w.x[j], w.y[i] - w.y[j], d3 ? z![i] - z![j] : 0);
      assert.ok(d >= (r + w.r[j]) * (1 - 1e-9), `${what}: bodies ${i} and ${j} overlap (${d})`);
    }
  }
}

test("a callback that throws once leaves the world consistent: the caller catches, goes on, and no body leaves the box (2D and 3D)", () => {
  for (const dim of [2, 3]) {
    const w = dim === 2 ? new World2D({ bounds: { min: [0, 0], max: [10, 10] } }) : new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10] } });
    if (w instanceof World2D) {
      w.addBody({ x: 2, y: 5, vx: 3, vy: 1, radius: 0.5 });
      w.addBody({ x: 8, y: 5, vx: -3, vy: 0.5, radius: 0.5 });
    } else {
      w.addBody({ x: 2, y: 5, z: 5, vx: 3, vy: 1, vz: 0.3, radius: 0.5 });
      w.addBody({ x: 8, y: 5, z: 5, vx: -3, vy: 0.5, radius: 0.5 });
    }
    let thrown = 0;
    w.onCollision = (e) => {
      if (e.kind === HIT_BODY && thrown++ === 0) throw new Error("boom");
    };
    assert.throws(() => w.advance(2), /boom/);
    const t = w.now;
    assert.ok(t > 0 && t < 2, "the world stopped at the event");
    // The event was applied in full: the struck bodies move apart.
    assert.ok(w.vx[0] < 0 && w.vx[1] > 0);
    for (let s = 0; s < 100; s++) w.advance(0.5);
    assertSound(w, `${dim}D`);
    assert.ok(Math.abs(w.kineticEnergy() - 0.5 * (10 + 9.25 + (dim === 3 ? 0.09 : 0))) < 1e-9, "energy kept");
  }
});

test("a gas whose listener throws at every 17th event keeps every body inside and apart while the caller goes on (2D and 3D)", () => {
  for (const w of [randomGas2(120, 0.3, 5), randomGas3(80, 0.2, 5)]) {
    let k = 0;
    let caught = 0;
    w.on("collision", () => {
      if (++k % 17 === 0) throw new Error("every 17th");
    });
    const e0 = w.kineticEnergy();
    while (w.now < 3) {
      try {
        w.advance(0.1);
      } catch {
        caught++;
      }
    }
    assert.ok(caught > 10, `${caught} exceptions`);
    assertSound(w, `${w.dim}D gas`);
    assert.ok(Math.abs(w.kineticEnergy() / e0 - 1) < 1e-9, "elastic: energy kept through the exceptions");
  }
});

test("a throwing filter or response rule leaves the contact not applied; the next advance applies it", () => {
  const make = (): World2D => {
    const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
    w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5 });
    w.addBody({ x: 8, y: 5, vx: -1, radius: 0.5 });
    return w;
  };
  const ref = make();
  ref.advance(6);
  for (const key of ["filter", "response"] as const) {
    const w = make();
    let once = true;
    const fail = (): never => {
      once = false;
      throw new Error(key);
    };
    if (key === "filter") w.filter = (_a, _b, c) => (once && c.kind === HIT_BODY ? fail() : true);
    else w.response = (c) => (once ? fail() : c.impulse);
    assert.throws(() => w.advance(6), new RegExp(key));
    assert.equal(w.now, 2.5);
    assert.deepEqual([w.vx[0], w.vx[1]], [1, -1], "not applied");
    w.advance(3.5);
    assert.deepEqual([w.x[0], w.x[1], w.vx[0], w.vx[1]], [ref.x[0], ref.x[1], ref.vx[0], ref.vx[1]], `${key}: the same run as without the exception`);
  }
});

test("a sensor listener that throws at an entry reported by a rebuild leaves every body scheduled", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, radius: 2, fixed: true, sensor: true });
  w.addBody({ x: 1, y: 1, vx: 2, vy: 1.3, radius: 0.3 });
  w.addBody({ x: 5, y: 5.5, vx: 1, radius: 0.3 }); // inside the sensor from the start
  let once = true;
  w.on("sensorEnter", () => {
    if (once) {
      once = false;
      throw new Error("enter");
    }
  });
  assert.throws(() => w.advance(1), /enter/);
  for (let s = 0; s < 40; s++) w.advance(0.5);
  assertSound(w, "sensor");
});

test("two segments closing on one ball, and a piston pushing ball A into ball B against a still wall: the walls stop, energy stays bounded, advance returns", () => {
  const w = new World2D({ maxEventsPerAdvance: 100_000 });
  const a = w.addSegment(0, -5, 0, 5);
  const b = w.addSegment(10, -5, 10, 5);
  w.setWallVelocity(a, 1, 0);
  w.setWallVelocity(b, -1, 0);
  w.addBody({ x: 5, y: 0, vx: 1, radius: 0.5 });
  const e0 = w.kineticEnergy();
  const r = w.advance(20);
  assert.ok(r.complete, `${r.work} events`);
  assert.deepEqual([w.wall(a).velocity, w.wall(b).velocity], [[0, 0], [0, 0]], "both walls stopped");
  assert.ok(w.kineticEnergy() < 1000 * e0, `energy ${w.kineticEnergy() / e0} x`);
  const x = (n: number): number => (w.wall(n) as { segment: number[][] }).segment[0][0];
  const left = x(a), right = x(b);
  assert.ok(w.x[0] >= left + 0.5 - 1e-9 && w.x[0] <= right - 0.5 + 1e-9, "the ball stays between them");

  const p = new World2D({ bounds: { min: [0, 0], max: [20, 10] }, maxEventsPerAdvance: 100_000 });
  const piston = p.addBox(15, 0, 16, 10);
  p.setWallVelocity(piston, -1, 0);
  p.addBody({ x: 10, y: 5, vx: 0.1, radius: 0.5 });
  p.addBody({ x: 5, y: 5, radius: 0.5 });
  const p0 = p.kineticEnergy();
  const pr = p.advance(30);
  assert.ok(pr.complete, `${pr.work} events`);
  assert.deepEqual(p.wall(piston).velocity, [0, 0], "the piston stopped");
  assert.ok(p.kineticEnergy() < 1e5 * p0, `energy ${p.kineticEnergy() / p0} x`);
  const face = (p.wall(piston) as { box: { min: number[] } }).box.min[0];
  assert.ok(p.x[0] <= face - 0.5 + 1e-9 && p.x[1] >= 0.5 - 1e-9 && p.x[0] - p.x[1] >= 1 - 1e-9, "the balls stay in order between the wall and the piston");
});

test("a wall at 1e150 units/s never sends a ball beyond the world's scale (it stops at the contact that would)", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [20, 10] } });
  const p = w.addSegment(15, 0, 15, 10);
  w.setWallVelocity(p, -1e150, 0);
  w.addBody({ x: 10, y: 5, vx: 0.1, radius: 0.5 });
  assert.ok(w.advance(1).complete);
  assert.ok(Math.abs(w.vx[0]) <= 1e150, `vx ${w.vx[0]}`);
  assert.deepEqual(w.wall(p).velocity, [0, 0]);
  // and the state reloads: the scene it writes is a valid start
  const again = worldFromScene(parseScene(formatScene(sceneFromWorld(w))));
  assert.ok(again.advance(1).complete);
});

test("a kinematic body pressing a ball into another against the container stops too", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [20, 10] }, maxEventsPerAdvance: 100_000 });
  const k = w.addBody({ x: 17, y: 5, vx: -1, radius: 1, fixed: true });
  w.addBody({ x: 10, y: 5, vx: 0.1, radius: 0.5 });
  w.addBody({ x: 5, y: 5, radius: 0.5 });
  const r = w.advance(40);
  assert.ok(r.complete);
  assert.equal(w.vx[k], 0, "the pusher stopped");
  assert.ok(w.kineticEnergy() < 1e5 * 0.005);
});

test("a ball asleep on a box falls when the box is removed, between frames or inside a callback; a stack on it falls whole", () => {
  const settle = (w: World2D): void => {
    for (let k = 0; k < 600; k++) w.advance(1 / 60);
  };
  const w = new World2D({ gravity: [0, -10], bounds: { min: [-10, 0], max: [10, 20] }, restitution: 0.3 });
  const box = w.addBox(-2, 4, 2, 5);
  const a = w.addBody({ x: 0, y: 6, radius: 0.5 });
  const b = w.addBody({ x: 0, y: 8, radius: 0.5 });
  settle(w);
  assert.ok((w.flags[a] & 4) !== 0 && (w.flags[b] & 4) !== 0, "both asleep");
  assert.deepEqual([w.y[a], w.y[b]], [5.5, 6.5]);
  w.addBody({ x: 8, y: 10, radius: 0.2 });
  let removed = false;
  w.onCollision = () => {
    if (!removed) {
      removed = true;
      w.removeWall(box);
    }
  };
  settle(w);
  assert.ok(removed);
  assert.ok(Math.abs(w.y[a] - 0.5) < 1e-6 && Math.abs(w.y[b] - 1.5) < 1e-6, `fell to the floor: ${w.y[a]}, ${w.y[b]}`);

  const v = new World2D({ gravity: [0, -10], bounds: { min: [-10, 0], max: [10, 20] }, restitution: 0.3 });
  const peg = v.addBody({ x: 0, y: 4, radius: 1, fixed: true });
  const c = v.addBody({ x: 0, y: 8, radius: 0.5 });
  settle(v);
  assert.ok((v.flags[c] & 4) !== 0 && v.y[c] === 5.5);
  v.removeBody(peg);
  v.advance(2);
  assert.ok(v.y[c] < 1, `fell: ${v.y[c]}`);
});

test("a ball asleep on a fixed ball in 3D falls when it goes; a sleeper wakes when its platform starts moving away", () => {
  const w = new World3D({ gravity: [0, 0, -10], bounds: { min: [-5, -5, 0], max: [5, 5, 10] }, restitution: 0.3 });
  const peg = w.addBody({ x: 0, y: 0, z: 3, radius: 1, fixed: true });
  const c = w.addBody({ x: 0, y: 0, z: 6, radius: 0.5 });
  for (let k = 0; k < 600; k++) w.advance(1 / 60);
  assert.ok((w.flags[c] & 4) !== 0);
  w.onCollision = () => {
    if ((w.flags[peg] & 1) !== 0) w.removeBody(peg);
  };
  w.addBody({ x: 3, y: 3, z: 2, radius: 0.1 });
  w.advance(2);
  assert.ok(w.z[c] < 1, `fell: ${w.z[c]}`);

  const v = new World2D({ gravity: [0, -10], bounds: { min: [-10, 0], max: [10, 20] }, restitution: 0.3 });
  const lift = v.addBox(-2, 4, 2, 5);
  const d = v.addBody({ x: 0, y: 7, radius: 0.5 });
  for (let k = 0; k < 600; k++) v.advance(1 / 60);
  assert.ok((v.flags[d] & 4) !== 0);
  v.setWallVelocity(lift, 0, -1);
  v.advance(1);
  assert.ok(Math.abs(v.y[d] - 4.5) < 1e-6, `follows the lift down: ${v.y[d]}`);
});

test("masses outside 1e-150..1e150 are a RangeError naming the field; 1e-150 hitting 1 bounces and the end state reloads", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  assert.throws(() => w.addBody({ id: "dust", x: 2, y: 5, radius: 0.5, mass: 1e-310 }), {
    name: "RangeError", message: 'body "dust": mass must be a number from 1e-150 to 1e+150 (the masses a world takes), got 1e-310',
  });
  assert.throws(() => w.addBody({ x: 2, y: 5, radius: 0.5, mass: 1e151 }), /mass must be a number from 1e-150 to 1e\+150/);
  w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5, mass: 1e-150 });
  w.addBody({ x: 5, y: 5, radius: 0.5, mass: 1 });
  w.advance(3);
  assert.equal(w.events.count, 1);
  assert.equal(w.vx[0], -1, "the light ball bounces back");
  assert.equal(w.vx[1], 2e-150);
  assert.ok(w.x[1] - w.x[0] >= 1);
  const scene = parseScene(formatScene(sceneFromWorld(w)));
  assert.equal(scene.bodies[0].mass, 1e-150);
  const again = worldFromScene(scene);
  assert.ok(again.advance(1).complete);
});

test("a sensor of radius 1e81 reports the exit at t = 9 (b*b - a*c overflowed); with bounds or without", () => {
  for (const bounded of [true, false]) {
    const w = bounded ? new World2D({ bounds: { min: [-2e81, -2e81], max: [2e81, 2e81] } }) : new World2D();
    w.addBody({ x: 0, y: 0, radius: 1e81, sensor: true, fixed: true });
    w.addBody({ x: 1e80, y: 0, vx: 1e80, radius: bounded ? 0 : 1e79 });
    w.advance(12);
    const kinds = [...w.events].filter((e) => e.kind >= 3);
    assert.deepEqual(kinds.map((e) => e.kind), [3, 4]);
    assert.equal(kinds[0].t, 0);
    const exit = bounded ? 9 : 9.1; // (the centre reaches 1e81 + 1e79)
    assert.ok(Math.abs(kinds[1].t - exit) <= 4 * 2 ** -52 * exit, `exit at ${kinds[1].t}`);
  }
});

test("radius-0 points head-on from x = 0.1 and 0.7 at +-3 collide once and bounce back (2D and 3D)", () => {
  const w = new World2D();
  w.addBody({ x: 0.1, y: 0, vx: 3, radius: 0 });
  w.addBody({ x: 0.7, y: 0, vx: -3, radius: 0 });
  w.advance(0.2);
  assert.equal(w.events.count, 1);
  assert.deepEqual([w.vx[0], w.vx[1]], [-3, 3]);
  assert.ok(Math.abs(w.x[0] - 0.1) < 1e-15 && Math.abs(w.x[1] - 0.7) < 1e-15, `${w.x[0]}, ${w.x[1]}`);
  const v = new World3D();
  v.addBody({ x: 0.1, y: 0.3, z: 0.3, vx: 3, radius: 0 });
  v.addBody({ x: 0.7, y: 0.3, z: 0.3, vx: -3, radius: 0 });
  v.advance(0.2);
  assert.equal(v.events.count, 1);
  assert.deepEqual([v.vx[0], v.vx[1]], [-3, 3]);
});

test("addBody(null), a number as id and other non-objects are RangeErrors naming what is wrong", () => {
  const w = new World2D();
  assert.throws(() => w.addBody(null as never), { name: "RangeError", message: "addBody: a body must be an object such as {x, y, radius}, got null" });
  assert.throws(() => w.addBody(7 as never), { name: "RangeError", message: /got 7/ });
  assert.throws(() => w.addBody({ id: 5 as never, x: 0, y: 0, radius: 1 }), {
    name: "RangeError", message: 'body 0: id must be a string, got 5 (a number; ids are strings, write "5")',
  });
  assert.equal(w.bodyCount, 0);
  const i = w.addBody({ id: "5", x: 0, y: 0, radius: 1 });
  assert.equal(w.bodyIndex("5"), i);
  assert.throws(() => w.addSegment(0, 0, 1, 1, { id: 3 as never }), /segment: id must be a string, got 3/);
  assert.throws(() => new World3D().addBody(undefined as never), /addBody: a body must be an object/);
});

test("a response rule or a bumper that would send a body beyond 1e150 is refused or held to an elastic bounce", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] }, response: () => 1e300 });
  w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5 });
  w.addBody({ x: 8, y: 5, vx: -1, radius: 0.5 });
  assert.throws(() => w.advance(5), /response rule returned 1e\+300, which would send body "0" faster than 1e\+150/);
  const b = new World2D();
  b.addSegment(5, -5, 5, 5, { restitution: 1e100 });
  b.addBody({ x: 0, y: 0, vx: 1e60, radius: 0.5 });
  b.advance(1e-59);
  assert.equal(b.vx[0], -1e60, "elastic instead of 1e160");
  assert.equal(b.events.kind[0], HIT_WALL);
});

test("carom run: a mass of 1e-310 is invalid input naming the field; a mass of 1e-150 runs and its --final reloads", () => {
  ensureBuilt();
  const dir = tempDir("carom-world-mass-");
  const scene = (mass: number): string =>
    JSON.stringify({ carom: 1, bounds: { min: [0, 0], max: [10, 10] }, bodies: [{ id: "dust", position: [2, 5], velocity: [1, 0], radius: 0.5, mass }, { id: "rock", position: [5, 5], radius: 0.5 }] });
  writeFileSync(join(dir, "tiny.json"), scene(1e-310));
  const bad = carom(["run", join(dir, "tiny.json"), "--duration", "3", "--quiet"]);
  assert.equal(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /tiny\.json: bodies\[0\]\.mass must be between 1e-150 and 1e\+150, got 1e-310/);
  writeFileSync(join(dir, "light.json"), scene(1e-150));
  const ok = carom(["run", join(dir, "light.json"), "--duration", "3", "--final", join(dir, "end.json"), "--quiet"]);
  assert.equal(ok.code, 0, ok.stderr);
  const end = JSON.parse(readFileSync(join(dir, "end.json"), "utf8"));
  assert.deepEqual(end.bodies.map((b: { velocity: number[] }) => b.velocity[0]), [-1, 2e-150], "the light body bounced off the heavy one");
  const again = carom(["run", join(dir, "end.json"), "--duration", "1", "--quiet"]);
  assert.equal(again.code, 0, again.stderr);
});
