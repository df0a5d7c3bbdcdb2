/**
 * `carom sweep sweep.json -o results.ndjson [--workers N] [--shard i/n|slurm] [--timeout S]
 *              [--retry-failed] [--list] [--json] [--quiet]`
 * `carom sweep merge results-*.ndjson -o all.ndjson`, `carom sweep report all.ndjson -o table.csv`,
 * `carom sweep --schema [-o FILE]`
 *
 * Runs a sweep on worker threads, appending one line per finished run to the results file
 * (sweep-output.ts); running the same command again does the runs still missing. Uses only the
 * public API (carom/sweep).
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { checkSweepRuns, expandSweep, inShard, parseShard, readSweepFile, runSweep, sweepSchema, type SweepShard } from "../exports/sweep.js";
import { parseArgs } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { CliError, inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";
import { Progress } from "./progress.js";
import { scenePath } from "./scene-file.js";
import { interrupt, interruptExitCode, SIGNAL_EXIT_CODES } from "./simulate.js";
import { SweepOutput } from "./sweep-output.js";
import { sweepMerge, sweepReportCommand } from "./sweep-gather.js";
import { packageVersion } from "./version.js";

export const SWEEP_OPTIONS = {
  output: { kind: "string", short: "o" },
  workers: { kind: "number" },
  shard: { kind: "string" },
  timeout: { kind: "number" },
  "retry-failed": { kind: "flag" },
  list: { kind: "flag" },
  schema: { kind: "flag" },
  json: { kind: "flag" },
  quiet: { kind: "flag", short: "q" },
} as const;

export const SWEEP_HELP = `usage: carom sweep sweep.json -o results.ndjson [options]
       carom sweep merge results-*.ndjson -o all.ndjson
       carom sweep report all.ndjson [more.ndjson ...] [-o table.csv]
       carom sweep --schema [-o FILE]

Runs every run of a sweep file (hard spheres, a scene, a pool shot or a module of your own,
over a grid, listed points or random draws of parameters, times replicas with their own
seeds) on worker threads, and appends one JSON line per finished run to the results file:
{"id", "params", "replica", "seed", "results" | "error", "wallTime", "carom"}, after a first
line that describes the sweep. Run the same command again to do the runs still missing (a
file of another sweep is refused). A failed run is a line with its error. See docs/sweeps.md.
examples/eos-sweep.json names the packaged example when no such file exists here.

options:
  -o, --output FILE       the results file (NDJSON; - for standard output, not resumable)
  --workers N             worker threads (default: the number of cores, ${availableParallelism()} here)
  --shard i/n             run only shard i of n (0 <= i < n: run k belongs to shard k mod n), one
                          per machine or job-array task; --shard slurm reads SLURM_ARRAY_TASK_ID,
                          _MIN, _STEP and _COUNT (arrays from 0, 1 or any first id)
  --timeout S             stop a run after S seconds and record it as failed
  --retry-failed          run again the runs whose lines hold an error
  --list                  print the ids of the runs (of the shard) without running them
  --json                  print the summary as one JSON object
  -q, --quiet             no progress bar and no summary
  --schema                print the JSON Schema of the sweep file (-o FILE to write it)
  -h, --help              this text

carom sweep merge FILE... [-o all.ndjson]
                          one results file from the shards' files: checks that every run of
                          the sweep is there exactly once (missing and repeated ids are listed)
carom sweep report FILE... [-o table.csv]
                          a CSV table: one row per parameter point, the runs and failures, and
                          for each numeric observable its mean over the replicas (_mean) and
                          the standard error of that mean (_sem)

SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the workers at once (exit codes 130, 143, 129); the
finished runs stay in the file and the runs under way run again next time.
`;

/** "1 run", "3 runs". */
const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

