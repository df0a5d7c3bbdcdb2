/**
 * Output files written under a temporary name in the same folder and renamed over the target
 * only when the whole run has succeeded, so a failed or interrupted run leaves no partial file
 * (rename within one file system is atomic on POSIX and replaces the target on Windows too).
 * Every open file is tracked, so an error or a signal removes the temporary files.
 *
 * A target that exists and is not a regular file (`/dev/null`, a named pipe), or a link through
 * /proc (`/dev/stdout`, `/dev/fd/1`), is written directly: renaming over it would replace the
 * device, the pipe or the link. A symbolic link elsewhere is written through (its target is
 * replaced, the link stays).
 *
 * The path `-` is standard output: written as the command goes (nothing to rename; a failed
 * command has then written part of it, and its exit code says so).
 */
import { closeSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { CliError, inputError } from "./cli-error.js";
import { isStdio } from "./stdio.js";

const open = new Set<AtomicFile>();
/** Standard output's descriptor, for an AtomicFile named `-`. */
const STDOUT_FD = 1;
let counter = 0;

export class AtomicFile {
  /** The temporary file, or "" when the target is written directly (a device or a pipe). */
  readonly temp: string;
  private fd: number;
  /** The first folder this file's constructor created (removed again, when empty, on abort). */
  private createdFolder: string | undefined;
  private buffer: string[] = [];
  private buffered = 0;

  /** The file the finished temporary file is renamed onto: `path`, or a symbolic link's target. */
  private readonly target: string;

  /** True for `-`: the text goes to standard output. */
  private readonly stdout: boolean;

  constructor(readonly path: string) {
    this.stdout = isStdio(path);
    if (this.stdout) {
      this.temp = "";
      this.target = path;
      this.fd = STDOUT_FD;
      open.add(this);
      return;
    }
    const target = renameTarget(path);
    this.target = target === "" ? path : target;
    const dir = dirname(this.target);
    try {
      if (target === "") {
        this.temp = "";
        this.fd = openSync(path, "a"); // (not "w": through /proc it would truncate a file the shell opened with >>)
      } else {
        const made = mkdirSync(dir, { recursive: true });
        this.createdFolder = made === undefined ? undefined : resolve(made);
        this.temp = join(dir, `.${basename(path)}.${process.pid}.${counter++}.tmp`);
        this.fd = openSync(this.temp, "w");
      }
    } catch (e) {
      throw inputError(`${path}: cannot write: ${(e as Error).message}`);
    }
    open.add(this);
  }

  write(text: string): void {
    this.buffer.push(text);
    this.buffered += text.length;
    if (this.buffered > 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.buffer.length === 0) return;
    const text = this.buffer.join("");
    // (process.stdout, not writeSync(1): Node may have made the descriptor non-blocking)
    this.attempt(() => (this.stdout ? process.stdout.write(text) : writeSync(this.fd, text)));
    this.buffer = [];
    this.buffered = 0;
  }

  /** Runs a file operation; a failure (a full disk, a vanished folder) ends the command with exit code 1. */
  private attempt(operation: () => void): void {
    try {
      operation();
    } catch (e) {
      this.abort();
      throw new CliError(`${this.path}: cannot write: ${(e as Error).message}; nothing written`, 1);
    }
  }

  /** Writes out the rest and closes the file, still under its temporary name. */
  finish(): void {
    if (this.fd < 0) return;
    this.flush();
    this.attempt(() => {
      if (this.temp !== "") fsyncSync(this.fd);
      if (!this.stdout) closeSync(this.fd);
      this.fd = -1;
    });
  }

  /** Finishes the file and moves it into place. */
  commit(): void {
    this.finish();
    this.attempt(() => {
      if (this.temp !== "") renameSync(this.temp, this.target);
    });
    open.delete(this);
  }

  /** Removes the temporary file (the target is left as it was). */
  abort(): void {
    if (this.stdout) {
      this.buffer = [];
      this.fd = -1;
      open.delete(this);
      return;
    }
    if (this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = -1;
    }
    try {
      if (this.temp !== "") unlinkSync(this.temp);
    } catch {
      // already gone
    }
    // Folders made for this file go too, while nothing else is in them.
    if (this.createdFolder !== undefined) {
      for (let d = dirname(resolve(this.target)); d.length >= this.createdFolder.length; d = dirname(d)) {
        try {
          rmdirSync(d);
        } catch {
          break;
        }
        if (d === this.createdFolder) break;
      }
      this.createdFolder = undefined;
    }
    open.delete(this);
  }
}

/**
 * Where a finished output goes: "" to write `path` directly (a device, a pipe, or a link through
 * /proc: /dev/stdout is a link to /proc/self/fd/1, and when stdout was a file, renaming over the
 * link replaced /dev/stdout itself with a regular file), else the file to rename onto: `path`,
 * or the target of a symbolic link (the link stays a link).
 */
function renameTarget(path: string): string {
  if (isSpecial(path)) return "";
  // Follow the links hop by hop (each in its folder's real place): one through /proc stands
  // for an open file (/dev/stdout, /dev/fd/1, /proc/self/fd/1 lead to /proc/<pid>/fd/1).
  let at = resolve(path);
  for (let hop = 0; hop < 40; hop++) {
    try {
      at = join(realpathSync(dirname(at)), basename(at));
    } catch {
      return path; // a folder still to make
    }
    if (at.startsWith("/proc/") && existsSync(at)) return "";
    let next: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
      next = readlinkSync(at);
    } catch {
      return path; // a new file, or a link to nothing yet
    }
    at = resolve(dirname(at), next);
  }
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}

/** True when `path` exists and is neither a regular file nor a folder. */
function isSpecial(path: string): boolean {
  try {
    const s = statSync(path);
    return !s.isFile() && !s.isDirectory();
  } catch {
    return false;
  }
}

/** Removes every temporary file still open (on an error or an interrupt). */
export function abortAllFiles(): void {
  for (const f of [...open]) f.abort();
}

/**
 * Commits several files together: all are written out first, then renamed, so that a write
 * failure in any of them (a full disk) leaves none in place.
 */
export function commitAll(files: readonly AtomicFile[]): void {
  for (const f of files) f.finish();
  for (const f of files) f.commit();
}

/** Writes a whole file atomically. */
export function writeFileAtomic(path: string, text: string): void {
  const f = new AtomicFile(path);
  f.write(text);
  f.commit();
}
