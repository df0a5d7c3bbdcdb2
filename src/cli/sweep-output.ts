/**
 * The results file of `carom sweep`, written so that no finished run is ever lost or torn:
 *
 * - created with its header under a temporary name, synced and renamed into place;
 * - then opened for appending (O_APPEND): each finished run is one write() of one whole line,
 *   so a process killed at any moment (even by SIGKILL) leaves whole lines and at most a last
 *   line cut short, which the next run truncates before it appends (that run is done again);
 *   the data are synced (fdatasync) after each batch of lines, so a machine that crashes loses
 *   at most the lines of the last fraction of a second, never a line in the middle;
 * - guarded by a lock file (`results.ndjson.lock`: pid, host, start) against two sweeps
 *   appending to one file; a lock whose process is gone (same host) or that has not been
 *   refreshed for a minute (its host died: the holder touches it every 10 s) is taken over.
 *
 * Resuming reads the file first: its header must be this sweep's (another sweep's file is
 * refused), and the ids in it are the runs already done.
 */
import { closeSync, fdatasyncSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { headerLine, readResults, resultLine, type ReadResults, type Sweep, type SweepResult } from "../exports/sweep.js";
import { CliError, inputError } from "./cli-error.js";

/** A lock not refreshed for this long (ms) belongs to a process that is gone. */
const STALE_LOCK_MS = 60_000;
const LOCK_REFRESH_MS = 10_000;

interface LockInfo {
  pid: number;
  host: string;
  started: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Writes all of `text` at the end of `fd` (a regular file opened for appending, or a pipe). */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** Syncs a folder (so that a rename in it is on the disk); not every system allows it. */
function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // (Windows, some network file systems)
  }
}

/** Writes a whole file under a temporary name, syncs it and renames it into place. */
function replaceFile(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, { flush: true });
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  syncFolder(dirname(path));
}

export interface OpenedResults {
  output: SweepOutput;
  /** Whether this call created the file (removed again when the sweep fails before any run). */
  created: boolean;
  /** Ids of the runs already in the file. */
  done: Set<string>;
  /** Failed runs among them. */
  failedBefore: number;
  /** What was repaired or dropped, for the user. */
  notes: string[];
}

export class SweepOutput {
  private fd: number;
  private syncPending = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly removeLock: () => void;
  /** Lines written by this process. */
  written = 0;

