/**
 * Shards: a sweep split over several processes or machines by a deterministic partition of its
 * runs (run k belongs to shard k mod n), so that each task of a job array runs its own share.
 *
 * - `"i/n"`: shard i of n, 0 <= i < n (Kubernetes Indexed Jobs: `$(JOB_COMPLETION_INDEX)/n`;
 *   GNU parallel: `{}/n` over `::: 0 1 ... n-1`).
 * - `"slurm"`: from the variables Slurm sets in each task of a job array:
 *   i = (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP,
 *   n = SLURM_ARRAY_TASK_COUNT, so `--array=1-8`, `--array=0-7` and `--array=10-80:10` all work.
 */
import type { SweepShard } from "./expand.js";

const SHARD = /^(0|[1-9][0-9]{0,8})\/([1-9][0-9]{0,8})$/;

function slurmShard(env: Record<string, string | undefined>, name: string): SweepShard {
  const read = (variable: string, fallback?: number): number => {
    const text = env[variable];
    if (text === undefined || text === "") {
      if (fallback !== undefined) return fallback;
      throw new RangeError(`${name} slurm: ${variable} is not set (is this a task of a Slurm job array? sbatch --array=0-7 ...)`);
    }
    if (!/^[0-9]{1,9}$/.test(text)) throw new RangeError(`${name} slurm: ${variable} must be a whole number, got ${JSON.stringify(text)}`);
    return Number(text);
  };
  const id = read("SLURM_ARRAY_TASK_ID");
  const min = read("SLURM_ARRAY_TASK_MIN");
  const count = read("SLURM_ARRAY_TASK_COUNT");
  const step = read("SLURM_ARRAY_TASK_STEP", 1);
  const offset = id - min;
  if (count < 1 || step < 1 || offset < 0 || offset % step !== 0 || offset / step >= count) {
    throw new RangeError(
      `${name} slurm: task ${id} of an array from ${min} in steps of ${step} with ${count} tasks is not one of an evenly spaced range; ` +
        `give the array as a range (--array=0-7 or --array=1-8, optionally :step) or use ${name} i/n`,
    );
  }
  return { index: offset / step, count };
}

/**
 * The shard a `--shard` value names (`"3/8"`, or `"slurm"` read from `env`): a RangeError
 * saying what is wrong (a Slurm task id that starts at 1 with `$SLURM_ARRAY_TASK_ID/...`),
 * naming the value as `name` (the command line's `--shard`; `shard`, runSweep's option, by default).
 */
export function parseShard(text: string, env: Record<string, string | undefined> = process.env, name = "shard"): SweepShard {
  if (text === "slurm") return slurmShard(env, name);
  const m = SHARD.exec(text);
  if (m === null) throw new RangeError(`${name} must be i/n (shard i of n, counting from 0, e.g. 0/4) or slurm, got ${JSON.stringify(text)}`);
  const index = Number(m[1]), count = Number(m[2]);
  if (index >= count) {
    throw new RangeError(
      `${name} ${text}: shards of ${count} are numbered 0 to ${count - 1}` +
        (index === count ? ` (Slurm array ids from 1? use ${name} slurm, or $((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN))/$SLURM_ARRAY_TASK_COUNT)` : ""),
    );
  }
  return { index, count };
}