/** "1 min 5 s", "12 s": a duration for the progress bar. */
function timeText(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

function shardOption(text: string | undefined): SweepShard | undefined {
  if (text === undefined) return undefined;
  try {
    return parseShard(text, process.env, "--shard");
  } catch (e) {
    throw inputError(`carom sweep: ${(e as Error).message.replace(/^--shard /, "--shard ")}`);
  }
}

export async function sweep(argv: readonly string[], stdout: (s: string) => void, stderr: (s: string) => void): Promise<number> {
  if (argv[0] === "merge") return sweepMerge(argv.slice(1), stdout, stderr);
  if (argv[0] === "report") return sweepReportCommand(argv.slice(1), stdout, stderr);
  const { positional, values } = parseArgs("sweep", argv, SWEEP_OPTIONS);
  const output = values.output as string | undefined;
  if (values.schema === true) {
    if (positional.length > 0) throw inputError(`carom sweep --schema takes no file, got ${positional.join(" ")}`);
    const text = JSON.stringify(sweepSchema, null, 2) + "\n";
    if (output === undefined || output === "-") stdout(text);
    else {
      checkOutputs("sweep", [{ flag: "-o", path: output }]);
      writeFileAtomic(output, text);
    }
    return 0;
  }
  if (positional.length !== 1) {
    throw inputError(positional.length === 0 ? "carom sweep: name the sweep file: carom sweep sweep.json -o results.ndjson (see carom sweep --help)" : `carom sweep: one sweep file at a time, got ${positional.join(" ")}`);
  }
  const workers = values.workers as number | undefined;
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 1024)) throw inputError(`carom sweep: --workers must be an integer from 1 to 1024, got ${workers}`);
  const timeout = values.timeout as number | undefined;
  if (timeout !== undefined && !(timeout > 0 && timeout <= 2 ** 31 / 1000)) throw inputError(`carom sweep: --timeout must be a number of seconds > 0 (at most 24 days), got ${timeout}`);
  const shard = shardOption(values.shard as string | undefined);
  const file = scenePath(positional[0]); // (examples/eos-sweep.json: the packaged one when absent here)
  const sweepDef = readSweepFile(file);
  const runs = expandSweep(sweepDef);
  const share = runs.filter((r) => inShard(r.index, shard));
  const shardText = shard === undefined ? "" : `shard ${shard.index}/${shard.count}: `;
  if (values.list === true) {
    for (const r of share) stdout(r.id + "\n");
    return 0;
  }
  if (output === undefined) throw inputError("carom sweep: name the results file with -o FILE (one per shard; - writes to standard output)");
  const toStdout = output === "-";
  if (!toStdout) checkOutputs("sweep", [{ flag: "-o", path: output }], [file], "sweep file");
  const version = packageVersion();
  const special = !toStdout && existsSync(output) && !statSync(output).isFile(); // (a device or a pipe)
  if (toStdout || special) checkSweepRuns(sweepDef, share); // (a stream cannot take its header back)
  const opened = toStdout || special ? SweepOutput.stream(output, sweepDef, runs.length, version) : SweepOutput.open(output, sweepDef, runs.length, version, values["retry-failed"] === true);
  const { output: results, done, notes } = opened;
  const say = toStdout ? stderr : stdout;
  const quiet = values.quiet === true;
  for (const note of notes) if (!quiet) stderr(`carom sweep: ${output}: ${note}\n`);
  const earlier = share.filter((r) => done.has(r.id)).length;
  const todo = share.length - earlier;
  const poolSize = Math.max(1, Math.min(workers ?? availableParallelism(), todo));

  // Signals stop the workers at once (the first one; a second exits through cli.ts).
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  for (const s of Object.keys(SIGNAL_EXIT_CODES)) process.on(s as NodeJS.Signals, onSignal);
  if (interrupt.requested) controller.abort();

  const progress = new Progress(Progress.wanted(quiet), "carom sweep");
  const t0 = performance.now();
  let finished = 0;
  let failed = 0;
  const draw = (): void => {
    const elapsed = (performance.now() - t0) / 1000;
    const left = finished === 0 ? "" : `, about ${timeText((elapsed / finished) * (todo - finished))} left`;
    progress.update((earlier + finished) / Math.max(1, share.length), `${earlier + finished}/${share.length} runs, ${failed} failed, ${count(poolSize, "worker")}${left}`);
  };
  const ticker = setInterval(draw, 1000);
  ticker.unref();
  let outcome;
  try {
    outcome = await runSweep(sweepDef, {
      workers: poolSize,
      ...(shard === undefined ? {} : { shard }),
      ...(timeout === undefined ? {} : { timeout }),
      skip: done,
      signal: controller.signal,
      onResult: (r) => {
        results.append(r);
        finished++;
        if (r.error !== undefined) failed++;
        draw();
      },
    });
  } catch (e) {
    // A sweep refused before any run (a run's parameters, a module that does not load) leaves no new file.
    results.close();
    if (opened.created && results.written === 0) rmSync(output, { force: true });
    throw e;
  } finally {
    clearInterval(ticker);
    progress.done();
    results.close();
    for (const s of Object.keys(SIGNAL_EXIT_CODES)) process.off(s as NodeJS.Signals, onSignal);
  }
  const wall = (performance.now() - t0) / 1000;
  const inFile = earlier + finished;
  if (outcome.interrupted) {
    throw new CliError(
      `carom sweep: interrupted: ${shardText}${inFile} of ${share.length} runs in ${output}` +
        (toStdout ? "" : `; run the same command again to do the other ${share.length - inFile}`),
      interruptExitCode(),
    );
  }
  const failedAll = opened.failedBefore + failed;
  const summary = {
    sweep: sweepDef.file,
    hash: sweepDef.hash,
    kind: sweepDef.kind,
    runs: runs.length,
    shard: shard === undefined ? null : `${shard.index}/${shard.count}`,
    share: share.length,
    earlier,
    ran: finished,
    failed,
    failedInFile: failedAll,
    workers: poolSize,
    wallTime: wall,
    output,
  };
  if (values.json === true) {
    say(JSON.stringify(summary) + "\n");
    return 0;
  }
  if (quiet) return 0;
  const lines = [
    `carom sweep: ${sweepDef.file} (${sweepDef.kind}, ${count(runs.length, "run")}${shard === undefined ? "" : `; shard ${shard.index}/${shard.count}: ${share.length}`})`,
    todo === 0
      ? `  nothing to do: all ${count(share.length, "run")} are in ${output} already`
      : `  ran         ${count(finished, "run")} in ${wall.toFixed(1)} s on ${count(poolSize, "worker")}: ${finished - failed} finished, ${failed} failed${earlier > 0 ? ` (${earlier} done before)` : ""}`,
    `  results     ${output}${failedAll > 0 ? ` (${count(failedAll, "failed run")}: their lines hold the error; --retry-failed runs them again)` : ""}`,
  ];
  if (!toStdout) lines.push(`  report      carom sweep report ${output}${shard === undefined ? "" : " (or merge the shards first: carom sweep merge)"}`);
  say(lines.join("\n") + "\n");
  return 0;
}
