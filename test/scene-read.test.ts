import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { SceneError, checkSceneStart, editDistance, jsonPointer, parseJson, valueAtPointer, parseScene, suggestKey, validateScene, validateSceneStructure, worldFromScene, type Scene } from "../src/index.js";

/** The message of the SceneError that f throws. */
function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof SceneError, `expected a SceneError, got ${String(e)}`);
    return e.message;
  }
  assert.fail("no error thrown");
}

test("the JSON reader gives the line, the column and the JSON path of a syntax error", () => {
  const text = '{\n  "carom": 1,\n  "bodies": [\n    { "id": "a", "position": [0, 0] "radius": 1 }\n  ]\n}';
  assert.equal(message(() => parseJson(text, "s.json")), "s.json:4:37: bodies[0]: invalid JSON: expected ',' or '}' after a property value, got '\"'");
  assert.match(message(() => parseJson('{"a": [1, 2,]}', "s.json")), /^s\.json:1:13: a: invalid JSON: trailing comma before '\]'$/);
  assert.match(message(() => parseJson("{\"a\": 'x'}", "s.json")), /strings need double quotes/);
  assert.match(message(() => parseJson('{"a": 1} x', "s.json")), /1:10: invalid JSON: unexpected 'x' after the end of the JSON value/);
  assert.match(message(() => parseJson('{"a": "b\\q"}', "s.json")), /invalid escape sequence/);
  assert.match(message(() => parseJson('{"a": 01}', "s.json")), /invalid number/);
  assert.match(message(() => parseJson('{"a": -Infinity}', "s.json")), /NaN and Infinity are not JSON numbers/);
});

test("the JSON reader rejects duplicate keys and numbers beyond the double range, and reads -0, escapes and __proto__ like JSON.parse", () => {
  assert.match(message(() => parseJson('{"x": 1, "x": 2}', "s.json")), /^s\.json:1:10: duplicate key "x"/);
  assert.match(message(() => parseJson('{"p": [1e309]}', "s.json")), /p\[0\]: number 1e309 is out of range/);
  const samples = ['{"a": -0, "b": [1e-320, 5e-324, 1.7976931348623157e308], "c": "\\u00e9\\n\\"", "__proto__": {"x": 1}}', "[]", '"s"', "true", "null", " 12.5e3 "];
  for (const s of samples) assert.deepEqual(parseJson(s), JSON.parse(s));
  assert.ok(Object.is((parseJson('{"a": -0}') as { a: number }).a, -0));
  const proto = parseJson('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test("the JSON reader agrees with JSON.parse on random JSON values", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v);
      assert.deepEqual(parseJson(text), JSON.parse(text));
    }),
    { seed: 42, numRuns: 300 },
  );
});

