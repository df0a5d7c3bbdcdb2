/**
 * Checks a parsed sweep file (see sweep-types.ts and docs/sweeps.md): keys, types and ranges,
 * the parameter paths against the base, the recorded observables against the kind's, and the
 * number of runs. Every problem is collected and thrown at once as a {@link SweepError} naming
 * the file, the JSON path and the value, as the scene reader does.
 */
import { childPath, describeValue, issueAt, type SceneIssue } from "../scene/scene-error.js";
import { suggestKey } from "../scene/suggest-key.js";
import { canonicalJson, hashText } from "./hash.js";
import { parsePath, pathProblem, type PathStep } from "./param-path.js";
import { SWEEP_KINDS, SweepError, type JsonObject, type JsonValue, type Sweep, type SweepDefinition, type SweepKind } from "./sweep-types.js";
import { taskOf } from "./tasks/index.js";

/** The most runs a sweep may expand to (a million runs take about 250 MB and a few seconds to list). */
export const MAX_RUNS = 1_000_000;

const TOP_KEYS = ["$schema", "sweep", "description", "seed", ...SWEEP_KINDS, "grid", "points", "random", "replicas", "record"];
const DISTRIBUTIONS = ["uniform", "integer", "normal", "choice"];

/** How a sweep's base given by file name is read (relative to the sweep file); absent: only inline bases. */
export type ReadBase = (path: string, kind: "scene" | "pool") => JsonValue;

/** Options of {@link validateSweep}. */
export interface ValidateSweepOptions {
  /** Reads a base given by file name (`"scene": "gas.json"`). */
  readBase?: ReadBase;
  /** The folder relative module paths start from. */
  dir?: string;
}

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);
const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

class Checker {
  readonly issues: SceneIssue[] = [];
  fail(path: string, message: string): void {
    this.issues.push(issueAt(path, message));
  }
  /** An integer in [min, max], or a problem reported. */
  integer(value: unknown, path: string, min: number, max: number): boolean {
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return true;
    this.fail(path, ` must be an integer from ${min} to ${max}, got ${describeValue(value)}`);
    return false;
  }
  finite(value: unknown, path: string): value is number {
    if (typeof value === "number" && Number.isFinite(value)) return true;
    this.fail(path, ` must be a finite number, got ${describeValue(value)}`);
    return false;
  }
  unknownKeys(value: JsonObject, known: readonly string[], path: string): void {
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const guess = suggestKey(key, known);
      this.fail(childPath(path, key), `: unknown key${guess === undefined ? "" : `, did you mean "${guess}"?`}`);
    }
  }
}

/** The number of values a grid entry holds (0 when it is not valid; reported). */
function gridValues(c: Checker, value: JsonValue, path: string): number {
  if (Array.isArray(value)) {
    if (value.length === 0 || value.length > MAX_RUNS) {
      c.fail(path, ` must hold 1 to ${MAX_RUNS} values, got ${value.length}`);
      return 0;
    }
    const seen = new Map<string, number>();
    value.forEach((v, k) => {
      const key = canonicalJson(v);
      const first = seen.get(key);
      if (first !== undefined) c.fail(childPath(path, k), ` repeats ${childPath(path, first)} (${describeValue(v)}): each run would come twice`);
      else seen.set(key, k);
    });
    return value.length;
  }
  if (isObject(value) && Object.hasOwn(value, "from")) {
    c.unknownKeys(value, ["from", "to", "count"], path);
    const ok = c.finite(value.from, childPath(path, "from")) && c.finite(value.to, childPath(path, "to")) && c.integer(value.count, childPath(path, "count"), 2, MAX_RUNS);
    if (ok && value.from === value.to) c.fail(path, `: from and to are both ${value.from}; a range needs two ends (one value is a list: [${value.from}])`);
    // (the values are (from (n - k) + to k) / n: finite while (|from| + |to|) n is)
    else if (ok && !Number.isFinite((Math.abs(value.from as number) + Math.abs(value.to as number)) * ((value.count as number) - 1))) {
      c.fail(path, `: the range from ${value.from} to ${value.to} in ${value.count} values is too wide for doubles; list the values instead`);
    }
    return ok ? (value.count as number) : 0;
  }
  c.fail(path, ` must be a list of values or a range {"from", "to", "count"}, got ${describeValue(value)}`);
  return 0;
}

