// The world queries' surface: the part's import, analytic answers, options, errors, the world
// left untouched, no allocation once warm. This file imports carom/2d and carom/3d (not the
// root), so the queries part is missing until the first test imports it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, World2D } from "../src/exports/2d.js";
import { World3D } from "../src/exports/3d.js";
import type { OverlapBuffer as Buffer, WorldHit2 } from "../src/world/queries-api.js";

let OverlapBuffer: typeof Buffer;

test("without carom/2d/queries and carom/3d/queries each query is a RangeError naming the import; after it the queries answer", async () => {
  const w = new World2D();
  w.addBody({ x: 0, y: 0, radius: 1 });
  assert.throws(() => w.rayCast({ x: -5, y: 0, dx: 1, dy: 0 }), /rayCast needs `import "carom\/2d\/queries";`/);
  assert.throws(() => w.queryBox({ minX: 0, minY: 0, maxX: 1, maxY: 1 }), /queryBox needs `import "carom\/2d\/queries";`/);
  const w3 = new World3D();
  assert.throws(() => w3.castSphere({ x: 0, y: 0, z: 0, vx: 1, vy: 0, vz: 0, r: 1 }), /castSphere needs `import "carom\/3d\/queries";`/);
  ({ OverlapBuffer } = await import("../src/exports/2d/queries.js"));
  assert.equal(w.rayCast({ x: -5, y: 0, dx: 1, dy: 0 })?.t, 4);
  assert.throws(() => w3.querySphere({ x: 0, y: 0, z: 0, r: 1 }), /carom\/3d\/queries/, "installing 2D leaves 3D out");
  await import("../src/exports/3d/queries.js");
  w3.addBody({ x: 0, y: 0, z: 3, radius: 1 });
  assert.deepEqual(w3.querySphere({ x: 0, y: 0, z: 0, r: 2 }), { bodies: [0], walls: [] });
});

/** A table: container 10 x 6, a ball at (5, 3) of radius 1, a post wall (segment) at x = 8, a block (box) at the left. */
function table(): World2D {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 6] } });
  w.addBody({ id: "ball", x: 5, y: 3, radius: 1 });
  w.addSegment(8, 1, 8, 5, "post");
  w.addBox(0, 2, 1, 4, "block");
  return w;
}

test("a ray hits the first thing on its way at the analytic parameter, with the normal into the surface and the id", () => {
  const w = table();
  assert.deepEqual(w.rayCast({ x: 2, y: 3, dx: 1, dy: 0 }), { t: 2, px: 4, py: 3, nx: 1, ny: 0, kind: HIT_BODY, index: 0, id: "ball" });
  assert.deepEqual(w.rayCast({ x: 2, y: 3, dx: 2, dy: 0 })?.t, 1, "t is in units of the direction");
  assert.deepEqual(w.rayCast({ x: 6.5, y: 3, dx: 1, dy: 0 }), { t: 1.5, px: 8, py: 3, nx: 1, ny: 0, kind: HIT_WALL, index: 0, id: "post" });
  assert.deepEqual(w.rayCast({ x: 4, y: 3, dx: -1, dy: 0 }), { t: 0, px: 4, py: 3, nx: 1, ny: 0, kind: HIT_BODY, index: 0, id: "ball" }, "from inside: 0, towards the centre");
  assert.deepEqual(w.rayCast({ x: 3, y: 3.5, dx: -1, dy: 0 }), { t: 2, px: 1, py: 3.5, nx: -1, ny: 0, kind: HIT_WALL, index: 1, id: "block" });
  assert.deepEqual(w.rayCast({ x: 9, y: 1, dx: 0, dy: 1 }), { t: 5, px: 9, py: 6, nx: 0, ny: 1, kind: HIT_BOUNDS, index: 3, id: "bounds" }, "the container's side it leaves through");
  assert.equal(w.rayCast({ x: 8, y: 0.5, dx: 0, dy: 1 })?.id, "bounds", "along the segment: no hit");
  assert.equal(w.rayCast({ x: 2, y: 3, dx: 1, dy: 0 }, 1.5), null, "maxT");
  assert.deepEqual(w.rayCast({ x: 12, y: 3, dx: -1, dy: 0 }), { t: 0, px: 12, py: 3, nx: 1, ny: 0, kind: HIT_BOUNDS, index: 1, id: "bounds" }, "outside the container: in its solid at once");
});

