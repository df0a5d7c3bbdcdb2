import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D, HIT_BODY, HIT_BOUNDS, HIT_WALL, type CollisionEvent } from "../src/index.js";
import { Random } from "./support/random.js";
import { eventHash, randomGas2 } from "./support/scenes.js";

test("a head-on collision of equal masses exchanges the velocities at the exact time", () => {
  const w = new World2D();
  w.addBody({ id: "a", x: 0, y: 0, vx: 1, radius: 1 });
  w.addBody({ id: "b", x: 5, y: 0, vx: -1, radius: 1 });
  const rep = w.advance(3);
  assert.equal(rep.collisions, 1);
  assert.equal(rep.complete, true);
  const e = w.events;
  assert.equal(e.count, 1);
  assert.equal(e.t[0], 1.5);
  assert.equal(e.kind[0], HIT_BODY);
  assert.deepEqual([e.a[0], e.b[0]], [0, 1]);
  assert.deepEqual([e.px[0], e.py[0], e.nx[0], e.ny[0]], [2.5, 0, 1, 0]);
  assert.equal(e.speed[0], 2);
  assert.equal(e.impulse[0], 2); // (1 + e) u / (1/m + 1/m) = 2 * 2 / 2
  assert.deepEqual([w.vx[0], w.vx[1]], [-1, 1]);
  assert.deepEqual([w.x[0], w.x[1]], [0, 5]); // back where they started at t = 3
});

test("unequal masses follow the one-dimensional collision formulas", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, vx: 2, radius: 1, mass: 1 });
  w.addBody({ x: 4, y: 0, vx: 0, radius: 1, mass: 3 });
  w.advance(2);
  // v1' = (m1 - m2)/(m1 + m2) v1 = -1, v2' = 2 m1/(m1 + m2) v1 = 1
  assert.deepEqual([w.vx[0], w.vx[1]], [-1, 1]);
});

test("a glancing elastic collision of equal masses sends the two off at right angles", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, vx: 3, vy: 0, radius: 1 });
  w.addBody({ x: 5, y: 1, radius: 1 });
  w.advance(2);
  const dot = w.vx[0] * w.vx[1] + w.vy[0] * w.vy[1];
  assert.ok(Math.abs(dot) < 1e-14, `dot ${dot}`);
  assert.ok(Math.abs(w.vx[0] + w.vx[1] - 3) < 1e-15 && Math.abs(w.vy[0] + w.vy[1]) < 1e-15);
  // B leaves along the line of centres at contact: (sqrt(3), 1)/2 from A at contact
  const angle = Math.atan2(w.vy[1], w.vx[1]);
  assert.ok(Math.abs(angle - Math.PI / 6) < 1e-14);
});

test("Newton's cradle: one ball in, one ball out with the same speed, the rest at rest", () => {
  const w = new World2D();
  w.addBody({ id: "in", x: -5, y: 0, vx: 1, radius: 1 });
  for (let k = 0; k < 5; k++) w.addBody({ id: `ball-${k}`, x: 2 * k, y: 0, radius: 1 });
  const rep = w.advance(10);
  assert.equal(rep.collisions, 5);
  assert.deepEqual(Array.from(w.vx.subarray(0, 6)), [0, 0, 0, 0, 0, 1]);
  for (let k = 0; k < 5; k++) assert.equal(w.events.t[k], 3);
});

test("a 1 mm ball at 1e6 units/s bounces off a wall 1e-6 thick instead of tunneling", () => {
  const w = new World2D();
  w.addBody({ id: "bullet", x: 0, y: 0.3, vx: 1e6, vy: 1, radius: 0.001 });
  w.addBox(1, 0, 1 + 1e-6, 1, "thin");
  const rep = w.advance(1 / 60);
  assert.equal(rep.collisions, 1);
  assert.equal(w.events.kind[0], HIT_WALL);
  assert.ok(Math.abs(w.events.t[0] - 0.999 / 1e6) < 1e-18);
  assert.equal(w.vx[0], -1e6);
  assert.ok(w.x[0] < 0);
});

test("a fast ball in a closed box never leaves it and hits the walls at the exact times", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, vx: 1000, vy: 0, radius: 1 });
  const rep = w.advance(1);
  // 4 units to the right wall, then 8-unit legs: at 0.004 + 0.008 k, 125 hits in one second
  assert.equal(rep.collisions, 125);
  for (let k = 0; k < 125; k++) {
    assert.equal(w.events.kind[k], HIT_BOUNDS);
    assert.ok(Math.abs(w.events.t[k] - (0.004 + 0.008 * k)) < 1e-13);
  }
});

