/**
 * `carom pack`: a jammed periodic packing by Lubachevsky–Stillinger growth (carom/science's
 * Packer), written as a version-1 scene with periodic bounds and bodies at rest.
 *
 *     carom pack --dimensions 2|3 --count N --radii r1[,r2,…] [--fractions f1,…] --seed S
 *                [--target-pressure P] [--growth-rate G] [--max-collisions N] [--quiet] -o scene.json
 */
import { Worker } from "node:worker_threads";
import type { PackOptions, PackResult } from "../exports/science.js";
import { decimalNumber, flagName, parseArgs, wantsHelp } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { checkOutputs } from "./output-check.js";
import { CliError, inputError } from "./cli-error.js";
import { Progress } from "./progress.js";
import type { PackMessage } from "./pack-worker.js";
import { interrupt, interruptExitCode, stopIfInterrupted } from "./simulate.js";
import { isStdio, messageStream } from "./stdio.js";

export const PACK_HELP = `usage: carom pack --dimensions 2|3 --count N --radii r1[,r2,...] --seed S -o scene.json [options]

A jammed periodic packing (Lubachevsky-Stillinger growth from a random dilute start), written
as a scene with periodic bounds and bodies at rest.

options:
  --dimensions D          2 (disks) or 3 (spheres)
  --count N               number of bodies: the box must end over 2.2 largest diameters wide,
                          so at least 6 disks or 16 spheres of one size (more with mixed radii)
  --radii LIST            radius of each size class, comma-separated
  --fractions LIST        number fraction of each class (default equal)
  --seed S                integer seed of the random start
  --target-pressure P     stop when the reduced pressure PV/NkT reaches P (default 1e6, at most 1e12)
  --growth-rate G         relative growth rate per unit time, 1e-6 to 1e30 (default 0.02; slower packs denser)
  --max-collisions N      give up after N collisions without a jam (default 2e9)
  -o, --output FILE       the scene file to write (- for standard output)
  -q, --quiet             no progress bar (drawn on stderr only when it is a terminal) and no summary
  -h, --help              this text

Monodisperse spheres jam near 0.64, 50:50 disks of radii 1:1.4 near 0.84. SIGINT, SIGTERM and
SIGHUP stop it without writing anything (exit codes 130, 143, 129).
`;

function numberList(raw: string, name: string): number[] {
  const parts = raw.split(",").map((p) => p.trim());
  return parts.map((p) => {
    const d = decimalNumber(p);
    const v = "value" in d ? d.value : NaN;
    if (!(v > 0 && v < Infinity)) throw inputError(`carom pack: --${name} must be positive numbers separated by commas, got ${JSON.stringify(raw)}`);
    return v;
  });
}

/** The Packer's option names (camelCase) as this command's flags. */
const PACKER_FLAGS: Readonly<Record<string, string>> = {
  dimensions: "--dimensions", count: "--count", radii: "--radii", fractions: "--fractions", seed: "--seed",
  targetPressure: "--target-pressure", growthRate: "--growth-rate", maxCollisions: "--max-collisions",
};

/**
 * A Packer error as the command's: the option names it uses (`growthRate must be in ...`,
 * `count 2 is too small ...`) become the flags (`--growth-rate must be in ...`): the camelCase
 * names anywhere, the one-word ones where the message starts with them.
 */
export function packerMessage(message: string): string {
  const text = message.replace(/^packJammed: /, "");
  const camel = text.replace(/\b(targetPressure|growthRate|maxCollisions)\b/g, (name: string) => PACKER_FLAGS[name]);
  return `carom pack: ${camel.replace(/^(dimensions|count|radii|fractions|seed)\b/, (name: string) => PACKER_FLAGS[name])}`;
}

/** The options of `carom pack` (node:util parseArgs, strict; numbers decimal only). */
export const PACK_OPTIONS = {
  dimensions: { kind: "number" },
  count: { kind: "number" },
  radii: { kind: "string" },
  fractions: { kind: "string" },
  seed: { kind: "number" },
  "target-pressure": { kind: "number" },
  "growth-rate": { kind: "number" },
  "max-collisions": { kind: "number" },
  quiet: { kind: "flag", short: "q" },
  output: { kind: "string", short: "o" },
} as const;

/** How often the main thread looks for a signal while the worker packs (ms). */
const SIGNAL_POLL_MS = 20;

/**
 * Runs the packing in a worker thread (pack-worker.ts), drawing the progress; a signal
 * terminates the worker at once and ends the command with the signal's exit code. The Packer's
 * RangeErrors (options it refuses, a run that cannot jam) are invalid input naming the flags.
 */
