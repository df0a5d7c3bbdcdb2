/**
 * Reading a sweep file in Node: the strict JSON reader of scene files (line and column of a
 * syntax error, duplicate keys refused), then validateSweep; a base given by file name
 * (`"scene": "gas.json"`, `"pool": "shot.json"`) is read relative to the sweep file, and a
 * module's path starts from the sweep file's folder.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseJson } from "../scene/json-parse.js";
import { SweepError, type Sweep } from "./sweep-types.js";
import { validateSweep } from "./sweep-validate.js";

function readText(path: string, file: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? `is a folder, not a ${what} file` : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw new SweepError(file, [{ path: "", text: `cannot read ${what === "sweep" ? "the sweep" : `the ${what} ${JSON.stringify(path)}`}: ${why}` }]);
  }
}

/**
 * Reads and checks a sweep file; a SweepError (or the base file's SceneError) naming the file and
 * the field. `text`, when given, is the file's text already read (standard input: bases are then
 * read relative to the working folder).
 */
export function readSweepFile(path: string, text?: string): Sweep {
  const dir = dirname(resolve(path));
  const json = parseJson(text ?? readText(path, path, "sweep"), path);
  return validateSweep(json, path, {
    dir,
    readBase: (name, kind) => {
      const full = resolve(dir, name);
      return parseJson(readText(full, path, kind), name);
    },
  });
}
