/**
 * Reading a scene for a command: from a file (errors name the file; invalid input is exit
 * code 2), or the built-in pool break when no file is given. A name `examples/NAME.json` that
 * does not exist from the current folder is the packaged example of that name, so that
 * `npx carom run examples/gas.json` works in any project.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseScene, poolBreakScene, validateScene, worldFromScene, type Scene, type SceneWorldOptions, type World2D, type World3D } from "../index.js";
import { inputError } from "./cli-error.js";

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

/** The names of the packaged example scenes ("break", "gas", ...), sorted (not the sweeps, NAME-sweep.json). */
export function packagedExamples(): string[] {
  try {
    return readdirSync(PACKAGED_EXAMPLES).filter((f) => f.endsWith(".json") && !f.endsWith("-sweep.json")).map((f) => f.slice(0, -5)).sort();
  } catch {
    return [];
  }
}

/** The path to read for `file`: itself, or the packaged example (a scene or a sweep) an absent `examples/NAME.json` names. */
export function scenePath(file: string): string {
  const m = /^(?:\.[\\/])?examples[\\/]([A-Za-z0-9_-]+)\.json$/.exec(file);
  if (m === null || existsSync(file) || !existsSync(PACKAGED_EXAMPLES + m[1] + ".json")) return file;
  return PACKAGED_EXAMPLES + m[1] + ".json";
}

/** The text of a scene file; a file that cannot be read is invalid input naming it. */
export function readSceneText(file: string): string {
  try {
    return readFileSync(scenePath(file), "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory, not a scene file" : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw inputError(`${file}: cannot read the scene: ${why}`);
  }
}

export function loadScene(file: string | undefined): LoadedScene {
  if (file === undefined) return { scene: validateScene(poolBreakScene(), BUILT_IN_LABEL), label: BUILT_IN_LABEL, name: "break" };
  const text = readSceneText(file);
  const base = file.replace(/\\/g, "/").split("/").pop() ?? file;
  return { scene: parseScene(text, file), label: file, name: base.replace(/\.json$/i, "") };
}

/**
 * The world a scene describes; what the world refuses (a RangeError: numbers beyond its range,
 * bodies overlapping) is invalid input naming the file.
 */
export function buildWorld(scene: Scene, label: string, options: SceneWorldOptions = {}): World2D | World3D {
  try {
    return worldFromScene(scene, options);
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`${label}: ${e.message}`);
    throw e;
  }
}