test("a swept circle meets things at the analytic time, with the contact point on its surface; touching and moving in is 0, moving away or still is none", () => {
  const w = table();
  // a circle of radius 0.5 from (2, 3) to the right touches the ball (centres 1.5 apart) at x = 3.5
  assert.deepEqual(w.castCircle({ x: 2, y: 3, vx: 2, vy: 0, r: 0.5 }), { t: 0.75, px: 4, py: 3, nx: 1, ny: 0, kind: HIT_BODY, index: 0, id: "ball" });
  assert.equal(w.castCircle({ x: 2, y: 3, vx: 1, vy: 0, r: 0.5 }), null, "stops short within maxT = 1");
  assert.equal(w.castCircle({ x: 2, y: 3, vx: 1, vy: 0, r: 0.5 }, 2)?.t, 1.5);
  assert.deepEqual(w.castCircle({ x: 7, y: 1.5, vx: 1, vy: 0, r: 0.5 }), { t: 0.5, px: 8, py: 1.5, nx: 1, ny: 0, kind: HIT_WALL, index: 0, id: "post" });
  assert.deepEqual(w.castCircle({ x: 3.5, y: 3, vx: 1, vy: 0, r: 0.5 }), { t: 0, px: 4, py: 3, nx: 1, ny: 0, kind: HIT_BODY, index: 0, id: "ball" });
  assert.equal(w.castCircle({ x: 3.5, y: 3, vx: -1, vy: 0.5, r: 0.5 }, 1)?.kind, undefined, "moving away from the ball, nothing else within reach");
  assert.equal(w.castCircle({ x: 3.5, y: 3, vx: 0, vy: 0, r: 0.5 }), null);
  assert.deepEqual(w.castCircle({ x: 9, y: 3, vx: 2, vy: 0, r: 0.5 }), { t: 0.25, px: 10, py: 3, nx: 1, ny: 0, kind: HIT_BOUNDS, index: 1, id: "bounds" });
});

test("point, circle and box queries list the bodies and walls they overlap, touching included, in increasing order", () => {
  const w = table();
  w.addBody({ id: "b2", x: 3, y: 1, radius: 0.5 });
  assert.deepEqual(w.queryPoint(5, 4), { bodies: [0], walls: [] }, "on the circle");
  assert.deepEqual(w.queryPoint(8, 2), { bodies: [], walls: [0] }, "on the segment");
  assert.deepEqual(w.queryPoint(1, 4), { bodies: [], walls: [1] }, "a box's corner");
  assert.deepEqual(w.queryPoint(8.000000000000002, 2), { bodies: [], walls: [] });
  assert.deepEqual(w.queryCircle({ x: 7, y: 3, r: 1 }), { bodies: [0], walls: [0] });
  assert.deepEqual(w.queryCircle({ x: 7, y: 3, r: 0.99 }), { bodies: [], walls: [] });
  assert.deepEqual(w.queryBox({ minX: 0, minY: 0, maxX: 10, maxY: 6 }), { bodies: [0, 1], walls: [0, 1] });
  assert.deepEqual(w.queryBox({ minX: 3.5, minY: 0, maxX: 7.9, maxY: 1.5 }), { bodies: [1], walls: [] }, "b2 touches x = 3.5");
  const out = new OverlapBuffer(1);
  assert.equal(w.queryBoxInto(out, { minX: -1, minY: -1, maxX: 11, maxY: 7 }), 4);
  assert.deepEqual([...out.bodies.subarray(0, out.bodyCount)], [0, 1]);
  assert.deepEqual([...out.walls.subarray(0, out.wallCount)], [0, 1]);
});

