/**
 * carom/sweep: many independent runs at once, in Node. A sweep (a file or an object: a base
 * scene, pool shot, hard-sphere setup or module of your own, the parameters to vary, the
 * replicas and what to record) expands into runs with stable ids and seeds derived from the
 * sweep's seed and each id, which {@link runSweep} runs on worker threads, optionally one shard
 * of them; results files merge and report as `carom sweep` does.
 *
 * ```ts
 * import { runSweep } from "carom/sweep";
 * // Z = PV/(NkT) of 64 hard spheres at two packing fractions, two seeds each, on two threads.
 * const { results } = await runSweep({
 *   sweep: 1, seed: 7, replicas: 2, record: ["pressure"],
 *   hardSpheres: { dimensions: 3, count: 64, warmupPerBody: 5, collisionsPerBody: 50 },
 *   grid: { packingFraction: [0.1, 0.2] },
 * }, { workers: 2 });
 * results.length; // → 4
 * ```
 *
 * @module carom/sweep
 */
export { runSweep } from "../sweep/run-sweep.js";
export type { RunSweepOptions, SweepOutcome, SweepAbortSignal } from "../sweep/run-sweep.js";
export { readSweepFile } from "../sweep/read-sweep-file.js";
export { checkSweepRuns } from "../sweep/run-one.js";
export { validateSweep, recordedObservables, MAX_RUNS } from "../sweep/sweep-validate.js";
export type { ValidateSweepOptions, ReadBase } from "../sweep/sweep-validate.js";
export { expandSweep, runConfig, gridValues, inShard } from "../sweep/expand.js";
export type { SweepShard } from "../sweep/expand.js";
export { parseShard } from "../sweep/shard.js";
export { sweepSchema } from "../sweep/sweep-schema.js";
export { SweepError, SWEEP_KINDS } from "../sweep/sweep-types.js";
export type { Sweep, SweepDefinition, SweepKind, SweepRun, SweepResult, SweepRange, SweepDistribution, SweepModule, JsonObject, JsonValue } from "../sweep/sweep-types.js";
export { readResults, gatherResults, headerLine, resultLine, listSome } from "../sweep/results-file.js";
export type { ResultsHeader, ReadResults, ReadResult, GatheredResults } from "../sweep/results-file.js";
export { sweepReport, reportCsv, meanAndError } from "../sweep/report.js";
export type { SweepReport, ReportRow } from "../sweep/report.js";
export { HARD_SPHERES_OBSERVABLES } from "../sweep/tasks/hard-spheres-task.js";
export { SCENE_OBSERVABLES } from "../sweep/tasks/scene-task.js";
export { POOL_OBSERVABLES } from "../sweep/tasks/pool-task.js";
export type { SweepModuleRun } from "../sweep/tasks/module-task.js";
