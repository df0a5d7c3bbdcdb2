/**
 * `carom lattice`: a fluid start for molecular dynamics (carom/science's fluidStart), written as
 * a version-1 scene with periodic bounds: bodies on a lattice at the packing fraction, melted by
 * an elastic run, with Maxwell–Boltzmann velocities of zero total momentum at exactly kT.
 *
 *     carom lattice --dimensions 2|3 --count N --packing-fraction φ [--temperature kT] --seed S
 *                   [--radii r1[,r2,…] [--fractions f1,…] [--masses m1,…]] [--melt C]
 *                   [--duration T] [--quiet] -o scene.json
 */
import { fluidStart } from "../exports/science.js";
import { decimalNumber, parseArgs, wantsHelp } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";

export const LATTICE_HELP = `usage: carom lattice --dimensions 2|3 --count N --packing-fraction PHI --seed S -o scene.json [options]

A fluid start for molecular dynamics: a lattice in a periodic box at the packing fraction,
melted by an elastic run, with Maxwell-Boltzmann velocities of zero total momentum at exactly
kT, written as a scene with periodic bounds.

options:
  --dimensions D          2 (disks) or 3 (spheres)
  --count N               number of bodies (1 to 4194304)
  --packing-fraction PHI  fraction of the box the bodies fill, in (0, 1) (the box side follows)
  --temperature KT        kT of the velocities (default 1), exactly so after the melt
  --seed S                integer seed of the sizes' order, the velocities and the melt
  --radii LIST            radius of each size class, comma-separated (default 0.5: unit diameter)
  --fractions LIST        number fraction of each class (default equal)
  --masses LIST           mass of each class (default 1)
  --melt C                collisions per body of the elastic run that melts the lattice
                          (default 20; 0 keeps the lattice); a lattice too tight for the sizes
                          is filled with smaller bodies that grow to size first
  --duration T            the scene's "duration" for carom run (default 10)
  -o, --output FILE       the scene file to write
  -q, --quiet             no summary line
  -h, --help              this text

Then carom run scene.json --observe pressure,temperature,rate,msd prints Z, kT, the collision
rate and D with their errors (block averages), for example:
  carom lattice --dimensions 3 --count 4000 --packing-fraction 0.35 --seed 1 -o fluid.json
  carom run fluid.json --duration 40 --observe pressure,temperature,rate
`;

export const LATTICE_OPTIONS = {
  dimensions: { kind: "number" },
  count: { kind: "number" },
  "packing-fraction": { kind: "number" },
  temperature: { kind: "number" },
  seed: { kind: "number" },
  radii: { kind: "string" },
  fractions: { kind: "string" },
  masses: { kind: "string" },
  melt: { kind: "number" },
  duration: { kind: "number" },
  quiet: { kind: "flag", short: "q" },
  output: { kind: "string", short: "o" },
} as const;

/** "0.5,0.7" as positive numbers; an input error naming the flag otherwise. */
function numberList(raw: string, name: string): number[] {
  return raw.split(",").map((p) => {
    const d = decimalNumber(p.trim());
    const v = "value" in d ? d.value : NaN;
    if (!(v > 0 && v < Infinity)) throw inputError(`carom lattice: --${name} must be positive numbers separated by commas, got ${JSON.stringify(raw)}`);
    return v;
  });
}

/** The option names of fluidStart as the flags the user wrote (for its messages). */
const FLAG_OF: Record<string, string> = { packingFraction: "--packing-fraction", count: "--count", dimensions: "--dimensions", temperature: "--temperature", seed: "--seed", radii: "--radii", fractions: "--fractions", masses: "--masses", melt: "--melt" };

