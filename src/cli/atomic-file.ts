/**
 * Output files written under a temporary name in the same folder and renamed over the target
 * only when the whole run has succeeded, so a failed or interrupted run leaves no partial file
 * (rename within one file system is atomic on POSIX and replaces the target on Windows too).
 * Every open file is tracked, so an error or a signal removes the temporary files.
 *
 * A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is
 * written directly: renaming over it would replace the device or the pipe.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { CliError, inputError } from "./cli-error.js";

const open = new Set<AtomicFile>();
let counter = 0;

export class AtomicFile {
  /** The temporary file, or "" when the target is written directly (a device or a pipe). */
  readonly temp: string;
  private fd: number;
  /** The first folder this file's constructor created (removed again, when empty, on abort). */
  private createdFolder: string | undefined;
  private buffer: string[] = [];
  private buffered = 0;

  constructor(readonly path: string) {
    const dir = dirname(path);
    try {
      if (isSpecial(path)) {
        this.temp = "";
        this.fd = openSync(path, "w");
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
    this.attempt(() => writeSync(this.fd, this.buffer.join("")));
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
      closeSync(this.fd);
      this.fd = -1;
    });
  }

  /** Finishes the file and moves it into place. */
  commit(): void {
    this.finish();
    this.attempt(() => {
      if (this.temp !== "") renameSync(this.temp, this.path);
    });
    open.delete(this);
  }

  /** Removes the temporary file (the target is left as it was). */
  abort(): void {
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
      for (let d = dirname(resolve(this.path)); d.length >= this.createdFolder.length; d = dirname(d)) {
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