test("Galperin's billiard counts the digits of pi: masses 1 and 100^k against a wall", () => {
  const digits = [3, 31, 314, 3141, 31415];
  for (let k = 0; k < digits.length; k++) {
    const w = new World2D({ bounds: { min: [0, -10], max: [1e9, 10] } });
    w.addBody({ id: "small", x: 2, y: 0, radius: 0.5, mass: 1 });
    w.addBody({ id: "big", x: 4, y: 0, vx: -1, radius: 0.5, mass: 100 ** k });
    let total = 0;
    for (let step = 0; step < 100; step++) {
      total += w.advance(10).collisions;
      if (w.vx[0] >= 0 && w.vx[1] >= w.vx[0]) break; // both moving right, small no faster: done
    }
    assert.equal(total, digits[k], `k = ${k}`);
  }
});

test("an elastic gas of 2,000 disks keeps its energy to 1e-10 over a million collisions, without overlap or escape", () => {
  const w = randomGas2(2000, 0.3, 1);
  const e0 = w.kineticEnergy();
  let collisions = 0;
  let worstOverlap = 0;
  const order = Array.from({ length: w.n }, (_, i) => i);
  while (collisions < 1_000_000) {
    collisions += w.advance(0.05).collisions;
    for (let i = 0; i < w.n; i++) {
      const r = w.r[i];
      assert.ok(w.x[i] - r >= w.minX - 1e-9 * r && w.x[i] + r <= w.maxX + 1e-9 * r && w.y[i] - r >= w.minY - 1e-9 * r && w.y[i] + r <= w.maxY + 1e-9 * r, `body ${i} left the box`);
    }
    // every pair closer than a diameter, found by sweeping along x
    order.sort((a, b) => w.x[a] - w.x[b]);
    for (let p = 0; p < order.length; p++) {
      const i = order[p];
      for (let q = p + 1; q < order.length && w.x[order[q]] - w.x[i] < 1; q++) {
        const j = order[q];
        const d = Math.hypot(w.x[j] - w.x[i], w.y[j] - w.y[i]);
        worstOverlap = Math.max(worstOverlap, (w.r[i] + w.r[j] - d) / w.r[i]);
      }
    }
  }
  const drift = Math.abs(w.kineticEnergy() - e0) / e0;
  console.log(`# gas 2D: ${collisions} collisions, relative energy drift ${drift.toExponential(2)}, worst overlap ${worstOverlap.toExponential(2)} radii`);
  assert.ok(drift < 1e-10, `energy drift ${drift}`);
  assert.ok(worstOverlap < 1e-9, `overlap ${worstOverlap}`);
});

test("the same scene gives a bit-identical event log in every run", () => {
  const hashes = [0, 1].map(() => {
    const w = randomGas2(300, 0.3, 7);
    let h = 0;
    for (let k = 0; k < 20; k++) {
      w.advance(0.05);
      h = eventHash(w.events, h);
    }
    return h;
  });
  assert.equal(hashes[0], hashes[1]);
});

test("a restored snapshot and a clone continue bit for bit like the original", () => {
  const w = randomGas2(300, 0.3, 8);
  w.advance(0.5);
  const snap = w.snapshot();
  const twin = w.clone();
  const run = (world: World2D): number => {
    let h = 0;
    for (let k = 0; k < 10; k++) {
      world.advance(0.05);
      h = eventHash(world.events, h);
    }
    return h;
  };
  const a = run(w);
  w.restore(snap);
  const b = run(w);
  const c = run(twin);
  assert.equal(a, b);
  assert.equal(a, c);
});

test("events reach the callback in the same order and with the same values as the buffer", () => {
  const seen: number[] = [];
  const w = randomGas2(200, 0.3, 9);
  w.onCollision = (e: CollisionEvent) => seen.push(e.t, e.a, e.b, e.impulse);
  w.advance(0.5);
  const log: number[] = [];
  for (let k = 0; k < w.events.count; k++) log.push(w.events.t[k], w.events.a[k], w.events.b[k], w.events.impulse[k]);
  assert.ok(w.events.count > 100);
  assert.deepEqual(seen, log);
  for (let k = 1; k < w.events.count; k++) assert.ok(w.events.t[k] >= w.events.t[k - 1]);
});