export async function lattice(argv: string[], out: (s: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    out(LATTICE_HELP);
    return 0;
  }
  const { positional, values } = parseArgs("lattice", argv, LATTICE_OPTIONS);
  if (positional.length > 0) throw inputError(`carom lattice: no positional arguments, got ${positional.join(" ")} (see carom lattice --help)`);
  for (const required of ["dimensions", "count", "packing-fraction", "seed", "output"]) {
    if (values[required] === undefined) throw inputError(`carom lattice: --${required} is required (see carom lattice --help)`);
  }
  const dimensions = values.dimensions as number;
  if (dimensions !== 2 && dimensions !== 3) throw inputError(`carom lattice: --dimensions must be 2 or 3, got ${dimensions}`);
  const count = values.count as number;
  if (!(Number.isInteger(count) && count >= 1)) throw inputError(`carom lattice: --count must be an integer >= 1, got ${count}`);
  const seed = values.seed as number;
  if (!Number.isInteger(seed)) throw inputError(`carom lattice: --seed must be an integer, got ${seed}`);
  const radii = values.radii === undefined ? undefined : numberList(values.radii as string, "radii");
  const fractions = values.fractions === undefined ? undefined : numberList(values.fractions as string, "fractions");
  const masses = values.masses === undefined ? undefined : numberList(values.masses as string, "masses");
  const classes = radii?.length ?? 1;
  for (const [name, list] of [["fractions", fractions], ["masses", masses]] as const) {
    if (list !== undefined && list.length !== classes) throw inputError(`carom lattice: --${name} needs one entry per radius (${classes}), got ${list.length}`);
  }
  const duration = (values.duration as number | undefined) ?? 10;
  if (!(duration >= 0)) throw inputError(`carom lattice: --duration must be >= 0, got ${duration}`);
  const output = values.output as string;
  checkOutputs("lattice", [{ flag: "--output", path: output }]);
  const started = performance.now();
  let start;
  try {
    start = fluidStart({
      dimensions,
      count,
      packingFraction: values["packing-fraction"] as number,
      seed,
      ...(values.temperature === undefined ? {} : { temperature: values.temperature as number }),
      ...(radii === undefined ? {} : { radii }),
      ...(fractions === undefined ? {} : { fractions }),
      ...(masses === undefined ? {} : { masses }),
      ...(values.melt === undefined ? {} : { melt: values.melt as number }),
    });
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`carom lattice: ${e.message.replace(/^(\w+)(\[\d+\])?(?= )/, (m, name: string, index: string | undefined) => (FLAG_OF[name] === undefined ? m : `${FLAG_OF[name]}${index ?? ""}`))}`);
    throw e;
  }
  const d = dimensions;
  const kT = (values.temperature as number | undefined) ?? 1;
  const phi = values["packing-fraction"] as number;
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = Array.from(start.positions.subarray(d * i, d * i + d)).join(", ");
    const v = Array.from(start.velocities.subarray(d * i, d * i + d)).join(", ");
    bodies.push(`    { "id": "${i}", "position": [${p}], "velocity": [${v}], "radius": ${start.radii[i]}, "mass": ${start.masses[i]} }`);
  }
  const zero = d === 3 ? "[0, 0, 0]" : "[0, 0]";
  const melt = (values.melt as number | undefined) ?? 20;
  const text = `{
  "carom": 1,
  "dimensions": ${d},
  "description": "fluid of ${count} ${d === 3 ? "spheres" : "disks"} by carom lattice (seed ${seed}): packing fraction ${phi}, kT ${kT}, a lattice melted by ${melt} collisions per body",
  "duration": ${duration},
  "restitution": 1,
  "gravity": ${zero},
  "bounds": { "min": ${zero}, "max": [${start.box.join(", ")}], "periodic": true },
  "bodies": [
${bodies.join(",\n")}
  ]
}
`;
  writeFileAtomic(output, text);
  if (values.quiet !== true) {
    const seconds = (performance.now() - started) / 1000;
    out(`carom lattice: ${count} ${d === 3 ? "spheres" : "disks"} at packing fraction ${phi}, kT ${kT}, box side ${start.box[0]}, melted by ${melt} collisions per body in ${seconds.toFixed(1)} s -> ${output}\n`);
  }
  return 0;
}
