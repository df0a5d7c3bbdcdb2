import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { EXAMPLE_SCENES, SceneError, parseJson, sceneSchema, validateScene } from "../src/index.js";

/**
 * A JSON Schema (draft 2020-12) checker for the keywords the scene schema uses, written here
 * for the test so that the library needs no validator. It refuses any keyword it does not
 * know, so the schema cannot grow past what this test judges. Where python's `jsonschema`
 * package is installed, the same documents also go through its Draft202012Validator.
 */
type Schema = boolean | Record<string, unknown>;
const IGNORED = new Set(["$schema", "$id", "title", "description", "default", "$defs"]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function schemaAccepts(root: Record<string, unknown>, schema: Schema, v: unknown): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  for (const [key, arg] of Object.entries(schema)) {
    if (IGNORED.has(key)) continue;
    const a = arg as never;
    switch (key) {
      case "$ref": {
        const m = /^#\/\$defs\/(.+)$/.exec(arg as string);
        if (m === null) throw new Error(`unsupported $ref ${arg}`);
        if (!schemaAccepts(root, (root.$defs as Record<string, Schema>)[m[1]], v)) return false;
        break;
      }
      case "type": {
        const t = typeOf(v);
        if (!(t === arg || (arg === "number" && t === "integer"))) return false;
        break;
      }
      case "const":
        if (!deepEqual(v, arg)) return false;
        break;
      case "enum":
        if (!(arg as unknown[]).some((x) => deepEqual(v, x))) return false;
        break;
      case "minimum":
        if (typeof v === "number" && !(v >= a)) return false;
        break;
      case "maximum":
        if (typeof v === "number" && !(v <= a)) return false;
        break;
      case "exclusiveMinimum":
        if (typeof v === "number" && !(v > a)) return false;
        break;
      case "minLength":
        if (typeof v === "string" && !([...v].length >= a)) return false;
        break;
      case "pattern":
        if (typeof v === "string" && !new RegExp(arg as string, "u").test(v)) return false;
        break;
      case "minItems":
        if (Array.isArray(v) && !(v.length >= a)) return false;
        break;
      case "maxItems":
        if (Array.isArray(v) && !(v.length <= a)) return false;
        break;
      case "items":
        if (Array.isArray(v) && !v.every((x) => schemaAccepts(root, arg as Schema, x))) return false;
        break;
      case "required":
        if (typeOf(v) === "object" && !(arg as string[]).every((k) => Object.prototype.hasOwnProperty.call(v, k))) return false;
        break;
      case "properties":
        if (typeOf(v) === "object") {
          for (const [k, s] of Object.entries(arg as Record<string, Schema>)) {
            if (Object.prototype.hasOwnProperty.call(v, k) && !schemaAccepts(root, s, (v as Record<string, unknown>)[k])) return false;
          }
        }
        break;
      case "additionalProperties":
        if (typeOf(v) === "object") {
          const known = Object.keys((schema.properties ?? {}) as object);
          for (const k of Object.keys(v as object)) {
            if (!known.includes(k) && !schemaAccepts(root, arg as Schema, (v as Record<string, unknown>)[k])) return false;
          }
        }
        break;
      case "oneOf":
        if ((arg as Schema[]).filter((s) => schemaAccepts(root, s, v)).length !== 1) return false;
        break;
      case "not":
        if (schemaAccepts(root, arg as Schema, v)) return false;
        break;
      case "if":
        if (schemaAccepts(root, arg as Schema, v)) {
          if (schema.then !== undefined && !schemaAccepts(root, schema.then as Schema, v)) return false;
        } else if (schema.else !== undefined && !schemaAccepts(root, schema.else as Schema, v)) return false;
        break;
      case "then":
      case "else":
        break;
      default:
        throw new Error(`the test's schema checker does not know the keyword "${key}"`);
    }
  }
  return true;
}

const root = JSON.parse(JSON.stringify(sceneSchema)) as Record<string, unknown>;
const bySchema = (v: unknown): boolean => schemaAccepts(root, root, v);
const byValidator = (v: unknown): boolean => {
  try {
    validateScene(v, "x.json");
    return true;
  } catch (e) {
    if (e instanceof SceneError) return false;
    throw e;
  }
};

const python = spawnSync("python3", ["-c", "import jsonschema"], { encoding: "utf8" });
const havePython = python.status === 0;