test("a response rule can enforce a minimum impulse, and a filter lets chosen pairs pass through", () => {
  const w = new World2D({ response: (c) => Math.max(c.impulse, 10) });
  w.addBody({ x: 0, y: 0, vx: 1, radius: 1 });
  w.addBody({ x: 3, y: 0, radius: 1 });
  w.advance(2);
  assert.equal(w.events.impulse[0], 10);
  assert.deepEqual([w.vx[0], w.vx[1]], [-9, 10]);
  const ghost = new World2D({ filter: (a, b) => !(a === 0 && b === 1) && !(a === 1 && b === 0) });
  ghost.addBody({ x: 0, y: 0, vx: 1, radius: 1 });
  ghost.addBody({ x: 3, y: 0, radius: 1 });
  ghost.advance(5);
  assert.equal(ghost.events.count, 0);
  assert.deepEqual([ghost.x[0], ghost.x[1]], [5, 3]);
});

test("fixed bodies are immovable and reflect what hits them", () => {
  const w = new World2D();
  w.addBody({ id: "ball", x: 0, y: 0, vx: 2, radius: 1 });
  w.addBody({ id: "post", x: 5, y: 0, radius: 2, fixed: true });
  w.advance(2);
  assert.equal(w.events.t[0], 1);
  assert.equal(w.vx[0], -2);
  assert.deepEqual([w.x[1], w.vx[1]], [5, 0]);
});

test("segments reflect from both sides and at their end points", () => {
  const w = new World2D();
  w.addBody({ x: 0, y: -2, vy: 1, radius: 0.5 });
  w.addBody({ x: 0, y: 2, vy: -1, radius: 0.5 });
  w.addBody({ x: 5 + 0.5 * Math.SQRT1_2, y: -3, vy: 1, radius: 0.5 }); // meets the end point (5, 0) off-centre
  w.addSegment(-3, 0, 5, 0, "rail");
  w.advance(3);
  assert.equal(w.vy[0], -1);
  assert.equal(w.vy[1], 1);
  assert.ok(w.vx[2] > 0 && w.vy[2] < 1); // deflected by the end point
  assert.ok(Math.abs(Math.hypot(w.vx[2], w.vy[2]) - 1) < 1e-14);
});

test("restitution below one loses the right energy, and the collapse guard prevents a hang", () => {
  const w = new World2D({ restitution: 0.5 });
  w.addBody({ x: 0, y: 0, vx: 2, radius: 1 });
  w.addBody({ x: 4, y: 0, radius: 1 });
  w.advance(5);
  // e = 0.5: v1' = 0.5, v2' = 1.5
  assert.deepEqual([w.vx[0], w.vx[1]], [0.5, 1.5]);
  // three balls in a shrinking box with e = 0.1: inelastic collapse; the guard keeps it finite
  const c = new World2D({ restitution: 0.1, bounds: { min: [0, -2], max: [20, 2] } });
  for (let k = 0; k < 3; k++) c.addBody({ x: 3 + 3 * k, y: 0, vx: k === 0 ? 5 : 0, radius: 1 });
  const rep = c.advance(10);
  assert.equal(rep.complete, true);
  // without the guard, the event budget ends the call with a clear report
  const d = new World2D({ restitution: 0.1, collapseTime: 0, maxEventsPerAdvance: 10_000, bounds: { min: [0, -2], max: [20, 2] } });
  for (let k = 0; k < 3; k++) d.addBody({ x: 3 + 3 * k, y: 0, vx: k === 0 ? 5 : 0, radius: 1 });
  const rep2 = d.advance(10);
  assert.equal(rep2.complete, false);
  assert.ok(rep2.time < 10);
});