function checkDistribution(c: Checker, value: JsonValue, path: string): void {
  if (isObject(value) && Object.keys(value).length === 1 && !DISTRIBUTIONS.includes(Object.keys(value)[0])) {
    const [name] = Object.keys(value);
    const guess = suggestKey(name, DISTRIBUTIONS);
    c.fail(childPath(path, name), `: no such distribution${guess === undefined ? "" : `, did you mean "${guess}"?`} (${DISTRIBUTIONS.join(", ")})`);
    return;
  }
  if (!isObject(value) || Object.keys(value).length !== 1) {
    c.fail(path, ` must be one of {"uniform": [lo, hi]}, {"integer": [lo, hi]}, {"normal": [mean, sd]}, {"choice": [values]}, got ${describeValue(value)}`);
    return;
  }
  const [kind] = Object.keys(value);
  const args = value[kind];
  const at = childPath(path, kind);
  if (kind === "choice") {
    if (!Array.isArray(args) || args.length === 0) c.fail(at, ` must be a non-empty list of values, got ${describeValue(args)}`);
    return;
  }
  if (!Array.isArray(args) || args.length !== 2 || !args.every((x) => typeof x === "number" && Number.isFinite(x))) {
    c.fail(at, ` must be two finite numbers, got ${describeValue(args)}`);
    return;
  }
  const [a, b] = args as [number, number];
  if (kind === "uniform" && !(a < b)) c.fail(at, ` must have lo < hi, got [${a}, ${b}]`);
  if (kind === "integer" && !(Number.isSafeInteger(a) && Number.isSafeInteger(b) && a <= b)) c.fail(at, ` must be two integers with lo <= hi, got [${a}, ${b}]`);
  if (kind === "normal" && !(b > 0)) c.fail(at, ` must have a standard deviation > 0, got ${b}`);
}

/** The base the parameters address: the kind's object (a module's config). */
export function sweepBase(def: SweepDefinition, kind: SweepKind): JsonValue {
  return kind === "module" ? (def.module?.config ?? {}) : (def[kind] as JsonValue);
}

/**
 * Checks a parsed sweep file and returns it as a {@link Sweep}; throws a {@link SweepError}
 * listing every problem (`eos-sweep.json: grid.packingFraction[2] must be ...`).
 */
