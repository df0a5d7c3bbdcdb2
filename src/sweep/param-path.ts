/**
 * Parameter paths: where a sweep's parameter goes in its base (a scene, a pool shot, a
 * HardSpheres setup, a module's config), written as in JavaScript: `restitution`,
 * `strike.V0`, `bodies[0].velocity[1]`.
 */

/** One step of a path: an object key or an array index. */
export type PathStep = string | number;

const FIRST = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NEXT = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(0|[1-9][0-9]{0,8})\]/y;

/** The steps of a path, or undefined when it is not one (`a.b[2].c`). */
export function parsePath(path: string): PathStep[] | undefined {
  FIRST.lastIndex = 0;
  const first = FIRST.exec(path);
  if (first === null) return undefined;
  const steps: PathStep[] = [first[0]];
  // (a step named __proto__ would set an object's prototype, not a key)
  let at = FIRST.lastIndex;
  while (at < path.length) {
    NEXT.lastIndex = at;
    const m = NEXT.exec(path);
    if (m === null) return undefined;
    steps.push(m[1] !== undefined ? m[1] : Number(m[2]));
    at = NEXT.lastIndex;
  }
  return steps.includes("__proto__") ? undefined : steps;
}

/** The regular expression of a path, for the JSON Schema. */
export const PATH_PATTERN = "^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*|\\[(0|[1-9][0-9]{0,8})\\])*$";

function describeStep(step: PathStep): string {
  return typeof step === "number" ? `[${step}]` : `.${step}`;
}

/**
 * Why `path` cannot be set in `base`, or undefined when it can: every step but the last must
 * exist (an object for a key, an array long enough for an index); the last may add a key to an
 * object but not an element to an array.
 */
export function pathProblem(base: unknown, steps: readonly PathStep[], what: string): string | undefined {
  let node: unknown = base;
  let where = what;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    const last = k === steps.length - 1;
    if (typeof step === "number") {
      if (!Array.isArray(node)) return `${where} is not an array`;
      if (step >= node.length) return `${where} has ${node.length} item${node.length === 1 ? "" : "s"}, so no [${step}]`;
      node = node[step];
    } else {
      if (node === null || typeof node !== "object" || Array.isArray(node)) return `${where} is not an object`;
      if (!last && !Object.hasOwn(node, step)) return `${where} has no "${step}"${typeof steps[k + 1] === "string" ? ` (give it "${step}": {} to vary keys inside it)` : ""}`;
      node = (node as Record<string, unknown>)[step];
    }
    where += describeStep(step);
  }
  return undefined;
}

/** Sets `value` at `steps` in `target` (which pathProblem accepted), replacing what was there. */
export function setAtPath(target: unknown, steps: readonly PathStep[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (let k = 0; k < steps.length - 1; k++) node = node[steps[k]] as Record<string | number, unknown>;
  node[steps[steps.length - 1]] = cloneJson(value);
}

/** A deep copy of a JSON value (plain objects, arrays, strings, numbers, booleans, null). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: cloneJson(v), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return value;
}