test("bad input gets a clear error naming the body, the field and the value", () => {
  const w = new World2D();
  assert.throws(() => w.addBody({ id: "a", x: NaN, y: 0, radius: 1 }), /body "a": x must be a finite number, got NaN/);
  assert.throws(() => w.addBody({ id: "b", x: 0, y: 0, radius: -1 }), /body "b": radius must be a finite number >= 0, got -1/);
  assert.throws(() => w.addBody({ id: "c", x: 0, y: 0, radius: 1, mass: 0 }), /body "c": mass must be a number from 1e-150 to 1e\+150 \(the masses a world takes\), got 0/);
  w.addBody({ id: "d", x: 0, y: 0, radius: 1 });
  assert.throws(() => w.addBody({ id: "d", x: 5, y: 0, radius: 1 }), /body id "d" is already in use/);
  w.addBody({ id: "e", x: 1, y: 0, radius: 1 });
  assert.throws(() => w.advance(1), /body "d" and body "e" overlap at the start/);
  assert.throws(() => w.advance(-1), /dt must be a finite number >= 0, got -1/);
  assert.throws(() => w.setVelocity(7, 0, 0), /no body with index 7/);
  assert.equal(w.indexOf("nobody"), -1);
  assert.throws(() => w.bodyIndex("nobody"), /no body with id "nobody"/);
  assert.equal(w.bodyIndex("d"), 0);
  const b = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  b.addBody({ id: "out", x: 0.5, y: 5, radius: 1 });
  assert.throws(() => b.advance(1), /body "out" \(radius 1 at \[0.5, 5\]\) is not inside the bounds/);
  const s = new World2D();
  s.addBody({ id: "f", x: 0, y: 0, radius: 1 });
  s.addSegment(-1, 0.5, 1, 0.5, "rail");
  assert.throws(() => s.advance(1), /body "f" overlaps wall "rail" at the start/);
});

test("a brute-force twin (earliest pair over all pairs per event) agrees event for event", () => {
  for (let seed = 1; seed <= 5; seed++) {
    const w = randomGas2(25, 0.25, 100 + seed);
    const twin = bruteForce2(w);
    w.advance(2);
    const events = Math.min(w.events.count, 150);
    assert.ok(events > 30);
    for (let k = 0; k < events; k++) {
      const ev = twin.next();
      assert.ok(Math.abs(ev.t - w.events.t[k]) < 1e-9, `seed ${seed}, event ${k}: ${ev.t} vs ${w.events.t[k]}`);
      assert.equal(ev.kind, w.events.kind[k]);
      assert.deepEqual([ev.a, ev.b].sort(), [w.events.a[k], w.events.b[k]].sort());
    }
  }
});

/**
 * The simplest possible event-driven simulator: after every event, the earliest contact over
 * all pairs and all bodies against the container, O(N^2) per event. Positions kept as plain
 * doubles at the current time.
 */
function bruteForce2(w: World2D): { next: () => { t: number; a: number; b: number; kind: number } } {
  const n = w.n;
  const x = Array.from(w.x.subarray(0, n)), y = Array.from(w.y.subarray(0, n));
  const vx = Array.from(w.vx.subarray(0, n)), vy = Array.from(w.vy.subarray(0, n));
  const r = Array.from(w.r.subarray(0, n));
  const m = Array.from(w.invMass.subarray(0, n), (v) => 1 / v);
  let now = 0;
  const toi = (i: number, j: number): number => {
    const dx = x[j] - x[i], dy = y[j] - y[i], wx = vx[j] - vx[i], wy = vy[j] - vy[i], R = r[i] + r[j];
    const b = dx * wx + dy * wy;
    if (b >= 0) return Infinity;
    const c = dx * dx + dy * dy - R * R;
    if (c <= 0) return 0;
    const a = wx * wx + wy * wy;
    const disc = b * b - a * c;
    return disc > 0 ? c / (-b + Math.sqrt(disc)) : Infinity;
  };
  const wallT = (p: number, v: number, lo: number, hi: number, rad: number): [number, number] => {
    if (v < 0) return [(p - rad - lo) / -v, 0];
    if (v > 0) return [(hi - rad - p) / v, 1];
    return [Infinity, 0];
  };
  let last = "";
  return {
    next() {
      let best = Infinity, a = -1, b = -1, kind = 0, key = "";
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const t = toi(i, j);
          if (t < best && !(t === 0 && last === `b${i},${j}`)) { best = t; a = i; b = j; kind = HIT_BODY; key = `b${i},${j}`; }
        }
        const [tx, sx] = wallT(x[i], vx[i], w.minX, w.maxX, r[i]);
        if (tx < best && !(tx === 0 && last === `w${i}x`)) { best = tx; a = i; b = sx; kind = HIT_BOUNDS; key = `w${i}x`; }
        const [ty, sy] = wallT(y[i], vy[i], w.minY, w.maxY, r[i]);
        if (ty < best && !(ty === 0 && last === `w${i}y`)) { best = ty; a = i; b = 2 + sy; kind = HIT_BOUNDS; key = `w${i}y`; }
      }
      last = key;
      for (let i = 0; i < n; i++) {
        x[i] += best * vx[i];
        y[i] += best * vy[i];
      }
      now += best;
      if (kind === HIT_BODY) {
        const dx = x[b] - x[a], dy = y[b] - y[a], d = Math.hypot(dx, dy), nx = dx / d, ny = dy / d;
        const u = (vx[a] - vx[b]) * nx + (vy[a] - vy[b]) * ny;
        const J = (2 * u) / (1 / m[a] + 1 / m[b]);
        vx[a] -= (J / m[a]) * nx; vy[a] -= (J / m[a]) * ny;
        vx[b] += (J / m[b]) * nx; vy[b] += (J / m[b]) * ny;
      } else if (b < 2) vx[a] = -vx[a];
      else vy[a] = -vy[a];
      return { t: now, a, b, kind };
    },
  };
}

