/**
 * Reading a scene for a command: from a file (errors name the file; invalid input is exit
 * code 2), or the built-in pool break when no file is given.
 */
import { readFileSync } from "node:fs";
import { parseScene, poolBreakScene, validateScene, type Scene } from "../index.js";
import { inputError } from "./cli-error.js";

export interface LoadedScene {
  scene: Scene;
  /** The file name, or a description of the built-in scene. */
  label: string;
  /** The short name for titles ("break", "cradle"). */
  name: string;
}

export const BUILT_IN_LABEL = "built-in pool break";

export function loadScene(file: string | undefined): LoadedScene {
  if (file === undefined) return { scene: validateScene(poolBreakScene(), BUILT_IN_LABEL), label: BUILT_IN_LABEL, name: "break" };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory, not a scene file" : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw inputError(`${file}: cannot read the scene: ${why}`);
  }
  const base = file.replace(/\\/g, "/").split("/").pop() ?? file;
  return { scene: parseScene(text, file), label: file, name: base.replace(/\.json$/i, "") };
}