test("mask, filter and sensors choose what a query sees; an unknown option is a RangeError naming it", async () => {
  await import("../src/exports/2d/sensors.js");
  const w = table();
  w.addBody({ id: "zone", x: 3, y: 3, radius: 0.5, sensor: true, fixed: true });
  w.addBody({ id: "ghost", x: 2, y: 3, radius: 0.25, group: 2 });
  const ray = { x: 1.5, y: 3, dx: 1, dy: 0 };
  assert.equal(w.rayCast(ray)?.id, "ghost");
  assert.equal(w.rayCast(ray, Infinity, { mask: 1 })?.id, "ball", "the mask skips group 2, sensors are skipped by default");
  assert.equal(w.rayCast(ray, Infinity, { mask: 1, sensors: true })?.id, "zone");
  assert.equal(w.rayCast({ x: 2.5, y: 3, dx: 1, dy: 0 }, Infinity, { mask: 2 }), null, "walls and the container are group 1");
  const seen: string[] = [];
  const hit = w.rayCast(ray, Infinity, { filter: (kind, i) => (seen.push(`${kind}:${i}`), !(kind === HIT_BODY && (i === 0 || i === 2))) });
  assert.equal(hit?.id, "post");
  assert.ok(seen.includes(`${HIT_BODY}:0`) && seen.includes(`${HIT_BODY}:2`) && !seen.includes(`${HIT_BODY}:1`), seen.join(" "));
  assert.deepEqual(w.queryPoint(3, 3), { bodies: [], walls: [] });
  assert.deepEqual(w.queryPoint(3, 3, { sensors: true }), { bodies: [1], walls: [] });
  assert.throws(() => w.rayCast(ray, Infinity, { mask: 1, mas: 2 } as never), /rayCast options: unknown option "mas"/);
  assert.throws(() => w.queryPoint(0, 0, { mask: 1.5 }), /mask must be an integer of 32 bits, got 1.5/);
  assert.throws(() => w.queryPoint(0, 0, { sensors: 1 as never }), /sensors must be true or false/);
});

test("a filter that throws leaves the world able to query; a query from inside a filter is a RangeError", () => {
  const w = table();
  assert.throws(() => w.rayCast({ x: 2, y: 3, dx: 1, dy: 0 }, Infinity, { filter: () => { throw new Error("boom"); } }), /boom/);
  assert.equal(w.rayCast({ x: 2, y: 3, dx: 1, dy: 0 })?.id, "ball");
  assert.throws(() => w.queryPoint(5, 3, { filter: () => w.queryPoint(0, 0).bodies.length > 0 }), /queryPoint cannot be called from inside a query's filter/);
  assert.deepEqual(w.queryPoint(5, 3), { bodies: [0], walls: [] });
});

test("a filter that removes the bodies it sees (not allowed, but hostile code does it) still ends the query", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [20, 20] } });
  for (let i = 0; i < 100; i++) w.addBody({ x: 1 + (i % 10) * 2, y: 1 + Math.floor(i / 10) * 2, radius: 0.5 });
  w.advance(0.1);
  const seen = new Set<number>();
  w.queryBox({ minX: 0, minY: 0, maxX: 20, maxY: 20 }, { filter: (kind, i) => (kind === HIT_BODY && (seen.add(i), w.removeBody(i)), true) });
  w.rayCast({ x: 0.1, y: 1, dx: 1, dy: 0 }, Infinity, { filter: (kind, i) => (kind === HIT_BODY && w.flags[i] & 1 && w.removeBody(i), true) });
  assert.ok(seen.size > 0 && seen.size <= 100);
  w.advance(0.1);
});

test("through the cells: in a 10,000-body world a ray, a circle cast and a circle query look at under 1% of the bodies (counted by their filters), a stale world at all of them", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [200, 200] } });
  for (let i = 0; i < 10_000; i++) w.addBody({ x: 1 + (i % 100) * 2, y: 1 + Math.floor(i / 100) * 2, vx: Math.sin(i), vy: Math.cos(i), radius: 0.3 });
  w.advance(0.25);
  let looked = 0;
  const count = { filter: () => (looked++, true) };
  assert.equal(w.rayCast({ x: 100.5, y: 100.2, dx: 1, dy: 0.01 }, Infinity, count)?.kind, HIT_BODY);
  assert.ok(looked > 0 && looked < 100, `the ray looked at ${looked}`);
  looked = 0;
  w.castCircle({ x: 50.5, y: 50, vx: 0, vy: 3, r: 0.2 }, 1, count);
  assert.ok(looked > 0 && looked < 100, `the cast looked at ${looked}`);
  looked = 0;
  assert.ok(w.queryCircle({ x: 120, y: 80, r: 3 }, count).bodies.length > 0);
  assert.ok(looked > 0 && looked < 100, `the circle query looked at ${looked}`);
  w.addBody({ x: 0.2, y: 0.2, radius: 0.1, fixed: true }); // a fixed body: the cells are rebuilt at the next advance
  looked = 0;
  w.queryCircle({ x: 120, y: 80, r: 3 }, count);
  assert.equal(looked, 10_001);
});