function packInWorker(options: PackOptions, progress: Progress): Promise<PackResult> {
  const logTarget = Math.log(options.targetPressure ?? 1e6);
  const worker = new Worker(new URL("./pack-worker.js", import.meta.url), { workerData: options });
  return new Promise<PackResult>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, result?: PackResult): void => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      progress.done();
      void worker.terminate();
      if (error === undefined) resolve(result as PackResult);
      else reject(error);
    };
    const poll = setInterval(() => {
      if (interrupt.requested) finish(new CliError("carom pack: interrupted; no output written", interruptExitCode()));
    }, SIGNAL_POLL_MS);
    worker.on("message", (m: PackMessage) => {
      if (m.kind === "progress") {
        progress.update(Math.max(0, Math.log(Math.max(1, m.pressure))) / logTarget, `phi ${m.packingFraction.toFixed(4)}, Z ${m.pressure.toExponential(1)}`);
      } else if (m.kind === "done") finish(undefined, m.result);
      else finish(m.range ? inputError(packerMessage(m.message)) : new Error(m.message));
    });
    worker.on("error", (e) => finish(e));
    worker.on("exit", (code) => finish(new Error(`the packing worker stopped (exit code ${code}) without a result`)));
  });
}

export async function pack(argv: string[], out: (s: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    out(PACK_HELP);
    return 0;
  }
  const args = parseArgs("pack", argv, PACK_OPTIONS);
  const { positional, values } = args;
  if (positional.length > 0) throw inputError(`carom pack: no positional arguments, got ${positional.join(" ")} (see carom pack --help)`);
  for (const required of ["dimensions", "count", "radii", "seed", "output"]) {
    if (values[required] === undefined) throw inputError(`carom pack: --${required} is required (see carom pack --help)`);
  }
  const dimensions = values.dimensions as number;
  if (dimensions !== 2 && dimensions !== 3) throw inputError(`carom pack: --dimensions must be 2 or 3, got ${dimensions}`);
  const count = values.count as number;
  if (!Number.isInteger(count)) throw inputError(`carom pack: --count must be an integer, got ${count}`);
  const radii = numberList(values.radii as string, "radii");
  const fractions = values.fractions === undefined ? undefined : numberList(values.fractions as string, "fractions");
  if (fractions !== undefined && fractions.length !== radii.length) throw inputError(`carom pack: --fractions needs one entry per radius (${radii.length}), got ${fractions.length}`);
  const seed = values.seed as number;
  if (!Number.isInteger(seed)) throw inputError(`carom pack: --seed must be an integer, got ${seed}`);
  const targetPressure = values["target-pressure"] as number | undefined;
  const growthRate = values["growth-rate"] as number | undefined;
  const maxCollisions = values["max-collisions"] as number | undefined;
  if (maxCollisions !== undefined && !(Number.isInteger(maxCollisions) && maxCollisions >= 1)) throw inputError(`carom pack: --max-collisions must be an integer >= 1, got ${maxCollisions}`);
  const output = values.output as string;
  checkOutputs("pack", [{ flag: flagName(args, "output"), path: output }]);
  // With the scene on standard output, the summary goes to standard error.
  const say = messageStream(out, [output]);

  const started = performance.now();
  const progress = new Progress(Progress.wanted(values.quiet === true), "packing");
  const result = await packInWorker({ dimensions, count, radii, fractions, seed, targetPressure, growthRate, maxCollisions }, progress);
  await stopIfInterrupted("pack");
  const d = result.dimensions;
  const bodies: string[] = [];
  const zero = d === 3 ? "[0, 0, 0]" : "[0, 0]";
  for (let i = 0; i < count; i++) {
    const p = Array.from(result.positions.subarray(d * i, d * i + d)).join(", ");
    bodies.push(`    { "id": "${i}", "position": [${p}], "velocity": ${zero}, "radius": ${result.radii[i]} }`);
  }
  const side = result.box[0];
  const text = `{
  "carom": 1,
  "dimensions": ${d},
  "description": "jammed periodic packing of ${count} ${d === 3 ? "spheres" : "disks"} by carom pack (seed ${seed}): packing fraction ${result.packingFraction}, reduced pressure ${result.pressure}",
  "restitution": 1,
  "gravity": ${zero},
  "bounds": { "min": ${zero}, "max": [${Array<number>(d).fill(side).join(", ")}], "periodic": true },
  "bodies": [
${bodies.join(",\n")}
  ]
}
`;
  writeFileAtomic(output, text);
  const seconds = (performance.now() - started) / 1000;
  if (values.quiet !== true) say(`packed ${count} ${d === 3 ? "spheres" : "disks"}: packing fraction ${result.packingFraction.toFixed(4)}, reduced pressure ${result.pressure.toExponential(2)}, ${result.collisions} collisions in ${seconds.toFixed(1)} s, largest overlap ${result.maxOverlap} of a radius -> ${isStdio(output) ? "standard output" : output}\n`);
  return 0;
}
