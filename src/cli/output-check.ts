/**
 * Output paths checked before any work is done, so that a long run never fails at its end for
 * a reason known at its start, and never destroys a file: an output that is a folder, two
 * outputs naming the same file (one would silently replace the other), an output that is one of
 * the inputs (the scene would be overwritten), and an output whose folder cannot be written or
 * created. Each is invalid input (exit code 2) with a message naming the option.
 */
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { inputError } from "./cli-error.js";
import { isStdio } from "./stdio.js";

export interface OutputPath {
  /** The option as written in messages: "--events", "-o" ("" for a file that no option names). */
  flag: string;
  path: string;
}

/** The absolute path with symbolic links resolved as far as the path exists. */
function canonical(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : resolve(canonical(parent), basename(abs));
  }
}

function kindOf(path: string): "missing" | "file" | "directory" | "other" {
  try {
    const s = statSync(path);
    return s.isDirectory() ? "directory" : s.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}

/** Why the folder of `path` cannot take a new file, or undefined when it can. */
function folderProblem(path: string): string | undefined {
  let dir = dirname(resolve(path));
  // The nearest folder that exists: the missing ones below it will be created.
  for (;;) {
    const kind = kindOf(dir);
    if (kind === "directory") break;
    if (kind !== "missing") return `${dir} is not a folder`;
    const up = dirname(dir);
    if (up === dir) return `no folder ${dir}`;
    dir = up;
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    return `the folder ${dir} is not writable`;
  }
  return undefined;
}

/**
 * Throws an input error (exit code 2) naming the option when an output is a folder, repeats
 * another output, is one of the inputs, or cannot be written. `-` is standard output (once).
 */
export function checkOutputs(command: string, outputs: readonly OutputPath[], inputs: readonly string[] = [], inputKind = "scene"): void {
  const seen = new Map<string, string>();
  const inputPaths = new Map(inputs.filter((p) => !isStdio(p)).map((p) => [canonical(p), p]));
  let toStdout: string | undefined;
  for (const { flag, path } of outputs) {
    const where = `carom ${command}: ${flag === "" ? "" : `${flag} `}${path}`;
    if (path === "") throw inputError(`carom ${command}: ${flag} needs a file name`);
    if (isStdio(path)) {
      // Two outputs on standard output would be mixed into one stream.
      if (toStdout !== undefined) throw inputError(`${where}: ${toStdout} already writes to standard output; only one output can be "-" (a file named - is written ./-)`);
      toStdout = `${flag} -`;
      continue;
    }
    if (/[\\/]$/.test(path) || kindOf(path) === "directory") throw inputError(`${where} is a folder; name a file in it`);
    const real = canonical(path);
    const input = inputPaths.get(real);
    if (input !== undefined) throw inputError(`${where} is the input ${inputKind} ${input}; write to another file`);
    const other = seen.get(real);
    if (other !== undefined) throw inputError(`${where} names the same file as ${other}; each output needs its own file`);
    seen.set(real, `${flag} ${path}`);
    const problem = folderProblem(path);
    if (problem !== undefined) throw inputError(`${where} cannot be written: ${problem}`);
  }
}
