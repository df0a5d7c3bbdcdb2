/**
 * runSweep: the runs of a sweep (or of one shard of it) on a pool of worker threads. Each
 * worker takes the next run as soon as it is free; results come back as they finish, to
 * `onResult` and in the returned outcome. A run that throws, crashes its worker or outlives
 * `timeout` is a failed result (its error recorded), not a failed sweep; an abort signal stops
 * every worker at once (the runs under way are dropped: run them again later with `skip`).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { checkKeys } from "../science/hard-spheres-options.js";
import { expandSweep, inShard, type SweepShard } from "./expand.js";
import { readSweepFile } from "./read-sweep-file.js";
import { checkRuns, resultOf, type RunOutcome } from "./run-one.js";
import { parseShard } from "./shard.js";
import type { SweepWorkerData } from "./sweep-worker.js";
import type { Sweep, SweepDefinition, SweepResult, SweepRun } from "./sweep-types.js";
import { recordedObservables, validateSweep } from "./sweep-validate.js";
import { loadTask, taskOf } from "./tasks/index.js";
import { caromVersion } from "./version.js";

/**
 * What runSweep needs of an AbortSignal (an `AbortController`'s `signal` is one), written out so
 * that the types need neither the DOM's nor Node's declarations.
 */
export interface SweepAbortSignal {
  /** True once the sweep should stop. */
  readonly aborted: boolean;
  /** Adds the listener of the "abort" event. */
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  /** Removes it. */
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Options of {@link runSweep} (every key checked: an unknown one is a RangeError naming it). */
export interface RunSweepOptions {
  /** Worker threads (default: the number of cores; never more than the runs to do). */
  workers?: number;
  /** Run only this share: `{ index, count }` or `"i/n"` (run k belongs to shard k mod n). */
  shard?: SweepShard | string;
  /** Ids of runs already done, not run again (a results file's, to resume). */
  skip?: Iterable<string>;
  /** Stops the sweep: workers are terminated, the runs under way dropped. */
  signal?: SweepAbortSignal;
  /** Called with each result as it finishes (in finishing order); a throw stops the sweep and rejects. */
  onResult?: (result: SweepResult) => void;
  /** Seconds a run may take before it is stopped and recorded as failed (default: no limit). */
  timeout?: number;
}

/** What {@link runSweep} did. */
export interface SweepOutcome {
  /** Runs in the share (all the sweep's runs without a shard). */
  runs: number;
  /** Runs of the share skipped as already done. */
  skipped: number;
  /** The results of the runs finished by this call, in the sweep's order. */
  results: SweepResult[];
  /** How many of them failed. */
  failed: number;
  /** True when the signal stopped the sweep before every run finished. */
  interrupted: boolean;
}

const OPTION_KEYS = ["workers", "shard", "skip", "signal", "onResult", "timeout"];

/** Whether `value` is a checked Sweep (from readSweepFile or validateSweep) rather than a definition. */
function isSweep(value: object): value is Sweep {
  return "definition" in value && "hash" in value && "kind" in value;
}

/** The worker's module: the built .js, or from the sources under tsx (the tests) the .ts through tsx's loader. */
function startWorker(data: SweepWorkerData): Worker {
  const url = new URL(import.meta.url.endsWith(".ts") ? "./sweep-worker.ts" : "./sweep-worker.js", import.meta.url);
  const options = { workerData: data, stdout: true };
  if (!url.pathname.endsWith(".ts")) return new Worker(url, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`, { ...options, eval: true });
}

/**
 * Runs a sweep (a checked Sweep, a definition object, or the path of a sweep file) on worker
 * threads. Rejects with a SweepError before anything runs when the sweep or a run's parameters
 * are not valid; a RangeError naming the option for bad options.
 */
export async function runSweep(input: Sweep | SweepDefinition | string, options: RunSweepOptions = {}): Promise<SweepOutcome> {
  if (options === null || typeof options !== "object") throw new RangeError("options must be an object");
  checkKeys(options, OPTION_KEYS, "runSweep");
  const { workers, timeout, signal, onResult } = options;
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 1024)) throw new RangeError(`workers must be an integer from 1 to 1024, got ${workers}`);
  if (timeout !== undefined && !(timeout > 0 && timeout <= 2 ** 31 / 1000)) throw new RangeError(`timeout must be a number of seconds > 0 (at most 24 days), got ${timeout}`);
  if (onResult !== undefined && typeof onResult !== "function") throw new RangeError("onResult must be a function");
  const shard = typeof options.shard === "string" ? parseShard(options.shard) : options.shard;
  if (shard !== undefined && !(Number.isInteger(shard.count) && shard.count >= 1 && Number.isInteger(shard.index) && shard.index >= 0 && shard.index < shard.count)) {
    throw new RangeError(`shard must have an integer count >= 1 and index from 0 to count - 1, got ${JSON.stringify(shard)}`);
  }
  const sweep = typeof input === "string" ? readSweepFile(input) : input !== null && typeof input === "object" && isSweep(input) ? input : validateSweep(input);
  const skip = new Set(options.skip ?? []);
  const share = expandSweep(sweep).filter((r) => inShard(r.index, shard));
  const todo = share.filter((r) => !skip.has(r.id));
  const record = recordedObservables(sweep);
  checkRuns(sweep, sweep.kind === "module" ? await loadTask(sweep) : taskOf(sweep.kind), todo);
  const results: SweepResult[] = [];
  const order = new Map(todo.map((r) => [r.id, r.index]));
  const outcome = (interrupted: boolean): SweepOutcome => ({
    runs: share.length,
    skipped: share.length - todo.length,
    results: results.sort((a, b) => order.get(a.id)! - order.get(b.id)!),
    failed: results.filter((r) => r.error !== undefined).length,
    interrupted,
  });
  if (todo.length === 0 || signal?.aborted) return outcome(todo.length > 0);
  const version = caromVersion();
  const count = Math.min(workers ?? availableParallelism(), todo.length);
  const data: SweepWorkerData = { sweep, record };

  return new Promise<SweepOutcome>((resolve, reject) => {
    let next = 0;
    let stopping = false;
    let settled = false;
    const live = new Set<Worker>();
    const terminations: Promise<number>[] = [];
    const jobs = new Map<Worker, { run: SweepRun; timer: ReturnType<typeof setTimeout> | undefined; started: number }>();

    const settle = (error?: unknown): void => {
      if (settled) return;
      if (error !== undefined) {
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        stopAll();
        reject(error);
      } else if (live.size === 0) {
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        // (resolved once every worker has stopped, so that none outlives the call)
        void Promise.allSettled(terminations).then(() => resolve(outcome(stopping)));
      }
    };
    const retire = (w: Worker): void => {
      if (!live.delete(w)) return;
      const job = jobs.get(w);
      if (job?.timer !== undefined) clearTimeout(job.timer);
      jobs.delete(w);
      terminations.push(w.terminate());
    };
    const stopAll = (): void => {
      for (const w of [...live]) retire(w);
    };
    const record1 = (run: SweepRun, o: RunOutcome): void => {
      const result = resultOf(run, o, version);
      results.push(result);
      try {
        onResult?.(result);
      } catch (e) {
        settle(e);
      }
    };
    const dispatch = (w: Worker): void => {
      if (stopping || settled || next >= todo.length) {
        retire(w);
        settle();
        return;
      }
      const run = todo[next++];
      const timer = timeout === undefined ? undefined : setTimeout(() => lost(w, `timed out after ${timeout} s`), timeout * 1000);
      jobs.set(w, { run, timer, started: performance.now() });
      w.postMessage({ run });
    };
    // A worker gone while running a run: the run fails; a fresh worker takes the remaining runs.
    const lost = (w: Worker, why: string): void => {
      if (!live.has(w)) return;
      const job = jobs.get(w);
      retire(w);
      if (job === undefined) return settle(new Error(`${sweep.file}: a sweep worker stopped before it was ready: ${why}`));
      record1(job.run, { error: why, wallTime: (performance.now() - job.started) / 1000 });
      if (!stopping && !settled && next < todo.length) spawn();
      settle();
    };
    const spawn = (): void => {
      const w = startWorker(data);
      live.add(w);
      w.stdout.pipe(process.stderr, { end: false }); // (a module's console.log never mixes into results on stdout)
      w.on("message", (m: { ready?: true; fatal?: string; id?: string; outcome?: RunOutcome }) => {
        if (!live.has(w)) return;
        if (m.fatal !== undefined) return settle(new Error(`${sweep.file}: ${m.fatal}`));
        if (m.ready === true) return dispatch(w);
        const job = jobs.get(w);
        if (job === undefined || m.outcome === undefined || job.run.id !== m.id) return;
        if (job.timer !== undefined) clearTimeout(job.timer);
        jobs.delete(w);
        record1(job.run, m.outcome);
        dispatch(w);
      });
      w.on("error", (e) => lost(w, `the worker stopped: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`));
      w.on("exit", (code) => lost(w, `the worker exited with code ${code}`));
    };
    const onAbort = (): void => {
      stopping = true;
      stopAll();
      settle();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    for (let k = 0; k < count; k++) spawn();
  });
}
