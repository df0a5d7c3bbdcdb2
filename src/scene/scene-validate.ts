/**
 * Strict validation of a scene file, version 1: every key known (an unknown one gets the
 * closest known key suggested), every value of the right type and range, vectors with as many
 * components as the scene has dimensions, ids unique across bodies and walls. Every problem is
 * reported (up to a limit), each with the JSON path and the offending value.
 *
 * The rules agree with the JSON Schema in scene-schema.ts, which states the same constraints
 * for editors; what a schema cannot say (unique ids, min below max, bodies overlapping at the
 * start) is checked here and in scene-start.ts.
 */
import { SceneError, childPath, describeValue, issueAt, type SceneIssue } from "./scene-error.js";
import { suggestKey } from "./suggest-key.js";
import { defaultBodyId, defaultWallId, type Scene } from "./scene-types.js";
import { MAX_MASS, MIN_MASS } from "../world/options.js";

export const SCENE_KEYS = ["$schema", "carom", "dimensions", "description", "time", "duration", "gravity", "restitution", "bounds", "bodies", "walls"] as const;
export const BODY_KEYS = ["id", "position", "velocity", "acceleration", "radius", "mass", "fixed", "restitution", "group", "mask", "sensor", "color"] as const;
export const WALL_KEYS = ["id", "segment", "box", "triangle", "plane", "restitution", "group", "mask", "sensor", "color"] as const;
export const BOX_KEYS = ["min", "max"] as const;
/** The keys of the scene's bounds. */
export const BOUNDS_KEYS = ["min", "max", "periodic"] as const;
export const PLANE_KEYS = ["point", "normal"] as const;

/** Colours: CSS names, #hex, rgb()/hsl() forms; nothing that could break out of an SVG attribute. */
export const COLOR_PATTERN = "^[#A-Za-z0-9(),.% -]{1,64}$";
const COLOR = new RegExp(COLOR_PATTERN);

/** At most this many problems are listed. */
const MAX_ISSUES = 25;

type Obj = Record<string, unknown>;

class Checker {
  readonly issues: SceneIssue[] = [];
  dim: 2 | 3 = 2;
  /** False when `dimensions` is itself invalid: vector lengths are then not judged. */
  dimKnown = true;
  /** True when the file says nothing about dimensions (hint at "dimensions": 3). */
  dimImplicit = false;

  add(path: string, message: string): void {
    this.issues.push(issueAt(path, message));
  }

  isObject(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
  }

  object(v: unknown, path: string, what: string): v is Obj {
    if (this.isObject(v)) return true;
    this.add(path, ` must be ${what}, got ${describeValue(v)}`);
    return false;
  }

  keys(o: Obj, path: string, known: readonly string[], required: readonly string[], why = ""): void {
    const suggested = new Set<string>();
    for (const k of Object.keys(o)) {
      if (known.includes(k)) continue;
      const guess = suggestKey(k, known);
      const p = childPath(path, k);
      if (guess !== undefined && !(guess in o)) {
        this.add(p, `: unknown key, did you mean "${guess}"?`);
        suggested.add(guess);
      } else this.add(p, `: unknown key (known keys: ${known.join(", ")})`);
    }
    // A required key that a misspelling stands for is not reported twice.
    for (const k of required) {
      if (!(k in o) && !suggested.has(k)) this.add(childPath(path, k), `: missing${why}`);
    }
  }

  number(v: unknown, path: string, range: { min?: number; max?: number; above?: number } = {}): v is number {
    if (typeof v !== "number") {
      this.add(path, ` must be a number, got ${describeValue(v)}`);
      return false;
    }
    if (!Number.isFinite(v)) {
      this.add(path, ` must be a finite number, got ${describeValue(v)}`);
      return false;
    }
    if (range.min !== undefined && range.max !== undefined && !(v >= range.min && v <= range.max)) {
      this.add(path, ` must be between ${range.min} and ${range.max}, got ${describeValue(v)}`);
      return false;
    }
    if (range.min !== undefined && !(v >= range.min)) {
      this.add(path, ` must be >= ${range.min}, got ${describeValue(v)}`);
      return false;
    }
    if (range.above !== undefined && !(v > range.above)) {
      this.add(path, ` must be > ${range.above}, got ${describeValue(v)}`);
      return false;
    }
    return true;
  }

