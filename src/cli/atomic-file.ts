/**
 * Output files written under a temporary name in the same folder and renamed over the target
 * only when the whole run has succeeded, so a failed or interrupted run leaves no partial file
 * (rename within one file system is atomic on POSIX and replaces the target on Windows too).
 * Every open file is tracked, so an error or Ctrl-C removes the temporary files.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { inputError } from "./cli-error.js";

const open = new Set<AtomicFile>();
let counter = 0;

export class AtomicFile {
  readonly temp: string;
  private fd: number;
  private buffer: string[] = [];
  private buffered = 0;

  constructor(readonly path: string) {
    const dir = dirname(path);
    try {
      mkdirSync(dir, { recursive: true });
      this.temp = join(dir, `.${basename(path)}.${process.pid}.${counter++}.tmp`);
      this.fd = openSync(this.temp, "w");
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
    writeSync(this.fd, this.buffer.join(""));
    this.buffer = [];
    this.buffered = 0;
  }

  /** Finishes the file and moves it into place. */
  commit(): void {
    this.flush();
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = -1;
    renameSync(this.temp, this.path);
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
      unlinkSync(this.temp);
    } catch {
      // already gone
    }
    open.delete(this);
  }
}

/** Removes every temporary file still open (on an error or an interrupt). */
export function abortAllFiles(): void {
  for (const f of [...open]) f.abort();
}

/** Writes a whole file atomically. */
export function writeFileAtomic(path: string, text: string): void {
  const f = new AtomicFile(path);
  f.write(text);
  f.commit();
}
