/**
 * `-` as a file argument, as Unix tools read it: standard output for whatever carom writes
 * (`--events -`, `--final -`, `-o -`, ...), standard input wherever it reads a scene or a shot
 * (`carom run -`, `carom validate -`, `carom render - -o -`). A file that is really named `-`
 * is written `./-`.
 *
 * When an output goes to standard output, that stream carries only that data: the summary and
 * every message go to standard error instead ({@link messageStream}).
 */
import { readFileSync, readSync } from "node:fs";
import { inputError } from "./cli-error.js";

/** The file argument that stands for standard input or standard output. */
export const STDIO = "-";

/** How standard input is named in messages (`<stdin>: bodies[3].radius must be >= 0, got -1`). */
export const STDIN_LABEL = "<stdin>";

/** True when `path` names standard input or output rather than a file. */
export function isStdio(path: string | undefined): boolean {
  return path === STDIO;
}

/** The name of an input in messages: the file name, or `<stdin>` for `-`. */
export function inputLabel(file: string): string {
  return isStdio(file) ? STDIN_LABEL : file;
}

let stdinText: string | undefined;

/**
 * The whole of standard input as text (read once, then kept: a command that looks at an input
 * twice, such as render deciding between a scene and a pool shot, sees the same text).
 */
export function readStdin(): string {
  if (stdinText !== undefined) return stdinText;
  try {
    stdinText = readFileSync(0, "utf8");
  } catch (e) {
    // A non-blocking stdin (inherited from a parent that set it so) answers EAGAIN until data
    // comes: read it piece by piece, waiting a little between tries.
    if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw inputError(`${STDIN_LABEL}: cannot read standard input: ${(e as Error).message}`);
    stdinText = readNonBlocking();
  }
  return stdinText;
}

function readNonBlocking(): string {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      throw inputError(`${STDIN_LABEL}: cannot read standard input: ${(e as Error).message}`);
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Refuses standard input named more than once among a command's inputs (it can be read only once). */
export function checkStdinOnce(command: string, inputs: readonly string[]): void {
  if (inputs.filter(isStdio).length > 1) throw inputError(`carom ${command}: "-" (standard input) is named more than once; it can be read only once`);
}

/**
 * Where a command's summary and messages go: standard output, unless one of its outputs is
 * `-`, in which case standard output carries only that data and the messages go to standard
 * error.
 */
export function messageStream(stdout: (s: string) => void, outputs: readonly (string | undefined)[]): (s: string) => void {
  return outputs.some(isStdio) ? (s: string) => void process.stderr.write(s) : stdout;
}