test("bad arguments are RangeErrors naming the field; a periodic world refuses queries", async () => {
  const w = table();
  assert.throws(() => w.rayCast({ x: NaN, y: 0, dx: 1, dy: 0 }), /ray\.x must be a finite number, got NaN/);
  assert.throws(() => w.rayCast({ x: 0, y: 0, dx: 0, dy: 0 }), /must not both be zero/);
  assert.throws(() => w.rayCast({ x: 0, y: 0, dx: 1, dy: 0 }, -1), /tMax must be a number >= 0, got -1/);
  assert.throws(() => w.castCircle({ x: 0, y: 0, vx: 1, vy: 0, r: -1 }), /circle\.r must be a finite number >= 0, got -1/);
  assert.throws(() => w.queryBox({ minX: 1, minY: 0, maxX: 0, maxY: 1 }), /box\.minX must be <= box\.maxX/);
  assert.throws(() => w.queryPoint(Infinity, 0), /x and y must be finite numbers/);
  assert.throws(() => w.queryCircleInto({} as never, { x: 0, y: 0, r: 1 }), /out must be an OverlapBuffer/);
  await import("../src/exports/2d/periodic.js");
  const p = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: true } });
  assert.throws(() => p.rayCast({ x: 1, y: 1, dx: 1, dy: 0 }), /rayCast does not look across periodic bounds/);
});

test("huge and tiny scales: a ray from 1e300 away finds a body at 1e150, and a world of 1e-200 answers exactly", () => {
  const w = new World2D();
  w.addBody({ x: 1e150, y: 0, radius: 1e149 });
  assert.equal(w.rayCast({ x: -1e300, y: 0, dx: 1, dy: 0 })?.t, 1e300 + 9e149);
  const t = new World2D({ bounds: { min: [0, 0], max: [1e-200, 1e-200] } });
  t.addBody({ x: 5e-201, y: 5e-201, radius: 1e-201 });
  assert.deepEqual(t.rayCast({ x: 1e-201, y: 5e-201, dx: 1, dy: 0 })?.t, 3e-201);
  assert.deepEqual(t.queryPoint(5e-201, 5.5e-201), { bodies: [0], walls: [] });
  assert.deepEqual(w.queryBox({ minX: -1e308, minY: -1e308, maxX: 1e308, maxY: 1e308 }), { bodies: [0], walls: [] });
  assert.deepEqual(w.queryCircle({ x: 0, y: 0, r: 1e300 }), { bodies: [0], walls: [] });
  assert.equal(w.castCircle({ x: -1e300, y: 0, vx: 1e300, vy: 0, r: 1e200 })?.id, "0");
  // (a subnormal direction: the hit parameter 9e149 / 5e-324 is beyond the largest double, so none,
  // as rayHitCircle's miss)
  assert.equal(w.rayCast({ x: 0, y: 0, dx: 5e-324, dy: 0 }), null);
  assert.equal(w.rayCast({ x: 0, y: 0, dx: 2 ** -400, dy: 0 })?.t, 9e149 * 2 ** 400);
  const slow = w.rayCast({ x: 0, y: 0, dx: 1e-100, dy: 0 })?.t as number;
  assert.ok(Math.abs(slow / 9e249 - 1) < 1e-15, `t = ${slow}`);
});

