/** Walls as first-class objects (issue 29, items 2 and 4): read-back, setWallPosition, per-wall options, bumpers, cheap changes. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, WALL_STRIDE, World2D, World3D, formatScene, parseScene, sceneFromWorld, worldFromScene, type ContactInfo } from "../src/index.js";
import { Random } from "./support/random.js";

/** The box or segment of a 2D wall's read-back (narrowed by kind). */
const boxOf = (w: World2D, n: number): { min: number[]; max: number[] } => (w.wall(n) as { box: { min: number[]; max: number[] } }).box;
const segmentOf = (w: World2D, n: number | string): number[][] => (w.wall(n) as { segment: number[][] }).segment;

test("wall(id) reads a wall back at world.now after setWallVelocity and setWallPosition (2D)", () => {
  const w = new World2D();
  const paddle = w.addBox(4, 0, 6, 0.5, { id: "paddle", restitution: 0.9, group: 3, mask: 5 });
  const seg = w.addSegment(0, 0, 1, 2);
  w.setWallVelocity(paddle, 2, 0);
  w.advance(1);
  assert.deepEqual(w.wall("paddle"), {
    id: "paddle", number: paddle, position: [6, 0], velocity: [2, 0], restitution: 0.9, group: 3, mask: 5, sensor: false,
    kind: "box", box: { min: [6, 0], max: [8, 0.5] },
  });
  w.setWallPosition(paddle, 0, 3);
  assert.deepEqual(boxOf(w, paddle), { min: [0, 3], max: [2, 3.5] });
  w.advance(0.25);
  assert.deepEqual(boxOf(w, paddle), { min: [0.5, 3], max: [2.5, 3.5] }, "still moving at its velocity");
  const s = w.wall(seg);
  assert.equal(s.kind, "segment");
  assert.deepEqual(s.kind === "segment" && s.segment, [[0, 0], [1, 2]]);
  assert.equal(s.restitution, undefined);
  assert.throws(() => w.wall("nope"), /no wall with id "nope"/);
  w.removeWall(seg);
  assert.throws(() => w.wall(seg), /no wall with number 1/);
  // the columns agree (WALL_STRIDE numbers per wall)
  assert.equal(WALL_STRIDE, 9);
  assert.deepEqual(Array.from(w.wallData.subarray(WALL_STRIDE * paddle, WALL_STRIDE * paddle + 4)), [0.5, 3, 2.5, 3.5]);
});

test("wall(id) reads 3D planes, boxes and triangles back; setWallPosition moves their reference point", () => {
  const w = new World3D();
  const plane = w.addPlane(0, 0, -1, 0, 0, 1, "floor");
  const box = w.addBox(1, 1, 1, 2, 2, 2);
  const tri = w.addTriangle(0, 0, 5, 1, 0, 5, 0, 1, 5, { sensor: true });
  w.setWallVelocity(box, 0, 0, 1);
  w.advance(2);
  const p = w.wall(plane);
  assert.ok(p.kind === "plane" && p.plane.point.join() === "0,0,-1" && p.plane.normal.join() === "0,0,1");
  const b = w.wall(box);
  assert.ok(b.kind === "box" && b.box.min.join() === "1,1,3" && b.box.max.join() === "2,2,4");
  w.setWallPosition(tri, 1, 1, 6);
  const t = w.wall(tri);
  assert.ok(t.kind === "triangle" && t.sensor);
  assert.deepEqual(t.kind === "triangle" && t.triangle, [[1, 1, 6], [2, 1, 6], [1, 2, 6]]);
});

test("setWallPosition checks like setPosition: a jump onto a body or beyond 1e150 is a RangeError and changes nothing", () => {
  const w = new World2D();
  const door = w.addSegment(5, -1, 5, 1, "door");
  w.addBody({ id: "ball", x: 0, y: 0, vx: 1, radius: 0.5 });
  w.advance(1); // the ball is at x = 1
  assert.throws(() => w.setWallPosition(door, 1.2, -1), { name: "RangeError", message: 'wall "door" moved to [1.2,-1] would overlap body "ball"' });
  assert.throws(() => w.setWallPosition(door, NaN, 0), /wall "door": position\[0\] must be a finite number, got NaN/);
  assert.throws(() => w.setWallPosition(door, 1e151, 0), /must be at most 1e\+150/);
  assert.deepEqual(segmentOf(w, door), [[5, -1], [5, 1]]);
  // a legal jump into the ball's path: it hits the door there, at the exact time
  w.setWallPosition(door, 3, -1);
  w.advance(2);
  assert.deepEqual([...w.events].map((e) => [e.kind, e.t]), [[HIT_WALL, 2.5]]);
});