test("a random scene of moving disks among segments, boxes and posts never loses a body through a wall", () => {
  const rnd = new Random(31);
  const w = new World2D({ bounds: { min: [0, 0], max: [40, 40] } });
  w.addSegment(5, 5, 35, 8, "s1");
  w.addSegment(10, 30, 12, 12, "s2");
  w.addBox(20, 15, 24, 25, "block");
  w.addBody({ id: "post", x: 30, y: 30, radius: 3, fixed: true });
  let added = 0;
  while (added < 150) {
    const x = rnd.range(1, 39), y = rnd.range(1, 39);
    try {
      w.addBody({ id: `b${added}`, x, y, vx: rnd.range(-50, 50), vy: rnd.range(-50, 50), radius: 0.4 });
      w.advance(0);
      added++;
    } catch {
      w.removeBody(w.indexOf(`b${added}`));
    }
  }
  const e0 = w.kineticEnergy();
  for (let k = 0; k < 50; k++) {
    w.advance(0.02);
    for (let i = 0; i < w.n; i++) {
      if (w.invMass[i] === 0) continue;
      // never inside the block, never through a segment's line between its ends (side kept)
      const inBlock = w.x[i] > 20 - w.r[i] * (1 - 1e-9) && w.x[i] < 24 + w.r[i] * (1 - 1e-9) && w.y[i] > 15 && w.y[i] < 25;
      assert.ok(!inBlock, `body ${i} inside the block`);
    }
  }
  assert.ok(Math.abs(w.kineticEnergy() - e0) / e0 < 1e-12);
});

test("the aim line predicts the bounces the simulation then makes, without disturbing the world", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [2.54, 1.27] } });
  w.addBody({ id: "cue", x: 0.5, y: 0.3, vx: 2, vy: 1.5, radius: 0.028575 });
  w.addBody({ id: "b1", x: 2.0, y: 1.2, radius: 0.028575 });
  w.addSegment(1.2, 0.2, 1.4, 0.5, "spot");
  w.advance(0);
  const before = w.snapshot();
  const p = w.predictPath(0, 3, 10);
  // the world is untouched: every column equal
  const after = w.snapshot();
  assert.deepEqual(after.columns, before.columns);
  w.advance(3);
  // each predicted corner is where the simulated ball was at its bounce
  const corners = p.points.length / 2 - 1;
  assert.ok(corners >= 2);
  for (let k = 0; k < Math.min(corners - (p.hitBody >= 0 ? 0 : 1), w.events.count); k++) {
    assert.ok(Math.abs(w.events.px[k] - w.events.nx[k] * 0.028575 - p.points[2 * (k + 1)]) < 1e-12);
    assert.ok(Math.abs(w.events.py[k] - w.events.ny[k] * 0.028575 - p.points[2 * (k + 1) + 1]) < 1e-12);
  }
});

test("the aim line reports the first ball hit and both balls' directions after it", () => {
  const w = new World2D();
  w.addBody({ id: "cue", x: 0, y: 0, vx: 1, radius: 1 });
  w.addBody({ id: "object", x: 5, y: 1, radius: 1 });
  const p = w.predictPath(0);
  assert.equal(p.hitBody, 1);
  w.advance(5);
  assert.equal(p.time, w.events.t[0]);
  assert.ok(Math.abs(p.vx - w.vx[0]) < 1e-15 && Math.abs(p.vy - w.vy[0]) < 1e-15);
  assert.ok(Math.abs(p.otherVx - w.vx[1]) < 1e-15 && Math.abs(p.otherVy - w.vy[1]) < 1e-15);
});
