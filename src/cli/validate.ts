/**
 * `carom validate scene.json [more.json ...] [--json] [--quiet]`: checks scene files without
 * running them. Every problem is printed on stderr (file, JSON path, value); the exit code is 2
 * when any file is invalid. With --json, stdout gets for each file
 * `{ ok, file, errors: [{ path, message, value? }] }` (`path` a JSON Pointer, `value` the
 * offending value when the file has one there; syntax errors add `line` and `column`): one
 * object for one file, an array of them for several.
 */
import { SceneError, jsonPointer, parseJson, sceneDimensions, validateScene, valueAtPointer, worldFromScene, type Scene } from "../index.js";
import { checkSweepRuns, readSweepFile } from "../exports/sweep.js";
import { parseArgs } from "./args.js";
import { CliError, inputError } from "./cli-error.js";
import { readSceneText, scenePath } from "./scene-file.js";
import { checkStdinOnce, inputLabel, isStdio } from "./stdio.js";
import { busiestPairs } from "./simulate.js";

export const VALIDATE_OPTIONS = {
  json: { kind: "flag" },
  quiet: { kind: "flag", short: "q" },
} as const;

/** One problem, as `--json` prints it. */
export interface ValidationError {
  /** JSON Pointer (RFC 6901) of the offending value; "" for the whole file. */
  path: string;
  /** The problem, as printed after the file name. */
  message: string;
  /** The offending value, when the file has one at `path`. */
  value?: unknown;
  line?: number;
  column?: number;
}

export interface ValidationReport {
  ok: boolean;
  file: string;
  errors: ValidationError[];
  dimensions?: number;
  bodies?: number;
  walls?: number;
  /** For a sweep file: what it runs and how many runs. */
  sweep?: { kind: string; runs: number };
}

/**
 * The world's own start check, and a probe of the start instant: the collisions at exactly the
 * scene's time must come to an end (within 64 per body, plus 65,536). A chain of bodies wedged
 * between walls, which the static check (scene-stuck.ts) cannot see, collides there forever.
 * Returns the problem, or undefined.
 */
function startProbe(scene: Scene): string | undefined {
  try {
    const world = worldFromScene(scene, { maxEventsPerAdvance: 64 * scene.bodies.length + 65_536 });
    const rep = world.advance(0);
    if (rep.complete) return undefined;
    return `stuck at the start (t = ${world.now}): ${rep.work} events at that one instant and still not done, most between ${busiestPairs(world)} (bodies wedged where they cannot move?)`;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return e.message;
  }
}

/** Checks one file: syntax, structure, start state, and the world's own start check. */
export function validateFile(given: string): ValidationReport {
  const file = inputLabel(given);
  let json: unknown;
  try {
    const text = readSceneText(given);
    json = parseJson(text, file);
    if (json !== null && typeof json === "object" && !Array.isArray(json) && "sweep" in json && !("carom" in json)) {
      // A sweep file: its structure, its base and every run's parameters, as carom sweep checks them.
      const sweep = readSweepFile(isStdio(given) ? file : scenePath(given), text);
      const runs = checkSweepRuns(sweep);
      return { ok: true, file, errors: [], sweep: { kind: sweep.kind, runs } };
    }
    const scene: Scene = validateScene(json, file);
    const stuck = startProbe(scene);
    if (stuck !== undefined) return { ok: false, file, errors: [{ path: "", message: stuck }] };
    return { ok: true, file, errors: [], dimensions: sceneDimensions(scene), bodies: scene.bodies.length, walls: (scene.walls ?? []).length };
  } catch (e) {
    if (e instanceof SceneError) {
      const errors = e.issues.map((issue): ValidationError => {
        const path = jsonPointer(issue.path);
        const out: ValidationError = { path, message: issue.text };
        const value = json === undefined || path === "" ? undefined : valueAtPointer(json, path);
        if (value !== undefined) out.value = value;
        if (issue.line !== undefined) {
          out.line = issue.line;
          out.column = issue.column;
        }
        return out;
      });
      return { ok: false, file, errors };
    }
    if (e instanceof CliError && e.exitCode === 2) {
      return { ok: false, file, errors: [{ path: "", message: e.message.startsWith(`${file}: `) ? e.message.slice(file.length + 2) : e.message }] };
    }
    throw e;
  }
}

export async function validate(argv: readonly string[], stdout: (s: string) => void, stderr: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("validate", argv, VALIDATE_OPTIONS);
  if (positional.length === 0) throw inputError("carom validate: name the scene file(s) to check, e.g. carom validate scene.json (- reads standard input)");
  checkStdinOnce("validate", positional);
  const reports = positional.map(validateFile);
  for (const r of reports) {
    if (r.ok) {
      if (values.json !== true && values.quiet !== true) {
        stdout(r.sweep !== undefined ? `${r.file}: valid sweep (${r.sweep.kind}, ${r.sweep.runs} runs)\n` : `${r.file}: valid (${r.dimensions}D, ${r.bodies} bodies, ${r.walls} walls)\n`);
      }
    } else if (values.json !== true) {
      for (const e of r.errors) stderr(`${r.file}${e.line === undefined ? "" : `:${e.line}:${e.column}`}: ${e.message}\n`);
    }
  }
  if (values.json === true) {
    const plain = reports.map(({ ok, file, errors }) => ({ ok, file, errors }));
    stdout(JSON.stringify(plain.length === 1 ? plain[0] : plain) + "\n");
  }
  return reports.every((r) => r.ok) ? 0 : 2;
}
