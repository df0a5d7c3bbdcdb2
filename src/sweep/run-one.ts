/**
 * One run of a sweep, as a worker runs it: the run's configuration (the base with its
 * parameters), its input prepared by the kind's adapter, the run, and its outcome: the
 * recorded observables, or the error that stopped it (a failed run is a result too).
 */
import { SceneError } from "../scene/scene-error.js";
import { expandSweep, runConfig } from "./expand.js";
import { SweepError, type JsonObject, type Sweep, type SweepResult, type SweepRun } from "./sweep-types.js";
import { taskOf, type SweepTask } from "./tasks/index.js";

/** What a run gave: its results or its error, and the seconds it took. */
export interface RunOutcome {
  results?: JsonObject;
  error?: string;
  wallTime: number;
}

/** The text of a run's error: the message (a RangeError names the field), the kind of error for others. */
export function errorText(e: unknown): string {
  if (e instanceof RangeError || e instanceof SceneError) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return `thrown: ${String(e)}`;
}

/** Runs one run; never throws (an error is the outcome). */
export async function runOne(sweep: Sweep, task: SweepTask<unknown>, run: SweepRun, record: readonly string[]): Promise<RunOutcome> {
  const t0 = performance.now();
  try {
    const prepared = task.prepare(runConfig(sweep, run), run.seed);
    const results = await task.run(prepared, record, run.seed);
    return { results, wallTime: (performance.now() - t0) / 1000 };
  } catch (e) {
    return { error: errorText(e), wallTime: (performance.now() - t0) / 1000 };
  }
}

/** A results-file line for a finished run (keys in a fixed order). */
export function resultOf(run: SweepRun, outcome: RunOutcome, version: string): SweepResult {
  return {
    id: run.id,
    params: run.params,
    ...(run.draw === undefined ? {} : { draw: run.draw }),
    replica: run.replica,
    seed: run.seed,
    ...(outcome.error === undefined ? { results: outcome.results } : { error: outcome.error }),
    wallTime: outcome.wallTime,
    carom: version,
  };
}

/**
 * Checks every run's input before anything runs (the adapters' prepare is cheap): throws a
 * SweepError naming the first runs whose parameters the application refuses.
 */
export function checkRuns(sweep: Sweep, task: SweepTask<unknown>, runs: readonly SweepRun[]): void {
  const failures: string[] = [];
  let failed = 0;
  for (const run of runs) {
    try {
      task.prepare(runConfig(sweep, run), run.seed);
    } catch (e) {
      if (++failed <= 3) failures.push(`run "${run.id}": ${errorText(e).replace(/\n/g, "; ")}`);
    }
  }
  if (failed === 0) return;
  if (failed > 3) failures.push(`and ${failed - 3} more of the ${runs.length} runs fail${failed - 3 === 1 ? "s" : ""}`);
  throw new SweepError(sweep.file, failures.map((text) => ({ path: "", text })));
}

/**
 * Checks a sweep's runs (all of them by default) as runSweep does before it starts: a
 * SweepError naming the first runs whose parameters the application refuses; the number of
 * runs checked otherwise. (A module's configuration is the module's to check, when it runs.)
 */
export function checkSweepRuns(sweep: Sweep, runs: readonly SweepRun[] = expandSweep(sweep)): number {
  checkRuns(sweep, taskOf(sweep.kind), runs);
  return runs.length;
}