  private constructor(
    readonly path: string,
    fd: number,
    private readonly lock: string | undefined,
    private readonly syncs: boolean,
  ) {
    this.fd = fd;
    this.removeLock = () => {
      if (this.lock !== undefined) rmSync(this.lock, { force: true });
    };
    if (lock !== undefined) {
      process.on("exit", this.removeLock); // (a second Ctrl-C exits at once: the lock goes too)
      this.heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(lock, now, now);
        } catch {
          // (the lock vanished: nothing to refresh)
        }
      }, LOCK_REFRESH_MS);
      this.heartbeat.unref();
    }
  }

  /** Results to standard output (`-o -`) or to a device or pipe: written as they come, nothing resumed. */
  static stream(path: string, sweep: Sweep, runs: number, version: string): OpenedResults {
    let fd = 1;
    if (path !== "-") {
      try {
        fd = openSync(path, "a");
      } catch (e) {
        throw new CliError(`${path}: cannot write: ${(e as Error).message}; no run started`, 1);
      }
    }
    const output = new SweepOutput(path, fd, undefined, false);
    try {
      writeAll(fd, headerLine(sweep, runs, version));
    } catch (e) {
      output.close();
      throw new CliError(`${path === "-" ? "standard output" : path}: cannot write: ${(e as Error).message}; no run started`, 1);
    }
    return { output, created: false, done: new Set(), failedBefore: 0, notes: [] };
  }

  /** Opens (or creates) a results file for `sweep`, resuming what it holds. */
  static open(path: string, sweep: Sweep, runs: number, version: string, retryFailed: boolean): OpenedResults {
    const lock = `${path}.lock`;
    takeLock(lock, path);
    try {
      const notes: string[] = [];
      let read: ReadResults | undefined;
      let text = "";
      try {
        text = readFileSync(path, "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw inputError(`${path}: cannot read the results file: ${(e as Error).message}`);
      }
      if (text !== "") read = readResults(text, path);
      // (this writer's files always start with a whole header line: anything else is not ours)
      if (read !== undefined && read.header === undefined) throw inputError(`${path}: not a results file of carom sweep (it has no header line); write to another file (-o)`);
      if (read?.header !== undefined && read.header.sweep !== sweep.hash) {
        throw inputError(
          `${path}: holds results of another sweep (${read.header.file}, sweep ${read.header.sweep}), not of ${sweep.file} (sweep ${sweep.hash}); ` +
            "write to another file (-o), or remove it to start over",
        );
      }
      const created = read === undefined;
      if (created) {
        replaceFile(path, headerLine(sweep, runs, version));
      } else if (read !== undefined) {
        if (read.torn !== undefined) {
          const fd = openSync(path, "r+");
          try {
            ftruncateSync(fd, read.complete);
            fsyncSync(fd);
          } finally {
            closeSync(fd);
          }
          notes.push(`dropped an unfinished last line (a run cut short when the last sweep stopped; it runs again)`);
        }
        const failed = read.results.filter((r) => r.result.error !== undefined);
        if (retryFailed && failed.length > 0) {
          const kept = read.results.filter((r) => r.result.error === undefined);
          replaceFile(path, headerLine(sweep, runs, version) + kept.map((r) => r.text + "\n").join(""));
          notes.push(`removed ${failed.length} failed run${failed.length === 1 ? "" : "s"} to run again (--retry-failed)`);
          read = { ...read, results: kept };
        }
      }
      const fd = openSync(path, "a");
      const done = new Set((read?.results ?? []).map((r) => r.result.id));
      const failedBefore = (read?.results ?? []).filter((r) => r.result.error !== undefined).length;
      return { output: new SweepOutput(path, fd, lock, true), created, done, failedBefore, notes };
    } catch (e) {
      rmSync(lock, { force: true });
      throw e;
    }
  }

  /** Appends a finished run's line (one write) and schedules a sync. */
  append(result: SweepResult): void {
    try {
      writeAll(this.fd, resultLine(result));
    } catch (e) {
      throw new CliError(`${this.path}: cannot write: ${(e as Error).message}; the runs written so far are kept`, 1);
    }
    this.written++;
    if (this.syncs && !this.syncPending) {
      this.syncPending = true;
      setImmediate(() => this.sync());
    }
  }

  private sync(): void {
    this.syncPending = false;
    if (this.fd < 0) return;
    try {
      fdatasyncSync(this.fd);
    } catch {
      // (a file system without sync: the lines are written all the same)
    }
  }

  /** Syncs, closes and releases the lock. */
  close(): void {
    if (this.fd < 0) return;
    if (this.syncs) this.sync();
    if (this.fd !== 1) closeSync(this.fd);
    this.fd = -1;
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.removeLock();
    process.off("exit", this.removeLock);
  }
}

/** Creates the lock file, or takes over a stale one; an input error naming the holder otherwise. */
function takeLock(lock: string, path: string): void {
  const mine: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lock, JSON.stringify(mine) + "\n", { flag: "wx" });
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") throw inputError(`${path}: cannot create the lock ${lock}: ${(e as Error).message}`);
    }
    let holder: Partial<LockInfo> = {};
    let age = 0;
    try {
      holder = JSON.parse(readFileSync(lock, "utf8")) as Partial<LockInfo>;
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      // (half written, or gone meanwhile: judged by its age alone)
    }
    const gone = (holder.host === mine.host && typeof holder.pid === "number" && !processAlive(holder.pid)) || age > STALE_LOCK_MS;
    if (!gone) {
      throw inputError(
        `${path} is being written by another carom sweep (pid ${holder.pid ?? "?"} on ${holder.host ?? "?"}, since ${holder.started ?? "?"}); ` +
          `wait for it to finish, or delete ${lock} if that process is gone`,
      );
    }
    try {
      unlinkSync(lock);
    } catch {
      // (another process took it over first: try again)
    }
  }
  throw inputError(`${path}: could not take the lock ${lock}`);
}