/** Verdicts of python-jsonschema's Draft202012Validator on each document (and the meta-schema check). */
function pythonVerdicts(docs: unknown[]): boolean[] {
  const script = [
    "import json, sys",
    "from jsonschema import Draft202012Validator",
    "data = json.load(sys.stdin)",
    "Draft202012Validator.check_schema(data['schema'])",
    "v = Draft202012Validator(data['schema'])",
    "print(json.dumps([v.is_valid(d) for d in data['docs']]))",
  ].join("\n");
  const r = spawnSync("python3", ["-c", script], { input: JSON.stringify({ schema: sceneSchema, docs }), encoding: "utf8", maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as boolean[];
}

const CORPUS = join(import.meta.dirname, "fixtures", "bad-scenes");
const manifest = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8")) as Record<string, { message: string; schema: "valid" | "invalid" | "n/a" }>;

test("the shipped schema is a draft 2020-12 schema whose every keyword the checker knows", () => {
  assert.equal(sceneSchema.$schema, "https://json-schema.org/draft/2020-12/schema");
  for (const scene of Object.values(EXAMPLE_SCENES)) bySchema(scene()); // throws on an unknown keyword
});

test("every example scene passes both the schema and the validator", () => {
  for (const [name, build] of Object.entries(EXAMPLE_SCENES)) {
    const scene = build();
    assert.ok(bySchema(scene), `${name}: schema`);
    assert.ok(byValidator(scene), `${name}: validator`);
    const file = parseJson(readFileSync(join(import.meta.dirname, "..", "examples", `${name}.json`), "utf8"));
    assert.ok(bySchema(file) && byValidator(file), `examples/${name}.json`);
  }
});

test("on the broken corpus the schema rejects exactly the scenes the manifest says it can judge, and the validator rejects all", () => {
  const files = readdirSync(CORPUS).filter((f) => f.endsWith(".json") && f !== "manifest.json");
  assert.deepEqual(files.sort(), Object.keys(manifest).sort());
  let judged = 0;
  for (const f of files) {
    const expected = manifest[f].schema;
    if (expected === "n/a") continue; // not JSON, or JSON that readers disagree on (duplicate keys, 1e400)
    const doc = parseJson(readFileSync(join(CORPUS, f), "utf8"), f);
    assert.equal(bySchema(doc), expected === "valid", `${f}: schema verdict`);
    assert.equal(byValidator(doc), false, `${f}: the validator must reject it`);
    judged++;
  }
  assert.ok(judged >= 25, `only ${judged} corpus scenes judged`);
});

/** A random valid scene: bodies on a lattice (no overlaps), walls away from them. */
const validScene = fc
  .record({
    dim: fc.constantFrom(2, 3),
    n: fc.integer({ min: 0, max: 6 }),
    explicitDims: fc.boolean(),
    gravity: fc.boolean(),
    restitution: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    walls: fc.integer({ min: 0, max: 3 }),
    extras: fc.array(fc.constantFrom("mass", "fixed", "color", "velocity", "group", "mask", "restitution", "acceleration"), { maxLength: 4 }),
  })
  .map(({ dim, n, explicitDims, gravity, restitution, walls, extras }) => {
    const vec = (x: number): number[] => (dim === 3 ? [x, 0.5, 0.5] : [x, 0.5]);
    const scene: Record<string, unknown> = { carom: 1 };
    if (explicitDims || dim === 3) scene.dimensions = dim;
    if (gravity) scene.gravity = dim === 3 ? [0, -9.81, 0] : [0, -9.81];
    if (restitution !== undefined) scene.restitution = restitution;
    scene.bounds = { min: dim === 3 ? [0, 0, 0] : [0, 0], max: dim === 3 ? [100, 1, 1] : [100, 1] };
    scene.bodies = Array.from({ length: n }, (_, i) => {
      const b: Record<string, unknown> = { id: `b${i}`, position: vec(1 + 2 * i), radius: 0.25 };
      for (const e of extras) {
        if (e === "mass") b.mass = 2;
        if (e === "fixed") b.fixed = true;
        if (e === "color") b.color = "#ff8800";
        if (e === "velocity") b.velocity = vec(1);
        if (e === "group") b.group = 3;
        if (e === "mask") b.mask = -1;
        if (e === "restitution") b.restitution = 0.5;
        if (e === "acceleration") b.acceleration = vec(0);
      }
      return b;
    });
    scene.walls = Array.from({ length: walls }, (_, k) => {
      const x = 60 + 5 * k;
      if (dim === 2) return k % 2 === 0 ? { id: `w${k}`, segment: [[x, 0], [x, 1]] } : { id: `w${k}`, box: { min: [x, 0], max: [x + 1, 1] } };
      return [
        { id: `w${k}`, box: { min: [x, 0, 0], max: [x + 1, 1, 1] } },
        { id: `w${k}`, triangle: [[x, 0, 0], [x, 1, 0], [x, 0, 1]] },
        { id: `w${k}`, plane: { point: [-1, 0, 0], normal: [1, 0, 0] } },
      ][k % 3];
    });
    return scene;
  });

/** Mutations the schema can judge: each makes the scene invalid for both. */
const MUTATIONS: ((s: Record<string, unknown>, pick: number) => boolean)[] = [
  (s) => ((s.carom = 2), true),
  (s) => ((s.dimensions = 4), true),
  (s) => ((s.restitution = -0.25), true),
  (s) => ((s.duration = -3), true),
  (s) => ((s.gravity = [0, 1, 2, 3]), true),
  (s) => ((s.gravty = [0, 1]), true),
  (s) => ((s.bodies = "none"), true),
  (s) => (delete s.bodies, true),
  (s) => (delete s.carom, true),
  (s) => ((s.bounds = { min: [0, 0] }), true),
  (s, p) => mutateBody(s, p, (b) => ((b.radius = -0.5), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.mass = 0), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.raduis = 1), true)),
  (s, p) => mutateBody(s, p, (b) => (delete b.position, true)),
  (s, p) => mutateBody(s, p, (b) => ((b.position = [1]), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.position = [1, 2, 3, 4]), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.velocity = (b.position as number[]).length === 2 ? [1, 2, 3] : [1, 2]), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.fixed = "yes"), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.group = 0.5), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.mask = 2 ** 31), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.restitution = -0.1), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.color = "<red>"), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.id = ""), true)),
  (s, p) => mutateBody(s, p, (b) => ((b.id = 7), true)),
  (s, p) => mutateWall(s, p, (w) => ((w.extra = 1), true)),
  (s, p) => mutateWall(s, p, (w) => {
    for (const k of ["segment", "box", "triangle", "plane"]) delete w[k];
    return true;
  }),
  (s, p) => mutateWall(s, p, (w) => ((w.box = { min: [0, 0], max: [1, 1] }), (w.segment = [[0, 0], [1, 1]]), true)),
  (s, p) => mutateWall(s, p, (w) => {
    if (w.plane === undefined) return false;
    (w.plane as Record<string, unknown>).normal = [0, 0, 0];
    return true;
  }),
  (s, p) => mutateWall(s, p, (w) => {
    const three = s.dimensions === 3;
    for (const k of ["segment", "box", "triangle", "plane"]) delete w[k];
    if (three) w.segment = [[0, 0, 0], [1, 1, 1]];
    else w.triangle = [[0, 0], [1, 0], [0, 1]];
    return true;
  }),
];