  integer32(v: unknown, path: string): void {
    if (!this.number(v, path)) return;
    if (!(Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31)) this.add(path, ` must be a 32-bit integer, got ${describeValue(v)}`);
  }

  string(v: unknown, path: string): v is string {
    if (typeof v === "string") return true;
    this.add(path, ` must be a string, got ${describeValue(v)}`);
    return false;
  }

  color(v: unknown, path: string): void {
    if (this.string(v, path) && !COLOR.test(v)) this.add(path, ` must be a colour such as "#ff8800", "red" or "rgb(255, 136, 0)", got ${describeValue(v)}`);
  }

  /** A point or vector with `dim` finite components; returns it when valid. */
  vector(v: unknown, path: string): number[] | undefined {
    if (!Array.isArray(v)) {
      this.add(path, ` must be an array of ${this.dim} numbers, got ${describeValue(v)}`);
      return undefined;
    }
    let ok = true;
    v.forEach((c, k) => {
      if (!this.number(c, childPath(path, k))) ok = false;
    });
    if (!ok) return undefined;
    if (this.dimKnown && v.length !== this.dim) {
      if (v.length === 2 || v.length === 3) {
        const hint = this.dimImplicit && v.length === 3 ? ' (a scene without "dimensions" is 2D; add "dimensions": 3 for a 3D scene)' : ` ("dimensions": ${this.dim})`;
        this.add(path, ` has ${v.length} components, but the scene is ${this.dim}D${hint}`);
      } else {
        this.add(path, ` must have ${this.dim} components, got ${describeValue(v)}`);
      }
      return undefined;
    }
    return v as number[];
  }

  box(v: unknown, path: string, strict: boolean): void {
    if (!this.object(v, path, 'an object {"min": [...], "max": [...]}')) return;
    this.keys(v, path, strict ? BOUNDS_KEYS : BOX_KEYS, BOX_KEYS);
    if (strict && "periodic" in v) {
      const p = v.periodic;
      const ok = typeof p === "boolean" || (Array.isArray(p) && p.length === this.dim && p.every((b) => typeof b === "boolean"));
      if (!ok) this.add(childPath(path, "periodic"), ` must be true, false or one boolean per axis (${this.dim}), got ${describeValue(p)}`);
    }
    const min = "min" in v ? this.vector(v.min, childPath(path, "min")) : undefined;
    const max = "max" in v ? this.vector(v.max, childPath(path, "max")) : undefined;
    if (min === undefined || max === undefined) return;
    for (let k = 0; k < this.dim; k++) {
      if (strict ? !(min[k] < max[k]) : !(min[k] <= max[k])) {
        this.add(
          childPath(childPath(path, "min"), k),
          ` must be ${strict ? "below" : "at most"} ${childPath(childPath(path, "max"), k)}, got ${describeValue(min[k])} and ${describeValue(max[k])}`,
        );
      }
    }
  }

  body(v: unknown, path: string): void {
    if (!this.object(v, path, "an object")) return;
    this.keys(v, path, BODY_KEYS, ["position", "radius"]);
    if ("id" in v) this.id(v.id, childPath(path, "id"));
    if ("position" in v) this.vector(v.position, childPath(path, "position"));
    if ("velocity" in v) this.vector(v.velocity, childPath(path, "velocity"));
    if ("acceleration" in v) this.vector(v.acceleration, childPath(path, "acceleration"));
    if ("radius" in v) this.number(v.radius, childPath(path, "radius"), { min: 0 });
    if ("mass" in v) this.number(v.mass, childPath(path, "mass"), { min: MIN_MASS, max: MAX_MASS });
    if ("fixed" in v && typeof v.fixed !== "boolean") this.add(childPath(path, "fixed"), ` must be true or false, got ${describeValue(v.fixed)}`);
    if ("restitution" in v) this.number(v.restitution, childPath(path, "restitution"), { min: 0 });
    if ("group" in v) this.integer32(v.group, childPath(path, "group"));
    if ("mask" in v) this.integer32(v.mask, childPath(path, "mask"));
    if ("sensor" in v) this.boolean(v.sensor, childPath(path, "sensor"));
    if ("color" in v) this.color(v.color, childPath(path, "color"));
  }