export function validateSweep(value: unknown, file = "<sweep>", options: ValidateSweepOptions = {}): Sweep {
  const c = new Checker();
  if (!isObject(value as JsonValue)) throw new SweepError(file, [issueAt("", `a sweep file holds a JSON object, got ${describeValue(value)}`)]);
  const def = { ...(value as JsonObject) } as unknown as SweepDefinition & JsonObject;
  c.unknownKeys(def, TOP_KEYS, "");
  if (def.sweep !== 1) c.fail("sweep", ` must be 1 (the sweep file format version), got ${describeValue(def.sweep)}`);
  if (def.description !== undefined && typeof def.description !== "string") c.fail("description", ` must be a string, got ${describeValue(def.description)}`);
  if (def.$schema !== undefined && typeof def.$schema !== "string") c.fail("$schema", ` must be a string, got ${describeValue(def.$schema)}`);
  if (def.seed !== undefined) c.integer(def.seed, "seed", -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

  const before = c.issues.length;
  const kinds = SWEEP_KINDS.filter((k) => def[k] !== undefined);
  if (kinds.length !== 1) {
    c.fail("", kinds.length === 0 ? `: say what to run: one of ${SWEEP_KINDS.map((k) => `"${k}"`).join(", ")}` : `: one kind of run per sweep, got ${kinds.map((k) => `"${k}"`).join(" and ")}`);
    throw new SweepError(file, c.issues);
  }
  const kind = kinds[0];
  if (kind === "scene" || kind === "pool") {
    const base = def[kind] as JsonValue;
    if (typeof base === "string") {
      if (options.readBase === undefined) c.fail(kind, `: a ${kind} given by file name (${JSON.stringify(base)}) needs a sweep read from a file (readSweepFile); put it inline here`);
      else def[kind] = options.readBase(base, kind) as JsonObject;
    }
    if (!isObject(def[kind] as JsonValue)) c.fail(kind, ` must be a ${kind} (an object) or the name of a ${kind} file, got ${describeValue(def[kind])}`);
  } else if (kind === "hardSpheres") {
    if (!isObject(def.hardSpheres as JsonValue)) c.fail(kind, ` must be an object (dimensions, count, packingFraction, ...), got ${describeValue(def.hardSpheres)}`);
  } else {
    const m = def.module as unknown as JsonValue;
    if (!isObject(m)) c.fail(kind, ` must be {"file": "task.mjs", "config": {...}}, got ${describeValue(m)}`);
    else {
      c.unknownKeys(m, ["file", "config"], "module");
      if (typeof m.file !== "string" || m.file === "") c.fail("module.file", ` must be the module's file name, got ${describeValue(m.file)}`);
      if (m.config !== undefined && !isObject(m.config)) c.fail("module.config", ` must be an object, got ${describeValue(m.config)}`);
    }
  }
  if (c.issues.length > before) throw new SweepError(file, c.issues); // (the parameters need a base to lead into)
  const base = sweepBase(def, kind);
  const where = kind === "module" ? "module.config" : kind;

  // Parameters: grid, points, random. Each path must lead into the base, and be set in one place.
  const paths = new Map<string, { steps: PathStep[]; at: string }>();
  const param = (path: string, at: string): void => {
    const steps = parsePath(path);
    if (steps === undefined) return c.fail(at, `: not a parameter path; write it as in JavaScript: strike.V0, bodies[0].velocity[1]`);
    const problem = pathProblem(base, steps, where);
    if (problem !== undefined) return c.fail(at, `: ${problem}`);
    const other = paths.get(path);
    if (other !== undefined && other.at.split(/[.[]/)[0] !== at.split(/[.[]/)[0]) return c.fail(at, ` is also set by ${other.at}: a parameter is varied in one place`);
    for (const [p, o] of paths) {
      const [short, long] = o.steps.length < steps.length ? [o.steps, steps] : [steps, o.steps];
      if (p !== path && short.every((s, k) => s === long[k])) return c.fail(at, ` overlaps ${o.at} (one lies inside the other)`);
    }
    paths.set(path, { steps, at });
  };
  let runs = def.replicas === undefined ? 1 : c.integer(def.replicas, "replicas", 1, 1_000_000) ? (def.replicas as number) : 0;
  if (def.grid !== undefined) {
    if (!isObject(def.grid as JsonValue)) c.fail("grid", ` must be an object of parameter paths and their values, got ${describeValue(def.grid)}`);
    else if (Object.keys(def.grid).length === 0) c.fail("grid", ": names no parameter");
    else for (const [path, values] of Object.entries(def.grid)) {
      param(path, childPath("grid", path));
      runs *= gridValues(c, values as JsonValue, childPath("grid", path));
    }
  }
  if (def.points !== undefined) {
    if (!Array.isArray(def.points) || def.points.length === 0) c.fail("points", ` must be a non-empty list of parameter points ({"path": value, ...}), got ${describeValue(def.points)}`);
    else {
      def.points.forEach((point, k) => {
        if (!isObject(point as JsonValue)) return c.fail(childPath("points", k), ` must be an object of parameter paths and values, got ${describeValue(point)}`);
        for (const path of Object.keys(point)) param(path, childPath(childPath("points", k), path));
      });
      runs *= def.points.length;
    }
  }
  if (def.random !== undefined) {
    const r = def.random as unknown as JsonValue;
    if (!isObject(r)) c.fail("random", ` must be {"count": N, "parameters": {...}}, got ${describeValue(r)}`);
    else {
      c.unknownKeys(r, ["count", "parameters"], "random");
      runs *= c.integer(r.count, "random.count", 1, MAX_RUNS) ? (r.count as number) : 0;
      if (!isObject(r.parameters) || Object.keys(r.parameters).length === 0) c.fail("random.parameters", ` must name at least one parameter and its distribution, got ${describeValue(r.parameters)}`);
      else for (const [path, dist] of Object.entries(r.parameters)) {
        param(path, childPath("random.parameters", path));
        checkDistribution(c, dist, childPath("random.parameters", path));
      }
    }
  }
  if (runs > MAX_RUNS) c.fail("", `: the sweep expands to ${runs.toExponential(2)} runs; at most ${MAX_RUNS.toLocaleString("en-US")} (split it into several sweeps)`);

  const task = taskOf(kind);
  if (def.record !== undefined) {
    if (!Array.isArray(def.record) || def.record.length === 0) c.fail("record", ` must be a non-empty list of observable names, got ${describeValue(def.record)}`);
    else def.record.forEach((name, k) => {
      const at = childPath("record", k);
      if (typeof name !== "string" || name === "") return c.fail(at, ` must be an observable's name, got ${describeValue(name)}`);
      if (def.record?.indexOf(name) !== k) return c.fail(at, ` repeats "${name}"`);
      const known = task.observables;
      if (known !== null && !known.includes(name)) {
        const guess = suggestKey(name, known);
        c.fail(at, `: a ${kind} run has no observable "${name}"${guess === undefined ? "" : `, did you mean "${guess}"?`} (${plural(known.length, "observable")}: ${known.join(", ")})`);
      }
    });
  }
  if (c.issues.length === 0) for (const [path, message] of task.check(def)) c.fail(path, message);
  if (c.issues.length > 0) throw new SweepError(file, c.issues);
  const identity = { ...def, $schema: undefined, description: undefined };
  return { file, ...(options.dir === undefined ? {} : { dir: options.dir }), definition: def, hash: hashText(canonicalJson(identity)), kind };
}

/** The observables a run of the sweep records: its `record`, or every one of its kind (a module's: all it returns). */
export function recordedObservables(sweep: Sweep): readonly string[] {
  return sweep.definition.record ?? taskOf(sweep.kind).observables ?? [];
}

export { plural };
