import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { EXAMPLE_SCENES, SceneError, parseScene, sceneSchema } from "../src/index.js";

const ROOT = join(import.meta.dirname, "..");
const GOOD = join(import.meta.dirname, "fixtures", "good-scenes");
const BAD = join(import.meta.dirname, "fixtures", "bad-scenes");
const manifest = JSON.parse(readFileSync(join(BAD, "manifest.json"), "utf8")) as Record<string, { message: string; schema: "valid" | "invalid" | "n/a" }>;

/** Ajv in strict mode with every error reported; anything its strict checks log is collected. */
function strictAjv(): { ajv: Ajv2020; logged: string[] } {
  const logged: string[] = [];
  const logger = { log: () => {}, warn: (...m: unknown[]) => logged.push(m.join(" ")), error: (...m: unknown[]) => logged.push(m.join(" ")) };
  return { ajv: new Ajv2020({ strict: true, allErrors: true, logger }), logged };
}

const { ajv, logged } = strictAjv();
const validate = ajv.compile(JSON.parse(JSON.stringify(sceneSchema)));

/** carom's own reader, as `carom validate` runs it: true when it accepts the text. */
function caromAccepts(text: string, file: string): boolean {
  try {
    parseScene(text, file);
    return true;
  } catch (e) {
    if (e instanceof SceneError) return false;
    throw e;
  }
}

const jsonFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "manifest.json" && !f.endsWith("-sweep.json")).sort(); // (NAME-sweep.json: sweep files)

test("the schema compiles in Ajv's strict mode (strictTypes, strictRequired, allErrors) with nothing logged", () => {
  const fresh = strictAjv();
  fresh.ajv.compile(JSON.parse(JSON.stringify(sceneSchema)));
  assert.deepEqual(fresh.logged, []);
  assert.deepEqual(logged, []);
});

test("the schema has an absolute $id and is draft 2020-12", () => {
  assert.equal(sceneSchema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.match(sceneSchema.$id, /^https:\/\/[^\s#]+\.json$/);
  assert.equal(ajv.getSchema(sceneSchema.$id)?.schema, validate.schema, "Ajv registers it under its $id");
});

test("the built dist/scene.schema.json (exported as carom/scene.schema.json) is the source's schema", { skip: existsSync(join(ROOT, "dist", "scene.schema.json")) ? false : "run npm run build first" }, () => {
  const built = JSON.parse(readFileSync(join(ROOT, "dist", "scene.schema.json"), "utf8"));
  assert.deepEqual(built, JSON.parse(JSON.stringify(sceneSchema)));
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  assert.equal(pkg.exports["./scene.schema.json"], "./dist/scene.schema.json");
});

test("every example scene, as built and as shipped in examples/, passes Ajv and carom", () => {
  for (const [name, build] of Object.entries(EXAMPLE_SCENES)) {
    assert.ok(validate(build()), `${name}: ${ajv.errorsText(validate.errors)}`);
  }
  const shipped = jsonFiles(join(ROOT, "examples"));
  assert.deepEqual(shipped, Object.keys(EXAMPLE_SCENES).map((n) => `${n}.json`).sort());
  for (const f of shipped) {
    const text = readFileSync(join(ROOT, "examples", f), "utf8");
    assert.ok(validate(JSON.parse(text)), `examples/${f}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(caromAccepts(text, f), `examples/${f}: carom`);
  }
});

test("on the good corpus Ajv and carom both accept every file", () => {
  const files = jsonFiles(GOOD);
  assert.ok(files.length >= 6);
  for (const f of files) {
    const text = readFileSync(join(GOOD, f), "utf8");
    assert.ok(validate(JSON.parse(text)), `${f}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(caromAccepts(text, f), `${f}: carom`);
  }
});

test("on the broken corpus carom rejects every file and Ajv rejects exactly those the schema can judge", () => {
  const files = jsonFiles(BAD);
  assert.deepEqual(files, Object.keys(manifest).sort());
  let bothReject = 0;
  for (const f of files) {
    const text = readFileSync(join(BAD, f), "utf8");
    assert.equal(caromAccepts(text, f), false, `${f}: carom must reject it`);
    const { schema } = manifest[f];
    if (schema === "n/a") continue; // not JSON, or JSON that readers disagree on (duplicate keys, 1e400)
    const ok = validate(JSON.parse(text));
    // "valid": the fault is one a JSON Schema cannot state (unique ids, min below max, overlaps).
    assert.equal(ok, schema === "valid", `${f}: Ajv says ${ok ? "valid" : ajv.errorsText(validate.errors)}`);
    if (!ok) bothReject++;
  }
  assert.ok(bothReject >= 20, `only ${bothReject} files judged by both`);
});

test("on each file both reject, some carom message and some Ajv error point at the same value or one inside the other", () => {
  // carom writes JSON paths as bodies[1].radius; Ajv writes JSON Pointers (/bodies/1/radius).
  const toPointer = (path: string): string => path.replace(/\[(\d+)\]/g, "/$1").replace(/\./g, "/").replace(/^(?!\/|$)/, "/");
  let compared = 0;
  for (const f of jsonFiles(BAD)) {
    if (manifest[f].schema !== "invalid") continue;
    const text = readFileSync(join(BAD, f), "utf8");
    validate(JSON.parse(text));
    let issues: readonly { path: string }[] = [];
    try {
      parseScene(text, f);
    } catch (e) {
      if (e instanceof SceneError) issues = e.issues;
    }
    const pointers = new Set((validate.errors ?? []).flatMap((e) => [e.instancePath, e.instancePath + "/" + String((e.params as { additionalProperty?: string; missingProperty?: string }).additionalProperty ?? (e.params as { missingProperty?: string }).missingProperty ?? "")]));
    const where = issues.map((i) => toPointer(i.path));
    // Some carom message lies at or below a place Ajv reports.
    assert.ok(where.some((w) => [...pointers].some((p) => w === p || w.startsWith(p + "/") || (w !== "" && p.startsWith(w + "/")))), `${f}: carom ${where.join(" ")} vs Ajv ${[...pointers].join(" ")}`);
    compared++;
  }
  assert.ok(compared >= 20);
});