  boolean(v: unknown, path: string): void {
    if (typeof v !== "boolean") this.add(path, ` must be true or false, got ${describeValue(v)}`);
  }

  id(v: unknown, path: string): void {
    if (this.string(v, path) && v.length === 0) this.add(path, " must not be empty");
  }

  wall(v: unknown, path: string): void {
    if (!this.object(v, path, "an object")) return;
    this.keys(v, path, WALL_KEYS, []);
    if ("id" in v) this.id(v.id, childPath(path, "id"));
    if ("color" in v) this.color(v.color, childPath(path, "color"));
    if ("restitution" in v) this.number(v.restitution, childPath(path, "restitution"), { min: 0 });
    if ("group" in v) this.integer32(v.group, childPath(path, "group"));
    if ("mask" in v) this.integer32(v.mask, childPath(path, "mask"));
    if ("sensor" in v) this.boolean(v.sensor, childPath(path, "sensor"));
    const allowed = this.dim === 2 ? ["segment", "box"] : ["box", "triangle", "plane"];
    const shapes = ["segment", "box", "triangle", "plane"].filter((k) => k in v);
    const choice = allowed.map((k) => `"${k}"`).join(this.dim === 2 ? " or " : ", ");
    if (shapes.length === 0) {
      this.add(path, ` needs one of ${choice} (a ${this.dim}D scene), got ${describeValue(v)}`);
      return;
    }
    if (shapes.length > 1) {
      this.add(path, ` must have exactly one shape, got ${shapes.map((k) => `"${k}"`).join(" and ")}`);
      return;
    }
    const shape = shapes[0];
    const p = childPath(path, shape);
    if (this.dimKnown && !allowed.includes(shape)) {
      const which = shape === "segment" ? "2D" : "3D";
      this.add(p, ` is a ${which} wall, but the scene is ${this.dim}D (use ${choice})`);
      return;
    }
    const value = v[shape];
    switch (shape) {
      case "segment":
      case "triangle": {
        const n = shape === "segment" ? 2 : 3;
        if (!Array.isArray(value) || value.length !== n) {
          this.add(p, ` must be an array of ${n} points, got ${describeValue(value)}`);
          return;
        }
        value.forEach((q, k) => this.vector(q, childPath(p, k)));
        return;
      }
      case "box":
        this.box(value, p, false);
        return;
      default: {
        if (!this.object(value, p, 'an object {"point": [...], "normal": [...]}')) return;
        this.keys(value, p, PLANE_KEYS, PLANE_KEYS);
        if ("point" in value) this.vector(value.point, childPath(p, "point"));
        const normal = "normal" in value ? this.vector(value.normal, childPath(p, "normal")) : undefined;
        if (normal !== undefined && normal.every((c) => c === 0)) this.add(childPath(p, "normal"), ` must not be zero, got ${describeValue(normal)}`);
      }
    }
  }

  /** Ids are unique across bodies and walls, defaults (index, "wall-<index>") included. */
  uniqueIds(bodies: unknown[], walls: unknown[]): void {
    const seen = new Map<string, { path: string; implicit: boolean }>();
    const visit = (item: unknown, path: string, fallback: string): void => {
      if (!this.isObject(item)) return;
      const explicit = "id" in item;
      if (explicit && typeof item.id !== "string") return; // already reported
      const id = explicit ? (item.id as string) : fallback;
      const first = seen.get(id);
      if (first === undefined) {
        seen.set(id, { path, implicit: !explicit });
        return;
      }
      const firstWhat = first.implicit ? `${first.path}, which has no id and defaults to it` : first.path;
      if (explicit) this.add(childPath(path, "id"), `: duplicate id ${JSON.stringify(id)}, already the id of ${firstWhat}`);
      else this.add(path, ` has no id and defaults to ${JSON.stringify(id)}, already the id of ${firstWhat}`);
    };
    bodies.forEach((b, i) => visit(b, `bodies[${i}]`, defaultBodyId(i)));
    walls.forEach((w, i) => visit(w, `walls[${i}]`, defaultWallId(i)));
  }