test("a direction of tiny or huge length finds what a unit direction finds, and never a NaN point (2D and 3D, rays and casts, in a box)", async () => {
  await import("../src/exports/3d/queries.js");
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, radius: 1 });
  const w3 = new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10] } });
  w3.addBody({ x: 5, y: 5, z: 5, radius: 1 });
  for (const d of [5e-324, 2 ** -1060, 1e-300, 1e-30, 1e30, 1e300, 1.7e308]) {
    if (3 / d === Infinity) {
      // the hit parameters are beyond the largest double: none, never a NaN point (as rayHitCircle)
      assert.equal(w.rayCast({ x: 0.5, y: 5, dx: d, dy: 0 }), null);
      assert.equal(w.castCircle({ x: 0.5, y: 5, vx: d, vy: 0, r: 0.5 }, Infinity), null);
      assert.equal(w3.rayCast({ x: 0.5, y: 5, z: 5, dx: d, dy: 0, dz: 0 }), null);
      assert.equal(w3.castSphere({ x: 0.5, y: 5, z: 5, vx: d, vy: 0, vz: 0, r: 0.5 }, Infinity), null);
      continue;
    }
    const expect = (got: { t: number; px: number; py: number; nx: number } | null, t: number, px: number, py: number, what: string): void => {
      assert.ok(got !== null, `${what}, d = ${d}: no hit`);
      // (the point is origin + t d, rounded: within an ulp of the exact one)
      assert.ok(Math.abs(got.px - px) <= 2 ** -50 * px && got.py === py && got.nx === 1, `${what}, d = ${d}: ${JSON.stringify(got)}`);
      const want = t / d;
      assert.ok(got.t === want || Math.abs(got.t / want - 1) < 4e-16, `${what}, d = ${d}: t = ${got.t}, want ${want}`);
    };
    expect(w.rayCast({ x: 0.5, y: 5, dx: d, dy: 0 }), 3.5, 4, 5, "2D ray to the body");
    expect(w.rayCast({ x: 0.5, y: 2, dx: d, dy: 0 }), 9.5, 10, 2, "2D ray to the side");
    expect(w.castCircle({ x: 0.5, y: 5, vx: d, vy: 0, r: 0.5 }, Infinity), 3, 4, 5, "2D cast");
    const r3 = w3.rayCast({ x: 0.5, y: 5, z: 5, dx: d, dy: 0, dz: 0 });
    expect(r3, 3.5, 4, 5, "3D ray");
    assert.equal(r3?.pz, 5);
    const c3 = w3.castSphere({ x: 0.5, y: 5, z: 5, vx: d, vy: 0, vz: 0, r: 0.5 }, Infinity);
    expect(c3, 3, 4, 5, "3D cast");
    assert.equal(c3?.nz, 0);
    // maxT in the same units: just short of the hit, none; at it, the hit
    const t = 3.5 / d;
    if (Number.isFinite(t) && t > 0) {
      assert.equal(w.rayCast({ x: 0.5, y: 5, dx: d, dy: 0 }, t * (1 - 2 ** -52)), null, `d = ${d}: before maxT`);
      assert.equal(w.rayCast({ x: 0.5, y: 5, dx: d, dy: 0 }, t)?.id, "0", `d = ${d}: at maxT`);
    }
  }
});

test("queries change nothing: a world queried inside every callback and after every step ends bit for bit as one never queried", async () => {
  await import("../src/exports/2d/moving-walls.js");
  const make = (): World2D => {
    const w = new World2D({ bounds: { min: [0, 0], max: [20, 20] }, restitution: 0.95 });
    for (let i = 0; i < 60; i++) w.addBody({ x: 1 + (i % 8) * 2.3, y: 1 + Math.floor(i / 8) * 2.3, vx: Math.sin(i) * 3, vy: Math.cos(3 * i) * 3, radius: 0.5 + 0.3 * ((i * 7) % 3) / 3 });
    w.addSegment(3, 18, 17, 19);
    const pad = w.addBox(8, 0.2, 12, 0.4);
    w.setWallVelocity(pad, 0.7, 0);
    return w;
  };
  const quiet = make(), busy = make();
  const hit: WorldHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, kind: 0, index: 0, id: "" };
  const out = new OverlapBuffer();
  busy.onCollision = (e) => {
    busy.rayCastInto(hit, { x: e.px, y: e.py, dx: 1, dy: 0.3 });
    busy.castCircleInto(hit, { x: 10, y: 10, vx: e.nx, vy: e.ny, r: 0.4 }, 5);
    busy.queryCircleInto(out, { x: e.px, y: e.py, r: 2 });
  };
  for (let k = 0; k < 30; k++) {
    quiet.advance(0.1);
    busy.advance(0.1);
    busy.queryBoxInto(out, { minX: 5, minY: 5, maxX: 15, maxY: 15 });
  }
  assert.ok(busy.events.count > 0);
  assert.deepEqual([...busy.x, ...busy.y, ...busy.vx, ...busy.vy], [...quiet.x, ...quiet.y, ...quiet.vx, ...quiet.vy]);
  assert.deepEqual([...busy.wallData], [...quiet.wallData]);
});
