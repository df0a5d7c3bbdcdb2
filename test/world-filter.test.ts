/** Filtering every contact (issue 29, item 1): one-way platforms, ghosts, leaving through a side, bodies passing bodies; the 0.1 pair filter still works. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, World2D, World3D, type ContactFilterInfo } from "../src/index.js";

const ULP = 2 ** -52;

test("one-way platform: a ball jumps up through a segment and lands on it, at the analytic times", () => {
  // Ball r = 0.5 from y = 1 at vy = 12, g = -10; platform y = 5 over x in [-2, 2]. Going up it
  // touches at y = 4.5 (passes), clears it at y = 5.5; coming down it lands at y = 5.5:
  // 1 + 12 t - 5 t^2 = 5.5, t = (12 + sqrt(54)) / 10.
  const w = new World2D({ gravity: [0, -10], bounds: { min: [-10, 0], max: [10, 20] }, restitution: 0 });
  const platform = w.addSegment(-2, 5, 2, 5, "platform");
  const asked: ContactFilterInfo[] = [];
  w.filter = (a, b, c) => {
    asked.push({ ...c });
    assert.ok(a === c.a && b === c.b);
    return c.kind !== HIT_WALL || b !== platform || c.ny < 0; // land from above, pass from below
  };
  const ball = w.addBody({ x: 0, y: 1, vy: 12, radius: 0.5 });
  w.advance(3);
  // asked twice: from below (normal up, refused), then from above (normal down, allowed)
  assert.equal(asked.length, 2);
  assert.ok(asked[0].kind === HIT_WALL && asked[0].b === platform && asked[0].nx === 0 && asked[0].ny === 1);
  const up = (12 - Math.sqrt(144 - 70)) / 10; // 1 + 12 t - 5 t^2 = 4.5
  assert.ok(Math.abs(asked[0].t - up) <= 4 * ULP * up, `passes at ${asked[0].t}, expected ${up}`);
  assert.ok(asked[0].vy > 0 && asked[0].speed === asked[0].vy);
  assert.ok(asked[1].nx === 0 && asked[1].ny === -1);
  const land = (12 + Math.sqrt(54)) / 10;
  assert.ok(Math.abs(asked[1].t - land) <= 4 * ULP * land, `lands at ${asked[1].t}, expected ${land}`);
  // the landing is the one collision; the ball rests on the platform
  assert.equal(w.events.count, 1);
  assert.equal(w.events.kind[0], HIT_WALL);
  assert.equal(w.events.t[0], asked[1].t);
  assert.ok(Math.abs(w.y[ball] - 5.5) < 1e-9 && w.vy[ball] === 0, `y ${w.y[ball]}, vy ${w.vy[ball]}`);
});

test("a ball passing up through a platform that turns back before clearing it falls back through (the pass lasts until they no longer overlap)", () => {
  // vy = 6.5 from y = 1: apex 1 + 6.5^2 / 20 = 3.1125... below; use the platform at y = 3: apex 3.1125 < 3.5, so it never clears it.
  const w = new World2D({ gravity: [0, -10], bounds: { min: [-10, 0], max: [10, 20] }, restitution: 0 });
  const platform = w.addSegment(-2, 3, 2, 3);
  w.filter = (_a, b, c) => c.kind !== HIT_WALL || b !== platform || c.ny < 0;
  const ball = w.addBody({ x: 0, y: 1, vy: 6.5, radius: 0.5 });
  w.advance(3);
  assert.equal(w.y[ball], 0.5, "back on the floor");
  assert.ok([...w.events].every((e) => e.kind === HIT_BOUNDS));
});

test("a ghost (mask 0) passes through walls, fixed and moving bodies and the container; nothing it meets is asked about", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addSegment(5, 0, 5, 10);
  w.addBox(6, 4, 6.5, 6);
  w.addBody({ x: 7.5, y: 5, radius: 0.5, fixed: true });
  w.addBody({ x: 9, y: 5, vx: -1, radius: 0.5 });
  let asked = 0;
  w.filter = (_a, _b, _c) => (asked++, true);
  const ghost = w.addBody({ x: 1, y: 5, vx: 4, radius: 0.5, mask: 0 });
  w.advance(3);
  assert.equal(asked, 3, "the others' contacts are asked about");
  assert.equal(w.x[ghost], 13, "it left the container");
  assert.ok([...w.events].every((e) => e.a !== ghost && e.b !== ghost));
  // 3D alike
  const v = new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10] } });
  v.addTriangle(5, 0, 0, 5, 10, 0, 5, 0, 10);
  const g3 = v.addBody({ x: 1, y: 1, z: 1, vx: 4, radius: 0.5, group: 2, mask: 0 });
  v.advance(3);
  assert.equal(v.x[g3], 13);
  assert.equal(v.events.count, 0);
});

test("group and mask bits decide wall and container contacts as they do pairs", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10], group: 4 } });
  const fence = w.addSegment(5, 0, 5, 10, { group: 2 });
  const a = w.addBody({ x: 1, y: 3, vx: 3, radius: 0.5, mask: ~2 }); // passes the fence, stays in the box
  const b = w.addBody({ x: 1, y: 7, vx: 3, radius: 0.5, mask: 2 }); // stopped by the fence, not by the box
  w.advance(1.5);
  assert.ok(Math.abs(w.x[a] - 5.5) < 1e-12, "went through the fence");
  assert.equal(w.vx[b], -3, "bounced off the fence");
  w.advance(2);
  assert.equal(w.vx[a], -3, "bounced off the container");
  assert.ok(w.x[b] < 0, "left through the container's side");
  assert.equal(w.wall(fence).group, 2);
});

test("a filter lets a body leave through one side of the container (a goal) and keeps the others", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.filter = (_a, b, c) => !(c.kind === HIT_BOUNDS && b === 1 && c.vx > 0); // the +x side lets bodies out
  const a = w.addBody({ x: 5, y: 5, vx: -2, vy: 1, radius: 0.5 });
  w.advance(8);
  // bounced off -x at t = 2.25 (x = 0.5), then out through +x: x = 0.5 + 2 (8 - 2.25)
  assert.equal(w.x[a], 0.5 + 2 * (8 - 2.25));
  assert.deepEqual([...w.events].map((e) => [e.kind, e.b]), [[HIT_BOUNDS, 0], [HIT_BOUNDS, 3]]);
});

test("a filter lets two bodies pass through each other (friendly fire off) and they collide after the pass when they meet again", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  const a = w.addBody({ x: 2, y: 5, vx: 2, radius: 0.5, data: "red" });
  const b = w.addBody({ x: 8, y: 5, vx: -2, radius: 0.5, data: "red" });
  let passes = 0;
  w.filter = (_a, _b, c) => {
    if (c.kind !== HIT_BODY) return true;
    passes++;
    return passes > 1; // the first meeting passes, later ones collide
  };
  w.advance(3);
  // they meet at t = 1.25 and pass (overlapping until 1.75): no event
  assert.equal(passes, 1);
  assert.equal(w.events.count, 0);
  assert.deepEqual([w.x[a], w.x[b]], [8, 2]);
  // off the walls at 3.75, they meet again at 5.75: asked again, and this time they collide
  w.advance(3);
  assert.equal(passes, 2);
  assert.deepEqual([...w.events].map((e) => [e.kind, e.t]), [[HIT_BOUNDS, 3.75], [HIT_BOUNDS, 3.75], [HIT_BODY, 5.75]]);
  assert.equal(w.data(a), "red");
});

test("the 0.1 pair filter (a, b) still works on body pairs only", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  const seen: number[][] = [];
  w.filter = (i, j) => (seen.push([i, j]), false);
  w.addBody({ x: 2, y: 5, vx: 2, radius: 0.5 });
  w.addBody({ x: 8, y: 5, vx: -2, radius: 0.5 });
  w.advance(5);
  assert.ok(seen.length > 0 && seen.every(([i, j]) => (i === 0 && j === 1) || (i === 1 && j === 0)));
  assert.deepEqual([...w.events].map((e) => e.kind), [HIT_BOUNDS, HIT_BOUNDS], "they passed; the walls were not filtered");
});