  scene(v: unknown): void {
    if (!this.isObject(v)) {
      this.add("", `a scene must be a JSON object {"carom": 1, ...}, got ${describeValue(v)}`);
      return;
    }
    if ("sweep" in v && !("carom" in v)) {
      this.add("", `a sweep file ("sweep": ${describeValue(v.sweep)}), not a scene: run it with carom sweep FILE -o results.ndjson`);
      return;
    }
    if ("pool" in v && !("carom" in v)) {
      this.add("", `a pool shot file ("pool": ${describeValue(v.pool)}), not a scene: play it with carom pool`);
      return;
    }
    this.keys(v, "", SCENE_KEYS, []);
    if (!("carom" in v)) this.add("carom", ': missing (a scene file starts with "carom": 1, the format version)');
    else if (v.carom !== 1) this.add("carom", ` must be 1 (the scene format version this carom reads), got ${describeValue(v.carom)}`);
    if ("dimensions" in v) {
      if (v.dimensions === 2 || v.dimensions === 3) this.dim = v.dimensions;
      else {
        this.add("dimensions", ` must be 2 or 3, got ${describeValue(v.dimensions)}`);
        this.dimKnown = false;
      }
    } else this.dimImplicit = true;
    if ("$schema" in v) this.string(v.$schema, "$schema");
    if ("description" in v) this.string(v.description, "description");
    if ("time" in v) this.number(v.time, "time");
    if ("duration" in v) this.number(v.duration, "duration", { min: 0 });
    if ("gravity" in v) this.vector(v.gravity, "gravity");
    if ("restitution" in v) this.number(v.restitution, "restitution", { min: 0 });
    if ("bounds" in v) this.box(v.bounds, "bounds", true);
    let bodies: unknown[] = [];
    let walls: unknown[] = [];
    if (!("bodies" in v)) this.add("bodies", ': missing (a scene needs "bodies": [...], which may be empty)');
    else if (!Array.isArray(v.bodies)) this.add("bodies", ` must be an array of bodies, got ${describeValue(v.bodies)}`);
    else {
      bodies = v.bodies;
      bodies.forEach((b, i) => this.body(b, `bodies[${i}]`));
    }
    if ("walls" in v) {
      if (!Array.isArray(v.walls)) this.add("walls", ` must be an array of walls, got ${describeValue(v.walls)}`);
      else {
        walls = v.walls;
        walls.forEach((w, i) => this.wall(w, `walls[${i}]`));
      }
    }
    this.uniqueIds(bodies, walls);
  }
}

/** Throws a SceneError listing the issues (at most MAX_ISSUES of them). */
export function throwIssues(file: string, issues: readonly SceneIssue[]): never {
  if (issues.length <= MAX_ISSUES) throw new SceneError(file, issues);
  const more = issues.length - MAX_ISSUES;
  throw new SceneError(file, [...issues.slice(0, MAX_ISSUES), issueAt("", `... and ${more} more problem${more === 1 ? "" : "s"}`)]);
}

/**
 * Checks that a parsed JSON value is a valid scene of version 1 (types, ranges, keys,
 * dimensions, unique ids) and returns it typed. Does not check the start state (overlaps,
 * bounds): see checkSceneStart. Throws a SceneError listing every problem found.
 */
export function validateSceneStructure(value: unknown, file = "<scene>"): Scene {
  const c = new Checker();
  c.scene(value);
  if (c.issues.length > 0) throwIssues(file, c.issues);
  return value as Scene;
}