function mutateBody(s: Record<string, unknown>, pick: number, f: (b: Record<string, unknown>) => boolean): boolean {
  const bodies = s.bodies as Record<string, unknown>[];
  return bodies.length > 0 && f(bodies[pick % bodies.length]);
}

function mutateWall(s: Record<string, unknown>, pick: number, f: (w: Record<string, unknown>) => boolean): boolean {
  const walls = s.walls as Record<string, unknown>[];
  return walls.length > 0 && f(walls[pick % walls.length]);
}

test("on random scenes and random schema-visible mutations the schema and the validator give the same verdict", () => {
  const docs: unknown[] = [];
  fc.assert(
    fc.property(validScene, fc.integer({ min: 0, max: MUTATIONS.length - 1 }), fc.nat(), (scene, m, pick) => {
      assert.ok(bySchema(scene) && byValidator(scene), "unmutated scene");
      docs.push(JSON.parse(JSON.stringify(scene)));
      const mutated = JSON.parse(JSON.stringify(scene)) as Record<string, unknown>;
      if (!MUTATIONS[m](mutated, pick)) return;
      assert.equal(bySchema(mutated), false, `schema accepts ${JSON.stringify(mutated)}`);
      assert.equal(byValidator(mutated), false, `validator accepts ${JSON.stringify(mutated)}`);
      docs.push(mutated);
    }),
    { seed: 42, numRuns: 400 },
  );
  if (havePython) {
    // The independent implementation agrees with the test's checker on every document.
    const py = pythonVerdicts(docs);
    docs.forEach((d, k) => assert.equal(py[k], bySchema(d), `python-jsonschema disagrees on ${JSON.stringify(d)}`));
  }
});

test("python-jsonschema (where installed) accepts the schema itself and agrees on the examples and the corpus", { skip: havePython ? false : "python3 with the jsonschema package is not installed" }, () => {
  const docs: unknown[] = Object.values(EXAMPLE_SCENES).map((b) => b());
  const expected: boolean[] = docs.map(() => true);
  for (const [f, { schema }] of Object.entries(manifest)) {
    if (schema === "n/a") continue;
    docs.push(parseJson(readFileSync(join(CORPUS, f), "utf8")));
    expected.push(schema === "valid");
  }
  assert.deepEqual(pythonVerdicts(docs), expected);
});
