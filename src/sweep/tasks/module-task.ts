/**
 * The `module` kind: a JavaScript module of the user's own, for what no sweep file can say (a
 * bot's search with its weights, a shot chooser, a custom measurement). It exports
 *
 * ```js
 * export function run(config, seed) { ... return { wins: 3, meanTurns: 41.5 }; }  // or async
 * ```
 *
 * `config` is the sweep's `module.config` with the run's parameters set in it, `seed` the run's
 * seed (a 32-bit unsigned integer); the result is a plain object of JSON values (finite numbers,
 * strings, booleans, null, arrays and objects of them), recorded as the run's results. Each
 * worker imports the module once. Determinism is the module's: carom's applications give the
 * same bits for the same input, Math.random does not.
 */
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeValue } from "../../scene/scene-error.js";
import { SweepError, type JsonObject, type JsonValue, type Sweep } from "../sweep-types.js";
import type { SweepTask } from "./task.js";

/** The function a module exports. */
export type SweepModuleRun = (config: JsonValue, seed: number) => unknown;

interface ModuleRun {
  config: JsonValue;
  seed: number;
}

/** The module's URL: `file` (relative to the sweep file's folder, absolute, or a file: URL). */
export function moduleUrl(file: string, dir: string | undefined): string {
  if (/^file:/i.test(file)) return file;
  return pathToFileURL(isAbsolute(file) ? file : resolve(dir ?? ".", file)).href;
}

/** Throws a RangeError naming the first value of `value` (at `path`) that is not plain JSON. */
function checkJson(value: unknown, path: string, depth: number): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`the module's run returned ${path} = ${value}; results must be finite numbers`);
    return;
  }
  if (depth > 32) throw new RangeError(`the module's run returned ${path} nested deeper than 32 levels`);
  if (Array.isArray(value)) {
    value.forEach((v, k) => checkJson(v, `${path}[${k}]`, depth + 1));
    return;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) checkJson(v, `${path}.${k}`, depth + 1);
    return;
  }
  throw new RangeError(`the module's run returned ${path} = ${typeof value === "object" ? describeValue(value) : typeof value}, which is not a JSON value`);
}

/** The module task around a loaded `run` (or one that only checks, in the main thread). */
export function moduleTask(run: SweepModuleRun | null): SweepTask<ModuleRun> {
  return {
    observables: null,
    check: () => [],
    prepare: (config: JsonValue, seed: number) => ({ config, seed }),
    async run(r: ModuleRun, record: readonly string[]): Promise<JsonObject> {
      if (run === null) throw new Error("the module is not loaded");
      const out = await run(r.config, r.seed);
      if (out === null || typeof out !== "object" || Array.isArray(out)) throw new RangeError(`the module's run must return an object of results, got ${out === null ? "null" : Array.isArray(out) ? "an array" : typeof out}`);
      checkJson(out, "results", 0);
      const results = out as JsonObject;
      if (record.length === 0) return results;
      const picked: JsonObject = {};
      for (const name of record) {
        if (!Object.hasOwn(results, name)) throw new RangeError(`the module's run returned no "${name}" (record asks for it; it returned ${Object.keys(results).map((k) => JSON.stringify(k)).join(", ") || "nothing"})`);
        picked[name] = results[name];
      }
      return picked;
    },
  };
}

/** Imports the sweep's module and returns its task; an error naming the file when it has no run function. */
export async function loadModuleTask(sweep: Sweep): Promise<SweepTask<ModuleRun>> {
  const file = (sweep.definition.module as { file: string }).file;
  const url = moduleUrl(file, sweep.dir);
  const fail = (why: string): never => {
    throw new SweepError(sweep.file, [{ path: "module.file", text: `module.file: ${why}` }]);
  };
  let mod: { run?: unknown; default?: unknown } = {};
  try {
    mod = (await import(url)) as typeof mod;
  } catch (e) {
    fail(`cannot import ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const run = typeof mod.run === "function" ? mod.run : typeof mod.default === "function" ? mod.default : null;
  if (run === null) fail(`${file} exports no run(config, seed) function (nor a default one)`);
  return moduleTask(run as SweepModuleRun);
}