test("a wall steered or removed inside a callback: the bodies meet it (or not) exactly where it now is", () => {
  const w = new World2D();
  const trigger = w.addSegment(2, -5, 2, 5);
  const gate = w.addSegment(6, -5, 6, 5);
  w.addBody({ x: 0, y: 0, vx: 1, radius: 0.5 });
  w.addBody({ x: 0, y: 3, vx: 1, radius: 0.5 });
  w.onCollision = (e) => {
    if (e.b === trigger) {
      w.removeWall(trigger);
      w.setWallVelocity(gate, -1, 0); // gate comes towards the balls: x = 6 - (t - 1.5)
    }
  };
  w.advance(5);
  // Both reach the trigger at t = 1.5 (x = 1.5): the first removes it, so the second passes. The
  // gate, at 6 - (t - 1.5), meets the second ball (at 1.5 + (t - 1.5)) when 6 - s = 2 + s: t = 3.5,
  // and sends it back at -1 - 2 = -3.
  assert.deepEqual([...w.events].map((e) => [e.kind, e.a, e.b, e.t]), [[HIT_WALL, 0, trigger, 1.5], [HIT_WALL, 1, gate, 3.5]]);
  assert.equal(w.vx[1], -3);
  assert.deepEqual(segmentOf(w, gate)[0], [2.5, -5]);
  assert.equal(w.x[1], 3.5 - 3 * 1.5);
});

test("a paddle steered every frame gives the same events as a world rebuilt at every change (random balls, 240 frames)", () => {
  const make = (): { w: World2D; paddle: number } => {
    const w = new World2D({ bounds: { min: [0, 0], max: [40, 30] } });
    const rnd = new Random(11);
    for (let k = 0; k < 30; k++) w.addBody({ x: 2 + (k % 6) * 6, y: 10 + Math.floor(k / 6) * 3.5, vx: rnd.range(-8, 8), vy: rnd.range(-8, 8), radius: 0.6 });
    for (let k = 0; k < 5; k++) w.addBox(4 + 7 * k, 26, 8 + 7 * k, 27);
    return { w, paddle: w.addBox(18, 2, 24, 3) };
  };
  const a = make(), b = make();
  const log = (w: World2D): string[] => [...w.events].map((e) => `${e.kind} ${e.a} ${e.b}`);
  const times = (w: World2D): number[] => [...w.events].map((e) => e.t);
  let events = 0, paddleHits = 0;
  for (let f = 0; f < 240; f++) {
    const v = 12 * Math.cos(f / 40);
    a.w.setWallVelocity(a.paddle, v, 0);
    b.w.setWallVelocity(b.paddle, v, 0);
    b.w.gravity = [0, 0]; // (forces a full rebuild)
    a.w.advance(1 / 60);
    b.w.advance(1 / 60);
    // (the same events; times within rounding: the two schedule from different instants)
    assert.deepEqual(log(a.w), log(b.w), `frame ${f}`);
    times(a.w).forEach((t, k) => assert.ok(Math.abs(t - times(b.w)[k]) < 1e-9, `frame ${f}: ${t} vs ${times(b.w)[k]}`));
    events += a.w.events.count;
    paddleHits += [...a.w.events].filter((e) => e.kind === HIT_WALL && e.b === a.paddle).length;
  }
  assert.ok(events > 50 && paddleHits > 0, `${events} events, ${paddleHits} on the paddle`);
});