test("an unknown key gets the closest known key suggested, and no suggestion when none is close", () => {
  const scene = (body: Record<string, unknown>): unknown => ({ carom: 1, bodies: [{ position: [0, 0], radius: 1 }, { position: [5, 0], radius: 1 }, { position: [9, 0], radius: 1 }, body] });
  assert.equal(message(() => validateScene(scene({ position: [20, 0], raduis: 1 }), "t.json")), 't.json: bodies[3].raduis: unknown key, did you mean "radius"?');
  assert.match(message(() => validateScene(scene({ position: [20, 0], radius: 1, Mass: 2 }), "t.json")), /bodies\[3\]\.Mass: unknown key, did you mean "mass"\?/);
  assert.match(message(() => validateScene(scene({ position: [20, 0], radius: 1, velocty: [1, 0] }), "t.json")), /did you mean "velocity"\?/);
  assert.match(message(() => validateScene(scene({ position: [20, 0], radius: 1, spin: 2 }), "t.json")), /bodies\[3\]\.spin: unknown key \(known keys: id, position, velocity/);
  assert.equal(suggestKey("bounds", ["bodies", "bounds"]), "bounds");
  assert.equal(suggestKey("xyz", ["radius", "mass"]), undefined);
  assert.equal(editDistance("raduis", "radius"), 1);
  assert.equal(editDistance("", "abc"), 3);
});

test("every problem in a scene is listed, each with the file, the JSON path and the value", () => {
  const m = message(() =>
    validateScene({ carom: 1, restitution: -2, bodies: [{ position: [0, "a"], radius: -1, mass: 0 }, { position: [1, 2, 3], radius: 1 }] }, "many.json"),
  );
  assert.deepEqual(m.split("\n"), [
    "many.json: restitution must be >= 0, got -2",
    'many.json: bodies[0].position[1] must be a number, got "a"',
    "many.json: bodies[0].radius must be >= 0, got -1",
    "many.json: bodies[0].mass must be between 1e-150 and 1e+150, got 0",
    'many.json: bodies[1].position has 3 components, but the scene is 2D (a scene without "dimensions" is 2D; add "dimensions": 3 for a 3D scene)',
  ]);
  const long = message(() => validateScene({ carom: 1, bodies: Array.from({ length: 40 }, () => ({ position: [0, 0], radius: -1 })) }, "x.json"));
  assert.equal(long.split("\n").length, 26);
  assert.match(long, /\.\.\. and 15 more problems$/);
});

test("ids are unique across bodies and walls, default ids included", () => {
  const base = { carom: 1, bounds: { min: [0, 0], max: [10, 10] } };
  assert.match(
    message(() => validateScene({ ...base, bodies: [{ id: "cue", position: [1, 1], radius: 0.5 }], walls: [{ id: "cue", segment: [[5, 0], [5, 10]] }] }, "i.json")),
    /walls\[0\]\.id: duplicate id "cue", already the id of bodies\[0\]$/,
  );
  assert.match(
    message(() => validateScene({ ...base, bodies: [{ id: "wall-0", position: [1, 1], radius: 0.5 }], walls: [{ segment: [[5, 0], [5, 10]] }] }, "i.json")),
    /walls\[0\] has no id and defaults to "wall-0", already the id of bodies\[0\]$/,
  );
  const ok = validateScene({ ...base, bodies: [{ position: [1, 1], radius: 0.5 }, { id: "1x", position: [3, 1], radius: 0.5 }] }, "i.json");
  assert.equal(ok.bodies.length, 2);
});

test("start-state problems name both bodies, the wall, or the axis that leaves the bounds", () => {
  const scene = (bodies: unknown[], walls: unknown[] = []): unknown => ({ carom: 1, dimensions: 3, bounds: { min: [0, 0, 0], max: [10, 10, 10] }, bodies, walls });
  assert.match(
    message(() => validateScene(scene([{ id: "a", position: [5, 5, 5], radius: 1 }, { id: "b", position: [5, 6.5, 5], radius: 1 }]), "s.json")),
    /^s\.json: bodies\[0\] \("a"\) and bodies\[1\] \("b"\) overlap at the start: centres 1\.5 apart, radii add up to 2$/,
  );
  assert.match(
    message(() => validateScene(scene([{ id: "a", position: [5, 5, 9.5], radius: 1 }]), "s.json")),
    /bodies\[0\] \("a"\) is not inside the bounds: position \[5, 5, 9\.5\] with radius 1 reaches z = 10\.5 > bounds\.max\[2\] = 10/,
  );
  for (const wall of [{ plane: { point: [0, 0, 4.5], normal: [0, 0, 1] } }, { box: { min: [5.5, 0, 0], max: [6, 10, 10] } }, { triangle: [[5, 5, 5.5], [9, 5, 5.5], [5, 9, 5.5]] }]) {
    assert.match(message(() => validateScene(scene([{ id: "a", position: [5, 5, 5], radius: 1 }], [{ id: "w", ...wall }]), "s.json")), /bodies\[0\] \("a"\) overlaps walls\[0\] \("w"\) at the start/);
  }
  // Touching is not overlapping; fixed bodies may overlap each other; masks that exclude each other allow it.
  validateScene(scene([{ position: [5, 5, 5], radius: 1 }, { position: [7, 5, 5], radius: 1 }]), "s.json");
  validateScene(scene([{ position: [5, 5, 5], radius: 1, fixed: true }, { position: [5.5, 5, 5], radius: 1, fixed: true }]), "s.json");
  validateScene(scene([{ position: [5, 5, 5], radius: 1, group: 2, mask: 1 }, { position: [5.5, 5, 5], radius: 1, group: 1, mask: 1 }]), "s.json");
  // A fixed body may stand outside the bounds (it never moves), as in the world.
  validateScene(scene([{ position: [50, 5, 5], radius: 1, fixed: true }]), "s.json");
});

/** Random 2D scenes on a half-unit lattice: exact touches, overlaps and wall contacts all occur. */
const crowded = fc
  .record({
    bodies: fc.array(
      fc.record({ x: fc.integer({ min: 1, max: 18 }), y: fc.integer({ min: 1, max: 18 }), r: fc.constantFrom(0, 0.25, 0.5, 0.75, 1), fixed: fc.boolean() }),
      { minLength: 1, maxLength: 8 },
    ),
    walls: fc.array(fc.record({ x: fc.integer({ min: 0, max: 20 }), box: fc.boolean() }), { maxLength: 2 }),
  })
  .map(({ bodies, walls }) => ({
    carom: 1 as const,
    bounds: { min: [0, 0], max: [10, 10] },
    bodies: bodies.map((b) => ({ position: [b.x / 2, b.y / 2], radius: b.r, fixed: b.fixed, velocity: [0.5, 0.25] })),
    walls: walls.map((w) => (w.box ? { box: { min: [w.x / 2, 2], max: [w.x / 2 + 0.5, 3] } } : { segment: [[w.x / 2, 4], [w.x / 2 + 1, 5.5]] })),
  }));

test("the start-state check agrees with the world's own check on random crowded scenes", () => {
  let rejected = 0, accepted = 0, stuck = 0;
  fc.assert(
    fc.property(crowded, (raw) => {
      const scene = validateSceneStructure(raw, "r.json");
      // The world checks overlaps and bounds at the start; bodies with no room to move are
      // this check's own addition (scene-stuck.ts), judged only when nothing overlaps.
      let ours = true;
      try {
        checkSceneStart(scene, "r.json");
      } catch (e) {
        assert.ok(e instanceof SceneError);
        ours = e.issues.every((issue) => / has no room to move: /.test(issue.text));
        if (ours) stuck++;
      }
      let worlds = true;
      try {
        worldFromScene(scene, { maxEventsPerAdvance: 1 }).advance(0);
      } catch (e) {
        assert.ok(e instanceof RangeError && /overlap|not inside the bounds/.test(e.message), String(e));
        worlds = false;
      }
      assert.equal(ours, worlds, JSON.stringify(raw));
      if (ours) accepted++;
      else rejected++;
    }),
    { seed: 42, numRuns: 500 },
  );
  assert.ok(rejected > 50 && accepted > 50, `${accepted} accepted, ${rejected} rejected`);
  assert.ok(stuck > 0 && stuck < accepted / 2, `${stuck} of ${accepted} found stuck`);
});

test("parseScene returns the scene typed, with defaults left to the readers of the fields", () => {
  const s: Scene = parseScene('{"carom": 1, "bodies": [{"position": [0, 0], "radius": 1}]}', "p.json");
  assert.equal(s.dimensions, undefined);
  const w = worldFromScene(s);
  assert.equal(w.dim, 2);
  assert.equal(w.ids[0], "0");
  assert.equal(1 / w.invMass[0], 1);
  assert.equal(w.defaultRestitution, 1);
});

test("the JSON reader refuses nesting deeper than 64 without recursing further (100,000 levels), and nonzero numbers that underflow to 0", () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  assert.throws(() => parseJson(deep, "d.json"), (e: unknown) => e instanceof SceneError && e.message === "d.json:1:65: nested deeper than 64 arrays and objects (a scene needs five)");
  const ok = "[".repeat(64) + "]".repeat(64);
  assert.deepEqual(parseJson(ok), JSON.parse(ok));
  assert.throws(() => parseJson('{"a": [1e-400]}', "u.json"), /^SceneError: u\.json:1:8: a\[0\]: number 1e-400 underflows to 0 \(the smallest double is 5e-324\); write 0 if 0 is meant$/);
  assert.throws(() => parseJson('{"a": 0x10}', "h.json"), /h\.json:1:7: a: invalid JSON: numbers must be decimal: "0x\.\.\." \(hexadecimal, binary and octal are not JSON\)/);
  for (const zero of ["0", "-0", "0.0e-400", "0e5"]) assert.ok(Object.is(parseJson(zero), Number(zero)), zero);
  assert.equal(parseJson("5e-324"), 5e-324);
});

test("a JSON path as the messages write it becomes a JSON Pointer, and the pointer finds the value", () => {
  assert.equal(jsonPointer(""), "");
  assert.equal(jsonPointer("bodies[3].radius"), "/bodies/3/radius");
  assert.equal(jsonPointer('walls[0]["a/b~c"].min[1]'), "/walls/0/a~1b~0c/min/1");
  assert.equal(jsonPointer('["$odd key"]'), "/$odd key");
  const doc = { bodies: [{ radius: -1 }], "a/b~c": { x: null } };
  assert.equal(valueAtPointer(doc, "/bodies/0/radius"), -1);
  assert.equal(valueAtPointer(doc, "/a~1b~0c/x"), null);
  assert.equal(valueAtPointer(doc, "/bodies/1"), undefined);
  assert.equal(valueAtPointer(doc, "/bodies/0/radius/x"), undefined);
});
