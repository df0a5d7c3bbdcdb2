/** Events people can use (issue 29, item 6): named kinds, iteration, listeners with unsubscribe, user data per body. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HIT_BODY, HIT_BOUNDS, HIT_WALL, SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, World2D, type CollisionEvent, type EventKind } from "../src/index.js";

function pong(): World2D {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ id: "left", x: 2, y: 5, vx: 1, radius: 0.5, data: { team: "red" } });
  w.addBody({ id: "right", x: 8, y: 5, vx: -1, radius: 0.5, data: { team: "blue" } });
  return w;
}

test("for (const e of world.events) gives each event of the last advance as its own object, equal to the columns", () => {
  const w = pong();
  w.addSegment(5, 8, 5, 9);
  w.advance(8);
  const list = [...w.events];
  assert.equal(list.length, w.events.count);
  list.forEach((e, k) => {
    assert.deepEqual(e, { t: w.events.t[k], a: w.events.a[k], b: w.events.b[k], kind: w.events.kind[k], px: w.events.px[k], py: w.events.py[k], pz: 0, nx: w.events.nx[k], ny: w.events.ny[k], nz: 0, impulse: w.events.impulse[k], speed: w.events.speed[k] });
  });
  assert.deepEqual(list.map((e) => [e.kind, e.t]), [[HIT_BODY, 2.5], [HIT_BOUNDS, 6.5], [HIT_BOUNDS, 6.5]]);
  assert.notEqual(list[0], list[1], "new objects");
  assert.deepEqual(w.events.at(0), list[0]);
  assert.throws(() => w.events.at(3), /no event 3 \(the log holds 3\)/);
  // the kinds are a union of named constants: a switch over them is checked by TypeScript
  const name = (k: EventKind): string => {
    switch (k) {
      case HIT_BODY: return "body";
      case HIT_WALL: return "wall";
      case HIT_BOUNDS: return "bounds";
      default: return "sensor";
    }
  };
  assert.deepEqual(list.map((e) => name(e.kind)), ["body", "bounds", "bounds"]);
});

test("world.on: several listeners per type, called after onCollision in subscription order; the returned function unsubscribes, also from inside a listener", () => {
  const w = pong();
  const calls: string[] = [];
  w.onCollision = (e) => calls.push(`onCollision ${e.kind}`);
  const offA = w.on("collision", (e) => calls.push(`A ${e.kind} ${e.t}`));
  const offB = w.on("collision", () => {
    calls.push("B");
    offB(); // once
  });
  w.on("sensorEnter", () => calls.push("enter"));
  w.advance(3);
  assert.deepEqual(calls, ["onCollision 0", "A 0 2.5", "B"]);
  calls.length = 0;
  w.advance(5);
  assert.deepEqual(calls, ["onCollision 2", "A 2 6.5", "onCollision 2", "A 2 6.5"], "B is gone");
  offA();
  offA(); // (twice is harmless)
  calls.length = 0;
  w.advance(10);
  assert.ok(calls.length > 0 && calls.every((c) => c.startsWith("onCollision")));
  assert.throws(() => w.on("collide" as never, () => {}), /on: unknown event type "collide" \(known: "collision", "sensorEnter", "sensorExit"\)/);
  assert.throws(() => w.on("collision", null as never), /the listener must be a function/);
});

test("sensorEnter and sensorExit listeners hear body sensors and sensor walls; collision listeners do not", () => {
  const w = new World2D();
  const s = w.addBody({ x: 5, y: 0, radius: 1, fixed: true, sensor: true });
  const zone = w.addBox(8, -1, 9, 1, { sensor: true });
  w.addBody({ x: 0, y: 0, vx: 2, radius: 0.5 });
  const heard: [string, EventKind, number][] = [];
  w.on("sensorEnter", (e) => heard.push(["enter", e.kind, e.t]));
  w.on("sensorExit", (e) => heard.push(["exit", e.kind, e.t]));
  w.on("collision", (e) => heard.push(["collision", e.kind, e.t]));
  w.advance(6);
  assert.deepEqual(heard, [["enter", SENSOR_ENTER, 1.75], ["exit", SENSOR_EXIT, 3.25], ["enter", WALL_SENSOR_ENTER, 3.75], ["exit", 6, 4.75]]);
  assert.ok(s >= 0 && zone >= 0);
});

test("a listener that changes the world (removes the struck body) works as onCollision does", () => {
  const w = pong();
  const gone: string[] = [];
  w.on("collision", (e: CollisionEvent) => {
    if (e.kind === HIT_BODY) {
      gone.push(w.ids[e.b]);
      w.removeBody(e.b);
    }
  });
  w.advance(10);
  assert.deepEqual(gone, ["right"]);
  assert.equal(w.bodyCount, 1);
});

test("user data: addBody({ data }) and world.data(i) give back the same value; a freed slot forgets it; snapshots and clones keep it", () => {
  const w = pong();
  const left = w.bodyIndex("left");
  const d = w.data(left) as { team: string; hits?: number };
  assert.deepEqual(d, { team: "red" });
  w.on("collision", (e) => {
    const o = w.data(e.a) as { hits?: number };
    o.hits = (o.hits ?? 0) + 1;
  });
  w.advance(3);
  assert.equal(d.hits, 1, "the same object, changed in place");
  const snap = w.snapshot();
  const c = w.clone();
  assert.equal(c.data(left), d);
  w.removeBody(left);
  assert.throws(() => w.data(left), /no body with index 0/);
  const again = w.addBody({ x: 1, y: 1, radius: 0.2 });
  assert.equal(again, left);
  assert.equal(w.data(again), undefined, "a reused slot starts without data");
  w.restore(snap);
  assert.equal(w.data(left), d);
});
