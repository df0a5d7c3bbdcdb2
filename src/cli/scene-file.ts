/**
 * Reading a scene for a command: from a file (errors name the file; invalid input is exit
 * code 2), from standard input (`-`), or the built-in pool break when no file is given. A name
 * `examples/NAME.json` that does not exist from the current folder is the packaged example of
 * that name, so that `npx carom run examples/gas.json` works in any project: a file that ships
 * in the package's examples/, or one the package writes from its builder (`EXAMPLE_SCENES`)
 * when it is too large to ship (the gas: 2,000 disks).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { EXAMPLE_SCENES, formatScene, parseScene, poolBreakScene, validateScene, worldFromScene, type Scene, type SceneWorldOptions, type SceneWorld } from "../index.js";
import { inputError } from "./cli-error.js";
import { inputLabel, isStdio, readStdin } from "./stdio.js";

export interface LoadedScene {
  scene: Scene;
  /** The file name, or a description of the built-in scene. */
  label: string;
  /** The short name for titles ("break", "cradle"). */
  name: string;
}

export const BUILT_IN_LABEL = "built-in pool break";

/** The folder of the example scenes that ship with the package (examples/ next to dist/). */
export const PACKAGED_EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));

/** The examples that ship as files in examples/ ("break", "cradle", ..., and the sweeps, "NAME-sweep"). */
function shippedExamples(): string[] {
  try {
    return readdirSync(PACKAGED_EXAMPLES).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
  } catch {
    return [];
  }
}

/**
 * The names of the packaged example scenes ("break", "gas", ...), sorted: the files in examples/ (not the sweeps) and
 * the builders of `EXAMPLE_SCENES` whose file does not ship (written when asked for).
 */
export function packagedExamples(): string[] {
  return [...new Set([...shippedExamples().filter((n) => !n.endsWith("-sweep")), ...Object.keys(EXAMPLE_SCENES)])].sort();
}

/** The sweeps that ship in examples/ ("eos-sweep", the files NAME-sweep.json), sorted. */
export function packagedSweeps(): string[] {
  return shippedExamples().filter((n) => n.endsWith("-sweep")).sort();
}

/**
 * The text of packaged example `name`: its file, or, for one that does not ship as a file, what
 * its builder writes (exactly the repository's examples/NAME.json: examples/generate.ts writes
 * those the same way).
 */
export function packagedExampleText(name: string): string {
  const file = PACKAGED_EXAMPLES + name + ".json";
  if (existsSync(file)) return readFileSync(file, "utf8");
  return formatScene({ $schema: "../dist/scene.schema.json", ...EXAMPLE_SCENES[name]() });
}

/** The packaged example an absent `examples/NAME.json` names, or undefined. */
function packagedExampleFor(file: string): string | undefined {
  const m = /^(?:\.[\\/])?examples[\\/]([A-Za-z0-9_-]+)\.json$/.exec(file);
  if (m === null || existsSync(file) || !(shippedExamples().includes(m[1]) || packagedExamples().includes(m[1]))) return undefined;
  return m[1];
}

/**
 * The path to read for `file`: itself, or the packaged example file an absent
 * `examples/NAME.json` names (as given when that example is written by its builder).
 */
export function scenePath(file: string): string {
  const name = packagedExampleFor(file);
  return name === undefined || !shippedExamples().includes(name) ? file : PACKAGED_EXAMPLES + name + ".json";
}

/** The text of a scene file (`-`: standard input); a file that cannot be read is invalid input naming it. */
export function readSceneText(file: string): string {
  if (isStdio(file)) return readStdin();
  const example = packagedExampleFor(file);
  try {
    return example !== undefined ? packagedExampleText(example) : readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory, not a scene file" : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw inputError(`${file}: cannot read the scene: ${why}`);
  }
}

export function loadScene(file: string | undefined): LoadedScene {
  if (file === undefined) return { scene: validateScene(poolBreakScene(), BUILT_IN_LABEL), label: BUILT_IN_LABEL, name: "break" };
  const text = readSceneText(file);
  const label = inputLabel(file);
  const base = isStdio(file) ? "stdin" : (file.replace(/\\/g, "/").split("/").pop() ?? file);
  return { scene: parseScene(text, label), label, name: base.replace(/\.json$/i, "") };
}

/**
 * The world a scene describes; what the world refuses (a RangeError: numbers beyond its range,
 * bodies overlapping) is invalid input naming the file.
 */
export function buildWorld(scene: Scene, label: string, options: SceneWorldOptions = {}): SceneWorld {
  try {
    return worldFromScene(scene, options);
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`${label}: ${e.message}`);
    throw e;
  }
}
