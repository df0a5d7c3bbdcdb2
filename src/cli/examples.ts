/**
 * `carom examples [folder] [--force] [--quiet]`: copies the examples that ship with the package
 * into a folder (default `examples`), laid out as in the package, so that the README's commands
 * (`carom run examples/gas.json`, `carom sweep examples/eos-sweep.json`, `carom pool
 * examples/pool/three-cushion.json`) and editing them work from a user's own project: the
 * scenes (those too large to ship are written by their builders), the sweeps (NAME-sweep.json)
 * and the pool shots (pool/NAME.json). Each file's `$schema` is pointed at the package's schema
 * (the scene's or the sweep's) as seen from the new folder. A file that exists with other
 * content is left alone (exit code 2, naming it) unless --force is given.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";
import { PACKAGED_EXAMPLES, packagedExampleText, packagedExamples, packagedSweeps } from "./scene-file.js";
import { stopIfInterrupted } from "./simulate.js";
import { isStdio } from "./stdio.js";

export const EXAMPLES_OPTIONS = {
  force: { kind: "flag" },
  quiet: { kind: "flag", short: "q" },
} as const;

/** The package's schemas (dist/scene.schema.json, dist/sweep.schema.json). */
const SCENE_SCHEMA = fileURLToPath(new URL("../../dist/scene.schema.json", import.meta.url));
const SWEEP_SCHEMA = fileURLToPath(new URL("../../dist/sweep.schema.json", import.meta.url));

/** The example's text with its `$schema` (if it has one) pointing at `schema` from the file's folder. */
function withSchema(text: string, folder: string, schema: string): string {
  const rel = relative(folder, schema).split("\\").join("/");
  return text.replace(/^(\s*"\$schema":\s*)"[^"\n]*"/m, (_, head: string) => `${head}${JSON.stringify(rel.startsWith(".") ? rel : `./${rel}`)}`);
}

/** The pool shots that ship in examples/pool/ ("draw-shot", ...), sorted. */
function packagedPoolShots(): string[] {
  try {
    return readdirSync(join(PACKAGED_EXAMPLES, "pool")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
  } catch {
    return [];
  }
}

/** One file to write: its path below the folder ("gas.json", "pool/draw-shot.json") and its text. */
interface ExampleFile {
  name: string;
  path: string;
  text: string;
}

/** Every example the package has, as the files to write into `folder`: scenes, sweeps, pool shots. */
function exampleFiles(folder: string): { scenes: ExampleFile[]; sweeps: ExampleFile[]; shots: ExampleFile[] } {
  const file = (name: string, text: string): ExampleFile => ({ name, path: join(folder, name), text });
  return {
    scenes: packagedExamples().map((n) => file(`${n}.json`, withSchema(packagedExampleText(n), folder, SCENE_SCHEMA))),
    sweeps: packagedSweeps().map((n) => file(`${n}.json`, withSchema(readFileSync(join(PACKAGED_EXAMPLES, `${n}.json`), "utf8"), folder, SWEEP_SCHEMA))),
    // (a shot file has no $schema: its schema ships inside the CLI, `carom pool --schema`)
    shots: packagedPoolShots().map((n) => file(`pool/${n}.json`, readFileSync(join(PACKAGED_EXAMPLES, "pool", `${n}.json`), "utf8"))),
  };
}

/** "7 scenes", "1 sweep". */
const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

export async function examples(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("examples", argv, EXAMPLES_OPTIONS);
  if (positional.length > 1) throw inputError(`carom examples: one folder at a time, got ${positional.join(" ")}`);
  const folder = positional[0] ?? "examples";
  if (isStdio(folder)) throw inputError(`carom examples: "-" would be standard output, but examples writes a folder of files; name the folder (./- for one called -)`);
  const { scenes, sweeps, shots } = exampleFiles(folder);
  if (scenes.length === 0) throw inputError(`carom examples: no example scenes found in ${PACKAGED_EXAMPLES}`);
  const targets = [...scenes, ...sweeps, ...shots];
  checkOutputs("examples", targets.map((t) => ({ flag: "", path: t.path })));
  const clashes = targets.filter((t) => existsSync(t.path) && readFileSync(t.path, "utf8") !== t.text);
  if (clashes.length > 0 && values.force !== true) {
    throw inputError(`carom examples: ${clashes.map((t) => t.path).join(", ")} already exist${clashes.length === 1 ? "s" : ""} with other content; nothing written (--force replaces them)`);
  }
  await stopIfInterrupted("examples");
  for (const t of targets) writeFileAtomic(t.path, t.text);
  if (values.quiet !== true) {
    const groups = [[count(scenes.length, "scene"), scenes], [count(sweeps.length, "sweep"), sweeps], [count(shots.length, "pool shot"), shots]] as const;
    stdout(`carom examples: wrote ${targets.length} files to ${folder}/:\n`);
    for (const [what, files] of groups) if (files.length > 0) stdout(`  ${what}: ${files.map((f) => f.name).join(", ")}\n`);
    const first = scenes.some((f) => f.name === "gas.json") ? "gas.json" : scenes[0].name;
    stdout(`  try: carom run ${join(folder, first)} --events events.ndjson\n`);
    const shot = shots.find((f) => f.name === "pool/nine-ball-break.json") ?? shots[0];
    if (shot !== undefined) stdout(`       carom pool ${join(folder, shot.name)} --render shot.svg\n`);
    if (sweeps.length > 0) stdout(`       carom sweep ${join(folder, sweeps[0].name)} -o ${sweeps[0].name.replace(/\.json$/, ".ndjson")}\n`);
  }
  return 0;
}