test("a bumper (restitution 1.5 on a wall or a body) sends a body back at 1.5 times its normal speed", () => {
  const w = new World2D();
  w.addSegment(5, -5, 5, 5, { restitution: 1.5 });
  w.addBody({ x: 0, y: 0, vx: 2, vy: 1, radius: 0.5 });
  w.advance(3);
  assert.deepEqual([w.vx[0], w.vy[0]], [-3, 1]);
  assert.equal(w.events.impulse[0], 5);
  const v = new World2D();
  v.addBody({ x: 5, y: 0, radius: 1, fixed: true, restitution: 1.5 });
  v.addBody({ x: 0, y: 0, vx: 2, radius: 0.5 });
  v.advance(3);
  assert.equal(v.vx[1], -3);
  // a bumper against a bumper: the product (2.25); against the container the body's own
  const c = new World2D({ bounds: { min: [0, -5], max: [10, 5] } });
  c.addBody({ x: 5, y: 0, vx: 2, radius: 0.5, restitution: 1.5 });
  c.advance(3);
  assert.equal(c.vx[0], -3);
});

test("a response rule's ContactInfo tells body, wall or bounds, and which", () => {
  const seen: Pick<ContactInfo, "kind" | "a" | "b" | "other">[] = [];
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] }, response: (c) => (seen.push({ kind: c.kind, a: c.a, b: c.b, other: c.other }), c.impulse) });
  const seg = w.addSegment(8, 0, 8, 10);
  w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5 });
  w.addBody({ x: 5, y: 5, radius: 0.5 });
  w.addBody({ x: 2, y: 8, vy: 1, radius: 0.5 });
  w.advance(5);
  // the third ball reaches the top at 1.5, the first meets the second at 2, the second the segment at 4.5
  assert.deepEqual(seen, [
    { kind: HIT_BOUNDS, a: 2, b: -1, other: 3 },
    { kind: HIT_BODY, a: 0, b: 1, other: 1 },
    { kind: HIT_WALL, a: 1, b: -1, other: seg },
  ]);
});

test("wall options are checked: unknown keys, bad restitution, group and mask", () => {
  const w = new World2D();
  assert.throws(() => w.addSegment(0, 0, 1, 1, { restitutoin: 1 } as never), /segment options: unknown option "restitutoin" \(did you mean "restitution"\?\)/);
  assert.throws(() => w.addBox(0, 0, 1, 1, { restitution: -1 }), /box: restitution must be a finite number >= 0/);
  assert.throws(() => w.addBox(0, 0, 1, 1, { id: "b", group: 1.5 }), /box "b": group must be an integer of 32 bits/);
  assert.throws(() => w.addBox(0, 0, 1, 1, { sensor: "yes" as never }), /box: sensor must be true or false/);
  assert.equal(w.walls, 0);
});

test("a scene carries wall restitution, group, mask and sensor, and sensor bodies: read, run, written back", () => {
  const scene = parseScene(JSON.stringify({
    carom: 1, bounds: { min: [0, 0], max: [10, 10] },
    bodies: [{ id: "ball", position: [1, 5], velocity: [2, 0], radius: 0.5 }, { id: "eye", position: [8, 8], radius: 1, fixed: true, sensor: true }],
    walls: [
      { id: "bumper", segment: [[9, 0], [9, 10]], restitution: 1.5 },
      { id: "zone", box: { min: [3, 4], max: [4, 6] }, sensor: true },
      { id: "fence", segment: [[6, 0], [6, 10]], group: 2, mask: 2 },
    ],
  }));
  const w = worldFromScene(scene);
  w.advance(4);
  // through the zone, past the fence (its mask 2 does not meet the ball's group 1), off the bumper at 1.5 times
  assert.deepEqual([...w.events].map((e) => [e.kind, e.b, e.t]), [[5, 1, 0.75], [6, 1, 1.75], [HIT_WALL, 0, 3.75]]);
  assert.equal(w.vx[0], -3);
  const back = sceneFromWorld(w);
  assert.deepEqual(back.walls!.map((x) => [x.id, x.restitution, x.group, x.mask, x.sensor]), [["bumper", 1.5, undefined, undefined, undefined], ["zone", undefined, undefined, undefined, true], ["fence", undefined, 2, 2, undefined]]);
  assert.equal(back.bodies[1].sensor, true);
  assert.ok(worldFromScene(parseScene(formatScene(back))).advance(1).complete);
});
