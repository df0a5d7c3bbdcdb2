import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseJson } from "../src/index.js";
import { checkSweepRuns, SweepError, sweepSchema, validateSweep } from "../src/exports/sweep.js";

const ROOT = join(import.meta.dirname, "..");
const logged: string[] = [];
const ajv = new Ajv2020({ strict: true, allErrors: true, logger: { log: () => {}, warn: (...m: unknown[]) => logged.push(m.join(" ")), error: (...m: unknown[]) => logged.push(m.join(" ")) } });
const validate = ajv.compile(JSON.parse(JSON.stringify(sweepSchema)));

/** carom's own check, as carom validate and carom sweep make it: the file, then every run's parameters. */
function caromAccepts(value: unknown): boolean {
  try {
    checkSweepRuns(validateSweep(value, "s.json"));
    return true;
  } catch (e) {
    if (e instanceof SweepError) return false;
    throw e;
  }
}

const strike = { ball: "cue", V0: 2, phi: 90 };
const GOOD: unknown[] = [
  JSON.parse(readFileSync(join(ROOT, "examples", "eos-sweep.json"), "utf8")),
  { sweep: 1, hardSpheres: { dimensions: 2, count: 64, packingFraction: 0.5, duration: 5 }, random: { count: 3, parameters: { packingFraction: { uniform: [0.3, 0.6] } } } },
  { sweep: 1, pool: { pool: 1, balls: { rack: "nine-ball", jitter: 1e-5 }, strike }, grid: { "strike.V0": { from: 4, to: 9, count: 6 } }, replicas: 3, record: ["pocketed", "scratch"] },
  { sweep: 1, scene: { carom: 1, bodies: [{ position: [0, 0], radius: 1 }] }, points: [{ "bodies[0].radius": 0.5 }, { "bodies[0].radius": 2 }] },
  { sweep: 1, module: { file: "task.mjs", config: { weights: [1, 2] } }, grid: { "weights[1]": [0, 1] }, seed: -3 },
];
/** Broken sweeps that a schema can judge: both must refuse them. */
const BAD: unknown[] = [
  { sweep: 2, hardSpheres: {} },
  { sweep: 1 },
  { sweep: 1, hardSpheres: {}, pool: { pool: 1 } },
  { sweep: 1, hardSpheres: { count: 32, packingFraction: 0.3, colisionsPerBody: 10 } },
  { sweep: 1, hardSpheres: {}, grid: { "a b": [1] } },
  { sweep: 1, hardSpheres: {}, grid: { count: [] } },
  { sweep: 1, hardSpheres: {}, grid: { count: { from: 1, to: 2 } } },
  { sweep: 1, hardSpheres: {}, random: { count: 0, parameters: { count: { integer: [1, 2] } } } },
  { sweep: 1, hardSpheres: {}, random: { count: 2, parameters: { count: { poisson: [1, 2] } } } },
  { sweep: 1, hardSpheres: {}, replicas: 1.5 },
  { sweep: 1, hardSpheres: {}, record: ["pressure", "pressure"] },
  { sweep: 1, hardSpheres: {}, seed: "1" },
  { sweep: 1, module: { config: {} } },
  { sweep: 1, hardSpheres: {}, extra: true },
];

test("the sweep schema compiles in Ajv's strict mode with nothing logged, and is draft 2020-12 with an absolute $id", () => {
  assert.deepEqual(logged, []);
  assert.equal(sweepSchema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.match(sweepSchema.$id, /^https:\/\/[^\s#]+\/sweep\.schema\.json$/);
});

test("Ajv and carom both accept the example sweep and the good sweeps, and both refuse the broken ones", () => {
  for (const s of GOOD) {
    assert.ok(validate(s), `${JSON.stringify(s)}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(caromAccepts(s), JSON.stringify(s));
  }
  for (const s of BAD) {
    assert.equal(validate(s), false, `Ajv accepts ${JSON.stringify(s)}`);
    assert.equal(caromAccepts(s), false, `carom accepts ${JSON.stringify(s)}`);
  }
});

test("the example's text is read by carom's strict JSON reader (no duplicate keys, no comments)", () => {
  assert.ok(caromAccepts(parseJson(readFileSync(join(ROOT, "examples", "eos-sweep.json"), "utf8"), "eos-sweep.json")));
});

test("the built dist/sweep.schema.json (exported as carom/sweep.schema.json) is the source's schema", { skip: existsSync(join(ROOT, "dist", "sweep.schema.json")) ? false : "run npm run build first" }, () => {
  assert.deepEqual(JSON.parse(readFileSync(join(ROOT, "dist", "sweep.schema.json"), "utf8")), JSON.parse(JSON.stringify(sweepSchema)));
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  assert.equal(pkg.exports["./sweep.schema.json"], "./dist/sweep.schema.json");
  assert.equal(pkg.exports["./sweep"].import, "./dist/exports/sweep.js");
});
